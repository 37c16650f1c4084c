//! What the record keeps of an army: its Commander in Chief and Generals (the rulebook prints them,
//! L347-361), the Units on its tiles (the players enter them: the text prints none), the Formations
//! the players make of them, and the command markers.
//!
//! Every entry of the record's unit list has a `kind`: a commander, a General, a Unit or a
//! Formation. Markers on the table are attributes: yellow markers, Losses and Smoke on a Unit;
//! green and orange markers on a Formation; command markers in a General's or Commander's box.
//! An army's reserve of command markers is what its boxes do not hold: the supply is finite (L150).

use crate::engine::record::{Effect, Record, UnitRecord};

pub mod kind {
    pub const COMMANDER: &str = "Commander in Chief";
    pub const GENERAL: &str = "General";
    pub const UNIT: &str = "Unit";
    pub const FORMATION: &str = "Formation";
}

pub mod attribute {
    pub const KIND: &str = "kind";
    pub const CORPS: &str = "corps";
    /// A General's stars (L347-361); the Commanders in Chief count as five (L331).
    pub const RANK: &str = "rank";
    /// Command points a General generates each turn (L741).
    pub const GENERATES: &str = "generates";
    /// Generated points spent this turn, and the Formation they went to (L363).
    pub const GENERATED_SPENT: &str = "generated points spent";
    pub const GENERATED_TO: &str = "generated points went to";
    /// Command markers in the commander's box of the Command Table (L737).
    pub const MARKERS: &str = "markers";
    /// Markers assigned to a General this turn: at most 2 (L737).
    pub const ASSIGNED: &str = "assigned this turn";
    /// A Commander in Chief's army's place in the order of Initiative this turn (L654).
    pub const INITIATIVE: &str = "Initiative";
    /// The turn an army last drew its command markers, kept with its Commander in Chief: once a
    /// turn (L648).
    pub const MARKERS_DRAWN_ON: &str = "markers drawn on turn";
    /// The turn Initiative was last bid for, kept on Napoleon (L652).
    pub const INITIATIVE_BID_ON: &str = "Initiative bid on turn";
    /// A General or Commander attached to a Unit (L402).
    pub const ATTACHED_TO: &str = "attached to";
    /// A removed General's failed substitution rolls so far (L703).
    pub const SUBSTITUTION_TRIES: &str = "substitution tries";
    pub const SUBSTITUTE: &str = "substitute";
    // A Unit's tile.
    pub const TYPE: &str = "type";
    pub const CLASS: &str = "class";
    pub const FIRE_DISCIPLINE: &str = "fire discipline";
    pub const CAPACITY: &str = "Loss capacity";
    pub const VICTORY_POINTS: &str = "victory points";
    pub const LOSSES: &str = "Losses";
    pub const YELLOW: &str = "yellow markers";
    pub const SMOKE: &str = "Smoke";
    /// An Artillery Unit's Horse Team: `horse_team::FASTENED` or `horse_team::UNFASTENED` (L512).
    pub const HORSE_TEAM: &str = "Horse Team";
    /// "yes" if the Horse Team was fastened this turn, which limits unfastening (L861-869).
    pub const FASTENED_THIS_TURN: &str = "Horse Team fastened this turn";
    pub const FORMATION: &str = "formation";
    // A Formation's markers.
    pub const GREEN: &str = "green marker";
    pub const ORANGE: &str = "orange markers";
    /// The Order a Formation received this turn: one at most (L751).
    pub const ORDER: &str = "order this turn";
    /// The maneuver a Formation executed this turn: one at most (L837). Foot Artillery that
    /// fastened its Horse Team and maneuvered this turn cannot unfasten it (L869).
    pub const MANEUVER: &str = "maneuver this turn";
}

/// The values of `attribute::HORSE_TEAM`.
pub mod horse_team {
    pub const FASTENED: &str = "fastened";
    pub const UNFASTENED: &str = "unfastened";
}

pub mod state {
    pub const ON_BATTLEFIELD: &str = "On the battlefield";
    /// The Prussians before their entrance (L640).
    pub const NOT_ARRIVED: &str = "Not yet arrived";
    pub const ELIMINATED: &str = "Eliminated";
    pub const CAPTURED: &str = "Captured";
    pub const OUT_OF_FIELD: &str = "Out of field";
}

/// A Unit's type, as its tile shows it (L451, L499-506, L520-524, L538).
pub const UNIT_TYPES: &[(&str, &str); 7] = &[
    ("infantry", "Infantry"),
    ("light_cavalry", "Light Cavalry"),
    ("medium_cavalry", "Medium Cavalry"),
    ("heavy_cavalry", "Heavy Cavalry"),
    ("foot_artillery", "Artillery on Foot"),
    ("horse_artillery", "Horse Artillery"),
    ("garrison", "Garrison"),
];

