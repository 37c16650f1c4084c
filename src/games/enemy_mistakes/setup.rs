//! The start of a battle: every commander the rulebook prints goes on the record, each army's
//! reserve of command markers is full, and the French hold Initiative 1 (L283). The Units on the
//! tiles are not in the text; the players add them in the roster editor.
//!
//! Readings taken:
//! - The Prussian commanders wait off the battlefield until their entrance (L640-642, L662-668);
//!   in the short scenario they never come (L1074-1076).
//! - In the three-player scenarios Blücher and Bülow start on the battlefield on turn VIII, as if
//!   their entrance had just succeeded (L1086): Pirch and Ziethen follow by the entrance procedure,
//!   "the normal rules".
//! - Ney waits off the battlefield too: he is an optional rule (L367-373), which the players take
//!   up on turn I with `BringInNey`.

use super::entrance;
use super::forms::SCENARIO_CHOICES;
use super::roster::{self, COMMANDERS, NEY, state};
use super::{SIDES, on_first_turn, scenario_rules};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "Game Preparation, L260-283";

const FIELDS: &[Field] = &[Field {
    id: "scenario",
    label: "Scenario",
    group: "Scenario",
    kind: FieldKind::Choice(SCENARIO_CHOICES),
    rule: "Scenarios, L1058-1076",
    help: "The scenario being started.",
}];

pub struct SetUp;

impl Procedure for SetUp {
    fn about(&self) -> &About {
        &About {
            id: "set-up",
            title: "Battle set-up",
            rule: RULE,
            summary: "Puts the Commanders in Chief and Generals on the record, counts each army's command markers, and gives the French Initiative 1.",
            fields: FIELDS,
        }
    }
    /// Only before anything is on the record.
    fn applies(&self, record: &Record) -> bool {
        record.units.is_empty()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if SCENARIO_CHOICES
            .iter()
            .any(|c| c.0 == record.scenario.as_ref())
        {
            input.set("scenario", Value::Text(record.scenario.clone()));
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let rules = scenario_rules(input.text("scenario"));
        let mut effects = Vec::new();
        let mut commanders = 0;
        for commander in COMMANDERS
            .iter()
            .filter(|c| !(rules.no_prussians && c.side == "prussian"))
        {
            // The Prussians wait for their entrance, which the three-player scenarios make at once.
            let waits = commander.side == "prussian" || commander.name == NEY;
            let start = if waits {
                state::NOT_ARRIVED
            } else {
                state::ON_BATTLEFIELD
            };
            effects.extend(roster::commander_effects(commander, start, RULE));
            commanders += 1;
        }
        if rules.prussians_deployed {
            effects.extend(entrance::deployed_at_start());
        }
        effects.push(Effect::set_attribute(
            SIDES[0].0,
            roster::NAPOLEON,
            roster::attribute::INITIATIVE,
            1,
            "Game Preparation, L283",
        ));
        Ok(Resolution::book_keeping(
            "set-up",
            format!("Set up: {commanders} commanders on the record; the French hold Initiative 1"),
            effects,
        ))
    }
}

/// The Unit Ney starts attached to, in the Formation with Units 36, 37 and 39 (L371).
const NEY_STARTS_WITH: &str = "Unit 38";
const NEY_RULE: &str = "General Ney, optional rule, L367-373";

/// General Ney is an optional rule for experienced players (L369): left out unless the players
/// bring him in, which they may do on the first turn, since he joins at the Game Preparation (L371).
pub struct BringInNey;

impl Procedure for BringInNey {
    fn about(&self) -> &About {
        &About {
            id: "ney",
            title: "General Ney (optional rule)",
            rule: NEY_RULE,
            summary: "Brings General Ney into the French army, attached to Unit 38. He generates no Command points; Napoleon must give him 2 markers every turn, and his box is emptied at the End of Turn. Without this, his counter and box are ignored.",
            fields: &[],
        }
    }
    /// Only on the scenario's first turn, while Ney waits.
    fn applies(&self, record: &Record) -> bool {
        on_first_turn(record)
            && record
                .unit(SIDES[0].0, NEY)
                .is_some_and(|ney| ney.state.as_ref() == state::NOT_ARRIVED)
    }
    fn check_record(&self, _input: &Input, record: &Record) -> Result<(), InputError> {
        if self.applies(record) {
            Ok(())
        } else {
            Err(InputError::new(
                "ney",
                "General Ney joins only at the start of the battle, on its first turn (L371)",
            ))
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        SIDES[0].0.into()
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let french = SIDES[0].0;
        Ok(Resolution::book_keeping(
            "ney",
            format!("General Ney joins the French army, attached to {NEY_STARTS_WITH}"),
            vec![
                Effect::set_state(french, NEY, state::ON_BATTLEFIELD, NEY_RULE),
                Effect::set_attribute(
                    french,
                    NEY,
                    roster::attribute::ATTACHED_TO,
                    NEY_STARTS_WITH,
                    "General Ney, L371",
                ),
                Effect::reminder(
                    "Napoleon must give Ney 2 markers every turn, at Assign",
                    "General Ney, L371",
                ),
            ],
        ))
    }
}
