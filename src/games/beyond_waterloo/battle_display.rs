//! Posting the Battle Display (6.2, L850-880): each side's Lead Formation, its Supporting
//! Formations, the Lead's Cavalry Screen, the cavalry posted to Charge, and the Lead's Deployment
//! Mode. The same form makes the Adjustments Segment's changes (6.14.2-6.14.4, L1121-1125): a new
//! Lead, a new mode, screening cavalry brought back (27.1.4, L2246).
//!
//! Readings: only non-Broken cavalry of the Lead Formation screens (3.2.1a, L534; 6.2.2c, L867);
//! the Adjustments change the Lead Formation's mode (6.14.2, L1121), the mode the Matrices read
//! (6.2.3, L870), though 27.1.4 (L2242) speaks of "each Formation";
//! cavalry of any Formation in the battle may be posted to Charge (3.2.2, L537). In the Combat Game
//! every Formation starts in Line of Battle and changes its mode once, in the Battle Adjustment
//! Round (27.1.4, L2242). In a campaign an un-brigaded Troop unit in the battle area fights on
//! its own: the Lead when the side has no Formation there, Supporting otherwise (6.2.2b/d,
//! L866-868); it is in Line of Battle, or March Order in a Pass, a fact the players state by the
//! mode they post (3.1.5, L524; 18.3.10, L1684).

use super::roster::{
    MODE_CHANGE_CHART, MODES, attribute, check_mode_change, current, mode_label, state,
    unbrigaded_troop,
};
use super::{BattleStage, COMBAT_GAME, SIDE_IDS, SIDES, people};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::{TableRead, TableSet};

const RULE: &str = "6.2 Posting the Battle Display, L850-880";

/// That a Formation changed its Deployment Mode in this battle (27.1.4, L2242).
const MODE_CHANGED: &str = "mode_changed";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Battle Display",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The side posting its forces.",
    },
    Field {
        id: "lead",
        label: "Lead Formation",
        group: "Battle Display",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
            max_len: 60,
        },
        rule: "6.2.2a-b, L865-866; 6.14.4, L1125",
        help: "One Formation among those in the battle, or an un-brigaded unit where the side has none there; its mode is the side's for the Matrices.",
    },
    Field {
        id: "mode",
        label: "The Lead Formation's Deployment Mode",
        group: "Battle Display",
        kind: FieldKind::Choice(MODES),
        rule: "6.2.3, L870; 6.14.2, L1121",
        help: "In the Combat Game a Formation changes its mode once, in the Battle Adjustment Round (L2242).",
    },
    Field {
        id: "supporting",
        label: "Supporting Formations",
        group: "Battle Display",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
        },
        rule: "6.2.2d, L868; 6.6.1, L986",
        help: "Every other Formation and un-brigaded unit in the battle area: they fight at half strength.",
    },
    Field {
        id: "screen",
        label: "Cavalry Screen",
        group: "Battle Display",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "cavalry"), ("state", state::IN_PLAY)],
        },
        rule: "3.2.1, L532-535; 6.2.2c, L867",
        help: "The Lead Formation's screening cavalry, not Broken. Screens impede Reaction and count for neither Cavalry Superiority nor the cards.",
    },
    Field {
        id: "charge",
        label: "Cavalry Charge box",
        group: "Battle Display",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "cavalry"), ("state", state::IN_PLAY)],
        },
        rule: "3.2.2, L537-541; 3.2.3, L543",
        help: "Cavalry ready to charge with the Cavalry Charge card: all of it takes part. It does not count for Cavalry Superiority.",
    },
    Field {
        id: "posted_before",
        label: "Posted before",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 1200 },
        rule: RULE,
        help: "Filled in from the record: the Formations in the battle and the units in the Screen and Charge boxes, which this posting replaces.",
    },
    Field {
        id: "mode_before",
        label: "The Lead Formation's mode before",
        group: "What the record knows",
        kind: FieldKind::Choice(MODES),
        rule: "5.3, L796-812",
        help: "Filled in from the record.",
    },
    Field::flag(
        "lead_unbrigaded",
        "The Lead is an un-brigaded unit",
        "What the record knows",
        "6.2.2b, L866; 3.1.5, L524",
        "Filled in from the record: its mode is where it stands, not a change.",
    ),
];

pub struct PostBattle;