/// The classes, from highest to lowest, as listed on L457.
pub const CLASSES: &[(&str, &str); 5] = &[
    ("guard", "Guard"),
    ("elite", "Élite"),
    ("veterans", "Veterans"),
    ("regulars", "Regulars"),
    ("recruits", "Recruits"),
];

/// Fire Discipline of Infantry: no dot, one dot, two dots (L479-488).
pub const FIRE_DISCIPLINES: &[(&str, &str)] = &[
    ("0", "Normal (no dot)"),
    ("1", "Good (one dot)"),
    ("2", "Optimal (two dots)"),
];

/// Whether class `class` is `threshold` or higher (L457 lists them from the highest).
pub fn class_at_least(class: &str, threshold: &str) -> bool {
    let position = |id: &str| CLASSES.iter().position(|(c, _)| *c == id);
    match (position(class), position(threshold)) {
        (Some(class), Some(threshold)) => class <= threshold,
        _ => false,
    }
}

/// A commander the rulebook prints (L347-361, L1070-1071).
pub struct Commander {
    pub side: &'static str,
    pub name: &'static str,
    /// The Army Corps initial; empty for the Commanders in Chief and Ney.
    pub corps: &'static str,
    pub rank: i32,
    pub generates: i32,
    /// Victory points to the enemy if removed; Napoleon's and Wellington's removal ends the game.
    pub victory_points: i32,
}

impl Commander {
    pub fn is_commander_in_chief(&self) -> bool {
        self.rank == COMMANDER_RANK && self.corps.is_empty()
    }
}

/// The Commanders in Chief follow the rules of a five-star General (L331).
pub const COMMANDER_RANK: i32 = 5;

pub const NAPOLEON: &str = "Napoleon";
pub const WELLINGTON: &str = "Wellington";
pub const BLUCHER: &str = "Blücher";
pub const NEY: &str = "Ney";

const fn commander(
    side: &'static str,
    name: &'static str,
    corps: &'static str,
    rank: i32,
    generates: i32,
    victory_points: i32,
) -> Commander {
    Commander {
        side,
        name,
        corps,
        rank,
        generates,
        victory_points,
    }
}

/// Every commander, from the General table (L347-361) and the victory points (L1070-1071). Hill's
/// and Uxbridge's "2*" carry an asterisk the text never explains; they generate 2.
pub const COMMANDERS: &[Commander] = &[
    commander("french", NAPOLEON, "", COMMANDER_RANK, 0, 0),
    commander("french", "Drouot", "GD", 2, 1, 12),
    commander("french", "D'Erlon", "I", 2, 1, 12),
    commander("french", "Reille", "II", 3, 2, 18),
    commander("french", "Lobau", "VI", 2, 1, 12),
    commander("french", "Kellermann", "III", 3, 2, 18),
    commander("french", "Milhaud", "IV", 2, 1, 12),
    // Ney has no corps and generates nothing: Napoleon gives him 2 markers a turn (L371).
    commander("french", NEY, "", 2, 0, 12),
    commander("british", WELLINGTON, "", COMMANDER_RANK, 0, 0),
    commander("british", "Orange", "I", 1, 0, 6),
    commander("british", "Hill", "II", 4, 2, 18),
    commander("british", "Picton", "R", 3, 2, 18),
    commander("british", "Uxbridge", "CC", 4, 2, 18),
    commander("prussian", BLUCHER, "", COMMANDER_RANK, 0, 36),
    commander("prussian", "Ziethen", "I", 2, 1, 12),
    commander("prussian", "Pirch", "II", 2, 1, 12),
    commander("prussian", "Bülow", "IV", 2, 1, 12),
];

/// Command markers of each army's colour (L150, L200, L246).
pub const MARKER_SUPPLY: &[(&str, i32)] = &[("french", 36), ("british", 26), ("prussian", 21)];

/// The shared supplies of coloured markers and tokens (L92-116).
pub const ORANGE_SUPPLY: usize = 30;
pub const GREEN_SUPPLY: usize = 25;
pub const YELLOW_SUPPLY: usize = 15;
pub const LOSS_SUPPLY: usize = 124;
pub const SMOKE_SUPPLY: usize = 23;

/// The French Units that are the Grand Battery while they are in one Formation, and the General
/// it is under (L727).
pub const GRAND_BATTERY: [i32; 3] = [23, 24, 9];
pub const GRAND_BATTERY_GENERAL: &str = "D'Erlon";

pub fn commander_spec(name: &str) -> Option<&'static Commander> {
    COMMANDERS.iter().find(|c| c.name == name)
}

/// The army's Commander in Chief.
pub fn commander_in_chief(side: &str) -> &'static str {
    COMMANDERS
        .iter()
        .find(|c| c.side == side && c.is_commander_in_chief())
        .map_or(NAPOLEON, |c| c.name)
}

