//! The Prussian Scheduled Arrivals (5.1, L869-904): on turn 3 Blücher, Bülow and the red
//! artillery arrive in Area 50 with one red cavalry and one red infantry; on turn 4 Pirch and the
//! green artillery in Area 79 with one green cavalry and one green infantry; on turn 5 Ziethen and
//! the three blue units in Area 10. The other red and green units go to the Prussian Reserve Pool.
//!
//! The cavalry and infantry are drawn at random (L877-891), or chosen under the Free Setup
//! optional rule (OR 1.0, L1273-1286). Here the Prussian player names the two his draw on the
//! table gave, or his choice; the app does not draw them yet.

use super::blocks::{attribute, state};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// The three arrivals, by the corps' colour: (id, label, turn, Black Area).
const CORPS: &[(&str, &str)] = &[
    ("red", "IV Corps, red (Bülow): turn 3, Area 50"),
    ("green", "II Corps, green (Pirch): turn 4, Area 79"),
    ("blue", "I Corps, blue (Ziethen): turn 5, Area 10"),
];

fn turn_of(corps: &str) -> u32 {
    match corps {
        "red" => 3,
        "green" => 4,
        _ => 5,
    }
}

fn area_of(corps: &str) -> &'static str {
    match corps {
        "red" => "50",
        "green" => "79",
        _ => "10",
    }
}

/// Whether Prussian block `unit` belongs to the corps of colour `corps` (its corps names it).
fn of_corps(record: &Record, name: &str, corps: &str) -> bool {
    record.unit("prussian", name).is_some_and(|unit| {
        unit.attribute(attribute::CORPS)
            .is_some_and(|c| c.to_lowercase().contains(corps))
    })
}

fn kind(record: &Record, name: &str) -> String {
    record
        .unit("prussian", name)
        .and_then(|u| u.attribute(attribute::TYPE))
        .unwrap_or("")
        .to_string()
}

/// The corps' blocks still to arrive.
fn waiting(record: &Record, corps: &str) -> Vec<String> {
    record
        .units_where(Some("prussian"), &[("state", state::NOT_ARRIVED)])
        .filter(|(_, name, _)| of_corps(record, name, corps))
        .map(|(_, name, _)| name.to_string())
        .collect()
}

/// The blocks that arrive without a draw: Blücher on turn 3, the corps' leader and artillery,
/// and on turn 5 the whole corps (L877-880, L884-891, L902-904).
fn sure_to_arrive(record: &Record, corps: &str) -> Vec<Symbol> {
    let mut arriving: Vec<Symbol> = waiting(record, corps)
        .into_iter()
        .filter(|name| {
            corps == "blue" || !matches!(kind(record, name).as_str(), "infantry" | "cavalry")
        })
        .map(|name| name.as_str().into())
        .collect();
    if corps == "red" {
        arriving.extend(
            record
                .units_where(
                    Some("prussian"),
                    &[
                        (attribute::TYPE, "strategic-leader"),
                        ("state", state::NOT_ARRIVED),
                    ],
                )
                .map(|(_, name, _)| Symbol::from(name)),
        );
    }
    arriving
}

const NOT_ARRIVED: &[(&str, &str)] = &[("state", state::NOT_ARRIVED)];

const FIELDS: &[Field] = &[
    Field {
        id: "corps",
        label: "Corps arriving",
        group: "Arrival",
        kind: FieldKind::Choice(CORPS),
        rule: "5.1 Prussian Scheduled Arrivals, L869-904",
        help: "Filled in from the turn.",
    },
    Field {
        id: "arriving",
        label: "Arriving without a draw",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: NOT_ARRIVED,
        },
        rule: "5.1, L877-880, L884-891, L902-904",
        help: "Filled in from the record: Blücher on turn 3, the corps' leader and artillery, on turn 5 the whole corps.",
    },
    Field {
        id: "cavalry",
        label: "The cavalry drawn",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: &[("state", state::NOT_ARRIVED), (attribute::TYPE, "cavalry")],
        },
        rule: "5.1, L877-880, L884-891; OR 1.0, L1273-1286",
        help: "One, drawn at random on the table from the corps' cavalry (or chosen under the Free Setup optional rule). None on turn 5.",
    },
    Field {
        id: "infantry",
        label: "The infantry drawn",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: &[("state", state::NOT_ARRIVED), (attribute::TYPE, "infantry")],
        },
        rule: "5.1, L877-880, L884-891; OR 1.0, L1273-1286",
        help: "One, drawn at random on the table from the corps' infantry (or chosen under the Free Setup optional rule). None on turn 5.",
    },
    Field {
        id: "to_pool",
        label: "To the Reserve Pool",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: NOT_ARRIVED,
        },
        rule: "5.1, L880, L891",
        help: "Filled in from the record: the corps' cavalry and infantry not drawn.",
    },
];

