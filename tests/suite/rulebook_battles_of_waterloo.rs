//! The Battles of Waterloo checked against its rulebook: the Turn Record Track and the weather,
//! the Initiative, and the Cohesion, 'd' and 'r' checks.
//!
//! Specification: the rulebook `shared/seeds/001_313c361a8749247d.txt` (cited as Lnnn, with the
//! rule number as printed) and its digest `shared/rules/seed001_battles_of_waterloo.md` (§0, §3.1,
//! §3.24-3.25, §3.45 and its Corrections).

use crate::support;

use aide_de_camp::engine::procedure::odds;
use support::battles_of_waterloo::{add_unit, form, procedure, resolve, start, tables};
use support::{Play, flag, mentions, number, text};

// --- The Turn Record Track and the weather ---------------------------------------------------

/// A FICTIONAL track: 1300 to 2000, Dusk at 1900 and 1930, Dark at 2000.
fn track(play: &mut Play) {
    play.play(
        "turn-track",
        &[
            ("first_turn", number(1300)),
            ("last_turn", number(2000)),
            ("dusk_turn", number(1900)),
            ("dark_turn", number(2000)),
        ],
        &[],
    );
}

fn notes(play: &Play) -> Vec<String> {
    (play.game.turn_notes)(play.record())
        .into_iter()
        .map(|n| n.text)
        .collect()
}

/// Half-hour turns (digest §0, L279): the track gives every turn its time, and the scenario's last
/// turn is where the checklist stops.
#[test]
fn the_track_times_each_turn_and_ends_the_scenario() {
    let mut play = start("quatre-bras");
    assert!(notes(&play).iter().any(|n| n.contains("Turn Record Track")));
    track(&mut play);
    assert!(
        notes(&play)
            .iter()
            .any(|n| n.contains("13:00 turn, turn 1 of 15"))
    );
    let scenario = play.game.scenario("quatre-bras").unwrap();
    assert_eq!(play.game.last_turn(scenario, play.record()), 15);
    play.go_to(13, 0, 0);
    assert!(notes(&play).iter().any(|n| n.contains("19:00 turn")));
    assert!(notes(&play).iter().any(|n| n.starts_with("Dusk")));
    play.go_to(14, 0, 0);
    assert!(
        notes(&play).iter().any(|n| n.starts_with("Dusk")),
        "two Dusk turns (L1665)"
    );
    play.go_to(15, 0, 0);
    assert!(notes(&play).iter().any(|n| n.starts_with("Dark")));
    let last = play.game.sequence.phases.len() - 1;
    let step = play.game.sequence.phases[last].steps.len() - 1;
    play.go_to(15, last, step);
    let next = play.game.sequence.after(play.record(), 15);
    assert_eq!(next, None, "no turn after the last");
}

#[test]
fn a_track_time_must_fall_on_the_hour_or_half_hour() {
    let play = start("ligny");
    let refused = play
        .refused(
            "turn-track",
            &[("first_turn", number(1315)), ("last_turn", number(2000))],
        )
        .expect("refused");
    assert!(refused.contains("half-hour"), "{refused}");
    let refused = play
        .refused(
            "turn-track",
            &[("first_turn", number(1300)), ("last_turn", number(1200))],
        )
        .expect("refused");
    assert!(refused.contains("before the first"), "{refused}");
}

/// R 11.3A, L1690: "Rain, 0-3": a roll within the range rains; -1 after a Rain turn.
#[test]
fn l1690_rain_within_the_range_and_minus_one_after_rain() {
    let mut play = start("quatre-bras");
    track(&mut play);
    let range = [("from", number(0)), ("to", number(3))];
    let rain = play.play("rain", &range, &[3]);
    assert_eq!(rain.outcome.key, "rain");
    assert!(notes(&play).iter().any(|n| n.starts_with("Rain")));
    play.go_to(2, 0, 0);
    let input = play.input("rain", &range);
    assert!(input.flag("rained_last_turn"));
    let dry = play.play("rain", &range, &[4]);
    assert_eq!(dry.outcome.key, "rain", "4 - 1 = 3 is within 0-3");
    play.go_to(3, 0, 0);
    let dry = play.play("rain", &range, &[5]);
    assert_eq!(dry.outcome.key, "dry", "5 - 1 = 4");
    assert!(
        notes(&play).iter().any(|n| n.starts_with("Mud")),
        "L1707: a non-Rain turn after Rain"
    );
}

