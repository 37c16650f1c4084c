//! An Artillery Unit's Horse Team (L512): fastened, the Unit moves with it; unfastened, the Horse
//! Team counter leaves the battlefield and the Unit may bombard or give support. Artillery fastens
//! when put in movement (L759), when it Withdraws (L763) or Falls Back (L803), and after a combat it
//! took part in (L998); it may unfasten only at the end of the Maneuver subphase 3.3 (L857).
//!
//! The record keeps whether the Horse Team was fastened this turn and whether the Unit's Formation
//! maneuvered, for the two refusals: Prussian Horse Artillery does not unfasten in a turn it
//! fastened (L865); Artillery on Foot does not unfasten if it both fastened and maneuvered (L869).
//!
//! Readings taken:
//! - "Artillery Horse Units" (L861, L865) are the Horse Artillery Units, not every Artillery Unit
//!   with a Horse Team: L869 names the Artillery on Foot apart.
//! - The Unit maneuvered if its Formation did (L837: a Formation's Units act alike).
//! - Fastening a Horse Team already fastened, or unfastening one already unfastened, is refused: it
//!   would record a change that did not happen.

use super::forms::{ARTILLERY_ON_BATTLEFIELD, artillery};
use super::roster::{self, UNIT_TYPES, attribute, horse_team};
use super::{MANEUVER_STEP, SIDES, army_label, stands_at};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;

const RULE: &str = "Unfastening Artillery Units from Horse Teams, L855-871";
const UNFASTEN_RULE: &str = "Unfastening, L857";
const FASTEN_RULE: &str = "Fastening, L759, L763, L803, L998";

const ACTIONS: &[(&str, &str)] = &[("unfasten", "Unfasten (end of 3.3)"), ("fasten", "Fasten")];

/// The two Artillery types (L520-524).
const ARTILLERY_CHOICES: &[(&str, &str)] = &[UNIT_TYPES[4], UNIT_TYPES[5]];
const HORSE_ARTILLERY: &str = UNIT_TYPES[5].0;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Horse Team",
        kind: FieldKind::Choice(SIDES),
        rule: "Colours, L321",
        help: "The army of the Artillery Unit.",
    },
    Field {
        id: "artillery",
        label: "Artillery Unit",
        group: "Horse Team",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: ARTILLERY_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: "Artillery, L512",
        help: "An Artillery Unit on the record: its Horse Team is kept there.",
    },
    Field {
        id: "action",
        label: "Its Horse Team",
        group: "Horse Team",
        kind: FieldKind::Choice(ACTIONS),
        rule: "L759, L763, L803, L857, L998",
        help: "Any Artillery, even in a Formation not in movement, may unfasten at the end of 3.3. It fastens when put in movement, when it Withdraws or Falls Back, and after a combat it took part in.",
    },
    Field {
        id: "artillery_type",
        label: "Type",
        group: "What the record knows",
        kind: FieldKind::Choice(ARTILLERY_CHOICES),
        rule: "Artillery, L520-530",
        help: "Filled in from the record.",
    },
    Field {
        id: "fastened_this_turn",
        label: "It fastened its Horse Team this turn",
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule: "L861, L865, L869",
        help: "Filled in from the record.",
    },
    Field {
        id: "maneuvered_this_turn",
        label: "Its Formation executed a maneuver this turn",
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule: "L869",
        help: "Filled in from the record.",
    },
];

pub struct HorseTeam;

impl HorseTeam {
    /// What the record knows of the Unit, as the form's last three fields hold it.
    fn known(record: &Record, side: &str, unit: &UnitRecord) -> (String, bool, bool) {
        let kind = unit.attribute(attribute::TYPE).unwrap_or_default();
        let fastened = unit.attribute(attribute::FASTENED_THIS_TURN) == Some("yes");
        let maneuvered = unit
            .attribute(attribute::FORMATION)
            .and_then(|formation| record.unit(side, formation))
            .is_some_and(|formation| formation.attribute(attribute::MANEUVER).is_some());
        (kind.to_string(), fastened, maneuvered)
    }
}

