//! Several units tested at once, one die each: the Cohesion Checks every unit in range makes when
//! Wellington or Blücher is killed (R 9.21E, L1569) or when the Imperial Guard falls back (R 10.32,
//! L1659). The players pick the units from the record; since `resolve` reads only the form, the
//! form carries what the record knows of each (its Cohesion, type, Disorder, Square and Movement
//! Allowance) in a field filled in as the units are picked, and the record refuses a form whose
//! facts are no longer its own.
//!
//! The odds are counted over every throw of the dice, so a resolution takes at most `MOST` units
//! (10,000 throws); the players resolve the others next, each with its own dice.

use super::forms::Piece;
use super::roster::{self, attribute};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::SideTotal;
use crate::engine::record::{Effect, Record};

/// The most units one resolution tests.
pub const MOST: usize = 4;

/// The form's field of the units tested.
pub const UNITS: &str = "units";
/// The form's field of what the record knows of them.
pub const FACTS: &str = "unit_facts";

/// The units tested, from the record (`only` as for a `Units` field).
pub const fn units_field(
    label: &'static str,
    only: &'static [(&'static str, &'static str)],
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id: UNITS,
        label,
        group: "Units tested",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only,
        },
        rule,
        help,
    }
}

/// What the record knows of the units tested, filled in as they are picked.
pub const fn facts_field(rule: &'static str) -> Field {
    Field {
        id: FACTS,
        label: "What the record knows of them",
        group: "Units tested",
        kind: FieldKind::Text { max_len: 600 },
        rule,
        help: "Filled in from the record as the units are picked: Cohesion, type, Disorder, Square, Movement Allowance.",
    }
}

/// One unit tested, as the form states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub cohesion: i32,
    /// One of `roster::TYPES`, by id.
    pub kind: String,
    /// "none", "D-1", "D-2" or "routed", as `forms::DISORDER`.
    pub disorder: String,
    pub square: bool,
    pub movement: Option<i64>,
}

impl Member {
    /// What a result does to it, as `forms::Piece` does it.
    pub fn piece<'a>(&'a self, side: &'a str) -> Piece<'a> {
        Piece {
            side,
            name: Some(self.name.as_str()),
            kind: self.kind.as_str(),
            disorder: self.disorder.as_str(),
            movement: self.movement,
        }
    }

    /// Whether it is Disordered or Routed already.
    pub fn disordered(&self) -> bool {
        self.disorder != "none"
    }

    /// Its roll as the result card totals it.
    pub fn total(&self, die: u8, modifiers: i32) -> SideTotal {
        SideTotal {
            side: self.name.clone(),
            die: Some(i32::from(die)),
            modifiers,
            total: i32::from(die) + modifiers,
        }
    }

    fn describe(&self) -> String {
        let disorder = if self.disorder == "none" {
            "good order"
        } else {
            self.disorder.as_str()
        };
        let mut text = format!(
            "{}: Cohesion {}, {}, {disorder}",
            self.name, self.cohesion, self.kind
        );
        if self.square {
            text.push_str(", Square");
        }
        if let Some(ma) = self.movement {
            text.push_str(&format!(", MA {ma}"));
        }
        text
    }

    fn parse(entry: &str) -> Option<Member> {
        let (name, rest) = entry.trim().rsplit_once(": ")?;
        let mut parts = rest.split(", ");
        let cohesion = parts.next()?.strip_prefix("Cohesion ")?.parse().ok()?;
        let kind = parts.next()?.to_string();
        let disorder = match parts.next()? {
            "good order" => "none",
            other => other,
        }
        .to_string();
        let mut square = false;
        let mut movement = None;
        for part in parts {
            if part == "Square" {
                square = true;
            } else {
                movement = Some(part.strip_prefix("MA ")?.parse().ok()?);
            }
        }
        Some(Member {
            name: name.trim().to_string(),
            cohesion,
            kind,
            disorder,
            square,
            movement,
        })
    }

    /// The unit `name` of `side` as the record knows it, if the record knows its Cohesion.
    fn on_record(record: &Record, side: &str, name: &str) -> Option<Member> {
        let unit = roster::named(record, side, name)?;
        let cohesion = roster::number(unit, attribute::COHESION)?;
        let disorder = super::forms::disorder_of(unit);
        Some(Member {
            name: name.trim().to_string(),
            cohesion: i32::try_from(cohesion).unwrap_or(0),
            kind: unit
                .attribute(attribute::TYPE)
                .unwrap_or("infantry")
                .to_string(),
            disorder: disorder.to_string(),
            square: unit
                .attribute(attribute::SQUARE)
                .is_some_and(|v| !v.is_empty()),
            movement: roster::number(unit, attribute::MOVEMENT),
        })
    }
}

