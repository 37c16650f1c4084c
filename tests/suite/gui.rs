//! The real app, driven through its accessibility tree: pick the game, fill the attack form, roll,
//! apply, and find the result in the record and the log.

use crate::support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::session::Session;
use aide_de_camp::engine::table_set::TableOrigin;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT as _, Queryable};
use support::gui::*;

/// The recovery journals in the app's data folder.
fn journals(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(folder.join("data/recovery"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn one_attack_from_the_start_screen_to_the_log() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());

    // Start screen: the first game and scenario are chosen; name the French player.
    click(&mut harness, "Waterloo Campaign 1815");
    click(&mut harness, "Start the game");
    let view = harness.state().game_view().expect("a game is open");
    assert_eq!(view.session.game(), "waterloo-campaign-1815");
    assert_eq!(view.session.scenario(), "june-16-18");
    // The June 16-18 scenario starts on turn 3 at Step D (L970-971; digest §1.1).
    assert_eq!(view.session.record().position.turn, 3);

    // Open the attack and fill the form.
    click(&mut harness, "Attack");
    name_new_unit(&mut harness, "Attacking Corps", "I Corps");
    name_new_unit(&mut harness, "Defending unit", "Reserve Corps");
    let input = &harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .expect("the attack form is open")
        .input;
    assert_eq!(input.text("attacker_name"), "I Corps");
    assert_eq!(input.text("defender_name"), "Reserve Corps");
    assert_eq!(input.number("turn"), 3, "the turn comes from the record");

    // Physical dice 6 and 1, no modifiers: the attacker wins by 5, Eliminated (CRT, L771-787).
    type_into(&mut harness, "Or enter physical dice:", "6,1");
    click(&mut harness, "Use these dice");
    // The result card, the log line (event 4, after the start and the set-up) and the log's details of the selected event show it.
    let headline = "French wins by 5 (Eliminated): Reserve Corps is Eliminated, +3 VP French";
    let showing: Vec<String> = harness
        .query_all_by_label_contains(headline)
        .filter_map(|n| {
            n.accesskit_node()
                .value()
                .or_else(|| n.accesskit_node().label())
        })
        .collect();
    assert_eq!(showing.len(), 3, "{showing:?}");
    assert!(showing.iter().any(|l| l.starts_with("#4 ")), "{showing:?}");
    apply(&mut harness);

    let view = harness.state().game_view().expect("a game is open");
    let record = view.session.record();
    // The set-up, then the attack.
    assert_eq!(record.applied, 2);
    // A Corps eliminated scores 3 VP for the opponent (L820-821).
    assert_eq!(record.victory_points.get("french"), Some(&3));
    assert_eq!(
        record
            .units
            .get(&("coalition".into(), "Reserve Corps".into()))
            .map(|u| u.state.as_str()),
        Some("Eliminated")
    );
    // The log shows the resolution and the applied result.
    harness.get_by_label_contains("Applied the result of event 4");
    let kinds: Vec<&str> = view
        .session
        .events()
        .iter()
        .map(|e| e.body.kind_name())
        .collect();
    assert_eq!(
        kinds,
        vec![
            "session_started",
            "resolved",
            "applied",
            "resolved",
            "applied"
        ]
    );

    // The applied result stays on its card, and Ctrl+R does not roll the attack again.
    let logged = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .events()
        .len();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::R);
    harness.run();
    let view = harness.state().game_view().expect("a game is open");
    assert_eq!(view.session.events().len(), logged, "nothing was rolled");
    harness.get_by_label_contains("Not rolled: this form is resolved (event 4)");
    // A new resolution starts from a fresh form: the units are gone, the side stays.
    click(&mut harness, "New resolution");
    let input = &harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .expect("the attack form is open")
        .input;
    assert_eq!(input.text("attacker_name"), "");
    assert_eq!(input.text("attacker_side"), "french");

    // Now an app roll: it is logged with its draw index and the session still verifies.
    name_new_unit(&mut harness, "Attacking Corps", "I Corps");
    name_new_unit(&mut harness, "Defending unit", "Reserve Corps");
    click_button_with_shortcut(&mut harness, "Roll the dice");
    let view = harness.state().game_view().expect("a game is open");
    let Some(EventBody::Resolved { dice, .. }) = view.session.events().last().map(|e| &e.body)
    else {
        panic!("the roll was not logged as a resolution");
    };
    assert_eq!(
        dice.iter().map(|d| d.draw_index).collect::<Vec<_>>(),
        vec![Some(0), Some(1)]
    );
    assert!(view.session.verify().is_ok());

    // Every event so far is in the game's recovery journal, which reads back as the same session.
    let journals = journals(folder.path());
    assert_eq!(journals.len(), 1);
    let recovered = Session::load(&journals[0]).expect("recovery journal");
    assert_eq!(recovered.events(), view.session.events());
}

#[test]
fn a_broken_owner_table_is_shown_and_the_built_in_one_takes_its_place() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let owner = folder.path().join("data/tables/waterloo-campaign-1815");
    std::fs::create_dir_all(&owner).expect("folders");
    std::fs::write(owner.join("crt.toml"), "id = \"crt\"\nnot a table\n").expect("write");
    std::fs::copy(
        "tables/waterloo-campaign-1815/deluge.toml",
        owner.join("deluge.toml"),
    )
    .expect("copied");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    harness.get_by_label_contains(&format!(
        "Your table file has a problem, so the built-in table is used: {}:2:",
        owner.join("crt.toml").display()
    ));
    // Only the broken file gives way: the owner's valid Deluge table is still the one read.
    let view = harness.state().game_view().expect("a game is open");
    let origin = |id: &str| {
        let loaded = view.tables.all().iter().find(|t| t.table.id == id);
        loaded.map(|t| t.origin.clone())
    };
    assert_eq!(origin("crt"), Some(TableOrigin::Builtin));
    assert_eq!(
        origin("deluge"),
        Some(TableOrigin::Override(owner.join("deluge.toml")))
    );
    // And the attack resolves on the built-in table.
    click(&mut harness, "Attack");
    type_into(&mut harness, "Or enter physical dice:", "6,1");
    click(&mut harness, "Use these dice");
    assert!(
        harness
            .query_all_by_label_contains("French wins by 5 (Eliminated)")
            .next()
            .is_some()
    );
}

