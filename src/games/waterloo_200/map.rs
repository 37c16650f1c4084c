//! The map's Areas, as the players enter them. The rulebook text says only that there are 115,
//! each with a colour and a Terrain Bonus from 0 to 7 (L229-233), and names a few: the Black Areas
//! 10, 50 and 79 (L294-300), Area 52 the one red (L283), the Chemin Creux Areas (L288-290),
//! Brunswick's Area 13 (L786-790), the three General HQs (L1106-1108), and Area 27's Terrain
//! Bonus of 3 in the battle example (L1216-1219). The rest is printed on the map: the players
//! enter what a procedure needs, and a roster file keeps it for the next game.
//!
//! The record keeps each Area as a piece of the side `map` named "Area 27", with its colour,
//! Terrain Bonus, neighbours, and who controls it: the battle reads its Terrain Bonus, and the Line
//! of Communication its neighbours and control.

use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use std::collections::BTreeSet;

/// The side id under which the record keeps the map's Areas.
pub const MAP: &str = "map";

/// The Areas are numbered 1 to 115 (L229-231).
pub const AREAS: i32 = 115;

pub mod attribute {
    pub const COLOUR: &str = "colour";
    pub const TERRAIN_BONUS: &str = "terrain bonus";
    /// The neighbouring Areas' numbers, joined by ", ".
    pub const ADJACENT: &str = "adjacent";
    /// The Faction controlling the Area: "french", "british" or "prussian".
    pub const HELD_BY: &str = "held by";
    /// "yes" while units of both Sides are in it (L330-331).
    pub const CONTESTED: &str = "contested";
}

/// The record's name for Area `number`.
pub fn area_name(number: impl std::fmt::Display) -> String {
    format!("Area {number}")
}

/// The Terrain Bonus of Area `area` ("27"), if entered.
pub fn terrain_bonus(record: &Record, area: &str) -> Option<i64> {
    record
        .unit(MAP, &area_name(area.trim()))?
        .attribute(attribute::TERRAIN_BONUS)?
        .parse()
        .ok()
}

/// What the record has of Area `number` under `attribute`, empty if nothing.
fn fact_of(record: &Record, number: i32, attribute: &str) -> String {
    record
        .unit(MAP, &area_name(number))
        .and_then(|unit| unit.attribute(attribute))
        .unwrap_or("")
        .to_string()
}

/// The colour of Area `area` ("27"), if entered.
pub fn colour<'a>(record: &'a Record, area: &str) -> Option<&'a str> {
    record
        .unit(MAP, &area_name(area.trim()))?
        .attribute(attribute::COLOUR)
        .filter(|colour| !colour.is_empty())
}

/// The Area numbers in a list typed as "26, 28 31".
pub fn parse_areas(text: &str) -> Result<Vec<i32>, String> {
    text.split([',', ' ', ';'])
        .map(|area| area.trim().trim_start_matches("Area").trim())
        .filter(|area| !area.is_empty())
        .map(|area| match area.parse::<i32>() {
            Ok(n) if (1..=AREAS).contains(&n) => Ok(n),
            _ => Err(format!(
                "\"{area}\" is not an Area: they are numbered 1 to {AREAS} (L229-231)"
            )),
        })
        .collect()
}

/// Each Area's neighbours on the record, both ways: an Area entered as next to another is its
/// neighbour whether or not the other lists it.
pub fn neighbours(record: &Record) -> std::collections::BTreeMap<i32, BTreeSet<i32>> {
    let mut map: std::collections::BTreeMap<i32, BTreeSet<i32>> = Default::default();
    for (_, name, unit) in record.units_where(Some(MAP), &[]) {
        let Some(area) = name
            .strip_prefix("Area ")
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let listed = unit
            .attribute(attribute::ADJACENT)
            .and_then(|text| parse_areas(text).ok())
            .unwrap_or_default();
        for other in listed {
            map.entry(area).or_default().insert(other);
            map.entry(other).or_default().insert(area);
        }
    }
    map
}

/// What the text gives of one Area, put on the record at set-up.
pub struct Given {
    pub area: i32,
    pub colour: Option<&'static str>,
    pub terrain_bonus: Option<i64>,
    pub adjacent: Option<&'static str>,
    pub rule: &'static str,
}

