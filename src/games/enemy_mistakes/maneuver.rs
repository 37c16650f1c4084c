//! 3.3 Maneuver (L835-853): in the order of Initiative, each Formation in movement (green marker)
//! may Advance, Fall Back 1 or Charge, once. The procedure works out the greatest distance in Units
//! of Measurement: the front width gives the Advance and Charge number (L389-392), Light Cavalry
//! adds 1 (L795), and the terrain crossed, even partially, limits or reduces it (L602-630).
//!
//! A Fall Back fastens the Horse Teams of the Formation's Artillery (L803); Artillery crossing a
//! Torrent becomes Shaken (L626). A Charge takes the green marker off the charged Formation, and the
//! markers in its General's box of the Command Table are lost (L815).
//!
//! Readings taken:
//! - Light Cavalry's +1 applies to an Advance as printed (L795), or also to a Charge (L532): setting
//!   `light_cavalry_bonus` (digest §7.10). Horse Artillery in the Formation does not take it away
//!   (L532).
//! - A Town counts as 1 UoM already moved (L610): a reduction of 1, like a Sunken road or a Torrent.
//!   The reductions come off after the Wood and Farm field limits, or before them: setting
//!   `terrain_reductions`. A maneuver left with no distance cannot be executed.
//! - The Road (L618) lifts the Wood, Farm field, Town, Sunken road and Torrent limits for a
//!   Formation of front width 1 that starts in contact with it and stays on it; a Torrent still
//!   shakes its Artillery, which is not a limit on the distance.
//! - A Formation that paid to move out of sequence (L833) may execute "any maneuver" without a
//!   green marker; the app takes the whole Formation, as the players name it.
//! - The Formation that maneuvered keeps the maneuver on the record until the End of Turn,
//!   both to refuse a second one and for the Horse Teams (L869).

use super::charge;
use super::command::OUT_OF_SEQUENCE;
use super::forms::{ARTILLERY_ON_BATTLEFIELD, FORMATIONS, artillery, check_enemies, given};
use super::options::{self, LIGHT_CAVALRY_BONUS, TERRAIN_REDUCTIONS};
use super::roster::{self, attribute, kind};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;

const RULE: &str = "3.3 Maneuver, L835-853";
const ONE_MANEUVER: &str = "3.3 Maneuver, L837";
const FRONT_WIDTH_RULE: &str = "Front width, L387-398";
const TORRENT_RULE: &str = "Torrent, L626";

/// Whose number the modifiers change.
const DISTANCE: &str = "Distance";

const MANEUVERS: &[(&str, &str)] = &[
    ("advance", "Advance"),
    ("fall_back", "Fall Back 1"),
    ("charge", "Charge"),
];

/// The Advance and Charge number by front width 1, 2, 3, and 4 or more (L389-392).
const BY_FRONT_WIDTH: [i32; 4] = [4, 3, 2, 1];

/// A Fall Back maneuver moves 1 (L837, L851).
const FALL_BACK: i32 = 1;

/// Only a Formation this wide may cross a Bridge (L630) or ride a Road (L618).
const SINGLE_FILE: i32 = 1;

/// The terrain that limits a maneuver across it, even partially: (field, label, most UoM, rule).
const LIMITS: &[(&str, &str, i32, &str)] = &[
    ("wood", "Wood", 1, "Wood, L602"),
    ("farm_field", "Farm field", 2, "Farm field, L606"),
];

/// The terrain that reduces a maneuver across it, even partially: (field, label, UoM, rule).
const REDUCTIONS: &[(&str, &str, i32, &str)] = &[
    (
        "town",
        "Town: as if it had already moved 1",
        1,
        "Town, L610",
    ),
    ("sunken_road", "Sunken road", 1, "Sunken road, L622"),
    ("torrent", "Torrent", 1, TORRENT_RULE),
];

const fn terrain(
    id: &'static str,
    label: &'static str,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: "Terrain crossed, even partially",
        kind: FieldKind::Flag,
        rule,
        help,
    }
}

