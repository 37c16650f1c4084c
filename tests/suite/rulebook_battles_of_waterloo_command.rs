//! The Battles of Waterloo checked against its rulebook: the No LIM Phase's Limited Activation
//! (R 4.52D, L312-334) and the Out of Command Phase, its Detachment Leaders and Out of Command
//! Unit Movement (R 4.7, L435-466).
//!
//! Specification: the rulebook `shared/seeds/001_313c361a8749247d.txt` (cited as Lnnn, with the
//! rule number as printed) and its digest `shared/rules/seed001_battles_of_waterloo.md` (§2 D-E,
//! §3.6, §3.7, §6 #4-5, §7). Counter ratings the rulebook does not print are FICTIONAL and marked
//! so.

use crate::support;

use aide_de_camp::engine::input::Value;
use support::battles_of_waterloo::{add_unit, start};
use support::{Play, flag, list, mentions, number, text};

const OPERATIONS: usize = 2;
const NO_LIM: usize = 3;
const OUT_OF_COMMAND: usize = 4;

fn add_leader(play: &mut Play, side: &str, name: &str, kind: &str, command: &str) {
    play.play(
        "add-leader",
        &[
            ("side", text(side)),
            ("name", text(name)),
            ("type", text(kind)),
            ("command", text(command)),
            ("command_range", number(4)), // FICTIONAL
            ("orders_rating", number(4)), // FICTIONAL
        ],
        &[],
    );
}

/// The Anglo-Allied Army Reserve of L334: Vincke, Pack and Kempt's infantry and Heise's
/// artillery, led by Picton (the Combat Leader here is FICTIONAL, as are all the ratings).
fn army_reserve() -> Play {
    let mut play = start("quatre-bras");
    add_leader(
        &mut play,
        "allied",
        "Picton",
        "combat_leader",
        "Army Reserve",
    );
    for name in ["Vincke", "Pack", "Kempt"] {
        add_unit(
            &mut play,
            "allied",
            name,
            "infantry",
            &[("command", text("Army Reserve"))],
        );
    }
    add_unit(
        &mut play,
        "allied",
        "Heise",
        "artillery",
        &[("command", text("Army Reserve")), ("steps", text("2"))],
    );
    play
}

fn limited(units: &[&str]) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("allied")),
        ("leader", text("Picton")),
        ("out_of_command_adjacent", list(units)),
    ]
}

fn steps_lost(play: &Play, unit: &str) -> Option<String> {
    play.record()
        .unit("allied", unit)
        .unwrap()
        .attribute("steps lost")
        .map(str::to_string)
}

/// L332-334, Examples #1 and #2: a Limited Activation has no Activation roll. The units not
/// adjacent to an enemy act first (Kempt's Road Tactical Movement, Heise's fire), then those
/// adjacent Assault or Withdraw (Vincke Withdraws, Pack Shocks). All In Command: no step is lost.
#[test]
fn l334_a_limited_activation_rolls_no_die_and_lists_the_order_of_play() {
    let mut play = army_reserve();
    play.go_to(1, NO_LIM, 0);
    assert!(play.applies("limited-activation"));
    let input = play.input("limited-activation", &limited(&[]));
    assert_eq!(
        input.text("command"),
        "Army Reserve",
        "from Picton's record"
    );
    let result = play.play("limited-activation", &limited(&[]), &[]);
    assert_eq!(
        result.outcome.headline,
        "Army Reserve takes a Limited Activation"
    );
    assert!(mentions(
        &result,
        "Road Tactical Movement that never brings it adjacent"
    ));
    assert!(mentions(&result, "artillery that has not moved, Fire"));
    assert!(mentions(&result, "Assaults or Withdraws"));
    assert!(mentions(&result, "D-2 and Routed units never Assault"));
    // R 4.22C, L218: its Out of Command units act only in the Out of Command Phase.
    assert!(mentions(
        &result,
        "Out of Command units wait for the Out of Command Phase"
    ));
    assert!(
        result.effects.iter().all(|e| e.unit().is_none()),
        "no unit is struck"
    );
    assert_eq!(
        play.record()
            .counters
            .get("Activation attempted: Army Reserve"),
        Some(&2)
    );
}

