//! A roster file: the counters, the command hierarchy and the values a group entered once, kept to
//! load into a new game. The rulebooks do not print them, so the players type them in; a roster
//! file spares them doing it again for every game.
//!
//! The file is TOML: the game's id and, in log order, the input of every roster resolution of a
//! session that still counts (logged, applied, not corrected), exactly as the session log keeps it:
//!
//! ```toml
//! format_version = 1
//! app = "aide-de-camp 0.1.0"
//! game = "battles-of-waterloo"
//!
//! [[entries]]
//! procedure = "add-unit"
//!
//! [entries.input]
//! side = "french"
//! name = "12 Line"
//! ```
//!
//! Loading reads and checks the whole file first, then resolves every entry on a copy of the
//! session; only when all of them pass does the copy, with every entry logged and applied like any
//! other resolution, become the session. A file that fails leaves the game as it was.

use super::input::Input;
use super::log::EventBody;
use super::play::{Command, Dice, Rules};
use super::session::{Session, write_atomically};
use super::table_set::TableSet;
use serde::{Deserialize, Serialize};
use std::path::Path;
use toml::Spanned;

/// The roster file format this version writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// One roster resolution: which procedure, with what input.
#[derive(Debug, Clone, PartialEq)]
pub struct RosterEntry {
    pub procedure: String,
    pub input: Input,
    /// Where the entry stands in the file it was read from, for messages.
    pub line: Option<usize>,
}

/// The roster of one game, in the order it was entered.
#[derive(Debug, Clone, PartialEq)]
pub struct RosterFile {
    pub game: String,
    pub entries: Vec<RosterEntry>,
}

#[derive(Serialize)]
struct FileOut<'a> {
    format_version: u32,
    app: String,
    game: &'a str,
    entries: Vec<EntryOut<'a>>,
}

#[derive(Serialize)]
struct EntryOut<'a> {
    procedure: &'a str,
    input: &'a Input,
}

/// The file as read, each value with where it stands, before any of it is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    format_version: u32,
    #[allow(dead_code)]
    app: Option<String>,
    game: Spanned<String>,
    #[serde(default)]
    entries: Vec<EntryIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryIn {
    procedure: Spanned<String>,
    input: toml::Table,
}

