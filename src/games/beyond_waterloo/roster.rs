//! The roster: Formations, their Leaders and their Troop units, as the record keeps them. The
//! Combat Game's set-up (27.1.2-27.1.3, L2196-2230) puts its forces on the record with the
//! strengths the text prints; the values printed only on the counters (every unit's Morale, the
//! reduced faces, the Minor Allies' strengths, the Leaders' Battle and Reaction ratings) the
//! players enter from the counters.
//!
//! Readings (digest §7 item 21 and its Corrections, "Combat Game French screen"): each side's
//! Cavalry Screen unit is a unit of its own, beside the Lead Formation's listed units. The Allied
//! screen, a KGL Cavalry Division, is in no Formation listing (L2222, L2228), so by analogy the
//! French screen's 2CF Cavalry Corps (L2206) is not Ney's listed one (L2210). Both screen for
//! their Lead Formation.

use super::{SIDES, people};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, NOT_ENTERED, Record, UnitRecord};
use crate::engine::table_set::{TableRead, TableSet};

/// The names of the facts the record keeps about a piece.
pub mod attribute {
    /// "formation", "leader", "infantry" or "cavalry".
    pub const TYPE: &str = "type";
    /// A Troop unit's size: "corps", "division" or "national-guard".
    pub const SIZE: &str = "size";
    /// "yes" for a Guards unit (3.3, L545-556).
    pub const GUARD: &str = "guard";
    /// The nation of a unit or a Formation: "french", "british", "prussian", "hanover"...
    pub const NATION: &str = "nation";
    /// The Formation a Troop unit or a Leader belongs to.
    pub const FORMATION: &str = "formation";
    /// Where a Troop unit stands on the Battle Display beside its Formation: "screen" (the
    /// Cavalry Screen box) or "charge" (the Cavalry Charge box); empty in the Formation box.
    pub const BOX: &str = "box";
    /// The face up: "full" or "reduced" (3.6, L586-602).
    pub const FACE: &str = "face";
    /// Combat strength (CF) and printed Morale of the full face, and of the reduced face.
    pub const CF: &str = "cf";
    pub const REDUCED_CF: &str = "reduced_cf";
    pub const MORALE: &str = "morale";
    pub const REDUCED_MORALE: &str = "reduced_morale";
    /// A Formation's Morale level, 0 to 9 (5.2, L770-792): not a counter value, the record's.
    pub const FORMATION_MORALE: &str = "formation_morale";
    /// A Formation's Leader, Deployment Mode, map area and part in the battle ("lead",
    /// "supporting", or empty for a Formation not in it).
    pub const LEADER: &str = "leader";
    pub const MODE: &str = "mode";
    pub const AREA: &str = "area";
    pub const ROLE: &str = "role";
    /// A Leader's Battle Ability and Reaction range, healthy and wounded (2.2.1, L452;
    /// 4.1.2, L648), and whether he is wounded.
    pub const BATTLE: &str = "battle";
    pub const REACTION: &str = "reaction";
    pub const WOUNDED_BATTLE: &str = "wounded_battle";
    pub const WOUNDED_REACTION: &str = "wounded_reaction";
    pub const WOUNDED: &str = "wounded";
    /// A Leader's Administrative Points rating, healthy and wounded (4.2.1, L660): counter
    /// values, entered for the campaign.
    pub const AP: &str = "ap";
    pub const WOUNDED_AP: &str = "wounded_ap";
    /// A Leader's Rank, the stars on his counter: 4 for a Senior Leader, 3 for the others
    /// (4.1.1, L646). A counter value, entered for the campaign.
    pub const STARS: &str = "stars";
    /// The Senior Formation a Formation is brigaded to (5.4, L822-830), if any.
    pub const BRIGADED_TO: &str = "brigaded_to";
    /// A Formation's Force March marker: "skull" in the OPs Phase of the march, "front" after
    /// (18.4, L1688-1712); empty without one.
    pub const FORCE_MARCH: &str = "force_march";
    /// "out" while a Formation is Out of Supply (16.5, L1559-1571).
    pub const SUPPLY: &str = "supply";
}

