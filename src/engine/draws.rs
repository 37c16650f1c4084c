//! Draws: chits or blocks taken without replacement from a cup on the record, with the session's
//! generator. A procedure declares its draws as it declares its dice (`Procedure::draws`), so a
//! draw is resolved, enumerated for the odds and re-derived by `verify` as a die is.
//!
//! The log keeps each draw with the cup's contents before it, so anyone can check that the chit
//! was in the cup and re-derive which one the generator picked. A draw only one side may see (a
//! block drawn face down) keeps no name in the log: only a commitment to it, under a salt that the
//! seed derives, until a reveal names the chit and its salt for anyone to check.

use super::record::Cups;
use super::roller::{Seed, draw_below};
use super::sealed::{commitment, hex};
use super::symbol::Symbol;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One draw a procedure makes: from which cup, and who may see what is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawSlot {
    pub label: Symbol,
    pub cup: Symbol,
    /// The side that alone sees the chit (a block drawn face down), or `None` for an open draw.
    pub seen_by: Option<Symbol>,
    /// The chits of a cup the form itself lists (an owner's counters of one type), where the cup
    /// is not on the record: the resolution's draws from `cup` take from this list, each from what
    /// the draws before it left. `None` for a cup on the record.
    pub listed: Option<Vec<Symbol>>,
}

impl DrawSlot {
    /// A draw everyone sees.
    pub fn open(label: &str, cup: &str) -> DrawSlot {
        DrawSlot {
            label: label.into(),
            cup: cup.into(),
            seen_by: None,
            listed: None,
        }
    }

    /// A draw everyone sees from `chits`, a cup the form lists rather than one on the record.
    pub fn from_list(label: &str, cup: &str, chits: &[Symbol]) -> DrawSlot {
        DrawSlot {
            listed: Some(chits.to_vec()),
            ..DrawSlot::open(label, cup)
        }
    }

    /// A draw only `side` sees until the rules reveal it.
    pub fn hidden(label: &str, cup: &str, side: &str) -> DrawSlot {
        DrawSlot {
            seen_by: Some(side.into()),
            ..DrawSlot::open(label, cup)
        }
    }
}

/// A hidden draw's side and commitment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concealed {
    /// The side that sees the chit.
    pub seen_by: Symbol,
    /// SHA-256 over the draw's salt and the chit (see `sealed::commitment`).
    pub commitment: String,
}

/// One draw as the log keeps it: the cup, its contents before the draw, the generator's draw
/// index, and the chit drawn (empty while a hidden draw is not revealed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupDraw {
    pub label: Symbol,
    pub cup: Symbol,
    pub contents_before: Vec<Symbol>,
    pub draw_index: u64,
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub drawn: Symbol,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concealed: Option<Concealed>,
    /// How many hidden draws just before this one, from the same cup in the same resolution,
    /// took from these same logged contents: the chit is picked from what they left. Hidden draws
    /// in a row log the cup as it was before the first of them, so that no draw's contents give
    /// away the chit drawn before it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub taken_before: u32,
    /// The cup was the form's own list (`DrawSlot::listed`), not a cup on the record: the
    /// contents of its first draw are the logged input's, which resolving it again checks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub listed: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The draws of one resolution. Most resolutions draw nothing, and a long log holds one per
/// resolution, so no draws take one pointer's room rather than an empty vector's three.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[expect(
    clippy::box_collection,
    reason = "a thin pointer: one word per resolution, where a boxed slice takes two"
)]
pub struct Draws(Option<Box<Vec<CupDraw>>>);

impl From<Vec<CupDraw>> for Draws {
    fn from(draws: Vec<CupDraw>) -> Draws {
        Draws((!draws.is_empty()).then(|| Box::new(draws)))
    }
}

impl std::ops::Deref for Draws {
    type Target = [CupDraw];
    fn deref(&self) -> &[CupDraw] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl std::ops::DerefMut for Draws {
    fn deref_mut(&mut self) -> &mut [CupDraw] {
        self.0.as_deref_mut().map_or(&mut [], Vec::as_mut_slice)
    }
}

impl Serialize for Draws {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Draws {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<CupDraw>::deserialize(deserializer).map(Draws::from)
    }
}

/// The salt of a hidden draw: derived from the seed, so nothing secret needs storing, and unknown
/// to anyone without the seed, so the commitment gives nothing away.
#[expect(
    clippy::indexing_slicing,
    reason = "a SHA-256 digest is 32 bytes, so its first 16 are there"
)]
pub fn hidden_salt(seed: Seed, draw_index: u64) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"aide-de-camp hidden draw\n");
    hasher.update(seed.as_bytes());
    hasher.update(draw_index.to_le_bytes());
    hex(&hasher.finalize()[..16])
}

