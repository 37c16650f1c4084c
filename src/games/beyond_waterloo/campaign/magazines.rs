//! Magazines (16.3.4, L1538-1547): a player turns a Wagon into a Magazine by paying the RP Costs
//! Chart's price and flipping the counter (16.3.4a, L1540), in a Supply Segment, a Movement
//! Segment or the Purchase Segment (16.3.4b, L1541); he removes a Magazine at the start of his
//! Movement Segment or in the Purchase Segment to have its Wagon to buy again (16.3.4f, L1546;
//! 16.3.3g, L1535).
//!
//! Readings the text leaves to us:
//! - A Magazine removed goes back to the Force Pool as a Wagon, with no RP returned: "in order to
//!   have a Wagon unit available to build", and a Wagon "may be purchased immediately in the
//!   Purchase Segment in which a Magazine was dismantled to make the counter available".
//! - The app holds no map: where the Magazine stands is the area the record has for the Wagon,
//!   unless the player names another (a Wagon attached to a Formation goes where the Formation
//!   goes, and the app does not follow its units' areas). "The start of his Movement Segment" is
//!   the player's to keep: the app checks only the segment.

use super::war_chest::{pay_in, price, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people, side_label};

const RULE: &str = "16.3.4, L1538-1547";

const ACTIONS: &[(&str, &str)] = &[
    ("convert", "Turn Wagons into Magazines"),
    (
        "dismantle",
        "Remove Magazines, their Wagons to the Force Pool",
    ),
];

/// The segments each action may be taken in, by title (16.3.4b, L1541; 16.3.4f, L1546).
const CONVERT_IN: &[&str] = &["Supply Segment", "Movement Segment", "Purchase Segment"];
const DISMANTLE_IN: &[&str] = &["Movement Segment", "Purchase Segment"];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Magazines",
        kind: FieldKind::Choice(SIDES),
        rule: "16.3.4a, L1540",
        help: "Each player builds and removes his own Magazines.",
    },
    Field {
        id: "action",
        label: "Action",
        group: "Magazines",
        kind: FieldKind::Choice(ACTIONS),
        rule: "16.3.4b, L1541; 16.3.4f, L1546",
        help: "Turn Wagons into Magazines in a Supply, Movement or Purchase Segment; remove Magazines at the start of a Movement Segment or in the Purchase Segment.",
    },
    Field {
        id: "wagons",
        label: "Wagons turned into Magazines",
        group: "Magazines",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "wagon"), ("state", state::IN_PLAY)],
        },
        rule: "16.3.4a, L1540",
        help: "Each at the RP Costs Chart's price; the counter flips to its Magazine side and never moves again (16.3.4c, L1543).",
    },
    Field {
        id: "at",
        label: "The Magazines stand in",
        group: "Magazines",
        kind: FieldKind::Text { max_len: 60 },
        rule: "16.3.4a, L1540; 16.3.4c, L1543",
        help: "Blank keeps the area the record has for the Wagons; name it for a Wagon that moved with a Formation.",
    },
    Field {
        id: "magazines",
        label: "Magazines removed",
        group: "Magazines",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "magazine"), ("state", state::IN_PLAY)],
        },
        rule: "16.3.4f, L1546; 16.3.3g, L1535",
        help: "Each goes back to the Force Pool as a Wagon, to be bought again.",
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

const READS: &[TableRead] = &[TableRead {
    table: "rp-costs",
    codes: &[],
}];

/// The conversions' bill: a line a Wagon, with its rule.
fn bill(input: &Input, tables: &TableSet) -> Result<Vec<Modifier>, RuleError> {
    if input.text("action") != "convert" || input.list("wagons").is_empty() {
        return Ok(Vec::new());
    }
    let (price, _) = price(tables, "magazine")?;
    let price = i32::try_from(price).unwrap_or(i32::MAX);
    let payer = format!("{} RP cost", side_label(input.text("side")));
    Ok(input
        .list("wagons")
        .iter()
        .map(|name| {
            Modifier::new(
                &payer,
                format!("{name}: Wagon turned into a Magazine"),
                price,
                "16.3.4a, L1540; RP Costs Chart",
            )
        })
        .collect())
}

/// A side's Magazines built or removed.
pub struct Magazines;

