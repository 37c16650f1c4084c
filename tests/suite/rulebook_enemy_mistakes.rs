//! Waterloo: Enemy Mistakes checked against its rulebook: the bombardment and its Damage.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.8, §3.9 and the test vectors D1-D7 of §6).
//! The text prints no worked example with dice, so the vectors are worked out from the rules by
//! hand; the unsigned modifiers of L688-690 are read as negative (L602, L610 print them signed).

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::{Resolution, odds, resolve_checked};
use aide_de_camp::engine::record::{Effect, Record};
use support::enemy_mistakes::{self, procedure, refusal as refused_on, resolve, tables};
use support::set::{flag, number};
use support::{Play, attribute, reminders, text};

/// A French Foot Artillery Unit bombards an English Unit in the open, no modifier.
fn bombardment() -> Input {
    let mut input = Input::defaults(procedure("bombardment").fields());
    input.set("side", Value::Text("french".into()));
    input.set("artillery", Value::Text("Unit 23".into()));
    input.set("target", Value::Text("Unit 8".into()));
    input
}

fn bombard(input: &Input, faces: [u8; 2]) -> Resolution {
    resolve("bombardment", input, &faces)
}

fn row(resolution: &Resolution) -> (String, String) {
    let cell = resolution.cell.as_ref().expect("the table cell read");
    (cell.row.to_string(), cell.result.to_string())
}

fn total(resolution: &Resolution) -> i32 {
    resolution.totals[0].total
}

/// Whether any effect of the result, on the record or in words, says `words`.
fn mentions(resolution: &Resolution, words: &str) -> bool {
    reminders(resolution).iter().any(|r| r.contains(words))
        || resolution
            .effects
            .iter()
            .any(|e| e.describe().contains(words))
}

/// Every band of the Bombardment effects table at its edges (L680-684), on unmodified rolls.
#[test]
fn l680_every_row_of_the_bombardment_table_at_its_edges() {
    let input = bombardment();
    for (faces, row_label, code) in [
        ([1, 1], "2", "SS"),
        ([1, 2], "3/5", "S"),
        ([2, 3], "3/5", "S"),
        ([3, 3], "6/7", "D1"),
        ([3, 4], "6/7", "D1"),
        ([4, 4], "8/10", "D2W"),
        ([4, 6], "8/10", "D2W"),
        ([5, 6], "11+", "D2LR"),
        ([6, 6], "11+", "D2LR"),
    ] {
        let res = bombard(&input, faces);
        assert_eq!(row(&res), (row_label.into(), code.into()), "{faces:?}");
        assert_eq!(total(&res), i32::from(faces[0] + faces[1]));
    }
}

/// D1: natural 5 (2+3) with 2 supporters and the target in column: the modifiers do not count,
/// since the unmodified roll is not higher than 5 (L719): Smoke only, no Damage.
#[test]
fn d1_l719_modifiers_do_not_count_on_a_natural_5() {
    let mut input = bombardment();
    number(&mut input, "supporters", 2);
    flag(&mut input, "target_in_column");
    let res = bombard(&input, [2, 3]);
    assert_eq!(total(&res), 5);
    assert_eq!(row(&res).0, "3/5");
    assert!(
        res.limits.iter().any(|l| l.rule.contains("L719")),
        "{:#?}",
        res.limits
    );
    assert!(mentions(
        &res,
        "its 2 supporters each receive a Smoke token"
    ));
    assert!(!mentions(&res, "Damage"));
    // The same modifiers on a natural 6 count: 6 + 2 + 1 = 9.
    assert_eq!(total(&bombard(&input, [3, 3])), 9);
}

/// D2: natural 6, the Artillery Shaken (-1) and the target completely in a Town (-2): 3, Smoke only
/// (L688, L690, L610).
#[test]
fn d2_l690_shaken_artillery_at_a_town_scores_3() {
    let mut input = bombardment();
    flag(&mut input, "artillery_shaken");
    input.set("target_terrain", Value::Text("town".into()));
    let res = bombard(&input, [3, 3]);
    assert_eq!(total(&res), 3);
    assert_eq!(row(&res), ("3/5".into(), "S".into()));
    let values: Vec<i32> = res.modifiers.iter().map(|m| m.value).collect();
    assert_eq!(values, vec![-1, -2]);
}

