//! Command Morale (R 10.2, L1627-1651), checked for each Command in the Command Morale Phase
//! (L174, L1629). No dice: the app counts the Command's non-artillery units and those of them
//! Routed, Reduced or Eliminated. Shaken when more than half are (L1633); Shattered when all are
//! (L1646), and for good (L1651); a Shaken Command recovers when no longer more than half are
//! (L1642, "based upon the Rally of Routed units").
//!
//! Readings taken:
//! - "Flipped/Reduced" (L1633, L1646) is the Reduced side of a counter: a unit with a reverse side
//!   (4 steps) that has lost 2 steps or more (R 9.13A, L1463-1465). A unit with no reverse side (2
//!   steps) is never Reduced: its second step lost eliminates it (L1464), so it counts only when
//!   Routed or Eliminated; one step lost (a Step Lost marker, "no effect", L1463) does not count
//!   (digest §7). A unit that has lost all its steps counts as Eliminated.
//! - Every non-artillery unit of the Command counts, the Eliminated ones included (they are among
//!   the "bad" of L1633). Units the record does not hold (not yet arrived, or never entered) are
//!   counted only if the players type them in (digest §7 leaves open whether units not yet
//!   arrived count).
//! - A Command is named by its LIM's name, as the record's units carry it in their `command`
//!   attribute; the marks name the army too, since two armies have an "I Corps":
//!   "Shaken: I Corps (French)", "Shattered: I Corps (French)". A Shattered Command keeps both
//!   marks: every effect of Shaken applies to it (L1646).

use super::forms::of_army;
use super::roster::{self, attribute, state};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;
use std::collections::BTreeSet;

const RULE: &str = "Command Morale, R 10.2, L1627-1651";
const SHAKEN_RULE: &str = "Shaken Commands, R 10.21A, L1633";
const SHAKEN_EFFECTS_RULE: &str = "Shaken Commands, R 10.21B, L1635-1641";
const RECOVERY_RULE: &str = "Shaken Commands, R 10.21C, L1642";
const SHATTERED_RULE: &str = "Shattered Commands, R 10.22A, L1646-1649";
const PERMANENT_RULE: &str = "Shattered Commands, R 10.22B, L1651";

/// The record's mark of a Shaken Command of `side`.
pub fn shaken_mark(command: &str, side: &str) -> String {
    format!("Shaken: {}", of_army(command.trim(), side))
}

/// The record's mark of a Shattered Command of `side`.
pub fn shattered_mark(command: &str, side: &str) -> String {
    format!("Shattered: {}", of_army(command.trim(), side))
}

/// Whether the Command of `side` is Shaken (or Shattered) on the record.
pub fn shaken(record: &Record, command: &str, side: &str) -> bool {
    !command.trim().is_empty() && record.marks.contains(shaken_mark(command, side).as_str())
}

/// Whether a unit on the record is Routed, Reduced or Eliminated (L1633, L1646).
fn broken(unit: &UnitRecord) -> bool {
    let lost = roster::number(unit, attribute::STEPS_LOST).unwrap_or(0);
    let steps = roster::number(unit, attribute::STEPS).unwrap_or(4);
    let reduced = steps >= 4 && lost >= 2;
    unit.state.as_ref() == state::ROUTED
        || unit.state.as_ref() == state::ELIMINATED
        || lost >= steps
        || reduced
}

fn non_artillery(unit: &UnitRecord) -> bool {
    unit.attribute(attribute::TYPE)
        .is_some_and(|t| t != "artillery" && roster::TYPES.iter().any(|(id, _)| *id == t))
}

/// The Command's non-artillery units on the record, and how many of them are broken.
fn tally(record: &Record, side: &str, command: &str) -> (i64, i64) {
    let command = command.trim();
    if command.is_empty() {
        return (0, 0);
    }
    record
        .units_where(Some(side), &[])
        .filter(|(_, _, unit)| {
            non_artillery(unit)
                && unit
                    .attribute(attribute::COMMAND)
                    .is_some_and(|c| c.trim() == command)
        })
        .fold((0, 0), |(all, bad), (_, _, unit)| {
            (all + 1, bad + i64::from(broken(unit)))
        })
}

/// The Commands the record's combat units of `side` name.
fn commands(record: &Record, side: &str) -> Vec<String> {
    record
        .units_where(Some(side), &[])
        .filter(|(_, _, unit)| non_artillery(unit))
        .filter_map(|(_, _, unit)| unit.attribute(attribute::COMMAND))
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

const fn count(
    id: &'static str,
    label: &'static str,
    group: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group,
        kind: FieldKind::Count { max: 60 },
        rule: SHAKEN_RULE,
        help,
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Command",
        kind: FieldKind::Choice(SIDES),
        rule: "Sides, R 2.1, L14",
        help: "The Command's army.",
    },
    Field {
        id: "command",
        label: "Command (its LIM)",
        group: "Command",
        kind: FieldKind::Text { max_len: 40 },
        rule: "Command, R 4.21, L204-210",
        help: "As the record's units name it, e.g. \"I Corps\".",
    },
    count(
        "record_units",
        "Its non-artillery units on the record",
        "What the record knows",
        "Filled in from the record, the Eliminated ones included.",
    ),
    count(
        "record_bad",
        "Of them Routed, Reduced or Eliminated",
        "What the record knows",
        "Filled in from the record. Reduced: a unit with a reverse side that has lost 2 steps or more; a 2-step unit counts only Routed or Eliminated.",
    ),
    Field {
        id: "was_shaken",
        label: "The Command is Shaken",
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule: RECOVERY_RULE,
        help: "Filled in from the record.",
    },
    Field {
        id: "was_shattered",
        label: "The Command is Shattered",
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule: PERMANENT_RULE,
        help: "Filled in from the record: Shattered for good.",
    },
    count(
        "other_units",
        "Its non-artillery units not on the record",
        "Units not on the record",
        "Those the players have not entered, if they count them.",
    ),
    count(
        "other_bad",
        "Of those, Routed, Reduced or Eliminated",
        "Units not on the record",
        "Reduced: on their Reduced side.",
    ),
];

