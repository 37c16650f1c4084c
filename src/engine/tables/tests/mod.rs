//! Tests of parsing, validation, lookups and grids, on fictional tables.

use std::path::Path;

use super::*;

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

#[test]
fn lookup_result_serializes_for_the_log() {
    let l = fictional_differential().lookup_differential(3).unwrap();
    let text = toml::to_string(&l.cell).unwrap();
    assert!(
        text.contains(&format!("row = \"{}\"", l.cell.row)),
        "{text}"
    );
    assert_eq!(toml::from_str::<CellRef>(&text).unwrap(), l.cell);
    let text = toml::to_string(&l.result).unwrap();
    assert!(text.contains("label = \"Bravo\""), "{text}");

    // A lookup with limits survives a round trip (the log is read back).
    let s = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
    let with_limits = s.lookup_strength_bands(1, 9, 1).unwrap();
    assert!(!with_limits.limits.is_empty());
    let text = toml::to_string(&with_limits).unwrap();
    assert_eq!(toml::from_str::<Lookup>(&text).unwrap(), with_limits);
}

// -- errors: display and file loading -------------------------------------

#[test]
fn error_display() {
    let with_line = TableError {
        file: "a.toml".into(),
        line: Some(7),
        message: "bad".into(),
    };
    assert_eq!(with_line.to_string(), "a.toml:7: bad");
    let without = TableError {
        file: "a.toml".into(),
        line: None,
        message: "bad".into(),
    };
    assert_eq!(without.to_string(), "a.toml: bad");
    let _: &dyn std::error::Error = &without;
}

#[test]
fn missing_file_is_an_error() {
    let e = Table::load(Path::new("/nonexistent/dir/none.toml")).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].file, "/nonexistent/dir/none.toml");
    assert_eq!(e[0].line, None);
}

// -- validation: each kind of error with its line ------------------------

#[test]
fn fixtures_are_valid() {
    for text in all_fixtures() {
        parse_ok(&text);
    }
}

#[test]
fn syntax_error_line() {
    let text = differential(DIFF_ROWS).replace("max = 4", "max = = 4");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "max = = 4")),
        "TOML syntax error",
    );
}

#[test]
fn duplicate_key_is_a_syntax_error() {
    let text = differential(DIFF_ROWS).replace("max = 4\n", "max = 4\nmax = 5 # dup\n");
    let errors = errors_of(&text);
    assert_error(&errors, Some(line_with(&text, "# dup")), "duplicate key");
}

#[test]
fn unknown_kind_line() {
    let text = header("hexagonal", "complete", "") + DIFF_ROWS;
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "kind =")),
        "unknown kind `hexagonal`",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn unknown_status_line() {
    let text = header("differential", "finished", "") + DIFF_ROWS;
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "status =")),
        "unknown status `finished`",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn missing_required_keys() {
    // Top-level: no location in the file.
    let text = differential(DIFF_ROWS).replace("title = \"Fictional Test Chart\"\n", "");
    assert_error(
        &errors_of(&text),
        None,
        "missing required top-level key `title`",
    );

    // In a row: the row's header line.
    let text = differential(DIFF_ROWS).replace("min = 2\n", "");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r2")),
        "row 2 is missing required key `min`",
    );

    // In [provenance]: its header line.
    let text = differential(DIFF_ROWS).replace("rule = \"Test Rule 1\"\n", "");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "[provenance]")),
        "[provenance] is missing required key `rule`",
    );

    // A complete row without its result.
    let text = differential(DIFF_ROWS).replace("result = \"C\"\n", "");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        "missing required key `result`",
    );

    // No [[rows]] at all.
    let text = header("differential", "complete", "");
    assert_error(
        &errors_of(&text),
        None,
        "missing required top-level key `rows`",
    );
}

#[test]
fn duplicate_result_codes() {
    let text = differential(DIFF_ROWS)
        .replace("code = \"C\"", "code = \"A\" # dup-code")
        .replace("result = \"C\"", "result = \"A\"");
    let errors = errors_of(&text);
    // The [[results]] entry that repeats the code.
    let line = line_with(&text, "# dup-code") - 1;
    assert_error(
        &errors,
        Some(line),
        "duplicate result code `A` (first defined at line",
    );
}

#[test]
fn unknown_result_code() {
    let text = differential(DIFF_ROWS).replace("result = \"B\"", "result = \"Z\"");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "result = \"Z\"")),
        "unknown result code `Z` in row 2 (`+2 to +4`)",
    );

    let text = roll_range_columns(
        "complete",
        &ROLL_RANGE_ROWS.replace("[\"B\", \"C\"]", "[\"B\", \"Q\"]"),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"Q\"")),
        "unknown result code `Q` in row 2 (`5-9`), column `Horse`",
    );
}

#[test]
fn ragged_grid() {
    let text = roll_range_columns(
        "complete",
        &ROLL_RANGE_ROWS.replace("[\"B\", \"C\"]", "[\"B\", \"C\", \"A\"]"),
    );
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "[\"B\", \"C\", \"A\"]")),
        "ragged grid: row 2 (`5-9`) has 3 cells but the table has 2 columns",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");

    let text = odds(
        "defender",
        "complete",
        &ODDS_ROWS.replace("[\"A\", \"B\", \"B\", \"C\"]", "[\"A\", \"B\"]"),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "[\"A\", \"B\"]")),
        "has 2 cells but the table has 4 columns",
    );
}

#[test]
fn differential_gap_and_overlap() {
    // Gap: 2-4 becomes 3-4.
    let text = differential(&DIFF_ROWS.replace("min = 2", "min = 3"));
    let errors = errors_of(&text);
    let r1 = line_with(&text, "# r1");
    assert_error(
        &errors,
        Some(line_with(&text, "# r2")),
        &format!("gap: difference 2 not covered between row `0, +1` (line {r1})"),
    );

    // Overlap: 2-4 becomes 1-4.
    let text = differential(&DIFF_ROWS.replace("min = 2", "min = 1"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r2")),
        &format!("overlap: row `+1 to +4` overlaps row `0, +1` (line {r1}) at difference 1"),
    );

    // Not starting at 0.
    let text = differential(&DIFF_ROWS.replace("min = 0", "min = 1"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r1")),
        "gap: difference 0 not covered",
    );

    // Last row not open-ended.
    let text = differential(&DIFF_ROWS.replace("min = 5\n", "min = 5\nmax = 9\n"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        "differences of 10 or more are not covered",
    );

    // An open-ended row that is not the last.
    let text = differential(&DIFF_ROWS.replace("max = 4\n", ""));
    let r2 = line_with(&text, "# r2");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        &format!("overlaps row `+2 or more` (line {r2}), which is open-ended"),
    );

    // Negative difference; min above max.
    let text = differential(&DIFF_ROWS.replace("min = 0", "min = -1"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r1")),
        "differences cannot be negative",
    );
    let text = differential(&DIFF_ROWS.replace("max = 4", "max = 1"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r2")),
        "min 2 is above max 1",
    );
}

#[test]
fn roll_range_gap_and_overlap_name_both_rows() {
    let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("min = 5", "min = 6"));
    let (r1, r2) = (line_with(&text, "# r1"), line_with(&text, "# r2"));
    assert_error(
        &errors_of(&text),
        Some(r2),
        &format!("gap: roll 5 not covered between row `2-4` (line {r1}) and row `6-9` (line {r2})"),
    );

    let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 9", "max = 11"));
    let (r2, r3) = (line_with(&text, "# r2"), line_with(&text, "# r3"));
    assert_error(
        &errors_of(&text),
        Some(r3),
        &format!("overlap: row `10-12` overlaps row `5-11` (line {r2}) at rolls 10-11"),
    );

    // The domain is not covered to its end; a row runs past it.
    let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12", "max = 11"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        "gap: roll 12 not covered; the last row `10-11` ends at 11",
    );
    let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12", "max = 13"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        "runs past 12, the highest roll the table covers",
    );

    // Roll-range rows need a max.
    let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12\n", ""));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# r3")),
        "row 3 is missing required key `max`",
    );
}

