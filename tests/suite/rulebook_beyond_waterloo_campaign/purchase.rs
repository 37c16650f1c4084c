//! The Purchase Segment (12.2, L1342-1366; 3.4, L558-576; 16.3.3, L1524-1536), the French
//! Force Pool Transfer after the FRAT (12.3, L1377-1397) and Magazines (16.3.4, L1538-1547). The
//! RP Costs Chart is printed only on the Player Aid Charts: the prices here are the FICTIONAL
//! fixture's (tests/fixtures/beyond-waterloo/rp-costs.toml): Infantry Corps 9, Cavalry Corps 11,
//! Infantry Division 5, Cavalry Division 6, National Guard 1 CF 3 and ½ CF 2, Wagon 3, Magazine 2.

use super::{basic_game, in_state, step_title};
use crate::support::{Play, flag, list, text};
use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::play::Command;
use aide_de_camp::engine::procedure::resolve_checked;
use aide_de_camp::engine::record::Position;
use aide_de_camp::engine::symbol::Symbol;
use aide_de_camp::games::beyond_waterloo::campaign::war_chest;

/// The June Mobilization Phase's Purchase Segment.
const JUNE_PURCHASE: (u32, usize, usize) = (4, 0, 7);

/// Moves play straight to a step, forward or back, as the checklist lets the players.
fn move_to(play: &mut Play, turn: u32, phase: usize, step: usize) {
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::MoveTo {
                position: Position { turn, phase, step },
            },
        )
        .expect("moves");
}

/// The Basic Game at the June Purchase Segment.
fn at_june_purchase() -> Play {
    let mut play = basic_game();
    let (turn, phase, step) = JUNE_PURCHASE;
    play.go_to(turn, phase, step);
    assert_eq!(step_title(&play), "Purchase Segment");
    play
}

/// Whether the purchase form offers `name` of `side` for `field`.
fn offered(play: &Play, field: &str, side: &str, name: &str) -> bool {
    let purchase = play.game.procedure("purchase").expect("purchase");
    let input = play.input("purchase", &[("side", text(side))]);
    purchase.offers(field, &input, play.record(), side, name)
}

#[test]
fn the_french_recruit_from_their_force_pool_only_at_the_charts_prices() {
    // 12.2.1-12.2.2, L1344-1346; 12.2.6, L1354; 16.3.3a-b, L1526-1527.
    let mut play = at_june_purchase();
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("french")),
                (
                    "infantry_divisions",
                    list(&["Divisions Pool 2CF Inf Div 1"]),
                ),
            ],
        )
        .expect("the Divisions Pool is not the French's to recruit from");
    assert!(refusal.contains("12.2.2, L1346"), "{refusal}");
    assert!(!offered(
        &play,
        "infantry_divisions",
        "french",
        "Divisions Pool 2CF Inf Div 1"
    ));
    assert!(offered(
        &play,
        "infantry_divisions",
        "french",
        "Force Pool 1CF Inf Div 1"
    ));
    // A Wagon needs the area it is placed in (16.3.3b, L1527).
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("french")),
                ("wagons", list(&["Force Pool Wagon"])),
            ],
        )
        .expect("no area named");
    assert!(refusal.contains("16.3.3b, L1527"), "{refusal}");
    let resolution = play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_corps", list(&["Force Pool 4CF Inf Corps"])),
            ("cavalry_divisions", list(&["Force Pool Cav Div 1"])),
            ("wagons", list(&["Force Pool Wagon"])),
            ("wagons_to", text("Paris (G5)")),
        ],
        &[],
    );
    // FICTIONAL prices: 9 + 6 + 3 = 18 RP, line by line with their rules.
    let lines: Vec<(String, i32, String)> = resolution
        .modifiers
        .iter()
        .map(|m| (m.label.clone(), m.value, m.rule.clone()))
        .collect();
    assert_eq!(
        lines,
        [
            (
                "Force Pool 4CF Inf Corps: Infantry Corps".to_string(),
                9,
                "12.2.1, L1344; RP Costs Chart".to_string()
            ),
            (
                "Force Pool Cav Div 1: Cavalry Division".to_string(),
                6,
                "12.2.1, L1344; RP Costs Chart".to_string()
            ),
            (
                "Force Pool Wagon: Wagon".to_string(),
                3,
                "16.3.3a, L1526; RP Costs Chart".to_string()
            ),
        ]
    );
    assert_eq!(resolution.totals[0].describe(), "French RP cost: 18");
    assert_eq!(
        resolution.outcome.headline,
        "The French pay 18 RP: 2 to Stage 1 of training; 1 Wagon(s) to Paris (G5)"
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 85 - 18);
    for unit in ["Force Pool 4CF Inf Corps", "Force Pool Cav Div 1"] {
        assert_eq!(play.state("french", unit), "training");
        assert_eq!(
            play.attribute("french", unit, "stage").as_deref(),
            Some("1")
        );
    }
    assert_eq!(play.state("french", "Force Pool Wagon"), "in play");
    assert_eq!(
        play.attribute("french", "Force Pool Wagon", "area")
            .as_deref(),
        Some("Paris (G5)")
    );
    // Bought once: the unit is no longer in the Force Pool.
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("french")),
                ("infantry_corps", list(&["Force Pool 4CF Inf Corps"])),
            ],
        )
        .expect("already recruited");
    assert!(refusal.contains("12.2.1-12.2.2"), "{refusal}");
}

