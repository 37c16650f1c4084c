//! The record: the book-keeping a game keeps (unit states, victory points, where play stands).
//!
//! It is never edited directly. It is derived by folding the log, so the log stays the single source
//! of truth and a saved game always reproduces the same record.

use super::draws::DrawnRef;
use super::symbol::Symbol;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A change to the record that a resolution offers and the players apply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// `side` scores `points` victory points.
    VictoryPoints {
        side: Symbol,
        points: i32,
        reason: Symbol,
        rule: Symbol,
    },
    /// A unit of `side` changes state ("Exhausted", "Blown", "Eliminated", "Retreated").
    UnitState {
        side: Symbol,
        unit: Symbol,
        state: Symbol,
        rule: Symbol,
    },
    /// A fact about a unit is set (its formation, its Battle Stars, the turn it returns), or
    /// cleared if `value` is empty.
    UnitAttribute {
        side: Symbol,
        unit: Symbol,
        attribute: Symbol,
        value: Symbol,
        rule: Symbol,
    },
    /// A number kept about a unit goes up or down by `by`, never below 0 (markers added to a
    /// box, a Loss token placed). Nothing happens to a unit the record does not know.
    AddToAttribute {
        side: Symbol,
        unit: Symbol,
        attribute: Symbol,
        by: i64,
        rule: Symbol,
    },
    /// A number kept about a unit is brought down to `max` if above it (a General keeps at most 4
    /// markers). Nothing happens to a unit the record does not know.
    CapAttribute {
        side: Symbol,
        unit: Symbol,
        attribute: Symbol,
        max: i64,
        rule: Symbol,
    },
    /// A counter the record keeps is set: an allowance of moves, a marker on a track.
    SetCounter {
        name: Symbol,
        value: i64,
        rule: Symbol,
        /// How long the counter lasts; a step unless the game says otherwise. (Left out of the
        /// log for a step, so that sessions saved before counters had a scope still verify.)
        #[serde(default, skip_serializing_if = "Lasts::is_step")]
        lasts: Lasts,
    },
    /// One is spent from a counter, if the record keeps it (a move made under an allowance).
    UseCounter { name: Symbol, rule: Symbol },
    /// A counter the record keeps goes up or down by `by`, never below 0 (RP paid into or out of
    /// a War Chest). Nothing happens to a counter the record does not keep.
    AddToCounter { name: Symbol, by: i64, rule: Symbol },
    /// A fact goes on the record (rain on turn 5).
    Mark { name: Symbol, rule: Symbol },
    /// A fact comes off the record (a marker removed).
    Unmark { name: Symbol, rule: Symbol },
    /// Chits go into a cup, after those already in it (a pool created, a chit returned).
    PutInCup {
        cup: Symbol,
        chits: Vec<Symbol>,
        rule: Symbol,
    },
    /// A cup is emptied (what is left in it goes back in the box).
    EmptyCup { cup: Symbol, rule: Symbol },
    /// One chit is taken out of a cup by choice, not drawn (a LIM kept out of the Pool).
    TakeFromCup {
        cup: Symbol,
        chit: Symbol,
        rule: Symbol,
    },
    /// A session setting: the reading the players chose where the rules are unclear.
    SetOption {
        name: Symbol,
        value: Symbol,
        rule: Symbol,
    },
    /// Something the players do on the table that the record does not track: shown, logged, kept.
    Reminder { text: Symbol, rule: Symbol },
}

impl Effect {
    /// The unit the effect is about, as (side, name), if it is about one.
    pub fn unit(&self) -> Option<(&str, &str)> {
        match self {
            Effect::UnitState { side, unit, .. }
            | Effect::UnitAttribute { side, unit, .. }
            | Effect::AddToAttribute { side, unit, .. }
            | Effect::CapAttribute { side, unit, .. } => Some((side.as_str(), unit.as_str())),
            _ => None,
        }
    }

    /// Something the players do on the table that the record does not track.
    pub fn reminder(text: &str, rule: &str) -> Effect {
        Effect::Reminder {
            text: text.into(),
            rule: rule.into(),
        }
    }

