//! Beyond Waterloo's Basic Game campaign: the OPs Phase's Combat Segment, each battle a whole
//! Battle Sequence (6.1, L836-846; 17.1.2b, L1584), and the morale recovery at the Phase's end
//! (5.2.9-5.2.10, L790-792). The charts and every counter value entered are FICTIONAL, made up
//! and marked as such.

use crate::rulebook_beyond_waterloo::{pick_cards, seal_and_reveal, take_every_step};
use crate::rulebook_beyond_waterloo_campaign::{basic_game, enter};
use crate::support::{Play, list, text};
use aide_de_camp::engine::procedure::Resolution;
use aide_de_camp::games::beyond_waterloo::campaign::{battles, fortresses};

/// The Formations the tests fight with, and where the Allied ones stand at the start of 27.2
/// (L2320, L2346).
const LEFT_WING: &str = "Left Wing";
const RIGHT_WING: &str = "Right Wing";
const BLUCHER: &str = "Army of the Lower Rhine";
const SWISS: &str = "Allied Troops 1 Army";
const LIEGE: &str = "Liège (J1)";
const STRASBOURG: &str = "Strasbourg (L5)";
const RHIN: &str = "Armée du Rhin";
const ZURICH: &str = "Zurich (N6)";

/// The Basic Game with every value the four Formations' battles read entered: FICTIONAL CF 3,
/// Morale 3 and reduced CF 2, Morale 3 on each Troop unit not printed; Battle Ability 2,
/// Reaction 1 and AP 2 for their Leaders.
fn campaign_with_values() -> Play {
    campaign_with_values_for(&[LEFT_WING, RIGHT_WING, BLUCHER, SWISS])
}