/// The line of byte `offset` in `text`, counting from 1.
fn line_at(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// "file:line" where the line is known, the file alone otherwise.
fn place(file: &str, line: Option<usize>) -> String {
    match line {
        Some(line) => format!("{file}:{line}"),
        None => file.to_string(),
    }
}

impl RosterEntry {
    /// "entry 3 (add-unit)", numbered from 1 as a reader counts.
    fn name(&self, index: usize) -> String {
        format!("entry {} ({})", index + 1, self.procedure)
    }
}

impl RosterFile {
    /// The roster of `session`: every resolution of one of `procedures` that was applied and
    /// still counts, in log order.
    pub fn of_session(session: &Session, procedures: &[&str]) -> RosterFile {
        let entries = session
            .events()
            .iter()
            .filter(|event| !session.is_voided(event.seq))
            .filter(|event| session.applied_as(event.seq).is_some())
            .filter_map(|event| match &event.body {
                EventBody::Resolved {
                    procedure, input, ..
                } if procedures.contains(&procedure.as_str()) => Some(RosterEntry {
                    procedure: procedure.to_string(),
                    input: input.clone(),
                    line: None,
                }),
                _ => None,
            })
            .collect();
        RosterFile {
            game: session.game().to_string(),
            entries,
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> Result<String, String> {
        toml::to_string(&FileOut {
            format_version: FORMAT_VERSION,
            app: format!("aide-de-camp {}", env!("CARGO_PKG_VERSION")),
            game: &self.game,
            entries: self
                .entries
                .iter()
                .map(|entry| EntryOut {
                    procedure: &entry.procedure,
                    input: &entry.input,
                })
                .collect(),
        })
        .map_err(|e| format!("the roster could not be written as TOML: {e}"))
    }

    /// Writes the file atomically to `path`.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = self
            .to_text()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        write_atomically(path, text.as_bytes()).map_err(|e| e.to_string())
    }

    /// Reads and checks the roster file at `path` for game `game`: see `parse`.
    pub fn read(
        path: &Path,
        game: &str,
        rules: &dyn Rules,
        procedures: &[&str],
    ) -> Result<RosterFile, String> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
        RosterFile::parse(&file, &text, game, rules, procedures)
    }

    /// Reads the roster in `text` (from file `file`, for messages) and checks the whole of it: the
    /// game is `game`, each entry is one of its roster `procedures`, and every field of each input
    /// is present and valid. Every problem is named, each with its line and entry.
    pub fn parse(
        file: &str,
        text: &str,
        game: &str,
        rules: &dyn Rules,
        procedures: &[&str],
    ) -> Result<RosterFile, String> {
        let read: FileIn = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|span| line_at(text, span.start));
            format!(
                "{}: not a roster file: {}",
                place(file, line),
                e.message().trim_end()
            )
        })?;
        if read.format_version > FORMAT_VERSION {
            return Err(format!(
                "{file}: written by a newer version of the app (roster format {}; this one reads up to {FORMAT_VERSION})",
                read.format_version
            ));
        }
        let game_line = line_at(text, read.game.span().start);
        if read.game.get_ref() != game {
            return Err(format!(
                "{file}:{game_line}: this roster is for the game \"{}\", not \"{game}\"",
                read.game.get_ref()
            ));
        }
        let mut problems = Vec::new();
        let mut entries = Vec::new();
        for (index, entry) in read.entries.into_iter().enumerate() {
            let line = Some(line_at(text, entry.procedure.span().start));
            let id = entry.procedure.into_inner();
            let at = format!("{}: entry {} ({id})", place(file, line), index + 1);
            let procedure = match rules.procedure(&id) {
                Ok(p) if procedures.contains(&p.id()) => p,
                Ok(_) => {
                    problems.push(format!(
                        "{at}: not a roster procedure; a roster holds only: {}",
                        procedures.join(", ")
                    ));
                    continue;
                }
                Err(e) => {
                    problems.push(format!("{at}: {e}"));
                    continue;
                }
            };
            match Input::from_toml(procedure.fields(), &entry.input) {
                Ok(input) => entries.push(RosterEntry {
                    procedure: id,
                    input,
                    line,
                }),
                Err(errors) => problems.extend(errors.iter().map(|e| format!("{at}: {e}"))),
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        Ok(RosterFile {
            game: read.game.into_inner(),
            entries,
        })
    }

    /// Resolves and applies every entry on `session`, each logged like any other resolution.
    /// Each is tried first on a copy of the session, in order; the first refused is named (with
    /// `file`'s line) and the session is left as it was. Returns the number of entries loaded.
    pub fn load_into(
        &self,
        file: &str,
        session: &mut Session,
        rules: &dyn Rules,
        tables: &TableSet,
    ) -> Result<usize, String> {
        if self.game != session.game() {
            return Err(format!(
                "{file}: this roster is for the game \"{}\", not \"{}\"",
                self.game,
                session.game()
            ));
        }
        let mut trial = session.clone();
        for (index, entry) in self.entries.iter().enumerate() {
            let command = Command::Resolve {
                procedure: entry.procedure.clone(),
                input: entry.input.clone(),
                dice: Dice::Physical(Vec::new()),
                apply: true,
            };
            trial.execute(rules, tables, command).map_err(|e| {
                format!(
                    "{}: {} refused, so nothing was loaded: {e}",
                    place(file, entry.line),
                    entry.name(index)
                )
            })?;
        }
        // Every entry passed on the copy, logged and applied there through the one path into
        // play: the copy becomes the game, so a roster is loaded whole or not at all.
        *session = trial;
        Ok(self.entries.len())
    }
}
