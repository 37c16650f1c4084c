//! The form: one row per field, built from the procedure's field descriptions. Units are picked
//! from the record, small counts are one click, and in a narrow column each label sits above its
//! input instead of beside it.

use super::{Workspace, WorkspaceAction};
use crate::engine::input::{Field, FieldKind, UnitOf, Value};
use crate::engine::log::SideName;
use crate::engine::record::Record;
use crate::engine::session::Session;
use crate::ui::style::{rule_label, rule_text, section};

/// Text fields longer than this wrap over several lines.
const LONG_TEXT: usize = 100;

/// A count up to this, or a number with as few values, is offered as a row of numbers to click;
/// a larger one as a number box.
const LARGEST_CLICKED_COUNT: u32 = 6;

impl Workspace {
    fn hand_panel(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        sides: &[SideName],
        may_turn_up: bool,
    ) -> Option<WorkspaceAction> {
        let panel = self.hand.as_mut()?;
        let done = panel.ui(
            ui,
            self.procedure,
            &mut self.input,
            session,
            sides,
            may_turn_up,
        );
        ui.add_space(6.0);
        done.map(WorkspaceAction::Hand)
    }

    pub(super) fn form(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        sides: &[SideName],
        narrow: bool,
    ) -> Option<WorkspaceAction> {
        let record = session.record();
        let procedure = self.procedure;
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(procedure.title()).heading().strong());
            ui.label(rule_text(ui, procedure.rule()));
        });
        ui.add(egui::Label::new(egui::RichText::new(procedure.summary()).weak()).wrap());
        ui.add_space(6.0);
        let mut action = None;
        // The cards are picked before the secret choices or after their reveal, as the hand says;
        // they are turned up only after the reveal.
        let hand_first = self
            .hand
            .as_ref()
            .is_some_and(|panel| panel.hand.choosing && panel.hand.before_sealed_choices);
        let revealed = self.sealed.as_ref().is_none_or(|s| s.is_revealed());
        let hands_sealed = self
            .hand
            .as_ref()
            .is_none_or(|panel| panel.all_sealed(session));
        if hand_first {
            action = self.hand_panel(ui, session, sides, revealed);
        }
        if let Some(sealed) = &mut self.sealed {
            if hand_first && !hands_sealed {
                ui.label(
                    egui::RichText::new("The secret choices follow once the cards are face down.")
                        .weak(),
                );
            } else if let Some(done) = sealed.ui(ui, procedure, &mut self.input, record, sides) {
                action = Some(WorkspaceAction::Sealed(sealed.round.clone(), done));
            }
            ui.add_space(6.0);
        }
        if !hand_first && revealed {
            action = action.or(self.hand_panel(ui, session, sides, revealed));
        }
        // Secret fields stay off the form until they are revealed; fields that do not bear on
        // the form as it stands stay off while they hold nothing.
        let hidden = |field: &Field| {
            self.sealed
                .as_ref()
                .is_some_and(|s| s.hides(field, procedure))
                || (!procedure.shows(field.id, &self.input)
                    && self.input.get(field.id) == Some(&field.default_value()))
        };
        let fields: Vec<&Field> = procedure.fields().iter().filter(|f| !hidden(f)).collect();
        let frequent = procedure.frequent();
        let (first, more): (Vec<&Field>, Vec<&Field>) = fields
            .into_iter()
            .partition(|f| frequent.is_empty() || frequent.contains(&f.id));
        self.field_groups(ui, &first, "form", record, sides, narrow);
        if !more.is_empty() {
            ui.add_space(6.0);
            let given = more
                .iter()
                .filter(|f| self.input.get(f.id) != Some(&f.default_value()))
                .count();
            let title = match given {
                0 => format!("More facts ({})", fields_count(more.len())),
                n => format!("More facts ({}, {n} filled in)", fields_count(more.len())),
            };
            egui::CollapsingHeader::new(egui::RichText::new(title).strong())
                .id_salt(("more_facts", procedure.id()))
                .show(ui, |ui| {
                    self.field_groups(ui, &more, "more", record, sides, narrow);
                });
        }
        ui.add_space(8.0);
        if ui
            .button("Reset the form")
            .on_hover_text("Every field back to how the form opened")
            .clicked()
        {
            // Revealed choices stay: they were sealed, and cannot be typed again.
            let mut reset = self.opening_input.clone();
            for field in procedure.fields() {
                if self.sealed.as_ref().is_some_and(|s| s.locks(field))
                    && let Some(value) = self.input.get(field.id)
                {
                    reset.set(field.id, value.clone());
                }
            }
            self.input = reset;
            self.result = None;
            self.dice_error = None;
        }
        action
    }

    /// The fields in runs of the same group, each run under its group's name.
    fn field_groups(
        &mut self,
        ui: &mut egui::Ui,
        fields: &[&Field],
        part: &str,
        record: &Record,
        sides: &[SideName],
        narrow: bool,
    ) {
        let mut start = 0;
        for run in fields.chunk_by(|a, b| a.group == b.group) {
            let [first, ..] = run else {
                continue;
            };
            let group = first.group;
            ui.add_space(4.0);
            ui.label(section(group));
            if narrow {
                for field in run {
                    let locked = self.sealed.as_ref().is_some_and(|s| s.locks(field));
                    ui.add_space(4.0);
                    self.field_row(ui, field, record, sides, locked, narrow);
                }
            } else {
                // A group may come back later in a form (after the other side's fields): the
                // run's start keeps each grid's id its own.
                egui::Grid::new(("form", part, group, start))
                    .num_columns(2)
                    .striped(true)
                    .spacing([12.0, 6.0])
                    .min_col_width(120.0)
                    .show(ui, |ui| {
                        for field in run {
                            let locked = self.sealed.as_ref().is_some_and(|s| s.locks(field));
                            self.field_row(ui, field, record, sides, locked, narrow);
                            ui.end_row();
                        }
                    });
            }
            start += run.len();
        }
    }

    /// One field: its label and rule, then its widget (below them when `narrow`), greyed out when
    /// `locked`.
    fn field_row(
        &mut self,
        ui: &mut egui::Ui,
        field: &Field,
        record: &Record,
        sides: &[SideName],
        locked: bool,
        narrow: bool,
    ) {
        // Narrow, the rule follows the label on its line, to keep the form short.
        let label = if narrow {
            ui.horizontal_wrapped(|ui| {
                let label = ui.add(egui::Label::new(field.label).wrap());
                ui.label(rule_text(ui, field.rule));
                label
            })
            .inner
        } else {
            ui.vertical(|ui| {
                ui.set_max_width(220.0);
                let label = ui.add(egui::Label::new(field.label).wrap());
                rule_label(ui, field.rule);
                label
            })
            .inner
        };
        label.clone().on_hover_text(field.help);
        let current = self
            .input
            .get(field.id)
            .cloned()
            .unwrap_or_else(|| field.default_value());
        let mut changed: Option<Value> = None;
        ui.vertical(|ui| {
            if locked {
                ui.disable();
            }
            changed = self.field_widget(ui, field, &current, label.id, record, sides);
        });
        if let Some(value) = changed
            && !locked
            && field.check(&value).is_ok()
        {
            self.input.set(field.id, value);
            self.procedure.follow(field.id, &mut self.input, record);
            // A changed situation is a new resolution: the old card no longer describes the form.
            self.result = None;
            self.dice_error = None;
        }
    }

    /// The input for one field; returns the value the players gave it this frame, if any.
    fn field_widget(
        &self,
        ui: &mut egui::Ui,
        field: &Field,
        current: &Value,
        label: egui::Id,
        record: &Record,
        sides: &[SideName],
    ) -> Option<Value> {
        let mut changed = None;
        let number = match current {
            Value::Number(n) => *n,
            _ => 0,
        };
        match field.kind {
            FieldKind::Flag => {
                let mut value = matches!(current, Value::Flag(true));
                let text = if value { "Yes" } else { "No" };
                let response = ui.checkbox(&mut value, text);
                let response = response.labelled_by(label).on_hover_text(field.help);
                if response.changed() {
                    changed = Some(Value::Flag(value));
                }
            }
            FieldKind::Count { max } if max <= LARGEST_CLICKED_COUNT => {
                let options: Vec<(i64, String)> =
                    (0..=i64::from(max)).map(|n| (n, n.to_string())).collect();
                changed = clicked_numbers(ui, field, number, &options).map(Value::Number);
            }
            FieldKind::Count { max } => {
                changed = number_box(ui, field, label, number, 0, i64::from(max));
            }
            FieldKind::Number { min, max } if max - min <= LARGEST_CLICKED_COUNT as i32 => {
                let options: Vec<(i64, String)> = (i64::from(min)..=i64::from(max))
                    .map(|n| (n, n.to_string()))
                    .collect();
                changed = clicked_numbers(ui, field, number, &options).map(Value::Number);
            }
            FieldKind::Number { min, max } => {
                changed = number_box(ui, field, label, number, i64::from(min), i64::from(max));
            }
            FieldKind::Choice(options) => {
                let selected = match current {
                    Value::Text(t) => t.to_string(),
                    _ => String::new(),
                };
                if options.len() <= 3 {
                    let group = egui::UiBuilder::new()
                        .accessibility_label(field.label)
                        .accessibility_role(egui::Role::RadioGroup);
                    ui.scope_builder(group, |ui| {
                        // Side by side while they fit; a long option wraps rather than running
                        // out of a narrow column.
                        ui.horizontal_wrapped(|ui| {
                            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                            for (id, text) in options {
                                if ui.radio(selected == *id, *text).clicked() {
                                    changed = Some(Value::Text((*id).into()));
                                }
                            }
                        });
                    });
                } else {
                    let shown = options
                        .iter()
                        .find(|o| o.0 == selected)
                        .map(|o| o.1)
                        .unwrap_or("");
                    let response = egui::ComboBox::from_id_salt(("choice", field.id))
                        .selected_text(shown)
                        .width(ui.available_width().min(240.0))
                        .wrap_mode(egui::TextWrapMode::Truncate)
                        .show_ui(ui, |ui| {
                            for (id, text) in options {
                                if ui.selectable_label(selected == *id, *text).clicked() {
                                    changed = Some(Value::Text((*id).into()));
                                }
                            }
                        })
                        .response;
                    response.labelled_by(label).on_hover_text(field.help);
                }
            }
            FieldKind::Text { max_len }
                if max_len <= LONG_TEXT
                    && !self
                        .procedure
                        .suggests(field.id, &self.input, record)
                        .is_empty() =>
            {
                // Picked from what the record suggests (an area a piece stands in), or typed.
                let value = match current {
                    Value::Text(t) => t.to_string(),
                    _ => String::new(),
                };
                let suggested = self.procedure.suggests(field.id, &self.input, record);
                changed = picker(
                    ui,
                    field,
                    label,
                    &value,
                    &suggested,
                    max_len,
                    "Pick or type…",
                )
                .map(|text| Value::Text(text.as_str().into()));
            }
            FieldKind::Text { max_len } => {
                let mut value = match current {
                    Value::Text(t) => t.to_string(),
                    _ => String::new(),
                };
                // A long text (the facts of several units) wraps across the form's width, so
                // none of it is cut off.
                let edit = if max_len > LONG_TEXT {
                    egui::TextEdit::multiline(&mut value)
                        .desired_rows(2)
                        .desired_width(ui.available_width())
                } else {
                    egui::TextEdit::singleline(&mut value)
                        .desired_width(ui.available_width().min(210.0))
                };
                let response = ui
                    .add(edit.char_limit(max_len).hint_text("for the record"))
                    .labelled_by(label)
                    .on_hover_text(field.help);
                if response.changed() {
                    changed = Some(Value::Text(value.as_str().into()));
                }
            }
            FieldKind::Unit { of, only, max_len } => {
                let name = match current {
                    Value::Text(t) => t.to_string(),
                    _ => String::new(),
                };
                let known = self.known_units(field.id, record, sides, of, only);
                changed = picker(ui, field, label, &name, &known, max_len, "Pick a unit…")
                    .map(|name| Value::Text(name.as_str().into()));
            }
            // Several units: a box for each the record offers, and for any already named.
            FieldKind::Units { of, only } => {
                let chosen: Vec<String> = match current {
                    Value::List(names) => names.iter().map(|n| n.to_string()).collect(),
                    _ => Vec::new(),
                };
                let mut offered = self.known_units(field.id, record, sides, of, only);
                for name in &chosen {
                    if !offered.contains(name) {
                        offered.push(name.clone());
                    }
                }
                if offered.is_empty() {
                    ui.label(egui::RichText::new("None on the record").weak())
                        .labelled_by(label);
                }
                for name in &offered {
                    let mut ticked = chosen.contains(name);
                    let response = ui
                        .checkbox(&mut ticked, name.as_str())
                        .on_hover_text(field.help);
                    if response.changed() {
                        let names = offered
                            .iter()
                            .filter(|n| {
                                if *n == name {
                                    ticked
                                } else {
                                    chosen.contains(n)
                                }
                            })
                            .map(|n| n.as_str().into())
                            .collect();
                        changed = Some(Value::List(names));
                    }
                }
            }
            // A number for each unit: one row each, the record's units and any already named.
            FieldKind::UnitNumbers { of, only, max } => {
                let numbers = match current {
                    Value::Numbers(numbers) => numbers.clone(),
                    _ => Default::default(),
                };
                let mut offered = self.known_units(field.id, record, sides, of, only);
                for name in numbers.keys() {
                    if !offered.iter().any(|n| n == name.as_str()) {
                        offered.push(name.to_string());
                    }
                }
                if offered.is_empty() {
                    ui.label(egui::RichText::new("None on the record").weak())
                        .labelled_by(label);
                }
                egui::Grid::new(field.id).num_columns(2).show(ui, |ui| {
                    for name in &offered {
                        let held = numbers.get(name.as_str()).copied();
                        let mut value = held.unwrap_or(0);
                        let name_label = ui.label(name.as_str());
                        let mut number = egui::DragValue::new(&mut value)
                            .range(0..=i64::from(max))
                            .speed(0.1);
                        // A unit with no number yet shows a dash, not a 0 it does not have.
                        if held.is_none() {
                            number = number.custom_formatter(|_, _| "–".to_string());
                        }
                        let response = ui
                            .add(number)
                            .labelled_by(name_label.id)
                            .on_hover_text(field.help);
                        if response.changed() || (held.is_none() && response.clicked()) {
                            let mut numbers = numbers.clone();
                            numbers.insert(name.as_str().into(), value);
                            changed = Some(Value::Numbers(numbers));
                        }
                        ui.end_row();
                    }
                });
            }
        }
        changed
    }
}

