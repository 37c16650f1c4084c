//! The chart editor: a chart printed only on a player-aid card, entered once from the owner's own
//! card. Every cell is typed, or picked from the chart's result codes (a chart of numbers has
//! none to pick: its cells are typed, as a modifiers chart's are); a bad cell is marked where
//! it is, with the reason on hover; nothing is saved while any cell is bad. Where the chart's
//! columns and range of rolls are the owner's to give (the rulebook names only some), they are
//! edited here too. The model and its checks are the engine's (`tables::Draft`).

use crate::engine::table_set::TableRead;
use crate::engine::tables::{Draft, Place, Problem, Table, TableKind, TableStatus};

/// What the owner asked for this frame.
pub enum ChartAction {
    None,
    Save,
    Export,
    Import,
}

pub struct ChartEditor {
    pub draft: Draft,
    problems: Vec<Problem>,
    pub open: bool,
    /// The draft changed since it was checked.
    changed: bool,
}

/// Cells, labels and bands are narrow: a chart of ten columns fits a small screen.
const CELL_WIDTH: f32 = 64.0;

impl ChartEditor {
    pub fn new(table: &Table, reads: &[TableRead]) -> ChartEditor {
        let draft = Draft::of(table);
        let problems = draft.check(reads).err().unwrap_or_default();
        ChartEditor {
            draft,
            problems,
            open: true,
            changed: false,
        }
    }

    pub fn table_id(&self) -> &str {
        &self.draft.table().id
    }

