//! What the procedures' forms share: the army and the unit a test is made for, the facts the
//! record knows of that unit, and what a result does to it: on the record if the players named a
//! unit the record knows, in words on the result card otherwise.

use super::roster::{self, attribute, state};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::record::{Effect, Record, UnitRecord};

/// The army a form is about.
pub const SIDE: Field = Field {
    id: "side",
    label: "Army",
    group: "Unit",
    kind: FieldKind::Choice(SIDES),
    rule: "Sides, R 2.1, L14",
    help: "The army of the unit.",
};

/// A combat unit of the army in `side`, offered from the record.
pub const fn unit(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Unit",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: roster::COMBAT_UNITS,
            max_len: 40,
        },
        rule,
        help: "Pick it from the record to fill in its ratings and markers; a unit not on the record may be named, or left blank.",
    }
}

/// The unit's type.
pub const TYPE: Field = Field {
    id: "type",
    label: "Type",
    group: "Unit",
    kind: FieldKind::Choice(roster::TYPES),
    rule: "Combat units, R 2.2.1, L42-56",
    help: "Filled in from the record.",
};

/// A rating of the unit, 0-9 (the die's faces).
pub const fn rating(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Unit",
        kind: FieldKind::Count { max: 9 },
        rule,
        help: "Filled in from the record.",
    }
}

/// The Cohesion Rating (R 2.5, L115).
pub const COHESION: Field = rating("cohesion", "Cohesion Rating", "Cohesion, R 2.5, L115");

/// The unit's Disorder (R 9.15, L1486-1502).
pub const DISORDER: Field = Field {
    id: "disorder",
    label: "Its Disorder",
    group: "Unit",
    kind: FieldKind::Choice(&[
        ("none", "Good order"),
        ("D-1", "D-1"),
        ("D-2", "D-2 (infantry)"),
        ("routed", "Routed"),
    ]),
    rule: "Disorder, R 9.15, L1486-1502; Rout, R 9.16, L1514-1524",
    help: "Filled in from the record.",
};

/// The turn where play stands, carried on a form so that `resolve` knows it; filled in from the
/// record and checked against it (`check_turn`).
pub const fn turn_field(rule: &'static str) -> Field {
    Field {
        id: "turn",
        label: "Turn",
        group: "What the record knows",
        kind: FieldKind::Number { min: 1, max: 48 },
        rule,
        help: "Filled in from the record.",
    }
}

/// Refuses a form whose turn is not the one where play stands.
pub fn check_turn(input: &Input, record: &Record) -> Result<(), InputError> {
    let turn = i64::from(record.position.turn);
    if i64::from(input.number("turn")) != turn {
        return Err(InputError::new(
            "turn",
            format!("play stands at turn {turn}"),
        ));
    }
    Ok(())
}

/// The unit's Movement Allowance, for the length of a Rout Retreat (L1528); 0 if not known.
pub const MOVEMENT: Field = Field {
    id: "movement",
    label: "Movement Allowance",
    group: "Unit",
    kind: FieldKind::Count { max: 20 },
    rule: "Rout Retreat, R 9.17A, L1528",
    help: "Filled in from the record; leave 0 if not known.",
};

/// The unit as a form states it, and what the record calls it.
pub struct Piece<'a> {
    pub side: &'a str,
    /// The name typed, if any.
    pub name: Option<&'a str>,
    pub kind: &'a str,
    /// "none", "D-1", "D-2" or "routed".
    pub disorder: &'a str,
    /// Its Movement Allowance, if the record knows it (the Rout Retreat's distance, L1528).
    pub movement: Option<i64>,
}

impl<'a> Piece<'a> {
    /// The unit a form's `unit` field names, with the facts its `type` and `disorder` fields hold.
    pub fn of(input: &'a Input, record: Option<&Record>, field: &str) -> Piece<'a> {
        let side = input.text("side");
        let name = Some(input.text(field).trim()).filter(|n| !n.is_empty());
        let movement = record
            .zip(name)
            .and_then(|(record, name)| record.unit(side, name))
            .and_then(|unit| roster::number(unit, attribute::MOVEMENT));
        Piece {
            side,
            name,
            kind: input.text("type"),
            disorder: input.text("disorder"),
            movement,
        }
    }

    /// The unit with the Movement Allowance a form states (0 for not known).
    pub fn moving(self, movement: i32) -> Piece<'a> {
        Piece {
            movement: (movement > 0).then_some(i64::from(movement)),
            ..self
        }
    }

