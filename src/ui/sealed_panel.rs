//! The sealed-choice panel: where a procedure's fields are secret (an Initiative bid), each player in
//! turn types a choice that is hidden on screen, checked against the record and sealed. The log
//! keeps only each commitment until every player has sealed; then the choices are revealed together
//! and fill the form.

use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::log::{SideName, side_name};
use crate::engine::procedure::Procedure;
use crate::engine::record::Record;
use crate::engine::sealed::{Reveal, SealedChoice, SealedRound};

/// What the players asked the game view to log.
pub enum SealedAction {
    Seal { side: String, sealed: SealedChoice },
    Reveal(Vec<Reveal>),
}

pub struct SealedPanel {
    /// The round's name in the log, unique to this form.
    pub round: String,
    /// (side, field) of each secret choice.
    choices: Vec<(&'static str, &'static str)>,
    secrets: SealedRound,
    typing: Vec<String>,
    problems: Vec<Option<String>>,
    revealed: bool,
}

impl SealedPanel {
    /// A panel for the procedure's secret fields, if it has any where play stands.
    pub fn new(procedure: &dyn Procedure, record: &Record, round: String) -> Option<SealedPanel> {
        let choices = procedure.sealed_fields(record);
        if choices.is_empty() {
            return None;
        }
        let sides: Vec<&str> = choices.iter().map(|(side, _)| *side).collect();
        Some(SealedPanel {
            round,
            secrets: SealedRound::new(&sides),
            typing: vec![String::new(); choices.len()],
            problems: vec![None; choices.len()],
            choices,
            revealed: false,
        })
    }

    /// Takes the choices from the log where it has revealed every one of them for this round
    /// (the form was closed and opened again, or the app restarted): they are not sealed again.
    pub fn restore(&mut self, procedure: &dyn Procedure, record: &Record, input: &mut Input) {
        let revealed: Option<Vec<(&str, Value)>> = self
            .choices
            .iter()
            .map(|(side, field)| {
                let choice = record
                    .seals
                    .get(&(self.round.as_str().into(), (*side).into()))?
                    .as_ref()?;
                Some((*field, Self::value(procedure, field, choice.as_str())?))
            })
            .collect();
        if let Some(revealed) = revealed {
            for (field, value) in revealed {
                input.set(field, value);
            }
            self.revealed = true;
        }
    }

    /// Whether the form holds the field back until the reveal: the secret fields and their group,
    /// so a side that makes no choice this time (an army not yet in play) shows no empty field.
    pub fn hides(&self, field: &Field, procedure: &dyn Procedure) -> bool {
        let secret_group = |id: &str| {
            procedure
                .fields()
                .iter()
                .find(|f| f.id == id)
                .map(|f| f.group)
        };
        !self.revealed
            && self
                .choices
                .iter()
                .any(|(_, f)| *f == field.id || secret_group(f) == Some(field.group))
    }

    /// Whether the field holds a revealed choice, which the form then shows but does not let anyone
    /// change: the log's commitment is to that value.
    pub fn locks(&self, field: &Field) -> bool {
        self.revealed && self.choices.iter().any(|(_, f)| *f == field.id)
    }

    /// Whether the choices are in the form, so the procedure may be resolved.
    pub fn is_revealed(&self) -> bool {
        self.revealed
    }