/// A piece's state on the record.
pub mod state {
    pub const IN_PLAY: &str = "in play";
    /// A Battle Tactics card in its side's hand, to be picked for a battle (6.5, L954-982).
    pub const IN_HAND: &str = "in hand";
    /// A card played in this battle: gone for the rest of it (6.5.2, L962; 6.3.7, L902).
    pub const PLAYED: &str = "played";
    /// The Grand Battery after its battle: once per OPs Phase (6.5.10, L980).
    pub const USED_THIS_OPS_PHASE: &str = "used this OPs Phase";
    /// A Division waiting to replace a Corps reduced twice (3.6.5, L598-602; 27.1.1, L2190).
    pub const DIVISIONS_POOL: &str = "divisions pool";
    pub const ELIMINATED: &str = "eliminated";
    /// A Formation with no units, its marker back on the organization display (5.1.8, L770).
    pub const INACTIVE: &str = "inactive";
    /// Pool boxes and the Unit Training Track (12.1, L1330-1338; 12.2.6, L1354), and the Leader
    /// Pool (4.5, L704-724).
    pub const FORCE_POOL: &str = "force pool";
    pub const TRAINING: &str = "training";
    pub const LEADER_POOL: &str = "leader pool";
    /// The French War Minister, a Leader who commands no Formation (4.4, L690-702).
    pub const WAR_MINISTER: &str = "war minister";
    /// A piece removed from the game for good: Minor Allies who leave it (27.2.3, L2402).
    pub const OUT_OF_THE_GAME: &str = "out of the game";
}

/// The Deployment Modes (5.3, L796-812), by id as the charts name their rows.
pub const MODES: &[(&str, &str)] = &[
    ("march_order", "March Order"),
    ("line_of_battle", "Line of Battle"),
    ("echelon", "Echelon"),
    ("concentrated", "Concentrated"),
];

/// The Formation Deployment Chart's order of mode changes, which `check_mode_change` reads.
pub const MODE_CHANGE_CHART: TableRead = TableRead {
    table: "mode-changes",
    codes: &["yes", "no", "same"],
};

/// A Formation's Deployment Mode change from `from` to `to`, as the Formation Deployment Chart
/// orders them (5.3.10, L816-818): refused on `field` where it takes two successive changes.
/// No change, or a Formation with no mode on the record, reads no chart.
pub fn check_mode_change(
    tables: &TableSet,
    from: &str,
    to: &str,
    field: &str,
) -> Result<(), RuleError> {
    if from == to || from.is_empty() {
        return Ok(());
    }
    let cell = tables
        .get(MODE_CHANGE_CHART.table)?
        .lookup_matrix(mode_label(from), mode_label(to))?;
    if cell.result.code == "no" {
        return Err(InputError::new(
            field,
            format!(
                "the Formation Deployment Chart does not change {} to {} at once: it takes two successive changes (5.3.10, L816)",
                mode_label(from),
                mode_label(to)
            ),
        )
        .into());
    }
    Ok(())
}

pub fn mode_label(mode: &str) -> &str {
    MODES
        .iter()
        .find(|(id, _)| *id == mode)
        .map_or(mode, |(_, label)| label)
}

/// The Major Allied Nations (§1.0, L378; 6.8.5, L1018): every other Allied nation is a Minor Ally.
pub const MAJOR_NATIONS: &[&str] = &["british", "prussian", "russian", "austrian", "spanish"];

pub const NAPOLEON: &str = "Napoleon";

/// Formation Morale starts at 3 in every scenario (5.2.4, L780; 27.1.2, L2216).
const STARTING_MORALE: i64 = 3;

/// A Formation of the set-up: its side, name, Leader, nation, map area and part in the battle.
struct FormationSetUp {
    side: &'static str,
    name: &'static str,
    leader: &'static str,
    nation: &'static str,
    area: &'static str,
    role: &'static str,
}

/// A Troop unit of the set-up: name, Formation, nation, type, size, Guards, CF (`None` where the
/// text gives none) and box.
struct UnitSetUp {
    name: &'static str,
    formation: &'static str,
    nation: &'static str,
    kind: &'static str,
    size: &'static str,
    guard: bool,
    cf: Option<&'static str>,
    box_: &'static str,
}

const fn unit(
    name: &'static str,
    formation: &'static str,
    nation: &'static str,
    kind: &'static str,
    size: &'static str,
    cf: Option<&'static str>,
) -> UnitSetUp {
    UnitSetUp {
        name,
        formation,
        nation,
        kind,
        size,
        guard: false,
        cf,
        box_: "",
    }
}

const LEFT_WING: &str = "Left Wing";
const ARMEE_DU_NORD: &str = "Armée du Nord";
const RIGHT_WING: &str = "Right Wing";
const LOWER_RHINE: &str = "Army of the Lower Rhine";
const ANGLO_DUTCH: &str = "Anglo-Dutch-Belgian";

