//! The turn sequence on the left: Next step at the top, where it never moves; every step below,
//! the current one with its guidance and procedures; then every procedure of the game. Moving to
//! any step but the next asks first, saying what the move skips or goes back over.

use super::GameView;
use crate::engine::record::Position;
use crate::engine::turns::Repeat;
use crate::ui::style::{rule_label, section};

pub const NEXT_STEP_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::ArrowRight);

impl GameView {
    /// Where play goes on Next step, if the scenario goes on.
    fn next_position(&self) -> Option<Position> {
        let position = self.session.record().position;
        let scenario = self.game.scenario(self.session.scenario());
        let last_turn = scenario.map_or(position.turn, |s| {
            self.game.last_turn(s, self.session.record())
        });
        self.game
            .sequence_of(self.session.record())
            .after(self.session.record(), last_turn)
    }

    /// The fixed head of the turn sequence: the turn and Next step.
    pub(super) fn checklist_head(&mut self, ui: &mut egui::Ui, shortcuts: bool) {
        let sequence = *self.game.sequence_of(self.session.record());
        let position = self.session.record().position;
        ui.add_space(4.0);
        ui.label(section("Turn sequence"));
        ui.add(
            egui::Label::new(egui::RichText::new(sequence.turn_name(position.turn)).size(15.0))
                .wrap(),
        );
        let key = shortcuts && ui.input_mut(|i| i.consume_shortcut(&NEXT_STEP_SHORTCUT));
        match self.next_position() {
            Some(next) => {
                // A step that draws comes round again while its cup holds a chit; a Combat
                // Segment goes back for its next battle.
                let again = sequence
                    .again(self.session.record())
                    .filter(|(at, _)| *at == next)
                    .map(|(_, repeat)| repeat);
                // A step that waits (a battle to finish, one to pick) keeps its button off:
                // nothing is skipped, and no pass is logged.
                let mut waits = false;
                let (button, hover) = match again {
                    Some(Repeat::WhileCupHolds(cup)) => (
                        "Next pass",
                        format!(
                            "This step again: {} chits left in {cup}",
                            self.session.record().cups.get(cup).map_or(0, Vec::len)
                        ),
                    ),
                    Some(Repeat::BackTo { to }) => {
                        let button = to(self.session.record()).map_or("Next step", |(_, b)| b);
                        waits = next == position;
                        let hover = if waits {
                            "Resolve this step's procedure first".to_string()
                        } else {
                            format!("Back to {}", sequence.label(next))
                        };
                        (button, hover)
                    }
                    None => ("Next step", format!("On to {}", sequence.label(next))),
                };
                let clicked = ui
                    .add_enabled(
                        !waits,
                        egui::Button::new(egui::RichText::new(button).size(15.0))
                            .shortcut_text(ui.format_shortcut(&NEXT_STEP_SHORTCUT))
                            .min_size(egui::vec2(ui.available_width(), 28.0)),
                    )
                    .on_hover_text(hover.as_str())
                    .on_disabled_hover_text(hover)
                    .clicked();
                if (clicked || key) && !waits {
                    self.go_to(next);
                }
            }
            None => {
                ui.label("This is the scenario's last step.");
            }
        }
        ui.add_space(2.0);
    }

