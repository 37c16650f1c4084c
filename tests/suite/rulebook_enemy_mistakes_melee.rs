//! Waterloo: Enemy Mistakes checked against its rulebook: the melee, its Losses, the Pursuit and the
//! Result of Combat.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.10, §3.12-§3.17, the vectors D8-D11 of §6).
//! The text prints no worked example with dice, so the vectors are worked out from the rules by
//! hand; the unsigned modifiers of L1017-1018, L1032 and L971-972 are read as negative (L1018
//! prints its "-2"). The Units' tile values are not in the text: the tests played on a record enter
//! values marked FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::{Resolution, RuleError, odds, resolve_checked};
use aide_de_camp::engine::record::{Effect, Record};
use aide_de_camp::games;
use support::enemy_mistakes::{add_unit, assign, formation, procedure, resolve, tables};
use support::set::{flag, number, text};
use support::{Facts, Play, attribute, mentions, reminders};

fn try_resolve(id: &str, input: &Input, faces: &[u8]) -> Result<Resolution, RuleError> {
    resolve_checked(procedure(id), input, &tables(), faces)
}

/// The message of a refusal, which names the field.
fn refusal(id: &str, input: &Input, faces: &[u8]) -> String {
    match try_resolve(id, input, faces) {
        Ok(res) => panic!("expected a refusal, got {}", res.outcome.headline),
        Err(e) => e.to_string(),
    }
}

fn row(resolution: &Resolution) -> Option<(String, String)> {
    resolution
        .cell
        .as_ref()
        .map(|cell| (cell.row.to_string(), cell.result.to_string()))
}

fn totals(resolution: &Resolution) -> Vec<i32> {
    resolution.totals.iter().map(|t| t.total).collect()
}

/// The record after applying a resolution's effects to `record`.
fn applied(mut record: Record, resolution: &Resolution) -> Record {
    record.apply(&resolution.effects, 1);
    record
}

// ---------------------------------------------------------------------------
// Melee
// ---------------------------------------------------------------------------

/// French Infantry Unit 23 attacks English Infantry Unit 8 in Step A, both Regulars in the open,
/// already in contact (no Charge): no modifier at all.
fn melee() -> Input {
    let mut input = Input::defaults(procedure("melee").fields());
    text(&mut input, "side", "french");
    text(&mut input, "enemy_side", "british");
    text(&mut input, "attacker", "Unit 23");
    text(&mut input, "defender", "Unit 8");
    text(&mut input, "charge", "none");
    input
}

fn fight(input: &Input, faces: &[u8]) -> Resolution {
    resolve("melee", input, faces)
}

/// Each modifier as (side, value, rule).
fn modifiers(input: &Input) -> Vec<(String, i32, String)> {
    procedure("melee")
        .modifiers(input)
        .into_iter()
        .map(|m| (m.side, m.value, m.rule))
        .collect()
}

/// The value of the one modifier of `side` citing `line`, if any.
fn modifier(input: &Input, side: &str, line: &str) -> Option<i32> {
    let found: Vec<i32> = modifiers(input)
        .into_iter()
        .filter(|(s, _, rule)| s == side && rule.contains(line))
        .map(|(_, value, _)| value)
        .collect();
    assert!(found.len() <= 1, "{line} given twice to {side}: {found:?}");
    found.first().copied()
}

fn yellow_markers(record: &Record, side: &str, unit: &str) -> Option<String> {
    attribute(record, side, unit, "yellow markers")
}

/// The melee effects table at every boundary (L904-907): 0 and 1 stay in contact, 2 and 3 Withdraw
/// 1, 4 Retreat, 5 and more Routed; equal results read no row at all (L946).
#[test]
fn l904_every_row_of_the_melee_table_at_its_edges() {
    let input = melee();
    let equal = fight(&input, &[3, 3]);
    assert_eq!(row(&equal), None);
    assert!(
        equal.outcome.headline.contains("no effect"),
        "{}",
        equal.outcome.headline
    );
    for (faces, difference, expected) in [
        ([4, 3], 1, ("0/1", "C")),
        ([5, 3], 2, ("2/3", "W")),
        ([6, 3], 3, ("2/3", "W")),
        ([5, 1], 4, ("4", "R")),
        ([6, 1], 5, ("5+", "X")),
    ] {
        let res = fight(&input, &faces);
        assert_eq!(totals(&res)[0] - totals(&res)[1], difference);
        assert_eq!(
            row(&res),
            Some((expected.0.to_string(), expected.1.to_string())),
            "{faces:?}"
        );
    }
    // 0 and 1 are the same outcome for the odds; so are the attacker's and the defender's 0/1.
    assert_eq!(equal.outcome.key, fight(&input, &[4, 3]).outcome.key);
    assert_eq!(equal.outcome.key, fight(&input, &[3, 4]).outcome.key);
    // Larger than 5 still reads 5+: 6 + 2 supporters + an attached General = 9 against 1.
    let mut strong = melee();
    number(&mut strong, "attacker_supporters", 2);
    flag(&mut strong, "attacker_general");
    let res = fight(&strong, &[6, 1]);
    assert_eq!(totals(&res), vec![9, 1]);
    assert_eq!(row(&res), Some(("5+".into(), "X".into())));
}

/// The lower result applies the effect to its own Unit (L902): a defender winning by 2 makes the
/// attacking Unit Withdraw.
#[test]
fn l902_the_lower_result_suffers_the_effect() {
    let res = fight(&melee(), &[1, 4]);
    assert_eq!(row(&res), Some(("2/3".into(), "W".into())));
    assert!(mentions(&res, "Unit 23 Withdraws 1"));
    assert!(!mentions(&res, "Unit 8 Withdraws"));
    assert!(mentions(&res, "English (red): Pursuit Opportunity"));
    assert!(
        res.outcome.key.starts_with("Attacker (2/3)"),
        "{}",
        res.outcome.key
    );
}

/// D8: Heavy Cavalry charges (+1, L1011; +2 Heavy against Light, L1031) and rolls 3: 6. The Light
/// Cavalry defender rolls 4: 4. Difference 2: the defender Withdraws 1 (L905) and the attacker has
/// a Pursuit Opportunity, except in Step D (L905-907).
#[test]
fn d8_l905_heavy_cavalry_drives_back_light_cavalry() {
    let mut input = melee();
    text(&mut input, "attacker_type", "heavy_cavalry");
    text(&mut input, "defender_type", "light_cavalry");
    text(&mut input, "charge", "charge");
    assert_eq!(modifier(&input, "Attacker", "L1011"), Some(1));
    assert_eq!(modifier(&input, "Attacker", "L1031"), Some(2));
    assert_eq!(modifiers(&input).len(), 2);
    let res = fight(&input, &[3, 4]);
    assert_eq!(totals(&res), vec![6, 4]);
    assert_eq!(row(&res), Some(("2/3".into(), "W".into())));
    assert!(mentions(&res, "Unit 8 Withdraws 1 away from its front"));
    assert!(mentions(&res, "French (blue): Pursuit Opportunity"));
    assert!(mentions(&res, "Unit 8 cannot start a combat nor support"));

    text(&mut input, "step", "d");
    let step_d = fight(&input, &[3, 4]);
    assert!(!mentions(&step_d, "Pursuit Opportunity"));
    assert!(
        step_d
            .limits
            .iter()
            .any(|l| l.description.contains("No Pursuit") && l.rule.contains("L905")),
        "{:#?}",
        step_d.limits
    );
}

/// D9: a difference of 4 is a Retreat: Withdraw 1 and a yellow marker (L906, L783); an Artillery
/// loser on 2/3 or 4 is captured (L905-906); 5 or more routs: 2 yellow markers (L907, L787).
#[test]
fn d9_l906_retreat_capture_and_rout() {
    let record = Record::default();
    let retreat = fight(&melee(), &[5, 1]);
    assert!(mentions(&retreat, "Unit 8 Withdraws 1"));
    assert_eq!(
        yellow_markers(&applied(record.clone(), &retreat), "british", "Unit 8").as_deref(),
        Some("1")
    );

    // A Unit already Shaken is Routed by the Retreat's marker (L787); its -1 is counted.
    let mut shaken = melee();
    number(&mut shaken, "defender_yellow", 1);
    let res = fight(&shaken, &[4, 1]);
    assert_eq!(totals(&res), vec![4, 0]);
    assert_eq!(
        yellow_markers(&applied(record.clone(), &res), "british", "Unit 8").as_deref(),
        Some("2")
    );
    assert!(mentions(&res, "Unit 8 is Routed"));

    let routed = fight(&melee(), &[6, 1]);
    assert_eq!(
        yellow_markers(&applied(record.clone(), &routed), "british", "Unit 8").as_deref(),
        Some("2")
    );
    assert!(mentions(&routed, "must Withdraw 2, or is captured"));

    let mut artillery = melee();
    text(&mut artillery, "defender_type", "foot_artillery");
    for faces in [[4, 1], [5, 1]] {
        let res = fight(&artillery, &faces);
        let record = applied(record.clone(), &res);
        assert_eq!(
            record
                .unit("british", "Unit 8")
                .map(|u| u.state.to_string()),
            Some("Captured".into()),
            "{faces:?}"
        );
        assert!(res.outcome.headline.contains("captured"));
    }
}

/// A Garrison is never moved and a Routed Garrison is eliminated (L540).
#[test]
fn l540_a_garrison_stays_and_is_eliminated_when_routed() {
    let mut input = melee();
    text(&mut input, "defender_type", "garrison");
    text(&mut input, "defender_garrison", "hougoumont");
    text(&mut input, "defender", "Hougoumont (II)");
    let withdraw = fight(&input, &[4, 1]);
    assert!(mentions(&withdraw, "A Garrison ignores a Withdraw"));
    let routed = fight(&input, &[6, 1]);
    let record = applied(Record::default(), &routed);
    assert_eq!(
        record
            .unit("british", "Hougoumont (II)")
            .map(|u| u.state.to_string()),
        Some("Eliminated".into())
    );
}

/// Every melee Loss roll is reminded, and a melee ends with each army rolling (L911).
#[test]
fn l911_the_loss_rolls_follow_every_melee() {
    for faces in [[3, 3], [6, 1], [1, 6]] {
        assert!(mentions(
            &fight(&melee(), &faces),
            "1 die for each enemy Unit that took part"
        ));
    }
}

