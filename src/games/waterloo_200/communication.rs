//! The Line of Communication (6.4.1, L1185-1189, L1197-1198): a path of any length from a unit to
//! its Strategic Leader through Areas its Side controls and no enemy contests; it may start or
//! end in a contested Area but not cross one. A unit without one is Isolated: it cannot move,
//! attack, be activated or be restored.
//!
//! The app traces it on the map as the players entered it ("The map: an Area", "The map: who
//! controls an Area"). The form carries those facts, read from the record, so that the result
//! follows from the form alone and the log shows what it was traced on. Whether an Allied line
//! may run through the other Allied Faction's Areas is a session setting (`ALLIED_LOC`).

use super::map::{self, MAP, attribute};
use super::options::{ALLIED_LOC, on_form};
use super::side_label;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

const RULE: &str = "6.4.1 Line of Communication, L1185-1189, L1197-1198";

/// What the record knows of one Area, as the form carries it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct AreaFacts {
    /// "french", "british", "prussian", or empty if not entered.
    held_by: String,
    contested: bool,
    neighbours: BTreeSet<i32>,
}

/// The map's facts from the record: "27 (british, contested): 26, 28; 28 (french): 27".
fn map_text(record: &Record) -> String {
    let neighbours = map::neighbours(record);
    let mut areas: BTreeMap<i32, AreaFacts> = BTreeMap::new();
    for (area, next) in neighbours {
        areas.entry(area).or_default().neighbours = next;
    }
    for (_, name, unit) in record.units_where(Some(MAP), &[]) {
        let Some(area) = name.strip_prefix("Area ").and_then(|n| n.parse().ok()) else {
            continue;
        };
        let facts = areas.entry(area).or_default();
        facts.held_by = unit.attribute(attribute::HELD_BY).unwrap_or("").to_string();
        facts.contested = unit.attribute(attribute::CONTESTED) == Some("yes");
    }
    areas
        .iter()
        .filter(|(_, f)| !f.held_by.is_empty() || !f.neighbours.is_empty())
        .map(|(area, f)| {
            let mut control = if f.held_by.is_empty() {
                "?".to_string()
            } else {
                f.held_by.clone()
            };
            if f.contested {
                control.push_str(", contested");
            }
            let next: Vec<String> = f.neighbours.iter().map(ToString::to_string).collect();
            format!("{area} ({control}): {}", next.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Reads the form's map facts back.
fn parse_map(text: &str) -> Result<BTreeMap<i32, AreaFacts>, String> {
    let mut areas = BTreeMap::new();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let bad = || format!("\"{entry}\" should read like \"27 (british, contested): 26, 28\"");
        let (head, next) = entry.split_once(':').ok_or_else(bad)?;
        let (area, control) = head.split_once('(').ok_or_else(bad)?;
        let area: i32 = area.trim().parse().map_err(|_| bad())?;
        let control = control.trim().trim_end_matches(')');
        let mut parts = control.split(',').map(str::trim);
        let held_by = match parts.next() {
            Some("?") | None => String::new(),
            Some(side @ ("french" | "british" | "prussian")) => side.to_string(),
            Some(_) => return Err(bad()),
        };
        let contested = parts.any(|p| p == "contested");
        let neighbours = map::parse_areas(next)?.into_iter().collect();
        areas.insert(
            area,
            AreaFacts {
                held_by,
                contested,
                neighbours,
            },
        );
    }
    Ok(areas)
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Line of Communication",
        kind: FieldKind::Choice(super::SIDES),
        rule: RULE,
        help: "The Faction of the unit tracing it: to Napoleon, Wellington or Blücher.",
    },
    Field {
        id: "from",
        label: "The unit's Area",
        group: "Line of Communication",
        kind: FieldKind::Number { min: 1, max: 115 },
        rule: RULE,
        help: "Where the unit (or Tactical Leader) is.",
    },
    Field {
        id: "to",
        label: "Its Strategic Leader's Area",
        group: "Line of Communication",
        kind: FieldKind::Number { min: 1, max: 115 },
        rule: RULE,
        help: "Filled in with his General HQ; change it if he has left it. A Prussian traces to Blücher.",
    },
    Field {
        id: "map",
        label: "The map as entered",
        group: "Map",
        kind: FieldKind::Text { max_len: 8000 },
        rule: "1.0 Mapboard, L222-233; 1.5 Area Control, L308-331",
        help: "Filled in from the record: each Area's controller and neighbours, as \"The map\" procedures entered them.",
    },
    on_form(ALLIED_LOC),
];

/// Traces a unit's Line of Communication on the map as entered.
pub struct LineOfCommunication;

impl Procedure for LineOfCommunication {
    fn about(&self) -> &About {
        &About {
            id: "line-of-communication",
            title: "Line of Communication: is a unit Isolated?",
            rule: RULE,
            summary: "Traces a path from a unit to its Strategic Leader through Areas its Side controls uncontested, on the map as entered; without one the unit is Isolated.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "from", "to"]
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &ALLIED_LOC);
        self.follow("side", input, record);
        input.set("map", Value::Text(map_text(record).as_str().into()));
    }
    fn follow(&self, changed: &str, input: &mut Input, _record: &Record) {
        if changed == "side" {
            // Rossomme, Mont St. Jean, Bois de Paris (L1106-1108).
            let headquarters = match input.text("side") {
                "french" => 100,
                "british" => 3,
                _ => 50,
            };
            input.set("to", Value::Number(headquarters));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        parse_map(input.text("map")).map_err(|m| InputError::new("map", m))?;
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if input.text("map") != map_text(record) {
            return Err(InputError::new(
                "map",
                "the map on the record has changed: reset the form to read it again",
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let areas = parse_map(input.text("map")).map_err(|m| InputError::new("map", m))?;
        let side = input.text("side");
        let (from, to) = (input.number("from"), input.number("to"));
        let friendly: Vec<&str> = match side {
            "french" => vec!["french"],
            _ if input.text(ALLIED_LOC.id) == "side" => vec!["british", "prussian"],
            faction => vec![faction],
        };
        let trace = trace(&areas, &friendly, from, to);
        let side_name = if friendly.len() > 1 {
            "the Allies".to_string()
        } else {
            format!("the {}", side_label(side))
        };
        let (key, headline, effects) = match &trace {
            Trace::Path(path) => {
                let path: Vec<String> = path.iter().map(ToString::to_string).collect();
                (
                    "loc",
                    format!("Line of Communication: Area {}", path.join(" → ")),
                    Vec::new(),
                )
            }
            Trace::Isolated { unknown } if unknown.is_empty() => (
                "isolated",
                format!(
                    "Isolated: no path from Area {from} to Area {to} through Areas {side_name} control uncontested"
                ),
                vec![Effect::reminder(
                    "An Isolated unit cannot move, attack, be activated or be restored",
                    "6.4.1, L1197-1198",
                )],
            ),
            Trace::Isolated { unknown } => {
                let unknown: Vec<String> = unknown.iter().map(ToString::to_string).collect();
                (
                    "incomplete",
                    format!(
                        "No path on the map as entered; these Areas it reaches lack their neighbours or control: {}",
                        unknown.join(", ")
                    ),
                    vec![Effect::reminder(
                        "Enter them with \"The map: an Area\" and \"The map: who controls an Area\", or trace it on the map",
                        RULE,
                    )],
                )
            }
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank: 0,
                headline,
            },
            effects,
        })
    }
}

/// A traced Line of Communication, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Trace {
    /// The Areas from the unit to its Strategic Leader.
    Path(Vec<i32>),
    /// No path; `unknown` lists the Areas reached whose neighbours or control are not entered.
    Isolated { unknown: Vec<i32> },
}

/// Breadth first from `from`: the path may pass only through Areas a `friendly` Faction controls
/// uncontested,
/// and may start or end in any Area (L1187-1189).
fn trace(areas: &BTreeMap<i32, AreaFacts>, friendly: &[&str], from: i32, to: i32) -> Trace {
    let mut came_from: BTreeMap<i32, i32> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    let mut seen = BTreeSet::from([from]);
    let mut unknown = BTreeSet::new();
    while let Some(area) = queue.pop_front() {
        if area == to {
            let mut path = vec![to];
            let mut at = to;
            while let Some(previous) = came_from.get(&at) {
                path.push(*previous);
                at = *previous;
            }
            path.reverse();
            return Trace::Path(path);
        }
        let facts = areas.get(&area).cloned().unwrap_or_default();
        // The unit's own Area may be contested; any other it crosses may not.
        if area != from {
            if facts.held_by.is_empty() {
                unknown.insert(area);
                continue;
            }
            if !friendly.contains(&facts.held_by.as_str()) || facts.contested {
                continue;
            }
        }
        if facts.neighbours.is_empty() {
            unknown.insert(area);
        }
        for next in facts.neighbours {
            if seen.insert(next) {
                came_from.insert(next, area);
                queue.push_back(next);
            }
        }
    }
    Trace::Isolated {
        unknown: unknown.into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(held_by: &str, contested: bool, neighbours: &[i32]) -> AreaFacts {
        AreaFacts {
            held_by: held_by.into(),
            contested,
            neighbours: neighbours.iter().copied().collect(),
        }
    }

    /// A FICTIONAL strip of map: 1 - 2 - 3 - 4, and 1 - 5 - 4.
    fn strip(two: AreaFacts) -> BTreeMap<i32, AreaFacts> {
        BTreeMap::from([
            (1, area("british", true, &[2, 5])),
            (2, two),
            (3, area("british", false, &[2, 4])),
            (4, area("british", true, &[3, 5])),
            (5, area("french", false, &[1, 4])),
        ])
    }

    #[test]
    fn a_path_may_start_and_end_contested_but_not_cross_a_contested_area() {
        let open = strip(area("british", false, &[1, 3]));
        assert_eq!(
            trace(&open, &["british"], 1, 4),
            Trace::Path(vec![1, 2, 3, 4])
        );
        // Through a Prussian Area only if the Allies share their lines.
        let prussian = strip(area("prussian", false, &[1, 3]));
        assert!(matches!(
            trace(&prussian, &["british"], 1, 4),
            Trace::Isolated { .. }
        ));
        assert_eq!(
            trace(&prussian, &["british", "prussian"], 1, 4),
            Trace::Path(vec![1, 2, 3, 4])
        );
        let blocked = strip(area("british", true, &[1, 3]));
        assert_eq!(
            trace(&blocked, &["british"], 1, 4),
            Trace::Isolated {
                unknown: Vec::new()
            }
        );
        // Through an enemy Area neither.
        assert_eq!(
            trace(&blocked, &["french"], 5, 1),
            Trace::Path(vec![5, 1]),
            "next door needs no Area crossed"
        );
    }

    #[test]
    fn areas_not_entered_are_named() {
        let gap = strip(area("", false, &[1, 3]));
        assert_eq!(
            trace(&gap, &["british"], 1, 4),
            Trace::Isolated { unknown: vec![2] }
        );
    }

    #[test]
    fn the_map_text_reads_back() {
        let text = "1 (british, contested): 2, 5; 2 (?): 1, 3; 5 (french): 1";
        let areas = parse_map(text).expect("reads");
        assert!(areas[&1].contested && areas[&1].held_by == "british");
        assert!(areas[&2].held_by.is_empty());
        assert!(parse_map("1 british: 2").is_err());
    }
}
