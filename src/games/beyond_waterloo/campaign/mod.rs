//! The Basic Game campaign (scenario 27.2, L2250-2402): a month a Game Turn from June to December
//! 1815, each turn a Mobilization Phase, two OPs Phases, an Administration Phase and a third OPs
//! Phase (7.0, L1160-1182). The app holds no map: supply, adjacency and area control are facts
//! the players assert; the app keeps the War Chests, the pools and the Formations' book-keeping.
//! The campaign charts are printed only on the Player Aid Charts and ship as templates.

pub mod administrative_points;
mod attrition;
pub mod battles;
pub(crate) mod catastrophe;
mod corps;
mod fields;
pub mod fortresses;
mod garrisons;
mod leader_segment;
pub mod listing;
mod magazines;
mod maintenance;
mod morale;
pub mod movement;
mod off_board;
pub(crate) mod organization;
mod purchase;
mod rebuilding;
pub mod recruitment;
mod regrouping;
mod screens;
mod sequence;
pub mod set_up;
mod set_up_draw;
pub mod settings;
mod siege;
mod supply;
pub mod training;
pub mod victory;
pub mod war_chest;

pub use administrative_points::{ApReset, SpendAp};
pub use attrition::Attrition;
pub use battles::OpenBattle;
pub use catastrophe::CatastrophicFailure;
pub use corps::{CorpsBreakdown, CorpsBuildup};
pub use garrisons::GarrisonSwap;
pub use leader_segment::LeaderChange;
pub(crate) use leader_segment::POOLED_IN;
pub use magazines::Magazines;
pub use maintenance::{Disband, FieldMaintenance};
pub use morale::MoraleRecovery;
pub use movement::{FlipForceMarch, MoveFormation};
pub use off_board::OffBoardMove;
pub use organization::{BrigadeFormation, NEW_FORMATION_RP, NewFormation, ReorganizeUnit};
pub use purchase::Purchase;
pub use rebuilding::{REPLACED_IN, Recombination, Replacement};
pub use recruitment::{FratTransfer, Recruitment};
pub use regrouping::MinorAlliedRegrouping;
pub use screens::CavalryScreen;
pub use sequence::{LEADER_SEGMENT, SEQUENCE};
pub use set_up::{CampaignSetUp, SetUpChoices};
pub use set_up_draw::SetUpDraw;
pub use siege::Siege;
pub use supply::Supply;
pub use training::Training;
pub use victory::{CampaignEnd, Capture, FranceEntered};
pub use war_chest::RpAccumulation;

use crate::engine::procedure::RuleError;
use crate::engine::record::Position;
use crate::engine::record::Record;
use crate::engine::tables::{Lookup, TableError};
use crate::engine::turns::{Scenario, TurnNote};

/// The Basic Game scenario's id.
pub const BASIC_GAME: &str = "basic-game";

/// Game Turn n is month n + 2 of 1815 (27.2, L2252: "the June 1815 Turn (Turn 4)").
pub const FIRST_TURN: u32 = 4;
pub const LAST_TURN: u32 = 10;

pub const BASIC_SCENARIO: Scenario = Scenario {
    id: BASIC_GAME,
    title: "Basic Game: the 1815 campaign, June to December",
    rule: "27.2 Basic Game Scenario, L2250-2402",
    summary: "The whole campaign, a month a turn from June (Turn 4) to December 1815 (Turn 10): Mobilization, two OPs Phases, Administration and a third OPs Phase each month, every battle a Battle Sequence. The French start with 85 RP and 10 VP, the Allies with 195 RP and 10 VP.",
    start: Position {
        turn: FIRST_TURN,
        phase: 0,
        step: 0,
    },
    last_turn: LAST_TURN,
    sequence: Some(&SEQUENCE),
    set_up: Some("campaign-set-up"),
};

/// Whether the campaign is played at the Advanced Game's level, whose segments (diplomacy, the
/// Spanish/Portuguese Paralysis, Political Actions, the Vendée) are then in force. No Advanced
/// scenario is in the app yet: the Basic Game passes over those segments (8.2.1, L1205-1206).
pub fn advanced_game(record: &Record) -> bool {
    ADVANCED_SCENARIOS.contains(&record.scenario.as_ref())
}

/// The scenarios played at the Advanced Game's level (27.3-27.5).
const ADVANCED_SCENARIOS: &[&str] = &[];

/// The number a campaign chart's cell gives (RP income, Division-equivalents, steps lost).
fn cell_number(lookup: &Lookup) -> Result<i32, RuleError> {
    let number = lookup.number()?;
    i32::try_from(number).map_err(|_| {
        RuleError::Table(TableError {
            file: lookup.cell.table.to_string(),
            line: None,
            message: format!("the cell {} holds {number}: too large", lookup.cell.row),
        })
    })
}

/// The July 1815 turn, before which the Spanish may not move in 27.2 (L2310).
const SPANISH_MOVE_FROM: u32 = 5;

/// The campaign's lines above the checklist: the War Chests, and the special rules of the turn.
pub fn turn_notes(record: &Record) -> Vec<TurnNote> {
    let chest = |side: &str| {
        format!(
            "{} {} RP",
            crate::games::beyond_waterloo::side_label(side),
            war_chest::rp(record, side)
        )
    };
    let mut notes = vec![TurnNote {
        text: format!("War Chests: {}, {}", chest("french"), chest("allied")),
        rule: "10.1.1, L1272",
    }];
    if record.scenario.as_ref() == BASIC_GAME && record.position.turn < SPANISH_MOVE_FROM {
        notes.push(TurnNote {
            text: "The Spanish may not move until the July 1815 turn".into(),
            rule: "27.2.2, L2310",
        });
    }
    notes
}

/// The procedures whose results a month's summary lists: losses, payments, pools and training,
/// battles, captures and the game's end.
pub const SUMMARIZED: &[&str] = &[
    "take-losses",
    "attrition",
    "supply",
    "field-maintenance",
    "disband",
    "rp-accumulation",
    "frat",
    "training",
    "purchase",
    "frat-transfer",
    "magazine",
    "reorganize-unit",
    "brigade-formation",
    "corps-breakdown",
    "corps-buildup",
    "new-formation",
    "replacement",
    "recombination",
    "leader-change",
    "open-battle",
    "battle-winner",
    "catastrophic-failure",
    "capture",
    "minor-allied-regrouping",
    "france-entered",
    "morale-recovery",
    "campaign-end",
];

/// Whether the record is of a campaign scenario rather than the one-battle Combat Game.
pub fn is_campaign(record: &Record) -> bool {
    record.scenario.as_ref() != crate::games::beyond_waterloo::COMBAT_GAME
}

/// Whether play stands in a campaign step titled `title`: a segment, or a step of the OPs Phase.
pub fn in_step(record: &Record, title: &str) -> bool {
    is_campaign(record)
        && SEQUENCE
            .step(record.position)
            .is_some_and(|step| step.title == title)
}

/// Where play stands, as "turn/phase/step": the mark of a segment, for what is done once in it.
pub fn segment_mark(record: &Record) -> String {
    let at = record.position;
    format!("{}/{}/{}", at.turn, at.phase, at.step)
}

/// Whether play stands in an Attrition Segment, where the steps owed are attrition losses.
pub fn in_attrition_segment(record: &Record) -> bool {
    in_step(record, sequence::ATTRITION_TITLE)
}
