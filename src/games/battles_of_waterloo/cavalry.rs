//! The optional cavalry rules: Pursuit after a Charge (R 8.68, L1246-1261) and Impetuosity, with
//! the Hold in Check roll (R 8.69, L1263-1272). Each rolls one die against the cavalry unit's
//! Pursuit Rating.
//!
//! Readings taken:
//! - "Stands (Disordered)" (L1252): the unit stands; its Disorder is the Automatic Disorder that
//!   follows every Charge once all pursuit is over (L1261), so the record is not changed twice.
//! - Elimination Pursuit "roll the die" (L1259) is a new roll, after the roll that made the unit
//!   pursue (digest §7).
//! - The off-map return needs a roll strictly lower than the Pursuit Rating (L1257), unlike the
//!   other two rolls.
//! - Heavy Cavalry's Pursuit Rating: the `heavy_cavalry_pursuit` setting.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, SIDE, TYPE};
use super::options::{self, HEAVY_CAVALRY_PURSUIT, IMPETUOSITY, NATURAL_ZERO, PURSUIT};
use super::roster::attribute;
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const PURSUIT_RULE: &str = "Cavalry Pursuit (optional), R 8.68, L1246-1261";
const HOLD_RULE: &str = "Hold in Check, R 8.69B, L1272";

const CAVALRY: Field = Field {
    kind: FieldKind::Unit {
        of: UnitOf::Side("side"),
        only: &[
            ("type", "heavy_cavalry|light_cavalry"),
            ("state", "In play"),
        ],
        max_len: 40,
    },
    ..forms::unit("unit", "Cavalry unit", PURSUIT_RULE)
};

const RATING: Field = forms::rating(
    "pursuit_rating",
    "Pursuit Rating",
    "Pursuit Rating, R 2.2.1, L48",
);

/// The cavalry types.
const CAVALRY_TYPES: Field = Field {
    kind: FieldKind::Choice(&[
        ("heavy_cavalry", "Heavy Cavalry"),
        ("light_cavalry", "Light Cavalry"),
    ]),
    ..TYPE
};

/// Fills the type and the Pursuit Rating of the cavalry picked.
fn follow_cavalry(input: &mut Input, record: &Record) {
    let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
        return;
    };
    let kind = unit.attribute(attribute::TYPE).unwrap_or_default();
    if matches!(kind, "heavy_cavalry" | "light_cavalry") {
        input.set("type", Value::Text(kind.into()));
    }
    let printed = kind == "light_cavalry"
        || record.option(HEAVY_CAVALRY_PURSUIT.id, "commitment") == "commitment";
    if let Some(rating) = unit
        .attribute(attribute::COMMITMENT)
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|_| printed)
    {
        input.set("pursuit_rating", Value::Number(rating));
    }
}

fn named(input: &Input) -> Result<(), InputError> {
    if input.text("unit").trim().is_empty() {
        return Err(InputError::new("unit", "name the cavalry unit"));
    }
    Ok(())
}

fn optional_rule_in_use(record: &Record, setting: &Field, rule: &str) -> Result<(), InputError> {
    if record.option(setting.id, "off") == "on" {
        Ok(())
    } else {
        Err(InputError::new(
            "",
            format!("the optional {rule} rule is not in use (see Settings)"),
        ))
    }
}

const PURSUIT_FIELDS: &[Field] = &[
    SIDE,
    CAVALRY,
    CAVALRY_TYPES,
    RATING,
    Field {
        id: "roll",
        label: "The roll",
        group: "Pursuit",
        kind: FieldKind::Choice(&[
            (
                "pursue",
                "Stand or pursue (the defender retreated, routed or was eliminated)",
            ),
            ("length", "Elimination Pursuit: how far"),
            ("return", "Return from off the map"),
        ]),
        rule: PURSUIT_RULE,
        help: "First whether the unit pursues; if its target was eliminated, then how far; if it left the map, later whether it returns.",
    },
    Field {
        id: "started_adjacent",
        label: "The cavalry started the phase adjacent to the unit it attacked",
        group: "Pursuit",
        kind: FieldKind::Flag,
        rule: "R 8.68A, L1250",
        help: "Then there is no Pursuit.",
    },
    options::on_form(NATURAL_ZERO),
];

/// A Pursuit roll after a Charge.
pub struct Pursuit;

