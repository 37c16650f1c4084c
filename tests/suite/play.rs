//! The one path into play: part of a Waterloo Campaign 1815 turn (June 16-18, turn 3) played with
//! `Command`s alone, as the app and the command line play it: moving through the checklist,
//! resolving with typed-in and app dice, applying a result later, spending an allowance, undoing,
//! correcting and noting; then the record is checked, and the log verified and reloaded.
//!
//! Specification: the rulebook `shared/seeds/000_8fb68a0da552406e.txt` (Lnnn). Where a counter
//! value is not in the text, the test enters one marked FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::play::{Command, CommandError, Dice, Executed};
use aide_de_camp::engine::record::Position;
use aide_de_camp::engine::session::Session;
use support::{Play, text};

fn at(turn: u32, phase: usize, step: usize) -> Position {
    Position { turn, phase, step }
}

/// Carries out `command` on the game in `play`.
fn execute(play: &mut Play, command: Command) -> Result<Executed, CommandError> {
    play.session.execute(play.game, &play.tables, command)
}

/// The command that resolves `procedure` with the form as the app fills it and `values` typed in.
fn resolve(
    play: &Play,
    procedure: &str,
    values: &[(&str, Value)],
    dice: Dice,
    apply: bool,
) -> Command {
    Command::Resolve {
        procedure: procedure.into(),
        input: play.input(procedure, values),
        dice,
        apply,
    }
}

/// The event a command logged.
fn logged(executed: Result<Executed, CommandError>) -> u64 {
    executed
        .unwrap_or_else(|e| panic!("refused: {e}"))
        .event()
        .expect("an event is logged")
}

