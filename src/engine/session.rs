//! A session: one game's log, its file, and everything derived from the log.
//!
//! The file is TOML (an umpire can read it), carries a format version, and is saved atomically:
//! written to a temporary file beside the target, flushed to disk, then renamed over it, so a crash
//! mid-save never leaves a half-written game. Loading never writes anything.

use super::dice::DiceSpec;
use super::draws::{CupDraw, DrawSlot, hidden_salt, take_one};
use super::log::{Event, EventBody, GENESIS_HASH, RolledDie, SideName, chain_hash, now_rfc3339};
use super::record::{Effect, Position, Record};
use super::roller::{Seed, roll_die};
use super::sealed::{Reveal, SealedChoice};
use super::symbol::Symbol;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;

use super::session_file;
pub use super::session_file::{
    FORMAT_VERSION, SessionError, write_atomically, write_new_atomically,
};

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

/// What `verify` checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VerifyReport {
    pub events: usize,
    pub app_rolls: usize,
    pub physical_rolls: usize,
    pub draws: usize,
    pub reveals: usize,
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

/// A game in progress: its log and what is derived from it.
#[derive(Debug, Clone)]
pub struct Session {
    events: Vec<Event>,
    game: String,
    scenario: String,
    sides: Vec<SideName>,
    seed: Seed,
    /// Derived from the log: the next unused draw index.
    next_draw: u64,
    /// Derived from the log: events a correction has voided.
    voided: HashSet<u64>,
    /// Derived from the log: each applied resolution and the event that applied it.
    applied: HashMap<u64, u64>,
    /// Derived from the log.
    record: Record,
}

