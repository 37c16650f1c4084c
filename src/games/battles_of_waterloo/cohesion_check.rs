//! The Cohesion Check and the 'd' and 'r' checks of a combat result (R 2.5, L115; R 9.12C-D,
//! L1449-1457): one die against the unit's Cohesion Rating, passed at or under it, and always on a
//! natural 0 (L115). A failed 'd' Disorders the unit, up the ladder of R 9.15; a failed 'r' Routs
//! it. The other Cohesion Checks of the rules are listed by what a failure does.
//!
//! Readings taken:
//! - The natural-0 pass covers 'd' and 'r' checks: they are the same roll against Cohesion
//!   (L1452, L1457; digest, Corrections "Natural 0").
//! - The Cuirassier -1 and the River Bridge +1 modify the 'd' rolls of the unit they belong to
//!   (digest §3.24, §7; the design note L1224 says armour "benefited them in Shock").
//! - Shaken's +1 to "all Disorder rolls" (L1640) covers 'd' checks and the Rapid Advance roll,
//!   which is rolled "as for a 'd' result" (L787), not 'r' checks.
//! - Where the rules name a Cohesion Check but not what a failure does (an Extended unit that
//!   retreats, L1478; Displacement, L1482, pointing to a missing rule 9.23), the check is rolled
//!   and the result card says that the rules leave the failure open.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, COHESION, DISORDER, MOVEMENT, Piece, SIDE, TYPE};
use super::options::{self, NATURAL_ZERO};
use super::roster::{attribute, is_cavalry};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "Cohesion Check, R 2.5, L115; 'd' and 'r', R 9.12C-D, L1449-1457";
const D_RULE: &str = "'d', R 9.12C, L1452";
const R_RULE: &str = "'r', R 9.12D, L1457";
const LIMITED_RULE: &str = "Limited Activation, R 4.52D, L328";
const CAVALRY_RETREAT_RULE: &str = "Cavalry Retreat, R 8.64A, L1181";
const CAVALRY_AGAIN_RULE: &str = "Disordered cavalry, R 9.15B, L1506-1511";
const RAPID_RULE: &str = "Rapid Advance, R 7.34, L785-789";
const OPEN_RULE: &str = "R 9.14B, L1478; Displacement, R 9.14C, L1482";

/// Why the unit tests, which decides what a failure does.
const CHECKS: &[(&str, &str)] = &[
    ("d", "A 'd' result: Disorder check"),
    ("r", "An 'r' result: Rout check"),
    ("rapid_advance", "After a Rapid Advance (as a 'd')"),
    (
        "limited_d2",
        "D-2 unit that cannot Withdraw (Limited Activation)",
    ),
    (
        "cavalry_retreat",
        "Disordered cavalry retreating before Fire or Shock",
    ),
    ("cavalry_again", "Cavalry already D-1 Disordered again"),
    ("other", "Extended unit after a retreat, or Displacement"),
];

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Unit", RULE),
    Field {
        id: "check",
        label: "The check",
        group: "Check",
        kind: FieldKind::Choice(CHECKS),
        rule: RULE,
        help: "What calls for the check decides what a failure does.",
    },
    TYPE,
    COHESION,
    DISORDER,
    MOVEMENT,
    Field {
        id: "built_in",
        label: "The 'd' result's own modifier (Fire Table)",
        group: "Modifiers",
        kind: FieldKind::Number { min: -5, max: 5 },
        rule: D_RULE,
        help: "Some 'd' results on the Fire Table carry a die modifier: enter it as printed.",
    },
    Field {
        id: "lancers",
        label: "Lancers among the attacking cavalry (unit not in Square)",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Lancers, R 8.66B, L1210",
        help: "+2 to the defenders' 'd' or 'r' rolls.",
    },
    Field {
        id: "cuirassier",
        label: "The unit is a Cuirassier unit in Shock",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Cuirassiers, R 8.66C, L1212",
        help: "-1 to its 'd' rolls.",
    },
    Field {
        id: "river_bridge",
        label: "The combat was across a River Bridge",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "River Bridge, R 7.32E, L761",
        help: "+1 to the 'd' rolls that result.",
    },
    Field {
        id: "chateau_d",
        label: "A 'D' against a chateau, read as 'd' with +3",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Chateaux, R 8.93C, L1398",
        help: "Against a chateau's CID a 'D' becomes a 'd' at +3.",
    },
    Field {
        id: "rapid_hexes",
        label: "Hexes moved by Rapid Advance",
        group: "Modifiers",
        kind: FieldKind::Count { max: 10 },
        rule: RAPID_RULE,
        help: "+1 for each hex beyond the first.",
    },
    Field {
        id: "shaken",
        label: "Its Command is Shaken",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Shaken, R 10.21, L1640",
        help: "+1 to all Disorder rolls. Filled in from the record.",
    },
    Field {
        id: "square",
        label: "The unit is in Square",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Square, R 8.73D, L1301",
        help: "-1 to all its Cohesion Checks. Filled in from the record.",
    },
    Field {
        id: "heavy_cavalry_charge",
        label: "Charged by Heavy Cavalry while Disordered infantry",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: "Heavy Cavalry, R 8.66A, L1208",
        help: "Any further Disorder becomes an automatic Rout.",
    },
    Field {
        id: "also_b",
        label: "The result also holds a B",
        group: "Modifiers",
        kind: FieldKind::Flag,
        rule: CAVALRY_AGAIN_RULE,
        help: "Cavalry already D-1 that passes retreats two hexes instead of one.",
    },
    options::on_form(NATURAL_ZERO),
];

