//! The Initiative Determination Segment (R 4.11-4.12, L184-200; R 4.63B, L397-401). Every army in
//! the battle rolls one die, +2 for each Command Point spent, which it may spend only while its
//! Overall Commander is on the map. The higher total wins; a tie rolls again with the same
//! modifiers, each roll a resolution of its own, so every die is on the record.
//!
//! Readings taken:
//! - With three or four rollers, a tie for the highest total is rolled again by the tied armies
//!   only; the `initiative_ties` setting has every army roll again (digest §3.1, §7).
//! - In the four-player June 18th game the Grouchy player rolls apart (L200) with no Command
//!   Points: they belong to Overall Commanders and cannot be lent (L192, L200, L397-401; digest,
//!   Corrections).
//! - Some scenarios give one side the Initiative on the first turn (L198): the form records it
//!   without a roll.

use super::options::{self, FRENCH_PLAYERS, INITIATIVE_TIES};
use super::roster::{self, attribute};
use super::{armies_in, army_label, step_note};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::engine::turns::TurnNote;

const RULE: &str = "Initiative, R 4.11-4.12, L184-200";
const BID_RULE: &str = "Command Points, R 4.12A, L192; R 4.63B, L401";
const TIE_RULE: &str = "Ties, R 4.12B, L190";

/// Who rolls: the three armies, and Grouchy's player in the four-player June 18th game (L200).
struct Roller {
    id: &'static str,
    label: &'static str,
    /// The side that owns the roller's pieces.
    side: &'static str,
    /// The Overall Commander whose Command Points it spends, if any.
    commander: Option<&'static str>,
}

const ROLLERS: &[Roller] = &[
    Roller {
        id: "french",
        label: "French",
        side: "french",
        commander: Some("Napoleon"),
    },
    Roller {
        id: "grouchy",
        label: "Grouchy's player",
        side: "french",
        commander: None,
    },
    Roller {
        id: "allied",
        label: "Anglo-Allied",
        side: "allied",
        commander: Some("Wellington"),
    },
    Roller {
        id: "prussian",
        label: "Prussian",
        side: "prussian",
        commander: Some("Blücher"),
    },
];

fn roller(id: &str) -> Option<&'static Roller> {
    ROLLERS.iter().find(|r| r.id == id)
}

/// The form's fields of one roller, by id.
fn rolls(id: &str) -> String {
    format!("{id}_rolls")
}
fn on_map(id: &str) -> String {
    format!("{id}_on_map")
}
fn spent(id: &str) -> String {
    format!("{id}_cp")
}

/// The counters the segment keeps for the turn.
mod counter {
    pub const DECIDED: &str = "Initiative decided";
    pub fn rolls_again(label: &str) -> String {
        format!("Initiative: {label} rolls again")
    }
    pub fn spent(label: &str) -> String {
        format!("Command Points spent on the Initiative: {label}")
    }
}

/// The mark of the roller who holds the Initiative; it stays until another wins it.
fn holder_mark(label: &str) -> String {
    format!("Initiative: {label}")
}

