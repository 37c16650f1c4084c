//! Waterloo: Enemy Mistakes checked against its rulebook: the 3.3 Maneuver subphase and the Horse
//! Teams of the Artillery.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.11, the vector T2 of §6, §7.10). The text
//! prints no worked maneuver; the distances are worked out from the rules by hand. The Units' tile
//! values are not in the text: the tests enter values marked FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::{Resolution, resolve_checked};
use aide_de_camp::engine::record::Effect;
use aide_de_camp::games::enemy_mistakes::roster::{self, attribute, horse_team, state};
use support::enemy_mistakes::{self, assign, draw_markers};
use support::{Play, flag, list, number, text};

// Positions (phase, step): Assign (2, 0), Orders (2, 1), Maneuver (2, 2), End of Turn (2, 4).

/// A FICTIONAL Unit of `unit_type`, on the battlefield, its Horse Team unfastened (L266).
fn tile(play: &mut Play, side: &str, number_on_tile: i64, unit_type: &str, corps: &str) {
    let on_battlefield = ("arrival", text(state::ON_BATTLEFIELD));
    let facts = [
        enemy_mistakes::tile(side, number_on_tile, unit_type, corps),
        vec![on_battlefield],
    ]
    .concat();
    play.play("add-unit", &facts, &[]);
}

/// A Formation of `units` (L381), of its General's Army Corps.
fn formation(play: &mut Play, side: &str, name: &str, general: &str, units: &[&str]) {
    let corps = roster::commander_spec(general).expect("a General").corps;
    enemy_mistakes::formation(play, side, name, corps, units);
}

/// Turn I up to 3.3: each `(side, General, Formation, Units)` made and PUT IN MOVEMENT by its
/// General with his generated points and 2 markers (L737, L759), which gives it the green marker.
fn in_movement(play: &mut Play, formations: &[(&str, &str, &str, &[&str])]) {
    draw_markers(play, 6, 6);
    play.go_to(1, 2, 0);
    for (side, general, name, units) in formations {
        formation(play, side, name, general, units);
        assign(play, side, general, 2);
    }
    play.go_to(1, 2, 1);
    for (side, general, name, _) in formations {
        play.play(
            "order",
            &[
                ("side", text(side)),
                ("commander", text(general)),
                ("order", text("put_in_movement")),
                ("formation", text(name)),
            ],
            &[],
        );
    }
    play.go_to(1, 2, 2);
}

/// The French II column: Reille's Infantry Units 1 and 2, in movement at 3.3.
fn french_column(play: &mut Play) {
    tile(play, "french", 1, "infantry", "II");
    tile(play, "french", 2, "infantry", "II");
    in_movement(
        play,
        &[("french", "Reille", "II column", &["Unit 1", "Unit 2"])],
    );
}

/// A maneuver of a Formation the record does not know, resolved on its form alone.
fn reach(play: &Play, values: &[(&str, Value)]) -> Resolution {
    let mut all = vec![("side", text("french")), ("formation", text("I column"))];
    all.extend(values.iter().cloned());
    let input = play.input("maneuver", &all);
    let p = play.game.procedure("maneuver").expect("registered");
    resolve_checked(p, &input, &play.tables, &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn distance(play: &Play, values: &[(&str, Value)]) -> i32 {
    reach(play, values).totals[0].total
}

fn reminders(resolution: &Resolution) -> Vec<String> {
    resolution
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Reminder { text, rule } => Some(format!("{text} ({rule})")),
            _ => None,
        })
        .collect()
}

fn refused(play: &Play, procedure: &str, values: &[(&str, Value)]) -> String {
    play.refused(procedure, values)
        .unwrap_or_else(|| panic!("{procedure} should be refused"))
}

/// T2 (L389-392): front width 1, 2, 3, 4 and more give Advance and Charge 4, 3, 2, 1, 1; a Fall
/// Back is 1 whatever the width (L837, L851).
#[test]
fn t2_l389_front_width_gives_the_advance_and_charge_number() {
    let play = Play::start("enemy-mistakes", "historical");
    for (width, expected) in [(1, 4), (2, 3), (3, 2), (4, 1), (5, 1)] {
        for maneuver in ["advance", "charge"] {
            let result = reach(
                &play,
                &[("maneuver", text(maneuver)), ("front_width", number(width))],
            );
            assert_eq!(result.totals[0].total, expected, "{maneuver}, {width} wide");
            assert_eq!(result.modifiers[0].rule, "Front width, L387-398");
        }
        let fall_back = [
            ("maneuver", text("fall_back")),
            ("front_width", number(width)),
        ];
        assert_eq!(distance(&play, &fall_back), 1);
    }
    let result = reach(&play, &[("front_width", number(2))]);
    assert_eq!(result.outcome.headline, "I column: Advance up to 3 UoM");
}