#[test]
fn roll_rows_must_cover_the_domain_once() {
    let text = odds(
        "defender",
        "complete",
        &ODDS_ROWS.replace("roll = 4", "roll = 3 # again"),
    );
    let errors = errors_of(&text);
    let again = line_with(&text, "# again") - 1;
    assert_error(&errors, Some(again), "overlap: row `3` overlaps row `3`");
    assert_error(
        &errors,
        Some(line_with(&text, "roll = 5") - 1),
        &format!(
            "gap: roll 4 not covered between row `3` (line {})",
            again - 3
        ),
    );

    let text = odds(
        "defender",
        "complete",
        &ODDS_ROWS.replace("roll = 6", "roll = 7 # out"),
    );
    let errors = errors_of(&text);
    let out = line_with(&text, "# out") - 1;
    assert_error(&errors, Some(out), "runs past 6");
    assert_error(
        &errors,
        Some(out),
        "gap: roll 6 not covered between row `5`",
    );
}

#[test]
fn odds_columns_must_ascend() {
    let text =
        odds("defender", "complete", ODDS_ROWS).replace("\"2:1\", \"3:1\"", "\"3:1\", \"2:1\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# cols")),
        "columns not ascending: odds column `2:1` must be greater than `3:1`",
    );
    // Equal ratios are not ascending either.
    let text = odds("defender", "complete", ODDS_ROWS).replace("\"1:1\"", "\"2:4\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# cols")),
        "odds column `2:4` must be greater than `1:2`",
    );
    let text = odds("defender", "complete", ODDS_ROWS).replace("\"1:1\"", "\"1:0\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# cols")),
        "odds column `1:0` must be \"attack:defence\"",
    );
    let text = odds("sideways", "complete", ODDS_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "rounding =")),
        "unknown rounding `sideways`",
    );
    let text =
        odds("defender", "complete", ODDS_ROWS).replace("min = -1, max = 2", "min = 3, max = 2");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "drm =")),
        "`drm` min 3 is above max 2",
    );
}

#[test]
fn strength_columns_must_ascend_without_gaps() {
    let swapped = STRENGTH_COLUMNS.replace(
        "{ label = \"3-4\", min = 3, max = 4 }",
        "{ label = \"0\", min = 0, max = 0 }",
    );
    let text = strength(&swapped, STRENGTH_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "label = \"0\"")),
        "columns not ascending: strength column `0` (from 0) must come after `1-2`",
    );

    let gap = STRENGTH_COLUMNS.replace("label = \"3-4\", min = 3", "label = \"4\", min = 4");
    let text = strength(&gap, STRENGTH_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "label = \"4\"")),
        "gap: strengths 3 are in no column",
    );

    let overlap = STRENGTH_COLUMNS.replace("label = \"5-8\", min = 5", "label = \"4-8\", min = 4");
    let text = strength(&overlap, STRENGTH_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "label = \"4-8\"")),
        "overlap: strength column `4-8` starts at 4, inside `3-4`",
    );

    let open = STRENGTH_COLUMNS.replace("min = 3, max = 4", "min = 3");
    let text = strength(&open, STRENGTH_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "label = \"5-8\"")),
        "strength column `3-4` is open-ended (no max), so it must be the last column",
    );

    let text = strength(STRENGTH_COLUMNS, STRENGTH_ROWS).replace("left = 1", "left = -1");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "shift_cap =")),
        "`shift_cap.left` must not be negative",
    );
}

#[test]
fn blank_cells_only_in_templates() {
    let text = odds(
        "defender",
        "complete",
        &ODDS_ROWS.replace(
            "[\"A\", \"A\", \"A\", \"B\"]",
            "[\"A\", \"?\", \"A\", \"B\"]",
        ),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"?\"")),
        "the cell in row 1 (`1`), column `1:1` is \"?\": only a table with status = \"template\"",
    );

    // An entered table validates like a complete one.
    let text = odds("attacker", "entered", TEMPLATE_ROWS);
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "cells = [\"?\", \"?\"")),
        "is \"?\"",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "roll = 3") - 1),
        "row 3 is missing required key `cells`",
    );

    let t = parse_ok(&odds("attacker", "entered", ODDS_ROWS));
    assert_eq!(t.status, TableStatus::Entered);
    assert!(t.is_resolvable());
    assert_eq!(t.lookup_odds_ratio(3, 1, 0, 6).unwrap().result.code, "C");
}

#[test]
fn unknown_keys_and_wrong_types() {
    let text = differential(DIFF_ROWS).replace("result = \"B\"", "reslut = \"B\"");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "reslut")),
        "unknown key `reslut` in row 2",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "# r2")),
        "missing required key `result`",
    );

    // A key of another kind.
    let text = header("differential", "complete", "domain = [1, 6]") + DIFF_ROWS;
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "domain")),
        "unknown key `domain` in the table",
    );

    let text = differential(DIFF_ROWS).replace("min = 2", "min = \"two\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"two\"")),
        "`min` in row 2 must be an integer, found string",
    );
    let text = differential(DIFF_ROWS).replace("min = 2", "min = 2.5");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "2.5")),
        "must be an integer, found float",
    );
    let text = differential(DIFF_ROWS).replace("max = 4", "max = 99999999999");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "99999999999")),
        "`max` in row 2 is out of range",
    );
    let text = differential(DIFF_ROWS).replace("id = \"test\"", "id = \"a b\"");
    assert_error(&errors_of(&text), Some(1), "`id` `a b` may hold only");
}

#[test]
fn every_error_is_reported_at_once() {
    let text = differential(DIFF_ROWS)
        .replace("status = \"complete\"", "status = \"done\"")
        .replace("result = \"A\"", "result = \"Z\"")
        .replace("min = 5", "min = 6");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "status =")),
        "unknown status",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "\"Z\"")),
        "unknown result code `Z`",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "# r3")),
        "gap: difference 5 not covered",
    );
    assert_eq!(errors.len(), 3, "{errors:?}");
    // Sorted by line.
    let lines: Vec<_> = errors.iter().map(|e| e.line).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
}

#[test]
fn a_duplicate_code_does_not_hide_unknown_codes() {
    let text = differential(DIFF_ROWS)
        .replace("code = \"C\"", "code = \"A\"")
        .replace("result = \"B\"", "result = \"Z\"");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "\"Z\"")),
        "unknown result code `Z`",
    );
    assert!(
        errors
            .iter()
            .any(|e| e.message.ends_with("known codes: A, B"))
    );
    assert_error(
        &errors,
        Some(line_with(&text, "result = \"C\"")),
        "unknown result code `C`",
    );
}

#[test]
fn matrix_choices() {
    let text = matrix(&MATRIX_ROWS.replace("choice = \"Hold\"", "choice = \"Press\" # twice"));
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "# twice") - 1),
        "overlap: row 2 repeats row choice `Press` (first at line",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "# row-choices")),
        "gap: row choice `Hold` has no row",
    );

    let text = matrix(&MATRIX_ROWS.replace("choice = \"Hold\"", "choice = \"Flee\" # flee"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# flee") - 1),
        "unknown row choice `Flee`",
    );

    let text = matrix(MATRIX_ROWS).replace("[\"Stand\", \"Yield\"]", "[\"Stand\", \"Stand\"]");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "column_choices")),
        "duplicate entry `Stand` in `column_choices`",
    );
}

