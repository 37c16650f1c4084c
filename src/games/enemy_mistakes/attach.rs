//! Attaching (L400-406): in 3.1, after Assign, a General or Commander in Chief moves up to 2 Units
//! of Measurement and may be placed on a Unit, attached to it and its Formation. An attached
//! Commander in Chief may then order that Formation (L381, L743), and an attached General shares
//! its combats and their casualty rolls (L404, L408).
//!
//! Readings taken:
//! - A General attaches only to a Unit of his own Army Corps (L402); a Commander in Chief to any
//!   Unit of his army (L402, L406); Ney to any French Unit (L371).
//! - One General or Commander in Chief per Formation (L404): a second is refused, naming the one
//!   already there.
//! - Leaving the Unit empty detaches him.

use super::forms::{UNITS_ON_BATTLEFIELD, given, unit_on_battlefield};
use super::roster::{self, NEY, attribute, kind, state};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;

const RULE: &str = "Attaching, L400-406";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Attach",
        kind: FieldKind::Choice(SIDES),
        rule: "3.1 Assign, L745",
        help: "After assigning its markers, the current player may move and attach his Generals.",
    },
    Field {
        id: "general",
        label: "General or Commander in Chief",
        group: "Attach",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_BATTLEFIELD)],
            max_len: 40,
        },
        rule: RULE,
        help: "He moves at most 2 Units of Measurement to reach the Unit.",
    },
    Field {
        id: "unit",
        label: "Attached to Unit",
        group: "Attach",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: UNITS_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: "Attaching, L402-404",
        help: "A Unit of his own Army Corps (a Commander in Chief: any Unit of his army). Leave it empty to detach him.",
    },
];

pub struct Attach;

/// Who is attached to a Unit of `formation`, other than `general`.
fn attached_elsewhere_in<'a>(
    record: &'a Record,
    side: &'a str,
    formation: &'a str,
    general: &'a str,
) -> Option<&'a str> {
    record
        .units_where(Some(side), &[])
        .filter(|(_, name, commander)| *name != general && roster::is_on_battlefield(commander))
        .find(|(_, _, commander)| {
            roster::attached_formation(record, side, commander) == Some(formation)
        })
        .map(|(_, name, _)| name)
}

fn is_commander(entry: &UnitRecord) -> bool {
    matches!(
        entry.attribute(attribute::KIND),
        Some(kind::GENERAL | kind::COMMANDER)
    )
}

impl Procedure for Attach {
    fn about(&self) -> &About {
        &About {
            id: "attach",
            title: "Attach a General",
            rule: RULE,
            summary: "Places a General or Commander in Chief on a Unit: he is attached to it and its Formation. An attached Commander in Chief may order that Formation; one General per Formation.",
            fields: FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if given(input.text("general")).is_none() {
            return Err(InputError::new("general", "name the General"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("general").trim();
        let general = record
            .unit(side, name)
            .filter(|entry| is_commander(entry))
            .ok_or_else(|| {
                InputError::new(
                    "general",
                    format!(
                        "{name} is not a General of {} on the record",
                        army_label(side)
                    ),
                )
            })?;
        if !roster::is_on_battlefield(general) {
            return Err(InputError::new(
                "general",
                roster::not_on_battlefield(name, general),
            ));
        }
        let Some(unit_name) = given(input.text("unit")) else {
            return Ok(());
        };
        let unit = unit_on_battlefield(record, side, unit_name, "unit")?;
        let any_unit = general.attribute(attribute::KIND) == Some(kind::COMMANDER) || name == NEY;
        if !any_unit && unit.attribute(attribute::CORPS) != general.attribute(attribute::CORPS) {
            return Err(InputError::new(
                "unit",
                format!("{name} attaches only to a Unit of his own Army Corps (L402)"),
            ));
        }
        if let Some(formation) = unit.attribute(attribute::FORMATION)
            && let Some(other) = attached_elsewhere_in(record, side, formation, name)
        {
            return Err(InputError::new(
                "unit",
                format!(
                    "{other} is already attached to {formation}: one General per Formation (L404)"
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
        let general = input.text("general").trim();
        let unit = given(input.text("unit")).unwrap_or_default();
        let headline = if unit.is_empty() {
            format!("{general} is no longer attached")
        } else {
            format!("{general} is attached to {unit}")
        };
        Ok(Resolution::book_keeping(
            "attach",
            headline,
            vec![
                Effect::set_attribute(side, general, attribute::ATTACHED_TO, unit, RULE),
                Effect::reminder(
                    "He moves at most 2 Units of Measurement; his counter goes on top of the Unit",
                    "Attaching, L402; moving Generals, L745",
                ),
            ],
        ))
    }
}
