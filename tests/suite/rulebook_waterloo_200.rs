//! Waterloo 200 checked against its rulebook: the battle's arithmetic, the Calculating Losses
//! bands and the cap on Incurred Losses, strongest-first allocation, and Sudden Death.
//!
//! Specification: the rulebook `shared/seeds/004_c3886c5f49dbd5b1.txt` (cited as Lnnn, with the
//! section number as printed) and its digest `shared/rules/seed004_waterloo200.md` (§3.9-3.10, §6
//! TV-7 and TV-11, §7.2 items 1-2, and its Corrections). The rulebook prints no block's ladder
//! beyond the strengths its examples give; every colour of a level and every lower level here is
//! FICTIONAL.

use crate::support;

use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::procedure::{Resolution, resolve_checked};
use aide_de_camp::engine::record::Effect;
use aide_de_camp::games;
use support::{Play, list, number, text};

const LEVELS_LOST: &str = "levels lost";

fn tables() -> aide_de_camp::engine::table_set::TableSet {
    games::find("waterloo-200")
        .unwrap()
        .builtin_tables()
        .unwrap()
}

/// Blocks written as the form's facts list them: ("name", "Type", "ladder").
fn facts(blocks: &[(&str, &str, &str)]) -> String {
    blocks
        .iter()
        .map(|(name, kind, ladder)| format!("{name} ({kind}): {ladder}"))
        .collect::<Vec<_>>()
        .join("; ")
}

fn names(blocks: &[(&str, &str, &str)]) -> Vec<&'static str> {
    blocks
        .iter()
        .map(|(name, _, _)| &*String::leak(name.to_string()))
        .collect()
}

/// A French attack on British blocks, resolved from the form alone.
fn battle(
    attackers: &[(&str, &str, &str)],
    defenders: &[(&str, &str, &str)],
    terrain_bonus: i64,
) -> Resolution {
    battle_with(attackers, defenders, terrain_bonus, &[])
}

/// The same, with further facts on the form.
fn battle_with(
    attackers: &[(&str, &str, &str)],
    defenders: &[(&str, &str, &str)],
    terrain_bonus: i64,
    more: &[(&str, Value)],
) -> Resolution {
    let game = games::find("waterloo-200").unwrap();
    let procedure = game.procedure("battle").unwrap();
    let mut values = vec![
        ("side", text("french")),
        ("defender", text("british")),
        ("area", text("40")),
        ("terrain_bonus", number(terrain_bonus)),
        ("attackers", list(&names(attackers))),
        ("attackers_facts", text(&facts(attackers))),
        ("defenders", list(&names(defenders))),
        ("defenders_facts", text(&facts(defenders))),
    ];
    values.extend(more.iter().cloned());
    let input = support::form_of(game, &Default::default(), "battle", &values);
    resolve_checked(procedure, &input, &tables(), &[]).unwrap()
}

/// The hits a faction took, one reminder each.
fn hits(resolution: &Resolution, faction: &str) -> usize {
    support::reminders(resolution)
        .iter()
        .filter(|r| r.starts_with(&format!("{faction} hit ")))
        .count()
}

fn total(resolution: &Resolution, which: &str) -> i32 {
    resolution
        .totals
        .iter()
        .find(|t| t.side.starts_with(which))
        .unwrap()
        .total
}

/// Infantry blocks of all-black levels (1 hit each), FICTIONAL, of the given strengths.
fn infantry(prefix: &str, strengths: &[u8]) -> Vec<(&'static str, &'static str, &'static str)> {
    strengths
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let ladder: Vec<String> = (1..=*s).rev().map(|n| n.to_string()).collect();
            (
                &*String::leak(format!("{prefix}{i}")),
                "Infantry",
                &*String::leak(ladder.join("-")),
            )
        })
        .collect()
}

/// French strengths, British strengths, Terrain Bonus, FR, British hits, French hits.
type BandRow = (&'static [u8], &'static [u8], i64, i32, usize, usize);

/// Digest TV-11: each row of the table worked from OF and DF (6.2.3.1.5-6.2.3.1.6, L1039-1093).
#[test]
fn tv11_l1039_l1093_the_loss_bands() {
    let rows: &[BandRow] = &[
        (&[4, 3, 3], &[4, 3], 3, 0, 0, 0),
        (&[4, 4, 4, 1], &[4, 3], 3, 3, 3, 2),
        (&[4, 3, 3], &[4, 4, 4], 3, -5, 3, 5),
        (&[4, 4, 4, 4, 2], &[4, 4, 2], 0, 8, 8, 2),
        (&[4, 4, 4, 4, 3], &[4, 4, 2], 0, 9, 9, 3),
        // IL min(12, cap): the British 4, 4 and 2 absorb 10 hits.
        (&[4, 4, 4, 4, 4, 2], &[4, 4, 2], 0, 12, 10, 1),
    ];
    for (french, british, bonus, fr, british_hits, french_hits) in rows {
        let resolution = battle(&infantry("F", french), &infantry("B", british), *bonus);
        let label = format!("FR {fr}");
        assert_eq!(
            total(&resolution, "French") - total(&resolution, "British"),
            *fr,
            "{label}"
        );
        assert_eq!(hits(&resolution, "British"), *british_hits, "{label}");
        assert_eq!(hits(&resolution, "French"), *french_hits, "{label}");
    }
}

/// The winner's share at the edges of each band (L1071-1072, L1077-1078, L1092-1093): FR 5 costs
/// the winner ⌈5/2⌉ = 3, FR 6 ⌈6/4⌉ = 2, FR 10 ⌈10/4⌉ = 3, FR 11 exactly 1.
#[test]
fn l1065_l1093_the_winner_s_share_at_the_band_edges() {
    for (fr, band, winner_hits) in [
        (1u8, "Marginal Victory", 1),
        (5, "Marginal Victory", 3),
        (6, "Decisive Victory", 2),
        (10, "Decisive Victory", 3),
        (11, "Brilliant Victory", 1),
    ] {
        // Three British 4s absorb 12 hits, so the Incurred Losses are the whole FR.
        let mut french = Vec::new();
        let mut left = 12 + fr;
        while left > 0 {
            french.push(left.min(4));
            left -= left.min(4);
        }
        let resolution = battle(&infantry("F", &french), &infantry("B", &[4, 4, 4]), 0);
        let label = format!("FR {fr}: {}", resolution.outcome.headline);
        assert!(resolution.outcome.headline.contains(band), "{label}");
        assert_eq!(hits(&resolution, "British"), usize::from(fr), "{label}");
        assert_eq!(hits(&resolution, "French"), winner_hits, "{label}");
        assert_eq!(
            resolution.cell.as_ref().unwrap().table.as_ref(),
            "losses",
            "{label}"
        );
    }
}

/// The cap on Incurred Losses (L1055-1057, digest §7.2 item 1): a lone white 2-1 block absorbs
/// 2 + 1 = 3 hits under the default reading, 2 under the strengths reading; the winner's share is
/// worked from the capped losses.
#[test]
fn l1055_the_incurred_losses_are_capped_at_what_the_loser_can_absorb() {
    let french = infantry("F", &[4, 4, 4, 4, 2]);
    let british = [("Lone", "Cavalry", "2w-1")];
    let resolution = battle(&french, &british, 0);
    // FR 18 - 2 = 16, Brilliant: the British take all 3 hits they can, the French exactly 1.
    assert_eq!(hits(&resolution, "British"), 3);
    assert_eq!(hits(&resolution, "French"), 1);
    assert!(
        resolution
            .limits
            .iter()
            .any(|l| l.description.contains("Incurred Losses 16 capped at 3"))
    );
    // FR +8 (Decisive) against the same block: capped at 3, the French take ⌈3/4⌉ = 1.
    let resolution = battle(&infantry("F", &[4, 4, 2]), &british, 0);
    assert_eq!(hits(&resolution, "British"), 3);
    assert_eq!(hits(&resolution, "French"), 1);
    assert!(resolution.effects.iter().any(|e| matches!(
        e,
        Effect::UnitState { unit, state, .. } if unit.as_ref() == "Lone" && state.as_ref() == "eliminated"
    )));
}