#[test]
fn bad_input_never_panics() {
    for text in all_fixtures() {
        // Every prefix (at char boundaries).
        for (i, _) in text.char_indices() {
            let _ = Table::parse("prefix.toml", &text[..i]);
        }
        // Every line removed in turn, and every line duplicated.
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let without: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect();
            let _ = Table::parse("cut.toml", &without.join("\n"));
            let mut doubled = lines.clone();
            doubled.insert(skip, lines[skip]);
            let _ = Table::parse("dup.toml", &doubled.join("\n"));
        }
        // Every digit replaced by extreme values.
        for extreme in ["-2147483648", "2147483647", "0", "-1"] {
            let mangled: String = text.replace('1', extreme);
            let _ = Table::parse("extreme.toml", &mangled);
        }
    }
    for odd in [
        "",
        "\u{feff}",
        "[[rows]]",
        "rows = 3",
        "results = []",
        "x",
        "\0",
    ] {
        assert!(Table::parse("odd.toml", odd).is_err());
    }
}

// -- lookups --------------------------------------------------------------

#[test]
fn roll_range_lookups_and_clamps() {
    let t = parse_ok(&roll_range_columns("complete", ROLL_RANGE_ROWS));
    let l = t.lookup_roll_range(Some("Horse"), 7).unwrap();
    assert_eq!(l.result.code, "C");
    assert_eq!(l.cell.row, "5-9");
    assert_eq!(l.cell.row_index, 1);
    assert_eq!(l.cell.column.as_deref(), Some("Horse"));
    assert_eq!(l.cell.column_index, Some(1));
    assert!(l.limits.is_empty());

    for (roll, code) in [(2, "A"), (4, "A"), (5, "B"), (9, "B"), (10, "C"), (12, "C")] {
        assert_eq!(
            t.lookup_roll_range(Some("Foot"), roll).unwrap().result.code,
            code
        );
    }

    let high = t.lookup_roll_range(Some("Foot"), 15).unwrap();
    assert_eq!(high.cell.row, "10-12");
    assert_eq!(
        descriptions(&high),
        ["roll 15 clamped to 12 (the table covers rolls 2-12)"]
    );
    assert_eq!(high.limits[0].rule, "Test Rule 1");
    let low = t.lookup_roll_range(Some("Foot"), i32::MIN).unwrap();
    assert_eq!(low.cell.row, "2-4");
    assert_eq!(
        descriptions(&low),
        ["roll -2147483648 clamped to 2 (the table covers rolls 2-12)"]
    );

    let e = t.lookup_roll_range(Some("Artillery"), 5).unwrap_err();
    assert!(
        e.message
            .contains("no column `Artillery`; columns are: Foot, Horse"),
        "{e}"
    );
    let e = t.lookup_roll_range(None, 5).unwrap_err();
    assert!(e.message.contains("has columns"), "{e}");

    let single = parse_ok(&roll_range_single());
    let l = single.lookup_roll_range(None, 5).unwrap();
    assert_eq!(l.result.code, "B");
    assert_eq!(l.cell.row, "four to six");
    assert_eq!(l.cell.column, None);
    assert_eq!(l.cell.column_index, None);
    assert_eq!(single.grid().columns, ["Result"]);
    assert_eq!(single.grid().rows[0].0, "1-3");
    let e = single.lookup_roll_range(Some("Foot"), 5).unwrap_err();
    assert!(e.message.contains("has no columns"), "{e}");
}

#[test]
fn odds_ratio_rounding() {
    let defender = parse_ok(&odds("defender", "complete", ODDS_ROWS));
    let attacker = parse_ok(&odds("attacker", "complete", ODDS_ROWS));
    // (attack, defence, defender-rounded column, attacker-rounded column)
    let cases = [
        (1, 2, "1:2", "1:2"),
        (2, 3, "1:2", "1:1"),
        (1, 1, "1:1", "1:1"),
        (3, 2, "1:1", "2:1"),
        (2, 1, "2:1", "2:1"),
        (5, 2, "2:1", "3:1"),
        (6, 2, "3:1", "3:1"),
    ];
    for (a, d, down, up) in cases {
        let l = defender.lookup_odds_ratio(a, d, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some(down), "{a}:{d} defender");
        assert!(l.limits.is_empty());
        let l = attacker.lookup_odds_ratio(a, d, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some(up), "{a}:{d} attacker");
        assert!(l.limits.is_empty());
    }
    let l = defender.lookup_odds_ratio(5, 2, 0, 4).unwrap();
    assert_eq!(l.cell.row, "4");
    assert_eq!(l.cell.row_index, 3);
    assert_eq!(l.cell.column_index, Some(2));
    assert_eq!(l.result.code, "C");
    assert_eq!(defender.grid().columns, ["1:2", "1:1", "2:1", "3:1"]);
}

#[test]
fn odds_ratio_clamps_and_caps() {
    for rounding in ["defender", "attacker"] {
        let t = parse_ok(&odds(rounding, "complete", ODDS_ROWS));
        let l = t.lookup_odds_ratio(1, 3, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("1:2"));
        assert_eq!(
            descriptions(&l),
            ["odds 1:3 are below the lowest column 1:2; read as 1:2"]
        );
        let l = t.lookup_odds_ratio(7, 2, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("3:1"));
        assert_eq!(
            descriptions(&l),
            ["odds 7:2 are above the highest column 3:1; read as 3:1"]
        );
        // No defence at all reads the last column; attack 0 the first.
        let l = t.lookup_odds_ratio(4, 0, 0, 3).unwrap();
        assert_eq!(l.cell.column_index, Some(3));
        assert_eq!(l.limits.len(), 1);
        let l = t.lookup_odds_ratio(0, 4, 0, 3).unwrap();
        assert_eq!(l.cell.column_index, Some(0));
        assert_eq!(l.limits.len(), 1);
        assert!(t.lookup_odds_ratio(0, 0, 0, 3).is_err());
    }

    let t = parse_ok(&odds("defender", "complete", ODDS_ROWS));
    // DRM capped above (max +2), roll within the domain.
    let l = t.lookup_odds_ratio(1, 1, 4, 2).unwrap();
    assert_eq!(l.cell.row, "4");
    assert_eq!(descriptions(&l), ["DRM +4 capped at +2"]);
    assert_eq!(l.limits[0].rule, "Test Rule 1");
    // DRM capped below (min -1).
    let l = t.lookup_odds_ratio(1, 1, -3, 4).unwrap();
    assert_eq!(l.cell.row, "3");
    assert_eq!(descriptions(&l), ["DRM -3 capped at -1"]);
    // Modified roll clamped at both ends.
    let l = t.lookup_odds_ratio(1, 1, 2, 6).unwrap();
    assert_eq!(l.cell.row, "6");
    assert_eq!(
        descriptions(&l),
        ["modified roll 8 clamped to 6 (the table covers rolls 1-6)"]
    );
    let l = t.lookup_odds_ratio(1, 1, -1, 1).unwrap();
    assert_eq!(l.cell.row, "1");
    assert_eq!(
        descriptions(&l),
        ["modified roll 0 clamped to 1 (the table covers rolls 1-6)"]
    );
    // Everything at once, in order: odds, DRM, roll.
    let l = t.lookup_odds_ratio(9, 1, 9, 6).unwrap();
    assert_eq!(
        descriptions(&l),
        [
            "odds 9:1 are above the highest column 3:1; read as 3:1",
            "DRM +9 capped at +2",
            "modified roll 8 clamped to 6 (the table covers rolls 1-6)",
        ]
    );
    // Extreme inputs neither overflow nor panic.
    let l = t
        .lookup_odds_ratio(u32::MAX, 1, i32::MIN, i32::MIN)
        .unwrap();
    assert_eq!(l.cell.row, "1");
    assert_eq!(l.limits.len(), 3);
    // Without a DRM cap, any DRM is used as is.
    let uncapped = parse_ok(
        &odds("defender", "complete", ODDS_ROWS).replace("drm = { min = -1, max = 2 }\n", ""),
    );
    let l = uncapped.lookup_odds_ratio(1, 1, 4, 1).unwrap();
    assert_eq!(l.cell.row, "5");
    assert!(l.limits.is_empty());
}

