//! The War Chests (Module 10, L1266-1306): each side's RP and VP on its War Chest Track. RP are a
//! counter the record keeps for the game; VP are the record's victory points. Neither goes below
//! 0: a player may not spend what he does not have (10.1.4, L1278).
//!
//! RP Accumulation (10.2, L1288-1306): 2D6 on the RP Acquisition Chart, printed only on the
//! Player Aid Charts and shipped as a template. The AP rating added is the record's: the French
//! War Minister's, or that of the Allied Leader picked, in play on the map and, under setting S5,
//! a Senior Leader.

use super::administrative_points::ap_rating;
use super::set_up::TRACK;
use super::settings::{RP_ALLIED_LEADER, RP_COLUMN};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Once, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::{Lookup, TableError};
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, opponent, people, side_label};

/// The counter of a side's RP: "French RP", "Allied RP".
pub fn rp_counter(side: &str) -> String {
    format!("{} RP", side_label(side))
}

/// A side's RP as the record keeps them.
pub fn rp(record: &Record, side: &str) -> i64 {
    record
        .counters
        .get(rp_counter(side).as_str())
        .copied()
        .unwrap_or(0)
}

/// A side's VP as the record keeps them.
pub fn vp(record: &Record, side: &str) -> i32 {
    record.victory_points.get(side).copied().unwrap_or(0)
}

/// RP into (`by` > 0) or out of a side's War Chest.
pub fn pay_in(side: &str, by: i64, rule: &str) -> Effect {
    Effect::AddToCounter {
        name: rp_counter(side).into(),
        by,
        rule: rule.into(),
    }
}

/// A price on the RP Costs Chart (printed only on the Player Aid Charts: a template the owner fills
/// in), by its row id, with the cell read. A price is 0 or more.
pub fn price(tables: &TableSet, row: &str) -> Result<(i64, Lookup), RuleError> {
    let (price, lookup) = tables.get("rp-costs")?.modifier(row, None)?;
    if price < 0 {
        return Err(RuleError::Table(TableError {
            file: lookup.cell.table.to_string(),
            line: None,
            message: format!("the price in row `{row}` is {price}: a price is 0 or more"),
        }));
    }
    Ok((i64::from(price), lookup))
}

/// The War Chest at the start of a scenario: its RP for the game, its VP.
pub fn opening(side: &str, rp: i64, vp: i32, rule: &str) -> Vec<Effect> {
    vec![
        Effect::SetCounter {
            name: rp_counter(side).into(),
            value: rp,
            rule: rule.into(),
            lasts: Lasts::Game,
        },
        Effect::VictoryPoints {
            side: side.into(),
            points: vp,
            reason: "VP at start".into(),
            rule: rule.into(),
        },
    ]
}

/// 1 VP spent, as a DRM allows (10.2.4, L1300; 12.3.4, L1389).
pub fn spend_vp(side: &str, reason: &str, rule: &str) -> Effect {
    Effect::VictoryPoints {
        side: side.into(),
        points: -1,
        reason: reason.into(),
        rule: rule.into(),
    }
}

/// The form's VP fields must be the record's: a form left open across a VP change is refused.
pub fn check_vp_fields(
    input: &Input,
    record: &Record,
    fields: [(&str, &str); 2],
) -> Result<(), InputError> {
    for (field, side) in fields {
        let on_record = vp(record, side);
        if input.number(field) != on_record {
            return Err(InputError::new(
                field,
                format!(
                    "the {} have {on_record} VP on the record, not {}: reopen the form",
                    crate::games::beyond_waterloo::people(side),
                    input.number(field)
                ),
            ));
        }
    }
    Ok(())
}

