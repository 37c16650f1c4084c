//! The set-up draw of the units listed only by type (27.0, L2178): "If it is by type, the player
//! should randomly pick a unit of that type and Troop size (Division or Corp) without reference to
//! its printed Morale value."
//!
//! The app holds no counter mix: the rulebook prints no counter's name or value. The owner lists
//! the counters of one type and size that he holds, each by the name he knows it by and, if he
//! wishes, its CF as printed; he picks which of his units listed by that type take one (all those
//! still to draw, unless he picks fewer); the app draws as many counters, without replacement,
//! from his list with the session's generator. The draw is logged with the list it was made from,
//! as every draw is, so `verify` re-derives it from the seed and checks the list against the
//! logged form. Each unit keeps its own name on the record and is told which counter it stands
//! for (`COUNTER`), with the counter's CF where the owner gave one; its Morale and reduced side
//! are entered from the counter afterwards, as every counter value is.
//!
//! Readings:
//! - A unit's type is its nation, whether it is Guards, its arm and its size, as the record keeps
//!   them ("austrian cavalry corps", "french guard infantry division"): the listings print the
//!   type under each nation, and a Guards unit is a counter of its own (3.3, L545-556).
//! - A counter drawn already, for any unit of the side, may not be listed again: it is on the
//!   table, not in the owner's hand.
//! - The draws are made before play begins, with the set-up's other choices.

use super::set_up::{BY_TYPE, COUNTER, check_before_play};
use crate::engine::draws::DrawSlot;
use crate::engine::input::{Field, FieldKind, Input, InputError, UNIT_NAME_MAX, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, halves_text};
use crate::games::beyond_waterloo::{SIDES, people};

const RULE: &str = "27.0, L2178";

/// The longest list of counters the form takes.
const COUNTERS_MAX: usize = 2000;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Draw",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "Each player draws his own counters.",
    },
    Field {
        id: "type",
        label: "Type and size",
        group: "Draw",
        kind: FieldKind::Text { max_len: 60 },
        rule: RULE,
        help: "As the record names it: the nation, Guard for Guards, the arm and the size (\"french cavalry corps\"). The form offers the types left to draw.",
    },
    Field {
        id: "units",
        label: "Units that draw a counter",
        group: "Draw",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(BY_TYPE, "yes")],
        },
        rule: RULE,
        help: "The units of that type listed only by type and still to draw: all of them unless you pick fewer. The first counter drawn goes to the first unit, and so on.",
    },
    Field {
        id: "counters",
        label: "The counters of that type and size you hold",
        group: "Draw",
        kind: FieldKind::Text {
            max_len: COUNTERS_MAX,
        },
        rule: RULE,
        help: "Separated by commas or semicolons: each counter's name, and if you wish its CF as printed, ending in CF (\"IV Cav Corps 3CF\", \"Militia ½CF\" or \"1/2CF\"). At least one for each unit; leave out those drawn already.",
    },
];

/// One counter the owner lists: its name, and its CF in half points if he gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Counter {
    name: String,
    cf_halves: Option<u32>,
}

/// The CF ending an entry, "3CF", "½CF", "1/2CF" or "1½CF", in half points: `None` if the entry
/// ends in no CF, an error if it ends in one that is not a combat factor.
fn trailing_cf(entry: &str, word: &str) -> Result<Option<u32>, InputError> {
    let Some(number) = ["CF", "cf", "Cf", "cF"]
        .iter()
        .find_map(|suffix| word.strip_suffix(suffix))
    else {
        return Ok(None);
    };
    let halves = if number == "1/2" {
        Some(1)
    } else {
        super::listing::cf_halves(number)
    };
    halves.map(Some).ok_or_else(|| {
        InputError::new(
            "counters",
            format!(
                "\"{entry}\": \"{word}\" is not a combat factor: write it as printed, a whole number or a half, then CF (4CF, ½CF or 1/2CF, 1½CF) ({RULE})"
            ),
        )
    })
}

