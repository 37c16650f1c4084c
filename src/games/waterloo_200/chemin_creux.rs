//! Le Chemin Creux (1.7, L253, L258-260, L288-290; 6.2.3.1.2, L978-986): when the French declare a
//! battle into one of its five Areas, British-controlled and uncontested at the start of the
//! Impulse, the British may draw one unit at random from their Reserve Pool, of the Area's colour
//! and never a Brunswicker, and deploy it there before the Showdown (the Area 27 example,
//! L1205-1210). The Showdown reveals it at once, so it is drawn in the open.
//!
//! Two steps, as on the table: the players set out the matching units of the Pool (the cup), then
//! the app draws one.

use super::blocks::{attribute, state};
use crate::engine::draws::DrawSlot;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// The cup the matching Reserve Pool units are set out in.
pub const CUP: &str = "Chemin Creux draw";

/// The Area the units were set out for, kept until the draw.
const DRAW_AREA: &str = "Chemin Creux draw for Area";

/// The five Areas of the sunken road (L288-290), with the colour each draws (L983-985).
const AREAS: &[(&str, &str)] = &[
    ("27", "Area 27 (light blue)"),
    ("28", "Area 28 (light blue)"),
    ("17", "Area 17 (light blue)"),
    ("38", "Area 38 (orange)"),
    ("39", "Area 39 (orange)"),
];

/// The sticker colour whose units may appear in `area` (L983-985).
fn colour(area: &str) -> &'static str {
    if matches!(area, "38" | "39") {
        "orange"
    } else {
        "light blue"
    }
}

/// A Brunswick block, which may enter only in Area 13, never by the Chemin Creux (L794-796).
pub const BRUNSWICK: &str = "Brunswick";

/// Whether British block `name` may be drawn for `area`: in the Reserve Pool, of the Area's
/// colour (its corps names the colour), not a Brunswicker.
fn matches(record: &Record, area: &str, name: &str) -> bool {
    record
        .named("british", name)
        .and_then(|block| record.unit("british", block))
        .is_some_and(|unit| {
            unit.state.as_ref() == state::RESERVE
                && unit.attribute(BRUNSWICK) != Some("yes")
                && unit
                    .attribute(attribute::CORPS)
                    .is_some_and(|corps| corps.to_lowercase().contains(colour(area)))
        })
}

/// How the form lists the Pool's blocks of the Area's colour (a returned Reinforcement by its
/// draw).
fn candidates(record: &Record, area: &str) -> Vec<Symbol> {
    let matching = record
        .units_where(Some("british"), &[("state", state::RESERVE)])
        .filter(|(_, name, _)| matches(record, area, name))
        .map(|(_, name, _)| name);
    record.shown_names("british", matching)
}

const FIELDS: &[Field] = &[
    Field {
        id: "area",
        label: "Area",
        group: "Chemin Creux",
        kind: FieldKind::Choice(AREAS),
        rule: "1.7 Chemin Creux, L288-290; 6.2.3.1.2, L983-985",
        help: "The Area with the red border the French attack.",
    },
    Field::flag(
        "british_uncontested",
        "It was British-controlled and uncontested at the start of the Impulse",
        "Chemin Creux",
        "6.2.3.1.2, L979-982",
        "Otherwise the Chemin Creux brings no one.",
    ),
    Field::flag(
        "room",
        "A British unit more does not overstack the Area",
        "Chemin Creux",
        "6.2.3.1.2, L983; 1.3 Stacking, L274-287",
        "Green 4 units a Side, yellow 2, red 1.",
    ),
    Field {
        id: "candidates",
        label: "Reserve Pool units of the Area's colour",
        group: "Chemin Creux",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("british"),
            only: &[("state", state::RESERVE)],
        },
        rule: "6.2.3.1.2, L983-986; 4.1, L794-796",
        help: "Filled in from the record: the Area's colour, no Brunswickers. The draw is among these.",
    },
];

/// The British set out the Reserve Pool units the Chemin Creux may bring.
pub struct CheminCreuxOffer;

