//! The Leader Segments (4.5, L704-724): a player replaces a Formation's Leader with one from the
//! Leader Pool, or exchanges the Leaders of two Formations in the same area. The Mobilization
//! Phase allows one change (4.5.2, L710); the Administration Phase two, any mix of replacements
//! and exchanges (4.5.3, L712-716). A Leader sent to the Pool cannot come back in the same Phase
//! (4.5.6, L720); a replaced Formation keeps its AP level until the next reset (4.2.8, L680).

use super::administrative_points::{FORCED, fill_forced, forced_field, forced_used};
use super::movement::ops_mark;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people};

/// The Phase, as "turn/phase", a Leader went to the Leader Pool in (4.5.6, L720).
pub const POOLED_IN: &str = "pooled_in";

/// The counter of a side's Leader changes in this segment.
fn changes(side: &str) -> String {
    format!("Leader changes by the {} this segment", people(side))
}

const KINDS: &[(&str, &str)] = &[
    ("replace", "Replace a Leader from the Leader Pool"),
    ("exchange", "Exchange the Leaders of two Formations"),
];

const FORMATION: FieldKind = FieldKind::Unit {
    of: UnitOf::Side("side"),
    only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
    max_len: crate::engine::input::UNIT_NAME_MAX,
};

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Leaders",
        kind: FieldKind::Choice(SIDES),
        rule: "4.5, L704",
        help: "Each player changes his own Leaders.",
    },
    Field {
        id: "change",
        label: "Change",
        group: "Leaders",
        kind: FieldKind::Choice(KINDS),
        rule: "4.5.2-4.5.3, L710-716",
        help: "One change in the Mobilization Phase; two in the Administration Phase.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Leaders",
        kind: FORMATION,
        rule: "4.5.2, L710",
        help: "The Formation whose Leader changes.",
    },
    Field {
        id: "new_leader",
        label: "Leader from the Pool",
        group: "Leaders",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "leader"), ("state", state::LEADER_POOL)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "4.5.2, L710; 4.5.5, L718",
        help: "One who was in the Pool when the segment began.",
    },
    Field {
        id: "other_formation",
        label: "The other Formation",
        group: "Leaders",
        kind: FORMATION,
        rule: "4.5.2, L710",
        help: "In the same area as the first.",
    },
    Field {
        id: "leader_now",
        label: "Its Leader now",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "4.5.4, L716",
        help: "From the record: a replaced Leader goes to the Pool.",
    },
    Field {
        id: "other_leader_now",
        label: "The other Formation's Leader now",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "4.5.2, L710",
        help: "From the record.",
    },
    Field {
        id: "made",
        label: "Changes made this segment",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "4.5.2-4.5.3, L710-716",
        help: "From the record.",
    },
    Field {
        id: "phase",
        label: "This Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: "4.5.6, L720",
        help: "From the record.",
    },
    forced_field("forced_now", "What the record knows"),
    Field::flag(
        "other_forced_now",
        "The other Formation's Leader owes -1 too",
        "What the record knows",
        "4.2.6, L676",
        "From the record.",
    ),
];

fn leader_of<'a>(record: &'a Record, side: &str, formation: &str) -> &'a str {
    record
        .unit(side, formation)
        .and_then(|f| f.attribute(attribute::LEADER))
        .unwrap_or("")
}

/// A Leader Segment's change of Leaders.
pub struct LeaderChange;

impl LeaderChange {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let now = leader_of(record, &side, input.text("formation").trim()).to_string();
        let other = leader_of(record, &side, input.text("other_formation").trim()).to_string();
        input.set("leader_now", Value::Text(now.as_str().into()));
        input.set("other_leader_now", Value::Text(other.as_str().into()));
        input.set("phase", Value::Text(ops_mark(record).as_str().into()));
        let formation = input.text("formation").trim().to_string();
        fill_forced(input, "forced_now", record, &side, &formation);
        let other_formation = input.text("other_formation").trim().to_string();
        fill_forced(input, "other_forced_now", record, &side, &other_formation);
        let made = record
            .counters
            .get(changes(&side).as_str())
            .copied()
            .unwrap_or(0);
        input.set("made", Value::Number(made));
    }

    /// How many changes the Phase allows: one in the Mobilization Phase (4.5.2), two in the
    /// Administration Phase (4.5.3).
    fn allowed(record: &Record) -> i64 {
        let administration = super::SEQUENCE
            .phases
            .get(record.position.phase)
            .is_some_and(|p| p.title == super::sequence::ADMINISTRATION_TITLE);
        if administration { 2 } else { 1 }
    }
}

