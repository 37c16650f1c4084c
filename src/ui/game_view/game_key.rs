//! The game's key on screen: the banner of a game this machine cannot add to (its key is
//! elsewhere, or it was saved by an earlier version), the questions asked before going on under a
//! new key or revealing the dice seed, and the key and seed lines of the record panel.

use super::GameView;
use crate::engine::keys::{KeyStore, fingerprint};
use crate::engine::play;
use crate::engine::session::KeyStatus;

/// A step about the game's key that waits for the players to confirm it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyQuestion {
    /// Go on under a new key and a new sealed seed.
    NewKey,
    /// Reveal the dice seed of the rolls so far.
    RevealSeed,
}

impl GameView {
    /// Gives the session its key from this machine's key store, if the store holds it. A damaged
    /// key file is reported, never taken for a missing one.
    pub(super) fn attach_stored_key(&mut self) {
        let Some(store) = &self.keys else {
            return;
        };
        match store.find(self.session.public_key()) {
            Ok(Some(key)) => {
                if let Err(e) = self.session.attach_key(key) {
                    self.notice = Some((format!("The game's key file: {e}"), true));
                }
            }
            Ok(None) => {}
            Err(e) => self.notice = Some((format!("The game's key file: {e}"), true)),
        }
    }

    /// Keeps a key file exported on another machine and goes on with the game's own key.
    pub fn import_key(&mut self, from: &std::path::Path) {
        let Some(store) = &self.keys else {
            self.notice = Some(("There is no data folder to keep the key in.".into(), true));
            return;
        };
        match store.import(from) {
            Ok((_, key)) if key.public_key() == self.session.public_key() => {
                match self.session.attach_key(key) {
                    Ok(()) => {
                        self.notice = Some((
                            "The game's key is kept on this machine: play goes on, signed as before.".into(),
                            false,
                        ));
                    }
                    Err(e) => self.notice = Some((format!("Not imported: {e}"), true)),
                }
            }
            Ok(_) => {
                self.notice = Some((
                    "That key file was kept, but it is another game's key, not this game's.".into(),
                    true,
                ));
            }
            Err(e) => self.notice = Some((format!("Not imported: {e}"), true)),
        }
    }

    /// Writes the game's key to `to`, a new file, for another machine.
    pub fn export_key(&mut self, to: &std::path::Path) {
        let result = match &self.keys {
            Some(store) => store
                .export(self.game.id, self.session.public_key(), to)
                .map_err(|e| e.to_string()),
            None => Err("there is no data folder holding the key".into()),
        };
        self.notice = Some(match result {
            Ok(()) => (
                format!(
                    "The game's key is in {}. Keep it away from the players: whoever holds it can forge the game and foresee its rolls.",
                    to.display()
                ),
                false,
            ),
            Err(e) => (format!("The key was not exported: {e}"), true),
        });
    }

    /// Whether the players may reveal the dice seed now.
    pub fn can_reveal_seed(&self) -> bool {
        self.session.key_status() == KeyStatus::Held && self.session.why_locked().is_none()
    }

    /// Asks before revealing the dice seed.
    pub fn ask_to_reveal_seed(&mut self) {
        self.key_question = Some(KeyQuestion::RevealSeed);
    }

