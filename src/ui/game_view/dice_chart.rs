//! The dice statistics window: for each side and kind of die, a bar per face against the line of
//! its expectation, with the chi-square test; then each side's luck and each resolution's, as
//! `engine::dice_stats` works them out from the log.

use crate::engine::dice_stats::{DiceStatistics, FaceCounts};
use crate::engine::export::ExportFormat;
use crate::engine::session::Session;
use crate::ui::style::section;

/// The height of a face chart's tallest bar.
const CHART_HEIGHT: f32 = 90.0;

/// Up to this many events the figures follow the log as it grows; beyond, counting again takes
/// long enough that the players ask for it.
pub const FOLLOWS_THE_LOG_UP_TO: usize = 5_000;

pub struct DiceChart {
    pub open: bool,
    statistics: DiceStatistics,
    /// The log as the statistics were worked out: its length and its last event's hash, so an
    /// undone event followed by another is noticed too.
    events: usize,
    last_hash: String,
    /// A CSV export the players asked for: the app asks for its path.
    pub wants_export: Option<ExportFormat>,
    /// The players asked to count a long log again.
    pub wants_recount: bool,
}

impl DiceChart {
    pub fn new(statistics: DiceStatistics, session: &Session) -> DiceChart {
        DiceChart {
            open: true,
            statistics,
            events: session.events().len(),
            last_hash: last_hash(session),
            wants_export: None,
            wants_recount: false,
        }
    }

    /// Whether the log has changed since the figures were worked out.
    pub fn is_stale(&self, session: &Session) -> bool {
        self.events != session.events().len() || self.last_hash != last_hash(session)
    }

    pub fn show(&mut self, ctx: &egui::Context, session: &Session) {
        let screen = ctx.content_rect();
        let statistics = &self.statistics;
        let mut export = None;
        let mut recount = false;
        let stale = self.is_stale(session);
        egui::Window::new("Dice statistics")
            .id(egui::Id::unique("dice-statistics"))
            .open(&mut self.open)
            .default_size(egui::vec2(520.0, screen.height() - 140.0))
            .max_height(screen.height() - 60.0)
            .default_pos(screen.left_top() + egui::vec2(60.0, 50.0))
            .resizable(true)
            .show(ctx, |ui| {
                if stale {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("The log has changed since these were counted.");
                        recount = ui.button("Count again").clicked();
                    });
                }
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Save the faces as CSV…").clicked() {
                        export = Some(ExportFormat::FacesCsv);
                    }
                    if ui.button("Save the luck as CSV…").clicked() {
                        export = Some(ExportFormat::LuckCsv);
                    }
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("dice-statistics-scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        faces(ui, statistics, session);
                        ui.add_space(8.0);
                        luck(ui, statistics, session);
                    });
            });
        if export.is_some() {
            self.wants_export = export;
        }
        self.wants_recount |= recount;
    }
}

fn faces(ui: &mut egui::Ui, statistics: &DiceStatistics, session: &Session) {
    ui.label(section("Faces"));
    ui.add(
        egui::Label::new(
            egui::RichText::new(
                "Each die counts for the side the log names as acting; corrected resolutions do not count.",
            )
            .weak(),
        )
        .wrap(),
    );
    if statistics.faces.is_empty() {
        ui.label("No dice rolled yet.");
    }
    for counts in &statistics.faces {
        ui.add_space(6.0);
        ui.label(
            egui::RichText::new(format!(
                "{}, {}: {} rolls",
                session.side_name(&counts.side),
                counts.die.name(),
                counts.rolls
            ))
            .strong(),
        );
        face_bars(ui, counts);
        let test = counts.chi_square;
        let verdict = if counts.few() {
            " Too few rolls for the test to say much.".to_string()
        } else if test.p_value < 0.01 {
            " Fair dice stray this far less than once in a hundred.".to_string()
        } else {
            String::new()
        };
        ui.add(
            egui::Label::new(format!(
                "Chi-square {:.2} with {} degrees of freedom: p = {:.3}.{verdict}",
                test.statistic, test.degrees_of_freedom, test.p_value
            ))
            .wrap(),
        );
    }
}

