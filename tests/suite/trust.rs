//! What `verify` proves against a forger: a file edited without the game's key fails, naming the
//! first event the key did not sign, whatever the edit (an input, a typed-in face, an app roll
//! relabelled as typed in, an event reordered, deleted or duplicated, an invented apply, a new
//! seed); nothing in the file lets the next app roll be computed; a revealed seed is checked
//! against its commitment; a game without its key goes on only under a new key, which the log
//! shows; and a session of an earlier build reads as "open seed, unsigned".

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::keys::{GameKey, KeyStore};
use aide_de_camp::engine::log::{Event, EventBody, SideName};
use aide_de_camp::engine::play::{self, Command, CommandError, Dice};
use aide_de_camp::engine::record::Position;
use aide_de_camp::engine::roller::{Seed, roll_die};
use aide_de_camp::engine::sealed::SealedChoice;
use aide_de_camp::engine::session::{KeyStatus, Session};
use aide_de_camp::engine::session_file::to_text;
use aide_de_camp::games::{self, Game};
use support::forgery::rechain;
use support::waterloo_campaign::{procedure, tables};

fn game() -> &'static Game {
    games::find("waterloo-campaign-1815").expect("game")
}

fn sides() -> Vec<SideName> {
    ["french", "coalition"]
        .into_iter()
        .map(|id| SideName {
            id: id.into(),
            name: id.into(),
        })
        .collect()
}

/// An attack resolved with `dice` and applied at once.
fn attack(dice: Dice) -> Command {
    let mut input = Input::defaults(procedure("attack").fields());
    input.set("attacker_stars", Value::Number(1));
    Command::Resolve {
        procedure: "attack".into(),
        input,
        dice,
        apply: true,
    }
}

/// A game of six events: 1 started, 2-3 an app roll applied, 4-5 typed-in dice applied, 6 a note.
fn played(key: GameKey) -> Session {
    let mut session = Session::new(
        game().id,
        "june-16-18",
        Position {
            turn: 3,
            phase: 0,
            step: 3,
        },
        sides(),
        key,
    );
    for command in [
        attack(Dice::App),
        attack(Dice::Physical(vec![5, 2])),
        Command::Note {
            text: "Ney's orders are late".into(),
        },
    ] {
        session.execute(game(), &tables(), command).expect("played");
    }
    session
}

/// The session as saved and read back: what a forger starts from.
fn saved(session: &Session) -> Session {
    Session::from_toml("game.toml", &session.to_toml().expect("text")).expect("reads")
}

/// `events`, rechained as a forger would, in a file that keeps the saved file's signatures.
fn forged(original: &Session, mut events: Vec<Event>) -> Session {
    for (n, event) in events.iter_mut().enumerate() {
        event.seq = n as u64 + 1;
    }
    rechain(&mut events);
    let text = to_text(&events, original.signatures()).expect("serialises");
    Session::from_toml("forged.toml", &text).expect("parses")
}

/// Verifies `session` with the game's own re-derivation, expecting a failure at event `seq`.
fn fails_at(session: &Session, seq: u64, what: &str) {
    let failure = game()
        .verify(session, &tables())
        .expect_err(&format!("{what}: the forgery is caught"));
    assert_eq!(failure.seq, seq, "{what}: {failure}");
}

/// The key the test sessions are made with (the one `support::forgery` re-signs with).
fn key(seed: u64) -> GameKey {
    GameKey::from_parts([7; 32], Seed::from_u64(seed))
}

