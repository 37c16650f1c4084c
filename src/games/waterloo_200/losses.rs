//! Applying a battle's losses to the blocks in its Area (6.2.3.1.7-6.2.3.1.8, L1095-1139): hit by
//! hit, the strongest block first, each level taking the hits its colour costs.
//!
//! Readings (digest §7.2 items 1 and 2):
//! - Hits go one at a time. A block whose level has taken some of its hits takes the next one,
//!   until the level is lost: the hits of a level are not spread over two blocks.
//! - Among blocks tied for strongest the owner chooses (L1102-1104): the blocks he spares take
//!   hits only when no other block of their strength can. Otherwise the one whose level costs the
//!   most hits takes them, since a Heart or a white or red level may "shield" units of the same
//!   strength (L1125-1126); then the one listed first. Sparing lets a leader at Heart stay behind
//!   an equal brigade rather than shield it.
//! - Hits a level took without being lost are not carried to a later battle: no component records
//!   them (digest §3.10, "presumably discarded").

use super::blocks::{Block, Level};
use crate::engine::symbol::Symbol;

/// What one hit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HitTaken {
    pub block: String,
    pub level: Level,
    /// Hits this level has now taken, of `level.hits()`.
    pub taken: i64,
    /// The level below, once this one is lost; `None` if the block is eliminated.
    pub lost_to: Option<Option<Level>>,
}

impl HitTaken {
    pub fn describe(&self, number: i64) -> String {
        let of = format!(
            "hit {number}: {} at {} takes {} of {}",
            self.block,
            self.level,
            self.taken,
            self.level.hits()
        );
        match self.lost_to {
            None => of,
            Some(Some(next)) => format!("{of}, reduced to {next}"),
            Some(None) => format!("{of}, eliminated"),
        }
    }
}

/// The hits a side took, step by step, and what they left.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Allocation {
    pub steps: Vec<HitTaken>,
    /// Levels each block lost, in the order of the blocks given.
    pub levels_lost: Vec<(String, usize)>,
    pub eliminated: Vec<String>,
    /// Hits ignored once every block is gone (L1137-1139).
    pub excess: i64,
}

/// Every hit the blocks can take before all are eliminated (digest §7.2 item 1, reading A).
pub fn hit_capacity(blocks: &[Block]) -> i64 {
    blocks
        .iter()
        .flat_map(|b| b.levels.iter())
        .map(|l| l.hits())
        .sum()
}

/// The sum of the blocks' current strengths (digest §7.2 item 1, reading B).
pub fn strength_total(blocks: &[Block]) -> i64 {
    blocks
        .iter()
        .filter_map(Block::top)
        .map(Level::strength)
        .sum()
}

