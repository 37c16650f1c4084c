//! The Imperial Guard (R 10.3, L1653-1661). When a Guard Grenadier or Chasseur infantry unit (1 and
//! 2 Gren, 1 and 2 Chas) is forced to Retreat, Routs or is Eliminated (L1657), every French
//! infantry and cavalry unit but the Guard's within five hexes checks its Cohesion at once
//! (L1659), with no DRMs (L1661): a natural 0 has no effect; 1 up to its Cohesion, it stays in
//! place Disordered; over its Cohesion, it Routs.
//!
//! Readings taken:
//! - "No DRMs apply" (L1661): not even the Square -1 of L1301 (digest, Corrections).
//! - "Except for IG units" (L1659) leaves out every Imperial Guard unit; the record tells only the
//!   Grenadiers and Chasseurs apart (R 10.31), so the players leave the other Guard units out.
//! - "Stay in place disordered" follows the `becomes_disordered` setting: by default the state
//!   (an already Disordered unit is unchanged), or a 'D' result.
//! - The 0 is "no effect", not a pass: it is told apart from the 1..Cohesion pass, whatever the
//!   unit's Cohesion.

use super::options::{self, BECOMES_DISORDERED};
use super::roster::{self, attribute};
use super::several;
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::Record;
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "The Imperial Guard, R 10.3, L1653-1661";
const CHECK_RULE: &str = "The Imperial Guard, R 10.33, L1661";

/// The French infantry and cavalry offered: the Guard's own are left out by `offers`.
const TESTED: &[(&str, &str)] = &[
    ("type", "infantry|heavy_cavalry|light_cavalry"),
    ("state", "In play|Routed"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "The Guard",
        kind: FieldKind::Choice(&[("french", "French")]),
        rule: RULE,
        help: "Only French units test.",
    },
    Field {
        id: "guard_unit",
        label: "The Guard unit",
        group: "The Guard",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("type", "infantry"), (attribute::GUARD, "yes")],
            max_len: 40,
        },
        rule: "The Imperial Guard, R 10.31, L1657",
        help: "1 Gren, 2 Gren, 1 Chas or 2 Chas; may be left blank.",
    },
    Field {
        id: "trigger",
        label: "It",
        group: "The Guard",
        kind: FieldKind::Choice(&[
            ("retreat", "is forced to Retreat"),
            ("rout", "Routs"),
            ("eliminated", "is Eliminated"),
        ]),
        rule: "The Imperial Guard, R 10.31, L1657",
        help: "",
    },
    several::units_field(
        "French infantry and cavalry within 5 hexes",
        TESTED,
        "The Imperial Guard, R 10.32, L1659",
        "Every French infantry and cavalry unit but the Guard's within five hexes of it, one die each, up to 4 a resolution.",
    ),
    several::facts_field("The Imperial Guard, R 10.32, L1659"),
    options::on_form(BECOMES_DISORDERED),
];

fn is_guard(record: &Record, name: &str) -> bool {
    record
        .unit("french", name.trim())
        .is_some_and(|u| u.attribute(attribute::GUARD) == Some("yes"))
}

/// The French units' Cohesion Checks when the Guard falls back.
pub struct ImperialGuard;

impl Procedure for ImperialGuard {
    fn about(&self) -> &About {
        &About {
            id: "imperial-guard",
            title: "The Imperial Guard falls back",
            rule: RULE,
            summary: "A Guard Grenadier or Chasseur unit retreats, routs or is eliminated: every other French infantry and cavalry unit within 5 hexes rolls, no DRMs: 0 no effect; up to its Cohesion, Disordered in place; over it, Rout.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["guard_unit", "trigger", several::UNITS]
    }
    fn offers(
        &self,
        field: &str,
        _input: &Input,
        record: &Record,
        _side: &str,
        name: &str,
    ) -> bool {
        field != several::UNITS || !is_guard(record, name)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &BECOMES_DISORDERED);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        several::follow(changed, input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        several::check_combination(input)?;
        if let Some(member) = several::members(input)
            .iter()
            .find(|m| m.kind == "artillery")
        {
            return Err(InputError::new(
                several::UNITS,
                format!(
                    "{} is artillery: only infantry and cavalry test (L1659)",
                    member.name
                ),
            ));
        }
        if input
            .list(several::UNITS)
            .iter()
            .any(|n| n.as_str().trim() == input.text("guard_unit").trim())
        {
            return Err(InputError::new(
                several::UNITS,
                "the Guard unit itself does not test",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        several::check_record(input, record)?;
        if let Some(guard) = input
            .list(several::UNITS)
            .iter()
            .find(|n| is_guard(record, n))
        {
            return Err(InputError::new(
                several::UNITS,
                format!("{guard} is of the Imperial Guard: the Guard does not test (L1659)"),
            ));
        }
        let named = input.text("guard_unit").trim();
        if !named.is_empty()
            && roster::named(record, "french", named).is_some()
            && !is_guard(record, named)
        {
            return Err(InputError::new(
                "guard_unit",
                format!("{named} is not a Guard Grenadier or Chasseur unit on the record"),
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        several::dice(input)
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = "french";
        let reading = input.text(BECOMES_DISORDERED.id);
        let members = several::members(input);
        let mut effects = Vec::new();
        let mut totals = Vec::new();
        let mut results = Vec::new();
        let mut worst = 0;
        for (member, face) in members.iter().zip(faces.iter().copied()) {
            totals.push(member.total(face, 0));
            let die = i32::from(face);
            let (rank, result) = if die == 0 {
                (0, "a 0: no effect")
            } else if die <= member.cohesion {
                effects.extend(several::becomes_disordered(
                    member, side, reading, CHECK_RULE,
                ));
                (1, "stays in place Disordered")
            } else {
                effects.extend(member.piece(side).routs(CHECK_RULE));
                (2, "Routs")
            };
            worst = worst.max(rank);
            results.push(format!(
                "{} {result} (die {die} against {})",
                member.name, member.cohesion
            ));
        }
        let key = match worst {
            0 => "no effect",
            1 => "disordered",
            _ => "rout",
        };
        let guard = input.text("guard_unit").trim();
        let fell = if guard.is_empty() { "The Guard" } else { guard };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank: worst,
                headline: format!("{fell} falls back: {}", results.join("; ")),
            },
            effects,
        })
    }
}
