//! Melee Losses (Suffer Damages, L909-916): each army that took part in a melee rolls 1 die for each
//! enemy Unit that took part, supporters included; each die on the Loss faces is a Loss for its own
//! Units, shared out by its player.
//!
//! Readings taken:
//! - Each army rolls for its own Losses as a procedure of its own, one die per enemy Unit that took
//!   part (L911); the Losses are the player's to share out (L911-916). He names the Units and their
//!   shares once he sees the dice: the app refuses dice the shares do not add up to, before logging
//!   them, and its own roll gives the same dice again once he has shared them out. Losses go
//!   unsuffered only when every Unit that took part is named and eliminated (L914). The Unit that
//!   started the combat may suffer fewer than another only when its capacity stops it (L914 over
//!   L913). A Unit eliminated here makes the others of its column Shaken (L672): the record does
//!   not know the columns, so that stays a reminder.
//! - The rulebook sets no limit to the enemy Units that took part (L911); the form rolls at most 8
//!   dice, as many as the melee form counts on a side: the Unit in melee, 6 supporters of its type
//!   and 1 of the other arm.

use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;
use crate::games::enemy_mistakes::forms::{
    self, Named, UNITS_ON_BATTLEFIELD, check_unit, given, join,
};
use crate::games::enemy_mistakes::{SIDES, army_label, options};

/// One die per enemy Unit that took part: its Unit in melee, up to 6 supporters of its type and
/// one of the other arm, as the melee form counts them.
const LOSS_DICE: [&str; 8] = [
    "Die 1", "Die 2", "Die 3", "Die 4", "Die 5", "Die 6", "Die 7", "Die 8",
];

/// The most Losses a Unit takes from one roll: one per die.
const MOST_LOSSES: u32 = LOSS_DICE.len() as u32;

const LOSS_RULE: &str = "Suffer Damages, L911-916";

const SITUATION: &[Field] = &[
    Field {
        id: "side",
        label: "Army rolling for its Losses",
        group: "Losses",
        kind: FieldKind::Choice(SIDES),
        rule: "Suffer Damages, L911",
        help: "Each army that took part in the melee rolls for its own Losses.",
    },
    Field {
        id: "enemy_units",
        label: "Enemy Units that took part",
        group: "Losses",
        kind: FieldKind::Number {
            min: 1,
            max: LOSS_DICE.len() as i32,
        },
        rule: "Suffer Damages, L911; support, L950",
        help: "The enemy Unit in melee and its supporters: one die each. The rulebook sets no limit; this form rolls at most 8, as many as the melee form counts.",
    },
    Field {
        id: "own_units",
        label: "Its own Units that took part",
        group: "Losses",
        kind: FieldKind::Number { min: 1, max: 12 },
        rule: "Suffer Damages, L911-914",
        help: "Its Unit in melee and its supporters, among which its player shares the Losses.",
    },
    Field {
        id: "started",
        label: "One of them started the combat",
        group: "Losses",
        kind: FieldKind::Flag,
        rule: "Suffer Damages, L913; combat, L922",
        help: "That Unit suffers no fewer Losses than any other. Name it first below.",
    },
    options::on_form(options::MELEE_LOSS_FACES),
];

/// The fields of one Unit taking a share of the Losses.
struct Share {
    group: &'static str,
    unit: &'static str,
    losses: &'static str,
    left: &'static str,
}

/// The Units among which the player shares the Losses, by name: as many as the Losses can be.
const SHARES: [Share; LOSS_DICE.len()] = [
    share(
        "First Unit (the one that started the combat, if of this army)",
        1,
    ),
    share("Second Unit", 2),
    share("Third Unit", 3),
    share("Fourth Unit", 4),
    share("Fifth Unit", 5),
    share("Sixth Unit", 6),
    share("Seventh Unit", 7),
    share("Eighth Unit", 8),
];

#[expect(
    clippy::indexing_slicing,
    reason = "called only to make the constant SHARES, n from 1 to 8: an index out of range fails the build"
)]
const fn share(group: &'static str, n: usize) -> Share {
    const UNITS: [&str; 8] = [
        "unit_1", "unit_2", "unit_3", "unit_4", "unit_5", "unit_6", "unit_7", "unit_8",
    ];
    const LOSSES: [&str; 8] = [
        "losses_1", "losses_2", "losses_3", "losses_4", "losses_5", "losses_6", "losses_7",
        "losses_8",
    ];
    const LEFT: [&str; 8] = [
        "left_1", "left_2", "left_3", "left_4", "left_5", "left_6", "left_7", "left_8",
    ];
    Share {
        group,
        unit: UNITS[n - 1],
        losses: LOSSES[n - 1],
        left: LEFT[n - 1],
    }
}