/// Why the Battle Adjustment Round is not held, if it is not: a side chose Retreat, or one side's
/// units in the battle are all eliminated, in the First Combat Round (6.12.1, L1078).
pub fn no_adjustment_round(record: &Record) -> Option<String> {
    if SIDE_IDS.iter().any(|side| {
        record
            .marks
            .contains(super::combat_round::retreated(side).as_str())
    }) {
        return Some(
            "a Retreat ended the battle: there is no Battle Adjustment Round (6.12.1, L1078)"
                .into(),
        );
    }
    SIDE_IDS
        .iter()
        .find(|side| {
            super::forces::on_record(record, side)
                .is_ok_and(|forces| !forces.is_empty() && forces.iter().all(|f| f.cf + f.screen_cf == 0))
        })
        .map(|side| {
            format!(
                "every unit of the {} in the battle is eliminated: there is no Battle Adjustment Round (6.12.1, L1078)",
                people(side)
            )
        })
}

/// Whether play stands in Step 1, posting the Battle Display.
fn step_one(record: &Record) -> bool {
    BattleStage::of(record) == Some(BattleStage::Posting)
}

/// Whether play stands in the Adjustments Segment (Step 9).
fn adjustments(record: &Record) -> bool {
    BattleStage::of(record) == Some(BattleStage::Adjustments)
}

/// The battle's area: in a campaign, where the Battle Location Marker stands; in the Combat
/// Game, where a Lead Formation of either side stands, if one is posted.
fn battle_area(record: &Record) -> Option<&str> {
    if super::campaign::is_campaign(record) {
        return super::campaign::battles::open_battle(record);
    }
    record
        .units_where(None, &[(attribute::ROLE, "lead")])
        .find_map(|(_, _, u)| u.attribute(attribute::AREA))
}

/// Whether `unit` can be posted: a Formation, or in a campaign an un-brigaded Troop unit
/// (6.2.2b/d, L866-868; the Combat Game has none, L2244).
fn in_battle_piece(record: &Record, unit: &crate::engine::record::UnitRecord) -> bool {
    unit.attribute(attribute::TYPE) == Some("formation")
        || (super::campaign::is_campaign(record) && unbrigaded_troop(unit))
}

/// `side`'s Formations in the battle and its units in the Screen and Charge boxes, as names. In
/// a campaign a Formation elsewhere keeps its Cavalry Screen (3.2.1, L532): only the screens of
/// the battle area's Formations are the Display's.
fn posted(record: &Record, side: &str) -> Vec<String> {
    let area = battle_area(record).filter(|_| super::campaign::is_campaign(record));
    let in_battle_area = |u: &crate::engine::record::UnitRecord| match area {
        None => true,
        Some(area) => {
            u.attribute(attribute::FORMATION)
                .and_then(|f| record.unit(side, f))
                .and_then(|f| f.attribute(attribute::AREA))
                == Some(area)
        }
    };
    record
        .units_where(Some(side), &[])
        .filter(|(_, _, u)| {
            matches!(u.attribute(attribute::ROLE), Some("lead" | "supporting"))
                || u.attribute(attribute::BOX) == Some("charge")
                || (u.attribute(attribute::BOX) == Some("screen") && in_battle_area(u))
        })
        .map(|(_, name, _)| name.to_string())
        .collect()
}

fn fill(input: &mut Input, record: &Record) {
    let side = input.text("side").to_string();
    input.set(
        "posted_before",
        Value::Text(posted(record, &side).join("; ").as_str().into()),
    );
    let lead = input.text("lead").trim().to_string();
    let lead = record.unit(&side, &lead);
    // An un-brigaded unit is in Line of Battle unless posted in March Order, in a Pass (3.1.5).
    let unbrigaded = lead.is_some_and(unbrigaded_troop);
    input.set("lead_unbrigaded", Value::Flag(unbrigaded));
    let mode = lead
        .and_then(|u| u.attribute(attribute::MODE))
        .or(unbrigaded.then_some("line_of_battle"));
    if let Some(mode) = mode {
        input.set("mode_before", Value::Text(mode.into()));
    }
}

