//! The Command Phase's book-keeping, Steps A to E (L289-452): HQ placement, the return of Blown
//! Corps, cavalry recovery, Detachment placement and recall, and the British line of communication.
//! No dice: the players state the facts of the map and the record follows.
//!
//! Readings taken:
//! - a Blown Corps due back is returned or not at its owner's choice; one not returned (no
//!   empty hex next to an HQ) waits on the track for the next turn. When more than two are due, the
//!   opponent picks two and the rest are eliminated (L328-329).
//! - A Corps returning from the track keeps its formation until Steps F and G set it.
//! - see `options::ANGST_READING`.
//! - the Old Guard traces no path and may be placed in a friendly ZoC or ZoI, as the Grand
//!   Battery's placement is "not traced"; the result says so.
//! - an HQ in Normal mode doubles its range along roads for placing Detachments only
//!   (clarification L1611-1624); the players count the range on the map.
//! - Step C names no order, so both sides' cavalry recovers in one resolution.
//! - whether movement is limited by Command Range, and stacking, are the players'
//!   business on the map; the app keeps hexes only as notes.

use super::options::{self, ANGST_READING, ANGST_READING_RULE};
use super::roster::{
    self, GRAND_BATTERY, HILL, HILL_ONE_STAR, HILL_TWO_STAR, NAPOLEON, OLD_GUARD, attribute, set,
    set_state, state,
};
use super::{SIDE_FIELD, TURN_FIELD, at_step, opponent, prefill_turn, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// The five HQs (L153-167).
const HQS: &[(&str, &str)] = &[
    (NAPOLEON, NAPOLEON),
    ("Ney HQ", "Ney HQ"),
    ("Grouchy HQ", "Grouchy HQ"),
    ("Wellington HQ", "Wellington HQ"),
    ("Blücher HQ", "Blücher HQ"),
];

/// The side an HQ or a named unit belongs to.
fn side_of(name: &str) -> &'static str {
    roster::spec(name).map_or("coalition", |u| u.army.side())
}

/// Whether `record` has `name` with a number attribute of at most `turn` (or none).
fn due_by(record: &Record, side: &str, name: &str, attribute: &str, turn: i32) -> bool {
    roster::number_of(record, side, name, attribute).is_none_or(|t| t <= turn)
}

// --- Step A -------------------------------------------------------------------------------

/// Step A: each HQ is re-placed, choosing its mode for the turn (L297-318).
pub struct HqPlacement;

const HQ_FIELDS: &[Field] = &[
    Field {
        id: "hq",
        label: "HQ",
        group: "Placement",
        kind: FieldKind::Choice(HQS),
        rule: "A. HQ Placement, L297-304",
        help: "French HQs first, then the Coalition's.",
    },
    Field {
        id: "mode",
        label: "Mode",
        group: "Placement",
        kind: FieldKind::Choice(&[("Normal", "Normal"), ("Battle", "Battle")]),
        rule: "HQs, L162-164; A. HQ Placement, L301-304",
        help: "Battle mode adds the HQ's stars to its units' attacks and defence within a smaller Command Range. The mode lasts the turn.",
    },
    Field {
        id: "fallback",
        label: "No associated unit on the map",
        group: "Placement",
        kind: FieldKind::Flag,
        rule: "A. HQ Placement, L306-309",
        help: "Then it goes in any empty hex within 3 hexes of a Brussels-Couillet road hex, even in an enemy ZoC or ZoI. Otherwise it goes within 3 hexes of an associated unit, not in an enemy ZoC or ZoI.",
    },
    Field {
        id: "hex",
        label: "Hex (for the record)",
        group: "Placement",
        kind: FieldKind::Text { max_len: 30 },
        rule: "A. HQ Placement, L304",
        help: "Optional.",
    },
    TURN_FIELD,
];

