//! Dice statistics: the chi-square test and the luck figures, checked on cases worked by hand.

use crate::support::{Play, text};
use aide_de_camp::engine::dice::Die;
use aide_de_camp::engine::dice_stats::{DiceStatistics, at_least_as_good, chi_square};
use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::play::Command;
use aide_de_camp::engine::procedure::OddsLine;

fn line(key: &str, rank: i32, probability: f64) -> OddsLine {
    OddsLine {
        key: key.into(),
        rank,
        count: 0,
        probability,
    }
}

#[test]
fn faces_thrown_exactly_as_often_as_expected_give_no_evidence_against_the_dice() {
    let test = chi_square(&[10, 10, 10, 10, 10, 10]);
    assert_eq!(test.statistic, 0.0);
    assert_eq!(test.degrees_of_freedom, 5);
    assert!((test.p_value - 1.0).abs() < 1e-12);
}

#[test]
fn the_chi_square_p_value_matches_its_closed_form_for_four_degrees_of_freedom() {
    // Sixty rolls of a five-faced die, twelve expected on each: (2^2 * 4 + 8^2) / 12 = 80/12.
    let test = chi_square(&[10, 10, 10, 10, 20]);
    let x = 80.0 / 12.0;
    assert!((test.statistic - x).abs() < 1e-12);
    assert_eq!(test.degrees_of_freedom, 4);
    // With four degrees of freedom the upper tail is exp(-x/2) (1 + x/2): 0.15459 here.
    let by_hand = (-x / 2.0_f64).exp() * (1.0 + x / 2.0);
    assert!((test.p_value - by_hand).abs() < 1e-9, "{}", test.p_value);
    assert!((test.p_value - 0.154_587).abs() < 1e-6);
}

#[test]
fn the_chi_square_p_value_of_a_d6_matches_its_closed_form_for_five_degrees_of_freedom() {
    // Sixty rolls of a d6, ten expected on each: (2^2 + 2^2) / 10 = 0.8.
    let test = chi_square(&[8, 12, 10, 10, 10, 10]);
    assert!((test.statistic - 0.8).abs() < 1e-12);
    // With five degrees of freedom the upper tail is
    // erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) (1 + x/3), worked by hand to 0.97704.
    assert!((test.p_value - 0.977_04).abs() < 1e-4, "{}", test.p_value);
    // A d6 showing only sixes is far outside what fair dice do.
    assert!(chi_square(&[0, 0, 0, 0, 0, 30]).p_value < 1e-20);
}

#[test]
fn luck_is_the_chance_of_a_result_at_least_this_good_and_its_mean_over_fair_rolls() {
    let lines = [
        line("Eliminated", 0, 1.0 / 6.0),
        line("Retreat", 1, 1.0 / 3.0),
        line("Stalemate", 2, 1.0 / 2.0),
    ];
    let (at_least, expected) = at_least_as_good(&lines, 1).expect("the odds add up");
    assert!((at_least - 0.5).abs() < 1e-12);
    // 1/6 * 1/6 + 1/3 * 1/2 + 1/2 * 1 = 25/36 = (1 + 1/36 + 1/9 + 1/4) / 2.
    assert!((expected - 25.0 / 36.0).abs() < 1e-12);
    let (best, _) = at_least_as_good(&lines, 0).expect("the odds add up");
    assert!((best - 1.0 / 6.0).abs() < 1e-12);
    let (worst, _) = at_least_as_good(&lines, 2).expect("the odds add up");
    assert!((worst - 1.0).abs() < 1e-12);
    // Odds that do not add up to one outcome for sure give no figure.
    assert_eq!(at_least_as_good(&lines[..2], 1), None);
}

/// Turn 3's Attack step of June 16-18, with Pirch's stars entered as 0 (FICTIONAL test value).
fn attack_step() -> Play {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    play.go_to(3, 3, 0);
    play.play(
        "roster-entry",
        &[
            ("side", text("coalition")),
            ("unit", text("II Corps (Pirch)")),
            ("value_of", text("stars")),
            ("value", Value::Number(0)), // FICTIONAL
        ],
        &[],
    );
    play
}

/// d'Erlon (1 star, L1517) attacks Pirch (0) with dice 6 and 1: 6 + 1 against 1, Eliminated
/// (L771-787).
fn derlon_attacks_pirch(play: &mut Play) {
    play.play(
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("I Corps (d'Erlon)")),
            ("defender_name", text("II Corps (Pirch)")),
        ],
        &[6, 1],
    );
}

#[test]
fn a_session_counts_each_sides_faces_and_weighs_each_attacks_luck() {
    let mut play = attack_step();
    // Only (5,1), (6,1) and (6,2) reach "+5 or more": 3 throws in 36.
    derlon_attacks_pirch(&mut play);
    let stats = DiceStatistics::of(&play.session, play.game, &play.tables);
    let french = stats
        .faces
        .iter()
        .find(|f| f.side == "french" && f.die == Die::D6)
        .expect("the French d6");
    assert_eq!(french.counts, [1, 0, 0, 0, 0, 1]);
    assert_eq!(french.rolls, 2);
    assert_eq!(stats.luck.len(), 1);
    let luck = &stats.luck[0];
    assert_eq!(luck.side, "french");
    assert_eq!(luck.procedure, "attack");
    assert!(
        (luck.at_least_this_good - 3.0 / 36.0).abs() < 1e-12,
        "{luck:?}"
    );
    assert_eq!(stats.sides.len(), 1);
    assert!((stats.sides[0].mean - 3.0 / 36.0).abs() < 1e-12);

    // A correction voids the attack: its faces and its luck no longer count.
    let last = play.session.events().last().map(|e| e.seq).expect("events");
    let attack = play
        .session
        .events()
        .iter()
        .rev()
        .find(|e| e.body.kind_name() == "resolved")
        .map(|e| e.seq)
        .expect("the attack");
    assert!(attack < last);
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::Correct {
                event: attack,
                reason: "the wrong defender".into(),
            },
        )
        .expect("corrected");
    let stats = DiceStatistics::of(&play.session, play.game, &play.tables);
    assert!(stats.faces.is_empty(), "{:?}", stats.faces);
    assert!(stats.luck.is_empty());
}

#[test]
fn the_csv_exports_hold_a_row_per_face_and_a_row_per_resolution() {
    let mut play = attack_step();
    derlon_attacks_pirch(&mut play);
    let stats = DiceStatistics::of(&play.session, play.game, &play.tables);
    let name = |id: &str| play.session.side_name(id).to_string();
    let faces = stats.faces_csv(&name);
    let rows: Vec<&str> = faces.lines().collect();
    assert_eq!(
        rows[0],
        "side,die,face,count,expected,rolls,chi_square,degrees_of_freedom,p_value"
    );
    assert_eq!(rows.len(), 1 + 6);
    assert!(rows[1].contains(",d6,1,1,0.333,2,"), "{}", rows[1]);
    let luck = stats.luck_csv(&name);
    let rows: Vec<&str> = luck.lines().collect();
    assert_eq!(rows.len(), 2);
    assert!(
        rows[1].ends_with(",0.083333,") || rows[1].contains(",0.083333,"),
        "{}",
        rows[1]
    );
}
