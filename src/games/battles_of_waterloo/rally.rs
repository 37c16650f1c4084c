//! Rally (R 10.1, L1583-1625): a Disordered or Routed unit, when Activated, rolls one die with the
//! cumulative modifiers of R 10.14 (L1616-1625), of a Shaken command (L1640) and of a Dark turn
//! (L1684).
//!
//! - Disordered (R 10.12, L1601-1604): a modified roll strictly lower than the Cohesion Rating
//!   rallies it; the same or higher leaves it Disordered. One success clears D-2 as well as D-1:
//!   "the unit is no longer Disordered. Remove the marker" (L1603).
//! - Routed (R 10.13, L1608-1612): modified 0-1 good order, 2-6 D-1 (both may re-face), 7-9 stays
//!   Routed and Rout Retreats again.
//!
//! Readings taken:
//! - A modified roll below 0 counts as 0-1 and one above 9 as 7-9 (digest §3.42, INFERRED: the
//!   table covers the die's faces only).
//! - A natural 0: Rally is not a Cohesion Check (L115; digest, Corrections "Natural 0"), so by
//!   default a 0 is a 0 plus the modifiers. Under the `natural_zero` house rule ("every test") a
//!   natural 0 is the best result: it rallies a Disordered unit whatever the modifiers, and counts
//!   as 0-1 (good order) for a Routed one.
//! - The leader modifiers (Combat or Superior leader -1, Overall Commander -2, Blücher -2 for
//!   Prussians within two hexes, L423, L1622, L1625) are "all cumulative" (L1616) by default; the
//!   `rally_leaders` setting counts only the best of them.
//! - The Square -1 does not apply to a Rally (L1301). The Shaken +1 (L1640) and the Dark +2
//!   (L1684) join the table of L1618-1625.
//! - Engaged units may not rally (L1589), nor Blown cavalry (L1591): refused, from the record's
//!   markers as well as the form.
//! - In the Out of Command Phase the form starts with "Not In Command" ticked (+2, L1623): the
//!   units that rally there are the Out of Command ones (R 4.72, L454-466).
//! - "Disordered units that Rout during a Recovery attempt may not be Rallied until the next turn"
//!   (L1587) is left to the players: no Rally result routs a Disordered unit (digest §7).

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, COHESION, DISORDER, Piece, SIDE, TYPE};
use super::options::{self, NATURAL_ZERO, RALLY_LEADERS};
use super::roster::{self, attribute, state};
use super::turn_track::{self, Light};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "Rally, R 10.1, L1583-1625";
const DISORDERED_RULE: &str = "Rallying Disordered units, R 10.12, L1601-1604";
const ROUTED_RULE: &str = "Rallying Routed units, R 10.13, L1608-1612";

const fn fact(
    id: &'static str,
    label: &'static str,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Situation",
        kind: FieldKind::Flag,
        rule,
        help,
    }
}

const fn known(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule,
        help: "Filled in from the record.",
    }
}

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit rallying", RULE),
    TYPE,
    DISORDER,
    COHESION,
    Field {
        id: "elite",
        label: "Elite stars",
        group: "Unit",
        kind: FieldKind::Count { max: 2 },
        rule: "Elite, L52; R 10.14, L1620",
        help: "Filled in from the record: one star Elite, two Crack Elite.",
    },
    Field {
        id: "movement",
        label: "Movement Allowance",
        group: "Unit",
        kind: FieldKind::Count { max: 20 },
        rule: "Rout Retreat, R 9.17A, L1528",
        help: "Filled in from the record: a Routed unit that stays Routed Rout Retreats half of it, rounded up.",
    },
    fact("enemy_zoc", "It is in an enemy ZOC", "R 10.14, L1618", "+1"),
    fact(
        "adjacent_cavalry",
        "Routed infantry adjacent to a friendly cavalry unit in good order",
        "R 10.14, L1621",
        "-1: the cavalry is neither Disordered nor Routed.",
    ),
    fact(
        "with_leader",
        "Stacked with or adjacent to its Combat or Superior leader",
        "R 10.14, L1622",
        "-1",
    ),
    fact(
        "with_overall",
        "Stacked with or adjacent to the Overall Commander",
        "R 10.14, L1622",
        "-2",
    ),
    fact(
        "near_blucher",
        "A Prussian unit within two hexes of Blücher",
        "R 4.63C, L423; R 10.14, L1625",
        "-2",
    ),
    fact(
        "not_in_command",
        "Not In Command at the instant of the roll",
        "R 10.14, L1623",
        "+2",
    ),
    fact(
        "shaken",
        "Its command is Shaken",
        "Shaken, R 10.21B, L1640",
        "+1 to all Rally/Recovery die rolls.",
    ),
    known(
        "one_step_left",
        "It has only one step left",
        "R 10.14, L1624",
    ),
    known("dark", "A Dark turn", "Dark, R 11.2, L1684"),
    known("engaged", "It is Engaged", "R 10.11B, L1589"),
    known("blown", "It is Blown", "R 10.11C, L1591"),
    options::on_form(RALLY_LEADERS),
    options::on_form(NATURAL_ZERO),
];

