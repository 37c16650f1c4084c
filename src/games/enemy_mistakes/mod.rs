//! Waterloo: Enemy Mistakes, Bicentenary Edition (rulebook: shared seed 003). Tiles and measured
//! movement; two or three armies: French (blue), English (red) and Prussian (black). 19 half-hour
//! turns, each of Initiative, Bombardment and Execution. The rulebook numbers its phases (1, 2,
//! 3.1-3.5) but not its rules, so references name the heading and the lines of the rulebook file.
//!
//! The text lost its minus signs where a modifier was printed as a list item ("- 1 if ..."), so an
//! unsigned modifier is read as negative: the same modifiers appear elsewhere with their signs
//! (L602, L610), and "modified result 1 or less" on two dice (L408) can only come from negatives.

mod attach;
mod bombardment;
mod charge;
mod command;
mod dispute;
mod end_of_turn;
mod entrance;
mod forms;
mod generals;
mod horse_team;
mod initiative;
mod maneuver;
mod melee;
pub mod options;
mod removal;
mod result_of_combat;
pub mod roster;
mod setup;
mod units;
mod victory;

use crate::engine::procedure::Procedure;
use crate::engine::record::{Position, Record};
use crate::engine::table_set::BuiltinTable;
use crate::engine::turns::{Phase, Scenario, Step, TurnNote, TurnSequence};
use forms::SCENARIO_CHOICES;

pub use attach::Attach;
pub use bombardment::{Bombardment, Damage};
pub use command::{Assign, GreenMarkersOff, IssueOrder};
pub use dispute::Dispute;
pub use end_of_turn::EndOfTurn;
pub use entrance::PrussianEntrance;
pub use generals::{
    GeneralCasualty, NAPOLEON_REMOVED, SubstituteGeneral, UnattachedGeneral, WELLINGTON_REMOVED,
};
pub use horse_team::HorseTeam;
pub use initiative::{InitiativeBid, InitiativeMarkers};
pub use maneuver::Maneuver;
pub use melee::{Melee, MeleeLosses, Pursuit};
pub use removal::RemoveUnit;
pub use result_of_combat::ResultOfCombat;
pub use setup::{BringInNey, SetUp};
pub use units::{AddUnit, MakeFormation, TileValue};
pub use victory::{Victory, commander_in_chief_fell as game_over};

/// What may still be resolved once a Commander in Chief has fallen.
pub const AFTER_THE_END: &[&str] = &["victory", "settings"];

pub const ID: &str = "enemy-mistakes";
pub const TITLE: &str = "Waterloo: Enemy Mistakes";

/// The three armies, by the colour of their pieces (L321).
pub const SIDES: &[(&str, &str); 3] = &[
    ("french", "French (blue)"),
    ("british", "English (red)"),
    ("prussian", "Prussian (black)"),
];

/// In the order of the sequence of play.
pub static PROCEDURES: &[&dyn Procedure] = &[
    &SetUp,
    &PrussianEntrance,
    &InitiativeMarkers,
    &InitiativeBid,
    &SubstituteGeneral,
    &BringInNey,
    &Bombardment,
    &Damage,
    &GeneralCasualty,
    &UnattachedGeneral,
    &AddUnit,
    &TileValue,
    &MakeFormation,
    &Assign,
    &Attach,
    &IssueOrder,
    &GreenMarkersOff,
    &Maneuver,
    &HorseTeam,
    &Melee,
    &MeleeLosses,
    &Pursuit,
    &ResultOfCombat,
    &RemoveUnit,
    &EndOfTurn,
    &Victory,
    &Dispute,
    &options::SETTINGS,
];

pub const TABLES: &[BuiltinTable] = &[
    BuiltinTable {
        file: "bombardment.toml",
        text: include_str!("../../../tables/enemy-mistakes/bombardment.toml"),
    },
    BuiltinTable {
        file: "melee.toml",
        text: include_str!("../../../tables/enemy-mistakes/melee.toml"),
    },
];

/// The players' name for an army.
fn army_label(side: &str) -> &'static str {
    SIDES
        .iter()
        .find(|(id, _)| *id == side)
        .map_or("An army", |(_, label)| label)
}