const ARTILLERY_TEAMS: FieldKind = FieldKind::Units {
    of: UnitOf::Side("side"),
    only: ARTILLERY_ON_BATTLEFIELD,
};

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Formation",
        kind: FieldKind::Choice(SIDES),
        rule: ONE_MANEUVER,
        help: "Armies maneuver in the order of Initiative.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Formation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[
                (attribute::KIND, kind::FORMATION),
                (attribute::GREEN, "yes"),
            ],
            max_len: 40,
        },
        rule: "3.3 Maneuver, L837; green markers, L548; orange markers, L552",
        help: "A Formation in movement (green marker) without an orange marker. It executes one maneuver a turn; all its Units act alike, or it splits.",
    },
    Field {
        id: "maneuver",
        label: "Maneuver",
        group: "Formation",
        kind: FieldKind::Choice(MANEUVERS),
        rule: "Advance, L789-797; Fall Back, L799-805; Charge, L807-815",
        help: "Advance in the direction of the front, stopping at an enemy area of engagement; Fall Back 1 straight back; Charge into contact with the enemy.",
    },
    Field {
        id: "front_width",
        label: "Front width (Units)",
        group: "Formation",
        kind: FieldKind::Number { min: 1, max: 30 },
        rule: FRONT_WIDTH_RULE,
        help: "The Units adjacent and in contact along the front; an Artillery counter counts as 1 (L394), and Formations of different Army Corps in contact count together (L398). Depth does not count. 1 wide: Advance/Charge 4; 2: 3; 3: 2; 4 or more: 1.",
    },
    Field {
        id: "light_cavalry_only",
        label: "Only Light Cavalry",
        group: "Formation",
        kind: FieldKind::Flag,
        rule: "Advance, L795; Horse Artillery, L532",
        help: "+1 UoM to an Advance (and to a Charge, if the setting says so). Horse Artillery in the Formation does not take it away. Filled in from the record.",
    },
    terrain(
        "wood",
        "A Wood",
        "Wood, L602",
        "The maneuver cannot surpass 1 UoM.",
    ),
    terrain(
        "farm_field",
        "A Farm field",
        "Farm field, L606",
        "The maneuver cannot surpass 2 UoM.",
    ),
    terrain(
        "town",
        "A Town",
        "Town, L610",
        "Its Units are treated as if they had already moved 1 UoM.",
    ),
    terrain(
        "sunken_road",
        "A Sunken road",
        "Sunken road, L622",
        "The maneuver is reduced by 1 UoM.",
    ),
    terrain(
        "torrent",
        "A Torrent",
        TORRENT_RULE,
        "The maneuver is reduced by 1 UoM; its Artillery Units become Shaken (1 yellow marker). Units charging across it have -1 in melee.",
    ),
    terrain(
        "bridge",
        "A Bridge",
        "Bridge, L630",
        "Only a Formation of front width 1 may maneuver across a Bridge. Charging across it, its Units are temporarily Shaken and cannot give support.",
    ),
    terrain(
        "road",
        "Starts in contact with a Road and stays on it",
        "Road, L618",
        "A Formation of front width 1: no other terrain limits it but the Bridge while it stays on the Road.",
    ),
    Field {
        id: "artillery",
        label: "Its Artillery Units",
        group: "Artillery",
        kind: ARTILLERY_TEAMS,
        rule: TORRENT_RULE,
        help: "Across a Torrent each receives a yellow marker. Filled in from the record.",
    },
    Field {
        id: "unfastened",
        label: "Of them, unfastened from the Horse Team",
        group: "Artillery",
        kind: ARTILLERY_TEAMS,
        rule: "Fall Back, L803",
        help: "A Fall Back fastens their Horse Teams. Filled in from the record.",
    },
    charge::FIELDS[0],
    charge::FIELDS[1],
    charge::FIELDS[2],
    Field {
        id: "charged_engaged",
        label: "The charged Formation already has Units in contact with enemy Units",
        group: "Charge",
        kind: FieldKind::Flag,
        rule: "Charge, L813",
        help: "Then its Units cannot be Charged.",
    },
    Field {
        id: "prussians_deployed",
        label: "Prussian Units are deployed",
        group: "Situation",
        kind: FieldKind::Flag,
        rule: "Maneuver limit, L582",
        help: "Until then the French cannot maneuver to the right of the board's fold. Filled in from the record.",
    },
    options::on_form(LIGHT_CAVALRY_BONUS),
    options::on_form(TERRAIN_REDUCTIONS),
];

