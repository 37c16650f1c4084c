//! The Basic Game's set-up readings: the random draw of the units listed only by type (27.0,
//! L2178), and the addendum's S19, each side's starting Deployment Mode (5.3, L796-812, unstated
//! by the listings) and the Armée du Nord's parenthesis (27.2.1, L2266). The rulebook prints no
//! counter: every counter listed here is FICTIONAL, named for the test.

use super::basic_game;
use crate::support::{Play, list, text};
use aide_de_camp::engine::input::Value;
use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::procedure::odds;
use aide_de_camp::engine::symbol::Symbol;
use aide_de_camp::games::beyond_waterloo::roster::MODES;

/// The French Cavalry Corps the 27.2 listing gives only by type: Ney's three (L2268), Grouchy's
/// (L2270), Rapp's (L2272) and the one in the Eliminated Box (L2298).
const FRENCH_CAVALRY_CORPS: [&str; 6] = [
    "Armée du Rhin Cav Corps",
    "Eliminated Cav Corps",
    "Left Wing Cav Corps 1",
    "Left Wing Cav Corps 2",
    "Left Wing Cav Corps 3",
    "Right Wing Cav Corps",
];

/// FICTIONAL counters: seven French Cavalry Corps, some with a CF.
const FICTIONAL_COUNTERS: &str = "FICTIONAL Cav A 3CF, FICTIONAL Cav B 4CF; FICTIONAL Cav C ½CF, FICTIONAL Cav D 1/2CF, FICTIONAL Cav E 1½CF, FICTIONAL Cav F, FICTIONAL Cav G";

/// Each FICTIONAL counter's name and the CF the record gives the unit that draws it.
const FICTIONAL_CF: [(&str, &str); 7] = [
    ("FICTIONAL Cav A", "3"),
    ("FICTIONAL Cav B", "4"),
    ("FICTIONAL Cav C", "1/2"),
    ("FICTIONAL Cav D", "1/2"),
    ("FICTIONAL Cav E", "1 1/2"),
    ("FICTIONAL Cav F", "not entered"),
    ("FICTIONAL Cav G", "not entered"),
];

/// Facts typed on a form.
type Facts<'a> = &'a [(&'a str, Value)];

fn counter(play: &Play, unit: &str) -> Option<String> {
    play.attribute("french", unit, "counter")
}

#[test]
fn the_draw_offers_the_units_listed_by_type_and_their_types() {
    // 27.0, L2178: a unit "by type" is picked at random from that type and Troop size. The form
    // opens on the first type left and all its units.
    let play = basic_game();
    assert!(play.applies("set-up-draw"));
    let input = play.input("set-up-draw", &[]);
    assert_eq!(input.text("type"), "french cavalry corps");
    let units: Vec<&str> = input.list("units").iter().map(Symbol::as_str).collect();
    assert_eq!(units, FRENCH_CAVALRY_CORPS);
    let procedure = play.game.procedure("set-up-draw").expect("registered");
    assert_eq!(
        procedure.suggests("type", &input, play.record()),
        [
            "french cavalry corps",
            "french cavalry division",
            "french guard cavalry division",
            "french guard infantry division",
        ]
    );
    // The Imperial Guard's two Infantry Divisions (L2266), Guards counters of their own.
    let guard = play.input(
        "set-up-draw",
        &[("type", text("french guard infantry division"))],
    );
    let units: Vec<&str> = guard.list("units").iter().map(Symbol::as_str).collect();
    assert_eq!(
        units,
        [
            "Armée du Nord Guard Inf Div 1",
            "Armée du Nord Guard Inf Div 2"
        ]
    );
    // A unit with a printed CF is no unit listed by type.
    assert_eq!(
        play.attribute("french", "Left Wing 6CF Inf Corps 1", "listed_by_type"),
        None
    );
    // The Allies' types name their nation: an Austrian counter is not drawn for a Prussian unit.
    let allied = play.input("set-up-draw", &[("side", text("allied"))]);
    let types = procedure.suggests("type", &allied, play.record());
    assert!(
        types.contains(&"austrian cavalry corps".to_string()),
        "{types:?}"
    );
    assert!(
        types.contains(&"prussian cavalry corps".to_string()),
        "{types:?}"
    );
    assert!(
        types.contains(&"prussian infantry division".to_string()),
        "{types:?}"
    );
}

#[test]
fn each_unit_listed_by_type_draws_a_counter_of_its_own_from_the_owners_list() {
    // 27.0, L2178, worked through the engine on a FICTIONAL list of seven counters: six units,
    // six counters drawn without replacement, each unit told which it stands for and its CF
    // where the list gives one.
    let mut play = basic_game();
    let resolution = play.play(
        "set-up-draw",
        &[("counters", text(FICTIONAL_COUNTERS))],
        &[],
    );
    let mut drawn: Vec<String> = FRENCH_CAVALRY_CORPS
        .iter()
        .map(|unit| counter(&play, unit).expect("a counter drawn"))
        .collect();
    for (unit, name) in FRENCH_CAVALRY_CORPS.iter().zip(&drawn) {
        let (_, cf) = FICTIONAL_CF
            .iter()
            .find(|(counter, _)| counter == name)
            .expect("a counter listed");
        assert_eq!(play.attribute("french", unit, "cf").as_deref(), Some(*cf));
        // Drawn without reference to Morale: it is still entered from the counter.
        assert_eq!(
            play.attribute("french", unit, "morale").as_deref(),
            Some("not entered")
        );
        assert!(
            resolution
                .outcome
                .headline
                .contains(&format!("{unit} is {name}")),
            "{}",
            resolution.outcome.headline
        );
    }
    drawn.sort();
    drawn.dedup();
    assert_eq!(drawn.len(), 6, "no counter is drawn twice");
    assert!(resolution.outcome.headline.contains("27.0, L2178"));
    assert!(
        resolution
            .effects
            .iter()
            .all(|e| e.describe().contains("L2178"))
    );
    // The log keeps each draw and the list it was made from, and verify re-derives them.
    let draws = play
        .session
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Resolved { draws, .. } => Some(draws),
            _ => None,
        })
        .expect("the draw is logged");
    assert_eq!(draws.len(), 6);
    assert_eq!(draws[0].contents_before.len(), 7);
    assert_eq!(draws[5].contents_before.len(), 2);
    assert!(draws.iter().all(|d| d.listed));
    play.game
        .verify(&play.session, &play.tables)
        .expect("the draws verify");
    // Every French Cavalry Corps has its counter: the type is no longer offered.
    let input = play.input("set-up-draw", &[]);
    assert_eq!(input.text("type"), "french cavalry division");
}

