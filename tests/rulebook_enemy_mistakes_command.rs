//! Waterloo: Enemy Mistakes checked against its rulebook: the set-up, Initiative with its sealed
//! bids, the command economy of Assign and Issue Orders, and the End of Turn.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.2, §3.3, §3.5, §3.7, §3.22 and the vectors
//! D16-D18 of §6). The text prints no worked example with dice; the vectors are worked out from the
//! rules by hand. The Units' tile values are not in the text: the tests enter values marked
//! FICTIONAL.

mod support;

use aide_de_camp::games::enemy_mistakes::roster::{self, attribute, state};
use support::{Play, flag, list, number, text};

// Positions (phase, step): Initiative (0, 0), Bombardment (1, 0), Assign (2, 0), Orders (2, 1),
// Maneuver (2, 2), Combat (2, 3), End of Turn (2, 4).

fn markers(play: &Play, side: &str, commander: &str) -> i32 {
    roster::number_of(play.record(), side, commander, attribute::MARKERS)
}

fn initiative(play: &Play, side: &str) -> i32 {
    roster::initiative(play.record(), side)
}

/// Both armies draw their markers: French die `french`, English die `british` (L648).
fn draw_markers(play: &mut Play, french: u8, british: u8) {
    play.play("initiative-markers", &[("side", text("french"))], &[french]);
    play.play(
        "initiative-markers",
        &[("side", text("british"))],
        &[british],
    );
}

/// A FICTIONAL Unit: the text prints no tile but the sample (L459-465).
fn add_unit(play: &mut Play, side: &str, number_on_tile: i64, kind: &str, corps: &str) {
    play.play(
        "add-unit",
        &[
            ("side", text(side)),
            ("number", number(number_on_tile)),
            ("type", text(kind)),
            ("corps", text(corps)),
            ("capacity", number(4)),        // FICTIONAL
            ("victory_points", number(10)), // FICTIONAL
        ],
        &[],
    );
}

/// A Formation of `units`, made in the form of 3.1 (L381).
fn formation(play: &mut Play, side: &str, name: &str, corps: &str, units: &[&str]) {
    play.play(
        "formation",
        &[
            ("side", text(side)),
            ("name", text(name)),
            ("corps", text(corps)),
            ("units", list(units)),
        ],
        &[],
    );
}

/// The Commander in Chief gives `general` `markers` from his box (L737).
fn assign(play: &mut Play, side: &str, general: &str, markers: i64) {
    play.play(
        "assign",
        &[
            ("side", text(side)),
            ("general", text(general)),
            ("markers", number(markers)),
        ],
        &[],
    );
}

/// The start (L283, L347-361): every commander on the record, Prussians waiting, French Initiative 1.
#[test]
fn l283_set_up_puts_the_commanders_on_the_record_and_gives_the_french_initiative() {
    let play = Play::start("enemy-mistakes", "historical");
    assert_eq!(play.state("french", "Napoleon"), state::ON_BATTLEFIELD);
    assert_eq!(play.state("french", "Reille"), state::ON_BATTLEFIELD);
    assert_eq!(
        play.attribute("french", "Reille", attribute::RANK)
            .as_deref(),
        Some("3")
    );
    assert_eq!(
        play.attribute("british", "Hill", attribute::GENERATES)
            .as_deref(),
        Some("2")
    );
    assert_eq!(play.state("prussian", "Bülow"), state::NOT_ARRIVED);
    // Ney is an optional rule (L367-373).
    assert_eq!(play.state("french", "Ney"), state::NOT_ARRIVED);
    assert_eq!(initiative(&play, "french"), 1);
    assert_eq!(roster::reserve(play.record(), "french"), 36);
    assert_eq!(roster::reserve(play.record(), "british"), 26);
    // The short scenario has no Prussians (L1074-1076).
    let short = Play::start("enemy-mistakes", "short");
    assert!(short.record().unit("prussian", "Blücher").is_none());
}

/// L648: 1 die plus the corps Generals on the battlefield: 6 French (Ney not counted), 4 English.
#[test]
fn l648_markers_are_one_die_plus_the_corps_generals() {
    let mut play = Play::start("enemy-mistakes", "historical");
    let input = play.input("initiative-markers", &[("side", text("french"))]);
    assert_eq!(input.number("generals"), 6);
    draw_markers(&mut play, 3, 5);
    assert_eq!(markers(&play, "french", "Napoleon"), 9);
    assert_eq!(markers(&play, "british", "Wellington"), 9);
    assert_eq!(roster::reserve(play.record(), "french"), 36 - 9);
    // The Prussians draw nothing before they enter (L658).
    let refused = play
        .refused("initiative-markers", &[("side", text("prussian"))])
        .expect("refused");
    assert!(refused.contains("L658"), "{refused}");
}