#[test]
fn strength_band_lookups_caps_and_clamps() {
    let t = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
    for (s, column) in [
        (1, "1-2"),
        (2, "1-2"),
        (3, "3-4"),
        (4, "3-4"),
        (5, "5-8"),
        (8, "5-8"),
        (9, "9+"),
        (500, "9+"),
    ] {
        let l = t.lookup_strength_bands(s, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some(column), "strength {s}");
        assert!(l.limits.is_empty());
    }
    let l = t.lookup_strength_bands(0, 0, 3).unwrap();
    assert_eq!(l.cell.column.as_deref(), Some("1-2"));
    assert_eq!(
        descriptions(&l),
        ["strength 0 is below the lowest column 1-2; read as 1-2"]
    );

    // Shifts within the caps.
    let l = t.lookup_strength_bands(3, 2, 1).unwrap();
    assert_eq!(l.cell.column.as_deref(), Some("9+"));
    assert_eq!(l.result.code, "B");
    assert!(l.limits.is_empty());
    let l = t.lookup_strength_bands(3, -1, 1).unwrap();
    assert_eq!(l.cell.column.as_deref(), Some("1-2"));
    assert!(l.limits.is_empty());

    // Shift caps: right 2, left 1.
    let l = t.lookup_strength_bands(1, 3, 1).unwrap();
    assert_eq!(l.cell.column.as_deref(), Some("5-8"));
    assert_eq!(descriptions(&l), ["3 column shifts right capped at 2"]);
    let l = t.lookup_strength_bands(5, -2, 1).unwrap();
    assert_eq!(l.cell.column.as_deref(), Some("3-4"));
    assert_eq!(descriptions(&l), ["2 column shifts left capped at 1"]);

    // Clamped at the table's edges.
    let l = t.lookup_strength_bands(1, -1, 1).unwrap();
    assert_eq!(l.cell.column_index, Some(0));
    assert_eq!(
        descriptions(&l),
        ["1 column shift left from column 1-2 would leave the table; read the leftmost column 1-2"]
    );
    let l = t.lookup_strength_bands(9, 5, 9).unwrap();
    assert_eq!(l.cell.column_index, Some(3));
    assert_eq!(l.cell.row, "6");
    assert_eq!(
        descriptions(&l),
        [
            "5 column shifts right capped at 2",
            "2 column shifts right from column 9+ would leave the table; read the rightmost column 9+",
            "roll 9 clamped to 6 (the table covers rolls 1-6)",
        ]
    );
    let l = t.lookup_strength_bands(3, 0, -4).unwrap();
    assert_eq!(l.cell.row, "1");
    assert_eq!(
        descriptions(&l),
        ["roll -4 clamped to 1 (the table covers rolls 1-6)"]
    );

    // A closed last band clamps strengths above it.
    let closed = parse_ok(&strength(
        &STRENGTH_COLUMNS.replace("min = 9 }", "min = 9, max = 12 }"),
        STRENGTH_ROWS,
    ));
    let l = closed.lookup_strength_bands(13, 0, 1).unwrap();
    assert_eq!(l.cell.column_index, Some(3));
    assert_eq!(
        descriptions(&l),
        ["strength 13 is above the highest column 9+; read as 9+"]
    );
}

#[test]
fn strength_band_shifts_never_leave_the_table() {
    let capped = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
    let uncapped = parse_ok(
        &strength(STRENGTH_COLUMNS, STRENGTH_ROWS)
            .replace("shift_cap = { left = 1, right = 2 }\n", ""),
    );
    for t in [&capped, &uncapped] {
        let grid = t.grid();
        for s in (0..=20).chain([u32::MAX]) {
            for shift in (-12..=12).chain([i32::MIN, i32::MAX]) {
                for roll in -2..=9 {
                    let l = t.lookup_strength_bands(s, shift, roll).unwrap();
                    let col = l.cell.column_index.unwrap();
                    assert!(col < grid.columns.len());
                    assert!(l.cell.row_index < grid.rows.len());
                    // The cell reported is the grid's cell.
                    assert_eq!(grid.columns[col], l.cell.column.clone().unwrap());
                    assert_eq!(grid.rows[l.cell.row_index].1[col], l.result.code);
                    assert_eq!(grid.rows[l.cell.row_index].0, l.cell.row);
                    // Every move that did not happen is explained.
                    let base = [1u32, 3, 5, 9].iter().rposition(|&m| s >= m).unwrap_or(0) as i64;
                    if col as i64 != base + i64::from(shift) {
                        assert!(!l.limits.is_empty(), "{s} {shift} {roll}");
                    }
                    // A cap never lets the column move beyond it.
                    if std::ptr::eq(t, &capped) {
                        let moved = col as i64 - base;
                        assert!((-1..=2).contains(&moved), "{s} {shift}: moved {moved}");
                    }
                }
            }
        }
    }
}

#[test]
fn matrix_lookups() {
    let t = parse_ok(&matrix(MATRIX_ROWS));
    let l = t.lookup_matrix("Hold", "Stand").unwrap();
    assert_eq!(l.result.code, "C");
    assert_eq!(l.result.label, "Charlie");
    assert_eq!(l.cell.row, "Hold");
    assert_eq!(l.cell.row_index, 1);
    assert_eq!(l.cell.column.as_deref(), Some("Stand"));
    assert_eq!(l.cell.column_index, Some(0));
    assert_eq!(t.lookup_matrix("Press", "Yield").unwrap().result.code, "B");
    let e = t.lookup_matrix("Flee", "Stand").unwrap_err();
    assert!(
        e.message
            .contains("no row choice `Flee`; row choices are: Press, Hold"),
        "{e}"
    );
    let e = t.lookup_matrix("Press", "Run").unwrap_err();
    assert!(
        e.message.contains("column choices are: Stand, Yield"),
        "{e}"
    );
    assert_eq!(t.row_header(), "Choice");
}