    /// A fact about a unit is set (cleared if `value` is empty).
    pub fn set_attribute(
        side: &str,
        unit: &str,
        attribute: &str,
        value: impl ToString,
        rule: &str,
    ) -> Effect {
        Effect::UnitAttribute {
            side: side.into(),
            unit: unit.into(),
            attribute: attribute.into(),
            value: value.to_string().as_str().into(),
            rule: rule.into(),
        }
    }

    /// A number kept about a unit goes up or down by `by`, never below 0.
    pub fn add_to(side: &str, unit: &str, attribute: &str, by: i64, rule: &str) -> Effect {
        Effect::AddToAttribute {
            side: side.into(),
            unit: unit.into(),
            attribute: attribute.into(),
            by,
            rule: rule.into(),
        }
    }

    /// A number kept about a unit is brought down to `max`.
    pub fn cap(side: &str, unit: &str, attribute: &str, max: i64, rule: &str) -> Effect {
        Effect::CapAttribute {
            side: side.into(),
            unit: unit.into(),
            attribute: attribute.into(),
            max,
            rule: rule.into(),
        }
    }

    /// A unit's new state.
    pub fn set_state(side: &str, unit: &str, state: &str, rule: &str) -> Effect {
        Effect::UnitState {
            side: side.into(),
            unit: unit.into(),
            state: state.into(),
            rule: rule.into(),
        }
    }

    /// A unit's new state: recorded if the players named the unit, otherwise shown as a reminder
    /// about `description` ("the attacking Corps"), since the record cannot track a nameless unit.
    pub fn unit_state(
        side: &str,
        name: Option<&str>,
        description: &str,
        state: &str,
        rule: &str,
    ) -> Effect {
        match name {
            Some(unit) => Effect::UnitState {
                side: side.into(),
                unit: unit.into(),
                state: state.into(),
                rule: rule.into(),
            },
            None => Effect::Reminder {
                text: format!("{description}: {state}").into(),
                rule: rule.into(),
            },
        }
    }

    /// One line for the result card and the log, with side ids as they are.
    pub fn describe(&self) -> String {
        self.describe_with(&|id| id.to_string())
    }

    /// One line, naming sides with `side_name` (the players' names for them).
    pub fn describe_with(&self, side_name: &dyn Fn(&str) -> String) -> String {
        match self {
            Effect::VictoryPoints {
                side,
                points,
                reason,
                rule,
            } => format!("{} +{points} VP: {reason} ({rule})", side_name(side)),
            Effect::UnitState {
                side,
                unit,
                state,
                rule,
            } => format!("{unit} ({}): {state} ({rule})", side_name(side)),
            Effect::UnitAttribute {
                side,
                unit,
                attribute,
                value,
                rule,
            } if value.is_empty() => {
                format!("{unit} ({}): {attribute} cleared ({rule})", side_name(side))
            }
            Effect::UnitAttribute {
                side,
                unit,
                attribute,
                value,
                rule,
            } => format!("{unit} ({}): {attribute} {value} ({rule})", side_name(side)),
            Effect::AddToAttribute {
                side,
                unit,
                attribute,
                by,
                rule,
            } => format!("{unit} ({}): {attribute} {by:+} ({rule})", side_name(side)),
            Effect::CapAttribute {
                side,
                unit,
                attribute,
                max,
                rule,
            } => format!(
                "{unit} ({}): {attribute} at most {max} ({rule})",
                side_name(side)
            ),
            Effect::SetCounter {
                name,
                value,
                rule,
                lasts,
            } => format!("{name}: {value}{} ({rule})", lasts.describe()),
            Effect::UseCounter { name, rule } => {
                format!("{name}: one fewer, if that allowance is running ({rule})")
            }
            Effect::AddToCounter { name, by, rule } => format!("{name}: {by:+} ({rule})"),
            Effect::Mark { name, rule } => format!("{name} ({rule})"),
            Effect::Unmark { name, rule } => format!("No longer: {name} ({rule})"),
            Effect::PutInCup { cup, chits, rule } => format!(
                "Into {cup}: {} ({rule})",
                chits
                    .iter()
                    .map(Symbol::as_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Effect::EmptyCup { cup, rule } => format!("{cup} emptied ({rule})"),
            Effect::TakeFromCup { cup, chit, rule } => format!("Out of {cup}: {chit} ({rule})"),
            Effect::SetOption { name, value, rule } => format!("Setting {name}: {value} ({rule})"),
            Effect::Reminder { text, rule } => format!("{text} ({rule})"),
        }
    }
}

impl Effect {
    /// The units and chits the effect names, to put a face-down block's name in place of the
    /// reference to its draw (`draws::DrawnRef`).
    pub fn names_mut(&mut self) -> Vec<&mut Symbol> {
        match self {
            Effect::UnitState { unit, .. }
            | Effect::UnitAttribute { unit, .. }
            | Effect::AddToAttribute { unit, .. }
            | Effect::CapAttribute { unit, .. } => vec![unit],
            Effect::PutInCup { chits, .. } => chits.iter_mut().collect(),
            Effect::TakeFromCup { chit, .. } => vec![chit],
            _ => Vec::new(),
        }
    }
}

/// An attribute's value until the players enter it (a value printed only on a counter).
pub const NOT_ENTERED: &str = "not entered";

/// A unit as the record knows it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UnitRecord {
    pub state: Symbol,
    /// Sequence number of the log event that last changed the unit.
    pub since_event: u64,
    /// Facts a game keeps about the unit, by name ("formation" = "Battle", "stars" = "2").
    pub attributes: BTreeMap<Symbol, Symbol>,
}

impl UnitRecord {
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.get(name).map(|v| v.as_ref())
    }

