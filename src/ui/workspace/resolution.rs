//! The resolution column: the result card once there is one, each side's modifiers with their
//! rules, and the odds of every outcome before the roll.

use super::{ShownResult, Workspace, WorkspaceAction};
use crate::engine::log::{SideName, side_name};
use crate::engine::table_set::TableSet;
use crate::ui::style::{rule_label, section};

impl Workspace {
    pub(super) fn resolution_column(
        &mut self,
        ui: &mut egui::Ui,
        tables: &TableSet,
        sides: &[SideName],
    ) -> Option<WorkspaceAction> {
        let mut action = self.charts_to_enter(ui, tables);
        if let Some(result) = &mut self.result {
            let (card, card_action) = result_card(ui, result, sides);
            if std::mem::take(&mut result.reveal) {
                card.scroll_to_me(Some(egui::Align::TOP));
            }
            action = card_action;
            ui.add_space(6.0);
        }
        // Before the secret choices are revealed the form holds no choice yet: modifiers and
        // odds worked out from its defaults would only mislead.
        if self.sealed.as_ref().is_some_and(|s| !s.is_revealed()) {
            ui.label(section("Modifiers"));
            ui.add(
                egui::Label::new(
                    egui::RichText::new(
                        "The modifiers and the odds appear once the secret choices are revealed.",
                    )
                    .weak(),
                )
                .wrap(),
            );
            return action;
        }
        self.compare_readings_button(ui);
        self.modifier_breakdown(ui, tables);
        // A procedure without dice (victory determination) has no odds.
        if !self.procedure.dice(&self.input).is_empty() {
            ui.separator();
            self.odds_bars(ui, tables);
        }
        action
    }

    /// The charts the procedure reads that are still templates: it resolves nothing until the
    /// owner enters them, and each is one click away.
    fn charts_to_enter(&self, ui: &mut egui::Ui, tables: &TableSet) -> Option<WorkspaceAction> {
        let mut action = None;
        for read in self.procedure.reads() {
            let Ok(table) = tables.get(read.table) else {
                continue;
            };
            if table.is_resolvable() {
                continue;
            }
            // A modifiers chart answers the values the rulebook gives even as a template; only a
            // resolution that needs one of its blanks stops, naming the chart.
            let text = if table.kind == crate::engine::tables::TableKind::Modifiers {
                format!(
                    "The rulebook prints some of the {}'s values; the others are on the game's card. Enter them once from your own card; a resolution that needs one resolves nothing until then.",
                    table.title
                )
            } else {
                format!(
                    "{} needs the {}, printed only on the game's card. Enter it once from your own card; until then it resolves nothing.",
                    self.procedure.title(),
                    table.title
                )
            };
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
                .show(ui, |ui| {
                    ui.add(egui::Label::new(text).wrap());
                    if ui.button(format!("Enter the {}", table.title)).clicked() {
                        action = Some(WorkspaceAction::EnterChart(table.id.clone()));
                    }
                });
            ui.add_space(6.0);
        }
        action
    }

    /// Where a setting bears on the procedure, the way into the dispute view.
    fn compare_readings_button(&mut self, ui: &mut egui::Ui) {
        let settings = self.game.settings_bearing_on(self.procedure);
        if settings.is_empty() {
            return;
        }
        let readings: usize = settings
            .iter()
            .map(|field| match field.kind {
                crate::engine::input::FieldKind::Choice(choices) => choices.len().saturating_sub(1),
                _ => 0,
            })
            .sum();
        let names: Vec<&str> = settings.iter().map(|field| field.label).collect();
        let compare = ui
            .button(format!("Compare the readings ({})", readings + 1))
            .on_hover_text(format!(
                "Resolves these facts under each reading of the settings that bear on them, side by side: {}",
                names.join("; ")
            ));
        if compare.clicked() {
            self.dispute_asked = true;
        }
        ui.add_space(4.0);
    }

    /// Each side's modifiers with their rules, and each side's total.
    fn modifier_breakdown(&self, ui: &mut egui::Ui, tables: &TableSet) {
        ui.label(section("Modifiers"));
        let modifiers = self.procedure.modifiers_read(&self.input, tables);
        if modifiers.is_empty() {
            ui.label(egui::RichText::new("No modifiers apply.").weak());
            return;
        }
        let mut sides: Vec<&str> = Vec::new();
        for m in &modifiers {
            if !sides.contains(&m.side.as_str()) {
                sides.push(&m.side);
            }
        }
        for side in sides {
            let total: i32 = modifiers
                .iter()
                .filter(|m| m.side == side)
                .map(|m| m.value)
                .sum();
            ui.add_space(2.0);
            ui.label(egui::RichText::new(format!("{side}: {total:+}")).strong());
            for m in modifiers.iter().filter(|m| m.side == side) {
                ui.horizontal(|ui| {
                    ui.add_sized(
                        [32.0, 16.0],
                        egui::Label::new(egui::RichText::new(format!("{:+}", m.value)).monospace()),
                    );
                    ui.vertical(|ui| {
                        ui.add(egui::Label::new(m.label.as_str()).wrap());
                        rule_label(ui, &m.rule);
                    });
                });
            }
        }
    }

