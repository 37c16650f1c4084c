//! Waterloo 200's blocks drawn face down: the set-up's random deployment by group (4.0,
//! L710-714), the Brunswick infantry (4.1, L786-796) and the Reinforcements from a Reserve Pool
//! (5.0, L817-859; 6.1 B, L861-867). Each draw is seen by its owner only: the log and the result
//! name no block, this machine's record keeps it face down until it is revealed.
//!
//! Specification: the rulebook `shared/seeds/004_c3886c5f49dbd5b1.txt` (cited as Lnnn) and its
//! digest `shared/rules/seed004_waterloo200.md` (§3.3, §3.4). The blocks' names, corps and
//! ladders are FICTIONAL: the rulebook prints no sticker.

use crate::support;

use aide_de_camp::engine::draws::DrawnRef;
use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::play::Command;
use aide_de_camp::engine::symbol::Symbol;
use support::{Play, flag, list, number, text};

/// Puts a FICTIONAL block on the record where the set-up or the Pool holds it.
fn add(
    play: &mut Play,
    side: &str,
    name: &str,
    kind: &str,
    corps: &str,
    brunswick: bool,
    where_: &str,
) {
    play.play(
        "add-block",
        &[
            ("side", text(side)),
            ("name", text(name)),
            ("type", text(kind)),
            ("corps", text(corps)),
            ("ladder", text("3-2-1")),
            ("brunswick", flag(brunswick)),
            ("where", text(where_)),
        ],
        &[],
    );
}

/// The blocks of `side` the record keeps face down, by name.
fn face_down(play: &Play, side: &str) -> Vec<String> {
    play.record()
        .face_down
        .keys()
        .filter(|(s, _)| s.as_str() == side)
        .map(|(_, name)| name.to_string())
        .collect()
}

/// The effects applied by the last resolution, which must name no block but by its draw.
fn assert_last_applied_names_no_block(play: &Play, names: &[&str]) {
    let effects = play
        .session
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Applied { effects, .. } => Some(effects),
            _ => None,
        })
        .unwrap();
    for effect in effects {
        let described = effect.describe_with(&|s: &str| s.to_string());
        for name in names {
            assert!(!described.contains(name), "{described}");
        }
    }
}

const SET_UP_INFANTRY: [&str; 3] = ["Orange Foot 1", "Orange Foot 2", "Orange Foot 3"];

