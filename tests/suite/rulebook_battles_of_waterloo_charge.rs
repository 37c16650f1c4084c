//! The Battles of Waterloo: Charge Reaction (R 8.65), Square in Reaction (R 8.72) and Leaving
//! Square (R 8.74); digest §3.12, §3.19, §3.32 and its Corrections. The three charts are printed
//! only on the game's card, so these tests read PLAINLY FICTIONAL charts, made up for the tests and
//! marked as such (tests/fixtures/battles-of-waterloo/); every rule the rulebook states is checked
//! on them, and the shipped templates are checked to resolve nothing.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::{Resolution, odds, resolve_checked};
use aide_de_camp::engine::record::Effect;
use aide_de_camp::engine::table_set::{BuiltinTable, TableSet};
use aide_de_camp::games::battles_of_waterloo::roster::attribute;
use support::battles_of_waterloo::{form, game, procedure, tables};
use support::{flag, mentions, number, text};

/// FICTIONAL: not the game's Charge Reaction Table. By the die minus Cohesion: passed by 3 or
/// more, cavalry Counter-charges; passed, every type defends normally; failed by 1-3, infantry
/// takes a 'd' and the others retreat; failed by 4 or more, a retreat and a Disorder ("BD").
const FICTIONAL_CHARGE_REACTION: &str =
    include_str!("../fixtures/battles-of-waterloo/charge-reaction.toml");

/// FICTIONAL: not the game's Square in Reaction Chart. By the modified die minus Cohesion: 0 or
/// less "S"; +1, +2 "-"; +3 to +5 "D"; +6 or more "R".
const FICTIONAL_SQUARE_IN_REACTION: &str =
    include_str!("../fixtures/battles-of-waterloo/square-in-reaction.toml");

/// FICTIONAL: not the game's Leaving Square Chart: D-1 +1, D-2 +2, enemy ZOC 0.
const FICTIONAL_LEAVING_SQUARE: &str =
    include_str!("../fixtures/battles-of-waterloo/leaving-square.toml");

fn fictional() -> TableSet {
    TableSet::builtin(
        &[
            BuiltinTable {
                file: "charge-reaction.toml",
                text: FICTIONAL_CHARGE_REACTION,
            },
            BuiltinTable {
                file: "square-in-reaction.toml",
                text: FICTIONAL_SQUARE_IN_REACTION,
            },
            BuiltinTable {
                file: "leaving-square.toml",
                text: FICTIONAL_LEAVING_SQUARE,
            },
        ],
        &game().reads(),
    )
    .expect("the fictional charts load")
}

fn resolve(id: &str, input: &Input, faces: &[u8]) -> Resolution {
    resolve_checked(procedure(id), input, &fictional(), faces).unwrap_or_else(|e| panic!("{e}"))
}

/// The value a result sets `attribute` of the unit to, if it sets it.
fn sets(resolution: &Resolution, wanted: &str) -> Option<String> {
    resolution.effects.iter().find_map(|e| match e {
        Effect::UnitAttribute {
            attribute, value, ..
        } if attribute.as_ref() == wanted => Some(value.to_string()),
        _ => None,
    })
}

/// A FICTIONAL unit, `kind`, Cohesion `cohesion`, Charged by cavalry.
fn charged(kind: &str, cohesion: i64) -> Input {
    form(
        &Default::default(),
        "charge-reaction",
        &[
            ("side", text("allied")),
            ("unit", text("5 Brigade")),
            ("type", text(kind)),
            ("cohesion", number(cohesion)),
        ],
    )
}

fn square_attempt(values: &[(&str, Value)]) -> Input {
    let mut facts = vec![
        ("side", text("allied")),
        ("unit", text("5 Brigade")),
        ("type", text("infantry")),
        ("cohesion", number(5)),
    ];
    facts.extend(values.iter().cloned());
    form(&Default::default(), "square-in-reaction", &facts)
}

fn leaving(disorder: &str, cohesion: i64) -> Input {
    form(
        &Default::default(),
        "leaving-square",
        &[
            ("side", text("allied")),
            ("unit", text("5 Brigade")),
            ("type", text("infantry")),
            ("cohesion", number(cohesion)),
            ("disorder", text(disorder)),
            ("in_square", flag(true)),
        ],
    )
}

