//! File > Verify a folder…: every file of a folder verified (see `games::folder`), in a window
//! with a table the umpire sorts by any column (click a heading; click it again to reverse). A
//! session that failed or is damaged says so in words and in the error colour. A click on a row
//! shows its whole verdict and hash below the table, where a narrow column cuts them short.

use crate::games::folder::{self, FileCheck, Verdict};
use egui_extras::{Column, TableBuilder};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// A column of the table, and what the rows are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortBy {
    File,
    Game,
    Scenario,
    Events,
    LastEvent,
    Verdict,
}

impl SortBy {
    const ALL: [SortBy; 6] = [
        SortBy::File,
        SortBy::Game,
        SortBy::Scenario,
        SortBy::Events,
        SortBy::LastEvent,
        SortBy::Verdict,
    ];

    fn heading(self) -> &'static str {
        match self {
            SortBy::File => "File",
            SortBy::Game => "Game",
            SortBy::Scenario => "Scenario",
            SortBy::Events => "Events",
            SortBy::LastEvent => "Last event",
            SortBy::Verdict => "Verdict",
        }
    }

    /// The order of two rows by this column; rows alike stay in file order.
    fn compare(self, a: &FileCheck, b: &FileCheck) -> Ordering {
        let (x, y) = (a.session.as_ref(), b.session.as_ref());
        let by_column = match self {
            SortBy::File => Ordering::Equal,
            SortBy::Game => x.map(|f| &f.game).cmp(&y.map(|f| &f.game)),
            SortBy::Scenario => x.map(|f| &f.scenario).cmp(&y.map(|f| &f.scenario)),
            SortBy::Events => x.map(|f| f.events).cmp(&y.map(|f| f.events)),
            SortBy::LastEvent => x.map(|f| f.last_seq).cmp(&y.map(|f| f.last_seq)),
            SortBy::Verdict => severity(&a.verdict).cmp(&severity(&b.verdict)),
        };
        by_column.then_with(|| a.file.cmp(&b.file))
    }
}

/// Failures first, then damaged files, verified sessions, other files.
fn severity(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::Failed(_) => 0,
        Verdict::Damaged(_) => 1,
        Verdict::Verified { .. } => 2,
        Verdict::NotSession => 3,
    }
}

/// What the umpire asked of the window this frame.
pub enum FolderCheckAction {
    None,
    /// Verify the folder again (its files may have changed).
    VerifyAgain,
}

/// The window: the folder, its rows in the order chosen, and the row clicked.
pub struct FolderCheckWindow {
    folder: PathBuf,
    /// The rows, in the order shown.
    checks: Vec<FileCheck>,
    sort: SortBy,
    descending: bool,
    /// The file whose row was clicked: its whole verdict is shown below the table.
    selected: Option<String>,
    pub open: bool,
}

/// Room below the table for the clicked row's whole verdict.
const DETAIL_HEIGHT: f32 = 96.0;

/// The widest each column but the verdict grows to fit its texts; longer texts are cut short
/// (whole on hover, and below the table for the row clicked).
const WIDEST: [f32; 5] = [220.0, 170.0, 140.0, 64.0, 132.0];

/// The least the verdict column keeps, at the right.
const VERDICT_WIDTH: f32 = 160.0;

/// The texts of a row, as the table shows them: the last event and its hash in one column.
fn cells(check: &FileCheck) -> [String; 6] {
    let [file, game, scenario, events, last, hash, verdict] = check.texts();
    let last = if check.session.is_some() {
        format!("{last} {hash}")
    } else {
        last
    };
    [file, game, scenario, events, last, verdict]
}