/// 4.0 Setup (L710-714): the blocks are grouped by Corps colour and type and drawn at random
/// onto the icons of that colour and type, one per icon; those left go face down to the Reserve
/// Pool (L744-748). The two draws of one group log the same contents, so neither gives the other
/// away.
#[test]
fn l710_l748_the_set_up_draws_each_group_onto_its_icons_face_down() {
    let mut play = Play::start_seeded("waterloo-200", "battle", 1815);
    for name in SET_UP_INFANTRY {
        add(
            &mut play,
            "french",
            name,
            "infantry",
            "Orange, FICTIONAL",
            false,
            "to be drawn at set-up",
        );
    }
    add(
        &mut play,
        "french",
        "Orange Horse",
        "cavalry",
        "Orange, FICTIONAL",
        false,
        "to be drawn at set-up",
    );
    // The form offers the next group still to draw.
    let form = play.input("set-up-draw", &[("side", text("french"))]);
    assert_eq!(form.text("colour"), "orange");
    assert_eq!(form.text("type"), "cavalry");

    let draw = [
        ("side", text("french")),
        ("colour", text("orange")),
        ("type", text("infantry")),
    ];
    let mut too_many = draw.to_vec();
    too_many.push(("icons", text("27, 28, 28, 31")));
    let refused = play.refused("set-up-draw", &too_many).unwrap();
    assert!(
        refused.contains("holds 3 block(s), fewer than 4 icons"),
        "{refused}"
    );

    let mut two = draw.to_vec();
    two.push(("icons", text("27, 28")));
    let result = play.play("set-up-draw", &two, &[]);
    for name in SET_UP_INFANTRY {
        assert!(
            !result.outcome.headline.contains(name),
            "{}",
            result.outcome.headline
        );
    }
    assert_last_applied_names_no_block(&play, &SET_UP_INFANTRY);
    let deployed = face_down(&play, "french");
    assert_eq!(deployed.len(), 2, "{deployed:?}");
    let mut areas: Vec<String> = deployed
        .iter()
        .map(|name| {
            assert_eq!(play.state("french", name), "on the map");
            play.attribute("french", name, "deployed in").unwrap()
        })
        .collect();
    areas.sort();
    assert_eq!(areas, ["Area 27", "Area 28"]);
    let event = play
        .session
        .events()
        .iter()
        .rev()
        .find(|e| matches!(e.body, EventBody::Resolved { .. }))
        .unwrap();
    let EventBody::Resolved { draws, .. } = &event.body else {
        unreachable!()
    };
    assert_eq!(draws[0].contents_before, draws[1].contents_before);
    assert!(draws.iter().all(|d| d.drawn.is_empty()));
    let seq = event.seq;
    assert!(play.game.verify(&play.session, &play.tables).is_ok());

    // The blocks left go to the Reserve Pool, named: the Pool's contents are no secret of place.
    let rest = play.input("set-up-reserve-pool", &[("side", text("french"))]);
    assert_eq!(rest.list("blocks").len(), 2);
    play.play("set-up-reserve-pool", &[("side", text("french"))], &[]);
    assert_eq!(play.state("french", "Orange Horse"), "in the Reserve Pool");
    assert_eq!(play.record().cups["French Reserve Pool"].len(), 2);
    assert!(
        play.record()
            .cups
            .iter()
            .all(|(cup, _)| !cup.starts_with("French set-up"))
    );

    // The Showdown turns a block face up: revealed, it is a block like any other.
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::RevealDraw {
                event: seq,
                draw: 0,
            },
        )
        .unwrap();
    assert_eq!(face_down(&play, "french").len(), 1);
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// 4.1 Brunswick Units (L786-796): one of the two Brunswick infantry, at random, deploys in Area
/// 13; the other goes to the British Reserve Pool. Either may be drawn.
#[test]
fn l786_l796_one_brunswick_infantry_of_two_deploys_in_area_13() {
    let mut drawn = Vec::new();
    for seed in [1, 2, 3, 4, 5, 6] {
        let mut play = Play::start_seeded("waterloo-200", "battle", seed);
        let refused = play.refused("brunswick-draw", &[]).unwrap();
        assert!(refused.contains("holds 0 block(s)"), "{refused}");
        for name in ["Brunswick Foot A", "Brunswick Foot B"] {
            add(
                &mut play,
                "british",
                name,
                "infantry",
                "Black, FICTIONAL",
                true,
                "to be drawn at set-up",
            );
        }
        let result = play.play("brunswick-draw", &[], &[]);
        assert!(!result.outcome.headline.contains("Foot"));
        assert_last_applied_names_no_block(&play, &["Brunswick Foot A", "Brunswick Foot B"]);
        let in_13: Vec<&str> = ["Brunswick Foot A", "Brunswick Foot B"]
            .into_iter()
            .filter(|name| {
                play.attribute("british", name, "deployed in").as_deref() == Some("Area 13")
            })
            .collect();
        assert_eq!(in_13.len(), 1);
        let other = if in_13[0] == "Brunswick Foot A" {
            "Brunswick Foot B"
        } else {
            "Brunswick Foot A"
        };
        assert_eq!(play.state("british", in_13[0]), "on the map");
        assert_eq!(play.state("british", other), "in the Reserve Pool");
        // The Pool keeps it by its draw, so that a later draw's logged Pool names neither.
        let (event, slot) =
            play.record().face_down[&(Symbol::from("british"), Symbol::from(other))];
        assert_eq!(slot, 1);
        assert_eq!(
            play.record().cups["British Reserve Pool"],
            [DrawnRef::Of { event, slot }.name()]
        );
        assert_eq!(face_down(&play, "british").len(), 2);
        drawn.push(in_13[0]);
    }
    assert!(drawn.contains(&"Brunswick Foot A") && drawn.contains(&"Brunswick Foot B"));
}

