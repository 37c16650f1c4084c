//! Beyond Waterloo's Basic Game campaign: the VP awards of 20.3 (L1768-1780) the players report
//! from the map, and the game's end (20.1, L1746-1752), each test citing its line.

use crate::rulebook_beyond_waterloo_campaign::basic_game;
use crate::support::{Play, text};
use aide_de_camp::games::beyond_waterloo::campaign::victory;
use aide_de_camp::games::beyond_waterloo::game_over;

fn capture(play: &mut Play, side: &str, what: &str, extra: &[(&str, &str)]) -> String {
    let mut values = vec![("side", text(side)), ("what", text(what))];
    values.extend(extra.iter().map(|(id, value)| (*id, text(value))));
    play.play("capture", &values, &[]).outcome.headline
}

/// Where Next step goes from the end of the turn, or `None` at the scenario's last step.
fn after_the_turn(play: &Play) -> Option<u32> {
    let scenario = play.game.scenario(play.session.scenario()).expect("27.2");
    let last = play.game.last_turn(scenario, play.record());
    play.game
        .sequence_of(play.record())
        .after(play.record(), last)
        .map(|p| p.turn)
}

#[test]
fn the_allies_holding_paris_a_full_turn_end_the_game_and_score_five() {
    // The addendum's §2.4 vector: Paris taken in the August 1815 turn (Turn 6) ends the game at
    // the end of the September turn (Turn 7) if the Allies still hold it (20.1.1, L1750); +5 VP
    // to them (20.3, L1771).
    let mut play = basic_game();
    play.go_to(6, 1, 0);
    let headline = capture(&mut play, "allied", "paris", &[("area", "Paris (G5)")]);
    assert!(headline.contains("end of Turn 7"), "{headline}");
    assert_eq!(victory::paris_taken_in(play.record()), Some(6));
    let refusal = play
        .refused(
            "capture",
            &[("side", text("allied")), ("what", text("paris"))],
        )
        .expect("held already");
    assert!(refusal.contains("control Paris already"), "{refusal}");
    // The end of Turn 6 is not the end of the game...
    play.go_to(6, 4, 8);
    assert!(!play.applies("campaign-end"));
    assert_eq!(after_the_turn(&play), Some(7));
    // ...the end of Turn 7 is.
    play.go_to(7, 4, 8);
    assert_eq!(after_the_turn(&play), None);
    assert!(play.applies("campaign-end"));
    let (french, allied) = (play.vp("french"), play.vp("allied"));
    let end = play.play("campaign-end", &[], &[]);
    assert_eq!(play.vp("allied"), allied + 5);
    assert_eq!(play.vp("french"), french);
    assert!(
        end.outcome
            .headline
            .contains("still hold it a full turn later"),
        "{}",
        end.outcome.headline
    );
    let over = game_over(play.record()).expect("the game is over");
    assert!(over.contains("the Allies win"), "{over}");
}

#[test]
fn paris_retaken_puts_the_end_back_to_december() {
    // 20.1.1, L1750: "and is still controlled by them".
    let mut play = basic_game();
    play.go_to(6, 1, 0);
    capture(&mut play, "allied", "paris", &[]);
    play.go_to(6, 2, 0);
    let headline = capture(&mut play, "french", "paris", &[]);
    assert!(headline.contains("retake Paris"), "{headline}");
    assert_eq!(victory::paris_taken_in(play.record()), None);
    play.go_to(7, 4, 8);
    assert_eq!(after_the_turn(&play), Some(8));
    assert!(!play.applies("campaign-end"));
}

