//! The log and the session file: replay, verification, tampering, undo and corrections, sealed
//! choices, the recovery journal, and the properties of the dice and the odds.

use crate::support;

use aide_de_camp::engine::dice::Die;
use aide_de_camp::engine::input::{FieldKind, Input, Value};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::log::{EventBody, SideName};
use aide_de_camp::engine::play::{Command, Dice, Executed};
use aide_de_camp::engine::procedure::{Procedure, odds};
use aide_de_camp::engine::record::Position;
use aide_de_camp::engine::recovery::{self, RecoveryJournal};
use aide_de_camp::engine::roller::{Seed, roll_die};
use aide_de_camp::engine::sealed::SealedRound;
use aide_de_camp::engine::session::Session;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::games;
use proptest::prelude::*;
use support::forgery::{appended, rechain, session_from_events};
use support::waterloo_campaign::{execute, procedure, tables};

fn sides() -> Vec<SideName> {
    vec![
        SideName {
            id: "french".into(),
            name: "Alice".into(),
        },
        SideName {
            id: "coalition".into(),
            name: "Bob".into(),
        },
    ]
}

fn attack() -> (&'static dyn Procedure, TableSet) {
    (procedure("attack"), tables())
}

/// A session with `attacks` app-rolled attacks, each applied, played through `execute`.
fn played_session(seed: u64, attacks: usize) -> Session {
    let (procedure, tables) = attack();
    let game = games::find("waterloo-campaign-1815").expect("game");
    let mut session = Session::new(
        "waterloo-campaign-1815",
        "june-16-18",
        Position {
            turn: 3,
            phase: 0,
            step: 3,
        },
        sides(),
        GameKey::from_parts([7; 32], Seed::from_u64(seed)),
    );
    let mut input = Input::defaults(procedure.fields());
    for n in 0..attacks {
        input.set("attacker_stars", Value::Number((n % 3) as i64));
        let command = Command::Resolve {
            procedure: procedure.id().into(),
            input: input.clone(),
            dice: Dice::App,
            apply: true,
        };
        session
            .execute(game, &tables, command)
            .expect("the attack resolves");
    }
    session
}

fn correct(event: u64, reason: &str) -> Command {
    Command::Correct {
        event,
        reason: reason.into(),
    }
}

#[test]
fn a_saved_session_replays_to_the_same_record_and_rolls() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let path = folder.path().join("game.toml");
    let mut session = played_session(11, 20);
    session.save(&path).expect("saves");
    let loaded = Session::load(&path).expect("loads");
    assert_eq!(loaded.events(), session.events());
    assert_eq!(loaded.record(), session.record());
    assert_eq!(loaded.record().applied, 20);
    let report = loaded.verify().expect("an untouched file verifies");
    assert_eq!(report.events, 41);
    assert_eq!(report.app_rolls, 40);
    // Every app roll is the seed's draw at its index.
    for event in loaded.events() {
        if let EventBody::Resolved { dice, .. } = &event.body {
            for die in dice {
                let index = die.draw_index.expect("app roll");
                assert_eq!(die.face, roll_die(Seed::from_u64(11), index, die.die));
            }
        }
    }
    // No temporary file is left beside the saved one.
    let names: Vec<_> = std::fs::read_dir(folder.path())
        .expect("folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("game.toml")]);
}

/// The byte offsets where each event's block starts in the saved text.
fn event_blocks(text: &str) -> Vec<usize> {
    text.match_indices("[[events]]").map(|(i, _)| i).collect()
}

