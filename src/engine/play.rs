//! The one path into play. Every change to a game (resolve, apply, correct, tally, seal, reveal,
//! move to a step, note, undo) is a [`Command`] handed to [`Session::execute`]. The app turns clicks into
//! commands, the command line turns arguments into commands, the tests send commands; none of them
//! rolls, logs or applies on its own, so the checks made before anything is logged are the same
//! wherever play comes from.

use super::draws::CupDraw;
use super::input::{Input, InputError};
use super::keys::{GameKey, KeyStore};
use super::log::{Event, EventBody, RolledDie};
use super::procedure::{Once, Procedure, Resolution, RuleError, resolve_drawn};
use super::record::{Position, Record};
use super::roller::Seed;
use super::sealed::{Reveal, SealedChoice};
use super::session::Session;
use super::symbol::Symbol;
use super::table_set::TableSet;
use std::fmt;

/// What the engine needs to know of a game to carry out its commands. The games implement it; the
/// engine names none of them.
pub trait Rules {
    /// The procedure registered under `id`, or a message listing those that are.
    fn procedure(&self, id: &str) -> Result<&'static dyn Procedure, String>;
    /// Checks `input` against the record where play stands (a unit that must be available, a game
    /// that is over). Run before resolving; never when verifying, as the record has moved on.
    fn check_record(
        &self,
        procedure: &dyn Procedure,
        input: &Input,
        record: &Record,
    ) -> Result<(), InputError>;
    /// How a step of the turn sequence reads in the log ("Turn 3, Movement").
    fn step_label(&self, scenario: &str, position: Position) -> String;
}

/// Where a resolution's dice come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dice {
    /// The app rolls them with the session's generator.
    App,
    /// Faces typed in from physical dice, in the order of the procedure's dice.
    Physical(Vec<u8>),
}

/// One change to a game.
#[derive(Debug, Clone)]
pub enum Command {
    /// Resolve `procedure` with `input`, log the resolution, and apply its effects at once if
    /// `apply` (roll-and-apply, a set-up, a value entered from a counter).
    Resolve {
        procedure: String,
        input: Input,
        dice: Dice,
        apply: bool,
    },
    /// Apply a logged resolution's effects, worked out again from its input and faces.
    Apply { resolution: u64 },
    /// Void event `event`, keeping it visible, for `reason`.
    Correct { event: u64, reason: String },
    /// Use `amount` of a counter the record keeps (one move of an allowance).
    Tally { counter: String, amount: i64 },
    /// A secret choice of `side` for `round`, as its commitment only.
    Seal {
        round: String,
        side: String,
        sealed: SealedChoice,
    },
    /// Every choice of `round`, each checked against its seal.
    Reveal { round: String, reveals: Vec<Reveal> },
    /// Reveal draw `draw` of resolution `event`, drawn face down, as the rules now ask.
    RevealDraw { event: u64, draw: usize },
    /// Play moves to `position` in the turn sequence.
    MoveTo { position: Position },
    /// A remark by the players or the umpire, kept in the log.
    Note { text: String },
    /// A photo of the table, already stored beside the session as `file`, attached to event
    /// `event` (see `engine::photos`).
    AttachPhoto {
        event: u64,
        file: String,
        sha256: String,
    },
    /// Take back the last event, while nothing random or hidden has followed.
    Undo,
    /// Go on under `key`, a new key and sealed seed, because the game's own key is not at hand
    /// (`reason` says why, for the log). The caller keeps the new key first.
    Rekey { key: GameKey, reason: String },
    /// Reveal the seed of the app rolls so far and go on with a new one: `key` is the game's key
    /// with the new seed added, which the caller keeps first.
    RevealSeed { key: GameKey },
}

/// What a command did.
#[derive(Debug, Clone)]
pub enum Executed {
    /// A resolution was logged as event `event`, and applied as event `applied` if asked.
    Resolved {
        event: u64,
        resolution: Resolution,
        dice: Vec<RolledDie>,
        applied: Option<u64>,
    },
    /// Event `event` applied resolution `resolution`.
    Applied { event: u64, resolution: u64 },
    /// The command was logged as event `event`.
    Logged { event: u64 },
    /// The last event was taken back.
    Undone(Event),
}