/// Digest, Corrections: a natural 0 after a Rain turn is -1, outside "0-3" literally; the
/// `rain_minus_one` setting reads it inside.
#[test]
fn l1690_a_rain_roll_of_minus_one_by_either_reading() {
    let mut input = form(
        &Default::default(),
        "rain",
        &[("from", number(0)), ("to", number(3))],
    );
    input.set("rained_last_turn", flag(true));
    input.set("turn", number(2));
    assert_eq!(resolve("rain", &input, &[0]).outcome.key, "dry");
    input.set("rain_minus_one", text("inside"));
    assert_eq!(resolve("rain", &input, &[0]).outcome.key, "rain");
}

/// Rain falls only in the June 16th battles (L1688); June 18th has Mud at 1130 and 1200 (L1709).
#[test]
fn l1688_l1709_rain_on_june_16th_mud_on_june_18th_mornings() {
    let play = start("mont-st-jean");
    assert!(!play.applies("rain"));
    let mut play = start("wavre");
    play.play(
        "turn-track",
        &[("first_turn", number(1100)), ("last_turn", number(2100))],
        &[],
    );
    assert!(!notes(&play).iter().any(|n| n.starts_with("Mud")), "1100");
    play.go_to(2, 0, 0);
    assert!(notes(&play).iter().any(|n| n.starts_with("Mud")), "1130");
    play.go_to(3, 0, 0);
    assert!(notes(&play).iter().any(|n| n.starts_with("Mud")), "1200");
    play.go_to(4, 0, 0);
    assert!(!notes(&play).iter().any(|n| n.starts_with("Mud")), "1230");
}

// --- Initiative ------------------------------------------------------------------------------

/// The armies in the battle are those with a piece on the record: each gets its Overall
/// Commander, with 3 Command Points (Napoleon's "3?", L408; the others' are FICTIONAL).
fn armies(scenario: &str, sides: &[&str]) -> Play {
    let mut play = start(scenario);
    for side in sides {
        let name = match *side {
            "french" => "Napoleon",
            "allied" => "Wellington",
            _ => "Blücher",
        };
        play.play(
            "add-leader",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("type", text("overall_commander")),
                ("command_points", number(3)),
            ],
            &[],
        );
    }
    play
}

/// R 4.12A-B, L190-192: one die each, +2 per Command Point; the higher total wins.
#[test]
fn l190_l192_the_higher_total_wins_plus_two_per_command_point() {
    let mut play = armies("quatre-bras", &["french", "allied"]);
    let won = play.play(
        "initiative",
        &[("french_cp", number(1)), ("allied_cp", number(0))],
        &[4, 5],
    );
    assert_eq!(won.outcome.key, "French wins", "4 + 2 = 6 beats 5");
    assert_eq!(won.totals[0].total, 6);
    assert!(
        won.modifiers
            .iter()
            .any(|m| m.value == 2 && m.rule.contains("L192"))
    );
    assert!(play.record().marks.contains("Initiative: French"));
    let again = play.refused("initiative", &[]).expect("decided");
    assert!(again.contains("decided"), "{again}");
}