/// The greatest distance, step by step: the number and its changes, the limits applied, the total.
struct Distance {
    modifiers: Vec<Modifier>,
    limits: Vec<AppliedLimit>,
    total: i32,
}

fn label(maneuver: &str) -> &'static str {
    MANEUVERS
        .iter()
        .find(|(id, _)| *id == maneuver)
        .map_or("Maneuver", |(_, label)| label)
}

fn distance(input: &Input) -> Distance {
    let maneuver = input.text("maneuver");
    let mut modifiers = Vec::new();
    if maneuver == "fall_back" {
        modifiers.push(Modifier::new(
            DISTANCE,
            "Fall Back 1",
            FALL_BACK,
            "3.3 Maneuver, L837; Fall Back 1, L851",
        ));
    } else {
        let width = input.number("front_width").max(1);
        // Every width from the last one on ("4 or more") reads the last number.
        let [.., widest] = BY_FRONT_WIDTH;
        let number = usize::try_from(width - 1)
            .ok()
            .and_then(|index| BY_FRONT_WIDTH.get(index).copied())
            .unwrap_or(widest);
        modifiers.push(Modifier::new(
            DISTANCE,
            format!("Front width {width}: {} {number}", label(maneuver)),
            number,
            FRONT_WIDTH_RULE,
        ));
        let charge_too = input.text(LIGHT_CAVALRY_BONUS.id) == "advance_and_charge";
        if input.flag("light_cavalry_only") && (maneuver == "advance" || charge_too) {
            let rule = if maneuver == "advance" {
                "Advance, L795"
            } else {
                "Advance, L795; L532 (setting)"
            };
            modifiers.push(Modifier::new(DISTANCE, "Only Light Cavalry", 1, rule));
        }
    }
    let mut limits = Vec::new();
    let mut total: i32 = modifiers.iter().map(|m| m.value).sum();
    if input.flag("road") {
        limits.push(AppliedLimit {
            description:
                "On a Road from the start, front width 1: no other terrain limits it but the Bridge"
                    .into(),
            rule: "Road, L618".into(),
        });
        return Distance {
            modifiers,
            limits,
            total,
        };
    }
    let reductions: Vec<Modifier> = REDUCTIONS
        .iter()
        .filter(|(field, ..)| input.flag(field))
        .map(|(_, label, by, rule)| Modifier::new(DISTANCE, *label, -by, rule))
        .collect();
    let reduced_by: i32 = reductions.iter().map(|m| m.value).sum();
    let before_limits = input.text(TERRAIN_REDUCTIONS.id) == "before_limits";
    if before_limits {
        total += reduced_by;
        modifiers.extend(reductions.iter().cloned());
    }
    // A limit is shown as what it takes off, in its place, so the steps add up to the distance.
    for (field, terrain, most, rule) in LIMITS {
        if input.flag(field) && total > *most {
            modifiers.push(Modifier::new(
                DISTANCE,
                format!(
                    "{terrain}: the maneuver cannot surpass {most} UoM ({total} becomes {most})"
                ),
                most - total,
                rule,
            ));
            total = *most;
        }
    }
    if !before_limits {
        total += reduced_by;
        modifiers.extend(reductions);
    }
    if total < 0 {
        limits.push(AppliedLimit {
            description: "No distance is left: the Formation cannot execute this maneuver".into(),
            rule: "Terrain, L602-626".into(),
        });
        total = 0;
    }
    Distance {
        modifiers,
        limits,
        total,
    }
}

