//! The app shell: the menu, the screens, files (open, save, save as, export), the prompt about
//! unsaved changes on quit, and the recovery of a game the app did not get to save.

use super::files::{FilePicker, PathDialog, PathDialogAction, PathPurpose};
use super::folder_check::{FolderCheckAction, FolderCheckWindow};
use super::game_view::GameView;
use super::help::{HelpPage, NEW, OPEN, SAVE};
use super::notice::{Notice, notice_bar};
use super::roster_editor::RosterTransfer;
use super::start::{RecoveryOffer, StartAction, StartScreen};
use crate::engine::dice_stats::DiceStatistics;
use crate::engine::export::{ExportFormat, ExportSources, export};
use crate::engine::keys::{KeyStore, fingerprint};
use crate::engine::photos;
use crate::engine::recovery;
use crate::engine::roller::Seed;
use crate::engine::session::{Session, write_atomically};
use crate::engine::tables::TableStatus;
use crate::games;
use std::path::{Path, PathBuf};

/// UI preferences, kept in eframe's storage. Game data never goes there.
#[derive(serde::Serialize, serde::Deserialize, Default)]
#[serde(default)]
pub struct Prefs {
    pub light_theme: bool,
    pub last_folder: Option<PathBuf>,
}

enum Screen {
    Start(StartScreen),
    Game(Box<GameView>),
}

/// What waits on the answer to "discard unsaved changes?".
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pending {
    Quit,
    NewGame,
    Open,
}

pub struct AideApp {
    screen: Screen,
    picker: Box<dyn FilePicker>,
    pub prefs: Prefs,
    data_folder: Option<PathBuf>,
    recovery_folder: Option<PathBuf>,
    path_dialog: Option<PathDialog>,
    /// After the Save As dialog saves, carry this out (quit, new game, open).
    after_save: Option<Pending>,
    confirm: Option<Pending>,
    allow_close: bool,
    /// A message on the start screen or over the game: (text, is an error).
    notice: Notice,
    /// The Help page open, if any.
    help: Option<HelpPage>,
    shown_title: String,
    /// The chart the Export dialog writes.
    chart_export: Option<String>,
    /// File > Verify a folder…: its window, while open.
    folder_check: Option<FolderCheckWindow>,
}

impl AideApp {
    /// The app as the window runs it.
    pub fn new(cc: &eframe::CreationContext<'_>) -> AideApp {
        let prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = AideApp::with_parts(
            Box::new(super::files::SystemPicker),
            crate::data_folder::data_folder(),
            crate::data_folder::recovery_folder(),
        );
        app.prefs = prefs;
        app.apply_theme(&cc.egui_ctx);
        app
    }

    /// The app with its file picker and folders given (tests give a temporary folder).
    pub fn with_parts(
        picker: Box<dyn FilePicker>,
        data_folder: Option<PathBuf>,
        recovery_folder: Option<PathBuf>,
    ) -> AideApp {
        let recovery = recovery_offers(recovery_folder.as_deref());
        AideApp {
            screen: Screen::Start(StartScreen::new(recovery)),
            picker,
            prefs: Prefs::default(),
            data_folder,
            recovery_folder,
            path_dialog: None,
            after_save: None,
            confirm: None,
            allow_close: false,
            notice: None,
            help: None,
            shown_title: String::new(),
            chart_export: None,
            folder_check: None,
        }
    }

    pub fn game_view(&self) -> Option<&GameView> {
        match &self.screen {
            Screen::Game(view) => Some(view),
            Screen::Start(_) => None,
        }
    }

    pub fn game_view_mut(&mut self) -> Option<&mut GameView> {
        match &mut self.screen {
            Screen::Game(view) => Some(view),
            Screen::Start(_) => None,
        }
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_theme(if self.prefs.light_theme {
            egui::ThemePreference::Light
        } else {
            egui::ThemePreference::Dark
        });
    }

