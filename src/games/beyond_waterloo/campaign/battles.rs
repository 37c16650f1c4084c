//! The OPs Phase's Combat Segment (6.1, L836-846; 17.1.2b, L1584): every area that holds forces
//! of both sides at the end of movement is a mandatory battle. The Initiative player picks the
//! first; after each battle the player who did not pick it picks the next (6.16.9, L1156), and
//! a battle is fought to its end before the next is picked (6.1.3, L842). Each is a whole Battle
//! Sequence, played on the same steps as the Combat Game's.
//!
//! The app holds no map, but it knows where every Formation's marker and every un-brigaded unit
//! stands: an area is contested when pieces of both sides stand in it. The battles of an OPs
//! Phase are kept as counters for the turn, "OPs Phase 1, battle 1: Fleurus, picked by the
//! French", so the record shows them, the next picker follows from the last, and an area fought
//! over is not offered again in that OPs Phase.

use super::SEQUENCE;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, formation_or_unbrigaded, state};
use crate::games::beyond_waterloo::{SIDE_IDS, SIDES, initiative, opponent, people};
use std::collections::BTreeSet;

const RULE: &str = "6.1, L836-846; 17.1.2b, L1584";

/// The mark of the Battle Location Marker (6.1.5, L846), followed by the area, and by who holds
/// a Fortress there if one does.
const BATTLE_IN: &str = "Battle being fought in ";
const FORTRESS_HELD: &str = ", its Fortress held by the ";

/// The Battle Location Marker's mark, if a battle is being fought.
pub fn open_battle_mark(record: &Record) -> Option<&str> {
    record
        .marks
        .iter()
        .map(|mark| mark.as_str())
        .find(|mark| mark.starts_with(BATTLE_IN))
}

/// The area of the battle being fought, if one is.
pub fn open_battle(record: &Record) -> Option<&str> {
    let rest = open_battle_mark(record)?.strip_prefix(BATTLE_IN)?;
    Some(
        rest.split_once(FORTRESS_HELD)
            .map_or(rest, |(area, _)| area),
    )
}

/// The side holding a Fortress in the battle being fought, if one does (19.1.10, L1740).
pub fn battle_fortress(record: &Record) -> Option<&'static str> {
    let (_, people) = open_battle_mark(record)?.split_once(FORTRESS_HELD)?;
    SIDE_IDS
        .into_iter()
        .find(|side| super::super::people(side) == people)
}

/// Whether a battle is being fought: the Battle Sequence's steps are in force.
pub fn battle_open(record: &Record) -> bool {
    open_battle(record).is_some()
}

/// The mark that a battle is being fought in `area`, where `fortress` ("none", "french",
/// "allied") holds a Fortress.
pub fn battle_mark(area: &str, fortress: &str) -> String {
    if SIDE_IDS.contains(&fortress) {
        format!("{BATTLE_IN}{area}{FORTRESS_HELD}{}", people(fortress))
    } else {
        format!("{BATTLE_IN}{area}")
    }
}

/// The mark that the Fortress in `area` is destroyed, which stays (19.1.9, L1738).
pub fn fortress_destroyed_mark(area: &str) -> String {
    format!("Fortress destroyed in {area}")
}

/// Whether a piece holds the area it stands in for its side: a Formation's marker, or a Troop
/// unit not in a Formation (an un-brigaded unit, a National Guard garrison). Leaders, Wagons
/// and Magazines do not fight.
fn holds_area(piece: &crate::engine::record::UnitRecord) -> bool {
    piece.state.as_ref() == state::IN_PLAY && formation_or_unbrigaded(piece)
}

/// The areas where forces of both sides stand (17.1.2b, L1584).
pub fn contested_areas(record: &Record) -> BTreeSet<String> {
    let held = |side: &str| -> BTreeSet<String> {
        record
            .units_where(Some(side), &[])
            .filter(|(_, _, piece)| holds_area(piece))
            .filter_map(|(_, _, piece)| piece.attribute(attribute::AREA))
            .filter(|area| !area.is_empty())
            .map(str::to_string)
            .collect()
    };
    let french = held(SIDE_IDS[0]);
    held(SIDE_IDS[1])
        .into_iter()
        .filter(|area| french.contains(area))
        .collect()
}

/// A battle of this OPs Phase, as its counter names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picked {
    pub number: i64,
    pub area: String,
    pub picker: &'static str,
}

/// The title of the OPs Phase play stands in, which names its battles' counters.
fn ops_phase(record: &Record) -> &'static str {
    SEQUENCE
        .phases
        .get(record.position.phase)
        .map_or("OPs Phase", |phase| phase.title)
}

