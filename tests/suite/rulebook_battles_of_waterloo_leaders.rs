//! The Battles of Waterloo checked against its rulebook: leader casualties, the death of an
//! Overall Commander and Leader Replacement.
//!
//! Specification: the rulebook `shared/seeds/001_313c361a8749247d.txt` (cited as Lnnn, with the
//! rule number as printed: R 9.21A-F, L1558-1571; R 9.22, L1573-1579) and its digest
//! `shared/rules/seed001_battles_of_waterloo.md` (§3.39-3.41, and its Corrections "Leader
//! casualties: each leader rolls", "The Square -1 applies to every Cohesion Check" and "Becomes
//! Disordered"). Counter values the rulebook does not print are FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::odds;
use aide_de_camp::engine::record::{Effect, Record};
use aide_de_camp::games::battles_of_waterloo::NAPOLEON_KILLED;
use support::battles_of_waterloo::{add_unit, form, procedure, resolve, start, tables};
use support::{Play, flag, list, mentions, number, text};

/// A leader on the record, with a FICTIONAL Command Range.
fn add_leader(play: &mut Play, side: &str, name: &str, kind: &str, command: &str) {
    play.play(
        "add-leader",
        &[
            ("side", text(side)),
            ("name", text(name)),
            ("type", text(kind)),
            ("command", text(command)),
            ("command_range", number(4)), // FICTIONAL
        ],
        &[],
    );
}

fn casualty(side: &str, leader: &str, trigger: &str, path: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text(side)),
        ("leader", text(leader)),
        ("trigger", text(trigger)),
        ("path", text(path)),
    ]
}

/// Ligny with Zieten (FICTIONAL: Combat Leader of "I Corps") and a unit of his command.
fn ligny() -> Play {
    let mut play = start("ligny");
    add_leader(&mut play, "prussian", "Zieten", "combat_leader", "I Corps");
    add_unit(&mut play, "prussian", "1 Brigade", "infantry", &[]);
    play
}

fn odds_of(id: &str, input: &aide_de_camp::engine::input::Input, key: &str) -> u64 {
    odds(procedure(id), input, &tables())
        .unwrap()
        .iter()
        .find(|l| l.key == key)
        .map_or(0, |l| l.count)
}

// --- Leader casualties, R 9.21A-D -------------------------------------------------------------

/// R 9.21A, L1560: a natural 9 on the fire roll makes the leader roll again: another 9 kills him,
/// and his command is Out of Command until the Leader Replacement Phase.
#[test]
fn l1560_fire_a_second_nine_kills_the_leader() {
    let mut play = ligny();
    let unhurt = play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "fire", "reach"),
        &[8],
    );
    assert_eq!(unhurt.outcome.key, "unhurt");
    assert_eq!(play.state("prussian", "Zieten"), "In play");
    let killed = play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "fire", "reach"),
        &[9],
    );
    assert_eq!(killed.outcome.key, "killed");
    assert!(mentions(
        &killed,
        "Every unit of I Corps is Out of Command until the Leader Replacement Phase"
    ));
    assert_eq!(play.state("prussian", "Zieten"), "Killed");
    let input = play.input(
        "leader-casualty",
        &casualty("prussian", "Zieten", "fire", "reach"),
    );
    assert_eq!(
        odds_of("leader-casualty", &input, "killed"),
        1,
        "one face in ten"
    );
}

/// R 9.21B, L1561: a step lost in Shock by a unit stacked with him: a 9 kills him.
#[test]
fn l1561_shock_a_nine_kills_the_leader() {
    let mut play = ligny();
    assert_eq!(play.state("prussian", "Zieten"), "In play");
    for die in 0..=8 {
        let r = resolve(
            "leader-casualty",
            &play.input(
                "leader-casualty",
                &casualty("prussian", "Zieten", "shock", "reach"),
            ),
            &[die],
        );
        assert_eq!(r.outcome.key, "unhurt", "die {die}");
    }
    play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "shock", "reach"),
        &[9],
    );
    assert_eq!(play.state("prussian", "Zieten"), "Killed");
}

