//! Morale recovery at the end of an OPs Phase (5.2.9, L790): a Formation below Morale 3 that
//! neither moved nor fought in the Phase gains a level, to at most 3. Under the optional rule
//! (5.2.10, L792) its owner rolls 1D6 for it instead, and it gains the level on a roll no higher
//! than its Leader's Battle Ability.
//!
//! Readings (the addendum's S14): only movement, Reaction included, and combat count as actions;
//! a Formation marked as having moved (`ACTED`, by Move a Formation) or fought (by the Battle
//! Winner, which lists every Formation in the battle, those that reacted into it among them) in
//! the Phase does not recover. The optional roll keeps 5.2.9's eligibility and its cap of 3. A
//! brigaded Formation's owner may use the Senior Leader's Battle Ability (L792); the form takes
//! the better of the two, the one he would choose.

use super::administrative_points::{
    check_forced, fill_forced, forced_field, forced_modifier, forced_used,
};
use super::movement::{ACTED, ops_mark};
use super::settings::{MORALE_RECOVERY, RECOVERY_ROLL_LIMITS, on_form};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people, side_label};

const RULE: &str = "5.2.9, L790";
const OPTIONAL_RULE: &str = "5.2.10, L792";

/// The OPs Phase in which a Formation last recovered, or rolled to: once a Phase.
const RECOVERY: &str = "recovery_in_ops";

/// The most Morale recovery reaches (5.2.9, L790).
const RECOVERY_CAP: i64 = 3;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Morale recovery",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "Each player recovers his own Formations.",
    },
    Field {
        id: "formation",
        label: "Formation rolling",
        group: "Morale recovery",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: OPTIONAL_RULE,
        help: "Under the optional rule, one roll for each Formation that may recover.",
    },
    Field {
        id: "battle_ability",
        label: "Its Leader's Battle Ability",
        group: "Morale recovery",
        kind: FieldKind::Count { max: 9 },
        rule: OPTIONAL_RULE,
        help: "Filled in from the counter values: its Leader's, or the Senior Leader's when brigaded and higher (L792).",
    },
    Field {
        id: "may_recover",
        label: "Formations below Morale 3 that neither moved nor fought",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        },
        rule: RULE,
        help: "Filled in from the record: each gains 1 Morale level (under the optional rule, each rolls).",
    },
    Field {
        id: "ops_phase",
        label: "This OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: RULE,
        help: "Filled in from the record.",
    },
    forced_field(FORCED_DRM, "What the record knows"),
    on_form(MORALE_RECOVERY),
    on_form(RECOVERY_ROLL_LIMITS),
];

/// The form's `forced_field`: the -1 of a Leader forced to act with no AP left (4.2.6, L676).
const FORCED_DRM: &str = "forced";

/// Whether the optional roll (5.2.10) is in force on the form.
fn rolls(input: &Input) -> bool {
    input.text(MORALE_RECOVERY.id) == "roll"
}

/// Whether the form's optional roll is made without 5.2.9's limits (the addendum's S14).
fn uncapped(input: &Input) -> bool {
    rolls(input) && input.text(RECOVERY_ROLL_LIMITS.id) == "uncapped"
}

/// `side`'s Formations that may recover at the end of this OPs Phase: below Morale 3 unless
/// `uncapped`.
fn may_recover(record: &Record, side: &str, uncapped: bool) -> Vec<Symbol> {
    let ops = ops_mark(record);
    record
        .units_where(
            Some(side),
            &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        )
        .filter(|(_, _, f)| {
            let morale: Option<i64> = f
                .attribute(attribute::FORMATION_MORALE)
                .and_then(|m| m.parse().ok());
            morale.is_some_and(|m| uncapped || m < RECOVERY_CAP)
                && f.attribute(ACTED) != Some(ops.as_str())
                && f.attribute(RECOVERY) != Some(ops.as_str())
        })
        .map(|(_, name, _)| name.into())
        .collect()
}

/// The Battle Ability of a Formation's Leader on the face he shows, if entered.
fn leader_ability(record: &Record, side: &str, formation: &str) -> Option<i64> {
    let leader = record.unit(side, formation)?.attribute(attribute::LEADER)?;
    let leader = record.unit(side, leader)?;
    let face = if leader.attribute(attribute::WOUNDED) == Some("yes") {
        attribute::WOUNDED_BATTLE
    } else {
        attribute::BATTLE
    };
    leader.attribute(face)?.parse().ok()
}

/// The ability the roll is made against: the Formation's Leader's, or the Senior Leader's when
/// brigaded, whichever is higher (5.2.10, L792).
fn ability(record: &Record, side: &str, formation: &str) -> Option<i64> {
    let own = leader_ability(record, side, formation);
    let senior = record
        .unit(side, formation)
        .and_then(|f| f.attribute(attribute::BRIGADED_TO))
        .filter(|s| !s.is_empty())
        .and_then(|senior| leader_ability(record, side, senior));
    own.max(senior)
}

/// The end of an OPs Phase: idle Formations below Morale 3 recover a level.
pub struct MoraleRecovery;

impl MoraleRecovery {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let listed = may_recover(record, &side, uncapped(input));
        input.set("may_recover", Value::List(listed));
        input.set("ops_phase", Value::Text(ops_mark(record).as_str().into()));
        let formation = input.text("formation").trim().to_string();
        if let Some(ability) = ability(record, &side, &formation) {
            input.set("battle_ability", Value::Number(ability));
        }
        // Only a roll owes the -1 (4.2.6, L676): the recovery of 5.2.9 rolls nothing.
        let rolling_for = if rolls(input) { formation.as_str() } else { "" };
        fill_forced(input, FORCED_DRM, record, &side, rolling_for);
    }
}

