//! Beyond Waterloo's Basic Game campaign (scenario 27.2): the turn as the checklist, the War
//! Chests, RP Accumulation and the FRAT, each test citing its Case and line; the Purchase Segment,
//! the Force Pool Transfer and Magazines in `purchase`. The RP Acquisition Chart, the FRAT and the
//! RP Costs Chart are printed only on the Player Aid Charts: the tests read FICTIONAL charts
//! (tests/fixtures/beyond-waterloo), made up and marked as such.

use crate::support::{Play, flag, list, number, text};
use aide_de_camp::engine::procedure::resolve_checked;
use aide_de_camp::engine::record::Position;
use aide_de_camp::engine::table_set::{BuiltinTable, TableSet};
use aide_de_camp::games::beyond_waterloo::campaign::{BASIC_GAME, fortresses, war_chest};
use aide_de_camp::games::beyond_waterloo::{ID, initiative};
use aide_de_camp::games::{self, Game};

mod purchase;
mod set_up;

fn game() -> &'static Game {
    games::find(ID).expect("Beyond Waterloo")
}

/// The built-in charts with every FICTIONAL fixture chart in place of its template.
pub(crate) fn charts() -> TableSet {
    let fixture = |file: &'static str| match file {
        "rp-acquisition.toml" => include_str!("../fixtures/beyond-waterloo/rp-acquisition.toml"),
        "frat.toml" => include_str!("../fixtures/beyond-waterloo/frat.toml"),
        "attrition.toml" => include_str!("../fixtures/beyond-waterloo/attrition.toml"),
        "rp-costs.toml" => include_str!("../fixtures/beyond-waterloo/rp-costs.toml"),
        "fert.toml" => include_str!("../fixtures/beyond-waterloo/fert.toml"),
        "grand-tactics.toml" => include_str!("../fixtures/beyond-waterloo/grand-tactics.toml"),
        "battle-deployment.toml" => {
            include_str!("../fixtures/beyond-waterloo/battle-deployment.toml")
        }
        "formation-deployment.toml" => {
            include_str!("../fixtures/beyond-waterloo/formation-deployment.toml")
        }
        "leader-casualty.toml" => include_str!("../fixtures/beyond-waterloo/leader-casualty.toml"),
        "mode-changes.toml" => include_str!("../fixtures/beyond-waterloo/mode-changes.toml"),
        "reaction-move.toml" => include_str!("../fixtures/beyond-waterloo/reaction-move.toml"),
        "wound-recovery.toml" => include_str!("../fixtures/beyond-waterloo/wound-recovery.toml"),
        _ => "",
    };
    let tables: Vec<BuiltinTable> = game()
        .tables
        .iter()
        .map(|t| BuiltinTable {
            file: t.file,
            text: match fixture(t.file) {
                "" => t.text,
                text => text,
            },
        })
        .collect();
    TableSet::builtin(&tables, &game().reads()).expect("the charts load")
}

/// The Basic Game at its start, on the FICTIONAL charts.
pub(crate) fn basic_game() -> Play {
    let mut play = Play::start(ID, BASIC_GAME);
    play.tables = charts();
    play
}

/// The title of the segment where play stands.
fn step_title(play: &Play) -> &'static str {
    play.game
        .sequence_of(play.record())
        .step(play.record().position)
        .expect("a step")
        .title
}

#[test]
fn the_basic_game_opens_on_the_june_1815_turn_with_both_war_chests_filled() {
    let play = basic_game();
    let record = play.record();
    // 27.2, L2252: June 1815 is Turn 4; the turn opens with the Mobilization Phase (L1182).
    assert_eq!(record.position.turn, 4);
    assert_eq!(
        play.game.sequence_of(record).label(record.position),
        "Turn 4 (June 1815), Mobilization Phase: AP Reset Segment"
    );
    // 27.2.1, L2258-2260; 27.2.2, L2304-2306.
    assert_eq!(war_chest::rp(record, "french"), 85);
    assert_eq!(war_chest::vp(record, "french"), 10);
    assert_eq!(war_chest::rp(record, "allied"), 195);
    assert_eq!(war_chest::vp(record, "allied"), 10);
    // 1.1, L404: a tie goes to the French.
    assert_eq!(initiative(record), "french");
    // 27.2.2, L2310: the Spanish may not move until July.
    let notes = (play.game.turn_notes)(record);
    assert!(notes.iter().any(|n| n.rule == "27.2.2, L2310"), "{notes:?}");
    assert!(
        notes
            .iter()
            .any(|n| n.text == "War Chests: French 85 RP, Allied 195 RP"),
        "{notes:?}"
    );
}

#[test]
fn the_turn_runs_mobilization_two_ops_phases_administration_and_a_third_ops_phase() {
    let mut play = basic_game();
    let sequence = *play.game.sequence_of(play.record());
    let phases: Vec<&str> = sequence.phases.iter().map(|p| p.title).collect();
    // 7.0 Game Play Note, L1182; 8.1.2-8.1.4, L1192-1196.
    assert_eq!(
        phases,
        [
            "Mobilization Phase",
            "OPs Phase 1",
            "OPs Phase 2",
            "Administration Phase",
            "OPs Phase 3"
        ]
    );
    // 8.2.1, L1204-1215: the twelve Mobilization segments in the printed order.
    let mobilization: Vec<&str> = sequence.phases[0].steps.iter().map(|s| s.title).collect();
    assert_eq!(
        mobilization,
        [
            "AP Reset Segment",
            "Autonomous Diplomatic Segment",
            "Spanish/Portuguese Segment",
            "Attrition Segment",
            "Field Maintenance Segment",
            "Leader Segment",
            "Training Segment",
            "Purchase Segment",
            "French Recruitment Authorization Segment",
            "Organize/Reorganize Segment",
            "Rebuild Troop Units Segment",
            "Off-Board Movement Segment",
        ]
    );
    // 8.3.1, L1225-1234: the ten Administration segments.
    let administration: Vec<&str> = sequence.phases[3].steps.iter().map(|s| s.title).collect();
    assert_eq!(
        administration,
        [
            "AP Reset Segment",
            "Autonomous Diplomatic Segment",
            "Supply Segment",
            "Attrition Segment",
            "Political Actions Segment",
            "Vendée Revolt Segment",
            "Accumulate RP Segment",
            "Off-Board Movement Segment",
            "Training Segment",
            "Leader Segment",
        ]
    );
    // The Basic Game passes over the Advanced Game's segments (L1205-1206).
    let last = play.game.scenario(BASIC_GAME).expect("27.2").last_turn;
    let next = sequence.after(play.record(), last).expect("a next step");
    assert_eq!(
        next,
        Position {
            turn: 4,
            phase: 0,
            step: 3
        }
    );
    play.session
        .execute(
            play.game,
            &play.tables,
            aide_de_camp::engine::play::Command::MoveTo { position: next },
        )
        .expect("moves on");
    assert_eq!(step_title(&play), "Attrition Segment");
    // 17.1.4, L1588: after OPs Phase 3 the next turn's Mobilization; December (Turn 10) is the
    // last (27.2, L2252).
    play.go_to(4, 4, 8);
    let next = sequence.after(play.record(), last).expect("July");
    assert_eq!(
        next,
        Position {
            turn: 5,
            phase: 0,
            step: 0
        }
    );
    assert_eq!(sequence.turn_name(5), "Turn 5 (July 1815)");
    assert_eq!(sequence.turn_name(10), "Turn 10 (December 1815)");
    assert_eq!(last, 10);
    // In July the Spanish move again (L2310).
    play.go_to(5, 0, 0);
    let notes = (play.game.turn_notes)(play.record());
    assert!(notes.iter().all(|n| n.rule != "27.2.2, L2310"), "{notes:?}");
}

