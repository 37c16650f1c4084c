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
//! - A Unit that cannot Withdraw receives a yellow marker, or suffers 1 Loss if it has one already
//!   (L767): the table's "is Shaken" for a target that cannot Withdraw (L683) is that rule, so a
//!   target already Shaken and fired on the rear suffers 1 Loss, not a second marker. That Loss is
//!   counted with the Damage, as the automatic Loss of an 11+ is.
//! - A Retreat is "Withdraw 1 and receive a yellow marker" (L783), in that order: a target fired on
//!   the rear fails the Withdraw first (a yellow marker, or 1 Loss if it has one, L767, L771), then
//!   receives the Retreat's marker. Unshaken, it ends Routed; Shaken, it suffers 1 Loss and ends
//!   Routed.
//! - A Garrison is never moved and ignores a Withdraw and a Retreat (L540), as in the melee. Haye
//!   Sainte in Retreat from a bombardment "receives only one yellow marker, unless it already has
//!   one": it receives none if it has one, as "1 yellow marker if they don't already have one"
//!   means wherever the text says it (L672, L777, L845); it is never Routed by a bombardment.
//! - An Artillery Unit supports "as opposed to executing" its own bombardment (L723), so it must be
//!   one that could bombard: on Foot, unfastened, without a Smoke token (L707). Only the English
//!   Horse Artillery Units 39 and 40 bombard (L532); they do not support, which L723 gives to
//!   Artillery on Foot.
//! - An executing Unit Routed by a final 2 must Withdraw 2 (L787), and an Artillery Unit that
//!   Withdraws fastens its Horse Team (L763).
//!
//! Units named on the form take their Smoke, yellow markers, Horse Teams and Loss tokens on the
//! record; for a Unit left unnamed the result says what to place on the table. The record refuses a
//! bombarding or supporting Unit it knows cannot bombard, and a Unit it does not know at all: named,
//! a Unit must have been added from its tile, so that nothing is half-recorded.