/// L190: "If the result is a tie, roll again, applying the same modifiers".
#[test]
fn l190_a_tie_rolls_again_with_the_same_command_points() {
    let mut play = armies("ligny", &["french", "prussian"]);
    let tie = play.play(
        "initiative",
        &[("french_cp", number(1)), ("prussian_cp", number(1))],
        &[3, 3],
    );
    assert_eq!(tie.outcome.key, "Tie: roll again");
    // The form opens on the tie: the same armies and Command Points.
    let input = play.input("initiative", &[]);
    assert_eq!(input.number("french_cp"), 1);
    assert_eq!(input.number("prussian_cp"), 1);
    let changed = play
        .refused("initiative", &[("french_cp", number(2))])
        .expect("refused");
    assert!(changed.contains("same Command Points"), "{changed}");
    let won = play.play("initiative", &[], &[2, 7]);
    assert_eq!(won.outcome.key, "Prussian wins");
    assert!(play.record().marks.contains("Initiative: Prussian"));
}

/// L192, L401: Command Points only while the Overall Commander is on the map.
#[test]
fn l192_command_points_only_with_the_overall_commander_on_the_map() {
    let play = start("quatre-bras");
    let refused = play
        .refused(
            "initiative",
            &[("allied_on_map", flag(false)), ("allied_cp", number(1))],
        )
        .expect("refused");
    assert!(refused.contains("Wellington"), "{refused}");
}

/// L401: no more Command Points than the Overall Commander has.
#[test]
fn l401_no_more_command_points_than_the_commander_has() {
    let play = armies("quatre-bras", &["french", "allied"]);
    let refused = play
        .refused("initiative", &[("french_cp", number(4))])
        .expect("refused");
    assert!(refused.contains("3 Command Points"), "{refused}");
    assert!(
        play.refused("initiative", &[("french_cp", number(3))])
            .is_none()
    );
}

/// Before any piece is entered, every army rolls; with pieces, the armies that have them.
#[test]
fn the_armies_with_pieces_on_the_record_roll() {
    let input = start("ligny").input("initiative", &[]);
    assert!(
        input.flag("french_rolls") && input.flag("allied_rolls") && input.flag("prussian_rolls")
    );
    let play = armies("ligny", &["french", "prussian"]);
    let input = play.input("initiative", &[]);
    assert!(input.flag("french_rolls") && input.flag("prussian_rolls"));
    assert!(!input.flag("allied_rolls"));
}

/// Three rollers (L200); a tie for the top is rolled again by the tied armies only, or by all
/// with the setting (digest §3.1, §7).
#[test]
fn l200_three_armies_and_a_tie_between_two() {
    let mut play = start("mont-st-jean");
    let tie = play.play("initiative", &[], &[6, 6, 2]);
    assert_eq!(tie.outcome.key, "Tie: roll again");
    let input = play.input("initiative", &[]);
    assert!(input.flag("french_rolls") && input.flag("allied_rolls"));
    assert!(!input.flag("prussian_rolls"), "the Prussians are out");
    let won = play.play("initiative", &[], &[1, 0]);
    assert_eq!(won.outcome.key, "French wins");

    let mut input = form(&Default::default(), "initiative", &[]);
    for roller in ["french", "allied", "prussian"] {
        input.set(&format!("{roller}_rolls"), flag(true));
    }
    input.set("initiative_ties", text("everyone"));
    let everyone = resolve("initiative", &input, &[6, 6, 2]);
    assert!(mentions(
        &everyone,
        "French and Anglo-Allied and Prussian roll again"
    ));
}

/// Digest, Corrections: Grouchy's player rolls apart in the four-player June 18th game, with no
/// Command Points of his own.
#[test]
fn l200_grouchy_rolls_apart_without_command_points() {
    let mut play = start("june-18");
    play.play("settings", &[("french_players", text("two"))], &[]);
    let input = play.input("initiative", &[]);
    assert!(input.flag("grouchy_rolls"));
    assert_eq!(procedure("initiative").dice(&input).slots.len(), 4);
    let won = play.play("initiative", &[], &[1, 9, 2, 3]);
    assert_eq!(won.outcome.key, "Grouchy's player wins");
}