/// L795: a Formation of only Light Cavalry Advances 1 more; a Charge too only under the setting
/// that reads L532's "Advance/Charge ability" so (digest §7.10).
#[test]
fn l795_light_cavalry_advances_one_more() {
    let play = Play::start("enemy-mistakes", "historical");
    let light = ("light_cavalry_only", flag(true));
    let two_wide = ("front_width", number(2));
    assert_eq!(distance(&play, &[two_wide.clone(), light.clone()]), 4);
    let result = reach(&play, &[two_wide.clone(), light.clone()]);
    assert_eq!(result.modifiers[1].label, "Only Light Cavalry");
    assert_eq!(result.modifiers[1].rule, "Advance, L795");
    let charge = ("maneuver", text("charge"));
    assert_eq!(
        distance(&play, &[charge.clone(), two_wide.clone(), light.clone()]),
        3
    );
    let setting = ("light_cavalry_bonus", text("advance_and_charge"));
    assert_eq!(distance(&play, &[charge, two_wide, light, setting]), 4);
}

/// L795, L532: the flag is filled in from the record; Horse Artillery does not take it away, an
/// Infantry Unit does, and ticking it against the record is refused.
#[test]
fn l532_horse_artillery_keeps_the_light_cavalry_bonus() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 1, "light_cavalry", "II");
    tile(&mut play, "french", 2, "horse_artillery", "II");
    tile(&mut play, "french", 3, "infantry", "III");
    in_movement(
        &mut play,
        &[
            ("french", "Reille", "II lancers", &["Unit 1", "Unit 2"]),
            ("french", "Kellermann", "III line", &["Unit 3"]),
        ],
    );
    let form = |name: &str| play.input("maneuver", &[("formation", text(name))]);
    assert!(form("II lancers").flag("light_cavalry_only"));
    assert!(!form("III line").flag("light_cavalry_only"));
    let why = refused(
        &play,
        "maneuver",
        &[
            ("formation", text("III line")),
            ("light_cavalry_only", flag(true)),
        ],
    );
    assert!(
        why.starts_with("field `light_cavalry_only`") && why.contains("L795"),
        "{why}"
    );
}

/// L602-626: a Wood limits a maneuver to 1, a Farm field to 2; a Town counts as 1 already moved, a
/// Sunken road and a Torrent take 1 off. The reductions come after the limits, or before them under
/// the setting. A Road lifts them for a Formation of front width 1 (L618).
#[test]
fn l602_terrain_limits_and_reductions() {
    let play = Play::start("enemy-mistakes", "historical");
    let crossing = |terrain: &[&str], more: &[(&str, Value)]| {
        let mut values: Vec<(&str, Value)> = terrain.iter().map(|t| (*t, flag(true))).collect();
        values.extend(more.iter().cloned());
        distance(&play, &values)
    };
    // One wide: Advance 4.
    assert_eq!(crossing(&[], &[]), 4);
    assert_eq!(crossing(&["wood"], &[]), 1); // L602
    assert_eq!(crossing(&["farm_field"], &[]), 2); // L606
    assert_eq!(crossing(&["town"], &[]), 3); // L610
    assert_eq!(crossing(&["sunken_road"], &[]), 3); // L622
    assert_eq!(crossing(&["torrent"], &[]), 3); // L626
    // A limit below the number changes nothing: 4 wide, Advance 1, in a Farm field.
    assert_eq!(crossing(&["farm_field"], &[("front_width", number(4))]), 1);
    // A Farm field and a Sunken road: 2 then -1 = 1; or 4 - 1 = 3 then at most 2.
    assert_eq!(crossing(&["farm_field", "sunken_road"], &[]), 1);
    let before = ("terrain_reductions", text("before_limits"));
    assert_eq!(crossing(&["farm_field", "sunken_road"], &[before]), 2);
    // The Road (L618): nothing but the Bridge limits a Formation 1 wide that stays on it.
    assert_eq!(crossing(&["road", "wood", "torrent"], &[]), 4);
    // Each step is shown with its rule.
    let result = reach(&play, &[("farm_field", flag(true)), ("town", flag(true))]);
    let farm_field = &result.modifiers[1];
    assert_eq!(
        (farm_field.value, farm_field.rule.as_str()),
        (-2, "Farm field, L606")
    );
    assert!(
        farm_field.label.contains("cannot surpass 2 UoM"),
        "{}",
        farm_field.label
    );
    // The steps add up to the distance.
    let sum: i32 = result.modifiers.iter().map(|m| m.value).sum();
    assert_eq!(sum, result.totals[0].total);
    let town = result.modifiers.last().expect("the Town");
    assert_eq!((town.value, town.rule.as_str()), (-1, "Town, L610"));
    // A Wood and a Town leave nothing: the maneuver cannot be executed and changes nothing.
    let result = reach(&play, &[("wood", flag(true)), ("town", flag(true))]);
    assert_eq!(result.totals[0].total, 0);
    assert!(result.effects.is_empty());
    assert!(
        result.outcome.headline.contains("cannot Advance"),
        "{}",
        result.outcome.headline
    );
}

