//! The action bar under the form: Roll (or Resolve), Roll and apply, physical dice, and once a
//! result is shown, Apply and New resolution. It never moves, and a resolved form cannot be rolled
//! again by a stray key: the players ask for a new resolution first.

use super::{Workspace, WorkspaceAction};
use crate::engine::session::Session;

pub const ROLL_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::R);
pub const ROLL_AND_APPLY_SHORTCUT: egui::KeyboardShortcut = egui::KeyboardShortcut::new(
    egui::Modifiers::COMMAND.plus(egui::Modifiers::SHIFT),
    egui::Key::R,
);
pub const APPLY_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Enter);

/// The shortcuts pressed this frame (read once, so each acts once).
#[derive(Default)]
struct Keys {
    roll: bool,
    roll_and_apply: bool,
    apply: bool,
}

impl Keys {
    fn read(ui: &egui::Ui, shortcuts: bool) -> Keys {
        if !shortcuts {
            return Keys::default();
        }
        // Ctrl+Shift+R first: a plain Ctrl+R pattern would match it too.
        ui.input_mut(|i| Keys {
            roll_and_apply: i.consume_shortcut(&ROLL_AND_APPLY_SHORTCUT),
            roll: i.consume_shortcut(&ROLL_SHORTCUT),
            apply: i.consume_shortcut(&APPLY_SHORTCUT),
        })
    }
}

impl Workspace {
    pub(super) fn action_bar(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        shortcuts: bool,
    ) -> Option<WorkspaceAction> {
        let keys = Keys::read(ui, shortcuts);
        ui.add_space(4.0);
        let action = if self.result.is_some() {
            self.resolved_bar(ui, &keys)
        } else {
            self.roll_bar(ui, session, &keys)
        };
        if let Some(error) = &self.dice_error {
            ui.add(
                egui::Label::new(egui::RichText::new(error).color(ui.visuals().error_fg_color))
                    .wrap(),
            );
        }
        ui.add_space(2.0);
        action
    }

    /// A result is on the card: apply it, or put it away for a new resolution.
    fn resolved_bar(&mut self, ui: &mut egui::Ui, keys: &Keys) -> Option<WorkspaceAction> {
        let result = self.result.as_ref()?;
        let event = result.event;
        let mut action = None;
        let mut new_resolution = false;
        ui.horizontal_wrapped(|ui| {
            match result.applied_as {
                Some(applied) => {
                    ui.label(
                        egui::RichText::new(format!(
                            "Event {event} applied to the record (event {applied})."
                        ))
                        .color(ui.visuals().selection.stroke.color),
                    );
                }
                None if result.resolution.effects.is_empty() => {
                    ui.label(format!("Event {event}: nothing to apply to the record."));
                }
                None => {
                    let apply = ui
                        .add(
                            egui::Button::new(
                                egui::RichText::new("Apply to the record").size(15.0),
                            )
                            .shortcut_text(ui.format_shortcut(&APPLY_SHORTCUT))
                            .min_size(egui::vec2(150.0, 28.0)),
                        )
                        .on_hover_text("Logs the effects on the card and updates the record");
                    if apply.clicked() || keys.apply {
                        action = Some(WorkspaceAction::Apply);
                    }
                }
            }
            new_resolution = ui
                .button("New resolution")
                .on_hover_text(
                    "Put this result away (it stays in the log) and resolve the form again",
                )
                .clicked();
        });
        if new_resolution {
            self.new_resolution();
        } else if keys.roll || keys.roll_and_apply {
            self.dice_error = Some(format!(
                "Not rolled: this form is resolved (event {event}). Press New resolution to resolve it again."
            ));
        }
        action
    }