/// D3: natural 6 with 2 supporters, the target in column and fired on the rear: 10, 2 Damage; a
/// target fired on the rear cannot Withdraw (L771), so it is Shaken (L683).
#[test]
fn d3_l771_fire_on_the_rear_shakes_instead_of_withdrawing() {
    let mut input = bombardment();
    number(&mut input, "supporters", 2);
    flag(&mut input, "target_in_column");
    flag(&mut input, "fire_on_rear");
    let res = bombard(&input, [2, 4]);
    assert_eq!(total(&res), 10);
    assert_eq!(row(&res), ("8/10".into(), "D2W".into()));
    assert!(mentions(&res, "Unit 8 suffers 2 Damage"));
    assert!(mentions(&res, "cannot Withdraw"));
}

/// D4: a natural 2 shakes the bombarding Unit (L680).
#[test]
fn d4_l680_a_natural_2_shakes_the_artillery() {
    let res = bombard(&bombardment(), [1, 1]);
    assert!(mentions(&res, "Unit 23 receives 1 yellow marker"));
    assert!(res.outcome.headline.contains("Unit 23 is Shaken"));
}

/// D5: natural 12 at a target completely in a Wood: 11, 2 Damage, 1 Loss and Retreat (L684, L689).
/// Above 11 the "11+" row is read.
#[test]
fn d5_l684_eleven_or_more_is_damage_loss_and_retreat() {
    let mut input = bombardment();
    input.set("target_terrain", Value::Text("wood".into()));
    let res = bombard(&input, [6, 6]);
    assert_eq!(total(&res), 11);
    assert_eq!(row(&res), ("11+".into(), "D2LR".into()));
    assert!(mentions(&res, "1 Loss besides the Damage"));

    let mut input = bombardment();
    number(&mut input, "supporters", 3);
    let res = bombard(&input, [6, 6]);
    assert_eq!(total(&res), 15);
    assert_eq!(row(&res).0, "11+");
}

/// D6: the Grand Battery (L727): Unit 23 bombards with 24 and 9 adjacent in support, +2; only the
/// executor takes Smoke. Only the French have it.
#[test]
fn d6_l727_the_grand_battery_supporters_take_no_smoke() {
    let mut input = bombardment();
    number(&mut input, "supporters", 2);
    flag(&mut input, "grand_battery");
    let res = bombard(&input, [3, 4]);
    assert_eq!(total(&res), 9);
    assert!(mentions(
        &res,
        "its 2 adjacent supporters of the Grand Battery do not"
    ));

    input.set("side", Value::Text("british".into()));
    input.set("target_side", Value::Text("french".into()));
    let refused = resolve_checked(procedure("bombardment"), &input, &tables(), &[3, 4]);
    assert!(refused.is_err_and(|e| e.to_string().contains("French")));
}

/// An attached General rolls for his life when the target takes Damage (L408), not otherwise.
#[test]
fn l408_an_attached_general_is_at_risk_only_from_damage() {
    let mut input = bombardment();
    flag(&mut input, "general_attached");
    assert!(mentions(
        &bombard(&input, [3, 3]),
        "rolls 2 dice for his life"
    ));
    assert!(!mentions(
        &bombard(&input, [2, 2]),
        "rolls 2 dice for his life"
    ));
}

/// The odds of an unmodified bombardment are the table's bands over 36 throws, best first for the
/// bombarding army: 11+ on 3, 8-10 on 12, 6-7 on 11, 3-5 on 9, 2 on 1 (digest §3.8).
#[test]
fn l680_the_odds_of_each_row_unmodified() {
    let lines = odds(procedure("bombardment"), &bombardment(), &tables()).expect("odds");
    let counts: Vec<u64> = lines.iter().map(|l| l.count).collect();
    assert_eq!(counts, vec![3, 12, 11, 9, 1]);
}

fn damage(count: i64, capacity: i64) -> Input {
    let mut input = Input::defaults(procedure("damage").fields());
    input.set("side", Value::Text("british".into()));
    input.set("unit", Value::Text("Unit 8".into()));
    number(&mut input, "damage", count);
    number(&mut input, "capacity_left", capacity);
    input
}

fn suffer(input: &Input, faces: &[u8]) -> Resolution {
    resolve("damage", input, faces)
}

