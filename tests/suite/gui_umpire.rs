//! The umpire's and the rules lawyer's screens, driven as a user drives them: the dispute view
//! over an attack, and the dice statistics of the game so far.

use crate::support::gui::*;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

/// How many labels read exactly `text`.
fn count(harness: &Harness<'_, AideApp>, text: &str) -> usize {
    harness.query_all(By::new().label(text)).count()
}

/// Whether some label reads exactly `text`.
fn shows(harness: &Harness<'_, AideApp>, text: &str) -> bool {
    count(harness, text) > 0
}

/// A new June 16-18 game with I Corps attacking the Reserve Corps, its best HQ's star and two
/// more from other HQs in range, resolved with physical dice 6 and 1.
fn attack_rolled(harness: &mut Harness<'_, AideApp>) {
    click(harness, "Waterloo Campaign 1815");
    click(harness, "Start the game");
    click(harness, "Attack");
    name_new_unit(harness, "Attacking Corps", "I Corps");
    name_new_unit(harness, "Defending unit", "Reserve Corps");
    set_number(harness, "Attacker's HQ Battle Stars", 1.0);
    // The other HQs are among the rarer facts, folded away.
    click_on(
        harness,
        By::new()
            .role(egui::Role::DisclosureTriangle)
            .label_contains("More facts ("),
        0,
    );
    set_number(
        harness,
        "Attacker's other HQs in range: their Battle Stars",
        2.0,
    );
    type_into(harness, "Or enter physical dice:", "6,1");
    click(harness, "Use these dice");
}

#[test]
fn the_dispute_view_sets_the_attack_side_by_side_under_each_reading() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    attack_rolled(&mut harness);

    // The attack carries three settings of two readings each: the form's, and three others.
    click(&mut harness, "Compare the readings (4)");
    assert!(shows(&harness, "As the form reads"));
    assert!(shows(
        &harness,
        "A unit in range of several HQs in Battle mode adds: Every HQ's in range, added up"
    ));
    assert!(shows(
        &harness,
        "Resolved with the dice on the result card: 6, 1."
    ));
    // Only the HQ stars reading changes anything here: the other two say so.
    assert_eq!(
        harness
            .query_all(By::new().label("Differs from the form's reading"))
            .count(),
        1
    );
    assert_eq!(
        harness
            .query_all(By::new().label("No difference under these facts"))
            .count(),
        2
    );
    // Under the form's reading only the best HQ's star counts; added up, all three do.
    // The card, the log and the three readings that leave them out show the first; one reading
    // shows the second.
    assert!(count(&harness, "Attacker: die 6 +1 = 7") >= 4);
    assert_eq!(count(&harness, "Attacker: die 6 +3 = 9"), 1);

    // The comparison follows the form: with no other HQ in range no reading differs.
    set_number(
        &mut harness,
        "Attacker's other HQs in range: their Battle Stars",
        0.0,
    );
    assert_eq!(
        harness
            .query_all(By::new().label("No difference under these facts"))
            .count(),
        3
    );
}

#[test]
fn the_dice_statistics_chart_counts_the_faces_and_the_luck_of_the_attack() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    attack_rolled(&mut harness);
    apply(&mut harness);

    click(&mut harness, "View");
    click(&mut harness, "Dice statistics…");
    assert!(
        shows(&harness, "French, d6: 2 rolls"),
        "the French side's dice"
    );
    assert!(
        harness
            .query(By::new().label_contains("Chi-square"))
            .is_some()
    );
    // 6 + 1 against 1: "+5 or more" eliminates the defender (L771-787), which (5,1), (6,1) and
    // (6,2) reach: 3 throws in 36.
    assert!(shows(&harness, "8.3%"));
    // The mean of one roll is its own figure.
    assert!(
        harness
            .query(By::new().label_contains("French: 1 roll, mean 8%"))
            .is_some()
    );
}

#[test]
fn a_photo_attached_in_the_log_is_saved_reopened_and_shown_and_its_alteration_fails_verify() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let game_file = folder.path().join("round-1.toml");
    let photo = folder.path().join("table.png");
    std::fs::write(&photo, crate::photos::test_png()).expect("written");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    path_dialog(&mut harness, &game_file, "Save");

    // The set-up (event 2) gets a photo of the table as it was laid out.
    click_on(&mut harness, By::new().label_contains("#2 "), 0);
    click(&mut harness, "Attach a photo of the table…");
    path_dialog(&mut harness, &photo, "Attach the photo");
    let view = harness.state().game_view().expect("a game");
    assert!(
        view.notice
            .as_ref()
            .is_some_and(|(text, error)| !error && text.contains("Photo attached to event 2")),
        "{:?}",
        view.notice
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();

    // Reopened, the set-up shows its photo.
    let mut reopened = app_harness(folder.path());
    reopened.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    reopened.run();
    path_dialog(&mut reopened, &game_file, "Open");
    click_on(&mut reopened, By::new().label_contains("#2 "), 0);
    // The thumbnail is drawn at its own size, wherever it falls: the 40 by 30 photo is smaller
    // than a thumbnail's 160 pixels and keeps its size.
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        reopened.run();
    }
    let thumbnail = reopened.get(By::new().role(egui::Role::Image)).rect();
    assert_eq!((thumbnail.width(), thumbnail.height()), (40.0, 30.0));
    let link = reopened
        .query_all(By::new().label_contains("event-2-"))
        .count();
    assert!(link >= 1, "the photo's link is shown");
    let view = reopened.state().game_view().expect("a game");
    assert_eq!(view.verify().expect("verified").photos, 1);

    // The image altered beside the file: verify names the photo's entry.
    let stored = std::fs::read_dir(folder.path().join("round-1.photos"))
        .expect("the photo folder")
        .flatten()
        .next()
        .expect("the photo")
        .path();
    let mut bytes = std::fs::read(&stored).expect("read");
    let at = bytes.len() / 2;
    bytes[at] ^= 0x55;
    std::fs::write(&stored, bytes).expect("altered");
    let failure = view.verify().expect_err("the photo was altered");
    assert!(
        failure
            .message
            .contains("the photo of event 2 has been altered"),
        "{failure}"
    );
    let photo_event = view
        .session
        .events()
        .iter()
        .find(|e| e.body.kind_name() == "photo_attached")
        .map(|e| e.seq);
    assert_eq!(Some(failure.seq), photo_event);
}
