//! Waterloo: Enemy Mistakes checked against its rulebook: the Generals' casualty rolls, their
//! Substitutes, the Prussian entrance, the scenarios and their victory count, and the die that
//! settles a rules dispute.
//!
//! Specification: the rulebook `shared/seeds/003_471f4827b01eb0ac.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed003_enemy_mistakes.md` (§3.1, §3.4, §3.18, §3.19, §3.21, §3.23 and the
//! vectors D12-D15 and D19 of §6). The unsigned modifiers of L412-416 and L426-427 are read as
//! negative (digest §0.1). Unit victory points are not in the text: where a test needs one it
//! enters the example tile's 14 (L465) or a value marked FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::procedure::{Resolution, odds};
use aide_de_camp::engine::record::{Effect, Position, Record};
use aide_de_camp::games::enemy_mistakes::{NAPOLEON_REMOVED, WELLINGTON_REMOVED};
use support::enemy_mistakes::{form, procedure, refusal, resolve, tables};
use support::{Facts, Play, flag, mentions, number, text};

fn yes() -> Value {
    flag(true)
}

/// How many of the 36 (or 6) throws give outcome `key`.
fn count(id: &str, input: &Input, key: &str) -> u64 {
    odds(procedure(id), input, &tables())
        .expect("odds")
        .iter()
        .find(|line| line.key == key)
        .map_or(0, |line| line.count)
}

fn marks(resolution: &Resolution) -> Vec<String> {
    resolution
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Mark { name, .. } => Some(name.to_string()),
            _ => None,
        })
        .collect()
}

fn modifier_sum(resolution: &Resolution) -> i32 {
    resolution.modifiers.iter().map(|m| m.value).sum()
}

// Positions (phase, step): Initiative (0, 0); Bombardment (1, 0); Execution 3.1-3.5 (2, 0..=4).
const INITIATIVE: (usize, usize) = (0, 0);
const COMBAT: (usize, usize) = (2, 3);

/// The record of a historical battle with `effects` applied, as the players would have entered them.
fn record_with(effects: &[Effect]) -> Record {
    let mut record = Play::start("enemy-mistakes", "historical").record().clone();
    record.apply(effects, 0);
    record
}

fn removed(side: &str, name: &str, state: &str) -> Effect {
    Effect::set_state(side, name, state, "test")
}

/// A Unit on the record, with its corps and victory points (empty: not entered).
fn unit(side: &str, name: &str, corps: &str, points: &str, state: &str) -> Vec<Effect> {
    vec![
        Effect::set_attribute(side, name, "kind", "Unit", "test"),
        Effect::set_attribute(side, name, "corps", corps, "test"),
        Effect::set_attribute(side, name, "victory points", points, "test"),
        Effect::set_state(side, name, state, "test"),
    ]
}

// --- The attached General's casualty roll (L408-416) ---------------------------------------

fn casualty(general: &str, side: &str, condition: &str, cause: &str) -> Facts {
    vec![
        ("side", text(side)),
        ("general", text(general)),
        ("cause", text(cause)),
        ("unit_condition", text(condition)),
    ]
}

/// D12: the Commander in Chief attached to a Routed Unit that takes bombardment Damage rolls 5:
/// 5 - 2 (Commander in Chief, L412) - 2 (Routed, L413) = 1, eliminated (L408). No melee yet in
/// the turn, so no -1 (L416). For Napoleon the game ends and the English win (L289).
#[test]
fn d12_l408_napoleon_in_a_routed_unit_falls_on_a_5() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.go_to(3, 1, 0);
    let facts = casualty("Napoleon", "french", "routed", "bombardment");
    let input = play.input("general-casualty", &facts);
    // The record fills in the Commander in Chief and his five stars.
    assert!(input.flag("commander_in_chief"));
    assert_eq!(input.number("rank"), 5);
    assert!(!input.flag("melee_this_turn"));

    let survives = resolve("general-casualty", &input, &[3, 3]);
    assert_eq!(survives.totals[0].total, 2);
    assert_eq!(survives.outcome.key, "Survives");
    assert!(marks(&survives).is_empty());

    let falls = play.play("general-casualty", &facts, &[2, 3]);
    let values: Vec<i32> = falls.modifiers.iter().map(|m| m.value).collect();
    assert_eq!(values, vec![-2, -2]);
    assert_eq!(falls.totals[0].total, 1);
    assert_eq!(falls.outcome.key, "Eliminated");
    assert!(falls.outcome.headline.contains("the English win"));
    assert_eq!(marks(&falls), vec![NAPOLEON_REMOVED.to_string()]);
    assert_eq!(play.state("french", "Napoleon"), "Eliminated");
    assert!(play.record().marks.contains(NAPOLEON_REMOVED));

    // The game is over: the victory is offered at once, and gives the English the win.
    assert!(play.applies("victory"));
    let input = play.input("victory", &[]);
    assert!(input.flag("napoleon_removed"));
    assert_eq!(play.refused("victory", &[]), None);
    let result = resolve("victory", &input, &[]);
    assert_eq!(result.outcome.key, "The English win");
    assert!(result.outcome.headline.contains("L289"));

    // Play stops at once: nothing but the Victory and the settings may be resolved (L289).
    let refused = play
        .refused("bombardment", &[])
        .expect("no bombardment after the end");
    assert!(refused.contains("the game is over"), "{refused}");
    assert!(refused.contains("L289-291"), "{refused}");
    assert_eq!(play.refused("settings", &[]), None);
}

/// Wellington's removal ends the game for the French (L291).
#[test]
fn l291_wellington_eliminated_ends_the_game_for_the_french() {
    let play = Play::start("enemy-mistakes", "historical");
    let facts = casualty("Wellington", "british", "routed", "combat");
    let res = resolve(
        "general-casualty",
        &play.input("general-casualty", &facts),
        &[1, 2],
    );
    assert_eq!(res.outcome.key, "Eliminated");
    assert!(res.outcome.headline.contains("the French win"));
    assert_eq!(marks(&res), vec![WELLINGTON_REMOVED.to_string()]);
}