#[test]
fn rp_accumulation_adds_the_war_ministers_ap_and_reads_the_vp_difference_column() {
    // 10.2.1-10.2.6, L1292-1304. FICTIONAL chart: columns -3 or less, -2 to +2, +3 or more.
    let mut play = basic_game();
    // The War Minister's FICTIONAL AP rating (4.4.1, L694; 27.2.1, L2288).
    enter(&mut play, "french", "Davout", "ap", "2");
    let form = play.input("rp-accumulation", &[("side", text("french"))]);
    assert_eq!(form.text("leader"), "Davout");
    assert_eq!(form.number("leader_ap"), 2);
    let resolution = play.play("rp-accumulation", &[("side", text("french"))], &[3, 4]);
    // 7 + 2 = 9, column 10 - 10 = 0: the FICTIONAL row 9-12 of the middle column, 30 RP.
    assert_eq!(resolution.totals[0].total, 9);
    let cell = resolution.cell.as_ref().expect("a cell");
    assert_eq!(cell.column.as_deref(), Some("-2 to +2"));
    assert_eq!(cell.row.as_ref(), "9-12");
    assert_eq!(resolution.outcome.headline, "The French receive 30 RP");
    assert_eq!(resolution.modifiers[0].rule, "10.2.2, L1296");
    assert_eq!(war_chest::rp(play.record(), "french"), 115);
    assert_eq!(war_chest::vp(play.record(), "french"), 10);
}

#[test]
fn one_vp_spent_gives_plus_four_and_comes_off_the_war_chest() {
    // 10.2.4, L1300: "spend 1 VP (maximum) for an additional +4 DRM".
    let mut play = basic_game();
    // Blücher, FICTIONALLY a 4-star Leader with AP 1, commands a Formation on the map.
    enter(&mut play, "allied", "Blücher", "stars", "4");
    enter(&mut play, "allied", "Blücher", "ap", "1");
    let resolution = play.play(
        "rp-accumulation",
        &[("side", text("allied")), ("spend_vp", flag(true))],
        &[1, 1],
    );
    // 2 + 1 + 4 = 7: the FICTIONAL row 5-8, middle column (10 - 10 before the spend): 20 RP.
    assert_eq!(resolution.totals[0].total, 7);
    assert_eq!(resolution.outcome.headline, "The Allies receive 20 RP");
    assert_eq!(war_chest::rp(play.record(), "allied"), 215);
    assert_eq!(war_chest::vp(play.record(), "allied"), 9);
    // The VP change moves the Initiative at once (1.1, L404): now the French are ahead.
    assert_eq!(initiative(play.record()), "french");
}

#[test]
fn the_rp_column_is_read_at_the_band_edges_under_either_setting() {
    // S4 (10.2.2, L1294): the roller's VP less the other side's by default; French less Allied
    // as the alternative. FICTIONAL bands: -3 or less | -2 to +2 | +3 or more.
    let column = |play: &Play, side: &str, own: i64, other: i64| {
        let p = play
            .game
            .procedure("rp-accumulation")
            .expect("RP Accumulation");
        let mut input = play.input("rp-accumulation", &[("side", text(side))]);
        input.set("own_vp", number(own));
        input.set("opponent_vp", number(other));
        let resolution = resolve_checked(p, &input, &play.tables, &[3, 3]).expect("resolves");
        resolution
            .cell
            .expect("a cell")
            .column
            .expect("a column")
            .to_string()
    };
    let mut play = basic_game();
    for (own, other, expected) in [
        (7, 10, "-3 or less"),
        (8, 10, "-2 to +2"),
        (12, 10, "-2 to +2"),
        (13, 10, "+3 or more"),
    ] {
        assert_eq!(
            column(&play, "allied", own, other),
            expected,
            "{own} - {other}"
        );
    }
    play.play(
        "settings",
        &[("rp_column_key", text("french_minus_allied"))],
        &[],
    );
    // The Allies with 13 VP against the French 10 read French less Allied: -3.
    assert_eq!(column(&play, "allied", 13, 10), "-3 or less");
    assert_eq!(column(&play, "french", 13, 10), "+3 or more");
}

#[test]
fn no_vp_can_be_spent_that_the_war_chest_does_not_hold() {
    // 10.1.4, L1278.
    let mut play = basic_game();
    // The French spend all their 10 VP on the FRAT, as the other reading of S7 allows.
    play.play("settings", &[("frat_vp_max", text("several"))], &[]);
    enter(&mut play, "french", "Davout", "ap", "0");
    play.play("frat", &[("vp_spent", number(10))], &[1, 1]);
    assert_eq!(war_chest::vp(play.record(), "french"), 0);
    let refusal = play
        .refused(
            "rp-accumulation",
            &[
                ("side", text("french")),
                ("leader", text("")),
                ("spend_vp", flag(true)),
            ],
        )
        .expect("refused");
    assert!(refusal.contains("10.1.4, L1278"), "{refusal}");
}

#[test]
fn the_frat_reads_french_vp_less_allied_vp_and_adds_the_war_ministers_ap() {
    // 12.3.1-12.3.5, L1383-1391. FICTIONAL chart: columns -3 or less, -2 to +2, +3 or more.
    let mut play = basic_game();
    // Without the War Minister's AP rating on the record the roll waits for it (4.4.1, L694).
    let refusal = play.refused("frat", &[]).expect("no AP rating");
    assert!(refusal.contains("Davout's AP rating"), "{refusal}");
    enter(&mut play, "french", "Davout", "ap", "3");
    let form = play.input("frat", &[]);
    assert_eq!(form.number("war_minister_ap"), 3);
    let resolution = play.play("frat", &[("vp_spent", number(1))], &[2, 4]);
    // 6 + 3 + 1 = 10: the FICTIONAL row 10-13; column 10 - 10 = 0 (before the spend): 3.
    assert_eq!(resolution.totals[0].total, 10);
    assert_eq!(
        resolution.outcome.headline,
        "The French may move 3 Division-equivalents to the Force Pool"
    );
    let rules: Vec<&str> = resolution
        .modifiers
        .iter()
        .map(|m| m.rule.as_str())
        .collect();
    assert_eq!(rules, ["12.3.3, L1387", "12.3.4, L1389"]);
    assert_eq!(war_chest::vp(play.record(), "french"), 9);
    // 12.3.2, L1385: French VP less Allied VP; -3 is the FICTIONAL first column.
    let p = play.game.procedure("frat").expect("the FRAT");
    let mut input = play.input("frat", &[]);
    input.set("french_vp", number(7));
    input.set("allied_vp", number(10));
    let resolution = resolve_checked(p, &input, &play.tables, &[1, 1]).expect("resolves");
    assert_eq!(
        resolution.cell.expect("a cell").column.as_deref(),
        Some("-3 or less")
    );
}

#[test]
fn at_most_one_vp_on_the_frat_unless_the_setting_allows_more() {
    // S7 (12.3.4, L1389): "may also spend 1 VP".
    let mut play = basic_game();
    // The War Minister's FICTIONAL AP rating: 0.
    enter(&mut play, "french", "Davout", "ap", "0");
    let refusal = play
        .refused("frat", &[("vp_spent", number(2))])
        .expect("two VP refused");
    assert!(refusal.contains("12.3.4, L1389"), "{refusal}");
    play.play("settings", &[("frat_vp_max", text("several"))], &[]);
    let resolution = play.play("frat", &[("vp_spent", number(2))], &[1, 1]);
    assert_eq!(resolution.totals[0].total, 4);
    assert_eq!(war_chest::vp(play.record(), "french"), 8);
}

