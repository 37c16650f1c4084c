//! The entrance of the Prussian army (L638-642, L662-668), from turn VIII of every scenario but
//! the short one (L1076). At the start of each turn until it succeeds, the Prussian player rolls 1 die; on a
//! success Blücher and Bülow deploy with the IV Corps touching entrance section III. Pirch's II
//! Corps follows at the start of the next turn (section II) and Ziethen's I Corps the turn after
//! (section I), without a roll. The first Prussian Units on the battlefield end the French maneuver
//! limit (L582) and bring Initiative marker 2 into use (L283, L658).
//!
//! Readings taken:
//! - The faces of the first try were lost from the text (L640): the setting
//!   `options::PRUSSIAN_ENTRY` gives them. Each failed try widens them by one face, "lowering the
//!   valid result by 1" (L640), until no roll is needed.
//! - Pirch's and Ziethen's Formations take green markers as Bülow's do: they deploy "in the same
//!   way" (L642), "similarly" (L666).
//! - The record keeps the failed tries on Blücher's entry and the turn each commander arrived on
//!   his own entry: counters last only one step of the sequence.

use super::generals::{next_try, roll_text};
use super::roster::{self, BLUCHER, attribute, kind, state};
use super::{SEQUENCE, options, scenario_rules};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

const PRUSSIANS: &str = "prussian";
const BULOW: &str = "Bülow";

/// Failed entrance rolls, kept on Blücher's entry.
const ENTRANCE_TRIES: &str = "entrance rolls failed";
/// The turn a Prussian commander came onto the battlefield.
const ARRIVED_ON_TURN: &str = "arrived on turn";

/// Whether the Prussian General of Army Corps `corps` came onto the battlefield on the turn being
/// played: its Formations then deploy with a green marker (L664).
pub fn corps_entered_this_turn(record: &Record, corps: &str) -> bool {
    let turn = i32::try_from(record.position.turn).unwrap_or(0);
    STAGES
        .iter()
        .find(|stage| stage.corps == corps)
        .is_some_and(|stage| {
            roster::number_of(record, PRUSSIANS, stage.general, ARRIVED_ON_TURN) == turn
        })
}

/// The mark on the record once Prussian Units are deployed (L582).
pub const MANEUVER_LIMIT_OVER: &str =
    "The Prussians are on the battlefield: the French maneuver limit is over";

/// The Prussians roll from turn VIII (L634, L640).
const FIRST_TURN: i32 = 8;

const RULE: &str = "Entrance of the black army, L638-642; Executing the entrance, L662-668";

/// One Army Corps's entrance.
struct Stage {
    corps: &'static str,
    general: &'static str,
    section: &'static str,
    /// The General whose corps must have entered on an earlier turn; none for the IV Corps, which
    /// rolls instead.
    after: Option<&'static str>,
    rule: &'static str,
}

const STAGES: &[Stage; 3] = &[
    Stage {
        corps: "IV",
        general: BULOW,
        section: "III",
        after: None,
        rule: "Entrance, L640-642; Executing the entrance, L664",
    },
    Stage {
        corps: "II",
        general: "Pirch",
        section: "II",
        after: Some(BULOW),
        rule: "Entrance, L642; Executing the entrance, L666",
    },
    Stage {
        corps: "I",
        general: "Ziethen",
        section: "I",
        after: Some("Pirch"),
        rule: "Entrance, L642; Executing the entrance, L668",
    },
];

fn stage(corps: &str) -> &'static Stage {
    STAGES
        .iter()
        .find(|s| s.corps == corps)
        .unwrap_or(&STAGES[0])
}

/// Whether a Prussian commander has yet to come onto the battlefield.
fn waiting(record: &Record, general: &str) -> bool {
    record
        .unit(PRUSSIANS, general)
        .is_some_and(|u| u.state.as_ref() == state::NOT_ARRIVED)
}

fn record_turn(record: &Record) -> i32 {
    i32::try_from(record.position.turn).unwrap_or(0)
}

/// The corps whose entrance is due where play stands, if any.
fn due(record: &Record) -> Option<&'static Stage> {
    let turn = record_turn(record);
    STAGES.iter().find(|s| {
        waiting(record, s.general)
            && s.after.is_none_or(|before| {
                !waiting(record, before)
                    && roster::number_of(record, PRUSSIANS, before, ARRIVED_ON_TURN) < turn
            })
    })
}

/// The Prussian Units of `corps` the record holds as not yet arrived.
fn waiting_units(record: &Record, corps: &str) -> Vec<Symbol> {
    record
        .units_where(
            Some(PRUSSIANS),
            &[
                (attribute::KIND, kind::UNIT),
                (attribute::CORPS, corps),
                ("state", state::NOT_ARRIVED),
            ],
        )
        .map(|(_, name, _)| Symbol::new(name))
        .collect()
}

