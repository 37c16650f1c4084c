//! Several units on a form, with their facts: each side of a Shock, or the units a Limited
//! Activation costs a step. `resolve` reads only the form, so as the players pick the units the
//! form is filled in with what the record knows of each:
//! its Strength Points, type, Cohesion, Disorder, stars, steps left, Movement Allowance and
//! markers. The record refuses facts that are not its own, except a lower strength: the record
//! keeps the printed strength, and a unit flipped to its reduced side fights at that side's.

use super::forms::{self, Piece};
use super::roster::{self, attribute};
use crate::engine::input::{Input, InputError, Value};
use crate::engine::record::Record;

/// One unit picked on a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fighter {
    pub name: String,
    pub strength: i64,
    /// One of `roster::TYPES`, by id.
    pub kind: String,
    pub cohesion: i32,
    /// "none", "D-1", "D-2" or "routed", as `forms::DISORDER`.
    pub disorder: String,
    /// 0, 1 (Elite) or 2 (Crack Elite) stars (L52, L1079).
    pub elite: i64,
    /// Steps it can still lose, if the record knows them.
    pub steps_left: Option<i64>,
    pub movement: Option<i64>,
    pub square: bool,
    pub blown: bool,
}

impl Fighter {
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

    pub fn cavalry(&self) -> bool {
        roster::is_cavalry(&self.kind)
    }

    pub fn describe(&self) -> String {
        let disorder = if self.disorder == "none" {
            "good order"
        } else {
            self.disorder.as_str()
        };
        let mut text = format!(
            "{}: SP {}, Cohesion {}, {}, {disorder}",
            self.name, self.strength, self.cohesion, self.kind
        );
        if self.elite > 0 {
            text.push_str(&format!(", {} star(s)", self.elite));
        }
        if let Some(left) = self.steps_left {
            text.push_str(&format!(", {left} step(s) left"));
        }
        if let Some(ma) = self.movement {
            text.push_str(&format!(", MA {ma}"));
        }
        if self.square {
            text.push_str(", Square");
        }
        if self.blown {
            text.push_str(", Blown");
        }
        text
    }

    fn parse(entry: &str) -> Option<Fighter> {
        let (name, rest) = entry.trim().rsplit_once(": ")?;
        let mut parts = rest.split(", ");
        let strength = parts.next()?.strip_prefix("SP ")?.parse().ok()?;
        let cohesion = parts.next()?.strip_prefix("Cohesion ")?.parse().ok()?;
        let kind = parts.next()?.to_string();
        let disorder = match parts.next()? {
            "good order" => "none",
            other => other,
        }
        .to_string();
        let mut fighter = Fighter {
            name: name.trim().to_string(),
            strength,
            kind,
            cohesion,
            disorder,
            elite: 0,
            steps_left: None,
            movement: None,
            square: false,
            blown: false,
        };
        for part in parts {
            match part {
                "Square" => fighter.square = true,
                "Blown" => fighter.blown = true,
                _ => {
                    if let Some(stars) = part.strip_suffix(" star(s)") {
                        fighter.elite = stars.parse().ok()?;
                    } else if let Some(left) = part.strip_suffix(" step(s) left") {
                        fighter.steps_left = Some(left.parse().ok()?);
                    } else {
                        fighter.movement = Some(part.strip_prefix("MA ")?.parse().ok()?);
                    }
                }
            }
        }
        Some(fighter)
    }

    /// The unit `name` of `side` as the record knows it, if it knows its strength and Cohesion.
    fn on_record(record: &Record, side: &str, name: &str) -> Option<Fighter> {
        let unit = roster::named(record, side, name)?;
        let steps_left = roster::number(unit, attribute::STEPS)
            .map(|steps| steps - roster::number(unit, attribute::STEPS_LOST).unwrap_or(0));
        Some(Fighter {
            name: name.trim().to_string(),
            strength: roster::number(unit, attribute::STRENGTH)?,
            kind: unit
                .attribute(attribute::TYPE)
                .unwrap_or("infantry")
                .to_string(),
            cohesion: i32::try_from(roster::number(unit, attribute::COHESION)?).unwrap_or(0),
            disorder: forms::disorder_of(unit).to_string(),
            elite: roster::number(unit, attribute::ELITE).unwrap_or(0),
            steps_left,
            movement: roster::number(unit, attribute::MOVEMENT),
            square: forms::marked(unit, attribute::SQUARE),
            blown: forms::marked(unit, attribute::BLOWN),
        })
    }
}

