//! Waterloo Campaign 1815 (rulebook: shared seed 000). Corps-level, one d6 per side; the French
//! face the Coalition (Anglo-Allied and Prussian armies). The rulebook numbers no rules, so every
//! reference names a heading and the lines of the rulebook file.

mod allowances;
mod attack;
mod command;
mod end_phase;
mod movement;
mod options;
mod organization;
pub mod roster;
mod roster_entry;
mod setup;
mod victory;
mod weather;

use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::Procedure;
use crate::engine::record::{Position, Record};
use crate::engine::table_set::BuiltinTable;
use crate::engine::turns::{Phase, Scenario, Step, TurnNote, TurnSequence};

pub use allowances::{
    AttackPass, ConcentratingTheArmy, MovementPass, RoadCongestion, WithdrawalPass,
};
pub use attack::Attack;
pub use command::{
    BlownReturn, CavalryRecovery, DetachmentPlacement, DetachmentRecall, HqPlacement,
    LineOfCommunication,
};
pub use end_phase::EndOfTurn;
pub use movement::Move;
pub use organization::{ADVANCE_FORMATION, BATTLE_FORMATION, Withdrawal};
pub use roster_entry::{AddDetachment, RosterEntry};
pub use setup::SetUp;
pub use victory::Victory;
pub use weather::Deluge;

pub const ID: &str = "waterloo-campaign-1815";
pub const TITLE: &str = "Waterloo Campaign 1815";

pub const SIDES: &[(&str, &str)] = &[("french", "French"), ("coalition", "Coalition")];

/// In the order of the sequence of play, then the roster and the settings.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &SetUp,
    &Deluge,
    &HqPlacement,
    &BlownReturn,
    &CavalryRecovery,
    &DetachmentPlacement,
    &DetachmentRecall,
    &LineOfCommunication,
    &ADVANCE_FORMATION,
    &BATTLE_FORMATION,
    &Withdrawal,
    &WithdrawalPass,
    &Move,
    &MovementPass,
    &RoadCongestion,
    &ConcentratingTheArmy,
    &Attack,
    &AttackPass,
    &EndOfTurn,
    &Victory,
    &RosterEntry,
    &AddDetachment,
    &options::SETTINGS,
];

pub const TABLES: &[BuiltinTable] = &[
    BuiltinTable {
        file: "crt.toml",
        text: include_str!("../../../tables/waterloo-campaign-1815/crt.toml"),
    },
    BuiltinTable {
        file: "deluge.toml",
        text: include_str!("../../../tables/waterloo-campaign-1815/deluge.toml"),
    },
    BuiltinTable {
        file: "victory.toml",
        text: include_str!("../../../tables/waterloo-campaign-1815/victory.toml"),
    },
];

/// The players' name for a side of this game.
fn side_label(side: &str) -> &'static str {
    if side == "french" {
        "French"
    } else {
        "Coalition"
    }
}

/// The other side.
fn opponent(side: &str) -> &'static str {
    if side == "french" {
        "coalition"
    } else {
        "french"
    }
}

/// June 18, the last day of every scenario, starts with this turn (L970, L1115).
const LAST_DAY_FIRST_TURN: i32 = 7;

/// The counter of the moves a side may still make after its opponent passed (L611-613).
fn moves_left(side: &str) -> String {
    format!("{} moves left", side_label(side))
}

/// The counter of the attacks a side may still make after its opponent passed (L852-855).
fn attacks_left(side: &str) -> String {
    format!("{} attacks left", side_label(side))
}

/// The counter of the Corps a side may still withdraw after its opponent passed (L494-495).
fn withdrawals_left(side: &str) -> String {
    format!("{} withdrawals left", side_label(side))
}

/// The side field of a step each side plays in turn.
const SIDE_FIELD: Field = Field {
    id: "side",
    label: "Side",
    group: "Who",
    kind: FieldKind::Choice(SIDES),
    rule: "Sequence of Play, L294-295",
    help: "The French complete each step first, then the Coalition.",
};

/// The turn, prefilled from where play stands.
const TURN_FIELD: Field = Field {
    id: "turn",
    label: "Game turn",
    group: "Situation",
    kind: FieldKind::Number { min: 1, max: 8 },
    rule: "Game turns, L970-971, L1115-1116",
    help: "Turn 1 is June 15 AM; turn 8 is June 18 PM.",
};

