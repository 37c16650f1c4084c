//! Step E of a combat, the Result of Combat (L979-1000): each army rolls 1 die per Formation that
//! took part and keeps one; the higher final result subtracts the lower (the current player's on a
//! draw). Half the difference, rounded up, is a Fall Back for the Formations of one side; then every
//! Formation that took part, of both sides, receives 2 orange markers (L934, L996).
//!
//! Readings taken:
//! - Which side falls back is the Result setting (digest §3.17). As printed (R1), the side with the
//!   higher result falls back, and the +3/+2/+1 count its own Units that were shaken or withdrew.
//!   Read the other way (R2), the side with the lower result falls back, and those modifiers count
//!   the enemy's Units, so that they go to the other army's result.
//! - Each player keeps the die that serves him under the reading: the lowest when the higher result
//!   falls back, the highest otherwise.
//! - Every modifier works for or against its own side as the rulebook means it, under either
//!   reading: under R1 the lower result is the better one, so what helps a side is subtracted from
//!   its result and what hurts it is added; under R2 the reverse. The printed signs do not all fit
//!   one reading (the +3/+2/+1 for a side's own disorder fit R1; a Town's bonus added with its sign
//!   and a penalty class's -1 fit R2), so each line is oriented by its intent:
//!   - the attached General's rank, "as the player wants" (L985): the player takes the sign that
//!     serves him, subtracted under R1 and added under R2;
//!   - "± the terrain modifier" (L986) is the modifier the Unit used in the melee, with its own sign
//!     (L1010): a Town's +2 helps its side, a Wood's -1 for Cavalry hurts it. Under R1 it is
//!     subtracted with its sign, as the Pursuit subtracts it (L977), where a higher result also
//!     takes the Units out of their ground; under R2 it is added, as in the melee. A Town's
//!     defenders thus fall back less, or not at all, under either reading;
//!   - the 1 for a class that took part (L987, L1197; sign and icon lost, digest §0.1-0.2) takes
//!     the sign setting's sign as printed, under R1, and the other one under R2. By default it is
//!     -1, as the text reads every unsigned modifier (digest §0.1): it then steadies its side (it
//!     falls back less under either reading), and the class setting names the Guard; set to +1, it
//!     pushes the side back, as a penalty for one of the lowest classes;
//!   - the +3/+2/+1 (L988-990) always count against the side whose Units were shaken or withdrew,
//!     as the first reading above says.
//! - "The rank of the attached General" is one General's: the highest-ranked attached to the army's
//!   Formations that took part. A Commander in Chief counts 4 here (L985), not his five stars (L331).
//! - On a draw the side that falls back 0 is the current player's under R1, the other under R2;
//!   whether it still loses 1 Unit's Loss per Formation is the draw setting (digest §7.3).
//! - The 2 orange markers go once per combat: L934 and L996 state the same event. An orange marker
//!   takes the green one away (L552).
//! - "Artillery Units that participated in the combat" (L998) are those of the Formations that took
//!   part: L934 makes a Formation a participant as a whole, even in support. The side that falls
//!   back fastens them anyway (L803).
//! - The form takes each side's facts before the dice say which side falls back: the Unit of each
//!   Formation that would suffer its Loss (L994) is the player's choice made in advance. Whether a
//!   Unit cannot Fall Back, and so suffers 1 Loss instead (L805), is known only on the table: it
//!   stays a reminder.
//! - The rulebook sets no limit to the Formations of a side (L981); the form takes 3 a side, since
//!   the odds try every face of every die.
//!
//! The Formations named receive their orange markers on the record. Their Units, filled in from the
//! record with what it knows of them (yellow markers, unfastened Horse Teams, the Losses they can
//! still sustain), receive their yellow markers, Loss tokens and Horse Teams there; a Unit whose
//! capacity reaches zero is eliminated (L916, L672).

