//! Tests of parsing, validation, lookups and grids, on fictional tables.

use std::path::Path;

use super::*;

mod charts;
mod d66;
mod difference_bands;
mod draft;
mod lookups;
mod numbers;
mod validation;

// -- helpers -----------------------------------------------------------

/// 1-based line of the only line containing `needle`.
fn line_with(text: &str, needle: &str) -> usize {
    let hits: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(hits.len(), 1, "fixture marker `{needle}` must be unique");
    hits[0]
}

fn errors_of(text: &str) -> Vec<TableError> {
    match Table::parse("test.toml", text) {
        Ok(_) => panic!("expected errors, the table parsed"),
        Err(e) => e,
    }
}

fn parse_ok(text: &str) -> Table {
    match Table::parse("test.toml", text) {
        Ok(t) => t,
        Err(e) => panic!(
            "expected a valid table, got:\n{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

/// Some error is on `line` and mentions `fragment`.
fn assert_error(errors: &[TableError], line: Option<usize>, fragment: &str) {
    assert!(
        errors
            .iter()
            .any(|e| e.line == line && e.message.contains(fragment) && e.file == "test.toml"),
        "no error at line {line:?} containing {fragment:?}; got:\n{}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn descriptions(lookup: &Lookup) -> Vec<&str> {
    lookup
        .limits
        .iter()
        .map(|l| l.description.as_str())
        .collect()
}

// -- fixtures -----------------------------------------------------------

/// FICTIONAL test values, not from any game. `top` holds kind-specific
/// top-level keys; rows are appended after the header.
fn header(kind: &str, status: &str, top: &str) -> String {
    format!(
        r#"id = "test"
title = "Fictional Test Chart"
kind = "{kind}"
status = "{status}"
{top}

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 1"
lines = "L1-2"

[[results]]
code = "A"
label = "Alpha"

[[results]]
code = "B"
label = "Bravo"

[[results]]
code = "C"
label = "Charlie"
"#
    )
}

/// FICTIONAL test values, not from any game.
fn differential(rows: &str) -> String {
    header("differential", "complete", "") + rows
}

/// FICTIONAL test values, not from any game.
const DIFF_ROWS: &str = r#"
[[rows]] # r1
min = 0
max = 1
result = "A"

[[rows]] # r2
min = 2
max = 4
result = "B"

[[rows]] # r3
min = 5
result = "C"
"#;

/// FICTIONAL test values, not from any game.
fn roll_range_columns(status: &str, rows: &str) -> String {
    header(
        "roll_range",
        status,
        "domain = [2, 12]\ncolumns = [\"Foot\", \"Horse\"]",
    ) + rows
}

/// FICTIONAL test values, not from any game.
const ROLL_RANGE_ROWS: &str = r#"
[[rows]] # r1
min = 2
max = 4
cells = ["A", "B"]

[[rows]] # r2
min = 5
max = 9
cells = ["B", "C"]

[[rows]] # r3
min = 10
max = 12
cells = ["C", "A"]
"#;

/// FICTIONAL test values, not from any game.
fn roll_range_single() -> String {
    header("roll_range", "complete", "domain = [1, 6]")
        + r#"
[[rows]]
min = 1
max = 3
result = "A"

[[rows]]
min = 4
max = 6
result = "B"
label = "four to six"
"#
}

/// FICTIONAL test values, not from any game.
fn odds(rounding: &str, status: &str, rows: &str) -> String {
    header(
        "odds_ratio",
        status,
        &format!(
            "columns = [\"1:2\", \"1:1\", \"2:1\", \"3:1\"] # cols\nrounding = \"{rounding}\"\n\
             drm = {{ min = -1, max = 2 }}\ndomain = [1, 6]"
        ),
    ) + rows
}

/// FICTIONAL test values, not from any game.
const ODDS_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["A", "A", "A", "B"]
[[rows]]
roll = 2
cells = ["A", "A", "B", "B"]
[[rows]]
roll = 3
cells = ["A", "B", "B", "C"]
[[rows]]
roll = 4
cells = ["B", "B", "C", "C"]
[[rows]]
roll = 5
cells = ["B", "C", "C", "C"]
[[rows]]
roll = 6
cells = ["C", "C", "C", "C"]
"#;

/// FICTIONAL test values, not from any game.
fn strength(top_columns: &str, rows: &str) -> String {
    header(
        "strength_bands",
        "complete",
        &format!("{top_columns}\nshift_cap = {{ left = 1, right = 2 }}\ndomain = [1, 6]"),
    ) + rows
}

/// FICTIONAL test values, not from any game.
const STRENGTH_COLUMNS: &str = r#"columns = [
  { label = "1-2", min = 1, max = 2 },
  { label = "3-4", min = 3, max = 4 },
  { label = "5-8", min = 5, max = 8 },
  { label = "9+", min = 9 },
]"#;

/// FICTIONAL test values, not from any game.
const STRENGTH_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["A", "A", "B", "B"]
[[rows]]
roll = 2
cells = ["A", "B", "B", "C"]
[[rows]]
roll = 3
cells = ["B", "B", "C", "C"]
[[rows]]
roll = 4
cells = ["B", "C", "C", "C"]
[[rows]]
roll = 5
cells = ["C", "C", "C", "A"]
[[rows]]
roll = 6
cells = ["C", "A", "A", "A"]
"#;

/// FICTIONAL test values, not from any game.
fn matrix(rows: &str) -> String {
    header(
        "matrix",
        "complete",
        "row_choices = [\"Press\", \"Hold\"] # row-choices\n\
         column_choices = [\"Stand\", \"Yield\"]",
    ) + rows
}

/// FICTIONAL test values, not from any game.
const MATRIX_ROWS: &str = r#"
[[rows]]
choice = "Press"
cells = ["A", "B"]

[[rows]]
choice = "Hold"
cells = ["C", "A"]
"#;

/// FICTIONAL test structure, not from any game: a template whose values
/// would be on a player-aid card.
const TEMPLATE_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["?", "?", "?", "?"]
[[rows]]
roll = 2
cells = ["A", "?", "?", "?"]
[[rows]]
roll = 3
[[rows]]
roll = 4
[[rows]]
roll = 5
[[rows]]
roll = 6
"#;

/// FICTIONAL test values, not from any game: a d66 chart.
fn d66(rows: &str) -> String {
    header("d66", "complete", "") + rows
}

/// FICTIONAL test values, not from any game. The second row spans the tens
/// (15, 16, 21); the third is labelled.
const D66_ROWS: &str = r#"
[[rows]] # s1
min = 11
max = 14
result = "A"

[[rows]] # s2
min = 15
max = 21
result = "B"

[[rows]] # s3
min = 22
max = 56
result = "C"
label = "middling"

[[rows]] # s4
min = 61
max = 66
result = "A"
"#;

/// FICTIONAL test values, not from any game: `top_columns` is the
/// `columns = [...]` line(s) of a difference-band chart.
fn difference_bands(top_columns: &str, rows: &str) -> String {
    header(
        "difference_bands",
        "complete",
        &format!("{top_columns}\ndomain = [2, 12]"),
    ) + rows
}

/// FICTIONAL test values, not from any game. Open at both ends; one band
/// labelled, the others generated.
const DIFFERENCE_COLUMNS: &str = r#"columns = [
  { max = -3 }, # b1
  { min = -2, max = -1 }, # b2
  { min = 0, max = 0 }, # b3
  { min = 1, max = 4, label = "ahead" }, # b4
  { min = 5 }, # b5
]"#;

/// FICTIONAL test values, not from any game.
const DIFFERENCE_ROWS: &str = r#"
[[rows]] # q1
min = 2
max = 4
cells = ["A", "A", "B", "B", "C"]

[[rows]] # q2
min = 5
max = 9
cells = ["A", "B", "B", "C", "C"]

[[rows]] # q3
min = 10
max = 12
cells = ["B", "C", "C", "C", "A"]
"#;

fn all_fixtures() -> Vec<String> {
    vec![
        differential(DIFF_ROWS),
        roll_range_columns("complete", ROLL_RANGE_ROWS),
        roll_range_single(),
        odds("defender", "complete", ODDS_ROWS),
        odds("attacker", "template", TEMPLATE_ROWS),
        strength(STRENGTH_COLUMNS, STRENGTH_ROWS),
        matrix(MATRIX_ROWS),
        d66(D66_ROWS),
        difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS),
    ]
}

fn fictional_differential() -> Table {
    parse_ok(&differential(DIFF_ROWS))
}