/// The other reading of the cap (digest §7.2 item 1): the sum of the loser's strengths. A lone
/// white 2-1 then absorbs 2 hits, not 3.
#[test]
fn l1055_the_cap_read_as_the_sum_of_strengths() {
    let resolution = battle_with(
        &infantry("F", &[4, 4, 4, 4, 2]),
        &[("Lone", "Cavalry", "2w-1")],
        0,
        &[("loss_cap", text("strength"))],
    );
    assert_eq!(hits(&resolution, "British"), 2);
    assert!(
        resolution
            .limits
            .iter()
            .any(|l| l.description.contains("Incurred Losses 16 capped at 2"))
    );
}

/// A tie costs nobody a hit (L1041), but committed artillery is reduced at the end of every
/// battle it fires into (L683-686, L716-717).
#[test]
fn l1041_l716_a_tie_still_reduces_committed_artillery() {
    let mut play = Play::start("waterloo-200", "battle");
    add_block(&mut play, "french", "Ligne", "infantry", "4-3-2-1", 0);
    add_block(
        &mut play,
        "french",
        "Battery",
        "foot-artillery",
        "3-2-1-P",
        1,
    );
    add_block(&mut play, "british", "Line", "infantry", "4-3-2-1", 0);
    let resolution = play.play(
        "battle",
        &[
            ("side", text("french")),
            ("defender", text("british")),
            ("area", text("31")),
            ("terrain_bonus", number(2)),
            ("attackers", list(&["Ligne"])),
            ("artillery", list(&["Battery"])),
            ("defenders", list(&["Line"])),
        ],
        &[],
    );
    assert!(resolution.outcome.headline.contains("a tie, no losses"));
    assert_eq!(
        hits(&resolution, "British") + hits(&resolution, "French"),
        0
    );
    assert_eq!(
        play.attribute("french", "Battery", LEVELS_LOST).as_deref(),
        Some("2")
    );
    assert_eq!(
        play.attribute("french", "Ligne", LEVELS_LOST).as_deref(),
        Some("0")
    );
}

/// The owner chooses among equals (L1102-1104): a British 1 beside Wellington at Heart, taking 3
/// hits. By default the Heart shields the brigade and Wellington falls, ending the game (L186);
/// spared, the brigade goes first and the Heart holds the last 2 hits.
#[test]
fn l1102_l186_sparing_wellington_among_equals() {
    let british = [
        ("Wellington", "Strategic Leader", "H"),
        ("Brigade", "Infantry", "1"),
    ];
    let french = infantry("F", &[4, 4]);
    let unspared = battle_with(&french, &british, 3, &[]);
    assert!(
        unspared
            .outcome
            .headline
            .contains("Sudden Death: Wellington is killed, a Decisive Victory for the French"),
        "{}",
        unspared.outcome.headline
    );
    let spared = battle_with(
        &french,
        &british,
        3,
        &[("defender_spared", list(&["Wellington"]))],
    );
    assert!(!spared.outcome.headline.contains("Sudden Death"));
    assert!(support::mentions(
        &spared,
        "Brigade at 1 takes 1 of 1, eliminated"
    ));
    assert!(support::mentions(&spared, "Wellington at H takes 2 of 3"));
}

/// The loser's losses are applied first (L1101-1102) and the game ends at once (L177-178).
#[test]
fn l1101_l1153_the_loser_s_tenth_elimination_comes_first() {
    let nine_each = [
        ("french_eliminated", number(9)),
        ("british_eliminated", number(9)),
    ];
    // FR 2 - 1 = +1: the British lose their last 1 first, their tenth; the French take ⌈1/2⌉ = 1
    // hit on their last 2-1. The British loss decides: a Decisive Victory for the French.
    let resolution = battle_with(
        &[("Last French", "Infantry", "2-1")],
        &[("Last British", "Infantry", "1")],
        0,
        &nine_each,
    );
    let headline = &resolution.outcome.headline;
    assert!(
        headline.contains("ten British units are eliminated and their Morale is 0, a Decisive Victory for the French"),
        "{headline}"
    );
    // FR 1 - 2 = -1: the French lose first, and their tenth ends the game for the Allies; the
    // British 1, winning, is eliminated by its ⌈1/2⌉ = 1 hit too, but after.
    let resolution = battle_with(
        &[("Last French", "Infantry", "1")],
        &[("Last British", "Infantry", "1")],
        1,
        &nine_each,
    );
    let headline = &resolution.outcome.headline;
    assert!(
        headline.contains("ten French units are eliminated and their Morale is 0, a Decisive Victory for the Allies"),
        "{headline}"
    );
    assert_eq!(hits(&resolution, "British"), 1);
}

/// Digest TV-4 (6.2.1 example, L911-915): Wellington at Heart (Strategic Value 1) and Blücher at 2
/// allow 1 British and 2 Prussian Tactical Leaders, at least one of the three above Heart. The
/// leaders' ladders below the example's levels are FICTIONAL.
#[test]
fn tv4_l911_l915_the_allied_activation_allotment() {
    let game = games::find("waterloo-200").unwrap();
    let procedure = game.procedure("activation").unwrap();
    let check = |british: &[(&str, &str, &str)], prussian: &[(&str, &str, &str)]| {
        let input = support::form_of(
            game,
            &Default::default(),
            "activation",
            &[
                ("side", text("british")),
                ("leaders", list(&names(british))),
                ("leaders_facts", text(&facts(british))),
                ("strategic_value", number(1)),
                ("prussian_leaders", list(&names(prussian))),
                ("prussian_facts", text(&facts(prussian))),
                ("prussian_strategic_value", number(2)),
            ],
        );
        procedure
            .check_combination(&input)
            .err()
            .map(|e| e.to_string())
    };
    let hill = ("Hill", "Tactical Leader", "3-2-H");
    let picton = ("Picton", "Tactical Leader", "H");
    let (ziethen, pirch, bulow) = (
        ("Ziethen", "Tactical Leader", "H"),
        ("Pirch", "Tactical Leader", "H"),
        ("Bülow", "Tactical Leader", "2-H"),
    );
    assert_eq!(check(&[hill], &[ziethen, pirch]), None);
    assert_eq!(check(&[picton], &[ziethen, bulow]), None);
    let refused = check(&[hill, picton], &[]).unwrap();
    assert!(
        refused.contains("Wellington's Strategic Value is 1"),
        "{refused}"
    );
    let refused = check(&[picton], &[ziethen, pirch, bulow]).unwrap();
    assert!(
        refused.contains("Blücher's Strategic Value is 2"),
        "{refused}"
    );
    let refused = check(&[picton], &[ziethen, pirch]).unwrap();
    assert!(refused.contains("above Heart"), "{refused}");
}

/// Digest TV-6 (L987-993): Napoleon at 4 stars allows up to 4 Tactical Leaders; the French
/// activate Reille and Kellerman only, so they may make 2 new engagements and battles.
#[test]
fn tv6_l987_l993_two_french_leaders_allow_two_battles() {
    let mut play = Play::start("waterloo-200", "battle");
    for leader in ["Napoleon", "Reille", "Kellerman", "D'Erlon", "Lobeau"] {
        enter(&mut play, "french", leader, "ladder", "4-3-2-H");
    }
    add_block(
        &mut play,
        "french",
        "Sixth",
        "tactical-leader",
        "4-3-2-H",
        0,
    );
    let form = play.input("activation", &[("side", text("french"))]);
    assert_eq!(form.number("strategic_value"), 4);
    let five = ["Reille", "Kellerman", "D'Erlon", "Lobeau", "Sixth"];
    let refused = play
        .refused(
            "activation",
            &[("side", text("french")), ("leaders", list(&five))],
        )
        .unwrap();
    assert!(
        refused.contains("Napoleon's Strategic Value is 4"),
        "{refused}"
    );
    play.play(
        "activation",
        &[
            ("side", text("french")),
            ("leaders", list(&["Reille", "Kellerman"])),
        ],
        &[],
    );
    assert_eq!(
        play.record().counters.get("Battles allowed this Impulse"),
        Some(&2)
    );
    let again = play
        .refused(
            "activation",
            &[("side", text("french")), ("leaders", list(&["Reille"]))],
        )
        .unwrap();
    assert!(again.contains("already activated"), "{again}");
}

