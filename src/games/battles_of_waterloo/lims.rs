//! The Leader Initiative Markers (LIMs): selection into the Pool, the Initiative player's LIM kept
//! out, and the blind draws from the cup (R 4.3-4.4, L228-285).
//!
//! Each LIM the scenario lists is a piece on the record, added once ("Add a LIM"); the Orders LIM
//! of every army needs none, since it always goes into the Pool, free (L245). A chit in the cup is
//! named "<army>: <LIM>", so the log reads "French: I Corps". The LIMs each turn activates are kept
//! in order in a cup of their own, "LIMs carried out, turn N": the last is the one being carried
//! out.
//!
//! Readings taken:
//! - A selection costs one Command Point per LIM, the Orders LIM none; up to the Overall
//!   Commander's Command Points less those spent on the Initiative (L243, L401).
//! - The Orders LIM is never the one kept out: the kept LIM is "one of his selected LIMs" (L157),
//!   bought with Command Points (digest, Corrections "Pool Placement").
//! - Eligibility (L236-241) is a fact about positions on the map: the form asks the player to
//!   confirm it for the Corps/Division LIMs selected, except those always eligible (the French
//!   Cavalry Reserve, L239).
//! - The Grand Battery LIM: after a run of k turns in a row (one or two, L276), it stays out for
//!   2k turns (the general form of L277-279: used at 1300 and 1330, next at 1600).

use super::forms;
use super::{LIM_CUP, SIDES, army_label};
use crate::engine::draws::DrawSlot;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::engine::turns::TurnNote;

const SELECTION_RULE: &str = "LIM Selection, R 4.31, L232-245";
const PLACEMENT_RULE: &str = "Pool Placement, R 3B, L157; R 4.31E, L247";
const DRAW_RULE: &str = "Random LIM Draw, R 3C2, L162; R 4.31E, L247";
const GRAND_BATTERY_RULE: &str = "Grand Battery LIM, R 4.42D, L276-279";

/// The LIM kinds (R 4.42, L249-281).
const KINDS: &[(&str, &str)] = &[
    ("command", "Corps or Division"),
    ("strategic", "Strategic Movement"),
    ("artillery", "Artillery (French)"),
    ("grand_battery", "Grand Battery (French)"),
];

/// The names of the LIMs that are not a Command's.
const ORDERS: &str = "Orders";
const STRATEGIC: &str = "Strategic Movement";
const ARTILLERY: &str = "Artillery";
const GRAND_BATTERY: &str = "Grand Battery";

mod attribute {
    pub const KIND: &str = "LIM kind";
    pub const ALWAYS_ELIGIBLE: &str = "always eligible";
    pub const SELECTED_ON: &str = "selected on turn";
}

mod counter {
    pub const GRAND_BATTERY_LAST: &str = "Grand Battery LIM: last selected on turn";
    pub const GRAND_BATTERY_RUN: &str = "Grand Battery LIM: turns in a row";
}

/// A LIM as its chit in the cup is named: "French: I Corps".
pub fn chit(side: &str, lim: &str) -> String {
    format!("{}: {lim}", army_label(side))
}

/// The army and LIM a chit names.
fn parse_chit(chit: &str) -> Option<(&'static str, &str)> {
    let (army, lim) = chit.split_once(": ")?;
    SIDES
        .iter()
        .find(|(_, label)| *label == army)
        .map(|(id, _)| (*id, lim))
}

/// The cup that keeps, in order, the LIMs carried out on `turn`.
fn carried_out(turn: i64) -> String {
    format!("LIMs carried out, turn {turn}")
}

/// The LIM being carried out: the last one kept out or drawn this turn.
pub fn active(record: &Record) -> Option<&Symbol> {
    record
        .cups
        .get(carried_out(i64::from(record.position.turn)).as_str())
        .and_then(|lims| lims.last())
}