/// The Basic Game with the same FICTIONAL values entered for `formations`.
fn campaign_with_values_for(formations: &[&str]) -> Play {
    let mut play = basic_game();
    let mut to_enter = Vec::new();
    for ((side, name), unit) in &play.record().units {
        let in_one = unit
            .attribute("formation")
            .is_some_and(|f| formations.contains(&f));
        let leads_one = formations.iter().any(|f| {
            play.record()
                .unit(side, f)
                .and_then(|f| f.attribute("leader"))
                == Some(name.as_str())
        });
        let values: &[(&str, &str)] = match unit.attribute("type") {
            Some("leader") if leads_one => &[("battle", "2"), ("reaction", "1"), ("ap", "2")],
            Some("infantry" | "cavalry") if in_one => &[
                ("cf", "3"),
                ("morale", "3"),
                ("reduced_cf", "2"),
                ("reduced_morale", "3"),
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
    play
}

fn morale(play: &Play, side: &str, formation: &str) -> i64 {
    play.attribute(side, formation, "formation_morale")
        .and_then(|m| m.parse().ok())
        .expect("a Morale level")
}

fn move_to(play: &mut Play, side: &str, formation: &str, to: &str) {
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

/// Step 1: each side posts its only Formation in the area as its Lead, and picks no card.
fn post(play: &mut Play, french: &str, allied: &str) {
    for (side, lead) in [("french", french), ("allied", allied)] {
        play.play(
            "post-battle",
            &[("side", text(side)), ("lead", text(lead))],
            &[],
        );
        pick_cards(play, side, &[]);
    }
}

/// A Combat Round on the Grand Tactics given, sealed and revealed as the app does.
fn combat_round(play: &mut Play, french: &str, allied: &str, faces: &[u8]) -> Resolution {
    let procedure = play.game.procedure("combat-round").expect("the round");
    let round = procedure.sealed_round(play.record());
    seal_and_reveal(play, &round, french, allied);
    let resolution = play.play(
        "combat-round",
        &[("french_gt", text(french)), ("allied_gt", text(allied))],
        faces,
    );
    take_every_step(play, "french");
    take_every_step(play, "allied");
    resolution
}

fn step_title(play: &Play) -> &'static str {
    play.game
        .sequence_of(play.record())
        .step(play.record().position)
        .expect("a step")
        .title
}

#[test]
fn each_contested_area_is_a_battle_picked_in_turn_and_fought_through_the_battle_sequence() {
    let mut play = campaign_with_values();
    // OPs Phase 1 of June 1815: the French, with the Initiative on the tie (1.1, L404), move
    // first (17.1.2a, L1583).
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    move_to(&mut play, "french", RIGHT_WING, ZURICH);
    assert_eq!(
        battles::contested_areas(play.record()),
        [LIEGE.to_string(), ZURICH.to_string()].into()
    );
    play.next_step();
    assert_eq!(step_title(&play), "Combat Segment: pick a battle");

    // The Initiative player picks the first battle (6.1.1, L838).
    let form = play.input("open-battle", &[]);
    assert_eq!(form.text("side"), "french");
    assert_eq!(form.text("to_fight"), format!("{LIEGE}; {ZURICH}"));
    let refusal = play
        .refused(
            "open-battle",
            &[("side", text("allied")), ("at", text(BLUCHER))],
        )
        .expect("not the Allies' pick");
    assert!(refusal.contains("6.1.1, L838"), "{refusal}");
    play.play("open-battle", &[("at", text(BLUCHER))], &[]);
    assert_eq!(battles::open_battle(play.record()), Some(LIEGE));
    // A battle is fought to its end before the next is picked (6.1.3, L842).
    let refusal = play
        .refused("open-battle", &[("at", text(SWISS))])
        .expect("one battle at a time");
    assert!(refusal.contains("6.1.3, L842"), "{refusal}");

    // The Battle Sequence's steps, as in the Combat Game (6.3, L882-918).
    play.next_step();
    assert_eq!(step_title(&play), "Step 1: Post the Battle Display");
    // Only the battle area's Formations are posted (6.2.2d, L868).
    let refusal = play
        .refused(
            "post-battle",
            &[("side", text("french")), ("lead", text(RIGHT_WING))],
        )
        .expect("not in the battle area");
    assert!(refusal.contains("is not in Liège (J1)"), "{refusal}");
    // The form offers the side's Formation in the area as its Lead.
    let form = play.input("post-battle", &[("side", text("allied"))]);
    assert_eq!(form.text("lead"), BLUCHER);
    assert!(form.list("supporting").is_empty());
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    assert_eq!(
        step_title(&play),
        "Steps 2-7: Grand Tactics to Final Resolution"
    );
    let form = play.input("combat-round", &[]);
    assert_eq!(form.text("round"), "first");
    combat_round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[5, 4, 3, 3],
    );
    play.next_step();
    assert_eq!(step_title(&play), "Step 8: Reaction Movement");
    play.next_step();
    assert_eq!(step_title(&play), "Step 9: Adjustments");
    play.next_step();
    assert_eq!(step_title(&play), "Step 10: Steps 2-7 again");
    let form = play.input("combat-round", &[]);
    assert_eq!(form.text("round"), "second");
    combat_round(
        &mut play,
        "general_advance",
        "right_flank_attack",
        &[6, 2, 4, 1],
    );
    play.next_step();
    assert_eq!(step_title(&play), "Step 11: Battle Winner Determination");
    // The Combat Game's ending is not the campaign's (20.1, L1746-1752).
    assert!(!play.applies("victory"));
    let before = (
        morale(&play, "french", LEFT_WING),
        morale(&play, "allied", BLUCHER),
    );
    let battle = play.play("battle-winner", &[], &[]);
    // On the FICTIONAL charts and dice the French inflict 8 steps to 4 over both rounds (6.16.1,
    // L1139): their Formation gains a level, the loser's loses one (6.16.4-6.16.5, L1146-1148).
    assert_eq!(
        battle.outcome.headline,
        "The French win the battle: the French inflicted 8 steps, the Allies 4 (6.16.1, L1139)"
    );
    assert_eq!(morale(&play, "french", LEFT_WING), (before.0 + 1).min(9));
    assert_eq!(morale(&play, "allied", BLUCHER), before.1 - 1);
    // The Battle Location Marker comes off, both Formations fought in this OPs Phase, and the
    // loss markers leave the Battle Track for the next battle (6.16.7, L1152).
    assert_eq!(battles::open_battle(play.record()), None);
    assert_eq!(
        play.attribute("french", LEFT_WING, "acted_in_ops")
            .as_deref(),
        Some("4/1")
    );
    assert_eq!(
        play.attribute("allied", BLUCHER, "acted_in_ops").as_deref(),
        Some("4/1")
    );
    // The loser withdraws (6.16.6, L1150), recorded as a move.
    move_to(&mut play, "allied", BLUCHER, "Namur (J2)");

    // The player who did not pick the last battle picks the next (6.16.9, L1156).
    play.next_step();
    assert_eq!(step_title(&play), "Combat Segment: pick a battle");
    assert!(
        play.record()
            .counters
            .keys()
            .all(|name| !name.as_str().starts_with("Loss markers")),
        "{:?}",
        play.record().counters
    );
    let form = play.input("open-battle", &[]);
    assert_eq!(form.text("side"), "allied");
    assert_eq!(form.text("to_fight"), ZURICH);
    play.play("open-battle", &[("at", text(SWISS))], &[]);
    play.next_step();
    post(&mut play, RIGHT_WING, SWISS);
    play.next_step();
    // Both choose Retreat: no round is fought, and no Battle Adjustment Round (6.4.3, L928;
    // 6.12.1, L1078).
    combat_round(&mut play, "retreat", "retreat", &[]);
    play.go_to(4, 1, 7);
    let battle = play.play("battle-winner", &[], &[]);
    assert!(
        battle.outcome.headline.starts_with("No winner"),
        "{}",
        battle.outcome.headline
    );
    // No contested area is left unfought: Next step ends the Combat Segment (6.16.10, L1158).
    play.next_step();
    assert_eq!(step_title(&play), "End of the OPs Phase");
    let picked = battles::picked(play.record());
    assert_eq!(
        picked
            .iter()
            .map(|b| (b.number, b.area.as_str(), b.picker))
            .collect::<Vec<_>>(),
        [(1, LIEGE, "french"), (2, ZURICH, "allied")]
    );

    // The loser fought, so it does not recover at the end of this OPs Phase (5.2.9, L790)...
    let (side, formation) = ("allied", BLUCHER);
    let form = play.input("morale-recovery", &[("side", text(side))]);
    assert!(
        !form
            .list("may_recover")
            .iter()
            .any(|f| f.as_str() == formation),
        "{:?}",
        form.list("may_recover")
    );
    // ...but idle through OPs Phase 2, it gains its level back, to at most 3.
    let low = morale(&play, side, formation);
    play.go_to(4, 2, 8);
    play.play(
        "morale-recovery",
        &[("side", text(side)), ("may_recover", list(&[formation]))],
        &[],
    );
    assert_eq!(morale(&play, side, formation), (low + 1).min(3));
    let refusal = play
        .refused("morale-recovery", &[("side", text(side))])
        .expect("once an OPs Phase");
    assert!(refusal.contains("5.2.9, L790"), "{refusal}");
    play.game
        .verify(&play.session, &play.tables)
        .expect("the session verifies");
}

#[test]
fn under_the_optional_rule_an_idle_formation_rolls_against_its_leaders_battle_ability() {
    // 5.2.10, L792: 1D6 no higher than the Leader's Battle Ability (FICTIONAL 2).
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    combat_round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[5, 4, 3, 3],
    );
    play.go_to(4, 1, 6);
    combat_round(
        &mut play,
        "general_advance",
        "right_flank_attack",
        &[6, 2, 4, 1],
    );
    play.next_step();
    play.play("battle-winner", &[], &[]);
    let low = [("french", LEFT_WING), ("allied", BLUCHER)]
        .into_iter()
        .find(|(side, f)| morale(&play, side, f) < 3);
    let Some((side, formation)) = low else {
        panic!("the FICTIONAL dice leave one side below Morale 3");
    };
    let level = morale(&play, side, formation);
    play.go_to(4, 2, 8);
    let values = |formation: &str| {
        vec![
            ("side", text(side)),
            ("morale_recovery", text("roll")),
            ("formation", text(formation)),
        ]
    };
    let failed = play.play("morale-recovery", &values(formation), &[3]);
    assert!(
        failed.outcome.headline.contains("no recovery"),
        "{}",
        failed.outcome.headline
    );
    assert_eq!(morale(&play, side, formation), level);
    // One roll a Phase for each Formation.
    assert!(
        play.refused("morale-recovery", &values(formation))
            .is_some()
    );
    // The next OPs Phase, a 2 recovers.
    play.go_to(4, 4, 8);
    let recovered = play.play("morale-recovery", &values(formation), &[2]);
    assert!(
        recovered.outcome.headline.contains("+1 Morale level"),
        "{}",
        recovered.outcome.headline
    );
    assert_eq!(morale(&play, side, formation), level + 1);
}

#[test]
fn a_reaction_attempt_costs_the_formation_an_ap_and_none_is_made_at_zero() {
    // 4.2.3, L666: "Attempts a Reaction Movement"; 4.2.6, L676: none with no AP left. FICTIONAL
    // AP ratings: Napoleon 1, Grouchy 0, every other French Leader 1; Napoleon's Reaction 1.
    let mut play = campaign_with_values();
    let leaders: Vec<String> = play
        .record()
        .units_where(Some("french"), &[("type", "leader"), ("state", "in play")])
        .map(|(_, name, _)| name.to_string())
        .collect();
    for leader in &leaders {
        let ap = if leader == "Grouchy" { "0" } else { "1" };
        enter(&mut play, "french", leader, "ap", ap);
    }
    enter(&mut play, "french", "Napoleon", "reaction", "1");
    play.play("ap-reset", &[("side", text("french"))], &[]);
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    combat_round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[5, 4, 3, 3],
    );
    play.next_step();
    assert_eq!(step_title(&play), "Step 8: Reaction Movement");
    let react = |formation: &str| {
        vec![
            ("side", text("french")),
            ("formation", text(formation)),
            ("distance", crate::support::number(1)),
        ]
    };
    let refusal = play
        .refused("reaction", &react(RIGHT_WING))
        .expect("no AP left");
    assert!(refusal.contains("4.2.6, L676"), "{refusal}");
    let form = play.input("reaction", &react("Armée du Nord"));
    assert_eq!(form.text("ap_payer"), "Armée du Nord");
    assert_eq!(form.number("ap_level"), 1);
    play.play("reaction", &react("Armée du Nord"), &[]);
    assert_eq!(
        play.attribute("french", "Armée du Nord", "ap_level")
            .as_deref(),
        Some("0")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "role").as_deref(),
        Some("supporting")
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "area").as_deref(),
        Some(LIEGE)
    );
}