/// D7: each Damage rolls 1 die and only a 5 or 6 is a Loss (L697): [5, 2] is 1 Loss, [6, 6] two,
/// [4, 4] none. At zero capacity the Unit is eliminated and its column-mates are Shaken (L672).
#[test]
fn d7_l697_only_a_5_or_6_turns_damage_into_a_loss() {
    let input = damage(2, 6);
    assert_eq!(procedure("damage").dice(&input).slots.len(), 2);
    assert_eq!(total(&suffer(&input, &[5, 2])), 1);
    assert_eq!(total(&suffer(&input, &[6, 6])), 2);
    assert_eq!(total(&suffer(&input, &[4, 4])), 0);

    let last = suffer(&damage(1, 1), &[5]);
    assert_eq!(last.outcome.key, "Eliminated");
    assert!(mentions(&last, "column become Shaken"));
    assert_eq!(suffer(&damage(1, 1), &[4]).outcome.key, "0 Losses");
    // A die face a d6 does not show is refused, naming the die.
    assert!(resolve_checked(procedure("damage"), &damage(1, 6), &tables(), &[7]).is_err());
}

/// The final 11+ adds one Loss whatever the Damage dice show (L684).
#[test]
fn l684_the_automatic_loss_of_eleven_or_more() {
    let mut input = damage(2, 6);
    input.set("automatic_losses", Value::Number(1));
    assert_eq!(total(&suffer(&input, &[1, 2])), 1);
    assert_eq!(total(&suffer(&input, &[5, 6])), 3);
}

/// "Units CANNOT suffer more Losses than their capacity to sustain Losses" (L914), and one whose
/// capacity is reduced to zero is eliminated (L697). Played through the session: the English Unit
/// 8, of capacity 4 (FICTIONAL), carries 3 Losses; 2 Damage rolled 6 and 6 give it 1 Loss token,
/// not 2, so the record holds 4 Losses, its capacity, and the Unit is eliminated. The result says
/// the other Loss goes unsuffered; the form left on its own places 1 token too.
#[test]
fn l914_l697_damage_never_takes_a_unit_past_its_capacity() {
    let mut play = Play::start("enemy-mistakes", "historical");
    enemy_mistakes::add_unit(&mut play, "british", 8, "infantry", "I");
    let suffered = |count: i64| {
        vec![
            ("side", text("british")),
            ("unit", text("Unit 8")),
            ("damage", Value::Number(count)),
        ]
    };
    play.play("damage", &suffered(3), &[6, 5, 6]);
    assert_eq!(
        play.attribute("british", "Unit 8", "Losses").as_deref(),
        Some("3")
    );
    assert_eq!(
        play.input("damage", &suffered(2)).number("capacity_left"),
        1
    );
    let res = play.play("damage", &suffered(2), &[6, 6]);
    assert_eq!(res.outcome.key, "Eliminated");
    assert!(
        res.outcome
            .headline
            .contains("suffers 1 Losses and is eliminated"),
        "{}",
        res.outcome.headline
    );
    assert_eq!(
        play.attribute("british", "Unit 8", "Losses").as_deref(),
        Some("4")
    );
    assert_eq!(play.state("british", "Unit 8"), "Eliminated");
    assert!(
        res.limits.iter().any(|l| l.rule.contains("L914")),
        "{:#?}",
        res.limits
    );
    assert!(mentions(&res, "the other 1 go unsuffered"));

    // On the form alone, with an automatic Loss besides (L684): 3 Losses, 1 placed.
    let mut input = damage(2, 1);
    input.set("automatic_losses", Value::Number(1));
    let res = suffer(&input, &[5, 6]);
    let placed: Vec<i64> = res
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::AddToAttribute { attribute, by, .. } if attribute.as_str() == "Losses" => {
                Some(*by)
            }
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![1]);
}

