//! The audit log panel: virtualised (only visible rows are laid out, so a 100,000-event log scrolls
//! smoothly), with a filter by kind and a text search, and the selected event's full explanation.

use crate::engine::log::{Event, EventBody};
use crate::engine::session::Session;
use crate::ui::photo_view::PhotoShelf;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFilter {
    All,
    Resolutions,
    Applied,
    Corrections,
    Steps,
    Other,
}

impl LogFilter {
    const ALL: [LogFilter; 6] = [
        LogFilter::All,
        LogFilter::Resolutions,
        LogFilter::Applied,
        LogFilter::Corrections,
        LogFilter::Steps,
        LogFilter::Other,
    ];

    fn label(self) -> &'static str {
        match self {
            LogFilter::All => "All events",
            LogFilter::Resolutions => "Rolls and resolutions",
            LogFilter::Applied => "Applied results",
            LogFilter::Corrections => "Corrections",
            LogFilter::Steps => "Turn steps and counters",
            LogFilter::Other => "Draws, seals, notes, photos",
        }
    }

    fn accepts(self, body: &EventBody) -> bool {
        match self {
            LogFilter::All => true,
            LogFilter::Resolutions => matches!(body, EventBody::Resolved { .. }),
            LogFilter::Applied => matches!(body, EventBody::Applied { .. }),
            LogFilter::Corrections => matches!(body, EventBody::Corrected { .. }),
            LogFilter::Steps => matches!(
                body,
                EventBody::StepReached { .. } | EventBody::Tallied { .. }
            ),
            LogFilter::Other => matches!(
                body,
                EventBody::DrawRevealed { .. }
                    | EventBody::Sealed { .. }
                    | EventBody::Revealed { .. }
                    | EventBody::Note { .. }
                    | EventBody::PhotoAttached { .. }
                    | EventBody::SessionStarted { .. }
            ),
        }
    }
}

/// What the user asked of the log this frame.
pub enum LogAction {
    Correct {
        event: u64,
        reason: String,
    },
    /// Apply a resolution that was rolled but not applied.
    Apply {
        event: u64,
    },
    /// Attach a photo of the table to the event.
    AttachPhoto {
        event: u64,
    },
}

pub struct LogView {
    filter: LogFilter,
    search: String,
    /// One summary line per event, built once per event.
    lines: Vec<String>,
    /// Indexes of the events shown, for the current filter and search.
    shown: Vec<usize>,
    shown_for: Option<(LogFilter, String, usize)>,
    pub selected: Option<u64>,
    correction_reason: String,
    /// The photos' thumbnails, and the photo open whole.
    pub photos: PhotoShelf,
}

/// A log time ("2026-11-27T10:07:51Z") as a player reads it: "27 Nov 2026, 10:07 UTC". A time
/// in another shape is shown as it is.
pub fn readable_time(time: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let part =
        |range: std::ops::Range<usize>| time.get(range).and_then(|p| p.parse::<usize>().ok());
    let month = part(5..7)
        .and_then(|m| m.checked_sub(1))
        .and_then(|m| MONTHS.get(m));
    match (part(0..4), month, part(8..10), time.get(11..16)) {
        (Some(year), Some(month), Some(day), Some(clock)) if time.ends_with('Z') => {
            format!("{day} {month} {year}, {clock} UTC")
        }
        _ => time.to_string(),
    }
}

/// A log row: sequence number, time of day, acting side and the game's summary of the event.
fn row_text(session: &Session, event: &Event, summary: &str) -> String {
    let side = if event.side.is_empty() {
        String::new()
    } else {
        format!("{}: ", session.side_name(&event.side))
    };
    let time = event.time.get(11..19).unwrap_or(&event.time);
    format!("#{} {time} {side}{summary}", event.seq)
}