use super::forms::{
    self, ENEMY_SIDES, FORMATIONS, GENERAL_RANKS, Named, UNITS_ON_BATTLEFIELD, check_enemies,
    check_filled, check_formations, check_unit, join,
};
use super::roster::{self, attribute, horse_team, kind, state};
use super::{SIDES, army_label, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;

const ATTACKER: &str = "Attacker";
const DEFENDER: &str = "Defender";
const RULE: &str = "Result of Combat, L994";

/// The most Formations of one army the form takes: each rolls a die, and the odds enumerate them all.
const MAX_FORMATIONS: i32 = 3;

/// A Commander in Chief's rank in the Result of Combat (L985).
const COMMANDER_RANK: i32 = 4;

/// A Fall Back this long also shakes every Unit of the Formations (L994).
const SHAKEN_FROM: i32 = 4;

/// The Units the record shows Shaken, offered for the list of those already Shaken.
const SHAKEN_UNITS: &[(&str, &str)] = &[
    (attribute::KIND, kind::UNIT),
    (attribute::YELLOW, "1"),
    ("state", state::ON_BATTLEFIELD),
];

/// The Artillery Units the record shows unfastened, offered for the list of those that fasten.
const UNFASTENED_ARTILLERY: &[(&str, &str)] = &[
    (attribute::KIND, kind::UNIT),
    (attribute::HORSE_TEAM, horse_team::UNFASTENED),
    ("state", state::ON_BATTLEFIELD),
];

/// The ids of one side's fields.
struct Ids {
    role: &'static str,
    army: &'static str,
    armies: &'static [(&'static str, &'static str)],
    formations: &'static str,
    names: &'static str,
    general: &'static str,
    terrain: &'static str,
    class_took_part: &'static str,
    routed: &'static str,
    shaken: &'static str,
    withdrew: &'static str,
    /// Its dice on the dice list, by Formation.
    dice: [&'static str; MAX_FORMATIONS as usize],
    /// The group of its Units' fields, and those fields.
    units_group: &'static str,
    units: &'static str,
    loss_units: &'static str,
    shaken_units: &'static str,
    artillery: &'static str,
    one_left: &'static str,
    two_left: &'static str,
}

const ATTACKER_IDS: Ids = Ids {
    role: ATTACKER,
    army: "side",
    armies: SIDES,
    formations: "attacker_formations",
    names: "attacker_formation_names",
    general: "attacker_general",
    terrain: "attacker_terrain",
    class_took_part: "attacker_class_took_part",
    routed: "attacker_two_yellow",
    shaken: "attacker_one_yellow",
    withdrew: "attacker_withdrew",
    dice: ["Attacker die 1", "Attacker die 2", "Attacker die 3"],
    units_group: "Attacker's Units",
    units: "attacker_units",
    loss_units: "attacker_loss_units",
    shaken_units: "attacker_shaken_units",
    artillery: "attacker_artillery",
    one_left: "attacker_one_loss_left",
    two_left: "attacker_two_losses_left",
};

const DEFENDER_IDS: Ids = Ids {
    role: DEFENDER,
    army: "enemy_side",
    armies: ENEMY_SIDES,
    formations: "defender_formations",
    names: "defender_formation_names",
    general: "defender_general",
    terrain: "defender_terrain",
    class_took_part: "defender_class_took_part",
    routed: "defender_two_yellow",
    shaken: "defender_one_yellow",
    withdrew: "defender_withdrew",
    dice: ["Defender die 1", "Defender die 2", "Defender die 3"],
    units_group: "Defender's Units",
    units: "defender_units",
    loss_units: "defender_loss_units",
    shaken_units: "defender_shaken_units",
    artillery: "defender_artillery",
    one_left: "defender_one_loss_left",
    two_left: "defender_two_losses_left",
};

/// The Units of one side's Formations, with what the record knows of them.
const fn unit_fields(ids: &Ids) -> [Field; 6] {
    let group = ids.units_group;
    [
        Field {
            id: ids.units,
            label: "The Units of those Formations",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: UNITS_ON_BATTLEFIELD,
            },
            rule: "Result of Combat, L994",
            help: "Filled in from the record once the Formations are named. A Fall Back of 4 or more shakes them all: 1 yellow marker, or 1 Loss for a Unit that has one already.",
        },
        Field {
            id: ids.loss_units,
            label: "If this side falls back, the Unit of each Formation that suffers its Loss",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: UNITS_ON_BATTLEFIELD,
            },
            rule: "Result of Combat, L994",
            help: "1 Unit per Formation, chosen by its player; one for each Formation, or none to place the Losses by hand.",
        },
        Field {
            id: ids.shaken_units,
            label: "Of their Units, those already Shaken",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: SHAKEN_UNITS,
            },
            rule: "Result of Combat, L994",
            help: "With a yellow marker: a Fall Back of 4 or more costs them 1 Loss instead of a marker. Filled in from the record.",
        },
        Field {
            id: ids.artillery,
            label: "Of their Units, the unfastened Artillery",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: UNFASTENED_ARTILLERY,
            },
            rule: "Result of Combat, L998; Fall Back, L803",
            help: "They fasten their Horse Teams. Filled in from the record.",
        },
        Field {
            id: ids.one_left,
            label: "Of their Units, those that can sustain only 1 more Loss",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: UNITS_ON_BATTLEFIELD,
            },
            rule: "Units, L463; Suffer Damages, L916",
            help: "A Loss eliminates them. Filled in from the record.",
        },
        Field {
            id: ids.two_left,
            label: "Of their Units, those that can sustain only 2 more Losses",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: UNITS_ON_BATTLEFIELD,
            },
            rule: "Units, L463; Suffer Damages, L916",
            help: "Two Losses eliminate them: the Unit chosen for its Formation's Loss, already Shaken, in a Fall Back of 4 or more. Filled in from the record.",
        },
    ]
}