#[test]
fn the_allies_recruit_from_the_force_pool_or_the_divisions_pool_any_nation() {
    // 12.2.1, L1344; 12.2.3, L1348; 12.1.6, L1340.
    let mut play = at_june_purchase();
    assert!(offered(
        &play,
        "infantry_divisions",
        "allied",
        "Divisions Pool British 1CF Inf Div 1"
    ));
    play.play(
        "purchase",
        &[
            ("side", text("allied")),
            (
                "infantry_corps",
                list(&["Force Pool Austrian 4CF Inf Corps"]),
            ),
            ("cavalry_corps", list(&["Force Pool Russian Cav Corps"])),
            (
                "infantry_divisions",
                list(&["Divisions Pool British 1CF Inf Div 1"]),
            ),
        ],
        &[],
    );
    // FICTIONAL prices: 9 + 11 + 5.
    assert_eq!(war_chest::rp(play.record(), "allied"), 195 - 25);
    for unit in [
        "Force Pool Austrian 4CF Inf Corps",
        "Force Pool Russian Cav Corps",
        "Divisions Pool British 1CF Inf Div 1",
    ] {
        assert_eq!(play.state("allied", unit), "training");
    }
    // National Guard are French (3.4.1, L564).
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("allied")),
                ("ng_half", list(&["Force Pool NG ½CF"])),
                ("ng_site", text("Lille")),
            ],
        )
        .expect("no Allied National Guard");
    assert!(refusal.contains("3.4.1, L564"), "{refusal}");
}

#[test]
fn no_purchase_the_war_chest_cannot_pay_and_rp_never_go_below_zero() {
    // 10.1.4, L1278. Four turns' FICTIONAL maintenance (10 Formations at 2 RP) and no income:
    // 85 - 80 = 5 RP in the September Purchase Segment.
    let mut play = basic_game();
    for turn in 4..=7 {
        play.go_to(turn, 0, 4);
        play.play("field-maintenance", &[("side", text("french"))], &[]);
    }
    play.go_to(7, 0, 7);
    assert_eq!(war_chest::rp(play.record(), "french"), 5);
    let purchase = play.game.procedure("purchase").expect("purchase");
    let form = play.input(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_corps", list(&["Force Pool 4CF Inf Corps"])),
        ],
    );
    assert_eq!(form.number("war_chest"), 5);
    let refusal = resolve_checked(purchase, &form, &play.tables, &[]).expect_err("9 RP > 5 RP");
    assert!(refusal.to_string().contains("10.1.4, L1278"), "{refusal}");
    // A FICTIONAL 5 RP Division empties the War Chest exactly.
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_divisions", list(&["Force Pool 1CF Inf Div 1"])),
        ],
        &[],
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 0);
    let form = play.input(
        "purchase",
        &[
            ("side", text("french")),
            ("wagons", list(&["Force Pool Wagon"])),
            ("wagons_to", text("Paris (G5)")),
        ],
    );
    assert!(resolve_checked(purchase, &form, &play.tables, &[]).is_err());
    // A form opened before the purchase is refused: its War Chest is stale.
    let stale = Value::Number(5);
    let mut old = form.clone();
    old.set("war_chest", stale);
    let refusal = play
        .game
        .check_record(purchase, &old, play.record())
        .expect_err("stale");
    assert!(
        refusal.to_string().contains("War Chest holds 0 RP"),
        "{refusal}"
    );
}

