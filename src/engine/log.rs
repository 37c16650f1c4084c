//! The audit log: append-only events, each hash-chained to the one before.
//!
//! An event's hash is SHA-256 over the previous event's hash and the event's own content (as
//! canonical JSON), so changing, removing or reordering any saved event breaks the chain from that
//! event on, and `verify` names it.

use super::dice::Die;
use super::draws::{CupDraw, Draws};
use super::input::Input;
use super::record::{Effect, Position};
use super::roller::{Seed, roll_die};
use super::sealed::{Reveal, SealedChoice, hex};
use super::symbol::Symbol;
use super::tables::CellRef;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The hash that stands before the first event.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// A side as named at the start screen: the game's id for it and the players' name for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideName {
    pub id: String,
    pub name: String,
}

/// The players' name for side `id`, or the id itself if the sides do not name it.
pub fn side_name<'a>(sides: &'a [SideName], id: &'a str) -> &'a str {
    sides
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.name.as_str())
        .unwrap_or(id)
}

/// One die of a roll and where its face came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    pub label: Symbol,
    pub die: Die,
    pub face: u8,
    /// The app's draw index, for a die the app rolled; absent for a physical die typed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_index: Option<u64>,
}

impl RolledDie {
    /// Faces typed in from physical dice, one per die of `spec`, in order.
    pub fn physical(spec: &super::dice::DiceSpec, faces: &[u8]) -> Vec<RolledDie> {
        spec.slots
            .iter()
            .zip(faces)
            .map(|(slot, face)| RolledDie {
                label: slot.label.as_str().into(),
                die: slot.die,
                face: *face,
                draw_index: None,
            })
            .collect()
    }

    /// The app's roll of `spec` from `seed`, its dice taking the draw indexes from `first_draw`
    /// on, in order.
    pub fn rolled(spec: &super::dice::DiceSpec, seed: Seed, first_draw: u64) -> Vec<RolledDie> {
        spec.slots
            .iter()
            .zip(first_draw..)
            .map(|(slot, draw_index)| RolledDie {
                label: slot.label.as_str().into(),
                die: slot.die,
                face: roll_die(seed, draw_index, slot.die),
                draw_index: Some(draw_index),
            })
            .collect()
    }

    pub fn source(&self) -> &'static str {
        if self.draw_index.is_some() {
            "app"
        } else {
            "physical"
        }
    }
}

/// What an event records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventBody {
    /// Always the first event: what is played, by whom, the public half of the game's key and the
    /// commitment to the seed of its app rolls.
    SessionStarted {
        game: String,
        scenario: String,
        sides: Vec<SideName>,
        /// The seed itself, in the open: only in sessions saved by earlier builds (16 hexadecimal
        /// digits). A session started now holds `seed_commitment` instead.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        seed: String,
        /// Where the scenario begins in the turn sequence.
        start: Position,
        /// The public half of the key that signs the session's saved states (64 hexadecimal
        /// digits); empty in sessions saved by earlier builds.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        public_key: String,
        /// SHA-256 commitment to the seed, which stays in the game's key file until revealed.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        seed_commitment: String,
    },
    /// The game goes on under a new key and a new sealed seed, from this event: the first key was
    /// not at hand (the game moved to another machine without its key file), or the session was
    /// saved by an earlier build, with its seed open and no signature.
    Rekeyed {
        public_key: String,
        seed_commitment: String,
        reason: String,
    },
    /// The seed of the app rolls so far is revealed (at the end of the game, or by an umpire), so
    /// anyone can re-derive them; app rolls from here on come from a new sealed seed.
    SeedRevealed {
        seed: String,
        next_seed_commitment: String,
    },
    /// A procedure was resolved. The result and the cell read are kept as they were shown; the
    /// explanation (modifiers, limits) and the effects offered are re-derived from the input and
    /// the faces when shown, because `resolve` is pure. What is applied is logged by `Applied`.
    Resolved {
        procedure: Symbol,
        input: Input,
        dice: Vec<RolledDie>,
        /// The chits drawn from cups, after the dice in the generator's order.
        #[serde(default, skip_serializing_if = "<[CupDraw]>::is_empty")]
        draws: Draws,
        outcome: Symbol,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<CellRef>,
    },
    /// The players applied a resolution's effects to the record.
    Applied {
        resolution: u64,
        effects: Vec<Effect>,
    },
    /// A mistake mended: the named event stays in the log but no longer counts.
    Corrected { event: u64, reason: String },
    /// A chit drawn face down by resolution `event` (its draw number `draw`) is revealed: anyone
    /// can check `chit` under `salt` against the draw's commitment.
    DrawRevealed {
        event: u64,
        draw: usize,
        chit: Symbol,
        salt: String,
    },
    /// A secret choice, as its commitment only.
    Sealed { round: String, sealed: SealedChoice },
    /// Every choice of a round, revealed together once all were sealed.
    Revealed { round: String, reveals: Vec<Reveal> },
    /// Play moved to another step of the turn sequence.
    StepReached { position: Position, label: String },
    /// Some of a counter was used (one move made, one attack made): `change` is added to it.
    Tallied { counter: Symbol, change: i64 },
    /// A remark by the players or the umpire.
    Note { text: String },
    /// A photo of the table attached to event `event`: the image sits beside the session file
    /// under `file`, and `sha256` shows it unaltered (see `engine::photos`).
    PhotoAttached {
        event: u64,
        file: String,
        sha256: String,
    },
}

