//! A session: one game's log, its file, and everything derived from the log.
//!
//! The file is TOML (an umpire can read it), carries a format version, and is saved atomically:
//! written to a temporary file beside the target, flushed to disk, then renamed over it, so a crash
//! mid-save never leaves a half-written game. Loading never writes anything.
//!
//! The game's secret (its signing key and the seed of its app rolls, see `keys`) is not in the
//! file. A session holds it only on the machine that has the game's key file; without it the
//! session can be read and verified, and continued only under a new key (`Command::Rekey`).

use super::dice::DiceSpec;
use super::draws::{CupDraw, DrawSlot, DrawnRef, hidden_salt, take_one, with_listed};
use super::keys::GameKey;
use super::log::{Event, EventBody, GENESIS_HASH, RolledDie, SideName, chain_hash, now_rfc3339};
use super::record::{Effect, Position, Record};
use super::roller::Seed;
use super::sealed::{Reveal, SealedChoice};
use super::signatures::Signature;
use super::symbol::Symbol;
use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::session_file;
pub use super::session_file::{
    FORMAT_VERSION, SessionError, write_atomically, write_new_atomically,
};
mod verify;
pub use verify::{KeyCoverage, SeedCoverage, VerifyFailure, VerifyReport};

/// A draw, as (the resolution's event, the draw's place in it).
type DrawKey = (u64, usize);

/// The events from `from` on are logged under one key: `public_key`, or none in a session saved by
/// an earlier build.
#[derive(Debug, Clone, PartialEq, Eq)]
struct KeySpan {
    pub from: u64,
    /// 64 hexadecimal digits; empty where the events were saved unsigned by an earlier build.
    pub public_key: String,
}

/// The app rolls of the events from `from` on come from one seed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SeedSpan {
    pub from: u64,
    /// The commitment the log made to the seed; empty for an earlier build's open seed.
    pub commitment: String,
    /// The seed, where anyone can know it: an earlier build's open seed, or one revealed later
    /// in the log (and matching its commitment).
    pub public: Option<Seed>,
    /// The event that revealed the seed, if one did.
    pub revealed_by: Option<u64>,
}

/// Whether this machine can add to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyStatus {
    /// The game's key and seed are here: play goes on, and each save is signed.
    Held,
    /// The game's key is not on this machine: import its key file, or go on under a new key.
    Missing,
    /// Saved by an earlier build, with its seed in the open and no signature: it goes on only under
    /// a new key.
    OpenSeed,
}

/// A game in progress: its log and what is derived from it.
#[derive(Debug, Clone)]
pub struct Session {
    events: Vec<Event>,
    game: String,
    scenario: String,
    sides: Vec<SideName>,
    /// The game's secret, where this machine holds it.
    key: Option<GameKey>,
    /// The signatures of the saved states, oldest first.
    signatures: Vec<Signature>,
    /// How many events came from a file: a signature must cover each of them. The events added
    /// since are this app's own, signed when the game is next saved.
    from_file: usize,
    /// Where the file's signatures do not hold: such a file can be read and verified, never
    /// continued, or the app would sign what someone without the key put in it.
    tampered: Option<VerifyFailure>,
    /// Derived from the log: the key each stretch of events is logged under.
    keys: Vec<KeySpan>,
    /// Derived from the log: the seed each stretch of events rolls from.
    seeds: Vec<SeedSpan>,
    /// Derived from the log: the next unused draw index.
    next_draw: u64,
    /// Derived from the log: events a correction has voided.
    voided: HashSet<u64>,
    /// Derived from the log: each applied resolution and the event that applied it.
    applied: HashMap<u64, u64>,
    /// Derived from the log: the chits revealed after being drawn face down, by (event, draw).
    revealed_chits: HashMap<(u64, usize), Symbol>,
    /// Derived from the log: cups from which a chit was drawn face down that nobody here can
    /// name (the seed is sealed and the key elsewhere). The next draw's logged contents stand for
    /// them.
    uncertain_cups: HashSet<Symbol>,
    /// Derived from the log: the chits drawn face down that this machine can name (it holds the
    /// seed, or the log revealed them), by (event, draw).
    face_down_chits: HashMap<(u64, usize), Symbol>,
    /// Derived from the log: effects on a face-down block nobody here can name yet, applied when
    /// the log reveals it, by its (event, draw), with the resolution each applies.
    waiting_for_reveal: HashMap<(u64, usize), Vec<(u64, Effect)>>,
    /// Derived from the log.
    record: Record,
}

impl Session {
    /// A new session: its first event names the game, scenario and sides, and holds the public
    /// half of `key` and the commitment to its seed.
    pub fn new(
        game: &str,
        scenario: &str,
        start: Position,
        sides: Vec<SideName>,
        key: GameKey,
    ) -> Session {
        let body = EventBody::SessionStarted {
            game: game.to_string(),
            scenario: scenario.to_string(),
            sides: sides.clone(),
            seed: String::new(),
            start,
            public_key: key.public_key(),
            seed_commitment: key.newest_seed().commitment(),
        };
        let mut session = Session::empty(game.into(), scenario.into(), sides);
        session.key = Some(key);
        session.append("", body);
        session
    }

