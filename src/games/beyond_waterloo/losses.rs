//! Taking the steps a Combat Round inflicted (6.10, L1036-1052): the owner picks the units, from
//! the Lead Formation first, and how many steps each takes. A Corps' second step replaces it with
//! a Division from the Divisions Pool (3.6.5, L598-602); the French take two steps from regular
//! units before a single one from a National Guard unit (6.10.5, L1046).
//!
//! Readings (digest Corrections, "National Guard loss rule vs Lead-first"): the two regular steps
//! count over the round, and once taken the rule does not repeat (the literal "before they may
//! apply a single step loss"). The Lead-first rule is checked unit by unit: a Supporting
//! Formation's unit takes a step only when the Lead Formation has no unit left.

use super::options::GUARD_ORDER;
use super::roster::{attribute, current, halves, halves_text, state};
use super::tactics::{FIRST_LOSS_KINDS, first_loss};
use super::{SIDES, people};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record, UnitRecord};
use crate::engine::table_set::TableSet;

const RULE: &str = "6.10 Combat Losses, L1036-1052";

/// The steps a side must still take this round, as the combat round sets them.
pub fn to_take(side: &str) -> String {
    format!("Steps the {} still take", people(side))
}

/// The steps a Formation owes on its own, which its own units take whatever its part in the
/// battle: its Reaction Move's losses (6.13.8e, L1115), or its step for withdrawing after a tie
/// under the `tie_withdrawal` setting.
pub fn formation_to_take(formation: &str) -> String {
    format!("Steps {formation} still takes")
}

/// The steps a side took from regular units this round (6.10.5).
fn regular_taken(side: &str) -> String {
    format!("Steps the {} took from regular units", people(side))
}

const SIZES: &[(&str, &str)] = &[
    ("corps", "Corps"),
    ("division", "Division"),
    ("national-guard", "National Guard"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side taking the losses",
        group: "Losses",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "The owner picks the units (6.10.2, L1040).",
    },
    Field {
        id: "unit",
        label: "Troop unit",
        group: "Losses",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
            max_len: 60,
        },
        rule: "6.10.2, L1040; 6.2.5, L874",
        help: "A unit of the Lead Formation first; a Supporting Formation's once the Lead has none left.",
    },
    Field {
        id: "steps",
        label: "Steps it takes",
        group: "Losses",
        kind: FieldKind::Count { max: 4 },
        rule: "3.6.3, L592",
        help: "A Division has two steps, a Corps four: two as a Corps, two more as the Division that replaces it.",
    },
    Field {
        id: "substitute",
        label: "Division replacing the Corps",
        group: "Losses",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::SIZE, "division")],
            max_len: 60,
        },
        rule: "3.6.5, L598-602; 27.1.1, L2190",
        help: "At a Corps' second step: a Division of its type from the Divisions Pool, CF lower than the Corps' and Morale value no lower. None if no Division qualifies: the Corps is eliminated.",
    },
    Field {
        id: "reduced_cf",
        label: "Its reduced side's CF",
        group: "Losses",
        kind: FieldKind::Text { max_len: 4 },
        rule: "3.6.1, L588",
        help: "As the back of the counter prints it, when the unit turns over: the record keeps it.",
    },
    Field {
        id: "reduced_morale",
        label: "Its reduced side's Morale",
        group: "Losses",
        kind: FieldKind::Text { max_len: 4 },
        rule: "3.6.1, L588; 5.2.2, L776",
        help: "As the back of the counter prints it (none on a National Guard unit).",
    },
    Field {
        id: "size",
        label: "Its size",
        group: "What the record knows",
        kind: FieldKind::Choice(SIZES),
        rule: "3.6.3, L592; 3.4.4, L570",
        help: "Filled in from the record.",
    },
    Field::flag(
        "reduced",
        "It shows its reduced side",
        "What the record knows",
        "3.6.1, L588",
        "Filled in from the record.",
    ),
    Field::flag(
        "half_cf",
        "A ½ CF National Guard unit (one step)",
        "What the record knows",
        "3.4.4, L570",
        "Filled in from the record.",
    ),
    Field {
        id: "formation",
        label: "Its Formation",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "6.2.2, L863-868",
        help: "Filled in from the record; the Division that replaces a Corps takes its place.",
    },
    Field::flag(
        "reaction",
        "Its Formation owes these steps on its own",
        "What the record knows",
        "6.13.8e, L1115",
        "Filled in from the record: a Reaction Move's losses, which the reacting Formation's own units take.",
    ),
    Field {
        id: "still_to_take",
        label: "Steps still to take this round",
        group: "What the record knows",
        kind: FieldKind::Count { max: 30 },
        rule: "6.10.1, L1038",
        help: "Filled in from the record: what the FERT inflicted, less the steps taken so far.",
    },
    Field {
        id: "regular_so_far",
        label: "Steps taken from regular units this round",
        group: "What the record knows",
        kind: FieldKind::Count { max: 30 },
        rule: "6.10.5, L1046",
        help: "Filled in from the record: two come before a National Guard step.",
    },
    Field {
        id: "box",
        label: "Its box",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: "6.2.2, L863-868",
        help: "Filled in from the record: empty for the Formation box, screen or charge.",
    },
    Field::flag(
        "last_unit",
        "It is the last Troop unit of its Formation",
        "What the record knows",
        "5.1.8, L770; 9.1.9, L1262",
        "Filled in from the record in the campaign: a Formation left without units is de-activated and its Leader goes to the Leader Pool.",
    ),
    Field::flag(
        "attrition",
        "These are attrition losses",
        "What the record knows",
        "9.1.7, L1258; 20.3, L1777",
        "Filled in from the record in an Attrition Segment: each step taken scores the opponent 1 VP.",
    ),
    Field {
        id: "leader",
        label: "Its Formation's Leader",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "5.1.8, L770",
        help: "Filled in from the record in the campaign.",
    },
    Field {
        id: "phase",
        label: "This Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: "4.5.6, L720; 13.2.5, L1423",
        help: "Filled in from the record in the campaign: a Leader sent to the Leader Pool in it cannot take a command again in it.",
    },
];

