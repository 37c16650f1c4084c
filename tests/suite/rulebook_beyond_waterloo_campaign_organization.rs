//! Beyond Waterloo's Basic Game campaign: the Organize/Reorganize Segment (Module 13, with Corps
//! breakdown and buildup, 3.7-3.8) and the Rebuild Troop Units Segment (Module 14), each test
//! citing its Case and line. The text prints no counter value: every AP rating, Rank in stars,
//! Morale value and CF the tests enter beyond the listings' printed CFs is FICTIONAL, and so is the
//! RP Costs Chart's replacement price (tests/fixtures/beyond-waterloo/rp-costs.toml: 4 RP a step).

use crate::rulebook_beyond_waterloo_campaign::{basic_game, enter, with_french_ap};
use crate::support::{Play, list, number, text};
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

/// The segments of turn 4's Mobilization Phase up to the Organize/Reorganize Segment in which the
/// Supply form may be resolved, once each for each side.
const SEGMENTS: [usize; 7] = [0, 3, 4, 5, 6, 7, 8];

/// A unit taking a step: (side, Formation, unit, its back's CF, its back's Morale).
type Reduced<'a> = (&'a str, &'a str, &'a str, &'a str, &'a str);

/// Each unit takes a step in a segment of turn 4's Mobilization Phase, one a side a segment: its
/// Formation found Out of Supply, the step from that unit (16.5.1, L1561), the back of the
/// counter FICTIONAL. Then every Formation is back in supply (16.1.5, L1499). Play stands in the
/// segment after.
fn reduce(play: &mut Play, units: &[Reduced]) {
    let of_side = |side: &'static str| units.iter().filter(move |u| u.0 == side);
    let steps = of_side("french").count().max(of_side("allied").count());
    assert!(steps < SEGMENTS.len());
    for (i, step) in SEGMENTS.iter().take(steps).enumerate() {
        play.go_to(4, 0, *step);
        for side in ["french", "allied"] {
            let Some(&(_, formation, unit, cf, morale)) = of_side(side).nth(i) else {
                continue;
            };
            play.play(
                "supply",
                &[("side", text(side)), ("out_of_supply", list(&[formation]))],
                &[],
            );
            play.play(
                "take-losses",
                &[
                    ("side", text(side)),
                    ("unit", text(unit)),
                    ("steps", number(1)),
                    ("reduced_cf", text(cf)),
                    ("reduced_morale", text(morale)),
                ],
                &[],
            );
            assert_eq!(
                play.attribute(side, unit, "face").as_deref(),
                Some("reduced")
            );
        }
    }
    play.go_to(4, 0, SEGMENTS[steps]);
    for side in ["french", "allied"] {
        if of_side(side).next().is_some() {
            play.play("supply", &[("side", text(side))], &[]);
        }
    }
}