#[test]
fn undo_takes_back_apply_but_not_a_roll() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    click(&mut harness, "Attack");
    type_into(&mut harness, "Or enter physical dice:", "1,4");
    click(&mut harness, "Use these dice");
    apply(&mut harness);
    assert_eq!(
        harness
            .state()
            .game_view()
            .map(|v| v.session.record().applied),
        Some(2)
    );

    click_button_with_shortcut(&mut harness, "Undo");
    let view = harness.state().game_view().expect("a game is open");
    // The set-up stays applied; the attack's result is taken back.
    assert_eq!(view.session.record().applied, 1);
    assert_eq!(view.session.events().len(), 4);
    // The roll itself cannot be undone: the button is disabled now.
    assert!(
        harness
            .get_by_label_contains("Undo")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn saving_writes_the_file_and_clears_the_recovery_file() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let target = folder.path().join("my-game.toml");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    assert_eq!(journals(folder.path()).len(), 1);

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    // No system picker here: the app's own path field does the job.
    let field = harness.get_by_label("File:");
    field.click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("File:")
        .type_text(&target.display().to_string());
    harness.run();
    click(&mut harness, "Save");

    let saved = Session::load(&target).expect("the game was saved");
    assert_eq!(saved.game(), "waterloo-campaign-1815");
    assert!(saved.verify().is_ok());
    let view = harness.state().game_view().expect("a game is open");
    assert!(!view.dirty);
    assert!(journals(folder.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn saving_writes_through_a_link_and_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().expect("temporary folder");
    let real = folder.path().join("real.toml");
    let link = folder.path().join("game.toml");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    let view = harness.state_mut().game_view_mut().expect("a game");
    view.session.save(&real).expect("saved");
    std::os::unix::fs::symlink(&real, &link).expect("a link");

    // Opened through the link, the game is saved through it: the link stays a link.
    harness.state_mut().open_file(&link);
    harness.run();
    click(&mut harness, "Attack");
    type_into(&mut harness, "Or enter physical dice:", "5,1");
    click(&mut harness, "Use these dice");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    let view = harness.state().game_view().expect("a game");
    assert!(!view.dirty, "saved");
    let saved = Session::load(&real).expect("the file the link points to");
    assert_eq!(saved.events(), view.session.events());
    let metadata = std::fs::symlink_metadata(&link).expect("the link");
    assert!(metadata.file_type().is_symlink());

    // A file without write permission is refused, named, and left as it was.
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let before = std::fs::read(&real).expect("read");
    apply(&mut harness);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    harness.get_by_label_contains(&format!("Not saved: {}: is read-only", link.display()));
    assert!(harness.state().game_view().expect("a game").dirty);
    assert_eq!(std::fs::read(&real).expect("read"), before);
    let mode = std::fs::metadata(&real)
        .expect("metadata")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o444);
}

#[test]
fn the_table_viewer_and_the_unsaved_changes_prompt() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    click(&mut harness, "Attack");
    type_into(&mut harness, "Or enter physical dice:", "5,1");
    click(&mut harness, "Use these dice");
    // The result names its cell; the viewer opens on it (the harness checks its accessibility).
    click(&mut harness, "Show in table");
    harness.get_by_label_contains("Table: Combat Results Table");
    harness.get_by_label("R: Retreat");

    // Starting a new game with unsaved changes asks first; Cancel keeps the game.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    harness.run();
    harness.get_by_label_contains("This game has changes that are not saved");
    click(&mut harness, "Cancel");
    assert!(harness.state().game_view().is_some());
    // Discarding goes back to the start screen and removes the recovery file.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    harness.run();
    click(&mut harness, "Discard the changes");
    assert!(harness.state().game_view().is_none());
    harness.get_by_label("Start the game");
    assert!(journals(folder.path()).is_empty());
}

#[test]
fn a_game_the_app_did_not_save_is_restored_at_the_next_start() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let events = {
        let mut harness = app_harness(folder.path());
        click(&mut harness, "Start the game");
        click(&mut harness, "Attack");
        type_into(&mut harness, "Or enter physical dice:", "2,2");
        click(&mut harness, "Use these dice");
        // The app stops here without saving, as in a crash: the harness is dropped.
        harness
            .state()
            .game_view()
            .expect("a game")
            .session
            .events()
            .to_vec()
    };
    let mut harness = app_harness(folder.path());
    harness.get_by_label_contains("An unsaved game was recovered");
    harness
        .get_by_label_contains("Restore: Waterloo Campaign 1815")
        .click();
    harness.run();
    let view = harness.state().game_view().expect("the game is back");
    assert_eq!(view.session.events(), &events[..]);
    assert!(view.dirty, "a restored game still has to be saved");
    assert_eq!(journals(folder.path()).len(), 1);
}

/// Starts the first game and saves it as `path`.
fn start_and_save(harness: &mut Harness<'_, AideApp>, path: &std::path::Path) {
    click(harness, "Start the game");
    let view = harness.state_mut().game_view_mut().expect("a game");
    view.session.save(path).expect("saved");
    view.mark_saved(path.to_path_buf());
}