    /// The steps of the turn, the special rules in force, and every procedure.
    pub(super) fn checklist(&mut self, ui: &mut egui::Ui) {
        let sequence = *self.game.sequence_of(self.session.record());
        let position = self.session.record().position;
        if let Some(reason) = (self.game.game_over)(self.session.record()) {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("Game over. {reason}."))
                        .strong()
                        .color(ui.visuals().error_fg_color),
                )
                .wrap(),
            );
        }
        let notes = (self.game.turn_notes)(self.session.record());
        if !notes.is_empty() {
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new("This turn's special rules")
                            .strong()
                            .color(ui.visuals().warn_fg_color),
                    );
                    for note in notes {
                        ui.add(egui::Label::new(note.text).wrap())
                            .on_hover_text(note.rule);
                        rule_label(ui, note.rule);
                    }
                });
        }
        let mut open = None;
        let available = self.step_procedures();
        let next = self.next_position();
        for (phase_index, phase) in sequence.phases.iter().enumerate() {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(phase.title).strong())
                .on_hover_text(phase.rule);
            for (step_index, step) in phase.steps.iter().enumerate() {
                let here = Position {
                    turn: position.turn,
                    phase: phase_index,
                    step: step_index,
                };
                let current = here == position;
                if !current && !step.is_in_force(self.session.record()) {
                    // Shown so the printed order reads whole; Next step passes over it.
                    ui.add(egui::Label::new(egui::RichText::new(step.title).weak()).wrap())
                        .on_hover_text(format!("{} ({})", step.guidance, step.rule));
                    continue;
                }
                let response = ui
                    .add(egui::Button::selectable(current, step.title).wrap())
                    .on_hover_text(format!("{} ({})", step.guidance, step.rule));
                if current && self.checklist_in_view != Some(position) {
                    self.checklist_in_view = Some(position);
                    response.scroll_to_me(Some(egui::Align::Center));
                }
                if response.clicked() && !current {
                    if Some(here) == next {
                        self.go_to(here);
                    } else {
                        self.step_question = Some(here);
                    }
                }
                if current {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.add(egui::Label::new(step.guidance).wrap());
                        rule_label(ui, step.rule);
                        for p in &available {
                            let button =
                                egui::Button::new(format!("Resolve: {}", p.title())).wrap();
                            if ui.add(button).clicked() {
                                open = Some(p.id());
                            }
                        }
                    });
                }
            }
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(egui::RichText::new("All procedures").strong());
        for p in self.game.procedures {
            let button = egui::Button::new(p.title()).wrap();
            if ui.add(button).on_hover_text(p.summary()).clicked() {
                open = Some(p.id());
            }
        }
        if let Some(id) = open {
            self.open_procedure(id);
        }
    }

    /// Asks before play moves to a step that is not the next one.
    pub(super) fn step_question_dialog(&mut self, ctx: &egui::Context) {
        let Some(target) = self.step_question else {
            return;
        };
        let sequence = *self.game.sequence_of(self.session.record());
        let position = self.session.record().position;
        let title = sequence.step(target).map_or("?", |s| s.title);
        let between = sequence.steps_between(position, target, self.session.record());
        let backwards = (target.phase, target.step) < (position.phase, position.step);
        let (heading, mut text) = if backwards {
            (
                format!("Go back to {title}?"),
                format!(
                    "Play goes back to {title} this turn, and the steps after it are played again."
                ),
            )
        } else {
            (
                format!("Skip ahead to {title}?"),
                format!("Play moves on to {title} this turn."),
            )
        };
        match (backwards, between.is_empty()) {
            (true, false) => text.push_str(&format!(" Gone back over: {}.", between.join(", "))),
            (false, false) => text.push_str(&format!(
                " Skipped, with nothing resolved for them: {}.",
                between.join(", ")
            )),
            _ => {}
        }
        text.push_str(" Nothing already in the log is taken back; the move is logged.");
        let answer = crate::ui::confirm::ask(
            ctx,
            "step-jump",
            &heading,
            &text,
            &[&format!("Go to {title}"), "Cancel"],
        );
        match answer {
            Some(0) => {
                self.step_question = None;
                self.go_to(target);
            }
            Some(_) => self.step_question = None,
            None => {}
        }
    }

    pub(super) fn no_procedure(&mut self, ui: &mut egui::Ui) {
        let position = self.session.record().position;
        ui.add_space(20.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(self.game.sequence_of(self.session.record()).label(position))
                    .heading(),
            )
            .wrap(),
        );
        if let Some(step) = self.game.sequence_of(self.session.record()).step(position) {
            ui.add(egui::Label::new(step.guidance).wrap());
            rule_label(ui, step.rule);
            if self.step_procedures().is_empty() {
                ui.add_space(8.0);
                ui.add(egui::Label::new("The players carry out this step on the table. Press Next step at the top of the turn sequence when it is done.").wrap());
            }
        }
    }
}