#[test]
fn changing_one_byte_of_an_event_fails_verify_at_that_event() {
    let session = played_session(5, 6);
    let text = session.to_toml().expect("serialises");
    let blocks = event_blocks(&text);
    assert_eq!(blocks.len(), session.events().len());
    // For each resolution event, change one digit of its outcome text or its input, one byte only.
    let mut checked = 0;
    for (index, event) in session.events().iter().enumerate() {
        if !matches!(event.body, EventBody::Resolved { .. }) {
            continue;
        }
        let start = blocks[index];
        let end = blocks.get(index + 1).copied().unwrap_or(text.len());
        let block = &text[start..end];
        let offset = block
            .find("attacker_stars = ")
            .map(|i| i + "attacker_stars = ".len())
            .expect("the input is in the block");
        let mut bytes = text.clone().into_bytes();
        let position = start + offset;
        bytes[position] = if bytes[position] == b'4' { b'5' } else { b'4' };
        let tampered = String::from_utf8(bytes).expect("still text");
        let loaded = Session::from_toml("tampered.toml", &tampered).expect("still parses");
        let failure = loaded.verify().expect_err("a changed byte is detected");
        assert_eq!(failure.seq, event.seq, "{failure}");
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn a_forged_die_face_with_a_recomputed_chain_is_still_caught() {
    // Someone who edits a face and recomputes every hash cannot sign the result.
    let mut session = played_session(9, 3);
    let saved = Session::from_toml("game.toml", &session.to_toml().expect("text")).expect("reads");
    let bump = |events: &mut Vec<aide_de_camp::engine::log::Event>| {
        if let EventBody::Resolved { dice, .. } = &mut events[1].body {
            dice[0].face = if dice[0].face == 6 {
                1
            } else {
                dice[0].face + 1
            };
        }
        rechain(events);
    };
    let mut events = saved.events().to_vec();
    bump(&mut events);
    let text = aide_de_camp::engine::session_file::to_text(&events, saved.signatures())
        .expect("serialises");
    let forged = Session::from_toml("forged.toml", &text).expect("parses");
    let failure = forged.verify().expect_err("the forged face is caught");
    assert_eq!(failure.seq, 2);
    assert!(failure.message.contains("not the event"), "{failure}");

    // Even someone holding the key and re-signing cannot match the seed's draw once the seed is
    // revealed.
    let game = games::find("waterloo-campaign-1815").expect("game");
    support::reveal_seed(&mut session, game, &tables());
    let mut events = session.events().to_vec();
    bump(&mut events);
    let failure = session_from_events(&events)
        .verify()
        .expect_err("the forged face is caught");
    assert_eq!(failure.seq, 2);
    assert!(failure.message.contains("draw 0"), "{failure}");
}

#[test]
fn removing_an_event_is_named() {
    let session = played_session(3, 3);
    let text = session.to_toml().expect("serialises");
    let blocks = event_blocks(&text);
    let without_third = format!("{}{}", &text[..blocks[2]], &text[blocks[3]..]);
    let loaded = Session::from_toml("cut.toml", &without_third).expect("parses");
    let failure = loaded.verify().expect_err("a removed event is detected");
    // The third place in the log now holds event 4: the failure names the place.
    assert_eq!(failure.seq, 3);
    assert!(failure.message.contains("sequence number 4"), "{failure}");
}

#[test]
fn undo_stops_at_a_roll_and_corrections_keep_the_original() {
    let mut session = played_session(21, 2);
    let before = session.events().len();
    // The last event is an Applied: it may be undone.
    assert!(session.can_undo());
    let Ok(Executed::Undone(undone)) = execute(&mut session, Command::Undo) else {
        panic!("undone");
    };
    assert!(matches!(undone.body, EventBody::Applied { .. }));
    assert_eq!(session.record().applied, 1);
    // Now the last event is a roll: no undo.
    assert!(!session.can_undo());
    assert!(execute(&mut session, Command::Undo).is_err());
    assert_eq!(session.events().len(), before - 1);

    // Correct the first applied result: it stays in the log, the record drops it.
    let first_applied = session
        .events()
        .iter()
        .find(|e| matches!(e.body, EventBody::Applied { .. }))
        .map(|e| e.seq)
        .expect("an applied event");
    execute(
        &mut session,
        correct(first_applied, "the wrong defender was named"),
    )
    .expect("correctable");
    assert!(session.is_voided(first_applied));
    assert_eq!(session.record().applied, 0);
    assert!(session.record().units.is_empty());
    assert!(execute(&mut session, correct(first_applied, "again")).is_err());
    assert!(execute(&mut session, correct(1, "the start")).is_err());
    assert!(execute(&mut session, correct(999, "nothing")).is_err());
    assert!(session.verify().is_ok());
    // Replaying the saved file gives the same record, correction included.
    let reloaded = Session::from_toml("x", &session.to_toml().expect("text")).expect("loads");
    assert_eq!(reloaded.record(), session.record());
}

#[test]
fn sealed_choices_are_committed_then_revealed_and_checked() {
    let mut session = played_session(1, 0);
    let mut round = SealedRound::new(&["french", "coalition"]);
    for (player, choice) in [("french", "3"), ("coalition", "1")] {
        let sealed = round.seal(player, choice).expect("a player");
        let seal = Command::Seal {
            round: "bids turn 2".into(),
            side: player.into(),
            sealed,
        };
        execute(&mut session, seal).expect("sealed");
    }
    let reveal = |reveals| Command::Reveal {
        round: "bids turn 2".into(),
        reveals,
    };
    let reveals = round.reveal().expect("all sealed");
    let mut forged = reveals.clone();
    forged[1].choice = "2".into();
    assert!(execute(&mut session.clone(), reveal(forged)).is_err());
    execute(&mut session, reveal(reveals)).expect("matching reveals");
    assert_eq!(session.verify().expect("verifies").reveals, 2);

    // Edit the revealed choice in the file and recompute nothing: verify names the reveal.
    let text = session.to_toml().expect("text");
    let tampered = text.replacen("choice = \"1\"", "choice = \"2\"", 1);
    assert_ne!(text, tampered);
    let loaded = Session::from_toml("t", &tampered).expect("parses");
    let failure = loaded.verify().expect_err("detected");
    assert_eq!(failure.seq, session.events().len() as u64);
}

#[test]
fn the_recovery_journal_follows_appends_and_undos() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let journals = folder.path().join("recovery");
    let mut session = played_session(4, 1);
    let saved_as = folder.path().join("my game.toml");
    let mut journal = RecoveryJournal::start(&journals, &session, Some(&saved_as)).expect("starts");
    let path = journal.path().to_path_buf();
    for text in ["first", "second"] {
        let note = Command::Note { text: text.into() };
        execute(&mut session, note).expect("noted");
    }
    journal.sync(&session).expect("appends");
    assert_eq!(
        Session::load(&path).expect("loads").events(),
        session.events()
    );
    execute(&mut session, Command::Undo).expect("a note can be undone");
    journal.sync(&session).expect("rewrites");
    let found = recovery::find(&journals);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].saved_as.as_deref(), Some(saved_as.as_path()));
    let recovered = found[0].session.as_ref().expect("readable");
    assert_eq!(recovered.events(), session.events());
    assert!(recovered.verify().is_ok());
    journal.discard();
    assert!(recovery::find(&journals).is_empty());
    assert_eq!(std::fs::read_dir(&journals).expect("folder").count(), 0);
}

