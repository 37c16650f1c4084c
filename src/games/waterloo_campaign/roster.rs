//! The units of Waterloo Campaign 1815 and what the rulebook says of each.
//!
//! The counters print most Battle Stars, the HQ Command Ranges and the full Detachment roster; the
//! rulebook text gives only some of them (digest §4.4). A value the text gives is set here with its
//! line; every other is "not entered" until the players type it from their counters in the roster
//! editor. None is filled from anywhere else.
//!
//! Readings taken (digest §4.1, §4.4):
//! - The Imperial Guard and Orange's I Corps have 2 stars: "Each of the three British corps are rated
//!   as equivalent to the Imperial Guard" (L1475-1476) and the British Reserve Corps has two
//!   (L1518-1519). Uxbridge's 1 star is only a subtraction from an army total and is not pre-filled.
//! - The Prussian cavalry "is not given a quality star" (L1463-1464): 0 on both sides of its counter.
//! - A named Detachment that a scenario does not set up on the map starts available for placement.

use crate::engine::record::{Effect, Record, UnitRecord};

pub use crate::engine::record::NOT_ENTERED;

/// The record's unit states.
pub mod state {
    pub const ON_MAP: &str = "On map";
    pub const REINFORCEMENT: &str = "Reinforcement";
    pub const BLOWN: &str = "Blown";
    pub const ELIMINATED: &str = "Eliminated";
    pub const AVAILABLE: &str = "Available";
    pub const RECALLED: &str = "Recalled";
}

/// The record's unit attributes.
pub mod attribute {
    pub const ARMY: &str = "army";
    pub const KIND: &str = "kind";
    pub const FORMATION: &str = "formation";
    pub const CONDITION: &str = "condition";
    pub const MODE: &str = "mode";
    pub const HEX: &str = "hex";
    pub const ENTERS: &str = "enters at";
    pub const ARRIVES_ON_TURN: &str = "arrives on turn";
    pub const STARS: &str = "stars";
    pub const EXHAUSTED_STARS: &str = "stars when Exhausted";
    pub const NORMAL_RANGE: &str = "Normal range";
    pub const BATTLE_RANGE: &str = "Battle range";
    pub const PARENT: &str = "parent";
    pub const RETURNS_ON_TURN: &str = "returns on turn";
    pub const AVAILABLE_FROM_TURN: &str = "available from turn";
    pub const COUNTER: &str = "counter";
    pub const PLACED_BY: &str = "placed by";
}

/// What a unit is. The ids are the attack form's unit types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Infantry,
    Cavalry,
    GuardInfantry,
    GuardCavalry,
    Detachment,
    GrandBattery,
    OldGuard,
    Headquarters,
}

impl Kind {
    pub fn id(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::GuardInfantry => "guard_infantry",
            Kind::GuardCavalry => "guard_cavalry",
            Kind::Detachment => "detachment",
            Kind::GrandBattery => "grand_battery",
            Kind::OldGuard => "old_guard",
            Kind::Headquarters => "hq",
        }
    }

    pub fn from_id(id: &str) -> Option<Kind> {
        ALL_KINDS.iter().copied().find(|k| k.id() == id)
    }

    pub fn is_corps(self) -> bool {
        matches!(
            self,
            Kind::Infantry | Kind::Cavalry | Kind::GuardInfantry | Kind::GuardCavalry
        )
    }

    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::Infantry | Kind::GuardInfantry)
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Kind::Cavalry | Kind::GuardCavalry)
    }

    pub fn is_detachment(self) -> bool {
        matches!(self, Kind::Detachment | Kind::GrandBattery | Kind::OldGuard)
    }

    /// Victory points to the opponent when eliminated, and the rule.
    pub fn victory_points(self) -> (i32, &'static str) {
        match self {
            Kind::GuardInfantry | Kind::GuardCavalry => (5, "Victory, L877-879"),
            Kind::GrandBattery | Kind::OldGuard => (2, "Victory, L885-886"),
            Kind::Detachment => (1, "Eliminated, L820-821"),
            Kind::Infantry | Kind::Cavalry | Kind::Headquarters => (3, "Eliminated, L820-821"),
        }
    }
}

