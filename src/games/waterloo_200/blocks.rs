//! The blocks of Waterloo 200 and their strength ladders. A block shows its strength on its top
//! edge and loses one level with each quarter turn (L400-403). The rulebook text prints no roster,
//! only the example ladders 4-3-2-1, 2-1, 3-2-1-1 and 4-3-2-1 (L489-491), so the players enter
//! each block's ladder from its sticker.
//!
//! A ladder is written from full strength down, levels joined by dashes: "4w-3-2-1". A digit is
//! the level's strength (dots, cannonballs or stars); the colour of its dots says what it costs to
//! lose it (L409-410, L429-431, L1114-1120): plain for black (1 hit), "w" for white (2 hits), "r"
//! for red (3 hits). "P" is an artillery's Pawn and "H" a leader's Heart; each counts as strength 1
//! (L486-488); a Pawn costs 1 hit (L739-742), a Heart 3 (L503-504, L1120).

use crate::engine::draws::DrawnRef;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::record::{Record, UnitRecord};
use std::fmt;

pub mod attribute {
    pub const TYPE: &str = "type";
    /// The corps the block belongs to, by its sticker colour and leader ("Orange, D'Erlon").
    pub const CORPS: &str = "corps";
    /// The block's ladder from full strength down, as `Ladder` writes it.
    pub const LADDER: &str = "ladder";
    /// How many levels the block has lost: 0 at full strength.
    pub const LEVELS_LOST: &str = "levels lost";
    /// A British block's language, by its sticker's tag (OR 6.0, L1262-1288).
    pub const LANGUAGE: &str = "language";
}

/// The British blocks' languages by their tags (OR 6.0, L1267-1270).
pub const LANGUAGES: &[(&str, &str)] = &[
    ("english", "English (pink tag)"),
    ("german", "German (black tag)"),
    ("dutch", "Dutch (blue tag)"),
];

/// A language as typed: its name or its tag's colour.
pub fn language(text: &str) -> Option<&'static str> {
    match text.trim().to_lowercase().as_str() {
        "english" | "pink" => Some("english"),
        "german" | "black" => Some("german"),
        "dutch" | "blue" => Some("dutch"),
        _ => None,
    }
}

/// Whether a British block of `kind` speaks English whatever its tag: "British Leaders and
/// Artillery are English-speaking" (L1288).
pub fn english_by_rule(kind: &str) -> bool {
    is_leader(kind) || is_artillery(kind)
}

pub mod state {
    pub const ON_MAP: &str = "on the map";
    pub const RESERVE: &str = "in the Reserve Pool";
    pub const NOT_ARRIVED: &str = "not yet arrived";
    /// On its Side's Morale Track, for the French and British (L433-438).
    pub const ELIMINATED: &str = "eliminated";
}

/// The four types of units (L387-398), with artillery foot or horse (L660-671) and leaders
/// strategic or tactical (L536-569).
pub const TYPES: &[(&str, &str)] = &[
    ("infantry", "Infantry"),
    ("cavalry", "Cavalry"),
    ("foot-artillery", "Foot Artillery"),
    ("horse-artillery", "Horse Artillery"),
    ("tactical-leader", "Tactical Leader"),
    ("strategic-leader", "Strategic Leader"),
];

pub fn is_artillery(kind: &str) -> bool {
    matches!(kind, "foot-artillery" | "horse-artillery")
}

pub fn is_leader(kind: &str) -> bool {
    matches!(kind, "tactical-leader" | "strategic-leader")
}

pub fn type_label(kind: &str) -> &'static str {
    TYPES
        .iter()
        .find(|(id, _)| *id == kind)
        .map_or("Unit", |(_, label)| label)
}

/// One level of a ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Dots, cannonballs or stars printed in black: 1 hit.
    Black(u8),
    /// White dots: 2 hits.
    White(u8),
    /// Red dots: 3 hits.
    Red(u8),
    /// An artillery's last level: strength 1, no Artillery Value, 1 hit (L739-742).
    Pawn,
    /// A leader's last level: strength 1, Tactical Value 0, 3 hits (L500-511).
    Heart,
}

impl Level {
    /// What the level adds to a battle in its own Area (L486-488, L651-653, L688-690).
    pub fn strength(self) -> i64 {
        match self {
            Level::Black(n) | Level::White(n) | Level::Red(n) => i64::from(n),
            Level::Pawn | Level::Heart => 1,
        }
    }

