//! Reaction Movement (6.13, L1087-1115), in the Battle Adjustment Round: a Formation whose Leader's
//! Reaction range reaches the battle moves toward or into it. Moving into the battle area against a
//! larger enemy Cavalry Screen calls for 1D6 plus the difference on the Reaction Move Table, printed
//! only on the Player Aid Charts.
//!
//! Readings (digest §7 item 40): a Formation that reaches the battle joins its side's Supporting
//! Formations; its Reaction losses are taken from its own units, marked in the Adjustment Round box
//! with their VP (6.13.8e, L1115), and count for the winner only under a setting (6.3.11, L914).
//! Each Formation makes one attempt in a battle, whatever comes of it. The Initiative player
//! reacts first (6.13.1, L1089): the form opens on his side; the order is the players' to keep,
//! since a player may decline to react at all. In a campaign each attempt costs 1 AP of the
//! Formation's, or of its Senior Leader's when brigaded, and none is made at 0 AP (4.2.3-4.2.6,
//! L666-676).

use super::campaign::administrative_points::{
    check_forced, fill_forced, forced_field, forced_modifier, forced_used,
};
use super::losses::formation_to_take;
use super::roster::{attribute, halves_text, parse_cf, state};
use super::{SIDES, opponent, people};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::{TableRead, TableSet};

const RULE: &str = "6.13 Reaction Movement, L1087-1115";

const READS: &[TableRead] = &[TableRead {
    table: "reaction-move",
    codes: &["A", "A1", "A2", "B", "B1", "B2"],
}];

const fn fact(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule,
        help: "Filled in from the record.",
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side reacting",
        group: "Reaction",
        kind: FieldKind::Choice(SIDES),
        rule: "6.13.1, L1089",
        help: "The Initiative player reacts first, counting the VP just won.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Reaction",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: 60,
        },
        rule: "6.13.3-6.13.5, L1093-1097",
        help: "A Formation with a Leader, not in an area holding enemy troops.",
    },
    Field {
        id: "distance",
        label: "Areas to the battle",
        group: "Reaction",
        kind: FieldKind::Count { max: 9 },
        rule: "6.13.5, L1097",
        help: "Counting the battle area, not the Formation's own: at most the Leader's Reaction range.",
    },
    Field::flag(
        "into_battle",
        "It moves into the battle area",
        "Reaction",
        "6.13.8, L1105",
        "Only a move into the battle area may be blocked by the enemy's Cavalry Screen; a move adjacent to it or toward it is not.",
    ),
    Field {
        id: "reaction",
        label: "Its Leader's Reaction range",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "6.13.2, L1091",
        help: "Filled in from the record: the Leader's last number, a dot being 0.",
    },
    fact("own_screen", "Its Cavalry Screen's CF", "6.13.8a, L1107"),
    fact(
        "enemy_screen",
        "The enemy Lead Formation's Cavalry Screen CF",
        "6.13.8a, L1107",
    ),
    fact("battle_area", "The battle area", "6.1.5; 6.13.6, L1099"),
    fact("battle", "The battle", "27.1.1, L2186"),
    fact("ops_phase", "The campaign's OPs Phase", "5.2.9, L790"),
    Field::flag(
        "among_enemies",
        "It stands in an area holding enemy troops",
        "What the record knows",
        "6.13.3, L1093",
        "Filled in from the record in a campaign.",
    ),
    fact(
        "ap_payer",
        "The Formation whose Leader spends the AP",
        "4.2.3-4.2.4, L666-670",
    ),
    Field {
        id: "ap_level",
        label: "Its AP level",
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule: "4.2.3, L666; 4.2.6, L676",
        help: "Filled in from the record in a campaign: a Reaction attempt costs 1 AP, and none is made at 0.",
    },
    forced_field(FORCED_DRM, "What the record knows"),
    Field {
        id: "adjustment_losses",
        label: "Loss markers already in its Adjustment Round box",
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule: "6.13.8e, L1115",
        help: "Filled in from the record.",
    },
];

/// The form's `forced_field`: the -1 of a Leader forced to act with no AP left (4.2.6, L676).
const FORCED_DRM: &str = "forced";