impl Procedure for PostBattle {
    fn about(&self) -> &About {
        &About {
            id: "post-battle",
            title: "Post the Battle Display",
            rule: RULE,
            summary: "Posts a side's Lead Formation and its Deployment Mode, its Supporting Formations, its Cavalry Screen and Cavalry Charge boxes; in the Adjustments Segment, changes them.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        &[MODE_CHANGE_CHART]
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "lead", "mode", "supporting", "screen", "charge"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let lead = record
            .units_where(Some(&side), &[(attribute::ROLE, "lead")])
            .next()
            .map(|(_, name, _)| name.to_string());
        // A campaign battle not yet posted: every Formation and un-brigaded unit of the side in
        // the area is in it (6.2.2d, L868), a Formation offered first as Lead (6.2.2a-b).
        let in_area: Vec<String> = match (lead.is_none(), battle_area(record)) {
            (true, Some(area)) if super::campaign::is_campaign(record) => {
                let mut pieces: Vec<(bool, String)> = record
                    .units_where(Some(&side), &[(attribute::AREA, area)])
                    .filter(|(_, _, u)| u.state.as_ref() == state::IN_PLAY)
                    .filter(|(_, _, u)| in_battle_piece(record, u))
                    .map(|(_, name, u)| (unbrigaded_troop(u), name.to_string()))
                    .collect();
                pieces.sort_by_key(|(unbrigaded, _)| *unbrigaded);
                pieces.into_iter().map(|(_, name)| name).collect()
            }
            _ => Vec::new(),
        };
        if let Some(lead) = lead.or_else(|| in_area.first().cloned()) {
            input.set("lead", Value::Text(lead.as_str().into()));
        }
        let by_attribute = |attribute: &str, value: &str| -> Vec<Symbol> {
            record
                .units_where(Some(&side), &[(attribute, value)])
                .map(|(_, name, _)| name.into())
                .collect()
        };
        let supporting = match in_area.split_first() {
            Some((_, others)) => others.iter().map(|name| name.as_str().into()).collect(),
            None => by_attribute(attribute::ROLE, "supporting"),
        };
        input.set("supporting", Value::List(supporting));
        // The Lead's own screen: in a campaign other Formations keep theirs (3.2.1, L532).
        let lead_now = input.text("lead").trim().to_string();
        let screen: Vec<Symbol> = record
            .units_where(Some(&side), &[(attribute::BOX, "screen")])
            .filter(|(_, _, u)| {
                !super::campaign::is_campaign(record)
                    || u.attribute(attribute::FORMATION) == Some(lead_now.as_str())
            })
            .map(|(_, name, _)| name.into())
            .collect();
        input.set("screen", Value::List(screen));
        input.set(
            "charge",
            Value::List(by_attribute(attribute::BOX, "charge")),
        );
        fill(input, record);
        let mode_before = input.text("mode_before").to_string();
        input.set("mode", Value::Text(mode_before.as_str().into()));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            self.prefill(input, record);
        } else if changed == "lead" {
            fill(input, record);
            let mode_before = input.text("mode_before").to_string();
            input.set("mode", Value::Text(mode_before.as_str().into()));
        }
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let formation = record
            .unit(side, name)
            .and_then(|u| u.attribute(attribute::FORMATION))
            .unwrap_or("");
        let lead = input.text("lead").trim();
        // Only the battle area's Formations, as `check_record` holds them.
        let in_area = |unit: &str| match battle_area(record) {
            Some(area) => {
                record
                    .unit(side, unit)
                    .and_then(|u| u.attribute(attribute::AREA))
                    == Some(area)
            }
            None => true,
        };
        let piece = record
            .unit(side, name)
            .is_some_and(|u| in_battle_piece(record, u));
        match field {
            "screen" => formation == lead,
            "lead" => piece && in_area(name),
            "supporting" => piece && name != lead && in_area(name),
            // Screening cavalry is not used for Battle Tactics (3.2.1b, L535).
            "charge" if input.list("screen").iter().any(|s| s.as_ref() == name) => false,
            "charge" => {
                formation == lead
                    || input
                        .list("supporting")
                        .iter()
                        .any(|s| s.as_ref() == formation)
            }
            _ => true,
        }
    }
    /// In the Combat Game the set-up posts the Display, which changes in the Adjustments; in
    /// Step 1 the players may still post cavalry to the Charge box (6.2.1, L854).
    fn applies(&self, record: &Record) -> bool {
        if super::campaign::is_campaign(record) {
            return super::campaign::battles::battle_open(record);
        }
        adjustments(record) || step_one(record)
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let lead = input.text("lead").trim();
        if lead.is_empty() {
            return Err(InputError::new(
                "lead",
                "name the Lead Formation (6.2.2a, L865)",
            ));
        }
        if input.list("supporting").iter().any(|s| s.as_ref() == lead) {
            return Err(InputError::new(
                "supporting",
                format!("{lead} is the Lead Formation"),
            ));
        }
        if let Some(both) = input
            .list("charge")
            .iter()
            .find(|c| input.list("screen").contains(c))
        {
            return Err(InputError::new(
                "charge",
                format!("{both} is in the Cavalry Screen"),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let mut known = input.clone();
        fill(&mut known, record);
        if let Some((id, _)) =
            input.first_difference(&known, ["posted_before", "mode_before", "lead_unbrigaded"])
        {
            return Err(InputError::new(
                id,
                "the record has changed: open the form again",
            ));
        }
        let lead = input.text("lead").trim();
        let formation = |name: &str| {
            record
                .unit(side, name)
                .filter(|u| in_battle_piece(record, u))
                .ok_or_else(|| {
                    if super::campaign::is_campaign(record) {
                        format!(
                            "{name} is not a Formation or an un-brigaded Troop unit of the {}",
                            people(side)
                        )
                    } else {
                        format!("{name} is not a Formation of the {}", people(side))
                    }
                })
        };
        let lead_record = formation(lead).map_err(|m| InputError::new("lead", m))?;
        for name in input.list("supporting") {
            formation(name).map_err(|m| InputError::new("supporting", m))?;
        }
        let lead_morale: u32 = lead_record
            .attribute(attribute::FORMATION_MORALE)
            .and_then(|m| m.parse().ok())
            .unwrap_or(0);
        for name in input.list("screen") {
            let unit = record
                .unit(side, name)
                .filter(|u| u.attribute(attribute::FORMATION) == Some(lead));
            let Some(unit) = unit else {
                return Err(InputError::new(
                    "screen",
                    format!("{name} is not cavalry of the Lead Formation (6.2.2c, L867)"),
                ));
            };
            match current(unit).1 {
                Some(morale) if morale > lead_morale => {
                    return Err(InputError::new(
                        "screen",
                        format!("{name} is Broken: only non-Broken cavalry screens (3.2.1a, L534)"),
                    ));
                }
                None => {
                    return Err(InputError::new(
                        "screen",
                        format!("enter the Morale of {name} first (Counter values)"),
                    ));
                }
                Some(_) => {}
            }
        }
        let in_battle: Vec<&str> = std::iter::once(lead)
            .chain(input.list("supporting").iter().map(|s| s.as_ref()))
            .collect();
        for name in input.list("charge") {
            let formation = record
                .unit(side, name)
                .and_then(|u| u.attribute(attribute::FORMATION))
                .unwrap_or("");
            if !in_battle.contains(&formation) {
                return Err(InputError::new(
                    "charge",
                    format!("{name} is in no Formation of the battle"),
                ));
            }
        }
        // Every Formation in the battle area is in the battle: the Lead, or Supporting (6.2.2d,
        // L868); none from elsewhere, which only Reaction brings (6.13, L1087).
        if let Some(area) = battle_area(record) {
            for name in &in_battle {
                let here = record
                    .unit(side, name)
                    .and_then(|u| u.attribute(attribute::AREA));
                if here != Some(area) {
                    return Err(InputError::new(
                        "supporting",
                        format!(
                            "{name} is not in {area}, the battle area: only Reaction brings a Formation in (6.13, L1087)"
                        ),
                    ));
                }
            }
            let in_area = [(attribute::AREA, area)];
            let left_out = record
                .units_where(Some(side), &in_area)
                .find(|(_, name, u)| {
                    u.state.as_ref() == state::IN_PLAY
                        && in_battle_piece(record, u)
                        && !in_battle.contains(name)
                });
            if let Some((_, name, _)) = left_out {
                return Err(InputError::new(
                    "supporting",
                    format!(
                        "{name} is in {area}: every Formation and un-brigaded unit in the battle area is the Lead or Supporting (6.2.2d, L868)"
                    ),
                ));
            }
            // An un-brigaded unit leads only where the side has no Formation (6.2.2b, L866).
            if unbrigaded_troop(lead_record)
                && let Some(name) = in_battle.iter().find(|name| {
                    record
                        .unit(side, name)
                        .is_some_and(|u| u.attribute(attribute::TYPE) == Some("formation"))
                })
            {
                return Err(InputError::new(
                    "lead",
                    format!(
                        "{name} is a Formation in the battle: an un-brigaded unit is the Lead only where none is (6.2.2a-b, L865-866)"
                    ),
                ));
            }
        }
        let in_adjustments = adjustments(record);
        if in_adjustments && let Some(reason) = no_adjustment_round(record) {
            return Err(InputError::new("lead", reason));
        }
        if record.scenario.as_ref() == COMBAT_GAME && !in_adjustments {
            // The set-up's posting stands; Step 1 may add the optional Charge box.
            let mut as_set_up = input.clone();
            self.prefill(&mut as_set_up, record);
            let changed =
                input.first_difference(&as_set_up, ["lead", "mode", "supporting", "screen"]);
            if !step_one(record) || changed.is_some() {
                return Err(InputError::new(
                    changed.map_or("lead", |(id, _)| id),
                    "the Combat Game's set-up posts the Battle Display (27.1.2-27.1.3, L2196-2230): in Step 1 only the Cavalry Charge box is posted, and the rest changes in the Adjustments Segment (Step 9)",
                ));
            }
        }
        let changes_mode = input.text("mode") != input.text("mode_before");
        let unbrigaded_lead = unbrigaded_troop(lead_record);
        if unbrigaded_lead && !matches!(input.text("mode"), "line_of_battle" | "march_order") {
            return Err(InputError::new(
                "mode",
                format!(
                    "{lead} is un-brigaded: it is in Line of Battle, or in March Order in a Pass (3.1.5, L524; 18.3.10, L1684)"
                ),
            ));
        }
        // A campaign battle opens with the Lead's mode as it stands (6.2.3, L870); it changes
        // in the Adjustments (6.14.2, L1121; 5.3.9, L814). An un-brigaded Lead's mode is where
        // it stands, in a Pass or not.
        if changes_mode
            && super::campaign::is_campaign(record)
            && !in_adjustments
            && !unbrigaded_lead
        {
            return Err(InputError::new(
                "mode",
                "the Lead Formation's mode changes in the Adjustments Segment, Step 9 (5.3.9, L814; 6.14.2, L1121)",
            ));
        }
        if changes_mode && record.scenario.as_ref() == COMBAT_GAME {
            if !in_adjustments {
                return Err(InputError::new(
                    "mode",
                    "in the Combat Game a Formation changes its Deployment Mode only in the Battle Adjustment Round (27.1.4, L2242)",
                ));
            }
            if lead_record.attribute(MODE_CHANGED) == Some("yes") {
                return Err(InputError::new(
                    "mode",
                    format!("{lead} has changed its Deployment Mode once already (27.1.4, L2242)"),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let lead = input.text("lead").trim();
        let unbrigaded = input.flag("lead_unbrigaded");
        if !unbrigaded {
            check_mode_change(
                tables,
                input.text("mode_before"),
                input.text("mode"),
                "mode",
            )?;
        }
        let mut effects = Vec::new();
        let set = |name: &str, attribute: &str, value: &str, rule: &str| {
            Effect::set_attribute(side, name, attribute, value, rule)
        };
        // What was posted before comes off the Display; then the new posting goes on.
        for name in input
            .text("posted_before")
            .split(';')
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            effects.push(set(name, attribute::ROLE, "", "6.16.7, L1152"));
            effects.push(set(name, attribute::BOX, "", "6.16.7, L1152"));
        }
        effects.push(set(lead, attribute::ROLE, "lead", "6.2.2a, L865"));
        for name in input.list("supporting") {
            effects.push(set(name, attribute::ROLE, "supporting", "6.2.2d, L868"));
        }
        for name in input.list("screen") {
            effects.push(set(name, attribute::BOX, "screen", "6.2.2c, L867"));
        }
        for name in input.list("charge") {
            effects.push(set(name, attribute::BOX, "charge", "3.2.2, L537"));
        }
        let mode = input.text("mode");
        if mode != input.text("mode_before") {
            effects.push(set(
                lead,
                attribute::MODE,
                mode,
                "6.14.2, L1121; 5.3, L796-812",
            ));
            if !unbrigaded {
                effects.push(set(lead, MODE_CHANGED, "yes", "27.1.4, L2242"));
            }
        }
        let supporting = input.list("supporting").len();
        let headline = format!(
            "The {} post {lead} as Lead Formation in {}, with {supporting} Supporting Formation(s), {} screening and {} in the Charge box",
            people(side),
            mode_label(mode),
            input.list("screen").len(),
            input.list("charge").len()
        );
        Ok(Resolution::book_keeping("post-battle", headline, effects))
    }
}
