//! Attack resolution: each side rolls one d6 and adds its modifiers; the difference is read on the
//! Combat Results Table and the result falls on the loser (rulebook «Attack Phase», L650-839).
//!
//! The rulebook numbers no rules, so references name the heading and the lines of the rulebook file.
//!
//! Readings taken where the text is unclear (the digest's §7.3 numbers them):
//! - a unit in the Command Range of several associated HQs in Battle mode adds one HQ's stars,
//!   the best one's, by default: the text speaks of "an associated HQ" and "the HQ's Battle Stars"
//!   (L702-703, L707-708). The setting `hq_stars` can add them all. The players enter the best HQ's
//!   stars, and the other HQs' in range apart.
//! - the attacking Corps does not count towards its own Attack Support (the La Haye Sainte
//!   example gives no +1 for it).
//! - the Grand Battery gives +1 once, though L392 and L721 both state it.
//! - cavalry support is automatic for every adjacent Cavalry Corps; only the charge is chosen.
//! - the Grand Battery may sit with any supporting Corps, cavalry included; with one Detachment
//!   per hex (L244-246) it is always with a Corps.
//! - only cavalry support *for attacks* is barred between the Anglo-Allied and Prussian armies
//!   (L1633); defensive cavalry support and infantry Attack Support count across them, as the
//!   Coalition is one side (L123). The players count supporters, so the reading lives in the help.
//! - soft ground is prefilled from the Deluge's rain marks, and the players may untick it
//!   where the Terrain Effects Chart says otherwise. They may not tick it where no rain can have
//!   fallen: the Deluge rolls only on turns 5 and 6 (L1074-1087) and soft ground lasts the rain turn
//!   and the next (L1094-1096), so only turns 5 to 7, and in a session only after rain on the record
//!   that turn or the one before.
//! - The Grand Battery is never alone in its hex: it is placed with a friendly unit (L384-386) and,
//!   left alone, is at once Recalled or eliminated (L394-399). Defending, it is stacked; stacked with
//!   a supporting Corps, some Corps supports the attack (L721-723, L729-741).
//! - attacking cavalry loses its stars and the charge into a town or chateau; defending cavalry
//!   loses its stars in a town only (L1641 names only towns), unless the session setting extends it
//!   to chateaux.
//! - a Detachment stacked with a Corps may be the target: no +2, no stars, any loss eliminates it.
//!   A Corps that loses against it still Retreats instead of being Blown or Eliminated: L815 and
//!   L819-820 say "a Detachment", without the stacking exception L765 makes for the +2.
//! - A charge needs a supporting Cavalry Corps (L716-718): charge stars without one do not count.
//! - a Corps that attacked a Detachment and must "Retreat instead" but cannot, is Blown (and on
//!   the last day Eliminated), as the general retreat rule says; the conversion is not applied twice.

use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::AppliedLimit;

use super::roster::{self, Kind, attribute, set, state};
use super::{opponent, side_label};

const ATTACKER: &str = "Attacker";
const DEFENDER: &str = "Defender";

const CORPS_TYPES: &[(&str, &str)] = &[
    ("infantry", "Infantry Corps"),
    ("cavalry", "Cavalry Corps"),
    ("guard_infantry", "Imperial Guard Infantry Corps"),
    ("guard_cavalry", "Guard Cavalry Corps"),
];

const DEFENDER_TYPES: &[(&str, &str)] = &[
    ("infantry", "Infantry Corps"),
    ("cavalry", "Cavalry Corps"),
    ("guard_infantry", "Imperial Guard Infantry Corps"),
    ("guard_cavalry", "Guard Cavalry Corps"),
    ("detachment", "Detachment"),
    ("old_guard", "Old Guard (Detachment)"),
    ("grand_battery", "Grand Battery (Detachment)"),
];

/// Any unit on the map but an HQ: HQs are markers and cannot be attacked (L204-205, L312-313).
const ON_MAP_UNITS: &[(&str, &str)] = &[
    ("state", state::ON_MAP),
    (
        attribute::KIND,
        "infantry|cavalry|guard_infantry|guard_cavalry|detachment|old_guard|grand_battery",
    ),
];
const ON_MAP_CORPS: &[(&str, &str)] = &[
    ("state", state::ON_MAP),
    (
        attribute::KIND,
        "infantry|cavalry|guard_infantry|guard_cavalry",
    ),
];