/// L630, L618: only a Formation of front width 1 crosses a Bridge or rides a Road clear of the
/// terrain. A Charge across a Bridge leaves its Units temporarily Shaken, without support.
#[test]
fn l630_only_a_front_width_of_one_crosses_a_bridge() {
    let play = Play::start("enemy-mistakes", "historical");
    let two_wide = ("front_width", number(2));
    let why = refused(
        &play,
        "maneuver",
        &[
            ("formation", text("I column")),
            two_wide.clone(),
            ("bridge", flag(true)),
        ],
    );
    assert!(why.starts_with("field `bridge`"), "{why}");
    assert!(why.contains("L630") && why.contains("2 wide"), "{why}");
    let why = refused(
        &play,
        "maneuver",
        &[
            ("formation", text("I column")),
            two_wide,
            ("road", flag(true)),
        ],
    );
    assert!(
        why.starts_with("field `road`") && why.contains("L618"),
        "{why}"
    );
    let result = reach(
        &play,
        &[("maneuver", text("charge")), ("bridge", flag(true))],
    );
    assert_eq!(result.totals[0].total, 4);
    assert!(
        reminders(&result)
            .iter()
            .any(|r| r.contains("temporarily Shaken") && r.contains("L630")),
        "{:?}",
        reminders(&result)
    );
}

/// L837, L548: only a Formation with the green marker maneuvers, and once a turn (L849).
#[test]
fn l837_only_a_green_formation_maneuvers_and_once() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 3, "infantry", "II");
    french_column(&mut play);
    formation(&mut play, "french", "II reserve", "Reille", &["Unit 3"]);
    let why = refused(&play, "maneuver", &[("formation", text("II reserve"))]);
    assert!(
        why.contains("green marker") && why.contains("L837"),
        "{why}"
    );
    let advance = [("formation", text("II column")), ("front_width", number(2))];
    let result = play.play("maneuver", &advance, &[]);
    assert_eq!(result.outcome.headline, "II column: Advance up to 3 UoM");
    assert_eq!(
        play.attribute("french", "II column", attribute::MANEUVER)
            .as_deref(),
        Some("Advance")
    );
    let why = refused(&play, "maneuver", &advance);
    assert!(why.contains("one per Formation (L837"), "{why}");
}

/// L552: a Formation with an orange marker is in Recovery and cannot maneuver.
#[test]
fn l552_an_orange_formation_cannot_maneuver() {
    let mut play = Play::start("enemy-mistakes", "historical");
    french_column(&mut play);
    // A combat's result puts 2 orange markers on it (L996).
    play.play(
        "result-of-combat",
        &[
            ("side", text("british")),
            ("enemy_side", text("french")),
            ("defender_formation_names", list(&["II column"])),
        ],
        &[3, 3],
    );
    let why = refused(&play, "maneuver", &[("formation", text("II column"))]);
    assert!(
        why.contains("orange marker") && why.contains("L552"),
        "{why}"
    );
}

