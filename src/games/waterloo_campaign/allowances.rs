//! The die rolls that set how many moves or attacks a side may still make: the pass allowances of
//! the Movement and Attack Phases, and the first-day caps of the June 15-18 scenario. Each sets a
//! counter on the record, which the players spend as they move or attack.
//!
//! Readings taken: the Corps are counted when the pass is made, and an enemy ZoC or ZoI leaves a
//! Corps out, even cavalry, which may move in a ZoI (A-40, as printed at L610).

use super::{SIDES, opponent, side_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Once, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;

const PASSING_SIDE: Field = Field {
    id: "passing_side",
    label: "The side that passed",
    group: "The pass",
    kind: FieldKind::Choice(SIDES),
    rule: "Sequence of Play, L219-223",
    help: "Its opponent rolls for the rest of the phase; the side that passed may no longer act.",
};

/// A resolution whose single die plus `modifiers` is a number of actions, recorded as `counter`.
fn allowance(
    side: &str,
    face: u8,
    modifiers: Vec<Modifier>,
    counter: String,
    counter_rule: &str,
    what: (&str, &str),
    mut effects: Vec<Effect>,
) -> Resolution {
    let bonus: i32 = modifiers.iter().map(|m| m.value).sum();
    let total = i32::from(face) + bonus;
    effects.insert(
        0,
        Effect::SetCounter {
            name: counter.into(),
            value: i64::from(total),
            rule: counter_rule.into(),
            // An allowance is spent before the phase ends, in the step it was rolled in (L609-613).
            lasts: Lasts::Step,
        },
    );
    Resolution {
        outcome: Outcome {
            key: format!("{total} {}", plural(total, what)),
            rank: total,
            headline: format!("{side} may make up to {total} {}", plural(total, what)),
        },
        totals: vec![SideTotal {
            side: side.to_string(),
            die: Some(i32::from(face)),
            modifiers: bonus,
            total,
        }],
        modifiers,
        limits: Vec::new(),
        cell: None,
        effects,
    }
}

/// The singular or plural of `what` for `count`.
fn plural<'a>(count: i32, what: (&'a str, &'a str)) -> &'a str {
    if count == 1 { what.0 } else { what.1 }
}

/// Movement Phase: after a pass, the opponent rolls for its remaining moves (L602-617).
pub struct MovementPass;

const MOVEMENT_FIELDS: &[Field] = &[
    PASSING_SIDE,
    Field {
        id: "corps_free",
        label: "Rolling side's Corps on the map not in an enemy ZoC or ZoI",
        group: "The rolling side",
        kind: FieldKind::Count { max: 20 },
        rule: "Movement Phase, L609-611 (erratum L610)",
        help: "Corps only, not Detachments (the erratum changed \"unit\" to \"Corps\"). Counted when the pass is made. A cavalry Corps in an infantry ZoI is left out too, though it may move.",
    },
    Field {
        id: "reinforcements_due",
        label: "Its reinforcement Corps due this turn, not yet on the map",
        group: "The rolling side",
        kind: FieldKind::Count { max: 20 },
        rule: "Movement Phase, L609-611",
        help: "They count too, and must enter the map before any unit on the map moves (L616-617).",
    },
];

impl Procedure for MovementPass {
    fn about(&self) -> &'static About {
        &About {
            id: "movement-pass",
            title: "Movement pass allowance",
            rule: "Movement Phase, L602-617",
            summary: "When a side passes in the Movement Phase, its opponent rolls a die and adds 1 for each of its Corps not in an enemy ZoC or ZoI: the most moves it may still make.",
            fields: MOVEMENT_FIELDS,
        }
    }
    /// One side passes, its opponent rolls once, and the rest of the phase is the opponent's.
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "Movement Phase, L602-613",
        })
    }
    fn acting_side(&self, input: &Input) -> String {
        opponent(input.text("passing_side")).to_string()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("passing_side", input, record);
    }
    /// The rolling side's reinforcement Corps due by this turn and still off the map, from the record.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "passing_side" {
            return;
        }
        let rolling = opponent(input.text("passing_side"));
        let turn = i32::try_from(record.position.turn).unwrap_or(0);
        let due = record
            .units_where(
                Some(rolling),
                &[("state", super::roster::state::REINFORCEMENT)],
            )
            .filter(|(side, name, _)| {
                super::roster::kind_of(record, side, name).is_some_and(|k| k.is_corps())
                    && super::roster::number_of(
                        record,
                        side,
                        name,
                        super::roster::attribute::ARRIVES_ON_TURN,
                    )
                    .is_some_and(|t| t <= turn)
            })
            .count();
        input.set("reinforcements_due", Value::Number(due as i64));
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Allowance die", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let side = side_label(opponent(input.text("passing_side")));
        let mut modifiers = Vec::new();
        let corps = input.number("corps_free");
        if corps > 0 {
            modifiers.push(Modifier::new(
                side,
                "Corps not in an enemy ZoC or ZoI",
                corps,
                "Movement Phase, L609-611 (erratum L610)",
            ));
        }
        let due = input.number("reinforcements_due");
        if due > 0 {
            modifiers.push(Modifier::new(
                side,
                "Reinforcement Corps due this turn, not yet on the map",
                due,
                "Movement Phase, L609-611",
            ));
        }
        modifiers
    }
    #[expect(
        clippy::indexing_slicing,
        reason = "the engine checked the faces against this procedure's dice: one d6"
    )]
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = side_label(opponent(input.text("passing_side")));
        let mut effects = Vec::new();
        if input.number("reinforcements_due") > 0 {
            effects.push(Effect::Reminder {
                text: "Reinforcements not yet on the map must enter it before any unit on the map moves".into(),
                rule: "Movement Phase, L616-617".into(),
            });
        }
        Ok(allowance(
            side,
            faces[0],
            self.modifiers(input),
            super::moves_left(opponent(input.text("passing_side"))),
            "Movement Phase, L611-613",
            ("more move", "more moves"),
            effects,
        ))
    }
}