/// The corps' cavalry and infantry that go to the Reserve Pool: those not drawn.
fn to_pool(input: &Input, record: &Record) -> Vec<Symbol> {
    let corps = input.text("corps");
    waiting(record, corps)
        .into_iter()
        .filter(|name| {
            corps != "blue" && matches!(kind(record, name).as_str(), "infantry" | "cavalry")
        })
        .filter(|name| {
            !input
                .list("cavalry")
                .iter()
                .chain(input.list("infantry"))
                .any(|d| d.as_ref() == name)
        })
        .map(|name| name.as_str().into())
        .collect()
}

pub struct PrussianArrival;

impl Procedure for PrussianArrival {
    fn about(&self) -> &About {
        &About {
            id: "prussian-arrival",
            title: "Prussian Scheduled Arrival",
            rule: "5.1 Prussian Scheduled Arrivals, L869-904",
            summary: "At the start of turns 3, 4 and 5 a Prussian corps arrives in its Black Area; on turns 3 and 4 one cavalry and one infantry drawn at random come with it and the rest go to the Reserve Pool.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        (3..=5).contains(&record.position.turn)
    }
    fn acting_side(&self, _input: &Input) -> String {
        "prussian".into()
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, _side: &str, name: &str) -> bool {
        !matches!(field, "cavalry" | "infantry") || of_corps(record, name, input.text("corps"))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if let Some((corps, _)) = CORPS
            .iter()
            .find(|(corps, _)| turn_of(corps) == record.position.turn)
        {
            input.set("corps", Value::Text((*corps).into()));
        }
        self.follow("corps", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "corps" {
            let corps = input.text("corps").to_string();
            input.set("arriving", Value::List(sure_to_arrive(record, &corps)));
        }
        if matches!(changed, "corps" | "cavalry" | "infantry") {
            input.set("to_pool", Value::List(to_pool(input, record)));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let drawn = if input.text("corps") == "blue" { 0 } else { 1 };
        for field in ["cavalry", "infantry"] {
            if input.list(field).len() != drawn {
                return Err(InputError::new(
                    field,
                    if drawn == 0 {
                        "on turn 5 the I Corps arrives whole, with no draw (L902-904)".to_string()
                    } else {
                        format!("one {field} unit arrives, drawn at random (L877-891)")
                    },
                ));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let corps = input.text("corps");
        if record.position.turn != turn_of(corps) {
            return Err(InputError::new(
                "corps",
                format!("this corps arrives on turn {} (L869-904)", turn_of(corps)),
            ));
        }
        let expected = sure_to_arrive(record, corps);
        if input.list("arriving") != expected.as_slice() {
            return Err(InputError::new(
                "arriving",
                format!(
                    "the record has these arriving without a draw: {}",
                    expected
                        .iter()
                        .map(Symbol::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if input.list("to_pool") != to_pool(input, record).as_slice() {
            return Err(InputError::new(
                "to_pool",
                "the corps' cavalry and infantry not drawn go to the Reserve Pool (L880, L891)",
            ));
        }
        for field in ["cavalry", "infantry"] {
            for name in input.list(field) {
                if !of_corps(record, name, corps) || kind(record, name) != field {
                    return Err(InputError::new(
                        field,
                        format!("{name} is not a {field} unit of this corps waiting to arrive"),
                    ));
                }
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
        let corps = input.text("corps");
        let area = area_of(corps);
        let rule = "5.1 Prussian Scheduled Arrivals, L869-904";
        let arriving: Vec<&Symbol> = input
            .list("arriving")
            .iter()
            .chain(input.list("cavalry"))
            .chain(input.list("infantry"))
            .collect();
        let mut effects: Vec<Effect> = arriving
            .iter()
            .map(|name| Effect::set_state("prussian", name, state::ON_MAP, rule))
            .collect();
        effects.extend(
            input
                .list("to_pool")
                .iter()
                .map(|name| Effect::set_state("prussian", name, state::RESERVE, "5.1, L880, L891")),
        );
        effects.push(Effect::PutInCup {
            cup: super::deployment::reserve_cup("prussian").as_str().into(),
            chits: input.list("to_pool").to_vec(),
            rule: "5.1, L880, L891".into(),
        });
        effects.push(Effect::reminder(
            &format!(
                "Deploy them freely in Area {area}; the corps' other units go face down to the Prussian Reserve Pool"
            ),
            "5.1, L871-872, L877-891",
        ));
        Ok(Resolution::book_keeping(
            "prussian-arrival",
            format!("{} block(s) arrive in Area {area}", arriving.len()),
            effects,
        ))
    }
}
