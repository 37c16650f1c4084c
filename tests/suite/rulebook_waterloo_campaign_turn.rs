//! Waterloo Campaign 1815: the rolls that shape a turn (pass allowances, the Deluge, the June 15
//! limits) against the rulebook (seed 000, cited as Lnnn) and the digest's vectors V8-V14.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::log::SideName;
use aide_de_camp::engine::play::{Command, Dice, Executed};
use aide_de_camp::engine::procedure::{Resolution, odds, resolve_checked};
use aide_de_camp::engine::record::{Effect, Position, Record};
use aide_de_camp::engine::roller::Seed;
use aide_de_camp::engine::session::Session;
use aide_de_camp::games::{self, waterloo_campaign};
use support::waterloo_campaign::{execute, procedure, resolved, tables};

fn input(id: &str, values: &[(&str, Value)]) -> Input {
    let mut input = Input::defaults(procedure(id).fields());
    for (field, value) in values {
        input.set(field, value.clone());
    }
    input
}

fn resolve(id: &str, input: &Input, die: u8) -> Resolution {
    resolve_checked(procedure(id), input, &tables(), &[die]).expect("resolves")
}

fn counter(resolution: &Resolution) -> (String, i64) {
    resolution
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::SetCounter { name, value, .. } => Some((name.to_string(), *value)),
            _ => None,
        })
        .expect("a counter is set")
}

fn has_reminder(resolution: &Resolution, lines: &str) -> bool {
    resolution
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Reminder { rule, .. } if rule.contains(lines)))
}

/// V8, L609-617: the Coalition passes; 5 French Corps are free and 1 reinforcement is due; die 3.
#[test]
fn v8_l609_movement_allowance_is_die_plus_free_corps_plus_reinforcements() {
    let input = input(
        "movement-pass",
        &[
            ("passing_side", Value::Text("coalition".into())),
            ("corps_free", Value::Number(5)),
            ("reinforcements_due", Value::Number(1)),
        ],
    );
    let resolution = resolve("movement-pass", &input, 3);
    assert_eq!(counter(&resolution), ("French moves left".to_string(), 9));
    assert_eq!(
        resolution.outcome.headline,
        "French may make up to 9 more moves"
    );
    assert!(
        resolution
            .modifiers
            .iter()
            .all(|m| m.rule.contains("L609-611"))
    );
    // Off-map reinforcements must enter first (L616-617).
    assert!(has_reminder(&resolution, "L616-617"));
    assert_eq!(procedure("movement-pass").acting_side(&input), "french");
}

/// V9, L852-853: the French pass; the Coalition rolls 4: at most 4 more attacks, no modifiers.
#[test]
fn v9_l852_attack_allowance_is_the_die_alone() {
    let input = input(
        "attack-pass",
        &[("passing_side", Value::Text("french".into()))],
    );
    let resolution = resolve("attack-pass", &input, 4);
    assert_eq!(
        counter(&resolution),
        ("Coalition attacks left".to_string(), 4)
    );
    assert!(resolution.modifiers.is_empty());
    let lines = odds(procedure("attack-pass"), &input, &tables()).expect("odds");
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.count == 1));
}

/// L1083-1087: 1-4 rain, 5-6 no effect, read on the Deluge table.
#[test]
fn l1083_the_deluge_at_every_face() {
    for face in 1..=6u8 {
        let input = input("deluge", &[("turn", Value::Number(5))]);
        let resolution = resolve("deluge", &input, face);
        let cell = resolution.cell.as_ref().expect("the table is read");
        assert_eq!(cell.table, "deluge");
        let rain = resolution
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Mark { name, .. } if name == "Rain on turn 5"));
        assert_eq!(rain, face <= 4, "face {face}");
        assert_eq!(cell.result == "R", face <= 4, "face {face}");
    }
    let lines = odds(
        procedure("deluge"),
        &input("deluge", &[("turn", Value::Number(6))]),
        &tables(),
    )
    .expect("odds");
    let rain = lines.iter().find(|l| l.key == "Rain").expect("rain");
    assert_eq!(rain.count, 4);
}

/// A session that has reached `turn` and applied a Deluge roll of `face` on each listed turn.
fn weather_record(rolls: &[(u32, u8)]) -> Record {
    weather_session(rolls).record().clone()
}

