//! The end of the game (Victory Conditions, L287-293; End of the Game, L1058-1072; Short Alternative
//! Scenario, L1074-1076). The removal of Napoleon or Wellington ends the game at once (L289-291),
//! as does the capture of a Commander in Chief other than Blücher (L422). Otherwise, at the end of
//! the last turn each army scores the victory points of the enemy pieces removed: eliminated at
//! their value, captured doubled, out of field halved and rounded down (L672-676). The historical
//! objectives held exclusively add to that (L1068-1072). The short scenario has no points: the
//! French must remove both Garrisons and hold both Towns (L1076). The free scenarios (Free
//! Scenario L1078-1082, Ready for Three Players L1084-1086, With Free Deployment L1088-1094) end on
//! the turn the players agree, and add the Losses on the enemy Units still on the battlefield; their
//! advanced versions add the Towns one army holds alone.
//!
//! A General's points are printed in the rulebook (L1070-1071; `roster::COMMANDERS`), a
//! Substitute's too; a Unit's are on the back of its tile, and the players enter them on the record.
//!
//! Readings taken:
//! - The English and Prussians are allies (L321) and score together against the French: the
//!   Allies win with more points than the French, the French with more than the Allies. Each
//!   army's total is shown besides.
//! - The record does not say which ally removed a French piece, so the French pieces' points go to
//!   the English unless the players enter the Prussians' share. The Prussians score French
//!   Generals at the values the English do (L1071; their own list, L1072, names none).
//! - Every removed piece counts, whoever or whatever removed it: the record does not keep the
//!   cause (digest §7.20).
//! - L289 names only the English as winners when Napoleon falls; the result says so.
//! - Equal points: the text names no winner; the battle is drawn.
//! - The free scenarios' battle ends "in whichever turn agreed" (L1080), at most the nineteenth the
//!   turn track shows: their Victory may be resolved on any turn. The Scenario Ready for Three
//!   Players "follows the normal rules" (L1086) and ends after turn XIX, tallied as the Free
//!   Scenario; its Free Deployment version follows the Free Scenario's agreed end (L1090-1092).
//! - The Prussians' share, which the record cannot know, covers the Losses on French Units as well
//!   as the French pieces removed.
//! - The Advanced Three Player Version's points per Town were lost with their icon (L1094): the
//!   players enter the value their rulebook prints, and the app refuses the tally without it.

use super::forms::SCENARIO_CHOICES;
use super::generals::YES;
use super::roster::{self, NAPOLEON, WELLINGTON, attribute, kind, state};
use super::{SCENARIOS, army_label, options, scenario_rules};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str =
    "Victory Conditions, L287-293; End of the Game, L1058-1072; free scenarios, L1078-1094";

/// A removed Substitute's points, to either army (L1070-1071).
const SUBSTITUTE_POINTS: i32 = 6;

/// The most points a field takes: far more than all the pieces, captured, are worth.
const MOST_POINTS: i32 = 5000;

/// Whether scenario `id` is tallied as the Free Scenario (L1080).
fn free_tally(id: &str) -> bool {
    scenario_rules(id).free_tally
}

const FRENCH: &str = "french";
const ENGLISH: &str = "british";
const PRUSSIAN: &str = "prussian";

const fn points(
    id: &'static str,
    label: &'static str,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Pieces removed",
        kind: FieldKind::Number {
            min: 0,
            max: MOST_POINTS,
        },
        rule,
        help,
    }
}

const EXCLUSIVELY: &str = "Only if no enemy Unit contests it (L1068).";

/// A historical objective held exclusively (L1068-1072): the army scoring it, its points, and its
/// flag on the form.
struct Objective {
    side: &'static str,
    points: i32,
    field: Field,
}

const OBJECTIVES: [Objective; 5] = [
    Objective {
        side: FRENCH,
        points: 50,
        field: Field::flag(
            "mont_st_jean",
            "A French Unit, and no enemy, touches Mont St. Jean",
            "Objectives",
            "End of the Game, L1070",
            EXCLUSIVELY,
        ),
    },
    Objective {
        side: ENGLISH,
        points: 20,
        field: Field::flag(
            "haye_sainte",
            "The English keep the Haye Sainte Garrison (III)",
            "Objectives",
            "End of the Game, L1071",
            EXCLUSIVELY,
        ),
    },
    Objective {
        side: ENGLISH,
        points: 30,
        field: Field::flag(
            "hougoumont",
            "The English keep the Hougoumont Garrison (II)",
            "Objectives",
            "End of the Game, L1071",
            EXCLUSIVELY,
        ),
    },
    Objective {
        side: PRUSSIAN,
        points: 20,
        field: Field::flag(
            "belle_alliance",
            "A Prussian Unit, and no enemy, touches Belle Alliance",
            "Objectives",
            "End of the Game, L1072",
            EXCLUSIVELY,
        ),
    },
    Objective {
        side: PRUSSIAN,
        points: 30,
        field: Field::flag(
            "planchenois",
            "A Prussian Unit, and no enemy, touches Planchenois",
            "Objectives",
            "End of the Game, L1072",
            EXCLUSIVELY,
        ),
    },
];

