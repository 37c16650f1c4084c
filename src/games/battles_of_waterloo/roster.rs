//! The pieces the record keeps: combat units and leaders, with the ratings their counters print
//! (R 2.2, L42-76) and the markers play puts on them. The rulebook prints no counter values, so
//! the players add each piece from its counter; a form that names a piece on the record fills in
//! what the record knows of it.

use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;

/// The attributes the record keeps of a piece.
pub mod attribute {
    /// One of `TYPES` or `LEADER_TYPES`, by id.
    pub const TYPE: &str = "type";
    /// The Command (corps or division) the piece belongs to, by its LIM's name.
    pub const COMMAND: &str = "command";
    /// Combat units: the ratings printed on the counter (R 2.2.1, L42-52).
    pub const STRENGTH: &str = "strength";
    pub const COHESION: &str = "cohesion";
    /// Light Cavalry prints its Pursuit Rating in the Commitment slot (L48).
    pub const COMMITMENT: &str = "commitment";
    pub const MOVEMENT: &str = "movement allowance";
    /// Steps the unit can lose: 4 with a reverse side, 2 without (R 9.13A, L1461).
    pub const STEPS: &str = "steps";
    /// 0, 1 (*, Elite) or 2 (**, Crack Elite) stars (L52).
    pub const ELITE: &str = "elite stars";
    /// "british" for the British units of the Anglo-Allied army (L1569).
    pub const NATIONALITY: &str = "nationality";
    /// "yes" for a Guard Grenadier or Chasseur infantry unit (R 10.31, L1657).
    pub const GUARD: &str = "Imperial Guard Grenadier or Chasseur";
    /// Leaders: what the counter prints (R 2.2.2, L58-76).
    pub const COMMAND_RANGE: &str = "command range";
    pub const COMMAND_POINTS: &str = "command points";
    pub const ORDERS_POINTS: &str = "orders points";
    pub const ORDERS_RATING: &str = "orders rating";
    pub const COMMITMENT_POINTS: &str = "commitment points";
    /// The markers play puts on a unit.
    pub const STEPS_LOST: &str = "steps lost";
    /// "D-1" or "D-2"; absent in good order (R 9.15, L1488-1502).
    pub const DISORDER: &str = "disorder";
    pub const SQUARE: &str = "square";
    pub const BLOWN: &str = "blown";
    pub const ENGAGED: &str = "engaged";
    pub const WET_FUSES: &str = "wet fuses";
    /// "yes" while a Detachment Leader is assigned to Out of Command units (R 4.71, L441-445).
    pub const ASSIGNED: &str = "assigned";
    /// Chateau recovery: the cumulative modifier of the supporting unit's next roll (L1414-1421).
    pub const RECOVERY_MODIFIER: &str = "recovery modifier";
}

/// What a piece is, as its `state`.
pub mod state {
    pub const IN_PLAY: &str = "In play";
    pub const ROUTED: &str = "Routed";
    pub const ELIMINATED: &str = "Eliminated";
    pub const KILLED: &str = "Killed";
    pub const CAPTURED: &str = "Captured";
}

/// The combat unit types (R 2.2.1, L42-56).
pub const TYPES: &[(&str, &str)] = &[
    ("infantry", "Infantry"),
    ("heavy_cavalry", "Heavy Cavalry"),
    ("light_cavalry", "Light Cavalry"),
    ("artillery", "Artillery"),
];

/// The leader types (R 2.2.2, L58-76).
pub const LEADER_TYPES: &[(&str, &str)] = &[
    ("overall_commander", "Overall Commander"),
    ("superior_commander", "Superior Commander"),
    ("combat_leader", "Combat Leader"),
    ("artillery_commander", "Artillery Commander"),
    ("detachment_leader", "Detachment Leader"),
];

pub fn is_cavalry(kind: &str) -> bool {
    matches!(kind, "heavy_cavalry" | "light_cavalry")
}

