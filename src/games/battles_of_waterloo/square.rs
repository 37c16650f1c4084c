//! Square in Reaction (R 8.72, L1284-1288; R 8.22B, L902) and Leaving Square (R 8.74,
//! L1311-1317). Both read a chart printed only on the game's card: until the owner enters it, the
//! procedure resolves nothing and says which chart to enter.
//!
//! Square in Reaction: infantry Charged by cavalry, not D-2, not Routed, not Engaged, in a Clear
//! hex and not in Extended Column (L902, L1286, L1105, L1292, L624) rolls the die, "notes the
//! Cohesion Rating", adjusts the roll by the chart's DRMs and reads what happened (L1286). The
//! DRMs the rulebook gives are applied here: -1 for each hex of the charge beyond 2 (L1288) and +2
//! for a D-1 unit (L1493); any other DRM the owner's chart lists is entered on the form. The
//! chart's structure is not in the rulebook. Chosen here (tables/battles-of-waterloo/
//! square-in-reaction.toml): one row for each value of the modified roll minus the unit's
//! Cohesion Rating (-12 to +11, a value beyond read on the edge row), with the codes "S" forms
//! Square, "-" no Square, and the combat results "B", "D", "d", "R", "r" (`combat_results`), which
//! a cell may combine. A Square formed puts the Square marker on the record; the unit may not Fire
//! in that Operations Phase (L1298).
//!
//! Leaving Square: takes the place of the unit's Movement; a Cohesion Check with the DRMs of the
//! Leaving Square Chart (L1313), which a natural 0 passes (L115) and to which the Square -1 does
//! not apply (L1301). Pass: the Square and any Disorder come off (L1315); fail: the Square comes
//! off and the unit takes a `D` (L1317). The chart's DRMs are all unknown. Chosen here
//! (tables/battles-of-waterloo/leaving-square.toml): a `modifiers` list of the states of a unit in
//! Square the record knows (D-1, D-2, in an enemy ZOC), each "?" for the owner's card (0 where
//! the card prints no such DRM), and an "other DRMs" field on the form for any the list lacks.
//!
//! Readings taken:
//! - The charge distance: by default the example's count, the hexes of the charger's starting
//!   distance beyond 2 (L1288); the `square_distance` setting counts the hexes it actually moved
//!   (digest, Corrections).
//! - Square in Reaction is not called a Cohesion Check: no natural-0 pass (digest, Corrections).
//! - A 'd' or 'r' after an "S" is rolled with the Square -1 (L1301): the unit is then in Square.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, COHESION, DISORDER, MOVEMENT, Piece, SIDE, TYPE};
use super::options::{self, NATURAL_ZERO, SQUARE_DISTANCE};
use super::reaction;
use super::roster::attribute;
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::TableKind;

const REACTION_RULE: &str = "Square in Reaction, R 8.72, L1284-1288; R 8.22B, L902";
const REACTION_TABLE_RULE: &str = "Square in Reaction Chart, R 8.72A, L1286";
const LEAVING_RULE: &str = "Leaving Square, R 8.74, L1311-1317";

pub(super) const SQUARE_IN_REACTION_TABLE: TableRead = TableRead {
    table: "square-in-reaction",
    codes: &["S", "-", "B", "D", "d", "R", "r"],
};
pub(super) const LEAVING_SQUARE_TABLE: TableRead = TableRead {
    table: "leaving-square",
    codes: &[],
};

const fn other_drms(rule: &'static str, help: &'static str) -> Field {
    Field {
        id: "other_drm",
        label: "Other DRMs on your chart (their total)",
        group: "Modifiers",
        kind: FieldKind::Number { min: -9, max: 9 },
        rule,
        help,
    }
}

const STEPS_LEFT: Field = Field {
    id: "steps_left",
    label: "Its steps left (0: not known)",
    group: "Unit",
    kind: FieldKind::Count { max: 4 },
    rule: "R 9.13, L1461-1466",
    help: "Filled in from the record.",
};