/// Who holds a Town alone, for the advanced free scenarios (L1082, L1094).
const HOLDERS: &[(&str, &str)] = &[
    ("none", "No army alone"),
    (FRENCH, "French alone"),
    (ENGLISH, "English alone"),
    (PRUSSIAN, "Prussians alone"),
];

/// A Town that scores in an advanced free scenario: its points in the Free Scenario's Advanced
/// Version (L1082), if it scores there, and whether it scores in the Advanced Three Player Version
/// of the Scenario With Free Deployment (L1094).
struct Town {
    field: Field,
    free_points: Option<i32>,
    three_player: bool,
}

const fn town(
    id: &'static str,
    label: &'static str,
    free_points: Option<i32>,
    three_player: bool,
) -> Town {
    Town {
        field: Field {
            id,
            label,
            group: "Towns (advanced free scenarios)",
            kind: FieldKind::Choice(HOLDERS),
            rule: "Free Scenario, Advanced Version, L1082; Free Deployment, Advanced Three Player Version, L1094",
            help: "The army whose Units alone occupy the Town.",
        },
        free_points,
        three_player,
    }
}

const TOWNS: [Town; 11] = [
    town("town_frichermont", "Frichermont", Some(5), true),
    town("town_smohain", "Smohain", Some(5), false),
    town("town_papelotte", "Papelotte", Some(5), true),
    town("town_haye_sainte", "Haye Sainte", Some(5), true),
    town("town_hougoumont", "Hougoumont", Some(10), true),
    town("town_braine_laleud", "Braine-Laleud", Some(10), true),
    town("town_merbe_braine", "Merbe-Braine", None, true),
    town("town_hanotelet", "Hanotelet", None, true),
    town("town_maransart", "Maransart", None, true),
    town("town_planchenois", "Planchenois", None, true),
    town("town_belle_alliance", "Belle Alliance", None, true),
];

const BASIC: &str = "basic";
const ADVANCED: &str = "advanced";
const ADVANCED_THREE: &str = "advanced_three";

