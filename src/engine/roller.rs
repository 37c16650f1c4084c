//! The app's dice roller and chit drawer.
//!
//! Every random number comes from ChaCha8 seeded with the session's seed. Each draw (one die, or one
//! chit from a cup) has its own index and reads its own ChaCha8 stream, so any single draw can be
//! re-derived from the seed and its index alone, on any machine and any future version. The mapping
//! from raw 32-bit words to faces is the project's own (rejection sampling), so it cannot change
//! under us when a dependency changes its sampling algorithms.

use super::dice::Die;
use super::sealed::{from_hex, hex};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng, TryRngCore};
use sha2::{Digest, Sha256};

/// The seed of a session's app rolls: 32 bytes, kept secret in the game's key file while the game is
/// played; the log holds only its [`Seed::commitment`] until the seed is revealed.
///
/// Sessions saved by earlier builds held a 64-bit seed in the open (16 hexadecimal digits). Such a
/// seed is expanded into 32 bytes exactly as `ChaCha8Rng::seed_from_u64` expands it, so every roll
/// of an old session re-derives unchanged.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed([u8; 32]);

/// Never printed: a seed in a message or a debug dump would give away every app roll.
impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(..)")
    }
}

impl Seed {
    /// A fresh seed from the operating system's generator.
    pub fn fresh() -> Seed {
        let mut bytes = [0u8; 32];
        // Falls back to the clock only if the OS generator fails, which it does not on supported
        // systems; a weak seed is still a valid seed, and its commitment binds it all the same.
        if rand_core::OsRng.try_fill_bytes(&mut bytes).is_err() {
            return Seed::from_u64(clock_nanos());
        }
        Seed(bytes)
    }

    /// The seed an earlier build wrote as 16 hexadecimal digits (and the seed of `--seed N`).
    pub fn from_u64(value: u64) -> Seed {
        Seed(ChaCha8Rng::seed_from_u64(value).get_seed())
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// 64 hexadecimal digits.
    pub fn to_hex(self) -> String {
        hex(&self.0)
    }

    /// A seed written as 64 hexadecimal digits, or an earlier build's 16.
    pub fn from_hex(text: &str) -> Option<Seed> {
        match from_hex::<8>(text) {
            Some(bytes) => Some(Seed::from_u64(u64::from_be_bytes(bytes))),
            None => from_hex::<32>(text).map(Seed),
        }
    }

    /// What the log holds while the seed is secret: SHA-256 over a label and the seed, hex. The
    /// seed's 256 bits make it impossible to find from the commitment, and anyone can check a
    /// revealed seed against it.
    pub fn commitment(&self) -> String {
        let mut hasher = Sha256::new();
        hasher.update(b"aide-de-camp seed commitment\n");
        hasher.update(self.0);
        hex(&hasher.finalize())
    }
}

/// A fresh number from the operating system's generator, for a roll made outside any game that
/// its maker can repeat with `Seed::from_u64`.
pub fn fresh_number() -> u64 {
    rand_core::OsRng
        .try_next_u64()
        .unwrap_or_else(|_| clock_nanos())
}

/// The clock, for the rare system whose random generator fails.
fn clock_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed)
}

/// A uniformly distributed number in `0..bound` read from `rng`, without modulo bias: raw words
/// at or above the largest multiple of `bound` are thrown away and another word is read.
fn uniform_below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    let bound = bound.max(1);
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let word = rng.next_u32();
        if word <= zone {
            return word % bound;
        }
    }
}

fn stream(seed: Seed, draw_index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::from_seed(seed.0);
    rng.set_stream(draw_index);
    rng
}

/// The index in `0..bound` of draw number `draw_index` of the session seeded with `seed`.
pub fn draw_below(seed: Seed, draw_index: u64, bound: u32) -> u32 {
    uniform_below(&mut stream(seed, draw_index), bound)
}

/// The face of `die` for draw number `draw_index`.
pub fn roll_die(seed: Seed, draw_index: u64, die: Die) -> u8 {
    die.face_at(draw_below(seed, draw_index, die.face_count()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_round_trips_through_hex() {
        let seed = Seed::fresh();
        assert_eq!(seed.to_hex().len(), 64);
        assert_eq!(Seed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(Seed::from_hex("xyz"), None);
        assert_eq!(Seed::from_hex(&"g".repeat(64)), None);
        // An earlier build's 16 digits still read.
        assert_eq!(
            Seed::from_hex("0123456789abcdef"),
            Some(Seed::from_u64(0x0123_4567_89ab_cdef))
        );
    }

    #[test]
    fn an_earlier_builds_seed_rolls_as_it_did() {
        // Earlier builds seeded each draw's stream with `seed_from_u64`: the expansion must give
        // the very same stream, or no old session would verify.
        for value in [0u64, 42, 1815, u64::MAX] {
            for index in [0u64, 1, 99] {
                let mut old = ChaCha8Rng::seed_from_u64(value);
                old.set_stream(index);
                let mut new = stream(Seed::from_u64(value), index);
                assert_eq!(old.next_u64(), new.next_u64());
            }
        }
    }

    #[test]
    fn the_commitment_binds_the_seed_and_hides_it() {
        let seed = Seed::fresh();
        assert_eq!(seed.commitment(), seed.commitment());
        assert_ne!(seed.commitment(), Seed::fresh().commitment());
        assert!(!seed.commitment().contains(&seed.to_hex()));
        assert_eq!(format!("{seed:?}"), "Seed(..)");
    }

    #[test]
    fn a_draw_is_rederived_from_seed_and_index() {
        let seed = Seed::from_u64(42);
        let first: Vec<u8> = (0..50).map(|i| roll_die(seed, i, Die::D6)).collect();
        let again: Vec<u8> = (0..50).map(|i| roll_die(seed, i, Die::D6)).collect();
        assert_eq!(first, again);
        // Out of order, a draw is the same draw.
        assert_eq!(roll_die(seed, 37, Die::D6), first[37]);
        // Another seed gives another sequence.
        let other: Vec<u8> = (0..50)
            .map(|i| roll_die(Seed::from_u64(43), i, Die::D6))
            .collect();
        assert_ne!(first, other);
    }

    #[test]
    fn uniform_below_covers_awkward_bounds() {
        let mut rng = stream(Seed::from_u64(7), 0);
        for bound in [1u32, 2, 3, 6, 10, 36, 1000, u32::MAX] {
            for _ in 0..100 {
                assert!(uniform_below(&mut rng, bound) < bound);
            }
        }
    }
}