const REACTION_FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Charged infantry unit", REACTION_RULE),
    TYPE,
    COHESION,
    DISORDER,
    MOVEMENT,
    STEPS_LEFT,
    Field {
        id: "start_distance",
        label: "Hexes away the charging cavalry started",
        group: "Charge",
        kind: FieldKind::Count { max: 20 },
        rule: "R 8.72B, L1288",
        help: "-1 for each hex beyond 2: \"if the cavalry started 4 hexes away ... subtract two (-2)\".",
    },
    Field {
        id: "hexes_moved",
        label: "Hexes the charging cavalry moved",
        group: "Charge",
        kind: FieldKind::Count { max: 20 },
        rule: "R 8.72B, L1288",
        help: "-1 for each hex beyond 2 (the Square in Reaction setting counts the hexes moved).",
    },
    Field::flag(
        "engaged",
        "The unit is Engaged",
        "Unit",
        "Engaged, R 8.54, L1105",
        "Engaged units cannot enter Square. Filled in from the record.",
    ),
    Field::flag(
        "in_square",
        "The unit is in Square already",
        "Unit",
        "Square, R 8.7, L1276",
        "Filled in from the record.",
    ),
    Field::flag(
        "not_clear",
        "Its hex is not Clear (or is a chateau)",
        "Unit",
        "Square, R 8.73A, L1292",
        "Units may form Square only in Clear hexes, never inside a chateau.",
    ),
    Field::flag(
        "extended_column",
        "It is in Extended Column",
        "Unit",
        "Extended Column, R 6.3C, L624",
        "Units attacked in Extended Column may not go into Square.",
    ),
    other_drms(
        REACTION_TABLE_RULE,
        "Any DRM your Square in Reaction Chart lists beyond the charge distance and D-1, as printed.",
    ),
    options::on_form(SQUARE_DISTANCE),
    options::on_form(NATURAL_ZERO),
];

/// The hexes of the charge beyond 2, as the setting counts them (L1288).
fn hexes_beyond_two(input: &Input) -> i32 {
    let hexes = if input.text(SQUARE_DISTANCE.id) == "hexes_moved" {
        input.number("hexes_moved")
    } else {
        input.number("start_distance")
    };
    (hexes - 2).max(0)
}

/// The DRMs the rulebook gives (L1288, L1493) and the owner's other chart DRMs.
fn reaction_modifiers(input: &Input) -> Vec<Modifier> {
    let side = "Square in Reaction";
    let mut list = Vec::new();
    let beyond = hexes_beyond_two(input);
    if beyond > 0 {
        let label = if input.text(SQUARE_DISTANCE.id) == "hexes_moved" {
            "Hexes the cavalry moved beyond 2"
        } else {
            "Hexes of the charger's starting distance beyond 2"
        };
        list.push(Modifier::new(side, label, -beyond, "R 8.72B, L1288"));
    }
    if input.text("disorder") == "D-1" {
        list.push(Modifier::new(side, "Disordered (D-1)", 2, "R 9.15A, L1493"));
    }
    let other = input.number("other_drm");
    if other != 0 {
        list.push(Modifier::new(
            side,
            "Other DRMs on the Square in Reaction Chart",
            other,
            REACTION_TABLE_RULE,
        ));
    }
    list
}

fn steps_left(unit: &crate::engine::record::UnitRecord) -> Option<i64> {
    let steps = super::roster::number(unit, attribute::STEPS)?;
    let lost = super::roster::number(unit, attribute::STEPS_LOST).unwrap_or(0);
    Some((steps - lost).max(0))
}

pub struct SquareInReaction;

