//! Catastrophic Failure in the Basic Game (27.2.3, L2392-2398): when a Formation led by
//! Napoleon, or holding Imperial Guard units, retreats out of an area, its owner rolls 1D6 and
//! on 1-2 it loses a further Morale level; when a Guards unit of any nation takes a combat loss,
//! 1D6 and on a 1 its Formation loses a level. The House Rule may widen the bands (L2398, "on
//! 1-4, for example"). Napoleon's Formation at Morale 0 ends the game (`victory`).
//!
//! Readings (the addendum's S16-S17): "retreats out of an area" is any Withdrawal of 6.11 (a
//! Retreat chosen, a battle lost, a tie, the exit of 18.1.15) unless the setting narrows it to
//! the Retreat chit; the Allies' +5 VP "if the French suffer Catastrophic Failure in any battle"
//! (20.3, L1769) is scored once a battle, the first time a French roll costs the level.

use super::battles;
use super::settings::{CATASTROPHIC_BAND, CATASTROPHIC_VP, RETREAT_SCOPE, on_form};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{NAPOLEON, attribute, state};
use crate::games::beyond_waterloo::{SIDES, people, side_label};

const RULE: &str = "27.2.3, L2392-2396";

const TRIGGERS: &[(&str, &str)] = &[
    (
        "retreat",
        "It retreats out of an area: led by Napoleon, or holding Imperial Guard units",
    ),
    ("guards_loss", "One of its Guards units takes a combat loss"),
];

const WITHDRAWALS: &[(&str, &str)] = &[
    ("retreat_chit", "It chose Retreat (6.4.3, L928)"),
    ("lost", "It lost the battle (6.16.6, L1150)"),
    ("tie", "It withdrew after a tie (6.16.1, L1140)"),
    ("exit", "It left before the battle (18.1.15, L1624)"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Catastrophic Failure",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The retreat concerns the French; a Guards loss may be of any nation's Guards.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Catastrophic Failure",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: RULE,
        help: "The Formation that retreats, or the one the Guards unit is with.",
    },
    Field {
        id: "trigger",
        label: "What happened",
        group: "Catastrophic Failure",
        kind: FieldKind::Choice(TRIGGERS),
        rule: "27.2.3, L2394-2395",
        help: "Each calls for 1D6.",
    },
    Field {
        id: "withdrawal",
        label: "How it left the area",
        group: "Catastrophic Failure",
        kind: FieldKind::Choice(WITHDRAWALS),
        rule: "27.2.3, L2394; 6.11, L1054-1074",
        help: "The settings say which withdrawals count as retreating out of an area.",
    },
    Field::flag(
        "napoleon_or_guard",
        "It is led by Napoleon or holds Imperial Guard units",
        "What the record knows",
        "27.2.3, L2394",
        "From the record.",
    ),
    Field::flag(
        "holds_guards",
        "It holds a Guards unit",
        "What the record knows",
        "27.2.3, L2395",
        "From the record.",
    ),
    Field {
        id: "battle",
        label: "The battle",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 120 },
        rule: "20.3, L1769",
        help: "From the record: the +5 VP is scored once a battle.",
    },
    Field::flag(
        "scored",
        "The Allies have scored this battle's Catastrophic Failure",
        "What the record knows",
        "20.3, L1769",
        "From the record.",
    ),
    on_form(CATASTROPHIC_BAND),
    on_form(RETREAT_SCOPE),
    on_form(CATASTROPHIC_VP),
];

/// The highest roll that costs the level.
fn band(input: &Input) -> i32 {
    match (input.text(CATASTROPHIC_BAND.id), input.text("trigger")) {
        ("one_to_four", _) => 4,
        (_, "retreat") => 2,
        _ => 1,
    }
}

/// The mark that the Allies scored a battle's Catastrophic Failure.
fn scored_mark(battle: &str) -> String {
    format!("Catastrophic Failure scored for the Allies: {battle}")
}

/// The Allies' 5 VP for the French Catastrophic Failure in `battle` (20.3, L1769), marked so
/// that the battle scores it once (the addendum's S17).
pub fn allied_award(battle: &str) -> [Effect; 2] {
    [
        Effect::VictoryPoints {
            side: "allied".into(),
            points: 5,
            reason: "the French suffered Catastrophic Failure".into(),
            rule: "20.3, L1769".into(),
        },
        Effect::Mark {
            name: scored_mark(battle).as_str().into(),
            rule: "20.3, L1769".into(),
        },
    ]
}

