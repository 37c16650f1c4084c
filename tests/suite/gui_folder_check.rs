//! File > Verify a folder… on the small laptop (1024×700): the folder typed into the app's own
//! path dialog, a row per file, a failed session marked in words, sorting by a column and back,
//! and a clicked row's whole verdict.

use crate::support::Play;
use crate::support::gui::{app_harness_sized, click, click_on};
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT as _, Queryable};
use std::path::Path;

const SMALL: egui::Vec2 = egui::vec2(1024.0, 700.0);

/// Three saved games of three games, one of them tampered with, and a file of notes.
fn umpires_folder(folder: &Path) {
    std::fs::create_dir_all(folder).unwrap();
    for (file, game, scenario) in [
        ("a-campaign.toml", "waterloo-campaign-1815", "june-16-18"),
        ("b-enemy-mistakes.toml", "enemy-mistakes", "historical"),
        ("c-waterloo-200.toml", "waterloo-200", "battle"),
    ] {
        Play::start(game, scenario)
            .session
            .save(&folder.join(file))
            .unwrap();
    }
    // The first event's time changed: its hash no longer holds.
    let tampered = folder.join("b-enemy-mistakes.toml");
    let text = std::fs::read_to_string(&tampered).unwrap();
    std::fs::write(&tampered, text.replacen("time = \"20", "time = \"19", 1)).unwrap();
    std::fs::write(folder.join("d-notes.txt"), "Ney's attack at 14:00").unwrap();
}

/// The files as the table lists them, top to bottom.
fn files_top_to_bottom(harness: &Harness<'_, AideApp>) -> Vec<String> {
    let mut rows: Vec<(f32, String)> = [
        "a-campaign.toml",
        "b-enemy-mistakes.toml",
        "c-waterloo-200.toml",
        "d-notes.txt",
    ]
    .iter()
    .map(|file| (harness.get_by_label(file).rect().top(), file.to_string()))
    .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, file)| file).collect()
}

/// The texts in the row of `file`, left to right.
fn row_of(harness: &Harness<'_, AideApp>, file: &str) -> Vec<String> {
    let row = harness.get_by_label(file).rect();
    let mut cells: Vec<(f32, String)> = harness
        .query_all(By::new().role(egui::Role::Label))
        .filter(|node| (row.top()..row.bottom()).contains(&node.rect().center().y))
        .filter_map(|node| {
            let text = node.accesskit_node().value()?.to_string();
            Some((node.rect().left(), text))
        })
        .collect();
    cells.sort_by(|a, b| a.0.total_cmp(&b.0));
    cells.into_iter().map(|(_, text)| text).collect()
}

/// Clicks the heading of `column` (it carries an arrow while the table is sorted by it).
fn sort_by(harness: &mut Harness<'_, AideApp>, column: &str) {
    let is_heading = |label: &str| {
        label
            .strip_prefix(column)
            .is_some_and(|arrow| ["", "▲", "▼"].contains(&arrow.trim()))
    };
    harness
        .get_all(By::new().role(egui::Role::Button))
        .find(|node| {
            node.accesskit_node()
                .label()
                .is_some_and(|l| is_heading(&l))
        })
        .expect("the heading")
        .click();
    harness.run();
}

#[test]
fn an_umpire_verifies_a_folder_and_sorts_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("collected");
    umpires_folder(&folder);
    let mut harness = app_harness_sized(dir.path(), SMALL);

    // From the File menu, through the app's own path dialog (the desktop's picker is optional).
    click(&mut harness, "File");
    click(&mut harness, "Verify a folder…");
    harness.get_by_label("Folder:").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("Folder:")
        .type_text(&folder.display().to_string());
    harness.run();
    click(&mut harness, "Verify the folder");
    let window = harness.state().folder_check().expect("the window is open");
    assert_eq!(window.folder(), folder);
    assert_eq!(window.rows().len(), 4);

    // A row per file, in the order of their names, and the counts.
    assert_eq!(
        files_top_to_bottom(&harness),
        [
            "a-campaign.toml",
            "b-enemy-mistakes.toml",
            "c-waterloo-200.toml",
            "d-notes.txt"
        ]
    );
    harness.get_by_label("2 verified, 1 failed, 1 not a session");
    let campaign = row_of(&harness, "a-campaign.toml");
    assert_eq!(campaign.len(), 6, "{campaign:?}");
    assert_eq!(
        campaign[1..3],
        [
            "Waterloo Campaign 1815",
            "The Waterloo Campaign: June 16-18, 1815"
        ]
    );
    assert!(campaign[5].starts_with("verified"), "{campaign:?}");
    assert_eq!(
        row_of(&harness, "d-notes.txt"),
        ["d-notes.txt", "-", "-", "-", "-", "not a session file"]
    );
    // The failed session says so in words, not in colour only.
    let tampered = row_of(&harness, "b-enemy-mistakes.toml");
    assert_eq!(tampered[1], "Waterloo: Enemy Mistakes");
    let failed_text = tampered[5].clone();
    assert!(
        failed_text.starts_with("FAILED at event 1: ") && failed_text.contains("hash"),
        "{tampered:?}"
    );

    // Sorted by game, then the other way.
    sort_by(&mut harness, "Game");
    assert_eq!(
        files_top_to_bottom(&harness),
        [
            "d-notes.txt",
            "c-waterloo-200.toml",
            "a-campaign.toml",
            "b-enemy-mistakes.toml"
        ]
    );
    sort_by(&mut harness, "Game");
    assert_eq!(
        files_top_to_bottom(&harness),
        [
            "b-enemy-mistakes.toml",
            "a-campaign.toml",
            "c-waterloo-200.toml",
            "d-notes.txt"
        ]
    );
    // By verdict: failures first.
    sort_by(&mut harness, "Verdict");
    assert_eq!(
        files_top_to_bottom(&harness),
        [
            "b-enemy-mistakes.toml",
            "a-campaign.toml",
            "c-waterloo-200.toml",
            "d-notes.txt"
        ]
    );

    // A click on the failed row shows its whole verdict below the table.
    click_on(&mut harness, By::new().label("b-enemy-mistakes.toml"), 0);
    assert_eq!(
        harness.query_all_by_label(&failed_text).count(),
        2,
        "in the table and below it"
    );

    // Verify again reads the folder as it now is, in the order chosen.
    std::fs::remove_file(folder.join("a-campaign.toml")).unwrap();
    click(&mut harness, "Verify again");
    let files: Vec<&str> = harness
        .state()
        .folder_check()
        .unwrap()
        .rows()
        .iter()
        .map(|row| row.file.as_str())
        .collect();
    assert_eq!(
        files,
        [
            "b-enemy-mistakes.toml",
            "c-waterloo-200.toml",
            "d-notes.txt"
        ]
    );
    harness.get_by_label("1 verified, 1 failed, 1 not a session");

    // A folder that cannot be read is named in a notice.
    let nowhere = dir.path().join("nowhere");
    harness.state_mut().verify_folder(&nowhere);
    harness.run();
    harness.get_by_label_contains(&format!(
        "Could not verify the folder: {}: the folder cannot be read",
        nowhere.display()
    ));
}
