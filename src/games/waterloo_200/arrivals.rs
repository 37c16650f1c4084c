//! The Prussian Scheduled Arrivals (5.1, L869-904): on turn 3 Blücher, Bülow and the red
//! artillery arrive in Area 50 with one red cavalry and one red infantry; on turn 4 Pirch and the
//! green artillery in Area 79 with one green cavalry and one green infantry; on turn 5 Ziethen and
//! the three blue units in Area 10. The other red and green units go to the Prussian Reserve Pool.
//!
//! The cavalry and infantry are drawn at random (L877-891), face down: the app draws every one of
//! the corps' cavalry and infantry in turn, the first of each to the map and the others to the
//! Reserve Pool, so that neither the log nor the Pool's contents tell which arrived. Under the Free
//! Setup optional rule (OR 1.0, L1273-1286) the Prussian player names the two he chooses instead.

use super::blocks::{attribute, state};
use super::options::PRUSSIAN_ARRIVALS;
use crate::engine::draws::{DrawSlot, DrawnRef};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::Lasts;
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
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

/// The cup of the Prussian corps still to arrive under OR 10.0, by their leaders (L1371-1375).
pub const ORDER_CUP: &str = "Prussian corps to arrive";

/// The corps' leaders, their colours and Areas (L1373-1375).
const LEADERS: &[(&str, &str)] = &[("Bülow", "red"), ("Pirch", "green"), ("Ziethen", "blue")];

/// The record's counter of the corps drawn to arrive this turn under OR 10.0: 1 red, 2 green,
/// 3 blue.
const DRAWN_CORPS: &str = "Prussian corps drawn to arrive";

/// Whether the corps arrive in a random order (OR 10.0).
fn random_order(input: &Input) -> bool {
    input.text(PRUSSIAN_ARRIVALS.id) == "random"
}

/// The corps drawn to arrive this turn under OR 10.0, if any.
fn drawn_corps(record: &Record) -> Option<&'static str> {
    let index = usize::try_from(*record.counters.get(DRAWN_CORPS)?).ok()?;
    LEADERS
        .get(index.checked_sub(1)?)
        .map(|(_, colour)| *colour)
}

/// The blocks that arrive without a draw: Blücher on turn 3, the corps' leader and artillery,
/// and on turn 5 the whole corps (L877-880, L884-891, L902-904). Under OR 10.0 Blücher still
/// arrives on turn 3, whichever corps comes (L1381).
fn sure_to_arrive(record: &Record, corps: &str, random: bool) -> Vec<Symbol> {
    let mut arriving: Vec<Symbol> = waiting(record, corps)
        .into_iter()
        .filter(|name| {
            corps == "blue" || !matches!(kind(record, name).as_str(), "infantry" | "cavalry")
        })
        .map(|name| name.as_str().into())
        .collect();
    let with_blucher = if random {
        record.position.turn == 3
    } else {
        corps == "red"
    };
    if with_blucher {
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

/// The colour of a Prussian corps as its blocks' corps names it ("4th Corps, Red" is red).
pub fn prussian_colour(corps: &str) -> Option<&'static str> {
    let corps = corps.to_lowercase();
    ["red", "green", "blue"]
        .into_iter()
        .find(|colour| corps.contains(colour))
}

/// The cup of a corps' cavalry or infantry waiting for its Scheduled Arrival.
pub fn arrival_cup(colour: &str, kind: &str) -> String {
    format!("Prussian {colour} {kind} to arrive")
}

/// How many of the corps' blocks of `kind` wait in their cup.
fn in_cup(record: &Record, corps: &str, kind: &str) -> i64 {
    record
        .cups
        .get(arrival_cup(corps, kind).as_str())
        .map_or(0, |cup| cup.len() as i64)
}

const DRAWN: [&str; 2] = ["cavalry", "infantry"];

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
    super::options::on_form(PRUSSIAN_ARRIVALS),
    Field::flag(
        "chosen",
        "Chosen, not drawn (Free Setup)",
        "Arrival",
        "OR 1.0 Free Setup, L1273-1286",
        "The optional rule lets a player choose the cavalry and infantry that arrive instead of drawing them.",
    ),
    Field {
        id: "cavalry_waiting",
        label: "Cavalry waiting to arrive",
        group: "Draw",
        kind: FieldKind::Count { max: 12 },
        rule: "5.1, L877-891",
        help: "Filled in from the record: the corps' cavalry, all drawn in turn; the first arrives.",
    },
    Field {
        id: "infantry_waiting",
        label: "Infantry waiting to arrive",
        group: "Draw",
        kind: FieldKind::Count { max: 12 },
        rule: "5.1, L877-891",
        help: "Filled in from the record: the corps' infantry, all drawn in turn; the first arrives.",
    },
    Field {
        id: "cavalry",
        label: "The cavalry chosen",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: &[("state", state::NOT_ARRIVED), (attribute::TYPE, "cavalry")],
        },
        rule: "5.1, L877-880, L884-891; OR 1.0, L1273-1286",
        help: "Under Free Setup only: the one cavalry chosen. None on turn 5.",
    },
    Field {
        id: "infantry",
        label: "The infantry chosen",
        group: "Arrival",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: &[("state", state::NOT_ARRIVED), (attribute::TYPE, "infantry")],
        },
        rule: "5.1, L877-880, L884-891; OR 1.0, L1273-1286",
        help: "Under Free Setup only: the one infantry chosen. None on turn 5.",
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
        help: "Under Free Setup, filled in from the record: the corps' cavalry and infantry not chosen.",
    },
];

