//! Retreat Before Fire (R 8.26, L965-978; Assault step C, R 8.22C, L904) and Retreat Before Shock
//! (R 8.27, L980-990; Assault step F, R 8.22F, L910), on the same conditions (L969-972, L910).
//!
//! Retreat Before Fire "is always successful" (L974): no roll; the unit retreats one hex, faces as
//! it likes and is automatically Disordered; the attacking infantry may advance, and its Assault is
//! over (L976).
//!
//! An infantry unit about to be Shocked may try to retreat: a Cohesion Check with three outcomes
//! (L984-986):
//!
//! - under its Cohesion Rating: it retreats one hex, keeping its facing, and is automatically
//!   Disordered (a unit in good order becomes D-1);
//! - exactly its Cohesion Rating: it may not retreat and stays, with no adverse effect;
//! - over it: it Routs at once.
//!
//! Readings taken:
//! - L986 prints "lower" for the third outcome: an erratum for "higher" (the first bullet already
//!   covers "lower"; digest §7).
//! - It is called a Cohesion Check (L982), so a natural 0 counts as under the rating (L115) and
//!   `checks::three_way` decides. No modifier applies: the Square -1 (L1301) cannot, since a unit
//!   in Square may not Retreat Before Shock (L1299); the Shaken +1 is for "Disorder and
//!   Rally/Recovery die rolls" (L1640), which this is not.
//! - Eligibility (L910): infantry (cavalry retreats by R 8.64, L1178) that is not Disordered,
//!   Routed or in Square, not in an enemy cavalry ZOC, and has a hex to retreat into that is not in
//!   an enemy ZOC. The form states these facts and refuses the attempt where one fails.

use super::checks::{self, ZeroPasses};
use super::forms::{self, COHESION, DISORDER, Piece, SIDE, TYPE};
use super::options::{self, NATURAL_ZERO};
use super::roster::{self, attribute};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use std::cmp::Ordering;

const RULE: &str = "Retreat Before Shock, R 8.27, L980-990";
const ELIGIBLE_RULE: &str = "Retreat Before Shock Step, R 8.22F, L910";
const ADVANCE_RULE: &str = "R 8.27B, L988";

const fn fact(id: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Situation",
        kind: FieldKind::Flag,
        rule: ELIGIBLE_RULE,
        help,
    }
}

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit retreating", RULE),
    TYPE,
    DISORDER,
    COHESION,
    Field {
        id: "movement",
        label: "Movement Allowance",
        group: "Unit",
        kind: FieldKind::Count { max: 20 },
        rule: "Rout Retreat, R 9.17A, L1528",
        help: "Filled in from the record: a unit that Routs Rout Retreats half of it, rounded up.",
    },
    fact(
        "in_square",
        "It is in Square",
        "Units in Square may not Retreat Before Shock (L1299). Filled in from the record.",
    ),
    fact(
        "cavalry_zoc",
        "It is in an enemy cavalry ZOC",
        "Then it may not Retreat Before Shock.",
    ),
    fact(
        "no_retreat_hex",
        "It has no hex to retreat into outside enemy ZOCs",
        "Then it may not Retreat Before Shock. A friendly-occupied hex may be entered by Displacement (L990).",
    ),
    options::on_form(NATURAL_ZERO),
];

/// Refuses a retreat the unit may not make (L969-972 for Fire, L910 for Shock): only infantry, not
/// Disordered, Routed or in Square, not in an enemy cavalry ZOC, with a hex to retreat into.
fn eligible(input: &Input, what: &str, line: &str) -> Result<(), InputError> {
    if input.text("type") != "infantry" {
        return Err(InputError::new(
            "type",
            format!(
                "only infantry may {what} ({line}); cavalry uses the Cavalry Retreat of R 8.64 (L1178)"
            ),
        ));
    }
    let refusal = match input.text("disorder") {
        "none" => None,
        "routed" => Some(("disorder", "a Routed unit")),
        _ => Some(("disorder", "a Disordered unit")),
    }
    .or_else(|| {
        input
            .flag("in_square")
            .then_some(("in_square", "a unit in Square (L1299)"))
    })
    .or_else(|| {
        input
            .flag("cavalry_zoc")
            .then_some(("cavalry_zoc", "a unit in an enemy cavalry ZOC"))
    });
    if let Some((field, who)) = refusal {
        return Err(InputError::new(
            field,
            format!("{who} may not {what} ({line})"),
        ));
    }
    if input.flag("no_retreat_hex") {
        return Err(InputError::new(
            "no_retreat_hex",
            format!("it needs a hex to retreat into that is not in an enemy ZOC ({line})"),
        ));
    }
    Ok(())
}

/// Refuses a form whose Disorder or Square is not the record's.
fn eligible_on_record(input: &Input, record: &Record) -> Result<(), InputError> {
    if let Some(unit) = roster::named(record, input.text("side"), input.text("unit")) {
        forms::check_disorder(input, unit)?;
        if forms::marked(unit, attribute::SQUARE) {
            return Err(InputError::new(
                "in_square",
                "the record has it in Square: units in Square may not retreat before an assault (L1299)",
            ));
        }
    }
    Ok(())
}

