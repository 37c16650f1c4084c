//! A game played through the engine, as the app plays it: forms opened with their defaults and the
//! record, checked, resolved with given dice faces, logged and applied. Shared by the test files
//! that play whole turns, with the small helpers several test files need: the values typed on a
//! form, its fields filled in by hand (`set`), a result's reminders, and for each game its
//! procedures and tables (`enemy_mistakes`, with its FICTIONAL Units, and `waterloo_campaign`).

#![allow(dead_code)] // Each test file uses the part it needs.

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::play::{Command, CommandError, Dice, Executed};
use aide_de_camp::engine::procedure::{Procedure, Resolution};
use aide_de_camp::engine::record::{Effect, Position, Record};
use aide_de_camp::engine::roller::Seed;
use aide_de_camp::engine::session::Session;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::games::{self, Game};

pub fn text(value: &str) -> Value {
    Value::Text(value.into())
}

pub fn list(names: &[&str]) -> Value {
    Value::List(names.iter().map(|n| (*n).into()).collect())
}

pub fn number(value: i64) -> Value {
    Value::Number(value)
}

pub fn flag(value: bool) -> Value {
    Value::Flag(value)
}

/// What the players type on a form, field by field.
pub type Facts = Vec<(&'static str, Value)>;

/// A form's fields filled in by hand, for the tests that build their input without a record.
pub mod gui;

pub mod set {
    use aide_de_camp::engine::input::{Input, Value};

    pub fn text(input: &mut Input, id: &str, value: &str) {
        input.set(id, Value::Text(value.into()));
    }

    pub fn number(input: &mut Input, id: &str, value: i64) {
        input.set(id, Value::Number(value));
    }

    /// Ticks a box.
    pub fn flag(input: &mut Input, id: &str) {
        input.set(id, Value::Flag(true));
    }
}

fn game(id: &str) -> &'static Game {
    games::find(id).expect("the game is registered")
}

fn procedure_of(game: &Game, id: &str) -> &'static dyn Procedure {
    game.procedure(id).expect("the procedure is registered")
}

fn tables_of(game: &Game) -> TableSet {
    game.builtin_tables().expect("the built-in tables load")
}

/// The form as the app opens it on `record` (defaults, then the record), with `values` typed in,
/// each followed as the form follows a change.
pub fn form_of(game: &Game, record: &Record, procedure: &str, values: &[(&str, Value)]) -> Input {
    let p = procedure_of(game, procedure);
    let mut input = Input::defaults(p.fields());
    p.prefill(&mut input, record);
    for (id, value) in values {
        input.set(id, value.clone());
        p.follow(id, &mut input, record);
    }
    input
}

/// Why the app refuses these facts on `record` before resolving, if it does.
fn refusal_of(
    game: &Game,
    record: &Record,
    procedure: &str,
    values: &[(&str, Value)],
) -> Option<String> {
    let p = procedure_of(game, procedure);
    let input = form_of(game, record, procedure, values);
    p.check_combination(&input)
        .and_then(|()| game.check_record(p, &input, record))
        .err()
        .map(|e| e.to_string())
}

/// What a unit on `record` holds of `attribute`, if it is there.
pub fn attribute(record: &Record, side: &str, unit: &str, attribute: &str) -> Option<String> {
    record
        .unit(side, unit)
        .and_then(|u| u.attribute(attribute))
        .map(str::to_string)
}

/// The reminders of a result, in words.
pub fn reminders(resolution: &Resolution) -> Vec<String> {
    resolution
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Reminder { text, .. } => Some(text.to_string()),
            _ => None,
        })
        .collect()
}

/// Whether a reminder of the result says `words`.
pub fn mentions(resolution: &Resolution, words: &str) -> bool {
    reminders(resolution).iter().any(|r| r.contains(words))
}

