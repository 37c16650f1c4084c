//! What a Charge does to the Formation it reaches (L815): "when a Unit is Charged, remove the
//! green marker from its Formation. All Command points stored on the Command Table of its General
//! are lost as well." A Formation's Charge in 3.3 and a Pursuit, which is a Charge too (L960),
//! share the fields and the effects here.
//!
//! Reading taken: "its General" is the General of the charged Formation's Army Corps, whose box
//! of the Command Table holds the markers; the form fills him in from the record.

use super::army_label;
use super::forms::{ENEMY_SIDES, FORMATIONS, given};
use super::roster::{attribute, kind, state};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::record::{Effect, Record};

const RULE: &str = "Charge, L815";

/// The army charged, the Formation reached and its General, in the form's group "Charge".
pub const FIELDS: [Field; 3] = [
    Field {
        id: "enemy",
        label: "Army charged",
        group: "Charge",
        kind: FieldKind::Choice(ENEMY_SIDES),
        rule: "The armies, L321",
        help: "The English and the Prussians are allies; the French are everyone's enemy.",
    },
    Field {
        id: "charged",
        label: "Charged Formation (optional)",
        group: "Charge",
        kind: FieldKind::Unit {
            of: UnitOf::Side("enemy"),
            only: FORMATIONS,
            max_len: 40,
        },
        rule: "Charge, L811-815",
        help: "The Formation of the enemy Unit the Charge reaches. Named, it loses its green marker on the record; otherwise take it off on the table.",
    },
    Field {
        id: "charged_general",
        label: "Its General",
        group: "Charge",
        kind: FieldKind::Unit {
            of: UnitOf::Side("enemy"),
            only: &[(attribute::KIND, kind::GENERAL)],
            max_len: 40,
        },
        rule: RULE,
        help: "The General of its Army Corps: the markers in his box of the Command Table are lost. Filled in from the record.",
    },
];

/// The General of a Formation's Army Corps on the battlefield.
fn general_of(record: &Record, side: &str, formation: &str) -> Option<String> {
    let corps = record.unit(side, formation)?.attribute(attribute::CORPS)?;
    record
        .units_where(
            Some(side),
            &[
                (attribute::KIND, kind::GENERAL),
                ("state", state::ON_BATTLEFIELD),
            ],
        )
        .find(|(_, _, general)| general.attribute(attribute::CORPS) == Some(corps))
        .map(|(_, name, _)| name.to_string())
}

/// The army charged is the other side of the fight: the French charge the English by default, the
/// allies the French.
pub fn set_enemy(input: &mut Input, record: &Record) {
    let enemy = if input.text("side") == "french" {
        "british"
    } else {
        "french"
    };
    input.set("enemy", Value::Text(enemy.into()));
    follow("enemy", input, record);
}

/// Once the army or the Formation charged changes, its General is the record's.
pub fn follow(changed: &str, input: &mut Input, record: &Record) {
    if matches!(changed, "enemy" | "charged") {
        let general = general_of(record, input.text("enemy"), input.text("charged").trim())
            .unwrap_or_default();
        input.set("charged_general", Value::Text(general.as_str().into()));
    }
}

/// A Formation or General named must be the enemy army's on the record.
pub fn check_record(input: &Input, record: &Record) -> Result<(), InputError> {
    let enemy = input.text("enemy");
    if let Some(charged) = given(input.text("charged"))
        && !record
            .unit(enemy, charged)
            .is_some_and(|f| f.matches(FORMATIONS))
    {
        return Err(InputError::new(
            "charged",
            format!(
                "{charged} is not a Formation of {} on the record",
                army_label(enemy)
            ),
        ));
    }
    let Some(general) = given(input.text("charged_general")) else {
        return Ok(());
    };
    let Some(entry) = record
        .unit(enemy, general)
        .filter(|g| g.matches(&[(attribute::KIND, kind::GENERAL)]))
    else {
        return Err(InputError::new(
            "charged_general",
            format!(
                "{general} is not a General of {} on the record",
                army_label(enemy)
            ),
        ));
    };
    // His markers are lost because his Army Corps's Formation was charged (L815).
    let formation_corps = given(input.text("charged"))
        .and_then(|charged| record.unit(enemy, charged))
        .and_then(|formation| formation.attribute(attribute::CORPS));
    if let Some(corps) = formation_corps
        && entry.attribute(attribute::CORPS) != Some(corps)
    {
        return Err(InputError::new(
            "charged_general",
            format!(
                "{general} is not the General of the {corps} Corps, whose Formation is charged"
            ),
        ));
    }
    Ok(())
}

/// The charged Formation loses its green marker and its General his markers: on the record if the
/// form names them, as reminders otherwise.
pub fn effects(input: &Input) -> Vec<Effect> {
    let enemy = input.text("enemy");
    let green = match given(input.text("charged")) {
        Some(charged) => Effect::set_attribute(enemy, charged, attribute::GREEN, "", RULE),
        None => Effect::reminder("Take the green marker off the charged Formation", RULE),
    };
    let markers = match given(input.text("charged_general")) {
        Some(general) => Effect::cap(enemy, general, attribute::MARKERS, 0, RULE),
        None => Effect::reminder(
            "The markers in its General's box of the Command Table go back to the reserve",
            RULE,
        ),
    };
    vec![green, markers]
}