#[test]
fn the_app_started_on_a_saved_game_opens_it_verified_or_says_why_not() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let path = folder.path().join("game.toml");
    {
        let mut harness = app_harness(folder.path());
        start_and_save(&mut harness, &path);
    }
    let mut harness = app_harness(folder.path());
    harness.state_mut().open_at_start(&path);
    harness.run();
    harness.get_by_label_contains("Opened and verified");
    let view = harness.state().game_view().expect("the game is open");
    assert_eq!(view.path.as_deref(), Some(path.as_path()));

    // Any other file is named in the app's notice, and left as it was.
    let other = folder.path().join("notes.toml");
    std::fs::write(&other, "not = \"a game\"\n").expect("write");
    let mut harness = app_harness(folder.path());
    harness.state_mut().open_at_start(&other);
    harness.run();
    harness.get_by_label_contains("Could not open the game");
    assert!(harness.state().game_view().is_none());
    assert_eq!(
        std::fs::read_to_string(&other).expect("read"),
        "not = \"a game\"\n"
    );
}

#[test]
fn the_app_started_on_a_game_with_unsaved_changes_offers_them_first() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let path = folder.path().join("game.toml");
    {
        let mut harness = app_harness(folder.path());
        start_and_save(&mut harness, &path);
        click(&mut harness, "Attack");
        type_into(&mut harness, "Or enter physical dice:", "2,2");
        click(&mut harness, "Use these dice");
        // The app stops here without saving the attack, as in a crash.
    }
    let saved = std::fs::read(&path).expect("read");
    let mut harness = app_harness(folder.path());
    harness.state_mut().open_at_start(&path);
    harness.run();
    harness.get_by_label_contains("was not opened: the app holds changes to this game");
    assert!(harness.state().game_view().is_none());
    harness.get_by_label_contains("Restore: Waterloo Campaign 1815");
    assert_eq!(journals(folder.path()).len(), 1);
    assert_eq!(std::fs::read(&path).expect("read"), saved);
}

#[test]
fn save_as_warns_before_writing_over_another_file() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let existing = folder.path().join("someone-elses.toml");
    std::fs::write(&existing, "keep me").expect("write");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    path_dialog(&mut harness, &existing, "Save");
    harness.get_by_label_contains("That file already exists");
    assert_eq!(std::fs::read_to_string(&existing).expect("read"), "keep me");
    click(&mut harness, "Replace");
    assert!(Session::load(&existing).is_ok());
}

#[test]
fn the_log_filters_searches_and_applies_a_forgotten_result() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    click(&mut harness, "Attack");
    name_new_unit(&mut harness, "Attacking Corps", "Vandamme");
    type_into(&mut harness, "Or enter physical dice:", "6,1");
    click(&mut harness, "Use these dice");
    // Not applied: the log says so, and offers to apply it from there.
    harness.get_by_label_contains("(not applied)");

    // Search narrows the log to matching events; the count follows.
    type_into(&mut harness, "Search:", "nothing matches this");
    harness.get_by_label("0 of 4 events");
    harness.get_by_label("Search:").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label("Search:").type_text("vandamme");
    harness.run();
    harness.get_by_label("1 of 4 events");

    // The resolution is selected in the log (it was just rolled): apply it from its details.
    click(&mut harness, "Apply this result to the record");
    let view = harness.state().game_view().expect("a game");
    assert_eq!(view.session.record().applied, 2);
    assert_eq!(view.session.record().victory_points.get("french"), Some(&3));
    assert!(harness.query_by_label_contains("(not applied)").is_none());
}

/// The set-up puts the roster on the record; choosing a unit from it fills in what the record
/// knows: I Corps has 1 star (L1517), the Reserve Corps 2 (L1518-1519).
#[test]
fn a_unit_field_offers_the_units_on_record_for_its_side() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    click(&mut harness, "Attack");
    assert_eq!(
        harness
            .query_all_by_role(egui::Role::ComboBox)
            .filter(|n| n.value().is_some_and(|v| v.contains("Pick a unit")))
            .count(),
        2
    );
    // A Coalition unit on the map; the record panel lists it too: the picker's entry is the button.
    pick_on_record(
        &mut harness,
        "Defending unit",
        "Reserve Corps (Wellington)",
        0,
    );
    // The filter narrows the list as one types; Enter takes the one unit left.
    name_unit(&mut harness, "Attacking Corps", "erlon");
    let input = &harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .expect("the form")
        .input;
    assert_eq!(input.text("defender_name"), "Reserve Corps (Wellington)");
    assert_eq!(input.number("defender_stars"), 2);
    assert_eq!(input.text("attacker_name"), "I Corps (d'Erlon)");
    assert_eq!(input.number("attacker_stars"), 1);
}

#[test]
fn the_checklist_leads_to_the_attack_allowance_and_the_record_spends_it() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    start_at_the_attacks(&mut harness);
    let position = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .record()
        .position;
    assert_eq!((position.turn, position.phase, position.step), (3, 3, 0));
    // The Deluge and the June 15 rolls are not offered on turn 3.
    assert!(harness.query_by_label("Resolve: The Deluge").is_none());
    click(&mut harness, "Resolve: Attack pass allowance");
    type_into(&mut harness, "Or enter physical dice:", "4");
    click(&mut harness, "Use these dice");
    apply(&mut harness);
    harness.get_by_label("Coalition attacks left: 4");
    click(&mut harness, "Use one: Coalition attacks left");
    harness.get_by_label("Coalition attacks left: 3");
    let record = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .record()
        .clone();
    assert_eq!(record.counters.get("Coalition attacks left"), Some(&3));
}

