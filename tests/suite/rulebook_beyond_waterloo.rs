//! Beyond Waterloo (seed 002): the Combat Game's set-up and the Combat Round, against the
//! rulebook's worked examples and rules, each test citing its Case and line. The FERT and the
//! Formation Deployment Chart are printed only on the Player Aid Charts: the tests read FICTIONAL
//! charts (tests/fixtures/beyond-waterloo), made up and marked as such. The Grand Tactics and Battle
//! Deployment Matrices are the shipped templates, which hold only the cells the rulebook prints.

use crate::support::{Play, flag, number, text};
use aide_de_camp::engine::hand;
use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::{Modifier, Procedure};
use aide_de_camp::engine::table_set::{BuiltinTable, TableSet};
use aide_de_camp::games::beyond_waterloo::{ID, cards, game_over, tactics};
use aide_de_camp::games::{self, Game};

fn game() -> &'static Game {
    games::find(ID).expect("Beyond Waterloo")
}

fn procedure(id: &str) -> &'static dyn Procedure {
    game().procedure(id).expect("the procedure")
}

/// FICTIONAL charts: the FERT and the Formation Deployment Chart are made up; the two Matrices are
/// the shipped templates (the rulebook's cells only) unless `filled` asks for FICTIONAL ones.
fn charts(filled: bool) -> TableSet {
    let builtin = |file: &'static str| {
        game()
            .tables
            .iter()
            .find(|t| t.file == file)
            .expect("a built-in chart")
            .text
    };
    let (grand_tactics, deployment) = if filled {
        (
            include_str!("../fixtures/beyond-waterloo/grand-tactics.toml"),
            include_str!("../fixtures/beyond-waterloo/battle-deployment.toml"),
        )
    } else {
        (
            builtin("grand-tactics.toml"),
            builtin("battle-deployment.toml"),
        )
    };
    TableSet::builtin(
        &[
            BuiltinTable {
                file: "fert.toml",
                text: include_str!("../fixtures/beyond-waterloo/fert.toml"),
            },
            BuiltinTable {
                file: "formation-deployment.toml",
                text: include_str!("../fixtures/beyond-waterloo/formation-deployment.toml"),
            },
            BuiltinTable {
                file: "mode-changes.toml",
                text: include_str!("../fixtures/beyond-waterloo/mode-changes.toml"),
            },
            BuiltinTable {
                file: "leader-casualty.toml",
                text: include_str!("../fixtures/beyond-waterloo/leader-casualty.toml"),
            },
            BuiltinTable {
                file: "reaction-move.toml",
                text: include_str!("../fixtures/beyond-waterloo/reaction-move.toml"),
            },
            BuiltinTable {
                file: "wound-recovery.toml",
                text: include_str!("../fixtures/beyond-waterloo/wound-recovery.toml"),
            },
            BuiltinTable {
                file: "grand-tactics.toml",
                text: grand_tactics,
            },
            BuiltinTable {
                file: "battle-deployment.toml",
                text: deployment,
            },
        ],
        &game().reads(),
    )
    .expect("the charts load")
}

/// A Combat Game with FICTIONAL charts and every counter value entered: Morale 3 on every Troop
/// unit, reduced sides CF 2 and Morale 3, the Minor Allies' CFs 3 (the Dutch-Belgian and Hanoverian are 3CF in other setups,
/// L2520; here all FICTIONAL), Battle Ability 2 for every Leader.
/// The Combat Game with every counter value entered (FICTIONAL values), and both sides' Battle
/// Tactics cards picked face down: none.
fn combat_game() -> Play {
    let mut play = combat_game_without_hands();
    pick_cards(&mut play, "french", &[]);
    pick_cards(&mut play, "allied", &[]);
    play
}

/// `side` picks `cards` face down for the battle (6.5.1, L958), sealed as the app seals them.
pub(crate) fn pick_cards(play: &mut Play, side: &str, cards: &[&str]) {
    use aide_de_camp::engine::play::Command;
    let name = tactics::hand_name(play.record());
    let cards: Vec<String> = cards.iter().map(|c| (*c).to_string()).collect();
    let seals = hand::seal(&play.session, &name, side, &cards, tactics::SLOTS).expect("the key");
    for (round, sealed) in seals {
        play.session
            .execute(
                play.game,
                &play.tables,
                Command::Seal {
                    round,
                    side: side.into(),
                    sealed,
                },
            )
            .expect("sealed");
    }
}

/// `side` turns `cards` face up from its hand (6.5.6-6.5.7, L970-972).
fn turn_up(play: &mut Play, side: &str, cards: &[&str]) {
    use aide_de_camp::engine::play::Command;
    let name = tactics::hand_name(play.record());
    let deck = cards::deck(side);
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    let face_down = hand::face_down(&play.session, &name, side, tactics::SLOTS, &deck);
    for card in cards {
        let (round, reveal) = face_down
            .iter()
            .find(|(_, reveal)| reveal.choice == *card)
            .cloned()
            .expect("a card face down in the hand");
        play.session
            .execute(
                play.game,
                &play.tables,
                Command::Reveal {
                    round,
                    reveals: vec![reveal],
                },
            )
            .expect("revealed");
    }
}

fn combat_game_without_hands() -> Play {
    let mut play = Play::start(ID, "combat-game");
    play.tables = charts(true);
    let units: Vec<(String, String, String)> = play
        .record()
        .units
        .iter()
        .map(|((side, name), unit)| {
            (
                side.to_string(),
                name.to_string(),
                unit.attribute("type").unwrap_or("").to_string(),
            )
        })
        .collect();
    for (side, name, kind) in units {
        let values: &[(&str, &str)] = match kind.as_str() {
            "leader" => &[("battle", "2"), ("reaction", "1")], // FICTIONAL
            "formation" => &[],
            // FICTIONAL
            _ => &[
                ("morale", "3"),
                ("cf", "3"),
                ("reduced_cf", "2"),
                ("reduced_morale", "3"),
            ],
        };
        for (value_of, value) in values {
            let entered = play.attribute(&side, &name, value_of);
            if entered.as_deref() != Some("not entered") {
                continue;
            }
            play.play(
                "counter-value",
                &[
                    ("side", text(&side)),
                    ("unit", text(&name)),
                    ("value_of", text(value_of)),
                    ("value", text(value)),
                ],
                &[],
            );
        }
    }
    play
}

/// The modifiers of `group` ("French DRM", "Allied column shift", "French strength") as
/// (label, value).
fn items(modifiers: &[Modifier], group: &str) -> Vec<(String, i32)> {
    modifiers
        .iter()
        .filter(|m| m.side == group)
        .map(|m| (m.label.clone(), m.value))
        .collect()
}

fn total(modifiers: &[Modifier], group: &str) -> i32 {
    items(modifiers, group).iter().map(|(_, v)| v).sum()
}

/// A combat round's form on `play`'s record with `values` typed in.
fn round(play: &Play, values: &[(&str, Value)]) -> Vec<Modifier> {
    let input = play.input("combat-round", values);
    procedure("combat-round").modifiers_read(&input, &play.tables)
}

#[test]
fn the_combat_game_sets_up_on_the_battle_display() {
    // 27.1.2-27.1.3, L2196-2230: Left Wing and Anglo-Dutch-Belgian lead, the Armée du Nord
    // supports; Right Wing at Ligny and the Army of the Lower Rhine at Wavre; all Morale 3 in
    // Line of Battle (L2214, L2230, L2242).
    let play = Play::start(ID, "combat-game");
    for (side, formation, role, area) in [
        ("french", "Left Wing", Some("lead"), "Waterloo"),
        ("french", "Armée du Nord", Some("supporting"), "Waterloo"),
        ("french", "Right Wing", None, "Ligny"),
        ("allied", "Anglo-Dutch-Belgian", Some("lead"), "Waterloo"),
        ("allied", "Army of the Lower Rhine", None, "Wavre"),
    ] {
        assert_eq!(
            play.attribute(side, formation, "role").as_deref(),
            role,
            "{formation}"
        );
        assert_eq!(
            play.attribute(side, formation, "area").as_deref(),
            Some(area)
        );
        assert_eq!(
            play.attribute(side, formation, "formation_morale")
                .as_deref(),
            Some("3")
        );
        assert_eq!(
            play.attribute(side, formation, "mode").as_deref(),
            Some("line_of_battle")
        );
    }
    assert_eq!(
        play.attribute("french", "Napoleon", "formation").as_deref(),
        Some("Armée du Nord")
    );
    assert_eq!(
        play.attribute("french", "Old Guard Inf Division", "cf")
            .as_deref(),
        Some("3")
    );
    assert_eq!(
        play.attribute("french", "Old Guard Inf Division", "guard")
            .as_deref(),
        Some("yes")
    );
    // The Minor Allies' CFs are not in 27.1.3: the players enter them.
    assert_eq!(
        play.attribute("allied", "Hanover Inf Corps", "cf")
            .as_deref(),
        Some("not entered")
    );
    assert_eq!(
        play.attribute("allied", "KGL Cav Division", "box")
            .as_deref(),
        Some("screen")
    );
    // Both sides start at 0 VP (L2188).
    assert_eq!((play.vp("french"), play.vp("allied")), (0, 0));
}

#[test]
fn the_round_waits_for_the_counters_it_needs() {
    let play = Play::start(ID, "combat-game");
    let refusal = play
        .refused("combat-round", &[("french_gt", text("general_advance"))])
        .expect("refused");
    assert!(refusal.contains("no Formation is listed"), "{refusal}");
    // The record names what is missing.
    let record = aide_de_camp::games::beyond_waterloo::forces::on_record(play.record(), "allied")
        .expect_err("values missing");
    assert!(record.contains("the CF of Hanover Inf Corps"), "{record}");
    assert!(
        record.contains("the Morale of British Guards Inf Corps"),
        "{record}"
    );
}

