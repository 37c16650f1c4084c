//! Dice statistics for an umpire reading a table's luck, computed from the log alone:
//! - for each side and each kind of die, the count of every face against its expectation, with
//!   Pearson's chi-square test of fair dice and its p-value;
//! - for each resolution that rolled, how lucky the roll was: the chance of a result at least as
//!   good for the side that acted, read from the exact odds the app computes for its facts.
//!
//! Decisions, for a reader checking the figures:
//! - A die counts for the side the log names as acting (the attacker of an attack), since the log
//!   does not say whose hand threw each die; a die of a dice group counts for the side the group
//!   names (each side's own 2D6 in a Combat Round).
//! - Resolutions a correction voided do not count: their faces may be mistyped.
//! - "At least as good" orders outcomes by their rank (best for the acting side first), and a
//!   tie in rank counts as at least as good. Over many fair rolls its mean is not one half but
//!   (1 + sum of p squared) / 2 for each roll's odds p, which is shown beside it as the expectation.
//! - A procedure whose dice fall in independent groups (each side's own roll) gets one luck figure
//!   per group, for the part of the outcome that group decides, counted for the side that threw it. A procedure that draws chits
//!   from the record's cups gets none: its odds depend on the cups as they stood.
//!
//! Nothing here is stored in the session: the log is the source of truth and the figures are
//! derived from it the same way each time they are asked for.

use super::dice::Die;
use super::export::csv_field;
use super::input::Input;
use super::log::EventBody;
use super::play::Rules;
use super::procedure::{OddsLine, Procedure, odds, resolve_checked};
use super::session::Session;
use super::table_set::TableSet;
use serde::Serialize;
use std::collections::HashMap;
use std::rc::Rc;

/// Below this many rolls expected on each face, the chi-square test says little.
pub const FEW_EXPECTED: f64 = 5.0;

/// One side's throws of one kind of die.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FaceCounts {
    /// The side id, as the log names it.
    pub side: String,
    pub die: Die,
    /// The count of each face, in the die's order of faces.
    pub counts: Vec<u64>,
    pub rolls: u64,
    pub chi_square: ChiSquare,
}

impl FaceCounts {
    /// How often each face is expected in this many fair rolls.
    pub fn expected(&self) -> f64 {
        self.rolls as f64 / f64::from(self.die.face_count())
    }

    /// Whether there are too few rolls for the test to mean much.
    pub fn few(&self) -> bool {
        self.expected() < FEW_EXPECTED
    }
}

/// Pearson's chi-square test that every face is equally likely.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChiSquare {
    pub statistic: f64,
    pub degrees_of_freedom: u32,
    /// The chance that fair dice stray at least this far from the expectation.
    pub p_value: f64,
}

/// The chi-square test of `counts` against equal chances for every face.
pub fn chi_square(counts: &[u64]) -> ChiSquare {
    let rolls: u64 = counts.iter().sum();
    let degrees_of_freedom = u32::try_from(counts.len().saturating_sub(1)).unwrap_or(u32::MAX);
    if rolls == 0 || degrees_of_freedom == 0 {
        return ChiSquare {
            statistic: 0.0,
            degrees_of_freedom,
            p_value: 1.0,
        };
    }
    let expected = rolls as f64 / counts.len() as f64;
    let statistic: f64 = counts
        .iter()
        .map(|&count| (count as f64 - expected).powi(2) / expected)
        .sum();
    // The upper tail of the chi-square distribution: the regularized upper incomplete gamma
    // function Q(k/2, x/2).
    let p_value = puruspe::gammq(f64::from(degrees_of_freedom) / 2.0, statistic / 2.0);
    ChiSquare {
        statistic,
        degrees_of_freedom,
        p_value,
    }
}

/// How lucky one resolution's roll was.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Luck {
    pub event: u64,
    /// The side the log names as acting.
    pub side: String,
    /// The procedure's id, and its title.
    pub procedure: String,
    pub title: String,
    /// The dice group this figure is for, where the dice fall in groups ("French"); else empty.
    pub part: String,
    /// The outcome rolled, as the odds name it.
    pub outcome: String,
    /// The chance of a result at least this good for the acting side.
    pub at_least_this_good: f64,
    /// What that chance is on average over fair rolls of these odds.
    pub expected: f64,
}