/// Why the session refuses a second resolution of `procedure` in this segment.
fn once_refusal(
    play: &Play,
    procedure: &str,
    values: &[(&str, aide_de_camp::engine::input::Value)],
) -> String {
    let p = play.game.procedure(procedure).expect("the procedure");
    play.session
        .check_once(p, &play.input(procedure, values))
        .expect_err("once a segment")
        .to_string()
}

/// Enters a counter value as the players do, from the roster editor.
pub(crate) fn enter(play: &mut Play, side: &str, unit: &str, value_of: &str, value: &str) {
    play.play(
        "counter-value",
        &[
            ("side", text(side)),
            ("unit", text(unit)),
            ("value_of", text(value_of)),
            ("value", text(value)),
        ],
        &[],
    );
}

/// The names of a side's pieces in `state`.
fn in_state(play: &Play, side: &str, state: &str) -> Vec<String> {
    play.record()
        .units_where(Some(side), &[("state", state)])
        .map(|(_, name, _)| name.to_string())
        .collect()
}

/// The French Leaders who command a Formation at the start of 27.2 (L2266-2284).
const FRENCH_LEADERS: [&str; 10] = [
    "Napoleon", "Ney", "Grouchy", "Rapp", "Lecourbe", "Suchet", "Brune", "Decaen", "Clausel",
    "Lamarque",
];

#[test]
fn the_set_up_puts_the_printed_listings_on_the_record() {
    let play = basic_game();
    let formations = |side: &str| {
        play.record()
            .units_where(Some(side), &[("type", "formation"), ("state", "in play")])
            .count()
    };
    // Campaign addendum §2.4: 10 French and 11 Allied Formations at the start.
    assert_eq!(formations("french"), 10);
    assert_eq!(formations("allied"), 11);
    // 27.2.1, L2266: the Armée du Nord in Paris by default, Napoleon commanding, Morale 3 (L2262).
    assert_eq!(
        play.attribute("french", "Armée du Nord", "area").as_deref(),
        Some("Paris (G5)")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "leader")
            .as_deref(),
        Some("Napoleon")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "formation_morale")
            .as_deref(),
        Some("3")
    );
    // Every Leader's AP rating is a counter value, to be entered (4.2, L658).
    assert_eq!(
        play.attribute("french", "Ney", "ap").as_deref(),
        Some("not entered")
    );
    // 27.2.1, L2288-2300: Davout is War Minister; six Leaders in the Leader Pool; the Divisions
    // Pool holds 5 + 4 + 2 = 11 Divisions; Stage 1 of training three units.
    assert_eq!(play.state("french", "Davout"), "war minister");
    assert_eq!(in_state(&play, "french", "leader pool").len(), 6);
    assert_eq!(in_state(&play, "french", "divisions pool").len(), 11);
    let training = in_state(&play, "french", "training");
    assert_eq!(training.len(), 3);
    for unit in &training {
        assert_eq!(
            play.attribute("french", unit, "stage").as_deref(),
            Some("1")
        );
    }
    // 27.2.1, L2286: eleven National Guard garrisons, one to each Fortress.
    let garrisons: Vec<String> = play
        .record()
        .units_where(
            Some("french"),
            &[("size", "national-guard"), ("state", "in play")],
        )
        .filter_map(|(_, _, unit)| unit.attribute("area").map(str::to_string))
        .collect();
    for site in ["Bayonne (D12)", "Lille", "Metz", "Toulon"] {
        assert_eq!(garrisons.iter().filter(|a| *a == site).count(), 1, "{site}");
    }
    // 27.2.2, L2310: the Spanish Army may not move before the July turn (Turn 5).
    assert_eq!(
        play.attribute("allied", "Spanish Army", "moves_from_turn")
            .as_deref(),
        Some("5")
    );
    // 27.0, L2174: the Allied Leader Pool is one pool, 2 + 2 + 3 + 2 Leaders.
    assert_eq!(in_state(&play, "allied", "leader pool").len(), 9);
}

#[test]
fn the_players_choose_where_the_armee_du_nord_and_the_others_set_up() {
    // 27.2.1, L2266; 27.2.2, L2312, L2348: the Formation and the units listed with it follow the
    // pick; the choices are made before play begins.
    let mut play = basic_game();
    play.play(
        "set-up-choices",
        &[
            ("armee-du-nord-area", text("Laon (H3)")),
            ("north-germany-area", text("Eifel (P17)")),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "area").as_deref(),
        Some("Laon (H3)")
    );
    let beside_it: Vec<String> = play
        .record()
        .units_where(Some("french"), &[("area", "Laon (H3)")])
        .filter(|(_, _, unit)| unit.attribute("type") != Some("formation"))
        .filter(|(_, _, unit)| unit.attribute("formation").is_none_or(str::is_empty))
        .map(|(_, name, _)| name.to_string())
        .collect();
    // The 1CF Division, NG and Wagon listed beside the Armée du Nord, un-brigaded (S19).
    assert_eq!(beside_it.len(), 3, "{beside_it:?}");
    assert_eq!(
        play.attribute("allied", "Army of North Germany", "area")
            .as_deref(),
        Some("Eifel (P17)")
    );
    assert_eq!(
        play.attribute("allied", "Spanish Army", "area").as_deref(),
        Some("Basque Country (C12)")
    );
    play.go_to(4, 0, 3);
    let refusal = play
        .refused(
            "set-up-choices",
            &[("armee-du-nord-area", text("Paris (G5)"))],
        )
        .expect("play has begun");
    assert!(refusal.contains("before play begins"), "{refusal}");
    let set_up = play.game.procedure("set-up-choices").expect("the choices");
    // The choices the form offers are the data file's.
    let listing =
        aide_de_camp::games::beyond_waterloo::campaign::listing::basic_27_2().expect("the listing");
    for choice in &listing.choices {
        let field = set_up
            .fields()
            .iter()
            .find(|f| f.id == choice.id)
            .unwrap_or_else(|| panic!("a field for {}", choice.id));
        let aide_de_camp::engine::input::FieldKind::Choice(options) = field.kind else {
            panic!("{} is a choice", choice.id);
        };
        let offered: Vec<&str> = options.iter().map(|(id, _)| *id).collect();
        assert_eq!(offered, choice.options, "{}", choice.id);
    }
}

/// The Basic Game with every French Leader's AP rating entered: FICTIONAL values, 1 to 3.
pub(crate) fn with_french_ap() -> Play {
    let mut play = basic_game();
    for (i, leader) in FRENCH_LEADERS.iter().enumerate() {
        enter(&mut play, "french", leader, "ap", &(i % 3 + 1).to_string());
    }
    play
}

#[test]
fn the_ap_reset_sets_each_formation_to_its_leaders_rating() {
    // 4.2.7, L678.
    let play = basic_game();
    let refusal = play
        .refused("ap-reset", &[("side", text("french"))])
        .expect("no rating entered");
    assert!(refusal.contains("AP rating"), "{refusal}");
    let mut play = with_french_ap();
    play.play("ap-reset", &[("side", text("french"))], &[]);
    // FICTIONAL ratings: Napoleon 1, Ney 2, Grouchy 3.
    for (formation, level) in [
        ("Armée du Nord", "1"),
        ("Left Wing", "2"),
        ("Right Wing", "3"),
    ] {
        assert_eq!(
            play.attribute("french", formation, "ap_level").as_deref(),
            Some(level)
        );
    }
    // A new rating leaves the level as it is until the next reset (4.2.8, L680).
    enter(&mut play, "french", "Ney", "ap", "4");
    assert_eq!(
        play.attribute("french", "Left Wing", "ap_level").as_deref(),
        Some("2")
    );
}