/// The Command Morale check of one Command.
pub struct CommandMorale;

impl Procedure for CommandMorale {
    fn about(&self) -> &About {
        &About {
            id: "command-morale",
            title: "Command Morale",
            rule: RULE,
            summary: "Counts a Command's non-artillery units Routed, Reduced or Eliminated: more than half, it is Shaken; all of them, it is Shattered for good. A Shaken Command recovers when they are no longer more than half.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "command"]
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "command" && changed != "side" {
            return;
        }
        let (side, command) = (
            input.text("side").to_string(),
            input.text("command").to_string(),
        );
        let (all, bad) = tally(record, &side, &command);
        input.set("record_units", Value::Number(all));
        input.set("record_bad", Value::Number(bad));
        let marked =
            |mark: String| !command.trim().is_empty() && record.marks.contains(mark.as_str());
        input.set(
            "was_shaken",
            Value::Flag(marked(shaken_mark(&command, &side))),
        );
        input.set(
            "was_shattered",
            Value::Flag(marked(shattered_mark(&command, &side))),
        );
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("command").trim().is_empty() {
            return Err(InputError::new(
                "command",
                "name the Command, as its units on the record name it",
            ));
        }
        for (bad, all) in [("record_bad", "record_units"), ("other_bad", "other_units")] {
            if input.number(bad) > input.number(all) {
                return Err(InputError::new(bad, "more than the units counted"));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, command) = (input.text("side"), input.text("command"));
        let (all, bad) = tally(record, side, command);
        let facts = [
            (
                "record_units",
                i64::from(input.number("record_units")) == all,
            ),
            ("record_bad", i64::from(input.number("record_bad")) == bad),
            (
                "was_shaken",
                input.flag("was_shaken")
                    == record.marks.contains(shaken_mark(command, side).as_str()),
            ),
            (
                "was_shattered",
                input.flag("was_shattered")
                    == record
                        .marks
                        .contains(shattered_mark(command, side).as_str()),
            ),
        ];
        if let Some((field, _)) = facts.iter().find(|(_, same)| !same) {
            return Err(InputError::new(
                field,
                "the record says otherwise: name the Command again to fill this in",
            ));
        }
        if all == 0 && input.number("other_units") == 0 {
            let known = commands(record, side);
            let listed = if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            };
            return Err(InputError::new(
                "command",
                format!(
                    "the record has no non-artillery unit of {} in {}; its Commands: {listed}. Or count the units not on the record",
                    command.trim(),
                    army_label(side)
                ),
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
        let (side, command) = (input.text("side"), input.text("command").trim());
        let all = input.number("record_units") + input.number("other_units");
        let bad = input.number("record_bad") + input.number("other_bad");
        let name = of_army(command, side);
        let was_shattered = input.flag("was_shattered");
        let shattered = was_shattered || (all > 0 && bad == all);
        let shaken = shattered || 2 * bad > all;
        let mark = |name: String, rule: &str| Effect::Mark {
            name: name.into(),
            rule: rule.into(),
        };
        let counted =
            format!("{bad} of its {all} non-artillery units Routed, Reduced or Eliminated");
        let mut effects = Vec::new();
        if shaken {
            effects.push(mark(shaken_mark(command, side), SHAKEN_RULE));
            effects.push(Effect::reminder(
                &format!("{name} is Shaken: no unit of it may voluntarily enter an enemy ZOC or use Strategic Movement; +1 to all its Disorder and Rally/Recovery die rolls; its units exert ZOCs into their Front hexes only"),
                SHAKEN_EFFECTS_RULE,
            ));
        }
        if shattered {
            effects.push(mark(shattered_mark(command, side), SHATTERED_RULE));
            effects.push(Effect::reminder(
                &format!("{name} is Shattered: every unrouted unit of it must move as soon as possible to at least five hexes from the nearest enemy combat unit, and In Command"),
                SHATTERED_RULE,
            ));
        }
        let (key, rank, headline) = if shattered && was_shattered {
            (
                "shattered",
                2,
                format!("{name} stays Shattered, for good: {counted}"),
            )
        } else if shattered {
            ("shattered", 2, format!("{name} is Shattered: {counted}"))
        } else if shaken {
            (
                "shaken",
                1,
                format!("{name} is Shaken: {counted}, more than half"),
            )
        } else {
            if input.flag("was_shaken") {
                effects.push(Effect::Unmark {
                    name: shaken_mark(command, side).into(),
                    rule: RECOVERY_RULE.into(),
                });
                effects.push(Effect::reminder(
                    &format!("{name} recovers from Shaken"),
                    RECOVERY_RULE,
                ));
            }
            (
                "steady",
                0,
                format!("{name} is not Shaken: {counted}, not more than half"),
            )
        };
        let mut resolution = Resolution::book_keeping(key, headline, effects);
        resolution.outcome.rank = rank;
        Ok(resolution)
    }
}
