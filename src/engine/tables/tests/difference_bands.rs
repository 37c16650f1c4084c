//! The difference-band kind: its columns, lookups, clamps and validation.

use super::*;

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
