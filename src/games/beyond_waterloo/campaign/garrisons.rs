//! The French National Guard garrisons at set-up (27.2.1, L2286): "5x 1CF and 6x ½CF National
//! Guard units ... one to an area" in the eleven Fortress areas listed. The line does not say
//! which unit goes where, so it is the French player's choice (the campaign addendum's B42). The
//! set-up puts the 1CF units in the first five Fortresses in the printed order; before play
//! begins the French player may exchange any two garrisons, as often as he likes, until each
//! stands where he wants it.

use super::set_up::{before_play, check_before_play};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};

const RULE: &str = "27.2.1, L2286";

const FIELDS: &[Field] = &[
    Field {
        id: "garrisons",
        label: "The two garrisons that exchange Fortresses",
        group: "Garrisons",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("french"),
            only: &[
                (attribute::SIZE, "national-guard"),
                ("state", state::IN_PLAY),
            ],
        },
        rule: RULE,
        help: "Two National Guard units of the set-up's garrisons, each in its Fortress.",
    },
    Field {
        id: "fortresses",
        label: "Their Fortresses now",
        group: "Garrisons",
        kind: FieldKind::Text { max_len: 200 },
        rule: RULE,
        help: "Filled in from the record as the garrisons are picked, in the same order.",
    },
];

/// Whether `name` is a garrison the set-up placed: a National Guard unit alone in a Fortress,
/// in no Formation.
fn is_garrison(record: &Record, name: &str) -> bool {
    record.unit("french", name).is_some_and(|unit| {
        unit.attribute(attribute::SIZE) == Some("national-guard")
            && unit
                .attribute(attribute::FORMATION)
                .is_none_or(str::is_empty)
            && unit
                .attribute(attribute::AREA)
                .is_some_and(|area| super::fortresses::holder(record, area).is_some())
    })
}

/// Two garrisons exchanging Fortresses before play begins.
pub struct GarrisonSwap;

impl GarrisonSwap {
    fn fill(input: &mut Input, record: &Record) {
        let areas: Vec<String> = input
            .list("garrisons")
            .iter()
            .map(|name| {
                record
                    .unit("french", name)
                    .and_then(|u| u.attribute(attribute::AREA))
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        input.set("fortresses", Value::Text(areas.join("; ").as_str().into()));
    }
}

impl Procedure for GarrisonSwap {
    fn about(&self) -> &About {
        &About {
            id: "garrison-swap",
            title: "Exchange two garrisons",
            rule: RULE,
            summary: "Before play begins, two French National Guard garrisons exchange Fortresses: which unit goes where is the French player's choice.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        before_play(record)
    }
    fn offers(
        &self,
        field: &str,
        _input: &Input,
        record: &Record,
        _side: &str,
        name: &str,
    ) -> bool {
        field != "garrisons" || is_garrison(record, name)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.list("garrisons").len() != 2 {
            return Err(InputError::new(
                "garrisons",
                "pick two garrisons: they exchange their Fortresses",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_before_play(record, "the garrisons' places")?;
        for name in input.list("garrisons") {
            if !is_garrison(record, name) {
                return Err(InputError::new(
                    "garrisons",
                    format!("{name} is not a National Guard garrison in a Fortress"),
                ));
            }
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if known.text("fortresses") != input.text("fortresses") {
            return Err(InputError::new(
                "fortresses",
                format!("the record has {}", known.text("fortresses")),
            ));
        }
        Ok(())
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
        let names: Vec<&str> = input.list("garrisons").iter().map(|n| n.as_str()).collect();
        let areas: Vec<&str> = input.text("fortresses").split("; ").collect();
        let (Some(&[first, second]), Some(&[first_area, second_area])) =
            (names.get(..2), areas.get(..2))
        else {
            return Err(RuleError::Input(InputError::new(
                "garrisons",
                "pick two garrisons: they exchange their Fortresses",
            )));
        };
        let effects = vec![
            Effect::set_attribute("french", first, attribute::AREA, second_area, RULE),
            Effect::set_attribute("french", second, attribute::AREA, first_area, RULE),
        ];
        Ok(Resolution::book_keeping(
            "garrison-swap",
            format!("{first} goes to {second_area}, {second} to {first_area}"),
            effects,
        ))
    }
}