/// The area terrain's combat modifiers count for a Unit entirely inside it, the defensive ones for
/// a defender NOT IN MOVEMENT (L590-610); the Torrent's for a charger (L626).
#[test]
fn l590_terrain_modifiers() {
    // Hill: +1 for the defender not in movement (L598), and +1 again for a Unit on a Hill not in
    // movement (L1016) unless the Hill setting counts it once.
    let mut hill = melee();
    text(&mut hill, "defender_terrain", "hill");
    assert_eq!(modifier(&hill, "Defender", "L598"), Some(1));
    assert_eq!(modifier(&hill, "Defender", "L1016"), Some(1));
    text(&mut hill, "hill_bonus", "once");
    assert_eq!(modifier(&hill, "Defender", "L598"), Some(1));
    assert_eq!(modifier(&hill, "Defender", "L1016"), None);
    text(&mut hill, "defender_movement", "moving");
    assert_eq!(modifier(&hill, "Defender", "L598"), None);
    // The attacker in movement on a Hill earns neither.
    let mut attacker_on_hill = melee();
    text(&mut attacker_on_hill, "attacker_terrain", "hill");
    assert_eq!(modifiers(&attacker_on_hill), vec![]);

    for (terrain, line, bonus) in [
        ("wood", "L602", 1),
        ("farm", "L606", 2),
        ("town", "L610", 2),
    ] {
        let mut input = melee();
        text(&mut input, "defender_terrain", terrain);
        assert_eq!(modifier(&input, "Defender", line), Some(bonus), "{terrain}");
        // Cavalry in that terrain: -1, and no Infantry bonus.
        text(&mut input, "defender_type", "medium_cavalry");
        assert_eq!(modifier(&input, "Defender", line), Some(-1), "{terrain}");
        text(&mut input, "attacker_type", "light_cavalry");
        text(&mut input, "attacker_terrain", terrain);
        assert_eq!(modifier(&input, "Attacker", line), Some(-1), "{terrain}");
    }

    let mut torrent = melee();
    text(&mut torrent, "charge", "charge");
    flag(&mut torrent, "torrent");
    assert_eq!(modifier(&torrent, "Attacker", "L626"), Some(-1));
    text(&mut torrent, "charge", "none");
    assert!(refusal("melee", &torrent, &[3, 3]).contains("field `torrent`"));
}

/// +1 for a Charge, but not Charge 0 (L1011); +1 for an attached General (L1012).
#[test]
fn l1011_charge_and_general() {
    let mut input = melee();
    for (charge, bonus) in [
        ("charge", Some(1)),
        ("charge_1", Some(1)),
        ("pursuit", Some(1)),
        ("charge_0", None),
        ("none", None),
    ] {
        text(&mut input, "charge", charge);
        assert_eq!(modifier(&input, "Attacker", "L1011"), bonus, "{charge}");
    }
    flag(&mut input, "defender_general");
    assert_eq!(modifier(&input, "Defender", "L1012"), Some(1));
    assert!(mentions(
        &fight(&input, &[3, 3]),
        "the markers in the box of the General attached to the Formation of Unit 8"
    ));
    // A Counterattack is fought where the Units stand (L928).
    text(&mut input, "step", "b");
    text(&mut input, "charge", "charge");
    assert!(refusal("melee", &input, &[3, 3]).contains("field `charge`"));
}

/// The class modifiers follow the settings: +1 for Élite or higher (L1013), -1 for Recruits (L1017).
#[test]
fn l1013_class_modifiers_follow_the_settings() {
    let mut input = melee();
    for (class, value) in [
        ("guard", Some(1)),
        ("elite", Some(1)),
        ("veterans", None),
        ("regulars", None),
    ] {
        text(&mut input, "attacker_class", class);
        assert_eq!(modifier(&input, "Attacker", "L1013"), value, "{class}");
    }
    text(&mut input, "melee_bonus_class", "guard");
    text(&mut input, "attacker_class", "elite");
    assert_eq!(modifier(&input, "Attacker", "L1013"), None);

    text(&mut input, "defender_class", "recruits");
    assert_eq!(modifier(&input, "Defender", "L1017"), Some(-1));
    text(&mut input, "melee_penalty_class", "regulars");
    assert_eq!(modifier(&input, "Defender", "L1017"), None);
    text(&mut input, "defender_class", "regulars");
    assert_eq!(modifier(&input, "Defender", "L1017"), Some(-1));
}

/// +1 against a Unit that withdrew, but not for Infantry against Cavalry (L1014).
#[test]
fn l1014_against_a_unit_that_withdrew() {
    let mut input = melee();
    flag(&mut input, "defender_withdrew");
    assert_eq!(modifier(&input, "Attacker", "L1014"), Some(1));
    assert_eq!(modifier(&input, "Defender", "L1014"), None);
    text(&mut input, "defender_type", "heavy_cavalry");
    assert_eq!(modifier(&input, "Attacker", "L1014"), None);
    // Cavalry against withdrawn Infantry keeps it.
    let mut cavalry = melee();
    text(&mut cavalry, "defender_type", "light_cavalry");
    flag(&mut cavalry, "attacker_withdrew");
    assert_eq!(modifier(&cavalry, "Defender", "L1014"), Some(1));
}

/// +1 per supporter of the same type, at most +2 (L1015); Artillery +1 per Artillery supporter
/// (L1036).
#[test]
fn l1015_support_of_the_same_type() {
    let mut input = melee();
    for (supporters, bonus) in [(1, Some(1)), (2, Some(2)), (3, Some(2))] {
        number(&mut input, "attacker_supporters", supporters);
        assert_eq!(modifier(&input, "Attacker", "L1015"), bonus);
    }
    text(&mut input, "attacker_type", "horse_artillery");
    assert_eq!(modifier(&input, "Attacker", "L1015"), None);
    assert_eq!(modifier(&input, "Attacker", "L1036"), Some(3));
}

/// Shaken -1, or -2 for Shaken Infantry attacked by Cavalry (L1018); a Unit charged on a flank is
/// temporarily Shaken (L1004), once only if it has a yellow marker already.
#[test]
fn l1018_shaken_units() {
    let mut input = melee();
    number(&mut input, "attacker_yellow", 1);
    assert_eq!(modifier(&input, "Attacker", "L1018"), Some(-1));
    flag(&mut input, "defender_temporarily_shaken");
    assert_eq!(modifier(&input, "Defender", "L1018"), Some(-1));
    text(&mut input, "attacker_type", "medium_cavalry");
    assert_eq!(modifier(&input, "Defender", "L1018"), Some(-2));
    number(&mut input, "defender_yellow", 1);
    assert_eq!(modifier(&input, "Defender", "L1018"), Some(-2));
    // Shaken Cavalry attacked by Cavalry: -1.
    text(&mut input, "defender_type", "heavy_cavalry");
    assert_eq!(modifier(&input, "Defender", "L1018"), Some(-1));
}

/// Infantry against Infantry adds its Fire Discipline (L1022); supported by non-Shaken Cavalry it
/// has +1 against Cavalry (L1023) and +2 against Infantry (L1024).
#[test]
fn l1022_infantry_modifiers() {
    let mut input = melee();
    text(&mut input, "defender_fire_discipline", "2");
    assert_eq!(modifier(&input, "Defender", "L1022"), Some(2));
    flag(&mut input, "defender_other_arm");
    assert_eq!(modifier(&input, "Defender", "L1024"), Some(2));
    text(&mut input, "attacker_type", "light_cavalry");
    assert_eq!(modifier(&input, "Defender", "L1022"), None);
    assert_eq!(modifier(&input, "Defender", "L1023"), Some(1));
    assert_eq!(modifier(&input, "Defender", "L1024"), None);
}

/// Cavalry: Medium against Light +1 (L1028), Heavy against Medium +1 (L1029), Heavy against Light
/// +2 (L1031), supported by non-Shaken Infantry +1 (L1030).
#[test]
fn l1028_cavalry_against_cavalry() {
    let mut input = melee();
    for (attacker, defender, line, bonus) in [
        ("medium_cavalry", "light_cavalry", "L1028", 1),
        ("heavy_cavalry", "medium_cavalry", "L1029", 1),
        ("heavy_cavalry", "light_cavalry", "L1031", 2),
    ] {
        text(&mut input, "attacker_type", attacker);
        text(&mut input, "defender_type", defender);
        assert_eq!(modifier(&input, "Attacker", line), Some(bonus), "{line}");
        // The lighter one gets nothing for the weights.
        assert_eq!(
            modifiers(&input)
                .iter()
                .filter(|m| m.0 == "Defender")
                .count(),
            0
        );
    }
    flag(&mut input, "attacker_other_arm");
    assert_eq!(modifier(&input, "Attacker", "L1030"), Some(1));
    text(&mut input, "attacker_type", "foot_artillery");
    assert!(refusal("melee", &input, &[3, 3]).contains("field `attacker_other_arm`"));
}

/// Cavalry attacking non-Shaken Infantry: -2, except by Charge 1 (not Charge 0) or in Pursuit
/// (L1032).
#[test]
fn l1032_cavalry_attacking_steady_infantry() {
    let mut input = melee();
    text(&mut input, "attacker_type", "heavy_cavalry");
    for (charge, penalty) in [
        ("charge", Some(-2)),
        ("charge_1", None),
        ("pursuit", None),
        ("charge_0", Some(-2)),
        ("none", Some(-2)),
    ] {
        text(&mut input, "charge", charge);
        assert_eq!(modifier(&input, "Attacker", "L1032"), penalty, "{charge}");
    }
    text(&mut input, "charge", "charge");
    number(&mut input, "defender_yellow", 1);
    assert_eq!(modifier(&input, "Attacker", "L1032"), None);
    // The defending Cavalry is not attacking.
    let mut defending = melee();
    text(&mut defending, "defender_type", "heavy_cavalry");
    assert_eq!(modifier(&defending, "Defender", "L1032"), None);
}