fn screen_cf(record: &Record, side: &str, formation: &str) -> u32 {
    record
        .units_where(
            Some(side),
            &[
                (attribute::FORMATION, formation),
                (attribute::BOX, "screen"),
            ],
        )
        .filter(|(_, _, u)| u.state.as_ref() == state::IN_PLAY)
        .filter_map(|(_, _, u)| super::roster::current(u).0)
        .sum()
}

fn fill(input: &mut Input, record: &Record) {
    let side = input.text("side").to_string();
    let other = opponent(&side);
    let formation = input.text("formation").trim().to_string();
    let reaction = record
        .units_where(
            Some(&side),
            &[
                (attribute::TYPE, "leader"),
                (attribute::FORMATION, formation.as_str()),
            ],
        )
        .find(|(_, _, u)| u.state.as_ref() == state::IN_PLAY)
        .and_then(|(_, _, leader)| {
            let value = if leader.attribute(attribute::WOUNDED) == Some("yes") {
                attribute::WOUNDED_REACTION
            } else {
                attribute::REACTION
            };
            leader.attribute(value)?.parse::<i64>().ok()
        })
        .unwrap_or(0);
    input.set("reaction", Value::Number(reaction));
    input.set(
        "own_screen",
        Value::Text(
            halves_text(screen_cf(record, &side, &formation))
                .as_str()
                .into(),
        ),
    );
    let enemy_lead = record
        .units_where(Some(other), &[(attribute::ROLE, "lead")])
        .next()
        .map(|(_, name, unit)| {
            (
                name.to_string(),
                unit.attribute(attribute::AREA).unwrap_or("").to_string(),
            )
        });
    let (enemy_screen, area) = enemy_lead
        .map(|(name, area)| (screen_cf(record, other, &name), area))
        .unwrap_or_default();
    input.set(
        "enemy_screen",
        Value::Text(halves_text(enemy_screen).as_str().into()),
    );
    input.set("battle_area", Value::Text(area.as_str().into()));
    input.set(
        "battle",
        Value::Text(super::tactics::battle_name(record).as_str().into()),
    );
    // In a campaign the attempt costs the Senior Leader's Formation 1 AP (4.2.3-4.2.4, L666-670).
    let payer = if super::campaign::is_campaign(record) {
        super::campaign::organization::senior_payer(record, &side, &formation)
    } else {
        String::new()
    };
    let level = super::campaign::administrative_points::ap_level(record, &side, &payer);
    input.set("ap_payer", Value::Text(payer.as_str().into()));
    // In a campaign the attempt is the Formation's action of the OPs Phase (5.2.9, L790), and
    // none is made from an area holding enemy troops (6.13.3, L1093).
    let campaign = super::campaign::is_campaign(record);
    let ops = if campaign {
        super::campaign::movement::ops_mark(record)
    } else {
        String::new()
    };
    input.set("ops_phase", Value::Text(ops.as_str().into()));
    let among_enemies = campaign
        && record
            .unit(&side, &formation)
            .and_then(|f| f.attribute(attribute::AREA))
            .is_some_and(|here| super::campaign::battles::contested_areas(record).contains(here));
    input.set("among_enemies", Value::Flag(among_enemies));
    input.set("ap_level", Value::Number(level.unwrap_or(0)));
    let losses = record
        .counters
        .get(super::loss_markers(&side, "Battle Adjustment Round").as_str())
        .copied()
        .unwrap_or(0);
    input.set("adjustment_losses", Value::Number(losses));
    fill_forced(input, FORCED_DRM, record, &side, &formation);
}

/// The +DRM when the reacting Formation's screen is the smaller (6.13.8c, L1111), if a check is
/// called for.
fn check_drm(input: &Input) -> Option<i32> {
    let own = parse_cf(input.text("own_screen"))?;
    let enemy = parse_cf(input.text("enemy_screen"))?;
    // The CFs are compared in halves; the DRM is their difference in whole CFs, a half rounded up.
    (input.flag("into_battle") && own < enemy)
        .then(|| i32::try_from((enemy - own).div_ceil(2)).unwrap_or(99))
}

pub struct Reaction;

/// The battle in which a Formation made its Reaction attempt, whatever came of it (27.1.1,
/// L2186: Formations "attempt to enter the combat"): one attempt a battle.
const REACTED: &str = "reacted";