/// D16 (L652-660): blue 3 + 6 = 9 bets 2; red 5 + 4 = 9 bets 3. Red wins: 9 - 3 + 2 = 8 markers;
/// blue keeps 9 - 2 = 7 and acts second. Equal bids go to last turn's Initiative (blue).
#[test]
fn d16_the_highest_bid_wins_two_markers_and_ties_go_to_last_turns_leader() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.go_to(2, 0, 0);
    draw_markers(&mut play, 3, 5);
    let result = play.play(
        "initiative",
        &[("french_bid", number(2)), ("british_bid", number(3))],
        &[],
    );
    assert!(
        result
            .outcome
            .headline
            .starts_with("Initiative: 1. English"),
        "{}",
        result.outcome.headline
    );
    assert_eq!(markers(&play, "british", "Wellington"), 8);
    assert_eq!(markers(&play, "french", "Napoleon"), 7);
    assert_eq!(initiative(&play, "british"), 1);
    assert_eq!(initiative(&play, "french"), 2);
    // Bet markers go back to the reserve (L656): 36 - 7 for the French.
    assert_eq!(roster::reserve(play.record(), "french"), 29);

    let mut tied = Play::start("enemy-mistakes", "historical");
    tied.go_to(2, 0, 0);
    draw_markers(&mut tied, 3, 5);
    let result = tied.play(
        "initiative",
        &[("french_bid", number(3)), ("british_bid", number(3))],
        &[],
    );
    assert_eq!(
        initiative(&tied, "french"),
        1,
        "{}",
        result.outcome.headline
    );
    assert!(result.limits.iter().any(|l| l.rule.contains("L660")));
    assert_eq!(markers(&tied, "french", "Napoleon"), 9 - 3 + 2);
}

/// L652: a bid is at least 1 marker and at most those held; the Initiative is not bid on turn I.
#[test]
fn l652_bidding_more_markers_than_held_is_refused() {
    let mut play = Play::start("enemy-mistakes", "historical");
    assert!(
        !play
            .game
            .procedure("initiative")
            .expect("registered")
            .applies(play.record())
    );
    play.go_to(2, 0, 0);
    draw_markers(&mut play, 3, 5);
    let refused = play
        .refused(
            "initiative",
            &[("french_bid", number(10)), ("british_bid", number(1))],
        )
        .expect("refused");
    assert!(
        refused.contains("bids 10 markers but holds only 9"),
        "{refused}"
    );
    let refused = play
        .refused(
            "initiative",
            &[("french_bid", number(0)), ("british_bid", number(1))],
        )
        .expect("refused");
    assert!(refused.contains("at least 1"), "{refused}");
    // The sealed-bid check names the one bid, before it is sealed.
    let p = play.game.procedure("initiative").expect("registered");
    let input = play.input("initiative", &[("british_bid", number(12))]);
    let sealed = p
        .check_sealed("british_bid", &input, play.record())
        .expect_err("refused");
    assert_eq!(sealed.field, "british_bid");
    assert_eq!(
        p.sealed_fields(play.record()),
        vec![("french", "french_bid"), ("british", "british_bid")]
    );
}

/// L737: at most 2 markers per General per turn; the third is refused.
#[test]
fn l737_a_third_marker_to_a_general_is_refused() {
    let mut play = Play::start("enemy-mistakes", "historical");
    draw_markers(&mut play, 3, 5);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 1);
    assign(&mut play, "french", "D'Erlon", 1);
    assert_eq!(markers(&play, "french", "D'Erlon"), 2);
    assert_eq!(markers(&play, "french", "Napoleon"), 7);
    let refused = play
        .refused(
            "assign",
            &[
                ("side", text("french")),
                ("general", text("D'Erlon")),
                ("markers", number(1)),
            ],
        )
        .expect("refused");
    assert!(refused.contains("has had 2 markers this turn"), "{refused}");
    assert!(refused.contains("L737"), "{refused}");
}

