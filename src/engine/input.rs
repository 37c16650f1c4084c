//! A procedure's inputs, described once.
//!
//! Each procedure lists its [`Field`]s. From that one description come the GUI form, the CLI's TOML
//! template, the validation of an input file, and the way an input is shown in the log.

use super::symbol::Symbol;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::panic::Location;

/// One input of a procedure.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The key in input files and the log: lower_snake_case.
    pub id: &'static str,
    pub label: &'static str,
    /// The form section the field belongs to ("Attacker", "Defender", "Situation").
    pub group: &'static str,
    pub kind: FieldKind,
    /// The rule the field matters to, e.g. "Battle Stars, L700-703".
    pub rule: &'static str,
    pub help: &'static str,
}

impl Field {
    /// A yes-or-no field: the commonest kind of fact a form asks.
    pub const fn flag(
        id: &'static str,
        label: &'static str,
        group: &'static str,
        rule: &'static str,
        help: &'static str,
    ) -> Field {
        Field {
            id,
            label,
            group,
            kind: FieldKind::Flag,
            rule,
            help,
        }
    }
}

/// What kind of value a field takes.
#[derive(Debug, Clone, Copy)]
pub enum FieldKind {
    /// Yes or no; default no.
    Flag,
    /// A count from 0 to `max`; default 0.
    Count { max: u32 },
    /// A whole number in `min..=max`; default the value nearest 0.
    Number { min: i32, max: i32 },
    /// One of several options, `(id, label)`; default the first.
    Choice(&'static [(&'static str, &'static str)]),
    /// Free text for the record (a hex, a remark); default empty.
    Text { max_len: usize },
    /// A unit, by name, of the side `of` says; default empty. The form offers the units the
    /// record knows for that side; any name may be typed.
    Unit {
        of: UnitOf,
        /// Which of the record's units the form offers, as for `Units`.
        only: &'static [(&'static str, &'static str)],
        max_len: usize,
    },
    /// Several units, by name, of the side `of` says; default none. The form offers the record's
    /// units of that side meeting every `(attribute, value)` in `only` ("state" is the unit's state).
    Units {
        of: UnitOf,
        only: &'static [(&'static str, &'static str)],
    },
    /// A whole number from 0 to `max` for each of several units, by name, of the side `of` says
    /// (each Formation's AP level); default none. The form offers the record's units of that
    /// side meeting every `(attribute, value)` in `only`, each with its number.
    UnitNumbers {
        of: UnitOf,
        only: &'static [(&'static str, &'static str)],
        max: u32,
    },
}

/// The longest unit name a `Units` field takes.
pub const UNIT_NAME_MAX: usize = 60;

/// Whose unit a `Unit` field names, by reference to a side-choosing field.
#[derive(Debug, Clone, Copy)]
pub enum UnitOf {
    /// The side chosen in this field.
    Side(&'static str),
    /// Any side but the one chosen in this field.
    OpponentOf(&'static str),
    /// Every side.
    Any,
    /// This side, by id, whatever the form says (the Prussian leaders on an Allied form).
    Fixed(&'static str),
}

/// A field's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Flag(bool),
    Number(i64),
    Text(Symbol),
    /// Several names, in the order given.
    List(Vec<Symbol>),
    /// A number for each of several names (a `UnitNumbers` field), in the order of the names.
    Numbers(BTreeMap<Symbol, i64>),
}

/// Read directly by kind (serde's untagged enums buffer every value and try each variant in turn,
/// which dominates reading a long log).
impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        struct Visitor;
        impl<'v> serde::de::Visitor<'v> for Visitor {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "true or false, a whole number, text, a list of texts, or a table of numbers",
                )
            }
            fn visit_bool<E: serde::de::Error>(self, flag: bool) -> Result<Value, E> {
                Ok(Value::Flag(flag))
            }
            fn visit_i64<E: serde::de::Error>(self, number: i64) -> Result<Value, E> {
                Ok(Value::Number(number))
            }
            fn visit_u64<E: serde::de::Error>(self, number: u64) -> Result<Value, E> {
                i64::try_from(number)
                    .map(Value::Number)
                    .map_err(|_| E::custom("the number is too large"))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Value, E> {
                Ok(Value::Text(Symbol::new(text)))
            }
            fn visit_seq<A: serde::de::SeqAccess<'v>>(self, mut seq: A) -> Result<Value, A::Error> {
                let mut names = Vec::new();
                while let Some(name) = seq.next_element::<Symbol>()? {
                    names.push(name);
                }
                Ok(Value::List(names))
            }
            fn visit_map<A: serde::de::MapAccess<'v>>(self, mut map: A) -> Result<Value, A::Error> {
                let mut numbers = BTreeMap::new();
                while let Some((name, number)) = map.next_entry::<Symbol, i64>()? {
                    numbers.insert(name, number);
                }
                Ok(Value::Numbers(numbers))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(true) => f.write_str("yes"),
            Value::Flag(false) => f.write_str("no"),
            Value::Number(n) => write!(f, "{n}"),
            Value::Text(t) => f.write_str(t),
            Value::List(names) if names.is_empty() => f.write_str("none"),
            Value::List(names) => {
                let names: Vec<&str> = names.iter().map(|n| n.as_ref()).collect();
                f.write_str(&names.join(", "))
            }
            Value::Numbers(numbers) if numbers.is_empty() => f.write_str("none"),
            Value::Numbers(numbers) => {
                let entries: Vec<String> = numbers
                    .iter()
                    .map(|(name, number)| format!("{name} {number}"))
                    .collect();
                f.write_str(&entries.join(", "))
            }
        }
    }
}