/// A June 16-18 session on turn 5 that has applied a Deluge roll of `face` on each listed turn.
fn weather_session(rolls: &[(u32, u8)]) -> Session {
    let game = games::find("waterloo-campaign-1815").expect("game");
    let tables = tables();
    let mut session = Session::new(
        game.id,
        "june-16-18",
        Position {
            turn: 5,
            phase: 0,
            step: 0,
        },
        vec![SideName {
            id: "french".into(),
            name: "French".into(),
        }],
        GameKey::from_parts([7; 32], Seed::from_u64(1)),
    );
    for (turn, face) in rolls {
        let input = input("deluge", &[("turn", Value::Number(i64::from(*turn)))]);
        execute(&mut session, resolved("deluge", input, &[*face])).expect("applies");
    }
    assert!(game.verify(&session, &tables).is_ok());
    session
}

/// V10, L1094-1096 (erratum): rain on T5 (die 3), none on T6 (die 6): soft ground on T5 and T6.
#[test]
fn v10_rain_on_turn_5_softens_turns_5_and_6() {
    let record = weather_record(&[(5, 3), (6, 6)]);
    let soft: Vec<bool> = (4..=7)
        .map(|t| waterloo_campaign::soft_ground(&record, t))
        .collect();
    assert_eq!(soft, vec![false, true, true, false]);
}

/// V11: none on T5 (die 5), rain on T6 (die 1): soft ground on T6 and T7.
#[test]
fn v11_rain_on_turn_6_softens_turns_6_and_7() {
    let record = weather_record(&[(5, 5), (6, 1)]);
    let soft: Vec<bool> = (4..=8)
        .map(|t| waterloo_campaign::soft_ground(&record, t))
        .collect();
    assert_eq!(soft, vec![false, false, true, true, false]);
}

/// The attack form opens with soft ground set from the record (L1094-1096).
#[test]
fn l1094_the_attack_form_knows_the_ground_from_the_record() {
    let mut record = weather_record(&[(5, 2)]);
    for (turn, soft) in [(5, true), (6, true), (7, false)] {
        record.position.turn = turn;
        let mut input = Input::defaults(procedure("attack").fields());
        procedure("attack").prefill(&mut input, &record);
        assert_eq!(input.flag("soft_ground"), soft, "turn {turn}");
    }
}

/// Soft ground needs rain, on the turn or the turn before (L1094-1096), and rain falls only when
/// the Deluge is rolled, on turns 5 and 6 (L1074-1087). The attack form refuses soft ground ticked
/// where no rain can have fallen, naming the field: on its own for a turn outside 5 to 7; in a
/// session, through `Session::execute`, for a turn without rain on the record that turn or the one
/// before, nothing logged. After rain on turn 5 the same attack resolves, the attacker
/// subtracting 1.
#[test]
fn l1094_soft_ground_is_refused_where_no_rain_can_have_fallen() {
    for (turn, possible) in [
        (1, false),
        (4, false),
        (5, true),
        (6, true),
        (7, true),
        (8, false),
    ] {
        let attack = input(
            "attack",
            &[
                ("soft_ground", Value::Flag(true)),
                ("turn", Value::Number(turn)),
            ],
        );
        match resolve_checked(procedure("attack"), &attack, &tables(), &[3, 3]) {
            Ok(_) => assert!(possible, "turn {turn}"),
            Err(e) => {
                let e = e.to_string();
                assert!(!possible, "turn {turn}: {e}");
                assert!(e.contains("field `soft_ground`"), "{e}");
                assert!(e.contains("L1074-1087"), "{e}");
            }
        }
    }

    let soft_attack = |session: &Session| {
        let mut attack = Input::defaults(procedure("attack").fields());
        procedure("attack").prefill(&mut attack, session.record());
        attack.set("soft_ground", Value::Flag(true));
        attack
    };
    let mut dry = weather_session(&[(5, 6)]);
    let logged = dry.events().len();
    let attack = soft_attack(&dry);
    let refused = execute(&mut dry, resolved("attack", attack, &[3, 3]))
        .expect_err("no rain on the record")
        .to_string();
    assert!(refused.contains("field `soft_ground`"), "{refused}");
    assert!(refused.contains("L1094-1096"), "{refused}");
    assert_eq!(dry.events().len(), logged, "nothing logged");

    let mut wet = weather_session(&[(5, 3)]);
    let attack = soft_attack(&wet);
    let Executed::Resolved { resolution, .. } =
        execute(&mut wet, resolved("attack", attack, &[3, 3])).expect("rain on turn 5")
    else {
        panic!("a resolution");
    };
    assert!(
        resolution
            .modifiers
            .iter()
            .any(|m| m.side == "Attacker" && m.value == -1 && m.rule.contains("L1094-1096")),
        "{:#?}",
        resolution.modifiers
    );
}

/// V12, L1278: Road Congestion on T1, die 4: the French may move 7 units.
#[test]
fn v12_l1278_road_congestion_turn_1_is_die_plus_3() {
    let input = input("road-congestion", &[("turn", Value::Number(1))]);
    let resolution = resolve("road-congestion", &input, 4);
    assert_eq!(
        counter(&resolution),
        ("French moves left (Road Congestion)".to_string(), 7)
    );
    assert_eq!(
        resolution.outcome.headline,
        "French may make up to 7 units moved"
    );
}