const RULE: &str = "10.2, L1288-1306";
const MAX_VP: u32 = 999;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side accumulating",
        group: "RP Accumulation",
        kind: FieldKind::Choice(SIDES),
        rule: "10.2.1, L1292",
        help: "Each player rolls for his own War Chest.",
    },
    Field {
        id: "leader",
        label: "Leader whose AP rating is added",
        group: "RP Accumulation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "leader")],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "10.2.2, L1296; 10.2.3, L1298; 4.3.1, L684",
        help: "The French War Minister; for the Allies one Leader in play on the map, a Senior Leader under the setting. Blank where there is none: the benefit is lost (4.3.2).",
    },
    Field {
        id: "leader_ap",
        label: "His AP rating",
        group: "RP Accumulation",
        kind: FieldKind::Count { max: 9 },
        rule: "10.2.2, L1296; 10.2.3, L1298",
        help: "From the counter values, on the face he shows.",
    },
    Field {
        id: "spend_vp",
        label: "Spend 1 VP for +4",
        group: "RP Accumulation",
        kind: FieldKind::Flag,
        rule: "10.2.4, L1300",
        help: "At most 1 VP, declared before the roll.",
    },
    Field {
        id: "own_vp",
        label: "This side's VP",
        group: "VP difference",
        kind: FieldKind::Count { max: MAX_VP },
        rule: "10.2.2, L1294",
        help: "From the War Chest, before any VP is spent for the DRM.",
    },
    Field {
        id: "opponent_vp",
        label: "The other side's VP",
        group: "VP difference",
        kind: FieldKind::Count { max: MAX_VP },
        rule: "10.2.2, L1294",
        help: "From the other War Chest.",
    },
    super::settings::on_form(RP_COLUMN),
    super::settings::on_form(RP_ALLIED_LEADER),
];

/// The French War Minister (4.4, L690-702), if one is in office.
pub fn war_minister(record: &Record) -> Option<&str> {
    record
        .units_where(Some("french"), &[("state", state::WAR_MINISTER)])
        .map(|(_, name, _)| name)
        .next()
}

/// Whether `leader` may lend `side` his AP rating on the RP roll: the French War Minister
/// (10.2.2, L1296); an Allied Leader commanding a Formation on the map, not off it, and a Senior
/// Leader unless the setting says any (10.2.3, L1298; 4.3.1, L684).
fn may_add_ap(record: &Record, side: &str, leader: &str, any_leader: bool) -> bool {
    let Some(unit) = record.unit(side, leader) else {
        return false;
    };
    if side == "french" {
        return unit.state.as_ref() == state::WAR_MINISTER;
    }
    let on_the_map = unit
        .attribute(attribute::FORMATION)
        .and_then(|f| record.unit(side, f))
        .is_some_and(|f| {
            f.state.as_ref() == state::IN_PLAY && f.attribute(TRACK).is_none_or(str::is_empty)
        });
    unit.state.as_ref() == state::IN_PLAY
        && on_the_map
        && (any_leader || unit.attribute(attribute::STARS) == Some("4"))
}

const READS: &[TableRead] = &[TableRead {
    table: "rp-acquisition",
    codes: &[],
}];

/// A side's roll on the RP Acquisition Chart in the Accumulate RP Segment.
pub struct RpAccumulation;

impl RpAccumulation {
    /// The Leaders who may lend their AP rating, the highest rating first.
    fn eligible(input: &Input, record: &Record) -> Vec<String> {
        let side = input.text("side");
        let any = input.text(RP_ALLIED_LEADER.id) == "any_on_map";
        let mut leaders: Vec<(i64, String)> = record
            .units_where(Some(side), &[(attribute::TYPE, "leader")])
            .filter(|(_, name, _)| may_add_ap(record, side, name, any))
            .map(|(_, name, _)| (ap_rating(record, side, name).unwrap_or(0), name.to_string()))
            .collect();
        leaders.sort_by_key(|(ap, _)| std::cmp::Reverse(*ap));
        leaders.into_iter().map(|(_, name)| name).collect()
    }

    /// The picked Leader's AP rating, 0 with none picked.
    fn fill(input: &mut Input, record: &Record) {
        let leader = input.text("leader").trim().to_string();
        let ap = ap_rating(record, input.text("side"), &leader).unwrap_or(0);
        input.set("leader_ap", Value::Number(ap.clamp(0, 9)));
    }

    /// The column's VP difference under the session's reading (S4): the VP before any is spent
    /// for the DRM, since the spend is a modifier to the roll and the column is read "at that
    /// point", the segment (10.2.2, L1294).
    fn difference(input: &Input) -> i32 {
        let own = input.number("own_vp");
        let other = input.number("opponent_vp");
        let french_first = input.text("side") == "french";
        match input.text(RP_COLUMN.id) {
            "french_minus_allied" if !french_first => other - own,
            _ => own - other,
        }
    }
}