#[test]
fn december_ends_the_game_paris_scores_five_for_the_french_and_a_tie_is_a_draw() {
    // 20.1.1, L1752; 20.3, L1771; the addendum's S18 for the tie.
    let mut play = basic_game();
    // The Allies lead by 5 before Paris is counted: 10 + 5 against 10 + 5 is a tie.
    capture(&mut play, "allied", "depot", &[("area", "Brussels (I1)")]);
    capture(&mut play, "allied", "fortress", &[("area", "Lille")]);
    capture(&mut play, "allied", "fortress", &[("area", "Maubeuge")]);
    assert_eq!((play.vp("french"), play.vp("allied")), (10, 15));
    play.go_to(10, 4, 8);
    assert_eq!(after_the_turn(&play), None);
    let tie = play.input("campaign-end", &[]);
    assert_eq!(tie.text("paris"), "french");
    let draw = play.play("campaign-end", &[], &[]);
    assert!(
        draw.outcome.headline.contains("a draw at 15 VP each"),
        "{}",
        draw.outcome.headline
    );
    // Under the other reading the French win the tie.
    let mut play = basic_game();
    capture(&mut play, "allied", "depot", &[]);
    capture(&mut play, "allied", "fortress", &[("area", "Lille")]);
    capture(&mut play, "allied", "fortress", &[("area", "Maubeuge")]);
    play.go_to(10, 4, 8);
    let win = play.play("campaign-end", &[("final_tie", text("french"))], &[]);
    assert!(
        win.outcome.headline.contains("the French win the tie"),
        "{}",
        win.outcome.headline
    );
}

#[test]
fn a_captured_wagon_scores_one_and_goes_back_to_its_owners_force_pool() {
    // 20.3, L1779; 16.3.3h, L1536.
    let mut play = basic_game();
    let wagon = play
        .record()
        .units_where(Some("allied"), &[("type", "wagon"), ("state", "in play")])
        .map(|(_, name, _)| name.to_string())
        .next()
        .expect("an Allied Wagon on the map at the start of 27.2");
    let refusal = play
        .refused(
            "capture",
            &[
                ("side", text("french")),
                ("what", text("magazine")),
                ("piece", text(&wagon)),
            ],
        )
        .expect("not a Magazine");
    assert!(refusal.contains("pick a magazine"), "{refusal}");
    let headline = capture(&mut play, "french", "wagon", &[("piece", &wagon)]);
    assert!(headline.contains("+1 VP"), "{headline}");
    assert_eq!(play.vp("french"), 11);
    assert_eq!(play.state("allied", &wagon), "force pool");
    // A Depot scores 3 (L1772).
    capture(&mut play, "french", "depot", &[]);
    assert_eq!(play.vp("french"), 14);
}

#[test]
fn the_first_allied_entry_into_france_scores_five_once_in_the_administration_phase() {
    // 20.3, L1768; the addendum's S15: once a game, in the Administration Phase.
    let mut play = basic_game();
    let entry = |power: &str| {
        vec![
            ("power", text(power)),
            ("formation", text("Army of the Lower Rhine")),
        ]
    };
    let refusal = play
        .refused("france-entered", &entry("prussian"))
        .expect("not in the Mobilization Phase");
    assert!(refusal.contains("Administration Phase"), "{refusal}");
    play.go_to(4, 3, 0);
    play.play("france-entered", &entry("prussian"), &[]);
    assert_eq!(play.vp("allied"), 15);
    play.go_to(5, 3, 0);
    let refusal = play
        .refused("france-entered", &entry("austrian"))
        .expect("once a game");
    assert!(refusal.contains("scored already"), "{refusal}");
    // Under the other reading each Power scores its own first entry, once.
    let mut values = entry("austrian");
    values.push(("first_entry_vp", text("per_power")));
    play.play("france-entered", &values, &[]);
    assert_eq!(play.vp("allied"), 20);
    play.go_to(6, 3, 0);
    let mut values = entry("prussian");
    values.push(("first_entry_vp", text("per_power")));
    assert!(play.refused("france-entered", &values).is_some());
}

