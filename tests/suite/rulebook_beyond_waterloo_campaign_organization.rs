//! Beyond Waterloo's Basic Game campaign: the Organize/Reorganize Segment (Module 13, with Corps
//! breakdown and buildup, 3.7-3.8) and the Rebuild Troop Units Segment (Module 14), each test
//! citing its Case and line. The text prints no counter value: every AP rating, Rank in stars,
//! Morale value and CF the tests enter beyond the listings' printed CFs is FICTIONAL, and so is the
//! RP Costs Chart's replacement price (tests/fixtures/beyond-waterloo/rp-costs.toml: 4 RP a step).

use crate::rulebook_beyond_waterloo_campaign::{basic_game, enter, with_french_ap};
use crate::support::{Play, list, text};
use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::procedure::Resolution;
use aide_de_camp::games::beyond_waterloo::campaign::war_chest;

/// The title of the segment where play stands.
fn step_title(play: &Play) -> &'static str {
    play.game
        .sequence_of(play.record())
        .step(play.record().position)
        .expect("a step")
        .title
}

/// Turn 4's Organize/Reorganize Segment (8.2.1, L1213).
fn to_organize(play: &mut Play) {
    play.go_to(4, 0, 9);
    assert_eq!(step_title(play), "Organize/Reorganize Segment");
}

/// Turn 4's Rebuild Troop Units Segment (8.2.1, L1214).
fn to_rebuild(play: &mut Play) {
    play.go_to(4, 0, 10);
    assert_eq!(step_title(play), "Rebuild Troop Units Segment");
}

/// The Basic Game with the French AP levels reset to their Leaders' FICTIONAL ratings: Napoleon
/// 1, Ney 2, Grouchy 3, Rapp 1, Lecourbe 2, Suchet 3, Brune 1, Decaen 2, Clausel 3, Lamarque 1.
fn french() -> Play {
    let mut play = with_french_ap();
    play.play("ap-reset", &[("side", text("french"))], &[]);
    play
}

/// Every Allied Formation's Leader given a FICTIONAL AP rating of 2, and the Allied AP reset.
fn with_allied_ap(play: &mut Play) {
    let leaders: Vec<String> = play
        .record()
        .units_where(
            Some("allied"),
            &[("type", "formation"), ("state", "in play")],
        )
        .filter_map(|(_, _, f)| f.attribute("leader").map(str::to_string))
        .collect();
    for leader in leaders {
        enter(play, "allied", &leader, "ap", "2");
    }
    play.play("ap-reset", &[("side", text("allied"))], &[]);
}

fn ap(play: &Play, side: &str, formation: &str) -> Option<String> {
    play.attribute(side, formation, "ap_level")
}

fn moved(side: &str, unit: &str, to: &str) -> Vec<(&'static str, Value)> {
    vec![("side", text(side)), ("unit", text(unit)), ("to", text(to))]
}

fn reorganize(play: &mut Play, side: &str, unit: &str, to: &str) -> Resolution {
    play.play("reorganize-unit", &moved(side, unit, to), &[])
}

fn move_formation(play: &mut Play, side: &str, formation: &str, to: &str) {
    play.play(
        "move-formation",
        &[
            ("side", text(side)),
            ("formation", text(formation)),
            ("to", text(to)),
        ],
        &[],
    );
}

fn new_formation(
    side: &str,
    name: &str,
    leader: &str,
    units: &[&str],
) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text(side)),
        ("formation", text(name)),
        ("leader", text(leader)),
        ("units", list(units)),
    ]
}

fn brigading(side: &str, formation: &str, senior: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text(side)),
        ("formation", text(formation)),
        ("action", text("brigade")),
        ("senior", text(senior)),
    ]
}

fn refusal(play: &Play, procedure: &str, values: &[(&str, Value)]) -> String {
    play.refused(procedure, values)
        .unwrap_or_else(|| panic!("{procedure} should be refused: {values:?}"))
}

