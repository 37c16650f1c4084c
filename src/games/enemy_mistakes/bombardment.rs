//! Phase 2, Bombardment (L705-727), and the Damage it causes (L695-697). A Foot Artillery Unit
//! rolls 2d6; its modifiers count only when the unmodified roll is higher than 5 (L719). The final
//! result is read on the Bombardment effects table (L678-684). Each Damage then rolls 1d6 of its
//! own: a 5 or 6 is a Loss (L697).
//!
//! Readings taken:
//! - The Shaken executor, Wood and Town modifiers are negative: their minus signs were lost in the
//!   text (L688-690), and L602 and L610 print the Wood and Town ones as -1 and -2.
//! - A final result above 11 reads the "11+" row; below 2 cannot happen (a natural 2 to 5 is never
//!   modified, and a natural 6 loses at most 3).
//!
//! Units named on the form take their Smoke, yellow markers and Loss tokens on the record; for a
//! Unit left unnamed the result says what to place on the table.

use super::forms::{ENEMY_SIDES, UNITS_ON_BATTLEFIELD, check_enemies, check_unit, given, named};
use super::roster::{self, attribute, state};
use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;

const BOMBARDING: &str = "Bombardment";
const MODIFIERS_RULE: &str = "Bombardment, dice modifiers, L686-693";

/// The unmodified roll must be higher than this for the modifiers to count (L719).
const MODIFIERS_FROM_ABOVE: i32 = 5;

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Bombarding army",
        group: "Artillery",
        kind: FieldKind::Choice(SIDES),
        rule: "2. Bombardment, L707",
        help: "Armies bombard in the order of Initiative.",
    },
    Field {
        id: "artillery",
        label: "Artillery Unit bombarding",
        group: "Artillery",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: UNITS_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: "Executing the bombardment, L711",
        help: "Choose it from the record to fill in its yellow marker, or type a name. An unfastened Foot Artillery Unit without a Smoke token, not in an enemy area of engagement. Of the Horse Artillery only the English Units 39 and 40 may bombard (L532).",
    },
    Field {
        id: "artillery_shaken",
        label: "It is Shaken (yellow marker)",
        group: "Artillery",
        kind: FieldKind::Flag,
        rule: MODIFIERS_RULE,
        help: "-1.",
    },
    Field {
        id: "supporters",
        label: "Friendly Artillery Units in support",
        group: "Artillery",
        kind: FieldKind::Count { max: 10 },
        rule: "Executing the bombardment, L723; dice modifiers, L693",
        help: "+1 each: unfastened Foot Artillery sharing the same target instead of bombarding itself.",
    },
    Field {
        id: "supporter_names",
        label: "Which Units support (optional)",
        group: "Artillery",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: UNITS_ON_BATTLEFIELD,
        },
        rule: "Executing the bombardment, L723",
        help: "Name them to put their Smoke tokens on the record; naming them counts them.",
    },
    Field {
        id: "grand_battery",
        label: "A Grand Battery Unit bombards, supported by adjacent Foot Artillery",
        group: "Artillery",
        kind: FieldKind::Flag,
        rule: "The Grand Battery of General D'Erlon, L727",
        help: "While French Units 23, 24 and 9 are in Formation together. Its adjacent supporters take no Smoke token.",
    },
    Field {
        id: "target_side",
        label: "Army of the target",
        group: "Target",
        kind: FieldKind::Choice(ENEMY_SIDES),
        rule: "The armies, L321",
        help: "The English and the Prussians are allies; the French are everyone's enemy.",
    },
    Field {
        id: "target",
        label: "Target Unit",
        group: "Target",
        kind: FieldKind::Unit {
            of: UnitOf::Side("target_side"),
            only: UNITS_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: "Executing the bombardment, L711; line of fire, L715-717",
        help: "An enemy Unit touched by the line of fire, up to 180 mm. Unattached Generals cannot be targets. Choose it from the record to learn whether a General is attached.",
    },
    Field {
        id: "target_terrain",
        label: "The target is completely inside",
        group: "Target",
        kind: FieldKind::Choice(&[("open", "Neither"), ("wood", "A Wood"), ("town", "A Town")]),
        rule: "Dice modifiers, L689-690; Wood L602; Town L610",
        help: "A Wood -1, a Town -2.",
    },
    Field {
        id: "target_in_column",
        label: "The target is in column with 1 or more Units",
        group: "Target",
        kind: FieldKind::Flag,
        rule: MODIFIERS_RULE,
        help: "+1.",
    },
    Field {
        id: "fire_on_rear",
        label: "The fire hits the target's rear",
        group: "Target",
        kind: FieldKind::Flag,
        rule: MODIFIERS_RULE,
        help: "+1. A target fired on the rear cannot Withdraw (L771).",
    },
    Field {
        id: "general_attached",
        label: "A General or Commander is attached to the target",
        group: "Target",
        kind: FieldKind::Flag,
        rule: "Attach, L408",
        help: "If the target takes Damage, the General rolls for his life.",
    },
];

