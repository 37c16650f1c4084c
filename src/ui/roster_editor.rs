//! The roster editor: every value printed only on the counters, in one table per side. The players
//! type what their counters show; each changed value is logged and applied through the game's roster
//! entry procedure, so the values a game was played with are on its record and in its file.
//!
//! The editor relies on the roster entry procedure's fields: `side`, `unit`, `value_of` (a choice
//! naming each counter value, which are the unit attributes shown as columns) and `value`.

use crate::engine::input::{Field, FieldKind};
use crate::engine::log::SideName;
use crate::engine::record::{NOT_ENTERED, Record};
use crate::games::Roster;
use std::collections::BTreeMap;

/// One value the players typed: (side, unit, value_of) → the text in its cell.
type Edits = BTreeMap<(String, String, String), String>;

/// A value to log: side, unit, which value (its id and its column title), and the text typed.
pub struct RosterValue {
    pub side: String,
    pub unit: String,
    pub value_of: String,
    pub title: String,
    pub text: String,
}

/// A roster file the players asked to write or read from the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RosterTransfer {
    Save,
    Load,
}

#[derive(Default)]
pub struct RosterWindow {
    pub open: bool,
    edits: Edits,
    /// Values that were refused at the last "Record", each naming its unit and column.
    pub problems: Vec<String>,
    only_missing: bool,
    /// The players asked to add a unit the text does not name (the game's own form does that).
    pub add_unit_clicked: bool,
    /// The players asked to save the roster to a file or load one (the app asks for the path).
    pub transfer: Option<RosterTransfer>,
}

impl RosterWindow {
    pub fn opened() -> RosterWindow {
        RosterWindow {
            open: true,
            only_missing: true,
            ..RosterWindow::default()
        }
    }

    /// Forgets the cells that were logged, keeping those that were refused for another try.
    pub fn logged(&mut self, logged: &[RosterValue], problems: Vec<String>) {
        for value in logged {
            self.edits.remove(&(
                value.side.clone(),
                value.unit.clone(),
                value.value_of.clone(),
            ));
        }
        self.problems = problems;
    }