#[test]
fn template_names_the_chart_to_enter() {
    let t = parse_ok(&odds("attacker", "template", TEMPLATE_ROWS));
    assert_eq!(t.status, TableStatus::Template);
    assert!(!t.is_resolvable());
    let e = t.lookup_odds_ratio(2, 1, 0, 3).unwrap_err();
    assert_eq!(e.file, "test.toml");
    assert!(e.message.contains("is a template"), "{e}");
    assert!(
        e.message.contains(
            "Enter the \"Fictional Test Chart\" chart (Fictional Test Rules, Test Rule 1, L1-2)"
        ),
        "{e}"
    );
    assert!(e.message.contains("status = \"entered\""), "{e}");
    // Even a filled-in cell resolves nothing.
    assert!(t.lookup_odds_ratio(1, 2, 0, 2).is_err());

    let g = t.grid();
    assert_eq!(g.columns, ["1:2", "1:1", "2:1", "3:1"]);
    assert_eq!(g.rows[0], ("1".to_string(), vec!["?".to_string(); 4]));
    assert_eq!(g.rows[1].1, ["A", "?", "?", "?"]);
    assert_eq!(g.rows[5].1, ["?", "?", "?", "?"]);

    // A differential template without results resolves nothing either.
    let template = differential(DIFF_ROWS)
        .replace("status = \"complete\"", "status = \"template\"")
        .replace("result = \"B\"\n", "")
        .replace("result = \"C\"", "result = \"?\"");
    let t = parse_ok(&template);
    let e = t.lookup_differential(1).unwrap_err();
    assert!(
        e.message
            .contains("Fictional Test Rules, Test Rule 1, L1-2"),
        "{e}"
    );
    assert_eq!(t.grid().rows[1].1, ["?"]);
}

#[test]
fn template_structure_is_still_validated() {
    let text = odds(
        "attacker",
        "template",
        &TEMPLATE_ROWS.replace("[\"A\", \"?\", \"?\", \"?\"]", "[\"X\", \"?\"]"),
    );
    let errors = errors_of(&text);
    let line = line_with(&text, "[\"X\", \"?\"]");
    assert_error(&errors, Some(line), "ragged grid");
    assert_error(&errors, Some(line), "unknown result code `X`");

    let text = odds(
        "attacker",
        "template",
        &TEMPLATE_ROWS.replace("roll = 5", "roll = 4"),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "roll = 6") - 1),
        "gap: roll 5 not covered",
    );
    let text =
        odds("attacker", "template", TEMPLATE_ROWS).replace("\"2:1\", \"3:1\"", "\"3:1\", \"2:1\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# cols")),
        "columns not ascending",
    );
}

#[test]
fn wrong_kind_lookups_are_errors() {
    let crt = fictional_differential();
    let e = crt.lookup_odds_ratio(2, 1, 0, 3).unwrap_err();
    assert!(
        e.message
            .contains("is a differential table and cannot be read as a odds_ratio table"),
        "{e}"
    );
    assert!(e.message.contains("use lookup_differential"), "{e}");
    assert!(crt.lookup_roll_range(None, 3).is_err());
    assert!(crt.lookup_strength_bands(3, 0, 3).is_err());
    assert!(crt.lookup_matrix("a", "b").is_err());

    let m = parse_ok(&matrix(MATRIX_ROWS));
    let e = m.lookup_differential(2).unwrap_err();
    assert!(e.message.contains("is a matrix table"), "{e}");
    let r = parse_ok(&roll_range_single());
    assert!(r.lookup_matrix("Press", "Stand").is_err());
    let o = parse_ok(&odds("defender", "complete", ODDS_ROWS));
    assert!(o.lookup_strength_bands(1, 0, 1).is_err());
    let s = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
    assert!(s.lookup_odds_ratio(1, 1, 0, 1).is_err());

    // Kind is checked before template status.
    let t = parse_ok(&odds("attacker", "template", TEMPLATE_ROWS));
    let e = t.lookup_differential(0).unwrap_err();
    assert!(
        e.message.contains("cannot be read as a differential table"),
        "{e}"
    );
}

#[test]
fn kind_and_status_names_round_trip() {
    for k in TableKind::ALL {
        assert_eq!(TableKind::from_name(k.name()), Some(k));
    }
    for s in TableStatus::ALL {
        assert_eq!(TableStatus::from_name(s.name()), Some(s));
    }
    assert_eq!(TableKind::OddsRatio.name(), "odds_ratio");
    assert_eq!(TableKind::from_name("Matrix"), None);
}

// -- d66 ------------------------------------------------------------------

/// Every d66 roll, in order: 11-16, 21-26, ... 61-66.
fn d66_rolls() -> Vec<i32> {
    (1..=6)
        .flat_map(|tens| (1..=6).map(move |ones| tens * 10 + ones))
        .collect()
}

#[test]
fn d66_parses_and_shows_its_rows() {
    let t = parse_ok(&d66(D66_ROWS));
    assert_eq!(t.kind, TableKind::D66);
    assert_eq!(t.row_header(), "d66");
    let g = t.grid();
    assert_eq!(g.columns, ["Result"]);
    let rows: Vec<(&str, &[String])> = g
        .rows
        .iter()
        .map(|(l, c)| (l.as_str(), c.as_slice()))
        .collect();
    assert_eq!(
        rows,
        [
            ("11-14", &["A".to_string()][..]),
            ("15-21", &["B".to_string()][..]),
            ("middling", &["C".to_string()][..]),
            ("61-66", &["A".to_string()][..]),
        ]
    );
}

#[test]
fn d66_lookups_at_every_roll() {
    let t = parse_ok(&d66(D66_ROWS));
    for roll in d66_rolls() {
        let (row, code) = match roll {
            11..=14 => ("11-14", "A"),
            15..=21 => ("15-21", "B"),
            22..=56 => ("middling", "C"),
            _ => ("61-66", "A"),
        };
        let l = t.lookup_d66(roll, 0).unwrap();
        assert_eq!(l.cell.row, row, "roll {roll}");
        assert_eq!(l.result.code, code, "roll {roll}");
        assert_eq!(l.cell.column, None);
        assert_eq!(l.cell.column_index, None);
        assert!(l.limits.is_empty());
    }
    // The boundaries between rows, across the tens.
    assert_eq!(t.lookup_d66(14, 0).unwrap().cell.row_index, 0);
    assert_eq!(t.lookup_d66(15, 0).unwrap().cell.row_index, 1);
    assert_eq!(t.lookup_d66(16, 0).unwrap().cell.row_index, 1);
    assert_eq!(t.lookup_d66(21, 0).unwrap().cell.row_index, 1);
    assert_eq!(t.lookup_d66(22, 0).unwrap().cell.row_index, 2);
    assert_eq!(t.lookup_d66(56, 0).unwrap().cell.row_index, 2);
    assert_eq!(t.lookup_d66(61, 0).unwrap().cell.row_index, 3);
    assert_eq!(t.lookup_d66(66, 0).unwrap().cell.row_index, 3);
    // With a modifier the modified roll is read: 14 + 1 is 15, 21 - 1 is 16.
    assert_eq!(t.lookup_d66(14, 1).unwrap().cell.row, "15-21");
    assert_eq!(t.lookup_d66(22, -1).unwrap().cell.row, "15-21");
    assert_eq!(t.lookup_d66(56, 1).unwrap().cell.row, "61-66");
}

