//! The owner's charts: a chart printed only on a player-aid card, entered once in the chart editor
//! and kept in the data folder (`<data>/tables/<game>/<file>`), where it replaces the built-in
//! template from then on; exported to a file to share, and imported from one, so a group enters
//! it once.

use super::Game;
use crate::engine::session_file::write_atomically;
use crate::engine::table_set::check_codes;
use crate::engine::tables::{Draft, Problem, Table, TableError, TableStatus};
use std::path::{Path, PathBuf};

/// Why an owner's chart could not be saved, exported or imported.
#[derive(Debug)]
pub enum ChartError {
    /// The draft still has problems, each where it lies.
    Problems(Vec<Problem>),
    /// The file could not be read, parsed or written.
    File(String),
}

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChartError::Problems(problems) => write!(
                f,
                "{} problem(s) to put right first: {}",
                problems.len(),
                problems
                    .iter()
                    .map(|p| p.message.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            ChartError::File(message) => f.write_str(message),
        }
    }
}

fn describe(errors: &[TableError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

impl Game {
    /// The file of the built-in table `id`, if the game has one.
    pub fn table_file(&self, id: &str) -> Option<&'static str> {
        self.tables
            .iter()
            .find(|builtin| Table::parse(builtin.file, builtin.text).is_ok_and(|t| t.id == id))
            .map(|builtin| builtin.file)
    }

    /// Saves `draft` as the owner's entered chart in `data_folder`, once it has no problem.
    pub fn save_chart(&self, data_folder: &Path, draft: &Draft) -> Result<PathBuf, ChartError> {
        let id = &draft.table().id;
        draft.check(&self.reads()).map_err(ChartError::Problems)?;
        let file = self
            .table_file(id)
            .ok_or_else(|| ChartError::File(format!("{} has no table `{id}`", self.title)))?;
        let path = self.owner_table_path(data_folder, file);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(|e| {
                ChartError::File(format!("cannot make the folder {}: {e}", folder.display()))
            })?;
        }
        write_atomically(&path, draft.to_toml(TableStatus::Entered).as_bytes())
            .map_err(|e| ChartError::File(format!("{}: {e}", path.display())))?;
        Ok(path)
    }

    /// Writes `table` to `path` for another group to import.
    pub fn export_chart(&self, table: &Table, path: &Path) -> Result<(), ChartError> {
        write_atomically(path, Draft::of(table).to_toml(table.status).as_bytes())
            .map_err(|e| ChartError::File(format!("{}: {e}", path.display())))
    }

    /// Reads an exported chart from `path` and keeps it in `data_folder` as the owner's chart:
    /// refused, naming the file and line, unless it is one of the game's charts, filled in and
    /// valid. Returns the chart's title and where it was kept.
    pub fn import_chart(
        &self,
        data_folder: &Path,
        path: &Path,
    ) -> Result<(String, PathBuf), ChartError> {
        let table = Table::load(path).map_err(|errors| ChartError::File(describe(&errors)))?;
        check_codes(&table, &self.reads()).map_err(|errors| ChartError::File(describe(&errors)))?;
        if table.status == TableStatus::Template {
            return Err(ChartError::File(format!(
                "{}: \"{}\" is still a template: enter its values before importing it",
                path.display(),
                table.title
            )));
        }
        let file = self.table_file(&table.id).ok_or_else(|| {
            ChartError::File(format!(
                "{}: `{}` is not one of the charts of {}",
                path.display(),
                table.id,
                self.title
            ))
        })?;
        let kept = self.owner_table_path(data_folder, file);
        if let Some(folder) = kept.parent() {
            std::fs::create_dir_all(folder).map_err(|e| {
                ChartError::File(format!("cannot make the folder {}: {e}", folder.display()))
            })?;
        }
        write_atomically(&kept, Draft::of(&table).to_toml(table.status).as_bytes())
            .map_err(|e| ChartError::File(format!("{}: {e}", kept.display())))?;
        Ok((table.title, kept))
    }
}
