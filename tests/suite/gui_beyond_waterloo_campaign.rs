//! Beyond Waterloo's Basic Game in the app, at 1024×700: one Administration Phase played from the
//! checklist, each procedure opened from its segment: the AP Reset, the Supply Segment with one
//! Formation found Out of Supply, its attrition roll, RP Accumulation, Training and a Leader
//! change; then the record and the log are checked and the session verifies.
//!
//! The charts in the data folder and the Leaders' AP ratings are FICTIONAL
//! (tests/fixtures/beyond-waterloo).

use crate::support;

use aide_de_camp::engine::play::Command;
use aide_de_camp::engine::record::Position;
use aide_de_camp::games::beyond_waterloo::campaign::war_chest;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use support::gui::{
    app_harness_sized, click, click_button_with_shortcut, next_step, physical_dice_and_apply,
    pick_on_record, radio, record, resolve_and_apply, set_number, set_up, tick,
};
use support::text;

/// The French Leaders' AP ratings, entered as the players would from the roster editor:
/// FICTIONAL, 2 each.
fn french_ap_ratings(harness: &mut Harness<'_, AideApp>) {
    let leaders: Vec<String> = record(harness)
        .units_where(Some("french"), &[("type", "leader")])
        .filter(|(_, _, unit)| unit.attribute("ap") == Some("not entered"))
        .map(|(_, name, _)| name.to_string())
        .collect();
    for leader in leaders {
        set_up(
            harness,
            "counter-value",
            &[
                ("side", text("french")),
                ("unit", text(&leader)),
                ("value_of", text("ap")),
                ("value", text("2")),
            ],
        );
    }
}

/// The players walk the checklist to the June Administration Phase's first segment.
fn to_the_administration_phase(harness: &mut Harness<'_, AideApp>) {
    let view = harness.state_mut().game_view_mut().expect("a game");
    let position = Position {
        turn: 4,
        phase: 3,
        step: 0,
    };
    view.session
        .execute(view.game, &view.tables, Command::MoveTo { position })
        .expect("moves on");
    harness.run();
}

/// The procedure `title` of the current segment, opened from the checklist.
fn resolve_in_segment(harness: &mut Harness<'_, AideApp>, title: &str) {
    click(harness, &format!("Resolve: {title}"));
}

