//! The Supply Segment (16.1-16.5, L1485-1571): the app holds no map, so each player states which
//! of his Formations are Out of Supply, having counted supply ranges and Lines of Supply on the
//! table; the app applies what follows. A Wagon may be expended to supply one Formation in its
//! area (16.3.3f, L1534).
//!
//! What the record shows of automatic supply (16.1.4, L1497) it applies itself: a Formation in an
//! area whose Fortress its side holds undestroyed (19.1.1, L1720; 19.1.7, L1732), as `fortresses`
//! knows them, is filled in as in supply and is not offered to be named Out of Supply; nor is an
//! un-brigaded unit, which is in no Formation and always in supply. A Formation the players name
//! anyway is refused rather than dropped: their statement and the record disagree, and only they
//! can tell which is wrong (a Formation picked by mistake, or a Fortress the enemy has taken that
//! was never recorded as a capture); dropping it in silence would hide that from the log.
//!
//! An Out of Supply Formation loses a step, its owner choosing the unit, and the opponent scores
//! 1 VP (16.5.1, L1561). Its marker stays until a later Supply Segment finds it in supply
//! (16.1.5, L1499; 16.5.6, L1571).

use super::fortresses;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Once, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::losses::formation_to_take;
use crate::games::beyond_waterloo::roster::{attribute, state, unbrigaded_troop};
use crate::games::beyond_waterloo::{SIDES, opponent, people};

const RULE: &str = "16.1-16.5, L1485-1571";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Supply",
        kind: FieldKind::Choice(SIDES),
        rule: "16.1.1, L1491",
        help: "Each player states his own Formations' supply.",
    },
    Field {
        id: "out_of_supply",
        label: "Out of Supply",
        group: "Supply",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        },
        rule: "16.1.2-16.4, L1493-1557",
        help: "Formations neither within range of a supply source (8 areas) or a Magazine (4, or 6 in an area with a friendly Fortress, even a destroyed one) nor at the end of a Line of Supply. Never one in an area with an undestroyed friendly Fortress, or supplied by a Wagon expended there.",
    },
    Field {
        id: "wagons_expended",
        label: "Wagons expended",
        group: "Supply",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "wagon"), ("state", state::IN_PLAY)],
        },
        rule: "16.3.3f, L1534",
        help: "Each supplies one Formation in its area and leaves the board, back to the Force Pool.",
    },
    Field {
        id: "out_until_now",
        label: "Out of Supply until now",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::SUPPLY, "out")],
        },
        rule: "16.1.5, L1499",
        help: "Filled in from the record: those not found Out of Supply again come back in supply.",
    },
    Field {
        id: "in_fortress",
        label: "In supply in a friendly Fortress",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        },
        rule: "16.1.4, L1497; 19.1.1, L1720",
        help: "Filled in from the record: Formations in an area whose Fortress their side holds, not destroyed. They are in supply automatically.",
    },
];

/// `side`'s Formations Out of Supply on the record.
fn out_of_supply<'a>(record: &'a Record, side: &'a str) -> Vec<&'a str> {
    record
        .units_where(Some(side), &[(attribute::SUPPLY, "out")])
        .map(|(_, name, _)| name)
        .collect()
}

/// `side`'s Formations in play in an area whose Fortress the side holds undestroyed: in supply
/// automatically (16.1.4, L1497; 19.1.1, L1720).
fn in_fortress<'a>(record: &'a Record, side: &'a str) -> Vec<&'a str> {
    record
        .units_where(
            Some(side),
            &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        )
        .filter(|(_, _, formation)| {
            formation
                .attribute(attribute::AREA)
                .is_some_and(|area| fortresses::supplies(record, side, area))
        })
        .map(|(_, name, _)| name)
        .collect()
}

/// A side's Supply Segment.
pub struct Supply;

