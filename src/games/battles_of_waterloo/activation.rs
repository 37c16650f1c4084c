//! The Activation attempt (R 4.42B, L262-268; R 4.52B-C, L305-310; R 4.61B, L346-350; R 4.62D-E,
//! L361-383; R 4.63C, L414-419). A Command whose LIM was not put in the Pool rolls one die against
//! its Combat Leader's Orders Rating, either as the Orders LIM's choice (L266) or in the No LIM
//! Phase (L310): at or under the rating, it carries out a normal C/D LIM activation; over it, "the
//! Command may do nothing that turn" (L310).
//!
//! Readings taken:
//! - Orders Points raise the Orders Rating by one each (INFERRED from "giving him from 1 to 4 of
//!   those Orders Points", L414). Every rule that grants them is written for the No LIM Phase
//!   (L361, L367, L383, L414), and so is Wellington's own Orders Rating of 9 (L419): the form
//!   refuses them on an Orders-LIM roll, with the reason (digest §3.5 and Corrections).
//! - Who gives them: a Superior Commander to a Combat Leader within his Command Range (L367);
//!   Wellington 1-4 to any Combat Leader within the Duke's own range (L414); Grouchy's "3c" to
//!   cavalry leaders only (L383); a Prussian corps commander to his cavalry leader (L361). Each
//!   point serves once a turn (L369): the record counts each giver's points spent this turn
//!   ("Orders Points spent: <leader>", lasting the turn), and a giver on the record is refused
//!   points beyond his printed Orders Points.
//! - A Command that attempted activation under the Orders LIM is "done for the turn" (L308): the
//!   record keeps "Activation attempted: <Command>" for the turn, and a second attempt that turn
//!   is refused (in the No LIM Phase each Command is chosen once, L291).
//! - A natural 0: Activation is not a Cohesion Check (L115). The die takes no modifier (the Orders
//!   Points raise the rating), so a 0 is never over a rating of 0 or more and the `natural_zero`
//!   setting cannot change a result: the form does not carry it.
//! - The form's choice of phase must match where play stands: the Orders LIM in the Operations
//!   Phase, the No LIM Phase in its own phase.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, SIDE};
use super::roster::{self, attribute};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "Activation, R 4.42B, L266; R 4.52C, L310";
const ORDERS_LIM_RULE: &str = "Orders LIM, R 4.42B, L262-268";
const NO_LIM_RULE: &str = "No LIM Activation, R 4.52C, L310";
const DONE_RULE: &str = "R 4.52B, L308";
const POINTS_RULE: &str = "Orders Points, R 4.62D, L367-369";
const WELLINGTON_RULE: &str = "Wellington, R 4.63C, L414-419";

/// The counter of a Command's attempt this turn: 1 under the Orders LIM, 2 in the No LIM Phase.
pub fn attempted_counter(command: &str) -> String {
    format!("Activation attempted: {}", command.trim())
}

/// The counter of the Orders Points a leader gave this turn.
pub fn points_counter(leader: &str) -> String {
    format!("Orders Points spent: {}", leader.trim())
}

const PHASES: &[(&str, &str)] = &[
    ("no_lim", "No LIM Phase: an Activation Attempt"),
    ("orders_lim", "Orders LIM: an Activation die roll"),
];

const GIVERS: &[(&str, &str)] = &[
    ("none", "No one"),
    ("superior", "Its Superior Commander"),
    ("wellington", "Wellington (1-4 Orders Points)"),
    ("grouchy", "Grouchy (3c: cavalry leaders only)"),
    (
        "corps",
        "A Prussian corps commander, for his cavalry leader",
    ),
];

/// The Command that acts, as the record counts its attempt this turn.
pub(super) const COMMAND: Field = Field {
    id: "command",
    label: "Command (its LIM)",
    group: "Activation",
    kind: FieldKind::Text { max_len: 40 },
    rule: "Command, R 4.21, L204-210",
    help: "The corps or division, filled in from the Combat Leader. To try one Combat Leader's part alone under the Orders LIM (L266-268), clear it: the attempt is then his, and the rest of the Command may still act in the No LIM Phase.",
};

pub(super) const COMBAT_LEADER: Field = forms::leader(
    "leader",
    "Its Combat Leader",
    "Orders Rating, R 4.61B, L350",
    "Pick him from the record to fill in his Orders Rating.",
);

const FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "phase",
        label: "The roll is made",
        group: "Activation",
        kind: FieldKind::Choice(PHASES),
        rule: "R 4.42B, L266; R 4.52A-C, L305-310",
        help: "Filled in from where play stands.",
    },
    COMMAND,
    COMBAT_LEADER,
    Field {
        id: "orders_rating",
        label: "His Orders Rating",
        group: "Leaders",
        kind: FieldKind::Count { max: 9 },
        rule: "Orders Rating, R 4.61B, L350",
        help: "Filled in from the record. Uxbridge as Combat Leader of the Cavalry Corps: 5 (L377).",
    },
    Field {
        id: "wellington_leads",
        label: "Wellington is the Combat Leader of these units (No LIM Phase): Orders Rating 9",
        group: "Leaders",
        kind: FieldKind::Flag,
        rule: WELLINGTON_RULE,
        help: "Only the units he is listed as Combat Leader of on the Hierarchy chart (6/AR, L417-419).",
    },
    Field {
        id: "giver",
        label: "Orders Points given by",
        group: "Orders Points",
        kind: FieldKind::Choice(GIVERS),
        rule: "R 4.62B, L361; R 4.62D-E, L367-383; R 4.63C, L414",
        help: "No LIM Phase only.",
    },
    forms::leader(
        "giver_leader",
        "The leader giving them",
        POINTS_RULE,
        "Pick him from the record to fill in his Orders Points.",
    ),
    Field {
        id: "orders_points",
        label: "Orders Points given",
        group: "Orders Points",
        kind: FieldKind::Count { max: 9 },
        rule: "R 4.62D, L367; L414",
        help: "+1 to the Orders Rating each (INFERRED, L414).",
    },
    Field {
        id: "in_giver_range",
        label: "The Combat Leader is within the giver's Command Range",
        group: "Orders Points",
        kind: FieldKind::Flag,
        rule: "R 4.62D, L367; L414",
        help: "Wellington's own range: Superior Commanders may not extend it (L414).",
    },
    Field {
        id: "cavalry_leader",
        label: "The Combat Leader leads cavalry",
        group: "Orders Points",
        kind: FieldKind::Flag,
        rule: "R 4.62B, L361; R 4.62E, L383",
        help: "Grouchy's points and a Prussian corps commander's go to cavalry leaders only.",
    },
    Field {
        id: "giver_points",
        label: "His Orders Points a turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: POINTS_RULE,
        help: "Filled in from the record.",
    },
    Field {
        id: "giver_spent",
        label: "Orders Points he gave this turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: POINTS_RULE,
        help: "Filled in from the record.",
    },
];

fn no_lim(input: &Input) -> bool {
    input.text("phase") == "no_lim"
}

/// The Command as the record counts its attempt: its name, or its Combat Leader's.
pub(super) fn command_of(input: &Input) -> &str {
    let command = input.text("command").trim();
    if command.is_empty() {
        input.text("leader").trim()
    } else {
        command
    }
}

/// Refuses a Command that has its own activation this turn: its LIM went into the Pool (the
/// Orders LIM's roll and the No LIM Phase are for Commands whose LIM did not, L266, L291), or it
/// has already tried: under the Orders LIM it is "done for the turn" (L308), and in the No LIM
/// Phase each Command is chosen once (L291). A Combat Leader tried alone (L266-268) is refused
/// too, though the rest of his Command is not.
pub(super) fn check_not_yet_activated(input: &Input, record: &Record) -> Result<(), InputError> {
    let command = command_of(input);
    if super::lims::selected_this_turn(record, input.text("side"), command) {
        return Err(InputError::new(
            "command",
            format!(
                "{command}'s LIM was selected into the Pool this turn: it acts when its LIM is drawn, not by an Activation roll or in the No LIM Phase (L266, L291)"
            ),
        ));
    }
    let leader = input.text("leader").trim();
    let tried = [command, leader]
        .into_iter()
        .filter(|name| !name.is_empty())
        .find_map(|name| {
            record
                .counters
                .get(attempted_counter(name).as_str())
                .map(|attempt| (name, *attempt))
        });
    let Some((command, attempt)) = tried else {
        return Ok(());
    };
    Err(InputError::new(
        "command",
        if attempt == 1 {
            format!(
                "{command} attempted activation under the Orders LIM this turn: it is done for the turn (L308)"
            )
        } else {
            format!("{command} has already had its activation this turn (L291, L305-306)")
        },
    ))
}

/// The phase where play stands, if it is the Operations or the No LIM Phase.
fn phase_at(record: &Record) -> Option<&'static str> {
    match record.position.phase {
        super::OPERATIONS_PHASE => Some("orders_lim"),
        super::NO_LIM_PHASE => Some("no_lim"),
        _ => None,
    }
}

/// The Orders Rating before Orders Points: Wellington's 9 where he leads (L419).
fn base_rating(input: &Input) -> i32 {
    if input.flag("wellington_leads") {
        9
    } else {
        input.number("orders_rating")
    }
}

