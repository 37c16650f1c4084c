//! Beyond Waterloo, 2nd edition (rulebook: shared seed 002). This module plays its Combat Game
//! (scenario 27.1, L2182-2248): one Battle Sequence (6.3, L882-918) at Waterloo, fought with the
//! Fire Exchange Results Table (FERT) and the Grand Tactics and Battle Deployment Matrices. Those
//! charts are printed only on the Player Aid Charts; they ship as templates the owner enters.
//! References give the rulebook's Case numbers and the lines of the rulebook file.

pub(crate) mod battle_display;
pub mod campaign;
pub mod cards;
mod charge;
pub mod combat_round;
mod exit;
pub mod forces;
mod leaders;
pub mod losses;
pub mod options;
mod reaction;
pub mod roster;
pub mod tactics;
mod winner;

use crate::engine::procedure::Procedure;
use crate::engine::record::{Position, Record};
use crate::engine::table_set::BuiltinTable;
use crate::engine::turns::{Phase, Scenario, Step, TurnNote, TurnSequence};

pub use battle_display::PostBattle;
pub use cards::CardEntry;
pub use charge::CavalryBattle;
pub use combat_round::CombatRound;
pub use exit::ExitBeforeBattle;
pub use leaders::{LeaderCasualty, WoundRecovery};
pub use losses::TakeLosses;
pub use reaction::Reaction;
pub use roster::{AddUnit, CounterValue, SetUp};
pub use winner::{BattleWinner, Victory};

pub const ID: &str = "beyond-waterloo";
pub const TITLE: &str = "Beyond Waterloo";

/// The French player and the Allied player, who runs every Allied nation (§1.0, L378).
pub const SIDES: &[(&str, &str)] = &[("french", "French"), ("allied", "Allied")];

/// The sides' ids, the French first.
pub const SIDE_IDS: [&str; 2] = ["french", "allied"];

/// The players' name for a side.
pub fn side_label(side: &str) -> &'static str {
    SIDES
        .iter()
        .find(|(id, _)| *id == side)
        .map_or("Unknown", |(_, label)| label)
}

/// The side as a sentence names its players: "the French", "the Allies".
pub fn people(side: &str) -> &'static str {
    if side == "french" { "French" } else { "Allies" }
}

/// The Battle Track's boxes, in order (6.2.1, L856).
pub const BATTLE_TRACK: [&str; 3] = [
    "First Combat Round",
    "Battle Adjustment Round",
    "Second Combat Round",
];

/// The counter of the loss markers on `side` in the Battle Track's box `round` (6.10.8, L1052).
pub fn loss_markers(side: &str, round: &str) -> String {
    format!("Loss markers on the {}, {round}", people(side))
}

/// The other side.
pub fn opponent(side: &str) -> &'static str {
    if side == "french" { "allied" } else { "french" }
}

/// In the order of the Battle Sequence.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &SetUp,
    &campaign::CampaignSetUp,
    &campaign::SetUpChoices,
    &campaign::GarrisonSwap,
    &campaign::SetUpDraw,
    &AddUnit,
    &CounterValue,
    &CardEntry,
    &ExitBeforeBattle,
    &PostBattle,
    &CombatRound,
    &CavalryBattle,
    &TakeLosses,
    &LeaderCasualty,
    &Reaction,
    &WoundRecovery,
    &BattleWinner,
    &Victory,
    &campaign::ApReset,
    &campaign::SpendAp,
    &campaign::Attrition,
    &campaign::FlipForceMarch,
    &campaign::MoveFormation,
    &campaign::CavalryScreen,
    &campaign::OpenBattle,
    &campaign::MoraleRecovery,
    &campaign::Capture,
    &campaign::FranceEntered,
    &campaign::CampaignEnd,
    &campaign::CatastrophicFailure,
    &campaign::OffBoardMove,
    &campaign::Siege,
    &campaign::LeaderChange,
    &campaign::FieldMaintenance,
    &campaign::Disband,
    &campaign::Supply,
    &campaign::Training,
    &campaign::Purchase,
    &campaign::Magazines,
    &campaign::RpAccumulation,
    &campaign::Recruitment,
    &campaign::FratTransfer,
    &campaign::ReorganizeUnit,
    &campaign::BrigadeFormation,
    &campaign::CorpsBreakdown,
    &campaign::CorpsBuildup,
    &campaign::NewFormation,
    &campaign::Replacement,
    &campaign::Recombination,
    &campaign::MinorAlliedRegrouping,
    &options::SETTINGS,
];

