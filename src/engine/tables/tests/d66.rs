//! The d66 kind: its rows, lookups with the base-6 carry, and its validation.

use super::*;

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
