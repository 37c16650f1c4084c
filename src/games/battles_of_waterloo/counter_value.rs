//! The roster editor's cells: one rating printed on a counter, entered or corrected for a piece
//! already on the record. The rulebook prints no counter values (R 2.2, L42-76), so each is typed
//! from the counter and logged like any other resolution.

use super::SIDES;
use super::roster::{TYPES, attribute, is_leader};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;

/// Which pieces print a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    CombatUnit,
    Leader,
}

/// A rating a counter prints: the record attribute it sets, its column title, its highest value
/// (as the add-unit and add-leader forms take it) and the rule it comes from.
struct CounterValue {
    attribute: &'static str,
    title: &'static str,
    max: i32,
    printed_by: Piece,
    rule: &'static str,
}

const fn value(
    attribute: &'static str,
    title: &'static str,
    max: i32,
    printed_by: Piece,
    rule: &'static str,
) -> CounterValue {
    CounterValue {
        attribute,
        title,
        max,
        printed_by,
        rule,
    }
}

const COUNTER_VALUES: [CounterValue; 11] = [
    value(
        attribute::STRENGTH,
        "Strength",
        30,
        Piece::CombatUnit,
        "Strength, L44-50",
    ),
    value(
        attribute::COHESION,
        "Cohesion",
        9,
        Piece::CombatUnit,
        "Cohesion, R 2.5, L115",
    ),
    value(
        attribute::COMMITMENT,
        "Commitment",
        9,
        Piece::CombatUnit,
        "Commitment, L44-48",
    ),
    value(
        attribute::MOVEMENT,
        "Movement",
        20,
        Piece::CombatUnit,
        "Movement, L44-50",
    ),
    value(
        attribute::STEPS,
        "Steps",
        4,
        Piece::CombatUnit,
        "Step losses, R 9.13A, L1461-1464",
    ),
    value(
        attribute::ELITE,
        "Elite stars",
        2,
        Piece::CombatUnit,
        "Elite, L52",
    ),
    value(
        attribute::COMMAND_RANGE,
        "Command Range",
        20,
        Piece::Leader,
        "Command Range, L62-72",
    ),
    value(
        attribute::COMMAND_POINTS,
        "Command Points",
        9,
        Piece::Leader,
        "Command Points, R 4.63B, L397-401",
    ),
    value(
        attribute::ORDERS_POINTS,
        "Orders Points",
        9,
        Piece::Leader,
        "Orders Points, R 4.62D, L367-371",
    ),
    value(
        attribute::ORDERS_RATING,
        "Orders Rating",
        9,
        Piece::Leader,
        "Orders Rating, R 4.61B, L346-350",
    ),
    value(
        attribute::COMMITMENT_POINTS,
        "Commitment Points",
        9,
        Piece::Leader,
        "Commitment Points, R 8.41D, L1030",
    ),
];

/// The `value_of` choices, (attribute, title), made from `COUNTER_VALUES` so the two never part.
#[expect(
    clippy::indexing_slicing,
    reason = "i < N, and the function runs at compile time, where an index out of range would not compile"
)]
const fn choices<const N: usize>(values: &[CounterValue; N]) -> [(&'static str, &'static str); N] {
    let mut choices = [("", ""); N];
    let mut i = 0;
    while i < N {
        choices[i] = (values[i].attribute, values[i].title);
        i += 1;
    }
    choices
}

const VALUE_CHOICES: [(&str, &str); COUNTER_VALUES.len()] = choices(&COUNTER_VALUES);

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Counter",
        kind: FieldKind::Choice(SIDES),
        rule: "Sides, R 2.1, L14",
        help: "The army whose counter it is.",
    },
    Field {
        id: "unit",
        label: "Piece",
        group: "Counter",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[],
            max_len: 40,
        },
        rule: "Counters, R 2.2, L42-76",
        help: "A combat unit or leader already on the record.",
    },
    Field {
        id: "value_of",
        label: "Value",
        group: "Counter",
        kind: FieldKind::Choice(&VALUE_CHOICES),
        rule: "Combat units, R 2.2.1, L42-56; Leaders, R 2.2.2, L58-76",
        help: "Combat units print the first six (Light Cavalry prints its Pursuit Rating as Commitment, L48); leaders the last five.",
    },
    Field {
        id: "value",
        label: "As printed",
        group: "Counter",
        kind: FieldKind::Number { min: 0, max: 30 },
        rule: "Counters, R 2.2, L42-76",
        help: "Type it from the counter.",
    },
];

fn counter_value(id: &str) -> Option<&'static CounterValue> {
    COUNTER_VALUES.iter().find(|v| v.attribute == id)
}

/// Which pieces `unit` is, from the type its counter was added with; `None` for anything else
/// the record keeps (a LIM).
fn piece_of(unit: &UnitRecord) -> Option<Piece> {
    let kind = unit.attribute(attribute::TYPE)?;
    if TYPES.iter().any(|(id, _)| *id == kind) {
        Some(Piece::CombatUnit)
    } else if is_leader(kind) {
        Some(Piece::Leader)
    } else {
        None
    }
}

/// Enters one rating from a counter.
pub struct CounterValueEntry;

impl Procedure for CounterValueEntry {
    fn about(&self) -> &About {
        &About {
            id: "counter-value",
            title: "Roster: a value from a counter",
            rule: "Counters, R 2.2, L42-76 (values not in the rulebook)",
            summary: "Enters or corrects one rating printed on the counter of a combat unit or leader already on the record.",
            fields: FIELDS,
        }
    }
    /// Book-keeping for setting up: never among what a LIM allows in the Operations Phase.
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    /// Naming a piece or a value brings the value the record holds, to correct.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if !matches!(changed, "unit" | "value_of") {
            return;
        }
        let held = record
            .unit(input.text("side"), input.text("unit").trim())
            .and_then(|unit| unit.attribute(input.text("value_of")))
            .and_then(|held| held.parse::<i64>().ok());
        if let Some(held) = held {
            input.set("value", Value::Number(held));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new("unit", "name the piece"));
        }
        let Some(value) = counter_value(input.text("value_of")) else {
            return Err(InputError::new("value_of", "not a counter value"));
        };
        let number = input.number("value");
        if number > value.max {
            return Err(InputError::new(
                "value",
                format!("{} goes up to {} ({})", value.title, value.max, value.rule),
            ));
        }
        if value.attribute == attribute::STEPS && !matches!(number, 2 | 4) {
            return Err(InputError::new(
                "value",
                "a unit has 4 steps with a reverse side, 2 without (R 9.13A, L1461)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("unit").trim();
        let unit = record.unit(input.text("side"), name).ok_or_else(|| {
            InputError::new(
                "unit",
                format!("{name} is not a piece of this army on the record: add it first"),
            )
        })?;
        let printed_by = counter_value(input.text("value_of")).map(|v| v.printed_by);
        if piece_of(unit).is_none() || piece_of(unit) != printed_by {
            return Err(InputError::new(
                "value_of",
                format!("{name}'s counter does not print this value"),
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
        let (side, name) = (input.text("side"), input.text("unit").trim());
        let number = input.number("value");
        let value = counter_value(input.text("value_of"))
            .ok_or_else(|| InputError::new("value_of", "not a counter value"))?;
        Ok(Resolution::book_keeping(
            "entered",
            format!("{} of {name}: {number}", value.title),
            vec![Effect::set_attribute(
                side,
                name,
                value.attribute,
                number,
                value.rule,
            )],
        ))
    }
}