/// The chance of an outcome ranked at least as well as `rank` in `lines` (best first), and the
/// mean of that chance over fair rolls: `None` if `lines` do not add up to one outcome for sure.
pub fn at_least_as_good(lines: &[OddsLine], rank: i32) -> Option<(f64, f64)> {
    let total: f64 = lines.iter().map(|l| l.probability).sum();
    if lines.is_empty() || (total - 1.0).abs() > 1e-9 {
        return None;
    }
    let at_least = |rank: i32| -> f64 {
        lines
            .iter()
            .filter(|l| l.rank <= rank)
            .map(|l| l.probability)
            .sum()
    };
    let expected = lines.iter().map(|l| l.probability * at_least(l.rank)).sum();
    Some((at_least(rank), expected))
}

/// One side's luck over all its resolutions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideLuck {
    pub side: String,
    pub resolutions: usize,
    /// The mean chance of a result at least as good as the one rolled.
    pub mean: f64,
    /// The same mean expected of fair dice over these resolutions' odds.
    pub expected: f64,
}

/// Everything the statistics show for a session.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct DiceStatistics {
    pub faces: Vec<FaceCounts>,
    pub luck: Vec<Luck>,
    pub sides: Vec<SideLuck>,
}

impl DiceStatistics {
    /// Counts the faces and weighs the luck of every resolution in `session` that still counts.
    pub fn of(session: &Session, rules: &dyn Rules, tables: &TableSet) -> DiceStatistics {
        let mut counts: Vec<(String, Die, Vec<u64>)> = Vec::new();
        let mut luck = Vec::new();
        let mut memo = OddsMemo::default();
        for event in session.events() {
            let EventBody::Resolved {
                procedure,
                input,
                dice,
                draws,
                ..
            } = &event.body
            else {
                continue;
            };
            if dice.is_empty() || session.is_voided(event.seq) {
                continue;
            }
            let rules_procedure = rules.procedure(procedure).ok();
            let groups = rules_procedure
                .map(|p| p.dice_groups(&input.with_later_flags(p.fields())))
                .unwrap_or_default();
            for (slot, die) in dice.iter().enumerate() {
                // A die of a group counts for the side that throws the group.
                let thrower = groups
                    .iter()
                    .find(|g| g.slots.contains(&slot))
                    .map_or(event.side.as_str(), |g| g.side);
                let at = match counts
                    .iter()
                    .position(|(side, kind, _)| side == thrower && *kind == die.die)
                {
                    Some(at) => at,
                    None => {
                        let faces = vec![0; die.die.face_count() as usize];
                        counts.push((thrower.to_string(), die.die, faces));
                        counts.len() - 1
                    }
                };
                if let Some(count) = face_index(die.die, die.face)
                    .and_then(|index| counts.get_mut(at).and_then(|c| c.2.get_mut(index)))
                {
                    *count += 1;
                }
            }
            if !draws.is_empty() {
                continue;
            }
            let Some(procedure) = rules_procedure else {
                continue;
            };
            let input = input.with_later_flags(procedure.fields());
            let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
            let parts = parts_rolled(procedure, &input, &faces, tables, &mut memo);
            for part in parts {
                if let Some((at_least_this_good, expected)) =
                    at_least_as_good(&part.lines, part.rank)
                {
                    luck.push(Luck {
                        event: event.seq,
                        side: part.side.unwrap_or(&event.side).to_string(),
                        procedure: procedure.id().into(),
                        title: procedure.title().into(),
                        part: part.group,
                        outcome: part.outcome,
                        at_least_this_good,
                        expected,
                    });
                }
            }
        }
        let faces = counts
            .into_iter()
            .map(|(side, die, counts)| FaceCounts {
                side,
                die,
                rolls: counts.iter().sum(),
                chi_square: chi_square(&counts),
                counts,
            })
            .collect();
        let sides = side_luck(&luck);
        DiceStatistics { faces, luck, sides }
    }