/// A number typed or dragged, within `min..=max`.
fn number_box(
    ui: &mut egui::Ui,
    field: &Field,
    label: egui::Id,
    value: i64,
    min: i64,
    max: i64,
) -> Option<Value> {
    let mut value = value;
    let response = ui
        .add(egui::DragValue::new(&mut value).range(min..=max).speed(0.1))
        .labelled_by(label)
        .on_hover_text(field.help);
    response.changed().then_some(Value::Number(value))
}

/// A small count as a row of numbers, one click each. The row is a radio group named after the
/// field, so a screen reader (and a test) finds it by the field's label.
fn clicked_numbers(
    ui: &mut egui::Ui,
    field: &Field,
    value: i64,
    options: &[(i64, String)],
) -> Option<i64> {
    let mut changed = None;
    let group = egui::UiBuilder::new()
        .accessibility_label(field.label)
        .accessibility_role(egui::Role::RadioGroup);
    ui.scope_builder(group, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            for (number, text) in options {
                let chip = ui
                    .add(
                        egui::Button::selectable(value == *number, text.as_str())
                            .min_size(egui::vec2(28.0, 22.0)),
                    )
                    .on_hover_text(field.help);
                if chip.clicked() && value != *number {
                    changed = Some(*number);
                }
            }
        });
    });
    changed
}