#[test]
fn an_administration_phase_is_played_from_the_checklist_and_verifies() {
    let folder = tempfile::tempdir().unwrap();
    let charts = folder.path().join("data/tables/beyond-waterloo");
    std::fs::create_dir_all(&charts).unwrap();
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/beyond-waterloo");
    for entry in std::fs::read_dir(&fixtures).unwrap().flatten() {
        std::fs::copy(entry.path(), charts.join(entry.file_name())).unwrap();
    }
    let mut harness = app_harness_sized(folder.path(), egui::vec2(1024.0, 700.0));
    radio(&mut harness, "Beyond Waterloo");
    radio(
        &mut harness,
        "Basic Game: the 1815 campaign, June to December",
    );
    click(&mut harness, "Start the game");
    french_ap_ratings(&mut harness);
    to_the_administration_phase(&mut harness);

    // AP Reset Segment (4.2.7, L678): every French Formation to its Leader's rating.
    resolve_in_segment(&mut harness, "AP Reset");
    resolve_and_apply(&mut harness);
    assert_eq!(
        record(&harness)
            .unit("french", "Left Wing")
            .and_then(|u| u.attribute("ap_level")),
        Some("2")
    );

    // Next step passes over the Autonomous Diplomatic Segment to the Supply Segment. The Left
    // Wing, in Doullens, is named Out of Supply; the Armée des Alpes, in the French Fortress of
    // Lyons (L2276, L2286), is in supply automatically and not offered (16.1.4, L1497).
    next_step(&mut harness);
    resolve_in_segment(&mut harness, "Supply status");
    let boxes = |label: &str| {
        harness
            .query_all(By::new().role(egui::Role::CheckBox).label(label))
            .count()
    };
    assert_eq!(boxes("Armée du Jura"), 1);
    assert_eq!(boxes("Armée des Alpes"), 0);
    tick(&mut harness, "Left Wing");
    resolve_and_apply(&mut harness);
    let after_supply = record(&harness);
    assert_eq!(
        after_supply
            .unit("french", "Left Wing")
            .and_then(|u| u.attribute("supply")),
        Some("out")
    );
    assert_eq!(war_chest::vp(&after_supply, "allied"), 11);

    // Attrition Segment: the Out of Supply Formation checks (16.5.2, L1563), its trigger and its
    // Leader's AP filled in from the record. Its Cavalry Corps are listed by type only (L2268),
    // so the players type its total CF: 7, FICTIONAL. FICTIONAL chart: 6 less the AP 2 on the
    // column 1-10 is no effect.
    next_step(&mut harness);
    resolve_in_segment(&mut harness, "Attrition");
    pick_on_record(&mut harness, "Formation", "Left Wing", 0);
    set_number(&mut harness, "The Formation's total CF", 7.0);
    // A result with nothing to apply goes straight on the log.
    support::gui::type_into(&mut harness, "Or enter physical dice:", "6");
    click(&mut harness, "Use these dice");
    assert_eq!(war_chest::vp(&record(&harness), "allied"), 11);

    // Accumulate RP Segment, past the Political Actions and Vendée Revolt Segments: FICTIONAL
    // chart, 3 + 4 + the War Minister's 2 = 9 on the middle column is 30 RP.
    next_step(&mut harness);
    // The War Minister, Davout, is picked from the record with his FICTIONAL AP 2.
    resolve_in_segment(&mut harness, "RP Accumulation");
    physical_dice_and_apply(&mut harness, "3 4");
    assert_eq!(war_chest::rp(&record(&harness), "french"), 85 + 30);

    // Off-Board Movement, then Training: the Stage 1 units move up to Stage 2.
    next_step(&mut harness);
    next_step(&mut harness);
    resolve_in_segment(&mut harness, "Training");
    resolve_and_apply(&mut harness);
    let trained = record(&harness);
    let stages: Vec<&str> = trained
        .units_where(Some("french"), &[("state", "training")])
        .filter_map(|(_, _, unit)| unit.attribute("stage"))
        .collect();
    assert_eq!(stages, ["2", "2", "2"]);

    // Leader Segment: Soult takes the Left Wing from the Leader Pool.
    next_step(&mut harness);
    resolve_in_segment(&mut harness, "Change Leaders");
    pick_on_record(&mut harness, "Formation", "Left Wing", 0);
    pick_on_record(&mut harness, "Leader from the Pool", "Soult", 0);
    resolve_and_apply(&mut harness);
    let last = record(&harness);
    assert_eq!(
        last.unit("french", "Left Wing")
            .and_then(|u| u.attribute("leader")),
        Some("Soult")
    );
    assert_eq!(
        last.unit("french", "Ney")
            .map(|u| u.state.to_string())
            .as_deref(),
        Some("leader pool")
    );

    let view = harness.state().game_view().expect("a game");
    let procedures: Vec<String> = view
        .session
        .events()
        .iter()
        .filter_map(|event| match &event.body {
            aide_de_camp::engine::log::EventBody::Resolved { procedure, .. } => {
                Some(procedure.to_string())
            }
            _ => None,
        })
        .filter(|id| id != "counter-value")
        .collect();
    assert_eq!(
        procedures,
        [
            "campaign-set-up",
            "ap-reset",
            "supply",
            "attrition",
            "rp-accumulation",
            "training",
            "leader-change"
        ]
    );
    assert!(view.game.verify(&view.session, &view.tables).is_ok());
    // Next step then closes the Phase: OPs Phase 3.
    click_button_with_shortcut(&mut harness, "Next step Ctrl");
    assert_eq!(
        record(&harness).position,
        Position {
            turn: 4,
            phase: 4,
            step: 0
        }
    );
}