/// The odds of elimination for a total modifier of 0 to -6: a 2d6 total of 1 + k or less, that is
/// 0, 1, 3, 6, 10, 15 and 21 throws of 36 (digest §3.18).
#[test]
fn l408_casualty_odds_for_each_total_modifier() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    let both = ("routed_and_shaken", text("both"));
    let cases: [(Facts, i32, u64); 7] = [
        // Orange, ★: nothing.
        (casualty("Orange", "british", "steady", "bombardment"), 0, 0),
        // Drouot, ★★: -1 (L415).
        (casualty("Drouot", "french", "steady", "bombardment"), -1, 1),
        // Napoleon: -2 (L412).
        (
            casualty("Napoleon", "french", "steady", "bombardment"),
            -2,
            3,
        ),
        (
            casualty("Napoleon", "french", "shaken", "bombardment"),
            -3,
            6,
        ),
        (
            casualty("Napoleon", "french", "routed", "bombardment"),
            -4,
            10,
        ),
        // At the Result of Combat the melee counts (L416): -1 more.
        (casualty("Napoleon", "french", "routed", "combat"), -5, 15),
        // With the setting that counts a Routed Unit as Shaken too.
        (
            [
                casualty("Napoleon", "french", "routed", "combat"),
                vec![both],
            ]
            .concat(),
            -6,
            21,
        ),
    ];
    for (facts, sum, eliminated) in cases {
        let input = form(&record, "general-casualty", &facts);
        let res = resolve("general-casualty", &input, &[6, 6]);
        assert_eq!(modifier_sum(&res), sum, "{facts:?}");
        assert_eq!(
            count("general-casualty", &input, "Eliminated"),
            eliminated,
            "{facts:?}"
        );
        assert_eq!(
            count("general-casualty", &input, "Survives"),
            36 - eliminated
        );
        assert!(
            res.modifiers.iter().all(|m| m.rule.contains('L')),
            "{:?}",
            res.modifiers
        );
    }
}

/// Only a ★★ General takes the -1 of L415: ★★★ Reille and ★★★★ Hill take nothing.
#[test]
fn l415_only_two_stars_take_the_minus_one() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    for (general, side) in [
        ("Reille", "french"),
        ("Hill", "british"),
        ("Orange", "british"),
    ] {
        let input = form(
            &record,
            "general-casualty",
            &casualty(general, side, "steady", "bombardment"),
        );
        assert!(
            procedure("general-casualty").modifiers(&input).is_empty(),
            "{general}"
        );
    }
}

/// After a combat the General's box loses its markers whatever the roll (L404), and the melee
/// just fought counts (L416, read as printed). A bombardment comes before any melee (L634).
#[test]
fn l404_a_combat_empties_the_box_and_counts_the_melee() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    let input = form(
        &record,
        "general-casualty",
        &casualty("Reille", "french", "steady", "combat"),
    );
    assert!(input.flag("melee_this_turn"));
    let res = resolve("general-casualty", &input, &[6, 6]);
    assert_eq!(res.outcome.key, "Survives");
    assert!(res.effects.contains(&Effect::set_attribute(
        "french",
        "Reille",
        "markers",
        0,
        "Attach, L404"
    )));
    assert!(mentions(&res, "go back to the reserve"));

    let bombarded = form(
        &record,
        "general-casualty",
        &casualty("Reille", "french", "steady", "bombardment"),
    );
    assert!(!resolve("general-casualty", &bombarded, &[6, 6])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::UnitAttribute { attribute, .. } if attribute.as_ref() == "markers")));

    let mut facts = casualty("Reille", "french", "steady", "bombardment");
    facts.push(("melee_this_turn", yes()));
    let refused = refusal(&record, "general-casualty", &facts).expect("refused");
    assert!(
        refused.contains("melee_this_turn") && refused.contains("L634"),
        "{refused}"
    );
}

/// The casualty roll is for a commander of that army on the battlefield, with the record's facts.
#[test]
fn l408_the_casualty_roll_refuses_commanders_not_on_the_battlefield() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    let refused = refusal(
        &record,
        "general-casualty",
        &casualty("Blücher", "prussian", "steady", "bombardment"),
    )
    .expect("Blücher has not arrived");
    assert!(refused.contains("Not yet arrived"), "{refused}");
    let refused = refusal(
        &record,
        "general-casualty",
        &casualty("Soult", "french", "steady", "bombardment"),
    )
    .expect("Soult is not in this game");
    assert!(
        refused.contains("general") && refused.contains("Soult"),
        "{refused}"
    );
    let mut facts = casualty("Reille", "french", "steady", "bombardment");
    facts.push(("rank", number(2)));
    let refused = refusal(&record, "general-casualty", &facts).expect("wrong rank");
    assert!(
        refused.contains("rank") && refused.contains("3 stars"),
        "{refused}"
    );
}

// --- The unattached General (L418-427) -----------------------------------------------------

fn unattached(general: &str, side: &str, enemy: &str) -> Facts {
    vec![
        ("side", text(side)),
        ("general", text(general)),
        ("enemy", text(enemy)),
    ]
}

/// D13: an unattached General charged by Light Cavalry rolls 3: 3 - 2 = 1, captured (L422, L427).
/// On a 4 he survives with 2 and may move up to 2 UoM.
#[test]
fn d13_l422_light_cavalry_captures_on_a_3() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.go_to(2, COMBAT.0, COMBAT.1);
    let facts = unattached("Picton", "british", "light");
    let survives = resolve(
        "unattached-general",
        &play.input("unattached-general", &facts),
        &[4],
    );
    assert_eq!(survives.totals[0].total, 2);
    assert_eq!(survives.outcome.key, "Survives");
    assert!(mentions(&survives, "may move up to 2 Units of Measurement"));

    let taken = play.play("unattached-general", &facts, &[3]);
    assert_eq!(taken.totals[0].total, 1);
    assert_eq!(taken.outcome.key, "Captured");
    assert_eq!(play.state("british", "Picton"), "Captured");
    // A captured General is substituted next turn (L422, L703).
    assert_eq!(
        play.attribute("british", "Picton", "substitution tries")
            .as_deref(),
        Some("0")
    );
    assert!(marks(&taken).is_empty());
}

/// Capture on a modified 1 or less: 1 in 6 against Infantry, 2 against Medium or Heavy Cavalry,
/// 3 against Light Cavalry (L422, L426-427).
#[test]
fn l426_capture_odds_by_the_enemy() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    for (enemy, captured) in [("other", 1), ("medium_heavy", 2), ("light", 3)] {
        let input = form(
            &record,
            "unattached-general",
            &unattached("Reille", "french", enemy),
        );
        assert_eq!(
            count("unattached-general", &input, "Captured"),
            captured,
            "{enemy}"
        );
        assert_eq!(
            count("unattached-general", &input, "Survives"),
            6 - captured
        );
    }
}