/// 6.4.5, L935-941 and 6.4.6, L943-948: the French choose Left Flank Attack, the Allies General
/// Advance; the French Lead is in Echelon, the Allied Lead in Line of Battle.
#[test]
fn grand_tactics_and_battle_deployment_matrix_examples() {
    let mut play = combat_game();
    play.tables = charts(false);
    let input = play.input(
        "combat-round",
        &[
            ("french_gt", text("left_flank_attack")),
            ("allied_gt", text("general_advance")),
        ],
    );
    let french = input.text("french_forces").replace(
        "Left Wing: lead, Line of Battle",
        "Left Wing: lead, Echelon",
    );
    let modifiers = round(
        &play,
        &[
            ("french_gt", text("left_flank_attack")),
            ("allied_gt", text("general_advance")),
            ("french_forces", text(&french)),
        ],
    );
    // "Player 1 would receive a 1R column shift ... Player 2 would also receive a 1R" (L941).
    assert!(items(&modifiers, "French column shift").contains(&(
        "Grand Tactics Matrix: Left Flank Attack against General Advance".into(),
        1
    )));
    assert!(items(&modifiers, "Allied column shift").contains(&(
        "Grand Tactics Matrix: General Advance against Left Flank Attack".into(),
        1
    )));
    // "+2 DRM (Left Flank Attack vs Line of Battle) ... -1 DRM (General Advance vs Echelon)" (L948).
    assert!(items(&modifiers, "French DRM").contains(&(
        "Battle Deployment Matrix: Left Flank Attack against Line of Battle".into(),
        2
    )));
    assert!(items(&modifiers, "Allied DRM").contains(&(
        "Battle Deployment Matrix: General Advance against Echelon".into(),
        -1
    )));
}

#[test]
fn a_matrix_cell_the_rulebook_does_not_print_names_the_chart_to_enter() {
    // The shipped template holds only the rulebook's cells: Hold against Hold is the owner's.
    let mut play = combat_game();
    play.tables = charts(false);
    let input = play.input(
        "combat-round",
        &[
            ("french_gt", text("right_flank_attack")),
            ("allied_gt", text("hold")),
        ],
    );
    let error = aide_de_camp::engine::procedure::resolve_checked(
        procedure("combat-round"),
        &input,
        &play.tables,
        &[3, 3, 3, 3],
    )
    .expect_err("a blank cell");
    assert!(
        error.to_string().contains("Grand Tactics Matrix"),
        "{error}"
    );
}

/// The French forces of a form with `lead` and `supporting` Formation texts.
fn french(lead: &str, supporting: &str) -> String {
    format!("{lead}; {supporting}")
}

const ALLIED_LEAD: &str = "Anglo-Dutch-Belgian: lead, Line of Battle, Morale 3, CF 10, screen CF 0, cavalry CF 3, broken 0, National Guard 0, nations british";

#[test]
fn march_order_and_force_march_quarter_the_strength() {
    // 6.6.5, L994: "A formation in Movement Order that also Force Marched may use only one
    // quarter of its strength." The FICTIONAL chart halves March Order under General Advance.
    let play = combat_game();
    let lead = "Left Wing: lead, March Order, Morale 3, CF 8, screen CF 0, cavalry CF 0, broken 0, National Guard 0, nations french, force marched";
    let modifiers = round(
        &play,
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
            ("french_forces", text(lead)),
            ("allied_forces", text(ALLIED_LEAD)),
        ],
    );
    assert_eq!(
        total(&modifiers, "French strength"),
        2,
        "{:?}",
        items(&modifiers, "French strength")
    );
}

#[test]
fn supporting_formations_are_halved_and_fractions_round_up() {
    // 6.6.1, L986; 6.6.4, L992: the Armée du Nord's 11 CF support at 5 1/2, rounded up to 6; the
    // Left Wing's 17 plus its 2CF screen make 19 (digest D2, screens counted: 25).
    let play = combat_game();
    let values = [
        ("french_gt", text("general_advance")),
        ("allied_gt", text("general_advance")),
    ];
    let modifiers = round(&play, &values);
    let strength = items(&modifiers, "French strength");
    assert!(
        strength
            .iter()
            .any(|(label, v)| label.starts_with("Armée du Nord: CF 11") && *v == 6),
        "{strength:?}"
    );
    assert!(
        strength
            .iter()
            .any(|(label, v)| label.starts_with("Left Wing: CF 19") && *v == 19),
        "{strength:?}"
    );
    assert_eq!(total(&modifiers, "French strength"), 25);
    // Rounded once on the total, two supporting Formations of 5 CF give 5, not 6.
    let two = french(
        "Left Wing: lead, Line of Battle, Morale 3, CF 4, screen CF 0, cavalry CF 0, broken 0, National Guard 0, nations french",
        "A: supporting, Line of Battle, Morale 3, CF 5, screen CF 0, cavalry CF 0, broken 0, National Guard 0, nations french; B: supporting, Line of Battle, Morale 3, CF 5, screen CF 0, cavalry CF 0, broken 0, National Guard 0, nations french",
    );
    let each = round(
        &play,
        &[
            values[0].clone(),
            values[1].clone(),
            ("french_forces", text(&two)),
        ],
    );
    assert_eq!(total(&each, "French strength"), 4 + 3 + 3);
    let once = round(
        &play,
        &[
            values[0].clone(),
            values[1].clone(),
            ("french_forces", text(&two)),
            ("cf_rounding", text("total")),
        ],
    );
    assert_eq!(total(&once, "French strength"), 9);
    // Screens left out, by the other reading (L2246).
    let left_out = round(
        &play,
        &[
            values[0].clone(),
            values[1].clone(),
            ("screens_in_strength", text("left_out")),
        ],
    );
    assert_eq!(total(&left_out, "French strength"), 17 + 6);
}

#[test]
fn the_fortress_holder_on_hold_denies_the_matrix_cavalry_and_morale_in_the_first_round() {
    // 19.1.2-19.1.5, L1722-1728: with Hold, no Grand Tactics Matrix in the First Combat Round;
    // the attacker takes -5 and 1L. 19.1.6, L1730: none of it in the Second.
    let play = combat_game();
    let values = |round: &str| {
        vec![
            ("round", text(round)),
            ("fortress", text("allied")),
            ("french_gt", text("general_advance")),
            ("allied_gt", text("hold")),
        ]
    };
    let first = round(&play, &values("first"));
    assert!(
        !items(&first, "French column shift")
            .iter()
            .any(|(l, _)| l.starts_with("Grand Tactics"))
    );
    assert!(
        items(&first, "French column shift")
            .contains(&("Attacking a Fortress, First Combat Round".into(), -1))
    );
    assert!(
        items(&first, "French DRM")
            .contains(&("Attacking a Fortress, First Combat Round".into(), -5))
    );
    assert!(
        !items(&first, "Allied DRM")
            .iter()
            .any(|(l, _)| l.contains("Fortress"))
    );
    let second = round(&play, &values("second"));
    assert!(
        !items(&second, "French DRM")
            .iter()
            .any(|(l, _)| l.contains("Fortress"))
    );
    assert!(
        items(&second, "French column shift")
            .iter()
            .any(|(l, _)| l.starts_with("Grand Tactics"))
    );
}

#[test]
fn cavalry_superiority_national_guard_nations_and_broken_units() {
    let play = combat_game();
    let lead = "Left Wing: lead, Line of Battle, Morale 3, CF 12, screen CF 2, cavalry CF 5, broken 2, National Guard 3, nations french";
    let allied = "Anglo-Dutch-Belgian: lead, Line of Battle, Morale 3, CF 10, screen CF 4, cavalry CF 3, broken 0, National Guard 0, nations british+hanover; Army of the Lower Rhine: supporting, Line of Battle, Morale 3, CF 9, screen CF 0, cavalry CF 6, broken 0, National Guard 0, nations prussian";
    let values = [
        ("french_gt", text("general_advance")),
        ("allied_gt", text("general_advance")),
        ("french_forces", text(lead)),
        ("allied_forces", text(allied)),
    ];
    let modifiers = round(&play, &values);
    let french = items(&modifiers, "French DRM");
    let allied_drms = items(&modifiers, "Allied DRM");
    // 6.8.1-6.8.2, L1010-1012 with 3.2.3, L543: the Lead boxes' cavalry, 5 against 3.
    assert!(
        french.contains(&("Cavalry Superiority: 5 CF against 3".into(), 2)),
        "{french:?}"
    );
    assert!(allied_drms.contains(&("Cavalry inferiority: 3 CF against 5".into(), -1)));
    // 6.8.4, L1016: -1 per National Guard unit. 6.7.5, L1006: -1 per Broken unit in the Lead.
    assert!(french.contains(&("National Guard units: 3".into(), -3)));
    assert!(french.contains(&("Broken units in the Lead Formation: 2".into(), -2)));
    // 6.8.5, L1018: two Major Nations among the Allies, the Minor Allies not counted.
    assert!(allied_drms.contains(&("More than one Major Nation: british, prussian".into(), -2)));
    // All cavalry involved but the screens: 5 against 9.
    let mut involved = values.to_vec();
    involved.push(("cavalry_count", text("involved")));
    let modifiers = round(&play, &involved);
    assert!(
        items(&modifiers, "Allied DRM")
            .contains(&("Cavalry Superiority: 9 CF against 5".into(), 2))
    );
}

#[test]
fn both_hold_or_both_retreat_fight_no_round() {
    // 6.4.4, L930-933: both Hold, no combat this round. 6.4.3, L928 and 6.11.3, L1062: both
    // Retreat, no battle; both withdraw and each loses a step.
    let mut play = combat_game();
    let both = |gt: &str| vec![("french_gt", text(gt)), ("allied_gt", text(gt))];
    let input = play.input("combat-round", &both("hold"));
    assert!(procedure("combat-round").dice(&input).is_empty());
    let hold = play.play("combat-round", &both("hold"), &[]);
    assert!(
        hold.outcome.headline.contains("Battle Adjustment Round"),
        "{}",
        hold.outcome.headline
    );
    assert_eq!((play.vp("french"), play.vp("allied")), (0, 0));
    let retreat = play.play("combat-round", &both("retreat"), &[]);
    assert!(
        retreat.outcome.headline.contains("no battle"),
        "{}",
        retreat.outcome.headline
    );
    assert_eq!((play.vp("french"), play.vp("allied")), (1, 1));
    assert_eq!(still_to_take(&play), 1);
    assert!(play.record().marks.contains("The French chose Retreat"));
}

