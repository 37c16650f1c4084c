//! The Battles of Waterloo: the LIM Pool as a real cup (R 4.3-4.4, L228-285; digest §2 B-C, §3.2,
//! §3.3 and Corrections "Pool Placement"): LIMs selected up to the Command Points left after the
//! Initiative, the Orders LIM free, the Initiative player's LIM kept out, then blind draws until the
//! cup is empty, each draw on the record with the cup's contents before it.

use crate::support;

use aide_de_camp::engine::log::EventBody;
use support::battles_of_waterloo::start;
use support::{Play, flag, list, number, text};

fn lim(play: &mut Play, side: &str, name: &str) {
    play.play(
        "add-lim",
        &[
            ("side", text(side)),
            ("kind", text("command")),
            ("name", text(name)),
        ],
        &[],
    );
}

/// Quatre Bras with two French and one Anglo-Allied Command LIMs, Napoleon at 3 Command Points
/// ("3?", L408) and Wellington at 2 (FICTIONAL).
fn quatre_bras() -> Play {
    let mut play = start("quatre-bras");
    for (side, name, points) in [("french", "Napoleon", 3), ("allied", "Wellington", 2)] {
        play.play(
            "add-leader",
            &[
                ("side", text(side)),
                ("name", text(name)),
                ("type", text("overall_commander")),
                ("command_points", number(points)),
            ],
            &[],
        );
    }
    lim(&mut play, "french", "I Corps");
    lim(&mut play, "french", "II Corps");
    play.play(
        "add-lim",
        &[
            ("side", text("french")),
            ("kind", text("command")),
            ("name", text("Cavalry Reserve")),
            ("always_eligible", flag(true)),
        ],
        &[],
    );
    lim(&mut play, "allied", "I Corps");
    play
}

fn pool(play: &Play) -> Vec<String> {
    play.record()
        .cups
        .get("LIM Pool")
        .map(|cup| cup.iter().map(ToString::to_string).collect())
        .unwrap_or_default()
}

/// L243, L192: a French Command Point spent on the Initiative leaves 2 of Napoleon's 3 for LIMs;
/// the Orders LIM goes in free (L245).
#[test]
fn l243_selection_up_to_the_points_left_orders_free() {
    let mut play = quatre_bras();
    play.play("initiative", &[("french_cp", number(1))], &[5, 3]);
    play.go_to(1, 1, 0);
    let too_many = play
        .refused(
            "lim-selection",
            &[
                ("side", text("french")),
                ("lims", list(&["I Corps", "II Corps", "Cavalry Reserve"])),
                ("eligible", flag(true)),
            ],
        )
        .expect("refused");
    assert!(too_many.contains("only 2 Command Point(s)"), "{too_many}");
    let unconfirmed = play
        .refused(
            "lim-selection",
            &[("side", text("french")), ("lims", list(&["I Corps"]))],
        )
        .expect("refused");
    assert!(unconfirmed.contains("L236-241"), "{unconfirmed}");
    // The Cavalry Reserve is always eligible (L239): no confirmation needed.
    assert!(
        play.refused(
            "lim-selection",
            &[
                ("side", text("french")),
                ("lims", list(&["Cavalry Reserve"]))
            ],
        )
        .is_none()
    );
    play.play(
        "lim-selection",
        &[
            ("side", text("french")),
            ("lims", list(&["I Corps", "II Corps"])),
            ("eligible", flag(true)),
        ],
        &[],
    );
    assert_eq!(
        pool(&play),
        ["French: I Corps", "French: II Corps", "French: Orders"]
    );
    let again = play
        .refused("lim-selection", &[("side", text("french"))])
        .expect("refused");
    assert!(again.contains("already"), "{again}");
}