/// A captured Commander in Chief ends the game, except Blücher (L422): Wellington's capture gives
/// the French the win (L291); Blücher's stops the Prussian marker roll (L337) and doubles his 36 VP.
#[test]
fn l422_a_captured_commander_in_chief_ends_the_game_except_blucher() {
    let record = record_with(&[removed("prussian", "Blücher", "On the battlefield")]);
    let wellington = resolve(
        "unattached-general",
        &form(
            &record,
            "unattached-general",
            &unattached("Wellington", "british", "other"),
        ),
        &[1],
    );
    assert_eq!(marks(&wellington), vec![WELLINGTON_REMOVED.to_string()]);
    assert!(wellington.outcome.headline.contains("the French win"));

    let blucher = resolve(
        "unattached-general",
        &form(
            &record,
            "unattached-general",
            &unattached("Blücher", "prussian", "other"),
        ),
        &[1],
    );
    assert_eq!(blucher.outcome.key, "Captured");
    assert!(marks(&blucher).is_empty());
    assert!(mentions(
        &blucher,
        "no longer roll the die for their command markers"
    ));
    assert!(blucher.outcome.headline.contains("72 VP to the French"));

    // Ney is never substituted (L373).
    let record = record_with(&[removed("french", "Ney", "On the battlefield")]);
    let ney = resolve(
        "unattached-general",
        &form(
            &record,
            "unattached-general",
            &unattached("Ney", "french", "other"),
        ),
        &[1],
    );
    assert!(mentions(&ney, "No Substitute replaces Ney"));
    assert!(!ney.effects.iter().any(|e| matches!(e, Effect::UnitAttribute { attribute, .. } if attribute.as_ref() == "substitution tries")));
}

/// An attached General is not the unattached one (L420-422): the record refuses.
#[test]
fn l420_an_attached_general_rolls_the_other_check() {
    let record = record_with(&[Effect::set_attribute(
        "french",
        "Reille",
        "attached to",
        "Unit 8",
        "test",
    )]);
    let refused = refusal(
        &record,
        "unattached-general",
        &unattached("Reille", "french", "other"),
    )
    .expect("refused");
    assert!(
        refused.contains("attached to Unit 8") && refused.contains("L408"),
        "{refused}"
    );
}

// --- The Substitute General (L699-703) -----------------------------------------------------

/// D14: Reille falls in a combat on turn V. At the end of turn VI's Initiative his player rolls 4:
/// no Substitute (5-6 needed); the II Corps is without command. On turn VII 4 is enough (4-6): the
/// Substitute enters, ★, generating 0 Command points (L703).
#[test]
fn d14_l703_the_substitute_enters_on_the_second_try() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.go_to(5, COMBAT.0, COMBAT.1);
    assert!(!play.applies("substitute-general"));
    // Reille ★★★ in a Routed Unit after a melee: -3; a throw of 2 eliminates him.
    let falls = play.play(
        "general-casualty",
        &casualty("Reille", "french", "routed", "combat"),
        &[1, 1],
    );
    assert_eq!(falls.outcome.key, "Eliminated");
    assert!(
        falls
            .outcome
            .headline
            .contains("Substitute is rolled for next turn")
    );
    assert_eq!(
        play.attribute("french", "Reille", "substitution tries")
            .as_deref(),
        Some("0")
    );

    play.go_to(6, INITIATIVE.0, INITIATIVE.1);
    assert!(play.applies("substitute-general"));
    let facts = [("side", text("french")), ("general", text("Reille"))];
    assert_eq!(
        play.input("substitute-general", &facts)
            .number("tries_failed"),
        0
    );
    let fails = play.play("substitute-general", &facts, &[4]);
    assert_eq!(fails.outcome.key, "No Substitute yet");
    assert!(fails.outcome.headline.contains("without command"));
    assert!(mentions(&fails, "the next try needs 4 or more"));
    assert_eq!(
        play.attribute("french", "Reille", "substitution tries")
            .as_deref(),
        Some("1")
    );
    assert_eq!(play.state("french", "Reille"), "Eliminated");

    play.go_to(7, INITIATIVE.0, INITIATIVE.1);
    assert_eq!(
        play.input("substitute-general", &facts)
            .number("tries_failed"),
        1
    );
    let enters = play.play("substitute-general", &facts, &[4]);
    assert_eq!(enters.outcome.key, "Substitute enters");
    assert!(mentions(
        &enters,
        "within 2 Units of Measurement of any Unit of his Army Corps"
    ));
    assert_eq!(play.state("french", "Reille"), "On the battlefield");
    assert_eq!(
        play.attribute("french", "Reille", "rank").as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("french", "Reille", "generates").as_deref(),
        Some("0")
    );
    assert_eq!(
        play.attribute("french", "Reille", "substitute").as_deref(),
        Some("yes")
    );
    assert!(!play.applies("substitute-general"));

    // The Substitute, ★, falls in turn: no one replaces him (L365).
    play.go_to(7, COMBAT.0, COMBAT.1);
    let again = play.play(
        "general-casualty",
        &casualty("Reille", "french", "routed", "combat"),
        &[1, 1],
    );
    assert!(
        again
            .outcome
            .headline
            .contains("no Substitute replaces a Substitute")
    );
    play.go_to(8, INITIATIVE.0, INITIATIVE.1);
    assert!(!play.applies("substitute-general"));
    let refused = play.refused("substitute-general", &facts).expect("refused");
    assert!(
        refused.contains("Substitute was removed") && refused.contains("L365"),
        "{refused}"
    );
}