/// L330: "Units that are Out of Command during Limited Activation of their Command take a Step
/// Loss if adjacent to an enemy unit." A unit with one step left is eliminated.
#[test]
fn l330_out_of_command_units_adjacent_to_an_enemy_lose_a_step() {
    let mut play = army_reserve();
    play.go_to(1, NO_LIM, 0);
    let result = play.play("limited-activation", &limited(&["Vincke", "Heise"]), &[]);
    assert_eq!(
        result.outcome.headline,
        "Army Reserve takes a Limited Activation: Vincke loses a step; Heise loses a step"
    );
    assert_eq!(steps_lost(&play, "Vincke").as_deref(), Some("1"));
    assert_eq!(steps_lost(&play, "Pack"), None);
    // The record panel shows it beside the unit.
    let summary = support::battles_of_waterloo::game().unit_summary;
    assert_eq!(
        summary(play.record().unit("allied", "Vincke").unwrap()),
        "1 step lost"
    );

    // Next turn Heise (two steps, FICTIONAL) has one left: it is eliminated.
    play.go_to(2, NO_LIM, 0);
    let input = play.input("limited-activation", &limited(&["Heise"]));
    assert!(
        input
            .text("out_of_command_facts")
            .contains("1 step(s) left"),
        "{}",
        input.text("out_of_command_facts")
    );
    let result = play.play("limited-activation", &limited(&["Heise"]), &[]);
    assert!(
        result
            .outcome
            .headline
            .ends_with("Heise loses its last step: eliminated"),
        "{}",
        result.outcome.headline
    );
    assert_eq!(steps_lost(&play, "Vincke").as_deref(), Some("1"));
    assert_eq!(steps_lost(&play, "Pack"), None);
    assert_eq!(
        play.record()
            .unit("allied", "Heise")
            .unwrap()
            .state
            .as_ref(),
        "Eliminated"
    );
}

/// L291, L308: a Command tried under the Orders LIM is done for the turn; a Command takes one
/// activation in the No LIM Phase, whichever it chooses; a Limited Activation is a No LIM choice.
#[test]
fn l308_a_command_activates_once_and_only_in_the_no_lim_phase() {
    let mut play = army_reserve();
    play.go_to(1, OPERATIONS, 0);
    assert!(!play.applies("limited-activation"));
    assert!(
        play.refused("limited-activation", &limited(&[]))
            .unwrap()
            .contains("No LIM Phase only")
    );
    play.go_to(1, NO_LIM, 0);
    play.play("limited-activation", &limited(&[]), &[]);
    let again = play.refused("limited-activation", &limited(&[])).unwrap();
    assert!(again.contains("already had its activation"), "{again}");
    let roll = vec![
        ("side", text("allied")),
        ("phase", text("no_lim")),
        ("leader", text("Picton")),
    ];
    assert!(
        play.refused("activation", &roll)
            .unwrap()
            .contains("already had its activation")
    );

    // Next turn, tried under the Orders LIM: done for the turn.
    let mut play = army_reserve();
    play.go_to(2, OPERATIONS, 0);
    let orders = vec![
        ("side", text("allied")),
        ("phase", text("orders_lim")),
        ("leader", text("Picton")),
    ];
    assert!(play.refused("activation", &orders).is_none());
    play.play("activation", &orders, &[9]);
    play.go_to(2, NO_LIM, 0);
    let refused = play.refused("limited-activation", &limited(&[])).unwrap();
    assert!(refused.contains("done for the turn (L308)"), "{refused}");
}

fn detachment(action: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("side", text("french")),
        ("leader", text("Detachment 1")),
        ("action", text(action)),
    ]
}

fn with_detachment_leader() -> Play {
    let mut play = start("quatre-bras");
    add_leader(
        &mut play,
        "french",
        "Detachment 1",
        "detachment_leader",
        "II Corps",
    );
    add_leader(&mut play, "french", "Foy", "combat_leader", "II Corps");
    add_unit(&mut play, "french", "1 Leger", "infantry", &[]);
    add_unit(&mut play, "french", "4 Ligne", "infantry", &[]);
    play
}

