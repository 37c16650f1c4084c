//! Leader casualties (R 9.21A-D, L1558-1567), the death of an Overall Commander (R 9.21E-F,
//! L1569-1571) and Leader Replacement (R 9.22, L1573-1579).
//!
//! Readings taken:
//! - Each leader rolls for himself: several leaders in a hex fired upon with a natural 9, or
//!   stacked with a unit that loses a step in Shock, each make their own roll, one resolution each
//!   (digest, Corrections "Leader casualties: each leader rolls"; L1560-1561).
//! - A leader alone who rolls 0-7 is placed with the nearest unit of his command he can reach by a
//!   path free of enemy units and ZOCs; whether such a path exists is a fact of the map the
//!   players state (L1564). If his command has no combat units left he is removed (L1564): the
//!   record calls him Eliminated, and no Replacement comes for a command that is gone.
//! - An enemy unit entering a hex that holds only an enemy leader uses the same roll (R 7.4B,
//!   L795: "immediately rolls for leader elimination"; digest §3.39, INFERRED).
//! - A Captured leader is "eliminated" (L1564) and replaced like a Killed one (L1575), so his
//!   command is Out of Command until the Leader Replacement Phase too (L1560 says it of a killed
//!   leader).
//! - Death of Wellington or Blücher: a three-way Cohesion Check (L1569): under, retreat one hex
//!   and become Disordered; equal, no effect; over, Rout. It is a Cohesion Check, so a natural 0
//!   passes (L115) and the Square -1 applies (L1301; digest, Corrections "The Square -1 applies to
//!   every Cohesion Check"). "Become Disordered" follows the `becomes_disordered` setting.
//!   Wellington's death tests British units only (L1569: "but not non-British units!"), read from
//!   the record's nationality.
//! - Napoleon killed ends the game and the Allies win (L1571): the record keeps the mark
//!   `NAPOLEON_KILLED`, and `game_over` reads it.
//! - A Replacement leader carries the record's attribute `REPLACEMENT` = "yes". A Replacement
//!   killed or captured again is replaced the same way, "using the Replacement Leader counter"
//!   (L1579, garbled; digest §3.41).

use super::options::{self, BECOMES_DISORDERED};
use super::roster::{self, LEADER_TYPES, attribute, state};
use super::several::{self, Member};
use super::{SIDES, army_label, checks};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use std::cmp::Ordering;

const CASUALTY_RULE: &str = "Leader Casualties, R 9.21A-D, L1558-1567";
const FIRE_RULE: &str = "Leader Casualties, R 9.21A, L1560";
const SHOCK_RULE: &str = "Leader Casualties, R 9.21B, L1561";
const ALONE_RULE: &str = "Leader Casualties, R 9.21C, L1562-1565";
const OUT_OF_COMMAND_RULE: &str = "Leader Casualties, R 9.21A, L1560";
const DEATH_RULE: &str = "Death of an Overall Commander, R 9.21E, L1569";
const NAPOLEON_RULE: &str = "Death of Napoleon, R 9.21F, L1571";
const SQUARE_RULE: &str = "Square, R 8.73C, L1301";
const REPLACEMENT_RULE: &str = "Leader Replacement, R 9.22, L1573-1579";

/// The record's mark once Napoleon is killed: the game is over and the Allies win (L1571).
pub const NAPOLEON_KILLED: &str = "Napoleon killed";

/// The record's attribute of a leader showing his Replacement side: "yes".
pub const REPLACEMENT: &str = "replacement";

/// Why play has stopped: Napoleon is killed (R 9.21F, L1571).
pub fn game_over(record: &Record) -> Option<String> {
    record.marks.contains(NAPOLEON_KILLED).then(|| {
        "Napoleon is killed: the game is over and the Allies win (R 9.21F, L1571)".to_string()
    })
}

const LEADER_SIDE: Field = Field {
    id: "side",
    label: "Army",
    group: "Leader",
    kind: FieldKind::Choice(SIDES),
    rule: "Sides, R 2.1, L14",
    help: "The leader's army; its player rolls.",
};