#[test]
fn a_result_with_nothing_to_apply_asks_for_nothing() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    // From the list of all procedures: the Deluge, rolled 6 (no effect, L1087).
    click(&mut harness, "The Deluge");
    type_into(&mut harness, "Or enter physical dice:", "6");
    click(&mut harness, "Use these dice");
    harness.get_by_label_contains("nothing to apply to the record");
    assert!(
        harness
            .query_by_label_contains("Apply to the record")
            .is_none()
    );
    assert!(harness.query_by_label_contains("(not applied)").is_none());
    click(&mut harness, "New resolution");
    // Rain (1-4) has something to apply, and says so until it is applied.
    type_into(&mut harness, "Or enter physical dice:", "2");
    click(&mut harness, "Use these dice");
    harness.get_by_label_contains("(not applied)");
    apply(&mut harness);
    let record = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .record()
        .clone();
    assert!(record.marks.contains("Rain on turn 5"));
}

/// June 16-18, turn 3, as two players would play it in the app: Step D to the Attack Phase, by the
/// checklist, with a Detachment placed, a movement pass allowance, two attacks (one Blown) and an
/// attack pass allowance, each on the record and in the log.
#[test]
fn june_16_18_turn_3_is_played_in_the_app() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");

    // Step D opens on its procedure: Blücher places a Detachment of Ziethen's Corps (L352-365).
    let open = harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .map(|w| w.procedure.id());
    assert_eq!(open, Some("detachment-placement"));
    // Napoleon's HQ is offered only French Detachments; Blücher's only Prussian ones (L160-162).
    let offered = |harness: &mut Harness<'_, AideApp>| {
        let picker = || By::new().role(egui::Role::ComboBox).label("Detachment");
        harness.get(picker()).click();
        harness.run();
        let steinmetz = harness.query_by_label("I Corps Det. (Steinmetz)").is_some();
        harness.key_press(egui::Key::Escape);
        harness.run();
        steinmetz
    };
    assert!(
        !offered(&mut harness),
        "a Prussian Detachment offered to Napoleon's HQ"
    );
    choose(&mut harness, "HQ placing it", "Blücher HQ");
    assert!(offered(&mut harness));
    name_unit(&mut harness, "Detachment", "I Corps Det. (Steinmetz)");
    radio(&mut harness, "From its parent Corps, within 4 hexes");
    resolve_and_apply(&mut harness);
    assert_eq!(
        record(&harness)
            .unit("coalition", "I Corps Det. (Steinmetz)")
            .map(|u| u.state.to_string()),
        Some("On map".into())
    );

    // Steps E to H have nothing to do this turn; Next step walks the checklist to the Movement Phase.
    for _ in 0..5 {
        next_step(&mut harness);
    }
    assert_eq!(record(&harness).position.phase, 2);
    // The French pass; the Coalition rolls 1d6 = 2, plus 1 for each of Hill and Bulow, due this turn
    // (L609-613; Hill L1030-1031, Bulow L1062-1063): 4 moves.
    click(&mut harness, "Resolve: Movement pass allowance");
    physical_dice_and_apply(&mut harness, "2");
    harness.get_by_label("Coalition moves left: 4");

    // The Attack Phase. d'Erlon (1 star, L1517) attacks Pirch, whose stars only the counter prints:
    // the form asks for them, and the players enter them in the roster editor (1, FICTIONAL).
    next_step(&mut harness);
    click(&mut harness, "Resolve: Attack");
    pick_on_record(&mut harness, "Attacking Corps", "I Corps (d'Erlon)", 0);
    name_unit(&mut harness, "Defending unit", "II Corps (Pirch)");
    harness.get_by_label_contains("Battle Stars on II Corps (Pirch)'s counter are not entered yet");
    click(&mut harness, "Counter values");
    type_into(&mut harness, "II Corps (Pirch): Battle Stars", "1"); // FICTIONAL
    type_into(&mut harness, "II Corps (Reille): Battle Stars", "0"); // FICTIONAL
    click(&mut harness, "Record 2 values");
    // The editor closes; the form has taken up the value and can be rolled.
    click(&mut harness, "Close window");
    let defender_stars = harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .map(|w| w.input.number("defender_stars"));
    assert_eq!(defender_stars, Some(1));
    // 6 + 1 against 1 + 1, French by 5: Eliminated, +3 VP French (L771-787, L820-821).
    physical_dice_and_apply(&mut harness, "6,1");

    // The French pass: the Coalition rolls 1d6 = 4 attacks (L643-648).
    click(&mut harness, "Resolve: Attack pass allowance");
    physical_dice_and_apply(&mut harness, "4");
    harness.get_by_label("Coalition attacks left: 4");

    // Wellington's Reserve Corps (2 stars, L1518-1519) attacks Reille (0 stars, entered above):
    // 2 + 2 against 1, Coalition by 3: Reille is Blown and returns on turn 5 (L811-815).
    click(&mut harness, "Resolve: Attack");
    radio(&mut harness, "Coalition");
    name_unit(
        &mut harness,
        "Attacking Corps",
        "Reserve Corps (Wellington)",
    );
    name_unit(&mut harness, "Defending unit", "II Corps (Reille)");
    physical_dice_and_apply(&mut harness, "2,1");

    let record = record(&harness);
    let reille = record.unit("french", "II Corps (Reille)").expect("Reille");
    assert_eq!(reille.state.as_str(), "Blown");
    assert_eq!(reille.attribute("returns on turn"), Some("5"));
    assert_eq!(
        record
            .unit("coalition", "II Corps (Pirch)")
            .map(|u| u.state.as_str()),
        Some("Eliminated")
    );
    assert_eq!(record.victory_points.get("french"), Some(&3));
    assert_eq!(record.counters.get("Coalition attacks left"), Some(&3));
    harness.get_by_label("Coalition attacks left: 3");

    // The log has every step, roll and applied result, and the chain verifies.
    let view = harness.state().game_view().expect("a game");
    let procedures: Vec<&str> = view
        .session
        .events()
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Resolved { procedure, .. } => Some(procedure.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        procedures,
        vec![
            "set-up",
            "detachment-placement",
            "movement-pass",
            "roster-entry",
            "roster-entry",
            "attack",
            "attack-pass",
            "attack"
        ]
    );
    let unapplied = view
        .session
        .events()
        .iter()
        .filter(|e| view.session.awaits_apply(e))
        .count();
    assert_eq!(unapplied, 0);
    assert!(view.session.verify().is_ok());
    // The result card, the log's line and its details show the Blown result.
    assert!(
        harness
            .query_all_by_label_contains("II Corps (Reille) is Blown")
            .count()
            >= 2
    );
}