/// A Catastrophic Failure form for the French `formation`.
fn catastrophe(
    formation: &str,
    trigger: &str,
    extra: &[(&'static str, &str)],
) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    let mut values = vec![
        ("side", text("french")),
        ("formation", text(formation)),
        ("trigger", text(trigger)),
    ];
    values.extend(extra.iter().map(|(id, value)| (*id, text(value))));
    values
}

fn armee_du_nord_morale(play: &Play) -> String {
    play.attribute("french", "Armée du Nord", "formation_morale")
        .expect("a Morale level")
}

#[test]
fn napoleons_formation_retreating_rolls_one_die_and_loses_a_level_on_one_or_two() {
    // 27.2.3, L2394; +5 VP to the Allies once a battle (20.3, L1769; the addendum's S17).
    let mut play = basic_game();
    let retreat = catastrophe("Armée du Nord", "retreat", &[("withdrawal", "lost")]);
    let held = play.play("catastrophic-failure", &retreat, &[3]);
    assert!(
        held.outcome.headline.contains("no further loss"),
        "{}",
        held.outcome.headline
    );
    assert_eq!(armee_du_nord_morale(&play), "3");
    let failed = play.play("catastrophic-failure", &retreat, &[2]);
    assert!(
        failed.outcome.headline.contains("+5 VP"),
        "{}",
        failed.outcome.headline
    );
    assert_eq!(armee_du_nord_morale(&play), "2");
    assert_eq!(play.vp("allied"), 15);
    // A second failure in the same battle costs the level but scores no more.
    play.play("catastrophic-failure", &retreat, &[1]);
    assert_eq!(armee_du_nord_morale(&play), "1");
    assert_eq!(play.vp("allied"), 15);
    // The House Rule's band, 1-4 (L2398).
    let mut play = basic_game();
    let wider = catastrophe(
        "Armée du Nord",
        "retreat",
        &[("withdrawal", "tie"), ("catastrophic_band", "one_to_four")],
    );
    play.play("catastrophic-failure", &wider, &[4]);
    assert_eq!(armee_du_nord_morale(&play), "2");
}

#[test]
fn only_napoleon_or_the_imperial_guard_roll_when_they_retreat_and_the_setting_narrows_the_retreat()
{
    // 27.2.3, L2394; the addendum's S16.
    let play = basic_game();
    let var = catastrophe("Armée du Var", "retreat", &[("withdrawal", "lost")]);
    let refusal = play
        .refused("catastrophic-failure", &var)
        .expect("not Napoleon's");
    assert!(refusal.contains("L2394"), "{refusal}");
    let narrow = catastrophe(
        "Armée du Nord",
        "retreat",
        &[
            ("withdrawal", "lost"),
            ("catastrophic_retreat_scope", "retreat_chit"),
        ],
    );
    let refusal = play
        .refused("catastrophic-failure", &narrow)
        .expect("a battle lost");
    assert!(refusal.contains("only a Retreat chosen"), "{refusal}");
    let chit = catastrophe(
        "Armée du Nord",
        "retreat",
        &[
            ("withdrawal", "retreat_chit"),
            ("catastrophic_retreat_scope", "retreat_chit"),
        ],
    );
    assert_eq!(play.refused("catastrophic-failure", &chit), None);
}

#[test]
fn a_guards_loss_costs_its_formation_a_level_on_a_one() {
    // 27.2.3, L2395.
    let mut play = basic_game();
    let loss = catastrophe("Armée du Nord", "guards_loss", &[]);
    play.play("catastrophic-failure", &loss, &[2]);
    assert_eq!(armee_du_nord_morale(&play), "3");
    play.play("catastrophic-failure", &loss, &[1]);
    assert_eq!(armee_du_nord_morale(&play), "2");
    let no_guards = catastrophe("Armée du Var", "guards_loss", &[]);
    let refusal = play
        .refused("catastrophic-failure", &no_guards)
        .expect("no Guards");
    assert!(refusal.contains("no Guards unit"), "{refusal}");
}

#[test]
fn a_months_summary_lists_its_vp_payments_results_and_pieces_and_leaves_out_a_correction() {
    // A month's summary: June's captures and RP Accumulation (FICTIONAL chart), not July's, and
    // not a result corrected.
    use aide_de_camp::engine::play::Command;
    use aide_de_camp::engine::turn_summary::{PAID, PIECES, RESULTS, VP};
    let mut play = basic_game();
    capture(&mut play, "french", "depot", &[("area", "Brussels (I1)")]);
    let wagon = play
        .record()
        .units_where(Some("allied"), &[("type", "wagon"), ("state", "in play")])
        .map(|(_, name, _)| name.to_string())
        .next()
        .expect("an Allied Wagon");
    capture(&mut play, "french", "wagon", &[("piece", &wagon)]);
    capture(&mut play, "allied", "fortress", &[("area", "Metz")]);
    let mistaken = play.session.events().len() as u64 - 1;
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::Correct {
                event: mistaken,
                reason: "no Fortress was taken".into(),
            },
        )
        .expect("corrected");
    // A roll that changes nothing is a result of the month too.
    play.play(
        "catastrophic-failure",
        &catastrophe("Armée du Nord", "guards_loss", &[]),
        &[6],
    );
    play.go_to(4, 3, 6);
    crate::rulebook_beyond_waterloo_campaign::enter(&mut play, "french", "Davout", "ap", "2");
    play.play("rp-accumulation", &[("side", text("french"))], &[3, 4]);
    play.go_to(5, 1, 0);
    capture(&mut play, "allied", "depot", &[]);

    let june = play.game.turn_summary(&play.session, 4);
    assert_eq!(june.title, "Turn 4 (June 1815)");
    let lines = |heading: &str| {
        june.sections
            .iter()
            .find(|s| s.heading == heading)
            .map(|s| s.lines.clone())
            .expect("a section")
    };
    let vp = lines(VP);
    assert!(
        vp.contains(
            &"French +3 VP: an enemy Depot captured in Brussels (I1) (20.3, L1772)".to_string()
        ),
        "{vp:?}"
    );
    // Not the set-up's opening VP (27.2.1, L2258-2260), which change nothing in the month, nor
    // the Fortress the correction voided.
    assert_eq!(
        vp.last().map(String::as_str),
        Some("Net: French +4"),
        "{vp:?}"
    );
    assert!(!lines(PIECES).iter().any(|l| l.contains("Left Wing")));
    // RP Accumulation on the FICTIONAL chart's "+3 or more" column (French 14 - Allied 10).
    assert_eq!(
        lines(PAID),
        [
            "French RP +40: RP Accumulation (10.2.5-10.2.6, L1302-1304)",
            "Net: French RP +40"
        ]
    );
    assert!(
        lines(PIECES)
            .iter()
            .any(|l| l.contains(&wagon) && l.contains("force pool"))
    );
    assert!(lines(RESULTS).iter().any(|l| l.contains("capture a Depot")));
    assert!(
        lines(RESULTS).iter().any(|l| l.contains("no further loss")),
        "{:?}",
        lines(RESULTS)
    );
    // July's summary holds July's only.
    let july = play.game.turn_summary(&play.session, 5);
    let july_vp = &july.sections[0].lines;
    assert_eq!(
        july_vp.last().map(String::as_str),
        Some("Net: Allied +3"),
        "{july_vp:?}"
    );
    // The export is every month, in Markdown.
    let text = aide_de_camp::engine::turn_summary::markdown(
        "27.2",
        &play.game.turn_summaries(&play.session),
    );
    assert!(
        text.contains("## Turn 4 (June 1815)") && text.contains("## Turn 5 (July 1815)"),
        "{text}"
    );
}