    /// Whether every `(attribute, values)` pair holds: the attribute has one of the values,
    /// separated by `|`. The attribute "state" is the unit's state.
    pub fn matches(&self, conditions: &[(&str, &str)]) -> bool {
        conditions.iter().all(|(attribute, values)| {
            let actual = if *attribute == "state" {
                Some(self.state.as_ref())
            } else {
                self.attribute(attribute)
            };
            actual.is_some_and(|actual| values.split('|').any(|v| v == actual))
        })
    }
}

/// Where play stands in the turn sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    pub turn: u32,
    pub phase: usize,
    pub step: usize,
}

/// The cups on the record by name, each with its chits in order.
pub type Cups = BTreeMap<Symbol, Vec<Symbol>>;

/// How long a counter stays on the record: a game declares it when it sets the counter (an
/// allowance of moves for one step, a treasury for the whole game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasts {
    /// Until play moves to another step.
    #[default]
    Step,
    /// Until play moves to another turn.
    Turn,
    /// For the whole game.
    Game,
}

impl Lasts {
    pub fn is_step(&self) -> bool {
        *self == Lasts::Step
    }

    /// How the counter's life reads after its value ("" for a step, the usual case).
    fn describe(&self) -> &'static str {
        match self {
            Lasts::Step => "",
            Lasts::Turn => " for this turn",
            Lasts::Game => " for the game",
        }
    }
}

/// The whole record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub victory_points: BTreeMap<Symbol, i32>,
    /// By (side id, unit name): two armies may both have an "I Corps".
    pub units: BTreeMap<(Symbol, Symbol), UnitRecord>,
    /// Named counts: allowances being spent, markers (a counter at 0 is kept, and shown).
    pub counters: BTreeMap<Symbol, i64>,
    /// How long each counter lasts, for those that outlast their step.
    pub counter_lasts: BTreeMap<Symbol, Lasts>,
    /// Facts on the record, such as the weather of a turn.
    pub marks: BTreeSet<Symbol>,
    /// What each cup holds, in the order it was filled (a draw's pick depends on the order).
    pub cups: Cups,
    /// The chits drawn face down and not yet revealed, by (resolution event, draw), with the side
    /// that sees each.
    pub concealed: BTreeMap<(u64, usize), Symbol>,
    /// The units a draw placed face down, by (side, unit), with that draw: the screens show
    /// them only as "a face-down block" until the draw is revealed.
    pub face_down: BTreeMap<(Symbol, Symbol), (u64, usize)>,
    pub position: Position,
    /// The scenario being played, from the start of the log.
    pub scenario: Symbol,
    /// Session settings by name (see `Effect::SetOption`).
    pub options: BTreeMap<Symbol, Symbol>,
    /// Each sealed choice by (round, player): `None` while sealed, the choice once revealed (see
    /// `engine::hand`).
    pub seals: BTreeMap<(Symbol, Symbol), Option<Symbol>>,
    /// How many sets of effects have been applied (corrected ones excluded).
    pub applied: usize,
}