impl Procedure for HqPlacement {
    fn about(&self) -> &'static About {
        &About {
            id: "hq-placement",
            title: "HQ placement",
            rule: "A. HQ Placement, L297-318",
            summary: "Each HQ is picked up and placed again, in Normal or Battle mode, for the whole turn.",
            fields: HQ_FIELDS,
        }
    }
    /// Step A; and turn 1 of June 15-18, whose HQs start in the mode the players choose (L1122-1124).
    fn applies(&self, record: &Record) -> bool {
        at_step(record, 0, 0)
            || (record.position.turn == 1 && record.scenario.starts_with("june-15"))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let hq = input.text("hq");
        let side = side_of(hq);
        let turn = input.number("turn");
        let placed = record.unit(side, hq).map(|u| u.state.as_ref());
        if placed == Some(state::REINFORCEMENT)
            && !due_by(record, side, hq, attribute::ARRIVES_ON_TURN, turn)
        {
            return Err(InputError::new(
                "hq",
                format!("{hq} arrives later in this scenario (French Set Up, L1159-1164)"),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        side_of(input.text("hq")).to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (hq, mode) = (input.text("hq"), input.text("mode"));
        let side = side_of(hq);
        let rule = "A. HQ Placement, L297-318";
        let mut effects = vec![
            set_state(side, hq, state::ON_MAP, rule),
            set(side, hq, attribute::MODE, mode, rule),
            set(side, hq, attribute::HEX, input.text("hex").trim(), rule),
            set(side, hq, attribute::ARRIVES_ON_TURN, "", rule),
            set(side, hq, attribute::ENTERS, "", rule),
        ];
        if input.flag("fallback") {
            effects.push(Effect::Reminder {
                text: format!("{hq}: any empty hex within 3 hexes of a Brussels-Couillet road hex")
                    .into(),
                rule: "A. HQ Placement, L306-309".into(),
            });
        }
        Ok(Resolution::book_keeping(
            mode,
            format!("{hq} placed in {mode} mode"),
            effects,
        ))
    }
}

// --- Step B -------------------------------------------------------------------------------

/// Step B: Corps Blown two turns ago come back, two per side at most (L320-333).
pub struct BlownReturn;

const BLOWN: &[(&str, &str)] = &[("state", state::BLOWN)];

const BLOWN_FIELDS: &[Field] = &[
    SIDE_FIELD,
    Field {
        id: "due",
        label: "Corps due back this turn",
        group: "The turn track",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: BLOWN,
        },
        rule: "B. Blown Unit Return, L322-327",
        help: "The side's Corps on this turn's space of the Game Turn Track, filled in from the record.",
    },
    Field {
        id: "returning",
        label: "Corps returning",
        group: "The turn track",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: BLOWN,
        },
        rule: "B. Blown Unit Return, L325-329",
        help: "At most two, each to an empty hex next to an associated HQ, not in an enemy ZoC or ZoI. If more than two are due, the opponent picks the two and the rest are eliminated.",
    },
    TURN_FIELD,
];

/// The side's Blown Corps due back by `turn`.
fn due_back(record: &Record, side: &str, turn: i32) -> Vec<Symbol> {
    record
        .units_where(Some(side), BLOWN)
        .filter(|(side, name, _)| due_by(record, side, name, attribute::RETURNS_ON_TURN, turn))
        .map(|(_, name, _)| Symbol::new(name))
        .collect()
}

/// "No more than two units can be returned by each player" (L327-328).
const MOST_RETURNING: usize = 2;

