//! Dice: the kinds of die the games use, the dice a procedure rolls, the checking of faces typed in
//! from physical dice, and the enumeration of every face combination (which is what makes exact odds
//! possible).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One physical die, as the rulebooks use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    /// An ordinary six-sided die: 1 to 6.
    D6,
    /// A ten-sided die read 0 to 9 (a zero is a zero, not a ten).
    D10Zero,
    /// Two six-sided dice read as tens and units: 11 to 66, each digit 1 to 6.
    D66,
}

impl Die {
    /// How many equally likely faces the die has.
    pub fn face_count(self) -> u32 {
        match self {
            Die::D6 => 6,
            Die::D10Zero => 10,
            Die::D66 => 36,
        }
    }

    /// The face at `index` (0-based) in the die's natural order.
    /// Callers keep `index < face_count()`; larger indexes wrap so that this never panics.
    pub fn face_at(self, index: u32) -> u8 {
        let index = index % self.face_count();
        match self {
            Die::D6 => 1 + index as u8,
            Die::D10Zero => index as u8,
            Die::D66 => (1 + index / 6) as u8 * 10 + (1 + index % 6) as u8,
        }
    }

    /// Every face, in order.
    pub fn faces(self) -> impl Iterator<Item = u8> {
        (0..self.face_count()).map(move |i| self.face_at(i))
    }

    /// Whether `face` can be shown by this die.
    pub fn is_face(self, face: u8) -> bool {
        match self {
            Die::D6 => (1..=6).contains(&face),
            Die::D10Zero => face <= 9,
            Die::D66 => (1..=6).contains(&(face / 10)) && (1..=6).contains(&(face % 10)),
        }
    }

    /// The faces in words, for error messages and templates.
    pub fn face_range_text(self) -> &'static str {
        match self {
            Die::D6 => "1 to 6",
            Die::D10Zero => "0 to 9",
            Die::D66 => "11 to 66, each digit 1 to 6",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D10Zero => "d10 (0-9)",
            Die::D66 => "d66",
        }
    }
}

/// One die in a roll, with what it is for ("French die", "Defender die").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieSlot {
    pub label: String,
    pub die: Die,
}

/// The dice a procedure rolls at once, in the order their faces are given.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DiceSpec {
    pub slots: Vec<DieSlot>,
}

/// A face that no die of that kind shows, or the wrong number of faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    WrongCount {
        expected: usize,
        given: usize,
    },
    ImpossibleFace {
        slot: String,
        die: Die,
        face: String,
    },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::WrongCount { expected, given } => write!(
                f,
                "expected {expected} face(s), one per die, but {given} were given"
            ),
            DiceError::ImpossibleFace { slot, die, face } => write!(
                f,
                "{face} is not a face of the {slot} ({}, faces {})",
                die.name(),
                die.face_range_text()
            ),
        }
    }
}

impl std::error::Error for DiceError {}

impl DiceSpec {
    pub fn new(slots: &[(&str, Die)]) -> Self {
        DiceSpec {
            slots: slots
                .iter()
                .map(|(label, die)| DieSlot {
                    label: (*label).to_string(),
                    die: *die,
                })
                .collect(),
        }
    }

