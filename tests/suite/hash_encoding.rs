//! Golden vectors for the log's hash encoding.
//!
//! A saved session verifies only if every event hashes today exactly as it hashed when it was
//! saved: SHA-256 over the previous hash and the event's canonical JSON. That JSON is whatever serde
//! makes of `Event`'s content, so renaming a field or a variant of `EventBody`, `Effect`,
//! `RolledDie`, `CellRef`, `Position`, `CupDraw`, `SealedChoice`, `Reveal` or `SideName`, reordering
//! their fields, changing a serde attribute (`rename_all`, `tag`, `skip_serializing_if`, `untagged`
//! on `Value`), or changing how an `Input` orders its values would compile, pass every other test,
//! and silently stop every saved session from verifying.
//!
//! These events cover every `EventBody` variant and every `Effect`, with fixed times, and their
//! hashes are pinned as literals computed once. If this test fails, the change broke old sessions:
//! undo it, or keep the old encoding for the old events. A kind of event the log no longer has
//! keeps its pinned hash, as the link the events after it chain on; new kinds are pinned after
//! the old ones.

use aide_de_camp::engine::dice::Die;
use aide_de_camp::engine::draws::{Concealed, CupDraw, Draws};
use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::log::{
    Event, EventBody, GENESIS_HASH, RolledDie, SideName, canonical_content, chain_hash,
};
use aide_de_camp::engine::record::{Effect, Lasts, Position};
use aide_de_camp::engine::sealed::{Reveal, SealedChoice};
use aide_de_camp::engine::tables::CellRef;

/// The input of the pinned resolution: a value of every kind, set out of id order.
fn attack_input() -> Input {
    let mut input = Input::default();
    input.set("terrain", Value::Text("town".into()));
    input.set("attacker_stars", Value::Number(2));
    input.set("defender_modifier", Value::Number(-1));
    input.set("charge", Value::Flag(true));
    input.set("rain", Value::Flag(false));
    input.set(
        "units",
        Value::List(vec!["I Corps".into(), "Garde Impériale".into()]),
    );
    input.set("remark", Value::Text(String::new().into()));
    input
}

fn resolved() -> EventBody {
    EventBody::Resolved {
        procedure: "attack".into(),
        input: attack_input(),
        dice: vec![
            RolledDie {
                label: "Attacker die".into(),
                die: Die::D6,
                face: 4,
                draw_index: Some(0),
            },
            RolledDie {
                label: "Defender die".into(),
                die: Die::D10Zero,
                face: 0,
                draw_index: None,
            },
            RolledDie {
                label: "Event die".into(),
                die: Die::D66,
                face: 36,
                draw_index: None,
            },
        ],
        draws: Draws::default(),
        outcome: "Defender retreats 3 hexes".into(),
        cell: Some(CellRef {
            table: "crt".into(),
            table_title: "Combat Results Table".into(),
            column: Some("1-2".into()),
            row: "+1, +2".into(),
            row_index: 3,
            column_index: Some(1),
            result: "R".into(),
            result_label: "Retreat".into(),
        }),
    }
}