#[test]
fn every_kind_of_forgery_without_the_key_fails_at_its_event() {
    let original = saved(&played(key(1)));
    assert!(game().verify(&original, &tables()).is_ok());
    let events = || original.events().to_vec();

    // An input changed.
    let mut edited = events();
    if let EventBody::Resolved { input, .. } = &mut edited[1].body {
        input.set("attacker_stars", Value::Number(2));
    }
    fails_at(&forged(&original, edited), 2, "an input");

    // A typed-in face changed (the result kept, as a forger would keep it plausible).
    let mut edited = events();
    if let EventBody::Resolved { dice, .. } = &mut edited[3].body {
        dice[0].face = 6;
    }
    fails_at(&forged(&original, edited), 4, "a typed-in face");

    // An app roll relabelled as typed in, with faces of the forger's choosing.
    let mut edited = events();
    if let EventBody::Resolved { dice, .. } = &mut edited[1].body {
        for die in dice.iter_mut() {
            die.draw_index = None;
            die.face = 6;
        }
    }
    fails_at(&forged(&original, edited), 2, "a relabelled app roll");

    // Two events swapped.
    let mut edited = events();
    edited.swap(3, 5);
    fails_at(&forged(&original, edited), 4, "a reordered event");

    // An event deleted from the middle.
    let mut edited = events();
    edited.remove(5);
    edited.insert(5, original.events()[5].clone());
    edited.remove(3);
    fails_at(&forged(&original, edited), 4, "a deleted event");

    // An event duplicated.
    let mut edited = events();
    edited.insert(5, edited[5].clone());
    fails_at(&forged(&original, edited), 7, "a duplicated event");

    // An apply that never was: the resolution's apply is taken out and put back later.
    let mut edited = events();
    let apply = edited.remove(2);
    edited.push(apply);
    fails_at(&forged(&original, edited), 3, "an invented apply");

    // A new seed committed to at the start.
    let mut edited = events();
    if let EventBody::SessionStarted {
        seed_commitment, ..
    } = &mut edited[0].body
    {
        *seed_commitment = Seed::from_u64(2).commitment();
    }
    fails_at(&forged(&original, edited), 1, "a new seed");

    // An event added after the last signature.
    let mut edited = events();
    let mut note = edited[5].clone();
    note.body = EventBody::Note {
        text: "added".into(),
    };
    edited.push(note);
    fails_at(&forged(&original, edited), 7, "an added event");

    // A signature altered.
    let text = original
        .to_toml()
        .expect("text")
        .replacen("signature = \"", "signature = \"00", 1);
    let altered = Session::from_toml("altered.toml", &text).expect("parses");
    fails_at(&altered, 6, "an altered signature");
}

#[test]
fn a_game_replayed_under_another_key_shows_another_key_and_commitment() {
    // Anyone can make a whole new game with a key of their own; it verifies, but under a key and a
    // commitment that are not the ones the players noted at the start.
    let original = saved(&played(key(1)));
    let replayed = saved(&played(GameKey::from_parts([3; 32], Seed::from_u64(1))));
    let lines = |s: &Session| game().verify(s, &tables()).expect("verifies").trust_lines();
    assert_ne!(lines(&original), lines(&replayed));
    assert_ne!(original.public_key(), replayed.public_key());
    let noted = aide_de_camp::engine::keys::fingerprint(original.public_key());
    assert!(
        lines(&original)[0].contains(&noted),
        "{:?}",
        lines(&original)
    );
    assert!(!lines(&replayed)[0].contains(&noted));
}

#[test]
fn nothing_in_the_file_lets_the_next_roll_be_computed() {
    let seed = Seed::fresh();
    let mut session = played(GameKey::generate_with_seed(seed).expect("a key"));
    let text = session.to_toml().expect("text");
    assert!(
        !text.contains(&seed.to_hex()),
        "the seed is not in the file"
    );
    // No 64-digit value in the file, taken as a seed, rolls the app's next die.
    let spec = procedure("attack").dice(&Input::defaults(procedure("attack").fields()));
    let next = session.roll(&spec).expect("the app holds the seed");
    let index = next[0].draw_index.expect("an app roll");
    let tokens: Vec<&str> = text
        .split(|c: char| !c.is_ascii_hexdigit())
        .filter(|t| t.len() == 64)
        .collect();
    assert!(tokens.len() >= 3, "the key, the commitment and hashes");
    for token in tokens {
        let candidate = Seed::from_hex(token).expect("hex");
        let rolled: Vec<u8> = (0..40)
            .map(|i| roll_die(candidate, index + i, next[0].die))
            .collect();
        let actual: Vec<u8> = (0..40)
            .map(|i| roll_die(seed, index + i, next[0].die))
            .collect();
        assert_ne!(rolled, actual, "a value in the file rolls the app's dice");
    }
    // Read from the file alone, the session cannot roll at all.
    let file = Session::from_toml("game.toml", &text).expect("reads");
    assert!(file.roll(&spec).is_err());
    assert!(matches!(
        file.clone().execute(game(), &tables(), attack(Dice::App)),
        Err(CommandError::Locked(_))
    ));
    // And the app rolls after a save come from the same sealed seed.
    session
        .execute(game(), &tables(), attack(Dice::App))
        .expect("rolled");
}