/// What the maneuver does to the record and on the table, once the Formation can move.
fn effects(input: &Input) -> Vec<Effect> {
    let side = input.text("side");
    let formation = input.text("formation").trim();
    let maneuver = input.text("maneuver");
    let mut effects = vec![Effect::set_attribute(
        side,
        formation,
        attribute::MANEUVER,
        label(maneuver),
        ONE_MANEUVER,
    )];
    match maneuver {
        "advance" => effects.push(Effect::reminder(
            "It stops on meeting an enemy area of engagement",
            "Advance, L797; engagement, L883",
        )),
        "fall_back" => {
            for unit in input.list("unfastened") {
                effects.extend(roster::fasten_horse_team(side, unit, "Fall Back, L803"));
            }
            effects.push(Effect::reminder(
                "A Unit that cannot Fall Back suffers 1 Loss instead",
                "Fall Back, L805",
            ));
        }
        _ => effects.extend(charge_effects(input)),
    }
    if input.flag("torrent") {
        for unit in input.list("artillery") {
            effects.push(Effect::add_to(
                side,
                unit,
                attribute::YELLOW,
                1,
                TORRENT_RULE,
            ));
            effects.push(Effect::cap(
                side,
                unit,
                attribute::YELLOW,
                roster::ROUTED_YELLOW,
                "Routed, L787",
            ));
        }
    }
    if side == "french" && !input.flag("prussians_deployed") {
        effects.push(Effect::reminder(
            "No French Unit maneuvers to the right of the board's fold until Prussian Units are deployed",
            "Maneuver limit, L582",
        ));
    }
    effects
}

/// What a Charge does besides: to the Formation charged (L815), and across a Bridge or Torrent.
fn charge_effects(input: &Input) -> Vec<Effect> {
    let mut effects = vec![Effect::reminder(
        "It must contact the enemy Unit whose area of engagement it occupied first",
        "Charge, L811",
    )];
    effects.extend(charge::effects(input));
    if input.flag("bridge") {
        effects.push(Effect::reminder(
            "Its Units are temporarily Shaken (no yellow marker) and cannot give support in the combat that follows",
            "Bridge, L630",
        ));
    }
    if input.flag("torrent") {
        effects.push(Effect::reminder(
            "-1 in melee to its Units that crossed the Torrent",
            TORRENT_RULE,
        ));
    }
    effects
}

pub struct Maneuver;

impl Maneuver {
    /// The Formation's Units are Light Cavalry, or Horse Artillery with Light Cavalry (L532, L795).
    fn light_cavalry_only(record: &Record, side: &str, formation: &str) -> bool {
        let types: Vec<&str> = roster::formation_units(record, side, formation)
            .filter_map(|(_, unit)| unit.attribute(attribute::TYPE))
            .collect();
        types.contains(&"light_cavalry")
            && types
                .iter()
                .all(|t| matches!(*t, "light_cavalry" | "horse_artillery"))
    }
}

