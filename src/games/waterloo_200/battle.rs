//! A battle (6.2.3.1, L959-1179): no dice, only arithmetic. The attacker's Offensive Firepower is
//! his units' strengths in the Area, the Tactical Values of his activated Tactical Leaders in
//! adjacent Areas and the Artillery Values of the artillery he committed from adjacent Areas; the
//! defender's Defensive Firepower is his units' strengths in the Area and the Area's Terrain Bonus.
//! The Final Result, OF − DF, names the winner; the loser suffers |FR| hits up to what his units
//! can absorb, the winner a share of them from the Calculating Losses table. Each side's hits are
//! applied strongest block first (`losses`), and committed artillery is reduced for firing.

use super::blocks::{self, Block, attribute, describe_all, parse_all, state};
use super::options::LOSS_CAP;
use super::{SIDES, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::AppliedLimit;

const RULE: &str = "6.2.3.1 Combat Sequence, L959-1179";
const ON_MAP: &[(&str, &str)] = &[("state", state::ON_MAP)];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Attacker",
        group: "Battle",
        kind: FieldKind::Choice(SIDES),
        rule: "2.2 Phasing Side, L363-376",
        help: "The faction whose Impulse it is.",
    },
    Field {
        id: "defender",
        label: "Defender",
        group: "Battle",
        kind: FieldKind::Choice(DEFENDERS),
        rule: "2.2 Phasing Side, L363-376",
        help: "The faction whose units are in the Area. British and Prussians never share an Area (L157-160).",
    },
    Field {
        id: "area",
        label: "Area",
        group: "Battle",
        kind: FieldKind::Text { max_len: 12 },
        rule: "1.0 Mapboard, L229-233",
        help: "The contested Area's number, as the map prints it.",
    },
    Field {
        id: "terrain_bonus",
        label: "Terrain Bonus",
        group: "Battle",
        kind: FieldKind::Count { max: 7 },
        rule: "1.0 Mapboard, L231-233; 6.2.3.1.4, L1020-1022",
        help: "The number on the Area's shield, 0 to 7. It adds to the defender's firepower.",
    },
    Field {
        id: "attackers",
        label: "Attacking units in the Area",
        group: "Attacker",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: ON_MAP,
        },
        rule: "6.2.3.1.4 Firepower, L1010-1014",
        help: "Every attacking block in the Area: each adds its strength.",
    },
    facts("attackers_facts", "Attacker"),
    Field {
        id: "leaders",
        label: "Activated Tactical Leaders in adjacent Areas",
        group: "Attacker",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::ON_MAP),
                (attribute::TYPE, "tactical-leader"),
            ],
        },
        rule: "3.9.5.4 Tactical Leader Commitment, L650-651, L692-693",
        help: "Each adds his Tactical Value, his stars; nothing at Heart.",
    },
    facts("leaders_facts", "Attacker"),
    Field {
        id: "artillery",
        label: "Artillery committed from adjacent Areas",
        group: "Attacker",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: ON_MAP,
        },
        rule: "3.10.1 Artillery Commitment, L704-706; 6.2.3.1.1, L972-976",
        help: "Activated artillery not in an Area with enemy units: each adds its Artillery Value and is reduced after the battle. British and Prussians commit at most one (L751-753).",
    },
    facts("artillery_facts", "Attacker"),
    Field {
        id: "defenders",
        label: "Defending units in the Area",
        group: "Defender",
        kind: FieldKind::Units {
            of: UnitOf::Side("defender"),
            only: ON_MAP,
        },
        rule: "6.2.3.1.4 Firepower, L1020-1022",
        help: "Every defending block in the Area: each adds its strength.",
    },
    facts("defenders_facts", "Defender"),
    super::options::on_form(LOSS_CAP),
];

/// The faction a battle is fought against: any, and the form checks the pairing.
const DEFENDERS: &[(&str, &str)] = &[
    ("british", "British"),
    ("prussian", "Prussian"),
    ("french", "French"),
];

/// The fields that list blocks, each with the side field that owns them and its facts field.
const GROUPS: &[(&str, &str, &str)] = &[
    ("attackers", "side", "attackers_facts"),
    ("leaders", "side", "leaders_facts"),
    ("artillery", "side", "artillery_facts"),
    ("defenders", "defender", "defenders_facts"),
];

