//! Optional rule 3.0, Scouting (L1318-1341): in the Movement Phase a cavalry unit, instead of
//! fighting, moves into an Area without enemy units and is activated to scout as many enemy units
//! in an adjacent Green Area as it has dots. The Phasing Side picks them at random and they are
//! turned face up; the scout may not attack this Impulse.
//!
//! The app does not know which enemy blocks stand in the Area, so it draws places: the enemy
//! blocks there are counted from the left as the Phasing Side sees them, and the draw names which
//! to turn. Two steps, as on the table: the blocks are counted (set out), then the app draws.

use super::blocks::{Block, state};
use super::options::{SCOUTING, on_form};
use super::{SIDES, impulse, side_label};
use crate::engine::draws::DrawSlot;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

const RULE: &str = "OR 3.0 Scouting, L1318, L1322-1328, L1338-1341";

/// The cup of the scouted Area's places.
const CUP: &str = "Scouting draw";

/// The record's counter of the blocks the draw turns face up.
const TO_REVEAL: &str = "Scouted blocks to turn face up";

/// The attribute that marks a scout with the turn and Impulse it scouted in ("2.3"): it may not
/// attack then.
pub const SCOUTED_IN: &str = "scouted in turn.Impulse";

/// A turn and Impulse as `SCOUTED_IN` keeps them.
pub fn turn_and_impulse(record: &Record) -> String {
    format!("{}.{}", record.position.turn, impulse::impulses(record))
}

/// The place of the `n`th enemy block, counted from the left.
fn place(n: i32) -> Symbol {
    format!("block {n} from the left").as_str().into()
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Scout's Faction",
        group: "Scout",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "Of the Side whose Impulse it is.",
    },
    Field {
        id: "scout",
        label: "Scouting cavalry",
        group: "Scout",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_MAP), ("type", "cavalry")],
            max_len: 40,
        },
        rule: "OR 3.0, L1322-1328",
        help: "A cavalry unit that moved (3 MP, 4 for the English Cavalry) into an Area without enemy units and is activated (1 MP) instead of fighting.",
    },
    Field {
        id: "dots",
        label: "Its dots",
        group: "Scout",
        kind: FieldKind::Count { max: 4 },
        rule: "OR 3.0, L1326-1328; 3.2, L486-488",
        help: "Filled in from the record: its strength now.",
    },
    Field::flag(
        "green",
        "The scouted Area is a Green Area next to the scout",
        "Scouted Area",
        "OR 3.0, L1326-1328",
        "Only a Green Area can be scouted.",
    ),
    Field {
        id: "enemy_blocks",
        label: "Enemy blocks in it",
        group: "Scouted Area",
        kind: FieldKind::Count { max: 4 },
        rule: "1.3 Stacking, L273-283",
        help: "Counted from the left as the Phasing Side sees them; a Green Area holds at most 4 of a Side.",
    },
    Field {
        id: "impulse",
        label: "Turn and Impulse",
        group: "Scout",
        kind: FieldKind::Text { max_len: 8 },
        rule: "6.0, L770-773",
        help: "Filled in from the record: the scout may not attack in it.",
    },
    on_form(SCOUTING),
];

/// Counts the scouted Area's enemy blocks, for the draw.
pub struct Scouting;

