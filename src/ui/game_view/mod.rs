//! A game in progress: the turn-sequence checklist on the left, the procedure workspace in the
//! centre, the record on the right, the audit log at the bottom. Each side panel is drawn in a file
//! of its own; this one holds the game in play and turns what the players do into commands on the
//! session.

mod charts;
mod checklist;
mod dice_chart;
mod face_down;
mod turn_summary;
pub use checklist::NEXT_STEP_SHORTCUT;
mod game_key;
mod record_panel;
mod roster_files;
mod status_bar;

use super::chart_editor::ChartEditor;
use super::hand_panel::HandAction;
use super::log_view::{LogAction, LogView};
use super::notice::Notice;
use super::roster_editor::{RosterTransfer, RosterValue, RosterWindow};
use super::sealed_panel::SealedAction;
use super::table_viewer::TableWindow;
use super::workspace::{ShownResult, Workspace, WorkspaceAction};
use crate::engine::dice_stats::DiceStatistics;
use crate::engine::input::{FieldKind, Input, Value};
use crate::engine::keys::KeyStore;
use crate::engine::photos::{self, Photo};
use crate::engine::play::{Command, CommandError, Dice, Executed};
use crate::engine::procedure::{Procedure, RuleError};
use crate::engine::record::Position;
use crate::engine::recovery::RecoveryJournal;
use crate::engine::session::Session;
use crate::engine::table_set::TableSet;
use crate::games::Game;
pub use charts::ChartFile;
use dice_chart::DiceChart;
use std::path::{Path, PathBuf};
use turn_summary::TurnSummaryWindow;

pub const UNDO_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);

pub struct GameView {
    pub game: &'static Game,
    pub session: Session,
    pub tables: TableSet,
    /// Problems with the owner's table files; the built-in tables are used meanwhile.
    pub table_problems: Vec<String>,
    pub path: Option<PathBuf>,
    /// Changes since the last save.
    pub dirty: bool,
    journal: Option<RecoveryJournal>,
    recovery_folder: Option<PathBuf>,
    pub workspace: Option<Workspace>,
    pub log: LogView,
    pub table_window: Option<TableWindow>,
    pub roster_window: Option<RosterWindow>,
    /// The dice statistics, while their window is open.
    pub dice_chart: Option<DiceChart>,
    /// The turn summary, while its window is open.
    pub turn_summary: Option<TurnSummaryWindow>,
    /// A message for the player: (text, is an error).
    pub notice: Notice,
    /// This machine's game keys, in the data folder.
    keys: Option<KeyStore>,
    /// A step about the game's key waiting for the players to confirm it.
    key_question: Option<game_key::KeyQuestion>,
    /// The players asked to import the game's key file: the app asks for its path.
    pub wants_key_import: bool,
    /// The event the players want to attach a photo to: the app asks for the image's path.
    pub wants_photo_for: Option<u64>,
    /// A step, not the next one, the players clicked: play moves there once they confirm.
    step_question: Option<Position>,
    /// The step the checklist last brought into view: when play moves, or the game opens (the
    /// scroll offset egui remembers may be another game's), the current step is scrolled to.
    checklist_in_view: Option<Position>,
    /// The unit opened from the record, if any.
    open_unit: Option<record_panel::OpenUnit>,
    /// A side's owner looking at its face-down blocks.
    face_down_view: Option<face_down::FaceDownView>,
    /// What the players typed to find a unit in the record.
    unit_filter: String,
    /// The opened unit's history, kept while the log does not grow.
    unit_history: Option<record_panel::UnitHistory>,
    /// The chart editor, when the owner enters or corrects a chart.
    pub chart_editor: Option<ChartEditor>,
    /// A chart file the players asked to export or import: the app asks for its path.
    pub chart_file: Option<ChartFile>,
    /// The players asked to save the roster to a file or load one: the app asks for its path.
    pub roster_file: Option<RosterTransfer>,
    /// Where the owner's charts are kept.
    data_folder: Option<PathBuf>,
}

