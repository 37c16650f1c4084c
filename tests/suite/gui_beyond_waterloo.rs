//! Beyond Waterloo's Grand Tactics and Battle Tactics cards sealed at one screen: each player
//! picks a chit while the other looks away, it is sealed and out of sight, both are revealed
//! together; each picks cards face down, and the Initiative player turns up his first; the First
//! Combat Round is rolled on them, and `verify` proves the commitments and catches an edited
//! reveal.
//!
//! The counter values are put on the record through the engine first, as the players would from
//! the roster editor; they are FICTIONAL, as are the charts in the data folder
//! (tests/fixtures/beyond-waterloo).

use crate::support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use support::gui::{
    app_harness, apply, choose, click, open_procedure, radio, record, set_up, type_into,
};
use support::text;

/// Every value the counters print, FICTIONAL: Morale 3, backs CF 2 and Morale 3, Minor Allies 3
/// CF, Leaders Battle 2 and Reaction 1.
fn counters(harness: &mut Harness<'_, AideApp>) {
    let entries: Vec<(String, String, String)> = record(harness)
        .units
        .iter()
        .flat_map(|((side, name), unit)| {
            let values: &[(&str, &str)] = match unit.attribute("type") {
                Some("leader") => &[("battle", "2"), ("reaction", "1")],
                Some("formation") => &[],
                _ => &[
                    ("morale", "3"),
                    ("cf", "3"),
                    ("reduced_cf", "2"),
                    ("reduced_morale", "3"),
                ],
            };
            values
                .iter()
                .filter(|(id, _)| unit.attribute(id) == Some("not entered"))
                .map(|(id, value)| (side.to_string(), name.to_string(), format!("{id}={value}")))
                .collect::<Vec<_>>()
        })
        .collect();
    for (side, name, entry) in entries {
        let (value_of, value) = entry.split_once('=').expect("an entry");
        set_up(
            harness,
            "counter-value",
            &[
                ("side", text(&side)),
                ("unit", text(&name)),
                ("value_of", text(value_of)),
                ("value", text(value)),
            ],
        );
    }
}

/// `side` ("French") ticks the cards labelled `cards` in the list only it sees, and seals them.
fn pick_cards(harness: &mut Harness<'_, AideApp>, side: &str, cards: &[&str]) {
    let list = format!("{side}: cards to pick");
    harness
        .get_by_role_and_label(egui::Role::ComboBox, &list)
        .click();
    harness.run();
    for card in cards {
        harness
            .get_by_role_and_label(egui::Role::CheckBox, card)
            .click();
        harness.run();
    }
    // Closed again before the others look.
    harness
        .get_by_role_and_label(egui::Role::ComboBox, &list)
        .click();
    harness.run();
    click(harness, &format!("Seal {side}'s cards"));
}

/// `side` looks at its own face-down cards and turns up those labelled `cards` (none: plays none).
fn turn_up(harness: &mut Harness<'_, AideApp>, side: &str, cards: &[&str]) {
    click(harness, &format!("Show {side}'s face-down cards"));
    if cards.is_empty() {
        click(harness, "Play none this round");
        return;
    }
    for card in cards {
        harness
            .get_by_role_and_label(egui::Role::CheckBox, card)
            .click();
        harness.run();
    }
    click(harness, "Turn up the ticked cards");
}

/// Whether the chit's name is anywhere on screen, as a label or a value.
fn on_screen(harness: &Harness<'_, AideApp>, words: &str) -> bool {
    harness.query_all_by_label_contains(words).next().is_some()
        || harness.query_all_by_value(words).next().is_some()
}