impl Procedure for SquareInReaction {
    fn about(&self) -> &About {
        &About {
            id: "square-in-reaction",
            title: "Square in Reaction",
            rule: REACTION_RULE,
            summary: "Infantry Charged by cavalry tries to form Square: the die, -1 for each hex of the charge beyond 2 and +2 if D-1, read against its Cohesion on the Square in Reaction Chart. A Square formed may not Fire this Operations Phase.",
            fields: REACTION_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "unit",
            "cohesion",
            "disorder",
            "start_distance",
            "hexes_moved",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        let moved = input.text(SQUARE_DISTANCE.id) == "hexes_moved";
        match field {
            "start_distance" => !moved,
            "hexes_moved" => moved,
            _ => true,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        &[SQUARE_IN_REACTION_TABLE]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &SQUARE_DISTANCE);
        prefill_setting(input, record, &NATURAL_ZERO);
        input.set("type", Value::Text("infantry".into()));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(unit) = forms::follow_checked_unit(changed, input, record) {
            let marked = |a| Value::Flag(forms::marked(unit, a));
            input.set("engaged", marked(attribute::ENGAGED));
            input.set("in_square", marked(attribute::SQUARE));
            if let Some(left) = steps_left(unit) {
                input.set("steps_left", Value::Number(left));
            }
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("type") != "infantry" {
            return Err(InputError::new(
                "type",
                "only infantry forms Square (L1286)",
            ));
        }
        match input.text("disorder") {
            "D-2" | "routed" => {
                return Err(InputError::new(
                    "disorder",
                    "a D-2 or Routed unit may not form Square (L902, L1286)",
                ));
            }
            _ => {}
        }
        let refusals = [
            ("in_square", "the unit is in Square already"),
            ("engaged", "Engaged units cannot enter Square (L1105)"),
            (
                "not_clear",
                "units may form Square only in Clear hexes, never inside a chateau (L1292)",
            ),
            (
                "extended_column",
                "units attacked in Extended Column may not go into Square (L624)",
            ),
        ];
        for (field, message) in refusals {
            if input.flag(field) {
                return Err(InputError::new(field, message));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
            return Ok(());
        };
        forms::check_disorder(input, unit)?;
        if forms::marked(unit, attribute::SQUARE) {
            return Err(InputError::new(
                "in_square",
                "the record has the unit in Square already",
            ));
        }
        if forms::marked(unit, attribute::ENGAGED) {
            return Err(InputError::new(
                "engaged",
                "the record has the unit Engaged: Engaged units cannot enter Square (L1105)",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        reaction_modifiers(input)
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        reaction::dice(input, "Square die")
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = reaction_modifiers(input);
        let die = i32::from(faces.first().copied().unwrap_or(0));
        let modified = die + checks::sum(&modifiers);
        let cohesion = input.number("cohesion");
        let (lookup, tokens) =
            reaction::read(tables, &SQUARE_IN_REACTION_TABLE, None, modified - cohesion)?;
        let (side, name) = (
            input.text("side"),
            Some(input.text("unit").trim()).filter(|n| !n.is_empty()),
        );
        let piece = Piece::of(input, None, "unit").moving(input.number("movement"));
        let called = piece.called();
        let formed = tokens.iter().any(|t| t.code == "S");
        let mut words = Vec::new();
        let mut effects = Vec::new();
        if formed {
            words.push(format!("{called} forms Square"));
            if let Some(name) = name {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::SQUARE,
                    "yes",
                    "Square in Reaction, R 8.72A, L1286",
                ));
            }
            effects.push(Effect::reminder(
                &format!("{called} formed Square in Reaction: place the Square marker; it may NOT Fire in this Operations Phase"),
                "Square, R 8.73C, L1298",
            ));
        } else if tokens.iter().any(|t| t.code == "-") {
            words.push(format!("{called} does not form Square"));
        }
        let applied =
            reaction::apply_to_unit(&tokens, input, piece, formed, faces, REACTION_TABLE_RULE);
        words.extend(applied.words);
        effects.extend(applied.effects);
        // The odds list a Square formed first, then the rest from the mildest.
        let rank = i32::from(!formed) * 100 + super::fire::severity(&tokens);
        Ok(Resolution {
            totals: vec![SideTotal {
                side: format!("{called}'s Square roll against Cohesion {cohesion}"),
                die: Some(die),
                modifiers: modified - die,
                total: modified,
            }],
            modifiers,
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell.clone()),
            outcome: Outcome {
                key: lookup.result.code.clone(),
                rank,
                headline: format!(
                    "{} (roll {modified} against Cohesion {cohesion}): {}",
                    lookup.result.code,
                    words.join("; ")
                ),
            },
            effects,
        })
    }
}

const LEAVING_FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit in Square", LEAVING_RULE),
    TYPE,
    COHESION,
    DISORDER,
    MOVEMENT,
    Field::flag(
        "in_square",
        "The unit is in Square",
        "Unit",
        LEAVING_RULE,
        "Filled in from the record.",
    ),
    Field::flag(
        "engaged",
        "The unit is Engaged",
        "Unit",
        "Engaged, R 8.54, L1105",
        "Engaged units cannot leave Square. Filled in from the record.",
    ),
    Field::flag(
        "enemy_zoc",
        "It is in an enemy ZOC",
        "Modifiers",
        "Leaving Square Chart, R 8.74A, L1313",
        "The DRM is read on your Leaving Square Chart.",
    ),
    other_drms(
        "Leaving Square Chart, R 8.74A, L1313",
        "Any DRM your Leaving Square Chart lists that the form does not ask about, as printed.",
    ),
    options::on_form(NATURAL_ZERO),
];

/// The rows of the Leaving Square Chart that apply to the unit.
fn leaving_rows(input: &Input) -> Vec<&'static str> {
    let mut rows = Vec::new();
    match input.text("disorder") {
        "D-1" => rows.push("d1"),
        "D-2" => rows.push("d2"),
        _ => {}
    }
    if input.flag("enemy_zoc") {
        rows.push("enemy_zoc");
    }
    rows
}

fn other_leaving(input: &Input) -> Vec<Modifier> {
    let other = input.number("other_drm");
    if other == 0 {
        return Vec::new();
    }
    vec![Modifier::new(
        "Leaving Square",
        "Other DRMs on the Leaving Square Chart",
        other,
        "Leaving Square Chart, R 8.74A, L1313",
    )]
}

pub struct LeavingSquare;

impl Procedure for LeavingSquare {
    fn about(&self) -> &About {
        &About {
            id: "leaving-square",
            title: "Leaving Square",
            rule: LEAVING_RULE,
            summary: "In place of its Movement, a unit in Square makes a Cohesion Check with the Leaving Square Chart's DRMs (not the Square -1): pass, the Square and any Disorder come off; fail, the Square comes off and it takes a D.",
            fields: LEAVING_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "cohesion", "disorder", "enemy_zoc"]
    }
    fn reads(&self) -> &'static [TableRead] {
        &[LEAVING_SQUARE_TABLE]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
        input.set("type", Value::Text("infantry".into()));
        input.set("in_square", Value::Flag(true));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(unit) = forms::follow_checked_unit(changed, input, record) {
            let marked = |a| Value::Flag(forms::marked(unit, a));
            input.set("engaged", marked(attribute::ENGAGED));
            input.set("in_square", marked(attribute::SQUARE));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if !input.flag("in_square") {
            return Err(InputError::new(
                "in_square",
                "only a unit in Square leaves Square",
            ));
        }
        if input.flag("engaged") {
            return Err(InputError::new(
                "engaged",
                "Engaged units cannot leave Square (L1105)",
            ));
        }
        if input.text("disorder") == "routed" {
            return Err(InputError::new(
                "disorder",
                "a Routed unit is no longer in Square (L1305)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
            return Ok(());
        };
        forms::check_disorder(input, unit)?;
        if !forms::marked(unit, attribute::SQUARE) {
            return Err(InputError::new(
                "in_square",
                "the record has no Square marker on the unit",
            ));
        }
        if forms::marked(unit, attribute::ENGAGED) {
            return Err(InputError::new(
                "engaged",
                "the record has the unit Engaged: Engaged units cannot leave Square (L1105)",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        other_leaving(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Cohesion die")
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let table = tables.get(LEAVING_SQUARE_TABLE.table)?;
        table.ready(TableKind::Modifiers)?;
        let mut modifiers = Vec::new();
        for row in leaving_rows(input) {
            let (value, read) = table.modifier(row, None)?;
            if value != 0 {
                modifiers.push(Modifier::new(
                    "Leaving Square",
                    read.cell.row.as_str(),
                    value,
                    "Leaving Square Chart, R 8.74A, L1313",
                ));
            }
        }
        modifiers.extend(other_leaving(input));
        let tested = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            input.number("cohesion"),
            &modifiers,
            TestKind::CohesionCheck,
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        );
        let piece = Piece::of(input, None, "unit").moving(input.number("movement"));
        let called = piece.called();
        let (side, name) = (input.text("side"), piece.name);
        let off = |attribute: &str, rule: &str| {
            name.map(|name| Effect::set_attribute(side, name, attribute, "", rule))
        };
        let mut effects: Vec<Effect> = off(attribute::SQUARE, "Leaving Square, R 8.74A, L1313")
            .into_iter()
            .collect();
        let headline = if tested.passed {
            if piece.disorder != "none" {
                effects.extend(off(attribute::DISORDER, "Leaving Square, R 8.74A, L1315"));
            }
            let zero = if tested.by_natural_zero {
                " (a natural 0 always passes)"
            } else {
                ""
            };
            format!("{called} passes{zero} and leaves Square: the Square and any Disorder come off")
        } else {
            effects.extend(piece.disordered("Leaving Square, R 8.74A, L1317"));
            format!("{called} fails: the Square comes off and it takes a Disorder (D)")
        };
        effects.push(Effect::reminder(
            &format!("Leaving Square took the place of {called}'s Movement"),
            "Leaving Square, R 8.74A, L1313",
        ));
        Ok(Resolution {
            modifiers,
            totals: vec![tested.total(&called)],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: if tested.passed { "pass" } else { "fail" }.into(),
                rank: if tested.passed { 0 } else { 1 },
                headline: format!("{headline}: {}", tested.describe()),
            },
            effects,
        })
    }
}