/// What the text gives of the map (digest Corrections, "Map-data checks derived from the
/// examples").
pub const GIVEN: &[Given] = &[
    Given {
        area: 10,
        colour: Some("black"),
        terrain_bonus: None,
        adjacent: None,
        rule: "1.4 Black Areas, L294-300",
    },
    Given {
        area: 50,
        colour: Some("black"),
        terrain_bonus: None,
        adjacent: None,
        rule: "1.4 Black Areas, L294-300",
    },
    Given {
        area: 79,
        colour: Some("black"),
        terrain_bonus: None,
        adjacent: None,
        rule: "1.4 Black Areas, L294-300",
    },
    Given {
        area: 52,
        colour: Some("red"),
        terrain_bonus: None,
        adjacent: None,
        rule: "1.3 Stacking, L283",
    },
    // Three British units stand in Area 27 (L1216-1217), more than a yellow Area holds (L281-283),
    // and its Terrain Bonus is 3 (L1218-1219).
    Given {
        area: 27,
        colour: Some("green"),
        terrain_bonus: Some(3),
        adjacent: None,
        rule: "6.2.3.1.4 example, L1200-1219; 1.3, L281-283",
    },
    // The Artillery in Area 70 enters Area 69 for 1 MP (L1002-1003, L266-267).
    Given {
        area: 69,
        colour: Some("green"),
        terrain_bonus: None,
        adjacent: Some("70"),
        rule: "6.2.2 example, L1002-1003; 1.2, L266-267",
    },
];

const COLOURS: &[(&str, &str)] = &[
    ("", "Not entered"),
    ("green", "Green: clear, 1 MP, 4 units a Side"),
    ("yellow", "Yellow: rough, 2 MP, 2 units a Side"),
    ("red", "Red: rough, 2 MP, 1 unit (Area 52)"),
    ("black", "Black: Prussian deployment, prohibited to others"),
];

const TERRAIN_BONUSES: &[(&str, &str)] = &[
    ("", "Not entered"),
    ("0", "0"),
    ("1", "1"),
    ("2", "2"),
    ("3", "3"),
    ("4", "4"),
    ("5", "5"),
    ("6", "6"),
    ("7", "7"),
];

/// Control is kept by Faction, as the cubes show it: blue French, red British, black Prussian
/// (L242-244); British and Prussians neither stack nor support each other (L157-160).
const HOLDERS: &[(&str, &str)] = &[
    ("", "Not entered"),
    ("french", "The French"),
    ("british", "The British"),
    ("prussian", "The Prussians"),
];

const AREA_FIELDS: &[Field] = &[
    Field {
        id: "area",
        label: "Area",
        group: "Area",
        kind: FieldKind::Number { min: 1, max: 115 },
        rule: "1.0 Mapboard, L222-233",
        help: "Its number on the map; what the record has for it fills in the rest.",
    },
    Field {
        id: "colour",
        label: "Colour",
        group: "Area",
        kind: FieldKind::Choice(COLOURS),
        rule: "1.2 Movement Point Cost, L251-262; 1.3 Stacking, L273-283",
        help: "The colour of its circle.",
    },
    Field {
        id: "terrain_bonus",
        label: "Terrain Bonus",
        group: "Area",
        kind: FieldKind::Choice(TERRAIN_BONUSES),
        rule: "1.0 Mapboard, L222-233",
        help: "The number on the shield in its circle: added to the Defender's Firepower.",
    },
    Field {
        id: "adjacent",
        label: "Neighbouring Areas",
        group: "Area",
        kind: FieldKind::Text { max_len: 120 },
        rule: "6.4.1 Line of Communication, L1185-1189",
        help: "Their numbers, e.g. \"26, 28, 31\": a neighbour entered here counts both ways.",
    },
];

const CONTROL_FIELDS: &[Field] = &[
    Field {
        id: "area",
        label: "Area",
        group: "Control",
        kind: FieldKind::Number { min: 1, max: 115 },
        rule: "1.0 Mapboard, L222-233",
        help: "Its number on the map.",
    },
    Field {
        id: "held_by",
        label: "Controlled by",
        group: "Control",
        kind: FieldKind::Choice(HOLDERS),
        rule: "1.5 Area Control, L308-331",
        help: "The Faction whose units alone are in it, or entered it last; its cube shows it.",
    },
    Field::flag(
        "contested",
        "Contested: units of both Sides are in it",
        "Control",
        "1.5 Area Control, L330-331",
        "It still belongs to the original Defender.",
    ),
];

/// Enters or corrects what the map shows of one Area.
pub struct MapArea;