#[test]
fn a_unit_moves_between_formations_in_one_area_for_an_ap_of_the_formation_it_leaves() {
    // 13.1.1-13.1.2, L1405-1407; 13.0, L1401; 5.1.6A-5.1.7, L766-768. FICTIONAL AP: Ney 2,
    // Grouchy 3.
    let mut play = french();
    move_formation(&mut play, "french", "Right Wing", "Doullens (H2)");
    to_organize(&mut play);
    let resolution = reorganize(&mut play, "french", "Right Wing 4CF Inf Corps", "Left Wing");
    assert_eq!(
        resolution.outcome.headline,
        "Right Wing 4CF Inf Corps moves from Right Wing to Left Wing; Right Wing spends 1 AP"
    );
    assert_eq!(
        play.attribute("french", "Right Wing 4CF Inf Corps", "formation")
            .as_deref(),
        Some("Left Wing")
    );
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("2"));
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("2"));
    // Only among Formations in the same area (13.0, L1401).
    let refused = refusal(
        &play,
        "reorganize-unit",
        &moved("french", "Right Wing 5CF Inf Corps 1", "Armée du Nord"),
    );
    assert!(refused.contains("13.0, L1401"), "{refused}");
    // Un-brigaded, the unit stays in the area in no Formation; its Formation pays (5.1.7, L768).
    reorganize(&mut play, "french", "Left Wing Cav Corps 1", "");
    assert_eq!(
        play.attribute("french", "Left Wing Cav Corps 1", "formation"),
        None
    );
    assert_eq!(
        play.attribute("french", "Left Wing Cav Corps 1", "area")
            .as_deref(),
        Some("Doullens (H2)")
    );
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("1"));
    // Brigading an un-brigaded unit costs the Formation it joins (5.1.6A, L766).
    reorganize(&mut play, "french", "Left Wing Cav Corps 1", "Right Wing");
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("1"));
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("1"));
}

#[test]
fn no_reorganization_at_zero_ap_or_out_of_supply() {
    // 4.2.6, L676; 13.1.3, L1409; 16.5.4, L1567. FICTIONAL: Napoleon's AP rating 1.
    let mut play = french();
    to_organize(&mut play);
    reorganize(
        &mut play,
        "french",
        "Paris or Laon 1CF Inf Div",
        "Armée du Nord",
    );
    assert_eq!(ap(&play, "french", "Armée du Nord").as_deref(), Some("0"));
    let refused = refusal(
        &play,
        "reorganize-unit",
        &moved("french", "Paris or Laon NG 1CF", "Armée du Nord"),
    );
    assert!(refused.contains("4.2.6, L676"), "{refused}");
    let refused = refusal(
        &play,
        "reorganize-unit",
        &moved("french", "Armée du Nord 4CF Inf Corps", ""),
    );
    assert!(refused.contains("13.1.3, L1409"), "{refused}");
    play.play(
        "supply",
        &[
            ("side", text("french")),
            ("out_of_supply", list(&["Left Wing"])),
        ],
        &[],
    );
    let refused = refusal(
        &play,
        "reorganize-unit",
        &moved("french", "Left Wing Cav Corps 1", ""),
    );
    assert!(refused.contains("16.5.4, L1567"), "{refused}");
}

#[test]
fn a_formation_left_without_units_is_deactivated_and_its_leader_cannot_lead_a_new_one() {
    // 5.1.8, L770; 13.2.5, L1423. FICTIONAL AP: Decaen 2, Soult 3.
    let mut play = french();
    enter(&mut play, "french", "Soult", "ap", "3");
    to_organize(&mut play);
    let divisions = [
        "Armée des Pyrénées Orientale 1CF Inf Div 1",
        "Armée des Pyrénées Orientale 1CF Inf Div 2",
    ];
    reorganize(&mut play, "french", divisions[0], "");
    let resolution = reorganize(&mut play, "french", divisions[1], "");
    assert!(
        resolution
            .outcome
            .headline
            .ends_with("Armée des Pyrénées Orientale has no unit left and is de-activated; Decaen goes to the Leader Pool"),
        "{}",
        resolution.outcome.headline
    );
    assert_eq!(
        play.state("french", "Armée des Pyrénées Orientale"),
        "inactive"
    );
    assert_eq!(play.state("french", "Decaen"), "leader pool");
    // Decaen went to the Pool in this Mobilization Phase: he may not lead a new Formation in it.
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation(
            "french",
            "Armée des Pyrénées Orientale",
            "Decaen",
            &divisions,
        ),
    );
    assert!(refused.contains("13.2.5, L1423"), "{refused}");
    // Soult, in the Pool since the set-up, takes the marker (13.2.1-13.2.7, L1415-1427).
    let resolution = play.play(
        "new-formation",
        &new_formation(
            "french",
            "Armée des Pyrénées Orientale",
            "Soult",
            &divisions,
        ),
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "Armée des Pyrénées Orientale is created in Perpignan (G13) under Soult for 2 RP: AP 3, Morale 3, 2 units"
    );
    let formation = "Armée des Pyrénées Orientale";
    assert_eq!(play.state("french", formation), "in play");
    assert_eq!(
        play.attribute("french", formation, "leader").as_deref(),
        Some("Soult")
    );
    assert_eq!(ap(&play, "french", formation).as_deref(), Some("3"));
    assert_eq!(
        play.attribute("french", formation, "formation_morale")
            .as_deref(),
        Some("3")
    );
    assert_eq!(
        play.attribute("french", formation, "area").as_deref(),
        Some("Perpignan (G13)")
    );
    assert_eq!(play.state("french", "Soult"), "in play");
    assert_eq!(
        play.attribute("french", divisions[1], "formation")
            .as_deref(),
        Some(formation)
    );
    // 13.2.4, L1421: 2 RP from the War Chest, 85 at the start (L2258).
    assert_eq!(war_chest::rp(play.record(), "french"), 83);
}