fn rating_modifiers(input: &Input) -> Vec<Modifier> {
    let points = input.number("orders_points");
    if points > 0 {
        vec![Modifier::new(
            "Orders Rating",
            format!("{points} Orders Point(s), +1 each (INFERRED)"),
            points,
            "R 4.62D, L367; R 4.63C, L414",
        )]
    } else {
        Vec::new()
    }
}

/// After the Combat Leader changes: his Orders Rating and his Command from the record.
pub(super) fn follow_leader(input: &mut Input, record: &Record) {
    let Some(leader) = roster::named(record, input.text("side"), input.text("leader")) else {
        return;
    };
    if let Some(rating) = roster::number(leader, attribute::ORDERS_RATING) {
        input.set("orders_rating", Value::Number(rating));
    }
    if let Some(command) = leader.attribute(attribute::COMMAND)
        && !command.trim().is_empty()
    {
        input.set("command", Value::Text(command.trim().into()));
    }
}

fn follow_giver(input: &mut Input, record: &Record) {
    let name = input.text("giver_leader").trim().to_string();
    let (points, spent) = forms::budget(
        record,
        input.text("side"),
        &name,
        attribute::ORDERS_POINTS,
        &points_counter(&name),
    );
    input.set("giver_points", Value::Number(points));
    input.set("giver_spent", Value::Number(spent));
}

pub struct Activation;