/// One group of units on the form: its army's field, its units' field and their facts' field.
#[derive(Clone, Copy)]
pub struct SideFields {
    pub army: &'static str,
    pub units: &'static str,
    pub facts: &'static str,
}

impl SideFields {
    fn names(self, input: &Input) -> Vec<String> {
        input
            .list(self.units)
            .iter()
            .map(|n| n.as_str().trim().to_string())
            .collect()
    }

    /// After the units or the army change: the units' facts from the record.
    pub fn follow(self, changed: &str, input: &mut Input, record: &Record) {
        if changed != self.units && changed != self.army {
            return;
        }
        let side = input.text(self.army).to_string();
        let facts = self
            .names(input)
            .iter()
            .map(|name| {
                Fighter::on_record(record, &side, name)
                    .map_or_else(|| format!("{name}: ?"), |f| f.describe())
            })
            .collect::<Vec<_>>()
            .join("; ");
        input.set(self.facts, Value::Text(facts.into()));
    }

    /// The side's units, with their facts, in the order named.
    pub fn fighters(self, input: &Input) -> Vec<Fighter> {
        let facts = input.text(self.facts);
        if facts.trim().is_empty() {
            return Vec::new();
        }
        facts.split("; ").filter_map(Fighter::parse).collect()
    }

    /// Refuses a side without units, or whose facts do not read as its units'.
    pub fn check_combination(self, input: &Input, most: usize) -> Result<(), InputError> {
        let names = self.names(input);
        if names.is_empty() {
            return Err(InputError::new(
                self.units,
                "pick the units from the record",
            ));
        }
        if names.len() > most {
            return Err(InputError::new(
                self.units,
                format!("at most {most} units in one resolution"),
            ));
        }
        let fighters = self.fighters(input);
        let named: Vec<&str> = fighters.iter().map(|f| f.name.as_str()).collect();
        if named != names.iter().map(String::as_str).collect::<Vec<_>>() {
            return Err(InputError::new(
                self.facts,
                "every unit must be on the record with its Strength Points and Cohesion: add it with \"Add a combat unit\", then pick it again",
            ));
        }
        if let Some(f) = fighters
            .iter()
            .find(|f| !roster::TYPES.iter().any(|(id, _)| *id == f.kind))
        {
            return Err(InputError::new(
                self.facts,
                format!("{}: unknown type {}", f.name, f.kind),
            ));
        }
        Ok(())
    }

    /// Refuses facts that are not the record's; only a lower strength (a reduced side) may differ.
    pub fn check_record(self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text(self.army);
        for fighter in self.fighters(input) {
            let Some(known) = Fighter::on_record(record, side, &fighter.name) else {
                return Err(InputError::new(
                    self.units,
                    format!(
                        "{} is not on the record with its Strength Points and Cohesion: add it from its counter first",
                        fighter.name
                    ),
                ));
            };
            if fighter.strength > known.strength {
                return Err(InputError::new(
                    self.facts,
                    format!(
                        "{} has {} Strength Points on its counter, not {}",
                        fighter.name, known.strength, fighter.strength
                    ),
                ));
            }
            if fighter.strength < 1 {
                return Err(InputError::new(
                    self.facts,
                    format!("{} needs at least 1 Strength Point", fighter.name),
                ));
            }
            if (Fighter {
                strength: known.strength,
                ..fighter.clone()
            }) != known
            {
                return Err(InputError::new(
                    self.facts,
                    format!(
                        "the record says otherwise of {}: pick the units again to fill this in",
                        fighter.name
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_back_as_written() {
        let fighter = Fighter {
            name: "12: Line".into(),
            strength: 6,
            kind: "heavy_cavalry".into(),
            cohesion: 7,
            disorder: "D-1".into(),
            elite: 2,
            steps_left: Some(3),
            movement: Some(8),
            square: true,
            blown: true,
        };
        assert_eq!(Fighter::parse(&fighter.describe()), Some(fighter.clone()));
        let plain = Fighter {
            elite: 0,
            steps_left: None,
            movement: None,
            square: false,
            blown: false,
            disorder: "none".into(),
            ..fighter
        };
        assert_eq!(Fighter::parse(&plain.describe()), Some(plain));
        assert_eq!(Fighter::parse("12 Line: ?"), None);
    }
}
