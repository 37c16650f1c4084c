//! One Impulse of Waterloo 200 played through the app: the French choose a Tactical Action,
//! activate two Tactical Leaders, fight a battle whose losses are shown hit by hit and applied to
//! the record, deactivate, and the Allies' Impulse comes next; the Sudden Death check runs after
//! the battle and finds one British unit of ten eliminated.
//!
//! The blocks are put on the record through the engine first, as the players would from the
//! roster editor; their ladders are FICTIONAL.

use crate::support;

use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use support::gui::{
    app_harness, click, click_on, open_procedure, radio, record, resolve_and_apply, set_up, tick,
    type_into,
};
use support::{number, text};

fn blocks(harness: &mut Harness<'_, AideApp>) {
    for (side, leader, lost) in [
        ("french", "Napoleon", "0"),
        ("french", "Reille", "3"),
        ("french", "Kellerman", "2"),
        ("british", "Wellington", "3"),
    ] {
        for (value_of, value) in [("ladder", "4-3-2-H"), ("levels lost", lost)] {
            set_up(
                harness,
                "block-value",
                &[
                    ("side", text(side)),
                    ("unit", text(leader)),
                    ("value_of", text(value_of)),
                    ("value", text(value)),
                ],
            );
        }
    }
    for (side, name, kind, ladder) in [
        ("french", "Ligne", "infantry", "4w-3-2-1"),
        ("french", "Cuirassiers", "cavalry", "3-2-1"),
        ("british", "Highlanders", "infantry", "3-2-1"),
    ] {
        set_up(
            harness,
            "add-block",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("type", text(kind)),
                ("corps", text("FICTIONAL")),
                ("ladder", text(ladder)),
                ("levels_lost", number(0)),
            ],
        );
    }
}

fn levels_lost(harness: &Harness<'_, AideApp>, side: &str, unit: &str) -> String {
    record(harness)
        .unit(side, unit)
        .and_then(|u| u.attribute("levels lost"))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn one_impulse_activation_battle_deactivation_then_the_next() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Waterloo 200");
    click(&mut harness, "Start the game");
    blocks(&mut harness);

    // The French hold the Disc: their Impulse, a Tactical Action.
    open_procedure(&mut harness, "Resolve: Impulse: choose the action");
    resolve_and_apply(&mut harness);

    // Reille (at Heart) and Kellerman (2 stars) are activated: two battles allowed.
    open_procedure(&mut harness, "Resolve: Tactical Action: activate leaders");
    tick(&mut harness, "Reille");
    tick(&mut harness, "Kellerman");
    resolve_and_apply(&mut harness);
    assert_eq!(
        record(&harness)
            .counters
            .get("Battles allowed this Impulse"),
        Some(&2)
    );

    // The battle: Ligne 4 and Cuirassiers 3 in the Area, Kellerman's 2 adjacent: OF 9; the
    // Highlanders' 3 and a Terrain Bonus of 2: DF 5. FR +4, Marginal: the British take 3 hits,
    // the French ⌈3/2⌉ = 2, on the Ligne's white level.
    open_procedure(&mut harness, "Resolve: Battle");
    type_into(&mut harness, "Area", "41");
    support::gui::set_number(&mut harness, "Terrain Bonus", 2.0);
    tick(&mut harness, "Ligne");
    tick(&mut harness, "Cuirassiers");
    // Kellerman's second box: the first is in the list of units in the Area.
    click_on(
        &mut harness,
        By::new().role(egui::Role::CheckBox).label("Kellerman"),
        1,
    );
    tick(&mut harness, "Highlanders");
    resolve_and_apply(&mut harness);
    for step in [
        "British hit 1: Highlanders at 3 takes 1 of 1, reduced to 2",
        "British hit 3: Highlanders at 1 takes 1 of 1, eliminated",
        "French hit 2: Ligne at 4w takes 2 of 2, reduced to 3",
    ] {
        assert!(
            harness
                .query_all(By::new().label_contains(step))
                .next()
                .is_some(),
            "the card shows {step}"
        );
    }
    assert_eq!(levels_lost(&harness, "french", "Ligne"), "1");
    assert_eq!(
        record(&harness)
            .unit("british", "Highlanders")
            .unwrap()
            .state
            .as_ref(),
        "eliminated"
    );
    // One British unit of ten is eliminated: no Sudden Death.
    let view = harness.state().game_view().unwrap();
    assert!((view.game.game_over)(view.session.record()).is_none());

    // Deactivation: Kellerman from 2 stars to Heart; Reille, at Heart, stays.
    open_procedure(&mut harness, "Resolve: Deactivation");
    resolve_and_apply(&mut harness);
    assert_eq!(levels_lost(&harness, "french", "Kellerman"), "3");
    assert_eq!(levels_lost(&harness, "french", "Reille"), "3");

    // The next Impulse is the Allies'.
    open_procedure(&mut harness, "Resolve: Impulse: choose the action");
    let view = harness.state().game_view().unwrap();
    let next = support::form_of(view.game, view.session.record(), "impulse", &[]);
    assert_eq!(next.text("side"), "british");
}

/// A block drawn face down (the Brunswick infantry, 4.1, L786-796) shows on the record only by
/// its draw; its owner sees its name after the question that asks the others to look away, and
/// hides it again.
#[test]
fn a_block_drawn_face_down_shows_its_name_only_to_its_owner() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Waterloo 200");
    click(&mut harness, "Start the game");
    for name in ["Brunswick Foot A", "Brunswick Foot B"] {
        set_up(
            &mut harness,
            "add-block",
            &[
                ("side", text("british")),
                ("name", text(name)),
                ("type", text("infantry")),
                ("corps", text("FICTIONAL")),
                ("ladder", text("3-2-1")),
                ("brunswick", support::flag(true)),
                ("where", text("to be drawn at set-up")),
            ],
        );
    }
    assert!(
        harness
            .query_by_label_contains("Brunswick Foot A")
            .is_some()
    );
    // The map's Areas the rulebook gives are listed with the record, apart from the Factions.
    assert!(harness.query_by_label("Map (6)").is_some());
    set_up(&mut harness, "brunswick-draw", &[]);
    assert!(harness.query_by_label_contains("Brunswick Foot").is_none());
    assert!(harness.query_by_label("British face down (2)").is_some());

    click(&mut harness, "Show the British their blocks…");
    assert!(harness.query_by_label("Only the British look").is_some());
    assert!(harness.query_by_label_contains("Brunswick Foot").is_none());
    click(&mut harness, "Show them");
    assert!(harness.query_by_label("Brunswick Foot A").is_some());
    assert!(harness.query_by_label("Brunswick Foot B").is_some());
    click(&mut harness, "Hide them");
    assert!(harness.query_by_label_contains("Brunswick Foot").is_none());
}