impl Procedure for Supply {
    fn about(&self) -> &About {
        &About {
            id: "supply",
            title: "Supply status",
            rule: RULE,
            summary: "A player states which of his Formations are Out of Supply: each loses a step and gives the opponent 1 VP; those found in supply again lose their marker.",
            fields: FIELDS,
        }
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStepEachSide {
            rule: "16.1.1, L1491",
        })
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "out_of_supply", "wagons_expended"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let side = input.text("side").to_string();
            let listed =
                |names: Vec<&str>| Value::List(names.into_iter().map(Into::into).collect());
            input.set("out_until_now", listed(out_of_supply(record, &side)));
            input.set("in_fortress", listed(in_fortress(record, &side)));
        }
    }
    /// Out of Supply, not a Formation the record has in supply automatically; in supply
    /// automatically, only those.
    fn offers(
        &self,
        field: &str,
        input: &Input,
        _record: &Record,
        _side: &str,
        name: &str,
    ) -> bool {
        let sheltered = input.list("in_fortress").iter().any(|f| f == name);
        match field {
            "out_of_supply" => !sheltered,
            "in_fortress" => sheltered,
            _ => true,
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        for (id, on_record) in [
            ("out_until_now", out_of_supply(record, side)),
            ("in_fortress", in_fortress(record, side)),
        ] {
            if !input.list(id).iter().map(|n| n.as_str()).eq(on_record) {
                return Err(InputError::new(
                    id,
                    "the record's supply has changed since the form opened: pick the side again",
                ));
            }
        }
        for name in input.list("out_of_supply") {
            let unit = record.unit(side, name);
            if unit.is_some_and(unbrigaded_troop) {
                return Err(InputError::new(
                    "out_of_supply",
                    format!(
                        "{name} is an un-brigaded unit: it is always in supply (16.1.4, L1497)"
                    ),
                ));
            }
            if unit.is_none_or(|u| u.attribute(attribute::TYPE) != Some("formation")) {
                return Err(InputError::new(
                    "out_of_supply",
                    format!(
                        "{name} is not a Formation of the {} on the record",
                        people(side)
                    ),
                ));
            }
            if input.list("in_fortress").contains(name) {
                let area = unit
                    .and_then(|u| u.attribute(attribute::AREA))
                    .unwrap_or("");
                return Err(InputError::new(
                    "out_of_supply",
                    format!(
                        "{name} stands in {area}, whose Fortress the {} hold undestroyed: it is in supply automatically (16.1.4, L1497; 19.1.1, L1720). If the enemy has taken the Fortress, record the capture first",
                        people(side)
                    ),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let out = input.list("out_of_supply");
        let mut effects = Vec::new();
        for name in input
            .list("out_until_now")
            .iter()
            .filter(|n| !out.contains(n))
        {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::SUPPLY,
                "",
                "16.5.6, L1571",
            ));
        }
        for name in out {
            effects.extend([
                Effect::set_attribute(side, name, attribute::SUPPLY, "out", "16.5.6, L1571"),
                Effect::SetCounter {
                    name: formation_to_take(name).as_str().into(),
                    value: 1,
                    rule: "16.5.1, L1561".into(),
                    lasts: Lasts::Step,
                },
                Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points: 1,
                    reason: format!("{name} Out of Supply").into(),
                    rule: "16.5.1, L1561; 20.3, L1777".into(),
                },
            ]);
        }
        for wagon in input.list("wagons_expended") {
            effects.push(Effect::set_state(
                side,
                wagon,
                state::FORCE_POOL,
                "16.3.3f, L1534",
            ));
        }
        let names: Vec<&str> = out.iter().map(|n| n.as_str()).collect();
        let mut headline = if names.is_empty() {
            format!("Every Formation of the {} is in supply", people(side))
        } else {
            format!(
                "Out of Supply: {}; each loses a step, and the {} score {} VP",
                names.join(", "),
                people(opponent(side)),
                names.len()
            )
        };
        let sheltered: Vec<&str> = input
            .list("in_fortress")
            .iter()
            .map(|n| n.as_str())
            .collect();
        if !sheltered.is_empty() {
            headline.push_str(&format!(
                "; in supply in a friendly Fortress: {} (16.1.4, L1497)",
                sheltered.join(", ")
            ));
        }
        Ok(Resolution::book_keeping("supply", headline, effects))
    }
}