/// A procedure with every die enumerated by the odds: `Procedure::deciding_dice`'s odds must
/// match it.
pub struct EveryDie(pub &'static dyn Procedure);

impl Procedure for EveryDie {
    fn about(&self) -> &aide_de_camp::engine::procedure::About {
        self.0.about()
    }
    fn check_combination(
        &self,
        input: &Input,
    ) -> Result<(), aide_de_camp::engine::input::InputError> {
        self.0.check_combination(input)
    }
    fn dice(&self, input: &Input) -> aide_de_camp::engine::dice::DiceSpec {
        self.0.dice(input)
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &aide_de_camp::engine::procedure::Faces,
    ) -> Result<Resolution, aide_de_camp::engine::procedure::RuleError> {
        self.0.resolve(input, tables, faces)
    }
}

pub struct Play {
    pub game: &'static Game,
    pub tables: TableSet,
    pub session: Session,
}

impl Play {
    pub fn start(game: &str, scenario: &str) -> Play {
        Play::start_seeded(game, scenario, 1815)
    }

    /// The same, with the app's draws and rolls from `seed`.
    pub fn start_seeded(game: &str, scenario: &str, seed: u64) -> Play {
        let game = self::game(game);
        let tables = tables_of(game);
        let sides = game.sides_named(&[]);
        let scenario = game.scenario(scenario).expect("the scenario");
        let session = game
            .start_session(
                scenario,
                sides,
                GameKey::from_parts([7; 32], Seed::from_u64(seed)),
                &tables,
            )
            .expect("set up");
        Play {
            game,
            tables,
            session,
        }
    }

    pub fn record(&self) -> &Record {
        self.session.record()
    }

    /// The form as the app opens it (defaults, then the record), with `values` typed in, each
    /// followed as the form follows a change.
    pub fn input(&self, procedure: &str, values: &[(&str, Value)]) -> Input {
        form_of(self.game, self.record(), procedure, values)
    }

    /// Whether the record refuses these facts, as the app does before resolving.
    pub fn refused(&self, procedure: &str, values: &[(&str, Value)]) -> Option<String> {
        refusal_of(self.game, self.record(), procedure, values)
    }

    /// Whether the checklist offers `procedure` where play stands.
    pub fn applies(&self, procedure: &str) -> bool {
        procedure_of(self.game, procedure).applies(self.record())
    }

    /// Resolves with physical dice `faces`, logs it and applies its result, as the app does.
    pub fn play(&mut self, procedure: &str, values: &[(&str, Value)], faces: &[u8]) -> Resolution {
        let input = self.input(procedure, values);
        let command = Command::Resolve {
            procedure: procedure.to_string(),
            input: input.clone(),
            dice: Dice::Physical(faces.to_vec()),
            apply: true,
        };
        match self.session.execute(self.game, &self.tables, command) {
            Ok(Executed::Resolved { resolution, .. }) => resolution,
            Ok(other) => panic!("{procedure}: not a resolution: {other:?}"),
            Err(CommandError::Record(e)) => {
                panic!("{procedure}: the record refuses {input:?}: {e}")
            }
            Err(e) => panic!("{procedure}: {e}"),
        }
    }

    /// The message of a resolution the app refuses only as it resolves, where a chart says no
    /// (or is not entered yet); the record is left as it was.
    pub fn fails(&mut self, procedure: &str, values: &[(&str, Value)], faces: &[u8]) -> String {
        let input = self.input(procedure, values);
        let events = self.session.events().len();
        let command = Command::Resolve {
            procedure: procedure.to_string(),
            input,
            dice: Dice::Physical(faces.to_vec()),
            apply: true,
        };
        let message = match self.session.execute(self.game, &self.tables, command) {
            Ok(done) => panic!("{procedure}: resolved, {done:?}"),
            Err(e) => e.to_string(),
        };
        assert_eq!(self.session.events().len(), events, "nothing is logged");
        message
    }

    /// Presses Next step: play goes where the checklist's button sends it (the next step in
    /// force, or back round where a step repeats), and that position is returned.
    pub fn next_step(&mut self) -> Position {
        let scenario = self
            .game
            .scenario(self.session.scenario())
            .expect("the scenario");
        let last_turn = self.game.last_turn(scenario, self.record());
        let next = self
            .game
            .sequence_of(self.record())
            .after(self.record(), last_turn)
            .expect("the scenario goes on");
        self.session
            .execute(self.game, &self.tables, Command::MoveTo { position: next })
            .expect("moves on");
        next
    }

    /// Follows the checklist, step by step, to `turn`, `phase`, `step`, within the scenario's turns.
    pub fn go_to(&mut self, turn: u32, phase: usize, step: usize) {
        let target = Position { turn, phase, step };
        let scenario = self
            .game
            .scenario(self.session.scenario())
            .expect("the scenario");
        let last_turn = self.game.last_turn(scenario, self.record());
        while self.record().position != target {
            let next = self
                .game
                .sequence_of(self.record())
                .next(self.record().position, last_turn)
                .unwrap_or_else(|| panic!("the game ended before {target:?}"));
            self.session
                .execute(self.game, &self.tables, Command::MoveTo { position: next })
                .expect("moves on");
            assert!(next.turn <= turn, "passed {target:?}");
        }
    }

    pub fn state(&self, side: &str, unit: &str) -> String {
        self.record()
            .unit(side, unit)
            .unwrap_or_else(|| panic!("{unit} is on the record"))
            .state
            .to_string()
    }

    pub fn attribute(&self, side: &str, unit: &str, attribute: &str) -> Option<String> {
        self::attribute(self.record(), side, unit, attribute)
    }

    pub fn vp(&self, side: &str) -> i32 {
        self.record().victory_points.get(side).copied().unwrap_or(0)
    }
}

/// Waterloo: Enemy Mistakes: its procedures and tables, its forms on a record, and the FICTIONAL
/// Units and Formations the tests play with (the text prints no tile but the sample, L459-465).
pub mod battles_of_waterloo {
    use super::{Play, number, text};
    use aide_de_camp::engine::input::{Input, Value};
    use aide_de_camp::engine::procedure::{Procedure, Resolution, resolve_checked};
    use aide_de_camp::engine::record::Record;
    use aide_de_camp::engine::table_set::TableSet;
    use aide_de_camp::games::Game;
    use aide_de_camp::games::battles_of_waterloo::ID;

    pub fn game() -> &'static Game {
        super::game(ID)
    }

    pub fn procedure(id: &str) -> &'static dyn Procedure {
        super::procedure_of(game(), id)
    }

    pub fn tables() -> TableSet {
        super::tables_of(game())
    }

    /// The form as the app opens it on `record`: see [`super::form_of`].
    pub fn form(record: &Record, id: &str, values: &[(&str, Value)]) -> Input {
        super::form_of(game(), record, id, values)
    }

    /// Why the app refuses these facts on `record` before resolving, if it does.
    pub fn refusal(record: &Record, id: &str, values: &[(&str, Value)]) -> Option<String> {
        super::refusal_of(game(), record, id, values)
    }

    /// Resolves `id` on its form alone, with dice `faces` it must accept.
    pub fn resolve(id: &str, input: &Input, faces: &[u8]) -> Resolution {
        resolve_checked(procedure(id), input, &tables(), faces)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
    }

    /// A new game of `scenario`.
    pub fn start(scenario: &str) -> Play {
        Play::start(ID, scenario)
    }

    /// Puts a combat unit on the record with FICTIONAL ratings except those given: strength 4,
    /// Cohesion 5, Commitment 4, Movement Allowance 6, 4 steps.
    pub fn add_unit(
        play: &mut Play,
        side: &str,
        name: &str,
        kind: &str,
        values: &[(&'static str, Value)],
    ) {
        let mut facts = vec![
            ("side", text(side)),
            ("name", text(name)),
            ("type", text(kind)),
            ("command", text("I Corps")), // FICTIONAL
            ("strength", number(4)),      // FICTIONAL
            ("cohesion", number(5)),      // FICTIONAL
            ("commitment", number(4)),    // FICTIONAL
            ("movement", number(6)),      // FICTIONAL
        ];
        facts.extend(values.iter().cloned());
        play.play("add-unit", &facts, &[]);
    }
}

pub mod enemy_mistakes {
    use super::{Facts, Play, list, number, text};
    use aide_de_camp::engine::input::{Input, Value};
    use aide_de_camp::engine::procedure::{Procedure, Resolution, resolve_checked};
    use aide_de_camp::engine::record::Record;
    use aide_de_camp::engine::table_set::TableSet;
    use aide_de_camp::games::Game;
    use aide_de_camp::games::enemy_mistakes::ID;

    pub fn game() -> &'static Game {
        super::game(ID)
    }

    pub fn procedure(id: &str) -> &'static dyn Procedure {
        super::procedure_of(game(), id)
    }

    pub fn tables() -> TableSet {
        super::tables_of(game())
    }

    /// The form as the app opens it on `record`: see [`super::form_of`].
    pub fn form(record: &Record, id: &str, values: &[(&str, Value)]) -> Input {
        super::form_of(game(), record, id, values)
    }

    /// Why the app refuses these facts on `record` before resolving, if it does.
    pub fn refusal(record: &Record, id: &str, values: &[(&str, Value)]) -> Option<String> {
        super::refusal_of(game(), record, id, values)
    }

    /// Resolves `id` on its form alone, with dice `faces` it must accept.
    pub fn resolve(id: &str, input: &Input, faces: &[u8]) -> Resolution {
        resolve_checked(procedure(id), input, &tables(), faces)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
    }

    /// The facts of a FICTIONAL Unit's tile: a capacity of 4 Losses and 10 victory points.
    pub fn tile(side: &str, number_on_tile: i64, unit_type: &str, corps: &str) -> Facts {
        vec![
            ("side", text(side)),
            ("number", number(number_on_tile)),
            ("type", text(unit_type)),
            ("corps", text(corps)),
            ("capacity", number(4)),        // FICTIONAL
            ("victory_points", number(10)), // FICTIONAL
        ]
    }

    /// A FICTIONAL Unit of `unit_type` and Army Corps `corps`, entered from its tile.
    pub fn add_unit(
        play: &mut Play,
        side: &str,
        number_on_tile: i64,
        unit_type: &str,
        corps: &str,
    ) {
        play.play(
            "add-unit",
            &tile(side, number_on_tile, unit_type, corps),
            &[],
        );
    }

    /// A Formation of `units`, made in the form of 3.1 (L381).
    pub fn formation(play: &mut Play, side: &str, name: &str, corps: &str, units: &[&str]) {
        play.play(
            "formation",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("corps", text(corps)),
                ("units", list(units)),
            ],
            &[],
        );
    }

    /// The Commander in Chief gives `general` `markers` from his box (L737).
    pub fn assign(play: &mut Play, side: &str, general: &str, markers: i64) {
        play.play(
            "assign",
            &[
                ("side", text(side)),
                ("general", text(general)),
                ("markers", number(markers)),
            ],
            &[],
        );
    }

    /// Both armies draw their markers: French die `french`, English die `british` (L648).
    pub fn draw_markers(play: &mut Play, french: u8, british: u8) {
        play.play("initiative-markers", &[("side", text("french"))], &[french]);
        play.play(
            "initiative-markers",
            &[("side", text("british"))],
            &[british],
        );
    }
}

