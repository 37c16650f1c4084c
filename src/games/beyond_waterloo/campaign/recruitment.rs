//! French Recruitment Authorization (12.3, L1377-1397): in the French Recruitment Authorization
//! Segment the French roll 2D6 on the FRAT, printed only on the Player Aid Charts and shipped as a
//! template. The result is how many Division-equivalents the French may move from the Eliminated
//! box and the Divisions Pool to the Force Pool, to be recruited from the next turn on.
//!
//! The French Force Pool Transfer then moves the units the French pick, counted in
//! Division-equivalents: a Corps 2, a Division 1, any two National Guard units 1, infantry and
//! cavalry alike (12.3.5-12.3.7, L1391-1395).
//!
//! Readings the text leaves to us:
//! - A National Guard unit is half a Division-equivalent, and a form's total is rounded up to
//!   whole Division-equivalents, which is what the FRAT's result counts: a lone National Guard
//!   unit uses a whole one, so pick two in the same form to count them as one. The transfer may
//!   take several forms, each spending part of the authorization, all in the French Recruitment
//!   Authorization Segment; what is left unspent lapses with the segment ("may add to his Force
//!   Pool now", 12.3.5, L1391).
//! - "These units can be recruited the next turn" (12.3.1, L1383): each unit moved is marked with
//!   the turn from which it may be recruited, and the Purchase refuses it before then.

use super::administrative_points::ap_rating;
use super::settings::FRAT_VP;
use super::war_chest::{check_vp_fields, spend_vp, vp};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Once, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::games::beyond_waterloo::roster::{attribute, state};

const RULE: &str = "12.3, L1377-1397";

/// The counter of Division-equivalents the FRAT authorized, to be moved in this segment.
pub const AUTHORIZED: &str = "French Division-equivalents authorized";

/// The first turn a unit moved to the Force Pool by the FRAT may be recruited (12.3.1, L1383).
pub const RECRUITABLE_FROM: &str = "recruitable_from_turn";

const MAX_VP: u32 = 999;

const FIELDS: &[Field] = &[
    Field {
        id: "war_minister_ap",
        label: "War Minister's AP rating",
        group: "FRAT",
        kind: FieldKind::Count { max: 9 },
        rule: "12.3.3, L1387; 4.4.1, L694",
        help: "From the record: the AP rating of the French War Minister (Davout at the start of 27.2), 0 with none in office (4.3.2, L686).",
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
        &["vp_spent"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &FRAT_VP);
        let ap = super::war_chest::war_minister(record)
            .and_then(|minister| ap_rating(record, "french", minister))
            .unwrap_or(0);
        input.set("war_minister_ap", Value::Number(ap.clamp(0, 9)));
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
        if let Some(minister) = super::war_chest::war_minister(record) {
            match ap_rating(record, "french", minister) {
                None => {
                    return Err(InputError::new(
                        "war_minister_ap",
                        format!(
                            "enter {minister}'s AP rating from his counter first (Counter values)"
                        ),
                    ));
                }
                Some(ap) if ap != i64::from(input.number("war_minister_ap")) => {
                    return Err(InputError::new(
                        "war_minister_ap",
                        format!("the record has {ap} for {minister}, the War Minister"),
                    ));
                }
                Some(_) => {}
            }
        }
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
            &format!("Move up to {equivalents} Division-equivalents from the Eliminated box or the Divisions Pool to the Force Pool with the Force Pool Transfer (a Corps counts 2, any two National Guard units 1); they may be recruited from the next turn"),
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

const TRANSFER_RULE: &str = "12.3.1, L1383; 12.3.5-12.3.7, L1391-1395";

/// What a field of the transfer moves: the field, what a unit of it counts in halves of a
/// Division-equivalent, and its size on the record.
const TRANSFERRED: [(&str, i64, &str); 3] = [
    ("corps", 4, "corps"),
    ("divisions", 2, "division"),
    ("national_guard", 1, "national-guard"),
];

/// Where the transferred units come from (12.3.1, L1383).
const TRANSFER_FROM: [&str; 2] = [state::ELIMINATED, state::DIVISIONS_POOL];

const TRANSFER_FIELDS: &[Field] = &[
    Field {
        id: "corps",
        label: "Corps (2 Division-equivalents each)",
        group: "To the Force Pool",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("french"),
            only: &[(attribute::SIZE, "corps")],
        },
        rule: "12.3.6, L1393",
        help: "From the Eliminated box, infantry or cavalry alike (12.3.7, L1395).",
    },
    Field {
        id: "divisions",
        label: "Divisions (1 Division-equivalent each)",
        group: "To the Force Pool",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("french"),
            only: &[(attribute::SIZE, "division")],
        },
        rule: "12.3.5, L1391; 12.2.2, L1346",
        help: "From the Divisions Pool or the Eliminated box.",
    },
    Field {
        id: "national_guard",
        label: "National Guard (any 2 count 1)",
        group: "To the Force Pool",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("french"),
            only: &[(attribute::SIZE, "national-guard")],
        },
        rule: "12.3.6, L1393",
        help: "Of either step denomination. A lone one uses a whole Division-equivalent: pick two together to count them as one.",
    },
    Field {
        id: "authorized",
        label: "Division-equivalents still authorized",
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule: "12.3.5, L1391",
        help: "From the record: the FRAT's result less what has been moved in this segment.",
    },
    Field {
        id: "turn",
        label: "This turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule: "12.3.1, L1383",
        help: "From the record: the units moved may be recruited from the next turn.",
    },
];