#[test]
fn the_segments_offer_their_procedures() {
    // 8.2.1, L1213-1214; Modules 13-14, L1399-1463.
    let mut play = french();
    to_organize(&mut play);
    let step = play
        .game
        .sequence_of(play.record())
        .step(play.record().position)
        .expect("a step");
    for procedure in [
        "reorganize-unit",
        "brigade-formation",
        "corps-breakdown",
        "corps-buildup",
        "new-formation",
    ] {
        assert!(step.procedures.contains(&procedure), "{procedure}");
        assert!(play.applies(procedure), "{procedure}");
    }
    to_rebuild(&mut play);
    let step = play
        .game
        .sequence_of(play.record())
        .step(play.record().position)
        .expect("a step");
    assert!(step.procedures.contains(&"replacement"));
    assert!(step.procedures.contains(&"recombination"));
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

#[test]
fn a_brigaded_formations_corps_is_reorganized_on_its_senior_leaders_ap() {
    // 4.2.3-4.2.4, L664-672; 3.7.7, L620. FICTIONAL: Napoleon 4 stars and AP 1, Ney 3 stars and
    // AP 2; Morale values 2 (the Corps), 2 and 3 (the Divisions).
    let mut play = french();
    enter(&mut play, "french", "Napoleon", "stars", "4");
    enter(&mut play, "french", "Ney", "stars", "3");
    enter(
        &mut play,
        "french",
        "Left Wing 6CF Inf Corps 1",
        "morale",
        "2",
    );
    enter(
        &mut play,
        "french",
        "Divisions Pool 2CF Inf Div 1",
        "morale",
        "2",
    );
    enter(
        &mut play,
        "french",
        "Divisions Pool 2CF Inf Div 2",
        "morale",
        "3",
    );
    move_formation(&mut play, "french", "Left Wing", "Paris (G5)");
    to_organize(&mut play);
    play.play(
        "brigade-formation",
        &brigading("french", "Left Wing", "Armée du Nord"),
        &[],
    );
    assert_eq!(ap(&play, "french", "Armée du Nord").as_deref(), Some("0"));
    let breakdown = [
        ("side", text("french")),
        ("corps", text("Left Wing 6CF Inf Corps 1")),
        (
            "divisions",
            list(&[
                "Divisions Pool 2CF Inf Div 1",
                "Divisions Pool 2CF Inf Div 2",
            ]),
        ),
    ];
    let refused = refusal(&play, "corps-breakdown", &breakdown);
    assert!(
        refused.contains("Armée du Nord has 0 AP left") && refused.contains("4.2.6, L676"),
        "{refused}"
    );
    // A unit brigaded or un-brigaded is its own Formation's Leader's to pay (4.2.3, L666).
    reorganize(&mut play, "french", "Left Wing Cav Corps 1", "");
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("1"));
}

#[test]
fn a_corps_breaks_down_into_two_divisions_of_its_nation_no_better_and_no_stronger() {
    // 3.7.1-3.7.7, L608-620; addendum §2.2 "Corps breakdown". FICTIONAL: Grouchy's AP 3, Ney's
    // 2; Morale values and the cavalry's CFs entered below.
    let mut play = french();
    for (unit, value_of, value) in [
        ("Right Wing 4CF Inf Corps", "morale", "2"),
        ("Divisions Pool 2CF Inf Div 1", "morale", "2"),
        ("Divisions Pool 2CF Inf Div 2", "morale", "3"),
        ("Divisions Pool 2CF Inf Div 3", "morale", "1"),
        ("Left Wing Cav Corps 1", "cf", "3"),
        ("Left Wing Cav Corps 1", "morale", "2"),
        ("Divisions Pool Cav Div 1", "cf", "2"),
        ("Divisions Pool Cav Div 1", "morale", "2"),
        ("Divisions Pool Cav Div 1", "reduced_cf", "1"),
        ("Divisions Pool Cav Div 1", "reduced_morale", "3"),
        ("Divisions Pool Cav Div 2", "cf", "2"),
        ("Divisions Pool Cav Div 2", "morale", "3"),
    ] {
        enter(&mut play, "french", unit, value_of, value);
    }
    let breakdown = |corps: &str, divisions: &[&str], reduced: &[&str]| {
        vec![
            ("side", text("french")),
            ("corps", text(corps)),
            ("divisions", list(divisions)),
            ("reduced", list(reduced)),
        ]
    };
    let corps = "Right Wing 4CF Inf Corps";
    let two = [
        "Divisions Pool 2CF Inf Div 1",
        "Divisions Pool 2CF Inf Div 2",
    ];
    play.go_to(4, 0, 8);
    let refused = refusal(&play, "corps-breakdown", &breakdown(corps, &two, &[]));
    assert!(refused.contains("3.7.1, L608"), "{refused}");
    to_organize(&mut play);
    // 3.7.3: no Division of a lower Morale value than the Corps'.
    let refused = refusal(
        &play,
        "corps-breakdown",
        &breakdown(
            corps,
            &[
                "Divisions Pool 2CF Inf Div 1",
                "Divisions Pool 2CF Inf Div 3",
            ],
            &[],
        ),
    );
    assert!(refused.contains("3.7.3, L612"), "{refused}");
    // 3.7.2: of its own nationality, from the Divisions Pool.
    let refused = refusal(
        &play,
        "corps-breakdown",
        &breakdown(
            corps,
            &[
                "Divisions Pool 2CF Inf Div 1",
                "Divisions Pool Russian 1CF Inf Div 1",
            ],
            &[],
        ),
    );
    assert!(refused.contains("3.7.2, L610"), "{refused}");
    // 2 + 2 CF within the Corps' 4: the French Corps goes to the Eliminated box (reading, 14.3.3).
    let resolution = play.play("corps-breakdown", &breakdown(corps, &two, &[]), &[]);
    assert!(
        resolution
            .outcome
            .headline
            .starts_with("Right Wing 4CF Inf Corps breaks down"),
        "{}",
        resolution.outcome.headline
    );
    assert_eq!(play.state("french", corps), "eliminated");
    for division in two {
        assert_eq!(play.state("french", division), "in play");
        assert_eq!(
            play.attribute("french", division, "formation").as_deref(),
            Some("Right Wing")
        );
    }
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("2"));
    // 3.7.4-3.7.5: 2 + 2 CF exceed the Cavalry Corps' 3, unless one comes in reduced (1 CF).
    let cavalry = ["Divisions Pool Cav Div 1", "Divisions Pool Cav Div 2"];
    let refused = refusal(
        &play,
        "corps-breakdown",
        &breakdown("Left Wing Cav Corps 1", &cavalry, &[]),
    );
    assert!(refused.contains("3.7.4-3.7.5, L614-616"), "{refused}");
    play.play(
        "corps-breakdown",
        &breakdown("Left Wing Cav Corps 1", &cavalry, &cavalry[..1]),
        &[],
    );
    assert_eq!(
        play.attribute("french", cavalry[0], "face").as_deref(),
        Some("reduced")
    );
    assert_eq!(play.state("french", "Left Wing Cav Corps 1"), "eliminated");
    assert_eq!(ap(&play, "french", "Left Wing").as_deref(), Some("1"));
}

