//! The structures of charts printed only on player-aid cards: odds columns labelled otherwise than
//! their odds, rounding chosen by the procedure, cells that compose several codes, strength tables
//! of several lines, and lists of named modifiers. All values are FICTIONAL.

use super::*;

/// FICTIONAL test values, not from any game: codes 1, B, d and "-" combined in two parts.
fn composed(status: &str, rows: &str) -> String {
    format!(
        r#"id = "test"
title = "Fictional Composed Chart"
kind = "odds_ratio"
status = "{status}"
columns = [{{ label = "1-1.5", odds = "2:3" }}, "1:1", "2:1"]
rounding = "defender"
drm = {{ min = -2, max = 2 }}
domain = [0, 2]
compose = {{ parts = ["Attacker", "Defender"], modified = ["d"] }}

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 9"

[[results]]
code = "1"
label = "One step"

[[results]]
code = "B"
label = "Back"

[[results]]
code = "d"
label = "Disorder check"

[[results]]
code = "-"
label = "No result"
{rows}"#
    )
}

/// FICTIONAL test values, not from any game.
const COMPOSED_ROWS: &str = r#"
[[rows]]
roll = 0
cells = ["1B/-", "1/d", "-/1B"] # r1

[[rows]]
roll = 1
cells = ["1/-", "-/d+1", "-/1"]

[[rows]]
roll = 2 # r3
cells = ["-/-", "-/1", "d-1/1Bd"]
"#;

#[test]
fn an_odds_column_may_be_labelled_otherwise_than_its_odds() {
    let table = parse_ok(&composed("complete", COMPOSED_ROWS));
    // 2:3 is the first column: odds of 5:8 (0.625) are below it; 7:10 (0.7) rounds down to it.
    let read = table.lookup_odds_ratio(7, 10, 0, 0).unwrap();
    assert_eq!(read.cell.column.as_deref(), Some("1-1.5"));
    let bad = composed("complete", COMPOSED_ROWS).replace("odds = \"2:3\"", "odds = \"2-3\"");
    assert_error(
        &errors_of(&bad),
        Some(line_with(&bad, "columns =")),
        "its odds `2-3`",
    );
}

#[test]
fn the_procedure_may_choose_the_rounding() {
    let table = parse_ok(&composed("complete", COMPOSED_ROWS));
    // 3:2 lies between 1:1 and 2:1.
    let defender = table.lookup_odds_ratio(3, 2, 0, 0).unwrap();
    assert_eq!(defender.cell.column.as_deref(), Some("1:1"));
    let attacker = table
        .lookup_odds_ratio_rounded(3, 2, 0, 0, Rounding::Attacker)
        .unwrap();
    assert_eq!(attacker.cell.column.as_deref(), Some("2:1"));
}

#[test]
fn a_composed_cell_reads_into_parts_and_words() {
    let table = parse_ok(&composed("complete", COMPOSED_ROWS));
    let read = table.lookup_odds_ratio(1, 1, 0, 1).unwrap();
    assert_eq!(read.result.code, "-/d+1");
    assert_eq!(
        read.result.label,
        "Attacker: No result; Defender: Disorder check +1"
    );
    let parts = table.read_cell("d-1/1Bd").unwrap();
    assert_eq!(
        parts[0],
        [Token {
            code: "d".into(),
            modifier: -1
        }]
    );
    assert_eq!(parts[1].len(), 3);
}

#[test]
fn a_bad_composed_cell_is_refused_on_its_line() {
    let text = composed("complete", COMPOSED_ROWS).replace("\"-/1B\"]", "\"-/1X\"]");
    let r1 = line_with(&text, "# r1");
    assert_error(&errors_of(&text), Some(r1), "Defender part of `-/1X`");
    let text = composed("complete", COMPOSED_ROWS).replace("\"-/1B\"]", "\"1B\"]");
    assert_error(&errors_of(&text), Some(r1), "1 part(s)");
    let text =
        composed("complete", COMPOSED_ROWS).replace("modified = [\"d\"]", "modified = [\"x\"]");
    let compose = line_with(&text, "compose =");
    assert_error(
        &errors_of(&text),
        Some(compose),
        "`x`, which is not a result code",
    );
    // A template may leave a cell blank.
    let template = composed("template", COMPOSED_ROWS).replace("\"-/1B\"]", "\"?\"]");
    assert_eq!(parse_ok(&template).status, TableStatus::Template);
}