/// R 9.21C, L1562-1565: a leader alone next to the enemy: 0-7 placed with his command, or
/// Captured without a free path, or removed if his command is gone; 8-9 Killed.
#[test]
fn l1564_l1565_a_leader_alone() {
    let mut play = ligny();
    let placed = play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "alone", "reach"),
        &[7],
    );
    assert_eq!(placed.outcome.key, "placed");
    assert!(mentions(&placed, "nearest combat unit of his command"));
    assert_eq!(play.state("prussian", "Zieten"), "In play");
    let input = play.input(
        "leader-casualty",
        &casualty("prussian", "Zieten", "alone", "reach"),
    );
    assert_eq!(odds_of("leader-casualty", &input, "killed"), 2, "8 and 9");
    assert_eq!(
        resolve("leader-casualty", &input, &[8]).outcome.key,
        "killed"
    );
    let captured = play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "alone", "cut"),
        &[0],
    );
    assert_eq!(captured.outcome.key, "captured");
    assert!(mentions(&captured, "Out of Command"));
    assert_eq!(play.state("prussian", "Zieten"), "Captured");
}

/// L1564: "If all combat units in his Command are gone, remove the leader"; the record refuses it
/// while one is still there.
#[test]
fn l1564_a_leader_whose_command_is_gone_is_removed() {
    let play = ligny();
    let refused = play
        .refused(
            "leader-casualty",
            &casualty("prussian", "Zieten", "alone", "none_left"),
        )
        .unwrap();
    assert!(refused.contains("1 Brigade"), "{refused}");
    let mut play = start("ligny");
    add_leader(&mut play, "prussian", "Pirch", "combat_leader", "II Corps");
    let removed = play.play(
        "leader-casualty",
        &casualty("prussian", "Pirch", "alone", "none_left"),
        &[3],
    );
    assert_eq!(removed.outcome.key, "removed");
    assert_eq!(play.state("prussian", "Pirch"), "Eliminated");
}

/// Corrections "Leader casualties: each leader rolls": two leaders in the hex fired upon each roll.
#[test]
fn corrections_each_leader_in_the_hex_rolls_for_himself() {
    let mut play = ligny();
    add_leader(
        &mut play,
        "prussian",
        "Steinmetz",
        "combat_leader",
        "I Corps",
    );
    play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "fire", "reach"),
        &[9],
    );
    play.play(
        "leader-casualty",
        &casualty("prussian", "Steinmetz", "fire", "reach"),
        &[4],
    );
    assert_eq!(play.state("prussian", "Zieten"), "Killed");
    assert_eq!(play.state("prussian", "Steinmetz"), "In play");
    // A killed leader does not roll again.
    let refused = play
        .refused(
            "leader-casualty",
            &casualty("prussian", "Zieten", "fire", "reach"),
        )
        .unwrap();
    assert!(refused.contains("Killed"), "{refused}");
}

/// An Overall Commander killed: the result asks for the Death of an Overall Commander.
#[test]
fn l1569_an_overall_commander_killed_calls_for_the_next_procedure() {
    let mut play = start("quatre-bras");
    add_leader(&mut play, "allied", "Wellington", "overall_commander", "");
    let input = play.input(
        "leader-casualty",
        &casualty("allied", "Wellington", "shock", "reach"),
    );
    assert_eq!(
        input.text("leader_type"),
        "overall_commander",
        "filled in from the record"
    );
    let killed = play.play(
        "leader-casualty",
        &casualty("allied", "Wellington", "shock", "reach"),
        &[9],
    );
    assert!(mentions(&killed, "Death of an Overall Commander"));
}