/// Why a photo cannot be attached to a game never saved.
const SAVE_BEFORE_PHOTOS: &str =
    "Save the game first: its photos are kept in a folder beside its file.";

impl GameView {
    pub fn new(
        game: &'static Game,
        session: Session,
        path: Option<PathBuf>,
        data_folder: Option<&Path>,
        recovery_folder: Option<PathBuf>,
    ) -> GameView {
        let (tables, problems) = game.load_tables(data_folder);
        let mut view = GameView {
            game,
            session,
            tables,
            table_problems: problems.iter().map(ToString::to_string).collect(),
            dirty: path.is_none(),
            path,
            journal: None,
            recovery_folder,
            workspace: None,
            log: LogView::default(),
            table_window: None,
            roster_window: None,
            dice_chart: None,
            turn_summary: None,
            notice: None,
            keys: data_folder.map(KeyStore::in_data_folder),
            key_question: None,
            wants_key_import: false,
            wants_photo_for: None,
            step_question: None,
            checklist_in_view: None,
            open_unit: None,
            face_down_view: None,
            unit_filter: String::new(),
            unit_history: None,
            chart_editor: None,
            chart_file: None,
            roster_file: None,
            data_folder: data_folder.map(Path::to_path_buf),
        };
        view.attach_stored_key();
        view.sync_journal();
        view.sync_log();
        view.open_first_procedure();
        view
    }

