//! The owner's charts in a game: the chart editor opened from the Tables menu or from a procedure
//! that needs a chart not yet entered; a saved, imported chart replaces the template at once.

use super::GameView;
use crate::games::ChartError;
use crate::ui::chart_editor::{ChartAction, ChartEditor};
use std::path::Path;

/// A chart file the players asked to write or read: the app asks for its path.
pub enum ChartFile {
    /// Export the chart with this table id.
    Export(String),
    Import,
}

impl GameView {
    /// Opens the chart editor on table `id`.
    pub fn open_chart_editor(&mut self, id: &str) {
        match self.tables.get(id) {
            Ok(table) => self.chart_editor = Some(ChartEditor::new(table, &self.game.reads())),
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Reloads the game's tables after an owner's chart changed, keeping what is open.
    fn reload_tables(&mut self) {
        let (tables, problems) = self.game.load_tables(self.data_folder.as_deref());
        self.tables = tables;
        self.table_problems = problems.iter().map(ToString::to_string).collect();
        if let Some(workspace) = &mut self.workspace {
            workspace.tables_changed();
        }
    }

    pub(super) fn chart_editor_window(&mut self, ctx: &egui::Context) {
        let Some(editor) = &mut self.chart_editor else {
            return;
        };
        let action = editor.show(ctx, &self.game.reads());
        if !editor.open {
            self.chart_editor = None;
            return;
        }
        match action {
            ChartAction::None => {}
            ChartAction::Save => self.save_chart(),
            ChartAction::Export => {
                self.chart_file = Some(ChartFile::Export(editor.table_id().to_string()));
            }
            ChartAction::Import => self.chart_file = Some(ChartFile::Import),
        }
    }

    fn save_chart(&mut self) {
        let Some(editor) = &self.chart_editor else {
            return;
        };
        let Some(folder) = self.data_folder.clone() else {
            self.notice = Some((
                "There is no data folder on this machine to keep the chart in: export it to a file instead".into(),
                true,
            ));
            return;
        };
        match self.game.save_chart(&folder, &editor.draft) {
            Ok(path) => {
                let title = editor.draft.title().to_string();
                self.chart_editor = None;
                self.reload_tables();
                self.notice = Some((
                    format!(
                        "The {title} is saved in {} and used from now on",
                        path.display()
                    ),
                    false,
                ));
            }
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Writes the chart the players asked to export to `path`.
    pub fn export_chart(&mut self, id: &str, path: &Path) {
        // What the editor holds is what the players see: export that, if it is valid.
        let result = match self.chart_editor.as_ref().filter(|e| e.table_id() == id) {
            Some(editor) => editor
                .draft
                .check(&self.game.reads())
                .map_err(ChartError::Problems)
                .and_then(|table| self.game.export_chart(&table, path)),
            None => match self.tables.get(id) {
                Ok(table) => self.game.export_chart(table, path),
                Err(e) => Err(ChartError::File(e.to_string())),
            },
        };
        self.notice = Some(match result {
            Ok(()) => (format!("Chart exported to {}", path.display()), false),
            Err(e) => (format!("Not exported: {e}"), true),
        });
    }

    /// Reads a chart exported by another group from `path` and uses it from now on.
    pub fn import_chart(&mut self, path: &Path) {
        let Some(folder) = self.data_folder.clone() else {
            self.notice = Some((
                "There is no data folder on this machine to keep the chart in".into(),
                true,
            ));
            return;
        };
        match self.game.import_chart(&folder, path) {
            Ok((title, kept)) => {
                self.reload_tables();
                // An editor open on the chart imported shows it; one open on another keeps its edits.
                let imported = self
                    .tables
                    .all()
                    .iter()
                    .find(|t| t.table.title == title)
                    .map(|t| t.table.id.clone());
                if let Some(id) = imported.filter(|id| {
                    self.chart_editor
                        .as_ref()
                        .is_some_and(|e| e.table_id() == id)
                }) {
                    self.open_chart_editor(&id);
                }
                self.notice = Some((
                    format!(
                        "The {title} is imported into {} and used from now on",
                        kept.display()
                    ),
                    false,
                ));
            }
            Err(e) => self.notice = Some((format!("Not imported: {e}"), true)),
        }
    }
}