impl Default for LogView {
    fn default() -> Self {
        LogView {
            filter: LogFilter::All,
            search: String::new(),
            lines: Vec::new(),
            shown: Vec::new(),
            shown_for: None,
            selected: None,
            correction_reason: String::new(),
            photos: PhotoShelf::default(),
        }
    }
}

impl LogView {
    /// Brings the summary lines up to date with the session (appends, or rebuilds after an undo).
    pub fn sync(&mut self, session: &Session, summary: &dyn Fn(&Event) -> String) {
        let events = session.events();
        if self.lines.len() > events.len() {
            self.lines.clear();
        }
        // Corrections change how earlier events read: rebuild when the last event is one.
        if matches!(
            events.last().map(|e| &e.body),
            Some(EventBody::Corrected { .. })
        ) && self.lines.len() < events.len()
        {
            self.lines.clear();
        }
        for event in events.iter().skip(self.lines.len()) {
            self.lines.push(row_text(session, event, &summary(event)));
        }
        for (line, event) in self.lines.iter_mut().zip(events) {
            if session.is_voided(event.seq) && !line.starts_with("[corrected]") {
                *line = format!("[corrected] {line}");
            }
        }
        self.refresh_shown(session);
    }

    /// Recomputes which events the filter and search show, when either or the log has changed.
    fn refresh_shown(&mut self, session: &Session) {
        let events = session.events();
        let key = (self.filter, self.search.clone(), events.len());
        if self.shown_for.as_ref() != Some(&key) && self.lines.len() == events.len() {
            let needle = self.search.to_lowercase();
            self.shown = events
                .iter()
                .zip(&self.lines)
                .enumerate()
                .filter(|(_, (e, line))| {
                    self.filter.accepts(&e.body)
                        && (needle.is_empty() || line.to_lowercase().contains(&needle))
                })
                .map(|(i, _)| i)
                .collect();
            self.shown_for = Some(key);
        }
    }