/// The Armée du Jura's two 1CF Divisions (Morale 3 and 2) and the French Corps in the Force Pool
/// and the Eliminated box, all with FICTIONAL Morale values, at the Organize/Reorganize Segment
/// under the reading `reading` of S9.
fn building(reading: &str) -> Play {
    let mut play = french();
    play.play("settings", &[("buildup_morale", text(reading))], &[]);
    for (unit, morale) in [
        ("Armée du Jura 1CF Inf Div 1", "3"),
        ("Armée du Jura 1CF Inf Div 2", "2"),
        ("Force Pool 3CF Inf Corps 1", "2"),
        ("Force Pool 3CF Inf Corps 2", "1"),
        ("Force Pool 4CF Inf Corps", "2"),
        ("Eliminated 3CF Inf Corps 1", "3"),
        ("Eliminated 3CF Inf Corps 2", "2"),
        ("Eliminated 4CF Inf Corps", "2"),
        ("Eliminated 5CF Inf Corps 1", "2"),
        ("Eliminated 5CF Inf Corps 2", "4"),
    ] {
        enter(&mut play, "french", unit, "morale", morale);
    }
    to_organize(&mut play);
    play
}

fn buildup(corps: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("french")),
        (
            "divisions",
            list(&["Armée du Jura 1CF Inf Div 1", "Armée du Jura 1CF Inf Div 2"]),
        ),
        ("corps", text(corps)),
    ]
}

