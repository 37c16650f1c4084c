//! The cavalry battle a Cavalry Charge sets off (3.2.2, L537-541; 6.13.8a, L1107): in a Combat
//! Round against a Lead Formation that has cavalry, or in the Battle Adjustment Round against the
//! opposing Cavalry Screen. It is fought by the "Cavalry Charge Combat Subroutine" printed only
//! on the charts, whose procedure, dice and tables the rulebook does not give (digest §4 T6): the
//! players fight it from the card and enter what it costs each side, and the app keeps the
//! books: the loss markers in the round's box, a VP for each step (20.3, L1776; 6.13.8e, L1115),
//! the steps each side owes, and the charging side's first loss from cavalry (6.10.4, L1044).
//!
//! Readings: the losses of a cavalry battle in a Combat Round go in that round's box, as every
//! loss of the round does (6.10.8, L1052), and do not count for the First Combat Round's Morale
//! comparison, which the FERT results decide (digest Corrections, "Loss markers carry the FERT
//! result"). In the Adjustment Round only the Cavalry Charge is played (L537, L968).

use super::forces::{self, Force, Role};
use super::losses::to_take;
use super::roster::{halves_text, state};
use super::tactics::{self, Card};
use super::{BATTLE_TRACK, SIDES, loss_markers, opponent, people};
use crate::engine::hand::{Hand, HandSide};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;

const RULE: &str = "3.2.2 Cavalry Charge, L537-541";

const ROUNDS: &[(&str, &str)] = &[
    ("first", "First Combat Round"),
    ("adjustment", "Battle Adjustment Round"),
    ("second", "Second Combat Round"),
];

/// The mark that `side`'s Charge met a Lead Formation with cavalry in a Combat Round, so a
/// cavalry battle is owed (3.2.2b, L541).
pub fn meets_cavalry(side: &str) -> String {
    format!(
        "The {} Cavalry Charge meets cavalry: a cavalry battle",
        people_adjective(side)
    )
}

fn people_adjective(side: &str) -> &'static str {
    if side == "french" { "French" } else { "Allied" }
}

const fn fact(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 200 },
        rule,
        help: "Filled in from the record.",
    }
}

const fn count(id: &'static str, label: &'static str, rule: &'static str) -> Field {
    Field {
        id,
        label,
        group: "What the record knows",
        kind: FieldKind::Count { max: 99 },
        rule,
        help: "Filled in from the record.",
    }
}

const fn steps(id: &'static str, label: &'static str) -> Field {
    Field {
        id,
        label,
        group: "The Subroutine's result",
        kind: FieldKind::Count { max: 20 },
        rule: "3.2.2, L537; 6.13.8a, L1107",
        help: "As the Cavalry Charge Combat Subroutine on the charts gives it.",
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side charging",
        group: "Charge",
        kind: FieldKind::Choice(SIDES),
        rule: "3.2.2, L537",
        help: "Every unit in its Cavalry Charge box takes part.",
    },
    Field {
        id: "round",
        label: "Round",
        group: "Charge",
        kind: FieldKind::Choice(ROUNDS),
        rule: "3.2.2, L537",
        help: "From the Battle Sequence where play stands.",
    },
    Field::flag(
        "intervene",
        "The defender adds his own Charge box",
        "Charge",
        "3.2.2a, L539",
        "Battle Adjustment Round only: his charging cavalry joins the screen's.",
    ),
    steps("charger_steps", "Steps the charging side loses"),
    steps("defender_steps", "Steps the other side loses"),
    fact("charging_cf", "The Charge box's CF", "3.2.2, L537"),
    fact(
        "target_cf",
        "The cavalry it meets: CF",
        "3.2.2a-b, L539-541",
    ),
    fact("card", "The Cavalry Charge card played", "3.2.2, L537"),
    count(
        "french_owed",
        "Steps the French still take",
        "6.10.1, L1038",
    ),
    count(
        "allied_owed",
        "Steps the Allies still take",
        "6.10.1, L1038",
    ),
    count(
        "french_markers",
        "Loss markers on the French in this round's box",
        "6.10.8, L1052",
    ),
    count(
        "allied_markers",
        "Loss markers on the Allies in this round's box",
        "6.10.8, L1052",
    ),
];