const fn side_fields(ids: &Ids) -> [Field; 9] {
    let group = ids.role;
    [
        Field {
            id: ids.army,
            label: "Army",
            group,
            kind: FieldKind::Choice(ids.armies),
            rule: "Combat, L920; the armies, L321",
            help: "The attacker's army is the one whose Formation IN MOVEMENT started the combat.",
        },
        Field {
            id: ids.formations,
            label: "Formations that took part",
            group,
            kind: FieldKind::Number {
                min: 1,
                max: MAX_FORMATIONS,
            },
            rule: "Result of Combat, L981",
            help: "Supporting ones included (L934). One die each; the player keeps one. The rulebook sets no limit; this form takes 3.",
        },
        Field {
            id: ids.names,
            label: "Those Formations, if on the record",
            group,
            kind: FieldKind::Units {
                of: UnitOf::Side(ids.army),
                only: FORMATIONS,
            },
            rule: "Result of Combat, L996",
            help: "Named ones receive their 2 orange markers on the record. Name all or none.",
        },
        Field {
            id: ids.general,
            label: "General attached to one of them",
            group,
            kind: FieldKind::Choice(GENERAL_RANKS),
            rule: "Result of Combat, L985",
            help: "His rank, as the player wants (the highest-ranked if several); a Commander in Chief counts 4. He then rolls for his life (L1000).",
        },
        Field {
            id: ids.terrain,
            label: "Terrain modifier a Unit of theirs used in the combat",
            group,
            kind: FieldKind::Number { min: -1, max: 2 },
            rule: "Result of Combat, L986; terrain, L590-630",
            help: "With its sign: a Town's +2, a Wood's -1 for Cavalry. It works for its side: subtracted when the higher result falls back, added otherwise.",
        },
        Field {
            id: ids.class_took_part,
            label: "A Unit of the class the Result setting names took part",
            group,
            kind: FieldKind::Flag,
            rule: "Result of Combat, L987",
            help: "The sign setting's 1 (by default -1, as printed) when the higher result falls back, the other sign when the lower does.",
        },
        Field {
            id: ids.routed,
            label: "Its Units that received 2 yellow markers",
            group,
            kind: FieldKind::Count { max: 10 },
            rule: "Result of Combat, L988, L992",
            help: "In this combat. +3 each. Count each Unit once, on the highest of these three lines.",
        },
        Field {
            id: ids.shaken,
            label: "Its Units that received 1 yellow marker",
            group,
            kind: FieldKind::Count { max: 10 },
            rule: "Result of Combat, L989, L992",
            help: "In this combat. +2 each.",
        },
        Field {
            id: ids.withdrew,
            label: "Its Units that executed a Withdraw",
            group,
            kind: FieldKind::Count { max: 10 },
            rule: "Result of Combat, L990, L992",
            help: "In this combat, and no yellow marker. +1 each.",
        },
    ]
}