const fn points(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Command Points spent",
        group,
        kind: FieldKind::Count { max: 9 },
        rule: BID_RULE,
        help: "+2 each. Declared before rolling; those spent here cannot select LIMs.",
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "given_by_scenario",
        label: "The scenario gives the first turn's Initiative to",
        group: "Initiative",
        kind: FieldKind::Choice(&[
            ("none", "No one: roll"),
            ("french", "French"),
            ("allied", "Anglo-Allied"),
            ("prussian", "Prussian"),
        ]),
        rule: "First turn, R 4.12, L198",
        help: "Some scenarios give a side the Initiative on turn 1; then no one rolls.",
    },
    Field::flag(
        "french_rolls",
        "French roll",
        "French",
        RULE,
        "Napoleon's player in the four-player game.",
    ),
    Field::flag(
        "french_on_map",
        "Napoleon is on the map",
        "French",
        BID_RULE,
        "Only then may Command Points be spent.",
    ),
    points("french_cp", "French"),
    Field::flag(
        "grouchy_rolls",
        "Grouchy's player rolls",
        "Grouchy's player",
        "R 4.12C, L200",
        "Four-player June 18th game only; no Command Points of his own.",
    ),
    Field::flag(
        "allied_rolls",
        "Anglo-Allied roll",
        "Anglo-Allied",
        RULE,
        "",
    ),
    Field::flag(
        "allied_on_map",
        "Wellington is on the map",
        "Anglo-Allied",
        BID_RULE,
        "Only then may Command Points be spent.",
    ),
    points("allied_cp", "Anglo-Allied"),
    Field::flag("prussian_rolls", "Prussians roll", "Prussian", RULE, ""),
    Field::flag(
        "prussian_on_map",
        "Blücher is on the map",
        "Prussian",
        BID_RULE,
        "Only then may Command Points be spent.",
    ),
    points("prussian_cp", "Prussian"),
    options::on_form(INITIATIVE_TIES),
];

/// The rollers the form names, in the order of their dice.
fn rollers_in(input: &Input) -> Vec<&'static Roller> {
    ROLLERS
        .iter()
        .filter(|r| input.flag(&rolls(r.id)))
        .collect()
}

fn points_spent(input: &Input, roller: &Roller) -> i32 {
    if roller.commander.is_some() {
        input.number(&spent(roller.id))
    } else {
        0
    }
}

fn given(input: &Input) -> Option<&'static Roller> {
    roller(input.text("given_by_scenario"))
}

/// Whether `roller` plays in this battle: the Grouchy player only in the four-player June 18th
/// game (L200).
fn in_battle(record: &Record, roller: &Roller) -> bool {
    if roller.id == "grouchy" {
        record.option(FRENCH_PLAYERS.id, "one") == "two" && record.scenario.as_ref() == "june-18"
    } else {
        armies_in(record).contains(&roller.side)
    }
}

/// The players' turns to pick a Command in the No LIM Phase (R 4.51, L291-299): the Initiative
/// player first, then French (Napoleon's, then Grouchy's), British, Prussian, round again.
fn no_lim_order(holder: &Roller, playing: &[&'static Roller]) -> Vec<&'static str> {
    let mut order = vec![holder.label];
    order.extend(
        playing
            .iter()
            .filter(|r| r.id != holder.id)
            .map(|r| r.label),
    );
    order
}

/// Whether play stands on the first turn.
fn first_turn(record: &Record) -> bool {
    record.position.turn == 1
}

/// Whether a tie this turn left some rollers to roll again.
fn pending_tie(record: &Record) -> Vec<&'static Roller> {
    ROLLERS
        .iter()
        .filter(|r| {
            record
                .counters
                .get(counter::rolls_again(r.label).as_str())
                .is_some_and(|v| *v > 0)
        })
        .collect()
}

/// The roller who held the Initiative last (until this turn's is decided, last turn's).
fn holder(record: &Record) -> Option<&'static Roller> {
    ROLLERS
        .iter()
        .find(|r| record.marks.contains(holder_mark(r.label).as_str()))
}

/// The Overall Commander's Command Points, if the record knows him.
fn command_points(record: &Record, side: &str) -> Option<i64> {
    record
        .units_where(Some(side), &[("type", "overall_commander")])
        .find_map(|(_, _, unit)| roster::number(unit, attribute::COMMAND_POINTS))
}

pub struct Initiative;