#[test]
fn without_the_limits_the_optional_roll_lets_an_idle_formation_rise_above_three() {
    // The addendum's S14: 5.2.10 (L792) read without 5.2.9's eligibility and cap of 3.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 8);
    let uncapped = |formation: &str| {
        vec![
            ("side", text("french")),
            ("morale_recovery", text("roll")),
            ("recovery_roll_limits", text("uncapped")),
            ("formation", text(formation)),
        ]
    };
    // Capped, the Right Wing at Morale 3 may not roll.
    let capped = play.input(
        "morale-recovery",
        &[("side", text("french")), ("morale_recovery", text("roll"))],
    );
    assert!(
        !capped
            .list("may_recover")
            .iter()
            .any(|f| f.as_str() == RIGHT_WING)
    );
    play.play("morale-recovery", &uncapped(RIGHT_WING), &[1]);
    assert_eq!(morale(&play, "french", RIGHT_WING), 4);
}

#[test]
fn a_fortress_named_with_the_battle_is_besieged_for_three_rp_and_stays_destroyed() {
    // 19.1.8-19.1.10, L1736-1740; the Siege's 3 RP paid in the Battle Adjustment Round (6.3.9,
    // L908). The players name the Fortress: the app holds no map.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    play.play("open-battle", &[("fortress", text("allied"))], &[]);
    assert_eq!(battles::battle_fortress(play.record()), Some("allied"));
    assert_eq!(battles::open_battle(play.record()), Some(LIEGE));
    play.next_step();
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    let form = play.input("combat-round", &[]);
    assert_eq!(form.text("fortress"), "allied");
    // Not in the First Combat Round, and never by the Fortress's holder.
    let refusal = play
        .refused("siege", &[("side", text("french"))])
        .expect("not yet");
    assert!(refusal.contains("Step 9, Adjustments"), "{refusal}");
    combat_round(&mut play, "left_flank_attack", "hold", &[5, 4, 3, 3]);
    play.go_to(4, 1, 5);
    let refusal = play
        .refused("siege", &[("side", text("allied"))])
        .expect("the holder");
    assert!(refusal.contains("only its attacker"), "{refusal}");
    let siege = play.play("siege", &[], &[]);
    assert!(
        siege.outcome.headline.starts_with("The French pay 3 RP"),
        "{}",
        siege.outcome.headline
    );
    assert_eq!(
        aide_de_camp::games::beyond_waterloo::campaign::war_chest::rp(play.record(), "french"),
        82
    );
    assert_eq!(battles::battle_fortress(play.record()), None);
    assert_eq!(battles::open_battle(play.record()), Some(LIEGE));
    play.next_step();
    let form = play.input("combat-round", &[]);
    assert_eq!(form.text("fortress"), "none");
    // The destroyed Fortress stays so: a later battle there has none (19.1.7, 19.1.9).
    combat_round(
        &mut play,
        "general_advance",
        "right_flank_attack",
        &[6, 2, 4, 1],
    );
    play.next_step();
    play.play("battle-winner", &[], &[]);
    play.go_to(4, 2, 1);
    let refusal = play
        .refused("open-battle", &[("fortress", text("allied"))])
        .expect("destroyed");
    assert!(refusal.contains("19.1.7, L1732"), "{refusal}");
}