/// A bad input value, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub field: String,
    pub message: String,
}

impl InputError {
    pub fn new(field: &str, message: impl Into<String>) -> InputError {
        InputError {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // An error about the whole form (the game is over) names no field.
        if self.field.is_empty() {
            return f.write_str(&self.message);
        }
        write!(f, "field `{}`: {}", self.field, self.message)
    }
}

impl std::error::Error for InputError {}

impl Field {
    pub fn default_value(&self) -> Value {
        match self.kind {
            FieldKind::Flag => Value::Flag(false),
            FieldKind::Count { .. } => Value::Number(0),
            FieldKind::Number { min, max } => Value::Number(i64::from(0.clamp(min, max))),
            FieldKind::Choice(options) => {
                Value::Text(options.first().map(|o| o.0).unwrap_or("").into())
            }
            FieldKind::Text { .. } | FieldKind::Unit { .. } => Value::Text(Symbol::default()),
            FieldKind::Units { .. } => Value::List(Vec::new()),
            FieldKind::UnitNumbers { .. } => Value::Numbers(BTreeMap::new()),
        }
    }

    /// Checks that `value` fits this field.
    pub fn check(&self, value: &Value) -> Result<(), InputError> {
        let fail = |message: String| {
            Err(InputError {
                field: self.id.to_string(),
                message,
            })
        };
        match (self.kind, value) {
            (FieldKind::Flag, Value::Flag(_)) => Ok(()),
            (FieldKind::Flag, _) => fail("must be true or false".into()),
            (FieldKind::Count { max }, Value::Number(n)) => {
                if (0..=i64::from(max)).contains(n) {
                    Ok(())
                } else {
                    fail(format!("{n} is out of range: a count from 0 to {max}"))
                }
            }
            (FieldKind::Number { min, max }, Value::Number(n)) => {
                if (i64::from(min)..=i64::from(max)).contains(n) {
                    Ok(())
                } else {
                    fail(format!("{n} is out of range: a number from {min} to {max}"))
                }
            }
            (FieldKind::Count { .. } | FieldKind::Number { .. }, _) => {
                fail("must be a whole number".into())
            }
            (FieldKind::Choice(options), Value::Text(t)) => {
                if options.iter().any(|o| o.0 == t.as_str()) {
                    Ok(())
                } else {
                    fail(format!(
                        "\"{t}\" is not one of the choices: {}",
                        options
                            .iter()
                            .map(|o| format!("\"{}\"", o.0))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }
            }
            (FieldKind::Choice(_), _) => fail("must be one of the choices, in quotes".into()),
            (FieldKind::Text { max_len } | FieldKind::Unit { max_len, .. }, Value::Text(t)) => {
                if let Some(c) = unfit_character(t) {
                    fail(unfit_message(c))
                } else if t.chars().count() <= max_len {
                    Ok(())
                } else {
                    fail(format!("is longer than {max_len} characters"))
                }
            }
            (FieldKind::Text { .. } | FieldKind::Unit { .. }, _) => {
                fail("must be text, in quotes".into())
            }
            (FieldKind::Units { .. }, Value::List(names)) => {
                for (i, name) in names.iter().enumerate() {
                    if name.trim().is_empty() {
                        return fail(format!("name {} is blank", i + 1));
                    }
                    if let Some(c) = unfit_character(name) {
                        return fail(format!("name {}: {}", i + 1, unfit_message(c)));
                    }
                    if name.chars().count() > UNIT_NAME_MAX {
                        return fail(format!(
                            "\"{name}\" is longer than {UNIT_NAME_MAX} characters"
                        ));
                    }
                    if names.iter().take(i).any(|earlier| earlier == name) {
                        return fail(format!("\"{name}\" is named twice"));
                    }
                }
                Ok(())
            }
            (FieldKind::Units { .. }, _) => {
                fail("must be a list of unit names, like [\"I Corps\", \"II Corps\"]".into())
            }
            (FieldKind::UnitNumbers { max, .. }, Value::Numbers(numbers)) => {
                for (name, number) in numbers {
                    if name.trim().is_empty() {
                        return fail("a unit's name is blank".into());
                    }
                    if let Some(c) = unfit_character(name) {
                        return fail(format!("\"{name}\": {}", unfit_message(c)));
                    }
                    if name.chars().count() > UNIT_NAME_MAX {
                        return fail(format!(
                            "\"{name}\" is longer than {UNIT_NAME_MAX} characters"
                        ));
                    }
                    if !(0..=i64::from(max)).contains(number) {
                        return fail(format!(
                            "{name}: {number} is out of range, a count from 0 to {max}"
                        ));
                    }
                }
                Ok(())
            }
            (FieldKind::UnitNumbers { .. }, _) => {
                fail("must be a table of unit names and numbers, like { \"I Corps\" = 3 }".into())
            }
        }
    }

    /// The value as a person reads it: a choice shows its label.
    pub fn display(&self, value: &Value) -> String {
        match (self.kind, value) {
            (FieldKind::Choice(options), Value::Text(t)) => options
                .iter()
                .find(|o| o.0 == t.as_str())
                .map(|o| o.1.to_string())
                .unwrap_or_else(|| t.to_string()),
            (_, Value::Text(t)) if t.is_empty() => "(blank)".to_string(),
            _ => value.to_string(),
        }
    }

    fn kind_help(&self) -> String {
        match self.kind {
            FieldKind::Flag => "true or false".into(),
            FieldKind::Count { max } => format!("a count, 0 to {max}"),
            FieldKind::Number { min, max } => format!("a number, {min} to {max}"),
            FieldKind::Choice(options) => format!(
                "one of {}",
                options
                    .iter()
                    .map(|o| format!("\"{}\" ({})", o.0, o.1))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            FieldKind::Text { max_len } => format!("text, up to {max_len} characters"),
            FieldKind::Unit { of, max_len, .. } => {
                format!(
                    "a unit's name {}, up to {max_len} characters",
                    of.describe()
                )
            }
            FieldKind::Units { of, .. } => {
                format!("a list of unit names {}, like [\"I Corps\"]", of.describe())
            }
            FieldKind::UnitNumbers { of, max, .. } => format!(
                "a table of unit names {} and counts from 0 to {max}, like {{ \"I Corps\" = 3 }}",
                of.describe()
            ),
        }
    }
}

/// The first character of `text` that may not go into the log, if any: a control character, or an
/// invisible mark that reorders or breaks the text around it when it is shown (the bidirectional
/// embeddings, overrides, isolates and marks, and the line and paragraph separators).
fn unfit_character(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        c.is_control()
            || matches!(
                c,
                '\u{202A}'..='\u{202E}'
                    | '\u{2066}'..='\u{2069}'
                    | '\u{200E}'
                    | '\u{200F}'
                    | '\u{2028}'
                    | '\u{2029}'
            )
    })
}

fn unfit_message(c: char) -> String {
    format!(
        "must be one line of plain text, without control characters, direction marks or line separators (it holds U+{:04X})",
        u32::from(c)
    )
}

impl UnitOf {
    /// Whether a unit of `side` belongs in the field, as `input` stands.
    pub fn takes(self, input: &Input, side: &str) -> bool {
        match self {
            UnitOf::Side(field) => side == input.text(field),
            UnitOf::OpponentOf(field) => side != input.text(field),
            UnitOf::Any => true,
            UnitOf::Fixed(fixed) => side == fixed,
        }
    }

