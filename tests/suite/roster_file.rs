//! The roster file (engine::roster_file) through a real game, The Battles of Waterloo: a roster
//! saved from one game loads into a new one, entry for entry, each logged like any resolution;
//! every kind of bad file is refused whole, naming the file and the entry or line; and an entry
//! the new game refuses leaves it untouched. The counter ratings are FICTIONAL, made up for the
//! test (the rulebook prints none).

use crate::support;

use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::play::{Command, Dice};
use aide_de_camp::engine::roster_file::RosterFile;
use std::path::Path;
use support::battles_of_waterloo::{add_unit, start};
use support::{Play, number, text};

const SCENARIO: &str = "quatre-bras";

/// A game with two combat units, a leader and a LIM, one value corrected from the roster editor;
/// a unit added by mistake and corrected in the log, and one resolved but never applied.
fn entered_game() -> Play {
    let mut play = start(SCENARIO);
    add_unit(&mut play, "french", "12 Line", "infantry", &[]);
    add_unit(
        &mut play,
        "allied",
        "Picton",
        "infantry",
        &[("elite", number(1))],
    ); // FICTIONAL
    play.play(
        "add-leader",
        &[
            ("side", text("french")),
            ("name", text("Reille")),
            ("type", text("superior_commander")),
            ("command_range", number(5)), // FICTIONAL
            ("orders_points", number(3)), // FICTIONAL
        ],
        &[],
    );
    play.play(
        "add-lim",
        &[
            ("side", text("french")),
            ("kind", text("command")),
            ("name", text("II Corps")),
        ],
        &[],
    );
    play.play(
        "counter-value",
        &[
            ("side", text("french")),
            ("unit", text("12 Line")),
            ("value_of", text("strength")),
            ("value", number(7)), // FICTIONAL
        ],
        &[],
    );
    add_unit(&mut play, "french", "Mistake", "infantry", &[]);
    let mistake = play.session.events().len() as u64 - 1;
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::Correct {
                event: mistake,
                reason: "not in this battle".into(),
            },
        )
        .unwrap();
    let input = play.input(
        "add-unit",
        &[("side", text("allied")), ("name", text("Unapplied"))],
    );
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::Resolve {
                procedure: "add-unit".into(),
                input,
                dice: Dice::Physical(Vec::new()),
                apply: false,
            },
        )
        .unwrap();
    play
}

fn save(play: &Play, path: &Path) -> usize {
    play.game.save_roster(&play.session, path).unwrap()
}

/// Loads `text`, written to a file named `roster.toml`, into a new game: the refusal, and
/// whether the new game was left as it was.
fn refusal_of(text: &str) -> (String, bool) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("roster.toml");
    std::fs::write(&path, text).unwrap();
    let mut fresh = start(SCENARIO);
    let before = fresh.session.events().len();
    let refusal = fresh
        .game
        .load_roster(&mut fresh.session, &fresh.tables, &path)
        .expect_err("refused");
    assert!(refusal.contains("roster.toml"), "names the file: {refusal}");
    (refusal, fresh.session.events().len() == before)
}

/// A good file, its entries from `entered_game`, with `from` replaced by `to`.
fn good_file_with(from: &str, to: &str) -> String {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("good.toml");
    save(&entered_game(), &path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from} is in the file:\n{text}");
    text.replacen(from, to, 1)
}