/// 27.1.2-27.1.3 (L2196-2230): every Formation in Line of Battle (L2242).
const FORMATIONS: &[FormationSetUp] = &[
    FormationSetUp {
        side: "french",
        name: LEFT_WING,
        leader: "Ney",
        nation: "french",
        area: "Waterloo",
        role: "lead",
    },
    FormationSetUp {
        side: "french",
        name: ARMEE_DU_NORD,
        leader: NAPOLEON,
        nation: "french",
        area: "Waterloo",
        role: "supporting",
    },
    FormationSetUp {
        side: "french",
        name: RIGHT_WING,
        leader: "Grouchy",
        nation: "french",
        area: "Ligny",
        role: "",
    },
    FormationSetUp {
        side: "allied",
        name: ANGLO_DUTCH,
        leader: "Wellington",
        nation: "british",
        area: "Waterloo",
        role: "lead",
    },
    FormationSetUp {
        side: "allied",
        name: LOWER_RHINE,
        leader: "Blücher",
        nation: "prussian",
        area: "Wavre",
        role: "",
    },
];

const FRENCH_UNITS: &[UnitSetUp] = &[
    unit(
        "Left Wing 6CF Inf Corps 1",
        LEFT_WING,
        "french",
        "infantry",
        "corps",
        Some("6"),
    ),
    unit(
        "Left Wing 6CF Inf Corps 2",
        LEFT_WING,
        "french",
        "infantry",
        "corps",
        Some("6"),
    ),
    unit(
        "Left Wing 3CF Cav Corps",
        LEFT_WING,
        "french",
        "cavalry",
        "corps",
        Some("3"),
    ),
    unit(
        "Left Wing 2CF Cav Corps",
        LEFT_WING,
        "french",
        "cavalry",
        "corps",
        Some("2"),
    ),
    UnitSetUp {
        box_: "screen",
        ..unit(
            "Screen 2CF Cav Corps",
            LEFT_WING,
            "french",
            "cavalry",
            "corps",
            Some("2"),
        )
    },
    unit(
        "Armée du Nord 4CF Inf Corps",
        ARMEE_DU_NORD,
        "french",
        "infantry",
        "corps",
        Some("4"),
    ),
    UnitSetUp {
        guard: true,
        ..unit(
            "Old Guard Inf Division",
            ARMEE_DU_NORD,
            "french",
            "infantry",
            "division",
            Some("3"),
        )
    },
    UnitSetUp {
        guard: true,
        ..unit(
            "Young Guard Division",
            ARMEE_DU_NORD,
            "french",
            "infantry",
            "division",
            Some("2"),
        )
    },
    // A Division: "1 Cav Division" of the Imperial Guard in 27.2 (L2266).
    UnitSetUp {
        guard: true,
        ..unit(
            "Guard Cavalry",
            ARMEE_DU_NORD,
            "french",
            "cavalry",
            "division",
            Some("2"),
        )
    },
    unit(
        "Right Wing 5CF Inf Corps 1",
        RIGHT_WING,
        "french",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "Right Wing 5CF Inf Corps 2",
        RIGHT_WING,
        "french",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "Right Wing 4CF Inf Corps",
        RIGHT_WING,
        "french",
        "infantry",
        "corps",
        Some("4"),
    ),
    unit(
        "Right Wing 2CF Cav Corps",
        RIGHT_WING,
        "french",
        "cavalry",
        "corps",
        Some("2"),
    ),
];

const ALLIED_UNITS: &[UnitSetUp] = &[
    UnitSetUp {
        guard: true,
        ..unit(
            "British Guards Inf Corps",
            ANGLO_DUTCH,
            "british",
            "infantry",
            "corps",
            Some("5"),
        )
    },
    unit(
        "British 5CF Inf Corps",
        ANGLO_DUTCH,
        "british",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "British 3CF Cav Corps",
        ANGLO_DUTCH,
        "british",
        "cavalry",
        "corps",
        Some("3"),
    ),
    unit(
        "Hanover Inf Corps",
        ANGLO_DUTCH,
        "hanover",
        "infantry",
        "corps",
        None,
    ),
    unit(
        "Dutch-Belgian Inf Corps",
        ANGLO_DUTCH,
        "dutch-belgian",
        "infantry",
        "corps",
        None,
    ),
    unit(
        "Brunswick-Nassau Division",
        ANGLO_DUTCH,
        "brunswick-nassau",
        "infantry",
        "division",
        None,
    ),
    unit(
        "KGL Inf Division",
        ANGLO_DUTCH,
        "kgl",
        "infantry",
        "division",
        None,
    ),
    UnitSetUp {
        box_: "screen",
        ..unit(
            "KGL Cav Division",
            ANGLO_DUTCH,
            "kgl",
            "cavalry",
            "division",
            None,
        )
    },
    unit(
        "Prussian 5CF Inf Corps 1",
        LOWER_RHINE,
        "prussian",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "Prussian 5CF Inf Corps 2",
        LOWER_RHINE,
        "prussian",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "Prussian 5CF Inf Corps 3",
        LOWER_RHINE,
        "prussian",
        "infantry",
        "corps",
        Some("5"),
    ),
    unit(
        "Prussian 4CF Inf Corps",
        LOWER_RHINE,
        "prussian",
        "infantry",
        "corps",
        Some("4"),
    ),
    unit(
        "Prussian 3CF Cav Corps 1",
        LOWER_RHINE,
        "prussian",
        "cavalry",
        "corps",
        Some("3"),
    ),
    unit(
        "Prussian 3CF Cav Corps 2",
        LOWER_RHINE,
        "prussian",
        "cavalry",
        "corps",
        Some("3"),
    ),
];