/// The re-roll (L944): only a Unit of the setting's class; the second die stands, and the odds
/// count every die rolled.
#[test]
fn l944_the_reroll_belongs_to_the_class_in_the_setting() {
    let mut input = melee();
    flag(&mut input, "attacker_rerolls");
    let message = refusal("melee", &input, &[3, 3, 3]);
    assert!(message.contains("field `attacker_rerolls`"), "{message}");
    assert!(message.contains("Guard"), "{message}");

    text(&mut input, "attacker_class", "guard");
    assert_eq!(procedure("melee").dice(&input).slots.len(), 3);
    // Attacker 1, defender 3, the attacker's re-roll 6: 6 stands.
    let res = fight(&input, &[1, 3, 6]);
    assert_eq!(res.totals[0].die, Some(6));
    assert_eq!(totals(&res)[1], 3);

    text(&mut input, "defender_class", "elite");
    flag(&mut input, "defender_rerolls");
    assert!(refusal("melee", &input, &[1, 3, 6, 2]).contains("field `defender_rerolls`"));
    text(&mut input, "reroll_class", "elite");
    assert!(refusal("melee", &input, &[1, 3, 6, 2]).contains("field `attacker_rerolls`"));
    text(&mut input, "attacker_class", "elite");
    let res = fight(&input, &[1, 3, 6, 2]);
    assert_eq!(
        res.totals.iter().map(|t| t.die).collect::<Vec<_>>(),
        vec![Some(6), Some(2)]
    );
    let lines = odds(procedure("melee"), &input, &tables()).expect("odds");
    assert_eq!(lines.iter().map(|l| l.count).sum::<u64>(), 6u64.pow(4));
}

/// "If there is a [class] among the Units involved in the melee" (L900, L944), and "giving support
/// is the same as participating in the melee" (L950): by default a supporter of the re-roll class
/// gives its side the re-roll, the second die standing. The setting `reroll_from`, on the form and
/// among the session's settings, narrows it to the Unit in melee: then the same re-roll is refused,
/// naming the field. A supporter of the class with no Unit in support is refused too.
#[test]
fn l950_a_supporter_of_the_reroll_class_gives_the_reroll() {
    let mut input = melee();
    assert_eq!(input.text("reroll_from"), "involved", "the default");
    assert!(
        procedure("settings")
            .fields()
            .iter()
            .any(|f| f.id == "reroll_from")
    );
    number(&mut input, "attacker_supporters", 1);
    flag(&mut input, "attacker_reroll_supporter");
    flag(&mut input, "attacker_rerolls");
    // Regulars in melee, a Guard in support: attacker 1, defender 3, the re-roll 6 stands.
    let res = fight(&input, &[1, 3, 6]);
    assert_eq!(res.totals[0].die, Some(6));

    text(&mut input, "reroll_from", "in_melee");
    let message = refusal("melee", &input, &[1, 3, 6]);
    assert!(message.contains("field `attacker_rerolls`"), "{message}");
    assert!(
        message.contains("does not count under the setting"),
        "{message}"
    );
    text(&mut input, "attacker_class", "guard");
    assert_eq!(fight(&input, &[1, 3, 6]).totals[0].die, Some(6));

    let mut alone = melee();
    flag(&mut alone, "defender_reroll_supporter");
    let message = refusal("melee", &alone, &[1, 3]);
    assert!(
        message.contains("field `defender_reroll_supporter`"),
        "{message}"
    );
}

/// The odds of a plain melee, best first for the attacker, over 36 throws.
#[test]
fn l904_the_odds_of_a_plain_melee() {
    let lines = odds(procedure("melee"), &melee(), &tables()).expect("odds");
    let counts: Vec<(String, u64)> = lines.iter().map(|l| (l.key.clone(), l.count)).collect();
    assert_eq!(counts.first().map(|c| c.1), Some(1)); // 6 against 1: Routed
    assert_eq!(counts.iter().map(|c| c.1).sum::<u64>(), 36);
    // Equal or within 1: 6 + 10 throws.
    assert!(counts.contains(&("Both Units stay in contact".to_string(), 16)));
}

/// Only the French fight the allies (L321), and a named Unit must be a Unit on the battlefield.
#[test]
fn l321_the_armies_and_the_record() {
    let mut input = melee();
    text(&mut input, "side", "prussian");
    assert!(refusal("melee", &input, &[3, 3]).contains("allies"));

    let mut record = Record::default();
    record.apply(
        &[
            Effect::set_state("british", "Unit 8", "Eliminated", "R"),
            Effect::set_attribute("british", "Unit 8", "kind", "Unit", "R"),
        ],
        1,
    );
    let error = procedure("melee")
        .check_record(&melee(), &record)
        .expect_err("an eliminated Unit cannot fight");
    assert_eq!(error.field, "defender");
}

/// A Unit chosen from the record brings its type, class, Fire Discipline and yellow markers.
#[test]
fn a_unit_on_the_record_fills_its_tile() {
    let mut record = Record::default();
    let rule = "R";
    record.apply(
        &[
            Effect::set_state("british", "Unit 8", "On the battlefield", rule),
            Effect::set_attribute("british", "Unit 8", "kind", "Unit", rule),
            Effect::set_attribute("british", "Unit 8", "type", "heavy_cavalry", rule),
            Effect::set_attribute("british", "Unit 8", "class", "veterans", rule),
            Effect::set_attribute("british", "Unit 8", "fire discipline", "1", rule),
            Effect::set_attribute("british", "Unit 8", "yellow markers", "1", rule),
        ],
        1,
    );
    let mut input = melee();
    procedure("melee").follow("defender", &mut input, &record);
    assert_eq!(input.text("defender_type"), "heavy_cavalry");
    assert_eq!(input.text("defender_class"), "veterans");
    assert_eq!(input.text("defender_fire_discipline"), "1");
    assert_eq!(input.number("defender_yellow"), 1);
    assert!(procedure("melee").check_record(&input, &record).is_ok());
}

// ---------------------------------------------------------------------------
// Melee Losses
// ---------------------------------------------------------------------------

fn losses(enemy_units: i64, own_units: i64) -> Input {
    let mut input = Input::defaults(procedure("melee-losses").fields());
    text(&mut input, "side", "french");
    number(&mut input, "enemy_units", enemy_units);
    number(&mut input, "own_units", own_units);
    input
}

fn loss_count(input: &Input, faces: &[u8]) -> i32 {
    resolve("melee-losses", input, faces).totals[0].total
}

/// One die per enemy Unit that took part (L911), a Loss on 5 or 6 by default; the setting "6"
/// changes the count.
#[test]
fn l911_one_die_per_enemy_unit_and_the_faces_setting() {
    let mut input = losses(3, 2);
    assert_eq!(procedure("melee-losses").dice(&input).slots.len(), 3);
    assert_eq!(loss_count(&input, &[5, 6, 5]), 3);
    assert_eq!(loss_count(&input, &[1, 4, 2]), 0);
    text(&mut input, "melee_loss_faces", "6");
    assert_eq!(loss_count(&input, &[5, 6, 5]), 1);
}

/// The Unit that started the combat suffers no fewer Losses than the others (L913), none beyond
/// its capacity (L914-916).
#[test]
fn l913_the_distribution_limits() {
    let mut input = losses(3, 2);
    flag(&mut input, "started");
    let res = resolve("melee-losses", &input, &[5, 6, 5]);
    assert!(mentions(&res, "at least 2"));
    assert!(mentions(&res, "place 3 Loss tokens on its 2 Units"));
    assert!(mentions(&res, "a Unit with none left is eliminated"));
    let none = resolve("melee-losses", &input, &[1, 2, 3]);
    assert!(reminders(&none).is_empty());
}

// ---------------------------------------------------------------------------
// Pursuit
// ---------------------------------------------------------------------------

/// French Cavalry, Regulars, pursuing Regular Infantry, no General near.
fn pursuit() -> Input {
    let mut input = Input::defaults(procedure("pursuit").fields());
    text(&mut input, "side", "french");
    input
}

fn pursuit_set(from: &str) -> Input {
    let mut input = pursuit();
    text(&mut input, "pursuit_from", from);
    input
}

fn pursuit_modifier(input: &Input, line: &str) -> Option<i32> {
    procedure("pursuit")
        .modifiers(input)
        .into_iter()
        .find(|m| m.rule.contains(line))
        .map(|m| m.value)
}

/// The success faces are lost (L960): no Pursuit is rolled until the players enter them; once
/// entered, a final result at or above them pursues.
#[test]
fn l960_pursuit_waits_for_its_faces_then_works() {
    let message = refusal("pursuit", &pursuit(), &[6]);
    assert!(message.contains("field `pursuit_from`"), "{message}");
    assert!(message.contains("Settings"), "{message}");

    let input = pursuit_set("5");
    // Cavalry +1 (L973): 4 + 1 = 5 pursues, 3 + 1 = 4 does not.
    assert_eq!(pursuit_modifier(&input, "L973"), Some(1));
    let res = resolve("pursuit", &input, &[4]);
    assert_eq!(res.outcome.key, "Pursuit");
    assert!(mentions(&res, "by Charge 2"));
    assert_eq!(resolve("pursuit", &input, &[3]).outcome.key, "No Pursuit");

    let mut infantry = pursuit_set("5");
    text(&mut infantry, "pursuers", "infantry");
    let res = resolve("pursuit", &infantry, &[5]);
    assert!(mentions(&res, "by Charge 1"));
    assert_eq!(
        resolve("pursuit", &infantry, &[4]).outcome.key,
        "No Pursuit"
    );
    let odds = odds(procedure("pursuit"), &infantry, &tables()).expect("odds");
    assert_eq!(odds[0].count, 2);
}

/// Infantry does not pursue Cavalry (L962), under the setting that reads L962 so; orange
/// Formations cannot pursue (L965); still in contact with the Unit that withdrew, the Pursuit
/// succeeds without a roll (L967).
#[test]
fn l962_who_may_pursue() {
    let mut input = pursuit_set("5");
    text(&mut input, "pursuers", "infantry");
    text(&mut input, "target", "cavalry");
    text(&mut input, "infantry_pursuit_of_cavalry", "none");
    assert!(refusal("pursuit", &input, &[6]).contains("field `target`"));

    let mut orange = pursuit_set("5");
    flag(&mut orange, "in_recovery");
    assert!(refusal("pursuit", &orange, &[6]).contains("field `in_recovery`"));

    // Automatic, even before the faces are entered.
    let mut contact = pursuit();
    flag(&mut contact, "in_contact");
    assert!(procedure("pursuit").dice(&contact).is_empty());
    let res = resolve("pursuit", &contact, &[]);
    assert_eq!(res.outcome.key, "Pursuit");
    assert!(res.limits.iter().any(|l| l.rule.contains("L967")));
}

