//! The Battles of Waterloo: Shock on the owner's Shock Table (R 8.5, R 8.6, R 9.11C-D; digest
//! §3.20-3.27 and its Corrections). The Shock Table and most of its DRMs are printed only on the
//! game's card, so these tests read PLAINLY FICTIONAL charts, made up for the tests and marked as
//! such; the rules the rulebook states (the odds and their rounding, the strength adjustments, the
//! +/-6 DRM cap, the -2..11 clamp, both sides' results, Engaged and Automatic Disorder) are
//! checked on them. The units' ratings are FICTIONAL too, except where an example gives them.

// Test code: a failed unwrap, expect, index or panic is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::{Resolution, odds, resolve_checked};
use aide_de_camp::engine::table_set::{BuiltinTable, TableSet};
use support::battles_of_waterloo::{add_unit, game, procedure, start};
use support::{EveryDie, Play, flag, list, number, text};

/// FICTIONAL charts: see each file's header.
fn fictional() -> TableSet {
    TableSet::builtin(
        &[
            BuiltinTable {
                file: "shock.toml",
                text: include_str!("fixtures/battles-of-waterloo/shock.toml"),
            },
            BuiltinTable {
                file: "shock-modifiers.toml",
                text: include_str!("fixtures/battles-of-waterloo/shock-modifiers.toml"),
            },
            BuiltinTable {
                file: "terrain.toml",
                text: include_str!("fixtures/battles-of-waterloo/terrain.toml"),
            },
        ],
        &game().reads(),
    )
    .expect("the fictional charts load")
}

/// A battle on the fictional charts, with French attackers and Prussian defenders of `strength`
/// SP each (FICTIONAL ratings: Cohesion 5, 4 steps, MA 6).
fn battle(french: &[(&str, &str, i64)], prussian: &[(&str, &str, i64)]) -> Play {
    let mut play = start("ligny");
    play.tables = fictional();
    for (side, units) in [("french", french), ("prussian", prussian)] {
        for (name, kind, strength) in units {
            add_unit(
                &mut play,
                side,
                name,
                kind,
                &[("strength", number(*strength))],
            );
        }
    }
    play
}