/// The Spend an AP form for the Armée du Nord.
fn spending(action: &str) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    vec![
        ("side", text("french")),
        ("formation", text("Armée du Nord")),
        ("action", text(action)),
    ]
}

#[test]
fn engaging_from_outside_the_area_spends_one_ap_and_none_is_left_to_spend_at_zero() {
    // 4.2.3, L669; 4.2.6, L676.
    let mut play = with_french_ap();
    play.play("ap-reset", &[("side", text("french"))], &[]);
    let resolution = play.play("spend-ap", &spending("engage"), &[]);
    assert_eq!(
        resolution.outcome.headline,
        "Armée du Nord spends 1 AP: Engage in combat from outside the battle area"
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "ap_level")
            .as_deref(),
        Some("0")
    );
    let refusal = play
        .refused("spend-ap", &spending("engage"))
        .expect("no AP left");
    assert!(refusal.contains("4.2.6, L676"), "{refusal}");
    // Forced into combat with none left: -1 on his next roll (4.2.6, L676).
    play.play(
        "spend-ap",
        &[
            ("side", text("french")),
            ("formation", text("Armée du Nord")),
            ("action", text("engage")),
            ("forced", flag(true)),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "forced_without_ap")
            .as_deref(),
        Some("yes")
    );
    // Once a segment for each side (4.2.7, L678); the next segment's reset gives the AP back
    // but leaves the -1, owed until the next roll for him (4.2.6, L676).
    let refusal = once_refusal(&play, "ap-reset", &[("side", text("french"))]);
    assert!(refusal.contains("once a step for this side"), "{refusal}");
    play.go_to(4, 3, 0);
    play.play("ap-reset", &[("side", text("french"))], &[]);
    assert_eq!(
        play.attribute("french", "Armée du Nord", "ap_level")
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "forced_without_ap")
            .as_deref(),
        Some("yes")
    );
}

#[test]
fn an_action_another_form_charges_is_not_spent_again_here() {
    // 4.2.3, L664-670: one AP an action. A Reaction (6.13), a brigading, a reorganization and a
    // Replacement charge theirs on their own forms, so Spend an AP refuses them, naming the form.
    let mut play = with_french_ap();
    play.play("ap-reset", &[("side", text("french"))], &[]);
    for (action, form) in [
        ("reaction", "\"Reaction Movement\""),
        ("brigade", "\"Brigade or un-brigade a Formation\""),
        ("reorganize", "\"Reorganize a Troop unit\""),
        ("reorganize", "\"Build up a Corps\""),
        ("replacement", "\"Replace a step\""),
    ] {
        let refusal = play
            .refused("spend-ap", &spending(action))
            .expect("charged on its own form");
        assert!(refusal.starts_with("field `action`"), "{refusal}");
        assert!(refusal.contains(form), "{action}: {refusal}");
        assert!(refusal.contains("4.2.3, L664-670"), "{refusal}");
    }
    // Nothing was spent.
    assert_eq!(
        play.attribute("french", "Armée du Nord", "ap_level")
            .as_deref(),
        Some("1")
    );
}

/// The Left Wing's three Cavalry Corps, listed by type only (L2268), given FICTIONAL CFs of 2.
/// The Right Wing's marker moves into the Left Wing's area, Doullens (27.2.1, L2268).
fn right_wing_to_doullens(play: &mut Play) {
    play.play(
        "move-formation",
        &[
            ("side", text("french")),
            ("formation", text("Right Wing")),
            ("to", text("Doullens (H2)")),
        ],
        &[],
    );
    let form = play.input(
        "attrition",
        &[("side", text("french")), ("formation", text("Left Wing"))],
    );
    assert!(form.flag("shares_area"));
}

fn with_left_wing_cavalry(play: &mut Play) {
    for n in 1..=3 {
        enter(
            play,
            "french",
            &format!("Left Wing Cav Corps {n}"),
            "cf",
            "2",
        );
    }
}

#[test]
fn attrition_reads_the_formations_total_cf_less_its_leaders_ap() {
    // 9.1.2-9.1.8, L1244-1260. FICTIONAL chart: columns 1-10, 11-20, 21+.
    let mut play = with_french_ap();
    with_left_wing_cavalry(&mut play);
    let form = play.input(
        "attrition",
        &[("side", text("french")), ("formation", text("Left Wing"))],
    );
    // Two 6CF Corps and three FICTIONAL 2CF Cavalry Corps: 18 CF; Ney's FICTIONAL AP 2.
    assert_eq!(form.number("total_cf"), 18);
    assert_eq!(form.number("leader_ap"), 2);
    let refusal = play
        .refused(
            "attrition",
            &[("side", text("french")), ("formation", text("Left Wing"))],
        )
        .expect("no trigger");
    assert!(refusal.contains("9.1.2, L1244-1248"), "{refusal}");
    // The Right Wing's marker joins the Left Wing's in Doullens (9.1.2, L1246).
    right_wing_to_doullens(&mut play);
    let resolution = play.play(
        "attrition",
        &[("side", text("french")), ("formation", text("Left Wing"))],
        &[6],
    );
    // 6 - 2 = 4 on the column 11-20: the FICTIONAL cell 0.
    assert_eq!(resolution.totals[0].total, 4);
    assert_eq!(resolution.modifiers[0].rule, "9.1.8, L1260");
    assert_eq!(resolution.outcome.headline, "Left Wing: no effect");
    assert_eq!(war_chest::vp(play.record(), "allied"), 10);
    // Ney's rating entered as 0 (FICTIONAL; a dot is 0) and a Force Marched marker: 6 on 11-20
    // loses a step; the Allies score 1 VP when the step is taken (9.1.7, L1258).
    enter(&mut play, "french", "Ney", "ap", "0");
    let resolution = play.play(
        "attrition",
        &[
            ("side", text("french")),
            ("formation", text("Left Wing")),
            ("force_marched", flag(true)),
        ],
        &[6],
    );
    assert_eq!(
        resolution.outcome.headline,
        "Left Wing loses 1 step(s); the Allies score 1 VP for each step taken"
    );
    assert_eq!(war_chest::vp(play.record(), "allied"), 10);
    play.go_to(4, 0, 3);
    play.play(
        "attrition",
        &[
            ("side", text("french")),
            ("formation", text("Left Wing")),
            ("force_marched", flag(true)),
        ],
        &[6],
    );
    take(&mut play, "Left Wing 6CF Inf Corps 1", 1);
    assert_eq!(war_chest::vp(play.record(), "allied"), 11);
    // A rating the record does not have is refused, not read as 0.
    let refusal = play
        .refused(
            "attrition",
            &[
                ("side", text("allied")),
                ("formation", text("Spanish Army")),
                ("total_cf", number(20)),
                ("out_of_supply", flag(true)),
            ],
        )
        .expect("Castaños's rating is not entered");
    assert!(refusal.contains("Castaños's AP rating"), "{refusal}");
}

/// The Left Wing forced to engage with no AP left (4.2.6, L676): its FICTIONAL 2 AP spent first.
fn left_wing_forced(play: &mut Play) {
    play.play("ap-reset", &[("side", text("french"))], &[]);
    let engage = |forced: bool| {
        vec![
            ("side", text("french")),
            ("formation", text("Left Wing")),
            ("action", text("engage")),
            ("forced", flag(forced)),
        ]
    };
    play.play("spend-ap", &engage(false), &[]);
    play.play("spend-ap", &engage(false), &[]);
    play.play("spend-ap", &engage(true), &[]);
    assert_eq!(
        play.attribute("french", "Left Wing", "forced_without_ap")
            .as_deref(),
        Some("yes")
    );
}