pub const TABLES: &[BuiltinTable] = &[
    BuiltinTable {
        file: "fert.toml",
        text: include_str!("../../../tables/beyond-waterloo/fert.toml"),
    },
    BuiltinTable {
        file: "grand-tactics.toml",
        text: include_str!("../../../tables/beyond-waterloo/grand-tactics.toml"),
    },
    BuiltinTable {
        file: "battle-deployment.toml",
        text: include_str!("../../../tables/beyond-waterloo/battle-deployment.toml"),
    },
    BuiltinTable {
        file: "formation-deployment.toml",
        text: include_str!("../../../tables/beyond-waterloo/formation-deployment.toml"),
    },
    BuiltinTable {
        file: "mode-changes.toml",
        text: include_str!("../../../tables/beyond-waterloo/mode-changes.toml"),
    },
    BuiltinTable {
        file: "leader-casualty.toml",
        text: include_str!("../../../tables/beyond-waterloo/leader-casualty.toml"),
    },
    BuiltinTable {
        file: "reaction-move.toml",
        text: include_str!("../../../tables/beyond-waterloo/reaction-move.toml"),
    },
    BuiltinTable {
        file: "wound-recovery.toml",
        text: include_str!("../../../tables/beyond-waterloo/wound-recovery.toml"),
    },
    BuiltinTable {
        file: "attrition.toml",
        text: include_str!("../../../tables/beyond-waterloo/attrition.toml"),
    },
    BuiltinTable {
        file: "rp-costs.toml",
        text: include_str!("../../../tables/beyond-waterloo/rp-costs.toml"),
    },
    BuiltinTable {
        file: "rp-acquisition.toml",
        text: include_str!("../../../tables/beyond-waterloo/rp-acquisition.toml"),
    },
    BuiltinTable {
        file: "frat.toml",
        text: include_str!("../../../tables/beyond-waterloo/frat.toml"),
    },
];

const BATTLE: Position = Position {
    turn: 1,
    phase: 0,
    step: 0,
};

/// The Combat Game's scenario id.
pub const COMBAT_GAME: &str = "combat-game";

pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        id: COMBAT_GAME,
        title: "Combat Game: Waterloo, 18 June 1815",
        rule: "27.1 Combat Game Scenario, L2182-2248",
        summary: "One Battle Sequence at Waterloo: Ney's Left Wing leads against Wellington's Anglo-Dutch-Belgian army; Grouchy at Ligny and Blücher at Wavre may react. Both sides start at 0 VP, the French with the Initiative.",
        start: BATTLE,
        last_turn: 1,
        sequence: None,
        set_up: None,
    },
    campaign::BASIC_SCENARIO,
];

/// Step 1 of the Battle Sequence (6.3.1, L886).
pub const POST_DISPLAY: Step = Step {
    title: "Step 1: Post the Battle Display",
    rule: "6.3.1, L886; 6.2, L850-880",
    procedures: &["post-battle"],
    guidance: "Each side posts its Lead Formation, its Supporting Formations and its Cavalry Screen (the Combat Game's set-up has posted them) and any cavalry to its Cavalry Charge box, and picks a Grand Tactic chit and up to four Battle Tactics cards face down, both sealed on the Combat Round's form (the cards after the Grand Tactics are read, or before them, as the settings say). The Initiative goes to the side with more VP, the French on a tie.",
    repeats: None,
    in_force: None,
};