#[test]
fn a_recruit_moves_up_from_the_next_phases_training_segment_not_its_own() {
    // 12.2.7, L1356; addendum §2.4, "Training timeline" (two stages, the default of S8): a unit
    // bought in the June Mobilization Purchase is at Stage 1, Stage 2 in the June Administration,
    // Deployable in the July Mobilization, and deploys in the July Administration.
    let mut play = at_june_purchase();
    let recruit = "Force Pool 4CF Inf Corps";
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_corps", list(&[recruit])),
        ],
        &[],
    );
    // Back in the June Mobilization's Training Segment, the recruit does not move up.
    move_to(&mut play, 4, 0, 6);
    assert_eq!(step_title(&play), "Training Segment");
    let form = play.input("training", &[("side", text("french"))]);
    let advancing: Vec<&str> = form
        .numbers("advance")
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(advancing.len(), 3, "{advancing:?}");
    assert!(!advancing.contains(&recruit));
    let mut named = form.clone();
    named.set(
        "advance",
        Value::Numbers([(recruit.into(), 1)].into_iter().collect()),
    );
    let training = play.game.procedure("training").expect("training");
    let refusal = play
        .game
        .check_record(training, &named, play.record())
        .expect_err("recruited in this Phase");
    assert!(refusal.to_string().contains("12.2.7, L1356"), "{refusal}");
    // June Administration: Stage 2.
    play.go_to(4, 3, 8);
    play.play("training", &[("side", text("french"))], &[]);
    assert_eq!(
        play.attribute("french", recruit, "stage").as_deref(),
        Some("2")
    );
    // July Mobilization: the Deployable box.
    play.go_to(5, 0, 6);
    play.play(
        "training",
        &[("side", text("french")), ("deploy_to", text("Paris (G5)"))],
        &[],
    );
    assert_eq!(
        play.attribute("french", recruit, "stage").as_deref(),
        Some("deployable")
    );
    assert_eq!(play.state("french", recruit), "training");
    // July Administration: it deploys at a friendly Depot (12.2.9, L1360).
    play.go_to(5, 3, 8);
    play.play(
        "training",
        &[("side", text("french")), ("deploy_to", text("Paris (G5)"))],
        &[],
    );
    assert_eq!(play.state("french", recruit), "in play");
    assert_eq!(
        play.attribute("french", recruit, "area").as_deref(),
        Some("Paris (G5)")
    );
}