#[test]
fn before_the_reveal_rolls_wait_and_after_it_each_is_rederived_and_the_seed_checked() {
    let mut session = played(key(5));
    let report = game()
        .verify(&saved(&session), &tables())
        .expect("verifies");
    assert_eq!((report.app_rolls, report.app_rolls_sealed), (2, 2));
    assert!(
        report
            .trust_lines()
            .iter()
            .any(|l| l.contains("2 app rolls and draws wait for the seed")),
        "{:?}",
        report.trust_lines()
    );

    let revealed = support::reveal_seed(&mut session, game(), &tables());
    let file = saved(&session);
    let report = game().verify(&file, &tables()).expect("verifies");
    assert_eq!((report.app_rolls, report.app_rolls_sealed), (2, 0));
    assert!(
        report.trust_lines().iter().any(|l| l.contains(&format!(
            "re-derived from the seed revealed at event {revealed}"
        ))),
        "{:?}",
        report.trust_lines()
    );
    // The app goes on rolling from the new sealed seed.
    session
        .execute(game(), &tables(), attack(Dice::App))
        .expect("rolled after the reveal");
    let report = game()
        .verify(&saved(&session), &tables())
        .expect("verifies");
    assert_eq!((report.app_rolls, report.app_rolls_sealed), (4, 2));

    // A revealed seed that is not the committed one fails, even re-signed with the key.
    let mut events = file.events().to_vec();
    if let EventBody::SeedRevealed { seed, .. } = &mut events[revealed as usize - 1].body {
        *seed = Seed::from_u64(6).to_hex();
    }
    rechain(&mut events);
    let failure = support::forgery::session_from_events(&events)
        .verify()
        .expect_err("caught");
    assert_eq!(failure.seq, revealed, "{failure}");
    assert!(failure.message.contains("committed to"), "{failure}");
}

#[test]
fn a_game_moved_without_its_key_goes_on_only_under_a_new_key_that_the_log_shows() {
    let data = tempfile::tempdir().expect("a data folder");
    let store = KeyStore::in_data_folder(data.path());
    let original = played(key(7));
    let first_key = original.public_key().to_string();
    let mut moved = saved(&original);
    assert_eq!(moved.key_status(), KeyStatus::Missing);
    assert!(moved.why_locked().expect("locked").contains("import"));
    let refused = moved
        .execute(game(), &tables(), attack(Dice::Physical(vec![1, 1])))
        .expect_err("nothing is added without the key");
    assert!(matches!(refused, CommandError::Locked(_)), "{refused}");

    let rekeyed =
        play::rekey(&store, &mut moved, game(), &tables()).expect("goes on under a new key");
    assert_eq!(rekeyed, 7);
    assert_ne!(moved.public_key(), first_key);
    assert!(
        store.find(moved.public_key()).expect("reads").is_some(),
        "the new key is kept"
    );
    moved
        .execute(game(), &tables(), attack(Dice::App))
        .expect("plays on");
    let reread = saved(&moved);
    let report = game().verify(&reread, &tables()).expect("verifies");
    let lines = report.trust_lines();
    assert!(
        lines[0].starts_with("Events 1-6: signed by the game's key"),
        "{lines:?}"
    );
    assert!(lines[1].contains("a new key"), "{lines:?}");
    assert!(lines[1].contains("from event 7"), "{lines:?}");
    assert!(lines[1].contains("nothing after event 6"), "{lines:?}");

    // The second key cannot vouch for an edit of the first key's events.
    let mut events = reread.events().to_vec();
    if let EventBody::Note { text } = &mut events[5].body {
        *text = "edited".into();
    }
    fails_at(&forged(&reread, events), 6, "an edit under the first key");
}