impl Procedure for MapArea {
    fn about(&self) -> &About {
        &About {
            id: "map-area",
            title: "The map: an Area",
            rule: "1.0 Mapboard, L222-233",
            summary: "Enters an Area's colour, Terrain Bonus and neighbours as the map prints them: kept with the session, and in a roster file for the next game.",
            fields: AREA_FIELDS,
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("area", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "area" {
            return;
        }
        let area = input.number("area");
        let fact = |id: &str| fact_of(record, area, id);
        input.set(
            "colour",
            Value::Text(fact(attribute::COLOUR).as_str().into()),
        );
        input.set(
            "terrain_bonus",
            Value::Text(fact(attribute::TERRAIN_BONUS).as_str().into()),
        );
        input.set(
            "adjacent",
            Value::Text(fact(attribute::ADJACENT).as_str().into()),
        );
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let adjacent =
            parse_areas(input.text("adjacent")).map_err(|m| InputError::new("adjacent", m))?;
        if adjacent.contains(&input.number("area")) {
            return Err(InputError::new(
                "adjacent",
                "an Area is not its own neighbour",
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
        let area = area_name(input.number("area"));
        let adjacent = parse_areas(input.text("adjacent"))
            .map_err(|m| InputError::new("adjacent", m))?
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let set = |attribute: &str, value: &str, rule: &str| {
            Effect::set_attribute(MAP, &area, attribute, value, rule)
        };
        let effects = vec![
            set(attribute::COLOUR, input.text("colour"), "1.2-1.3, L251-283"),
            set(
                attribute::TERRAIN_BONUS,
                input.text("terrain_bonus"),
                "1.0, L229-233",
            ),
            set(attribute::ADJACENT, &adjacent, "the map"),
        ];
        let mut facts = Vec::new();
        if !input.text("terrain_bonus").is_empty() {
            facts.push(format!("Terrain Bonus {}", input.text("terrain_bonus")));
        }
        if !adjacent.is_empty() {
            facts.push(format!("next to {adjacent}"));
        }
        let headline = if facts.is_empty() {
            format!("{area}: nothing entered")
        } else {
            format!("{area}: {}", facts.join(", "))
        };
        Ok(Resolution::book_keeping("map-area", headline, effects))
    }
}

/// Records who controls an Area and whether it is contested, as its cube and its blocks show:
/// the Line of Communication is traced through them.
pub struct AreaControl;

impl Procedure for AreaControl {
    fn about(&self) -> &About {
        &About {
            id: "area-control",
            title: "The map: who controls an Area",
            rule: "1.5 Area Control, L308-331",
            summary: "Records the Faction controlling an Area, and whether units of both Sides are in it, when it changes: the Line of Communication is traced through them.",
            fields: CONTROL_FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["area", "held_by", "contested"]
    }
    fn acting_side(&self, input: &Input) -> String {
        match input.text("held_by") {
            "" => "french".into(),
            faction => faction.into(),
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("area", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "area" {
            return;
        }
        let area = input.number("area");
        let fact = |id: &str| fact_of(record, area, id);
        input.set(
            "held_by",
            Value::Text(fact(attribute::HELD_BY).as_str().into()),
        );
        input.set(
            "contested",
            Value::Flag(fact(attribute::CONTESTED) == "yes"),
        );
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("held_by").is_empty() {
            return Err(InputError::new("held_by", "name the Side that controls it"));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let area = area_name(input.number("area"));
        let holder = HOLDERS
            .iter()
            .find(|(id, _)| *id == input.text("held_by"))
            .map_or(String::new(), |(_, label)| label.replacen("The", "the", 1));
        let contested = input.flag("contested");
        let rule = "1.5 Area Control, L308-331";
        Ok(Resolution::book_keeping(
            "area-control",
            if contested {
                format!("{area}: contested, still held by {holder}")
            } else {
                format!("{area}: held by {holder}")
            },
            vec![
                Effect::set_attribute(MAP, &area, attribute::HELD_BY, input.text("held_by"), rule),
                Effect::set_attribute(
                    MAP,
                    &area,
                    attribute::CONTESTED,
                    if contested { "yes" } else { "" },
                    rule,
                ),
                Effect::reminder(
                    "Place or remove the Area's control cube: blue French, red British, black Prussian",
                    "1.5.2, L224-227, L242-244",
                ),
            ],
        ))
    }
}