fn assigned(play: &Play) -> bool {
    play.record()
        .unit("french", "Detachment 1")
        .unwrap()
        .attribute("assigned")
        == Some("yes")
}

/// R 4.71A-C, L441-445: assigned or removed at the start of the Out of Command Phase; "may not
/// be assigned on the same turn that he is removed"; reused later (L443).
#[test]
fn l445_a_detachment_leader_is_not_assigned_the_turn_he_is_removed() {
    let mut play = with_detachment_leader();
    play.go_to(1, NO_LIM, 0);
    assert!(
        play.refused("detachment-leader", &detachment("assign"))
            .unwrap()
            .contains("first step of the Out of Command Phase")
    );
    play.go_to(1, OUT_OF_COMMAND, 0);
    assert!(play.applies("detachment-leader"));
    play.play("detachment-leader", &detachment("assign"), &[]);
    assert!(assigned(&play));
    let summary = support::battles_of_waterloo::game().unit_summary;
    assert_eq!(
        summary(play.record().unit("french", "Detachment 1").unwrap()),
        "assigned"
    );
    assert!(
        play.refused("detachment-leader", &detachment("assign"))
            .unwrap()
            .contains("assigned already")
    );

    play.go_to(2, OUT_OF_COMMAND, 0);
    play.play("detachment-leader", &detachment("remove"), &[]);
    assert!(!assigned(&play));
    let refused = play
        .refused("detachment-leader", &detachment("assign"))
        .unwrap();
    assert!(refused.contains("same turn (R 4.71C, L445)"), "{refused}");

    // Reusable any number of times (L443): next turn he is assigned again.
    play.go_to(3, OUT_OF_COMMAND, 0);
    play.play("detachment-leader", &detachment("assign"), &[]);
    assert!(assigned(&play));
}

/// R 4.71D, L450: a lone Detachment Leader an enemy moves next to leaves the map, whenever it
/// happens, and may be reused. Only a Detachment Leader is assigned so (L439).
#[test]
fn l450_a_lone_detachment_leader_leaves_the_map_when_an_enemy_comes_adjacent() {
    let mut play = with_detachment_leader();
    play.go_to(1, OUT_OF_COMMAND, 0);
    play.play("detachment-leader", &detachment("assign"), &[]);
    play.go_to(2, OPERATIONS, 0);
    let result = play.play("detachment-leader", &detachment("enemy_adjacent"), &[]);
    assert!(mentions(&result, "off the map"));
    assert!(!assigned(&play));
    play.go_to(2, OUT_OF_COMMAND, 0);
    assert!(
        play.refused("detachment-leader", &detachment("assign"))
            .is_some()
    );

    let foy = vec![
        ("side", text("french")),
        ("leader", text("Foy")),
        ("action", text("assign")),
    ];
    assert!(
        play.refused("detachment-leader", &foy)
            .unwrap()
            .contains("not a Detachment Leader")
    );
}

fn out_of_command(unit: &str, more: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    let mut facts = vec![("side", text("french")), ("unit", text(unit))];
    facts.extend(more.iter().cloned());
    facts
}

/// R 4.72, L456-466: a unit that moved, attacked or defended, or was In Command when its
/// Command acted, does not move; one in an enemy ZOC must Withdraw; each is activated once.
#[test]
fn l456_who_moves_in_the_out_of_command_phase() {
    let mut play = with_detachment_leader();
    play.go_to(1, OUT_OF_COMMAND, 1);
    assert!(play.applies("out-of-command-unit"));
    assert!(
        play.refused(
            "out-of-command-unit",
            &out_of_command("1 Leger", &[("acted", flag(true))])
        )
        .unwrap()
        .contains("L456")
    );
    assert!(
        play.refused(
            "out-of-command-unit",
            &out_of_command("1 Leger", &[("in_command_at_activation", flag(true))])
        )
        .unwrap()
        .contains("L462")
    );
    let result = play.play(
        "out-of-command-unit",
        &out_of_command("1 Leger", &[("enemy_zoc", flag(true))]),
        &[],
    );
    assert_eq!(result.outcome.headline, "1 Leger must Withdraw");
    assert!(mentions(&result, "may not Assault"));
    assert!(
        play.refused("out-of-command-unit", &out_of_command("1 Leger", &[]))
            .unwrap()
            .contains("activated in this phase already (L466)")
    );
}