/// An army's command markers still in its reserve: its supply less those in its commanders' boxes
/// (markers bet, spent or removed go back to the reserve, L656, L749, L1053).
pub fn reserve(record: &Record, side: &str) -> i32 {
    let supply = MARKER_SUPPLY
        .iter()
        .find(|(s, _)| *s == side)
        .map_or(0, |(_, n)| *n);
    let in_boxes: i32 = record
        .units_where(Some(side), &[])
        .map(|(_, _, unit)| number(unit, attribute::MARKERS))
        .sum();
    supply - in_boxes
}

/// An army's place in this turn's order of Initiative (1 acts first; 0 if it took no part), kept
/// with its Commander in Chief.
pub fn initiative(record: &Record, side: &str) -> i32 {
    number_of(
        record,
        side,
        commander_in_chief(side),
        attribute::INITIATIVE,
    )
}

/// The record panel's summary of an entry: the markers and tokens on it.
pub fn summary(unit: &UnitRecord) -> String {
    let count = |attribute: &str| number(unit, attribute);
    let mut parts = Vec::new();
    match unit.attribute(attribute::KIND).unwrap_or("") {
        kind::COMMANDER | kind::GENERAL => {
            parts.push(format!("{} markers", count(attribute::MARKERS)));
            if count(attribute::INITIATIVE) > 0 {
                parts.push(format!("Initiative {}", count(attribute::INITIATIVE)));
            }
        }
        kind::UNIT => {
            if let Some(formation) = unit.attribute(attribute::FORMATION) {
                parts.push(formation.to_string());
            }
            parts.push(format!(
                "{} of {} Losses",
                count(attribute::LOSSES),
                count(attribute::CAPACITY)
            ));
            match count(attribute::YELLOW) {
                0 => {}
                1 => parts.push("Shaken".into()),
                _ => parts.push("Routed".into()),
            }
            if unit.attribute(attribute::SMOKE) == Some("yes") {
                parts.push("Smoke".into());
            }
            if is_artillery(unit)
                && let Some(team) = unit.attribute(attribute::HORSE_TEAM)
            {
                parts.push(format!("Horse Team {team}"));
            }
        }
        kind::FORMATION => {
            if unit.attribute(attribute::GREEN) == Some("yes") {
                parts.push("green".into());
            }
            if count(attribute::ORANGE) > 0 {
                parts.push(format!("{} orange", count(attribute::ORANGE)));
            }
            if let Some(order) = unit.attribute(attribute::ORDER) {
                parts.push(order.to_string());
            }
            if let Some(maneuver) = unit.attribute(attribute::MANEUVER) {
                parts.push(maneuver.to_string());
            }
        }
        _ => {}
    }
    parts.join(", ")
}

/// Yellow markers never go above 2: the second Routs the Unit (L787).
pub const ROUTED_YELLOW: i64 = 2;

/// The Losses a Unit can still sustain: its capacity less its Loss tokens (L463, L697, L916), if
/// the record knows its capacity.
pub fn losses_left(unit: &UnitRecord) -> Option<i32> {
    let capacity = number(unit, attribute::CAPACITY);
    (capacity > 0).then(|| capacity - number(unit, attribute::LOSSES))
}

pub fn number(unit: &UnitRecord, attribute: &str) -> i32 {
    unit.attribute(attribute)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A number kept on a record entry; 0 if the entry or the number is missing.
pub fn number_of(record: &Record, side: &str, name: &str, attribute: &str) -> i32 {
    record.unit(side, name).map_or(0, |u| number(u, attribute))
}

/// Eliminated, captured or out of field: gone for good, and worth victory points to the enemy.
pub fn is_removed(unit: &UnitRecord) -> bool {
    [state::ELIMINATED, state::CAPTURED, state::OUT_OF_FIELD].contains(&unit.state.as_ref())
}

/// The Formation of the Unit a General or Commander in Chief is attached to, if any (L404).
pub fn attached_formation<'a>(
    record: &'a Record,
    side: &str,
    commander: &'a UnitRecord,
) -> Option<&'a str> {
    commander
        .attribute(attribute::ATTACHED_TO)
        .and_then(|unit| record.unit(side, unit))
        .and_then(|unit| unit.attribute(attribute::FORMATION))
}

pub fn is_on_battlefield(unit: &UnitRecord) -> bool {
    unit.state.as_ref() == state::ON_BATTLEFIELD
}

/// Why `name`, on the record as `unit`, may not act: it is not on the battlefield. The sentence
/// reads properly for a blank name and for a unit the record gives no state.
pub fn not_on_battlefield(name: &str, unit: &UnitRecord) -> String {
    let name = match name.trim() {
        "" => "The unit with a blank name",
        name => name,
    };
    match unit.state.as_ref() {
        "" => format!("{name} is not on the battlefield"),
        state => format!("{name} is {state}, not on the battlefield"),
    }
}