/// A bombardment marks the Units it names on the record: Smoke on the executor and its supporters
/// (L680-684, L723), yellow markers on the target (L683-684). A name the record does not know used
/// to be half-recorded: the artillery "Grand Battery 1", never added from a tile, became an entry
/// with a Smoke token and nothing else (no tile, no state), the target's yellow marker was lost, and
/// the next bombardment naming it failed on its empty state. Now, played through the session, each
/// unknown name is refused before anything is logged, naming its field and asking for the Unit to
/// be added from its tile first (Units, L455-467); the Damage form likewise (L697). Units on the
/// record bombard as before.
#[test]
fn l711_a_bombardment_names_only_units_on_the_record() {
    use aide_de_camp::engine::play::{Command, Dice};

    let mut play = Play::start("enemy-mistakes", "historical");
    enemy_mistakes::add_unit(&mut play, "french", 23, "foot_artillery", "I");
    enemy_mistakes::add_unit(&mut play, "french", 24, "foot_artillery", "I");
    enemy_mistakes::add_unit(&mut play, "british", 8, "infantry", "I");
    let fire = |artillery: &str, supporters: &[&str], target: &str| {
        vec![
            ("side", text("french")),
            ("artillery", text(artillery)),
            (
                "supporter_names",
                Value::List(supporters.iter().map(|n| (*n).into()).collect()),
            ),
            ("target_side", text("british")),
            ("target", text(target)),
        ]
    };
    let unknown = fire("Grand Battery 1", &[], "Unit 8");
    let logged = play.session.events().len();
    let command = Command::Resolve {
        procedure: "bombardment".into(),
        input: play.input("bombardment", &unknown),
        dice: Dice::Physical(vec![6, 6]),
        apply: true,
    };
    let refused = play
        .session
        .execute(play.game, &play.tables, command)
        .expect_err("an unknown artillery Unit is refused")
        .to_string();
    assert!(refused.contains("field `artillery`"), "{refused}");
    assert!(
        refused.contains("Grand Battery 1 is not on the record of French (blue): add the Unit from its tile first"),
        "{refused}"
    );
    assert_eq!(play.session.events().len(), logged, "nothing logged");
    assert!(play.record().unit("french", "Grand Battery 1").is_none());
    assert_eq!(
        play.attribute("british", "Unit 8", "yellow markers")
            .as_deref(),
        Some("0")
    );

    for (values, field) in [
        (fire("Unit 23", &["Unit 9"], "Unit 8"), "supporter_names"),
        (fire("Unit 23", &[], "Unit 80"), "target"),
    ] {
        let refused = play.refused("bombardment", &values).expect("refused");
        assert!(refused.contains(&format!("field `{field}`")), "{refused}");
        assert!(
            refused.contains("add the Unit from its tile first"),
            "{refused}"
        );
    }
    let damage = [
        ("side", text("british")),
        ("unit", text("Unit 80")),
        ("damage", Value::Number(2)),
    ];
    let refused = play.refused("damage", &damage).expect("refused");
    assert!(refused.contains("field `unit`"), "{refused}");

    // Named on the record, the Units take their markers; the next bombardment resolves too.
    play.play(
        "bombardment",
        &fire("Unit 23", &["Unit 24"], "Unit 8"),
        &[6, 5],
    );
    for unit in ["Unit 23", "Unit 24"] {
        assert_eq!(
            play.attribute("french", unit, "Smoke").as_deref(),
            Some("yes"),
            "{unit}"
        );
    }
    assert_eq!(
        play.attribute("british", "Unit 8", "yellow markers")
            .as_deref(),
        Some("1")
    );
    assert_eq!(play.refused("bombardment", &fire("", &[], "Unit 8")), None);
}

/// A Unit entered on the record: Foot Artillery or Infantry with its Loss capacity (the capacity
/// 6 is the example tile's, L463).
fn on_record(record: &mut Record, side: &str, name: &str, unit_type: &str) {
    record.apply(
        &[
            Effect::set_state(side, name, "On the battlefield", "R"),
            Effect::set_attribute(side, name, "kind", "Unit", "R"),
            Effect::set_attribute(side, name, "type", unit_type, "R"),
            Effect::set_attribute(side, name, "Loss capacity", 6, "R"),
        ],
        1,
    );
}

/// The form on `record`, which the record accepts.
fn form(id: &str, record: &Record, values: &[(&str, Value)]) -> Input {
    let input = enemy_mistakes::form(record, id, values);
    procedure(id)
        .check_record(&input, record)
        .expect("the record accepts the form");
    input
}

