//! Victory (How to Win, L168-219; 1.6 Victory Area, L246-249): the seven Victory Areas, who
//! controls each, Sudden Death when one Side holds all seven, and the Marginal Victory of the Side
//! holding the most at the end of turn 5. The Sides are counted whole, the British and Prussian
//! Areas together (digest §7.2 item 25), so seven Areas allow no tie.

use super::impulse::PASSES;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

/// The seven Victory Areas (L201-208); the text gives the Areas of three: Mont St. Jean 3
/// (L1107), Château de Goumont 52 (L283) and Rossomme 100 (L1106).
pub const VICTORY_AREAS: &[(&str, &str)] = &[
    ("Mont St. Jean", "Mont St. Jean (Area 3)"),
    ("La Haie Sainte", "La Haie Sainte"),
    ("Château de Goumont", "Château de Goumont (Area 52)"),
    ("Papelotte", "Papelotte"),
    ("La Belle Alliance", "La Belle Alliance"),
    ("Plancenoit", "Plancenoit"),
    ("Rossomme", "Rossomme (Area 100)"),
];

const HOLDERS: &[(&str, &str)] = &[("french", "the French"), ("allies", "the Allies")];

/// The record's mark that `holder` ("french" or "allies") controls Victory Area `area`.
pub fn held_mark(area: &str, holder: &str) -> String {
    let by = if holder == "french" {
        "the French"
    } else {
        "the Allies"
    };
    format!("{area} held by {by}")
}

/// Who holds `area` on the record, if it is entered.
pub fn holder(record: &Record, area: &str) -> Option<&'static str> {
    ["french", "allies"]
        .into_iter()
        .find(|h| record.marks.contains(held_mark(area, h).as_str()))
}

/// How many Victory Areas each Side holds, as (French, Allies), and how many are not entered.
pub fn count(record: &Record) -> (i64, i64, i64) {
    VICTORY_AREAS.iter().fold(
        (0, 0, 0),
        |(french, allies, unknown), (area, _)| match holder(record, area) {
            Some("french") => (french + 1, allies, unknown),
            Some(_) => (french, allies + 1, unknown),
            None => (french, allies, unknown + 1),
        },
    )
}

/// Sudden Death by the Victory Areas: one Side holds all seven (L201-208, L249).
pub fn all_seven(record: &Record) -> Option<String> {
    let (french, allies, _) = count(record);
    let side = match (french, allies) {
        (7, _) => "the French",
        (_, 7) => "the Allies",
        _ => return None,
    };
    Some(format!(
        "Sudden Death: {side} control all seven Victory Areas, a Decisive Victory (L201-208, L249)"
    ))
}

const CONTROL_FIELDS: &[Field] = &[
    Field {
        id: "area",
        label: "Victory Area",
        group: "Control",
        kind: FieldKind::Choice(VICTORY_AREAS),
        rule: "1.6 Victory Area, L246-249",
        help: "The Areas with a Star on the map.",
    },
    Field {
        id: "holder",
        label: "Now controlled by",
        group: "Control",
        kind: FieldKind::Choice(HOLDERS),
        rule: "1.5 Area Control, L308-331",
        help: "The only Side with units there, or the last to enter it empty; a contested Area stays its original Defender's. At the start, north of the Red Line and Ohain Stream is British (L344-348).",
    },
];

/// Who controls a Victory Area: entered at the start, and whenever control changes.
pub struct Control;

impl Procedure for Control {
    fn about(&self) -> &About {
        &About {
            id: "control",
            title: "Control of a Victory Area",
            rule: "1.5 Area Control, L308-331; 1.6, L246-249",
            summary: "Records which Side controls a Victory Area, at the start and whenever it changes; all seven to one Side is Sudden Death.",
            fields: CONTROL_FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["area", "holder"]
    }
    fn acting_side(&self, input: &Input) -> String {
        if input.text("holder") == "french" {
            "french".into()
        } else {
            "british".into()
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let area = input.text("area");
        let holder = input.text("holder");
        let loser = if holder == "french" {
            "allies"
        } else {
            "french"
        };
        let mark = held_mark(area, holder);
        Ok(Resolution::book_keeping(
            "control",
            mark.clone(),
            vec![
                Effect::Unmark {
                    name: held_mark(area, loser).as_str().into(),
                    rule: "1.5, L311-318".into(),
                },
                Effect::Mark {
                    name: mark.as_str().into(),
                    rule: "1.5, L311-318".into(),
                },
                Effect::reminder(
                    "Place or remove the Area's control cube: blue French, red British, black Prussian",
                    "1.5.2, L224-227, L242-244",
                ),
            ],
        ))
    }
}

const VICTORY_FIELDS: &[Field] = &[
    Field {
        id: "french_areas",
        label: "Victory Areas the French control",
        group: "Victory",
        kind: FieldKind::Count { max: 7 },
        rule: "How to Win, L217-219",
        help: "Filled in from the record.",
    },
    Field {
        id: "allied_areas",
        label: "Victory Areas the Allies control",
        group: "Victory",
        kind: FieldKind::Count { max: 7 },
        rule: "How to Win, L217-219",
        help: "British and Prussian together. Filled in from the record.",
    },
];

/// The end of the game after two passes in a row in turn 5: the Side controlling the most
/// Victory Areas wins a Marginal Victory (L217-219, L341-342).
pub struct Victory;

impl Procedure for Victory {
    fn about(&self) -> &About {
        &About {
            id: "victory",
            title: "End of the game: Marginal Victory",
            rule: "How to Win, L217-219; 2.0, L341-342",
            summary: "After two passes in a row in turn 5, the Side controlling the most Victory Areas wins.",
            fields: VICTORY_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.position.turn == 5
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let (french, allies, _) = count(record);
        input.set("french_areas", Value::Number(french));
        input.set("allied_areas", Value::Number(allies));
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (french, allies, unknown) = count(record);
        if unknown > 0 {
            return Err(InputError::new(
                "",
                format!(
                    "{unknown} Victory Area(s) have no controller on the record: enter them with Control of a Victory Area"
                ),
            ));
        }
        if (
            i64::from(input.number("french_areas")),
            i64::from(input.number("allied_areas")),
        ) != (french, allies)
        {
            return Err(InputError::new(
                "french_areas",
                format!("the record has the French controlling {french} and the Allies {allies}"),
            ));
        }
        if record.position.turn != 5 || record.counters.get(PASSES).copied().unwrap_or(0) < 2 {
            return Err(InputError::new(
                "",
                "the game ends after two passes in a row in turn 5 (L341-342)",
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
        let french = input.number("french_areas");
        let allies = input.number("allied_areas");
        let winner = if french > allies {
            "the French"
        } else {
            "the Allies"
        };
        let headline = format!(
            "Marginal Victory for {winner}: the French control {french} Victory Areas, the Allies {allies}"
        );
        Ok(Resolution::book_keeping(
            "victory",
            headline.clone(),
            vec![Effect::Mark {
                name: headline.as_str().into(),
                rule: "How to Win, L217-219".into(),
            }],
        ))
    }
}