    /// `details` explains an event; `needs_apply` tells a resolution with something still to apply;
    /// the photos attached to events sit beside `game_file`.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        game_file: Option<&Path>,
        details: &dyn Fn(&Event) -> Vec<String>,
        needs_apply: &dyn Fn(&Event) -> bool,
    ) -> Option<LogAction> {
        let mut action = None;
        self.photos.show_open(ui.ctx());
        self.refresh_shown(session);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Audit log").strong().size(16.0));
            ui.add_space(12.0);
            let filter_label = ui.label("Show:");
            egui::ComboBox::from_id_salt("log_filter")
                .selected_text(self.filter.label())
                .show_ui(ui, |ui| {
                    for filter in LogFilter::ALL {
                        ui.selectable_value(&mut self.filter, filter, filter.label());
                    }
                })
                .response
                .labelled_by(filter_label.id);
            let search_label = ui.label("Search:");
            ui.add(
                egui::TextEdit::singleline(&mut self.search)
                    .desired_width(180.0)
                    .hint_text("unit, result, side…"),
            )
            .labelled_by(search_label.id);
            ui.label(
                egui::RichText::new(format!(
                    "{} of {} events",
                    self.shown.len(),
                    session.events().len()
                ))
                .weak(),
            );
        });
        ui.separator();
        let details_width = (ui.available_width() * 0.42).clamp(260.0, 520.0);
        egui::Panel::right("log_details")
            .resizable(true)
            .default_size(details_width)
            .show(ui, |ui| {
                action = self.details_ui(ui, session, game_file, details, needs_apply);
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let row_height = ui.text_style_height(&egui::TextStyle::Body);
            egui::ScrollArea::vertical()
                .id_salt("log_rows")
                .auto_shrink(false)
                .stick_to_bottom(true)
                .show_rows(ui, row_height, self.shown.len(), |ui, range| {
                    for row in range {
                        let Some(&index) = self.shown.get(row) else {
                            continue;
                        };
                        let (Some(event), Some(line)) =
                            (session.events().get(index), self.lines.get(index))
                        else {
                            continue;
                        };
                        let selected = self.selected == Some(event.seq);
                        let line = if needs_apply(event) {
                            format!("{line}   (not applied)")
                        } else {
                            line.clone()
                        };
                        let mut text = egui::RichText::new(line);
                        if selected {
                            text = text.background_color(ui.visuals().selection.bg_fill);
                        }
                        if session.is_voided(event.seq) {
                            text = text.strikethrough().weak();
                        }
                        let response = ui.add(
                            egui::Label::new(text)
                                .truncate()
                                .sense(egui::Sense::click()),
                        );
                        if response.clicked() && self.selected != Some(event.seq) {
                            self.selected = Some(event.seq);
                            self.correction_reason.clear();
                        }
                    }
                });
        });
        action
    }

    fn details_ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        game_file: Option<&Path>,
        details: &dyn Fn(&Event) -> Vec<String>,
        needs_apply: &dyn Fn(&Event) -> bool,
    ) -> Option<LogAction> {
        let mut action = None;
        let Some(event) = self
            .selected
            .and_then(|seq| session.events().get(seq.saturating_sub(1) as usize))
        else {
            ui.label(
                egui::RichText::new("Click an event to see how every number came about.").weak(),
            );
            return None;
        };
        egui::ScrollArea::vertical()
            .id_salt("log_detail_scroll")
            .auto_shrink(false)
            .show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!(
                        "Event {}, {}",
                        event.seq,
                        readable_time(&event.time)
                    ))
                    .strong(),
                );
                if session.is_voided(event.seq) {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "Corrected: this event no longer counts.",
                    );
                }
                for line in details(event) {
                    ui.add(egui::Label::new(line).wrap());
                }
                ui.label(
                    egui::RichText::new(format!("Hash {}", &event.hash))
                        .small()
                        .weak(),
                );
                self.photos
                    .thumbnails_of(ui, session, game_file, event.seq);
                if !matches!(event.body, EventBody::PhotoAttached { .. })
                    && ui
                        .button("Attach a photo of the table…")
                        .on_hover_text("A PNG or JPEG image: it is kept beside the game's file, and the log keeps its hash")
                        .clicked()
                {
                    action = Some(LogAction::AttachPhoto { event: event.seq });
                }
                if needs_apply(event) {
                    ui.separator();
                    if ui
                        .button("Apply this result to the record")
                        .on_hover_text("It was rolled but its effects were never applied")
                        .clicked()
                    {
                        action = Some(LogAction::Apply { event: event.seq });
                    }
                }
                let correctable = event.body.is_correctable() && !session.is_voided(event.seq);
                if correctable {
                    ui.separator();
                    ui.vertical(|ui| {
                        let label = ui.label("Reason for the correction:");
                        // One line, as wide as the panel: a reason is a sentence, not a letter.
                        ui.add(
                            egui::TextEdit::singleline(&mut self.correction_reason)
                                .desired_width(ui.available_width())
                                .hint_text("e.g. the wrong unit was named"),
                        )
                        .labelled_by(label.id);
                        let ready = !self.correction_reason.trim().is_empty();
                        if ui
                            .add_enabled(ready, egui::Button::new("Correct this event"))
                            .on_hover_text(
                                "Logs a correction: the event stays visible but no longer counts",
                            )
                            .on_disabled_hover_text("Give a reason first")
                            .clicked()
                        {
                            action = Some(LogAction::Correct {
                                event: event.seq,
                                reason: self.correction_reason.trim().to_string(),
                            });
                            self.correction_reason.clear();
                        }
                    });
                }
            });
        action
    }
}

#[cfg(test)]
mod tests {
    use super::readable_time;

    #[test]
    fn a_log_time_reads_as_a_date_and_a_clock() {
        assert_eq!(
            readable_time("2026-11-27T10:07:51Z"),
            "27 Nov 2026, 10:07 UTC"
        );
        assert_eq!(readable_time("yesterday"), "yesterday");
    }
}