/// L458-460, L681-685: without a Detachment Leader a unit moves toward its Combat Leader by Out
/// of Command Movement, half its Movement Allowance rounded up, never adjacent to an enemy. Road
/// Tactical Movement is a Detachment Leader's benefit by default (digest §7), a setting away.
#[test]
fn l458_out_of_command_movement_without_and_with_a_detachment_leader() {
    let mut play = with_detachment_leader();
    play.go_to(1, OUT_OF_COMMAND, 1);
    let refused = play
        .refused(
            "out-of-command-unit",
            &out_of_command("1 Leger", &[("detachment_leader", flag(true))]),
        )
        .unwrap();
    assert!(refused.contains("no Detachment Leader"), "{refused}");

    // Movement Allowance 6 (FICTIONAL): 3 MP.
    let alone = play.play("out-of-command-unit", &out_of_command("1 Leger", &[]), &[]);
    assert!(mentions(&alone, "toward its Combat Leader"));
    assert!(mentions(
        &alone,
        "3 MP (half of 6, rounded up; at least one hex)"
    ));
    assert!(mentions(&alone, "never adjacent to an enemy unit"));
    assert!(!mentions(&alone, "Tactical Movement"));

    play.go_to(2, OUT_OF_COMMAND, 0);
    play.play("detachment-leader", &detachment("assign"), &[]);
    let led = play.play(
        "out-of-command-unit",
        &out_of_command("4 Ligne", &[("detachment_leader", flag(true))]),
        &[],
    );
    assert!(mentions(&led, "in any direction"));
    assert!(mentions(
        &led,
        "Tactical Movement, 6 MP, its full Movement Allowance"
    ));

    // The other reading of L458: Road Tactical Movement for every Out of Command unit.
    let loose = play.play(
        "out-of-command-unit",
        &out_of_command(
            "1 Leger",
            &[
                ("out_of_command_roads", text("always")),
                ("movement", number(5)),
            ],
        ),
        &[],
    );
    assert!(mentions(&loose, "toward its Combat Leader"));
    assert!(mentions(
        &loose,
        "3 MP (half of 5, rounded up; at least one hex)"
    ));
    assert!(mentions(
        &loose,
        "Tactical Movement, 5 MP, its full Movement Allowance"
    ));
    assert!(mentions(
        &loose,
        "it too must end closer to its Combat Leader"
    ));
}

/// L266, L291: the Orders LIM's roll and the No LIM Phase are for Commands whose LIM was not
/// selected into the Pool this turn.
#[test]
fn l291_a_command_whose_lim_is_in_the_pool_does_not_take_a_no_lim_activation() {
    let mut play = army_reserve();
    play.play(
        "add-leader",
        &[
            ("side", text("allied")),
            ("name", text("Wellington")),
            ("type", text("overall_commander")),
            ("command_points", number(2)), // FICTIONAL
        ],
        &[],
    );
    play.play(
        "add-lim",
        &[
            ("side", text("allied")),
            ("kind", text("command")),
            ("name", text("Army Reserve")),
        ],
        &[],
    );
    play.go_to(1, 1, 0);
    play.play(
        "lim-selection",
        &[
            ("side", text("allied")),
            ("lims", list(&["Army Reserve"])),
            ("eligible", flag(true)),
        ],
        &[],
    );
    play.go_to(1, NO_LIM, 0);
    let refused = play.refused("limited-activation", &limited(&[])).unwrap();
    assert!(
        refused.contains("selected into the Pool this turn"),
        "{refused}"
    );
    // Next turn it was not selected: it may.
    play.go_to(2, NO_LIM, 0);
    assert_eq!(play.refused("limited-activation", &limited(&[])), None);
}