    /// One die of kind `die` for each label: a throw of several alike (a d6 per Damage).
    pub fn alike<'a>(die: Die, labels: impl IntoIterator<Item = &'a str>) -> Self {
        DiceSpec {
            slots: labels
                .into_iter()
                .map(|label| DieSlot {
                    label: label.to_string(),
                    die,
                })
                .collect(),
        }
    }

    /// As many of `labels` as a form's `count` asks for, at least 1 and at most all of them.
    pub fn first_alike(die: Die, labels: &[&str], count: i32) -> Self {
        let count = usize::try_from(count).unwrap_or(1).clamp(1, labels.len());
        Self::alike(die, labels[..count].iter().copied())
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The number of equally likely face combinations.
    pub fn combination_count(&self) -> u64 {
        self.slots
            .iter()
            .map(|s| u64::from(s.die.face_count()))
            .product()
    }

    /// Checks faces typed in from physical dice.
    pub fn check(&self, faces: &[u8]) -> Result<(), DiceError> {
        if faces.len() != self.slots.len() {
            return Err(DiceError::WrongCount {
                expected: self.slots.len(),
                given: faces.len(),
            });
        }
        for (slot, face) in self.slots.iter().zip(faces) {
            if !slot.die.is_face(*face) {
                return Err(DiceError::ImpossibleFace {
                    slot: slot.label.clone(),
                    die: slot.die,
                    face: face.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Parses faces written as "3,5" (commas or spaces) and checks them against the dice.
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, DiceError> {
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.len() != self.slots.len() {
            return Err(DiceError::WrongCount {
                expected: self.slots.len(),
                given: words.len(),
            });
        }
        let mut faces = Vec::with_capacity(words.len());
        for (slot, word) in self.slots.iter().zip(&words) {
            match word.parse::<u8>() {
                Ok(face) if slot.die.is_face(face) => faces.push(face),
                _ => {
                    return Err(DiceError::ImpossibleFace {
                        slot: slot.label.clone(),
                        die: slot.die,
                        face: (*word).to_string(),
                    });
                }
            }
        }
        Ok(faces)
    }

    /// Calls `visit` with every face combination, each exactly once, reusing one buffer.
    pub fn for_each_combination(&self, mut visit: impl FnMut(&[u8])) {
        let mut indexes = vec![0u32; self.slots.len()];
        let mut faces: Vec<u8> = self.slots.iter().map(|s| s.die.face_at(0)).collect();
        loop {
            visit(&faces);
            // Odometer increment, last die fastest.
            let mut position = self.slots.len();
            loop {
                if position == 0 {
                    return;
                }
                position -= 1;
                let die = self.slots[position].die;
                indexes[position] += 1;
                if indexes[position] < die.face_count() {
                    faces[position] = die.face_at(indexes[position]);
                    break;
                }
                indexes[position] = 0;
                faces[position] = die.face_at(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_of_each_die() {
        assert_eq!(Die::D6.faces().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(
            Die::D10Zero.faces().collect::<Vec<_>>(),
            (0..=9).collect::<Vec<_>>()
        );
        let d66: Vec<u8> = Die::D66.faces().collect();
        assert_eq!(d66.len(), 36);
        assert_eq!(d66.first(), Some(&11));
        assert_eq!(d66.last(), Some(&66));
        assert!(d66.iter().all(|f| Die::D66.is_face(*f)));
        assert!(!Die::D66.is_face(17));
        assert!(!Die::D66.is_face(70));
    }

    #[test]
    fn every_combination_once() {
        let spec = DiceSpec::new(&[("a", Die::D6), ("b", Die::D10Zero), ("c", Die::D6)]);
        let mut seen = std::collections::HashSet::new();
        spec.for_each_combination(|f| {
            assert!(seen.insert(f.to_vec()), "repeated {f:?}");
        });
        assert_eq!(seen.len() as u64, spec.combination_count());
        assert_eq!(seen.len(), 360);
    }

    #[test]
    fn no_dice_is_one_empty_combination() {
        let spec = DiceSpec::default();
        let mut calls = 0;
        spec.for_each_combination(|f| {
            assert!(f.is_empty());
            calls += 1;
        });
        assert_eq!(calls, 1);
    }

    #[test]
    fn parse_rejects_impossible_faces_with_the_die_named() {
        let spec = DiceSpec::new(&[("Attacker die", Die::D6), ("Defender die", Die::D6)]);
        assert_eq!(spec.parse("3, 5"), Ok(vec![3, 5]));
        let err = spec.parse("3,7").unwrap_err();
        assert_eq!(
            err.to_string(),
            "7 is not a face of the Defender die (d6, faces 1 to 6)"
        );
        assert!(matches!(
            spec.parse("3"),
            Err(DiceError::WrongCount {
                expected: 2,
                given: 1
            })
        ));
        assert!(spec.parse("x,1").is_err());
        assert!(DiceSpec::new(&[("d", Die::D10Zero)]).parse("10").is_err());
    }
}