const fn facts(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "What the record knows of them",
        group,
        kind: FieldKind::Text { max_len: 1200 },
        rule: "3.2 Strength, L485-491",
        help: "Filled in from the record as the blocks are picked: each block's levels from its current one down.",
    }
}

const LOSSES: TableRead = TableRead {
    table: "losses",
    codes: &["tie", "marginal", "decisive", "brilliant"],
};

pub struct Battle;

/// The blocks a facts field lists.
fn blocks_of(input: &Input, facts: &str) -> Result<Vec<Block>, InputError> {
    parse_all(input.text(facts)).map_err(|message| InputError::new(facts, message))
}

impl Procedure for Battle {
    fn about(&self) -> &About {
        &About {
            id: "battle",
            title: "Battle",
            rule: RULE,
            summary: "One round, no dice: Offensive Firepower against Defensive Firepower, the losses from the Final Result, applied strongest block first.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "defender",
            "area",
            "terrain_bonus",
            "attackers",
            "leaders",
            "artillery",
            "defenders",
        ]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &LOSS_CAP);
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let kind = record
            .unit(side, name)
            .and_then(|u| u.attribute(attribute::TYPE))
            .unwrap_or("");
        match field {
            "artillery" => blocks::is_artillery(kind),
            _ => true,
        }
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        for (units, side, facts) in GROUPS {
            if changed != *units && changed != *side {
                continue;
            }
            let side = input.text(side).to_string();
            let known: Vec<Block> = input
                .list(units)
                .iter()
                .filter_map(|name| Block::on_record(record, &side, name))
                .collect();
            input.set(facts, Value::Text(describe_all(&known).as_str().into()));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for (units, side, facts) in GROUPS {
            let side = input.text(side);
            let listed = blocks_of(input, facts)?;
            for name in input.list(units) {
                let Some(block) = Block::on_record(record, side, name) else {
                    return Err(InputError::new(
                        units,
                        format!(
                            "{name} has no ladder on the record; enter it in the block values first"
                        ),
                    ));
                };
                if !listed.contains(&block) {
                    return Err(InputError::new(
                        facts,
                        format!("the record has {}", block.describe()),
                    ));
                }
            }
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (attacker, defender) = (input.text("side"), input.text("defender"));
        if (attacker == "french") == (defender == "french") {
            return Err(InputError::new(
                "defender",
                "a battle is fought between the French and the British or the Prussians (L98-139)",
            ));
        }
        if input.text("area").trim().is_empty() {
            return Err(InputError::new("area", "name the Area of the battle"));
        }
        for (units, _, facts) in GROUPS {
            let listed = blocks_of(input, facts)?;
            for name in input.list(units) {
                if !listed.iter().any(|b| b.name == name.as_ref()) {
                    return Err(InputError::new(
                        facts,
                        format!("{name} is picked but its levels are not listed"),
                    ));
                }
            }
            if listed.len() != input.list(units).len() {
                return Err(InputError::new(
                    facts,
                    "list the levels of the picked blocks only",
                ));
            }
        }
        let attackers = blocks_of(input, "attackers_facts")?;
        if !attackers
            .iter()
            .any(|b| matches!(b.kind.as_str(), "infantry" | "cavalry"))
        {
            return Err(InputError::new(
                "attackers",
                "support units cannot attack alone: the attacker needs an infantry or cavalry unit in the Area (3.4, L378-380)",
            ));
        }
        if blocks_of(input, "defenders_facts")?.is_empty() {
            return Err(InputError::new(
                "defenders",
                "a battle is fought in a contested Area: pick the defending units (6.2.3, L1027-1029)",
            ));
        }
        for block in blocks_of(input, "leaders_facts")? {
            if block.kind != "tactical-leader" {
                return Err(InputError::new(
                    "leaders",
                    format!(
                        "{} is not a Tactical Leader (3.9.5.4, L650-651)",
                        block.name
                    ),
                ));
            }
        }
        let artillery = blocks_of(input, "artillery_facts")?;
        for block in &artillery {
            if !blocks::is_artillery(&block.kind) {
                return Err(InputError::new(
                    "artillery",
                    format!("{} is not an artillery", block.name),
                ));
            }
            if block.top().map_or(0, |l| l.from_adjacent()) == 0 {
                return Err(InputError::new(
                    "artillery",
                    format!(
                        "{} is at Pawn level and cannot fire into an adjacent Area (3.10.2, L739-740)",
                        block.name
                    ),
                ));
            }
        }
        if attacker != "french" && artillery.len() > 1 {
            return Err(InputError::new(
                "artillery",
                "the British and the Prussians commit at most one artillery to a battle; only French artillery saturates (3.10.3, L751-753)",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        firepower(input).unwrap_or_default()
    }
    fn reads(&self) -> &'static [TableRead] {
        &[LOSSES]
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (attacker, defender) = (input.text("side"), input.text("defender"));
        let area = input.text("area").trim();
        let modifiers = firepower(input)?;
        let sum = |side: &str| -> i64 {
            modifiers
                .iter()
                .filter(|m| m.side == side)
                .map(|m| i64::from(m.value))
                .sum()
        };
        let (attacking, defending) = (side_label(attacker), side_label(defender));
        let (offensive, defensive) = (sum(attacking), sum(defending));
        let final_result = offensive - defensive;
        let lookup = tables
            .get("losses")?
            .lookup_differential(u32::try_from(final_result.unsigned_abs()).unwrap_or(u32::MAX))?;
        let code = lookup.code_for(&LOSSES)?.to_string();
        let mut limits = lookup.limits.clone();

        let in_area = |facts: &str| blocks_of(input, facts).map_err(RuleError::from);
        let (attackers, defenders) = (in_area("attackers_facts")?, in_area("defenders_facts")?);
        let attacker_won = final_result > 0;
        let (loser, loser_blocks, winner, winner_blocks) = if attacker_won {
            (defender, &defenders, attacker, &attackers)
        } else {
            (attacker, &attackers, defender, &defenders)
        };
        let absorbable = match input.text(LOSS_CAP.id) {
            "strength" => super::losses::strength_total(loser_blocks),
            _ => super::losses::hit_capacity(loser_blocks),
        };
        let size = final_result.abs();
        let incurred = size.min(absorbable);
        if incurred < size {
            limits.push(AppliedLimit {
                description: format!(
                    "Incurred Losses {size} capped at {incurred}, what the {} units in the Area can absorb",
                    side_label(loser)
                ),
                rule: "6.2.3.1.6, L1055-1057".into(),
            });
        }
        let winner_hits = match code.as_str() {
            "tie" => 0,
            "marginal" => (incurred + 1) / 2,
            "decisive" => (incurred + 3) / 4,
            // "brilliant": the code is one of LOSSES'.
            _ => 1,
        };

        let mut effects = Vec::new();
        let mut taken = Vec::new();
        if code != "tie" {
            // The loser first, then the winner (L1101-1104).
            for (side, blocks, hits) in [
                (loser, loser_blocks, incurred),
                (winner, winner_blocks, winner_hits),
            ] {
                let allocation = super::losses::allocate(blocks, hits);
                for (number, step) in (1..).zip(&allocation.steps) {
                    effects.push(Effect::reminder(
                        &format!("{} {}", side_label(side), step.describe(number)),
                        "6.2.3.1.7 Applying Losses, L1114-1126",
                    ));
                }
                for (name, lost) in &allocation.levels_lost {
                    effects.push(Effect::add_to(
                        side,
                        name,
                        attribute::LEVELS_LOST,
                        i64::try_from(*lost).unwrap_or(0),
                        "6.2.3.1.7 Applying Losses, L1101-1126",
                    ));
                }
                for name in &allocation.eliminated {
                    effects.push(Effect::set_state(
                        side,
                        name,
                        state::ELIMINATED,
                        "6.2.3.1.9 Eliminated Units, L1141-1148",
                    ));
                }
                if allocation.excess > 0 {
                    effects.push(Effect::reminder(
                        &format!(
                            "{} hit(s) beyond the {} units in the Area are ignored",
                            allocation.excess,
                            side_label(side)
                        ),
                        "6.2.3.1.8 Allocating Excess Hits, L1137-1139",
                    ));
                }
                taken.push((side, hits, allocation));
            }
        }
        for block in in_area("artillery_facts")? {
            effects.push(Effect::add_to(
                attacker,
                &block.name,
                attribute::LEVELS_LOST,
                1,
                "3.10.1 Artillery Commitment, L683-686, L1176-1178",
            ));
        }
        let defenders_left = taken
            .iter()
            .find(|(side, _, _)| *side == defender)
            .is_none_or(|(_, _, a)| a.eliminated.len() < defenders.len());
        effects.push(Effect::reminder(
            &if defenders_left {
                format!(
                    "Conceal the {defending} units in Area {area}; the {attacking} units there stay revealed"
                )
            } else {
                format!("Conceal the {attacking} units in Area {area}, now theirs")
            },
            "6.2.3.1.10, L1173-1175, L1231-1233",
        ));

        let label = lookup.result.label.clone();
        let kind = label.split(':').next().unwrap_or_default().to_string();
        let headline = match code.as_str() {
            "tie" => format!("FR 0 in Area {area}: a tie, no losses"),
            _ => {
                let hits = taken
                    .iter()
                    .map(|(side, hits, _)| format!("the {} {hits}", side_label(side)))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!(
                    "FR {final_result:+} in Area {area}: {kind} for the {}; hits: {hits}",
                    side_label(winner)
                )
            }
        };
        Ok(Resolution {
            outcome: Outcome {
                key: if code == "tie" {
                    kind
                } else {
                    format!("{} {kind}", side_label(winner))
                },
                rank: i32::try_from(-final_result).unwrap_or(0),
                headline,
            },
            totals: vec![
                SideTotal {
                    side: format!("{attacking} Offensive Firepower"),
                    die: None,
                    modifiers: i32::try_from(offensive).unwrap_or(i32::MAX),
                    total: i32::try_from(offensive).unwrap_or(i32::MAX),
                },
                SideTotal {
                    side: format!("{defending} Defensive Firepower"),
                    die: None,
                    modifiers: i32::try_from(defensive).unwrap_or(i32::MAX),
                    total: i32::try_from(defensive).unwrap_or(i32::MAX),
                },
            ],
            modifiers,
            limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}

/// Every term of both firepowers, each with its rule (6.2.3.1.4, L1009-1037).
fn firepower(input: &Input) -> Result<Vec<Modifier>, InputError> {
    let attacking = side_label(input.text("side"));
    let defending = side_label(input.text("defender"));
    let area = input.text("area").trim();
    let as_i32 = |n: i64| i32::try_from(n).unwrap_or(0);
    let mut terms = Vec::new();
    for block in blocks_of(input, "attackers_facts")? {
        let strength = block.top().map_or(0, |l| l.strength());
        terms.push(Modifier::new(
            attacking,
            format!("{} in Area {area}, strength {strength}", block.name),
            as_i32(strength),
            "6.2.3.1.4, L1010-1014; 3.2, L486-488",
        ));
    }
    for block in blocks_of(input, "leaders_facts")? {
        let value = block.top().map_or(0, |l| l.from_adjacent());
        let label = if value == 0 {
            format!("{}, adjacent, at Heart: Tactical Value 0", block.name)
        } else {
            format!("{}, adjacent: Tactical Value {value}", block.name)
        };
        terms.push(Modifier::new(
            attacking,
            label,
            as_i32(value),
            "3.9.5.4, L650-651, L692-693; 3.9.3, L506",
        ));
    }
    for block in blocks_of(input, "artillery_facts")? {
        let value = block.top().map_or(0, |l| l.from_adjacent());
        terms.push(Modifier::new(
            attacking,
            format!(
                "{}, committed from an adjacent Area: Artillery Value {value}",
                block.name
            ),
            as_i32(value),
            "3.10.1, L704-706; 6.2.3.1.4, L1015-1018",
        ));
    }
    for block in blocks_of(input, "defenders_facts")? {
        let strength = block.top().map_or(0, |l| l.strength());
        terms.push(Modifier::new(
            defending,
            format!("{} in Area {area}, strength {strength}", block.name),
            as_i32(strength),
            "6.2.3.1.4, L1020-1022; 3.2, L486-488",
        ));
    }
    terms.push(Modifier::new(
        defending,
        format!("Terrain Bonus of Area {area}"),
        input.number("terrain_bonus"),
        "1.0, L231-233; 6.2.3.1.4, L1020-1022, L1036-1037",
    ));
    Ok(terms)
}