/// L853: Artillery not in Formation with Infantry or Cavalry cannot Charge; it may Advance.
#[test]
fn l853_artillery_alone_cannot_charge() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 5, "foot_artillery", "II");
    in_movement(&mut play, &[("french", "Reille", "II guns", &["Unit 5"])]);
    let why = refused(
        &play,
        "maneuver",
        &[("formation", text("II guns")), ("maneuver", text("charge"))],
    );
    assert!(
        why.starts_with("field `maneuver`") && why.contains("L853"),
        "{why}"
    );
    assert!(
        play.refused("maneuver", &[("formation", text("II guns"))])
            .is_none()
    );
}

/// L813: Units cannot Charge enemy Units of a Formation which already has Units in contact with
/// the enemy.
#[test]
fn l813_a_formation_already_in_contact_cannot_be_charged() {
    let play = Play::start("enemy-mistakes", "historical");
    let why = refused(
        &play,
        "maneuver",
        &[
            ("formation", text("I column")),
            ("maneuver", text("charge")),
            ("charged_engaged", flag(true)),
        ],
    );
    assert!(
        why.starts_with("field `charged_engaged`") && why.contains("L813"),
        "{why}"
    );
}

/// L815: the charged Formation loses its green marker, and the markers in its General's box of
/// the Command Table are lost (back to the reserve, L150).
#[test]
fn l815_a_charge_takes_the_green_marker_and_the_generals_markers() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 1, "infantry", "II");
    tile(&mut play, "british", 8, "infantry", "II");
    in_movement(
        &mut play,
        &[
            ("french", "Reille", "II column", &["Unit 1"]),
            ("british", "Hill", "II line", &["Unit 8"]),
        ],
    );
    // Hill paid his 2 points with the 2 he generates: his 2 markers are still in his box.
    assert_eq!(
        roster::number_of(play.record(), "british", "Hill", attribute::MARKERS),
        2
    );
    let reserve = roster::reserve(play.record(), "british");
    let charge = [
        ("formation", text("II column")),
        ("maneuver", text("charge")),
        ("charged", text("II line")),
    ];
    let input = play.input("maneuver", &charge);
    assert_eq!(input.text("enemy"), "british");
    assert_eq!(input.text("charged_general"), "Hill");
    let result = play.play("maneuver", &charge, &[]);
    assert_eq!(result.outcome.headline, "II column: Charge up to 4 UoM");
    assert_eq!(play.attribute("british", "II line", attribute::GREEN), None);
    assert_eq!(
        roster::number_of(play.record(), "british", "Hill", attribute::MARKERS),
        0
    );
    assert_eq!(roster::reserve(play.record(), "british"), reserve + 2);
    // The charging Formation keeps its own.
    assert_eq!(
        play.attribute("french", "II column", attribute::GREEN)
            .as_deref(),
        Some("yes")
    );
}

/// L803: a Fall Back fastens the Horse Teams of the Formation's Artillery, which then may not
/// unfasten at the end of 3.3: Artillery on Foot that fastened and maneuvered (L869). On turn I
/// PUT IN MOVEMENT fastens the team (L759) and, without a maneuver, it unfastens at the end of 3.3;
/// on turn II the Formation is kept in movement (L819) and Falls Back.
#[test]
fn l803_a_fall_back_fastens_the_horse_teams() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 1, "infantry", "II");
    tile(&mut play, "french", 5, "foot_artillery", "II");
    in_movement(
        &mut play,
        &[("french", "Reille", "II line", &["Unit 1", "Unit 5"])],
    );
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::HORSE_TEAM)
            .as_deref(),
        Some(horse_team::FASTENED)
    );
    play.play(
        "horse-team",
        &[("artillery", text("Unit 5")), ("action", text("unfasten"))],
        &[],
    );
    play.go_to(1, 2, 4);
    play.play("end-of-turn", &[("side", text("french"))], &[]);
    play.go_to(2, 2, 1);
    play.play(
        "order",
        &[
            ("side", text("french")),
            ("commander", text("Reille")),
            ("order", text("keep_in_movement")),
            ("formation", text("II line")),
        ],
        &[],
    );
    play.go_to(2, 2, 2);
    let fall_back = [
        ("formation", text("II line")),
        ("maneuver", text("fall_back")),
        ("front_width", number(2)),
    ];
    let input = play.input("maneuver", &fall_back);
    assert_eq!(input.list("unfastened"), ["Unit 5"]);
    let result = play.play("maneuver", &fall_back, &[]);
    assert_eq!(result.outcome.headline, "II line: Fall Back 1 UoM");
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::HORSE_TEAM)
            .as_deref(),
        Some(horse_team::FASTENED)
    );
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::FASTENED_THIS_TURN)
            .as_deref(),
        Some("yes")
    );
    let why = refused(&play, "horse-team", &[("artillery", text("Unit 5"))]);
    assert!(
        why.starts_with("field `action`") && why.contains("L869"),
        "{why}"
    );
}

