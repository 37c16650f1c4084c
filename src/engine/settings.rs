//! Session settings: where a rulebook can be read two ways, or lost a value the players must supply,
//! the reading is a named setting. A game lists its settings as fields; the Settings procedure
//! records them all on the record, each field's default being the recommended reading. Procedures
//! that depend on a setting carry it as an input field prefilled from the record, so every
//! resolution re-derives with the reading it was made under.

use super::input::{Field, FieldKind, Input, Value};
use super::procedure::{About, Faces, Procedure, Resolution, RuleError};
use super::record::{Effect, Record};
use super::table_set::TableSet;

/// The help a setting carries on a procedure's form.
const ON_FORM: &str = "The session setting; change it in Settings.";

/// A setting: a named choice whose first option is the recommended reading.
pub const fn setting(
    id: &'static str,
    label: &'static str,
    choices: &'static [(&'static str, &'static str)],
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Settings",
        kind: FieldKind::Choice(choices),
        rule,
        help,
    }
}

/// The same setting as a field of a procedure's form, in the form's group `group`; the form
/// prefills it from the record (`prefill_setting`).
pub const fn on_form(field: Field, group: &'static str) -> Field {
    Field {
        group,
        help: ON_FORM,
        ..field
    }
}

/// A game's Settings procedure: its `about.fields` are the settings.
pub struct Settings {
    pub about: About,
    /// The side the log names as acting: settings belong to the whole table.
    pub recorded_by: &'static str,
}

impl Procedure for Settings {
    fn about(&self) -> &About {
        &self.about
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in self.fields() {
            prefill_setting(input, record, field);
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        self.recorded_by.into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let effects = self
            .fields()
            .iter()
            .map(|field| Effect::SetOption {
                name: field.id.into(),
                value: input.text(field.id).into(),
                rule: field.rule.into(),
            })
            .collect();
        Ok(Resolution::book_keeping(
            "settings",
            "Settings recorded".into(),
            effects,
        ))
    }
}

/// Fills a procedure's field of the same name from the session's setting. Settings are choices, and
/// the first choice, the recommended reading, holds until the players change it.
pub fn prefill_setting(input: &mut Input, record: &Record, field: &Field) {
    let FieldKind::Choice(choices) = field.kind else {
        return;
    };
    let default = choices.first().map_or("", |(id, _)| *id);
    input.set(
        field.id,
        Value::Text(record.option(field.id, default).into()),
    );
}