/// The roster editor: the values only the counters print, typed into a table, each logged and applied;
/// a value that is not a number stays in its cell with a message naming the unit and the column.
#[test]
fn the_roster_editor_records_counter_values() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    let missing = record(&harness).values_not_entered();
    assert!(missing > 0);
    click(&mut harness, "Enter counter values");
    // FICTIONAL counter value, for the test only.
    type_into(&mut harness, "II Corps (Reille): Battle Stars", "2");
    type_into(&mut harness, "III Corps (Vandamme): Battle Stars", "x");
    type_into(&mut harness, "IV Corps (Gerard): Battle Stars", "8");
    click(&mut harness, "Record 3 values");

    let after = record(&harness);
    assert_eq!(
        after
            .unit("french", "II Corps (Reille)")
            .and_then(|u| u.attribute("stars")),
        Some("2")
    );
    assert_eq!(after.values_not_entered(), missing - 1);
    harness.get_by_label("III Corps (Vandamme), Battle Stars: \"x\" is not a whole number");
    harness.get_by_label(
        "IV Corps (Gerard), Battle Stars: Battle Stars go up to 5 on the attack form",
    );
    // The refused values stay where they were typed, to be corrected.
    harness.get_by_label("Record 2 values");
    let view = harness.state().game_view().expect("a game");
    let last_resolved = view
        .session
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Resolved { procedure, .. } => Some(procedure.as_str()),
            _ => None,
        });
    assert_eq!(last_resolved, Some("roster-entry"));
    assert_eq!(
        view.session
            .events()
            .iter()
            .filter(|e| view.session.awaits_apply(e))
            .count(),
        0
    );
}

/// The Settings button opens the session's readings; a reading chosen there is on the record and
/// prefills the forms that depend on it (A-7: defending cavalry in a chateau).
#[test]
fn settings_are_recorded_and_prefill_the_attack() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    click(&mut harness, "Settings");
    radio(&mut harness, "Loses its stars in a chateau too");
    click(&mut harness, "Record these settings");
    // Recorded and applied at once, and the form shows the settings now on the record.
    harness.get_by_label_contains("applied to the record");
    assert_eq!(
        record(&harness)
            .options
            .get("chateau_defence")
            .map(|v| v.to_string()),
        Some("loses_stars".into())
    );
    click(&mut harness, "Attack");
    let input = &harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .expect("the attack form")
        .input;
    assert_eq!(input.text("chateau_defence"), "loses_stars");
}