#[test]
fn a_journal_torn_by_a_crash_mid_append_is_read_up_to_its_last_whole_event() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let session = played_session(6, 2);
    let journal = RecoveryJournal::start(folder.path(), &session, None).expect("starts");
    let mut torn = std::fs::OpenOptions::new()
        .append(true)
        .open(journal.path())
        .expect("journal");
    std::io::Write::write_all(&mut torn, b"\n[[events]]\nseq = 6\ntime = \"2026-").expect("write");
    let (loaded, cut_short) = recovery::load(journal.path());
    assert!(cut_short);
    assert_eq!(
        loaded.expect("the whole events are read").events(),
        session.events()
    );
}

#[test]
fn damaged_and_newer_files_get_clear_messages() {
    let text = played_session(8, 1).to_toml().expect("text");
    let newer = text.replacen("format_version = 2", "format_version = 99", 1);
    let error = Session::from_toml("newer.toml", &newer).expect_err("refused");
    assert!(error.to_string().starts_with("newer.toml: "), "{error}");
    assert!(error.to_string().contains("newer version"), "{error}");

    let cut = &text[..text.len() / 2];
    let error = Session::from_toml("cut.toml", cut).expect_err("refused");
    assert!(error.line.is_some(), "{error}");
    assert!(error.to_string().contains("damaged"), "{error}");

    let error =
        Session::from_toml("empty.toml", "format_version = 1\napp = \"x\"\n").expect_err("refused");
    assert!(error.to_string().contains("no events"), "{error}");
}

#[test]
fn physical_dice_are_logged_as_physical() {
    let (procedure, _) = attack();
    let mut session = played_session(2, 0);
    let input = Input::defaults(procedure.fields());
    let faces = procedure.dice(&input).parse("4,2").expect("valid faces");
    let command = Command::Resolve {
        procedure: procedure.id().into(),
        input,
        dice: Dice::Physical(faces),
        apply: false,
    };
    execute(&mut session, command).expect("resolves");
    let report = session.verify().expect("verifies");
    assert_eq!((report.app_rolls, report.physical_rolls), (0, 2));
}