/// D3 on the record (L683, L697, L771, L1052): Units named on the form take their Smoke tokens,
/// the target fired on the rear its yellow marker, and the Damage dice their Loss tokens; at zero
/// capacity the Unit is eliminated.
#[test]
fn d3_l683_l697_the_bombardment_marks_the_record() {
    let mut record = Record::default();
    for name in ["Unit 23", "Unit 24", "Unit 9"] {
        on_record(&mut record, "french", name, "foot_artillery");
    }
    on_record(&mut record, "british", "Unit 8", "infantry");
    let input = form(
        "bombardment",
        &record,
        &[
            ("side", text("french")),
            ("artillery", text("Unit 23")),
            (
                "supporter_names",
                Value::List(vec!["Unit 24".into(), "Unit 9".into()]),
            ),
            ("target_side", text("british")),
            ("target", text("Unit 8")),
            ("target_in_column", Value::Flag(true)),
            ("fire_on_rear", Value::Flag(true)),
        ],
    );
    assert_eq!(
        input.number("supporters"),
        2,
        "naming the supporters counts them"
    );
    let res = bombard(&input, [2, 4]);
    assert_eq!(total(&res), 10);
    record.apply(&res.effects, 1);
    for name in ["Unit 23", "Unit 24", "Unit 9"] {
        assert_eq!(
            attribute(&record, "french", name, "Smoke").as_deref(),
            Some("yes"),
            "{name}"
        );
    }
    assert_eq!(
        attribute(&record, "british", "Unit 8", "yellow markers").as_deref(),
        Some("1")
    );

    // The Damage form learns the capacity left from the record: 6, less 5 Losses already placed.
    record.apply(&[Effect::add_to("british", "Unit 8", "Losses", 5, "R")], 1);
    let damage = form(
        "damage",
        &record,
        &[
            ("side", text("british")),
            ("unit", text("Unit 8")),
            ("damage", Value::Number(2)),
        ],
    );
    assert_eq!(damage.number("capacity_left"), 1);
    let res = suffer(&damage, &[6, 2]);
    assert_eq!(res.outcome.key, "Eliminated");
    record.apply(&res.effects, 1);
    assert_eq!(
        attribute(&record, "british", "Unit 8", "Losses").as_deref(),
        Some("6")
    );
    assert_eq!(
        record
            .unit("british", "Unit 8")
            .map(|u| u.state.to_string())
            .as_deref(),
        Some("Eliminated")
    );

    // A second yellow marker Routs: never more than 2.
    let mut shaken = Record::default();
    on_record(&mut shaken, "french", "Unit 23", "foot_artillery");
    shaken.apply(
        &[Effect::set_attribute(
            "french",
            "Unit 23",
            "yellow markers",
            2,
            "R",
        )],
        2,
    );
    let input = form("bombardment", &shaken, &[("artillery", text("Unit 23"))]);
    assert!(
        input.flag("artillery_shaken"),
        "the yellow marker fills in Shaken"
    );
    let res = bombard(&input, [1, 1]);
    shaken.apply(&res.effects, 3);
    assert_eq!(
        attribute(&shaken, "french", "Unit 23", "yellow markers").as_deref(),
        Some("2")
    );
}

/// Naming some supporters and not all is refused, pointing at the field; so is a target of the
/// bombarding army's own.
#[test]
fn l723_supporters_named_are_all_of_them() {
    let mut input = bombardment();
    number(&mut input, "supporters", 2);
    input.set("supporter_names", Value::List(vec!["Unit 24".into()]));
    let refused = procedure("bombardment")
        .check_combination(&input)
        .expect_err("refused");
    assert!(refused.to_string().contains("supporter_names"), "{refused}");

    let mut input = bombardment();
    input.set("target_side", Value::Text("french".into()));
    let refused = procedure("bombardment")
        .check_combination(&input)
        .expect_err("refused");
    assert!(
        refused.to_string().contains("does not fight itself"),
        "{refused}"
    );
}