    /// A copy borrowing the same strings.
    pub fn clone_ref(&self) -> Piece<'a> {
        Piece {
            side: self.side,
            name: self.name,
            kind: self.kind,
            disorder: self.disorder,
            movement: self.movement,
        }
    }

    /// Its Disorder as a level the ladder knows ("none", "D-1", "D-2", "routed").
    pub fn disorder_level(&self) -> &'static str {
        match self.disorder {
            "D-1" => "D-1",
            "D-2" => "D-2",
            "routed" => "routed",
            _ => "none",
        }
    }

    /// Whether one more Disorder result costs it a step instead (a Routed unit, L1523; artillery
    /// already D-1, L1512).
    pub fn disorder_costs_step(&self) -> bool {
        self.disorder == "routed" || (self.disorder == "D-1" && self.kind == "artillery")
    }

    /// Its Disorder after one more Disorder result (`disordered`): "routed" when it Routs, or
    /// unchanged where the ladder calls for a roll or a step instead.
    pub fn after_disorder(&self) -> &'static str {
        match (self.disorder, self.kind) {
            ("none", _) => "D-1",
            ("D-1", "infantry") => "D-2",
            ("D-2", _) => "routed",
            ("routed", _) => "routed",
            _ => "D-1",
        }
    }

    /// The unit is eliminated: its last step lost.
    pub fn eliminated(&self, rule: &str) -> Vec<Effect> {
        let mut effects: Vec<Effect> = self.state(state::ELIMINATED, rule).into_iter().collect();
        effects.push(Effect::reminder(
            &format!(
                "{} is eliminated: take its counter off the map",
                self.called()
            ),
            rule,
        ));
        effects
    }

    /// "12 Line" or "The unit".
    pub fn called(&self) -> String {
        self.name
            .map_or_else(|| "The unit".to_string(), str::to_string)
    }

    fn set(&self, attribute: &str, value: &str, rule: &str) -> Option<Effect> {
        self.name
            .map(|name| Effect::set_attribute(self.side, name, attribute, value, rule))
    }

    fn state(&self, state: &str, rule: &str) -> Option<Effect> {
        self.name
            .map(|name| Effect::set_state(self.side, name, state, rule))
    }

    /// One Disorder result ('D', or a failed 'd'), up the ladder of R 9.15-9.16 (L1504-1512,
    /// L1523): infantry D-1, D-2, then Rout; cavalry and artillery have D-1 only, and a second
    /// Disorder calls for a roll (cavalry) or a retreat and a step (artillery); a Routed unit loses
    /// a step instead.
    pub fn disordered(&self, rule: &str) -> Vec<Effect> {
        let called = self.called();
        let ladder = "Disorder, R 9.15B, L1504-1512";
        match (self.disorder, self.kind) {
            ("routed", _) => {
                let mut effects = vec![Effect::reminder(
                    &format!(
                        "{called} is Routed: the Disorder costs it one step instead (mark it)"
                    ),
                    "Rout, R 9.16E, L1523",
                )];
                effects.extend(self.step_lost("Rout, R 9.16E, L1523"));
                effects
            }
            ("none", _) => self.disordered_to("D-1", rule),
            ("D-1", "infantry") => self.disordered_to("D-2", rule),
            ("D-2", _) => self.routs(ladder),
            ("D-1", "artillery") => {
                let mut effects = vec![Effect::reminder(
                    &format!(
                        "{called} is artillery already D-1: it retreats one hex and loses one step"
                    ),
                    ladder,
                )];
                effects.extend(self.step_lost(ladder));
                effects
            }
            _ => vec![Effect::reminder(
                &format!(
                    "{called} is cavalry already D-1: roll against its Cohesion: at or under, it retreats one hex (two with a B); over, it Routs (from Automatic Disorder it is Blown instead)"
                ),
                ladder,
            )],
        }
    }

    fn disordered_to(&self, level: &str, rule: &str) -> Vec<Effect> {
        let mut effects: Vec<Effect> = self
            .set(attribute::DISORDER, level, rule)
            .into_iter()
            .collect();
        effects.push(Effect::reminder(
            &format!("{} is Disordered: {level}", self.called()),
            rule,
        ));
        effects
    }

    /// The unit Routs (R 9.16, L1514-1542): it loses its Disorder and any Square, and Rout
    /// Retreats half its Movement Allowance, rounded up; artillery that must Rout is eliminated.
    pub fn routs(&self, rule: &str) -> Vec<Effect> {
        let called = self.called();
        if self.kind == "artillery" {
            let mut effects: Vec<Effect> =
                self.state(state::ELIMINATED, rule).into_iter().collect();
            effects.push(Effect::reminder(
                &format!("{called} is artillery that must Rout: it is eliminated"),
                "Rout Retreat, R 9.17A, L1530",
            ));
            return effects;
        }
        let mut effects: Vec<Effect> = [
            self.state(state::ROUTED, rule),
            self.set(attribute::DISORDER, "", "Rout, R 9.16D, L1524"),
            self.set(attribute::SQUARE, "", "Square, R 8.73G, L1305"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let distance = self.movement.map_or_else(
            || "half its Movement Allowance, rounded up,".to_string(),
            |ma| {
                format!(
                    "{} (half its Movement Allowance of {ma}, rounded up)",
                    (ma + 1) / 2
                )
            },
        );
        effects.push(Effect::reminder(
            &format!("{called} Routs: it Rout Retreats {distance} hexes toward its Retreat Hex, away from enemy units and their ZOCs"),
            "Rout Retreat, R 9.17A, L1528-1537",
        ));
        effects
    }

    /// One step lost (R 9.13, L1461-1466): the record counts the steps; the players flip or mark
    /// the counter.
    pub fn step_lost(&self, rule: &str) -> Vec<Effect> {
        self.name
            .map(|name| Effect::add_to(self.side, name, attribute::STEPS_LOST, 1, rule))
            .into_iter()
            .collect()
    }

    /// The unit retreats one hex and is Disordered.
    pub fn retreats_disordered(&self, rule: &str) -> Vec<Effect> {
        let mut effects = vec![Effect::reminder(
            &format!("{} retreats one hex", self.called()),
            rule,
        )];
        effects.extend(self.disordered(rule));
        effects
    }
}

/// The ratings a roll against Cohesion reads from the record: the Cohesion Rating, and the
/// Movement Allowance of the Rout Retreat a failure may bring (L1528).
pub const CHECK_RATINGS: &[(&str, &str)] = &[
    ("cohesion", attribute::COHESION),
    ("movement", attribute::MOVEMENT),
];

/// After the side or the unit of a one-unit check changes: its type, Cohesion, Movement
/// Allowance and Disorder from the record, then the record's unit, for its markers.
pub fn follow_checked_unit<'r>(
    changed: &str,
    input: &mut Input,
    record: &'r Record,
) -> Option<&'r UnitRecord> {
    if !matches!(changed, "side" | "unit") {
        return None;
    }
    follow_unit(input, record, "unit", CHECK_RATINGS);
    record.unit(input.text("side"), input.text("unit").trim())
}