/// The counter of a battle picked in the OPs Phase titled `ops`, which `picked` reads back.
fn counter_name(ops: &str, number: i64, area: &str, picker: &str) -> String {
    format!(
        "{ops}, battle {number}: {area}, picked by the {}",
        people(picker)
    )
}

/// The battles picked in this OPs Phase, in the order picked.
pub fn picked(record: &Record) -> Vec<Picked> {
    let prefix = format!("{}, battle ", ops_phase(record));
    let mut battles: Vec<Picked> = record
        .counters
        .iter()
        .filter_map(|(name, number)| {
            let rest = name.as_str().strip_prefix(&prefix)?;
            let (_, rest) = rest.split_once(": ")?;
            let (area, people) = rest.rsplit_once(", picked by the ")?;
            let picker = SIDE_IDS
                .into_iter()
                .find(|side| super::super::people(side) == people)?;
            Some(Picked {
                number: *number,
                area: area.to_string(),
                picker,
            })
        })
        .collect();
    battles.sort_by_key(|battle| battle.number);
    battles
}

/// The battle being fought, or the last one fought, in this OPs Phase, as "OPs Phase 1, battle
/// 2: Ligny": what happens at or after a battle (a withdrawal, a roll) is of that battle.
pub fn last_battle(record: &Record) -> Option<String> {
    picked(record).pop().map(|b| {
        format!(
            "Turn {}, {}, battle {}: {}",
            record.position.turn,
            ops_phase(record),
            b.number,
            b.area
        )
    })
}

/// The contested areas not yet fought over in this OPs Phase, but the one being fought.
pub fn battles_to_fight(record: &Record) -> Vec<String> {
    let fought: Vec<String> = picked(record).into_iter().map(|b| b.area).collect();
    contested_areas(record)
        .into_iter()
        .filter(|area| !fought.contains(area))
        .collect()
}

/// Whether the Combat Segment goes back for another battle: none is being fought and a
/// contested area has not been fought over (6.16.9-6.16.10, L1156-1158).
pub fn more_battles(record: &Record) -> bool {
    !battle_open(record) && !battles_to_fight(record).is_empty()
}

/// The Combat Segment's step where battles are picked, in the OPs Phase's steps.
const PICK_STEP: usize = 1;
/// The Battle Winner's step.
const WINNER_STEP: usize = 7;

/// Where Next step goes from the pick step while a mandatory battle is not yet picked: nowhere
/// (6.1, L834: a battle in every contested area).
pub fn before_picking(record: &Record) -> Option<(usize, &'static str)> {
    more_battles(record).then_some((PICK_STEP, "Pick the next battle first"))
}

/// Where Next step goes from the Battle Winner: nowhere while the battle is not closed, back to
/// the pick step while contested areas remain (6.1.3, L842; 6.16.9-6.16.10, L1156-1158).
pub fn after_the_winner(record: &Record) -> Option<(usize, &'static str)> {
    if battle_open(record) {
        Some((WINNER_STEP, "Name the battle's winner first"))
    } else {
        more_battles(record).then_some((PICK_STEP, "Next battle"))
    }
}

/// Who picks the next battle: the Initiative player first (6.1.1, L838), then the player who
/// did not pick the last (6.1.2, L840; 6.16.9, L1156).
pub fn next_picker(record: &Record) -> &'static str {
    match picked(record).last() {
        Some(last) => opponent(last.picker),
        None => initiative(record),
    }
}