/// Waterloo Campaign 1815: its procedures and tables.
pub mod waterloo_campaign {
    use aide_de_camp::engine::input::Input;
    use aide_de_camp::engine::play::{Command, CommandError, Dice, Executed};
    use aide_de_camp::engine::procedure::Procedure;
    use aide_de_camp::engine::session::Session;
    use aide_de_camp::engine::table_set::TableSet;
    use aide_de_camp::games::Game;
    use aide_de_camp::games::waterloo_campaign::ID;

    pub fn game() -> &'static Game {
        super::game(ID)
    }

    pub fn procedure(id: &str) -> &'static dyn Procedure {
        super::procedure_of(game(), id)
    }

    pub fn tables() -> TableSet {
        super::tables_of(game())
    }

    /// Carries out `command` on a session of this game, as the app does.
    pub fn execute(session: &mut Session, command: Command) -> Result<Executed, CommandError> {
        session.execute(super::game(ID), &tables(), command)
    }

    /// The command that resolves `procedure` with `input` and typed-in `faces`, applied at once.
    pub fn resolved(procedure: &str, input: Input, faces: &[u8]) -> Command {
        Command::Resolve {
            procedure: procedure.into(),
            input,
            dice: Dice::Physical(faces.to_vec()),
            apply: true,
        }
    }
}

