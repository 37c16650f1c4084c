//! Victory determination after the last turn (L867-923): each side's victory points, the French
//! line of communication (+5), the winner (the Coalition wins ties) and the level of victory read
//! on the Level of Victory table by the margin, with the tournament notes' reading of a French win.
//!
//! Reading taken: Blown units still on the track score nothing; only eliminations count.

use super::side_label;
use crate::engine::input::{Field, FieldKind, Input, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};

pub struct Victory;

const FIELDS: &[Field] = &[
    Field {
        id: "french_vp",
        label: "French victory points from eliminated units",
        group: "Victory points",
        kind: FieldKind::Number { min: 0, max: 300 },
        rule: "Victory, L873-886",
        help: "3 per Coalition Corps, 1 per Detachment eliminated. Filled in from the record.",
    },
    Field {
        id: "coalition_vp",
        label: "Coalition victory points from eliminated units",
        group: "Victory points",
        kind: FieldKind::Number { min: 0, max: 300 },
        rule: "Victory, L873-886",
        help: "3 per French Corps (5 for the Guard Corps), 1 per Detachment (2 for the Old Guard or Grand Battery). Filled in from the record.",
    },
    Field {
        id: "french_line_of_communication",
        label: "The French can trace a path free of Coalition units and ZoC from 1017 or 1018 to 4006, 4015 or 4025",
        group: "Victory points",
        kind: FieldKind::Flag,
        rule: "Victory, L889-891",
        help: "Checked at the end of the last turn, on the map, by a path of any length. A ZoI does not block it. Worth 5 VP to the French.",
    },
];

/// The last turn of every scenario (L863, L872).
const LAST_TURN: u32 = 8;

/// The levels of victory: Tactical, Campaign, Strategic (L897-919).
const LEVELS: TableRead = TableRead {
    table: "victory",
    codes: &["T", "C", "S"],
};

impl Procedure for Victory {
    fn about(&self) -> &'static About {
        &About {
            id: "victory",
            title: "Victory determination",
            rule: "Victory Conditions, L867-923",
            summary: "After the last turn, compare the two sides' victory points: the side with more wins (the Coalition wins ties) and the margin sets the level of victory.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.position.turn == LAST_TURN
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for (field, side) in [("french_vp", "french"), ("coalition_vp", "coalition")] {
            let points = record.victory_points.get(side).copied().unwrap_or(0);
            input.set(field, Value::Number(i64::from(points.clamp(0, 300))));
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        String::new()
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = vec![
            Modifier::new(
                "French",
                "Victory points from eliminated units",
                input.number("french_vp"),
                "Victory, L873-886",
            ),
            Modifier::new(
                "Coalition",
                "Victory points from eliminated units",
                input.number("coalition_vp"),
                "Victory, L873-886",
            ),
        ];
        if input.flag("french_line_of_communication") {
            modifiers.push(Modifier::new(
                "French",
                "Line of communication traced",
                5,
                "Victory, L889-891",
            ));
        }
        modifiers
    }
    fn reads(&self) -> &'static [TableRead] {
        &[LEVELS]
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = self.modifiers(input);
        let total = |side: &str| -> i32 {
            modifiers
                .iter()
                .filter(|m| m.side == side)
                .map(|m| m.value)
                .sum()
        };
        let (french, coalition) = (total("French"), total("Coalition"));
        // The side with the most VPs wins; the Coalition wins ties (L902-903).
        let winner = if french > coalition {
            "french"
        } else {
            "coalition"
        };
        let margin = french.abs_diff(coalition);
        let lookup = tables.get("victory")?.lookup_differential(margin)?;
        let code = lookup.code_for(&LEVELS)?;
        let level = lookup.result.label.clone();
        let mut effects = vec![Effect::Mark {
            name: format!("{} {level}", side_label(winner)).into(),
            rule: "Level of Victory, L897-919".into(),
        }];
        if winner == "french" {
            let (reading, rule) = match code {
                "T" => ("a historical defeat and a tournament defeat", "L905-907"),
                "C" => ("a historical defeat but a tournament victory", "L913-915"),
                // "S": the code is one of LEVELS'.
                _ => ("a historical and a tournament victory", "L921-923"),
            };
            effects.push(Effect::Reminder {
                text: format!("Tournament note: a French {level} counts as {reading}").into(),
                rule: format!("Tournament Note, {rule}").into(),
            });
        }
        let totals = [("French", french), ("Coalition", coalition)]
            .into_iter()
            .map(|(side, points)| SideTotal {
                side: side.into(),
                die: None,
                modifiers: points,
                total: points,
            })
            .collect();
        Ok(Resolution {
            outcome: Outcome {
                key: format!("{} {level}", side_label(winner)),
                rank: 0,
                headline: format!(
                    "{} {level}: {french} VP to {coalition}, a margin of {margin}",
                    side_label(winner)
                ),
            },
            modifiers,
            totals,
            limits: lookup.limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}