/// What a LIM allows, in the order its owner carries it out (R 4.42, L253-281).
fn allows(lim: &str) -> &'static str {
    match lim {
        ORDERS => {
            "Orders LIM, one of: every leader may move; or one combat unit anywhere acts as an In Command unit (\"Loose Cannon\"); or an Activation roll for one Command or Combat Leader whose LIM is not in the Pool (that Command is then done for the turn)"
        }
        STRATEGIC => {
            "Strategic Movement LIM: In Command units that have done nothing else this turn may move by off-road Strategic Movement, and may not be used again this turn"
        }
        ARTILLERY => {
            "Artillery LIM: any artillery within Command Range of one Artillery Commander (Ruty or St. Maurice) moves or fires"
        }
        GRAND_BATTERY => {
            "Grand Battery LIM: artillery within range of one Artillery Commander fires as a Grand Battery at triple strength; no movement"
        }
        _ => {
            "Command activation, in order: 1. Rally/Recovery, 2. Withdrawal, 3. Road Strategic Movement, 4. Tactical Movement, 5. Artillery Fire, 6. Combat Movement and Assault (steps A-G for every assault, then H one Shock at a time). Only units In Command as the LIM is drawn act"
        }
    }
}

/// The rule of what a LIM allows.
fn allows_rule(lim: &str) -> &'static str {
    match lim {
        ORDERS => "Orders LIM, R 4.42B, L262-268",
        STRATEGIC => "Strategic Movement LIM, R 4.42C, L270",
        ARTILLERY => "Artillery LIM, R 4.42C, L272",
        GRAND_BATTERY => GRAND_BATTERY_RULE,
        _ => "C/D LIM, R 4.42A, L253-260; R 4.22, L212-222",
    }
}

/// The fixed name of a LIM kind, or `None` for a Command's LIM, named by the players.
fn fixed_name(kind: &str) -> Option<&'static str> {
    match kind {
        "strategic" => Some(STRATEGIC),
        "artillery" => Some(ARTILLERY),
        "grand_battery" => Some(GRAND_BATTERY),
        _ => None,
    }
}

/// Whether the Grand Battery LIM may be selected on `turn`, given the last turn it was selected
/// (0 for never) and how many turns in a row that run lasted (L276-279).
pub fn grand_battery_allowed(turn: i64, last: i64, run: i64) -> Result<(), String> {
    if last == 0 {
        return Ok(());
    }
    if turn == last + 1 {
        return if run < 2 {
            Ok(())
        } else {
            Err("the Grand Battery LIM was selected in each of the last two turns: never three in a row (L276)".into())
        };
    }
    let free_from = last + 2 * run + 1;
    if turn < free_from {
        Err(format!(
            "after {run} turn(s) in a row, the Grand Battery LIM stays out of the Pool for {} turns: it may be selected again from turn {free_from} (L277-279)",
            2 * run
        ))
    } else {
        Ok(())
    }
}

// --- Adding a LIM -------------------------------------------------------------------------------

const ADD_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "LIM",
        kind: FieldKind::Choice(SIDES),
        rule: "LIMs, R 2.2.2, L74",
        help: "The army whose LIM it is.",
    },
    Field {
        id: "kind",
        label: "Kind",
        group: "LIM",
        kind: FieldKind::Choice(KINDS),
        rule: "LIM usage, R 4.42, L249-281",
        help: "Most LIMs activate one Command (a corps or division). Every army's Orders LIM is built in.",
    },
    Field {
        id: "name",
        label: "Name (a Corps or Division LIM)",
        group: "LIM",
        kind: FieldKind::Text { max_len: 30 },
        rule: "R 4.21, L204-210",
        help: "As the scenario lists it, e.g. \"I Corps\" or \"Cavalry Reserve\".",
    },
    Field {
        id: "always_eligible",
        label: "Always eligible (the French Cavalry Reserve)",
        group: "LIM",
        kind: FieldKind::Flag,
        rule: "Eligibility, R 4.31B, L239",
        help: "It may be selected wherever its leader stands.",
    },
];

/// Puts one of the scenario's LIMs on the record.
pub struct AddLim;