/// T3 and T4 (L703): the first try succeeds on "6 or 5" (2 faces of 6); each failed try lowers the
/// valid result by 1, so the garbled example reads 4 or more on the second try and 3 or more on the
/// third; then 2 or more, then no roll.
#[test]
fn t3_t4_l703_each_failed_try_widens_the_next_by_one_face() {
    let record = record_with(&[removed("french", "Reille", "Eliminated")]);
    for (failed, succeeds) in [(0, 2), (1, 3), (2, 4), (3, 5)] {
        let mut input = form(
            &record,
            "substitute-general",
            &[("side", text("french")), ("general", text("Reille"))],
        );
        input.set("tries_failed", number(failed));
        assert_eq!(
            count("substitute-general", &input, "Substitute enters"),
            succeeds
        );
        // The lowest face that succeeds: 5, then 4, 3 and 2.
        let lowest = (1..=6u8)
            .find(|face| {
                resolve("substitute-general", &input, &[*face]).outcome.key == "Substitute enters"
            })
            .expect("a face succeeds");
        assert_eq!(i64::from(lowest), 5 - failed);
    }
    let mut input = form(
        &record,
        "substitute-general",
        &[("side", text("french")), ("general", text("Reille"))],
    );
    input.set("tries_failed", number(4));
    assert!(procedure("substitute-general").dice(&input).is_empty());
    let res = resolve("substitute-general", &input, &[]);
    assert_eq!(res.outcome.key, "Substitute enters");
    assert!(res.outcome.headline.contains("no roll needed"));
}

/// No Substitute for Ney (L373), for a Commander in Chief, for a General on the battlefield, or
/// for one whose whole Army Corps is removed (L377); the tries are the record's.
#[test]
fn l703_substitution_refusals() {
    let record = record_with(&[
        removed("french", "Ney", "Eliminated"),
        // Blücher's removal, unlike Napoleon's, does not end the game (L289-291).
        removed("prussian", "Blücher", "Eliminated"),
    ]);
    let refused = refusal(
        &record,
        "substitute-general",
        &[("side", text("french")), ("general", text("Ney"))],
    )
    .expect("Ney");
    assert!(refused.contains("L373"), "{refused}");
    let refused = refusal(
        &record,
        "substitute-general",
        &[("side", text("prussian")), ("general", text("Blücher"))],
    )
    .expect("Blücher");
    assert!(refused.contains("Commander in Chief"), "{refused}");
    let refused = refusal(
        &record,
        "substitute-general",
        &[("side", text("french")), ("general", text("Reille"))],
    )
    .expect("Reille is on the battlefield");
    assert!(
        refused.contains("On the battlefield") && refused.contains("only a General removed"),
        "{refused}"
    );

    // FICTIONAL: the II Corps of two Units, both removed.
    let record = record_with(
        &[
            vec![removed("french", "Reille", "Eliminated")],
            unit("french", "Unit 8", "II", "14", "Eliminated"),
            unit("french", "Unit 5", "II", "10", "Captured"),
        ]
        .concat(),
    );
    let facts = [("side", text("french")), ("general", text("Reille"))];
    let refused = refusal(&record, "substitute-general", &facts).expect("whole corps removed");
    assert!(!procedure("substitute-general").applies(&record));
    assert!(
        refused.contains("every Unit of the II Corps") && refused.contains("L377"),
        "{refused}"
    );

    // With one Unit of the corps left he may be substituted, at the record's count of tries.
    let mut record = record;
    record.apply(&[removed("french", "Unit 5", "On the battlefield")], 0);
    assert!(procedure("substitute-general").applies(&record));
    assert_eq!(refusal(&record, "substitute-general", &facts), None);
    let mut wrong = facts.to_vec();
    wrong.push(("tries_failed", number(2)));
    let refused = refusal(&record, "substitute-general", &wrong).expect("tries");
    assert!(refused.contains("tries_failed"), "{refused}");
}

// --- The Prussian entrance (L638-668) ------------------------------------------------------

/// D15: with the first try on 5-6, turn VIII rolls 4: no entrance. Turn IX needs 4-6 and rolls 4:
/// Blücher and Bülow enter with the IV Corps at section III (L640-642, L664). Pirch's II Corps
/// enters on turn X at section II (L666) and Ziethen's I Corps on turn XI at section I (L668),
/// without a roll.
#[test]
fn d15_l640_the_prussians_enter_on_the_second_try() {
    let mut play = Play::start("enemy-mistakes", "historical");
    play.go_to(7, INITIATIVE.0, INITIATIVE.1);
    assert!(!play.applies("prussian-entrance"));

    play.go_to(8, INITIATIVE.0, INITIATIVE.1);
    assert!(play.applies("prussian-entrance"));
    let input = play.input("prussian-entrance", &[]);
    assert_eq!(input.text("corps"), "IV");
    assert_eq!(input.number("turn"), 8);
    assert_eq!(input.text("prussian_entry"), "5");
    let fails = play.play("prussian-entrance", &[], &[4]);
    assert_eq!(fails.outcome.key, "Does not enter");
    assert!(fails.outcome.headline.contains("needing 5 or more"));
    assert_eq!(
        play.attribute("prussian", "Blücher", "entrance rolls failed")
            .as_deref(),
        Some("1")
    );
    assert_eq!(play.state("prussian", "Bülow"), "Not yet arrived");

    play.go_to(9, INITIATIVE.0, INITIATIVE.1);
    assert_eq!(
        play.input("prussian-entrance", &[]).number("tries_failed"),
        1
    );
    let enters = play.play("prussian-entrance", &[], &[4]);
    assert_eq!(enters.outcome.key, "Enters");
    assert!(
        enters
            .outcome
            .headline
            .contains("Blücher and Bülow enter with the IV Corps at entrance section III, turn IX")
    );
    assert!(mentions(&enters, "touching entrance section III"));
    assert!(mentions(&enters, "green marker"));
    assert!(mentions(&enters, "Initiative marker 2"));
    assert!(mentions(
        &enters,
        "Pirch's II Corps enters at the start of next turn"
    ));
    assert_eq!(play.state("prussian", "Blücher"), "On the battlefield");
    assert_eq!(play.state("prussian", "Bülow"), "On the battlefield");
    assert_eq!(play.state("prussian", "Pirch"), "Not yet arrived");
    assert!(
        play.record()
            .marks
            .iter()
            .any(|m| m.contains("maneuver limit is over"))
    );
    // Pirch waits for the next turn.
    assert!(!play.applies("prussian-entrance"));
    let refused = play
        .refused("prussian-entrance", &[("corps", text("II"))])
        .expect("too early");
    assert!(
        refused.contains("turn after") && refused.contains("L642"),
        "{refused}"
    );
    let refused = play
        .refused("prussian-entrance", &[("corps", text("IV"))])
        .expect("already in");
    assert!(refused.contains("already entered"), "{refused}");

    play.go_to(10, INITIATIVE.0, INITIATIVE.1);
    assert!(play.applies("prussian-entrance"));
    let input = play.input("prussian-entrance", &[]);
    assert_eq!(input.text("corps"), "II");
    assert!(procedure("prussian-entrance").dice(&input).is_empty());
    let pirch = play.play("prussian-entrance", &[], &[]);
    assert!(
        pirch
            .outcome
            .headline
            .contains("Pirch enters with the II Corps at entrance section II, turn X")
    );
    assert_eq!(play.state("prussian", "Pirch"), "On the battlefield");
    assert!(mentions(
        &pirch,
        "Ziethen's I Corps enters at the start of next turn"
    ));

    play.go_to(11, INITIATIVE.0, INITIATIVE.1);
    assert_eq!(play.input("prussian-entrance", &[]).text("corps"), "I");
    let ziethen = play.play("prussian-entrance", &[], &[]);
    assert!(
        ziethen
            .outcome
            .headline
            .contains("Ziethen enters with the I Corps at entrance section I, turn XI")
    );
    assert_eq!(play.state("prussian", "Ziethen"), "On the battlefield");

    play.go_to(12, INITIATIVE.0, INITIATIVE.1);
    assert!(!play.applies("prussian-entrance"));
}