/// Puts a block on the record from its sticker, as the players do.
fn add_block(play: &mut Play, side: &str, name: &str, kind: &str, ladder: &str, lost: i64) {
    play.play(
        "add-block",
        &[
            ("side", text(side)),
            ("name", text(name)),
            ("type", text(kind)),
            ("corps", text("FICTIONAL")),
            ("ladder", text(ladder)),
            ("levels_lost", number(lost)),
        ],
        &[],
    );
}

/// Enters a value of a block in the roster editor: its ladder, or the levels it has lost.
fn enter(play: &mut Play, side: &str, name: &str, value_of: &str, value: &str) {
    play.play(
        "block-value",
        &[
            ("side", text(side)),
            ("unit", text(name)),
            ("value_of", text(value_of)),
            ("value", text(value)),
        ],
        &[],
    );
}

/// Digest TV-7, the Battle in Area 27 (L1199-1240). The French attack with a 2-strength cavalry,
/// two 4-strength infantry and a 1-cannonball artillery in the Area (11), Reille at Heart and
/// Kellerman at 2 stars adjacent (0 + 2), and the 2nd Corps artillery committed at 2 cannonballs
/// (2): OF 15 (L1212-1215). The British defend with a 4-strength and a 3-strength infantry and a
/// 3-cannonball artillery (10) and Terrain Bonus 3: DF 13 (L1216-1219). FR +2: the British lose 2
/// hits, the white level of their 4 (L1221-1222); the French 1 hit, absorbed by a white level
/// (L1223-1226); the committed artillery goes from 2 to 1 (L1227-1229).
#[test]
fn tv7_l1199_l1240_the_battle_in_area_27() {
    let mut play = Play::start("waterloo-200", "battle");
    // The leaders are on the record from the set-up; their ladders are FICTIONAL below their
    // strengths in the example, and their levels are entered where the example finds them.
    for (leader, lost) in [("Reille", "3"), ("Kellerman", "2"), ("Napoleon", "0")] {
        enter(&mut play, "french", leader, "ladder", "4-3-2-H");
        enter(&mut play, "french", leader, "levels lost", lost);
    }
    // The Tactical Action activates the two leaders (L991-993); Napoleon's 4 stars allow 4.
    let activation = play.play(
        "activation",
        &[
            ("side", text("french")),
            ("leaders", list(&["Reille", "Kellerman"])),
        ],
        &[],
    );
    assert!(activation.outcome.headline.contains("2 new engagement(s)"));
    add_block(&mut play, "french", "Cavalry", "cavalry", "2-1", 0);
    add_block(&mut play, "french", "Infantry A", "infantry", "4w-3-2-1", 0);
    add_block(&mut play, "french", "Infantry B", "infantry", "4-3-2-1", 0);
    add_block(
        &mut play,
        "french",
        "Guns in 27",
        "foot-artillery",
        "3-2-1-P",
        2,
    );
    add_block(
        &mut play,
        "french",
        "2nd Corps Artillery",
        "foot-artillery",
        "3-2-1-P",
        1,
    );
    add_block(
        &mut play,
        "british",
        "Infantry 4",
        "infantry",
        "4w-3-2-1",
        0,
    );
    add_block(&mut play, "british", "Infantry 3", "infantry", "3-2-1", 0);
    add_block(&mut play, "british", "Guns", "foot-artillery", "3-2-1-P", 0);

    let resolution = play.play(
        "battle",
        &[
            ("side", text("french")),
            ("defender", text("british")),
            ("area", text("27")),
            ("terrain_bonus", number(3)),
            (
                "attackers",
                list(&["Cavalry", "Infantry A", "Infantry B", "Guns in 27"]),
            ),
            ("leaders", list(&["Reille", "Kellerman"])),
            ("artillery", list(&["2nd Corps Artillery"])),
            ("defenders", list(&["Infantry 4", "Infantry 3", "Guns"])),
        ],
        &[],
    );
    assert_eq!(total(&resolution, "French"), 15);
    assert_eq!(total(&resolution, "British"), 13);
    assert!(
        resolution
            .outcome
            .headline
            .starts_with("FR +2 in Area 27: Marginal Victory for the French"),
        "{}",
        resolution.outcome.headline
    );
    let cell = resolution.cell.as_ref().unwrap();
    assert_eq!(
        (cell.table.as_ref(), cell.result.as_ref()),
        ("losses", "marginal")
    );
    // Reille at Heart adds nothing, Kellerman his 2 stars (L1214-1215).
    assert!(
        resolution
            .modifiers
            .iter()
            .any(|m| m.label.contains("Reille, adjacent, at Heart") && m.value == 0)
    );
    assert_eq!(hits(&resolution, "British"), 2);
    assert_eq!(hits(&resolution, "French"), 1);
    assert!(support::mentions(
        &resolution,
        "Infantry 4 at 4w takes 2 of 2, reduced to 3"
    ));
    assert!(support::mentions(
        &resolution,
        "Infantry A at 4w takes 1 of 2"
    ));

    let lost = |side: &str, name: &str| play.attribute(side, name, LEVELS_LOST);
    assert_eq!(lost("british", "Infantry 4").as_deref(), Some("1"));
    assert_eq!(lost("british", "Infantry 3").as_deref(), Some("0"));
    assert_eq!(lost("british", "Guns").as_deref(), Some("0"));
    // The French absorb their hit without a reduction (L1223-1226).
    assert_eq!(lost("french", "Infantry A").as_deref(), Some("0"));
    assert_eq!(lost("french", "Infantry B").as_deref(), Some("0"));
    // Artillery in the Area is not reduced; the committed one goes from 2 to 1 (L1227-1229).
    assert_eq!(lost("french", "Guns in 27").as_deref(), Some("2"));
    assert_eq!(lost("french", "2nd Corps Artillery").as_deref(), Some("2"));
    assert!(support::mentions(
        &resolution,
        "Conceal the British units in Area 27"
    ));

    // Deactivation (L1235-1240): Reille, at Heart, is not reduced; Kellerman goes from 2 stars
    // to Heart.
    let deactivation = play.play("deactivation", &[("side", text("french"))], &[]);
    assert!(
        deactivation.outcome.headline.contains("Kellerman to H"),
        "{}",
        deactivation.outcome.headline
    );
    let lost = |side: &str, name: &str| play.attribute(side, name, LEVELS_LOST);
    assert_eq!(lost("french", "Reille").as_deref(), Some("3"));
    assert_eq!(lost("french", "Kellerman").as_deref(), Some("3"));
    assert!(
        play.record()
            .units_where(None, &[("activated", "yes")])
            .next()
            .is_none()
    );
}

/// A battle's form refuses what the rules do not allow: support units alone (L378-380), two
/// British artillery committed (L751-753), artillery at Pawn level (L739-740), British against
/// Prussians (L98-139), and facts that are not the record's.
#[test]
fn l378_l739_l751_a_battle_the_rules_refuse() {
    let mut play = Play::start("waterloo-200", "battle");
    add_block(
        &mut play,
        "british",
        "Guns A",
        "foot-artillery",
        "3-2-1-P",
        0,
    );
    add_block(
        &mut play,
        "british",
        "Guns B",
        "horse-artillery",
        "3-2-1-P",
        0,
    );
    add_block(
        &mut play,
        "british",
        "Guns at Pawn",
        "foot-artillery",
        "3-2-1-P",
        3,
    );
    add_block(&mut play, "british", "Line", "infantry", "4-3-2-1", 0);
    add_block(&mut play, "french", "Ligne", "infantry", "4-3-2-1", 0);
    let attack = |attackers: &[&str], artillery: &[&str]| {
        vec![
            ("side", text("british")),
            ("defender", text("french")),
            ("area", text("12")),
            ("attackers", list(attackers)),
            ("artillery", list(artillery)),
            ("defenders", list(&["Ligne"])),
        ]
    };
    let refused = |values: Vec<(&str, aide_de_camp::engine::input::Value)>| {
        play.refused("battle", &values).unwrap_or_default()
    };
    assert!(refused(attack(&["Guns A"], &[])).contains("cannot attack alone"));
    assert!(refused(attack(&["Line"], &["Guns A", "Guns B"])).contains("at most one artillery"));
    assert!(refused(attack(&["Line"], &["Guns at Pawn"])).contains("Pawn level"));
    assert!(
        play.refused("battle", &attack(&["Line"], &["Guns A"]))
            .is_none()
    );
    let mut prussian = attack(&["Line"], &[]);
    prussian[1] = ("defender", text("prussian"));
    assert!(refused(prussian).contains("between the French and"));
    let mut forged = attack(&["Line"], &[]);
    forged.push(("attackers_facts", text("Line (Infantry): 4w-3-2-1")));
    assert!(refused(forged).contains("the record has Line (Infantry): 4-3-2-1"));
}

