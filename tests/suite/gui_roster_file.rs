//! A group enters its counters once: in one game of The Battles of Waterloo a unit is added from
//! its counter and a value corrected in the roster editor, the roster is saved to a file from the
//! editor, and a fresh game in a fresh data folder loads it from the Tables menu and finds the unit
//! on the record. Driven through the app at its smallest window, 1024x700. The ratings are
//! FICTIONAL, made up for the test.

use crate::support;

use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use support::gui::{
    app_harness_sized, click, click_on, open_procedure, path_dialog, radio, record,
    resolve_and_apply, set_number, type_into,
};

const SMALL_SCREEN: egui::Vec2 = egui::vec2(1024.0, 700.0);

fn start_the_battles(harness: &mut Harness<'_, AideApp>) {
    radio(harness, "The Battles of Waterloo");
    click(harness, "Start the game");
}

fn notice(harness: &Harness<'_, AideApp>) -> (String, bool) {
    harness
        .state()
        .game_view()
        .and_then(|view| view.notice.clone())
        .expect("a notice")
}

#[test]
fn a_roster_saved_from_one_game_is_loaded_into_a_fresh_one() {
    let first = tempfile::tempdir().unwrap();
    let roster = first.path().join("my-counters.toml");
    let mut harness = app_harness_sized(first.path(), SMALL_SCREEN);
    start_the_battles(&mut harness);

    open_procedure(&mut harness, "Add a combat unit from its counter");
    radio(&mut harness, "French");
    type_into(&mut harness, "Name on the counter", "12 Line");
    type_into(&mut harness, "Command (its LIM)", "II Corps");
    set_number(&mut harness, "Strength Points", 4.0); // FICTIONAL
    set_number(&mut harness, "Cohesion Rating", 5.0); // FICTIONAL
    resolve_and_apply(&mut harness);
    assert!(record(&harness).unit("french", "12 Line").is_some());

    // The roster editor corrects a value, then saves the roster.
    click(&mut harness, "Counter values");
    click_on(
        &mut harness,
        By::new()
            .role(egui::Role::CheckBox)
            .label("Only units with values to enter"),
        0,
    );
    type_into(&mut harness, "12 Line: Strength", "6"); // FICTIONAL
    click(&mut harness, "Record 1 values");
    assert_eq!(
        record(&harness)
            .unit("french", "12 Line")
            .and_then(|u| u.attribute("strength")),
        Some("6")
    );
    click(&mut harness, "Save the roster to a file…");
    path_dialog(&mut harness, &roster, "Save the roster");
    let (saved, is_error) = notice(&harness);
    assert!(
        !is_error && saved.contains("Saved 2 roster entries"),
        "{saved}"
    );
    assert!(roster.exists());

    // A fresh game, in a fresh data folder, loads it from the Tables menu.
    let second = tempfile::tempdir().unwrap();
    let mut harness = app_harness_sized(second.path(), SMALL_SCREEN);
    start_the_battles(&mut harness);
    assert!(record(&harness).unit("french", "12 Line").is_none());
    click(&mut harness, "Tables");
    click(&mut harness, "Load a roster from a file…");
    path_dialog(&mut harness, &roster, "Load the roster");
    let (loaded, is_error) = notice(&harness);
    assert!(
        !is_error && loaded.contains("Loaded 2 roster entries"),
        "{loaded}"
    );
    let unit = record(&harness)
        .unit("french", "12 Line")
        .cloned()
        .expect("on the record");
    assert_eq!(unit.attribute("strength"), Some("6"));
    assert_eq!(unit.attribute("cohesion"), Some("5"));
    assert_eq!(unit.attribute("command"), Some("II Corps"));

    // Loaded twice, the roster is refused whole: the unit is there already.
    let events = harness.state().game_view().unwrap().session.events().len();
    click(&mut harness, "Tables");
    click(&mut harness, "Load a roster from a file…");
    path_dialog(&mut harness, &roster, "Load the roster");
    let (refused, is_error) = notice(&harness);
    assert!(
        is_error && refused.contains("entry 1 (add-unit) refused"),
        "{refused}"
    );
    assert_eq!(
        harness.state().game_view().unwrap().session.events().len(),
        events
    );
}

#[test]
fn the_roster_editor_and_its_file_buttons_fit_a_small_screen() {
    let folder = tempfile::tempdir().unwrap();
    let mut harness = app_harness_sized(folder.path(), SMALL_SCREEN);
    start_the_battles(&mut harness);
    click(&mut harness, "Counter values");
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, SMALL_SCREEN);
    for label in [
        "Save the roster to a file…",
        "Load a roster from a file…",
        "Record 0 values",
    ] {
        let rect = harness.get_by_label(label).rect();
        assert!(screen.contains_rect(rect), "{label} at {rect:?}");
    }
    click(&mut harness, "Tables");
    for label in ["Save the roster to a file…", "Load a roster from a file…"] {
        let item = harness
            .get_all_by_label(label)
            .map(|node| node.rect())
            .find(|rect| screen.contains_rect(*rect));
        assert!(item.is_some(), "{label} in the Tables menu, on the screen");
    }
}
