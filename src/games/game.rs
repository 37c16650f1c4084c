//! What a game offers the app: its sides, scenarios, turn sequence, procedures and tables, and
//! the hooks the generic screens call. Each game fills one in; the registry in `mod.rs` lists them.

use crate::engine::dispute::settings_on_form;
use crate::engine::input::{Field, Input, InputError};
use crate::engine::keys::GameKey;
use crate::engine::log::SideName;
use crate::engine::play::{Command, Dice, Rules};
use crate::engine::procedure::{Procedure, opening_input};
use crate::engine::record::{Position, Record, UnitRecord};
use crate::engine::roster_file::RosterFile;
use crate::engine::session::Session;
use crate::engine::table_set::{BuiltinTable, TableRead, TableSet};
use crate::engine::tables::TableError;
use crate::engine::turns::{Scenario, TurnNote, TurnSequence};
use std::path::{Path, PathBuf};

/// A game as the app knows it.
pub struct Game {
    pub id: &'static str,
    pub title: &'static str,
    /// The rulebook file in the shared seeds this game follows.
    pub rulebook: &'static str,
    /// (id, default name) of each side.
    pub sides: &'static [(&'static str, &'static str)],
    pub scenarios: &'static [Scenario],
    pub sequence: TurnSequence,
    pub procedures: &'static [&'static dyn Procedure],
    pub tables: &'static [BuiltinTable],
    /// The procedure that puts a scenario's units on the record, resolved as a game starts.
    pub set_up: Option<&'static str>,
    /// The values printed only on the counters or tiles, which the players enter, if any.
    pub roster: Option<Roster>,
    /// The procedure that records the session's settings (the Settings button).
    pub settings: Option<&'static str>,
    /// The special rules in force where play stands, for the banner above the checklist.
    pub turn_notes: fn(&Record) -> Vec<TurnNote>,
    /// What the record panel shows beside a unit's state (its markers), if anything.
    pub unit_summary: fn(&UnitRecord) -> String,
    /// Why play has stopped before the last turn (a Commander in Chief fell), if it has. Then
    /// only the procedures in `after_the_end` may still be resolved.
    pub game_over: fn(&Record) -> Option<String>,
    pub after_the_end: &'static [&'static str],
    /// The procedures whose result ends the game (the victory determination, one a scenario):
    /// once one is logged, the dice seed is revealed, so that anyone can re-derive every app roll
    /// of the game.
    pub ends_with: &'static [&'static str],
    /// The scenario's last turn where the players enter it (from a Turn Record Track printed only
    /// on a card); otherwise the scenario's own `last_turn` holds.
    pub entered_last_turn: fn(&Record) -> Option<u32>,
    /// Whether the record's counters are allowances the players spend by hand (a move under an
    /// allowance: "Use one"). Otherwise they are the game's own book-keeping (a time on the turn
    /// track, a Command's activation this turn), shown but never changed by a click.
    pub counters_spent_by_hand: bool,
    /// The procedures whose results a turn's summary lists one by one (losses, payments, pool
    /// changes), beside the VP, payments and pieces it always shows.
    pub summarized: &'static [&'static str],
}

/// The values a game's pieces print that its rulebook text does not, which the players enter in
/// the roster editor, and how the screens speak of them.
pub struct Roster {
    /// The procedure that enters one value (the roster editor's cells).
    pub entry: &'static str,
    /// The procedure that adds a unit the rulebook text does not name (the editor's button).
    pub addition: &'static str,
    /// The other procedures that put pieces and the command hierarchy on the record. A roster
    /// file keeps the resolutions of these, of `entry` and of `addition`.
    pub further: &'static [&'static str],
    /// The piece that prints them, in the singular: "counter", "tile".
    pub piece: &'static str,
    /// What the values are, for a hint: "Battle Stars and Command Ranges".
    pub what: &'static str,
}

impl Roster {
    /// The roster editor's name: "Counter values".
    pub fn title(&self) -> String {
        let mut letters = self.piece.chars();
        let first = letters.next().map(|c| c.to_uppercase().to_string());
        format!("{}{} values", first.unwrap_or_default(), letters.as_str())
    }

    /// Every procedure whose resolutions make up the roster, as a roster file keeps them.
    pub fn procedures(&self) -> Vec<&'static str> {
        [self.entry, self.addition]
            .into_iter()
            .chain(self.further.iter().copied())
            .collect()
    }
}