/// The corps' cavalry and infantry that go to the Reserve Pool by name: those not chosen under
/// Free Setup (drawn ones go by their draws).
fn to_pool(input: &Input, record: &Record) -> Vec<Symbol> {
    let corps = input.text("corps");
    if !input.flag("chosen") {
        return Vec::new();
    }
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
        prefill_setting(input, record, &PRUSSIAN_ARRIVALS);
        let corps = if random_order(input) {
            drawn_corps(record)
        } else {
            CORPS
                .iter()
                .find(|(corps, _)| turn_of(corps) == record.position.turn)
                .map(|(corps, _)| *corps)
        };
        if let Some(corps) = corps {
            input.set("corps", Value::Text(corps.into()));
        }
        self.follow("corps", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "corps" {
            let corps = input.text("corps").to_string();
            let random = random_order(input);
            input.set(
                "arriving",
                Value::List(sure_to_arrive(record, &corps, random)),
            );
            for kind in DRAWN {
                let waiting = if corps == "blue" {
                    0
                } else {
                    in_cup(record, &corps, kind)
                };
                input.set(&format!("{kind}_waiting"), Value::Number(waiting));
            }
        }
        if matches!(changed, "corps" | "cavalry" | "infantry" | "chosen") {
            input.set("to_pool", Value::List(to_pool(input, record)));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let blue = input.text("corps") == "blue";
        let chosen = if !blue && input.flag("chosen") { 1 } else { 0 };
        for field in DRAWN {
            if input.list(field).len() != chosen {
                return Err(InputError::new(
                    field,
                    if blue {
                        "on turn 5 the I Corps arrives whole, with no draw (L902-904)".to_string()
                    } else if chosen == 0 {
                        format!(
                            "the {field} unit is drawn at random (L877-891): name one only under Free Setup"
                        )
                    } else {
                        format!("one {field} unit arrives (L877-891)")
                    },
                ));
            }
            let waiting = input.number(&format!("{field}_waiting"));
            if !blue && chosen == 0 && waiting == 0 {
                return Err(InputError::new(
                    &format!("{field}_waiting"),
                    format!(
                        "no {field} of the corps waits to be drawn: add them as \"not yet arrived\""
                    ),
                ));
            }
        }
        Ok(())
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        let corps = input.text("corps");
        if corps == "blue" || input.flag("chosen") {
            return Vec::new();
        }
        let mut slots = Vec::new();
        for kind in DRAWN {
            let cup = arrival_cup(corps, kind);
            for n in 0..input.number(&format!("{kind}_waiting")) {
                let label = if n == 0 {
                    format!("The {kind} arriving")
                } else {
                    format!("The {kind} to the Reserve Pool, {n}")
                };
                slots.push(DrawSlot::hidden(&label, &cup, "prussian"));
            }
        }
        slots
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let corps = input.text("corps");
        let random = random_order(input);
        if random {
            match drawn_corps(record) {
                Some(drawn) if drawn == corps => {}
                Some(_) => {
                    return Err(InputError::new(
                        "corps",
                        "another corps was drawn to arrive this turn (OR 10.0, L1371-1375)",
                    ));
                }
                None => {
                    return Err(InputError::new(
                        "corps",
                        "draw the corps that arrives first: \"Prussian arrival order\" (OR 10.0, L1371-1375)",
                    ));
                }
            }
        } else if record.position.turn != turn_of(corps) {
            return Err(InputError::new(
                "corps",
                format!("this corps arrives on turn {} (L869-904)", turn_of(corps)),
            ));
        }
        for kind in DRAWN {
            let field = format!("{kind}_waiting");
            let waiting = if corps == "blue" {
                0
            } else {
                in_cup(record, corps, kind)
            };
            if i64::from(input.number(&field)) != waiting {
                return Err(InputError::new(
                    &field,
                    format!("the record has {waiting} waiting to be drawn"),
                ));
            }
        }
        let expected = sure_to_arrive(record, corps, random);
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
        faces: &Faces,
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
        let pool_rule = "5.1, L880, L891";
        let mut effects: Vec<Effect> = arriving
            .iter()
            .map(|name| Effect::set_state("prussian", name, state::ON_MAP, rule))
            .collect();
        // The drawn: the first of each run arrives, the rest go to the Pool, all by their draws.
        let mut to_pool: Vec<Symbol> = input.list("to_pool").to_vec();
        let mut slot = 0;
        let mut drawn = 0;
        for kind in DRAWN {
            for n in 0..faces_for(input, kind, faces) {
                let block = DrawnRef::OfThis(slot).name();
                if n == 0 {
                    effects.push(Effect::set_state("prussian", &block, state::ON_MAP, rule));
                    drawn += 1;
                } else {
                    to_pool.push(block);
                }
                slot += 1;
            }
        }
        effects.extend(
            to_pool
                .iter()
                .map(|name| Effect::set_state("prussian", name, state::RESERVE, pool_rule)),
        );
        for kind in DRAWN {
            effects.push(Effect::EmptyCup {
                cup: arrival_cup(input.text("corps"), kind).as_str().into(),
                rule: pool_rule.into(),
            });
        }
        effects.push(Effect::PutInCup {
            cup: super::deployment::reserve_cup("prussian").as_str().into(),
            chits: to_pool,
            rule: pool_rule.into(),
        });
        effects.push(Effect::reminder(
            &format!(
                "Deploy them freely in Area {area}; the corps' other units go face down to the Prussian Reserve Pool"
            ),
            "5.1, L871-872, L877-891",
        ));
        if random_order(input)
            && area != "50"
            && input
                .list("arriving")
                .iter()
                .any(|n| n.as_str() == "Blücher")
        {
            effects.push(Effect::reminder(
                "Blücher arrives in Area 50 (OR 10.0, L1381)",
                "OR 10.0 Prussian Arrivals, L1381",
            ));
        }
        let headline = if drawn > 0 {
            format!(
                "{} block(s) arrive in Area {area}, {drawn} of them drawn face down",
                arriving.len() + drawn
            )
        } else {
            format!("{} block(s) arrive in Area {area}", arriving.len())
        };
        Ok(Resolution::book_keeping(
            "prussian-arrival",
            headline,
            effects,
        ))
    }
}

/// How many of the draws are of the corps' `kind`: all that wait, when they are drawn.
fn faces_for(input: &Input, kind: &str, faces: &Faces) -> i32 {
    if faces.chits().is_empty() {
        0
    } else {
        input.number(&format!("{kind}_waiting"))
    }
}

const ORDER_FIELDS: &[Field] = &[super::options::on_form(PRUSSIAN_ARRIVALS)];

/// Under OR 10.0 (L1371-1381), from turn 3 the Allied player draws which Prussian corps arrives
/// each turn, from those still to come.
pub struct ArrivalOrder;

impl Procedure for ArrivalOrder {
    fn about(&self) -> &About {
        &About {
            id: "prussian-arrival-order",
            title: "Prussian arrival order",
            rule: "OR 10.0 Prussian Arrivals, L1361-1381",
            summary: "Under the optional rule, draws the Prussian Tactical Leader whose corps arrives this turn, in his Area: Bülow 50, Pirch 79, Ziethen 10.",
            fields: ORDER_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        (3..=5).contains(&record.position.turn)
            && record.option(PRUSSIAN_ARRIVALS.id, "scheduled") == "random"
    }
    fn acting_side(&self, _input: &Input) -> String {
        "prussian".into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &PRUSSIAN_ARRIVALS);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if !random_order(input) {
            return Err(InputError::new(
                PRUSSIAN_ARRIVALS.id,
                "the corps arrive on their schedule; the optional rule 10.0 is not played (Session settings)",
            ));
        }
        if !(3..=5).contains(&record.position.turn) {
            return Err(InputError::new(
                PRUSSIAN_ARRIVALS.id,
                "the Prussians arrive on turns 3 to 5 (5.1, L870-871)",
            ));
        }
        if let Some(corps) = drawn_corps(record) {
            return Err(InputError::new(
                PRUSSIAN_ARRIVALS.id,
                format!("the {corps} corps was drawn this turn"),
            ));
        }
        Ok(())
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![DrawSlot::open("Prussian Tactical Leader", ORDER_CUP)]
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let Some(leader) = faces.chits().first() else {
            return Err(RuleError::Draw("no Tactical Leader was drawn".into()));
        };
        let Some((index, (_, colour))) = (1..)
            .zip(LEADERS)
            .find(|(_, (name, _))| *name == leader.as_str())
        else {
            return Err(RuleError::Draw(format!("{leader} leads no Prussian corps")));
        };
        let area = area_of(colour);
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: leader.to_string(),
                rank: 0,
                headline: format!("{leader}'s corps arrives this turn, in Area {area}"),
            },
            effects: vec![Effect::SetCounter {
                name: DRAWN_CORPS.into(),
                value: index,
                rule: "OR 10.0, L1371-1375".into(),
                lasts: Lasts::Turn,
            }],
        })
    }
}
