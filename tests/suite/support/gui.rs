//! Driving the real app through its accessibility tree, as a player does: the harness, and a
//! helper for each kind of interaction (a click, a unit picked from the record, a number, dice).

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::play::{Command, Dice, Executed};
use aide_de_camp::ui::AideApp;
use aide_de_camp::ui::files::NoPicker;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

pub fn app_harness(folder: &std::path::Path) -> Harness<'static, AideApp> {
    app_harness_sized(folder, egui::vec2(1440.0, 900.0))
}

/// The app in a window of `size`, its data in `folder`.
pub fn app_harness_sized(folder: &std::path::Path, size: egui::Vec2) -> Harness<'static, AideApp> {
    let data = folder.join("data");
    let recovery = folder.join("data/recovery");
    Harness::builder()
        .with_size(size)
        .with_max_steps(12)
        .build_eframe(move |_cc| {
            AideApp::with_parts(
                Box::new(NoPicker),
                Some(data.clone()),
                Some(recovery.clone()),
            )
        })
}

/// Scrolls the `nth` widget the query finds into view, as a user would, then clicks it.
pub fn click_on(harness: &mut Harness<'_, AideApp>, by: By<'_>, nth: usize) {
    harness
        .get_all(by.clone())
        .nth(nth)
        .expect("the widget")
        .scroll_to_me();
    harness.run();
    harness.get_all(by).nth(nth).expect("the widget").click();
    harness.run();
}

/// Clicks the widget labelled `label`, scrolling it into view first.
pub fn click(harness: &mut Harness<'_, AideApp>, label: &str) {
    click_on(harness, By::new().label(label), 0);
}

/// The same for a button whose accessible name also holds its shortcut ("Roll the dice Ctrl+R").
pub fn click_button_with_shortcut(harness: &mut Harness<'_, AideApp>, label: &str) {
    click_on(harness, By::new().label_contains(label), 0);
}

/// Applies the result on the card, from the action bar.
pub fn apply(harness: &mut Harness<'_, AideApp>) {
    click_button_with_shortcut(harness, "Apply to the record Ctrl");
}

/// Starts the first game and scenario (June 16-18, at Step D) and walks on to the Attack Phase:
/// D, E, F, G, H, Moves, then Attacks.
pub fn start_at_the_attacks(harness: &mut Harness<'_, AideApp>) {
    click(harness, "Start the game");
    for _ in 0..6 {
        next_step(harness);
    }
}

/// Moves play to the next step, from the head of the turn sequence.
pub fn next_step(harness: &mut Harness<'_, AideApp>) {
    click_button_with_shortcut(harness, "Next step Ctrl");
}

/// Opens the unit picker labelled `label` and types `name` into its filter.
fn filter_units(harness: &mut Harness<'_, AideApp>, label: &str, name: &str) {
    click_on(
        harness,
        By::new().role(egui::Role::ComboBox).label(label),
        0,
    );
    harness
        .get_by_label(&format!("Filter: {label}"))
        .type_text(name);
    harness.run();
}

/// Names a unit in the unit picker labelled `label`, as a player does who types: opens it, types
/// the name into its filter and presses Enter (a single match on the record is picked; a name
/// the record does not know is taken as typed).
pub fn name_unit(harness: &mut Harness<'_, AideApp>, label: &str, name: &str) {
    filter_units(harness, label, name);
    harness.key_press(egui::Key::Enter);
    harness.run();
}

/// Names a unit the record does not know: types it into the picker's filter and takes it as typed.
pub fn name_new_unit(harness: &mut Harness<'_, AideApp>, label: &str, name: &str) {
    filter_units(harness, label, name);
    click(harness, &format!("Name it \"{name}\""));
}