/// V13, L1302-1305: T2, die 2, 3 French units off the map: 5 moves; all must enter if possible.
#[test]
fn v13_l1302_road_congestion_turn_2_is_die_plus_units_off_the_map() {
    let input = input(
        "road-congestion",
        &[("turn", Value::Number(2)), ("off_map", Value::Number(3))],
    );
    let resolution = resolve("road-congestion", &input, 2);
    assert_eq!(counter(&resolution).1, 5);
    assert!(has_reminder(&resolution, "L1304-1305"));
}

/// V14, L1288-1296: T2, die 5: the Prussians on the map may move 5 times; Anglo-Allied none.
#[test]
fn v14_l1295_concentrating_the_army() {
    let resolution = resolve("concentrating-the-army", &Input::default(), 5);
    assert_eq!(
        counter(&resolution),
        (
            "Prussian moves left (Concentrating the Army)".to_string(),
            5
        )
    );
    assert!(has_reminder(&resolution, "L1288-1289"));
}

/// The allowance is a counter the players spend; it cannot go below zero, and spending undoes.
#[test]
fn l611_an_allowance_is_spent_move_by_move() {
    let mut session = Session::new(
        "waterloo-campaign-1815",
        "june-16-18",
        Position::default(),
        Vec::new(),
        GameKey::from_parts([7; 32], Seed::from_u64(2)),
    );
    let input = input(
        "attack-pass",
        &[("passing_side", Value::Text("french".into()))],
    );
    let rolled = Command::Resolve {
        procedure: "attack-pass".into(),
        input,
        dice: Dice::App,
        apply: true,
    };
    let Ok(Executed::Resolved { dice, .. }) = execute(&mut session, rolled) else {
        panic!("resolves");
    };
    let allowance = i64::from(dice[0].face);
    let name = "Coalition attacks left";
    let tally = |amount, counter: &str| Command::Tally {
        counter: counter.into(),
        amount,
    };
    assert_eq!(session.record().counters.get(name), Some(&allowance));
    execute(&mut session, tally(1, name)).expect("one attack");
    assert_eq!(session.record().counters.get(name), Some(&(allowance - 1)));
    assert!(execute(&mut session, tally(allowance, name)).is_err());
    assert!(execute(&mut session, tally(1, "French moves left")).is_err());
    execute(&mut session, Command::Undo).expect("a tally can be undone");
    assert_eq!(session.record().counters.get(name), Some(&allowance));
    assert!(session.verify().is_ok());
}

fn victory(french: i64, coalition: i64, line_of_communication: bool) -> Resolution {
    let input = input(
        "victory",
        &[
            ("french_vp", Value::Number(french)),
            ("coalition_vp", Value::Number(coalition)),
            (
                "french_line_of_communication",
                Value::Flag(line_of_communication),
            ),
        ],
    );
    resolve_checked(procedure("victory"), &input, &tables(), &[]).expect("resolves")
}

fn tournament_note(resolution: &Resolution) -> Option<String> {
    resolution.effects.iter().find_map(|e| match e {
        Effect::Reminder { text, rule } if rule.contains("Tournament") => Some(text.to_string()),
        _ => None,
    })
}

/// V19, L910-915: French 14, Coalition 3: a French Campaign Victory (margin 11), a tournament
/// victory but a historical defeat.
#[test]
fn v19_l910_margin_11_is_a_campaign_victory() {
    let resolution = victory(14, 3, false);
    assert_eq!(resolution.outcome.key, "French Campaign Victory");
    let cell = resolution.cell.as_ref().expect("the table is read");
    assert_eq!(
        (cell.table.as_str(), cell.row.as_str()),
        ("victory", "+9 to +11")
    );
    let note = tournament_note(&resolution).expect("a French win has a tournament note");
    assert!(
        note.contains("historical defeat but a tournament victory"),
        "{note}"
    );
}

/// V20, L902-903: 6 to 6: the Coalition wins ties, a Tactical Victory.
#[test]
fn v20_l902_a_tie_is_a_coalition_tactical_victory() {
    let resolution = victory(6, 6, false);
    assert_eq!(resolution.outcome.key, "Coalition Tactical Victory");
    assert!(tournament_note(&resolution).is_none());
}

/// V21, L918-923: French 20, Coalition 8: a French Strategic Victory (margin 12).
#[test]
fn v21_l918_margin_12_is_a_strategic_victory() {
    let resolution = victory(20, 8, false);
    assert_eq!(resolution.outcome.key, "French Strategic Victory");
    let note = tournament_note(&resolution).expect("note");
    assert!(
        note.contains("historical and a tournament victory"),
        "{note}"
    );
}