#[test]
fn a_key_exported_and_imported_lets_the_game_go_on_under_its_own_key() {
    let home = tempfile::tempdir().expect("a data folder");
    let away = tempfile::tempdir().expect("another machine's data folder");
    let home_store = KeyStore::in_data_folder(home.path());
    let away_store = KeyStore::in_data_folder(away.path());
    let key = GameKey::generate().expect("a key");
    home_store.keep(game().id, &key).expect("kept");
    let session = played(key.clone());
    let exported = home.path().join("game.key.toml");
    home_store
        .export(game().id, session.public_key(), &exported)
        .expect("exported");
    assert!(
        home_store
            .export(game().id, session.public_key(), &exported)
            .is_err(),
        "an export never writes over a file"
    );
    away_store.import(&exported).expect("imported");
    let mut moved = saved(&session);
    moved
        .attach_key(
            away_store
                .find(moved.public_key())
                .expect("reads")
                .expect("held"),
        )
        .expect("the game's own key");
    assert_eq!(moved.key_status(), KeyStatus::Held);
    moved
        .execute(game(), &tables(), attack(Dice::App))
        .expect("plays on");
    let report = game().verify(&saved(&moved), &tables()).expect("verifies");
    assert_eq!(report.keys.len(), 1, "one key all along");

    // A key file altered by hand is refused, naming the file.
    let text = std::fs::read_to_string(&exported).expect("reads");
    let broken = away.path().join("broken.toml");
    std::fs::write(
        &broken,
        text.replace("signing_key = \"", "signing_key = \"ff"),
    )
    .unwrap();
    let refused = away_store.import(&broken).expect_err("refused");
    assert!(refused.to_string().contains("broken.toml"), "{refused}");
}

#[test]
fn a_session_of_an_earlier_build_reads_as_open_seed_unsigned_and_goes_on_under_a_new_key() {
    // A format-1 file as earlier builds wrote it: the seed in the open, no key, no signature.
    let body = EventBody::SessionStarted {
        game: game().id.into(),
        scenario: "june-16-18".into(),
        sides: sides(),
        seed: "00000000000007a7".into(),
        start: Position {
            turn: 3,
            phase: 0,
            step: 3,
        },
        public_key: String::new(),
        seed_commitment: String::new(),
    };
    let mut first = Event {
        seq: 1,
        time: "2015-06-18T11:30:05Z".into(),
        side: "".into(),
        body,
        hash: String::new(),
    };
    rechain(std::slice::from_mut(&mut first));
    let text = to_text(&[first], &[]).expect("text").replacen(
        "format_version = 2",
        "format_version = 1",
        1,
    );
    let mut old = Session::from_toml("old.toml", &text).expect("an old file reads");
    let report = game().verify(&old, &tables()).expect("verifies");
    assert!(
        report.trust_lines()[0].contains("open seed, unsigned"),
        "{:?}",
        report.trust_lines()
    );
    assert_eq!(old.key_status(), KeyStatus::OpenSeed);
    assert!(
        old.execute(game(), &tables(), attack(Dice::App)).is_err(),
        "its open seed rolls no more"
    );
    let data = tempfile::tempdir().expect("a data folder");
    let store = KeyStore::in_data_folder(data.path());
    play::rekey(&store, &mut old, game(), &tables()).expect("rekeyed");
    old.execute(game(), &tables(), attack(Dice::App))
        .expect("plays on, sealed");
    let report = game().verify(&saved(&old), &tables()).expect("verifies");
    let lines = report.trust_lines();
    assert!(
        lines[0].starts_with("Event 1: open seed, unsigned"),
        "{lines:?}"
    );
    assert!(lines[1].contains("a new key"), "{lines:?}");
}