fn cavalry(input: &Input) -> bool {
    roster::is_cavalry(input.text("type"))
}

fn routed(input: &Input) -> bool {
    input.text("disorder") == "routed"
}

/// The modifiers of the roll, the leaders' reduced to the best under the `best` setting.
fn drms(input: &Input) -> Vec<Modifier> {
    let side = "Unit";
    let flag = |id: &str| input.flag(id);
    let mut modifiers = Vec::new();
    if flag("enemy_zoc") {
        modifiers.push(Modifier::new(side, "In an enemy ZOC", 1, "R 10.14, L1618"));
    }
    if cavalry(input) {
        modifiers.push(Modifier::new(side, "Cavalry", -1, "R 10.14, L1619"));
    }
    if input.number("elite") > 0 {
        modifiers.push(Modifier::new(side, "Elite", -1, "R 10.14, L1620"));
    }
    if flag("adjacent_cavalry") && routed(input) && input.text("type") == "infantry" {
        modifiers.push(Modifier::new(
            side,
            "Routed infantry adjacent to friendly cavalry in good order",
            -1,
            "R 10.14, L1621",
        ));
    }
    let mut leaders = Vec::new();
    if flag("with_leader") {
        leaders.push(Modifier::new(
            side,
            "With or adjacent to its Combat or Superior leader",
            -1,
            "R 10.14, L1622",
        ));
    }
    if flag("with_overall") {
        leaders.push(Modifier::new(
            side,
            "With or adjacent to the Overall Commander",
            -2,
            "R 10.14, L1622",
        ));
    }
    if flag("near_blucher") && input.text("side") == "prussian" {
        leaders.push(Modifier::new(
            side,
            "Prussian within two hexes of Blücher",
            -2,
            "R 4.63C, L423; R 10.14, L1625",
        ));
    }
    if input.text(RALLY_LEADERS.id) == "best" {
        let best = leaders.iter().min_by_key(|m| m.value).cloned();
        modifiers.extend(best.map(|m| Modifier {
            label: format!("{} (the best leader modifier only: setting)", m.label),
            ..m
        }));
    } else {
        modifiers.extend(leaders);
    }
    if flag("not_in_command") {
        modifiers.push(Modifier::new(side, "Not In Command", 2, "R 10.14, L1623"));
    }
    if flag("one_step_left") {
        modifiers.push(Modifier::new(
            side,
            "Only one step left",
            1,
            "R 10.14, L1624",
        ));
    }
    if flag("shaken") {
        modifiers.push(Modifier::new(
            side,
            "Shaken command",
            1,
            "Shaken, R 10.21B, L1640",
        ));
    }
    if flag("dark") {
        modifiers.push(Modifier::new(side, "Dark turn", 2, "Dark, R 11.2, L1684"));
    }
    modifiers
}

/// Whether play stands on the Dark turn of the track the players entered.
fn dark(record: &Record) -> bool {
    turn_track::light(record, record.position.turn) == Light::Dark
}

pub struct Rally;