    /// "of the side in `attacker_side`", for help texts.
    fn describe(self) -> String {
        match self {
            UnitOf::Side(field) => format!("of the side in `{field}`"),
            UnitOf::OpponentOf(field) => format!("of the side opposing `{field}`"),
            UnitOf::Any => "of either side".into(),
            UnitOf::Fixed(side) => format!("of the side `{side}`"),
        }
    }
}

/// A procedure's input: one value per field, checked.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Input {
    values: Values,
}

/// Values by field id, sorted by id (so they serialise, and hash, in a fixed order). A long log
/// holds one per resolution: a sorted vector takes about half the memory of a tree map here.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Values(Vec<(Symbol, Value)>);

impl Values {
    fn position(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(key, _)| key.as_ref().cmp(id))
    }

    fn get(&self, id: &str) -> Option<&Value> {
        let i = self.position(id).ok()?;
        self.0.get(i).map(|(_, value)| value)
    }

    fn insert(&mut self, id: &str, value: Value) {
        match self.position(id) {
            Ok(i) => {
                if let Some((_, held)) = self.0.get_mut(i) {
                    *held = value;
                }
            }
            Err(i) => self.0.insert(i, (Symbol::new(id), value)),
        }
    }
}

impl FromIterator<(Symbol, Value)> for Values {
    fn from_iter<I: IntoIterator<Item = (Symbol, Value)>>(pairs: I) -> Self {
        let sorted: BTreeMap<Symbol, Value> = pairs.into_iter().collect();
        Values(sorted.into_iter().collect())
    }
}