impl Session {
    /// A new session: its first event names the game, scenario and sides and holds the seed.
    pub fn new(
        game: &str,
        scenario: &str,
        start: Position,
        sides: Vec<SideName>,
        seed: Seed,
    ) -> Session {
        let mut session = Session::empty(game.into(), scenario.into(), sides.clone(), seed);
        session.append(
            "",
            EventBody::SessionStarted {
                game: game.to_string(),
                scenario: scenario.to_string(),
                sides,
                seed: seed.to_hex(),
                start,
            },
        );
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
    pub fn seed(&self) -> Seed {
        self.seed
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn record(&self) -> &Record {
        &self.record
    }
    /// Event number `seq`, if the log has it.
    pub fn event(&self, seq: u64) -> Option<&Event> {
        self.events
            .get(seq.checked_sub(1)? as usize)
            .filter(|e| e.seq == seq)
    }
    pub fn is_voided(&self, seq: u64) -> bool {
        self.voided.contains(&seq)
    }

    /// The players' name for a side id, or the id itself.
    pub fn side_name<'a>(&'a self, id: &'a str) -> &'a str {
        super::log::side_name(&self.sides, id)
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
    fn push_folded(&mut self, event: Event) {
        if matches!(event.body, EventBody::Corrected { .. }) {
            // A correction can void anything before it: rebuild the derived state with it in place.
            self.events.push(event);
            self.refold();
        } else {
            self.fold(&event);
            self.events.push(event);
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
                    if let Some(chit) = draw.chit(self.seed) {
                        self.record.take_from_cup(&draw.cup, &chit);
                    }
                    if let Some(concealed) = &draw.concealed {
                        self.record
                            .concealed
                            .insert((event.seq, slot), concealed.seen_by.clone());
                    }
                }
            }
            EventBody::DrawRevealed { event, draw, .. } => {
                self.record.concealed.remove(&(*event, *draw));
            }
            // An applied result counts unless it, or the resolution it applies, was corrected.
            EventBody::Applied {
                resolution,
                effects,
            } if !self.voided.contains(&event.seq) && !self.voided.contains(resolution) => {
                self.record.apply(effects, event.seq);
                self.applied.insert(*resolution, event.seq);
            }
            EventBody::SessionStarted {
                start, scenario, ..
            } => {
                self.record.position = *start;
                self.record.scenario = scenario.as_str().into();
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

    /// A session of `game` with no events yet.
    fn empty(game: String, scenario: String, sides: Vec<SideName>, seed: Seed) -> Session {
        Session {
            events: Vec::new(),
            game,
            scenario,
            sides,
            seed,
            next_draw: 0,
            voided: HashSet::new(),
            applied: HashMap::new(),
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
    /// app always logs a roll it shows.
    pub fn roll(&self, spec: &DiceSpec) -> Vec<RolledDie> {
        RolledDie::rolled(spec, self.seed, self.next_draw)
    }

    /// Draws for `slots` from the cups on the record with the app's generator, after `dice` app
    /// rolls. Nothing is logged until the caller appends the resolution. An empty cup is refused.
    pub fn draw(&self, slots: &[DrawSlot], dice: usize) -> Result<Vec<CupDraw>, String> {
        let mut cups = self.record.cups.clone();
        let mut draws = Vec::new();
        for (index, slot) in (self.next_draw + dice as u64..).zip(slots) {
            let contents = cups.get(&slot.cup).map(Vec::as_slice).unwrap_or(&[]);
            let draw = CupDraw::make(slot, contents, self.seed, index).ok_or_else(|| {
                format!(
                    "{} is empty: the {} has nothing to draw",
                    slot.cup, slot.label
                )
            })?;
            if let (Some(chit), Some(cup)) = (draw.chit(self.seed), cups.get_mut(&slot.cup)) {
                take_one(cup, &chit);
            }
            draws.push(draw);
        }
        Ok(draws)
    }

    /// The chit of draw `draw` of resolution `event`, named even if it was drawn face down: for
    /// the side that sees it, and for re-deriving the resolution.
    pub fn drawn_chit(&self, event: u64, draw: usize) -> Option<Symbol> {
        match &self.event(event)?.body {
            EventBody::Resolved { draws, .. } => draws.get(draw)?.chit(self.seed),
            _ => None,
        }
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
        let chit = cup_draw
            .chit(self.seed)
            .ok_or_else(|| format!("draw {} of event {event} cannot be worked out", draw + 1))?;
        let salt = hidden_salt(self.seed, cup_draw.draw_index);
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

    /// Whether the last event may be taken back: only while nothing random or hidden followed.
    pub fn can_undo(&self) -> bool {
        self.events.last().is_some_and(|e| !e.body.is_irrevocable())
    }

    /// Removes the last event if it may be taken back, and returns it.
    pub(super) fn undo(&mut self) -> Option<Event> {
        if !self.can_undo() {
            return None;
        }
        let event = self.events.pop();
        self.refold();
        event
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

    /// The whole session as the text of a session file.
    pub fn to_toml(&self) -> Result<String, String> {
        session_file::to_text(&self.events)
    }

    /// The text of one event as it stands in a session file, for appending to a recovery journal.
    pub fn event_toml(event: &Event) -> Result<String, String> {
        session_file::event_text(event)
    }

    /// Saves atomically to `path`.
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        let text = self.to_toml().map_err(|message| SessionError {
            file: path.display().to_string(),
            line: None,
            message,
        })?;
        write_atomically(path, text.as_bytes())
    }

    /// Reads a session from the text of a session file; `file` names it in errors.
    pub fn from_toml(file: &str, text: &str) -> Result<Session, SessionError> {
        let error = |line: Option<usize>, message: String| SessionError {
            file: file.to_string(),
            line,
            message,
        };
        let events = session_file::parse(file, text)?;
        let Some(first) = events.first() else {
            return Err(error(None, "the session file holds no events".into()));
        };
        let EventBody::SessionStarted {
            game,
            scenario,
            sides,
            seed,
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
        let Some(seed) = Seed::from_hex(seed) else {
            return Err(error(
                None,
                format!(
                    "event {}: the seed \"{seed}\" is not 16 hexadecimal digits",
                    first.seq
                ),
            ));
        };
        let (game, scenario, sides) = (game.clone(), scenario.clone(), sides.clone());
        let mut session = Session {
            events,
            ..Session::empty(game, scenario, sides, seed)
        };
        session.refold();
        Ok(session)
    }

    /// The session's first `count` events only (used to drop a torn end of a recovery journal).
    pub fn keep_first(mut self, count: usize) -> Session {
        self.events.truncate(count.max(1));
        self.refold();
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

    /// Recomputes the hash chain, re-derives every app roll and draw from the seed, checks every
    /// physical face and every reveal, and names the first event that does not hold.
    pub fn verify(&self) -> Result<VerifyReport, VerifyFailure> {
        self.verify_with(&|_| Ok(()))
    }

    /// As `verify`, and also asks `rederive` whether each resolution's logged result is what its
    /// input and dice give (the games supply that check; the engine knows no rules).
    pub fn verify_with(
        &self,
        rederive: &dyn Fn(&Event) -> Result<(), String>,
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
        let mut replay = Session::empty(
            self.game.clone(),
            self.scenario.clone(),
            self.sides.clone(),
            self.seed,
        );
        for (position, event) in self.events.iter().enumerate() {
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
            match &event.body {
                EventBody::SessionStarted { .. } if position > 0 => {
                    return Err(fail("a second session_started".into()));
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
                        match die.draw_index {
                            Some(index) => {
                                if index != next_draw {
                                    return Err(fail(format!(
                                        "the {} used draw {index} where draw {next_draw} was next: a roll was removed or repeated",
                                        die.label
                                    )));
                                }
                                let expected = roll_die(self.seed, index, die.die);
                                if expected != die.face {
                                    return Err(fail(format!(
                                        "the {} shows {} but draw {index} of this session's seed is {expected}",
                                        die.label, die.face
                                    )));
                                }
                                next_draw += 1;
                                report.app_rolls += 1;
                            }
                            None => report.physical_rolls += 1,
                        }
                    }
                    let mut cups = replay.record.cups.clone();
                    for draw in draws.iter() {
                        let contents = cups.get(&draw.cup).cloned().unwrap_or_default();
                        if draw.contents_before != contents {
                            return Err(fail(format!(
                                "the {} says {} held {} where the record held {}",
                                draw.label,
                                draw.cup,
                                list(&draw.contents_before),
                                list(&contents)
                            )));
                        }
                        if draw.draw_index != next_draw {
                            return Err(fail(format!(
                                "the {} used draw {} where draw {next_draw} was next: a draw was removed or repeated",
                                draw.label, draw.draw_index
                            )));
                        }
                        if !draw.rederives(self.seed) {
                            return Err(fail(format!(
                                "the {} is not what draw {} of this session's seed picks from {}",
                                draw.label, draw.draw_index, draw.cup
                            )));
                        }
                        if let (Some(chit), Some(cup)) =
                            (draw.chit(self.seed), cups.get_mut(&draw.cup))
                        {
                            take_one(cup, &chit);
                        }
                        next_draw += 1;
                        report.draws += 1;
                    }
                    // The dice and draws are sound: now the result must be what they give.
                    rederive(event).map_err(&fail)?;
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
                _ => {}
            }
            report.events += 1;
            replay.push_folded(event.clone());
        }
        Ok(report)
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
