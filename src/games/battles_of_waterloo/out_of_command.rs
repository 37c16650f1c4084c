//! The Out of Command Phase (R 4.7, L435-466): Detachment Leaders are assigned or removed
//! (R 4.71, L437-452), then the players alternate activating their Out of Command units one at a
//! time (R 4.72, L454-466). No die is rolled; the app keeps the book and says what each unit may
//! do.
//!
//! Readings taken:
//! - Road Tactical Movement without a Detachment Leader: R 4.72A allows it (L458), but R 4.71C
//!   and R 7.23 make Tactical Movement on roads a Detachment Leader's benefit (L448, L673), and
//!   R 7.24 moves units "without a Detachment Leader" by Out of Command Movement (L685). Default,
//!   the digest's (§7): only with a Detachment Leader; the `OUT_OF_COMMAND_ROADS` setting allows it.
//! - A lone Detachment Leader that an enemy moves next to leaves the map (L450) at any time; that
//!   counts as his removal, so he may not be assigned again that turn (L445).
//! - Each Out of Command unit is activated once in the phase ("All Out of Command units must be
//!   activated", L466): the record counts it, and a second activation that turn is refused.

use super::forms::{self, MOVEMENT, SIDE};
use super::options::{self, OUT_OF_COMMAND_ROADS};
use super::roster::{self, attribute};
use super::turn_track::{Light, light};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const DETACHMENT_RULE: &str = "Detachment Leaders, R 4.71, L437-452";
/// The Detachment Leader Assignment's place in the Out of Command Phase (R 4.71A, L441).
const ASSIGNMENT_STEP: usize = 0;
const MOVEMENT_RULE: &str = "Out of Command Unit Movement, R 4.72, L454-466";

/// The record's Detachment Leaders still in play.
const DETACHMENT_LEADERS: &[(&str, &str)] = &[("type", "detachment_leader"), ("state", "In play")];

/// The counter of a Detachment Leader removed this turn (L445).
fn removed_counter(leader: &str) -> String {
    format!("Detachment Leader removed: {}", leader.trim())
}

/// The counter of an Out of Command unit activated this turn (L466).
fn activated_counter(unit: &str) -> String {
    format!("Out of Command unit activated: {}", unit.trim())
}

/// Whether `side` has a Detachment Leader on the map with Out of Command units.
fn any_assigned(record: &Record, side: &str) -> bool {
    record
        .units_where(Some(side), DETACHMENT_LEADERS)
        .any(|(_, _, leader)| leader.attribute(attribute::ASSIGNED) == Some("yes"))
}

const ACTIONS: &[(&str, &str)] = &[
    ("assign", "Assigned to Out of Command units"),
    ("remove", "Removed"),
    (
        "enemy_adjacent",
        "Alone, and an enemy unit moved next to him: off the map",
    ),
];

const DETACHMENT_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "leader",
        label: "Detachment Leader",
        group: "Detachment Leader",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: DETACHMENT_LEADERS,
            max_len: 40,
        },
        rule: DETACHMENT_RULE,
        help: "Pick him from the record; add him from his counter first.",
    },
    Field {
        id: "action",
        label: "He is",
        group: "Detachment Leader",
        kind: FieldKind::Choice(ACTIONS),
        rule: DETACHMENT_RULE,
        help: "Assigned or removed at the start of the Out of Command Phase; a lone one leaves the map whenever an enemy moves next to him.",
    },
];

/// A Detachment Leader assigned, removed, or taken off the map by an enemy next to him.
pub struct DetachmentLeader;