impl Executed {
    /// The event the command logged, if it logged one.
    pub fn event(&self) -> Option<u64> {
        match self {
            Executed::Resolved { event, .. }
            | Executed::Applied { event, .. }
            | Executed::Logged { event } => Some(*event),
            Executed::Undone(_) => None,
        }
    }
}

/// Why a command was refused. Nothing was logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// The input, the dice or a table does not allow the resolution.
    Rule(RuleError),
    /// The record where play stands refuses the input.
    Record(InputError),
    /// The log refuses the command (an event already applied, nothing to undo).
    Log(String),
    /// This machine does not hold the game's key, so nothing can be added but a new key.
    Locked(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Rule(e) => e.fmt(f),
            CommandError::Record(e) => e.fmt(f),
            CommandError::Log(message) | CommandError::Locked(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<RuleError> for CommandError {
    fn from(e: RuleError) -> Self {
        CommandError::Rule(e)
    }
}

/// A logged resolution of `session` worked out again from its input, faces and chits with
/// `tables`, with the procedure that made it.
pub fn rederive(
    rules: &dyn Rules,
    tables: &TableSet,
    session: &Session,
    event: &Event,
) -> Option<Result<(&'static dyn Procedure, Resolution), String>> {
    let EventBody::Resolved { procedure, .. } = &event.body else {
        return None;
    };
    Some(rules.procedure(procedure).and_then(|p| {
        resolve_logged(p, tables, session, event)
            .map(|resolution| (p, resolution))
            .map_err(|e| e.to_string())
    }))
}

/// Resolves `event`, a logged resolution of `procedure` in `session`, again from what the log
/// keeps. A chit drawn face down is named where this machine holds the seed or the log reveals it.
pub fn resolve_logged(
    procedure: &dyn Procedure,
    tables: &TableSet,
    session: &Session,
    event: &Event,
) -> Result<Resolution, RuleError> {
    let EventBody::Resolved { input, dice, .. } = &event.body else {
        return Err(RuleError::Draw(format!(
            "event {} is not a resolution",
            event.seq
        )));
    };
    let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
    let drawn = session.drawn_chits(event).map_err(RuleError::Draw)?;
    let chits: Vec<(&CupDraw, Symbol)> = drawn
        .iter()
        .map(|(draw, chit)| (draw, chit.clone()))
        .collect();
    let input = input.with_later_flags(procedure.fields());
    resolve_drawn(procedure, &input, tables, &faces, &chits)
}

/// Resolves `procedure` once, outside any game: nothing is logged, and nothing is rolled into a
/// session or applied (the command line's `resolve` without a session). App dice come from
/// `seed`, from draw 0, so the same seed repeats the roll. A procedure that draws from a cup
/// needs a game's record, and is refused.
pub fn resolve_once(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
    dice: Dice,
    seed: Seed,
) -> Result<(Vec<RolledDie>, Resolution), RuleError> {
    let spec = procedure.dice(input);
    let dice = match dice {
        Dice::App => RolledDie::rolled(&spec, seed, 0),
        Dice::Physical(faces) => {
            spec.check(&faces)?;
            RolledDie::physical(&spec, &faces)
        }
    };
    let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
    let resolution = resolve_drawn(procedure, input, tables, &faces, &[])?;
    Ok((dice, resolution))
}

impl Session {
    /// Refuses a procedure the rules allow once in a step (or a turn) that already has a
    /// resolution there which still counts, naming it. A correction of that event lifts the
    /// refusal; so does a new pass of a step that comes round again.
    pub fn check_once(&self, procedure: &dyn Procedure, input: &Input) -> Result<(), InputError> {
        let Some(once) = procedure.once() else {
            return Ok(());
        };
        let events = self.events();
        let is_step = |event: &Event| matches!(event.body, EventBody::StepReached { .. });
        // Where this step or turn began: after the last move of play for a step; for a turn,
        // at the first move into it (its opening step), so the turn before's last events (its
        // end of turn) are not taken for this turn's.
        let began = match once {
            Once::PerStep { .. } | Once::PerStepEachSide { .. } => {
                events.iter().rposition(is_step).map_or(0, |i| i + 1)
            }
            Once::PerTurn { .. } => {
                let turn = self.record().position.turn;
                let in_turn = |event: &Event| matches!(&event.body, EventBody::StepReached { position, .. } if position.turn == turn);
                let before = events
                    .iter()
                    .rposition(|e| is_step(e) && !in_turn(e))
                    .map_or(0, |i| i + 1);
                events
                    .get(before..)
                    .and_then(|after| after.iter().position(in_turn))
                    .map_or(before, |i| before + i)
            }
        };
        // Once each side: only the acting side's own resolutions count.
        let side = procedure.acting_side(input);
        let same_side = |event: &Event| {
            !matches!(once, Once::PerStepEachSide { .. }) || event.side.as_str() == side
        };
        let earlier = events.get(began..).unwrap_or_default().iter().rev().find(|event| {
            matches!(&event.body, EventBody::Resolved { procedure: id, .. } if id.as_ref() == procedure.id())
                && !self.is_voided(event.seq)
                && same_side(event)
        });
        let Some(earlier) = earlier else {
            return Ok(());
        };
        let (scope, rule) = match once {
            Once::PerStep { rule } => ("step", rule),
            Once::PerStepEachSide { rule } => ("step for this side", rule),
            Once::PerTurn { rule } => ("turn", rule),
        };
        Err(InputError::new(
            "",
            format!(
                "{} was resolved this {scope} already (event {}), and the rules allow it once a {scope} ({rule}). To resolve it again, correct that event in the log",
                procedure.title(),
                earlier.seq
            ),
        ))
    }

    /// Carries out `command` for the game `rules` with `tables`: checks it, logs it, and folds it
    /// into the record. A refused command logs nothing.
    pub fn execute(
        &mut self,
        rules: &dyn Rules,
        tables: &TableSet,
        command: Command,
    ) -> Result<Executed, CommandError> {
        // Without the game's key nothing is logged but a new key: every event must be signed.
        if let Some(why) = self.why_locked()
            && !matches!(command, Command::Rekey { .. })
        {
            return Err(CommandError::Locked(why));
        }
        match command {
            Command::Resolve {
                procedure,
                input,
                dice,
                apply,
            } => self.resolve(rules, tables, &procedure, input, dice, apply),
            Command::Apply { resolution } => {
                let event = self
                    .event(resolution)
                    .ok_or_else(|| CommandError::Log(format!("there is no event {resolution}")))?;
                let (procedure, offered) = rederive(rules, tables, self, event)
                    .ok_or_else(|| {
                        CommandError::Log(format!("event {resolution} is not a resolution"))
                    })?
                    .map_err(CommandError::Log)?;
                let EventBody::Resolved { input, .. } = &event.body else {
                    return Err(CommandError::Log(format!(
                        "event {resolution} is not a resolution"
                    )));
                };
                let side = procedure.acting_side(input);
                let event = self
                    .apply(&side, resolution, offered.effects)
                    .map_err(CommandError::Log)?;
                Ok(Executed::Applied { event, resolution })
            }
            Command::Correct { event, reason } => self
                .correct("", event, &reason)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
            Command::Tally { counter, amount } => self
                .tally("", &counter, amount)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
            Command::Seal {
                round,
                side,
                sealed,
            } => {
                // A choice revealed is final: no seal may replace it.
                let key = (round.as_str().into(), sealed.player.as_str().into());
                if self.record().seals.get(&key).is_some_and(Option::is_some) {
                    return Err(CommandError::Log(format!(
                        "{}'s choice for {round} is revealed already: it cannot be sealed again",
                        sealed.player
                    )));
                }
                let event = self.append(&side, EventBody::Sealed { round, sealed }).seq;
                Ok(Executed::Logged { event })
            }
            Command::Reveal { round, reveals } => self
                .reveal("", &round, reveals)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
            Command::RevealDraw { event, draw } => self
                .reveal_draw("", event, draw)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
            Command::MoveTo { position } => {
                let label = rules.step_label(&self.record().scenario, position);
                let event = self
                    .append("", EventBody::StepReached { position, label })
                    .seq;
                Ok(Executed::Logged { event })
            }
            Command::Note { text } => {
                let event = self.append("", EventBody::Note { text }).seq;
                Ok(Executed::Logged { event })
            }
            Command::AttachPhoto {
                event,
                file,
                sha256,
            } => {
                if self.event(event).is_none() {
                    return Err(CommandError::Log(format!(
                        "there is no event {event} to attach a photo to"
                    )));
                }
                let body = EventBody::PhotoAttached {
                    event,
                    file,
                    sha256,
                };
                Ok(Executed::Logged {
                    event: self.append("", body).seq,
                })
            }
            Command::Undo => self.undo().map(Executed::Undone).ok_or_else(|| {
                CommandError::Log(
                    "nothing to undo: after a roll, a draw or a reveal, mend a mistake with a correction"
                        .into(),
                )
            }),
            Command::Rekey { key, reason } => self
                .rekey(key, &reason)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
            Command::RevealSeed { key } => self
                .reveal_seed(key)
                .map(|event| Executed::Logged { event })
                .map_err(CommandError::Log),
        }
    }

    fn resolve(
        &mut self,
        rules: &dyn Rules,
        tables: &TableSet,
        id: &str,
        input: Input,
        dice: Dice,
        apply: bool,
    ) -> Result<Executed, CommandError> {
        let procedure = rules.procedure(id).map_err(CommandError::Log)?;
        input.check(procedure.fields()).map_err(RuleError::from)?;
        procedure
            .check_combination(&input)
            .map_err(RuleError::from)?;
        rules
            .check_record(procedure, &input, self.record())
            .map_err(CommandError::Record)?;
        self.check_once(procedure, &input)
            .map_err(CommandError::Record)?;
        let spec = procedure.dice(&input);
        let dice = match dice {
            Dice::App => self.roll(&spec).map_err(CommandError::Locked)?,
            Dice::Physical(faces) => {
                spec.check(&faces).map_err(RuleError::from)?;
                RolledDie::physical(&spec, &faces)
            }
        };
        let app_rolls = dice.iter().filter(|d| d.draw_index.is_some()).count();
        let draws = self
            .draw(&procedure.draws(&input), app_rolls)
            .map_err(|message| CommandError::Rule(RuleError::Draw(message)))?;
        let seed = self.next_seed().map_err(CommandError::Locked)?;
        let chits: Vec<(&CupDraw, Symbol)> = draws
            .iter()
            .filter_map(|draw| Some((draw, draw.chit(seed)?)))
            .collect();
        let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
        let resolution = resolve_drawn(procedure, &input, tables, &faces, &chits)?;
        let side = procedure.acting_side(&input);
        let body = EventBody::Resolved {
            procedure: procedure.id().into(),
            input,
            dice: dice.clone(),
            draws: draws.clone().into(),
            outcome: resolution.outcome.headline.as_str().into(),
            cell: resolution.cell.clone(),
        };
        let event = self.append(&side, body).seq;
        let applied = if apply {
            let applied = self
                .apply(&side, event, resolution.effects.clone())
                .map_err(CommandError::Log)?;
            Some(applied)
        } else {
            None
        };
        Ok(Executed::Resolved {
            event,
            resolution,
            dice,
            applied,
        })
    }
}

/// Goes on with `session` under a new key and sealed seed, kept in `store` before anything is
/// logged under them, because the game's own key is not at hand. Returns the event.
pub fn rekey(
    store: &KeyStore,
    session: &mut Session,
    rules: &dyn Rules,
    tables: &TableSet,
) -> Result<u64, String> {
    let reason = match session.key_status() {
        super::session::KeyStatus::OpenSeed => {
            "the game was saved by an earlier version, with its seed open and unsigned"
        }
        _ => "the game's key was not on the machine that went on with it",
    };
    let key = store.new_key(session.game(), Seed::fresh())?;
    session
        .execute(
            rules,
            tables,
            Command::Rekey {
                key,
                reason: reason.to_string(),
            },
        )
        .map_err(|e| e.to_string())?
        .event()
        .ok_or_else(|| "the new key was not logged".to_string())
}

/// Reveals the seed of `session`'s app rolls so far, going on with a new seed that is added to
/// the game's key in `store` before the reveal is logged. Returns the event.
pub fn reveal_seed(
    store: &KeyStore,
    session: &mut Session,
    rules: &dyn Rules,
    tables: &TableSet,
) -> Result<u64, String> {
    if let Some(why) = session.why_locked() {
        return Err(why);
    }
    let mut key = session
        .key()
        .cloned()
        .ok_or_else(|| "the game's key is not on this machine".to_string())?;
    key.add_fresh_seed();
    store
        .keep(session.game(), &key)
        .map_err(|e| e.to_string())?;
    session
        .execute(rules, tables, Command::RevealSeed { key })
        .map_err(|e| e.to_string())?
        .event()
        .ok_or_else(|| "the reveal was not logged".to_string())
}