    /// The number of choices sealed so far, of all.
    pub fn progress(&self) -> (usize, usize) {
        let sealed = self
            .choices
            .iter()
            .filter(|(side, _)| self.secrets.is_sealed(side))
            .count();
        (sealed, self.choices.len())
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        procedure: &dyn Procedure,
        input: &mut Input,
        record: &Record,
        sides: &[SideName],
    ) -> Option<SealedAction> {
        let mut action = None;
        ui.label(egui::RichText::new("Secret choices").strong().size(16.0));
        if self.revealed {
            ui.label("Revealed together; the commitments in the log match them.");
            return None;
        }
        ui.add(
            egui::Label::new(
                "Each player in turn, with the others looking away: enter your choice and press Seal. It stays hidden; the log keeps only a commitment until everyone has sealed.",
            )
            .wrap(),
        );
        // One row per player, wrapping in a narrow column so the Seal button is never cut off.
        let rows = self
            .choices
            .iter()
            .zip(&mut self.typing)
            .zip(&mut self.problems);
        for ((&(side, field), typing), problem) in rows {
            let name = side_name(sides, side).to_string();
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&name).strong());
                if self.secrets.is_sealed(side) {
                    ui.label("Sealed");
                } else {
                    // A refusal describes the entry it refused; a new entry makes it stale.
                    if Self::entry(ui, procedure, field, &name, typing) {
                        *problem = None;
                    }
                    if ui.button(format!("Seal {name}'s choice")).clicked() {
                        match Self::check(field, typing, procedure, input, record) {
                            Ok(choice) => {
                                *problem = None;
                                typing.clear();
                                if let Some(sealed) = self.secrets.seal(side, &choice) {
                                    action = Some(SealedAction::Seal {
                                        side: side.to_string(),
                                        sealed,
                                    });
                                }
                            }
                            Err(message) => {
                                *problem = Some(format!(
                                    "{name}'s choice was not sealed: {message}. Enter it again."
                                ));
                            }
                        }
                    }
                }
            });
        }
        // Below the rows, so a long message does not push the Seal buttons aside.
        for problem in self.problems.iter().flatten() {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        let (sealed, all) = self.progress();
        if sealed == all {
            if ui
                .button(egui::RichText::new("Reveal all choices").size(16.0))
                .on_hover_text("Logs every choice with its salt; anyone can check them against the commitments")
                .clicked()
                && let Some(reveals) = self.secrets.reveal()
            {
                for (reveal, (_, field)) in reveals.iter().zip(&self.choices) {
                    if let Some(value) = Self::value(procedure, field, &reveal.choice) {
                        input.set(field, value);
                    }
                }
                self.revealed = true;
                action = Some(SealedAction::Reveal(reveals));
            }
        } else {
            ui.label(egui::RichText::new(format!("{sealed} of {all} sealed.")).weak());
        }
        action
    }

    /// One player's entry: a hidden number typed in, or one of the field's choices picked while
    /// the others look away. Whether it changed.
    fn entry(
        ui: &mut egui::Ui,
        procedure: &dyn Procedure,
        field: &str,
        name: &str,
        typing: &mut String,
    ) -> bool {
        let choices = procedure.fields().iter().find_map(|f| match f.kind {
            FieldKind::Choice(choices) if f.id == field => Some(choices),
            _ => None,
        });
        let Some(choices) = choices else {
            return ui
                .add(
                    egui::TextEdit::singleline(typing)
                        .password(true)
                        .desired_width(80.0)
                        .min_size(egui::vec2(80.0, 0.0))
                        .hint_text("hidden"),
                )
                .accessible_name(format!("{name}: secret choice"))
                .changed();
        };
        // Once picked, the choice stays out of sight: the list shows it only while open.
        let shown = if typing.is_empty() {
            "Choose…"
        } else {
            "Chosen (hidden)"
        };
        let mut changed = false;
        egui::ComboBox::from_id_salt(("sealed", field))
            .selected_text(shown)
            .width(170.0)
            .show_ui(ui, |ui| {
                // No item is marked as picked: the list may be opened again with others looking.
                for (id, label) in choices {
                    if ui.selectable_label(false, *label).clicked() {
                        *typing = (*id).to_string();
                        changed = true;
                    }
                }
            })
            .response
            .accessible_name(format!("{name}: secret choice"));
        changed
    }

    /// A revealed choice as the form holds it: a number, or a choice's id.
    fn value(procedure: &dyn Procedure, field: &str, choice: &str) -> Option<Value> {
        let kind = procedure.fields().iter().find(|f| f.id == field)?.kind;
        match kind {
            FieldKind::Choice(_) => Some(Value::Text(choice.into())),
            _ => choice.parse().ok().map(Value::Number),
        }
    }

    /// The entered choice, if the procedure accepts it for `field`: a whole number, or one of
    /// the field's choices.
    fn check(
        field: &str,
        typed: &str,
        procedure: &dyn Procedure,
        input: &Input,
        record: &Record,
    ) -> Result<String, String> {
        // No message here names what was typed: the others are looking at the screen.
        let description = procedure.fields().iter().find(|f| f.id == field);
        if let Some(Field {
            kind: FieldKind::Choice(choices),
            ..
        }) = description
        {
            if !choices.iter().any(|(id, _)| *id == typed) {
                return Err("pick one of the choices".into());
            }
            let mut trial = input.clone();
            trial.set(field, Value::Text(typed.into()));
            procedure
                .check_sealed(field, &trial, record)
                .map_err(|e| e.message)?;
            return Ok(typed.to_string());
        }
        let number: i64 = typed
            .trim()
            .parse()
            .map_err(|_| "it is not a whole number".to_string())?;
        let mut trial = input.clone();
        trial.set(field, Value::Number(number));
        if let Some(description) = description {
            description
                .check(&Value::Number(number))
                .map_err(|_| match description.kind {
                    FieldKind::Count { max } => format!("it must be a count from 0 to {max}"),
                    FieldKind::Number { min, max } => {
                        format!("it must be a number from {min} to {max}")
                    }
                    _ => "it is not a value this choice takes".to_string(),
                })?;
        }
        procedure
            .check_sealed(field, &trial, record)
            .map_err(|e| e.message)?;
        Ok(number.to_string())
    }
}
