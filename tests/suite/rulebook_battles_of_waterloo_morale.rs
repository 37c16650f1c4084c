//! The Battles of Waterloo checked against its rulebook: Command Morale (Shaken and Shattered),
//! the Imperial Guard's fall, and the chateau CID step recovery with its supporting unit's roll.
//!
//! Specification: the rulebook `shared/seeds/001_313c361a8749247d.txt` (cited as Lnnn, with the
//! rule number as printed: R 10.2, L1627-1651; R 10.3, L1653-1661; R 8.93D-E, L1409-1421) and its
//! digest `shared/rules/seed001_battles_of_waterloo.md` (§3.38, §3.43, §3.44, §6 #27 the Maitland
//! example, §7, and its Corrections). Counter values the rulebook does not print are FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::odds;
use aide_de_camp::engine::record::{Effect, Record};
use support::battles_of_waterloo::{add_unit, form, procedure, refusal, resolve, start, tables};
use support::{Play, flag, list, mentions, number, text};

fn with(record: &Record, effects: &[Effect]) -> Record {
    let mut record = record.clone();
    record.apply(effects, 0);
    record
}

fn odds_of(id: &str, input: &Input, key: &str) -> u64 {
    odds(procedure(id), input, &tables())
        .unwrap()
        .iter()
        .find(|l| l.key == key)
        .map_or(0, |l| l.count)
}

fn routed(name: &str) -> Effect {
    Effect::set_state("french", name, "Routed", "test")
}

fn steps_lost(name: &str, lost: i64) -> Effect {
    Effect::set_attribute("french", name, "steps lost", lost, "test")
}

// --- Command Morale, R 10.2 -------------------------------------------------------------------

/// The French "I Corps" (FICTIONAL): four infantry, one of them without a reverse side (2 steps),
/// and a battery, which never counts.
fn corps() -> Play {
    let mut play = start("quatre-bras");
    for name in ["A", "B", "C"] {
        add_unit(&mut play, "french", name, "infantry", &[]);
    }
    add_unit(
        &mut play,
        "french",
        "D",
        "infantry",
        &[("steps", text("2"))],
    );
    add_unit(
        &mut play,
        "french",
        "Battery",
        "artillery",
        &[("steps", text("2"))],
    );
    play
}

fn morale(command: &str) -> Vec<(&'static str, Value)> {
    vec![("side", text("french")), ("command", text(command))]
}

/// R 10.21A, L1633: Shaken when more than one-half are Routed, Reduced or Eliminated: 2 of 4 is
/// not, 3 of 4 is. The artillery does not count, even routed.
#[test]
fn l1633_shaken_when_more_than_half() {
    let play = corps();
    let record = with(
        play.record(),
        &[routed("A"), steps_lost("B", 2), routed("Battery")],
    );
    let input = form(&record, "command-morale", &morale("I Corps"));
    assert_eq!(input.number("record_units"), 4);
    assert_eq!(input.number("record_bad"), 2);
    let r = resolve("command-morale", &input, &[]);
    assert_eq!(r.outcome.key, "steady", "2 x 2 = 4 is not more than 4");
    let record = with(
        &record,
        &[Effect::set_state("french", "C", "Eliminated", "test")],
    );
    let input = form(&record, "command-morale", &morale("I Corps"));
    let r = resolve("command-morale", &input, &[]);
    assert_eq!(r.outcome.key, "shaken");
    assert!(r.effects.contains(&Effect::Mark {
        name: "Shaken: I Corps (French)".into(),
        rule: "Shaken Commands, R 10.21A, L1633".into()
    }));
    assert!(mentions(
        &r,
        "+1 to all its Disorder and Rally/Recovery die rolls"
    ));
    assert!(mentions(&r, "Front hexes only"));
    assert!(mentions(&r, "Strategic Movement"));
}

