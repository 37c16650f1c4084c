//! The procedure workspace: the generic form built from a procedure's field descriptions, the live
//! modifier breakdown, the odds before the roll, the roll (or typed-in dice), the result card and
//! Apply. Nothing here knows any game's rules.

use crate::engine::input::{Field, FieldKind, Input, UnitOf, Value};
use crate::engine::log::{RolledDie, SideName, side_name};
use crate::engine::procedure::{OddsLine, Procedure, Resolution, odds};
use crate::engine::record::Record;
use crate::engine::table_set::TableSet;
use crate::engine::tables::CellRef;
use crate::games::Game;
use crate::ui::sealed_panel::{SealedAction, SealedPanel};

pub const ROLL_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::R);

/// A resolution on screen, already in the log.
pub struct ShownResult {
    pub event: u64,
    pub resolution: Resolution,
    pub dice: Vec<RolledDie>,
    pub applied_as: Option<u64>,
    /// Set when the result first appears, so the card scrolls into view once.
    pub reveal: bool,
}

/// What the player asked for this frame; the game view carries it out.
pub enum WorkspaceAction {
    Roll,
    UsePhysicalDice(Vec<u8>),
    Apply,
    ShowCell(CellRef),
    /// A secret choice was sealed, or all were revealed (round, what to log).
    Sealed(String, SealedAction),
}

pub struct Workspace {
    game: &'static Game,
    pub procedure: &'static dyn Procedure,
    pub input: Input,
    /// The form as it opened (defaults plus what the record knows), for Reset.
    opening_input: Input,
    pub physical_dice: String,
    pub dice_error: Option<String>,
    pub result: Option<ShownResult>,
    odds_cache: Option<(Input, Result<Vec<OddsLine>, String>)>,
    /// The secret choices, for a procedure that has some (an Initiative bid).
    sealed: Option<SealedPanel>,
}

impl Workspace {
    pub fn new(
        game: &'static Game,
        procedure: &'static dyn Procedure,
        record: &Record,
    ) -> Workspace {
        let mut input = Input::defaults(procedure.fields());
        procedure.prefill(&mut input, record);
        let round = format!("{}, turn {}", procedure.title(), record.position.turn);
        Workspace {
            sealed: SealedPanel::new(procedure, record, round),
            game,
            procedure,
            opening_input: input.clone(),
            input,
            physical_dice: String::new(),
            dice_error: None,
            result: None,
            odds_cache: None,
        }
    }

    /// Fills in again what the record knows of the units the form names, after the record learnt
    /// more about them (a counter value entered in the roster).
    pub fn refollow_units(&mut self, record: &Record) {
        for field in self.procedure.fields() {
            if matches!(field.kind, FieldKind::Unit { .. }) && !self.input.text(field.id).is_empty()
            {
                self.procedure.follow(field.id, &mut self.input, record);
            }
        }
    }

    /// Recomputes the odds only when the input changed since the last frame.
    fn refresh_odds(&mut self, tables: &TableSet) {
        let stale = self
            .odds_cache
            .as_ref()
            .is_none_or(|(input, _)| *input != self.input);
        if stale {
            let computed = odds(self.procedure, &self.input, tables).map_err(|e| e.to_string());
            self.odds_cache = Some((self.input.clone(), computed));
        }
    }