/// Sudden Death (L186-199, L1153-1156): the tenth British unit eliminated ends the game, and no
/// battle is resolved after it; nine do not, and Prussian losses never count (L1157-1158).
#[test]
fn l1153_ten_british_units_eliminated_end_the_game() {
    let mut play = Play::start("waterloo-200", "battle");
    // Each battle costs the winner a hit, so each is fought by a fresh block.
    for i in 0..20 {
        add_block(
            &mut play,
            "french",
            &format!("Grande {i}"),
            "infantry",
            "4-4-4-4",
            0,
        );
    }
    for i in 0..10 {
        add_block(
            &mut play,
            "british",
            &format!("Brigade {i}"),
            "cavalry",
            "1",
            0,
        );
        add_block(
            &mut play,
            "prussian",
            &format!("Brigade {i}"),
            "cavalry",
            "1",
            0,
        );
    }
    let attack = |defender: &str, name: &str, attacker: usize| {
        vec![
            ("side", text("french")),
            ("defender", text(defender)),
            ("area", text("30")),
            ("attackers", list(&[&*format!("Grande {attacker}")])),
            ("defenders", list(&[name])),
        ]
    };
    for i in 0..10 {
        let name = format!("Brigade {i}");
        play.play("battle", &attack("prussian", &name, i), &[]);
    }
    for i in 0..10 {
        assert_eq!(
            play.state("prussian", &format!("Brigade {i}")),
            "eliminated"
        );
    }
    assert!((play.game.game_over)(play.record()).is_none());
    for i in 0..9 {
        let name = format!("Brigade {i}");
        play.play("battle", &attack("british", &name, 10 + i), &[]);
    }
    assert!((play.game.game_over)(play.record()).is_none());
    add_block(&mut play, "british", "Brigade 10", "cavalry", "1", 0);
    play.play("battle", &attack("british", "Brigade 9", 19), &[]);
    let over = (play.game.game_over)(play.record()).unwrap();
    assert!(over.contains("ten British units"), "{over}");
    let refused = play
        .refused("battle", &attack("british", "Brigade 10", 19))
        .unwrap();
    assert!(refused.contains("Sudden Death"), "{refused}");
}

/// The Impulses (6.0-6.3): the French, holding the Disc (L775-776), play first; the Sides
/// alternate (L770-773); only the Disc's holder takes a Strategic Action, which hands it over
/// (L833-835, L874-875); two passes in a row end the Impulses (L803-806).
#[test]
fn l770_l875_the_impulses_alternate_and_the_disc_changes_hands() {
    let mut play = Play::start("waterloo-200", "battle");
    let impulse = |action: &str| vec![("action", text(action))];
    assert_eq!(play.input("impulse", &[]).text("side"), "french");
    let refused = play
        .refused(
            "impulse",
            &[("side", text("british")), ("action", text("pass"))],
        )
        .unwrap();
    assert!(refused.contains("the French's Impulse"), "{refused}");
    play.play("impulse", &impulse("tactical"), &[]);
    assert_eq!(play.input("impulse", &[]).text("side"), "british");
    let refused = play.refused("impulse", &impulse("strategic-move")).unwrap();
    assert!(refused.contains("which the French hold"), "{refused}");
    play.play("impulse", &impulse("pass"), &[]);
    let strategic = play.play("impulse", &impulse("strategic-move"), &[]);
    assert!(
        strategic
            .outcome
            .headline
            .contains("The Disc goes to the Allies")
    );
    assert_eq!(
        play.record().counters.get("Battles allowed this Impulse"),
        Some(&1)
    );
    play.play("impulse", &impulse("pass"), &[]);
    let last = play.play("impulse", &impulse("pass"), &[]);
    assert!(
        last.outcome
            .headline
            .contains("Two passes in a row end the Impulses")
    );
    let refused = play.refused("impulse", &impulse("tactical")).unwrap();
    assert!(refused.contains("Reorganization"), "{refused}");
    // Next turn the Allies, now holding the Disc, have the Initiative (L353-355).
    play.go_to(2, 0, 0);
    assert_eq!(play.input("impulse", &[]).text("side"), "british");
}

/// Digest TV-8, the Reorganization example (L1160-1171): the French hold the Initiative, so the
/// Allies reorganize first; Wellington (Strategic Value 2) restores two British Tactical Leaders,
/// from 3 to 4 stars and from 2 to 3; he is then reduced from 2 to Heart (L1143-1144); the French
/// decline, restoring nothing. The ladders are FICTIONAL below the example's levels.
#[test]
fn tv8_l1160_l1171_the_reorganization_example() {
    let mut play = Play::start("waterloo-200", "battle");
    for (leader, lost) in [("Wellington", "2"), ("Hill", "1"), ("Picton", "2")] {
        enter(&mut play, "british", leader, "ladder", "4-3-2-H");
        enter(&mut play, "british", leader, "levels lost", lost);
    }
    enter(&mut play, "french", "Napoleon", "ladder", "4-3-2-H");
    play.go_to(1, 1, 0);
    let reorganize = |side: &str, choice: &str| {
        vec![
            ("side", text(side)),
            ("choice", text(choice)),
            ("in_headquarters", support::flag(true)),
        ]
    };
    let refused = play
        .refused("reorganize", &reorganize("french", "decline"))
        .unwrap();
    assert!(refused.contains("the British have not yet"), "{refused}");
    assert_eq!(play.input("reorganize", &[]).text("side"), "british");
    play.play("reorganize", &reorganize("british", "activate"), &[]);
    let restore = |leader: &str, levels: i64| {
        vec![
            ("side", text("british")),
            ("leader", text(leader)),
            ("levels", number(levels)),
        ]
    };
    let refused = play.refused("restore-leader", &restore("Hill", 2)).unwrap();
    assert!(
        refused.contains("no higher than his full strength"),
        "{refused}"
    );
    play.play("restore-leader", &restore("Hill", 1), &[]);
    play.play("restore-leader", &restore("Picton", 1), &[]);
    let refused = play
        .refused("restore-leader", &restore("Picton", 1))
        .unwrap();
    assert!(refused.contains("0 rotation(s) are left"), "{refused}");
    let lost = |play: &Play, name: &str| play.attribute("british", name, LEVELS_LOST);
    assert_eq!(lost(&play, "Hill").as_deref(), Some("0"));
    assert_eq!(lost(&play, "Picton").as_deref(), Some("1"));
    let end = play.play("strategic-deactivation", &[("side", text("british"))], &[]);
    assert!(end.outcome.headline.contains("reduced one level"));
    assert_eq!(lost(&play, "Wellington").as_deref(), Some("3"));
    let twice = play
        .refused("strategic-deactivation", &[("side", text("british"))])
        .unwrap();
    assert!(twice.contains("not activated"), "{twice}");
    let declined = play.play("reorganize", &reorganize("french", "decline"), &[]);
    assert!(declined.outcome.headline.contains("do not reorganize"));
    let refused = play
        .refused(
            "restore-leader",
            &[
                ("side", text("french")),
                ("leader", text("Reille")),
                ("levels", number(1)),
            ],
        )
        .unwrap();
    assert!(refused.contains("not activated"), "{refused}");
}