/// "VIII" for turn 8.
fn numeral(turn: i32) -> &'static str {
    usize::try_from(turn - 1)
        .ok()
        .and_then(|i| SEQUENCE.turn_names.get(i))
        .and_then(|name| name.split(',').next())
        .unwrap_or("?")
}

/// The lowest face that brings the Prussians in on this try.
fn needs(input: &Input) -> i32 {
    // The setting's choices are all faces.
    let first: i32 = input.text(options::PRUSSIAN_ENTRY.id).parse().unwrap_or(6);
    first - input.number("tries_failed")
}

const FIELDS: &[Field] = &[
    Field {
        id: "corps",
        label: "Entering",
        group: "Entrance",
        kind: FieldKind::Choice(&[
            ("IV", "Blücher and Bülow's IV Corps, after a roll"),
            ("II", "Pirch's II Corps, the turn after"),
            ("I", "Ziethen's I Corps, the turn after that"),
        ]),
        rule: "Entrance, L642",
        help: "Filled in with the corps due. Only the IV Corps rolls.",
    },
    Field {
        id: "turn",
        label: "Turn",
        group: "Entrance",
        kind: FieldKind::Number { min: 1, max: 19 },
        rule: "Turn sequence, L634; Entrance, L640",
        help: "From turn VIII. Filled in from the record.",
    },
    options::on_form(options::PRUSSIAN_ENTRY),
    Field {
        id: "tries_failed",
        label: "Entrance rolls failed so far",
        group: "Entrance",
        kind: FieldKind::Count { max: 5 },
        rule: "Entrance, L640",
        help: "Each failure widens the next try by one face. Filled in from the record.",
    },
    Field {
        id: "units",
        label: "The corps's Units on the record",
        group: "Entrance",
        kind: FieldKind::Units {
            of: UnitOf::Any,
            only: &[(attribute::KIND, kind::UNIT), ("state", state::NOT_ARRIVED)],
        },
        rule: "Executing the entrance, L664-668",
        help: "Its Units the record holds as not yet arrived: they go onto the battlefield with it. Filled in from the record.",
    },
];

pub struct PrussianEntrance;

