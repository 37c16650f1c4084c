//! Tables whose cells are numbers (`results = "numbers"`): parsing, lookups, the cells refused,
//! templates, the chart editor's draft and the check against a game's reads. All values are
//! FICTIONAL.

use super::*;
use crate::engine::table_set::{TableRead, check_codes};

/// A FICTIONAL income chart: a difference picks the column, a roll the row.
const INCOME: &str = r#"id = "test"
title = "Fictional Income Chart"
kind = "difference_bands"
status = "complete"
results = "numbers" # numbers-key
columns = [
  { max = -3 },
  { min = -2, max = 2 },
  { min = 3, label = "ahead by 3+" },
]
domain = [2, 12]

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 9"

[[rows]]
min = 2
max = 6
cells = ["0", "1", "2"] # low-rolls

[[rows]]
min = 7
max = 12
cells = ["1", "3", "12"] # high-rolls
"#;

/// A FICTIONAL attrition chart: a strength picks the column, a roll the row.
fn attrition(status: &str, rows: &str) -> String {
    format!(
        r#"id = "test"
title = "Fictional Attrition Chart"
kind = "strength_bands"
status = "{status}"
results = "numbers"
columns = [
  {{ label = "1-4", min = 1, max = 4 }},
  {{ label = "5-9", min = 5, max = 9 }},
  {{ label = "10+", min = 10 }},
]
shift_cap = {{ left = 1, right = 1 }}
domain = [1, 3]

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 10"
{rows}"#
    )
}

/// FICTIONAL test values, not from any game.
const ATTRITION_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["0", "0", "1"]

[[rows]]
roll = 2
cells = ["0", "1", "2"]

[[rows]]
roll = 3
cells = ["1", "2", "4"] # roll-three
"#;

/// FICTIONAL template rows: the first roll left blank cell by cell, the second given in part,
/// the third left out altogether.
const ATTRITION_TEMPLATE_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["?", "?", "?"] # blank-cells

[[rows]]
roll = 2
cells = ["0", "?", "2"]

[[rows]]
roll = 3
"#;

/// A fixture of the shared set turned into a table of numbers: its `[[results]]` left out,
/// `results = "numbers"` said instead, and its codes A, B, C written as 1, 2, 30.
fn as_numbers(text: &str) -> String {
    let codes = "\n[[results]]\ncode = \"A\"\nlabel = \"Alpha\"\n\n[[results]]\ncode = \"B\"\nlabel = \"Bravo\"\n\n[[results]]\ncode = \"C\"\nlabel = \"Charlie\"\n";
    assert!(text.contains(codes), "the shared header lists A, B and C");
    text.replace(codes, "")
        .replacen(
            "status = \"complete\"",
            "status = \"complete\"\nresults = \"numbers\"",
            1,
        )
        .replace("\"A\"", "\"1\"")
        .replace("\"B\"", "\"2\"")
        .replace("\"C\"", "\"30\"")
}

fn reads() -> Vec<TableRead> {
    vec![TableRead {
        table: "test",
        codes: &[],
    }]
}

#[test]
fn a_numeric_difference_chart_is_read_at_its_band_edges() {
    let t = parse_ok(INCOME);
    assert!(t.numeric_cells());
    assert!(t.results.is_empty());
    assert_eq!(
        t.grid().rows[1],
        (
            "7-12".to_string(),
            vec!["1".to_string(), "3".to_string(), "12".to_string()]
        )
    );
    for (difference, roll, column, number) in [
        (-100, 2, 0, 0),
        (-3, 6, 0, 0),
        (-2, 6, 1, 1),
        (2, 7, 1, 3),
        (3, 7, 2, 12),
        (1000, 12, 2, 12),
    ] {
        let read = t.lookup_difference_bands(difference, roll).unwrap();
        assert_eq!(
            read.cell.column_index,
            Some(column),
            "difference {difference}"
        );
        assert_eq!(read.number().unwrap(), number, "{difference}, roll {roll}");
        assert_eq!(read.result.code, number.to_string());
        assert_eq!(read.result.label, number.to_string());
        assert!(read.limits.is_empty(), "{:?}", read.limits);
    }
    // A roll off the chart is clamped as on any chart, and the number read says itself once.
    let read = t.lookup_difference_bands(0, 13).unwrap();
    assert_eq!(read.number().unwrap(), 3);
    assert_eq!(
        descriptions(&read),
        ["roll 13 clamped to 12 (the table covers rolls 2-12)"]
    );
    assert_eq!(
        read.cell.describe(),
        "Fictional Income Chart, row 7-12, column -2 to +2 gives 3"
    );
}

#[test]
fn a_numeric_strength_chart_is_read_at_its_band_edges() {
    let t = parse_ok(&attrition("complete", ATTRITION_ROWS));
    assert!(t.numeric_cells());
    for (strength, column, number) in [(1, 0, 1), (4, 0, 1), (5, 1, 2), (9, 1, 2), (10, 2, 4)] {
        let read = t.lookup_strength_bands(strength, 0, 3).unwrap();
        assert_eq!(read.cell.column_index, Some(column), "strength {strength}");
        assert_eq!(read.number().unwrap(), number, "strength {strength}");
    }
    // Shifts are capped as on any strength chart.
    let read = t.lookup_strength_bands(4, 2, 2).unwrap();
    assert_eq!(read.cell.column_index, Some(1));
    assert_eq!(read.number().unwrap(), 1);
    assert_eq!(descriptions(&read), ["2 column shifts right capped at 1"]);
}