/// V22, L889-891 and L905-907: French 7 + 5 for the line of communication = 12, Coalition 10:
/// a French Tactical Victory, which the tournament note counts as a defeat.
#[test]
fn v22_l889_the_line_of_communication_adds_5_and_a_tactical_win_is_a_tournament_defeat() {
    let resolution = victory(7, 10, true);
    assert!(
        resolution
            .modifiers
            .iter()
            .any(|m| m.value == 5 && m.rule.contains("L889-891"))
    );
    assert_eq!(resolution.outcome.key, "French Tactical Victory");
    assert!(resolution.outcome.headline.contains("12 VP to 10"));
    let note = tournament_note(&resolution).expect("note");
    assert!(note.contains("tournament defeat"), "{note}");
    // Without the path, the Coalition wins by 3.
    assert_eq!(
        victory(7, 10, false).outcome.key,
        "Coalition Tactical Victory"
    );
}

/// The form opens with each side's points from the record, and only on turn 8 (L863, L872).
#[test]
fn l872_victory_is_offered_on_the_last_turn_with_the_record_s_points() {
    let mut record = Record::default();
    record.victory_points.insert("french".into(), 9);
    record.victory_points.insert("coalition".into(), 4);
    record.position.turn = 7;
    assert!(!procedure("victory").applies(&record));
    record.position.turn = 8;
    assert!(procedure("victory").applies(&record));
    let mut input = Input::defaults(procedure("victory").fields());
    procedure("victory").prefill(&mut input, &record);
    assert_eq!(
        (input.number("french_vp"), input.number("coalition_vp")),
        (9, 4)
    );
    assert!(procedure("victory").dice(&input).is_empty());
}

/// A mistaken "Use one" is mended by a correction; allowances last for the step they belong to.
#[test]
fn l853_a_tally_is_corrected_and_an_allowance_ends_with_its_step() {
    let mut session = Session::new(
        "waterloo-campaign-1815",
        "june-16-18",
        Position {
            turn: 3,
            phase: 3,
            step: 0,
        },
        Vec::new(),
        GameKey::from_parts([7; 32], Seed::from_u64(3)),
    );
    let input = input(
        "attack-pass",
        &[("passing_side", Value::Text("french".into()))],
    );
    execute(&mut session, resolved("attack-pass", input, &[5])).expect("applies");
    let name = "Coalition attacks left";
    let tally = Command::Tally {
        counter: name.into(),
        amount: 1,
    };
    let tally = execute(&mut session, tally)
        .expect("one attack")
        .event()
        .expect("logged");
    assert_eq!(session.record().counters.get(name), Some(&4));
    let correct = Command::Correct {
        event: tally,
        reason: "clicked by mistake".into(),
    };
    execute(&mut session, correct).expect("a tally can be corrected");
    assert_eq!(session.record().counters.get(name), Some(&5));
    let end_phase = Position {
        turn: 3,
        phase: 4,
        step: 0,
    };
    execute(
        &mut session,
        Command::MoveTo {
            position: end_phase,
        },
    )
    .expect("moves on");
    assert!(session.record().counters.is_empty());
    assert!(session.verify().is_ok());
}

/// V23, L492-495: the Coalition passes in Step H: the French may withdraw up to 3 more Corps, with
/// no die rolled.
#[test]
fn v23_l494_three_more_withdrawals_after_a_pass() {
    let input = input(
        "withdrawal-pass",
        &[("passing_side", Value::Text("coalition".into()))],
    );
    assert!(procedure("withdrawal-pass").dice(&input).is_empty());
    let resolution =
        resolve_checked(procedure("withdrawal-pass"), &input, &tables(), &[]).expect("resolves");
    assert_eq!(
        counter(&resolution),
        ("French withdrawals left".to_string(), 3)
    );
    assert!(has_reminder(&resolution, "L495-497"));
    assert_eq!(procedure("withdrawal-pass").acting_side(&input), "french");
}

/// L1271-1272: on turn 1 of June 15-18, Road Congestion comes with the Coalition's Surprise.
#[test]
fn l1271_surprise_is_shown_with_turn_1_road_congestion() {
    let turn_one = input("road-congestion", &[("turn", Value::Number(1))]);
    assert!(has_reminder(
        &resolve("road-congestion", &turn_one, 3),
        "L1271-1272"
    ));
    let turn_two = input("road-congestion", &[("turn", Value::Number(2))]);
    assert!(!has_reminder(
        &resolve("road-congestion", &turn_two, 3),
        "L1271-1272"
    ));
}