const FIELDS: &[Field] = &[
    Field {
        id: "attacker_side",
        label: "Attacking side",
        group: "Attacker",
        kind: FieldKind::Choice(super::SIDES),
        rule: "Attack Phase, L650-660",
        help: "The side whose Corps attacks.",
    },
    Field {
        id: "attacker_name",
        label: "Attacking Corps",
        group: "Attacker",
        kind: FieldKind::Unit {
            of: UnitOf::Side("attacker_side"),
            only: ON_MAP_CORPS,
            max_len: 40,
        },
        rule: "Attack Phase, L660-671",
        help: "Choose it from the record to fill in its type and stars, or type a name.",
    },
    Field {
        id: "attacker_type",
        label: "Attacking Corps type",
        group: "Attacker",
        kind: FieldKind::Choice(CORPS_TYPES),
        rule: "Eliminated / Victory, L819-821, L875-879",
        help: "Only a Corps attacks. Cavalry loses its stars into a town or chateau; the Guard Corps are worth 5 VP.",
    },
    Field {
        id: "attacker_stars",
        label: "Attacking Corps' Battle Stars",
        group: "Attacker",
        kind: FieldKind::Number {
            min: 0,
            max: roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L700-701",
        help: "As printed on the counter's current side.",
    },
    Field {
        id: "attacker_hq_stars",
        label: "Attacker's HQ Battle Stars",
        group: "Attacker",
        kind: FieldKind::Number {
            min: 0,
            max: roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L701-703",
        help: "Stars of the best associated HQ in Battle mode with the attacking Corps in its Command Range; 0 if none.\nAnglo-Allied and Prussian units use only their own army's HQ.",
    },
    Field {
        id: "attacker_more_hq_stars",
        label: "Attacker's other HQs in range: their Battle Stars",
        group: "Attacker",
        kind: FieldKind::Number {
            min: 0,
            max: 2 * roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L701-703; the HQ stars setting (A-1)",
        help: "Added up, of the other associated HQs in Battle mode with the attacking Corps in their Command Range; 0 if none. They count only if the setting adds every HQ's.",
    },
    Field {
        id: "charge_stars",
        label: "Charge: stars of Fresh supporting cavalry",
        group: "Attacker",
        kind: FieldKind::Number { min: 0, max: 10 },
        rule: "Battle Stars, L716-718",
        help: "Battle Stars of each Fresh Cavalry Corps supporting the attack that charges (it then flips to Exhausted); 0 if none.\nCount those Corps under cavalry support too. No charge into a town or chateau.",
    },
    Field {
        id: "grand_battery",
        label: "French Grand Battery",
        group: "Attacker",
        kind: FieldKind::Choice(&[
            ("none", "Not involved"),
            ("with_attacker", "Stacked with the attacking Corps"),
            ("with_supporter", "Stacked with a supporting Corps"),
        ]),
        rule: "French Grand Battery, L392-398, L721-723",
        help: "+1 to the attack, never to defence. Stacked with the attacking Corps, it is eliminated if that Corps receives any combat result.",
    },
    Field {
        id: "attack_support",
        label: "Attack Support: other friendly Infantry Corps in the defender's ZoC",
        group: "Attacker",
        kind: FieldKind::Count { max: 6 },
        rule: "Attack Support, L729-732",
        help: "Adjacent to the defending unit, not counting the attacking Corps. Not Detachments. Anglo-Allied and Prussian Corps support each other.",
    },
    Field {
        id: "attacker_cavalry_support",
        label: "Cavalry Corps adjacent to the attacking Corps",
        group: "Attacker",
        kind: FieldKind::Count { max: 6 },
        rule: "Cavalry Support, L738-741; clarification L1628-1634",
        help: "Fresh or Exhausted (a Fresh one flips to Exhausted). Anglo-Allied and Prussian cavalry cannot support each other's attacks.",
    },
    Field {
        id: "attacker_cannot_retreat",
        label: "Attacking Corps has no legal 3-hex retreat",
        group: "Attacker",
        kind: FieldKind::Flag,
        rule: "Retreat, L800-806",
        help: "Away from the defender, never into a Corps or an enemy ZoC. If it has none, a Retreat becomes Blown.",
    },
    Field {
        id: "defender_name",
        label: "Defending unit",
        group: "Defender",
        kind: FieldKind::Unit {
            of: UnitOf::OpponentOf("attacker_side"),
            only: ON_MAP_UNITS,
            max_len: 40,
        },
        rule: "Attack Phase, L660-671",
        help: "A Corps or a Detachment. Choose it from the record to fill in its type and stars, or type a name.",
    },
    Field {
        id: "defender_type",
        label: "Defending unit type",
        group: "Defender",
        kind: FieldKind::Choice(DEFENDER_TYPES),
        rule: "Detachments, L763-765; Retreat, L807-808",
        help: "A Corps or a Detachment. The attacker gets +2 against a Detachment that is not stacked with a Corps.",
    },
    Field {
        id: "defender_stacked",
        label: "Defending Detachment is stacked with a friendly Corps",
        group: "Defender",
        kind: FieldKind::Flag,
        rule: "Detachments, L410-412, L763-765, L807-808",
        help: "Only for a Detachment: then no +2 for the attacker, no stars, and any loss eliminates it.",
    },
    Field {
        id: "defender_stars",
        label: "Defending unit's Battle Stars",
        group: "Defender",
        kind: FieldKind::Number {
            min: 0,
            max: roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L705-706",
        help: "As printed on the counter. The Old Guard alone always has 2; the Grand Battery adds nothing in defence.",
    },
    Field {
        id: "defender_hq_stars",
        label: "Defender's HQ Battle Stars",
        group: "Defender",
        kind: FieldKind::Number {
            min: 0,
            max: roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L706-708",
        help: "Stars of the best associated HQ in Battle mode with the defending unit in its Command Range; 0 if none.",
    },
    Field {
        id: "defender_more_hq_stars",
        label: "Defender's other HQs in range: their Battle Stars",
        group: "Defender",
        kind: FieldKind::Number {
            min: 0,
            max: 2 * roster::MAX_BATTLE_STARS,
        },
        rule: "Battle Stars, L706-708; the HQ stars setting (A-1)",
        help: "Added up, of the other associated HQs in Battle mode with the defending unit in their Command Range; 0 if none. They count only if the setting adds every HQ's.",
    },
    Field {
        id: "terrain_bonus",
        label: "The Terrain Effects Chart gives the defender's hex +1",
        group: "Defender",
        kind: FieldKind::Flag,
        rule: "Terrain, L691-694",
        help: "The TEC is on the player aid. At most +1 for terrain.",
    },
    Field {
        id: "hex_type",
        label: "Defender's hex is a town or chateau",
        group: "Defender",
        kind: FieldKind::Choice(&[
            ("neither", "Neither"),
            ("town", "Town"),
            ("chateau", "Chateau"),
        ]),
        rule: "Battle Stars, L711-713; clarification L1636-1642",
        help: "Attacking cavalry adds no stars and cannot charge into either. Cavalry defending in a town adds no stars.",
    },
    Field {
        id: "defender_cavalry_support",
        label: "Cavalry Corps adjacent to the defending unit",
        group: "Defender",
        kind: FieldKind::Count { max: 6 },
        rule: "Cavalry Support, L744-747",
        help: "Fresh or Exhausted (a Fresh one flips to Exhausted). Anglo-Allied and Prussian cavalry may support each other in defence.",
    },
    Field {
        id: "defender_cannot_retreat",
        label: "Defending unit has no legal 3-hex retreat",
        group: "Defender",
        kind: FieldKind::Flag,
        rule: "Retreat, L800-806",
        help: "Away from the attacker, never into a Corps or an enemy ZoC. If it has none, a Retreat becomes Blown.",
    },
    Field {
        id: "soft_ground",
        label: "Soft ground: it rains this turn or rained last turn",
        group: "Situation",
        kind: FieldKind::Flag,
        rule: "Artillery Ricochet Ineffective (erratum), L1094-1096, L1329-1331",
        help: "The attacker subtracts 1. The Terrain Effects Chart may say more about soft ground: untick it if yours does.",
    },
    Field {
        id: "turn",
        label: "Game turn",
        group: "Situation",
        kind: FieldKind::Number { min: 1, max: 8 },
        rule: "Blown, L811-815",
        help: "A Blown unit returns two turns later. Turns 7 and 8 are June 18, the last day: every Blown result is Eliminated instead.",
    },
    super::options::RECALL_WAIT_FIELD,
    super::options::CHATEAU_DEFENCE_FIELD,
    super::options::HQ_STARS_FIELD,
];

/// The turns the Deluge is rolled on (L1074-1081): only then can rain fall.
const RAIN_FIRST_TURN: i32 = 5;
const RAIN_LAST_TURN: i32 = 6;

/// The attack procedure.
pub struct Attack;

/// The facts of one attack, read from the input once.
struct Facts<'a> {
    attacker_side: &'a str,
    defender_side: &'a str,
    /// The names the players gave, if any: only named units go on the record.
    attacker_name: Option<&'a str>,
    defender_name: Option<&'a str>,
    /// How the result card and log speak of each unit: its name, or a description.
    attacker: String,
    defender: String,
    attacker_type: &'a str,
    defender_type: &'a str,
    defender_stacked: bool,
    town_or_chateau: bool,
}

impl<'a> Facts<'a> {
    fn read(input: &'a Input) -> Facts<'a> {
        let attacker_side = input.text("attacker_side");
        let name = |id: &str| Some(input.text(id).trim()).filter(|n| !n.is_empty());
        let (attacker_name, defender_name) = (name("attacker_name"), name("defender_name"));
        Facts {
            attacker_side,
            defender_side: opponent(attacker_side),
            attacker_name,
            defender_name,
            attacker: attacker_name.unwrap_or("The attacking Corps").to_string(),
            defender: defender_name.unwrap_or("The defending unit").to_string(),
            attacker_type: input.text("attacker_type"),
            defender_type: input.text("defender_type"),
            defender_stacked: input.flag("defender_stacked"),
            town_or_chateau: input.text("hex_type") != "neither",
        }
    }

    fn defender_is_detachment(&self) -> bool {
        matches!(
            self.defender_type,
            "detachment" | "old_guard" | "grand_battery"
        )
    }

    /// "If the defending unit is a Detachment (Detachments stacked with Corps have no effect)".
    fn defender_is_lone_detachment(&self) -> bool {
        self.defender_is_detachment() && !self.defender_stacked
    }

    fn attacker_is_cavalry(&self) -> bool {
        matches!(self.attacker_type, "cavalry" | "guard_cavalry")
    }

    fn defender_is_cavalry(&self) -> bool {
        matches!(self.defender_type, "cavalry" | "guard_cavalry")
    }
}

/// The modifiers, and the rules that took a modifier away, for both sides.
fn modifiers_and_limits(input: &Input) -> (Vec<Modifier>, Vec<AppliedLimit>) {
    let facts = Facts::read(input);
    let mut modifiers = Vec::new();
    let mut limits = Vec::new();
    let mut add = |side: &str, label: String, value: i32, rule: &str| {
        if value != 0 {
            modifiers.push(Modifier::new(side, label, value, rule));
        }
    };

    // Attacker.
    let stars = input.number("attacker_stars");
    if facts.attacker_is_cavalry() && facts.town_or_chateau {
        if stars > 0 {
            limits.push(AppliedLimit {
                description: format!(
                    "{} is cavalry charging into a town or chateau: its {stars} Battle Stars do not count",
                    facts.attacker
                ),
                rule: "Battle Stars, L711-712".into(),
            });
        }
    } else {
        add(
            ATTACKER,
            format!("Battle Stars of {}", facts.attacker),
            stars,
            "Battle Stars, L700-701",
        );
    }
    for (stars, label, rule) in hq_stars(input, "attacker", &mut limits) {
        add(ATTACKER, label, stars, rule);
    }
    let charge = input.number("charge_stars");
    if charge > 0 && facts.town_or_chateau {
        limits.push(AppliedLimit {
            description: format!(
                "No cavalry charge into a town or chateau: the {charge} charge stars do not count"
            ),
            rule: "Battle Stars, L711-713".into(),
        });
    } else if charge > 0 && input.number("attacker_cavalry_support") == 0 {
        // Only a Fresh Cavalry Corps supporting the attack may charge.
        limits.push(AppliedLimit {
            description: format!(
                "No Cavalry Corps supports the attack, so none can charge: the {charge} charge stars do not count"
            ),
            rule: "Battle Stars, L716-718".into(),
        });
    } else {
        add(
            ATTACKER,
            "Charge by Fresh supporting cavalry".into(),
            charge,
            "Battle Stars, L716-718",
        );
    }
    if input.text("grand_battery") != "none" {
        add(
            ATTACKER,
            "French Grand Battery".into(),
            1,
            "French Grand Battery, L392-394, L721-723",
        );
    }
    add(
        ATTACKER,
        "Attack Support (Infantry Corps in the defender's ZoC)".into(),
        input.number("attack_support"),
        "Attack Support, L729-732",
    );
    add(
        ATTACKER,
        "Cavalry support (Cavalry Corps adjacent to the attacker)".into(),
        input.number("attacker_cavalry_support"),
        "Cavalry Support, L738-741",
    );
    if facts.defender_is_lone_detachment() {
        add(
            ATTACKER,
            "Defending unit is a Detachment".into(),
            2,
            "Detachments, L763-765",
        );
    }
    if input.flag("soft_ground") {
        add(
            ATTACKER,
            "Soft ground (rain this turn or last)".into(),
            -1,
            "Artillery Ricochet Ineffective (erratum), L1094-1096",
        );
    }

    // Defender.
    if input.flag("terrain_bonus") {
        add(
            DEFENDER,
            "Terrain (TEC), at most +1".into(),
            1,
            "Terrain, L691-694",
        );
    }
    let defender_stars = input.number("defender_stars");
    match facts.defender_type {
        _ if facts.defender_is_detachment() && facts.defender_stacked => {
            if defender_stars > 0 || facts.defender_type == "old_guard" {
                limits.push(AppliedLimit {
                    description: format!(
                        "{} is a Detachment stacked with a friendly Corps: it adds no Battle Stars",
                        facts.defender
                    ),
                    rule: "French Old Guard, L410-412".into(),
                });
            }
        }
        "old_guard" => add(
            DEFENDER,
            "Old Guard alone in its hex: two Battle Stars".into(),
            2,
            "French Old Guard, L409-410",
        ),
        "grand_battery" => {
            if defender_stars > 0 {
                limits.push(AppliedLimit {
                    description: "The Grand Battery only modifies attacks, not defence".into(),
                    rule: "French Grand Battery, L392-393".into(),
                });
            }
        }
        _ if facts.defender_is_cavalry() && defender_loses_stars_in(input) => {
            if defender_stars > 0 {
                limits.push(AppliedLimit {
                    description: format!(
                        "{} is cavalry defending in a {}: its {defender_stars} Battle Stars do not count",
                        facts.defender,
                        input.text("hex_type"),
                    ),
                    rule: if input.text("hex_type") == "town" {
                        "Defending Cavalry Battle Stars, L1636-1642".into()
                    } else {
                        super::options::CHATEAU_DEFENCE_RULE.into()
                    },
                });
            }
        }
        _ => add(
            DEFENDER,
            format!("Battle Stars of {}", facts.defender),
            defender_stars,
            "Battle Stars, L705-706",
        ),
    }
    for (stars, label, rule) in hq_stars(input, "defender", &mut limits) {
        add(DEFENDER, label, stars, rule);
    }
    add(
        DEFENDER,
        "Cavalry support (Cavalry Corps adjacent to the defender)".into(),
        input.number("defender_cavalry_support"),
        "Cavalry Support, L744-747",
    );
    (modifiers, limits)
}

/// The HQ Battle Stars a side adds (L701-708): the best HQ's, and the other HQs' in range only if
/// the setting adds every HQ's; otherwise a limit says they do not count. Each as (stars,
/// label, rule), for `role` "attacker" or "defender".
fn hq_stars(
    input: &Input,
    role: &str,
    limits: &mut Vec<AppliedLimit>,
) -> Vec<(i32, String, &'static str)> {
    let (best, more, whose, rule) = if role == "attacker" {
        (
            input.number("attacker_hq_stars"),
            input.number("attacker_more_hq_stars"),
            "attacker",
            "Battle Stars, L701-703",
        )
    } else {
        (
            input.number("defender_hq_stars"),
            input.number("defender_more_hq_stars"),
            "defender",
            "Battle Stars, L706-708",
        )
    };
    let mut stars = vec![(
        best,
        format!("HQ in Battle mode, {whose} in Command Range"),
        rule,
    )];
    if more > 0 {
        if input.text(super::options::HQ_STARS_FIELD.id) == "sum" {
            stars.push((
                more,
                format!("Other HQs in Battle mode, {whose} in their Command Range (the HQ stars setting)"),
                super::options::HQ_STARS_RULE,
            ));
        } else {
            limits.push(AppliedLimit {
                description: format!(
                    "One HQ's Battle Stars count, the best in range (the HQ stars setting): the other HQs' {more} do not"
                ),
                rule: super::options::HQ_STARS_RULE.into(),
            });
        }
    }
    stars
}

/// What a losing unit finally suffers, after every conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Retreats,
    Recalled,
    Blown,
    Eliminated,
}

impl Fate {
    fn text(self) -> &'static str {
        match self {
            Fate::Retreats => "retreats 3 hexes",
            Fate::Recalled => "is Recalled",
            Fate::Blown => "is Blown",
            Fate::Eliminated => "is Eliminated",
        }
    }
}

/// The name of a unit type that only the French have.
/// The players enter a counter's Battle Stars once, in the roster, before its first attack: the
/// rulebook text does not print them (digest §4.4).
fn stars_entered(record: &Record, side: &str, name: &str, field: &str) -> Result<(), InputError> {
    if roster::stars_not_entered(record, side, name) {
        return Err(InputError::new(
            field,
            format!(
                "the Battle Stars on {name}'s counter are not entered yet; enter them under Counter values"
            ),
        ));
    }
    Ok(())
}

/// Cavalry defending in this hex adds no stars: in a town (L1641), and in a chateau if the session
/// setting says so.
fn defender_loses_stars_in(input: &Input) -> bool {
    match input.text("hex_type") {
        "town" => true,
        "chateau" => input.text("chateau_defence") == "loses_stars",
        _ => false,
    }
}

fn french_unit(unit_type: &str) -> Option<&'static str> {
    match unit_type {
        "guard_infantry" => Some("Imperial Guard Infantry Corps"),
        "guard_cavalry" => Some("Guard Cavalry Corps"),
        "old_guard" => Some("Old Guard"),
        "grand_battery" => Some("Grand Battery"),
        _ => None,
    }
}

fn victory_points_for(unit_type: &str) -> (i32, &'static str) {
    Kind::from_id(unit_type).map_or((3, "Eliminated, L820-821"), Kind::victory_points)
}

/// What the loser's fate does to the record: a named unit changes state; an unnamed one, and a
/// retreat (the record keeps no hexes), is a reminder for the players.
fn fate_effects(
    fate: Fate,
    side: &str,
    name: Option<&str>,
    description: &str,
    winner: &str,
    turn: i32,
    recall_wait: &str,
) -> Vec<Effect> {
    let rule = match fate {
        Fate::Retreats => "Retreat, L800-806",
        Fate::Recalled => "Retreat, L807-808",
        Fate::Blown => "Blown, L811-814",
        Fate::Eliminated => "Eliminated, L819-821",
    };
    let Some(unit) = name.filter(|_| fate != Fate::Retreats) else {
        let text = match fate {
            Fate::Retreats => format!("{description} retreats 3 hexes away from {winner}"),
            Fate::Recalled => format!("{description} is Recalled"),
            Fate::Blown => format!(
                "{description} is Blown: it goes on the turn track and returns on turn {}",
                turn + 2
            ),
            Fate::Eliminated => format!("{description} is Eliminated"),
        };
        return vec![Effect::Reminder {
            text: text.into(),
            rule: rule.into(),
        }];
    };
    let mut effects = Vec::new();
    match fate {
        Fate::Recalled => {
            effects.extend(super::options::recall(side, unit, turn, recall_wait, rule))
        }
        Fate::Blown => {
            effects.push(roster::set_state(side, unit, state::BLOWN, rule));
            effects.push(set(side, unit, attribute::RETURNS_ON_TURN, turn + 2, rule));
        }
        _ => effects.push(roster::set_state(side, unit, state::ELIMINATED, rule)),
    }
    effects.push(set(side, unit, attribute::HEX, "", rule));
    effects
}

/// The Combat Results Table's codes: Stalemate, Retreat, Blown, Eliminated (L776-787).
const CRT: TableRead = TableRead {
    table: "crt",
    codes: &["S", "R", "B", "E"],
};

impl Procedure for Attack {
    fn about(&self) -> &'static About {
        &About {
            id: "attack",
            title: "Attack",
            rule: "Attack Resolution, L676-839",
            summary: "One Corps attacks an enemy unit in its ZoC. Each side rolls a d6 and adds its modifiers; the higher total wins and the difference is read on the Combat Results Table.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        &[CRT]
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Attacker die", Die::D6), ("Defender die", Die::D6)])
    }
    /// Who attacks whom, the HQs in range and the terrain; the units' types and stars come from
    /// the record, and the rarer facts are folded.
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "attacker_side",
            "attacker_name",
            "attacker_hq_stars",
            "defender_name",
            "defender_hq_stars",
            "terrain_bonus",
        ]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let turn = record.position.turn;
        input.set("turn", Value::Number(i64::from(turn.clamp(1, 8))));
        input.set("soft_ground", Value::Flag(super::soft_ground(record, turn)));
        super::options::prefill_setting(input, record, &super::options::RECALL_WAIT_FIELD);
        super::options::prefill_setting(input, record, &super::options::CHATEAU_DEFENCE_FIELD);
        super::options::prefill_setting(input, record, &super::options::HQ_STARS_FIELD);
    }
    /// A unit chosen from the record brings its type and Battle Stars (of its counter's current side).
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        let (side, type_field, stars_field) = match changed {
            "attacker_name" => (
                input.text("attacker_side").to_string(),
                "attacker_type",
                "attacker_stars",
            ),
            "defender_name" => (
                opponent(input.text("attacker_side")).to_string(),
                "defender_type",
                "defender_stars",
            ),
            _ => return,
        };
        let name = input.text(changed).to_string();
        let Some(kind) = roster::kind_of(record, &side, &name) else {
            return;
        };
        if kind.is_corps() || (changed == "defender_name" && kind.is_detachment()) {
            input.set(type_field, Value::Text(kind.id().into()));
        }
        // Stars not entered yet count as none, never as the previous unit's; the record check
        // then asks for them.
        let stars = roster::current_stars(record, &side, &name).unwrap_or(0);
        input.set(stars_field, Value::Number(i64::from(stars)));
    }
    /// The Grand Battery, the Old Guard and the two Guard Corps are French units; the Grand Battery
    /// is never alone in its hex, and its supporting Corps is counted; soft ground needs a turn on
    /// which rain can have fallen.
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let facts = Facts::read(input);
        if facts.defender_type == "grand_battery" && !facts.defender_stacked {
            return Err(InputError::new(
                "defender_stacked",
                "the Grand Battery is never alone in its hex: it is placed in a friendly unit's hex (L384-386), and left alone it is at once Recalled or eliminated (L394-399); tick that it is stacked with a friendly Corps",
            ));
        }
        if input.text("grand_battery") == "with_supporter"
            && input.number("attack_support") == 0
            && input.number("attacker_cavalry_support") == 0
        {
            return Err(InputError::new(
                "grand_battery",
                "no Corps supports the attack: the Grand Battery adds its star stacked with the attacking Corps or with a Corps supporting the attack (L721-723), and no Attack Support (L729-732) nor Cavalry Support (L738-741) is counted",
            ));
        }
        let turn = input.number("turn");
        if input.flag("soft_ground") && !(RAIN_FIRST_TURN..=RAIN_LAST_TURN + 1).contains(&turn) {
            return Err(InputError::new(
                "soft_ground",
                format!(
                    "no rain can have fallen for turn {turn}: the Deluge is rolled only on turns {RAIN_FIRST_TURN} and {RAIN_LAST_TURN} (L1074-1087), and soft ground lasts the rain turn and the next (L1094-1096)"
                ),
            ));
        }
        for role in ["attacker", "defender"] {
            let best = format!("{role}_hq_stars");
            if input.number(&format!("{role}_more_hq_stars")) > 0 && input.number(&best) == 0 {
                return Err(InputError::new(
                    &best,
                    "other HQs in range are entered, but not the best one's Battle Stars: enter the best HQ's here and the others' apart (L701-708)",
                ));
            }
        }
        let french_only = |field: &str, unit: &str, side: &str, rule: &str| {
            if side == "french" {
                Ok(())
            } else {
                Err(InputError {
                    field: field.to_string(),
                    message: format!(
                        "the {unit} is French ({rule}), but this side is the Coalition"
                    ),
                })
            }
        };
        if input.text("grand_battery") != "none" {
            french_only(
                "grand_battery",
                "Grand Battery",
                facts.attacker_side,
                "French Grand Battery, L383-399",
            )?;
        }
        if let Some(unit) = french_unit(facts.attacker_type) {
            french_only(
                "attacker_type",
                unit,
                facts.attacker_side,
                "Victory, L877-886",
            )?;
        }
        if let Some(unit) = french_unit(facts.defender_type) {
            french_only(
                "defender_type",
                unit,
                facts.defender_side,
                "Victory, L877-886",
            )?;
        }
        Ok(())
    }
    /// A unit the record knows must be on the map; only a Corps attacks, and an HQ is never
    /// attacked. Names the record does not know are the players' own description, and pass. Soft
    /// ground needs rain on the record this turn or the one before.
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let facts = Facts::read(input);
        let turn = input.number("turn");
        if input.flag("soft_ground")
            && !u32::try_from(turn).is_ok_and(|turn| super::soft_ground(record, turn))
        {
            return Err(InputError::new(
                "soft_ground",
                format!(
                    "the record has no rain on turn {turn} nor on turn {} (the Deluge, L1080-1087): soft ground needs rain this turn or the turn before (L1094-1096)",
                    turn - 1
                ),
            ));
        }
        // The unit's state and kind, if the record knows it.
        let on_the_record = |side: &str, name: &str| {
            let unit_state = record.unit(side, name)?.state.to_string();
            Some((unit_state, roster::kind_of(record, side, name)?))
        };
        if let Some(name) = facts.attacker_name
            && let Some((unit_state, kind)) = on_the_record(facts.attacker_side, name)
        {
            if !kind.is_corps() {
                return Err(InputError::new(
                    "attacker_name",
                    format!("{name} is not a Corps; only a Corps attacks (L660-675)"),
                ));
            }
            stars_entered(record, facts.attacker_side, name, "attacker_name")?;
            if unit_state != state::ON_MAP {
                return Err(InputError::new(
                    "attacker_name",
                    format!("{name} is {unit_state}, not on the map"),
                ));
            }
        }
        if let Some(name) = facts.defender_name
            && let Some((unit_state, kind)) = on_the_record(facts.defender_side, name)
        {
            if kind == Kind::Headquarters {
                return Err(InputError::new(
                    "defender_name",
                    format!(
                        "{name} is an HQ, a marker that cannot be attacked (L204-205, L312-313)"
                    ),
                ));
            }
            if unit_state != state::ON_MAP {
                return Err(InputError::new(
                    "defender_name",
                    format!("{name} is {unit_state}, not on the map"),
                ));
            }
            stars_entered(record, facts.defender_side, name, "defender_name")?;
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("attacker_side").to_string()
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        modifiers_and_limits(input).0
    }

    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let facts = Facts::read(input);
        let (modifiers, mut limits) = modifiers_and_limits(input);
        let sum = |side: &str| -> i32 {
            modifiers
                .iter()
                .filter(|m| m.side == side)
                .map(|m| m.value)
                .sum()
        };
        #[expect(
            clippy::indexing_slicing,
            reason = "the engine checked the faces against this procedure's dice: two d6"
        )]
        let (attacker_die, defender_die) = (i32::from(faces[0]), i32::from(faces[1]));
        let attacker_total = attacker_die + sum(ATTACKER);
        let defender_total = defender_die + sum(DEFENDER);
        let totals = vec![
            SideTotal {
                side: ATTACKER.into(),
                die: Some(attacker_die),
                modifiers: sum(ATTACKER),
                total: attacker_total,
            },
            SideTotal {
                side: DEFENDER.into(),
                die: Some(defender_die),
                modifiers: sum(DEFENDER),
                total: defender_total,
            },
        ];
        let difference = attacker_total.abs_diff(defender_total);
        let lookup = tables.get("crt")?.lookup_differential(difference)?;
        limits.extend(lookup.limits.iter().cloned());
        let code = lookup.code_for(&CRT)?;
        let turn = input.number("turn");
        // June 18, the last day of every scenario, is turns 7 and 8 (L970, L1115).
        let last_day = turn >= super::LAST_DAY_FIRST_TURN;

        let mut effects = Vec::new();
        // Cavalry is exhausted by any participation, whatever the result (clarification L1587-1592).
        let exhaustion_rule = "Cavalry Exhaustion, L1587-1592";
        let mut exhaust = |side: &str, name: Option<&str>, description: &str| {
            effects.push(match name {
                Some(unit) => set(
                    side,
                    unit,
                    attribute::CONDITION,
                    "Exhausted",
                    exhaustion_rule,
                ),
                None => Effect::Reminder {
                    text: format!("{description}: flip to Exhausted if Fresh").into(),
                    rule: exhaustion_rule.into(),
                },
            });
        };
        if facts.attacker_is_cavalry() {
            exhaust(facts.attacker_side, facts.attacker_name, &facts.attacker);
        }
        if facts.defender_is_cavalry() {
            exhaust(facts.defender_side, facts.defender_name, &facts.defender);
        }
        let supporting_cavalry =
            input.number("attacker_cavalry_support") + input.number("defender_cavalry_support");
        if supporting_cavalry > 0 {
            effects.push(Effect::Reminder {
                text: format!(
                    "Flip the {supporting_cavalry} supporting Cavalry Corps to Exhausted if Fresh (supporting units suffer no combat result)"
                )
                .into(),
                rule: "Cavalry Support, L738-747; L790".into(),
            });
        }

        let rank = |winner_is_attacker: bool| -> i32 {
            let severity = match code {
                "E" => 3,
                "B" => 2,
                "R" => 1,
                // "S": the code is one of CRT's.
                _ => 0,
            };
            if winner_is_attacker {
                3 - severity
            } else {
                3 + severity
            }
        };

        if code == "S" || attacker_total == defender_total {
            let outcome = Outcome {
                key: lookup.result.label.clone(),
                rank: 3,
                headline: "Stalemate: no effect".into(),
            };
            if input.text("grand_battery") == "with_attacker" {
                effects.push(Effect::Reminder {
                    text: "The Grand Battery stays; it is Recalled automatically at the end of the turn".into(),
                    rule: "French Grand Battery, L398-399".into(),
                });
            }
            return Ok(Resolution {
                modifiers,
                totals,
                limits,
                cell: Some(lookup.cell),
                outcome,
                effects,
            });
        }

        let attacker_won = attacker_total > defender_total;
        let (loser, loser_name, loser_type, loser_side, winner_side, loser_can_retreat) =
            if attacker_won {
                (
                    facts.defender.clone(),
                    facts.defender_name,
                    facts.defender_type,
                    facts.defender_side,
                    facts.attacker_side,
                    !input.flag("defender_cannot_retreat"),
                )
            } else {
                (
                    facts.attacker.clone(),
                    facts.attacker_name,
                    facts.attacker_type,
                    facts.attacker_side,
                    facts.defender_side,
                    !input.flag("attacker_cannot_retreat"),
                )
            };
        let loser_is_detachment = attacker_won && facts.defender_is_detachment();

        let mut fate = match code {
            "R" => Fate::Retreats,
            "B" => Fate::Blown,
            // "E": a stalemate has returned above, and the code is one of CRT's.
            _ => Fate::Eliminated,
        };
        // Each conversion the rulebook makes is recorded with its rule, in the order applied.
        let convert =
            |fate: &mut Fate, limits: &mut Vec<AppliedLimit>, to: Fate, why: String, rule: &str| {
                limits.push(AppliedLimit {
                    description: why,
                    rule: rule.into(),
                });
                *fate = to;
            };
        if loser_is_detachment {
            if facts.defender_stacked {
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Eliminated,
                    format!("{loser} is a Detachment stacked with a Corps: any loss eliminates it"),
                    "Retreat, L807-808; Blown, L816",
                );
            } else if fate == Fate::Retreats {
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Recalled,
                    format!(
                        "{loser} is a Detachment not stacked with a Corps: Retreat means Recalled"
                    ),
                    "Retreat, L807-808",
                );
            } else if fate == Fate::Blown {
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Eliminated,
                    format!("{loser} is a Detachment: Blown means Eliminated"),
                    "Blown, L816",
                );
            }
        } else {
            // L815 and L819-820 say "a Detachment" without L765's exception for stacked ones.
            if !attacker_won && facts.defender_is_detachment() && fate != Fate::Retreats {
                let rule = if fate == Fate::Blown {
                    "Blown, L815"
                } else {
                    "Eliminated, L819-820"
                };
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Retreats,
                    format!("{loser} attacked a Detachment: it must Retreat instead"),
                    rule,
                );
            }
            if fate == Fate::Retreats && !loser_can_retreat {
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Blown,
                    format!("{loser} cannot retreat 3 hexes: it becomes Blown instead"),
                    "Retreat, L805-806",
                );
            }
            if fate == Fate::Blown && last_day {
                convert(
                    &mut fate,
                    &mut limits,
                    Fate::Eliminated,
                    "The last day of the scenario: Blown is treated as Eliminated".into(),
                    "Blown, L814-815",
                );
            }
        }

        let winner = if attacker_won {
            &facts.attacker
        } else {
            &facts.defender
        };
        effects.extend(fate_effects(
            fate,
            loser_side,
            loser_name,
            &loser,
            winner,
            turn,
            input.text("recall_wait"),
        ));
        if fate == Fate::Eliminated {
            let (points, rule) = victory_points_for(loser_type);
            effects.push(Effect::VictoryPoints {
                side: winner_side.into(),
                points,
                reason: format!("{loser} eliminated").into(),
                rule: rule.into(),
            });
        }

        let grand_battery_with_attacker = input.text("grand_battery") == "with_attacker";
        if !attacker_won && grand_battery_with_attacker {
            effects.push(roster::set_state(
                "french",
                roster::GRAND_BATTERY,
                state::ELIMINATED,
                "French Grand Battery, L396-398",
            ));
            effects.push(Effect::VictoryPoints {
                side: "coalition".into(),
                points: 2,
                reason: "French Grand Battery left alone by a combat result and eliminated".into(),
                rule: "French Grand Battery, L396-398; Victory, L885-886".into(),
            });
        }
        // The defender vacates its hex unless it is a Detachment whose stacked Corps stays.
        let defender_vacates = attacker_won && !(loser_is_detachment && facts.defender_stacked);
        if defender_vacates {
            effects.push(Effect::Reminder {
                text: format!(
                    "Pursuit: {} must move into the vacated hex unless it is in the ZoC of another enemy unit",
                    facts.attacker
                )
                .into(),
                rule: "Pursuit, L827-830".into(),
            });
            if grand_battery_with_attacker {
                effects.push(Effect::Reminder {
                    text: "If it advances, the Grand Battery left alone is Recalled automatically"
                        .into(),
                    rule: "French Grand Battery, L394-396".into(),
                });
            }
        }

        if facts.attacker_name.is_some() {
            // One attack spent, if the attacking side is on an allowance (L852-855).
            effects.push(Effect::UseCounter {
                name: super::attacks_left(facts.attacker_side).into(),
                rule: "Attack Phase, L852-855".into(),
            });
        }
        let winner_label = if attacker_won { ATTACKER } else { DEFENDER };
        let mut headline = format!(
            "{} wins by {difference} ({}): {loser} {}",
            side_label(winner_side),
            lookup.result.label,
            fate.text()
        );
        if fate == Fate::Eliminated {
            let (points, _) = victory_points_for(loser_type);
            headline.push_str(&format!(", +{points} VP {}", side_label(winner_side)));
        }
        Ok(Resolution {
            outcome: Outcome {
                // "Attacker +3, +4: defender is Eliminated": the CRT row, then the final fate.
                key: format!(
                    "{winner_label} {}: {} {}",
                    lookup.cell.row,
                    if attacker_won { "defender" } else { "attacker" },
                    fate.text()
                ),
                rank: rank(attacker_won),
                headline,
            },
            modifiers,
            totals,
            limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}