const fn share_fields(share: &Share) -> [Field; 3] {
    [
        Field {
            id: share.unit,
            label: "Unit",
            group: share.group,
            kind: FieldKind::Unit {
                of: UnitOf::Side("side"),
                only: UNITS_ON_BATTLEFIELD,
                max_len: 40,
            },
            rule: "Suffer Damages, L911-913",
            help: "A Unit of this army that took part. Choose it from the record to fill in the Losses it can still sustain and to place its Loss tokens there. Name none to place them by hand.",
        },
        Field {
            id: share.losses,
            label: "Losses it suffers",
            group: share.group,
            kind: FieldKind::Count { max: MOST_LOSSES },
            rule: "Suffer Damages, L911-914",
            help: "Its share, as its player chooses once the dice are rolled; the shares add up to the Losses rolled.",
        },
        Field {
            id: share.left,
            label: "Losses it can still sustain",
            group: share.group,
            kind: FieldKind::Count { max: 20 },
            rule: "Units, L463; Suffer Damages, L914-916",
            help: "Its capacity less its Loss tokens: it suffers no more than that, and is eliminated at zero. Filled in from the record.",
        },
    ]
}

const FIELDS: &[Field] = &join::<{ SITUATION.len() + 3 * SHARES.len() }>(&[
    SITUATION,
    &share_fields(&SHARES[0]),
    &share_fields(&SHARES[1]),
    &share_fields(&SHARES[2]),
    &share_fields(&SHARES[3]),
    &share_fields(&SHARES[4]),
    &share_fields(&SHARES[5]),
    &share_fields(&SHARES[6]),
    &share_fields(&SHARES[7]),
]);

pub struct MeleeLosses;

/// A Unit named on the Melee Losses form, with its share.
struct Shared<'a> {
    share: &'static Share,
    name: &'a str,
    losses: i32,
    left: i32,
}

impl MeleeLosses {
    /// The Units named, in the form's order.
    fn shared(input: &Input) -> Vec<Shared<'_>> {
        SHARES
            .iter()
            .filter_map(|share| {
                given(input.text(share.unit)).map(|name| Shared {
                    share,
                    name,
                    losses: input.number(share.losses),
                    left: input.number(share.left),
                })
            })
            .collect()
    }

    fn losses_rolled(input: &Input, faces: &[u8]) -> i32 {
        let loss_from: u8 = forms::setting(input, &options::MELEE_LOSS_FACES)
            .parse()
            .unwrap_or(5);
        faces.iter().filter(|f| **f >= loss_from).count() as i32
    }
}

