//! The Reorganization Phase (6.4, L1069-1183): the Side without the Initiative Disc first, each
//! faction may activate its Strategic Leader in his General HQ, restore its Tactical Leaders by up
//! to his Strategic Value in rotations, call Reinforcements, and then deactivate him: reduced one
//! level, unless at Heart (L1143-1151).

use super::activation::strategic_value;
use super::blocks::{attribute, state};
use super::impulse::{disc_holder, initiative_side, other as other_side};
use super::options::{REORGANIZATION_ORDER, TURN_FIVE_REORGANIZATION};
use super::{SIDES, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "6.4 Reorganization Phase, L1069-1151";

/// The General HQ of each faction's Strategic Leader (L1106-1108).
fn headquarters(faction: &str) -> &'static str {
    match faction {
        "french" => "Rossomme (Area 100)",
        "british" => "Mont St. Jean (Area 3)",
        _ => "Bois de Paris (Area 50)",
    }
}

/// The record's counters for a faction's Reorganization this turn.
pub(super) fn done(faction: &str) -> String {
    format!("{} reorganized", side_label(faction))
}

pub fn rotations_left(faction: &str) -> String {
    format!("{} restorations left", side_label(faction))
}

/// The faction's Strategic Leader on the record, by name.
fn strategic_leader(record: &Record, faction: &str) -> Option<String> {
    record
        .units_where(Some(faction), &[(attribute::TYPE, "strategic-leader")])
        .map(|(_, name, _)| name.to_string())
        .next()
}

/// The factions of `side` that reorganize: those whose Strategic Leader is on the map.
fn factions_of(record: &Record, side: &str) -> Vec<&'static str> {
    let factions: &[&'static str] = if side == "french" {
        &["french"]
    } else {
        &["british", "prussian"]
    };
    factions
        .iter()
        .copied()
        .filter(|f| strategic_value(record, f) > 0)
        .collect()
}

fn side_of(faction: &str) -> &'static str {
    if faction == "french" {
        "french"
    } else {
        "british"
    }
}

const CHOICES: &[(&str, &str)] = &[
    (
        "activate",
        "Activate him: restore leaders and call Reinforcements",
    ),
    ("decline", "Do not reorganize"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Reorganization",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "Wellington and Blücher reorganize separately.",
    },
    Field {
        id: "choice",
        label: "Strategic Leader",
        group: "Reorganization",
        kind: FieldKind::Choice(CHOICES),
        rule: "6.4, L1080-1090",
        help: "The faction may decide not to reorganize (L1080-1081, L1181-1183).",
    },
    Field::flag(
        "in_headquarters",
        "He is in his General HQ, friendly-controlled and free of enemy units",
        "Reorganization",
        "6.4, L1088-1090, L1106-1112",
        "Moved there first if need be: up to 3 MP (Wellington 4), and 1 MP to reveal him.",
    ),
    Field {
        id: "strategic_value",
        label: "His Strategic Value",
        group: "Reorganization",
        kind: FieldKind::Count { max: 4 },
        rule: "3.9.4, L548-551",
        help: "His stars; 1 at Heart. Filled in from the record.",
    },
    super::options::on_form(REORGANIZATION_ORDER),
    super::options::on_form(TURN_FIVE_REORGANIZATION),
    super::options::on_form(super::options::MORALE),
];

/// The Side that reorganizes second: the Disc's holder, or the Side with the Initiative
/// (the `reorganization_order` setting, digest §7.2 item 24).
fn second_side(input: &Input, record: &Record) -> &'static str {
    if input.text(REORGANIZATION_ORDER.id) == "initiative" {
        initiative_side(record)
    } else {
        disc_holder(record)
    }
}

/// A faction's Strategic Leader activated, or not, in the Reorganization Phase.
pub struct Reorganize;