/// Sets the turn field from the record.
fn prefill_turn(input: &mut Input, record: &Record) {
    input.set(
        "turn",
        Value::Number(i64::from(record.position.turn.clamp(1, 8))),
    );
}

/// Whether play stands at `step` of `phase` (indices into `SEQUENCE`).
fn at_step(record: &Record, phase: usize, step: usize) -> bool {
    record.position.phase == phase && record.position.step == step
}

/// Whether the June 15 special rules hold: June 15-18 played with them (L1245-1337).
fn first_day_rules(record: &Record) -> bool {
    record.scenario.as_ref() == "june-15-18"
}

/// Whether the Deluge and soft ground are played: always, unless the session plays June 15-18
/// without special rules and its setting drops the weather with them (digest A-36).
fn weather_rules(record: &Record) -> bool {
    record.scenario.as_ref() != "june-15-18-free"
        || record.option("free_variant_weather", options::FREE_VARIANT_WEATHER[0].0) == "kept"
}

/// The record's mark for rain on `turn` (set by the Deluge).
fn rain_marker(turn: impl std::fmt::Display) -> String {
    format!("Rain on turn {turn}")
}

/// Soft ground on `turn`: it rains this turn or rained the turn before (the erratum, L1094-1096).
pub fn soft_ground(record: &Record, turn: u32) -> bool {
    [turn, turn.saturating_sub(1)]
        .iter()
        .any(|t| record.marks.contains(rain_marker(t).as_str()))
}

/// The special rules in force on the current turn: the June 15 rules, the Deluge and soft ground,
/// and the last day.
pub fn turn_notes(record: &Record) -> Vec<TurnNote> {
    let turn = record.position.turn;
    let mut notes = Vec::new();
    let mut note = |text: String, rule: &'static str| notes.push(TurnNote { text, rule });
    if first_day_rules(record) {
        match turn {
            1 => {
                note(
                    "Surprise: the only Coalition unit that can move is the Prussian I Corps (Ziethen).".into(),
                    "June 15 Surprise, L1268-1272",
                );
                note(
                    "Road Congestion: the French may move 1d6 + 3 units; roll it at the Movement Phase.".into(),
                    "June 15 Road Congestion, L1275-1278",
                );
            }
            2 => {
                note(
                    "Delayed Reaction: Anglo-Allied units cannot move; Wellington and Blücher may still place Detachments.".into(),
                    "June 15 Delayed Reaction, L1285-1289",
                );
                note(
                    "Concentrating the Army: the Prussians on the map may move 1d6 times.".into(),
                    "June 15 Concentrating the Army, L1292-1296",
                );
                note(
                    "Road Congestion: the French may move 1d6 + their units still off the map times; those units must enter if they can.".into(),
                    "June 15 Road Congestion, L1299-1305",
                );
            }
            _ => {}
        }
    }
    if weather_rules(record) {
        if (5..=6).contains(&turn) {
            note(
                "The Deluge: the French roll for rain before Step A.".into(),
                "The Deluge, L1074-1087",
            );
        }
        if soft_ground(record, turn) {
            note(
                "Soft ground: attackers subtract 1 from their attack rolls this turn.".into(),
                "Artillery Ricochet Ineffective (erratum), L1094-1096",
            );
        }
    }
    if i32::try_from(turn).is_ok_and(|t| t >= LAST_DAY_FIRST_TURN) {
        note(
            "June 18, the last day: a unit that would be Blown is Eliminated instead.".into(),
            "Blown, L811-815",
        );
    }
    notes
}

