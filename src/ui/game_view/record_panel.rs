//! The record on the right: victory points, units and their states, allowances and markers, and
//! the audit line to note down.

use super::GameView;
use crate::engine::play::Command;
use crate::ui::roster_editor::RosterWindow;

impl GameView {
    pub(super) fn record_panel(&mut self, ui: &mut egui::Ui) {
        ui.label(egui::RichText::new("Record").strong().size(16.0));
        let record = self.session.record();
        ui.add_space(4.0);
        ui.label(egui::RichText::new("Victory points").strong());
        egui::Grid::new("victory_points")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for side in self.session.sides() {
                    ui.label(&side.name);
                    ui.label(
                        record
                            .victory_points
                            .get(side.id.as_str())
                            .copied()
                            .unwrap_or(0)
                            .to_string(),
                    );
                    ui.end_row();
                }
            });
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Units").strong());
        if record.units.is_empty() {
            ui.label(egui::RichText::new("No unit has changed state yet.").weak());
        }
        let missing = record.values_not_entered();
        let mut open_roster = false;
        if missing > 0
            && let Some(roster) = &self.game.roster
        {
            ui.label(
                egui::RichText::new(format!(
                    "{missing} values printed only on the {}s are not entered yet.",
                    roster.piece
                ))
                .color(ui.visuals().warn_fg_color),
            );
            open_roster = ui
                .button(format!("Enter {} values", roster.piece))
                .on_hover_text(format!(
                    "{} the rulebook text does not give; hover a unit to see which it lacks",
                    roster.what
                ))
                .clicked();
        }
        for side in self.session.sides() {
            let units: Vec<_> = record
                .units
                .iter()
                .filter(|((unit_side, _), _)| *unit_side == side.id)
                .collect();
            if units.is_empty() {
                continue;
            }
            ui.label(egui::RichText::new(&side.name).italics());
            egui::Grid::new(("unit_states", side.id.as_str()))
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for ((_, unit), state) in units {
                        ui.label(unit.as_str());
                        let facts: Vec<String> = state
                            .attributes
                            .iter()
                            .map(|(name, value)| format!("{name}: {value}"))
                            .collect();
                        let summary = (self.game.unit_summary)(state);
                        let shown = if summary.is_empty() {
                            state.state.to_string()
                        } else {
                            format!("{}: {summary}", state.state)
                        };
                        ui.add(egui::Label::new(shown).wrap())
                            .on_hover_text(format!(
                                "{}\nSince event {}",
                                facts.join("\n"),
                                state.since_event
                            ));
                        ui.end_row();
                    }
                });
        }
        if !record.counters.is_empty() || !record.marks.is_empty() {
            ui.add_space(8.0);
            ui.label(egui::RichText::new("Counters and markers").strong());
        }
        let mut spend = None;
        for (name, left) in &record.counters {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{name}: {left}"));
                let button = ui
                    .add_enabled(*left > 0, egui::Button::new("Use one").small())
                    .accessible_name(format!("Use one: {name}"))
                    .on_hover_text(format!("Log one of \"{name}\" as used"));
                if button.clicked() {
                    spend = Some(name.to_string());
                }
            });
        }
        for mark in &record.marks {
            ui.label(mark.as_str());
        }
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Audit").strong());
        if let Some(last) = self.session.events().last() {
            ui.label(format!(
                "Last event {}, hash {}",
                last.seq,
                last.hash.get(..12).unwrap_or(&last.hash)
            ))
            .on_hover_text(
                "Note it down: verifying checks the chain of events and their signatures up to here, and every app roll once the seed is revealed",
            );
        }
        self.key_lines(ui);
        ui.label(format!(
            "Events logged: {}. Results applied: {}.",
            self.session.events().len(),
            record.applied
        ));
        if open_roster {
            self.roster_window = Some(RosterWindow::opened());
        }
        if let Some(counter) = spend {
            let command = Command::Tally { counter, amount: 1 };
            if let Err(e) = self.execute(command) {
                self.notice = Some((e.to_string(), true));
            }
        }
    }
}
