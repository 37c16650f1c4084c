//! A move in the Movement Phase (L499-648): the record follows the Corps on or off the map and into
//! Battle formation, and spends one move of any allowance the side is on.
//!
//! Readings taken:
//! - on June 15 the first-day caps and the pass allowance are both spent by each move, so the
//!   lower of them binds.
//! - a reinforcement's entry drives back every enemy unit within 2 hexes of the entry hex: in
//!   it, next to it, or with its ZoC on a hex next to it (L630-631 names "an enemy unit or its ZOC";
//!   the narrower reading would leave "or its ZOC" without effect).
//! - on the Surprise turn only Ziethen moves, but a Coalition pass allowance still counts every
//!   Coalition Corps.
//! - the Deluge flips a unit on its first hex off the road; it goes on with what is left of the
//!   new formation's allowance.

use super::allowances::{CONCENTRATION_COUNTER, ROAD_CONGESTION_COUNTER};
use super::roster::{self, ZIETHEN, attribute, set, set_state, state};
use super::{SIDE_FIELD, TURN_FIELD, first_day_rules, moves_left, prefill_turn, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

/// Moves one Corps.
pub struct Move;

const MOVABLE: &[(&str, &str)] = &[
    ("state", "On map|Reinforcement"),
    (
        attribute::KIND,
        "infantry|cavalry|guard_infantry|guard_cavalry",
    ),
];

const FIELDS: &[Field] = &[
    SIDE_FIELD,
    Field {
        id: "corps",
        label: "Corps moving",
        group: "The move",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: MOVABLE,
            max_len: 60,
        },
        rule: "Movement Phase, L504-511",
        help: "The same Corps may move again later in the phase. Choose it from the record to fill in the rest.",
    },
    Field {
        id: "arm",
        label: "It is",
        group: "The move",
        kind: FieldKind::Choice(&[("infantry", "Infantry"), ("cavalry", "Cavalry")]),
        rule: "Movement, L169-177",
        help: "Filled in from the record.",
    },
    Field {
        id: "entering",
        label: "It enters the map as a reinforcement",
        group: "The move",
        kind: FieldKind::Flag,
        rule: "Reinforcements, L624-641",
        help: "Counted from the first map-edge hex it enters. Enemy units within 2 hexes of the entry hex (in it, next to it, or with their ZoC next to it) must retreat 3 hexes (Detachments are Recalled).",
    },
    Field {
        id: "ends_in_enemy_zoc",
        label: "It ends its move in an enemy ZoC",
        group: "Where it ends",
        kind: FieldKind::Flag,
        rule: "Movement, L579-581; clarification L1594-1608",
        help: "It stops there; infantry flips to Battle formation. Enemy infantry it moves next to flips too (record that with Battle formation).",
    },
    Field {
        id: "rain_off_road",
        label: "It moved off a road while it rains",
        group: "Where it ends",
        kind: FieldKind::Flag,
        rule: "The Deluge, L1083-1087, L1318-1322",
        help: "Infantry in Advance formation flips to Battle; cavalry becomes Exhausted.",
    },
    Field {
        id: "hex",
        label: "Hex it ends in (for the record)",
        group: "Where it ends",
        kind: FieldKind::Text { max_len: 30 },
        rule: "Movement Phase, L504-511",
        help: "Optional.",
    },
    TURN_FIELD,
];

