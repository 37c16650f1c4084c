//! Each scenario's set-up and reinforcement schedule, transcribed from the rulebook's set-up tables,
//! as the first resolution of every game: the whole roster goes on the record from the log.
//!
//! Readings taken:
//! - June 16-18: "All French HQs are in Advance mode" (L979) means Normal mode (L973-974; digest A-23).
//! - Cavalry starts Fresh; the set-ups do not say, and Exhausted is a result of combat (L108-117).
//! - June 15-18 HQs are "Normal or Battle mode (players choice)" (L1122-1124): they start Normal,
//!   and the players choose with HQ Placement, which the checklist offers on turn 1.
//! - the scenarios' own entry hexes (1015, 1020, and the roads at 3000 and 3241) are valid
//!   besides the five map-edge hexes of L195.
//! - places and leaders are named as the set-up tables print them (Gerard, Bulow, Couillet).

use super::roster::{self, HILL, HILL_ONE_STAR, Kind, UNITS, attribute, set, set_state, state};
use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

/// Where a unit starts.
enum Start {
    /// On the map in this hex.
    Hex(&'static str),
    /// On the map, infantry in Battle formation or an HQ in Battle mode.
    HexInBattle(&'static str),
    /// Enters on `turn` at `entry` (a map-edge hex, or an HQ's Step A placement).
    Enters { turn: u32, entry: &'static str },
}

/// One line of a set-up table.
struct Line(&'static str, Start, &'static str);

use Start::{Enters, Hex, HexInBattle};

/// June 16-18 (L976-1067).
const JUNE_16: &[Line] = &[
    Line(
        "Napoleon HQ",
        Hex("1217 (Charleroi)"),
        "French Set Up, L983-984",
    ),
    Line(
        "Guard Corps (Drouot)",
        Hex("1217 (Charleroi)"),
        "French Set Up, L983-984",
    ),
    Line("Grouchy HQ", Hex("1621"), "French Set Up, L986-987"),
    Line("Ney HQ", Hex("2218"), "French Set Up, L989-990"),
    Line("II Corps (Reille)", Hex("2218"), "French Set Up, L989-990"),
    Line("I Corps (d'Erlon)", Hex("1617"), "French Set Up, L992-993"),
    Line(
        "III Corps (Vandamme)",
        Hex("1721"),
        "French Set Up, L995-996",
    ),
    Line(
        "IV Corps (Gerard)",
        Hex("1221 (Châtelet)"),
        "French Set Up, L998-999",
    ),
    Line(
        "VI Corps (Lobau)",
        Hex("1117 (Marcinelle)"),
        "French Set Up, L1001-1002",
    ),
    Line(
        "Guard Cav Corps (Guyot)",
        Hex("2317 (Frasnes)"),
        "French Set Up, L1004-1005",
    ),
    Line(
        "Res Cav Corps (Grouchy)",
        Hex("1822"),
        "French Set Up, L1007-1008",
    ),
    Line(
        "I Detachment (Jacquinot)",
        Hex("1314"),
        "French Set Up, L1010-1011",
    ),
    Line(
        "Wellington HQ",
        HexInBattle("2818"),
        "Anglo-Allied Set Up, L1021-1022",
    ),
    Line(
        "Reserve Corps (Wellington)",
        Hex("3715 (Mont St. Jean)"),
        "Anglo-Allied Set Up, L1024-1025",
    ),
    Line(
        "I Corps (Orange)",
        Hex("3002 (Braine le Comte)"),
        "Anglo-Allied Set Up, L1027-1028",
    ),
    Line(
        HILL,
        Enters {
            turn: 3,
            entry: "3000 Road",
        },
        "Anglo-Allied Set Up, L1030-1031",
    ),
    Line(
        "Cav Corps (Uxbridge)",
        Enters {
            turn: 4,
            entry: "4015 Road",
        },
        "Anglo-Allied Set Up, L1033-1034",
    ),
    Line(
        "Cav Detachment (Collaert)",
        Hex("1211 (Fontain l'Eveque)"),
        "Anglo-Allied Set Up, L1036-1037",
    ),
    Line(
        "I Detachment (Perponcher)",
        Hex("2618 (Quatre Bras)"),
        "Anglo-Allied Set Up, L1039-1040",
    ),
    Line(
        "Blücher HQ",
        HexInBattle("2324 (Sombreffe)"),
        "Prussian Set Up, L1050-1051",
    ),
    Line(
        "Cav Corps (Gneisenau)",
        Hex("2324 (Sombreffe)"),
        "Prussian Set Up, L1050-1051",
    ),
    Line(
        "I Corps (Ziethen)",
        HexInBattle("1922 (Fleurus)"),
        "Prussian Set Up, L1053-1054",
    ),
    Line(
        "II Corps (Pirch)",
        Hex("1928 (Onoz)"),
        "Prussian Set Up, L1056-1057",
    ),
    Line(
        "III Corps (Thielmann)",
        Hex("1737 (Namur)"),
        "Prussian Set Up, L1059-1060",
    ),
    Line(
        "IV Corps (Bulow)",
        Enters {
            turn: 3,
            entry: "3241 Road (the Roman Road)",
        },
        "Prussian Set Up, L1062-1063",
    ),
    Line(
        "I Corps Det. (Lutzow)",
        Hex("1623 (Lambassart)"),
        "Prussian Set Up, L1065-1066",
    ),
];

/// June 15-18 (L1126-1243). The order behind another at the same hex is the order of the lines.
const JUNE_15: &[Line] = &[
    Line("Napoleon HQ", Hex("1017"), "French Set Up, L1133-1134"),
    Line(
        "II Corps (Reille)",
        Enters {
            turn: 1,
            entry: "1015, first",
        },
        "French Set Up, L1136-1137",
    ),
    Line(
        "I Corps (d'Erlon)",
        Enters {
            turn: 1,
            entry: "1015, behind II Corps",
        },
        "French Set Up, L1139-1140",
    ),
    Line(
        "III Corps (Vandamme)",
        Enters {
            turn: 1,
            entry: "1017 or 1018, first",
        },
        "French Set Up, L1142-1143",
    ),
    Line(
        "VI Corps (Lobau)",
        Enters {
            turn: 1,
            entry: "1017 or 1018, behind III Corps",
        },
        "French Set Up, L1145-1146",
    ),
    Line(
        "Guard Corps (Drouot)",
        Enters {
            turn: 1,
            entry: "1017 or 1018, behind VI Corps",
        },
        "French Set Up, L1148-1149",
    ),
    Line(
        "Guard Cav Corps (Guyot)",
        Enters {
            turn: 1,
            entry: "1017 or 1018, behind the Guard",
        },
        "French Set Up, L1151-1152",
    ),
    Line(
        "Res Cav Corps (Grouchy)",
        Enters {
            turn: 1,
            entry: "1020, first",
        },
        "French Set Up, L1154-1155",
    ),
    Line(
        "IV Corps (Gerard)",
        Enters {
            turn: 1,
            entry: "1020, behind Res Cav",
        },
        "French Set Up, L1157-1158",
    ),
    Line(
        "Grouchy HQ",
        Enters {
            turn: 2,
            entry: "Step A, HQ Placement",
        },
        "French Set Up, L1160-1161",
    ),
    Line(
        "Ney HQ",
        Enters {
            turn: 2,
            entry: "Step A, HQ Placement",
        },
        "French Set Up, L1163-1164",
    ),
    Line(
        "Wellington HQ",
        Hex("3715 (Mont St. Jean)"),
        "Anglo-Allied Set Up, L1174-1175",
    ),
    Line(
        "Reserve Corps (Wellington)",
        Hex("3715 (Mont St. Jean)"),
        "Anglo-Allied Set Up, L1174-1175",
    ),
    Line(
        "I Corps (Orange)",
        Hex("3002 (Braine le Comte)"),
        "Anglo-Allied Set Up, L1177-1178",
    ),
    Line(
        HILL,
        Enters {
            turn: 3,
            entry: "3000 Road",
        },
        "Anglo-Allied Set Up, L1180-1181",
    ),
    Line(
        "Cav Corps (Uxbridge)",
        Enters {
            turn: 4,
            entry: "4015 Road",
        },
        "Anglo-Allied Set Up, L1183-1184",
    ),
    Line(
        "Cav Detachment (Collaert)",
        Hex("1211 (Fontain l'Eveque)"),
        "Anglo-Allied Set Up, L1186-1187",
    ),
    Line(
        "I Detachment (Perponcher)",
        Hex("2618 (Quatre Bras)"),
        "Anglo-Allied Set Up, L1189-1190",
    ),
    Line(
        "Blücher HQ",
        Hex("1737 (Namur)"),
        "Prussian Set Up, L1204-1207",
    ),
    Line(
        "Cav Corps (Gneisenau)",
        Hex("1737 (Namur)"),
        "Prussian Set Up, L1205-1207",
    ),
    Line(
        "I Corps (Ziethen)",
        Hex("1716 (Gosselies)"),
        "Prussian Set Up, L1210-1212",
    ),
    Line(
        "II Corps (Pirch)",
        Hex("2840 (Éghezée)"),
        "Prussian Set Up, L1215-1217",
    ),
    Line(
        "III Corps (Thielmann)",
        Hex("1340 (Naning)"),
        "Prussian Set Up, L1220-1222",
    ),
    Line(
        "IV Corps (Bulow)",
        Enters {
            turn: 3,
            entry: "3241 Road (the Roman Road)",
        },
        "Prussian Set Up, L1225-1227",
    ),
    Line(
        "I Corps Det. (Steinmetz)",
        Hex("1215 (Marchienne au Pont)"),
        "Prussian Set Up, L1230-1232",
    ),
    Line(
        "I Corps Det. (Pirch)",
        Hex("1217 (Charleroi)"),
        "Prussian Set Up, L1235-1237",
    ),
    Line(
        "I Corps Det. (Lutzow)",
        Hex("1221 (Châtelet)"),
        "Prussian Set Up, L1240-1242",
    ),
];

const SCENARIO_CHOICES: &[(&str, &str)] = &[
    ("june-16-18", "June 16-18"),
    ("june-15-18", "June 15-18"),
    ("june-15-18-free", "June 15-18, without the first-day rules"),
];

const FIELDS: &[Field] = &[Field {
    id: "scenario",
    label: "Scenario",
    group: "Set-up",
    kind: FieldKind::Choice(SCENARIO_CHOICES),
    rule: "Scenarios, L954-1337",
    help: "The set-up table and reinforcement schedule to place on the record.",
}];

/// Places a scenario's units on the record.
pub struct SetUp;

impl Procedure for SetUp {
    fn about(&self) -> &'static About {
        &About {
            id: "set-up",
            title: "Scenario set-up",
            rule: "Scenarios, L954-1337",
            summary: "Puts every unit on the record as the scenario's set-up table places it, with the reinforcement schedule and the values the rulebook gives.",
            fields: FIELDS,
        }
    }
    /// Only before anything is on the record.
    fn applies(&self, record: &Record) -> bool {
        record.units.is_empty()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if SCENARIO_CHOICES
            .iter()
            .any(|c| c.0 == record.scenario.as_ref())
        {
            input.set("scenario", Value::Text(record.scenario.clone()));
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let scenario = input.text("scenario");
        let lines = if scenario == "june-16-18" {
            JUNE_16
        } else {
            JUNE_15
        };
        let effects = set_up_effects(lines, scenario == "june-16-18");
        let on_map = lines
            .iter()
            .filter(|l| !matches!(l.1, Enters { .. }))
            .count();
        let arriving = lines.len() - on_map;
        Ok(Resolution {
            outcome: Outcome {
                key: scenario.to_string(),
                rank: 0,
                headline: format!(
                    "Set up: {on_map} units and HQs on the map, {arriving} to arrive, the rest available"
                ),
            },
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects,
        })
    }
}

fn set_up_effects(lines: &[Line], june_16: bool) -> Vec<Effect> {
    let mut effects = Vec::new();
    for unit in UNITS {
        let side = unit.army.side();
        effects.extend(roster::roster_effects(unit));
        let line = lines.iter().find(|l| l.0 == unit.name);
        let rule = line.map_or("Detachments, L132-140", |l| l.2);
        match line.map(|l| &l.1) {
            Some(Hex(hex) | HexInBattle(hex)) => {
                effects.push(set_state(side, unit.name, state::ON_MAP, rule));
                effects.push(set(side, unit.name, attribute::HEX, hex, rule));
            }
            Some(Enters { turn, entry }) => {
                effects.push(set_state(side, unit.name, state::REINFORCEMENT, rule));
                effects.push(set(side, unit.name, attribute::ARRIVES_ON_TURN, turn, rule));
                effects.push(set(side, unit.name, attribute::ENTERS, entry, rule));
            }
            // Not set up: a Detachment waits to be placed (the module's readings).
            None => effects.push(set_state(side, unit.name, state::AVAILABLE, rule)),
        }
        let in_battle = matches!(line.map(|l| &l.1), Some(HexInBattle(_)));
        match unit.kind {
            Kind::Headquarters => {
                let mode = if in_battle { "Battle" } else { "Normal" };
                effects.push(set(side, unit.name, attribute::MODE, mode, rule));
            }
            kind if kind.is_infantry() => {
                let formation = if in_battle { "Battle" } else { "Advance" };
                effects.push(set(side, unit.name, attribute::FORMATION, formation, rule));
            }
            kind if kind.is_cavalry() => {
                effects.push(set(side, unit.name, attribute::CONDITION, "Fresh", rule));
            }
            _ => {}
        }
        if unit.name == HILL {
            // June 16-18 sets up the one-star counter (L1030); otherwise the two-star one.
            let (counter, (stars, stars_rule)) = if june_16 {
                ("one-star", (HILL_ONE_STAR.0, "Anglo-Allied Set Up, L1030"))
            } else {
                ("two-star", roster::HILL_TWO_STAR)
            };
            effects.push(set(side, HILL, attribute::COUNTER, counter, stars_rule));
            effects.push(set(side, HILL, attribute::STARS, stars, stars_rule));
        }
    }
    effects
}