impl Procedure for CheminCreuxOffer {
    fn about(&self) -> &About {
        &About {
            id: "chemin-creux",
            title: "Le Chemin Creux: set out the Pool's units",
            rule: "6.2.3.1.2 Le Chemin Creux, L978-986",
            summary: "When the French attack a Chemin Creux Area the British held uncontested, the British may draw one Reserve Pool unit of its colour to defend it: first its candidates are set out.",
            fields: FIELDS,
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "british".into()
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, _side: &str, name: &str) -> bool {
        field != "candidates" || matches(record, input.text("area"), name)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("area", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "area" {
            let area = input.text("area").to_string();
            input.set("candidates", Value::List(candidates(record, &area)));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if !input.flag("british_uncontested") {
            return Err(InputError::new(
                "british_uncontested",
                "the Chemin Creux helps only in an Area the British controlled, uncontested, at the start of the Impulse (L979-982)",
            ));
        }
        if !input.flag("room") {
            return Err(InputError::new(
                "room",
                "the unit may not overstack the Area (L983)",
            ));
        }
        if input.list("candidates").is_empty() {
            return Err(InputError::new(
                "candidates",
                format!(
                    "no {} unit is in the British Reserve Pool (L983-986)",
                    colour(input.text("area"))
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if let Some(name) = input
            .list("candidates")
            .iter()
            .find(|name| !matches(record, input.text("area"), name))
        {
            return Err(InputError::new(
                "candidates",
                format!(
                    "{name} is not a {} unit of the British Reserve Pool, or is a Brunswicker (L983-986, L794-796)",
                    colour(input.text("area"))
                ),
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
        let candidates = input.list("candidates").to_vec();
        Ok(Resolution::book_keeping(
            "chemin-creux",
            format!(
                "{} unit(s) set out for the Chemin Creux draw in Area {}",
                candidates.len(),
                input.text("area")
            ),
            vec![
                Effect::EmptyCup {
                    cup: CUP.into(),
                    rule: "6.2.3.1.2, L983-986".into(),
                },
                Effect::PutInCup {
                    cup: CUP.into(),
                    chits: candidates,
                    rule: "6.2.3.1.2, L983-986".into(),
                },
                Effect::SetCounter {
                    name: DRAW_AREA.into(),
                    value: input.text("area").parse().unwrap_or(0),
                    rule: "6.2.3.1.2, L983-986".into(),
                    lasts: crate::engine::record::Lasts::Step,
                },
            ],
        ))
    }
}

const DRAW_FIELDS: &[Field] = &[
    Field {
        id: "area",
        label: "Area",
        group: "Chemin Creux",
        kind: FieldKind::Choice(AREAS),
        rule: "6.2.3.1.2, L983-986",
        help: "Where the unit drawn deploys: the Area its units were set out for.",
    },
    Field::flag(
        "decline",
        "The British decide not to draw",
        "Chemin Creux",
        "6.2.3.1.2, L983 (\"may\")",
        "The units set out go back to the Reserve Pool.",
    ),
];

/// The app draws the Chemin Creux unit from the units set out.
pub struct CheminCreuxDraw;

impl Procedure for CheminCreuxDraw {
    fn about(&self) -> &About {
        &About {
            id: "chemin-creux-draw",
            title: "Le Chemin Creux: draw the unit",
            rule: "6.2.3.1.2 Le Chemin Creux, L978-986; example, L1205-1210",
            summary: "Draws one of the units set out at random; it deploys at full strength in the Area before the Showdown.",
            fields: DRAW_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.cups.get(CUP).is_some_and(|cup| !cup.is_empty())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "british".into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if let Some(area) = record.counters.get(DRAW_AREA) {
            input.set("area", Value::Text(area.to_string().as_str().into()));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let set_out = record.counters.get(DRAW_AREA).map(i64::to_string);
        if set_out.as_deref() != Some(input.text("area")) {
            return Err(InputError::new(
                "area",
                format!(
                    "the units were set out for Area {}",
                    set_out.unwrap_or_else(|| "(none)".into())
                ),
            ));
        }
        Ok(())
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        if input.flag("decline") {
            Vec::new()
        } else {
            vec![DrawSlot::open("Chemin Creux unit", CUP)]
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let area = input.text("area");
        let rule = "6.2.3.1.2, L983-986";
        if input.flag("decline") {
            return Ok(Resolution::book_keeping(
                "declined",
                format!("The British draw no unit for Area {area}"),
                vec![Effect::EmptyCup {
                    cup: CUP.into(),
                    rule: rule.into(),
                }],
            ));
        }
        let Some(drawn) = faces.chits().first() else {
            return Err(RuleError::Draw("no unit was drawn".into()));
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: drawn.to_string(),
                rank: 0,
                headline: format!("{drawn} comes up the Chemin Creux into Area {area}"),
            },
            effects: vec![
                Effect::set_state("british", drawn, state::ON_MAP, rule),
                Effect::set_attribute("british", drawn, attribute::LEVELS_LOST, 0, rule),
                Effect::TakeFromCup {
                    cup: super::deployment::reserve_cup("british").as_str().into(),
                    chit: drawn.clone(),
                    rule: rule.into(),
                },
                Effect::EmptyCup {
                    cup: CUP.into(),
                    rule: rule.into(),
                },
                Effect::reminder(
                    &format!(
                        "Deploy {drawn} at full strength in Area {area}, before the Showdown; the others go back face down in the Reserve Pool"
                    ),
                    rule,
                ),
            ],
        })
    }
}