/// The Units of the entering corps that the record holds as not yet arrived come onto the
/// battlefield with it.
#[test]
fn l664_the_corps_units_on_the_record_enter_with_it() {
    // FICTIONAL: two Units of the IV Corps and one of the II.
    let mut record = record_with(
        &[
            unit("prussian", "Unit 70", "IV", "12", "Not yet arrived"),
            unit("prussian", "Unit 71", "IV", "10", "Not yet arrived"),
            unit("prussian", "Unit 60", "II", "10", "Not yet arrived"),
        ]
        .concat(),
    );
    record.position.turn = 8;
    let input = form(&record, "prussian-entrance", &[]);
    let units: Vec<String> = input
        .list("units")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(units, vec!["Unit 70", "Unit 71"]);
    let res = resolve("prussian-entrance", &input, &[6]);
    assert!(res.effects.contains(&Effect::set_state(
        "prussian",
        "Unit 70",
        "On the battlefield",
        "Entrance, L640-642; Executing the entrance, L664"
    )));
    let refused = refusal(
        &record,
        "prussian-entrance",
        &[("units", Value::List(vec!["Unit 60".into()]))],
    )
    .expect("a II Corps Unit");
    assert!(
        refused.contains("Unit 60") && refused.contains("IV Corps"),
        "{refused}"
    );
}

/// The setting PRUSSIAN_ENTRY gives the lost faces of the first try (L640): 5-6 by default, 2
/// throws in 6; 6 alone, 1 in 6, then one face more each try until no roll is needed.
#[test]
fn l640_the_entrance_setting_sets_the_threshold() {
    let mut record = Play::start("enemy-mistakes", "historical").record().clone();
    record.position.turn = 8;
    let default = form(&record, "prussian-entrance", &[]);
    assert_eq!(count("prussian-entrance", &default, "Enters"), 2);
    assert_eq!(
        resolve("prussian-entrance", &default, &[5]).outcome.key,
        "Enters"
    );

    record.apply(
        &[Effect::SetOption {
            name: "prussian_entry".into(),
            value: "6".into(),
            rule: "test".into(),
        }],
        0,
    );
    let strict = form(&record, "prussian-entrance", &[]);
    assert_eq!(strict.text("prussian_entry"), "6");
    assert_eq!(count("prussian-entrance", &strict, "Enters"), 1);
    let fails = resolve("prussian-entrance", &strict, &[5]);
    assert_eq!(fails.outcome.key, "Does not enter");
    assert!(mentions(&fails, "the next try needs 5 or more"));
    let mut fifth = strict.clone();
    fifth.set("tries_failed", number(4));
    assert_eq!(count("prussian-entrance", &fifth, "Enters"), 5);
    fifth.set("tries_failed", number(5));
    assert!(procedure("prussian-entrance").dice(&fifth).is_empty());
}

/// No entrance in the short scenario (L1076), nor before turn VIII (L640).
#[test]
fn l640_entrance_refusals() {
    let short = Play::start("enemy-mistakes", "short");
    assert!(!short.applies("prussian-entrance"));
    let refused = short
        .refused("prussian-entrance", &[("turn", number(8))])
        .expect("short");
    assert!(refused.contains("L1076"), "{refused}");
    let historical = Play::start("enemy-mistakes", "historical");
    assert!(!historical.applies("prussian-entrance"));
    let refused = historical
        .refused("prussian-entrance", &[])
        .expect("turn I");
    assert!(
        refused.contains("turn") && refused.contains("VIII"),
        "{refused}"
    );
}

// --- Victory (L287-293, L670-676, L1058-1076) -----------------------------------------------

/// D19: a captured enemy Unit worth 14 VP scores 28 (L674); one out of field worth 15 scores 7
/// (L676). Generals score the rulebook's values (L1070-1071): Reille 18, a Substitute 6, Blücher
/// captured 72.
#[test]
fn d19_l674_captured_doubles_and_out_of_field_halves() {
    let mut record = record_with(
        &[
            unit("british", "Unit 8", "II", "14", "Captured"),
            // FICTIONAL: 15 VP (the digest's D19) and 12 VP.
            unit("british", "Unit 30", "R", "15", "Out of field"),
            unit("british", "Unit 31", "R", "12", "On the battlefield"),
            vec![
                removed("prussian", "Blücher", "Captured"),
                removed("french", "Reille", "Eliminated"),
                removed("french", "Lobau", "Eliminated"),
                Effect::set_attribute("french", "Lobau", "substitute", "yes", "test"),
            ],
        ]
        .concat(),
    );
    record.position = Position {
        turn: 19,
        phase: 2,
        step: 4,
    };
    let input = form(&record, "victory", &[]);
    assert_eq!(input.number("allied_pieces_vp"), 28 + 7 + 72);
    assert_eq!(input.number("french_pieces_vp"), 18 + 6);
    assert_eq!(refusal(&record, "victory", &[]), None);

    let facts = [
        ("mont_st_jean", yes()),
        ("hougoumont", yes()),
        ("planchenois", yes()),
    ];
    let res = resolve("victory", &form(&record, "victory", &facts), &[]);
    let totals: Vec<(String, i32)> = res
        .totals
        .iter()
        .map(|t| (t.side.clone(), t.total))
        .collect();
    assert_eq!(
        totals,
        vec![
            ("French (blue)".to_string(), 107 + 50),
            ("English (red)".to_string(), 24 + 30),
            ("Prussian (black)".to_string(), 30),
            ("Allies".to_string(), 84),
        ]
    );
    assert_eq!(res.outcome.key, "The French win");
    assert!(res.modifiers.iter().all(|m| m.rule.contains('L')));

    // The Prussians' share of the French pieces moves points between the allies, not their sum.
    let shared = [facts.to_vec(), vec![("prussian_share", number(18))]].concat();
    let res = resolve("victory", &form(&record, "victory", &shared), &[]);
    assert!(
        res.outcome
            .headline
            .contains("Allies' 84 (English 36, Prussian 48)"),
        "{}",
        res.outcome.headline
    );
}