const SITUATION: &[Field] = &[Field {
    id: "current",
    label: "The current player",
    group: "Situation",
    kind: FieldKind::Choice(&[
        ("attacker", "The attacker's army"),
        ("defender", "The defender's army"),
    ]),
    rule: "Result of Combat, L981; combat, L920",
    help: "The player whose combat subphase it is. On a draw his result subtracts the other's.",
}];

const SETTINGS: &[Field] = &[
    options::on_form(options::RESULT_READING),
    options::on_form(options::RESULT_CLASS_SIGN),
    options::on_form(options::RESULT_PENALTY_CLASS),
    options::on_form(options::RESULT_DRAW),
];

const ATTACKER_FIELDS: [Field; 9] = side_fields(&ATTACKER_IDS);
const DEFENDER_FIELDS: [Field; 9] = side_fields(&DEFENDER_IDS);
const ATTACKER_UNITS: [Field; 6] = unit_fields(&ATTACKER_IDS);
const DEFENDER_UNITS: [Field; 6] = unit_fields(&DEFENDER_IDS);

const FIELDS: &[Field] = &join::<
    {
        SITUATION.len()
            + ATTACKER_FIELDS.len()
            + DEFENDER_FIELDS.len()
            + ATTACKER_UNITS.len()
            + DEFENDER_UNITS.len()
            + SETTINGS.len()
    },
>(&[
    SITUATION,
    &ATTACKER_FIELDS,
    &DEFENDER_FIELDS,
    &ATTACKER_UNITS,
    &DEFENDER_UNITS,
    SETTINGS,
]);

/// As printed, the side with the higher result falls back (reading R1).
fn higher_falls_back(input: &Input) -> bool {
    forms::setting(input, &options::RESULT_READING) == "higher_falls_back"
}

fn formations(input: &Input, ids: &Ids) -> usize {
    usize::try_from(input.number(ids.formations))
        .unwrap_or(1)
        .clamp(1, ids.dice.len())
}

/// Every modifier of both sides.
fn all_modifiers(input: &Input) -> Vec<Modifier> {
    let r1 = higher_falls_back(input);
    let mut modifiers = Vec::new();
    for (own, enemy) in [
        (&ATTACKER_IDS, &DEFENDER_IDS),
        (&DEFENDER_IDS, &ATTACKER_IDS),
    ] {
        let mut add = |role: &str, label: String, value: i32, rule: &str| {
            if value != 0 {
                modifiers.push(Modifier::new(role, label, value, rule));
            }
        };
        if let Some(rank) = forms::general_rank(input.text(own.general), COMMANDER_RANK) {
            let (value, why) = if r1 {
                (-rank, "subtracted, as the lower result is better")
            } else {
                (rank, "added, as the higher result is better")
            };
            add(
                own.role,
                format!("The attached General's rank {rank}, {why}"),
                value,
                "Result of Combat, L985; the Result setting",
            );
        }
        // The terrain works for its side (L986, with its sign as in the melee, L1010): under R1 it
        // is subtracted, as in the Pursuit (L977), so that a Town's +2 lowers its side's result.
        let terrain = input.number(own.terrain);
        let (value, why) = if r1 {
            (-terrain, "subtracted, as the lower result is better")
        } else {
            (terrain, "added, as the higher result is better")
        };
        add(
            own.role,
            format!("The terrain modifier {terrain:+} used in the combat, {why}"),
            value,
            "Result of Combat, L986; the Result setting",
        );
        // The class's 1 takes the sign setting's sign as printed (R1), the other under R2 (L987).
        if input.flag(own.class_took_part) {
            let printed = if forms::setting(input, &options::RESULT_CLASS_SIGN) == "plus" {
                1
            } else {
                -1
            };
            let (value, why) = if r1 {
                (printed, "as printed, the higher result falling back")
            } else {
                (-printed, "turned round, as the lower result falls back")
            };
            add(
                own.role,
                format!("A Unit of the class the setting names took part: {printed:+}, {why}"),
                value,
                "Result of Combat, L987; the sign and Result settings",
            );
        }
        // R1 counts a side's own disordered Units on its result; R2 counts them on the enemy's.
        let (counted_on, whose) = if r1 {
            (own.role, "its")
        } else {
            (enemy.role, "enemy")
        };
        for (field, each, what, rule) in [
            (
                own.routed,
                3,
                "received 2 yellow markers",
                "Result of Combat, L988",
            ),
            (
                own.shaken,
                2,
                "received 1 yellow marker",
                "Result of Combat, L989",
            ),
            (
                own.withdrew,
                1,
                "executed a Withdraw",
                "Result of Combat, L990",
            ),
        ] {
            let count = input.number(field);
            add(
                counted_on,
                format!("{count} {whose} Units {what}"),
                each * count,
                rule,
            );
        }
    }
    modifiers
}