/// A Formation de-activated: its marker goes to its space on the organization display and its
/// Leader to the Leader Pool (5.1.8, L770; 9.1.9, L1262; 11.1.4, L1320). In a campaign `phase`
/// is the Phase where play stands ("turn/phase"), marked on the Leader: he cannot be appointed
/// again in it (4.5.6, L720), nor command a new Formation in this Mobilization Phase (13.2.5,
/// L1423). Empty in the Combat Game, which marks nothing.
pub(crate) fn deactivation(
    side: &str,
    formation: &str,
    leader: &str,
    phase: &str,
    rule: &str,
) -> Vec<Effect> {
    let mut effects = vec![
        Effect::set_state(side, formation, state::INACTIVE, rule),
        Effect::set_attribute(side, formation, attribute::LEADER, "", rule),
    ];
    if !leader.is_empty() {
        effects.extend([
            Effect::set_state(side, leader, state::LEADER_POOL, rule),
            Effect::set_attribute(side, leader, attribute::FORMATION, "", rule),
        ]);
        if !phase.is_empty() {
            effects.push(Effect::set_attribute(
                side,
                leader,
                super::campaign::POOLED_IN,
                phase,
                "4.5.6, L720; 13.2.5, L1423",
            ));
        }
    }
    effects
}

/// The steps the counter itself can take before it is eliminated or, a Corps, replaced.
fn counter_steps(input: &Input) -> i32 {
    match (
        input.text("size"),
        input.flag("reduced"),
        input.flag("half_cf"),
    ) {
        (_, true, _) | ("national-guard", _, true) => 1,
        _ => 2,
    }
}

pub struct TakeLosses;

/// Whether the unit shows its back after these steps, or (a Corps) is compared by it: the form
/// then asks for the back of the counter.
fn turns_over(input: &Input) -> bool {
    !input.flag("reduced")
        && (input.number("steps") < counter_steps(input) || input.text("size") == "corps")
}

/// The CF and Morale of a Corps at its second loss: its reduced side (3.6.5, L598-602).
fn reduced_side(unit: &UnitRecord, input: &Input) -> (Option<u32>, Option<u32>) {
    let typed = |id: &str, attribute: &str| {
        halves(input.text(id)).or_else(|| unit.attribute(attribute).and_then(halves))
    };
    (
        typed("reduced_cf", attribute::REDUCED_CF),
        typed("reduced_morale", attribute::REDUCED_MORALE).map(|h| h / 2),
    )
}