impl Procedure for Maneuver {
    fn about(&self) -> &About {
        &About {
            id: "maneuver",
            title: "Maneuver a Formation",
            rule: RULE,
            summary: "Works out how far a Formation in movement may Advance, Fall Back 1 or Charge, from its front width and the terrain it crosses. A Fall Back fastens its Artillery's Horse Teams; a Charge takes the charged Formation's green marker and its General's markers.",
            fields: FIELDS,
        }
    }
    /// The Formation charged matters only to a Charge.
    fn shows(&self, field: &str, input: &Input) -> bool {
        input.text("maneuver") == "charge"
            || !["enemy", "charged", "charged_general", "charged_engaged"].contains(&field)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &LIGHT_CAVALRY_BONUS);
        prefill_setting(input, record, &TERRAIN_REDUCTIONS);
        input.set(
            "prussians_deployed",
            Value::Flag(roster::army_in_play(record, "prussian")),
        );
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        match changed {
            "side" => {
                self.follow("maneuver", input, record);
                self.follow("formation", input, record);
            }
            // The army charged is asked only for a Charge.
            "maneuver" if input.text("maneuver") == "charge" => charge::set_enemy(input, record),
            "formation" => {
                let formation = input.text("formation").trim().to_string();
                let artillery: Vec<_> = roster::formation_units(record, &side, &formation)
                    .filter(|(_, unit)| roster::is_artillery(unit))
                    .collect();
                let unfastened = artillery
                    .iter()
                    .filter(|(_, unit)| {
                        unit.attribute(attribute::HORSE_TEAM) != Some(roster::horse_team::FASTENED)
                    })
                    .map(|(name, _)| (*name).into())
                    .collect();
                let artillery = artillery.iter().map(|(name, _)| (*name).into()).collect();
                input.set("artillery", Value::List(artillery));
                input.set("unfastened", Value::List(unfastened));
                input.set(
                    "light_cavalry_only",
                    Value::Flag(Self::light_cavalry_only(record, &side, &formation)),
                );
            }
            _ => charge::follow(changed, input, record),
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if given(input.text("formation")).is_none() {
            return Err(InputError::new("formation", "name the Formation"));
        }
        let width = input.number("front_width");
        for (field, what, rule) in [
            ("bridge", "maneuver across a Bridge", "Bridge, L630"),
            ("road", "ride a Road clear of the terrain", "Road, L618"),
        ] {
            if input.flag(field) && width != SINGLE_FILE {
                return Err(InputError::new(
                    field,
                    format!(
                        "only a Formation of front width {SINGLE_FILE} may {what} ({rule}); this one is {width} wide"
                    ),
                ));
            }
        }
        if input.text("maneuver") == "charge" {
            check_enemies(input, "side", "enemy")?;
            if input.flag("charged_engaged") {
                return Err(InputError::new(
                    "charged_engaged",
                    "Units cannot Charge enemy Units of a Formation which already has Units in contact with enemy Units (L813)",
                ));
            }
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let formation = record
            .unit(side, name)
            .filter(|f| f.matches(FORMATIONS) && roster::is_on_battlefield(f))
            .ok_or_else(|| {
                InputError::new(
                    "formation",
                    format!(
                        "{name} is not a Formation of {} on the battlefield: make it with the Formation procedure",
                        army_label(side)
                    ),
                )
            })?;
        let refuse = |why: String| Err(InputError::new("formation", why));
        if roster::number(formation, attribute::ORANGE) > 0 {
            return refuse(format!(
                "{name} has an orange marker: it is in Recovery and cannot maneuver (L552)"
            ));
        }
        let out_of_sequence = formation.attribute(attribute::ORDER) == Some(OUT_OF_SEQUENCE);
        if formation.attribute(attribute::GREEN) != Some("yes") && !out_of_sequence {
            return refuse(format!(
                "{name} is not in movement: only Formations with a green marker maneuver (L548, L837), or those that paid to move out of sequence (L833)"
            ));
        }
        if let Some(done) = formation.attribute(attribute::MANEUVER) {
            return refuse(format!(
                "{name} has executed its maneuver this turn ({done}): one per Formation (L837, L849)"
            ));
        }
        let units: Vec<_> = roster::formation_units(record, side, name).collect();
        let artillery_only =
            !units.is_empty() && units.iter().all(|(_, u)| roster::is_artillery(u));
        if input.text("maneuver") == "charge" && artillery_only {
            return Err(InputError::new(
                "maneuver",
                format!(
                    "{name} has only Artillery: Artillery not in Formation with Infantry or Cavalry cannot Charge (L853)"
                ),
            ));
        }
        if input.flag("light_cavalry_only")
            && !units.is_empty()
            && !Self::light_cavalry_only(record, side, name)
        {
            return Err(InputError::new(
                "light_cavalry_only",
                format!(
                    "{name} has Units other than Light Cavalry and Horse Artillery on the record (L795, L532)"
                ),
            ));
        }
        for field in ["artillery", "unfastened"] {
            for unit in input.list(field) {
                artillery(record, side, unit, field)?;
            }
        }
        if input.text("maneuver") == "charge" {
            charge::check_record(input, record)?;
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        distance(input).modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let formation = input.text("formation").trim();
        let maneuver = input.text("maneuver");
        let Distance {
            modifiers,
            limits,
            total,
        } = distance(input);
        let (headline, effects) = if total > 0 {
            let reach = if maneuver == "fall_back" {
                format!("Fall Back {total} UoM")
            } else {
                format!("{} up to {total} UoM", label(maneuver))
            };
            (format!("{formation}: {reach}"), effects(input))
        } else {
            (
                format!(
                    "{formation} cannot {}: the terrain leaves it no distance",
                    label(maneuver)
                ),
                Vec::new(),
            )
        };
        Ok(Resolution {
            modifiers,
            totals: vec![SideTotal {
                side: DISTANCE.into(),
                die: None,
                modifiers: total,
                total,
            }],
            limits,
            cell: None,
            outcome: Outcome {
                key: format!("{maneuver} {total}"),
                rank: -total,
                headline,
            },
            effects,
        })
    }
}