    /// The procedures of the current step that apply where play stands.
    fn step_procedures(&self) -> Vec<&'static dyn Procedure> {
        let record = self.session.record();
        self.game
            .sequence_of(record)
            .step(record.position)
            .map(|step| {
                step.procedures
                    .iter()
                    .filter_map(|id| self.game.procedure(id).ok())
                    .filter(|p| p.applies(record))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Opens the step's first procedure, so the next action is one click away.
    fn open_first_procedure(&mut self) {
        self.workspace = None;
        if let Some(first) = self.step_procedures().first() {
            self.open_procedure(first.id());
        }
    }

    fn sync_log(&mut self) {
        let mut log = std::mem::take(&mut self.log);
        log.sync(&self.session, &|event| self.game.summary(event));
        self.log = log;
    }

    /// Keeps the recovery journal in step with the log while there are unsaved changes.
    fn sync_journal(&mut self) {
        if !self.dirty {
            if let Some(journal) = self.journal.take() {
                journal.discard();
            }
            return;
        }
        let Some(folder) = &self.recovery_folder else {
            return;
        };
        let result = match &mut self.journal {
            Some(journal) => journal.sync(&self.session),
            None => RecoveryJournal::start(folder, &self.session, self.path.as_deref()).map(|j| {
                self.journal = Some(j);
            }),
        };
        if let Err(e) = result {
            self.notice = Some((format!("The recovery file could not be written: {e}"), true));
        }
    }

    /// Call after every change to the log.
    fn changed(&mut self) {
        self.dirty = true;
        self.sync_journal();
        self.sync_log();
    }

    /// A game restored from its journal has changes its file does not have.
    pub fn mark_unsaved(&mut self) {
        self.dirty = true;
        self.sync_journal();
    }

    /// The players chose to throw the unsaved changes away: remove the journal.
    pub fn discard_journal(&mut self) {
        if let Some(journal) = self.journal.take() {
            journal.discard();
        }
    }

    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.dirty = false;
        self.sync_journal();
    }

    /// Verifies the session, re-deriving every resolution with the tables in use.
    pub fn verify(
        &self,
    ) -> Result<crate::engine::session::VerifyReport, crate::engine::session::VerifyFailure> {
        match &self.path {
            // Photos sit beside the game's file; a game never saved has none.
            Some(path) => self.game.verify_file(&self.session, &self.tables, path),
            _ => self.game.verify(&self.session, &self.tables),
        }
    }

    pub fn open_procedure(&mut self, id: &str) {
        if let Ok(procedure) = self.game.procedure(id) {
            self.workspace = Some(Workspace::new(self.game, procedure, self.session.record()));
        }
    }

    pub fn file_name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "Unsaved game".into())
    }

    /// Carries out `command` on the session; the log, the journal and the log view follow.
    fn execute(&mut self, command: Command) -> Result<Executed, CommandError> {
        let executed = self.session.execute(self.game, &self.tables, command)?;
        self.changed();
        Ok(executed)
    }

    pub fn undo(&mut self) {
        match self.execute(Command::Undo) {
            Ok(Executed::Undone(event)) => {
                self.notice = Some((
                    format!(
                        "Took back event {} ({}).",
                        event.seq,
                        event.body.kind_name()
                    ),
                    false,
                ));
                if let Some(workspace) = &mut self.workspace {
                    if workspace
                        .result
                        .as_ref()
                        .is_some_and(|r| r.event == event.seq)
                    {
                        // The resolution itself was taken back (one that rolled no dice).
                        workspace.result = None;
                    } else if let Some(result) = &mut workspace.result
                        && result.applied_as == Some(event.seq)
                    {
                        result.applied_as = None;
                    }
                }
            }
            Ok(_) => {}
            Err(_) => {
                self.notice = Some((
                    "Nothing to undo: after a roll, a draw or a reveal, mend a mistake with a correction (select the event in the log).".into(),
                    true,
                ));
            }
        }
    }

    fn go_to(&mut self, position: Position) {
        match self.execute(Command::MoveTo { position }) {
            Ok(_) => self.open_first_procedure(),
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Resolves the open form with `dice` and shows the result card; applies it too if `apply`.
    fn resolve_with(&mut self, dice: Dice, apply: bool) {
        let Some(workspace) = &self.workspace else {
            return;
        };
        let command = Command::Resolve {
            procedure: workspace.procedure.id().to_string(),
            input: workspace.input.clone(),
            dice,
            apply,
        };
        // The card weighs each effect against the record as it was before them.
        let before = self.session.record().clone();
        let executed = self.execute(command);
        let record = self.session.record();
        let Some(workspace) = &mut self.workspace else {
            return;
        };
        match executed {
            Ok(Executed::Resolved {
                event,
                resolution,
                dice,
                applied,
            }) => {
                workspace.result = Some(ShownResult::new(event, resolution, dice, &before));
                workspace.physical_dice.clear();
                if let Some(applied) = applied {
                    workspace.applied(applied, record);
                }
                self.log.selected = Some(event);
                // The game's end reveals the dice seed, so every app roll can be re-derived.
                if self.game.ends_with.contains(&workspace.procedure.id()) && self.can_reveal_seed()
                {
                    self.reveal_seed();
                }
            }
            Ok(_) => {}
            Err(e) => workspace.dice_error = Some(e.to_string()),
        }
    }

    fn correct(&mut self, event: u64, reason: &str) {
        let command = Command::Correct {
            event,
            reason: reason.to_string(),
        };
        match self.execute(command) {
            Ok(_) => {
                self.notice = Some((
                    format!("Event {event} corrected; it stays in the log but no longer counts."),
                    false,
                ));
                // Keep the result card in step: a corrected roll is gone, a corrected apply undone.
                if let Some(workspace) = &mut self.workspace {
                    if workspace.result.as_ref().is_some_and(|r| r.event == event) {
                        workspace.result = None;
                    } else if let Some(result) = &mut workspace.result
                        && result.applied_as == Some(event)
                    {
                        result.applied_as = None;
                    }
                }
            }
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Applies a logged resolution, its effects worked out again from its input and dice: the
    /// open result card's, or one from the log that was never applied.
    fn apply(&mut self, event: u64) {
        match self.execute(Command::Apply { resolution: event }) {
            Ok(executed) => {
                let record = self.session.record();
                let from_card = self
                    .workspace
                    .as_mut()
                    .filter(|w| w.result.as_ref().is_some_and(|r| r.event == event));
                match (from_card, executed.event()) {
                    (Some(workspace), Some(applied)) => workspace.applied(applied, record),
                    _ => {
                        self.notice =
                            Some((format!("Applied event {event} to the record."), false));
                    }
                }
            }
            Err(e) => self.notice = Some((format!("Not applied: {e}"), true)),
        }
    }

    /// Logs and applies the values typed in the roster editor, one roster entry each. Values the
    /// rules refuse stay in the editor with a message naming the unit and the value.
    fn log_roster_values(&mut self, values: Vec<RosterValue>) {
        let Some(procedure) = self
            .game
            .roster
            .as_ref()
            .and_then(|roster| self.game.procedure(roster.entry).ok())
        else {
            return;
        };
        let mut logged = Vec::new();
        let mut problems = Vec::new();
        for value in values {
            match self.log_roster_value(procedure, &value) {
                Ok(()) => logged.push(value),
                Err(e) => problems.push(format!("{}, {}: {e}", value.unit, value.title)),
            }
        }
        if !logged.is_empty() {
            let piece = self.game.roster.as_ref().map_or("counter", |r| r.piece);
            self.notice = Some((format!("Recorded {} {piece} values.", logged.len()), false));
            self.changed();
            // An open form that named one of these units takes up the new values.
            if let Some(workspace) = &mut self.workspace {
                workspace.refollow_units(self.session.record());
            }
        }
        if let Some(window) = &mut self.roster_window {
            window.logged(&logged, problems);
        }
    }

    fn log_roster_value(
        &mut self,
        procedure: &'static dyn Procedure,
        value: &RosterValue,
    ) -> Result<(), String> {
        // A value is a number unless the entry procedure takes text (a strength ladder).
        let typed = match procedure.fields().iter().find(|f| f.id == "value") {
            Some(field) if matches!(field.kind, FieldKind::Text { .. }) => {
                Value::Text(value.text.trim().into())
            }
            _ => Value::Number(
                value
                    .text
                    .parse()
                    .map_err(|_| format!("\"{}\" is not a whole number", value.text))?,
            ),
        };
        let mut input = Input::defaults(procedure.fields());
        input.set("side", Value::Text(value.side.as_str().into()));
        input.set("unit", Value::Text(value.unit.as_str().into()));
        input.set("value_of", Value::Text(value.value_of.as_str().into()));
        input.set("value", typed);
        let command = Command::Resolve {
            procedure: procedure.id().to_string(),
            input,
            dice: Dice::Physical(Vec::new()),
            apply: true,
        };
        self.session
            .execute(self.game, &self.tables, command)
            .map(|_| ())
            .map_err(|e| match e {
                CommandError::Rule(RuleError::Input(e)) | CommandError::Record(e) => e.message,
                e => e.to_string(),
            })
    }

    /// Draws the game. `shortcuts` is false while a dialog is open, so keys act on the dialog only.
    pub fn ui(&mut self, ui: &mut egui::Ui, shortcuts: bool) {
        let shortcuts = shortcuts && self.step_question.is_none() && self.key_question.is_none();
        // While a text field has the keyboard, Ctrl+Z belongs to it.
        if shortcuts
            && !ui.egui_wants_keyboard_input()
            && ui.input_mut(|i| i.consume_shortcut(&UNDO_SHORTCUT))
        {
            self.undo();
        }
        if shortcuts {
            self.close_a_window(ui);
        }
        // The side panels take a share of a small window, never all of it.
        let window = ui.ctx().content_rect().size();
        egui::Panel::top("game_status").show(ui, |ui| self.status_bar(ui));
        self.key_banner(ui);
        egui::Panel::left("checklist")
            .resizable(true)
            .default_size((window.x * 0.18).clamp(170.0, 240.0))
            .size_range(160.0..=400.0)
            .show(ui, |ui| {
                self.checklist_head(ui, shortcuts);
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("checklist_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        self.checklist(ui);
                        crate::ui::focus::follow_keyboard_focus(ui);
                    });
            });
        egui::Panel::right("record")
            .resizable(true)
            .default_size((window.x * 0.22).clamp(200.0, 320.0))
            .size_range(180.0..=440.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("record_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        self.record_panel(ui);
                        crate::ui::focus::follow_keyboard_focus(ui);
                    });
            });
        egui::Panel::bottom("log")
            .resizable(true)
            .default_size((window.y * 0.2).clamp(120.0, 260.0))
            .size_range(120.0..=600.0)
            .show(ui, |ui| {
                let game = self.game;
                let tables = &self.tables;
                let session = &self.session;
                let details = |event: &crate::engine::log::Event| {
                    let text = game.describe(event, tables, session);
                    let mut lines = vec![text.summary];
                    lines.extend(text.details);
                    lines
                };
                let needs_apply = |event: &crate::engine::log::Event| {
                    session.awaits_apply(event) && game.offers_effects(session, event, tables)
                };
                let action = self.log.ui(
                    ui,
                    &self.session,
                    self.path.as_deref(),
                    &details,
                    &needs_apply,
                );
                match action {
                    Some(LogAction::Correct { event, reason }) => self.correct(event, &reason),
                    Some(LogAction::Apply { event }) => self.apply(event),
                    Some(LogAction::AttachPhoto { event }) => match self.path {
                        Some(_) => self.wants_photo_for = Some(event),
                        None => self.notice = Some((SAVE_BEFORE_PHOTOS.into(), true)),
                    },
                    None => {}
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let action = match &mut self.workspace {
                Some(workspace) => workspace.ui(ui, &self.tables, &self.session, shortcuts),
                None => {
                    self.no_procedure(ui);
                    None
                }
            };
            match action {
                Some(WorkspaceAction::Roll { apply }) => self.resolve_with(Dice::App, apply),
                Some(WorkspaceAction::UsePhysicalDice(faces)) => {
                    self.resolve_with(Dice::Physical(faces), false);
                }
                Some(WorkspaceAction::Apply) => {
                    let unapplied = self
                        .workspace
                        .as_ref()
                        .and_then(|w| w.result.as_ref())
                        .filter(|r| r.applied_as.is_none())
                        .map(|r| r.event);
                    if let Some(event) = unapplied {
                        self.apply(event);
                    }
                }
                Some(WorkspaceAction::Sealed(round, SealedAction::Seal { side, sealed })) => {
                    if let Err(e) = self.execute(Command::Seal {
                        round,
                        side,
                        sealed,
                    }) {
                        self.notice = Some((e.to_string(), true));
                    }
                }
                Some(WorkspaceAction::Sealed(round, SealedAction::Reveal(reveals))) => {
                    if let Err(e) = self.execute(Command::Reveal { round, reveals }) {
                        self.notice = Some((e.to_string(), true));
                    }
                }
                Some(WorkspaceAction::Hand(HandAction::Seal { side, seals })) => {
                    for (round, sealed) in seals {
                        if let Err(e) = self.execute(Command::Seal {
                            round,
                            side: side.clone(),
                            sealed,
                        }) {
                            self.notice = Some((e.to_string(), true));
                        }
                    }
                }
                Some(WorkspaceAction::Hand(HandAction::TurnUp(reveals))) => {
                    for (round, reveal) in reveals {
                        if let Err(e) = self.execute(Command::Reveal {
                            round,
                            reveals: vec![reveal],
                        }) {
                            self.notice = Some((e.to_string(), true));
                        }
                    }
                }
                Some(WorkspaceAction::EnterChart(id)) => self.open_chart_editor(&id),
                Some(WorkspaceAction::ShowCell(cell)) => {
                    self.table_window = Some(TableWindow {
                        table: cell.table.to_string(),
                        highlight: Some(cell),
                        open: true,
                    });
                }
                None => {}
            }
        });
        if let Some(window) = &mut self.table_window {
            window.show(ui.ctx(), &self.tables);
            if !window.open {
                self.table_window = None;
            }
        }
        self.dice_chart_window(ui.ctx());
        if let Some(window) = &mut self.turn_summary {
            window.show(ui.ctx(), self.game, &self.session);
            if !window.open {
                self.turn_summary = None;
            }
        }
        self.roster_editor(ui.ctx());
        self.chart_editor_window(ui.ctx());
        self.unit_window(ui.ctx());
        self.face_down_window(ui.ctx());
        self.key_question_dialog(ui.ctx());
        self.step_question_dialog(ui.ctx());
    }

    /// Attaches the photo at `source` to event `event`: the image is copied beside the game's
    /// file and the log keeps its hash. A file that is not a PNG or JPEG image is refused.
    pub fn attach_photo(&mut self, event: u64, source: &Path) {
        let Some(game_file) = self.path.clone() else {
            self.notice = Some((SAVE_BEFORE_PHOTOS.into(), true));
            return;
        };
        let attached = Photo::read(source).and_then(|photo| {
            let file = photo.file_name(event);
            photos::store(&game_file, &file, &photo)?;
            self.execute(Command::AttachPhoto {
                event,
                file: file.clone(),
                sha256: photo.sha256,
            })
            .map_err(|e| e.to_string())?;
            Ok(file)
        });
        self.notice = Some(match attached {
            Ok(file) => (
                format!(
                    "Photo attached to event {event}: {file}, beside the game's file. Save the game to keep it in the log."
                ),
                false,
            ),
            Err(e) => (format!("No photo attached: {e}"), true),
        });
    }

    /// Opens the dice statistics, worked out from the log as it stands.
    pub fn open_dice_chart(&mut self) {
        let statistics = DiceStatistics::of(&self.session, self.game, &self.tables);
        self.dice_chart = Some(DiceChart::new(statistics, &self.session));
    }

    /// Opens the turn summary on the turn being played.
    pub fn open_turn_summary(&mut self) {
        self.turn_summary = Some(TurnSummaryWindow::new(&self.session));
    }

    /// The dice statistics window, counted again when the log has grown (a long log when the
    /// players ask).
    fn dice_chart_window(&mut self, ctx: &egui::Context) {
        let short_log = self.session.events().len() <= dice_chart::FOLLOWS_THE_LOG_UP_TO;
        if self.dice_chart.as_ref().is_some_and(|chart| {
            chart.is_stale(&self.session) && (short_log || chart.wants_recount)
        }) {
            self.open_dice_chart();
        }
        if let Some(chart) = &mut self.dice_chart {
            chart.show(ctx, &self.session);
            if !chart.open {
                self.dice_chart = None;
            }
        }
    }

    /// Opens the roster editor, with whatever was typed in it before it was closed.
    fn open_roster(&mut self) {
        match &mut self.roster_window {
            Some(window) => window.open = true,
            None => self.roster_window = Some(RosterWindow::opened()),
        }
    }

    /// Escape closes the window on top: the unit, then the table, then the roster editor (which
    /// keeps what was typed). An open drop-down takes Escape for itself.
    fn close_a_window(&mut self, ui: &egui::Ui) {
        if egui::Popup::is_any_open(ui.ctx()) || !ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            return;
        }
        if self.open_unit.take().is_some() || self.table_window.take().is_some() {
            return;
        }
        if let Some(window) = &mut self.roster_window {
            window.open = false;
        }
    }

    fn roster_editor(&mut self, ctx: &egui::Context) {
        let Some(roster) = &self.game.roster else {
            return;
        };
        let Ok(procedure) = self.game.procedure(roster.entry) else {
            return;
        };
        // A closed editor keeps what was typed in it, for when it opens again.
        let Some(window) = self.roster_window.as_mut().filter(|w| w.open) else {
            return;
        };
        let addition = self.game.procedure(roster.addition).ok().map(|p| p.title());
        let submitted = window.show(
            ctx,
            roster,
            procedure.fields(),
            addition,
            self.session.record(),
            self.session.sides(),
        );
        let add_unit = window.add_unit_clicked;
        if let Some(transfer) = window.transfer.take() {
            self.request_roster_file(transfer);
        }
        if let Some(values) = submitted {
            self.log_roster_values(values);
        }
        if add_unit {
            self.open_procedure(roster.addition);
        }
    }
}