/// Draws `count` faces of `die` from `seed` and checks each face's share with a chi-square bound.
fn assert_uniform(die: Die, seed: u64, count: u64) {
    let faces: Vec<u8> = die.faces().collect();
    let mut tally = vec![0u64; faces.len()];
    for index in 0..count {
        let face = roll_die(Seed::from_u64(seed), index, die);
        let slot = faces.iter().position(|f| *f == face).expect("a real face");
        tally[slot] += 1;
    }
    let expected = count as f64 / faces.len() as f64;
    let chi_square: f64 = tally
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    // The 99.99th percentile of chi-square with 35 degrees of freedom is about 77; fewer degrees
    // give smaller bounds, so this is generous for d6 and d10 and strict enough to catch a bias.
    assert!(
        chi_square < 77.0,
        "{die:?} seed {seed}: chi-square {chi_square:.1}, tally {tally:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn faces_are_uniform(seed in any::<u64>()) {
        assert_uniform(Die::D6, seed, 30_000);
        assert_uniform(Die::D10Zero, seed, 30_000);
        assert_uniform(Die::D66, seed, 36_000);
    }
}

/// Any valid attack input, built from the field descriptions themselves.
fn any_attack_input() -> impl Strategy<Value = Input> {
    let (procedure, _) = attack();
    let fields = procedure.fields();
    let strategies: Vec<BoxedStrategy<(String, Value)>> = fields
        .iter()
        .map(|field| {
            let id = field.id.to_string();
            match field.kind {
                FieldKind::Flag => any::<bool>()
                    .prop_map(move |b| (id.clone(), Value::Flag(b)))
                    .boxed(),
                FieldKind::Count { max } => (0..=i64::from(max))
                    .prop_map(move |n| (id.clone(), Value::Number(n)))
                    .boxed(),
                FieldKind::Number { min, max } => (i64::from(min)..=i64::from(max))
                    .prop_map(move |n| (id.clone(), Value::Number(n)))
                    .boxed(),
                FieldKind::Choice(options) => (0..options.len())
                    .prop_map(move |i| (id.clone(), Value::Text(options[i].0.into())))
                    .boxed(),
                FieldKind::Text { .. } | FieldKind::Unit { .. } => "[A-Za-z ]{0,12}"
                    .prop_map(move |t: String| (id.clone(), Value::Text(t.into())))
                    .boxed(),
                FieldKind::Units { .. } => proptest::collection::btree_set("[A-Z][a-z]{1,8}", 0..3)
                    .prop_map(move |names| {
                        let names = names.into_iter().map(|n| n.as_str().into()).collect();
                        (id.clone(), Value::List(names))
                    })
                    .boxed(),
                FieldKind::UnitNumbers { max, .. } => {
                    proptest::collection::btree_map("[A-Z][a-z]{1,8}", 0..=i64::from(max), 0..3)
                        .prop_map(move |numbers| {
                            let numbers = numbers
                                .into_iter()
                                .map(|(n, v)| (n.as_str().into(), v))
                                .collect();
                            (id.clone(), Value::Numbers(numbers))
                        })
                        .boxed()
                }
            }
        })
        .collect();
    strategies.prop_map(|pairs| {
        let mut input = Input::default();
        for (id, value) in pairs {
            input.set(&id, value);
        }
        input
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn attack_odds_sum_to_one_and_every_face_resolves(input in any_attack_input()) {
        let (procedure, tables) = attack();
        // Facts that contradict each other (a Coalition Grand Battery) are refused, by the odds too.
        if let Err(problem) = procedure.check_combination(&input) {
            let refused = odds(procedure, &input, &tables).expect_err("refused");
            prop_assert!(refused.to_string().contains(&problem.field), "{}", refused);
            return Ok(());
        }
        let lines = odds(procedure, &input, &tables).expect("every consistent input resolves");
        let count: u64 = lines.iter().map(|l| l.count).sum();
        let probability: f64 = lines.iter().map(|l| l.probability).sum();
        prop_assert_eq!(count, 36);
        prop_assert!((probability - 1.0).abs() < 1e-12);
        // Outcomes are sorted by rank and keys are distinct.
        let mut keys: Vec<&str> = lines.iter().map(|l| l.key.as_str()).collect();
        prop_assert!(lines.windows(2).all(|w| w[0].rank <= w[1].rank));
        keys.sort();
        keys.dedup();
        prop_assert_eq!(keys.len(), lines.len());
    }
}

/// Rewrites every hash after an edit, as a forger would.
#[test]
fn correcting_a_resolution_takes_its_applied_effects_with_it() {
    let mut session = played_session(31, 2);
    let first_resolution = 2;
    assert_eq!(session.applied_as(first_resolution), Some(3));
    assert_eq!(session.record().applied, 2);
    execute(
        &mut session,
        correct(
            first_resolution,
            "the dice were entered for the wrong attack",
        ),
    )
    .expect("correctable");
    assert_eq!(session.applied_as(first_resolution), None);
    assert_eq!(session.record().applied, 1);
    // A corrected or already applied resolution cannot be applied (again).
    let apply = |resolution| Command::Apply { resolution };
    assert!(execute(&mut session, apply(first_resolution)).is_err());
    assert!(execute(&mut session, apply(4)).is_err());
    assert!(execute(&mut session, apply(1)).is_err());
    assert!(session.verify().is_ok());
}

#[test]
fn an_edited_input_is_caught_by_rederiving_the_result_even_with_a_new_chain() {
    let game = games::find("waterloo-campaign-1815").expect("game");
    let tables = game.builtin_tables().expect("tables");
    let session = played_session(12, 3);
    assert!(game.verify(&session, &tables).is_ok());
    let mut events = session.events().to_vec();
    // Give the defender of the second attack 5 more stars, then recompute every hash.
    if let EventBody::Resolved { input, .. } = &mut events[3].body {
        input.set("defender_stars", Value::Number(5));
    }
    rechain(&mut events);
    let edited = session_from_events(&events);
    // The chain and the dice alone cannot see it: the input is not random.
    assert!(edited.verify().is_ok());
    let failure = game
        .verify(&edited, &tables)
        .expect_err("re-derivation catches it");
    assert_eq!(failure.seq, 4, "{failure}");
    assert!(
        failure.message.contains("its input and dice give"),
        "{failure}"
    );
}

#[test]
fn verify_refuses_an_apply_of_a_corrected_or_already_applied_resolution() {
    let session = played_session(13, 1);
    let session = appended(
        &session,
        "french",
        EventBody::Applied {
            resolution: 2,
            effects: Vec::new(),
        },
    );
    let failure = session.verify().expect_err("a second apply");
    assert_eq!(failure.seq, 4);
    assert!(failure.message.contains("again"), "{failure}");
}

#[test]
fn a_journal_torn_between_two_parts_of_an_event_drops_that_event() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let session = played_session(14, 2);
    let journal = RecoveryJournal::start(folder.path(), &session, None).expect("starts");
    let text = std::fs::read_to_string(journal.path()).expect("journal");
    // Cut inside the last event, just after its first effect: still valid TOML, but half an event.
    let last = text.rfind("[[events]]").expect("events");
    let cut = text[last..]
        .find("[[events.body.effects]]")
        .and_then(|first| {
            text[last + first + 1..]
                .find("[[events.body.effects]]")
                .map(|second| last + first + 1 + second)
        })
        .expect("the last event has two effects or more");
    std::fs::write(journal.path(), &text[..cut]).expect("write");
    let (loaded, cut_short) = recovery::load(journal.path());
    let loaded = loaded.expect("the whole events are kept");
    assert!(cut_short);
    assert_eq!(
        loaded.events(),
        &session.events()[..session.events().len() - 1]
    );
}

#[test]
fn an_edited_applied_effect_is_caught_even_with_a_new_chain() {
    let game = games::find("waterloo-campaign-1815").expect("game");
    let tables = game.builtin_tables().expect("tables");
    let session = played_session(15, 2);
    let mut events = session.events().to_vec();
    // Give the first applied result 10 more victory points, then recompute every hash.
    let applied = events
        .iter_mut()
        .find(|e| matches!(e.body, EventBody::Applied { .. }))
        .expect("an applied event");
    let seq = applied.seq;
    if let EventBody::Applied { effects, .. } = &mut applied.body {
        effects.push(aide_de_camp::engine::record::Effect::VictoryPoints {
            side: "french".into(),
            points: 10,
            reason: "edited".into(),
            rule: "none".into(),
        });
    }
    rechain(&mut events);
    let edited = session_from_events(&events);
    let failure = game.verify(&edited, &tables).expect_err("caught");
    assert_eq!(failure.seq, seq, "{failure}");
    assert!(failure.message.contains("not the ones event"), "{failure}");
}