#[test]
fn grand_tactics_sealed_at_one_screen_then_revealed_together_and_verified() {
    let folder = tempfile::tempdir().unwrap();
    let charts = folder.path().join("data/tables/beyond-waterloo");
    std::fs::create_dir_all(&charts).unwrap();
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/beyond-waterloo");
    for entry in std::fs::read_dir(&fixtures).unwrap().flatten() {
        std::fs::copy(entry.path(), charts.join(entry.file_name())).unwrap();
    }
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Beyond Waterloo");
    click(&mut harness, "Start the game");
    counters(&mut harness);
    // The owner enters card F2 from his deck: a PLAINLY FICTIONAL title and DRM.
    set_up(
        &mut harness,
        "battle-tactics-card",
        &[
            ("side", text("french")),
            ("card", text("F2")),
            ("title", text("Fictional Test Card")),
            ("effect", text("drm")),
            ("value", support::number(1)),
        ],
    );
    set_up(
        &mut harness,
        "battle-tactics-card",
        &[
            ("side", text("french")),
            ("card", text("F6")),
            ("title", text("Fictional Assault")),
            ("effect", text("guards_assault")),
        ],
    );
    click(&mut harness, "Steps 2-7: Grand Tactics to Final Resolution");
    open_procedure(
        &mut harness,
        "Resolve: Combat Round: Grand Tactics and the FERT",
    );

    // Before the reveal, the form shows neither chit, nor modifiers worked out from defaults.
    assert!(
        harness
            .query_by_label_contains("appear once the secret choices are revealed")
            .is_some()
    );
    choose(&mut harness, "French: secret choice", "Left Flank Attack");
    // Once picked, the choice stays out of sight.
    assert!(!on_screen(&harness, "Left Flank Attack"));
    click(&mut harness, "Seal French's choice");
    choose(&mut harness, "Allied: secret choice", "General Advance");
    click(&mut harness, "Seal Allied's choice");
    assert!(!on_screen(&harness, "Left Flank Attack"));
    assert!(!on_screen(&harness, "General Advance"));
    assert!(harness.query_by_label("Reveal all choices").is_some());
    {
        let view = harness.state_mut().game_view_mut().expect("a game");
        let sealed = view
            .session
            .events()
            .iter()
            .filter(|e| matches!(e.body, EventBody::Sealed { .. }))
            .count();
        assert_eq!(sealed, 2, "the log holds two commitments and no choice");
        let log = view
            .session
            .events()
            .iter()
            .map(|e| format!("{:?}", e.body))
            .collect::<String>();
        assert!(!log.contains("left_flank_attack") && !log.contains("general_advance"));
    }
    click(&mut harness, "Reveal all choices");
    // Revealed, in the form; the Matrices' readings now appear (6.4.5, L941: 1R each).
    assert!(on_screen(
        &harness,
        "Grand Tactics Matrix: Left Flank Attack against General Advance"
    ));
    assert!(on_screen(
        &harness,
        "Grand Tactics Matrix: General Advance against Left Flank Attack"
    ));

    // Opened again, the form keeps the revealed chits: nobody seals a new one after the reveal.
    harness
        .state_mut()
        .game_view_mut()
        .expect("a game")
        .open_procedure("combat-round");
    harness.run();
    assert!(harness.query_by_label("Seal French's choice").is_none());
    assert!(on_screen(
        &harness,
        "Grand Tactics Matrix: Left Flank Attack against General Advance"
    ));

    // Then the cards (6.5.4, L966): picked face down, out of sight once sealed.
    // Only cards entered from the deck are offered: one not entered could never be played.
    harness
        .get_by_role_and_label(egui::Role::ComboBox, "French: cards to pick")
        .click();
    harness.run();
    assert!(
        harness
            .query_by_role_and_label(egui::Role::CheckBox, "F2 Fictional Test Card")
            .is_some()
    );
    let offered: Vec<String> = harness
        .query_all_by_role(egui::Role::CheckBox)
        .map(|node| format!("{node:?}"))
        .collect();
    assert!(
        offered
            .iter()
            .any(|node| node.contains("F2 Fictional Test Card"))
    );
    assert!(
        offered.iter().all(|node| !node.contains("F5")),
        "{offered:?}"
    );
    harness
        .get_by_role_and_label(egui::Role::ComboBox, "French: cards to pick")
        .click();
    harness.run();
    pick_cards(
        &mut harness,
        "French",
        &["F2 Fictional Test Card", "F6 Fictional Assault"],
    );
    // The list only the picker saw is closed: no card shows as picked (the record panel lists
    // the whole deck, which both players know).
    assert!(harness.query_by_label("F2 Fictional Test Card").is_none());
    assert!(harness.query_by_label_contains("picked (hidden)").is_none());
    pick_cards(&mut harness, "Allied", &[]);
    {
        let view = harness.state().game_view().expect("a game");
        let events = view.session.events();
        let sealed = events
            .iter()
            .filter(|e| matches!(e.body, EventBody::Sealed { .. }))
            .count();
        assert_eq!(
            sealed,
            2 + 8,
            "four card places a side, whatever was picked"
        );
        let revealed = events
            .iter()
            .filter(|e| matches!(e.body, EventBody::Revealed { .. }))
            .map(|e| format!("{:?}", e.body))
            .collect::<String>();
        assert!(!revealed.contains("\"F2\"") && !revealed.contains("\"F6\""));
    }
    // The Initiative player (the French, on a VP tie) turns up first (6.5.6-6.5.7, L970-972).
    assert!(
        harness
            .query_by_label("Show Allied's face-down cards")
            .is_none()
    );
    // A Guards Assault without a Guard unit in the Lead Formation cannot be carried out, so it is
    // not turned up (3.3.2d, L556; 6.2.4, L872); hiding the cards takes the message away too.
    click(&mut harness, "Show French's face-down cards");
    harness
        .get_by_role_and_label(egui::Role::CheckBox, "F6 Fictional Assault")
        .click();
    harness.run();
    click(&mut harness, "Turn up the ticked cards");
    assert!(
        harness
            .query_by_label_contains("needs a Guard unit in the Lead Formation")
            .is_some()
    );
    click(&mut harness, "Hide them");
    assert!(
        harness
            .query_by_label_contains("needs a Guard unit")
            .is_none()
    );
    turn_up(&mut harness, "French", &["F2 Fictional Test Card"]);
    assert!(
        harness
            .query_by_label("Turned up: F2 Fictional Test Card.")
            .is_some()
    );
    turn_up(&mut harness, "Allied", &[]);
    assert!(harness.query_by_label("Plays none this round.").is_some());
    // Turned up, the card is on the form and its DRM among the modifiers (6.5.8, L976).
    assert!(on_screen(&harness, "F2 Fictional Test Card: drm, drm +1"));
    type_into(&mut harness, "Or enter physical dice:", "5,4,3,3");
    click(&mut harness, "Use these dice");
    apply(&mut harness);

    let view = harness.state_mut().game_view_mut().expect("a game");
    assert!(
        view.session
            .record()
            .victory_points
            .values()
            .any(|vp| *vp > 0)
    );
    let report = view
        .game
        .verify(&view.session, &view.tables)
        .expect("verifies");
    assert_eq!(report.reveals, 3, "two chits and one card");
    // F2 is spent; F6 stays face down, its commitment unopened (6.5.9, L978).
    assert_eq!(
        view.session
            .record()
            .unit("french", "F2")
            .map(|c| c.state.to_string()),
        Some("played".to_string())
    );
    // An edited reveal no longer matches its commitment.
    let mut events = view.session.events().to_vec();
    let edited = events
        .iter_mut()
        .find_map(|e| match &mut e.body {
            EventBody::Revealed { reveals, .. } => reveals.first_mut().map(|r| {
                r.choice = "hold".into();
                e.seq
            }),
            _ => None,
        })
        .expect("a reveal");
    support::forgery::rechain(&mut events);
    let failure = view
        .game
        .verify(
            &support::forgery::session_from_events(&events),
            &view.tables,
        )
        .expect_err("caught");
    assert_eq!(failure.seq, edited, "{failure}");
}

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