impl Procedure for Activation {
    fn about(&self) -> &About {
        &About {
            id: "activation",
            title: "Activation attempt",
            rule: RULE,
            summary: "A Command whose LIM is not in the Pool rolls against its Combat Leader's Orders Rating (in the No LIM Phase +1 per Orders Point given): at or under it, a full C/D activation; over it, the Command does nothing this turn.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["phase", "leader", "command", "giver", "orders_points"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "wellington_leads" => no_lim(input) && input.text("side") == "allied",
            "giver" => no_lim(input),
            "giver_leader" | "orders_points" | "in_giver_range" | "giver_points"
            | "giver_spent" => no_lim(input) && input.text("giver") != "none",
            "cavalry_leader" => matches!(input.text("giver"), "grouchy" | "corps"),
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        if let Some(phase) = phase_at(record) {
            input.set("phase", Value::Text(phase.into()));
        }
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        match changed {
            "leader" => follow_leader(input, record),
            "giver" => {
                let named = match input.text("giver") {
                    "wellington" => Some("Wellington"),
                    "grouchy" => Some("Grouchy"),
                    _ => None,
                };
                if let Some(name) = named
                    && input.text("giver_leader").trim().is_empty()
                    && roster::named(record, input.text("side"), name).is_some()
                {
                    input.set("giver_leader", Value::Text(name.into()));
                    follow_giver(input, record);
                }
            }
            "giver_leader" => follow_giver(input, record),
            _ => {}
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if command_of(input).is_empty() {
            return Err(InputError::new(
                "command",
                "name the Command (or the Combat Leader) that tries to activate",
            ));
        }
        let points = input.number("orders_points");
        let giver = input.text("giver");
        if !no_lim(input) {
            if points > 0 || giver != "none" {
                return Err(InputError::new(
                    "orders_points",
                    "the rules grant Orders Points for the No LIM Phase Activation only (R 4.62D, L367; L383; L414): not on an Orders-LIM roll",
                ));
            }
            if input.flag("wellington_leads") {
                return Err(InputError::new(
                    "wellington_leads",
                    "Wellington's Orders Rating of 9 is \"for No LIM Phase activation purposes\" (L419)",
                ));
            }
        }
        if input.flag("wellington_leads") && input.text("side") != "allied" {
            return Err(InputError::new(
                "wellington_leads",
                "Wellington leads Anglo-Allied units (L419)",
            ));
        }
        if giver == "none" {
            if points > 0 {
                return Err(InputError::new("giver", "say who gives the Orders Points"));
            }
            return Ok(());
        }
        if points == 0 {
            return Err(InputError::new(
                "orders_points",
                "how many Orders Points are given?",
            ));
        }
        if input.text("giver_leader").trim().is_empty() {
            return Err(InputError::new(
                "giver_leader",
                "name the leader who gives the Orders Points: the record counts them (L369)",
            ));
        }
        if !input.flag("in_giver_range") {
            return Err(InputError::new(
                "in_giver_range",
                "Orders Points go only to a Combat Leader within the giver's Command Range (L367, L414)",
            ));
        }
        let side = input.text("side");
        match giver {
            "superior" if side == "prussian" => Err(InputError::new(
                "giver",
                "there are no Prussian Superior Commanders: a corps commander acts as one for his cavalry leader only (L361)",
            )),
            "wellington" if side != "allied" => Err(InputError::new(
                "giver",
                "Wellington gives Orders Points to Anglo-Allied leaders (L414; R 4.23, L226)",
            )),
            "wellington" if points > 4 => Err(InputError::new(
                "orders_points",
                "the Duke gives from 1 to 4 Orders Points (L414)",
            )),
            "grouchy" if side != "french" => Err(InputError::new(
                "giver",
                "Grouchy is a French Superior Commander (L359)",
            )),
            "corps" if side != "prussian" => Err(InputError::new(
                "giver",
                "only the Prussian corps commanders act so (L361)",
            )),
            "grouchy" | "corps" if !input.flag("cavalry_leader") => Err(InputError::new(
                "cavalry_leader",
                if giver == "grouchy" {
                    "Grouchy's 3c Orders Points are used only for cavalry leaders (L383)"
                } else {
                    "a Prussian corps commander acts as Superior Commander for his cavalry leader only (L361)"
                },
            )),
            _ => Ok(()),
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if let Some(phase) = phase_at(record)
            && phase != input.text("phase")
        {
            return Err(InputError::new(
                "phase",
                if phase == "no_lim" {
                    "play stands in the No LIM Phase"
                } else {
                    "play stands in the Operations Phase: the roll is the Orders LIM's (L266)"
                },
            ));
        }
        check_not_yet_activated(input, record)?;
        let name = input.text("giver_leader").trim();
        if input.text("giver") != "none"
            && let Some(giver) = roster::named(record, input.text("side"), name)
        {
            let spent = record
                .counters
                .get(points_counter(name).as_str())
                .copied()
                .unwrap_or(0);
            if i64::from(input.number("giver_spent")) != spent {
                return Err(InputError::new(
                    "giver_spent",
                    format!(
                        "the record has {name} giving {spent} this turn: open the form again to fill this in"
                    ),
                ));
            }
            let budget = roster::number(giver, attribute::ORDERS_POINTS).unwrap_or(0);
            let left = (budget - spent).max(0);
            if i64::from(input.number("orders_points")) > left {
                return Err(InputError::new(
                    "orders_points",
                    format!(
                        "{name} has {left} of his {budget} Orders Points left this turn (L369, L414)"
                    ),
                ));
            }
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        rating_modifiers(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Activation die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let points = input.number("orders_points");
        let rating = base_rating(input) + points;
        // No modifier ever touches the die, so the natural-0 setting cannot matter (see above).
        let tested = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            rating,
            &[],
            TestKind::Other,
            ZeroPasses::CohesionChecksOnly,
        );
        let command = command_of(input);
        let orders_lim = !no_lim(input);
        let (rule, attempt) = if orders_lim {
            (ORDERS_LIM_RULE, 1)
        } else {
            (NO_LIM_RULE, 2)
        };
        let mut effects = vec![Effect::SetCounter {
            name: attempted_counter(command).as_str().into(),
            value: attempt,
            rule: rule.into(),
            lasts: Lasts::Turn,
        }];
        let giver = input.text("giver_leader").trim();
        if points > 0 && !giver.is_empty() {
            effects.push(Effect::SetCounter {
                name: points_counter(giver).as_str().into(),
                value: i64::from(input.number("giver_spent") + points),
                rule: POINTS_RULE.into(),
                lasts: Lasts::Turn,
            });
        }
        let leader = input.text("leader").trim();
        if !leader.is_empty() {
            effects.push(Effect::reminder(
                &format!("{leader} used his Orders Rating this turn: he may not use Strategic Movement this turn"),
                "R 7.26C, L715",
            ));
        }
        let wellington = if input.flag("wellington_leads") {
            " (Wellington's Orders Rating 9)"
        } else {
            ""
        };
        let (key, rank, headline) = if tested.passed {
            effects.push(Effect::reminder(
                &format!("{command} carries out a normal C/D LIM activation: Rally/Recovery, Withdrawal, Road Strategic Movement, Tactical Movement, Artillery Fire, Combat Movement and Assault, in that order"),
                "R 4.42A, L253-260; L310",
            ));
            (
                "activated",
                0,
                format!("{command} is activated ({}{wellington})", tested.describe()),
            )
        } else {
            effects.push(Effect::reminder(
                &format!("{command} may do nothing this turn"),
                NO_LIM_RULE,
            ));
            (
                "not activated",
                1,
                format!(
                    "{command} fails to activate and does nothing this turn ({}{wellington})",
                    tested.describe()
                ),
            )
        };
        if orders_lim {
            effects.push(Effect::reminder(
                &format!("{command} attempted activation under the Orders LIM: it is done for the turn and may neither Activate nor Limited Activate in the No LIM Phase"),
                DONE_RULE,
            ));
        }
        Ok(Resolution {
            modifiers: rating_modifiers(input),
            totals: vec![tested.total("Activation")],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank,
                headline,
            },
            effects,
        })
    }
}
