//! The d10 tests of The Battles of Waterloo. One ten-sided die read 0-9, a zero being a zero
//! (R 2.3, L78-80). Every test compares a roll, perhaps modified, with a rating on the counter:
//!
//! - the plain test passes at or under the rating (Cohesion Checks, 'd' and 'r' checks, L115,
//!   L1452, L1457; Commitment, L1024; Activation, L310);
//! - the three-way test tells under, equal and over apart (Retreat Before Shock, L984-986; the
//!   death of Wellington or Blücher, L1569);
//! - a natural 0 always passes a Cohesion Check (L115). The rule is written into the definition of
//!   the Cohesion Check, so by default it covers those checks and the 'd' and 'r' checks (the same
//!   roll against Cohesion), not Commitment, Activation, Rally, Pursuit or Hold in Check, which the
//!   text never calls Cohesion Checks (digest, Corrections: "Natural 0"). The `natural_zero`
//!   setting extends it to every roll-under test.

use crate::engine::dice::{DiceSpec, Die};
use crate::engine::procedure::{Modifier, SideTotal};
use std::cmp::Ordering;

/// The die every procedure rolls.
pub fn one_die(label: &str) -> DiceSpec {
    DiceSpec::new(&[(label, Die::D10Zero)])
}

/// Which roll-under tests a natural 0 always passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZeroPasses {
    /// Only Cohesion Checks and 'd'/'r' checks (L115, the text's own words).
    CohesionChecksOnly,
    /// Every roll-under test (a house rule).
    EveryTest,
}

/// Whether a test is a Cohesion Check (L115) or another roll-under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestKind {
    CohesionCheck,
    Other,
}

impl ZeroPasses {
    pub fn from_setting(value: &str) -> ZeroPasses {
        if value == "every_test" {
            ZeroPasses::EveryTest
        } else {
            ZeroPasses::CohesionChecksOnly
        }
    }

    fn covers(self, kind: TestKind) -> bool {
        kind == TestKind::CohesionCheck || self == ZeroPasses::EveryTest
    }
}

/// A roll-under test resolved: the die, its modifiers and what it came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tested {
    pub die: i32,
    pub modified: i32,
    pub rating: i32,
    pub passed: bool,
    /// The pass came from a natural 0 alone (the modified roll was over the rating).
    pub by_natural_zero: bool,
}

impl Tested {
    /// "die 4 +2 = 6 against 5".
    pub fn describe(&self) -> String {
        let modifiers = self.modified - self.die;
        if modifiers == 0 {
            format!("die {} against {}", self.die, self.rating)
        } else {
            format!(
                "die {} {modifiers:+} = {} against {}",
                self.die, self.modified, self.rating
            )
        }
    }

    /// The roll as the result card totals it.
    pub fn total(&self, side: &str) -> SideTotal {
        SideTotal {
            side: side.to_string(),
            die: Some(self.die),
            modifiers: self.modified - self.die,
            total: self.modified,
        }
    }
}

/// The sum of the modifiers' values.
pub fn sum(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

/// Rolls `die` plus `modifiers` against `rating`: passed at or under it, or on a natural 0 where
/// `zero` covers this kind of test.
pub fn roll_under(
    die: u8,
    rating: i32,
    modifiers: &[Modifier],
    kind: TestKind,
    zero: ZeroPasses,
) -> Tested {
    let die = i32::from(die);
    let modified = die + sum(modifiers);
    let under = modified <= rating;
    let by_natural_zero = !under && die == 0 && zero.covers(kind);
    Tested {
        die,
        modified,
        rating,
        passed: under || by_natural_zero,
        by_natural_zero,
    }
}

/// The three-way test: how the modified roll compares with the rating. A natural 0 that is over
/// the rating after modifiers still counts as under where `zero` covers Cohesion Checks (it
/// "always passes", L115, and the pass of a three-way Cohesion test is the roll under).
pub fn three_way(
    die: u8,
    rating: i32,
    modifiers: &[Modifier],
    zero: ZeroPasses,
) -> (Ordering, Tested) {
    let tested = roll_under(die, rating, modifiers, TestKind::CohesionCheck, zero);
    let order = if tested.by_natural_zero {
        Ordering::Less
    } else {
        tested.modified.cmp(&rating)
    };
    (order, tested)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plus(value: i32) -> Vec<Modifier> {
        vec![Modifier::new("Unit", "test", value, "test")]
    }

    #[test]
    fn at_or_under_the_rating_passes() {
        let zero = ZeroPasses::CohesionChecksOnly;
        assert!(roll_under(5, 5, &[], TestKind::Other, zero).passed);
        assert!(!roll_under(6, 5, &[], TestKind::Other, zero).passed);
        assert!(!roll_under(4, 5, &plus(2), TestKind::Other, zero).passed);
    }

    /// L115: a 0 always passes a Cohesion Check, even when a modifier lifts it over the rating;
    /// by default only a Cohesion Check.
    #[test]
    fn l115_a_natural_zero_passes_a_cohesion_check() {
        let zero = ZeroPasses::CohesionChecksOnly;
        let check = roll_under(0, 2, &plus(3), TestKind::CohesionCheck, zero);
        assert!(check.passed && check.by_natural_zero);
        assert!(!roll_under(0, 2, &plus(3), TestKind::Other, zero).passed);
        assert!(roll_under(0, 2, &plus(3), TestKind::Other, ZeroPasses::EveryTest).passed);
    }

    #[test]
    fn three_way_tells_under_equal_and_over_apart() {
        let zero = ZeroPasses::CohesionChecksOnly;
        assert_eq!(three_way(3, 5, &[], zero).0, Ordering::Less);
        assert_eq!(three_way(5, 5, &[], zero).0, Ordering::Equal);
        assert_eq!(three_way(6, 5, &[], zero).0, Ordering::Greater);
        assert_eq!(three_way(0, 1, &plus(2), zero).0, Ordering::Less);
    }
}