    /// Draws the window. Returns the values to log when the players press "Record".
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        roster: &Roster,
        entry_fields: &[Field],
        addition: Option<&str>,
        record: &Record,
        sides: &[SideName],
    ) -> Option<Vec<RosterValue>> {
        let columns: &[(&str, &str)] = entry_fields
            .iter()
            .find(|f| f.id == "value_of")
            .and_then(|f| match f.kind {
                FieldKind::Choice(choices) => Some(choices),
                _ => None,
            })
            .unwrap_or(&[]);
        // A value typed as text (a strength ladder) takes a wider cell than a number.
        let value_chars = match entry_fields
            .iter()
            .find(|f| f.id == "value")
            .map(|f| f.kind)
        {
            Some(FieldKind::Text { max_len }) => max_len,
            _ => 2,
        };
        let mut submit = None;
        let mut open = self.open;
        self.add_unit_clicked = false;
        egui::Window::new(roster.title())
            .open(&mut open)
            .default_width(640.0)
            .default_height(560.0)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .resizable(true)
            .show(ctx, |ui| {
                ui.add(
                    egui::Label::new(format!(
                        "The rulebook text does not print these values ({}); they are on the {piece}s. Type each as your {piece} shows it. Values the text gives are filled in already, and can be corrected here too.",
                        roster.what,
                        piece = roster.piece
                    ))
                    .wrap(),
                );
                let missing = record.values_not_entered();
                ui.horizontal(|ui| {
                    ui.label(if missing == 0 {
                        format!("Every {} value is entered.", roster.piece)
                    } else {
                        format!("{missing} values are not entered yet.")
                    });
                    ui.checkbox(&mut self.only_missing, "Only units with values to enter");
                });
                for problem in &self.problems {
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
                ui.horizontal(|ui| {
                    let changed = self.edits.values().filter(|t| !t.trim().is_empty()).count();
                    let button = ui
                        .add_enabled(changed > 0, egui::Button::new(format!("Record {changed} values")))
                        .on_hover_text("Logs each value and applies it to the record")
                        .on_disabled_hover_text("Type a value in a cell first");
                    if button.clicked() {
                        submit = Some(self.values_to_log(columns));
                    }
                    if ui
                        .add_enabled(!self.edits.is_empty(), egui::Button::new("Clear what I typed"))
                        .clicked()
                    {
                        self.edits.clear();
                        self.problems.clear();
                    }
                    if let Some(title) = addition {
                        self.add_unit_clicked = ui
                            .button(format!("{title}…"))
                            .on_hover_text("Opens its form beside this window")
                            .clicked();
                    }
                });
                ui.horizontal(|ui| {
                    if ui
                        .button("Save the roster to a file…")
                        .on_hover_text("Every piece and value entered, to load into a new game")
                        .clicked()
                    {
                        self.transfer = Some(RosterTransfer::Save);
                    }
                    if ui
                        .button("Load a roster from a file…")
                        .on_hover_text("A roster saved from another game: loaded whole, or not at all")
                        .clicked()
                    {
                        self.transfer = Some(RosterTransfer::Load);
                    }
                });
                ui.separator();
                // Both ways: a game with many values per counter is wider than a small screen.
                egui::ScrollArea::both().auto_shrink(false).show(ui, |ui| {
                    // One grid for every side, so the columns line up.
                    egui::Grid::new("roster")
                        .num_columns(columns.len() + 1)
                        .striped(true)
                        .spacing(egui::vec2(12.0, 4.0))
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new("Unit").strong());
                            for (_, title) in columns {
                                ui.label(egui::RichText::new(*title).strong());
                            }
                            ui.end_row();
                            for side in sides {
                                self.side_rows(ui, side, columns, value_chars, record);
                            }
                        });
                });
            });
        self.open = open;
        submit
    }

    fn values_to_log(&self, columns: &[(&str, &str)]) -> Vec<RosterValue> {
        self.edits
            .iter()
            .filter(|(_, text)| !text.trim().is_empty())
            .map(|((side, unit, value_of), text)| RosterValue {
                side: side.clone(),
                unit: unit.clone(),
                value_of: value_of.clone(),
                title: columns
                    .iter()
                    .find(|(id, _)| id == value_of)
                    .map_or(value_of.as_str(), |(_, title)| title)
                    .to_string(),
                text: text.trim().to_string(),
            })
            .collect()
    }

    fn side_rows(
        &mut self,
        ui: &mut egui::Ui,
        side: &SideName,
        columns: &[(&str, &str)],
        value_chars: usize,
        record: &Record,
    ) {
        let units: Vec<(&str, &crate::engine::record::UnitRecord)> = record
            .units
            .iter()
            .filter(|((unit_side, _), _)| unit_side.as_str() == side.id)
            .filter(|(_, unit)| columns.iter().any(|(id, _)| unit.attribute(id).is_some()))
            .filter(|(_, unit)| {
                !self.only_missing
                    || columns
                        .iter()
                        .any(|(id, _)| unit.attribute(id) == Some(NOT_ENTERED))
            })
            .map(|((_, name), unit)| (name.as_str(), unit))
            .collect();
        ui.label(egui::RichText::new(&side.name).strong().size(15.0));
        if units.is_empty() {
            ui.label(egui::RichText::new("Nothing to enter.").weak());
        }
        ui.end_row();
        for (name, unit) in units {
            ui.label(name);
            for (id, title) in columns {
                let Some(current) = unit.attribute(id) else {
                    ui.label(egui::RichText::new("–").weak())
                        .on_hover_text("Not printed on this counter");
                    continue;
                };
                let key = (side.id.clone(), name.to_string(), id.to_string());
                let not_entered = current == NOT_ENTERED;
                let mut text = self.edits.get(&key).cloned().unwrap_or_default();
                let hint = if not_entered { "?" } else { current };
                let still_missing = not_entered && text.is_empty();
                let mut edit = egui::TextEdit::singleline(&mut text)
                    .desired_width(if value_chars > 2 { 110.0 } else { 48.0 })
                    .char_limit(value_chars)
                    .hint_text(hint);
                if still_missing {
                    edit = edit.background_color(ui.visuals().warn_fg_color.gamma_multiply(0.25));
                }
                let response = ui
                    .add(edit)
                    .accessible_name(format!("{name}: {title}"))
                    .on_hover_text(if not_entered {
                        format!("{title} of {name}: not entered yet")
                    } else {
                        format!("{title} of {name}: {current} on the record; type to correct it")
                    });
                if response.changed() {
                    if text.is_empty() {
                        self.edits.remove(&key);
                    } else {
                        self.edits.insert(key, text);
                    }
                }
            }
            ui.end_row();
        }
    }
}
