//! Limited Activation (R 4.52D, L312-330): in the No LIM Phase a Command whose LIM was not
//! selected may take a Limited Activation instead of an Activation Attempt. There is no roll: its
//! In Command units each do one thing, those not adjacent to an enemy first (Rally, Road Tactical
//! Movement, Fire by artillery that has not moved, or Out of Command Movement), then those that
//! began the phase adjacent to an enemy Assault or Withdraw. Its Out of Command units act only in
//! the Out of Command Phase (R 4.22A-C, L214-218; L462).
//!
//! What the app does: it counts the Command's activation for the turn (a Command chosen once,
//! L291; not one that tried under the Orders LIM, L308), takes one step from each Out of Command
//! unit adjacent to an enemy (L330), and lists the order of play. A D-2 unit that cannot Withdraw
//! rolls its Cohesion Check on the "Cohesion Check" form (L328); the Assaults are the usual
//! Assault procedures.
//!
//! Reading taken: the rule does not say when the Out of Command units lose their step (digest
//! §3.6, §7). They are taken here, when the Limited Activation is declared: the rule names the
//! units "during Limited Activation of their Command", and the units adjacent at its start are
//! the ones the players can list without argument. Units in a chateau are not excused from it: the
//! chateau exemption of L329 is from Assault or Withdraw only.

use super::activation::{self, COMBAT_LEADER, COMMAND};
use super::fighters::SideFields;
use super::forms::{self, SIDE};
use super::roster::attribute;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "Limited Activation, R 4.52D, L312-330";
const STEP_RULE: &str = "Out of Command units in a Limited Activation, R 4.52D, L330";

/// The most Out of Command units one Command can have adjacent to the enemy.
const MOST_UNITS: usize = 20;

const OUT_OF_COMMAND: SideFields = SideFields {
    army: "side",
    units: "out_of_command_adjacent",
    facts: "out_of_command_facts",
};

const FIELDS: &[Field] = &[
    SIDE,
    COMMAND,
    COMBAT_LEADER,
    Field {
        id: "out_of_command_adjacent",
        label: "Its Out of Command units adjacent to an enemy unit",
        group: "Units",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: super::roster::COMBAT_UNITS,
        },
        rule: STEP_RULE,
        help: "Units of this Command only. Each takes a Step Loss. Leave empty if there are none.",
    },
    forms::facts(
        "out_of_command_facts",
        "Units",
        STEP_RULE,
        "Filled in as the units are picked.",
    ),
];

pub struct LimitedActivation;

impl Procedure for LimitedActivation {
    fn about(&self) -> &About {
        &About {
            id: "limited-activation",
            title: "Limited Activation (No LIM Phase)",
            rule: RULE,
            summary: "A Command whose LIM was not selected acts without an Activation roll: its In Command units not adjacent to an enemy Rally, move by road, fire or make Out of Command Movement; then those adjacent Assault or Withdraw. Its Out of Command units adjacent to an enemy each lose a step, and act only in the Out of Command Phase.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.position.phase == super::NO_LIM_PHASE
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "leader", "command", "out_of_command_adjacent"]
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "leader" {
            activation::follow_leader(input, record);
        }
        OUT_OF_COMMAND.follow(changed, input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if activation::command_of(input).is_empty() {
            return Err(InputError::new(
                "command",
                "name the Command (or pick its Combat Leader) that takes the Limited Activation",
            ));
        }
        if input.list(OUT_OF_COMMAND.units).is_empty() {
            return Ok(());
        }
        OUT_OF_COMMAND.check_combination(input, MOST_UNITS)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if record.position.phase != super::NO_LIM_PHASE {
            return Err(InputError::new(
                "command",
                "a Limited Activation is taken in the No LIM Phase only (R 4.52A, L303-306)",
            ));
        }
        activation::check_not_yet_activated(input, record)?;
        OUT_OF_COMMAND.check_record(input, record)?;
        let (side, command) = (input.text("side"), activation::command_of(input));
        for name in input.list(OUT_OF_COMMAND.units) {
            let theirs = record
                .unit(side, name.as_str().trim())
                .and_then(|unit| unit.attribute(attribute::COMMAND));
            if let Some(theirs) = theirs.filter(|theirs| theirs.trim() != command) {
                return Err(InputError::new(
                    OUT_OF_COMMAND.units,
                    format!(
                        "{} belongs to {theirs}, not {command}: only the units of the Command taking the Limited Activation lose a step (L330)",
                        name.as_str().trim()
                    ),
                ));
            }
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let command = activation::command_of(input);
        let side = input.text("side");
        let mut effects = vec![Effect::SetCounter {
            name: activation::attempted_counter(command).as_str().into(),
            value: 2,
            rule: RULE.into(),
            lasts: Lasts::Turn,
        }];
        let mut losses = Vec::new();
        for unit in OUT_OF_COMMAND.fighters(input) {
            let piece = unit.piece(side);
            if unit.steps_left.is_some_and(|left| left <= 1) {
                losses.push(format!("{} loses its last step: eliminated", unit.name));
                effects.extend(piece.step_lost(STEP_RULE));
                effects.extend(piece.eliminated(STEP_RULE));
            } else {
                losses.push(format!("{} loses a step", unit.name));
                effects.extend(piece.step_lost(STEP_RULE));
            }
        }
        effects.push(Effect::reminder(
            &format!("First, each In Command unit of {command} not adjacent to an enemy does one thing: Rally or Recover; or Road Tactical Movement that never brings it adjacent to an enemy; or, artillery that has not moved, Fire; or Out of Command Movement (half its Movement Allowance rounded up, off roads, never adjacent to an enemy). Its Out of Command units wait for the Out of Command Phase"),
            "R 4.52D1, L314-319; L671; R 7.24, L681-685; R 4.22C, L218",
        ));
        effects.push(Effect::reminder(
            "Then each In Command unit that began the phase adjacent to an enemy Assaults or Withdraws, as the player chooses unit by unit: one that cannot Withdraw Assaults, one that cannot Assault Withdraws. D-2 and Routed units never Assault: a D-2 unit that cannot Withdraw rolls a Cohesion Check (the Cohesion Check form, \"D-2 unit that cannot Withdraw\"): failed, it Routs; passed, it stays. Units in a chateau need do neither",
            "R 4.52D2, L321-329; R 8.23, L933",
        ));
        let headline = if losses.is_empty() {
            format!("{command} takes a Limited Activation")
        } else {
            format!(
                "{command} takes a Limited Activation: {}",
                losses.join("; ")
            )
        };
        Ok(Resolution::book_keeping(
            "limited activation",
            headline,
            effects,
        ))
    }
}