// ---------------------------------------------------------------------------------------------
// The templates as shipped
// ---------------------------------------------------------------------------------------------

fn refused_on_template(id: &str, input: &Input, faces: &[u8], title: &str) {
    let refused = resolve_checked(procedure(id), input, &tables(), faces).unwrap_err();
    let message = refused.to_string();
    assert!(message.contains("is a template"), "{id}: {message}");
    assert!(message.contains(&format!("\"{title}\"")), "{id}: {message}");
}

/// R 8.65, L1200: on the template as shipped, a Charge Reaction names the chart to enter.
#[test]
fn the_template_charge_reaction_table_resolves_nothing_and_names_the_chart() {
    refused_on_template(
        "charge-reaction",
        &charged("infantry", 5),
        &[3, 0],
        "Charge Reaction Table",
    );
}

/// R 8.72A, L1286: on the template as shipped, Square in Reaction names the chart to enter.
#[test]
fn the_template_square_in_reaction_chart_resolves_nothing_and_names_the_chart() {
    refused_on_template(
        "square-in-reaction",
        &square_attempt(&[]),
        &[3, 0],
        "Square in Reaction Chart",
    );
}

/// R 8.74A, L1313: on the template as shipped, Leaving Square names the chart to enter, even for
/// a unit none of its rows concerns.
#[test]
fn the_template_leaving_square_chart_resolves_nothing_and_names_the_chart() {
    refused_on_template(
        "leaving-square",
        &leaving("none", 5),
        &[3],
        "Leaving Square Chart",
    );
}

// ---------------------------------------------------------------------------------------------
// Charge Reaction, R 8.65
// ---------------------------------------------------------------------------------------------

/// R 8.65, L1200; example L1123: infantry that passes defends normally (FICTIONAL cell).
#[test]
fn l1123_a_unit_that_passes_defends_normally() {
    let result = resolve("charge-reaction", &charged("infantry", 5), &[3, 0]);
    let cell = result.cell.as_ref().unwrap();
    assert_eq!(cell.table.as_ref(), "charge-reaction");
    assert_eq!(cell.column.as_ref().unwrap().as_ref(), "Infantry");
    assert!(cell.row.contains("-2"), "{}", cell.row);
    assert_eq!(result.outcome.key, "-");
    assert!(result.outcome.headline.contains("defends normally"));
    assert!(result.outcome.headline.contains("passed"));
}

/// R 8.65, L1203: a Counter-charge: no movement, the charger gains no charge benefits.
#[test]
fn l1203_a_counter_charge_takes_away_the_charge_benefits() {
    let result = resolve("charge-reaction", &charged("heavy_cavalry", 6), &[1, 0]);
    assert_eq!(result.outcome.key, "C");
    assert_eq!(
        result
            .cell
            .as_ref()
            .unwrap()
            .column
            .as_ref()
            .unwrap()
            .as_ref(),
        "Heavy Cavalry"
    );
    assert!(mentions(&result, "NO DRM or Strength change benefits"));
    assert!(
        result
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Reminder { rule, .. } if rule.contains("L1203")))
    );
}

/// R 8.67B, L1230: a retreat in the Charge Reaction means no Shock and no Automatic Disorder.
#[test]
fn l1230_a_retreat_means_no_shock_and_no_automatic_disorder() {
    let result = resolve("charge-reaction", &charged("light_cavalry", 5), &[8, 0]);
    assert_eq!(result.outcome.key, "B");
    assert!(mentions(&result, "no Shock against it"));
    assert!(mentions(&result, "no Automatic Disorder"));
    // "BD" (FICTIONAL): the retreat, then the Disorder on the record.
    let result = resolve("charge-reaction", &charged("infantry", 5), &[9, 0]);
    assert_eq!(result.outcome.key, "BD");
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some("D-1"));
    assert!(mentions(&result, "no Automatic Disorder"));
}

/// A 'd' on the table (FICTIONAL) is rolled on the second die.
#[test]
fn a_d_result_is_rolled_on_the_check_die() {
    let result = resolve("charge-reaction", &charged("infantry", 5), &[6, 7]);
    assert_eq!(result.outcome.key, "d");
    assert!(
        result.outcome.headline.contains("fails its 'd' check"),
        "{}",
        result.outcome.headline
    );
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some("D-1"));
}