/// Enemy Mistakes, turn II, as two players would play it in the app: the Units from their tiles,
/// the command markers and the sealed Initiative bids, a bombardment and its Damage, Assign, two
/// Orders, a Charge and a Horse Team unfastened, a melee and its Result of Combat, and the End of
/// Turn, each checked on the record and in the log.
#[test]
fn enemy_mistakes_turn_ii_is_played_in_the_app() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Waterloo: Enemy Mistakes");
    click(&mut harness, "Start the game");

    // The players enter the Units of the fight from their tiles, and two French Formations.
    add_tile(&mut harness, "French (blue)", 1.0, "Infantry", "I");
    add_tile(
        &mut harness,
        "French (blue)",
        23.0,
        "Artillery on Foot",
        "I",
    );
    add_tile(&mut harness, "English (red)", 8.0, "Infantry", "I");
    assert_eq!(kept(&harness, "british", "Unit 8", "Loss capacity"), 4);
    for (name, unit) in [("I centre", "Unit 1"), ("I guns", "Unit 23")] {
        open_procedure(&mut harness, "Formation");
        radio(&mut harness, "French (blue)");
        type_into(&mut harness, "Formation name", name);
        type_into(&mut harness, "Army Corps", "I");
        tick(&mut harness, unit);
        resolve_and_apply(&mut harness);
    }
    assert_eq!(
        record(&harness)
            .unit("french", "Unit 1")
            .and_then(|f| f.attribute("formation").map(str::to_string)),
        Some("I centre".into())
    );

    // Turn I belongs to the French without a bid; the checklist walks on to turn II.
    for _ in 0..7 {
        next_step(&mut harness);
    }
    assert_eq!(record(&harness).position.turn, 2);

    // Each army rolls 1 die plus its Generals of an Army Corps on the battlefield (L648).
    let french_generals = kept_generals(&harness, "french");
    let british_generals = kept_generals(&harness, "british");
    physical_dice_and_apply(&mut harness, "3");
    click(&mut harness, "Resolve: Command markers");
    radio(&mut harness, "English (red)");
    physical_dice_and_apply(&mut harness, "5");
    let french_markers = 3 + french_generals;
    let british_markers = 5 + british_generals;
    assert_eq!(
        kept(&harness, "french", "Napoleon", "markers"),
        french_markers
    );
    assert_eq!(
        kept(&harness, "british", "Wellington", "markers"),
        british_markers
    );

    // The secret bids: each typed hidden and sealed, then revealed together (L652-660). A bid of
    // more markers than the box holds is refused.
    click(&mut harness, "Resolve: Initiative bid");
    type_into(&mut harness, "French (blue): secret choice", "30");
    click(&mut harness, "Seal French (blue)'s choice");
    // The refusal says why without the bid; the bid is nowhere on screen.
    let refusal = harness
        .get_by_label_contains("French (blue)'s choice was not sealed")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        refusal.contains("markers in Napoleon's box (L652)") && !refusal.contains("30"),
        "{refusal}"
    );
    // The hidden field does not give it away to a screen reader either.
    assert_eq!(harness.query_all_by_value("30").count(), 0);
    harness.get_by_label("French (blue): secret choice").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("French (blue): secret choice")
        .type_text("2");
    harness.run();
    // A new entry puts the refusal away.
    assert!(harness.query_by_label_contains("was not sealed").is_none());
    click(&mut harness, "Seal French (blue)'s choice");
    type_into(&mut harness, "English (red): secret choice", "3");
    click(&mut harness, "Seal English (red)'s choice");
    click(&mut harness, "Reveal all choices");
    // The revealed bids are in the form, and nobody can change them there.
    let bid = harness.get(
        By::new()
            .role(egui::Role::SpinButton)
            .label("French (blue) bid"),
    );
    assert_eq!(bid.value().as_deref(), Some("2"));
    assert!(bid.accesskit_node().is_disabled());
    resolve_and_apply(&mut harness);
    // The English win: their box loses the bid and gains 2; the French lose theirs.
    assert_eq!(
        kept(&harness, "french", "Napoleon", "markers"),
        french_markers - 2
    );
    assert_eq!(
        kept(&harness, "british", "Wellington", "markers"),
        british_markers - 3 + 2
    );
    assert_eq!(kept(&harness, "british", "Wellington", "Initiative"), 1);
    let napoleon = french_markers - 2;

    // Bombardment: the French Unit 23 fires at the English Unit 8, 4 + 4 = 8: 2 Damage and
    // Withdraw 1 (L683). Its Smoke token goes on the record.
    next_step(&mut harness);
    pick_on_record(&mut harness, "Artillery Unit bombarding", "Unit 23", 0);
    pick_on_record(&mut harness, "Target Unit", "Unit 8", 0);
    physical_dice_and_apply(&mut harness, "4,4");
    assert_eq!(
        record(&harness)
            .unit("french", "Unit 23")
            .and_then(|u| u.attribute("Smoke").map(str::to_string)),
        Some("yes".into())
    );
    // Each Damage rolls 1 die: the 5 is a Loss, the 2 is not (L697).
    click(&mut harness, "Resolve: Damage from bombardment");
    radio(&mut harness, "English (red)");
    pick_on_record(&mut harness, "Damaged Unit", "Unit 8", 0);
    set_number(&mut harness, "Damage suffered", 2.0);
    physical_dice_and_apply(&mut harness, "5,2");
    assert_eq!(kept(&harness, "british", "Unit 8", "Losses"), 1);

    // Assign: Napoleon gives D'Erlon 2 markers; a third is refused (L737).
    next_step(&mut harness);
    pick_on_record(&mut harness, "To General", "D'Erlon", 0);
    set_number(&mut harness, "Markers", 2.0);
    resolve_and_apply(&mut harness);
    assert_eq!(kept(&harness, "french", "D'Erlon", "markers"), 2);
    assert_eq!(
        kept(&harness, "french", "Napoleon", "markers"),
        napoleon - 2
    );
    click(&mut harness, "Resolve: Assign markers");
    pick_on_record(&mut harness, "To General", "D'Erlon", 0);
    set_number(&mut harness, "Markers", 1.0);
    harness.get_by_label_contains("at most 2 per turn");
    // Napoleon moves onto Unit 23 and is attached to it, and so to I guns (L400-406).
    click(&mut harness, "Resolve: Attach a General");
    pick_on_record(&mut harness, "General or Commander in Chief", "Napoleon", 0);
    pick_on_record(&mut harness, "Attached to Unit", "Unit 23", 0);
    resolve_and_apply(&mut harness);

    // Orders: D'Erlon puts I centre in movement, 1 + 1 Unit = 2 points, his 1 generated point
    // first, then 1 marker (L741, L757). He cannot pay the same for I guns with the marker left;
    // Napoleon, attached to it, can (L381, L743).
    next_step(&mut harness);
    pick_on_record(&mut harness, "Issued by", "D'Erlon", 0);
    pick_on_record(&mut harness, "Formation", "I centre", 0);
    resolve_and_apply(&mut harness);
    assert_eq!(kept(&harness, "french", "D'Erlon", "markers"), 1);
    assert_eq!(
        kept(&harness, "french", "D'Erlon", "generated points spent"),
        1
    );
    click(&mut harness, "Resolve: Issue an Order");
    pick_on_record(&mut harness, "Issued by", "D'Erlon", 0);
    pick_on_record(&mut harness, "Formation", "I guns", 0);
    harness.get_by_label_contains("this Order costs 2");
    pick_on_record(&mut harness, "Issued by", "Napoleon", 0);
    resolve_and_apply(&mut harness);
    assert_eq!(
        kept(&harness, "french", "Napoleon", "markers"),
        napoleon - 4
    );

    // Maneuver: I centre, 1 Unit wide, Charges up to 4 UoM (L389, L807). PUT IN MOVEMENT fastened
    // the guns' Horse Team (L759); not having maneuvered, they unfasten at the end of 3.3 (L869).
    next_step(&mut harness);
    click(&mut harness, "Resolve: Maneuver a Formation");
    pick_on_record(&mut harness, "Formation", "I centre", 0);
    radio(&mut harness, "Charge");
    resolve_and_apply(&mut harness);
    assert!(
        record(&harness)
            .unit("french", "I centre")
            .is_some_and(|f| f.attribute("maneuver this turn").is_some())
    );
    let horse_team = |harness: &Harness<'_, AideApp>| {
        record(harness)
            .unit("french", "Unit 23")
            .and_then(|u| u.attribute("Horse Team").map(str::to_string))
    };
    assert_eq!(horse_team(&harness).as_deref(), Some("fastened"));
    click(&mut harness, "Resolve: Fasten or unfasten a Horse Team");
    pick_on_record(&mut harness, "Artillery Unit", "Unit 23", 0);
    resolve_and_apply(&mut harness);
    assert_eq!(horse_team(&harness).as_deref(), Some("unfastened"));

    // Combat: the French Unit 1 attacks the English Unit 8, 6 against 1: Routed, 2 yellow
    // markers (L907). The Result of Combat puts 2 orange markers on I centre (L996).
    next_step(&mut harness);
    pick_on_record(&mut harness, "Unit in melee", "Unit 1", 0);
    pick_on_record(&mut harness, "Unit in melee", "Unit 8", 1);
    physical_dice_and_apply(&mut harness, "6,1");
    assert_eq!(kept(&harness, "british", "Unit 8", "yellow markers"), 2);
    click(&mut harness, "Resolve: Result of Combat");
    tick(&mut harness, "I centre");
    physical_dice_and_apply(&mut harness, "3,3");
    assert_eq!(kept(&harness, "french", "I centre", "orange markers"), 2);

    // End of Turn, each army: the Routed Unit is eliminated, one orange marker and the Smoke come
    // off, Napoleon's box is emptied (L1049-1054). The card spells out what changes and folds
    // the rest (a General already under 4 markers) into a count.
    next_step(&mut harness);
    click_button_with_shortcut(&mut harness, "Resolve Ctrl");
    let folded = harness
        .get_by_label_contains(" more change nothing")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(folded.ends_with(" more change nothing"), "{folded}");
    apply(&mut harness);
    click(&mut harness, "Resolve: End of Turn");
    radio(&mut harness, "English (red)");
    resolve_and_apply(&mut harness);
    let record = record(&harness);
    assert_eq!(
        record
            .unit("british", "Unit 8")
            .map(|u| u.state.to_string()),
        Some("Eliminated".into())
    );
    assert_eq!(kept(&harness, "french", "I centre", "orange markers"), 1);
    assert_eq!(kept(&harness, "french", "Napoleon", "markers"), 0);
    assert_eq!(kept(&harness, "french", "D'Erlon", "markers"), 1);
    assert!(
        record
            .unit("french", "Unit 23")
            .is_some_and(|u| u.attribute("Smoke").is_none())
    );

    // The log holds every resolution, each applied, and its chain verifies.
    let view = harness.state().game_view().expect("a game");
    let procedures: Vec<&str> = view
        .session
        .events()
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Resolved { procedure, .. } => Some(procedure.as_str()),
            _ => None,
        })
        .skip_while(|p| *p != "initiative")
        .collect();
    assert_eq!(
        procedures,
        vec![
            "initiative",
            "bombardment",
            "damage",
            "assign",
            "attach",
            "order",
            "order",
            "maneuver",
            "horse-team",
            "melee",
            "result-of-combat",
            "end-of-turn",
            "end-of-turn"
        ]
    );
    assert_eq!(
        view.session
            .events()
            .iter()
            .filter(|e| view.session.awaits_apply(e))
            .count(),
        0
    );
    assert!(view.session.verify().is_ok());
}