impl Procedure for AddLim {
    fn about(&self) -> &About {
        &About {
            id: "add-lim",
            title: "Add a LIM",
            rule: "LIMs, R 4.3-4.4, L228-285",
            summary: "Puts one of the LIMs the scenario lists on the record, so it can be selected into the Pool. The Orders LIM of every army is built in.",
            fields: ADD_FIELDS,
        }
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "name" | "always_eligible" => input.text("kind") == "command",
            _ => true,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let kind = input.text("kind");
        if matches!(kind, "artillery" | "grand_battery") && input.text("side") != "french" {
            return Err(InputError::new(
                "kind",
                "only the French have Artillery and Grand Battery LIMs (L272-274)",
            ));
        }
        let name = input.text("name").trim();
        if kind == "command" && name.is_empty() {
            return Err(InputError::new("name", "name the Command's LIM"));
        }
        if kind == "command" && name == ORDERS {
            return Err(InputError::new(
                "name",
                "every army's Orders LIM is built in",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = Self::name(input);
        if record.unit(side, name).is_some() {
            return Err(InputError::new(
                "name",
                format!("{} already has a piece named \"{name}\"", army_label(side)),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = Self::name(input);
        let rule = "LIMs, R 4.3-4.4, L228-285";
        let mut effects = vec![
            Effect::set_state(side, name, "LIM", rule),
            Effect::set_attribute(side, name, super::roster::attribute::TYPE, "lim", rule),
            Effect::set_attribute(side, name, attribute::KIND, input.text("kind"), rule),
        ];
        if input.flag("always_eligible") && input.text("kind") == "command" {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::ALWAYS_ELIGIBLE,
                "yes",
                "Eligibility, R 4.31B, L239",
            ));
        }
        Ok(Resolution::book_keeping(
            "added",
            format!("{} LIM added", chit(side, name)),
            effects,
        ))
    }
}

impl AddLim {
    fn name(input: &Input) -> &str {
        fixed_name(input.text("kind")).unwrap_or_else(|| input.text("name").trim())
    }
}

// --- Selecting LIMs into the Pool ---------------------------------------------------------------

const SELECTION_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Selection",
        kind: FieldKind::Choice(SIDES),
        rule: SELECTION_RULE,
        help: "Each player selects for his army.",
    },
    Field {
        id: "lims",
        label: "LIMs selected",
        group: "Selection",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("type", "lim")],
        },
        rule: SELECTION_RULE,
        help: "One Command Point each. The Orders LIM goes in free.",
    },
    Field {
        id: "eligible",
        label: "Each Corps/Division LIM selected is eligible",
        group: "Selection",
        kind: FieldKind::Flag,
        rule: "Eligibility, R 4.31B, L236-241",
        help: "Its Combat Leader is within the Overall Commander's Command Range, or within the range of a Superior Commander who is; for an Anglo-Allied corps with two Combat Leaders, either one.",
    },
    Field {
        id: "grouchy_extra",
        label: "Grouchy buys one extra LIM (he is outside Napoleon's Command Range)",
        group: "Selection",
        kind: FieldKind::Flag,
        rule: "Grouchy, R 4.62E, L382",
        help: "Wavre and June 18th scenarios only.",
    },
    Field {
        id: "command_points",
        label: "Overall Commander's Command Points this turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "Command Points, R 4.63B, L401",
        help: "From the record if his counter is entered; otherwise as printed.",
    },
    Field {
        id: "spent_on_initiative",
        label: "Command Points spent on the Initiative",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "R 4.12A, L192",
        help: "Filled in from the record.",
    },
    Field {
        id: "grand_battery_last",
        label: "Grand Battery LIM last selected on turn (0: never)",
        group: "What the record knows",
        kind: FieldKind::Count { max: 48 },
        rule: GRAND_BATTERY_RULE,
        help: "Filled in from the record.",
    },
    Field {
        id: "grand_battery_run",
        label: "Grand Battery LIM: turns in a row",
        group: "What the record knows",
        kind: FieldKind::Count { max: 2 },
        rule: GRAND_BATTERY_RULE,
        help: "Filled in from the record.",
    },
    forms::turn_field(SELECTION_RULE),
];

fn selected(input: &Input) -> impl Iterator<Item = &str> {
    input.list("lims").iter().map(|lim| lim.as_str().trim())
}

/// One army's LIMs into the Pool.
pub struct LimSelection;

