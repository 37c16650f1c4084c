//! A siege (19.1.8-19.1.9, L1736-1738): in a campaign battle's Battle Adjustment Round the side
//! attacking an enemy Fortress may pay 3 RP for siege equipment; the Fortress is destroyed, its
//! marker stays, and it gives no benefit, nor supply, from then on (19.1.1, 19.1.7).

use super::battles::{battle_fortress, battle_mark, fortress_destroyed_mark, open_battle};
use super::war_chest::{pay_in, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::{BattleStage, SIDES, opponent, people};

const RULE: &str = "19.1.8-19.1.9, L1736-1738";

/// The premium the rule states (19.1.8, L1736).
const SIEGE_RP: i64 = 3;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Besieger",
        group: "Siege",
        kind: FieldKind::Choice(SIDES),
        rule: "19.1.8, L1736",
        help: "The side attacking the Fortress: the one that does not hold it.",
    },
    Field {
        id: "area",
        label: "The battle's area",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "6.1.5, L846",
        help: "From the record.",
    },
    Field {
        id: "holder",
        label: "The Fortress is held by",
        group: "What the record knows",
        kind: FieldKind::Choice(crate::games::beyond_waterloo::combat_round::FORTRESS),
        rule: "19.1.10, L1740",
        help: "From the record: as the battle was picked.",
    },
    Field {
        id: "rp",
        label: "The besieger's RP",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9999 },
        rule: "10.1.1, L1272",
        help: "From the record.",
    },
];

/// The besieger pays 3 RP and the Fortress in the battle is destroyed.
pub struct Siege;

impl Siege {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        input.set(
            "area",
            Value::Text(open_battle(record).unwrap_or("").into()),
        );
        input.set(
            "holder",
            Value::Text(battle_fortress(record).unwrap_or("none").into()),
        );
        input.set("rp", Value::Number(rp(record, &side)));
    }
}

impl Procedure for Siege {
    fn about(&self) -> &About {
        &About {
            id: "siege",
            title: "Siege: destroy the Fortress",
            rule: RULE,
            summary: "In the Battle Adjustment Round the side attacking an enemy Fortress pays 3 RP for siege equipment: the Fortress is destroyed, and its benefits are lost.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record) && battle_fortress(record).is_some()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if let Some(holder) = battle_fortress(record) {
            input.set("side", Value::Text(opponent(holder).into()));
        }
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if let Some((id, value)) = input.first_difference(&known, ["area", "holder", "rp"]) {
            return Err(InputError::new(
                id,
                format!("the record has {value}: open the form again"),
            ));
        }
        let side = input.text("side");
        let holder = input.text("holder");
        if !SIDES.iter().any(|(id, _)| *id == holder) {
            return Err(InputError::new(
                "holder",
                "no Fortress is held in this battle (19.1.10, L1740)",
            ));
        }
        if holder == side {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} hold the Fortress: only its attacker besieges it (19.1.8, L1736)",
                    people(side)
                ),
            ));
        }
        if BattleStage::of(record) != Some(BattleStage::Adjustments) {
            return Err(InputError::new(
                "side",
                "the siege is paid for in Step 9, Adjustments (6.3.9, L908; 19.1.8, L1736)",
            ));
        }
        if let Some(reason) =
            crate::games::beyond_waterloo::battle_display::no_adjustment_round(record)
        {
            return Err(InputError::new("side", reason));
        }
        if i64::from(input.number("rp")) < SIEGE_RP {
            return Err(InputError::new(
                "rp",
                format!(
                    "the {} have fewer than {SIEGE_RP} RP (10.1.3, L1278)",
                    people(side)
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let area = input.text("area");
        let effects = vec![
            pay_in(side, -SIEGE_RP, "19.1.8, L1736"),
            Effect::Mark {
                name: fortress_destroyed_mark(area).as_str().into(),
                rule: "19.1.9, L1738".into(),
            },
            // The battle goes on, over a Fortress that is no more.
            Effect::Unmark {
                name: battle_mark(area, input.text("holder")).as_str().into(),
                rule: "19.1.7, L1732".into(),
            },
            Effect::Mark {
                name: battle_mark(area, "none").as_str().into(),
                rule: "19.1.7, L1732".into(),
            },
        ];
        Ok(Resolution::book_keeping(
            "siege",
            format!(
                "The {} pay {SIEGE_RP} RP for siege equipment: the Fortress in {area} is destroyed (19.1.8-19.1.9, L1736-1738)",
                people(side)
            ),
            effects,
        ))
    }
}
