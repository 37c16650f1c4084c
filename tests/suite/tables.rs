//! Every table the games ship, and Waterloo Campaign 1815's Combat Results Table against its
//! rulebook (seed 000, «Combat Result Explanation», L771-787).

use aide_de_camp::engine::table_set::TableOrigin;
use aide_de_camp::engine::tables::{Draft, Table, TableKind, TableStatus};
use aide_de_camp::games::{self, GAMES};

#[test]
fn every_shipped_table_parses_and_validates() {
    let mut count = 0;
    for game in GAMES {
        for builtin in game.tables {
            let name = format!("{}/{}", game.id, builtin.file);
            if let Err(errors) = Table::parse(&name, builtin.text) {
                panic!("{name}: {errors:?}");
            }
            count += 1;
        }
        assert!(game.builtin_tables().is_ok(), "{}", game.id);
    }
    assert!(count >= 1);
}

/// The chart editor writes every shipped table back as it was: a complete table is checked as an
/// entered chart and reads the same; a template keeps its structure.
#[test]
fn the_chart_editor_writes_every_shipped_table_back_unchanged() {
    for game in GAMES {
        for loaded in game.builtin_tables().unwrap().all() {
            let table = &loaded.table;
            let draft = Draft::of(table);
            let written = Table::parse("written.toml", &draft.to_toml(table.status))
                .unwrap_or_else(|e| panic!("{}/{}: {e:?}", game.id, table.id));
            let what = format!("{}/{}", game.id, table.id);
            assert_eq!(written.grid(), table.grid(), "{what}");
            assert_eq!(written.kind, table.kind, "{what}");
            assert_eq!(written.compose, table.compose, "{what}");
            assert_eq!(written.results, table.results, "{what}");
            assert_eq!(written.provenance, table.provenance, "{what}");
            let again = Draft::of(&written);
            assert_eq!(again.columns, draft.columns, "{what}");
            assert_eq!(again.domain, draft.domain, "{what}");
            assert_eq!(again.rows, draft.rows, "{what}");
            if table.status == TableStatus::Complete {
                let entered = draft.check(&game.reads()).unwrap();
                assert_eq!(entered.grid(), table.grid());
            } else {
                assert!(draft.check(&game.reads()).is_err(), "a template has blanks");
            }
        }
    }
}

fn crt() -> Table {
    let game = games::find("waterloo-campaign-1815").expect("game");
    let tables = game.builtin_tables().expect("tables");
    tables.get("crt").expect("the CRT").clone()
}

#[test]
fn the_crt_is_complete_and_cites_its_lines() {
    let t = crt();
    assert_eq!(t.title, "Combat Results Table");
    assert_eq!(t.kind, TableKind::Differential);
    assert_eq!(t.status, TableStatus::Complete);
    assert_eq!(t.provenance.rulebook, "Waterloo Campaign 1815");
    assert_eq!(t.provenance.lines.as_deref(), Some("L771-787"));
    let codes: Vec<(&str, &str)> = t
        .results
        .iter()
        .map(|r| (r.code.as_str(), r.label.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("S", "Stalemate"),
            ("R", "Retreat"),
            ("B", "Blown"),
            ("E", "Eliminated")
        ]
    );
}

/// L776-787: 0 Stalemate; +1, +2 Retreat; +3, +4 Blown; +5 or more Eliminated.
#[test]
fn the_crt_at_every_boundary() {
    let t = crt();
    let cases = [
        (0, "S", "0"),
        (1, "R", "+1, +2"),
        (2, "R", "+1, +2"),
        (3, "B", "+3, +4"),
        (4, "B", "+3, +4"),
        (5, "E", "+5 or more"),
        (99, "E", "+5 or more"),
        (u32::MAX, "E", "+5 or more"),
    ];
    for (difference, code, row) in cases {
        let lookup = t.lookup_differential(difference).expect("a complete table");
        assert_eq!(lookup.result.code, code, "difference {difference}");
        assert_eq!(lookup.cell.row, row, "difference {difference}");
        assert!(lookup.limits.is_empty());
    }
    let grid = t.grid();
    assert_eq!(grid.columns, ["Result"]);
    let rows: Vec<&str> = grid.rows.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(rows, ["0", "+1, +2", "+3, +4", "+5 or more"]);
}

/// A table, built in or entered by an owner, whose results hold a code no procedure of the game
/// handles is refused when the game loads its tables, naming the file and the line of the code.
/// The built-in table takes the place of the owner's; the owner's other files are still read.
#[test]
fn a_table_with_a_result_code_no_procedure_handles_is_set_aside_at_load() {
    let game = games::find("waterloo-campaign-1815").expect("game");
    let data = tempfile::tempdir().expect("a folder");
    let owner_crt = game.owner_table_path(data.path(), "crt.toml");
    std::fs::create_dir_all(owner_crt.parent().expect("a folder")).expect("folders");
    std::fs::copy("tests/fixtures/unknown_code/crt.toml", &owner_crt).expect("copied");
    let owner_deluge = game.owner_table_path(data.path(), "deluge.toml");
    std::fs::copy("tables/waterloo-campaign-1815/deluge.toml", &owner_deluge).expect("copied");
    let (tables, errors) = game.load_tables(Some(data.path()));
    let origin = |id: &str| {
        let loaded = tables.all().iter().find(|t| t.table.id == id);
        loaded.map(|t| t.origin.clone())
    };
    assert_eq!(
        tables.all().len(),
        game.tables.len(),
        "every table is loaded"
    );
    assert_eq!(origin("crt"), Some(TableOrigin::Builtin));
    assert_eq!(origin("deluge"), Some(TableOrigin::Override(owner_deluge)));
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = &errors[0];
    assert_eq!(error.file, owner_crt.display().to_string());
    assert_eq!(
        error.line,
        Some(31),
        "the line of the `[[results]]` entry for Z"
    );
    assert!(
        error.message.contains("`Z`") && error.message.contains("S, R, B, E"),
        "{}",
        error.message
    );
    // The same file is a valid table on its own: only the game knows it cannot read it.
    assert!(Table::load(&owner_crt).is_ok());
}