    /// The problems as they stand.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    fn problem_at(&self, place: Place) -> Option<&Problem> {
        self.problems.iter().find(|p| p.place == place)
    }

    pub fn show(&mut self, ctx: &egui::Context, reads: &[TableRead]) -> ChartAction {
        if self.changed {
            self.problems = self.draft.check(reads).err().unwrap_or_default();
            self.changed = false;
        }
        let mut action = ChartAction::None;
        let mut open = self.open;
        let title = format!("Enter a chart: {}", self.draft.title());
        let screen = ctx.content_rect();
        egui::Window::new(title)
            .id(egui::Id::unique((
                "chart-editor",
                self.table_id().to_string(),
            )))
            .open(&mut open)
            .default_size([screen.width().min(900.0) - 40.0, screen.height() - 120.0])
            .max_height(screen.height() - 60.0)
            .default_pos(screen.left_top() + egui::vec2(20.0, 40.0))
            .resizable(true)
            .show(ctx, |ui| {
                action = self.contents(ui);
            });
        self.open = open;
        action
    }

    fn contents(&mut self, ui: &mut egui::Ui) -> ChartAction {
        let mut action = ChartAction::None;
        let table = self.draft.table();
        ui.label(egui::RichText::new(table.provenance.to_string()).weak());
        let status = match table.status {
            TableStatus::Template => {
                "Not entered yet: the values are printed only on the game's card."
            }
            TableStatus::Entered => "Entered from the owner's card; correct it here.",
            TableStatus::Complete => "Every value comes from the rulebook.",
        };
        ui.label(status);
        let how = if table.numeric_cells() {
            "Type each cell as your card prints it: a number. A red cell says what is wrong when you point at it."
        } else {
            "Type each cell as your card prints it, or pick from its codes with the + beside it. A red cell says what is wrong when you point at it."
        };
        ui.add(egui::Label::new(egui::RichText::new(how).weak()).wrap());
        let codes = self.draft.codes();
        if !codes.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new("Codes:").strong());
                for (code, label) in &codes {
                    ui.label(format!("{code} = {label};"));
                }
                if let Some(compose) = &table.compose {
                    if !compose.parts.is_empty() {
                        ui.label(format!(
                            "a cell holds {} separated by /",
                            compose.parts.join(", then ")
                        ));
                    }
                    if !compose.modified.is_empty() {
                        ui.label(format!(
                            "{} may carry a modifier, e.g. {}+1",
                            compose.modified.join(", "),
                            compose.modified.join("")
                        ));
                    }
                }
            });
        }
        ui.separator();
        // The columns and the grid scroll together; the summary and the buttons stay below.
        let height = (ui.available_height() - 80.0).max(120.0);
        let editable = self.draft.columns_editable();
        let template = table.status == TableStatus::Template;
        egui::ScrollArea::both()
            .id_salt("chart-grid")
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if editable {
                    egui::CollapsingHeader::new("Columns and rolls")
                        .id_salt("chart-structure")
                        .default_open(template)
                        .show(ui, |ui| self.structure(ui));
                }
                self.grid(ui, &codes);
            });
        ui.separator();
        let blanks = self.draft.blank_cells();
        let summary = match (self.problems.len(), blanks) {
            (0, _) => "Every cell is valid: the chart can be saved.".to_string(),
            (n, 0) => format!("{n} problem(s) to put right before saving."),
            (n, b) => {
                format!("{n} problem(s) to put right before saving; {b} cell(s) still blank.")
            }
        };
        let colour = if self.problems.is_empty() {
            ui.visuals().text_color()
        } else {
            ui.visuals().warn_fg_color
        };
        ui.colored_label(colour, summary);
        if let Some(first) = self.problems.first() {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("First: {}", self.describe(first))).weak(),
                )
                .wrap(),
            );
        }
        ui.horizontal(|ui| {
            let save = ui
                .add_enabled(self.problems.is_empty(), egui::Button::new("Save chart"))
                .on_hover_text("Keeps it in your data folder; every game uses it from now on")
                .on_disabled_hover_text("Put right the cells marked in red first");
            if save.clicked() {
                action = ChartAction::Save;
            }
            if ui
                .button("Export…")
                .on_hover_text("Writes the chart to a file another group can import")
                .clicked()
            {
                action = ChartAction::Export;
            }
            if ui
                .button("Import…")
                .on_hover_text("Reads a chart exported by another group")
                .clicked()
            {
                action = ChartAction::Import;
            }
        });
        action
    }

    /// "Row 3, column 4-6: …".
    fn describe(&self, problem: &Problem) -> String {
        match problem.place {
            Place::Cell { row, column } => {
                let row = self.draft.rows.get(row).map_or("?", |r| r.label.as_str());
                let column = self
                    .draft
                    .columns
                    .get(column)
                    .map_or("?", |c| c.label.as_str());
                format!("row {row}, column {column}: {}", problem.message)
            }
            Place::Column(i) => {
                let column = self.draft.columns.get(i).map_or("?", |c| c.label.as_str());
                format!("column {column}: {}", problem.message)
            }
            Place::Domain => format!("the range of rolls: {}", problem.message),
            Place::Chart => problem.message.clone(),
        }
    }

    fn structure(&mut self, ui: &mut egui::Ui) {
        let kind = self.draft.table().kind;
        let lines = self.draft.lines();
        let mut add_after = None;
        let mut remove = None;
        let problems: Vec<Option<String>> = (0..self.draft.columns.len())
            .map(|i| self.problem_at(Place::Column(i)).map(|p| p.message.clone()))
            .collect();
        egui::Grid::new("chart-columns")
            .striped(true)
            .show(ui, |ui| {
                ui.label(egui::RichText::new("Column").strong());
                if kind == TableKind::OddsRatio {
                    ui.label(egui::RichText::new("Odds (attack:defence)").strong());
                }
                for line in &lines {
                    ui.label(egui::RichText::new(line).strong());
                }
                ui.end_row();
                for (i, column) in self.draft.columns.iter_mut().enumerate() {
                    let bad = problems.get(i).cloned().flatten();
                    let fill = bad
                        .as_ref()
                        .map(|_| ui.visuals().error_fg_color.gamma_multiply(0.35));
                    let edit = |ui: &mut egui::Ui, text: &mut String, hint: &str, what: String| {
                        let mut widget = egui::TextEdit::singleline(text)
                            .desired_width(CELL_WIDTH)
                            .hint_text(hint.to_string());
                        if let Some(fill) = fill {
                            widget = widget.background_color(fill);
                        }
                        let response = ui
                            .add(widget)
                            .on_hover_text(bad.clone().unwrap_or(what.clone()));
                        name_for_screen_readers(ui, &response, what);
                        response.changed()
                    };
                    let mut changed = edit(
                        ui,
                        &mut column.label,
                        "label",
                        format!("Column {}: label", i + 1),
                    );
                    if kind == TableKind::OddsRatio {
                        changed |= edit(
                            ui,
                            &mut column.odds,
                            "3:1",
                            format!("Column {}: odds, e.g. 2:3 for 1-1.5", i + 1),
                        );
                    }
                    for (band, line) in column.bands.iter_mut().zip(&lines) {
                        changed |= edit(
                            ui,
                            band,
                            "4-6",
                            format!("Column {}: {line} band (4-6, 10+ or 5)", i + 1),
                        );
                    }
                    if ui
                        .small_button("+ after")
                        .on_hover_text("Add a column after this one")
                        .clicked()
                    {
                        add_after = Some(i);
                    }
                    if ui
                        .small_button("Remove")
                        .on_hover_text("Remove this column and its cells")
                        .clicked()
                    {
                        remove = Some(i);
                    }
                    self.changed |= changed;
                    ui.end_row();
                }
            });
        if let Some(i) = add_after {
            self.draft.add_column(i);
            self.changed = true;
        }
        if let Some(i) = remove {
            self.draft.remove_column(i);
            self.changed = true;
        }
        if let Some((mut min, mut max)) = self.draft.domain {
            ui.horizontal(|ui| {
                let from = ui.label("Rolls from");
                let low = ui
                    .add(egui::DragValue::new(&mut min).range(-20..=max))
                    .labelled_by(from.id);
                let to = ui.label("to");
                let high = ui
                    .add(egui::DragValue::new(&mut max).range(min..=40))
                    .labelled_by(to.id);
                if low.changed() || high.changed() {
                    self.draft.set_domain(min, max);
                    self.changed = true;
                }
                ui.label(egui::RichText::new("as your card prints its rows").weak());
            });
        }
    }

    fn grid(&mut self, ui: &mut egui::Ui, codes: &[(String, String)]) {
        let header = self.draft.table().row_header();
        let columns: Vec<String> = self.draft.columns.iter().map(|c| c.label.clone()).collect();
        let problems = self.problems.clone();
        let composes = self.draft.table().compose.is_some();
        egui::Grid::new("chart-cells")
            .striped(true)
            .spacing([6.0, 4.0])
            .show(ui, |ui| {
                ui.label(egui::RichText::new(header).strong());
                for label in &columns {
                    ui.label(egui::RichText::new(label).strong());
                }
                ui.end_row();
                for (r, row) in self.draft.rows.iter_mut().enumerate() {
                    ui.label(&row.label);
                    for (c, cell) in row.cells.iter_mut().enumerate() {
                        let place = Place::Cell { row: r, column: c };
                        let bad = problems.iter().find(|p| p.place == place);
                        ui.horizontal(|ui| {
                            ui.spacing_mut().item_spacing.x = 1.0;
                            let blank = cell.trim().is_empty();
                            let mut widget = egui::TextEdit::singleline(cell)
                                .desired_width(CELL_WIDTH)
                                .hint_text("?");
                            if bad.is_some() && !blank {
                                widget = widget.background_color(
                                    ui.visuals().error_fg_color.gamma_multiply(0.35),
                                );
                            }
                            let column = columns.get(c).map_or("", String::as_str);
                            let name = format!("{header} {}, column {column}", row.label);
                            let hover = match bad {
                                Some(problem) => problem.message.clone(),
                                None => name.clone(),
                            };
                            let response = ui.add(widget).on_hover_text(hover);
                            name_for_screen_readers(ui, &response, name.clone());
                            if response.changed() {
                                self.changed = true;
                            }
                            if !codes.is_empty() {
                                let picker = ui.menu_button("+", |ui| {
                                    for (code, label) in codes {
                                        let text = if composes {
                                            format!("Add {code}: {label}")
                                        } else {
                                            format!("{code}: {label}")
                                        };
                                        if ui.button(text).clicked() {
                                            if composes {
                                                cell.push_str(code);
                                            } else {
                                                *cell = code.clone();
                                            }
                                            self.changed = true;
                                        }
                                    }
                                    if composes && ui.button("Next part: /").clicked() {
                                        cell.push('/');
                                        self.changed = true;
                                    }
                                    if ui.button("Clear").clicked() {
                                        cell.clear();
                                        self.changed = true;
                                    }
                                });
                                picker
                                    .response
                                    .on_hover_text(format!("Pick a code for {name}"));
                            }
                        });
                    }
                    ui.end_row();
                }
            });
    }
}

/// Names a text field for screen readers (and the GUI tests), which have no label beside it.
fn name_for_screen_readers(ui: &egui::Ui, response: &egui::Response, name: String) {
    ui.ctx()
        .accesskit_node_builder(response.id, |node| node.set_label(name));
}