/// After the unit field changes: its type, ratings and Disorder from the record. `ratings` pairs
/// each rating field of the form with the attribute it reads.
pub fn follow_unit(input: &mut Input, record: &Record, field: &str, ratings: &[(&str, &str)]) {
    follow_unit_of(input, record, "side", field, ratings);
}

/// As `follow_unit`, for a unit of the army the form's field `side_field` names (a target's).
pub fn follow_unit_of(
    input: &mut Input,
    record: &Record,
    side_field: &str,
    field: &str,
    ratings: &[(&str, &str)],
) {
    let Some(unit) = record.unit(input.text(side_field), input.text(field).trim()) else {
        return;
    };
    if let Some(kind) = unit.attribute(attribute::TYPE)
        && roster::TYPES.iter().any(|(id, _)| *id == kind)
    {
        input.set("type", Value::Text(kind.into()));
    }
    input.set("disorder", Value::Text(disorder_of(unit).into()));
    for (id, attribute) in ratings {
        if let Some(value) = roster::number(unit, attribute) {
            input.set(id, Value::Number(value));
        }
    }
}

/// What the record knows of the units picked in a `Units` field, filled in as they are picked
/// (see `fighters::SideFields`).
pub const fn facts(
    id: &'static str,
    group: &'static str,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label: "What the record knows of them",
        group,
        kind: FieldKind::Text { max_len: 800 },
        rule,
        help,
    }
}

/// A leader of the army in `side`, offered from the record (Combat Leaders, Superior and Overall
/// Commanders).
pub const fn leader(
    id: &'static str,
    label: &'static str,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Leaders",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: roster::COMMANDERS,
            max_len: 40,
        },
        rule,
        help,
    }
}

/// The unit's Disorder as the `DISORDER` field reads it: "none", "D-1", "D-2" or "routed".
pub fn disorder_of(unit: &UnitRecord) -> &'static str {
    if unit.state.as_ref() == state::ROUTED {
        return "routed";
    }
    match unit.attribute(attribute::DISORDER) {
        Some("D-1") => "D-1",
        Some("D-2") => "D-2",
        _ => "none",
    }
}

/// Refuses a form whose Disorder is not what the record has for the unit.
pub fn check_disorder(input: &Input, unit: &UnitRecord) -> Result<(), InputError> {
    let on_record = disorder_of(unit);
    if on_record == input.text("disorder") {
        Ok(())
    } else {
        Err(InputError::new(
            "disorder",
            format!("the record has it as {on_record}: open the form again to fill this in"),
        ))
    }
}

/// A leader's budget of points for the turn, as (his points, those spent this turn): his
/// `attribute` on the record (0 if not known) and the record's `spent` counter.
pub fn budget(
    record: &Record,
    side: &str,
    leader: &str,
    attribute: &str,
    spent: &str,
) -> (i64, i64) {
    let points = roster::named(record, side, leader)
        .and_then(|leader| roster::number(leader, attribute))
        .unwrap_or(0);
    (points, record.counters.get(spent).copied().unwrap_or(0))
}

/// Whether a marker attribute of the unit is on ("yes", or any value but "" and "no").
pub fn marked(unit: &UnitRecord, marker: &str) -> bool {
    unit.attribute(marker)
        .is_some_and(|v| !v.trim().is_empty() && v.trim() != "no")
}

/// "12 Line (French)".
pub fn of_army(name: &str, side: &str) -> String {
    format!("{name} ({})", army_label(side))
}