/// D17 (L753-833): the cost of each Order.
#[test]
fn d17_order_costs() {
    let play = Play::start("enemy-mistakes", "historical");
    let cost = |values: &[(&str, aide_de_camp::engine::input::Value)]| {
        // The Formation is not on the record, so nothing is filled in from it; the markers come last.
        let mut all = vec![
            ("side", text("french")),
            ("commander", text("D'Erlon")),
            ("formation", text("I centre")),
        ];
        all.extend(values.iter().cloned());
        all.push(("markers", number(20)));
        let input = play.input("order", &all);
        let p = play.game.procedure("order").expect("registered");
        aide_de_camp::engine::procedure::resolve_checked(p, &input, &play.tables, &[])
            .unwrap_or_else(|e| panic!("{e}"))
            .totals[0]
            .total
    };
    let put = ("order", text("put_in_movement"));
    assert_eq!(cost(&[put.clone(), ("units", number(3))]), 4);
    assert_eq!(
        cost(&[put.clone(), ("units", number(4)), ("mixed", flag(true))]),
        6
    );
    assert_eq!(cost(&[put.clone(), ("units", number(6))]), 5);
    assert_eq!(
        cost(&[
            put.clone(),
            ("units", number(2)),
            ("not_visible", flag(true))
        ]),
        4
    );
    assert_eq!(cost(&[("order", text("keep_in_movement"))]), 1);
    assert_eq!(
        cost(&[
            ("order", text("recover")),
            ("recovering", list(&["Unit 1", "Unit 2"]))
        ]),
        4
    );
    assert_eq!(
        cost(&[("order", text("redeploy")), ("mixed", flag(true))]),
        3
    );
    assert_eq!(
        cost(&[("order", text("out_of_sequence")), ("units", number(2))]),
        8
    );
    // With the setting that caps the whole cost, a mixed Formation of 6 costs 5, not 6.
    assert_eq!(
        cost(&[
            put.clone(),
            ("units", number(6)),
            ("mixed", flag(true)),
            ("movement_cap", text("all"))
        ]),
        5
    );
}

/// L749, L363: an Order is paid with generated points first, then markers; overspending is refused;
/// generated points go to one Formation only.
#[test]
fn l749_overspending_is_refused_and_generated_points_go_to_one_formation() {
    let mut play = Play::start("enemy-mistakes", "historical");
    draw_markers(&mut play, 3, 5);
    for n in 1..=4 {
        add_unit(&mut play, "french", n, "infantry", "II");
    }
    play.go_to(1, 2, 0);
    formation(
        &mut play,
        "french",
        "II left",
        "II",
        &["Unit 1", "Unit 2", "Unit 3"],
    );
    formation(&mut play, "french", "II right", "II", &["Unit 4"]);
    assign(&mut play, "french", "Reille", 1);
    play.go_to(1, 2, 1);
    let order = |formation: &str| {
        vec![
            ("side", text("french")),
            ("commander", text("Reille")),
            ("order", text("put_in_movement")),
            ("formation", text(formation)),
        ]
    };
    // Reille: 2 generated + 1 marker = 3; three Units cost 4.
    let refused = play.refused("order", &order("II left")).expect("refused");
    assert!(
        refused.contains("has 3 Command points (2 generated, 1 markers) and this Order costs 4"),
        "{refused}"
    );
    // One Unit costs 2: paid with the 2 generated points.
    let result = play.play("order", &order("II right"), &[]);
    assert!(
        result
            .outcome
            .headline
            .contains("paid with 2 generated points"),
        "{}",
        result.outcome.headline
    );
    assert_eq!(
        play.attribute("french", "II right", attribute::GREEN)
            .as_deref(),
        Some("yes")
    );
    // The generated points went to II right: for II left only the marker remains (L363).
    let input = play.input("order", &order("II left"));
    assert_eq!(input.number("generated"), 0);
    assert_eq!(input.number("markers"), 1);
    // One Order per Formation (L751).
    let refused = play
        .refused(
            "order",
            &[order("II right"), vec![("order", text("keep_in_movement"))]].concat(),
        )
        .expect("refused");
    assert!(refused.contains("L751"), "{refused}");
    // Only his own corps (L363).
    let refused = play
        .refused(
            "order",
            &[
                ("side", text("french")),
                ("commander", text("D'Erlon")),
                ("order", text("keep_in_movement")),
                ("formation", text("II left")),
            ],
        )
        .expect("refused");
    assert!(refused.contains("own Army Corps"), "{refused}");
}