impl Procedure for MeleeLosses {
    fn about(&self) -> &About {
        &About {
            id: "melee-losses",
            title: "Melee Losses",
            rule: "Suffer Damages, L909-916",
            summary: "An army that took part in a melee rolls 1 die for each enemy Unit that took part, supporters included; each die on the Loss faces is a Loss for its own Units, shared out by its player. Name the Units and their shares to place the Loss tokens on the record.",
            fields: FIELDS,
        }
    }
    /// One share for each of its own Units that took part.
    fn shows(&self, field: &str, input: &Input) -> bool {
        let own = usize::try_from(input.number("own_units"))
            .unwrap_or(0)
            .max(1);
        SHARES
            .iter()
            .position(|share| [share.unit, share.losses, share.left].contains(&field))
            .is_none_or(|index| index < own)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        crate::engine::settings::prefill_setting(input, record, &options::MELEE_LOSS_FACES);
    }
    /// A Unit chosen from the record brings the Losses it can still sustain.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(share) = SHARES.iter().find(|share| share.unit == changed) {
            forms::fill_losses_left(input, record, ("side", share.unit, share.left), 0);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for share in &SHARES {
            check_unit(
                record,
                input.text("side"),
                input.text(share.unit),
                share.unit,
            )?;
            forms::check_losses_left(input, record, ("side", share.unit, share.left), 0)?;
        }
        Ok(())
    }
    /// The shares each within the Unit's capacity (L914), the Unit that started the combat first and
    /// suffering no fewer than any other (L913), no more Losses than dice (L911).
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for share in &SHARES {
            if input.number(share.losses) > 0 && given(input.text(share.unit)).is_none() {
                return Err(InputError::new(
                    share.unit,
                    "name the Unit that suffers these Losses",
                ));
            }
        }
        let shared = MeleeLosses::shared(input);
        for (i, unit) in shared.iter().enumerate() {
            if shared.iter().take(i).any(|other| other.name == unit.name) {
                return Err(InputError::new(
                    unit.share.unit,
                    format!("{} is named twice", unit.name),
                ));
            }
            if unit.left == 0 {
                return Err(InputError::new(
                    unit.share.left,
                    format!(
                        "enter the Losses {} can still sustain: its capacity less its Loss tokens (L463)",
                        unit.name
                    ),
                ));
            }
            if unit.losses > unit.left {
                return Err(InputError::new(
                    unit.share.losses,
                    format!(
                        "{} can sustain only {} more Losses: no Unit suffers more than its capacity (L914)",
                        unit.name, unit.left
                    ),
                ));
            }
        }
        if shared.is_empty() {
            return Ok(());
        }
        if i32::try_from(shared.len()).is_ok_and(|named| named > input.number("own_units")) {
            return Err(InputError::new(
                "own_units",
                format!(
                    "{} Units are named: count them among the Units that took part",
                    shared.len()
                ),
            ));
        }
        let total: i32 = shared.iter().map(|unit| unit.losses).sum();
        if total > input.number("enemy_units") {
            return Err(InputError::new(
                SHARES[0].losses,
                format!(
                    "{total} Losses shared out, more than the {} dice can give (L911)",
                    input.number("enemy_units")
                ),
            ));
        }
        if input.flag("started") {
            let starter = &SHARES[0];
            let Some(first) = shared
                .first()
                .filter(|unit| unit.share.unit == starter.unit)
            else {
                return Err(InputError::new(
                    starter.unit,
                    "name first the Unit that started the combat (L913)",
                ));
            };
            // Only its capacity lets it suffer fewer than another (L914 over L913).
            if first.losses < first.left
                && let Some(more) = shared.iter().find(|unit| unit.losses > first.losses)
            {
                return Err(InputError::new(
                    starter.losses,
                    format!(
                        "{}, which started the combat, cannot suffer fewer Losses than {} ({}) (L913)",
                        first.name, more.name, more.losses
                    ),
                ));
            }
        }
        Ok(())
    }
    /// The shares add up to the Losses rolled, unless every Unit that took part is named and
    /// eliminated (L914-916).
    fn check_with_dice(&self, input: &Input, faces: &[u8]) -> Result<(), InputError> {
        let shared = MeleeLosses::shared(input);
        if shared.is_empty() {
            return Ok(());
        }
        let rolled = MeleeLosses::losses_rolled(input, faces);
        let total: i32 = shared.iter().map(|unit| unit.losses).sum();
        let all_spent = i32::try_from(shared.len()) == Ok(input.number("own_units"))
            && shared.iter().all(|unit| unit.losses == unit.left);
        if total == rolled || (total < rolled && all_spent) {
            return Ok(());
        }
        Err(InputError::new(
            SHARES[0].losses,
            format!(
                "the dice give {rolled} Losses and {total} are shared out: share out all {rolled} (L911)"
            ),
        ))
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        DiceSpec::pool(Die::D6, &LOSS_DICE, input.number("enemy_units"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let losses = MeleeLosses::losses_rolled(input, faces);
        let setting = forms::setting(input, &options::MELEE_LOSS_FACES);
        let faces_text = if setting == "6" { "6" } else { "5 or 6" };
        let army = army_label(input.text("side"));
        let shared = MeleeLosses::shared(input);
        let side = input.text("side");
        // check_with_dice has made the shares fit the dice (the odds, trying every face, skip it).
        let effects = if shared.is_empty() {
            loss_reminders(input, army, losses)
        } else {
            shared
                .iter()
                .flat_map(|unit| {
                    Named::new(side, unit.name, unit.name).losses(unit.losses, unit.left, LOSS_RULE)
                })
                .collect()
        };
        let suffered: i32 = shared.iter().map(|unit| unit.losses).sum();
        let mut limits = Vec::new();
        if !shared.is_empty() && suffered < losses {
            limits.push(AppliedLimit {
                description: format!(
                    "{} Losses go unsuffered: every Unit that took part is eliminated, and none suffers more than its capacity",
                    losses - suffered
                ),
                rule: "Suffer Damages, L914".into(),
            });
        }
        Ok(Resolution {
            outcome: Outcome {
                key: format!("{losses} Losses"),
                // Best first for the army that rolls: the fewest Losses.
                rank: losses,
                headline: format!(
                    "{army}: {losses} Losses from {} dice (a Loss on {faces_text})",
                    faces.len()
                ),
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

/// The Losses to place by hand when no Unit is named, with the two limits of the share-out.
fn loss_reminders(input: &Input, army: &str, losses: i32) -> Vec<Effect> {
    let mut effects = Vec::new();
    if losses == 0 {
        return effects;
    }
    let units = input.number("own_units").max(1);
    effects.push(Effect::reminder(
        &format!(
            "{army}: place {losses} Loss tokens on its {units} Units that took part, as its player chooses"
        ),
        "Suffer Damages, L911; the Loss faces setting",
    ));
    if input.flag("started") && units > 1 {
        effects.push(Effect::reminder(
            &format!(
                "The Unit that started the combat suffers no fewer Losses than any other: at least {}",
                (losses + units - 1) / units
            ),
            "Suffer Damages, L913",
        ));
    }
    effects.push(Effect::reminder(
        "No Unit suffers more Losses than it can still sustain; a Unit with none left is eliminated, and the other friendly Units in its column become Shaken",
        "Suffer Damages, L914-916; elimination, L672",
    ));
    effects
}