/// (side, time, body) of each event, in log order.
fn bodies() -> Vec<(&'static str, &'static str, EventBody)> {
    vec![
        (
            "",
            "2015-06-18T11:30:05Z",
            EventBody::SessionStarted {
                game: "waterloo-campaign-1815".into(),
                scenario: "june-16-18".into(),
                sides: vec![
                    SideName {
                        id: "french".into(),
                        name: "Alice".into(),
                    },
                    SideName {
                        id: "coalition".into(),
                        name: "Bob".into(),
                    },
                ],
                seed: "00000000000007a7".into(),
                start: Position {
                    turn: 3,
                    phase: 0,
                    step: 3,
                },
                public_key: String::new(),
                seed_commitment: String::new(),
            },
        ),
        ("french", "2015-06-18T11:31:00Z", resolved()),
        // A resolution without dice or cell: the fields skipped when empty.
        (
            "",
            "2015-06-18T11:32:00Z",
            EventBody::Resolved {
                procedure: "weather".into(),
                input: {
                    let mut input = Input::default();
                    input.set("day", Value::Text("june-18".into()));
                    input
                },
                dice: Vec::new(),
                draws: Draws::default(),
                outcome: "Rain".into(),
                cell: None,
            },
        ),
        (
            "french",
            "2015-06-18T11:33:00Z",
            EventBody::Applied {
                resolution: 2,
                effects: vec![
                    Effect::VictoryPoints {
                        side: "french".into(),
                        points: 3,
                        reason: "Ligny taken".into(),
                        rule: "Victory, 17.2".into(),
                    },
                    Effect::set_state("coalition", "I Corps", "Retreated", "CRT, 9.4"),
                    Effect::set_attribute("french", "II Corps", "stars", 2, "Battle Stars, L700"),
                    Effect::add_to("french", "Formation 1", "orange markers", -2, "L815"),
                    Effect::cap("french", "Formation 1", "orange markers", 4, "L787"),
                    Effect::SetCounter {
                        name: "moves".into(),
                        value: 5,
                        rule: "Allowance, 6.1".into(),
                        lasts: Lasts::Step,
                    },
                    Effect::UseCounter {
                        name: "moves".into(),
                        rule: "Allowance, 6.1".into(),
                    },
                    Effect::Mark {
                        name: "rain-turn-5".into(),
                        rule: "Weather, 5.3".into(),
                    },
                    Effect::SetOption {
                        name: "initiative".into(),
                        value: "bid".into(),
                        rule: "L650".into(),
                    },
                    Effect::reminder("Remove the Bridge marker", "Bridge, L630"),
                ],
            },
        ),
        (
            "coalition",
            "2015-06-18T11:34:00Z",
            EventBody::Corrected {
                event: 3,
                reason: "Wrong day".into(),
            },
        ),
        (
            "french",
            "2015-06-18T11:36:00Z",
            EventBody::Sealed {
                round: "initiative-turn-4".into(),
                sealed: SealedChoice {
                    player: "french".into(),
                    commitment: "a953fc7aaf4dad2f37d610b0c6b1463de252b749bff0e7fb1e2b39876247f4d6"
                        .into(),
                },
            },
        ),
        (
            "",
            "2015-06-18T11:37:00Z",
            EventBody::Revealed {
                round: "initiative-turn-4".into(),
                reveals: vec![Reveal {
                    player: "french".into(),
                    choice: "c".into(),
                    salt: "s".into(),
                }],
            },
        ),
        (
            "",
            "2015-06-18T11:38:00Z",
            EventBody::StepReached {
                position: Position {
                    turn: 4,
                    phase: 1,
                    step: 0,
                },
                label: "Turn 4: Movement".into(),
            },
        ),
        (
            "french",
            "2015-06-18T11:39:00Z",
            EventBody::Tallied {
                counter: "moves".into(),
                change: -1,
            },
        ),
        (
            "coalition",
            "2015-06-18T11:40:00Z",
            EventBody::Note {
                text: "Ney’s \"grand\" charge ★ — à outrance\n\tsecond line".into(),
            },
        ),
        // Pinned after the first eleven: a resolution that draws, face up and face down.
        (
            "allied",
            "2015-06-18T11:41:00Z",
            EventBody::Resolved {
                procedure: "reinforcements".into(),
                input: Input::default(),
                dice: Vec::new(),
                draws: vec![
                    CupDraw {
                        label: "Leader".into(),
                        cup: "LIM cup".into(),
                        contents_before: vec!["Ney".into(), "Grouchy".into()],
                        draw_index: 1,
                        drawn: "Grouchy".into(),
                        concealed: None,
                        taken_before: 0,
                        listed: false,
                    },
                    CupDraw {
                        label: "Block".into(),
                        cup: "British Reserve Pool".into(),
                        contents_before: vec!["27".into(), "28".into()],
                        draw_index: 2,
                        drawn: "".into(),
                        concealed: Some(Concealed {
                            seen_by: "allied".into(),
                            commitment:
                                "5f0e5c0a5d0f3b8d7c1e9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d"
                                    .into(),
                        }),
                        taken_before: 0,
                        listed: false,
                    },
                ]
                .into(),
                outcome: "A block joins the army".into(),
                cell: None,
            },
        ),
        (
            "",
            "2015-06-18T11:42:00Z",
            EventBody::DrawRevealed {
                event: 12,
                draw: 1,
                chit: "28".into(),
                salt: "00112233445566778899aabbccddeeff".into(),
            },
        ),
        (
            "allied",
            "2015-06-18T11:43:00Z",
            EventBody::Applied {
                resolution: 12,
                effects: vec![
                    Effect::SetCounter {
                        name: "treasury".into(),
                        value: 40,
                        rule: "Treasury".into(),
                        lasts: Lasts::Game,
                    },
                    Effect::Unmark {
                        name: "rain-turn-5".into(),
                        rule: "Weather, 5.3".into(),
                    },
                    Effect::PutInCup {
                        cup: "LIM cup".into(),
                        chits: vec!["Ney".into(), "Ney".into()],
                        rule: "Pool Placement".into(),
                    },
                    Effect::EmptyCup {
                        cup: "LIM cup".into(),
                        rule: "End of the Operations Phase".into(),
                    },
                ],
            },
        ),
        // A sealed seed and a signing key, a new key, and a revealed seed (session format 2).
        (
            "",
            "2015-06-18T11:44:00Z",
            EventBody::SessionStarted {
                game: "waterloo-campaign-1815".into(),
                scenario: "june-16-18".into(),
                sides: Vec::new(),
                seed: String::new(),
                start: Position::default(),
                public_key: "ab".repeat(32),
                seed_commitment: "cd".repeat(32),
            },
        ),
        (
            "",
            "2015-06-18T11:45:00Z",
            EventBody::Rekeyed {
                public_key: "12".repeat(32),
                seed_commitment: "34".repeat(32),
                reason: "the game's key was not at hand".into(),
            },
        ),
        (
            "",
            "2015-06-18T11:46:00Z",
            EventBody::SeedRevealed {
                seed: "56".repeat(32),
                next_seed_commitment: "78".repeat(32),
            },
        ),
    ]
}