/// 5.0 Reinforcements (L817-859) and 6.4 (L1128-1129): with his Strategic Leader activated in
/// the Reorganization Phase and in his General HQ, a Faction draws as many blocks as his
/// Strategic Value, face down, from its Reserve Pool; they deploy at full strength, and one that
/// cannot goes back to the Pool (L857-859).
#[test]
fn l817_l859_reinforcements_by_the_strategic_value() {
    let mut play = Play::start_seeded("waterloo-200", "battle", 44);
    let pool = ["Pool 1", "Pool 2", "Pool 3", "Pool 4", "Pool 5"];
    for name in pool {
        add(
            &mut play,
            "french",
            name,
            "infantry",
            "Blue, FICTIONAL",
            false,
            "in the Reserve Pool",
        );
    }
    // FICTIONAL ladders: Napoleon's Strategic Value is 3.
    for (side, leader) in [("french", "Napoleon"), ("british", "Wellington")] {
        play.play(
            "block-value",
            &[
                ("side", text(side)),
                ("unit", text(leader)),
                ("value_of", text("ladder")),
                ("value", text("3-2-1-H")),
            ],
            &[],
        );
    }
    let reinforce = |count: i64, hq: bool| {
        vec![
            ("side", text("french")),
            ("occasion", text("reorganization")),
            ("hq", flag(hq)),
            ("count", number(count)),
        ]
    };
    let refused = play
        .refused("reinforcements", &reinforce(3, false))
        .unwrap();
    assert!(refused.contains("General HQ"), "{refused}");
    play.go_to(1, 1, 0);
    let refused = play.refused("reinforcements", &reinforce(3, true)).unwrap();
    assert!(
        refused.contains("not activated for Reorganization"),
        "{refused}"
    );
    let reorganize = |side: &str, choice: &str| {
        vec![
            ("side", text(side)),
            ("choice", text(choice)),
            ("in_headquarters", flag(true)),
        ]
    };
    play.play("reorganize", &reorganize("british", "decline"), &[]);
    play.play("reorganize", &reorganize("french", "activate"), &[]);
    assert_eq!(
        play.input("reinforcements", &[("side", text("french"))])
            .number("count"),
        3
    );
    let refused = play.refused("reinforcements", &reinforce(4, true)).unwrap();
    assert!(refused.contains("Strategic Value is 3"), "{refused}");
    let refused = play.refused("reinforcements", &reinforce(2, true)).unwrap();
    assert!(refused.contains("equals the Strategic Value"), "{refused}");

    let result = play.play("reinforcements", &reinforce(3, true), &[]);
    assert!(result.outcome.headline.contains("3 Reinforcement(s)"));
    assert_last_applied_names_no_block(&play, &pool);
    let arrived = face_down(&play, "french");
    assert_eq!(arrived.len(), 3);
    for name in &arrived {
        assert_eq!(play.state("french", name), "on the map");
        assert_eq!(
            play.attribute("french", name, "levels lost").as_deref(),
            Some("0")
        );
    }
    assert_eq!(play.record().cups["French Reserve Pool"].len(), 2);

    // One cannot be deployed: it goes back by its draw, its name still hidden.
    let (event, slot) =
        play.record().face_down[&(Symbol::from("french"), Symbol::from(arrived[0].as_str()))];
    let reference = DrawnRef::Of { event, slot }.name();
    let back = play.play(
        "return-to-pool",
        &[("side", text("french")), ("block", text(&reference))],
        &[],
    );
    assert!(
        !back.outcome.headline.contains("Pool 1")
            && back.outcome.headline.contains(reference.as_str())
    );
    assert_eq!(play.state("french", &arrived[0]), "in the Reserve Pool");
    assert_eq!(play.record().cups["French Reserve Pool"].len(), 3);
    let refused = play
        .refused(
            "return-to-pool",
            &[("side", text("french")), ("block", text(&reference))],
        )
        .unwrap();
    assert!(
        refused.contains("not a French Reinforcement on the map"),
        "{refused}"
    );
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// The Brunswick infantry kept in the British Reserve Pool (L786-796) comes back as a
/// Reinforcement (5.0, L817-859): the Pool's logged contents name it only by its first draw, a
/// file without the game's key still verifies, and revealing it follows it back through both
/// draws to its name.
#[test]
fn l794_l838_the_brunswick_in_the_pool_comes_back_without_being_named() {
    let mut play = Play::start_seeded("waterloo-200", "battle", 1815);
    for name in ["Brunswick Foot A", "Brunswick Foot B"] {
        add(
            &mut play,
            "british",
            name,
            "infantry",
            "Black, FICTIONAL",
            true,
            "to be drawn at set-up",
        );
    }
    play.play("brunswick-draw", &[], &[]);
    for name in ["Pool A", "Pool B"] {
        add(
            &mut play,
            "british",
            name,
            "infantry",
            "Orange, FICTIONAL",
            false,
            "in the Reserve Pool",
        );
    }
    for (side, leader) in [("british", "Wellington"), ("french", "Napoleon")] {
        play.play(
            "block-value",
            &[
                ("side", text(side)),
                ("unit", text(leader)),
                ("value_of", text("ladder")),
                ("value", text("3-2-1-H")),
            ],
            &[],
        );
    }
    play.go_to(1, 1, 0);
    let reorganize = |side: &str, choice: &str| {
        vec![
            ("side", text(side)),
            ("choice", text(choice)),
            ("in_headquarters", flag(true)),
        ]
    };
    play.play("reorganize", &reorganize("british", "activate"), &[]);
    let reinforce = [("side", text("british")), ("hq", flag(true))];
    play.play("reinforcements", &reinforce, &[]);
    let again = play.refused("reinforcements", &reinforce).unwrap();
    assert!(again.contains("in this Reorganization"), "{again}");
    // A Strategic Leader who declines calls none (L1181-1183).
    play.play("reorganize", &reorganize("french", "decline"), &[]);
    let refused = play
        .refused(
            "reinforcements",
            &[
                ("side", text("french")),
                ("hq", flag(true)),
                ("occasion", text("reorganization")),
            ],
        )
        .unwrap();
    assert!(
        refused.contains("not activated for Reorganization"),
        "{refused}"
    );

    // The draw logged the Pool with the Brunswick by its first draw only.
    let event = play
        .session
        .events()
        .iter()
        .rev()
        .find(|e| {
            matches!(&e.body, EventBody::Resolved { procedure, .. } if procedure.as_str() == "reinforcements")
        })
        .unwrap()
        .clone();
    let EventBody::Resolved { draws, .. } = &event.body else {
        unreachable!()
    };
    for draw in draws.iter() {
        assert!(
            draw.contents_before
                .iter()
                .all(|c| !c.contains("Brunswick")),
            "{:?}",
            draw.contents_before
        );
    }
    // Every block of the Pool is on the map, the Brunswick among them, all face down.
    let kept = ["Brunswick Foot A", "Brunswick Foot B"]
        .into_iter()
        .find(|name| play.attribute("british", name, "deployed in").is_none())
        .unwrap();
    assert_eq!(play.state("british", kept), "on the map");
    assert_eq!(face_down(&play, "british").len(), 4);
    assert!(play.record().cups["British Reserve Pool"].is_empty());
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
    let file = aide_de_camp::engine::session::Session::from_toml(
        "game.toml",
        &play.session.to_toml().unwrap(),
    )
    .unwrap();
    assert!(
        play.game.verify(&file, &play.tables).is_ok(),
        "verifies without the key"
    );

    // Revealed: its Reinforcement draw names its first draw, whose reveal names it.
    let key = (Symbol::from("british"), Symbol::from(kept));
    let (drawn_by, slot) = play.record().face_down[&key];
    assert_eq!(drawn_by, event.seq);
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::RevealDraw {
                event: drawn_by,
                draw: slot,
            },
        )
        .unwrap();
    let (first, first_slot) = play.record().face_down[&key];
    assert!(first < drawn_by, "still face down, by its first draw");
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::RevealDraw {
                event: first,
                draw: first_slot,
            },
        )
        .unwrap();
    assert!(!play.record().face_down.contains_key(&key));
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// OR 3.0 Scouting (L1322-1341): a cavalry unit scouts an adjacent Green Area as many enemy blocks
/// as it has dots; the app draws which of the blocks there, counted from the left, turn face up.
/// The Hussars' ladder is FICTIONAL.
#[test]
fn or3_l1322_l1341_scouting_turns_as_many_blocks_as_the_scout_has_dots() {
    let mut drawn = std::collections::BTreeSet::new();
    for seed in [1, 2, 3, 4, 5, 6] {
        let mut play = Play::start_seeded("waterloo-200", "battle", seed);
        add(
            &mut play,
            "french",
            "Hussars",
            "cavalry",
            "Red, FICTIONAL",
            false,
            "on the map",
        );
        play.play("impulse", &[], &[]);
        let off = play
            .refused(
                "scouting",
                &[
                    ("scout", text("Hussars")),
                    ("green", flag(true)),
                    ("enemy_blocks", number(4)),
                ],
            )
            .unwrap();
        assert!(off.contains("not played"), "{off}");
        play.play("settings", &[("scouting", text("on"))], &[]);
        let scout = [
            ("scout", text("Hussars")),
            ("green", flag(true)),
            ("enemy_blocks", number(4)),
        ];
        let form = play.input("scouting", &scout);
        assert_eq!((form.text("side"), form.number("dots")), ("french", 3));
        let refused = play
            .refused(
                "scouting",
                &[("scout", text("Hussars")), ("enemy_blocks", number(4))],
            )
            .unwrap();
        assert!(refused.contains("Green Area"), "{refused}");
        play.play("scouting", &scout, &[]);
        assert_eq!(
            play.attribute("french", "Hussars", "scouted in turn.Impulse")
                .as_deref(),
            Some("1.1"),
            "turn 1, Impulse 1: in no other is it barred from attacking"
        );
        assert!(play.applies("scouting-draw"));
        let result = play.play("scouting-draw", &[], &[]);
        let turned: Vec<&str> = result
            .outcome
            .headline
            .trim_start_matches("Turn face up: ")
            .split(", ")
            .collect();
        assert_eq!(turned.len(), 3, "{}", result.outcome.headline);
        assert!(
            turned
                .iter()
                .all(|t| t.starts_with("block ") && t.ends_with(" from the left"))
        );
        assert!(!play.applies("scouting-draw"));
        assert!(
            play.refused("scouting-draw", &[("count", number(3))])
                .is_some()
        );
        drawn.insert(result.outcome.headline.clone());
    }
    assert!(drawn.len() > 1, "the draw varies: {drawn:?}");
}