impl Procedure for Initiative {
    fn about(&self) -> &About {
        &About {
            id: "initiative",
            title: "Initiative",
            rule: RULE,
            summary: "Each army rolls one die, +2 per Command Point spent while its Overall Commander is on the map; the higher total wins. A tie rolls again with the same Command Points.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["french_cp", "allied_cp", "prussian_cp"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        if field == "given_by_scenario" {
            return true;
        }
        if given(input).is_some() {
            return false;
        }
        match field.split_once('_') {
            Some((id, "on_map" | "cp")) => input.flag(&rolls(id)),
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &INITIATIVE_TIES);
        let tie = pending_tie(record);
        for roller in ROLLERS {
            let in_battle = in_battle(record, roller);
            let rolling = if tie.is_empty() {
                in_battle
            } else {
                tie.iter().any(|r| r.id == roller.id)
            };
            input.set(&rolls(roller.id), Value::Flag(rolling));
            if roller.commander.is_some() {
                input.set(&on_map(roller.id), Value::Flag(true));
                let bid = record
                    .counters
                    .get(counter::spent(roller.label).as_str())
                    .copied()
                    .unwrap_or(0);
                input.set(&spent(roller.id), Value::Number(bid));
            }
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if given(input).is_some() {
            return Ok(());
        }
        if rollers_in(input).len() < 2 {
            return Err(InputError::new(
                "",
                "at least two armies roll for the Initiative",
            ));
        }
        for roller in rollers_in(input) {
            if points_spent(input, roller) > 0 && !input.flag(&on_map(roller.id)) {
                return Err(InputError::new(
                    &spent(roller.id),
                    format!(
                        "Command Points may be spent only while {} is on the map (L192)",
                        roller.commander.unwrap_or("the Overall Commander")
                    ),
                ));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if record.counters.contains_key(counter::DECIDED) {
            return Err(InputError::new(
                "",
                "the Initiative is decided for this turn; correct that roll to roll again",
            ));
        }
        if given(input).is_some() && !first_turn(record) {
            return Err(InputError::new(
                "given_by_scenario",
                "a scenario gives the Initiative on the first turn only (L198)",
            ));
        }
        let tie = pending_tie(record);
        if given(input).is_none() && !tie.is_empty() {
            let rolling: Vec<&str> = rollers_in(input).iter().map(|r| r.id).collect();
            let tied: Vec<&str> = tie.iter().map(|r| r.id).collect();
            if rolling != tied {
                return Err(InputError::new(
                    "",
                    format!(
                        "after the tie, {} roll again (L190)",
                        tie.iter()
                            .map(|r| r.label)
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                ));
            }
            for roller in &tie {
                let before = record
                    .counters
                    .get(counter::spent(roller.label).as_str())
                    .copied()
                    .unwrap_or(0);
                if i64::from(points_spent(input, roller)) != before {
                    return Err(InputError::new(
                        &spent(roller.id),
                        format!("a tie rolls again with the same Command Points: {before} (L190)"),
                    ));
                }
            }
        }
        for roller in rollers_in(input) {
            let bid = i64::from(points_spent(input, roller));
            if let Some(most) = command_points(record, roller.side)
                && bid > most
            {
                return Err(InputError::new(
                    &spent(roller.id),
                    format!(
                        "{} has {most} Command Points this turn (L401)",
                        roller.commander.unwrap_or("The Overall Commander")
                    ),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        given(input)
            .or_else(|| rollers_in(input).first().copied())
            .map_or("french", |r| r.side)
            .to_string()
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        if given(input).is_some() {
            return Vec::new();
        }
        rollers_in(input)
            .into_iter()
            .filter(|r| points_spent(input, r) > 0)
            .map(|r| {
                let points = points_spent(input, r);
                Modifier::new(
                    r.label,
                    format!("{points} Command Point(s) spent, +2 each"),
                    2 * points,
                    BID_RULE,
                )
            })
            .collect()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if given(input).is_some() {
            return DiceSpec::default();
        }
        let labels: Vec<String> = rollers_in(input)
            .iter()
            .map(|r| format!("{} die", r.label))
            .collect();
        DiceSpec::alike(Die::D10Zero, labels.iter().map(String::as_str))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        if let Some(winner) = given(input) {
            let mut effects = won(winner, &[]);
            effects.push(Effect::reminder(
                &format!(
                    "{} keeps one selected LIM out of the Pool and activates it first",
                    winner.label
                ),
                "R 4.12, L196",
            ));
            return Ok(Resolution::book_keeping(
                &wins(winner),
                format!("{} has the Initiative by the scenario's rule", winner.label),
                effects,
            ));
        }
        let rollers = rollers_in(input);
        let totals: Vec<SideTotal> = rollers
            .iter()
            .zip(faces.iter())
            .map(|(roller, face)| {
                let bonus = 2 * points_spent(input, roller);
                SideTotal {
                    side: roller.label.to_string(),
                    die: Some(i32::from(*face)),
                    modifiers: bonus,
                    total: i32::from(*face) + bonus,
                }
            })
            .collect();
        let best = totals.iter().map(|t| t.total).max().unwrap_or(0);
        let leaders: Vec<&'static Roller> = rollers
            .iter()
            .zip(&totals)
            .filter(|(_, t)| t.total == best)
            .map(|(r, _)| *r)
            .collect();
        let scores = totals
            .iter()
            .map(|t| format!("{} {}", t.side, t.total))
            .collect::<Vec<_>>()
            .join(", ");
        let mut effects: Vec<Effect> = rollers
            .iter()
            .map(|r| Effect::SetCounter {
                name: counter::spent(r.label).as_str().into(),
                value: i64::from(points_spent(input, r)),
                rule: BID_RULE.into(),
                lasts: Lasts::Turn,
            })
            .collect();
        let (outcome, rank) = match leaders.as_slice() {
            [winner] => {
                effects.extend(won(winner, &rollers));
                effects.push(Effect::reminder(
                    &format!(
                        "{} keeps one selected LIM out of the Pool and activates it first, and goes first in the No LIM and Out of Command Phases",
                        winner.label
                    ),
                    "R 4.12, L196; L291; L456",
                ));
                let rank = ROLLERS.iter().position(|r| r.id == winner.id).unwrap_or(0);
                (
                    (
                        wins(winner),
                        format!("{} wins the Initiative ({scores})", winner.label),
                    ),
                    rank as i32,
                )
            }
            tied => {
                let again: Vec<&'static Roller> = if input.text(INITIATIVE_TIES.id) == "everyone" {
                    rollers.clone()
                } else {
                    tied.to_vec()
                };
                for r in &rollers {
                    let value = i64::from(again.iter().any(|a| a.id == r.id));
                    effects.push(Effect::SetCounter {
                        name: counter::rolls_again(r.label).as_str().into(),
                        value,
                        rule: TIE_RULE.into(),
                        lasts: Lasts::Turn,
                    });
                }
                let names = again
                    .iter()
                    .map(|r| r.label)
                    .collect::<Vec<_>>()
                    .join(" and ");
                effects.push(Effect::reminder(
                    &format!("{names} roll again with the same Command Points"),
                    TIE_RULE,
                ));
                (
                    (
                        TIE.to_string(),
                        format!("A tie: {names} roll again ({scores})"),
                    ),
                    ROLLERS.len() as i32,
                )
            }
        };
        Ok(Resolution {
            modifiers: self.modifiers(input),
            totals,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: outcome.0,
                rank,
                headline: outcome.1,
            },
            effects,
        })
    }
}

/// The outcome of a tie, as the odds list it.
const TIE: &str = "Tie: roll again";

/// The outcome of a win, as the odds list it: "French wins".
fn wins(winner: &Roller) -> String {
    format!("{} wins", winner.label)
}

/// The Initiative goes to `winner`: his mark replaces the others', and no tie is left.
fn won(winner: &Roller, rollers: &[&Roller]) -> Vec<Effect> {
    let mut effects = vec![Effect::SetCounter {
        name: counter::DECIDED.into(),
        value: 1,
        rule: RULE.into(),
        lasts: Lasts::Turn,
    }];
    for other in ROLLERS.iter().filter(|r| r.id != winner.id) {
        effects.push(Effect::Unmark {
            name: holder_mark(other.label).as_str().into(),
            rule: RULE.into(),
        });
    }
    effects.push(Effect::Mark {
        name: holder_mark(winner.label).as_str().into(),
        rule: RULE.into(),
    });
    for r in rollers {
        effects.push(Effect::SetCounter {
            name: counter::rolls_again(r.label).as_str().into(),
            value: 0,
            rule: TIE_RULE.into(),
            lasts: Lasts::Turn,
        });
    }
    effects
}

/// Who holds the Initiative, and during the Initiative Phase who declares Command Points first.
pub fn notes(record: &Record) -> Vec<TurnNote> {
    let mut notes = Vec::new();
    let holder = holder(record);
    if record.counters.contains_key(counter::DECIDED) {
        if let Some(holder) = holder {
            notes.push(step_note(
                &format!("{} has the Initiative this turn", holder.label),
                "R 4.12, L196",
            ));
            let playing: Vec<&Roller> = ROLLERS.iter().filter(|r| in_battle(record, r)).collect();
            if record.position.phase == super::NO_LIM_PHASE && playing.len() > 1 {
                notes.push(step_note(
                    &format!(
                        "No LIM Phase: each picks one Command in turn, {}, then round again",
                        no_lim_order(holder, &playing).join(", ")
                    ),
                    "R 4.51, L291-299",
                ));
            }
        }
        return notes;
    }
    if record.position.phase != 0 {
        return notes;
    }
    let tie = pending_tie(record);
    if !tie.is_empty() {
        let names = tie
            .iter()
            .map(|r| r.label)
            .collect::<Vec<_>>()
            .join(" and ");
        notes.push(step_note(
            &format!("Initiative tied: {names} roll again with the same Command Points"),
            TIE_RULE,
        ));
        return notes;
    }
    match holder {
        Some(holder) => {
            let first: Vec<&str> = armies_in(record)
                .iter()
                .filter(|side| **side != holder.side)
                .map(|side| army_label(side))
                .collect();
            notes.push(step_note(
                &format!(
                    "{} had the Initiative last turn: {} declare{} Command Points first",
                    holder.label,
                    first.join(" and "),
                    if first.len() == 1 { "s" } else { "" }
                ),
                "R 4.12A, L192",
            ));
        }
        None if first_turn(record) => notes.push(step_note(
            "First turn: the scenario may give a side the Initiative (L198); otherwise every army rolls",
            "R 4.12, L198",
        )),
        None => {}
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R 4.51B, L299: "4-player, June 18th game, British Player has the Initiative. He goes first
    /// in the No LIM Phase ... both French players - Napoleon then Grouchy - choose one Command
    /// each, and then the Prussian Player chooses a corps, and so on."
    #[test]
    fn l299_the_no_lim_order_with_four_players() {
        let all: Vec<&Roller> = ROLLERS.iter().collect();
        let allied = roller("allied").expect("the Anglo-Allied roller");
        assert_eq!(
            no_lim_order(allied, &all),
            ["Anglo-Allied", "French", "Grouchy's player", "Prussian"]
        );
        let grouchy = roller("grouchy").expect("the Grouchy roller");
        assert_eq!(
            no_lim_order(grouchy, &all),
            ["Grouchy's player", "French", "Anglo-Allied", "Prussian"]
        );
    }

    #[test]
    fn the_rollers_fields_exist() {
        for roller in ROLLERS {
            assert!(FIELDS.iter().any(|f| f.id == rolls(roller.id)));
            if roller.commander.is_some() {
                assert!(FIELDS.iter().any(|f| f.id == on_map(roller.id)));
                assert!(FIELDS.iter().any(|f| f.id == spent(roller.id)));
            }
        }
    }
}
