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
    /// The dice are a pool of one kind whose order does not change the outcome (so many Losses
    /// from so many dice): the odds then visit each set of faces once, weighted by its orderings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pool: bool,
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
            pool: false,
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
            pool: false,
        }
    }

    /// A pool of as many of `labels` as a form's `count` asks for, at least 1 and at most all of
    /// them, whose outcome depends on the faces thrown, not on which die shows which. No labels
    /// give no dice.
    pub fn pool(die: Die, labels: &[&str], count: i32) -> Self {
        if labels.is_empty() {
            return DiceSpec::default();
        }
        let count = usize::try_from(count).unwrap_or(1).clamp(1, labels.len());
        DiceSpec {
            pool: true,
            ..Self::alike(die, labels.iter().take(count).copied())
        }
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
    /// Visits every distinct throw with the number of face combinations it stands for: each
    /// combination once (weight 1), or for a pool each set of faces once, weighted by its orderings
    /// (a multinomial coefficient). The weights sum to `combination_count`.
    pub fn for_each_weighted(&self, mut visit: impl FnMut(&[u8], u64)) {
        let Some(first) = self.slots.first() else {
            return visit(&[], 1);
        };
        let die = first.die;
        if !self.pool || self.slots.iter().any(|slot| slot.die != die) {
            return self.for_each_combination(|faces| visit(faces, 1));
        }
        // Non-decreasing face indexes: each multiset of faces once.
        let n = self.slots.len();
        let faces_count = die.face_count();
        let mut indexes = vec![0u32; n];
        let factorial = |k: usize| (1..=k as u64).product::<u64>();
        loop {
            let faces: Vec<u8> = indexes.iter().map(|i| die.face_at(*i)).collect();
            let mut weight = factorial(n);
            for run in indexes.chunk_by(|a, b| a == b) {
                weight /= factorial(run.len());
            }
            visit(&faces, weight);
            // The next non-decreasing sequence: raise the last index that can rise, and set the
            // ones after it equal to it.
            let Some((position, index)) = indexes
                .iter_mut()
                .enumerate()
                .rev()
                .find(|(_, index)| **index + 1 < faces_count)
            else {
                return;
            };
            *index += 1;
            let raised = *index;
            for index in indexes.iter_mut().skip(position + 1) {
                *index = raised;
            }
        }
    }

    pub fn for_each_combination(&self, mut visit: impl FnMut(&[u8])) {
        let mut indexes = vec![0u32; self.slots.len()];
        let mut faces: Vec<u8> = self.slots.iter().map(|s| s.die.face_at(0)).collect();
        'throws: loop {
            visit(&faces);
            // Odometer increment, last die fastest; when every die has come round, all are visited.
            let dice = self
                .slots
                .iter()
                .zip(indexes.iter_mut().zip(faces.iter_mut()));
            for (slot, (index, face)) in dice.rev() {
                *index += 1;
                if *index < slot.die.face_count() {
                    *face = slot.die.face_at(*index);
                    continue 'throws;
                }
                *index = 0;
                *face = slot.die.face_at(0);
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pool's weighted sets of faces give the same distribution as every combination: here of
    /// the number of 5s and 6s among four d6, and of the faces' sum.
    #[test]
    fn a_pool_weighs_each_set_of_faces_by_its_orderings() {
        let labels = ["a", "b", "c", "d"];
        let pool = DiceSpec::pool(Die::D6, &labels, 4);
        let every = DiceSpec::alike(Die::D6, labels);
        let tally = |spec: &DiceSpec| {
            let mut by_successes = [0u64; 5];
            let mut by_sum = [0u64; 25];
            let mut visits = 0;
            spec.for_each_weighted(|faces, weight| {
                visits += 1;
                by_successes[faces.iter().filter(|f| **f >= 5).count()] += weight;
                by_sum[faces.iter().map(|f| usize::from(*f)).sum::<usize>()] += weight;
            });
            (by_successes, by_sum, visits)
        };
        let (pool_successes, pool_sums, pool_visits) = tally(&pool);
        let (successes, sums, visits) = tally(&every);
        assert_eq!(pool_successes, successes);
        assert_eq!(pool_sums, sums);
        assert_eq!(successes.iter().sum::<u64>(), 1296);
        // 126 sets of four faces instead of 1296 throws.
        assert_eq!((pool_visits, visits), (126, 1296));
        // At least one die and at most the labels.
        assert_eq!(DiceSpec::pool(Die::D6, &labels, 0).slots.len(), 1);
        assert_eq!(DiceSpec::pool(Die::D6, &labels, 9).slots.len(), 4);
    }

    /// Without labels there is no die to throw, whatever the count: an empty spec, not a panic.
    #[test]
    fn a_pool_without_labels_is_no_dice() {
        for count in [-1, 0, 1, 3] {
            let spec = DiceSpec::pool(Die::D6, &[], count);
            assert!(spec.is_empty(), "count {count}");
            assert_eq!(spec.combination_count(), 1);
            assert_eq!(spec.check(&[]), Ok(()));
        }
    }

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
