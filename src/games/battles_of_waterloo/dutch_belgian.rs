//! The Dutch-Belgian Cavalry Division (R 4.43, L283-285): it "can be Activated under either the
//! Cavalry Corps LIM or the Dutch-Belgian Brigades LIM", under the Cavalry Corps LIM only if its
//! Combat Leader, Collaert, is within Uxbridge's Command Range, and "the choice ... is always up to
//! the Anglo-Allied Player". The choice is made while one of the two LIMs is carried out, and kept
//! on the record turn by turn, so the Division is activated under one of them only.
//!
//! Reading taken: "either ... or" allows one activation a turn; the rules give a unit no second
//! activation in a turn anywhere else (R 4.42, L249-260).

use super::forms;
use super::lims;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "Dutch-Belgian Cavalry, R 4.43, L283-285";

const UNDER: &[(&str, &str)] = &[
    ("cavalry_corps", "The Cavalry Corps LIM"),
    ("dutch_belgian_brigades", "The Dutch-Belgian Brigades LIM"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "under",
        label: "The Division is activated under",
        group: "Dutch-Belgian Cavalry Division",
        kind: FieldKind::Choice(UNDER),
        rule: RULE,
        help: "The LIM being carried out now; the Anglo-Allied player chooses.",
    },
    Field {
        id: "collaert_in_range",
        label: "Collaert is within Uxbridge's Command Range",
        group: "Dutch-Belgian Cavalry Division",
        kind: FieldKind::Flag,
        rule: RULE,
        help: "Needed for the Cavalry Corps LIM.",
    },
    forms::turn_field(RULE),
];

/// The record's mark of the Division's activation on `turn`.
fn activated_mark(turn: i64) -> String {
    format!("Dutch-Belgian Cavalry Division activated: turn {turn}")
}

/// Whether the Division has been activated on the turn where play stands.
fn activated_this_turn(record: &Record) -> bool {
    record
        .marks
        .contains(activated_mark(i64::from(record.position.turn)).as_str())
}

pub struct DutchBelgianCavalry;

impl Procedure for DutchBelgianCavalry {
    fn about(&self) -> &About {
        &About {
            id: "dutch-belgian-cavalry",
            title: "Dutch-Belgian Cavalry: the LIM it activates under",
            rule: RULE,
            summary: "The Anglo-Allied player activates the Dutch-Belgian Cavalry Division under the Cavalry Corps LIM (Collaert within Uxbridge's Command Range) or the Dutch-Belgian Brigades LIM: once a turn, kept on the record.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        lims::offered(record, self.id())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "allied".into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("under") == "cavalry_corps" && !input.flag("collaert_in_range") {
            return Err(InputError::new(
                "collaert_in_range",
                "under the Cavalry Corps LIM only if Collaert is within Uxbridge's Command Range (L285)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        forms::check_turn(input, record)?;
        let carried_out = lims::active(record).map(|lim| lim.to_string());
        let a_command_of_the_allies = carried_out.as_deref().is_some_and(|lim| {
            lim.starts_with(&lims::chit("allied", "")) && lim != lims::chit("allied", "Orders")
        });
        if !a_command_of_the_allies {
            return Err(InputError::new(
                "under",
                "choose while the Anglo-Allied Cavalry Corps or Dutch-Belgian Brigades LIM is carried out",
            ));
        }
        if activated_this_turn(record) {
            return Err(InputError::new(
                "under",
                "the Division has already been activated this turn, under one of its two LIMs",
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
        let under = UNDER
            .iter()
            .find(|(id, _)| *id == input.text("under"))
            .map_or("its LIM", |(_, label)| *label);
        let turn = i64::from(input.number("turn"));
        Ok(Resolution::book_keeping(
            input.text("under"),
            format!(
                "The Dutch-Belgian Cavalry Division is activated under {}",
                under.to_lowercase()
            ),
            vec![
                Effect::Mark {
                    name: activated_mark(turn).as_str().into(),
                    rule: RULE.into(),
                },
                Effect::reminder(
                    "It is not activated again this turn, under the other LIM",
                    RULE,
                ),
            ],
        ))
    }
}