    /// No result yet: the problem that stops the roll, if any, and the ways to roll.
    fn roll_bar(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        keys: &Keys,
    ) -> Option<WorkspaceAction> {
        let record = session.record();
        let spec = self.procedure.dice(&self.input);
        let rolls = !spec.is_empty();
        let verb = if rolls { "roll" } else { "resolve" };
        if let Some(sealed) = self.sealed.as_ref().filter(|s| !s.is_revealed()) {
            let (done, all) = sealed.progress();
            ui.add(
                egui::Label::new(format!(
                    "Waiting for the secret choices: {done} of {all} sealed. Reveal them in the form to {verb}."
                ))
                .wrap(),
            );
            return None;
        }
        if let Some(panel) = &self.hand
            && !panel.is_complete(session, self.procedure, &self.input)
        {
            ui.add(
                egui::Label::new(format!(
                    "Waiting for the cards: pick them face down and turn up this round's (or none) in the form to {verb}."
                ))
                .wrap(),
            );
            return None;
        }
        // Facts that contradict each other are refused before anything is rolled.
        let problem = self
            .procedure
            .check_combination(&self.input)
            .and_then(|()| self.game.check_record(self.procedure, &self.input, record))
            .and_then(|()| session.check_once(self.procedure, &self.input))
            .err();
        if let Some(problem) = &problem {
            let label = self
                .procedure
                .fields()
                .iter()
                .find(|f| f.id == problem.field)
                .map_or(problem.field.as_str(), |f| f.label);
            // A problem with no field is about the whole game (it is over), not about this form.
            let text = if label.is_empty() {
                format!("Cannot {verb}: {}.", problem.message)
            } else {
                format!("To {verb}: {label}: {}.", problem.message)
            };
            // Before anything is entered it is guidance, not an error.
            let color = if self.touched() || label.is_empty() {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().text_color()
            };
            ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
        }
        let ready = problem.is_none();
        if self.is_settings() {
            // Recording the settings logs them and puts them on the record in one action.
            let record = ui
                .add_enabled(
                    ready,
                    egui::Button::new(egui::RichText::new("Record these settings").size(15.0))
                        .min_size(egui::vec2(0.0, 28.0)),
                )
                .on_hover_text("Logs the readings chosen; the forms that depend on them follow");
            return (record.clicked() || (ready && keys.roll))
                .then_some(WorkspaceAction::Roll { apply: true });
        }
        let (button, both, hover) = if rolls {
            (
                "Roll the dice",
                "Roll and apply",
                "The app rolls with this game's sealed seed; the roll is logged",
            )
        } else {
            (
                "Resolve",
                "Resolve and apply",
                "Nothing is rolled; the result is logged",
            )
        };
        let mut action = None;
        ui.horizontal_wrapped(|ui| {
            let roll = ui
                .add_enabled(
                    ready,
                    egui::Button::new(egui::RichText::new(button).size(15.0))
                        .shortcut_text(ui.format_shortcut(&ROLL_SHORTCUT))
                        .min_size(egui::vec2(130.0, 28.0)),
                )
                .on_hover_text(hover);
            let roll_and_apply = ui
                .add_enabled(
                    ready,
                    egui::Button::new(both)
                        .shortcut_text(ui.format_shortcut(&ROLL_AND_APPLY_SHORTCUT))
                        .min_size(egui::vec2(0.0, 28.0)),
                )
                .on_hover_text("The same, and its effects go on the record at once");
            if roll_and_apply.clicked() || (ready && keys.roll_and_apply) {
                action = Some(WorkspaceAction::Roll { apply: true });
            } else if roll.clicked() || (ready && keys.roll) {
                action = Some(WorkspaceAction::Roll { apply: false });
            }
        });
        if rolls {
            ui.add_enabled_ui(ready, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label("Or enter physical dice:");
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.physical_dice)
                                .desired_width(80.0)
                                .hint_text("e.g. 3,5"),
                        )
                        .labelled_by(label.id)
                        .on_hover_text(
                            spec.slots
                                .iter()
                                .map(|s| format!("{} ({})", s.label, s.die.name()))
                                .collect::<Vec<_>>()
                                .join(", "),
                        );
                    let submit =
                        field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button("Use these dice").clicked() || submit {
                        match spec.parse(&self.physical_dice) {
                            Ok(faces) => {
                                self.dice_error = None;
                                action = Some(WorkspaceAction::UsePhysicalDice(faces));
                            }
                            Err(e) => self.dice_error = Some(e.to_string()),
                        }
                    }
                });
            });
        }
        action
    }
}