/// The French Force Pool Transfer after the FRAT roll.
pub struct FratTransfer;

impl FratTransfer {
    /// The halves of Division-equivalents the form moves.
    fn halves(input: &Input) -> i64 {
        TRANSFERRED
            .iter()
            .map(|(field, halves, _)| {
                i64::try_from(input.list(field).len())
                    .unwrap_or(i64::MAX)
                    .saturating_mul(*halves)
            })
            .fold(0, i64::saturating_add)
    }

    /// The whole Division-equivalents the form uses: its halves rounded up.
    fn used(input: &Input) -> i64 {
        Self::halves(input).saturating_add(1) / 2
    }

    /// Refuses more Division-equivalents than the form's authorization.
    fn within_authorization(input: &Input) -> Result<(), InputError> {
        let (used, authorized) = (Self::used(input), i64::from(input.number("authorized")));
        if used > authorized {
            return Err(InputError::new(
                "",
                format!(
                    "these units count {used} Division-equivalents (a Corps 2, a Division 1, any two National Guard 1) and {authorized} are authorized (12.3.5-12.3.6, L1391-1393)"
                ),
            ));
        }
        Ok(())
    }

    /// The record's authorization left, if the FRAT has been rolled in this segment.
    fn authorized(record: &Record) -> Option<i64> {
        record.counters.get(AUTHORIZED).copied()
    }
}

impl Procedure for FratTransfer {
    fn about(&self) -> &About {
        &About {
            id: "frat-transfer",
            title: "Force Pool Transfer",
            rule: TRANSFER_RULE,
            summary: "The French move the units they pick from the Eliminated box or the Divisions Pool to the Force Pool, up to the Division-equivalents the FRAT authorized (a Corps 2, a Division 1, any two National Guard 1); they may be recruited from the next turn.",
            fields: TRANSFER_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["corps", "divisions", "national_guard"]
    }
    fn offers(
        &self,
        _field: &str,
        _input: &Input,
        record: &Record,
        side: &str,
        name: &str,
    ) -> bool {
        record
            .unit(side, name)
            .is_some_and(|unit| TRANSFER_FROM.contains(&unit.state.as_ref()))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set(
            "authorized",
            Value::Number(Self::authorized(record).unwrap_or(0)),
        );
        input.set("turn", Value::Number(record.position.turn.into()));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if Self::halves(input) == 0 {
            return Err(InputError::new(
                "",
                "pick the units moved to the Force Pool",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(authorized) = Self::authorized(record) else {
            return Err(InputError::new(
                "authorized",
                "the FRAT has not been rolled in this segment: it says how many Division-equivalents may be moved (12.3.1, L1383; 12.3.5, L1391)",
            ));
        };
        if i64::from(input.number("authorized")) != authorized
            || i64::from(input.number("turn")) != i64::from(record.position.turn)
        {
            return Err(InputError::new(
                "authorized",
                format!(
                    "the record has {authorized} Division-equivalents authorized in turn {}: reopen the form",
                    record.position.turn
                ),
            ));
        }
        Self::within_authorization(input)?;
        for (field, _, size) in TRANSFERRED {
            for name in input.list(field) {
                let unit = record.unit("french", name);
                if unit.and_then(|u| u.attribute(attribute::SIZE)) != Some(size) {
                    return Err(InputError::new(
                        field,
                        format!("{name} is not a French {size} on the record"),
                    ));
                }
                if !unit.is_some_and(|u| TRANSFER_FROM.contains(&u.state.as_ref())) {
                    return Err(InputError::new(
                        field,
                        format!(
                            "{name} is neither in the Eliminated box nor in the Divisions Pool (12.3.1, L1383)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        self.check_combination(input)?;
        Self::within_authorization(input)?;
        let from = input.number("turn").saturating_add(1);
        let from_name = u32::try_from(from).map_or_else(
            |_| format!("turn {from}"),
            |turn| super::SEQUENCE.turn_name(turn),
        );
        let mut effects = Vec::new();
        let mut names = Vec::new();
        for (field, _, _) in TRANSFERRED {
            for name in input.list(field) {
                effects.extend([
                    Effect::set_state("french", name, state::FORCE_POOL, "12.3.1, L1383"),
                    Effect::set_attribute("french", name, RECRUITABLE_FROM, from, "12.3.1, L1383"),
                ]);
                names.push(name.as_str());
            }
        }
        let used = Self::used(input);
        effects.push(Effect::AddToCounter {
            name: AUTHORIZED.into(),
            by: -used,
            rule: "12.3.5, L1391".into(),
        });
        let left = i64::from(input.number("authorized")).saturating_sub(used);
        Ok(Resolution::book_keeping(
            "frat-transfer",
            format!(
                "To the French Force Pool, to be recruited from {from_name}: {} ({used} Division-equivalents; {left} left)",
                names.join(", ")
            ),
            effects,
        ))
    }
}