    /// The form on the left, the resolution column on the right.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        tables: &TableSet,
        record: &Record,
        sides: &[SideName],
        shortcuts: bool,
    ) -> Option<WorkspaceAction> {
        let mut action = None;
        egui::Panel::right("resolution_column")
            .resizable(true)
            .default_size(370.0)
            .size_range(300.0..=640.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("resolution_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        action = self.resolution_column(ui, tables, record, sides, shortcuts);
                    });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("form_scroll")
                .auto_shrink(false)
                .show(ui, |ui| {
                    if let Some(sealed) = self.form(ui, record, sides) {
                        action = Some(sealed);
                    }
                });
        });
        action
    }

    fn form(
        &mut self,
        ui: &mut egui::Ui,
        record: &Record,
        sides: &[SideName],
    ) -> Option<WorkspaceAction> {
        let procedure = self.procedure;
        ui.heading(procedure.title());
        ui.label(egui::RichText::new(procedure.rule()).weak());
        ui.label(procedure.summary());
        ui.add_space(6.0);
        let mut action = None;
        if let Some(sealed) = &mut self.sealed {
            if let Some(done) = sealed.ui(ui, procedure, &mut self.input, record, sides) {
                action = Some(WorkspaceAction::Sealed(sealed.round.clone(), done));
            }
            ui.add_space(6.0);
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
        let mut start = 0;
        for run in fields.chunk_by(|a, b| a.group == b.group) {
            let [first, ..] = run else {
                continue;
            };
            let group = first.group;
            ui.add_space(4.0);
            ui.label(egui::RichText::new(group).strong().size(16.0));
            // A group may come back later in a form (after the other side's fields): the run's
            // start keeps each grid's id its own.
            egui::Grid::new(("form", group, start))
                .num_columns(2)
                .striped(true)
                .spacing([12.0, 6.0])
                .min_col_width(120.0)
                .show(ui, |ui| {
                    for field in run {
                        let locked = self.sealed.as_ref().is_some_and(|s| s.locks(field));
                        self.field_row(ui, field, record, sides, locked);
                        ui.end_row();
                    }
                });
            start += run.len();
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
        }
        action
    }

    /// One field: its label and rule, then its widget, greyed out when `locked`.
    fn field_row(
        &mut self,
        ui: &mut egui::Ui,
        field: &Field,
        record: &Record,
        sides: &[SideName],
        locked: bool,
    ) {
        let label_width = 240.0;
        let label = ui
            .vertical(|ui| {
                ui.set_max_width(label_width);
                let label = ui.add(egui::Label::new(field.label).wrap());
                ui.label(egui::RichText::new(field.rule).small().weak());
                label
            })
            .inner;
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
            match field.kind {
                FieldKind::Flag => {
                    let mut value = matches!(current, Value::Flag(true));
                    let text = if value { "Yes" } else { "No" };
                    let response = ui.checkbox(&mut value, text);
                    let response = response.labelled_by(label.id).on_hover_text(field.help);
                    if response.changed() {
                        changed = Some(Value::Flag(value));
                    }
                }
                FieldKind::Count { max } => {
                    let mut value = match current {
                        Value::Number(n) => n,
                        _ => 0,
                    };
                    let response = ui
                        .add(
                            egui::DragValue::new(&mut value)
                                .range(0..=i64::from(max))
                                .speed(0.1),
                        )
                        .labelled_by(label.id)
                        .on_hover_text(field.help);
                    if response.changed() {
                        changed = Some(Value::Number(value));
                    }
                }
                FieldKind::Number { min, max } => {
                    let mut value = match current {
                        Value::Number(n) => n,
                        _ => 0,
                    };
                    let response = ui
                        .add(
                            egui::DragValue::new(&mut value)
                                .range(i64::from(min)..=i64::from(max))
                                .speed(0.1),
                        )
                        .labelled_by(label.id)
                        .on_hover_text(field.help);
                    if response.changed() {
                        changed = Some(Value::Number(value));
                    }
                }
                FieldKind::Choice(options) => {
                    let selected = match &current {
                        Value::Text(t) => t.to_string(),
                        _ => String::new(),
                    };
                    if options.len() <= 3 {
                        let group = egui::UiBuilder::new()
                            .accessibility_label(field.label)
                            .accessibility_role(egui::Role::RadioGroup);
                        ui.scope_builder(group, |ui| {
                            for (id, text) in options {
                                if ui.radio(selected == *id, *text).clicked() {
                                    changed = Some(Value::Text((*id).into()));
                                }
                            }
                        });
                    } else {
                        let shown = options
                            .iter()
                            .find(|o| o.0 == selected)
                            .map(|o| o.1)
                            .unwrap_or("");
                        let response = egui::ComboBox::from_id_salt(("choice", field.id))
                            .selected_text(shown)
                            .width(240.0)
                            .show_ui(ui, |ui| {
                                for (id, text) in options {
                                    if ui.selectable_label(selected == *id, *text).clicked() {
                                        changed = Some(Value::Text((*id).into()));
                                    }
                                }
                            })
                            .response;
                        response.labelled_by(label.id).on_hover_text(field.help);
                    }
                }
                // A unit is text too, with the units the record knows for its side one click away.
                FieldKind::Text { max_len } | FieldKind::Unit { max_len, .. } => {
                    let mut value = match &current {
                        Value::Text(t) => t.to_string(),
                        _ => String::new(),
                    };
                    let known = match field.kind {
                        FieldKind::Unit { of, only, .. } => {
                            known_units(record, sides, &self.input, of, only)
                        }
                        _ => Vec::new(),
                    };
                    ui.horizontal(|ui| {
                        let response = ui
                            .add(
                                egui::TextEdit::singleline(&mut value)
                                    .char_limit(max_len)
                                    .desired_width(210.0)
                                    .hint_text(match field.kind {
                                        FieldKind::Unit { .. } => "type a name or pick one",
                                        _ => "for the record",
                                    }),
                            )
                            .labelled_by(label.id)
                            .on_hover_text(field.help);
                        if response.changed() {
                            changed = Some(Value::Text(value.as_str().into()));
                        }
                        if !known.is_empty() {
                            let menu = ui.menu_button("On record", |ui| {
                                for name in &known {
                                    if ui.button(name.as_str()).clicked() {
                                        changed = Some(Value::Text(name.as_str().into()));
                                    }
                                }
                            });
                            menu.response
                                .accessible_name(format!("On record: {}", field.label))
                                .on_hover_text(format!(
                                    "{}: units the record already knows",
                                    field.label
                                ));
                        }
                    });
                }
                // Several units: a box for each the record offers, and for any already named.
                FieldKind::Units { of, only } => {
                    let chosen: Vec<String> = match &current {
                        Value::List(names) => names.iter().map(|n| n.to_string()).collect(),
                        _ => Vec::new(),
                    };
                    let mut offered = known_units(record, sides, &self.input, of, only);
                    for name in &chosen {
                        if !offered.contains(name) {
                            offered.push(name.clone());
                        }
                    }
                    if offered.is_empty() {
                        ui.label(egui::RichText::new("None on the record").weak())
                            .labelled_by(label.id);
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
            }
        });
        if let Some(value) = changed
            && !locked
            && field.check(&value).is_ok()
        {
            self.input.set(field.id, value);
            self.procedure.follow(field.id, &mut self.input, record);
            // A changed situation is a new resolution: the old card no longer describes the form.
            self.result = None;
        }
    }

    fn resolution_column(
        &mut self,
        ui: &mut egui::Ui,
        tables: &TableSet,
        record: &Record,
        sides: &[SideName],
        shortcuts: bool,
    ) -> Option<WorkspaceAction> {
        let mut action = None;
        self.modifier_breakdown(ui);
        ui.separator();
        // A procedure without dice (victory determination) has no odds and nothing to roll.
        let spec = self.procedure.dice(&self.input);
        let rolls = !spec.is_empty();
        if rolls {
            self.odds_bars(ui, tables);
            ui.separator();
        }
        let heading = if rolls { "Roll" } else { "Resolve" };
        ui.label(egui::RichText::new(heading).strong().size(16.0));
        if rolls {
            ui.label(
                egui::RichText::new(
                    spec.slots
                        .iter()
                        .map(|s| format!("{} ({})", s.label, s.die.name()))
                        .collect::<Vec<_>>()
                        .join(", "),
                )
                .weak(),
            );
        }
        if let Some(sealed) = self.sealed.as_ref().filter(|s| !s.is_revealed()) {
            let (done, all) = sealed.progress();
            ui.label(format!(
                "Waiting for the secret choices: {done} of {all} sealed. Reveal them in the form to resolve."
            ));
            return action;
        }
        // Facts that contradict each other are refused before anything is rolled.
        let problem = self
            .procedure
            .check_combination(&self.input)
            .and_then(|()| self.game.check_record(self.procedure, &self.input, record))
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
                format!("Cannot {}: {}.", heading.to_lowercase(), problem.message)
            } else {
                format!(
                    "Cannot {} yet. {label}: {}.",
                    heading.to_lowercase(),
                    problem.message
                )
            };
            ui.add(
                egui::Label::new(egui::RichText::new(text).color(ui.visuals().error_fg_color))
                    .wrap(),
            );
        }
        let ready = problem.is_none();
        let (button, hover) = if rolls {
            (
                "Roll the dice",
                "The app rolls with this game's seeded generator; the roll is logged",
            )
        } else {
            ("Resolve", "Nothing is rolled; the result is logged")
        };
        let roll = ui
            .add_enabled(
                ready,
                egui::Button::new(egui::RichText::new(button).size(16.0))
                    .shortcut_text(ui.format_shortcut(&ROLL_SHORTCUT))
                    .min_size(egui::vec2(160.0, 30.0)),
            )
            .on_hover_text(hover);
        let roll_key = shortcuts && ui.input_mut(|i| i.consume_shortcut(&ROLL_SHORTCUT));
        if roll.clicked() || (ready && roll_key) {
            action = Some(WorkspaceAction::Roll);
        }
        if rolls {
            ui.add_space(4.0);
            ui.add_enabled_ui(ready, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Or enter physical dice:");
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.physical_dice)
                                .desired_width(90.0)
                                .hint_text("e.g. 3,5"),
                        )
                        .labelled_by(label.id);
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
                })
            });
        }
        if let Some(error) = &self.dice_error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        if let Some(result) = &mut self.result {
            ui.separator();
            let (card, card_action) = result_card(ui, result, sides);
            if std::mem::take(&mut result.reveal) {
                card.scroll_to_me(Some(egui::Align::TOP));
            }
            if card_action.is_some() {
                action = card_action;
            }
        }
        action
    }

    /// Each side's modifiers with their rules, and each side's total.
    fn modifier_breakdown(&self, ui: &mut egui::Ui) {
        ui.label(egui::RichText::new("Modifiers").strong().size(16.0));
        let modifiers = self.procedure.modifiers(&self.input);
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
                        ui.label(egui::RichText::new(&m.rule).small().weak());
                    });
                });
            }
        }
    }

    fn odds_bars(&mut self, ui: &mut egui::Ui, tables: &TableSet) {
        ui.label(
            egui::RichText::new("Odds before the roll")
                .strong()
                .size(16.0),
        );
        let width = ui.available_width().min(560.0);
        let bar_fill = ui.visuals().selection.bg_fill;
        let track = ui.visuals().extreme_bg_color;
        let text_color = ui.visuals().text_color();
        self.refresh_odds(tables);
        let Some((_, odds)) = &self.odds_cache else {
            return;
        };
        match odds {
            Err(_) if self.procedure.check_combination(&self.input).is_err() => {
                ui.label(
                    egui::RichText::new("The odds appear once the form is consistent (see below).")
                        .weak(),
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
                for line in lines {
                    let percent = line.probability * 100.0;
                    let text = format!("{percent:5.1}%  {}", line.key);
                    let galley = ui.painter().layout(
                        text.clone(),
                        egui::FontId::proportional(13.0),
                        text_color,
                        width - 12.0,
                    );
                    let height = (galley.size().y + 6.0).max(22.0);
                    let (response, painter) =
                        ui.allocate_painter(egui::vec2(width, height), egui::Sense::hover());
                    let rect = response.rect;
                    painter.rect_filled(rect, 3.0, track);
                    let filled = egui::Rect::from_min_size(
                        rect.min,
                        egui::vec2(rect.width() * line.probability as f32, rect.height()),
                    );
                    painter.rect_filled(filled, 3.0, bar_fill);
                    painter.galley(rect.left_top() + egui::vec2(6.0, 3.0), galley, text_color);
                    let accessible = text.clone();
                    response
                        .on_hover_text(format!("{} of the dice combinations", line.count))
                        .widget_info(move || {
                            egui::WidgetInfo::labeled(egui::Role::Label, true, accessible.clone())
                        });
                }
            }
        }
    }
}

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
                ui.label(egui::RichText::new(total.describe()).monospace());
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
            if !resolution.effects.is_empty() {
                ui.label(egui::RichText::new("Effects").strong());
            }
            for effect in &resolution.effects {
                let line = effect.describe_with(&|id| side_name(sides, id).to_string());
                ui.add(egui::Label::new(format!("- {line}")).wrap());
            }
            ui.add_space(6.0);
            match result.applied_as {
                Some(event) => {
                    ui.label(
                        egui::RichText::new(format!("Applied to the record (event {event})"))
                            .color(ui.visuals().selection.stroke.color),
                    );
                }
                None if resolution.effects.is_empty() => {
                    ui.label(egui::RichText::new("Nothing to apply to the record.").weak());
                }
                None => {
                    if ui
                        .button(egui::RichText::new("Apply to the record").size(15.0))
                        .on_hover_text("Logs the effects and updates the record")
                        .clicked()
                    {
                        action = Some(WorkspaceAction::Apply);
                    }
                }
            }
        });
    (card.response, action)
}

/// The names of the units the record knows on the side(s) a unit field refers to, meeting `only`.
fn known_units(
    record: &Record,
    sides: &[SideName],
    input: &Input,
    of: UnitOf,
    only: &[(&str, &str)],
) -> Vec<String> {
    let wanted: Vec<&str> = match of {
        UnitOf::Side(field) => vec![input.text(field)],
        UnitOf::OpponentOf(field) => sides
            .iter()
            .map(|s| s.id.as_str())
            .filter(|id| *id != input.text(field))
            .collect(),
        UnitOf::Any => sides.iter().map(|s| s.id.as_str()).collect(),
    };
    record
        .units_where(None, only)
        .filter(|(side, _, _)| wanted.contains(side))
        .map(|(_, unit, _)| unit.to_string())
        .collect()
}