impl Game {
    pub fn procedure(&self, id: &str) -> Result<&'static dyn Procedure, String> {
        self.procedures
            .iter()
            .copied()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                format!(
                    "unknown procedure \"{id}\" for {}; its procedures are: {}",
                    self.id,
                    self.procedures
                        .iter()
                        .map(|p| p.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    }

    /// The game's sides, named as the players typed them; a blank name keeps the default.
    pub fn sides_named(&self, names: &[String]) -> Vec<SideName> {
        self.sides
            .iter()
            .enumerate()
            .map(|(i, (id, default))| SideName {
                id: (*id).to_string(),
                name: names
                    .get(i)
                    .map(|n| n.trim())
                    .filter(|n| !n.is_empty())
                    .unwrap_or(default)
                    .to_string(),
            })
            .collect()
    }

    /// Checks `input` for `procedure` where play stands: once the game is over only the
    /// procedures that close it may be resolved; then the procedure's own record checks.
    pub fn check_record(
        &self,
        procedure: &dyn Procedure,
        input: &Input,
        record: &Record,
    ) -> Result<(), InputError> {
        if !self.after_the_end.contains(&procedure.id())
            && let Some(reason) = (self.game_over)(record)
        {
            return Err(InputError::new("", reason));
        }
        procedure.check_record(input, record)
    }

    /// Where an owner's copy of table file `file` lives in the data folder.
    pub fn owner_table_path(&self, data_folder: &Path, file: &str) -> PathBuf {
        data_folder.join("tables").join(self.id).join(file)
    }

    /// The last turn of `scenario` as play stands: the one the players entered, if the game asks
    /// for it and they have, never beyond the scenario's own.
    pub fn last_turn(&self, scenario: &Scenario, record: &Record) -> u32 {
        (self.entered_last_turn)(record).map_or(scenario.last_turn, |entered| {
            entered.clamp(1, scenario.last_turn)
        })
    }

    pub fn scenario(&self, id: &str) -> Option<&'static Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// The sequence of play of the scenario `id`: its own, or else the game's.
    pub fn sequence_for(&self, id: &str) -> &TurnSequence {
        self.scenario(id)
            .and_then(|s| s.sequence)
            .unwrap_or(&self.sequence)
    }

    /// The sequence of play of the scenario the record is of.
    pub fn sequence_of(&self, record: &Record) -> &TurnSequence {
        self.sequence_for(&record.scenario)
    }

    /// A new session of `scenario` with the set-up resolved and applied as its first events, so
    /// the roster is on the record, from the log, before play begins.
    pub fn start_session(
        &self,
        scenario: &Scenario,
        sides: Vec<SideName>,
        key: GameKey,
        tables: &TableSet,
    ) -> Result<Session, String> {
        let mut session = Session::new(self.id, scenario.id, scenario.start, sides, key);
        if let Some(id) = scenario.set_up.or(self.set_up) {
            let procedure = self.procedure(id)?;
            let input = opening_input(procedure, session.record());
            session
                .execute(
                    self,
                    tables,
                    Command::Resolve {
                        procedure: id.to_string(),
                        input,
                        dice: Dice::Physical(Vec::new()),
                        apply: true,
                    },
                )
                .map_err(|e| e.to_string())?;
        }
        Ok(session)
    }

    /// The game's tables, each replaced by the owner's file in `<data>/tables/<game id>/` if present,
    /// and the problems of the owner's files that were set aside for the built-in tables.
    pub fn load_tables(&self, data_folder: Option<&Path>) -> (TableSet, Vec<TableError>) {
        let folder = data_folder.map(|d| self.owner_table_path(d, ""));
        TableSet::load(self.tables, folder.as_deref(), &self.reads())
    }

    /// The built-in tables alone, checked as `load_tables` checks them.
    pub fn builtin_tables(&self) -> Result<TableSet, Vec<TableError>> {
        TableSet::builtin(self.tables, &self.reads())
    }

    /// The game's roster, or why it has none.
    fn roster_or_why(&self) -> Result<&Roster, String> {
        self.roster
            .as_ref()
            .ok_or_else(|| format!("{} has no roster to save or load", self.title))
    }

    /// Saves the roster of `session` to `path`. Returns how many entries it holds.
    pub fn save_roster(&self, session: &Session, path: &Path) -> Result<usize, String> {
        let roster = RosterFile::of_session(session, &self.roster_or_why()?.procedures());
        if roster.entries.is_empty() {
            return Err(format!(
                "nothing was entered in the roster of this game yet, so {} was not written",
                path.display()
            ));
        }
        roster.save(path)?;
        Ok(roster.entries.len())
    }

    /// Reads the roster file at `path`, checks all of it, and loads it into `session` only if
    /// every entry passes. Returns how many entries were loaded.
    pub fn load_roster(
        &self,
        session: &mut Session,
        tables: &TableSet,
        path: &Path,
    ) -> Result<usize, String> {
        let procedures = self.roster_or_why()?.procedures();
        let roster = RosterFile::read(path, self.id, self, &procedures)?;
        roster.load_into(&path.display().to_string(), session, self, tables)
    }

    /// The session settings `procedure` carries on its form: the readings the dispute view
    /// compares. None for the Settings procedure itself, whose every field is a setting.
    pub fn settings_bearing_on(&self, procedure: &dyn Procedure) -> Vec<&'static Field> {
        let Some(settings) = self.settings.and_then(|id| self.procedure(id).ok()) else {
            return Vec::new();
        };
        if settings.id() == procedure.id() {
            return Vec::new();
        }
        let ids: Vec<&str> = settings.fields().iter().map(|f| f.id).collect();
        settings_on_form(procedure, &ids)
    }

    /// Every table read of every procedure: the result codes the game handles.
    pub fn reads(&self) -> Vec<TableRead> {
        self.procedures
            .iter()
            .flat_map(|p| p.reads().iter().copied())
            .collect()
    }
}

impl Rules for Game {
    fn procedure(&self, id: &str) -> Result<&'static dyn Procedure, String> {
        Game::procedure(self, id)
    }

    fn check_record(
        &self,
        procedure: &dyn Procedure,
        input: &Input,
        record: &Record,
    ) -> Result<(), InputError> {
        Game::check_record(self, procedure, input, record)
    }

    fn step_label(&self, scenario: &str, position: Position) -> String {
        self.sequence_for(scenario).label(position)
    }
}