    /// The hits that take it away (L1114-1120).
    pub fn hits(self) -> i64 {
        match self {
            Level::Black(_) | Level::Pawn => 1,
            Level::White(_) => 2,
            Level::Red(_) | Level::Heart => 3,
        }
    }

    /// What it adds from an adjacent Area: an artillery's cannonballs (none at Pawn, L739-740)
    /// or a leader's stars (none at Heart, L506, L692-693).
    pub fn from_adjacent(self) -> i64 {
        match self {
            Level::Pawn | Level::Heart => 0,
            other => other.strength(),
        }
    }

    fn parse(token: &str) -> Option<Level> {
        let token = token.trim();
        match token.to_ascii_uppercase().as_str() {
            "P" => return Some(Level::Pawn),
            "H" => return Some(Level::Heart),
            _ => {}
        }
        let (digits, colour) = match token.char_indices().last()? {
            (i, c) if c.is_ascii_alphabetic() => (token.get(..i)?, Some(c.to_ascii_lowercase())),
            _ => (token, None),
        };
        let strength: u8 = digits.parse().ok().filter(|n| (1..=9).contains(n))?;
        match colour {
            None => Some(Level::Black(strength)),
            Some('w') => Some(Level::White(strength)),
            Some('r') => Some(Level::Red(strength)),
            Some(_) => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Black(n) => write!(f, "{n}"),
            Level::White(n) => write!(f, "{n}w"),
            Level::Red(n) => write!(f, "{n}r"),
            Level::Pawn => f.write_str("P"),
            Level::Heart => f.write_str("H"),
        }
    }
}

/// A block's levels from full strength down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder(pub Vec<Level>);

/// What a ladder's notation means, for the players' help text.
pub const LADDER_HELP: &str = "From full strength down, levels joined by dashes: 4w-3-2-1. A digit is the strength; add w for white dots (2 hits) or r for red (3 hits); P is an artillery's Pawn, H a leader's Heart.";

impl Ladder {
    /// Reads a ladder for a block of type `kind`, or says what is wrong with it.
    pub fn parse(text: &str, kind: &str) -> Result<Ladder, String> {
        let mut levels = Vec::new();
        for token in text.split('-') {
            levels.push(Level::parse(token).ok_or_else(|| {
                format!(
                    "\"{}\" is not a level: write a strength of 1 to 9, with w (white) or r (red), or P (Pawn) or H (Heart)",
                    token.trim()
                )
            })?);
        }
        // A block has four edges, one level on each (L400-403).
        if levels.len() > 4 {
            return Err("a block has at most four levels, one on each edge (L400-403)".into());
        }
        let last = levels.len().saturating_sub(1);
        for (i, level) in levels.iter().enumerate() {
            let misplaced = match level {
                Level::Pawn => !is_artillery(kind) || i != last,
                Level::Heart => !is_leader(kind) || i != last,
                _ => false,
            };
            if misplaced {
                return Err(format!(
                    "{level} is the last level of {} only (L486-488)",
                    if *level == Level::Pawn {
                        "an artillery"
                    } else {
                        "a leader"
                    }
                ));
            }
        }
        // The Pawn and the Heart end every artillery and leader ladder (L486-488, L500-504,
        // L739-742); cannonballs and stars cost 1 hit each (L1114).
        let last_level = match kind {
            k if is_artillery(k) => Some(Level::Pawn),
            k if is_leader(k) => Some(Level::Heart),
            _ => None,
        };
        if let Some(end) = last_level {
            if levels.last() != Some(&end) {
                return Err(format!(
                    "the ladder of {} ends with {end}",
                    if end == Level::Pawn {
                        "an artillery"
                    } else {
                        "a leader"
                    }
                ));
            }
            if levels
                .iter()
                .any(|l| matches!(l, Level::White(_) | Level::Red(_)))
            {
                return Err(
                    "cannonballs and stars are black: write them without w or r (L1114)".into(),
                );
            }
        }
        if levels
            .windows(2)
            .any(|pair| matches!(pair, [upper, lower] if lower.strength() > upper.strength()))
        {
            return Err(
                "each level is weaker than or as strong as the one above it (L489-491)".into(),
            );
        }
        Ok(Ladder(levels))
    }

    /// The levels left after losing `lost` of them.
    pub fn remaining(&self, lost: usize) -> &[Level] {
        self.0.get(lost..).unwrap_or(&[])
    }
}

impl fmt::Display for Ladder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let levels: Vec<String> = self.0.iter().map(Level::to_string).collect();
        f.write_str(&levels.join("-"))
    }
}