#[test]
fn a_roster_saved_from_one_game_loads_into_a_new_one() {
    let play = entered_game();
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("roster.toml");
    // The two units, the leader, the LIM and the value: not the corrected or the unapplied.
    assert_eq!(save(&play, &path), 5);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("game = \"battles-of-waterloo\""), "{text}");
    assert!(
        !text.contains("Mistake") && !text.contains("Unapplied"),
        "{text}"
    );

    let mut fresh = start(SCENARIO);
    let before = fresh.session.events().len();
    let loaded = fresh
        .game
        .load_roster(&mut fresh.session, &fresh.tables, &path)
        .unwrap();
    assert_eq!(loaded, 5);
    // Each entry is logged and applied like any other resolution.
    let resolved = fresh.session.events()[before..]
        .iter()
        .filter(|e| matches!(e.body, EventBody::Resolved { .. }))
        .count();
    assert_eq!(resolved, 5);
    assert_eq!(fresh.session.events().len(), before + 10);
    for side_unit in [
        ("french", "12 Line"),
        ("allied", "Picton"),
        ("french", "Reille"),
    ] {
        assert_eq!(
            fresh.record().unit(side_unit.0, side_unit.1),
            play.record().unit(side_unit.0, side_unit.1),
            "{side_unit:?}"
        );
    }
    assert_eq!(
        fresh.attribute("french", "12 Line", "strength").as_deref(),
        Some("7")
    );
    assert!(fresh.record().unit("french", "Mistake").is_none());
    // What the new game would save is what was loaded.
    let procedures = fresh.game.roster.as_ref().unwrap().procedures();
    let again = RosterFile::of_session(&fresh.session, &procedures);
    let first =
        RosterFile::parse("roster.toml", &text, fresh.game.id, fresh.game, &procedures).unwrap();
    let inputs = |roster: &RosterFile| {
        roster
            .entries
            .iter()
            .map(|e| (e.procedure.clone(), e.input.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(inputs(&again), inputs(&first));
}

#[test]
fn a_roster_for_another_game_is_refused() {
    let (refusal, untouched) = refusal_of(&good_file_with(
        "game = \"battles-of-waterloo\"",
        "game = \"waterloo-campaign\"",
    ));
    assert!(
        refusal.contains("roster.toml:3:"),
        "names the line: {refusal}"
    );
    assert!(refusal.contains("\"waterloo-campaign\""), "{refusal}");
    assert!(untouched);
}

#[test]
fn an_unknown_procedure_is_refused_naming_the_entry() {
    let (refusal, untouched) = refusal_of(&good_file_with(
        "procedure = \"add-leader\"",
        "procedure = \"add-general\"",
    ));
    assert!(refusal.contains("entry 3 (add-general)"), "{refusal}");
    assert!(refusal.contains("unknown procedure"), "{refusal}");
    assert!(untouched);
}

#[test]
fn a_procedure_that_is_not_a_roster_procedure_is_refused() {
    let (refusal, untouched) = refusal_of(&good_file_with(
        "procedure = \"add-leader\"",
        "procedure = \"rally\"",
    ));
    assert!(refusal.contains("entry 3 (rally)"), "{refusal}");
    assert!(refusal.contains("not a roster procedure"), "{refusal}");
    assert!(untouched);
}

#[test]
fn a_bad_field_is_refused_naming_the_entry_and_the_field() {
    let (refusal, untouched) = refusal_of(&good_file_with("strength = 4", "strength = \"four\""));
    assert!(refusal.contains("entry 1 (add-unit)"), "{refusal}");
    assert!(refusal.contains("field `strength`"), "{refusal}");
    assert!(untouched);

    let (refusal, _) = refusal_of(&good_file_with(
        "cohesion = 5",
        "cohesion = 5\ncolour = \"blue\"",
    ));
    assert!(
        refusal.contains("field `colour`"),
        "an unknown key: {refusal}"
    );

    let (refusal, _) = refusal_of(&good_file_with("cohesion = 5\n", ""));
    assert!(refusal.contains("field `cohesion`: missing"), "{refusal}");
}

#[test]
fn a_file_that_is_not_a_roster_is_refused_with_its_line() {
    let (refusal, untouched) =
        refusal_of("format_version = 1\ngame = \"battles-of-waterloo\"\n[[entries]\n");
    assert!(refusal.contains("roster.toml:3:"), "{refusal}");
    assert!(untouched);
    let (refusal, _) = refusal_of("format_version = 9\ngame = \"battles-of-waterloo\"\n");
    assert!(refusal.contains("newer version"), "{refusal}");
    let (refusal, _) = refusal_of("format_version = 1\n");
    assert!(refusal.contains("game"), "the game is missing: {refusal}");
}

#[test]
fn an_entry_the_new_game_refuses_leaves_it_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("roster.toml");
    save(&entered_game(), &path);
    // A game that has 12 Line already refuses the roster's second 12 Line.
    let mut fresh = start(SCENARIO);
    add_unit(&mut fresh, "french", "12 Line", "infantry", &[]);
    let before = fresh.session.clone();
    let refusal = fresh
        .game
        .load_roster(&mut fresh.session, &fresh.tables, &path)
        .unwrap_err();
    assert!(refusal.contains("roster.toml:"), "{refusal}");
    assert!(refusal.contains("entry 1 (add-unit) refused"), "{refusal}");
    assert!(
        refusal.contains("already has a piece named \"12 Line\""),
        "{refusal}"
    );
    assert_eq!(fresh.session.events(), before.events());
    assert_eq!(fresh.record(), before.record());
    assert!(fresh.record().unit("allied", "Picton").is_none());
}

#[test]
fn every_roster_procedure_is_registered_in_its_game() {
    for game in aide_de_camp::games::GAMES {
        if let Some(roster) = &game.roster {
            for id in roster.procedures() {
                assert!(game.procedure(id).is_ok(), "{}: {id}", game.id);
            }
        }
    }
}
