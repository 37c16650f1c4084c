//! The Battles of Waterloo (GMT, revised edition; rulebook: shared seed 001). Half-hour turns of
//! Initiative, LIM Pool creation, Operations by LIM draws, the No LIM and Out of Command phases,
//! Command Morale and Leader Replacement (R 3, L144-178). One ten-sided die read 0-9 decides every
//! roll (R 2.3, L78-80). References give the rule number as printed and the line of the rulebook
//! file (Lnnn).
//!
//! The rulebook holds the rules only: the Fire, Shock, Charge Reaction, Square and Terrain charts,
//! the counters, the Turn Record Track and the scenario set-ups are on the game's cards and
//! booklets, so the players enter what the record needs of them.

mod activation;
mod both_retreat;
mod cavalry;
mod charge_reaction;
mod chateau;
mod checks;
mod cohesion_check;
mod combat_results;
mod commitment;
mod counter_value;
mod dutch_belgian;
mod fighters;
mod fire;
mod forms;
mod guard;
mod initiative;
mod leaders;
mod limited_activation;
mod lims;
mod markers;
mod morale;
pub mod options;
mod out_of_command;
mod rally;
mod reaction;
mod retreat_before_shock;
pub mod roster;
mod several;
mod shock;
mod square;
mod turn_track;

use crate::engine::procedure::Procedure;
use crate::engine::record::{Position, Record};
use crate::engine::table_set::BuiltinTable;
use crate::engine::turns::{Phase, Repeat, Scenario, Step, TurnNote, TurnSequence};

pub use activation::Activation;
pub use both_retreat::BothRetreat;
pub use cavalry::{CavalryRetreat, HoldInCheck, Pursuit};
pub use charge_reaction::ChargeReaction;
pub use chateau::ChateauRecovery;
pub use cohesion_check::CohesionCheck;
pub use commitment::Commitment;
pub use counter_value::CounterValueEntry;
pub use dutch_belgian::DutchBelgianCavalry;
pub use fire::Fire;
pub use guard::ImperialGuard;
pub use initiative::Initiative;
pub use leaders::{CommanderKilled, LeaderCasualty, LeaderReplacement, NAPOLEON_KILLED, game_over};
pub use limited_activation::LimitedActivation;
pub use lims::{AddLim, KeepOut, LimDraw, LimSelection};
pub use markers::Marker;
pub use morale::CommandMorale;
pub use out_of_command::{DetachmentLeader, OutOfCommandUnit};
pub use rally::Rally;
pub use retreat_before_shock::{RetreatBeforeFire, RetreatBeforeShock};
pub use roster::{AddLeader, AddUnit};
pub use shock::Shock;
pub use square::{LeavingSquare, SquareInReaction};
pub use turn_track::{Rain, TurnTrack, WetFuses, last_turn};

pub const ID: &str = "battles-of-waterloo";
pub const TITLE: &str = "The Battles of Waterloo";

/// The three armies (L14, R 4.12C L200).
pub const SIDES: &[(&str, &str); 3] = &[
    ("french", "French"),
    ("allied", "Anglo-Allied"),
    ("prussian", "Prussian"),
];

/// The players' name for an army.
fn army_label(side: &str) -> &'static str {
    SIDES
        .iter()
        .find(|(id, _)| *id == side)
        .map_or("An army", |(_, label)| label)
}

/// In the order of the sequence of play.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &TurnTrack,
    &Rain,
    &Initiative,
    &AddLim,
    &LimSelection,
    &KeepOut,
    &LimDraw,
    &DutchBelgianCavalry,
    &SquareInReaction,
    &Fire,
    &ChargeReaction,
    &Shock,
    &BothRetreat,
    &CohesionCheck,
    &WetFuses,
    &Pursuit,
    &HoldInCheck,
    &Activation,
    &LimitedActivation,
    &Rally,
    &RetreatBeforeFire,
    &CavalryRetreat,
    &RetreatBeforeShock,
    &Commitment,
    &LeaderCasualty,
    &CommanderKilled,
    &ImperialGuard,
    &ChateauRecovery,
    &DetachmentLeader,
    &OutOfCommandUnit,
    &CommandMorale,
    &LeaderReplacement,
    &LeavingSquare,
    &Marker,
    &AddUnit,
    &AddLeader,
    &CounterValueEntry,
    &options::SETTINGS,
];