/// A bar per face, its count above it and the face below, with a line at the count expected.
fn face_bars(ui: &mut egui::Ui, counts: &FaceCounts) {
    let faces = counts.counts.len().max(1);
    let width = ui.available_width().min(480.0);
    let slot = width / faces as f32;
    let label_height = 14.0;
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, CHART_HEIGHT + 2.0 * label_height),
        egui::Sense::hover(),
    );
    let expected = counts.expected();
    let tallest = counts
        .counts
        .iter()
        .map(|&c| c as f64)
        .fold(expected, f64::max)
        .max(1.0);
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    let bar_fill = visuals.selection.bg_fill;
    let text_color = visuals.text_color();
    let font = egui::FontId::proportional(11.0);
    let base = rect.top() + label_height + CHART_HEIGHT;
    for (index, &count) in counts.counts.iter().enumerate() {
        let left = rect.left() + slot * index as f32;
        let height = (count as f64 / tallest) as f32 * CHART_HEIGHT;
        let bar = egui::Rect::from_min_max(
            egui::pos2(left + slot * 0.15, base - height),
            egui::pos2(left + slot * 0.85, base),
        );
        painter.rect_filled(bar, 2.0, bar_fill);
        let centre = left + slot / 2.0;
        painter.text(
            egui::pos2(centre, base - height - 1.0),
            egui::Align2::CENTER_BOTTOM,
            count.to_string(),
            font.clone(),
            text_color,
        );
        let face = counts.die.face_at(u32::try_from(index).unwrap_or(0));
        painter.text(
            egui::pos2(centre, base + 1.0),
            egui::Align2::CENTER_TOP,
            face.to_string(),
            font.clone(),
            text_color,
        );
    }
    let line_y = base - (expected / tallest) as f32 * CHART_HEIGHT;
    painter.hline(
        rect.x_range(),
        line_y,
        egui::Stroke::new(1.5, visuals.warn_fg_color),
    );
    response.on_hover_text(format!(
        "The line: {expected:.1} rolls expected on each face of fair dice"
    ));
}

fn luck(ui: &mut egui::Ui, statistics: &DiceStatistics, session: &Session) {
    ui.label(section("Luck"));
    ui.add(
        egui::Label::new(
            egui::RichText::new(
                "For each roll, the chance of a result at least as good for the side that acted, from the exact odds of its facts: the lower, the luckier. Fair dice average the figure in brackets.",
            )
            .weak(),
        )
        .wrap(),
    );
    if statistics.luck.is_empty() {
        ui.label("No resolution with odds yet.");
        return;
    }
    for side in &statistics.sides {
        ui.label(
            egui::RichText::new(format!(
                "{}: {} {}, mean {:.0}% (fair dice: {:.0}%)",
                session.side_name(&side.side),
                side.resolutions,
                if side.resolutions == 1 {
                    "roll"
                } else {
                    "rolls"
                },
                side.mean * 100.0,
                side.expected * 100.0
            ))
            .strong(),
        );
    }
    ui.add_space(4.0);
    for entry in &statistics.luck {
        let part = if entry.part.is_empty() {
            String::new()
        } else {
            format!(" ({})", entry.part)
        };
        ui.horizontal(|ui| {
            ui.add_sized(
                [56.0, 18.0],
                egui::Label::new(egui::RichText::new(format!("#{}", entry.event)).monospace()),
            );
            ui.add_sized(
                [56.0, 18.0],
                egui::Label::new(
                    egui::RichText::new(format!("{:.1}%", entry.at_least_this_good * 100.0))
                        .monospace()
                        .strong(),
                ),
            );
            ui.add(
                egui::Label::new(format!(
                    "{} {}{part}: {}",
                    session.side_name(&entry.side),
                    entry.title,
                    entry.outcome
                ))
                .wrap(),
            );
        });
    }
}

/// The hash of `session`'s last event.
fn last_hash(session: &Session) -> String {
    session
        .events()
        .last()
        .map(|e| e.hash.clone())
        .unwrap_or_default()
}
