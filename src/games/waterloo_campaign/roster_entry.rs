//! The roster editor's two procedures: entering a value printed on a counter, and adding a
//! Detachment the rulebook text does not name. Each is logged like any other resolution, so the
//! values a game was played with are on its record and in its file.

use super::SIDES;
use super::roster::{self, Kind, attribute, set, set_state, state};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::Record;
use crate::engine::table_set::TableSet;

const FROM_THE_COUNTER: &str = "Entered from the counter";

/// The values a counter prints that the players may enter.
const VALUES: &[(&str, &str)] = &[
    (attribute::STARS, "Battle Stars"),
    (attribute::EXHAUSTED_STARS, "Battle Stars when Exhausted"),
    (attribute::NORMAL_RANGE, "Command Range in Normal mode"),
    (attribute::BATTLE_RANGE, "Command Range in Battle mode"),
];

/// Enters one value from a counter.
pub struct RosterEntry;

const ENTRY_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Counter",
        kind: FieldKind::Choice(SIDES),
        rule: "Armies, L77-82",
        help: "The side the unit belongs to.",
    },
    Field {
        id: "unit",
        label: "Unit",
        group: "Counter",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[],
            max_len: 60,
        },
        rule: "Counters, L125-140",
        help: "A unit or HQ on the record.",
    },
    Field {
        id: "value_of",
        label: "Value",
        group: "Counter",
        kind: FieldKind::Choice(VALUES),
        rule: "Battle Stars, L700-708; HQs, L162-167",
        help: "Cavalry prints stars on both sides; HQs print a range for each mode.",
    },
    Field {
        id: "value",
        label: "As printed",
        group: "Counter",
        kind: FieldKind::Number { min: 0, max: 9 },
        rule: "Counters, L125-140",
        help: "Type it from the counter.",
    },
];

impl Procedure for RosterEntry {
    fn about(&self) -> &About {
        &About {
            id: "roster-entry",
            title: "Roster: a value from a counter",
            rule: "Counters, L125-140 (values not in the rulebook text)",
            summary: "Enters a Battle Star rating or Command Range printed on a counter, which the rulebook text does not give.",
            fields: ENTRY_FIELDS,
        }
    }
    /// A unit chosen from the record brings the first of its values still to enter.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "unit" {
            return;
        }
        let Some(unit) = record.unit(input.text("side"), input.text("unit")) else {
            return;
        };
        if let Some((id, _)) = VALUES
            .iter()
            .find(|(id, _)| unit.attribute(id) == Some(roster::NOT_ENTERED))
        {
            input.set("value_of", crate::engine::input::Value::Text((*id).into()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new("unit", "name the unit"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, unit) = (input.text("side"), input.text("unit").trim());
        let kind = roster::kind_of(record, side, unit)
            .filter(|_| record.unit(side, unit).is_some())
            .ok_or_else(|| {
                InputError::new(
                    "unit",
                    format!("{unit} is not a unit of this side on the record"),
                )
            })?;
        let fits = match input.text("value_of") {
            attribute::EXHAUSTED_STARS => kind.is_cavalry(),
            attribute::NORMAL_RANGE | attribute::BATTLE_RANGE => kind == Kind::Headquarters,
            _ => true,
        };
        if !fits {
            return Err(InputError::new(
                "value_of",
                format!("{unit}'s counter does not print this value"),
            ));
        }
        let is_stars = matches!(
            input.text("value_of"),
            attribute::STARS | attribute::EXHAUSTED_STARS
        );
        if is_stars && input.number("value") > roster::MAX_BATTLE_STARS {
            return Err(InputError::new(
                "value",
                format!(
                    "Battle Stars go up to {} on the attack form",
                    roster::MAX_BATTLE_STARS
                ),
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
        let (value_of, value) = (input.text("value_of"), input.number("value"));
        let label = VALUES
            .iter()
            .find(|v| v.0 == value_of)
            .map_or(value_of, |v| v.1);
        Ok(Resolution::book_keeping(
            "roster-entry",
            format!("{label} {value}"),
            vec![set(side, unit, value_of, value, FROM_THE_COUNTER)],
        ))
    }
}

/// Adds a Detachment to the roster.
pub struct AddDetachment;

const ARMIES: &[(&str, &str)] = &[
    ("French", "French"),
    ("Anglo-Allied", "Anglo-Allied"),
    ("Prussian", "Prussian"),
];

const ADD_FIELDS: &[Field] = &[
    Field {
        id: "army",
        label: "Army",
        group: "Detachment",
        kind: FieldKind::Choice(ARMIES),
        rule: "Armies, L77-82",
        help: "Its HQ: any French HQ for the French, Wellington for the Anglo-Allied, Blücher for the Prussians.",
    },
    Field {
        id: "name",
        label: "Name, as on the counter",
        group: "Detachment",
        kind: FieldKind::Text { max_len: 60 },
        rule: "Detachments, L132-140",
        help: "For example \"II Detachment (Name)\".",
    },
    Field {
        id: "parent",
        label: "Parent Corps",
        group: "Detachment",
        kind: FieldKind::Text { max_len: 60 },
        rule: "Detachments, L379-381",
        help: "The Corps whose designation it shows; it may be placed within 4 hexes of it.",
    },
    Field {
        id: "stars",
        label: "Battle Stars",
        group: "Detachment",
        kind: FieldKind::Number {
            min: 0,
            max: roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L705-706",
        help: "As printed on the counter.",
    },
];

fn army_side(army: &str) -> &'static str {
    if army == "French" {
        "french"
    } else {
        "coalition"
    }
}

impl Procedure for AddDetachment {
    fn about(&self) -> &About {
        &About {
            id: "add-detachment",
            title: "Roster: add a Detachment",
            rule: "Detachments, L132-140, L379-381",
            summary: "Adds a Detachment from the counter mix that the rulebook text does not name. It starts available for placement.",
            fields: ADD_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("name").trim().is_empty() {
            return Err(InputError::new("name", "name the Detachment"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("name").trim();
        if record.unit(army_side(input.text("army")), name).is_some() {
            return Err(InputError::new(
                "name",
                format!("{name} is already on the roster"),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        army_side(input.text("army")).to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let army = input.text("army");
        let side = army_side(army);
        let name = input.text("name").trim();
        let mut effects = vec![
            set(side, name, attribute::ARMY, army, "Armies, L77-82"),
            set(
                side,
                name,
                attribute::KIND,
                Kind::Detachment.id(),
                "Detachments, L132-140",
            ),
            set(
                side,
                name,
                attribute::STARS,
                input.number("stars"),
                FROM_THE_COUNTER,
            ),
            set_state(side, name, state::AVAILABLE, "Detachments, L132-140"),
        ];
        let parent = input.text("parent").trim();
        if !parent.is_empty() {
            effects.push(set(
                side,
                name,
                attribute::PARENT,
                parent,
                "Detachments, L379-381",
            ));
        }
        Ok(Resolution::book_keeping(
            "add-detachment",
            format!("{name} ({army}) added to the roster"),
            effects,
        ))
    }
}