/// Whether the Allies have scored the Catastrophic Failure of the battle being fought, or last
/// fought, in this OPs Phase.
pub fn scored(record: &Record) -> bool {
    let battle = battles::last_battle(record).unwrap_or_default();
    record.marks.contains(scored_mark(&battle).as_str())
}

/// The nations of the Formation's Guards units in play.
fn guard_nations(record: &Record, side: &str, formation: &str) -> Vec<String> {
    let conditions = [(attribute::FORMATION, formation), ("state", state::IN_PLAY)];
    record
        .units_where(Some(side), &conditions)
        .filter(|(_, _, u)| u.attribute(attribute::GUARD) == Some("yes"))
        .map(|(_, _, u)| u.attribute(attribute::NATION).unwrap_or("").to_string())
        .collect()
}

/// The 1D6 a retreat by Napoleon or the Imperial Guard, or a Guards loss, calls for.
pub struct CatastrophicFailure;

impl CatastrophicFailure {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let formation = input.text("formation").trim().to_string();
        let guards = guard_nations(record, &side, &formation);
        let napoleon = record
            .unit(&side, &formation)
            .and_then(|f| f.attribute(attribute::LEADER))
            == Some(NAPOLEON);
        let imperial_guard = side == "french" && guards.iter().any(|nation| nation == "french");
        input.set("napoleon_or_guard", Value::Flag(napoleon || imperial_guard));
        input.set("holds_guards", Value::Flag(!guards.is_empty()));
        let battle = battles::last_battle(record).unwrap_or_default();
        input.set("battle", Value::Text(battle.as_str().into()));
        input.set("scored", Value::Flag(scored(record)));
    }
}

impl Procedure for CatastrophicFailure {
    fn about(&self) -> &About {
        &About {
            id: "catastrophic-failure",
            title: "Catastrophic Failure roll",
            rule: RULE,
            summary: "1D6 when a Formation led by Napoleon or holding Imperial Guard units retreats out of an area (1-2: a further Morale level lost), or when a Guards unit takes a combat loss (1: its Formation loses a level).",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "trigger", "withdrawal"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "withdrawal" || input.text("trigger") == "retreat"
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &CATASTROPHIC_BAND);
        prefill_setting(input, record, &RETREAT_SCOPE);
        prefill_setting(input, record, &CATASTROPHIC_VP);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let retreat = input.text("trigger") == "retreat";
        if retreat && !input.flag("napoleon_or_guard") {
            return Err(InputError::new(
                "formation",
                "only a Formation led by Napoleon, or holding Imperial Guard units, rolls when it retreats (27.2.3, L2394)",
            ));
        }
        if retreat && input.text("side") != "french" {
            return Err(InputError::new(
                "side",
                "only the French roll when they retreat (27.2.3, L2394)",
            ));
        }
        if !retreat && !input.flag("holds_guards") {
            return Err(InputError::new(
                "formation",
                "it holds no Guards unit (27.2.3, L2395)",
            ));
        }
        if retreat
            && input.text(RETREAT_SCOPE.id) == "retreat_chit"
            && input.text("withdrawal") != "retreat_chit"
        {
            return Err(InputError::new(
                "withdrawal",
                "under the settings only a Retreat chosen is retreating out of an area (27.2.3, L2394)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = ["napoleon_or_guard", "holds_guards", "battle", "scored"];
        match input.first_difference(&known, facts) {
            Some((id, value)) => Err(InputError::new(
                id,
                format!("the record has {value}: pick the Formation again"),
            )),
            None => Ok(()),
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Catastrophic Failure", Die::D6)])
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let die = i32::from(faces.first().copied().unwrap_or(0));
        let band = band(input);
        let fails = die <= band;
        let mut effects = Vec::new();
        let mut headline = if fails {
            format!("{formation} rolls {die}, within 1-{band}: it loses a further Morale level")
        } else {
            format!("{formation} rolls {die}, above 1-{band}: no further loss")
        };
        if fails {
            effects.push(Effect::add_to(
                side,
                formation,
                attribute::FORMATION_MORALE,
                -1,
                RULE,
            ));
            let each_failure = input.text(CATASTROPHIC_VP.id) == "each_failure";
            if side == "french" && (each_failure || !input.flag("scored")) {
                effects.extend(allied_award(input.text("battle")));
                headline.push_str(&format!("; +5 VP to the {}", people("allied")));
            }
        }
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![SideTotal {
                side: side_label(side).into(),
                die: Some(die),
                modifiers: 0,
                total: die,
            }],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: if fails { "fails" } else { "holds" }.into(),
                rank: i32::from(fails),
                headline,
            },
            effects,
        })
    }
}