/// A removed Unit whose points are not entered stops the count, named (L293, L1068).
#[test]
fn l1068_a_removed_unit_without_points_stops_the_count() {
    let mut record = record_with(&unit("british", "Unit 12", "II", "", "Eliminated"));
    record.position.turn = 19;
    let refused = refusal(&record, "victory", &[]).expect("refused");
    assert!(
        refused.contains("Unit 12") && refused.contains("not entered"),
        "{refused}"
    );
    // On the battlefield it does not count, so it need not be entered.
    record.apply(&[removed("british", "Unit 12", "On the battlefield")], 0);
    assert_eq!(refusal(&record, "victory", &[]), None);
}

/// The count waits for the end: turn XIX, or a fallen Commander in Chief (L289-293).
#[test]
fn l293_the_count_waits_for_the_end_of_the_battle() {
    let play = Play::start("enemy-mistakes", "historical");
    assert!(!play.applies("victory"));
    let refused = play.refused("victory", &[]).expect("turn I");
    assert!(
        refused.contains("not over") && refused.contains("XIX"),
        "{refused}"
    );
    let refused = play
        .refused(
            "victory",
            &[("napoleon_removed", yes()), ("wellington_removed", yes())],
        )
        .expect("both");
    assert!(refused.contains("wellington_removed"), "{refused}");
    let refused = play
        .refused("victory", &[("napoleon_removed", yes())])
        .expect("not on the record");
    assert!(refused.contains("Napoleon is not removed"), "{refused}");
}

/// Equal points: the text names no winner.
#[test]
fn l1060_equal_points_draw_the_battle() {
    let mut record = Play::start("enemy-mistakes", "historical").record().clone();
    record.position.turn = 19;
    let res = resolve(
        "victory",
        &form(
            &record,
            "victory",
            &[
                ("mont_st_jean", yes()),
                ("haye_sainte", yes()),
                ("hougoumont", yes()),
            ],
        ),
        &[],
    );
    assert_eq!(res.outcome.key, "The battle is drawn");
}

/// The short scenario: the French win only by removing both Garrisons and holding both Towns
/// alone (L1076).
#[test]
fn l1076_the_short_scenario_is_won_on_its_objectives() {
    let mut play = Play::start("enemy-mistakes", "short");
    play.go_to(7, 2, 4);
    assert!(play.applies("victory"));
    assert_eq!(play.refused("victory", &[]), None);
    let both = play.input(
        "victory",
        &[("garrisons_removed", yes()), ("towns_held", yes())],
    );
    assert_eq!(resolve("victory", &both, &[]).outcome.key, "The French win");
    let one = play.input("victory", &[("garrisons_removed", yes())]);
    assert_eq!(resolve("victory", &one, &[]).outcome.key, "The English win");
}

/// A record of `scenario` at its start, with `effects` applied.
fn scenario_with(scenario: &str, effects: &[Effect]) -> Record {
    let mut record = Play::start("enemy-mistakes", scenario).record().clone();
    record.apply(effects, 0);
    record
}

fn totals(res: &Resolution) -> Vec<(String, i32)> {
    res.totals
        .iter()
        .map(|t| (t.side.clone(), t.total))
        .collect()
}

/// The Free Scenario, Basic Version (L1080): it ends on the turn the players agree, and each army
/// scores the enemy Units removed plus the Losses on the enemy Units still on the battlefield.
/// Removed Generals count only if the players choose so (L1080 names Units; L1068 Generals too).
#[test]
fn l1080_the_free_scenario_counts_units_removed_and_losses_on_the_battlefield() {
    let record = scenario_with(
        "free",
        &[
            // FICTIONAL: 10 VP.
            unit("british", "Unit 30", "R", "10", "Captured"),
            unit("british", "Unit 31", "R", "12", "On the battlefield"),
            vec![
                Effect::set_attribute("british", "Unit 31", "Losses", 3, "test"),
                removed("french", "Reille", "Eliminated"),
            ],
            unit("french", "Unit 8", "II", "14", "On the battlefield"),
            vec![Effect::set_attribute(
                "french", "Unit 8", "Losses", 2, "test",
            )],
        ]
        .concat(),
    );
    // Turn I: the players may agree to end at once.
    assert_eq!(record.position.turn, 1);
    assert_eq!(refusal(&record, "victory", &[]), None);
    let input = form(&record, "victory", &[]);
    assert_eq!(input.number("allied_pieces_vp"), 20);
    assert_eq!(input.number("allied_losses"), 3);
    // Reille is a General, not counted by default (L1080).
    assert_eq!(input.number("french_pieces_vp"), 0);
    assert_eq!(input.number("french_losses"), 2);
    let res = resolve("victory", &input, &[]);
    assert_eq!(
        totals(&res),
        vec![
            ("French (blue)".to_string(), 23),
            ("English (red)".to_string(), 2),
            ("Prussian (black)".to_string(), 0),
            ("Allies".to_string(), 2),
        ]
    );
    assert!(res.modifiers.iter().any(|m| m.rule.contains("L1080")));

    // With Generals counted, Reille's 18 (L1071) goes to the Allies.
    let mut record = record;
    record.apply(
        &[Effect::SetOption {
            name: "free_tally_generals".into(),
            value: "yes".into(),
            rule: "test".into(),
        }],
        0,
    );
    assert_eq!(form(&record, "victory", &[]).number("french_pieces_vp"), 18);

    // No historical objective in a free scenario.
    let refused = refusal(&record, "victory", &[("mont_st_jean", yes())]).expect("objective");
    assert!(refused.contains("L1080"), "{refused}");
}