/// A Pursuit charges "the enemy Unit in Withdraw or, if this is not possible, ... an enemy Unit in
/// Formation" (L960), and Infantry charges "except against Cavalry Units" (L962). By default
/// (the setting, on the form and among the session's settings), Infantry whose enemy in Withdraw is
/// Cavalry rolls and, on a success, charges an enemy Unit in Formation that is not Cavalry; the
/// other reading ends its Pursuit, refused naming the field. The automatic success of L967 is
/// against the Unit that withdrew, so it is refused for Infantry after Cavalry.
#[test]
fn l960_infantry_turns_on_a_unit_in_formation_when_cavalry_withdraws() {
    let mut input = pursuit_set("5");
    text(&mut input, "pursuers", "infantry");
    text(&mut input, "target", "cavalry");
    assert_eq!(
        input.text("infantry_pursuit_of_cavalry"),
        "redirect",
        "the default"
    );
    assert!(
        procedure("settings")
            .fields()
            .iter()
            .any(|f| f.id == "infantry_pursuit_of_cavalry")
    );
    let res = resolve("pursuit", &input, &[5]);
    assert_eq!(res.outcome.key, "Pursuit");
    assert!(mentions(&res, "by Charge 1"));
    assert!(mentions(
        &res,
        "against an enemy Unit in Formation that is not Cavalry"
    ));
    assert_eq!(resolve("pursuit", &input, &[4]).outcome.key, "No Pursuit");

    let mut contact = input.clone();
    flag(&mut contact, "in_contact");
    assert!(refusal("pursuit", &contact, &[]).contains("field `in_contact`"));

    text(&mut input, "infantry_pursuit_of_cavalry", "none");
    let message = refusal("pursuit", &input, &[5]);
    assert!(message.contains("field `target`"), "{message}");
    assert!(message.contains("L962"), "{message}");
}

/// The Pursuit modifiers (L971-977), the ± ones signed as the player wants.
#[test]
fn l971_pursuit_modifiers() {
    let mut input = pursuit_set("5");
    flag(&mut input, "shaken");
    assert_eq!(pursuit_modifier(&input, "L971"), Some(-2));
    text(&mut input, "class", "recruits");
    assert_eq!(pursuit_modifier(&input, "L972"), Some(-1));
    text(&mut input, "target_class", "elite");
    assert_eq!(pursuit_modifier(&input, "L974"), Some(1));
    text(&mut input, "general", "2");
    assert_eq!(pursuit_modifier(&input, "L975"), Some(1));
    text(&mut input, "general", "3");
    assert_eq!(pursuit_modifier(&input, "L975"), None);
    assert_eq!(pursuit_modifier(&input, "L976"), Some(2));
    text(&mut input, "pursuit_general_rank", "4");
    assert_eq!(pursuit_modifier(&input, "L976"), None);
    assert_eq!(pursuit_modifier(&input, "L975"), Some(1));
    text(&mut input, "general", "commander");
    assert_eq!(pursuit_modifier(&input, "L976"), Some(2));
    text(&mut input, "wish", "hold");
    assert_eq!(pursuit_modifier(&input, "L974"), Some(-1));
    assert_eq!(pursuit_modifier(&input, "L976"), Some(-2));
    number(&mut input, "terrain_used", 2);
    assert_eq!(pursuit_modifier(&input, "L977"), Some(-2));
    // 6 - 2 - 1 + 1 - 1 - 2 - 2 = -1.
    assert_eq!(totals(&resolve("pursuit", &input, &[6])), vec![-1]);
}

// ---------------------------------------------------------------------------
// Result of Combat
// ---------------------------------------------------------------------------

/// One Formation each, the French attacking the English, the current player the attacker.
fn result() -> Input {
    let mut input = Input::defaults(procedure("result-of-combat").fields());
    text(&mut input, "side", "french");
    text(&mut input, "enemy_side", "british");
    input
}

fn settle(input: &Input, faces: &[u8]) -> Resolution {
    resolve("result-of-combat", input, faces)
}

/// D10 (reading R1): A = die 3 + 2 for one Unit that received 1 yellow marker = 5; B = 2. A
/// subtracts: 3, Fall Back ceil(3/2) = 2 for all of A's Formations, 1 Loss per Formation; then 2
/// orange markers on every Formation that took part (L981-996).
#[test]
fn d10_l994_the_higher_result_falls_back_half_the_difference() {
    let mut input = result();
    number(&mut input, "attacker_one_yellow", 1);
    let res = settle(&input, &[3, 2]);
    assert_eq!(totals(&res), vec![5, 2]);
    assert_eq!(res.outcome.key, "Attacker Falls Back 2");
    assert!(mentions(
        &res,
        "French (blue): all its 1 Formations that took part Fall Back 2"
    ));
    assert!(mentions(&res, "1 Unit of each of its 1 Formations"));
    assert!(!mentions(&res, "is Shaken"));
    assert!(mentions(
        &res,
        "French (blue): each of its 1 Formations that took part receives 2 orange markers"
    ));
    assert!(mentions(
        &res,
        "English (red): each of its 1 Formations that took part receives 2 orange markers"
    ));
    assert!(mentions(&res, "fasten their Horse Teams"));
}

/// D11: a difference of 7 is Fall Back 4, and every Unit of those Formations is Shaken (L994).
/// Fall Back is the difference halved, rounded up (digest §3.17): 1→1, 2→1, 3→2, 4→2, 5→3, 6→3,
/// 7→4, 8→4, 9→5.
#[test]
fn d11_l994_fall_back_rounding_and_the_shaken_fall_back_4() {
    let mut input = result();
    for (difference, fall_back) in [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (6, 3),
        (7, 4),
        (8, 4),
        (9, 5),
    ] {
        // The attacker's die 6, with +3 per Unit that received 2 yellow markers beyond 5.
        let routed = if difference > 5 {
            (difference - 3) / 3
        } else {
            0
        };
        let defender_die = 6 + 3 * routed - difference;
        number(&mut input, "attacker_two_yellow", i64::from(routed));
        let res = settle(&input, &[6, u8::try_from(defender_die).expect("a die")]);
        assert_eq!(totals(&res)[0] - totals(&res)[1], difference);
        let shaken = if fall_back >= 4 { ", Shaken" } else { "" };
        assert_eq!(
            res.outcome.key,
            format!("Attacker Falls Back {fall_back}{shaken}")
        );
        assert_eq!(
            mentions(&res, "every Unit of those Formations is Shaken"),
            fall_back >= 4
        );
    }
}

/// The modifiers of the Result of Combat (L985-992), under reading R1, where the higher result
/// falls back: what helps a side lowers its result. The attached General's rank is subtracted (a
/// Commander in Chief counts 4), a Town's +2 is subtracted as the Pursuit subtracts it (L977), the
/// class's 1 is +1 with the sign setting at +1, and the side's own shaken and withdrawn Units count
/// +3/+2/+1.
#[test]
fn l985_result_modifiers() {
    let mut input = result();
    text(&mut input, "result_class_sign", "plus");
    text(&mut input, "attacker_general", "commander");
    number(&mut input, "attacker_terrain", 2);
    flag(&mut input, "attacker_class_took_part");
    number(&mut input, "defender_two_yellow", 1);
    number(&mut input, "defender_one_yellow", 2);
    number(&mut input, "defender_withdrew", 1);
    let values: Vec<(String, i32, String)> = procedure("result-of-combat")
        .modifiers(&input)
        .into_iter()
        .map(|m| (m.side, m.value, m.rule))
        .collect();
    let find = |side: &str, line: &str| {
        values
            .iter()
            .find(|(s, _, rule)| s == side && rule.contains(line))
            .map(|v| v.1)
    };
    assert_eq!(find("Attacker", "L985"), Some(-4));
    assert_eq!(find("Attacker", "L986"), Some(-2));
    assert_eq!(find("Attacker", "L987"), Some(1));
    assert_eq!(find("Defender", "L988"), Some(3));
    assert_eq!(find("Defender", "L989"), Some(4));
    assert_eq!(find("Defender", "L990"), Some(1));
    // Attacker 4 - 4 - 2 + 1 = -1; defender 1 + 8 = 9: the defender falls back ceil(10/2) = 5,
    // Shaken.
    let res = settle(&input, &[4, 1]);
    assert_eq!(totals(&res), vec![-1, 9]);
    assert_eq!(res.outcome.key, "Defender Falls Back 5, Shaken");
    assert!(mentions(
        &res,
        "French (blue): the attached General or Commander in Chief rolls 2 dice"
    ));
}

/// Reading R2: the lower result falls back, each player keeps his highest die, the General's rank
/// is added, and the +3/+2/+1 count on the enemy's result.
#[test]
fn l981_the_other_reading_of_who_falls_back() {
    let mut input = result();
    number(&mut input, "attacker_formations", 2);
    number(&mut input, "attacker_one_yellow", 1);
    text(&mut input, "attacker_general", "3");
    // R1: the attacker keeps its lowest die, 2: 2 - 3 + 2 = 1 against 4. The defender falls back 2.
    let r1 = settle(&input, &[2, 5, 4]);
    assert_eq!(totals(&r1), vec![1, 4]);
    assert_eq!(r1.outcome.key, "Defender Falls Back 2");
    assert!(
        r1.limits
            .iter()
            .any(|l| l.description.contains("keeps 2 of its dice 2, 5"))
    );

    text(&mut input, "result_reading", "lower_falls_back");
    // R2: the attacker keeps 5, +3 for its General: 8; the defender 4 + 2 for the attacker's
    // shaken Unit: 6. The lower, the defender, falls back 1.
    let r2 = settle(&input, &[2, 5, 4]);
    assert_eq!(totals(&r2), vec![8, 6]);
    assert_eq!(r2.outcome.key, "Defender Falls Back 1");
}