impl Procedure for Reorganize {
    fn about(&self) -> &About {
        &About {
            id: "reorganize",
            title: "Reorganization: activate the Strategic Leader",
            rule: RULE,
            summary: "The Side without the Initiative Disc first: a faction activates its Strategic Leader in his General HQ to restore Tactical Leaders and call Reinforcements, up to his Strategic Value, or declines.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REORGANIZATION_ORDER);
        prefill_setting(input, record, &TURN_FIVE_REORGANIZATION);
        prefill_setting(input, record, &super::options::MORALE);
        // The next faction to reorganize: the Side without the Disc first (L1080-1081).
        let holder = second_side(input, record);
        let other = other_side(holder);
        let next = [other, holder]
            .into_iter()
            .flat_map(|side| factions_of(record, side))
            .find(|f| !record.counters.contains_key(done(f).as_str()));
        if let Some(faction) = next {
            input.set("side", Value::Text(faction.into()));
        }
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let value = strategic_value(record, input.text("side"));
            input.set("strategic_value", Value::Number(value));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("choice") == "activate" && !input.flag("in_headquarters") {
            return Err(InputError::new(
                "in_headquarters",
                format!(
                    "he is activated only in his General HQ, {}, friendly-controlled and free of enemy units (L1088-1090, L1106-1108)",
                    headquarters(input.text("side"))
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let faction = input.text("side");
        let value = strategic_value(record, faction);
        if value == 0 {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} Strategic Leader is not on the map with a ladder entered",
                    side_label(faction)
                ),
            ));
        }
        if i64::from(input.number("strategic_value")) != value {
            return Err(InputError::new(
                "strategic_value",
                format!("the record gives a Strategic Value of {value}"),
            ));
        }
        if record.counters.contains_key(done(faction).as_str()) {
            return Err(InputError::new(
                "side",
                format!("the {} have reorganized this turn", side_label(faction)),
            ));
        }
        if record.position.turn >= 5 && input.text(TURN_FIVE_REORGANIZATION.id) == "game-ends" {
            return Err(InputError::new(
                "",
                "the game ends after two passes in turn 5, with no Reorganization: resolve End of the game (L341-342)",
            ));
        }
        let holder = second_side(input, record);
        let other = other_side(holder);
        if side_of(faction) == holder
            && let Some(waiting) = factions_of(record, other)
                .into_iter()
                .find(|f| !record.counters.contains_key(done(f).as_str()))
        {
            return Err(InputError::new(
                "side",
                format!(
                    "the other Side reorganizes first: the {} have not yet (6.4, L1080-1081, L1160-1161)",
                    side_label(waiting)
                ),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let faction = input.text("side");
        let value = i64::from(input.number("strategic_value"));
        let for_turn = |name: String, value: i64, rule: &str| Effect::SetCounter {
            name: name.as_str().into(),
            value,
            rule: rule.into(),
            lasts: Lasts::Turn,
        };
        let mut effects = vec![for_turn(done(faction), 1, "6.4, L1080-1083")];
        // Demoralization comes whether or not the Strategic Leader is activated.
        if input.text(super::options::MORALE.id) == "on" {
            effects.push(Effect::reminder(
                &format!(
                    "Demoralization: every {} unit sharing an Area with enemy units that cannot trace a Line of Communication to its Strategic Leader loses a step",
                    side_label(faction)
                ),
                "OR 9.0 Morale, L1354-1358; 6.4.1, L1185-1198",
            ));
        }
        if input.text("choice") == "decline" {
            return Ok(Resolution::book_keeping(
                "reorganize",
                format!(
                    "The {} do not reorganize: no Tactical Leader restored, no Reinforcements (L1080-1081, L1181-1183)",
                    side_label(faction)
                ),
                effects,
            ));
        }
        effects.push(for_turn(rotations_left(faction), value, "6.4, L1133-1135"));
        effects.push(Effect::reminder(
            &format!(
                "Restore Tactical Leaders in his Line of Communication, {value} rotation(s) in all; then call up to {value} Reinforcement(s)"
            ),
            "6.4, L1117-1135; 5.0, L838-843",
        ));
        Ok(Resolution::book_keeping(
            "reorganize",
            format!(
                "The {} Strategic Leader is activated in {}: Strategic Value {value}",
                side_label(faction),
                headquarters(faction)
            ),
            effects,
        ))
    }
}

const RESTORE_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Restoration",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The faction whose Strategic Leader is activated.",
    },
    Field {
        id: "leader",
        label: "Tactical Leader",
        group: "Restoration",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::ON_MAP),
                (attribute::TYPE, "tactical-leader"),
            ],
            max_len: 40,
        },
        rule: "6.4, L1133-1135",
        help: "Only a Tactical Leader in a Line of Communication to his Strategic Leader (6.4.1).",
    },
    Field {
        id: "levels",
        label: "Rotations",
        group: "Restoration",
        kind: FieldKind::Number { min: 1, max: 3 },
        rule: "6.4, L1133-1135",
        help: "Each rotation restores one level.",
    },
    Field {
        id: "left",
        label: "Rotations left",
        group: "Restoration",
        kind: FieldKind::Count { max: 4 },
        rule: "6.4, L1133-1135",
        help: "Of the Strategic Value, this Reorganization. Filled in from the record.",
    },
];

/// A Tactical Leader restored by rotations of the activated Strategic Leader's value.
pub struct RestoreLeader;

