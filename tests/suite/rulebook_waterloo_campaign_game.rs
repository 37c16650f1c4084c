//! Whole games of Waterloo Campaign 1815 through the engine: the set-up, the checklist from the
//! scenario's first step to the victory determination, and the book-keeping on the record.
//!
//! Specification: the rulebook `shared/seeds/000_8fb68a0da552406e.txt` (Lnnn) and its digest
//! `shared/rules/seed000_waterloo_campaign.md`. Expected values are worked out from the rulebook by
//! hand. Where a counter value is not in the text, the test enters one marked FICTIONAL.

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::resolve_checked;
use aide_de_camp::engine::record::Position;

use crate::support;

use support::{Play, list, text};

/// The players enter a counter's Battle Stars in the roster, as the attack asks them to.
fn enter_stars(play: &mut Play, side: &str, unit: &str, stars: i64) {
    play.play(
        "roster-entry",
        &[
            ("side", text(side)),
            ("unit", text(unit)),
            ("value_of", text("stars")),
            ("value", Value::Number(stars)),
        ],
        &[],
    );
}

// Positions in the sequence (phase, step): Command A-E = (0, 0..=4), Organization F-H = (1, 0..=2),
// Movement = (2, 0), Attack = (3, 0), End = (4, 0).

/// June 16-18 set-up (L976-1067): who is where, in which mode, and who arrives when.
#[test]
fn l976_june_16_18_set_up_is_on_the_record() {
    let play = Play::start("waterloo-campaign-1815", "june-16-18");
    // Starts on turn 3 with Step D (L970-973).
    assert_eq!(
        play.record().position,
        Position {
            turn: 3,
            phase: 0,
            step: 3
        }
    );
    assert_eq!(play.state("french", "Guard Corps (Drouot)"), "On map");
    assert_eq!(
        play.attribute("french", "Guard Corps (Drouot)", "hex")
            .as_deref(),
        Some("1217 (Charleroi)")
    );
    // Wellington and Blücher in Battle mode; Ziethen in Battle formation (L1021-1022, L1050-1054).
    assert_eq!(
        play.attribute("coalition", "Wellington HQ", "mode")
            .as_deref(),
        Some("Battle")
    );
    assert_eq!(
        play.attribute("coalition", "Blücher HQ", "mode").as_deref(),
        Some("Battle")
    );
    assert_eq!(
        play.attribute("french", "Napoleon HQ", "mode").as_deref(),
        Some("Normal")
    );
    assert_eq!(
        play.attribute("coalition", "I Corps (Ziethen)", "formation")
            .as_deref(),
        Some("Battle")
    );
    // Hill's one-star counter arrives on turn 3 at 3000; Uxbridge on turn 4 (L1030-1034).
    assert_eq!(play.state("coalition", "II Corps (Hill)"), "Reinforcement");
    assert_eq!(
        play.attribute("coalition", "II Corps (Hill)", "stars")
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("coalition", "Cav Corps (Uxbridge)", "arrives on turn")
            .as_deref(),
        Some("4")
    );
    // Values the text gives are filled in with their lines; the others wait for the counters.
    assert_eq!(
        play.attribute("french", "I Corps (d'Erlon)", "stars")
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("french", "II Corps (Reille)", "stars")
            .as_deref(),
        Some("not entered")
    );
    assert_eq!(
        play.attribute("french", "Old Guard", "stars").as_deref(),
        Some("2")
    );
    assert_eq!(play.state("french", "Old Guard"), "Available");
    assert!(play.session.verify().is_ok());
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// June 16-18 from Step D of turn 3 to the victory determination after turn 8.
#[test]
fn june_16_18_is_played_to_victory() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");

    // Turn 3, Step D: Blücher places a Detachment of Ziethen's Corps (L352-365).
    play.play(
        "detachment-placement",
        &[
            ("hq", text("Blücher HQ")),
            ("detachment", text("I Corps Det. (Steinmetz)")),
            ("path", text("parent")),
        ],
        &[],
    );
    assert_eq!(
        play.state("coalition", "I Corps Det. (Steinmetz)"),
        "On map"
    );
    // One Detachment per HQ per turn (L352-356).
    let again = play.refused(
        "detachment-placement",
        &[
            ("hq", text("Blücher HQ")),
            ("detachment", text("I Corps Det. (Pirch)")),
            ("path", text("parent")),
        ],
    );
    assert!(again.is_some_and(|e| e.contains("already placed")));
    // The Grand Battery needs Napoleon in Battle mode (L383-386); he is in Normal mode.
    let battery = play.refused(
        "detachment-placement",
        &[
            ("hq", text("Napoleon HQ")),
            ("detachment", text("Grand Battery")),
            ("path", text("napoleon")),
        ],
    );
    assert!(battery.is_some_and(|e| e.contains("Battle mode")));

    // Step E: the French recall Jacquinot; it is available again on turn 4 (L430-431).
    play.go_to(3, 0, 4);
    play.play(
        "detachment-recall",
        &[
            ("side", text("french")),
            ("recalled", list(&["I Detachment (Jacquinot)"])),
        ],
        &[],
    );
    assert_eq!(play.state("french", "I Detachment (Jacquinot)"), "Recalled");
    assert_eq!(
        play.attribute("french", "I Detachment (Jacquinot)", "available from turn")
            .as_deref(),
        Some("4")
    );
    // Two Anglo-Allied Detachments on the map: Hill's two-star counter returns (L445-446; A-20).
    let angst = play.play("line-of-communication", &[], &[]);
    assert!(angst.outcome.headline.contains("two-star"));
    assert_eq!(
        play.attribute("coalition", "II Corps (Hill)", "stars")
            .as_deref(),
        Some("2")
    );

    // Step F: Ziethen stays in Battle formation (in an enemy ZoC): unticked (L464-477).
    play.go_to(3, 1, 0);
    play.play(
        "advance-formation",
        &[("side", text("coalition")), ("units", list(&[]))],
        &[],
    );
    // Step G: d'Erlon is in an enemy ZoC (L481-485).
    play.go_to(3, 1, 1);
    play.play(
        "battle-formation",
        &[
            ("side", text("french")),
            ("units", list(&["I Corps (d'Erlon)"])),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", "I Corps (d'Erlon)", "formation")
            .as_deref(),
        Some("Battle")
    );
    // Step H: Ziethen cannot retreat: Blown, back on turn 5 (L495-497).
    play.go_to(3, 1, 2);
    play.play(
        "withdrawal",
        &[
            ("side", text("coalition")),
            ("corps", text("I Corps (Ziethen)")),
            ("cannot_retreat", Value::Flag(true)),
        ],
        &[],
    );
    assert_eq!(play.state("coalition", "I Corps (Ziethen)"), "Blown");
    assert_eq!(
        play.attribute("coalition", "I Corps (Ziethen)", "returns on turn")
            .as_deref(),
        Some("5")
    );

    // Movement: Hill enters at 3000 (L1030-1031); then the French pass and the Coalition rolls
    // 1d6 = 2, plus 0 free Corps entered on the form and Bulow still due: 2 + 1 = 3 moves (L609-613).
    play.go_to(3, 2, 0);
    play.play(
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("II Corps (Hill)")),
        ],
        &[],
    );
    assert_eq!(play.state("coalition", "II Corps (Hill)"), "On map");
    let allowance = play.play("movement-pass", &[("passing_side", text("french"))], &[2]);
    assert_eq!(allowance.totals[0].total, 3);
    play.play(
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("IV Corps (Bulow)")),
        ],
        &[],
    );
    assert_eq!(play.record().counters.get("Coalition moves left"), Some(&2));

    // Attacks. d'Erlon (1 star, L1517) attacks Pirch's II Corps, whose stars the players enter as
    // 0 (FICTIONAL test value): 6 + 1 = 7 against 1, French by 6, Eliminated, +3 VP French
    // (L771-787, L820-821).
    play.go_to(3, 3, 0);
    enter_stars(&mut play, "coalition", "II Corps (Pirch)", 0); // FICTIONAL
    let first = play.play(
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("I Corps (d'Erlon)")),
            ("defender_name", text("II Corps (Pirch)")),
        ],
        &[6, 1],
    );
    assert_eq!(first.totals[0].total, 7);
    assert_eq!(play.state("coalition", "II Corps (Pirch)"), "Eliminated");
    assert_eq!(play.vp("french"), 3);
    // Gneisenau's cavalry (0 stars, L1462-1464) attacks Guyot's Guard cavalry, whose stars the
    // players enter as 1 (FICTIONAL test value): 1 against 6 + 1, Coalition loses by 6: Gneisenau
    // is Eliminated (+3 French); both cavalry Corps are Exhausted (L1587-1592).
    play.play(
        "roster-entry",
        &[
            ("side", text("french")),
            ("unit", text("Guard Cav Corps (Guyot)")),
            ("value_of", text("stars")),
            ("value", Value::Number(1)), // FICTIONAL
        ],
        &[],
    );
    let second = play.play(
        "attack",
        &[
            ("attacker_side", text("coalition")),
            ("attacker_name", text("Cav Corps (Gneisenau)")),
            ("defender_name", text("Guard Cav Corps (Guyot)")),
        ],
        &[1, 6],
    );
    assert_eq!(second.totals[1].total, 7);
    assert_eq!(
        play.state("coalition", "Cav Corps (Gneisenau)"),
        "Eliminated"
    );
    assert_eq!(
        play.attribute("french", "Guard Cav Corps (Guyot)", "condition")
            .as_deref(),
        Some("Exhausted")
    );
    assert_eq!(play.vp("french"), 6);
    play.go_to(3, 4, 0);
    play.play("end-of-turn", &[], &[]);

    // Turn 4. Step A: Napoleon in Battle mode. Step C: Guyot recovers (not in an enemy ZoC/ZoI).
    play.go_to(4, 0, 0);
    play.play(
        "hq-placement",
        &[("hq", text("Napoleon HQ")), ("mode", text("Battle"))],
        &[],
    );
    play.go_to(4, 0, 2);
    play.play("cavalry-recovery", &[], &[]);
    assert_eq!(
        play.attribute("french", "Guard Cav Corps (Guyot)", "condition")
            .as_deref(),
        Some("Fresh")
    );
    // Step D: Napoleon places the Grand Battery with the Guard Corps (L383-390).
    play.go_to(4, 0, 3);
    play.play(
        "detachment-placement",
        &[
            ("hq", text("Napoleon HQ")),
            ("detachment", text("Grand Battery")),
            ("path", text("napoleon")),
        ],
        &[],
    );
    // Attack: the Guard (2 stars) with the Grand Battery (+1) against the Reserve Corps (2 stars):
    // 1 + 3 = 4 against 6 + 2 = 8. The Guard loses by 4: Blown, back on turn 6; the Grand Battery
    // left alone is eliminated, +2 VP Coalition (L396-398, L885-886).
    play.go_to(4, 3, 0);
    play.play(
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("Guard Corps (Drouot)")),
            ("defender_name", text("Reserve Corps (Wellington)")),
            ("grand_battery", text("with_attacker")),
        ],
        &[1, 6],
    );
    assert_eq!(play.state("french", "Guard Corps (Drouot)"), "Blown");
    assert_eq!(
        play.attribute("french", "Guard Corps (Drouot)", "returns on turn")
            .as_deref(),
        Some("6")
    );
    assert_eq!(play.state("french", "Grand Battery"), "Eliminated");
    assert_eq!(play.vp("coalition"), 2);

    // Turn 5: the Deluge, 3 = rain (L1083-1087). Step B: Ziethen returns (L322-327).
    play.go_to(5, 0, 0);
    play.play("deluge", &[], &[3]);
    play.go_to(5, 0, 1);
    let due = play.input("blown-return", &[("side", text("coalition"))]);
    let due: Vec<&str> = due.list("due").iter().map(|n| n.as_ref()).collect();
    assert_eq!(due, ["I Corps (Ziethen)"]);
    play.play(
        "blown-return",
        &[
            ("side", text("coalition")),
            ("returning", list(&["I Corps (Ziethen)"])),
        ],
        &[],
    );
    assert_eq!(play.state("coalition", "I Corps (Ziethen)"), "On map");

    // Turn 6, Step B: the Guard returns.
    play.go_to(6, 0, 1);
    play.play(
        "blown-return",
        &[
            ("side", text("french")),
            ("returning", list(&["Guard Corps (Drouot)"])),
        ],
        &[],
    );
    assert_eq!(play.state("french", "Guard Corps (Drouot)"), "On map");

    // Turn 7, the last day. Reille (1 star, FICTIONAL) attacks Orange (2 stars, L1475-1476): 1 + 1
    // against 6 + 2: Coalition by 6, Reille Eliminated, +3 VP Coalition. Rain fell on turn 5 only,
    // so the ground is dry again (erratum L1094-1096).
    play.go_to(7, 3, 0);
    play.play(
        "roster-entry",
        &[
            ("side", text("french")),
            ("unit", text("II Corps (Reille)")),
            ("value_of", text("stars")),
            ("value", Value::Number(1)), // FICTIONAL
        ],
        &[],
    );
    let last = play.play(
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("II Corps (Reille)")),
            ("defender_name", text("I Corps (Orange)")),
        ],
        &[1, 6],
    );
    assert!(
        last.modifiers
            .iter()
            .all(|m| !m.label.contains("Soft ground"))
    );
    assert_eq!(play.vp("coalition"), 5);

    // After turn 8: French 6 + 5 for the line of communication = 11 against 5: a margin of 6, a
    // French Tactical victory, a tournament defeat (L889-891, L905-910).
    play.go_to(8, 4, 0);
    let victory = play.play(
        "victory",
        &[("french_line_of_communication", Value::Flag(true))],
        &[],
    );
    assert_eq!(victory.totals[0].total, 11);
    assert_eq!(victory.totals[1].total, 5);
    assert!(
        victory.outcome.headline.contains("French Tactical"),
        "{}",
        victory.outcome.headline
    );
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// June 15-18: the first-day rules, then the victory after turn 8 (L1245-1337).
#[test]
fn june_15_18_is_played_to_victory_with_the_first_day_rules() {
    let mut play = Play::start("waterloo-campaign-1815", "june-15-18");
    assert_eq!(
        play.record().position,
        Position {
            turn: 1,
            phase: 2,
            step: 0
        }
    );
    // Every French Corps enters on turn 1 (L1134-1158); Ney and Grouchy's HQs on turn 2 (L1159-1164).
    assert_eq!(play.state("french", "II Corps (Reille)"), "Reinforcement");
    let early = play.refused(
        "hq-placement",
        &[("hq", text("Ney HQ")), ("mode", text("Battle"))],
    );
    assert!(early.is_some_and(|e| e.contains("arrives later")));
    // Napoleon's mode is the players' choice at set-up (L1122-1124).
    play.play(
        "hq-placement",
        &[("hq", text("Napoleon HQ")), ("mode", text("Battle"))],
        &[],
    );
    // Road Congestion: 4 + 3 = 7 units (V12, L1278); each French move spends one.
    let congestion = play.play("road-congestion", &[], &[4]);
    assert_eq!(congestion.totals[0].total, 7);
    play.play(
        "move",
        &[
            ("side", text("french")),
            ("corps", text("II Corps (Reille)")),
        ],
        &[],
    );
    assert_eq!(play.state("french", "II Corps (Reille)"), "On map");
    assert_eq!(
        play.record()
            .counters
            .get("French moves left (Road Congestion)"),
        Some(&6)
    );
    // Surprise: only Ziethen moves for the Coalition on turn 1 (L1268-1272).
    let surprise = play.refused(
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("II Corps (Pirch)")),
        ],
    );
    assert!(surprise.is_some_and(|e| e.contains("Surprise")));
    play.play(
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("I Corps (Ziethen)")),
        ],
        &[],
    );

    // Turn 2: Delayed Reaction, no Anglo-Allied moves (L1285-1289).
    play.go_to(2, 2, 0);
    let delayed = play.refused(
        "move",
        &[
            ("side", text("coalition")),
            ("corps", text("I Corps (Orange)")),
        ],
    );
    assert!(delayed.is_some_and(|e| e.contains("Delayed Reaction")));

    // Turn 8: d'Erlon, still off the map, enters by his road (L1139-1140). He (1 star) attacks the
    // lone Perponcher Detachment (stars FICTIONAL 0, the +2 against a Detachment, L763-765):
    // 3 + 1 + 2 = 6 against 3, French by 3: the Detachment is Eliminated, +1 VP French (L816,
    // L820-821).
    play.go_to(8, 2, 0);
    play.play(
        "move",
        &[
            ("side", text("french")),
            ("corps", text("I Corps (d'Erlon)")),
        ],
        &[],
    );
    play.go_to(8, 3, 0);
    enter_stars(&mut play, "coalition", "I Detachment (Perponcher)", 0); // FICTIONAL
    play.play(
        "attack",
        &[
            ("attacker_side", text("french")),
            ("attacker_name", text("I Corps (d'Erlon)")),
            ("defender_name", text("I Detachment (Perponcher)")),
        ],
        &[3, 3],
    );
    assert_eq!(
        play.state("coalition", "I Detachment (Perponcher)"),
        "Eliminated"
    );
    play.go_to(8, 4, 0);
    let victory = play.play("victory", &[], &[]);
    assert_eq!(play.vp("french"), 1);
    assert_eq!(victory.totals[0].total, 1);
    assert_eq!(victory.totals[1].total, 0);
    assert!(
        victory.outcome.headline.contains("French Tactical"),
        "{}",
        victory.outcome.headline
    );
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// V15: three French Corps due back, one the Guard: the Coalition picks two; the third is
/// eliminated, 5 VP if it is the Guard (L328-329, L877-879).
#[test]
fn v15_l328_more_than_two_due_the_opponent_picks_and_the_rest_are_eliminated() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    play.go_to(3, 1, 2);
    for corps in [
        "Guard Corps (Drouot)",
        "III Corps (Vandamme)",
        "IV Corps (Gerard)",
    ] {
        play.play(
            "withdrawal",
            &[
                ("side", text("french")),
                ("corps", text(corps)),
                ("cannot_retreat", Value::Flag(true)),
            ],
            &[],
        );
    }
    play.go_to(5, 0, 1);
    // Picking only one is refused: the opponent picks two.
    let one = play.refused(
        "blown-return",
        &[
            ("side", text("french")),
            ("returning", list(&["III Corps (Vandamme)"])),
        ],
    );
    assert!(one.is_some_and(|e| e.contains("picks two")));
    let returned = play.play(
        "blown-return",
        &[
            ("side", text("french")),
            (
                "returning",
                list(&["III Corps (Vandamme)", "IV Corps (Gerard)"]),
            ),
        ],
        &[],
    );
    assert_eq!(
        play.session.events().last().map(|e| e.side.as_str()),
        Some("coalition")
    );
    assert!(returned.outcome.headline.contains("1 eliminated"));
    assert_eq!(play.state("french", "Guard Corps (Drouot)"), "Eliminated");
    assert_eq!(play.vp("coalition"), 5);
}