    /// The face counts as CSV: a row per side, die and face.
    pub fn faces_csv(&self, side_name: &dyn Fn(&str) -> String) -> String {
        let mut text = String::from(
            "side,die,face,count,expected,rolls,chi_square,degrees_of_freedom,p_value\n",
        );
        for counts in &self.faces {
            for (index, count) in counts.counts.iter().enumerate() {
                let face = counts.die.face_at(u32::try_from(index).unwrap_or(0));
                text.push_str(&format!(
                    "{},{},{face},{count},{:.3},{},{:.4},{},{:.6}\n",
                    csv_field(&side_name(&counts.side)),
                    csv_field(counts.die.name()),
                    counts.expected(),
                    counts.rolls,
                    counts.chi_square.statistic,
                    counts.chi_square.degrees_of_freedom,
                    counts.chi_square.p_value,
                ));
            }
        }
        text
    }

    /// The luck of each resolution as CSV.
    pub fn luck_csv(&self, side_name: &dyn Fn(&str) -> String) -> String {
        let mut text =
            String::from("event,side,procedure,part,outcome,at_least_this_good,expected\n");
        for luck in &self.luck {
            text.push_str(&format!(
                "{},{},{},{},{},{:.6},{:.6}\n",
                luck.event,
                csv_field(&side_name(&luck.side)),
                csv_field(&luck.procedure),
                csv_field(&luck.part),
                csv_field(&luck.outcome),
                luck.at_least_this_good,
                luck.expected,
            ));
        }
        text
    }
}

/// The odds of each procedure and input already enumerated: the same facts come up again and
/// again in a game (the same attack each turn), and a long log is then weighed many times faster.
type OddsMemo = HashMap<String, Option<Rc<Vec<OddsLine>>>>;

/// A part of an outcome rolled, with the odds it is weighed against.
struct Part {
    /// The side that threw a dice group; `None` for the whole roll, the acting side's.
    side: Option<&'static str>,
    /// The dice group's label, or empty for the whole roll.
    group: String,
    outcome: String,
    rank: i32,
    /// The odds of the group's or the whole roll's outcomes.
    lines: Rc<Vec<OddsLine>>,
}

/// What a roll of `procedure` with `input` and `faces` decided: the whole outcome, or each dice
/// group's part of it (see `odds_by_group`).
fn parts_rolled(
    procedure: &dyn Procedure,
    input: &Input,
    faces: &[u8],
    tables: &TableSet,
    memo: &mut OddsMemo,
) -> Vec<Part> {
    let key = format!(
        "{}\n{}",
        procedure.id(),
        serde_json::to_string(input).unwrap_or_default()
    );
    let Some(lines) = memo
        .entry(key)
        .or_insert_with(|| odds(procedure, input, tables).ok().map(Rc::new))
        .clone()
    else {
        return Vec::new();
    };
    // The log keeps the result as it was shown: its key and rank are worked out again.
    let Ok(resolution) = resolve_checked(procedure, input, tables, faces) else {
        return Vec::new();
    };
    let groups = procedure.dice_groups(input);
    if groups.is_empty() {
        let outcome = resolution.outcome;
        return vec![Part {
            side: None,
            group: String::new(),
            outcome: outcome.key,
            rank: outcome.rank,
            lines,
        }];
    }
    groups
        .iter()
        .enumerate()
        .map(|(index, group)| {
            let (part, rank) = procedure.group_outcome(index, &resolution.outcome);
            let prefix = format!("{}: ", group.label);
            let group_lines = lines
                .iter()
                .filter(|l| l.key.starts_with(&prefix))
                .cloned()
                .collect();
            Part {
                side: Some(group.side),
                group: group.label.clone(),
                outcome: part,
                rank,
                lines: Rc::new(group_lines),
            }
        })
        .collect()
}

/// Each side's mean luck, in the order the sides first rolled.
fn side_luck(luck: &[Luck]) -> Vec<SideLuck> {
    let mut sides: Vec<SideLuck> = Vec::new();
    for entry in luck {
        match sides.iter_mut().find(|s| s.side == entry.side) {
            Some(side) => {
                side.resolutions += 1;
                side.mean += entry.at_least_this_good;
                side.expected += entry.expected;
            }
            None => sides.push(SideLuck {
                side: entry.side.clone(),
                resolutions: 1,
                mean: entry.at_least_this_good,
                expected: entry.expected,
            }),
        }
    }
    for side in &mut sides {
        side.mean /= side.resolutions as f64;
        side.expected /= side.resolutions as f64;
    }
    sides
}

/// Where `face` stands in `die`'s order of faces, if it is one of its faces.
fn face_index(die: Die, face: u8) -> Option<usize> {
    (0..die.face_count()).position(|index| die.face_at(index) == face)
}