/// R 8.65, L1200-1202: Disordered units and units in Square make no Charge Reaction; R 8.65,
/// L1204: cavalry that only Shocks is not Charging, and the defender simply stands.
#[test]
fn l1200_l1204_who_makes_no_charge_reaction() {
    let mut input = charged("infantry", 5);
    input.set("disorder", text("D-1"));
    let refused = procedure("charge-reaction")
        .check_combination(&input)
        .unwrap_err();
    assert_eq!(refused.field, "disorder");
    assert!(refused.message.contains("L1202"), "{refused}");

    let mut input = charged("infantry", 5);
    input.set("square", flag(true));
    let refused = procedure("charge-reaction")
        .check_combination(&input)
        .unwrap_err();
    assert_eq!(refused.field, "square");

    let mut input = charged("infantry", 5);
    input.set("charging", flag(false));
    let refused = procedure("charge-reaction")
        .check_combination(&input)
        .unwrap_err();
    assert!(refused.message.contains("L1204"), "{refused}");
}

/// Two dice, 100 throws in all.
#[test]
fn the_odds_of_a_charge_reaction() {
    let lines = odds(
        procedure("charge-reaction"),
        &charged("infantry", 5),
        &fictional(),
    )
    .unwrap();
    assert_eq!(lines.iter().map(|l| l.count).sum::<u64>(), 100);
}

// ---------------------------------------------------------------------------------------------
// Square in Reaction, R 8.72
// ---------------------------------------------------------------------------------------------

/// R 8.72B, L1288: "if the cavalry started 4 hexes away, the player would subtract two (-2)".
#[test]
fn l1288_a_charger_that_started_4_hexes_away_gives_minus_2() {
    let input = square_attempt(&[("start_distance", number(4))]);
    let result = resolve("square-in-reaction", &input, &[7, 0]);
    let distance: Vec<_> = result
        .modifiers
        .iter()
        .filter(|m| m.rule.contains("L1288"))
        .collect();
    assert_eq!(distance.len(), 1);
    assert_eq!(distance[0].value, -2);
    assert_eq!(result.totals[0].total, 5, "7 - 2");
    // 5 against Cohesion 5: the FICTIONAL chart's row 0, "S".
    assert_eq!(result.outcome.key, "S");
    // 2 hexes or fewer: no modifier.
    let input = square_attempt(&[("start_distance", number(2))]);
    let result = resolve("square-in-reaction", &input, &[7, 0]);
    assert!(result.modifiers.is_empty());
}

/// Digest Corrections: the setting "hexes actually moved beyond 2" scores the same charge (3
/// hexes moved from 4 away) -1.
#[test]
fn l1288_the_hexes_moved_setting() {
    let input = square_attempt(&[
        ("square_distance", text("hexes_moved")),
        ("start_distance", number(4)),
        ("hexes_moved", number(3)),
    ]);
    let result = resolve("square-in-reaction", &input, &[7, 0]);
    assert_eq!(result.totals[0].total, 6, "7 - 1");
    assert!(procedure("square-in-reaction").shows("hexes_moved", &input));
    assert!(!procedure("square-in-reaction").shows("start_distance", &input));
}

/// R 9.15A, L1493: a Disordered unit "suffer[s] a +2 DRM when attempting to form Square in
/// Reaction".
#[test]
fn l1493_d1_adds_2() {
    let input = square_attempt(&[("disorder", text("D-1"))]);
    let result = resolve("square-in-reaction", &input, &[4, 0]);
    assert!(
        result
            .modifiers
            .iter()
            .any(|m| m.value == 2 && m.rule.contains("L1493"))
    );
    assert_eq!(result.totals[0].total, 6);
    // 6 against 5 (FICTIONAL "-"): no Square.
    assert_eq!(result.outcome.key, "-");
    assert!(sets(&result, attribute::SQUARE).is_none());
}

/// R 8.72A, L1286: a Square formed puts the marker on; R 8.73C, L1298: it may not Fire this
/// Operations Phase.
#[test]
fn l1286_l1298_a_square_formed_is_marked_and_may_not_fire() {
    let result = resolve("square-in-reaction", &square_attempt(&[]), &[2, 0]);
    assert_eq!(result.outcome.key, "S");
    assert_eq!(
        result.cell.as_ref().unwrap().table.as_ref(),
        "square-in-reaction"
    );
    assert_eq!(sets(&result, attribute::SQUARE).as_deref(), Some("yes"));
    assert!(mentions(&result, "may NOT Fire"));
    assert!(
        result
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Reminder { rule, .. } if rule.contains("L1298")))
    );
}

