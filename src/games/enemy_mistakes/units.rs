//! The Units on the tiles and the Formations made of them. The rulebook text prints no roster (only
//! a sample tile, L455-467), so the players add each Unit once per session from its tile; the
//! Formations change during play (L381, L839, L873-877) and are recorded as the players make them.

use super::forms::CLASS_CHOICES;
use super::roster::{
    FIRE_DISCIPLINES, UNIT_TYPES, attribute, horse_team, is_artillery_type, kind, state, unit_name,
};
use super::{SIDES, army_label, entrance};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const TILE_RULE: &str = "Units, L455-467";

const UNIT_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Tile",
        kind: FieldKind::Choice(SIDES),
        rule: "Colours, L321",
        help: "Blue French, red English, black Prussian.",
    },
    Field {
        id: "number",
        label: "Number on the tile",
        group: "Tile",
        kind: FieldKind::Number { min: 1, max: 99 },
        rule: TILE_RULE,
        help: "Identifies the Unit in its army (the sample tile shows 8).",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Tile",
        kind: FieldKind::Choice(UNIT_TYPES),
        rule: "Infantry, Cavalry, Artillery, Garrisons, L469-540",
        help: "As the tile or counter shows it.",
    },
    Field {
        id: "class",
        label: "Class",
        group: "Tile",
        kind: FieldKind::Choice(CLASS_CHOICES),
        rule: "Class, L455-457",
        help: "Shown on the front of the tile.",
    },
    Field {
        id: "corps",
        label: "Army Corps",
        group: "Tile",
        kind: FieldKind::Text { max_len: 4 },
        rule: TILE_RULE,
        help: "The initial that links the Unit to its General (the sample tile shows II).",
    },
    Field {
        id: "fire_discipline",
        label: "Fire Discipline",
        group: "Tile",
        kind: FieldKind::Choice(FIRE_DISCIPLINES),
        rule: "Fire Discipline, L473-488",
        help: "Infantry only: dots on the tile. Garrisons have good Fire Discipline (L538).",
    },
    Field {
        id: "horse_team",
        label: "Horse Team",
        group: "Tile",
        kind: FieldKind::Choice(&[
            (horse_team::UNFASTENED, "Unfastened"),
            (horse_team::FASTENED, "Fastened"),
        ]),
        rule: "Game preparation, L266; Artillery, L512",
        help: "Artillery only: fastened if the game board shows its Horse Team counter with it. Horse Teams not on the board are unfastened.",
    },
    Field {
        id: "capacity",
        label: "Losses it can sustain",
        group: "Tile",
        kind: FieldKind::Count { max: 12 },
        rule: TILE_RULE,
        help: "The sample tile shows 6.",
    },
    Field {
        id: "victory_points",
        label: "Victory points",
        group: "Tile",
        kind: FieldKind::Count { max: 99 },
        rule: "Units, L465; Victory, L1068",
        help: "The sample tile shows 14.",
    },
    Field {
        id: "arrival",
        label: "Where it starts",
        group: "Tile",
        kind: FieldKind::Choice(&[
            (state::ON_BATTLEFIELD, "On the battlefield"),
            (
                state::NOT_ARRIVED,
                "Not yet arrived (with its Army Corps General)",
            ),
        ]),
        rule: "Prussian entrance, L640-642, L662-668",
        help: "A Unit of an Army Corps whose General has not arrived (the Prussians before their entrance) waits with him. Filled in from the record.",
    },
];

/// Adds a Unit from its tile to the record.
pub struct AddUnit;