pub struct Bombardment;

impl Procedure for Bombardment {
    fn about(&self) -> &About {
        &About {
            id: "bombardment",
            title: "Bombardment",
            rule: "2. Bombardment, L705-727; Bombardment effects table, L678-693",
            summary: "A Foot Artillery Unit rolls 2 dice at an enemy Unit in its line of fire. The modifiers count only if the unmodified roll is 6 or more; the final result is read on the Bombardment effects table.",
            fields: FIELDS,
        }
    }
    /// A Unit chosen from the record brings what the record knows: the bombarding Unit's yellow
    /// marker, the supporters' number, a General attached to the target.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        match changed {
            "artillery" => {
                if let Some(unit) = given(input.text("artillery"))
                    .and_then(|name| record.unit(input.text("side"), name))
                {
                    let shaken = roster::number(unit, attribute::YELLOW) > 0;
                    input.set("artillery_shaken", Value::Flag(shaken));
                }
            }
            "supporter_names" => {
                let named = input.list("supporter_names").len();
                input.set("supporters", Value::Number(named as i64));
            }
            "target" => {
                if let Some(target) = given(input.text("target")) {
                    let attached = record
                        .units_where(
                            Some(input.text("target_side")),
                            &[(attribute::ATTACHED_TO, target)],
                        )
                        .any(|(_, _, general)| roster::is_on_battlefield(general));
                    input.set("general_attached", Value::Flag(attached));
                }
            }
            _ => {}
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_unit(
            record,
            input.text("side"),
            input.text("artillery"),
            "artillery",
        )?;
        check_unit(
            record,
            input.text("target_side"),
            input.text("target"),
            "target",
        )
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, "side", "target_side")?;
        let named = input.list("supporter_names").len();
        let supporters = input.number("supporters");
        if named != 0 && i32::try_from(named) != Ok(supporters) {
            return Err(InputError::new(
                "supporter_names",
                format!("{named} named for {supporters} Units in support: name them all, or none"),
            ));
        }
        if input.flag("grand_battery") && input.text("side") != "french" {
            return Err(InputError::new(
                "grand_battery",
                "the Grand Battery is French (L727)",
            ));
        }
        if input.flag("grand_battery") && input.number("supporters") == 0 {
            return Err(InputError::new(
                "supporters",
                "the Grand Battery rule is about its supporters: count them",
            ));
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("First die", Die::D6), ("Second die", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = Vec::new();
        let mut add = |label: &str, value: i32, rule: &str| {
            if value != 0 {
                modifiers.push(Modifier::new(BOMBARDING, label, value, rule));
            }
        };
        if input.flag("artillery_shaken") {
            add("The Artillery Unit is Shaken", -1, "Dice modifiers, L688");
        }
        match input.text("target_terrain") {
            "wood" => add(
                "Target completely inside a Wood",
                -1,
                "Dice modifiers, L689; Wood, L602",
            ),
            "town" => add(
                "Target completely inside a Town",
                -2,
                "Dice modifiers, L690; Town, L610",
            ),
            _ => {}
        }
        if input.flag("target_in_column") {
            add(
                "Target in column with 1 or more Units",
                1,
                "Dice modifiers, L691",
            );
        }
        if input.flag("fire_on_rear") {
            add("Fire on the target's rear", 1, "Dice modifiers, L692");
        }
        add(
            &format!("{} Artillery Units in support", input.number("supporters")),
            input.number("supporters"),
            "Dice modifiers, L693; support, L723",
        );
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        let natural: i32 = faces.iter().map(|f| i32::from(*f)).sum();
        let modifiers = self.modifiers(input);
        let mut limits = Vec::new();
        let applied: i32 = if natural > MODIFIERS_FROM_ABOVE {
            modifiers.iter().map(|m| m.value).sum()
        } else {
            if !modifiers.is_empty() {
                limits.push(AppliedLimit {
                    description: format!(
                        "The unmodified roll {natural} is not higher than {MODIFIERS_FROM_ABOVE}: the modifiers do not count"
                    ),
                    rule: "Executing the bombardment, L719".into(),
                });
            }
            0
        };
        let total = natural + applied;
        let lookup = tables.get("bombardment")?.lookup_roll_range(None, total)?;
        limits.extend(lookup.limits);
        let code = lookup.result.code.as_str();
        let target = named(input.text("target"), "The target");
        let artillery = named(input.text("artillery"), "The bombarding Unit");
        let target_unit = Named {
            side: input.text("target_side"),
            name: given(input.text("target")),
            called: &target,
        };
        // Ranked best first for the bombarding army.
        let (rank, effect, mut effects) = match code {
            "SS" => (
                4,
                format!("{artillery} is Shaken"),
                Named {
                    side: input.text("side"),
                    name: given(input.text("artillery")),
                    called: &artillery,
                }
                .shaken("Bombardment effects table, row 2, L680"),
            ),
            "S" => (3, "no effect on the target".to_string(), Vec::new()),
            "D1" => (
                2,
                format!("{target} suffers 1 Damage"),
                vec![damage_reminder(&target, 1, "row 6/7, L682")],
            ),
            "D2W" => {
                let mut effects = vec![damage_reminder(&target, 2, "row 8/10, L683")];
                effects.extend(withdraw(&target_unit, input.flag("fire_on_rear")));
                (
                    1,
                    format!("{target} suffers 2 Damage and must Withdraw 1"),
                    effects,
                )
            }
            _ => {
                let mut effects = vec![
                    damage_reminder(&target, 2, "row 11+, L684"),
                    Effect::reminder(
                        &format!(
                            "{target} suffers 1 Loss besides the Damage (roll it with the Damage), and Withdraws 1"
                        ),
                        "Bombardment effects table, row 11+, L684; Retreat, L783",
                    ),
                ];
                effects.extend(
                    target_unit.shaken("Bombardment effects table, row 11+, L684; Retreat, L783"),
                );
                (
                    0,
                    format!("{target} suffers 2 Damage and 1 Loss, and Retreats"),
                    effects,
                )
            }
        };
        effects.splice(0..0, smoke(input, &artillery));
        // Rank 2 and better (lower) are the rows that Damage the target.
        if rank <= 2 && input.flag("general_attached") {
            effects.push(Effect::reminder(
                &format!("The General attached to {target} rolls 2 dice for his life (a modified 1 or less eliminates him)"),
                "Attach, L408-416",
            ));
        }
        Ok(Resolution {
            outcome: Outcome {
                key: lookup.result.label.clone(),
                rank,
                headline: format!("{} ({total}): {effect}", army_label(input.text("side"))),
            },
            totals: vec![SideTotal {
                side: BOMBARDING.into(),
                die: Some(natural),
                modifiers: applied,
                total,
            }],
            modifiers,
            limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}

/// A Unit the result changes: on the record if the players named it, in words otherwise.
struct Named<'a> {
    side: &'a str,
    name: Option<&'a str>,
    called: &'a str,
}

/// Yellow markers never go above 2: the second Routs the Unit (L787).
const ROUTED_YELLOW: i64 = 2;

impl Named<'_> {
    /// One more yellow marker; a second one Routs the Unit (L787).
    fn shaken(&self, rule: &str) -> Vec<Effect> {
        let mut effects = match self.name {
            Some(name) => vec![
                Effect::add_to(self.side, name, attribute::YELLOW, 1, rule),
                Effect::cap(
                    self.side,
                    name,
                    attribute::YELLOW,
                    ROUTED_YELLOW,
                    "Routed, L787",
                ),
            ],
            None => Vec::new(),
        };
        effects.push(Effect::reminder(
            &format!(
                "{} receives 1 yellow marker (Shaken); with a second one it is Routed: it Withdraws 2, or is captured if it cannot, and is eliminated at the end of the turn",
                self.called
            ),
            &format!("{rule}; Routed, L787"),
        ));
        effects
    }

    fn smoke(&self, rule: &str) -> Option<Effect> {
        self.name
            .map(|name| Effect::set_attribute(self.side, name, attribute::SMOKE, "yes", rule))
    }
}

/// Every row of the table starts with Smoke for the executor and its supporters, except the Grand
/// Battery's adjacent supporters (L727): on the record for the Units named.
fn smoke(input: &Input, artillery: &str) -> Vec<Effect> {
    let side = input.text("side");
    let grand_battery = input.flag("grand_battery");
    let rule = if grand_battery {
        "Bombardment effects table, L680-684; the Grand Battery, L727"
    } else {
        "Bombardment effects table, L680-684"
    };
    let executor = Named {
        side,
        name: given(input.text("artillery")),
        called: artillery,
    };
    let mut effects: Vec<Effect> = executor.smoke(rule).into_iter().collect();
    let supporters = input.number("supporters");
    let names = input.list("supporter_names");
    if !grand_battery {
        effects.extend(names.iter().filter_map(|name| {
            Named {
                side,
                name: given(name),
                called: name,
            }
            .smoke(rule)
        }));
    }
    let text = match (supporters, grand_battery) {
        (0, _) => format!("{artillery} receives a Smoke token"),
        (_, true) => format!(
            "{artillery} receives a Smoke token; its {supporters} adjacent supporters of the Grand Battery do not"
        ),
        (n, false) => format!("{artillery} and its {n} supporters each receive a Smoke token"),
    };
    effects.push(Effect::reminder(&text, rule));
    effects
}

fn damage_reminder(target: &str, damage: i32, row: &str) -> Effect {
    Effect::reminder(
        &format!(
            "{target} suffers {damage} Damage: roll 1 die for each with Damage (a 5 or 6 is a Loss)"
        ),
        &format!("Bombardment effects table, {row}; Suffering Damages, L697"),
    )
}

/// A target fired on the rear cannot Withdraw (L771), so it is Shaken instead (L683).
fn withdraw(target: &Named, fire_on_rear: bool) -> Vec<Effect> {
    if fire_on_rear {
        let mut effects = vec![Effect::reminder(
            &format!("{} cannot Withdraw, being fired on the rear", target.called),
            "Withdraw, L771",
        )];
        effects.extend(target.shaken("Bombardment effects table, row 8/10, L683"));
        effects
    } else {
        vec![Effect::reminder(
            &format!(
                "{} Withdraws 1; if its player cannot or will not, it receives 1 yellow marker (Shaken)",
                target.called
            ),
            "Bombardment effects table, row 8/10, L683",
        )]
    }
}

const DAMAGE_DICE: [&str; 4] = [
    "First Damage",
    "Second Damage",
    "Third Damage",
    "Fourth Damage",
];

/// A Damage becomes a Loss on a 5 or 6 (L697).
const LOSS_FROM: u8 = 5;

const DAMAGE_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army of the damaged Unit",
        group: "Damage",
        kind: FieldKind::Choice(SIDES),
        rule: "Suffering Damages, L697",
        help: "Its controlling player rolls.",
    },
    Field {
        id: "unit",
        label: "Damaged Unit",
        group: "Damage",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: UNITS_ON_BATTLEFIELD,
            max_len: 40,
        },
        rule: "Suffering Damages, L697",
        help: "Choose it from the record to fill in the Losses it can still sustain and to place its Loss tokens there, or type a name.",
    },
    Field {
        id: "damage",
        label: "Damage suffered",
        group: "Damage",
        kind: FieldKind::Number {
            min: 1,
            max: DAMAGE_DICE.len() as i32,
        },
        rule: "Bombardment effects table, L682-684",
        help: "1 for a final 6/7; 2 for 8/10 or 11+. One die each.",
    },
    Field {
        id: "automatic_loss",
        label: "Plus the automatic Loss of a final 11+",
        group: "Damage",
        kind: FieldKind::Flag,
        rule: "Bombardment effects table, row 11+, L684",
        help: "That Loss is suffered whatever the Damage dice show.",
    },
    Field {
        id: "capacity_left",
        label: "Losses it can still sustain",
        group: "Damage",
        kind: FieldKind::Number { min: 1, max: 20 },
        rule: "Units, L463; Suffering Damages, L697",
        help: "The capacity printed on the tile, less the Loss tokens already on it. At zero the Unit is eliminated. Filled in from the record.",
    },
];

