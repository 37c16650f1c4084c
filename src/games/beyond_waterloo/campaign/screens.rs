//! Cavalry Screens outside battle (3.2.1, L532-535): during Movement a player puts cavalry units
//! of a Formation on top of its Leader's box as its screen. The Battle Display takes them from
//! there, and attrition takes them last (9.1.6, L1256).

use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::SIDES;
use crate::games::beyond_waterloo::roster::{attribute, state};

const RULE: &str = "3.2.1, L532-535";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Screen",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The side whose Formation is screened.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Screen",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: RULE,
        help: "The Formation whose Leader's box the cavalry sit on.",
    },
    Field {
        id: "screen",
        label: "Its screening cavalry",
        group: "Screen",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "cavalry"), ("state", state::IN_PLAY)],
        },
        rule: "3.2.1a-b, L534-535",
        help: "Cavalry units of the Formation; none to take the screen off. Only non-broken cavalry may screen (3.2.1a).",
    },
    Field {
        id: "screened_before",
        label: "Screening it until now",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::BOX, "screen")],
        },
        rule: RULE,
        help: "Filled in from the record: these leave the screen unless ticked above.",
    },
];

/// The Formation's cavalry on the record that screen it now.
fn screening<'a>(record: &'a Record, side: &'a str, formation: &str) -> Vec<&'a str> {
    record
        .units_where(
            Some(side),
            &[("state", state::IN_PLAY), (attribute::BOX, "screen")],
        )
        .filter(|(_, _, u)| u.attribute(attribute::FORMATION) == Some(formation))
        .map(|(_, name, _)| name)
        .collect()
}

/// Puts cavalry units on, or takes them off, a Formation's screen.
pub struct CavalryScreen;

impl Procedure for CavalryScreen {
    fn about(&self) -> &About {
        &About {
            id: "cavalry-screen",
            title: "Cavalry Screen",
            rule: RULE,
            summary: "During Movement, a Formation's cavalry units go on top of its Leader's box as its Cavalry Screen, or come off it.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "screen"]
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "formation" && changed != "side" {
            return;
        }
        let before = screening(record, input.text("side"), input.text("formation").trim());
        let names: Vec<_> = before.iter().map(|n| (*n).into()).collect();
        input.set("screened_before", Value::List(names.clone()));
        input.set("screen", Value::List(names));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let before = screening(record, side, formation);
        let listed: Vec<&str> = input
            .list("screened_before")
            .iter()
            .map(|n| n.as_str())
            .collect();
        if listed != before {
            return Err(InputError::new(
                "screened_before",
                format!(
                    "the record has {formation} screened by {}: pick the Formation again",
                    if before.is_empty() {
                        "no cavalry".to_string()
                    } else {
                        before.join(", ")
                    }
                ),
            ));
        }
        for name in input.list("screen") {
            let unit = record.unit(side, name);
            let in_formation = unit.is_some_and(|u| {
                u.attribute(attribute::FORMATION) == Some(formation)
                    && u.attribute(attribute::TYPE) == Some("cavalry")
            });
            if !in_formation {
                return Err(InputError::new(
                    "screen",
                    format!("{name} is not a cavalry unit of {formation}"),
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
        let formation = input.text("formation").trim();
        let screen = input.list("screen");
        let mut effects = Vec::new();
        for name in input
            .list("screened_before")
            .iter()
            .filter(|n| !screen.contains(n))
        {
            effects.push(Effect::set_attribute(side, name, attribute::BOX, "", RULE));
        }
        for name in screen {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::BOX,
                "screen",
                RULE,
            ));
        }
        let headline = if screen.is_empty() {
            format!("{formation} has no Cavalry Screen")
        } else {
            let names: Vec<&str> = screen.iter().map(|n| n.as_str()).collect();
            format!("{formation} is screened by {}", names.join(", "))
        };
        Ok(Resolution::book_keeping(
            "cavalry-screen",
            headline,
            effects,
        ))
    }
}