/// L198: a scenario may give a side the first turn's Initiative: no roll.
#[test]
fn l198_the_scenario_gives_the_first_initiative() {
    let mut play = start("quatre-bras");
    let given = play.play("initiative", &[("given_by_scenario", text("allied"))], &[]);
    assert_eq!(given.outcome.key, "Anglo-Allied wins");
    let mut play = start("quatre-bras");
    play.go_to(2, 0, 2);
    assert!(
        play.refused("initiative", &[("given_by_scenario", text("allied"))])
            .is_some()
    );
}

/// The odds of two armies with no Command Points: each wins 45 of the 100 throws, a tie 10.
#[test]
fn the_odds_of_an_even_initiative() {
    let play = armies("quatre-bras", &["french", "allied"]);
    let input = form(play.record(), "initiative", &[]);
    let lines = odds(procedure("initiative"), &input, &tables()).unwrap();
    let count = |key: &str| lines.iter().find(|l| l.key == key).map(|l| l.count);
    assert_eq!(count("French wins"), Some(45));
    assert_eq!(count("Anglo-Allied wins"), Some(45));
    assert_eq!(count("Tie: roll again"), Some(10));
}

// --- Cohesion, 'd' and 'r' checks -----------------------------------------------------------

fn with_unit(kind: &str) -> Play {
    let mut play = start("quatre-bras");
    add_unit(
        &mut play,
        "french",
        "12 Line",
        kind,
        &[("cohesion", number(5))],
    ); // FICTIONAL
    play
}

fn check(check: &str) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    vec![
        ("side", text("french")),
        ("unit", text("12 Line")),
        ("check", text(check)),
    ]
}

