//! Activating Tactical Leaders for a Tactical Action (6.2.1 Activation Phase, L906-921; 3.9.1,
//! L581-611) and deactivating them after it (6.2.4 Deactivation Phase, L1191-1196; 3.9.2,
//! L619-633).
//!
//! Each faction activates up to its Strategic Leader's Strategic Value in Tactical Leaders, and
//! at least one of the Side's activated leaders must be above Heart (L893-898, L906-915). The
//! Allies choose the same kind of action in an Impulse (L128-132), so one form activates the
//! British and the Prussian leaders together. Each activated leader allows one new engagement and
//! battle (L917-918, L934-935). Whether a leader is Isolated (6.4.1) the players judge on the map.

use super::blocks::{Block, Listed, Owner, attribute, facts_field, state};
use super::impulse::{LEADERS_ACTIVATED, action_mark, last_side};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// Who acts: the French, or the Allies together (L128-132).
const ACTING: &[(&str, &str)] = &[
    ("french", "French"),
    ("british", "Allies (British and Prussians)"),
];

/// The record's mark on a Tactical Leader activated this Impulse.
pub const ACTIVATED: &str = "activated";

/// The new engagements and battles the activated leaders allow this Impulse (L917-918).
pub const BATTLES_ALLOWED: &str = "Battles allowed this Impulse";

const ON_MAP_LEADERS: &[(&str, &str)] = &[
    ("state", state::ON_MAP),
    (attribute::TYPE, "tactical-leader"),
];

const LEADERS: Listed = Listed {
    units: "leaders",
    owner: Owner::Field("side"),
    facts: "leaders_facts",
};

const PRUSSIAN_LEADERS: Listed = Listed {
    units: "prussian_leaders",
    owner: Owner::Fixed("prussian"),
    facts: "prussian_facts",
};

const ACTIVATION_RULE: &str = "6.2.1 Activation Phase, L906-921";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Tactical Action",
        kind: FieldKind::Choice(ACTING),
        rule: "2.0 Basic Definitions, L322-328; Two Sides, L128-132",
        help: "The Side whose Impulse it is. The British and the Prussians act together.",
    },
    Field {
        id: "leaders",
        label: "Tactical Leaders activated",
        group: "Tactical Action",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: ON_MAP_LEADERS,
        },
        rule: ACTIVATION_RULE,
        help: "French, or British for the Allies: up to the Strategic Leader's Strategic Value, none Isolated.",
    },
    facts_field("leaders_facts", "Tactical Action"),
    Field {
        id: "strategic_value",
        label: "Strategic Value of Napoleon or Wellington",
        group: "Tactical Action",
        kind: FieldKind::Count { max: 4 },
        rule: "3.9.4 Strategic Leaders, L548-551; 3.9.3 Heart Level, L505",
        help: "His stars; 1 at Heart. Filled in from the record.",
    },
    Field {
        id: "prussian_leaders",
        label: "Prussian Tactical Leaders activated",
        group: "Tactical Action",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: ON_MAP_LEADERS,
        },
        rule: ACTIVATION_RULE,
        help: "Up to Blücher's Strategic Value, none Isolated.",
    },
    facts_field("prussian_facts", "Tactical Action"),
    Field {
        id: "prussian_strategic_value",
        label: "Strategic Value of Blücher",
        group: "Tactical Action",
        kind: FieldKind::Count { max: 4 },
        rule: "3.9.4 Strategic Leaders, L548-551; 3.9.3 Heart Level, L505",
        help: "His stars; 1 at Heart; 0 before he arrives. Filled in from the record.",
    },
];

/// The Strategic Value of `side`'s Strategic Leader: his strength, 1 at Heart (L548-550, L505);
/// 0 if he is not on the map.
pub fn strategic_value(record: &Record, side: &str) -> i64 {
    record
        .units_where(
            Some(side),
            &[
                (attribute::TYPE, "strategic-leader"),
                ("state", state::ON_MAP),
            ],
        )
        .find_map(|(_, name, unit)| Block::of(name, unit))
        .and_then(|block| block.top())
        .map_or(0, |level| level.strength())
}

/// The factions acting on the form, each with its leaders and its Strategic Leader's value field.
fn factions(input: &Input) -> Vec<(&'static str, Listed, &'static str)> {
    if input.text("side") == "french" {
        vec![("Napoleon", LEADERS, "strategic_value")]
    } else {
        vec![
            ("Wellington", LEADERS, "strategic_value"),
            ("Blücher", PRUSSIAN_LEADERS, "prussian_strategic_value"),
        ]
    }
}

pub struct Activation;