#[test]
fn a_first_round_scores_vp_marks_losses_and_drops_the_morale_of_the_side_that_suffered_more() {
    // 6.3.7, L902; 6.10.7, L1050; 6.10.8, L1052; 5.2.6, L784.
    let mut play = combat_game();
    let resolution = play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[6, 5, 2, 1],
    );
    let (french, allied) = (play.vp("french"), play.vp("allied"));
    assert!(french > allied, "{}", resolution.outcome.headline);
    // The headline names each side's FERT cell: its column and modified roll.
    assert!(
        resolution.outcome.headline.contains("column 26-30")
            && resolution.outcome.headline.contains("roll 11"),
        "{}",
        resolution.outcome.headline
    );
    assert_eq!(
        play.record()
            .counters
            .get("Loss markers on the Allies, First Combat Round")
            .copied(),
        Some(i64::from(french))
    );
    // The Allies suffered more: their participating Formation drops to 2; the French stay at 3.
    assert_eq!(
        play.attribute("allied", "Anglo-Dutch-Belgian", "formation_morale")
            .as_deref(),
        Some("2")
    );
    assert_eq!(
        play.attribute("allied", "Army of the Lower Rhine", "formation_morale")
            .as_deref(),
        Some("3")
    );
    assert_eq!(
        play.attribute("french", "Left Wing", "formation_morale")
            .as_deref(),
        Some("3")
    );
    // The Allied Lead's seven units, printed Morale 3, are now Broken: -1 each (5.2.2, L776;
    // 6.7.5, L1006).
    let modifiers = round(
        &play,
        &[
            ("round", text("second")),
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
    );
    assert!(
        items(&modifiers, "Allied DRM")
            .iter()
            .any(|(l, v)| l.starts_with("Broken units") && *v == -7),
        "{:?}",
        items(&modifiers, "Allied DRM")
    );
}

#[test]
fn napoleon_at_morale_zero_ends_the_combat_game() {
    // 27.1.4, L2238.
    let mut play = combat_game();
    assert_eq!(game_over(play.record()), None);
    for _ in 0..3 {
        play.session
            .execute(
                play.game,
                &play.tables,
                aide_de_camp::engine::play::Command::Resolve {
                    procedure: "combat-round".into(),
                    input: play.input(
                        "combat-round",
                        &[
                            ("french_gt", text("general_advance")),
                            ("allied_gt", text("general_advance")),
                        ],
                    ),
                    dice: aide_de_camp::engine::play::Dice::Physical(vec![1, 1, 6, 6]),
                    apply: true,
                },
            )
            .expect("a round");
    }
    assert_eq!(
        play.attribute("french", "Armée du Nord", "formation_morale")
            .as_deref(),
        Some("0")
    );
    let reason = game_over(play.record()).expect("over");
    assert!(reason.contains("Catastrophic Failure"), "{reason}");
}

/// A round in which the Allies inflict many steps on the French (FICTIONAL FERT), and the French
/// Divisions Pool holds `divisions` (name, CF, Morale), FICTIONAL.
fn french_to_take_losses(divisions: &[(&str, &str, &str)]) -> Play {
    let mut play = combat_game();
    for (name, cf, morale) in divisions {
        play.play(
            "add-unit",
            &[
                ("side", text("french")),
                ("name", text(name)),
                ("where", text("divisions pool")),
                ("nation", text("french")),
                ("type", text("infantry")),
                ("size", text("division")),
                ("cf", text(cf)),
                ("morale", text(morale)),
            ],
            &[],
        );
    }
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[1, 1, 6, 6],
    );
    play
}

fn still_to_take(play: &Play) -> i64 {
    play.record()
        .counters
        .get("Steps the French still take")
        .copied()
        .unwrap_or(0)
}

fn take(unit: &str, steps: i64, substitute: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("french")),
        ("unit", text(unit)),
        ("steps", number(steps)),
        ("substitute", text(substitute)),
    ]
}

#[test]
fn losses_come_from_the_lead_formation_first() {
    // 6.10.2, L1040; 6.2.5, L874.
    let mut play = french_to_take_losses(&[]);
    let owed = still_to_take(&play);
    assert!(owed >= 3, "{owed}");
    let refusal = play
        .refused("take-losses", &take("Old Guard Inf Division", 1, ""))
        .expect("the Lead first");
    assert!(
        refusal.contains("Lead Formation takes the losses first"),
        "{refusal}"
    );
    play.play("take-losses", &take("Left Wing 3CF Cav Corps", 1, ""), &[]);
    assert_eq!(
        play.attribute("french", "Left Wing 3CF Cav Corps", "face")
            .as_deref(),
        Some("reduced")
    );
    assert_eq!(still_to_take(&play), owed - 1);
    // No more steps than the FERT inflicted: the rest are taken, then one more is refused.
    play.play(
        "take-losses",
        &take("Left Wing 6CF Inf Corps 1", 1, ""),
        &[],
    );
    play.play(
        "take-losses",
        &take("Left Wing 6CF Inf Corps 2", 1, ""),
        &[],
    );
    assert_eq!(still_to_take(&play), owed - 3);
    take_steps(&mut play, "french", 1);
    assert_eq!(still_to_take(&play), 1);
    let refusal = play
        .refused("take-losses", &take("Left Wing 2CF Cav Corps", 2, ""))
        .expect("one step is owed");
    assert!(refusal.contains("still to take"), "{refusal}");
}

#[test]
fn a_corps_second_step_brings_a_division_from_the_pool() {
    // 3.6.5, L598-602: the Division's CF below the Corps', its Morale value no lower. The Corps
    // counter's reduced side is FICTIONAL: CF 4, Morale 3.
    let mut play = french_to_take_losses(&[
        ("Pool 5CF Inf Division", "5", "4"), // FICTIONAL: CF too high
        ("Pool 2CF Inf Division", "2", "2"), // FICTIONAL: Morale value too low
        ("Pool 3CF Inf Division", "3", "4"), // FICTIONAL: qualifies
    ]);
    let corps = "Left Wing 6CF Inf Corps 1";
    for (value_of, value) in [("reduced_cf", "4"), ("reduced_morale", "3")] {
        play.play(
            "counter-value",
            &[
                ("side", text("french")),
                ("unit", text(corps)),
                ("value_of", text(value_of)),
                ("value", text(value)),
            ],
            &[],
        );
    }
    play.play("take-losses", &take(corps, 1, ""), &[]);
    // A qualifying Division must replace it: the Corps is eliminated only when none qualifies.
    let refusal = play
        .refused("take-losses", &take(corps, 1, ""))
        .expect("one qualifies");
    assert!(
        refusal.contains("Pool 3CF Inf Division in the Divisions Pool qualifies"),
        "{refusal}"
    );
    let refusal = play
        .refused("take-losses", &take(corps, 1, "Pool 5CF Inf Division"))
        .expect("CF");
    assert!(refusal.contains("not lower than the Corps' 4"), "{refusal}");
    let refusal = play
        .refused("take-losses", &take(corps, 1, "Pool 2CF Inf Division"))
        .expect("Morale");
    assert!(refusal.contains("below the Corps' 3"), "{refusal}");
    play.play("take-losses", &take(corps, 1, "Pool 3CF Inf Division"), &[]);
    assert_eq!(play.state("french", corps), "eliminated");
    assert_eq!(play.state("french", "Pool 3CF Inf Division"), "in play");
    assert_eq!(
        play.attribute("french", "Pool 3CF Inf Division", "formation")
            .as_deref(),
        Some("Left Wing")
    );
    // A Corps with no Division named is eliminated (3.6.5c, L602).
    play.play(
        "take-losses",
        &take("Left Wing 6CF Inf Corps 2", 2, ""),
        &[],
    );
    assert_eq!(
        play.state("french", "Left Wing 6CF Inf Corps 2"),
        "eliminated"
    );
}

#[test]
fn national_guard_steps_come_after_two_regular_steps() {
    // 6.10.5, L1046: "two step losses from regular units before they may apply a single step
    // loss against a National Guard unit".
    let mut play = combat_game();
    play.play(
        "add-unit",
        &[
            ("side", text("french")),
            ("name", text("National Guard 1CF")),
            ("where", text("in play")),
            ("formation", text("Left Wing")),
            ("nation", text("french")),
            ("type", text("infantry")),
            ("size", text("national-guard")),
            ("cf", text("1")),
        ],
        &[],
    );
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[1, 1, 6, 6],
    );
    assert!(still_to_take(&play) >= 3);
    let refusal = play
        .refused("take-losses", &take("National Guard 1CF", 1, ""))
        .expect("refused");
    assert!(
        refusal.contains("two steps come from regular units"),
        "{refusal}"
    );
    play.play("take-losses", &take("Left Wing 3CF Cav Corps", 1, ""), &[]);
    assert!(
        play.refused("take-losses", &take("National Guard 1CF", 1, ""))
            .is_some()
    );
    play.play("take-losses", &take("Left Wing 2CF Cav Corps", 1, ""), &[]);
    play.play("take-losses", &take("National Guard 1CF", 1, ""), &[]);
    assert_eq!(
        play.attribute("french", "National Guard 1CF", "face")
            .as_deref(),
        Some("reduced")
    );
}

/// A First Combat Round in which `side` played Leader Rallies Troops (FICTIONAL card number 9),
/// in the step of its Leader casualty rolls.
fn rallies_played(side: &str) -> Play {
    let mut play = combat_game_without_hands();
    let card = if side == "french" { "F9" } else { "A9" };
    enter_card(&mut play, side, card, "leader_rallies", &[]);
    pick_cards(&mut play, side, &[card]);
    pick_cards(
        &mut play,
        aide_de_camp::games::beyond_waterloo::opponent(side),
        &[],
    );
    turn_up(&mut play, side, &[card]);
    play.play(
        "combat-round",
        &[
            ("french_gt", text("hold")),
            ("allied_gt", text("general_advance")),
        ],
        &[1, 1, 1, 1],
    );
    play
}

fn casualty(play: &mut Play, side: &str, leader: &str, rallies: bool, faces: &[u8]) -> String {
    play.play(
        "leader-casualty",
        &[
            ("side", text(side)),
            ("leader", text(leader)),
            ("rallies", flag(rallies)),
        ],
        faces,
    )
    .outcome
    .headline
}

