//! The owner's charts: a chart printed only on a player-aid card, entered once in the chart editor
//! and kept in the data folder (`<data>/tables/<game>/<file>`), where it replaces the built-in
//! template from then on; exported to a file to share, and imported from one, so a group enters
//! it once.

use super::Game;
use crate::engine::session_file::write_atomically;
use crate::engine::table_set::check_codes;
use crate::engine::tables::{Draft, Problem, Table, TableBody, TableError, TableStatus};
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
        let builtin = self.tables.iter().find_map(|b| {
            Table::parse(b.file, b.text)
                .ok()
                .filter(|t| t.id == table.id)
                .map(|t| (b.file, t))
        });
        let Some((file, builtin)) = builtin else {
            return Err(ChartError::File(format!(
                "{}: `{}` is not one of the charts of {}",
                path.display(),
                table.id,
                self.title
            )));
        };
        if builtin.status == TableStatus::Complete {
            return Err(ChartError::File(format!(
                "{}: the {} comes whole from the rulebook: there is nothing to import",
                path.display(),
                builtin.title
            )));
        }
        same_structure(&builtin, &table)
            .map_err(|why| ChartError::File(format!("{}: {why}", path.display())))?;
        let kept = self.owner_table_path(data_folder, file);
        if let Some(folder) = kept.parent() {
            std::fs::create_dir_all(folder).map_err(|e| {
                ChartError::File(format!("cannot make the folder {}: {e}", folder.display()))
            })?;
        }
        write_atomically(
            &kept,
            Draft::of(&table).to_toml(TableStatus::Entered).as_bytes(),
        )
        .map_err(|e| ChartError::File(format!("{}: {e}", kept.display())))?;
        Ok((table.title, kept))
    }
}

/// Whether an imported chart has the structure the game's procedures read: its kind, how its
/// cells combine codes, its strength lines, and, where the procedures read them by name, its
/// columns and rows.
fn same_structure(builtin: &Table, imported: &Table) -> Result<(), String> {
    if imported.kind != builtin.kind {
        return Err(format!(
            "the {} is a {} table, not a {} table",
            builtin.title,
            builtin.kind.name(),
            imported.kind.name()
        ));
    }
    if imported.compose != builtin.compose {
        return Err(format!(
            "its cells do not combine codes as the {}'s do",
            builtin.title
        ));
    }
    match (builtin.body(), imported.body()) {
        (TableBody::StrengthBands { lines: a, .. }, TableBody::StrengthBands { lines: b, .. })
            if a != b =>
        {
            Err(format!(
                "its strength lines are {}, not {}",
                b.join(", "),
                a.join(", ")
            ))
        }
        (TableBody::OddsRatio { .. }, _) | (TableBody::StrengthBands { .. }, _) => Ok(()),
        _ => {
            let keys = |t: &Table| {
                t.body()
                    .rows()
                    .iter()
                    .map(|r| r.key.clone())
                    .collect::<Vec<_>>()
            };
            if imported.grid().columns != builtin.grid().columns || keys(imported) != keys(builtin)
            {
                Err(format!(
                    "its rows or columns are not the {}'s, which the game reads by name",
                    builtin.title
                ))
            } else {
                Ok(())
            }
        }
    }
}