#[test]
fn guards_need_no_training_and_deploy_in_the_next_training_segment() {
    // 3.3.1, L549; 12.2.4, L1350; addendum §2.4: Guards bought in June go to the Deployable box
    // and deploy in the June Administration. No Guards unit is in a 27.2 pool, so the players
    // add one from its counter: a FICTIONAL British Guards Division, CF 2, Morale 4.
    let mut play = at_june_purchase();
    play.play(
        "add-unit",
        &[
            ("side", text("allied")),
            ("name", text("British Guards Div")),
            ("where", text("divisions pool")),
            ("nation", text("british")),
            ("type", text("infantry")),
            ("size", text("division")),
            ("guard", flag(true)),
            ("cf", text("2")),
            ("morale", text("4")),
        ],
        &[],
    );
    let form = play.input(
        "purchase",
        &[
            ("side", text("allied")),
            (
                "infantry_divisions",
                list(&["British Guards Div", "Divisions Pool British 1CF Inf Div 2"]),
            ),
        ],
    );
    assert_eq!(form.list("guards"), [Symbol::from("British Guards Div")]);
    let resolution = play.play(
        "purchase",
        &[
            ("side", text("allied")),
            (
                "infantry_divisions",
                list(&["British Guards Div", "Divisions Pool British 1CF Inf Div 2"]),
            ),
        ],
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "The Allies pay 10 RP: 1 to Stage 1 of training; 1 Guards to the Deployable box"
    );
    assert_eq!(
        play.attribute("allied", "British Guards Div", "stage")
            .as_deref(),
        Some("deployable")
    );
    assert_eq!(
        play.attribute("allied", "Divisions Pool British 1CF Inf Div 2", "stage")
            .as_deref(),
        Some("1")
    );
    // Not in the Training Segment of the Phase it was bought in.
    move_to(&mut play, 4, 0, 6);
    let form = play.input("training", &[("side", text("allied"))]);
    assert!(form.list("deploy").is_empty());
    // The June Administration: it deploys at the British Entry Zone (12.2.10, L1362).
    play.go_to(4, 3, 8);
    let form = play.input("training", &[("side", text("allied"))]);
    assert_eq!(form.list("deploy"), [Symbol::from("British Guards Div")]);
    play.play(
        "training",
        &[
            ("side", text("allied")),
            ("deploy_to", text("British Entry Zone")),
        ],
        &[],
    );
    assert_eq!(play.state("allied", "British Guards Div"), "in play");
}

#[test]
fn national_guard_go_onto_a_fortress_or_depot_holding_at_most_two_cf() {
    // 3.4.1-3.4.2, L564-566; 3.4.4, L570. The 27.2 garrisons (L2286): 1 CF at Bayonne, ½ CF at
    // Lille.
    let mut play = at_june_purchase();
    let both = |site: &str| {
        vec![
            ("side", text("french")),
            ("ng_full", list(&["Force Pool NG 1CF"])),
            ("ng_half", list(&["Force Pool NG ½CF"])),
            ("ng_site", text(site)),
        ]
    };
    let form = play.input("purchase", &both("Bayonne (D12)"));
    assert_eq!(form.text("ng_on_site"), "1");
    // Lyons holds a 1 CF garrison and the Armée des Alpes' National Guard, brigaded: only the
    // garrison counts (the reading in purchase.rs).
    let form = play.input("purchase", &both("lyons (i8)"));
    assert_eq!(form.text("ng_on_site"), "1");
    // 1 + 1 + ½ = 2½ CF at Bayonne: refused.
    let refusal = play
        .refused("purchase", &both("Bayonne (D12)"))
        .expect("2 1/2 CF");
    assert!(refusal.contains("3.4.2, L566"), "{refusal}");
    assert!(refusal.contains("2 1/2 CF"), "{refusal}");
    // No site named: refused.
    let refusal = play.refused("purchase", &both("")).expect("no site");
    assert!(refusal.contains("3.4.1, L564"), "{refusal}");
    // 1 + 1 = 2 CF at Bayonne: bought at the FICTIONAL 3 RP.
    let resolution = play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("ng_full", list(&["Force Pool NG 1CF"])),
            ("ng_site", text("Bayonne (D12)")),
        ],
        &[],
    );
    assert_eq!(
        resolution.modifiers[0].rule,
        "3.4.1, L564; 3.4.4, L570; RP Costs Chart"
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 82);
    assert_eq!(play.state("french", "Force Pool NG 1CF"), "in play");
    assert_eq!(
        play.attribute("french", "Force Pool NG 1CF", "area")
            .as_deref(),
        Some("Bayonne (D12)")
    );
    // Now Bayonne holds 2 CF: even ½ CF more is refused; ½ + ½ = 1 CF at Lille is not.
    let half = |site: &str| {
        vec![
            ("side", text("french")),
            ("ng_half", list(&["Force Pool NG ½CF"])),
            ("ng_site", text(site)),
        ]
    };
    let refusal = play
        .refused("purchase", &half("Bayonne (D12)"))
        .expect("2 1/2 CF");
    assert!(refusal.contains("3.4.2, L566"), "{refusal}");
    play.play("purchase", &half("Lille"), &[]);
    assert_eq!(war_chest::rp(play.record(), "french"), 80);
    assert_eq!(
        play.attribute("french", "Force Pool NG ½CF", "area")
            .as_deref(),
        Some("Lille")
    );
}

