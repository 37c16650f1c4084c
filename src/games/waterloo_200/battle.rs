//! A battle (6.2.3.1, L959-1179): no dice, only arithmetic. The attacker's Offensive Firepower is
//! his units' strengths in the Area, the Tactical Values of his activated Tactical Leaders in
//! adjacent Areas and the Artillery Values of the artillery he committed from adjacent Areas; the
//! defender's Defensive Firepower is his units' strengths in the Area and the Area's Terrain Bonus.
//! The Final Result, OF − DF, names the winner; the loser suffers |FR| hits up to what his units
//! can absorb, the winner a share of them from the Calculating Losses table. Each side's hits are
//! applied strongest block first (`losses`), and committed artillery is reduced for firing.

use super::activation::ACTIVATED;
use super::activation::BATTLES_ALLOWED;
use super::blocks::{self, Block, Listed, Owner, attribute, facts_field, state};
use super::impulse::{LEADERS_ACTIVATED, NEW_ENGAGEMENT, STRATEGIC_MOVE, action_mark, fought_mark};
use super::options::{
    BATTLE_ALLOWANCE, CAVALRY_CHARGE, CLEARED_AREA, COMBINED_ATTACK, COMBINED_ATTACK_UNITS,
    GRANDE_BATTERIE, HITS_SPREAD, IMPETUS, LANGUAGE_UNITS, LANGUAGES, LOSS_CAP, MORALE,
};
use super::{SIDES, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
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
        kind: FieldKind::Choice(DEFENDING_FACTIONS),
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
        rule: "1.0 Mapboard, L231-233; 6.2.3.1.4, L1020, L1036-1037",
        help: "The number on the Area's shield, 0 to 7. It adds to the firepower of the Side defending this battle, whoever owns the Area (digest §7.2 item 5).",
    },
    Field {
        id: "attackers",
        label: "Attacking units in the Area",
        group: "Attacker",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: ON_MAP,
        },
        rule: "6.2.3.1.4 Firepower, L1009-1015",
        help: "Every attacking block in the Area: each adds its strength. An Isolated unit cannot attack (L1034): leave it out.",
    },
    facts_field("attackers_facts", "Attacker"),
    Field {
        id: "leaders",
        label: "Activated Tactical Leaders in adjacent Areas",
        group: "Attacker",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::ON_MAP),
                (attribute::TYPE, "tactical-leader"),
                (ACTIVATED, "yes"),
            ],
        },
        rule: "3.9.5.4 Tactical Leader Commitment, L650-651, L692-693",
        help: "Each adds his Tactical Value, his stars; nothing at Heart.",
    },
    facts_field("leaders_facts", "Attacker"),
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
    facts_field("artillery_facts", "Attacker"),
    Field {
        id: "defenders",
        label: "Defending units in the Area",
        group: "Defender",
        kind: FieldKind::Units {
            of: UnitOf::Side("defender"),
            only: ON_MAP,
        },
        rule: "6.2.3.1.4 Firepower, L1020, L1036-1037",
        help: "Every defending block in the Area: each adds its strength.",
    },
    facts_field("defenders_facts", "Defender"),
    spared("attacker_spared", "Attacker", "side"),
    spared("defender_spared", "Defender", "defender"),
    Field {
        id: "french_eliminated",
        label: "French units eliminated before this battle",
        group: "Morale",
        kind: FieldKind::Count { max: 99 },
        rule: "3.6 Eliminated Units - Morale, L433-438; 6.2.3.1.9, L1146-1156",
        help: "On the French Morale Track. Filled in from the record.",
    },
    Field {
        id: "british_eliminated",
        label: "British units eliminated before this battle",
        group: "Morale",
        kind: FieldKind::Count { max: 99 },
        rule: "3.6 Eliminated Units - Morale, L433-438; 6.2.3.1.9, L1146-1156",
        help: "On the British Morale Track; Prussians do not count (L1157-1158). Filled in from the record.",
    },
    Field::flag(
        "newly_contested",
        "The Area became contested this Impulse",
        "Battle",
        "6.2.3 Combat Phase, L1029-1033",
        "A battle there is mandatory; in an Area contested since before the Impulse it is optional.",
    ),
    Field {
        id: "battles_left",
        label: "Battles the Impulse still allows",
        group: "Allowance",
        kind: FieldKind::Count { max: 9 },
        rule: "3.9.5, L567-569; 6.2.1, L917-918; 6.1, L853-855",
        help: "One per activated Tactical Leader; one per faction in a Strategic Action A; none otherwise. Filled in from the record once the Impulse's action is chosen.",
    },
    super::options::on_form(LOSS_CAP),
    super::options::on_form(HITS_SPREAD),
    super::options::on_form(CLEARED_AREA),
    super::options::on_form(BATTLE_ALLOWANCE),
    Field::flag(
        "green_area",
        "The Area is Green",
        "Battle",
        "1.2-1.3, L251-283; OR 2.0, L1299-1301, L1312-1316",
        "Filled in from the map's list where its colour is entered. A Cavalry Charge needs a Green Area.",
    ),
    super::options::on_form(CAVALRY_CHARGE),
    super::options::on_form(COMBINED_ATTACK),
    super::options::on_form(COMBINED_ATTACK_UNITS),
    super::options::on_form(MORALE),
    super::options::on_form(IMPETUS),
    Field::flag(
        "bombardment",
        "A Grande Batterie: the French play the Disc to bombard the Area",
        "Battle",
        "OR 5.0 Grande Batterie, L1360, L1363-1366, L1383-1384, L1254-1255",
        "An uncontested enemy Area, bombarded by committed French artillery only, up to Napoleon's Strategic Value, each with a Line of Communication to him, revealed without moving, within two Areas.",
    ),
    super::options::on_form(GRANDE_BATTERIE),
    Field {
        id: "british_languages",
        label: "Languages among the British units",
        group: "Languages",
        kind: FieldKind::Count { max: 3 },
        rule: "OR 6.0 Languages, L1262-1288",
        help: "Filled in from the record, by the British blocks' tags: English, German, Dutch.",
    },
    super::options::on_form(LANGUAGES),
    super::options::on_form(LANGUAGE_UNITS),
];