#[test]
fn every_kind_read_by_a_roll_or_a_difference_takes_numbers() {
    for text in [
        differential(DIFF_ROWS),
        roll_range_columns("complete", ROLL_RANGE_ROWS),
        roll_range_single(),
        odds("defender", "complete", ODDS_ROWS),
        strength(STRENGTH_COLUMNS, STRENGTH_ROWS),
        d66(D66_ROWS),
        difference_bands(DIFFERENCE_COLUMNS, DIFFERENCE_ROWS),
    ] {
        let t = parse_ok(&as_numbers(&text));
        assert!(t.numeric_cells(), "{}", t.kind);
        assert!(t.results.is_empty());
    }
    let t = parse_ok(&as_numbers(&differential(DIFF_ROWS)));
    assert_eq!(t.lookup_differential(7).unwrap().number().unwrap(), 30);
    let t = parse_ok(&as_numbers(&d66(D66_ROWS)));
    assert_eq!(t.lookup_d66(16, 0).unwrap().number().unwrap(), 2);
    let t = parse_ok(&as_numbers(&odds("defender", "complete", ODDS_ROWS)));
    assert_eq!(
        t.lookup_odds_ratio(3, 1, 0, 6).unwrap().number().unwrap(),
        30
    );
}

#[test]
fn a_cell_that_is_not_a_whole_number_is_refused_on_its_line() {
    for bad in ["-", "C", "+2", "-1", "1.5", "3 ", "", "99999999999"] {
        let text = INCOME.replace("\"12\"]", &format!("\"{bad}\"]"));
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "# high-rolls")),
            &format!("is `{bad}`: a number is expected"),
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}

#[test]
fn a_numeric_template_may_leave_cells_blank_and_a_complete_chart_may_not() {
    let template = parse_ok(&attrition("template", ATTRITION_TEMPLATE_ROWS));
    assert!(template.numeric_cells());
    assert_eq!(template.grid().rows[1].1, ["0", "?", "2"]);
    let refused = template.lookup_strength_bands(5, 0, 2).unwrap_err();
    assert!(refused.message.contains("is a template"), "{refused}");
    // The template's cells must still be numbers.
    let bad = attrition(
        "template",
        &ATTRITION_TEMPLATE_ROWS.replace("[\"0\", \"?\", \"2\"]", "[\"0\", \"?\", \"two\"]"),
    );
    assert_error(
        &errors_of(&bad),
        Some(line_with(&bad, "\"two\"")),
        "a number is expected",
    );
    // The same blanks in a complete chart are refused, each on its line.
    let complete = attrition("complete", ATTRITION_TEMPLATE_ROWS);
    let errors = errors_of(&complete);
    assert_error(
        &errors,
        Some(line_with(&complete, "# blank-cells")),
        "only a table with status = \"template\" may leave cells blank",
    );
    assert_error(
        &errors,
        Some(line_with(&complete, "\"?\", \"2\"]")),
        "may leave cells blank",
    );
}

#[test]
fn numbers_do_not_combine_with_compose() {
    let text = INCOME.replace(
        "domain = [2, 12]",
        "domain = [2, 12]\ncompose = { parts = [\"Ours\", \"Theirs\"] } # compose-key",
    );
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "# compose-key")),
        "`compose` combines result codes, and a table with results = \"numbers\" has none",
    );
}

#[test]
fn numbers_are_refused_where_they_do_not_fit_and_any_other_word_is_refused() {
    // A matrix is read by a choice: it lists its codes.
    let text = as_numbers(&matrix(MATRIX_ROWS));
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "results = \"numbers\"")),
        "does not fit a matrix table",
    );
    // A modifiers table is numeric already.
    let text = r#"id = "test"
title = "Fictional Modifiers"
kind = "modifiers"
status = "complete"
results = "numbers" # numbers-key

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 4"

[[rows]]
id = "hill"
label = "Hill"
cells = ["+1"]
"#;
    assert_error(
        &errors_of(text),
        Some(line_with(text, "# numbers-key")),
        "meaningless for a modifiers table",
    );
    let text = INCOME.replace("results = \"numbers\"", "results = \"figures\"");
    let errors = errors_of(&text);
    assert_error(
        &errors,
        Some(line_with(&text, "# numbers-key")),
        "`results` is \"figures\"",
    );
    assert_eq!(errors.len(), 1, "no cascade into the cells: {errors:?}");
}