const SET_UP_RULE: &str = "27.1.2-27.1.3 Setup Listings, L2196-2230";

/// Puts the Combat Game's forces on the record, the Left Wing and the Anglo-Dutch-Belgian army
/// in the Lead Formation boxes at Waterloo (27.1, L2182-2230).
pub struct SetUp;

impl Procedure for SetUp {
    fn about(&self) -> &About {
        &About {
            id: "set-up",
            title: "Set-up",
            rule: SET_UP_RULE,
            summary: "Puts the Combat Game's Formations, Leaders and Troop units on the record, posted on the Battle Display at Waterloo, all in Line of Battle at Morale 3.",
            fields: &[],
        }
    }
    /// The Combat Game's forces, in the Combat Game only.
    fn applies(&self, record: &Record) -> bool {
        record.scenario.as_ref() == super::COMBAT_GAME
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut effects = Vec::new();
        for formation in FORMATIONS {
            let (side, name) = (formation.side, formation.name);
            let set = |attribute: &str, value: &str| {
                Effect::set_attribute(side, name, attribute, value, SET_UP_RULE)
            };
            effects.extend([
                Effect::set_state(side, name, state::IN_PLAY, SET_UP_RULE),
                set(attribute::TYPE, "formation"),
                set(attribute::LEADER, formation.leader),
                set(attribute::NATION, formation.nation),
                set(attribute::AREA, formation.area),
                set(attribute::ROLE, formation.role),
                set(attribute::MODE, "line_of_battle"),
                Effect::set_attribute(
                    side,
                    name,
                    attribute::FORMATION_MORALE,
                    STARTING_MORALE,
                    "27.1.2, L2216; 27.1.3, L2230",
                ),
            ]);
            let leader = formation.leader;
            let of_leader = |attribute: &str, value: &str| {
                Effect::set_attribute(side, leader, attribute, value, SET_UP_RULE)
            };
            effects.extend([
                Effect::set_state(side, leader, state::IN_PLAY, SET_UP_RULE),
                of_leader(attribute::TYPE, "leader"),
                of_leader(attribute::FORMATION, name),
                of_leader(attribute::WOUNDED, "no"),
            ]);
            for value in LEADER_BATTLE_VALUES {
                effects.push(of_leader(value.0, NOT_ENTERED));
            }
        }
        for (side, units) in [("french", FRENCH_UNITS), ("allied", ALLIED_UNITS)] {
            for troop in units {
                let name = troop.name;
                let set = |attribute: &str, value: &str| {
                    Effect::set_attribute(side, name, attribute, value, SET_UP_RULE)
                };
                effects.extend([
                    Effect::set_state(side, name, state::IN_PLAY, SET_UP_RULE),
                    set(attribute::TYPE, troop.kind),
                    set(attribute::SIZE, troop.size),
                    set(attribute::NATION, troop.nation),
                    set(attribute::FORMATION, troop.formation),
                    set(attribute::BOX, troop.box_),
                    set(attribute::FACE, "full"),
                    set(attribute::CF, troop.cf.unwrap_or(NOT_ENTERED)),
                    set(attribute::REDUCED_CF, NOT_ENTERED),
                    set(attribute::MORALE, NOT_ENTERED),
                    set(attribute::REDUCED_MORALE, NOT_ENTERED),
                ]);
                if troop.guard {
                    effects.push(set(attribute::GUARD, "yes"));
                }
            }
        }
        for side in ["french", "allied"] {
            effects.extend(super::cards::set_up(side));
        }
        Ok(Resolution::book_keeping(
            "set-up",
            format!(
                "{} Formations, their Leaders and {} Troop units on the record; enter the values the counters print",
                FORMATIONS.len(),
                FRENCH_UNITS.len() + ALLIED_UNITS.len()
            ),
            effects,
        ))
    }
}

/// The Formation's Morale, as the record keeps it.
pub fn formation_morale(record: &Record, side: &str, formation: &str) -> Option<i64> {
    record
        .unit(side, formation)?
        .attribute(attribute::FORMATION_MORALE)?
        .parse()
        .ok()
}