impl Serialize for Values {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key.as_ref(), value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Values {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Values(
            BTreeMap::<Symbol, Value>::deserialize(deserializer)?
                .into_iter()
                .collect(),
        ))
    }
}

impl Input {
    /// Every field at its default.
    pub fn defaults(fields: &[Field]) -> Input {
        Input {
            values: fields
                .iter()
                .map(|f| (Symbol::new(f.id), f.default_value()))
                .collect(),
        }
    }

    /// Builds an input from a TOML table: every field must be present and valid, and no key may be
    /// unknown (a misspelt key would otherwise be silently ignored).
    pub fn from_toml(fields: &[Field], table: &toml::Table) -> Result<Input, Vec<InputError>> {
        let mut errors = Vec::new();
        let mut values = Values::default();
        for field in fields {
            let value = match table.get(field.id) {
                None => {
                    errors.push(InputError {
                        field: field.id.to_string(),
                        message: format!("missing ({}: {})", field.label, field.kind_help()),
                    });
                    continue;
                }
                Some(toml::Value::Boolean(b)) => Value::Flag(*b),
                Some(toml::Value::Integer(n)) => Value::Number(*n),
                Some(toml::Value::String(s)) => Value::Text(s.as_str().into()),
                Some(toml::Value::Table(entries))
                    if entries.values().all(|v| v.as_integer().is_some()) =>
                {
                    Value::Numbers(
                        entries
                            .iter()
                            .filter_map(|(name, n)| Some((Symbol::new(name), n.as_integer()?)))
                            .collect(),
                    )
                }
                Some(toml::Value::Array(items))
                    if items.iter().all(|item| item.as_str().is_some()) =>
                {
                    Value::List(
                        items
                            .iter()
                            .filter_map(|i| i.as_str())
                            .map(Symbol::new)
                            .collect(),
                    )
                }
                Some(_) => {
                    errors.push(InputError {
                        field: field.id.to_string(),
                        message: format!("must be {}", field.kind_help()),
                    });
                    continue;
                }
            };
            match field.check(&value) {
                Ok(()) => {
                    values.insert(field.id, value);
                }
                Err(e) => errors.push(e),
            }
        }
        for key in table.keys() {
            if !fields.iter().any(|f| f.id == key) {
                errors.push(InputError {
                    field: key.clone(),
                    message: "is not an input of this procedure (see `template`)".into(),
                });
            }
        }
        if errors.is_empty() {
            Ok(Input { values })
        } else {
            Err(errors)
        }
    }