const GRAND_BATTERY_RULE: &str = "6.5.10, L980";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Picked by",
        group: "Battle",
        kind: FieldKind::Choice(SIDES),
        rule: "6.1.1-6.1.2, L838-840; 6.16.9, L1156",
        help: "Filled in: the Initiative player picks the first battle, then the player who did not pick the last one.",
    },
    Field {
        id: "at",
        label: "A force in the battle's area",
        group: "Battle",
        kind: FieldKind::Unit {
            of: UnitOf::Any,
            only: &[("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "17.1.2b, L1584",
        help: "Any Formation or un-brigaded unit standing in the contested area to be fought: the form names the area.",
    },
    Field {
        id: "fortress",
        label: "Fortress",
        group: "Battle",
        kind: FieldKind::Choice(crate::games::beyond_waterloo::combat_round::FORTRESS),
        rule: "19.1.10-19.1.11, L1740-1742",
        help: "A Fortress not destroyed, held by the side that occupied the area when the other entered; none if both entered it in this OPs Phase. The Combat Rounds open with it.",
    },
    Field::flag(
        "fortress_destroyed",
        "The area's Fortress is destroyed",
        "What the record knows",
        "19.1.7-19.1.9, L1732-1738",
        "Filled in from the record: a destroyed Fortress gives no benefit.",
    ),
    Field {
        id: "area",
        label: "The battle's area",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "6.1.5, L846",
        help: "Filled in from the force picked above: the Battle Location Marker goes here.",
    },
    Field {
        id: "to_fight",
        label: "Contested areas not yet fought over",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 600 },
        rule: "17.1.2b, L1584",
        help: "Filled in from the record: the areas where forces of both sides stand.",
    },
    Field {
        id: "left_over",
        label: "Left on the Battle Display from an earlier battle",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 2000 },
        rule: "6.16.7, L1152",
        help: "Filled in from the record: Formations still posted and cavalry still in a Charge box go back to their boxes.",
    },
    Field {
        id: "ops_phase",
        label: "OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 20 },
        rule: "17.1.1, L1579",
        help: "Filled in from the record.",
    },
    Field {
        id: "picked_before",
        label: "Battles picked before in this OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule: "6.1.2, L840",
        help: "Filled in from the record.",
    },
    Field {
        id: "french_batteries",
        label: "French Grand Battery cards waiting for this OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("french"),
            only: &[("state", state::USED_THIS_OPS_PHASE)],
        },
        rule: GRAND_BATTERY_RULE,
        help: "Filled in from the record at the OPs Phase's first battle: a Grand Battery played in an earlier OPs Phase is in hand again.",
    },
    Field {
        id: "allied_batteries",
        label: "Allied Grand Battery cards waiting for this OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("allied"),
            only: &[("state", state::USED_THIS_OPS_PHASE)],
        },
        rule: GRAND_BATTERY_RULE,
        help: "Filled in from the record at the OPs Phase's first battle.",
    },
];

/// What an earlier battle left on the Battle Display, as "side: name": Formations still posted
/// (a withdrawal's step was owed) and cavalry still in a Charge box.
fn left_over(record: &Record) -> Vec<String> {
    record
        .units_where(None, &[])
        .filter(|(_, _, u)| {
            u.attribute(attribute::ROLE).is_some_and(|r| !r.is_empty())
                || u.attribute(attribute::BOX) == Some("charge")
        })
        .map(|(side, name, _)| format!("{side}: {name}"))
        .collect()
}

/// The area a piece stands in, if it is a force in a contested area.
fn area_of<'a>(record: &'a Record, name: &str) -> Option<&'a str> {
    SIDE_IDS
        .into_iter()
        .filter_map(|side| record.unit(side, name))
        .filter(|piece| holds_area(piece))
        .find_map(|piece| piece.attribute(attribute::AREA))
}

/// Picks the next battle of the Combat Segment and puts the Battle Location Marker on it.
pub struct OpenBattle;

impl OpenBattle {
    fn fill(input: &mut Input, record: &Record) {
        let area = area_of(record, input.text("at").trim()).unwrap_or("");
        input.set("area", Value::Text(area.into()));
        let destroyed = record
            .marks
            .contains(fortress_destroyed_mark(area).as_str());
        input.set("fortress_destroyed", Value::Flag(destroyed));
        input.set("ops_phase", Value::Text(ops_phase(record).into()));
        input.set(
            "left_over",
            Value::Text(left_over(record).join("; ").as_str().into()),
        );
        input.set(
            "to_fight",
            Value::Text(battles_to_fight(record).join("; ").as_str().into()),
        );
        let before = picked(record).len();
        input.set(
            "picked_before",
            Value::Number(i64::try_from(before).unwrap_or(i64::MAX)),
        );
        for side in SIDE_IDS {
            // Only the OPs Phase's first battle takes the Grand Batteries back.
            let cards: Vec<Symbol> = record
                .units_where(Some(side), &[("state", state::USED_THIS_OPS_PHASE)])
                .filter(|_| before == 0)
                .map(|(_, name, _)| name.into())
                .collect();
            input.set(&format!("{side}_batteries"), Value::List(cards));
        }
    }
}