/// "± the terrain modifier" (L986) works for its side under either reading of who falls back
/// (digest §3.17): a Town's +2 (L610) keeps its defender from falling back, as a terrain used
/// in the combat holds the Units in the Pursuit (L977); a Wood's -1 for Cavalry (L602) pushes them
/// back.
#[test]
fn l986_a_town_holds_its_defender_under_either_reading() {
    for reading in ["higher_falls_back", "lower_falls_back"] {
        let mut input = result();
        text(&mut input, "result_reading", reading);
        // Without terrain, the attacker keeping 3 and the defender 4: the defender falls back 1
        // under R1 (the higher), the attacker under R2 (the lower).
        let plain = settle(&input, &[3, 4]);
        let expected = if reading == "higher_falls_back" {
            "Defender Falls Back 1"
        } else {
            "Attacker Falls Back 1"
        };
        assert_eq!(plain.outcome.key, expected, "{reading}");

        // A Town's +2 for the defender: under R1 its 4 becomes 2 and the attacker falls back 1;
        // under R2 it becomes 6 and the attacker falls back 2. The defender stands either way.
        number(&mut input, "defender_terrain", 2);
        let town = settle(&input, &[3, 4]);
        let (totals_expected, key) = if reading == "higher_falls_back" {
            (vec![3, 2], "Attacker Falls Back 1")
        } else {
            (vec![3, 6], "Attacker Falls Back 2")
        };
        assert_eq!(totals(&town), totals_expected, "{reading}");
        assert_eq!(town.outcome.key, key, "{reading}");
        assert!(
            town.modifiers
                .iter()
                .any(|m| m.side == "Defender" && m.rule.contains("L986")),
            "{reading}"
        );

        // A Wood's -1 for the attacking Cavalry, both keeping 3: a draw, the current player the
        // attacker. It hurts the attacker: under R1 its 3 becomes 4, the higher, and it falls back
        // 1; under R2 it becomes 2, the lower, and it falls back 1.
        number(&mut input, "defender_terrain", 0);
        number(&mut input, "attacker_terrain", -1);
        let wood = settle(&input, &[3, 3]);
        assert_eq!(wood.outcome.key, "Attacker Falls Back 1", "{reading}");
    }
}

/// The 1 for a class that took part (L987, L1197), with the sign setting at +1 and the class
/// setting at one of the lowest (L457), hurts its own side under either reading: Recruits in the
/// attacker's Formation turn a draw into a Fall Back 1 for the attacker.
#[test]
fn l987_recruits_hurt_their_own_side_under_either_reading() {
    for (reading, value, total) in [("higher_falls_back", 1, 4), ("lower_falls_back", -1, 2)] {
        let mut input = result();
        text(&mut input, "result_reading", reading);
        text(&mut input, "result_class_sign", "plus");
        text(&mut input, "result_penalty_class", "recruits");
        text(&mut input, "current", "defender");
        // A draw at 3, the current player the defender: the defender falls back 0 under R1, the
        // attacker under R2; nobody moves.
        assert!(
            settle(&input, &[3, 3]).outcome.key.starts_with("Draw: "),
            "{reading}"
        );
        flag(&mut input, "attacker_class_took_part");
        assert_eq!(modifier_of(&input, "Attacker", "L987"), Some(value));
        let res = settle(&input, &[3, 3]);
        assert_eq!(totals(&res), vec![total, 3], "{reading}");
        assert_eq!(res.outcome.key, "Attacker Falls Back 1", "{reading}");
    }
}

/// Under both readings (digest §3.17), over every pair of dice, each modifier of L985-990 moves the
/// outcome only in its side's favour (the General, the Town) or only against it (a Wood for
/// Cavalry, the class with the sign setting at +1, shaken and withdrawn Units). The outcome's rank
/// sorts the attacker's best first, so its negation is the defender's Fall Back less the
/// attacker's.
#[test]
fn l985_every_modifier_works_in_its_direction_under_both_readings() {
    // (field, value, whether it helps the side it is entered for)
    let cases: [(&str, &str, bool); 10] = [
        ("attacker_general", "3", true),
        ("defender_general", "commander", true),
        ("attacker_terrain", "2", true),
        ("defender_terrain", "2", true),
        ("attacker_terrain", "-1", false),
        ("defender_terrain", "-1", false),
        ("attacker_class_took_part", "", false),
        ("defender_class_took_part", "", false),
        ("attacker_one_yellow", "1", false),
        ("defender_withdrew", "1", false),
    ];
    for reading in ["higher_falls_back", "lower_falls_back"] {
        for (field, value, helps) in cases {
            let mut base = result();
            text(&mut base, "result_reading", reading);
            text(&mut base, "result_class_sign", "plus");
            let mut with = base.clone();
            if field.ends_with("_general") {
                text(&mut with, field, value);
            } else if field.ends_with("_took_part") {
                flag(&mut with, field);
            } else {
                number(&mut with, field, value.parse().expect("a number"));
            }
            let attackers = field.starts_with("attacker");
            for a in 1..=6u8 {
                for d in 1..=6u8 {
                    let before = -settle(&base, &[a, d]).outcome.rank;
                    let after = -settle(&with, &[a, d]).outcome.rank;
                    let better_for_attacker = attackers == helps;
                    if better_for_attacker {
                        assert!(after >= before, "{reading} {field} {value} {a} {d}");
                    } else {
                        assert!(after <= before, "{reading} {field} {value} {a} {d}");
                    }
                }
            }
            // And it changes something somewhere.
            assert!(
                (1..=6u8)
                    .any(|a| settle(&base, &[a, 3]).outcome.rank
                        != settle(&with, &[a, 3]).outcome.rank),
                "{reading} {field} {value}"
            );
        }
    }
}

/// The class term of the Result of Combat lost its sign (L987, L1197), as every unsigned modifier
/// of the text lost its minus (L602 and L610 print the Wood's and the Town's signed, L689-690 do
/// not). The sign is a setting, shown on the form and among the session's settings, -1 by default.
/// As printed (the higher result falls back) the -1 lowers the attacker's result; read the other
/// way round it is +1: either way the attacker's Guard turns a draw into the defender's Fall Back 1.
/// At +1 the same Unit costs the attacker a Fall Back 1 under either reading.
#[test]
fn l987_the_class_term_takes_the_sign_setting() {
    assert_eq!(result().text("result_class_sign"), "minus", "the default");
    assert!(
        procedure("settings")
            .fields()
            .iter()
            .any(|f| f.id == "result_class_sign"),
        "among the session's settings"
    );
    assert_eq!(
        result().text("result_penalty_class"),
        "guard",
        "the default class"
    );
    for (sign, reading, value, falls_back) in [
        ("minus", "higher_falls_back", -1, "Defender Falls Back 1"),
        ("minus", "lower_falls_back", 1, "Defender Falls Back 1"),
        ("plus", "higher_falls_back", 1, "Attacker Falls Back 1"),
        ("plus", "lower_falls_back", -1, "Attacker Falls Back 1"),
    ] {
        let mut input = result();
        text(&mut input, "result_reading", reading);
        text(&mut input, "result_class_sign", sign);
        text(&mut input, "current", "defender");
        flag(&mut input, "attacker_class_took_part");
        assert_eq!(
            modifier_of(&input, "Attacker", "L987"),
            Some(value),
            "{sign} {reading}"
        );
        let res = settle(&input, &[3, 3]);
        assert_eq!(res.outcome.key, falls_back, "{sign} {reading}");
    }
}

fn modifier_of(input: &Input, side: &str, line: &str) -> Option<i32> {
    procedure("result-of-combat")
        .modifiers(input)
        .into_iter()
        .find(|m| m.side == side && m.rule.contains(line))
        .map(|m| m.value)
}

/// On a draw the current player's result subtracts (L981): under R1 he falls back 0, and by default
/// loses nothing; the draw setting makes it cost 1 Loss per Formation.
#[test]
fn l981_a_draw_and_its_setting() {
    let mut input = result();
    text(&mut input, "current", "defender");
    let res = settle(&input, &[3, 3]);
    assert_eq!(res.outcome.key, "Draw: Defender falls back 0");
    assert!(!mentions(&res, "suffers 1 Loss"));
    text(&mut input, "result_draw", "loss");
    let res = settle(&input, &[3, 3]);
    assert!(mentions(
        &res,
        "English (red): 1 Unit of each of its 1 Formations"
    ));
}

/// Every Formation that took part receives 2 orange markers (L996), which take its green one away
/// (L552): on the record for the Formations named.
#[test]
fn l996_two_orange_markers_on_every_formation_named() {
    let mut input = result();
    number(&mut input, "attacker_formations", 2);
    input.set(
        "attacker_formation_names",
        Value::List(vec!["Formation A".into(), "Formation B".into()]),
    );
    input.set(
        "defender_formation_names",
        Value::List(vec!["Formation C".into()]),
    );
    let mut record = Record::default();
    record.apply(
        &[
            Effect::set_attribute("french", "Formation A", "kind", "Formation", "R"),
            Effect::set_attribute("french", "Formation B", "kind", "Formation", "R"),
            Effect::set_attribute("british", "Formation C", "kind", "Formation", "R"),
            Effect::set_attribute("french", "Formation A", "orange markers", "1", "R"),
            Effect::set_attribute("french", "Formation A", "green marker", "yes", "R"),
        ],
        1,
    );
    let res = settle(&input, &[1, 1, 6]);
    let record = applied(record, &res);
    let attribute = |side: &str, name: &str, attribute: &str| {
        record
            .unit(side, name)
            .and_then(|u| u.attribute(attribute))
            .map(str::to_string)
    };
    assert_eq!(
        attribute("french", "Formation A", "orange markers").as_deref(),
        Some("3")
    );
    assert_eq!(attribute("french", "Formation A", "green marker"), None);
    assert_eq!(
        attribute("french", "Formation B", "orange markers").as_deref(),
        Some("2")
    );
    assert_eq!(
        attribute("british", "Formation C", "orange markers").as_deref(),
        Some("2")
    );
    assert!(!mentions(&res, "receives 2 orange markers"));

    // Some named and not all: refused, naming the field.
    input.set(
        "attacker_formation_names",
        Value::List(vec!["Formation A".into()]),
    );
    assert!(
        refusal("result-of-combat", &input, &[1, 1, 6])
            .contains("field `attacker_formation_names`")
    );
}

