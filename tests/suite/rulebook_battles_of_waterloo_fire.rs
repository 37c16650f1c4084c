//! The Battles of Waterloo: Fire on the owner's Fire Table (R 8.1, R 8.3, R 9.11; digest §3.8-3.10
//! and its Corrections). The Fire Table and the terrain effects are printed only on the game's card,
//! so these tests read PLAINLY FICTIONAL charts, made up for the tests and marked as such: every
//! rule the rulebook states (the columns of the two lines, the shifts, the +/-2 cap, the die
//! modifiers, the multipliers, the result codes applied in order) is checked on them.

use crate::support;

use aide_de_camp::engine::input::Input;
use aide_de_camp::engine::procedure::{Resolution, odds, resolve_checked};
use aide_de_camp::engine::table_set::{BuiltinTable, TableSet};
use support::battles_of_waterloo::{form, game, procedure, tables};
use support::{EveryDie, flag, list, mentions, number, text};

/// FICTIONAL: not the game's Fire Table. Four columns; the "4-6" column holds 4-6 artillery SP
/// as L819 says; every other band and every cell is made up. Each cell names its column (A-D by
/// its "1", "2", "d" mix) so a test sees which column was read.
const FICTIONAL_FIRE: &str = include_str!("../fixtures/battles-of-waterloo/fire.toml");

/// FICTIONAL: not the game's Terrain Chart, except the values the rulebook gives (woods 1L,
/// L1407; Built-Up Village 1L, L779; chateau 2L, L1407); the others are made up.
const FICTIONAL_TERRAIN: &str = include_str!("../fixtures/battles-of-waterloo/terrain.toml");

fn fictional() -> TableSet {
    TableSet::builtin(
        &[
            BuiltinTable {
                file: "fire.toml",
                text: FICTIONAL_FIRE,
            },
            BuiltinTable {
                file: "terrain.toml",
                text: FICTIONAL_TERRAIN,
            },
        ],
        &game().reads(),
    )
    .expect("the fictional charts load")
}

/// French artillery of `strength` SP at 2 hexes on a FICTIONAL Prussian unit, Cohesion 5.
fn artillery(strength: i64) -> Input {
    form(
        &Default::default(),
        "fire",
        &[
            ("side", text("french")),
            ("strength", number(strength)),
            ("range", number(2)),
            ("target_side", text("prussian")),
            ("target", text("12 Line")),
            ("type", text("infantry")),
            ("cohesion", number(5)),
            ("steps_left", number(4)),
        ],
    )
}