/// T9: the Free Scenario's Advanced Version adds the Towns held alone: Frichermont, Smohain,
/// Papelotte and Haye Sainte 5 each, Hougoumont and Braine-Laleud 10 each (L1082).
#[test]
fn t9_l1082_the_advanced_free_scenario_scores_towns_held_alone() {
    let record = scenario_with("free", &[]);
    let towns = [
        ("town_frichermont", "french", 5),
        ("town_smohain", "british", 5),
        ("town_papelotte", "prussian", 5),
        ("town_haye_sainte", "french", 5),
        ("town_hougoumont", "british", 10),
        ("town_braine_laleud", "french", 10),
    ];
    for (town, holder, points) in towns {
        let input = form(
            &record,
            "victory",
            &[("towns_version", text("advanced")), (town, text(holder))],
        );
        let res = resolve("victory", &input, &[]);
        assert_eq!(res.modifiers.len(), 1, "{town}");
        assert_eq!(res.modifiers[0].value, points, "{town}");
        assert!(res.modifiers[0].rule.contains("L1082"));
    }
    // Belle Alliance scores only in the Advanced Three Player Version (L1094).
    let refused = refusal(
        &record,
        "victory",
        &[
            ("towns_version", text("advanced")),
            ("town_belle_alliance", text("french")),
        ],
    )
    .expect("Belle Alliance");
    assert!(refused.contains("Belle Alliance"), "{refused}");
    // The basic version scores no Town.
    let refused = refusal(&record, "victory", &[("town_smohain", text("french"))]).expect("basic");
    assert!(refused.contains("Smohain"), "{refused}");
    // The historical scenario has no advanced version.
    let mut historical = Play::start("enemy-mistakes", "historical").record().clone();
    historical.position.turn = 19;
    let refused = refusal(
        &historical,
        "victory",
        &[("towns_version", text("advanced"))],
    )
    .expect("historical");
    assert!(refused.contains("free scenarios"), "{refused}");
}

/// T9: the Generals' victory points as printed (L1070-1071), each scored by the enemy.
#[test]
fn t9_l1070_each_general_is_worth_his_printed_points() {
    let printed = [
        ("british", "Orange", 6),
        ("british", "Hill", 18),
        ("british", "Picton", 18),
        ("british", "Uxbridge", 18),
        ("prussian", "Blücher", 36),
        ("prussian", "Ziethen", 12),
        ("prussian", "Pirch", 12),
        ("prussian", "Bülow", 12),
        ("french", "Drouot", 12),
        ("french", "D'Erlon", 12),
        ("french", "Reille", 18),
        ("french", "Lobau", 12),
        ("french", "Kellermann", 18),
        ("french", "Milhaud", 12),
        ("french", "Ney", 12),
    ];
    for (side, general, points) in printed {
        let mut record = record_with(&[removed(side, general, "Eliminated")]);
        record.position.turn = 19;
        let input = form(&record, "victory", &[]);
        let field = if side == "french" {
            "french_pieces_vp"
        } else {
            "allied_pieces_vp"
        };
        assert_eq!(input.number(field), points, "{general}");
    }
}

/// The Advanced Three Player Version scores Towns whose value the text lost (L1094): the players
/// enter it, and the tally waits for it.
#[test]
fn l1094_the_advanced_three_player_towns_need_their_lost_value() {
    let record = scenario_with("free-deployment-three", &[]);
    let facts = [
        ("towns_version", text("advanced_three")),
        ("town_planchenois", text("prussian")),
    ];
    let refused = refusal(&record, "victory", &facts).expect("no value");
    assert!(refused.contains("L1094"), "{refused}");
    // FICTIONAL: 7 points a Town.
    let entered = [facts.to_vec(), vec![("town_points", number(7))]].concat();
    assert_eq!(refusal(&record, "victory", &entered), None);
    let res = resolve("victory", &form(&record, "victory", &entered), &[]);
    assert_eq!(totals(&res)[2], ("Prussian (black)".to_string(), 7));
    // Smohain is not among its Towns; the Free Scenario's version is not for this one.
    let refused = refusal(
        &record,
        "victory",
        &[entered.clone(), vec![("town_smohain", text("french"))]].concat(),
    )
    .expect("Smohain");
    assert!(refused.contains("Smohain"), "{refused}");
    let free = scenario_with("free", &[]);
    let refused = refusal(&free, "victory", &entered).expect("wrong scenario");
    assert!(refused.contains("Three Player Version"), "{refused}");
}