/// Digest §7, "Flipped/Reduced": a unit with a reverse side counts from its second step lost (it
/// is flipped, L1464); one step lost does not; a 2-step unit is never Reduced, its second step
/// eliminates it (L1464).
#[test]
fn digest_s7_what_reduced_means() {
    let play = corps();
    let count = |effects: &[Effect]| {
        form(
            &with(play.record(), effects),
            "command-morale",
            &morale("I Corps"),
        )
        .number("record_bad")
    };
    assert_eq!(count(&[steps_lost("A", 1)]), 0);
    assert_eq!(count(&[steps_lost("A", 2)]), 1);
    assert_eq!(
        count(&[steps_lost("D", 1)]),
        0,
        "a 2-step unit with a marker is not Reduced"
    );
    assert_eq!(
        count(&[steps_lost("D", 2)]),
        1,
        "its second step eliminates it"
    );
}

/// R 10.22, L1646-1651: Shattered when all are Routed, Reduced or Eliminated, and for good: it
/// stays Shattered once its Routed units rally. The record after Apply keeps both marks.
#[test]
fn l1646_l1651_shattered_for_good() {
    let mut play = corps();
    let mut record = with(
        play.record(),
        &[
            routed("A"),
            routed("B"),
            steps_lost("C", 3),
            steps_lost("D", 2),
        ],
    );
    let input = form(&record, "command-morale", &morale("I Corps"));
    let r = resolve("command-morale", &input, &[]);
    assert_eq!(r.outcome.key, "shattered");
    assert!(mentions(
        &r,
        "at least five hexes from the nearest enemy combat unit, and In Command"
    ));
    record.apply(&r.effects, 1);
    assert!(record.marks.contains("Shattered: I Corps (French)"));
    assert!(record.marks.contains("Shaken: I Corps (French)"));
    // Every unit rallies: still Shattered (L1651).
    let record = with(
        &record,
        &[
            Effect::set_state("french", "A", "In play", "test"),
            Effect::set_state("french", "B", "In play", "test"),
            steps_lost("C", 0),
            steps_lost("D", 0),
        ],
    );
    let input = form(&record, "command-morale", &morale("I Corps"));
    assert!(input.flag("was_shattered"));
    let r = resolve("command-morale", &input, &[]);
    assert_eq!(r.outcome.key, "shattered");
    assert!(r.outcome.headline.contains("for good"));
    // Through the app: the check is in the Command Morale Phase.
    play.go_to(1, 5, 0);
    assert!(
        play.game.sequence.phases[5].steps[0]
            .procedures
            .contains(&"command-morale")
    );
    play.play("command-morale", &morale("I Corps"), &[]);
    assert!(!play.record().marks.contains("Shaken: I Corps (French)"));
}

/// R 10.21C, L1642: a Shaken Command recovers once its Routed units rally.
#[test]
fn l1642_a_shaken_command_recovers() {
    let play = corps();
    let mut record = with(play.record(), &[routed("A"), routed("B"), routed("C")]);
    let r = resolve(
        "command-morale",
        &form(&record, "command-morale", &morale("I Corps")),
        &[],
    );
    record.apply(&r.effects, 1);
    assert!(record.marks.contains("Shaken: I Corps (French)"));
    let mut record = with(
        &record,
        &[Effect::set_state("french", "C", "In play", "test")],
    );
    let input = form(&record, "command-morale", &morale("I Corps"));
    assert!(input.flag("was_shaken"));
    let r = resolve("command-morale", &input, &[]);
    assert_eq!(r.outcome.key, "steady");
    assert!(mentions(&r, "recovers from Shaken"));
    record.apply(&r.effects, 2);
    assert!(!record.marks.contains("Shaken: I Corps (French)"));
}

/// Units not on the record are typed in; the marks name the army, since two armies have an
/// "I Corps".
#[test]
fn units_not_on_the_record_and_the_army_of_the_mark() {
    let mut play = corps();
    let values = [
        ("side", text("allied")),
        ("command", text("I Corps")),
        ("other_units", number(4)),
        ("other_bad", number(3)),
    ];
    let r = play.play("command-morale", &values, &[]);
    assert_eq!(r.outcome.key, "shaken");
    assert!(
        play.record()
            .marks
            .contains("Shaken: I Corps (Anglo-Allied)")
    );
    assert!(!play.record().marks.contains("Shaken: I Corps (French)"));
}