impl Procedure for Rally {
    fn about(&self) -> &About {
        &About {
            id: "rally",
            title: "Rally",
            rule: RULE,
            summary: "An Activated Disordered or Routed unit rolls one die. Disordered: under its Cohesion it rallies. Routed: 0-1 good order, 2-6 D-1, 7-9 it Rout Retreats again.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["unit", "enemy_zoc", "with_leader", "not_in_command"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "adjacent_cavalry" => routed(input) && input.text("type") == "infantry",
            "near_blucher" => input.text("side") == "prussian",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("dark", Value::Flag(dark(record)));
        // The units that rally in the Out of Command Phase are Out of Command (R 4.72, L454-466).
        let out_of_command = record.position.phase == super::OUT_OF_COMMAND_PHASE;
        input.set("not_in_command", Value::Flag(out_of_command));
        prefill_setting(input, record, &RALLY_LEADERS);
        prefill_setting(input, record, &NATURAL_ZERO);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "unit" {
            return;
        }
        forms::follow_unit(
            input,
            record,
            "unit",
            &[
                ("cohesion", attribute::COHESION),
                ("elite", attribute::ELITE),
                ("movement", attribute::MOVEMENT),
            ],
        );
        if let Some(unit) = roster::named(record, input.text("side"), input.text("unit")) {
            input.set("one_step_left", Value::Flag(roster::one_step_left(unit)));
            input.set(
                "engaged",
                Value::Flag(forms::marked(unit, attribute::ENGAGED)),
            );
            input.set("blown", Value::Flag(forms::marked(unit, attribute::BLOWN)));
            let command = unit.attribute(attribute::COMMAND).unwrap_or_default();
            input.set(
                "shaken",
                Value::Flag(super::morale::shaken(record, command, input.text("side"))),
            );
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("disorder") == "none" {
            return Err(InputError::new(
                "disorder",
                "a unit in good order has nothing to rally (R 10.11A, L1587)",
            ));
        }
        if input.text("type") == "artillery" && input.text("disorder") == "D-2"
            || cavalry(input) && input.text("disorder") == "D-2"
        {
            return Err(InputError::new(
                "disorder",
                "only infantry goes to D-2 (R 9.15, L1449, L1511)",
            ));
        }
        if input.flag("engaged") {
            return Err(InputError::new(
                "engaged",
                "Engaged units may not attempt to Rally (R 10.11B, L1589)",
            ));
        }
        if input.flag("blown") {
            return Err(InputError::new(
                "blown",
                "Blown cavalry may not be Rallied; it recovers from Blown automatically (R 10.11C, L1591)",
            ));
        }
        if input.flag("adjacent_cavalry") && !(routed(input) && input.text("type") == "infantry") {
            return Err(InputError::new(
                "adjacent_cavalry",
                "only a Routed infantry unit gains from friendly cavalry next to it (L1621)",
            ));
        }
        if input.flag("near_blucher") && input.text("side") != "prussian" {
            return Err(InputError::new(
                "near_blucher",
                "Blücher spurs on Prussian units only (R 4.23, L226; L423)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if let Some(unit) = roster::named(record, input.text("side"), input.text("unit")) {
            forms::check_disorder(input, unit)?;
            if forms::marked(unit, attribute::ENGAGED) {
                return Err(InputError::new(
                    "engaged",
                    "the record has it Engaged: Engaged units may not attempt to Rally (L1589)",
                ));
            }
            if forms::marked(unit, attribute::BLOWN) {
                return Err(InputError::new(
                    "blown",
                    "the record has it Blown: Blown cavalry may not be Rallied (L1591)",
                ));
            }
        }
        if turn_track::time_of(record, record.position.turn).is_some()
            && input.flag("dark") != dark(record)
        {
            return Err(InputError::new(
                "dark",
                "the Turn Record Track says otherwise: open the form again to fill this in",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        drms(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Rally die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = drms(input);
        let zero = ZeroPasses::from_setting(input.text(NATURAL_ZERO.id));
        let die = faces.first().copied().unwrap_or(0);
        let piece = Piece::of(input, None, "unit");
        let called = piece.called();
        let cohesion = input.number("cohesion");
        let mut effects = Vec::new();
        let (key, rank, headline, total) = if routed(input) {
            // The table reads the modified roll; `roll_under` only totals it here.
            let rolled = checks::roll_under(die, 1, &modifiers, TestKind::Other, zero);
            let natural_zero = die == 0 && zero == ZeroPasses::EveryTest;
            let roll = rolled.modified;
            let total = rolled.total("Unit");
            if roll <= 1 || natural_zero {
                effects.extend(unit_effect(&piece, |side, name| {
                    Effect::set_state(side, name, state::IN_PLAY, ROUTED_RULE)
                }));
                effects.push(Effect::reminder(
                    &format!("{called} returns to good order: remove the Routed marker; it may be refaced"),
                    ROUTED_RULE,
                ));
                let why = if roll > 1 {
                    " (a natural 0: setting)"
                } else {
                    ""
                };
                (
                    "good order",
                    0,
                    format!("{called} rallies to good order on {roll}{why}"),
                    total,
                )
            } else if roll <= 6 {
                effects.extend(unit_effect(&piece, |side, name| {
                    Effect::set_state(side, name, state::IN_PLAY, ROUTED_RULE)
                }));
                effects.extend(unit_effect(&piece, |side, name| {
                    Effect::set_attribute(side, name, attribute::DISORDER, "D-1", ROUTED_RULE)
                }));
                effects.push(Effect::reminder(
                    &format!("{called} is no longer Routed: replace the Routed marker with a D-1 marker; it may be refaced"),
                    ROUTED_RULE,
                ));
                (
                    "D-1",
                    1,
                    format!("{called} rallies to D-1 on {roll}"),
                    total,
                )
            } else {
                effects.push(rout_retreat_again(&called, input.number("movement")));
                (
                    "still routed",
                    2,
                    format!("{called} stays Routed on {roll} and Rout Retreats again"),
                    total,
                )
            }
        } else {
            // Strictly lower than the Cohesion Rating (L1603): at or under Cohesion - 1.
            let rolled = checks::roll_under(die, cohesion - 1, &modifiers, TestKind::Other, zero);
            let total = rolled.total("Unit");
            let roll = rolled.modified;
            if rolled.passed {
                effects.extend(unit_effect(&piece, |side, name| {
                    Effect::set_attribute(side, name, attribute::DISORDER, "", DISORDERED_RULE)
                }));
                effects.push(Effect::reminder(
                    &format!(
                        "{called} is no longer Disordered: remove the marker; it may not reface"
                    ),
                    DISORDERED_RULE,
                ));
                let how = if rolled.by_natural_zero {
                    format!("a natural 0 (setting), {roll} modified")
                } else {
                    format!("{roll}, under its Cohesion of {cohesion}")
                };
                (
                    "rallied",
                    0,
                    format!("{called} rallies: no longer Disordered ({how})"),
                    total,
                )
            } else {
                effects.push(Effect::reminder(
                    &format!("{called} remains Disordered ({})", input.text("disorder")),
                    DISORDERED_RULE,
                ));
                (
                    "still disordered",
                    2,
                    format!(
                        "{called} remains Disordered: {roll} is not under its Cohesion of {cohesion}"
                    ),
                    total,
                )
            }
        };
        if input.flag("shaken") && routed(input) && key != "still routed" {
            effects.push(Effect::reminder(
                "A Shaken command may recover from the Rally of its Routed units: check it in the Command Morale Phase",
                "Shaken, R 10.21C, L1642",
            ));
        }
        Ok(Resolution {
            modifiers,
            totals: vec![total],
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

/// An effect on the unit, if the form names one.
fn unit_effect(piece: &Piece, effect: impl Fn(&str, &str) -> Effect) -> Option<Effect> {
    piece.name.map(|name| effect(piece.side, name))
}

/// A Routed unit that fails to rally Rout Retreats again (L1612; R 9.17A, L1528).
fn rout_retreat_again(called: &str, movement: i32) -> Effect {
    let distance = if movement > 0 {
        format!(
            "{} (half its Movement Allowance of {movement}, rounded up)",
            (movement + 1) / 2
        )
    } else {
        "half its Movement Allowance, rounded up,".to_string()
    };
    Effect::reminder(
        &format!(
            "{called} remains Routed and must Rout Retreat again: {distance} hexes toward its Retreat Hex, away from enemy units and their ZOCs"
        ),
        "R 10.13, L1612; Rout Retreat, R 9.17A, L1528-1537",
    )
}
