//! Verifying every session in a folder, for an umpire who collects the players' files: one row per
//! file, each session read and verified as `verify` does one. The command line prints the rows and
//! the app shows them in a table; both take them from here.
//!
//! Only the folder's own files are read (not its subfolders), in the order of their names. A file
//! that does not begin as a session file (a photo, notes, another TOML file) is listed as "not a
//! session file" and does not fail the folder: players keep other things beside their games. A file
//! that begins as a session but cannot be read (cut short in the middle of an event, say) is
//! "damaged", and fails the folder, as does a session that does not verify. A file cut at an event
//! boundary with its later signatures dropped still verifies (see `session/verify.rs`): its row
//! shows its last event and hash, to compare with what the players noted.

use super::Game;
use crate::engine::log::short_hash;
use crate::engine::session::{Session, VerifyFailure};
use crate::engine::session_file::{HEADER_BYTES, begins_as_session, release_free_memory};
use crate::engine::table_set::TableSet;
use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One file of the folder, as verifying it found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileCheck {
    /// The file's name in the folder.
    pub file: String,
    /// What the session holds, where the file could be read as one.
    pub session: Option<SessionFacts>,
    pub verdict: Verdict,
}

impl FileCheck {
    /// The row's texts, as the command line prints them: the file, game, scenario, events, last
    /// event, its hash shortened and the verdict; "-" where the file holds no session read.
    pub fn texts(&self) -> [String; 7] {
        let facts = self.session.as_ref();
        let or_dash = |text: Option<String>| text.unwrap_or_else(|| "-".into());
        [
            self.file.clone(),
            or_dash(facts.map(|f| f.game.clone())),
            or_dash(facts.map(|f| f.scenario.clone())),
            or_dash(facts.map(|f| f.events.to_string())),
            or_dash(facts.map(|f| f.last_seq.to_string())),
            or_dash(facts.map(|f| f.short_hash().to_string())),
            self.verdict.to_string(),
        ]
    }
}

/// What a session file holds, for its row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionFacts {
    /// The game's title (its id, for a game this version does not know).
    pub game: String,
    /// The scenario's title (its id, where the game does not name it).
    pub scenario: String,
    pub events: usize,
    /// The last event's number and whole hash: what the players note down.
    pub last_seq: u64,
    pub last_hash: String,
}

impl SessionFacts {
    /// The first digits of the last event's hash, as the players note it.
    pub fn short_hash(&self) -> &str {
        short_hash(&self.last_hash)
    }
}

/// What verifying a file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every check holds; `summary` says what still waits (see `VerifyReport::summary`).
    Verified { summary: Option<String> },
    /// The session was read, and this is the first event that does not hold.
    Failed(VerifyFailure),
    /// The file begins as a session but cannot be read, or its game is not one of this version's.
    Damaged(String),
    /// Anything else: it is listed, and does not fail the folder.
    NotSession,
}

impl Verdict {
    /// Whether this file makes the folder fail.
    pub fn fails(&self) -> bool {
        matches!(self, Verdict::Failed(_) | Verdict::Damaged(_))
    }

    /// One word for the kind of verdict, for JSON and for sorting.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Verified { .. } => "verified",
            Verdict::Failed(_) => "failed",
            Verdict::Damaged(_) => "damaged",
            Verdict::NotSession => "not_session",
        }
    }

    /// The event that does not hold, for a failed session.
    pub fn failed_at(&self) -> Option<u64> {
        match self {
            Verdict::Failed(failure) => Some(failure.seq),
            _ => None,
        }
    }

    /// Why, for a failed or damaged file; what still waits, for a verified one.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Verdict::Verified { summary } => summary.as_deref(),
            Verdict::Failed(failure) => Some(&failure.message),
            Verdict::Damaged(why) => Some(why),
            Verdict::NotSession => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Verified { summary: None } => write!(f, "verified"),
            Verdict::Verified {
                summary: Some(summary),
            } => write!(f, "verified; {summary}"),
            Verdict::Failed(failure) => {
                write!(f, "FAILED at event {}: {}", failure.seq, failure.message)
            }
            Verdict::Damaged(why) => write!(f, "damaged: {why}"),
            Verdict::NotSession => write!(f, "not a session file"),
        }
    }
}