#[test]
fn a_fortress_besieged_no_longer_keeps_the_formations_there_in_supply() {
    // 16.1.4, L1497: automatic supply in "undestroyed friendly Fortresses"; the Siege paid in the
    // Battle Adjustment Round (6.3.9, L908) destroys the Fortress, whose marker stays (19.1.9,
    // L1738), and its benefits are lost (19.1.7, L1732). The Allies march on Strasbourg, held by
    // the Armée du Rhin and a garrison (L2272, L2286).
    let mut play = campaign_with_values_for(&[RHIN, BLUCHER]);
    let supplied = |play: &Play| {
        play.input("supply", &[("side", text("french"))])
            .list("in_fortress")
            .iter()
            .any(|f| f.as_str() == RHIN)
    };
    assert!(supplied(&play));
    play.go_to(4, 1, 0);
    move_to(&mut play, "allied", BLUCHER, STRASBOURG);
    play.next_step();
    play.play("open-battle", &[("fortress", text("french"))], &[]);
    play.next_step();
    post(&mut play, RHIN, BLUCHER);
    play.next_step();
    combat_round(&mut play, "hold", "left_flank_attack", &[3, 3, 4, 5]);
    play.go_to(4, 1, 5);
    play.play("siege", &[], &[]);
    assert!(!fortresses::supplies(play.record(), "french", STRASBOURG));
    // Still French, but destroyed: the Armée du Rhin may be found Out of Supply there.
    assert_eq!(
        fortresses::holder(play.record(), STRASBOURG),
        Some("french")
    );
    assert!(!supplied(&play));
    let named = [("side", text("french")), ("out_of_supply", list(&[RHIN]))];
    assert_eq!(play.refused("supply", &named), None);
}

/// Every Formation of `side` given a FICTIONAL AP rating of 2 where the record has none, and the
/// side's AP levels reset (4.2.7, L678).
fn ap_reset(play: &mut Play, side: &str) {
    let leaders: Vec<String> = play
        .record()
        .units_where(Some(side), &[("type", "formation"), ("state", "in play")])
        .filter_map(|(_, _, f)| f.attribute("leader").map(str::to_string))
        .filter(|leader| play.attribute(side, leader, "ap").as_deref() == Some("not entered"))
        .collect();
    for leader in leaders {
        enter(play, side, &leader, "ap", "2");
    }
    play.play("ap-reset", &[("side", text(side))], &[]);
}