#[test]
fn two_full_divisions_build_up_into_the_lowest_cf_corps_available() {
    // 3.8.1-3.8.7, L626-638; 13.1.4, L1411; addendum §2.2 "Corps buildup". The Divisions' highest
    // Morale value is 3: the Corps' is exactly 2 by default (S9). FICTIONAL: Lecourbe's AP 2.
    let mut play = building("exactly");
    // 3.8.3: a 3CF Corps is available, so not the 4CF.
    let refused = refusal(&play, "corps-buildup", &buildup("Force Pool 4CF Inf Corps"));
    assert!(refused.contains("3.8.3, L630"), "{refused}");
    // 3.8.4: Morale value 1 is not one lower than 3.
    let refused = refusal(
        &play,
        "corps-buildup",
        &buildup("Force Pool 3CF Inf Corps 2"),
    );
    assert!(refused.contains("3.8.4, L632"), "{refused}");
    // 3.8.6: the Formation in supply.
    play.play(
        "supply",
        &[
            ("side", text("french")),
            ("out_of_supply", list(&["Armée du Jura"])),
        ],
        &[],
    );
    let refused = refusal(
        &play,
        "corps-buildup",
        &buildup("Force Pool 3CF Inf Corps 1"),
    );
    assert!(refused.contains("3.8.6, L636"), "{refused}");
    play.go_to(4, 0, 10);
    play.play("supply", &[("side", text("french"))], &[]);
    let refused = refusal(
        &play,
        "corps-buildup",
        &buildup("Force Pool 3CF Inf Corps 1"),
    );
    assert!(refused.contains("3.8, L624"), "{refused}");
    // Back in the segment, a turn later (Lecourbe's AP reset to 2).
    play.go_to(5, 0, 0);
    play.play("ap-reset", &[("side", text("french"))], &[]);
    play.go_to(5, 0, 9);
    // 3.8.1: two Divisions of one Formation.
    let other = [
        ("side", text("french")),
        (
            "divisions",
            list(&["Armée du Jura 1CF Inf Div 1", "Armée du Var 1CF Inf Div 1"]),
        ),
        ("corps", text("Force Pool 3CF Inf Corps 1")),
    ];
    let refused = refusal(&play, "corps-buildup", &other);
    assert!(refused.contains("3.8.1, L626"), "{refused}");
    play.play("corps-buildup", &buildup("Force Pool 3CF Inf Corps 1"), &[]);
    // 3.8.5: the Divisions to the Divisions Pool, the Corps into the Formation's box.
    assert_eq!(
        play.state("french", "Armée du Jura 1CF Inf Div 1"),
        "divisions pool"
    );
    assert_eq!(
        play.state("french", "Force Pool 3CF Inf Corps 1"),
        "in play"
    );
    assert_eq!(
        play.attribute("french", "Force Pool 3CF Inf Corps 1", "formation")
            .as_deref(),
        Some("Armée du Jura")
    );
    assert_eq!(ap(&play, "french", "Armée du Jura").as_deref(), Some("1"));
}

#[test]
fn the_buildup_morale_is_exactly_or_at_most_one_lower_as_the_setting_reads() {
    // S9: 3.8.4, L632. The Divisions' highest Morale value is 3; the Eliminated 3CF Corps 1's is 3
    // (FICTIONAL), not one lower: refused exactly, allowed at most one lower.
    let play = building("exactly");
    let refused = refusal(
        &play,
        "corps-buildup",
        &buildup("Eliminated 3CF Inf Corps 1"),
    );
    assert!(refused.contains("3.8.4, L632"), "{refused}");
    let mut play = building("at_most_one_lower");
    play.play("corps-buildup", &buildup("Eliminated 3CF Inf Corps 1"), &[]);
    assert_eq!(
        play.state("french", "Eliminated 3CF Inf Corps 1"),
        "in play"
    );
    // A Morale value of 1, two lower, still is not (either reading).
    let play = building("at_most_one_lower");
    let refused = refusal(
        &play,
        "corps-buildup",
        &buildup("Force Pool 3CF Inf Corps 2"),
    );
    assert!(refused.contains("3.8.4, L632"), "{refused}");
}

fn replace(unit: &str, side: &str) -> Vec<(&'static str, Value)> {
    vec![("side", text(side)), ("unit", text(unit))]
}

