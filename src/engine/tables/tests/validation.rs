//! The result a lookup logs, errors and file loading, and each kind of validation error with its line.

use super::*;

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
