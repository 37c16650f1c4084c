//! The End Phase (L857-865): the Grand Battery goes back to the pool, and the turn ends.

use super::options;
use super::roster::{GRAND_BATTERY, state};
use super::{TURN_FIELD, prefill_turn};
use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::{About, Faces, Once, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

/// Ends the turn.
pub struct EndOfTurn;

const FIELDS: &[Field] = &[
    Field {
        id: "grand_battery_on_map",
        label: "The Grand Battery is on the map",
        group: "End of turn",
        kind: FieldKind::Flag,
        rule: "French Grand Battery, L398-399; End Phase, L864-865",
        help: "Filled in from the record. It is recalled automatically.",
    },
    TURN_FIELD,
    options::RECALL_WAIT_FIELD,
];

impl Procedure for EndOfTurn {
    fn about(&self) -> &About {
        &About {
            id: "end-of-turn",
            title: "End of turn",
            rule: "End Phase, L857-865",
            summary: "The Grand Battery is recalled automatically; then the next turn begins, or after the last turn, victory is determined.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
        options::prefill_setting(input, record, &options::RECALL_WAIT_FIELD);
        let on_map = record
            .unit("french", GRAND_BATTERY)
            .is_some_and(|u| u.state.as_ref() == state::ON_MAP);
        input.set("grand_battery_on_map", Value::Flag(on_map));
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerTurn {
            rule: "End Phase, L857-865",
        })
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let turn = input.number("turn");
        let mut effects: Vec<Effect> = Vec::new();
        let mut headline = format!("End of turn {turn}");
        if input.flag("grand_battery_on_map") {
            effects.extend(options::recall(
                "french",
                GRAND_BATTERY,
                turn,
                input.text("recall_wait"),
                "French Grand Battery, L398-399; End Phase, L864-865",
            ));
            headline.push_str(": the Grand Battery is recalled");
        }
        Ok(Resolution::book_keeping("end-of-turn", headline, effects))
    }
}