/// Whether `division` may replace the Corps (3.6.5a-b, L600-601): of its type and nation, a CF
/// lower than the Corps' and a Morale value no lower; or why not.
fn qualifies(
    division: &UnitRecord,
    corps: (Option<u32>, Option<u32>),
    unit: &UnitRecord,
) -> Result<(), String> {
    if division.attribute(attribute::TYPE) != unit.attribute(attribute::TYPE) {
        return Err("the Division must be of the Corps' type (3.6.5, L598)".into());
    }
    // Of the Corps' nation, as in a breakdown (3.7.2, L610); a Minor Allied Corps is replaced by
    // one of the two anonymous Minor Allied Divisions (23.1.3, L2005), entered with nation "minor".
    let corps_nation = unit.attribute(attribute::NATION).unwrap_or("");
    let minor_ally =
        corps_nation != "french" && !super::roster::MAJOR_NATIONS.contains(&corps_nation);
    let division_nation = division.attribute(attribute::NATION).unwrap_or("");
    let fits = division_nation == corps_nation || (minor_ally && division_nation == "minor");
    if !fits {
        return Err(if minor_ally {
            "a Minor Allied Corps is replaced by a Minor Allied Division (23.1.3, L2005)".into()
        } else {
            "the Division must be of the Corps' nation (3.7.2, L610)".into()
        });
    }
    let (Some(corps_cf), Some(corps_morale)) = corps else {
        return Err("enter the Corps' reduced side (CF and Morale) first".into());
    };
    let (Some(division_cf), Some(division_morale)) = current(division) else {
        return Err("enter the Division's CF and Morale first (Counter values)".into());
    };
    if division_cf >= corps_cf {
        return Err(format!(
            "its CF {} is not lower than the Corps' {} (3.6.5a, L600)",
            halves_text(division_cf),
            halves_text(corps_cf)
        ));
    }
    if division_morale < corps_morale {
        return Err(format!(
            "its Morale value {division_morale} is below the Corps' {corps_morale} (3.6.5b, L601)"
        ));
    }
    Ok(())
}

/// Whether `division` may come in to replace a Corps: a Division in the Divisions Pool, or for the
/// French in the Eliminated pile (3.6.5, L598).
fn in_a_pool(side: &str, division: &UnitRecord) -> bool {
    division.attribute(attribute::SIZE) == Some("division")
        && (division.state.as_ref() == state::DIVISIONS_POOL
            || (side == "french" && division.state.as_ref() == state::ELIMINATED))
}

/// The Division named to replace a Corps at its second loss, or the refusal: one must be named
/// when one qualifies, since only then is the Corps eliminated (3.6.5c, L602).
fn check_substitute(
    input: &Input,
    record: &Record,
    side: &str,
    unit: &UnitRecord,
) -> Result<(), InputError> {
    let corps = reduced_side(unit, input);
    let substitute = input.text("substitute").trim();
    if substitute.is_empty() {
        let mut pool = record
            .units_where(Some(side), &[])
            .filter(|(_, _, d)| in_a_pool(side, d));
        if let Some((_, name, _)) = pool.find(|(_, _, d)| qualifies(d, corps, unit).is_ok()) {
            return Err(InputError::new(
                "substitute",
                format!(
                    "{name} in the Divisions Pool qualifies: it replaces the Corps (3.6.5, L598-602)"
                ),
            ));
        }
        return Ok(());
    }
    let division = record
        .unit(side, substitute)
        .filter(|d| in_a_pool(side, d))
        .ok_or_else(|| {
            InputError::new(
                "substitute",
                format!("{substitute} is not in the Divisions Pool"),
            )
        })?;
    qualifies(division, corps, unit).map_err(|m| InputError::new("substitute", m))
}

impl TakeLosses {
    /// The record's counts of steps for the side on the form.
    fn counts(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let owed = owed_counter(input);
        for (id, counter) in [
            ("still_to_take", owed),
            ("regular_so_far", regular_taken(&side)),
        ] {
            let value = record.counters.get(counter.as_str()).copied().unwrap_or(0);
            input.set(id, Value::Number(value));
        }
    }