impl Procedure for LeaderChange {
    fn about(&self) -> &About {
        &About {
            id: "leader-change",
            title: "Change Leaders",
            rule: "4.5, L704-724",
            summary: "Replace a Formation's Leader with one from the Leader Pool, or exchange the Leaders of two Formations in the same area: one change in the Mobilization Phase, two in the Administration Phase.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "new_leader" => input.text("change") == "replace",
            "other_formation" | "other_leader_now" => input.text("change") == "exchange",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input
            .first_difference(
                &known,
                [
                    "leader_now",
                    "other_leader_now",
                    "phase",
                    "made",
                    "forced_now",
                    "other_forced_now",
                ],
            )
            .is_some()
        {
            return Err(InputError::new(
                "formation",
                "the record knows these Leaders otherwise: pick the Formation again",
            ));
        }
        let made = i64::from(input.number("made"));
        let allowed = Self::allowed(record);
        if made >= allowed {
            return Err(InputError::new(
                "change",
                format!(
                    "the {} have made {made} Leader change(s) this segment, all the Phase allows (4.5.2-4.5.3, L710-716)",
                    people(side)
                ),
            ));
        }
        let formation = input.text("formation").trim();
        if input.text("change") == "replace" {
            let new = input.text("new_leader").trim();
            let pooled = record.unit(side, new);
            if pooled.is_none_or(|l| l.state.as_str() != state::LEADER_POOL) {
                return Err(InputError::new(
                    "new_leader",
                    format!("{new} is not in the {} Leader Pool", people(side)),
                ));
            }
            if pooled.and_then(|l| l.attribute(POOLED_IN)) == Some(ops_mark(record).as_str()) {
                return Err(InputError::new(
                    "new_leader",
                    format!(
                        "{new} went to the Leader Pool in this Phase and cannot be appointed again in it (4.5.6, L720)"
                    ),
                ));
            }
        } else {
            let other = input.text("other_formation").trim();
            let area = |f: &str| {
                record
                    .unit(side, f)
                    .and_then(|u| u.attribute(attribute::AREA))
                    .unwrap_or("")
                    .to_string()
            };
            if other == formation || area(formation) != area(other) {
                return Err(InputError::new(
                    "other_formation",
                    format!("{other} is not another Formation in {formation}'s area (4.5.2, L710)"),
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
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let now = input.text("leader_now");
        // The count lives for the segment: the next segment starts again at 0.
        let mut effects = vec![Effect::SetCounter {
            name: changes(side).into(),
            value: i64::from(input.number("made")) + 1,
            rule: "4.5.2-4.5.3, L710-716".into(),
            lasts: Lasts::Step,
        }];
        let headline = if input.text("change") == "replace" {
            let new = input.text("new_leader").trim();
            let rule = "4.5.4-4.5.5, L716-718";
            effects.extend([
                Effect::set_attribute(side, formation, attribute::LEADER, new, rule),
                Effect::set_state(side, new, state::IN_PLAY, rule),
                Effect::set_attribute(side, new, attribute::FORMATION, formation, rule),
            ]);
            if !now.is_empty() {
                effects.extend([
                    Effect::set_state(side, now, state::LEADER_POOL, rule),
                    Effect::set_attribute(side, now, attribute::FORMATION, "", rule),
                    Effect::set_attribute(side, now, POOLED_IN, input.text("phase"), "4.5.6, L720"),
                ]);
            }
            // The -1 owed was the departing Leader's, for a roll made for him (4.2.6, L676).
            effects.extend(forced_used(input, "forced_now", side, formation));
            format!("{new} takes command of {formation}; {now} goes to the Leader Pool")
        } else {
            let other = input.text("other_formation").trim();
            let other_now = input.text("other_leader_now");
            let rule = "4.5.2, L710";
            effects.extend([
                Effect::set_attribute(side, formation, attribute::LEADER, other_now, rule),
                Effect::set_attribute(side, other, attribute::LEADER, now, rule),
                Effect::set_attribute(side, other_now, attribute::FORMATION, formation, rule),
                Effect::set_attribute(side, now, attribute::FORMATION, other, rule),
            ]);
            // Each Leader takes the -1 he owes with him (4.2.6, L676).
            let owes = |id: &str| if input.flag(id) { "yes" } else { "" };
            if input.flag("forced_now") != input.flag("other_forced_now") {
                effects.extend([
                    Effect::set_attribute(
                        side,
                        formation,
                        FORCED,
                        owes("other_forced_now"),
                        "4.2.6, L676",
                    ),
                    Effect::set_attribute(side, other, FORCED, owes("forced_now"), "4.2.6, L676"),
                ]);
            }
            format!("{other_now} takes {formation} and {now} takes {other}")
        };
        Ok(Resolution::book_keeping("leader-change", headline, effects))
    }
}