impl Procedure for DetachmentLeader {
    fn about(&self) -> &About {
        &About {
            id: "detachment-leader",
            title: "Assign or remove a Detachment Leader",
            rule: DETACHMENT_RULE,
            summary: "At the start of the Out of Command Phase both players assign or remove Detachment Leaders. One affects every Out of Command unit in his Command Range: they move in any direction, and by Tactical Movement if they stay on roads or paths. He may not be assigned on the turn he is removed.",
            fields: DETACHMENT_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        // Assigned in the Out of Command Phase; taken off whenever an enemy moves next to him.
        record.position.phase == super::OUT_OF_COMMAND_PHASE
            || super::lims::offered(record, self.id())
                && matches!(
                    record.position.phase,
                    super::OPERATIONS_PHASE | super::NO_LIM_PHASE
                )
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "leader", "action"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if record.position.phase != super::OUT_OF_COMMAND_PHASE {
            input.set("action", Value::Text("enemy_adjacent".into()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("leader").trim().is_empty() {
            return Err(InputError::new(
                "leader",
                "pick the Detachment Leader from the record",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("leader").trim();
        let Some(leader) = roster::named(record, input.text("side"), name) else {
            return Err(InputError::new(
                "leader",
                format!("{name} is not on the record: add him from his counter first"),
            ));
        };
        if leader.attribute(attribute::TYPE) != Some("detachment_leader") {
            return Err(InputError::new(
                "leader",
                format!("{name} is not a Detachment Leader (R 4.71, L439)"),
            ));
        }
        let assigned = leader.attribute(attribute::ASSIGNED) == Some("yes");
        let action = input.text("action");
        let at_the_start = record.position.phase == super::OUT_OF_COMMAND_PHASE
            && record.position.step == ASSIGNMENT_STEP;
        if action != "enemy_adjacent" && !at_the_start {
            return Err(InputError::new(
                "action",
                "Detachment Leaders are assigned and removed as the first step of the Out of Command Phase, the Detachment Leader Assignment (R 4.71A, L441; L445)",
            ));
        }
        match action {
            "assign" if assigned => Err(InputError::new(
                "action",
                format!("{name} is assigned already"),
            )),
            "assign" if record.counters.contains_key(removed_counter(name).as_str()) => {
                Err(InputError::new(
                    "action",
                    format!(
                        "{name} was removed this turn: he may not be assigned on the same turn (R 4.71C, L445)"
                    ),
                ))
            }
            "remove" | "enemy_adjacent" if !assigned => {
                Err(InputError::new("action", format!("{name} is not assigned")))
            }
            _ => Ok(()),
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("leader").trim());
        let (headline, effects) = match input.text("action") {
            "assign" => (
                format!("{name} is assigned to the Out of Command units in his Command Range"),
                vec![
                    Effect::set_attribute(side, name, attribute::ASSIGNED, "yes", DETACHMENT_RULE),
                    Effect::reminder(
                        &format!(
                            "The Out of Command units within {name}'s Command Range may move in any direction, and by Tactical Movement if they stay on roads or paths the whole way. They are still Out of Command, and he has no effect on combat"
                        ),
                        "R 4.71C-E, L445-452",
                    ),
                ],
            ),
            action => {
                let rule = if action == "remove" {
                    "R 4.71C, L445"
                } else {
                    "R 4.71D, L450"
                };
                let mut effects = vec![
                    Effect::set_attribute(side, name, attribute::ASSIGNED, "", rule),
                    Effect::SetCounter {
                        name: removed_counter(name).as_str().into(),
                        value: 1,
                        rule: "R 4.71C, L445".into(),
                        lasts: Lasts::Turn,
                    },
                ];
                if action == "enemy_adjacent" {
                    effects.push(Effect::reminder(
                        &format!("Take {name} off the map: he may be used again from a later turn"),
                        rule,
                    ));
                }
                (
                    format!("{name} is removed; he may not be assigned again this turn"),
                    effects,
                )
            }
        };
        Ok(Resolution::book_keeping(
            "detachment leader",
            headline,
            effects,
        ))
    }
}

const UNIT_FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Out of Command unit", MOVEMENT_RULE),
    MOVEMENT,
    Field::flag(
        "acted",
        "It moved, attacked, or defended against Fire or Shock this turn",
        "Eligibility",
        "R 4.72, L456",
        "Such a unit may not move in this phase.",
    ),
    Field::flag(
        "in_command_at_activation",
        "It was In Command during its Command's activation",
        "Eligibility",
        "R 4.72C, L462",
        "Whatever its command status now.",
    ),
    Field::flag(
        "enemy_zoc",
        "It starts in an enemy Zone of Control",
        "Situation",
        "R 4.72D, L464",
        "It must Withdraw, and may not Assault.",
    ),
    Field::flag(
        "detachment_leader",
        "It is within the Command Range of an assigned Detachment Leader",
        "Situation",
        DETACHMENT_RULE,
        "It may move in any direction, and by Tactical Movement on roads or paths.",
    ),
    Field::flag(
        "dusk",
        "A Dusk turn",
        "Situation",
        "Dusk, R 11.1, L1669",
        "All Movement Allowances are one less. Filled in from the Turn Record Track.",
    ),
    options::on_form(OUT_OF_COMMAND_ROADS),
];

/// One Out of Command unit activated in the Out of Command Phase: what it must or may do.
pub struct OutOfCommandUnit;

impl Procedure for OutOfCommandUnit {
    fn about(&self) -> &About {
        &About {
            id: "out-of-command-unit",
            title: "Activate an Out of Command unit",
            rule: MOVEMENT_RULE,
            summary: "Each Out of Command unit that did not move, attack or defend this turn, and was not In Command when its Command acted, is activated once: it moves toward its Combat Leader (anywhere, with a Detachment Leader) by Out of Command Movement, never adjacent to an enemy, or Rallies; in an enemy ZOC it must Withdraw.",
            fields: UNIT_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.position.phase == super::OUT_OF_COMMAND_PHASE
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "enemy_zoc", "detachment_leader"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &OUT_OF_COMMAND_ROADS);
        let dusk = light(record, record.position.turn) == Light::Dusk;
        input.set("dusk", Value::Flag(dusk));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "side" | "unit") {
            forms::follow_unit(input, record, "unit", &[("movement", attribute::MOVEMENT)]);
        }
        if changed == "side" && !any_assigned(record, input.text("side")) {
            input.set("detachment_leader", Value::Flag(false));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new("unit", "pick the unit from the record"));
        }
        if input.flag("acted") {
            return Err(InputError::new(
                "acted",
                "a unit that moved, attacked or defended this turn may not move in the Out of Command Phase (L456)",
            ));
        }
        if input.flag("in_command_at_activation") {
            return Err(InputError::new(
                "in_command_at_activation",
                "a unit that was In Command during its Command's activation may not move in this phase (R 4.72C, L462)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, name) = (input.text("side"), input.text("unit").trim());
        if roster::named(record, side, name).is_none() {
            return Err(InputError::new(
                "unit",
                format!("{name} is not on the record: add it from its counter first"),
            ));
        }
        if record.position.phase != super::OUT_OF_COMMAND_PHASE {
            return Err(InputError::new(
                "unit",
                "Out of Command units are activated in the Out of Command Phase (R 4.72, L454)",
            ));
        }
        if record
            .counters
            .contains_key(activated_counter(name).as_str())
        {
            return Err(InputError::new(
                "unit",
                format!("{name} has been activated in this phase already (L466)"),
            ));
        }
        if input.flag("detachment_leader") && !any_assigned(record, side) {
            return Err(InputError::new(
                "detachment_leader",
                "the record has no Detachment Leader of this army assigned: assign him first (R 4.71A, L441)",
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let name = input.text("unit").trim();
        let with_leader = input.flag("detachment_leader");
        let dusk = input.flag("dusk");
        let printed = input.number("movement");
        let movement = if dusk { printed - 1 } else { printed };
        let allowance = if printed > 0 {
            // Combat Movement: half the Movement Allowance, rounded up (R 7.24, L681), of the
            // allowance a Dusk turn has cut by one (L1669).
            let of = if dusk {
                format!("{movement}, its {printed} less one at Dusk")
            } else {
                movement.to_string()
            };
            format!(
                "{} MP (half of {of}, rounded up; at least one hex)",
                (movement + 1) / 2
            )
        } else {
            "half its Movement Allowance, rounded up (at least one hex)".to_string()
        };
        let full = if dusk && printed > 0 {
            format!("{movement} MP (its Movement Allowance less one at Dusk)")
        } else if printed > 0 {
            format!("{printed} MP, its full Movement Allowance")
        } else {
            "its full Movement Allowance".to_string()
        };
        let mut effects = vec![Effect::SetCounter {
            name: activated_counter(name).as_str().into(),
            value: 1,
            rule: "R 4.72E, L466".into(),
            lasts: Lasts::Turn,
        }];
        let headline = if input.flag("enemy_zoc") {
            effects.push(Effect::reminder(
                &format!("{name} starts in an enemy ZOC: it must Withdraw, and may not Assault"),
                "R 4.72D, L464",
            ));
            format!("{name} must Withdraw")
        } else {
            let roads = with_leader || input.text(OUT_OF_COMMAND_ROADS.id) == "always";
            let direction = if with_leader {
                "in any direction (Detachment Leader, L447)".to_string()
            } else {
                "toward its Combat Leader: it must end closer to him, or if it cannot, no farther away (L458)".to_string()
            };
            effects.push(Effect::reminder(
                &format!("{name} may move {direction}, by Out of Command Movement: {allowance}, no roads, paths, bridges or fords, never adjacent to an enemy unit. Or it may Rally instead, or do nothing"),
                "R 4.72A-B, L458-460; R 7.24, L681-687; L172",
            ));
            if roads {
                let toward = if with_leader {
                    ""
                } else {
                    "; it too must end closer to its Combat Leader, or no farther away (L458)"
                };
                effects.push(Effect::reminder(
                    &format!("{name} may instead use Tactical Movement, {full}, if it starts and stays on roads or paths the whole way and never comes adjacent to an enemy{toward}"),
                    "R 4.71C, L448; R 7.23, L671-675",
                ));
            }
            format!("{name} is activated: it moves or Rallies")
        };
        Ok(Resolution::book_keeping(
            "out of command unit",
            headline,
            effects,
        ))
    }
}
