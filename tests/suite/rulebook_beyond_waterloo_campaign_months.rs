//! Beyond Waterloo's Basic Game (27.2) played through the engine from June into July 1815: the
//! Strategic Phases' book-keeping, one battle through the Battle Sequence, supply, attrition,
//! training and the War Chests, each checked against a hand computation written here. The charts
//! and every counter value entered are FICTIONAL (tests/fixtures/beyond-waterloo), made up and
//! marked as such.

use crate::rulebook_beyond_waterloo::{pick_cards, seal_and_reveal, take_every_step};
use crate::rulebook_beyond_waterloo_campaign::{basic_game, enter};
use crate::support::{Play, list, number, text};
use aide_de_camp::games::beyond_waterloo::campaign::{recruitment, war_chest};

const LEFT_WING: &str = "Left Wing";
const BLUCHER: &str = "Army of the Lower Rhine";
const VAR: &str = "Armée du Var";
const LIEGE: &str = "Liège (J1)";
const VAR_DIVISION: &str = "Armée du Var 1CF Inf Div 1";
/// A Division of the French Force Pool (27.2.1, L2290), and one of the Divisions Pool.
const RECRUIT: &str = "Force Pool 1CF Inf Div 1";
const TRANSFERRED: &str = "Divisions Pool 2CF Inf Div 1";

/// Every Leader's AP rating 2, Battle Ability 2 and Reaction 1; CF 3, Morale 3 (reduced: CF 2,
/// Morale 3) on each Troop unit of the Left Wing and the Army of the Lower Rhine whose values are
/// not printed, and Morale 3 (reduced: CF 1, Morale 2) on the Armée du Var's two 1CF Divisions:
/// all FICTIONAL.
fn june_1815() -> Play {
    let mut play = basic_game();
    let fought = [LEFT_WING, BLUCHER];
    let mut to_enter = Vec::new();
    for ((side, name), unit) in &play.record().units {
        let formation = unit.attribute("formation").unwrap_or("");
        let values: &[(&str, &str)] = match unit.attribute("type") {
            Some("leader") => &[("ap", "2"), ("battle", "2"), ("reaction", "1")],
            Some("infantry" | "cavalry") if fought.contains(&formation) => &[
                ("cf", "3"),
                ("morale", "3"),
                ("reduced_cf", "2"),
                ("reduced_morale", "3"),
            ],
            Some("infantry") if formation == VAR => &[
                ("morale", "3"),
                ("reduced_cf", "1"),
                ("reduced_morale", "2"),
            ],
            _ => &[],
        };
        for (value_of, value) in values {
            if unit.attribute(value_of) == Some("not entered") {
                to_enter.push((side.to_string(), name.to_string(), *value_of, *value));
            }
        }
    }
    for (side, name, value_of, value) in to_enter {
        enter(&mut play, &side, &name, value_of, value);
    }
    // Blücher a Senior Leader, 4 stars (FICTIONAL), whose AP the Allies add on the RP roll.
    enter(&mut play, "allied", "Blücher", "stars", "4");
    play
}

fn both(play: &mut Play, procedure: &str) {
    for side in ["french", "allied"] {
        play.play(procedure, &[("side", text(side))], &[]);
    }
}

fn morale(play: &Play, side: &str, formation: &str) -> String {
    play.attribute(side, formation, "formation_morale")
        .expect("a Morale level")
}

fn ap(play: &Play, side: &str, formation: &str) -> Option<String> {
    play.attribute(side, formation, "ap_level")
}

fn stage(play: &Play, unit: &str) -> Option<String> {
    play.attribute("french", unit, "stage")
}

fn round(play: &mut Play, french: &str, allied: &str, faces: &[u8]) {
    let procedure = play.game.procedure("combat-round").expect("the round");
    let sealed = procedure.sealed_round(play.record());
    seal_and_reveal(play, &sealed, french, allied);
    play.play(
        "combat-round",
        &[("french_gt", text(french)), ("allied_gt", text(allied))],
        faces,
    );
    take_every_step(play, "french");
    take_every_step(play, "allied");
}