/// D18 (L1046-1056): at the end of the turn a General keeps 4 markers, the Commander's box is
/// emptied, and the turn's allowances start again.
#[test]
fn d18_end_of_turn() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "french", 2, "infantry", "I");
    formation(&mut play, "french", "I centre", "I", &["Unit 1"]);
    for turn in 1..=3 {
        play.go_to(turn, 0, 0);
        play.play("initiative-markers", &[("side", text("french"))], &[6]);
        if turn > 1 {
            play.play("initiative-markers", &[("side", text("british"))], &[1]);
            play.play(
                "initiative",
                &[("french_bid", number(1)), ("british_bid", number(1))],
                &[],
            );
        }
        play.go_to(turn, 2, 0);
        assign(&mut play, "french", "D'Erlon", 2);
        play.go_to(turn, 2, 4);
        if turn == 3 {
            break;
        }
        play.play("end-of-turn", &[("side", text("french"))], &[]);
        assert_eq!(markers(&play, "french", "Napoleon"), 0);
    }
    assert_eq!(markers(&play, "french", "D'Erlon"), 6);
    play.play("end-of-turn", &[("side", text("french"))], &[]);
    assert_eq!(markers(&play, "french", "D'Erlon"), 4);
    assert_eq!(markers(&play, "french", "Napoleon"), 0);
    assert_eq!(
        play.attribute("french", "D'Erlon", attribute::ASSIGNED)
            .as_deref(),
        Some("0")
    );
}

/// D18 (L1049-1054, L552, L371): a Formation with 2 orange markers keeps 1 and may then only
/// RECOVER; Ney's 2 markers go; a Routed Unit is eliminated and counts for the enemy.
#[test]
fn d18_end_of_turn_orange_markers_ney_and_the_routed() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play("ney", &[], &[]);
    assert_eq!(play.state("french", "Ney"), state::ON_BATTLEFIELD);
    assert_eq!(
        play.attribute("french", "Ney", attribute::ATTACHED_TO)
            .as_deref(),
        Some("Unit 38")
    );
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "french", 2, "infantry", "I");
    add_unit(&mut play, "british", 8, "infantry", "I");
    formation(&mut play, "french", "I centre", "I", &["Unit 1", "Unit 2"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "Ney", 2);
    assert_eq!(markers(&play, "french", "Ney"), 2);

    // The English Unit 8 routs the French Unit 2 in melee: 6 against 1 (L907).
    play.go_to(1, 2, 3);
    play.play(
        "melee",
        &[
            ("side", text("british")),
            ("attacker", text("Unit 8")),
            ("enemy_side", text("french")),
            ("defender", text("Unit 2")),
        ],
        &[6, 1],
    );
    assert_eq!(
        play.attribute("french", "Unit 2", attribute::YELLOW)
            .as_deref(),
        Some("2")
    );
    // The Result of Combat puts 2 orange markers on the French Formation (L996).
    play.play(
        "result-of-combat",
        &[
            ("side", text("british")),
            ("enemy_side", text("french")),
            ("defender_formation_names", list(&["I centre"])),
        ],
        &[3, 3],
    );
    assert_eq!(
        play.attribute("french", "I centre", attribute::ORANGE)
            .as_deref(),
        Some("2")
    );

    play.go_to(1, 2, 4);
    play.play("end-of-turn", &[("side", text("french"))], &[]);
    assert_eq!(play.state("french", "Unit 2"), state::ELIMINATED);
    assert_eq!(
        play.input("victory", &[]).number("french_pieces_vp"),
        10,
        "the victory count scores the Unit's FICTIONAL 10 points once (L672)"
    );
    assert_eq!(
        play.attribute("french", "I centre", attribute::ORANGE)
            .as_deref(),
        Some("1")
    );
    assert_eq!(markers(&play, "french", "Ney"), 0);

    // Next turn the Formation may only RECOVER (L552).
    play.go_to(2, 2, 1);
    let refused = play
        .refused(
            "order",
            &[
                ("side", text("french")),
                ("commander", text("D'Erlon")),
                ("order", text("keep_in_movement")),
                ("formation", text("I centre")),
            ],
        )
        .expect("refused");
    assert!(refused.contains("may only RECOVER"), "{refused}");
}