/// R 9.12C, L1452: a 'd' passes at or under Cohesion; over, the unit is Disordered: D-1, then
/// D-2, then Rout for infantry (R 9.15B, L1504).
#[test]
fn l1452_l1504_a_failed_d_climbs_the_infantry_ladder() {
    let mut play = with_unit("infantry");
    assert_eq!(
        play.play("cohesion-check", &check("d"), &[5]).outcome.key,
        "pass"
    );
    assert_eq!(
        play.play("cohesion-check", &check("d"), &[6]).outcome.key,
        "fail"
    );
    assert_eq!(
        play.attribute("french", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
    play.play("cohesion-check", &check("d"), &[9]);
    assert_eq!(
        play.attribute("french", "12 Line", "disorder").as_deref(),
        Some("D-2")
    );
    let routs = play.play("cohesion-check", &check("d"), &[9]);
    assert!(
        mentions(&routs, "Rout Retreats 3 (half its Movement Allowance of 6"),
        "L1528"
    );
    assert_eq!(play.state("french", "12 Line"), "Routed");
    assert_eq!(
        play.attribute("french", "12 Line", "disorder"),
        None,
        "L1524"
    );
    // A Routed unit that takes a Disorder loses a step instead (L1523).
    play.play("cohesion-check", &check("d"), &[9]);
    assert_eq!(
        play.attribute("french", "12 Line", "steps lost").as_deref(),
        Some("1")
    );
}

/// L115: a 0 always passes a Cohesion Check, even lifted over the rating by a modifier.
#[test]
fn l115_a_natural_zero_passes_even_with_lancers() {
    let mut play = start("quatre-bras");
    add_unit(
        &mut play,
        "allied",
        "Pack",
        "infantry",
        &[("cohesion", number(1))],
    ); // FICTIONAL
    let facts = [
        ("side", text("allied")),
        ("unit", text("Pack")),
        ("check", text("r")),
        ("lancers", flag(true)),
    ];
    let zero = play.play("cohesion-check", &facts, &[0]);
    assert_eq!(zero.outcome.key, "pass", "0 + 2 = 2 > 1, but a 0 passes");
    assert!(zero.outcome.headline.contains("natural 0"));
    let one = play.play("cohesion-check", &facts, &[1]);
    assert_eq!(one.outcome.key, "fail");
    assert_eq!(play.state("allied", "Pack"), "Routed");
}

/// The modifiers of 'd' checks (digest §3.24): Lancers +2 (L1210), Cuirassiers -1 (L1212), River
/// Bridge +1 (L761), a chateau's 'D' read as 'd' +3 (L1398), Shaken +1 (L1640), Square -1 (L1301).
#[test]
fn the_d_check_modifiers_carry_their_rules() {
    let mut input = form(&Default::default(), "cohesion-check", &check("d"));
    for id in [
        "lancers",
        "cuirassier",
        "river_bridge",
        "chateau_d",
        "shaken",
        "square",
    ] {
        input.set(id, flag(true));
    }
    input.set("built_in", number(-1));
    input.set("cohesion", number(5));
    let rules: Vec<(i32, String)> = procedure("cohesion-check")
        .modifiers(&input)
        .into_iter()
        .map(|m| (m.value, m.rule))
        .collect();
    for (value, line) in [
        (2, "L1210"),
        (-1, "L1212"),
        (1, "L761"),
        (3, "L1398"),
        (1, "L1640"),
        (-1, "L1301"),
        (-1, "L1452"),
    ] {
        assert!(
            rules
                .iter()
                .any(|(v, rule)| *v == value && rule.contains(line)),
            "{value} {line}: {rules:?}"
        );
    }
    // -1 + 2 - 1 + 1 + 3 + 1 - 1 = +4 against Cohesion 5: 1 + 4 passes, 2 + 4 fails.
    assert_eq!(resolve("cohesion-check", &input, &[1]).outcome.key, "pass");
    assert_eq!(resolve("cohesion-check", &input, &[2]).outcome.key, "fail");
}

/// R 7.34, L789: cavalry through 2 woods hexes by Rapid Advance rolls as for a 'd' at +1.
#[test]
fn l789_rapid_advance_two_hexes_is_plus_one() {
    let mut play = with_unit("heavy_cavalry");
    let mut facts = check("rapid_advance");
    facts.push(("rapid_hexes", number(2)));
    let result = play.play("cohesion-check", &facts, &[5]);
    assert_eq!(result.totals[0].total, 6);
    assert_eq!(result.outcome.key, "fail");
    assert_eq!(
        play.attribute("french", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
}

/// R 9.15B, L1506-1511: cavalry already D-1 Disordered again: at or under, a retreat (two hexes
/// with a B); over, Rout.
#[test]
fn l1506_cavalry_disordered_again() {
    let mut play = with_unit("light_cavalry");
    play.play("cohesion-check", &check("d"), &[9]);
    let again = play.play("cohesion-check", &check("d"), &[9]);
    assert!(mentions(&again, "cavalry already D-1"));
    let mut facts = check("cavalry_again");
    facts.push(("also_b", flag(true)));
    let passed = play.play("cohesion-check", &facts, &[4]);
    assert!(mentions(&passed, "two hexes"));
    play.play("cohesion-check", &facts, &[6]);
    assert_eq!(play.state("french", "12 Line"), "Routed");
}

/// R 4.52D, L328: a D-2 unit that cannot Withdraw checks Cohesion; a failure Routs it. A unit not
/// D-2 is refused.
#[test]
fn l328_a_d2_unit_that_cannot_withdraw() {
    let mut play = with_unit("infantry");
    let refused = play
        .refused("cohesion-check", &check("limited_d2"))
        .expect("refused");
    assert!(refused.contains("D-2"), "{refused}");
    play.play("cohesion-check", &check("d"), &[9]);
    play.play("cohesion-check", &check("d"), &[9]);
    play.play("cohesion-check", &check("limited_d2"), &[7]);
    assert_eq!(play.state("french", "12 Line"), "Routed");
}

/// Artillery that must Rout is eliminated (R 9.17A, L1530).
#[test]
fn l1530_artillery_that_must_rout_is_eliminated() {
    let mut play = with_unit("artillery");
    play.play("cohesion-check", &check("r"), &[8]);
    assert_eq!(play.state("french", "12 Line"), "Eliminated");
}

/// The odds of a plain check: Cohesion 5 passes on 0-5, 6 faces in 10.
#[test]
fn the_odds_of_a_cohesion_check() {
    let mut input = form(&Default::default(), "cohesion-check", &check("d"));
    input.set("cohesion", number(5));
    let lines = odds(procedure("cohesion-check"), &input, &tables()).unwrap();
    assert_eq!(lines.iter().find(|l| l.key == "pass").unwrap().count, 6);
}

// --- Wet Fuses, Pursuit, Hold in Check (optional rules) -------------------------------------

/// R 11.4, L1701-1703: an infantry unit that fires in the Rain rolls: odd, wet fuses until a turn
/// without Rain; even, no effect.
#[test]
fn l1703_wet_fuses_odd_wet_even_dry_until_a_dry_turn() {
    let mut play = with_unit("infantry");
    track(&mut play);
    play.play("settings", &[("wet_fuses", text("on"))], &[]);
    assert!(!play.applies("wet-fuses"), "no Rain yet");
    play.play("rain", &[("from", number(0)), ("to", number(3))], &[1]);
    assert!(play.applies("wet-fuses"));
    let fired = [("side", text("french")), ("unit", text("12 Line"))];
    assert_eq!(play.play("wet-fuses", &fired, &[4]).outcome.key, "dry");
    assert_eq!(play.play("wet-fuses", &fired, &[7]).outcome.key, "wet");
    let again = play.refused("wet-fuses", &fired).expect("refused");
    assert!(again.contains("already wet"), "{again}");
    // Still raining next turn: still wet.
    play.go_to(2, 0, 0);
    play.play("rain", &[("from", number(0)), ("to", number(3))], &[2]);
    assert!(play.refused("wet-fuses", &fired).is_some());
    // A dry turn, then rain again: the fuses dried out.
    play.go_to(3, 0, 0);
    play.play("rain", &[("from", number(0)), ("to", number(3))], &[9]);
    play.go_to(4, 0, 0);
    play.play("rain", &[("from", number(0)), ("to", number(3))], &[0]);
    assert!(play.refused("wet-fuses", &fired).is_none());
}

fn cavalry(play: &mut Play, kind: &str, commitment: i64) {
    add_unit(
        play,
        "french",
        "Guiton",
        kind,
        &[("commitment", number(commitment))],
    ); // FICTIONAL
}

/// R 8.68A, L1252: at or under the Pursuit Rating the unit stands, over it pursues; R 8.68D,
/// L1259: the length of an Elimination Pursuit is the die less the rating, or 2.
#[test]
fn l1252_l1259_stand_pursue_and_the_length_of_pursuit() {
    let mut play = start("quatre-bras");
    play.play("settings", &[("pursuit", text("on"))], &[]);
    cavalry(&mut play, "light_cavalry", 4);
    let unit = [("side", text("french")), ("unit", text("Guiton"))];
    assert_eq!(
        play.input("pursuit", &unit).number("pursuit_rating"),
        4,
        "L48"
    );
    assert_eq!(play.play("pursuit", &unit, &[4]).outcome.key, "stands");
    assert_eq!(play.play("pursuit", &unit, &[5]).outcome.key, "pursues");
    let mut length = unit.to_vec();
    length.push(("roll", text("length")));
    assert_eq!(play.play("pursuit", &length, &[9]).outcome.key, "5 hexes");
    assert_eq!(
        play.play("pursuit", &length, &[5]).outcome.key,
        "2 hexes",
        "1, or 2"
    );
    // L1257: the return from off the map needs a roll strictly lower.
    let mut back = unit.to_vec();
    back.push(("roll", text("return")));
    assert_eq!(play.play("pursuit", &back, &[4]).outcome.key, "stays off");
    assert_eq!(play.play("pursuit", &back, &[3]).outcome.key, "returns");
}

/// L1250: no Pursuit after a Charge from adjacent; no Pursuit without the optional rule.
#[test]
fn l1250_no_pursuit_from_adjacent_nor_without_the_rule() {
    let mut play = start("quatre-bras");
    cavalry(&mut play, "light_cavalry", 4);
    assert!(!play.applies("pursuit"));
    let unit = [("side", text("french")), ("unit", text("Guiton"))];
    assert!(play.refused("pursuit", &unit).unwrap().contains("Settings"));
    play.play("settings", &[("pursuit", text("on"))], &[]);
    let mut adjacent = unit.to_vec();
    adjacent.push(("started_adjacent", flag(true)));
    assert!(
        play.refused("pursuit", &adjacent)
            .unwrap()
            .contains("L1250")
    );
}

/// Heavy Cavalry's Pursuit Rating by either reading (digest §7); R 8.69B, L1272: at or under, it
/// need not Charge; higher, away they ride; no Impetuosity in the Dark (L1683).
#[test]
fn l1272_hold_in_check_and_heavy_cavalry_pursuit_rating() {
    let mut play = start("quatre-bras");
    track(&mut play);
    play.play("settings", &[("impetuosity", text("on"))], &[]);
    cavalry(&mut play, "heavy_cavalry", 3);
    let unit = [("side", text("french")), ("unit", text("Guiton"))];
    assert_eq!(
        play.input("hold-in-check", &unit).number("pursuit_rating"),
        3
    );
    assert_eq!(play.play("hold-in-check", &unit, &[3]).outcome.key, "held");
    let away = play.play("hold-in-check", &unit, &[4]);
    assert_eq!(away.outcome.key, "charges");
    assert!(away.outcome.headline.starts_with("Away they ride!"));
    play.play(
        "settings",
        &[
            ("impetuosity", text("on")),
            ("heavy_cavalry_pursuit", text("entered")),
        ],
        &[],
    );
    assert_eq!(
        play.input("hold-in-check", &unit).number("pursuit_rating"),
        0
    );
    play.go_to(15, 0, 0);
    assert!(!play.applies("hold-in-check"), "Dark, L1683");
}

// --- Markers --------------------------------------------------------------------------------

/// A Square formed by movement is on the record and fills in the Square -1 of the unit's
/// Cohesion Checks (L1301); infantry only (L1280); Blown cavalry counts as D-1 (L1240).
#[test]
fn l1280_l1301_a_square_marker_fills_in_its_checks() {
    let mut play = with_unit("infantry");
    let square = [
        ("side", text("french")),
        ("unit", text("12 Line")),
        ("marker", text("square")),
    ];
    play.play("marker", &square, &[]);
    assert_eq!(
        play.attribute("french", "12 Line", "square").as_deref(),
        Some("yes")
    );
    assert!(play.input("cohesion-check", &check("d")).flag("square"));
    assert!(play.refused("marker", &square).unwrap().contains("already"));
    let mut off = square.to_vec();
    off.push(("action", text("remove")));
    play.play("marker", &off, &[]);
    assert_eq!(play.attribute("french", "12 Line", "square"), None);

    let mut play = with_unit("heavy_cavalry");
    let refused = play.refused("marker", &square).unwrap();
    assert!(refused.contains("only infantry"), "{refused}");
    let blown = [
        ("side", text("french")),
        ("unit", text("12 Line")),
        ("marker", text("blown")),
    ];
    play.play("marker", &blown, &[]);
    assert_eq!(
        play.attribute("french", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
    let refused = play.refused("cohesion-check", &check("d")).unwrap();
    assert!(refused.contains("Blown"), "{refused}");
}
