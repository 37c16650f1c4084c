//! 3.5 End of Turn (L1046-1056), in the rulebook's order: Routed Units are eliminated, one orange
//! marker comes off each Formation, the Smoke tokens go, the Commanders in Chief's boxes are
//! emptied, Generals keep at most 4 markers and Ney none; then the players split Units still in
//! contact and advance the turn.
//!
//! What this turn allowed, which the record counts (markers assigned, generated points spent, the
//! Order and the maneuver each Formation had, the Horse Teams fastened), starts again from nothing.

use super::roster::{self, COMMANDERS, NEY, attribute, kind};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "3.5 End of Turn, L1046-1056";

/// Markers a General may keep from one turn to the next (L737, L1054).
const MOST_KEPT: i64 = 4;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "End of Turn",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "Each army ends its turn, in the order of Initiative.",
    },
    Field {
        id: "routed",
        label: "Routed Units, eliminated",
        group: "End of Turn",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                (attribute::KIND, kind::UNIT),
                (attribute::YELLOW, "2"),
                ("state", roster::state::ON_BATTLEFIELD),
            ],
        },
        rule: "Routed, L787; End of Turn 1, L1049",
        help: "Units with 2 yellow markers. Filled in from the record.",
    },
    Field {
        id: "formations",
        label: "Formations on the battlefield",
        group: "End of Turn",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::KIND, kind::FORMATION)],
        },
        rule: "End of Turn 2, L1051",
        help: "Each loses one orange marker, if it has any, and may receive an Order again. Filled in from the record.",
    },
    Field {
        id: "smoke",
        label: "Artillery with a Smoke token",
        group: "End of Turn",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::SMOKE, "yes")],
        },
        rule: "End of Turn 3, L1052",
        help: "The tokens are removed. Filled in from the record.",
    },
    Field {
        id: "fastened",
        label: "Artillery that fastened its Horse Team this turn",
        group: "End of Turn",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::FASTENED_THIS_TURN, "yes")],
        },
        rule: "Horse Teams during a turn, L861-869",
        help: "Next turn it may unfasten again. Filled in from the record.",
    },
];

pub struct EndOfTurn;

impl Procedure for EndOfTurn {
    fn about(&self) -> &About {
        &About {
            id: "end-of-turn",
            title: "End of Turn",
            rule: RULE,
            summary: "Eliminates Routed Units, takes one orange marker off each Formation, removes the Smoke, empties the Commanders' boxes and brings each General down to 4 markers.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        for field in FIELDS {
            let FieldKind::Units { only, .. } = field.kind else {
                continue;
            };
            let names = record
                .units_where(Some(&side), only)
                .map(|(_, name, _)| name.into())
                .collect();
            input.set(field.id, Value::List(names));
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let mut effects = Vec::new();
        for unit in input.list("routed") {
            effects.push(Effect::set_state(
                side,
                unit,
                roster::state::ELIMINATED,
                "End of Turn 1, L1049",
            ));
        }
        for formation in input.list("formations") {
            effects.push(Effect::add_to(
                side,
                formation,
                attribute::ORANGE,
                -1,
                "End of Turn 2, L1051",
            ));
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::ORDER,
                "",
                "One Order per Formation a turn, L751",
            ));
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::MANEUVER,
                "",
                "One maneuver per Formation a turn, L837",
            ));
        }
        for unit in input.list("smoke") {
            effects.push(Effect::set_attribute(
                side,
                unit,
                attribute::SMOKE,
                "",
                "End of Turn 3, L1052",
            ));
        }
        for unit in input.list("fastened") {
            effects.push(Effect::set_attribute(
                side,
                unit,
                attribute::FASTENED_THIS_TURN,
                "",
                "Horse Teams during a turn, L861-869",
            ));
        }
        for commander in COMMANDERS.iter().filter(|c| c.side == side) {
            let name = commander.name;
            let kept = if commander.is_commander_in_chief() || name == NEY {
                0
            } else {
                MOST_KEPT
            };
            effects.push(Effect::cap(
                side,
                name,
                attribute::MARKERS,
                kept,
                "End of Turn 4-5, L1053-1054",
            ));
            effects.push(Effect::cap(
                side,
                name,
                attribute::ASSIGNED,
                0,
                "3.1 Assign, L737",
            ));
            effects.push(Effect::cap(
                side,
                name,
                attribute::GENERATED_SPENT,
                0,
                "Generated points are not saved, L741",
            ));
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::GENERATED_TO,
                "",
                "Generated points, L363",
            ));
        }
        effects.push(Effect::reminder(
            "Split every pair of enemy Units still in contact",
            "End of Turn 6, L1055",
        ));
        let routed = input.list("routed").len();
        Ok(Resolution::book_keeping(
            "end-of-turn",
            format!(
                "{}: end of turn, {routed} Routed Units eliminated; orange, Smoke and command markers cleared",
                army_label(side)
            ),
            effects,
        ))
    }
}