/// `formation`'s Leader forced to act with no AP left (4.2.6, L676): whatever AP it has left
/// spent first on engaging from outside the battle area (4.2.3, L669).
fn forced(play: &mut Play, side: &str, formation: &str) {
    let engage = |forced: bool| {
        vec![
            ("side", text(side)),
            ("formation", text(formation)),
            ("action", text("engage")),
            ("forced", aide_de_camp::engine::input::Value::Flag(forced)),
        ]
    };
    while play.attribute(side, formation, "ap_level").as_deref() != Some("0") {
        play.play("spend-ap", &engage(false), &[]);
    }
    play.play("spend-ap", &engage(true), &[]);
}

#[test]
fn a_leader_forced_with_no_ap_takes_minus_one_on_his_next_fert_casualty_or_recovery_roll() {
    // 4.2.6, L676: "If action is forced on a Leader by the opponent's play (combat, for example),
    // the lack converts into a -1 DRM the next time the player needs to roll dice for this
    // Leader." FICTIONAL Leader Casualty (5-6 wounded) and Wound Recovery (4-6 recovered).
    let mut play = campaign_with_values();
    ap_reset(&mut play, "french");
    ap_reset(&mut play, "allied");
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    play.play("open-battle", &[], &[]);
    forced(&mut play, "french", LEFT_WING);
    play.next_step();
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    // The FERT roll is the Lead Formation's Leader's.
    let form = play.input("combat-round", &[]);
    assert!(form.flag("french_zero_ap"));
    assert!(!form.flag("allied_zero_ap"));
    let round = combat_round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[6, 6, 3, 3],
    );
    let french_drms: Vec<(&str, i32)> = round
        .modifiers
        .iter()
        .filter(|m| m.side == "French DRM")
        .map(|m| (m.rule.as_str(), m.value))
        .collect();
    assert!(
        french_drms.contains(&("4.2.6, L676", -1)),
        "{french_drms:?}"
    );
    assert_eq!(
        round.totals[0].modifiers,
        french_drms.iter().map(|(_, v)| v).sum::<i32>()
    );
    assert!(
        !round
            .modifiers
            .iter()
            .any(|m| m.side == "Allied DRM" && m.rule == "4.2.6, L676")
    );
    assert_eq!(
        play.attribute("french", LEFT_WING, "forced_without_ap"),
        None
    );
    // The French natural 12: Blücher, forced meanwhile, rolls 6 - 1 = 5, wounded.
    forced(&mut play, "allied", BLUCHER);
    let blucher = [("side", text("allied")), ("leader", text("Blücher"))];
    assert!(play.input("leader-casualty", &blucher).flag("zero_ap"));
    let wound = play.play("leader-casualty", &blucher, &[6]);
    assert_eq!(wound.modifiers[0].rule, "4.2.6, L676");
    assert!(
        wound.outcome.headline.contains("wounded"),
        "{}",
        wound.outcome.headline
    );
    assert_eq!(play.attribute("allied", BLUCHER, "forced_without_ap"), None);
    // Forced again, his recovery roll of 4 is 3: still wounded, on the FICTIONAL band's edge.
    forced(&mut play, "allied", BLUCHER);
    play.go_to(4, 3, 9);
    let form = play.input("wound-recovery", &blucher);
    assert_eq!(form.text("formation"), BLUCHER);
    assert!(form.flag("zero_ap"));
    let still = play.play("wound-recovery", &blucher, &[4]);
    assert_eq!(still.modifiers[0].rule, "4.2.6, L676");
    assert_eq!(still.outcome.headline, "Blücher is still wounded");
    assert_eq!(play.attribute("allied", BLUCHER, "forced_without_ap"), None);
    // The next Leader Segment's 4 heals him: the -1 counted once.
    play.go_to(5, 0, 5);
    let healed = play.play("wound-recovery", &blucher, &[4]);
    assert!(healed.modifiers.is_empty());
    assert_eq!(
        healed.outcome.headline,
        "Blücher recovers: he shows his healthy side"
    );
}

#[test]
fn the_optional_morale_roll_takes_the_minus_one_as_printed() {
    // 4.2.6, L676 on the roll of 5.2.10 (L792), made no higher than the Battle Ability: the -1 is
    // applied as the rule prints it, and here it helps. Grouchy's FICTIONAL Battle Ability 2.
    let mut play = campaign_with_values();
    ap_reset(&mut play, "french");
    forced(&mut play, "french", RIGHT_WING);
    play.go_to(4, 1, 8);
    let values = [
        ("side", text("french")),
        ("morale_recovery", text("roll")),
        ("recovery_roll_limits", text("uncapped")),
        ("formation", text(RIGHT_WING)),
    ];
    assert!(play.input("morale-recovery", &values).flag("forced"));
    let roll = play.play("morale-recovery", &values, &[3]);
    assert_eq!(roll.modifiers[0].rule, "4.2.6, L676");
    assert_eq!(
        roll.outcome.headline,
        "Right Wing rolls 3 -1 = 2, not above its Leader's Battle Ability 2: +1 Morale level (5.2.10, L792)"
    );
    assert_eq!(
        play.attribute("french", RIGHT_WING, "forced_without_ap"),
        None
    );
}