/// The turn sequence (L636-L1056). Each phase is played by every army in the order of Initiative.
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        Phase {
            title: "1. Initiative",
            rule: "1. Initiative, L644-660",
            steps: &[Step {
                title: "Initiative",
                rule: "L644-660, L699-703",
                procedures: &[
                    "prussian-entrance",
                    "initiative-markers",
                    "initiative",
                    "substitute-general",
                    "ney",
                ],
                guidance: "From turn VIII the Prussians roll to enter. Each army rolls for its command markers; from turn II each bids secretly for Initiative. Then the Substitute Generals are rolled for. On turn I, players using the optional rule bring in General Ney.",
                repeats: None,
                in_force: None,
            }],
        },
        Phase {
            title: "2. Bombardment",
            rule: "2. Bombardment, L705-727",
            steps: &[Step {
                title: "Bombardment",
                rule: "L705-727, L678-697",
                procedures: &["bombardment", "damage", "general-casualty"],
                guidance: "In the order of Initiative, each unfastened Foot Artillery Unit without a Smoke token may bombard an enemy Unit in its line of fire, or support another's bombardment. Each Damage then rolls for a Loss.",
                repeats: None,
                in_force: None,
            }],
        },
        Phase {
            title: "3. Execution",
            rule: "3. Execution, L729-1056",
            steps: &[
                Step {
                    title: "3.1 Assign",
                    rule: "L735-745",
                    procedures: &["assign", "attach", "formation"],
                    guidance: "The Commander in Chief's markers go to the Generals, at most 2 each; then Generals and Commanders may move up to 2 UoM and attach.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "3.2 Issue Orders",
                    rule: "L747-833",
                    procedures: &["order", "formation", "green-off"],
                    guidance: "Generals spend Command points on Orders, one Order per Formation. Green markers come off Formations not put or kept in movement.",
                    repeats: None,
                    in_force: None,
                },
                MANEUVER_STEP,
                Step {
                    title: "3.4 Combat",
                    rule: "L918-1036",
                    procedures: &[
                        "melee",
                        "melee-losses",
                        "pursuit",
                        "result-of-combat",
                        "remove-unit",
                        "general-casualty",
                        "unattached-general",
                    ],
                    guidance: "Where enemy Units are in contact, the current player orders the combats: attack, counterattack, reinforcements, then the Result of Combat.",
                    repeats: None,
                    in_force: None,
                },
                Step {
                    title: "3.5 End of Turn",
                    rule: "L1046-1056",
                    procedures: &["end-of-turn", "victory"],
                    guidance: "Routed Units are eliminated, one orange marker comes off each Formation, Smoke is removed, the Commanders' boxes are emptied and Generals keep at most 4 markers.",
                    repeats: None,
                    in_force: None,
                },
            ],
        },
    ],
    // 19 half-hour turns from 11:30 to 21:00 (L634).
    turn_names: &[
        "I, 11:30",
        "II, 12:00",
        "III, 12:30",
        "IV, 13:00",
        "V, 13:30",
        "VI, 14:00",
        "VII, 14:30",
        "VIII, 15:00",
        "IX, 15:30",
        "X, 16:00",
        "XI, 16:30",
        "XII, 17:00",
        "XIII, 17:30",
        "XIV, 18:00",
        "XV, 18:30",
        "XVI, 19:00",
        "XVII, 19:30",
        "XVIII, 20:00",
        "XIX, 20:30",
    ],
};

/// 3.3 Maneuver: Horse Teams unfasten only at its end (L857).
const MANEUVER_STEP: Step = Step {
    title: "3.3 Maneuver",
    rule: "L835-871",
    procedures: &["maneuver", "horse-team", "remove-unit"],
    guidance: "In the order of Initiative, each Formation in movement (green) Advances, Falls Back 1 or Charges, once. At the end, any Artillery may unfasten its Horse Team.",
    repeats: None,
    in_force: None,
};

/// Whether play stands at `step` of the sequence.
fn stands_at(record: &Record, step: &Step) -> bool {
    SEQUENCE
        .step(record.position)
        .is_some_and(|here| here.title == step.title)
}

const FIRST_TURN: Position = Position {
    turn: 1,
    phase: 0,
    step: 0,
};

pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        id: SCENARIO_CHOICES[0].0,
        title: SCENARIO_CHOICES[0].1,
        rule: "L283-293, L1058-1072",
        summary: "19 turns, 11:30 to 21:00. The Prussians may enter from turn VIII. Victory points at the end of turn XIX.",
        start: FIRST_TURN,
        last_turn: 19,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: SCENARIO_CHOICES[1].0,
        title: SCENARIO_CHOICES[1].1,
        rule: "L1074-1076",
        summary: "Turns I to VII; the Prussians never arrive. The French must take Hougoumont and Haye Sainte.",
        start: FIRST_TURN,
        last_turn: 7,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: SCENARIO_CHOICES[2].0,
        title: SCENARIO_CHOICES[2].1,
        rule: "L1078-1082",
        summary: "Ends on the turn the players agree. Each army scores the enemy Units removed and the Losses on enemy Units still on the battlefield; the Advanced Version adds the Towns held alone.",
        start: FIRST_TURN,
        last_turn: 19,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: SCENARIO_CHOICES[3].0,
        title: SCENARIO_CHOICES[3].1,
        rule: "L1084-1086",
        summary: "Starts on turn VIII with Blücher and Bülow's IV Corps deployed at entrance section III; normal rules, to the end of turn XIX; tallied as the Free Scenario.",
        start: THREE_PLAYER_TURN,
        last_turn: 19,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: SCENARIO_CHOICES[4].0,
        title: SCENARIO_CHOICES[4].1,
        rule: "L1088-1090",
        summary: "The Free Scenario with both armies deployed freely in their areas and no Garrisons.",
        start: FIRST_TURN,
        last_turn: 19,
        sequence: None,
        set_up: None,
    },
    Scenario {
        id: SCENARIO_CHOICES[5].0,
        title: SCENARIO_CHOICES[5].1,
        rule: "L1088-1094",
        summary: "Free deployment, starting on turn VIII with Blücher and Bülow's IV Corps deployed; ends on the turn the players agree, tallied as the Free Scenario, or with the Towns held alone in the Advanced Three Player Version.",
        start: THREE_PLAYER_TURN,
        last_turn: 19,
        sequence: None,
        set_up: None,
    },
];

