//! Shock Commitment (R 8.41, L1022-1034; Assault step G, R 8.22G, L912). Every unengaged
//! Infantry or Light Cavalry unit designated to Shock rolls one die against its Commitment Rating
//! (Light Cavalry: its Cohesion Rating, L48, L1024): at or under it, the unit must Shock; over it,
//! the unit may not, and its Assault/Charge marker comes off (L912).
//!
//! - Heavy Cavalry never rolls (L1028), nor do units whose attack involves only Engaged units
//!   (L1026): both are refused with the rule, as is artillery (which cannot Shock, L50) and a D-2
//!   or Routed unit (which may never Assault, L933).
//! - The Combat Leader's Commitment Points raise the rating by one each, if the unit is within his
//!   Command Range at that instant; he spends at most his printed Commitment Points in a turn
//!   (L1030). The record keeps the points each leader spent this turn (a counter "Commitment
//!   Points spent: <leader>" that lasts the turn); a form naming a leader on the record is refused
//!   points beyond those he has left.
//! - Infantry attacking cavalry adds 3 to the die, whatever the cavalry's state (L1032).
//!
//! Readings taken:
//! - A natural 0: Commitment is not a Cohesion Check (L115; digest, Corrections "Natural 0"), so
//!   by default a 0 lifted over the rating by the +3 fails; the `natural_zero` house rule passes it.
//! - Wellington uses his Command Points as Commitment Points when acting as a Combat Leader (L415)
//!   and Uxbridge his Orders Point (L377): the players enter those as the leader's Commitment Points
//!   on the record; whether they share a budget with the Initiative and LIMs is not stated (digest
//!   §3.18), so this procedure keeps its own count.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, DISORDER, Piece, SIDE, TYPE};
use super::options::{self, NATURAL_ZERO};
use super::roster::{self, attribute};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "Shock Commitment, R 8.41, L1022-1034";
const POINTS_RULE: &str = "Commitment Points, R 8.41D, L1030";
const CAVALRY_RULE: &str = "Infantry shocking cavalry, R 8.41E, L1032";
const FAIL_RULE: &str = "Shock Commitment Die Roll Step, R 8.22G, L912";

/// The counter of the Commitment Points a leader spent this turn.
pub fn spent_counter(leader: &str) -> String {
    format!("Commitment Points spent: {}", leader.trim())
}

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit designated to Shock", RULE),
    TYPE,
    DISORDER,
    forms::rating(
        "commitment",
        "Commitment Rating",
        "Commitment, R 8.41A, L1024",
    ),
    forms::COHESION,
    Field {
        id: "attacks_cavalry",
        label: "Infantry attacking a cavalry unit",
        group: "Situation",
        kind: FieldKind::Flag,
        rule: CAVALRY_RULE,
        help: "+3 to the die, whatever the cavalry's state, Disordered or even Routed.",
    },
    Field {
        id: "all_engaged",
        label: "Every attacking unit of this Shock is Engaged",
        group: "Situation",
        kind: FieldKind::Flag,
        rule: "R 8.41B, L1026",
        help: "Then no Commitment Check is needed.",
    },
    forms::leader(
        "leader",
        "Combat Leader giving Commitment Points",
        POINTS_RULE,
        "Pick him from the record to fill in his Commitment Points; leave blank if he gives none.",
    ),
    Field {
        id: "points",
        label: "Commitment Points given",
        group: "Leaders",
        kind: FieldKind::Count { max: 9 },
        rule: POINTS_RULE,
        help: "+1 to the Commitment Rating each.",
    },
    Field {
        id: "in_range",
        label: "The unit is within his Command Range",
        group: "Leaders",
        kind: FieldKind::Flag,
        rule: POINTS_RULE,
        help: "At the instant it wishes to Shock.",
    },
    Field {
        id: "leader_points",
        label: "His Commitment Points a turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: POINTS_RULE,
        help: "Filled in from the record.",
    },
    Field {
        id: "leader_spent",
        label: "Commitment Points he spent this turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: POINTS_RULE,
        help: "Filled in from the record.",
    },
    options::on_form(NATURAL_ZERO),
];

fn infantry(input: &Input) -> bool {
    input.text("type") == "infantry"
}

fn light_cavalry(input: &Input) -> bool {
    input.text("type") == "light_cavalry"
}

/// The rating rolled against, before Commitment Points: Light Cavalry uses its Cohesion (L1024).
fn base_rating(input: &Input) -> i32 {
    if light_cavalry(input) {
        input.number("cohesion")
    } else {
        input.number("commitment")
    }
}

/// The modifiers of the die (the +3 against cavalry).
fn roll_modifiers(input: &Input) -> Vec<Modifier> {
    if infantry(input) && input.flag("attacks_cavalry") {
        vec![Modifier::new(
            "Unit",
            "Infantry attacking cavalry",
            3,
            CAVALRY_RULE,
        )]
    } else {
        Vec::new()
    }
}

/// The Commitment Points, shown as a modifier of the rating.
fn rating_modifiers(input: &Input) -> Vec<Modifier> {
    let points = input.number("points");
    if points > 0 {
        vec![Modifier::new(
            "Commitment Rating",
            format!("{points} Commitment Point(s), +1 each to the rating"),
            points,
            POINTS_RULE,
        )]
    } else {
        Vec::new()
    }
}

/// Fills in the leader's Commitment Points and those he spent this turn.
fn follow_leader(input: &mut Input, record: &Record) {
    let name = input.text("leader").trim().to_string();
    let (points, spent) = forms::budget(
        record,
        input.text("side"),
        &name,
        attribute::COMMITMENT_POINTS,
        &spent_counter(&name),
    );
    input.set("leader_points", Value::Number(points));
    input.set("leader_spent", Value::Number(spent));
}

