//! Waterloo 200's map as the players enter it: the Terrain Bonus a battle reads (1.0, L229-233;
//! Area 27's 3 in the battle example, L1216-1219), who controls each Area (1.5, L308-331), and
//! the Line of Communication traced through them (6.4.1, L1185-1189, L1197-1198).
//!
//! Specification: the rulebook `shared/seeds/004_c3886c5f49dbd5b1.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed004_waterloo200.md` (§3.15, §4 item 2). Every neighbour and every
//! Terrain Bonus here other than Area 27's is FICTIONAL: the text prints no map.

use crate::support;

use support::{Play, flag, number, text};

fn area(play: &mut Play, number_: i64, bonus: &str, adjacent: &str) {
    play.play(
        "map-area",
        &[
            ("area", number(number_)),
            ("terrain_bonus", text(bonus)),
            ("adjacent", text(adjacent)),
        ],
        &[],
    );
}

fn control(play: &mut Play, number_: i64, held_by: &str, contested: bool) {
    play.play(
        "area-control",
        &[
            ("area", number(number_)),
            ("held_by", text(held_by)),
            ("contested", flag(contested)),
        ],
        &[],
    );
}

/// The set-up puts what the text gives of the map on the record; a battle in Area 27 reads its
/// Terrain Bonus of 3 (L1216-1219) and refuses another.
#[test]
fn l1216_l1219_a_battle_reads_the_area_s_terrain_bonus_from_the_map() {
    let mut play = Play::start("waterloo-200", "battle");
    let form = play.input("battle", &[("area", text("27"))]);
    assert_eq!(form.number("terrain_bonus"), 3);
    let wrong = play.input(
        "battle",
        &[("area", text("27")), ("terrain_bonus", number(2))],
    );
    let game = play.game;
    let refused = game
        .check_record(game.procedure("battle").unwrap(), &wrong, play.record())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("Terrain Bonus 3 for Area 27"), "{refused}");
    // An Area entered by the players fills in the same way.
    area(&mut play, 31, "5", "27, 30");
    assert_eq!(
        play.input("battle", &[("area", text("31"))])
            .number("terrain_bonus"),
        5
    );
    let form = play.input("map-area", &[("area", number(31))]);
    assert_eq!(form.text("adjacent"), "27, 30");
    let refused = play
        .refused(
            "map-area",
            &[("area", number(31)), ("adjacent", text("31, 116"))],
        )
        .unwrap();
    assert!(refused.contains("not an Area"), "{refused}");
}

/// 6.4.1 (L1185-1189): a Line of Communication runs through Areas the Side controls uncontested;
/// it may start or end in a contested Area but not cross one, and a unit without one is Isolated
/// (L1197-1198). A FICTIONAL strip of map: 40 - 41 - 42 - 3, with 42 also next to 43.
#[test]
fn l1185_l1198_the_line_of_communication_and_isolation() {
    let mut play = Play::start("waterloo-200", "battle");
    area(&mut play, 40, "", "41");
    area(&mut play, 41, "", "42");
    area(&mut play, 42, "", "3, 43");
    control(&mut play, 40, "british", true);
    control(&mut play, 41, "british", false);
    control(&mut play, 42, "british", false);
    control(&mut play, 3, "british", false);
    let trace = [("side", text("british")), ("from", number(40))];
    let form = play.input("line-of-communication", &trace);
    assert_eq!(form.number("to"), 3, "Wellington's General HQ");
    let loc = play.play("line-of-communication", &trace, &[]);
    assert_eq!(loc.outcome.key, "loc");
    assert!(
        loc.outcome.headline.contains("40 → 41 → 42 → 3"),
        "{}",
        loc.outcome.headline
    );

    // A contested Area on the way cuts it.
    control(&mut play, 41, "british", true);
    let cut = play.play("line-of-communication", &trace, &[]);
    assert_eq!(cut.outcome.key, "isolated", "{}", cut.outcome.headline);
    assert!(
        support::reminders(&cut)[0].contains("cannot move, attack, be activated or be restored")
    );

    // An Area whose control is not entered is named, not guessed.
    control(&mut play, 41, "british", false);
    let from_43 = [
        ("side", text("british")),
        ("from", number(43)),
        ("to", number(40)),
    ];
    play.play(
        "area-control",
        &[("area", number(42)), ("held_by", text("french"))],
        &[],
    );
    let enemy = play.play("line-of-communication", &from_43, &[]);
    assert_eq!(enemy.outcome.key, "isolated");
    control(&mut play, 42, "british", false);
    area(&mut play, 43, "", "42, 44");
    let gap = play.play(
        "line-of-communication",
        &[
            ("side", text("british")),
            ("from", number(43)),
            ("to", number(45)),
        ],
        &[],
    );
    assert_eq!(gap.outcome.key, "incomplete", "{}", gap.outcome.headline);
    assert!(
        gap.outcome.headline.contains("44"),
        "{}",
        gap.outcome.headline
    );

    // The form carries the map it was traced on; a change on the record makes it stale.
    let stale = play.input("line-of-communication", &trace);
    control(&mut play, 41, "french", false);
    let game = play.game;
    let refused = game
        .check_record(
            game.procedure("line-of-communication").unwrap(),
            &stale,
            play.record(),
        )
        .unwrap_err();
    assert!(refused.to_string().contains("has changed"), "{refused}");
}

/// The map as entered goes into the roster file with the blocks, and loads into the next game
/// (the "save both to a file"); who controls an Area is play, and stays out of it.
#[test]
fn the_map_as_entered_is_saved_with_the_roster_and_loads_into_a_new_game() {
    let mut play = Play::start("waterloo-200", "battle");
    area(&mut play, 31, "5", "27, 30");
    control(&mut play, 31, "french", false);
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("roster.toml");
    let saved = play.game.save_roster(&play.session, &path).unwrap();
    assert_eq!(saved, 1, "the Area, not its control");
    let mut fresh = Play::start("waterloo-200", "battle");
    fresh
        .game
        .load_roster(&mut fresh.session, &fresh.tables, &path)
        .unwrap();
    let area_31 = fresh.record().unit("map", "Area 31").unwrap();
    assert_eq!(area_31.attribute("terrain bonus"), Some("5"));
    assert_eq!(area_31.attribute("adjacent"), Some("27, 30"));
    assert_eq!(area_31.attribute("held by"), None);
}
