//! The roster to and from a file: a group enters its counters once, saves them, and loads them
//! into each new game. Asked for from the Tables menu or the roster editor; the app asks for the
//! path, then the game reads, checks and loads the whole file, or nothing of it.

use super::GameView;
use crate::ui::roster_editor::RosterTransfer;
use std::path::Path;

impl GameView {
    /// The file name a saved roster is offered under: "battles-of-waterloo-roster.toml".
    pub fn roster_file_name(&self) -> String {
        format!("{}-roster.toml", self.game.id)
    }

    /// Asks the app for a path to save the roster to or load one from.
    pub fn request_roster_file(&mut self, transfer: RosterTransfer) {
        self.roster_file = Some(transfer);
    }

    /// Writes the game's roster to `path`.
    pub fn save_roster(&mut self, path: &Path) {
        self.notice = Some(match self.game.save_roster(&self.session, path) {
            Ok(count) => (
                format!("Saved {count} roster entries to {}", path.display()),
                false,
            ),
            Err(e) => (format!("The roster was not saved: {e}"), true),
        });
    }

    /// Loads the roster file at `path` into the game, whole or not at all.
    pub fn load_roster(&mut self, path: &Path) {
        match self.game.load_roster(&mut self.session, &self.tables, path) {
            Ok(count) => {
                self.changed();
                // An open form that named one of these pieces takes up what was loaded.
                if let Some(workspace) = &mut self.workspace {
                    workspace.refollow_units(self.session.record());
                }
                self.notice = Some((
                    format!(
                        "Loaded {count} roster entries from {}; each is in the log",
                        path.display()
                    ),
                    false,
                ));
            }
            Err(e) => {
                self.notice = Some((
                    format!("The roster was not loaded, and the game is unchanged: {e}"),
                    true,
                ));
            }
        }
    }
}