impl Procedure for MoraleRecovery {
    fn about(&self) -> &About {
        &About {
            id: "morale-recovery",
            title: "Morale recovery",
            rule: RULE,
            summary: "At the end of an OPs Phase each Formation below Morale 3 that neither moved nor fought gains 1 Morale level, to at most 3; under the optional rule it rolls 1D6 against its Leader's Battle Ability.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "may_recover"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        rolls(input) || !matches!(field, "formation" | "battle_ability" | FORCED_DRM)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &MORALE_RECOVERY);
        prefill_setting(input, record, &RECOVERY_ROLL_LIMITS);
        let side = input.text("side").to_string();
        if let Some(first) = may_recover(record, &side, uncapped(input)).first() {
            input.set("formation", Value::Text(first.clone()));
        }
        Self::fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            self.prefill(input, record);
        } else {
            Self::fill(input, record);
        }
    }
    fn offers(
        &self,
        field: &str,
        input: &Input,
        _record: &Record,
        _side: &str,
        name: &str,
    ) -> bool {
        field != "formation" || input.list("may_recover").iter().any(|f| f == name)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if !super::in_step(record, super::sequence::END_OF_OPS) {
            return Err(InputError::new(
                "may_recover",
                "Morale recovers at the end of an OPs Phase (5.2.9, L790)",
            ));
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if let Some((id, value)) =
            input.first_difference(&known, ["may_recover", "ops_phase", "battle_ability"])
        {
            return Err(InputError::new(
                id,
                format!("the record has {value}: open the form again"),
            ));
        }
        if input.list("may_recover").is_empty() {
            return Err(InputError::new(
                "may_recover",
                format!(
                    "no Formation of the {} below Morale 3 is idle and yet to recover in this OPs Phase (5.2.9, L790)",
                    people(input.text("side"))
                ),
            ));
        }
        if rolls(input) {
            let formation = input.text("formation").trim();
            if !input.list("may_recover").iter().any(|f| f == formation) {
                return Err(InputError::new(
                    "formation",
                    format!("{formation} may not recover in this OPs Phase (5.2.9, L790)"),
                ));
            }
            if ability(record, input.text("side"), formation).is_none() {
                return Err(InputError::new(
                    "battle_ability",
                    format!(
                        "enter the Battle Ability of {formation}'s Leader first (Counter values)"
                    ),
                ));
            }
            check_forced(input, FORCED_DRM, record, input.text("side"), formation)?;
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if rolls(input) {
            DiceSpec::new(&[("Morale recovery", Die::D6)])
        } else {
            DiceSpec::default()
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let label = side_label(input.text("side"));
        rolls(input)
            .then(|| forced_modifier(input, FORCED_DRM, label))
            .flatten()
            .into_iter()
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let ops = input.text("ops_phase");
        let recover = |name: &str, effects: &mut Vec<Effect>, rule: &str| {
            effects.push(Effect::add_to(
                side,
                name,
                attribute::FORMATION_MORALE,
                1,
                rule,
            ));
            effects.push(Effect::cap(
                side,
                name,
                attribute::FORMATION_MORALE,
                RECOVERY_CAP,
                RULE,
            ));
        };
        let mut effects = Vec::new();
        if !rolls(input) {
            for name in input.list("may_recover") {
                recover(name, &mut effects, RULE);
                effects.push(Effect::set_attribute(side, name, RECOVERY, ops, RULE));
            }
            let headline = format!(
                "{} Formation(s) of the {} gain 1 Morale level: {}",
                input.list("may_recover").len(),
                people(side),
                input
                    .list("may_recover")
                    .iter()
                    .map(|n| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            return Ok(Resolution::book_keeping("recovered", headline, effects));
        }
        let formation = input.text("formation").trim();
        let die = i32::from(faces.first().copied().unwrap_or(0));
        let ability = input.number("battle_ability");
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let total = die + drm;
        let recovers = total <= ability;
        effects.extend(forced_used(input, FORCED_DRM, side, formation));
        if recovers && uncapped(input) {
            effects.push(Effect::add_to(
                side,
                formation,
                attribute::FORMATION_MORALE,
                1,
                OPTIONAL_RULE,
            ));
            effects.push(Effect::cap(
                side,
                formation,
                attribute::FORMATION_MORALE,
                9,
                "5.2.5, L782",
            ));
        } else if recovers {
            recover(formation, &mut effects, OPTIONAL_RULE);
        }
        effects.push(Effect::set_attribute(
            side,
            formation,
            RECOVERY,
            ops,
            OPTIONAL_RULE,
        ));
        let rolled = if drm == 0 {
            die.to_string()
        } else {
            format!("{die} {drm:+} = {total}")
        };
        let headline = if recovers {
            format!(
                "{formation} rolls {rolled}, not above its Leader's Battle Ability {ability}: +1 Morale level ({OPTIONAL_RULE})"
            )
        } else {
            format!(
                "{formation} rolls {rolled}, above its Leader's Battle Ability {ability}: no recovery ({OPTIONAL_RULE})"
            )
        };
        Ok(Resolution {
            modifiers,
            totals: vec![SideTotal {
                side: side_label(side).into(),
                die: Some(die),
                modifiers: drm,
                total,
            }],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: if recovers {
                    "recovers"
                } else {
                    "does not recover"
                }
                .into(),
                rank: i32::from(!recovers),
                headline,
            },
            effects,
        })
    }
}