/// The kind of a pinned event the log no longer has.
const RETIRED: &str = "retired";

/// Each event's hash, chained from the genesis hash, computed once and pasted in.
const PINNED: &[(&str, &str)] = &[
    (
        "session_started",
        "e8acfa55c911c606be720499b2a2d053087aec4eb2dda4e710641626ceaba2a6",
    ),
    (
        "resolved",
        "17627808cb2f24cce7e58d28f1bd8108811d3b9cd98221048f89ab9709639df7",
    ),
    (
        "resolved",
        "9b004cc1f0cdc3ffb11501601dba5a0e0cdbf47f686d684be49f775221672281",
    ),
    (
        "applied",
        "232ae00ab1a0c1ef380c34575df73bc8fbcb826dfe4d8bc9b8ee2b2464274cc1",
    ),
    (
        "corrected",
        "a88e544360ae405f98beff42c67d4c464046764db9540a8bcecd7981b5d1874a",
    ),
    // Event 6 was a draw outside any resolution, which the log no longer has (a draw is part of
    // its resolution now): only its pinned hash remains, as the link the events after it chain on.
    (
        RETIRED,
        "3937020da85cf8c2357b56985ae57f83c44b63a5040042fd5c07c947ff587376",
    ),
    (
        "sealed",
        "a7aece7faf2bc324786bd392e69d4d8078e78768fff145783b3e94c78d745765",
    ),
    (
        "revealed",
        "11cce95e44876a4161a20c1ca851340c4e0b2dc0cca6c7fd8df3ada3e1b38b3d",
    ),
    (
        "step_reached",
        "ea071b8f5c8fc88d7a01a92ccb7d26c6cc21a353807cfb4652e9dc5cc0e530de",
    ),
    (
        "tallied",
        "c8a2dd86caf65cf5a4930425d0b928ebf9c0c7197d183733a3e63147802ee2d9",
    ),
    (
        "note",
        "24f1c67d67104e8f1b0f4256e1509d5b33644eab5481083535341d861aa037cd",
    ),
    (
        "resolved",
        "1f40c591ca60c914608853da4d28ab432fcd2e4113ba9bf653ba486f59a9fff1",
    ),
    (
        "draw_revealed",
        "2c7bec107f2309c7d41904b229a017411e4a7ebc6d74d966f9e2ede8043858e3",
    ),
    (
        "applied",
        "3e3e0b9af03786e4e0e339cbc01b397df7cbb6eba2eb56adc71cb39e5ff226fd",
    ),
    (
        "session_started",
        "ad8d97daf4a87723fd6f36c0ff85fd3ebf567843db78774d9c4ccc225a0fd906",
    ),
    (
        "rekeyed",
        "d5e09589650c44b292224a2a6319d1a079dfc2bd5272033398dd8a7543e0d10e",
    ),
    (
        "seed_revealed",
        "c147d3df8ba291c832f70f4643bc5392abde695097583b68872b390b4fb59727",
    ),
];

