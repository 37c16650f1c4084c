//! Captured and out of field (Effects of removal, L670-676): the two removals the other procedures
//! cannot see, because they happen on the table. A Routed Unit that cannot Withdraw 2 is captured
//! (L787), as is an Artillery Unit an enemy Charge overruns: fastened, if the charging Unit stays
//! in contact after its Withdraw (L894); unfastened, if no Unit of its Formation defends it (L896).
//! A Unit that touches
//! the edge of the board, a Command Table or the turn track is out of field (L578, L676). The
//! victory count doubles a captured piece and halves one out of field (L674, L676).
//!
//! Readings taken:
//! - A capture for failing to Withdraw 2 needs a Routed Unit (2 yellow markers, L787) on the
//!   record, and an overrun capture an Artillery Unit (L894, L896): anything else is refused, since
//!   the rulebook gives other Units no capture there.
//! - A Garrison is never moved, so it never fails to Withdraw 2: a Routed Garrison is eliminated
//!   (L540), not captured.
//! - Artillery captured by a melee effect (L905-906) is captured by the Melee procedure itself.

use super::SIDES;
use super::forms::{UNITS_ON_BATTLEFIELD, given, unit_on_battlefield};
use super::roster::{self, attribute, state};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "Effects of removal, L670-676";

/// How the Unit left the battlefield: (id, label, new state, rule).
const HOW: &[(&str, &str, &str, &str); 3] = &[
    (
        "routed",
        "Captured: Routed, it cannot Withdraw 2 (L787)",
        state::CAPTURED,
        "Routed, L787; Capture, L674",
    ),
    (
        "overrun",
        "Captured: Artillery overrun by a Charge (L894, L896)",
        state::CAPTURED,
        "Charge against Artillery, L888-896; Capture, L674",
    ),
    (
        "out_of_field",
        "Out of field: it touched the edge, a Command Table or the turn track (L578)",
        state::OUT_OF_FIELD,
        "Elements out of field, L578; Out of field, L676",
    ),
];

const HOW_CHOICES: &[(&str, &str)] = &[
    (HOW[0].0, HOW[0].1),
    (HOW[1].0, HOW[1].1),
    (HOW[2].0, HOW[2].1),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Removal",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The army whose Unit leaves the battlefield.",
    },
    Field {
        id: "unit",
        label: "Unit",
        group: "Removal",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: UNITS_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: RULE,
        help: "The Unit removed from the battlefield.",
    },
    Field {
        id: "how",
        label: "How it is removed",
        group: "Removal",
        kind: FieldKind::Choice(HOW_CHOICES),
        rule: RULE,
        help: "Captured pieces count double in the victory count (L674); pieces out of field count half, rounded down (L676).",
    },
];

pub struct RemoveUnit;

fn how(input: &Input) -> (&'static str, &'static str, &'static str, &'static str) {
    HOW.iter()
        .copied()
        .find(|(id, ..)| *id == input.text("how"))
        .unwrap_or(HOW[0])
}

impl Procedure for RemoveUnit {
    fn about(&self) -> &About {
        &About {
            id: "remove-unit",
            title: "Capture or Out of Field",
            rule: RULE,
            summary: "Removes a Unit captured (a Routed Unit that cannot Withdraw 2, or Artillery overrun by a Charge) or out of field, for the victory count.",
            fields: FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if given(input.text("unit")).is_none() {
            return Err(InputError::new("unit", "name the Unit"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("unit").trim();
        let unit = unit_on_battlefield(record, side, name, "unit")?;
        match input.text("how") {
            "routed" if unit.attribute(attribute::TYPE) == Some("garrison") => {
                Err(InputError::new(
                    "how",
                    format!(
                        "{name} is a Garrison: never moved, it is eliminated when Routed, not captured (L540)"
                    ),
                ))
            }
            "routed" if roster::number(unit, attribute::YELLOW) < 2 => Err(InputError::new(
                "how",
                format!(
                    "{name} is not Routed (2 yellow markers): only a Routed Unit is captured when it cannot Withdraw 2 (L787)"
                ),
            )),
            "overrun" if !roster::is_artillery(unit) => Err(InputError::new(
                "how",
                format!(
                    "{name} is not an Artillery Unit: only Artillery is overrun by a Charge (L894, L896)"
                ),
            )),
            _ => Ok(()),
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let unit = input.text("unit").trim();
        let (id, _, new_state, rule) = how(input);
        let headline = if new_state == state::CAPTURED {
            format!("{unit} is captured: its victory points count double (L674)")
        } else {
            format!("{unit} is out of field: its victory points count half, rounded down (L676)")
        };
        Ok(Resolution::book_keeping(
            id,
            headline,
            vec![
                Effect::set_state(side, unit, new_state, rule),
                Effect::reminder(
                    "Remove its tile from the battlefield and put it away separately",
                    RULE,
                ),
            ],
        ))
    }
}