const fn leader_field(
    id: &'static str,
    label: &'static str,
    only: &'static [(&'static str, &'static str)],
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Leader",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only,
            max_len: 40,
        },
        rule,
        help,
    }
}

const LEADER_TYPE: Field = Field {
    id: "leader_type",
    label: "He is",
    group: "Leader",
    kind: FieldKind::Choice(LEADER_TYPES),
    rule: "Leaders, R 2.2.2, L58-76",
    help: "Filled in from the record.",
};

const COMMAND: Field = Field {
    id: "command",
    label: "His Command",
    group: "Leader",
    kind: FieldKind::Text { max_len: 40 },
    rule: "Command, R 4.21, L204-210",
    help: "Filled in from the record; blank for an Overall Commander.",
};

/// The leader's type and Command from the record, once he is named.
fn follow_leader(input: &mut Input, record: &Record, field: &str, with_type: bool) {
    let Some(leader) = roster::named(record, input.text("side"), input.text(field)) else {
        return;
    };
    if with_type
        && let Some(kind) = leader.attribute(attribute::TYPE)
        && roster::is_leader(kind)
    {
        input.set(LEADER_TYPE.id, Value::Text(kind.into()));
    }
    let command = leader
        .attribute(attribute::COMMAND)
        .unwrap_or("")
        .to_string();
    input.set(COMMAND.id, Value::Text(command.into()));
}

/// Refuses a leader the record does not know as a leader of the army, and facts not its own.
fn check_leader(
    input: &Input,
    record: &Record,
    field: &str,
    states: &[&str],
    with_type: bool,
) -> Result<(), InputError> {
    let (side, name) = (input.text("side"), input.text(field).trim());
    let leader = roster::named(record, side, name)
        .filter(|l| l.attribute(attribute::TYPE).is_some_and(roster::is_leader))
        .ok_or_else(|| {
            InputError::new(
                field,
                format!(
                    "{name} is not a leader of the {} on the record: add him from his counter first",
                    army_label(side)
                ),
            )
        })?;
    if !states.contains(&leader.state.as_ref()) {
        return Err(InputError::new(
            field,
            format!("{name} is {} on the record", leader.state),
        ));
    }
    let kind_differs =
        with_type && leader.attribute(attribute::TYPE) != Some(input.text(LEADER_TYPE.id));
    let command_differs =
        leader.attribute(attribute::COMMAND).unwrap_or("").trim() != input.text(COMMAND.id).trim();
    if kind_differs || command_differs {
        return Err(InputError::new(
            if kind_differs {
                LEADER_TYPE.id
            } else {
                COMMAND.id
            },
            "the record says otherwise: pick the leader again to fill this in",
        ));
    }
    Ok(())
}

/// "Zieten" or "The leader".
fn called(input: &Input, field: &str) -> String {
    let name = input.text(field).trim();
    if name.is_empty() {
        "The leader".to_string()
    } else {
        name.to_string()
    }
}

/// What a leader's fall does to his command (L1560).
fn out_of_command(input: &Input) -> Effect {
    let command = input.text(COMMAND.id).trim();
    let whose = if command.is_empty() {
        "his command".to_string()
    } else {
        command.to_string()
    };
    Effect::reminder(
        &format!("Every unit of {whose} is Out of Command until the Leader Replacement Phase"),
        OUT_OF_COMMAND_RULE,
    )
}