impl Procedure for Magazines {
    fn about(&self) -> &About {
        &About {
            id: "magazine",
            title: "Magazines",
            rule: RULE,
            summary: "A player turns Wagons into Magazines at the RP Costs Chart's price, or removes Magazines to have their Wagons back in the Force Pool.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "action", "wagons", "magazines"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "wagons" | "at" => input.text("action") == "convert",
            "magazines" => input.text("action") == "dismantle",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let side = input.text("side").to_string();
            input.set("war_chest", Value::Number(rp(record, &side)));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (field, what) = if input.text("action") == "convert" {
            ("wagons", "the Wagons turned into Magazines")
        } else {
            ("magazines", "the Magazines removed")
        };
        if input.list(field).is_empty() {
            return Err(InputError::new(field, format!("pick {what}")));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if i64::from(input.number("war_chest")) != rp(record, side) {
            return Err(InputError::new(
                "war_chest",
                format!(
                    "the War Chest holds {} RP: pick the side again",
                    rp(record, side)
                ),
            ));
        }
        let convert = input.text("action") == "convert";
        let (allowed, rule) = if convert {
            (CONVERT_IN, "16.3.4b, L1541")
        } else {
            (DISMANTLE_IN, "16.3.4f, L1546")
        };
        let segment = super::SEQUENCE
            .step(record.position)
            .map_or("", |step| step.title);
        if !allowed.contains(&segment) {
            return Err(InputError::new(
                "action",
                format!(
                    "not in the {segment}: only in the {} ({rule})",
                    allowed.join(", the ")
                ),
            ));
        }
        let (field, kind) = if convert {
            ("wagons", "wagon")
        } else {
            ("magazines", "magazine")
        };
        for name in input.list(field) {
            let ready = record.unit(side, name).is_some_and(|u| {
                u.state.as_ref() == state::IN_PLAY && u.attribute(attribute::TYPE) == Some(kind)
            });
            if !ready {
                return Err(InputError::new(
                    field,
                    format!("{name} is not a {kind} of the {} on the map", people(side)),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn modifiers_read(&self, input: &Input, tables: &TableSet) -> Vec<Modifier> {
        bill(input, tables).unwrap_or_default()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        self.check_combination(input)?;
        let side = input.text("side");
        if input.text("action") == "dismantle" {
            let mut effects = Vec::new();
            for name in input.list("magazines") {
                let rule = "16.3.4f, L1546; 16.3.3g, L1535";
                effects.extend([
                    Effect::set_attribute(side, name, attribute::TYPE, "wagon", rule),
                    Effect::set_state(side, name, state::FORCE_POOL, rule),
                    Effect::set_attribute(side, name, attribute::AREA, "", rule),
                    Effect::set_attribute(side, name, attribute::FORMATION, "", rule),
                ]);
            }
            let names: Vec<&str> = input.list("magazines").iter().map(|n| n.as_str()).collect();
            return Ok(Resolution::book_keeping(
                "magazines removed",
                format!(
                    "Removed, back to the Force Pool as Wagons: {}",
                    names.join(", ")
                ),
                effects,
            ));
        }
        let lines = bill(input, tables)?;
        let cost: i64 = lines.iter().map(|line| i64::from(line.value)).sum();
        let chest = i64::from(input.number("war_chest"));
        if cost > chest {
            return Err(RuleError::Input(InputError::new(
                "wagons",
                format!(
                    "the Magazines cost {cost} RP and the War Chest holds {chest}: a player may not spend RP he does not have (10.1.4, L1278)"
                ),
            )));
        }
        let at = input.text("at").trim();
        let mut effects = vec![pay_in(side, -cost, "16.3.4a, L1540")];
        for name in input.list("wagons") {
            let rule = "16.3.4a, L1540";
            effects.extend([
                Effect::set_attribute(side, name, attribute::TYPE, "magazine", rule),
                Effect::set_attribute(side, name, attribute::FORMATION, "", "16.3.4c, L1543"),
            ]);
            if !at.is_empty() {
                effects.push(Effect::set_attribute(side, name, attribute::AREA, at, rule));
            }
        }
        let names: Vec<&str> = input.list("wagons").iter().map(|n| n.as_str()).collect();
        let total = i32::try_from(cost).unwrap_or(i32::MAX);
        let mut resolution = Resolution::book_keeping(
            "magazines built",
            format!(
                "The {} pay {cost} RP: {} turned into Magazines",
                people(side),
                names.join(", ")
            ),
            effects,
        );
        resolution.totals = vec![SideTotal {
            side: format!("{} RP cost", side_label(side)),
            die: None,
            modifiers: total,
            total,
        }];
        resolution.modifiers = lines;
        Ok(resolution)
    }
}