#[test]
fn command_morale_refuses_bad_counts_and_unknown_commands() {
    let play = corps();
    let refused = play.refused("command-morale", &morale("IV Corps")).unwrap();
    assert!(refused.contains("its Commands: I Corps"), "{refused}");
    assert!(
        play.refused("command-morale", &morale(""))
            .unwrap()
            .contains("name the Command")
    );
    let mut too_many = morale("I Corps");
    too_many.extend([("other_units", number(1)), ("other_bad", number(2))]);
    assert!(
        play.refused("command-morale", &too_many)
            .unwrap()
            .contains("more than the units")
    );
    let mut stale = morale("I Corps");
    stale.push(("record_bad", number(3)));
    assert!(
        play.refused("command-morale", &stale)
            .unwrap()
            .contains("the record says otherwise")
    );
}

// --- The Imperial Guard, R 10.3 ---------------------------------------------------------------

/// Mont St. Jean: the 1 Gren of the Guard and three French units of Cohesion 5 (FICTIONAL).
fn guard() -> Play {
    let mut play = start("mont-st-jean");
    add_unit(
        &mut play,
        "french",
        "1 Gren",
        "infantry",
        &[("guard", flag(true))],
    );
    add_unit(&mut play, "french", "Line", "infantry", &[]);
    add_unit(&mut play, "french", "Cuirassiers", "heavy_cavalry", &[]);
    add_unit(&mut play, "french", "Lancers", "light_cavalry", &[]);
    add_unit(
        &mut play,
        "french",
        "Battery",
        "artillery",
        &[("steps", text("2"))],
    );
    play
}

fn falls(units: &[&str]) -> Vec<(&'static str, Value)> {
    vec![
        ("guard_unit", text("1 Gren")),
        ("trigger", text("rout")),
        ("units", list(units)),
    ]
}

/// R 10.33, L1661: a 0 exactly, no effect; a pass, stays in place Disordered; a fail, Routs.
#[test]
fn l1661_zero_pass_and_fail() {
    let mut play = guard();
    let r = play.play(
        "imperial-guard",
        &falls(&["Line", "Cuirassiers", "Lancers"]),
        &[0, 5, 6],
    );
    assert_eq!(r.outcome.key, "rout");
    assert!(
        r.outcome.headline.contains("Line a 0: no effect"),
        "{}",
        r.outcome.headline
    );
    assert!(
        r.outcome
            .headline
            .contains("Cuirassiers stays in place Disordered")
    );
    assert!(r.outcome.headline.contains("Lancers Routs"));
    assert_eq!(play.attribute("french", "Line", "disorder"), None);
    assert_eq!(
        play.attribute("french", "Cuirassiers", "disorder")
            .as_deref(),
        Some("D-1")
    );
    assert_eq!(play.state("french", "Lancers"), "Routed");
}

/// The odds for Cohesion 5: no effect 1/10 (the 0), Disordered 5/10 (1-5), Rout 4/10.
#[test]
fn l1661_the_odds_and_the_boundaries() {
    let play = guard();
    let input = play.input("imperial-guard", &falls(&["Line"]));
    assert_eq!(odds_of("imperial-guard", &input, "no effect"), 1);
    assert_eq!(odds_of("imperial-guard", &input, "disordered"), 5);
    assert_eq!(odds_of("imperial-guard", &input, "rout"), 4);
    assert_eq!(
        resolve("imperial-guard", &input, &[1]).outcome.key,
        "disordered"
    );
    // Cohesion 0 (FICTIONAL): the 0 is still no effect, a 1 Routs.
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "french", "Line", "cohesion", "0", "test",
        )],
    );
    let input = form(&record, "imperial-guard", &falls(&["Line"]));
    assert_eq!(
        resolve("imperial-guard", &input, &[0]).outcome.key,
        "no effect"
    );
    assert_eq!(resolve("imperial-guard", &input, &[1]).outcome.key, "rout");
}

/// "No DRMs apply" (L1661), not even the Square -1 (digest, Corrections).
#[test]
fn l1661_no_drms_not_even_square() {
    let play = guard();
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "french", "Line", "square", "yes", "test",
        )],
    );
    let input = form(&record, "imperial-guard", &falls(&["Line"]));
    let r = resolve("imperial-guard", &input, &[6]);
    assert!(r.modifiers.is_empty());
    assert_eq!(r.outcome.key, "rout", "6 against 5, no -1");
}

