//! Field Maintenance (11.1, L1308-1324): in the Mobilization Phase each player pays the RP Costs
//! Chart's price for every Formation box holding Troop units, on the map and on the Off-Board
//! displays, a brigaded Formation on its own (11.1.1-11.1.2, 11.1.5). A player who cannot pay
//! disbands Formations of his choice until he can (11.1.3): the Leader to the Leader Pool, the
//! units un-brigaded in the marker's area, the marker back in its box (11.1.4).

use super::war_chest::{pay_in, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Once, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::losses::{deactivation, troops_of};
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people};

const RULE: &str = "11.1, L1312-1324";

/// A side's Formations in play that hold Troop units: the boxes it pays for.
fn paid_for<'a>(record: &'a Record, side: &'a str) -> Vec<&'a str> {
    record
        .units_where(
            Some(side),
            &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        )
        .map(|(_, name, _)| name)
        .filter(|formation| troop_units(record, side, formation).next().is_some())
        .collect()
}

/// The Troop units in play in a Formation's box.
fn troop_units<'a>(
    record: &'a Record,
    side: &'a str,
    formation: &'a str,
) -> impl Iterator<Item = &'a str> + 'a {
    troops_of(record, side, formation).map(|(name, _)| name)
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side paying",
        group: "Field Maintenance",
        kind: FieldKind::Choice(SIDES),
        rule: "11.1.1, L1314",
        help: "Each player pays for his own Formations.",
    },
    Field {
        id: "formations",
        label: "Formation boxes holding Troop units",
        group: "Field Maintenance",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        },
        rule: "11.1.2, L1316; 11.1.5, L1324",
        help: "From the record: on the map and off it, each brigaded Formation on its own.",
    },
    Field {
        id: "war_chest",
        label: "RP in the War Chest",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9999 },
        rule: "10.1.4, L1278",
        help: "From the record: a player may not spend RP he does not have.",
    },
];

/// A side's Field Maintenance.
pub struct FieldMaintenance;

impl Procedure for FieldMaintenance {
    fn about(&self) -> &About {
        &About {
            id: "field-maintenance",
            title: "Field Maintenance",
            rule: RULE,
            summary: "A player pays the RP Costs Chart's maintenance for every Formation box holding Troop units; one who cannot pay disbands Formations until he can.",
            fields: FIELDS,
        }
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStepEachSide {
            rule: "11.1.1, L1314: each turn",
        })
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let formations = paid_for(record, &side)
            .into_iter()
            .map(Into::into)
            .collect();
        input.set("formations", Value::List(formations));
        input.set("war_chest", Value::Number(rp(record, &side)));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let listed: Vec<&str> = input
            .list("formations")
            .iter()
            .map(|n| n.as_str())
            .collect();
        if listed != paid_for(record, side) {
            return Err(InputError::new(
                "formations",
                format!(
                    "the record's {} Formations holding Troop units are {}: pick the side again",
                    people(side),
                    paid_for(record, side).join(", ")
                ),
            ));
        }
        if i64::from(input.number("war_chest")) != rp(record, side) {
            return Err(InputError::new(
                "war_chest",
                format!(
                    "the War Chest holds {} RP: pick the side again",
                    rp(record, side)
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let (price, lookup) = super::war_chest::price(tables, "maintenance")?;
        let count = i64::try_from(input.list("formations").len()).unwrap_or(i64::MAX);
        let cost = count.saturating_mul(price);
        let chest = i64::from(input.number("war_chest"));
        if cost > chest {
            return Err(RuleError::Input(InputError::new(
                "formations",
                format!(
                    "{count} Formations at {price} RP cost {cost} RP, and the War Chest holds {chest}: disband Formations until the rest can be paid for (11.1.3, L1318)"
                ),
            )));
        }
        let mut resolution = Resolution::book_keeping(
            "maintenance",
            format!(
                "The {} pay {cost} RP for {count} Formations at {price} RP each",
                people(side)
            ),
            vec![pay_in(side, -cost, "11.1.2, L1316")],
        );
        resolution.cell = Some(lookup.cell);
        Ok(resolution)
    }
}

const DISBAND_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Disband",
        kind: FieldKind::Choice(SIDES),
        rule: "11.1.3, L1318",
        help: "The player who cannot pay for all his Formations.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Disband",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "11.1.3, L1318",
        help: "Of his choice.",
    },
    Field {
        id: "units",
        label: "Its Troop units",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
        },
        rule: "11.1.4, L1320-1322",
        help: "From the record: they stay in the marker's area, un-brigaded.",
    },
    Field {
        id: "leader",
        label: "Its Leader",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "11.1.4, L1320",
        help: "From the record: he goes to the Leader Pool.",
    },
    Field {
        id: "area",
        label: "Where its marker stands",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "11.1.4, L1320-1322",
        help: "From the record.",
    },
    Field {
        id: "phase",
        label: "This Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: "4.5.6, L720; 13.2.5, L1423",
        help: "From the record: its Leader cannot take a command again in it.",
    },
];

/// A Formation disbanded because its maintenance cannot be paid.
pub struct Disband;

impl Disband {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let formation = input.text("formation").trim().to_string();
        let units = troop_units(record, &side, &formation)
            .map(Into::into)
            .collect();
        input.set("units", Value::List(units));
        let of_formation = |attribute: &str| {
            record
                .unit(&side, &formation)
                .and_then(|u| u.attribute(attribute))
                .unwrap_or("")
                .to_string()
        };
        input.set(
            "leader",
            Value::Text(of_formation(attribute::LEADER).as_str().into()),
        );
        input.set(
            "area",
            Value::Text(of_formation(attribute::AREA).as_str().into()),
        );
        input.set(
            "phase",
            Value::Text(super::movement::ops_mark(record).as_str().into()),
        );
    }
}

impl Procedure for Disband {
    fn about(&self) -> &About {
        &About {
            id: "disband",
            title: "Disband a Formation",
            rule: "11.1.3-11.1.4, L1318-1322",
            summary: "A Formation its player cannot pay for is disbanded: its Leader goes to the Leader Pool, its units stay un-brigaded in its area, its marker goes back to its box.",
            fields: DISBAND_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "formation" || changed == "side" {
            Self::fill(input, record);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if known != *input {
            return Err(InputError::new(
                "formation",
                format!(
                    "the record knows {} otherwise: pick it again",
                    input.text("formation").trim()
                ),
            ));
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
        let formation = input.text("formation").trim();
        let leader = input.text("leader");
        let area = input.text("area");
        let rule = "11.1.4, L1320-1322";
        let mut effects = deactivation(side, formation, leader, input.text("phase"), rule);
        for unit in input.list("units") {
            effects.extend([
                Effect::set_attribute(side, unit, attribute::FORMATION, "", rule),
                Effect::set_attribute(side, unit, attribute::AREA, area, rule),
            ]);
        }
        Ok(Resolution::book_keeping(
            "disband",
            format!("{formation} is disbanded: its units stay in {area} un-brigaded"),
            effects,
        ))
    }
}
