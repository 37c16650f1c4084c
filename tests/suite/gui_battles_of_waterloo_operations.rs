//! One whole Operations Phase of The Battles of Waterloo, played through the app as the players
//! play it: the Initiative, the Pool built from the LIMs selected, one LIM kept out and carried out
//! first (a fire and a shock by its Command, applied to the record), then LIMs drawn blind from
//! the cup until it is empty; every step is in the log and the session verifies.
//!
//! The counters and LIMs are put on the record through the engine first, as the players would
//! from the roster; their ratings are FICTIONAL. The Fire and Shock charts are the tests'
//! PLAINLY FICTIONAL fixtures, copied into the data folder as an owner's entered charts.

use crate::support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use support::gui::{
    app_harness, click, click_on, next_step, open_procedure, physical_dice_and_apply, radio,
    record, set_up, tick,
};
use support::{number, text};

fn counters(harness: &mut Harness<'_, AideApp>) {
    for (side, name, points) in [("french", "Napoleon", 3), ("allied", "Wellington", 2)] {
        set_up(
            harness,
            "add-leader",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("type", text("overall_commander")),
                ("command_points", number(points)), // FICTIONAL for Wellington
            ],
        );
    }
    for side in ["french", "allied"] {
        set_up(
            harness,
            "add-lim",
            &[
                ("side", text(side)),
                ("kind", text("command")),
                ("name", text("I Corps")),
            ],
        );
    }
    for (side, name, kind, strength) in [
        ("french", "12 Line", "infantry", 6),
        ("allied", "Line", "infantry", 3),
    ] {
        set_up(
            harness,
            "add-unit",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("type", text(kind)),
                ("command", text("I Corps")),
                ("strength", number(strength)), // FICTIONAL
                ("cohesion", number(5)),        // FICTIONAL
                ("commitment", number(4)),      // FICTIONAL
                ("movement", number(6)),        // FICTIONAL
            ],
        );
    }
}

fn cup(harness: &Harness<'_, AideApp>) -> usize {
    record(harness).cups.get("LIM Pool").map_or(0, Vec::len)
}

fn resolved(harness: &Harness<'_, AideApp>, procedure: &str) -> Vec<String> {
    harness
        .state()
        .game_view()
        .unwrap()
        .session
        .events()
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Resolved {
                procedure: p,
                outcome,
                ..
            } if p.as_str() == procedure => Some(outcome.to_string()),
            _ => None,
        })
        .collect()
}

/// The Defending army's radio button for `army`: the second of that label on the form.
fn defending(harness: &mut Harness<'_, AideApp>, army: &str) {
    click_on(
        harness,
        By::new().role(egui::Role::RadioButton).label(army),
        1,
    );
}

#[test]
fn one_whole_operations_phase_then_a_limited_activation() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let charts = folder.path().join("data/tables/battles-of-waterloo");
    std::fs::create_dir_all(&charts).unwrap();
    for chart in ["fire", "terrain", "shock", "shock-modifiers"] {
        std::fs::copy(
            format!("tests/fixtures/battles-of-waterloo/{chart}.toml"),
            charts.join(format!("{chart}.toml")),
        )
        .unwrap();
    }
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "The Battles of Waterloo");
    click(&mut harness, "Start the game");
    counters(&mut harness);

    // A. Initiative: on to Initiative Determination; the French 7 beat the Anglo-Allied 2.
    next_step(&mut harness);
    next_step(&mut harness);
    open_procedure(&mut harness, "Resolve: Initiative");
    physical_dice_and_apply(&mut harness, "7,2");
    assert_eq!(resolved(&harness, "initiative").len(), 1);

    // B. Pool Creation: each army selects its I Corps LIM; the Orders LIMs go in free.
    next_step(&mut harness);
    for army in ["French", "Anglo-Allied"] {
        open_procedure(&mut harness, "Resolve: Select LIMs into the Pool");
        radio(&mut harness, army);
        tick(&mut harness, "I Corps");
        tick(&mut harness, "Each Corps/Division LIM selected is eligible");
        support::gui::resolve_and_apply(&mut harness);
    }
    assert_eq!(cup(&harness), 4);
    // Pool Placement: the French keep their I Corps out, to carry it out first.
    next_step(&mut harness);
    open_procedure(&mut harness, "Resolve: Keep the first LIM out");
    support::gui::resolve_and_apply(&mut harness);
    assert_eq!(cup(&harness), 3);

    // C. Operations: the French I Corps fires and shocks.
    next_step(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Carrying out French: I Corps")
            .is_some()
    );
    open_procedure(&mut harness, "Resolve: Fire");
    tick(&mut harness, "12 Line");
    support::gui::pick_on_record(&mut harness, "Target (the top unit of its hex)", "Line", 0);
    physical_dice_and_apply(&mut harness, "5,0");
    assert_eq!(resolved(&harness, "fire").len(), 1);

    open_procedure(&mut harness, "Resolve: Shock");
    tick(&mut harness, "12 Line");
    defending(&mut harness, "Anglo-Allied");
    tick(&mut harness, "Line");
    physical_dice_and_apply(&mut harness, "1,0,9");
    let shock = resolved(&harness, "shock");
    assert_eq!(shock.len(), 1, "{shock:?}");
    let line = record(&harness).unit("allied", "Line").unwrap().clone();
    assert!(
        line.attribute("steps lost").is_some() || line.attribute("disorder").is_some(),
        "the shock struck the record: {shock:?}"
    );

    // The Random LIM Draw comes round while the cup holds a LIM.
    let mut draws = 0;
    while cup(&harness) > 0 {
        // The button reads "Next pass" while the step comes round again.
        let label = if draws == 0 {
            "Next step Ctrl"
        } else {
            "Next pass Ctrl"
        };
        support::gui::click_button_with_shortcut(&mut harness, label);
        open_procedure(&mut harness, "Resolve: Draw a LIM");
        // Drawn blind by the app, from the session's sealed seed.
        support::gui::resolve_and_apply(&mut harness);
        draws += 1;
        assert!(draws <= 3, "the cup empties in three draws");
    }
    assert_eq!(resolved(&harness, "lim-draw").len(), 3);

    // D. No LIM Phase: a Command whose LIM was not selected takes a Limited Activation. What the
    // record keeps of it is shown, and no click can spend it.
    support::gui::click_button_with_shortcut(&mut harness, "Next step Ctrl");
    open_procedure(&mut harness, "Resolve: Limited Activation (No LIM Phase)");
    support::gui::type_into(&mut harness, "Command (its LIM)", "II Corps");
    support::gui::resolve_and_apply(&mut harness);
    assert_eq!(
        record(&harness)
            .counters
            .get("Activation attempted: II Corps"),
        Some(&2)
    );
    assert!(
        harness
            .query_by_label_contains("Kept by the record")
            .is_some()
    );
    assert!(harness.query_by_label_contains("Use one").is_none());
    let view = harness.state().game_view().unwrap();
    assert!(view.game.verify(&view.session, &view.tables).is_ok());
}