const ALL_KINDS: &[Kind] = &[
    Kind::Infantry,
    Kind::Cavalry,
    Kind::GuardInfantry,
    Kind::GuardCavalry,
    Kind::Detachment,
    Kind::GrandBattery,
    Kind::OldGuard,
    Kind::Headquarters,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Army {
    French,
    AngloAllied,
    Prussian,
}

impl Army {
    pub fn name(self) -> &'static str {
        match self {
            Army::French => "French",
            Army::AngloAllied => "Anglo-Allied",
            Army::Prussian => "Prussian",
        }
    }

    /// The side id: the Anglo-Allied and Prussian armies are the Coalition (L120-123).
    pub fn side(self) -> &'static str {
        match self {
            Army::French => "french",
            Army::AngloAllied | Army::Prussian => "coalition",
        }
    }
}

/// A value the rulebook text gives, with its lines; `None` where only the counter has it.
pub type Given = Option<(i32, &'static str)>;

/// One unit of the counter mix that the rulebook names.
pub struct UnitSpec {
    pub name: &'static str,
    pub army: Army,
    pub kind: Kind,
    /// Battle Stars (for cavalry, of the Fresh side).
    pub stars: Given,
    /// Cavalry only: the stars of the Exhausted side.
    pub exhausted_stars: Given,
    /// HQs only.
    pub normal_range: Given,
    pub battle_range: Given,
    /// Detachments only: the Corps whose designation it carries (L379-381).
    pub parent: Option<&'static str>,
}

const fn corps(name: &'static str, army: Army, kind: Kind, stars: Given) -> UnitSpec {
    UnitSpec {
        name,
        army,
        kind,
        stars,
        exhausted_stars: None,
        normal_range: None,
        battle_range: None,
        parent: None,
    }
}

const fn cavalry(name: &'static str, army: Army, kind: Kind, stars: Given) -> UnitSpec {
    UnitSpec {
        exhausted_stars: stars,
        ..corps(name, army, kind, stars)
    }
}

const fn detachment(name: &'static str, army: Army, parent: &'static str) -> UnitSpec {
    UnitSpec {
        parent: Some(parent),
        ..corps(name, army, Kind::Detachment, None)
    }
}

const fn headquarters(
    name: &'static str,
    army: Army,
    stars: Given,
    battle_range: Given,
) -> UnitSpec {
    UnitSpec {
        battle_range,
        ..corps(name, army, Kind::Headquarters, stars)
    }
}

/// The most Battle Stars a form takes. The rulebook prints no maximum; five leaves room for any
/// counter while catching a slip of the finger.
pub const MAX_BATTLE_STARS: i32 = 5;

pub const NAPOLEON: &str = "Napoleon HQ";
pub const GRAND_BATTERY: &str = "Grand Battery";
pub const OLD_GUARD: &str = "Old Guard";
pub const HILL: &str = "II Corps (Hill)";
pub const ZIETHEN: &str = "I Corps (Ziethen)";

/// The two Battle Star ratings of Hill's two counters (L443-446).
pub const HILL_TWO_STAR: (i32, &str) = (2, "British Line of Communication Angst, L443-446");
pub const HILL_ONE_STAR: (i32, &str) = (1, "British Line of Communication Angst, L443-446");

/// Every unit the rulebook names, French first.
pub const UNITS: &[UnitSpec] = &[
    headquarters(
        NAPOLEON,
        Army::French,
        Some((1, "Designer's notes, L1533-1534")),
        // the Grand Battery's "within his Command Range" (L385-386) and "within 3 hexes"
        // describe the same distance, so Napoleon's Battle range is 3.
        Some((
            3,
            "French Grand Battery, L385-386; designer's notes, L1547-1548",
        )),
    ),
    headquarters(
        "Ney HQ",
        Army::French,
        Some((1, "Designer's notes, L1545-1551")),
        Some((2, "Designer's notes, L1547-1548")),
    ),
    headquarters(
        "Grouchy HQ",
        Army::French,
        Some((1, "Designer's notes, L1545-1551")),
        Some((2, "Designer's notes, L1547-1548")),
    ),
    corps(
        "I Corps (d'Erlon)",
        Army::French,
        Kind::Infantry,
        Some((1, "Designer's notes, L1517")),
    ),
    corps("II Corps (Reille)", Army::French, Kind::Infantry, None),
    corps("III Corps (Vandamme)", Army::French, Kind::Infantry, None),
    corps("IV Corps (Gerard)", Army::French, Kind::Infantry, None),
    corps("VI Corps (Lobau)", Army::French, Kind::Infantry, None),
    corps(
        "Guard Corps (Drouot)",
        Army::French,
        Kind::GuardInfantry,
        Some((2, "Designer's notes, L1475-1476, L1518-1519")),
    ),
    cavalry(
        "Guard Cav Corps (Guyot)",
        Army::French,
        Kind::GuardCavalry,
        None,
    ),
    cavalry("Res Cav Corps (Grouchy)", Army::French, Kind::Cavalry, None),
    detachment(
        "I Detachment (Jacquinot)",
        Army::French,
        "I Corps (d'Erlon)",
    ),
    UnitSpec {
        stars: Some((1, "French Grand Battery, L392-394, L721-723")),
        ..corps(GRAND_BATTERY, Army::French, Kind::GrandBattery, None)
    },
    UnitSpec {
        stars: Some((2, "French Old Guard, L409-410")),
        ..corps(OLD_GUARD, Army::French, Kind::OldGuard, None)
    },
    headquarters(
        "Wellington HQ",
        Army::AngloAllied,
        Some((2, "Designer's notes, L1519, L1533")),
        None,
    ),
    corps(
        "Reserve Corps (Wellington)",
        Army::AngloAllied,
        Kind::Infantry,
        Some((2, "Designer's notes, L1518-1519")),
    ),
    corps(
        "I Corps (Orange)",
        Army::AngloAllied,
        Kind::Infantry,
        Some((2, "Designer's notes, L1475-1476, L1518-1519")),
    ),
    corps(HILL, Army::AngloAllied, Kind::Infantry, Some(HILL_TWO_STAR)),
    cavalry(
        "Cav Corps (Uxbridge)",
        Army::AngloAllied,
        Kind::Cavalry,
        None,
    ),
    detachment(
        "Cav Detachment (Collaert)",
        Army::AngloAllied,
        "Cav Corps (Uxbridge)",
    ),
    detachment(
        "I Detachment (Perponcher)",
        Army::AngloAllied,
        "I Corps (Orange)",
    ),
    headquarters(
        "Blücher HQ",
        Army::Prussian,
        Some((1, "Designer's notes, L1534, L1537-1538")),
        None,
    ),
    corps(ZIETHEN, Army::Prussian, Kind::Infantry, None),
    corps("II Corps (Pirch)", Army::Prussian, Kind::Infantry, None),
    corps(
        "III Corps (Thielmann)",
        Army::Prussian,
        Kind::Infantry,
        None,
    ),
    corps("IV Corps (Bulow)", Army::Prussian, Kind::Infantry, None),
    cavalry(
        "Cav Corps (Gneisenau)",
        Army::Prussian,
        Kind::Cavalry,
        Some((0, "Designer's notes, L1462-1464")),
    ),
    detachment("I Corps Det. (Lutzow)", Army::Prussian, ZIETHEN),
    detachment("I Corps Det. (Steinmetz)", Army::Prussian, ZIETHEN),
    detachment("I Corps Det. (Pirch)", Army::Prussian, ZIETHEN),
];

pub fn spec(name: &str) -> Option<&'static UnitSpec> {
    UNITS.iter().find(|u| u.name == name)
}