/// The army's Generals of an Army Corps still on the battlefield: each adds a command marker (L648).
/// Ney has no corps and does not count.
pub fn corps_generals_on_battlefield(record: &Record, side: &str) -> i32 {
    let count = record
        .units_where(Some(side), &[(attribute::KIND, kind::GENERAL)])
        .filter(|(_, _, unit)| is_on_battlefield(unit))
        .filter(|(_, _, unit)| {
            unit.attribute(attribute::CORPS)
                .is_some_and(|c| !c.is_empty())
        })
        .count();
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// Whether an army takes part this turn: the Prussians only once on the battlefield (L658).
pub fn army_in_play(record: &Record, side: &str) -> bool {
    record
        .unit(side, commander_in_chief(side))
        .is_some_and(is_on_battlefield)
        || record
            .units_where(Some(side), &[(attribute::KIND, kind::GENERAL)])
            .any(|(_, _, unit)| is_on_battlefield(unit))
}

/// How many of a kind of marker are on the record, to warn when the physical supply runs out. A
/// marker kept as a count (yellow, orange, Losses) counts its number; one kept as "yes" (green,
/// Smoke) counts one.
pub fn markers_on_record(record: &Record, attribute: &str) -> usize {
    record
        .units
        .values()
        .filter(|unit| unit.state.as_ref() == state::ON_BATTLEFIELD)
        .map(|unit| match unit.attribute(attribute) {
            Some("yes") => 1,
            _ => usize::try_from(number(unit, attribute)).unwrap_or(0),
        })
        .sum()
}

/// The Formation of the Grand Battery: the one holding the French Units 23, 24 and 9 on the
/// battlefield, while they are all in it (L727).
pub fn grand_battery_formation(record: &Record) -> Option<&str> {
    let mut formations = GRAND_BATTERY.iter().map(|number| {
        record
            .unit("french", &unit_name(*number))
            .filter(|unit| is_on_battlefield(unit))
            .and_then(|unit| unit.attribute(attribute::FORMATION))
    });
    let first = formations.next().flatten()?;
    formations
        .all(|formation| formation == Some(first))
        .then_some(first)
}

/// The Units of a Formation on the battlefield, by name.
pub fn formation_units<'a>(
    record: &'a Record,
    side: &'a str,
    formation: &'a str,
) -> impl Iterator<Item = (&'a str, &'a UnitRecord)> + 'a {
    record
        .units_where(Some(side), &[(attribute::KIND, kind::UNIT)])
        .filter(move |(_, _, unit)| unit.attribute(attribute::FORMATION) == Some(formation))
        .filter(|(_, _, unit)| is_on_battlefield(unit))
        .map(|(_, name, unit)| (name, unit))
}

/// The Unit types that are Artillery (L512-530).
pub const ARTILLERY_TYPES: &str = "foot_artillery|horse_artillery";

pub fn is_artillery(unit: &UnitRecord) -> bool {
    unit.matches(&[(attribute::TYPE, ARTILLERY_TYPES)])
}

/// Whether a Unit type (`UNIT_TYPES`) is Artillery.
pub fn is_artillery_type(unit_type: &str) -> bool {
    ARTILLERY_TYPES.split('|').any(|t| t == unit_type)
}

/// An Artillery Unit fastens its Horse Team (put in movement L759, Withdraw L763, Fall Back L803,
/// after combat L998), noting that it did so this turn.
pub fn fasten_horse_team(side: &str, unit: &str, rule: &str) -> [Effect; 2] {
    [
        Effect::set_attribute(
            side,
            unit,
            attribute::HORSE_TEAM,
            horse_team::FASTENED,
            rule,
        ),
        Effect::set_attribute(side, unit, attribute::FASTENED_THIS_TURN, "yes", rule),
    ]
}

/// The record's entries for one commander at the start of a scenario.
pub fn commander_effects(commander: &Commander, state: &str, rule: &str) -> Vec<Effect> {
    let (side, name) = (commander.side, commander.name);
    let kind = if commander.is_commander_in_chief() {
        kind::COMMANDER
    } else {
        kind::GENERAL
    };
    vec![
        Effect::set_state(side, name, state, rule),
        Effect::set_attribute(side, name, attribute::KIND, kind, rule),
        Effect::set_attribute(side, name, attribute::CORPS, commander.corps, rule),
        Effect::set_attribute(side, name, attribute::RANK, commander.rank, rule),
        Effect::set_attribute(side, name, attribute::GENERATES, commander.generates, rule),
        Effect::set_attribute(side, name, attribute::MARKERS, 0, rule),
    ]
}

/// A Unit's name on the record, from the number on its tile (L459).
pub fn unit_name(number: i32) -> String {
    format!("Unit {number}")
}
