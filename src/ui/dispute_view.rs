//! The dispute view: a window setting the form's facts side by side under every reading of the
//! settings that bear on the procedure (see `engine::dispute`), with the comparison copied as
//! Markdown or HTML for posting.

use crate::engine::dispute::{Dispute, Reading};
use crate::engine::input::Input;
use crate::ui::style::{rule_label, section};

/// Each reading's column: wide enough for a modifier and its rule, narrow enough that three sit
/// side by side on a small laptop.
const COLUMN_WIDTH: f32 = 250.0;

pub struct DisputeWindow {
    pub dispute: Dispute,
    /// The form the comparison was made from: another is compared afresh.
    pub input: Input,
    pub open: bool,
    /// What the last copy put on the clipboard, to say so.
    copied: Option<&'static str>,
}

impl DisputeWindow {
    pub fn new(dispute: Dispute, input: Input) -> DisputeWindow {
        DisputeWindow {
            dispute,
            input,
            open: true,
            copied: None,
        }
    }

    pub fn show(&mut self, ctx: &egui::Context) {
        let screen = ctx.content_rect();
        let dispute = &self.dispute;
        let copied = &mut self.copied;
        egui::Window::new(format!("Readings compared: {}", dispute.title))
            .id(egui::Id::unique("dispute-window"))
            .open(&mut self.open)
            .default_size(egui::vec2(
                (screen.width() - 80.0).min(960.0),
                screen.height() - 140.0,
            ))
            .max_height(screen.height() - 60.0)
            .default_pos(screen.left_top() + egui::vec2(40.0, 50.0))
            .resizable(true)
            .show(ctx, |ui| {
                heading(ui, dispute);
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button("Copy as Markdown")
                        .on_hover_text("For a forum post or a chat")
                        .clicked()
                    {
                        ui.ctx().copy_text(dispute.to_markdown());
                        *copied = Some("Markdown");
                    }
                    if ui
                        .button("Copy as HTML")
                        .on_hover_text("A web page holding the same table")
                        .clicked()
                    {
                        ui.ctx().copy_text(dispute.to_html());
                        *copied = Some("HTML");
                    }
                    if let Some(format) = copied {
                        ui.label(format!("The comparison is on the clipboard as {format}."));
                    }
                });
                ui.separator();
                egui::ScrollArea::both()
                    .id_salt("dispute-columns")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        ui.horizontal_top(|ui| {
                            for (index, reading) in dispute.readings.iter().enumerate() {
                                if index > 0 {
                                    ui.separator();
                                }
                                ui.vertical(|ui| {
                                    ui.set_width(COLUMN_WIDTH);
                                    column(ui, reading, dispute.faces.is_some());
                                });
                            }
                        });
                    });
            });
    }
}

/// The facts every reading shares, and the dice.
fn heading(ui: &mut egui::Ui, dispute: &Dispute) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(&dispute.title).strong());
        rule_label(ui, &dispute.rule);
    });
    let dice = match &dispute.faces {
        Some(faces) => format!(
            "Resolved with the dice on the result card: {}.",
            faces
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => "No dice yet: each reading's odds. Roll, then compare again to see each reading's result.".into(),
    };
    ui.add(egui::Label::new(dice).wrap());
    egui::CollapsingHeader::new(format!("The facts ({})", dispute.facts.len()))
        .id_salt("dispute-facts")
        .show(ui, |ui| {
            for (label, value) in &dispute.facts {
                ui.add(egui::Label::new(format!("{label}: {value}")).wrap());
            }
        });
}

/// One reading: what it changes, then what comes of it.
fn column(ui: &mut egui::Ui, reading: &Reading, rolled: bool) {
    ui.label(egui::RichText::new(reading.title()).strong().size(15.0));
    match &reading.changed {
        None => {
            for setting in &reading.settings {
                ui.add(egui::Label::new(format!("{}: {}", setting.setting, setting.choice)).wrap());
                rule_label(ui, &setting.rule);
            }
        }
        Some(changed) => {
            rule_label(ui, &changed.rule);
        }
    }
    if reading.changed.is_some() {
        let (text, color) = if reading.same_as_form {
            (
                "No difference under these facts",
                ui.visuals().weak_text_color(),
            )
        } else {
            (
                "Differs from the form's reading",
                ui.visuals().warn_fg_color,
            )
        };
        ui.label(egui::RichText::new(text).color(color));
    }
    if let Some(refused) = &reading.refused {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("Refused: {refused}"))
                    .color(ui.visuals().error_fg_color),
            )
            .wrap(),
        );
    }
    ui.add_space(4.0);
    ui.label(section("Modifiers"));
    if reading.modifiers.is_empty() {
        ui.label(egui::RichText::new("None apply.").weak());
    }
    for m in &reading.modifiers {
        ui.add(egui::Label::new(format!("{} {:+}: {}", m.side, m.value, m.label)).wrap());
        rule_label(ui, &m.rule);
    }
    if let Some(resolution) = &reading.resolution {
        ui.add_space(4.0);
        ui.label(section("Result"));
        ui.add(egui::Label::new(egui::RichText::new(&resolution.outcome.headline).strong()).wrap());
        for total in &resolution.totals {
            ui.add(egui::Label::new(egui::RichText::new(total.describe()).monospace()).wrap());
        }
        if let Some(cell) = &resolution.cell {
            ui.add(egui::Label::new(format!("Read: {}", cell.describe())).wrap());
        }
        for limit in &resolution.limits {
            ui.add(egui::Label::new(format!("- {}", limit.description)).wrap());
            rule_label(ui, &limit.rule);
        }
    } else if rolled && reading.refused.is_none() {
        ui.label(egui::RichText::new("Draws chits: the odds only.").weak());
    }
    if !reading.odds.is_empty() {
        ui.add_space(4.0);
        ui.label(section("Odds"));
        for line in &reading.odds {
            ui.add(
                egui::Label::new(format!("{:5.1}%  {}", line.probability * 100.0, line.key)).wrap(),
            );
        }
    }
}
