//! The Battles of Waterloo checked against its rulebook: Rally (R 10.1, L1583-1625), Shock
//! Commitment (R 8.41, L1022-1034), Retreat Before Shock (R 8.27, L980-990) and the Activation
//! attempt (R 4.42B, R 4.52B-C, R 4.61B, R 4.62D-E, R 4.63C; L262-268, L305-310, L346-350,
//! L361-383, L414-419).
//!
//! Specification: the rulebook `shared/seeds/001_313c361a8749247d.txt` (cited as Lnnn, with the
//! rule number as printed) and its digest `shared/rules/seed001_battles_of_waterloo.md` (§3.5,
//! §3.16, §3.18, §3.42, §6 #16 and #29, and its Corrections, "Natural 0"). Counter ratings the
//! rulebook does not print are FICTIONAL and marked so.

use crate::support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::odds;
use aide_de_camp::engine::record::Record;
use support::battles_of_waterloo::{add_unit, form, procedure, refusal, resolve, start};
use support::{Play, flag, mentions, number, text};

type Facts = Vec<(&'static str, Value)>;

fn count(lines: &[aide_de_camp::engine::procedure::OddsLine], key: &str) -> u64 {
    lines.iter().find(|l| l.key == key).map_or(0, |l| l.count)
}

fn odds_of(id: &str, facts: &[(&str, Value)]) -> Vec<aide_de_camp::engine::procedure::OddsLine> {
    let input = form(&Record::default(), id, facts);
    odds(
        procedure(id),
        &input,
        &support::battles_of_waterloo::tables(),
    )
    .unwrap()
}

/// A leader on the record, from his counter (values FICTIONAL unless the rulebook gives them).
fn add_leader(
    play: &mut Play,
    side: &str,
    name: &str,
    kind: &str,
    values: &[(&'static str, Value)],
) {
    let mut facts: Facts = vec![
        ("side", text(side)),
        ("name", text(name)),
        ("type", text(kind)),
        ("command_range", number(4)), // FICTIONAL
    ];
    facts.extend(values.iter().cloned());
    play.play("add-leader", &facts, &[]);
}

fn unit_facts(side: &str, unit: &str) -> Facts {
    vec![("side", text(side)), ("unit", text(unit))]
}

fn with(mut facts: Facts, more: &[(&'static str, Value)]) -> Facts {
    facts.extend(more.iter().cloned());
    facts
}

/// A form on no record: a unit of `kind`, `disorder`, Cohesion `cohesion`.
fn rally_form(kind: &str, disorder: &str, cohesion: i64) -> Facts {
    vec![
        ("side", text("french")),
        ("type", text(kind)),
        ("disorder", text(disorder)),
        ("cohesion", number(cohesion)),
    ]
}

// --- Retreat Before Shock (R 8.27, L980-990) ------------------------------------------------

fn rbs_play() -> Play {
    let mut play = start("ligny");
    // Cohesion 5, Movement Allowance 6: FICTIONAL.
    add_unit(&mut play, "prussian", "12 Line", "infantry", &[]);
    play
}

/// R 8.27A, L984: under the Cohesion Rating the unit retreats one hex, keeping its facing, and is
/// automatically Disordered; the attacker may advance but its Assault is over (L988).
#[test]
fn l984_under_cohesion_retreats_one_hex_disordered() {
    let mut play = rbs_play();
    let result = play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[4],
    );
    assert_eq!(result.outcome.key, "retreats");
    assert_eq!(
        play.attribute("prussian", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
    assert_eq!(play.state("prussian", "12 Line"), "In play");
    assert!(mentions(&result, "retreats one hex"));
    assert!(mentions(&result, "keeps its facing"));
    assert!(mentions(&result, "its Assault is over"), "L988");
}

/// R 8.27A, L985: exactly the Cohesion Rating: the unit stays, with no adverse effect.
#[test]
fn l985_equal_to_cohesion_stays_unharmed() {
    let mut play = rbs_play();
    let result = play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[5],
    );
    assert_eq!(result.outcome.key, "stays");
    assert_eq!(play.attribute("prussian", "12 Line", "disorder"), None);
    assert_eq!(play.state("prussian", "12 Line"), "In play");
}

/// R 8.27A, L986, read "higher" (digest §7 erratum): over the Cohesion Rating the unit Routs and
/// Rout Retreats half its Movement Allowance, rounded up (L1528).
#[test]
fn l986_erratum_over_cohesion_routs() {
    let mut play = rbs_play();
    let result = play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[6],
    );
    assert_eq!(result.outcome.key, "routs");
    assert_eq!(play.state("prussian", "12 Line"), "Routed");
    assert!(mentions(
        &result,
        "Rout Retreats 3 (half its Movement Allowance of 6"
    ));
}

/// Cohesion 5: 0-4 retreat (5 in 10), 5 stays (1 in 10), 6-9 Rout (4 in 10).
#[test]
fn the_odds_of_a_retreat_before_shock() {
    let lines = odds_of("retreat-before-shock", &rally_form("infantry", "none", 5));
    assert_eq!(count(&lines, "retreats"), 5);
    assert_eq!(count(&lines, "stays"), 1);
    assert_eq!(count(&lines, "routs"), 4);
}

/// L910, L1299, L1178: who may not Retreat Before Shock.
#[test]
fn l910_who_may_not_retreat_before_shock() {
    let record = Record::default();
    let refused = |facts: &[(&str, Value)]| {
        refusal(&record, "retreat-before-shock", facts).unwrap_or_default()
    };
    let base = rally_form("infantry", "none", 5);
    assert!(refused(&with(rally_form("infantry", "D-1", 5), &[])).contains("Disordered"));
    assert!(refused(&with(rally_form("infantry", "routed", 5), &[])).contains("Routed"));
    assert!(refused(&with(base.clone(), &[("in_square", flag(true))])).contains("L1299"));
    assert!(refused(&with(base.clone(), &[("cavalry_zoc", flag(true))])).contains("cavalry ZOC"));
    assert!(
        refused(&with(base.clone(), &[("no_retreat_hex", flag(true))]))
            .contains("not in an enemy ZOC")
    );
    assert!(refused(&rally_form("light_cavalry", "none", 5)).contains("R 8.64"));
    assert_eq!(refusal(&record, "retreat-before-shock", &base), None);
    // On the record: a unit made D-1 by its first retreat may not try again.
    let mut play = rbs_play();
    play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[0],
    );
    let again = play
        .refused("retreat-before-shock", &unit_facts("prussian", "12 Line"))
        .unwrap();
    assert!(again.contains("Disordered"), "{again}");
}

/// R 8.26B-C, L974-976: Retreat Before Fire "is always successful": no roll; the unit retreats one
/// hex, faces as it likes and is Disordered; the attacker may advance, its Assault over.
#[test]
fn l974_retreat_before_fire_always_succeeds() {
    let mut play = rbs_play();
    assert!(
        procedure("retreat-before-fire")
            .dice(&play.input("retreat-before-fire", &unit_facts("prussian", "12 Line")))
            .is_empty()
    );
    let result = play.play(
        "retreat-before-fire",
        &unit_facts("prussian", "12 Line"),
        &[],
    );
    assert_eq!(
        play.attribute("prussian", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
    assert!(mentions(&result, "change its facing"));
    assert!(mentions(&result, "may not Shock"), "L976");
    // L969: a Disordered unit may not retreat before the fire again.
    let again = play
        .refused("retreat-before-fire", &unit_facts("prussian", "12 Line"))
        .unwrap();
    assert!(again.contains("Disordered"), "{again}");
    let refused = rbs_play()
        .refused(
            "retreat-before-fire",
            &with(
                unit_facts("prussian", "12 Line"),
                &[("cavalry_zoc", flag(true))],
            ),
        )
        .unwrap();
    assert!(refused.contains("cavalry ZOC"), "{refused}");
}

// --- Rally (R 10.1, L1583-1625) -------------------------------------------------------------

/// A Prussian infantry unit made D-1 (a Retreat Before Shock under its Cohesion), Cohesion 5 and
/// Movement Allowance 6 FICTIONAL.
fn disordered_play() -> Play {
    let mut play = rbs_play();
    play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[0],
    );
    play
}

/// The same unit Routed (a Retreat Before Shock over its Cohesion).
fn routed_play() -> Play {
    let mut play = rbs_play();
    play.play(
        "retreat-before-shock",
        &unit_facts("prussian", "12 Line"),
        &[9],
    );
    assert_eq!(play.state("prussian", "12 Line"), "Routed");
    play
}

/// R 10.12, L1603: strictly lower than Cohesion rallies: the marker comes off the record, with
/// no re-facing; the same as Cohesion (L1604) leaves it Disordered.
#[test]
fn l1603_a_disordered_unit_rallies_only_strictly_under_cohesion() {
    let mut play = disordered_play();
    let same = play.play("rally", &unit_facts("prussian", "12 Line"), &[5]);
    assert_eq!(same.outcome.key, "still disordered");
    assert_eq!(
        play.attribute("prussian", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );
    let under = play.play("rally", &unit_facts("prussian", "12 Line"), &[4]);
    assert_eq!(under.outcome.key, "rallied");
    assert!(mentions(&under, "may not reface"));
    assert_eq!(play.attribute("prussian", "12 Line", "disorder"), None);
    // In good order now: nothing to rally (L1587).
    let refused = play
        .refused("rally", &unit_facts("prussian", "12 Line"))
        .unwrap();
    assert!(refused.contains("good order"), "{refused}");
}

/// R 10.12, L1603: one success clears D-2 too (digest §3.42).
#[test]
fn l1603_d2_is_cleared_in_one_success() {
    let mut play = disordered_play();
    let d = [
        ("side", text("prussian")),
        ("unit", text("12 Line")),
        ("check", text("d")),
    ];
    play.play("cohesion-check", &d, &[9]);
    assert_eq!(
        play.attribute("prussian", "12 Line", "disorder").as_deref(),
        Some("D-2")
    );
    let result = play.play("rally", &unit_facts("prussian", "12 Line"), &[0]);
    assert_eq!(result.outcome.key, "rallied");
    assert_eq!(play.attribute("prussian", "12 Line", "disorder"), None);
}

/// Cohesion 5 and no modifier: 0-4 rally, 5 in 10.
#[test]
fn the_odds_of_rallying_a_disordered_unit() {
    let lines = odds_of("rally", &rally_form("infantry", "D-1", 5));
    assert_eq!(count(&lines, "rallied"), 5);
    assert_eq!(count(&lines, "still disordered"), 5);
}

/// R 10.13, L1610-1612 (digest §6 #29): 0-1 good order, 2-6 D-1, 7-9 still Routed and Rout
/// Retreats again; the first two may re-face.
#[test]
fn l1610_l1612_rallying_a_routed_unit() {
    let mut play = routed_play();
    let stays = play.play("rally", &unit_facts("prussian", "12 Line"), &[7]);
    assert_eq!(stays.outcome.key, "still routed");
    assert_eq!(play.state("prussian", "12 Line"), "Routed");
    assert!(mentions(
        &stays,
        "must Rout Retreat again: 3 (half its Movement Allowance of 6"
    ));

    let d1 = play.play("rally", &unit_facts("prussian", "12 Line"), &[6]);
    assert_eq!(d1.outcome.key, "D-1");
    assert!(mentions(&d1, "may be refaced"));
    assert_eq!(play.state("prussian", "12 Line"), "In play");
    assert_eq!(
        play.attribute("prussian", "12 Line", "disorder").as_deref(),
        Some("D-1")
    );

    let mut play = routed_play();
    let good = play.play("rally", &unit_facts("prussian", "12 Line"), &[1]);
    assert_eq!(good.outcome.key, "good order");
    assert_eq!(play.state("prussian", "12 Line"), "In play");
    assert_eq!(play.attribute("prussian", "12 Line", "disorder"), None);

    let lines = odds_of("rally", &rally_form("infantry", "routed", 5));
    assert_eq!(
        [
            count(&lines, "good order"),
            count(&lines, "D-1"),
            count(&lines, "still routed")
        ],
        [2, 5, 3]
    );
}

/// Digest §3.42 (INFERRED): a modified roll under 0 counts as 0-1, one over 9 as 7-9; the
/// boundaries 1/2 and 6/7 are read after the modifiers.
#[test]
fn routed_boundaries_after_modifiers() {
    let routed = rally_form("light_cavalry", "routed", 5);
    let key = |facts: &[(&str, Value)], die: u8| {
        resolve("rally", &form(&Record::default(), "rally", facts), &[die])
            .outcome
            .key
    };
    // Cavalry -1, Overall Commander -2: 0 - 3 = -3.
    let helped = with(routed.clone(), &[("with_overall", flag(true))]);
    assert_eq!(key(&helped, 0), "good order");
    assert_eq!(key(&helped, 4), "good order", "4 - 3 = 1");
    assert_eq!(key(&helped, 5), "D-1", "5 - 3 = 2");
    // Cavalry -1, not In Command +2, enemy ZOC +1, Dark +2: +4.
    let hindered = with(
        routed,
        &[
            ("not_in_command", flag(true)),
            ("enemy_zoc", flag(true)),
            ("dark", flag(true)),
        ],
    );
    assert_eq!(key(&hindered, 2), "D-1", "2 + 4 = 6");
    assert_eq!(key(&hindered, 3), "still routed", "3 + 4 = 7");
    assert_eq!(
        key(&hindered, 9),
        "still routed",
        "9 + 4 = 13 counts as 7-9"
    );
}

/// R 10.14, L1618-1625; Shaken +1 (L1640); Dark +2 (L1684): each modifier with its value and rule.
#[test]
fn l1618_l1625_every_rally_modifier() {
    let cases: [(&str, &str, &str, i32, &str); 9] = [
        ("enemy_zoc", "infantry", "french", 1, "L1618"),
        ("adjacent_cavalry", "infantry", "french", -1, "L1621"),
        ("with_leader", "infantry", "french", -1, "L1622"),
        ("with_overall", "infantry", "french", -2, "L1622"),
        ("not_in_command", "infantry", "french", 2, "L1623"),
        ("one_step_left", "infantry", "french", 1, "L1624"),
        ("near_blucher", "infantry", "prussian", -2, "L1625"),
        ("shaken", "infantry", "french", 1, "L1640"),
        ("dark", "infantry", "french", 2, "L1684"),
    ];
    for (id, kind, side, value, line) in cases {
        let mut facts = rally_form(kind, "routed", 5);
        facts[0] = ("side", text(side));
        facts.push((id, flag(true)));
        let input = form(&Record::default(), "rally", &facts);
        let modifiers = procedure("rally").modifiers(&input);
        assert_eq!(modifiers.len(), 1, "{id}: {modifiers:?}");
        assert_eq!(modifiers[0].value, value, "{id}");
        assert!(
            modifiers[0].rule.contains(line),
            "{id}: {}",
            modifiers[0].rule
        );
    }
    // Cavalry -1 comes from the type, Elite -1 from the stars (L1619-1620).
    let input = form(
        &Record::default(),
        "rally",
        &rally_form("heavy_cavalry", "D-1", 5),
    );
    let modifiers = procedure("rally").modifiers(&input);
    assert_eq!(modifiers.iter().map(|m| m.value).collect::<Vec<_>>(), [-1]);
    assert!(modifiers[0].rule.contains("L1619"));
    let input = form(
        &Record::default(),
        "rally",
        &with(rally_form("infantry", "D-1", 5), &[("elite", number(2))]),
    );
    let modifiers = procedure("rally").modifiers(&input);
    assert_eq!(modifiers.iter().map(|m| m.value).collect::<Vec<_>>(), [-1]);
    assert!(modifiers[0].rule.contains("L1620"));
}

/// The record fills in the Elite stars and the type (cavalry -1): a FICTIONAL Elite Light Cavalry
/// unit, then Disordered.
#[test]
fn the_record_fills_in_the_elite_and_cavalry_modifiers() {
    let mut play = start("ligny");
    add_unit(
        &mut play,
        "french",
        "1 Huss",
        "light_cavalry",
        &[("elite", number(1))],
    );
    let d = [
        ("side", text("french")),
        ("unit", text("1 Huss")),
        ("check", text("d")),
    ];
    play.play("cohesion-check", &d, &[9]);
    let input = play.input("rally", &unit_facts("french", "1 Huss"));
    let total: i32 = procedure("rally")
        .modifiers(&input)
        .iter()
        .map(|m| m.value)
        .sum();
    assert_eq!(total, -2);
    // Cohesion 5 (FICTIONAL): 6 - 2 = 4 < 5 rallies.
    let result = play.play("rally", &unit_facts("french", "1 Huss"), &[6]);
    assert_eq!(result.outcome.key, "rallied");
    assert_eq!(play.attribute("french", "1 Huss", "disorder"), None);
}

/// L1616 "all cumulative", or the house rule: only the best leader modifier.
#[test]
fn l1616_leader_modifiers_cumulative_or_only_the_best() {
    let mut facts = rally_form("infantry", "D-1", 5);
    facts[0] = ("side", text("prussian"));
    facts.extend([
        ("with_leader", flag(true)),
        ("with_overall", flag(true)),
        ("near_blucher", flag(true)),
    ]);
    let sum = |facts: &[(&str, Value)]| -> i32 {
        let input = form(&Record::default(), "rally", facts);
        procedure("rally")
            .modifiers(&input)
            .iter()
            .map(|m| m.value)
            .sum()
    };
    assert_eq!(sum(&facts), -5);
    let best = with(facts, &[("rally_leaders", text("best"))]);
    assert_eq!(sum(&best), -2);
}

/// Digest, Corrections "Natural 0": Rally is not a Cohesion Check, so by default a 0 is 0 plus
/// the modifiers; under the house rule it rallies a Disordered unit and puts a Routed one in good
/// order.
#[test]
fn natural_zero_in_a_rally_by_either_reading() {
    let key = |facts: &[(&str, Value)]| {
        resolve("rally", &form(&Record::default(), "rally", facts), &[0])
            .outcome
            .key
    };
    // Cohesion 2, not In Command +2: 0 + 2 = 2, not under 2.
    let disordered = with(
        rally_form("infantry", "D-1", 2),
        &[("not_in_command", flag(true))],
    );
    assert_eq!(key(&disordered), "still disordered");
    assert_eq!(
        key(&with(disordered, &[("natural_zero", text("every_test"))])),
        "rallied"
    );
    // Routed, +2 and +2 (Dark): 0 + 4 = 4 -> D-1; the house rule makes it 0-1.
    let routed = with(
        rally_form("infantry", "routed", 5),
        &[("not_in_command", flag(true)), ("dark", flag(true))],
    );
    assert_eq!(key(&routed), "D-1");
    assert_eq!(
        key(&with(routed, &[("natural_zero", text("every_test"))])),
        "good order"
    );
}

/// L1587, L1589, L1591, L1621, L1625: what the form refuses.
#[test]
fn rally_refusals() {
    let record = Record::default();
    let refused = |facts: &[(&str, Value)]| refusal(&record, "rally", facts).unwrap_or_default();
    assert!(refused(&rally_form("infantry", "none", 5)).contains("good order"));
    let d1 = rally_form("infantry", "D-1", 5);
    assert!(refused(&with(d1.clone(), &[("engaged", flag(true))])).contains("L1589"));
    assert!(
        refused(&with(
            rally_form("heavy_cavalry", "D-1", 5),
            &[("blown", flag(true))]
        ))
        .contains("L1591")
    );
    assert!(
        refused(&with(d1.clone(), &[("adjacent_cavalry", flag(true))])).contains("Routed infantry")
    );
    assert!(refused(&with(d1.clone(), &[("near_blucher", flag(true))])).contains("Prussian"));
    assert!(refused(&rally_form("light_cavalry", "D-2", 5)).contains("only infantry"));
    assert_eq!(refusal(&record, "rally", &d1), None);
}

/// L1684: on the Dark turn of the track the form adds +2 by itself, and the record holds it to it.
#[test]
fn l1684_the_dark_turn_from_the_track() {
    let mut play = disordered_play();
    play.play(
        "turn-track",
        &[
            ("first_turn", number(1930)), // FICTIONAL track: its first turn is Dark
            ("last_turn", number(2000)),
            ("dark_turn", number(1930)),
        ],
        &[],
    );
    let input = play.input("rally", &unit_facts("prussian", "12 Line"));
    assert!(input.flag("dark"));
    let refused = play
        .refused(
            "rally",
            &with(unit_facts("prussian", "12 Line"), &[("dark", flag(false))]),
        )
        .unwrap();
    assert!(refused.contains("Turn Record Track"), "{refused}");
    // 2 + 2 = 4 < 5: rallies; 3 + 2 = 5 does not.
    assert_eq!(
        play.play("rally", &unit_facts("prussian", "12 Line"), &[3])
            .outcome
            .key,
        "still disordered"
    );
    assert_eq!(
        play.play("rally", &unit_facts("prussian", "12 Line"), &[2])
            .outcome
            .key,
        "rallied"
    );
}

// --- Shock Commitment (R 8.41, L1022-1034) ---------------------------------------------------

/// The Prussian I Corps of the L1034 example: Zieten (4 Commitment Points, L1030) and the 12 Line,
/// the 1 WstLW (Commitment 2: the example raises it to 5 with 3 points) and the 24 Line. The 12th's
/// and 24th's Commitment of 4 is FICTIONAL (the example needs at least 4 for the 12th's 4 to pass
/// and less than 8 for the 24th's 8 to fail).
fn zieten_play() -> Play {
    let mut play = start("ligny");
    add_leader(
        &mut play,
        "prussian",
        "Zieten",
        "combat_leader",
        &[
            ("command", text("I Corps")),
            ("commitment_points", number(4)),
        ],
    );
    add_unit(
        &mut play,
        "prussian",
        "12 Line",
        "infantry",
        &[("commitment", number(4))],
    );
    add_unit(
        &mut play,
        "prussian",
        "1 WstLW",
        "infantry",
        &[("commitment", number(2))],
    );
    add_unit(
        &mut play,
        "prussian",
        "24 Line",
        "infantry",
        &[("commitment", number(4))],
    );
    play
}

fn shock(unit: &str, points: i64) -> Facts {
    let mut facts = unit_facts("prussian", unit);
    if points > 0 {
        facts.extend([
            ("leader", text("Zieten")),
            ("points", number(points)),
            ("in_range", flag(true)),
        ]);
    }
    facts
}

/// Digest §6 #16, R 8.41 example, L1034: 12 Line rolls 4 and may Shock; 3 of Zieten's points make
/// the 1 WstLW's rating 5 and its 2 commits; the 24 Line, given none, rolls 8 and may not. Two of
/// three commit, and Zieten has 1 point left for the turn.
#[test]
fn l1034_the_zieten_example() {
    let mut play = zieten_play();
    let twelfth = play.play("commitment", &shock("12 Line", 0), &[4]);
    assert_eq!(twelfth.outcome.key, "shock");
    assert!(mentions(&twelfth, "must Shock attack"));

    let input = play.input("commitment", &shock("1 WstLW", 3));
    assert_eq!(input.number("commitment"), 2);
    assert_eq!(input.number("leader_points"), 4);
    let landwehr = play.play("commitment", &shock("1 WstLW", 3), &[2]);
    assert_eq!(landwehr.outcome.key, "shock");
    assert!(
        landwehr.outcome.headline.contains("against 5"),
        "{}",
        landwehr.outcome.headline
    );
    assert!(mentions(
        &landwehr,
        "Zieten has 1 of his 4 Commitment Points left"
    ));

    let line = play.play("commitment", &shock("24 Line", 0), &[8]);
    assert_eq!(line.outcome.key, "no shock");
    assert!(
        mentions(&line, "remove its Assault or Charge marker"),
        "L912"
    );

    assert_eq!(
        play.record()
            .counters
            .get("Commitment Points spent: Zieten"),
        Some(&3)
    );
    let more = play.refused("commitment", &shock("24 Line", 2)).unwrap();
    assert!(more.contains("Zieten has 1 of his 4"), "{more}");
    assert_eq!(play.refused("commitment", &shock("24 Line", 1)), None);
}

/// L1024: pass at or under the rating; L1030: +1 to the rating per point.
#[test]
fn l1024_commitment_boundaries() {
    let facts = |points: i64| -> Facts {
        let mut facts = vec![
            ("side", text("prussian")),
            ("type", text("infantry")),
            ("commitment", number(3)),
        ];
        if points > 0 {
            facts.extend([
                ("leader", text("Zieten")),
                ("points", number(points)),
                ("in_range", flag(true)),
            ]);
        }
        facts
    };
    let key = |facts: &[(&str, Value)], die: u8| {
        resolve(
            "commitment",
            &form(&Record::default(), "commitment", facts),
            &[die],
        )
        .outcome
        .key
    };
    assert_eq!(key(&facts(0), 3), "shock");
    assert_eq!(key(&facts(0), 4), "no shock");
    assert_eq!(key(&facts(2), 5), "shock");
    assert_eq!(key(&facts(2), 6), "no shock");
    let lines = odds_of("commitment", &facts(0));
    assert_eq!(count(&lines, "shock"), 4, "Commitment 3: 0-3");
}

/// L1024: Light Cavalry rolls against its Cohesion; L1028: Heavy Cavalry never rolls; L1026: no
/// roll when all the attackers are Engaged; L50: artillery cannot Shock; L933: D-2 and Routed
/// units never Assault.
#[test]
fn l1024_l1028_who_rolls_and_against_what() {
    let light = vec![
        ("side", text("french")),
        ("type", text("light_cavalry")),
        ("commitment", number(2)), // its Pursuit Rating (L48), FICTIONAL
        ("cohesion", number(6)),
    ];
    let input = form(&Record::default(), "commitment", &light);
    assert_eq!(
        resolve("commitment", &input, &[6]).outcome.key,
        "shock",
        "6 <= Cohesion 6"
    );
    let failed = resolve("commitment", &input, &[7]);
    assert_eq!(failed.outcome.key, "no shock");
    assert!(mentions(&failed, "no Automatic Disorder"), "L1230");

    let record = Record::default();
    let refused =
        |facts: &[(&str, Value)]| refusal(&record, "commitment", facts).unwrap_or_default();
    let heavy = [("side", text("french")), ("type", text("heavy_cavalry"))];
    assert!(refused(&heavy).contains("Heavy Cavalry never"));
    assert!(refused(&[("type", text("artillery"))]).contains("L50"));
    let infantry: Facts = vec![("side", text("french")), ("type", text("infantry"))];
    assert!(refused(&with(infantry.clone(), &[("all_engaged", flag(true))])).contains("L1026"));
    assert!(refused(&with(infantry.clone(), &[("disorder", text("D-2"))])).contains("L933"));
    assert!(refused(&with(infantry.clone(), &[("disorder", text("routed"))])).contains("L933"));
    assert!(
        refused(&with(
            infantry.clone(),
            &[("points", number(1)), ("leader", text("Zieten"))]
        ))
        .contains("Command Range")
    );
    assert!(
        refused(&with(
            infantry.clone(),
            &[("points", number(1)), ("in_range", flag(true))]
        ))
        .contains("name the Combat Leader")
    );
    assert!(refused(&with(light.clone(), &[("attacks_cavalry", flag(true))])).contains("infantry"));
    assert_eq!(
        refusal(
            &record,
            "commitment",
            &with(infantry, &[("disorder", text("D-1"))])
        ),
        None
    );
}

/// L1032: infantry shocking cavalry adds 3 to the die. A natural 0 lifted over the rating fails
/// by default (not a Cohesion Check: digest Corrections) and passes under the house rule.
#[test]
fn l1032_plus_three_against_cavalry_and_natural_zero() {
    let facts: Facts = vec![
        ("side", text("allied")),
        ("type", text("infantry")),
        ("commitment", number(2)), // FICTIONAL
        ("attacks_cavalry", flag(true)),
    ];
    let input = form(&Record::default(), "commitment", &facts);
    let modifiers = procedure("commitment").modifiers(&input);
    assert_eq!(modifiers.len(), 1);
    assert_eq!(modifiers[0].value, 3);
    assert!(modifiers[0].rule.contains("L1032"));
    let zero = resolve("commitment", &input, &[0]);
    assert_eq!(zero.outcome.key, "no shock", "0 + 3 = 3 > 2");
    let house = form(
        &Record::default(),
        "commitment",
        &with(facts, &[("natural_zero", text("every_test"))]),
    );
    let zero = resolve("commitment", &house, &[0]);
    assert_eq!(zero.outcome.key, "shock");
    assert!(zero.outcome.headline.contains("natural 0"));
    assert_eq!(resolve("commitment", &house, &[1]).outcome.key, "no shock");
}

/// Commitment Points last the turn: a new turn gives Zieten his 4 again (L1030).
#[test]
fn l1030_commitment_points_come_back_each_turn() {
    let mut play = zieten_play();
    play.play("commitment", &shock("12 Line", 4), &[0]);
    assert!(
        play.refused("commitment", &shock("24 Line", 1))
            .unwrap()
            .contains("0 of his 4")
    );
    play.go_to(2, 0, 0);
    assert_eq!(play.refused("commitment", &shock("24 Line", 4)), None);
}

// --- The Activation attempt (R 4.42B, R 4.52C) ----------------------------------------------

/// Phases of the sequence: C. Operations (index 2), D. No LIM (index 3).
const OPERATIONS: usize = 2;
const NO_LIM: usize = 3;

/// Anglo-Allied leaders: Picton (Orders Rating 4, FICTIONAL) of the 5th Division, Wellington
/// (Orders Points 4, L414), the Prince of Orange (0 Orders Points, L371).
fn allied_play() -> Play {
    let mut play = start("quatre-bras");
    add_leader(
        &mut play,
        "allied",
        "Picton",
        "combat_leader",
        &[
            ("command", text("5th Division")),
            ("orders_rating", number(4)),
        ],
    );
    add_leader(
        &mut play,
        "allied",
        "Wellington",
        "overall_commander",
        &[("orders_points", number(4))],
    );
    add_leader(
        &mut play,
        "allied",
        "Orange",
        "superior_commander",
        &[("orders_points", number(0))],
    );
    play
}

fn picton(phase: &str) -> Facts {
    vec![
        ("side", text("allied")),
        ("phase", text(phase)),
        ("leader", text("Picton")),
    ]
}

fn given(phase: &str, giver: &str, leader: &str, points: i64) -> Facts {
    with(
        picton(phase),
        &[
            ("giver", text(giver)),
            ("giver_leader", text(leader)),
            ("orders_points", number(points)),
            ("in_giver_range", flag(true)),
        ],
    )
}

/// R 4.52C, L310: at or under the Orders Rating the Command activates; over it, it does nothing
/// that turn. The Combat Leader fills in the Orders Rating and the Command.
#[test]
fn l310_activation_at_or_under_the_orders_rating() {
    let mut play = allied_play();
    play.go_to(1, NO_LIM, 0);
    let input = play.input("activation", &picton("no_lim"));
    assert_eq!(input.number("orders_rating"), 4);
    assert_eq!(input.text("command"), "5th Division");
    let result = play.play("activation", &picton("no_lim"), &[4]);
    assert_eq!(result.outcome.key, "activated");
    assert!(mentions(&result, "normal C/D LIM activation"));
    assert_eq!(
        play.record()
            .counters
            .get("Activation attempted: 5th Division"),
        Some(&2)
    );
    // Once a turn.
    assert!(
        play.refused("activation", &picton("no_lim"))
            .unwrap()
            .contains("already had its activation")
    );

    let input = form(
        &Record::default(),
        "activation",
        &with(
            picton("no_lim"),
            &[
                ("orders_rating", number(4)),
                ("command", text("5th Division")),
            ],
        ),
    );
    let failed = resolve("activation", &input, &[5]);
    assert_eq!(failed.outcome.key, "not activated");
    assert!(mentions(&failed, "may do nothing this turn"));
    let lines = odds(
        procedure("activation"),
        &input,
        &support::battles_of_waterloo::tables(),
    )
    .unwrap();
    assert_eq!(count(&lines, "activated"), 5, "Orders Rating 4: 0-4");
}

/// R 4.42B, L266 and R 4.52B, L308: a Command that tried under the Orders LIM is done for the
/// turn: the No LIM Phase refuses it.
#[test]
fn l308_an_orders_lim_attempt_is_done_for_the_turn() {
    let mut play = allied_play();
    play.go_to(1, OPERATIONS, 0);
    assert_eq!(play.input("activation", &[]).text("phase"), "orders_lim");
    let refused = play.refused("activation", &picton("no_lim")).unwrap();
    assert!(refused.contains("Operations Phase"), "{refused}");
    let result = play.play("activation", &picton("orders_lim"), &[9]);
    assert_eq!(result.outcome.key, "not activated");
    assert!(mentions(&result, "done for the turn"));
    play.go_to(1, NO_LIM, 0);
    let refused = play.refused("activation", &picton("no_lim")).unwrap();
    assert!(refused.contains("done for the turn (L308)"), "{refused}");
    // Another turn, another chance.
    play.go_to(2, NO_LIM, 0);
    assert_eq!(play.refused("activation", &picton("no_lim")), None);
}

/// Digest §3.5 and Corrections: Orders Points and Wellington's 9 are No LIM Phase rules (L367,
/// L414, L419): refused on an Orders-LIM roll.
#[test]
fn l367_l419_no_orders_points_on_an_orders_lim_roll() {
    let record = Record::default();
    let refused = refusal(
        &record,
        "activation",
        &given("orders_lim", "wellington", "Wellington", 2),
    )
    .unwrap();
    assert!(
        refused.contains("No LIM Phase Activation only"),
        "{refused}"
    );
    let refused = refusal(
        &record,
        "activation",
        &with(picton("orders_lim"), &[("wellington_leads", flag(true))]),
    )
    .unwrap();
    assert!(refused.contains("L419"), "{refused}");
}

/// L414: Wellington gives 1-4 Orders Points a turn to a Combat Leader in his range, +1 each
/// (INFERRED); the record counts them.
#[test]
fn l414_wellingtons_orders_points() {
    let mut play = allied_play();
    play.go_to(1, NO_LIM, 0);
    let input = play.input(
        "activation",
        &given("no_lim", "wellington", "Wellington", 3),
    );
    assert_eq!(input.number("giver_points"), 4);
    let modifiers = procedure("activation").modifiers(&input);
    assert_eq!(modifiers.iter().map(|m| m.value).sum::<i32>(), 3);
    // 4 + 3 = 7: a 7 activates.
    let result = play.play(
        "activation",
        &given("no_lim", "wellington", "Wellington", 3),
        &[7],
    );
    assert_eq!(result.outcome.key, "activated");
    assert_eq!(
        play.record()
            .counters
            .get("Orders Points spent: Wellington"),
        Some(&3)
    );
    // One left: 2 more are refused for another Command.
    let mut other = given("no_lim", "wellington", "Wellington", 2);
    other.push(("command", text("Cavalry Corps")));
    let refused = play.refused("activation", &other).unwrap();
    assert!(refused.contains("1 of his 4"), "{refused}");
    // Out of his range, or more than 4 at once.
    let record = Record::default();
    let out = with(
        given("no_lim", "wellington", "Wellington", 1),
        &[("in_giver_range", flag(false))],
    );
    assert!(
        refusal(&record, "activation", &out)
            .unwrap()
            .contains("Command Range")
    );
    assert!(
        refusal(
            &record,
            "activation",
            &given("no_lim", "wellington", "Wellington", 5)
        )
        .unwrap()
        .contains("1 to 4")
    );
}

/// L371: the Prince of Orange has 0 Orders Points; L383: Grouchy's 3c go to cavalry leaders only;
/// L361: Prussian corps commanders act for their cavalry leaders, and there are no Prussian SCs.
#[test]
fn l361_l371_l383_who_may_give_orders_points() {
    let mut play = allied_play();
    play.go_to(1, NO_LIM, 0);
    let refused = play
        .refused("activation", &given("no_lim", "superior", "Orange", 1))
        .unwrap();
    assert!(refused.contains("0 of his 0"), "{refused}");

    let record = Record::default();
    let french = |giver: &str, cavalry: bool| -> Facts {
        vec![
            ("side", text("french")),
            ("phase", text("no_lim")),
            ("command", text("IV Corps")),
            ("giver", text(giver)),
            ("giver_leader", text("Grouchy")),
            ("orders_points", number(1)),
            ("in_giver_range", flag(true)),
            ("cavalry_leader", flag(cavalry)),
        ]
    };
    assert!(
        refusal(&record, "activation", &french("grouchy", false))
            .unwrap()
            .contains("L383")
    );
    assert_eq!(
        refusal(&record, "activation", &french("grouchy", true)),
        None
    );
    let mut prussian = french("superior", true);
    prussian[0] = ("side", text("prussian"));
    assert!(
        refusal(&record, "activation", &prussian)
            .unwrap()
            .contains("no Prussian Superior")
    );
    prussian[3] = ("giver", text("corps"));
    assert_eq!(refusal(&record, "activation", &prussian), None);
    prussian[7] = ("cavalry_leader", flag(false));
    assert!(
        refusal(&record, "activation", &prussian)
            .unwrap()
            .contains("L361")
    );
}

/// L417-419: Wellington's own Orders Rating of 9 for the units he leads, in the No LIM Phase.
#[test]
fn l419_wellingtons_orders_rating_of_nine() {
    let facts = vec![
        ("side", text("allied")),
        ("phase", text("no_lim")),
        ("command", text("Army Reserve")),
        ("wellington_leads", flag(true)),
    ];
    let input = form(&Record::default(), "activation", &facts);
    assert_eq!(resolve("activation", &input, &[9]).outcome.key, "activated");
    let lines = odds(
        procedure("activation"),
        &input,
        &support::battles_of_waterloo::tables(),
    )
    .unwrap();
    assert_eq!(count(&lines, "activated"), 10);
    let mut french = facts;
    french[0] = ("side", text("french"));
    assert!(
        refusal(&Record::default(), "activation", &french)
            .unwrap()
            .contains("Anglo-Allied")
    );
}

/// A natural 0 (digest Corrections): the die takes no modifier, so a 0 activates even a rating of
/// 0, by either reading of the setting.
#[test]
fn a_natural_zero_always_activates() {
    let facts = vec![
        ("side", text("french")),
        ("phase", text("no_lim")),
        ("command", text("I Corps")),
    ];
    let input = form(&Record::default(), "activation", &facts);
    assert_eq!(input.number("orders_rating"), 0);
    assert_eq!(resolve("activation", &input, &[0]).outcome.key, "activated");
    assert_eq!(
        resolve("activation", &input, &[1]).outcome.key,
        "not activated"
    );
    assert!(
        refusal(
            &Record::default(),
            "activation",
            &[("phase", text("no_lim"))]
        )
        .unwrap()
        .contains("name the Command")
    );
}

/// R 4.72, L454-466: a unit rallying in the Out of Command Phase is not In Command (+2, L1623).
#[test]
fn l1623_out_of_command_phase_rally_starts_not_in_command() {
    let mut play = disordered_play();
    assert!(
        !play
            .input("rally", &unit_facts("prussian", "12 Line"))
            .flag("not_in_command")
    );
    play.go_to(1, 4, 1);
    let input = play.input("rally", &unit_facts("prussian", "12 Line"));
    assert!(input.flag("not_in_command"));
    // 2 + 2 = 4 < 5 rallies; 3 + 2 = 5 does not.
    assert_eq!(
        play.play("rally", &unit_facts("prussian", "12 Line"), &[3])
            .outcome
            .key,
        "still disordered"
    );
    assert_eq!(
        play.play("rally", &unit_facts("prussian", "12 Line"), &[2])
            .outcome
            .key,
        "rallied"
    );
}

/// R 8.64A, L1178-1181: cavalry that infantry assaults retreats one or two hexes with no Disorder
/// and no roll; Disordered cavalry rolls against its Cohesion and Routs over it; a Routed unit may
/// not retreat (L1180).
#[test]
fn l1178_cavalry_retreats_before_infantry() {
    let mut play = start("ligny");
    // Cohesion 5, Movement Allowance 6: FICTIONAL.
    add_unit(&mut play, "prussian", "Uhlans", "light_cavalry", &[]);
    let facts = with(unit_facts("prussian", "Uhlans"), &[("hexes", number(2))]);
    assert!(
        procedure("cavalry-retreat")
            .dice(&play.input("cavalry-retreat", &facts))
            .is_empty()
    );
    let result = play.play("cavalry-retreat", &facts, &[]);
    assert!(
        result
            .outcome
            .headline
            .contains("retreats 2 hex(es), with no Disorder")
    );
    assert_eq!(play.attribute("prussian", "Uhlans", "disorder"), None);
    // Disordered (a failed 'd'), it rolls: 6 over Cohesion 5 Routs.
    play.play(
        "cohesion-check",
        &[
            ("side", text("prussian")),
            ("unit", text("Uhlans")),
            ("check", text("d")),
        ],
        &[9],
    );
    let result = play.play("cavalry-retreat", &facts, &[6]);
    assert_eq!(result.outcome.key, "routs");
    assert_eq!(play.state("prussian", "Uhlans"), "Routed");
    let refused = play.refused("cavalry-retreat", &facts).unwrap();
    assert!(refused.contains("L1180"), "{refused}");
}