/// What a forger does to a saved game: edit events, then recompute every hash. A forger without
/// the game's key cannot sign the result, and the signature check names the event; these helpers
/// model the stronger forger who holds the key (the test key every test session is made with)
/// and re-signs, so that the checks beyond the signatures are tested too.
pub mod forgery {
    use aide_de_camp::engine::keys::GameKey;
    use aide_de_camp::engine::log::{Event, EventBody, GENESIS_HASH, chain_hash};
    use aide_de_camp::engine::roller::Seed;
    use aide_de_camp::engine::session::Session;
    use aide_de_camp::engine::session_file::to_text;
    use aide_de_camp::engine::signatures::Signature;

    /// Recomputes every hash of `events` from the first, as a forger would after an edit.
    pub fn rechain(events: &mut [Event]) {
        let mut previous = GENESIS_HASH.to_string();
        for event in events {
            event.hash = event.expected_hash(&previous);
            previous = event.hash.clone();
        }
    }

    /// `session` with an event added that no command would log (a second apply, say), chained as
    /// a forger would chain it.
    pub fn appended(session: &Session, side: &str, body: EventBody) -> Session {
        let mut events = session.events().to_vec();
        let seq = events.len() as u64 + 1;
        let time = "2015-06-18T12:00:00Z";
        let previous = events.last().map_or(GENESIS_HASH, |e| e.hash.as_str());
        let hash = chain_hash(previous, seq, time, side, &body);
        events.push(Event {
            seq,
            time: time.into(),
            side: side.into(),
            body,
            hash,
        });
        session_from_events(&events)
    }