/// The Losses on an army's Units still on the battlefield, scored by the enemy (L1080).
const fn losses(id: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Free scenarios' tally",
        kind: FieldKind::Number {
            min: 0,
            max: MOST_POINTS,
        },
        rule: "Free Scenario, Basic Version, L1080",
        help,
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "scenario",
        label: "Scenario",
        group: "Scenario",
        kind: FieldKind::Choice(SCENARIO_CHOICES),
        rule: "End of the last turn, L1058-1062; Short Alternative Scenario, L1076; free scenarios, L1078-1094",
        help: "Filled in from the record.",
    },
    Field::flag(
        "napoleon_removed",
        "Napoleon is removed from the battlefield",
        "Sudden death",
        "Victory Conditions, L289; Unattached Generals, L422",
        "The game ends and the English win. Filled in from the record.",
    ),
    Field::flag(
        "wellington_removed",
        "Wellington is removed from the battlefield",
        "Sudden death",
        "Victory Conditions, L291; Unattached Generals, L422",
        "The game ends and the French win. Filled in from the record.",
    ),
    points(
        "allied_pieces_vp",
        "Points of the English and Prussian pieces removed",
        "Victory Conditions, L293; Effects of removal, L672-676; End of the Game, L1070",
        "Scored by the French: eliminated at their value, captured doubled, out of field halved (rounded down). Filled in from the record.",
    ),
    points(
        "french_pieces_vp",
        "Points of the French pieces removed",
        "Victory Conditions, L293; Effects of removal, L672-676; End of the Game, L1071",
        "Scored by the Allies, as above. Filled in from the record.",
    ),
    points(
        "prussian_share",
        "Of the points scored against the French, the Prussians' share",
        "Victory Conditions, L293 (\"removed ... by the enemy army\")",
        "The record does not say which ally removed a piece (or inflicted a Loss): enter the Prussians' share to rank the two allies. The Allies' total is the same either way.",
    ),
    losses(
        "allied_losses",
        "Losses on English and Prussian Units still on the battlefield",
        "Scored by the French in the free scenarios. Filled in from the record.",
    ),
    losses(
        "french_losses",
        "Losses on French Units still on the battlefield",
        "Scored by the Allies in the free scenarios. Filled in from the record.",
    ),
    options::on_form(options::FREE_TALLY_GENERALS),
    Field {
        id: "towns_version",
        label: "Version",
        group: "Towns (advanced free scenarios)",
        kind: FieldKind::Choice(&[
            (BASIC, "Basic: no Towns"),
            (ADVANCED, "Advanced Version of the Free Scenario (L1082)"),
            (
                ADVANCED_THREE,
                "Advanced Three Player Version of the Free Deployment (L1094)",
            ),
        ]),
        rule: "Free Scenario, L1080-1082; Scenario With Free Deployment, L1090-1094",
        help: "The advanced versions add points for each Town occupied solely by Units of one army.",
    },
    Field {
        id: "town_points",
        label: "Points for each Town (Advanced Three Player Version)",
        group: "Towns (advanced free scenarios)",
        kind: FieldKind::Number { min: 0, max: 100 },
        rule: "Scenario With Free Deployment, L1094 (value lost from the text)",
        help: "The text lost this value with its icon: enter the value your rulebook prints.",
    },
    TOWNS[0].field,
    TOWNS[1].field,
    TOWNS[2].field,
    TOWNS[3].field,
    TOWNS[4].field,
    TOWNS[5].field,
    TOWNS[6].field,
    TOWNS[7].field,
    TOWNS[8].field,
    TOWNS[9].field,
    TOWNS[10].field,
    OBJECTIVES[0].field,
    OBJECTIVES[1].field,
    OBJECTIVES[2].field,
    OBJECTIVES[3].field,
    OBJECTIVES[4].field,
    Field::flag(
        "garrisons_removed",
        "The Hougoumont (II) and Haye Sainte (III) Garrisons are both removed",
        "Short scenario",
        "Short Alternative Scenario, L1076",
        "The short scenario's first French objective.",
    ),
    Field::flag(
        "towns_held",
        "French Units alone hold both Towns",
        "Short scenario",
        "Short Alternative Scenario, L1076",
        "The short scenario's second French objective.",
    ),
];

/// What a removed piece worth `points` scores: eliminated as it is, captured doubled, out of field
/// halved and rounded down (L672-676). Nothing while it is on the battlefield.
fn removed_value(removed: &str, points: i32) -> Option<i32> {
    match removed {
        state::ELIMINATED => Some(points),
        state::CAPTURED => Some(points * 2),
        state::OUT_OF_FIELD => Some(points / 2),
        _ => None,
    }
}

/// A removed piece's printed points: a commander's from the rulebook, a Unit's as entered.
fn printed_points(side: &str, name: &str, unit: &UnitRecord) -> Result<Option<i32>, String> {
    match unit.attribute(attribute::KIND) {
        Some(kind::UNIT) => unit
            .attribute(attribute::VICTORY_POINTS)
            .and_then(|v| v.parse().ok())
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "{name} ({}) is removed but its victory points are not entered: enter them from the back of its tile (L293)",
                    army_label(side)
                )
            }),
        Some(kind::GENERAL | kind::COMMANDER) if unit.attribute(attribute::SUBSTITUTE) == Some(YES) => {
            Ok(Some(SUBSTITUTE_POINTS))
        }
        Some(kind::GENERAL | kind::COMMANDER) => {
            Ok(Some(roster::commander_spec(name).map_or(0, |c| c.victory_points)))
        }
        // A Formation is not a piece.
        _ => Ok(None),
    }
}

/// The points the removed pieces of `sides` are worth to their enemy, or the first removed Unit
/// whose points are not entered. `generals` says whether removed commanders count.
fn removed_points(record: &Record, sides: &[&str], generals: bool) -> Result<i32, String> {
    let mut total = 0;
    for side in sides {
        for (_, name, unit) in record.units_where(Some(side), &[]) {
            let is_unit = unit.attribute(attribute::KIND) == Some(kind::UNIT);
            if !roster::is_removed(unit) || !(is_unit || generals) {
                continue;
            }
            if let Some(points) = printed_points(side, name, unit)? {
                total += removed_value(unit.state.as_ref(), points).unwrap_or(0);
            }
        }
    }
    Ok(total)
}