/// The Combat step of the turn offers the combat procedures in the order they are played, then the
/// Generals' rolls the combats call for.
#[test]
fn l924_the_combat_step_lists_the_procedures() {
    let game = games::find("enemy-mistakes").expect("the game");
    let step = game
        .sequence
        .phases
        .iter()
        .flat_map(|phase| phase.steps)
        .find(|step| step.title == "3.4 Combat")
        .expect("the Combat step");
    assert_eq!(
        step.procedures,
        [
            "melee",
            "melee-losses",
            "pursuit",
            "result-of-combat",
            "remove-unit",
            "general-casualty",
            "unattached-general"
        ]
    );
    for id in step.procedures {
        assert!(game.procedure(id).is_ok(), "{id}");
    }
}

/// A Formation named in the Result of Combat must be one the record keeps, or its orange markers
/// (L996) would have nowhere to go: the app refuses the name, pointing at the field.
#[test]
fn l996_a_formation_named_must_be_on_the_record() {
    let mut input = result();
    input.set(
        "defender_formation_names",
        Value::List(vec!["Formation Z".into()]),
    );
    let problem = procedure("result-of-combat")
        .check_record(&input, &Record::default())
        .expect_err("an unknown Formation is refused")
        .to_string();
    assert!(problem.contains("defender_formation_names"), "{problem}");
    assert!(
        problem.contains("Formation Z is not a Formation on the record"),
        "{problem}"
    );
}

// ---------------------------------------------------------------------------
// On the record
// ---------------------------------------------------------------------------

/// A game at its start, for the facts the record keeps.
fn game() -> Play {
    Play::start("enemy-mistakes", "historical")
}

/// `losses` Loss tokens on a Unit, from bombardment Damage rolled all 6 (L697).
fn wear(play: &mut Play, side: &str, unit: &str, losses: i64) {
    let faces = vec![6; usize::try_from(losses).expect("a few")];
    play.play(
        "damage",
        &[
            ("side", support::text(side)),
            ("unit", support::text(unit)),
            ("damage", support::number(losses)),
        ],
        &faces,
    );
}

/// One yellow marker on a French Unit: the English Unit 8 drives it back in Retreat, 5 against 1
/// (L906, L783).
fn shake(play: &mut Play, unit: &str) {
    play.play(
        "melee",
        &[
            ("side", support::text("british")),
            ("enemy_side", support::text("french")),
            ("attacker", support::text("Unit 8")),
            ("defender", support::text(unit)),
            ("charge", support::text("none")),
        ],
        &[5, 1],
    );
}

fn kept(play: &Play, side: &str, unit: &str, attribute: &str) -> Option<String> {
    play.attribute(side, unit, attribute)
}

/// The French Units 1, 2 and 3 that took part in a melee, Unit 1 having started it; the English
/// Unit 8 their enemy. Unit 2 can sustain 1 more Loss, Unit 3 two more (capacity 4 each).
fn losses_game() -> Play {
    let mut play = game();
    for n in [1, 2, 3] {
        add_unit(&mut play, "french", n, "infantry", "I");
    }
    add_unit(&mut play, "british", 8, "infantry", "I");
    wear(&mut play, "french", "Unit 2", 3);
    wear(&mut play, "french", "Unit 3", 2);
    play
}

/// The French Losses form: 3 enemy dice, 3 own Units, one of which started the combat, and
/// `shares` as (Unit, Losses) in the form's order. Values added after these replace them.
fn shares(shares: &[(&str, i64)]) -> Facts {
    const UNITS: [&str; 6] = ["unit_1", "unit_2", "unit_3", "unit_4", "unit_5", "unit_6"];
    const LOSSES: [&str; 6] = [
        "losses_1", "losses_2", "losses_3", "losses_4", "losses_5", "losses_6",
    ];
    let mut values = vec![
        ("side", support::text("french")),
        ("enemy_units", support::number(3)),
        ("own_units", support::number(3)),
        ("started", support::flag(true)),
    ];
    for (i, (unit, losses)) in shares.iter().enumerate() {
        values.push((UNITS[i], support::text(unit)));
        values.push((LOSSES[i], support::number(*losses)));
    }
    values
}

/// Why the Losses form refuses these dice, as the app refuses them before logging anything.
fn refused_with_dice(play: &Play, values: &[(&str, Value)], faces: &[u8]) -> String {
    let p = procedure("melee-losses");
    let input = play.input("melee-losses", values);
    match resolve_checked(p, &input, &play.tables, faces) {
        Ok(res) => panic!("expected a refusal, got {}", res.outcome.headline),
        Err(e) => e.to_string(),
    }
}

/// The player shares the Losses rolled among the Units he names (L911); each takes its Loss
/// tokens on the record, and a Unit whose capacity reaches zero is eliminated (L916). Unit 2,
/// with 1 Loss left, takes exactly 1: eliminated. Unit 3, with 2 left, takes 1: one short of its
/// capacity, it stays.
#[test]
fn l911_l916_melee_losses_go_on_the_units_named() {
    let mut play = losses_game();
    let values = shares(&[("Unit 1", 1), ("Unit 2", 1), ("Unit 3", 1)]);
    let input = play.input("melee-losses", &values);
    assert_eq!(input.number("left_1"), 4, "filled in from the record");
    assert_eq!(input.number("left_2"), 1);
    assert_eq!(input.number("left_3"), 2);
    let res = play.play("melee-losses", &values, &[5, 6, 6]);
    assert_eq!(res.totals[0].total, 3);
    assert_eq!(
        kept(&play, "french", "Unit 1", "Losses").as_deref(),
        Some("1")
    );
    assert_eq!(
        kept(&play, "french", "Unit 2", "Losses").as_deref(),
        Some("4")
    );
    assert_eq!(play.state("french", "Unit 2"), "Eliminated");
    assert_eq!(
        kept(&play, "french", "Unit 3", "Losses").as_deref(),
        Some("3")
    );
    assert_eq!(play.state("french", "Unit 3"), "On the battlefield");
    assert!(mentions(
        &res,
        "Unit 2 is eliminated; the other friendly Units in its column"
    ));
    assert!(!mentions(&res, "place 3 Loss tokens"));
}

/// The shares must add up to the Losses the dice give (L911): the app refuses other dice before
/// logging, naming the field; the odds, which try every face, still work.
#[test]
fn l911_the_shares_add_up_to_the_losses_rolled() {
    let play = losses_game();
    let values = shares(&[("Unit 1", 1), ("Unit 3", 1)]);
    let refusal = refused_with_dice(&play, &values, &[5, 6, 6]);
    assert!(refusal.contains("field `losses_1`"), "{refusal}");
    assert!(
        refusal.contains("the dice give 3 Losses and 2 are shared out"),
        "{refusal}"
    );
    let refusal = refused_with_dice(&play, &values, &[5, 1, 1]);
    assert!(
        refusal.contains("the dice give 1 Losses and 2"),
        "{refusal}"
    );
    let input = play.input("melee-losses", &values);
    let lines = odds(procedure("melee-losses"), &input, &tables()).expect("the odds");
    assert_eq!(lines.first().map(|l| l.key.as_str()), Some("0 Losses"));
    // A refused roll of the app's is not logged: rolling again gives the same dice, to share out.
    let spec = procedure("melee-losses").dice(&input);
    assert_eq!(play.session.roll(&spec), play.session.roll(&spec));
}

/// No Unit suffers more than it can sustain (L914); the Unit that started the combat is named
/// first and suffers no fewer Losses than any other (L913), unless its capacity stops it.
#[test]
fn l913_l914_the_limits_of_the_share_out() {
    let play = losses_game();
    let beyond = play
        .refused("melee-losses", &shares(&[("Unit 1", 1), ("Unit 2", 2)]))
        .expect("refused");
    assert!(beyond.contains("field `losses_2`"), "{beyond}");
    assert!(beyond.contains("only 1 more Losses"), "{beyond}");
    assert!(beyond.contains("L914"), "{beyond}");

    let fewer = play
        .refused("melee-losses", &shares(&[("Unit 1", 1), ("Unit 3", 2)]))
        .expect("refused");
    assert!(fewer.contains("field `losses_1`"), "{fewer}");
    assert!(fewer.contains("L913"), "{fewer}");
    assert_eq!(
        play.refused("melee-losses", &shares(&[("Unit 1", 2), ("Unit 3", 1)])),
        None
    );

    // Unit 2 started this one: at its capacity after 1 Loss, it may suffer fewer than Unit 1.
    assert_eq!(
        play.refused("melee-losses", &shares(&[("Unit 2", 1), ("Unit 1", 2)])),
        None
    );

    let mut second_only = shares(&[]);
    second_only.push(("unit_2", support::text("Unit 1")));
    second_only.push(("losses_2", support::number(1)));
    let first = play.refused("melee-losses", &second_only).expect("refused");
    assert!(first.contains("field `unit_1`"), "{first}");

    let mut nameless = shares(&[]);
    nameless.push(("losses_2", support::number(1)));
    let nameless = play.refused("melee-losses", &nameless).expect("refused");
    assert!(nameless.contains("field `unit_2`"), "{nameless}");
}

/// When every Unit that took part is named and eliminated, the Losses beyond their capacity go
/// unsuffered (L914-916).
#[test]
fn l914_losses_beyond_every_capacity_go_unsuffered() {
    let mut play = losses_game();
    let mut values = shares(&[("Unit 2", 1)]);
    values.push(("own_units", support::number(1)));
    let res = play.play("melee-losses", &values, &[6, 6, 5]);
    assert_eq!(play.state("french", "Unit 2"), "Eliminated");
    assert!(
        res.limits
            .iter()
            .any(|l| l.description.contains("2 Losses go unsuffered") && l.rule.contains("L914"))
    );
    // With a second Unit that took part but not named, the Losses are all to share out.
    let mut values = shares(&[("Unit 3", 2)]);
    values.push(("own_units", support::number(2)));
    let refusal = refused_with_dice(&play, &values, &[6, 6, 5]);
    assert!(refusal.contains("share out all 3"), "{refusal}");
}

