//! The Battles of Waterloo's roster: the counter values entered in the roster editor
//! (`counter-value`), for combat units (R 2.2.1, L42-56) and leaders (R 2.2.2, L58-76). The
//! rulebook prints no counter values, so every rating here is FICTIONAL and marked so.

use crate::support;

use aide_de_camp::engine::input::{FieldKind, Value};
use support::battles_of_waterloo::{add_unit, game, procedure, start};
use support::{Play, number, text};

/// A game with 12 Line (FICTIONAL ratings) and the leader Reille on the record.
fn with_pieces() -> Play {
    let mut play = start("quatre-bras");
    add_unit(&mut play, "french", "12 Line", "infantry", &[]);
    play.play(
        "add-leader",
        &[
            ("side", text("french")),
            ("name", text("Reille")),
            ("type", text("superior_commander")),
            ("command_range", number(5)), // FICTIONAL
        ],
        &[],
    );
    play
}

fn entry(unit: &str, value_of: &str, value: i64) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("french")),
        ("unit", text(unit)),
        ("value_of", text(value_of)),
        ("value", number(value)),
    ]
}

#[test]
fn the_game_has_a_roster_whose_entry_is_the_counter_value() {
    let roster = game().roster.as_ref().expect("a roster");
    assert_eq!(roster.entry, "counter-value");
    assert_eq!(roster.addition, "add-unit");
    assert_eq!(
        roster.procedures(),
        ["counter-value", "add-unit", "add-leader", "add-lim"]
    );
    // What the roster editor relies on: side, unit, value_of naming each value, and value.
    let fields = procedure("counter-value").fields();
    let ids: Vec<&str> = fields.iter().map(|f| f.id).collect();
    assert_eq!(ids, ["side", "unit", "value_of", "value"]);
    let FieldKind::Choice(values) = fields[2].kind else {
        panic!("value_of is a choice");
    };
    for attribute in [
        "strength",
        "cohesion",
        "commitment",
        "movement allowance",
        "elite stars",
        "command range",
        "orders points",
    ] {
        assert!(values.iter().any(|(id, _)| *id == attribute), "{attribute}");
    }
}

#[test]
fn a_value_entered_from_the_counter_replaces_the_one_on_the_record() {
    let mut play = with_pieces();
    let resolution = play.play("counter-value", &entry("12 Line", "cohesion", 6), &[]); // FICTIONAL
    assert_eq!(resolution.outcome.headline, "Cohesion of 12 Line: 6");
    assert_eq!(
        play.attribute("french", "12 Line", "cohesion").as_deref(),
        Some("6")
    );
    play.play("counter-value", &entry("Reille", "command range", 7), &[]); // FICTIONAL
    assert_eq!(
        play.attribute("french", "Reille", "command range")
            .as_deref(),
        Some("7")
    );
}

#[test]
fn naming_a_piece_and_a_value_brings_the_value_on_the_record() {
    let play = with_pieces();
    let input = play.input(
        "counter-value",
        &[
            ("side", text("french")),
            ("unit", text("12 Line")),
            ("value_of", text("movement allowance")),
        ],
    );
    assert_eq!(input.number("value"), 6); // FICTIONAL, from add_unit
}

#[test]
fn a_value_the_counter_does_not_print_is_refused() {
    let play = with_pieces();
    let refused =
        |facts: Vec<(&'static str, Value)>| play.refused("counter-value", &facts).expect("refused");
    assert!(refused(entry("12 Line", "orders points", 2)).contains("does not print"));
    assert!(refused(entry("Reille", "strength", 4)).contains("does not print"));
    assert!(refused(entry("Nobody", "strength", 4)).contains("not a piece of this army"));
    assert!(refused(entry("12 Line", "steps", 3)).contains("4 steps"));
    assert!(refused(entry("12 Line", "elite stars", 3)).contains("up to 2"));
    assert!(refused(entry("12 Line", "cohesion", 12)).contains("up to 9"));
}

#[test]
fn it_is_not_offered_in_the_operations_phase() {
    let mut play = with_pieces();
    assert!(play.applies("counter-value"), "offered while setting up");
    play.go_to(1, 2, 0);
    assert!(play.record().position.phase == 2);
    assert!(!play.applies("counter-value"));
    assert!(play.applies("add-unit"), "book-keeping stays offered");
}
