//! Charge Reaction (R 8.65, L1198-1204; R 8.22H1, L916): when cavalry Charges (moves and Shocks in
//! the same Phase, L1139), each defending unit that is not Disordered and not in Square makes a
//! Cohesion Check and applies the result "as shown on the Charge Reaction Table" (L1200). The
//! table is printed only on the game's card: until the owner enters it, a Charge Reaction resolves
//! nothing and says which chart to enter.
//!
//! The table's structure is not in the rulebook, beyond "the type of unit it is and how good its
//! Cohesion" (L1200). Chosen here (see tables/battles-of-waterloo/charge-reaction.toml): a column
//! for each type of defending unit, and a row for each value of the check, the die minus the
//! unit's Cohesion Rating (-9 to +9; at or under 0 it passes, L115). The codes: "-" defends
//! normally (L1123), "C" Counter-charge (L1203), "B" a retreat (L1230), and the combat results
//! "D", "d", "R", "r" and "1", applied as on the Fire and Shock Tables (`combat_results`), with a
//! second die for a 'd' or 'r' check.
//!
//! Readings taken:
//! - The text names no die modifier for the check; a natural 0 always passes it (L115), which the
//!   rows already give (the die minus a Cohesion of 0 or more is never over 0 on a 0).
//! - A retreat (a "B", or a Rout) means no Shock and no Automatic Disorder (L1230): a reminder says
//!   so.

use super::forms::{self, COHESION, DISORDER, MOVEMENT, Piece, SIDE, TYPE};
use super::options::NATURAL_ZERO;
use super::reaction;
use super::roster::attribute;
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};

const RULE: &str = "Charge Reaction, R 8.65, L1198-1204; R 8.22H1, L916";
const TABLE_RULE: &str = "Charge Reaction Table, R 8.65, L1200";

pub(super) const CHARGE_REACTION_TABLE: TableRead = TableRead {
    table: "charge-reaction",
    codes: &["-", "C", "B", "D", "d", "R", "r", "1"],
};

const FIELDS: &[Field] = &[
    SIDE,
    forms::unit("unit", "Defending unit", RULE),
    TYPE,
    COHESION,
    DISORDER,
    MOVEMENT,
    Field {
        id: "steps_left",
        label: "Its steps left (0: not known)",
        group: "Unit",
        kind: FieldKind::Count { max: 4 },
        rule: "R 9.13, L1461-1466",
        help: "Filled in from the record.",
    },
    Field {
        id: "square",
        label: "It is in Square",
        group: "Unit",
        kind: FieldKind::Flag,
        rule: "R 8.65, L1200",
        help: "A unit in Square makes no Charge Reaction. Filled in from the record.",
    },
    Field {
        id: "charging",
        label: "The cavalry moved to Shock it (a Charge)",
        group: "Charge",
        kind: FieldKind::Flag,
        rule: "Charging, R 8.61C, L1139; R 8.65, L1204",
        help: "Cavalry that only Shocks, without moving, is not Charging: the defender simply stands and defends.",
    },
];

pub struct ChargeReaction;

impl Procedure for ChargeReaction {
    fn about(&self) -> &About {
        &About {
            id: "charge-reaction",
            title: "Charge Reaction",
            rule: RULE,
            summary: "A unit Charged by cavalry, not Disordered and not in Square, makes a Cohesion Check and reads the Charge Reaction Table by its type and how well it did: it defends normally, Counter-charges, or retreats.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "type", "cohesion", "charging"]
    }
    fn reads(&self) -> &'static [TableRead] {
        &[CHARGE_REACTION_TABLE]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NATURAL_ZERO);
        input.set("charging", Value::Flag(true));
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(unit) = forms::follow_checked_unit(changed, input, record) {
            input.set(
                "square",
                Value::Flag(forms::marked(unit, attribute::SQUARE)),
            );
            if let Some(steps) = super::roster::number(unit, attribute::STEPS) {
                let lost = super::roster::number(unit, attribute::STEPS_LOST).unwrap_or(0);
                input.set("steps_left", Value::Number((steps - lost).max(0)));
            }
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if !input.flag("charging") {
            return Err(InputError::new(
                "charging",
                "cavalry that is not Charging but only Shock attacking makes no Charge Reaction: the defender simply stands and defends (L1204)",
            ));
        }
        if input.text("disorder") != "none" {
            return Err(InputError::new(
                "disorder",
                "Disordered units do not make Charge Reaction checks (L1202)",
            ));
        }
        if input.flag("square") {
            return Err(InputError::new(
                "square",
                "a unit in Square makes no Charge Reaction (L1200)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(unit) = record.unit(input.text("side"), input.text("unit").trim()) else {
            return Ok(());
        };
        forms::check_disorder(input, unit)?;
        if forms::marked(unit, attribute::SQUARE) != input.flag("square") {
            return Err(InputError::new(
                "square",
                "the record says otherwise of its Square: open the form again to fill this in",
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        reaction::dice(input, "Cohesion die")
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = i32::from(faces.first().copied().unwrap_or(0));
        let cohesion = input.number("cohesion");
        let column = super::roster::TYPES
            .iter()
            .find(|(id, _)| *id == input.text("type"))
            .map_or("Infantry", |(_, label)| label);
        let margin = die - cohesion;
        let (lookup, tokens) =
            reaction::read(tables, &CHARGE_REACTION_TABLE, Some(column), margin)?;
        let piece = Piece::of(input, None, "unit").moving(input.number("movement"));
        let called = piece.called();
        let mut words = Vec::new();
        let mut effects = Vec::new();
        for token in &tokens {
            match token.code.as_str() {
                "-" => words.push(format!("{called} stands and defends normally")),
                "C" => {
                    words.push(format!("{called} Counter-charges"));
                    effects.push(Effect::reminder(
                        "Counter-charge: there is no movement, but the charging cavalry gains NO DRM or Strength change benefits from charging in this Shock",
                        "Counter-charge, R 8.65, L1203",
                    ));
                }
                _ => {}
            }
        }
        let applied = reaction::apply_to_unit(&tokens, input, piece, false, faces, TABLE_RULE);
        words.extend(applied.words);
        effects.extend(applied.effects);
        if applied.left_hex {
            effects.push(Effect::reminder(
                &format!("{called} left its hex in the Charge Reaction: there is no Shock against it, and no Automatic Disorder for this combat"),
                "Automatic Disorder, R 8.67B, L1230",
            ));
        }
        let passed = margin <= 0;
        let check = format!(
            "die {die} against {cohesion}: {}",
            if passed { "passed" } else { "failed" }
        );
        let rank = -super::fire::severity(&tokens);
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![SideTotal {
                side: format!("{called}'s Cohesion Check"),
                die: Some(die),
                modifiers: 0,
                total: die,
            }],
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell.clone()),
            outcome: Outcome {
                key: lookup.result.code.clone(),
                rank,
                headline: format!("{} ({check}): {}", lookup.result.code, words.join("; ")),
            },
            effects,
        })
    }
}