#[test]
fn a_new_formation_takes_two_units_of_one_area_a_free_marker_and_a_pool_leader() {
    // 13.2.1-13.2.5, L1415-1423. FICTIONAL AP: Ney 2, Gérard 2.
    let mut play = french();
    enter(&mut play, "french", "Gérard", "ap", "2");
    to_organize(&mut play);
    let corps = ["Left Wing 6CF Inf Corps 1", "Left Wing 6CF Inf Corps 2"];
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation("french", "Troops 1", "Gérard", &corps[..1]),
    );
    assert!(refused.contains("13.2.2, L1417"), "{refused}");
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation(
            "french",
            "Troops 1",
            "Gérard",
            &[corps[0], "Right Wing 4CF Inf Corps"],
        ),
    );
    assert!(refused.contains("13.2.2, L1417"), "{refused}");
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation("french", "Right Wing", "Gérard", &corps),
    );
    assert!(refused.contains("13.2.1, L1415"), "{refused}");
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation("french", "Troops 1", "Ney", &corps),
    );
    assert!(
        refused.contains("not in the French Leader Pool"),
        "{refused}"
    );
    // A Generic Formation marker the record has not seen; the units shifted from the Left Wing at
    // no AP cost to it (13.2.3, L1419, the default reading of S12).
    play.play(
        "new-formation",
        &new_formation("french", "Troops 1", "Gérard", &corps),
        &[],
    );
    assert_eq!(play.state("french", "Troops 1"), "in play");
    assert_eq!(
        play.attribute("french", "Troops 1", "area").as_deref(),
        Some("Doullens (H2)")
    );
    assert_eq!(
        play.attribute("french", "Troops 1", "nation").as_deref(),
        Some("french")
    );
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("2"));
    // Only in the Organize/Reorganize Segment (13.2.1, L1415).
    enter(&mut play, "french", "Jourdan", "ap", "1");
    to_rebuild(&mut play);
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation(
            "french",
            "Troops 2",
            "Jourdan",
            &["Left Wing Cav Corps 1", "Left Wing Cav Corps 2"],
        ),
    );
    assert!(refused.contains("13.2.1, L1415"), "{refused}");
}

/// The French at the Organize/Reorganize Segment under the reading `reading` of S12, the Right
/// Wing moved to the Left Wing's area, Gérard's AP rating entered (FICTIONAL 2).
fn shifting(reading: &str) -> Play {
    let mut play = french();
    play.play(
        "settings",
        &[("reorg_ap_new_formation", text(reading))],
        &[],
    );
    move_formation(&mut play, "french", "Right Wing", "Doullens (H2)");
    enter(&mut play, "french", "Gérard", "ap", "2");
    to_organize(&mut play);
    play
}

#[test]
fn the_ap_of_a_shift_between_formations_follows_the_setting() {
    // S12: 13.1.2, L1407 against 13.2.3, L1419. FICTIONAL AP: Ney 2, Grouchy 3.
    let corps = ["Left Wing 6CF Inf Corps 1", "Left Wing 6CF Inf Corps 2"];
    // By default a shift costs 1 AP, and nothing into a new Formation.
    let mut play = shifting("new_formation_only");
    reorganize(&mut play, "french", "Right Wing 4CF Inf Corps", "Left Wing");
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("2"));
    play.play(
        "new-formation",
        &new_formation("french", "Troops 1", "Gérard", &corps),
        &[],
    );
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("2"));
    // Read generally, any shift is free; un-brigading still costs (5.1.6A, L766).
    let mut play = shifting("any_shift");
    let resolution = reorganize(&mut play, "french", "Right Wing 4CF Inf Corps", "Left Wing");
    assert!(
        resolution
            .outcome
            .headline
            .contains("at no AP cost (13.2.3, L1419)"),
        "{}",
        resolution.outcome.headline
    );
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("3"));
    reorganize(&mut play, "french", "Left Wing Cav Corps 1", "");
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("1"));
    // Never free: the Left Wing pays a unit shifted into a new Formation, and cannot pay three.
    let mut play = shifting("never_free");
    let refused = refusal(
        &play,
        "new-formation",
        &new_formation(
            "french",
            "Troops 1",
            "Gérard",
            &[corps[0], corps[1], "Left Wing Cav Corps 1"],
        ),
    );
    assert!(refused.contains("4.2.6, L676"), "{refused}");
    let resolution = play.play(
        "new-formation",
        &new_formation("french", "Troops 1", "Gérard", &corps),
        &[],
    );
    assert!(
        resolution
            .outcome
            .headline
            .contains("Left Wing spends 2 AP"),
        "{}",
        resolution.outcome.headline
    );
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("0"));
    reorganize(&mut play, "french", "Right Wing 4CF Inf Corps", "Troops 1");
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("2"));
}