#[test]
fn two_replacement_steps_a_side_one_an_allied_nation_none_a_minor_ally() {
    // 14.1.1-14.2.4, L1435-1449; addendum §2.2 "Replacements". FICTIONAL: AP ratings (French as
    // listed, Allied 2); the backs of the counters; the price, 4 RP a step.
    let mut play = french();
    with_allied_ap(&mut play);
    let anglo = "Anglo-Dutch-Belgian Formation";
    reduce(
        &mut play,
        &[
            ("french", "Right Wing", "Right Wing 4CF Inf Corps", "3", "3"),
            ("french", "Left Wing", "Left Wing 6CF Inf Corps 1", "4", "3"),
            (
                "french",
                "Armée du Jura",
                "Armée du Jura 1CF Inf Div 1",
                "1/2",
                "3",
            ),
            (
                "allied",
                anglo,
                "Anglo-Dutch-Belgian Formation 5CF Inf Corps",
                "3",
                "2",
            ),
            (
                "allied",
                anglo,
                "Anglo-Dutch-Belgian Formation 5CF Guard Inf Corps",
                "3",
                "1",
            ),
            (
                "allied",
                anglo,
                "Anglo-Dutch-Belgian Formation Hanoverian Inf Corps",
                "2",
                "3",
            ),
            (
                "allied",
                "Army of the Lower Rhine",
                "Army of the Lower Rhine 4CF Inf Corps",
                "2",
                "3",
            ),
        ],
    );
    to_rebuild(&mut play);
    let rp = |play: &Play, side| war_chest::rp(play.record(), side);
    let resolution = play.play(
        "replacement",
        &replace("Right Wing 4CF Inf Corps", "french"),
        &[],
    );
    assert_eq!(
        resolution.outcome.headline,
        "Right Wing 4CF Inf Corps takes a replacement step, back to its full side, for 4 RP; Right Wing spends 1 AP"
    );
    // The price is read from the RP Costs Chart (14.2.4, L1449: "see RP Cost Table on PAC").
    assert_eq!(
        resolution.cell.as_ref().map(|c| c.table.as_str()),
        Some("rp-costs")
    );
    assert_eq!(
        play.attribute("french", "Right Wing 4CF Inf Corps", "face")
            .as_deref(),
        Some("full")
    );
    assert_eq!(rp(&play, "french"), 81);
    assert_eq!(ap(&play, "french", "Right Wing").as_deref(), Some("2"));
    // A full unit has nothing to replace (14.2.4, L1449).
    let refused = refusal(
        &play,
        "replacement",
        &replace("Right Wing 4CF Inf Corps", "french"),
    );
    assert!(refused.contains("14.2.4, L1449"), "{refused}");
    play.play(
        "replacement",
        &replace("Left Wing 6CF Inf Corps 1", "french"),
        &[],
    );
    assert_eq!(rp(&play, "french"), 77);
    // 14.2.1: two steps a side.
    let refused = refusal(
        &play,
        "replacement",
        &replace("Armée du Jura 1CF Inf Div 1", "french"),
    );
    assert!(refused.contains("14.2.1, L1443"), "{refused}");
    // 14.1.1: the unit's Formation in supply.
    play.play(
        "supply",
        &[
            ("side", text("french")),
            ("out_of_supply", list(&["Armée du Jura"])),
        ],
        &[],
    );
    let refused = refusal(
        &play,
        "replacement",
        &replace("Armée du Jura 1CF Inf Div 1", "french"),
    );
    assert!(refused.contains("14.1.1, L1435"), "{refused}");
    // The Allies: one British step (14.2.2), none for the Hanoverians (14.2.3).
    play.play(
        "replacement",
        &replace("Anglo-Dutch-Belgian Formation 5CF Inf Corps", "allied"),
        &[],
    );
    assert_eq!(rp(&play, "allied"), 191);
    let guard = replace(
        "Anglo-Dutch-Belgian Formation 5CF Guard Inf Corps",
        "allied",
    );
    let refused = refusal(&play, "replacement", &guard);
    assert!(
        refused.contains("14.2.2, L1445") && refused.contains("accounts for one"),
        "{refused}"
    );
    // S11 read as one unit: the same limit here, since a replacement flips one unit one step.
    play.play(
        "settings",
        &[("replacement_per_nation", text("one_unit"))],
        &[],
    );
    let refused = refusal(&play, "replacement", &guard);
    assert!(
        refused.contains("14.2.2, L1445") && refused.contains("go to one unit"),
        "{refused}"
    );
    let refused = refusal(
        &play,
        "replacement",
        &replace(
            "Anglo-Dutch-Belgian Formation Hanoverian Inf Corps",
            "allied",
        ),
    );
    assert!(refused.contains("14.2.3, L1447"), "{refused}");
    play.play(
        "replacement",
        &replace("Army of the Lower Rhine 4CF Inf Corps", "allied"),
        &[],
    );
    assert_eq!(rp(&play, "allied"), 187);
    assert_eq!(
        ap(&play, "allied", "Army of the Lower Rhine").as_deref(),
        Some("1")
    );
    // Only in the Rebuild Troop Units Segment (14.2.1, L1443).
    play.go_to(4, 0, 11);
    let refused = refusal(
        &play,
        "replacement",
        &replace("Armée du Jura 1CF Inf Div 1", "french"),
    );
    assert!(refused.contains("14.2.1, L1443"), "{refused}");
}