    /// The banner above a game this machine cannot add to, with the ways to go on.
    pub(super) fn key_banner(&mut self, ui: &mut egui::Ui) {
        let Some(why) = self.session.why_locked() else {
            return;
        };
        // One row where the window allows: the words say what is wrong, the buttons how to go on,
        // and the whole reason is on the hover.
        let (said, can_go_on) = match (self.session.tampered(), self.session.key_status()) {
            // A file edited without the key is only read: a new key would vouch for the edit.
            (Some(_), _) => (format!("Read only: {why}."), false),
            (None, KeyStatus::OpenSeed) => (
                "Read only: saved by an earlier version, with its dice seed open and no signature."
                    .to_string(),
                true,
            ),
            (None, _) => (
                "Read only: this game's key is not on this machine.".to_string(),
                true,
            ),
        };
        let missing = self.session.key_status() == KeyStatus::Missing;
        egui::Panel::top("game_key_banner").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(ui.visuals().warn_fg_color, said)
                    .on_hover_text(&why);
                if !can_go_on {
                    return;
                }
                if missing
                    && ui
                        .button("Import the key file…")
                        .on_hover_text("The file exported from the machine where the game began")
                        .clicked()
                {
                    self.wants_key_import = true;
                }
                if ui
                    .button("Continue under a new key…")
                    .on_hover_text(
                        "Asks first: the log will show where the first key's guarantee ends",
                    )
                    .clicked()
                {
                    self.key_question = Some(KeyQuestion::NewKey);
                }
            });
        });
    }

    /// The question about the game's key that waits for an answer, if any.
    pub(super) fn key_question_dialog(&mut self, ctx: &egui::Context) {
        let Some(question) = self.key_question else {
            return;
        };
        let next = self.session.events().len() + 1;
        let (title, text, confirm) = match question {
            KeyQuestion::NewKey => (
                "Continue under a new key?",
                format!(
                    "This machine does not hold the key this game was signed with. The game can go on under a new key and a new sealed dice seed, from event {next}. Verifying the game will then show that the first key vouches for events 1-{} only, and that everything after is vouched for by this machine's key.",
                    next - 1
                ),
                "Continue under a new key",
            ),
            KeyQuestion::RevealSeed => (
                "Reveal the dice seed?",
                "The seed of every app roll so far goes into the log. Anyone with the file can then re-derive those rolls and check the seed against the commitment made before the first of them. Chits drawn face down so far can be worked out from it too. App rolls from here on come from a new sealed seed. Do this at the end of the game, or when an umpire asks.".to_string(),
                "Reveal the seed",
            ),
        };
        let answer = crate::ui::confirm::ask(ctx, "game-key", title, &text, &[confirm, "Cancel"])
            .map(|index| index == 0);
        match answer {
            Some(true) => {
                self.key_question = None;
                match question {
                    KeyQuestion::NewKey => self.go_on_under_a_new_key(),
                    KeyQuestion::RevealSeed => self.reveal_seed(),
                }
            }
            Some(false) => self.key_question = None,
            None => {}
        }
    }

    fn store(&self) -> Result<&KeyStore, String> {
        self.keys
            .as_ref()
            .ok_or_else(|| "there is no data folder to keep the game's key in".to_string())
    }

    fn go_on_under_a_new_key(&mut self) {
        let result = self
            .store()
            .cloned()
            .and_then(|store| play::rekey(&store, &mut self.session, self.game, &self.tables));
        match result {
            Ok(event) => {
                self.changed();
                self.notice = Some((
                    format!(
                        "From event {event} the game is signed by this machine's key {}; dice seed sealed, commitment {}.",
                        fingerprint(self.session.public_key()),
                        fingerprint(self.session.seed_commitment())
                    ),
                    false,
                ));
            }
            Err(e) => self.notice = Some((format!("Not continued: {e}"), true)),
        }
    }

    pub(super) fn reveal_seed(&mut self) {
        let result = self.store().cloned().and_then(|store| {
            play::reveal_seed(&store, &mut self.session, self.game, &self.tables)
        });
        match result {
            Ok(event) => {
                self.changed();
                self.notice = Some((
                    format!(
                        "The dice seed is revealed as event {event}: verifying re-derives every app roll before it. New seed sealed, commitment {}.",
                        fingerprint(self.session.seed_commitment())
                    ),
                    false,
                ));
            }
            Err(e) => self.notice = Some((format!("The seed was not revealed: {e}"), true)),
        }
    }

    /// The record panel's lines about the key and the seed, to note down beside the last hash.
    pub(super) fn key_lines(&self, ui: &mut egui::Ui) {
        let public_key = self.session.public_key();
        if public_key.is_empty() {
            ui.label("Saved by an earlier version: open seed, unsigned.")
                .on_hover_text("Its app rolls could be foreseen from the file, and an edit that recomputes the hashes would not be caught");
            return;
        }
        ui.label(format!("Signed by key {}", fingerprint(public_key)))
            .on_hover_text(format!(
                "Every save is signed with the game's key, kept in this machine's data folder.\nPublic key: {public_key}"
            ));
        let commitment = self.session.seed_commitment();
        ui.label(format!("Dice seed sealed: {}", fingerprint(commitment)))
            .on_hover_text(format!(
                "The commitment to the seed of the app rolls. Note it: when the seed is revealed, anyone can check it against this.\nCommitment: {commitment}"
            ));
    }
}