/// The charts printed only on the game's card ship as templates, for the owner to enter.
pub const TABLES: &[BuiltinTable] = &[
    BuiltinTable {
        file: "fire.toml",
        text: include_str!("../../../tables/battles-of-waterloo/fire.toml"),
    },
    BuiltinTable {
        file: "terrain.toml",
        text: include_str!("../../../tables/battles-of-waterloo/terrain.toml"),
    },
    BuiltinTable {
        file: "charge-reaction.toml",
        text: include_str!("../../../tables/battles-of-waterloo/charge-reaction.toml"),
    },
    BuiltinTable {
        file: "square-in-reaction.toml",
        text: include_str!("../../../tables/battles-of-waterloo/square-in-reaction.toml"),
    },
    BuiltinTable {
        file: "leaving-square.toml",
        text: include_str!("../../../tables/battles-of-waterloo/leaving-square.toml"),
    },
    BuiltinTable {
        file: "shock.toml",
        text: include_str!("../../../tables/battles-of-waterloo/shock.toml"),
    },
    BuiltinTable {
        file: "shock-modifiers.toml",
        text: include_str!("../../../tables/battles-of-waterloo/shock-modifiers.toml"),
    },
];

const fn step(
    title: &'static str,
    rule: &'static str,
    procedures: &'static [&'static str],
    guidance: &'static str,
) -> Step {
    Step {
        title,
        rule,
        procedures,
        guidance,
        repeats: None,
        in_force: None,
    }
}

/// What an activation may call for, in the order of its segments (R 4.42A, L253-260) and of the
/// Assault Resolution Procedure (R 8.22, L896-923): offered wherever a Command acts.
const OPERATIONS: &[&str] = &[
    "lim-draw",
    "activation",
    "limited-activation",
    "hold-in-check",
    "dutch-belgian-cavalry",
    "rally",
    "chateau-recovery",
    "square-in-reaction",
    "retreat-before-fire",
    "cavalry-retreat",
    "fire",
    "wet-fuses",
    "retreat-before-shock",
    "commitment",
    "charge-reaction",
    "shock",
    "both-retreat",
    "cohesion-check",
    "pursuit",
    "leaving-square",
    "marker",
    "detachment-leader",
    "leader-casualty",
    "commander-killed",
    "imperial-guard",
];

