//! The owner's flow for a chart printed only on the game's card, driven through the app as a
//! player does: The Battles of Waterloo's Fire Table, shipped as a template, refuses a fire and
//! says which chart to enter; the chart is entered in the grid editor, where a bad cell is refused
//! in place; the fire then resolves on it; and the chart is exported and imported into a fresh data
//! folder. The values typed are PLAINLY FICTIONAL, made up for the test.

// Test code: a failed unwrap, expect, index or panic is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::tables::{Place, TableStatus};
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use support::gui::{
    app_harness, click, next_step, open_procedure, physical_dice_and_apply, radio, set_number,
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
        "Column 1: Infantry Strength Points (4-6, 10+ or 5)",
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