/// V16, V17 and A-14: withdrawing without a retreat on turn 4 returns on turn 6; on turn 7 it is
/// eliminated (L495-497, L811-815).
#[test]
fn v16_v17_l811_blown_timing_and_the_last_day() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    play.go_to(4, 1, 2);
    play.play(
        "withdrawal",
        &[
            ("side", text("coalition")),
            ("corps", text("I Corps (Orange)")),
            ("cannot_retreat", Value::Flag(true)),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("coalition", "I Corps (Orange)", "returns on turn")
            .as_deref(),
        Some("6")
    );
    play.go_to(7, 1, 2);
    play.play(
        "withdrawal",
        &[
            ("side", text("coalition")),
            ("corps", text("III Corps (Thielmann)")),
            ("cannot_retreat", Value::Flag(true)),
        ],
        &[],
    );
    assert_eq!(
        play.state("coalition", "III Corps (Thielmann)"),
        "Eliminated"
    );
    assert_eq!(play.vp("french"), 3);
}

/// V18 and A-20: 2 Anglo-Allied Detachments on the map and 1 eliminated make 3: the one-star Hill
/// (L441-444). With 3 eliminated and none on the map, the default reading keeps one star; the literal
/// reading ("fewer than 3 on the map", L445) brings back two.
#[test]
fn v18_l441_the_line_of_communication_both_readings() {
    let mut play = Play::start("waterloo-campaign-1815", "june-15-18");
    play.go_to(2, 0, 4);
    let three = |counter: &str, on_map: i64, eliminated: i64, reading: &str, play: &Play| {
        let p = play.game.procedure("line-of-communication").unwrap();
        let input = play.input(
            "line-of-communication",
            &[
                ("counter", text(counter)),
                ("on_map", Value::Number(on_map)),
                ("eliminated", Value::Number(eliminated)),
                ("angst_reading", text(reading)),
            ],
        );
        resolve_checked(p, &input, &play.tables, &[])
            .unwrap()
            .outcome
            .headline
    };
    assert!(three("two-star", 2, 1, "combined", &play).contains("one-star"));
    assert!(three("one-star", 1, 1, "combined", &play).contains("two-star"));
    assert!(three("one-star", 0, 3, "combined", &play).contains("keeps its one-star"));
    assert!(three("one-star", 0, 3, "literal", &play).contains("two-star"));
    // The setting is on the record, and the form follows it.
    play.play("settings", &[("angst_reading", text("literal"))], &[]);
    let input = play.input("line-of-communication", &[]);
    assert_eq!(input.text("angst_reading"), "literal");
    // June 15-18 plays the two-star counter with the two Anglo-Allied Detachments on the map.
    assert_eq!(input.text("counter"), "two-star");
    assert_eq!(input.number("on_map"), 2);
}