const CASUALTY_FIELDS: &[Field] = &[
    LEADER_SIDE,
    leader_field(
        "leader",
        "Leader",
        roster::LEADERS,
        CASUALTY_RULE,
        "Pick him from the record. Each leader in the hex rolls for himself.",
    ),
    LEADER_TYPE,
    COMMAND,
    Field {
        id: "trigger",
        label: "Why he rolls",
        group: "Casualty",
        kind: FieldKind::Choice(&[
            (
                "fire",
                "His hex was fired upon and the fire roll was a natural 9",
            ),
            ("shock", "A unit stacked with him lost a step in Shock"),
            (
                "alone",
                "He is alone and an enemy unit is adjacent, or enters his hex",
            ),
        ]),
        rule: CASUALTY_RULE,
        help: "Fire: this is the second roll, a 9 kills him (L1560). Shock: a 9 kills him (L1561). Alone, or left alone by the elimination of his unit: 8-9 kills him (L1562-1565; R 7.4B, L795).",
    },
    Field {
        id: "path",
        label: "If he escapes: a unit of his command he can reach",
        group: "Casualty",
        kind: FieldKind::Choice(&[
            (
                "reach",
                "He can reach one by a path free of enemy units and ZOCs",
            ),
            ("cut", "No such path: he is Captured"),
            (
                "none_left",
                "His command has no combat units left: he is removed",
            ),
        ]),
        rule: ALONE_RULE,
        help: "On 0-7 he is placed with the nearest combat unit of his command he can reach (L1564).",
    },
];

/// The roll for a leader's life (R 9.21A-C).
pub struct LeaderCasualty;