#[test]
fn wellington_may_not_lead_british_and_prussian_formations_brigaded_together() {
    // 5.4.3, L826-828 (the example); 4.3.3, L688; 4.2.3, L666; 4.1.4, L652; 5.4.2, L824.
    // Wellington's 4 stars follow from the example, in which he leads a brigaded command; Hill's
    // and Kleist's 3 stars and every AP rating (2) are FICTIONAL.
    let mut play = basic_game();
    with_allied_ap(&mut play);
    enter(&mut play, "allied", "Hill", "ap", "2");
    enter(&mut play, "allied", "Wellington", "stars", "4");
    enter(&mut play, "allied", "Hill", "stars", "3");
    enter(&mut play, "allied", "Kleist", "stars", "3");
    move_formation(
        &mut play,
        "allied",
        "Army of North Germany",
        "Brussels (I1)",
    );
    to_organize(&mut play);
    let wellington = "Anglo-Dutch-Belgian Formation";
    play.play(
        "new-formation",
        &new_formation(
            "allied",
            "British Troops 1",
            "Hill",
            &[
                "Anglo-Dutch-Belgian Formation 5CF Inf Corps",
                "Anglo-Dutch-Belgian Formation Cav Corps",
            ],
        ),
        &[],
    );
    // Hill, of 3 stars, holds no brigaded Formation (4.3.3, L688).
    let refused = refusal(
        &play,
        "brigade-formation",
        &brigading("allied", wellington, "British Troops 1"),
    );
    assert!(refused.contains("4.3.3, L688"), "{refused}");
    // A British Formation under Wellington, his Formation paying the AP (4.2.3, L666).
    let resolution = play.play(
        "brigade-formation",
        &brigading("allied", "British Troops 1", wellington),
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "British Troops 1 is brigaded to Anglo-Dutch-Belgian Formation, which spends 1 AP"
    );
    assert_eq!(
        play.attribute("allied", "British Troops 1", "brigaded_to")
            .as_deref(),
        Some(wellington)
    );
    assert_eq!(ap(&play, "allied", wellington).as_deref(), Some("1"));
    // The example: not a Prussian Formation beside it.
    let refused = refusal(
        &play,
        "brigade-formation",
        &brigading("allied", "Army of North Germany", wellington),
    );
    assert!(refused.contains("5.4.3, L826-828"), "{refused}");
    // Nor a Prussian unit in his Formation (4.1.4, L652); a Minor Ally's may (5.4.2, L824).
    let refused = refusal(
        &play,
        "reorganize-unit",
        &moved("allied", "Army of North Germany 1CF Inf Div", wellington),
    );
    assert!(refused.contains("4.1.4, L652"), "{refused}");
    reorganize(
        &mut play,
        "allied",
        "Army of North Germany Hesse Inf Div",
        wellington,
    );
    assert_eq!(
        ap(&play, "allied", "Army of North Germany").as_deref(),
        Some("1")
    );
    // Un-brigading is the Senior Leader's AP too.
    let unbrigade = [
        ("side", text("allied")),
        ("formation", text("British Troops 1")),
        ("action", text("unbrigade")),
    ];
    play.play("brigade-formation", &unbrigade, &[]);
    assert_eq!(
        play.attribute("allied", "British Troops 1", "brigaded_to"),
        None
    );
    assert_eq!(ap(&play, "allied", wellington).as_deref(), Some("0"));
    let refused = refusal(
        &play,
        "brigade-formation",
        &brigading("allied", "British Troops 1", wellington),
    );
    assert!(refused.contains("4.2.6, L676"), "{refused}");
}

#[test]
fn a_leaders_rank_is_three_or_four_stars_and_must_be_entered() {
    // 4.1.1, L646.
    let mut play = french();
    let refused = refusal(
        &play,
        "counter-value",
        &[
            ("side", text("french")),
            ("unit", text("Napoleon")),
            ("value_of", text("stars")),
            ("value", text("5")),
        ],
    );
    assert!(refused.contains("4.1.1, L646"), "{refused}");
    move_formation(&mut play, "french", "Left Wing", "Paris (G5)");
    to_organize(&mut play);
    let refused = refusal(
        &play,
        "brigade-formation",
        &brigading("french", "Left Wing", "Armée du Nord"),
    );
    assert!(refused.contains("Napoleon's Rank in stars"), "{refused}");
}