pub struct ResultOfCombat;

impl Procedure for ResultOfCombat {
    fn about(&self) -> &About {
        &About {
            id: "result-of-combat",
            title: "Result of Combat",
            rule: "Result of Combat, L979-1000; E. Result, L934",
            summary: "Each army rolls 1 die per Formation that took part and keeps one. One side's Formations Fall Back half the difference, rounded up, each losing 1 Loss; a Fall Back of 4 or more also shakes them. Then every Formation that took part receives 2 orange markers. Combats with a Garrison skip this step (L540).",
            fields: FIELDS,
        }
    }
    /// A side's Units come from the Formations it names: without them there are none to list.
    fn shows(&self, field: &str, input: &Input) -> bool {
        [&ATTACKER_IDS, &DEFENDER_IDS].into_iter().all(|ids| {
            let units_field = [
                ids.units,
                ids.loss_units,
                ids.shaken_units,
                ids.artillery,
                ids.one_left,
                ids.two_left,
            ]
            .contains(&field);
            !units_field || !input.list(ids.names).is_empty()
        })
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in SETTINGS {
            crate::engine::settings::prefill_setting(input, record, field);
        }
    }
    /// Formations named bring their Units, and Units named bring what the record knows of them.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            if changed == ids.names || changed == ids.army {
                let side = input.text(ids.army);
                let names = input.list(ids.names);
                let units: Vec<_> = record
                    .units_where(Some(side), &[(attribute::KIND, kind::UNIT)])
                    .filter(|(_, _, unit)| roster::is_on_battlefield(unit))
                    .filter(|(_, _, unit)| {
                        unit.attribute(attribute::FORMATION)
                            .is_some_and(|formation| names.iter().any(|n| n == formation))
                    })
                    .map(|(_, name, _)| Symbol::new(name))
                    .collect();
                input.set(ids.units, Value::List(units));
                fill_known(ids, input, record);
            } else if changed == ids.units {
                fill_known(ids, input, record);
            }
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            let side = input.text(ids.army);
            check_formations(record, side, input, ids.names)?;
            for name in input.list(ids.units) {
                check_unit(record, side, name, ids.units)?;
            }
            for name in input.list(ids.artillery) {
                let known_type = record
                    .unit(side, name)
                    .filter(|unit| unit.attribute(attribute::TYPE).is_some());
                if known_type.is_some_and(|unit| !roster::is_artillery(unit)) {
                    return Err(InputError::new(
                        ids.artillery,
                        format!(
                            "{name} is not an Artillery Unit: only Artillery has a Horse Team (L512)"
                        ),
                    ));
                }
            }
            check_one_per_formation(input, record, ids)?;
            check_known(input, record, ids)?;
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, ATTACKER_IDS.army, DEFENDER_IDS.army)?;
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            let count = formations(input, ids);
            for (field, what) in [
                (ids.names, "Formations"),
                (ids.loss_units, "Units suffering the Loss"),
            ] {
                let named = input.list(field).len();
                if named != 0 && named != count {
                    return Err(InputError::new(
                        field,
                        format!(
                            "{named} {what} named for {count} Formations that took part: one for each, or none"
                        ),
                    ));
                }
            }
            let units = input.list(ids.units);
            for field in [
                ids.loss_units,
                ids.shaken_units,
                ids.artillery,
                ids.one_left,
                ids.two_left,
            ] {
                if let Some(stray) = input.list(field).iter().find(|n| !units.contains(n)) {
                    return Err(InputError::new(
                        field,
                        format!("{stray} is not among the Units of those Formations: add it there"),
                    ));
                }
            }
            let two_left = input.list(ids.two_left);
            if let Some(both) = input
                .list(ids.one_left)
                .iter()
                .find(|n| two_left.contains(n))
            {
                return Err(InputError::new(
                    ids.two_left,
                    format!("{both} cannot have both 1 and 2 Losses left to sustain"),
                ));
            }
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        DiceSpec::alike(
            Die::D6,
            [&ATTACKER_IDS, &DEFENDER_IDS]
                .into_iter()
                .flat_map(|ids| ids.dice.iter().take(formations(input, ids)).copied()),
        )
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        all_modifiers(input)
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let r1 = higher_falls_back(input);
        let modifiers = all_modifiers(input);
        let mut limits = Vec::new();
        let (attacker_faces, defender_faces) = faces.split_at(formations(input, &ATTACKER_IDS));
        let totals = [
            (&ATTACKER_IDS, attacker_faces),
            (&DEFENDER_IDS, defender_faces),
        ]
        .map(|(ids, rolled)| {
            // Each player keeps the die that serves him under the reading.
            let kept = if r1 {
                rolled.iter().min()
            } else {
                rolled.iter().max()
            };
            let die = i32::from(kept.copied().unwrap_or(1));
            if rolled.len() > 1 {
                limits.push(AppliedLimit {
                    description: format!(
                        "{} keeps {die} of its dice {}: the {}",
                        ids.role,
                        rolled
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                        if r1 { "lowest" } else { "highest" }
                    ),
                    rule: "Result of Combat, L981; the Result setting".into(),
                });
            }
            let applied: i32 = modifiers
                .iter()
                .filter(|m| m.side == ids.role)
                .map(|m| m.value)
                .sum();
            SideTotal {
                side: ids.role.into(),
                die: Some(die),
                modifiers: applied,
                total: die + applied,
            }
        });
        let [attack, defence] = totals.each_ref().map(|side| side.total);
        let current_attacks = input.text("current") == "attacker";
        // The side whose result subtracts the other's: the higher, or the current player on a draw.
        let attacker_subtracts = if attack == defence {
            current_attacks
        } else {
            attack > defence
        };
        let attacker_falls_back = attacker_subtracts == r1;
        let (falling, standing) = if attacker_falls_back {
            (&ATTACKER_IDS, &DEFENDER_IDS)
        } else {
            (&DEFENDER_IDS, &ATTACKER_IDS)
        };
        let difference = attack.abs_diff(defence) as i32;
        let fall_back = (difference + 1) / 2;
        let army = army_label(input.text(falling.army));
        let count = formations(input, falling);

        let mut effects = Vec::new();
        let draw_costs_a_loss = forms::setting(input, &options::RESULT_DRAW) == "loss";
        let shakes = fall_back >= SHAKEN_FROM;
        let units_named = !input.list(falling.units).is_empty();
        if fall_back > 0 {
            effects.push(Effect::reminder(
                &format!(
                    "{army}: all its {count} Formations that took part Fall Back {fall_back} at once, even those NOT IN MOVEMENT; a Unit that cannot Fall Back suffers 1 Loss instead"
                ),
                "Result of Combat, L994; Fall Back, L801-805",
            ));
            if shakes && !units_named {
                effects.push(Effect::reminder(
                    &format!(
                        "{army}: every Unit of those Formations is Shaken: 1 yellow marker, or 1 Loss if it has one already"
                    ),
                    RULE,
                ));
            }
        } else {
            limits.push(AppliedLimit {
                description: if draw_costs_a_loss {
                    format!("A draw: {army} falls back 0, and still loses 1 Loss per Formation (the draw setting)")
                } else {
                    format!("A draw: {army} falls back 0, and no Loss is suffered (the draw setting)")
                },
                rule: "Result of Combat, L981, L994".into(),
            });
        }
        let loses = fall_back > 0 || draw_costs_a_loss;
        if loses && input.list(falling.loss_units).is_empty() {
            effects.push(Effect::reminder(
                &format!(
                    "{army}: 1 Unit of each of its {count} Formations, chosen by its player, suffers 1 Loss"
                ),
                RULE,
            ));
        }
        effects.extend(falling_units(input, falling, loses, shakes));
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            effects.extend(orange_markers(input, ids));
            let falls_back = fall_back > 0 && ids.role == falling.role;
            effects.extend(horse_teams(input, ids, falls_back));
        }
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            if input.text(ids.general) != "none" {
                effects.push(Effect::reminder(
                    &format!(
                        "{}: the attached General or Commander in Chief rolls 2 dice for his life; a modified 1 or less eliminates him",
                        army_label(input.text(ids.army))
                    ),
                    "Result of Combat, L1000; Attaching, L408-416",
                ));
            }
        }

        let shaken = if shakes { ", Shaken" } else { "" };
        let (key, headline) = if fall_back == 0 {
            (
                format!("Draw: {} falls back 0", falling.role),
                format!("A draw at {attack}: {army} falls back 0"),
            )
        } else {
            (
                format!("{} Falls Back {fall_back}{shaken}", falling.role),
                format!(
                    "{army} {} against {}: its Formations Fall Back {fall_back}{shaken}",
                    totals_of(&totals, falling.role),
                    totals_of(&totals, standing.role),
                ),
            )
        };
        Ok(Resolution {
            outcome: Outcome {
                key,
                // Best first for the attacking army: the defender's longest Fall Back.
                rank: if attacker_falls_back {
                    fall_back
                } else {
                    -fall_back
                },
                headline,
            },
            modifiers,
            totals: totals.into(),
            limits,
            cell: None,
            effects,
        })
    }
}

