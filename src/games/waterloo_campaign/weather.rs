//! The Deluge: on turns 5 and 6, before Step A, the French player rolls a die; 1-4 is rain
//! (L1080-1087, L1315-1322). Rain makes the ground soft: attackers subtract 1 during the rain turn
//! and the turn after it (the erratum, L1094-1096, L1329-1331). The rain is kept on the record, so
//! the attack form knows the ground.

use super::rain_marker;
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};

pub struct Deluge;

const FIELDS: &[Field] = &[Field {
    id: "turn",
    label: "Turn",
    group: "June 17",
    kind: FieldKind::Number { min: 5, max: 6 },
    rule: "The Deluge, L1074-1081",
    help: "Turn 5 (June 17 AM) or turn 6 (June 17 PM): the French player rolls on each, before Step A.",
}];

/// The Deluge's roll: Rain or No effect (L1080-1087).
const DELUGE: TableRead = TableRead {
    table: "deluge",
    codes: &["R", "N"],
};

impl Procedure for Deluge {
    fn about(&self) -> &'static About {
        &About {
            id: "deluge",
            title: "The Deluge",
            rule: "The Deluge, L1074-1096 (June 16-18), L1308-1331 (June 15-18)",
            summary: "At the beginning of turns 5 and 6 the French player rolls a die: 1-4 rain, 5-6 no effect. Rain makes attackers subtract 1 on that turn and the next.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::weather_rules(record) && (5..=6).contains(&record.position.turn)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set(
            "turn",
            Value::Number(i64::from(record.position.turn.clamp(5, 6))),
        );
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn reads(&self) -> &'static [TableRead] {
        &[DELUGE]
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("French die", Die::D6)])
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        #[expect(
            clippy::indexing_slicing,
            reason = "the engine checked the faces against this procedure's dice: one d6"
        )]
        let die = i32::from(faces[0]);
        let turn = input.number("turn");
        let lookup = tables.get("deluge")?.lookup_roll_range(None, die)?;
        let rain = lookup.code_for(&DELUGE)? == "R";
        let (headline, effects) = if rain {
            (
                format!(
                    "Rain on turn {turn}: attackers subtract 1 on turns {turn} and {}",
                    turn + 1
                ),
                vec![
                    Effect::Mark {
                        name: rain_marker(turn).into(),
                        rule: "The Deluge, L1083-1085".into(),
                    },
                    Effect::Reminder {
                        text: "Units in Advance Formation that move off a road flip to Battle Formation at once; Cavalry becomes Exhausted instead".into(),
                        rule: "The Deluge, L1083-1085".into(),
                    },
                    Effect::Reminder {
                        text: format!(
                            "Soft ground: attackers subtract 1 from their attack rolls on turns {turn} and {}",
                            turn + 1
                        )
                        .into(),
                        rule: "Artillery Ricochet Ineffective (erratum), L1094-1096".into(),
                    },
                ],
            )
        } else {
            (format!("No rain on turn {turn}"), Vec::new())
        };
        Ok(Resolution {
            outcome: Outcome {
                key: lookup.result.label.clone(),
                rank: i32::from(!rain),
                headline,
            },
            totals: vec![SideTotal {
                side: "French".into(),
                die: Some(die),
                modifiers: 0,
                total: die,
            }],
            modifiers: Vec::new(),
            limits: lookup.limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}