/// Victory points for eliminating the named unit, and the rule; a Corps' 3 if the name is not one the
/// rulebook gives.
pub fn victory_points(name: &str) -> (i32, &'static str) {
    spec(name).map_or((3, "Eliminated, L820-821"), |u| u.kind.victory_points())
}

/// A unit's kind as the record has it (the roster editor may add Detachments the text does not name).
pub fn kind_of(record: &Record, side: &str, name: &str) -> Option<Kind> {
    record
        .unit(side, name)
        .and_then(|u| u.attribute(attribute::KIND))
        .and_then(Kind::from_id)
        .or_else(|| spec(name).map(|s| s.kind))
}

/// A unit's army as the record has it.
pub fn army_of(record: &Record, side: &str, name: &str) -> Option<String> {
    record
        .unit(side, name)
        .and_then(|u| u.attribute(attribute::ARMY))
        .map(str::to_string)
}

/// A whole-number attribute of a unit, if entered.
pub fn number_of(record: &Record, side: &str, name: &str, attribute: &str) -> Option<i32> {
    record
        .unit(side, name)
        .and_then(|u| u.attribute(attribute))
        .and_then(|v| v.parse().ok())
}

/// A unit's Battle Stars on its counter's current side (cavalry has an Exhausted side), if known.
pub fn current_stars(record: &Record, side: &str, name: &str) -> Option<i32> {
    let unit = record.unit(side, name)?;
    unit.attribute(current_stars_attribute(unit))?.parse().ok()
}