impl Procedure for RpAccumulation {
    fn about(&self) -> &About {
        &About {
            id: "rp-accumulation",
            title: "RP Accumulation",
            rule: RULE,
            summary: "A side rolls 2D6 on the RP Acquisition Chart's column of the VP difference, adding its War Minister's or a Senior Leader's AP rating and +4 for 1 VP spent; the result is its RP income this turn.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStepEachSide {
            rule: "10.2.1, L1292",
        })
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "leader", "spend_vp"]
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let any = input.text(RP_ALLIED_LEADER.id) == "any_on_map";
        field != "leader" || may_add_ap(record, side, name, any)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &RP_COLUMN);
        prefill_setting(input, record, &RP_ALLIED_LEADER);
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" || changed == RP_ALLIED_LEADER.id {
            let side = input.text("side").to_string();
            input.set("own_vp", Value::Number(vp(record, &side).into()));
            input.set(
                "opponent_vp",
                Value::Number(vp(record, opponent(&side)).into()),
            );
            let first = Self::eligible(input, record).into_iter().next();
            input.set(
                "leader",
                Value::Text(first.unwrap_or_default().as_str().into()),
            );
        }
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        check_vp_fields(
            input,
            record,
            [("own_vp", side), ("opponent_vp", opponent(side))],
        )?;
        let leader = input.text("leader").trim();
        if !leader.is_empty() {
            let any = input.text(RP_ALLIED_LEADER.id) == "any_on_map";
            if !may_add_ap(record, side, leader, any) {
                let who = match (side, any) {
                    ("french", _) => "the French War Minister (10.2.2, L1296)",
                    (_, true) => "an Allied Leader in play on the map (10.2.3, L1298)",
                    _ => {
                        "an Allied Senior Leader, 4 stars, in play on the map (10.2.3, L1298; 4.3.1, L684)"
                    }
                };
                return Err(InputError::new(
                    "leader",
                    format!("{leader} is not {who}: pick another, or none"),
                ));
            }
            let Some(ap) = ap_rating(record, side, leader) else {
                return Err(InputError::new(
                    "leader",
                    format!("enter {leader}'s AP rating from his counter first (Counter values)"),
                ));
            };
            if i64::from(input.number("leader_ap")) != ap {
                return Err(InputError::new(
                    "leader_ap",
                    format!("the record has {ap} for {leader}"),
                ));
            }
        } else if input.number("leader_ap") != 0 {
            return Err(InputError::new(
                "leader",
                format!("pick the Leader whose AP rating the {} add", people(side)),
            ));
        }
        if input.flag("spend_vp") && vp(record, side) < 1 {
            return Err(InputError::new(
                "spend_vp",
                "no VP to spend: a player may not spend VP he does not have (10.1.4, L1278)",
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[
            ("RP Acquisition die 1", Die::D6),
            ("RP Acquisition die 2", Die::D6),
        ])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let side = side_label(input.text("side"));
        let mut modifiers = Vec::new();
        let ap = input.number("leader_ap");
        if ap != 0 {
            let leader = input.text("leader").trim();
            let (label, rule) = if input.text("side") == "french" {
                (
                    format!("War Minister {leader}'s AP rating"),
                    "10.2.2, L1296",
                )
            } else {
                (
                    format!("{leader}'s AP rating"),
                    "10.2.3, L1298; 4.3.1, L684",
                )
            };
            modifiers.push(Modifier::new(side, label, ap, rule));
        }
        if input.flag("spend_vp") {
            modifiers.push(Modifier::new(side, "1 VP spent", 4, "10.2.4, L1300"));
        }
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let dice: i32 = faces.iter().map(|f| i32::from(*f)).sum();
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let total = dice + drm;
        let difference = Self::difference(input);
        let lookup = tables
            .get("rp-acquisition")?
            .lookup_difference_bands(difference, total)?;
        let income = super::cell_number(&lookup)?;
        let mut effects = vec![pay_in(side, i64::from(income), "10.2.5-10.2.6, L1302-1304")];
        if input.flag("spend_vp") {
            effects.push(spend_vp(
                side,
                "spent for +4 on RP Acquisition",
                "10.2.4, L1300",
            ));
        }
        Ok(Resolution {
            modifiers,
            totals: vec![SideTotal {
                side: side_label(side).into(),
                die: Some(dice),
                modifiers: drm,
                total,
            }],
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: format!("{income} RP"),
                rank: -income,
                headline: format!(
                    "The {} receive {income} RP",
                    crate::games::beyond_waterloo::people(side)
                ),
            },
            effects,
        })
    }
}