/// "Stay in place disordered" for a unit already D-1, by both readings of the setting.
#[test]
fn l1661_an_already_disordered_unit_by_either_reading() {
    let mut play = guard();
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "french", "Line", "disorder", "D-1", "test",
        )],
    );
    let r = resolve(
        "imperial-guard",
        &form(&record, "imperial-guard", &falls(&["Line"])),
        &[3],
    );
    assert!(mentions(&r, "already Disordered (D-1): no change"));
    play.play("settings", &[("becomes_disordered", text("d_result"))], &[]);
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "french", "Line", "disorder", "D-1", "test",
        )],
    );
    let r = resolve(
        "imperial-guard",
        &form(&record, "imperial-guard", &falls(&["Line"])),
        &[3],
    );
    assert!(mentions(&r, "Disordered: D-2"));
}

/// L1659: infantry and cavalry only, and not the Guard.
#[test]
fn l1659_the_guard_and_the_artillery_do_not_test() {
    let mut play = guard();
    add_unit(
        &mut play,
        "french",
        "2 Chas",
        "infantry",
        &[("guard", flag(true))],
    );
    let refused = play
        .refused("imperial-guard", &falls(&["Line", "2 Chas"]))
        .unwrap();
    assert!(refused.contains("Imperial Guard"), "{refused}");
    let input = play.input("imperial-guard", &falls(&[]));
    assert!(!procedure("imperial-guard").offers(
        "units",
        &input,
        play.record(),
        "french",
        "2 Chas"
    ));
    let refused = refusal(play.record(), "imperial-guard", &falls(&["Battery"])).unwrap();
    assert!(refused.contains("artillery"), "{refused}");
}

// --- Chateau CID step recovery, R 8.93D-E -----------------------------------------------------

/// Mont St. Jean with Maitland's brigade, Cohesion 9 (L1417).
fn hougomont() -> Play {
    let mut play = start("mont-st-jean");
    add_unit(
        &mut play,
        "allied",
        "Maitland",
        "infantry",
        &[("cohesion", number(9)), ("british", flag(true))],
    );
    play
}

fn recovery(cid: i64) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("allied")),
        ("chateau", text("Hougomont")),
        ("cid_steps", number(cid)),
        ("printed_steps", number(4)), // FICTIONAL
        ("unit", text("Maitland")),
    ]
}

/// §6 #27, the Maitland example (R 8.93E3, L1417), over two turns: turn one a 5 (+0), no loss;
/// the next turn a 5 +1 = 6, then an 8 +2 = 10, over 9: Maitland loses a step and the next roll
/// is back at +0.
#[test]
fn l1417_the_maitland_example_over_two_turns() {
    let mut play = hougomont();
    play.go_to(1, 2, 0);
    let first = play.play("chateau-recovery", &recovery(3), &[5]);
    assert_eq!(first.outcome.key, "holds");
    assert!(first.modifiers.is_empty());
    assert!(mentions(&first, "Hougomont recovers one CID step: 4 of 4"));
    assert_eq!(
        play.attribute("allied", "Maitland", "recovery modifier")
            .as_deref(),
        Some("1")
    );
    play.go_to(2, 2, 0);
    assert_eq!(
        play.input("chateau-recovery", &recovery(2))
            .number("recovery_modifier"),
        1
    );
    let second = play.play("chateau-recovery", &recovery(2), &[5]);
    assert_eq!(second.totals[0].total, 6);
    assert_eq!(second.outcome.key, "holds");
    let third = play.play("chateau-recovery", &recovery(3), &[8]);
    assert_eq!(third.totals[0].total, 10);
    assert_eq!(third.outcome.key, "step lost");
    assert_eq!(
        play.attribute("allied", "Maitland", "steps lost")
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("allied", "Maitland", "recovery modifier"),
        None
    );
    assert_eq!(
        play.input("chateau-recovery", &recovery(3))
            .number("recovery_modifier"),
        0
    );
}