/// Whether the check is a roll for Disorder ('d', or rolled as one).
fn disorder_roll(input: &Input) -> bool {
    matches!(input.text("check"), "d" | "rapid_advance")
}

fn modifiers(input: &Input) -> Vec<Modifier> {
    let side = "Unit";
    let mut list = Vec::new();
    let check = input.text("check");
    let d_or_r = matches!(check, "d" | "r");
    let mut add = |applies: bool, label: &str, value: i32, rule: &str| {
        if applies && value != 0 {
            list.push(Modifier::new(side, label, value, rule));
        }
    };
    add(
        check == "d",
        "The 'd' result's own modifier",
        input.number("built_in"),
        D_RULE,
    );
    add(
        d_or_r && input.flag("lancers"),
        "Lancers among the attacking cavalry",
        2,
        "Lancers, R 8.66B, L1210",
    );
    add(
        check == "d" && input.flag("cuirassier"),
        "Cuirassiers in Shock",
        -1,
        "Cuirassiers, R 8.66C, L1212",
    );
    add(
        check == "d" && input.flag("river_bridge"),
        "Shock across a River Bridge",
        1,
        "River Bridge, R 7.32E, L761",
    );
    add(
        check == "d" && input.flag("chateau_d"),
        "A 'D' against a chateau read as 'd'",
        3,
        "Chateaux, R 8.93C, L1398",
    );
    let beyond_first = input.number("rapid_hexes") - 1;
    add(
        check == "rapid_advance" && beyond_first > 0,
        "Rapid Advance hexes beyond the first",
        beyond_first,
        RAPID_RULE,
    );
    add(
        disorder_roll(input) && input.flag("shaken"),
        "Shaken Command",
        1,
        "Shaken, R 10.21, L1640",
    );
    add(
        input.flag("square"),
        "In Square",
        -1,
        "Square, R 8.73D, L1301",
    );
    list
}

pub struct CohesionCheck;