#[test]
fn june_and_july_1815_through_the_engine() {
    let mut play = june_1815();
    let french_training: Vec<String> = play
        .record()
        .units_where(Some("french"), &[("state", "training")])
        .map(|(_, name, _)| name.to_string())
        .collect();
    assert_eq!(french_training.len(), 3, "27.2.1, L2292");

    // --- June 1815 (Turn 4), Mobilization Phase (8.2.1, L1204-1215).
    // AP Reset: every Formation's level is its Leader's FICTIONAL rating, 2 (4.2.7, L678).
    both(&mut play, "ap-reset");
    assert_eq!(ap(&play, "french", LEFT_WING).as_deref(), Some("2"));
    assert_eq!(ap(&play, "allied", BLUCHER).as_deref(), Some("2"));
    // Field Maintenance at the FICTIONAL 2 RP a Formation: 10 French, 11 Allied (addendum §2.4).
    play.go_to(4, 0, 4);
    both(&mut play, "field-maintenance");
    let (mut french_rp, mut allied_rp): (i64, i64) = (85 - 10 * 2, 195 - 11 * 2);
    assert_eq!(war_chest::rp(play.record(), "french"), french_rp);
    assert_eq!(war_chest::rp(play.record(), "allied"), allied_rp);
    // Training: the three Stage 1 units move up (12.2.7, L1356).
    play.go_to(4, 0, 6);
    play.play("training", &[("side", text("french"))], &[]);
    for unit in &french_training {
        assert_eq!(stage(&play, unit).as_deref(), Some("2"));
    }
    // Purchase: a Division from the French Force Pool at the FICTIONAL 5 RP, into Stage 1
    // (12.2.1-12.2.6, L1344-1354).
    play.go_to(4, 0, 7);
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_divisions", list(&[RECRUIT])),
        ],
        &[],
    );
    french_rp -= 5;
    assert_eq!(war_chest::rp(play.record(), "french"), french_rp);
    assert_eq!(play.state("french", RECRUIT), "training");
    assert_eq!(stage(&play, RECRUIT).as_deref(), Some("1"));
    // The FRAT: 3 + 4 + the War Minister's AP 2 = 9 on column 10 - 10 = 0: the FICTIONAL
    // "-2 to +2" column's row 6-9, 2 Division-equivalents (12.3, L1383-1395). One Division moves
    // from the Divisions Pool to the Force Pool, to be recruited from July (L1395).
    play.go_to(4, 0, 8);
    play.play("frat", &[], &[3, 4]);
    assert_eq!(
        play.record().counters.get(recruitment::AUTHORIZED).copied(),
        Some(2)
    );
    play.play("frat-transfer", &[("divisions", list(&[TRANSFERRED]))], &[]);
    assert_eq!(play.state("french", TRANSFERRED), "force pool");

    // --- OPs Phase 1: Ney's Left Wing marches on Blücher at Liège; the Spanish may not move
    // before July (27.2.2, L2310).
    play.go_to(4, 1, 0);
    assert!(
        play.refused(
            "move-formation",
            &[
                ("side", text("allied")),
                ("formation", text("Spanish Army")),
                ("to", text("Navarre")),
            ],
        )
        .is_some()
    );
    play.play(
        "move-formation",
        &[
            ("side", text("french")),
            ("formation", text(LEFT_WING)),
            ("to", text(LIEGE)),
        ],
        &[],
    );
    play.next_step();
    play.play("open-battle", &[], &[]);
    // The Left Wing did not start the OPs Phase in the battle area: Ney spends 1 AP to engage
    // (4.2.3, L668).
    play.play(
        "spend-ap",
        &[
            ("side", text("french")),
            ("formation", text(LEFT_WING)),
            ("action", text("engage")),
        ],
        &[],
    );
    assert_eq!(ap(&play, "french", LEFT_WING).as_deref(), Some("1"));
    play.next_step();
    for side in ["french", "allied"] {
        play.play("post-battle", &[("side", text(side))], &[]);
        pick_cards(&mut play, side, &[]);
    }
    play.next_step();
    round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[5, 4, 3, 3],
    );
    let vp_after_first = (play.vp("french"), play.vp("allied"));
    let morale_after_first = (
        morale(&play, "french", LEFT_WING),
        morale(&play, "allied", BLUCHER),
    );
    play.go_to(4, 1, 6);
    round(
        &mut play,
        "general_advance",
        "right_flank_attack",
        &[6, 2, 4, 1],
    );
    play.next_step();
    let winner = play.play("battle-winner", &[], &[]);
    // On the FICTIONAL FERT the first round's dice inflict 5 steps on the Allies and 4 on the
    // French, a VP each (6.10.7, L1050): 15 and 14. The Allies suffered more and lose a Morale
    // level (5.2.6, L784): 2. The second round inflicts 3 more on the Allies, none on the French:
    // 8 to 4 over both rounds, the French win (6.16.1, L1139) for +1 VP (6.16.3, L1144): 19 and
    // 14; the Left Wing gains a level, 3 to 4, Blücher's Army loses one, 2 to 1 (6.16.4-6.16.5).
    assert_eq!(vp_after_first, (15, 14));
    assert_eq!(morale_after_first, ("3".to_string(), "2".to_string()));
    assert_eq!(
        winner.outcome.headline,
        "The French win the battle: the French inflicted 8 steps, the Allies 4 (6.16.1, L1139)"
    );
    assert_eq!((play.vp("french"), play.vp("allied")), (19, 14));
    assert_eq!(morale(&play, "french", LEFT_WING), "4");
    assert_eq!(morale(&play, "allied", BLUCHER), "1");
    // The loser withdraws (6.16.6, L1150).
    play.play(
        "move-formation",
        &[
            ("side", text("allied")),
            ("formation", text(BLUCHER)),
            ("to", text("Namur (J2)")),
        ],
        &[],
    );
    play.next_step();
    assert_eq!(play.record().position.step, 8, "no battle is left");

    // --- OPs Phase 2: nothing moves or fights; Blücher's Army recovers a level (5.2.9, L790).
    play.go_to(4, 2, 8);
    play.play("morale-recovery", &[("side", text("allied"))], &[]);
    assert_eq!(morale(&play, "allied", BLUCHER), "2");

    // --- Administration Phase (8.3.1, L1225-1234).
    play.go_to(4, 3, 0);
    both(&mut play, "ap-reset");
    assert_eq!(ap(&play, "french", LEFT_WING).as_deref(), Some("2"));
    // Supply: the Armée du Var is Out of Supply: a step lost, +1 VP to the Allies (16.5.1).
    play.go_to(4, 3, 2);
    play.play(
        "supply",
        &[("side", text("french")), ("out_of_supply", list(&[VAR]))],
        &[],
    );
    assert_eq!(play.vp("allied"), 15);
    play.play(
        "take-losses",
        &[
            ("side", text("french")),
            ("unit", text(VAR_DIVISION)),
            ("steps", number(1)),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", VAR_DIVISION, "face").as_deref(),
        Some("reduced")
    );
    // Attrition (9.1.2, L1244): Out of Supply, the Var rolls 1D6 (setting S1) less Brune's AP 2:
    // 6 - 2 = 4 against its 2 CF (1 reduced + 1), the FICTIONAL "1-10" column: no step.
    play.go_to(4, 3, 3);
    let attrition = play.play(
        "attrition",
        &[("side", text("french")), ("formation", text(VAR))],
        &[6],
    );
    assert_eq!(attrition.outcome.headline, "Armée du Var: no effect");
    let cell = attrition.cell.expect("a cell");
    assert_eq!(
        (cell.column.as_deref(), cell.row.as_ref()),
        (Some("1-10"), "4")
    );
    // RP Accumulation (10.2, L1292-1304), each player's VP less the other's (setting S4):
    // French 3 + 4 + AP 2 = 9 on "+3 or more" (19 - 15), FICTIONAL 40 RP;
    // Allied 2 + 2 + AP 2 = 6 on "-3 or less" (15 - 19), FICTIONAL 10 RP.
    play.go_to(4, 3, 6);
    play.play("rp-accumulation", &[("side", text("french"))], &[3, 4]);
    play.play("rp-accumulation", &[("side", text("allied"))], &[2, 2]);
    french_rp += 40;
    allied_rp += 10;
    assert_eq!(war_chest::rp(play.record(), "french"), french_rp);
    assert_eq!(war_chest::rp(play.record(), "allied"), allied_rp);
    // Training: Stage 2 to the Deployable box (12.2.7, L1356).
    play.go_to(4, 3, 8);
    play.play("training", &[("side", text("french"))], &[]);
    for unit in &french_training {
        assert_eq!(stage(&play, unit).as_deref(), Some("deployable"));
    }
    // The June recruit, bought after June's first Training Segment, reaches Stage 2.
    assert_eq!(stage(&play, RECRUIT).as_deref(), Some("2"));

    // --- OPs Phase 3: Blücher's Army, idle again, is back to Morale 3, and no higher.
    play.go_to(4, 4, 8);
    play.play("morale-recovery", &[("side", text("allied"))], &[]);
    assert_eq!(morale(&play, "allied", BLUCHER), "3");
    assert!(
        play.refused("morale-recovery", &[("side", text("allied"))])
            .is_some()
    );

    // --- July 1815 (Turn 5), Mobilization Phase.
    play.go_to(5, 0, 0);
    both(&mut play, "ap-reset");
    assert_eq!(ap(&play, "french", LEFT_WING).as_deref(), Some("2"));
    // The Var is still Out of Supply: its marker stays until a Supply Segment finds it in
    // supply (16.5.6, L1571), so it rolls again: 5 - 2 = 3 against 2 CF, no step.
    assert_eq!(
        play.attribute("french", VAR, "supply").as_deref(),
        Some("out")
    );
    play.go_to(5, 0, 3);
    let attrition = play.play(
        "attrition",
        &[("side", text("french")), ("formation", text(VAR))],
        &[5],
    );
    assert_eq!(attrition.outcome.headline, "Armée du Var: no effect");
    play.go_to(5, 0, 4);
    both(&mut play, "field-maintenance");
    french_rp -= 10 * 2;
    allied_rp -= 11 * 2;
    assert_eq!(war_chest::rp(play.record(), "french"), french_rp);
    assert_eq!(war_chest::rp(play.record(), "allied"), allied_rp);
    // Training: the units Deployable since June deploy to a friendly Depot (12.2.9, L1360).
    play.go_to(5, 0, 6);
    play.play(
        "training",
        &[("side", text("french")), ("deploy_to", text("Paris (G5)"))],
        &[],
    );
    for unit in &french_training {
        assert_eq!(play.state("french", unit), "in play");
        assert_eq!(
            play.attribute("french", unit, "area").as_deref(),
            Some("Paris (G5)")
        );
    }
    assert_eq!(stage(&play, RECRUIT).as_deref(), Some("deployable"));
    // The Division the June FRAT moved to the Force Pool may be recruited now, in July.
    play.go_to(5, 0, 7);
    play.play(
        "purchase",
        &[
            ("side", text("french")),
            ("infantry_divisions", list(&[TRANSFERRED])),
        ],
        &[],
    );
    french_rp -= 5;
    assert_eq!(stage(&play, TRANSFERRED).as_deref(), Some("1"));

    // --- July OPs Phase 1: the Spanish move now (27.2.2, L2310).
    play.go_to(5, 1, 0);
    play.play(
        "move-formation",
        &[
            ("side", text("allied")),
            ("formation", text("Spanish Army")),
            ("to", text("Navarre")),
        ],
        &[],
    );

    // --- July Administration: the Var is in supply again and its marker comes off.
    play.go_to(5, 3, 0);
    both(&mut play, "ap-reset");
    play.go_to(5, 3, 2);
    play.play("supply", &[("side", text("french"))], &[]);
    assert_eq!(play.attribute("french", VAR, "supply"), None);

    // The hand computation: RP 85 - 20 - 5 + 40 - 20 - 5 = 75 French (maintenance, a June
    // recruit, RP Accumulation, maintenance, a July recruit), 195 - 22 + 10 - 22 = 161 Allied;
    // VP 10 + 8 steps + 1 battle = 19 French, 10 + 4 steps + 1 Out of Supply = 15 Allied;
    // Morale: the Left Wing 4, Blücher's Army 3; every AP level back at 2; on the Training
    // Track only the two recruits.
    assert_eq!((french_rp, allied_rp), (75, 161));
    assert_eq!(war_chest::rp(play.record(), "french"), french_rp);
    assert_eq!(war_chest::rp(play.record(), "allied"), allied_rp);
    assert_eq!((play.vp("french"), play.vp("allied")), (19, 15));
    assert_eq!(morale(&play, "french", LEFT_WING), "4");
    assert_eq!(ap(&play, "allied", BLUCHER).as_deref(), Some("2"));
    let training: Vec<&str> = play
        .record()
        .units_where(Some("french"), &[("state", "training")])
        .map(|(_, name, _)| name)
        .collect();
    assert_eq!(training, [TRANSFERRED, RECRUIT]);
    play.game
        .verify(&play.session, &play.tables)
        .expect("the session verifies");
}