impl Procedure for Activation {
    fn about(&self) -> &About {
        &About {
            id: "activation",
            title: "Tactical Action: activate leaders",
            rule: ACTIVATION_RULE,
            summary: "Activates the Side's Tactical Leaders for a Tactical Action, up to each Strategic Leader's Strategic Value, and sets the Impulse's allowance of new battles.",
            fields: FIELDS,
        }
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        input.text("side") != "french" || !field.starts_with("prussian")
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        LEADERS.follow(changed, input, record);
        PRUSSIAN_LEADERS.follow(changed, input, record);
        if changed == "side" {
            let side = input.text("side").to_string();
            let value = strategic_value(record, &side);
            input.set("strategic_value", Value::Number(value));
            let value = strategic_value(record, "prussian");
            input.set("prussian_strategic_value", Value::Number(value));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let mut above_heart = false;
        let mut count = 0;
        for (leader, listed, value_field) in factions(input) {
            let blocks = listed.check_listed(input)?;
            let value = i64::from(input.number(value_field));
            if i64::try_from(blocks.len()).unwrap_or(i64::MAX) > value {
                return Err(InputError::new(
                    listed.units,
                    format!(
                        "{leader}'s Strategic Value is {value}: at most {value} Tactical Leader(s) (6.2.1, L906-910)"
                    ),
                ));
            }
            above_heart |= blocks
                .iter()
                .any(|b| b.top().is_some_and(|l| l.from_adjacent() > 0));
            count += blocks.len();
        }
        if count == 0 {
            return Err(InputError::new(
                "leaders",
                "a Tactical Action activates at least one Tactical Leader (6.2, L893-898)",
            ));
        }
        if !above_heart {
            return Err(InputError::new(
                "leaders",
                "at least one activated Tactical Leader must be above Heart: leaders at Heart alone cannot make a Tactical Action (6.2, L893-898; 6.2.1, L909-910)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        // Once the players record the Impulses, leaders are activated once, by the Side whose
        // Tactical Action it is (6.0, L822-825; 6.2.1, L906-910).
        if let Some(side) = last_side(record) {
            if side != input.text("side")
                || !record.marks.contains(action_mark("tactical").as_str())
            {
                return Err(InputError::new(
                    "side",
                    "leaders are activated in a Tactical Action, by the Side whose Impulse it is: choose the Impulse's action first (6.0, L822-825)",
                ));
            }
            if record.marks.contains(LEADERS_ACTIVATED) {
                return Err(InputError::new(
                    "leaders",
                    "this Tactical Action's leaders are activated already (6.2.1, L906-910)",
                ));
            }
        }
        for (leader, listed, value_field) in factions(input) {
            listed.check_record(input, record)?;
            let side = listed.side(input);
            let value = strategic_value(record, side);
            if value == 0 && !input.list(listed.units).is_empty() {
                return Err(InputError::new(
                    value_field,
                    format!("{leader} is not on the map, or his ladder is not entered yet"),
                ));
            }
            if value != i64::from(input.number(value_field)) {
                return Err(InputError::new(
                    value_field,
                    format!("the record gives {leader} a Strategic Value of {value}"),
                ));
            }
            for name in input.list(listed.units) {
                if record
                    .unit(side, name)
                    .and_then(|u| u.attribute(ACTIVATED))
                    .is_some_and(|a| a == "yes")
                {
                    return Err(InputError::new(
                        listed.units,
                        format!("{name} is already activated this Impulse"),
                    ));
                }
            }
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut effects = Vec::new();
        let mut names = Vec::new();
        let mut uxbridge = false;
        for (_, listed, _) in factions(input) {
            let side = listed.side(input);
            for block in listed.blocks(input)? {
                effects.push(Effect::set_attribute(
                    side,
                    &block.name,
                    ACTIVATED,
                    "yes",
                    "3.9.1 Activating a Leader, L581-611",
                ));
                uxbridge |= block.name == "Uxbridge";
                names.push(block.name);
            }
        }
        effects.push(Effect::Mark {
            name: LEADERS_ACTIVATED.into(),
            rule: ACTIVATION_RULE.into(),
        });
        let allowed = i64::try_from(names.len()).unwrap_or(0);
        effects.push(Effect::SetCounter {
            name: BATTLES_ALLOWED.into(),
            value: allowed,
            rule: "6.2.1, L917-918; 6.2.2, L923-926, L934-935".into(),
            lasts: Lasts::Step,
        });
        let (moves, range) = if input.text("side") == "french" {
            ("3 MP", "2 Areas, 1 at Heart")
        } else {
            ("3 MP (British 4)", "1 Area, at Heart only his own")
        };
        effects.push(Effect::reminder(
            &format!(
                "Move each activated leader up to {moves}, then reveal him for 1 MP: never in an Area with enemy units, never overstacked"
            ),
            "3.9.1, L585-590, L609-611; 6.2.1, L920-921",
        ));
        effects.push(Effect::reminder(
            &format!(
                "Each commands the units of his corps within his Tactical Range: {range}, traced as a Line of Communication; they move with +1 MP"
            ),
            "3.9.5.1, L592-597; 3.9.3, L506-511; 3.9.5.3, L638-640",
        ));
        if uxbridge {
            effects.push(Effect::reminder(
                "Uxbridge's Tactical Range equals his Tactical Value",
                "3.9.5.2 Uxbridge, L613-617",
            ));
        }
        Ok(Resolution::book_keeping(
            "activation",
            format!(
                "{} activated: {allowed} new engagement(s) and battle(s) this Impulse",
                names.join(", ")
            ),
            effects,
        ))
    }
}

const DEACTIVATION_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Deactivation",
        kind: FieldKind::Choice(ACTING),
        rule: "6.2.4 Deactivation Phase, L1191-1196",
        help: "The Side whose Impulse ends.",
    },
    Field {
        id: "leaders",
        label: "Activated Tactical Leaders",
        group: "Deactivation",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(ACTIVATED, "yes")],
        },
        rule: "6.2.4, L1191-1196",
        help: "French, or British for the Allies. Filled in from the record.",
    },
    facts_field("leaders_facts", "Deactivation"),
    Field {
        id: "prussian_leaders",
        label: "Activated Prussian Tactical Leaders",
        group: "Deactivation",
        kind: FieldKind::Units {
            of: UnitOf::Fixed("prussian"),
            only: &[(ACTIVATED, "yes")],
        },
        rule: "6.2.4, L1191-1196",
        help: "Filled in from the record.",
    },
    facts_field("prussian_facts", "Deactivation"),
];

/// Deactivates the Impulse's Tactical Leaders: each is reduced one level unless at Heart, then
/// concealed (L620-633, L1193, L1237-1240).
pub struct Deactivation;

impl Procedure for Deactivation {
    fn about(&self) -> &About {
        &About {
            id: "deactivation",
            title: "Deactivation",
            rule: "6.2.4 Deactivation Phase, L1191-1196",
            summary: "Reduces each activated Tactical Leader one level, unless at Heart, and conceals the activated leaders and artillery.",
            fields: DEACTIVATION_FIELDS,
        }
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        input.text("side") != "french" || !field.starts_with("prussian")
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let side = super::impulse::current_side(record);
        input.set("side", Value::Text(side.into()));
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            for listed in [LEADERS, PRUSSIAN_LEADERS] {
                let side = listed.side(input).to_string();
                let activated: Vec<Symbol> = record
                    .units_where(Some(&side), &[(ACTIVATED, "yes")])
                    .map(|(_, name, _)| name.into())
                    .collect();
                input.set(listed.units, Value::List(activated));
                listed.follow(listed.units, input, record);
            }
        }
        LEADERS.follow(changed, input, record);
        PRUSSIAN_LEADERS.follow(changed, input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for (_, listed, _) in factions(input) {
            listed.check_listed(input)?;
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut any = false;
        for (_, listed, _) in factions(input) {
            listed.check_record(input, record)?;
            let side = listed.side(input);
            // Every activated leader is deactivated (L1192-1196).
            for (_, name, _) in record.units_where(Some(side), &[(ACTIVATED, "yes")]) {
                any = true;
                if !input.list(listed.units).iter().any(|n| n.as_ref() == name) {
                    return Err(InputError::new(
                        listed.units,
                        format!(
                            "{name} is activated: every activated Tactical Leader is deactivated (L1192-1196)"
                        ),
                    ));
                }
            }
        }
        if !any {
            return Err(InputError::new(
                "leaders",
                "no Tactical Leader of this Side is activated",
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
        let mut effects = Vec::new();
        let mut reduced = Vec::new();
        for (_, listed, _) in factions(input) {
            let side = listed.side(input);
            for block in listed.blocks(input)? {
                let at_heart = block.top().is_some_and(|l| l.from_adjacent() == 0);
                if !at_heart {
                    effects.push(Effect::add_to(
                        side,
                        &block.name,
                        attribute::LEVELS_LOST,
                        1,
                        "3.9.2 Deactivating a Leader, L620-633",
                    ));
                    let next = block
                        .levels
                        .get(1)
                        .map_or("eliminated".to_string(), |l| l.to_string());
                    reduced.push(format!("{} to {next}", block.name));
                }
                effects.push(Effect::set_attribute(
                    side,
                    &block.name,
                    ACTIVATED,
                    "",
                    "6.2.4, L1191-1196",
                ));
            }
        }
        effects.push(Effect::reminder(
            "Conceal the activated leaders and the activated artillery (artillery is not reduced again)",
            "6.2.4, L1191-1196, L1046-1047",
        ));
        let headline = if reduced.is_empty() {
            "Deactivated; every leader was at Heart, none reduced".to_string()
        } else {
            format!("Deactivated: {} reduced", reduced.join(", "))
        };
        Ok(Resolution::book_keeping("deactivation", headline, effects))
    }
}
