//! The games, one folder each. Nothing outside a game's folder knows its rules; this registry only
//! lists them. What every game offers the app (`Game`) is in `game.rs`; how a game's log is
//! checked and read is in `audit.rs`; verifying a folder of sessions is in `folder.rs`.

mod audit;
pub mod battles_of_waterloo;
pub mod beyond_waterloo;
mod charts;
pub mod enemy_mistakes;
pub mod folder;
mod game;
pub mod waterloo_200;
pub mod waterloo_campaign;

pub use audit::explain;
pub use charts::ChartError;
pub use game::{Game, Roster};

use crate::engine::record::Record;
use crate::engine::turns::TurnNote;

/// For games that end only after their last turn.
fn never_over(_: &Record) -> Option<String> {
    None
}

/// For games whose scenarios print their last turn in the rulebook.
fn last_turn_printed(_: &Record) -> Option<u32> {
    None
}

/// For games whose turns have no special rules yet.
fn no_turn_notes(_: &Record) -> Vec<TurnNote> {
    Vec::new()
}

/// Every game, in the order the app lists them.
pub static GAMES: &[Game] = &[
    Game {
        id: waterloo_campaign::ID,
        title: waterloo_campaign::TITLE,
        rulebook: "000_8fb68a0da552406e.txt",
        sides: waterloo_campaign::SIDES,
        scenarios: waterloo_campaign::SCENARIOS,
        sequence: waterloo_campaign::SEQUENCE,
        procedures: waterloo_campaign::PROCEDURES,
        tables: waterloo_campaign::TABLES,
        set_up: Some("set-up"),
        roster: Some(Roster {
            entry: "roster-entry",
            addition: "add-detachment",
            further: &[],
            piece: "counter",
            what: "Battle Stars and Command Ranges",
        }),
        settings: Some("settings"),
        turn_notes: waterloo_campaign::turn_notes,
        unit_summary: waterloo_campaign::roster::summary,
        game_over: never_over,
        after_the_end: &[],
        ends_with: &["victory"],
        entered_last_turn: last_turn_printed,
        counters_spent_by_hand: true,
        summarized: &[],
    },
    Game {
        id: battles_of_waterloo::ID,
        title: battles_of_waterloo::TITLE,
        rulebook: "001_313c361a8749247d.txt",
        sides: battles_of_waterloo::SIDES,
        scenarios: battles_of_waterloo::SCENARIOS,
        sequence: battles_of_waterloo::SEQUENCE,
        procedures: battles_of_waterloo::PROCEDURES,
        tables: battles_of_waterloo::TABLES,
        set_up: None,
        roster: Some(Roster {
            entry: "counter-value",
            addition: "add-unit",
            further: &["add-leader", "add-lim"],
            piece: "counter",
            what: "the ratings of the combat units and the leaders",
        }),
        settings: Some("settings"),
        turn_notes: battles_of_waterloo::turn_notes,
        unit_summary: battles_of_waterloo::roster::summary,
        game_over: battles_of_waterloo::game_over,
        after_the_end: &["settings"],
        ends_with: &[],
        entered_last_turn: battles_of_waterloo::last_turn,
        counters_spent_by_hand: false,
        summarized: &[],
    },
    Game {
        id: beyond_waterloo::ID,
        title: beyond_waterloo::TITLE,
        rulebook: "002_16127742acbabef4.txt",
        sides: beyond_waterloo::SIDES,
        scenarios: beyond_waterloo::SCENARIOS,
        sequence: beyond_waterloo::SEQUENCE,
        procedures: beyond_waterloo::PROCEDURES,
        tables: beyond_waterloo::TABLES,
        set_up: Some("set-up"),
        roster: Some(Roster {
            entry: "counter-value",
            addition: "add-unit",
            further: &["battle-tactics-card"],
            piece: "counter",
            what: "each Troop unit's CF and Morale and each Leader's Battle Ability and Reaction range",
        }),
        settings: Some("settings"),
        turn_notes: beyond_waterloo::turn_notes,
        unit_summary: beyond_waterloo::roster::summary,
        game_over: beyond_waterloo::game_over,
        after_the_end: &["settings", "victory", "campaign-end"],
        ends_with: &["victory", "campaign-end"],
        entered_last_turn: beyond_waterloo::last_turn,
        counters_spent_by_hand: false,
        summarized: beyond_waterloo::campaign::SUMMARIZED,
    },
    Game {
        id: enemy_mistakes::ID,
        title: enemy_mistakes::TITLE,
        rulebook: "003_471f4827b01eb0ac.txt",
        sides: enemy_mistakes::SIDES,
        scenarios: enemy_mistakes::SCENARIOS,
        sequence: enemy_mistakes::SEQUENCE,
        procedures: enemy_mistakes::PROCEDURES,
        tables: enemy_mistakes::TABLES,
        set_up: Some("set-up"),
        roster: Some(Roster {
            entry: "tile-value",
            addition: "add-unit",
            further: &["formation"],
            piece: "tile",
            what: "the Losses each Unit can sustain and its victory points",
        }),
        settings: Some("settings"),
        turn_notes: enemy_mistakes::turn_notes,
        unit_summary: enemy_mistakes::roster::summary,
        game_over: enemy_mistakes::game_over,
        after_the_end: enemy_mistakes::AFTER_THE_END,
        ends_with: &["victory"],
        entered_last_turn: last_turn_printed,
        counters_spent_by_hand: true,
        summarized: &[],
    },
    Game {
        id: waterloo_200::ID,
        title: waterloo_200::TITLE,
        rulebook: "004_c3886c5f49dbd5b1.txt",
        sides: waterloo_200::SIDES,
        scenarios: waterloo_200::SCENARIOS,
        sequence: waterloo_200::SEQUENCE,
        procedures: waterloo_200::PROCEDURES,
        tables: waterloo_200::TABLES,
        set_up: Some("set-up"),
        roster: Some(Roster {
            entry: "block-value",
            addition: "add-block",
            further: &["map-area"],
            piece: "sticker",
            what: "the strength ladder of each block; the map's Areas are entered with \"The map: an Area\"",
        }),
        settings: Some("settings"),
        turn_notes: no_turn_notes,
        unit_summary: waterloo_200::blocks::summary,
        game_over: waterloo_200::game_over,
        after_the_end: &["settings"],
        ends_with: &["victory"],
        entered_last_turn: last_turn_printed,
        counters_spent_by_hand: false,
        summarized: &[],
    },
];

pub fn find(id: &str) -> Result<&'static Game, String> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        format!(
            "unknown game \"{id}\"; the games are: {}",
            GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
        )
    })
}