/// Enters the open chart editor's blank cells, each as `cell(row label, column label)` gives it,
/// and saves the chart. The editor names each cell "<row header> <row>, column <column>".
fn fill_blank_cells(harness: &mut Harness<'_, AideApp>, cell: &dyn Fn(&str, &str) -> String) {
    let (header, blanks) = {
        let editor = harness
            .state()
            .game_view()
            .and_then(|v| v.chart_editor.as_ref())
            .expect("the chart editor is open");
        let columns: Vec<String> = editor
            .draft
            .columns
            .iter()
            .map(|c| c.label.clone())
            .collect();
        let blanks: Vec<(String, String)> = editor
            .draft
            .rows
            .iter()
            .flat_map(|row| {
                row.cells
                    .iter()
                    .zip(&columns)
                    .filter(|(cell, _)| cell.trim().is_empty() || cell.trim() == "?")
                    .map(|(_, column)| (row.label.clone(), column.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
        (editor.draft.table().row_header(), blanks)
    };
    for (row, column) in blanks {
        retype(
            harness,
            &format!("{header} {row}, column {column}"),
            &cell(&row, &column),
        );
    }
    click(harness, "Save chart");
}

#[test]
fn the_combat_games_first_round_on_charts_entered_in_the_editor() {
    // 27.1 from its set-up: the owner enters the FERT, the Formation Deployment Chart and the
    // Matrices' blank cells from the card, here PLAINLY FICTIONAL values; then the First Combat
    // Round is sealed, revealed, rolled and applied, and the losses are taken.
    let folder = tempfile::tempdir().unwrap();
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Beyond Waterloo");
    click(&mut harness, "Start the game");
    counters(&mut harness);
    click(&mut harness, "Steps 2-7: Grand Tactics to Final Resolution");
    open_procedure(
        &mut harness,
        "Resolve: Combat Round: Grand Tactics and the FERT",
    );

    // The FERT: two FICTIONAL columns, 1-20 and 21+, losses rising with the roll.
    click(&mut harness, "Enter the Fire Exchange Results Table (FERT)");
    retype(&mut harness, "Column 1: label", "1-20");
    retype(
        &mut harness,
        "Column 1: Combat strength band (4-6, 10+ or 5)",
        "1-20",
    );
    click(&mut harness, "+ after");
    retype(&mut harness, "Column 2: label", "21+");
    retype(
        &mut harness,
        "Column 2: Combat strength band (4-6, 10+ or 5)",
        "21+",
    );
    fill_blank_cells(&mut harness, &|row, column| {
        let roll: i64 = row.parse().unwrap_or(2);
        let extra = i64::from(column == "21+");
        ((roll - 2) / 4 + extra).to_string() // FICTIONAL
    });
    // The Formation Deployment Chart: FICTIONAL, every Grand Tactic allowed at full strength.
    click(
        &mut harness,
        "Enter the Formation Deployment Chart: combat strength by Grand Tactic",
    );
    fill_blank_cells(&mut harness, &|_, _| "x1".into());
    // The Matrices hold the cells the rulebook prints (L941, L948); the rest are the owner's:
    // FICTIONAL, no shift and no DRM.
    click(&mut harness, "Enter the Grand Tactics Matrix");
    fill_blank_cells(&mut harness, &|_, _| "0".into());
    click(&mut harness, "Enter the Battle Deployment Matrix");
    fill_blank_cells(&mut harness, &|_, _| "0".into());
    let view = harness.state().game_view().expect("a game");
    for chart in [
        "fert",
        "formation-deployment",
        "grand-tactics",
        "battle-deployment",
    ] {
        assert_eq!(
            view.tables.get(chart).unwrap().status,
            aide_de_camp::engine::tables::TableStatus::Entered,
            "{chart}"
        );
    }

    choose(&mut harness, "French: secret choice", "Left Flank Attack");
    click(&mut harness, "Seal French's choice");
    choose(&mut harness, "Allied: secret choice", "General Advance");
    click(&mut harness, "Seal Allied's choice");
    click(&mut harness, "Reveal all choices");
    assert!(on_screen(
        &harness,
        "Grand Tactics Matrix: Left Flank Attack against General Advance"
    ));
    pick_cards(&mut harness, "French", &[]);
    pick_cards(&mut harness, "Allied", &[]);
    turn_up(&mut harness, "French", &[]);
    turn_up(&mut harness, "Allied", &[]);
    type_into(&mut harness, "Or enter physical dice:", "6,6,1,2");
    click(&mut harness, "Use these dice");
    apply(&mut harness);

    // The French: 19 + 6 = 25 CF on the 21+ column (the Matrix's 1R stops at the edge), 12 + 6
    // (Deployment +2, Ney 2, Cavalry Superiority 2) = 18, read on the last row, 12: 3 steps. The
    // Allies: 28 CF, 21+, 3 + 1 (Wellington 2, inferiority -1) = 4: 1 step. FICTIONAL cells.
    let state = record(&harness);
    let vp = |side: &str| state.victory_points.get(side).copied().unwrap_or(0);
    assert_eq!((vp("french"), vp("allied")), (3, 1));
    // The Allies suffered more: their Formation's Morale drops (5.2.6, L784).
    assert_eq!(
        state
            .unit("allied", "Anglo-Dutch-Belgian")
            .and_then(|u| u.attribute("formation_morale")),
        Some("2")
    );
    // A natural 12 for the French: the Allies roll for their Leaders (4.6.1, L730).
    assert!(on_screen(&harness, "natural 12"));
}