#[test]
fn a_leader_wounded_in_battle_tries_to_recover_once_in_each_later_leader_segment() {
    // 4.6.1-4.6.3, L730-736, on the FICTIONAL Leader Casualty (5-6 wounded) and Wound Recovery
    // (4-6 recovered) tables.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    post(&mut play, LEFT_WING, BLUCHER);
    play.next_step();
    // The French throw a natural 12: each Allied Leader in the battle rolls (6.10.6, L1048).
    combat_round(
        &mut play,
        "left_flank_attack",
        "general_advance",
        &[6, 6, 3, 3],
    );
    let blucher = "Blücher";
    let wound = play.play(
        "leader-casualty",
        &[("side", text("allied")), ("leader", text(blucher))],
        &[5],
    );
    assert!(
        wound.outcome.headline.contains("wounded"),
        "{}",
        wound.outcome.headline
    );
    let recover = [("side", text("allied")), ("leader", text(blucher))];
    // Not in the battle: in a Leader Segment.
    let refusal = play.refused("wound-recovery", &recover).expect("not here");
    assert!(refusal.contains("in a Leader Segment"), "{refusal}");
    play.go_to(4, 3, 9);
    let still = play.play("wound-recovery", &recover, &[3]);
    assert!(still.outcome.headline.contains("still wounded"));
    let refusal = play
        .refused("wound-recovery", &recover)
        .expect("once a segment");
    assert!(refusal.contains("4.6.3, L736"), "{refusal}");
    play.go_to(5, 0, 5);
    play.play("wound-recovery", &recover, &[4]);
    assert_eq!(
        play.attribute("allied", blucher, "wounded").as_deref(),
        Some("no")
    );
}

#[test]
fn next_step_waits_for_each_mandatory_battle_and_for_the_winner() {
    // 6.1, L834: "Resolving a battle is mandatory"; 6.1.3, L842; 6.16.9-6.16.10, L1156-1158.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", LEFT_WING, LIEGE);
    play.next_step();
    let scenario = play.game.scenario(play.session.scenario()).expect("27.2");
    let last = play.game.last_turn(scenario, play.record());
    let sequence = *play.game.sequence_of(play.record());
    // At the pick step with Liège unfought, Next step stays.
    assert_eq!(
        sequence.after(play.record(), last),
        Some(play.record().position)
    );
    play.play("open-battle", &[], &[]);
    play.go_to(4, 1, 7);
    // At the Battle Winner, until the winner is named.
    assert_eq!(
        sequence.after(play.record(), last),
        Some(play.record().position)
    );
    // Out of its step, the winner is refused; and the Combat Game's end never comes in a
    // campaign (20.1, L1746-1752).
    assert!(play.refused("victory", &[]).is_some());
}

#[test]
fn a_force_march_halves_in_its_own_ops_phase_and_modes_change_on_the_move() {
    // 18.4.7, L1702: halved "during the OPs Phase" of the march; 5.3.7, L810: a mode change at
    // the start or end of a move; 6.2.3, L870 and 6.14.2, L1121: a battle opens in the Lead's
    // mode, which changes in the Adjustments.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    play.play(
        "move-formation",
        &[
            ("side", text("french")),
            ("formation", text(LEFT_WING)),
            ("to", text(LIEGE)),
            ("force_march", crate::support::flag(true)),
        ],
        &[],
    );
    play.play(
        "move-formation",
        &[
            ("side", text("allied")),
            ("formation", text(BLUCHER)),
            ("to", text(LIEGE)),
            ("new_mode", text("line_of_battle")),
        ],
        &[],
    );
    assert_eq!(
        play.attribute("allied", BLUCHER, "mode").as_deref(),
        Some("line_of_battle")
    );
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    let refusal = play
        .refused(
            "post-battle",
            &[
                ("side", text("french")),
                ("lead", text(LEFT_WING)),
                ("mode", text("echelon")),
            ],
        )
        .expect("not at Step 1");
    assert!(refusal.contains("6.14.2, L1121"), "{refusal}");
    post(&mut play, LEFT_WING, BLUCHER);
    let form = play.input("combat-round", &[]);
    assert!(
        form.text("french_forces").contains("force marched"),
        "{}",
        form.text("french_forces")
    );
    assert!(!form.text("allied_forces").contains("force marched"));
    // In the next OPs Phase, its marker not yet flipped, the march no longer halves it.
    play.go_to(4, 2, 0);
    let form = play.input("combat-round", &[]);
    assert!(
        !form.text("french_forces").contains("force marched"),
        "{}",
        form.text("french_forces")
    );
}