pub fn is_leader(kind: &str) -> bool {
    LEADER_TYPES.iter().any(|(id, _)| *id == kind)
}

/// A number the record keeps of a unit, if it is there and readable.
pub fn number(unit: &UnitRecord, attribute: &str) -> Option<i64> {
    unit.attribute(attribute).and_then(|v| v.parse().ok())
}

/// Whether the unit has only one step left (Rally, L1623).
pub fn one_step_left(unit: &UnitRecord) -> bool {
    match (
        number(unit, attribute::STEPS),
        number(unit, attribute::STEPS_LOST),
    ) {
        (Some(steps), lost) => steps - lost.unwrap_or(0) == 1,
        _ => false,
    }
}

/// The record's combat units offered by a unit field: in play or routed.
pub const COMBAT_UNITS: &[(&str, &str)] = &[
    ("type", "infantry|heavy_cavalry|light_cavalry|artillery"),
    ("state", "In play|Routed"),
];

/// The record's leaders still leading.
pub const LEADERS: &[(&str, &str)] = &[
    (
        "type",
        "overall_commander|superior_commander|combat_leader|artillery_commander|detachment_leader",
    ),
    ("state", "In play"),
];

/// The record's leaders who command: Combat Leaders, Superior and Overall Commanders (an Overall
/// Commander may be a Combat Leader too, L417), not Artillery Commanders or Detachment Leaders.
pub const COMMANDERS: &[(&str, &str)] = &[
    ("type", "overall_commander|superior_commander|combat_leader"),
    ("state", "In play"),
];

/// What the record panel shows beside a piece's state: its Disorder, steps lost and markers; a
/// Detachment Leader's assignment.
pub fn summary(unit: &UnitRecord) -> String {
    let mut parts = Vec::new();
    if let Some(disorder) = unit
        .attribute(attribute::DISORDER)
        .filter(|d| !d.is_empty())
    {
        parts.push(disorder.to_string());
    }
    match number(unit, attribute::STEPS_LOST) {
        Some(1) => parts.push("1 step lost".to_string()),
        Some(n) if n > 1 => parts.push(format!("{n} steps lost")),
        _ => {}
    }
    for (marker, label) in [
        (attribute::SQUARE, "Square"),
        (attribute::ENGAGED, "Engaged"),
        (attribute::BLOWN, "Blown"),
        (attribute::ASSIGNED, "assigned"),
    ] {
        if unit.attribute(marker) == Some("yes") {
            parts.push(label.to_string());
        }
    }
    parts.join(", ")
}

/// The unit a form names, if the record knows it.
pub fn named<'a>(record: &'a Record, side: &str, name: &str) -> Option<&'a UnitRecord> {
    record.unit(side, name.trim())
}

/// Refuses a name the record already holds for this army.
fn check_new(record: &Record, side: &str, name: &str) -> Result<(), InputError> {
    if record.unit(side, name.trim()).is_some() {
        return Err(InputError::new(
            "name",
            format!(
                "{} already has a piece named \"{}\"",
                army_label(side),
                name.trim()
            ),
        ));
    }
    Ok(())
}

fn check_named(input: &Input) -> Result<(), InputError> {
    if input.text("name").trim().is_empty() {
        return Err(InputError::new(
            "name",
            "name the piece as its counter does",
        ));
    }
    Ok(())
}

const COUNTER_RULE: &str = "Combat units, R 2.2.1, L42-56";