    fn odds_bars(&mut self, ui: &mut egui::Ui, tables: &TableSet) {
        ui.label(section("Odds before the roll"));
        let bar_fill = ui.visuals().selection.bg_fill;
        let track = ui.visuals().extreme_bg_color;
        let text_color = ui.visuals().text_color();
        self.refresh_odds(tables);
        let Some((_, odds)) = &self.odds_cache else {
            return;
        };
        match odds {
            Err(_) if self.procedure.check_combination(&self.input).is_err() => {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(
                            "The odds appear once the form is consistent (see below).",
                        )
                        .weak(),
                    )
                    .wrap(),
                );
            }
            Err(e) => {
                // For example a template table: the owner must enter its chart first.
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(e.as_str()).color(ui.visuals().error_fg_color),
                    )
                    .wrap(),
                );
            }
            Ok(lines) => {
                // A short bar, then the chance and the outcome beside it: the text never sits on
                // the bar's edge, and long outcomes wrap in the column.
                const BAR: f32 = 56.0;
                for line in lines {
                    let percent = line.probability * 100.0;
                    let text = format!("{percent:5.1}%  {}", line.key);
                    let response = ui
                        .horizontal(|ui| {
                            let (bar, _) =
                                ui.allocate_exact_size(egui::vec2(BAR, 14.0), egui::Sense::hover());
                            let painter = ui.painter();
                            painter.rect_filled(bar, 3.0, track);
                            let filled = egui::Rect::from_min_size(
                                bar.min,
                                egui::vec2(BAR * line.probability as f32, bar.height()),
                            );
                            painter.rect_filled(filled, 3.0, bar_fill);
                            ui.add(
                                egui::Label::new(egui::RichText::new(&text).color(text_color))
                                    .wrap(),
                            )
                        })
                        .inner;
                    response.on_hover_text(format!("{} of the dice combinations", line.count));
                }
            }
        }
    }
}

/// The effects that change the record, then the others folded into a count: a cap a General
/// is already under, or a marker taken from an empty box, is kept but not spelled out.
fn effects(ui: &mut egui::Ui, result: &ShownResult, sides: &[SideName]) {
    let effects = &result.resolution.effects;
    if effects.is_empty() {
        return;
    }
    let describe = |effect: &crate::engine::record::Effect| {
        effect.describe_with(&|id| side_name(sides, id).to_string())
    };
    let changes = |index: usize| result.changes.get(index).copied().unwrap_or(true);
    let (changing, unchanged): (Vec<_>, Vec<_>) = effects
        .iter()
        .enumerate()
        .partition(|(index, _)| changes(*index));
    ui.label(egui::RichText::new("Effects").strong());
    if changing.is_empty() {
        ui.label("Nothing on the record changes.");
    }
    for (_, effect) in changing {
        ui.add(egui::Label::new(format!("- {}", describe(effect))).wrap());
    }
    if !unchanged.is_empty() {
        // Short: a header does not wrap, and a long one would widen the column.
        let title = match unchanged.len() {
            1 => "1 more changes nothing".to_string(),
            n => format!("{n} more change nothing"),
        };
        egui::CollapsingHeader::new(egui::RichText::new(title).weak())
            .id_salt(("unchanged", result.event))
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new("Kept in the log; the record as it stands is the same with or without them.").weak(),
                    )
                    .wrap(),
                );
                for (_, effect) in unchanged {
                    ui.add(egui::Label::new(format!("- {}", describe(effect))).wrap());
                }
            });
    }
}

/// The result: the headline, the dice, the cell read, the rules applied and the effects. Apply
/// sits in the action bar below, always in view.
fn result_card(
    ui: &mut egui::Ui,
    result: &ShownResult,
    sides: &[SideName],
) -> (egui::Response, Option<WorkspaceAction>) {
    let mut action = None;
    let resolution = &result.resolution;
    let card = egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.label(egui::RichText::new(format!("Result (event {})", result.event)).weak());
            ui.add(
                egui::Label::new(
                    egui::RichText::new(&resolution.outcome.headline)
                        .strong()
                        .size(17.0),
                )
                .wrap(),
            );
            ui.add_space(4.0);
            for die in &result.dice {
                ui.label(format!(
                    "{}: {}  ({})",
                    die.label,
                    die.face,
                    if die.draw_index.is_some() {
                        "rolled by the app"
                    } else {
                        "physical die"
                    }
                ));
            }
            for total in &resolution.totals {
                ui.add(egui::Label::new(egui::RichText::new(total.describe()).monospace()).wrap());
            }
            if let Some(cell) = &resolution.cell {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("Read: {}", cell.describe()));
                    if ui.button("Show in table").clicked() {
                        action = Some(WorkspaceAction::ShowCell(cell.clone()));
                    }
                });
            }
            if !resolution.limits.is_empty() {
                ui.add_space(4.0);
                ui.label(egui::RichText::new("Rules applied").strong());
                for limit in &resolution.limits {
                    ui.add(
                        egui::Label::new(format!("- {} ({})", limit.description, limit.rule))
                            .wrap(),
                    );
                }
            }
            ui.add_space(4.0);
            effects(ui, result, sides);
            if let Some(event) = result.applied_as {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(format!("Applied to the record (event {event})"))
                        .color(ui.visuals().selection.stroke.color),
                );
            }
        });
    (card.response, action)
}