#[test]
fn leader_casualties_wound_or_kill_and_score() {
    // 4.6.1-4.6.2, L730-734 on the FICTIONAL Leader Casualty Table (1-4 no effect, 5-6 wounded,
    // 7 killed); 20.3, L1773-1774: +2 VP per Leader killed, +1 per Leader wounded.
    let mut play = combat_game();
    assert!(casualty(&mut play, "french", "Ney", false, &[4]).contains("unhurt"));
    assert!(casualty(&mut play, "french", "Ney", false, &[5]).contains("wounded"));
    assert_eq!(
        play.attribute("french", "Ney", "wounded").as_deref(),
        Some("yes")
    );
    assert_eq!(play.vp("allied"), 1);
    // Ticked without the card, the +1 is refused.
    let refusal = play
        .refused(
            "leader-casualty",
            &[
                ("side", text("allied")),
                ("leader", text("Wellington")),
                ("rallies", flag(true)),
            ],
        )
        .expect("no card played");
    assert!(refusal.contains("no Leader Rallies Troops"), "{refusal}");
    // Leader Rallies Troops: +1 (L734), 6 + 1 = 7, killed.
    let mut rallied = rallies_played("allied");
    let french = rallied.vp("french");
    assert!(casualty(&mut rallied, "allied", "Wellington", true, &[6]).contains("killed"));
    assert_eq!(rallied.state("allied", "Wellington"), "eliminated");
    assert_eq!(rallied.vp("french"), french + 2);
    // The Anglo-Dutch-Belgian Lead has no Leader now: no Battle Ability on the next round.
    let input = rallied.input("combat-round", &[]);
    assert_eq!(input.number("allied_battle"), 0);
    // The Combat Game has no Leader Segment, so no wound recovery (4.6.3, L736): the campaign's
    // tests roll it.
    assert!(!play.applies("wound-recovery"));
}

#[test]
fn napoleon_wounded_rolls_for_catastrophic_failure() {
    // 27.1.4, L2236: "If Napoleon is wounded roll one die ... On a roll of 1-2 his Formation
    // incurs an additional Morale loss. The Allies also score three additional VPs for this."
    let mut play = combat_game();
    casualty(&mut play, "french", "Napoleon", false, &[5, 3]);
    assert_eq!(
        play.attribute("french", "Armée du Nord", "formation_morale")
            .as_deref(),
        Some("3")
    );
    assert_eq!(play.vp("allied"), 1, "the wound alone: +1");
    let mut play = combat_game();
    let headline = casualty(&mut play, "french", "Napoleon", false, &[6, 2]);
    assert!(headline.contains("Catastrophic Failure"), "{headline}");
    assert_eq!(
        play.attribute("french", "Armée du Nord", "formation_morale")
            .as_deref(),
        Some("2")
    );
    assert_eq!(play.vp("allied"), 1 + 3);
    // The other reading: the three VP come with the wound itself.
    let mut play = combat_game();
    play.play("settings", &[("napoleon_wound_vp", text("on_wound"))], &[]);
    casualty(&mut play, "french", "Napoleon", false, &[5, 6]);
    assert_eq!(play.vp("allied"), 1 + 3);
}

#[test]
fn napoleon_killed_costs_two_morale_levels_and_seven_vp() {
    // 27.1.4, L2237: "an automatic 2-level Morale loss"; 20.3, L1770 and L1773: +5 for Napoleon
    // killed and +2 per Leader killed, both scored.
    let mut play = rallies_played("french");
    let (allied, morale) = (
        play.vp("allied"),
        play.attribute("french", "Armée du Nord", "formation_morale"),
    );
    casualty(&mut play, "french", "Napoleon", true, &[6, 1]);
    assert_eq!(play.state("french", "Napoleon"), "eliminated");
    let morale: i64 = morale.and_then(|m| m.parse().ok()).expect("a Morale");
    assert_eq!(
        play.attribute("french", "Armée du Nord", "formation_morale")
            .as_deref(),
        Some((morale - 2).to_string().as_str())
    );
    assert_eq!(play.vp("allied"), allied + 7);
}

fn winner(play: &Play, values: &[(&str, Value)]) -> aide_de_camp::engine::procedure::Resolution {
    let input = play.input("battle-winner", values);
    aide_de_camp::engine::procedure::resolve_checked(
        procedure("battle-winner"),
        &input,
        &play.tables,
        &[],
    )
    .expect("resolves")
}

#[test]
fn the_battle_winner_inflicted_more_over_both_rounds() {
    // 6.16.1, L1139 with digest D9: the French inflicted 3 + 1, the Allies 2 + 3: the Allies win,
    // +1 VP (6.16.3, L1144), their Formations +1 Morale and the French -1 (6.16.4-6.16.5).
    let play = combat_game();
    let resolution = winner(
        &play,
        &[
            ("french_inflicted", number(4)),
            ("allied_inflicted", number(5)),
        ],
    );
    assert!(
        resolution.outcome.headline.starts_with("The Allies win"),
        "{}",
        resolution.outcome.headline
    );
    let described: Vec<String> = resolution.effects.iter().map(|e| e.describe()).collect();
    let all = described.join("\n");
    assert!(all.contains("Anglo-Dutch-Belgian"), "{all}");
    assert!(resolution.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::VictoryPoints { side, points: 1, .. } if side.as_ref() == "allied")));
    assert!(resolution.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::AddToAttribute { unit, by: -1, .. } if unit.as_ref() == "Left Wing")));
    assert!(resolution.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::AddToAttribute { unit, by: -1, .. } if unit.as_ref() == "Armée du Nord")));
    // A side that chose Retreat loses, whatever it inflicted (6.16.1, L1138).
    let retreat = winner(
        &play,
        &[
            ("french_inflicted", number(6)),
            ("allied_inflicted", number(1)),
            ("french_retreated", flag(true)),
        ],
    );
    assert!(
        retreat.outcome.headline.starts_with("The Allies win"),
        "{}",
        retreat.outcome.headline
    );
    // Both Retreat: no winner (6.16.2, L1142).
    let both = winner(
        &play,
        &[
            ("french_retreated", flag(true)),
            ("allied_retreated", flag(true)),
        ],
    );
    assert!(both.outcome.headline.starts_with("No winner"));
    // Equal steps: no winner; the side with fewer CFs remaining withdraws (6.16.1, L1140).
    let tie = winner(
        &play,
        &[
            ("french_inflicted", number(3)),
            ("allied_inflicted", number(3)),
            ("french_cf", text("20")),
            ("allied_cf", text("31")),
        ],
    );
    assert!(tie.outcome.headline.starts_with("No winner"));
    // The other reading of L1074: the side withdrawing after a tie loses a step, +1 VP.
    let stepped = winner(
        &play,
        &[
            ("french_inflicted", number(3)),
            ("allied_inflicted", number(3)),
            ("french_cf", text("20")),
            ("allied_cf", text("31")),
            ("tie_withdrawal", text("step")),
        ],
    );
    assert!(stepped.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::SetCounter { name, value: 1, .. } if name.as_ref() == "Steps the French still take")));
    assert!(stepped.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::VictoryPoints { side, points: 1, .. } if side.as_ref() == "allied")));
    assert!(
        crate::support::reminders(&tie)
            .iter()
            .any(|r| r.contains("the French, with fewer CFs remaining, withdraw"))
    );
}

/// Seals both Grand Tactics for `round` at one screen and reveals them together, as the app does:
/// the log keeps each commitment, then the reveals.
pub(crate) fn seal_and_reveal(play: &mut Play, round: &str, french: &str, allied: &str) {
    use aide_de_camp::engine::play::Command;
    use aide_de_camp::engine::sealed::SealedRound;
    let mut secrets = SealedRound::new(&["french", "allied"]);
    for (side, choice) in [("french", french), ("allied", allied)] {
        let sealed = secrets.seal(side, choice).expect("a player");
        play.session
            .execute(
                play.game,
                &play.tables,
                Command::Seal {
                    round: round.into(),
                    side: side.into(),
                    sealed,
                },
            )
            .expect("sealed");
    }
    let reveals = secrets.reveal().expect("all sealed");
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::Reveal {
                round: round.into(),
                reveals,
            },
        )
        .expect("revealed");
}

/// Takes every step `side` still owes, one at a time, from the first unit the rules allow: the
/// Lead Formation's first, a Corps eliminated at its second step (no Division in the Pool).
pub(crate) fn take_every_step(play: &mut Play, side: &str) {
    take_steps(play, side, 0);
}

/// The same, until `left` steps are still owed.
pub(crate) fn take_steps(play: &mut Play, side: &str, left: i64) {
    let counter = format!(
        "Steps the {} still take",
        if side == "french" { "French" } else { "Allies" }
    );
    while play
        .record()
        .counters
        .get(counter.as_str())
        .copied()
        .unwrap_or(0)
        > left
    {
        let candidates: Vec<String> = play
            .record()
            .units_where(Some(side), &[("state", "in play")])
            .filter(|(_, _, u)| matches!(u.attribute("type"), Some("infantry" | "cavalry")))
            .map(|(_, name, _)| name.to_string())
            .collect();
        let Some(unit) = candidates.iter().find(|name| {
            play.refused(
                "take-losses",
                &[
                    ("side", text(side)),
                    ("unit", text(name)),
                    ("steps", number(1)),
                ],
            )
            .is_none()
        }) else {
            break;
        };
        play.play(
            "take-losses",
            &[
                ("side", text(side)),
                ("unit", text(unit)),
                ("steps", number(1)),
            ],
            &[],
        );
    }
}

pub(crate) fn loss_markers(play: &Play, on: &str, round: &str) -> i64 {
    play.record()
        .counters
        .get(format!("Loss markers on the {on}, {round}").as_str())
        .copied()
        .unwrap_or(0)
}