/// The sequence of play, "in the precise order given" (R 3, L144-178).
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        Phase {
            title: "A. Initiative Phase",
            rule: "R 3A, L148-152",
            steps: &[
                step(
                    "Weather and Variable Reinforcements",
                    "R 3A1, L150; Rain, R 11.3A, L1690",
                    &["turn-track", "rain", "add-unit", "add-leader"],
                    "On turn 1 enter the scenario's Turn Record Track. If the track shows \"Rain\" with a range this turn, roll for Rain before play. Check the scenario's Variable Reinforcements.",
                ),
                step(
                    "Napoleon's Health (optional)",
                    "R 3A2, L151; R 4.63C, L408",
                    &[],
                    "Optional, on hourly turns only: the French player checks Napoleon's Command Points by the scenario's rules.",
                ),
                step(
                    "Initiative Determination",
                    "R 4.11-4.12, L184-200",
                    &["initiative"],
                    "Each army rolls one die, +2 per Command Point spent while its Overall Commander is on the map. The army that lacked the Initiative last turn declares its spending first. Ties roll again.",
                ),
            ],
        },
        Phase {
            title: "B. Pool Creation Phase",
            rule: "R 3B, L154-157; R 4.31, L232-247",
            steps: &[
                step(
                    "LIM Selection",
                    "R 4.31C-D, L243-245",
                    &["lim-selection", "add-lim"],
                    "Each player selects up to his Overall Commander's Command Points, less those spent on the Initiative, in eligible LIMs; the Orders LIM is free.",
                ),
                step(
                    "Pool Placement",
                    "R 3B, L157; R 4.31E, L247",
                    &["keep-out"],
                    "The Initiative player keeps one selected LIM out as his first activation; every other LIM goes into the cup.",
                ),
            ],
        },
        Phase {
            title: "C. Operations Phase",
            rule: "R 3C, L159-162; R 4.42, L249-281",
            steps: &[
                step(
                    "Initiative First LIM",
                    "R 3C1, L161",
                    OPERATIONS,
                    "The Initiative player carries out the LIM he kept out.",
                ),
                Step {
                    title: "Random LIM Draw",
                    rule: "R 3C2, L162; R 4.42, L249-281",
                    procedures: OPERATIONS,
                    guidance: "Draw one LIM from the cup; its owner carries it out, segment by segment. Repeat until the cup is empty.",
                    repeats: Some(Repeat::WhileCupHolds(LIM_CUP)),
                    in_force: None,
                },
            ],
        },
        Phase {
            title: "D. No LIM Phase",
            rule: "R 4.5, L164-167, L287-334",
            steps: &[step(
                "No LIM activations",
                "R 4.51-4.52, L287-334",
                OPERATIONS,
                "Alternating, the Initiative player first: each picks a Command whose LIM was not selected and tries an Activation roll, or takes a Limited Activation with no roll. Then that Command's units act. With more than two players, after the Initiative player: French (Napoleon's, then Grouchy's), British, Prussian.",
            )],
        },
        Phase {
            title: "E. Out of Command Phase",
            rule: "R 4.7, L169-172, L435-466",
            steps: &[
                step(
                    "Detachment Leader Assignment",
                    "R 4.71, L437-452",
                    &["detachment-leader", "add-leader"],
                    "Both players at once assign or remove Detachment Leaders. One may not be assigned on the turn he is removed.",
                ),
                step(
                    "Out of Command Unit Movement",
                    "R 4.72, L454-466",
                    &["out-of-command-unit", "rally", "marker"],
                    "Alternating, the Initiative player first, one Out of Command unit at a time: each that did not move, attack or defend this turn and was not In Command when its Command acted. It moves by Out of Command Movement or Rallies; in an enemy ZOC it must Withdraw.",
                ),
            ],
        },
        Phase {
            title: "F. Command Morale Phase",
            rule: "R 3F, L174; R 10.2, L1627-1651",
            steps: &[step(
                "Command Morale",
                "R 10.2, L1627-1651",
                &["command-morale"],
                "Check every corps and division for Shaken and Shattered.",
            )],
        },
        Phase {
            title: "G. Leader Replacement Phase",
            rule: "R 3G, L176; R 9.22, L1573-1579",
            steps: &[step(
                "Leader Replacement",
                "R 9.22, L1573-1579",
                &["leader-replacement"],
                "Flip each killed or captured leader to his Replacement side and place him with any unit of his command.",
            )],
        },
    ],
    // The Turn Record Track is on the game's card, not in the rulebook: turns are numbered and
    // the notes above the checklist give each one's time once the track is entered.
    turn_names: &[],
};

/// The Operations Phase's place in the sequence.
const OPERATIONS_PHASE: usize = 2;
/// The Random LIM Draw's place in the Operations Phase.
const RANDOM_DRAW_STEP: usize = 1;
/// The No LIM Phase's and the Out of Command Phase's places in the sequence.
const NO_LIM_PHASE: usize = 3;
const OUT_OF_COMMAND_PHASE: usize = 4;

/// The cup the LIMs are drawn from (R 4.31E, L247).
pub const LIM_CUP: &str = "LIM Pool";

const FIRST_TURN: Position = Position {
    turn: 1,
    phase: 0,
    step: 0,
};

