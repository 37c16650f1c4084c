//! Verifying a session from its file alone: the hash chain, the signatures of its saved states,
//! every app roll whose seed the log has revealed, every physical face, draw and reveal, and (with
//! the game's help) every result. The first event that does not hold is named.
//!
//! What this proves, and against whom:
//! - An event edited, added, removed, reordered or duplicated by someone without the game's key
//!   fails, even if every hash after it was recomputed: the key signed each saved state, and a
//!   signature lists a fingerprint of each event it covers, so the first event that is not the
//!   one signed is named.
//! - An app roll is re-derived from its seed once the log reveals the seed (at the end of the game,
//!   or when an umpire asks), and the seed is checked against the commitment the log made before
//!   the first roll. Until then the roll is counted as waiting for the seed.
//! - A file cut short at an event boundary, with its later signatures dropped, still verifies: only
//!   the last event's number and hash, noted by the players, show that events are missing.

use super::{KeySpan, Session};
use crate::engine::draws::take_one;
use crate::engine::keys::{fingerprint, is_public_key};
use crate::engine::log::{Event, EventBody, GENESIS_HASH};
use crate::engine::record::Record;
use crate::engine::roller::{Seed, roll_die};
use crate::engine::sealed::SealedChoice;
use crate::engine::sealed::from_hex;
use crate::engine::signatures::fingerprint_of;
use crate::engine::symbol::Symbol;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The first event that does not hold, found by `verify`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyFailure {
    pub seq: u64,
    pub message: String,
}

impl fmt::Display for VerifyFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.seq, self.message)
    }
}

/// The events one key stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyCoverage {
    pub from: u64,
    pub to: u64,
    /// Empty for events saved unsigned by an earlier build.
    pub public_key: String,
    /// The last of these events a signature covers; below `to` only for events added here and not
    /// saved yet.
    pub signed_through: u64,
    /// Why the game went on under this key, for a key after the first.
    pub reason: String,
}

/// How the app rolls of a stretch of events can be checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeedState {
    /// Written in the file by an earlier build: re-derived, but it was never secret.
    Open,
    /// Revealed by event `by` and checked against its commitment: re-derived.
    Revealed { by: u64 },
    /// Still secret: the rolls wait for the seed.
    Sealed,
}

/// The app rolls of the events from `from` to `to`, which come from one seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedCoverage {
    pub from: u64,
    pub to: u64,
    pub commitment: String,
    pub state: SeedState,
    /// App rolls and draws of these events.
    pub app_rolls: usize,
}

/// What `verify` checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VerifyReport {
    pub events: usize,
    /// App rolls, each checked to follow the one before; re-derived unless its seed is sealed.
    pub app_rolls: usize,
    /// App rolls whose seed is still sealed, so not yet re-derived.
    pub app_rolls_sealed: usize,
    pub physical_rolls: usize,
    pub draws: usize,
    /// Draws whose pick waits for a sealed seed.
    pub draws_sealed: usize,
    pub reveals: usize,
    /// Resolutions that are re-derived once a chit drawn face down is revealed.
    pub resolutions_waiting: usize,
    pub keys: Vec<KeyCoverage>,
    pub seeds: Vec<SeedCoverage>,
    /// Photos checked against the files beside the session (see `photos::check_all`).
    pub photos: usize,
}