impl Procedure for HorseTeam {
    fn about(&self) -> &About {
        &About {
            id: "horse-team",
            title: "Fasten or unfasten a Horse Team",
            rule: RULE,
            summary: "Records an Artillery Unit's Horse Team fastened or unfastened. Unfastening comes at the end of the Maneuver subphase, and not for Prussian Horse Artillery that fastened this turn, nor for Artillery on Foot that fastened and maneuvered.",
            fields: FIELDS,
        }
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if !matches!(changed, "side" | "artillery") {
            return;
        }
        let side = input.text("side").to_string();
        let Some(unit) = record.unit(&side, input.text("artillery").trim()) else {
            return;
        };
        let (kind, fastened, maneuvered) = Self::known(record, &side, unit);
        if ARTILLERY_CHOICES.iter().any(|(id, _)| *id == kind) {
            input.set("artillery_type", Value::Text(kind.as_str().into()));
        }
        input.set("fastened_this_turn", Value::Flag(fastened));
        input.set("maneuvered_this_turn", Value::Flag(maneuvered));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("artillery").trim().is_empty() {
            return Err(InputError::new("artillery", "name the Artillery Unit"));
        }
        if input.text("action") != "unfasten" || !input.flag("fastened_this_turn") {
            return Ok(());
        }
        let horse = input.text("artillery_type") == HORSE_ARTILLERY;
        if horse && input.text("side") == "prussian" {
            return Err(InputError::new(
                "action",
                "Prussian Horse Artillery cannot unfasten its Horse Team in a turn in which it fastened it (L865)",
            ));
        }
        if !horse && input.flag("maneuvered_this_turn") {
            return Err(InputError::new(
                "action",
                "Artillery on Foot that fastened its Horse Team and maneuvered this turn cannot unfasten it (L869)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("artillery").trim();
        let unit = artillery(record, side, name, "artillery")?;
        let (kind, fastened, maneuvered) = Self::known(record, side, unit);
        for (field, matches) in [
            ("artillery_type", input.text("artillery_type") == kind),
            (
                "fastened_this_turn",
                input.flag("fastened_this_turn") == fastened,
            ),
            (
                "maneuvered_this_turn",
                input.flag("maneuvered_this_turn") == maneuvered,
            ),
        ] {
            if !matches {
                return Err(InputError::new(
                    field,
                    format!("the record says otherwise of {name}: choose it again to fill this in"),
                ));
            }
        }
        let unfasten = input.text("action") == "unfasten";
        if unfasten && !stands_at(record, &MANEUVER_STEP) {
            return Err(InputError::new(
                "action",
                "Horse Teams unfasten only at the end of the Maneuver subphase 3.3 (L857)",
            ));
        }
        let wanted = if unfasten {
            horse_team::UNFASTENED
        } else {
            horse_team::FASTENED
        };
        if unit.attribute(attribute::HORSE_TEAM) == Some(wanted) {
            return Err(InputError::new(
                "action",
                format!(
                    "the Horse Team of {name} of {} is already {wanted}",
                    army_label(side)
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
        let unit = input.text("artillery").trim();
        let horse = input.text("artillery_type") == HORSE_ARTILLERY;
        let mut effects = Vec::new();
        let headline = if input.text("action") == "unfasten" {
            effects.push(Effect::set_attribute(
                side,
                unit,
                attribute::HORSE_TEAM,
                horse_team::UNFASTENED,
                UNFASTEN_RULE,
            ));
            effects.push(Effect::reminder(
                "Take its Horse Team counter off the battlefield",
                "Artillery, L512",
            ));
            if horse && input.flag("fastened_this_turn") {
                effects.push(Effect::reminder(
                    "It fastened and unfastened its Horse Team this turn: it cannot give support in combat",
                    "L861",
                ));
            }
            effects.push(Effect::reminder(
                "If it was the contact element between two adjacent Units, unfastening without a REDEPLOY may split the Formation",
                "L871",
            ));
            format!("{unit} unfastens its Horse Team")
        } else {
            effects.extend(roster::fasten_horse_team(side, unit, FASTEN_RULE));
            effects.push(Effect::reminder(
                "Place its Horse Team counter with it",
                "Artillery, L512",
            ));
            if horse {
                effects.push(Effect::reminder(
                    "Fastened, it cannot give support in combat",
                    "L861",
                ));
            }
            format!("{unit} fastens its Horse Team")
        };
        Ok(Resolution::book_keeping("horse-team", headline, effects))
    }
}