/// Fills in what the record knows of a side's Units named: yellow markers, unfastened Horse Teams,
/// and the Losses they can still sustain when this result could exhaust them.
fn fill_known(ids: &Ids, input: &mut Input, record: &Record) {
    let side = input.text(ids.army);
    let units = input.list(ids.units);
    let known = |test: &dyn Fn(&UnitRecord) -> bool| {
        Value::List(
            units
                .iter()
                .filter(|name| record.unit(side, name).is_some_and(test))
                .cloned()
                .collect(),
        )
    };
    let shaken = known(&|unit| roster::number(unit, attribute::YELLOW) > 0);
    let artillery = known(&|unit| {
        roster::is_artillery(unit)
            && unit.attribute(attribute::HORSE_TEAM) != Some(horse_team::FASTENED)
    });
    let one_left = known(&|unit| roster::losses_left(unit).is_some_and(|left| left <= 1));
    let two_left = known(&|unit| roster::losses_left(unit) == Some(2));
    input.set(ids.shaken_units, shaken);
    input.set(ids.artillery, artillery);
    input.set(ids.one_left, one_left);
    input.set(ids.two_left, two_left);
}

/// What `fill_known` filled in must still be the record's: a Unit left off the Shaken list would
/// take a second yellow marker instead of its Loss, one left off the Losses-left lists could pass
/// its capacity without being eliminated.
fn check_known(input: &Input, record: &Record, ids: &Ids) -> Result<(), InputError> {
    check_filled(
        input,
        &[ids.shaken_units, ids.artillery, ids.one_left, ids.two_left],
        |refilled| fill_known(ids, refilled, record),
        |known| format!("the record lists {known} here: name the Formations again to fill this in"),
    )
}

