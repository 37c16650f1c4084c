//! A hand chosen in secret and played a few cards at a time (a battle's Battle Tactics cards).
//!
//! Each player seals a fixed number of slots, one card or `EMPTY_SLOT` in each, so the log shows
//! neither which cards nor how many were picked. Each slot is its own sealed choice, under a salt
//! derived from the game's key ([`crate::engine::keys::GameKey::sealing_salt`]): the machine that
//! holds the key finds the cards again to show their owner, and playing a card reveals just its
//! slot. A card never played stays sealed, as a bluff may (the log proves only what was shown).

use crate::engine::record::Record;
use crate::engine::sealed::{Reveal, SealedChoice};
use crate::engine::session::Session;

/// What a slot holds when the player picked fewer cards than there are slots.
pub const EMPTY_SLOT: &str = "none";

/// What names a card's place in the log's round names.
pub const PLACE: &str = ", slot ";

/// The log's name for slot `slot` (from 1) of the hand named `hand`.
pub fn slot_round(hand: &str, slot: usize) -> String {
    format!("{hand}{PLACE}{slot}")
}

/// A procedure's hand where play stands: its name in the log and each side's part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// What the players call the cards, for the panel's heading ("Battle Tactics cards").
    pub title: &'static str,
    /// Who turns up first, and the rule ("the Initiative player first (6.5.6, L970)").
    pub order: &'static str,
    /// The record's state of a card once played: a card turned up and not yet in it is this
    /// round's.
    pub played_state: &'static str,
    /// Unique to this hand (a battle's), so each battle's slots are sealed afresh.
    pub name: String,
    pub slots: usize,
    /// The fewest cards a side may pick.
    pub min_cards: usize,
    /// In the order the sides reveal (the Initiative player first).
    pub sides: Vec<HandSide>,
    /// Whether the hands are chosen now (the first round) rather than only played from.
    pub choosing: bool,
    /// Whether the hands are chosen before the form's other secret choices are sealed.
    pub before_sealed_choices: bool,
}

/// What a form does with the hand, as its facts stand (a round without combat turns up no card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandUse {
    /// The hands are picked (where still to be) and cards turned up.
    PickAndPlay,
    /// The hands are picked where still to be, but no card is turned up, for this reason.
    PickOnly(&'static str),
    /// Neither, for this reason.
    Idle(&'static str),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSide {
    pub side: &'static str,
    /// The cards the side may pick, as (id, label).
    pub cards: Vec<(String, String)>,
    /// The form's field that lists the cards the side reveals this round.
    pub field: &'static str,
}

impl Record {
    /// Whether `player` has sealed the hand named `hand`.
    pub fn hand_sealed(&self, hand: &str, player: &str) -> bool {
        self.seals
            .contains_key(&(slot_round(hand, 1).into(), player.into()))
    }

    /// The cards `player` has turned up from the hand named `hand` and not yet played (a card
    /// played takes the record's state `played_state`), slot by slot.
    pub fn turned_up(
        &self,
        hand: &str,
        player: &str,
        slots: usize,
        played_state: &str,
    ) -> Vec<String> {
        (1..=slots)
            .filter_map(|slot| {
                self.seals
                    .get(&(slot_round(hand, slot).into(), player.into()))
                    .and_then(Option::as_ref)
            })
            .filter(|card| card.as_str() != EMPTY_SLOT)
            .filter(|card| {
                self.unit(player, card.as_str())
                    .is_none_or(|unit| unit.state.as_str() != played_state)
            })
            .map(|card| card.as_str().to_string())
            .collect()
    }
}

/// `player`'s pick of `cards` sealed into the hand's `slots` slots, as (round, commitment) to
/// log one by one with `Command::Seal`. Refused without the game's key, or with too many cards.
pub fn seal(
    session: &Session,
    hand: &str,
    player: &str,
    cards: &[String],
    slots: usize,
) -> Result<Vec<(String, SealedChoice)>, String> {
    if cards.len() > slots {
        return Err(format!("pick at most {slots} cards"));
    }
    let mut picks: Vec<&str> = cards
        .iter()
        .map(String::as_str)
        .chain(std::iter::repeat(EMPTY_SLOT))
        .take(slots)
        .collect();
    // In random places: a card turned up from place k tells nothing of the other places.
    shuffle(&mut picks);
    picks
        .into_iter()
        .enumerate()
        .map(|(at, card)| {
            let round = slot_round(hand, at + 1);
            session
                .seal_with_key(&round, player, card)
                .map(|sealed| (round, sealed))
                .ok_or_else(|| {
                    "this machine does not hold the game's key, which keeps the cards face down"
                        .to_string()
                })
        })
        .collect()
}

/// Shuffles `items` with the operating system's random generator (Fisher-Yates).
fn shuffle<T>(items: &mut [T]) {
    use rand_core::TryRngCore;
    for top in (1..items.len()).rev() {
        let mut bytes = [0u8; 8];
        // Without the OS generator the places stay in order: weaker, still binding.
        if rand_core::OsRng.try_fill_bytes(&mut bytes).is_err() {
            return;
        }
        let bound = u64::try_from(top + 1).unwrap_or(u64::MAX);
        let pick = usize::try_from(u64::from_le_bytes(bytes) % bound).unwrap_or(0);
        items.swap(top, pick);
    }
}

/// The cards still face down in `player`'s hand, each as (round, the reveal that plays it),
/// found from the commitments with the game's key among `cards`. Empty without the key.
pub fn face_down(
    session: &Session,
    hand: &str,
    player: &str,
    slots: usize,
    cards: &[&str],
) -> Vec<(String, Reveal)> {
    let candidates: Vec<&str> = cards.iter().copied().chain([EMPTY_SLOT]).collect();
    (1..=slots)
        .filter_map(|slot| {
            let round = slot_round(hand, slot);
            let reveal = session.sealed_with_key(&round, player, &candidates)?;
            (reveal.choice != EMPTY_SLOT).then_some((round, reveal))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_card_lands_in_every_place_over_many_shuffles() {
        let mut seen = [false; 4];
        for _ in 0..200 {
            let mut places = ["F2", EMPTY_SLOT, EMPTY_SLOT, EMPTY_SLOT];
            shuffle(&mut places);
            let at = places.iter().position(|c| *c == "F2").unwrap();
            seen[at] = true;
        }
        assert_eq!(seen, [true; 4]);
    }
}