/// Attack Phase: after a pass, the opponent rolls for its remaining attacks (L846-855).
pub struct AttackPass;

const ATTACK_FIELDS: &[Field] = &[PASSING_SIDE];

impl Procedure for AttackPass {
    fn about(&self) -> &'static About {
        &About {
            id: "attack-pass",
            title: "Attack pass allowance",
            rule: "Attack Phase, L846-855",
            summary: "When a side passes in the Attack Phase, its opponent rolls a die, with no modifiers: the most attacks it may still make.",
            fields: ATTACK_FIELDS,
        }
    }
    /// One side passes, its opponent rolls once, and the rest of the phase is the opponent's.
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "Attack Phase, L846-855",
        })
    }
    fn acting_side(&self, input: &Input) -> String {
        opponent(input.text("passing_side")).to_string()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Allowance die", Die::D6)])
    }
    #[expect(
        clippy::indexing_slicing,
        reason = "the engine checked the faces against this procedure's dice: one d6"
    )]
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = side_label(opponent(input.text("passing_side")));
        Ok(allowance(
            side,
            faces[0],
            Vec::new(),
            super::attacks_left(opponent(input.text("passing_side"))),
            "Attack Phase, L852-855",
            ("more attack", "more attacks"),
            Vec::new(),
        ))
    }
}

/// Step H, Withdrawal: after a pass, the opponent may retreat up to three more Corps (L492-495).
pub struct WithdrawalPass;

/// "their opponent may then retreat up to three more Corps in succession" (L494-495).
const WITHDRAWALS_AFTER_A_PASS: i64 = 3;

impl Procedure for WithdrawalPass {
    fn about(&self) -> &'static About {
        &About {
            id: "withdrawal-pass",
            title: "Withdrawal pass",
            rule: "H. Withdrawal, L487-497",
            summary: "When a side passes in the Withdrawal step, its opponent may retreat up to three more Corps in succession; then the step ends. No die is rolled.",
            fields: ATTACK_FIELDS,
        }
    }
    /// After the pass the opponent's three withdrawals end the step.
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "H. Withdrawal, L492-495",
        })
    }
    fn acting_side(&self, input: &Input) -> String {
        opponent(input.text("passing_side")).to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = side_label(opponent(input.text("passing_side")));
        Ok(Resolution {
            outcome: Outcome {
                key: format!("{side} may withdraw up to 3 more Corps"),
                rank: 0,
                headline: format!("{side} may withdraw up to 3 more Corps, then the step ends"),
            },
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects: vec![
                Effect::SetCounter {
                    name: super::withdrawals_left(opponent(input.text("passing_side"))).into(),
                    value: WITHDRAWALS_AFTER_A_PASS,
                    rule: "H. Withdrawal, L494-495".into(),
                    lasts: Lasts::Step,
                },
                Effect::Reminder {
                    text: "A Corps that retreats into an enemy ZoC is Blown, and returns two turns later; if that is not possible, it is eliminated".into(),
                    rule: "H. Withdrawal, L495-497".into(),
                },
            ],
        })
    }
}

/// The French moves left under Road Congestion (L1278, L1302-1303).
pub const ROAD_CONGESTION_COUNTER: &str = "French moves left (Road Congestion)";
/// The Prussian moves left when Concentrating the Army (L1295-1296).
pub const CONCENTRATION_COUNTER: &str = "Prussian moves left (Concentrating the Army)";

