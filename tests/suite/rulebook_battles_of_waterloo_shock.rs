//! The Battles of Waterloo: Shock on the owner's Shock Table (R 8.5, R 8.6, R 9.11C-D; digest
//! §3.20-3.27 and its Corrections). The Shock Table and most of its DRMs are printed only on the
//! game's card, so these tests read PLAINLY FICTIONAL charts, made up for the tests and marked as
//! such; the rules the rulebook states (the odds and their rounding, the strength adjustments, the
//! +/-6 DRM cap, the -2..11 clamp, both sides' results, Engaged and Automatic Disorder) are
//! checked on them. The units' ratings are FICTIONAL too, except where an example gives them.

use crate::support;

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
                text: include_str!("../fixtures/battles-of-waterloo/shock.toml"),
            },
            BuiltinTable {
                file: "shock-modifiers.toml",
                text: include_str!("../fixtures/battles-of-waterloo/shock-modifiers.toml"),
            },
            BuiltinTable {
                file: "terrain.toml",
                text: include_str!("../fixtures/battles-of-waterloo/terrain.toml"),
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

/// The Modifiers pane shows the L1125 example's DRMs before the roll, read from the Shock
/// modifiers chart.
#[test]
fn l1125_the_drms_show_before_the_roll() {
    let mut play = battle(
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
    let input = play.input("shock", &facts);
    let shown = procedure("shock").modifiers_read(&input, &play.tables);
    let values: Vec<i32> = shown.iter().map(|m| m.value).collect();
    assert_eq!(values.iter().sum::<i32>(), -6, "{shown:?}");
    assert!(
        shown
            .iter()
            .any(|m| m.rule.contains("L1060-1068") && m.value == -4)
    );
    // Nothing shows while the form is not yet a Shock: no defender picked.
    let unfinished = play.input("shock", &shock_form(&["Infantry", "Cavalry"], &[], &[]));
    assert!(
        procedure("shock")
            .modifiers_read(&unfinished, &play.tables)
            .is_empty()
    );
    // The shipped template holds these values already: the rulebook prints them.
    play.tables = support::battles_of_waterloo::tables();
    let template = procedure("shock").modifiers_read(&input, &play.tables);
    assert_eq!(
        template.iter().map(|m| m.value).sum::<i32>(),
        -6,
        "{template:?}"
    );
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

/// Puts `name` of `side` through a Cohesion Check of kind `check` that it fails (a 9 against
/// Cohesion 5): 'd' Disorders it one level, 'r' Routs it.
fn fail_check(play: &mut Play, side: &str, name: &str, check: &str) {
    play.play(
        "cohesion-check",
        &[
            ("side", text(side)),
            ("unit", text(name)),
            ("check", text(check)),
        ],
        &[9],
    );
}

/// Two Crack Elite attackers (-2 each, FICTIONAL) with Ney (-2, L1093) against a chateau (+4,
/// FICTIONAL): a net -2, so the Shock die reads two rows lower.
fn against_a_chateau(defenders: &[(&str, &str, i64)]) -> Play {
    let mut play = battle(&[], defenders);
    for name in ["A1", "A2"] {
        add_unit(
            &mut play,
            "french",
            name,
            "infantry",
            &[("elite", number(2))],
        );
    }
    play
}

fn chateau_form<'a>(defenders: &[&'a str], outside: bool) -> Vec<(&'a str, Value)> {
    shock_form(
        &["A1", "A2"],
        defenders,
        &[
            ("ney", flag(true)),
            ("terrain", text("chateau")),
            ("cid_strength", number(2)),
            ("outside_support", flag(outside)),
        ],
    )
}

/// R 8.93B, L1388: "If an 'outside' supporting unit and the chateau are assaulted together in one
/// attack, the defender adds the unit's SP to the CID Strength... and all Step Losses are taken by
/// the unit, not the chateau (unless the former has only one step left and takes a two step
/// loss)". Its other results are its own; the units inside take the chateau's, converted
/// (L1392-1406).
#[test]
fn l1388_a_chateau_assaulted_with_an_outside_supporting_unit() {
    let mut play = against_a_chateau(&[("Out", "infantry", 2), ("In", "infantry", 4)]);
    // Without it, the chateau alone: 8 against the CID's 2.
    let alone = resolve(&play, &chateau_form(&["Out", "In"], false), 2);
    assert!(alone.totals[0].side.contains("8:2"), "{:?}", alone.totals);
    // With it: 8 against 2 + 2. FICTIONAL cell at 2:1, row 0 (die 2, net -2): "-/1Bd".
    let facts = chateau_form(&["Out", "In"], true);
    let result = play.play("shock", &facts, &[2, 0, 0, 0, 0]);
    assert!(result.totals[0].side.contains("8:4"), "{:?}", result.totals);
    assert_eq!(drm(&result, "L1388"), Some(2));
    assert_eq!(result.outcome.key, "-/1Bd");
    assert_eq!(
        play.attribute("prussian", "Out", "steps lost").as_deref(),
        Some("1")
    );
    assert_eq!(play.attribute("prussian", "In", "steps lost"), None);
    let headline = &result.outcome.headline;
    assert!(headline.contains("Out retreats 1 hex"), "{headline}");
    assert!(
        !headline.contains("In retreats"),
        "a B is ignored inside: {headline}"
    );
    // FICTIONAL cell at 2:1, row -1 (die 1): "-/2B". Out, with one step left, takes one; the
    // chateau's unit the other.
    let mut input = play.input("shock", &chateau_form(&["Out", "In"], true));
    let facts = input.text("defender_facts").replace(
        "Out: SP 2, Cohesion 5, infantry, good order, 3 step(s) left",
        "Out: SP 2, Cohesion 5, infantry, good order, 1 step(s) left",
    );
    assert!(facts.contains("1 step(s) left"), "{facts}");
    input.set("defender_facts", Value::Text(facts.as_str().into()));
    let two = resolve_checked(procedure("shock"), &input, &play.tables, &[1, 0, 0, 0, 0]).unwrap();
    assert_eq!(two.outcome.key, "-/2B");
    let headline = &two.outcome.headline;
    assert!(headline.contains("Out loses its last step"), "{headline}");
    assert!(headline.contains("In loses 1 step"), "{headline}");
    // With no unit inside, the result card says what the CID takes.
    let empty = against_a_chateau(&[("Out", "infantry", 2)]);
    let result = resolve(&empty, &chateau_form(&["Out"], true), 2);
    assert!(
        support::mentions(&result, "its CID takes \"Bd\""),
        "{:?}",
        support::reminders(&result)
    );
    // Only infantry supports a chateau (L1379).
    let guns = against_a_chateau(&[("Guns", "artillery", 2), ("In", "infantry", 4)]);
    let refusal = guns
        .refused("shock", &chateau_form(&["Guns", "In"], true))
        .unwrap();
    assert!(refusal.contains("L1379"), "{refusal}");
}

/// R 9.15C-D, L1506-1512: D-1 cavalry given another Disorder retreats or Routs on its roll; D-1
/// artillery retreats and loses a step. Either way it leaves its hex: the attacker advances
/// (R 9.18A, L1546) and is not Engaged beside it (L921).
#[test]
fn l1506_disordered_cavalry_or_artillery_disordered_again_leaves_its_hex() {
    for (kind, die) in [("artillery", 5), ("light_cavalry", 4)] {
        let mut play = battle(&[("A", "infantry", 4)], &[("Z", kind, 4)]);
        fail_check(&mut play, "prussian", "Z", "d");
        assert_eq!(
            play.attribute("prussian", "Z", "disorder").as_deref(),
            Some("D-1")
        );
        // FICTIONAL cells, with the defender's D-1 (-1): 4:1 row 4 (artillery alone defends at
        // 1) and 1:1 row 3, each "-/d"; Z fails its 'd' with a 9.
        let result = play.play("shock", &shock_form(&["A"], &["Z"], &[]), &[die, 0, 9]);
        assert_eq!(result.outcome.key, "-/d", "{kind}");
        assert!(
            support::mentions(&result, "the attacker must advance"),
            "{kind}: {:?}",
            support::reminders(&result)
        );
        assert_eq!(play.attribute("french", "A", "engaged"), None, "{kind}");
    }
}

/// R 8.67A, L1228: Automatic Disorder comes "regardless of the result"; a Routed unit that is
/// Disordered loses a step instead (R 9.16B, L1523), its last step eliminating it; a unit
/// eliminated in the Shock takes none.
#[test]
fn l1228_automatic_disorder_after_a_rout_or_an_elimination() {
    let mut play = battle(
        &[
            ("H", "heavy_cavalry", 4),
            ("H2", "heavy_cavalry", 4),
            ("H3", "heavy_cavalry", 4),
        ],
        &[("Z", "infantry", 4)],
    );
    add_unit(
        &mut play,
        "prussian",
        "Y",
        "infantry",
        &[("steps", text("2"))],
    );
    // FICTIONAL cell at 1:1, row -2 (die 1, Flank -3): "-/2BR".
    for (cavalry, target) in [("H", "Z"), ("H2", "Y")] {
        let facts = shock_form(&[cavalry], &[target], &[("position", text("flank"))]);
        assert_eq!(play.play("shock", &facts, &[1, 0, 0]).outcome.key, "-/2BR");
    }
    // Z: 2 steps, Routed, then a step for the Automatic Disorder.
    assert_eq!(play.state("prussian", "Z"), "Routed");
    assert_eq!(
        play.attribute("prussian", "Z", "steps lost").as_deref(),
        Some("3")
    );
    // Y lost its 2 steps: eliminated, no Automatic Disorder.
    assert_eq!(play.state("prussian", "Y"), "Eliminated");
    assert_eq!(
        play.attribute("prussian", "Y", "steps lost").as_deref(),
        Some("2")
    );
    // Z, Routed with one step left, passes its 'd' (FICTIONAL cell at 1:1, row 3: die 9, Routed
    // -5 and sole defender with one step -1): the Automatic Disorder's step eliminates it.
    let result = play.play("shock", &shock_form(&["H3"], &["Z"], &[]), &[9, 0, 0]);
    assert_eq!(result.outcome.key, "-/d");
    assert_eq!(play.state("prussian", "Z"), "Eliminated");
}

/// R 8.22H8, L923; R 8.67A, L1228: no exception for units in a chateau (Engaged has one, L921,
/// L1104): cavalry Shocking a chateau Disorders the infantry inside; at D-2 the CID's further
/// Disorder is a step (R 8.93C, L1406).
#[test]
fn l923_automatic_disorder_in_a_chateau() {
    let mut play = battle(
        &[("H", "heavy_cavalry", 4), ("H2", "heavy_cavalry", 4)],
        &[("Z", "infantry", 4), ("Y", "infantry", 4)],
    );
    for _ in 0..2 {
        fail_check(&mut play, "prussian", "Y", "d");
    }
    assert_eq!(
        play.attribute("prussian", "Y", "disorder").as_deref(),
        Some("D-2")
    );
    let chateau = [("terrain", text("chateau")), ("cid_strength", number(2))];
    // Cavalry counts 1 against a chateau (L1220): 1:2. FICTIONAL cells: row 5 "1/-" (die 1, the
    // chateau's +4), row 3 "d/d" (die 1, +4 and Y's D-2 -2).
    let result = play.play("shock", &shock_form(&["H"], &["Z"], &chateau), &[1, 0, 0]);
    assert_eq!(result.outcome.key, "1/-");
    assert_eq!(
        play.attribute("prussian", "Z", "disorder").as_deref(),
        Some("D-1")
    );
    let result = play.play("shock", &shock_form(&["H2"], &["Y"], &chateau), &[1, 0, 0]);
    assert_eq!(result.outcome.key, "d/d");
    assert_eq!(play.state("prussian", "Y"), "In play");
    assert_eq!(
        play.attribute("prussian", "Y", "steps lost").as_deref(),
        Some("1")
    );
}

/// R 8.52, L1050-1054 with R 9.16B, L1518: Routed defenders get no terrain benefit, so the odds
/// round as on terrain without one: for the attacker, who moved.
#[test]
fn l1518_routed_defenders_and_the_odds_rounding() {
    let mut play = battle(&[("A", "infantry", 5)], &[("Z", "infantry", 2)]);
    let facts = shock_form(
        &["A"],
        &["Z"],
        &[("moved", flag(true)), ("terrain", text("village"))],
    );
    assert_eq!(
        column(&resolve(&play, &facts, 5)),
        "2:1",
        "the village's benefit"
    );
    fail_check(&mut play, "prussian", "Z", "r");
    let result = resolve(&play, &facts, 5);
    assert_eq!(column(&result), "3:1", "5:2 for the attacker");
    assert_eq!(drm(&result, "L1518"), Some(0));
}

/// R 8.81B, L1325: "two artillery units stacked in a hex ... have a total Shock strength of one
/// (1)".
#[test]
fn l1325_two_artillery_units_defend_at_one() {
    let play = battle(
        &[("A", "infantry", 4)],
        &[("G1", "artillery", 3), ("G2", "artillery", 3)],
    );
    let result = resolve(&play, &shock_form(&["A"], &["G1", "G2"], &[]), 5);
    assert!(result.totals[0].side.contains("4:1"), "{:?}", result.totals);
}

/// R 8.66C, L1212: "Cuirassier units in Shock combat subtract one (-1) from any 'd' die roll":
/// their own, and Cuirassiers are Heavy Cavalry (L88), so not the infantry beside them.
#[test]
fn l1212_the_cuirassier_minus_one_is_the_cuirassiers_own() {
    let mut play = battle(
        &[("A", "infantry", 4), ("C", "heavy_cavalry", 4)],
        &[("Z", "infantry", 4)],
    );
    // FICTIONAL cell at 2:1, row 6 (die 8, Combined Arms -2): "d/-". Both attackers roll 6
    // against Cohesion 5.
    let facts = shock_form(
        &["A", "C"],
        &["Z"],
        &[
            ("cuirassiers", flag(true)),
            ("cuirassier_side", text("attacking")),
        ],
    );
    let result = play.play("shock", &facts, &[8, 6, 6, 0]);
    assert_eq!(result.outcome.key, "d/-");
    let headline = &result.outcome.headline;
    assert!(headline.contains("C passes its 'd' check"), "{headline}");
    assert!(headline.contains("A fails its 'd' check"), "{headline}");
    assert_eq!(
        play.attribute("french", "A", "disorder").as_deref(),
        Some("D-1")
    );
}

/// R 8.93C, L1407: "The only terrain adjustment effect that is used when shocking or firing at a
/// Chateau hex is the Chateau Adjustment": attacking downhill (R 8.53D, L1086) gives nothing.
#[test]
fn l1407_no_downhill_drm_against_a_chateau() {
    let play = battle(&[("A", "infantry", 4)], &[("Z", "infantry", 4)]);
    let open = resolve(
        &play,
        &shock_form(&["A"], &["Z"], &[("downhill", flag(true))]),
        5,
    );
    assert_eq!(drm(&open, "L1086"), Some(-1));
    let chateau = resolve(
        &play,
        &shock_form(
            &["A"],
            &["Z"],
            &[
                ("downhill", flag(true)),
                ("terrain", text("chateau")),
                ("cid_strength", number(2)),
            ],
        ),
        5,
    );
    assert_eq!(drm(&chateau, "L1086"), None);
    assert_eq!(drm(&chateau, "L1407"), Some(4), "the chateau's own");
    assert_eq!(chateau.totals[0].modifiers, 4);
}