/// The attack checks the record: HQs are markers, not units, and cannot be attacked (L204-205,
/// L312-313); only a Corps attacks (L660-661, L673-675); a unit off the map takes no part.
#[test]
fn l204_the_attack_refuses_what_the_record_contradicts() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    let attack = |play: &Play, attacker: &str, defender: &str| {
        play.refused(
            "attack",
            &[
                ("attacker_side", text("french")),
                ("attacker_name", text(attacker)),
                ("defender_name", text(defender)),
            ],
        )
    };
    let hq = attack(&play, "I Corps (d'Erlon)", "Wellington HQ");
    assert!(
        hq.as_deref()
            .is_some_and(|e| e.contains("cannot be attacked")),
        "{hq:?}"
    );
    let detachment = attack(&play, "I Detachment (Jacquinot)", "II Corps (Pirch)");
    assert!(
        detachment
            .as_deref()
            .is_some_and(|e| e.contains("only a Corps attacks")),
        "{detachment:?}"
    );
    // Bulow is a reinforcement due on turn 3, not yet on the map (L1062-1063).
    let off_map = attack(&play, "I Corps (d'Erlon)", "IV Corps (Bulow)");
    assert!(
        off_map
            .as_deref()
            .is_some_and(|e| e.contains("not on the map")),
        "{off_map:?}"
    );
    // Battle Stars printed only on the counter are asked for before the first attack (digest §4.4).
    let stars = attack(&play, "I Corps (d'Erlon)", "II Corps (Pirch)");
    assert!(
        stars
            .as_deref()
            .is_some_and(|e| e.contains("not entered yet")),
        "{stars:?}"
    );
    enter_stars(&mut play, "coalition", "II Corps (Pirch)", 1); // FICTIONAL
    // On the map, both, with stars: accepted; a name the record does not know is the players' own.
    assert_eq!(attack(&play, "I Corps (d'Erlon)", "II Corps (Pirch)"), None);
    assert_eq!(
        attack(&play, "I Corps (d'Erlon)", "a Prussian rearguard"),
        None
    );
}