    pub fn game(&self) -> &str {
        &self.game
    }
    pub fn scenario(&self) -> &str {
        &self.scenario
    }
    pub fn sides(&self) -> &[SideName] {
        &self.sides
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn record(&self) -> &Record {
        &self.record
    }
    pub fn signatures(&self) -> &[Signature] {
        &self.signatures
    }
    /// Event number `seq`, if the log has it.
    pub fn event(&self, seq: u64) -> Option<&Event> {
        self.events
            .get(seq.checked_sub(1)? as usize)
            .filter(|e| e.seq == seq)
    }
    /// The events that still count and touched unit `name` of `side`: resolutions that named it
    /// on their form, and applied results with an effect on it. Oldest first.
    pub fn events_touching(&self, side: &str, name: &str) -> Vec<&Event> {
        self.events
            .iter()
            .filter(|event| !self.voided.contains(&event.seq))
            .filter(|event| match &event.body {
                EventBody::Resolved { input, .. } => input.mentions(name),
                EventBody::Applied { effects, .. } => {
                    effects.iter().any(|e| e.unit() == Some((side, name)))
                }
                _ => false,
            })
            .collect()
    }

    pub fn is_voided(&self, seq: u64) -> bool {
        self.voided.contains(&seq)
    }

    /// The players' name for a side id, or the id itself.
    pub fn side_name<'a>(&'a self, id: &'a str) -> &'a str {
        super::log::side_name(&self.sides, id)
    }

    /// The key the events from now on are logged under (empty for an earlier build's session).
    pub fn public_key(&self) -> &str {
        self.keys.last().map_or("", |k| k.public_key.as_str())
    }

    /// The commitment to the seed the next app roll comes from (empty for an open seed).
    pub fn seed_commitment(&self) -> &str {
        self.seeds.last().map_or("", |s| s.commitment.as_str())
    }

    /// The game's secret, where this machine holds it.
    pub fn key(&self) -> Option<&GameKey> {
        self.key.as_ref()
    }

    /// Whether this machine can add to the game, and sign it.
    pub fn key_status(&self) -> KeyStatus {
        if self.public_key().is_empty() {
            return KeyStatus::OpenSeed;
        }
        let held = self.key.as_ref().is_some_and(|key| {
            key.public_key() == self.public_key() && key.seed_for(self.seed_commitment()).is_some()
        });
        if held {
            KeyStatus::Held
        } else {
            KeyStatus::Missing
        }
    }

    /// Gives the session the game's secret, read from this machine's key file. Refused if it is
    /// not the key the log now names.
    pub fn attach_key(&mut self, key: GameKey) -> Result<(), String> {
        if key.public_key() != self.public_key() {
            return Err("this key is not the one the game is signed with".into());
        }
        if key.seed_for(self.seed_commitment()).is_none() {
            return Err("this copy of the game's key does not hold the game's current seed: it was exported before the seed was renewed".into());
        }
        self.key = Some(key);
        // Chits drawn face down can now be named here.
        self.refold();
        Ok(())
    }

    /// Where the signatures of the file the session was read from do not hold, if they do not.
    pub fn tampered(&self) -> Option<&VerifyFailure> {
        self.tampered.as_ref()
    }

    /// Why nothing can be added to the game here, if nothing can.
    pub fn why_locked(&self) -> Option<String> {
        if let Some(failure) = &self.tampered {
            return Some(format!(
                "this file fails its signature check at {failure}: it can be read and verified, but not continued"
            ));
        }
        match self.key_status() {
            KeyStatus::Held => None,
            KeyStatus::Missing => Some(
                "this game's key is not on this machine: import its key file, or continue under a new key (the log then shows where the first key's guarantee ends)"
                    .into(),
            ),
            KeyStatus::OpenSeed => Some(
                "this game was saved by an earlier version, with its dice seed in the open and no signature: it continues only under a new key and a sealed seed, from the event that says so"
                    .into(),
            ),
        }
    }

    /// The seed of the app rolls of event `seq`, where anyone can know it from the log.
    pub fn public_seed_at(&self, seq: u64) -> Option<Seed> {
        self.seed_span_at(seq)?.public
    }

    /// The seed of the app rolls of event `seq`, from the log or from this machine's key.
    fn seed_at(&self, seq: u64) -> Option<Seed> {
        let span = self.seed_span_at(seq)?;
        span.public.or_else(|| {
            self.key
                .as_ref()
                .and_then(|key| key.seed_for(&span.commitment))
        })
    }

    fn seed_span_at(&self, seq: u64) -> Option<&SeedSpan> {
        self.seeds.iter().rev().find(|span| span.from <= seq)
    }

    fn key_span_at(&self, seq: u64) -> Option<&KeySpan> {
        self.keys.iter().rev().find(|span| span.from <= seq)
    }

    /// The seed the next app roll comes from, where this machine holds it.
    pub(crate) fn next_seed(&self) -> Result<Seed, String> {
        match self.why_locked() {
            Some(why) => Err(why),
            None => self
                .seed_at(self.events.len() as u64 + 1)
                .ok_or_else(|| "the game's seed is not on this machine".to_string()),
        }
    }

    /// Appends an event, chaining its hash, and folds it into the record.
    #[expect(
        clippy::indexing_slicing,
        reason = "the event has just been pushed, so the log holds at least one"
    )]
    pub(super) fn append(&mut self, side: &str, body: EventBody) -> &Event {
        let seq = self.events.len() as u64 + 1;
        let time = now_rfc3339();
        let previous = self
            .events
            .last()
            .map(|e| e.hash.as_str())
            .unwrap_or(GENESIS_HASH);
        let hash = chain_hash(previous, seq, &time, side, &body);
        let event = Event {
            seq,
            time,
            side: side.into(),
            body,
            hash,
        };
        self.push_folded(event);
        &self.events[self.events.len() - 1]
    }

    /// Adds an event to the log as it is and folds it into the record.
    pub(super) fn push_folded(&mut self, event: Event) {
        // A correction can void anything before it, and a reveal can name a block that effects
        // were waiting for: the derived state is rebuilt with the event in place, as a file
        // read from disk would be.
        let rebuild = match &event.body {
            EventBody::Corrected { .. } => true,
            EventBody::DrawRevealed { event, draw, .. } => {
                self.waiting_for_reveal.contains_key(&(*event, *draw))
            }
            _ => false,
        };
        if rebuild {
            self.events.push(event);
            self.refold();
        } else {
            self.fold(&event);
            self.events.push(event);
        }
    }

    /// The chit of draw `slot` of resolution `seq`: named in the log, worked out from a seed known
    /// here, or revealed later in the log.
    fn chit_of(&self, seq: u64, slot: usize, draw: &CupDraw) -> Option<Symbol> {
        if draw.concealed.is_none() {
            return Some(draw.drawn.clone());
        }
        self.seed_at(seq)
            .and_then(|seed| draw.chit(seed))
            .or_else(|| self.revealed_chits.get(&(seq, slot)).cloned())
    }

    /// The effects of resolution `resolution` with each face-down block named where this machine
    /// can name it, and the block kept as face down on the record while its draw is concealed. An
    /// effect on a block nobody here can name waits for the reveal. A cup keeps a concealed
    /// block by its draw on every machine, so that what a later draw logs of the cup names it no
    /// more than the first did.
    fn name_face_down(&mut self, resolution: u64, effects: &[Effect]) -> Vec<Effect> {
        let mut named = Vec::with_capacity(effects.len());
        for effect in effects {
            let mut effect = effect.clone();
            let about_unit = effect.unit().is_some();
            let mut unnamed = None;
            let mut concealed = None;
            for name in effect.names_mut() {
                let Some(reference) = DrawnRef::parse(name) else {
                    continue;
                };
                let key = reference.key(resolution);
                let (chit, hidden_by) = self.name_of_draw(key);
                if !about_unit {
                    // In a cup: the draw while any draw in the chain is concealed, else the name.
                    *name = match (chit, hidden_by) {
                        (Ok(chit), None) => chit,
                        _ => DrawnRef::Of {
                            event: key.0,
                            slot: key.1,
                        }
                        .name(),
                    };
                    continue;
                }
                match chit {
                    Ok(chit) => {
                        *name = chit;
                        concealed = hidden_by;
                    }
                    Err(missing) => unnamed = Some(missing),
                }
            }
            if let Some(key) = unnamed {
                self.waiting_for_reveal
                    .entry(key)
                    .or_default()
                    .push((resolution, effect));
                continue;
            }
            if let Some((side, unit)) = effect.unit() {
                let key = (Symbol::from(side), Symbol::from(unit));
                match concealed {
                    Some(draw) => {
                        self.record.face_down.insert(key, draw);
                    }
                    // Named outright, it is no secret any more.
                    None => {
                        self.record.face_down.remove(&key);
                    }
                }
            }
            named.push(effect);
        }
        named
    }

    /// A chit taken out of `cup` by name that the cup keeps by the draw that put it there: the
    /// draw's reference is what comes out. Where this machine cannot tell which it is, the cup's
    /// next logged contents stand for it.
    fn take_by_name(&mut self, cup: &Symbol, chit: &mut Symbol) {
        let Some(contents) = self.record.cups.get(cup) else {
            return;
        };
        if contents.contains(chit) {
            return;
        }
        let kept_by_draw = contents.iter().find(|kept| match DrawnRef::parse(kept) {
            Some(DrawnRef::Of { event, slot }) => {
                self.name_of_draw((event, slot)).0.as_ref() == Ok(&*chit)
            }
            _ => false,
        });
        match kept_by_draw {
            Some(kept) => *chit = kept.clone(),
            None => {
                self.uncertain_cups.insert(cup.clone());
            }
        }
    }

    /// The name behind draw `key` (or the draw in the chain nobody here can name), following a
    /// draw that took a block kept in its cup by an earlier draw; and the first concealed draw in
    /// that chain, if any: the one to reveal next.
    fn name_of_draw(&self, key: DrawKey) -> (Result<Symbol, DrawKey>, Option<DrawKey>) {
        let mut key = key;
        let mut hidden_by = None;
        // A chain is as long as the block's trips through its cups: a bound keeps a damaged log
        // from looping.
        for _ in 0..64 {
            if hidden_by.is_none() && self.record.concealed.contains_key(&key) {
                hidden_by = Some(key);
            }
            let Some(chit) = self.face_down_chits.get(&key) else {
                return (Err(key), hidden_by);
            };
            match DrawnRef::parse(chit) {
                Some(DrawnRef::Of { event, slot }) => key = (event, slot),
                _ => return (Ok(chit.clone()), hidden_by),
            }
        }
        (Err(key), hidden_by)
    }

    /// Draw `slot` of resolution `event` takes its chit from the record's cup.
    fn take_drawn(&mut self, event: u64, slot: usize, draw: &CupDraw) {
        if draw.taken_before == 0 && self.uncertain_cups.remove(&draw.cup) {
            // The log's contents stand for the chit nobody here could name.
            self.record
                .cups
                .insert(draw.cup.clone(), draw.contents_before.clone());
        }
        match self.chit_of(event, slot, draw) {
            Some(chit) => self.record.take_from_cup(&draw.cup, &chit),
            None => {
                self.uncertain_cups.insert(draw.cup.clone());
            }
        }
    }

    /// Folds one event into the derived state. Corrections are handled by `refold`.
    fn fold(&mut self, event: &Event) {
        match &event.body {
            EventBody::Resolved { dice, draws, .. } => {
                for die in dice {
                    if let Some(index) = die.draw_index {
                        self.next_draw = self.next_draw.max(index + 1);
                    }
                }
                // A chit drawn has left its cup, whether or not the result is applied.
                for (slot, draw) in draws.iter().enumerate() {
                    self.next_draw = self.next_draw.max(draw.draw_index + 1);
                    // A cup the form listed is not on the record: no cup there loses a chit.
                    if !draw.listed {
                        self.take_drawn(event.seq, slot, draw);
                    }
                    if let Some(concealed) = &draw.concealed {
                        self.record
                            .concealed
                            .insert((event.seq, slot), concealed.seen_by.clone());
                        if let Some(chit) = self.chit_of(event.seq, slot, draw) {
                            self.face_down_chits.insert((event.seq, slot), chit);
                        }
                    }
                }
            }
            EventBody::DrawRevealed {
                event: drawn_by,
                draw,
                chit,
                ..
            } => {
                let key = (*drawn_by, *draw);
                self.record.concealed.remove(&key);
                self.revealed_chits.insert(key, chit.clone());
                self.face_down_chits.insert(key, chit.clone());
                // A block this draw took from its cup by an earlier draw's name stays face down
                // while that earlier draw is concealed.
                let still_hidden = match DrawnRef::parse(chit) {
                    Some(DrawnRef::Of { event, slot }) => self.name_of_draw((event, slot)).1,
                    _ => None,
                };
                match still_hidden {
                    Some(earlier) => self
                        .record
                        .face_down
                        .values_mut()
                        .filter(|drawn| **drawn == key)
                        .for_each(|drawn| *drawn = earlier),
                    None => self.record.face_down.retain(|_, drawn| *drawn != key),
                }
            }
            // An applied result counts unless it, or the resolution it applies, was corrected.
            EventBody::Applied {
                resolution,
                effects,
            } if !self.voided.contains(&event.seq) && !self.voided.contains(resolution) => {
                // Most results touch no face-down block and no cup: they apply as logged.
                let plain = self.record.face_down.is_empty()
                    && effects.iter().all(|effect| match effect {
                        Effect::TakeFromCup { .. } | Effect::PutInCup { .. } => false,
                        _ => effect
                            .unit()
                            .is_none_or(|(_, unit)| DrawnRef::parse(unit).is_none()),
                    });
                if plain {
                    self.record.apply(effects, event.seq);
                } else {
                    let mut effects = self.name_face_down(*resolution, effects);
                    for effect in &mut effects {
                        if let Effect::TakeFromCup { cup, chit, .. } = effect {
                            self.take_by_name(cup, chit);
                        }
                    }
                    self.record.apply(&effects, event.seq);
                }
                self.applied.insert(*resolution, event.seq);
            }
            EventBody::Sealed { round, sealed } => {
                self.record
                    .seals
                    .insert((round.as_str().into(), sealed.player.as_str().into()), None);
            }
            EventBody::Revealed { round, reveals } => {
                for reveal in reveals {
                    self.record.seals.insert(
                        (round.as_str().into(), reveal.player.as_str().into()),
                        Some(reveal.choice.as_str().into()),
                    );
                }
            }
            EventBody::SessionStarted {
                start,
                scenario,
                seed,
                public_key,
                seed_commitment,
                ..
            } => {
                self.record.position = *start;
                self.record.scenario = scenario.as_str().into();
                // An earlier build's session has no commitment, and its seed in the open.
                let open_seed = seed_commitment.is_empty().then(|| Seed::from_hex(seed));
                self.begin_key(event.seq, public_key, seed_commitment, open_seed.flatten());
            }
            EventBody::Rekeyed {
                public_key,
                seed_commitment,
                ..
            } => self.begin_key(event.seq, public_key, seed_commitment, None),
            EventBody::SeedRevealed {
                seed,
                next_seed_commitment,
            } => {
                // A seed counts as revealed only if it is the one committed to; `verify` names
                // an event that reveals another.
                if let (Some(span), Some(seed)) = (self.seeds.last_mut(), Seed::from_hex(seed))
                    && seed.commitment() == span.commitment
                {
                    span.public = Some(seed);
                    span.revealed_by = Some(event.seq);
                }
                self.seeds.push(SeedSpan {
                    from: event.seq,
                    commitment: next_seed_commitment.clone(),
                    public: None,
                    revealed_by: None,
                });
            }
            // Counters last as long as the game declared when it set them.
            EventBody::StepReached { position, .. } => self.record.move_to(*position),
            EventBody::Tallied { counter, change } if !self.voided.contains(&event.seq) => {
                if let Some(value) = self.record.counters.get_mut(counter) {
                    *value = value.saturating_add(*change);
                }
            }
            _ => {}
        }
    }

    /// From event `from` on, the events are logged under `public_key`, and the app rolls come from
    /// the seed committed to as `commitment` (or the open seed of an earlier build).
    fn begin_key(&mut self, from: u64, public_key: &str, commitment: &str, open: Option<Seed>) {
        self.keys.push(KeySpan {
            from,
            public_key: public_key.to_string(),
        });
        self.seeds.push(SeedSpan {
            from,
            commitment: commitment.to_string(),
            public: open,
            revealed_by: None,
        });
    }

    /// A session of `game` with no events yet.
    pub(super) fn empty(game: String, scenario: String, sides: Vec<SideName>) -> Session {
        Session {
            events: Vec::new(),
            game,
            scenario,
            sides,
            key: None,
            signatures: Vec::new(),
            from_file: 0,
            tampered: None,
            keys: Vec::new(),
            seeds: Vec::new(),
            next_draw: 0,
            voided: HashSet::new(),
            applied: HashMap::new(),
            revealed_chits: HashMap::new(),
            uncertain_cups: HashSet::new(),
            face_down_chits: HashMap::new(),
            waiting_for_reveal: HashMap::new(),
            record: Record::default(),
        }
    }

    /// Rebuilds every derived value from the log.
    fn refold(&mut self) {
        self.voided = self
            .events
            .iter()
            .filter_map(|e| match e.body {
                EventBody::Corrected { event, .. } => Some(event),
                _ => None,
            })
            .collect();
        self.record = Record::default();
        self.applied.clear();
        self.keys.clear();
        self.seeds.clear();
        // The reveals are known before the draws they reveal are folded.
        self.revealed_chits = self
            .events
            .iter()
            .filter_map(|e| match &e.body {
                EventBody::DrawRevealed {
                    event, draw, chit, ..
                } => Some(((*event, *draw), chit.clone())),
                _ => None,
            })
            .collect();
        self.uncertain_cups.clear();
        self.face_down_chits.clear();
        self.waiting_for_reveal.clear();
        self.next_draw = 0;
        let events = std::mem::take(&mut self.events);
        for event in &events {
            self.fold(event);
        }
        self.events = events;
    }

    /// Whether `event` is a resolution that still counts but whose result was never applied.
    pub fn awaits_apply(&self, event: &Event) -> bool {
        matches!(event.body, EventBody::Resolved { .. })
            && !self.voided.contains(&event.seq)
            && !self.applied.contains_key(&event.seq)
    }

    /// The event that applied resolution `resolution`, if it has been applied and still counts.
    pub fn applied_as(&self, resolution: u64) -> Option<u64> {
        self.applied.get(&resolution).copied()
    }

    /// Applies the effects of resolution `resolution` to the record, logging them. Refused for an
    /// event that is not a resolution, one that was corrected, or one already applied.
    pub(super) fn apply(
        &mut self,
        side: &str,
        resolution: u64,
        effects: Vec<Effect>,
    ) -> Result<u64, String> {
        if !matches!(
            self.event(resolution).map(|e| &e.body),
            Some(EventBody::Resolved { .. })
        ) {
            return Err(format!("event {resolution} is not a resolution"));
        }
        if self.voided.contains(&resolution) {
            return Err(format!(
                "event {resolution} was corrected: its result no longer counts"
            ));
        }
        if let Some(applied) = self.applied_as(resolution) {
            return Err(format!(
                "event {resolution} was already applied by event {applied}"
            ));
        }
        Ok(self
            .append(
                side,
                EventBody::Applied {
                    resolution,
                    effects,
                },
            )
            .seq)
    }

    /// Uses `amount` of counter `counter` (one move, one attack), logging it. Refused for a counter
    /// the record does not keep, or one that would go below zero.
    pub(super) fn tally(&mut self, side: &str, counter: &str, amount: i64) -> Result<u64, String> {
        let Some(left) = self.record.counters.get(counter).copied() else {
            return Err(format!("the record keeps no counter \"{counter}\""));
        };
        if amount > left {
            return Err(format!("{counter}: only {left} left"));
        }
        Ok(self
            .append(
                side,
                EventBody::Tallied {
                    counter: counter.into(),
                    change: -amount,
                },
            )
            .seq)
    }

    /// Rolls `spec` with the app's generator at the next draw indexes. Nothing is logged until the
    /// caller appends the resolution, so the same dice come up until a resolution is logged: the
    /// app always logs a roll it shows. Refused where this machine does not hold the game's seed.
    pub fn roll(&self, spec: &DiceSpec) -> Result<Vec<RolledDie>, String> {
        Ok(RolledDie::rolled(spec, self.next_seed()?, self.next_draw))
    }

    /// Draws for `slots` from the cups on the record (or from the lists the form gives) with the
    /// app's generator, after `dice` app rolls. Nothing is logged until the caller appends the
    /// resolution. An empty cup is refused.
    pub fn draw(&self, slots: &[DrawSlot], dice: usize) -> Result<Vec<CupDraw>, String> {
        if slots.is_empty() {
            return Ok(Vec::new());
        }
        let seed = self.next_seed()?;
        let mut cups = with_listed(&self.record.cups, slots);
        let mut draws: Vec<CupDraw> = Vec::new();
        for (index, slot) in (self.next_draw + dice as u64..).zip(slots) {
            // A hidden draw right after another from the same cup logs the same contents.
            let run = draws.last().filter(|last| {
                slot.seen_by.is_some() && last.concealed.is_some() && last.cup == slot.cup
            });
            let made = match run {
                Some(last) => CupDraw::make(
                    slot,
                    &last.contents_before,
                    seed,
                    index,
                    last.taken_before + 1,
                ),
                None => {
                    let contents = cups.get(&slot.cup).map(Vec::as_slice).unwrap_or(&[]);
                    CupDraw::make(slot, contents, seed, index, 0)
                }
            };
            let draw = made.ok_or_else(|| {
                format!(
                    "{} is empty: the {} has nothing to draw",
                    slot.cup, slot.label
                )
            })?;
            if let (Some(chit), Some(cup)) = (draw.chit(seed), cups.get_mut(&slot.cup)) {
                take_one(cup, &chit);
            }
            draws.push(draw);
        }
        Ok(draws)
    }

    /// The chit of draw `draw` of resolution `event`, named even if it was drawn face down, where
    /// this machine holds the seed or the log reveals it: for the side that sees it, and for
    /// re-deriving the resolution.
    pub fn drawn_chit(&self, event: u64, draw: usize) -> Option<Symbol> {
        match &self.event(event)?.body {
            EventBody::Resolved { draws, .. } => self.chit_of(event, draw, draws.get(draw)?),
            _ => None,
        }
    }

    /// The chits of resolution `event`, in the order of its draws; an error names a chit drawn face
    /// down that cannot be named here yet.
    pub fn drawn_chits(&self, event: &Event) -> Result<Vec<(CupDraw, Symbol)>, String> {
        let EventBody::Resolved { draws, .. } = &event.body else {
            return Ok(Vec::new());
        };
        draws
            .iter()
            .enumerate()
            .map(|(slot, draw)| {
                self.chit_of(event.seq, slot, draw)
                    .map(|chit| (draw.clone(), chit))
                    .ok_or_else(|| {
                        format!(
                            "the {} was drawn face down and is not revealed yet",
                            draw.label
                        )
                    })
            })
            .collect()
    }

    /// Reveals a chit drawn face down: logs it with its salt, which anyone can check against the
    /// draw's commitment.
    pub(super) fn reveal_draw(
        &mut self,
        side: &str,
        event: u64,
        draw: usize,
    ) -> Result<u64, String> {
        let Some(EventBody::Resolved { draws, .. }) = self.event(event).map(|e| &e.body) else {
            return Err(format!("event {event} is not a resolution"));
        };
        let Some(cup_draw) = draws.get(draw) else {
            return Err(format!("event {event} has no draw {}", draw + 1));
        };
        if cup_draw.concealed.is_none() {
            return Err(format!(
                "draw {} of event {event} was drawn face up",
                draw + 1
            ));
        }
        if !self.record.concealed.contains_key(&(event, draw)) {
            return Err(format!(
                "draw {} of event {event} is already revealed",
                draw + 1
            ));
        }
        let seed = self
            .seed_at(event)
            .ok_or_else(|| format!("the seed of event {event} is not on this machine"))?;
        let chit = cup_draw
            .chit(seed)
            .ok_or_else(|| format!("draw {} of event {event} cannot be worked out", draw + 1))?;
        let salt = hidden_salt(seed, cup_draw.draw_index);
        Ok(self
            .append(
                side,
                EventBody::DrawRevealed {
                    event,
                    draw,
                    chit,
                    salt,
                },
            )
            .seq)
    }

    /// Goes on under `key`, a new key and seed, logging its public half and the commitment to its
    /// seed. Only where the game's own key is not at hand (or the session has an open seed).
    pub(super) fn rekey(&mut self, key: GameKey, reason: &str) -> Result<u64, String> {
        if let Some(failure) = &self.tampered {
            return Err(format!(
                "this file fails its signature check at {failure}: a new key would vouch for what someone without the game's key put in it"
            ));
        }
        if self.key_status() == KeyStatus::Held {
            return Err("this machine holds the game's key: there is no need for a new one".into());
        }
        let body = EventBody::Rekeyed {
            public_key: key.public_key(),
            seed_commitment: key.newest_seed().commitment(),
            reason: reason.to_string(),
        };
        self.key = Some(key);
        Ok(self.append("", body).seq)
    }

    /// Reveals the seed of the app rolls so far and goes on with `key`'s newest seed, which the
    /// caller has added to the game's key and kept.
    pub(super) fn reveal_seed(&mut self, key: GameKey) -> Result<u64, String> {
        let seed = self.next_seed()?;
        if key.public_key() != self.public_key() {
            return Err("this key is not the one the game is signed with".into());
        }
        let next = key.newest_seed();
        if next == seed || key.seed_for(&next.commitment()).is_none() {
            return Err("the game's key holds no new seed to go on with".into());
        }
        self.key = Some(key);
        Ok(self
            .append(
                "",
                EventBody::SeedRevealed {
                    seed: seed.to_hex(),
                    next_seed_commitment: next.commitment(),
                },
            )
            .seq)
    }

    /// Whether the last event may be taken back: only while nothing random or hidden followed.
    pub fn can_undo(&self) -> bool {
        self.events.last().is_some_and(|e| !e.body.is_irrevocable())
    }

    /// Removes the last event if it may be taken back, and returns it. A signature of a state that
    /// held it no longer describes the log, and goes with it.
    pub(super) fn undo(&mut self) -> Option<Event> {
        if !self.can_undo() {
            return None;
        }
        let event = self.events.pop();
        self.forget_after(self.events.len());
        self.refold();
        event
    }

    /// Drops the signatures of states longer than the first `count` events.
    fn forget_after(&mut self, count: usize) {
        self.signatures.retain(|s| s.through <= count as u64);
        self.from_file = self.from_file.min(count);
    }

    /// Mends a mistake by a logged correction; the original stays visible.
    pub(super) fn correct(&mut self, side: &str, event: u64, reason: &str) -> Result<u64, String> {
        let target = self
            .events
            .iter()
            .find(|e| e.seq == event)
            .ok_or_else(|| format!("there is no event {event} to correct"))?;
        if !target.body.is_correctable() {
            return Err(format!(
                "event {event} ({}) cannot be corrected: only resolutions, applied results, tallies and notes can",
                target.body.kind_name()
            ));
        }
        if self.voided.contains(&event) {
            return Err(format!("event {event} is already corrected"));
        }
        Ok(self
            .append(
                side,
                EventBody::Corrected {
                    event,
                    reason: reason.to_string(),
                },
            )
            .seq)
    }

    /// The last event a signature covers (0 if none does).
    pub fn signed_through(&self) -> u64 {
        self.signatures.last().map_or(0, |s| s.through)
    }

    /// The signatures to save: those made before, and the key's signature of the log as it stands
    /// where this machine holds the key and events were added since.
    fn signatures_to_save(&self) -> Vec<Signature> {
        let mut signatures = self.signatures.clone();
        if let (KeyStatus::Held, Some(key)) = (self.key_status(), &self.key)
            && let Some(signature) = Signature::make(key, &self.events, self.signed_through())
        {
            signatures.push(signature);
        }
        signatures
    }

    /// The whole session as the text of a session file, its state signed where this machine
    /// holds the game's key.
    pub fn to_toml(&self) -> Result<String, String> {
        session_file::to_text(&self.events, &self.signatures_to_save())
    }

    /// The text of one event as it stands in a session file, for appending to a recovery journal.
    pub fn event_toml(event: &Event) -> Result<String, String> {
        session_file::event_text(event)
    }

    /// Saves atomically to `path`, signing the state.
    pub fn save(&mut self, path: &Path) -> Result<(), SessionError> {
        let signatures = self.signatures_to_save();
        let text =
            session_file::to_text(&self.events, &signatures).map_err(|message| SessionError {
                file: path.display().to_string(),
                line: None,
                message,
            })?;
        write_atomically(path, text.as_bytes())?;
        self.signatures = signatures;
        Ok(())
    }

    /// Writes a copy to `path` atomically (a recovery journal), leaving the session as it is.
    pub fn write_copy(&self, path: &Path) -> Result<(), SessionError> {
        let text = self.to_toml().map_err(|message| SessionError {
            file: path.display().to_string(),
            line: None,
            message,
        })?;
        write_atomically(path, text.as_bytes())
    }

    /// Reads a session from the text of a session file; `file` names it in errors. The session
    /// holds no secret: `attach_key` gives it the game's key where this machine has it.
    pub fn from_toml(file: &str, text: &str) -> Result<Session, SessionError> {
        let error = |line: Option<usize>, message: String| SessionError {
            file: file.to_string(),
            line,
            message,
        };
        let read = session_file::parse(file, text)?;
        let Some(first) = read.events.first() else {
            return Err(error(None, "the session file holds no events".into()));
        };
        let EventBody::SessionStarted {
            game,
            scenario,
            sides,
            seed,
            seed_commitment,
            ..
        } = &first.body
        else {
            return Err(error(
                None,
                format!(
                    "event {}: a session must begin with session_started, not {}",
                    first.seq,
                    first.body.kind_name()
                ),
            ));
        };
        if seed_commitment.is_empty() && Seed::from_hex(seed).is_none() {
            return Err(error(
                None,
                format!(
                    "event {}: the seed \"{seed}\" is not 16 hexadecimal digits, and there is no seed commitment",
                    first.seq
                ),
            ));
        }
        let (game, scenario, sides) = (game.clone(), scenario.clone(), sides.clone());
        let mut session = Session {
            from_file: read.events.len(),
            events: read.events,
            signatures: read.signatures,
            ..Session::empty(game, scenario, sides)
        };
        session.refold();
        session.tampered = session.check_signatures().err();
        Ok(session)
    }

    /// The session's first `count` events only (used to drop a torn end of a recovery journal).
    pub fn keep_first(mut self, count: usize) -> Session {
        self.events.truncate(count.max(1));
        self.forget_after(self.events.len());
        self.refold();
        self.tampered = self.check_signatures().err();
        self
    }

    /// A session read back from this app's recovery journal: the events after its last signature
    /// are this app's own unsaved events, to be signed at the next save, not a forged tail.
    pub fn recovered(mut self) -> Session {
        self.from_file = usize::try_from(self.signed_through()).unwrap_or(usize::MAX);
        self.tampered = self.check_signatures().err();
        self
    }

    /// Loads a session file. Nothing is written.
    pub fn load(path: &Path) -> Result<Session, SessionError> {
        let text = std::fs::read_to_string(path).map_err(|e| SessionError {
            file: path.display().to_string(),
            line: None,
            message: format!("cannot be read: {e}"),
        })?;
        Session::from_toml(&path.display().to_string(), &text)
    }

    /// How many choices `player` has sealed for `round` so far.
    fn seals_of(&self, round: &str, player: &str) -> usize {
        self.events
            .iter()
            .filter(|e| {
                matches!(&e.body, EventBody::Sealed { round: r, sealed } if r == round && sealed.player == player)
            })
            .count()
    }

    /// `player`'s `choice` for `round`, sealed under the game's key (see
    /// [`GameKey::sealing_salt`]): the commitment to log with `Command::Seal`. `None` on a machine
    /// without the key.
    pub fn seal_with_key(&self, round: &str, player: &str, choice: &str) -> Option<SealedChoice> {
        let nth = self.seals_of(round, player);
        let salt = self.key.as_ref()?.sealing_salt(round, player, nth);
        Some(SealedChoice {
            player: player.to_string(),
            commitment: super::sealed::commitment(&salt, choice),
        })
    }

    /// The choice `player` last sealed under the game's key for `round`, found again among
    /// `candidates` from its commitment, as the reveal that proves it. `None` without the key,
    /// without such a commitment, once it is revealed, or if no candidate matches it.
    pub fn sealed_with_key(
        &self,
        round: &str,
        player: &str,
        candidates: &[&str],
    ) -> Option<Reveal> {
        let nth = self.seals_of(round, player).checked_sub(1)?;
        let salt = self.key.as_ref()?.sealing_salt(round, player, nth);
        let (at, sealed) =
            self.events
                .iter()
                .enumerate()
                .rev()
                .find_map(|(at, e)| match &e.body {
                    EventBody::Sealed { round: r, sealed }
                        if r == round && sealed.player == player =>
                    {
                        Some((at, sealed))
                    }
                    _ => None,
                })?;
        let revealed = self.events.iter().skip(at + 1).any(|e| {
            matches!(&e.body, EventBody::Revealed { round: r, reveals } if r == round && reveals.iter().any(|x| x.player == player))
        });
        if revealed {
            return None;
        }
        candidates
            .iter()
            .map(|choice| Reveal {
                player: player.to_string(),
                choice: (*choice).to_string(),
                salt: salt.clone(),
            })
            .find(|reveal| reveal.matches(sealed))
    }

    /// Appends reveals after checking each against its sealed commitment in the log.
    pub(super) fn reveal(
        &mut self,
        side: &str,
        round: &str,
        reveals: Vec<Reveal>,
    ) -> Result<u64, String> {
        for reveal in &reveals {
            let committed = self.events.iter().rev().find_map(|e| match &e.body {
                EventBody::Sealed { round: r, sealed }
                    if r == round && sealed.player == reveal.player =>
                {
                    Some(sealed)
                }
                _ => None,
            });
            match committed {
                Some(sealed) if reveal.matches(sealed) => {}
                _ => {
                    return Err(format!(
                        "{}'s choice does not match its seal",
                        reveal.player
                    ));
                }
            }
        }
        Ok(self
            .append(
                side,
                EventBody::Revealed {
                    round: round.to_string(),
                    reveals,
                },
            )
            .seq)
    }
}