/// The widths of the columns before the verdict: each as wide as its heading (with room for the
/// sort arrow) and its texts need, up to `WIDEST`.
fn column_widths(ui: &egui::Ui, rows: &[[String; 6]]) -> [f32; 5] {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let monospace = egui::TextStyle::Monospace.resolve(ui.style());
    let padding = 2.0 * ui.spacing().item_spacing.x;
    let width = |text: &str, font: &egui::FontId| {
        ui.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
    };
    let mut widths = [0.0; 5];
    for (column, widest) in widths.iter_mut().enumerate() {
        let font = if column == 4 { &monospace } else { &body };
        let heading = SortBy::ALL
            .get(column)
            .map_or(0.0, |c| width(c.heading(), &body) + 24.0);
        let texts = rows
            .iter()
            .filter_map(|row| row.get(column))
            .map(|text| width(text, font))
            .fold(heading, f32::max);
        *widest = (texts + padding).min(WIDEST.get(column).copied().unwrap_or(texts));
    }
    widths
}

impl FolderCheckWindow {
    pub fn new(folder: PathBuf, checks: Vec<FileCheck>) -> FolderCheckWindow {
        let mut window = FolderCheckWindow {
            folder,
            checks,
            sort: SortBy::File,
            descending: false,
            selected: None,
            open: true,
        };
        window.sort_rows();
        window
    }

    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The rows in the order shown.
    pub fn rows(&self) -> &[FileCheck] {
        &self.checks
    }

    /// New rows for the same folder, in the order chosen.
    pub fn replace_rows(&mut self, checks: Vec<FileCheck>) {
        self.checks = checks;
        self.sort_rows();
    }

    /// Sorts by `column`; by the same column again, reverses the order.
    fn sort_by(&mut self, column: SortBy) {
        if self.sort == column {
            self.descending = !self.descending;
        } else {
            self.sort = column;
            self.descending = false;
        }
        self.sort_rows();
    }

    fn sort_rows(&mut self) {
        let (sort, descending) = (self.sort, self.descending);
        self.checks.sort_by(|a, b| {
            let order = sort.compare(a, b);
            if descending { order.reverse() } else { order }
        });
    }

    pub fn show(&mut self, ctx: &egui::Context) -> FolderCheckAction {
        let mut action = FolderCheckAction::None;
        let screen = ctx.content_rect();
        let mut open = self.open;
        egui::Window::new("Verify a folder")
            .open(&mut open)
            .collapsible(false)
            .default_size([
                (screen.width() - 48.0).min(1100.0),
                (screen.height() - 140.0).min(640.0),
            ])
            .default_pos(screen.left_top() + egui::vec2(24.0, 56.0))
            .show(ctx, |ui| {
                if self.summary(ui) {
                    action = FolderCheckAction::VerifyAgain;
                }
                ui.add_space(4.0);
                self.table(ui);
                ui.separator();
                self.detail(ui);
            });
        self.open = open;
        action
    }

    /// The folder, the counts, and Verify again; true if that was clicked.
    fn summary(&self, ui: &mut egui::Ui) -> bool {
        let failed = self.checks.iter().any(|c| c.verdict.fails());
        ui.add(egui::Label::new(self.folder.display().to_string()).truncate());
        ui.horizontal(|ui| {
            let counts = egui::RichText::new(folder::counts(&self.checks)).strong();
            if failed {
                ui.label(counts.color(ui.visuals().error_fg_color));
            } else {
                ui.label(counts);
            }
            ui.weak("Click a heading to sort, a row for its whole verdict.");
            ui.button("Verify again")
                .on_hover_text("The files may have changed since")
                .clicked()
        })
        .inner
    }