/// L626: Artillery Units that cross a Torrent become Shaken (1 yellow marker).
#[test]
fn l626_artillery_crossing_a_torrent_is_shaken() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 1, "infantry", "II");
    tile(&mut play, "french", 5, "foot_artillery", "II");
    in_movement(
        &mut play,
        &[("french", "Reille", "II line", &["Unit 1", "Unit 5"])],
    );
    let result = play.play(
        "maneuver",
        &[
            ("formation", text("II line")),
            ("front_width", number(2)),
            ("torrent", flag(true)),
        ],
        &[],
    );
    assert_eq!(result.totals[0].total, 2);
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::YELLOW)
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("french", "Unit 1", attribute::YELLOW)
            .as_deref(),
        Some("0")
    );
}

/// L857, L869, L871: Horse Teams unfasten only at the end of 3.3. Artillery on Foot that fastened
/// but did not maneuver may unfasten; the Formation may split.
#[test]
fn l857_horse_teams_unfasten_only_at_the_end_of_the_maneuver_subphase() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 5, "foot_artillery", "II");
    formation(&mut play, "french", "II guns", "Reille", &["Unit 5"]);
    play.play(
        "horse-team",
        &[
            ("side", text("french")),
            ("artillery", text("Unit 5")),
            ("action", text("fasten")),
        ],
        &[],
    );
    play.go_to(1, 2, 1);
    let unfasten = [("artillery", text("Unit 5"))];
    let why = refused(&play, "horse-team", &unfasten);
    assert!(why.contains("L857"), "{why}");
    play.go_to(1, 2, 2);
    let input = play.input("horse-team", &unfasten);
    assert!(input.flag("fastened_this_turn") && !input.flag("maneuvered_this_turn"));
    let result = play.play("horse-team", &unfasten, &[]);
    assert_eq!(result.outcome.headline, "Unit 5 unfastens its Horse Team");
    assert!(
        reminders(&result).iter().any(|r| r.contains("(L871)")),
        "{:?}",
        reminders(&result)
    );
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::HORSE_TEAM)
            .as_deref(),
        Some(horse_team::UNFASTENED)
    );
    // Unfastened already: nothing to unfasten.
    let why = refused(&play, "horse-team", &unfasten);
    assert!(why.contains("already unfastened"), "{why}");
}

/// L865: Prussian Horse Artillery cannot unfasten in a turn in which it fastened; English Horse
/// Artillery can, but cannot then give support (L861).
#[test]
fn l865_prussian_horse_artillery_does_not_unfasten_the_turn_it_fastened() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "prussian", 7, "horse_artillery", "IV");
    tile(&mut play, "british", 39, "horse_artillery", "II");
    for side in ["prussian", "british"] {
        let artillery = if side == "prussian" {
            "Unit 7"
        } else {
            "Unit 39"
        };
        play.play(
            "horse-team",
            &[
                ("side", text(side)),
                ("artillery", text(artillery)),
                ("action", text("fasten")),
            ],
            &[],
        );
    }
    play.go_to(1, 2, 2);
    let why = refused(
        &play,
        "horse-team",
        &[("side", text("prussian")), ("artillery", text("Unit 7"))],
    );
    assert!(why.contains("Prussian") && why.contains("L865"), "{why}");
    let result = play.play(
        "horse-team",
        &[("side", text("british")), ("artillery", text("Unit 39"))],
        &[],
    );
    assert!(
        reminders(&result)
            .iter()
            .any(|r| r.contains("cannot give support") && r.contains("L861")),
        "{:?}",
        reminders(&result)
    );
}