#[test]
fn a_numeric_cell_reads_and_describes_itself() {
    let t = parse_ok(INCOME);
    let parts = t.read_cell("12").unwrap();
    assert_eq!(
        parts,
        [[Token {
            code: "12".into(),
            modifier: 0
        }]]
    );
    assert!(t.read_cell("C").is_err());
    assert!(t.read_cell("-1").is_err());
    assert_eq!(t.describe_cell("3").as_deref(), Some("3"));
    assert_eq!(t.describe_cell("C"), None);
    // A table of codes is not numeric, and its cells are not numbers.
    let codes = fictional_differential();
    assert!(!codes.numeric_cells());
    let read = codes.lookup_differential(0).unwrap();
    let refused = read.number().unwrap_err();
    assert!(
        refused.message.contains("is `A`, not a whole number"),
        "{refused}"
    );
}

#[test]
fn a_modifiers_table_counts_as_numeric() {
    let text = r#"id = "test"
title = "Fictional Modifiers"
kind = "modifiers"
status = "complete"

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 4"

[[rows]]
id = "hill"
label = "Hill"
cells = ["+1"]
"#;
    let t = parse_ok(text);
    assert!(t.numeric_cells());
    assert_eq!(t.describe_cell("+1").as_deref(), Some("+1"));
    assert_eq!(t.describe_cell("-0").as_deref(), Some("0"));
    assert!(t.read_cell("+1").is_ok());
    assert!(t.read_cell("A").is_err());
    assert!(Draft::of(&t).codes().is_empty());
}

#[test]
fn a_numeric_table_passes_the_check_of_codes() {
    let t = parse_ok(INCOME);
    assert_eq!(check_codes(&t, &reads()), Ok(()));
    // Even a table no procedure reads has no code to refuse.
    assert_eq!(check_codes(&t, &[]), Ok(()));
}

/// The parts of a table that a file gives: everything but the file's name and lines.
fn same_table(a: &Table, b: &Table) {
    assert_eq!(
        (&a.id, &a.title, a.kind, a.status, &a.provenance),
        (&b.id, &b.title, b.kind, b.status, &b.provenance)
    );
    assert_eq!((&a.results, &a.compose), (&b.results, &b.compose));
    assert_eq!(a.numeric_cells(), b.numeric_cells());
    assert_eq!(a.grid(), b.grid());
    let rows = |t: &Table| -> Vec<(String, RowKey, Vec<Option<String>>)> {
        t.body()
            .rows()
            .iter()
            .map(|r| (r.label.clone(), r.key.clone(), r.cells.clone()))
            .collect()
    };
    assert_eq!(rows(a), rows(b));
    let structure = |t: &Table| match t.body() {
        TableBody::DifferenceBands {
            columns, domain, ..
        } => format!("{columns:?} {domain:?}"),
        TableBody::StrengthBands {
            lines,
            columns,
            shift_cap,
            domain,
            ..
        } => format!("{lines:?} {columns:?} {shift_cap:?} {domain:?}"),
        other => panic!("not a fixture of this file: {other:?}"),
    };
    assert_eq!(structure(a), structure(b));
}

#[test]
fn a_numeric_chart_round_trips_through_the_chart_editor() {
    for text in [
        INCOME.to_string(),
        attrition("complete", ATTRITION_ROWS),
        attrition("template", ATTRITION_TEMPLATE_ROWS),
    ] {
        let table = parse_ok(&text);
        let draft = Draft::of(&table);
        assert!(draft.codes().is_empty());
        let written = draft.to_toml(table.status);
        assert!(
            written.contains("\nresults = \"numbers\"\n"),
            "the key is written:\n{written}"
        );
        let again = parse_ok(&written);
        same_table(&table, &again);
        // Written a second time, the file is the same.
        assert_eq!(Draft::of(&again).to_toml(again.status), written);
    }
    // The complete chart checks as entered, and reads the same numbers.
    let table = parse_ok(INCOME);
    let entered = Draft::of(&table).check(&reads()).unwrap();
    assert_eq!(entered.status, TableStatus::Entered);
    assert_eq!(
        entered
            .lookup_difference_bands(3, 7)
            .unwrap()
            .number()
            .unwrap(),
        12
    );
}

#[test]
fn the_chart_editor_checks_numeric_cells() {
    let mut draft = Draft::of(&parse_ok(&attrition("template", ATTRITION_TEMPLATE_ROWS)));
    assert_eq!(draft.blank_cells(), 7);
    let problems = draft.check(&reads()).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.place == Place::Cell { row: 0, column: 0 } && p.message == "enter a value"),
        "{problems:?}"
    );
    draft.rows[0].cells = vec!["0".into(), "1".into(), "-".into()];
    draft.rows[1].cells[1] = "1".into();
    draft.rows[2].cells = vec!["1".into(), "2".into(), "4".into()];
    let problems = draft.check(&reads()).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].place, Place::Cell { row: 0, column: 2 });
    assert!(
        problems[0].message.starts_with("a number is expected"),
        "{}",
        problems[0].message
    );
    draft.rows[0].cells[2] = "1".into();
    let table = draft.check(&reads()).unwrap();
    assert!(table.numeric_cells());
    assert_eq!(
        table
            .lookup_strength_bands(10, 0, 3)
            .unwrap()
            .number()
            .unwrap(),
        4
    );
}