    /// A logged input as today's procedure reads it: a yes-or-no field added to the procedure
    /// after the event was logged is absent there, and reads as no (the form did not ask it, so
    /// nobody claimed it). Any other field missing is still refused by `check`.
    pub fn with_later_flags(&self, fields: &[Field]) -> Input {
        let mut input = self.clone();
        for field in fields {
            if matches!(field.kind, FieldKind::Flag) && input.get(field.id).is_none() {
                input.set(field.id, Value::Flag(false));
            }
        }
        input
    }

    /// Checks every value against the fields (used for inputs read back from a session file).
    pub fn check(&self, fields: &[Field]) -> Result<(), InputError> {
        for field in fields {
            match self.values.get(field.id) {
                Some(v) => field.check(v)?,
                None => {
                    return Err(InputError {
                        field: field.id.to_string(),
                        message: "missing".into(),
                    });
                }
            }
        }
        Ok(())
    }

    /// Whether any field names `name` (a unit picked on the form, alone or in a list).
    pub fn mentions(&self, name: &str) -> bool {
        self.values.0.iter().any(|(_, value)| match value {
            Value::Text(text) => text.as_str() == name,
            Value::List(names) => names.iter().any(|n| n.as_str() == name),
            _ => false,
        })
    }

    pub fn get(&self, id: &str) -> Option<&Value> {
        self.values.get(id)
    }

    /// The first of the fields `ids` whose value differs from `known`'s (the form as the record
    /// would fill it in), with `known`'s value: a fact that went stale since the form opened.
    pub fn first_difference<'a>(
        &self,
        known: &Input,
        ids: impl IntoIterator<Item = &'a str>,
    ) -> Option<(&'a str, String)> {
        ids.into_iter()
            .find(|id| self.get(id) != known.get(id))
            .map(|id| {
                (
                    id,
                    known.get(id).map(ToString::to_string).unwrap_or_default(),
                )
            })
    }

    /// Sets a value; the caller checks it against its field.
    pub fn set(&mut self, id: &str, value: Value) {
        self.values.insert(id, value);
    }

    /// A yes/no value; absent or of another kind reads as no (a missed read, see
    /// [`watch_missed_reads`]).
    #[track_caller]
    pub fn flag(&self, id: &str) -> bool {
        match self.values.get(id) {
            Some(Value::Flag(flag)) => *flag,
            held => missed(id, ValueKind::Flag, held, false),
        }
    }

    /// A count or number; absent or of another kind reads as 0 (a missed read).
    #[track_caller]
    pub fn number(&self, id: &str) -> i32 {
        match self.values.get(id) {
            Some(Value::Number(n)) => i32::try_from(*n).unwrap_or(0),
            held => missed(id, ValueKind::Number, held, 0),
        }
    }

    /// A choice's id or a text; absent or of another kind reads as empty (a missed read).
    #[track_caller]
    pub fn text(&self, id: &str) -> &str {
        match self.values.get(id) {
            Some(Value::Text(t)) => t,
            held => missed(id, ValueKind::Text, held, ""),
        }
    }

    /// A list of names; absent or of another kind reads as empty (a missed read).
    #[track_caller]
    pub fn list(&self, id: &str) -> &[Symbol] {
        match self.values.get(id) {
            Some(Value::List(names)) => names,
            held => missed(id, ValueKind::List, held, &[]),
        }
    }

    /// A number for each of several names; absent or of another kind reads as none (a missed
    /// read).
    #[track_caller]
    pub fn numbers(&self, id: &str) -> Vec<(&str, i64)> {
        match self.values.get(id) {
            Some(Value::Numbers(numbers)) => numbers
                .iter()
                .map(|(name, number)| (name.as_str(), *number))
                .collect(),
            held => missed(id, ValueKind::Numbers, held, Vec::new()),
        }
    }

    /// The input as readable lines, "label: value", in field order.
    pub fn describe(&self, fields: &[Field]) -> Vec<(String, String)> {
        fields
            .iter()
            .filter_map(|f| {
                self.values
                    .get(f.id)
                    .map(|v| (f.label.to_string(), f.display(v)))
            })
            .collect()
    }
}