impl EventBody {
    /// Whether the event is random or hidden: after one, undo stops and corrections take over.
    pub fn is_irrevocable(&self) -> bool {
        match self {
            EventBody::SessionStarted { .. }
            | EventBody::Rekeyed { .. }
            | EventBody::SeedRevealed { .. }
            | EventBody::DrawRevealed { .. }
            | EventBody::Revealed { .. } => true,
            EventBody::Resolved { dice, draws, .. } => !dice.is_empty() || !draws.is_empty(),
            _ => false,
        }
    }

    /// Whether a correction may void the event: resolutions, applied results, tallies and notes.
    pub fn is_correctable(&self) -> bool {
        matches!(
            self,
            EventBody::Resolved { .. }
                | EventBody::Applied { .. }
                | EventBody::Tallied { .. }
                | EventBody::Note { .. }
                | EventBody::PhotoAttached { .. }
        )
    }

    /// A short name for filters and exports.
    pub fn kind_name(&self) -> &'static str {
        match self {
            EventBody::SessionStarted { .. } => "session_started",
            EventBody::Rekeyed { .. } => "rekeyed",
            EventBody::SeedRevealed { .. } => "seed_revealed",
            EventBody::Resolved { .. } => "resolved",
            EventBody::Applied { .. } => "applied",
            EventBody::Corrected { .. } => "corrected",
            EventBody::DrawRevealed { .. } => "draw_revealed",
            EventBody::Sealed { .. } => "sealed",
            EventBody::Revealed { .. } => "revealed",
            EventBody::StepReached { .. } => "step_reached",
            EventBody::Tallied { .. } => "tallied",
            EventBody::Note { .. } => "note",
            EventBody::PhotoAttached { .. } => "photo_attached",
        }
    }
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub seq: u64,
    /// UTC, RFC 3339, to the second.
    pub time: String,
    /// The acting side's id, or "" for the players together.
    pub side: Symbol,
    pub body: EventBody,
    /// SHA-256 over the previous hash and this event's content, hex.
    pub hash: String,
}

/// The part of an event the hash covers.
#[derive(Serialize)]
struct HashedContent<'a> {
    seq: u64,
    time: &'a str,
    side: &'a str,
    body: &'a EventBody,
}

/// The text an event's hash covers: its content as canonical JSON (fields in declaration order,
/// no spaces). Saved sessions verify only while this stays the same for the same event.
pub fn canonical_content(seq: u64, time: &str, side: &str, body: &EventBody) -> String {
    // Serialising plain data with string keys cannot fail; an empty content would still chain.
    serde_json::to_string(&HashedContent {
        seq,
        time,
        side,
        body,
    })
    .unwrap_or_default()
}

/// The hash of an event's content chained to `previous`: SHA-256 over `previous` and the
/// event's [`canonical_content`], hex.
pub fn chain_hash(previous: &str, seq: u64, time: &str, side: &str, body: &EventBody) -> String {
    let mut hasher = Sha256::new();
    hasher.update(previous.as_bytes());
    hasher.update(canonical_content(seq, time, side, body).as_bytes());
    hex(&hasher.finalize())
}

impl Event {
    pub fn expected_hash(&self, previous: &str) -> String {
        chain_hash(previous, self.seq, &self.time, &self.side, &self.body)
    }

    /// The first digits of the hash, as players note it down (see `short_hash`).
    pub fn short_hash(&self) -> &str {
        short_hash(&self.hash)
    }
}

/// The first 12 digits of an event's hash: enough for players to note down and compare.
pub fn short_hash(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// The current time as RFC 3339 UTC, to the second.
pub fn now_rfc3339() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    rfc3339_from_unix(seconds)
}

/// Formats seconds since 1970 as RFC 3339 UTC (civil-from-days, proleptic Gregorian).
pub fn rfc3339_from_unix(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let rest = seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_dates() {
        assert_eq!(rfc3339_from_unix(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_from_unix(951_782_400), "2000-02-29T00:00:00Z");
        // The battle's bicentenary, 18 June 2015, 11:30:05.
        assert_eq!(rfc3339_from_unix(1_434_627_005), "2015-06-18T11:30:05Z");
    }

    #[test]
    fn the_hash_changes_with_any_field() {
        let body = EventBody::Note { text: "a".into() };
        let base = chain_hash(GENESIS_HASH, 1, "t", "s", &body);
        assert_eq!(base.len(), 64);
        assert_ne!(base, chain_hash(GENESIS_HASH, 2, "t", "s", &body));
        assert_ne!(base, chain_hash(GENESIS_HASH, 1, "u", "s", &body));
        assert_ne!(base, chain_hash(GENESIS_HASH, 1, "t", "x", &body));
        assert_ne!(
            base,
            chain_hash(
                GENESIS_HASH,
                1,
                "t",
                "s",
                &EventBody::Note { text: "b".into() }
            )
        );
        assert_ne!(base, chain_hash(&base, 1, "t", "s", &body));
    }
}