impl Procedure for Pursuit {
    fn about(&self) -> &About {
        &About {
            id: "pursuit",
            title: "Cavalry Pursuit",
            rule: PURSUIT_RULE,
            summary: "Optional: when the defender of a Charge retreats from a B or an r/R, or is eliminated, each charging cavalry unit rolls against its Pursuit Rating: at or under it stands, over it pursues.",
            fields: PURSUIT_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.option(PURSUIT.id, "off") == "on" && super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "roll", "pursuit_rating"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "side" | "unit") {
            follow_cavalry(input, record);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named(input)?;
        if input.flag("started_adjacent") {
            return Err(InputError::new(
                "started_adjacent",
                "no Pursuit for cavalry that started the phase adjacent to the unit it attacked (L1250)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, _input: &Input, record: &Record) -> Result<(), InputError> {
        optional_rule_in_use(record, &PURSUIT, "Cavalry Pursuit")
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Pursuit die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = faces.first().copied().unwrap_or(0);
        let rating = input.number("pursuit_rating");
        let name = input.text("unit").trim();
        let tested = checks::roll_under(
            die,
            rating,
            &[],
            TestKind::Other,
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        );
        let roll = tested.describe();
        let (key, rank, headline, effects) = match input.text("roll") {
            "length" => {
                let hexes = (tested.die - rating).max(2);
                (
                    format!("{hexes} hexes"),
                    hexes,
                    format!("{name} pursues {hexes} hexes ({roll})"),
                    vec![Effect::reminder(
                        &format!(
                            "{name} moves {hexes} hexes in as straight a line as possible, turning only to avoid enemy units and ZOCs, then Shock attacks every unit in its ZOC as a Disordered unit"
                        ),
                        "Elimination Pursuit, R 8.68D, L1259",
                    )],
                )
            }
            "return" => {
                let back = tested.die < rating;
                let effects = if back {
                    vec![Effect::reminder(
                        &format!(
                            "{name} returns Disordered, an In Command reinforcement, through any hex within three hexes of where it left"
                        ),
                        "R 8.68C, L1257",
                    )]
                } else {
                    Vec::new()
                };
                (
                    if back { "returns" } else { "stays off" }.to_string(),
                    i32::from(!back),
                    if back {
                        format!("{name} returns ({roll})")
                    } else {
                        format!("{name} stays off the map ({roll})")
                    },
                    effects,
                )
            }
            _ if tested.passed => (
                "stands".to_string(),
                0,
                format!("{name} stands ({roll})"),
                vec![Effect::reminder(
                    &format!(
                        "{name} stands; it is Disordered by the Charge's Automatic Disorder once all pursuit is over"
                    ),
                    "R 8.68A, L1252; R 8.68E, L1261",
                )],
            ),
            _ => (
                "pursues".to_string(),
                1,
                format!("{name} pursues ({roll})"),
                vec![Effect::reminder(
                    &format!(
                        "{name} follows the retreat path exactly, stopping where the fleeing unit stops or in an enemy ZOC, then Shock attacks every unit in its ZOC as a Disordered unit; units that have not fired this phase may fire at it. If its target was eliminated, roll how far it pursues"
                    ),
                    "Flight Pursuit, R 8.68B, L1255; R 8.68D, L1259",
                )],
            ),
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![tested.total(name)],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key,
                rank,
                headline,
            },
            effects,
        })
    }
}

const HOLD_FIELDS: &[Field] = &[
    SIDE,
    Field {
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("type", "heavy_cavalry"), ("state", "In play")],
            max_len: 40,
        },
        ..forms::unit("unit", "Heavy Cavalry unit", HOLD_RULE)
    },
    CAVALRY_TYPES,
    RATING,
    options::on_form(NATURAL_ZERO),
];

/// The Hold in Check roll of Heavy Cavalry that would have to Charge.
pub struct HoldInCheck;