/// The kinds of value, as a missed read names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Flag,
    Number,
    Text,
    List,
    Numbers,
}

impl ValueKind {
    fn of(value: &Value) -> ValueKind {
        match value {
            Value::Flag(_) => ValueKind::Flag,
            Value::Number(_) => ValueKind::Number,
            Value::Text(_) => ValueKind::Text,
            Value::List(_) => ValueKind::List,
            Value::Numbers(_) => ValueKind::Numbers,
        }
    }
}

impl fmt::Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueKind::Flag => "a flag",
            ValueKind::Number => "a number",
            ValueKind::Text => "a text",
            ValueKind::List => "a list",
            ValueKind::Numbers => "a table of numbers",
        })
    }
}

/// A read of an input that fell back to its default: `Input::flag`, `number`, `text` or `list`
/// asked for an id the input does not hold, or that holds another kind of value. In a procedure
/// that is a misspelt or undeclared field id, read silently as no, 0 or empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissedRead {
    pub id: String,
    /// What the read asked for.
    pub asked: ValueKind,
    /// What the input holds under `id`: `None` if nothing.
    pub held: Option<ValueKind>,
    /// Where the read was made.
    pub at: &'static Location<'static>,
}

impl fmt::Display for MissedRead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.held {
            None => write!(
                f,
                "`{}` read as {} at {}, but the input has no such field",
                self.id, self.asked, self.at
            ),
            Some(held) => write!(
                f,
                "`{}` read as {} at {}, but it holds {held}",
                self.id, self.asked, self.at
            ),
        }
    }
}

thread_local! {
    /// The missed reads on this thread while `watch_missed_reads` runs; `None` otherwise. Kept
    /// beside the inputs, not in them, so that an input's equality, serialisation and hash stay
    /// its values alone, and so that reads of a copy of an input are caught too.
    static MISSED_READS: RefCell<Option<Vec<MissedRead>>> = const { RefCell::new(None) };
}

/// Notes a missed read if they are being watched, and gives the default `fallback`.
#[cold]
#[track_caller]
fn missed<T>(id: &str, asked: ValueKind, held: Option<&Value>, fallback: T) -> T {
    let at = Location::caller();
    MISSED_READS.with(|watch| {
        if let Some(reads) = watch.borrow_mut().as_mut() {
            let read = MissedRead {
                id: id.to_string(),
                asked,
                held: held.map(ValueKind::of),
                at,
            };
            if !reads.contains(&read) {
                reads.push(read);
            }
        }
    });
    fallback
}

/// Runs `run` and returns, with its result, every distinct read of an [`Input`] on this thread
/// during it that fell back to a default (see [`MissedRead`]), in the order first made. Watches
/// nest: an outer watch also sees an inner one's reads.
pub fn watch_missed_reads<R>(run: impl FnOnce() -> R) -> (R, Vec<MissedRead>) {
    /// Puts the outer watch back even if `run` panics.
    struct Restore(Option<Vec<MissedRead>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            MISSED_READS.with(|watch| *watch.borrow_mut() = outer);
        }
    }
    let mut restore = Restore(MISSED_READS.with(|watch| watch.borrow_mut().replace(Vec::new())));
    let result = run();
    let reads = MISSED_READS
        .with(|watch| watch.borrow_mut().take())
        .unwrap_or_default();
    if let Some(outer) = restore.0.as_mut() {
        for read in &reads {
            if !outer.contains(read) {
                outer.push(read.clone());
            }
        }
    }
    drop(restore);
    (result, reads)
}