impl Procedure for PrussianEntrance {
    fn about(&self) -> &About {
        &About {
            id: "prussian-entrance",
            title: "Prussian entrance",
            rule: RULE,
            summary: "From turn VIII the Prussians roll 1 die at the start of each turn to enter, one face easier at each try. Blücher and Bülow's IV Corps enter first; Pirch's II Corps the next turn, Ziethen's I Corps the turn after.",
            fields: FIELDS,
        }
    }
    /// The historical scenario, from turn VIII, while a corps is due.
    fn applies(&self, record: &Record) -> bool {
        !scenario_rules(&record.scenario).no_prussians
            && record_turn(record) >= FIRST_TURN
            && due(record).is_some()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &options::PRUSSIAN_ENTRY);
        let corps = due(record).unwrap_or(&STAGES[0]).corps;
        input.set("corps", Value::Text(corps.into()));
        input.set(
            "turn",
            Value::Number(i64::from(record_turn(record).clamp(1, 19))),
        );
        let failed = roster::number_of(record, PRUSSIANS, BLUCHER, ENTRANCE_TRIES);
        input.set("tries_failed", Value::Number(i64::from(failed.clamp(0, 5))));
        input.set("units", Value::List(waiting_units(record, corps)));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "corps" {
            let units = waiting_units(record, input.text("corps"));
            input.set("units", Value::List(units));
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        PRUSSIANS.into()
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("turn") < FIRST_TURN {
            return Err(InputError::new(
                "turn",
                "the Prussians roll to enter from turn VIII (L634, L640)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if scenario_rules(&record.scenario).no_prussians {
            return Err(InputError::new(
                "corps",
                "in the short scenario the Prussians never arrive (L1076)",
            ));
        }
        let turn = record_turn(record);
        if input.number("turn") != turn {
            return Err(InputError::new(
                "turn",
                format!("play stands at turn {}", numeral(turn)),
            ));
        }
        let stage = stage(input.text("corps"));
        if !waiting(record, stage.general) {
            return Err(InputError::new(
                "corps",
                format!(
                    "{} and the {} Corps have already entered",
                    stage.general, stage.corps
                ),
            ));
        }
        if let Some(before) = stage.after {
            if waiting(record, before) {
                return Err(InputError::new(
                    "corps",
                    format!(
                        "{} enters the turn after {before}, who has not entered yet (L642)",
                        stage.general
                    ),
                ));
            }
            if roster::number_of(record, PRUSSIANS, before, ARRIVED_ON_TURN) >= turn {
                return Err(InputError::new(
                    "corps",
                    format!(
                        "{} enters at the start of the turn after {before}'s entrance (L642)",
                        stage.general
                    ),
                ));
            }
        } else {
            let failed = roster::number_of(record, PRUSSIANS, BLUCHER, ENTRANCE_TRIES);
            if input.number("tries_failed") != failed {
                return Err(InputError::new(
                    "tries_failed",
                    format!("the record counts {failed} failed entrance rolls"),
                ));
            }
        }
        let waiting = waiting_units(record, stage.corps);
        if let Some(name) = input.list("units").iter().find(|n| !waiting.contains(n)) {
            return Err(InputError::new(
                "units",
                format!(
                    "{name} is not a Prussian Unit of the {} Corps waiting to enter",
                    stage.corps
                ),
            ));
        }
        Ok(())
    }
    /// Only the IV Corps rolls, and not once any face would do.
    fn dice(&self, input: &Input) -> DiceSpec {
        if input.text("corps") == STAGES[0].corps && needs(input) > 1 {
            DiceSpec::new(&[("Die", Die::D6)])
        } else {
            DiceSpec::default()
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let stage = stage(input.text("corps"));
        let needs = needs(input);
        let face = faces.first().map(|f| i32::from(*f));
        let roll = if stage.after.is_none() {
            format!(" ({})", roll_text(face, needs))
        } else {
            String::new()
        };
        let (key, rank, headline, effects) = if face.is_none_or(|f| f >= needs) {
            let (headline, effects) = entrance(input, stage);
            ("Enters", 0, headline, effects)
        } else {
            let failed = input.number("tries_failed") + 1;
            let effects = vec![
                Effect::set_attribute(PRUSSIANS, BLUCHER, ENTRANCE_TRIES, failed, "Entrance, L640"),
                Effect::reminder(
                    &format!(
                        "The Prussians try again at the start of next turn: {}",
                        next_try(needs)
                    ),
                    "Entrance, L640",
                ),
            ];
            (
                "Does not enter",
                1,
                "The Prussians do not enter this turn".to_string(),
                effects,
            )
        };
        Ok(Resolution {
            outcome: Outcome {
                key: key.into(),
                rank,
                headline: format!("{headline}{roll}"),
            },
            totals: face
                .map(|f| SideTotal {
                    side: "Prussian entrance".into(),
                    die: Some(f),
                    modifiers: 0,
                    total: f,
                })
                .into_iter()
                .collect(),
            modifiers: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects,
        })
    }
}

/// A corps's entrance: its commanders and Units onto the battlefield, and what the players do.
fn entrance(input: &Input, stage: &Stage) -> (String, Vec<Effect>) {
    arrival(input.number("turn"), input.list("units"), stage)
}

/// The three-player scenarios start on turn VIII with the IV Corps's entrance made "as described
/// in the rules" (L1086): Pirch's and Ziethen's corps then follow as after any entrance.
pub fn deployed_at_start() -> Vec<Effect> {
    arrival(FIRST_TURN, &[], &STAGES[0]).1
}

fn arrival(turn: i32, units: &[Symbol], stage: &Stage) -> (String, Vec<Effect>) {
    let rule = stage.rule;
    let first = stage.after.is_none();
    let commanders: &[&str] = if first {
        &[BLUCHER, BULOW]
    } else {
        &[stage.general]
    };
    let mut effects = Vec::new();
    for name in commanders {
        effects.push(Effect::set_state(
            PRUSSIANS,
            name,
            state::ON_BATTLEFIELD,
            rule,
        ));
        effects.push(Effect::set_attribute(
            PRUSSIANS,
            name,
            ARRIVED_ON_TURN,
            turn,
            rule,
        ));
    }
    for unit in units {
        effects.push(Effect::set_state(
            PRUSSIANS,
            unit,
            state::ON_BATTLEFIELD,
            rule,
        ));
    }
    let who = commanders.join(" and ");
    effects.push(Effect::reminder(
        &format!(
            "Deploy {who} and every Unit of the {} Corps inside the deployment area, each Formation with at least one Unit touching entrance section {}; the General or Commander in Chief may be attached",
            stage.corps, stage.section
        ),
        rule,
    ));
    effects.push(Effect::reminder(
        "Every Formation deployed receives a green marker: make each with the Formation procedure, ticking \"Deployed by the Prussian entrance this turn\"",
        "Executing the entrance, L664; \"in the same way\", L642",
    ));
    if first {
        effects.push(Effect::Mark {
            name: MANEUVER_LIMIT_OVER.into(),
            rule: "Maneuver limit, L582".into(),
        });
        effects.push(Effect::reminder(
            "Initiative marker 2 comes into use: the second-highest bid takes it and 1 extra marker",
            "Game Preparation, L283; Initiative, L658",
        ));
    }
    if let Some(next) = STAGES.iter().find(|s| s.after == Some(stage.general)) {
        effects.push(Effect::reminder(
            &format!(
                "{}'s {} Corps enters at the start of next turn, touching entrance section {}",
                next.general, next.corps, next.section
            ),
            next.rule,
        ));
    }
    let verb = if first { "enter" } else { "enters" };
    let headline = format!(
        "{who} {verb} with the {} Corps at entrance section {}, turn {}",
        stage.corps,
        stage.section,
        numeral(turn)
    );
    (headline, effects)
}