/// L1051, L861-869: the End of Turn clears the turn's maneuvers and fastenings, so next turn the
/// Foot Artillery that fell back may unfasten again.
#[test]
fn l1051_the_end_of_turn_clears_the_maneuver_and_the_fastening() {
    let mut play = Play::start("enemy-mistakes", "historical");
    tile(&mut play, "french", 1, "infantry", "II");
    tile(&mut play, "french", 5, "foot_artillery", "II");
    in_movement(
        &mut play,
        &[("french", "Reille", "II line", &["Unit 1", "Unit 5"])],
    );
    play.play(
        "maneuver",
        &[
            ("formation", text("II line")),
            ("maneuver", text("fall_back")),
            ("front_width", number(2)),
        ],
        &[],
    );
    play.go_to(1, 2, 4);
    let input = play.input("end-of-turn", &[("side", text("french"))]);
    assert_eq!(input.list("fastened"), ["Unit 5"]);
    play.play("end-of-turn", &[("side", text("french"))], &[]);
    assert_eq!(
        play.attribute("french", "II line", attribute::MANEUVER),
        None
    );
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::FASTENED_THIS_TURN),
        None
    );
    play.go_to(2, 2, 2);
    play.play("horse-team", &[("artillery", text("Unit 5"))], &[]);
    assert_eq!(
        play.attribute("french", "Unit 5", attribute::HORSE_TEAM)
            .as_deref(),
        Some(horse_team::UNFASTENED)
    );
}

/// L266: an Artillery Unit's Horse Team is entered as the game board shows it, and the record
/// panel shows it; other Units have none.
#[test]
fn l266_a_unit_s_horse_team_is_entered_from_the_board() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play(
        "add-unit",
        &[
            ("side", text("french")),
            ("number", number(23)),
            ("type", text("foot_artillery")),
            ("corps", text("I")),
            ("horse_team", text(horse_team::FASTENED)),
            ("capacity", number(2)), // FICTIONAL
        ],
        &[],
    );
    tile(&mut play, "french", 1, "infantry", "I");
    assert_eq!(
        play.attribute("french", "Unit 23", attribute::HORSE_TEAM)
            .as_deref(),
        Some(horse_team::FASTENED)
    );
    assert_eq!(
        play.attribute("french", "Unit 1", attribute::HORSE_TEAM),
        None
    );
    let unit = play
        .record()
        .unit("french", "Unit 23")
        .expect("on the record");
    assert!(
        roster::summary(unit).contains("Horse Team fastened"),
        "{}",
        roster::summary(unit)
    );
}

/// L835-857: the Maneuver subphase offers the maneuver and the Horse Teams.
#[test]
fn l835_the_maneuver_step_offers_the_maneuver_and_the_horse_teams() {
    let play = Play::start("enemy-mistakes", "historical");
    let position = aide_de_camp::engine::record::Position {
        turn: 1,
        phase: 2,
        step: 2,
    };
    let step = play.game.sequence.step(position).expect("3.3");
    assert_eq!(step.title, "3.3 Maneuver");
    assert_eq!(step.procedures, ["maneuver", "horse-team", "remove-unit"]);
}

/// L833: Units that pay to move out of sequence "can execute ... any maneuver", green marker or
/// not. Reille pays 4 for the one Unit of II left (his 2 generated points and 2 markers).
#[test]
fn l833_a_formation_moved_out_of_sequence_maneuvers_without_a_green_marker() {
    // Turn I, 3.2: II left made, Reille with 2 markers.
    let orders_step = || {
        let mut play = Play::start("enemy-mistakes", "historical");
        tile(&mut play, "french", 1, "infantry", "II");
        formation(&mut play, "french", "II left", "Reille", &["Unit 1"]);
        play.play("initiative-markers", &[("side", text("french"))], &[6]);
        play.go_to(1, 2, 0);
        assign(&mut play, "french", "Reille", 2);
        play.go_to(1, 2, 1);
        play
    };
    let advance = [
        ("formation", text("II left")),
        ("maneuver", text("advance")),
        ("front_width", number(1)),
    ];
    let mut play = orders_step();
    play.go_to(1, 2, 2);
    let refused = refused(&play, "maneuver", &advance);
    assert!(refused.contains("L833"), "{refused}");

    let mut play = orders_step();
    let result = play.play(
        "order",
        &[
            ("side", text("french")),
            ("commander", text("Reille")),
            ("order", text("out_of_sequence")),
            ("formation", text("II left")),
            ("units", number(1)),
        ],
        &[],
    );
    assert_eq!(result.totals[0].total, 4);
    play.go_to(1, 2, 2);
    let result = play.play("maneuver", &advance, &[]);
    assert_eq!(result.outcome.headline, "II left: Advance up to 4 UoM");
}