impl Procedure for RestoreLeader {
    fn about(&self) -> &About {
        &About {
            id: "restore-leader",
            title: "Reorganization: restore a Tactical Leader",
            rule: "6.4, L1133-1135",
            summary: "Rotates a Tactical Leader back up, level by level, out of the rotations his activated Strategic Leader's Strategic Value allows.",
            fields: RESTORE_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let left = record
                .counters
                .get(rotations_left(input.text("side")).as_str())
                .copied()
                .unwrap_or(0);
            input.set("left", Value::Number(left));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let faction = input.text("side");
        let active = record.counters.get(done(faction).as_str()) == Some(&1);
        let Some(left) = record
            .counters
            .get(rotations_left(faction).as_str())
            .filter(|_| active)
        else {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} Strategic Leader is not activated in this Reorganization (6.4, L1117-1118)",
                    side_label(faction)
                ),
            ));
        };
        if *left != i64::from(input.number("left")) {
            return Err(InputError::new(
                "left",
                format!("the record has {left} rotation(s) left"),
            ));
        }
        if i64::from(input.number("levels")) > *left {
            return Err(InputError::new(
                "levels",
                format!("{left} rotation(s) are left of the Strategic Value (6.4, L1133-1135)"),
            ));
        }
        let name = input.text("leader").trim();
        let lost: i64 = record
            .unit(faction, name)
            .and_then(|u| u.attribute(attribute::LEVELS_LOST))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        if lost < i64::from(input.number("levels")) {
            return Err(InputError::new(
                "levels",
                format!(
                    "{name} has lost {lost} level(s): he is restored no higher than his full strength"
                ),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let faction = input.text("side");
        let name = input.text("leader").trim();
        let levels = i64::from(input.number("levels"));
        let left = i64::from(input.number("left")) - levels;
        Ok(Resolution::book_keeping(
            "restore-leader",
            format!("{name} restored {levels} level(s); {left} rotation(s) left"),
            vec![
                Effect::add_to(
                    faction,
                    name,
                    attribute::LEVELS_LOST,
                    -levels,
                    "6.4, L1133-1135",
                ),
                Effect::SetCounter {
                    name: rotations_left(faction).as_str().into(),
                    value: left,
                    rule: "6.4, L1133-1135".into(),
                    lasts: Lasts::Turn,
                },
            ],
        ))
    }
}

const END_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Deactivation",
        kind: FieldKind::Choice(SIDES),
        rule: "6.4, L1143-1151",
        help: "The faction whose Strategic Leader was activated.",
    },
    Field {
        id: "leader",
        label: "Strategic Leader",
        group: "Deactivation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "strategic-leader")],
            max_len: 40,
        },
        rule: "6.4, L1143-1151",
        help: "Filled in from the record.",
    },
    Field {
        id: "strategic_value",
        label: "His Strategic Value",
        group: "Deactivation",
        kind: FieldKind::Count { max: 4 },
        rule: "3.9.4, L548-551",
        help: "1 at Heart, when he is not reduced. Filled in from the record.",
    },
];

/// The Strategic Leader deactivated after his Reorganization: reduced one level unless at Heart,
/// and placed upright (L1143-1151).
pub struct StrategicDeactivation;

impl Procedure for StrategicDeactivation {
    fn about(&self) -> &About {
        &About {
            id: "strategic-deactivation",
            title: "Reorganization: deactivate the Strategic Leader",
            rule: "6.4, L1143-1151",
            summary: "Reduces the Strategic Leader one level, unless at Heart, and places him upright; his unused rotations are lost.",
            fields: END_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let faction = input.text("side").to_string();
            if let Some(name) = strategic_leader(record, &faction) {
                input.set("leader", Value::Text(name.as_str().into()));
            }
            input.set(
                "strategic_value",
                Value::Number(strategic_value(record, &faction)),
            );
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let faction = input.text("side");
        // Reorganized: 1 while the Strategic Leader is active, 2 once he is deactivated.
        if !record
            .counters
            .contains_key(rotations_left(faction).as_str())
            || record.counters.get(done(faction).as_str()) != Some(&1)
        {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} Strategic Leader is not activated in this Reorganization",
                    side_label(faction)
                ),
            ));
        }
        if strategic_leader(record, faction).as_deref() != Some(input.text("leader").trim()) {
            return Err(InputError::new(
                "leader",
                "name the faction's Strategic Leader",
            ));
        }
        let value = strategic_value(record, faction);
        if i64::from(input.number("strategic_value")) != value {
            return Err(InputError::new(
                "strategic_value",
                format!("the record gives a Strategic Value of {value}"),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let faction = input.text("side");
        let name = input.text("leader").trim();
        let at_heart = input.number("strategic_value") <= 1;
        let mut effects = vec![
            Effect::SetCounter {
                name: rotations_left(faction).as_str().into(),
                value: 0,
                rule: "6.4, L1143-1144".into(),
                lasts: Lasts::Turn,
            },
            Effect::SetCounter {
                name: done(faction).as_str().into(),
                value: 2,
                rule: "6.4, L1143-1144".into(),
                lasts: Lasts::Turn,
            },
            Effect::reminder(&format!("Place {name} upright again"), "6.4, L1143-1144"),
        ];
        let headline = if at_heart {
            format!("{name} deactivated; at Heart, he is not reduced (L1150-1151)")
        } else {
            effects.push(Effect::add_to(
                faction,
                name,
                attribute::LEVELS_LOST,
                1,
                "6.4, L1143-1144",
            ));
            format!("{name} deactivated and reduced one level (L1143-1144)")
        };
        Ok(Resolution::book_keeping(
            "strategic-deactivation",
            headline,
            effects,
        ))
    }
}