#[test]
fn a_whole_battle_sealed_choices_both_rounds_losses_morale_vp_and_the_winner() {
    // 6.3, L882-918, on FICTIONAL charts: Step 1's secret chits, the First Combat Round, its
    // losses and Morale drop, the Second Combat Round with new chits, the winner (6.16) and the
    // Combat Game's end (27.1.4, L2248); then `verify` proves the commitments.
    let mut play = combat_game();
    play.go_to(1, 0, 1);
    seal_and_reveal(
        &mut play,
        "Grand Tactics, First Combat Round",
        "left_flank_attack",
        "general_advance",
    );
    let first = play.play(
        "combat-round",
        &[
            ("french_gt", text("left_flank_attack")),
            ("allied_gt", text("general_advance")),
        ],
        &[5, 4, 3, 3],
    );
    let (on_allies, on_french) = (
        loss_markers(&play, "Allies", "First Combat Round"),
        loss_markers(&play, "French", "First Combat Round"),
    );
    assert!(on_allies + on_french > 0, "{}", first.outcome.headline);
    assert_eq!(i64::from(play.vp("french")), on_allies);
    assert_eq!(i64::from(play.vp("allied")), on_french);
    // The side that suffered more lost a Morale level (5.2.6, L784).
    let morale = |play: &Play, side: &str, formation: &str| {
        play.attribute(side, formation, "formation_morale")
            .and_then(|m| m.parse::<i64>().ok())
            .unwrap_or(-1)
    };
    let (french_after_first, allied_after_first) = (
        morale(&play, "french", "Left Wing"),
        morale(&play, "allied", "Anglo-Dutch-Belgian"),
    );
    assert_eq!(
        french_after_first,
        if on_french > on_allies { 2 } else { 3 }
    );
    assert_eq!(
        allied_after_first,
        if on_allies > on_french { 2 } else { 3 }
    );
    take_every_step(&mut play, "french");
    take_every_step(&mut play, "allied");

    // The Battle Adjustment Round, then the Second Combat Round with new chits (6.14.1, L1119).
    play.go_to(1, 2, 0);
    seal_and_reveal(
        &mut play,
        "Grand Tactics, Second Combat Round",
        "general_advance",
        "right_flank_attack",
    );
    let input = play.input("combat-round", &[]);
    assert_eq!(input.text("round"), "second");
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("right_flank_attack")),
        ],
        &[6, 2, 4, 1],
    );
    // No Morale drop in the Second Combat Round (6.3.7, L902).
    assert_eq!(morale(&play, "french", "Left Wing"), french_after_first);
    assert_eq!(
        morale(&play, "allied", "Anglo-Dutch-Belgian"),
        allied_after_first
    );
    take_every_step(&mut play, "french");
    take_every_step(&mut play, "allied");

    // Step 11: the side that inflicted more over both rounds wins.
    play.go_to(1, 3, 0);
    let by_french = on_allies + loss_markers(&play, "Allies", "Second Combat Round");
    let by_allies = on_french + loss_markers(&play, "French", "Second Combat Round");
    let (vp_french, vp_allied) = (play.vp("french"), play.vp("allied"));
    let battle = play.play("battle-winner", &[], &[]);
    match by_french.cmp(&by_allies) {
        std::cmp::Ordering::Greater => {
            assert!(
                battle.outcome.headline.starts_with("The French win"),
                "{}",
                battle.outcome.headline
            );
            assert_eq!(play.vp("french"), vp_french + 1);
            assert_eq!(morale(&play, "french", "Left Wing"), french_after_first + 1);
            assert_eq!(
                morale(&play, "allied", "Anglo-Dutch-Belgian"),
                allied_after_first - 1
            );
        }
        std::cmp::Ordering::Less => {
            assert!(
                battle.outcome.headline.starts_with("The Allies win"),
                "{}",
                battle.outcome.headline
            );
            assert_eq!(play.vp("allied"), vp_allied + 1);
            assert_eq!(
                morale(&play, "allied", "Anglo-Dutch-Belgian"),
                allied_after_first + 1
            );
            assert_eq!(morale(&play, "french", "Left Wing"), french_after_first - 1);
        }
        std::cmp::Ordering::Equal => assert!(battle.outcome.headline.starts_with("No winner")),
    }
    let victory = play.play("victory", &[], &[]);
    assert!(
        victory.outcome.headline.starts_with("Combat Game:"),
        "{}",
        victory.outcome.headline
    );
    assert!(game_over(play.record()).is_some());

    // Every commitment checks against its reveal, and an edited reveal is caught.
    let report = play
        .game
        .verify(&play.session, &play.tables)
        .expect("verifies");
    assert_eq!(report.reveals, 4);
    let mut events = play.session.events().to_vec();
    let edited = events
        .iter_mut()
        .find_map(|e| match &mut e.body {
            aide_de_camp::engine::log::EventBody::Revealed { reveals, .. } => {
                reveals.get_mut(0).map(|r| {
                    r.choice = "hold".into();
                    e.seq
                })
            }
            _ => None,
        })
        .expect("a reveal");
    crate::support::forgery::rechain(&mut events);
    let failure = play
        .game
        .verify(
            &crate::support::forgery::session_from_events(&events),
            &play.tables,
        )
        .expect_err("caught");
    assert_eq!(failure.seq, edited, "{failure}");
    assert!(
        failure.message.contains("does not match the commitment"),
        "{failure}"
    );
}

fn react(
    play: &mut Play,
    side: &str,
    formation: &str,
    faces: &[u8],
) -> aide_de_camp::engine::procedure::Resolution {
    play.play(
        "reaction",
        &[
            ("side", text(side)),
            ("formation", text(formation)),
            ("distance", number(1)),
        ],
        faces,
    )
}

#[test]
fn reaction_into_the_battle_against_a_larger_screen_rolls_on_the_reaction_move_table() {
    // 6.13.8a-e, L1107-1115 and digest D7: Blücher's Army of the Lower Rhine has no screen; the
    // French Lead's screen is 2 CF: 1D6 +2 on the FICTIONAL Reaction Move Table (5-6 reaches the
    // battle with a step lost, 7-8 blocked).
    let mut play = combat_game();
    play.go_to(1, 1, 0);
    let input = play.input(
        "reaction",
        &[
            ("side", text("allied")),
            ("formation", text("Army of the Lower Rhine")),
        ],
    );
    assert_eq!(input.text("enemy_screen"), "2");
    assert_eq!(input.text("own_screen"), "0");
    assert_eq!(
        procedure("reaction")
            .modifiers(&input)
            .first()
            .map(|m| m.value),
        Some(2)
    );
    let blocked = react(&mut play, "allied", "Army of the Lower Rhine", &[6]);
    assert!(
        blocked.outcome.headline.contains("Blocked"),
        "{}",
        blocked.outcome.headline
    );
    assert_eq!(
        play.attribute("allied", "Army of the Lower Rhine", "role"),
        None
    );
    // One attempt a battle, whatever came of it (27.1.1, L2186).
    let refusal = play
        .refused(
            "reaction",
            &[
                ("side", text("allied")),
                ("formation", text("Army of the Lower Rhine")),
                ("distance", number(1)),
            ],
        )
        .expect("one attempt");
    assert!(
        refusal.contains("has made its Reaction attempt"),
        "{refusal}"
    );
    let mut play = combat_game();
    play.go_to(1, 1, 0);
    let reached = react(&mut play, "allied", "Army of the Lower Rhine", &[3]);
    assert!(
        reached
            .outcome
            .headline
            .contains("Reaches the battle, 1 step lost"),
        "{}",
        reached.outcome.headline
    );
    assert_eq!(
        play.attribute("allied", "Army of the Lower Rhine", "role")
            .as_deref(),
        Some("supporting")
    );
    assert_eq!(
        play.attribute("allied", "Army of the Lower Rhine", "area")
            .as_deref(),
        Some("Waterloo")
    );
    // The loss is marked in the Adjustment Round box with its VP, and the Prussians' own unit
    // takes it, though the Anglo-Dutch-Belgian Lead is still in the battle (6.13.8e, L1115).
    assert_eq!(play.vp("french"), 1);
    assert_eq!(
        play.record()
            .counters
            .get("Loss markers on the Allies, Battle Adjustment Round")
            .copied(),
        Some(1)
    );
    play.play(
        "take-losses",
        &[
            ("side", text("allied")),
            ("unit", text("Prussian 4CF Inf Corps")),
            ("steps", number(1)),
        ],
        &[],
    );
    // The Adjustment box's losses count for the winner only under that reading (6.3.11, L914).
    let rounds = play.input("battle-winner", &[]);
    let all = play.input("battle-winner", &[("adjustment_losses", text("all_boxes"))]);
    assert_eq!(
        all.number("french_inflicted"),
        rounds.number("french_inflicted") + 1
    );
    assert_eq!(
        play.attribute("allied", "Prussian 4CF Inf Corps", "face")
            .as_deref(),
        Some("reduced")
    );
    // Grouchy with a Reaction range of 0 cannot react (6.13.3, L1093).
    play.play(
        "counter-value",
        &[
            ("side", text("french")),
            ("unit", text("Grouchy")),
            ("value_of", text("reaction")),
            ("value", text("0")),
        ],
        &[],
    );
    let refusal = play
        .refused(
            "reaction",
            &[
                ("side", text("french")),
                ("formation", text("Right Wing")),
                ("distance", number(1)),
            ],
        )
        .expect("refused");
    assert!(refusal.contains("cannot react"), "{refusal}");
}

#[test]
fn the_adjustments_change_the_lead_and_its_mode_once_in_the_combat_game() {
    // 6.14.2-6.14.4, L1121-1125; 27.1.4, L2242: one change of Deployment Mode, in the Battle
    // Adjustment Round.
    let mut play = combat_game();
    let new_lead = [
        ("side", text("french")),
        ("lead", text("Armée du Nord")),
        ("mode", text("echelon")),
        ("supporting", crate::support::list(&["Left Wing"])),
        ("screen", crate::support::list(&[])),
    ];
    let refusal = play
        .refused("post-battle", &new_lead)
        .expect("not in Step 1");
    // The set-up posted the Display: it changes in the Adjustments Segment only.
    assert!(
        refusal.contains("changes in the Adjustments Segment"),
        "{refusal}"
    );
    play.go_to(1, 1, 1);
    play.play("post-battle", &new_lead, &[]);
    assert_eq!(
        play.attribute("french", "Armée du Nord", "role").as_deref(),
        Some("lead")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "mode").as_deref(),
        Some("echelon")
    );
    assert_eq!(
        play.attribute("french", "Left Wing", "role").as_deref(),
        Some("supporting")
    );
    // The screen came back to its Formation box (27.1.4, L2246).
    assert_eq!(
        play.attribute("french", "Screen 2CF Cav Corps", "box"),
        None
    );
    let forces = play
        .input("combat-round", &[])
        .text("french_forces")
        .to_string();
    assert!(
        forces.starts_with("Armée du Nord: lead, Echelon"),
        "{forces}"
    );
    let again = [
        ("side", text("french")),
        ("lead", text("Armée du Nord")),
        ("mode", text("line_of_battle")),
        ("supporting", crate::support::list(&["Left Wing"])),
    ];
    let refusal = play.refused("post-battle", &again).expect("once");
    assert!(refusal.contains("once already"), "{refusal}");
    // Only the Lead's own cavalry screens.
    let refusal = play
        .refused(
            "post-battle",
            &[
                ("side", text("french")),
                ("lead", text("Armée du Nord")),
                ("mode", text("echelon")),
                ("supporting", crate::support::list(&["Left Wing"])),
                ("screen", crate::support::list(&["Left Wing 3CF Cav Corps"])),
            ],
        )
        .expect("not the Lead's");
    assert!(
        refusal.contains("not cavalry of the Lead Formation"),
        "{refusal}"
    );
}

