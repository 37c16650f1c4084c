//! A game's tables: the built-in files embedded in the binary, each replaceable by a file of the same
//! name in the user's data folder (`<data>/tables/<game>/<file>`), which is how an owner enters a
//! chart printed only on a player-aid card.

use super::tables::{Table, TableError};
use std::path::{Path, PathBuf};

/// A table file shipped inside the binary.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinTable {
    pub file: &'static str,
    pub text: &'static str,
}

/// A table a procedure reads, and the result codes it knows what to do with. A table whose
/// results list any other code is refused when it loads: an owner's chart with a code no
/// procedure handles would otherwise be read as something else without anyone seeing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRead {
    pub table: &'static str,
    pub codes: &'static [&'static str],
}

/// Checks that every result code of `table` is one that a procedure in `reads` handles. A table
/// whose cells are numbers (`Table::numeric_cells`) has no codes, so there is nothing to check.
pub fn check_codes(table: &Table, reads: &[TableRead]) -> Result<(), Vec<TableError>> {
    let handled: Vec<&str> = reads
        .iter()
        .filter(|r| r.table == table.id)
        .flat_map(|r| r.codes.iter().copied())
        .collect();
    let errors: Vec<TableError> = table
        .results
        .iter()
        .filter(|r| !handled.contains(&r.code.as_str()))
        .map(|r| TableError {
            file: table.source.clone(),
            line: table.result_line(&r.code),
            message: if handled.is_empty() {
                format!(
                    "result code `{}`: no procedure of this game reads table `{}`",
                    r.code, table.id
                )
            } else {
                format!(
                    "result code `{}` is not one this game's procedures handle for table `{}` (they handle {})",
                    r.code,
                    table.id,
                    handled.join(", ")
                )
            },
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Where a loaded table came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableOrigin {
    Builtin,
    Override(PathBuf),
}

#[derive(Debug, Clone)]
pub struct LoadedTable {
    pub table: Table,
    pub origin: TableOrigin,
}

/// The tables one game resolves with.
#[derive(Debug, Clone, Default)]
pub struct TableSet {
    tables: Vec<LoadedTable>,
}

impl TableSet {
    /// Loads `builtin`, each replaced by `<override_folder>/<file>` where that file exists, and
    /// checks each table's result codes against what `reads` handles. An owner's file with a
    /// problem is set aside for its built-in table; every problem in every file is returned beside
    /// the tables, naming the file and line.
    pub fn load(
        builtin: &[BuiltinTable],
        override_folder: Option<&Path>,
        reads: &[TableRead],
    ) -> (TableSet, Vec<TableError>) {
        let mut tables = Vec::new();
        let mut problems = Vec::new();
        let checked = |table: Result<Table, Vec<TableError>>| {
            table.and_then(|table| check_codes(&table, reads).map(|()| table))
        };
        for entry in builtin {
            let built_in = || {
                checked(Table::parse(
                    &format!("{} (built in)", entry.file),
                    entry.text,
                ))
                .map(|table| LoadedTable {
                    table,
                    origin: TableOrigin::Builtin,
                })
            };
            let owner = override_folder
                .map(|f| f.join(entry.file))
                .filter(|path| path.exists());
            let loaded = match owner {
                Some(path) => match checked(Table::load(&path)) {
                    Ok(table) => Ok(LoadedTable {
                        table,
                        origin: TableOrigin::Override(path),
                    }),
                    Err(mut found) => {
                        problems.append(&mut found);
                        built_in()
                    }
                },
                None => built_in(),
            };
            match loaded {
                Ok(table) => tables.push(table),
                Err(mut found) => problems.append(&mut found),
            }
        }
        (TableSet { tables }, problems)
    }

    /// The built-in tables only, refused if any has a problem.
    pub fn builtin(
        builtin: &[BuiltinTable],
        reads: &[TableRead],
    ) -> Result<TableSet, Vec<TableError>> {
        match TableSet::load(builtin, None, reads) {
            (tables, problems) if problems.is_empty() => Ok(tables),
            (_, problems) => Err(problems),
        }
    }

    pub fn get(&self, id: &str) -> Result<&Table, TableError> {
        self.tables
            .iter()
            .map(|t| &t.table)
            .find(|t| t.id == id)
            .ok_or_else(|| TableError {
                file: format!("table `{id}`"),
                line: None,
                message: "is not loaded for this game".into(),
            })
    }

    pub fn all(&self) -> &[LoadedTable] {
        &self.tables
    }
}
