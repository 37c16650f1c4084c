//! Measures the design's budgets and prints each figure beside its target.
//! Run with `cargo bench`. Figures are medians of repeated runs on this machine; the budgets are
//! targets to watch, not assertions.

// Measuring code run by hand: a failed unwrap, expect, index or panic stops the run.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use aide_de_camp::engine::dice_stats::DiceStatistics;
use aide_de_camp::engine::dispute::compare_readings;
use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::log::SideName;
use aide_de_camp::engine::play::{Command, Dice};
use aide_de_camp::engine::procedure::{Procedure, odds, parse_input, resolve_checked};
use aide_de_camp::engine::record::{Cups, Position};
use aide_de_camp::engine::roller::Seed;
use aide_de_camp::engine::session::Session;
use aide_de_camp::engine::table_set::BuiltinTable;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::games::{self, Game};
use aide_de_camp::ui::AideApp;
use aide_de_camp::ui::files::NoPicker;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The median time of `runs` calls of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn report(what: &str, took: Duration, budget: Duration) {
    let verdict = if took <= budget { "within" } else { "OVER" };
    println!(
        "{what:<52} {:>12.3} ms   budget {:>8.3} ms   {verdict}",
        took.as_secs_f64() * 1e3,
        budget.as_secs_f64() * 1e3
    );
}

fn waterloo_campaign() -> &'static Game {
    games::find("waterloo-campaign-1815").expect("game")
}

fn attack() -> (&'static dyn Procedure, TableSet, Input) {
    let game = waterloo_campaign();
    let procedure = game.procedure("attack").expect("attack");
    let tables = game.builtin_tables().expect("tables");
    let text = include_str!("../tests/fixtures/la_haye_sainte.toml");
    let input = parse_input(procedure, "la_haye_sainte.toml", text).expect("input");
    (procedure, tables, input)
}

/// A session of `events` events: app-rolled attacks, each applied, as players would log them.
fn session_of(events: usize) -> Session {
    let (procedure, tables, mut input) = attack();
    let game = waterloo_campaign();
    let mut session = Session::new(
        "waterloo-campaign-1815",
        "june-16-18",
        Position {
            turn: 3,
            phase: 0,
            step: 3,
        },
        vec![
            SideName {
                id: "french".into(),
                name: "French".into(),
            },
            SideName {
                id: "coalition".into(),
                name: "Coalition".into(),
            },
        ],
        GameKey::from_parts([7; 32], Seed::from_u64(1815)),
    );
    let mut n = 0i64;
    while session.events().len() < events {
        n += 1;
        input.set("attacker_stars", Value::Number(n % 3));
        let command = Command::Resolve {
            procedure: procedure.id().to_string(),
            input: input.clone(),
            dice: Dice::App,
            // The last event may be a resolution still waiting to be applied.
            apply: session.events().len() + 1 < events,
        };
        session
            .execute(game, &tables, command)
            .expect("the attack resolves");
    }
    session
}