#[test]
fn a_counter_drawn_is_not_drawn_again() {
    // 27.0, L2178: the draw is without replacement, within one draw and from one to the next.
    let mut play = basic_game();
    play.play(
        "set-up-draw",
        &[
            ("units", list(&["Left Wing Cav Corps 1"])),
            ("counters", text("FICTIONAL Cav A 3CF")),
        ],
        &[],
    );
    assert_eq!(
        counter(&play, "Left Wing Cav Corps 1").as_deref(),
        Some("FICTIONAL Cav A")
    );
    // The unit that has its counter is no longer offered.
    let input = play.input("set-up-draw", &[]);
    assert!(
        !input
            .list("units")
            .iter()
            .any(|u| u.as_str() == "Left Wing Cav Corps 1")
    );
    assert_eq!(input.list("units").len(), 5);
    let refusal = play
        .refused(
            "set-up-draw",
            &[("counters", text("FICTIONAL Cav A 3CF, B, C, D, E, F"))],
        )
        .expect("Cav A is on the table");
    assert!(refusal.starts_with("field `counters`"), "{refusal}");
    assert!(
        refusal.contains("\"FICTIONAL Cav A\" was drawn already, for Left Wing Cav Corps 1"),
        "{refusal}"
    );
    let refusal = play
        .refused(
            "set-up-draw",
            &[
                ("units", list(&["Left Wing Cav Corps 1"])),
                ("counters", text("FICTIONAL Cav B")),
            ],
        )
        .expect("the unit has drawn");
    assert!(refusal.starts_with("field `units`"), "{refusal}");
    assert!(
        refusal.contains("has drawn its counter already"),
        "{refusal}"
    );
}

#[test]
fn bad_lists_and_units_are_refused_naming_the_field() {
    let play = basic_game();
    let refused = |values: Facts| play.refused("set-up-draw", values).expect("refused");
    let cases: [(Facts, &str, &str); 7] = [
        (
            &[("counters", text(" , ;"))],
            "counters",
            "list the counters of this type and size you hold",
        ),
        (
            &[("counters", text("A, B, C"))],
            "counters",
            "3 counter(s) listed for 6 unit(s)",
        ),
        (
            &[("counters", text("A 3CF, B threeCF, C, D, E, F"))],
            "counters",
            "\"B threeCF\": \"threeCF\" is not a combat factor",
        ),
        (
            &[("counters", text("A 0CF, B, C, D, E, F"))],
            "counters",
            "\"0CF\" is not a combat factor",
        ),
        (
            &[("counters", text("A, B, A 3CF, D, E, F"))],
            "counters",
            "\"A\" is listed twice",
        ),
        (
            &[("units", list(&[])), ("counters", text("A"))],
            "units",
            "pick the units that draw a counter",
        ),
        (
            &[
                ("units", list(&["Armée du Nord Guard Cav Div"])),
                ("counters", text("A")),
            ],
            "units",
            "is a french guard cavalry division, not a french cavalry corps",
        ),
    ];
    for (values, field, words) in cases {
        let refusal = refused(values);
        assert!(
            refusal.starts_with(&format!("field `{field}`")),
            "{refusal}"
        );
        assert!(refusal.contains(words), "{refusal}");
        assert!(refusal.contains("(27.0, L2178)"), "{refusal}");
    }
    let refusal = refused(&[
        ("type", text("french hussar corps")),
        ("counters", text("A")),
        ("units", list(&["Left Wing Cav Corps 1"])),
    ]);
    assert!(refusal.starts_with("field `type`"), "{refusal}");
    assert!(
        refusal.contains("the types left are french cavalry corps"),
        "{refusal}"
    );
}