#[test]
fn the_second_mover_withdraws_before_a_battle_by_cavalry_screens_then_ap() {
    // 18.1.15, L1624.
    let play = combat_game();
    let exit = |values: &[(&str, Value)]| {
        let input = play.input("exit-before-battle", values);
        aide_de_camp::engine::procedure::resolve_checked(
            procedure("exit-before-battle"),
            &input,
            &play.tables,
            &[],
        )
        .expect("resolves")
    };
    // The French hold the Initiative on 0-0 VP: the Allies move second.
    assert_eq!(play.input("exit-before-battle", &[]).text("side"), "allied");
    let may = |r: &aide_de_camp::engine::procedure::Resolution| r.outcome.key == "may withdraw";
    assert!(may(&exit(&[("enemy_cavalry", flag(false))])));
    assert!(may(&exit(&[
        ("enemy_cavalry", flag(true)),
        ("enemy_screen", number(0))
    ])));
    assert!(!may(&exit(&[
        ("enemy_cavalry", flag(true)),
        ("enemy_screen", number(3)),
        ("own_screen", number(2))
    ])));
    assert!(may(&exit(&[
        ("enemy_cavalry", flag(true)),
        ("enemy_screen", number(3)),
        ("own_screen", number(4))
    ])));
    let equal = |own_ap: i64, enemy_ap: i64| {
        exit(&[
            ("enemy_cavalry", flag(true)),
            ("enemy_screen", number(3)),
            ("own_screen", number(3)),
            ("own_ap", number(own_ap)),
            ("enemy_ap", number(enemy_ap)),
        ])
    };
    assert!(may(&equal(2, 1)));
    assert!(!may(&equal(1, 1)));
    assert!(may(&exit(&[
        ("forces", text("lone_cavalry")),
        ("enemy_cavalry", flag(true)),
        ("enemy_screen", number(5))
    ])));
    assert!(!may(&exit(&[
        ("forces", text("lone_infantry")),
        ("enemy_cavalry", flag(false))
    ])));
    // The other reading: the Withdrawal costs a step, +1 VP to the other side.
    let stepped = exit(&[("enemy_cavalry", flag(false)), ("exit_step", text("step"))]);
    assert!(stepped.effects.iter().any(|e| matches!(e,
        aide_de_camp::engine::record::Effect::VictoryPoints { side, points: 1, .. } if side.as_ref() == "french")));
}

#[test]
fn the_odds_are_shown_for_each_side_and_match_every_throw_of_the_four_dice() {
    // 6.9.3-6.9.5, L1028-1032: each side's 2D6 decide what it inflicts. The odds give each side's
    // share, and they are the marginals of all 1,296 throws of the four dice.
    let play = combat_game();
    let input = play.input(
        "combat-round",
        &[
            ("french_gt", text("left_flank_attack")),
            ("allied_gt", text("general_advance")),
        ],
    );
    let round = procedure("combat-round");
    let lines = aide_de_camp::engine::procedure::odds(round, &input, &play.tables).expect("odds");
    for side in ["French roll", "Allied roll"] {
        let total: f64 = lines
            .iter()
            .filter(|l| l.key.starts_with(side))
            .map(|l| l.probability)
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{side}: {total}");
    }
    let mut parts: [std::collections::BTreeMap<String, u64>; 2] = Default::default();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                for d in 1..=6u8 {
                    let resolution = aide_de_camp::engine::procedure::resolve_checked(
                        round,
                        &input,
                        &play.tables,
                        &[a, b, c, d],
                    )
                    .expect("resolves");
                    for (side, part) in resolution.outcome.key.split(", ").enumerate() {
                        let steps = part.rsplit(' ').next().unwrap_or_default();
                        *parts[side]
                            .entry(format!("inflicts {steps} step(s)"))
                            .or_default() += 1;
                    }
                }
            }
        }
    }
    for (side, counts) in ["French roll", "Allied roll"].iter().zip(parts) {
        for (part, count) in counts {
            let line = lines
                .iter()
                .find(|l| l.key == format!("{side}: {part}"))
                .unwrap_or_else(|| panic!("{side}: {part} in {lines:?}"));
            assert!(
                (line.probability - count as f64 / 1296.0).abs() < 1e-9,
                "{side}: {part}"
            );
        }
    }
}