/// The pinned resolution's canonical JSON, so that a failure shows what changed.
const RESOLVED_JSON: &str = concat!(
    r#"{"seq":2,"time":"2015-06-18T11:31:00Z","side":"french","#,
    r#""body":{"kind":"resolved","procedure":"attack","#,
    r#""input":{"attacker_stars":2,"charge":true,"defender_modifier":-1,"rain":false,"#,
    r#""remark":"","terrain":"town","units":["I Corps","Garde Impériale"]},"#,
    r#""dice":[{"label":"Attacker die","die":"d6","face":4,"draw_index":0},"#,
    r#"{"label":"Defender die","die":"d10_zero","face":0},"#,
    r#"{"label":"Event die","die":"d66","face":36}],"#,
    r#""outcome":"Defender retreats 3 hexes","#,
    r#""cell":{"table":"crt","table_title":"Combat Results Table","column":"1-2","#,
    r#""row":"+1, +2","row_index":3,"column_index":1,"result":"R","result_label":"Retreat"}}}"#,
);

#[test]
fn every_kind_of_event_hashes_as_it_did_when_saved() {
    let mut bodies = bodies().into_iter();
    let mut changed = Vec::new();
    for (i, (kind, pinned)) in PINNED.iter().enumerate() {
        if *kind == RETIRED {
            continue;
        }
        let (side, time, body) = bodies.next().expect("a body for every pinned event");
        assert_eq!(body.kind_name(), *kind, "event {}", i + 1);
        // Each event is chained to the previous pinned hash, so that one changed encoding fails
        // only the events of its own kind.
        let previous = if i == 0 {
            GENESIS_HASH
        } else {
            PINNED[i - 1].1
        };
        let seq = i as u64 + 1;
        let event = Event {
            seq,
            time: time.into(),
            side: side.into(),
            hash: chain_hash(previous, seq, time, side, &body),
            body,
        };
        assert_eq!(event.expected_hash(previous), event.hash);
        if event.hash != *pinned {
            changed.push(format!(
                "event {seq} ({kind}) now hashes to {}, not {pinned}; its content is now:\n{}",
                event.hash,
                canonical_content(seq, time, side, &event.body)
            ));
        }
    }
    assert!(bodies.next().is_none(), "every body is pinned");
    assert!(
        changed.is_empty(),
        "the hash encoding changed, so saved sessions no longer verify:\n{}",
        changed.join("\n")
    );
}

#[test]
fn a_resolution_is_hashed_as_this_json() {
    assert_eq!(
        canonical_content(2, "2015-06-18T11:31:00Z", "french", &resolved()),
        RESOLVED_JSON,
        "the canonical JSON of a resolution changed, so saved sessions no longer verify"
    );
}
