//! Signed states: every time a game is saved, its key signs the hash of the last event, which
//! chains every event before it. Someone who edits the file without the key can recompute every
//! hash, but cannot sign the result, so `verify` catches the edit.
//!
//! Each signature also lists a short fingerprint of every event it adds to the one before it. The
//! fingerprints are signed too, so when a signature no longer matches the log, `verify` compares
//! them with the log as it stands and names the first event that is not the one the key signed.

use super::keys::{GameKey, signature_holds, signed_message};
use super::log::Event;
use serde::{Deserialize, Serialize};

/// Hex digits of an event's hash kept as its fingerprint: enough to tell a changed event from the
/// one signed (the signature itself covers the whole hash).
const FINGERPRINT_DIGITS: usize = 8;

/// One signed state of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    /// The number of the last event signed.
    pub through: u64,
    /// That event's hash, as signed.
    pub hash: String,
    /// The fingerprints of the events after the signature before this one, through `through`.
    pub events: String,
    /// The Ed25519 signature of [`signed_message`], hex.
    pub signature: String,
}

impl Signature {
    /// `key`'s signature of `events` as they stand, adding the events after `signed_through`.
    /// `None` if there is nothing new to sign.
    pub fn make(key: &GameKey, events: &[Event], signed_through: u64) -> Option<Signature> {
        let last = events.last()?;
        if last.seq <= signed_through {
            return None;
        }
        let added = events.get(usize::try_from(signed_through).ok()?..)?;
        let fingerprints = fingerprints(added);
        Some(Signature {
            through: last.seq,
            hash: last.hash.clone(),
            signature: key.sign(last.seq, &last.hash, &fingerprints),
            events: fingerprints,
        })
    }

    /// Whether the signature is `public_key`'s, over what it says it signed.
    pub fn holds_for(&self, public_key: &str) -> bool {
        signature_holds(
            public_key,
            &signed_message(self.through, &self.hash, &self.events),
            &self.signature,
        )
    }

    /// Whether the signature lists exactly `count` fingerprints.
    pub fn lists(&self, count: u64) -> bool {
        self.events.len() as u64 == count.saturating_mul(FINGERPRINT_DIGITS as u64)
    }

    /// The fingerprint of the `n`th event it adds.
    pub fn fingerprint(&self, n: usize) -> Option<&str> {
        self.events
            .get(n * FINGERPRINT_DIGITS..(n + 1) * FINGERPRINT_DIGITS)
    }
}

/// The fingerprint of one event: the start of its hash.
pub fn fingerprint_of(event: &Event) -> &str {
    event.hash.get(..FINGERPRINT_DIGITS).unwrap_or(&event.hash)
}

fn fingerprints(events: &[Event]) -> String {
    let mut text = String::with_capacity(events.len() * FINGERPRINT_DIGITS);
    for event in events {
        text.push_str(fingerprint_of(event));
    }
    text
}
