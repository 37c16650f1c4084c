//! Every procedure of every playable game reads only the fields it declares.
//!
//! `Input::flag`, `number`, `text` and `list` read an id the input does not hold, or one holding
//! another kind of value, as no, 0 or empty, so a misspelt field id in a procedure would compile
//! and quietly change results. Here every hook of every procedure runs under
//! `watch_missed_reads`, on the form as it opens in each scenario and with each field changed to
//! each value it offers, and resolves with a few throws of its dice: any read that fell back to a
//! default is named with its game, procedure, hook and line. A read made only when several fields
//! are changed together, or the record holds something no scenario starts with, is not reached.

use aide_de_camp::engine::dice::DiceSpec;
use aide_de_camp::engine::input::{Field, FieldKind, Input, UnitOf, Value, watch_missed_reads};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::procedure::{Procedure, resolve_checked};
use aide_de_camp::engine::record::Record;
use aide_de_camp::engine::roller::Seed;
use aide_de_camp::engine::symbol::Symbol;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::games::{GAMES, Game};

/// The values a field is tried with besides its default.
fn other_values(field: &Field, input: &Input, record: &Record) -> Vec<Value> {
    match field.kind {
        FieldKind::Flag => vec![Value::Flag(true)],
        FieldKind::Count { max } => [1, max]
            .into_iter()
            .filter(|n| (1..=max).contains(n))
            .map(|n| Value::Number(i64::from(n)))
            .collect(),
        FieldKind::Number { min, max } => [min, 1, max]
            .into_iter()
            .filter(|n| *n != 0 && (min..=max).contains(n))
            .map(|n| Value::Number(i64::from(n)))
            .collect(),
        FieldKind::Choice(options) => options
            .iter()
            .skip(1)
            .map(|(id, _)| Value::Text((*id).into()))
            .collect(),
        FieldKind::Text { .. } => vec![Value::Text("A remark".into())],
        FieldKind::Unit { of, only, .. } => {
            let mut names = offered(record, input, of, only);
            names.truncate(2);
            names.push("A unit the record does not know".into());
            names.into_iter().map(Value::Text).collect()
        }
        FieldKind::Units { of, only } => {
            let mut names = offered(record, input, of, only);
            names.truncate(2);
            (1..=names.len())
                .map(|n| Value::List(names[..n].to_vec()))
                .collect()
        }
        FieldKind::UnitNumbers { of, only, max } => {
            let mut names = offered(record, input, of, only);
            names.truncate(2);
            vec![Value::Numbers(
                names.into_iter().map(|n| (n, i64::from(max))).collect(),
            )]
        }
    }
}

/// The record's units a unit field offers, as the form lists them.
fn offered(
    record: &Record,
    input: &Input,
    of: UnitOf,
    only: &'static [(&'static str, &'static str)],
) -> Vec<Symbol> {
    record
        .units_where(None, only)
        .filter(|(side, _, _)| of.takes(input, side))
        .map(|(_, name, _)| Symbol::new(name))
        .collect()
}

/// A few throws of `spec`: every die on its first face, on its last, alternating, and in the
/// middle.
fn throws(spec: &DiceSpec) -> Vec<Vec<u8>> {
    let pick = |choose: &dyn Fn(usize, u32) -> u32| -> Vec<u8> {
        spec.slots
            .iter()
            .enumerate()
            .map(|(i, slot)| slot.die.face_at(choose(i, slot.die.face_count())))
            .collect()
    };
    let mut throws = vec![
        pick(&|_, _| 0),
        pick(&|_, count| count - 1),
        pick(&|i, count| if i % 2 == 0 { 0 } else { count - 1 }),
        pick(&|_, count| count / 2),
    ];
    throws.dedup();
    throws
}