    /// The session a file holding `events`, signed with the test sessions' key, loads as.
    pub fn session_from_events(events: &[Event]) -> Session {
        let key = GameKey::from_parts([7; 32], Seed::from_u64(0));
        let signatures: Vec<Signature> = Signature::make(&key, events, 0).into_iter().collect();
        let text = to_text(events, &signatures).expect("serialises");
        Session::from_toml("edited.toml", &text).expect("parses")
    }
}

/// Reveals the seed of `session`'s app rolls so far, as the app does at the end of a game, with a
/// new seed for the rolls after it.
pub fn reveal_seed(
    session: &mut aide_de_camp::engine::session::Session,
    rules: &dyn aide_de_camp::engine::play::Rules,
    tables: &TableSet,
) -> u64 {
    let mut key = session
        .key()
        .cloned()
        .expect("the test holds the game's key");
    key.add_fresh_seed();
    session
        .execute(
            rules,
            tables,
            aide_de_camp::engine::play::Command::RevealSeed { key },
        )
        .expect("revealed")
        .event()
        .expect("logged")
}

/// Runs the built binary with `args` and the data folder `data`: its exit code, standard output
/// and standard error.
pub fn run_binary(data: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_aide-de-camp"))
        .args(args)
        .env("AIDE_DE_CAMP_DATA", data)
        .output()
        .expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into(),
        String::from_utf8_lossy(&output.stderr).into(),
    )
}