#[test]
fn a_leader_forced_to_act_with_no_ap_takes_minus_one_on_his_next_roll_once() {
    // 4.2.6, L676: "the lack converts into a -1 DRM the next time the player needs to roll dice
    // for this Leader". FICTIONAL chart: on the column 11-20, 4 is no effect and 5 a step.
    let mut play = with_french_ap();
    with_left_wing_cavalry(&mut play);
    left_wing_forced(&mut play);
    // Ney's rating entered as 0 (FICTIONAL), so that the -1 is the roll's only DRM.
    enter(&mut play, "french", "Ney", "ap", "0");
    right_wing_to_doullens(&mut play);
    play.go_to(4, 0, 3);
    let left_wing = [("side", text("french")), ("formation", text("Left Wing"))];
    assert!(play.input("attrition", &left_wing).flag("forced"));
    let resolution = play.play("attrition", &left_wing, &[5]);
    let rules: Vec<(&str, i32)> = resolution
        .modifiers
        .iter()
        .map(|m| (m.rule.as_str(), m.value))
        .collect();
    assert_eq!(rules, [("4.2.6, L676", -1)]);
    assert_eq!(resolution.totals[0].total, 4);
    assert_eq!(resolution.outcome.headline, "Left Wing: no effect");
    // Used once: the mark is off, and the same 5 now loses a step.
    assert_eq!(
        play.attribute("french", "Left Wing", "forced_without_ap"),
        None
    );
    let refusal = play
        .refused(
            "attrition",
            &[
                ("side", text("french")),
                ("formation", text("Left Wing")),
                ("forced", flag(true)),
            ],
        )
        .expect("owed no more");
    assert!(
        refusal.starts_with("field `forced`") && refusal.contains("4.2.6, L676"),
        "{refusal}"
    );
    let resolution = play.play("attrition", &left_wing, &[5]);
    assert!(resolution.modifiers.is_empty());
    assert_eq!(
        resolution.outcome.headline,
        "Left Wing loses 1 step(s); the Allies score 1 VP for each step taken"
    );
}

#[test]
fn the_attrition_column_is_read_at_its_band_edges_and_the_dice_follow_the_setting() {
    let mut play = with_french_ap();
    right_wing_to_doullens(&mut play);
    let attrition = play.game.procedure("attrition").expect("attrition");
    let column = |play: &Play, cf: i64| {
        let mut input = play.input(
            "attrition",
            &[("side", text("french")), ("formation", text("Left Wing"))],
        );
        input.set("total_cf", number(cf));
        let resolution = resolve_checked(attrition, &input, &play.tables, &[3]).expect("resolves");
        resolution
            .cell
            .expect("a cell")
            .column
            .expect("a column")
            .to_string()
    };
    for (cf, expected) in [(10, "1-10"), (11, "11-20"), (20, "11-20"), (21, "21+")] {
        assert_eq!(column(&play, cf), expected, "{cf} CF");
    }
    // S1 (9.1.3, L1250): one die by default, two when the players choose.
    let dice = |play: &Play| {
        let input = play.input("attrition", &[("side", text("french"))]);
        attrition.dice(&input).slots.len()
    };
    assert_eq!(dice(&play), 1);
    play.play("settings", &[("attrition_dice", text("2d6"))], &[]);
    assert_eq!(dice(&play), 2);
}

/// The take-losses form for a French unit taking `steps`; its counter's back, if it turns over,
/// FICTIONAL: CF 1/2, Morale 2.
fn taking(unit: &str, steps: i64) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    vec![
        ("side", text("french")),
        ("unit", text(unit)),
        ("steps", number(steps)),
        ("reduced_cf", text("1/2")),
        ("reduced_morale", text("2")),
    ]
}

/// A French unit taking `steps` of the steps its Formation owes.
fn take(play: &mut Play, unit: &str, steps: i64) {
    play.play("take-losses", &taking(unit, steps), &[]);
}