/// Applies `hits` to `blocks`, strongest first, the `spared` blocks last among equals. With
/// `spread`, a level's hits may be shared among equals (the `hits_spread` setting).
pub fn allocate(blocks: &[Block], hits: i64, spared: &[Symbol], spread: bool) -> Allocation {
    // Per block: levels lost so far, and hits taken by its current level.
    let mut lost = vec![0usize; blocks.len()];
    let mut taken = vec![0i64; blocks.len()];
    let mut allocation = Allocation::default();
    let top = |i: usize, lost: &[usize]| -> Option<Level> {
        let block = blocks.get(i)?;
        block.levels.get(*lost.get(i)?).copied()
    };
    for hit in 0..hits {
        let partial = (0..blocks.len())
            .find(|&i| taken.get(i).is_some_and(|t| *t > 0))
            .filter(|_| !spread);
        let target = partial.or_else(|| {
            (0..blocks.len())
                .filter_map(|i| top(i, &lost).map(|level| (i, level)))
                // The strongest, then not spared, then the most hits left in its level, then the
                // first listed.
                .max_by_key(|&(i, level)| {
                    let spare = blocks
                        .get(i)
                        .is_some_and(|b| spared.iter().any(|s| s.as_ref() == b.name));
                    let left = level.hits() - taken.get(i).copied().unwrap_or(0);
                    (level.strength(), !spare, left, std::cmp::Reverse(i))
                })
                .map(|(i, _)| i)
        });
        let (Some(i), Some(block)) = (target, target.and_then(|i| blocks.get(i))) else {
            allocation.excess = hits - hit;
            break;
        };
        let Some(level) = top(i, &lost) else {
            break;
        };
        let (Some(lost_i), Some(taken_i)) = (lost.get_mut(i), taken.get_mut(i)) else {
            break;
        };
        *taken_i += 1;
        let mut step = HitTaken {
            block: block.name.clone(),
            level,
            taken: *taken_i,
            lost_to: None,
        };
        if *taken_i == level.hits() {
            *taken_i = 0;
            *lost_i += 1;
            let next = block.levels.get(*lost_i).copied();
            step.lost_to = Some(next);
            if next.is_none() {
                allocation.eliminated.push(block.name.clone());
            }
        }
        allocation.steps.push(step);
    }
    allocation.levels_lost = blocks
        .iter()
        .zip(&lost)
        .filter(|(_, n)| **n > 0)
        .map(|(b, n)| (b.name.clone(), *n))
        .collect();
    allocation
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(name: &str, kind: &str, ladder: &str) -> Block {
        Block {
            name: name.into(),
            kind: kind.into(),
            levels: super::super::blocks::Ladder::parse(ladder, kind).unwrap().0,
        }
    }

    #[test]
    fn l1124_the_strongest_block_takes_the_first_hit() {
        let blocks = [
            block("A", "infantry", "3-2-1"),
            block("B", "infantry", "4-3-2-1"),
        ];
        assert_eq!(
            allocate(&blocks, 1, &[], false).levels_lost,
            [("B".to_string(), 1)]
        );
        // B drops to 3; then A and B tie at 3, and A, listed first, takes the second hit.
        let allocation = allocate(&blocks, 2, &[], false);
        assert_eq!(allocation.steps[0].block, "B");
        assert_eq!(allocation.steps[1].block, "A");
    }

    #[test]
    fn l1115_l1120_a_white_level_takes_two_hits_and_a_red_three() {
        let blocks = [block("W", "infantry", "4w-3-2-1")];
        assert_eq!(allocate(&blocks, 1, &[], false).levels_lost, []);
        assert_eq!(
            allocate(&blocks, 2, &[], false).levels_lost,
            [("W".to_string(), 1)]
        );
        let blocks = [block("R", "infantry", "4r-3-2-1")];
        assert_eq!(allocate(&blocks, 2, &[], false).levels_lost, []);
        assert_eq!(
            allocate(&blocks, 3, &[], false).levels_lost,
            [("R".to_string(), 1)]
        );
    }

    #[test]
    fn l1125_a_white_level_shields_a_block_of_the_same_strength() {
        let blocks = [
            block("Black", "infantry", "4-3-2-1"),
            block("White", "infantry", "4w-3-2-1"),
        ];
        let allocation = allocate(&blocks, 1, &[], false);
        assert_eq!(allocation.steps[0].block, "White");
        assert!(allocation.levels_lost.is_empty());
    }

    /// Napoleon at Heart beside a black 1: with him spared, the brigade takes the first hit and
    /// is eliminated, then the Heart takes the other two and holds (L1102-1104, L1125-1126).
    #[test]
    fn l1102_the_owner_spares_a_leader_among_equals() {
        let blocks = [
            block("Napoleon", "strategic-leader", "4-3-2-H"),
            block("Brigade", "infantry", "1"),
        ];
        let at_heart = |blocks: &[Block]| -> Vec<Block> {
            blocks
                .iter()
                .map(|b| Block {
                    levels: b.levels.last().copied().into_iter().collect(),
                    ..b.clone()
                })
                .collect()
        };
        let blocks = at_heart(&blocks);
        assert_eq!(allocate(&blocks, 3, &[], false).eliminated, ["Napoleon"]);
        let spared = allocate(&blocks, 3, &["Napoleon".into()], false);
        assert_eq!(spared.eliminated, ["Brigade"]);
        assert_eq!(spared.steps.last().unwrap().taken, 2);
    }

    /// Spread (the other reading of L1124-1126): two white 4s share two hits, neither reduced.
    #[test]
    fn l1124_spread_hits_can_leave_equals_unreduced() {
        let blocks = [
            block("A", "infantry", "4w-3-2-1"),
            block("B", "infantry", "4w-3-2-1"),
        ];
        let allocation = allocate(&blocks, 2, &[], true);
        assert!(allocation.levels_lost.is_empty());
        assert_eq!(allocation.steps[1].block, "B");
    }

    #[test]
    fn a_level_that_took_a_hit_takes_the_next_one() {
        // Two white 4s: the second hit finishes the first block's level rather than starting on
        // the other's (digest §7.2 item 2).
        let blocks = [
            block("A", "infantry", "4w-3-2-1"),
            block("B", "infantry", "4w-3-2-1"),
        ];
        let allocation = allocate(&blocks, 2, &[], false);
        assert_eq!(allocation.levels_lost, [("A".to_string(), 1)]);
    }

    #[test]
    fn l1137_hits_beyond_the_last_block_are_ignored() {
        let blocks = [block("A", "cavalry", "2-1")];
        let allocation = allocate(&blocks, 5, &[], false);
        assert_eq!(allocation.eliminated, ["A"]);
        assert_eq!(allocation.excess, 3);
        assert_eq!(hit_capacity(&blocks), 2);
    }

    #[test]
    fn l503_a_heart_takes_three_hits_and_a_pawn_one() {
        let blocks = [block("Leader", "tactical-leader", "H")];
        assert!(allocate(&blocks, 2, &[], false).eliminated.is_empty());
        assert_eq!(allocate(&blocks, 3, &[], false).eliminated, ["Leader"]);
        let blocks = [block("Guns", "foot-artillery", "P")];
        assert_eq!(allocate(&blocks, 1, &[], false).eliminated, ["Guns"]);
    }

    #[test]
    fn the_capacity_counts_every_hit_and_the_strength_only_the_top_levels() {
        let blocks = [
            block("A", "infantry", "4w-3-2-1"),
            block("L", "tactical-leader", "2-H"),
        ];
        assert_eq!(hit_capacity(&blocks), 2 + 1 + 1 + 1 + 1 + 3);
        assert_eq!(strength_total(&blocks), 4 + 2);
    }
}