impl Procedure for HoldInCheck {
    fn about(&self) -> &About {
        &About {
            id: "hold-in-check",
            title: "Hold the cavalry in check",
            rule: "Cavalry Impetuosity (optional), R 8.69, L1263-1272",
            summary: "Optional: Heavy Cavalry of an activated command must Charge a target it can reach and see, unless held in check: at or under its Pursuit Rating it need not Charge; higher, away they ride.",
            fields: HOLD_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.option(IMPETUOSITY.id, "off") == "on"
            && super::turn_track::light(record, record.position.turn)
                != super::turn_track::Light::Dark
            && super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "pursuit_rating"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
        input.set("type", Value::Text("heavy_cavalry".into()));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "side" | "unit") {
            follow_cavalry(input, record);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named(input)?;
        if input.text("type") != "heavy_cavalry" {
            return Err(InputError::new(
                "type",
                "only Heavy Cavalry must Charge (L1265)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, _input: &Input, record: &Record) -> Result<(), InputError> {
        optional_rule_in_use(record, &IMPETUOSITY, "Cavalry Impetuosity")?;
        if super::turn_track::light(record, record.position.turn) == super::turn_track::Light::Dark
        {
            return Err(InputError::new("", "no Impetuosity in a Dark turn (L1683)"));
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Hold in Check die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let name = input.text("unit").trim();
        let tested = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            input.number("pursuit_rating"),
            &[],
            TestKind::Other,
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        );
        let roll = tested.describe();
        let (key, headline, effects) = if tested.passed {
            (
                "held",
                format!("{name} is held in check ({roll})"),
                Vec::new(),
            )
        } else {
            (
                "charges",
                format!("Away they ride! {name} must Charge ({roll})"),
                vec![Effect::reminder(
                    &format!(
                        "{name} Charges the nearest target it can reach with Reduced Movement and see (player's choice if equidistant); never required against artillery or units in villages, woods or chateaux"
                    ),
                    "R 8.69A, L1265-1270",
                )],
            )
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![tested.total(name)],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank: i32::from(!tested.passed),
                headline,
            },
            effects,
        })
    }
}

// --- Cavalry Retreat (R 8.64A, L1174-1184) -------------------------------------------------------

const RETREAT_RULE: &str = "Cavalry Retreat, R 8.64A, L1176-1184";

const RETREAT_FIELDS: &[Field] = &[
    SIDE,
    Field {
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[
                ("type", "heavy_cavalry|light_cavalry"),
                ("state", "In play"),
            ],
            max_len: 40,
        },
        ..forms::unit("unit", "Cavalry unit", RETREAT_RULE)
    },
    CAVALRY_TYPES,
    forms::DISORDER,
    forms::COHESION,
    forms::MOVEMENT,
    Field {
        id: "hexes",
        label: "Hexes retreated",
        group: "Retreat",
        kind: FieldKind::Number { min: 1, max: 2 },
        rule: RETREAT_RULE,
        help: "One or two, before the Fire or Shock is resolved (L1178).",
    },
    Field {
        id: "cavalry_zoc",
        label: "It is in an enemy cavalry ZOC",
        group: "Retreat",
        kind: FieldKind::Flag,
        rule: RETREAT_RULE,
        help: "Then it may not retreat (L1180).",
    },
    Field {
        id: "into_enemy_zoc",
        label: "The retreat would enter an enemy ZOC",
        group: "Retreat",
        kind: FieldKind::Flag,
        rule: RETREAT_RULE,
        help: "Then it may not retreat (L1180). A friendly-occupied hex may be entered by Displacement (L1184).",
    },
];

/// Cavalry assaulted by infantry retreats one or two hexes before the Fire or Shock, with no
/// Disorder; Disordered cavalry must roll against its Cohesion, and Routs over it (L1178-1181).
pub struct CavalryRetreat;

impl CavalryRetreat {
    fn disordered(input: &Input) -> bool {
        input.text("disorder") == "D-1"
    }
}

impl Procedure for CavalryRetreat {
    fn about(&self) -> &About {
        &About {
            id: "cavalry-retreat",
            title: "Cavalry Retreat before infantry",
            rule: RETREAT_RULE,
            summary: "Cavalry that infantry assaults retreats one or two hexes before the Fire or Shock, with no Disorder; Disordered cavalry rolls against its Cohesion and Routs over it. The infantry may advance one hex and do nothing else.",
            fields: RETREAT_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["unit", "hexes"]
    }
    fn prefill(&self, input: &mut Input, _record: &Record) {
        input.set("hexes", Value::Number(1));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "unit" {
            forms::follow_unit(input, record, "unit", forms::CHECK_RATINGS);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named(input)?;
        let refusal = if input.text("disorder") == "routed" {
            Some(("disorder", "a Routed unit may not retreat (L1180)"))
        } else if input.flag("cavalry_zoc") {
            Some((
                "cavalry_zoc",
                "a unit in an enemy cavalry ZOC may not retreat (L1180)",
            ))
        } else if input.flag("into_enemy_zoc") {
            Some((
                "into_enemy_zoc",
                "the retreat may not enter an enemy ZOC (L1180)",
            ))
        } else {
            None
        };
        refusal.map_or(Ok(()), |(field, why)| Err(InputError::new(field, why)))
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        match record.unit(input.text("side"), input.text("unit").trim()) {
            Some(unit) => forms::check_disorder(input, unit),
            None => Ok(()),
        }
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        // Only Disordered cavalry rolls (L1181).
        if Self::disordered(input) {
            checks::one_die("Cohesion die")
        } else {
            DiceSpec::default()
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut piece = forms::Piece::of(input, None, "unit");
        let movement = i64::from(input.number("movement"));
        piece.movement = (movement > 0).then_some(movement);
        let called = piece.called();
        let hexes = input.number("hexes");
        let advance = Effect::reminder(
            "The attacking infantry may advance one hex into the vacated hex, and do nothing else",
            "R 8.64A, L1183",
        );
        let Some(die) = faces.first().copied().filter(|_| Self::disordered(input)) else {
            return Ok(Resolution::book_keeping(
                "retreats",
                format!("{called} retreats {hexes} hex(es), with no Disorder"),
                vec![
                    Effect::reminder(
                        &format!(
                            "{called} retreats {hexes} hex(es) before the Fire or Shock; it may Displace (L1184)"
                        ),
                        RETREAT_RULE,
                    ),
                    advance,
                ],
            ));
        };
        let tested = checks::roll_under(
            die,
            input.number("cohesion"),
            &[],
            TestKind::Other,
            ZeroPasses::CohesionChecksOnly,
        );
        let (key, rank, headline, mut effects) = if tested.passed {
            (
                "retreats",
                0,
                format!(
                    "{called} retreats {hexes} hex(es), Disordered as it was ({})",
                    tested.describe()
                ),
                vec![Effect::reminder(
                    &format!(
                        "{called} retreats {hexes} hex(es) before the Fire or Shock; it may Displace (L1184)"
                    ),
                    RETREAT_RULE,
                )],
            )
        } else {
            (
                "routs",
                1,
                format!("{called} Routs ({})", tested.describe()),
                piece.routs("R 8.64A, L1181"),
            )
        };
        effects.push(advance);
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
