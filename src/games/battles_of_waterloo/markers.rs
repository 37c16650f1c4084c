//! The markers play puts on a unit that no roll decides: a Square formed by movement (R 8.71,
//! L1278-1282), an Engaged marker placed after Shock (R 8.22H6, L921; R 8.54, L1097-1107), Blown
//! cavalry (R 8.67, L1232-1242) and their removal. Kept on the record, they fill in the forms that
//! depend on them (a Square's -1, an Engaged unit's refused Rally, Blown cavalry's automatic
//! results).
//!
//! Readings taken: the rules do not say when an Engaged marker comes off (digest §7); the players
//! take it off here when the unit is no longer adjacent to an enemy it fought, or withdraws.

use super::forms::{self, SIDE};
use super::roster::{attribute, is_cavalry};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const RULE: &str =
    "Markers, R 2.2.3, L76; Square, R 8.71, L1278; Engaged, R 8.54, L1097; Blown, R 8.67, L1232";

const MARKERS: &[(&str, &str)] = &[
    ("square", "Square"),
    ("engaged", "Engaged"),
    ("blown", "Blown"),
];

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit", RULE),
    Field {
        id: "marker",
        label: "Marker",
        group: "Marker",
        kind: FieldKind::Choice(MARKERS),
        rule: RULE,
        help: "Square: formed by movement (2 MP, Clear hex, not in an enemy ZOC). Engaged: infantry that fought in Shock and is still adjacent. Blown: cavalry already D-1 given Automatic Disorder.",
    },
    Field {
        id: "action",
        label: "The marker is",
        group: "Marker",
        kind: FieldKind::Choice(&[("place", "Placed"), ("remove", "Removed")]),
        rule: RULE,
        help: "",
    },
];

fn marker_attribute(marker: &str) -> &'static str {
    match marker {
        "square" => attribute::SQUARE,
        "engaged" => attribute::ENGAGED,
        _ => attribute::BLOWN,
    }
}

fn marker_rule(marker: &str) -> &'static str {
    match marker {
        "square" => "Square, R 8.71, L1278-1282",
        "engaged" => "Engaged, R 8.22H6, L921; R 8.54, L1097-1107",
        _ => "Blown, R 8.67B, L1232-1242",
    }
}

/// A marker put on a unit of the record, or taken off.
pub struct Marker;

impl Procedure for Marker {
    fn about(&self) -> &About {
        &About {
            id: "marker",
            title: "Place or remove a marker",
            rule: RULE,
            summary: "Puts a Square, Engaged or Blown marker on a unit of the record, or takes it off, so the forms that depend on it fill in.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "marker", "action"]
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new("unit", "pick the unit from the record"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("unit").trim();
        let Some(unit) = record.unit(input.text("side"), name) else {
            return Err(InputError::new(
                "unit",
                format!("{name} is not on the record: add it from its counter first"),
            ));
        };
        let marker = input.text("marker");
        let placed = forms::marked(unit, marker_attribute(marker));
        let place = input.text("action") == "place";
        if place == placed {
            return Err(InputError::new(
                "action",
                format!(
                    "{name} {} a {marker} marker already",
                    if placed { "has" } else { "has no" }
                ),
            ));
        }
        if !place {
            return Ok(());
        }
        let kind = unit.attribute(attribute::TYPE).unwrap_or_default();
        let disorder = forms::disorder_of(unit);
        match marker {
            "square" if kind != "infantry" => Err(InputError::new(
                "marker",
                "only infantry forms Square (L1280)",
            )),
            "square" if disorder == "D-2" || disorder == "routed" => Err(InputError::new(
                "marker",
                "a D-2 or Routed unit may not form Square (L1280, L1502)",
            )),
            "square" if forms::marked(unit, attribute::ENGAGED) => Err(InputError::new(
                "marker",
                "an Engaged unit may not form Square (L1105)",
            )),
            "engaged" if kind != "infantry" || forms::marked(unit, attribute::SQUARE) => {
                Err(InputError::new(
                    "marker",
                    "only infantry not in Square is Engaged (L921, L1103-1104)",
                ))
            }
            "blown" if !is_cavalry(kind) => {
                Err(InputError::new("marker", "only cavalry is Blown (L1232)"))
            }
            _ => Ok(()),
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("unit").trim());
        let marker = input.text("marker");
        let place = input.text("action") == "place";
        let rule = marker_rule(marker);
        let mut effects = vec![Effect::set_attribute(
            side,
            name,
            marker_attribute(marker),
            if place { "yes" } else { "" },
            rule,
        )];
        let label = MARKERS
            .iter()
            .find(|(id, _)| *id == marker)
            .map_or(marker, |(_, label)| label);
        let headline = if place {
            format!("{name}: {label} marker placed")
        } else {
            format!("{name}: {label} marker removed")
        };
        // Blown cavalry counts as D-1, and becomes D-1 when the marker comes off (L1238, L1240).
        if marker == "blown" {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::DISORDER,
                "D-1",
                rule,
            ));
            if place {
                effects.push(Effect::reminder(
                    &format!("{name} retreats 1 hex at once if it can; half Movement Allowance; it may not move adjacent to the enemy; its 'd' and 'r' results are automatic, and every automatic result costs one more step"),
                    "Blown, R 8.67B, L1234-1240",
                ));
            }
        }
        Ok(Resolution::book_keeping("marker", headline, effects))
    }
}
