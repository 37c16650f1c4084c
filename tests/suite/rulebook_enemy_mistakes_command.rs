//! Waterloo: Enemy Mistakes checked against its rulebook: the set-up, Initiative with its sealed
//! bids, the command economy of Assign and Issue Orders, and the End of Turn.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.2, §3.3, §3.5, §3.7, §3.22 and the vectors
//! D16-D18 of §6). The text prints no worked example with dice; the vectors are worked out from the
//! rules by hand. The Units' tile values are not in the text: the tests enter values marked
//! FICTIONAL.

use crate::support;

use aide_de_camp::engine::record::UnitRecord;
use aide_de_camp::games::enemy_mistakes::roster::{self, attribute, state};
use support::enemy_mistakes::{add_unit, assign, draw_markers, formation, refusal, tile};
use support::{Play, flag, list, number, text};

// Positions (phase, step): Initiative (0, 0), Bombardment (1, 0), Assign (2, 0), Orders (2, 1),
// Maneuver (2, 2), Combat (2, 3), End of Turn (2, 4).

fn markers(play: &Play, side: &str, commander: &str) -> i32 {
    roster::number_of(play.record(), side, commander, attribute::MARKERS)
}

fn initiative(play: &Play, side: &str) -> i32 {
    roster::initiative(play.record(), side)
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
    // The refusal names the markers held, never the secret bid.
    assert!(
        refused.contains("bid is more than the 9 markers") && !refused.contains("10"),
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

/// "In the first turn, the players will not compete for Initiative" (L650): a bid for turn I is
/// refused by the form alone, as a resolve without a session sees it (the turn is a field of the
/// form), and by a session standing on turn I, through `Session::execute`, before anything is
/// logged. The same bids for turn II resolve.
#[test]
fn l650_a_bid_for_turn_one_is_refused_with_or_without_a_session() {
    use aide_de_camp::engine::input::{Input, Value};
    use aide_de_camp::engine::play::{Command, Dice};
    use aide_de_camp::engine::procedure::resolve_checked;
    use support::enemy_mistakes::{procedure, tables};

    let p = procedure("initiative");
    let mut input = Input::defaults(p.fields());
    input.set("french_bid", Value::Number(2));
    input.set("british_bid", Value::Number(3));
    assert_eq!(input.number("turn"), 1, "the form's default turn");
    let refused = resolve_checked(p, &input, &tables(), &[]).expect_err("turn I never bids");
    let refused = refused.to_string();
    assert!(refused.contains("field `turn`"), "{refused}");
    assert!(refused.contains("L650"), "{refused}");
    input.set("turn", Value::Number(2));
    assert!(resolve_checked(p, &input, &tables(), &[]).is_ok());

    let mut play = Play::start("enemy-mistakes", "historical");
    draw_markers(&mut play, 3, 5);
    let bids = [("french_bid", number(2)), ("british_bid", number(3))];
    let refused = play
        .refused("initiative", &bids)
        .expect("refused on turn I");
    assert!(refused.contains("L650"), "{refused}");
    let logged = play.session.events().len();
    let command = Command::Resolve {
        procedure: "initiative".into(),
        input: play.input("initiative", &bids),
        dice: Dice::Physical(Vec::new()),
        apply: true,
    };
    let executed = play.session.execute(play.game, &play.tables, command);
    assert!(executed.is_err(), "{executed:?}");
    assert_eq!(play.session.events().len(), logged, "nothing logged");
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
        ("order", text("put_in_movement")),
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
    add_unit(&mut play, "french", 3, "light_cavalry", "I");
    for (name, unit) in [
        ("I left", "Unit 1"),
        ("I right", "Unit 2"),
        ("I guns", "Unit 23"),
        ("I horse", "Unit 3"),
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

    // Infantry and Cavalry in two Formations: neither is mixed, so no +1 (L823).
    assert!(!play.input("order", &redeploy(&["I horse"])).flag("mixed"));
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

/// The banner's warnings (L92-116): green markers and Smoke tokens come in supplies of 25 and 23.
/// With all in use the players are told none is left; with more on the record than the game has,
/// they are told so. The record here holds the markers as the procedures place them: a green
/// marker on a Formation, a Smoke token on an Artillery Unit.
#[test]
fn l96_l116_the_banner_warns_when_the_green_markers_or_smoke_tokens_run_out() {
    use aide_de_camp::engine::record::Effect;
    let play = Play::start("enemy-mistakes", "historical");
    let notes = |green: usize, smoke: usize| {
        let mut record = play.record().clone();
        for n in 0..green.max(smoke) {
            let (formation, unit) = (format!("F{n}"), format!("Unit {n}"));
            let mut effects = Vec::new();
            if n < green {
                effects.push(Effect::set_state(
                    "french",
                    &formation,
                    state::ON_BATTLEFIELD,
                    "T",
                ));
                effects.push(Effect::set_attribute(
                    "french",
                    &formation,
                    attribute::GREEN,
                    "yes",
                    "T",
                ));
            }
            if n < smoke {
                effects.push(Effect::set_state(
                    "french",
                    &unit,
                    state::ON_BATTLEFIELD,
                    "T",
                ));
                effects.push(Effect::set_attribute(
                    "french",
                    &unit,
                    attribute::SMOKE,
                    "yes",
                    "T",
                ));
            }
            record.apply(&effects, 1);
        }
        (play.game.turn_notes)(&record)
            .into_iter()
            .map(|note| format!("{} ({})", note.text, note.rule))
            .collect::<Vec<_>>()
    };
    let below = notes(24, 22);
    assert!(
        !below
            .iter()
            .any(|n| n.contains("green") || n.contains("Smoke")),
        "{below:?}"
    );
    let used_up = notes(25, 23);
    assert!(
        used_up.contains(&"All 25 green markers are in use: none is left (Components, L96)".into()),
        "{used_up:?}"
    );
    assert!(
        used_up.contains(&"All 23 Smoke tokens are in use: none is left (Components, L116)".into()),
        "{used_up:?}"
    );
    let beyond = notes(26, 24);
    assert!(
        beyond.contains(
            &"26 green markers are on the record, but the game has only 25 (Components, L96)"
                .into()
        ),
        "{beyond:?}"
    );
    assert!(
        beyond.contains(
            &"24 Smoke tokens are on the record, but the game has only 23 (Components, L116)"
                .into()
        ),
        "{beyond:?}"
    );
}

/// L648: "In this phase, each player receives" his markers: once a turn. A second draw is
/// refused; the next turn the army draws again.
#[test]
fn l648_an_army_draws_its_markers_once_a_turn() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play("initiative-markers", &[("side", text("french"))], &[4]);
    let refused = play
        .refused("initiative-markers", &[("side", text("french"))])
        .expect("refused");
    assert!(
        refused.contains("French (blue) has drawn its markers this turn"),
        "{refused}"
    );
    assert!(refused.contains("L648"), "{refused}");
    // The English have not drawn yet.
    assert_eq!(
        play.refused("initiative-markers", &[("side", text("british"))]),
        None
    );
    play.go_to(2, 0, 0);
    assert_eq!(
        play.refused("initiative-markers", &[("side", text("french"))]),
        None
    );
}

/// The forms' facts filled in from the record cannot be edited away from it: the Generals and
/// reserve counted for the markers (L648, L150-246), and for the bid the Prussians' presence
/// (L658), last turn's places (L660) and the reserves (L658).
#[test]
fn l648_l658_initiative_forms_refuse_facts_the_record_does_not_hold() {
    let mut play = Play::start("enemy-mistakes", "historical");
    let french = ("side", text("french"));
    let refused = play
        .refused(
            "initiative-markers",
            &[french.clone(), ("generals", number(7))],
        )
        .expect("refused");
    assert_eq!(
        refused,
        "field `generals`: the record holds 6 Generals of an Army Corps on the battlefield for French (blue)"
    );
    let refused = play
        .refused(
            "initiative-markers",
            &[french.clone(), ("reserve", number(20))],
        )
        .expect("refused");
    assert!(
        refused.contains("the record holds 36 markers in the reserve of French (blue)"),
        "{refused}"
    );
    let refused = play
        .refused(
            "initiative-markers",
            &[("side", text("prussian")), ("no_die", flag(true))],
        )
        .expect("refused");
    // The Prussians are not on the battlefield: that comes first.
    assert!(refused.contains("L658"), "{refused}");

    play.go_to(2, 0, 0);
    draw_markers(&mut play, 3, 5);
    let bids = [("french_bid", number(2)), ("british_bid", number(3))];
    let with = |extra: (&'static str, aide_de_camp::engine::input::Value)| {
        let mut values = bids.to_vec();
        values.push(extra);
        values
    };
    let refused = play
        .refused(
            "initiative",
            &[
                with(("prussians_in", flag(true))),
                vec![("prussian_bid", number(1))],
            ]
            .concat(),
        )
        .expect("refused");
    assert!(
        refused.contains("the record does not say that the Prussian army is on the battlefield"),
        "{refused}"
    );
    let refused = play
        .refused("initiative", &with(("british_last", number(1))))
        .expect("refused");
    assert!(
        refused.contains("the record holds 0 as the place of English (red) last turn"),
        "{refused}"
    );
    let refused = play
        .refused("initiative", &with(("french_reserve", number(36))))
        .expect("refused");
    assert!(
        refused.contains("the record holds 27 markers in the reserve of French (blue)"),
        "{refused}"
    );
    assert_eq!(play.refused("initiative", &bids), None);
}

/// L658: the reward comes "from his own reserve". The English fill their Generals' boxes until
/// their reserve is empty; on turn III a winning bid of 1 goes back to the reserve and is the only
/// marker the reward can take: +1 instead of +2, and the result says why.
#[test]
fn l658_the_reward_for_the_bid_is_only_what_the_reserve_holds() {
    let mut play = Play::start("enemy-mistakes", "historical");
    let generals = ["Orange", "Hill", "Picton", "Uxbridge"];
    for turn in 1..=3 {
        play.go_to(turn, 0, 0);
        // 6 + 4 Generals = 10 English markers each turn.
        draw_markers(&mut play, 1, 6);
        if turn == 2 {
            play.play(
                "initiative",
                &[("french_bid", number(1)), ("british_bid", number(2))],
                &[],
            );
        }
        if turn == 3 {
            break;
        }
        play.go_to(turn, 2, 0);
        for general in generals {
            assign(&mut play, "british", general, 2);
        }
        play.go_to(turn, 2, 4);
        play.play("end-of-turn", &[("side", text("british"))], &[]);
    }
    // 4 Generals keep 4 markers each, and Wellington's box holds the 10 just drawn.
    assert_eq!(roster::reserve(play.record(), "british"), 0);
    assert_eq!(initiative(&play, "british"), 1);
    let result = play.play(
        "initiative",
        &[("french_bid", number(1)), ("british_bid", number(1))],
        &[],
    );
    assert_eq!(
        initiative(&play, "british"),
        1,
        "the tie goes to last turn's first (L660)"
    );
    assert!(
        result
            .outcome
            .headline
            .contains("1. English (red) (bid 1, +1 of 2 markers: the reserve is empty)"),
        "{}",
        result.outcome.headline
    );
    assert!(
        result.limits.iter().any(|l| l
            .description
            .contains("earns 2 extra markers but its reserve holds only 1")),
        "{:?}",
        result.limits
    );
    assert_eq!(markers(&play, "british", "Wellington"), 10 - 1 + 1);
    assert_eq!(roster::reserve(play.record(), "british"), 0);
}

/// Three armies (L652-660): from turn VIII, with the Prussians on the battlefield, the second
/// highest bid earns Initiative 2 and 1 marker (L658); equal bids go to the better place last turn
/// (L660); every bid is lost to the reserve (L656). Before the Prussians arrive the second earns
/// nothing.
#[test]
fn l658_three_armies_bid_and_the_second_place_earns_one_marker() {
    let mut play = Play::start("enemy-mistakes", "historical");
    // Turn VII, two armies: the English win, the French are second and earn nothing.
    play.go_to(7, 0, 0);
    draw_markers(&mut play, 1, 1);
    play.play(
        "initiative",
        &[("french_bid", number(1)), ("british_bid", number(2))],
        &[],
    );
    assert_eq!(markers(&play, "french", "Napoleon"), 1 + 6 - 1);
    assert_eq!(initiative(&play, "british"), 1);
    assert_eq!(initiative(&play, "french"), 2);
    // Initiative is bid for once a turn (L652-654).
    let refused = play
        .refused(
            "initiative",
            &[("french_bid", number(1)), ("british_bid", number(1))],
        )
        .expect("a second bid");
    assert!(refused.contains("once a turn"), "{refused}");
    play.go_to(7, 2, 4);
    for side in ["french", "british"] {
        play.play("end-of-turn", &[("side", text(side))], &[]);
    }

    // Turn VIII: the Prussians enter, and draw 4 + Bülow = 5.
    play.go_to(8, 0, 0);
    play.play("prussian-entrance", &[], &[6]);
    assert_eq!(play.state("prussian", "Blücher"), state::ON_BATTLEFIELD);
    draw_markers(&mut play, 2, 2);
    play.play("initiative-markers", &[("side", text("prussian"))], &[4]);
    assert_eq!(markers(&play, "prussian", "Blücher"), 5);
    let input = play.input("initiative", &[]);
    assert!(input.flag("prussians_in"));
    assert_eq!(input.number("prussian_last"), 0);
    // Three equal bids: last turn's first, the English, then the French; the Prussians, who took
    // no part, come last.
    let result = play.play(
        "initiative",
        &[
            ("french_bid", number(2)),
            ("british_bid", number(2)),
            ("prussian_bid", number(2)),
        ],
        &[],
    );
    assert_eq!(
        result.outcome.headline,
        "Initiative: 1. English (red) (bid 2, +2 markers); 2. French (blue) (bid 2, +1 markers); 3. Prussian (black) (bid 2)"
    );
    assert!(result.limits.iter().any(|l| l.rule.contains("L660")));
    assert_eq!(markers(&play, "british", "Wellington"), 2 + 4 - 2 + 2);
    assert_eq!(markers(&play, "french", "Napoleon"), 2 + 6 - 2 + 1);
    assert_eq!(markers(&play, "prussian", "Blücher"), 5 - 2);
    assert_eq!(initiative(&play, "prussian"), 3);
    // The bids went back to the reserves: each holds its supply less its boxes.
    assert_eq!(roster::reserve(play.record(), "prussian"), 21 - 3);
    assert_eq!(roster::reserve(play.record(), "french"), 36 - 7);
}

/// Ney (optional rule, L371): Napoleon "must give him 2 blue markers every turn". An assignment
/// to Ney is those 2; until Ney has them, Napoleon cannot give them to another General.
#[test]
fn l371_napoleon_must_give_ney_two_markers_every_turn() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play("ney", &[], &[]);
    // 6 + 6 Generals = 12 markers.
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    for general in ["Drouot", "D'Erlon", "Reille", "Lobau", "Kellermann"] {
        assign(&mut play, "french", general, 2);
    }
    assert_eq!(markers(&play, "french", "Napoleon"), 2);
    let to = |general: &str, n: i64| {
        vec![
            ("side", text("french")),
            ("general", text(general)),
            ("markers", number(n)),
        ]
    };
    let refused = play.refused("assign", &to("Milhaud", 1)).expect("refused");
    assert_eq!(
        refused,
        "field `markers`: Napoleon must keep 2 of his 2 markers for Ney, who must have 2 every turn (General Ney, L371)"
    );
    let refused = play.refused("assign", &to("Ney", 1)).expect("refused");
    assert!(
        refused.contains("Napoleon must give Ney his 2 markers every turn: 2 now"),
        "{refused}"
    );
    assign(&mut play, "french", "Ney", 2);
    assert_eq!(markers(&play, "french", "Ney"), 2);
    assert_eq!(markers(&play, "french", "Napoleon"), 0);
}

/// Ney removed (L373): no Substitute, and "every turn" Napoleon "must lose the 2 blue markers that
/// he would have assigned to Ney". They go back to the reserve at the first French assignment of
/// each turn, where he would have given them; until then no Order spends them.
#[test]
fn l373_once_ney_is_removed_napoleon_loses_his_two_markers_every_turn() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play("ney", &[], &[]);
    // Ney's Unit takes part in a combat: 1 + 1, -1 for his two stars, eliminates him (L408, L415).
    play.go_to(1, 2, 3);
    play.play(
        "general-casualty",
        &[
            ("side", text("french")),
            ("general", text("Ney")),
            ("cause", text("combat")),
            ("melee_this_turn", flag(false)),
        ],
        &[1, 1],
    );
    assert_eq!(play.state("french", "Ney"), state::ELIMINATED);

    for turn in 2..=3 {
        play.go_to(turn, 0, 0);
        draw_markers(&mut play, 6, 1);
        play.play(
            "initiative",
            &[("french_bid", number(1)), ("british_bid", number(1))],
            &[],
        );
        // The French win the tie (L660): 12 - 1 + 2 = 13 markers.
        assert_eq!(markers(&play, "french", "Napoleon"), 13);
        play.go_to(turn, 2, 0);
        let input = play.input("assign", &[("side", text("french"))]);
        assert_eq!(input.number("lost_for_ney"), 2);
        // Until they are lost, Napoleon cannot spend them on an Order either (L743).
        let napoleon = play.input(
            "order",
            &[("side", text("french")), ("commander", text("Napoleon"))],
        );
        assert_eq!(napoleon.number("markers"), 13 - 2);
        let refused = play
            .refused(
                "assign",
                &[
                    ("side", text("french")),
                    ("general", text("D'Erlon")),
                    ("markers", number(2)),
                    ("lost_for_ney", number(0)),
                ],
            )
            .expect("refused");
        assert!(
            refused
                .contains("the record has Napoleon lose 2 markers for Ney now (General Ney, L373)"),
            "{refused}"
        );
        let reserve = roster::reserve(play.record(), "french");
        let result = play.play(
            "assign",
            &[
                ("side", text("french")),
                ("general", text("D'Erlon")),
                ("markers", number(1)),
            ],
            &[],
        );
        assert!(
            result
                .outcome
                .headline
                .contains("Napoleon loses the 2 he would have given Ney"),
            "{}",
            result.outcome.headline
        );
        assert_eq!(markers(&play, "french", "Napoleon"), 13 - 1 - 2);
        assert_eq!(roster::reserve(play.record(), "french"), reserve + 2);
        // Once a turn: the next assignment loses nothing.
        let input = play.input("assign", &[("side", text("french"))]);
        assert_eq!(input.number("lost_for_ney"), 0);
        assign(&mut play, "french", "Reille", 2);
        assert_eq!(markers(&play, "french", "Napoleon"), 8);
        play.go_to(turn, 2, 4);
        play.play("end-of-turn", &[("side", text("french"))], &[]);
    }
}

/// KEEP IN MOVEMENT is for "any 1 Formation of his Army Corps already marked in green" (L819):
/// refused for a Formation without a green marker, given to one put in movement last turn.
#[test]
fn l819_keep_in_movement_only_for_a_formation_marked_green() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    formation(&mut play, "french", "I centre", "I", &["Unit 1"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.go_to(1, 2, 1);
    let order = |order: &str| {
        vec![
            ("side", text("french")),
            ("commander", text("D'Erlon")),
            ("order", text(order)),
            ("formation", text("I centre")),
        ]
    };
    let refused = play
        .refused("order", &order("keep_in_movement"))
        .expect("refused");
    assert!(
        refused.contains("I centre has no green marker: KEEP IN MOVEMENT is for a Formation already in movement (L819)"),
        "{refused}"
    );
    play.play("order", &order("put_in_movement"), &[]);
    play.go_to(1, 2, 4);
    play.play("end-of-turn", &[("side", text("french"))], &[]);
    play.go_to(2, 2, 1);
    let result = play.play("order", &order("keep_in_movement"), &[]);
    assert_eq!(result.totals[0].total, 1);
    assert_eq!(
        play.attribute("french", "I centre", attribute::GREEN)
            .as_deref(),
        Some("yes")
    );
}

/// RECOVER "SHAKEN (marked in yellow) Units of any one Formation", 2 points "for each Shaken Unit
/// of the Formation he wants to RECOVER" (L821); never a Routed Unit (L787). The form lists the
/// Formation's Shaken Units; a Routed Unit, a steady one or one of another Formation is refused.
#[test]
fn l821_recover_only_the_shaken_units_of_the_formation() {
    let mut play = Play::start("enemy-mistakes", "historical");
    for n in 1..=4 {
        add_unit(&mut play, "french", n, "infantry", "I");
    }
    for n in 8..=10 {
        add_unit(&mut play, "british", n, "infantry", "I");
    }
    formation(
        &mut play,
        "french",
        "I centre",
        "I",
        &["Unit 1", "Unit 2", "Unit 3"],
    );
    formation(&mut play, "french", "I right", "I", &["Unit 4"]);
    // English Charges, +1 (L1011): 4 + 1 against 1 is a Retreat, 1 yellow marker; 6 + 1 against 1
    // Routs, 2 (L905-907). Both sides' FICTIONAL class adds alike.
    play.go_to(1, 2, 3);
    for (attacker, defender, faces) in [
        ("Unit 8", "Unit 1", [4, 1]),
        ("Unit 9", "Unit 2", [6, 1]),
        ("Unit 10", "Unit 4", [4, 1]),
    ] {
        play.play(
            "melee",
            &[
                ("side", text("british")),
                ("attacker", text(attacker)),
                ("enemy_side", text("french")),
                ("defender", text(defender)),
            ],
            &faces,
        );
    }
    let yellow = |play: &Play, unit: &str| play.attribute("french", unit, attribute::YELLOW);
    assert_eq!(yellow(&play, "Unit 1").as_deref(), Some("1"));
    assert_eq!(yellow(&play, "Unit 2").as_deref(), Some("2"));
    assert_eq!(yellow(&play, "Unit 4").as_deref(), Some("1"));

    play.go_to(2, 0, 0);
    draw_markers(&mut play, 6, 1);
    play.play(
        "initiative",
        &[("french_bid", number(1)), ("british_bid", number(1))],
        &[],
    );
    play.go_to(2, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.go_to(2, 2, 1);
    let recover = vec![
        ("side", text("french")),
        ("commander", text("D'Erlon")),
        ("order", text("recover")),
        ("formation", text("I centre")),
    ];
    let input = play.input("order", &recover);
    let names = |field: &str| {
        input
            .list(field)
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(names("recovering"), ["Unit 1"]);
    for (unit, why) in [
        ("Unit 2", "Unit 2 is not a Shaken Unit of I centre"),
        ("Unit 3", "Unit 3 is not a Shaken Unit of I centre"),
        ("Unit 4", "Unit 4 is not a Shaken Unit of I centre"),
    ] {
        let refused = play
            .refused(
                "order",
                &[recover.clone(), vec![("recovering", list(&[unit]))]].concat(),
            )
            .expect("refused");
        assert!(refused.contains(why), "{refused}");
        assert!(
            refused.contains("the record holds Unit 1 (L787, L821)"),
            "{refused}"
        );
    }
    let result = play.play("order", &recover, &[]);
    assert_eq!(result.totals[0].total, 2);
    assert_eq!(yellow(&play, "Unit 1").as_deref(), Some("0"));
    assert_eq!(yellow(&play, "Unit 2").as_deref(), Some("2"));
}

/// The Grand Battery (L727, L825-827): French Units 23, 24 and 9 in one Formation, under D'Erlon,
/// who "must issue a specific Order REDEPLOY (spending 2 Command points) just to the Formation of
/// the Grand Battery". Nobody else issues it, to no other Formation, and his ordinary REDEPLOY
/// does not take the Grand Battery along.
#[test]
fn l827_only_d_erlon_redeploys_the_grand_battery_for_two_points() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    for n in [23, 24, 9] {
        add_unit(&mut play, "french", n, "foot_artillery", "I");
    }
    formation(&mut play, "french", "I left", "I", &["Unit 1"]);
    formation(&mut play, "french", "I guns", "I", &["Unit 23", "Unit 24"]);
    formation(&mut play, "french", "I reserve", "I", &["Unit 9"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.play(
        "attach",
        &[
            ("side", text("french")),
            ("general", text("Napoleon")),
            ("unit", text("Unit 23")),
        ],
        &[],
    );
    play.go_to(1, 2, 1);
    let order = |commander: &str, order: &str, formation: &str| {
        vec![
            ("side", text("french")),
            ("commander", text(commander)),
            ("order", text(order)),
            ("formation", text(formation)),
        ]
    };
    // Unit 9 is apart: there is no Grand Battery.
    let refused = play
        .refused("order", &order("D'Erlon", "grand_battery", "I guns"))
        .expect("refused");
    assert!(
        refused.contains("there is no Grand Battery (L727)"),
        "{refused}"
    );

    formation(
        &mut play,
        "french",
        "I guns",
        "I",
        &["Unit 23", "Unit 24", "Unit 9"],
    );
    assert_eq!(
        roster::grand_battery_formation(play.record()),
        Some("I guns")
    );
    // Napoleon, attached to it, may order it, but not this Order.
    let refused = play
        .refused("order", &order("Napoleon", "grand_battery", "I guns"))
        .expect("refused");
    assert!(
        refused.contains("only D'Erlon redeploys the Grand Battery (L727, L827)"),
        "{refused}"
    );
    let refused = play
        .refused("order", &order("D'Erlon", "grand_battery", "I left"))
        .expect("refused");
    assert!(
        refused.contains("the Grand Battery is I guns, not I left"),
        "{refused}"
    );
    let refused = play
        .refused(
            "order",
            &[
                order("D'Erlon", "redeploy", "I left"),
                vec![("more_formations", list(&["I guns"]))],
            ]
            .concat(),
        )
        .expect("refused");
    assert!(
        refused.contains("I guns is the Grand Battery: it has its own REDEPLOY, by D'Erlon (L827)"),
        "{refused}"
    );
    let result = play.play("order", &order("D'Erlon", "grand_battery", "I guns"), &[]);
    assert_eq!(result.totals[0].total, 2);
    assert_eq!(
        play.attribute("french", "I guns", attribute::ORDER)
            .as_deref(),
        Some("REDEPLOY the Grand Battery")
    );
}

/// PUT IN MOVEMENT: "The Artillery Units in the Formation must fasten their Horse Team" (L759).
/// The form lists them from the record, the record refuses another list, and the Horse Teams are
/// fastened, noted as fastened this turn.
#[test]
fn l759_put_in_movement_fastens_the_artillery_s_horse_teams() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "french", 23, "foot_artillery", "I");
    formation(&mut play, "french", "I centre", "I", &["Unit 1", "Unit 23"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.go_to(1, 2, 1);
    let order = vec![
        ("side", text("french")),
        ("commander", text("D'Erlon")),
        ("order", text("put_in_movement")),
        ("formation", text("I centre")),
    ];
    let input = play.input("order", &order);
    let artillery: Vec<String> = input
        .list("artillery")
        .iter()
        .map(|n| n.to_string())
        .collect();
    assert_eq!(artillery, ["Unit 23"]);
    let refused = play
        .refused(
            "order",
            &[order.clone(), vec![("artillery", list(&[]))]].concat(),
        )
        .expect("refused");
    assert_eq!(
        refused,
        "field `artillery`: the record holds Unit 23 as the unfastened Artillery of I centre"
    );
    // A battery whose Horse Team is fastened already does not fasten again this turn (L865, L869).
    let fastened = ("horse_team", text("fastened"));
    let unit_24 = [tile("french", 24, "foot_artillery", "I"), vec![fastened]].concat();
    play.play("add-unit", &unit_24, &[]);
    formation(&mut play, "french", "I guns", "I", &["Unit 24"]);
    let guns = [order[..3].to_vec(), vec![("formation", text("I guns"))]].concat();
    assert!(play.input("order", &guns).list("artillery").is_empty());
    // 1 + 2 Units = 3 points: 1 generated and 2 markers.
    let result = play.play("order", &order, &[]);
    assert_eq!(result.totals[0].total, 3);
    assert_eq!(
        play.attribute("french", "Unit 23", attribute::HORSE_TEAM)
            .as_deref(),
        Some(roster::horse_team::FASTENED)
    );
    assert_eq!(
        play.attribute("french", "Unit 23", attribute::FASTENED_THIS_TURN)
            .as_deref(),
        Some("yes")
    );
    assert_eq!(
        play.attribute("french", "Unit 1", attribute::HORSE_TEAM),
        None
    );
}

/// T6 (L371, L266): Ney starts attached to Unit 38, "in the Formation with Units 36, 37 and 39":
/// once that Formation is made he is attached to it, and it takes no Order from its corps General.
#[test]
fn t6_l371_ney_is_attached_to_the_formation_of_units_36_to_39() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.play("ney", &[], &[]);
    for number in 36..=39 {
        add_unit(&mut play, "french", number, "infantry", "I"); // FICTIONAL corps
    }
    formation(
        &mut play,
        "french",
        "Ney's column",
        "I",
        &["Unit 36", "Unit 37", "Unit 38", "Unit 39"],
    );
    let ney = play.record().unit("french", "Ney").expect("Ney");
    assert_eq!(
        roster::attached_formation(play.record(), "french", ney),
        Some("Ney's column")
    );
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "D'Erlon", 2);
    play.go_to(1, 2, 1);
    let refused = play
        .refused(
            "order",
            &[
                ("side", text("french")),
                ("commander", text("D'Erlon")),
                ("order", text("keep_in_movement")),
                ("formation", text("Ney's column")),
            ],
        )
        .expect("Ney's Formation");
    assert!(refused.contains("L371"), "{refused}");
}

/// The cost of PUT IN MOVEMENT counts the Formation's Units and whether it is mixed (L759): both
/// are the record's, so a form edited away from it is refused.
#[test]
fn l759_the_order_cost_counts_the_units_on_the_record() {
    let mut play = Play::start("enemy-mistakes", "historical");
    add_unit(&mut play, "french", 1, "infantry", "II");
    add_unit(&mut play, "french", 2, "infantry", "II");
    formation(&mut play, "french", "II line", "II", &["Unit 1", "Unit 2"]);
    play.play("initiative-markers", &[("side", text("french"))], &[6]);
    play.go_to(1, 2, 0);
    assign(&mut play, "french", "Reille", 2);
    play.go_to(1, 2, 1);
    let order = [
        ("side", text("french")),
        ("commander", text("Reille")),
        ("order", text("put_in_movement")),
        ("formation", text("II line")),
    ];
    assert_eq!(play.input("order", &order).number("units"), 2);
    let fewer = [order.to_vec(), vec![("units", number(1))]].concat();
    let refused = play.refused("order", &fewer).expect("one Unit");
    assert!(refused.contains("2 Units on the record"), "{refused}");
    let mixed = [order.to_vec(), vec![("mixed", flag(true))]].concat();
    let refused = play.refused("order", &mixed).expect("not mixed");
    assert!(refused.contains("does not mix"), "{refused}");
    assert_eq!(play.refused("order", &order), None);
}

/// A commander who is not on the battlefield is refused in a whole sentence, even when the record
/// gives the entry no state or the name is blank (what an effect on a blank unit field leaves).
#[test]
fn a_commander_off_the_battlefield_is_refused_in_a_whole_sentence() {
    let play = Play::start("enemy-mistakes", "historical");
    let mut record = play.record().clone();
    for name in ["", "Nobody"] {
        let key = ("french".into(), name.into());
        record.units.insert(key, UnitRecord::default());
    }
    let order = |commander: &str| {
        [
            ("side", text("french")),
            ("commander", text(commander)),
            ("order", text("keep_in_movement")),
            ("formation", text("I centre")),
            ("markers", number(1)),
        ]
    };
    let refused = |commander: &str| refusal(&record, "order", &order(commander)).expect("refused");
    assert_eq!(
        refused("Nobody"),
        "field `commander`: Nobody is not on the battlefield"
    );
    // A blank name is asked for before the record is read; had the record an entry for it, the
    // sentence would still read.
    assert_eq!(refused(""), "field `commander`: name who issues the Order");
    assert_eq!(
        roster::not_on_battlefield(" ", &record.units[&("french".into(), "".into())]),
        "The unit with a blank name is not on the battlefield"
    );
    // A state the record gives is named.
    assert_eq!(
        refused("Ney"),
        format!(
            "field `commander`: Ney is {}, not on the battlefield",
            state::NOT_ARRIVED
        )
    );
}