impl Procedure for OpenBattle {
    fn about(&self) -> &About {
        &About {
            id: "open-battle",
            title: "Pick the next battle",
            rule: RULE,
            summary: "Names the contested area to be fought over next, picked by the Initiative player first and then by turns, and puts the Battle Location Marker there: the Battle Sequence's steps follow.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "at", "area", "to_fight", "fortress"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("side", Value::Text(next_picker(record).into()));
        let first = battles_to_fight(record).into_iter().next();
        let at = first.and_then(|area| {
            record
                .units_where(Some(next_picker(record)), &[(attribute::AREA, &area)])
                .chain(record.units_where(None, &[(attribute::AREA, &area)]))
                .find(|(_, _, piece)| holds_area(piece))
                .map(|(_, name, _)| name.to_string())
        });
        input.set("at", Value::Text(at.unwrap_or_default().as_str().into()));
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        if field != "at" {
            return true;
        }
        let to_fight = battles_to_fight(record);
        record
            .unit(side, name)
            .filter(|piece| holds_area(piece))
            .and_then(|piece| piece.attribute(attribute::AREA))
            .is_some_and(|area| to_fight.iter().any(|a| a == area))
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let at_pick_step =
            record.position.step == PICK_STEP && ops_phase(record).starts_with("OPs Phase");
        if !at_pick_step {
            return Err(InputError::new(
                "at",
                "battles are picked in an OPs Phase's Combat Segment, once both sides have moved (17.1.2b, L1584)",
            ));
        }
        if let Some(area) = open_battle(record) {
            return Err(InputError::new(
                "at",
                format!(
                    "the battle in {area} is being fought: it ends before the next is picked (6.1.3, L842)"
                ),
            ));
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = [
            "area",
            "left_over",
            "fortress_destroyed",
            "ops_phase",
            "to_fight",
            "picked_before",
            "french_batteries",
            "allied_batteries",
        ];
        if let Some((id, value)) = input.first_difference(&known, facts) {
            return Err(InputError::new(
                id,
                format!("the record has {value}: open the form again"),
            ));
        }
        let to_fight = battles_to_fight(record);
        if to_fight.is_empty() {
            return Err(InputError::new(
                "at",
                "no area holds forces of both sides that has not been fought over in this OPs Phase (17.1.2b, L1584)",
            ));
        }
        let area = input.text("area");
        if !to_fight.iter().any(|a| a == area) {
            return Err(InputError::new(
                "at",
                format!(
                    "pick a force in a contested area not yet fought over: {}",
                    to_fight.join(", ")
                ),
            ));
        }
        if input.flag("fortress_destroyed") && input.text("fortress") != "none" {
            return Err(InputError::new(
                "fortress",
                format!("the Fortress in {area} is destroyed: it gives no benefit (19.1.7, L1732)"),
            ));
        }
        let picker = next_picker(record);
        if input.text("side") != picker {
            let why = match picked(record).last() {
                Some(last) => format!(
                    "the {} picked the last battle, in {} (6.16.9, L1156)",
                    people(last.picker),
                    last.area
                ),
                None => "the Initiative player picks the first battle (6.1.1, L838)".into(),
            };
            return Err(InputError::new(
                "side",
                format!("the {} pick this battle: {why}", people(picker)),
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
        let area = input.text("area");
        let number = i64::from(input.number("picked_before")) + 1;
        let ops = input.text("ops_phase");
        let mut effects = vec![
            Effect::Mark {
                name: battle_mark(area, input.text("fortress")).as_str().into(),
                rule: "6.1.5, L846".into(),
            },
            Effect::SetCounter {
                name: counter_name(ops, number, area, side).as_str().into(),
                value: number,
                rule: "6.1.1-6.1.2, L838-840".into(),
                lasts: Lasts::Turn,
            },
        ];
        // What an earlier battle left on the Display goes back to its box (6.16.7, L1152).
        for entry in input
            .text("left_over")
            .split("; ")
            .filter(|e| !e.is_empty())
        {
            if let Some((owner, name)) = entry.split_once(": ") {
                for attribute in [attribute::ROLE, attribute::BOX] {
                    effects.push(Effect::set_attribute(
                        owner,
                        name,
                        attribute,
                        "",
                        "6.16.7, L1152",
                    ));
                }
            }
        }
        for card_side in SIDE_IDS {
            for card in input.list(&format!("{card_side}_batteries")) {
                effects.push(Effect::set_state(
                    card_side,
                    card,
                    state::IN_HAND,
                    GRAND_BATTERY_RULE,
                ));
            }
        }
        let headline = format!(
            "Battle {number} of {ops}: the {} pick {area}; the Battle Location Marker goes there",
            people(side)
        );
        Ok(Resolution::book_keeping("open-battle", headline, effects))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beyond_waterloo::BATTLE_WINNER;

    #[test]
    fn the_pick_and_winner_step_numbers_name_those_steps() {
        for phase in SEQUENCE
            .phases
            .iter()
            .filter(|p| p.title.starts_with("OPs"))
        {
            let title = |step: usize| phase.steps.get(step).map(|s| s.title);
            assert_eq!(title(PICK_STEP), Some("Combat Segment: pick a battle"));
            assert_eq!(title(WINNER_STEP), Some(BATTLE_WINNER.title));
        }
    }
}
