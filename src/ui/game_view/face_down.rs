//! Blocks drawn face down: the record lists them by their draw only ("face-down block #12.1"),
//! as the table shows the back of a block. Their owner asks to see them, with the others looking
//! away, and reveals one when the rules turn it face up (a Showdown, a scouting).

use super::GameView;
use crate::engine::draws::DrawnRef;
use crate::engine::play::Command;
use crate::engine::symbol::Symbol;
use crate::ui::confirm;

/// The owner's view of a side's face-down blocks, and the reveal waiting to be confirmed.
#[derive(Debug, Clone, Default)]
pub struct FaceDownView {
    /// The side whose blocks are asked for.
    pub side: String,
    /// Whether the others have looked away and the names are showing.
    shown: bool,
    /// A block the owner asked to reveal: (event, draw, name).
    reveal: Option<(u64, usize, String)>,
}

impl GameView {
    /// The face-down blocks of `side` in the record's unit list, by their draws, and the button
    /// that shows them to their owner.
    pub(super) fn face_down_list(&mut self, ui: &mut egui::Ui, side: &str, side_name: &str) {
        let record = self.session.record();
        let mut blocks: Vec<((u64, usize), &str)> = record
            .face_down
            .iter()
            .filter(|((unit_side, _), _)| unit_side.as_str() == side)
            .filter_map(|((unit_side, name), draw)| {
                let state = record.unit(unit_side, name)?.state.as_str();
                Some((*draw, state))
            })
            .collect();
        if blocks.is_empty() {
            return;
        }
        // In the order drawn: the names' order would give them away.
        blocks.sort_unstable();
        egui::CollapsingHeader::new(format!("{side_name} face down ({})", blocks.len()))
            .id_salt(("face_down", side))
            .default_open(false)
            .show(ui, |ui| {
                for ((event, slot), state) in blocks {
                    let reference = DrawnRef::Of { event, slot }.name();
                    ui.add(egui::Label::new(format!("{reference} · {state}")).wrap());
                }
            });
        if ui
            .button(format!("Show the {side_name} their blocks…"))
            .on_hover_text("Names each block drawn face down, for its owner's eyes only")
            .clicked()
        {
            self.face_down_view = Some(FaceDownView {
                side: side.to_string(),
                ..FaceDownView::default()
            });
        }
    }

    /// Reveals the draw that keeps `name` face down, and the earlier draw behind it where it was
    /// drawn from a cup that kept it by that draw, until the name is out.
    fn reveal_block(&mut self, side: &str, name: &str, first: (u64, usize)) -> Result<(), String> {
        let key = (Symbol::from(side), Symbol::from(name));
        let mut draw = Some(first);
        // Each reveal follows the block one trip back through its cups.
        for _ in 0..64 {
            let Some((event, slot)) = draw else {
                return Ok(());
            };
            self.execute(Command::RevealDraw { event, draw: slot })
                .map_err(|e| e.to_string())?;
            draw = self.session.record().face_down.get(&key).copied();
        }
        Ok(())
    }

    /// The question before the names show, the owner's window, and the question before a reveal.
    pub(super) fn face_down_window(&mut self, ctx: &egui::Context) {
        let Some(view) = self.face_down_view.clone() else {
            return;
        };
        let side_name = crate::engine::log::side_name(self.session.sides(), &view.side).to_string();
        if !view.shown {
            let text = format!(
                "The names of the {side_name} blocks drawn face down show next. Everyone else looks away until the {side_name} close the window."
            );
            match confirm::ask(
                ctx,
                "show_face_down",
                &format!("Only the {side_name} look"),
                &text,
                &["Show them", "Cancel"],
            ) {
                Some(0) => {
                    if let Some(view) = &mut self.face_down_view {
                        view.shown = true;
                    }
                }
                Some(_) => self.face_down_view = None,
                None => {}
            }
            return;
        }
        if let Some((event, draw, name)) = &view.reveal {
            let text = format!(
                "{name} is turned face up for everyone: the log names it with the salt of its draw, which anyone can check against the commitment made when it was drawn. Reveal a block when the rules do, at a Showdown or a scouting; it cannot be hidden again."
            );
            match confirm::ask(
                ctx,
                "reveal_face_down",
                &format!("Reveal {name}?"),
                &text,
                &["Reveal it", "Cancel"],
            ) {
                Some(0) => {
                    self.notice =
                        Some(match self.reveal_block(&view.side, name, (*event, *draw)) {
                            Ok(()) => (format!("{name} is revealed"), false),
                            Err(e) => (e, true),
                        });
                    if let Some(view) = &mut self.face_down_view {
                        view.reveal = None;
                    }
                }
                Some(_) => {
                    if let Some(view) = &mut self.face_down_view {
                        view.reveal = None;
                    }
                }
                None => {}
            }
            return;
        }
        let record = self.session.record();
        let mut blocks: Vec<((u64, usize), String, String)> = record
            .face_down
            .iter()
            .filter(|((side, _), _)| side.as_str() == view.side)
            .map(|((side, name), draw)| {
                let facts = record.unit(side, name).map_or_else(String::new, |unit| {
                    std::iter::once(unit.state.to_string())
                        .chain(
                            unit.attributes
                                .iter()
                                .map(|(fact, value)| format!("{fact}: {value}")),
                        )
                        .collect::<Vec<_>>()
                        .join(" · ")
                });
                (*draw, name.to_string(), facts)
            })
            .collect();
        blocks.sort();
        let mut open = true;
        let mut reveal = None;
        let mut hide = false;
        egui::Window::new(format!("{side_name} blocks face down"))
            .id(egui::Id::unique("face_down_window"))
            .open(&mut open)
            .collapsible(false)
            .min_width(420.0)
            .max_height(ctx.content_rect().height() * 0.8)
            .show(ctx, |ui| {
                ui.add(
                    egui::Label::new(format!(
                        "For the {side_name} only. Reveal a block when the rules turn it face up."
                    ))
                    .wrap(),
                );
                ui.add_space(4.0);
                if blocks.is_empty() {
                    ui.label("None is face down now.");
                }
                egui::ScrollArea::vertical()
                    .max_height(360.0)
                    .show(ui, |ui| {
                        for ((event, slot), name, facts) in &blocks {
                            ui.horizontal(|ui| {
                                ui.label(egui::RichText::new(name).strong());
                                let reference = DrawnRef::Of {
                                    event: *event,
                                    slot: *slot,
                                }
                                .name();
                                ui.label(egui::RichText::new(reference.as_str()).weak());
                                if ui.button("Reveal…").clicked() {
                                    reveal = Some((*event, *slot, name.clone()));
                                }
                            });
                            ui.add(egui::Label::new(egui::RichText::new(facts).weak()).wrap());
                            ui.separator();
                        }
                    });
                ui.add_space(6.0);
                hide = ui.button("Hide them").clicked();
            });
        if !open || hide {
            self.face_down_view = None;
        } else if let (Some(reveal), Some(view)) = (reveal, &mut self.face_down_view) {
            view.reveal = Some(reveal);
        }
    }
}
