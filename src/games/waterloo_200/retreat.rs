//! Optional rule 7.0, Retreat (L1291-1310): when a battle is declared in an Area, a defender
//! holding the Initiative Disc may play it, before the Showdown, to retreat all his units from
//! the Area into adjacent Areas his Faction controls and already occupies, without overstacking;
//! those that cannot are eliminated, at his choice. A Combined Attack (OR 8.0, L1334-1336)
//! negates the retreat, and the Disc is spent all the same.
//!
//! "Spent" is read as for a Strategic Action: the Disc goes to the other Side (L874-875; digest
//! §7.2 item 15).

use super::blocks::state;
use super::impulse::{disc_holder, disc_mark, other};
use super::options::{COMBINED_ATTACK, RETREAT, on_form};
use super::side_label;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "OR 7.0 Retreat, L1291, L1295-1297, L1303-1310";

const DEFENDERS: &[(&str, &str)] = &[
    ("british", "British"),
    ("prussian", "Prussian"),
    ("french", "French"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Defender",
        group: "Retreat",
        kind: FieldKind::Choice(DEFENDERS),
        rule: RULE,
        help: "The Faction whose units are attacked; its Side holds the Initiative Disc.",
    },
    Field {
        id: "area",
        label: "Area",
        group: "Retreat",
        kind: FieldKind::Text { max_len: 12 },
        rule: RULE,
        help: "The Area in which the battle is declared.",
    },
    Field::flag(
        "combined",
        "The attacker makes a Combined Attack (optional rule 8.0)",
        "Retreat",
        "OR 8.0 Combined Attack, L1330-1336",
        "A Leader, an Artillery, an Infantry and a Cavalry attacking: the Disc is spent but the retreat negated.",
    ),
    Field {
        id: "eliminated",
        label: "Units that cannot retreat",
        group: "Retreat",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_MAP)],
        },
        rule: "OR 7.0, L1303-1310",
        help: "Those with no adjacent Area of their Faction's, occupied by it and with room: they are eliminated, at the defender's choice.",
    },
    on_form(RETREAT),
    on_form(COMBINED_ATTACK),
];

pub struct Retreat;

impl Procedure for Retreat {
    fn about(&self) -> &About {
        &About {
            id: "retreat",
            title: "Retreat: the defender plays the Disc",
            rule: RULE,
            summary: "Optional rule 7.0: the defender holding the Initiative Disc spends it to retreat all his units from the Area of a battle declared, before the Showdown; those that cannot are eliminated.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "area", "combined", "eliminated"]
    }
    fn applies(&self, record: &Record) -> bool {
        super::options::played(record, &RETREAT)
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &RETREAT);
        prefill_setting(input, record, &COMBINED_ATTACK);
        // The Side holding the Disc defends.
        let side = if disc_holder(record) == "french" {
            "french"
        } else {
            "british"
        };
        input.set("side", Value::Text(side.into()));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text(RETREAT.id) != "on" {
            return Err(InputError::new(
                RETREAT.id,
                "the optional rule 7.0 is not played (Session settings)",
            ));
        }
        if input.text("area").trim().is_empty() {
            return Err(InputError::new("area", "name the Area of the battle"));
        }
        if input.flag("combined") && input.text(COMBINED_ATTACK.id) == "off" {
            return Err(InputError::new(
                "combined",
                "the optional rule 8.0 is not played: no Combined Attack negates a retreat",
            ));
        }
        if input.flag("combined") && !input.list("eliminated").is_empty() {
            return Err(InputError::new(
                "eliminated",
                "a Combined Attack negates the retreat: no unit leaves, none is eliminated (L1334-1336)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let holder = disc_holder(record);
        if (side == "french") != (holder == "french") {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} Side does not hold the Initiative Disc (L1295-1297)",
                    side_label(side)
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
        let side = input.text("side");
        let area = input.text("area").trim();
        let holder = if side == "french" {
            "french"
        } else {
            "british"
        };
        let mut effects = vec![
            Effect::Unmark {
                name: disc_mark(holder).as_str().into(),
                rule: "OR 7.0, L1303-1304".into(),
            },
            Effect::Mark {
                name: disc_mark(other(holder)).as_str().into(),
                rule: "OR 7.0, L1303-1304; 6.1, L874-875".into(),
            },
        ];
        if input.flag("combined") {
            effects.push(Effect::reminder(
                "The Disc is spent, but the retreat is negated: the battle is fought",
                "OR 8.0, L1334-1336",
            ));
            return Ok(Resolution::book_keeping(
                "negated",
                format!(
                    "The {} spend the Disc, but the Combined Attack negates the retreat from Area {area}",
                    side_label(side)
                ),
                effects,
            ));
        }
        let eliminated = input.list("eliminated");
        effects.extend(
            eliminated
                .iter()
                .map(|name| Effect::set_state(side, name, state::ELIMINATED, "OR 7.0, L1309-1310")),
        );
        effects.push(Effect::reminder(
            &format!(
                "Retreat every other {} unit from Area {area} into adjacent Areas the {} control and already occupy, without overstacking (British and Prussians never into each other's); no battle is fought there, and the attacker takes the Area: record its control",
                side_label(side),
                side_label(side)
            ),
            "OR 7.0, L1304-1309",
        ));
        let headline = if eliminated.is_empty() {
            format!(
                "The {} spend the Disc and retreat from Area {area}",
                side_label(side)
            )
        } else {
            format!(
                "The {} spend the Disc and retreat from Area {area}; {} unit(s) cannot and are eliminated",
                side_label(side),
                eliminated.len()
            )
        };
        Ok(Resolution::book_keeping("retreat", headline, effects))
    }
}