#[test]
fn napoleons_formation_ending_a_battle_at_morale_zero_scores_five_once_when_sudden_death_is_disregarded()
 {
    // 27.2.3, L2396-2398: under the House Rule play goes on; Napoleon's Formation at Morale 0 is
    // still a French Catastrophic Failure, +5 VP to the Allies once a battle (20.3, L1769; the
    // addendum's S17).
    const ARMEE_DU_NORD: &str = "Armée du Nord";
    const PARIS: &str = "Paris (G5)";
    let mut play = campaign_with_values_for(&[ARMEE_DU_NORD, BLUCHER]);
    play.play("settings", &[("sudden_death", text("disregarded"))], &[]);
    // Two Guards losses before the battle, each failing on a 1, bring it to Morale 1 (L2395).
    let guards_loss = [
        ("side", text("french")),
        ("formation", text(ARMEE_DU_NORD)),
        ("trigger", text("guards_loss")),
    ];
    play.play("catastrophic-failure", &guards_loss, &[1]);
    play.play("catastrophic-failure", &guards_loss, &[1]);
    assert_eq!(morale(&play, "french", ARMEE_DU_NORD), 1);

    play.go_to(4, 1, 0);
    move_to(&mut play, "allied", BLUCHER, PARIS);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    post(&mut play, ARMEE_DU_NORD, BLUCHER);
    play.next_step();
    // The French choose Retreat and lose the battle (6.16.1, L1138): their level goes to 0.
    combat_round(&mut play, "retreat", "general_advance", &[3, 3, 3, 3]);
    play.go_to(4, 1, 7);
    let allied_vp = play.vp("allied");
    let battle = play.play("battle-winner", &[], &[]);
    assert!(
        battle
            .outcome
            .headline
            .contains("Napoleon's Formation is at Morale 0: +5 VP"),
        "{}",
        battle.outcome.headline
    );
    assert_eq!(morale(&play, "french", ARMEE_DU_NORD), 0);
    // +1 for winning the battle (6.16.3, L1144), +5 for the Catastrophic Failure.
    assert_eq!(play.vp("allied"), allied_vp + 1 + 5);
    // The game goes on under the House Rule.
    assert_eq!(
        aide_de_camp::games::beyond_waterloo::game_over(play.record()),
        None
    );
    // A failed roll in the same battle scores no more (once a battle).
    let retreat = [
        ("side", text("french")),
        ("formation", text(ARMEE_DU_NORD)),
        ("trigger", text("retreat")),
        ("withdrawal", text("lost")),
    ];
    play.play("catastrophic-failure", &retreat, &[1]);
    assert_eq!(play.vp("allied"), allied_vp + 1 + 5);
}

#[test]
fn un_brigaded_units_fight_as_lead_where_no_formation_is_and_as_supporting_beside_one() {
    // 6.2.2b-d, L866-868: un-brigaded Troop units in the battle area are posted, one as the
    // Lead where the side has no Formation there; 3.1.5, L524: always in Line of Battle; 6.7.3,
    // L1002: a Formation has Morale Superiority over an un-brigaded Lead.
    const ARMEE_DU_NORD: &str = "Armée du Nord";
    const PARIS: &str = "Paris (G5)";
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    // Beside the Armée du Nord the un-brigaded units of L2266 are Supporting.
    move_to(&mut play, "allied", BLUCHER, PARIS);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    let beside = play.input("post-battle", &[("side", text("french"))]);
    assert_eq!(beside.text("lead"), ARMEE_DU_NORD);
    let supporting: Vec<String> = beside
        .list("supporting")
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(supporting.len(), 2, "{supporting:?}");
    for unit in &supporting {
        assert_eq!(play.attribute("french", unit, "formation"), None, "{unit}");
    }
    let refusal = play
        .refused(
            "post-battle",
            &[
                ("side", text("french")),
                ("lead", text(&supporting[0])),
                ("supporting", list(&[ARMEE_DU_NORD, &supporting[1]])),
            ],
        )
        .expect("a Formation is in the battle");
    assert!(refusal.contains("6.2.2a-b, L865-866"), "{refusal}");

    // With the Armée du Nord gone, the un-brigaded units fight on their own.
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    move_to(&mut play, "french", ARMEE_DU_NORD, "Laon (H3)");
    move_to(&mut play, "allied", BLUCHER, PARIS);
    play.next_step();
    play.play("open-battle", &[], &[]);
    play.next_step();
    let alone = play.input("post-battle", &[("side", text("french"))]);
    let lead = alone.text("lead").to_string();
    assert_eq!(
        play.attribute("french", &lead, "size").as_deref(),
        Some("division"),
        "{lead}"
    );
    assert_eq!(alone.text("mode"), "line_of_battle");
    assert_eq!(alone.list("supporting").len(), 1);
    let refusal = play
        .refused(
            "post-battle",
            &[("side", text("french")), ("mode", text("echelon"))],
        )
        .expect("an un-brigaded unit is in Line of Battle");
    assert!(refusal.contains("3.1.5, L524"), "{refusal}");
    post(&mut play, &lead, BLUCHER);
    play.next_step();
    let form = play.input("combat-round", &[]);
    assert!(
        form.text("french_forces").contains(", un-brigaded"),
        "{}",
        form.text("french_forces")
    );
    let procedure = play.game.procedure("combat-round").expect("the round");
    let round = procedure.sealed_round(play.record());
    seal_and_reveal(&mut play, &round, "general_advance", "general_advance");
    let fought = play.play(
        "combat-round",
        &[
            ("french_gt", text("general_advance")),
            ("allied_gt", text("general_advance")),
        ],
        &[3, 3, 3, 3],
    );
    let superiority: Vec<_> = fought
        .modifiers
        .iter()
        .filter(|m| m.rule.starts_with("6.7.1-6.7.3"))
        .map(|m| (m.side.as_str(), m.label.as_str()))
        .collect();
    assert_eq!(
        superiority,
        [(
            "Allied column shift",
            "Morale Superiority: a Formation over an un-brigaded Lead"
        )]
    );
    take_every_step(&mut play, "french");
    take_every_step(&mut play, "allied");
    play.go_to(4, 1, 7);
    let form = play.input("battle-winner", &[]);
    assert_eq!(form.text("french_formations"), "");
    assert!(form.text("french_unbrigaded").contains(&lead));
    play.play("battle-winner", &[], &[]);
    // No Formation Morale to change, and the units leave the Display (3.1.6, L526; 6.16.7,
    // L1152).
    assert_eq!(play.attribute("french", &lead, "formation_morale"), None);
    assert_eq!(play.attribute("french", &lead, "role"), None);
    play.game
        .verify(&play.session, &play.tables)
        .expect("the session verifies");
}