#[test]
fn d66_modifier_carries_in_base_6() {
    // The rule's own arithmetic example (Beyond Waterloo §21.5.8c, L1879), not a chart value:
    // 33 with 4 on the ones die reads 41 or 25.
    assert_eq!(d66_modified(33, 4), Some(41));
    assert_eq!(d66_modified(33, -4), Some(25));
    // Carry and borrow at the edges of a tens.
    assert_eq!(d66_modified(36, 1), Some(41));
    assert_eq!(d66_modified(41, -1), Some(36));
    assert_eq!(d66_modified(33, -3), Some(26));
    assert_eq!(d66_modified(35, 5), Some(44));
    assert_eq!(d66_modified(11, 35), Some(66));
    assert_eq!(d66_modified(66, -35), Some(11));
    assert_eq!(d66_modified(42, 0), Some(42));
    // Off the chart, or not a roll at all.
    assert_eq!(d66_modified(66, 1), None);
    assert_eq!(d66_modified(11, -1), None);
    assert_eq!(d66_modified(11, 36), None);
    for not_a_roll in [
        i32::MIN,
        -11,
        0,
        10,
        17,
        20,
        60,
        67,
        70,
        77,
        256 + 11,
        i32::MAX,
    ] {
        assert_eq!(d66_modified(not_a_roll, 0), None, "{not_a_roll}");
    }
    // Every roll and modifier: one step of the modifier is one step along the 36 rolls.
    let rolls = d66_rolls();
    for (i, &roll) in rolls.iter().enumerate() {
        for m in (-40..=40).chain([i32::MIN, i32::MAX]) {
            let expected = i64::try_from(i)
                .ok()
                .map(|i| i + i64::from(m))
                .and_then(|p| usize::try_from(p).ok())
                .and_then(|p| rolls.get(p).copied());
            assert_eq!(d66_modified(roll, m), expected, "{roll} {m}");
        }
    }
}

#[test]
fn d66_lookup_errors() {
    let t = parse_ok(&d66(D66_ROWS));
    for not_a_roll in [0, 10, 17, 60, 67, -15, i32::MIN, i32::MAX] {
        let e = t.lookup_d66(not_a_roll, 0).unwrap_err();
        assert_eq!(e.file, "test.toml");
        assert_eq!(e.line, None);
        assert!(
            e.message
                .contains(&format!("{not_a_roll} is not a d66 roll")),
            "{e}"
        );
    }
    let e = t.lookup_d66(63, 4).unwrap_err();
    assert!(
        e.message.contains(
            "d66 roll 63 with +4 on the ones die leaves \"Fictional Test Chart\" (test), which \
             covers the d66 rolls 11 to 66"
        ),
        "{e}"
    );
    let e = t.lookup_d66(12, -2).unwrap_err();
    assert!(e.message.contains("with -2 on the ones die"), "{e}");
    assert!(t.lookup_d66(66, i32::MAX).is_err());
    assert!(t.lookup_d66(11, i32::MIN).is_err());
}

#[test]
fn d66_lookups_never_leave_the_table() {
    let t = parse_ok(&d66(D66_ROWS));
    let grid = t.grid();
    for roll in d66_rolls().into_iter().chain([0, 17, 99, -1]) {
        for m in (-40..=40).chain([i32::MIN, i32::MAX]) {
            match (t.lookup_d66(roll, m), d66_modified(roll, m)) {
                (Ok(l), Some(modified)) => {
                    assert!(l.cell.row_index < grid.rows.len());
                    assert_eq!(grid.rows[l.cell.row_index].0, l.cell.row);
                    assert_eq!(grid.rows[l.cell.row_index].1[0], l.result.code);
                    // The row read is the row holding the modified roll.
                    let row = &t.body().rows()[l.cell.row_index];
                    let RowKey::Range { min, max } = row.key else {
                        panic!("d66 rows are ranges");
                    };
                    let modified = i64::from(modified);
                    assert!(min <= modified && max.is_some_and(|m| modified <= m));
                    assert!(l.limits.is_empty());
                }
                (Err(_), None) => {}
                (lookup, modified) => panic!("{roll} {m}: {lookup:?} but {modified:?}"),
            }
        }
    }
}

#[test]
fn d66_rows_must_be_rolls_and_cover_each_once() {
    // A bound that no pair of dice shows.
    let text = d66(&D66_ROWS.replace("max = 14", "max = 17"));
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "# s1")),
        "row 1: `max` = 17 is not a d66 roll (the tens and the ones are each 1 to 6",
    );
    let text = d66(&D66_ROWS.replace("min = 61", "min = 60"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s4")),
        "row 4: `min` = 60 is not a d66 roll",
    );
    let text = d66(&D66_ROWS.replace("max = 66", "max = 67"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s4")),
        "row 4: `max` = 67 is not a d66 roll",
    );
    let text = d66(&D66_ROWS.replace("min = 11", "min = 0"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s1")),
        "row 1: `min` = 0 is not a d66 roll",
    );

    // Gaps and overlaps name rolls, never the integers between them.
    let (s1, s2, s3) = {
        let text = d66(D66_ROWS);
        (
            line_with(&text, "# s1"),
            line_with(&text, "# s2"),
            line_with(&text, "# s3"),
        )
    };
    let text = d66(&D66_ROWS.replace("max = 21", "max = 16"));
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(s3),
        &format!(
            "gap: roll 21 not covered between row `15-16` (line {s2}) and row `middling` (line {s3})"
        ),
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    let text = d66(&D66_ROWS.replace("min = 22", "min = 21"));
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(s3),
        &format!("overlap: row `middling` overlaps row `15-21` (line {s2}) at roll 21"),
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    let text = d66(&D66_ROWS
        .replace("max = 21", "max = 16")
        .replace("min = 22", "min = 23"));
    assert_error(
        &errors_of(&text),
        Some(s3),
        "gap: rolls 21-22 not covered between row `15-16`",
    );
    let text = d66(&D66_ROWS.replace("min = 15", "min = 14"));
    assert_error(
        &errors_of(&text),
        Some(s2),
        &format!("overlap: row `14-21` overlaps row `11-14` (line {s1}) at roll 14"),
    );
    // The ends of the chart.
    let text = d66(&D66_ROWS.replace("min = 11", "min = 12"));
    assert_error(
        &errors_of(&text),
        Some(s1),
        "gap: roll 11 not covered; the first row `12-14` starts at 12",
    );
    let text = d66(&D66_ROWS.replace("max = 66", "max = 64"));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s4")),
        "gap: rolls 65-66 not covered; the last row `61-64` ends at 64",
    );
    // A row the wrong way round.
    let text = d66(&D66_ROWS.replace("min = 22\nmax = 56", "min = 56\nmax = 22"));
    assert_error(&errors_of(&text), Some(s3), "row 3: min 56 is above max 22");
}

#[test]
fn d66_keys_and_cells() {
    // Both bounds are required; rows hold a single result, no cells, and the chart has no domain.
    let text = d66(&D66_ROWS.replace("max = 14\n", ""));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s1")),
        "row 1 is missing required key `max`",
    );
    let text = d66(&D66_ROWS.replace("result = \"B\"", "cells = [\"B\"]"));
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "cells = [\"B\"]")),
        "unknown key `cells` in row 2",
    );
    assert_error(
        &errors,
        Some(line_with(&text, "# s2")),
        "row 2 is missing required key `result`",
    );
    let text = header("d66", "complete", "domain = [11, 66]") + D66_ROWS;
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "domain =")),
        "unknown key `domain` in the table",
    );
    let text = d66(&D66_ROWS.replace("result = \"C\"", "result = \"Q\""));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"Q\"")),
        "unknown result code `Q` in row 3 (`middling`)",
    );
    let text = d66(&D66_ROWS.replace("min = 15", "min = \"15\""));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"15\"")),
        "`min` in row 2 must be an integer, found string",
    );
}