/// The Formation's Leader, if his Reaction range is not entered yet.
fn leader_without_reaction(record: &Record, side: &str, formation: &str) -> Option<String> {
    let conditions = [
        (attribute::TYPE, "leader"),
        (attribute::FORMATION, formation),
    ];
    record
        .units_where(Some(side), &conditions)
        .find(|(_, _, u)| u.state.as_ref() == state::IN_PLAY)
        .filter(|(_, _, leader)| {
            let value = if leader.attribute(attribute::WOUNDED) == Some("yes") {
                attribute::WOUNDED_REACTION
            } else {
                attribute::REACTION
            };
            leader
                .attribute(value)
                .and_then(|v| v.parse::<i64>().ok())
                .is_none()
        })
        .map(|(_, name, _)| name.to_string())
}

impl Procedure for Reaction {
    fn about(&self) -> &About {
        &About {
            id: "reaction",
            title: "Reaction Movement",
            rule: RULE,
            summary: "A Formation within its Leader's Reaction range moves toward or into the battle; against a larger enemy Cavalry Screen it rolls 1D6 plus the difference on the Reaction Move Table.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "distance", "into_battle"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("into_battle", Value::Flag(true));
        input.set("side", Value::Text(super::initiative(record).into()));
        fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "side" | "formation") {
            fill(input, record);
        }
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != "formation"
            || record
                .unit(side, name)
                .is_some_and(|u| u.attribute(attribute::ROLE).is_none_or(str::is_empty))
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let reaction = input.number("reaction");
        if reaction == 0 {
            return Err(InputError::new(
                "formation",
                "its Leader's Reaction range is 0 (a dot), or it has no Leader: it cannot react (6.13.3, L1093)",
            ));
        }
        let distance = input.number("distance");
        if distance == 0 || distance > reaction {
            return Err(InputError::new(
                "distance",
                format!(
                    "the battle must be 1 to {reaction} areas away, its Leader's Reaction range (6.13.4-6.13.5, L1095-1097)"
                ),
            ));
        }
        for id in ["own_screen", "enemy_screen"] {
            if parse_cf(input.text(id)).is_none() {
                return Err(InputError::new(id, "a CF, such as 3"));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let Some(formation) = record
            .unit(side, name)
            .filter(|u| u.attribute(attribute::TYPE) == Some("formation"))
        else {
            return Err(InputError::new(
                "formation",
                format!("{name} is not a Formation of the {}", people(side)),
            ));
        };
        if formation
            .attribute(attribute::ROLE)
            .is_some_and(|r| !r.is_empty())
        {
            return Err(InputError::new(
                "formation",
                format!("{name} is in the battle already"),
            ));
        }
        if formation.attribute(REACTED) == Some(input.text("battle")) {
            return Err(InputError::new(
                "formation",
                format!("{name} has made its Reaction attempt in this battle"),
            ));
        }
        if let Some(reason) = super::battle_display::no_adjustment_round(record) {
            return Err(InputError::new("formation", reason));
        }
        if let Some(leader) = leader_without_reaction(record, side, name) {
            return Err(InputError::new(
                "formation",
                format!("enter {leader}'s Reaction range from his counter first (Counter values)"),
            ));
        }
        let mut known = input.clone();
        fill(&mut known, record);
        if known.flag("among_enemies") {
            return Err(InputError::new(
                "formation",
                format!(
                    "{name} stands in an area holding enemy troops: it cannot react (6.13.3, L1093)"
                ),
            ));
        }
        let payer = known.text("ap_payer");
        if !payer.is_empty() && known.number("ap_level") == 0 {
            return Err(InputError::new(
                "ap_level",
                format!(
                    "{payer} has no AP left: its Leader cannot attempt a Reaction (4.2.6, L676)"
                ),
            ));
        }
        check_forced(input, FORCED_DRM, record, side, name)?;
        let facts = FIELDS
            .iter()
            .filter(|f| f.group == "What the record knows")
            .map(|f| f.id);
        match input.first_difference(&known, facts) {
            Some((id, _)) => Err(InputError::new(
                id,
                "the record knows otherwise: pick the Formation again",
            )),
            None => Ok(()),
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if check_drm(input).is_some() {
            DiceSpec::new(&[("Reaction Move", Die::D6)])
        } else {
            DiceSpec::default()
        }
    }
    /// The screens' difference and, on a roll, the -1 its Leader may owe (4.2.6, L676).
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        check_drm(input)
            .map(|drm| {
                let screens = Modifier::new(
                    "Reaction",
                    format!(
                        "Enemy screen {} CF against its own {}",
                        input.text("enemy_screen"),
                        input.text("own_screen")
                    ),
                    drm,
                    "6.13.8c, L1111",
                );
                std::iter::once(screens)
                    .chain(forced_modifier(input, FORCED_DRM, "Reaction"))
                    .collect()
            })
            .unwrap_or_default()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let area = input.text("battle_area");
        let join = |effects: &mut Vec<Effect>| {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::ROLE,
                "supporting",
                "6.13, L1087-1115",
            ));
            if !area.is_empty() {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::AREA,
                    area,
                    "6.13.6, L1099",
                ));
            }
        };
        let mut effects = vec![Effect::set_attribute(
            side,
            name,
            REACTED,
            input.text("battle"),
            "27.1.1, L2186",
        )];
        let ops = input.text("ops_phase");
        if !ops.is_empty() {
            effects.push(Effect::set_attribute(
                side,
                name,
                super::campaign::movement::ACTED,
                ops,
                "5.2.9, L790",
            ));
        }
        let payer = input.text("ap_payer");
        if !payer.is_empty() {
            effects.push(Effect::add_to(
                side,
                payer,
                super::campaign::administrative_points::AP_LEVEL,
                -1,
                "4.2.3-4.2.4, L666-670",
            ));
        }
        if !input.flag("into_battle") {
            effects.push(Effect::reminder(
                &format!("Move {name} toward the battle on the map"),
                "6.13.6, L1099",
            ));
            return Ok(Resolution::book_keeping(
                "toward",
                format!("{name} moves toward the battle"),
                effects,
            ));
        }
        if check_drm(input).is_none() {
            join(&mut effects);
            return Ok(Resolution::book_keeping(
                "joins",
                format!(
                    "{name} reacts into the battle unimpeded: its screen is no smaller than the enemy's (6.13.8b, L1109)"
                ),
                effects,
            ));
        };
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        effects.extend(forced_used(input, FORCED_DRM, side, name));
        let die = faces.first().copied().map_or(0, i32::from);
        let lookup = tables
            .get("reaction-move")?
            .lookup_roll_range(None, die + drm)?;
        let read = READS
            .first()
            .ok_or_else(|| RuleError::Draw("no read".into()))?;
        let code = lookup.code_for(read)?.to_string();
        let reaches = code.starts_with('A');
        let steps: i64 = code.get(1..).and_then(|n| n.parse().ok()).unwrap_or(0);
        if reaches {
            join(&mut effects);
        }
        if steps > 0 {
            effects.extend([
                Effect::SetCounter {
                    name: formation_to_take(name).as_str().into(),
                    value: steps,
                    rule: "6.13.8e, L1115".into(),
                    lasts: Lasts::Step,
                },
                Effect::SetCounter {
                    name: super::loss_markers(side, "Battle Adjustment Round")
                        .as_str()
                        .into(),
                    value: i64::from(input.number("adjustment_losses")) + steps,
                    rule: "6.13.8e, L1115".into(),
                    lasts: Lasts::Game,
                },
                Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points: i32::try_from(steps).unwrap_or(0),
                    reason: format!("{name}'s Reaction losses").as_str().into(),
                    rule: "6.13.8e, L1115; 20.3, L1776".into(),
                },
                Effect::reminder(
                    &format!("{name} takes {steps} step(s) from its own units (Take step losses)"),
                    "6.13.8e, L1115",
                ),
            ]);
        }
        let headline = format!(
            "{name}: roll {die} {drm:+} = {}, {}",
            die + drm,
            lookup.result.label
        );
        Ok(Resolution {
            modifiers,
            totals: Vec::new(),
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: lookup.result.label.clone(),
                rank: i32::from(!reaches) * 10 + i32::try_from(steps).unwrap_or(0),
                headline,
            },
            effects,
        })
    }
}