/// The sequence of play (L285-865). The French act first wherever there is an order.
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        Phase {
            title: "Command Phase",
            rule: "Command Phase, L289-452",
            steps: &[
                Step {
                    title: "A. HQ Placement",
                    rule: "L297-318",
                    procedures: &["deluge", "hq-placement"],
                    guidance: "On turns 5 and 6, first the French player rolls for the Deluge. Then French, then Coalition: re-place every HQ within 3 hexes of an associated unit, choosing Normal or Battle mode.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "B. Blown Unit Return",
                    rule: "L320-333",
                    procedures: &["blown-return"],
                    guidance: "Corps on this turn's slot of the track return, two per side; the opponent picks if more are due.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "C. Cavalry Corps Recovery",
                    rule: "L335-345",
                    procedures: &["cavalry-recovery"],
                    guidance: "Every Exhausted Cavalry Corps not in an enemy ZoC or ZoI flips to Fresh.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "D. Detachment Placement",
                    rule: "L347-421",
                    procedures: &["detachment-placement"],
                    guidance: "French HQs first, then the Coalition's: each HQ may place one available Detachment.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "E. Detachment Recall",
                    rule: "L423-452",
                    procedures: &["detachment-recall", "line-of-communication"],
                    guidance: "French, then Coalition: recall any Detachments; then check the British line of communication (Hill's Corps).",
                    repeats: None,
                    in_force: None,
                },
            ],
        },
        Phase {
            title: "Organization Phase",
            rule: "Organization Phase, L454-497",
            steps: &[
                Step {
                    title: "F. Advance Formation",
                    rule: "L462-477",
                    procedures: &["advance-formation"],
                    guidance: "Every Infantry Corps not in an enemy ZoC goes to Advance formation.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "G. Battle Formation",
                    rule: "L479-485",
                    procedures: &["battle-formation"],
                    guidance: "Every Infantry Corps in an enemy ZoC goes to Battle formation.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "H. Withdrawal",
                    rule: "L487-497",
                    procedures: &["withdrawal", "withdrawal-pass", "battle-formation"],
                    guidance: "Alternating, French first: retreat a Corps out of an enemy ZoC or pass; after a pass the opponent may withdraw up to 3 more.",
                    repeats: None,
                    in_force: None,
                },
            ],
        },
        Phase {
            title: "Movement Phase",
            rule: "Movement Phase, L499-648",
            steps: &[Step {
                title: "Moves",
                rule: "L499-622",
                // On June 15 the HQ modes (turn 1) and the first-day rolls come before the first
                // move; on other turns they do not apply and the step opens on the move.
                procedures: &[
                    "hq-placement",
                    "road-congestion",
                    "concentrating-the-army",
                    "move",
                    "movement-pass",
                    "battle-formation",
                ],
                guidance: "Alternating, French first: move one Corps or pass. After a pass the opponent rolls for its remaining moves. On June 15, first choose the HQ modes (turn 1) and roll the first-day limits.",
                repeats: None,
                in_force: None,
            }],
        },
        Phase {
            title: "Attack Phase",
            rule: "Attack Phase, L650-855",
            steps: &[Step {
                title: "Attacks",
                rule: "L650-855",
                procedures: &["attack", "attack-pass", "battle-formation"],
                guidance: "Alternating, French first: attack with one Corps or pass. After a pass the opponent rolls a d6 for its remaining attacks.",
                repeats: None,
                in_force: None,
            }],
        },
        Phase {
            title: "End Phase",
            rule: "End Phase, L857-865",
            steps: &[Step {
                title: "End of turn",
                rule: "L857-865",
                procedures: &["end-of-turn", "victory"],
                guidance: "The Grand Battery is recalled. After the last turn, determine victory.",
                repeats: None,
                in_force: None,
            }],
        },
    ],
    // T1 = June 15 AM ... T8 = June 18 PM (L970, L1115, L1264, L1281).
    turn_names: &[
        "June 15 AM",
        "June 15 PM",
        "June 16 AM",
        "June 16 PM",
        "June 17 AM",
        "June 17 PM",
        "June 18 AM",
        "June 18 PM",
    ],
};

pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        id: "june-16-18",
        title: "The Waterloo Campaign: June 16-18, 1815",
        rule: "L954-1097",
        summary: "6 turns. Starts on turn 3 with Step D, Detachment Placement.",
        start: Position {
            turn: 3,
            phase: 0,
            step: 3,
        },
        last_turn: 8,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "june-15-18",
        title: "The Waterloo Campaign: June 15-18, 1815",
        rule: "L1099-1337",
        summary: "8 turns. Starts on turn 1 with the Movement Phase; the June 15 special rules apply.",
        start: Position {
            turn: 1,
            phase: 2,
            step: 0,
        },
        last_turn: 8,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "june-15-18-free",
        title: "June 15-18, without the first-day special rules",
        rule: "Design note, L1256-1261",
        summary: "As June 15-18, playing by the normal rules from the outset.",
        start: Position {
            turn: 1,
            phase: 2,
            step: 0,
        },
        last_turn: 8,
        sequence: None,
        set_up: None,
    },
];