/// The rulebook sets no limit to the enemy Units that took part (L911): the form rolls as many dice
/// as the melee form counts on a side, 8 (the Unit in melee, 6 supporters and 1 of the other arm).
/// A ninth is refused, naming the field; the odds of 8 dice are exact.
#[test]
fn l911_the_form_rolls_at_most_eight_dice() {
    let mut input = losses(8, 2);
    assert_eq!(procedure("melee-losses").dice(&input).slots.len(), 8);
    let all_losses = odds(procedure("melee-losses"), &input, &tables())
        .expect("odds")
        .into_iter()
        .find(|line| line.key == "8 Losses")
        .expect("8 Losses");
    // Each die a Loss on 5 or 6: (2/6)^8 of the 6^8 throws.
    assert_eq!(all_losses.count, 2u64.pow(8));
    number(&mut input, "enemy_units", 9);
    let refusal = refusal("melee-losses", &input, &[1; 9]);
    assert!(refusal.contains("field `enemy_units`"), "{refusal}");
}

/// An Artillery Unit Routed in melee must Withdraw 2 (L787), so it fastens its Horse Team (L763);
/// one that must Withdraw or Retreat is captured instead (L905-906), and fastens nothing.
#[test]
fn l763_routed_artillery_fastens_its_horse_team() {
    let mut play = game();
    add_unit(&mut play, "french", 1, "infantry", "I");
    add_unit(&mut play, "british", 12, "foot_artillery", "I");
    add_unit(&mut play, "british", 13, "foot_artillery", "I");
    let against = |unit: &str| {
        vec![
            ("side", support::text("french")),
            ("enemy_side", support::text("british")),
            ("attacker", support::text("Unit 1")),
            ("defender", support::text(unit)),
            ("charge", support::text("none")),
        ]
    };
    play.play("melee", &against("Unit 12"), &[6, 1]);
    assert_eq!(
        kept(&play, "british", "Unit 12", "yellow markers").as_deref(),
        Some("2")
    );
    assert_eq!(
        kept(&play, "british", "Unit 12", "Horse Team").as_deref(),
        Some("fastened")
    );
    assert_eq!(
        kept(&play, "british", "Unit 12", "Horse Team fastened this turn").as_deref(),
        Some("yes")
    );
    play.play("melee", &against("Unit 13"), &[3, 1]);
    assert_eq!(play.state("british", "Unit 13"), "Captured");
    // Added unfastened (L266), it stays so.
    assert_eq!(
        kept(&play, "british", "Unit 13", "Horse Team").as_deref(),
        Some("unfastened")
    );
}

/// The French Formation "I centre" of Units 1 (steady), 2 (Shaken, 1 Loss left), 3 (Shaken, 2
/// Losses left) and the Foot Artillery 4; the English Formation "Line" of Unit 8 and the Foot
/// Artillery 9.
fn result_game() -> Play {
    let mut play = game();
    for n in [1, 2, 3] {
        add_unit(&mut play, "french", n, "infantry", "I");
    }
    add_unit(&mut play, "french", 4, "foot_artillery", "I");
    add_unit(&mut play, "british", 8, "infantry", "I");
    add_unit(&mut play, "british", 9, "foot_artillery", "I");
    wear(&mut play, "french", "Unit 2", 3);
    wear(&mut play, "french", "Unit 3", 2);
    shake(&mut play, "Unit 2");
    shake(&mut play, "Unit 3");
    for (side, name, units) in [
        (
            "french",
            "I centre",
            &["Unit 1", "Unit 2", "Unit 3", "Unit 4"][..],
        ),
        ("british", "Line", &["Unit 8", "Unit 9"][..]),
    ] {
        formation(&mut play, side, name, "I", units);
    }
    play
}

/// Both Formations named, the French Unit `chosen` to suffer its Formation's Loss, and
/// `two_yellow` French Units counted as Routed in the combat (+3 each under the printed reading).
/// Values added after these replace them.
fn result_values(chosen: &str, two_yellow: i64) -> Facts {
    vec![
        ("side", support::text("french")),
        ("enemy_side", support::text("british")),
        ("attacker_formation_names", support::list(&["I centre"])),
        ("defender_formation_names", support::list(&["Line"])),
        ("attacker_loss_units", support::list(&[chosen])),
        ("attacker_two_yellow", support::number(two_yellow)),
    ]
}

/// The Formations named bring their Units and what the record knows of them (L994, L998).
#[test]
fn l994_the_formations_named_bring_their_units() {
    let play = result_game();
    let input = play.input("result-of-combat", &result_values("Unit 1", 0));
    let names =
        |field: &str| -> Vec<String> { input.list(field).iter().map(|n| n.to_string()).collect() };
    assert_eq!(
        names("attacker_units"),
        ["Unit 1", "Unit 2", "Unit 3", "Unit 4"]
    );
    assert_eq!(names("attacker_shaken_units"), ["Unit 2", "Unit 3"]);
    assert_eq!(names("attacker_artillery"), ["Unit 4"]);
    assert_eq!(names("attacker_one_loss_left"), ["Unit 2"]);
    assert_eq!(names("attacker_two_losses_left"), ["Unit 3"]);
    assert_eq!(names("defender_units"), ["Unit 8", "Unit 9"]);
    assert_eq!(names("defender_artillery"), ["Unit 9"]);
}

/// D11 on the record: French 6 + 3 against English 1, Fall Back 4 (L994). The chosen Unit 1 takes
/// its Formation's Loss; every Unit of "I centre" is Shaken, the steady ones with a yellow marker,
/// the Shaken ones with 1 Loss instead. Unit 2 reaches its capacity and is eliminated (L916);
/// Unit 3, one short, stays. The Artillery of both sides fastens its Horse Team (L998, L803).
#[test]
fn d11_l994_a_fall_back_4_on_the_record() {
    let mut play = result_game();
    let res = play.play("result-of-combat", &result_values("Unit 1", 1), &[6, 1]);
    assert_eq!(res.outcome.key, "Attacker Falls Back 4, Shaken");
    let losses = |play: &Play, unit: &str| kept(play, "french", unit, "Losses");
    let yellow = |play: &Play, unit: &str| kept(play, "french", unit, "yellow markers");
    assert_eq!(losses(&play, "Unit 1").as_deref(), Some("1"));
    assert_eq!(yellow(&play, "Unit 1").as_deref(), Some("1"));
    assert_eq!(losses(&play, "Unit 2").as_deref(), Some("4"));
    assert_eq!(play.state("french", "Unit 2"), "Eliminated");
    assert_eq!(losses(&play, "Unit 3").as_deref(), Some("3"));
    assert_eq!(yellow(&play, "Unit 3").as_deref(), Some("1"));
    assert_eq!(play.state("french", "Unit 3"), "On the battlefield");
    assert_eq!(yellow(&play, "Unit 4").as_deref(), Some("1"));
    assert_eq!(
        kept(&play, "french", "Unit 4", "Horse Team").as_deref(),
        Some("fastened")
    );
    assert_eq!(
        kept(&play, "british", "Unit 9", "Horse Team").as_deref(),
        Some("fastened")
    );
    assert_eq!(
        kept(&play, "british", "Unit 8", "Losses").as_deref(),
        Some("0")
    );
    assert!(!mentions(&res, "every Unit of those Formations is Shaken"));
    assert!(!mentions(&res, "chosen by its player, suffers 1 Loss"));
    assert!(mentions(
        &res,
        "a Unit that cannot Fall Back suffers 1 Loss instead"
    ));
}

/// No Unit carries more Losses than its capacity (L914): in a Fall Back 4 the chosen Unit 2, with 1
/// Loss left and already Shaken, owes 2 (its Formation's, and the Shaken one's instead of a second
/// yellow marker, L994). It takes the 1 it can sustain: the record holds 4 Losses, its capacity
/// (FICTIONAL), and the Unit is eliminated (L916).
#[test]
fn l914_the_result_of_combat_stops_at_a_units_capacity() {
    let mut play = result_game();
    let res = play.play("result-of-combat", &result_values("Unit 2", 1), &[6, 1]);
    assert_eq!(res.outcome.key, "Attacker Falls Back 4, Shaken");
    assert_eq!(
        kept(&play, "french", "Unit 2", "Losses").as_deref(),
        Some("4")
    );
    assert_eq!(play.state("french", "Unit 2"), "Eliminated");
    assert!(mentions(&res, "Unit 2 can sustain only 1 more Losses"));
}

/// A shorter Fall Back shakes nobody: only the chosen Unit's Loss (L994). Unit 3, with 2 Losses
/// left, is chosen and takes 1: it stays.
#[test]
fn l994_a_fall_back_below_4_costs_only_the_chosen_units_loss() {
    let mut play = result_game();
    let res = play.play("result-of-combat", &result_values("Unit 3", 0), &[4, 1]);
    assert_eq!(res.outcome.key, "Attacker Falls Back 2");
    assert_eq!(
        kept(&play, "french", "Unit 3", "Losses").as_deref(),
        Some("3")
    );
    assert_eq!(
        kept(&play, "french", "Unit 3", "yellow markers").as_deref(),
        Some("1")
    );
    assert_eq!(
        kept(&play, "french", "Unit 1", "yellow markers").as_deref(),
        Some("0")
    );
    assert_eq!(
        kept(&play, "french", "Unit 1", "Losses").as_deref(),
        Some("0")
    );
}

/// 1 Unit per Formation suffers the Loss (L994): one name for each Formation, each of its own
/// Formation, among the Units of those Formations.
#[test]
fn l994_one_unit_per_formation_suffers_the_loss() {
    let mut play = result_game();
    add_unit(&mut play, "french", 5, "infantry", "I");
    formation(&mut play, "french", "I right", "I", &["Unit 5"]);
    let chosen = |units: &[&str]| {
        let mut values = result_values("Unit 1", 0);
        values.push(("attacker_formations", support::number(2)));
        values.push((
            "attacker_formation_names",
            support::list(&["I centre", "I right"]),
        ));
        values.push(("attacker_loss_units", support::list(units)));
        values
    };
    let too_few = play
        .refused("result-of-combat", &chosen(&["Unit 1"]))
        .expect("refused");
    assert!(too_few.contains("field `attacker_loss_units`"), "{too_few}");
    let same = play
        .refused("result-of-combat", &chosen(&["Unit 1", "Unit 2"]))
        .expect("refused");
    assert!(same.contains("both of I centre"), "{same}");
    assert!(same.contains("L994"), "{same}");
    assert_eq!(
        play.refused("result-of-combat", &chosen(&["Unit 1", "Unit 5"])),
        None
    );
    let stray = play
        .refused("result-of-combat", &chosen(&["Unit 1", "Unit 8"]))
        .expect("refused");
    assert!(stray.contains("Unit 8 is not among the Units"), "{stray}");
}