/// The June FRAT rolled with the War Minister's FICTIONAL AP 3: 3 + 4 + 3 = 10 on the column 0
/// gives the FICTIONAL 3 Division-equivalents.
fn june_frat(play: &mut Play) {
    play.go_to(4, 0, 8);
    assert_eq!(step_title(play), "French Recruitment Authorization Segment");
    super::enter(play, "french", "Davout", "ap", "3");
    let resolution = play.play("frat", &[], &[3, 4]);
    assert_eq!(
        resolution.outcome.headline,
        "The French may move 3 Division-equivalents to the Force Pool"
    );
}

#[test]
fn the_frat_transfer_counts_a_corps_two_and_two_national_guard_one() {
    // 12.3.1, L1383; 12.3.5-12.3.7, L1391-1395.
    let mut play = at_june_purchase();
    // The 1 CF National Guard of the Force Pool to Bayonne, which then holds 2 CF.
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("ng_full", list(&["Force Pool NG 1CF"])),
            ("ng_site", text("Bayonne (D12)")),
        ],
        &[],
    );
    play.go_to(4, 0, 8);
    let moving = |corps: &[&str], divisions: &[&str], guard: &[&str]| {
        vec![
            ("corps", list(corps)),
            ("divisions", list(divisions)),
            ("national_guard", list(guard)),
        ]
    };
    let refusal = play
        .refused(
            "frat-transfer",
            &moving(&["Eliminated 5CF Inf Corps 1"], &[], &[]),
        )
        .expect("no FRAT yet");
    assert!(refusal.contains("12.3.1, L1383"), "{refusal}");
    june_frat(&mut play);
    let form = play.input("frat-transfer", &[]);
    assert_eq!(form.number("authorized"), 3);
    // A Corps 2 + a Division 1 + two National Guard 1 = 4 > 3: refused.
    let refusal = play
        .refused(
            "frat-transfer",
            &moving(
                &["Eliminated 5CF Inf Corps 1"],
                &["Divisions Pool 2CF Inf Div 1"],
                &["Eliminated NG 1CF", "Eliminated NG ½CF"],
            ),
        )
        .expect("4 Division-equivalents");
    assert!(refusal.contains("12.3.5-12.3.6, L1391-1393"), "{refusal}");
    assert!(refusal.contains("count 4"), "{refusal}");
    // Two National Guard of either step count 1.
    let resolution = play.play(
        "frat-transfer",
        &moving(&[], &[], &["Eliminated NG 1CF", "Eliminated NG ½CF"]),
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "To the French Force Pool, to be recruited from Turn 5 (July 1815): Eliminated NG 1CF, Eliminated NG ½CF (1 Division-equivalents; 2 left)"
    );
    assert_eq!(
        play.record()
            .counters
            .get("French Division-equivalents authorized")
            .copied(),
        Some(2)
    );
    // A Corps and a Division, 3 > 2: refused; the Corps alone, 2: moved.
    let refusal = play
        .refused(
            "frat-transfer",
            &moving(
                &["Eliminated 5CF Inf Corps 1"],
                &["Divisions Pool 2CF Inf Div 1"],
                &[],
            ),
        )
        .expect("3 > 2");
    assert!(refusal.contains("count 3"), "{refusal}");
    play.play(
        "frat-transfer",
        &moving(&["Eliminated 5CF Inf Corps 1"], &[], &[]),
        &[],
    );
    assert_eq!(
        play.record()
            .counters
            .get("French Division-equivalents authorized")
            .copied(),
        Some(0)
    );
    let refusal = play
        .refused(
            "frat-transfer",
            &moving(&[], &["Divisions Pool 2CF Inf Div 1"], &[]),
        )
        .expect("none left");
    assert!(refusal.contains("0 are authorized"), "{refusal}");
    for unit in [
        "Eliminated 5CF Inf Corps 1",
        "Eliminated NG 1CF",
        "Eliminated NG ½CF",
    ] {
        assert_eq!(play.state("french", unit), "force pool");
    }
    // Recruited only from the next turn (12.3.1, L1383).
    move_to(&mut play, 4, 0, 7);
    assert!(!offered(
        &play,
        "infantry_corps",
        "french",
        "Eliminated 5CF Inf Corps 1"
    ));
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("french")),
                ("infantry_corps", list(&["Eliminated 5CF Inf Corps 1"])),
            ],
        )
        .expect("not this turn");
    assert!(refusal.contains("12.3.1, L1383"), "{refusal}");
    play.go_to(5, 0, 7);
    assert!(offered(
        &play,
        "infantry_corps",
        "french",
        "Eliminated 5CF Inf Corps 1"
    ));
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_corps", list(&["Eliminated 5CF Inf Corps 1"])),
        ],
        &[],
    );
    assert_eq!(
        play.state("french", "Eliminated 5CF Inf Corps 1"),
        "training"
    );
    // Bayonne holds 2 CF: 1 CF more would make 3: refused.
    let refusal = play
        .refused(
            "purchase",
            &[
                ("side", text("french")),
                ("ng_full", list(&["Eliminated NG 1CF"])),
                ("ng_site", text("Bayonne (D12)")),
            ],
        )
        .expect("3 CF");
    assert!(refusal.contains("would hold 3 CF"), "{refusal}");
    assert!(refusal.contains("3.4.2, L566"), "{refusal}");
    // The authorization lapses with its segment.
    assert!(
        !play
            .record()
            .counters
            .contains_key("French Division-equivalents authorized")
    );
}