/// The Victory Areas (L201-219, L246-249): the set-up gives Mont St. Jean to the Allies and
/// Rossomme to the French; all seven to one Side is Sudden Death; otherwise, after two passes in
/// a row in turn 5, the Side with the most wins a Marginal Victory.
#[test]
fn l201_l219_the_victory_areas_decide_the_game() {
    let areas: Vec<&str> = aide_de_camp::games::waterloo_200::victory::VICTORY_AREAS
        .iter()
        .map(|(id, _)| *id)
        .collect();
    let control = |area: &str, holder: &str| vec![("area", text(area)), ("holder", text(holder))];

    // All seven to the French ends the game at once.
    let mut play = Play::start("waterloo-200", "battle");
    assert!(
        play.refused("control", &control("Plancenoit", "french"))
            .is_none()
    );
    for area in areas.iter().filter(|a| **a != "Rossomme") {
        play.play("control", &control(area, "french"), &[]);
    }
    let over = (play.game.game_over)(play.record()).unwrap();
    assert!(over.contains("the French control all seven"), "{over}");

    // Four to three at the end of turn 5.
    let mut play = Play::start("waterloo-200", "battle");
    for (i, area) in areas.iter().enumerate() {
        let holder = if i < 3 { "allies" } else { "french" };
        play.play("control", &control(area, holder), &[]);
    }
    assert!((play.game.game_over)(play.record()).is_none());
    let early = play.refused("victory", &[]).unwrap();
    assert!(early.contains("turn 5"), "{early}");
    play.go_to(5, 0, 0);
    let pass = [("action", text("pass"))];
    play.play("impulse", &pass, &[]);
    play.play("impulse", &pass, &[]);
    let victory = play.play("victory", &[], &[]);
    assert_eq!(
        victory.outcome.headline,
        "Marginal Victory for the French: the French control 4 Victory Areas, the Allies 3"
    );
    assert!((play.game.game_over)(play.record()).is_some());
}

/// The Impulse's allowance of battles: one per activated Tactical Leader (L567-569, L917-918);
/// in the Allies' Strategic Action A, one per faction (L853-855); in a Pass, none (L1062-1063).
#[test]
fn l567_l853_l1062_the_battles_an_impulse_allows() {
    let mut play = Play::start("waterloo-200", "battle");
    for leader in ["Napoleon", "Kellerman"] {
        enter(&mut play, "french", leader, "ladder", "4-3-2-H");
    }
    for i in 0..3 {
        add_block(
            &mut play,
            "french",
            &format!("Ligne {i}"),
            "infantry",
            "4-3-2-1",
            0,
        );
        add_block(
            &mut play,
            "british",
            &format!("Line {i}"),
            "infantry",
            "4-3-2-1",
            0,
        );
        add_block(
            &mut play,
            "prussian",
            &format!("Landwehr {i}"),
            "infantry",
            "4-3-2-1",
            0,
        );
    }
    let battle = |attacker: &str, defender: &str, a: &str, d: &str| {
        vec![
            ("side", text(attacker)),
            ("defender", text(defender)),
            ("area", text("60")),
            ("attackers", list(&[a])),
            ("defenders", list(&[d])),
        ]
    };
    play.play("impulse", &[("action", text("tactical"))], &[]);
    play.play(
        "activation",
        &[("side", text("french")), ("leaders", list(&["Kellerman"]))],
        &[],
    );
    let again = play
        .refused(
            "activation",
            &[("side", text("french")), ("leaders", list(&["Napoleon"]))],
        )
        .unwrap();
    assert!(again.contains("activated already"), "{again}");
    play.play(
        "battle",
        &battle("french", "british", "Ligne 0", "Line 0"),
        &[],
    );
    let refused = play
        .refused("battle", &battle("french", "british", "Ligne 1", "Line 1"))
        .unwrap();
    assert!(refused.contains("allows no more battles"), "{refused}");

    // The Impulse ends with its Deactivation; a new one cannot start before it.
    let refused = play
        .refused("impulse", &[("action", text("pass"))])
        .unwrap();
    assert!(
        refused.contains("Kellerman is still activated"),
        "{refused}"
    );
    play.play("deactivation", &[], &[]);
    // The Allies hold no Disc; after their pass, the French play it for Strategic Action A.
    play.play("impulse", &[("action", text("pass"))], &[]);
    let refused = play
        .refused("battle", &battle("british", "french", "Line 1", "Ligne 1"))
        .unwrap();
    assert!(
        refused.contains("no battle is fought in a Pass"),
        "{refused}"
    );
    play.play("impulse", &[("action", text("strategic-move"))], &[]);
    play.play("impulse", &[("action", text("strategic-move"))], &[]);
    // The Allies now hold the Disc: their Strategic Action A allows a British and a Prussian battle.
    play.play(
        "battle",
        &battle("british", "french", "Line 1", "Ligne 1"),
        &[],
    );
    let refused = play
        .refused("battle", &battle("british", "french", "Line 2", "Ligne 2"))
        .unwrap();
    assert!(refused.contains("one battle per faction"), "{refused}");
    play.play(
        "battle",
        &battle("prussian", "french", "Landwehr 0", "Ligne 2"),
        &[],
    );
}

/// Puts the Area 27 example's British Reserve Pool on the record (L1205-1210): two light blue
/// infantry and a Brunswick infantry, and an orange one; their ladders are FICTIONAL.
fn british_pool(seed: u64) -> Play {
    let mut play = Play::start_seeded("waterloo-200", "battle", seed);
    for (name, corps, brunswick) in [
        ("Light Blue A", "Light Blue, Picton", false),
        ("Light Blue B", "Light Blue, Picton", false),
        ("Brunswick Infantry", "Light Blue, Picton", true),
        ("Orange A", "Orange, Prince of Orange", false),
    ] {
        play.play(
            "add-block",
            &[
                ("side", text("british")),
                ("name", text(name)),
                ("type", text("infantry")),
                ("corps", text(corps)),
                ("ladder", text("3-2-1")),
                ("brunswick", support::flag(brunswick)),
                ("where", text("in the Reserve Pool")),
            ],
            &[],
        );
    }
    play
}

/// Le Chemin Creux in the Area 27 example (L979-986, L1205-1210): the British draw one of the
/// two light blue infantry of their Pool at random, never the Brunswicker (L794-796); it is on
/// the map at full strength. The same seed draws the same unit; the log keeps the cup as it was,
/// and verify re-derives the draw and catches an edited one.
#[test]
fn l979_l1205_the_chemin_creux_draws_a_light_blue_unit() {
    let offer = [
        ("area", text("27")),
        ("british_uncontested", support::flag(true)),
        ("room", support::flag(true)),
    ];
    let mut drawn = Vec::new();
    for seed in [1815, 1815, 7, 8, 9, 10] {
        let mut play = british_pool(seed);
        let form = play.input("chemin-creux", &offer);
        assert_eq!(form.list("candidates"), ["Light Blue A", "Light Blue B"]);
        play.play("chemin-creux", &offer, &[]);
        let draw = play.play("chemin-creux-draw", &[("area", text("27"))], &[]);
        let unit = draw.outcome.key.clone();
        assert!(unit.starts_with("Light Blue"), "{unit}");
        assert_eq!(play.state("british", &unit), "on the map");
        assert!(
            play.record()
                .cups
                .get("Chemin Creux draw")
                .is_none_or(Vec::is_empty)
        );
        assert!(play.game.verify(&play.session, &play.tables).is_ok());
        drawn.push((unit, play));
    }
    assert_eq!(drawn[0].0, drawn[1].0, "the same seed draws the same unit");
    assert!(
        drawn.iter().any(|(u, _)| u == "Light Blue A")
            && drawn.iter().any(|(u, _)| u == "Light Blue B"),
        "either may be drawn"
    );

    // The log keeps the cup as it was before the draw; an edited pick is caught.
    let (unit, mut play) = drawn.remove(0);
    support::reveal_seed(&mut play.session, play.game, &play.tables);
    let events = play.session.events().to_vec();
    let seq = events
        .iter()
        .position(|e| matches!(&e.body, EventBody::Resolved { procedure, .. } if procedure.as_str() == "chemin-creux-draw"))
        .unwrap();
    let EventBody::Resolved { draws, .. } = &events[seq].body else {
        unreachable!()
    };
    assert_eq!(draws[0].cup.as_str(), "Chemin Creux draw");
    assert_eq!(draws[0].contents_before, ["Light Blue A", "Light Blue B"]);
    let mut edited = events.clone();
    if let EventBody::Resolved { draws, .. } = &mut edited[seq].body {
        draws[0].drawn = if unit == "Light Blue A" {
            "Light Blue B"
        } else {
            "Light Blue A"
        }
        .into();
    }
    support::forgery::rechain(&mut edited);
    let failure = play
        .game
        .verify(
            &support::forgery::session_from_events(&edited),
            &play.tables,
        )
        .expect_err("caught");
    assert!(failure.message.contains("seed picks"), "{failure}");

    // The British may decline once the units are set out: the cup empties, nobody comes.
    let mut play = british_pool(4);
    play.play("chemin-creux", &offer, &[]);
    let refused = play
        .refused("chemin-creux-draw", &[("area", text("28"))])
        .unwrap();
    assert!(refused.contains("set out for Area 27"), "{refused}");
    let declined = play.play(
        "chemin-creux-draw",
        &[("decline", support::flag(true))],
        &[],
    );
    assert!(declined.outcome.headline.contains("draw no unit"));
    assert!(!play.applies("chemin-creux-draw"));
    assert_eq!(play.state("british", "Light Blue A"), "in the Reserve Pool");

    // A Brunswicker or an Area without room is refused.
    let play = british_pool(3);
    let refused = play
        .refused(
            "chemin-creux",
            &[
                ("area", text("27")),
                ("british_uncontested", support::flag(true)),
                ("room", support::flag(true)),
                ("candidates", list(&["Light Blue A", "Brunswick Infantry"])),
            ],
        )
        .unwrap();
    assert!(refused.contains("Brunswicker"), "{refused}");
    let refused = play
        .refused(
            "chemin-creux",
            &[
                ("area", text("38")),
                ("british_uncontested", support::flag(true)),
            ],
        )
        .unwrap();
    assert!(refused.contains("overstack"), "{refused}");
}