const UNIT_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Counter",
        kind: FieldKind::Choice(SIDES),
        rule: "Sides, R 2.1, L14",
        help: "The army whose counter it is.",
    },
    Field {
        id: "name",
        label: "Name on the counter",
        group: "Counter",
        kind: FieldKind::Text { max_len: 40 },
        rule: COUNTER_RULE,
        help: "As printed, e.g. \"12 Line\".",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Counter",
        kind: FieldKind::Choice(TYPES),
        rule: COUNTER_RULE,
        help: "Heavy Cavalry is printed in dark horse, Light Cavalry in light horse (L46).",
    },
    Field {
        id: "command",
        label: "Command (its LIM)",
        group: "Counter",
        kind: FieldKind::Text { max_len: 40 },
        rule: "Command, R 4.21, L204-210",
        help: "The corps or division whose LIM activates it, e.g. \"I Corps\".",
    },
    Field {
        id: "strength",
        label: "Strength Points",
        group: "Ratings",
        kind: FieldKind::Count { max: 30 },
        rule: "Assault, Shock or Fire Strength, L44-50",
        help: "The printed strength of the side showing.",
    },
    Field {
        id: "cohesion",
        label: "Cohesion Rating",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Cohesion, R 2.5, L115",
        help: "",
    },
    Field {
        id: "commitment",
        label: "Commitment Rating (Light Cavalry: Pursuit Rating)",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Commitment, L44-48",
        help: "Light Cavalry prints its Pursuit Rating in this slot; its Commitment is its Cohesion (L48).",
    },
    Field {
        id: "movement",
        label: "Movement Allowance",
        group: "Ratings",
        kind: FieldKind::Count { max: 20 },
        rule: "Movement, L44-50",
        help: "",
    },
    Field {
        id: "steps",
        label: "Steps",
        group: "Ratings",
        kind: FieldKind::Choice(&[
            ("4", "4 (the counter has a reverse side)"),
            ("2", "2 (no reverse side)"),
        ]),
        rule: "Step losses, R 9.13A, L1461-1464",
        help: "Artillery: flipped, then eliminated (L1333): choose 2.",
    },
    Field {
        id: "elite",
        label: "Elite stars",
        group: "Ratings",
        kind: FieldKind::Count { max: 2 },
        rule: "Elite, L52",
        help: "One star Elite, two Crack Elite.",
    },
    Field {
        id: "british",
        label: "British (Anglo-Allied army)",
        group: "Ratings",
        kind: FieldKind::Flag,
        rule: "Death of Wellington, R 9.21E, L1569",
        help: "Only British units test when Wellington falls.",
    },
    Field {
        id: "guard",
        label: "Imperial Guard Grenadiers or Chasseurs",
        group: "Ratings",
        kind: FieldKind::Flag,
        rule: "The Imperial Guard, R 10.31, L1657",
        help: "1 Gren, 2 Gren, 1 Chas, 2 Chas.",
    },
];

/// Puts a combat unit on the record from its counter.
pub struct AddUnit;