#[test]
fn a_waterloo_campaign_turn_through_commands_alone() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    assert_eq!(play.record().position, at(3, 0, 3));

    // Movement (L598-617): Hill enters (L1030-1031), the French pass, and the Coalition rolls for
    // its moves: 1d6 = 2, plus 1 for Bulow still due, 3 moves (L609-613).
    logged(execute(
        &mut play,
        Command::MoveTo {
            position: at(3, 2, 0),
        },
    ));
    let hill = resolve(
        &play,
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("II Corps (Hill)")),
        ],
        Dice::Physical(Vec::new()),
        true,
    );
    logged(execute(&mut play, hill));
    assert_eq!(play.state("coalition", "II Corps (Hill)"), "On map");
    let pass = resolve(
        &play,
        "movement-pass",
        &[("passing_side", text("french"))],
        Dice::Physical(vec![2]),
        true,
    );
    logged(execute(&mut play, pass));
    let moves = "Coalition moves left";
    assert_eq!(play.record().counters.get(moves), Some(&3));

    // One move spent by hand, then taken back; more than is left is refused and nothing logged.
    let events = play.session.events().len();
    logged(execute(
        &mut play,
        Command::Tally {
            counter: moves.into(),
            amount: 1,
        },
    ));
    assert_eq!(play.record().counters.get(moves), Some(&2));
    assert!(matches!(
        execute(&mut play, Command::Undo),
        Ok(Executed::Undone(_))
    ));
    assert_eq!(play.record().counters.get(moves), Some(&3));
    let too_many = Command::Tally {
        counter: moves.into(),
        amount: 4,
    };
    assert!(matches!(
        execute(&mut play, too_many),
        Err(CommandError::Log(_))
    ));
    assert_eq!(play.session.events().len(), events);

    // Attack (L676-839): the allowance lasts only for the Movement step.
    logged(execute(
        &mut play,
        Command::MoveTo {
            position: at(3, 3, 0),
        },
    ));
    assert!(!play.record().counters.contains_key(moves));
    let stars = resolve(
        &play,
        "roster-entry",
        &[
            ("side", text("coalition")),
            ("unit", text("II Corps (Pirch)")),
            ("value_of", text("stars")),
            ("value", Value::Number(0)), // FICTIONAL
        ],
        Dice::Physical(Vec::new()),
        true,
    );
    logged(execute(&mut play, stars));
    // d'Erlon (1 star, L1517) against Pirch: 6 + 1 = 7 against 1, French by 6: Eliminated, +3 VP
    // (L771-787, L820-821). Resolved now, applied later.
    let attack = resolve(
        &play,
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("I Corps (d'Erlon)")),
            ("defender_name", text("II Corps (Pirch)")),
        ],
        Dice::Physical(vec![6, 1]),
        false,
    );
    let resolution = logged(execute(&mut play, attack));
    assert_eq!(play.state("coalition", "II Corps (Pirch)"), "On map");
    let applied = logged(execute(&mut play, Command::Apply { resolution }));
    assert_eq!(play.state("coalition", "II Corps (Pirch)"), "Eliminated");
    assert_eq!(play.vp("french"), 3);
    assert!(
        execute(&mut play, Command::Apply { resolution }).is_err(),
        "applied once"
    );

    // A mistake in the apply is mended by a correction that keeps it in the log; then the
    // result is applied again.
    logged(execute(
        &mut play,
        Command::Correct {
            event: applied,
            reason: "applied to the wrong map".into(),
        },
    ));
    assert_eq!(play.vp("french"), 0);
    assert_eq!(play.state("coalition", "II Corps (Pirch)"), "On map");
    assert!(play.session.is_voided(applied));
    logged(execute(&mut play, Command::Apply { resolution }));
    assert_eq!(play.vp("french"), 3);

    // An attack the app rolls, applied at once: Gneisenau's cavalry (0 stars, L1462-1464) on
    // Guyot's Guard cavalry, whose stars the players enter as 1 (FICTIONAL); a note; the end of
    // the turn.
    let guyot = resolve(
        &play,
        "roster-entry",
        &[
            ("side", text("french")),
            ("unit", text("Guard Cav Corps (Guyot)")),
            ("value_of", text("stars")),
            ("value", Value::Number(1)), // FICTIONAL
        ],
        Dice::Physical(Vec::new()),
        true,
    );
    logged(execute(&mut play, guyot));
    let app_rolled = resolve(
        &play,
        "attack",
        &[
            ("attacker_side", text("coalition")),
            ("attacker_name", text("Cav Corps (Gneisenau)")),
            ("defender_name", text("Guard Cav Corps (Guyot)")),
        ],
        Dice::App,
        true,
    );
    let Executed::Resolved { dice, applied, .. } =
        execute(&mut play, app_rolled).unwrap_or_else(|e| panic!("refused: {e}"))
    else {
        panic!("not a resolution");
    };
    // Cavalry is Exhausted by any attack, whatever the dice (L1587-1592).
    assert_eq!(
        play.attribute("french", "Guard Cav Corps (Guyot)", "condition")
            .as_deref(),
        Some("Exhausted")
    );
    assert!(dice.iter().all(|d| d.draw_index.is_some()), "{dice:?}");
    assert!(applied.is_some());
    logged(execute(
        &mut play,
        Command::Note {
            text: "Turn 3 played through commands".into(),
        },
    ));
    logged(execute(
        &mut play,
        Command::MoveTo {
            position: at(3, 4, 0),
        },
    ));
    let end = resolve(&play, "end-of-turn", &[], Dice::Physical(Vec::new()), true);
    logged(execute(&mut play, end));
    logged(execute(
        &mut play,
        Command::MoveTo {
            position: at(4, 0, 0),
        },
    ));

    // The log verifies, with every resolution re-derived, and reloads to the same record.
    let report = play
        .game
        .verify(&play.session, &play.tables)
        .expect("verifies");
    assert_eq!((report.app_rolls, report.physical_rolls), (2, 3));
    let text = play.session.to_toml().expect("saves");
    let reloaded = Session::from_toml("turn-3.toml", &text).expect("loads");
    assert_eq!(reloaded.record(), play.record());
}