impl VerifyReport {
    /// What the report says about trust, in sentences for the command line and the app.
    pub fn trust_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (index, key) in self.keys.iter().enumerate() {
            let events = span(key.from, key.to);
            if key.public_key.is_empty() {
                lines.push(format!(
                    "{events}: open seed, unsigned (saved by an earlier version): anyone holding the file could foresee their app rolls, or edit them and recompute the hashes"
                ));
                continue;
            }
            let whose = if index == 0 {
                format!("the game's key {}", fingerprint(&key.public_key))
            } else {
                format!(
                    "a new key {} from event {} ({}); the key before it vouches for nothing after event {}",
                    fingerprint(&key.public_key),
                    key.from,
                    key.reason,
                    key.from - 1
                )
            };
            if key.signed_through >= key.to {
                lines.push(format!("{events}: signed by {whose}"));
            } else if key.signed_through >= key.from {
                lines.push(format!(
                    "{}: signed by {whose}; {} added here and not saved yet",
                    span(key.from, key.signed_through),
                    span(key.signed_through + 1, key.to)
                ));
            } else {
                lines.push(format!(
                    "{events}: logged under {whose}, added here and not saved yet"
                ));
            }
        }
        for seed in &self.seeds {
            let events = span(seed.from, seed.to);
            match seed.state {
                SeedState::Open => {}
                SeedState::Revealed { by } => lines.push(format!(
                    "{events}: {} re-derived from the seed revealed at event {by}, which matches the commitment {} made at event {}",
                    rolls(seed.app_rolls),
                    fingerprint(&seed.commitment),
                    seed.from
                )),
                SeedState::Sealed => lines.push(format!(
                    "{events}: dice seed sealed (commitment {}): {} wait for the seed, which the log reveals at the end of the game",
                    fingerprint(&seed.commitment),
                    rolls(seed.app_rolls)
                )),
            }
        }
        if self.resolutions_waiting > 0 {
            lines.push(format!(
                "{} with a chit drawn face down {} re-derived once the chit is revealed",
                plural(self.resolutions_waiting, "resolution", "resolutions"),
                if self.resolutions_waiting == 1 {
                    "is"
                } else {
                    "are"
                }
            ));
        }
        lines
    }

    /// What an umpire reading a list of games should know beyond "verified", in a few words:
    /// what still waits for a seed or a reveal, and where the game changed key or has no
    /// signature. `None` when every check is done under the game's first key.
    pub fn summary(&self) -> Option<String> {
        let mut notes = Vec::new();
        let waiting = self.app_rolls_sealed + self.draws_sealed;
        if waiting > 0 {
            notes.push(format!(
                "{} for the seed",
                waits(waiting, "app roll or draw", "app rolls and draws")
            ));
        }
        if self.resolutions_waiting > 0 {
            notes.push(format!(
                "{} for a chit to be revealed",
                waits(self.resolutions_waiting, "resolution", "resolutions")
            ));
        }
        for key in &self.keys {
            if key.public_key.is_empty() {
                notes.push(format!(
                    "{} unsigned (an earlier version)",
                    span(key.from, key.to).to_lowercase()
                ));
            } else if key.from > 1 {
                notes.push(format!("a new key from event {}", key.from));
            }
        }
        if self.photos > 0 {
            notes.push(match self.photos {
                1 => "its photo checked".to_string(),
                n => format!("its {n} photos checked"),
            });
        }
        (!notes.is_empty()).then(|| notes.join("; "))
    }
}

/// "1 thing waits", "2 things wait".
fn waits(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one} waits")
    } else {
        format!("{count} {many} wait")
    }
}