#[test]
fn a_lone_national_guard_uses_a_whole_division_equivalent() {
    // 12.3.6, L1393: any two National Guard count 1; the reading rounds a lone one up.
    let mut play = basic_game();
    june_frat(&mut play);
    play.play(
        "frat-transfer",
        &[
            ("corps", list(&["Eliminated 5CF Inf Corps 2"])),
            ("national_guard", list(&["Eliminated NG ½CF"])),
        ],
        &[],
    );
    assert_eq!(
        play.record()
            .counters
            .get("French Division-equivalents authorized")
            .copied(),
        Some(0)
    );
}

#[test]
fn a_wagon_turns_into_a_magazine_and_back_into_a_wagon_to_buy_again() {
    // 16.3.4a-b, L1540-1541; 16.3.4f, L1546; 16.3.3g, L1535.
    let mut play = basic_game();
    let wagon = "Paris or Laon Wagon";
    let convert = [
        ("side", text("french")),
        ("action", text("convert")),
        ("wagons", list(&[wagon])),
    ];
    play.go_to(4, 0, 3);
    let refusal = play
        .refused("magazine", &convert)
        .expect("not in the Attrition Segment");
    assert!(refusal.contains("16.3.4b, L1541"), "{refusal}");
    play.go_to(4, 0, 7);
    let resolution = play.play("magazine", &convert, &[]);
    assert_eq!(resolution.modifiers[0].value, 2);
    assert_eq!(
        resolution.modifiers[0].rule,
        "16.3.4a, L1540; RP Costs Chart"
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 83);
    assert_eq!(
        play.attribute("french", wagon, "type").as_deref(),
        Some("magazine")
    );
    let dismantle = [
        ("side", text("french")),
        ("action", text("dismantle")),
        ("magazines", list(&[wagon])),
    ];
    play.go_to(4, 3, 2);
    assert_eq!(step_title(&play), "Supply Segment");
    let refusal = play
        .refused("magazine", &dismantle)
        .expect("not in the Supply Segment");
    assert!(refusal.contains("16.3.4f, L1546"), "{refusal}");
    play.go_to(5, 0, 7);
    play.play("magazine", &dismantle, &[]);
    assert_eq!(play.state("french", wagon), "force pool");
    assert_eq!(
        play.attribute("french", wagon, "type").as_deref(),
        Some("wagon")
    );
    // Bought again in the same Purchase Segment.
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("wagons", list(&[wagon])),
            ("wagons_to", text("Laon (H3)")),
        ],
        &[],
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 80);
    assert_eq!(
        in_state(&play, "french", "force pool")
            .iter()
            .filter(|n| n.contains("Wagon"))
            .count(),
        1
    );
}