/// L266-268, L308: one Combat Leader's part tried alone under the Orders LIM is done for the
/// turn; the rest of his Command may still act in the No LIM Phase.
#[test]
fn l268_a_combat_leader_tried_alone_leaves_the_rest_of_his_command() {
    let mut play = army_reserve();
    add_leader(
        &mut play,
        "allied",
        "Vivian",
        "combat_leader",
        "Army Reserve",
    );
    play.go_to(1, OPERATIONS, 0);
    play.play(
        "activation",
        &[
            ("side", text("allied")),
            ("phase", text("orders_lim")),
            ("leader", text("Vivian")),
            ("command", text("")),
        ],
        &[9],
    );
    play.go_to(1, NO_LIM, 0);
    assert_eq!(play.refused("limited-activation", &limited(&[])), None);
    let vivian = vec![("side", text("allied")), ("leader", text("Vivian"))];
    let refused = play.refused("limited-activation", &vivian).unwrap();
    assert!(
        refused.contains("Vivian attempted activation under the Orders LIM"),
        "{refused}"
    );
}

/// L330: the step loss is for the units of the Command taking the Limited Activation.
#[test]
fn l330_only_the_commands_own_units_lose_a_step() {
    let mut play = army_reserve();
    add_unit(
        &mut play,
        "allied",
        "Halkett",
        "infantry",
        &[("command", text("3rd Division"))],
    );
    play.go_to(1, NO_LIM, 0);
    let refused = play
        .refused("limited-activation", &limited(&["Vincke", "Halkett"]))
        .unwrap();
    assert!(
        refused.contains("Halkett belongs to 3rd Division"),
        "{refused}"
    );
}

/// R 4.71A, L441: Detachment Leaders are assigned or removed as the phase's first step only.
#[test]
fn l441_detachment_leaders_are_assigned_as_the_first_step() {
    let mut play = with_detachment_leader();
    play.go_to(1, OUT_OF_COMMAND, 1);
    let refused = play
        .refused("detachment-leader", &detachment("assign"))
        .unwrap();
    assert!(
        refused.contains("first step of the Out of Command Phase"),
        "{refused}"
    );
}

/// R 11.1, L1669 with R 7.24, L681-687: at Dusk the Movement Allowance is one less before it is
/// halved, and a unit may always move one hex.
#[test]
fn l1669_out_of_command_movement_at_dusk() {
    let mut play = with_detachment_leader();
    play.go_to(1, OUT_OF_COMMAND, 1);
    let result = play.play(
        "out-of-command-unit",
        &out_of_command("1 Leger", &[("dusk", flag(true)), ("movement", number(5))]),
        &[],
    );
    assert!(
        mentions(
            &result,
            "2 MP (half of 4, its 5 less one at Dusk, rounded up; at least one hex)"
        ),
        "{:?}",
        result.effects
    );
}

/// R 4.51A, L291: the Initiative player picks first in the No LIM Phase; the notes above the
/// checklist say who picks in turn.
#[test]
fn l291_the_initiative_player_picks_first_in_the_no_lim_phase() {
    let mut play = army_reserve();
    add_unit(&mut play, "french", "1 Leger", "infantry", &[]);
    // The French roll 2, the Anglo-Allied 7.
    play.play("initiative", &[], &[2, 7]);
    play.go_to(1, NO_LIM, 0);
    let notes = (support::battles_of_waterloo::game().turn_notes)(play.record());
    assert!(
        notes.iter().any(|n| n.text
            == "No LIM Phase: each picks one Command in turn, Anglo-Allied, French, then round again"),
        "{:?}",
        notes.iter().map(|n| &n.text).collect::<Vec<_>>()
    );
}

/// The Combat Leader is picked among the leaders who command (R 2.2.2, L58-76): a Detachment
/// Leader "performs no combat functions" (L439) and is not offered.
#[test]
fn l439_a_detachment_leader_is_not_offered_as_a_combat_leader() {
    use aide_de_camp::engine::input::FieldKind;
    let play = with_detachment_leader();
    let field = support::battles_of_waterloo::procedure("limited-activation")
        .fields()
        .iter()
        .find(|f| f.id == "leader")
        .unwrap();
    let FieldKind::Unit { only, .. } = field.kind else {
        panic!("the Combat Leader is a unit field")
    };
    let offered: Vec<&str> = play
        .record()
        .units_where(Some("french"), only)
        .map(|(_, name, _)| name)
        .collect();
    assert_eq!(offered, ["Foy"]);
}