/// A block as the record knows it: its type and the levels it has left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub name: String,
    pub kind: String,
    pub levels: Vec<Level>,
}

impl Block {
    /// The block `name` of `side` on the record, if its ladder is entered and it has a level left.
    pub fn on_record(record: &Record, side: &str, name: &str) -> Option<Block> {
        Block::of(name, record.unit(side, name)?)
    }

    pub fn of(name: &str, unit: &UnitRecord) -> Option<Block> {
        let kind = unit.attribute(attribute::TYPE)?;
        let ladder = Ladder::parse(unit.attribute(attribute::LADDER)?, kind).ok()?;
        let lost = unit
            .attribute(attribute::LEVELS_LOST)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let levels = ladder.remaining(lost).to_vec();
        (!levels.is_empty()).then(|| Block {
            name: name.to_string(),
            kind: kind.to_string(),
            levels,
        })
    }

    /// Its current level, if it has one left.
    pub fn top(&self) -> Option<Level> {
        self.levels.first().copied()
    }

    /// "Kellerman (Tactical Leader): 2-H", as the form's facts list it.
    pub fn describe(&self) -> String {
        format!(
            "{} ({}): {}",
            self.name,
            type_label(&self.kind),
            Ladder(self.levels.clone())
        )
    }

    /// Reads a line that `describe` wrote.
    pub fn parse(line: &str) -> Result<Block, String> {
        let (head, ladder) = line
            .trim()
            .rsplit_once("): ")
            .ok_or_else(|| format!("\"{}\" is not \"name (type): ladder\"", line.trim()))?;
        let (name, type_text) = head
            .rsplit_once(" (")
            .ok_or_else(|| format!("\"{}\" is not \"name (type): ladder\"", line.trim()))?;
        let kind = TYPES
            .iter()
            .find(|(_, label)| *label == type_text)
            .map(|(id, _)| *id)
            .ok_or_else(|| format!("\"{type_text}\" is not a type of unit"))?;
        Ok(Block {
            name: name.trim().to_string(),
            kind: kind.to_string(),
            levels: Ladder::parse(ladder, kind)?.0,
        })
    }
}

/// The blocks as a form's facts field keeps them, separated by semicolons.
pub fn describe_all(blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(Block::describe)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The blocks a form's facts field lists.
pub fn parse_all(text: &str) -> Result<Vec<Block>, String> {
    text.split(';')
        .filter(|line| !line.trim().is_empty())
        .map(Block::parse)
        .collect()
}

/// Whose blocks a form's list holds: the side a field names, or one side always.
#[derive(Debug, Clone, Copy)]
pub enum Owner {
    Field(&'static str),
    Fixed(&'static str),
}

/// Blocks picked on a form, with a text field that the form fills in with what the record knows
/// of each (`resolve` reads only the form).
#[derive(Debug, Clone, Copy)]
pub struct Listed {
    pub units: &'static str,
    pub owner: Owner,
    pub facts: &'static str,
}

impl Listed {
    pub fn side<'a>(&self, input: &'a Input) -> &'a str {
        match self.owner {
            Owner::Field(field) => input.text(field),
            Owner::Fixed(side) => side,
        }
    }

    /// The blocks as the facts field lists them.
    pub fn blocks(&self, input: &Input) -> Result<Vec<Block>, InputError> {
        parse_all(input.text(self.facts)).map_err(|message| InputError::new(self.facts, message))
    }

    /// After a change of the picked blocks or their side, lists what the record knows of them.
    pub fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        let by_field = matches!(self.owner, Owner::Field(field) if field == changed);
        if changed != self.units && !by_field {
            return;
        }
        let side = self.side(input).to_string();
        let known: Vec<Block> = input
            .list(self.units)
            .iter()
            .filter_map(|name| Block::on_record(record, &side, name))
            .collect();
        input.set(
            self.facts,
            Value::Text(describe_all(&known).as_str().into()),
        );
    }

    /// Checks that the facts list the picked blocks, and only them.
    pub fn check_listed(&self, input: &Input) -> Result<Vec<Block>, InputError> {
        let listed = self.blocks(input)?;
        let picked = input.list(self.units);
        for name in picked {
            if !listed.iter().any(|b| b.name == name.as_ref()) {
                return Err(InputError::new(
                    self.facts,
                    format!("{name} is picked but its levels are not listed"),
                ));
            }
        }
        if listed.len() != picked.len() {
            return Err(InputError::new(
                self.facts,
                "list the levels of the picked blocks only",
            ));
        }
        Ok(listed)
    }

    /// Checks the facts against the record where play stands.
    pub fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let listed = self.blocks(input)?;
        for name in input.list(self.units) {
            if DrawnRef::parse(name).is_some() {
                return Err(InputError::new(
                    self.units,
                    format!(
                        "{name} is face down: its owner reveals it first, as the Showdown turns every block of the battle face up (6.2.3.1.3, L1005-1007)"
                    ),
                ));
            }
            let on_map = record
                .unit(self.side(input), name)
                .is_some_and(|u| u.state.as_ref() == state::ON_MAP);
            if !on_map {
                return Err(InputError::new(
                    self.units,
                    format!("{name} is not on the map"),
                ));
            }
            let Some(block) = Block::on_record(record, self.side(input), name) else {
                return Err(InputError::new(
                    self.units,
                    format!("{name} has no level left on the record, or no ladder entered yet"),
                ));
            };
            if !listed.contains(&block) {
                return Err(InputError::new(
                    self.facts,
                    format!("the record has {}", block.describe()),
                ));
            }
        }
        Ok(())
    }
}