impl CupDraw {
    /// Draws for `slot` from `contents` with draw number `draw_index`, after `taken_before`
    /// hidden draws in a row from the same `contents` (see `taken_before`); `None` from an empty
    /// cup.
    pub fn make(
        slot: &DrawSlot,
        contents: &[Symbol],
        seed: Seed,
        draw_index: u64,
        taken_before: u32,
    ) -> Option<CupDraw> {
        let mut draw = CupDraw {
            label: slot.label.clone(),
            cup: slot.cup.clone(),
            contents_before: contents.to_vec(),
            draw_index,
            drawn: Symbol::default(),
            concealed: None,
            taken_before,
            listed: slot.listed.is_some(),
        };
        let chit = draw.picked(seed)?;
        match &slot.seen_by {
            Some(side) => {
                draw.concealed = Some(Concealed {
                    seen_by: side.clone(),
                    commitment: commitment(&hidden_salt(seed, draw_index), &chit),
                });
            }
            None => draw.drawn = chit,
        }
        Some(draw)
    }

    /// The chit the generator picks: from the logged contents, less what the hidden draws just
    /// before this one took (they used the draw numbers just before this one's).
    fn picked(&self, seed: Seed) -> Option<Symbol> {
        let first = self.draw_index.checked_sub(u64::from(self.taken_before))?;
        let mut remaining = self.contents_before.clone();
        for index in first..self.draw_index {
            let taken = pick(&remaining, seed, index)?.clone();
            take_one(&mut remaining, &taken);
        }
        pick(&remaining, seed, self.draw_index).cloned()
    }

    /// The chit drawn: named in the log, or worked out from the seed for a hidden draw.
    pub fn chit(&self, seed: Seed) -> Option<Symbol> {
        if self.concealed.is_some() {
            self.picked(seed)
        } else {
            Some(self.drawn.clone())
        }
    }

    /// Whether the generator, given the seed, picks exactly this draw from these contents (and,
    /// for a hidden draw, whether the commitment is to that chit under the seed's salt).
    pub fn rederives(&self, seed: Seed) -> bool {
        let Some(chit) = self.picked(seed) else {
            return false;
        };
        match &self.concealed {
            None => self.taken_before == 0 && chit == self.drawn,
            Some(concealed) => {
                self.drawn.is_empty()
                    && concealed.commitment
                        == commitment(&hidden_salt(seed, self.draw_index), &chit)
            }
        }
    }

    /// Whether `chit` under `salt` is what this hidden draw committed to.
    pub fn reveals_as(&self, chit: &str, salt: &str) -> bool {
        self.contents_before.iter().any(|c| c.as_ref() == chit)
            && self
                .concealed
                .as_ref()
                .is_some_and(|c| c.commitment == commitment(salt, chit))
    }
}

/// Where an effect names a chit drawn face down without naming it: the unit (or chit) of a
/// result that a resolution's own draw placed, or one drawn by an earlier resolution. The record
/// of the machine that holds the seed (or once the log reveals it) puts the chit in its place;
/// the log, the result card and the log view show only the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawnRef {
    /// Draw `slot` of the resolution the effects apply.
    OfThis(usize),
    /// Draw `slot` of resolution `event`.
    Of { event: u64, slot: usize },
}

const THIS_PREFIX: &str = "block drawn face down, draw ";
const EARLIER_PREFIX: &str = "face-down block #";

impl DrawnRef {
    /// The name an effect gives the chit of this draw.
    pub fn name(self) -> Symbol {
        match self {
            DrawnRef::OfThis(slot) => format!("{THIS_PREFIX}{}", slot + 1).into(),
            DrawnRef::Of { event, slot } => format!("{EARLIER_PREFIX}{event}.{}", slot + 1).into(),
        }
    }

    /// The draw a name refers to, if it is such a reference.
    pub fn parse(name: &str) -> Option<DrawnRef> {
        if let Some(slot) = name.strip_prefix(THIS_PREFIX) {
            return Some(DrawnRef::OfThis(
                slot.parse::<usize>().ok()?.checked_sub(1)?,
            ));
        }
        let (event, slot) = name.strip_prefix(EARLIER_PREFIX)?.split_once('.')?;
        Some(DrawnRef::Of {
            event: event.parse().ok()?,
            slot: slot.parse::<usize>().ok()?.checked_sub(1)?,
        })
    }

    /// The (resolution, draw) it refers to, for effects applying resolution `resolution`.
    pub fn key(self, resolution: u64) -> (u64, usize) {
        match self {
            DrawnRef::OfThis(slot) => (resolution, slot),
            DrawnRef::Of { event, slot } => (event, slot),
        }
    }
}