/// What each scenario changes in the rules besides its turns, in the order of `SCENARIO_CHOICES`.
struct ScenarioRules {
    id: &'static str,
    /// The Prussians never arrive (L1076).
    no_prussians: bool,
    /// Blücher and Bülow's IV Corps start on the battlefield (L1086, L1092).
    prussians_deployed: bool,
    /// Tallied as the Free Scenario: Losses on the battlefield count, and Towns in the advanced
    /// versions (L1080-1082, L1086, L1090-1094).
    free_tally: bool,
    /// The battle ends on the turn the players agree (L1080); the Scenario Ready for Three Players
    /// follows "the normal rules" (L1086) and ends after turn XIX.
    agreed_end: bool,
}

const fn rules(
    id: &'static str,
    no_prussians: bool,
    prussians_deployed: bool,
    free_tally: bool,
    agreed_end: bool,
) -> ScenarioRules {
    ScenarioRules {
        id,
        no_prussians,
        prussians_deployed,
        free_tally,
        agreed_end,
    }
}

const SCENARIO_RULES: [ScenarioRules; 6] = [
    rules(SCENARIO_CHOICES[0].0, false, false, false, false),
    rules(SCENARIO_CHOICES[1].0, true, false, false, false),
    rules(SCENARIO_CHOICES[2].0, false, false, true, true),
    rules(SCENARIO_CHOICES[3].0, false, true, true, false),
    rules(SCENARIO_CHOICES[4].0, false, false, true, true),
    rules(SCENARIO_CHOICES[5].0, false, true, true, true),
];

/// The rules of scenario `id`; the historical battle's for an id the game does not know.
fn scenario_rules(id: &str) -> &'static ScenarioRules {
    SCENARIO_RULES
        .iter()
        .find(|rules| rules.id == id)
        .unwrap_or(&SCENARIO_RULES[0])
}

/// The turn the three-player scenarios start on, with the Prussians' IV Corps deployed (L1086).
const THREE_PLAYER_TURN: Position = Position {
    turn: 8,
    phase: 0,
    step: 0,
};

/// Whether play stands on the scenario's first turn (Ney joins then, L371).
fn on_first_turn(record: &Record) -> bool {
    SCENARIOS
        .iter()
        .find(|s| s.id == record.scenario.as_ref())
        .is_some_and(|s| s.start.turn == record.position.turn)
}

/// The banner above the checklist: the order of Initiative, each army's markers in reserve, and a
/// warning for any shared supply of markers or tokens the record has used up (L92-116: the text
/// gives no rule for running out, so the players should know when none is left).
pub fn turn_notes(record: &Record) -> Vec<TurnNote> {
    let mut notes = Vec::new();
    let mut order: Vec<(i32, &str)> = SIDES
        .iter()
        .map(|(side, _)| (roster::initiative(record, side), *side))
        .filter(|(place, _)| *place > 0)
        .collect();
    order.sort();
    if !order.is_empty() {
        let listed: Vec<String> = order
            .iter()
            .map(|(place, side)| format!("{place}. {}", army_label(side)))
            .collect();
        notes.push(TurnNote {
            text: format!("Initiative: {}", listed.join(", ")),
            rule: "Initiative, L654-658",
        });
    }
    let reserves: Vec<String> = SIDES
        .iter()
        .filter(|(side, _)| {
            record
                .unit(side, roster::commander_in_chief(side))
                .is_some()
        })
        .map(|(side, _)| format!("{} {}", army_label(side), roster::reserve(record, side)))
        .collect();
    notes.push(TurnNote {
        text: format!("Command markers in reserve: {}", reserves.join(", ")),
        rule: "Components, L150, L200, L246",
    });
    let supplies = [
        (
            "orange markers",
            roster::attribute::ORANGE,
            roster::ORANGE_SUPPLY,
            "Components, L92",
        ),
        (
            "green markers",
            roster::attribute::GREEN,
            roster::GREEN_SUPPLY,
            "Components, L96",
        ),
        (
            "yellow markers",
            roster::attribute::YELLOW,
            roster::YELLOW_SUPPLY,
            "Components, L100",
        ),
        (
            "Loss tokens",
            roster::attribute::LOSSES,
            roster::LOSS_SUPPLY,
            "Components, L112",
        ),
        (
            "Smoke tokens",
            roster::attribute::SMOKE,
            roster::SMOKE_SUPPLY,
            "Components, L116",
        ),
    ];
    for (what, attribute, supply, rule) in supplies {
        let in_use = roster::markers_on_record(record, attribute);
        let text = if in_use > supply {
            format!("{in_use} {what} are on the record, but the game has only {supply}")
        } else if in_use == supply {
            format!("All {supply} {what} are in use: none is left")
        } else {
            continue;
        };
        notes.push(TurnNote { text, rule });
    }
    notes
}