/// The blocks a side's owner keeps back among equals (L1102-1104, L1124-1126).
const fn spared(id: &'static str, group: &'static str, side: &'static str) -> Field {
    Field {
        id,
        label: "Spared among equals",
        group,
        kind: FieldKind::Units {
            of: UnitOf::Side(side),
            only: ON_MAP,
        },
        rule: "6.2.3.1.7 Applying Losses, L1102-1104, L1124-1126",
        help: "The owner chooses which of his equally strong blocks take the hits: these take them only when no other block of their strength can. Otherwise a Heart or a white or red level shields its equals.",
    }
}

/// The faction a battle is fought against: any, and the form checks the pairing.
const DEFENDING_FACTIONS: &[(&str, &str)] = &[
    ("british", "British"),
    ("prussian", "Prussian"),
    ("french", "French"),
];

const ATTACKERS: Listed = listed("attackers", "side", "attackers_facts");
const LEADERS: Listed = listed("leaders", "side", "leaders_facts");
const ARTILLERY: Listed = listed("artillery", "side", "artillery_facts");
const DEFENDERS: Listed = listed("defenders", "defender", "defenders_facts");
const LISTS: [Listed; 4] = [ATTACKERS, LEADERS, ARTILLERY, DEFENDERS];

const fn listed(units: &'static str, side: &'static str, facts: &'static str) -> Listed {
    Listed {
        units,
        owner: Owner::Field(side),
        facts,
    }
}

const LOSSES: TableRead = TableRead {
    table: "losses",
    codes: &["tie", "marginal", "decisive", "brilliant"],
};

