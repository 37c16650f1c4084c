//! Waterloo 200 (rulebook: shared seed 004). A block game of five two-hour turns with no dice:
//! its battles are arithmetic and its chance is the drawing of blocks. Two Sides, three factions:
//! the French against the British and the Prussians (L98-139). References give the rulebook's
//! section numbers and the lines of the rulebook file, whose two columns are interleaved in places
//! (see the digest's §0 for where each section really is).

pub mod activation;
pub mod arrivals;
pub mod battle;
pub mod blocks;
mod chemin_creux;
mod communication;
pub mod deployment;
pub mod impulse;
mod losses;
pub mod map;
pub mod options;
mod reorganization;
mod retreat;
pub mod scouting;
mod units;
pub mod victory;

use crate::engine::procedure::Procedure;
use crate::engine::record::{Position, Record};
use crate::engine::table_set::BuiltinTable;
use crate::engine::turns::{Phase, Scenario, Step, TurnSequence};
use blocks::{attribute, state};

pub use activation::{Activation, Deactivation};
pub use arrivals::{ArrivalOrder, PrussianArrival};
pub use battle::Battle;
pub use chemin_creux::{CheminCreuxDraw, CheminCreuxOffer};
pub use communication::LineOfCommunication;
pub use deployment::{BrunswickDraw, Reinforcements, ReturnToPool, SetUpDraw, SetUpReservePool};
pub use impulse::Impulse;
pub use map::{AreaControl, MapArea};
pub use reorganization::{Reorganize, RestoreLeader, StrategicDeactivation};
pub use retreat::Retreat;
pub use scouting::{Scouting, ScoutingDraw};
pub use units::{AddBlock, BlockValue, SetUp};
pub use victory::{Control, Victory};

pub const ID: &str = "waterloo-200";
pub const TITLE: &str = "Waterloo 200";

/// The three factions, by the colour of their blocks (L112, L125-127).
pub const SIDES: &[(&str, &str)] = &[
    ("french", "French"),
    ("british", "British"),
    ("prussian", "Prussian"),
];

/// The players' name for a faction.
pub fn side_label(side: &str) -> &'static str {
    SIDES
        .iter()
        .find(|(id, _)| *id == side)
        .map_or("Unknown", |(_, label)| label)
}

/// In the order of the sequence of play.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &SetUp,
    &AddBlock,
    &BlockValue,
    &SetUpDraw,
    &BrunswickDraw,
    &SetUpReservePool,
    &MapArea,
    &AreaControl,
    &LineOfCommunication,
    &ArrivalOrder,
    &PrussianArrival,
    &Impulse,
    &Activation,
    &Scouting,
    &ScoutingDraw,
    &CheminCreuxOffer,
    &CheminCreuxDraw,
    &Retreat,
    &Battle,
    &Deactivation,
    &Reorganize,
    &RestoreLeader,
    &Reinforcements,
    &ReturnToPool,
    &StrategicDeactivation,
    &Control,
    &Victory,
    &options::SETTINGS,
];

pub const TABLES: &[BuiltinTable] = &[BuiltinTable {
    file: "losses.toml",
    text: include_str!("../../../tables/waterloo-200/losses.toml"),
}];

const FIRST_TURN: Position = Position {
    turn: 1,
    phase: 0,
    step: 0,
};

pub const SCENARIOS: &[Scenario] = &[Scenario {
    id: "battle",
    title: "The Battle of Waterloo, 18 June 1815",
    rule: "Scale, L195-196; 4.0 Setup, L696-777",
    summary: "Five turns of two hours, 11:00 to 21:00. The French hold the Initiative Disc; the Prussians arrive from turn 3.",
    start: FIRST_TURN,
    last_turn: 5,
    sequence: None,
    set_up: None,
}];

/// The turn sequence (6.0, L765-827).
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        Phase {
            title: "Impulses",
            rule: "6.0 Sequence of Play, L765-808",
            steps: &[Step {
                title: "Each Impulse",
                rule: "6.1-6.3, L832-1063",
                procedures: &[
                    "prussian-arrival-order",
                    "prussian-arrival",
                    "impulse",
                    "activation",
                    "scouting",
                    "scouting-draw",
                    "reinforcements",
                    "chemin-creux",
                    "chemin-creux-draw",
                    "retreat",
                    "battle",
                    "deactivation",
                    "area-control",
                    "control",
                    "victory",
                ],
                guidance: "On turns 3, 4 and 5 a Prussian corps arrives first (drawn first under the optional rule 10.0). From the Side holding the Initiative Disc, each Side in turn takes a Tactical Action, a Strategic Action by playing the Disc (moves, or Reinforcements), or passes. A Tactical Action activates leaders, moves, fights its battles and deactivates. Record each change of control. Two passes in a row, one by each Side, end the Impulses; in turn 5 they end the game.",
                repeats: None,
                in_force: None,
            }],
        },
        Phase {
            title: "Reorganization",
            rule: "6.4 Reorganization Phase, L1069-1183",
            steps: &[Step {
                title: "Reorganization",
                rule: "6.4, L1069-1183",
                procedures: &[
                    "reorganize",
                    "line-of-communication",
                    "restore-leader",
                    "reinforcements",
                    "return-to-pool",
                    "strategic-deactivation",
                ],
                guidance: "The Side without the Initiative Disc first: each faction may activate its Strategic Leader in his General HQ to restore Tactical Leaders and call Reinforcements, then deactivates him.",
                repeats: None,
                in_force: None,
            }],
        },
    ],
    turn_names: &[
        "11:00-13:00",
        "13:00-15:00",
        "15:00-17:00",
        "17:00-19:00",
        "19:00-21:00",
    ],
};

/// How many units of `side` are eliminated: each goes on its Side's Morale Track (L433-438).
pub fn eliminated(record: &Record, side: &str) -> i64 {
    let count = record
        .units_where(Some(side), &[("state", state::ELIMINATED)])
        .count();
    i64::try_from(count).unwrap_or(i64::MAX)
}

fn killed(leader: &str, winner: &str) -> String {
    format!("Sudden Death: {leader} is killed, a Decisive Victory for {winner} (L186)")
}

fn ten_eliminated(side: &str, winner: &str) -> String {
    format!(
        "Sudden Death: ten {} units are eliminated and their Morale is 0, a Decisive Victory for {winner} (L187-199, L1153-1156)",
        side_label(side)
    )
}

/// The end of the game (How to Win, L168-219; 6.2.3.1.9, L1153-1158), checked whenever the
/// record changes. Sudden Death: Napoleon or Wellington killed, ten French or ten British units
/// eliminated (Prussian losses never count, L1157-1158), or one Side holding all seven Victory
/// Areas. A battle that brings Sudden Death records which came first (the loser's losses are
/// applied first); otherwise the record tells. After turn 5, the Marginal Victory.
pub fn game_over(record: &Record) -> Option<String> {
    if let Some(mark) = record
        .marks
        .iter()
        .find(|m| m.starts_with("Sudden Death") || m.starts_with("Marginal Victory"))
    {
        return Some(mark.to_string());
    }
    if let Some(reason) = victory::all_seven(record) {
        return Some(reason);
    }
    for (side, winner) in [("french", "the Allies"), ("british", "the French")] {
        if let Some((_, leader, _)) = record
            .units_where(Some(side), &[(attribute::TYPE, "strategic-leader")])
            .find(|(_, _, unit)| unit.state.as_ref() == state::ELIMINATED)
        {
            return Some(killed(leader, winner));
        }
        if eliminated(record, side) >= 10 {
            return Some(ten_eliminated(side, winner));
        }
    }
    None
}