/// Leaders must be on the record, and the form's facts must be the record's.
#[test]
fn the_record_refuses_a_leader_it_does_not_know() {
    let play = ligny();
    let refused = play
        .refused(
            "leader-casualty",
            &casualty("prussian", "Nobody", "fire", "reach"),
        )
        .unwrap();
    assert!(refused.contains("not a leader"), "{refused}");
    let mut values = casualty("prussian", "Zieten", "fire", "reach");
    values.push(("leader_type", text("superior_commander")));
    assert!(
        play.refused("leader-casualty", &values)
            .unwrap()
            .contains("the record says otherwise")
    );
}

// --- Death of an Overall Commander, R 9.21E-F -------------------------------------------------

/// Quatre Bras with three British units (FICTIONAL Cohesion 5) and a Dutch-Belgian one.
fn british() -> Play {
    let mut play = start("quatre-bras");
    for name in ["Guards", "Highlanders", "Line"] {
        add_unit(
            &mut play,
            "allied",
            name,
            "infantry",
            &[("british", flag(true))],
        );
    }
    add_unit(&mut play, "allied", "Dutch", "infantry", &[]);
    play
}

fn wellington(units: &[&str]) -> Vec<(&'static str, Value)> {
    vec![("commander", text("wellington")), ("units", list(units))]
}

/// R 9.21E, L1569: under the Cohesion, retreat one hex and become Disordered; exactly, no effect;
/// over, Rout at once. One die each, and the record after Apply.
#[test]
fn l1569_wellington_killed_each_british_unit_tests_three_ways() {
    let mut play = british();
    let input = play.input(
        "commander-killed",
        &wellington(&["Guards", "Highlanders", "Line"]),
    );
    assert_eq!(input.text("side"), "allied");
    assert!(
        input
            .text("unit_facts")
            .contains("Guards: Cohesion 5, infantry, good order")
    );
    let r = play.play(
        "commander-killed",
        &wellington(&["Guards", "Highlanders", "Line"]),
        &[4, 5, 6],
    );
    assert_eq!(r.outcome.key, "rout");
    assert!(
        r.outcome
            .headline
            .contains("Guards retreats one hex and is Disordered"),
        "{}",
        r.outcome.headline
    );
    assert!(
        r.outcome
            .headline
            .contains("Highlanders stays in place, no effect")
    );
    assert!(r.outcome.headline.contains("Line Routs"));
    assert!(mentions(&r, "Guards retreats one hex"));
    assert_eq!(
        play.attribute("allied", "Guards", "disorder").as_deref(),
        Some("D-1")
    );
    assert_eq!(play.attribute("allied", "Highlanders", "disorder"), None);
    assert_eq!(play.state("allied", "Line"), "Routed");
}

/// L1569 "but not non-British units!": the Dutch unit is not offered, and refused.
#[test]
fn l1569_only_british_units_test_for_wellington() {
    let play = british();
    let refused = play
        .refused("commander-killed", &wellington(&["Guards", "Dutch"]))
        .unwrap();
    assert!(refused.contains("not British"), "{refused}");
    let p = procedure("commander-killed");
    let input = play.input("commander-killed", &wellington(&[]));
    assert!(!p.offers("units", &input, play.record(), "allied", "Dutch"));
    assert!(p.offers("units", &input, play.record(), "allied", "Guards"));
}

/// Blücher: his Prussian units. Cohesion 5 (FICTIONAL): under 5/10, equal 1/10, over 4/10.
#[test]
fn l1569_blucher_killed_the_odds_of_one_unit() {
    let mut play = start("ligny");
    add_unit(&mut play, "prussian", "1 Brigade", "infantry", &[]);
    let input = play.input(
        "commander-killed",
        &[
            ("commander", text("blucher")),
            ("units", list(&["1 Brigade"])),
        ],
    );
    assert_eq!(input.text("side"), "prussian");
    assert_eq!(odds_of("commander-killed", &input, "retreat"), 5);
    assert_eq!(odds_of("commander-killed", &input, "no effect"), 1);
    assert_eq!(odds_of("commander-killed", &input, "rout"), 4);
}

