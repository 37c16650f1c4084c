//! The turn summary window: one turn's VP, payments, results and pieces moved between boxes, read
//! back from the log (`engine::turn_summary`) as it stands; in a campaign, the month's summary.

use crate::engine::session::Session;
use crate::engine::turn_summary::{TurnSummary, turns_played};
use crate::games::Game;
use crate::ui::style::section;

pub struct TurnSummaryWindow {
    pub open: bool,
    /// The turn shown.
    turn: u32,
    /// The players asked to export every turn's summary: the app asks for the path.
    pub wants_export: bool,
    /// The summary shown and the turns played, read from the log as it stood (its last event's
    /// hash): read again only when the log or the turn shown changes, not every frame.
    shown: Option<(String, TurnSummary, Vec<u32>)>,
}

impl TurnSummaryWindow {
    /// Opens on the turn being played.
    pub fn new(session: &Session) -> TurnSummaryWindow {
        TurnSummaryWindow {
            open: true,
            turn: session.record().position.turn,
            wants_export: false,
            shown: None,
        }
    }

    pub fn show(&mut self, ctx: &egui::Context, game: &Game, session: &Session) {
        let screen = ctx.content_rect();
        let log = session
            .events()
            .last()
            .map(|e| e.hash.clone())
            .unwrap_or_default();
        let (summary, played) = match self.shown.take() {
            Some((hash, summary, played)) if hash == log && summary.turn == self.turn => {
                (summary, played)
            }
            _ => (game.turn_summary(session, self.turn), turns_played(session)),
        };
        let sequence = game.sequence_for(session.scenario());
        let mut turn = self.turn;
        let mut export = false;
        egui::Window::new("Turn summary")
            .id(egui::Id::unique("turn-summary"))
            .open(&mut self.open)
            .default_size(egui::vec2(520.0, screen.height() - 160.0))
            .max_height(screen.height() - 60.0)
            .default_pos(screen.left_top() + egui::vec2(80.0, 60.0))
            .resizable(true)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label("Turn");
                    egui::ComboBox::from_id_salt("summary-turn")
                        .selected_text(&summary.title)
                        .show_ui(ui, |ui| {
                            for played in &played {
                                ui.selectable_value(
                                    &mut turn,
                                    *played,
                                    sequence.turn_name(*played),
                                );
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    export = ui
                        .button("Export every turn as Markdown…")
                        .on_hover_text("One file, turn by turn, to pass round or print")
                        .clicked();
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        for part in &summary.sections {
                            ui.label(section(part.heading));
                            if part.lines.is_empty() {
                                ui.label(egui::RichText::new("None this turn.").weak());
                            }
                            for line in &part.lines {
                                ui.add(egui::Label::new(line.as_str()).wrap());
                            }
                            ui.add_space(6.0);
                        }
                    });
            });
        self.turn = turn;
        self.wants_export |= export;
        self.shown = Some((log, summary, played));
    }
}
