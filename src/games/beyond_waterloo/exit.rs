//! The second mover's exit before a battle (18.1.15, L1624): forces of the non-Initiative player
//! that began their move in an area the Initiative player entered may Withdraw only if the
//! Initiative player has no cavalry there, or no cavalry CFs on screen, or fewer screen CFs than
//! his; on equal screens, if his commanding Leader has more AP left. Lone cavalry always may, lone
//! infantry never. It belongs to the Basic and Advanced Games' Movement Segment, which the Combat
//! Game does not play: there it is offered among all the procedures, not on the checklist.
//!
//! Readings (digest §7 item 56): the commanding Leaders' remaining AP are compared; whether this
//! Withdrawal costs the step of 6.11.2 (L1060), which is the Retreat chit's, is a setting, by
//! default no.

use super::options::{EXIT_STEP, on_form};
use super::{SIDES, opponent, people};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "18.1.15, L1624";

const FORCES: &[(&str, &str)] = &[
    ("forces", "Formations, or units of both arms"),
    ("lone_cavalry", "Lone cavalry units"),
    ("lone_infantry", "Lone infantry units"),
];

const fn count(id: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Exit",
        kind: FieldKind::Count { max: 60 },
        rule: RULE,
        help,
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side moving second",
        group: "Exit",
        kind: FieldKind::Choice(SIDES),
        rule: "18.1.5, L1602; 1.1 Initiative, L404",
        help: "The player without the Initiative, whose forces began their move where the Initiative player entered.",
    },
    Field {
        id: "forces",
        label: "Its forces in the area",
        group: "Exit",
        kind: FieldKind::Choice(FORCES),
        rule: RULE,
        help: "Lone cavalry may always withdraw; lone infantry never.",
    },
    Field::flag(
        "enemy_cavalry",
        "The Initiative player has cavalry in the area",
        "Exit",
        RULE,
        "Screening or not.",
    ),
    count(
        "enemy_screen",
        "The Initiative player's screen CFs",
        "Cavalry on screen in the area.",
    ),
    count(
        "own_screen",
        "Its own screen CFs",
        "Cavalry on screen in the area.",
    ),
    count(
        "own_ap",
        "AP left to its commanding Leader",
        "Compared when the screens are equal.",
    ),
    count(
        "enemy_ap",
        "AP left to the Initiative player's commanding Leader",
        "Compared when the screens are equal.",
    ),
    on_form(EXIT_STEP),
];

pub struct ExitBeforeBattle;

impl Procedure for ExitBeforeBattle {
    fn about(&self) -> &About {
        &About {
            id: "exit-before-battle",
            title: "Exit before a battle (second mover)",
            rule: RULE,
            summary: "Whether the second mover's forces may Withdraw from an area the Initiative player entered: by cavalry, screens, then the Leaders' AP.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &EXIT_STEP);
        let second = opponent(super::initiative(record));
        input.set("side", Value::Text(second.into()));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if !input.flag("enemy_cavalry") && input.number("enemy_screen") > 0 {
            return Err(InputError::new(
                "enemy_screen",
                "screen CFs need cavalry in the area",
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let (own, enemy) = (input.number("own_screen"), input.number("enemy_screen"));
        let (allowed, why) = match input.text("forces") {
            "lone_cavalry" => (true, "lone cavalry withdraws automatically".to_string()),
            "lone_infantry" => (false, "lone infantry cannot withdraw".to_string()),
            _ if !input.flag("enemy_cavalry") => {
                (true, "the Initiative player has no cavalry".into())
            }
            _ if enemy == 0 => (
                true,
                "the Initiative player has no cavalry CFs on screen".into(),
            ),
            _ if own > enemy => (
                true,
                format!("its screen, {own} CF, is larger than the enemy's {enemy}"),
            ),
            _ if own < enemy => (
                false,
                format!("its screen, {own} CF, is smaller than the enemy's {enemy}"),
            ),
            _ => {
                let (mine, theirs) = (input.number("own_ap"), input.number("enemy_ap"));
                (
                    mine > theirs,
                    format!(
                        "the screens are equal; its Leader has {mine} AP left against {theirs}"
                    ),
                )
            }
        };
        let mut effects = Vec::new();
        let headline = if allowed {
            effects.push(Effect::reminder(
                "They may not move into the area(s) the Initiative player entered from",
                RULE,
            ));
            if input.text(EXIT_STEP.id) == "step" {
                effects.push(Effect::reminder(
                    &format!("The {} lose one step for the Withdrawal", people(side)),
                    "6.11.2, L1060",
                ));
                effects.push(Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points: 1,
                    reason: format!("the withdrawal step of the {}", people(side))
                        .as_str()
                        .into(),
                    rule: "6.11.2, L1060; 20.3, L1776".into(),
                });
            }
            format!("The {} may withdraw: {why}", people(side))
        } else {
            format!(
                "The {} may not withdraw: {why}; the battle is fought",
                people(side)
            )
        };
        Ok(Resolution::book_keeping(
            if allowed { "may withdraw" } else { "stays" },
            headline,
            effects,
        ))
    }
}