/// Only Artillery on Foot, unfastened and without a Smoke token bombards (L707, L711, L512); of the
/// Horse Artillery only the English Units 39 and 40 (L532). A supporter supports instead of
/// bombarding itself (L723): the same holds for it, and the English 39 and 40 do not support.
#[test]
fn l707_only_unfastened_foot_artillery_without_smoke_bombards() {
    let mut record = Record::default();
    on_record(&mut record, "french", "Unit 23", "foot_artillery");
    on_record(&mut record, "french", "Unit 24", "foot_artillery");
    on_record(&mut record, "french", "Unit 25", "horse_artillery");
    on_record(&mut record, "french", "Unit 1", "infantry");
    on_record(&mut record, "british", "Unit 39", "horse_artillery");
    on_record(&mut record, "british", "Unit 38", "horse_artillery");
    on_record(&mut record, "british", "Unit 8", "infantry");
    let firing = |side: &str, artillery: &str, target_side: &str| {
        vec![
            ("side", text(side)),
            ("artillery", text(artillery)),
            ("target_side", text(target_side)),
        ]
    };
    let french = |artillery: &str| firing("french", artillery, "british");
    assert_eq!(refused_on(&record, "bombardment", &french("Unit 23")), None);
    let infantry = refused_on(&record, "bombardment", &french("Unit 1")).expect("refused");
    assert!(infantry.contains("field `artillery`"), "{infantry}");
    assert!(infantry.contains("Unit 1 is Infantry"), "{infantry}");
    let horse = refused_on(&record, "bombardment", &french("Unit 25")).expect("refused");
    assert!(horse.contains("L532"), "{horse}");
    assert_eq!(
        refused_on(
            &record,
            "bombardment",
            &firing("british", "Unit 39", "french")
        ),
        None,
        "the English Horse Artillery 39 bombards"
    );
    assert!(
        refused_on(
            &record,
            "bombardment",
            &firing("british", "Unit 38", "french")
        )
        .is_some()
    );

    let mut support = french("Unit 23");
    support.push(("supporter_names", Value::List(vec!["Unit 24".into()])));
    assert_eq!(refused_on(&record, "bombardment", &support), None);

    record.apply(
        &[
            Effect::set_attribute("french", "Unit 24", "Horse Team", "fastened", "R"),
            Effect::set_attribute("french", "Unit 23", "Smoke", "yes", "R"),
        ],
        2,
    );
    let smoke = refused_on(&record, "bombardment", &french("Unit 23")).expect("refused");
    assert!(smoke.contains("Smoke token"), "{smoke}");
    let fastened = refused_on(&record, "bombardment", &french("Unit 24")).expect("refused");
    assert!(
        fastened.contains("fastened to its Horse Team"),
        "{fastened}"
    );
    // The executor left unnamed, so that only the supporter is checked.
    let mut support = french("");
    support.push(("supporter_names", Value::List(vec!["Unit 24".into()])));
    let supporter = refused_on(&record, "bombardment", &support).expect("refused");
    assert!(supporter.contains("field `supporter_names`"), "{supporter}");
    assert!(supporter.contains("L723"), "{supporter}");
}

/// A target fired on the rear cannot Withdraw (L771): without a yellow marker it receives one
/// (L683, L767); with one already it suffers 1 Loss instead (L767), not a second marker that would
/// Rout it. That Loss is rolled with the Damage, like the automatic Loss of an 11+.
#[test]
fn l767_a_shaken_target_that_cannot_withdraw_suffers_a_loss() {
    let mut record = Record::default();
    on_record(&mut record, "french", "Unit 23", "foot_artillery");
    on_record(&mut record, "british", "Unit 8", "infantry");
    record.apply(
        &[Effect::set_attribute(
            "british",
            "Unit 8",
            "yellow markers",
            1,
            "R",
        )],
        2,
    );
    let input = form(
        "bombardment",
        &record,
        &[
            ("artillery", text("Unit 23")),
            ("target", text("Unit 8")),
            ("fire_on_rear", Value::Flag(true)),
        ],
    );
    assert!(input.flag("target_shaken"), "filled in from the record");
    let res = bombard(&input, [4, 4]);
    assert_eq!(row(&res), ("8/10".into(), "D2W".into()));
    assert!(res.outcome.headline.contains("cannot Withdraw: 1 Loss"));
    assert!(mentions(&res, "suffers 1 Loss instead"));
    record.apply(&res.effects, 3);
    assert_eq!(
        attribute(&record, "british", "Unit 8", "yellow markers").as_deref(),
        Some("1"),
        "no second marker"
    );
    let damage = form(
        "damage",
        &record,
        &[
            ("side", text("british")),
            ("unit", text("Unit 8")),
            ("damage", Value::Number(2)),
            ("automatic_losses", Value::Number(1)),
        ],
    );
    let res = suffer(&damage, &[1, 2]);
    record.apply(&res.effects, 4);
    assert_eq!(
        attribute(&record, "british", "Unit 8", "Losses").as_deref(),
        Some("1")
    );

    // Not fired on the rear: the player Withdraws, or takes the same yellow marker or Loss.
    let mut input = input.clone();
    input.set("fire_on_rear", Value::Flag(false));
    let res = bombard(&input, [4, 4]);
    assert!(mentions(&res, "or suffers 1 Loss if it has one already"));
}