impl Procedure for AddUnit {
    fn about(&self) -> &About {
        &About {
            id: "add-unit",
            title: "Add a Unit from its tile",
            rule: TILE_RULE,
            summary: "Puts a Unit on the record with what its tile prints: type, class, Army Corps, Fire Discipline, the Losses it can sustain and its victory points; for Artillery, its Horse Team as the board shows it.",
            fields: UNIT_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("corps").trim().is_empty() {
            return Err(InputError::new(
                "corps",
                "enter the Army Corps initial shown on the tile",
            ));
        }
        if input.number("capacity") < 1 {
            return Err(InputError::new(
                "capacity",
                "a Unit sustains at least 1 Loss",
            ));
        }
        Ok(())
    }
    /// A Unit waits off the battlefield while its Army Corps General does (L640-642).
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if !matches!(changed, "side" | "corps") {
            return;
        }
        let corps = input.text("corps").trim().to_string();
        let of_corps = [
            (attribute::KIND, kind::GENERAL),
            (attribute::CORPS, corps.as_str()),
        ];
        let waiting = record
            .units_where(Some(input.text("side")), &of_corps)
            .any(|(_, _, general)| general.state.as_ref() == state::NOT_ARRIVED);
        let arrival = if waiting {
            state::NOT_ARRIVED
        } else {
            state::ON_BATTLEFIELD
        };
        input.set("arrival", Value::Text(arrival.into()));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, name) = (input.text("side"), unit_name(input.number("number")));
        if record.unit(side, &name).is_some() {
            return Err(InputError::new(
                "number",
                format!("{name} of {} is already on the record", army_label(side)),
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
        let side = input.text("side");
        let name = unit_name(input.number("number"));
        let set = |attribute: &str, value: &str| {
            Effect::set_attribute(side, &name, attribute, value, TILE_RULE)
        };
        let mut effects = vec![
            Effect::set_state(side, &name, input.text("arrival"), TILE_RULE),
            set(attribute::KIND, kind::UNIT),
            set(attribute::TYPE, input.text("type")),
            set(attribute::CLASS, input.text("class")),
            set(attribute::CORPS, input.text("corps").trim()),
            set(attribute::FIRE_DISCIPLINE, input.text("fire_discipline")),
            set(attribute::CAPACITY, &input.number("capacity").to_string()),
            set(
                attribute::VICTORY_POINTS,
                &input.number("victory_points").to_string(),
            ),
            set(attribute::LOSSES, "0"),
            set(attribute::YELLOW, "0"),
        ];
        if is_artillery_type(input.text("type")) {
            effects.push(Effect::set_attribute(
                side,
                &name,
                attribute::HORSE_TEAM,
                input.text("horse_team"),
                "Game preparation, L266",
            ));
        }
        let type_label = UNIT_TYPES
            .iter()
            .find(|(id, _)| *id == input.text("type"))
            .map_or("", |(_, label)| label);
        Ok(Resolution::book_keeping(
            "add-unit",
            format!(
                "{name} ({type_label}, {}) added",
                input.text("corps").trim()
            ),
            effects,
        ))
    }
}

const FORMATION_RULE: &str = "Formations, L381";

const FORMATION_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Formation",
        kind: FieldKind::Choice(SIDES),
        rule: FORMATION_RULE,
        help: "The army whose Units form it.",
    },
    Field {
        id: "name",
        label: "Formation name",
        group: "Formation",
        kind: FieldKind::Text { max_len: 40 },
        rule: FORMATION_RULE,
        help: "Any name the players will recognise, e.g. \"I Corps, left\".",
    },
    Field {
        id: "corps",
        label: "Army Corps",
        group: "Formation",
        kind: FieldKind::Text { max_len: 4 },
        rule: "Army Corps, L363, L377",
        help: "The initial of the General who orders it. Formations of two corps united (L398) take the corps of the Units listed first.",
    },
    Field {
        id: "units",
        label: "Its Units",
        group: "Formation",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                (attribute::KIND, kind::UNIT),
                ("state", state::ON_BATTLEFIELD),
            ],
        },
        rule: FORMATION_RULE,
        help: "Units in contact with each other and facing the same way. A Unit listed here leaves any Formation it was in.",
    },
    Field {
        id: "entered",
        label: "Deployed by the Prussian entrance this turn",
        group: "Formation",
        kind: FieldKind::Flag,
        rule: ENTERED_RULE,
        help: "All the Formations deployed at the entrance receive a green marker.",
    },
];

const ENTERED_RULE: &str = "Executing the entrance, L664";

/// Records a Formation: which Units form it. Made anew when Formations split or unite.
pub struct MakeFormation;