fn round_title(round: &str) -> &'static str {
    match round {
        "first" => BATTLE_TRACK[0],
        "adjustment" => BATTLE_TRACK[1],
        _ => BATTLE_TRACK[2],
    }
}

fn round_on_record(record: &Record) -> &'static str {
    super::BattleStage::round(record)
}

/// The Lead among `forces`.
fn lead(forces: &[Force]) -> Option<&Force> {
    forces.iter().find(|f| f.role == Role::Lead)
}

/// The charging side's Cavalry Charge turned up and not yet played, in the Adjustment Round.
fn charge_card(record: &Record, side: &str) -> Result<Option<Card>, String> {
    let cards = tactics::revealed(record, side)?;
    if let Some(other) = cards.iter().find(|c| c.effect != "cavalry_charge") {
        return Err(format!(
            "only the Cavalry Charge is played in the Battle Adjustment Round, not {} (3.2.2, L537; 6.5.5, L968)",
            other.name()
        ));
    }
    Ok(cards.into_iter().next())
}

fn fill(input: &mut Input, record: &Record) {
    let side = input.text("side").to_string();
    let other = opponent(&side);
    let round = round_on_record(record);
    input.set("round", Value::Text(round.into()));
    let own = forces::on_record(record, &side).unwrap_or_default();
    let theirs = forces::on_record(record, other).unwrap_or_default();
    let charging: u32 = own.iter().map(|f| f.charge_cf).sum();
    let target = match (round, lead(&theirs)) {
        ("adjustment", Some(lead)) => {
            let added: u32 = if input.flag("intervene") {
                theirs.iter().map(|f| f.charge_cf).sum()
            } else {
                0
            };
            lead.screen_cf + added
        }
        (_, Some(lead)) => lead.cavalry_cf,
        (_, None) => 0,
    };
    input.set(
        "charging_cf",
        Value::Text(halves_text(charging).as_str().into()),
    );
    input.set(
        "target_cf",
        Value::Text(halves_text(target).as_str().into()),
    );
    let card = if round == "adjustment" {
        charge_card(record, &side).ok().flatten().map(|c| c.id)
    } else {
        None
    };
    input.set(
        "card",
        Value::Text(card.unwrap_or_default().as_str().into()),
    );
    let title = round_title(round);
    for s in SIDES.iter().map(|(id, _)| *id) {
        let owed = record
            .counters
            .get(to_take(s).as_str())
            .copied()
            .unwrap_or(0);
        let markers = record
            .counters
            .get(loss_markers(s, title).as_str())
            .copied()
            .unwrap_or(0);
        input.set(&format!("{s}_owed"), Value::Number(owed));
        input.set(&format!("{s}_markers"), Value::Number(markers));
    }
}

/// Records the cavalry battle of a Cavalry Charge, fought on the charts' Subroutine.
pub struct CavalryBattle;