/// What the campaign keeps of a Formation, for its summary: where it stands, its AP level and
/// its markers.
fn campaign_summary(unit: &UnitRecord) -> String {
    let mut parts = Vec::new();
    if let Some(area) = unit.attribute(attribute::AREA).filter(|a| !a.is_empty()) {
        parts.push(area.to_string());
    }
    if let Some(level) = unit.attribute(super::campaign::administrative_points::AP_LEVEL) {
        parts.push(format!("AP {level}"));
    }
    match unit.attribute(attribute::FORCE_MARCH) {
        Some("skull") => parts.push("Force Marched, CF halved this OPs Phase".into()),
        Some("front") => parts.push("Force Marched".into()),
        _ => {}
    }
    if unit.attribute(attribute::SUPPLY) == Some("out") {
        parts.push("Out of Supply".into());
    }
    parts.iter().map(|p| format!(", {p}")).collect()
}

/// The values a Leader's counter prints for battle (2.2.1, L452), which the players enter.
pub const LEADER_BATTLE_VALUES: &[(&str, &str)] = &[
    (attribute::BATTLE, "Battle Ability"),
    (attribute::REACTION, "Reaction range"),
    (attribute::WOUNDED_BATTLE, "Battle Ability, wounded side"),
    (attribute::WOUNDED_REACTION, "Reaction range, wounded side"),
];

/// The values a Leader's counter prints for the campaign: his AP rating (4.2, L658: "The first
/// number on any Leader counter is his AP rating").
pub const LEADER_CAMPAIGN_VALUES: &[(&str, &str)] = &[
    (attribute::AP, "AP rating"),
    (attribute::WOUNDED_AP, "AP rating, wounded side"),
    (attribute::STARS, "Rank in stars"),
];

/// Every value a Leader's counter prints.
pub fn leader_values() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    LEADER_BATTLE_VALUES.iter().chain(LEADER_CAMPAIGN_VALUES)
}

/// The values a Troop unit's counter prints (2.2.2, L454-456).
const UNIT_VALUES: &[(&str, &str)] = &[
    (attribute::CF, "CF"),
    (attribute::MORALE, "Morale"),
    (attribute::REDUCED_CF, "CF, reduced side"),
    (attribute::REDUCED_MORALE, "Morale, reduced side"),
];

/// Short, as the roster editor's columns show them: the back of a Troop unit's counter is its
/// reduced side, of a Leader's his wounded side.
const VALUES: &[(&str, &str)] = &[
    (attribute::CF, "CF"),
    (attribute::MORALE, "Morale"),
    (attribute::REDUCED_CF, "Back CF"),
    (attribute::REDUCED_MORALE, "Back Morale"),
    (attribute::BATTLE, "Battle"),
    (attribute::REACTION, "Reaction"),
    (attribute::WOUNDED_BATTLE, "Wounded Battle"),
    (attribute::WOUNDED_REACTION, "Wounded Reaction"),
    (attribute::AP, "AP"),
    (attribute::WOUNDED_AP, "Wounded AP"),
    (attribute::STARS, "Stars"),
];

const COUNTER_RULE: &str = "2.2.1-2.2.2 Counters, L452-456";

const ENTRY_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Counter",
        kind: FieldKind::Choice(SIDES),
        rule: "§1.0, L378",
        help: "The side the counter belongs to.",
    },
    Field {
        id: "unit",
        label: "Counter",
        group: "Counter",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[],
            max_len: 60,
        },
        rule: COUNTER_RULE,
        help: "A Troop unit or a Leader on the record.",
    },
    Field {
        id: "value_of",
        label: "Value",
        group: "Counter",
        kind: FieldKind::Choice(VALUES),
        rule: COUNTER_RULE,
        help: "A Troop unit prints its CF and Morale on each side; a Leader his AP rating, Battle Ability and Reaction range on each side (a dot is 0), and his Rank in stars.",
    },
    Field {
        id: "value",
        label: "As printed",
        group: "Counter",
        kind: FieldKind::Text { max_len: 4 },
        rule: COUNTER_RULE,
        help: "A whole number 0 to 9; a CF may be ½ (a National Guard unit, L570), typed 1/2.",
    },
];

/// A printed value in halves: "6" is 12, "1/2" or "½" is 1.
pub fn halves(text: &str) -> Option<u32> {
    let text = text.trim();
    match text {
        "1/2" | "½" | "0.5" => Some(1),
        _ => text.parse::<u32>().ok().and_then(|n| n.checked_mul(2)),
    }
}

/// A CF as the forms write it, in halves: "6", "1/2", or "2 1/2".
pub fn parse_cf(text: &str) -> Option<u32> {
    halves(text).or_else(|| {
        let (whole, half) = text.trim().split_once(' ')?;
        (half == "1/2").then_some(whole.parse::<u32>().ok()?.checked_mul(2)?.checked_add(1)?)
    })
}