/// One whole Pool: built, one LIM kept out by the Initiative player, then drawn blind until the
/// cup is empty; every draw logs the cup's contents before it, and the session verifies.
#[test]
fn the_pool_is_drawn_until_the_cup_is_empty() {
    let mut play = quatre_bras();
    play.play("initiative", &[], &[7, 2]);
    play.go_to(1, 1, 0);
    play.play(
        "lim-selection",
        &[
            ("side", text("french")),
            ("lims", list(&["I Corps", "II Corps"])),
            ("eligible", flag(true)),
        ],
        &[],
    );
    play.play(
        "lim-selection",
        &[
            ("side", text("allied")),
            ("lims", list(&["I Corps"])),
            ("eligible", flag(true)),
        ],
        &[],
    );
    play.go_to(1, 1, 1);
    let orders = play
        .refused("keep-out", &[("lim", text("Orders"))])
        .expect("refused");
    assert!(orders.contains("never kept out"), "{orders}");
    let kept = play.play("keep-out", &[("lim", text("II Corps"))], &[]);
    assert!(kept.outcome.headline.contains("French: II Corps"));
    assert_eq!(pool(&play).len(), 4);
    play.go_to(1, 2, 0);
    let notes: Vec<String> = (play.game.turn_notes)(play.record())
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("Carrying out French: II Corps")),
        "{notes:?}"
    );
    // A Command's LIM offers its own activation's procedures, not another Activation roll
    // (R 4.42A, L253-260).
    assert!(play.applies("rally") && play.applies("fire") && play.applies("commitment"));
    assert!(!play.applies("activation"));
    play.go_to(1, 2, 1);
    let mut drawn = Vec::new();
    while !pool(&play).is_empty() {
        let before = pool(&play);
        let result = play.play("lim-draw", &[], &[]);
        let chit = result.outcome.key.clone();
        assert!(before.contains(&chit));
        assert_eq!(pool(&play).len(), before.len() - 1);
        drawn.push(chit);
        // The step comes round again while the cup holds a LIM (R 4.31E, L247).
        let after = play.game.sequence.after(play.record(), 48);
        assert_eq!(
            after.map(|p| (p.phase, p.step)) == Some((2, 1)),
            !pool(&play).is_empty()
        );
    }
    drawn.sort();
    assert_eq!(
        drawn,
        [
            "Anglo-Allied: I Corps",
            "Anglo-Allied: Orders",
            "French: I Corps",
            "French: Orders"
        ]
    );
    let logged: Vec<usize> = play
        .session
        .events()
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Resolved { draws, .. } => draws.first().map(|d| d.contents_before.len()),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        [4, 3, 2, 1],
        "the cup before each draw is on the record"
    );
    assert!(play.game.verify(&play.session, &play.tables).is_ok());
}

/// R 4.43, L283-285: the Dutch-Belgian Cavalry Division is activated under the Cavalry Corps LIM
/// (only with Collaert within Uxbridge's Command Range) or the Dutch-Belgian Brigades LIM, the
/// Anglo-Allied player's choice, once a turn.
#[test]
fn l285_the_dutch_belgian_cavalry_choice() {
    let mut play = quatre_bras();
    lim(&mut play, "allied", "Cavalry Corps");
    // Before any Anglo-Allied Command's LIM is carried out, there is nothing to choose under.
    play.play("initiative", &[], &[2, 7]);
    play.go_to(1, 1, 0);
    play.play(
        "lim-selection",
        &[
            ("side", text("allied")),
            ("lims", list(&["Cavalry Corps"])),
            ("eligible", flag(true)),
        ],
        &[],
    );
    play.go_to(1, 1, 1);
    play.play("keep-out", &[("lim", text("Cavalry Corps"))], &[]);
    play.go_to(1, 2, 0);
    assert!(play.applies("dutch-belgian-cavalry"));
    let refused = play
        .refused("dutch-belgian-cavalry", &[("under", text("cavalry_corps"))])
        .expect("refused");
    assert!(refused.contains("Collaert"), "{refused}");
    let chosen = play.play(
        "dutch-belgian-cavalry",
        &[
            ("under", text("cavalry_corps")),
            ("collaert_in_range", flag(true)),
        ],
        &[],
    );
    assert!(chosen.outcome.headline.contains("the cavalry corps lim"));
    let again = play
        .refused(
            "dutch-belgian-cavalry",
            &[("under", text("dutch_belgian_brigades"))],
        )
        .expect("refused");
    assert!(
        again.contains("already been activated this turn"),
        "{again}"
    );
}