#[test]
fn the_ap_reset_is_refused_in_mobilization_when_the_setting_keeps_it_to_administration() {
    // The addendum's S13: 4.2.2 (L662) against the segment lists (4.2.7, L678).
    let mut play = june_1815();
    let only_administration = [
        ("side", text("french")),
        ("ap_reset_phases", text("administration")),
    ];
    let refusal = play
        .refused("ap-reset", &only_administration)
        .expect("not in Mobilization");
    assert!(refusal.contains("4.2.2, L662"), "{refusal}");
    assert_eq!(play.refused("ap-reset", &[("side", text("french"))]), None);
    play.go_to(4, 3, 0);
    play.play("ap-reset", &only_administration, &[]);
    assert_eq!(ap(&play, "french", LEFT_WING).as_deref(), Some("2"));
}

#[test]
fn an_off_board_force_moves_one_box_a_segment_and_enters_the_map_from_its_entry_zone() {
    // 15.1.4-15.1.7, L1475-1481; the Allies only in the Basic Game (8.2.1, L1215). The app holds
    // no track: the boxes are named as the players read them off the map.
    let mut play = basic_game();
    let rhine = "Army of the Rhine";
    let step = |force: &str, to: &str| {
        vec![
            ("side", text("allied")),
            ("force", text(force)),
            ("to", text(to)),
        ]
    };
    play.go_to(4, 0, 11);
    let refusal = play
        .refused(
            "off-board-move",
            &[
                ("side", text("french")),
                ("force", text(LEFT_WING)),
                ("to", text("a box")),
            ],
        )
        .expect("the French stay on the map");
    assert!(refusal.contains("L1215"), "{refusal}");
    let refusal = play
        .refused("off-board-move", &step(BLUCHER, "a box"))
        .expect("on the map");
    assert!(refusal.contains("15.1.7, L1481"), "{refusal}");
    let form = play.input("off-board-move", &step(rhine, "the next box"));
    assert_eq!(form.text("track"), "Austrian Off-Board Movement Display");
    play.play("off-board-move", &step(rhine, "the next box"), &[]);
    assert_eq!(
        play.attribute("allied", rhine, "area").as_deref(),
        Some("the next box")
    );
    let refusal = play
        .refused("off-board-move", &step(rhine, "the box after"))
        .expect("one box a segment");
    assert!(refusal.contains("15.1.4, L1475"), "{refusal}");
    // The Administration Phase's segment: from the track's last box into the Entry Zone.
    play.go_to(4, 3, 7);
    let mut into_zone = step(rhine, "its Entry Zone");
    into_zone.push(("entry_zone", crate::support::flag(true)));
    let entered = play.play("off-board-move", &into_zone, &[]);
    assert!(
        entered.outcome.headline.contains("enters its Entry Zone"),
        "{}",
        entered.outcome.headline
    );
    // Onto the map in the next OPs Phase (15.1.6, L1479): off its display.
    play.go_to(4, 4, 0);
    let form = play.input(
        "move-formation",
        &[("side", text("allied")), ("formation", text(rhine))],
    );
    assert!(form.flag("off_board"));
    play.play(
        "move-formation",
        &[
            ("side", text("allied")),
            ("formation", text(rhine)),
            ("to", text("Strasbourg (L5)")),
        ],
        &[],
    );
    assert_eq!(play.attribute("allied", rhine, "off_board_track"), None);
}

#[test]
fn two_formations_in_an_off_board_box_share_no_area_unless_the_setting_says_so() {
    // The addendum's S2 (9.1.2, L1246): by default only Formation markers on the map count.
    let mut play = basic_game();
    play.go_to(4, 0, 11);
    play.play(
        "off-board-move",
        &[
            ("side", text("allied")),
            ("force", text("Army of Poland")),
            (
                "to",
                text("Russia Box, Prussian-Russian Off-Board Movement Display"),
            ),
        ],
        &[],
    );
    let shares = |play: &Play, reading: &str| {
        play.input(
            "attrition",
            &[
                ("side", text("allied")),
                ("formation", text("Reserve Formation")),
                ("attrition_colocation", text(reading)),
            ],
        )
        .flag("shares_area")
    };
    assert_eq!(
        play.attribute("allied", "Reserve Formation", "area"),
        play.attribute("allied", "Army of Poland", "area")
    );
    assert!(!shares(&play, "map_markers"));
    assert!(shares(&play, "every_formation"));
}