/// The Units suffering a Formation's Loss are 1 per Formation (L994), as the record knows them.
fn check_one_per_formation(input: &Input, record: &Record, ids: &Ids) -> Result<(), InputError> {
    let side = input.text(ids.army);
    let names = input.list(ids.names);
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for unit in input.list(ids.loss_units) {
        let Some(formation) = record
            .unit(side, unit)
            .and_then(|u| u.attribute(attribute::FORMATION))
        else {
            continue;
        };
        if !names.is_empty() && !names.iter().any(|n| n == formation) {
            return Err(InputError::new(
                ids.loss_units,
                format!("{unit} is of {formation}, not of a Formation named"),
            ));
        }
        if let Some((other, _)) = seen.iter().find(|(_, f)| *f == formation) {
            return Err(InputError::new(
                ids.loss_units,
                format!(
                    "{other} and {unit} are both of {formation}: 1 Unit per Formation suffers the Loss (L994)"
                ),
            ));
        }
        seen.push((unit, formation));
    }
    Ok(())
}

/// The Units named of the side that falls back: each Formation's chosen Unit suffers 1 Loss, and
/// a Fall Back of 4 or more gives each Unit 1 yellow marker, or 1 Loss if it has one already
/// (L994); a Unit whose capacity reaches zero is eliminated (L916).
fn falling_units(input: &Input, ids: &Ids, loses: bool, shakes: bool) -> Vec<Effect> {
    let side = input.text(ids.army);
    let listed = |field: &str, name: &Symbol| input.list(field).contains(name);
    let mut effects = Vec::new();
    for name in input.list(ids.units) {
        let shaken = listed(ids.shaken_units, name);
        if shakes && !shaken {
            effects.push(Effect::add_to(side, name, attribute::YELLOW, 1, RULE));
            effects.push(Effect::cap(
                side,
                name,
                attribute::YELLOW,
                roster::ROUTED_YELLOW,
                "Routed, L787",
            ));
        }
        let losses = i32::from(loses && listed(ids.loss_units, name)) + i32::from(shakes && shaken);
        let left = if listed(ids.one_left, name) {
            1
        } else if listed(ids.two_left, name) {
            2
        } else {
            // Enough for the 2 Losses at most that this result gives a Unit.
            i32::MAX
        };
        effects.extend(Named::new(side, name, name).losses(losses, left, RULE));
    }
    effects
}