/// The red corps and a blue infantry on the record, waiting to arrive; FICTIONAL make-up.
fn red_and_blue_corps(seed: u64) -> Play {
    let mut play = Play::start_seeded("waterloo-200", "battle", seed);
    for (name, kind, corps) in [
        ("Red Artillery", "foot-artillery", "4th Corps, Red"),
        ("Red Cavalry 1", "cavalry", "4th Corps, Red"),
        ("Red Cavalry 2", "cavalry", "4th Corps, Red"),
        ("Red Infantry 1", "infantry", "4th Corps, Red"),
        ("Red Infantry 2", "infantry", "4th Corps, Red"),
        ("Blue Infantry", "infantry", "1st Corps, Blue"),
    ] {
        let ladder = if kind == "foot-artillery" {
            "3-2-1-P"
        } else {
            "3-2-1"
        };
        play.play(
            "add-block",
            &[
                ("side", text("prussian")),
                ("name", text(name)),
                ("type", text(kind)),
                ("corps", text(corps)),
                ("ladder", text(ladder)),
                ("where", text("not yet arrived")),
            ],
            &[],
        );
    }
    play
}

/// 5.1 (L877-891): the app draws the arriving red cavalry and infantry face down, each from the
/// corps' own; the others go to the Reserve Pool by their draws, so nothing tells which came.
/// Either cavalry may arrive.
#[test]
fn l877_l891_the_arriving_cavalry_and_infantry_are_drawn_face_down() {
    let mut arrived = Vec::new();
    for seed in [1, 2, 3, 4, 5, 6] {
        let mut play = red_and_blue_corps(seed);
        play.go_to(3, 0, 0);
        let form = play.input("prussian-arrival", &[]);
        assert_eq!(form.number("cavalry_waiting"), 2);
        assert_eq!(form.number("infantry_waiting"), 2);
        let refused = play
            .refused("prussian-arrival", &[("cavalry", list(&["Red Cavalry 1"]))])
            .unwrap();
        assert!(refused.contains("only under Free Setup"), "{refused}");
        let arrival = play.play("prussian-arrival", &[], &[]);
        assert!(
            arrival
                .outcome
                .headline
                .contains("5 block(s) arrive in Area 50, 2 of them drawn face down"),
            "{}",
            arrival.outcome.headline
        );
        assert!(!arrival.outcome.headline.contains("Red Cavalry"));
        let on_map = |prefix: &str| -> Vec<String> {
            [1, 2]
                .iter()
                .map(|n| format!("{prefix} {n}"))
                .filter(|name| play.state("prussian", name) == "on the map")
                .collect()
        };
        let (cavalry, infantry) = (on_map("Red Cavalry"), on_map("Red Infantry"));
        assert_eq!((cavalry.len(), infantry.len()), (1, 1));
        assert_eq!(play.record().cups["Prussian Reserve Pool"].len(), 2);
        assert_eq!(play.record().face_down.len(), 4, "all four drawn face down");
        assert!(play.game.verify(&play.session, &play.tables).is_ok());
        arrived.push(cavalry[0].clone());
    }
    assert!(
        arrived.iter().any(|c| c == "Red Cavalry 1")
            && arrived.iter().any(|c| c == "Red Cavalry 2")
    );
}

/// Digest TV-9, the Prussian Scheduled Arrivals (5.1, L877-904): on turn 3 Blücher, Bülow and
/// the red artillery arrive with one red cavalry and one red infantry (chosen here under Free
/// Setup, OR 1.0, L1273-1286), the other red units go to the Reserve Pool; on turn 5 the blue
/// corps arrives whole. The red corps' make-up is FICTIONAL: the text does not split it.
#[test]
fn tv9_l877_l904_the_prussian_arrivals() {
    let mut play = red_and_blue_corps(1815);
    assert!(!play.applies("prussian-arrival"));
    play.go_to(3, 0, 0);
    let form = play.input("prussian-arrival", &[]);
    assert_eq!(form.text("corps"), "red");
    assert_eq!(form.list("arriving"), ["Bülow", "Red Artillery", "Blücher"]);
    let refused = play
        .refused(
            "prussian-arrival",
            &[
                ("chosen", support::flag(true)),
                ("cavalry", list(&["Red Cavalry 1"])),
            ],
        )
        .unwrap();
    assert!(refused.contains("one infantry unit arrives"), "{refused}");
    let arrival = play.play(
        "prussian-arrival",
        &[
            ("chosen", support::flag(true)),
            ("cavalry", list(&["Red Cavalry 2"])),
            ("infantry", list(&["Red Infantry 1"])),
        ],
        &[],
    );
    assert!(
        arrival
            .outcome
            .headline
            .contains("5 block(s) arrive in Area 50")
    );
    for name in [
        "Blücher",
        "Bülow",
        "Red Artillery",
        "Red Cavalry 2",
        "Red Infantry 1",
    ] {
        assert_eq!(play.state("prussian", name), "on the map", "{name}");
    }
    for name in ["Red Cavalry 1", "Red Infantry 2"] {
        assert_eq!(
            play.state("prussian", name),
            "in the Reserve Pool",
            "{name}"
        );
    }
    assert_eq!(play.state("prussian", "Ziethen"), "not yet arrived");
    play.go_to(5, 0, 0);
    let form = play.input("prussian-arrival", &[]);
    assert_eq!(form.list("arriving"), ["Blue Infantry", "Ziethen"]);
    play.play("prussian-arrival", &[], &[]);
    assert_eq!(play.state("prussian", "Blue Infantry"), "on the map");
}

/// Who reorganizes first when a Strategic Action moved the Disc (digest §7.2 item 24): under
/// the rule (L1080-1081) the Side without the Disc now, under the example (L1160-1161) the Side
/// without the turn's Initiative. And after two passes in turn 5 the game ends unplayed
/// Reorganization (L341-342, digest §7.2 item 10) unless the setting says otherwise.
#[test]
fn l1080_l1160_l341_the_reorganization_order_and_turn_five() {
    let mut play = Play::start("waterloo-200", "battle");
    enter(&mut play, "french", "Napoleon", "ladder", "4-3-2-H");
    enter(&mut play, "british", "Wellington", "ladder", "4-3-2-H");
    // The French, with the Initiative, play the Disc; then both pass.
    for action in ["strategic-move", "pass", "pass"] {
        play.play("impulse", &[("action", text(action))], &[]);
    }
    play.go_to(1, 1, 0);
    assert_eq!(play.input("reorganize", &[]).text("side"), "french");
    play.play(
        "settings",
        &[("reorganization_order", text("initiative"))],
        &[],
    );
    assert_eq!(play.input("reorganize", &[]).text("side"), "british");

    play.go_to(5, 0, 0);
    for _ in 0..2 {
        play.play("impulse", &[("action", text("pass"))], &[]);
    }
    play.go_to(5, 1, 0);
    let refused = play
        .refused("reorganize", &[("in_headquarters", support::flag(true))])
        .unwrap();
    assert!(
        refused.contains("the game ends after two passes in turn 5"),
        "{refused}"
    );
    play.play(
        "settings",
        &[("turn_five_reorganization", text("reorganize"))],
        &[],
    );
    assert!(
        play.refused("reorganize", &[("in_headquarters", support::flag(true))])
            .is_none()
    );
}