#[test]
fn the_draws_are_made_before_play_begins() {
    // 27.0, L2178: a set-up instruction.
    let mut play = basic_game();
    play.go_to(4, 0, 3);
    assert!(!play.applies("set-up-draw"));
    let refusal = play
        .refused("set-up-draw", &[("counters", text("A, B, C, D, E, F"))])
        .expect("play has begun");
    assert!(refusal.contains("before play begins"), "{refusal}");
}

#[test]
fn each_counter_listed_is_as_likely_to_be_drawn() {
    // 27.0, L2178, "randomly pick": the odds enumerate every order of the draw.
    let play = basic_game();
    let procedure = play.game.procedure("set-up-draw").expect("registered");
    let one = play.input(
        "set-up-draw",
        &[
            ("units", list(&["Left Wing Cav Corps 1"])),
            ("counters", text("FICTIONAL A, FICTIONAL B, FICTIONAL C")),
        ],
    );
    let lines = odds(procedure, &one, &play.tables).expect("odds");
    assert_eq!(lines.len(), 3);
    assert!(
        lines
            .iter()
            .all(|l| l.count == 1 && l.probability == 1.0 / 3.0)
    );
    let two = play.input(
        "set-up-draw",
        &[
            (
                "units",
                list(&["Left Wing Cav Corps 1", "Left Wing Cav Corps 2"]),
            ),
            ("counters", text("FICTIONAL A, FICTIONAL B, FICTIONAL C")),
        ],
    );
    let lines = odds(procedure, &two, &play.tables).expect("odds");
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.probability == 1.0 / 6.0));
    for name in ["FICTIONAL A", "FICTIONAL B", "FICTIONAL C"] {
        let first = format!("Left Wing Cav Corps 1 is {name};");
        let share: f64 = lines
            .iter()
            .filter(|l| l.key.starts_with(&first))
            .map(|l| l.probability)
            .sum();
        assert!((share - 1.0 / 3.0).abs() < 1e-12, "{name}: {share}");
    }
}

/// Every Formation of `side` on the record is in `mode`.
fn all_in(play: &Play, side: &str, mode: &str) -> bool {
    let mut formations = play
        .record()
        .units_where(Some(side), &[("type", "formation")])
        .peekable();
    formations.peek().is_some() && formations.all(|(_, _, f)| f.attribute("mode") == Some(mode))
}

#[test]
fn each_player_picks_the_deployment_mode_his_formations_start_in() {
    // Addendum S19: the listings (27.2, L2250-2388) give no Deployment Mode. By default every
    // Formation starts in March Order, the front of its marker (5.3.4, L804).
    let mut play = basic_game();
    assert!(all_in(&play, "french", "march_order"));
    assert!(all_in(&play, "allied", "march_order"));
    // Each of the four modes (5.3, L796), for each side apart.
    for (index, (mode, label)) in MODES.iter().enumerate() {
        let (other, _) = MODES[(index + 1) % MODES.len()];
        let resolution = play.play(
            "set-up-choices",
            &[("french_mode", text(mode)), ("allied_mode", text(other))],
            &[],
        );
        assert!(all_in(&play, "french", mode), "{mode}");
        assert!(all_in(&play, "allied", other), "{other}");
        assert!(
            resolution
                .outcome
                .headline
                .contains(&format!("the French Formations start in {label}")),
            "{}",
            resolution.outcome.headline
        );
        // The form opens again on the modes the Formations stand in.
        let again = play.input("set-up-choices", &[]);
        assert_eq!(
            (again.text("french_mode"), again.text("allied_mode")),
            (*mode, other)
        );
    }
}

/// The three pieces printed after the Armée du Nord's parenthesis (L2266).
const BESIDE_THE_ARMEE_DU_NORD: [&str; 3] = [
    "Paris or Laon 1CF Inf Div",
    "Paris or Laon NG 1CF",
    "Paris or Laon Wagon",
];