impl Procedure for CavalryBattle {
    fn about(&self) -> &About {
        &About {
            id: "cavalry-battle",
            title: "Cavalry Charge: the cavalry battle",
            rule: RULE,
            summary: "Records a Charge's cavalry battle, fought from the Cavalry Charge Combat Subroutine on the charts: each side's steps, with their loss markers and VP, and the charging side's first loss from cavalry.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "round",
            "intervene",
            "charger_steps",
            "defender_steps",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "intervene" => input.text("round") == "adjustment",
            "card" => input.text("round") == "adjustment",
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "side" | "intervene" | "card") {
            fill(input, record);
        }
    }
    /// In the Adjustment Round the Charge is turned up from the hand picked for the battle: only
    /// a Cavalry Charge card is offered to turn up.
    fn hand(&self, _input: &Input, record: &Record) -> Option<Hand> {
        if round_on_record(record) != "adjustment" {
            return None;
        }
        let initiative = super::initiative(record);
        let sides = [initiative, opponent(initiative)].map(|side| HandSide {
            field: "card",
            ..tactics::hand_side(record, side, Some("cavalry_charge"))
        });
        Some(Hand {
            title: "Battle Tactics cards: the Cavalry Charge",
            order: "either side may charge; a side that does not plays none",
            played_state: state::PLAYED,
            name: tactics::hand_name(record),
            slots: tactics::SLOTS,
            min_cards: 0,
            sides: sides.into(),
            choosing: false,
            before_sealed_choices: false,
        })
    }
    fn check_turn_up(
        &self,
        side: &str,
        cards: &[String],
        _input: &Input,
        record: &Record,
    ) -> Result<(), String> {
        let forces = forces::on_record(record, side)?;
        tactics::check_turn_up(side, cards, &forces::describe_all(&forces), record)
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let mut known = input.clone();
        fill(&mut known, record);
        if let Some((id, value)) = input.first_difference(
            &known,
            FIELDS
                .iter()
                .filter(|f| f.group == "What the record knows" || f.id == "round")
                .map(|f| f.id),
        ) {
            return Err(InputError::new(id, format!("the record has {value}")));
        }
        if input.text("round") == "adjustment" {
            match charge_card(record, side) {
                Err(message) => return Err(InputError::new("card", message)),
                Ok(None) => {
                    return Err(InputError::new(
                        "card",
                        format!(
                            "the {} turn up their Cavalry Charge card first (3.2.2, L537)",
                            people(side)
                        ),
                    ));
                }
                Ok(Some(_)) => {}
            }
        } else if !record.marks.contains(meets_cavalry(side).as_str()) {
            return Err(InputError::new(
                "side",
                format!(
                    "no {} Cavalry Charge met a Lead Formation with cavalry this round: a Charge in a Combat Round is played on the Combat Round's form (3.2.2b, L541)",
                    people_adjective(side)
                ),
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
        let charger = input.text("side");
        let defender = opponent(charger);
        let round = input.text("round");
        let title = round_title(round);
        let lost = |side: &str| {
            i64::from(input.number(if side == charger {
                "charger_steps"
            } else {
                "defender_steps"
            }))
        };
        let rule = if round == "adjustment" {
            "6.13.8e, L1115; 20.3, L1776"
        } else {
            "6.10.7-6.10.8, L1050-1052; 20.3, L1776"
        };
        let mut effects = Vec::new();
        for side in [charger, defender] {
            let steps = lost(side);
            if steps == 0 {
                continue;
            }
            effects.extend([
                Effect::SetCounter {
                    name: loss_markers(side, title).as_str().into(),
                    value: i64::from(input.number(&format!("{side}_markers"))) + steps,
                    rule: "6.10.8, L1052; 6.13.8e, L1115".into(),
                    lasts: Lasts::Game,
                },
                Effect::SetCounter {
                    name: to_take(side).as_str().into(),
                    value: i64::from(input.number(&format!("{side}_owed"))) + steps,
                    rule: "6.10.1, L1038".into(),
                    lasts: Lasts::Step,
                },
                Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points: i32::try_from(steps).unwrap_or(0),
                    reason: format!(
                        "{steps} step(s) the {} lost in a cavalry battle",
                        people(side)
                    )
                    .as_str()
                    .into(),
                    rule: rule.into(),
                },
            ]);
        }
        effects.push(Effect::Mark {
            name: tactics::first_loss(charger, "cavalry").as_str().into(),
            rule: "6.10.4, L1044".into(),
        });
        if round == "adjustment" {
            let card = input.text("card");
            effects.push(Effect::set_state(
                charger,
                card,
                state::PLAYED,
                "6.5.2, L962",
            ));
        } else {
            effects.push(Effect::Unmark {
                name: meets_cavalry(charger).as_str().into(),
                rule: "3.2.2b, L541".into(),
            });
        }
        let headline = format!(
            "The {} Cavalry Charge ({} CF against {} CF), by the Subroutine on the charts: the {} lose {} step(s), the {} {}",
            people_adjective(charger),
            input.text("charging_cf"),
            input.text("target_cf"),
            people(charger),
            lost(charger),
            people(defender),
            lost(defender),
        );
        Ok(Resolution::book_keeping(
            "cavalry-battle",
            headline,
            effects,
        ))
    }
}