/// The Artillery of a side's Formations fastens its Horse Teams (L998), as it does to Fall Back
/// (L803): on the record for the Units named, in words for a side whose Units are not.
fn horse_teams(input: &Input, ids: &Ids, falls_back: bool) -> Vec<Effect> {
    let rule = if falls_back {
        "Result of Combat, L998; Fall Back, L803"
    } else {
        "Result of Combat, L998"
    };
    let side = input.text(ids.army);
    if input.list(ids.units).is_empty() {
        return vec![Effect::reminder(
            &format!(
                "{}: its Artillery Units that took part in the combat fasten their Horse Teams",
                army_label(side)
            ),
            rule,
        )];
    }
    input
        .list(ids.artillery)
        .iter()
        .flat_map(|name| Named::new(side, name, name).fasten(rule))
        .collect()
}

fn totals_of(totals: &[SideTotal], role: &str) -> i32 {
    totals
        .iter()
        .find(|t| t.side == role)
        .map_or(0, |t| t.total)
}

/// Every Formation that took part receives 2 orange markers, which take its green one away
/// (L996, L552): on the record for those named, as a reminder for the others.
fn orange_markers(input: &Input, ids: &Ids) -> Vec<Effect> {
    let rule = "Result of Combat, L996; orange markers, L552";
    let army = input.text(ids.army);
    let names = input.list(ids.names);
    if names.is_empty() {
        return vec![Effect::reminder(
            &format!(
                "{}: each of its {} Formations that took part receives 2 orange markers and loses its green marker",
                army_label(army),
                formations(input, ids)
            ),
            rule,
        )];
    }
    names
        .iter()
        .flat_map(|name| {
            [
                Effect::add_to(army, name, attribute::ORANGE, 2, rule),
                Effect::set_attribute(army, name, attribute::GREEN, "", rule),
            ]
        })
        .collect()
}