    fn fill(input: &mut Input, record: &Record) {
        let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
            return;
        };
        let facts = facts(unit);
        input.set("size", Value::Text(facts.size.as_str().into()));
        input.set("reduced", Value::Flag(facts.reduced));
        input.set("half_cf", Value::Flag(facts.half_cf));
        input.set("formation", Value::Text(facts.formation.as_str().into()));
        input.set("box", Value::Text(facts.box_.as_str().into()));
        input.set("reaction", Value::Flag(facts.reaction(record)));
        let last_unit = super::campaign::is_campaign(record)
            && !facts.formation.is_empty()
            && troops_of(record, input.text("side"), &facts.formation).count() == 1;
        input.set("last_unit", Value::Flag(last_unit));
        let leader = record
            .unit(input.text("side"), &facts.formation)
            .and_then(|f| f.attribute(attribute::LEADER))
            .filter(|_| last_unit)
            .unwrap_or("");
        input.set("leader", Value::Text(leader.into()));
        let phase = if super::campaign::is_campaign(record) {
            super::campaign::movement::ops_mark(record)
        } else {
            String::new()
        };
        input.set("phase", Value::Text(phase.as_str().into()));
        let attrition = facts.reaction(record) && super::campaign::in_attrition_segment(record);
        input.set("attrition", Value::Flag(attrition));
        for (id, attribute) in [
            ("reduced_cf", attribute::REDUCED_CF),
            ("reduced_morale", attribute::REDUCED_MORALE),
        ] {
            let value = unit
                .attribute(attribute)
                .filter(|v| halves(v).is_some())
                .unwrap_or("");
            input.set(id, Value::Text(value.into()));
        }
    }
}

struct Facts {
    size: String,
    reduced: bool,
    half_cf: bool,
    formation: String,
    box_: String,
}

impl Facts {
    /// Whether the unit's Formation owes steps on its own.
    fn reaction(&self, record: &Record) -> bool {
        record
            .counters
            .get(formation_to_take(&self.formation).as_str())
            .is_some_and(|n| *n > 0)
    }
}

/// The counter of the steps the form's unit takes from: its Formation's own, or its side's losses
/// of the round.
fn owed_counter(input: &Input) -> String {
    if input.flag("reaction") {
        formation_to_take(input.text("formation"))
    } else {
        to_take(input.text("side"))
    }
}

fn facts(unit: &UnitRecord) -> Facts {
    let (cf, _) = current(unit);
    Facts {
        size: unit.attribute(attribute::SIZE).unwrap_or("").to_string(),
        reduced: unit.attribute(attribute::FACE) == Some("reduced"),
        half_cf: unit.attribute(attribute::SIZE) == Some("national-guard") && cf == Some(1),
        formation: unit
            .attribute(attribute::FORMATION)
            .unwrap_or("")
            .to_string(),
        box_: unit.attribute(attribute::BOX).unwrap_or("").to_string(),
    }
}

/// The role in the battle of the Formation `unit` belongs to, or its own when un-brigaded
/// (6.2.2b/d, L866-868).
fn role<'a>(record: &'a Record, side: &str, unit: &'a UnitRecord) -> Option<&'a str> {
    match unit
        .attribute(attribute::FORMATION)
        .filter(|f| !f.is_empty())
    {
        Some(formation) => record.unit(side, formation)?.attribute(attribute::ROLE),
        None => unit.attribute(attribute::ROLE),
    }
}

/// `side`'s Troop units in play in the Formations of role `role`.
/// After a Cavalry Charge or a Guards Assault, the first loss comes from a unit of that type
/// (6.10.4, L1044): any cavalry unit, not only one that charged (digest Corrections, "First loss
/// after a Cavalry Charge"), among the units the Lead-first rule lets take the step now, so the
/// two rules never leave no unit to take it.
fn check_first_loss(record: &Record, side: &str, unit: &UnitRecord) -> Result<(), InputError> {
    let is = |kind: &str, u: &UnitRecord| match kind {
        "cavalry" => u.attribute(attribute::TYPE) == Some("cavalry"),
        _ => u.attribute(attribute::GUARD) == Some("yes"),
    };
    let owed: Vec<&str> = FIRST_LOSS_KINDS
        .into_iter()
        .filter(|kind| record.marks.contains(first_loss(side, kind).as_str()))
        .filter(|kind| {
            let lead_first = troops(record, side, "lead").next().is_some();
            let allowed = if lead_first { "lead" } else { "supporting" };
            troops(record, side, allowed).any(|(_, u)| is(kind, u))
        })
        .collect();
    if owed.is_empty() || owed.iter().any(|kind| is(kind, unit)) {
        return Ok(());
    }
    Err(InputError::new(
        "unit",
        format!(
            "after the {}, the first loss comes from {} (6.10.4, L1044)",
            if owed.contains(&"cavalry") {
                "Cavalry Charge"
            } else {
                "Guards Assault"
            },
            owed.join(" or ")
        ),
    ))
}