pub struct Damage;

impl Procedure for Damage {
    fn about(&self) -> &About {
        &About {
            id: "damage",
            title: "Damage from bombardment",
            rule: "Suffering Damages, L695-697",
            summary: "Each Damage from a bombardment rolls 1 die: only a 5 or 6 is a Loss. A Unit whose capacity to sustain Losses reaches zero is eliminated.",
            fields: DAMAGE_FIELDS,
        }
    }
    /// A Unit chosen from the record brings the Losses it can still sustain.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "unit" {
            return;
        }
        let Some(unit) =
            given(input.text("unit")).and_then(|name| record.unit(input.text("side"), name))
        else {
            return;
        };
        let capacity = roster::number(unit, attribute::CAPACITY);
        if capacity > 0 {
            let left = (capacity - roster::number(unit, attribute::LOSSES)).max(1);
            input.set("capacity_left", Value::Number(i64::from(left)));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_unit(record, input.text("side"), input.text("unit"), "unit")
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        DiceSpec::first_alike(Die::D6, &DAMAGE_DICE, input.number("damage"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        let from_dice = faces.iter().filter(|f| **f >= LOSS_FROM).count() as i32;
        let losses = from_dice + i32::from(input.flag("automatic_loss"));
        let side = input.text("side");
        let unit = named(input.text("unit"), "The Unit");
        let capacity = input.number("capacity_left");
        let eliminated = losses >= capacity;
        let mut effects = Vec::new();
        if losses > 0 {
            effects.push(match given(input.text("unit")) {
                Some(name) => Effect::add_to(
                    side,
                    name,
                    attribute::LOSSES,
                    i64::from(losses),
                    "Suffering Damages, L697",
                ),
                None => Effect::reminder(
                    &format!("Place {losses} Loss tokens on {unit}"),
                    "Suffering Damages, L697",
                ),
            });
        }
        let headline = if eliminated {
            if let Some(name) = given(input.text("unit")) {
                effects.push(Effect::set_state(
                    side,
                    name,
                    state::ELIMINATED,
                    "Suffering Damages, L697",
                ));
            }
            effects.push(Effect::reminder(
                &format!("{unit} is eliminated; the other friendly Units in its column become Shaken (1 yellow marker if they have none)"),
                "Suffering Damages, L697; Elimination, L672",
            ));
            format!("{unit} suffers {losses} Losses and is eliminated")
        } else {
            format!(
                "{unit} suffers {losses} Losses; it can still sustain {}",
                capacity - losses
            )
        };
        Ok(Resolution {
            outcome: Outcome {
                key: if eliminated {
                    "Eliminated".into()
                } else {
                    format!("{losses} Losses")
                },
                // Best first for the army that rolls: fewest Losses, elimination last.
                rank: if eliminated { i32::MAX } else { losses },
                headline,
            },
            totals: vec![SideTotal {
                side: "Losses".into(),
                die: None,
                modifiers: 0,
                total: losses,
            }],
            modifiers: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects,
        })
    }
}