#[test]
fn under_the_other_reading_each_failed_roll_scores_five() {
    // The addendum's S17: "for each failed roll" against once a battle (20.3, L1769).
    let mut play = basic_game();
    let each = catastrophe(
        "Armée du Nord",
        "guards_loss",
        &[("campaign_catastrophic_vp", "each_failure")],
    );
    play.play("catastrophic-failure", &each, &[1]);
    play.play("catastrophic-failure", &each, &[1]);
    assert_eq!(play.vp("allied"), 20);
    assert_eq!(armee_du_nord_morale(&play), "1");
}

fn regrouping(
    extra: &[(&'static str, &str)],
) -> Vec<(&'static str, aide_de_camp::engine::input::Value)> {
    let mut values: Vec<_> = ["brussels", "ostend", "antwerp"]
        .into_iter()
        .map(|id| (id, aide_de_camp::engine::input::Value::Flag(true)))
        .collect();
    values.extend(extra.iter().map(|(id, value)| (*id, text(value))));
    values
}

fn listed(form: &aide_de_camp::engine::input::Input, id: &str) -> Vec<String> {
    form.text(id)
        .split("; ")
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn minor_allied_regrouping_sends_wellington_to_england_and_the_dutch_belgians_to_namur() {
    // 27.2.3, L2402: the British loss of Brussels and Ostend, plus Antwerp.
    let mut play = basic_game();
    play.go_to(4, 1, 0);
    let mut not_yet = regrouping(&[]);
    not_yet[2].1 = aide_de_camp::engine::input::Value::Flag(false);
    let refusal = play
        .refused("minor-allied-regrouping", &not_yet)
        .expect("Antwerp is still British");
    assert!(refusal.contains("27.2.3, L2402"), "{refusal}");

    let form = play.input("minor-allied-regrouping", &regrouping(&[]));
    let to_england = listed(&form, "to_england");
    let dutch_belgians = listed(&form, "dutch_belgians");
    let leaving = listed(&form, "leaving");
    let nation = |name: &str| play.attribute("allied", name, "nation").unwrap_or_default();
    // Wellington, the two KGL units, the Hanoverian Corps and the Hesse Division (L2348, L2364).
    assert_eq!(to_england.first().map(String::as_str), Some("Wellington"));
    let mut nations: Vec<String> = to_england[1..].iter().map(|n| nation(n)).collect();
    nations.sort();
    assert_eq!(nations, ["hanoverian", "hesse", "kgl", "kgl"]);
    assert_eq!(dutch_belgians.len(), 1);
    assert_eq!(nation(&dutch_belgians[0]), "dutch-belgian");
    // As printed, every other Minor Allied unit in play leaves, the Swiss among them.
    assert!(
        leaving.iter().any(|n| nation(n) == "brunswick-nassau"),
        "{leaving:?}"
    );
    assert!(leaving.iter().any(|n| nation(n) == "swiss"), "{leaving:?}");

    let done = play.play(
        "minor-allied-regrouping",
        &regrouping(&[("dutch_belgians_to", "namur")]),
        &[],
    );
    assert!(
        done.outcome.headline.contains("go to England for Turn 5"),
        "{}",
        done.outcome.headline
    );
    for name in &to_england {
        assert_eq!(
            play.attribute("allied", name, "area").as_deref(),
            Some("Britain Box, British Off-Board Movement Track"),
            "{name}"
        );
        assert_eq!(
            play.attribute("allied", name, "moves_from_turn").as_deref(),
            Some("5")
        );
        assert_eq!(play.attribute("allied", name, "formation"), None, "{name}");
    }
    // Wellington's Formation keeps its British units, without him.
    assert_eq!(
        play.attribute("allied", "Anglo-Dutch-Belgian Formation", "leader"),
        None
    );
    assert_eq!(
        play.attribute("allied", &dutch_belgians[0], "area")
            .as_deref(),
        Some("Namur (J2)")
    );
    for name in &leaving {
        let unit = play.record().unit("allied", name).expect("on the record");
        assert_eq!(unit.state.as_ref(), "out of the game", "{name}");
    }
    // Once a game.
    assert!(!play.applies("minor-allied-regrouping"));
    play.game
        .verify(&play.session, &play.tables)
        .expect("the session verifies");
}

#[test]
fn under_the_other_reading_only_minor_allies_in_british_formations_leave_and_the_dutch_belgians_may_join_the_prussians()
 {
    let mut play = basic_game();
    play.go_to(4, 1, 0);
    let values = regrouping(&[
        ("regrouping_scope", "with_the_british"),
        ("dutch_belgians_to", "prussian"),
        ("prussian_formation", "Army of the Lower Rhine"),
    ]);
    let form = play.input("minor-allied-regrouping", &values);
    let leaving = listed(&form, "leaving");
    let dutch_belgians = listed(&form, "dutch_belgians");
    let nation = |name: &str| play.attribute("allied", name, "nation").unwrap_or_default();
    assert!(!leaving.is_empty());
    assert!(
        leaving.iter().all(|n| nation(n) == "brunswick-nassau"),
        "{leaving:?}"
    );
    play.play("minor-allied-regrouping", &values, &[]);
    assert_eq!(
        play.attribute("allied", &dutch_belgians[0], "formation")
            .as_deref(),
        Some("Army of the Lower Rhine")
    );
    let swiss = play
        .record()
        .units_where(Some("allied"), &[("nation", "swiss"), ("type", "infantry")])
        .map(|(_, _, u)| u.state.to_string())
        .collect::<Vec<_>>();
    assert!(swiss.iter().all(|s| s == "in play"), "{swiss:?}");
}
