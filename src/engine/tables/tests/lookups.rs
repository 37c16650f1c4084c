//! Lookups of every kind but d66 and difference bands: boundaries, rounding, clamps, caps, shifts and templates.

use super::*;

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
