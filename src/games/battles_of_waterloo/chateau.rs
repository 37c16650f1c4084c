//! Chateau CID step recovery (R 8.93D-E, L1409-1421). A Supported chateau that has lost CID steps
//! recovers them when an adjacent friendly infantry unit, neither Engaged, Disordered nor Routed,
//! is Activated and conducts a Recovery Operation instead of moving or attacking (L1409, L1413).
//! Each Operation adds one CID step at once, never above the printed maximum (L1414); then the
//! supporting unit rolls: over its Cohesion, it loses a step (L1415). Each roll after the first is
//! +1, cumulative, until the unit actually loses a step, when it goes back to +0; a natural 9
//! always loses a step (L1415). The Operation may be repeated at will, a roll each time (L1421).
//!
//! Readings taken:
//! - The cumulative modifier carries over from turn to turn: in the Maitland example the second
//!   turn's first roll is already +1 (L1417; digest §3.38). The record keeps it on the supporting
//!   unit (`recovery modifier`), and the form fills it in.
//! - A Shaken Command adds +1 to "Rally/Recovery" rolls (L1640): it is added to this roll.
//! - The roll is not called a Cohesion Check, so a natural 0 passes only under the `natural_zero`
//!   house rule (digest, Corrections "Natural 0").
//! - The record does not keep the chateau's CID steps: the form takes its current and printed
//!   steps, and the result card says what the CID shows after the step.
//! - One resolution is one Recovery Operation and its roll.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, Piece};
use super::morale;
use super::options::{self, NATURAL_ZERO};
use super::roster::{self, attribute, state};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "Chateau Recovery, R 8.93D-E, L1409-1421";
const WHO_RULE: &str = "Chateau Recovery, R 8.93D, L1409; R 8.93E1, L1413";
const STEP_RULE: &str = "Chateau Recovery, R 8.93E2, L1414";
const ROLL_RULE: &str = "Chateau Recovery, R 8.93E3, L1415";
const SHAKEN_RULE: &str = "Shaken Commands, R 10.21B, L1640";

const fn cid_steps(id: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Chateau",
        kind: FieldKind::Count { max: 9 },
        rule: STEP_RULE,
        help,
    }
}

const FIELDS: &[Field] = &[
    forms::SIDE,
    Field {
        id: "chateau",
        label: "Chateau",
        group: "Chateau",
        kind: FieldKind::Text { max_len: 40 },
        rule: RULE,
        help: "e.g. \"Hougomont\".",
    },
    Field {
        id: "supported",
        label: "The chateau is Supported",
        group: "Chateau",
        kind: FieldKind::Flag,
        rule: WHO_RULE,
        help: "An Unsupported chateau may not use Recovery (L1409).",
    },
    cid_steps(
        "cid_steps",
        "CID steps it has now",
        "Before this Recovery Operation.",
    ),
    cid_steps(
        "printed_steps",
        "CID steps printed",
        "Its printed maximum: never exceeded.",
    ),
    forms::unit(
        "unit",
        "Supporting unit",
        "Chateau Recovery, R 8.93E1, L1413: adjacent friendly infantry, Activated",
    ),
    forms::TYPE,
    forms::DISORDER,
    forms::COHESION,
    Field {
        id: "engaged",
        label: "It is Engaged",
        group: "Unit",
        kind: FieldKind::Flag,
        rule: WHO_RULE,
        help: "Filled in from the record. An Engaged unit may not conduct a Recovery Operation.",
    },
    Field {
        id: "recovery_modifier",
        label: "Its Recovery roll modifier",
        group: "Unit",
        kind: FieldKind::Count { max: 9 },
        rule: ROLL_RULE,
        help: "Filled in from the record: +1 for each roll since it last lost a step, from turn to turn (L1417).",
    },
    Field {
        id: "shaken",
        label: "Its Command is Shaken",
        group: "Unit",
        kind: FieldKind::Flag,
        rule: SHAKEN_RULE,
        help: "Filled in from the record: +1 to Recovery rolls.",
    },
    options::on_form(NATURAL_ZERO),
];

fn modifiers_of(input: &Input) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    let cumulative = input.number("recovery_modifier");
    if cumulative > 0 {
        modifiers.push(Modifier::new(
            "Supporting unit",
            format!("Roll after the first without a step lost: +{cumulative}"),
            cumulative,
            ROLL_RULE,
        ));
    }
    if input.flag("shaken") {
        modifiers.push(Modifier::new(
            "Supporting unit",
            "Shaken Command",
            1,
            SHAKEN_RULE,
        ));
    }
    modifiers
}

/// What the record knows of the supporting unit: (Engaged, modifier, Shaken).
fn on_record(input: &Input, record: &Record) -> Option<(bool, i64, bool)> {
    let side = input.text("side");
    let unit = roster::named(record, side, input.text("unit"))?;
    let engaged = unit
        .attribute(attribute::ENGAGED)
        .is_some_and(|v| !v.is_empty());
    let modifier = roster::number(unit, attribute::RECOVERY_MODIFIER).unwrap_or(0);
    let shaken = unit
        .attribute(attribute::COMMAND)
        .is_some_and(|command| morale::shaken(record, command, side));
    Some((engaged, modifier, shaken))
}