fn fire(input: &Input, faces: [u8; 2]) -> Resolution {
    resolve_checked(procedure("fire"), input, &fictional(), &faces)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn column(resolution: &Resolution) -> String {
    resolution
        .cell
        .as_ref()
        .unwrap()
        .column
        .as_ref()
        .unwrap()
        .to_string()
}

/// R 8.11, L819: 5 artillery SP fire on the "4-6" column of the Artillery line; the French +1
/// (L865) modifies the die.
#[test]
fn l819_five_artillery_points_fire_on_the_4_6_column() {
    let result = fire(&artillery(5), [3, 0]);
    assert_eq!(column(&result), "4-6");
    assert_eq!(result.totals[0].total, 4, "3 + 1 (French artillery, L865)");
    assert!(
        result
            .modifiers
            .iter()
            .any(|m| m.value == 1 && m.rule.contains("L865"))
    );
    // "d+1" at roll 4 on 4-6: the check die 0 passes.
    assert_eq!(result.outcome.key, "d+1");
    assert!(result.outcome.headline.contains("passes its 'd' check"));
}

/// L839, L866: Prussian artillery -1, and -1 at the maximum printed range.
#[test]
fn l839_l866_the_artillery_die_modifiers() {
    let mut input = artillery(5);
    input.set("side", text("prussian"));
    input.set("target_side", text("french"));
    input.set("max_range", flag(true));
    assert_eq!(fire(&input, [3, 0]).totals[0].total, 1);
}

/// The infantry line reads other bands: 2 infantry SP are the 4-6 column here (FICTIONAL).
#[test]
fn l1012_infantry_reads_the_infantry_line_without_die_modifiers() {
    let mut input = artillery(2);
    input.set("fire", text("infantry"));
    input.set("range", number(1));
    let result = fire(&input, [3, 0]);
    assert_eq!(column(&result), "4-6");
    assert_eq!(result.totals[0].total, 3, "no die modifier for infantry");
}

/// R 8.31, L996: Reaction Fire doubles; R 8.15, L875: a Grand Battery triples; the per-hex caps
/// come first (Corrections): 3 SP react as 6 (the 4-6 column).
#[test]
fn l996_l875_reaction_doubles_and_the_grand_battery_triples() {
    let mut input = artillery(3);
    input.set("fire", text("reaction"));
    input.set("range", number(1));
    assert_eq!(column(&fire(&input, [3, 0])), "4-6");
    input.set("fire", text("grand_battery"));
    assert_eq!(column(&fire(&input, [3, 0])), "7-9");
    // Under no LIM, the record refuses the Grand Battery (L274).
    let record = support::battles_of_waterloo::start("mont-st-jean")
        .record()
        .clone();
    let refused = support::battles_of_waterloo::refusal(
        &record,
        "fire",
        &[
            ("side", text("french")),
            ("fire", text("grand_battery")),
            ("strength", number(3)),
        ],
    )
    .unwrap();
    assert!(refused.contains("Grand Battery LIM"), "{refused}");
}

/// R 9.11A, L1435: shifts net out, at most two columns each way, never past the edge.
#[test]
fn l1435_shifts_are_capped_at_two_and_kept_inside_the_table() {
    // Massed Target 1R (L582): 5 SP move from 4-6 to 7-9.
    let mut input = artillery(5);
    input.set("massed", flag(true));
    assert_eq!(column(&fire(&input, [3, 0])), "7-9");
    // Left: Reverse Slope, a D-1 firer and a chateau (2L) make 4 left, capped at 2: 4-6 to the
    // edge column 1-3 would be 1 left; 7 SP on 7-9 go to 1-3 (2 left).
    let mut input = artillery(7);
    input.set("reverse_slope", flag(true));
    input.set("firer_d1", flag(true));
    input.set("terrain", text("chateau"));
    let result = fire(&input, [3, 0]);
    assert_eq!(column(&result), "1-3");
    assert!(
        result
            .limits
            .iter()
            .any(|l| l.description.contains("left capped at 2"))
    );
    // 2 SP on the 1-3 column, 2 left: kept inside the table.
    let mut input = artillery(2);
    input.set("terrain", text("chateau"));
    let result = fire(&input, [3, 0]);
    assert_eq!(column(&result), "1-3");
    assert!(
        result
            .limits
            .iter()
            .any(|l| l.description.contains("would leave the table"))
    );
}

/// Corrections: Reverse Slope shifts fire at two or more hexes by default; the setting applies it
/// at 1 hex too.
#[test]
fn l857_reverse_slope_at_range_one_by_either_reading() {
    let mut input = artillery(5);
    input.set("range", number(1));
    input.set("reverse_slope", flag(true));
    assert_eq!(column(&fire(&input, [3, 0])), "4-6");
    input.set("reverse_slope_range", text("every_range"));
    assert_eq!(column(&fire(&input, [3, 0])), "1-3");
}

/// The result strikes code by code (Corrections): "1d" costs a step, then a 'd' check on the
/// first check die; over Cohesion 5 the target is Disordered.
#[test]
fn a_result_strikes_code_by_code_with_its_checks_rolled() {
    // 5 SP in Reaction Fire count 10: the 10+ column; 3 + 1 = 4 reads "1d" there.
    let mut input = artillery(5);
    input.set("fire", text("reaction"));
    input.set("range", number(1));
    let result = fire(&input, [3, 6]);
    assert_eq!(result.outcome.key, "1d");
    assert!(result.outcome.headline.contains("loses 1 step(s)"));
    assert!(result.outcome.headline.contains("fails its 'd' check"));
    assert!(mentions(&result, "Disordered: D-1"));
}

/// A natural 9 with a leader in the target's hex calls for his casualty roll (L1560).
#[test]
fn l1560_a_natural_nine_with_a_leader_in_the_hex() {
    let mut input = artillery(5);
    input.set("leader_in_hex", flag(true));
    assert!(mentions(&fire(&input, [9, 0]), "rolls for his life"));
    assert!(!mentions(&fire(&input, [8, 0]), "rolls for his life"));
}

/// L564, L1010, L1680: 4 infantry SP at most; infantry never combines; no infantry fire in the Dark.
#[test]
fn l564_l1680_infantry_limits() {
    let mut input = artillery(5);
    input.set("fire", text("infantry"));
    input.set("range", number(1));
    let refused = procedure("fire").check_combination(&input).unwrap_err();
    assert!(refused.message.contains("L564"), "{refused}");
    input.set("strength", number(4));
    input.set("firers", list(&["12 Line", "24 Line"]));
    assert!(
        procedure("fire")
            .check_combination(&input)
            .unwrap_err()
            .message
            .contains("L1010")
    );
    input.set("firers", list(&[]));
    input.set("light", text("dark"));
    assert!(
        procedure("fire")
            .check_combination(&input)
            .unwrap_err()
            .message
            .contains("L1680")
    );
}

/// On the templates as shipped, a fire resolves nothing and names the chart to enter.
#[test]
fn the_template_fire_table_resolves_nothing_and_names_the_chart() {
    let refused =
        resolve_checked(procedure("fire"), &artillery(5), &tables(), &[3, 0]).unwrap_err();
    let message = refused.to_string();
    assert!(message.contains("is a template"), "{message}");
    assert!(message.contains("\"Fire Table\""), "{message}");
}

/// The odds weigh every throw of the two dice: 100 in all. They read the Fire die alone, as the
/// check die never changes the cell read, and match the odds of every throw.
#[test]
fn the_odds_of_a_fire() {
    let lines = odds(procedure("fire"), &artillery(5), &fictional()).unwrap();
    assert_eq!(lines.iter().map(|l| l.count).sum::<u64>(), 100);
    let every = odds(&EveryDie(procedure("fire")), &artillery(5), &fictional()).unwrap();
    assert_eq!(lines, every);
}

/// R 8.93C, L1392-1406: against a chateau a D is read as a 'd' at +3 and a B is ignored (here the
/// FICTIONAL "2D" of the 10+ column: two steps, then a 'd' +3 check).
#[test]
fn l1398_a_result_against_a_chateau_converts() {
    let mut input = artillery(5);
    input.set("fire", text("reaction"));
    input.set("range", number(1));
    input.set("terrain", text("chateau"));
    // 10 SP on 10+, shifted 2 left by the chateau to 4-6; 9 + 1 = 10 reads "2D" there.
    let result = fire(&input, [9, 2]);
    assert_eq!(result.outcome.key, "2D");
    assert!(result.outcome.headline.contains("chateau"));
    assert!(
        result
            .outcome
            .headline
            .contains("'d' check, die 2 +3 = 5 against 5"),
        "{}",
        result.outcome.headline
    );
}

/// R 9.16B, L1518: a Routed target gets no terrain benefit.
#[test]
fn l1518_a_routed_target_gets_no_terrain_shift() {
    let mut input = artillery(5);
    input.set("terrain", text("woods"));
    assert_eq!(column(&fire(&input, [3, 0])), "1-3");
    input.set("disorder", text("routed"));
    assert_eq!(column(&fire(&input, [3, 0])), "4-6");
}

/// The live breakdown shows the terrain's shift as soon as the hex is chosen, read from the
/// terrain chart: the shipped template already holds the rulebook's woods 1L (L777); a shift only
/// the card gives shows once the owner has entered it (FICTIONAL here).
#[test]
fn the_breakdown_reads_the_terrain_shift_before_the_roll() {
    let mut input = artillery(5);
    input.set("terrain", text("woods"));
    let shown = procedure("fire").modifiers_read(&input, &fictional());
    let terrain = shown
        .iter()
        .find(|m| m.rule.contains("Terrain chart"))
        .expect("the terrain shift");
    assert_eq!(terrain.value, -1, "woods: 1L on the FICTIONAL chart");
    let template = procedure("fire").modifiers_read(&input, &tables());
    assert!(
        template
            .iter()
            .any(|m| m.rule.contains("Terrain chart") && m.value == -1)
    );
    input.set("terrain", text("village"));
    let unknown = procedure("fire").modifiers_read(&input, &tables());
    assert!(!unknown.iter().any(|m| m.rule.contains("Terrain chart")));
    input.set("terrain", text("woods"));
    input.set("disorder", text("routed"));
    let routed = procedure("fire").modifiers_read(&input, &fictional());
    assert!(
        routed
            .iter()
            .any(|m| m.label == "No terrain benefit for a Routed unit")
    );
}

/// L996, L612: Reaction Fire is at adjacent units; an Extended Line may fire all its SP.
#[test]
fn l996_l612_reaction_at_one_hex_and_extended_line_over_four() {
    let mut input = artillery(5);
    input.set("fire", text("reaction"));
    let refused = procedure("fire").check_combination(&input).unwrap_err();
    assert!(refused.message.contains("range 1"), "{refused}");
    let mut line = artillery(6);
    line.set("fire", text("infantry"));
    line.set("range", number(1));
    assert!(procedure("fire").check_combination(&line).is_err());
    line.set("extended_line", flag(true));
    assert!(procedure("fire").check_combination(&line).is_ok());
}
