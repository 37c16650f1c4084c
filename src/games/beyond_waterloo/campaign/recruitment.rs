//! French Recruitment Authorization (12.3, L1377-1397): in the French Recruitment Authorization
//! Segment the French roll 2D6 on the FRAT, printed only on the Player Aid Charts and shipped as a
//! template. The result is how many Division-equivalents the French may move from the Eliminated
//! box and the Divisions Pool to the Force Pool, to be recruited from the next turn on.

use super::settings::FRAT_VP;
use super::war_chest::{check_vp_fields, spend_vp, vp};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Once, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};

const RULE: &str = "12.3, L1377-1397";

/// The counter of Division-equivalents the FRAT authorized, to be moved in this segment.
pub const AUTHORIZED: &str = "French Division-equivalents authorized";

const MAX_VP: u32 = 999;

const FIELDS: &[Field] = &[
    Field {
        id: "war_minister_ap",
        label: "War Minister's AP rating",
        group: "FRAT",
        kind: FieldKind::Count { max: 9 },
        rule: "12.3.3, L1387; 4.4.1, L694",
        help: "The AP rating of the French War Minister (Davout at the start of 27.2).",
    },
    Field {
        id: "vp_spent",
        label: "VP spent for +1 each",
        group: "FRAT",
        kind: FieldKind::Count { max: MAX_VP },
        rule: "12.3.4, L1389",
        help: "Declared before the roll. The settings say whether more than 1 VP may be spent.",
    },
    Field {
        id: "french_vp",
        label: "French VP",
        group: "VP difference",
        kind: FieldKind::Count { max: MAX_VP },
        rule: "12.3.2, L1385",
        help: "From the War Chest, before any VP is spent for the DRM.",
    },
    Field {
        id: "allied_vp",
        label: "Allied VP",
        group: "VP difference",
        kind: FieldKind::Count { max: MAX_VP },
        rule: "12.3.2, L1385",
        help: "From the Allied War Chest.",
    },
    super::settings::on_form(FRAT_VP),
];

const READS: &[TableRead] = &[TableRead {
    table: "frat",
    codes: &[],
}];

/// The French roll on the French Recruitment Authorization Table.
pub struct Recruitment;

impl Procedure for Recruitment {
    fn about(&self) -> &About {
        &About {
            id: "frat",
            title: "French Recruitment Authorization",
            rule: RULE,
            summary: "The French roll 2D6 plus their War Minister's AP rating (+1 for 1 VP spent) on the FRAT's column of French VP less Allied VP: the Division-equivalents they may move to the Force Pool.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "12.3.1, L1383",
        })
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["war_minister_ap", "vp_spent"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &FRAT_VP);
        input.set("french_vp", Value::Number(vp(record, "french").into()));
        input.set("allied_vp", Value::Number(vp(record, "allied").into()));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text(FRAT_VP.id) == "one" && input.number("vp_spent") > 1 {
            return Err(InputError::new(
                "vp_spent",
                "at most 1 VP may be spent on the FRAT under this session's setting (12.3.4, L1389)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_vp_fields(
            input,
            record,
            [("french_vp", "french"), ("allied_vp", "allied")],
        )?;
        let spent = input.number("vp_spent");
        if spent > vp(record, "french") {
            return Err(InputError::new(
                "vp_spent",
                format!(
                    "the French have {} VP: a player may not spend VP he does not have (10.1.4, L1278)",
                    vp(record, "french")
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("FRAT die 1", Die::D6), ("FRAT die 2", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = Vec::new();
        let ap = input.number("war_minister_ap");
        if ap != 0 {
            modifiers.push(Modifier::new(
                "French",
                "War Minister's AP rating",
                ap,
                "12.3.3, L1387",
            ));
        }
        let spent = input.number("vp_spent");
        if spent > 0 {
            modifiers.push(Modifier::new(
                "French",
                format!("{spent} VP spent"),
                spent,
                "12.3.4, L1389",
            ));
        }
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let dice: i32 = faces.iter().map(|f| i32::from(*f)).sum();
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let total = dice + drm;
        // The column is the VP before any is spent: the spend is declared before the roll, as a
        // modifier to it (12.3.4, L1389).
        let difference = input.number("french_vp") - input.number("allied_vp");
        let lookup = tables
            .get("frat")?
            .lookup_difference_bands(difference, total)?;
        let equivalents = super::cell_number(&lookup)?;
        let mut effects = vec![Effect::SetCounter {
            name: AUTHORIZED.into(),
            value: i64::from(equivalents),
            rule: "12.3.5, L1391; 12.3.6-12.3.7, L1393-1395".into(),
            lasts: Lasts::Step,
        }];
        for _ in 0..input.number("vp_spent") {
            effects.push(spend_vp(
                "french",
                "spent for +1 on the FRAT",
                "12.3.4, L1389",
            ));
        }
        effects.push(Effect::reminder(
            &format!("Move up to {equivalents} Division-equivalents from the Eliminated box or the Divisions Pool to the Force Pool (a Corps counts 2, any two National Guard units 1); they may be recruited from the next turn"),
            "12.3.1, L1383; 12.3.5-12.3.7, L1391-1395",
        ));
        Ok(Resolution {
            modifiers,
            totals: vec![SideTotal {
                side: "French".into(),
                die: Some(dice),
                modifiers: drm,
                total,
            }],
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: format!("{equivalents} Division-equivalents"),
                rank: -equivalents,
                headline: format!(
                    "The French may move {equivalents} Division-equivalents to the Force Pool"
                ),
            },
            effects,
        })
    }
}
