//! The start screen: pick a game and a scenario, name the sides, or open a saved game. If the app
//! stopped with unsaved changes, the recovered game is offered first.

use crate::games::{GAMES, Game};

pub struct StartScreen {
    pub game: usize,
    pub scenario: usize,
    pub side_names: Vec<String>,
    /// Unsaved games found in the recovery folder, newest first.
    pub recovery: Vec<RecoveryOffer>,
}

/// An unsaved game the app can restore.
pub struct RecoveryOffer {
    pub journal: std::path::PathBuf,
    pub description: String,
    pub restorable: bool,
}

pub enum StartAction {
    NewGame {
        game: &'static Game,
        scenario: &'static str,
        side_names: Vec<String>,
    },
    Open,
    Restore(std::path::PathBuf),
    DiscardRecovery(std::path::PathBuf),
}

impl StartScreen {
    pub fn new(recovery: Vec<RecoveryOffer>) -> StartScreen {
        let mut screen = StartScreen {
            game: 0,
            scenario: 0,
            side_names: Vec::new(),
            recovery,
        };
        screen.pick_game(0);
        screen
    }

    fn pick_game(&mut self, index: usize) {
        self.game = index;
        self.scenario = 0;
        self.side_names = GAMES
            .get(index)
            .map(|g| {
                g.sides
                    .iter()
                    .map(|(_, name)| (*name).to_string())
                    .collect()
            })
            .unwrap_or_default();
    }

    pub fn ui(&mut self, ui: &mut egui::Ui) -> Option<StartAction> {
        let mut action = None;
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(16.0);
                    ui.label(egui::RichText::new("Aide-de-camp").size(30.0).strong());
                    ui.label("The dice, tables and book-keeping of five Waterloo wargames, explained rule by rule and kept on the record.");
                    ui.add_space(12.0);
                });
                let width = ui.available_width().min(760.0);
                let margin = ((ui.available_width() - width) / 2.0).max(0.0);
                ui.horizontal(|ui| {
                    ui.add_space(margin);
                    ui.vertical(|ui| {
                        ui.set_width(width);
                        action = self.body(ui);
                    });
                });
            });
        });
        action
    }

    fn body(&mut self, ui: &mut egui::Ui) -> Option<StartAction> {
        let mut action = None;
        if !self.recovery.is_empty() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                let heading = if self.recovery.len() == 1 {
                    "An unsaved game was recovered"
                } else {
                    "Unsaved games were recovered"
                };
                ui.label(egui::RichText::new(heading).strong().size(16.0));
                for offer in &self.recovery {
                    ui.add(egui::Label::new(&offer.description).wrap());
                    ui.horizontal(|ui| {
                        let restore = ui
                            .add_enabled(offer.restorable, egui::Button::new("Restore it"))
                            .accessible_name(format!("Restore: {}", offer.description))
                            .on_hover_text(offer.journal.display().to_string());
                        if restore.clicked() {
                            action = Some(StartAction::Restore(offer.journal.clone()));
                        }
                        if ui
                            .button("Discard it")
                            .accessible_name(format!("Discard: {}", offer.description))
                            .clicked()
                        {
                            action = Some(StartAction::DiscardRecovery(offer.journal.clone()));
                        }
                    });
                }
            });
            ui.add_space(10.0);
        }

        ui.label(egui::RichText::new("1. Game").strong().size(17.0));
        let mut picked = None;
        ui.scope_builder(radio_group("Game"), |ui| {
            for (index, game) in GAMES.iter().enumerate() {
                if ui.radio(self.game == index, game.title).clicked() {
                    picked = Some(index);
                }
            }
        });
        if let Some(index) = picked {
            self.pick_game(index);
        }
        let Some(game) = GAMES.get(self.game) else {
            return action;
        };

        ui.add_space(10.0);
        ui.label(egui::RichText::new("2. Scenario").strong().size(17.0));
        ui.scope_builder(radio_group("Scenario"), |ui| {
            for (index, scenario) in game.scenarios.iter().enumerate() {
                ui.radio_value(&mut self.scenario, index, scenario.title)
                    .on_hover_text(scenario.rule);
                // Indented under its title, and wrapped within the column.
                ui.horizontal(|ui| {
                    ui.add_space(26.0);
                    ui.add(egui::Label::new(egui::RichText::new(scenario.summary).weak()).wrap());
                });
            }
        });

        ui.add_space(10.0);
        ui.label(egui::RichText::new("3. Sides").strong().size(17.0));
        egui::Grid::new("side_names")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for ((_, default_name), name) in game.sides.iter().zip(self.side_names.iter_mut()) {
                    let label = ui.label(format!("{default_name} player"));
                    ui.add(
                        egui::TextEdit::singleline(name)
                            .desired_width(240.0)
                            .char_limit(40)
                            .hint_text(*default_name),
                    )
                    .labelled_by(label.id);
                    ui.end_row();
                }
            });

        ui.add_space(14.0);
        ui.horizontal(|ui| {
            let ready = game.scenarios.get(self.scenario).is_some();
            let start = ui.add_enabled(
                ready,
                egui::Button::new(egui::RichText::new("Start the game").size(17.0))
                    .min_size(egui::vec2(180.0, 34.0)),
            );
            if start.clicked()
                && let Some(scenario) = game.scenarios.get(self.scenario)
            {
                action = Some(StartAction::NewGame {
                    game,
                    scenario: scenario.id,
                    side_names: self.side_names.clone(),
                });
            }
            if ui
                .add(egui::Button::new("Open a saved game…").min_size(egui::vec2(0.0, 34.0)))
                .clicked()
            {
                action = Some(StartAction::Open);
            }
        });
        action
    }
}

/// A named group of radio buttons, for screen readers.
fn radio_group(label: &str) -> egui::UiBuilder {
    egui::UiBuilder::new()
        .accessibility_label(label)
        .accessibility_role(egui::Role::RadioGroup)
}