fn formations_beside(play: &Play) -> Vec<String> {
    BESIDE_THE_ARMEE_DU_NORD
        .iter()
        .map(|piece| {
            play.attribute("french", piece, "formation")
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn the_armee_du_nord_parenthesis_is_read_as_the_setting_says() {
    // Addendum S19 (27.2.1, L2266): by default the parenthesis closes after the 4CF Corps, and
    // the 1CF Infantry Division, the 1CF National Guard and the Wagon are un-brigaded.
    let mut play = basic_game();
    assert_eq!(formations_beside(&play), ["", "", ""]);
    let resolution = play.play("set-up-choices", &[], &[]);
    assert_eq!(formations_beside(&play), ["", "", ""]);
    assert!(
        resolution
            .outcome
            .headline
            .contains("are un-brigaded pieces in its area"),
        "{}",
        resolution.outcome.headline
    );
    // The other reading makes them members of Napoleon's Formation; Set-up choices applies it.
    play.play(
        "settings",
        &[("armee_du_nord_members", text("members"))],
        &[],
    );
    let input = play.input("set-up-choices", &[]);
    assert_eq!(input.text("armee_du_nord_members"), "members");
    let resolution = play.play("set-up-choices", &[], &[]);
    assert_eq!(
        formations_beside(&play),
        ["Armée du Nord", "Armée du Nord", "Armée du Nord"]
    );
    assert!(
        resolution
            .outcome
            .headline
            .contains("are members of the Armée du Nord"),
        "{}",
        resolution.outcome.headline
    );
    // Back to the default reading, before play begins.
    play.play(
        "settings",
        &[("armee_du_nord_members", text("unbrigaded"))],
        &[],
    );
    play.play("set-up-choices", &[], &[]);
    assert_eq!(formations_beside(&play), ["", "", ""]);
    // Either way they stand where the Armée du Nord does.
    for piece in BESIDE_THE_ARMEE_DU_NORD {
        assert_eq!(
            play.attribute("french", piece, "area").as_deref(),
            Some("Paris (G5)")
        );
    }
}

#[test]
fn set_up_choices_reopen_on_the_places_chosen() {
    // 27.2.1, L2266: Paris or Laon. Choosing again changes only what is changed.
    let mut play = basic_game();
    play.play(
        "set-up-choices",
        &[("armee-du-nord-area", text("Laon (H3)"))],
        &[],
    );
    let again = play.input("set-up-choices", &[]);
    assert_eq!(again.text("armee-du-nord-area"), "Laon (H3)");
    play.play(
        "set-up-choices",
        &[("french_mode", text("line_of_battle"))],
        &[],
    );
    assert_eq!(
        play.attribute("french", "Armée du Nord", "area").as_deref(),
        Some("Laon (H3)")
    );
}

/// The French National Guard unit the record has in `area`.
fn garrison_in(play: &Play, area: &str) -> String {
    play.record()
        .units_where(
            Some("french"),
            &[("size", "national-guard"), ("area", area)],
        )
        .map(|(_, name, _)| name.to_string())
        .next()
        .unwrap_or_else(|| panic!("a garrison in {area}"))
}

#[test]
fn the_french_player_places_the_garrisons_by_exchanging_two_before_play() {
    // 27.2.1, L2286: one unit to each Fortress, "which unit goes where being the player's
    // choice". The set-up puts a 1CF unit in Bayonne, the first site, and a ½CF one in Lille.
    let mut play = basic_game();
    let bayonne = garrison_in(&play, "Bayonne (D12)");
    let lille = garrison_in(&play, "Lille");
    assert_eq!(
        play.attribute("french", &bayonne, "cf").as_deref(),
        Some("1")
    );
    assert_eq!(
        play.attribute("french", &lille, "cf").as_deref(),
        Some("1/2")
    );
    let one = play
        .refused("garrison-swap", &[("garrisons", list(&[&bayonne]))])
        .expect("two garrisons");
    assert!(one.contains("pick two"), "{one}");
    // The National Guard unit beside the Armée du Nord is no garrison.
    let paris = garrison_in(&play, "Paris (G5)");
    let refusal = play
        .refused("garrison-swap", &[("garrisons", list(&[&bayonne, &paris]))])
        .expect("not a garrison");
    assert!(
        refusal.contains("not a National Guard garrison"),
        "{refusal}"
    );
    let swapped = play.play(
        "garrison-swap",
        &[("garrisons", list(&[&bayonne, &lille]))],
        &[],
    );
    assert_eq!(
        swapped.outcome.headline,
        format!("{bayonne} goes to Lille, {lille} to Bayonne (D12)")
    );
    assert_eq!(
        play.attribute("french", &bayonne, "area").as_deref(),
        Some("Lille")
    );
    assert_eq!(
        play.attribute("french", &lille, "area").as_deref(),
        Some("Bayonne (D12)")
    );
    // Once play begins the garrisons stay where they are.
    play.next_step();
    assert!(!play.applies("garrison-swap"));
}