impl Procedure for Scouting {
    fn about(&self) -> &About {
        &About {
            id: "scouting",
            title: "Scouting: count the blocks",
            rule: RULE,
            summary: "Optional rule 3.0: a cavalry unit scouts an adjacent Green Area; its enemy blocks are counted from the left, and as many as the scout's dots are then drawn to turn face up.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "scout", "green", "enemy_blocks"]
    }
    fn applies(&self, record: &Record) -> bool {
        super::options::played(record, &SCOUTING)
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &SCOUTING);
        // The Side whose Impulse is being played.
        let phasing = impulse::current_side(record);
        input.set("side", Value::Text(phasing.into()));
        input.set(
            "impulse",
            Value::Text(turn_and_impulse(record).as_str().into()),
        );
        self.follow("scout", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "scout"
            && let Some(level) = Block::on_record(record, input.text("side"), input.text("scout"))
                .and_then(|block| block.top())
        {
            input.set("dots", Value::Number(level.strength()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text(SCOUTING.id) != "on" {
            return Err(InputError::new(
                SCOUTING.id,
                "the optional rule 3.0 is not played (Session settings)",
            ));
        }
        if !input.flag("green") {
            return Err(InputError::new(
                "green",
                "only an adjacent Green Area can be scouted (L1326-1328)",
            ));
        }
        if input.number("enemy_blocks") == 0 {
            return Err(InputError::new(
                "enemy_blocks",
                "there is no enemy block to scout",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, scout) = (input.text("side"), input.text("scout").trim());
        let is_cavalry = record.unit(side, scout).is_some_and(|unit| {
            unit.state.as_ref() == state::ON_MAP && unit.attribute("type") == Some("cavalry")
        });
        if !is_cavalry {
            return Err(InputError::new(
                "scout",
                format!(
                    "{scout} is not a {} cavalry unit on the map",
                    side_label(side)
                ),
            ));
        }
        let dots = Block::on_record(record, side, scout)
            .and_then(|b| b.top())
            .map_or(0, |level| level.strength());
        if i64::from(input.number("dots")) != dots {
            return Err(InputError::new(
                "dots",
                format!("the record has {scout} at {dots}"),
            ));
        }
        // The scout is of the Side whose Impulse it is (L1322-1328).
        let phasing = impulse::current_side(record);
        if (side == "french") != (phasing == "french") {
            return Err(InputError::new(
                "side",
                format!("{scout} is not of the Side whose Impulse it is"),
            ));
        }
        let now = turn_and_impulse(record);
        if input.text("impulse") != now {
            return Err(InputError::new(
                "impulse",
                format!("the record is at turn and Impulse {now}"),
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
        let (side, scout) = (input.text("side"), input.text("scout").trim());
        let blocks = input.number("enemy_blocks");
        let reveal = input.number("dots").min(blocks);
        Ok(Resolution::book_keeping(
            "scouting",
            format!(
                "{scout} scouts {blocks} enemy block(s): {reveal} will be drawn to turn face up"
            ),
            vec![
                Effect::EmptyCup {
                    cup: CUP.into(),
                    rule: RULE.into(),
                },
                Effect::PutInCup {
                    cup: CUP.into(),
                    chits: (1..=blocks).map(place).collect(),
                    rule: RULE.into(),
                },
                Effect::SetCounter {
                    name: TO_REVEAL.into(),
                    value: i64::from(reveal),
                    rule: RULE.into(),
                    lasts: Lasts::Step,
                },
                Effect::set_attribute(
                    side,
                    scout,
                    SCOUTED_IN,
                    input.text("impulse"),
                    "OR 3.0, L1338-1341",
                ),
                Effect::reminder(
                    "The scout may not attack this Impulse, and is deactivated in the Deactivation Phase",
                    "OR 3.0, L1338-1341",
                ),
            ],
        ))
    }
}

const DRAW_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Phasing Side",
        group: "Scouting",
        kind: FieldKind::Choice(impulse::SIDES),
        rule: "OR 3.0, L1338",
        help: "The Side that scouted draws.",
    },
    Field {
        id: "count",
        label: "Blocks to turn face up",
        group: "Scouting",
        kind: FieldKind::Count { max: 4 },
        rule: RULE,
        help: "Filled in from the record: the scout's dots, or every enemy block if fewer.",
    },
];

/// The app draws which of the counted blocks turn face up.
pub struct ScoutingDraw;

impl Procedure for ScoutingDraw {
    fn about(&self) -> &About {
        &About {
            id: "scouting-draw",
            title: "Scouting: draw the blocks to turn",
            rule: RULE,
            summary: "Draws at random which of the counted enemy blocks are turned face up.",
            fields: DRAW_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.cups.get(CUP).is_some_and(|cup| !cup.is_empty())
            && record.counters.get(TO_REVEAL).is_some_and(|n| *n > 0)
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let phasing = impulse::current_side(record);
        input.set("side", Value::Text(phasing.into()));
        if let Some(count) = record.counters.get(TO_REVEAL) {
            input.set("count", Value::Number(*count));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let expected = record.counters.get(TO_REVEAL).copied().unwrap_or(0);
        if expected == 0 || i64::from(input.number("count")) != expected {
            return Err(InputError::new(
                "count",
                format!("the scouting counted {expected} block(s) to turn: count them first"),
            ));
        }
        Ok(())
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        (1..=input.number("count"))
            .map(|n| DrawSlot::open(&format!("Scouted block {n}"), CUP))
            .collect()
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut drawn: Vec<&str> = faces.chits().iter().map(Symbol::as_str).collect();
        drawn.sort_unstable();
        let list = drawn.join(", ");
        Ok(Resolution::book_keeping(
            "scouting-draw",
            format!("Turn face up: {list}"),
            vec![
                Effect::EmptyCup {
                    cup: CUP.into(),
                    rule: RULE.into(),
                },
                Effect::SetCounter {
                    name: TO_REVEAL.into(),
                    value: 0,
                    rule: RULE.into(),
                    lasts: Lasts::Step,
                },
                Effect::reminder(
                    &format!(
                        "The scouted Side turns face up {list}, counted from the left as the Phasing Side sees them"
                    ),
                    RULE,
                ),
            ],
        ))
    }
}