/// The optional rules a battle plays (L1252-1260), each a session setting: OR 2.0 Cavalry Charge
/// doubles the attacker's cavalry in a Green Area against a defender without cavalry
/// (L1299-1316); OR 9.0 Morale adds each Side's Morale, 10 less its units eliminated, the
/// Prussians counting as British (L1343-1346); OR 8.0 Combined Attack takes one hit off the
/// attacker's losses when a Leader, an Artillery, an Infantry and a Cavalry of his are in it
/// (L1320-1333). Strengths FICTIONAL.
#[test]
fn or2_or8_or9_l1299_l1346_the_optional_rules_of_a_battle() {
    let attackers = [
        ("Hussars", "Cavalry", "3-2-1"),
        ("Ligne", "Infantry", "4-3-2-1"),
    ];
    let defenders = [("Line", "Infantry", "4-3-2-1")];
    let plain = battle(&attackers, &defenders, 1);
    assert_eq!((total(&plain, "French"), total(&plain, "British")), (7, 5));

    let charge = |green: bool| {
        battle_with(
            &attackers,
            &defenders,
            1,
            &[
                ("cavalry_charge", text("on")),
                ("green_area", support::flag(green)),
            ],
        )
    };
    let charged = charge(true);
    assert_eq!(
        total(&charged, "French"),
        10,
        "the 3 of the Hussars doubled"
    );
    assert!(
        charged
            .modifiers
            .iter()
            .any(|m| m.label.contains("Cavalry Charge: Hussars doubled") && m.value == 3)
    );
    assert_eq!(total(&charge(false), "French"), 7, "not in a Green Area");
    let against_cavalry = battle_with(
        &attackers,
        &[("Dragoons", "Cavalry", "3-2-1")],
        1,
        &[
            ("cavalry_charge", text("on")),
            ("green_area", support::flag(true)),
        ],
    );
    assert_eq!(
        total(&against_cavalry, "French"),
        7,
        "the defender has cavalry"
    );

    let morale = battle_with(
        &attackers,
        &defenders,
        1,
        &[
            ("morale", text("on")),
            ("french_eliminated", number(3)),
            ("british_eliminated", number(1)),
        ],
    );
    assert_eq!(
        (total(&morale, "French"), total(&morale, "British")),
        (7 + 7, 5 + 9)
    );

    // OR 8.0 with every type in the attack (digest Corrections, "OR 8.0 Combined Attack
    // arithmetic"). FR +2: the French win; only the broader reading spares them their 1 hit.
    let with_all = [
        ("Hussars", "Cavalry", "3-2-1"),
        ("Ligne", "Infantry", "4-3-2-1"),
        ("Battery", "Foot Artillery", "1-P"),
        ("Foy", "Tactical Leader", "1-H"),
    ];
    let line = [
        ("Line", "Infantry", "4-3-2-1"),
        ("Jäger", "Infantry", "3-2-1"),
    ];
    let combined = |defenders: &[(&str, &str, &str)], bonus: i64, rule: &str| {
        battle_with(
            &with_all,
            defenders,
            bonus,
            &[("combined_attack", text(rule))],
        )
    };
    let off = combined(&line, 0, "off");
    assert_eq!(total(&off, "French") - total(&off, "British"), 2);
    assert_eq!(hits(&off, "French"), 1);
    assert_eq!(
        hits(&combined(&line, 0, "on"), "French"),
        1,
        "the literal reading: he won"
    );
    let either = combined(&line, 0, "either");
    assert_eq!((hits(&either, "French"), hits(&either, "British")), (0, 2));
    assert!(either.limits.iter().any(|l| l.rule.contains("OR 8.0")));
    // FR -5 (the digest's example): the literal reading gives the French 4 hits and the British
    // ⌈4/2⌉ = 2; the broader one 4 and ⌈5/2⌉ = 3.
    let strong = [
        ("Line", "Infantry", "4-3-2-1"),
        ("Guards", "Infantry", "4-3-2-1"),
        ("Jäger", "Infantry", "3-2-1"),
    ];
    let literal = combined(&strong, 3, "on");
    assert_eq!(total(&literal, "French") - total(&literal, "British"), -5);
    assert_eq!(
        (hits(&literal, "French"), hits(&literal, "British")),
        (4, 2)
    );
    let broad = combined(&strong, 3, "either");
    assert_eq!((hits(&broad, "French"), hits(&broad, "British")), (4, 3));
    // A Leader and an Artillery next to the Area take part as they support it, unless only the
    // units in the Area count.
    let supported = |units: &str| {
        battle_with(
            &[
                ("Hussars", "Cavalry", "3-2-1"),
                ("Ligne", "Infantry", "4-3-2-1"),
            ],
            &strong,
            5,
            &[
                ("combined_attack", text("on")),
                ("combined_attack_units", text(units)),
                ("leaders", list(&["Foy"])),
                ("leaders_facts", text("Foy (Tactical Leader): 2-1-H")),
                ("artillery", list(&["Battery"])),
                ("artillery_facts", text("Battery (Foot Artillery): 2-1-P")),
            ],
        )
    };
    let by_support = supported("supporting");
    assert_eq!(
        total(&by_support, "French") - total(&by_support, "British"),
        -5
    );
    assert_eq!(hits(&by_support, "French"), 4);
    assert_eq!(hits(&supported("area"), "French"), 5);
}

/// OR 10.0 (L1361-1381): played, the Allied player draws from turn 3 which Prussian corps
/// arrives; Blücher arrives on turn 3 whichever it is. Not played, the draw is refused and the
/// corps keep their schedule. The corps' make-up is FICTIONAL.
#[test]
fn or10_l1371_l1381_the_prussian_corps_arrive_in_a_random_order() {
    let mut leaders = Vec::new();
    for seed in [1, 2, 3, 4, 5, 6, 7, 8] {
        let mut play = red_and_blue_corps(seed);
        play.go_to(3, 0, 0);
        let refused = play.refused("prussian-arrival-order", &[]).unwrap();
        assert!(refused.contains("not played"), "{refused}");
        play.play("settings", &[("prussian_arrivals", text("random"))], &[]);
        let refused = play
            .refused("prussian-arrival", &[("corps", text("red"))])
            .unwrap();
        assert!(
            refused.contains("draw the corps that arrives first"),
            "{refused}"
        );
        let order = play.play("prussian-arrival-order", &[], &[]);
        let leader = order.outcome.key.clone();
        assert!(["Bülow", "Pirch", "Ziethen"].contains(&leader.as_str()));
        let again = play.refused("prussian-arrival-order", &[]).unwrap();
        assert!(again.contains("was drawn this turn"), "{again}");
        let form = play.input("prussian-arrival", &[]);
        let corps = form.text("corps").to_string();
        assert!(
            form.list("arriving")
                .iter()
                .any(|n| n.as_str() == "Blücher")
        );
        if leader == "Ziethen" {
            assert_eq!(corps, "blue");
            play.play("prussian-arrival", &[], &[]);
            assert_eq!(play.state("prussian", "Blue Infantry"), "on the map");
        }
        assert_eq!(play.record().cups["Prussian corps to arrive"].len(), 2);
        leaders.push(leader);
    }
    assert!(leaders.iter().any(|l| l != &leaders[0]), "{leaders:?}");
}