/// A name picked from the record: a drop-down of the units the field can take, or the names the
/// procedure suggests, with a box that filters them as one types. A name the record does not
/// know can still be given (a unit whose tile is not entered yet, a new area), from the same box.
fn picker(
    ui: &mut egui::Ui,
    field: &Field,
    label: egui::Id,
    current: &str,
    known: &[String],
    max_len: usize,
    placeholder: &str,
) -> Option<String> {
    let mut picked = None;
    let filter_id = ui.make_persistent_id(("unit_filter", field.id));
    let shown = if current.is_empty() {
        egui::RichText::new(placeholder).weak()
    } else {
        egui::RichText::new(current)
    };
    let combo = egui::ComboBox::from_id_salt(("unit", field.id))
        .selected_text(shown)
        .width(ui.available_width().min(240.0))
        .wrap_mode(egui::TextWrapMode::Truncate)
        .height(360.0)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .show_ui(ui, |ui| {
            // Opening afresh (not shown last frame): an empty filter, and the keyboard in it.
            let shown_id = filter_id.with("shown");
            let frame = ui.ctx().cumulative_pass_nr();
            let opening = ui.data(|d| d.get_temp::<u64>(shown_id)) != frame.checked_sub(1);
            ui.data_mut(|d| d.insert_temp(shown_id, frame));
            let mut filter: String = if opening {
                String::new()
            } else {
                ui.data(|d| d.get_temp(filter_id)).unwrap_or_default()
            };
            let edit = ui.add(
                egui::TextEdit::singleline(&mut filter)
                    .char_limit(max_len)
                    .desired_width(220.0)
                    .hint_text("type to filter, or a new name"),
            );
            let edit = edit.accessible_name(format!("Filter: {}", field.label));
            if opening {
                edit.request_focus();
            }
            let wanted = filter.trim().to_lowercase();
            let matching: Vec<&String> = known
                .iter()
                .filter(|name| name.to_lowercase().contains(&wanted))
                .collect();
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            for name in &matching {
                if ui
                    .selectable_label(current == name.as_str(), name.as_str())
                    .clicked()
                {
                    picked = Some((*name).clone());
                }
            }
            let typed = filter.trim();
            let is_known = known.iter().any(|n| n.eq_ignore_ascii_case(typed));
            if !typed.is_empty() && !is_known {
                if matching.is_empty() {
                    ui.label(egui::RichText::new("Not on the record.").weak());
                }
                if ui.button(format!("Name it \"{typed}\"")).clicked() {
                    picked = Some(typed.to_string());
                }
            }
            if matching.len() > 1 && !typed.is_empty() && !is_known {
                ui.label(egui::RichText::new("Several match: type more, or click one.").weak());
            }
            // Enter takes the name typed exactly, else the one unit that matches, else a name
            // the record does not know; it guesses nothing between several.
            if enter && picked.is_none() {
                let exact = known.iter().find(|n| n.eq_ignore_ascii_case(typed));
                picked = match (exact, matching.as_slice()) {
                    (Some(name), _) | (None, &[name]) => Some(name.clone()),
                    (None, []) if !typed.is_empty() => Some(typed.to_string()),
                    _ => None,
                };
            }
            if picked.is_some() {
                filter.clear();
                ui.close();
            }
            ui.data_mut(|d| d.insert_temp(filter_id, filter));
        });
    combo
        .response
        .labelled_by(label)
        .on_hover_text(if known.is_empty() {
            format!("{}: no unit on the record fits; type its name", field.help)
        } else {
            field.help.to_string()
        });
    picked.filter(|name| name != current)
}

impl Workspace {
    /// The names of the units the record knows on the side(s) unit field `field` refers to,
    /// meeting `only`, that the procedure offers for it as the form stands.
    fn known_units(
        &self,
        field: &str,
        record: &Record,
        sides: &[SideName],
        of: UnitOf,
        only: &[(&str, &str)],
    ) -> Vec<String> {
        let input = &self.input;
        let mut shown = Vec::new();
        for side in sides.iter().filter(|s| of.takes(input, &s.id)) {
            let offered = record
                .units_where(Some(&side.id), only)
                .filter(|(side, name, _)| self.procedure.offers(field, input, record, side, name))
                .map(|(_, name, _)| name);
            shown.extend(
                record
                    .shown_names(&side.id, offered)
                    .into_iter()
                    .map(|name| name.to_string()),
            );
        }
        shown
    }
}

/// "1 field" or "n fields".
fn fields_count(n: usize) -> String {
    if n == 1 {
        "1 field".to_string()
    } else {
        format!("{n} fields")
    }
}