#[test]
fn d66_template_resolves_nothing() {
    let text = header("d66", "template", "")
        + &D66_ROWS
            .replace("result = \"B\"\n", "")
            .replace("result = \"C\"", "result = \"?\"");
    let t = parse_ok(&text);
    assert_eq!(t.grid().rows[1].1, ["?"]);
    assert_eq!(t.grid().rows[2].1, ["?"]);
    let e = t.lookup_d66(11, 0).unwrap_err();
    assert!(e.message.contains("is a template"), "{e}");
    // The structure is still checked.
    let text = header("d66", "template", "") + &D66_ROWS.replace("max = 14", "max = 13");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# s2")),
        "gap: roll 14 not covered",
    );
    // An entered chart is checked like a complete one.
    let text = header("d66", "entered", "") + &D66_ROWS.replace("result = \"B\"", "result = \"?\"");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"?\"")),
        "only a table with status = \"template\" may leave cells blank",
    );
}

#[test]
fn d66_and_other_kinds_refuse_each_others_lookups() {
    let t = parse_ok(&d66(D66_ROWS));
    let e = t.lookup_roll_range(None, 34).unwrap_err();
    assert!(e.message.contains("is a d66 table"), "{e}");
    assert!(
        e.message
            .contains("use lookup_d66 instead of lookup_roll_range"),
        "{e}"
    );
    assert!(t.lookup_differential(3).is_err());
    let e = fictional_differential().lookup_d66(34, 0).unwrap_err();
    assert!(e.message.contains("cannot be read as a d66 table"), "{e}");
    assert!(parse_ok(&roll_range_single()).lookup_d66(11, 0).is_err());
}

// -- difference bands -------------------------------------------------------

/// The fixture with closed end bands: -6 to -3 and +5 to +8 (FICTIONAL).
fn closed_difference_bands() -> Table {
    parse_ok(&difference_bands(
        &DIFFERENCE_COLUMNS
            .replace("{ max = -3 }", "{ min = -6, max = -3 }")
            .replace("{ min = 5 }", "{ min = 5, max = 8 }"),
        DIFFERENCE_ROWS,
    ))
}

#[test]
fn difference_bands_parse_and_show_their_grid() {
    let t = parse_ok(&difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS));
    assert_eq!(t.kind, TableKind::DifferenceBands);
    assert_eq!(t.row_header(), "Roll");
    let g = t.grid();
    assert_eq!(
        g.columns,
        ["-3 or less", "-2, -1", "0", "ahead", "+5 or more"]
    );
    assert_eq!(
        g.rows[0],
        (
            "2-4".to_string(),
            vec!["A", "A", "B", "B", "C"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    assert_eq!(g.rows[2].0, "10-12");
    assert_eq!(g.rows[2].1[4], "A");
    let closed = closed_difference_bands().grid();
    assert_eq!(closed.columns[0], "-6 to -3");
    assert_eq!(closed.columns[4], "+5 to +8");
}

#[test]
fn difference_band_lookups_at_every_boundary() {
    let t = parse_ok(&difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS));
    for (d, column) in [
        (i32::MIN, "-3 or less"),
        (-100, "-3 or less"),
        (-3, "-3 or less"),
        (-2, "-2, -1"),
        (-1, "-2, -1"),
        (0, "0"),
        (1, "ahead"),
        (4, "ahead"),
        (5, "+5 or more"),
        (1000, "+5 or more"),
        (i32::MAX, "+5 or more"),
    ] {
        let l = t.lookup_difference_bands(d, 7).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some(column), "difference {d}");
        assert_eq!(l.cell.row, "5-9");
        assert!(l.limits.is_empty(), "difference {d}: {:?}", l.limits);
    }
    for (roll, row, code) in [
        (2, "2-4", "B"),
        (4, "2-4", "B"),
        (5, "5-9", "B"),
        (9, "5-9", "B"),
        (10, "10-12", "C"),
        (12, "10-12", "C"),
    ] {
        let l = t.lookup_difference_bands(0, roll).unwrap();
        assert_eq!(l.cell.row, row, "roll {roll}");
        assert_eq!(l.result.code, code, "roll {roll}");
        assert_eq!(l.cell.column_index, Some(2));
        assert!(l.limits.is_empty());
    }
    let l = t.lookup_difference_bands(-4, 12).unwrap();
    assert_eq!(l.result.code, "B");
    assert_eq!(l.result.label, "Bravo");
    assert_eq!(l.cell.row_index, 2);
    assert_eq!(l.cell.column_index, Some(0));
    assert_eq!(
        l.cell.describe(),
        "Fictional Test Chart, row 10-12, column -3 or less gives Bravo (B)"
    );
}

#[test]
fn difference_band_clamps_are_reported() {
    let t = closed_difference_bands();
    let l = t.lookup_difference_bands(-7, 3).unwrap();
    assert_eq!(l.cell.column_index, Some(0));
    assert_eq!(
        descriptions(&l),
        ["difference -7 is below the lowest column -6 to -3; read as -6 to -3"]
    );
    assert_eq!(l.limits[0].rule, "Test Rule 1");
    let l = t.lookup_difference_bands(9, 3).unwrap();
    assert_eq!(l.cell.column_index, Some(4));
    assert_eq!(
        descriptions(&l),
        ["difference +9 is above the highest column +5 to +8; read as +5 to +8"]
    );
    // The edges themselves are on the table.
    assert!(t.lookup_difference_bands(-6, 3).unwrap().limits.is_empty());
    assert!(t.lookup_difference_bands(8, 3).unwrap().limits.is_empty());
    // Rolls outside the domain, and everything at once, in order: difference, then roll.
    let l = t.lookup_difference_bands(0, 13).unwrap();
    assert_eq!(l.cell.row, "10-12");
    assert_eq!(
        descriptions(&l),
        ["roll 13 clamped to 12 (the table covers rolls 2-12)"]
    );
    let l = t.lookup_difference_bands(i32::MIN, i32::MIN).unwrap();
    assert_eq!(l.cell.row, "2-4");
    assert_eq!(l.cell.column_index, Some(0));
    assert_eq!(
        descriptions(&l),
        [
            "difference -2147483648 is below the lowest column -6 to -3; read as -6 to -3",
            "roll -2147483648 clamped to 2 (the table covers rolls 2-12)",
        ]
    );
    let l = t.lookup_difference_bands(i32::MAX, i32::MAX).unwrap();
    assert_eq!(l.cell.column_index, Some(4));
    assert_eq!(l.cell.row_index, 2);
    assert_eq!(l.limits.len(), 2);
}

#[test]
fn difference_band_lookups_never_leave_the_table() {
    let open = parse_ok(&difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS));
    let closed = closed_difference_bands();
    // (min, max) of each band, FICTIONAL as above.
    let open_bands = [(i64::MIN, -3), (-2, -1), (0, 0), (1, 4), (5, i64::MAX)];
    let closed_bands = [(-6, -3), (-2, -1), (0, 0), (1, 4), (5, 8)];
    for (t, bands) in [(&open, open_bands), (&closed, closed_bands)] {
        let grid = t.grid();
        for d in (-12..=12).chain([i32::MIN, i32::MAX]) {
            for roll in (-3..=16).chain([i32::MIN, i32::MAX]) {
                let l = t.lookup_difference_bands(d, roll).unwrap();
                let col = l.cell.column_index.unwrap();
                assert!(col < grid.columns.len());
                assert!(l.cell.row_index < grid.rows.len());
                assert_eq!(grid.columns[col], l.cell.column.clone().unwrap());
                assert_eq!(grid.rows[l.cell.row_index].0, l.cell.row);
                assert_eq!(grid.rows[l.cell.row_index].1[col], l.result.code);
                // The band read holds the difference, or is the end band it was clamped to.
                let d = i64::from(d);
                let holds = bands[col].0 <= d && d <= bands[col].1;
                let clamped_low = col == 0 && d < bands[0].0;
                let clamped_high = col == 4 && d > bands[4].1;
                assert!(holds || clamped_low || clamped_high, "{d} read in {col}");
                // Every clamp, and only a clamp, is reported.
                let roll_clamped = !(2..=12).contains(&roll);
                let expected = usize::from(!holds) + usize::from(roll_clamped);
                assert_eq!(l.limits.len(), expected, "{d} {roll}: {:?}", l.limits);
            }
        }
    }
}