/// FICTIONAL test values, not from any game: two strength lines over three columns.
fn two_lines(bands: &str) -> String {
    header(
        "strength_bands",
        "complete",
        &format!(
            "lines = [\"Guns\", \"Muskets\"]\ncolumns = [{bands}]\nshift_cap = {{ left = 1, right = 1 }}\ndomain = [1, 2]"
        ),
    ) + r#"
[[rows]]
roll = 1
cells = ["A", "B", "C"]

[[rows]]
roll = 2
cells = ["B", "C", "C"]
"#
}

const BANDS: &str = r#"{ label = "I", bands = [[1, 3], [1, 1]] }, { label = "II", bands = [[4, 6], [2, 3]] }, { label = "III", bands = [[7], [4]] }"#;

#[test]
fn each_strength_line_finds_its_own_column() {
    let table = parse_ok(&two_lines(BANDS));
    let guns = table.lookup_strength_line(Some("Guns"), 5, 0, 1).unwrap();
    assert_eq!(guns.cell.column.as_deref(), Some("II"));
    let muskets = table
        .lookup_strength_line(Some("Muskets"), 5, 0, 1)
        .unwrap();
    assert_eq!(muskets.cell.column.as_deref(), Some("III"));
    // The first line by default, and shifts capped as on one line.
    let first = table.lookup_strength_bands(2, -3, 1).unwrap();
    assert_eq!(first.cell.column.as_deref(), Some("I"));
    assert!(table.lookup_strength_line(Some("Swords"), 1, 0, 1).is_err());
}

#[test]
fn a_line_with_a_gap_or_too_few_bands_is_refused() {
    let gap = two_lines(&BANDS.replace("[2, 3]", "[3, 3]"));
    let columns = line_with(&gap, "columns =");
    assert_error(&errors_of(&gap), Some(columns), "gap on the Muskets line");
    let short = two_lines(&BANDS.replace("bands = [[4, 6], [2, 3]]", "bands = [[4, 6]]"));
    assert_error(&errors_of(&short), Some(columns), "`bands` has 1 entries");
}

/// FICTIONAL test values, not from any game.
fn modifiers(status: &str, cells: &str) -> String {
    format!(
        r#"id = "test"
title = "Fictional Modifiers"
kind = "modifiers"
status = "{status}"
columns = ["Fire", "Shock"]

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 4"

[[rows]]
id = "hill"
label = "Hill"
cells = ["-1", "+2"]

[[rows]]
id = "wood"
label = "Wood"
cells = {cells}
"#
    )
}

#[test]
fn a_modifier_is_read_by_its_row_and_column() {
    let table = parse_ok(&modifiers("complete", "[\"0\", \"+3\"]"));
    let (value, read) = table.modifier("hill", Some("Shock")).unwrap();
    assert_eq!(value, 2);
    assert_eq!(read.cell.row.as_str(), "Hill");
    assert_eq!(table.modifier("wood", None).unwrap().0, 0);
    assert!(table.modifier("marsh", None).is_err());
}

#[test]
fn a_modifier_cell_must_be_a_number() {
    let text = modifiers("complete", "[\"0\", \"2L\"]");
    assert_error(
        &errors_of(&text),
        Some(line_with(&text, "\"2L\"")),
        "must be a signed whole number",
    );
    // A template answers the values it holds, and names the chart for a blank one.
    let template = parse_ok(&modifiers("template", "[\"?\", \"?\"]"));
    assert_eq!(template.modifier("hill", Some("Shock")).unwrap().0, 2);
    let refused = template.modifier("wood", None).unwrap_err();
    assert!(refused.message.contains("is a template"), "{refused}");
}

#[test]
fn a_modifier_needs_its_sign_and_a_number_one_sign() {
    let compose = Compose {
        parts: Vec::new(),
        modified: vec!["d".into()],
    };
    let parts = compose.read("d1", &["d", "1"]).unwrap();
    assert_eq!(parts[0].len(), 2, "a check and a step lost");
    assert_eq!(
        compose.read("d+12", &["d", "1"]).unwrap()[0][0].modifier,
        12
    );
    for bad in ["++5", "+-5", "-", "+", "5a"] {
        assert_eq!(super::super::parse_signed(bad), None, "{bad}");
    }
    assert_eq!(super::super::parse_signed("+2"), Some(2));
    assert_eq!(super::super::parse_signed("-1"), Some(-1));
}