/// The banner of the turn's special rules: June 15 (L1268-1305) only with the first-day rules, the
/// Deluge on turns 5 and 6 (L1074-1087), and the last day (L811-815).
#[test]
fn l1268_each_turn_names_its_special_rules() {
    let notes = |play: &Play| -> Vec<&'static str> {
        (play.game.turn_notes)(play.record())
            .iter()
            .map(|n| n.rule)
            .collect()
    };
    let mut play = Play::start("waterloo-campaign-1815", "june-15-18");
    assert_eq!(
        notes(&play),
        vec![
            "June 15 Surprise, L1268-1272",
            "June 15 Road Congestion, L1275-1278"
        ]
    );
    play.go_to(2, 0, 0);
    assert_eq!(notes(&play).len(), 3);
    assert!(notes(&play)[0].contains("Delayed Reaction"));
    play.go_to(3, 0, 0);
    assert!(notes(&play).is_empty());
    play.go_to(5, 0, 0);
    assert_eq!(notes(&play), vec!["The Deluge, L1074-1087"]);
    play.go_to(7, 0, 0);
    assert_eq!(notes(&play), vec!["Blown, L811-815"]);

    let free = Play::start("waterloo-campaign-1815", "june-15-18-free");
    assert!(notes(&free).is_empty(), "{:?}", notes(&free));
}

/// The end of turn comes once a turn (End Phase, L857-865): a second in the same turn is refused,
/// naming the first; the next turn's is not taken for a repeat of the turn before's.
#[test]
fn the_end_of_turn_is_refused_twice_in_a_turn_and_allowed_the_next_turn() {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    play.go_to(3, 4, 0);
    play.play("end-of-turn", &[], &[]);
    let again = aide_de_camp::engine::play::Command::Resolve {
        procedure: "end-of-turn".into(),
        input: play.input("end-of-turn", &[]),
        dice: aide_de_camp::engine::play::Dice::Physical(Vec::new()),
        apply: true,
    };
    let refused = play
        .session
        .execute(play.game, &play.tables, again)
        .expect_err("a second end of turn");
    assert!(
        refused
            .to_string()
            .contains("once a turn (End Phase, L857-865)"),
        "{refused}"
    );
    play.go_to(4, 4, 0);
    let next = play.play("end-of-turn", &[], &[]);
    assert!(
        next.outcome.headline.contains("End of turn 4"),
        "{}",
        next.outcome.headline
    );
}