impl Procedure for MakeFormation {
    fn about(&self) -> &About {
        &About {
            id: "formation",
            title: "Formation",
            rule: FORMATION_RULE,
            summary: "Records which Units form a Formation. A Formation that exists keeps its markers; its Units are the ones listed.",
            fields: FORMATION_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("name").trim().is_empty() {
            return Err(InputError::new("name", "name the Formation"));
        }
        if input.list("units").is_empty() {
            return Err(InputError::new("units", "list at least one Unit"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("name").trim();
        if record
            .unit(side, name)
            .is_some_and(|entry| !entry.matches(&[(attribute::KIND, kind::FORMATION)]))
        {
            return Err(InputError::new(
                "name",
                format!("{name} already names a commander or Unit"),
            ));
        }
        if input.flag("entered")
            && (side != "prussian"
                || !entrance::corps_entered_this_turn(record, input.text("corps").trim()))
        {
            return Err(InputError::new(
                "entered",
                format!(
                    "the {} Corps of {} did not enter the battlefield this turn (L662-668)",
                    input.text("corps").trim(),
                    army_label(side)
                ),
            ));
        }
        for unit in input.list("units") {
            if !record
                .unit(side, unit)
                .is_some_and(|u| u.matches(&[(attribute::KIND, kind::UNIT)]))
            {
                return Err(InputError::new(
                    "units",
                    format!(
                        "{unit} is not a Unit of {} on the record; add it from its tile first",
                        army_label(side)
                    ),
                ));
            }
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("name").trim();
        let corps = input.text("corps").trim();
        let mut effects = vec![
            Effect::set_state(side, name, state::ON_BATTLEFIELD, FORMATION_RULE),
            Effect::set_attribute(side, name, attribute::KIND, kind::FORMATION, FORMATION_RULE),
            Effect::set_attribute(side, name, attribute::CORPS, corps, FORMATION_RULE),
            // Adding 0 keeps a Formation's orange markers and shows the count on a new one.
            Effect::add_to(side, name, attribute::ORANGE, 0, FORMATION_RULE),
        ];
        if input.flag("entered") {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::GREEN,
                "yes",
                ENTERED_RULE,
            ));
        }
        let units = input.list("units");
        for unit in units {
            effects.push(Effect::set_attribute(
                side,
                unit,
                attribute::FORMATION,
                name,
                FORMATION_RULE,
            ));
        }
        Ok(Resolution::book_keeping(
            "formation",
            format!("{name}: {} Units", units.len()),
            effects,
        ))
    }
}

/// The values of a tile the players may correct in the Counter values window.
const TILE_VALUES: &[(&str, &str)] = &[
    (attribute::CAPACITY, "Losses it can sustain"),
    (attribute::VICTORY_POINTS, "Victory points"),
];

const ENTRY_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Tile",
        kind: FieldKind::Choice(SIDES),
        rule: "Colours, L321",
        help: "The army the Unit belongs to.",
    },
    Field {
        id: "unit",
        label: "Unit",
        group: "Tile",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::KIND, kind::UNIT)],
            max_len: 40,
        },
        rule: TILE_RULE,
        help: "A Unit on the record.",
    },
    Field {
        id: "value_of",
        label: "Value",
        group: "Tile",
        kind: FieldKind::Choice(TILE_VALUES),
        rule: TILE_RULE,
        help: "What the tile prints.",
    },
    Field {
        id: "value",
        label: "As printed",
        group: "Tile",
        kind: FieldKind::Number { min: 1, max: 99 },
        rule: TILE_RULE,
        help: "Type it from the tile.",
    },
];

/// Corrects a value printed on a tile.
pub struct TileValue;

impl Procedure for TileValue {
    fn about(&self) -> &About {
        &About {
            id: "tile-value",
            title: "Roster: a value from a tile",
            rule: TILE_RULE,
            summary: "Enters or corrects the Losses a Unit can sustain or its victory points, as its tile prints them.",
            fields: ENTRY_FIELDS,
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, unit) = (input.text("side"), input.text("unit").trim());
        if !record
            .unit(side, unit)
            .is_some_and(|u| u.matches(&[(attribute::KIND, kind::UNIT)]))
        {
            return Err(InputError::new(
                "unit",
                format!("{unit} is not a Unit of {} on the record", army_label(side)),
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
        let (side, unit) = (input.text("side"), input.text("unit").trim());
        let value_of = input.text("value_of");
        let value = input.number("value");
        let title = TILE_VALUES
            .iter()
            .find(|(id, _)| *id == value_of)
            .map_or(value_of, |(_, t)| t);
        Ok(Resolution::book_keeping(
            "tile-value",
            format!("{unit}: {title} {value}"),
            vec![Effect::set_attribute(
                side,
                unit,
                value_of,
                value,
                "Entered from the tile",
            )],
        ))
    }
}