impl Procedure for AddUnit {
    fn about(&self) -> &About {
        &About {
            id: "add-unit",
            title: "Add a combat unit from its counter",
            rule: COUNTER_RULE,
            summary: "Puts a combat unit on the record with the ratings its counter prints, so every form that names it fills them in.",
            fields: UNIT_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_named(input)?;
        if input.flag("british") && input.text("side") != "allied" {
            return Err(InputError::new(
                "british",
                "only the Anglo-Allied army tells British units apart",
            ));
        }
        if input.flag("guard")
            && (input.text("side") != "french" || input.text("type") != "infantry")
        {
            return Err(InputError::new(
                "guard",
                "the Guard Grenadiers and Chasseurs are French infantry (L1657)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_new(record, input.text("side"), input.text("name"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("name").trim();
        let set = |attribute: &str, value: String| {
            Effect::set_attribute(side, name, attribute, value, COUNTER_RULE)
        };
        let mut effects = vec![
            Effect::set_state(side, name, state::IN_PLAY, COUNTER_RULE),
            set(attribute::TYPE, input.text("type").to_string()),
            set(attribute::COMMAND, input.text("command").trim().to_string()),
            set(attribute::STRENGTH, input.number("strength").to_string()),
            set(attribute::COHESION, input.number("cohesion").to_string()),
            set(
                attribute::COMMITMENT,
                input.number("commitment").to_string(),
            ),
            set(attribute::MOVEMENT, input.number("movement").to_string()),
            set(attribute::STEPS, input.text("steps").to_string()),
            set(attribute::ELITE, input.number("elite").to_string()),
        ];
        if input.flag("british") {
            effects.push(set(attribute::NATIONALITY, "british".into()));
        }
        if input.flag("guard") {
            effects.push(set(attribute::GUARD, "yes".into()));
        }
        Ok(Resolution::book_keeping(
            "added",
            format!("{name} ({}) is on the record", army_label(side)),
            effects,
        ))
    }
}

const LEADER_RULE: &str = "Leaders, R 2.2.2, L58-76";

const LEADER_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Counter",
        kind: FieldKind::Choice(SIDES),
        rule: "Sides, R 2.1, L14",
        help: "The army whose leader it is.",
    },
    Field {
        id: "name",
        label: "Name on the counter",
        group: "Counter",
        kind: FieldKind::Text { max_len: 40 },
        rule: LEADER_RULE,
        help: "e.g. \"Zieten\".",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Counter",
        kind: FieldKind::Choice(LEADER_TYPES),
        rule: LEADER_RULE,
        help: "Overall Commanders have four stars, Superior Commanders three (L64-66).",
    },
    Field {
        id: "command",
        label: "Command (its LIM)",
        group: "Counter",
        kind: FieldKind::Text { max_len: 40 },
        rule: "Command, R 4.21, L204-210",
        help: "The Command he leads; blank for an Overall Commander.",
    },
    Field {
        id: "command_range",
        label: "Command Range",
        group: "Ratings",
        kind: FieldKind::Count { max: 20 },
        rule: "Command Range, L62-72",
        help: "In Leader Movement Points.",
    },
    Field {
        id: "command_points",
        label: "Command Points",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Command Points, R 4.63B, L397-401",
        help: "Overall Commanders only. Napoleon prints \"3?\": 3 without the optional Health rule (L408).",
    },
    Field {
        id: "orders_points",
        label: "Orders Points",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Orders Points, R 4.62D, L367-371",
        help: "Superior Commanders and Wellington (4, L414).",
    },
    Field {
        id: "orders_rating",
        label: "Orders Rating",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Orders Rating, R 4.61B, L346-350",
        help: "Combat Leaders.",
    },
    Field {
        id: "commitment_points",
        label: "Commitment Points",
        group: "Ratings",
        kind: FieldKind::Count { max: 9 },
        rule: "Commitment Points, R 8.41D, L1030",
        help: "Combat Leaders: the points they may add to Commitment Ratings each turn.",
    },
];

/// Puts a leader on the record from his counter.
pub struct AddLeader;

impl Procedure for AddLeader {
    fn about(&self) -> &About {
        &About {
            id: "add-leader",
            title: "Add a leader from his counter",
            rule: LEADER_RULE,
            summary: "Puts a leader on the record with the ratings his counter prints: Command Range, Command Points, Orders Points, Orders Rating, Commitment Points.",
            fields: LEADER_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_named(input)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_new(record, input.text("side"), input.text("name"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("name").trim();
        let mut effects = vec![
            Effect::set_state(side, name, state::IN_PLAY, LEADER_RULE),
            Effect::set_attribute(side, name, attribute::TYPE, input.text("type"), LEADER_RULE),
            Effect::set_attribute(
                side,
                name,
                attribute::COMMAND,
                input.text("command").trim(),
                LEADER_RULE,
            ),
        ];
        for (field, attribute) in [
            ("command_range", attribute::COMMAND_RANGE),
            ("command_points", attribute::COMMAND_POINTS),
            ("orders_points", attribute::ORDERS_POINTS),
            ("orders_rating", attribute::ORDERS_RATING),
            ("commitment_points", attribute::COMMITMENT_POINTS),
        ] {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute,
                input.number(field),
                LEADER_RULE,
            ));
        }
        Ok(Resolution::book_keeping(
            "added",
            format!("{name} ({}) is on the record", army_label(side)),
            effects,
        ))
    }
}
