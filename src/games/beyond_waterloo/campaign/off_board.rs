//! Off-Board Movement (Module 15, L1465-1481): in each Off-Board Movement Segment every force on
//! an Off-Board Movement display may move one connected box; from the track's last box it may
//! enter its Entry Zone, and from there the map in the next OPs Phase (Move a Formation). In the
//! Basic Game only the Allies move off the map (L1215), and nothing enters a track from the map
//! (15.1.7, L1481).
//!
//! The app holds no map and no track: the players name the box a force moves to, picked from the
//! boxes the record knows or typed; the app keeps the one move a segment.

use super::movement::known_areas;
use super::set_up::TRACK;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, formation_or_unbrigaded, state};
use crate::games::beyond_waterloo::{SIDES, people};

const RULE: &str = "15.1, L1469-1481";

/// The segment a force last moved off the map in, as "turn/phase/step": once a segment.
const MOVED_IN: &str = "off_board_moved_in";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Off-board move",
        kind: FieldKind::Choice(SIDES),
        rule: "8.2.1, L1215",
        help: "The Allied player only, in the Basic Game.",
    },
    Field {
        id: "force",
        label: "Formation or unit on a track",
        group: "Off-board move",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "15.1.4, L1475",
        help: "A Formation or an un-brigaded unit on an Off-Board Movement display.",
    },
    Field {
        id: "to",
        label: "To the connected box",
        group: "Off-board move",
        kind: FieldKind::Text { max_len: 100 },
        rule: "15.1.4, L1475",
        help: "The next box on its display, or its Entry Zone from the track's last box.",
    },
    Field::flag(
        "entry_zone",
        "Into the Entry Zone, from the track's last box",
        "Off-board move",
        "15.1.5-15.1.6, L1477-1479",
        "From the Entry Zone it moves onto the map in the next OPs Phase, paying the area's MP cost.",
    ),
    Field {
        id: "track",
        label: "Its display",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 100 },
        rule: "15.1.2, L1473",
        help: "From the record: empty for a force on the map.",
    },
    Field {
        id: "segment",
        label: "This segment",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 20 },
        rule: "15.1.4, L1475",
        help: "From the record.",
    },
    Field::flag(
        "moved",
        "It has moved in this segment",
        "What the record knows",
        "15.1.4, L1475",
        "From the record: one box a segment.",
    ),
];

/// A force that moves on a track: a Formation, or a Troop unit in none.
fn is_force(record: &Record, side: &str, name: &str) -> bool {
    record.unit(side, name).is_some_and(formation_or_unbrigaded)
}

/// A force's move from box to box of its Off-Board Movement display.
pub struct OffBoardMove;

impl OffBoardMove {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let piece = record.unit(&side, input.text("force").trim());
        let of = |name: &str| piece.and_then(|p| p.attribute(name)).unwrap_or("");
        let segment = super::segment_mark(record);
        let moved = of(MOVED_IN) == segment;
        input.set("track", Value::Text(of(TRACK).into()));
        input.set("segment", Value::Text(segment.as_str().into()));
        input.set("moved", Value::Flag(moved));
    }
}

impl Procedure for OffBoardMove {
    fn about(&self) -> &About {
        &About {
            id: "off-board-move",
            title: "Off-board move",
            rule: RULE,
            summary: "A force on an Off-Board Movement display moves one connected box a segment, from the last box into its Entry Zone, and from there onto the map in the next OPs Phase.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "force", "to", "entry_zone"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("side", Value::Text("allied".into()));
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != "force"
            || (is_force(record, side, name)
                && record
                    .unit(side, name)
                    .and_then(|p| p.attribute(TRACK))
                    .is_some_and(|t| !t.is_empty()))
    }
    fn suggests(&self, field: &str, _input: &Input, record: &Record) -> Vec<String> {
        if field == "to" {
            known_areas(record)
        } else {
            Vec::new()
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("to").trim().is_empty() {
            return Err(InputError::new("to", "name the box it moves to"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if !super::in_step(record, super::sequence::OFF_BOARD_TITLE) {
            return Err(InputError::new(
                "force",
                "off-board forces move in the Off-Board Movement Segments (15.1.1, L1469)",
            ));
        }
        let side = input.text("side");
        if !super::advanced_game(record) && side != "allied" {
            return Err(InputError::new(
                "side",
                "in the Basic Game only the Allied player moves off the map (8.2.1, L1215; 15.1.7, L1481)",
            ));
        }
        let name = input.text("force").trim();
        if !is_force(record, side, name) {
            return Err(InputError::new(
                "force",
                format!(
                    "{name} is not a Formation or un-brigaded unit of the {}",
                    people(side)
                ),
            ));
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if let Some((id, value)) = input.first_difference(&known, ["track", "segment", "moved"]) {
            return Err(InputError::new(
                id,
                format!("the record has {value}: pick the force again"),
            ));
        }
        if known.text("track").is_empty() {
            return Err(InputError::new(
                "force",
                format!(
                    "{name} is on the map, not on an Off-Board Movement display (15.1.7, L1481)"
                ),
            ));
        }
        if known.flag("moved") {
            return Err(InputError::new(
                "force",
                format!("{name} has moved its one box in this segment (15.1.4, L1475)"),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let force = input.text("force").trim();
        let to = input.text("to").trim();
        let mut effects = vec![
            Effect::set_attribute(side, force, attribute::AREA, to, "15.1.4, L1475"),
            Effect::set_attribute(
                side,
                force,
                MOVED_IN,
                input.text("segment"),
                "15.1.4, L1475",
            ),
        ];
        let headline = if input.flag("entry_zone") {
            effects.push(Effect::reminder(
                &format!(
                    "{force} may move onto the map in the next OPs Phase, paying the area's MP cost"
                ),
                "15.1.6, L1479",
            ));
            format!("{force} enters its Entry Zone, {to}")
        } else {
            format!("{force} moves to {to}")
        };
        Ok(Resolution::book_keeping("off-board", headline, effects))
    }
}