/// Halves written as the counters print them: 12 is "6", 1 is "1/2", 5 is "2 1/2".
pub fn halves_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "1/2".into(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole} 1/2"),
    }
}

/// Enters a value a counter prints (the roster editor's cells).
pub struct CounterValue;

fn checked_value(input: &Input, record: &Record) -> Result<String, InputError> {
    let (side, name) = (input.text("side"), input.text("unit").trim());
    let Some(unit) = record.unit(side, name) else {
        return Err(InputError::new(
            "unit",
            format!(
                "{name} is not a counter of the {} on the record",
                people(side)
            ),
        ));
    };
    let value_of = input.text("value_of");
    let is_leader = unit.attribute(attribute::TYPE) == Some("leader");
    let values: Vec<&(&str, &str)> = if is_leader {
        leader_values().collect()
    } else {
        UNIT_VALUES.iter().collect()
    };
    if unit.attribute(attribute::TYPE) == Some("formation")
        || !values.iter().any(|(id, _)| *id == value_of)
    {
        let what = if is_leader {
            "a Leader prints"
        } else {
            "a Troop unit prints"
        };
        return Err(InputError::new(
            "value_of",
            format!(
                "{name} prints no such value: {what} {}",
                values
                    .iter()
                    .map(|(_, label)| *label)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let value = input.text("value").trim();
    if value_of == attribute::STARS {
        return match value {
            "3" | "4" => Ok(value.to_string()),
            _ => Err(InputError::new(
                "value",
                "a Leader's Rank is 4 stars for a Senior Leader, 3 for the others (4.1.1, L646)",
            )),
        };
    }
    let cf = value_of == attribute::CF || value_of == attribute::REDUCED_CF;
    match halves(value) {
        Some(h) if h <= 18 && (cf || h % 2 == 0) => Ok(halves_text(h)),
        _ if cf => Err(InputError::new(
            "value",
            "a CF is a whole number 0 to 9, or 1/2",
        )),
        _ => Err(InputError::new(
            "value",
            "a whole number 0 to 9 (a dot on the counter is 0)",
        )),
    }
}

impl Procedure for CounterValue {
    fn about(&self) -> &About {
        &About {
            id: "counter-value",
            title: "Roster: a value a counter prints",
            rule: COUNTER_RULE,
            summary: "Enters or corrects a Troop unit's CF or Morale, or a Leader's AP rating, Battle Ability, Reaction range or Rank in stars, as the counter prints it.",
            fields: ENTRY_FIELDS,
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        checked_value(input, record).map(|_| ())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("unit").trim());
        let value_of = input.text("value_of");
        let value = halves(input.text("value"))
            .map(halves_text)
            .ok_or_else(|| InputError::new("value", "a value as the counter prints it"))?;
        let title = VALUES
            .iter()
            .find(|(id, _)| *id == value_of)
            .map_or(value_of, |(_, title)| title);
        Ok(Resolution::book_keeping(
            "counter-value",
            format!("{name}: {title} {value}"),
            vec![Effect::set_attribute(
                side,
                name,
                value_of,
                &value,
                "Entered from the counter",
            )],
        ))
    }
}

/// A Troop unit in play in no Formation: an un-brigaded unit or a National Guard garrison. It
/// holds its area and fights there on its own, as a Lead or Supporting (6.2.2b/d, L866-868),
/// always in Line of Battle (3.1.5, L524), its printed Morale of no effect (3.1.6, L526).
pub fn unbrigaded_troop(unit: &UnitRecord) -> bool {
    unit.state.as_ref() == state::IN_PLAY
        && matches!(
            unit.attribute(attribute::TYPE),
            Some("infantry" | "cavalry")
        )
        && unit
            .attribute(attribute::FORMATION)
            .is_none_or(str::is_empty)
}

/// A piece that holds its area and moves or fights as a force: a Formation's marker, or an
/// un-brigaded Troop unit.
pub fn formation_or_unbrigaded(unit: &UnitRecord) -> bool {
    unit.attribute(attribute::TYPE) == Some("formation") || unbrigaded_troop(unit)
}

/// A Troop unit's current CF in halves and printed Morale, by the face up; `None` where the
/// players have not entered it.
pub fn current(unit: &UnitRecord) -> (Option<u32>, Option<u32>) {
    let reduced = unit.attribute(attribute::FACE) == Some("reduced");
    let (cf, morale) = if reduced {
        (attribute::REDUCED_CF, attribute::REDUCED_MORALE)
    } else {
        (attribute::CF, attribute::MORALE)
    };
    (
        unit.attribute(cf).and_then(halves),
        unit.attribute(morale).and_then(halves).map(|h| h / 2),
    )
}

/// What the record panel shows beside a piece.
pub fn summary(unit: &UnitRecord) -> String {
    match unit.attribute(attribute::TYPE) {
        Some("card") => super::cards::summary(unit),
        Some("formation") => format!(
            "Formation, Morale {}, {}{}{}",
            unit.attribute(attribute::FORMATION_MORALE).unwrap_or("?"),
            mode_label(unit.attribute(attribute::MODE).unwrap_or("")),
            match unit.attribute(attribute::ROLE) {
                Some("lead") => ", Lead",
                Some("supporting") => ", Supporting",
                _ => "",
            },
            campaign_summary(unit)
        ),
        Some("leader") => format!(
            "Leader{}, Battle {}{}",
            match unit
                .attribute(attribute::FORMATION)
                .filter(|f| !f.is_empty())
            {
                Some(formation) => format!(" of {formation}"),
                None => String::new(),
            },
            unit.attribute(attribute::BATTLE).unwrap_or("?"),
            if unit.attribute(attribute::WOUNDED) == Some("yes") {
                ", wounded"
            } else {
                ""
            }
        ),
        Some(kind) => {
            let (cf, morale) = current(unit);
            format!(
                "{kind} {}, CF {}, Morale {}{}",
                unit.attribute(attribute::SIZE).unwrap_or(""),
                cf.map_or_else(|| "?".to_string(), halves_text),
                morale.map_or_else(|| "?".to_string(), |m| m.to_string()),
                match unit.attribute(attribute::BOX) {
                    Some("screen") => ", Cavalry Screen",
                    Some("charge") => ", Cavalry Charge",
                    _ => "",
                }
            )
        }
        None => String::new(),
    }
}

const KINDS: &[(&str, &str)] = &[("infantry", "Infantry"), ("cavalry", "Cavalry")];

const SIZES: &[(&str, &str)] = &[
    ("corps", "Corps (XXX, 4 steps)"),
    ("division", "Division (XX, 2 steps)"),
    ("national-guard", "National Guard (French)"),
];

const WHERE: &[(&str, &str)] = &[
    (state::IN_PLAY, "In a Formation"),
    (state::DIVISIONS_POOL, "In the Divisions Pool"),
];

const BOXES: &[(&str, &str)] = &[
    ("", "Formation box"),
    ("screen", "Cavalry Screen box"),
    ("charge", "Cavalry Charge box"),
];

const ADD_RULE: &str = "2.2.2 Troop Units, L454-456; 3.6 Unit Steps, L586-602";

const ADD_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Troop unit",
        kind: FieldKind::Choice(SIDES),
        rule: "§1.0, L378",
        help: "The side the unit belongs to.",
    },
    Field {
        id: "name",
        label: "Name",
        group: "Troop unit",
        kind: FieldKind::Text { max_len: 60 },
        rule: ADD_RULE,
        help: "As the counter shows it, e.g. \"Prussian 2CF Inf Division\".",
    },
    Field {
        id: "where",
        label: "Where it is",
        group: "Troop unit",
        kind: FieldKind::Choice(WHERE),
        rule: "3.6.5, L598-602; 27.1.1, L2190",
        help: "In the Combat Game every unused Division is in the Divisions Pool, available to replace a Corps (L2190).",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Troop unit",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation")],
            max_len: 60,
        },
        rule: "5.1 Formations, L748-768",
        help: "The Formation it is brigaded to; none for a Division in the Pool.",
    },
    Field {
        id: "box",
        label: "Box",
        group: "Troop unit",
        kind: FieldKind::Choice(BOXES),
        rule: "6.2.2, L863-868; 3.2, L528-543",
        help: "Its place beside the Formation on the Battle Display.",
    },
    Field {
        id: "nation",
        label: "Nation",
        group: "Troop unit",
        kind: FieldKind::Text { max_len: 20 },
        rule: "5.4 Nationalities and Formations, L820-830",
        help: "french, british, prussian, russian, austrian, spanish, or a Minor Ally (hanover, kgl, dutch-belgian...).",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Troop unit",
        kind: FieldKind::Choice(KINDS),
        rule: "3.1.1, L516",
        help: "Infantry or cavalry.",
    },
    Field {
        id: "size",
        label: "Size",
        group: "Troop unit",
        kind: FieldKind::Choice(SIZES),
        rule: "3.6.3, L592; 3.4.4, L570",
        help: "Corps, Division, or a French National Guard unit.",
    },
    Field::flag(
        "guard",
        "A Guards unit",
        "Troop unit",
        "3.3 Guards, L545-556",
        "Guards units carry the Guards Assault card's first loss.",
    ),
    Field {
        id: "cf",
        label: "CF",
        group: "Counter",
        kind: FieldKind::Text { max_len: 4 },
        rule: COUNTER_RULE,
        help: "The full side's CF: a whole number, or 1/2.",
    },
    Field {
        id: "morale",
        label: "Morale",
        group: "Counter",
        kind: FieldKind::Text { max_len: 4 },
        rule: COUNTER_RULE,
        help: "The full side's Morale; leave it blank for a National Guard unit, which prints none (L456).",
    },
    Field {
        id: "reduced_cf",
        label: "CF, reduced side",
        group: "Counter",
        kind: FieldKind::Text { max_len: 4 },
        rule: COUNTER_RULE,
        help: "Blank if not known yet.",
    },
    Field {
        id: "reduced_morale",
        label: "Morale, reduced side",
        group: "Counter",
        kind: FieldKind::Text { max_len: 4 },
        rule: COUNTER_RULE,
        help: "Blank if not known yet.",
    },
];