/// The Loss tokens on the Units of `sides` still on the battlefield (L1080).
fn losses_on_battlefield(record: &Record, sides: &[&str]) -> i32 {
    sides
        .iter()
        .flat_map(|side| record.units_where(Some(side), &[(attribute::KIND, kind::UNIT)]))
        .filter(|(_, _, unit)| roster::is_on_battlefield(unit))
        .map(|(_, _, unit)| roster::number(unit, attribute::LOSSES))
        .sum()
}

/// Whether removed Generals count in this session's tally: always in the historical tally
/// (L1068), in the free scenarios as the players chose (L1080).
fn generals_count(record: &Record) -> bool {
    !free_tally(record.scenario.as_ref())
        || record.option(options::FREE_TALLY_GENERALS.id, "no") == "yes"
}

/// Whose pieces each points field counts, and the field counting the Losses on them.
const PIECES: &[(&str, &str, &[&str])] = &[
    ("allied_pieces_vp", "allied_losses", &[ENGLISH, PRUSSIAN]),
    ("french_pieces_vp", "french_losses", &[FRENCH]),
];

fn commander_removed(record: &Record, side: &str, name: &str) -> bool {
    record.unit(side, name).is_some_and(roster::is_removed)
}

/// The sudden-death flags and the commander each reads.
const SUDDEN_DEATH: &[(&str, &str, &str)] = &[
    ("napoleon_removed", FRENCH, NAPOLEON),
    ("wellington_removed", ENGLISH, WELLINGTON),
];

/// Why play has stopped before the last turn: a Commander in Chief was removed (L289-291). Only
/// Victory and the settings may then be resolved.
pub fn commander_in_chief_fell(record: &Record) -> Option<String> {
    SUDDEN_DEATH
        .iter()
        .find(|(_, side, name)| commander_removed(record, side, name))
        .map(|(_, _, name)| {
            format!("{name} is removed: the game is over (Victory Conditions, L289-291); resolve Victory")
        })
}

/// Whether the game is over where play stands: a Commander in Chief fell, or the last turn is
/// being played.
fn game_over(record: &Record) -> bool {
    let last = SCENARIOS
        .iter()
        .find(|s| s.id == record.scenario.as_ref())
        .map_or(u32::MAX, |s| s.last_turn);
    scenario_rules(&record.scenario).agreed_end
        || record.position.turn >= last
        || SUDDEN_DEATH
            .iter()
            .any(|(_, side, name)| commander_removed(record, side, name))
}

pub struct Victory;