/// The Scenario Ready for Three Players starts on turn VIII with Blücher and Bülow deployed
/// (L1086); Pirch's corps follows at the start of turn IX, without a roll (L642, L666).
#[test]
fn l1086_the_three_player_scenario_starts_on_turn_viii_with_the_iv_corps() {
    let mut play = Play::start("enemy-mistakes", "three-players");
    assert_eq!(play.record().position.turn, 8);
    // The 17 commanders of L347-361, Ney included, each once.
    let set_up = play.session.events().iter().find_map(|e| match &e.body {
        EventBody::Resolved { outcome, .. } => Some(outcome.to_string()),
        _ => None,
    });
    assert!(
        set_up
            .as_deref()
            .is_some_and(|s| s.starts_with("Set up: 17 commanders")),
        "{set_up:?}"
    );
    assert_eq!(play.state("prussian", "Blücher"), "On the battlefield");
    assert_eq!(play.state("prussian", "Bülow"), "On the battlefield");
    assert_eq!(play.state("prussian", "Pirch"), "Not yet arrived");
    assert!(
        play.record()
            .marks
            .iter()
            .any(|m| m.contains("maneuver limit"))
    );
    // The IV Corps's Formations deploy with a green marker (L664), on the turn it enters only.
    play.play(
        "add-unit",
        &[
            ("side", text("prussian")),
            ("number", number(60)),
            ("type", text("infantry")),
            ("corps", text("IV")),
            ("capacity", number(4)),        // FICTIONAL
            ("victory_points", number(10)), // FICTIONAL
        ],
        &[],
    );
    assert_eq!(play.state("prussian", "Unit 60"), "On the battlefield");
    let deployed = [
        ("side", text("prussian")),
        ("name", text("IV right")),
        ("corps", text("IV")),
        ("units", Value::List(vec!["Unit 60".into()])),
        ("entered", yes()),
    ];
    play.play("formation", &deployed, &[]);
    let green = play
        .record()
        .unit("prussian", "IV right")
        .and_then(|f| f.attribute("green marker"));
    assert_eq!(green, Some("yes"));
    // The French hold Initiative 1 by the Preparation: no bid on the first turn (L650), unless the
    // players choose otherwise; the battle ends after turn XIX (L1086), not on an agreed turn.
    assert!(!play.applies("initiative"));
    let mut bidding = play.record().clone();
    bidding.apply(
        &[Effect::SetOption {
            name: "first_turn_bid".into(),
            value: "bid".into(),
            rule: "test".into(),
        }],
        0,
    );
    assert!(procedure("initiative").applies(&bidding));
    let refused = play.refused("victory", &[]).expect("turn VIII");
    assert!(refused.contains("XIX"), "{refused}");
    // Nothing is due on turn VIII; Pirch enters on turn IX.
    assert!(!play.applies("prussian-entrance"));
    play.go_to(9, 0, 0);
    assert!(play.applies("prussian-entrance"));
    let res = play.play("prussian-entrance", &[], &[]);
    assert!(
        res.outcome.headline.contains("Pirch"),
        "{}",
        res.outcome.headline
    );
    assert!(play.applies("initiative"));
    let refused = play.refused("formation", &deployed).expect("a turn late");
    assert!(refused.contains("L662-668"), "{refused}");
    // Ney may still join, on the scenario's first turn only.
    assert!(!play.applies("ney"));
    assert!(Play::start("enemy-mistakes", "three-players").applies("ney"));
}

/// A Routed Unit that cannot Withdraw 2 is captured (L787); a Unit touching the edge is out of
/// field (L578, L676); the victory count doubles and halves them (L674, L676).
#[test]
fn l787_l676_units_captured_or_out_of_field_count_for_the_enemy() {
    let mut record = Play::start("enemy-mistakes", "free").record().clone();
    record.apply(
        &[
            unit("british", "Unit 30", "R", "10", "On the battlefield"), // FICTIONAL: 10 VP
            unit("british", "Unit 31", "R", "15", "On the battlefield"), // FICTIONAL: 15 VP
            vec![Effect::set_attribute(
                "british",
                "Unit 31",
                "yellow markers",
                1,
                "test",
            )],
        ]
        .concat(),
        0,
    );
    let routed = [
        ("side", text("british")),
        ("unit", text("Unit 31")),
        ("how", text("routed")),
    ];
    let refused = refusal(&record, "remove-unit", &routed).expect("only Shaken");
    assert!(refused.contains("L787"), "{refused}");
    let overrun = [
        ("side", text("british")),
        ("unit", text("Unit 30")),
        ("how", text("overrun")),
    ];
    let refused = refusal(&record, "remove-unit", &overrun).expect("not artillery");
    assert!(refused.contains("L894"), "{refused}");

    record.apply(
        &[Effect::set_attribute(
            "british",
            "Unit 31",
            "yellow markers",
            2,
            "test",
        )],
        0,
    );
    assert_eq!(refusal(&record, "remove-unit", &routed), None);
    let captured = resolve("remove-unit", &form(&record, "remove-unit", &routed), &[]);
    record.apply(&captured.effects, 0);
    let out = [
        ("side", text("british")),
        ("unit", text("Unit 30")),
        ("how", text("out_of_field")),
    ];
    let out_of_field = resolve("remove-unit", &form(&record, "remove-unit", &out), &[]);
    assert!(out_of_field.outcome.headline.contains("L676"));
    record.apply(&out_of_field.effects, 0);
    assert_eq!(
        record.unit("british", "Unit 31").map(|u| u.state.as_ref()),
        Some("Captured")
    );
    assert_eq!(
        record.unit("british", "Unit 30").map(|u| u.state.as_ref()),
        Some("Out of field")
    );
    // 15 doubled and 10 halved (L674, L676).
    assert_eq!(
        form(&record, "victory", &[]).number("allied_pieces_vp"),
        30 + 5
    );
    // A Routed Garrison is eliminated, never captured (L540).
    record.apply(
        &[
            unit("british", "Hougoumont", "II", "30", "On the battlefield"),
            vec![
                Effect::set_attribute("british", "Hougoumont", "type", "garrison", "test"),
                Effect::set_attribute("british", "Hougoumont", "yellow markers", 2, "test"),
            ],
        ]
        .concat(),
        0,
    );
    let garrison = [
        ("side", text("british")),
        ("unit", text("Hougoumont")),
        ("how", text("routed")),
    ];
    let refused = refusal(&record, "remove-unit", &garrison).expect("a Garrison");
    assert!(refused.contains("L540"), "{refused}");
    // A removed Unit cannot be removed again.
    assert!(refusal(&record, "remove-unit", &out).is_some());
}

/// A rules dispute is settled by a die after a call of even or odd (L1104): half the faces permit.
#[test]
fn l1104_a_dispute_is_settled_by_an_even_or_odd_call() {
    let record = Play::start("enemy-mistakes", "historical").record().clone();
    let facts = [
        ("side", text("french")),
        ("action", text("Unit 8 moves through the wood")),
        ("call", text("even")),
    ];
    let input = form(&record, "dispute", &facts);
    assert_eq!(count("dispute", &input, "Permitted"), 3);
    let permitted = resolve("dispute", &input, &[4]);
    assert_eq!(permitted.outcome.key, "Permitted");
    assert!(
        permitted
            .outcome
            .headline
            .contains("Unit 8 moves through the wood")
    );
    assert_eq!(
        resolve("dispute", &input, &[3]).outcome.key,
        "Not permitted"
    );
    let odd = form(
        &record,
        "dispute",
        &[facts[0].clone(), facts[1].clone(), ("call", text("odd"))],
    );
    assert_eq!(resolve("dispute", &odd, &[3]).outcome.key, "Permitted");
    // The question goes on the record with the ruling.
    let refused = refusal(&record, "dispute", &[("action", text(" "))]).expect("no question");
    assert!(refused.contains("action"), "{refused}");
}