fn resident_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    // `cargo test --benches` runs benches with --bench absent; only measure under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let ms = |n: f64| Duration::from_secs_f64(n / 1e3);
    println!("Aide-de-camp budgets (median of repeated runs)\n");

    let (procedure, tables, input) = attack();
    let batch = 10_000;
    let per_batch = median(15, || {
        for i in 0..batch {
            let faces = [1 + (i % 6) as u8, 1 + (i / 6 % 6) as u8];
            black_box(resolve_checked(procedure, black_box(&input), &tables, &faces).ok());
        }
    });
    report(
        "resolve: Waterloo Campaign attack (one resolution)",
        per_batch / batch,
        ms(0.050),
    );
    let odds_time = median(101, || {
        black_box(odds(procedure, black_box(&input), &tables).ok());
    });
    report(
        "odds: Waterloo Campaign attack (36 face pairs)",
        odds_time,
        ms(5.0),
    );
    // The dispute view: one odds enumeration and one resolution per reading, so its budget is
    // the odds budget for each of the attack's four readings.
    let game = waterloo_campaign();
    let settings = game.settings_bearing_on(procedure);
    let dispute_time = median(51, || {
        black_box(compare_readings(
            procedure,
            &settings,
            black_box(&input),
            &tables,
            &Cups::default(),
            Some(&[4, 2]),
        ));
    });
    report(
        "dispute: Waterloo Campaign attack (4 readings)",
        dispute_time,
        ms(20.0),
    );

    // Enemy Mistakes: the widest enumeration the game asks for, Melee Losses with six dice
    // (46,656 throws), and a bombardment's 2d6 through its table.
    let enemy_mistakes = games::find("enemy-mistakes").expect("game");
    let em_tables = enemy_mistakes.builtin_tables().expect("tables");
    for (id, label, values) in [
        (
            "melee-losses",
            "odds: Enemy Mistakes Melee Losses (6 dice, 46656)",
            vec![("enemy_units", Value::Number(6))],
        ),
        (
            "bombardment",
            "odds: Enemy Mistakes bombardment (36 face pairs)",
            Vec::new(),
        ),
    ] {
        let procedure = enemy_mistakes.procedure(id).expect("procedure");
        let mut input = Input::defaults(procedure.fields());
        for (field, value) in values {
            input.set(field, value);
        }
        let took = median(21, || {
            black_box(odds(procedure, black_box(&input), &em_tables).expect("odds"));
        });
        report(label, took, ms(5.0));
    }

    // The Battles of Waterloo: a fire on an owner's Fire Table (a FICTIONAL one, the tests'
    // fixture): its two dice weigh 100 throws, of which the Fire die's 10 faces decide the cell.
    let battles = games::find("battles-of-waterloo").expect("game");
    let charts = TableSet::builtin(
        &[
            BuiltinTable {
                file: "fire.toml",
                text: include_str!("../tests/fixtures/battles-of-waterloo/fire.toml"),
            },
            BuiltinTable {
                file: "terrain.toml",
                text: include_str!("../tests/fixtures/battles-of-waterloo/terrain.toml"),
            },
            BuiltinTable {
                file: "shock.toml",
                text: include_str!("../tests/fixtures/battles-of-waterloo/shock.toml"),
            },
            BuiltinTable {
                file: "shock-modifiers.toml",
                text: include_str!("../tests/fixtures/battles-of-waterloo/shock-modifiers.toml"),
            },
        ],
        &battles.reads(),
    )
    .expect("the fictional charts");
    let fire = battles.procedure("fire").expect("procedure");
    let mut input = Input::defaults(fire.fields());
    for (field, value) in [
        ("strength", Value::Number(5)),
        ("target_side", Value::Text("prussian".into())),
        ("cohesion", Value::Number(5)),
        ("terrain", Value::Text("woods".into())),
    ] {
        input.set(field, value);
    }
    let took = median(21, || {
        black_box(odds(fire, black_box(&input), &charts).expect("odds"));
    });
    report(
        "odds: Battles of Waterloo fire (2 dice; 10 faces decide)",
        took,
        ms(5.0),
    );

    // A Combined Arms Shock, two units a side (FICTIONAL ratings): the Shock die and a check die a
    // unit, of which the Shock die's 10 faces decide the cell, each through the DRM charts, the
    // Shock Table, both sides' results and Automatic Disorder.
    let shock = battles.procedure("shock").expect("procedure");
    let mut input = Input::defaults(shock.fields());
    for (field, value) in [
        ("attackers", Value::List(vec!["Foot".into(), "Horse".into()])),
        (
            "attacker_facts",
            Value::Text(
                "Foot: SP 7, Cohesion 6, infantry, good order; Horse: SP 4, Cohesion 5, heavy_cavalry, D-1, 1 star(s)".into(),
            ),
        ),
        ("target_side", Value::Text("prussian".into())),
        ("defenders", Value::List(vec!["Line".into(), "Guns".into()])),
        (
            "defender_facts",
            Value::Text(
                "Line: SP 6, Cohesion 5, infantry, D-1, 2 step(s) left; Guns: SP 3, Cohesion 4, artillery, good order".into(),
            ),
        ),
        ("charge", Value::Text("flank".into())),
        ("position", Value::Text("front_and_flank".into())),
        ("terrain", Value::Text("woods".into())),
    ] {
        input.set(field, value);
    }
    let took = median(21, || {
        black_box(odds(shock, black_box(&input), &charts).expect("odds"));
    });
    report(
        "odds: Battles of Waterloo shock (5 dice; 10 faces decide)",
        took,
        ms(5.0),
    );

    // Waterloo 200: a battle of six blocks a side (FICTIONAL ladders), its hits applied one by
    // one, strongest first; no dice, so one resolution is the whole of it.
    let waterloo_200 = games::find("waterloo-200").expect("game");
    let w200_tables = waterloo_200.builtin_tables().expect("tables");
    let battle = waterloo_200.procedure("battle").expect("procedure");
    let side = |prefix: &str| -> (Vec<aide_de_camp::engine::symbol::Symbol>, String) {
        let names: Vec<String> = (0..6).map(|i| format!("{prefix} {i}")).collect();
        let facts = names
            .iter()
            .map(|n| format!("{n} (Infantry): 4w-3-2-1"))
            .collect::<Vec<_>>()
            .join("; ");
        (names.iter().map(|n| n.as_str().into()).collect(), facts)
    };
    let ((attackers, attacker_facts), (defenders, defender_facts)) = (side("Ligne"), side("Line"));
    let mut input = Input::defaults(battle.fields());
    for (field, value) in [
        ("area", Value::Text("27".into())),
        ("terrain_bonus", Value::Number(1)),
        ("attackers", Value::List(attackers)),
        (
            "attackers_facts",
            Value::Text(attacker_facts.as_str().into()),
        ),
        ("defenders", Value::List(defenders)),
        (
            "defenders_facts",
            Value::Text(defender_facts.as_str().into()),
        ),
    ] {
        input.set(field, value);
    }
    let per_batch = median(15, || {
        for _ in 0..1_000 {
            black_box(resolve_checked(battle, black_box(&input), &w200_tables, &[]).ok());
        }
    });
    report(
        "resolve: Waterloo 200 battle, 6 blocks a side",
        per_batch / 1_000,
        ms(0.050),
    );

    // Beyond Waterloo: a Combat Round on FICTIONAL charts, two Formations a side and three
    // Battle Tactics cards, both sides' 2D6 on the FERT, each side's odds apart: 72 throws, each through both Matrices, the Formation
    // Deployment Chart, every DRM and two FERT cells.
    let beyond = games::find("beyond-waterloo").expect("game");
    let charts = TableSet::builtin(
        &[
            BuiltinTable {
                file: "fert.toml",
                text: include_str!("../tests/fixtures/beyond-waterloo/fert.toml"),
            },
            BuiltinTable {
                file: "grand-tactics.toml",
                text: include_str!("../tests/fixtures/beyond-waterloo/grand-tactics.toml"),
            },
            BuiltinTable {
                file: "battle-deployment.toml",
                text: include_str!("../tests/fixtures/beyond-waterloo/battle-deployment.toml"),
            },
            BuiltinTable {
                file: "formation-deployment.toml",
                text: include_str!("../tests/fixtures/beyond-waterloo/formation-deployment.toml"),
            },
        ],
        &beyond.reads(),
    )
    .expect("the fictional charts");
    let round = beyond.procedure("combat-round").expect("procedure");
    let mut input = Input::defaults(round.fields());
    for (field, value) in [
        ("french_gt", "left_flank_attack"),
        ("allied_gt", "general_advance"),
        (
            "french_forces",
            "Left Wing: lead, Echelon, Morale 3, CF 17, screen CF 2, cavalry CF 5, broken 0, National Guard 0, nations french; Armée du Nord: supporting, Line of Battle, Morale 3, CF 11, screen CF 0, cavalry CF 2, broken 0, National Guard 1, nations french",
        ),
        (
            "allied_forces",
            "Anglo-Dutch-Belgian: lead, Line of Battle, Morale 3, CF 24, screen CF 2, cavalry CF 3, broken 1, National Guard 0, nations british+hanover; Army of the Lower Rhine: supporting, March Order, Morale 3, CF 24, screen CF 0, cavalry CF 6, broken 0, National Guard 0, nations prussian",
        ),
    ] {
        input.set(field, Value::Text(value.into()));
    }
    input.set("french_battle", Value::Number(2));
    input.set("allied_battle", Value::Number(3));
    // FICTIONAL cards: a DRM, a shift the other side cancels, and the cancelling card.
    input.set(
        "french_cards",
        Value::Text("F2 Test: drm, drm +2; F5 Test: shift, shift +1".into()),
    );
    input.set("allied_cards", Value::Text("A1 Test: cancel_card".into()));
    input.set("allied_cancels", Value::List(vec!["F5".into()]));
    let took = median(21, || {
        black_box(odds(round, black_box(&input), &charts).expect("odds"));
    });
    report(
        "odds: Beyond Waterloo Combat Round (2D6 a side, 72)",
        took,
        ms(5.0),
    );
    let per_batch = median(15, || {
        for _ in 0..1_000 {
            black_box(
                resolve_checked(round, black_box(&input), &charts, &[5, 4, 3, 3])
                    .expect("resolves"),
            );
        }
    });
    report(
        "resolve: Beyond Waterloo Combat Round",
        per_batch / 1_000,
        ms(0.050),
    );
    campaign(beyond);

    let folder = std::env::temp_dir().join(format!("aide-de-camp-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&folder);
    for (events, budget) in [(1_000usize, ms(20.0)), (100_000, ms(1000.0))] {
        let session = session_of(events);
        let path = folder.join(format!("session-{events}.toml"));
        let runs = if events > 10_000 { 5 } else { 21 };
        let save = median(runs, || session.write_copy(&path).expect("saves"));
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let load = median(runs, || {
            black_box(Session::load(&path).expect("loads"));
        });
        let verify = median(runs, || {
            black_box(session.verify().expect("verifies"));
        });
        report(
            &format!("save {events} events ({:.1} MB)", size as f64 / 1e6),
            save,
            budget,
        );
        report(&format!("load {events} events"), load, budget);
        report(&format!("verify {events} events"), verify, budget);
        // Like verify, the statistics re-derive every resolution (and enumerate its odds).
        let statistics = median(runs, || {
            black_box(DiceStatistics::of(&session, waterloo_campaign(), &tables));
        });
        report(
            &format!("dice statistics of {events} events"),
            statistics,
            budget,
        );
        // Every turn's summary, as the export writes it: one pass over the log a turn.
        let summaries = median(runs, || {
            black_box(waterloo_campaign().turn_summaries(&session));
        });
        report(
            &format!("turn summaries of {events} events"),
            summaries,
            budget,
        );
    }

    // The GUI with a 100,000-event session open: one frame's CPU time (no GPU work: kittest
    // draws nothing) and the process's resident memory.
    let path = folder.join("session-100000.toml");
    let data = folder.join("data");
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        .build_eframe(move |_cc| AideApp::with_parts(Box::new(NoPicker), Some(data.clone()), None));
    let open = Instant::now();
    harness.state_mut().open_file(&path);
    harness.run_steps(2);
    let open_time = open.elapsed();
    println!(
        "{:<52} {:>12.3} ms   (load, verify and index the log, once)",
        "open a 100000-event game in the app",
        open_time.as_secs_f64() * 1e3
    );
    let frame = median(31, || {
        harness.step();
    });
    report(
        "GUI frame with a 100000-event log open (CPU)",
        frame,
        ms(8.0),
    );
    if let Some(mb) = resident_memory_mb() {
        println!(
            "{:<52} {:>12.1} MB   budget {:>8.1} MB   {}",
            "resident memory (this process, 100000-event game open)",
            mb,
            150.0,
            if mb <= 150.0 { "within" } else { "OVER" }
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// The Basic Game campaign: an attrition roll on a FICTIONAL chart, and the whole set-up from the
/// scenario's listing (once a game: measured, with the resolution budget for reference only).
fn campaign(beyond: &Game) {
    let charts = TableSet::builtin(
        &[BuiltinTable {
            file: "attrition.toml",
            text: include_str!("../tests/fixtures/beyond-waterloo/attrition.toml"),
        }],
        &beyond.reads(),
    )
    .expect("the fictional chart");
    let attrition = beyond.procedure("attrition").expect("procedure");
    let mut input = Input::defaults(attrition.fields());
    input.set("side", Value::Text("french".into()));
    input.set("formation", Value::Text("Left Wing".into()));
    input.set("shares_area", Value::Flag(true));
    input.set("leader_ap", Value::Number(2));
    input.set("total_cf", Value::Number(18));
    let per_batch = median(15, || {
        for _ in 0..1_000 {
            black_box(
                resolve_checked(attrition, black_box(&input), &charts, &[4]).expect("resolves"),
            );
        }
    });
    report(
        "resolve: Beyond Waterloo attrition",
        per_batch / 1_000,
        Duration::from_micros(50),
    );
    let set_up = beyond.procedure("campaign-set-up").expect("procedure");
    let input = Input::defaults(set_up.fields());
    let took = median(11, || {
        black_box(resolve_checked(set_up, black_box(&input), &charts, &[]).expect("resolves"));
    });
    println!(
        "{:<52} {:>12.3} ms   (once a game: 21 Formations, 189 pieces)",
        "resolve: Beyond Waterloo Basic Game set-up",
        took.as_secs_f64() * 1e3
    );
}