/// After the unit field changes: its `ratings` (form field, attribute) and Square from the record.
fn follow_unit(input: &mut Input, record: &Record, ratings: &[(&str, &str)]) {
    forms::follow_unit(input, record, "unit", ratings);
    if let Some(unit) = roster::named(record, input.text("side"), input.text("unit")) {
        input.set(
            "in_square",
            Value::Flag(forms::marked(unit, attribute::SQUARE)),
        );
    }
}

pub struct RetreatBeforeShock;

impl Procedure for RetreatBeforeShock {
    fn about(&self) -> &About {
        &About {
            id: "retreat-before-shock",
            title: "Retreat Before Shock",
            rule: RULE,
            summary: "An infantry unit about to be Shocked may try to retreat: a Cohesion Check. Under its Cohesion it retreats one hex, Disordered; equal, it stays; over, it Routs.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["unit"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "unit" {
            let ratings = [
                ("cohesion", attribute::COHESION),
                ("movement", attribute::MOVEMENT),
            ];
            follow_unit(input, record, &ratings);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        eligible(input, "Retreat Before Shock", "L910")
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        eligible_on_record(input, record)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Cohesion Check die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let zero = ZeroPasses::from_setting(input.text(NATURAL_ZERO.id));
        let cohesion = input.number("cohesion");
        let (order, tested) =
            checks::three_way(faces.first().copied().unwrap_or(0), cohesion, &[], zero);
        let mut piece = Piece::of(input, None, "unit");
        let movement = i64::from(input.number("movement"));
        piece.movement = (movement > 0).then_some(movement);
        let called = piece.called();
        let mut effects = Vec::new();
        let (key, rank, headline) = match order {
            Ordering::Less => {
                effects.extend(piece.retreats_disordered("R 8.27A, L984"));
                effects.push(Effect::reminder(
                    &format!("{called} keeps its facing as it retreats; it may Displace into a friendly-occupied hex (L990)"),
                    "R 8.27A, L984; R 8.27C, L990",
                ));
                effects.push(Effect::reminder(
                    "The attacking infantry may advance into the vacated hex (not mandatory), but its Assault is over: it may only change facing",
                    ADVANCE_RULE,
                ));
                let how = if tested.by_natural_zero {
                    ", a natural 0"
                } else {
                    ""
                };
                (
                    "retreats",
                    0,
                    format!(
                        "{called} retreats one hex and is Disordered ({}{how})",
                        tested.describe()
                    ),
                )
            }
            Ordering::Equal => {
                effects.push(Effect::reminder(
                    &format!("{called} may not retreat: it stays, with no adverse effect, and the Shock goes on"),
                    "R 8.27A, L985",
                ));
                (
                    "stays",
                    1,
                    format!("{called} may not retreat: it stays ({})", tested.describe()),
                )
            }
            Ordering::Greater => {
                effects.extend(piece.routs("R 8.27A, L986 (\"lower\" read \"higher\")"));
                (
                    "routs",
                    2,
                    format!("{called} Routs ({})", tested.describe()),
                )
            }
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![tested.total("Unit")],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline,
            },
            effects,
        })
    }
}

const FIRE_RULE: &str = "Retreat Before Fire, R 8.26, L965-978";

/// The facts of Retreat Before Fire: those of Retreat Before Shock but the Cohesion Check's.
const FIRE_FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit retreating", FIRE_RULE),
    TYPE,
    DISORDER,
    forms::MOVEMENT,
    fact(
        "in_square",
        "It is in Square",
        "Units in Square may not retreat before an assault (L1299). Filled in from the record.",
    ),
    fact(
        "cavalry_zoc",
        "It is in an enemy cavalry ZOC",
        "Then it may not Retreat Before Fire.",
    ),
    fact(
        "no_retreat_hex",
        "It has no hex to retreat into outside enemy ZOCs",
        "Then it may not Retreat Before Fire. A friendly-occupied hex may be entered by Displacement (L978).",
    ),
];

pub struct RetreatBeforeFire;

impl Procedure for RetreatBeforeFire {
    fn about(&self) -> &About {
        &About {
            id: "retreat-before-fire",
            title: "Retreat Before Fire",
            rule: FIRE_RULE,
            summary: "An infantry unit about to be assaulted by enemy infantry retreats one hex before the fire: no roll, it always succeeds, and the unit is Disordered. The attacker may advance; its Assault is over.",
            fields: FIRE_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["unit"]
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "unit" {
            follow_unit(input, record, &[("movement", attribute::MOVEMENT)]);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        eligible(input, "Retreat Before Fire", "L967-972")
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        eligible_on_record(input, record)
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut piece = Piece::of(input, None, "unit");
        let movement = i64::from(input.number("movement"));
        piece.movement = (movement > 0).then_some(movement);
        let called = piece.called();
        let mut effects = piece.retreats_disordered("R 8.26B, L974");
        effects.push(Effect::reminder(
            &format!("{called} may change its facing as it likes; it may Displace into a friendly-occupied hex (L978)"),
            "R 8.26B, L974; R 8.26D, L978",
        ));
        effects.push(Effect::reminder(
            "The attacking infantry may advance into the vacated hex and re-face (not mandatory), but its Assault is over: it may not Shock",
            "R 8.26C, L976",
        ));
        Ok(Resolution::book_keeping(
            "retreats",
            format!("{called} retreats one hex before the fire and is Disordered"),
            effects,
        ))
    }
}