/// The counters listed, in order: each entry a name and perhaps a CF. Every problem names the
/// field.
fn counters(text: &str) -> Result<Vec<Counter>, InputError> {
    let fail = |message: String| Err(InputError::new("counters", format!("{message} ({RULE})")));
    let mut listed: Vec<Counter> = Vec::new();
    for entry in text.split([',', ';']).map(str::trim) {
        let mut words: Vec<&str> = entry.split_whitespace().collect();
        let Some(last) = words.last().copied() else {
            continue;
        };
        let cf_halves = trailing_cf(entry, last)?;
        if cf_halves.is_some() {
            words.pop();
        }
        let name = words.join(" ");
        if name.is_empty() {
            return fail(format!("\"{entry}\" gives a CF but no counter's name"));
        }
        if name.chars().count() > UNIT_NAME_MAX {
            return fail(format!(
                "\"{name}\" is longer than {UNIT_NAME_MAX} characters"
            ));
        }
        if listed.iter().any(|c| c.name == name) {
            return fail(format!(
                "\"{name}\" is listed twice: give each counter a name of its own"
            ));
        }
        listed.push(Counter { name, cf_halves });
    }
    if listed.is_empty() {
        return fail(
            "list the counters of this type and size you hold, to draw from at random".into(),
        );
    }
    Ok(listed)
}

/// A unit's type as the draw reads it: "austrian cavalry corps", "french guard infantry
/// division".
fn type_of(unit: &UnitRecord) -> String {
    let of = |name: &str| unit.attribute(name).unwrap_or("");
    let guard = if of(attribute::GUARD) == "yes" {
        " guard"
    } else {
        ""
    };
    format!(
        "{}{guard} {} {}",
        of(attribute::NATION),
        of(attribute::TYPE),
        of(attribute::SIZE)
    )
}

/// Whether a unit is listed only by type and has no counter drawn yet.
fn to_draw(unit: &UnitRecord) -> bool {
    unit.attribute(BY_TYPE) == Some("yes") && unit.attribute(COUNTER).is_none_or(str::is_empty)
}

/// A side's units still to draw for, with their types.
fn still_to_draw<'a>(record: &'a Record, side: &'a str) -> impl Iterator<Item = (&'a str, String)> {
    record
        .units_where(Some(side), &[(BY_TYPE, "yes")])
        .filter(|(_, _, unit)| to_draw(unit))
        .map(|(_, name, unit)| (name, type_of(unit)))
}

/// The types a side has units left to draw for, sorted.
fn types_left(record: &Record, side: &str) -> Vec<String> {
    let mut types: Vec<String> = still_to_draw(record, side).map(|(_, t)| t).collect();
    types.sort();
    types.dedup();
    types
}

/// The cup the owner's list stands for in the log: "the french cavalry corps counters listed".
fn cup(input: &Input) -> String {
    format!("the {} counters listed", input.text("type").trim())
}

/// The owner draws, from the counters he lists, one for each of his units listed only by type.
pub struct SetUpDraw;