impl Procedure for Victory {
    fn about(&self) -> &About {
        &About {
            id: "victory",
            title: "Victory",
            rule: RULE,
            summary: "The game ends when Napoleon or Wellington is removed, or at the end of the last turn (in the free scenarios, the turn the players agree): each army scores the enemy pieces removed (captured doubled, out of field halved), and the historical objectives it holds alone or, in the free scenarios, the Losses on enemy Units and the Towns held alone.",
            fields: FIELDS,
        }
    }
    /// Each scenario's own tally: the objectives of the historical one, the short one's two facts,
    /// the free scenarios' Losses and Towns.
    fn shows(&self, field: &str, input: &Input) -> bool {
        let scenario = input.text("scenario");
        let free = free_tally(scenario);
        let version = input.text("towns_version");
        if let Some(town) = TOWNS.iter().find(|t| t.field.id == field) {
            return match version {
                ADVANCED => town.free_points.is_some(),
                ADVANCED_THREE => town.three_player,
                _ => false,
            };
        }
        if OBJECTIVES.iter().any(|o| o.field.id == field) {
            return scenario == "historical";
        }
        match field {
            "allied_losses" | "french_losses" | "towns_version" => free,
            setting if setting == options::FREE_TALLY_GENERALS.id => free,
            "town_points" => version == ADVANCED_THREE,
            "garrisons_removed" | "towns_held" => scenario == "short",
            "allied_pieces_vp" | "french_pieces_vp" | "prussian_share" => scenario != "short",
            _ => true,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        game_over(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if SCENARIOS.iter().any(|s| s.id == record.scenario.as_ref()) {
            input.set("scenario", Value::Text(record.scenario.clone()));
        }
        for (field, side, name) in SUDDEN_DEATH {
            input.set(field, Value::Flag(commander_removed(record, side, name)));
        }
        prefill_setting(input, record, &options::FREE_TALLY_GENERALS);
        let generals = generals_count(record);
        for (field, losses, sides) in PIECES {
            // Points not entered leave 0; the record check names the Unit.
            let points = removed_points(record, sides, generals).unwrap_or(0);
            input.set(
                field,
                Value::Number(i64::from(points.clamp(0, MOST_POINTS))),
            );
            if free_tally(record.scenario.as_ref()) {
                let on_units = losses_on_battlefield(record, sides).clamp(0, MOST_POINTS);
                input.set(losses, Value::Number(i64::from(on_units)));
            }
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        String::new()
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.flag("napoleon_removed") && input.flag("wellington_removed") {
            return Err(InputError::new(
                "wellington_removed",
                "the game ended when the first Commander in Chief was removed (L289-291)",
            ));
        }
        let free = free_tally(input.text("scenario"));
        let against_french = input.number("french_pieces_vp")
            + if free {
                input.number("french_losses")
            } else {
                0
            };
        if input.number("prussian_share") > against_french {
            return Err(InputError::new(
                "prussian_share",
                "the Prussians' share cannot be more than the points scored against the French",
            ));
        }
        if !free {
            for field in ["allied_losses", "french_losses"] {
                if input.number(field) != 0 {
                    return Err(InputError::new(
                        field,
                        "Losses on the battlefield score only in the free scenarios (L1080)",
                    ));
                }
            }
        }
        check_towns(input, free)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if input.text("scenario") != record.scenario.as_ref() {
            return Err(InputError::new(
                "scenario",
                format!("this session plays the {} scenario", record.scenario),
            ));
        }
        for (field, side, name) in SUDDEN_DEATH {
            let removed = commander_removed(record, side, name);
            if input.flag(field) != removed {
                let is = if removed { "is" } else { "is not" };
                return Err(InputError::new(
                    field,
                    format!("the record says {name} {is} removed"),
                ));
            }
        }
        if !game_over(record) {
            let when = if record.scenario.as_ref() == "short" {
                "turn VII (L1076)"
            } else {
                "turn XIX (L293, L1060)"
            };
            return Err(InputError::new(
                "scenario",
                format!(
                    "the game is not over: it ends when Napoleon or Wellington is removed, or at the end of {when}"
                ),
            ));
        }
        let generals = generals_count(record);
        for (field, _, sides) in PIECES {
            removed_points(record, sides, generals)
                .map_err(|message| InputError::new(field, message))?;
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let free = free_tally(input.text("scenario"));
        if !(free || input.text("scenario") == "historical") || sudden_death(input).is_some() {
            return Vec::new();
        }
        let share = input.number("prussian_share");
        let pieces = "Effects of removal, L672-676; End of the Game, L1068";
        let losses = "Free Scenario, L1080";
        let (french, english, prussian) = (
            army_label(FRENCH),
            army_label(ENGLISH),
            army_label(PRUSSIAN),
        );
        let mut modifiers = vec![
            Modifier::new(
                french,
                "English and Prussian pieces removed",
                input.number("allied_pieces_vp"),
                pieces,
            ),
            Modifier::new(
                french,
                "Losses on English and Prussian Units",
                input.number("allied_losses"),
                losses,
            ),
            Modifier::new(
                english,
                "French pieces removed",
                input.number("french_pieces_vp"),
                pieces,
            ),
            Modifier::new(
                english,
                "Losses on French Units",
                input.number("french_losses"),
                losses,
            ),
            Modifier::new(english, "The Prussians' share", -share, pieces),
            Modifier::new(
                prussian,
                "Their share of the points against the French",
                share,
                pieces,
            ),
        ];
        if free {
            modifiers.extend(towns_held(input));
        } else {
            modifiers.extend(
                OBJECTIVES
                    .iter()
                    .filter(|o| input.flag(o.field.id))
                    .map(|o| {
                        Modifier::new(army_label(o.side), o.field.label, o.points, o.field.rule)
                    }),
            );
        }
        modifiers.retain(|m| m.value != 0);
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = self.modifiers(input);
        let mut totals = Vec::new();
        let (key, headline) = if let Some(result) = sudden_death(input) {
            result
        } else if input.text("scenario") == "short" {
            short_result(input)
        } else {
            let total = |side: &str| -> i32 {
                modifiers
                    .iter()
                    .filter(|m| m.side == army_label(side))
                    .map(|m| m.value)
                    .sum()
            };
            let (french, english, prussian) = (total(FRENCH), total(ENGLISH), total(PRUSSIAN));
            let allies = english + prussian;
            for (side, points) in [
                (army_label(FRENCH), french),
                (army_label(ENGLISH), english),
                (army_label(PRUSSIAN), prussian),
                ("Allies", allies),
            ] {
                totals.push(SideTotal {
                    side: side.into(),
                    die: None,
                    modifiers: points,
                    total: points,
                });
            }
            let key = match french.cmp(&allies) {
                std::cmp::Ordering::Greater => "The French win",
                std::cmp::Ordering::Less => "The Allies win",
                std::cmp::Ordering::Equal => "The battle is drawn",
            };
            (
                key,
                format!(
                    "{key}: the French {french} VP to the Allies' {allies} (English {english}, Prussian {prussian})"
                ),
            )
        };
        Ok(Resolution {
            outcome: Outcome {
                key: key.into(),
                rank: 0,
                headline,
            },
            modifiers,
            totals,
            limits: Vec::new(),
            cell: None,
            effects: vec![Effect::Mark {
                name: format!("Battle over: {key}").into(),
                rule: RULE.into(),
            }],
        })
    }
}

/// The points of each Town one army holds alone, in the advanced version chosen (L1082, L1094).
fn towns_held(input: &Input) -> Vec<Modifier> {
    let version = input.text("towns_version");
    TOWNS
        .iter()
        .filter(|town| input.text(town.field.id) != "none")
        .filter_map(|town| {
            let (points, rule) = match version {
                ADVANCED => (town.free_points?, "Free Scenario, Advanced Version, L1082"),
                ADVANCED_THREE if town.three_player => (
                    input.number("town_points"),
                    "Free Deployment, Advanced Three Player Version, L1094",
                ),
                _ => return None,
            };
            let holder = army_label(input.text(town.field.id));
            Some(Modifier::new(
                holder,
                format!("Holds {} alone", town.field.label),
                points,
                rule,
            ))
        })
        .collect()
}

/// The Towns and objectives entered must score in the scenario and version chosen.
fn check_towns(input: &Input, free: bool) -> Result<(), InputError> {
    let version = input.text("towns_version");
    if free {
        if let Some(objective) = OBJECTIVES.iter().find(|o| input.flag(o.field.id)) {
            return Err(InputError::new(
                objective.field.id,
                "the free scenarios score no historical objectives (L1080)",
            ));
        }
    } else if version != BASIC {
        return Err(InputError::new(
            "towns_version",
            "only the free scenarios have advanced versions (L1082, L1094)",
        ));
    }
    if version == ADVANCED_THREE {
        if input.text("scenario") != "free-deployment-three" {
            return Err(InputError::new(
                "towns_version",
                "the Advanced Three Player Version belongs to the Scenario With Free Deployment, Three Player Version (L1094)",
            ));
        }
        if input.number("town_points") == 0 {
            return Err(InputError::new(
                "town_points",
                "the text lost the points for each Town with their icon (L1094): enter the value your rulebook prints",
            ));
        }
    }
    for town in TOWNS.iter().filter(|t| input.text(t.field.id) != "none") {
        let scores = match version {
            ADVANCED => town.free_points.is_some(),
            ADVANCED_THREE => town.three_player,
            _ => false,
        };
        if !scores {
            return Err(InputError::new(
                town.field.id,
                format!(
                    "{} scores nothing in this version (L1082, L1094)",
                    town.field.label
                ),
            ));
        }
    }
    Ok(())
}

/// The result when a Commander in Chief fell (L289-291, L422).
fn sudden_death(input: &Input) -> Option<(&'static str, String)> {
    if input.flag("napoleon_removed") {
        Some((
            "The English win",
            "Napoleon is removed from the battlefield: the game ends and the English win (L289)"
                .into(),
        ))
    } else if input.flag("wellington_removed") {
        Some((
            "The French win",
            "Wellington is removed from the battlefield: the game ends and the French win (L291)"
                .into(),
        ))
    } else {
        None
    }
}

/// The short scenario: the French must remove both Garrisons and hold both Towns alone (L1076).
fn short_result(input: &Input) -> (&'static str, String) {
    if input.flag("garrisons_removed") && input.flag("towns_held") {
        (
            "The French win",
            "The French removed both Garrisons and hold Hougoumont and Haye Sainte alone: the French win (L1076)".into(),
        )
    } else {
        (
            "The English win",
            "The English defended Hougoumont and Haye Sainte: the English win (L1076)".into(),
        )
    }
}