/// The facts of the units a form names, as the record knows them; "?" for one it does not.
fn describe_from(record: &Record, side: &str, names: &[String]) -> String {
    names
        .iter()
        .map(|name| {
            Member::on_record(record, side, name)
                .map_or_else(|| format!("{name}: ?"), |m| m.describe())
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn names(input: &Input) -> Vec<String> {
    input
        .list(UNITS)
        .iter()
        .map(|n| n.as_str().trim().to_string())
        .collect()
}

/// After the units change (or the army): their facts from the record.
pub fn follow(changed: &str, input: &mut Input, record: &Record) {
    if changed == UNITS || changed == "side" {
        let facts = describe_from(record, input.text("side"), &names(input));
        input.set(FACTS, Value::Text(facts.into()));
    }
}

/// The units the form tests, with their facts, in the order named.
pub fn members(input: &Input) -> Vec<Member> {
    let facts = input.text(FACTS);
    if facts.trim().is_empty() {
        return Vec::new();
    }
    facts.split("; ").filter_map(Member::parse).collect()
}

/// Refuses a form without units, with too many, or whose facts do not name its units.
pub fn check_combination(input: &Input) -> Result<(), InputError> {
    let names = names(input);
    if names.is_empty() {
        return Err(InputError::new(
            UNITS,
            "pick the units that test from the record",
        ));
    }
    if names.len() > MOST {
        return Err(InputError::new(
            UNITS,
            format!(
                "at most {MOST} units a resolution: resolve the others next, each with its own die"
            ),
        ));
    }
    let members = members(input);
    let named: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
    if named != names.iter().map(String::as_str).collect::<Vec<_>>() {
        return Err(InputError::new(
            FACTS,
            "every unit named must be on the record with its Cohesion: add it with \"Add a combat unit\", then pick it again",
        ));
    }
    if let Some(member) = members
        .iter()
        .find(|m| !roster::TYPES.iter().any(|(id, _)| *id == m.kind))
    {
        return Err(InputError::new(
            FACTS,
            format!("{}: unknown type {}", member.name, member.kind),
        ));
    }
    Ok(())
}

/// Refuses units the record does not know with their Cohesion, and facts that are not the
/// record's.
pub fn check_record(input: &Input, record: &Record) -> Result<(), InputError> {
    let side = input.text("side");
    for name in names(input) {
        if Member::on_record(record, side, &name).is_none() {
            return Err(InputError::new(
                UNITS,
                format!(
                    "{name} is not on the record with its Cohesion: add it from its counter first"
                ),
            ));
        }
    }
    if describe_from(record, side, &names(input)) != input.text(FACTS) {
        return Err(InputError::new(
            FACTS,
            "the record says otherwise: pick the units again to fill this in",
        ));
    }
    Ok(())
}

/// "Becomes Disordered" (L1569, L1661) under the `becomes_disordered` setting: as the Disordered
/// state ("state": a unit already Disordered or Routed is left as it is) or as a 'D' result
/// ("d_result": up the ladder of `Piece::disordered`).
pub fn becomes_disordered(member: &Member, side: &str, reading: &str, rule: &str) -> Vec<Effect> {
    let piece = member.piece(side);
    if reading == "d_result" || !member.disordered() {
        return piece.disordered(rule);
    }
    let already = if member.disorder == "routed" {
        "Routed".to_string()
    } else {
        format!("Disordered ({})", member.disorder)
    };
    vec![Effect::reminder(
        &format!(
            "{} is already {already}: no change (the Disordered state, the `becomes_disordered` setting)",
            member.name
        ),
        rule,
    )]
}

/// One die for each unit named.
pub fn dice(input: &Input) -> DiceSpec {
    let labels: Vec<String> = names(input).iter().map(|n| format!("{n} die")).collect();
    DiceSpec::alike(Die::D10Zero, labels.iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_back_as_written() {
        let member = Member {
            name: "12: Line".into(),
            cohesion: 7,
            kind: "heavy_cavalry".into(),
            disorder: "D-1".into(),
            square: true,
            movement: Some(8),
        };
        assert_eq!(Member::parse(&member.describe()), Some(member.clone()));
        let plain = Member {
            square: false,
            movement: None,
            disorder: "none".into(),
            ..member
        };
        assert_eq!(Member::parse(&plain.describe()), Some(plain));
        assert_eq!(Member::parse("12 Line: ?"), None);
    }
}