/// 6.1 B (L861-867): by a Strategic Action B the Side with the Disc draws up to its Strategic
/// Value from the Reserve Pool, once in the Impulse. Ladders FICTIONAL.
#[test]
fn l861_l867_reinforcements_by_a_strategic_action() {
    let mut play = Play::start_seeded("waterloo-200", "battle", 9);
    for name in ["Pool 1", "Pool 2", "Pool 3"] {
        add(
            &mut play,
            "french",
            name,
            "infantry",
            "Blue, FICTIONAL",
            false,
            "in the Reserve Pool",
        );
    }
    play.play(
        "block-value",
        &[
            ("side", text("french")),
            ("unit", text("Napoleon")),
            ("value_of", text("ladder")),
            ("value", text("3-2-1-H")),
        ],
        &[],
    );
    let reinforce = |count: i64| {
        vec![
            ("side", text("french")),
            ("occasion", text("strategic-action")),
            ("hq", flag(true)),
            ("count", number(count)),
        ]
    };
    let refused = play.refused("reinforcements", &reinforce(2)).unwrap();
    assert!(refused.contains("no Strategic Action B"), "{refused}");
    play.play("impulse", &[("action", text("strategic-reinforce"))], &[]);
    let form = play.input("reinforcements", &[("side", text("french"))]);
    assert_eq!(form.text("occasion"), "strategic-action");
    // "Up to" the Strategic Value (L862-864): fewer may be drawn.
    play.play("reinforcements", &reinforce(2), &[]);
    assert_eq!(face_down(&play, "french").len(), 2);
    let again = play.refused("reinforcements", &reinforce(1)).unwrap();
    assert!(again.contains("in this Impulse"), "{again}");
}

