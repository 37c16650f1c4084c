//! A window showing one table as the rulebook prints it, with the cell a resolution read
//! highlighted, and the table's provenance and status.

use crate::engine::table_set::{TableOrigin, TableSet};
use crate::engine::tables::{CellRef, TableStatus};

/// Which table is open, and which cell to highlight.
pub struct TableWindow {
    pub table: String,
    pub highlight: Option<CellRef>,
    pub open: bool,
}

impl TableWindow {
    pub fn show(&mut self, ctx: &egui::Context, tables: &TableSet) {
        let Some(loaded) = tables.all().iter().find(|t| t.table.id == self.table) else {
            self.open = false;
            return;
        };
        let table = &loaded.table;
        let highlight_fill = ctx.global_style().visuals.selection.bg_fill;
        egui::Window::new(format!("Table: {}", table.title))
            .id(egui::Id::unique(("table-window", self.table.as_str())))
            .open(&mut self.open)
            .default_width(380.0)
            // Over the form and the turn sequence, so the result card it explains stays in view.
            .pivot(egui::Align2::LEFT_TOP)
            .default_pos(ctx.content_rect().left_top() + egui::vec2(40.0, 90.0))
            .max_height(ctx.content_rect().height() - 120.0)
            .resizable(true)
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(table.provenance.to_string()).weak());
                let origin = match &loaded.origin {
                    TableOrigin::Builtin => "built in".to_string(),
                    TableOrigin::Override(path) => format!("the owner's file {}", path.display()),
                };
                ui.label(format!(
                    "Kind: {}. Status: {}. Source: {origin}.",
                    table.kind.name(),
                    table.status.name()
                ));
                if table.status == TableStatus::Template {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "A template: the values are printed only on the player-aid card. Enter them to use this table.",
                    );
                }
                ui.separator();
                let grid = table.grid();
                let labels: Vec<(String, String)> = table
                    .results
                    .iter()
                    .map(|r| (r.code.clone(), r.label.clone()))
                    .collect();
                let describe = |code: &str| {
                    labels
                        .iter()
                        .find(|(c, _)| c == code)
                        .map(|(c, l)| format!("{c}: {l}"))
                        .unwrap_or_else(|| code.to_string())
                };
                egui::Grid::new(("table-grid", self.table.as_str()))
                    .striped(true)
                    .spacing([16.0, 6.0])
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(table.row_header()).strong());
                        for column in &grid.columns {
                            ui.label(egui::RichText::new(column).strong());
                        }
                        ui.end_row();
                        for (row_index, (row_label, cells)) in grid.rows.iter().enumerate() {
                            let row_hit = self
                                .highlight
                                .as_ref()
                                .is_some_and(|h| h.row_index == row_index);
                            ui.label(row_label);
                            for (column_index, cell) in cells.iter().enumerate() {
                                let hit = row_hit
                                    && self
                                        .highlight
                                        .as_ref()
                                        .is_some_and(|h| h.column_index.unwrap_or(0) == column_index);
                                let mut text = egui::RichText::new(describe(cell));
                                if hit {
                                    text = text.strong().background_color(highlight_fill);
                                }
                                let response = ui.label(text);
                                if hit {
                                    response.on_hover_text("The cell the last resolution read");
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    }
}
