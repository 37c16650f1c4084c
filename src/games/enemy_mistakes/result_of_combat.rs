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
//!   - the 1 for a class that took part (L987, L1197; sign and icon lost, digest §0.1-0.2) is a
//!     penalty to its own side, as the melee's -1 (L1017) and the Pursuit's (L972) are, and the
//!     setting names one of the lowest classes: +1 under R1, -1 under R2;
//!   - the +3/+2/+1 (L988-990) always count against the side whose Units were shaken or withdrew,
//!     as the first reading above says.
//! - "The rank of the attached General" is one General's: the highest-ranked attached to the army's
//!   Formations that took part. A Commander in Chief counts 4 here (L985), not his five stars (L331).
//! - On a draw the side that falls back 0 is the current player's under R1, the other under R2;
//!   whether it still loses 1 Unit's Loss per Formation is the draw setting (digest §7.3).
//! - The 2 orange markers go once per combat: L934 and L996 state the same event. An orange marker
//!   takes the green one away (L552).

use super::forms::{
    self, ENEMY_SIDES, FORMATIONS, GENERAL_RANKS, check_enemies, check_formations, join,
};
use super::roster::attribute;
use super::{SIDES, army_label, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{
    About, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
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
};

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
            help: "Supporting ones included (L934). One die each; the player keeps one.",
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
            help: "1 against this side: +1 when the higher result falls back, -1 otherwise.",
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
    options::on_form(options::RESULT_PENALTY_CLASS),
    options::on_form(options::RESULT_DRAW),
];

const ATTACKER_FIELDS: [Field; 9] = side_fields(&ATTACKER_IDS);
const DEFENDER_FIELDS: [Field; 9] = side_fields(&DEFENDER_IDS);

const FIELDS: &[Field] = &join::<
    { SITUATION.len() + ATTACKER_FIELDS.len() + DEFENDER_FIELDS.len() + SETTINGS.len() },
>(&[SITUATION, &ATTACKER_FIELDS, &DEFENDER_FIELDS, SETTINGS]);

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
        // The class's 1 is a penalty to its own side under either reading (L987).
        if input.flag(own.class_took_part) {
            let (value, why) = if r1 {
                (1, "added, as the higher result falls back")
            } else {
                (-1, "subtracted, as the lower result falls back")
            };
            add(
                own.role,
                format!("A Unit of the class the setting names took part: 1 against it, {why}"),
                value,
                "Result of Combat, L987; the Result setting",
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
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in SETTINGS {
            crate::engine::settings::prefill_setting(input, record, field);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            check_formations(record, input.text(ids.army), input, ids.names)?;
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, ATTACKER_IDS.army, DEFENDER_IDS.army)?;
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            let named = input.list(ids.names).len();
            let count = formations(input, ids);
            if named != 0 && named != count {
                return Err(InputError::new(
                    ids.names,
                    format!(
                        "{named} named for {count} Formations that took part: name them all, or none"
                    ),
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
                .flat_map(|ids| ids.dice[..formations(input, ids)].iter().copied()),
        )
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        all_modifiers(input)
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        self.dice(input).check(faces)?;
        let r1 = higher_falls_back(input);
        let modifiers = all_modifiers(input);
        let mut limits = Vec::new();
        let (attacker_faces, defender_faces) = faces.split_at(formations(input, &ATTACKER_IDS));
        let mut totals = Vec::new();
        for (ids, rolled) in [
            (&ATTACKER_IDS, attacker_faces),
            (&DEFENDER_IDS, defender_faces),
        ] {
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
            totals.push(SideTotal {
                side: ids.role.into(),
                die: Some(die),
                modifiers: applied,
                total: die + applied,
            });
        }
        let (attack, defence) = (totals[0].total, totals[1].total);
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
        if fall_back > 0 {
            effects.push(Effect::reminder(
                &format!(
                    "{army}: all its {count} Formations that took part Fall Back {fall_back} at once, even those NOT IN MOVEMENT; Artillery fastens its Horse Team, and a Unit that cannot Fall Back suffers 1 Loss instead"
                ),
                "Result of Combat, L994; Fall Back, L801-805",
            ));
            if fall_back >= SHAKEN_FROM {
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
        if fall_back > 0 || draw_costs_a_loss {
            effects.push(Effect::reminder(
                &format!(
                    "{army}: 1 Unit of each of its {count} Formations, chosen by its player, suffers 1 Loss"
                ),
                RULE,
            ));
        }
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            effects.extend(orange_markers(input, ids));
        }
        effects.push(Effect::reminder(
            "Artillery Units that took part in the combat fasten their Horse Teams",
            "Result of Combat, L998",
        ));
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

        let shaken = if fall_back >= SHAKEN_FROM {
            ", Shaken"
        } else {
            ""
        };
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
            totals,
            limits,
            cell: None,
            effects,
        })
    }
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