fn with(record: &Record, effects: &[Effect]) -> Record {
    let mut record = record.clone();
    record.apply(effects, 0);
    record
}

/// Corrections: the Square -1 applies to this Cohesion Check too (L1301): a 6 against 5 becomes 5.
#[test]
fn l1301_the_square_minus_one_applies() {
    let play = british();
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Guards", "square", "yes", "test",
        )],
    );
    let input = form(
        &record,
        "commander-killed",
        &wellington(&["Guards", "Line"]),
    );
    let r = resolve("commander-killed", &input, &[6, 6]);
    assert_eq!(r.modifiers.len(), 1);
    assert_eq!(r.modifiers[0].value, -1);
    assert!(r.modifiers[0].rule.contains("L1301"));
    assert!(
        r.outcome.headline.contains("Guards stays in place"),
        "{}",
        r.outcome.headline
    );
    assert!(r.outcome.headline.contains("Line Routs"));
}

/// "Become Disordered" on a unit already D-1: the state (default) leaves it D-1; a 'D' result
/// makes it D-2 (digest, Corrections).
#[test]
fn corrections_becomes_disordered_by_either_reading() {
    let mut play = british();
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Guards", "disorder", "D-1", "test",
        )],
    );
    let input = form(&record, "commander-killed", &wellington(&["Guards"]));
    let r = resolve("commander-killed", &input, &[2]);
    assert!(mentions(&r, "already Disordered (D-1): no change"));
    assert!(
        !r.effects.iter().any(
            |e| matches!(e, Effect::UnitAttribute { attribute, .. } if attribute == "disorder")
        )
    );
    play.play("settings", &[("becomes_disordered", text("d_result"))], &[]);
    let record = with(
        play.record(),
        &[Effect::set_attribute(
            "allied", "Guards", "disorder", "D-1", "test",
        )],
    );
    let input = form(&record, "commander-killed", &wellington(&["Guards"]));
    let r = resolve("commander-killed", &input, &[2]);
    assert!(mentions(&r, "Disordered: D-2"));
}

/// Every unit named must be on the record with its Cohesion; at most 4 a resolution.
#[test]
fn units_not_on_the_record_or_too_many_are_refused() {
    let mut play = british();
    let refused = play
        .refused("commander-killed", &wellington(&["Ghost"]))
        .unwrap();
    assert!(refused.contains("on the record"), "{refused}");
    add_unit(
        &mut play,
        "allied",
        "Rifles",
        "infantry",
        &[("british", flag(true))],
    );
    add_unit(
        &mut play,
        "allied",
        "Fusiliers",
        "infantry",
        &[("british", flag(true))],
    );
    let five = wellington(&["Guards", "Highlanders", "Line", "Rifles", "Fusiliers"]);
    assert!(
        play.refused("commander-killed", &five)
            .unwrap()
            .contains("at most 4")
    );
    assert!(play.refused("commander-killed", &wellington(&[])).is_some());
}

/// R 9.21F, L1571: Napoleon killed: the game is over and the Allies win; only the settings may
/// still be resolved.
#[test]
fn l1571_napoleon_killed_ends_the_game() {
    let mut play = start("mont-st-jean");
    add_leader(&mut play, "french", "Napoleon", "overall_commander", "");
    let r = play.play("commander-killed", &[("commander", text("napoleon"))], &[]);
    assert_eq!(r.outcome.key, "game over");
    assert!(play.record().marks.contains(NAPOLEON_KILLED));
    assert_eq!(NAPOLEON_KILLED, "Napoleon killed");
    let over = (play.game.game_over)(play.record()).unwrap();
    assert!(over.contains("Allies win"), "{over}");
    let refused = play
        .refused(
            "leader-casualty",
            &casualty("french", "Napoleon", "fire", "reach"),
        )
        .unwrap();
    assert!(refused.contains("game is over"), "{refused}");
    assert!(play.refused("settings", &[]).is_none());
    let wrong = play.refused(
        "commander-killed",
        &[("commander", text("napoleon")), ("side", text("allied"))],
    );
    assert!(wrong.is_some());
}

