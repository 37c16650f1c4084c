//! The chart editor's model: a draft checked by the table parser, each problem traced to the cell,
//! column or range it comes from. All values are FICTIONAL.

use super::*;

/// A FICTIONAL two-line strength template: one known column, one band left to the owner.
const TEMPLATE: &str = r#"id = "test"
title = "Fictional Fire Chart"
kind = "strength_bands"
status = "template"
lines = ["Guns", "Muskets"]
columns = [{ label = "4-6", bands = [[4, 6], "?"] }]
shift_cap = { left = 2, right = 2 }
domain = [0, 1]
compose = { modified = ["d"] }

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 7"

[[results]]
code = "-"
label = "Nothing"

[[results]]
code = "1"
label = "One"

[[results]]
code = "d"
label = "Check"

[[rows]]
roll = 0

[[rows]]
roll = 1
"#;

fn reads() -> Vec<crate::engine::table_set::TableRead> {
    vec![crate::engine::table_set::TableRead {
        table: "test",
        codes: &["-", "1", "d"],
    }]
}

#[test]
fn a_template_draft_names_each_blank_where_it_is() {
    let draft = Draft::of(&parse_ok(TEMPLATE));
    assert_eq!(draft.blank_cells(), 2);
    let problems = draft.check(&reads()).unwrap_err();
    let places: Vec<Place> = problems.iter().map(|p| p.place).collect();
    assert!(places.contains(&Place::Column(0)), "{problems:?}");
    assert!(
        places.contains(&Place::Cell { row: 0, column: 0 }),
        "{problems:?}"
    );
    assert!(
        places.contains(&Place::Cell { row: 1, column: 0 }),
        "{problems:?}"
    );
}

#[test]
fn a_filled_draft_is_an_entered_chart() {
    let mut draft = Draft::of(&parse_ok(TEMPLATE));
    draft.columns[0].bands[1] = "2-3".into();
    draft.add_column(0);
    draft.columns[1].label = "7+".into();
    draft.columns[1].bands = vec!["7+".into(), "4+".into()];
    draft.rows[0].cells = vec!["-".into(), "d+1".into()];
    draft.rows[1].cells = vec!["1".into(), "1d".into()];
    let table = draft.check(&reads()).unwrap();
    assert_eq!(table.status, TableStatus::Entered);
    let read = table
        .lookup_strength_line(Some("Muskets"), 5, 0, 0)
        .unwrap();
    assert_eq!(read.result.code, "d+1");
    // Written out and read again, the chart is the same.
    let again = Table::parse("again.toml", &draft.to_toml(TableStatus::Entered)).unwrap();
    assert_eq!(again.grid(), table.grid());
}

#[test]
fn a_bad_cell_or_band_is_refused_where_it_is() {
    let mut draft = Draft::of(&parse_ok(TEMPLATE));
    draft.columns[0].bands[1] = "two".into();
    draft.rows[0].cells = vec!["1X".into()];
    draft.rows[1].cells = vec!["1".into()];
    let problems = draft.check(&reads()).unwrap_err();
    let cell = problems
        .iter()
        .find(|p| p.place == Place::Cell { row: 0, column: 0 })
        .expect("the bad cell");
    assert!(cell.message.contains("`X`"), "{}", cell.message);
    assert!(
        problems.iter().any(|p| p.place == Place::Column(0)),
        "{problems:?}"
    );
    assert!(
        !problems
            .iter()
            .any(|p| p.place == Place::Cell { row: 1, column: 0 })
    );
}

#[test]
fn the_range_of_rolls_grows_and_keeps_what_was_entered() {
    let mut draft = Draft::of(&parse_ok(TEMPLATE));
    draft.rows[1].cells = vec!["1".into()];
    draft.set_domain(-1, 2);
    assert_eq!(draft.rows.len(), 4);
    assert_eq!(draft.rows[2].cells, ["1"]);
    assert_eq!(draft.rows[0].cells, [""]);
    draft.set_domain(1, 1);
    assert_eq!(draft.rows.len(), 1);
    assert_eq!(draft.rows[0].cells, ["1"]);
    // A column removed takes its cells; the last column stays.
    draft.add_column(0);
    draft.remove_column(0);
    assert_eq!(draft.columns.len(), 1);
    assert_eq!(draft.rows[0].cells, [""]);
    draft.remove_column(0);
    assert_eq!(draft.columns.len(), 1);
}