impl Procedure for LimSelection {
    fn about(&self) -> &About {
        &About {
            id: "lim-selection",
            title: "Select LIMs into the Pool",
            rule: SELECTION_RULE,
            summary: "One army's LIMs go into the cup: up to its Overall Commander's Command Points less those spent on the Initiative, each eligible, and the Orders LIM free.",
            fields: SELECTION_FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "lims", "eligible"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "grouchy_extra" | "grand_battery_last" | "grand_battery_run" => {
                input.text("side") == "french"
            }
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
        for (field, name) in [
            ("grand_battery_last", counter::GRAND_BATTERY_LAST),
            ("grand_battery_run", counter::GRAND_BATTERY_RUN),
        ] {
            input.set(
                field,
                Value::Number(record.counters.get(name).copied().unwrap_or(0)),
            );
        }
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        if let Some(points) = commander_points(record, &side) {
            input.set("command_points", Value::Number(points));
        }
        let spent = record
            .counters
            .get(
                format!(
                    "Command Points spent on the Initiative: {}",
                    army_label(&side)
                )
                .as_str(),
            )
            .copied()
            .unwrap_or(0);
        input.set("spent_on_initiative", Value::Number(spent));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let side = input.text("side");
        let french = side == "french";
        if input.flag("grouchy_extra") && !french {
            return Err(InputError::new("grouchy_extra", "Grouchy is French"));
        }
        let budget = i64::from(input.number("command_points"))
            - i64::from(input.number("spent_on_initiative"))
            + i64::from(input.flag("grouchy_extra"));
        let count = selected(input).count() as i64;
        if count > budget.max(0) {
            return Err(InputError::new(
                "lims",
                format!(
                    "{count} LIMs selected, but only {} Command Point(s) are left for LIMs (L243)",
                    budget.max(0)
                ),
            ));
        }
        if selected(input).any(|lim| lim == GRAND_BATTERY) {
            grand_battery_allowed(
                i64::from(input.number("turn")),
                i64::from(input.number("grand_battery_last")),
                i64::from(input.number("grand_battery_run")),
            )
            .map_err(|message| InputError::new("lims", message))?;
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        forms::check_turn(input, record)?;
        let side = input.text("side");
        let orders = chit(side, ORDERS);
        if record
            .cups
            .get(LIM_CUP)
            .is_some_and(|cup| cup.iter().any(|c| c.as_str() == orders))
        {
            return Err(InputError::new(
                "side",
                format!(
                    "{}'s LIMs are in the Pool already this turn",
                    army_label(side)
                ),
            ));
        }
        for (field, name) in [
            ("grand_battery_last", counter::GRAND_BATTERY_LAST),
            ("grand_battery_run", counter::GRAND_BATTERY_RUN),
        ] {
            if i64::from(input.number(field)) != record.counters.get(name).copied().unwrap_or(0) {
                return Err(InputError::new(
                    field,
                    "the record says otherwise: open the form again to fill this in",
                ));
            }
        }
        if let Some(points) = commander_points(record, side)
            && i64::from(input.number("command_points")) > points
        {
            return Err(InputError::new(
                "command_points",
                format!("the record gives the Overall Commander {points} Command Points"),
            ));
        }
        let mut needs_eligibility = false;
        for lim in selected(input) {
            let Some(piece) = record
                .unit(side, lim)
                .filter(|u| u.attribute("type") == Some("lim"))
            else {
                return Err(InputError::new(
                    "lims",
                    format!(
                        "\"{lim}\" is not a LIM of {} on the record: add it first",
                        army_label(side)
                    ),
                ));
            };
            let kind = piece.attribute(attribute::KIND).unwrap_or("command");
            needs_eligibility |=
                kind == "command" && piece.attribute(attribute::ALWAYS_ELIGIBLE) != Some("yes");
        }
        if needs_eligibility && !input.flag("eligible") {
            return Err(InputError::new(
                "eligible",
                "a Corps or Division LIM is eligible only if its Combat Leader is within the Overall Commander's range, directly or through a Superior Commander (L236-241): confirm it",
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let turn = i64::from(input.number("turn"));
        let mut chits: Vec<Symbol> = selected(input)
            .map(|lim| chit(side, lim).as_str().into())
            .collect();
        chits.push(chit(side, ORDERS).as_str().into());
        let listed = chits
            .iter()
            .map(Symbol::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let mut effects = vec![Effect::PutInCup {
            cup: LIM_CUP.into(),
            chits,
            rule: SELECTION_RULE.into(),
        }];
        for lim in selected(input) {
            effects.push(Effect::set_attribute(
                side,
                lim,
                attribute::SELECTED_ON,
                turn,
                SELECTION_RULE,
            ));
        }
        if selected(input).any(|lim| lim == GRAND_BATTERY) {
            let last = i64::from(input.number("grand_battery_last"));
            let run = if last == turn - 1 {
                i64::from(input.number("grand_battery_run")) + 1
            } else {
                1
            };
            for (name, value) in [
                (counter::GRAND_BATTERY_LAST, turn),
                (counter::GRAND_BATTERY_RUN, run),
            ] {
                effects.push(Effect::SetCounter {
                    name: name.into(),
                    value,
                    rule: GRAND_BATTERY_RULE.into(),
                    lasts: Lasts::Game,
                });
            }
        }
        let count = selected(input).count();
        Ok(Resolution::book_keeping(
            "selected",
            format!("Into the Pool: {listed} ({count} Command Point(s))"),
            effects,
        ))
    }
}

/// The Overall Commander's Command Points, if the record knows him.
fn commander_points(record: &Record, side: &str) -> Option<i64> {
    record
        .units_where(Some(side), &[("type", "overall_commander")])
        .find_map(|(_, _, unit)| {
            super::roster::number(unit, super::roster::attribute::COMMAND_POINTS)
        })
}

// --- Pool Placement: the Initiative player's first LIM -------------------------------------------

const KEEP_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "The Initiative player's army",
        group: "First LIM",
        kind: FieldKind::Choice(SIDES),
        rule: PLACEMENT_RULE,
        help: "Filled in from the record.",
    },
    Field {
        id: "lim",
        label: "LIM kept out",
        group: "First LIM",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("type", "lim")],
            max_len: 30,
        },
        rule: PLACEMENT_RULE,
        help: "One of his selected LIMs (not the Orders LIM); he carries it out first.",
    },
    forms::turn_field(PLACEMENT_RULE),
];

/// The Initiative player keeps one selected LIM out of the cup as his first activation.
pub struct KeepOut;

impl Procedure for KeepOut {
    fn about(&self) -> &About {
        &About {
            id: "keep-out",
            title: "Keep the first LIM out",
            rule: PLACEMENT_RULE,
            summary: "The Initiative player keeps one of the LIMs he selected out of the cup and carries it out first; every other LIM stays in the cup.",
            fields: KEEP_FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["lim"]
    }
    fn offers(&self, _field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        in_cup(record, &chit(side, name))
            && i64::from(input.number("turn")) == i64::from(record.position.turn)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
        let Some(side) = initiative_side(record) else {
            return;
        };
        input.set("side", Value::Text(side.into()));
        // With one LIM selected there is nothing to choose.
        let selected: Vec<&str> = record
            .cups
            .get(LIM_CUP)
            .into_iter()
            .flatten()
            .filter_map(|c| parse_chit(c.as_str()))
            .filter(|(army, lim)| *army == side && *lim != ORDERS)
            .map(|(_, lim)| lim)
            .collect();
        if let [only] = selected.as_slice() {
            input.set("lim", Value::Text((*only).into()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("lim").trim().is_empty() {
            return Err(InputError::new("lim", "name the LIM kept out"));
        }
        if input.text("lim").trim() == ORDERS {
            return Err(InputError::new(
                "lim",
                "the Orders LIM is never kept out: it is free, not one of the LIMs selected (L157, L245)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        forms::check_turn(input, record)?;
        let side = input.text("side");
        if initiative_side(record) != Some(side) {
            return Err(InputError::new(
                "side",
                "only the player who won the Initiative keeps a LIM out (L157)",
            ));
        }
        if active(record).is_some() {
            return Err(InputError::new(
                "lim",
                "a LIM has already been carried out this turn",
            ));
        }
        let lim = chit(side, input.text("lim").trim());
        if !in_cup(record, &lim) {
            return Err(InputError::new("lim", format!("{lim} is not in the Pool")));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let name = input.text("lim").trim();
        let lim = chit(input.text("side"), name);
        let effects = vec![
            Effect::TakeFromCup {
                cup: LIM_CUP.into(),
                chit: lim.as_str().into(),
                rule: PLACEMENT_RULE.into(),
            },
            carry_out(i64::from(input.number("turn")), &lim),
            Effect::reminder(allows(name), allows_rule(name)),
        ];
        Ok(Resolution::book_keeping(
            "kept",
            format!("{lim} is kept out and carried out first"),
            effects,
        ))
    }
}

fn in_cup(record: &Record, lim: &str) -> bool {
    record
        .cups
        .get(LIM_CUP)
        .is_some_and(|cup| cup.iter().any(|c| c.as_str() == lim))
}

/// The army whose player holds the Initiative this turn, once it is decided.
fn initiative_side(record: &Record) -> Option<&'static str> {
    if !record.counters.contains_key("Initiative decided") {
        return None;
    }
    let holds = |label: &str| {
        record
            .marks
            .contains(format!("Initiative: {label}").as_str())
    };
    if holds("Grouchy's player") {
        return Some("french");
    }
    SIDES
        .iter()
        .find(|(_, label)| holds(label))
        .map(|(id, _)| *id)
}

fn carry_out(turn: i64, lim: &str) -> Effect {
    Effect::PutInCup {
        cup: carried_out(turn).as_str().into(),
        chits: vec![lim.into()],
        rule: DRAW_RULE.into(),
    }
}

// --- The draw -----------------------------------------------------------------------------------

const DRAW_FIELDS: &[Field] = &[forms::turn_field(DRAW_RULE)];

/// One LIM drawn blind from the cup.
pub struct LimDraw;

impl Procedure for LimDraw {
    fn about(&self) -> &About {
        &About {
            id: "lim-draw",
            title: "Draw a LIM",
            rule: DRAW_RULE,
            summary: "One LIM is drawn blind from the cup; its owner carries it out, then the next is drawn, until the cup is empty.",
            fields: DRAW_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.cups.get(LIM_CUP).is_some_and(|cup| !cup.is_empty())
            && record.position.phase == super::OPERATIONS_PHASE
            && record.position.step == super::RANDOM_DRAW_STEP
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        forms::check_turn(input, record)?;
        if record.position.phase != super::OPERATIONS_PHASE {
            return Err(InputError::new(
                "",
                "LIMs are drawn in the Operations Phase (L162)",
            ));
        }
        if initiative_side(record).is_some_and(|side| {
            active(record).is_none()
                && record.cups.get(LIM_CUP).is_some_and(|cup| {
                    cup.iter()
                        .any(|c| parse_chit(c).is_some_and(|(s, lim)| s == side && lim != ORDERS))
                })
        }) {
            return Err(InputError::new(
                "",
                "the Initiative player first keeps one of his selected LIMs out and carries it out (L157, L161)",
            ));
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![DrawSlot::open("LIM", LIM_CUP)]
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let Some(drawn) = faces.chits().first() else {
            return Err(RuleError::Draw("no LIM was drawn".into()));
        };
        let name = parse_chit(drawn).map_or(drawn.as_str(), |(_, lim)| lim);
        let effects = vec![
            carry_out(i64::from(input.number("turn")), drawn),
            Effect::reminder(allows(name), allows_rule(name)),
        ];
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: drawn.to_string(),
                rank: 0,
                headline: format!("{drawn} is drawn"),
            },
            effects,
        })
    }
}

/// What each kind of LIM lets its owner resolve (R 4.42, L249-281), by procedure id: in the
/// Operations Phase the checklist offers only these, for the LIM being carried out.
fn allowed(lim: &str) -> &'static [&'static str] {
    // What follows a fire: its further checks, a leader's fate, a fallen commander, the Guard.
    const AFTER_FIRE: &[&str] = &[
        "fire",
        "cohesion-check",
        "marker",
        "leader-casualty",
        "commander-killed",
        "imperial-guard",
    ];
    match lim {
        // Every leader moves, or a Loose Cannon acts as an In Command unit, or an Activation
        // roll for a Command whose LIM is not in the Pool (L262-268).
        ORDERS => super::OPERATIONS,
        // Movement only, by units that have done nothing else (L270).
        STRATEGIC => &["marker", "leader-casualty"],
        ARTILLERY | GRAND_BATTERY => AFTER_FIRE,
        // A Command's own activation: everything but another Activation roll (L253-260).
        _ => &[
            "dutch-belgian-cavalry",
            "hold-in-check",
            "rally",
            "chateau-recovery",
            "square-in-reaction",
            "retreat-before-fire",
            "cavalry-retreat",
            "fire",
            "wet-fuses",
            "retreat-before-shock",
            "commitment",
            "charge-reaction",
            "shock",
            "both-retreat",
            "cohesion-check",
            "pursuit",
            "leaving-square",
            "marker",
            "detachment-leader",
            "leader-casualty",
            "commander-killed",
            "imperial-guard",
        ],
    }
}

/// Whether `side` selected the LIM named `lim` into the Pool this turn (R 4.31, L232-245).
pub fn selected_this_turn(record: &Record, side: &str, lim: &str) -> bool {
    record.unit(side, lim.trim()).is_some_and(|piece| {
        piece.attribute("type") == Some("lim")
            && piece.attribute(attribute::SELECTED_ON)
                == Some(record.position.turn.to_string().as_str())
    })
}

/// Whether the checklist offers procedure `id` where play stands: outside the Operations Phase
/// always; inside it, only what the LIM being carried out allows.
pub fn offered(record: &Record, id: &str) -> bool {
    if record.position.phase != super::OPERATIONS_PHASE {
        return true;
    }
    active(record).is_some_and(|lim| {
        let name = parse_chit(lim).map_or(lim.as_str(), |(_, name)| name);
        allowed(name).contains(&id)
    })
}

/// The notes of the Pool: what the cup holds and which LIM is being carried out.
pub fn notes(record: &Record) -> Vec<TurnNote> {
    let mut notes = Vec::new();
    if let Some(lim) = active(record).filter(|_| record.position.phase == super::OPERATIONS_PHASE) {
        let name = parse_chit(lim).map_or(lim.as_str(), |(_, name)| name);
        notes.push(TurnNote {
            text: format!("Carrying out {lim}. {}", allows(name)),
            rule: allows_rule(name),
        });
    }
    if let Some(cup) = record.cups.get(LIM_CUP).filter(|cup| !cup.is_empty()) {
        notes.push(TurnNote {
            text: format!("In the Pool: {} LIM(s)", cup.len()),
            rule: "R 4.31E, L247",
        });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// L279: used at 1300 and 1330, the Grand Battery LIM is next possible at 1600, skipping
    /// 1400, 1430, 1500 and 1530. Turns 1300 = 1, 1330 = 2, ..., 1600 = 7.
    #[test]
    fn l279_the_grand_battery_lockout() {
        assert!(
            grand_battery_allowed(2, 1, 1).is_ok(),
            "1330 continues the run"
        );
        for turn in 3..=6 {
            assert!(grand_battery_allowed(turn, 2, 2).is_err(), "turn {turn}");
        }
        assert!(grand_battery_allowed(7, 2, 2).is_ok(), "1600");
        // A single turn's use keeps it out two turns, unless the next turn continues the run.
        assert!(grand_battery_allowed(3, 1, 1).is_err());
        assert!(grand_battery_allowed(4, 1, 1).is_ok());
        assert!(grand_battery_allowed(5, 0, 0).is_ok(), "never used");
    }

    /// R 4.42B-D, L262-281: the Orders LIM allows an Activation roll; the Artillery and Grand
    /// Battery LIMs only fire; the Strategic Movement LIM only moves.
    #[test]
    fn each_lim_offers_what_it_allows() {
        assert!(allowed(ORDERS).contains(&"activation"));
        assert!(!allowed("I Corps").contains(&"activation"));
        for lim in [ARTILLERY, GRAND_BATTERY] {
            assert!(allowed(lim).contains(&"fire"));
            assert!(!allowed(lim).contains(&"rally"));
        }
        assert!(!allowed(STRATEGIC).contains(&"fire"));
    }

    #[test]
    fn a_chit_names_its_army() {
        assert_eq!(chit("allied", "I Corps"), "Anglo-Allied: I Corps");
        assert_eq!(
            parse_chit("Anglo-Allied: I Corps"),
            Some(("allied", "I Corps"))
        );
        assert_eq!(parse_chit("Nobody: I Corps"), None);
    }
}