impl Procedure for BlownReturn {
    fn about(&self) -> &'static About {
        &About {
            id: "blown-return",
            title: "Blown Corps return",
            rule: "B. Blown Unit Return, L320-333",
            summary: "Corps Blown two turns ago return next to an associated HQ, at most two per side. If more are due, the opponent chooses two and the rest are eliminated.",
            fields: BLOWN_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let due = due_back(record, input.text("side"), input.number("turn"));
            input.set("due", Value::List(due));
            input.set("returning", Value::List(Vec::new()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (due, returning) = (input.list("due"), input.list("returning"));
        if let Some(name) = returning.iter().find(|n| !due.contains(n)) {
            return Err(InputError::new(
                "returning",
                format!("{name} is not among the Corps due back"),
            ));
        }
        if returning.len() > MOST_RETURNING {
            return Err(InputError::new(
                "returning",
                "at most two Corps return per side (L327-328)",
            ));
        }
        if due.len() > MOST_RETURNING && returning.len() < MOST_RETURNING {
            return Err(InputError::new(
                "returning",
                "more than two are due: the opponent picks two to return (L328-329)",
            ));
        }
        Ok(())
    }
    /// When more than two are due, the opponent chooses (L328-329).
    fn acting_side(&self, input: &Input) -> String {
        let side = input.text("side");
        if input.list("due").len() > MOST_RETURNING {
            opponent(side).to_string()
        } else {
            side.to_string()
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let turn = input.number("turn");
        let (due, returning) = (input.list("due"), input.list("returning"));
        let overflow = due.len() > MOST_RETURNING;
        let mut effects = Vec::new();
        let mut eliminated = 0;
        for name in due {
            if returning.contains(name) {
                let rule = "B. Blown Unit Return, L325-327";
                effects.push(set_state(side, name, state::ON_MAP, rule));
                effects.push(set(side, name, attribute::RETURNS_ON_TURN, "", rule));
                effects.push(Effect::Reminder {
                    text: format!("Place {name} in an empty hex next to an associated HQ, not in an enemy ZoC or ZoI").into(),
                    rule: rule.into(),
                });
            } else if overflow {
                let rule = "B. Blown Unit Return, L328-329";
                eliminated += 1;
                effects.push(set_state(side, name, state::ELIMINATED, rule));
                let (points, vp_rule) = roster::victory_points(name);
                effects.push(Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points,
                    reason: format!("{name} eliminated on the turn track").into(),
                    rule: format!("{rule}; {vp_rule}").into(),
                });
            } else {
                effects.push(set(
                    side,
                    name,
                    attribute::RETURNS_ON_TURN,
                    turn + 1,
                    "B. Blown Unit Return, L325-327 (open question A-15)",
                ));
            }
        }
        let label = side_label(side);
        let headline = match (returning.len(), eliminated) {
            (0, 0) if due.is_empty() => format!("No {label} Corps is due back"),
            (n, 0) => format!("{n} {label} Corps return; {} wait a turn", due.len() - n),
            (n, e) => format!("{n} {label} Corps return; {e} eliminated"),
        };
        Ok(Resolution::book_keeping("blown-return", headline, effects))
    }
}

// --- Step C -------------------------------------------------------------------------------

/// Step C: Exhausted cavalry away from the enemy recovers (L335-345).
pub struct CavalryRecovery;

const EXHAUSTED: &[(&str, &str)] = &[(attribute::CONDITION, "Exhausted")];

const RECOVERY_FIELDS: &[Field] = &[Field {
    id: "recovering",
    label: "Exhausted Cavalry Corps not in an enemy ZoC or ZoI",
    group: "Cavalry",
    kind: FieldKind::Units {
        of: UnitOf::Any,
        only: EXHAUSTED,
    },
    rule: "C. Cavalry Corps Recovery, L337-345",
    help: "Every Exhausted Cavalry Corps on the map is ticked; untick those in an enemy ZoC or ZoI (Detachments have ZoCs too). The ticked ones flip to Fresh.",
}];

impl Procedure for CavalryRecovery {
    fn about(&self) -> &'static About {
        &About {
            id: "cavalry-recovery",
            title: "Cavalry recovery",
            rule: "C. Cavalry Corps Recovery, L335-345",
            summary: "Every Exhausted Cavalry Corps not in an enemy ZoC or ZoI flips to Fresh. This is the only way back to Fresh.",
            fields: RECOVERY_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let exhausted = record
            .units_where(None, EXHAUSTED)
            .filter(|(_, _, unit)| unit.state.as_ref() == state::ON_MAP)
            .map(|(_, name, _)| Symbol::new(name))
            .collect();
        input.set("recovering", Value::List(exhausted));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for name in input.list("recovering") {
            if record
                .units_where(None, EXHAUSTED)
                .all(|(_, n, _)| n != name.as_ref())
            {
                return Err(InputError::new(
                    "recovering",
                    format!("{name} is not an Exhausted Cavalry Corps on the record"),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let recovering = input.list("recovering");
        let effects = recovering
            .iter()
            .map(|name| {
                set(
                    side_of(name),
                    name,
                    attribute::CONDITION,
                    "Fresh",
                    "C. Cavalry Corps Recovery, L337-345",
                )
            })
            .collect();
        let headline = match recovering {
            [] => "No Cavalry Corps recovers".to_string(),
            [name] => format!("{name} recovers: Fresh"),
            several => format!("{} Cavalry Corps recover: Fresh", several.len()),
        };
        Ok(Resolution::book_keeping(
            "cavalry-recovery",
            headline,
            effects,
        ))
    }
}

// --- Step D -------------------------------------------------------------------------------

/// Step D: each HQ may place one Detachment (L347-421).
pub struct DetachmentPlacement;

const PLACEABLE: &[(&str, &str)] = &[
    ("state", "Available|Recalled"),
    (attribute::KIND, "detachment|grand_battery|old_guard"),
];

const PLACEMENT_FIELDS: &[Field] = &[
    Field {
        id: "hq",
        label: "HQ placing it",
        group: "Placement",
        kind: FieldKind::Choice(HQS),
        rule: "D. Detachment Placement, L352-356",
        help: "French HQs first, then the Coalition's. Each HQ places at most one Detachment a turn.",
    },
    Field {
        id: "detachment",
        label: "Detachment",
        group: "Placement",
        kind: FieldKind::Unit {
            of: UnitOf::Any,
            only: PLACEABLE,
            max_len: 60,
        },
        rule: "D. Detachment Placement, L352-381",
        help: "An available Detachment of the HQ's army. Only Napoleon in Battle mode places the Grand Battery or the Old Guard, and not both in one turn.",
    },
    Field {
        id: "path",
        label: "Placed",
        group: "Placement",
        kind: FieldKind::Choice(&[
            ("hq", "From the HQ, within its Command Range"),
            ("parent", "From its parent Corps, within 4 hexes"),
            (
                "napoleon",
                "Grand Battery or Old Guard: within Napoleon's range",
            ),
        ]),
        rule: "D. Detachment Placement, L357-370; L383-412",
        help: "The path avoids enemy ZoC and ZoI; a Normal-mode HQ doubles its range along roads. The hex is in no ZoC or ZoI. The Grand Battery joins any friendly unit's hex, regardless of ZoCs; the Old Guard goes to an empty hex not in an enemy ZoC.",
    },
    Field {
        id: "hex",
        label: "Hex (for the record)",
        group: "Placement",
        kind: FieldKind::Text { max_len: 30 },
        rule: "D. Detachment Placement, L368-370",
        help: "Optional.",
    },
    TURN_FIELD,
];

/// The record's mark that `hq` has placed its Detachment on `turn`.
fn placed_mark(hq: &str, turn: i32) -> String {
    format!("{hq} placed a Detachment on turn {turn}")
}

fn is_special(name: &str) -> bool {
    name == GRAND_BATTERY || name == OLD_GUARD
}

impl Procedure for DetachmentPlacement {
    fn about(&self) -> &'static About {
        &About {
            id: "detachment-placement",
            title: "Detachment placement",
            rule: "D. Detachment Placement, L347-421",
            summary: "Each HQ may place one available Detachment of its army. Napoleon in Battle mode may place the Grand Battery or the Old Guard instead.",
            fields: PLACEMENT_FIELDS,
        }
    }
    /// The Detachment picker offers only the Detachments of the placing HQ's army (L160-162).
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let hq = input.text("hq");
        field != "detachment"
            || (side == side_of(hq)
                && record
                    .unit(side, name)
                    .and_then(|u| u.attribute(attribute::ARMY))
                    == roster::army_of(record, side, hq).as_deref())
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (hq, detachment) = (input.text("hq"), input.text("detachment").trim());
        if detachment.is_empty() {
            return Err(InputError::new("detachment", "name the Detachment"));
        }
        if is_special(detachment) && hq != NAPOLEON {
            return Err(InputError::new(
                "hq",
                format!("only Napoleon places the {detachment} (L383-386, L401-403)"),
            ));
        }
        if is_special(detachment) != (input.text("path") == "napoleon") {
            return Err(InputError::new(
                "path",
                "the Grand Battery and the Old Guard, and only they, are placed within Napoleon's range without a path (L385-387, L403-405)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (hq, detachment) = (input.text("hq"), input.text("detachment").trim());
        let side = side_of(hq);
        let turn = input.number("turn");
        let unit = record
            .unit(side, detachment)
            .filter(|u| u.matches(PLACEABLE))
            .ok_or_else(|| {
                InputError::new(
                    "detachment",
                    format!(
                        "{detachment} is not an available {} Detachment on the record",
                        side_label(side)
                    ),
                )
            })?;
        let hq_army = roster::army_of(record, side, hq);
        if unit.attribute(attribute::ARMY) != hq_army.as_deref() {
            return Err(InputError::new(
                "detachment",
                format!("{hq} places only Detachments of its own army (L160-162)"),
            ));
        }
        if !due_by(
            record,
            side,
            detachment,
            attribute::AVAILABLE_FROM_TURN,
            turn,
        ) {
            return Err(InputError::new(
                "detachment",
                format!(
                    "{detachment} was Recalled and is not available again until a later turn (L430-435)"
                ),
            ));
        }
        if record.marks.contains(placed_mark(hq, turn).as_str()) {
            return Err(InputError::new(
                "hq",
                format!("{hq} has already placed a Detachment this turn (L352-356, L414-416)"),
            ));
        }
        let napoleon_mode = record
            .unit(side, NAPOLEON)
            .and_then(|u| u.attribute(attribute::MODE));
        if is_special(detachment) && napoleon_mode != Some("Battle") {
            return Err(InputError::new(
                "detachment",
                format!("the {detachment} needs Napoleon's HQ in Battle mode (L383-386, L401-403)"),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        side_of(input.text("hq")).to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (hq, detachment) = (input.text("hq"), input.text("detachment").trim());
        let side = side_of(hq);
        let turn = input.number("turn");
        let rule = match detachment {
            GRAND_BATTERY => "French Grand Battery, L383-390",
            OLD_GUARD => "French Old Guard, L401-407",
            _ => "D. Detachment Placement, L352-370",
        };
        let mut effects = vec![
            set_state(side, detachment, state::ON_MAP, rule),
            set(
                side,
                detachment,
                attribute::HEX,
                input.text("hex").trim(),
                rule,
            ),
            set(side, detachment, attribute::PLACED_BY, hq, rule),
            set(side, detachment, attribute::AVAILABLE_FROM_TURN, "", rule),
            Effect::Mark {
                name: placed_mark(hq, turn).into(),
                rule: "D. Detachment Placement, L352-356".into(),
            },
        ];
        if detachment == OLD_GUARD {
            effects.push(Effect::Reminder {
                text: "The Old Guard goes in an empty hex within Napoleon's range, not in an enemy ZoC but within an enemy ZoI; no path is traced, and friendly ZoC or ZoI does not stop it (a reading)".into(),
                rule: "French Old Guard, L403-405 (open question A-21)".into(),
            });
        }
        Ok(Resolution::book_keeping(
            "placed",
            format!("{hq} places {detachment}"),
            effects,
        ))
    }
}

// --- Step E -------------------------------------------------------------------------------

/// Step E: each side recalls any of its Detachments (L423-435).
pub struct DetachmentRecall;

const RECALLABLE: &[(&str, &str)] = &[
    ("state", state::ON_MAP),
    (attribute::KIND, "detachment|grand_battery|old_guard"),
];

const RECALL_FIELDS: &[Field] = &[
    SIDE_FIELD,
    Field {
        id: "recalled",
        label: "Detachments recalled",
        group: "Recall",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: RECALLABLE,
        },
        rule: "E. Detachment Recall, L425-431",
        help: "Any, all or none, from anywhere on the map, even one placed this turn.",
    },
    TURN_FIELD,
    options::RECALL_WAIT_FIELD,
];

impl Procedure for DetachmentRecall {
    fn about(&self) -> &'static About {
        &About {
            id: "detachment-recall",
            title: "Detachment recall",
            rule: "E. Detachment Recall, L423-435",
            summary: "Each side may recall any of its Detachments on the map; they can be placed again from the following turn.",
            fields: RECALL_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
        options::prefill_setting(input, record, &options::RECALL_WAIT_FIELD);
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let recalled = input.list("recalled");
        let mut effects = Vec::new();
        for name in recalled {
            effects.extend(options::recall(
                side,
                name,
                input.number("turn"),
                input.text("recall_wait"),
                "E. Detachment Recall, L425-431",
            ));
        }
        let headline = match recalled.len() {
            0 => format!("The {} recall no Detachment", side_label(side)),
            n => format!(
                "The {} recall {n} Detachment{}",
                side_label(side),
                if n == 1 { "" } else { "s" }
            ),
        };
        Ok(Resolution::book_keeping("recall", headline, effects))
    }
}

/// After Step E: Hill's Corps counter follows the Anglo-Allied Detachments away from the line of
/// communication (L437-452).
pub struct LineOfCommunication;

const ANGST_FIELDS: &[Field] = &[
    Field {
        id: "on_map",
        label: "Anglo-Allied Detachments on the map",
        group: "Anglo-Allied Detachments",
        kind: FieldKind::Count { max: 20 },
        rule: "British Line of Communication Angst, L441-445",
        help: "Counted at the end of Detachment Recall; filled in from the record.",
    },
    Field {
        id: "eliminated",
        label: "Anglo-Allied Detachments eliminated",
        group: "Anglo-Allied Detachments",
        kind: FieldKind::Count { max: 20 },
        rule: "British Line of Communication Angst, L441-444",
        help: "Filled in from the record.",
    },
    Field {
        id: "counter",
        label: "Hill's Corps counter now",
        group: "Hill's Corps",
        kind: FieldKind::Choice(&[("two-star", "Two-star"), ("one-star", "One-star")]),
        rule: "British Line of Communication Angst, L443-446",
        help: "Filled in from the record.",
    },
    Field {
        id: "angst_reading",
        label: "Which Detachments count",
        group: "Hill's Corps",
        kind: FieldKind::Choice(ANGST_READING),
        rule: ANGST_READING_RULE,
        help: "The session setting; change it in Settings.",
    },
];

/// "3 or more Anglo-Allied Detachments" (L441-443).
const ANGST_THRESHOLD: i32 = 3;

impl Procedure for LineOfCommunication {
    fn about(&self) -> &'static About {
        &About {
            id: "line-of-communication",
            title: "British line of communication",
            rule: "British Line of Communication Angst, L437-452",
            summary: "At the end of Detachment Recall: with 3 or more Anglo-Allied Detachments on the map or eliminated, the two-star Hill Corps is replaced with the one-star counter; with fewer, it comes back.",
            fields: ANGST_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let count = |wanted: &str| {
            let conditions = [
                (attribute::ARMY, "Anglo-Allied"),
                (attribute::KIND, "detachment"),
                ("state", wanted),
            ];
            record.units_where(Some("coalition"), &conditions).count() as i64
        };
        input.set("on_map", Value::Number(count(state::ON_MAP)));
        input.set("eliminated", Value::Number(count(state::ELIMINATED)));
        let counter = record
            .unit("coalition", HILL)
            .and_then(|u| u.attribute(attribute::COUNTER))
            .unwrap_or("two-star");
        input.set("counter", Value::Text(counter.into()));
        let reading = record.option("angst_reading", ANGST_READING[0].0);
        input.set("angst_reading", Value::Text(reading.into()));
    }
    fn acting_side(&self, _input: &Input) -> String {
        "coalition".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let on_map = input.number("on_map");
        let counted = on_map + input.number("eliminated");
        let now = input.text("counter");
        let one_star = match (input.text("angst_reading"), now) {
            ("literal", "one-star") => on_map >= ANGST_THRESHOLD,
            _ => counted >= ANGST_THRESHOLD,
        };
        let (wanted, (stars, rule)) = if one_star {
            ("one-star", HILL_ONE_STAR)
        } else {
            ("two-star", HILL_TWO_STAR)
        };
        if wanted == now {
            return Ok(Resolution::book_keeping(
                wanted,
                format!("Hill's Corps keeps its {wanted} counter"),
                Vec::new(),
            ));
        }
        let effects = vec![
            set("coalition", HILL, attribute::COUNTER, wanted, rule),
            set("coalition", HILL, attribute::STARS, stars, rule),
        ];
        Ok(Resolution::book_keeping(
            wanted,
            format!(
                "Hill's Corps changes to its {wanted} counter ({stars} Battle Star{})",
                if stars == 1 { "" } else { "s" }
            ),
            effects,
        ))
    }
}