#[test]
fn the_swiss_cross_their_border_only_once_the_french_entered_switzerland_or_are_far_from_it() {
    // 27.2.3, L2400: "cannot cross its international border with Swiss forces unless or until
    // French forces enter Switzerland or no French Formation is within four areas".
    let mut play = basic_game();
    play.go_to(4, 1, 0);
    let crossing = |to: &str, why: &str| {
        vec![
            ("side", text("allied")),
            ("formation", text(SWISS)),
            ("to", text(to)),
            (
                "crosses_swiss_border",
                aide_de_camp::engine::input::Value::Flag(true),
            ),
            ("swiss_border", text(why)),
        ]
    };
    let refusal = play
        .refused("move-formation", &crossing("Besançon", "closed"))
        .expect("the border is closed");
    assert!(refusal.contains("27.2.3, L2400"), "{refusal}");
    // The French far away open it for this move only.
    let moved = play.play(
        "move-formation",
        &crossing("Besançon", "no_french_near"),
        &[],
    );
    assert!(
        moved
            .outcome
            .headline
            .contains("across the Swiss border: no french formation"),
        "{}",
        moved.outcome.headline
    );
    let form = play.input("move-formation", &crossing(ZURICH, "closed")[..3]);
    assert_eq!(form.text("swiss_border"), "closed");
    // The French in Switzerland open it for good.
    play.play("move-formation", &crossing(ZURICH, "french_entered"), &[]);
    let form = play.input("move-formation", &crossing("Besançon", "closed")[..3]);
    assert_eq!(form.text("swiss_border"), "french_entered");
    // Other Formations are not asked.
    let form = play.input(
        "move-formation",
        &[("side", text("allied")), ("formation", text(BLUCHER))],
    );
    assert!(!form.flag("swiss"));
}

#[test]
fn a_formation_in_march_order_takes_two_successive_changes_to_be_concentrated() {
    // 5.3.10, L816-818, on the Formation Deployment Chart's order of changes (its one printed
    // "no"; every other cell of the fixture is FICTIONAL).
    let mut play = campaign_with_values();
    play.go_to(4, 1, 0);
    let change = |mode: &str| {
        vec![
            ("side", text("french")),
            ("formation", text(LEFT_WING)),
            ("to", text("Doullens (H2)")),
            ("new_mode", text(mode)),
        ]
    };
    let refusal = play.fails("move-formation", &change("concentrated"), &[]);
    assert!(refusal.contains("5.3.10, L816"), "{refusal}");
    assert_eq!(
        play.attribute("french", LEFT_WING, "mode").as_deref(),
        Some("march_order")
    );
    play.play("move-formation", &change("line_of_battle"), &[]);
    play.go_to(4, 2, 0);
    play.play("move-formation", &change("concentrated"), &[]);
    assert_eq!(
        play.attribute("french", LEFT_WING, "mode").as_deref(),
        Some("concentrated")
    );
}

#[test]
fn a_mode_change_waits_for_the_players_to_enter_the_chart_of_mode_changes() {
    // The order of changes is printed only on the PAC (5.3.10, L816): the built-in chart is a
    // template, and a change it does not settle names the chart to enter.
    let mut play = campaign_with_values();
    let game = play.game;
    let template = game
        .tables
        .iter()
        .find(|t| t.file == "mode-changes.toml")
        .expect("the template");
    assert!(template.text.contains("status = \"template\""));
    // The built-in charts, templates as shipped.
    play.tables = aide_de_camp::engine::table_set::TableSet::builtin(game.tables, &game.reads())
        .expect("loads");
    play.go_to(4, 1, 0);
    let message = play.fails(
        "move-formation",
        &[
            ("side", text("french")),
            ("formation", text(LEFT_WING)),
            ("to", text("Doullens (H2)")),
            ("new_mode", text("line_of_battle")),
        ],
        &[],
    );
    assert!(message.contains("mode-changes"), "{message}");
}