impl Record {
    pub fn unit(&self, side: &str, name: &str) -> Option<&UnitRecord> {
        self.units.get(&(Symbol::new(side), Symbol::new(name)))
    }

    /// The block of `side` a face-down reference ("face-down block #12.1") stands for on this
    /// record, or `name` itself if it is not one.
    pub fn named<'a>(&'a self, side: &str, name: &'a str) -> Option<&'a str> {
        match DrawnRef::parse(name) {
            Some(DrawnRef::Of { event, slot }) => self
                .face_down
                .iter()
                .find(|((s, _), draw)| s.as_str() == side && **draw == (event, slot))
                .map(|((_, block), _)| block.as_str()),
            Some(DrawnRef::OfThis(_)) => None,
            None => Some(name),
        }
    }

    /// The names of `side`'s `units` as the screens may show them: a block face down by its
    /// draw, after the others and in the order drawn, since its name or its place among the
    /// names would give it away.
    pub fn shown_names<'a>(
        &self,
        side: &str,
        units: impl IntoIterator<Item = &'a str>,
    ) -> Vec<Symbol> {
        let mut named = Vec::new();
        let mut face_down = Vec::new();
        for unit in units {
            match self
                .face_down
                .get(&(Symbol::from(side), Symbol::from(unit)))
            {
                Some(&draw) => face_down.push(draw),
                None => named.push(Symbol::from(unit)),
            }
        }
        face_down.sort_unstable();
        named.extend(
            face_down
                .into_iter()
                .map(|(event, slot)| DrawnRef::Of { event, slot }.name()),
        );
        named
    }

    /// The units of `side` (every side if `None`) meeting `conditions`, as (side, name, unit).
    pub fn units_where<'a>(
        &'a self,
        side: Option<&'a str>,
        conditions: &'a [(&'a str, &'a str)],
    ) -> impl Iterator<Item = (&'a str, &'a str, &'a UnitRecord)> + 'a {
        self.units
            .iter()
            .filter(move |((s, _), unit)| {
                side.is_none_or(|side| s.as_ref() == side) && unit.matches(conditions)
            })
            .map(|((s, n), unit)| (s.as_ref(), n.as_ref(), unit))
    }

    /// How many unit attributes still wait for the players to enter them.
    pub fn values_not_entered(&self) -> usize {
        self.units
            .values()
            .flat_map(|u| u.attributes.values())
            .filter(|v| v.as_ref() == NOT_ENTERED)
            .count()
    }

    /// A chit leaves `cup`, drawn.
    pub fn take_from_cup(&mut self, cup: &str, chit: &str) {
        if let Some(contents) = self.cups.get_mut(cup) {
            super::draws::take_one(contents, chit);
        }
    }

    /// Play moves to `position`: counters that last only for the step (or the turn, when the turn
    /// changes) come off the record.
    pub fn move_to(&mut self, position: Position) {
        let new_turn = position.turn != self.position.turn;
        let lasts = &mut self.counter_lasts;
        self.counters.retain(|name, _| {
            let kept = match lasts.get(name).copied().unwrap_or_default() {
                Lasts::Step => false,
                Lasts::Turn => !new_turn,
                Lasts::Game => true,
            };
            if !kept {
                lasts.remove(name);
            }
            kept
        });
        self.position = position;
    }

    /// A session setting, or `default` if the players have not set it.
    pub fn option<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.options.get(name).map_or(default, |v| v.as_ref())
    }

    /// Changes a number kept about a known unit (a missing or unreadable number counts as 0).
    fn change_number(
        &mut self,
        side: &Symbol,
        unit: &Symbol,
        attribute: &Symbol,
        event_seq: u64,
        change: impl Fn(i64) -> i64,
    ) {
        let Some(record) = self.units.get_mut(&(side.clone(), unit.clone())) else {
            return;
        };
        let current = record
            .attribute(attribute)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let changed = change(current);
        if changed != current || record.attribute(attribute).is_none() {
            record
                .attributes
                .insert(attribute.clone(), changed.to_string().as_str().into());
            record.since_event = event_seq;
        }
    }

    /// Whether `effect` would change the record as it stands: a cap a unit is already under, or
    /// a marker taken from an empty box, would not. A reminder always counts: it asks the
    /// players to do something on the table.
    pub fn changed_by(&self, effect: &Effect) -> bool {
        if matches!(effect, Effect::Reminder { .. }) {
            return true;
        }
        // A unit the record does not know (named on the form only) is still a piece on the
        // table: what the effect says of it is for the players to do.
        if let Some((side, name)) = effect.unit()
            && self.unit(side, name).is_none()
        {
            return true;
        }
        let mut after = self.clone();
        after.apply(std::slice::from_ref(effect), 0);
        after.applied = self.applied;
        // Only what the unit is counts, not which event last touched it.
        for (key, unit) in &mut after.units {
            if let Some(before) = self.units.get(key) {
                unit.since_event = before.since_event;
            }
        }
        after != *self
    }

    pub fn apply(&mut self, effects: &[Effect], event_seq: u64) {
        for effect in effects {
            match effect {
                Effect::VictoryPoints { side, points, .. } => {
                    let total = self.victory_points.entry(side.clone()).or_insert(0);
                    *total = total.saturating_add(*points);
                }
                Effect::UnitState {
                    side, unit, state, ..
                } => {
                    let record = self.units.entry((side.clone(), unit.clone())).or_default();
                    record.state = state.clone();
                    record.since_event = event_seq;
                }
                Effect::UnitAttribute {
                    side,
                    unit,
                    attribute,
                    value,
                    ..
                } => {
                    let key = (side.clone(), unit.clone());
                    // An empty value clears the fact (a unit off the map has no hex); clearing a
                    // fact of a unit the record does not know leaves the record as it is.
                    if value.is_empty() {
                        if let Some(record) = self.units.get_mut(&key) {
                            record.attributes.remove(attribute);
                            record.since_event = event_seq;
                        }
                    } else {
                        let record = self.units.entry(key).or_default();
                        record.attributes.insert(attribute.clone(), value.clone());
                        record.since_event = event_seq;
                    }
                }
                Effect::AddToAttribute {
                    side,
                    unit,
                    attribute,
                    by,
                    ..
                } => self.change_number(side, unit, attribute, event_seq, |n| {
                    n.saturating_add(*by).max(0)
                }),
                Effect::CapAttribute {
                    side,
                    unit,
                    attribute,
                    max,
                    ..
                } => self.change_number(side, unit, attribute, event_seq, |n| n.min(*max)),
                Effect::SetCounter {
                    name, value, lasts, ..
                } => {
                    self.counters.insert(name.clone(), *value);
                    if lasts.is_step() {
                        self.counter_lasts.remove(name);
                    } else {
                        self.counter_lasts.insert(name.clone(), *lasts);
                    }
                }
                Effect::UseCounter { name, .. } => {
                    if let Some(value) = self.counters.get_mut(name) {
                        *value = (*value - 1).max(0);
                    }
                }
                Effect::AddToCounter { name, by, .. } => {
                    if let Some(value) = self.counters.get_mut(name) {
                        *value = value.saturating_add(*by).max(0);
                    }
                }
                Effect::SetOption { name, value, .. } => {
                    self.options.insert(name.clone(), value.clone());
                }
                Effect::Mark { name, .. } => {
                    self.marks.insert(name.clone());
                }
                Effect::Unmark { name, .. } => {
                    self.marks.remove(name);
                }
                Effect::PutInCup { cup, chits, .. } => {
                    self.cups
                        .entry(cup.clone())
                        .or_default()
                        .extend(chits.iter().cloned());
                }
                Effect::EmptyCup { cup, .. } => {
                    self.cups.remove(cup);
                }
                Effect::TakeFromCup { cup, chit, .. } => {
                    self.take_from_cup(cup, chit);
                }
                Effect::Reminder { .. } => {}
            }
        }
        self.applied += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_effect_that_leaves_the_record_as_it_is_is_told_apart() {
        let mut record = Record::default();
        record.apply(
            &[Effect::set_attribute("french", "Ney", "markers", "3", "R")],
            1,
        );
        assert!(!record.changed_by(&Effect::cap("french", "Ney", "markers", 4, "R")));
        assert!(record.changed_by(&Effect::cap("french", "Ney", "markers", 2, "R")));
        assert!(!record.changed_by(&Effect::set_attribute("french", "Ney", "markers", "3", "R")));
        assert!(record.changed_by(&Effect::reminder("Flip the counter", "R")));
        assert!(record.changed_by(&Effect::cap("french", "Unknown", "markers", 4, "R")));
        assert_eq!(
            Effect::cap("french", "Ney", "markers", 4, "R").unit(),
            Some(("french", "Ney"))
        );
    }

    #[test]
    fn adding_to_an_attribute_counts_from_what_the_record_holds_and_never_below_zero() {
        let mut record = Record::default();
        let known = Effect::set_attribute("french", "Formation 1", "kind", "formation", "R");
        let add = Effect::add_to("french", "Formation 1", "orange markers", 2, "R");
        record.apply(&[known, add.clone()], 1);
        record.apply(std::slice::from_ref(&add), 2);
        let formation = record.unit("french", "Formation 1").expect("on the record");
        assert_eq!(formation.attribute("orange markers"), Some("4"));
        assert_eq!(formation.since_event, 2);
        assert_eq!(
            add.describe(),
            "Formation 1 (french): orange markers +2 (R)"
        );
        record.apply(
            &[Effect::add_to(
                "french",
                "Formation 1",
                "orange markers",
                -9,
                "R",
            )],
            3,
        );
        let formation = record.unit("french", "Formation 1").expect("on the record");
        assert_eq!(formation.attribute("orange markers"), Some("0"));
    }

    #[test]
    fn a_counter_is_paid_into_and_out_of_never_below_zero_and_only_if_kept() {
        let add = |by| Effect::AddToCounter {
            name: "RP".into(),
            by,
            rule: "R".into(),
        };
        let mut record = Record::default();
        record.apply(&[add(5)], 1);
        assert!(record.counters.is_empty(), "a counter not kept stays off");
        record.apply(
            &[Effect::SetCounter {
                name: "RP".into(),
                value: 10,
                rule: "R".into(),
                lasts: Lasts::Game,
            }],
            2,
        );
        record.apply(&[add(7), add(-3)], 3);
        assert_eq!(record.counters.get("RP"), Some(&14));
        record.apply(&[add(-20)], 4);
        assert_eq!(record.counters.get("RP"), Some(&0));
        assert_eq!(add(-3).describe(), "RP: -3 (R)");
    }

    #[test]
    fn counters_last_for_the_step_the_turn_or_the_game_they_were_set_for() {
        let set = |name: &str, lasts| Effect::SetCounter {
            name: name.into(),
            value: 3,
            rule: "R".into(),
            lasts,
        };
        let mut record = Record::default();
        record.apply(
            &[
                set("moves", Lasts::Step),
                set("orders", Lasts::Turn),
                set("treasury", Lasts::Game),
            ],
            1,
        );
        let at = |turn, step| Position {
            turn,
            phase: 0,
            step,
        };
        record.move_to(at(0, 1));
        let names = |record: &Record| {
            record
                .counters
                .keys()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&record), ["orders", "treasury"]);
        record.move_to(at(1, 0));
        assert_eq!(names(&record), ["treasury"]);
        // A counter set again for a step no longer lasts for the game.
        record.apply(&[set("treasury", Lasts::Step)], 2);
        record.move_to(at(1, 1));
        assert!(record.counters.is_empty());
    }

    #[test]
    fn a_mark_can_come_off_the_record() {
        let mut record = Record::default();
        let rule: Symbol = "R".into();
        record.apply(
            &[Effect::Mark {
                name: "rain".into(),
                rule: rule.clone(),
            }],
            1,
        );
        assert!(record.marks.contains("rain"));
        record.apply(
            &[Effect::Unmark {
                name: "rain".into(),
                rule,
            }],
            2,
        );
        assert!(record.marks.is_empty());
    }

    #[test]
    fn adding_to_a_unit_the_record_does_not_know_changes_nothing() {
        let mut record = Record::default();
        record.apply(
            &[Effect::add_to(
                "french",
                "Formation 9",
                "orange markers",
                2,
                "R",
            )],
            1,
        );
        assert!(record.unit("french", "Formation 9").is_none());
    }
}
