//! The Fortresses the record knows, and who holds each (Module 19, L1714-1742). The app holds no
//! map: the record knows a Fortress from the scenario's garrison sites, held by the French as play
//! begins (27.2.1, L2286), and from a Fortress capture the players report, which passes it to the
//! captor (20.3, L1778). A Fortress destroyed by a siege stays so (19.1.9, L1738). The holder
//! named as a battle is picked is the battle's (19.1.10, L1740): it changes nothing here.
//!
//! A Formation in an area whose Fortress its side holds undestroyed is in supply whatever the
//! Lines of Supply (16.1.4, L1497; 19.1.1, L1720): the Supply Segment reads it here.

use super::battles::fortress_destroyed_mark;
use crate::engine::record::{Effect, Record};
use crate::games::beyond_waterloo::{SIDE_IDS, opponent, people};
use std::collections::BTreeSet;

/// The mark that a side holds the Fortress in an area: "Fortress in Lille held by the French".
const FORTRESS_IN: &str = "Fortress in ";
const HELD_BY: &str = " held by the ";

/// The mark that `side` holds the Fortress in `area`.
pub fn held_mark(area: &str, side: &str) -> String {
    format!("{FORTRESS_IN}{area}{HELD_BY}{}", people(side))
}

/// The areas whose Fortress the record knows, with the side holding each.
fn held(record: &Record) -> impl Iterator<Item = (&str, &'static str)> {
    record.marks.iter().filter_map(|mark| {
        let (area, holder) = mark
            .as_str()
            .strip_prefix(FORTRESS_IN)?
            .rsplit_once(HELD_BY)?;
        let side = SIDE_IDS.into_iter().find(|side| people(side) == holder)?;
        Some((area, side))
    })
}

/// The side holding the Fortress in `area`, if the record knows one there.
pub fn holder(record: &Record, area: &str) -> Option<&'static str> {
    held(record)
        .find(|(at, _)| *at == area)
        .map(|(_, side)| side)
}

/// Whether `side` holds an undestroyed Fortress in `area`: its Formations there are in supply
/// (16.1.4, L1497; 19.1.1, L1720; 19.1.7, L1732).
pub fn supplies(record: &Record, side: &str, area: &str) -> bool {
    holder(record, area) == Some(side)
        && !record
            .marks
            .contains(fortress_destroyed_mark(area).as_str())
}

/// The areas whose Fortress the record knows, for the players to pick from.
pub fn areas(record: &Record) -> Vec<String> {
    let areas: BTreeSet<&str> = held(record).map(|(area, _)| area).collect();
    areas.into_iter().map(str::to_string).collect()
}

/// The Fortress in `area` taken by `captor` from his opponent (20.3, L1778).
pub fn captured(area: &str, captor: &str) -> [Effect; 2] {
    let rule = "20.3, L1778; 16.1.4, L1497";
    [
        Effect::Unmark {
            name: held_mark(area, opponent(captor)).as_str().into(),
            rule: rule.into(),
        },
        Effect::Mark {
            name: held_mark(area, captor).as_str().into(),
            rule: rule.into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holder_mark_reads_back_with_its_area_and_side() {
        let mut record = Record::default();
        record.apply(&captured("Lille", "allied"), 1);
        assert_eq!(holder(&record, "Lille"), Some("allied"));
        assert!(supplies(&record, "allied", "Lille"));
        assert!(!supplies(&record, "french", "Lille"));
        record.apply(&captured("Lille", "french"), 2);
        assert_eq!(holder(&record, "Lille"), Some("french"));
        assert_eq!(areas(&record), ["Lille"]);
        record.apply(
            &[Effect::Mark {
                name: fortress_destroyed_mark("Lille").as_str().into(),
                rule: "19.1.9, L1738".into(),
            }],
            3,
        );
        assert!(!supplies(&record, "french", "Lille"));
        assert_eq!(holder(&record, "Nowhere"), None);
    }
}
