//! The authors' way out of a rules dispute (Tips from the Authors, L1104): when the players still
//! disagree after reading the rules, the current player calls "even" or "odd" and throws a die; the
//! die decides whether the action is permitted. The log keeps the question, the call and the die,
//! so the ruling can be found again later in the game.

use super::SIDES;
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::table_set::TableSet;

const RULE: &str = "Tips from the Authors, L1104";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Current player",
        group: "Dispute",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The current player throws the die.",
    },
    Field {
        id: "action",
        label: "The action in dispute",
        group: "Dispute",
        kind: FieldKind::Text { max_len: 200 },
        rule: RULE,
        help: "What the current player wants to do, as the players agree to put it; the log keeps it with the ruling.",
    },
    Field {
        id: "call",
        label: "Call",
        group: "Dispute",
        kind: FieldKind::Choice(&[("even", "Even number"), ("odd", "Odd number")]),
        rule: RULE,
        help: "Called before the die is thrown.",
    },
];

pub struct Dispute;

impl Procedure for Dispute {
    fn about(&self) -> &About {
        &About {
            id: "dispute",
            title: "Settle a rules dispute",
            rule: RULE,
            summary: "When the players still disagree after reading the rules, the current player calls even or odd and throws a die: a right call permits the action.",
            fields: FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("action").trim().is_empty() {
            return Err(InputError::new(
                "action",
                "say what is in dispute, so the log keeps the ruling",
            ));
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Die", Die::D6)])
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = faces.first().copied().unwrap_or(1);
        let parity = if die % 2 == 0 { "even" } else { "odd" };
        let permitted = parity == input.text("call");
        let (key, verdict) = if permitted {
            ("Permitted", "the action is permitted")
        } else {
            ("Not permitted", "the action is not permitted")
        };
        let action = input.text("action").trim();
        Ok(Resolution {
            outcome: Outcome {
                key: key.into(),
                rank: if permitted { 0 } else { 1 },
                headline: format!(
                    "{action}: the die shows {die}, {parity}, against a call of {}: {verdict} (L1104)",
                    input.text("call")
                ),
            },
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects: Vec::new(),
        })
    }
}