use super::forms::{
    ENEMY_SIDES, GARRISONS, HAYE_SAINTE, NOT_A_GARRISON, Named, UNITS_ON_BATTLEFIELD,
    check_enemies, check_known_unit, check_losses_left, check_unit, fill_losses_left, given, named,
};
use super::roster::{self, UNIT_TYPES, attribute, horse_team, unit_name};
use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};
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
        help: "Choose it from the record to fill in its yellow marker and to put its Smoke token there, or leave it empty to place the token by hand. An unfastened Foot Artillery Unit without a Smoke token, not in an enemy area of engagement. Of the Horse Artillery only the English Units 39 and 40 may bombard (L532).",
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
        help: "An enemy Unit touched by the line of fire, up to 180 mm. Unattached Generals cannot be targets. Choose it from the record to learn whether a General is attached and to put its yellow marker there, or leave it empty.",
    },
    Field {
        id: "target_shaken",
        label: "The target is Shaken (yellow marker)",
        group: "Target",
        kind: FieldKind::Flag,
        rule: "Withdraw, L767; the Garrisons, L540",
        help: "If it cannot Withdraw it then suffers 1 Loss instead of a second yellow marker. Filled in from the record.",
    },
    Field {
        id: "target_garrison",
        label: "The target is a Garrison",
        group: "Target",
        kind: FieldKind::Choice(GARRISONS),
        rule: "The Garrisons, L538-540",
        help: "A Garrison is never moved: it ignores a Withdraw and a Retreat, but Haye Sainte in Retreat receives a yellow marker if it has none.",
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

/// The English Horse Artillery Units that may bombard (L532).
const HORSE_ARTILLERY_BOMBARDING: [i32; 2] = [39, 40];

pub struct Bombardment;

/// The Bombardment effects table's rows, from the bombarding army's best (L678-684).
const EFFECTS: TableRead = TableRead {
    table: "bombardment",
    codes: &["SS", "S", "D1", "D2W", "D2LR"],
};

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
    /// Who fires at whom, with what support, and where the target stands; the markers come from
    /// the record, the target's army follows the bombarding army (and stays in view, for a fire
    /// at the Prussians), and the rarer facts are folded.
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "artillery",
            "supporters",
            "target_side",
            "target",
            "target_terrain",
        ]
    }
    /// A Unit chosen from the record brings what the record knows: the bombarding Unit's yellow
    /// marker, the supporters' number, a General attached to the target.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        match changed {
            // The allies fire only at the French, and the French at either ally (L321): a
            // target army that cannot be right follows the bombarding army.
            "side" => {
                let (side, target) = (input.text("side"), input.text("target_side"));
                let french = SIDES[0].0;
                if side != french && target != french {
                    input.set("target_side", Value::Text(french.into()));
                } else if side == french && target == french {
                    input.set("target_side", Value::Text(SIDES[1].0.into()));
                }
            }
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
                if let Some(unit) = given(input.text("target"))
                    .and_then(|name| record.unit(input.text("target_side"), name))
                {
                    let shaken = roster::number(unit, attribute::YELLOW) > 0;
                    input.set("target_shaken", Value::Flag(shaken));
                }
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
    /// Every Unit named must be on the record, entered from its tile: its Smoke, yellow markers and
    /// Horse Team go there, never onto a half-made entry.
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        check_known_unit(record, side, input.text("artillery"), "artillery")?;
        check_unit(record, side, input.text("artillery"), "artillery")?;
        check_can_bombard(record, side, input.text("artillery"), Role::Executes)?;
        for name in input.list("supporter_names") {
            check_known_unit(record, side, name, "supporter_names")?;
            check_unit(record, side, name, "supporter_names")?;
            check_can_bombard(record, side, name, Role::Supports)?;
        }
        let target_side = input.text("target_side");
        check_known_unit(record, target_side, input.text("target"), "target")?;
        check_unit(record, target_side, input.text("target"), "target")?;
        check_grand_battery(input, record)?;
        check_garrison(input, record)
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, "side", "target_side")?;
        if let Some(artillery) = given(input.text("artillery"))
            && input
                .list("supporter_names")
                .iter()
                .any(|n| n.trim() == artillery)
        {
            return Err(InputError::new(
                "supporter_names",
                format!("{artillery} bombards: it cannot support itself (L723)"),
            ));
        }
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
    fn reads(&self) -> &'static [TableRead] {
        &[EFFECTS]
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
        faces: &Faces,
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
        let code = lookup.code_for(&EFFECTS)?;
        limits.extend(lookup.limits.iter().cloned());
        let target = named(input.text("target"), "The target");
        let artillery = named(input.text("artillery"), "The bombarding Unit");
        let target_unit = Named::new(input.text("target_side"), input.text("target"), &target);
        let executor = Named::new(input.text("side"), input.text("artillery"), &artillery);
        // Ranked best first for the bombarding army.
        let (rank, effect, mut effects) = match code {
            "SS" => {
                let rule = "Bombardment effects table, row 2, L680";
                let mut effects = executor.shaken(rule);
                // Its second yellow marker Routs it: it must Withdraw 2 (L787), fastened (L763).
                if input.flag("artillery_shaken") {
                    effects
                        .extend(executor.fasten(&format!("{rule}; Routed, L787; Withdraw, L763")));
                }
                (4, format!("{artillery} is Shaken"), effects)
            }
            "S" => (3, "no effect on the target".to_string(), Vec::new()),
            "D1" => (
                2,
                format!("{target} suffers 1 Damage"),
                vec![damage_reminder(&target, 1, "row 6/7, L682")],
            ),
            "D2W" => {
                let mut effects = vec![damage_reminder(&target, 2, "row 8/10, L683")];
                let (withdrawal, withdraw_effects) = withdraw(&target_unit, input);
                effects.extend(withdraw_effects);
                (
                    1,
                    format!("{target} suffers 2 Damage and {withdrawal}"),
                    effects,
                )
            }
            // "D2LR": the code is one of EFFECTS'.
            _ => {
                let mut effects = vec![
                    damage_reminder(&target, 2, "row 11+, L684"),
                    Effect::reminder(
                        &format!(
                            "{target} suffers 1 Loss besides the Damage (count it with the Damage)"
                        ),
                        "Bombardment effects table, row 11+, L684",
                    ),
                ];
                let (retreat, retreat_effects) = retreat(&target_unit, input);
                effects.extend(retreat_effects);
                (
                    0,
                    format!("{target} suffers 2 Damage and 1 Loss, and {retreat}"),
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
    let executor = Named::new(side, input.text("artillery"), artillery);
    let mut effects: Vec<Effect> = executor.smoke(rule).into_iter().collect();
    let supporters = input.number("supporters");
    let names = input.list("supporter_names");
    if !grand_battery {
        effects.extend(
            names
                .iter()
                .filter_map(|name| Named::new(side, name, name).smoke(rule)),
        );
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

/// The Withdraw 1 of a final 8/10 (L683): what the target does, in the headline's words, and its
/// effects. A Garrison is never moved (L540); a target fired on the rear cannot Withdraw (L771).
fn withdraw(target: &Named, input: &Input) -> (&'static str, Vec<Effect>) {
    let rule = "Bombardment effects table, row 8/10, L683";
    if input.text("target_garrison") != NOT_A_GARRISON {
        return (
            "stays: a Garrison is never moved",
            vec![Effect::reminder(
                &format!("{} is a Garrison: it ignores the Withdraw", target.called),
                &format!("{rule}; the Garrisons, L540"),
            )],
        );
    }
    if !input.flag("fire_on_rear") {
        return (
            "must Withdraw 1",
            vec![Effect::reminder(
                &format!(
                    "{} Withdraws 1; if its player cannot or will not, it receives 1 yellow marker (Shaken), or suffers 1 Loss if it has one already. An Artillery Unit that Withdraws fastens its Horse Team: record it with the Horse Team procedure",
                    target.called
                ),
                &format!("{rule}; Withdraw, L763, L767"),
            )],
        );
    }
    let mut effects = vec![Effect::reminder(
        &format!("{} cannot Withdraw, being fired on the rear", target.called),
        "Withdraw, L771",
    )];
    if input.flag("target_shaken") {
        effects.push(Effect::reminder(
            &format!(
                "{} has a yellow marker already: it suffers 1 Loss instead of another (count it with the Damage)",
                target.called
            ),
            &format!("{rule}; Withdraw, L767"),
        ));
        ("cannot Withdraw: 1 Loss", effects)
    } else {
        effects.extend(target.shaken(&format!("{rule}; Withdraw, L767")));
        ("cannot Withdraw: Shaken", effects)
    }
}

/// The Retreat of a final 11+: Withdraw 1 and a yellow marker (L684, L783), what the target does
/// in the headline's words and its effects. A Garrison is never moved (L540); Haye Sainte receives
/// its yellow marker only if it has none.
fn retreat(target: &Named, input: &Input) -> (&'static str, Vec<Effect>) {
    let rule = "Bombardment effects table, row 11+, L684";
    let garrison_rule = format!("{rule}; the Garrisons, L540");
    match input.text("target_garrison") {
        NOT_A_GARRISON if input.flag("fire_on_rear") => {
            let cannot = format!("{rule}; Withdraw, L767, L771");
            let mut effects = vec![Effect::reminder(
                &format!(
                    "{} cannot Withdraw, being fired on the rear, then receives the Retreat's yellow marker",
                    target.called
                ),
                &cannot,
            )];
            let words = if input.flag("target_shaken") {
                effects.push(Effect::reminder(
                    &format!(
                        "{} has a yellow marker already: it suffers 1 Loss for the Withdraw it cannot make (count it with the Damage)",
                        target.called
                    ),
                    &cannot,
                ));
                "cannot Withdraw: 1 Loss, and is Routed"
            } else {
                effects.extend(target.shaken(&cannot));
                "cannot Withdraw: Routed"
            };
            effects.extend(target.shaken(&format!("{rule}; Retreat, L783")));
            (words, effects)
        }
        NOT_A_GARRISON => {
            let retreat = format!("{rule}; Retreat, L783");
            let mut effects = vec![Effect::reminder(
                &format!("{} Withdraws 1", target.called),
                &retreat,
            )];
            effects.extend(target.shaken(&retreat));
            ("Retreats", effects)
        }
        HAYE_SAINTE if input.flag("target_shaken") => (
            "stays, keeping its one yellow marker",
            vec![Effect::reminder(
                &format!(
                    "{} is the Haye Sainte Garrison: it is never moved, and receives no second yellow marker from a bombardment",
                    target.called
                ),
                &garrison_rule,
            )],
        ),
        HAYE_SAINTE => {
            let mut effects = vec![Effect::reminder(
                &format!(
                    "{} is the Haye Sainte Garrison: it is never moved, and receives only one yellow marker",
                    target.called
                ),
                &garrison_rule,
            )];
            effects.extend(target.shaken(&garrison_rule));
            ("stays, Shaken", effects)
        }
        _ => (
            "stays: a Garrison is never moved",
            vec![Effect::reminder(
                &format!("{} is a Garrison: it ignores the Retreat", target.called),
                &garrison_rule,
            )],
        ),
    }
}

/// Whether a Unit bombards or supports another's bombardment.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Executes,
    Supports,
}

/// A Unit the record knows must be able to bombard: Artillery on Foot (or the English Horse
/// Artillery 39 and 40, which do not support), unfastened, without a Smoke token (L707, L711,
/// L723, L532). A fact the record does not hold passes.
fn check_can_bombard(
    record: &Record,
    side: &str,
    name: &str,
    role: Role,
) -> Result<(), InputError> {
    let Some(unit) = given(name).and_then(|name| record.unit(side, name)) else {
        return Ok(());
    };
    // The smoke rule is L707's for both; a supporter's type and Horse Team are L723's.
    let (field, rule, smoke_rule) = match role {
        Role::Executes => ("artillery", "L707, L711", "L707, L711"),
        Role::Supports => ("supporter_names", "L723", "L707, L723"),
    };
    let bombarding_horse = role == Role::Executes
        && side == "british"
        && HORSE_ARTILLERY_BOMBARDING
            .iter()
            .any(|number| unit_name(*number) == name.trim());
    match unit.attribute(attribute::TYPE) {
        None | Some("foot_artillery") => {}
        Some("horse_artillery") if bombarding_horse => {}
        Some(other) => {
            let label = UNIT_TYPES
                .iter()
                .find(|(id, _)| *id == other)
                .map_or(other, |(_, label)| label);
            let exception = if other == "horse_artillery" && role == Role::Executes {
                "; of the Horse Artillery only the English Units 39 and 40 bombard (L532)"
            } else {
                ""
            };
            return Err(InputError::new(
                field,
                format!("{name} is {label}: only Artillery on Foot bombards ({rule}){exception}"),
            ));
        }
    }
    if unit.attribute(attribute::SMOKE) == Some("yes") {
        return Err(InputError::new(
            field,
            format!("{name} has a Smoke token: it cannot bombard this turn ({smoke_rule})"),
        ));
    }
    if unit.attribute(attribute::HORSE_TEAM) == Some(horse_team::FASTENED) {
        return Err(InputError::new(
            field,
            format!(
                "{name} is fastened to its Horse Team: only unfastened Artillery bombards ({rule}, L512)"
            ),
        ));
    }
    Ok(())
}

/// The Grand Battery's exception needs the French Units 23, 24 and 9 in one Formation on the record,
/// and one of them firing (L727).
fn check_grand_battery(input: &Input, record: &Record) -> Result<(), InputError> {
    if !input.flag("grand_battery") {
        return Ok(());
    }
    let refuse = |why: String| Err(InputError::new("grand_battery", why));
    if input.text("side") != "french" || roster::grand_battery_formation(record).is_none() {
        return refuse(
            "the Grand Battery is the French Units 23, 24 and 9 while they are in one Formation on the record (L727)".into(),
        );
    }
    match given(input.text("artillery")) {
        Some(firing)
            if !roster::GRAND_BATTERY
                .iter()
                .any(|number| unit_name(*number) == firing) =>
        {
            refuse(format!(
                "{firing} is not of the Grand Battery: only Units 23, 24 and 9 bombard with its exception (L727)"
            ))
        }
        _ => Ok(()),
    }
}

/// A target the record knows to be a Garrison must be said to be one, and which (L540).
fn check_garrison(input: &Input, record: &Record) -> Result<(), InputError> {
    let Some((name, unit_type)) = given(input.text("target")).and_then(|name| {
        record
            .unit(input.text("target_side"), name)
            .and_then(|unit| unit.attribute(attribute::TYPE))
            .map(|unit_type| (name, unit_type))
    }) else {
        return Ok(());
    };
    let said_garrison = input.text("target_garrison") != NOT_A_GARRISON;
    match (unit_type == "garrison", said_garrison) {
        (true, false) => Err(InputError::new(
            "target_garrison",
            format!("{name} is a Garrison: say which, Hougoumont or Haye Sainte (L540)"),
        )),
        (false, true) => Err(InputError::new(
            "target_garrison",
            format!("{name} is not a Garrison on the record (L538)"),
        )),
        _ => Ok(()),
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
        help: "Choose it from the record to fill in the Losses it can still sustain and to place its Loss tokens there, or leave it empty to place them by hand.",
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
        id: "automatic_losses",
        label: "Losses whatever the dice show",
        group: "Damage",
        kind: FieldKind::Count { max: 2 },
        rule: "Bombardment effects table, row 11+, L684; Withdraw, L767, L771",
        help: "1 for a final 11+; 1 for a Shaken target fired on the rear, which cannot Withdraw; both for a Shaken target fired on the rear with an 11+.",
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
        fill_losses_left(input, record, ("side", "unit", "capacity_left"), 1);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_known_unit(record, input.text("side"), input.text("unit"), "unit")?;
        check_unit(record, input.text("side"), input.text("unit"), "unit")?;
        check_losses_left(input, record, ("side", "unit", "capacity_left"), 1)
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        DiceSpec::pool(Die::D6, &DAMAGE_DICE, input.number("damage"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let from_dice = faces.iter().filter(|f| **f >= LOSS_FROM).count() as i32;
        let losses = from_dice + input.number("automatic_losses");
        let unit = named(input.text("unit"), "The Unit");
        let capacity = input.number("capacity_left");
        let eliminated = losses >= capacity;
        let effects = Named::new(input.text("side"), input.text("unit"), &unit).losses(
            losses,
            capacity,
            "Suffering Damages, L697",
        );
        // No Unit carries more Losses than its capacity (L697, L914).
        let mut limits = Vec::new();
        if losses > capacity {
            limits.push(AppliedLimit {
                description: format!(
                    "{losses} Losses, but {unit} could sustain only {capacity} more: it takes {capacity} and is eliminated"
                ),
                rule: "Suffering Damages, L697; Suffer Damages, L914".into(),
            });
        }
        let headline = if eliminated {
            format!(
                "{unit} suffers {} Losses and is eliminated",
                losses.min(capacity)
            )
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
            limits,
            cell: None,
            effects,
        })
    }
}
