//! Recovery journals: while a game has unsaved changes, every event is appended to a journal in the
//! app's data folder, so a crash loses nothing. Each game has its own journal, named by the hash of
//! its first event, and a note of the file it was last saved as. A journal is an ordinary session
//! file; one cut short by a crash in the middle of an append is read up to its last whole event.

use super::session::{Session, SessionError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The journal of one game in progress.
#[derive(Debug)]
pub struct RecoveryJournal {
    path: PathBuf,
    written: usize,
}

/// A journal found at start-up.
#[derive(Debug)]
pub struct Recovered {
    pub journal: PathBuf,
    /// The file the game was last saved as, if it was.
    pub saved_as: Option<PathBuf>,
    pub session: Result<Session, SessionError>,
    /// Events lost at the end because the last append was cut short.
    pub cut_short: bool,
}

fn io_error(path: &Path, what: &str, e: std::io::Error) -> SessionError {
    SessionError {
        file: path.display().to_string(),
        line: None,
        message: format!("{what}: {e}"),
    }
}

/// The journal's file for `session` in `folder`.
pub fn journal_path(folder: &Path, session: &Session) -> PathBuf {
    let id = session
        .events()
        .first()
        .map(|e| e.hash.get(..16).unwrap_or(&e.hash).to_string())
        .unwrap_or_else(|| "session".into());
    folder.join(format!("{id}.toml"))
}

fn saved_as_note(journal: &Path) -> PathBuf {
    journal.with_extension("saved-as")
}

impl RecoveryJournal {
    /// Starts the journal of `session` in `folder`, holding the whole session so far.
    pub fn start(
        folder: &Path,
        session: &Session,
        saved_as: Option<&Path>,
    ) -> Result<RecoveryJournal, SessionError> {
        std::fs::create_dir_all(folder)
            .map_err(|e| io_error(folder, "cannot create the recovery folder", e))?;
        let path = journal_path(folder, session);
        session.write_copy(&path)?;
        let note = saved_as_note(&path);
        match saved_as {
            Some(saved) => std::fs::write(&note, saved.display().to_string())
                .map_err(|e| io_error(&note, "cannot write", e))?,
            None => {
                let _ = std::fs::remove_file(&note);
            }
        }
        Ok(RecoveryJournal {
            path,
            written: session.events().len(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Brings the journal up to date: appends new events, or rewrites it after an undo.
    pub fn sync(&mut self, session: &Session) -> Result<(), SessionError> {
        let events = session.events();
        if events.len() < self.written {
            session.write_copy(&self.path)?;
            self.written = events.len();
            return Ok(());
        }
        if events.len() == self.written {
            return Ok(());
        }
        let mut text = String::new();
        for event in events.iter().skip(self.written) {
            text.push('\n');
            text.push_str(&Session::event_toml(event).map_err(|message| SessionError {
                file: self.path.display().to_string(),
                line: None,
                message,
            })?);
        }
        if !self.path.exists() {
            // Removed behind our back (another copy of the app discarded it): write it anew.
            session.write_copy(&self.path)?;
            self.written = events.len();
            return Ok(());
        }
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| io_error(&self.path, "cannot append to the recovery file", e))?;
        file.write_all(text.as_bytes())
            .and_then(|_| file.sync_data())
            .map_err(|e| io_error(&self.path, "cannot append to the recovery file", e))?;
        self.written = events.len();
        Ok(())
    }

    /// Removes the journal once the game is safely saved or deliberately discarded.
    pub fn discard(self) {
        discard(&self.path);
    }
}

/// Removes a journal and its note.
pub fn discard(journal: &Path) {
    let _ = std::fs::remove_file(journal);
    let _ = std::fs::remove_file(saved_as_note(journal));
}

/// Reads a journal; if its end was cut short, drops the torn event and reads the rest.
pub fn load(journal: &Path) -> (Result<Session, SessionError>, bool) {
    let text = match std::fs::read_to_string(journal) {
        Ok(text) => text,
        Err(e) => return (Err(io_error(journal, "cannot be read", e)), false),
    };
    let name = journal.display().to_string();
    // A crash mid-append tears the last event: drop it (or, if the tear fell between two of its
    // parts, the half-written event that still parses but whose hash does not hold). Damage
    // anywhere else is reported, not repaired.
    // The events after the journal's last signature are this app's own, not yet saved.
    let parsed = match Session::from_toml(&name, &text) {
        Ok(session) => Ok((session.recovered(), false)),
        Err(error) => text
            .rfind("\n[[events]]")
            .and_then(|start| Session::from_toml(&name, &text[..start]).ok())
            .map(|session| (session.recovered(), true))
            .ok_or(error),
    };
    match parsed {
        Ok((session, cut)) => match session.verify() {
            Ok(_) => (Ok(session), cut),
            Err(failure) if failure.seq as usize == session.events().len() && failure.seq > 1 => {
                let kept = failure.seq as usize - 1;
                (Ok(session.keep_first(kept)), true)
            }
            Err(failure) => (
                Err(SessionError {
                    file: name,
                    line: None,
                    message: format!("the recovery journal does not verify: {failure}"),
                }),
                false,
            ),
        },
        Err(error) => (Err(error), false),
    }
}

/// Every journal in `folder`, newest first.
pub fn find(folder: &Path) -> Vec<Recovered> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut journals: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let modified = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (modified, p)
        })
        .collect();
    journals.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    journals
        .into_iter()
        .map(|(_, journal)| {
            let saved_as = std::fs::read_to_string(saved_as_note(&journal))
                .ok()
                .map(|t| PathBuf::from(t.trim()));
            let (session, cut_short) = load(&journal);
            Recovered {
                journal,
                saved_as,
                session,
                cut_short,
            }
        })
        .collect()
}