#[test]
fn the_battle_tactics_cards_are_entered_from_the_owners_deck() {
    // 2.0, L422: 24 cards, A1-A12 and F1-F12; their texts are on the cards. The rulebook's own
    // names and kinds of effect are offered (6.5.3, L964; 6.5.8, L974-976).
    let mut play = Play::start(ID, "combat-game");
    for (side, letter) in [("french", "F"), ("allied", "A")] {
        for n in 1..=12 {
            assert_eq!(play.state(side, &format!("{letter}{n}")), "in hand");
        }
    }
    let entry = |effect: &str, value: i64| {
        vec![
            ("side", text("allied")),
            ("card", text("A7")),
            ("title", text("Reverse Slope")), // FICTIONAL
            ("effect", text(effect)),
            ("value", number(value)),
        ]
    };
    let refusal = play
        .refused("battle-tactics-card", &entry("drm", 0))
        .expect("a DRM needs its number");
    assert!(refusal.contains("give the card's number"), "{refusal}");
    play.play("battle-tactics-card", &entry("drm", 2), &[]);
    assert_eq!(
        play.attribute("allied", "A7", "effect").as_deref(),
        Some("drm")
    );
    assert_eq!(
        play.attribute("allied", "A7", "value").as_deref(),
        Some("2")
    );
    let summary = aide_de_camp::games::beyond_waterloo::roster::summary(
        play.record().unit("allied", "A7").expect("A7"),
    );
    assert_eq!(
        summary,
        "Battle Tactics card: Reverse Slope, A DRM on its side's FERT roll 2"
    );
    play.play(
        "battle-tactics-card",
        &[
            ("side", text("french")),
            ("card", text("F3")),
            ("title", text("Guard Assault")),
            ("effect", text("guards_assault")),
            ("needs", text("guards")),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", "F3", "needs").as_deref(),
        Some("guards")
    );
}

#[test]
fn only_the_battle_areas_formations_are_posted_and_a_retreat_skips_the_adjustment_round() {
    // 6.2.2d, L868: every other Formation in the area is Supporting; only Reaction brings one from
    // elsewhere (6.13, L1087). 6.12.1, L1078: no Battle Adjustment Round after a Retreat.
    let mut play = combat_game();
    play.go_to(1, 1, 1);
    let refusal = play
        .refused(
            "post-battle",
            &[
                ("side", text("french")),
                ("lead", text("Left Wing")),
                (
                    "supporting",
                    crate::support::list(&["Armée du Nord", "Right Wing"]),
                ),
            ],
        )
        .expect("Ligny is not Waterloo");
    assert!(
        refusal.contains("Right Wing is not in Waterloo"),
        "{refusal}"
    );
    let refusal = play
        .refused(
            "post-battle",
            &[
                ("side", text("french")),
                ("lead", text("Left Wing")),
                ("supporting", crate::support::list(&[])),
            ],
        )
        .expect("the Armée du Nord is in the area");
    assert!(
        refusal.contains("Armée du Nord is in Waterloo"),
        "{refusal}"
    );

    let mut play = combat_game();
    play.go_to(1, 0, 1);
    play.play(
        "combat-round",
        &[
            ("french_gt", text("retreat")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    play.go_to(1, 1, 0);
    let refusal = play
        .refused(
            "reaction",
            &[
                ("side", text("allied")),
                ("formation", text("Army of the Lower Rhine")),
                ("distance", number(1)),
            ],
        )
        .expect("no Adjustment Round");
    assert!(refusal.contains("no Battle Adjustment Round"), "{refusal}");
}

/// Enters `card` of `side` (a FICTIONAL title and number) with its `effect`.
fn enter_card(play: &mut Play, side: &str, card: &str, effect: &str, extra: &[(&str, Value)]) {
    let mut values = vec![
        ("side", text(side)),
        ("card", text(card)),
        ("title", text(&format!("Test card {card}"))), // FICTIONAL
        ("effect", text(effect)),
    ];
    values.extend(extra.iter().cloned());
    play.play("battle-tactics-card", &values, &[]);
}

#[test]
fn the_cards_are_picked_face_down_turned_up_initiative_first_and_spent_for_the_battle() {
    // 6.5.1 (L958): up to four cards, face down; 6.5.5-6.5.7 (L968-972): turned up round by
    // round; 6.5.2 (L962) and 6.3.7 (L902): used once, discarded after the round.
    let mut play = combat_game_without_hands();
    let refusal = play
        .refused("combat-round", &[])
        .expect("no hands picked yet");
    assert!(refusal.contains("face down"), "{refusal}");
    enter_card(&mut play, "french", "F2", "drm", &[("value", number(2))]); // FICTIONAL +2
    enter_card(&mut play, "french", "F5", "shift", &[("value", number(1))]); // FICTIONAL 1R
    let name = tactics::hand_name(play.record());
    let five: Vec<String> = ["F1", "F2", "F3", "F4", "F5"].map(String::from).into();
    let too_many = hand::seal(&play.session, &name, "french", &five, tactics::SLOTS);
    assert!(too_many.is_err(), "five cards are too many");
    pick_cards(&mut play, "french", &["F2", "F5"]);
    pick_cards(&mut play, "allied", &[]);
    // With the hand face down, F5's text can no longer be written to suit what the other side does.
    let refusal = play
        .refused(
            "battle-tactics-card",
            &[
                ("side", text("french")),
                ("card", text("F5")),
                ("title", text("Test card F5")),
                ("effect", text("drm")),
                ("value", number(3)),
            ],
        )
        .expect("between battles only");
    assert!(refusal.contains("between battles"), "{refusal}");
    // The log holds four commitments a side, whatever was picked: no card and no count shows.
    let sealed = play
        .session
        .events()
        .iter()
        .filter(|e| e.body.kind_name() == "sealed")
        .count();
    assert_eq!(sealed, 8);
    turn_up(&mut play, "french", &["F2"]);
    let input = play.input(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
    );
    assert!(
        input
            .text("french_cards")
            .starts_with("F2 Test card F2: drm, drm +2"),
        "{}",
        input.text("french_cards")
    );
    let modifiers = procedure("combat-round").modifiers_read(&input, &play.tables);
    assert!(
        items(&modifiers, "French DRM").contains(&("F2 Test card F2".to_string(), 2)),
        "{modifiers:?}"
    );
    assert!(
        items(&modifiers, "French column shift")
            .iter()
            .all(|(label, _)| !label.contains("F5"))
    );
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    assert_eq!(play.state("french", "F2"), "played");
    assert_eq!(play.state("french", "F5"), "in hand");
    // F5 stays face down for the Second Combat Round (6.15.1, L1127); F2 is gone.
    let deck = cards::deck("french");
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    let left: Vec<String> = hand::face_down(&play.session, &name, "french", tactics::SLOTS, &deck)
        .into_iter()
        .map(|(_, reveal)| reveal.choice)
        .collect();
    assert_eq!(left, vec!["F5".to_string()]);
    let report = play
        .game
        .verify(&play.session, &play.tables)
        .expect("verifies");
    assert!(report.reveals >= 1, "{report:?}");
    // A turned-up card's place cannot be sealed again: the choice is final.
    let again = hand::seal(
        &play.session,
        &name,
        "french",
        &["F7".to_string()],
        tactics::SLOTS,
    )
    .expect("the key");
    let refused = again.into_iter().any(|(round, sealed)| {
        play.session
            .execute(
                play.game,
                &play.tables,
                aide_de_camp::engine::play::Command::Seal {
                    round,
                    side: "french".into(),
                    sealed,
                },
            )
            .is_err()
    });
    assert!(
        refused,
        "the place F2 was turned up from stays sealed to F2"
    );
    // A round whose form lists other cards than the log turned up does not verify, even signed
    // anew by the key's holder.
    let failure = forged_round(&play, "french_cards", "");
    assert!(
        failure.message.contains("not the ones the log turned up"),
        "{failure}"
    );
}

/// What `verify` says of `play`'s log with its Combat Round's `field` edited to `value` and the
/// whole log signed anew by the key's holder; the failure names the round's event.
fn forged_round(
    play: &Play,
    field: &str,
    value: &str,
) -> aide_de_camp::engine::session::VerifyFailure {
    let mut events = play.session.events().to_vec();
    let edited = events
        .iter_mut()
        .find_map(|e| match &mut e.body {
            aide_de_camp::engine::log::EventBody::Resolved {
                procedure, input, ..
            } if procedure.as_str() == "combat-round" => {
                input.set(field, text(value));
                Some(e.seq)
            }
            _ => None,
        })
        .expect("the round");
    crate::support::forgery::rechain(&mut events);
    let failure = play
        .game
        .verify(
            &crate::support::forgery::session_from_events(&events),
            &play.tables,
        )
        .expect_err("caught");
    assert_eq!(failure.seq, edited, "{failure}");
    failure
}

#[test]
fn a_round_resolved_on_other_grand_tactics_than_were_revealed_does_not_verify() {
    // 6.4.5 (L935): the chits revealed are the ones read. The key's holder re-signing an edited
    // input is caught by `verify` against the round's reveals.
    let mut play = combat_game();
    let round = procedure("combat-round").sealed_round(play.record());
    seal_and_reveal(&mut play, &round, "left_flank_attack", "general_advance");
    play.play(
        "combat-round",
        &[
            ("french_gt", text("left_flank_attack")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    play.game
        .verify(&play.session, &play.tables)
        .expect("verifies");
    let failure = forged_round(&play, "french_gt", "general_advance");
    assert!(failure.message.contains("revealed"), "{failure}");
}

/// A round's form with the cards' texts set as the record would fill them once turned up.
fn card_input(
    play: &Play,
    french_cards: &str,
    allied_cards: &str,
    extra: &[(&str, Value)],
) -> aide_de_camp::engine::input::Input {
    let mut values = vec![
        ("french_gt", text("general_advance")),
        ("allied_gt", text("general_advance")),
    ];
    values.extend(extra.iter().cloned());
    let mut input = play.input("combat-round", &values);
    input.set("french_cards", text(french_cards));
    input.set("allied_cards", text(allied_cards));
    input
}

/// The modifiers of a round with those cards.
fn with_cards(
    play: &Play,
    french_cards: &str,
    allied_cards: &str,
    extra: &[(&str, Value)],
) -> Vec<Modifier> {
    let input = card_input(play, french_cards, allied_cards, extra);
    procedure("combat-round").modifiers_read(&input, &play.tables)
}

#[test]
fn cards_cancel_the_matrices_first_then_cards_then_the_rest_stand() {
    // 6.5.8, L974-976. FICTIONAL card numbers.
    let play = combat_game();
    let plain = with_cards(&play, "", "", &[]);
    let allied_matrix = items(&plain, "Allied DRM")
        .into_iter()
        .find(|(label, _)| label.starts_with("Battle Deployment Matrix"))
        .expect("the matrix DRM");
    let modifiers = with_cards(
        &play,
        "F1 Test: cancel_matrices; F2 Test: drm, drm +2",
        "A1 Test: cancel_card; A2 Test: shift, shift +1",
        &[("allied_cancels", Value::List(vec!["F2".into()]))],
    );
    let allied = items(&modifiers, "Allied DRM");
    let cancelled = allied
        .iter()
        .find(|(label, _)| label.starts_with("Battle Deployment Matrix"))
        .expect("the matrix DRM");
    assert_eq!(cancelled.1, 0, "{allied:?}");
    assert!(
        cancelled.0.contains("cancelled by F1 Test"),
        "{allied_matrix:?}"
    );
    let french = items(&modifiers, "French DRM");
    assert!(
        french.contains(&(
            "F2 Test is cancelled by A1 Test (6.5.8, L974-976)".to_string(),
            0
        )),
        "{french:?}"
    );
    assert!(items(&modifiers, "Allied column shift").contains(&("A2 Test".to_string(), 1)));
    // A card that cancels the Matrices is carried out first: no card cancels it.
    let input = card_input(
        &play,
        "F1 Test: cancel_matrices",
        "A1 Test: cancel_card",
        &[("allied_cancels", Value::List(vec!["F1".into()]))],
    );
    let error = procedure("combat-round")
        .check_combination(&input)
        .expect_err("refused");
    assert!(
        error.message.contains("before any card cancels"),
        "{error:?}"
    );
}

#[test]
fn a_cancelled_canceller_still_cancels_unless_the_initiative_players_act_first() {
    // 6.5.8, L974 is silent (digest Corrections, "A card that is itself cancelled"). The
    // French hold the Initiative on a VP tie (6.2.1a, L858).
    let play = combat_game();
    let cards = |setting: &str| {
        with_cards(
            &play,
            "F1 Test: cancel_card; F2 Test: drm, drm +2",
            "A1 Test: cancel_card",
            &[
                ("french_cancels", Value::List(vec!["A1".into()])),
                ("allied_cancels", Value::List(vec!["F2".into()])),
                ("card_cancel", text(setting)),
            ],
        )
    };
    let mutual = items(&cards("mutual"), "French DRM");
    assert!(
        mutual
            .iter()
            .any(|(l, v)| l.starts_with("F2 Test is cancelled") && *v == 0)
    );
    let first = items(&cards("initiative_first"), "French DRM");
    assert!(first.contains(&("F2 Test".to_string(), 2)), "{first:?}");
}

#[test]
fn a_cavalry_charge_doubles_the_charge_box_against_a_lead_without_cavalry_unless_squares() {
    // 3.2.2b, L541. FICTIONAL CFs.
    let play = combat_game();
    let lead = "Left Wing: lead, Line of Battle, Morale 3, CF 10, screen CF 0, cavalry CF 0, broken 0, National Guard 0, charge CF 3, nations french";
    let no_cavalry = "Anglo-Dutch-Belgian: lead, Line of Battle, Morale 3, CF 10, screen CF 0, cavalry CF 0, broken 0, National Guard 0, nations british";
    let forces = [
        ("french_forces", text(lead)),
        ("allied_forces", text(no_cavalry)),
    ];
    let charge = "F4 Test: cavalry_charge";
    let plain = total(&with_cards(&play, "", "", &forces), "French strength");
    let charged = total(&with_cards(&play, charge, "", &forces), "French strength");
    assert_eq!(charged - plain, 6, "3 CF doubled");
    let squared = with_cards(&play, charge, "A9 Test: infantry_squares", &forces);
    assert_eq!(total(&squared, "French strength"), plain);
    assert!(
        items(&squared, "French DRM")
            .iter()
            .any(|(l, _)| l.contains("cancelled by A9 Test"))
    );
    // Reading (ii): the Charge box counts at 1× without a Charge, 2× with one.
    let mut counted = forces.to_vec();
    counted.push(("charge_box", text("counted")));
    let base = total(&with_cards(&play, "", "", &counted), "French strength");
    assert_eq!(base - plain, 3);
    let doubled = total(&with_cards(&play, charge, "", &counted), "French strength");
    assert_eq!(doubled - plain, 6);
    // Against a Lead with cavalry it is a cavalry battle: no CFs added here.
    let mut against = forces.to_vec();
    against[1] = ("allied_forces", text(ALLIED_LEAD));
    let battle = with_cards(&play, charge, "", &against);
    assert_eq!(
        total(&battle, "French strength"),
        total(&with_cards(&play, "", "", &against), "French strength")
    );
    // A Charge needs cavalry in the Charge box (3.2.2, L537): without it the card does nothing.
    let empty_box = with_cards(&play, charge, "", &[("allied_forces", text(no_cavalry))]);
    assert_eq!(
        total(&empty_box, "French strength"),
        total(
            &with_cards(&play, "", "", &[("allied_forces", text(no_cavalry))]),
            "French strength"
        )
    );
    assert!(
        items(&empty_box, "French DRM")
            .iter()
            .any(
                |(label, value)| label.contains("needs cavalry in the Cavalry Charge box")
                    && label.ends_with("it has no effect")
                    && *value == 0
            ),
        "{empty_box:?}"
    );
}

#[test]
fn after_the_battle_the_cards_are_in_hand_again_but_the_grand_battery_waits_for_the_next_ops_phase()
{
    // 6.5.11 (L982): every card may be reused in every new battle; 6.5.10 (L980): the Grand
    // Battery once per OPs Phase. FICTIONAL card numbers.
    let mut play = combat_game_without_hands();
    enter_card(&mut play, "french", "F2", "drm", &[("value", number(1))]);
    enter_card(
        &mut play,
        "french",
        "F7",
        "grand_battery",
        &[("number_is", text("drm")), ("value", number(2))],
    );
    pick_cards(&mut play, "french", &["F2", "F7"]);
    pick_cards(&mut play, "allied", &[]);
    turn_up(&mut play, "french", &["F2", "F7"]);
    let first = tactics::hand_name(play.record());
    let round = play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    // The Grand Battery's own DRM, as its owner entered it (6.5.8, L976).
    assert!(
        items(&round.modifiers, "French DRM").contains(&("F7 Test card F7".to_string(), 2)),
        "{:?}",
        round.modifiers
    );
    assert_eq!(play.state("french", "F7"), "played");
    play.go_to(1, 3, 0);
    let input = play.input("battle-winner", &[]);
    assert_eq!(input.text("french_cards_played"), "F2, F7 (Grand Battery)");
    play.play("battle-winner", &[], &[]);
    assert_eq!(play.state("french", "F2"), "in hand");
    assert_eq!(play.state("french", "F7"), "used this OPs Phase");
    // The next battle's cards are sealed afresh, under another name.
    assert_ne!(tactics::hand_name(play.record()), first);
    assert!(
        !play
            .record()
            .hand_sealed(&tactics::hand_name(play.record()), "french")
    );
}

/// In Step 1 the French post the Left Wing's 3CF Cavalry Corps to the Charge box (L854), and
/// F4 is entered as their Cavalry Charge (FICTIONAL card number).
fn charge_box_and_charge_card(play: &mut Play) {
    play.play(
        "post-battle",
        &[
            ("side", text("french")),
            (
                "charge",
                Value::List(vec!["Left Wing 3CF Cav Corps".into()]),
            ),
        ],
        &[],
    );
    enter_card(play, "french", "F4", "cavalry_charge", &[]);
}

fn counter(play: &Play, name: &str) -> i64 {
    play.record().counters.get(name).copied().unwrap_or(0)
}

fn vp(play: &Play, side: &str) -> i32 {
    play.record().victory_points.get(side).copied().unwrap_or(0)
}

#[test]
fn a_charge_against_a_lead_with_cavalry_is_a_cavalry_battle_whose_losses_the_app_records() {
    // 3.2.2b (L541): against a Lead Formation with cavalry the Charge is a cavalry battle under
    // the Subroutine on the charts; 6.10.4 (L1044): the charger's first loss is cavalry.
    // FICTIONAL card and steps.
    let mut play = combat_game_without_hands();
    // Step 1: the Combat Game's set-up stands, but cavalry may go to the Charge box (L854).
    let refusal = play
        .refused(
            "post-battle",
            &[("side", text("french")), ("mode", text("echelon"))],
        )
        .expect("the set-up's mode stands");
    assert!(refusal.contains("only the Cavalry Charge box"), "{refusal}");
    charge_box_and_charge_card(&mut play);
    pick_cards(&mut play, "french", &["F4"]);
    pick_cards(&mut play, "allied", &[]);
    turn_up(&mut play, "french", &["F4"]);
    let round = play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    let strength = items(&round.modifiers, "French strength");
    assert!(
        strength
            .iter()
            .any(|(label, value)| label.contains("a cavalry battle") && *value == 0),
        "{strength:?}"
    );
    let refusal = play
        .refused("cavalry-battle", &[("side", text("allied"))])
        .expect("no Allied Charge");
    assert!(refusal.contains("no Allied Cavalry Charge"), "{refusal}");
    let (owed, markers) = (
        counter(&play, "Steps the Allies still take"),
        counter(&play, "Loss markers on the Allies, First Combat Round"),
    );
    let (french_vp, allied_vp) = (vp(&play, "french"), vp(&play, "allied"));
    play.play(
        "cavalry-battle",
        &[
            ("side", text("french")),
            ("charger_steps", number(1)),
            ("defender_steps", number(2)),
        ],
        &[],
    );
    assert_eq!(counter(&play, "Steps the Allies still take"), owed + 2);
    assert_eq!(
        counter(&play, "Loss markers on the Allies, First Combat Round"),
        markers + 2
    );
    assert_eq!(
        (vp(&play, "french"), vp(&play, "allied")),
        (french_vp + 2, allied_vp + 1)
    );
    // The battle is fought once.
    assert!(
        play.refused("cavalry-battle", &[("side", text("french"))])
            .is_some()
    );
    // The French first loss comes from cavalry.
    let refusal = play
        .refused("take-losses", &take("Left Wing 6CF Inf Corps 1", 1, ""))
        .expect("cavalry first");
    assert!(
        refusal.contains("first loss comes from cavalry"),
        "{refusal}"
    );
    play.play("take-losses", &take("Left Wing 2CF Cav Corps", 1, ""), &[]);
    play.play(
        "take-losses",
        &take("Left Wing 6CF Inf Corps 1", 1, ""),
        &[],
    );
}

#[test]
fn in_the_adjustment_round_only_the_cavalry_charge_is_played_against_the_enemy_screen() {
    // 3.2.2a (L539), 6.13.8a (L1107), 6.13.8e (L1115). FICTIONAL cards and steps.
    let mut play = combat_game_without_hands();
    charge_box_and_charge_card(&mut play);
    enter_card(&mut play, "french", "F2", "drm", &[("value", number(1))]);
    pick_cards(&mut play, "french", &["F2", "F4"]);
    pick_cards(&mut play, "allied", &[]);
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    take_every_step(&mut play, "french");
    take_every_step(&mut play, "allied");
    play.go_to(1, 1, 0);
    let charge = [("side", text("french")), ("defender_steps", number(1))];
    let refusal = play
        .refused("cavalry-battle", &charge)
        .expect("the Charge is not turned up");
    assert!(
        refusal.contains("turn up their Cavalry Charge"),
        "{refusal}"
    );
    turn_up(&mut play, "french", &["F4"]);
    let (markers, french_vp) = (
        counter(&play, "Loss markers on the Allies, Battle Adjustment Round"),
        vp(&play, "french"),
    );
    let input = play.input("cavalry-battle", &charge);
    assert_eq!(input.text("round"), "adjustment");
    assert_eq!(input.text("card"), "F4");
    assert_ne!(input.text("target_cf"), "0", "the Allied screen");
    play.play("cavalry-battle", &charge, &[]);
    assert_eq!(
        counter(&play, "Loss markers on the Allies, Battle Adjustment Round"),
        markers + 1
    );
    assert_eq!(vp(&play, "french"), french_vp + 1);
    assert_eq!(play.state("french", "F4"), "played");
    // Any other card turned up now is refused (L537, L968).
    turn_up(&mut play, "french", &["F2"]);
    let refusal = play
        .refused("cavalry-battle", &charge)
        .expect("only the Charge");
    assert!(
        refusal.contains("only the Cavalry Charge is played"),
        "{refusal}"
    );
}

#[test]
fn both_retreat_needs_no_cards_but_both_hold_still_picks_them_for_the_second_round() {
    // 6.4.3-6.4.4 (L928-933): no combat; the cards are picked for the whole battle (6.5.4,
    // L966), so a First Combat Round without combat still picks them; a Retreat ends the battle.
    let both = |gt: &str| [("french_gt", text(gt)), ("allied_gt", text(gt))];
    let mut play = combat_game_without_hands();
    let refusal = play
        .refused("combat-round", &both("hold"))
        .expect("the cards are picked first");
    assert!(refusal.contains("face down"), "{refusal}");
    let round = procedure("combat-round");
    let input = play.input("combat-round", &both("hold"));
    assert!(matches!(round.hand_use(&input), hand::HandUse::PickOnly(_)));
    let input = play.input("combat-round", &both("retreat"));
    assert!(matches!(round.hand_use(&input), hand::HandUse::Idle(_)));
    play.play("combat-round", &both("retreat"), &[]);
}

#[test]
fn the_dice_statistics_count_each_sides_own_2d6_and_its_luck_for_that_side() {
    // Each side rolls its own 2D6 on the FERT (6.9.3-6.9.5, L1028-1032): the French 6 and 5, the
    // Allies 2 and 1.
    let mut play = combat_game();
    play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[6, 5, 2, 1],
    );
    let stats = aide_de_camp::engine::dice_stats::DiceStatistics::of(
        &play.session,
        play.game,
        &play.tables,
    );
    let faces = |side: &str| {
        stats
            .faces
            .iter()
            .find(|f| f.side == side)
            .map(|f| f.counts.clone())
            .unwrap_or_default()
    };
    assert_eq!(faces("french"), [0, 0, 0, 0, 1, 1]);
    assert_eq!(faces("allied"), [1, 1, 0, 0, 0, 0]);
    let luck = |side: &str| {
        stats
            .luck
            .iter()
            .find(|l| l.side == side && l.procedure == "combat-round")
            .unwrap_or_else(|| panic!("the {side} roll's luck"))
    };
    let (french, allied) = (luck("french"), luck("allied"));
    assert_eq!(
        (french.part.as_str(), allied.part.as_str()),
        ("French roll", "Allied roll")
    );
    // An 11 is among the best rolls, a 3 among the worst: a result at least as good is rare for
    // the French and near certain for the Allies.
    assert!(french.at_least_this_good < 0.2, "{french:?}");
    assert!(allied.at_least_this_good > 0.8, "{allied:?}");
}