/// The text field that lists what the record knows of the blocks picked in another field.
pub const fn facts_field(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "What the record knows of them",
        group,
        kind: FieldKind::Text { max_len: 1200 },
        rule: "3.2 Strength, L485-491",
        help: "Filled in from the record as the blocks are picked: each block's levels from its current one down.",
    }
}

/// What the record panel shows beside a block.
pub fn summary(unit: &UnitRecord) -> String {
    let kind = unit.attribute(attribute::TYPE).unwrap_or("");
    match unit.attribute(attribute::LADDER) {
        Some(ladder) => match Block::of("", unit) {
            Some(block) => format!(
                "{}, {} (of {ladder})",
                type_label(kind),
                Ladder(block.levels)
            ),
            None => format!("{}, ladder {ladder}", type_label(kind)),
        },
        None => type_label(kind).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example ladders of 3.2 (L489-491), in the figure's order: Infantry, Cavalry, Artillery,
    /// Leader (L387-398).
    #[test]
    fn l489_the_example_ladders_read() {
        for (text, kind, strengths) in [
            ("4-3-2-1", "infantry", vec![4, 3, 2, 1]),
            ("2-1", "cavalry", vec![2, 1]),
            ("3-2-1-P", "foot-artillery", vec![3, 2, 1, 1]),
            ("4-3-2-H", "tactical-leader", vec![4, 3, 2, 1]),
        ] {
            let ladder = Ladder::parse(text, kind).unwrap();
            let read: Vec<i64> = ladder.0.iter().map(|l| l.strength()).collect();
            assert_eq!(read, strengths, "{text}");
            assert_eq!(ladder.to_string(), text);
        }
    }

    #[test]
    fn l1114_a_level_costs_one_two_or_three_hits_by_its_colour() {
        let ladder = Ladder::parse("4r-3w-2-1", "infantry").unwrap();
        let hits: Vec<i64> = ladder.0.iter().map(|l| l.hits()).collect();
        assert_eq!(hits, [3, 2, 1, 1]);
        assert_eq!(Level::Pawn.hits(), 1);
        assert_eq!(Level::Heart.hits(), 3);
    }

    #[test]
    fn a_bad_ladder_says_what_is_wrong() {
        for (text, kind, says) in [
            ("4-3x-2", "infantry", "\"3x\" is not a level"),
            ("4-3-2-1-1", "infantry", "at most four levels"),
            ("3-2-P", "infantry", "last level of an artillery"),
            ("H-2", "tactical-leader", "last level of a leader"),
            ("3-2-1", "foot-artillery", "ends with P"),
            ("4-3-2", "strategic-leader", "ends with H"),
            ("4w-3-2-H", "tactical-leader", "without w or r"),
            ("2-3", "infantry", "weaker than or as strong"),
            ("", "infantry", "is not a level"),
        ] {
            let error = Ladder::parse(text, kind).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn a_block_line_reads_back() {
        let block = Block {
            name: "Kellerman".into(),
            kind: "tactical-leader".into(),
            levels: vec![Level::Black(2), Level::Heart],
        };
        assert_eq!(block.describe(), "Kellerman (Tactical Leader): 2-H");
        assert_eq!(Block::parse(&block.describe()).unwrap(), block);
        assert!(Block::parse("Kellerman: 2-H").is_err());
    }
}