pub struct Commitment;

impl Procedure for Commitment {
    fn about(&self) -> &About {
        &About {
            id: "commitment",
            title: "Shock Commitment",
            rule: RULE,
            summary: "An Infantry or Light Cavalry unit designated to Shock rolls against its Commitment Rating (Light Cavalry: Cohesion), +1 per Commitment Point of its Combat Leader; at or under it, it must Shock.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["unit", "attacks_cavalry", "leader", "points", "in_range"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "attacks_cavalry" => infantry(input),
            "commitment" => !light_cavalry(input),
            "cohesion" => light_cavalry(input),
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        match changed {
            "unit" => forms::follow_unit(
                input,
                record,
                "unit",
                &[
                    ("commitment", attribute::COMMITMENT),
                    ("cohesion", attribute::COHESION),
                ],
            ),
            "leader" => follow_leader(input, record),
            _ => {}
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        match input.text("type") {
            "heavy_cavalry" => {
                return Err(InputError::new(
                    "type",
                    "Heavy Cavalry never makes a Commitment Check: it Shocks (R 8.41C, L1028)",
                ));
            }
            "artillery" => {
                return Err(InputError::new(
                    "type",
                    "artillery cannot Shock (R 2.2.1, L50)",
                ));
            }
            _ => {}
        }
        if matches!(input.text("disorder"), "D-2" | "routed") {
            return Err(InputError::new(
                "disorder",
                "D-2 and Routed units may never Assault (R 8.23, L933)",
            ));
        }
        if input.flag("all_engaged") {
            return Err(InputError::new(
                "all_engaged",
                "no Commitment Check is needed when the attacking units are all Engaged: they Shock (R 8.41B, L1026)",
            ));
        }
        if input.flag("attacks_cavalry") && !infantry(input) {
            return Err(InputError::new(
                "attacks_cavalry",
                "the +3 is for infantry attacking cavalry (L1032)",
            ));
        }
        let points = input.number("points");
        if points > 0 {
            if input.text("leader").trim().is_empty() {
                return Err(InputError::new(
                    "leader",
                    "name the Combat Leader whose Commitment Points are given (L1030)",
                ));
            }
            if !input.flag("in_range") {
                return Err(InputError::new(
                    "in_range",
                    "Commitment Points go only to a unit within its Combat Leader's Command Range at that instant (L1030)",
                ));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("leader").trim();
        let Some(leader) = roster::named(record, input.text("side"), name) else {
            return Ok(());
        };
        let spent = record
            .counters
            .get(spent_counter(name).as_str())
            .copied()
            .unwrap_or(0);
        if i64::from(input.number("leader_spent")) != spent {
            return Err(InputError::new(
                "leader_spent",
                format!(
                    "the record has {name} spending {spent} this turn: open the form again to fill this in"
                ),
            ));
        }
        if let Some(budget) = roster::number(leader, attribute::COMMITMENT_POINTS) {
            let left = (budget - spent).max(0);
            if i64::from(input.number("points")) > left {
                return Err(InputError::new(
                    "points",
                    format!(
                        "{name} has {left} of his {budget} Commitment Points left this turn (L1030)"
                    ),
                ));
            }
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = rating_modifiers(input);
        modifiers.extend(roll_modifiers(input));
        modifiers
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Commitment die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let zero = ZeroPasses::from_setting(input.text(NATURAL_ZERO.id));
        let points = input.number("points");
        let rating = base_rating(input) + points;
        let on_die = roll_modifiers(input);
        let tested = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            rating,
            &on_die,
            TestKind::Other,
            zero,
        );
        let called = Piece::of(input, None, "unit").called();
        let leader = input.text("leader").trim();
        let mut effects = Vec::new();
        if points > 0 && !leader.is_empty() {
            let spent = input.number("leader_spent") + points;
            effects.push(Effect::SetCounter {
                name: spent_counter(leader).as_str().into(),
                value: i64::from(spent),
                rule: POINTS_RULE.into(),
                lasts: Lasts::Turn,
            });
            let budget = input.number("leader_points");
            if budget > 0 {
                effects.push(Effect::reminder(
                    &format!(
                        "{leader} has {} of his {budget} Commitment Points left this turn",
                        (budget - spent).max(0)
                    ),
                    POINTS_RULE,
                ));
            }
        }
        let rated = if light_cavalry(input) {
            "Cohesion"
        } else {
            "Commitment Rating"
        };
        let (key, rank, headline) = if tested.passed {
            effects.push(Effect::reminder(
                &format!("{called} must Shock attack"),
                "R 8.41A, L1024",
            ));
            let how = if tested.by_natural_zero {
                " (a natural 0: setting)"
            } else {
                ""
            };
            (
                "shock",
                0,
                format!(
                    "{called} commits: it must Shock ({}, {rated}){how}",
                    tested.describe()
                ),
            )
        } else {
            effects.push(Effect::reminder(
                &format!("{called} may not Shock attack: remove its Assault or Charge marker"),
                FAIL_RULE,
            ));
            if light_cavalry(input) {
                effects.push(Effect::reminder(
                    "A charging cavalry unit that fails its Commitment roll: no automatic elimination of Routed infantry, and no Automatic Disorder without a Shock",
                    "R 8.66D, L1214-1216; R 8.67B, L1230",
                ));
            }
            (
                "no shock",
                1,
                format!("{called} may not Shock ({}, {rated})", tested.describe()),
            )
        };
        let mut modifiers = rating_modifiers(input);
        modifiers.extend(on_die);
        Ok(Resolution {
            modifiers,
            totals: vec![tested.total("Unit")],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline,
            },
            effects,
        })
    }
}