/// A Garrison is never moved (L540). In Retreat from a bombardment (11+), Haye Sainte receives one
/// yellow marker if it has none, and none if it has one: it is not Routed. Hougoumont ignores the
/// Retreat. The record tells a Garrison, not which one: the form asks.
#[test]
fn l540_haye_sainte_takes_only_one_yellow_marker_from_a_bombardment() {
    let mut record = Record::default();
    on_record(&mut record, "french", "Unit 23", "foot_artillery");
    on_record(&mut record, "french", "Unit 24", "foot_artillery");
    on_record(&mut record, "british", "Unit 50", "garrison");
    let values = |garrison: &str| {
        vec![
            ("artillery", text("Unit 23")),
            ("target", text("Unit 50")),
            ("target_garrison", text(garrison)),
        ]
    };
    let unsaid = refused_on(&record, "bombardment", &values("no")).expect("refused");
    assert!(unsaid.contains("field `target_garrison`"), "{unsaid}");
    assert!(unsaid.contains("L540"), "{unsaid}");

    let haye_sainte = form("bombardment", &record, &values("haye_sainte"));
    let res = bombard(&haye_sainte, [6, 6]);
    assert_eq!(row(&res), ("11+".into(), "D2LR".into()));
    record.apply(&res.effects, 2);
    assert_eq!(
        attribute(&record, "british", "Unit 50", "yellow markers").as_deref(),
        Some("1")
    );
    // Unit 23 has its Smoke token now: Unit 24 bombards.
    let mut next = values("haye_sainte");
    next.push(("artillery", text("Unit 24")));
    let again = form("bombardment", &record, &next);
    assert!(again.flag("target_shaken"));
    let res = bombard(&again, [6, 6]);
    record.apply(&res.effects, 3);
    assert_eq!(
        attribute(&record, "british", "Unit 50", "yellow markers").as_deref(),
        Some("1"),
        "never Routed by a bombardment"
    );
    assert!(!mentions(&res, "Withdraws 1"));

    let mut fresh = Record::default();
    on_record(&mut fresh, "french", "Unit 23", "foot_artillery");
    on_record(&mut fresh, "british", "Unit 50", "garrison");
    let hougoumont = form("bombardment", &fresh, &values("hougoumont"));
    let res = bombard(&hougoumont, [6, 6]);
    fresh.apply(&res.effects, 2);
    assert_eq!(
        attribute(&fresh, "british", "Unit 50", "yellow markers"),
        None
    );
    assert!(mentions(&res, "it ignores the Retreat"));
    let res = bombard(&hougoumont, [4, 4]);
    assert!(mentions(&res, "it ignores the Withdraw"));
}

/// A bombarding Unit already Shaken that rolls a natural 2 is Routed (L680, L787): it must
/// Withdraw 2, and an Artillery Unit that Withdraws fastens its Horse Team (L763).
#[test]
fn l763_a_routed_bombarding_unit_fastens_its_horse_team() {
    let mut record = Record::default();
    on_record(&mut record, "french", "Unit 23", "foot_artillery");
    on_record(&mut record, "french", "Unit 24", "foot_artillery");
    record.apply(
        &[Effect::set_attribute(
            "french",
            "Unit 23",
            "yellow markers",
            1,
            "R",
        )],
        2,
    );
    let res = bombard(
        &form("bombardment", &record, &[("artillery", text("Unit 23"))]),
        [1, 1],
    );
    record.apply(&res.effects, 3);
    assert_eq!(
        attribute(&record, "french", "Unit 23", "Horse Team").as_deref(),
        Some("fastened")
    );
    // Shaken for the first time, it stays where it is, unfastened.
    let res = bombard(
        &form("bombardment", &record, &[("artillery", text("Unit 24"))]),
        [1, 1],
    );
    record.apply(&res.effects, 4);
    assert_eq!(attribute(&record, "french", "Unit 24", "Horse Team"), None);
}