/// A TOML input file with every field at its default, its help and rule as comments.
pub fn template(title: &str, fields: &[Field]) -> String {
    let mut text = format!(
        "# Input for: {title}\n# Every field is required. Edit the values, keep the keys.\n"
    );
    for field in fields {
        text.push('\n');
        text.push_str(&format!("# {} ({})\n", field.label, field.rule));
        for line in field.help.lines() {
            text.push_str(&format!("# {line}\n"));
        }
        text.push_str(&format!("# Takes {}.\n", field.kind_help()));
        let value = match field.default_value() {
            Value::Flag(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            Value::Text(t) => toml::Value::String(t.to_string()).to_string(),
            Value::List(_) => "[]".to_string(),
            Value::Numbers(_) => "{}".to_string(),
        };
        text.push_str(&format!("{} = {}\n", field.id, value));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &[Field] = &[
        Field {
            id: "stars",
            label: "Battle Stars",
            group: "G",
            kind: FieldKind::Number { min: 0, max: 4 },
            rule: "R1",
            help: "The stars.",
        },
        Field {
            id: "hex",
            label: "Hex",
            group: "G",
            kind: FieldKind::Choice(&[("open", "Open"), ("town", "Town")]),
            rule: "R2",
            help: "Terrain.",
        },
        Field {
            id: "rain",
            label: "Rain",
            group: "G",
            kind: FieldKind::Flag,
            rule: "R3",
            help: "Wet.",
        },
    ];

    const AP_LEVELS: &[Field] = &[Field {
        id: "ap",
        label: "AP levels",
        group: "G",
        kind: FieldKind::UnitNumbers {
            of: UnitOf::Any,
            only: &[],
            max: 5,
        },
        rule: "R",
        help: "",
    }];

    #[test]
    fn a_number_for_each_unit_reads_from_toml_and_the_log_and_is_checked() {
        let table: toml::Table = "ap = { \"Left Wing\" = 3, \"Right Wing\" = 0 }"
            .parse()
            .expect("TOML");
        let input = Input::from_toml(AP_LEVELS, &table).expect("valid");
        assert_eq!(input.numbers("ap"), [("Left Wing", 3), ("Right Wing", 0)]);
        // The log holds it as a JSON object and reads it back the same.
        let json = serde_json::to_string(&input).expect("serializes");
        assert_eq!(json, r#"{"ap":{"Left Wing":3,"Right Wing":0}}"#);
        let back: Input = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, input);
        assert_eq!(
            AP_LEVELS[0].display(back.get("ap").expect("held")),
            "Left Wing 3, Right Wing 0"
        );
        let too_many: toml::Table = "ap = { \"Left Wing\" = 6 }".parse().expect("TOML");
        let errors = Input::from_toml(AP_LEVELS, &too_many).expect_err("out of range");
        assert_eq!(
            errors[0].message,
            "Left Wing: 6 is out of range, a count from 0 to 5"
        );
        let text: toml::Table = "ap = \"three\"".parse().expect("TOML");
        let errors = Input::from_toml(AP_LEVELS, &text).expect_err("not a table");
        assert!(
            errors[0].message.contains("like { \"I Corps\" = 3 }"),
            "{errors:?}"
        );
        let template = template("Test", AP_LEVELS);
        assert!(template.contains("ap = {}"), "{template}");
    }

    #[test]
    fn template_parses_back_to_the_defaults() {
        let text = template("Test", FIELDS);
        let table: toml::Table = text.parse().expect("template is TOML");
        let input = Input::from_toml(FIELDS, &table).expect("defaults are valid");
        assert_eq!(input, Input::defaults(FIELDS));
        assert!(text.contains("# Battle Stars (R1)"));
        assert!(text.contains("hex = \"open\""));
    }

    #[test]
    fn names_stay_on_one_line() {
        let field = Field {
            id: "unit",
            label: "Unit",
            group: "G",
            kind: FieldKind::Unit {
                of: UnitOf::Side("side"),
                only: &[],
                max_len: 10,
            },
            rule: "R",
            help: "H",
        };
        assert!(field.check(&Value::Text("I Corps".into())).is_ok());
        let error = field
            .check(&Value::Text("I\nCorps".into()))
            .expect_err("a line break is refused");
        assert_eq!(
            error.to_string(),
            "field `unit`: must be one line of plain text, without control characters, direction marks or line separators (it holds U+000A)"
        );
        assert!(field.check(&Value::Text("Eleven char".into())).is_err());
        // Invisible marks that would reorder or break the name where the log shows it.
        for mark in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{2028}', '\u{2029}',
        ] {
            let error = field
                .check(&Value::Text(format!("I{mark}Corps").as_str().into()))
                .expect_err("a mark is refused");
            assert_eq!(error.field, "unit");
            assert!(
                error
                    .message
                    .contains(&format!("U+{:04X}", u32::from(mark))),
                "{error}"
            );
        }
        // Other text, accents and scripts included, is welcome.
        assert!(field.check(&Value::Text("Bülow".into())).is_ok());
        assert!(field.check(&Value::Text("d'Erlon".into())).is_ok());
        // So is every name of a list.
        let units = Field {
            id: "units",
            kind: FieldKind::Units {
                of: UnitOf::Side("side"),
                only: &[],
            },
            ..field
        };
        let names = vec!["I Corps".into(), "II\u{2067}Corps".into()];
        let error = units
            .check(&Value::List(names))
            .expect_err("a mark is refused");
        assert_eq!(error.field, "units");
        assert!(
            error.message.starts_with("name 2: must be one line"),
            "{error}"
        );
        assert!(error.message.contains("U+2067"), "{error}");
    }

    #[test]
    fn reads_that_fall_back_to_a_default_are_caught_only_while_watched() {
        let input = Input::defaults(FIELDS);
        // Unwatched, a missed read is silent.
        assert!(!input.flag("rian"));
        let (stars, missed) = watch_missed_reads(|| {
            let copy = input.clone();
            (
                input.number("stars"),
                input.flag("rian"),
                copy.flag("rian"),
                input.number("hex"),
                input.list("stars").len(),
                input.text("rain"),
            )
        });
        assert_eq!(stars, (0, false, false, 0, 0, ""));
        let found: Vec<(&str, ValueKind, Option<ValueKind>)> = missed
            .iter()
            .map(|read| (read.id.as_str(), read.asked, read.held))
            .collect();
        // The same misspelling in the copy is the same read only if made at the same place.
        assert_eq!(
            found,
            vec![
                ("rian", ValueKind::Flag, None),
                ("rian", ValueKind::Flag, None),
                ("hex", ValueKind::Number, Some(ValueKind::Text)),
                ("stars", ValueKind::List, Some(ValueKind::Number)),
                ("rain", ValueKind::Text, Some(ValueKind::Flag)),
            ]
        );
        assert!(missed.iter().all(|read| read.at.file() == file!()));
        assert_eq!(
            missed[0].to_string(),
            format!(
                "`rian` read as a flag at {}, but the input has no such field",
                missed[0].at
            )
        );
        assert_eq!(
            missed[2].to_string(),
            format!(
                "`hex` read as a number at {}, but it holds a text",
                missed[2].at
            )
        );
        // Nested watches: the outer one sees the inner one's reads too.
        let ((_, inner), outer) = watch_missed_reads(|| {
            input.flag("a");
            watch_missed_reads(|| input.flag("b"))
        });
        let ids = |reads: &[MissedRead]| reads.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&inner), ["b"]);
        assert_eq!(ids(&outer), ["a", "b"]);
        // Watching changes nothing about the input itself.
        assert_eq!(input, Input::defaults(FIELDS));
        assert!(!input.flag("rian"));
    }

    /// A logged input from before a yes-or-no field was added reads it as no; a missing field of
    /// any other kind is still refused.
    #[test]
    fn a_flag_added_later_reads_as_no_in_an_older_log() {
        let mut logged = Input::defaults(FIELDS);
        logged.values.0.retain(|(id, _)| id.as_str() != "rain");
        assert!(logged.check(FIELDS).is_err(), "refused as it stands");
        let read = logged.with_later_flags(FIELDS);
        assert!(read.check(FIELDS).is_ok());
        assert_eq!(read.get("rain"), Some(&Value::Flag(false)));
        logged.values.0.retain(|(id, _)| id.as_str() != "stars");
        let read = logged.with_later_flags(FIELDS);
        assert_eq!(read.check(FIELDS).unwrap_err().field, "stars");
    }

    #[test]
    fn errors_name_the_field() {
        let table: toml::Table = "stars = 9\nhex = \"swamp\"\nrian = true"
            .parse()
            .expect("toml");
        let errors = Input::from_toml(FIELDS, &table).unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            vec![
                "field `stars`: 9 is out of range: a number from 0 to 4",
                "field `hex`: \"swamp\" is not one of the choices: \"open\", \"town\"",
                "field `rain`: missing (Rain: true or false)",
                "field `rian`: is not an input of this procedure (see `template`)",
            ]
        );
    }
}