/// Puts a Troop unit on the record from its counter: a Division for the Divisions Pool, or a
/// unit the scenario's listings leave out.
pub struct AddUnit;

impl Procedure for AddUnit {
    fn about(&self) -> &About {
        &About {
            id: "add-unit",
            title: "Add a Troop unit from its counter",
            rule: ADD_RULE,
            summary: "Puts a Troop unit on the record with its type, size, nation and the values its counter prints: a Division for the Divisions Pool, or a unit brigaded to a Formation.",
            fields: ADD_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let name = input.text("name").trim();
        if name.is_empty() || name.contains([';', ':']) {
            return Err(InputError::new(
                "name",
                "name the unit as its counter does, without ; or :",
            ));
        }
        if input.text("where") == state::IN_PLAY && input.text("formation").trim().is_empty() {
            return Err(InputError::new(
                "formation",
                "name the Formation it is brigaded to",
            ));
        }
        if input.text("nation").trim().is_empty() {
            return Err(InputError::new("nation", "give the unit's nation"));
        }
        for (id, cf) in [
            ("cf", true),
            ("morale", false),
            ("reduced_cf", true),
            ("reduced_morale", false),
        ] {
            let value = input.text(id).trim();
            let required = id == "cf" || (id == "morale" && input.text("size") != "national-guard");
            if value.is_empty() && !required {
                continue;
            }
            match halves(value) {
                Some(h) if h <= 18 && (cf || h % 2 == 0) => {}
                _ => {
                    return Err(InputError::new(
                        id,
                        "a whole number 0 to 9 as the counter prints it (a CF may be 1/2)",
                    ));
                }
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, name) = (input.text("side"), input.text("name").trim());
        if record.unit(side, name).is_some() {
            return Err(InputError::new(
                "name",
                format!("{name} of the {} is already on the record", people(side)),
            ));
        }
        let formation = input.text("formation").trim();
        if input.text("where") == state::IN_PLAY
            && record
                .unit(side, formation)
                .and_then(|u| u.attribute(attribute::TYPE))
                != Some("formation")
        {
            return Err(InputError::new(
                "formation",
                format!("{formation} is not a Formation of the {}", people(side)),
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
        let (side, name) = (input.text("side"), input.text("name").trim());
        let in_play = input.text("where") == state::IN_PLAY;
        let set = |attribute: &str, value: &str| {
            Effect::set_attribute(side, name, attribute, value, ADD_RULE)
        };
        let printed = |id: &str| {
            let value = input.text(id).trim();
            halves(value).map_or_else(|| NOT_ENTERED.to_string(), halves_text)
        };
        // A 1 CF National Guard unit's reduced side is the ½ CF (3.4.4, L570).
        let guard_of_one =
            input.text("size") == "national-guard" && halves(input.text("cf")) == Some(2);
        let reduced_cf = if guard_of_one && input.text("reduced_cf").trim().is_empty() {
            halves_text(1)
        } else {
            printed("reduced_cf")
        };
        let mut effects = vec![
            Effect::set_state(side, name, input.text("where"), ADD_RULE),
            set(attribute::TYPE, input.text("type")),
            set(attribute::SIZE, input.text("size")),
            set(
                attribute::NATION,
                &input.text("nation").trim().to_lowercase(),
            ),
            set(
                attribute::FORMATION,
                if in_play {
                    input.text("formation").trim()
                } else {
                    ""
                },
            ),
            set(attribute::BOX, if in_play { input.text("box") } else { "" }),
            set(attribute::FACE, "full"),
            set(attribute::CF, &printed("cf")),
            set(attribute::REDUCED_CF, &reduced_cf),
            set(attribute::REDUCED_MORALE, &printed("reduced_morale")),
        ];
        if input.text("size") != "national-guard" {
            effects.push(set(attribute::MORALE, &printed("morale")));
        }
        if input.flag("guard") {
            effects.push(set(attribute::GUARD, "yes"));
        }
        Ok(Resolution::book_keeping(
            "add-unit",
            format!("{name} added"),
            effects,
        ))
    }
}