pub struct Battle;

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
        prefill_setting(input, record, &CLEARED_AREA);
        prefill_setting(input, record, &HITS_SPREAD);
        prefill_setting(input, record, &BATTLE_ALLOWANCE);
        prefill_setting(input, record, &CAVALRY_CHARGE);
        prefill_setting(input, record, &COMBINED_ATTACK);
        prefill_setting(input, record, &COMBINED_ATTACK_UNITS);
        prefill_setting(input, record, &MORALE);
        prefill_setting(input, record, &IMPETUS);
        prefill_setting(input, record, &GRANDE_BATTERIE);
        prefill_setting(input, record, &LANGUAGES);
        prefill_setting(input, record, &LANGUAGE_UNITS);
        if let Ok(count) = british_languages(input, record) {
            input.set("british_languages", Value::Number(count));
        }
        let left = record.counters.get(BATTLES_ALLOWED).copied().unwrap_or(0);
        input.set("battles_left", Value::Number(left));
        for side in ["french", "british"] {
            input.set(
                &format!("{side}_eliminated"),
                Value::Number(super::eliminated(record, side)),
            );
        }
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
        for list in LISTS {
            list.follow(changed, input, record);
        }
        if let Ok(count) = british_languages(input, record) {
            input.set("british_languages", Value::Number(count));
        }
        if changed == "area" {
            let area = input.text("area").to_string();
            if let Some(bonus) = super::map::terrain_bonus(record, &area) {
                input.set("terrain_bonus", Value::Number(bonus));
            }
            let colour = super::map::colour(record, &area);
            input.set("green_area", Value::Flag(colour == Some("green")));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let area = input.text("area");
        if let Some(bonus) = super::map::terrain_bonus(record, area)
            && i64::from(input.number("terrain_bonus")) != bonus
        {
            return Err(InputError::new(
                "terrain_bonus",
                format!(
                    "the map's list has Terrain Bonus {bonus} for Area {}: correct the list (\"The map: an Area\") if the map shows another",
                    area.trim()
                ),
            ));
        }
        if let Some(colour) = super::map::colour(record, area)
            && input.flag("green_area") != (colour == "green")
        {
            return Err(InputError::new(
                "green_area",
                format!(
                    "the map's list has Area {} {colour}: correct the list if the map shows another",
                    area.trim()
                ),
            ));
        }
        if input.text(LANGUAGES.id) != "off" {
            let count = british_languages(input, record)?;
            if i64::from(input.number("british_languages")) != count {
                return Err(InputError::new(
                    "british_languages",
                    format!("the record gives {count} language(s) among the British units"),
                ));
            }
        }
        for side in ["french", "british"] {
            let field = format!("{side}_eliminated");
            let on_record = super::eliminated(record, side);
            if i64::from(input.number(&field)) != on_record {
                return Err(InputError::new(
                    &field,
                    format!(
                        "the record has {on_record} {} units eliminated",
                        side_label(side)
                    ),
                ));
            }
        }
        check_allowance(input, record)?;
        check_grande_batterie(input, record)?;
        let impulse = super::scouting::turn_and_impulse(record);
        if let Some(scout) = input.list(ATTACKERS.units).iter().find(|name| {
            record
                .unit(input.text("side"), name)
                .and_then(|u| u.attribute(super::scouting::SCOUTED_IN))
                == Some(impulse.as_str())
        }) {
            return Err(InputError::new(
                ATTACKERS.units,
                format!("{scout} scouted this Impulse and may not attack (OR 3.0, L1338-1341)"),
            ));
        }
        for name in input.list(LEADERS.units) {
            let activated = record
                .unit(input.text("side"), name)
                .and_then(|u| u.attribute(ACTIVATED))
                == Some("yes");
            if !activated {
                return Err(InputError::new(
                    LEADERS.units,
                    format!(
                        "{name} is not activated this Impulse: only an activated Tactical Leader adds his Tactical Value (3.9.5.4, L650-651)"
                    ),
                ));
            }
        }
        LISTS
            .iter()
            .try_for_each(|list| list.check_record(input, record))
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
        for list in LISTS {
            list.check_listed(input)?;
        }
        // A block supports from an adjacent Area only if no enemy is in its own (L673).
        for list in [LEADERS, ARTILLERY] {
            if let Some(name) = input
                .list(list.units)
                .iter()
                .find(|name| input.list(ATTACKERS.units).contains(name))
            {
                return Err(InputError::new(
                    list.units,
                    format!(
                        "{name} is in the Area of the battle: it adds its strength there, not from an adjacent Area (L673-676)"
                    ),
                ));
            }
        }
        let attackers = ATTACKERS.blocks(input)?;
        if input.flag("bombardment") {
            if input.text(GRANDE_BATTERIE.id) != "on" {
                return Err(InputError::new(
                    GRANDE_BATTERIE.id,
                    "the optional rule 5.0 is not played (Session settings)",
                ));
            }
            if attacker != "french" {
                return Err(InputError::new(
                    "side",
                    "only the French form a Grande Batterie (L1363-1365)",
                ));
            }
            if !attackers.is_empty() {
                return Err(InputError::new(
                    "attackers",
                    "a Grande Batterie bombards an uncontested enemy Area: no French unit is in it (L1363-1366)",
                ));
            }
            if ARTILLERY.blocks(input)?.is_empty() || !LEADERS.blocks(input)?.is_empty() {
                return Err(InputError::new(
                    "artillery",
                    "a Grande Batterie fires artillery only (L1363-1366)",
                ));
            }
        } else if !attackers
            .iter()
            .any(|b| matches!(b.kind.as_str(), "infantry" | "cavalry"))
        {
            return Err(InputError::new(
                "attackers",
                "support units cannot attack alone: the attacker needs an infantry or cavalry unit in the Area (3.4, L378-380)",
            ));
        }
        if DEFENDERS.blocks(input)?.is_empty() {
            return Err(InputError::new(
                "defenders",
                "a battle is fought in a contested Area: pick the defending units (6.2.3, L1027-1029)",
            ));
        }
        for block in LEADERS.blocks(input)? {
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
        let artillery = ARTILLERY.blocks(input)?;
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
        Forces::of(input)
            .map(|forces| firepower(input, &forces))
            .unwrap_or_default()
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
        let forces = Forces::of(input)?;
        let modifiers = firepower(input, &forces);
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

        let (attackers, defenders) = (&forces.attackers, &forces.defenders);
        let attacker_won = final_result > 0;
        let (loser, loser_blocks, winner, winner_blocks) = if attacker_won {
            (defender, defenders, attacker, attackers)
        } else {
            (attacker, attackers, defender, defenders)
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
        // A Combined Attack lowers a losing attacker's Incurred Losses, and the winner's share
        // follows from them; under the broader reading a winning attacker's hits too, and the
        // winner's share is that of the loss before it (OR 8.0, L1333).
        let combined = combined_attack(input, &forces) && code != "tie";
        let either = input.text(COMBINED_ATTACK.id) == "either";
        let mut incurred = incurred;
        let mut lowered = None;
        if combined && !attacker_won && incurred > 0 {
            incurred -= 1;
            lowered = Some(incurred);
        }
        let share_of = if lowered.is_some() && either {
            incurred + 1
        } else {
            incurred
        };
        let mut winner_hits = match code.as_str() {
            "tie" => 0,
            "marginal" => (share_of + 1) / 2,
            "decisive" => (share_of + 3) / 4,
            // "brilliant": the code is one of LOSSES'.
            _ => 1,
        };
        if combined && attacker_won && either && winner_hits > 0 {
            winner_hits -= 1;
            lowered = Some(winner_hits);
        }
        if let Some(hits) = lowered {
            limits.push(AppliedLimit {
                description: format!(
                    "Combined Attack: the {attacking} take one hit fewer, {hits} in all"
                ),
                rule: "OR 8.0 Combined Attack, L1320-1333".into(),
            });
        }

        let mut effects = Vec::new();
        let mut taken = Vec::new();
        let mut sudden_death = None;
        if code != "tie" {
            // The loser first, then the winner (L1101-1104).
            for (side, blocks, hits) in [
                (loser, loser_blocks, incurred),
                (winner, winner_blocks, winner_hits),
            ] {
                // The bombarding French take no losses (L1383-1384).
                let hits = if side == attacker && grande_batterie(input) {
                    0
                } else {
                    hits
                };
                let spared_field = if side == attacker {
                    "attacker_spared"
                } else {
                    "defender_spared"
                };
                let allocation = super::losses::allocate(
                    blocks,
                    hits,
                    input.list(spared_field),
                    input.text(HITS_SPREAD.id) == "spread",
                );
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
                // The game ends the moment a Side's tenth unit or its Strategic Leader falls,
                // so the loser's losses, applied first, decide it first (L177-178, L1101-1102).
                if sudden_death.is_none() {
                    sudden_death = sudden_death_by(input, side, blocks, &allocation.eliminated);
                }
                taken.push((side, hits, allocation));
            }
        }
        if let Some(reason) = &sudden_death {
            effects.push(Effect::Mark {
                name: reason.as_str().into(),
                rule: "How to Win, L168-208; 6.2.3.1.9, L1153-1156".into(),
            });
        }
        if counts_against_allowance(input) {
            effects.push(Effect::UseCounter {
                name: BATTLES_ALLOWED.into(),
                rule: "3.9.5, L567-569; 6.2.1, L917-918".into(),
            });
        }
        // What a Strategic Action A limits: one battle per faction, one new engagement.
        effects.push(Effect::Mark {
            name: fought_mark(attacker).as_str().into(),
            rule: "6.1 Strategic Action A, L853-855".into(),
        });
        if input.flag("newly_contested") {
            effects.push(Effect::Mark {
                name: NEW_ENGAGEMENT.into(),
                rule: "6.1 Strategic Action A, L853-854".into(),
            });
        }
        // The guns of a Grande Batterie are not reduced (L1255).
        let reduced: &[Block] = if grande_batterie(input) {
            &[]
        } else {
            &forces.artillery
        };
        for block in reduced {
            effects.push(Effect::add_to(
                attacker,
                &block.name,
                attribute::LEVELS_LOST,
                1,
                "3.10.1 Artillery Commitment, L716-717; 6.2.3.1.10, L1176-1178",
            ));
        }
        let left = |side: &str, blocks: &[Block]| {
            taken
                .iter()
                .find(|(s, _, _)| *s == side)
                .is_none_or(|(_, _, a)| a.eliminated.len() < blocks.len())
        };
        // A Grande Batterie has no French unit in the Area.
        let attackers_left = !attackers.is_empty() && left(attacker, attackers);
        effects.push(after_the_battle(
            input,
            attackers_left,
            left(defender, defenders),
        ));
        // OR 4.0: the cavalry still standing of a Side that cleared the Area of the enemy; the
        // rule names neither attacker nor defender (L1349-1352).
        for (side, blocks, enemy, enemy_blocks) in [
            (attacker, attackers, defender, defenders),
            (defender, defenders, attacker, attackers),
        ] {
            let cleared = !blocks.is_empty()
                && left(side, blocks)
                && !enemy_blocks.is_empty()
                && !left(enemy, enemy_blocks);
            if input.text(IMPETUS.id) != "on" || !cleared {
                continue;
            }
            let eliminated: Vec<&String> = taken
                .iter()
                .filter(|(s, _, _)| *s == side)
                .flat_map(|(_, _, allocation)| &allocation.eliminated)
                .collect();
            let cavalry: Vec<&str> = blocks
                .iter()
                .filter(|b| b.kind == "cavalry" && !eliminated.contains(&&b.name))
                .map(|b| b.name.as_str())
                .collect();
            if !cavalry.is_empty() {
                effects.push(Effect::reminder(
                    &format!(
                        "Impetus: {} may move up to 1 MP now, before any other battle",
                        cavalry.join(", ")
                    ),
                    "OR 4.0 Impetus, L1348-1352",
                ));
            }
        }

        let label = lookup.result.label.clone();
        let kind = label.split(':').next().unwrap_or_default().to_string();
        let mut headline = match code.as_str() {
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
        if let Some(reason) = sudden_death {
            headline = format!("{headline}. {reason}");
        }
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

/// The blocks of a battle as the form lists them, read once per resolution.
struct Forces {
    attackers: Vec<Block>,
    leaders: Vec<Block>,
    artillery: Vec<Block>,
    defenders: Vec<Block>,
}

impl Forces {
    fn of(input: &Input) -> Result<Forces, InputError> {
        Ok(Forces {
            attackers: ATTACKERS.blocks(input)?,
            leaders: LEADERS.blocks(input)?,
            artillery: ARTILLERY.blocks(input)?,
            defenders: DEFENDERS.blocks(input)?,
        })
    }
}

/// Every term of both firepowers, each with its rule (6.2.3.1.4, L1009-1037).
fn firepower(input: &Input, forces: &Forces) -> Vec<Modifier> {
    let attacking = side_label(input.text("side"));
    let defending = side_label(input.text("defender"));
    let area = input.text("area").trim();
    let as_i32 = |n: i64| i32::try_from(n).unwrap_or(0);
    let mut terms = Vec::new();
    for block in &forces.attackers {
        let strength = block.top().map_or(0, |l| l.strength());
        terms.push(Modifier::new(
            attacking,
            format!("{} in Area {area}, strength {strength}", block.name),
            as_i32(strength),
            "6.2.3.1.4, L1009-1015; 3.2, L486-488",
        ));
    }
    for block in &forces.leaders {
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
    for block in &forces.artillery {
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
    for block in &forces.defenders {
        let strength = block.top().map_or(0, |l| l.strength());
        terms.push(Modifier::new(
            defending,
            format!("{} in Area {area}, strength {strength}", block.name),
            as_i32(strength),
            "6.2.3.1.4, L1020, L1036-1037; 3.2, L486-488",
        ));
    }
    if grande_batterie(input) {
        terms.push(Modifier::new(
            defending,
            format!("No Terrain Bonus of Area {area} against a Grande Batterie"),
            0,
            "OR 5.0 Grande Batterie, L1383-1384, L1254-1255",
        ));
    } else {
        terms.push(Modifier::new(
            defending,
            format!("Terrain Bonus of Area {area}"),
            input.number("terrain_bonus"),
            "1.0, L231-233; 6.2.3.1.4, L1020, L1036-1037",
        ));
    }
    if cavalry_charges(input, forces) {
        for block in forces.attackers.iter().filter(|b| b.kind == "cavalry") {
            let strength = block.top().map_or(0, |l| l.strength());
            terms.push(Modifier::new(
                attacking,
                format!("Cavalry Charge: {} doubled", block.name),
                as_i32(strength),
                "OR 2.0 Cavalry Charge, L1293, L1299-1301, L1312-1316",
            ));
        }
    }
    let languages = input.number("british_languages");
    let penalty = match input.text(LANGUAGES.id) {
        "present" if languages >= 2 => languages.min(2),
        "beyond-first" => (languages - 1).clamp(0, 2),
        _ => 0,
    };
    if penalty > 0 {
        let british = side_label("british");
        terms.push(Modifier::new(
            british,
            format!("Languages: {languages} among the British units"),
            -penalty,
            "OR 6.0 Languages, L1278-1281",
        ));
    }
    if input.text(MORALE.id) == "on" {
        for (label, side) in [
            (attacking, input.text("side")),
            (defending, input.text("defender")),
        ] {
            // The Prussians count as British for this rule (L1346).
            let eliminated = if side == "french" {
                input.number("french_eliminated")
            } else {
                input.number("british_eliminated")
            };
            let morale = (10 - eliminated).max(0);
            terms.push(Modifier::new(
                label,
                format!("Morale {morale} (10 less {eliminated} eliminated)"),
                morale,
                "OR 9.0 Morale, L1343-1346; 3.6, L434-438",
            ));
        }
    }
    terms
}

/// How many languages the British blocks of the battle speak, on the record (OR 6.0, L1278-1288):
/// those in the Area, and under the other reading the Leaders and Artillery supporting them
/// (English, L1288). A British block whose tag is not entered is named.
fn british_languages(input: &Input, record: &Record) -> Result<i64, InputError> {
    let mut names: Vec<&Symbol> = Vec::new();
    if input.text("side") == "british" {
        names.extend(input.list(ATTACKERS.units));
    }
    if input.text("defender") == "british" {
        names.extend(input.list(DEFENDERS.units));
    }
    let mut spoken = std::collections::BTreeSet::new();
    for name in names {
        // British Leaders and Artillery speak English whatever the record holds (L1288).
        let language = record.unit("british", name).and_then(|u| {
            if blocks::english_by_rule(u.attribute(attribute::TYPE).unwrap_or("")) {
                Some("english")
            } else {
                u.attribute(attribute::LANGUAGE).and_then(blocks::language)
            }
        });
        match language {
            Some(language) => {
                spoken.insert(language);
            }
            None => {
                return Err(InputError::new(
                    "british_languages",
                    format!("enter the language of {name} from its sticker's tag (Sticker values)"),
                ));
            }
        }
    }
    let supported = input.text("side") == "british"
        && input.text(LANGUAGE_UNITS.id) == "supporting"
        && !(input.list(LEADERS.units).is_empty() && input.list(ARTILLERY.units).is_empty());
    if supported {
        spoken.insert("english");
    }
    Ok(spoken.len() as i64)
}

/// OR 2.0 (L1299-1316): played, in a Green Area, with cavalry attacking and none defending.
fn cavalry_charges(input: &Input, forces: &Forces) -> bool {
    let has_cavalry = |blocks: &[Block]| blocks.iter().any(|b| b.kind == "cavalry");
    input.text(CAVALRY_CHARGE.id) == "on"
        && input.flag("green_area")
        && has_cavalry(&forces.attackers)
        && !has_cavalry(&forces.defenders)
}

/// OR 8.0 (L1320-1333): played, with a Leader, an Artillery, an Infantry and a Cavalry of the
/// attacker in the battle: in the Area, and (as the setting reads it) adding their values from
/// next to it.
fn combined_attack(input: &Input, forces: &Forces) -> bool {
    let mut taking_part: Vec<&Block> = forces.attackers.iter().collect();
    if input.text(COMBINED_ATTACK_UNITS.id) != "area" {
        taking_part.extend(forces.leaders.iter().chain(&forces.artillery));
    }
    let has = |kind: fn(&str) -> bool| taking_part.iter().any(|b| kind(&b.kind));
    input.text(COMBINED_ATTACK.id) != "off"
        && has(blocks::is_leader)
        && has(blocks::is_artillery)
        && has(|kind| kind == "infantry")
        && has(|kind| kind == "cavalry")
}

/// Sudden Death by `side`'s losses in this battle, if they bring it: its Strategic Leader killed
/// (L186) or its tenth unit eliminated (L187-199, L1153-1156). Prussian losses never count
/// (L1157-1158).
fn sudden_death_by(
    input: &Input,
    side: &str,
    blocks: &[Block],
    eliminated: &[String],
) -> Option<String> {
    let winner = match side {
        "french" => "the Allies",
        "british" => "the French",
        _ => return None,
    };
    if let Some(leader) = blocks
        .iter()
        .find(|b| b.kind == "strategic-leader" && eliminated.contains(&b.name))
    {
        return Some(super::killed(&leader.name, winner));
    }
    let before = i64::from(input.number(&format!("{side}_eliminated")));
    let now = before + i64::try_from(eliminated.len()).unwrap_or(0);
    (before < 10 && now >= 10).then(|| super::ten_eliminated(side, winner))
}

/// What the players conceal after the battle (6.2.3.1.10, L1173-1175; digest Corrections,
/// "Attacking units when the Attacker clears the Area" and "Both Sides eliminated").
fn after_the_battle(input: &Input, attackers_left: bool, defenders_left: bool) -> Effect {
    let attacking = side_label(input.text("side"));
    let defending = side_label(input.text("defender"));
    let area = input.text("area").trim();
    let text = match (attackers_left, defenders_left) {
        (true, true) => format!(
            "Conceal the {defending} units in Area {area}; the {attacking} units there stay revealed"
        ),
        (true, false) if input.text(CLEARED_AREA.id) == "revealed" => format!(
            "The {attacking} units take Area {area} and stay revealed; place or remove its control cube"
        ),
        (true, false) => format!(
            "The {attacking} units take Area {area}: conceal them, and place or remove its control cube"
        ),
        (false, true) => {
            format!("Conceal the {defending} units in Area {area}, no longer contested")
        }
        (false, false) => format!(
            "Area {area} is empty: it belongs to the Side whose unit entered it last (L316-318)"
        ),
    };
    Effect::reminder(&text, "6.2.3.1.10, L1173-1175, L1231-1233; 1.5, L311-318")
}

/// Whether the battle is a Grande Batterie (OR 5.0) the session plays.
fn grande_batterie(input: &Input) -> bool {
    input.flag("bombardment") && input.text(GRANDE_BATTERIE.id) == "on"
}

/// A Grande Batterie is the battle of the French Impulse that played the Disc for it, with at
/// most Napoleon's Strategic Value in guns (L1363-1365); that Impulse fights no other.
fn check_grande_batterie(input: &Input, record: &Record) -> Result<(), InputError> {
    let bombarding = record
        .marks
        .contains(action_mark("strategic-bombard").as_str());
    if !grande_batterie(input) {
        if bombarding {
            return Err(InputError::new(
                "bombardment",
                "this Impulse plays the Disc for a Grande Batterie: its one battle is the bombardment",
            ));
        }
        return Ok(());
    }
    if !bombarding {
        return Err(InputError::new(
            "bombardment",
            "a Grande Batterie is the French Impulse's action: choose it when the Impulse begins, playing the Disc (L1363-1364)",
        ));
    }
    let value = super::activation::strategic_value(record, "french");
    let guns = input.list(ARTILLERY.units).len() as i64;
    if guns > value {
        return Err(InputError::new(
            ARTILLERY.units,
            format!(
                "Napoleon's Strategic Value is {value} on the record: no more guns (L1364-1365)"
            ),
        ));
    }
    Ok(())
}

/// Whether this battle uses one of the Impulse's allowance (digest §7.2 item 3).
fn counts_against_allowance(input: &Input) -> bool {
    input.text(BATTLE_ALLOWANCE.id) == "every" || input.flag("newly_contested")
}

/// Refuses a battle beyond the Impulse's allowance: one per activated Tactical Leader
/// (L567-569, L917-918), one per faction in a Strategic Action A (L853-855), none in a Strategic
/// Action B or a Pass (L866-867, L1062-1063). The allowance is kept once the players record the
/// Impulse's action; without it the record cannot tell.
fn check_allowance(input: &Input, record: &Record) -> Result<(), InputError> {
    let Some(left) = record.counters.get(BATTLES_ALLOWED).copied() else {
        return Ok(());
    };
    if i64::from(input.number("battles_left")) != left {
        return Err(InputError::new(
            "battles_left",
            format!("the record allows {left} more battle(s) this Impulse"),
        ));
    }
    let this_impulse = |action: &str| record.marks.contains(action_mark(action).as_str());
    if this_impulse("pass") || this_impulse("strategic-reinforce") {
        return Err(InputError::new(
            "battles_left",
            "no battle is fought in a Pass or a Strategic Action B (6.3, L1062-1063; 6.1, L866-867)",
        ));
    }
    if this_impulse("tactical") && !record.marks.contains(LEADERS_ACTIVATED) {
        return Err(InputError::new(
            "battles_left",
            "activate the Tactical Action's leaders first: each allows one battle (6.2.1, L906-918)",
        ));
    }
    let attacker = input.text("side");
    if record.marks.contains(STRATEGIC_MOVE) {
        if record.marks.contains(fought_mark(attacker).as_str()) {
            return Err(InputError::new(
                "side",
                format!(
                    "a Strategic Action A allows one battle per faction, and the {} have fought theirs (L853-855)",
                    side_label(attacker)
                ),
            ));
        }
        if input.flag("newly_contested") && record.marks.contains(NEW_ENGAGEMENT) {
            return Err(InputError::new(
                "newly_contested",
                "a Strategic Action A makes at most one new engagement (L853-854, L934)",
            ));
        }
    }
    if counts_against_allowance(input) && left <= 0 {
        return Err(InputError::new(
            "battles_left",
            "the Impulse allows no more battles: one per activated Tactical Leader in a Tactical Action (L567-569, L917-918)",
        ));
    }
    Ok(())
}