/// A form leaves out the fields that do not bear on it as it stands: Melee Losses offers one share
/// for each of its own Units that took part, and a Maneuver the charged Formation only for a Charge.
#[test]
fn a_form_shows_only_the_fields_that_bear_on_it() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    radio(&mut harness, "Waterloo: Enemy Mistakes");
    click(&mut harness, "Start the game");
    let shown = |harness: &Harness<'_, AideApp>, text: &str| {
        harness.query_all_by_label(text).next().is_some()
    };

    open_procedure(&mut harness, "Melee Losses");
    assert!(shown(
        &harness,
        "First Unit (the one that started the combat, if of this army)"
    ));
    assert!(!shown(&harness, "Second Unit"));
    set_number(&mut harness, "Its own Units that took part", 3.0);
    assert!(shown(&harness, "Third Unit"));
    assert!(!shown(&harness, "Fourth Unit"));

    open_procedure(&mut harness, "Maneuver a Formation");
    radio(&mut harness, "English (red)");
    assert!(!shown(&harness, "Army charged"));
    assert!(!shown(&harness, "Charged Formation (optional)"));
    radio(&mut harness, "Charge");
    assert!(shown(&harness, "Army charged"));
    assert!(shown(&harness, "Charged Formation (optional)"));
}

#[test]
fn a_game_opened_without_its_key_asks_before_going_on_under_a_new_key() {
    let home = tempfile::tempdir().expect("temporary folder");
    let away = tempfile::tempdir().expect("another machine's folder");
    let path = home.path().join("game.toml");
    {
        let mut harness = app_harness(home.path());
        click(&mut harness, "Start the game");
        // The commitment to the sealed seed is on screen from the start, to be noted down.
        harness.get_by_label_contains("Dice seed sealed: commitment");
        // ... and in the record panel, beside the last event's hash.
        assert_eq!(
            harness
                .query_all_by_label_contains("Dice seed sealed:")
                .count(),
            2
        );
        let view = harness.state_mut().game_view_mut().expect("a game");
        view.session.save(&path).expect("saved");
    }
    let mut harness = app_harness(away.path());
    harness.state_mut().open_file(&path);
    harness.run();
    harness.get_by_label("Read only: this game's key is not on this machine.");
    let events = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .events()
        .len();
    click(&mut harness, "Continue under a new key…");
    // Nothing happens before the players confirm.
    harness.get_by_label("Continue under a new key?");
    assert_eq!(
        harness
            .state()
            .game_view()
            .expect("a game")
            .session
            .events()
            .len(),
        events
    );
    click(&mut harness, "Continue under a new key");
    let view = harness.state().game_view().expect("a game");
    assert_eq!(
        view.session.key_status(),
        aide_de_camp::engine::session::KeyStatus::Held
    );
    assert!(matches!(
        view.session.events().last().map(|e| &e.body),
        Some(EventBody::Rekeyed { .. })
    ));
    assert!(view.dirty, "the new key is a change to save");
}

