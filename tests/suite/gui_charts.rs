//! The owner's flow for a chart printed only on the game's card, driven through the app as a
//! player does: The Battles of Waterloo's Fire Table, shipped as a template, refuses a fire and
//! says which chart to enter; the chart is entered in the grid editor, where a bad cell is refused
//! in place; the fire then resolves on it; and the chart is exported and imported into a fresh data
//! folder. The values typed are PLAINLY FICTIONAL, made up for the test.

use crate::support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::tables::{Place, TableStatus};
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use support::gui::{
    app_harness, click, next_step, open_procedure, physical_dice_and_apply, radio,
    resolve_and_apply, set_number, tick, type_into,
};

/// Replaces what a text field holds with `text`, as a player selecting it all and typing.
fn retype(harness: &mut Harness<'_, AideApp>, label: &str, text: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

fn editor_problems(harness: &Harness<'_, AideApp>) -> Vec<Place> {
    harness
        .state()
        .game_view()
        .and_then(|v| v.chart_editor.as_ref())
        .map(|e| e.problems().iter().map(|p| p.place).collect())
        .unwrap_or_default()
}

fn start_the_battles(harness: &mut Harness<'_, AideApp>) {
    radio(harness, "The Battles of Waterloo");
    click(harness, "Start the game");
}

fn path_dialog(harness: &mut Harness<'_, AideApp>, path: &std::path::Path, action: &str) {
    retype(harness, "File:", &path.display().to_string());
    click(harness, action);
}

#[test]
fn the_fire_table_is_entered_in_the_editor_used_exported_and_imported() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    start_the_battles(&mut harness);
    // On to the No LIM Phase, where a Command's activation offers every procedure: Napoleon's
    // Health, Initiative, LIM Selection, Pool Placement, the first LIM, the draw (no LIM was
    // selected), No LIM.
    for _ in 0..7 {
        next_step(&mut harness);
    }
    open_procedure(&mut harness, "Resolve: Fire");

    // The template refuses, and says which chart to enter.
    assert!(
        harness
            .query_by_label_contains("Fire needs the Fire Table, printed only on the game's card")
            .is_some()
    );
    click(&mut harness, "Enter the Fire Table");
    assert!(
        harness
            .query_by_label_contains("Enter a chart: Fire Table")
            .is_some()
    );

    // FICTIONAL values: the infantry band of the one column, and the ten rolls' results.
    retype(
        &mut harness,
        "Column 1: Infantry band (4-6, 10+ or 5)",
        "2-3",
    );
    retype(&mut harness, "Roll 0, column 4-6", "1X");
    assert!(
        editor_problems(&harness).contains(&Place::Cell { row: 0, column: 0 }),
        "the bad cell is marked where it is"
    );
    for (roll, cell) in ["-", "-", "d", "d", "d+1", "1", "1", "1d", "2", "2D"]
        .iter()
        .enumerate()
    {
        retype(&mut harness, &format!("Roll {roll}, column 4-6"), cell);
    }
    assert_eq!(editor_problems(&harness), Vec::<Place>::new());
    click(&mut harness, "Save chart");
    let kept = folder
        .path()
        .join("data/tables/battles-of-waterloo/fire.toml");
    assert!(kept.exists(), "kept in the data folder");
    let view = harness.state().game_view().unwrap();
    assert_eq!(
        view.tables.get("fire").unwrap().status,
        TableStatus::Entered
    );

    // The fire resolves on the entered chart: 5 French artillery SP on the 4-6 column, die 3 + 1.
    set_number(&mut harness, "Strength Points firing", 5.0);
    // 9 + 1 reads the 9 row, "2D": two steps and a Disorder to the target.
    physical_dice_and_apply(&mut harness, "9,0");
    let view = harness.state().game_view().unwrap();
    let fired = view
        .session
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Resolved {
                procedure,
                outcome,
                cell,
                ..
            } if procedure.as_str() == "fire" => Some((outcome.to_string(), cell.clone())),
            _ => None,
        });
    let (outcome, cell) = fired.expect("the fire is on the record");
    assert!(outcome.starts_with("2D: "), "{outcome}");
    let cell = cell.expect("the cell read");
    assert_eq!(
        (cell.row.as_str(), cell.column.as_deref()),
        ("9", Some("4-6"))
    );
    assert!(
        view.session
            .events()
            .iter()
            .any(|e| matches!(e.body, EventBody::Applied { .. }))
    );

    // Exported to a file, and imported into a fresh data folder.
    let shared = folder.path().join("shared-fire.toml");
    harness.get_by_label("Tables").click();
    harness.run();
    click(&mut harness, "Correct the Fire Table…");
    click(&mut harness, "Export…");
    path_dialog(&mut harness, &shared, "Export the chart");
    assert!(shared.exists(), "exported");

    let other = tempfile::tempdir().expect("another machine's folder");
    let mut fresh = app_harness(other.path());
    start_the_battles(&mut fresh);
    fresh.get_by_label("Tables").click();
    fresh.run();
    click(&mut fresh, "Import a chart…");
    path_dialog(&mut fresh, &shared, "Import");
    let view = fresh.state().game_view().unwrap();
    assert_eq!(
        view.tables.get("fire").unwrap().status,
        TableStatus::Entered
    );
    assert!(
        other
            .path()
            .join("data/tables/battles-of-waterloo/fire.toml")
            .exists()
    );
}