/// The Shock form of `play` with its attackers and defenders picked, and `values`.
fn shock_form<'a>(
    attackers: &[&'a str],
    defenders: &[&'a str],
    values: &[(&'a str, Value)],
) -> Vec<(&'a str, Value)> {
    let mut facts = vec![
        ("side", text("french")),
        ("attackers", list(attackers)),
        ("target_side", text("prussian")),
        ("defenders", list(defenders)),
    ];
    facts.extend(values.iter().cloned());
    facts
}

/// Resolves with Shock die `die` and a 0, which passes, on each unit's check die.
fn resolve(play: &Play, facts: &[(&str, Value)], die: u8) -> Resolution {
    let input = play.input("shock", facts);
    let mut faces = vec![0; procedure("shock").dice(&input).slots.len()];
    faces[0] = die;
    resolve_checked(procedure("shock"), &input, &play.tables, &faces)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn column(resolution: &Resolution) -> String {
    resolution
        .cell
        .as_ref()
        .unwrap()
        .column
        .clone()
        .unwrap()
        .to_string()
}

fn row(resolution: &Resolution) -> String {
    resolution.cell.as_ref().unwrap().row.to_string()
}

fn drm(resolution: &Resolution, rule: &str) -> Option<i32> {
    resolution
        .modifiers
        .iter()
        .find(|m| m.rule.contains(rule))
        .map(|m| m.value)
}

fn limits(resolution: &Resolution) -> String {
    resolution
        .limits
        .iter()
        .map(|l| l.description.clone())
        .collect::<Vec<_>>()
        .join("; ")
}

/// On the shipped template the Shock resolves nothing and names the chart to enter.
#[test]
fn a_shock_on_the_template_names_the_chart_to_enter() {
    let mut play = battle(&[("12 Line", "infantry", 4)], &[("1 WstLW", "infantry", 4)]);
    play.tables = support::battles_of_waterloo::tables();
    let input = play.input("shock", &shock_form(&["12 Line"], &["1 WstLW"], &[]));
    let refusal = resolve_checked(procedure("shock"), &input, &play.tables, &[5, 0, 0])
        .unwrap_err()
        .to_string();
    assert!(refusal.contains("Shock Table"), "{refusal}");
    assert!(refusal.contains("template"), "{refusal}");
}

/// R 8.55, L1123-1125: 7 SP infantry and 4 SP Heavy Cavalry charging the Flank (x3 = 12) make
/// 19; "19-7 ratio, rounded to favor the attacker, because the cavalry is moving to charge, to
/// 3-1"; -4 "for attacking from Front and Flank" and -2 for Combined Arms.
#[test]
fn l1125_the_combined_arms_example() {
    let play = battle(
        &[("Infantry", "infantry", 7), ("Cavalry", "heavy_cavalry", 4)],
        &[("Defender", "infantry", 7)],
    );
    let facts = shock_form(
        &["Infantry", "Cavalry"],
        &["Defender"],
        &[
            ("charge", text("flank")),
            ("position", text("front_and_flank")),
        ],
    );
    let result = resolve(&play, &facts, 5);
    assert!(
        result.totals[0].side.contains("19:7"),
        "{:?}",
        result.totals
    );
    assert_eq!(column(&result), "3:1");
    assert_eq!(drm(&result, "L1060-1068"), Some(-4));
    assert_eq!(drm(&result, "R 8.55"), Some(-2));
    assert_eq!(result.totals[0].modifiers, -6);
    assert_eq!(row(&result), "-1");
}

/// R 8.63B, L1170: Creux (4 SP Heavy Cavalry) charges the Front of the 1st Silesian LW (6 SP
/// INFERRED), whose flanks are unsupported: 4 x 3 = 12, the Flank -3, "from 1-1.5 (4-6) to 2-1".
#[test]
fn l1170_creux_charges_an_unsupported_flank() {
    let play = battle(
        &[("Creux", "heavy_cavalry", 4)],
        &[("1st Silesian LW", "infantry", 6)],
    );
    let plain = resolve(
        &play,
        &shock_form(&["Creux"], &["1st Silesian LW"], &[("moved", flag(true))]),
        5,
    );
    assert_eq!(column(&plain), "1-1.5", "4-6 without the charge");
    let charge = shock_form(
        &["Creux"],
        &["1st Silesian LW"],
        &[("charge", text("front_unsupported"))],
    );
    let result = resolve(&play, &charge, 5);
    assert!(result.totals[0].side.contains("12:6"));
    assert_eq!(column(&result), "2:1");
    assert_eq!(drm(&result, "R 8.63B"), Some(-3), "the Flank -3");
    // Read literally R 8.63A adds the frontal -1; the example's reading drops it (setting).
    assert_eq!(drm(&result, "R 8.63A"), Some(-1));
    let mut example = charge.clone();
    example.push(("frontal_and_flank", text("flank_only")));
    assert_eq!(drm(&resolve(&play, &example, 5), "R 8.63A"), None);
    // A Counter-charge takes every charge benefit away (L1203).
    let mut countered = charge;
    countered.push(("counter_charged", flag(true)));
    let result = resolve(&play, &countered, 5);
    assert_eq!(column(&result), "1-1.5");
    assert_eq!(drm(&result, "R 8.63"), None);
}

/// R 8.52, L1050-1054: between two columns the odds round for the attacker only when the
/// defender's terrain gives no Shock benefit and some attacker moved; otherwise for the defender.
#[test]
fn l1050_odds_round_at_the_column_boundaries() {
    let play = battle(&[("A", "infantry", 5)], &[("Z", "infantry", 2)]);
    let at = |values: &[(&'static str, Value)]| {
        column(&resolve(&play, &shock_form(&["A"], &["Z"], values), 5))
    };
    assert_eq!(at(&[("moved", flag(true))]), "3:1", "5:2 for the attacker");
    assert_eq!(at(&[]), "2:1", "5:2 for the defender: nobody moved");
    assert_eq!(
        at(&[("moved", flag(true)), ("terrain", text("village"))]),
        "2:1",
        "a village's Shock benefit rounds for the defender"
    );
    // Exactly on a column, either way.
    let even = battle(&[("A", "infantry", 4)], &[("Z", "infantry", 2)]);
    for moved in [true, false] {
        let facts = shock_form(&["A"], &["Z"], &[("moved", flag(moved))]);
        assert_eq!(column(&resolve(&even, &facts, 5)), "2:1");
    }
}

/// R 8.53E, L1090: "10-1 odds would be resolved as 6-1+ odds with a -4 DRM"; 1-10 as 1-4 with
/// +6.
#[test]
fn l1090_odds_beyond_the_table_become_drms() {
    let play = battle(&[("A", "infantry", 10)], &[("Z", "infantry", 1)]);
    let result = resolve(&play, &shock_form(&["A"], &["Z"], &[]), 5);
    assert_eq!(column(&result), "6:1");
    assert_eq!(drm(&result, "L1090"), Some(-4));
    let play = battle(&[("A", "infantry", 1)], &[("Z", "infantry", 10)]);
    let result = resolve(&play, &shock_form(&["A"], &["Z"], &[]), 5);
    assert_eq!(column(&result), "1:4");
    assert_eq!(drm(&result, "L1090"), Some(6));
}

/// R 9.11C-D, L1437: "a maximum +/-6 DRM, and no net adjustment can go below -2 or higher than
/// 11".
#[test]
fn l1437_the_drm_cap_and_the_clamp() {
    // A Routed defender (-5, L1521) attacked through the Flank (-3): -8, capped at -6.
    let mut play = battle(&[("A", "infantry", 4)], &[("Z", "infantry", 4)]);
    play.play(
        "cohesion-check",
        &[
            ("side", text("prussian")),
            ("unit", text("Z")),
            ("check", text("r")),
        ],
        &[9],
    );
    assert_eq!(play.state("prussian", "Z"), "Routed");
    let facts = shock_form(&["A"], &["Z"], &[("position", text("flank"))]);
    let result = resolve(&play, &facts, 5);
    assert_eq!(drm(&result, "L1521"), Some(-5));
    assert_eq!(result.totals[0].modifiers, -8);
    assert!(
        limits(&result).contains("capped at -6"),
        "{}",
        limits(&result)
    );
    assert_eq!(row(&result), "-1", "5 - 6");
    // Die 0 with -6 reads -6: clamped to the -2 row.
    let result = resolve(&play, &facts, 0);
    assert_eq!(row(&result), "-2");
    assert!(
        limits(&result).contains("modified roll"),
        "{}",
        limits(&result)
    );
    // Die 9 with +6 (1-10 odds) reads 15: clamped to the 11 row.
    let play = battle(&[("A", "infantry", 1)], &[("Z", "infantry", 10)]);
    let result = resolve(&play, &shock_form(&["A"], &["Z"], &[]), 9);
    assert_eq!(row(&result), "11");
}

/// R 8.73C, L1300; digest Corrections "Halving is per unit": two 3 SP cavalry units against a
/// Square count 1 + 1 = 2, not 3.
#[test]
fn l1300_cavalry_against_a_square_halves_each_unit() {
    let mut play = battle(
        &[("C1", "light_cavalry", 3), ("C2", "light_cavalry", 3)],
        &[("Z", "infantry", 4)],
    );
    play.play(
        "marker",
        &[
            ("side", text("prussian")),
            ("unit", text("Z")),
            ("marker", text("square")),
        ],
        &[],
    );
    let result = resolve(&play, &shock_form(&["C1", "C2"], &["Z"], &[]), 5);
    assert!(result.totals[0].side.contains("2:4"), "{:?}", result.totals);
}

/// R 8.81B-C, L1325-1327 and R 8.82C, L1335: artillery alone defends at 1; stacked with infantry
/// it adds nothing; against artillery alone the attacker's result is read as 'd'.
#[test]
fn l1325_artillery_in_shock() {
    let play = battle(
        &[("A", "infantry", 4)],
        &[("Guns", "artillery", 3), ("Z", "infantry", 2)],
    );
    let result = resolve(&play, &shock_form(&["A"], &["Guns", "Z"], &[]), 5);
    assert!(result.totals[0].side.contains("4:2"), "{:?}", result.totals);
    let result = resolve(&play, &shock_form(&["A"], &["Guns"], &[]), 9);
    assert!(result.totals[0].side.contains("4:1"), "{:?}", result.totals);
    assert!(
        limits(&result).contains("read as 'd'"),
        "{}",
        limits(&result)
    );
}

/// R 9.12A, L1445: a side's steps are shared out as evenly as possible; both sides' results are
/// applied to the record at once (L1335).
#[test]
fn l1445_both_sides_results_are_applied() {
    let mut play = battle(
        &[("A", "infantry", 4)],
        &[("Y", "infantry", 2), ("Z", "infantry", 2)],
    );
    // FICTIONAL cell at 1:1, row -2: "-/2BR".
    let facts = shock_form(&["A"], &["Y", "Z"], &[("position", text("flank"))]);
    let result = resolve(&play, &facts, 1);
    assert_eq!(result.outcome.key, "-/2BR");
    play.play("shock", &facts, &[1, 0, 0, 0]);
    for unit in ["Y", "Z"] {
        assert_eq!(
            play.attribute("prussian", unit, "steps lost").as_deref(),
            Some("1")
        );
        assert_eq!(play.state("prussian", unit), "Routed");
    }
}

/// R 8.22H6, L921: infantry that fought and stays beside the enemy is Engaged.
#[test]
fn l921_infantry_that_stays_is_engaged() {
    let mut play = battle(&[("A", "infantry", 4)], &[("Z", "infantry", 4)]);
    // FICTIONAL cell at 1:1, row 8: "1B/-" would move the attacker; row 6 is "-/-".
    let facts = shock_form(&["A"], &["Z"], &[]);
    let result = resolve(&play, &facts, 6);
    assert_eq!(result.outcome.key, "-/-");
    play.play("shock", &facts, &[6, 0, 0]);
    assert_eq!(
        play.attribute("french", "A", "engaged").as_deref(),
        Some("yes")
    );
    assert_eq!(
        play.attribute("prussian", "Z", "engaged").as_deref(),
        Some("yes")
    );
}

/// R 8.22H8, L923; R 8.67B, L1232: attacking cavalry is Disordered after the Shock; cavalry
/// already D-1 is Blown instead.
#[test]
fn l1232_automatic_disorder_and_blown_cavalry() {
    let mut play = battle(
        &[("Fresh", "heavy_cavalry", 4), ("Tired", "heavy_cavalry", 4)],
        &[("Z", "infantry", 4), ("Y", "infantry", 4)],
    );
    play.play(
        "cohesion-check",
        &[
            ("side", text("french")),
            ("unit", text("Tired")),
            ("check", text("d")),
        ],
        &[9],
    );
    assert_eq!(
        play.attribute("french", "Tired", "disorder").as_deref(),
        Some("D-1")
    );
    for (cavalry, target) in [("Fresh", "Z"), ("Tired", "Y")] {
        play.play("shock", &shock_form(&[cavalry], &[target], &[]), &[6, 0, 0]);
    }
    assert_eq!(
        play.attribute("french", "Fresh", "disorder").as_deref(),
        Some("D-1")
    );
    assert_eq!(
        play.attribute("french", "Tired", "blown").as_deref(),
        Some("yes")
    );
    // The infantry the cavalry attacked is Disordered too (L1121).
    assert_eq!(
        play.attribute("prussian", "Z", "disorder").as_deref(),
        Some("D-1")
    );
}

/// R 8.66D, L1214: cavalry charging Routed infantry eliminates it, with no Shock roll.
#[test]
fn l1214_cavalry_rides_down_routed_infantry() {
    let mut play = battle(&[("Cavalry", "light_cavalry", 2)], &[("Z", "infantry", 4)]);
    play.play(
        "cohesion-check",
        &[
            ("side", text("prussian")),
            ("unit", text("Z")),
            ("check", text("r")),
        ],
        &[9],
    );
    let facts = shock_form(&["Cavalry"], &["Z"], &[("charge", text("front"))]);
    play.play("shock", &facts, &[5, 0, 0]);
    assert_eq!(play.state("prussian", "Z"), "Eliminated");
}

/// Who may not Shock: artillery (L1323), D-2 or Routed units (L930-933), and a charge needs
/// cavalry.
#[test]
fn l930_l1323_who_may_not_shock() {
    let play = battle(
        &[("Guns", "artillery", 3), ("A", "infantry", 4)],
        &[("Z", "infantry", 4)],
    );
    let refusal = play
        .refused("shock", &shock_form(&["Guns"], &["Z"], &[]))
        .unwrap();
    assert!(refusal.contains("L1323"), "{refusal}");
    let refusal = play
        .refused(
            "shock",
            &shock_form(&["A"], &["Z"], &[("charge", text("flank"))]),
        )
        .unwrap();
    assert!(refusal.contains("only cavalry Charges"), "{refusal}");
}

/// The odds of a Shock read the Shock die alone: the check dice never change the cell read, so
/// the odds are those of every throw of the three dice.
#[test]
fn the_odds_of_a_shock_are_those_of_every_throw() {
    let play = battle(
        &[("A", "infantry", 4), ("H", "heavy_cavalry", 2)],
        &[("Z", "infantry", 4)],
    );
    let input = play.input(
        "shock",
        &shock_form(&["A", "H"], &["Z"], &[("charge", text("front"))]),
    );
    let quick = odds(procedure("shock"), &input, &play.tables).unwrap();
    let every = odds(&EveryDie(procedure("shock")), &input, &play.tables).unwrap();
    assert_eq!(quick, every);
    let total: f64 = quick.iter().map(|l| l.probability).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(quick.len() >= 5, "{quick:?}");
}

/// R 9.12C, L1452: a 'd' rolls "per affected unit": each defender throws its own check die with
/// the Shock die.
#[test]
fn l1452_each_unit_rolls_its_own_check() {
    let mut play = battle(
        &[("A", "infantry", 4)],
        &[("Y", "infantry", 2), ("Z", "infantry", 2)],
    );
    let facts = shock_form(&["A"], &["Y", "Z"], &[]);
    let input = play.input("shock", &facts);
    let labels: Vec<String> = procedure("shock")
        .dice(&input)
        .slots
        .iter()
        .map(|s| s.label.clone())
        .collect();
    assert_eq!(
        labels,
        [
            "Shock die",
            "A's check die",
            "Y's check die",
            "Z's check die"
        ]
    );
    // FICTIONAL cell at 1:1, row 3: "-/d". Y rolls 0 and passes; Z rolls 9 against Cohesion 5.
    let result = play.play("shock", &facts, &[3, 0, 0, 9]);
    assert_eq!(result.outcome.key, "-/d");
    assert_eq!(play.attribute("prussian", "Y", "disorder"), None);
    assert_eq!(
        play.attribute("prussian", "Z", "disorder").as_deref(),
        Some("D-1")
    );
}

/// R 9.18C, L1554: when both sides must retreat, the lower Cohesion retreats; equal Cohesion
/// rolls the die, and the loser retreats (each side one die, the lower loses, a tie again).
#[test]
fn l1554_both_sides_must_retreat() {
    let form = |attacking: i64, defending: i64| {
        support::battles_of_waterloo::form(
            &Default::default(),
            "both-retreat",
            &[
                ("side", text("french")),
                ("attacker_cohesion", number(attacking)),
                ("target_side", text("prussian")),
                ("defender_cohesion", number(defending)),
            ],
        )
    };
    let resolve = |input, faces: &[u8]| {
        resolve_checked(procedure("both-retreat"), &input, &fictional(), faces)
            .unwrap()
            .outcome
            .key
    };
    assert_eq!(resolve(form(4, 6), &[]), "attacker retreats");
    assert_eq!(resolve(form(7, 5), &[]), "defender retreats");
    assert_eq!(resolve(form(5, 5), &[3, 8]), "attacker retreats");
    assert_eq!(resolve(form(5, 5), &[8, 3]), "defender retreats");
    assert_eq!(resolve(form(5, 5), &[6, 6]), "roll again");
}

/// R 8.93B-C, L1386-1403: a chateau defends at its CID Strength, and the results against it
/// convert (a B is ignored, a D is a 'd' at +3, an R a step).
#[test]
fn l1392_shock_results_against_a_chateau_convert() {
    let play = battle(&[("A", "infantry", 4)], &[("Z", "infantry", 6)]);
    let facts = shock_form(
        &["A"],
        &["Z"],
        &[("terrain", text("chateau")), ("cid_strength", number(2))],
    );
    let result = resolve(&play, &facts, 0);
    assert!(result.totals[0].side.contains("4:2"), "{:?}", result.totals);
    assert!(
        result.outcome.headline.contains("chateau"),
        "{}",
        result.outcome.headline
    );
}

/// The cavalry charges through a hex the attack comes through (R 8.53A, L1060-1065).
#[test]
fn a_charge_and_the_position_agree() {
    let play = battle(&[("H", "heavy_cavalry", 4)], &[("Z", "infantry", 4)]);
    let refused = play
        .refused(
            "shock",
            &shock_form(
                &["H"],
                &["Z"],
                &[("charge", text("flank")), ("position", text("front"))],
            ),
        )
        .unwrap();
    assert!(refused.contains("position"), "{refused}");
}