/// Attaching (L400-406) and who may order a Formation: a Commander in Chief only the one he is
/// attached to (L381, L743); one General per Formation (L404); a General only to his own Army
/// Corps (L402).
#[test]
fn l381_l404_attaching_and_the_commander_in_chief_s_orders() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "french", 5, "infantry", "II");
    formation(&mut play, "french", "I centre", "I", &["Unit 1"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    let napoleon_orders = [
        ("side", text("french")),
        ("commander", text("Napoleon")),
        ("order", text("keep_in_movement")),
        ("formation", text("I centre")),
    ];
    let refused = play.refused("order", &napoleon_orders).expect("refused");
    assert!(refused.contains("attached to (L381, L743)"), "{refused}");

    let attach = |general: &str, unit: &str| {
        vec![
            ("side", text("french")),
            ("general", text(general)),
            ("unit", text(unit)),
        ]
    };
    let refused = play
        .refused("attach", &attach("Reille", "Unit 1"))
        .expect("refused");
    assert!(refused.contains("own Army Corps (L402)"), "{refused}");
    play.play("attach", &attach("Napoleon", "Unit 1"), &[]);
    assert_eq!(
        play.attribute("french", "Napoleon", attribute::ATTACHED_TO)
            .as_deref(),
        Some("Unit 1")
    );
    let refused = play
        .refused("attach", &attach("D'Erlon", "Unit 1"))
        .expect("refused");
    assert!(
        refused.contains("Napoleon is already attached to I centre"),
        "{refused}"
    );

    play.go_to(1, 2, 1);
    assert_eq!(play.refused("order", &napoleon_orders), None);
}

/// REDEPLOY moves any number of Formations of the General's Army Corps for 2 points (L823), but
/// no Foot Artillery with a Smoke token.
#[test]
fn l823_one_redeploy_for_several_formations_but_not_with_smoke() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "french", 2, "infantry", "I");
    add_unit(&mut play, "french", 23, "foot_artillery", "I");
    for (name, unit) in [
        ("I left", "Unit 1"),
        ("I right", "Unit 2"),
        ("I guns", "Unit 23"),
    ] {
        formation(&mut play, "french", name, "I", &[unit]);
    }
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.go_to(1, 2, 1);
    let redeploy = |more: &[&str]| {
        vec![
            ("side", text("french")),
            ("commander", text("D'Erlon")),
            ("order", text("redeploy")),
            ("formation", text("I left")),
            ("more_formations", list(more)),
        ]
    };
    play.play(
        "bombardment",
        &[("side", text("french")), ("artillery", text("Unit 23"))],
        &[1, 2],
    );
    let refused = play
        .refused("order", &redeploy(&["I guns"]))
        .expect("refused");
    assert!(
        refused.contains("Unit 23 of I guns is Foot Artillery with a Smoke token"),
        "{refused}"
    );

    let resolution = play.play("order", &redeploy(&["I right"]), &[]);
    assert_eq!(resolution.totals[0].total, 2);
    for formation in ["I left", "I right"] {
        assert_eq!(
            play.attribute("french", formation, attribute::ORDER)
                .as_deref(),
            Some("REDEPLOY")
        );
    }
}

/// A Prussian Unit entered before its Army Corps arrives waits off the battlefield with its
/// General, and comes in with the entrance (L640-642, L662-668).
#[test]
fn l640_a_prussian_unit_waits_for_its_army_corps() {
    let play = Play::start("enemy-mistakes", "historical");
    let input = play.input(
        "add-unit",
        &[("side", text("prussian")), ("corps", text("IV"))],
    );
    assert_eq!(input.text("arrival"), state::NOT_ARRIVED);
    let input = play.input(
        "add-unit",
        &[("side", text("french")), ("corps", text("I"))],
    );
    assert_eq!(input.text("arrival"), state::ON_BATTLEFIELD);
}

/// T1 (L459-465): the sample tile, Unit 8 of Army Corps II, sustains 6 Losses and is worth 14
/// victory points; entered from its tile, the record holds each value.
#[test]
fn t1_l459_the_sample_tile_on_the_record() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play(
        "add-unit",
        &[
            ("side", text("british")),
            ("number", number(8)),
            ("type", text("infantry")),
            ("corps", text("II")),
            ("capacity", number(6)),
            ("victory_points", number(14)),
        ],
        &[],
    );
    assert_eq!(play.state("british", "Unit 8"), state::ON_BATTLEFIELD);
    for (attribute, value) in [
        (attribute::CORPS, "II"),
        (attribute::CAPACITY, "6"),
        (attribute::VICTORY_POINTS, "14"),
    ] {
        assert_eq!(
            play.attribute("british", "Unit 8", attribute).as_deref(),
            Some(value)
        );
    }
}

/// T8 (L634, L1076): 19 half-hour turns from 11:30, Roman-numbered, the last at 20:30 ending at
/// 21:00; the short scenario ends after turn VII.
#[test]
fn t8_l634_the_turn_track() {
    let game = aide_de_camp::games::find("enemy-mistakes").expect("the game");
    let names = game.sequence.turn_names;
    assert_eq!(names.len(), 19);
    assert_eq!(names[0], "I, 11:30");
    assert_eq!(names[7], "VIII, 15:00");
    assert_eq!(names[18], "XIX, 20:30");
    let last = |id: &str| game.scenario(id).map(|s| s.last_turn);
    assert_eq!(last("historical"), Some(19));
    assert_eq!(last("short"), Some(7));
}