/// `side`'s Troop units in play in the Formation `formation`.
pub(crate) fn troops_of<'a>(
    record: &'a Record,
    side: &'a str,
    formation: &'a str,
) -> impl Iterator<Item = (&'a str, &'a UnitRecord)> + 'a {
    record
        .units_where(Some(side), &[("state", state::IN_PLAY)])
        .filter(move |(_, _, u)| u.attribute(attribute::FORMATION) == Some(formation))
        .filter(|(_, _, u)| matches!(u.attribute(attribute::TYPE), Some("infantry" | "cavalry")))
        .map(|(_, name, u)| (name, u))
}

/// Attrition losses come from the screening cavalry last (9.1.6, L1256): in the Attrition
/// Segment, a screen takes a step only when its Formation has no other Troop unit.
fn check_screen_last(
    record: &Record,
    side: &str,
    name: &str,
    unit: &UnitRecord,
) -> Result<(), InputError> {
    if unit.attribute(attribute::BOX) != Some("screen")
        || !super::campaign::in_attrition_segment(record)
    {
        return Ok(());
    }
    let formation = unit.attribute(attribute::FORMATION).unwrap_or("");
    let other = troops_of(record, side, formation)
        .find(|(other, u)| *other != name && u.attribute(attribute::BOX) != Some("screen"));
    match other {
        Some((other, _)) => Err(InputError::new(
            "unit",
            format!(
                "screening cavalry take attrition losses last, and {other} is still in {formation} (9.1.6, L1256)"
            ),
        )),
        None => Ok(()),
    }
}

fn troops<'a>(
    record: &'a Record,
    side: &'a str,
    role_wanted: &'a str,
) -> impl Iterator<Item = (&'a str, &'a UnitRecord)> + 'a {
    record
        .units_where(Some(side), &[("state", state::IN_PLAY)])
        .filter(|(_, _, u)| matches!(u.attribute(attribute::TYPE), Some("infantry" | "cavalry")))
        .filter(move |(_, _, u)| role(record, side, u) == Some(role_wanted))
        .map(|(_, name, u)| (name, u))
}

