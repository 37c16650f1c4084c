//! A game played through the engine, as the app plays it: forms opened with their defaults and the
//! record, checked, resolved with given dice faces, logged and applied. Shared by the test files
//! that play whole turns.

#![allow(dead_code)] // Each test file uses the part it needs.

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::play::{Command, CommandError, Dice, Executed};
use aide_de_camp::engine::procedure::Resolution;
use aide_de_camp::engine::record::{Position, Record};
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

pub struct Play {
    pub game: &'static Game,
    pub tables: TableSet,
    pub session: Session,
}

impl Play {
    pub fn start(game: &str, scenario: &str) -> Play {
        let game = games::find(game).expect("the game");
        let tables = game.load_tables(None).expect("tables");
        let sides = game.sides_named(&[]);
        let scenario = game.scenario(scenario).expect("the scenario");
        let session = game
            .start_session(scenario, sides, Seed(1815), &tables)
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
        let p = self.game.procedure(procedure).expect("procedure");
        let mut input = Input::defaults(p.fields());
        p.prefill(&mut input, self.record());
        for (id, value) in values {
            input.set(id, value.clone());
            p.follow(id, &mut input, self.record());
        }
        input
    }

    /// Whether the record refuses these facts, as the app does before resolving.
    pub fn refused(&self, procedure: &str, values: &[(&str, Value)]) -> Option<String> {
        let p = self.game.procedure(procedure).expect("procedure");
        let input = self.input(procedure, values);
        p.check_combination(&input)
            .and_then(|()| self.game.check_record(p, &input, self.record()))
            .err()
            .map(|e| e.to_string())
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

    /// Follows the checklist, step by step, to `turn`, `phase`, `step`.
    pub fn go_to(&mut self, turn: u32, phase: usize, step: usize) {
        let target = Position { turn, phase, step };
        while self.record().position != target {
            let next = self
                .game
                .sequence
                .next(self.record().position, 8)
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
        self.record()
            .unit(side, unit)
            .and_then(|u| u.attribute(attribute))
            .map(str::to_string)
    }

    pub fn vp(&self, side: &str) -> i32 {
        self.record().victory_points.get(side).copied().unwrap_or(0)
    }
}