    fn is_dirty(&self) -> bool {
        self.game_view().is_some_and(|v| v.dirty)
    }

    /// A new game's file name before it is saved: the game and the day it began, so that games
    /// of different titles and days do not all offer the same name.
    fn default_stem(&self) -> String {
        match self.game_view() {
            Some(view) => {
                let began = view
                    .session
                    .events()
                    .first()
                    .and_then(|e| e.time.get(..10))
                    .unwrap_or_default();
                format!("{}-{began}", view.game.id)
            }
            None => "game".to_string(),
        }
    }

    fn suggested_path(&self, name: &str) -> PathBuf {
        let folder = self
            .game_view()
            .and_then(|v| v.path.as_ref())
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .or_else(|| self.prefs.last_folder.clone())
            .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("."));
        folder.join(name)
    }

    fn start_game(&mut self, game: &'static games::Game, scenario: &str, side_names: Vec<String>) {
        let sides = game.sides_named(&side_names);
        let Some(scenario) = game.scenario(scenario) else {
            self.notice = Some((
                format!("{} has no scenario \"{scenario}\"", game.title),
                true,
            ));
            return;
        };
        // The game's secret is kept before anything is logged under it.
        let key = match self.data_folder.as_deref().map(KeyStore::in_data_folder) {
            Some(store) => store.new_key(game.id, Seed::fresh()),
            None => Err("there is no data folder to keep the game's key in".to_string()),
        };
        let key = match key {
            Ok(key) => key,
            Err(e) => {
                self.notice = Some((format!("The game could not be started: {e}"), true));
                return;
            }
        };
        // The set-up reads no table; the built-in ones serve until the game view loads the owner's.
        let tables = game.builtin_tables().unwrap_or_default();
        let session = match game.start_session(scenario, sides, key, &tables) {
            Ok(session) => session,
            Err(e) => {
                self.notice = Some((format!("The game could not be set up: {e}"), true));
                return;
            }
        };
        let mut view = GameView::new(
            game,
            session,
            None,
            self.data_folder.as_deref(),
            self.recovery_folder.clone(),
        );
        view.notice = Some((
            format!(
                "New game. Dice seed sealed: commitment {}. Note it down: when the seed is revealed at the end, anyone can check it against this.",
                fingerprint(view.session.seed_commitment())
            ),
            false,
        ));
        self.replace_screen(Screen::Game(Box::new(view)));
    }

    /// The Verify a folder window, while open.
    pub fn folder_check(&self) -> Option<&FolderCheckWindow> {
        self.folder_check.as_ref()
    }

    /// Verifies every file of `folder` and shows them in the Verify a folder window (the folder is
    /// offered next time); a folder that cannot be read is reported.
    pub fn verify_folder(&mut self, folder: &Path) {
        let data_folder = self.data_folder.clone();
        let checked = games::folder::verify(folder, &mut |game| {
            game.load_tables(data_folder.as_deref()).0
        });
        match checked {
            Ok(checks) => {
                self.prefs.last_folder = Some(folder.to_path_buf());
                match &mut self.folder_check {
                    Some(window) if window.folder() == folder => window.replace_rows(checks),
                    _ => {
                        self.folder_check =
                            Some(FolderCheckWindow::new(folder.to_path_buf(), checks))
                    }
                }
            }
            Err(e) => self.notice = Some((format!("Could not verify the folder: {e}"), true)),
        }
    }

    /// Opens a saved game, verifying it; a file that cannot be read is reported and left untouched.
    pub fn open_file(&mut self, path: &Path) {
        self.open_path(path);
    }

    /// Opens the saved game the app was started on, as File > Open does. If the app holds changes
    /// to that very game that were never saved, the start screen offers them instead: the game
    /// opened from its file would take over their recovery file at its first change.
    pub fn open_at_start(&mut self, path: &Path) {
        let loaded = Session::load(path);
        if let (Ok(session), Some(folder)) = (&loaded, &self.recovery_folder)
            && recovery::journal_path(folder, session).exists()
        {
            self.notice = Some((
                format!(
                    "{} was not opened: the app holds changes to this game that were not saved. Restore them below, or discard them, then open the file.",
                    path.display()
                ),
                true,
            ));
            return;
        }
        self.show_loaded(path, loaded);
    }

    fn open_path(&mut self, path: &Path) {
        self.show_loaded(path, Session::load(path));
    }

    /// Shows the game loaded from `path`, verified, or says why it could not be read.
    fn show_loaded(
        &mut self,
        path: &Path,
        loaded: Result<Session, crate::engine::session::SessionError>,
    ) {
        match loaded.and_then(|session| with_game(path, session)) {
            Ok((game, session)) => {
                let mut view = GameView::new(
                    game,
                    session,
                    Some(path.to_path_buf()),
                    self.data_folder.as_deref(),
                    self.recovery_folder.clone(),
                );
                let verified = view.verify();
                view.notice = Some(match verified {
                    Ok(report) => (
                        format!(
                            "Opened and verified: {} events. {}",
                            report.events,
                            report.trust_lines().join(". ")
                        ),
                        false,
                    ),
                    Err(failure) => (
                        format!(
                            "Opened, but verification failed at {failure}. The file was not changed."
                        ),
                        true,
                    ),
                });
                self.prefs.last_folder = path.parent().map(Path::to_path_buf);
                self.replace_screen(Screen::Game(Box::new(view)));
                // Verifying a long game re-derives every result: give that memory back.
                crate::engine::session_file::release_free_memory();
                self.notice = None;
            }
            Err(e) => self.notice = Some((format!("Could not open the game: {e}"), true)),
        }
    }

    fn restore_recovery(&mut self, journal: &Path) {
        let (loaded, cut_short) = recovery::load(journal);
        let saved_as = recovery::find(journal.parent().unwrap_or(Path::new(".")))
            .into_iter()
            .find(|r| r.journal == journal)
            .and_then(|r| r.saved_as);
        match loaded.and_then(|session| with_game(journal, session)) {
            Ok((game, session)) => {
                let mut view = GameView::new(
                    game,
                    session,
                    saved_as,
                    self.data_folder.as_deref(),
                    self.recovery_folder.clone(),
                );
                view.mark_unsaved();
                let mut message = "Restored the unsaved game. Save it to keep it.".to_string();
                if cut_short {
                    message.push_str(
                        " The very last event was cut short by the crash and is not restored.",
                    );
                }
                view.notice = Some((message, false));
                self.replace_screen(Screen::Game(Box::new(view)));
            }
            Err(e) => self.notice = Some((format!("Could not restore: {e}"), true)),
        }
    }

    /// Shows another screen. A game that is replaced had its unsaved changes discarded by the
    /// players (or had none), so its recovery journal goes with it.
    fn replace_screen(&mut self, screen: Screen) {
        if let Screen::Game(mut old) = std::mem::replace(&mut self.screen, screen) {
            old.discard_journal();
        }
    }

    /// Saves to the game's file, or asks for one.
    fn save(&mut self, then: Option<Pending>) {
        let path = self.game_view().and_then(|v| v.path.clone());
        match path {
            Some(path) => {
                self.save_to(&path);
                if !self.is_dirty()
                    && let Some(pending) = then
                {
                    self.carry_out(pending);
                }
            }
            None => self.save_as(then),
        }
    }

    fn save_as(&mut self, then: Option<Pending>) {
        if self.game_view().is_none() {
            return;
        }
        let name = self
            .game_view()
            .and_then(|v| {
                v.path
                    .as_ref()
                    .and_then(|p| p.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| format!("{}.toml", self.default_stem()));
        self.path_dialog = Some(
            PathDialog::new(PathPurpose::SaveAs, self.suggested_path(&name))
                .with_current(self.game_view().and_then(|v| v.path.clone())),
        );
        self.after_save = then;
    }

    fn save_to(&mut self, path: &Path) {
        let Some(view) = self.game_view_mut() else {
            return;
        };
        match view.session.save(path) {
            Ok(()) => {
                // Saved elsewhere, the game takes its photos along.
                let photos = match &view.path {
                    Some(old) => photos::copy_photos(view.session.events(), old, path),
                    None => Ok(0),
                };
                view.mark_saved(path.to_path_buf());
                view.notice = Some(match photos {
                    Ok(_) => (format!("Saved to {}.", path.display()), false),
                    Err(e) => (
                        format!(
                            "Saved to {}, but its photos were not copied: {e}",
                            path.display()
                        ),
                        true,
                    ),
                });
                self.prefs.last_folder = path.parent().map(Path::to_path_buf);
            }
            Err(e) => view.notice = Some((format!("Not saved: {e}"), true)),
        }
    }

    /// Asks where to export the game in `format`, suggesting the game's name with the format's
    /// extension.
    fn ask_export_path(&mut self, format: ExportFormat) {
        let extension = format.extension();
        let stem = self
            .game_view()
            .and_then(|v| {
                v.path
                    .as_ref()?
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| self.default_stem());
        self.path_dialog = Some(PathDialog::new(
            PathPurpose::Export(format),
            self.suggested_path(&format!("{stem}.{extension}")),
        ));
    }

    fn export_to(&mut self, path: &Path, format: ExportFormat) {
        let Some(view) = self.game_view_mut() else {
            return;
        };
        let title = format!("{}: {}", view.game.title, view.file_name());
        let game = view.game;
        let tables = &view.tables;
        let session = &view.session;
        let sources = ExportSources {
            describe: &|e| game.describe(e, tables, session),
            statistics: &|| DiceStatistics::of(session, game, tables),
            summaries: &|| game.turn_summaries(session),
        };
        let text = export(session, format, &title, &sources);
        view.notice = Some(match write_atomically(path, text.as_bytes()) {
            Ok(()) => (format!("Exported to {}.", path.display()), false),
            Err(e) => (format!("Not exported: {e}"), true),
        });
    }

    /// Does what waited on unsaved changes being settled.
    fn carry_out(&mut self, pending: Pending) {
        match pending {
            Pending::Quit => self.allow_close = true,
            Pending::NewGame => {
                // The game being left goes first, so its discarded journal is not offered back.
                self.replace_screen(Screen::Start(StartScreen::new(Vec::new())));
                if let Screen::Start(start) = &mut self.screen {
                    start.recovery = recovery_offers(self.recovery_folder.as_deref());
                }
            }
            Pending::Open => {
                self.path_dialog =
                    Some(PathDialog::new(PathPurpose::Open, self.suggested_path("")));
            }
        }
    }

    /// Asks first if there are unsaved changes.
    fn request(&mut self, pending: Pending) {
        if self.is_dirty() {
            self.confirm = Some(pending);
        } else {
            self.carry_out(pending);
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            let in_game = self.game_view().is_some();
            ui.menu_button("File", |ui| {
                if ui.add(egui::Button::new("New game…").shortcut_text(ui.format_shortcut(&NEW))).clicked() {
                    self.request(Pending::NewGame);
                }
                if ui.add(egui::Button::new("Open…").shortcut_text(ui.format_shortcut(&OPEN))).clicked() {
                    self.request(Pending::Open);
                }
                if ui
                    .add_enabled(in_game, egui::Button::new("Save").shortcut_text(ui.format_shortcut(&SAVE)))
                    .clicked()
                {
                    self.save(None);
                }
                if ui.add_enabled(in_game, egui::Button::new("Save As…")).clicked() {
                    self.save_as(None);
                }
                ui.add_enabled_ui(in_game, |ui| {
                    ui.menu_button("Export", |ui| {
                        for (label, format) in [
                            ("Log as Markdown…", ExportFormat::Markdown),
                            ("Log as HTML…", ExportFormat::Html),
                            ("Dice as CSV…", ExportFormat::Csv),
                            ("Dice statistics: faces as CSV…", ExportFormat::FacesCsv),
                            ("Dice statistics: luck as CSV…", ExportFormat::LuckCsv),
                            ("Turn summaries as Markdown…", ExportFormat::TurnSummaries),
                        ] {
                            if ui.button(label).clicked() {
                                self.ask_export_path(format);
                            }
                        }
                    });
                });
                if ui.add_enabled(in_game, egui::Button::new("Verify this game")).clicked()
                    && let Some(view) = self.game_view_mut()
                {
                    view.notice = Some(match view.verify() {
                        Ok(r) => (format!("Verified: {} events, {} app rolls ({} re-derived from a revealed seed), {} physical dice, {} draws, {} reveals, {} photos; every result re-derived from its input and dice. {}.", r.events, r.app_rolls, r.app_rolls - r.app_rolls_sealed, r.physical_rolls, r.draws, r.reveals, r.photos, r.trust_lines().join(". ")), false),
                        Err(f) => (format!("Verification failed at {f}"), true),
                    });
                }
                if ui
                    .button("Verify a folder…")
                    .on_hover_text("Every saved game in a folder, in a table: for an umpire")
                    .clicked()
                {
                    self.path_dialog = Some(PathDialog::new(
                        PathPurpose::VerifyFolder,
                        self.suggested_path(""),
                    ));
                }
                ui.add_enabled_ui(in_game, |ui| {
                    ui.menu_button("Game key", |ui| {
                        let can_reveal = self.game_view().is_some_and(GameView::can_reveal_seed);
                        if ui
                            .add_enabled(can_reveal, egui::Button::new("Reveal the dice seed…"))
                            .on_hover_text("At the end of the game, or when an umpire asks: verifying then re-derives every app roll so far")
                            .clicked()
                            && let Some(view) = self.game_view_mut()
                        {
                            view.ask_to_reveal_seed();
                        }
                        if ui
                            .button("Export the key…")
                            .on_hover_text("To take the game to another machine")
                            .clicked()
                        {
                            let stem = self
                                .game_view()
                                .and_then(|v| v.path.as_ref().and_then(|p| p.file_stem()).map(|s| s.to_string_lossy().into_owned()))
                                .unwrap_or_else(|| self.default_stem());
                            self.path_dialog = Some(PathDialog::new(
                                PathPurpose::ExportKey,
                                self.suggested_path(&format!("{stem}.key.toml")),
                            ));
                        }
                        if ui
                            .button("Import a key…")
                            .on_hover_text("A key exported on the machine where the game began")
                            .clicked()
                        {
                            self.path_dialog = Some(PathDialog::new(PathPurpose::ImportKey, self.suggested_path("")));
                        }
                    });
                });
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Tables", |ui| {
                match self.game_view_mut() {
                    Some(view) => {
                        let ids: Vec<(String, String)> = view
                            .tables
                            .all()
                            .iter()
                            .map(|t| (t.table.id.clone(), t.table.title.clone()))
                            .collect();
                        let owners: Vec<(String, String, TableStatus)> = view
                            .tables
                            .all()
                            .iter()
                            .filter(|t| t.table.status != TableStatus::Complete)
                            .map(|t| (t.table.id.clone(), t.table.title.clone(), t.table.status))
                            .collect();
                        for (id, title) in ids {
                            if ui.button(&title).clicked() {
                                view.table_window = Some(super::table_viewer::TableWindow { table: id, highlight: None, open: true });
                            }
                        }
                        if !owners.is_empty() {
                            ui.separator();
                            ui.label(egui::RichText::new("Charts printed only on the game's card").weak());
                            for (id, title, status) in owners {
                                let label = if status == TableStatus::Template {
                                    format!("Enter the {title}…")
                                } else {
                                    format!("Correct the {title}…")
                                };
                                if ui.button(label).clicked() {
                                    view.open_chart_editor(&id);
                                }
                            }
                            if ui
                                .button("Import a chart…")
                                .on_hover_text("A chart another group entered and exported")
                                .clicked()
                            {
                                view.chart_file = Some(super::game_view::ChartFile::Import);
                            }
                        }
                        if view.game.roster.is_some() {
                            ui.separator();
                            ui.label(egui::RichText::new("Pieces and values entered from the counters").weak());
                            if ui
                                .button("Save the roster to a file…")
                                .on_hover_text("To load into a new game, so the counters are entered once")
                                .clicked()
                            {
                                view.request_roster_file(RosterTransfer::Save);
                            }
                            if ui
                                .button("Load a roster from a file…")
                                .on_hover_text("A roster saved from another game: loaded whole, or not at all")
                                .clicked()
                            {
                                view.request_roster_file(RosterTransfer::Load);
                            }
                        }
                    }
                    None => {
                        ui.label("Start or open a game to see its tables.");
                    }
                }
            });
            ui.menu_button("View", |ui| {
                if ui
                    .add_enabled(in_game, egui::Button::new("Dice statistics…"))
                    .on_hover_text("Each side's faces against their expectation, and how lucky each roll was")
                    .clicked()
                    && let Some(view) = self.game_view_mut()
                {
                    view.open_dice_chart();
                }
                if ui
                    .add_enabled(in_game, egui::Button::new("Turn summary…"))
                    .on_hover_text("A turn's VP, payments, results and pieces moved between boxes: a campaign's month")
                    .clicked()
                    && let Some(view) = self.game_view_mut()
                {
                    view.open_turn_summary();
                }
                ui.separator();
                if ui.radio(!self.prefs.light_theme, "Dark theme").clicked() {
                    self.prefs.light_theme = false;
                    self.apply_theme(ui.ctx());
                }
                if ui.radio(self.prefs.light_theme, "Light theme").clicked() {
                    self.prefs.light_theme = true;
                    self.apply_theme(ui.ctx());
                }
            });
            ui.menu_button("Help", |ui| {
                for page in HelpPage::ALL {
                    if ui.button(page.title()).clicked() {
                        self.help = Some(page);
                    }
                }
            });
        });
    }

    fn shortcuts(&mut self, ui: &mut egui::Ui) {
        if ui.input_mut(|i| i.consume_shortcut(&SAVE)) && self.game_view().is_some() {
            self.save(None);
        }
        if ui.input_mut(|i| i.consume_shortcut(&OPEN)) {
            self.request(Pending::Open);
        }
        if ui.input_mut(|i| i.consume_shortcut(&NEW)) {
            self.request(Pending::NewGame);
        }
    }

    fn dialogs(&mut self, ui: &mut egui::Ui) {
        if let Some(mut dialog) = self.path_dialog.take() {
            match dialog.show(ui.ctx(), self.picker.as_ref()) {
                PathDialogAction::None => self.path_dialog = Some(dialog),
                PathDialogAction::Cancel => self.after_save = None,
                PathDialogAction::Confirm(path) => match dialog.purpose {
                    PathPurpose::Open => self.open_path(&path),
                    PathPurpose::SaveAs => {
                        self.save_to(&path);
                        if !self.is_dirty()
                            && let Some(pending) = self.after_save.take()
                        {
                            self.carry_out(pending);
                        }
                    }
                    PathPurpose::Export(format) => self.export_to(&path, format),
                    PathPurpose::ExportKey => {
                        if let Some(view) = self.game_view_mut() {
                            view.export_key(&path);
                        }
                    }
                    PathPurpose::ImportKey => {
                        if let Some(view) = self.game_view_mut() {
                            view.import_key(&path);
                        }
                    }
                    PathPurpose::ExportChart => {
                        if let Some(id) = self.chart_export.take()
                            && let Some(view) = self.game_view_mut()
                        {
                            view.export_chart(&id, &path);
                        }
                    }
                    PathPurpose::ImportChart => {
                        if let Some(view) = self.game_view_mut() {
                            view.import_chart(&path);
                        }
                    }
                    PathPurpose::SaveRoster => {
                        if let Some(view) = self.game_view_mut() {
                            view.save_roster(&path);
                        }
                    }
                    PathPurpose::AttachPhoto(event) => {
                        if let Some(view) = self.game_view_mut() {
                            view.attach_photo(event, &path);
                        }
                    }
                    PathPurpose::LoadRoster => {
                        if let Some(view) = self.game_view_mut() {
                            view.load_roster(&path);
                        }
                    }
                    PathPurpose::VerifyFolder => self.verify_folder(&path),
                },
            }
        }
        if let Some(pending) = self.confirm {
            let question = match pending {
                Pending::Quit => "Quit",
                Pending::NewGame => "Start a new game",
                Pending::Open => "Open another game",
            };
            let answer = super::confirm::ask(
                ui.ctx(),
                "unsaved-changes",
                "Unsaved changes",
                &format!("This game has changes that are not saved. {question} anyway?"),
                &["Save first", "Discard the changes", "Cancel"],
            );
            match answer {
                Some(0) => {
                    self.confirm = None;
                    self.save(Some(pending));
                }
                Some(1) => {
                    // The journal goes only when the game is really replaced or the app quits:
                    // an Open that is then cancelled keeps everything.
                    self.confirm = None;
                    if pending == Pending::Quit
                        && let Some(view) = self.game_view_mut()
                    {
                        view.discard_journal();
                    }
                    self.carry_out(pending);
                }
                Some(_) => self.confirm = None,
                None => {}
            }
        }
        if let Some(window) = &mut self.folder_check {
            let action = window.show(ui.ctx());
            let folder = window.folder().to_path_buf();
            if !window.open {
                self.folder_check = None;
            } else if let FolderCheckAction::VerifyAgain = action {
                self.verify_folder(&folder);
            }
        }
        super::help::show(ui.ctx(), &mut self.help);
    }

    fn window_title(&self) -> String {
        match self.game_view() {
            Some(view) => format!(
                "Aide-de-camp — {}{}",
                view.file_name(),
                if view.dirty { " *" } else { "" }
            ),
            None => "Aide-de-camp".into(),
        }
    }
}

impl eframe::App for AideApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if ui.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_dirty() {
            ui.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Pending::Quit);
        }
        if self.allow_close {
            ui.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let title = self.window_title();
        if title != self.shown_title {
            ui.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
        let dialog_open = self.path_dialog.is_some() || self.confirm.is_some();
        if !dialog_open {
            self.shortcuts(ui);
            // Help floats over everything: Escape closes it first, and closes nothing else.
            if self.help.is_some()
                && !egui::Popup::is_any_open(ui.ctx())
                && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
            {
                self.help = None;
            }
        }
        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar(ui));
        if self.notice.is_some() {
            egui::Panel::top("app_notice").show(ui, |ui| notice_bar(ui, &mut self.notice));
        }
        let start_action = match &mut self.screen {
            Screen::Start(start) => start.ui(ui),
            Screen::Game(view) => {
                view.ui(ui, !dialog_open);
                None
            }
        };
        let chart_file = self.game_view_mut().and_then(|view| view.chart_file.take());
        match chart_file {
            Some(super::game_view::ChartFile::Export(id)) => {
                let file = self
                    .game_view()
                    .and_then(|view| view.game.table_file(&id))
                    .unwrap_or("chart.toml");
                self.path_dialog = Some(PathDialog::new(
                    PathPurpose::ExportChart,
                    self.suggested_path(file),
                ));
                self.chart_export = Some(id);
            }
            Some(super::game_view::ChartFile::Import) => {
                self.path_dialog = Some(PathDialog::new(
                    PathPurpose::ImportChart,
                    self.suggested_path(""),
                ));
            }
            None => {}
        }
        let roster_file = self
            .game_view_mut()
            .and_then(|view| Some((view.roster_file.take()?, view.roster_file_name())));
        if let Some((transfer, name)) = roster_file {
            let (purpose, name) = match transfer {
                RosterTransfer::Save => (PathPurpose::SaveRoster, name.as_str()),
                RosterTransfer::Load => (PathPurpose::LoadRoster, ""),
            };
            self.path_dialog = Some(PathDialog::new(purpose, self.suggested_path(name)));
        }
        let statistics_export = self
            .game_view_mut()
            .and_then(|view| view.dice_chart.as_mut()?.wants_export.take());
        if let Some(format) = statistics_export {
            self.ask_export_path(format);
        }
        let summary_export = self.game_view_mut().is_some_and(|view| {
            view.turn_summary
                .as_mut()
                .is_some_and(|window| std::mem::take(&mut window.wants_export))
        });
        if summary_export {
            self.ask_export_path(ExportFormat::TurnSummaries);
        }
        let photo_for = self
            .game_view_mut()
            .and_then(|view| view.wants_photo_for.take());
        if let Some(event) = photo_for {
            self.path_dialog = Some(PathDialog::new(
                PathPurpose::AttachPhoto(event),
                self.suggested_path(""),
            ));
        }
        if let Some(view) = self.game_view_mut()
            && std::mem::take(&mut view.wants_key_import)
        {
            self.path_dialog = Some(PathDialog::new(
                PathPurpose::ImportKey,
                self.suggested_path(""),
            ));
        }
        match start_action {
            Some(StartAction::NewGame {
                game,
                scenario,
                side_names,
            }) => self.start_game(game, scenario, side_names),
            Some(StartAction::Open) => {
                self.path_dialog =
                    Some(PathDialog::new(PathPurpose::Open, self.suggested_path("")));
            }
            Some(StartAction::Restore(journal)) => self.restore_recovery(&journal),
            Some(StartAction::DiscardRecovery(journal)) => {
                recovery::discard(&journal);
                if let Screen::Start(start) = &mut self.screen {
                    start.recovery.retain(|offer| offer.journal != journal);
                }
            }
            None => {}
        }
        self.dialogs(ui);
        super::focus::draw_focus_ring(ui.ctx());
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.prefs);
    }
}

