//! Both sides of a Shock must retreat (R 9.18C, L1554): "the side with the lowest unit Cohesion
//! Rating retreats; the other remains in place. If both sides have equal Cohesion Ratings, roll
//! the die. Loser retreats."
//!
//! Readings taken:
//! - A side's Cohesion is the lowest of its units' in the combat ("the lowest unit Cohesion
//!   Rating").
//! - "Roll the die" between two sides: each side rolls one die and the lower roll loses; a tie
//!   rolls again, as its own resolution (digest §3.31, INFERRED).

use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::Effect;
use crate::engine::table_set::TableSet;
use std::cmp::Ordering;

const RULE: &str = "Both sides retreat, R 9.18C, L1554";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Attacking army",
        group: "Attacker",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "attacker_cohesion",
        label: "The attackers' lowest Cohesion Rating",
        group: "Attacker",
        kind: FieldKind::Count { max: 9 },
        rule: RULE,
        help: "The lowest of the attacking units in the Shock.",
    },
    Field {
        id: "target_side",
        label: "Defending army",
        group: "Defender",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "defender_cohesion",
        label: "The defenders' lowest Cohesion Rating",
        group: "Defender",
        kind: FieldKind::Count { max: 9 },
        rule: RULE,
        help: "The lowest of the defending units in the Shock.",
    },
];

pub struct BothRetreat;

impl BothRetreat {
    fn tied(input: &Input) -> bool {
        input.number("attacker_cohesion") == input.number("defender_cohesion")
    }
}

impl Procedure for BothRetreat {
    fn about(&self) -> &About {
        &About {
            id: "both-retreat",
            title: "Both sides must retreat",
            rule: RULE,
            summary: "When both sides of a Shock must retreat, the side with the lower Cohesion retreats and the other stays; with equal Cohesion each rolls a die and the lower roll retreats.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &crate::engine::record::Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("side") == input.text("target_side") {
            return Err(InputError::new(
                "target_side",
                "the two sides of a Shock are different armies",
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        // Only equal Cohesion calls for the die (L1554).
        if Self::tied(input) {
            DiceSpec::new(&[
                ("Attacker's die", Die::D10Zero),
                ("Defender's die", Die::D10Zero),
            ])
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
        let attacker = army_label(input.text("side"));
        let defender = army_label(input.text("target_side"));
        let (attacking, defending) = (
            input.number("attacker_cohesion"),
            input.number("defender_cohesion"),
        );
        let rolls = match (faces.first(), faces.get(1)) {
            (Some(a), Some(d)) if Self::tied(input) => Some((i32::from(*a), i32::from(*d))),
            _ => None,
        };
        let order = match rolls {
            Some((a, d)) => a.cmp(&d),
            None => attacking.cmp(&defending),
        };
        let why = match rolls {
            Some((a, d)) => format!("equal Cohesion {attacking}; the dice {a} and {d}"),
            None => format!("Cohesion {attacking} against {defending}"),
        };
        let (key, headline) = match order {
            Ordering::Less => (
                "attacker retreats",
                format!("The {attacker} attackers retreat; the {defender} defenders stay ({why})"),
            ),
            Ordering::Greater => (
                "defender retreats",
                format!("The {defender} defenders retreat; the {attacker} attackers stay ({why})"),
            ),
            Ordering::Equal => ("roll again", format!("A tie ({why}): roll again")),
        };
        let totals = rolls
            .map(|(a, d)| {
                vec![
                    SideTotal {
                        side: attacker.to_string(),
                        die: Some(a),
                        modifiers: 0,
                        total: a,
                    },
                    SideTotal {
                        side: defender.to_string(),
                        die: Some(d),
                        modifiers: 0,
                        total: d,
                    },
                ]
            })
            .unwrap_or_default();
        let effects = if order == Ordering::Equal {
            vec![Effect::reminder(
                "Roll again: resolve this form once more",
                RULE,
            )]
        } else {
            vec![Effect::reminder(
                "The side that stays does not retreat; the other takes its retreat as its result says",
                RULE,
            )]
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank: match order {
                    Ordering::Greater => 0,
                    Ordering::Equal => 1,
                    Ordering::Less => 2,
                },
                headline,
            },
            effects,
        })
    }
}