/// L1415: a natural 9 always loses a step, whatever the Cohesion; at the Cohesion it holds, one
/// over it loses.
#[test]
fn l1415_a_natural_nine_and_the_boundaries() {
    let play = hougomont();
    let input = play.input("chateau-recovery", &recovery(3));
    assert_eq!(
        resolve("chateau-recovery", &input, &[9]).outcome.key,
        "step lost",
        "9 against 9"
    );
    assert_eq!(odds_of("chateau-recovery", &input, "step lost"), 1);
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Maitland", "cohesion", "5", "test",
        )],
    );
    let input = form(&record, "chateau-recovery", &recovery(3));
    assert_eq!(
        resolve("chateau-recovery", &input, &[5]).outcome.key,
        "holds"
    );
    assert_eq!(
        resolve("chateau-recovery", &input, &[6]).outcome.key,
        "step lost"
    );
}

/// L1640: +1 to Recovery rolls in a Shaken Command, filled in from the Command Morale mark.
#[test]
fn l1640_shaken_adds_one() {
    let play = hougomont();
    let record = with(
        play.record(),
        &[
            Effect::set_attribute("allied", "Maitland", "cohesion", "5", "test"),
            Effect::Mark {
                name: "Shaken: I Corps (Anglo-Allied)".into(),
                rule: "test".into(),
            },
        ],
    );
    let input = form(&record, "chateau-recovery", &recovery(3));
    assert!(input.flag("shaken"));
    let r = resolve("chateau-recovery", &input, &[5]);
    assert_eq!(r.modifiers.len(), 1);
    assert!(r.modifiers[0].rule.contains("L1640"));
    assert_eq!(r.outcome.key, "step lost", "5 +1 = 6 over 5");
}

/// The roll is no Cohesion Check: a natural 0 lifted over the Cohesion loses, unless the
/// `natural_zero` house rule is taken.
#[test]
fn natural_zero_by_the_setting() {
    let mut play = hougomont();
    let record = with(
        play.record(),
        &[
            Effect::set_attribute("allied", "Maitland", "cohesion", "1", "test"),
            Effect::set_attribute("allied", "Maitland", "recovery modifier", "2", "test"),
        ],
    );
    let input = form(&record, "chateau-recovery", &recovery(3));
    assert_eq!(
        resolve("chateau-recovery", &input, &[0]).outcome.key,
        "step lost"
    );
    play.play("settings", &[("natural_zero", text("every_test"))], &[]);
    let record = with(
        play.record(),
        &[
            Effect::set_attribute("allied", "Maitland", "cohesion", "1", "test"),
            Effect::set_attribute("allied", "Maitland", "recovery modifier", "2", "test"),
        ],
    );
    let input = form(&record, "chateau-recovery", &recovery(3));
    assert_eq!(
        resolve("chateau-recovery", &input, &[0]).outcome.key,
        "holds"
    );
}

/// L1409, L1413, L1414: only a Supported chateau below its printed steps, and an unengaged,
/// undisordered infantry unit; the cumulative modifier is the record's.
#[test]
fn chateau_recovery_refusals() {
    let mut play = hougomont();
    add_unit(&mut play, "allied", "Hussars", "light_cavalry", &[]);
    let refuse = |play: &Play, extra: &[(&'static str, Value)], cid: i64| {
        let mut values = recovery(cid);
        values.extend(extra.iter().cloned());
        play.refused("chateau-recovery", &values)
    };
    assert!(refuse(&play, &[], 3).is_none());
    assert!(
        refuse(&play, &[("supported", flag(false))], 3)
            .unwrap()
            .contains("Unsupported")
    );
    assert!(refuse(&play, &[], 4).unwrap().contains("printed"));
    assert!(
        refuse(&play, &[("unit", text("Hussars"))], 3)
            .unwrap()
            .contains("infantry")
    );
    assert!(
        refuse(&play, &[("recovery_modifier", number(3))], 3)
            .unwrap()
            .contains("the record says otherwise")
    );
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Maitland", "disorder", "D-1", "test",
        )],
    );
    assert!(
        refusal(&record, "chateau-recovery", &recovery(3))
            .unwrap()
            .contains("Disordered")
    );
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Maitland", "engaged", "yes", "test",
        )],
    );
    assert!(
        refusal(&record, "chateau-recovery", &recovery(3))
            .unwrap()
            .contains("Engaged")
    );
}