// --- Leader Replacement, R 9.22 --------------------------------------------------------------

/// R 9.22A, L1575: in the Leader Replacement Phase a Killed leader flips to his Replacement side
/// and is placed with any unit of his command.
#[test]
fn l1575_a_killed_leader_returns_on_his_replacement_side() {
    let mut play = ligny();
    play.go_to(1, 2, 0);
    play.play(
        "leader-casualty",
        &casualty("prussian", "Zieten", "fire", "reach"),
        &[9],
    );
    play.go_to(1, 6, 0);
    let step = &play.game.sequence.phases[6].steps[0];
    assert!(step.procedures.contains(&"leader-replacement"));
    let r = play.play(
        "leader-replacement",
        &[("side", text("prussian")), ("leader", text("Zieten"))],
        &[],
    );
    assert!(mentions(&r, "place him with any unit of I Corps"));
    assert_eq!(play.state("prussian", "Zieten"), "In play");
    assert_eq!(
        play.attribute("prussian", "Zieten", "replacement")
            .as_deref(),
        Some("yes")
    );
    // Now in play, he cannot be replaced again.
    let refused = play
        .refused(
            "leader-replacement",
            &[("side", text("prussian")), ("leader", text("Zieten"))],
        )
        .unwrap();
    assert!(refused.contains("In play"), "{refused}");
}

/// R 9.22B, L1577: a Superior Commander replaced by a Combat Leader in play: that Combat Leader's
/// counter flips too; only for a Superior Commander.
#[test]
fn l1577_a_superior_commander_replaced_by_a_combat_leader() {
    let mut play = start("quatre-bras");
    add_leader(
        &mut play,
        "french",
        "Ney",
        "superior_commander",
        "Left Wing",
    );
    add_leader(&mut play, "french", "Reille", "combat_leader", "II Corps");
    add_leader(&mut play, "french", "Bachelu", "combat_leader", "II Corps");
    play.play(
        "leader-casualty",
        &casualty("french", "Ney", "fire", "reach"),
        &[9],
    );
    play.play(
        "leader-casualty",
        &casualty("french", "Bachelu", "fire", "reach"),
        &[9],
    );
    let values = [
        ("side", text("french")),
        ("leader", text("Ney")),
        ("combat_leader_flips", flag(true)),
        ("combat_leader", text("Reille")),
    ];
    let r = play.play("leader-replacement", &values, &[]);
    assert!(mentions(&r, "Flip Reille's counter too"));
    assert_eq!(
        play.attribute("french", "Reille", "replacement").as_deref(),
        Some("yes")
    );
    assert_eq!(play.state("french", "Reille"), "In play");
    let not_sc = [
        ("side", text("french")),
        ("leader", text("Bachelu")),
        ("combat_leader_flips", flag(true)),
        ("combat_leader", text("Reille")),
    ];
    assert!(
        play.refused("leader-replacement", &not_sc)
            .unwrap()
            .contains("Superior Commander")
    );
}

/// The procedures sit in the steps where their rules happen.
#[test]
fn the_procedures_are_in_their_steps() {
    let play = start("mont-st-jean");
    let steps: Vec<_> = play
        .game
        .sequence
        .phases
        .iter()
        .flat_map(|p| p.steps.iter())
        .collect();
    for title in [
        "Initiative First LIM",
        "Random LIM Draw",
        "No LIM activations",
    ] {
        let step = steps.iter().find(|s| s.title == title).unwrap();
        for id in [
            "leader-casualty",
            "commander-killed",
            "imperial-guard",
            "chateau-recovery",
        ] {
            assert!(step.procedures.contains(&id), "{id} in {title}");
        }
    }
    let morale = steps.iter().find(|s| s.title == "Command Morale").unwrap();
    assert!(morale.procedures.contains(&"command-morale"));
}