/// Verifies every file of `folder` (see the module's documentation), in the order of their names.
/// `tables_for` gives a game's tables as the app loads them; it is asked once per game. Refused,
/// naming the folder, if the folder cannot be read.
pub fn verify(
    folder: &Path,
    tables_for: &mut dyn FnMut(&'static Game) -> TableSet,
) -> Result<Vec<FileCheck>, String> {
    let files = files_in(folder)?;
    let mut tables = TablesByGame {
        loaded: HashMap::new(),
        load: tables_for,
    };
    let checks = files
        .iter()
        .map(|path| check_file(path, &mut tables))
        .collect();
    // Verifying long games re-derives every result: give that memory back.
    release_free_memory();
    Ok(checks)
}

/// Each game's tables, loaded the first time a session of that game is verified.
struct TablesByGame<'a> {
    loaded: HashMap<&'static str, TableSet>,
    load: &'a mut dyn FnMut(&'static Game) -> TableSet,
}

impl TablesByGame<'_> {
    fn of(&mut self, game: &'static Game) -> &TableSet {
        let load = &mut self.load;
        self.loaded.entry(game.id).or_insert_with(|| load(game))
    }
}

/// The folder's own files (links followed), sorted by name.
fn files_in(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(folder)
        .map_err(|e| format!("{}: the folder cannot be read: {e}", folder.display()))?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// Verifies the one file at `path`, as `verify` verifies each file of a folder.
pub fn verify_file(
    path: &Path,
    tables_for: &mut dyn FnMut(&'static Game) -> TableSet,
) -> FileCheck {
    check_file(
        path,
        &mut TablesByGame {
            loaded: HashMap::new(),
            load: tables_for,
        },
    )
}

/// The row of the file at `path`.
fn check_file(path: &Path, tables: &mut TablesByGame) -> FileCheck {
    let (session, verdict) = session_and_verdict(path, tables);
    FileCheck {
        file: path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default(),
        session,
        verdict,
    }
}

/// What the file at `path` holds, if it is a session that can be read, and its verdict.
fn session_and_verdict(path: &Path, tables: &mut TablesByGame) -> (Option<SessionFacts>, Verdict) {
    match claims_to_be_session(path) {
        Ok(true) => {}
        Ok(false) => return (None, Verdict::NotSession),
        Err(e) => return (None, Verdict::Damaged(format!("cannot be read: {e}"))),
    }
    let session = match Session::load(path) {
        Ok(session) => session,
        Err(e) => return (None, Verdict::Damaged(e.in_file())),
    };
    let game = super::find(session.game());
    let known = game.as_ref().ok();
    let last = session.events().last();
    let facts = SessionFacts {
        game: known.map_or_else(|| session.game().to_string(), |g| g.title.to_string()),
        scenario: known
            .and_then(|g| g.scenario(session.scenario()))
            .map_or_else(|| session.scenario().to_string(), |s| s.title.to_string()),
        events: session.events().len(),
        last_seq: last.map_or(0, |e| e.seq),
        last_hash: last.map(|e| e.hash.clone()).unwrap_or_default(),
    };
    let verdict = match game {
        Err(unknown) => Verdict::Damaged(unknown),
        Ok(game) => match game.verify_file(&session, tables.of(game), path) {
            Ok(report) => Verdict::Verified {
                summary: report.summary(),
            },
            Err(failure) => Verdict::Failed(failure),
        },
    };
    (Some(facts), verdict)
}

/// Whether the file at `path` begins as a session file; only its first bytes are read.
fn claims_to_be_session(path: &Path) -> std::io::Result<bool> {
    let mut start = Vec::new();
    std::fs::File::open(path)?
        .take(HEADER_BYTES)
        .read_to_end(&mut start)?;
    Ok(begins_as_session(&start))
}

/// How many files verified, failed (a session that does not verify, or a damaged one) and were not
/// sessions: "2 verified, 1 failed, 3 not sessions".
pub fn counts(checks: &[FileCheck]) -> String {
    let count = |kind: fn(&Verdict) -> bool| checks.iter().filter(|c| kind(&c.verdict)).count();
    let others = count(|v| *v == Verdict::NotSession);
    format!(
        "{} verified, {} failed, {others} {}",
        count(|v| matches!(v, Verdict::Verified { .. })),
        count(Verdict::fails),
        if others == 1 {
            "not a session"
        } else {
            "not sessions"
        }
    )
}