/// The Armée des Alpes's marker moved to `to`.
fn move_alpes(play: &mut Play, to: &str) {
    play.play(
        "move-formation",
        &[
            ("side", text("french")),
            ("formation", text("Armée des Alpes")),
            ("to", text(to)),
        ],
        &[],
    );
}

fn recombine(kind: &str, kept: &str, given: &[&str]) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("french")),
        ("kind", text(kind)),
        ("kept", text(kept)),
        ("given", list(given)),
    ]
}

#[test]
fn a_division_restores_a_corps_and_two_national_guard_units_a_division() {
    // 14.3.1-14.3.2, L1453-1455; 14.3.5-14.3.6, L1461-1463; addendum §2.2 "Recombination".
    // FICTIONAL: Suchet's AP 3; the backs of the counters.
    let mut play = french();
    // Out of Lyons, whose French Fortress keeps it in supply (16.1.4, L1497), for its Out of
    // Supply steps, and back.
    move_alpes(&mut play, "Saône (I7)");
    reduce(
        &mut play,
        &[
            (
                "french",
                "Armée des Alpes",
                "Armée des Alpes 4CF Inf Corps",
                "3",
                "3",
            ),
            (
                "french",
                "Armée des Alpes",
                "Armée des Alpes 1CF Inf Div",
                "1/2",
                "3",
            ),
        ],
    );
    move_alpes(&mut play, "Lyons (I8)");
    to_organize(&mut play);
    // A second National Guard unit joins from the Lyons garrison (5.1.6A, L766).
    reorganize(&mut play, "french", "Garrison NG 1CF 5", "Armée des Alpes");
    to_rebuild(&mut play);
    let corps = "Armée des Alpes 4CF Inf Corps";
    let division = "Armée des Alpes 1CF Inf Div";
    // A reduced Division never combines with a Corps (14.3.6, L1463).
    let refused = refusal(
        &play,
        "recombination",
        &recombine("division_into_corps", corps, &[division]),
    );
    assert!(refused.contains("L1455-1463"), "{refused}");
    // Only units brigaded in the same Formation (14.3.1, L1453).
    let refused = refusal(
        &play,
        "recombination",
        &recombine(
            "national_guard",
            division,
            &["Armée des Alpes NG 1CF", "Garrison NG 1CF 1"],
        ),
    );
    assert!(refused.contains("14.3.1, L1453"), "{refused}");
    let guards = ["Armée des Alpes NG 1CF", "Garrison NG 1CF 5"];
    play.play(
        "recombination",
        &recombine("national_guard", division, &guards),
        &[],
    );
    assert_eq!(
        play.attribute("french", division, "face").as_deref(),
        Some("full")
    );
    for guard in guards {
        assert_eq!(play.state("french", guard), "eliminated");
    }
    assert_eq!(ap(&play, "french", "Armée des Alpes").as_deref(), Some("1"));
    play.play(
        "recombination",
        &recombine("division_into_corps", corps, &[division]),
        &[],
    );
    assert_eq!(
        play.attribute("french", corps, "face").as_deref(),
        Some("full")
    );
    assert_eq!(play.state("french", division), "divisions pool");
    assert_eq!(ap(&play, "french", "Armée des Alpes").as_deref(), Some("0"));
    // The Allies have no National Guard to recombine (14.3.5, L1461).
    let allied = [
        ("side", text("allied")),
        ("kind", text("national_guard")),
        ("kept", text("Ostend 1CF Inf Div")),
        ("given", list(&["A", "B"])),
    ];
    let refused = refusal(&play, "recombination", &allied);
    assert!(refused.contains("14.3.5, L1461"), "{refused}");
}