/// One Recovery Operation of a Supported chateau and the supporting unit's roll.
pub struct ChateauRecovery;

impl Procedure for ChateauRecovery {
    fn about(&self) -> &About {
        &About {
            id: "chateau-recovery",
            title: "Chateau CID step recovery",
            rule: RULE,
            summary: "A Supported chateau recovers one CID step; then the supporting infantry rolls: over its Cohesion, or a natural 9, it loses a step. Each roll after the first is +1, cumulative, until it loses one.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["chateau", "cid_steps", "printed_steps", "unit"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
        input.set("supported", Value::Flag(true));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "unit" && changed != "side" {
            return;
        }
        forms::follow_unit(input, record, "unit", &[("cohesion", attribute::COHESION)]);
        if let Some((engaged, modifier, shaken)) = on_record(input, record) {
            input.set("engaged", Value::Flag(engaged));
            input.set("recovery_modifier", Value::Number(modifier));
            input.set("shaken", Value::Flag(shaken));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if !input.flag("supported") {
            return Err(InputError::new(
                "supported",
                "an Unsupported chateau may not use Recovery (L1409)",
            ));
        }
        let (now, printed) = (input.number("cid_steps"), input.number("printed_steps"));
        if printed == 0 {
            return Err(InputError::new(
                "printed_steps",
                "enter the CID steps printed on the chateau",
            ));
        }
        if now >= printed {
            return Err(InputError::new(
                "cid_steps",
                format!(
                    "the CID has its printed {printed} steps: it never goes above them (L1414)"
                ),
            ));
        }
        if input.text("type") != "infantry" {
            return Err(InputError::new(
                "type",
                "only friendly infantry supports a chateau's recovery (L1409)",
            ));
        }
        if input.text("disorder") != "none" {
            return Err(InputError::new(
                "disorder",
                "Disordered or Routed units may not conduct a Recovery Operation (L1413)",
            ));
        }
        if input.flag("engaged") {
            return Err(InputError::new(
                "engaged",
                "Engaged units may not conduct a Recovery Operation (L1413)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(unit) = roster::named(record, input.text("side"), input.text("unit")) else {
            return Ok(());
        };
        if unit.state.as_ref() != state::IN_PLAY {
            return Err(InputError::new(
                "unit",
                format!(
                    "{} is {} on the record",
                    input.text("unit").trim(),
                    unit.state
                ),
            ));
        }
        let Some((engaged, modifier, shaken)) = on_record(input, record) else {
            return Ok(());
        };
        let facts = [
            ("engaged", input.flag("engaged") == engaged),
            (
                "recovery_modifier",
                i64::from(input.number("recovery_modifier")) == modifier,
            ),
            ("shaken", input.flag("shaken") == shaken),
        ];
        if let Some((field, _)) = facts.iter().find(|(_, same)| !same) {
            return Err(InputError::new(
                field,
                "the record says otherwise: pick the unit again to fill this in",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        modifiers_of(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Supporting unit's die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = faces.first().copied().unwrap_or(0);
        let modifiers = modifiers_of(input);
        let tested = checks::roll_under(
            die,
            input.number("cohesion"),
            &modifiers,
            TestKind::Other,
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        );
        let natural_nine = die == 9;
        let loses = natural_nine || !tested.passed;
        let piece = Piece::of(input, None, "unit");
        let called = piece.called();
        let chateau = Some(input.text("chateau").trim())
            .filter(|c| !c.is_empty())
            .unwrap_or("The chateau");
        let (now, printed) = (input.number("cid_steps") + 1, input.number("printed_steps"));
        let mut effects = vec![Effect::reminder(
            &format!("{chateau} recovers one CID step: {now} of {printed} (remove a step lost)"),
            STEP_RULE,
        )];
        let cumulative = input.number("recovery_modifier");
        let (key, rank, result) = if loses {
            effects.extend(piece.step_lost(ROLL_RULE));
            if let Some(name) = piece.name {
                effects.push(Effect::set_attribute(
                    piece.side,
                    name,
                    attribute::RECOVERY_MODIFIER,
                    "",
                    ROLL_RULE,
                ));
            }
            let why = if natural_nine && tested.passed {
                "a natural 9".to_string()
            } else {
                tested.describe()
            };
            effects.push(Effect::reminder(
                &format!("{called} loses a step ({why}); its next Recovery roll is at +0"),
                ROLL_RULE,
            ));
            ("step lost", 1, format!("{called} loses a step: {why}"))
        } else {
            let next = cumulative + 1;
            if let Some(name) = piece.name {
                effects.push(Effect::set_attribute(
                    piece.side,
                    name,
                    attribute::RECOVERY_MODIFIER,
                    next,
                    ROLL_RULE,
                ));
            }
            effects.push(Effect::reminder(
                &format!("{called}'s next Recovery roll is at +{next}"),
                ROLL_RULE,
            ));
            ("holds", 0, format!("{called} holds: {}", tested.describe()))
        };
        Ok(Resolution {
            totals: vec![tested.total("Supporting unit")],
            modifiers,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline: format!("{chateau} recovers a CID step ({now} of {printed}); {result}"),
            },
            effects,
        })
    }
}