impl Procedure for LeaderCasualty {
    fn about(&self) -> &About {
        &About {
            id: "leader-casualty",
            title: "Leader casualty",
            rule: CASUALTY_RULE,
            summary: "A leader whose hex is fired upon with a natural 9, who is stacked with a unit losing a step in Shock, or who is alone next to the enemy rolls one die for his life.",
            fields: CASUALTY_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "leader", "trigger", "path"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "path" || input.text("trigger") == "alone"
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "leader" {
            follow_leader(input, record, "leader", true);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if input.text("leader").trim().is_empty() {
            return Ok(());
        }
        check_leader(input, record, "leader", &[state::IN_PLAY], true)?;
        let command = input.text(COMMAND.id).trim();
        if input.text("trigger") == "alone"
            && input.text("path") == "none_left"
            && !command.is_empty()
        {
            let left = record
                .units_where(Some(input.text("side")), roster::COMBAT_UNITS)
                .find(|(_, _, unit)| {
                    unit.attribute(attribute::COMMAND)
                        .is_some_and(|c| c.trim() == command)
                });
            if let Some((_, name, _)) = left {
                return Err(InputError::new(
                    "path",
                    format!("{name} of {command} is still on the record"),
                ));
            }
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Leader's die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = faces.first().copied().unwrap_or(0);
        let (side, name) = (input.text("side"), input.text("leader").trim());
        let leader = called(input, "leader");
        let state_of = |to: &str, rule: &str| {
            (!name.is_empty()).then(|| Effect::set_state(side, name, to, rule))
        };
        let (trigger, rule) = match input.text("trigger") {
            "fire" => ("fire", FIRE_RULE),
            "shock" => ("shock", SHOCK_RULE),
            _ => ("alone", ALONE_RULE),
        };
        let killed = match trigger {
            "alone" => die >= 8,
            _ => die == 9,
        };
        let mut effects = Vec::new();
        let (key, rank, headline) = if killed {
            effects.extend(state_of(state::KILLED, rule));
            effects.push(out_of_command(input));
            if input.text(LEADER_TYPE.id) == "overall_commander" {
                effects.push(Effect::reminder(
                    &format!("{leader} is an Overall Commander: resolve \"Death of an Overall Commander\" (Wellington, Blücher: Cohesion Checks; Napoleon: the game is over)"),
                    "R 9.21E-F, L1569-1571",
                ));
            }
            ("killed", 4, format!("{leader} is Killed (die {die})"))
        } else if trigger != "alone" {
            (
                "unhurt",
                0,
                format!("{leader} is unhurt (die {die}, not a 9)"),
            )
        } else {
            match input.text("path") {
                "cut" => {
                    effects.extend(state_of(state::CAPTURED, ALONE_RULE));
                    effects.push(out_of_command(input));
                    (
                        "captured",
                        2,
                        format!("{leader} is Captured (die {die}): no path to his command"),
                    )
                }
                "none_left" => {
                    effects.extend(state_of(state::ELIMINATED, ALONE_RULE));
                    effects.push(Effect::reminder(
                        &format!(
                            "{leader} is removed from play: his command has no combat units left"
                        ),
                        ALONE_RULE,
                    ));
                    (
                        "removed",
                        3,
                        format!("{leader} is removed (die {die}): his command is gone"),
                    )
                }
                _ => {
                    effects.push(Effect::reminder(
                        &format!("Place {leader} at once with the nearest combat unit of his command he can reach by a path free of enemy units and ZOCs; an enemy unit moving goes on"),
                        ALONE_RULE,
                    ));
                    (
                        "placed",
                        1,
                        format!(
                            "{leader} escapes (die {die}): placed with the nearest unit of his command"
                        ),
                    )
                }
            }
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![crate::engine::procedure::SideTotal {
                side: leader,
                die: Some(i32::from(die)),
                modifiers: 0,
                total: i32::from(die),
            }],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline,
            },
            effects,
        })
    }
}

/// The Overall Commanders whose death the rules treat (L1569-1571): id, name, army.
const COMMANDERS: &[(&str, &str, &str)] = &[
    ("wellington", "Wellington", "allied"),
    ("blucher", "Blücher", "prussian"),
    ("napoleon", "Napoleon", "french"),
];

fn commander(input: &Input) -> (&'static str, &'static str, &'static str) {
    COMMANDERS
        .iter()
        .find(|(id, _, _)| *id == input.text("commander"))
        .copied()
        .unwrap_or(("wellington", "Wellington", "allied"))
}

fn napoleon(input: &Input) -> bool {
    commander(input).0 == "napoleon"
}

const KILLED_FIELDS: &[Field] = &[
    Field {
        id: "commander",
        label: "Killed",
        group: "Overall Commander",
        kind: FieldKind::Choice(&[
            ("wellington", "Wellington: his British units test"),
            ("blucher", "Blücher: his Prussian units test"),
            ("napoleon", "Napoleon: the game is over"),
        ]),
        rule: "Death of an Overall Commander, R 9.21E-F, L1569-1571",
        help: "Wellington: British units only, not the other Anglo-Allied units.",
    },
    Field {
        id: "side",
        label: "Army",
        group: "Overall Commander",
        kind: FieldKind::Choice(SIDES),
        rule: "Sides, R 2.1, L14",
        help: "The commander's army; filled in.",
    },
    several::units_field(
        "Units within his Command Range",
        roster::COMBAT_UNITS,
        DEATH_RULE,
        "Every British (Wellington) or Prussian (Blücher) combat unit within his Command Range, one die each, up to 4 a resolution.",
    ),
    several::facts_field(DEATH_RULE),
    options::on_form(BECOMES_DISORDERED),
];

fn square_modifiers(members: &[Member]) -> Vec<Modifier> {
    members
        .iter()
        .filter(|m| m.square)
        .map(|m| Modifier::new(&m.name, "In Square", -1, SQUARE_RULE))
        .collect()
}

/// The Cohesion Checks after Wellington's or Blücher's death, or the end of the game after
/// Napoleon's (R 9.21E-F).
pub struct CommanderKilled;

impl Procedure for CommanderKilled {
    fn about(&self) -> &About {
        &About {
            id: "commander-killed",
            title: "Death of an Overall Commander",
            rule: "Death of an Overall Commander, R 9.21E-F, L1569-1571",
            summary: "Wellington or Blücher killed: each British or Prussian unit within his Command Range checks its Cohesion: under, it retreats one hex Disordered; equal, no effect; over, it Routs. Napoleon killed: the game is over.",
            fields: KILLED_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["commander", several::UNITS]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        !napoleon(input) || field == "commander" || field == "side"
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != several::UNITS
            || commander(input).0 != "wellington"
            || record
                .unit(side, name)
                .is_some_and(|u| u.attribute(attribute::NATIONALITY) == Some("british"))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &BECOMES_DISORDERED);
        self.follow("commander", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "commander" {
            let side = commander(input).2;
            if input.text("side") != side {
                input.set("side", Value::Text(side.into()));
                input.set(several::UNITS, Value::List(Vec::new()));
            }
            several::follow("side", input, record);
        } else {
            several::follow(changed, input, record);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (_, name, side) = commander(input);
        if input.text("side") != side {
            return Err(InputError::new(
                "side",
                format!("{name} commands the {}", army_label(side)),
            ));
        }
        if napoleon(input) {
            return Ok(());
        }
        several::check_combination(input)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if napoleon(input) {
            return Ok(());
        }
        several::check_record(input, record)?;
        if commander(input).0 == "wellington" {
            for name in input.list(several::UNITS) {
                let british = record
                    .unit("allied", name.as_str().trim())
                    .is_some_and(|u| u.attribute(attribute::NATIONALITY) == Some("british"));
                if !british {
                    return Err(InputError::new(
                        several::UNITS,
                        format!(
                            "{name} is not British on the record: only British units test when Wellington falls (L1569)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        commander(input).2.to_string()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if napoleon(input) {
            DiceSpec::default()
        } else {
            several::dice(input)
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        if napoleon(input) {
            Vec::new()
        } else {
            square_modifiers(&several::members(input))
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        if napoleon(input) {
            return Ok(Resolution::book_keeping(
                "game over",
                "Napoleon is killed: the game is over and the Allies win".to_string(),
                vec![
                    Effect::Mark {
                        name: NAPOLEON_KILLED.into(),
                        rule: NAPOLEON_RULE.into(),
                    },
                    Effect::reminder(
                        "Napoleon is killed: the game is over. \"Guess who wins?\": the Allies",
                        NAPOLEON_RULE,
                    ),
                ],
            ));
        }
        let (_, name, side) = commander(input);
        let reading = input.text(BECOMES_DISORDERED.id);
        let members = several::members(input);
        let modifiers = square_modifiers(&members);
        let mut effects = Vec::new();
        let mut totals = Vec::new();
        let mut results = Vec::new();
        let mut worst = Ordering::Equal;
        for (member, face) in members.iter().zip(faces.iter().copied()) {
            let own: Vec<Modifier> = modifiers
                .iter()
                .filter(|m| m.side == member.name)
                .cloned()
                .collect();
            let (order, tested) = checks::three_way(
                face,
                member.cohesion,
                &own,
                checks::ZeroPasses::CohesionChecksOnly,
            );
            totals.push(member.total(face, tested.modified - tested.die));
            let result = match order {
                Ordering::Less => {
                    effects.push(Effect::reminder(
                        &format!("{} retreats one hex", member.name),
                        DEATH_RULE,
                    ));
                    effects.extend(several::becomes_disordered(
                        member, side, reading, DEATH_RULE,
                    ));
                    "retreats one hex and is Disordered"
                }
                Ordering::Equal => "stays in place, no effect",
                Ordering::Greater => {
                    effects.extend(member.piece(side).routs(DEATH_RULE));
                    "Routs"
                }
            };
            results.push(format!("{} {result} ({})", member.name, tested.describe()));
            worst = match (worst, order) {
                (Ordering::Greater, _) | (_, Ordering::Greater) => Ordering::Greater,
                (Ordering::Less, _) | (_, Ordering::Less) => Ordering::Less,
                _ => Ordering::Equal,
            };
        }
        let (key, rank) = match worst {
            Ordering::Equal => ("no effect", 0),
            Ordering::Less => ("retreat", 1),
            Ordering::Greater => ("rout", 2),
        };
        Ok(Resolution {
            modifiers,
            totals,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline: format!("{name} is killed: {}", results.join("; ")),
            },
            effects,
        })
    }
}

const REPLACEMENT_FIELDS: &[Field] = &[
    LEADER_SIDE,
    leader_field(
        "leader",
        "Killed or Captured leader",
        &[
            (
                "type",
                "overall_commander|superior_commander|combat_leader|artillery_commander|detachment_leader",
            ),
            ("state", "Killed|Captured"),
        ],
        REPLACEMENT_RULE,
        "Pick him from the record: his counter flips to its Replacement side.",
    ),
    COMMAND,
    Field {
        id: "combat_leader_flips",
        label: "He is a Superior Commander replaced by a Combat Leader in play",
        group: "Leader",
        kind: FieldKind::Flag,
        rule: "Leader Replacement, R 9.22B, L1577",
        help: "That Combat Leader's counter is flipped too (not removed).",
    },
    leader_field(
        "combat_leader",
        "That Combat Leader",
        roster::LEADERS,
        "Leader Replacement, R 9.22B, L1577",
        "Pick him from the record.",
    ),
];

/// The Leader Replacement Phase: a Killed or Captured leader returns on his Replacement side.
pub struct LeaderReplacement;

impl Procedure for LeaderReplacement {
    fn about(&self) -> &About {
        &About {
            id: "leader-replacement",
            title: "Leader Replacement",
            rule: REPLACEMENT_RULE,
            summary: "Flips a Killed or Captured leader to his Replacement side and places him with any unit of his command; a Superior Commander replaced by a Combat Leader in play flips that Combat Leader too.",
            fields: REPLACEMENT_FIELDS,
        }
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "combat_leader" || input.flag("combat_leader_flips")
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "leader" {
            follow_leader(input, record, "leader", false);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("leader").trim().is_empty() {
            return Err(InputError::new(
                "leader",
                "pick the Killed or Captured leader",
            ));
        }
        if input.flag("combat_leader_flips") && input.text("combat_leader").trim().is_empty() {
            return Err(InputError::new(
                "combat_leader",
                "name the Combat Leader whose counter flips",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_leader(
            input,
            record,
            "leader",
            &[state::KILLED, state::CAPTURED],
            false,
        )?;
        if !input.flag("combat_leader_flips") {
            return Ok(());
        }
        let side = input.text("side");
        let superior = roster::named(record, side, input.text("leader"))
            .is_some_and(|l| l.attribute(attribute::TYPE) == Some("superior_commander"));
        if !superior {
            return Err(InputError::new(
                "combat_leader_flips",
                "only a Superior Commander is replaced by a Combat Leader (L1577)",
            ));
        }
        let name = input.text("combat_leader").trim();
        let in_play = roster::named(record, side, name).is_some_and(|l| {
            l.attribute(attribute::TYPE) == Some("combat_leader")
                && l.state.as_ref() == state::IN_PLAY
        });
        if !in_play {
            return Err(InputError::new(
                "combat_leader",
                format!("{name} is not a Combat Leader in play on the record"),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("leader").trim();
        let command = input.text(COMMAND.id).trim();
        let whose = if command.is_empty() {
            "his command".to_string()
        } else {
            command.to_string()
        };
        let mut effects = vec![
            Effect::set_state(
                side,
                name,
                state::IN_PLAY,
                "Leader Replacement, R 9.22A, L1575",
            ),
            Effect::set_attribute(
                side,
                name,
                REPLACEMENT,
                "yes",
                "Leader Replacement, R 9.22A, L1575",
            ),
            Effect::reminder(
                &format!(
                    "Flip {name} to his Replacement side and place him with any unit of {whose}"
                ),
                "Leader Replacement, R 9.22A, L1575",
            ),
        ];
        let mut headline = format!("{name} returns on his Replacement side");
        if input.flag("combat_leader_flips") {
            let leader = input.text("combat_leader").trim();
            effects.push(Effect::set_attribute(
                side,
                leader,
                REPLACEMENT,
                "yes",
                "Leader Replacement, R 9.22B, L1577",
            ));
            effects.push(Effect::reminder(
                &format!("Flip {leader}'s counter too (he is not removed)"),
                "Leader Replacement, R 9.22B, L1577",
            ));
            headline.push_str(&format!("; {leader} flips too"));
        }
        Ok(Resolution::book_keeping("replaced", headline, effects))
    }
}