/// The rulebook counts one die per Formation without a limit (L981); the form takes 3 a side,
/// and refuses a fourth, naming the field.
#[test]
fn l981_the_form_takes_three_formations_a_side() {
    let mut input = result();
    number(&mut input, "attacker_formations", 3);
    assert_eq!(procedure("result-of-combat").dice(&input).slots.len(), 4);
    number(&mut input, "attacker_formations", 4);
    let refusal = refusal("result-of-combat", &input, &[1; 5]);
    assert!(refusal.contains("field `attacker_formations`"), "{refusal}");
}

/// A Pursuit is a Charge (L960): the Formation it reaches loses its green marker, and the markers
/// in its General's box are lost (L815). Here the English Formation "Line" of Picton's Reserve,
/// put in movement with 2 of his markers left, is reached by a Pursuit that needs no roll (L967).
#[test]
fn l815_a_pursuit_charges_the_formation_it_reaches() {
    let mut play = game();
    add_unit(&mut play, "british", 8, "infantry", "R");
    formation(&mut play, "british", "Line", "R", &["Unit 8"]);
    play.play(
        "initiative-markers",
        &[("side", support::text("british"))],
        &[6],
    );
    play.go_to(1, 2, 0);
    assign(&mut play, "british", "Picton", 2);
    play.go_to(1, 2, 1);
    play.play(
        "order",
        &[
            ("side", support::text("british")),
            ("commander", support::text("Picton")),
            ("order", support::text("put_in_movement")),
            ("formation", support::text("Line")),
        ],
        &[],
    );
    assert_eq!(
        kept(&play, "british", "Line", "green marker").as_deref(),
        Some("yes")
    );
    assert_eq!(
        kept(&play, "british", "Picton", "markers").as_deref(),
        Some("2")
    );

    play.go_to(1, 2, 3);
    let pursuit = [
        ("side", support::text("french")),
        ("in_contact", support::flag(true)),
        ("charged", support::text("Line")),
    ];
    let input = play.input("pursuit", &pursuit);
    assert_eq!(input.text("enemy"), "british");
    assert_eq!(input.text("charged_general"), "Picton");
    // Another corps's General keeps his markers: the refusal names him (L815).
    let hill = [
        pursuit.to_vec(),
        vec![("charged_general", support::text("Hill"))],
    ]
    .concat();
    let refused = play.refused("pursuit", &hill).expect("Hill");
    assert!(
        refused.contains("Hill is not the General of the R Corps"),
        "{refused}"
    );
    let result = play.play("pursuit", &pursuit, &[]);
    assert_eq!(result.outcome.key, "Pursuit");
    assert!(result.effects.iter().any(|e| e.describe().contains("L815")));
    assert_eq!(kept(&play, "british", "Line", "green marker"), None);
    assert_eq!(
        kept(&play, "british", "Picton", "markers").as_deref(),
        Some("0")
    );
}

/// What the forms fill in from the record about the Units named (the Losses each can still
/// sustain, L463; those already Shaken, L994) cannot be edited away from it: a Unit could pass its
/// capacity without being eliminated, or take a second yellow marker instead of its Loss.
#[test]
fn l463_l994_facts_filled_in_from_the_record_stay_the_records() {
    let play = losses_game();
    let edited = [
        shares(&[("Unit 1", 1), ("Unit 2", 1)]),
        vec![("left_2", support::number(3))],
    ]
    .concat();
    let refused = play.refused("melee-losses", &edited).expect("edited");
    assert!(
        refused.contains("field `left_2`") && refused.contains("Unit 2 can still sustain 1"),
        "{refused}"
    );

    let play = result_game();
    let unshaken = [
        result_values("Unit 1", 1),
        vec![("attacker_shaken_units", support::list(&[]))],
    ]
    .concat();
    let refused = play.refused("result-of-combat", &unshaken).expect("edited");
    assert!(
        refused.contains("field `attacker_shaken_units`")
            && refused.contains("the record lists Unit 2, Unit 3"),
        "{refused}"
    );
    assert_eq!(
        play.refused("result-of-combat", &result_values("Unit 1", 1)),
        None
    );
}

// ---------------------------------------------------------------------------
// The Garrisons in melee (L540)
// ---------------------------------------------------------------------------

/// The English Garrison Unit 50 defends against the French Unit 23 in Step A (L538: the Garrisons
/// are English), the form naming which Garrison it is.
fn garrison_melee(which: &str) -> Input {
    let mut input = melee();
    text(&mut input, "defender", "Unit 50");
    text(&mut input, "defender_type", "garrison");
    text(&mut input, "defender_garrison", which);
    input
}

/// "Haye Sainte (IIS) is eliminated if Routed or in Retreat as result of melee" (L540): the form
/// asks which Garrison, as the bombardment's does, and a Retreat (a difference of 4, L906)
/// eliminates Haye Sainte on the record, where Hougoumont ignores it and stays (L540: it is
/// eliminated only if Routed). A Garrison left unsaid is refused, naming the field; so is a
/// French one.
#[test]
fn l540_haye_sainte_is_eliminated_by_a_retreat_from_melee() {
    let haye_sainte = fight(&garrison_melee("haye_sainte"), &[5, 1]);
    assert_eq!(row(&haye_sainte), Some(("4".into(), "R".into())));
    let record = applied(Record::default(), &haye_sainte);
    assert_eq!(
        record
            .unit("british", "Unit 50")
            .map(|u| u.state.to_string()),
        Some("Eliminated".into())
    );
    assert!(
        haye_sainte.outcome.headline.contains("eliminated"),
        "{}",
        haye_sainte.outcome.headline
    );
    assert!(
        !mentions(&haye_sainte, "must Withdraw 1"),
        "nothing is in contact with a Garrison gone"
    );

    let hougoumont = fight(&garrison_melee("hougoumont"), &[5, 1]);
    let record = applied(Record::default(), &hougoumont);
    assert_eq!(record.unit("british", "Unit 50"), None, "Hougoumont stays");
    assert!(mentions(&hougoumont, "A Garrison ignores a Retreat"));
    // Routed, either Garrison is eliminated (L540).
    for which in ["hougoumont", "haye_sainte"] {
        let routed = applied(Record::default(), &fight(&garrison_melee(which), &[6, 1]));
        assert_eq!(
            routed
                .unit("british", "Unit 50")
                .map(|u| u.state.to_string()),
            Some("Eliminated".into()),
            "{which}"
        );
    }

    let unsaid = refusal("melee", &garrison_melee("no"), &[5, 1]);
    assert!(unsaid.contains("field `defender_garrison`"), "{unsaid}");
    assert!(unsaid.contains("L540"), "{unsaid}");
    let mut french = garrison_melee("hougoumont");
    text(&mut french, "side", "british");
    text(&mut french, "enemy_side", "french");
    let french = refusal("melee", &french, &[5, 1]);
    assert!(french.contains("field `defender_type`"), "{french}");
    assert!(french.contains("L538"), "{french}");
}

/// "Combats involving Garrisons ignore the Result of Combat phase. All of the enemy Formations still
/// in contact with a Garrison at the end of the melee must Withdraw 1" (L540): played through the
/// session, the result names the French Formations the players list, after a melee that leaves the
/// Garrison standing, whatever its outcome; a list of Formations is refused where no Garrison
/// fights, and a Formation of the Garrison's own army is not the enemy's.
#[test]
fn l540_enemy_formations_in_contact_with_a_garrison_withdraw_1() {
    let mut play = game();
    add_unit(&mut play, "french", 23, "infantry", "I");
    add_unit(&mut play, "french", 24, "infantry", "I");
    add_unit(&mut play, "british", 50, "garrison", "II");
    add_unit(&mut play, "british", 8, "infantry", "II");
    formation(&mut play, "french", "I left", "I", &["Unit 23"]);
    formation(&mut play, "french", "I right", "I", &["Unit 24"]);
    formation(&mut play, "british", "II line", "II", &["Unit 8"]);
    let values = |contacts: &[&str]| -> Facts {
        vec![
            ("side", support::text("french")),
            ("enemy_side", support::text("british")),
            ("attacker", support::text("Unit 23")),
            ("defender", support::text("Unit 50")),
            ("defender_garrison", support::text("hougoumont")),
            ("charge", support::text("none")),
            ("garrison_contacts", support::list(contacts)),
        ]
    };
    let input = play.input("melee", &values(&[]));
    assert_eq!(
        input.text("defender_type"),
        "garrison",
        "the tile, from the record"
    );
    for (faces, outcome) in [
        ([3, 3], "equal"),
        ([4, 1], "Withdraw"),
        ([1, 4], "attacker Withdraws"),
    ] {
        let res = play.play("melee", &values(&["I left", "I right"]), &faces);
        assert!(
            mentions(
                &res,
                "French (blue): its Formations I left, I right still in contact with the Hougoumont (II) Garrison at the end of the melee must Withdraw 1"
            ),
            "{outcome}: {:?}",
            reminders(&res)
        );
        assert!(mentions(&res, "ignores the Result of Combat"), "{outcome}");
    }
    assert_eq!(play.state("british", "Unit 50"), "On the battlefield");
    // Unnamed, the reminder still speaks of every Formation in contact.
    let res = play.play("melee", &values(&[]), &[3, 3]);
    assert!(mentions(
        &res,
        "every Formation still in contact with the Hougoumont (II) Garrison"
    ));

    let own = play
        .refused("melee", &values(&["II line"]))
        .expect("refused");
    assert!(own.contains("field `garrison_contacts`"), "{own}");
    let mut no_garrison = values(&["I left"]);
    no_garrison.push(("defender", support::text("Unit 8")));
    let refused = play.refused("melee", &no_garrison).expect("refused");
    assert!(refused.contains("field `garrison_contacts`"), "{refused}");
    assert!(refused.contains("L540"), "{refused}");
}