fn span(from: u64, to: u64) -> String {
    if from == to {
        format!("Event {from}")
    } else {
        format!("Events {from}-{to}")
    }
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn rolls(count: usize) -> String {
    plural(count, "app roll or draw", "app rolls and draws")
}

/// Chits as a list for messages.
fn list(chits: &[Symbol]) -> String {
    if chits.is_empty() {
        "nothing".into()
    } else {
        chits
            .iter()
            .map(Symbol::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Whether `text` is a SHA-256 commitment as the log holds it.
fn is_commitment(text: &str) -> bool {
    from_hex::<32>(text).is_some()
}

impl Session {
    /// Verifies the session from what its file holds (see the module's documentation).
    pub fn verify(&self) -> Result<VerifyReport, VerifyFailure> {
        self.verify_with(&|_, _| Ok(()))
    }

    /// As `verify`, and also asks `rederive` whether each resolution's logged result is what its
    /// input, dice and chits give, with the record as it stood before it (the games supply that
    /// check; the engine knows no rules).
    pub fn verify_with(
        &self,
        rederive: &dyn Fn(&Event, &Record) -> Result<(), String>,
    ) -> Result<VerifyReport, VerifyFailure> {
        // The signatures are cheap to check and the events costly: a failure of either names an
        // event, and the earlier of the two is the first event that does not hold.
        let signed = self.check_signatures();
        let stop_at = signed.as_ref().err().map(|failure| failure.seq);
        let mut report = self.check_events(rederive, stop_at)?;
        let signed_through = signed?;
        report.keys = self.key_coverage(&signed_through);
        report.seeds = self.seed_coverage();
        Ok(report)
    }

    /// The events in order, up to (not including) event `stop_at`.
    fn check_events(
        &self,
        rederive: &dyn Fn(&Event, &Record) -> Result<(), String>,
        stop_at: Option<u64>,
    ) -> Result<VerifyReport, VerifyFailure> {
        let mut report = VerifyReport::default();
        let mut previous = GENESIS_HASH.to_string();
        let mut next_draw = 0u64;
        let mut sealed: HashMap<(String, String), SealedChoice> = HashMap::new();
        let mut resolutions: HashSet<u64> = HashSet::new();
        let mut corrected: HashSet<u64> = HashSet::new();
        // Resolution -> the applied event that still counts for it.
        let mut applied: HashMap<u64, u64> = HashMap::new();
        // The log folded up to the event being checked: what the record held then.
        let mut replay =
            Session::empty(self.game.clone(), self.scenario.clone(), self.sides.clone());
        for (position, event) in self.events.iter().enumerate() {
            if stop_at.is_some_and(|stop| event.seq >= stop) {
                break;
            }
            let fail = |message: String| VerifyFailure {
                seq: event.seq,
                message,
            };
            let expected_seq = position as u64 + 1;
            if event.seq != expected_seq {
                return Err(VerifyFailure {
                    seq: expected_seq,
                    message: format!(
                        "it carries sequence number {} where {expected_seq} was expected (an event was removed, added, moved or renumbered)",
                        event.seq
                    ),
                });
            }
            if event.expected_hash(&previous) != event.hash {
                return Err(fail(
                    "its hash does not match its content and the event before it: the event was changed, or one before it"
                        .into(),
                ));
            }
            previous = event.hash.clone();
            let seed = self.public_seed_at(event.seq);
            match &event.body {
                EventBody::SessionStarted { .. } if position > 0 => {
                    return Err(fail("a second session_started".into()));
                }
                EventBody::SessionStarted {
                    public_key,
                    seed_commitment,
                    ..
                } if !public_key.is_empty() || !seed_commitment.is_empty() => {
                    check_key_and_commitment(public_key, seed_commitment).map_err(&fail)?;
                }
                EventBody::Rekeyed {
                    public_key,
                    seed_commitment,
                    ..
                } => check_key_and_commitment(public_key, seed_commitment).map_err(&fail)?,
                EventBody::SeedRevealed {
                    seed: revealed,
                    next_seed_commitment,
                } => {
                    let committed = replay.seeds.last().map(|s| s.commitment.clone());
                    let Some(committed) = committed.filter(|c| !c.is_empty()) else {
                        return Err(fail("it reveals a seed that was never sealed".into()));
                    };
                    if Seed::from_hex(revealed).map(|s| s.commitment()) != Some(committed) {
                        return Err(fail(
                            "the seed it reveals is not the one the log committed to".into(),
                        ));
                    }
                    if !is_commitment(next_seed_commitment) {
                        return Err(fail(
                            "the next seed's commitment is not 64 hexadecimal digits".into(),
                        ));
                    }
                }
                EventBody::Resolved { dice, draws, .. } => {
                    resolutions.insert(event.seq);
                    for die in dice {
                        if !die.die.is_face(die.face) {
                            return Err(fail(format!(
                                "the {} shows {}, which a {} cannot show",
                                die.label,
                                die.face,
                                die.die.name()
                            )));
                        }
                        let Some(index) = die.draw_index else {
                            report.physical_rolls += 1;
                            continue;
                        };
                        if index != next_draw {
                            return Err(fail(format!(
                                "the {} used draw {index} where draw {next_draw} was next: a roll was removed or repeated",
                                die.label
                            )));
                        }
                        match seed {
                            Some(seed) => {
                                let expected = roll_die(seed, index, die.die);
                                if expected != die.face {
                                    return Err(fail(format!(
                                        "the {} shows {} but draw {index} of this session's seed is {expected}",
                                        die.label, die.face
                                    )));
                                }
                            }
                            None => report.app_rolls_sealed += 1,
                        }
                        next_draw += 1;
                        report.app_rolls += 1;
                    }
                    let mut cups = replay.record.cups.clone();
                    let mut uncertain = replay.uncertain_cups.clone();
                    let mut listed: HashSet<&Symbol> = HashSet::new();
                    for (slot, draw) in draws.iter().enumerate() {
                        // A cup the form listed starts from the logged input, which resolving
                        // it again checks (`Faces`); the draws after the first from it follow
                        // on as from any cup.
                        if draw.listed && listed.insert(&draw.cup) {
                            cups.insert(draw.cup.clone(), draw.contents_before.clone());
                        }
                        let contents = cups.get(&draw.cup).cloned().unwrap_or_default();
                        // A hidden draw in a run logs the contents the run started from.
                        let run_start = slot
                            .checked_sub(1)
                            .and_then(|before| draws.get(before))
                            .filter(|before| {
                                draw.taken_before > 0
                                    && before.cup == draw.cup
                                    && before.concealed.is_some()
                                    && draw.concealed.is_some()
                                    && before.taken_before + 1 == draw.taken_before
                            });
                        if draw.taken_before > 0 {
                            if run_start
                                .is_none_or(|before| before.contents_before != draw.contents_before)
                            {
                                return Err(fail(format!(
                                    "the {} says it follows hidden draws from {} that are not there",
                                    draw.label, draw.cup
                                )));
                            }
                        }
                        // After a chit nobody here can name left the cup, the log's contents
                        // stand for it (the signature vouches for them).
                        else if !uncertain.remove(&draw.cup) && draw.contents_before != contents {
                            return Err(fail(format!(
                                "the {} says {} held {} where the record held {}",
                                draw.label,
                                draw.cup,
                                list(&draw.contents_before),
                                list(&contents)
                            )));
                        }
                        let mut contents = if draw.taken_before > 0 {
                            contents
                        } else {
                            draw.contents_before.clone()
                        };
                        if draw.draw_index != next_draw {
                            return Err(fail(format!(
                                "the {} used draw {} where draw {next_draw} was next: a draw was removed or repeated",
                                draw.label, draw.draw_index
                            )));
                        }
                        match seed {
                            Some(seed) if !draw.rederives(seed) => {
                                return Err(fail(format!(
                                    "the {} is not what draw {} of this session's seed picks from {}",
                                    draw.label, draw.draw_index, draw.cup
                                )));
                            }
                            Some(_) => {}
                            None => report.draws_sealed += 1,
                        }
                        match self.chit_of(event.seq, slot, draw) {
                            Some(chit) => take_one(&mut contents, &chit),
                            None => {
                                uncertain.insert(draw.cup.clone());
                            }
                        }
                        cups.insert(draw.cup.clone(), contents);
                        next_draw += 1;
                        report.draws += 1;
                    }
                    // The dice and draws are sound: now the result must be what they give, once
                    // every chit can be named.
                    if self.drawn_chits(event).is_ok() {
                        rederive(event, &replay.record).map_err(&fail)?;
                    } else {
                        report.resolutions_waiting += 1;
                    }
                }
                EventBody::DrawRevealed {
                    event: drawn_by,
                    draw,
                    chit,
                    salt,
                } => {
                    let cup_draw = match replay.event(*drawn_by).map(|e| &e.body) {
                        Some(EventBody::Resolved { draws, .. }) => draws.get(*draw),
                        _ => None,
                    };
                    let Some(cup_draw) = cup_draw else {
                        return Err(fail(format!(
                            "it reveals draw {} of event {drawn_by}, which is no earlier draw",
                            draw + 1
                        )));
                    };
                    if !replay.record.concealed.contains_key(&(*drawn_by, *draw)) {
                        return Err(fail(format!(
                            "it reveals draw {} of event {drawn_by}, which was not face down",
                            draw + 1
                        )));
                    }
                    if !cup_draw.reveals_as(chit, salt) {
                        return Err(fail(format!(
                            "\"{chit}\" is not the chit draw {} of event {drawn_by} committed to",
                            draw + 1
                        )));
                    }
                    report.reveals += 1;
                }
                EventBody::Sealed { round, sealed: s } => {
                    // A card's place is final once turned up. (Other rounds are refused a second
                    // seal in play; logs saved before that sealed some again after a correction.)
                    let revealed = round.contains(crate::engine::hand::PLACE)
                        && replay
                            .record
                            .seals
                            .get(&(round.as_str().into(), s.player.as_str().into()))
                            .is_some_and(Option::is_some);
                    if revealed {
                        return Err(fail(format!(
                            "{} seals a choice for round {round} again after revealing it",
                            s.player
                        )));
                    }
                    sealed.insert((round.clone(), s.player.clone()), s.clone());
                }
                EventBody::Revealed { round, reveals } => {
                    for reveal in reveals {
                        let key = (round.clone(), reveal.player.clone());
                        match sealed.remove(&key) {
                            Some(s) if reveal.matches(&s) => report.reveals += 1,
                            Some(_) => {
                                return Err(fail(format!(
                                    "{}'s revealed choice does not match the commitment sealed for round {round}",
                                    reveal.player
                                )));
                            }
                            None => {
                                return Err(fail(format!(
                                    "{} revealed a choice for round {round} that was never sealed",
                                    reveal.player
                                )));
                            }
                        }
                    }
                }
                EventBody::Applied { resolution, .. } => {
                    if !resolutions.contains(resolution) {
                        return Err(fail(format!(
                            "it applies event {resolution}, which is not an earlier resolution"
                        )));
                    }
                    if corrected.contains(resolution) {
                        return Err(fail(format!(
                            "it applies event {resolution}, which had been corrected"
                        )));
                    }
                    if let Some(earlier) = applied.insert(*resolution, event.seq) {
                        return Err(fail(format!(
                            "it applies event {resolution} again (event {earlier} already did)"
                        )));
                    }
                }
                EventBody::Tallied { change, counter } if *change >= 0 => {
                    return Err(fail(format!(
                        "it adds {change} to {counter}: a tally only uses up a counter"
                    )));
                }
                EventBody::Corrected { event: target, .. } => {
                    if *target >= event.seq {
                        return Err(fail(format!(
                            "it corrects event {target}, which is not an earlier event"
                        )));
                    }
                    corrected.insert(*target);
                    applied.retain(|_, applied_by| applied_by != target);
                }
                // The image itself is beside the file, not in it: see `photos::check_photo`.
                EventBody::PhotoAttached { event: target, .. }
                    if *target == 0 || *target >= event.seq =>
                {
                    return Err(fail(format!(
                        "it attaches a photo to event {target}, which is not an earlier event"
                    )));
                }
                _ => {}
            }
            report.events += 1;
            replay.push_folded(event.clone());
        }
        Ok(report)
    }

    /// Checks every signature against the key the log names for its events, and that every event
    /// read from the file under a key is covered by one. Returns, for each key span, the last
    /// event signed.
    pub(super) fn check_signatures(&self) -> Result<Vec<u64>, VerifyFailure> {
        let count = self.events.len() as u64;
        let mut signed_through = vec![0u64; self.keys.len()];
        let mut previous = 0u64;
        for signature in &self.signatures {
            let through = signature.through;
            let at = |seq: u64, message: String| VerifyFailure { seq, message };
            if through <= previous {
                return Err(at(
                    previous + 1,
                    format!(
                        "the signature of the state at event {through} follows one at event {previous}: the signatures were altered"
                    ),
                ));
            }
            if through > count {
                return Err(at(
                    count + 1,
                    format!(
                        "the game's key signed it through event {through}, but the file ends at event {count}: events {}-{through} were cut off",
                        count + 1
                    ),
                ));
            }
            let found = self.keys.iter().rposition(|k| k.from <= through);
            let Some((span_index, span)) =
                found.and_then(|i| self.keys.get(i).map(|span| (i, span)))
            else {
                return Err(at(through, "a signature of a log with no key".into()));
            };
            if span.public_key.is_empty() {
                return Err(at(
                    through,
                    "a signature where the log names no key to check it with".into(),
                ));
            }
            // Events logged under an earlier key must be signed by that key, not this one.
            if let Some(earlier) = self.keys.get(..span_index).and_then(|earlier| {
                earlier
                    .iter()
                    .rev()
                    .find(|k| !k.public_key.is_empty() && self.span_end(k) > previous)
            }) {
                let first = earlier.from.max(previous + 1);
                return Err(at(
                    first,
                    format!(
                        "it was logged under the game's key {}, which never signed it",
                        fingerprint(&earlier.public_key)
                    ),
                ));
            }
            let added = through - previous;
            if !signature.lists(added) {
                return Err(at(
                    through,
                    format!(
                        "the signature of the state at event {through} does not list the {added} events it adds: it was altered"
                    ),
                ));
            }
            if !signature.holds_for(&span.public_key) {
                return Err(at(
                    through,
                    format!(
                        "the signature of the state at event {through} does not hold under the game's key {}: it was altered, or made without the key",
                        fingerprint(&span.public_key)
                    ),
                ));
            }
            // The signature is the key's: each event must be the one it signed.
            for (n, seq) in (previous + 1..=through).enumerate() {
                let Some(event) = self.event(seq) else {
                    return Err(at(seq, "it is missing from the log".into()));
                };
                let last_differs = seq == through && event.hash != signature.hash;
                if signature.fingerprint(n) != Some(fingerprint_of(event)) || last_differs {
                    return Err(at(
                        seq,
                        format!(
                            "it is not the event the game's key signed (in the state saved at event {through}): it was changed, added, removed or moved by someone without the key"
                        ),
                    ));
                }
            }
            if let Some(slot) = signed_through.get_mut(span_index) {
                *slot = through;
            }
            previous = through;
        }
        // Every event the file brought under a key must be covered by a signature.
        for seq in previous + 1..=self.from_file as u64 {
            let under_key = self
                .key_span_at(seq)
                .is_some_and(|k| !k.public_key.is_empty());
            if under_key {
                return Err(VerifyFailure {
                    seq,
                    message: if previous == 0 {
                        "no signature of the game's key covers it: the file was made or changed without the key".into()
                    } else {
                        format!(
                            "no signature of the game's key covers it (the last covers event {previous}): it was added to the file without the key"
                        )
                    },
                });
            }
        }
        Ok(signed_through)
    }

    /// The last event of key span `span`.
    fn span_end(&self, span: &KeySpan) -> u64 {
        self.keys
            .iter()
            .find(|k| k.from > span.from)
            .map_or(self.events.len() as u64, |next| next.from - 1)
    }

    fn key_coverage(&self, signed_through: &[u64]) -> Vec<KeyCoverage> {
        self.keys
            .iter()
            .zip(signed_through)
            .map(|(span, signed)| KeyCoverage {
                from: span.from,
                to: self.span_end(span),
                public_key: span.public_key.clone(),
                signed_through: *signed,
                reason: match self.event(span.from).map(|e| &e.body) {
                    Some(EventBody::Rekeyed { reason, .. }) => reason.clone(),
                    _ => String::new(),
                },
            })
            .collect()
    }

    fn seed_coverage(&self) -> Vec<SeedCoverage> {
        let count = self.events.len() as u64;
        let mut coverage: Vec<SeedCoverage> = Vec::new();
        for (index, span) in self.seeds.iter().enumerate() {
            let to = self
                .seeds
                .get(index + 1)
                .map_or(count, |next| next.from.saturating_sub(1));
            let app_rolls = self
                .events
                .iter()
                .filter(|e| (span.from..=to).contains(&e.seq))
                .map(|e| match &e.body {
                    EventBody::Resolved { dice, draws, .. } => {
                        dice.iter().filter(|d| d.draw_index.is_some()).count() + draws.len()
                    }
                    _ => 0,
                })
                .sum();
            let state = match (span.public, span.revealed_by) {
                (Some(_), Some(by)) => SeedState::Revealed { by },
                (Some(_), None) => SeedState::Open,
                (None, _) => SeedState::Sealed,
            };
            coverage.push(SeedCoverage {
                from: span.from,
                to,
                commitment: span.commitment.clone(),
                state,
                app_rolls,
            });
        }
        coverage
    }
}

/// A key and a commitment as the log must hold them.
fn check_key_and_commitment(public_key: &str, commitment: &str) -> Result<(), String> {
    if !is_public_key(public_key) {
        return Err("its public key is not a valid key of 64 hexadecimal digits".into());
    }
    if !is_commitment(commitment) {
        return Err("its seed commitment is not 64 hexadecimal digits".into());
    }
    Ok(())
}