impl Procedure for TakeLosses {
    fn about(&self) -> &About {
        &About {
            id: "take-losses",
            title: "Take step losses",
            rule: RULE,
            summary: "The owner takes the steps the FERT inflicted, unit by unit: Lead Formation first, a Corps replaced by a Division at its second step, National Guard after two regular steps.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "still_to_take",
            "unit",
            "steps",
            "reduced_cf",
            "reduced_morale",
            "substitute",
        ]
    }
    /// The back of the counter only when it turns over, the Division only for a Corps.
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "reduced_cf" | "reduced_morale" => turns_over(input),
            "substitute" => input.text("size") == "corps",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("steps", Value::Number(1));
        Self::counts(input, record);
        // The side with steps still to take, the French first: its own, or a Formation's.
        let owes = |side: &str| {
            let own = record
                .counters
                .get(to_take(side).as_str())
                .is_some_and(|n| *n > 0);
            own || record
                .units_where(Some(side), &[(attribute::TYPE, "formation")])
                .any(|(_, name, _)| {
                    record
                        .counters
                        .get(formation_to_take(name).as_str())
                        .is_some_and(|n| *n > 0)
                })
        };
        if let Some(side) = SIDES.iter().map(|(id, _)| *id).find(|side| owes(side)) {
            input.set("side", Value::Text(side.into()));
        }
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "unit" || changed == "side" {
            Self::fill(input, record);
            Self::counts(input, record);
        }
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let Some(unit) = record.unit(side, name) else {
            return false;
        };
        match field {
            "unit" => {
                (matches!(role(record, side, unit), Some("lead" | "supporting"))
                    || facts(unit).reaction(record))
                    && matches!(
                        unit.attribute(attribute::TYPE),
                        Some("infantry" | "cavalry")
                    )
            }
            "substitute" => {
                in_a_pool(side, unit)
                    && record
                        .unit(input.text("side"), input.text("unit").trim())
                        .is_some_and(|corps| {
                            unit.attribute(attribute::TYPE) == corps.attribute(attribute::TYPE)
                        })
            }
            _ => true,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("steps") == 0 {
            return Err(InputError::new("steps", "at least one step"));
        }
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new(
                "unit",
                "pick the unit that takes the steps",
            ));
        }
        if turns_over(input) {
            let guard = input.text("size") == "national-guard";
            for (id, what) in [("reduced_cf", "CF"), ("reduced_morale", "Morale")] {
                if id == "reduced_morale" && guard {
                    continue;
                }
                let value = input.text(id);
                if halves(value).is_none_or(|h| id == "reduced_morale" && h % 2 == 1) {
                    return Err(InputError::new(
                        id,
                        format!("enter the {what} on the back of the counter: it turns over"),
                    ));
                }
            }
        }
        let reach_second =
            input.text("size") == "corps" && input.number("steps") >= counter_steps(input);
        if !reach_second && !input.text("substitute").trim().is_empty() {
            return Err(InputError::new(
                "substitute",
                "only a Corps taking its second step is replaced by a Division (3.6.5, L598)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("unit").trim();
        let Some(unit) = record.unit(side, name) else {
            return Err(InputError::new(
                "unit",
                format!("{name} is not a unit of the {} on the record", people(side)),
            ));
        };
        let on_record = facts(unit);
        let mut known = input.clone();
        Self::fill(&mut known, record);
        Self::counts(&mut known, record);
        let stale = |ids: &[&'static str]| input.first_difference(&known, ids.iter().copied());
        let otherwise = || {
            InputError::new(
                "unit",
                format!("the record knows {name} otherwise: pick it again"),
            )
        };
        if stale(&["reaction", "last_unit", "leader", "attrition", "phase"]).is_some() {
            return Err(otherwise());
        }
        let left = known.number("still_to_take").into();
        let taken: i64 = known.number("regular_so_far").into();
        if stale(&["still_to_take", "regular_so_far"]).is_some() {
            return Err(InputError::new(
                "still_to_take",
                format!(
                    "the record has {left} step(s) still to take and {taken} taken from regular units"
                ),
            ));
        }
        if i64::from(input.number("steps")) > left {
            return Err(InputError::new(
                "steps",
                format!(
                    "the {} have {left} step(s) still to take here",
                    people(side)
                ),
            ));
        }
        if stale(&["size", "reduced", "half_cf", "formation", "box"]).is_some() {
            return Err(otherwise());
        }
        let regular = |u: &UnitRecord| u.attribute(attribute::SIZE) != Some("national-guard");
        let guard_order = record.option(GUARD_ORDER.id, "lead_first");
        let lead_only_guard = troops(record, side, "lead").next().is_some()
            && !troops(record, side, "lead").any(|(_, u)| regular(u));
        // Under the other reading, regular Supporting units take the first two steps when the
        // Lead holds only National Guard units.
        let regular_first = guard_order == "regular_first" && lead_only_guard && taken < 2;
        let owed_alone = on_record.reaction(record);
        if owed_alone {
            check_screen_last(record, side, name, unit)?;
        }
        match role(record, side, unit) {
            // A Formation's own units take the steps it owes on its own (6.13.8e, L1115).
            _ if owed_alone => {}
            Some("lead") => {}
            Some("supporting") if regular_first && regular(unit) => {}
            Some("supporting") => {
                if let Some((lead_unit, _)) = troops(record, side, "lead").next() {
                    return Err(InputError::new(
                        "unit",
                        format!(
                            "the Lead Formation takes the losses first, and {lead_unit} is still in it (6.10.2, L1040)"
                        ),
                    ));
                }
            }
            _ => {
                return Err(InputError::new(
                    "unit",
                    format!("{name} is in no Formation in the battle"),
                ));
            }
        }
        if !regular(unit) && !owed_alone {
            // Lead first: the two regular steps come from the Lead while it has regular units.
            let others = if guard_order == "regular_first" {
                troops(record, side, "lead")
                    .chain(troops(record, side, "supporting"))
                    .any(|(_, u)| regular(u))
            } else {
                let own_role = role(record, side, unit).unwrap_or("lead");
                troops(record, side, own_role).any(|(_, u)| regular(u))
            };
            if others && taken < 2 {
                return Err(InputError::new(
                    "unit",
                    format!(
                        "two steps come from regular units before a single one from the National Guard; {taken} taken so far (6.10.5, L1046)"
                    ),
                ));
            }
        }
        if !owed_alone {
            check_first_loss(record, side, unit)?;
        }
        let reach_second =
            input.text("size") == "corps" && input.number("steps") >= counter_steps(input);
        if reach_second {
            check_substitute(input, record, side, unit)?;
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
        let name = input.text("unit").trim();
        let steps = input.number("steps");
        let on_counter = counter_steps(input);
        let mut effects = Vec::new();
        let mut told = Vec::new();
        // The back of the counter, as typed when it turns over.
        for (id, attribute) in [
            ("reduced_cf", attribute::REDUCED_CF),
            ("reduced_morale", attribute::REDUCED_MORALE),
        ] {
            if let Some(h) = halves(input.text(id)) {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute,
                    halves_text(h),
                    "3.6.1, L588",
                ));
            }
        }
        // Steps no unit can take stay owed, for another unit.
        let mut absorbed = steps;
        if steps < on_counter {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::FACE,
                "reduced",
                "3.6.1, L588",
            ));
            told.push(format!("{name} is reduced"));
        } else {
            effects.push(Effect::set_state(side, name, state::ELIMINATED, RULE));
            let substitute = input.text("substitute").trim();
            let beyond = steps - on_counter;
            if input.text("size") == "corps" && !substitute.is_empty() {
                let rule = "3.6.5, L598-602";
                effects.extend([
                    Effect::set_state(side, substitute, state::IN_PLAY, rule),
                    Effect::set_attribute(
                        side,
                        substitute,
                        attribute::FORMATION,
                        input.text("formation"),
                        rule,
                    ),
                    Effect::set_attribute(
                        side,
                        substitute,
                        attribute::BOX,
                        input.text("box"),
                        rule,
                    ),
                ]);
                told.push(format!("{name} is replaced by {substitute}"));
                // The Division takes two steps at most; more find no unit.
                absorbed -= (beyond - 2).max(0);
                match beyond {
                    0 => {}
                    1 => {
                        effects.push(Effect::set_attribute(
                            side,
                            substitute,
                            attribute::FACE,
                            "reduced",
                            "3.6.1, L588",
                        ));
                        told.push(format!("{substitute} is reduced"));
                    }
                    _ => {
                        effects.push(Effect::set_state(side, substitute, state::ELIMINATED, RULE));
                        told.push(format!("{substitute} is eliminated"));
                    }
                }
            } else {
                told.push(format!("{name} is eliminated"));
                if input.flag("last_unit") {
                    effects.extend(deactivation(
                        side,
                        input.text("formation"),
                        input.text("leader"),
                        input.text("phase"),
                        "5.1.8, L770; 9.1.9, L1262",
                    ));
                    told.push(format!(
                        "{} has no unit left: it is de-activated",
                        input.text("formation")
                    ));
                }
                if beyond > 0 {
                    absorbed -= beyond;
                    told.push(format!("{beyond} step(s) still to take from another unit"));
                }
            }
        }
        // Attrition scores the steps the Formation suffers, not the Table's number (20.3, L1777).
        if input.flag("attrition") && absorbed > 0 {
            effects.push(Effect::VictoryPoints {
                side: super::opponent(side).into(),
                points: absorbed,
                reason: format!("{absorbed} step(s) of {name} lost to attrition").into(),
                rule: "9.1.7, L1258; 20.3, L1777".into(),
            });
        }
        effects.push(Effect::SetCounter {
            name: owed_counter(input).as_str().into(),
            value: i64::from(input.number("still_to_take") - absorbed).max(0),
            rule: RULE.into(),
            lasts: Lasts::Step,
        });
        if input.text("size") != "national-guard" {
            effects.push(Effect::SetCounter {
                name: regular_taken(side).as_str().into(),
                value: i64::from(input.number("regular_so_far") + absorbed),
                rule: "6.10.5, L1046".into(),
                lasts: Lasts::Step,
            });
        }
        // The first loss is taken: a Charge's or an Assault's claim on it is met (6.10.4, L1044).
        // A Formation's own Reaction steps are not that loss.
        let reaction = input.flag("reaction");
        for kind in FIRST_LOSS_KINDS.into_iter().filter(|_| !reaction) {
            effects.push(Effect::Unmark {
                name: first_loss(side, kind).as_str().into(),
                rule: "6.10.4, L1044".into(),
            });
        }
        Ok(Resolution::book_keeping(
            "take-losses",
            told.join("; "),
            effects,
        ))
    }
}
