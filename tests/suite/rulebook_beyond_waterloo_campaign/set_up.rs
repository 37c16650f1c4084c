//! The Basic Game's set-up readings: the addendum's S19, each side's starting Deployment Mode
//! (5.3, L796-812, unstated by the listings) and the Armée du Nord's parenthesis (27.2.1, L2266).

use super::basic_game;
use crate::support::{Play, text};
use aide_de_camp::games::beyond_waterloo::roster::MODES;

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