/// June 15-18, turns 1 and 2: the French Road Congestion (L1276-1278, L1298-1305).
pub struct RoadCongestion;

const ROAD_CONGESTION_FIELDS: &[Field] = &[
    Field {
        id: "turn",
        label: "Turn",
        group: "June 15",
        kind: FieldKind::Number { min: 1, max: 2 },
        rule: "June 15 special rules, L1263-1305",
        help: "Turn 1 (June 15 AM): a die plus 3 units. Turn 2 (June 15 PM): a die plus the French units not yet on the map.",
    },
    Field {
        id: "off_map",
        label: "French units not yet on the map (turn 2)",
        group: "June 15",
        kind: FieldKind::Count { max: 20 },
        rule: "Road Congestion, L1302-1303",
        help: "Counted on turn 2 only; all of them must enter the map this turn if possible (L1304-1305).",
    },
];

impl Procedure for RoadCongestion {
    fn about(&self) -> &'static About {
        &About {
            id: "road-congestion",
            title: "Road Congestion (June 15)",
            rule: "June 15-18 scenario, L1276-1278, L1298-1305",
            summary: "On June 15 the French may move only a limited number of units: a die plus 3 on turn 1, a die plus the French units not yet on the map on turn 2.",
            fields: ROAD_CONGESTION_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::first_day_rules(record) && (1..=2).contains(&record.position.turn)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set(
            "turn",
            Value::Number(i64::from(record.position.turn.clamp(1, 2))),
        );
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("French die", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        if input.number("turn") == 1 {
            vec![Modifier::new(
                "French",
                "Turn 1: a die roll plus 3",
                3,
                "Road Congestion, L1278",
            )]
        } else {
            let off_map = input.number("off_map");
            if off_map == 0 {
                return Vec::new();
            }
            vec![Modifier::new(
                "French",
                "French units not yet on the map",
                off_map,
                "Road Congestion, L1302-1303",
            )]
        }
    }
    #[expect(
        clippy::indexing_slicing,
        reason = "the engine checked the faces against this procedure's dice: one d6"
    )]
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let turn_one = input.number("turn") == 1;
        let mut effects = Vec::new();
        if turn_one {
            effects.push(Effect::Reminder {
                text: "Surprise: the only Coalition unit that can move is the Prussian I Corps (Ziethen)".into(),
                rule: "Surprise, L1271-1272".into(),
            });
        }
        if !turn_one && input.number("off_map") > 0 {
            effects.push(Effect::Reminder {
                text: "Every French unit not yet on the map must enter it this turn if possible"
                    .into(),
                rule: "Road Congestion, L1304-1305".into(),
            });
        }
        Ok(allowance(
            "French",
            faces[0],
            self.modifiers(input),
            ROAD_CONGESTION_COUNTER.into(),
            if turn_one {
                "Road Congestion, L1278"
            } else {
                "Road Congestion, L1302-1303"
            },
            // Turn 1 limits "a number of units", turn 2 "a number of times" (digest A-27).
            if turn_one {
                ("unit moved", "units moved")
            } else {
                ("move", "moves")
            },
            effects,
        ))
    }
}

/// June 15-18, turn 2: Concentrating the Army, the Prussians' moves (L1291-1296).
pub struct ConcentratingTheArmy;

impl Procedure for ConcentratingTheArmy {
    fn about(&self) -> &'static About {
        &About {
            id: "concentrating-the-army",
            title: "Concentrating the Army (June 15 PM)",
            rule: "June 15-18 scenario, turn 2, L1284-1296",
            summary: "On turn 2 the Coalition may move Prussian units on the map a number of times equal to a die roll; Anglo-Allied units cannot move, though Wellington and Blücher may deploy Detachments.",
            fields: &[],
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::first_day_rules(record) && record.position.turn == 2
    }
    fn acting_side(&self, _input: &Input) -> String {
        "coalition".into()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Coalition die", Die::D6)])
    }
    #[expect(
        clippy::indexing_slicing,
        reason = "the engine checked the faces against this procedure's dice: one d6"
    )]
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        Ok(allowance(
            "The Coalition",
            faces[0],
            Vec::new(),
            CONCENTRATION_COUNTER.into(),
            "Concentrating the Army, L1295",
            (
                "move of Prussian units on the map",
                "moves of Prussian units on the map",
            ),
            vec![Effect::Reminder {
                text: "Anglo-Allied units cannot move this turn; Wellington and Blücher may still deploy Detachments".into(),
                rule: "Delayed Reaction, L1288-1289".into(),
            }],
        ))
    }
}