/// The most turns a battle can have: a day of half-hour turns. The scenario's own last turn is
/// the one the players enter from its Turn Record Track (`last_turn`).
const MOST_TURNS: u32 = 48;

/// The battles (R 2.1, L32-36). Their set-ups, turn tracks and first-turn Initiative are in the
/// Scenario Booklet, which is not in the rulebook.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        id: "quatre-bras",
        title: "Quatre Bras (June 16th)",
        rule: "R 2.1, L32-34",
        summary: "A June 16th battle on a single map (L36).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "ligny",
        title: "Ligny (June 16th)",
        rule: "R 2.1, L32-34",
        summary: "A June 16th battle on the two Ligny maps (L36).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "june-16",
        title: "June 16th: Quatre Bras and Ligny linked",
        rule: "R 2.1, L34-36",
        summary: "Both June 16th battles on three maps (L36).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "mont-st-jean",
        title: "Mt. St. Jean (June 18th)",
        rule: "R 2.1, L32-36",
        summary: "A June 18th battle on a single map (L36).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "wavre",
        title: "Wavre (June 18th)",
        rule: "R 2.1, L36",
        summary: "A June 18th battle on the Wavre-East map (L36).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: "june-18",
        title: "June 18th: Mt. St. Jean and Wavre linked",
        rule: "R 2.1, L34-36; R 4.12C, L200",
        summary: "Both June 18th battles on three maps; up to four players: Napoleon, Grouchy, British and Prussian (L36, L200).",
        start: FIRST_TURN,
        last_turn: MOST_TURNS,
        sequence: None,
        set_up: None,
    },
];

/// Whether the scenario is fought on June 16th (Rain, L1688) rather than June 18th (Mud, L1709).
fn june_16th(record: &Record) -> bool {
    matches!(
        record.scenario.as_ref(),
        "quatre-bras" | "ligny" | "june-16"
    )
}

/// The armies in the battle: those with a piece on the record, or all three before any is entered.
/// The rulebook does not say which armies fight each battle (the Scenario Booklet does).
/// The enemy a form names first when `side` acts: an army other than `side` with pieces on the
/// record, if any has.
fn enemy_of(record: &Record, side: &str) -> &'static str {
    let other = |armies: Vec<&'static str>| armies.into_iter().find(|army| *army != side);
    other(armies_in(record))
        .or_else(|| other(SIDES.iter().map(|(id, _)| *id).collect()))
        .unwrap_or("french")
}

fn armies_in(record: &Record) -> Vec<&'static str> {
    let present: Vec<&'static str> = SIDES
        .iter()
        .map(|(id, _)| *id)
        .filter(|side| record.units_where(Some(side), &[]).next().is_some())
        .collect();
    if present.is_empty() {
        SIDES.iter().map(|(id, _)| *id).collect()
    } else {
        present
    }
}

/// The notes above the checklist: the turn's time, light and weather, and the Initiative.
pub fn turn_notes(record: &Record) -> Vec<TurnNote> {
    let mut notes = turn_track::notes(record);
    notes.extend(initiative::notes(record));
    notes.extend(lims::notes(record));
    notes
}

/// A note above the checklist.
fn step_note(text: &str, rule: &'static str) -> TurnNote {
    TurnNote {
        text: text.to_string(),
        rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The places the procedures read are the phases they name.
    #[test]
    fn the_phase_places_name_their_phases() {
        let title = |i: usize| SEQUENCE.phases.get(i).map_or("", |p| p.title);
        assert!(title(OPERATIONS_PHASE).starts_with("C. Operations"));
        assert!(title(NO_LIM_PHASE).starts_with("D. No LIM"));
        assert!(title(OUT_OF_COMMAND_PHASE).starts_with("E. Out of Command"));
        let draw = SEQUENCE
            .phases
            .get(OPERATIONS_PHASE)
            .and_then(|p| p.steps.get(RANDOM_DRAW_STEP));
        assert_eq!(draw.map(|s| s.title), Some("Random LIM Draw"));
    }
}
