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
