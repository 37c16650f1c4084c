//! What the two reaction charts share (Charge Reaction, R 8.65, L1198-1204; Square in Reaction,
//! R 8.72A, L1286): the reacting unit rolls one die, read on the owner's chart by how far it
//! falls above or below the unit's Cohesion, and the chart's result applies to that unit alone,
//! its 'd' or 'r' checks rolled on a second die of its own.

use super::checks::ZeroPasses;
use super::combat_results::{self, Applied, Struck};
use super::forms::Piece;
use super::options::NATURAL_ZERO;
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::Input;
use crate::engine::procedure::{Faces, RuleError};
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::{Lookup, Token};

/// The chart's die, then the reacting unit's own die for a 'd' or 'r' the chart may give.
pub fn dice(input: &Input, chart_die: &str) -> DiceSpec {
    let unit = input.text("unit").trim();
    let called = if unit.is_empty() { "unit" } else { unit };
    DiceSpec::new(&[
        (chart_die, Die::D10Zero),
        (&format!("{called}'s check die"), Die::D10Zero),
    ])
}

/// The chart's cell for a roll `margin` above the unit's Cohesion (below it when negative), and
/// the result's parts in the order printed.
pub fn read(
    tables: &TableSet,
    chart: &TableRead,
    column: Option<&str>,
    margin: i32,
) -> Result<(Lookup, Vec<Token>), RuleError> {
    let table = tables.get(chart.table)?;
    let lookup = table.lookup_roll_range(column, margin)?;
    let tokens = lookup
        .parts_for(chart, table)?
        .into_iter()
        .flatten()
        .collect();
    Ok((lookup, tokens))
}

/// The chart's result applied to the reacting unit: its steps, Disorder and checks, with its own
/// check die (the second face). `in_square` is its Square after the reaction.
pub fn apply_to_unit(
    tokens: &[Token],
    input: &Input,
    piece: Piece,
    in_square: bool,
    faces: &Faces,
    rule: &str,
) -> Applied {
    let steps_left = input.number("steps_left");
    let struck = Struck {
        piece,
        cohesion: input.number("cohesion"),
        steps_left: (steps_left > 0).then_some(steps_left),
        shaken: false,
        square: in_square,
        chateau: false,
        check_modifiers: Vec::new(),
        further_disorder_routs: false,
    };
    combat_results::apply(
        tokens,
        &struck,
        faces.get(1..).unwrap_or(&[]),
        ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
        rule,
        false,
    )
}