/// A "D" on the chart (FICTIONAL) Disorders the unit.
#[test]
fn a_failed_square_can_disorder() {
    let result = resolve("square-in-reaction", &square_attempt(&[]), &[9, 0]);
    assert_eq!(result.outcome.key, "D");
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some("D-1"));
}

/// L902, L1286: not D-2 nor Routed, infantry only; L1105: not Engaged; L1292: Clear hexes only;
/// L624: not in Extended Column.
#[test]
fn l902_l1105_l1292_l624_who_may_form_square_in_reaction() {
    let p = procedure("square-in-reaction");
    let refused = |values: &[(&str, Value)]| p.check_combination(&square_attempt(values));
    let e = refused(&[("disorder", text("D-2"))]).unwrap_err();
    assert_eq!(e.field, "disorder");
    assert!(refused(&[("disorder", text("routed"))]).is_err());
    assert_eq!(
        refused(&[("type", text("heavy_cavalry"))])
            .unwrap_err()
            .field,
        "type"
    );
    let e = refused(&[("engaged", flag(true))]).unwrap_err();
    assert!(e.message.contains("L1105"), "{e}");
    let e = refused(&[("not_clear", flag(true))]).unwrap_err();
    assert!(e.message.contains("L1292"), "{e}");
    let e = refused(&[("extended_column", flag(true))]).unwrap_err();
    assert!(e.message.contains("L624"), "{e}");
    assert!(refused(&[("disorder", text("D-1"))]).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Leaving Square, R 8.74
// ---------------------------------------------------------------------------------------------

/// R 8.74A, L1315: a pass removes the Square and any Disorder; L1301: no Square -1.
#[test]
fn l1315_a_pass_removes_the_square_and_the_disorder() {
    // D-1 (FICTIONAL +1): 3 + 1 = 4 against 5.
    let result = resolve("leaving-square", &leaving("D-1", 5), &[3]);
    assert_eq!(result.outcome.key, "pass");
    assert_eq!(result.totals[0].total, 4);
    assert!(result.modifiers.iter().all(|m| !m.rule.contains("L1301")));
    assert!(result.modifiers.iter().any(|m| m.value == 1));
    assert_eq!(sets(&result, attribute::SQUARE).as_deref(), Some(""));
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some(""));
}

/// R 8.74A, L1317: a failure removes the Square and applies a D.
#[test]
fn l1317_a_failure_removes_the_square_and_applies_a_d() {
    let result = resolve("leaving-square", &leaving("none", 5), &[6]);
    assert_eq!(result.outcome.key, "fail");
    assert_eq!(sets(&result, attribute::SQUARE).as_deref(), Some(""));
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some("D-1"));
    // Infantry already D-1 goes to D-2 (R 9.15B, L1504).
    let result = resolve("leaving-square", &leaving("D-1", 5), &[5]);
    assert_eq!(result.outcome.key, "fail");
    assert_eq!(sets(&result, attribute::DISORDER).as_deref(), Some("D-2"));
}

/// L115, L1313: leaving Square is a Cohesion Check, which a natural 0 always passes.
#[test]
fn l115_a_natural_zero_leaves_square() {
    // D-2 (FICTIONAL +2): 0 + 2 = 2 against 1, passed on the natural 0.
    let result = resolve("leaving-square", &leaving("D-2", 1), &[0]);
    assert_eq!(result.outcome.key, "pass");
    assert!(result.outcome.headline.contains("natural 0"));
}

/// L1105: an Engaged unit cannot leave Square; only a unit in Square leaves it.
#[test]
fn l1105_who_may_leave_square() {
    let p = procedure("leaving-square");
    let mut input = leaving("none", 5);
    input.set("engaged", flag(true));
    assert!(
        p.check_combination(&input)
            .unwrap_err()
            .message
            .contains("L1105")
    );
    let mut input = leaving("none", 5);
    input.set("in_square", flag(false));
    assert_eq!(p.check_combination(&input).unwrap_err().field, "in_square");
}