#[test]
fn attrition_losses_come_from_the_screening_cavalry_last() {
    // 9.1.5-9.1.6, L1254-1256; 3.2.1, L532-535.
    let mut play = with_french_ap();
    with_left_wing_cavalry(&mut play);
    play.go_to(4, 0, 3);
    assert_eq!(step_title(&play), "Attrition Segment");
    play.play(
        "cavalry-screen",
        &[
            ("side", text("french")),
            ("formation", text("Left Wing")),
            ("screen", list(&["Left Wing Cav Corps 1"])),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("french", "Left Wing Cav Corps 1", "box")
            .as_deref(),
        Some("screen")
    );
    // FICTIONAL chart: 6 with no AP DRM on 11-20 CF loses a step.
    enter(&mut play, "french", "Ney", "ap", "0");
    right_wing_to_doullens(&mut play);
    play.play(
        "attrition",
        &[("side", text("french")), ("formation", text("Left Wing"))],
        &[6],
    );
    let refusal = play
        .refused("take-losses", &taking("Left Wing Cav Corps 1", 1))
        .expect("the screen goes last");
    assert!(refusal.contains("9.1.6, L1256"), "{refusal}");
    take(&mut play, "Left Wing 6CF Inf Corps 1", 1);
    assert_eq!(
        play.attribute("french", "Left Wing 6CF Inf Corps 1", "face")
            .as_deref(),
        Some("reduced")
    );
}

#[test]
fn a_formation_emptied_by_attrition_is_deactivated_and_its_leader_goes_to_the_pool() {
    // 9.1.9, L1262; 5.1.8, L770. The Armée du Var holds two 1CF Divisions (L2278), two steps
    // each (3.6.3, L592). With two dice, 12 less Brune's FICTIONAL AP 1 on the FICTIONAL column
    // 1-10 loses a step: four checks empty it.
    let mut play = with_french_ap();
    play.play("settings", &[("attrition_dice", text("2d6"))], &[]);
    play.go_to(4, 0, 3);
    for unit in [
        "Armée du Var 1CF Inf Div 1",
        "Armée du Var 1CF Inf Div 1",
        "Armée du Var 1CF Inf Div 2",
    ] {
        attrition_of_the_var(&mut play);
        take(&mut play, unit, 1);
        assert_eq!(play.state("french", "Armée du Var"), "in play");
    }
    let resolution = attrition_of_the_var(&mut play);
    assert_eq!(resolution.totals[0].total, 11);
    take(&mut play, "Armée du Var 1CF Inf Div 2", 1);
    assert_eq!(
        play.state("french", "Armée du Var 1CF Inf Div 2"),
        "eliminated"
    );
    assert_eq!(play.state("french", "Armée du Var"), "inactive");
    assert_eq!(play.state("french", "Brune"), "leader pool");
    // He went to the Pool in turn 4's Mobilization Phase: no command again in it (4.5.6, L720).
    assert_eq!(
        play.attribute("french", "Brune", "pooled_in").as_deref(),
        Some("4/0")
    );
    // One VP a step suffered (9.1.7, L1258; 20.3, L1777).
    assert_eq!(war_chest::vp(play.record(), "allied"), 14);
    // A de-activated Formation checks no more.
    let refusal = play
        .refused(
            "attrition",
            &[
                ("side", text("french")),
                ("formation", text("Armée du Var")),
                ("out_of_supply", flag(true)),
                ("total_cf", number(1)),
            ],
        )
        .expect("not in play");
    assert!(
        refusal.contains("not a French Formation in play"),
        "{refusal}"
    );
}

/// The Armée du Var's attrition check, Out of Supply, on 12.
fn attrition_of_the_var(play: &mut Play) -> aide_de_camp::engine::procedure::Resolution {
    play.play(
        "attrition",
        &[
            ("side", text("french")),
            ("formation", text("Armée du Var")),
            ("out_of_supply", flag(true)),
        ],
        &[6, 6],
    )
}

#[test]
fn training_moves_each_unit_up_a_stage_and_deploys_those_already_deployable() {
    // 12.2.7-12.2.9, L1356-1360; addendum §2.4, "Training timeline" (two stages, the default of
    // setting S8): the French Stage 1 units of 27.2 (L2292) reach Stage 2 in the June
    // Mobilization, the Deployable box in the June Administration, and deploy in July.
    let mut play = basic_game();
    let training = in_state(&play, "french", "training");
    assert_eq!(training.len(), 3);
    play.go_to(4, 0, 6);
    assert_eq!(step_title(&play), "Training Segment");
    play.play("training", &[("side", text("french"))], &[]);
    for unit in &training {
        assert_eq!(
            play.attribute("french", unit, "stage").as_deref(),
            Some("2")
        );
    }
    // Once a segment: a second Training form moves nothing, and naming a unit is refused.
    let again = play.input("training", &[("side", text("french"))]);
    assert!(again.numbers("advance").is_empty());
    let mut stale = again.clone();
    stale.set(
        "advance",
        aide_de_camp::engine::input::Value::Numbers(
            [(training[0].as_str().into(), 2)].into_iter().collect(),
        ),
    );
    let procedure = play.game.procedure("training").expect("training");
    let refusal = play
        .game
        .check_record(procedure, &stale, play.record())
        .expect_err("moved up already");
    assert!(refusal.to_string().contains("12.2.7, L1356"), "{refusal}");
    play.go_to(4, 3, 8);
    assert_eq!(step_title(&play), "Training Segment");
    let resolution = play.play("training", &[("side", text("french"))], &[]);
    assert!(
        resolution
            .outcome
            .headline
            .contains("to the Deployable box"),
        "{}",
        resolution.outcome.headline
    );
    play.go_to(5, 0, 6);
    let form = play.input("training", &[("side", text("french"))]);
    assert_eq!(form.list("deploy").len(), 3);
    play.play(
        "training",
        &[("side", text("french")), ("deploy_to", text("Paris (G5)"))],
        &[],
    );
    for unit in &training {
        assert_eq!(play.state("french", unit), "in play");
        assert_eq!(
            play.attribute("french", unit, "area").as_deref(),
            Some("Paris (G5)")
        );
    }
    assert!(in_state(&play, "french", "training").is_empty());
}

#[test]
fn a_third_stage_holds_the_units_back_a_segment_longer() {
    // Setting S8 at its other value.
    let mut play = basic_game();
    play.play("settings", &[("training_stages", text("three"))], &[]);
    // The June Mobilization and Administration Training Segments, then July's Mobilization.
    play.go_to(4, 0, 6);
    play.play("training", &[("side", text("french"))], &[]);
    play.go_to(4, 3, 8);
    play.play("training", &[("side", text("french"))], &[]);
    let training = in_state(&play, "french", "training");
    for unit in &training {
        assert_eq!(
            play.attribute("french", unit, "stage").as_deref(),
            Some("3")
        );
    }
    play.go_to(5, 0, 6);
    play.play("training", &[("side", text("french"))], &[]);
    for unit in &training {
        assert_eq!(
            play.attribute("french", unit, "stage").as_deref(),
            Some("deployable")
        );
    }
}

#[test]
fn an_out_of_supply_formation_loses_a_step_and_gives_the_opponent_a_vp() {
    // 16.5.1, L1561; 16.5.6, L1571; 16.3.3f, L1534.
    let mut play = basic_game();
    play.go_to(4, 3, 2);
    assert_eq!(step_title(&play), "Supply Segment");
    let wagon = play
        .record()
        .units_where(Some("french"), &[("type", "wagon"), ("state", "in play")])
        .map(|(_, name, _)| name.to_string())
        .next()
        .expect("the Armée du Nord's Wagon (L2266)");
    let resolution = play.play(
        "supply",
        &[
            ("side", text("french")),
            ("out_of_supply", list(&["Armée du Jura"])),
            ("wagons_expended", list(&[wagon.as_str()])),
        ],
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        format!(
            "Out of Supply: Armée du Jura; each loses a step, and the Allies score 1 VP; {IN_FORTRESSES}"
        )
    );
    assert_eq!(
        play.attribute("french", "Armée du Jura", "supply")
            .as_deref(),
        Some("out")
    );
    assert_eq!(war_chest::vp(play.record(), "allied"), 11);
    assert_eq!(play.state("french", &wagon), "force pool");
    // Its owner takes the step from a unit of his choice.
    take(&mut play, "Armée du Jura 1CF Inf Div 1", 1);
    // The Attrition Segment finds it Out of Supply (16.5.2, L1563).
    let form = play.input(
        "attrition",
        &[
            ("side", text("french")),
            ("formation", text("Armée du Jura")),
        ],
    );
    assert!(form.flag("out_of_supply"));
    // A later Supply Segment that finds it in supply takes the marker off.
    play.go_to(5, 3, 2);
    play.play("supply", &[("side", text("french"))], &[]);
    assert_eq!(play.attribute("french", "Armée du Jura", "supply"), None);
}

/// The French Formations set up in the garrisoned Fortresses of 27.2 (L2272-2282, L2286): Lyons,
/// Bayonne, Perpignan and Strasbourg, as the Supply form names them.
const IN_FORTRESSES: &str = "in supply in a friendly Fortress: Armée des Alpes, Armée des Pyrénées Occidentale, Armée des Pyrénées Orientale, Armée du Rhin (16.1.4, L1497)";

/// The Supply form's Formations in supply automatically.
fn in_fortress(play: &Play, side: &str) -> Vec<String> {
    play.input("supply", &[("side", text(side))])
        .list("in_fortress")
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_formation_in_a_friendly_intact_fortress_and_an_unbrigaded_unit_are_in_supply_automatically() {
    // 16.1.4, L1497: "Formations in areas with undestroyed friendly Fortresses ... and individual
    // combat units on the map are considered automatically in supply"; 19.1.1, L1720. As 27.2
    // begins the French hold the eleven Fortresses they garrison (L2286).
    let mut play = basic_game();
    play.go_to(4, 3, 2);
    assert_eq!(
        in_fortress(&play, "french"),
        [
            "Armée des Alpes",
            "Armée des Pyrénées Occidentale",
            "Armée des Pyrénées Orientale",
            "Armée du Rhin"
        ]
    );
    assert!(in_fortress(&play, "allied").is_empty());
    // The picker offers the others only.
    let supply = play.game.procedure("supply").expect("Supply");
    let form = play.input("supply", &[("side", text("french"))]);
    let offered = |name: &str| supply.offers("out_of_supply", &form, play.record(), "french", name);
    assert!(!offered("Armée des Alpes"));
    assert!(offered("Armée du Jura"));
    // Named anyway, it is refused, the field and the rule named.
    let refusal = play
        .refused(
            "supply",
            &[
                ("side", text("french")),
                ("out_of_supply", list(&["Armée du Jura", "Armée des Alpes"])),
            ],
        )
        .expect("in supply automatically");
    assert!(refusal.starts_with("field `out_of_supply`"), "{refusal}");
    assert!(
        refusal.contains("Armée des Alpes stands in Lyons (I8)")
            && refusal.contains("16.1.4, L1497"),
        "{refusal}"
    );
    // An un-brigaded unit, a garrison's National Guard (L2286), is in no Formation: always in
    // supply (L1497).
    let refusal = play
        .refused(
            "supply",
            &[
                ("side", text("french")),
                ("out_of_supply", list(&["Garrison NG 1CF 1"])),
            ],
        )
        .expect("un-brigaded");
    assert!(
        refusal.contains("un-brigaded unit: it is always in supply (16.1.4, L1497)"),
        "{refusal}"
    );
    // The segment states them in supply and takes nothing from them.
    let resolution = play.play("supply", &[("side", text("french"))], &[]);
    assert_eq!(
        resolution.outcome.headline,
        format!("Every Formation of the French is in supply; {IN_FORTRESSES}")
    );
    assert_eq!(war_chest::vp(play.record(), "allied"), 10);
}

#[test]
fn a_fortress_captured_supplies_its_captor_and_no_longer_its_former_holder() {
    // 20.3, L1778: "the capture of an enemy defended Fortress"; the Fortress is then the
    // captor's, "friendly" to him for supply (16.1.4, L1497).
    let mut play = basic_game();
    play.go_to(4, 3, 2);
    let capture = |side: &str, area: &str| {
        vec![
            ("side", text(side)),
            ("what", text("fortress")),
            ("area", text(area)),
        ]
    };
    // The record must know where: it keeps the holder.
    let refusal = play
        .refused("capture", &capture("allied", ""))
        .expect("no area");
    assert!(
        refusal.starts_with("field `area`") && refusal.contains("16.1.4, L1497"),
        "{refusal}"
    );
    // The Allies are offered the French Fortresses the record knows first.
    let procedure = play.game.procedure("capture").expect("Capture");
    let form = play.input("capture", &capture("allied", ""));
    let suggested = procedure.suggests("area", &form, play.record());
    assert_eq!(suggested.first().map(String::as_str), Some("Bayonne (D12)"));
    assert!(suggested.contains(&"Lyons (I8)".to_string()));
    play.play("capture", &capture("allied", "Lyons (I8)"), &[]);
    assert_eq!(war_chest::vp(play.record(), "allied"), 11);
    assert_eq!(
        fortresses::holder(play.record(), "Lyons (I8)"),
        Some("allied")
    );
    let refusal = play
        .refused("capture", &capture("allied", "Lyons (I8)"))
        .expect("theirs already");
    assert!(refusal.contains("held by the Allies already"), "{refusal}");
    // The Armée des Alpes, still in Lyons, is in supply no more by the Fortress...
    assert!(!in_fortress(&play, "french").contains(&"Armée des Alpes".to_string()));
    let resolution = play.play(
        "supply",
        &[
            ("side", text("french")),
            ("out_of_supply", list(&["Armée des Alpes"])),
        ],
        &[],
    );
    assert!(
        resolution
            .outcome
            .headline
            .starts_with("Out of Supply: Armée des Alpes;"),
        "{}",
        resolution.outcome.headline
    );
    // ...and an Allied Formation there is.
    play.play(
        "move-formation",
        &[
            ("side", text("allied")),
            ("formation", text("Army of Italy")),
            ("to", text("Lyons (I8)")),
        ],
        &[],
    );
    assert_eq!(in_fortress(&play, "allied"), ["Army of Italy"]);
    // Retaken, it is French again.
    play.play("capture", &capture("french", "Lyons (I8)"), &[]);
    assert_eq!(
        fortresses::holder(play.record(), "Lyons (I8)"),
        Some("french")
    );
    assert!(in_fortress(&play, "allied").is_empty());
    assert!(in_fortress(&play, "french").contains(&"Armée des Alpes".to_string()));
}

#[test]
fn field_maintenance_pays_for_every_formation_box_holding_troops() {
    // 11.1.1-11.1.2, L1314-1316; addendum §2.4, "27.2 opening maintenance count": 10 French and
    // 11 Allied Formations, the off-board ones included. FICTIONAL price: 2 RP a Formation.
    let mut play = basic_game();
    play.go_to(4, 0, 4);
    assert_eq!(step_title(&play), "Field Maintenance Segment");
    let resolution = play.play("field-maintenance", &[("side", text("french"))], &[]);
    assert_eq!(
        resolution.outcome.headline,
        "The French pay 20 RP for 10 Formations at 2 RP each"
    );
    assert_eq!(
        resolution
            .cell
            .as_ref()
            .map(|c| c.table.to_string())
            .as_deref(),
        Some("rp-costs")
    );
    assert_eq!(war_chest::rp(play.record(), "french"), 65);
    let refusal = once_refusal(&play, "field-maintenance", &[("side", text("french"))]);
    assert!(refusal.contains("11.1.1, L1314"), "{refusal}");
    play.play("field-maintenance", &[("side", text("allied"))], &[]);
    assert_eq!(war_chest::rp(play.record(), "allied"), 195 - 22);
}

#[test]
fn a_player_who_cannot_pay_disbands_formations_until_he_can() {
    // 11.1.3-11.1.4, L1318-1322.
    let mut play = basic_game();
    // Four turns' maintenance, June to September, with no income: 85 - 4 x 20 = 5 RP.
    for turn in 4..=7 {
        play.go_to(turn, 0, 4);
        play.play("field-maintenance", &[("side", text("french"))], &[]);
    }
    assert_eq!(war_chest::rp(play.record(), "french"), 5);
    play.go_to(8, 0, 4);
    let form = play.input("field-maintenance", &[("side", text("french"))]);
    let maintenance = play
        .game
        .procedure("field-maintenance")
        .expect("maintenance");
    let refusal =
        resolve_checked(maintenance, &form, &play.tables, &[]).expect_err("20 RP are not there");
    assert!(refusal.to_string().contains("11.1.3, L1318"), "{refusal}");
    let resolution = play.play(
        "disband",
        &[
            ("side", text("french")),
            ("formation", text("Armée du Var")),
        ],
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "Armée du Var is disbanded: its units stay in Ventoux (I11) un-brigaded"
    );
    assert_eq!(play.state("french", "Armée du Var"), "inactive");
    assert_eq!(play.state("french", "Brune"), "leader pool");
    // He went to the Pool in turn 8's Mobilization Phase: no command again in it (4.5.6, L720).
    assert_eq!(
        play.attribute("french", "Brune", "pooled_in").as_deref(),
        Some("8/0")
    );
    for unit in ["Armée du Var 1CF Inf Div 1", "Armée du Var 1CF Inf Div 2"] {
        assert_eq!(play.attribute("french", unit, "formation"), None);
        assert_eq!(
            play.attribute("french", unit, "area").as_deref(),
            Some("Ventoux (I11)")
        );
        assert_eq!(play.state("french", unit), "in play");
    }
    let form = play.input("field-maintenance", &[("side", text("french"))]);
    assert_eq!(form.list("formations").len(), 9);
}

#[test]
fn a_force_march_marker_comes_off_after_the_administration_phases_attrition() {
    // 18.4.5-18.4.10, L1698-1710; addendum §2.4, "Force March timing": a Force March in OPs 1
    // checks attrition in that turn's Administration, then the marker comes off; one in OPs 3
    // checks in the next Mobilization and the next Administration.
    let mut play = with_french_ap();
    with_left_wing_cavalry(&mut play);
    let force_march = |play: &mut Play| {
        play.play(
            "move-formation",
            &[
                ("side", text("french")),
                ("formation", text("Left Wing")),
                ("to", text("Amiens")),
                ("force_march", flag(true)),
            ],
            &[],
        )
    };
    let check = |play: &mut Play| {
        let form = play.input(
            "attrition",
            &[("side", text("french")), ("formation", text("Left Wing"))],
        );
        let marked = (form.flag("force_marched"), form.flag("remove_marker"));
        play.play(
            "attrition",
            &[("side", text("french")), ("formation", text("Left Wing"))],
            &[1],
        );
        marked
    };
    play.go_to(4, 1, 0);
    let resolution = force_march(&mut play);
    assert_eq!(
        resolution.outcome.headline,
        "Left Wing Force Marches to Amiens: its CF is halved in this OPs Phase's battles"
    );
    assert_eq!(
        play.attribute("french", "Left Wing", "force_march")
            .as_deref(),
        Some("skull")
    );
    play.go_to(4, 2, 0);
    play.play("flip-force-march", &[("side", text("french"))], &[]);
    assert_eq!(
        play.attribute("french", "Left Wing", "force_march")
            .as_deref(),
        Some("front")
    );
    play.go_to(4, 3, 3);
    assert_eq!(check(&mut play), (true, true));
    assert_eq!(play.attribute("french", "Left Wing", "force_march"), None);
    // Force Marched again in OPs Phase 3: July's Mobilization checks and keeps the marker.
    play.go_to(4, 4, 0);
    force_march(&mut play);
    play.go_to(5, 0, 3);
    assert_eq!(check(&mut play), (true, false));
    assert!(
        play.attribute("french", "Left Wing", "force_march")
            .is_some()
    );
    play.go_to(5, 3, 3);
    assert_eq!(check(&mut play), (true, true));
    assert_eq!(play.attribute("french", "Left Wing", "force_march"), None);
}

#[test]
fn the_spanish_may_not_move_before_the_july_turn() {
    // 27.2.2, L2310.
    let mut play = basic_game();
    let spanish = [
        ("side", text("allied")),
        ("formation", text("Spanish Army")),
        ("to", text("Navarre")),
    ];
    let refusal = play.refused("move-formation", &spanish).expect("frozen");
    assert!(refusal.contains("27.2.2, L2310"), "{refusal}");
    play.go_to(5, 1, 0);
    play.play("move-formation", &spanish, &[]);
    assert_eq!(
        play.attribute("allied", "Spanish Army", "area").as_deref(),
        Some("Navarre")
    );
}

/// The Leader Segment's replacement of `formation`'s Leader by `new`, from the Leader Pool.
fn replacing(
    formation: &str,
    new: &str,
) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    vec![
        ("side", text("french")),
        ("change", text("replace")),
        ("formation", text(formation)),
        ("new_leader", text(new)),
    ]
}

#[test]
fn the_leader_segments_allow_one_change_in_mobilization_and_two_in_administration() {
    // 4.5.2-4.5.6, L710-720; 27.2.1, L2300 (the French Leader Pool).
    let mut play = basic_game();
    play.go_to(4, 0, 5);
    assert_eq!(step_title(&play), "Leader Segment");
    let resolution = play.play("leader-change", &replacing("Left Wing", "Soult"), &[]);
    assert_eq!(
        resolution.outcome.headline,
        "Soult takes command of Left Wing; Ney goes to the Leader Pool"
    );
    assert_eq!(
        play.attribute("french", "Left Wing", "leader").as_deref(),
        Some("Soult")
    );
    assert_eq!(play.state("french", "Ney"), "leader pool");
    let refusal = play
        .refused("leader-change", &replacing("Right Wing", "Gérard"))
        .expect("one change in the Mobilization Phase");
    assert!(refusal.contains("4.5.2-4.5.3"), "{refusal}");
    // The Administration Phase: two changes, and Ney, pooled in another Phase, may return.
    play.go_to(4, 3, 9);
    assert_eq!(step_title(&play), "Leader Segment");
    play.play("leader-change", &replacing("Right Wing", "Ney"), &[]);
    let refusal = play
        .refused("leader-change", &replacing("Armée du Rhin", "Grouchy"))
        .expect("sent to the Pool in this Phase");
    assert!(refusal.contains("4.5.6, L720"), "{refusal}");
    let exchange = [
        ("side", text("french")),
        ("change", text("exchange")),
        ("formation", text("Armée du Nord")),
        ("other_formation", text("Right Wing")),
    ];
    let refusal = play
        .refused("leader-change", &exchange)
        .expect("not the same area");
    assert!(refusal.contains("4.5.2, L710"), "{refusal}");
    play.play("leader-change", &replacing("Armée du Rhin", "Gérard"), &[]);
    let refusal = play
        .refused("leader-change", &replacing("Armée du Jura", "Jourdan"))
        .expect("two changes in the Administration Phase");
    assert!(refusal.contains("made 2 Leader change(s)"), "{refusal}");
}

#[test]
fn the_allies_add_a_senior_leaders_ap_on_the_map_or_any_leaders_under_the_other_reading() {
    // The addendum's S5: 10.2.3, L1298 ("any one of his Leaders in play on the map") with 4.3.1,
    // L684 ("Only Senior Leaders (those with 4 stars)"). FICTIONAL counter values.
    let mut play = basic_game();
    enter(&mut play, "allied", "Wellington", "stars", "3");
    enter(&mut play, "allied", "Wellington", "ap", "3");
    enter(&mut play, "allied", "Blücher", "stars", "4");
    enter(&mut play, "allied", "Blücher", "ap", "1");
    let form = play.input("rp-accumulation", &[("side", text("allied"))]);
    assert_eq!(form.text("leader"), "Blücher");
    let refusal = play
        .refused(
            "rp-accumulation",
            &[("side", text("allied")), ("leader", text("Wellington"))],
        )
        .expect("not a Senior Leader");
    assert!(refusal.contains("4.3.1, L684"), "{refusal}");
    // Under the other reading any Leader on the map lends his rating: Wellington's is highest.
    let any = [
        ("side", text("allied")),
        ("rp_allied_leader", text("any_on_map")),
    ];
    let form = play.input("rp-accumulation", &any);
    assert_eq!(form.text("leader"), "Wellington");
    assert_eq!(form.number("leader_ap"), 3);
    let rolled = play.play("rp-accumulation", &any, &[1, 1]);
    assert_eq!(rolled.totals[0].total, 5);
    assert_eq!(rolled.modifiers[0].label, "Wellington's AP rating");
    // A Leader off the map lends nothing: with none picked the benefit is lost (4.3.2, L686).
    let refusal = play
        .refused(
            "rp-accumulation",
            &[("side", text("french")), ("leader", text("Napoleon"))],
        )
        .expect("not the War Minister");
    assert!(refusal.contains("10.2.2, L1296"), "{refusal}");
}

#[test]
fn the_minus_one_owed_goes_with_the_leader_when_he_leaves_his_formation() {
    // 4.2.6, L676: the -1 is owed on a roll "for this Leader". Ney, forced with no AP left, goes
    // to the Leader Pool: Soult does not inherit it.
    let mut play = with_french_ap();
    play.go_to(4, 0, 0);
    left_wing_forced(&mut play);
    play.go_to(4, 0, 5);
    let form = play.input("leader-change", &replacing("Left Wing", "Soult"));
    assert!(form.flag("forced_now"));
    play.play("leader-change", &replacing("Left Wing", "Soult"), &[]);
    assert_eq!(
        play.attribute("french", "Left Wing", "forced_without_ap"),
        None
    );
}