/// A final 11+ on the rear (L684, L771): the Retreat's Withdraw cannot be made, so the target first
/// receives a yellow marker, or suffers 1 Loss if it has one (L767), then the Retreat's own marker
/// (L783). Either way it ends Routed; the Shaken one also counts 2 Losses whatever the dice show.
#[test]
fn l771_l783_a_retreat_fired_on_the_rear_cannot_withdraw() {
    for shaken in [false, true] {
        let mut record = Record::default();
        on_record(&mut record, "french", "Unit 23", "foot_artillery");
        on_record(&mut record, "british", "Unit 8", "infantry");
        let yellow = i32::from(shaken);
        record.apply(
            &[Effect::set_attribute(
                "british",
                "Unit 8",
                "yellow markers",
                yellow,
                "R",
            )],
            2,
        );
        let input = form(
            "bombardment",
            &record,
            &[
                ("artillery", text("Unit 23")),
                ("target", text("Unit 8")),
                ("fire_on_rear", Value::Flag(true)),
            ],
        );
        let res = bombard(&input, [6, 6]);
        assert_eq!(row(&res).0, "11+");
        let expected = if shaken {
            "cannot Withdraw: 1 Loss, and is Routed"
        } else {
            "cannot Withdraw: Routed"
        };
        assert!(
            res.outcome.headline.contains(expected),
            "{}",
            res.outcome.headline
        );
        record.apply(&res.effects, 3);
        assert_eq!(
            attribute(&record, "british", "Unit 8", "yellow markers").as_deref(),
            Some("2")
        );
    }
    let mut input = damage(2, 6);
    input.set("automatic_losses", Value::Number(2));
    assert_eq!(total(&suffer(&input, &[1, 2])), 2);
}

/// The Grand Battery's exception (L727) needs the French Units 23, 24 and 9 in one Formation on
/// the record, and one of them firing; otherwise the form is refused, naming the box.
#[test]
fn l727_the_grand_battery_is_units_23_24_and_9_together() {
    let mut record = Record::default();
    for unit in ["Unit 23", "Unit 24", "Unit 9", "Unit 5"] {
        on_record(&mut record, "french", unit, "foot_artillery");
    }
    let grand_battery = |record: &Record, firing: &str| {
        let values = [
            ("artillery", text(firing)),
            ("grand_battery", Value::Flag(true)),
        ];
        let input = enemy_mistakes::form(record, "bombardment", &values);
        procedure("bombardment")
            .check_record(&input, record)
            .err()
            .map(|e| e.to_string())
    };
    let apart = grand_battery(&record, "Unit 23").expect("not in one Formation");
    assert!(
        apart.contains("field `grand_battery`") && apart.contains("L727"),
        "{apart}"
    );
    for unit in ["Unit 23", "Unit 24", "Unit 9"] {
        record.apply(
            &[Effect::set_attribute(
                "french",
                unit,
                "formation",
                "I guns",
                "R",
            )],
            2,
        );
    }
    assert_eq!(grand_battery(&record, "Unit 23"), None);
    let other = grand_battery(&record, "Unit 5").expect("not of the Grand Battery");
    assert!(
        other.contains("Unit 5 is not of the Grand Battery"),
        "{other}"
    );
}

/// The Damage form's Losses left is the record's (L463): edited, the form is refused.
#[test]
fn l463_the_damage_form_keeps_the_records_losses_left() {
    let mut record = Record::default();
    on_record(&mut record, "british", "Unit 8", "infantry");
    let p = procedure("damage");
    let mut input = enemy_mistakes::form(
        &record,
        "damage",
        &[
            ("side", text("british")),
            ("unit", text("Unit 8")),
            ("damage", Value::Number(2)),
        ],
    );
    assert_eq!(input.number("capacity_left"), 6);
    assert!(p.check_record(&input, &record).is_ok());
    input.set("capacity_left", Value::Number(9));
    let refused = p.check_record(&input, &record).expect_err("edited");
    assert!(
        refused.to_string().contains("Unit 8 can still sustain 6"),
        "{refused}"
    );
}