    fn table(&mut self, ui: &mut egui::Ui) {
        let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        let mut clicked_heading = None;
        let mut clicked_row = None;
        let error = ui.visuals().error_fg_color;
        let table_height = ui.available_height() - DETAIL_HEIGHT;
        let rows: Vec<[String; 6]> = self.checks.iter().map(cells).collect();
        let [file, game, scenario, events, last_event] = column_widths(ui, &rows);
        // Not resizable: the widths follow the texts every frame, so a folder verified after
        // another gets columns of its own.
        TableBuilder::new(ui)
            .id_salt("folder-check")
            .striped(true)
            .sense(egui::Sense::click())
            .max_scroll_height(table_height)
            .auto_shrink([false, true])
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(file).clip(true))
            .column(Column::exact(game).clip(true))
            .column(Column::exact(scenario).clip(true))
            .column(Column::exact(events).clip(true))
            .column(Column::exact(last_event).clip(true))
            .column(Column::remainder().at_least(VERDICT_WIDTH).clip(true))
            .header(row_height + 4.0, |mut header| {
                for column in SortBy::ALL {
                    header.col(|ui| {
                        let arrow = match (self.sort == column, self.descending) {
                            (false, _) => "",
                            (true, false) => " ▲",
                            (true, true) => " ▼",
                        };
                        // The arrows are in the monospace font: the proportional one has none.
                        let heading = (
                            egui::RichText::new(column.heading()).strong(),
                            egui::RichText::new(arrow).monospace(),
                        );
                        if ui
                            .add(egui::Button::new(heading).frame(false))
                            .on_hover_text(format!("Sort by {}", column.heading().to_lowercase()))
                            .clicked()
                        {
                            clicked_heading = Some(column);
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, self.checks.len(), |mut row| {
                    let Some(check) = self.checks.get(row.index()) else {
                        return;
                    };
                    let selected = self.selected.as_ref() == Some(&check.file);
                    row.set_selected(selected);
                    let [file, game, scenario, events, last_event, verdict] =
                        rows.get(row.index()).cloned().unwrap_or_default();
                    let verdict = egui::RichText::new(verdict);
                    // On the selection's colour the error colour cannot be read; the words say
                    // it, and the whole verdict shows in the error colour below the table.
                    let verdict = if check.verdict.fails() && selected {
                        verdict.strong()
                    } else if check.verdict.fails() {
                        verdict.color(error).strong()
                    } else if check.verdict == Verdict::NotSession {
                        verdict.weak()
                    } else {
                        verdict
                    };
                    let cells: [egui::WidgetText; 6] = [
                        file.into(),
                        game.into(),
                        scenario.into(),
                        events.into(),
                        egui::RichText::new(last_event).monospace().into(),
                        verdict.into(),
                    ];
                    for text in cells {
                        row.col(|ui| {
                            // Not selectable, so that a click selects the row; the whole text
                            // shows on hover where the column cuts it short.
                            ui.add(egui::Label::new(text).truncate().selectable(false));
                        });
                    }
                    if row.response().clicked() {
                        clicked_row = Some(check.file.clone());
                    }
                });
            });
        if let Some(column) = clicked_heading {
            self.sort_by(column);
        }
        if clicked_row.is_some() {
            self.selected = clicked_row;
        }
    }

    /// The clicked row's whole verdict and hash, wrapped.
    fn detail(&self, ui: &mut egui::Ui) {
        let selected = self
            .selected
            .as_ref()
            .and_then(|file| self.checks.iter().find(|c| &c.file == file));
        egui::ScrollArea::vertical()
            .id_salt("folder-check-detail")
            .max_height(DETAIL_HEIGHT - 16.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let Some(check) = selected else {
                    ui.weak("Click a row to read its whole verdict here.");
                    return;
                };
                ui.add(egui::Label::new(egui::RichText::new(&check.file).strong()).wrap());
                let verdict = check.verdict.to_string();
                if check.verdict.fails() {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(verdict).color(ui.visuals().error_fg_color),
                        )
                        .wrap(),
                    );
                } else {
                    ui.add(egui::Label::new(verdict).wrap());
                }
                if let Some(facts) = &check.session {
                    ui.add(
                        egui::Label::new(format!(
                            "{}, {}: {} events; the last is event {}, hash {}",
                            facts.game,
                            facts.scenario,
                            facts.events,
                            facts.last_seq,
                            facts.last_hash
                        ))
                        .wrap(),
                    );
                }
            });
    }
}