/// The cups `slots` draw from: `cups`, the record's, with each cup a slot lists
/// (`DrawSlot::listed`) set to that list.
pub fn with_listed(cups: &Cups, slots: &[DrawSlot]) -> Cups {
    let mut cups = cups.clone();
    for slot in slots {
        if let Some(chits) = &slot.listed {
            cups.insert(slot.cup.clone(), chits.clone());
        }
    }
    cups
}

/// Takes one `chit` out of `contents` (a cup may hold two chits alike).
pub fn take_one(contents: &mut Vec<Symbol>, chit: &str) {
    if let Some(i) = contents.iter().position(|c| c.as_ref() == chit) {
        contents.remove(i);
    }
}

/// The chit the generator picks from `contents` with draw number `draw_index`.
fn pick(contents: &[Symbol], seed: Seed, draw_index: u64) -> Option<&Symbol> {
    let count = u32::try_from(contents.len()).ok().filter(|n| *n > 0)?;
    contents.get(draw_below(seed, draw_index, count) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaders() -> Vec<Symbol> {
        ["Ney", "Grouchy", "Soult", "Napoleon"]
            .into_iter()
            .map(Symbol::from)
            .collect()
    }

    #[test]
    fn draws_without_replacement_until_empty() {
        let slot = DrawSlot::open("Leader", "leaders");
        let mut cup = leaders();
        let seed = Seed::from_u64(99);
        let mut drawn = Vec::new();
        for index in 0..4 {
            let draw = CupDraw::make(&slot, &cup, seed, index, 0).expect("a chit is left");
            assert!(draw.rederives(seed));
            assert!(draw.contents_before.contains(&draw.drawn));
            cup.retain(|c| *c != draw.drawn);
            drawn.push(draw.drawn.to_string());
        }
        drawn.sort();
        assert_eq!(drawn, vec!["Grouchy", "Napoleon", "Ney", "Soult"]);
        assert!(CupDraw::make(&slot, &cup, seed, 4, 0).is_none());
    }

    #[test]
    fn a_tampered_draw_does_not_rederive() {
        let mut draw = CupDraw::make(
            &DrawSlot::open("c", "c"),
            &leaders(),
            Seed::from_u64(5),
            0,
            0,
        )
        .expect("full cup");
        let other = draw
            .contents_before
            .iter()
            .find(|c| **c != draw.drawn)
            .cloned()
            .expect("four chits");
        draw.drawn = other;
        assert!(!draw.rederives(Seed::from_u64(5)));
    }

    #[test]
    fn hidden_draws_in_a_row_log_the_same_contents_and_draw_different_chits() {
        let seed = Seed::from_u64(11);
        let slot = DrawSlot::hidden("Block", "pool", "french");
        let mut chits = Vec::new();
        for taken_before in 0..4 {
            let draw = CupDraw::make(
                &slot,
                &leaders(),
                seed,
                20 + u64::from(taken_before),
                taken_before,
            )
            .expect("chits are left");
            assert_eq!(draw.contents_before, leaders());
            assert!(draw.rederives(seed));
            chits.push(draw.chit(seed).expect("the seed names it").to_string());
        }
        chits.sort();
        assert_eq!(chits, vec!["Grouchy", "Napoleon", "Ney", "Soult"]);
        assert!(CupDraw::make(&slot, &leaders(), seed, 24, 4).is_none());
    }

    #[test]
    fn a_drawn_reference_reads_back() {
        for reference in [DrawnRef::OfThis(0), DrawnRef::Of { event: 12, slot: 2 }] {
            assert_eq!(DrawnRef::parse(&reference.name()), Some(reference));
        }
        assert_eq!(DrawnRef::OfThis(1).key(7), (7, 1));
        assert_eq!(DrawnRef::parse("Ney"), None);
        assert_eq!(DrawnRef::parse("face-down block #12.0"), None);
    }

    #[test]
    fn a_hidden_draw_names_no_chit_but_commits_to_it() {
        let seed = Seed::from_u64(7);
        let slot = DrawSlot::hidden("Block", "pool", "french");
        let draw = CupDraw::make(&slot, &leaders(), seed, 3, 0).expect("a chit");
        assert!(draw.drawn.is_empty());
        assert!(draw.rederives(seed));
        let chit = draw.chit(seed).expect("the seed names it");
        assert!(draw.reveals_as(&chit, &hidden_salt(seed, 3)));
        let other = leaders().into_iter().find(|c| *c != chit).expect("another");
        assert!(!draw.reveals_as(&other, &hidden_salt(seed, 3)));
        // Another seed's salt does not open it.
        assert!(!draw.reveals_as(&chit, &hidden_salt(Seed::from_u64(8), 3)));
    }
}
