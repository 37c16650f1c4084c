//! The turn sequence on the left: every step, the current one with its guidance and procedures,
//! Next step, and every procedure of the game; and the centre's text when no form is open.

use super::GameView;
use crate::engine::record::Position;

impl GameView {
    pub(super) fn checklist(&mut self, ui: &mut egui::Ui) {
        let sequence = self.game.sequence;
        let position = self.session.record().position;
        let scenario = self.game.scenario(self.session.scenario());
        let last_turn = scenario.map_or(position.turn, |s| s.last_turn);
        ui.label(egui::RichText::new("Turn sequence").strong().size(16.0));
        ui.label(egui::RichText::new(sequence.turn_name(position.turn)).size(15.0));
        if let Some(reason) = (self.game.game_over)(self.session.record()) {
            ui.label(
                egui::RichText::new(format!("Game over. {reason}."))
                    .strong()
                    .color(ui.visuals().error_fg_color),
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
                        ui.label(egui::RichText::new(note.rule).small().weak());
                    }
                });
        }
        ui.add_space(4.0);
        let mut go_to = None;
        let mut open = None;
        let available = self.step_procedures();
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
                let response = ui
                    .add(egui::Button::selectable(current, step.title))
                    .on_hover_text(format!("{} ({})", step.guidance, step.rule));
                if response.clicked() && !current {
                    go_to = Some(here);
                }
                if current {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.add(egui::Label::new(step.guidance).wrap());
                        ui.label(egui::RichText::new(step.rule).small().weak());
                        for p in &available {
                            if ui.button(format!("Resolve: {}", p.title())).clicked() {
                                open = Some(p.id());
                            }
                        }
                    });
                }
            }
        }
        ui.add_space(8.0);
        match sequence.after(self.session.record(), last_turn) {
            Some(next) => {
                // A step that draws comes round again while its cup holds a chit.
                let again = (next == position)
                    .then(|| {
                        sequence
                            .step(position)
                            .and_then(|s| s.repeats_while_cup_holds)
                    })
                    .flatten();
                let (button, hover) = match again {
                    Some(cup) => (
                        "Next pass".to_string(),
                        format!(
                            "This step again: {} chits left in {cup}",
                            self.session.record().cups.get(cup).map_or(0, Vec::len)
                        ),
                    ),
                    None => ("Next step".to_string(), sequence.label(next)),
                };
                if ui
                    .button(egui::RichText::new(button).size(15.0))
                    .on_hover_text(hover)
                    .clicked()
                {
                    go_to = Some(next);
                }
            }
            None => {
                ui.label("This is the scenario's last step.");
            }
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(egui::RichText::new("All procedures").strong());
        for p in self.game.procedures {
            if ui.button(p.title()).on_hover_text(p.summary()).clicked() {
                open = Some(p.id());
            }
        }
        if let Some(position) = go_to {
            self.go_to(position);
        }
        if let Some(id) = open {
            self.open_procedure(id);
        }
    }

    pub(super) fn no_procedure(&mut self, ui: &mut egui::Ui) {
        let position = self.session.record().position;
        ui.add_space(20.0);
        ui.heading(self.game.sequence.label(position));
        if let Some(step) = self.game.sequence.step(position) {
            ui.add(egui::Label::new(step.guidance).wrap());
            ui.label(egui::RichText::new(step.rule).weak());
            if self.step_procedures().is_empty() {
                ui.add_space(8.0);
                ui.label("The players carry out this step on the table. Press Next step in the turn sequence when it is done.");
            }
        }
    }
}