/// OR 1.0 Free Setup (L1272-1276): Reinforcements chosen instead of drawn go on the record by
/// name and leave the Pool; without the rule a choice is refused. Ladders FICTIONAL.
#[test]
fn or1_l1272_l1276_reinforcements_chosen_under_free_setup() {
    let mut play = Play::start_seeded("waterloo-200", "battle", 3);
    for name in ["Pool 1", "Pool 2", "Pool 3"] {
        add(
            &mut play,
            "french",
            name,
            "infantry",
            "Blue, FICTIONAL",
            false,
            "in the Reserve Pool",
        );
    }
    play.play(
        "block-value",
        &[
            ("side", text("french")),
            ("unit", text("Napoleon")),
            ("value_of", text("ladder")),
            ("value", text("3-2-1-H")),
        ],
        &[],
    );
    play.play("impulse", &[("action", text("strategic-reinforce"))], &[]);
    let choose = |chosen: bool| {
        vec![
            ("side", text("french")),
            ("occasion", text("strategic-action")),
            ("hq", flag(true)),
            ("count", number(2)),
            ("chosen", flag(chosen)),
            ("blocks", list(&["Pool 1", "Pool 3"])),
        ]
    };
    let refused = play.refused("reinforcements", &choose(false)).unwrap();
    assert!(refused.contains("only under Free Setup"), "{refused}");
    let result = play.play("reinforcements", &choose(true), &[]);
    assert!(
        result
            .outcome
            .headline
            .contains("2 Reinforcement(s) chosen")
    );
    for name in ["Pool 1", "Pool 3"] {
        assert_eq!(play.state("french", name), "on the map");
    }
    assert_eq!(
        play.record().cups["French Reserve Pool"],
        [Symbol::from("Pool 2")]
    );
    assert!(face_down(&play, "french").is_empty());
    // One cannot deploy: named, it goes back by name.
    play.play(
        "return-to-pool",
        &[("side", text("french")), ("block", text("Pool 3"))],
        &[],
    );
    assert_eq!(play.state("french", "Pool 3"), "in the Reserve Pool");
}