/// The games the recovery folder holds, described for the start screen.
fn recovery_offers(folder: Option<&Path>) -> Vec<RecoveryOffer> {
    let Some(folder) = folder else {
        return Vec::new();
    };
    recovery::find(folder)
        .into_iter()
        .map(|found| {
            let description = match &found.session {
                Ok(session) => {
                    let game = games::find(session.game()).ok();
                    format!(
                        "{}, {}: {} events, the last at {}{}.",
                        game.map(|g| g.title).unwrap_or(session.game()),
                        game.and_then(|g| g.scenario(session.scenario()))
                            .map(|s| s.title)
                            .unwrap_or(session.scenario()),
                        session.events().len(),
                        session.events().last().map_or_else(
                            || "?".to_string(),
                            |e| super::log_view::readable_time(&e.time)
                        ),
                        found
                            .saved_as
                            .as_ref()
                            .map(|p| format!(", last saved as {}", p.display()))
                            .unwrap_or_default()
                    )
                }
                Err(e) => format!("A recovery file that cannot be read ({e})."),
            };
            RecoveryOffer {
                restorable: found.session.is_ok(),
                journal: found.journal,
                description,
            }
        })
        .collect()
}

/// A loaded session with its game, or a message naming `file` if the game is unknown.
fn with_game(
    file: &Path,
    session: Session,
) -> Result<(&'static games::Game, Session), crate::engine::session::SessionError> {
    games::find(session.game())
        .map(|game| (game, session))
        .map_err(|message| crate::engine::session::SessionError {
            file: file.display().to_string(),
            line: None,
            message,
        })
}