#[test]
fn a_file_edited_without_the_key_is_read_but_never_continued() {
    let original = saved(&played(key(8)));
    let mut events = original.events().to_vec();
    if let EventBody::Note { text } = &mut events[5].body {
        *text = "edited".into();
    }
    let mut edited = forged(&original, events);
    // Even on the machine that holds the key, the edit is not signed over.
    edited.attach_key(key(8)).expect("the game's key");
    assert!(edited.tampered().is_some());
    assert!(
        edited
            .why_locked()
            .expect("locked")
            .contains("signature check")
    );
    assert!(
        edited
            .execute(game(), &tables(), attack(Dice::Physical(vec![1, 1])))
            .is_err()
    );
    let data = tempfile::tempdir().expect("a data folder");
    let store = KeyStore::in_data_folder(data.path());
    assert!(play::rekey(&store, &mut edited, game(), &tables()).is_err());
}

#[test]
fn an_undo_after_a_save_drops_the_signature_that_covered_it() {
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("game.toml");
    let mut session = played(key(9));
    session.save(&path).expect("saved");
    assert_eq!(session.signed_through(), 6);
    session
        .execute(game(), &tables(), Command::Undo)
        .expect("the note is taken back");
    assert_eq!(
        session.signed_through(),
        0,
        "the one signature covered the note"
    );
    session
        .execute(
            game(),
            &tables(),
            Command::Note {
                text: "another".into(),
            },
        )
        .expect("noted");
    session.save(&path).expect("saved again");
    let loaded = Session::load(&path).expect("loads");
    game().verify(&loaded, &tables()).expect("verifies");
    assert_eq!(loaded.signatures().len(), 1);
    assert_eq!(loaded.signed_through(), 6);
}

#[test]
fn a_choice_sealed_under_the_game_key_is_found_again_only_where_the_key_is() {
    // A choice kept face down over several rounds (a Battle Tactics card) is sealed with a salt
    // derived from the game's key: this machine finds it again from the log, the file alone does
    // not give it away, and the reveal checks against the commitment.
    let key = GameKey::from_parts([7; 32], Seed::from_u64(11));
    let mut session = played(key.clone());
    let sealed = session
        .seal_with_key("cards", "french 1", "F3")
        .expect("the key is here");
    session
        .execute(
            game(),
            &tables(),
            Command::Seal {
                round: "cards".into(),
                side: "french".into(),
                sealed,
            },
        )
        .expect("sealed");
    assert!(!session.to_toml().expect("text").contains("F3"));
    let candidates = ["F1", "F2", "F3", "F4"];
    let reveal = session
        .sealed_with_key("cards", "french 1", &candidates)
        .expect("found");
    assert_eq!(reveal.choice, "F3");
    // The file read back without the key: nothing to find it with.
    let without = saved(&session);
    assert!(
        without
            .sealed_with_key("cards", "french 1", &candidates)
            .is_none()
    );
    // Another game's key derives other salts, and so does a second seal of the same choice.
    let other_key = GameKey::from_parts([8; 32], Seed::from_u64(11));
    assert_ne!(
        key.sealing_salt("cards", "french 1", 0),
        other_key.sealing_salt("cards", "french 1", 0)
    );
    assert_ne!(
        key.sealing_salt("cards", "french 1", 0),
        key.sealing_salt("cards", "french 1", 1)
    );
    let mut other = played(other_key);
    let forged = SealedChoice {
        player: "french 1".into(),
        commitment: aide_de_camp::engine::sealed::commitment(
            &key.sealing_salt("cards", "french 1", 0),
            "F3",
        ),
    };
    other
        .execute(
            game(),
            &tables(),
            Command::Seal {
                round: "cards".into(),
                side: "french".into(),
                sealed: forged,
            },
        )
        .expect("sealed");
    assert!(
        other
            .sealed_with_key("cards", "french 1", &candidates)
            .is_none(),
        "another key opens nothing"
    );
    // Revealed, it checks against its commitment.
    session
        .execute(
            game(),
            &tables(),
            Command::Reveal {
                round: "cards".into(),
                reveals: vec![reveal],
            },
        )
        .expect("revealed");
    let report = game().verify(&session, &tables()).expect("verifies");
    assert_eq!(report.reveals, 1);
    // Once revealed, it is not offered as a reveal again.
    assert!(
        session
            .sealed_with_key("cards", "french 1", &candidates)
            .is_none()
    );
}