impl Procedure for Move {
    fn about(&self) -> &About {
        &About {
            id: "move",
            title: "Move",
            rule: "Movement Phase, L499-648",
            summary: "A side moves one Corps, or enters one from the map edge. After the opponent has passed, each move spends one of the side's remaining moves.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "corps" {
            return;
        }
        let side = input.text("side").to_string();
        let name = input.text("corps").to_string();
        if let Some(kind) = roster::kind_of(record, &side, &name) {
            let arm = if kind.is_cavalry() {
                "cavalry"
            } else {
                "infantry"
            };
            input.set("arm", Value::Text(arm.into()));
        }
        if let Some(unit) = record.unit(&side, &name) {
            let entering = unit.state.as_ref() == state::REINFORCEMENT;
            input.set("entering", Value::Flag(entering));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("corps").trim().is_empty() {
            return Err(InputError::new("corps", "name the Corps that moves"));
        }
        Ok(())
    }
    /// The first-day limits on who may move (L1268-1272, L1285-1289), and reinforcements' turns.
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, corps) = (input.text("side"), input.text("corps").trim());
        let turn = input.number("turn");
        let refuse = |message: String| Err(InputError::new("corps", message));
        if first_day_rules(record) && side == "coalition" {
            if turn == 1 && corps != ZIETHEN {
                return refuse(format!(
                    "Surprise: on turn 1 the only Coalition unit that can move is {ZIETHEN} (L1268-1272)"
                ));
            }
            if turn == 2 && roster::army_of(record, side, corps).as_deref() == Some("Anglo-Allied")
            {
                return refuse(
                    "Delayed Reaction: Anglo-Allied units cannot move on turn 2 (L1285-1289)"
                        .into(),
                );
            }
        }
        if let Some(arrives) = roster::number_of(record, side, corps, attribute::ARRIVES_ON_TURN)
            && arrives > turn
        {
            return refuse(format!("{corps} arrives on turn {arrives}"));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let corps = input.text("corps").trim();
        let infantry = input.text("arm") == "infantry";
        let mut effects = Vec::new();
        let mut notes = Vec::new();
        if input.flag("entering") {
            let rule = "Reinforcements, L624-641";
            effects.push(set_state(side, corps, state::ON_MAP, rule));
            effects.push(set(side, corps, attribute::ARRIVES_ON_TURN, "", rule));
            effects.push(set(side, corps, attribute::ENTERS, "", rule));
            effects.push(Effect::Reminder {
                text: "Every enemy unit within 2 hexes of the entry hex (in it, next to it, or with its ZoC on a hex next to it) retreats 3 hexes as if it had lost an attack (a Detachment is Recalled)".into(),
                rule: "Reinforcements, L630-635 (open question A-26)".into(),
            });
            notes.push("enters the map");
        }
        effects.push(set(
            side,
            corps,
            attribute::HEX,
            input.text("hex").trim(),
            "Movement Phase, L504-511",
        ));
        if infantry && input.flag("ends_in_enemy_zoc") {
            effects.push(set(
                side,
                corps,
                attribute::FORMATION,
                "Battle",
                "Movement, L579-581; clarification L1594-1608",
            ));
            notes.push("Battle formation");
        } else if infantry && input.flag("rain_off_road") {
            effects.push(set(
                side,
                corps,
                attribute::FORMATION,
                "Battle",
                "The Deluge, L1083-1087",
            ));
            effects.push(Effect::Reminder {
                text: format!("{corps} flips on its first hex off the road and goes on with what is left of its Battle formation allowance").into(),
                rule: "The Deluge, L1083-1085 (open question A-29)".into(),
            });
            notes.push("Battle formation (rain)");
        }
        if !infantry && input.flag("rain_off_road") {
            effects.push(set(
                side,
                corps,
                attribute::CONDITION,
                "Exhausted",
                "The Deluge, L1083-1087",
            ));
            notes.push("Exhausted (rain)");
        }
        let mut counters = vec![moves_left(side)];
        counters.push(if side == "french" {
            ROAD_CONGESTION_COUNTER.to_string()
        } else {
            CONCENTRATION_COUNTER.to_string()
        });
        for name in counters {
            effects.push(Effect::UseCounter {
                name: name.into(),
                rule: "Movement Phase, L611-613; June 15, L1278, L1295, L1302".into(),
            });
        }
        let mut headline = format!("{} moves {corps}", side_label(side));
        if !notes.is_empty() {
            headline.push_str(&format!(": {}", notes.join(", ")));
        }
        Ok(Resolution::book_keeping("move", headline, effects))
    }
}