/// Runs every hook of `procedure` on `input` the way the app does, noting each read that fell
/// back to a default as "hook: read".
fn run_hooks(
    game: &Game,
    procedure: &dyn Procedure,
    input: &Input,
    record: &Record,
    tables: &TableSet,
    missed: &mut Vec<String>,
) {
    let mut watch = |hook: &str, run: &mut dyn FnMut()| {
        let ((), reads) = watch_missed_reads(run);
        for read in reads {
            let line = format!("{hook}: {read}");
            if !missed.contains(&line) {
                missed.push(line);
            }
        }
    };
    watch("applies", &mut || {
        procedure.applies(record);
    });
    watch("shows", &mut || {
        for field in procedure.fields() {
            procedure.shows(field.id, input);
        }
    });
    watch("modifiers", &mut || {
        procedure.modifiers(input);
    });
    watch("acting_side", &mut || {
        procedure.acting_side(input);
    });
    watch("sealed_fields", &mut || {
        procedure.sealed_fields(record);
    });
    watch("check_sealed", &mut || {
        for (_, field) in procedure.sealed_fields(record) {
            let _ = procedure.check_sealed(field, input, record);
        }
    });
    watch("check_combination", &mut || {
        let _ = procedure.check_combination(input);
    });
    watch("check_record", &mut || {
        let _ = game.check_record(procedure, input, record);
    });
    let mut spec = DiceSpec::default();
    watch("dice", &mut || spec = procedure.dice(input));
    for faces in throws(&spec) {
        watch("check_with_dice", &mut || {
            let _ = procedure.check_with_dice(input, &faces);
        });
        // Refusals are expected (a form at its defaults often names no unit); reads are not.
        watch("resolve", &mut || {
            let _ = resolve_checked(procedure, input, tables, &faces);
        });
    }
}

/// The form as it opens, then with each field changed alone to each value it offers and followed
/// as the form follows a change.
fn forms(procedure: &dyn Procedure, record: &Record, missed: &mut Vec<String>) -> Vec<Input> {
    let ((opened, changed), reads) = watch_missed_reads(|| {
        let mut opened = Input::defaults(procedure.fields());
        procedure.prefill(&mut opened, record);
        let mut changed = Vec::new();
        for field in procedure.fields() {
            for value in other_values(field, &opened, record) {
                let mut input = opened.clone();
                input.set(field.id, value);
                procedure.follow(field.id, &mut input, record);
                changed.push(input);
            }
        }
        (opened, changed)
    });
    for read in reads {
        let line = format!("prefill or follow: {read}");
        if !missed.contains(&line) {
            missed.push(line);
        }
    }
    std::iter::once(opened).chain(changed).collect()
}

#[test]
fn every_procedure_reads_only_the_fields_it_declares() {
    let mut undeclared = Vec::new();
    let mut procedures = 0;
    for game in GAMES {
        let tables = game.builtin_tables().expect("the built-in tables load");
        let records: Vec<Record> = std::iter::once(Record::default())
            .chain(game.scenarios.iter().map(|scenario| {
                game.start_session(
                    scenario,
                    game.sides_named(&[]),
                    GameKey::from_parts([7; 32], Seed::from_u64(1815)),
                    &tables,
                )
                .unwrap_or_else(|e| panic!("{}: {} sets up: {e}", game.id, scenario.id))
                .record()
                .clone()
            }))
            .collect();
        for procedure in game.procedures {
            procedures += 1;
            let mut missed = Vec::new();
            for field in procedure.fields() {
                if let FieldKind::Unit { of, .. } | FieldKind::Units { of, .. } = field.kind
                    && let UnitOf::Side(side) | UnitOf::OpponentOf(side) = of
                    && !procedure.fields().iter().any(|f| f.id == side)
                {
                    missed.push(format!(
                        "field `{}`: its units are of the side in `{side}`, which is not a field",
                        field.id
                    ));
                }
            }
            for record in &records {
                for input in forms(*procedure, record, &mut missed) {
                    run_hooks(game, *procedure, &input, record, &tables, &mut missed);
                }
            }
            undeclared.extend(
                missed
                    .into_iter()
                    .map(|m| format!("{} / {}, {m}", game.id, procedure.id())),
            );
        }
    }
    assert!(procedures > 0, "no playable game has procedures");
    assert!(
        undeclared.is_empty(),
        "procedures read fields they do not declare:\n{}",
        undeclared.join("\n")
    );
}