/// OR 7.0 Retreat (L1291-1310): the defender holding the Disc spends it to retreat from the
/// Area; the units that cannot are eliminated. A Combined Attack negates it, the Disc spent all
/// the same (OR 8.0, L1334-1336). Not played, it is refused. Ladders FICTIONAL.
#[test]
fn or7_l1295_l1310_the_defender_spends_the_disc_to_retreat() {
    let mut play = Play::start("waterloo-200", "battle");
    add_block(&mut play, "french", "Ligne", "infantry", "4-3-2-1", 0);
    add_block(&mut play, "french", "Garde", "infantry", "4-3-2-1", 0);
    let retreat = |eliminated: &[&str], combined: bool| {
        vec![
            ("side", text("french")),
            ("area", text("40")),
            ("combined", support::flag(combined)),
            ("eliminated", list(eliminated)),
        ]
    };
    let refused = play.refused("retreat", &retreat(&[], false)).unwrap();
    assert!(refused.contains("not played"), "{refused}");
    play.play("settings", &[("retreat", text("on"))], &[]);
    let refused = play
        .refused(
            "retreat",
            &[("side", text("british")), ("area", text("40"))],
        )
        .unwrap();
    assert!(
        refused.contains("does not hold the Initiative Disc"),
        "{refused}"
    );
    let refused = play.refused("retreat", &retreat(&[], true)).unwrap();
    assert!(refused.contains("8.0 is not played"), "{refused}");
    play.play("settings", &[("combined_attack", text("on"))], &[]);
    let refused = play.refused("retreat", &retreat(&["Ligne"], true)).unwrap();
    assert!(refused.contains("negates the retreat"), "{refused}");

    let result = play.play("retreat", &retreat(&["Ligne"], false), &[]);
    assert!(result.outcome.headline.contains("1 unit(s) cannot"));
    assert_eq!(play.state("french", "Ligne"), "eliminated");
    assert_eq!(play.state("french", "Garde"), "on the map");
    assert!(play.record().marks.contains("Initiative Disc: the Allies"));
    // The Disc is gone: no second retreat.
    let refused = play.refused("retreat", &retreat(&[], false)).unwrap();
    assert!(refused.contains("does not hold"), "{refused}");
}

/// OR 6.0 Languages (L1262-1288): British units of different languages in one battle lower the
/// British firepower, at most by 2: -1 a language present under the literal reading, -1 a
/// language beyond the first under the gentler one (digest Corrections). The count comes from the
/// blocks' tags on the record; a block without one is named. Ladders and tags FICTIONAL.
#[test]
fn or6_l1278_l1288_languages_lower_the_british_firepower() {
    let attackers = [("Ligne", "Infantry", "4-3-2-1")];
    let defenders = [("Line", "Infantry", "4-3-2-1")];
    let british = |reading: &str, languages: i64| {
        let battle = battle_with(
            &attackers,
            &defenders,
            2,
            &[
                ("languages", text(reading)),
                ("british_languages", number(languages)),
            ],
        );
        total(&battle, "British")
    };
    assert_eq!(british("off", 3), 6);
    assert_eq!(
        [1, 2, 3].map(|n| british("present", n)),
        [6, 4, 4],
        "any mix costs 2"
    );
    assert_eq!([1, 2, 3].map(|n| british("beyond-first", n)), [6, 5, 4]);

    // From the record: a German and an English brigade defend together.
    let mut play = Play::start("waterloo-200", "battle");
    add_block(&mut play, "french", "Ligne", "infantry", "4-3-2-1", 0);
    for (name, language) in [
        ("Hanoverians", Some("black")),
        ("Highlanders", Some("pink")),
        ("Nassau", None),
    ] {
        add_block(&mut play, "british", name, "infantry", "3-2-1", 0);
        if let Some(language) = language {
            enter(&mut play, "british", name, "language", language);
        }
    }
    play.play("settings", &[("languages", text("present"))], &[]);
    let form = |defenders: &[&str]| {
        play.input(
            "battle",
            &[
                ("area", text("40")),
                ("attackers", list(&["Ligne"])),
                ("defenders", list(defenders)),
            ],
        )
    };
    assert_eq!(
        form(&["Hanoverians", "Highlanders"]).number("british_languages"),
        2
    );
    assert_eq!(form(&["Highlanders"]).number("british_languages"), 1);
    let game = play.game;
    let refused = game
        .check_record(
            game.procedure("battle").unwrap(),
            &form(&["Highlanders", "Nassau"]),
            play.record(),
        )
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("enter the language of Nassau"),
        "{refused}"
    );
    // British Leaders and Artillery speak English (L1288).
    let refused = play
        .refused(
            "block-value",
            &[
                ("side", text("british")),
                ("unit", text("Wellington")),
                ("value_of", text("language")),
                ("value", text("german")),
            ],
        )
        .unwrap();
    assert!(refused.contains("English-speaking"), "{refused}");
}

/// OR 4.0 Impetus (L1349-1352): the attacker's cavalry in a battle that clears the Area may move
/// 1 MP at once; not when the defender holds on, nor when the rule is not played. FICTIONAL.
#[test]
fn or4_l1349_l1352_cavalry_that_clears_the_area_moves_on() {
    let attackers = [
        ("Hussars", "Cavalry", "3-2-1"),
        ("Ligne", "Infantry", "4-3-2-1"),
    ];
    let impetus = |defenders: &[(&str, &str, &str)], rule: &str| {
        let battle = battle_with(&attackers, defenders, 0, &[("impetus", text(rule))]);
        support::reminders(&battle)
            .iter()
            .any(|r| r.starts_with("Impetus: Hussars may move up to 1 MP"))
    };
    let weak = [("Picket", "Infantry", "1")];
    assert!(impetus(&weak, "on"));
    assert!(!impetus(&weak, "off"));
    assert!(!impetus(
        &[
            ("Line", "Infantry", "4-3-2-1"),
            ("Guards", "Infantry", "4-3-2-1")
        ],
        "on"
    ));
}

/// OR 5.0 Grande Batterie (L1363-1384, L1254-1255): the French bombard an uncontested enemy Area
/// with committed artillery: the defender adds no Terrain Bonus, the French take no losses and
/// no gun is reduced, and the Disc goes to the Allies. Ladders FICTIONAL.
#[test]
fn or5_l1363_l1384_the_grande_batterie() {
    let defenders = [("Line", "Infantry", "3-2-1")];
    let game = games::find("waterloo-200").unwrap();
    let procedure = game.procedure("battle").unwrap();
    let form = |rule: &str| {
        support::form_of(
            game,
            &Default::default(),
            "battle",
            &[
                ("side", text("french")),
                ("defender", text("british")),
                ("area", text("40")),
                ("terrain_bonus", number(3)),
                ("defenders", list(&["Line"])),
                ("defenders_facts", text(&facts(&defenders))),
                ("artillery", list(&["Battery A", "Battery B"])),
                (
                    "artillery_facts",
                    text("Battery A (Foot Artillery): 3-2-P; Battery B (Foot Artillery): 3-2-P"),
                ),
                ("bombardment", support::flag(true)),
                ("grande_batterie", text(rule)),
            ],
        )
    };
    let refused = resolve_checked(procedure, &form("off"), &tables(), &[]).unwrap_err();
    assert!(refused.to_string().contains("not played"), "{refused}");
    let battle = resolve_checked(procedure, &form("on"), &tables(), &[]).unwrap();
    // OF: two guns at 3 cannonballs add 3 each (L1010-1018); DF: 3, no Terrain Bonus.
    assert_eq!(
        (total(&battle, "French"), total(&battle, "British")),
        (6, 3)
    );
    assert!(
        battle
            .modifiers
            .iter()
            .any(|m| m.label.starts_with("No Terrain Bonus"))
    );
    assert_eq!(hits(&battle, "French"), 0);
    assert_eq!(hits(&battle, "British"), 3);
    let guns_reduced = battle.effects.iter().any(|e| {
        matches!(e, Effect::AddToAttribute { unit, .. } if unit.as_str().starts_with("Battery"))
    });
    assert!(!guns_reduced, "no gun is reduced");
    assert!(
        battle.outcome.headline.contains("the French 0"),
        "{}",
        battle.outcome.headline
    );

    // On the table: the French Impulse plays the Disc for it, and fights no other battle.
    let mut play = Play::start("waterloo-200", "battle");
    let bombard = [("action", text("strategic-bombard"))];
    let refused = play.refused("impulse", &bombard).unwrap();
    assert!(refused.contains("5.0 is not played"), "{refused}");
    play.play("settings", &[("grande_batterie", text("on"))], &[]);
    let impulse = play.play("impulse", &bombard, &[]);
    assert!(
        impulse
            .outcome
            .headline
            .contains("The Disc goes to the Allies")
    );
    let game = play.game;
    let normal = play.input(
        "battle",
        &[("area", text("40")), ("battles_left", number(1))],
    );
    let refused = game
        .check_record(game.procedure("battle").unwrap(), &normal, play.record())
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("its one battle is the bombardment"),
        "{refused}"
    );
}
