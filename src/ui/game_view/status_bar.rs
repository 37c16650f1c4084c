//! The bar above the game: the game, scenario and step on the left (cut short, never drawn over,
//! when the window is narrow), and on the right whether the game is saved, the roster editor,
//! Settings and Undo; then the notices.

use super::{GameView, UNDO_SHORTCUT};
use crate::ui::notice::notice_bar;

impl GameView {
    pub(super) fn status_bar(&mut self, ui: &mut egui::Ui) {
        let scenario = self
            .game
            .scenario(self.session.scenario())
            .map(|s| s.title)
            .unwrap_or(self.session.scenario());
        let step = self
            .game
            .sequence_of(self.session.record())
            .label(self.session.record().position);
        let whole = format!("{} · {scenario} · {step}", self.game.title);
        egui::Sides::new().shrink_left().truncate().show(
            ui,
            |ui| {
                ui.label(egui::RichText::new(self.game.title).strong())
                    .on_hover_text(&whole);
                ui.label(format!("· {step}")).on_hover_text(&whole);
            },
            |ui| {
                let undo = ui
                    .add_enabled(
                        self.session.can_undo(),
                        egui::Button::new("Undo").shortcut_text(ui.format_shortcut(&UNDO_SHORTCUT)),
                    )
                    .on_hover_text("Take back the last event")
                    .on_disabled_hover_text(
                        "The last event was a roll, draw or reveal: mend mistakes with a correction in the log",
                    );
                if undo.clicked() {
                    self.undo();
                }
                if let Some(id) = self.game.settings
                    && ui
                        .button("Settings")
                        .on_hover_text(
                            "The readings this game plays by where the rulebook can be read two ways",
                        )
                        .clicked()
                {
                    self.open_procedure(id);
                }
                if let Some(roster) = &self.game.roster
                    && ui
                        .button(roster.title())
                        .on_hover_text(format!(
                            "The roster editor: {} printed only on the {}s",
                            roster.what, roster.piece
                        ))
                        .clicked()
                {
                    self.open_roster();
                }
                let saved = match (&self.path, self.dirty) {
                    (None, _) => "Not saved yet".to_string(),
                    (Some(_), true) => format!("{} · unsaved changes", self.file_name()),
                    (Some(_), false) => format!("{} · saved", self.file_name()),
                };
                ui.label(egui::RichText::new(saved).weak());
            },
        );
        notice_bar(ui, &mut self.notice);
        for problem in &self.table_problems {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("Your table file has a problem, so the built-in table is used: {problem}"),
            );
        }
    }
}