/// Whether the unit's counter, on its current side, shows Battle Stars the players have not entered.
pub fn stars_not_entered(record: &Record, side: &str, name: &str) -> bool {
    record
        .unit(side, name)
        .is_some_and(|unit| unit.attribute(current_stars_attribute(unit)) == Some(NOT_ENTERED))
}

/// Cavalry prints its stars on both sides of the counter; the Exhausted side may differ.
fn current_stars_attribute(unit: &UnitRecord) -> &'static str {
    if unit.attribute(attribute::CONDITION) == Some("Exhausted") {
        attribute::EXHAUSTED_STARS
    } else {
        attribute::STARS
    }
}

/// What the record panel shows beside a unit's state: what its forms and refusals depend on,
/// that is the Corps' formation, the cavalry's condition, an HQ's mode, the Battle Stars of its
/// counter's current side, its hex, and when a Blown or Recalled unit comes back.
pub fn summary(unit: &UnitRecord) -> String {
    let mut parts = Vec::new();
    if let Some(formation) = unit.attribute(attribute::FORMATION) {
        parts.push(format!("{formation} formation"));
    }
    if let Some(condition) = unit.attribute(attribute::CONDITION) {
        parts.push(condition.to_string());
    }
    if let Some(mode) = unit.attribute(attribute::MODE) {
        parts.push(format!("{mode} mode"));
    }
    match unit.attribute(current_stars_attribute(unit)) {
        Some(NOT_ENTERED) => parts.push("stars not entered".into()),
        Some("1") => parts.push("1 star".into()),
        Some(stars) => parts.push(format!("{stars} stars")),
        None => {}
    }
    if let Some(hex) = unit.attribute(attribute::HEX) {
        parts.push(format!("hex {hex}"));
    }
    if let Some(turn) = unit.attribute(attribute::RETURNS_ON_TURN) {
        parts.push(format!("returns on turn {turn}"));
    }
    if let Some(turn) = unit.attribute(attribute::AVAILABLE_FROM_TURN) {
        parts.push(format!("available from turn {turn}"));
    }
    parts.join(", ")
}

/// An effect setting one attribute of a unit.
pub fn set(side: &str, unit: &str, attribute: &str, value: impl ToString, rule: &str) -> Effect {
    Effect::set_attribute(side, unit, attribute, value, rule)
}

/// An effect setting a unit's state.
pub fn set_state(side: &str, unit: &str, state: &str, rule: &str) -> Effect {
    Effect::set_state(side, unit, state, rule)
}

/// The roster's facts about a unit: what it is, and each value the text gives or the players must
/// enter.
pub fn roster_effects(unit: &UnitSpec) -> Vec<Effect> {
    let side = unit.army.side();
    let mut effects = vec![
        set(
            side,
            unit.name,
            attribute::ARMY,
            unit.army.name(),
            "Armies, L77-82",
        ),
        set(
            side,
            unit.name,
            attribute::KIND,
            unit.kind.id(),
            "Units, L125-140",
        ),
    ];
    let mut value = |name: &str, given: Given| {
        effects.push(match given {
            Some((v, rule)) => set(side, unit.name, name, v, rule),
            None => set(
                side,
                unit.name,
                name,
                NOT_ENTERED,
                "On the counter, not in the rulebook text",
            ),
        });
    };
    value(attribute::STARS, unit.stars);
    if unit.kind.is_cavalry() {
        value(attribute::EXHAUSTED_STARS, unit.exhausted_stars);
    }
    if unit.kind == Kind::Headquarters {
        value(attribute::NORMAL_RANGE, unit.normal_range);
        value(attribute::BATTLE_RANGE, unit.battle_range);
    }
    if let Some(parent) = unit.parent {
        effects.push(set(
            side,
            unit.name,
            attribute::PARENT,
            parent,
            "Detachments, L379-381",
        ));
    }
    effects
}