/// A click on a step other than the next one asks first, naming what the move passes over;
/// Cancel (or Escape) leaves play where it was. Next step moves on without asking.
#[test]
fn a_jump_to_another_step_asks_and_cancel_leaves_play_where_it_was() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    next_step(&mut harness);
    next_step(&mut harness);
    let at = record(&harness).position;
    let logged = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .events()
        .len();
    // June 16-18 starts at D; two steps on is F. Back to B goes back over C, D and E.
    click(&mut harness, "B. Blown Unit Return");
    harness.get_by_label("Go back to B. Blown Unit Return?");
    harness.get_by_label_contains(
        "Gone back over: C. Cavalry Corps Recovery, D. Detachment Placement, E. Detachment Recall.",
    );
    click(&mut harness, "Cancel");
    assert_eq!(record(&harness).position, at);
    // Escape cancels too; Enter on a focused step only asks.
    click(&mut harness, "Attacks");
    harness.get_by_label("Skip ahead to Attacks?");
    harness.get_by_label_contains(
        "Skipped, with nothing resolved for them: G. Battle Formation, H. Withdrawal, Moves.",
    );
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(harness.query_by_label("Skip ahead to Attacks?").is_none());
    assert_eq!(record(&harness).position, at);
    assert_eq!(
        harness
            .state()
            .game_view()
            .expect("a game")
            .session
            .events()
            .len(),
        logged,
        "nothing was logged"
    );
    // Confirmed, play moves; Ctrl+Right is Next step.
    click(&mut harness, "B. Blown Unit Return");
    click(&mut harness, "Go to B. Blown Unit Return");
    assert_eq!(
        (
            record(&harness).position.phase,
            record(&harness).position.step
        ),
        (0, 1)
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::ArrowRight);
    harness.run();
    assert_eq!(
        (
            record(&harness).position.phase,
            record(&harness).position.step
        ),
        (0, 2)
    );
}

/// After a pass the opponent rolls its Movement pass allowance once (L602-613): a second roll in
/// the same step is refused, naming the first, and nothing is logged.
#[test]
fn a_second_pass_allowance_in_the_step_is_refused() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    // June 16-18 starts at Step D; five steps on is the Movement Phase.
    for _ in 0..5 {
        next_step(&mut harness);
    }
    click(&mut harness, "Resolve: Movement pass allowance");
    physical_dice_and_apply(&mut harness, "2");
    let logged = harness
        .state()
        .game_view()
        .expect("a game")
        .session
        .events()
        .len();
    click(&mut harness, "New resolution");
    harness.get_by_label_contains("Movement pass allowance was resolved this step already (event");
    assert!(
        harness
            .get_by_label_contains("Roll the dice")
            .accesskit_node()
            .is_disabled()
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::R);
    harness.run();
    let view = harness.state().game_view().expect("a game");
    assert_eq!(view.session.events().len(), logged, "nothing was logged");
    // The command path refuses it too, whatever the dice.
    let game = view.game;
    let input = view.workspace.as_ref().expect("the form").input.clone();
    let mut session = view.session.clone();
    let refused = session.execute(
        game,
        &view.tables,
        aide_de_camp::engine::play::Command::Resolve {
            procedure: "movement-pass".into(),
            input,
            dice: aide_de_camp::engine::play::Dice::Physical(vec![3]),
            apply: false,
        },
    );
    assert!(refused.is_err_and(|e| {
        e.to_string()
            .contains("once a step (Movement Phase, L602-613)")
    }));
}

/// The record shows each unit's state as the game defines it, and a click opens the unit with the
/// events that touched it; Escape closes it. I Corps (d'Erlon) has 1 star (L1517).
#[test]
fn the_record_shows_each_unit_as_the_game_keeps_it_and_opens_its_history() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness(folder.path());
    click(&mut harness, "Start the game");
    let erlon = record(&harness)
        .unit("french", "I Corps (d'Erlon)")
        .cloned()
        .expect("on the record");
    let line = format!(
        "{} · {}",
        erlon.state,
        aide_de_camp::games::waterloo_campaign::roster::summary(&erlon)
    );
    assert!(line.contains("1 star"), "{line}");
    harness.get_by_label(&line);
    click(&mut harness, "Open I Corps (d'Erlon)");
    harness.get_by_label("I Corps (d'Erlon) (French)");
    // Its history: the set-up put it on the record.
    harness.get(By::new().role(egui::Role::Button).label_contains("#3 "));
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(
        harness
            .query_by_label("I Corps (d'Erlon) (French)")
            .is_none()
    );

    // The roster editor closes on Escape too, and keeps what was typed for when it opens again.
    click(&mut harness, "Counter values");
    type_into(&mut harness, "II Corps (Pirch): Battle Stars", "1"); // FICTIONAL
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(
        harness
            .query_by_label("II Corps (Pirch): Battle Stars")
            .is_none()
    );
    click(&mut harness, "Counter values");
    assert_eq!(
        harness
            .get_by_label("II Corps (Pirch): Battle Stars")
            .value()
            .as_deref(),
        Some("1")
    );

    // Help holds a quick start and every shortcut.
    click(&mut harness, "Help");
    click(&mut harness, "Keyboard shortcuts");
    harness.get_by_label("Ctrl+Right");
    harness.get_by_label("Roll and apply the result at once");
}