/// The Armée du Var's two Divisions reduced, Morale values 2 and 3 on their backs, and the Left
/// Wing's two 6CF Corps, 2 and 4 (FICTIONAL), at the Rebuild Troop Units Segment under the
/// reading `reading` of S10.
fn recombining(reading: &str) -> Play {
    let mut play = french();
    play.play("settings", &[("recombine_removed", text(reading))], &[]);
    reduce(
        &mut play,
        &[
            (
                "french",
                "Armée du Var",
                "Armée du Var 1CF Inf Div 1",
                "1/2",
                "2",
            ),
            (
                "french",
                "Armée du Var",
                "Armée du Var 1CF Inf Div 2",
                "1/2",
                "3",
            ),
            ("french", "Left Wing", "Left Wing 6CF Inf Corps 1", "4", "2"),
            ("french", "Left Wing", "Left Wing 6CF Inf Corps 2", "4", "4"),
        ],
    );
    to_rebuild(&mut play);
    play
}

#[test]
fn the_reduced_unit_removed_is_the_one_the_setting_names() {
    // S10: 14.3.3-14.3.4, L1457-1459. FICTIONAL: Brune's AP 1, Ney's 2.
    let (one, two) = ("Armée du Var 1CF Inf Div 1", "Armée du Var 1CF Inf Div 2");
    // As written, the one of lower Morale value (2) leaves.
    let mut play = recombining("lower_value");
    let refused = refusal(
        &play,
        "recombination",
        &recombine("two_divisions", one, &[two]),
    );
    assert!(refused.contains("14.3.3-14.3.4, L1457-1459"), "{refused}");
    play.play(
        "recombination",
        &recombine("two_divisions", two, &[one]),
        &[],
    );
    assert_eq!(play.state("french", one), "divisions pool");
    assert_eq!(
        play.attribute("french", two, "face").as_deref(),
        Some("full")
    );
    assert_eq!(ap(&play, "french", "Armée du Var").as_deref(), Some("0"));
    // Two reduced Corps: the French one removed goes to the Eliminated box (14.3.3, L1457).
    let (first, second) = ("Left Wing 6CF Inf Corps 1", "Left Wing 6CF Inf Corps 2");
    play.play(
        "recombination",
        &recombine("two_corps", second, &[first]),
        &[],
    );
    assert_eq!(play.state("french", first), "eliminated");
    assert_eq!(
        play.attribute("french", second, "face").as_deref(),
        Some("full")
    );
    // The other reading: the one of higher Morale value (3) leaves.
    let mut play = recombining("higher_value");
    let refused = refusal(
        &play,
        "recombination",
        &recombine("two_divisions", two, &[one]),
    );
    assert!(refused.contains("14.3.3-14.3.4, L1457-1459"), "{refused}");
    play.play(
        "recombination",
        &recombine("two_divisions", one, &[two]),
        &[],
    );
    assert_eq!(play.state("french", two), "divisions pool");
    assert_eq!(
        play.attribute("french", one, "face").as_deref(),
        Some("full")
    );
    play.play(
        "recombination",
        &recombine("two_corps", first, &[second]),
        &[],
    );
    assert_eq!(play.state("french", second), "eliminated");
}