impl Procedure for SetUpDraw {
    fn about(&self) -> &About {
        &About {
            id: "set-up-draw",
            title: "Set-up draw of units listed by type",
            rule: RULE,
            summary: "Draws at random, without replacement, from the counters of one type and size a player lists, one for each of his units the set-up lists only by type; each unit is told which counter it stands for, and its CF where given.",
            fields: FIELDS,
        }
    }
    /// Before play begins, while a unit listed by type has no counter.
    fn applies(&self, record: &Record) -> bool {
        super::set_up::before_play(record)
            && record
                .units_where(None, &[(BY_TYPE, "yes")])
                .any(|(_, _, unit)| to_draw(unit))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    /// A side picked offers its first type left; a type picked, all its units left to draw.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        if changed == "side" {
            let first = types_left(record, &side).into_iter().next();
            input.set(
                "type",
                Value::Text(first.unwrap_or_default().as_str().into()),
            );
        }
        if matches!(changed, "side" | "type") {
            let kind = input.text("type").trim().to_string();
            let units = still_to_draw(record, &side)
                .filter(|(_, t)| *t == kind)
                .map(|(name, _)| Symbol::from(name))
                .collect();
            input.set("units", Value::List(units));
        }
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != "units"
            || record
                .unit(side, name)
                .is_some_and(|unit| to_draw(unit) && type_of(unit) == input.text("type").trim())
    }
    fn suggests(&self, field: &str, input: &Input, record: &Record) -> Vec<String> {
        if field == "type" {
            types_left(record, input.text("side"))
        } else {
            Vec::new()
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let units = input.list("units").len();
        if units == 0 {
            return Err(InputError::new(
                "units",
                format!("pick the units that draw a counter ({RULE})"),
            ));
        }
        let listed = counters(input.text("counters"))?.len();
        if listed < units {
            return Err(InputError::new(
                "counters",
                format!(
                    "{listed} counter(s) listed for {units} unit(s): each unit draws a counter of its own, without replacement ({RULE})"
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_before_play(record, "the set-up draws")?;
        let side = input.text("side");
        let kind = input.text("type").trim();
        let left = types_left(record, side);
        if !left.iter().any(|t| t == kind) {
            let message = if left.is_empty() {
                format!(
                    "every unit the {} set-up lists by type has its counter ({RULE})",
                    people(side)
                )
            } else {
                format!(
                    "no {} unit listed by type is left to draw as \"{kind}\": the types left are {} ({RULE})",
                    people(side),
                    left.join(", ")
                )
            };
            return Err(InputError::new("type", message));
        }
        for name in input.list("units") {
            let unit = record
                .unit(side, name)
                .filter(|unit| unit.attribute(BY_TYPE) == Some("yes"));
            let problem = match unit {
                None => format!(
                    "{name} is not a {} unit the set-up lists only by type",
                    people(side)
                ),
                Some(unit) if !to_draw(unit) => format!(
                    "{name} has drawn its counter already: {}",
                    unit.attribute(COUNTER).unwrap_or("")
                ),
                Some(unit) if type_of(unit) != kind => {
                    format!("{name} is a {}, not a {kind}", type_of(unit))
                }
                Some(_) => continue,
            };
            return Err(InputError::new("units", format!("{problem} ({RULE})")));
        }
        for counter in counters(input.text("counters"))? {
            let drawn = [(COUNTER, counter.name.as_str())];
            let drawn_for = record
                .units_where(Some(side), &drawn)
                .map(|(_, name, _)| name)
                .next();
            if let Some(unit) = drawn_for {
                return Err(InputError::new(
                    "counters",
                    format!(
                        "\"{}\" was drawn already, for {unit}: a counter is drawn once ({RULE})",
                        counter.name
                    ),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    /// One draw for each unit, from the owner's list.
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        let Ok(listed) = counters(input.text("counters")) else {
            return Vec::new();
        };
        let chits: Vec<Symbol> = listed.iter().map(|c| c.name.as_str().into()).collect();
        let cup = cup(input);
        input
            .list("units")
            .iter()
            .map(|unit| DrawSlot::from_list(&format!("counter for {unit}"), &cup, &chits))
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let listed = counters(input.text("counters"))?;
        let units = input.list("units");
        let drawn = faces.chits();
        if drawn.len() != units.len() {
            return Err(RuleError::Draw(format!(
                "{} counter(s) drawn for {} unit(s)",
                drawn.len(),
                units.len()
            )));
        }
        let mut effects = Vec::new();
        let mut told = Vec::new();
        for (unit, chit) in units.iter().zip(drawn) {
            let counter = listed
                .iter()
                .find(|c| c.name == chit.as_str())
                .ok_or_else(|| RuleError::Draw(format!("\"{chit}\" is not a counter listed")))?;
            effects.push(Effect::set_attribute(side, unit, COUNTER, chit, RULE));
            let cf = counter.cf_halves.map(halves_text);
            if let Some(cf) = &cf {
                effects.push(Effect::set_attribute(side, unit, attribute::CF, cf, RULE));
            }
            told.push(match cf {
                Some(cf) => format!("{unit} is {chit} (CF {cf})"),
                None => format!("{unit} is {chit}"),
            });
        }
        effects.push(Effect::reminder(
            "Enter each drawn counter's Morale and reduced side from the counter itself, and its CF where the list did not give it",
            RULE,
        ));
        let told = told.join("; ");
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: told.clone(),
                rank: 0,
                headline: format!(
                    "Drawn at random, without replacement, from the {} {} counters listed ({RULE}): {told}",
                    listed.len(),
                    input.text("type").trim()
                ),
            },
            effects,
        })
    }
}