/// Steps 2-7, the First Combat Round (6.3.2-6.3.7, L890-902).
pub const FIRST_ROUND: Step = Step {
    title: "Steps 2-7: Grand Tactics to Final Resolution",
    rule: "6.3.2-6.3.7, L890-902",
    procedures: &[
        "combat-round",
        "cavalry-battle",
        "take-losses",
        "leader-casualty",
    ],
    guidance: "Reveal the Grand Tactics together, read both Matrices, reveal the Battle Tactics cards (the Initiative player first), then both roll 2D6 on the FERT. Losses go to the Lead Formation first; the side that suffered more loses a Morale level.",
    repeats: None,
    in_force: None,
};

/// Step 8 (6.3.8, L906).
pub const REACTION: Step = Step {
    title: "Step 8: Reaction Movement",
    rule: "6.3.8, L906; 6.13, L1087-1115",
    procedures: &["reaction", "cavalry-battle", "take-losses"],
    guidance: "The Initiative player first: Formations within their Leader's Reaction range may move into the battle; a larger enemy Cavalry Screen calls for a roll on the Reaction Move Table. Either side may play its Cavalry Charge against the enemy screen first (6.13.8a).",
    repeats: None,
    in_force: None,
};

/// Step 9 (6.3.9, L908).
pub const ADJUSTMENTS: Step = Step {
    title: "Step 9: Adjustments",
    rule: "6.3.9, L908; 6.14, L1117-1125",
    procedures: &["post-battle"],
    guidance: "Determine the Initiative. Each side picks a new Grand Tactic, may change its Lead Formation and its Deployment Mode (once in the Combat Game, L2242).",
    repeats: None,
    in_force: None,
};

/// Step 10, the Second Combat Round (6.3.10, L912).
pub const SECOND_ROUND: Step = Step {
    title: "Step 10: Steps 2-7 again",
    rule: "6.3.10, L912",
    procedures: &[
        "combat-round",
        "cavalry-battle",
        "take-losses",
        "leader-casualty",
    ],
    guidance: "As the first round, with only the Battle Tactics cards still face down, no Morale loss for suffering more, and the Fortress benefit suspended (19.1.6).",
    repeats: None,
    in_force: None,
};

/// Step 11 (6.3.11, L914-916).
pub const BATTLE_WINNER: Step = Step {
    title: "Step 11: Battle Winner Determination",
    rule: "6.3.11, L914-916",
    procedures: &["battle-winner", "take-losses", "victory"],
    guidance: "The side that inflicted more step losses over both rounds wins: +1 VP and +1 Morale to its Formations, -1 to the loser's, who withdraws. The most VP wins the Combat Game (L2248).",
    repeats: None,
    in_force: None,
};

/// The Battle Sequence (6.3, L882-918), one battle: the Combat Game is "just one full Battle
/// Sequence" (L508). A campaign's OPs Phase plays the same steps once for each battle.
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        Phase {
            title: "First Combat Round",
            rule: "6.3.1-6.3.7, L886-902",
            steps: &[POST_DISPLAY, FIRST_ROUND],
        },
        Phase {
            title: "Battle Adjustment Round",
            rule: "6.12-6.14, L1076-1125",
            steps: &[REACTION, ADJUSTMENTS],
        },
        Phase {
            title: "Second Combat Round",
            rule: "6.3.10, L912; 6.15, L1127-1131",
            steps: &[SECOND_ROUND],
        },
        Phase {
            title: "Battle Winner",
            rule: "6.3.11, L914-916; 6.16, L1133-1158",
            steps: &[BATTLE_WINNER],
        },
    ],
    turn_names: &["18 June 1815"],
};

/// Where in the Battle Sequence play stands (6.3, L882-918).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleStage {
    Posting,
    FirstRound,
    Reaction,
    Adjustments,
    SecondRound,
    Winner,
}