pub fn type_into(harness: &mut Harness<'_, AideApp>, label: &str, text: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Picks `option` from the drop-down list labelled `label`.
pub fn choose(harness: &mut Harness<'_, AideApp>, label: &str, option: &str) {
    harness
        .get_by_role_and_label(egui::Role::ComboBox, label)
        .click();
    harness.run();
    harness
        .get_by_role_and_label(egui::Role::Button, option)
        .click();
    harness.run();
}

pub fn radio(harness: &mut Harness<'_, AideApp>, option: &str) {
    click_on(
        harness,
        By::new().role(egui::Role::RadioButton).label(option),
        0,
    );
}

/// Resolves the open procedure (no dice) and applies its result.
pub fn resolve_and_apply(harness: &mut Harness<'_, AideApp>) {
    click_button_with_shortcut(harness, "Resolve Ctrl");
    apply(harness);
}

pub fn physical_dice_and_apply(harness: &mut Harness<'_, AideApp>, faces: &str) {
    type_into(harness, "Or enter physical dice:", faces);
    click(harness, "Use these dice");
    apply(harness);
}

pub fn record(harness: &Harness<'_, AideApp>) -> aide_de_camp::engine::record::Record {
    harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .record()
        .clone()
}

/// Sets the number in the spin box labelled `label`, as a screen reader or a typed value does.
pub fn set_number(harness: &mut Harness<'_, AideApp>, label: &str, value: f64) {
    let spin = || By::new().role(egui::Role::SpinButton).label(label);
    if harness.query(spin()).is_none() {
        // A small number is a row of numbers to click.
        let group = || By::new().role(egui::Role::RadioGroup).label(label);
        harness
            .get(group())
            .get_by_label(&value.to_string())
            .scroll_to_me();
        harness.run();
        harness
            .get(group())
            .get_by_label(&value.to_string())
            .click();
        harness.run();
        return;
    }
    harness.get(spin()).scroll_to_me();
    harness.run();
    harness.get(spin()).set_value_accesskit(value);
    harness.run();
}

/// Picks `unit` from the unit picker labelled `label`, by a click on the name it lists.
/// `nth` tells apart fields of the same label (the attacker's and the defender's).
pub fn pick_on_record(harness: &mut Harness<'_, AideApp>, label: &str, unit: &str, nth: usize) {
    click_on(
        harness,
        By::new().role(egui::Role::ComboBox).label(label),
        nth,
    );
    click_on(harness, By::new().role(egui::Role::Button).label(unit), 0);
}

/// Ticks the box of `unit` in a list of units.
pub fn tick(harness: &mut Harness<'_, AideApp>, unit: &str) {
    click_on(harness, By::new().role(egui::Role::CheckBox).label(unit), 0);
}

/// Opens a procedure from the "All procedures" list.
pub fn open_procedure(harness: &mut Harness<'_, AideApp>, title: &str) {
    click_on(harness, By::new().role(egui::Role::Button).label(title), 0);
}

/// A number the record keeps about an Enemy Mistakes piece; 0 when not kept.
pub fn kept(harness: &Harness<'_, AideApp>, side: &str, unit: &str, attribute: &str) -> i64 {
    record(harness)
        .unit(side, unit)
        .and_then(|u| u.attribute(attribute))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// An army's Generals of an Army Corps on the battlefield, as the record has them.
pub fn kept_generals(harness: &Harness<'_, AideApp>, side: &str) -> i64 {
    record(harness)
        .units_where(
            Some(side),
            &[("kind", "General"), ("state", "On the battlefield")],
        )
        .filter(|(_, _, general)| general.attribute("corps").is_some_and(|c| !c.is_empty()))
        .count() as i64
}

/// Adds a Unit from its tile in the roster's form. Its Loss capacity (4) and victory points (10)
/// are FICTIONAL: the text prints no tile but the sample (L459-465).
pub fn add_tile(
    harness: &mut Harness<'_, AideApp>,
    army: &str,
    number: f64,
    unit_type: &str,
    corps: &str,
) {
    open_procedure(harness, "Add a Unit from its tile");
    radio(harness, army);
    set_number(harness, "Number on the tile", number);
    choose(harness, "Type", unit_type);
    type_into(harness, "Army Corps", corps);
    set_number(harness, "Losses it can sustain", 4.0); // FICTIONAL
    set_number(harness, "Victory points", 10.0); // FICTIONAL
    resolve_and_apply(harness);
}

/// Resolves `procedure` on the open game's record through the engine and applies it, as the
/// players would from the roster: for the pieces a test puts on the record before playing.
pub fn set_up(harness: &mut Harness<'_, AideApp>, procedure: &str, values: &[(&str, Value)]) {
    let view = harness.state_mut().game_view_mut().expect("a game");
    let input = super::form_of(view.game, view.session.record(), procedure, values);
    let command = Command::Resolve {
        procedure: procedure.into(),
        input,
        dice: Dice::Physical(Vec::new()),
        apply: true,
    };
    match view.session.execute(view.game, &view.tables, command) {
        Ok(Executed::Resolved { .. }) => {}
        other => panic!("{procedure}: {other:?}"),
    }
    harness.run();
}

/// Types `path` into the path dialog's field, in place of what it suggests, and confirms with the
/// button `action`.
pub fn path_dialog(harness: &mut Harness<'_, AideApp>, path: &std::path::Path, action: &str) {
    harness.get_by_label("File:").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("File:")
        .type_text(&path.display().to_string());
    harness.run();
    click(harness, action);
}