#[test]
fn difference_columns_must_ascend_without_gaps() {
    let line_of = |text: &str, band: &str| line_with(text, &format!("# {band}"));

    // Only the first band may be open below, only the last open above.
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = -2, max = -1 }", "{ max = -1 }"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b2")),
        "difference column `-1 or less` has no `min`: only the first column may be open below (\"or less\")",
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = 0, max = 0 }", "{ min = 0 }"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b3")),
        "difference column `0 or more` has no `max`: only the last column may be open above (\"or more\")",
    );

    // A band the wrong way round.
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = 0, max = 0 }", "{ min = 0, max = -1 }"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b3")),
        "difference column `0 to -1`: min 0 is above max -1",
    );

    // Gaps and overlaps name both bands and the earlier band's line.
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("min = 1, max = 4", "min = 2, max = 4"),
        DIFFERENCE_ROWS,
    );
    let b3 = line_of(&text, "b3");
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b4")),
        &format!("gap: difference +1 is in no column (between `0` (line {b3}) and `ahead`)"),
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("min = 1, max = 4", "min = 3, max = 4"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b4")),
        &format!("gap: differences +1 to +2 are in no column (between `0` (line {b3})"),
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = 0, max = 0 }", "{ min = -1, max = 0 }"),
        DIFFERENCE_ROWS,
    );
    let b2 = line_of(&text, "b2");
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b3")),
        &format!(
            "overlap: difference column `-1, 0` starts at -1, inside `-2, -1` (line {b2}, up to -1)"
        ),
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("min = 1, max = 4", "min = -2, max = 4"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b4")),
        &format!(
            "columns not ascending: difference column `ahead` (from -2) must come after `0` (line {b3}, from 0)"
        ),
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("label = \"ahead\"", "label = \"0\""),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b4")),
        &format!("duplicate difference column `0` (first at line {b3})"),
    );

    // Empty, unknown keys, wrong types.
    let text = difference_bands("columns = [] # none", DIFFERENCE_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# none")),
        "`columns` must not be empty",
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = 5 }", "{ min = 5, maks = 9 }"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b5")),
        "unknown key `maks` in difference column 5; expected: label, min, max",
    );
    let text = difference_bands(
        &DIFFERENCE_COLUMNS.replace("{ min = 5 }", "{ min = \"5\" }"),
        DIFFERENCE_ROWS,
    );
    assert_error(
        &errors_of(&text),
        Some(line_of(&text, "b5")),
        "`min` in difference column 5 must be an integer, found string",
    );
    let text = difference_bands("columns = [\"-1\", \"+1\"] # strings", DIFFERENCE_ROWS);
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# strings")),
        "each difference column must be a table, found string",
    );
}

#[test]
fn difference_band_rows_cover_the_domain_once() {
    let text = difference_bands(
        DIFFERENCE_COLUMNS,
        &DIFFERENCE_ROWS.replace("min = 5", "min = 6"),
    );
    let (q1, q2) = (line_with(&text, "# q1"), line_with(&text, "# q2"));
    assert_error(
        &errors_of(&text),
        Some(q2),
        &format!("gap: roll 5 not covered between row `2-4` (line {q1}) and row `6-9` (line {q2})"),
    );
    let text = difference_bands(
        DIFFERENCE_COLUMNS,
        &DIFFERENCE_ROWS.replace("min = 5", "min = 4"),
    );
    assert_error(
        &errors_of(&text),
        Some(q2),
        &format!("overlap: row `4-9` overlaps row `2-4` (line {q1}) at roll 4"),
    );
    let text = difference_bands(
        DIFFERENCE_COLUMNS,
        &DIFFERENCE_ROWS.replace("max = 12", "max = 11"),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# q3")),
        "gap: roll 12 not covered; the last row `10-11` ends at 11",
    );
    // Cells: one per band, of known codes; `result` belongs to other kinds.
    let text = difference_bands(
        DIFFERENCE_COLUMNS,
        &DIFFERENCE_ROWS.replace(
            "[\"A\", \"B\", \"B\", \"C\", \"C\"]",
            "[\"A\", \"B\", \"B\", \"Z\"]",
        ),
    );
    let errors = errors_of(&text);
    let line = line_with(&text, "\"Z\"");
    assert_error(
        &errors,
        Some(line),
        "ragged grid: row 2 (`5-9`) has 4 cells but the table has 5 columns",
    );
    assert_error(
        &errors,
        Some(line),
        "unknown result code `Z` in row 2 (`5-9`), column `ahead`",
    );
    let text = difference_bands(
        DIFFERENCE_COLUMNS,
        &DIFFERENCE_ROWS.replace(
            "cells = [\"B\", \"C\", \"C\", \"C\", \"A\"]",
            "result = \"A\"",
        ),
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "result = \"A\"")),
        "unknown key `result` in row 3",
    );
    // The domain is required, and keys of other kinds are refused.
    let text =
        difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS).replace("domain = [2, 12]\n", "");
    assert_error(
        &errors_of(&text),
        None,
        "missing required top-level key `domain`",
    );
    let text = difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS).replace(
        "domain = [2, 12]",
        "domain = [2, 12]\nshift_cap = { left = 1 }",
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "shift_cap")),
        "unknown key `shift_cap` in the table",
    );
}

#[test]
fn difference_band_template_resolves_nothing() {
    let text = header(
        "difference_bands",
        "template",
        &format!("{DIFFERENCE_COLUMNS}\ndomain = [2, 12]"),
    ) + &DIFFERENCE_ROWS
        .replace("cells = [\"A\", \"B\", \"B\", \"C\", \"C\"]\n", "")
        .replace(
            "[\"B\", \"C\", \"C\", \"C\", \"A\"]",
            "[\"?\", \"?\", \"C\", \"?\", \"?\"]",
        );
    let t = parse_ok(&text);
    let g = t.grid();
    assert_eq!(g.rows[1].1, ["?", "?", "?", "?", "?"]);
    assert_eq!(g.rows[2].1, ["?", "?", "C", "?", "?"]);
    let e = t.lookup_difference_bands(0, 11).unwrap_err();
    assert!(e.message.contains("is a template"), "{e}");
    assert!(
        e.message
            .contains("Fictional Test Rules, Test Rule 1, L1-2"),
        "{e}"
    );
}

#[test]
fn difference_bands_and_other_kinds_refuse_each_others_lookups() {
    let t = parse_ok(&difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS));
    let e = t.lookup_strength_bands(3, 0, 5).unwrap_err();
    assert!(
        e.message
            .contains("is a difference_bands table and cannot be read as a strength_bands table"),
        "{e}"
    );
    assert!(e.message.contains("use lookup_difference_bands"), "{e}");
    assert!(t.lookup_roll_range(Some("0"), 5).is_err());
    assert!(t.lookup_d66(11, 0).is_err());
    let e = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS))
        .lookup_difference_bands(0, 5)
        .unwrap_err();
    assert!(
        e.message
            .contains("cannot be read as a difference_bands table"),
        "{e}"
    );
    assert!(
        fictional_differential()
            .lookup_difference_bands(0, 5)
            .is_err()
    );
}