impl Procedure for CohesionCheck {
    fn about(&self) -> &About {
        &About {
            id: "cohesion-check",
            title: "Cohesion Check, 'd' or 'r'",
            rule: RULE,
            summary: "One die against the unit's Cohesion: at or under it passes, and a natural 0 always does. A failed 'd' Disorders the unit, a failed 'r' Routs it; the other checks say what a failure does.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "check", "cohesion", "disorder"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        let check = input.text("check");
        match field {
            "built_in" | "cuirassier" | "river_bridge" | "chateau_d" => check == "d",
            "lancers" => matches!(check, "d" | "r"),
            "rapid_hexes" => check == "rapid_advance",
            "shaken" => disorder_roll(input),
            "heavy_cavalry_charge" => check == "d",
            "also_b" => check == "cavalry_again",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(unit) = forms::follow_checked_unit(changed, input, record) {
            input.set(
                "square",
                Value::Flag(unit.attribute(attribute::SQUARE) == Some("yes")),
            );
            let command = unit.attribute(attribute::COMMAND).unwrap_or_default();
            let shaken = super::morale::shaken(record, command, input.text("side"));
            input.set("shaken", Value::Flag(shaken));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (check, kind, disorder) = (
            input.text("check"),
            input.text("type"),
            input.text("disorder"),
        );
        if disorder == "D-2" && kind != "infantry" {
            return Err(InputError::new(
                "disorder",
                "only infantry goes to D-2; cavalry and artillery have D-1 only (L1449)",
            ));
        }
        match check {
            "limited_d2" if disorder != "D-2" => Err(InputError::new(
                "disorder",
                "this check is for a D-2 unit (L328)",
            )),
            "cavalry_retreat" | "cavalry_again" if !is_cavalry(kind) => {
                Err(InputError::new("type", "this check is for cavalry"))
            }
            "cavalry_retreat" if !matches!(disorder, "D-1") => Err(InputError::new(
                "disorder",
                "only Disordered cavalry rolls to retreat; in good order it retreats without a roll (L1178-1181)",
            )),
            "cavalry_again" if disorder != "D-1" => Err(InputError::new(
                "disorder",
                "this check is for cavalry already D-1 (L1506)",
            )),
            "rapid_advance" if input.number("rapid_hexes") < 1 => Err(InputError::new(
                "rapid_hexes",
                "enter the hexes moved by Rapid Advance",
            )),
            _ => Ok(()),
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
            return Ok(());
        };
        forms::check_disorder(input, unit)?;
        if matches!(input.text("check"), "d" | "r")
            && unit.attribute(attribute::BLOWN) == Some("yes")
        {
            return Err(InputError::new(
                "check",
                "the unit is Blown: its 'd' and 'r' results are automatic 'D' and 'R', no roll (L1236)",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        modifiers(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Cohesion die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = modifiers(input);
        let tested = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            input.number("cohesion"),
            &modifiers,
            TestKind::CohesionCheck,
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        );
        let piece = Piece::of(input, None, "unit").moving(input.number("movement"));
        let called = piece.called();
        let passed_by = if tested.by_natural_zero {
            " (a natural 0 always passes)"
        } else {
            ""
        };
        let (headline, effects) = if tested.passed {
            passed(input, &piece, passed_by)
        } else {
            failed(input, &piece)
        };
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

fn passed(input: &Input, piece: &Piece, passed_by: &str) -> (String, Vec<Effect>) {
    let called = piece.called();
    let headline = format!("{called} passes{passed_by}");
    let effects = match input.text("check") {
        "cavalry_retreat" => vec![Effect::reminder(
            &format!(
                "{called} retreats one or two hexes before the Fire or Shock, without Disorder"
            ),
            CAVALRY_RETREAT_RULE,
        )],
        "cavalry_again" => {
            let hexes = if input.flag("also_b") {
                "two hexes"
            } else {
                "one hex"
            };
            vec![Effect::reminder(
                &format!("{called} retreats {hexes} instead of a further Disorder"),
                CAVALRY_AGAIN_RULE,
            )]
        }
        _ => Vec::new(),
    };
    (headline, effects)
}

fn failed(input: &Input, piece: &Piece) -> (String, Vec<Effect>) {
    let called = piece.called();
    let disorder_routs = input.flag("heavy_cavalry_charge") && piece.disorder != "none";
    match input.text("check") {
        "d" if disorder_routs => (
            format!("{called} fails and Routs"),
            piece.routs("Heavy Cavalry, R 8.66A, L1208"),
        ),
        "d" => (
            format!("{called} fails: Disorder"),
            piece.disordered(D_RULE),
        ),
        "rapid_advance" => (
            format!("{called} fails: Disorder"),
            piece.disordered(RAPID_RULE),
        ),
        "r" => (format!("{called} fails and Routs"), piece.routs(R_RULE)),
        "limited_d2" => (
            format!("{called} fails and Routs"),
            piece.routs(LIMITED_RULE),
        ),
        "cavalry_retreat" => (
            format!("{called} fails and Routs"),
            piece.routs(CAVALRY_RETREAT_RULE),
        ),
        "cavalry_again" => (
            format!("{called} fails and Routs"),
            piece.routs(CAVALRY_AGAIN_RULE),
        ),
        _ => (
            format!("{called} fails"),
            vec![Effect::reminder(
                "The rules do not say what this failure does (rule 9.23, which L1475 cites, is not in the rulebook): settle it as a group",
                OPEN_RULE,
            )],
        ),
    }
}