impl BattleStage {
    /// The stage of the step at the record's position, in the Combat Game's sequence or a
    /// campaign's OPs Phase, which play the same steps; `None` outside a battle.
    pub fn of(record: &Record) -> Option<BattleStage> {
        let sequence = if campaign::is_campaign(record) {
            &campaign::SEQUENCE
        } else {
            &SEQUENCE
        };
        let title = sequence.step(record.position)?.title;
        [
            (POST_DISPLAY, BattleStage::Posting),
            (FIRST_ROUND, BattleStage::FirstRound),
            (REACTION, BattleStage::Reaction),
            (ADJUSTMENTS, BattleStage::Adjustments),
            (SECOND_ROUND, BattleStage::SecondRound),
            (BATTLE_WINNER, BattleStage::Winner),
        ]
        .into_iter()
        .find(|(step, _)| step.title == title)
        .map(|(_, stage)| stage)
    }

    /// The round of the Battle Track (6.2.1, L856) play stands in: "first" until Reaction,
    /// "adjustment" in Steps 8-9, "second" from Step 10. Outside a battle, "first".
    pub fn round(record: &Record) -> &'static str {
        match BattleStage::of(record) {
            Some(BattleStage::Reaction | BattleStage::Adjustments) => "adjustment",
            Some(BattleStage::SecondRound | BattleStage::Winner) => "second",
            _ => "first",
        }
    }
}

/// Why play has stopped: the Combat Game's winner is named, or Napoleon's Formation is at
/// Morale 0 (27.1.4, L2238).
pub fn game_over(record: &Record) -> Option<String> {
    if campaign::is_campaign(record) {
        return campaign::victory::over(record).or_else(|| {
            campaign::victory::sudden_death(record)
                .then(|| catastrophic_failure(record))
                .flatten()
        });
    }
    if let Some(mark) = record.marks.iter().find(|m| m.starts_with(winner::OVER)) {
        return Some(mark.to_string());
    }
    catastrophic_failure(record)
}

/// The last turn as play stands, where it is not the scenario's: in a campaign, the turn after
/// the Allies took Paris while they hold it (20.1.1, L1750).
pub fn last_turn(record: &Record) -> Option<u32> {
    campaign::victory::last_turn(record).filter(|_| campaign::is_campaign(record))
}

/// The Combat Game ends at once when the Formation Napoleon leads reaches Morale 0 (27.1.4,
/// L2238); the VP are then compared.
pub fn catastrophic_failure(record: &Record) -> Option<String> {
    let napoleon = record.unit("french", roster::NAPOLEON)?;
    let formation = napoleon.attribute(roster::attribute::FORMATION)?;
    let morale = roster::formation_morale(record, "french", formation)?;
    (morale == 0).then(|| {
        format!(
            "Catastrophic Failure: {formation}, led by Napoleon, is at Morale 0; the game ends and the VP decide (27.1.4, L2238)"
        )
    })
}

/// The side with the Initiative: the higher VP, the French on a tie (1.1, L404).
pub fn initiative(record: &Record) -> &'static str {
    let vp = |side: &str| record.victory_points.get(side).copied().unwrap_or(0);
    if vp("allied") > vp("french") {
        "allied"
    } else {
        "french"
    }
}

/// The banner above the checklist: who has the Initiative, and each side's VP.
pub fn turn_notes(record: &Record) -> Vec<TurnNote> {
    let vp = |side: &str| record.victory_points.get(side).copied().unwrap_or(0);
    let mut notes = vec![TurnNote {
        text: format!(
            "Initiative: {} (VP: French {}, Allied {})",
            side_label(initiative(record)),
            vp("french"),
            vp("allied")
        ),
        rule: "1.1 Initiative, L404",
    }];
    if record.scenario.as_ref() != COMBAT_GAME {
        notes.extend(campaign::turn_notes(record));
    }
    notes
}