/// Adds a combat unit from its counter, with FICTIONAL ratings: Cohesion 5, Commitment 4, MA 6.
fn add_combat_unit(harness: &mut Harness<'_, AideApp>, army: &str, name: &str, strength: f64) {
    open_procedure(harness, "Resolve: Add a combat unit from its counter");
    radio(harness, army);
    type_into(harness, "Name on the counter", name);
    type_into(harness, "Command (its LIM)", "I Corps"); // FICTIONAL
    set_number(harness, "Strength Points", strength); // FICTIONAL
    set_number(harness, "Cohesion Rating", 5.0); // FICTIONAL
    set_number(
        harness,
        "Commitment Rating (Light Cavalry: Pursuit Rating)",
        4.0,
    ); // FICTIONAL
    set_number(harness, "Movement Allowance", 6.0); // FICTIONAL
    resolve_and_apply(harness);
}

#[test]
fn the_shock_table_is_entered_in_the_editor_then_a_shock_resolves_on_it() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    start_the_battles(&mut harness);
    add_combat_unit(&mut harness, "French", "12 Line", 6.0);
    add_combat_unit(&mut harness, "Prussian", "24 Line", 3.0);
    for _ in 0..7 {
        next_step(&mut harness);
    }
    open_procedure(&mut harness, "Resolve: Shock");
    assert!(
        harness
            .query_by_label_contains("Shock needs the Shock Table, printed only on the game's card")
            .is_some()
    );
    click(&mut harness, "Enter the Shock Table");
    // FICTIONAL: one column, 2:1, and the fourteen rolls' results, attacker/defender.
    retype(&mut harness, "Roll -2, column 1:4", "-/1Bx");
    assert!(
        editor_problems(&harness).contains(&Place::Cell { row: 0, column: 0 }),
        "the bad cell is marked where it is"
    );
    let cells = [
        "-/2B", "-/1B", "-/1d", "-/1", "-/d", "d/d", "d/-", "1/-", "1/-", "1d/-", "1B/-", "2/-",
        "2B/-", "2B/D",
    ];
    for (roll, cell) in (-2..=11).zip(cells) {
        for column in ["1:4", "1-1.5", "2:1", "3:1", "6:1"] {
            retype(&mut harness, &format!("Roll {roll}, column {column}"), cell);
        }
    }
    assert_eq!(editor_problems(&harness), Vec::<Place>::new());
    click(&mut harness, "Save chart");
    assert!(
        folder
            .path()
            .join("data/tables/battles-of-waterloo/shock.toml")
            .exists()
    );

    // 12 Line (6 SP) Shocks 24 Line (3 SP) from the front: 2:1, no DRM; die 0 reads "-/1d".
    radio(&mut harness, "French");
    tick(&mut harness, "12 Line");
    // The second "Prussian" is the defending army's.
    support::gui::click_on(
        &mut harness,
        egui_kittest::kittest::By::new()
            .role(egui::Role::RadioButton)
            .label("Prussian"),
        1,
    );
    tick(&mut harness, "24 Line");
    physical_dice_and_apply(&mut harness, "0,0,9");
    let view = harness.state().game_view().unwrap();
    let shocked = view
        .session
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Resolved {
                procedure,
                outcome,
                cell,
                ..
            } if procedure.as_str() == "shock" => Some((outcome.to_string(), cell.clone())),
            _ => None,
        });
    let (outcome, cell) = shocked.expect("the shock is on the record");
    assert!(outcome.starts_with("-/1d: "), "{outcome}");
    let cell = cell.unwrap();
    assert_eq!(
        (cell.row.as_str(), cell.column.as_deref()),
        ("0", Some("2:1"))
    );
    let record = support::gui::record(&harness);
    let line = record.unit("prussian", "24 Line").unwrap();
    assert_eq!(line.attribute("steps lost"), Some("1"));
    assert_eq!(
        line.attribute("disorder"),
        Some("D-1"),
        "9 fails Cohesion 5"
    );
    assert!(view.session.verify().is_ok());
}

/// On a small laptop (1024x700), a Fire Table of ten columns keeps its buttons in view, below the
/// grid that scrolls.
#[test]
fn the_chart_editor_fits_a_small_screen() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = support::gui::app_harness_sized(folder.path(), egui::vec2(1024.0, 700.0));
    start_the_battles(&mut harness);
    harness.get_by_label("Tables").click();
    harness.run();
    click(&mut harness, "Enter the Fire Table…");
    for _ in 0..9 {
        support::gui::click_on(
            &mut harness,
            egui_kittest::kittest::By::new().label("+ after"),
            0,
        );
    }
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1024.0, 700.0));
    for button in ["Save chart", "Export…", "Import…"] {
        let rect = harness.get_by_label(button).rect();
        assert!(screen.contains_rect(rect), "{button} at {rect:?}");
    }
    let columns = harness
        .state()
        .game_view()
        .unwrap()
        .chart_editor
        .as_ref()
        .unwrap()
        .draft
        .columns
        .len();
    assert_eq!(columns, 10);
}
