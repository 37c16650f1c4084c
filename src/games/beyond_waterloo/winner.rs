//! The Battle Winner (6.16, L1133-1158) and the Combat Game's end (27.1.4, L2238, L2248).
//!
//! Readings: the winner compares the loss markers of both Combat Rounds (L914, "all losses from the
//! battle (First and Second Rounds)"; digest Corrections, "Adjustment-box losses and the winner");
//! when both sides' units are all eliminated there is no winner; "CFs remaining" are the printed
//! CFs of the units left in the battle; equal VP at the end is a draw, since the rulebook gives no
//! tie-break (digest §5.8).

use super::combat_round::retreated;
use super::forces::{self, Force};
use super::losses::to_take;
use super::options::{ADJUSTMENT_LOSSES, CATASTROPHIC_VP, TIE_WITHDRAWAL, on_form};
use super::roster::{attribute, halves_text, parse_cf, state};
use super::{SIDE_IDS as SIDES, opponent, people, side_label};
use super::{cards, tactics};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Once, Procedure, Resolution, RuleError};
use crate::engine::record::Lasts;
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

const RULE: &str = "6.16 Battle Winner Determination, L1133-1158";

/// The loss markers `by` inflicted over both Combat Rounds (6.10.8, L1052), and in the Battle
/// Adjustment box if `all_boxes`.
fn inflicted(record: &Record, by: &str, all_boxes: bool) -> i64 {
    // The Battle Adjustment box, the Track's middle one, counts only under that reading.
    super::BATTLE_TRACK
        .iter()
        .filter(|round| all_boxes || **round != super::BATTLE_TRACK[1])
        .map(|round| {
            let name = super::loss_markers(opponent(by), round);
            record.counters.get(name.as_str()).copied().unwrap_or(0)
        })
        .sum()
}

const fn count(id: &'static str, label: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label,
        group,
        kind: FieldKind::Count { max: 99 },
        rule: "6.10.8, L1052; 6.16.1, L1139",
        help: "Filled in from the loss markers of both Combat Rounds, and of the Adjustment Round under that setting.",
    }
}

const fn flag(
    id: &'static str,
    label: &'static str,
    group: &'static str,
    rule: &'static str,
) -> Field {
    Field::flag(id, label, group, rule, "Filled in from the record.")
}

const fn text(
    id: &'static str,
    label: &'static str,
    group: &'static str,
    rule: &'static str,
) -> Field {
    Field {
        id,
        label,
        group,
        kind: FieldKind::Text { max_len: 400 },
        rule,
        help: "Filled in from the record.",
    }
}

const FIELDS: &[Field] = &[
    count("french_inflicted", "Steps the French inflicted", "French"),
    flag(
        "french_retreated",
        "The French chose Retreat",
        "French",
        "6.16.1, L1138",
    ),
    flag(
        "french_eliminated",
        "Every French unit in the battle is eliminated",
        "French",
        "6.16.1, L1137",
    ),
    text(
        "french_cf",
        "French CFs remaining",
        "French",
        "6.16.1, L1140",
    ),
    text(
        "french_formations",
        "French Formations in the battle",
        "French",
        "6.16.4-6.16.5, L1146-1148",
    ),
    text(
        "french_unbrigaded",
        "French un-brigaded units in the battle",
        "French",
        "6.2.2b/d, L866-868; 3.1.6, L526",
    ),
    text(
        "french_cards_played",
        "Battle Tactics cards the French played",
        "French",
        "6.5.10-6.5.11, L980-982",
    ),
    count("allied_inflicted", "Steps the Allies inflicted", "Allied"),
    flag(
        "allied_retreated",
        "The Allies chose Retreat",
        "Allied",
        "6.16.1, L1138",
    ),
    flag(
        "allied_eliminated",
        "Every Allied unit in the battle is eliminated",
        "Allied",
        "6.16.1, L1137",
    ),
    text(
        "allied_cf",
        "Allied CFs remaining",
        "Allied",
        "6.16.1, L1140",
    ),
    text(
        "allied_formations",
        "Allied Formations in the battle",
        "Allied",
        "6.16.4-6.16.5, L1146-1148",
    ),
    text(
        "allied_unbrigaded",
        "Allied un-brigaded units in the battle",
        "Allied",
        "6.2.2b/d, L866-868; 3.1.6, L526",
    ),
    text(
        "allied_cards_played",
        "Battle Tactics cards the Allies played",
        "Allied",
        "6.5.10-6.5.11, L980-982",
    ),
    Field {
        id: "battles_fought",
        label: "Battles fought before this one",
        group: "Battle",
        kind: FieldKind::Count { max: 999 },
        rule: "6.5.11, L982",
        help: "Filled in from the record: each battle's cards are picked afresh.",
    },
    Field {
        id: "battle_mark",
        label: "The campaign battle's Battle Location Marker",
        group: "Battle",
        kind: FieldKind::Text { max_len: 200 },
        rule: "6.1.5, L846",
        help: "Filled in from the record in a campaign: the marker comes off, and the next battle is picked.",
    },
    Field {
        id: "ops_phase",
        label: "The campaign's OPs Phase",
        group: "Battle",
        kind: FieldKind::Text { max_len: 10 },
        rule: "5.2.9, L790",
        help: "Filled in from the record in a campaign: the Formations that fought do not recover Morale at its end.",
    },
    Field {
        id: "napoleon_formation",
        label: "The Formation Napoleon leads",
        group: "Battle",
        kind: FieldKind::Text { max_len: 100 },
        rule: "27.2.3, L2396; 20.3, L1769",
        help: "Filled in from the record in a campaign: if it ends the battle at Morale 0, the Allies score 5 VP for the French Catastrophic Failure.",
    },
    Field {
        id: "napoleon_morale",
        label: "Its Morale before the winner is named",
        group: "Battle",
        kind: FieldKind::Count { max: 9 },
        rule: "5.2, L774-792",
        help: "Filled in from the record in a campaign.",
    },
    Field {
        id: "catastrophe_battle",
        label: "The battle, as Catastrophic Failure scores it",
        group: "Battle",
        kind: FieldKind::Text { max_len: 200 },
        rule: "20.3, L1769",
        help: "Filled in from the record in a campaign.",
    },
    flag(
        "catastrophe_scored",
        "The Allies have scored this battle's Catastrophic Failure",
        "Battle",
        "20.3, L1769",
    ),
    on_form(ADJUSTMENT_LOSSES),
    on_form(TIE_WITHDRAWAL),
];

/// How a played Grand Battery is marked in the list of cards played.
const GRAND_BATTERY: &str = " (Grand Battery)";

fn field(side: &str, name: &str) -> String {
    format!("{side}_{name}")
}

/// What the record knows of the battle, as the form holds it.
fn fill(input: &mut Input, record: &Record) {
    for side in SIDES {
        let forces: Vec<Force> = forces::on_record(record, side).unwrap_or_default();
        // An un-brigaded unit has no Formation Morale to gain or lose (3.1.6, L526).
        let names = |unbrigaded: bool| -> String {
            let names: Vec<&str> = forces
                .iter()
                .filter(|f| f.unbrigaded == unbrigaded)
                .map(|f| f.name.as_str())
                .collect();
            names.join("; ")
        };
        let cf: u32 = forces.iter().map(|f| f.cf + f.screen_cf).sum();
        let all_boxes = input.text(ADJUSTMENT_LOSSES.id) == "all_boxes";
        input.set(
            &field(side, "inflicted"),
            Value::Number(inflicted(record, side, all_boxes)),
        );
        input.set(
            &field(side, "retreated"),
            Value::Flag(record.marks.contains(retreated(side).as_str())),
        );
        input.set(
            &field(side, "eliminated"),
            Value::Flag(!forces.is_empty() && cf == 0),
        );
        input.set(
            &field(side, "cf"),
            Value::Text(halves_text(cf).as_str().into()),
        );
        input.set(
            &field(side, "formations"),
            Value::Text(names(false).as_str().into()),
        );
        input.set(
            &field(side, "unbrigaded"),
            Value::Text(names(true).as_str().into()),
        );
        let played: Vec<String> = record
            .units_where(Some(side), &[("state", state::PLAYED)])
            .map(|(_, id, card)| {
                let battery = card.attribute(cards::attribute::EFFECT) == Some("grand_battery");
                format!("{id}{}", if battery { GRAND_BATTERY } else { "" })
            })
            .collect();
        input.set(
            &field(side, "cards_played"),
            Value::Text(played.join(", ").as_str().into()),
        );
    }
    let fought = record
        .counters
        .get(tactics::BATTLES_FOUGHT)
        .copied()
        .unwrap_or(0);
    input.set("battles_fought", Value::Number(fought));
    let marker = super::campaign::battles::open_battle_mark(record).unwrap_or("");
    input.set("battle_mark", Value::Text(marker.into()));
    let ops = if marker.is_empty() {
        String::new()
    } else {
        super::campaign::movement::ops_mark(record)
    };
    input.set("ops_phase", Value::Text(ops.as_str().into()));
    let in_campaign = !marker.is_empty();
    let napoleon = record
        .unit("french", super::roster::NAPOLEON)
        .and_then(|leader| leader.attribute(attribute::FORMATION))
        .filter(|_| in_campaign)
        .unwrap_or("");
    let morale = super::roster::formation_morale(record, "french", napoleon).unwrap_or(0);
    input.set("napoleon_formation", Value::Text(napoleon.into()));
    input.set("napoleon_morale", Value::Number(morale.max(0)));
    let battle = if in_campaign {
        super::campaign::battles::last_battle(record).unwrap_or_default()
    } else {
        String::new()
    };
    input.set("catastrophe_battle", Value::Text(battle.as_str().into()));
    input.set(
        "catastrophe_scored",
        Value::Flag(in_campaign && super::campaign::catastrophe::scored(record)),
    );
}

/// In a campaign, Napoleon's Formation ending the battle at Morale 0 is a French Catastrophic
/// Failure (27.2.3, L2396): the Allies score 5 VP, once a battle (20.3, L1769; the addendum's
/// S17). Whether the game then ends is the sudden-death setting's affair (`game_over`). Reading:
/// the battle that leaves the Formation at 0 scores it, whether the level went in a Combat
/// Round, a Catastrophic Failure roll or the loser's level named here.
fn napoleon_at_zero(input: &Input, winner: Option<&str>) -> Option<[Effect; 2]> {
    let napoleon = input.text("napoleon_formation");
    let fought = formations(input, "french").any(|name| name == napoleon);
    if napoleon.is_empty() || !fought || input.flag("catastrophe_scored") {
        return None;
    }
    let change = match winner {
        Some("french") => 1,
        Some(_) => -1,
        None => 0,
    };
    (i64::from(input.number("napoleon_morale")) + change <= 0)
        .then(|| super::campaign::catastrophe::allied_award(input.text("catastrophe_battle")))
}

/// A campaign battle's end: the Battle Location Marker comes off (6.1.5, L846), the Formations
/// that fought are marked as having acted in the OPs Phase (5.2.9, L790), and the Battle Track's
/// loss markers come off for the next battle (6.16.7, L1152).
fn campaign_battle_over(input: &Input) -> Vec<Effect> {
    let marker = input.text("battle_mark");
    if marker.is_empty() {
        return Vec::new();
    }
    let mut effects = vec![Effect::Unmark {
        name: marker.into(),
        rule: "6.1.5, L846; 6.16.9, L1156".into(),
    }];
    for side in SIDES {
        for name in formations(input, side) {
            effects.push(Effect::set_attribute(
                side,
                name,
                super::campaign::movement::ACTED,
                input.text("ops_phase"),
                "5.2.9, L790",
            ));
        }
        for round in super::BATTLE_TRACK {
            effects.push(Effect::SetCounter {
                name: super::loss_markers(side, round).as_str().into(),
                value: 0,
                rule: "6.16.7, L1152".into(),
                lasts: Lasts::Step,
            });
        }
    }
    effects
}

/// After the battle the played cards are in hand again (6.5.11, L982), but a Grand Battery waits
/// for the next OPs Phase (6.5.10, L980); the next battle's cards are sealed under a new name.
fn cards_after_the_battle(input: &Input) -> Vec<Effect> {
    let mut effects = Vec::new();
    for side in SIDES {
        let played = input.text(&field(side, "cards_played"));
        for card in played.split(", ").filter(|c| !c.trim().is_empty()) {
            effects.push(match card.strip_suffix(GRAND_BATTERY) {
                Some(card) => {
                    Effect::set_state(side, card, state::USED_THIS_OPS_PHASE, "6.5.10, L980")
                }
                None => Effect::set_state(side, card.trim(), state::IN_HAND, "6.5.11, L982"),
            });
        }
    }
    // What a Charge or an Assault owed ends with the battle.
    for side in SIDES {
        for kind in tactics::FIRST_LOSS_KINDS {
            effects.push(Effect::Unmark {
                name: tactics::first_loss(side, kind).as_str().into(),
                rule: "6.10.4, L1044".into(),
            });
        }
    }
    effects.push(Effect::SetCounter {
        name: tactics::BATTLES_FOUGHT.into(),
        value: i64::from(input.number("battles_fought")) + 1,
        rule: "6.5.11, L982".into(),
        lasts: Lasts::Game,
    });
    effects
}

pub struct BattleWinner;

impl Procedure for BattleWinner {
    fn about(&self) -> &About {
        &About {
            id: "battle-winner",
            title: "Battle Winner",
            rule: RULE,
            summary: "Names the battle's winner from the Retreats, the eliminations and the steps inflicted over both Combat Rounds: +1 VP and +1 Morale to the winner's Formations, -1 to the loser's, who withdraws.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &ADJUSTMENT_LOSSES);
        prefill_setting(input, record, &TIE_WITHDRAWAL);
        fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == ADJUSTMENT_LOSSES.id {
            fill(input, record);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for side in SIDES {
            let id = field(side, "cf");
            if parse_cf(input.text(&id)).is_none() {
                return Err(InputError::new(&id, "a CF, such as 12 or 12 1/2"));
            }
        }
        Ok(())
    }
    /// Once a battle: a second resolution would score its VP and Morale again.
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "6.16, L1133-1158",
        })
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if super::campaign::is_campaign(record) {
            if super::BattleStage::of(record) != Some(super::BattleStage::Winner) {
                return Err(InputError::new(
                    "battle_mark",
                    "the winner is named in Step 11, Battle Winner Determination (6.3.11, L914)",
                ));
            }
            if !super::campaign::battles::battle_open(record) {
                return Err(InputError::new(
                    "battle_mark",
                    "no battle is being fought: its winner is named already (6.16.9, L1156)",
                ));
            }
        }
        for side in SIDES {
            forces::on_record(record, side)
                .map_err(|m| InputError::new(&field(side, "formations"), m))?;
        }
        let mut known = input.clone();
        fill(&mut known, record);
        let facts = FIELDS
            .iter()
            .filter(|f| f.group != "Settings")
            .map(|f| f.id);
        match input.first_difference(&known, facts) {
            Some((id, value)) => Err(InputError::new(id, format!("the record has {value}"))),
            None => Ok(()),
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
        let flag = |side: &str, name: &str| input.flag(&field(side, name));
        let (winner, why) = if flag("french", "retreated") && flag("allied", "retreated") {
            (
                None,
                "both chose Retreat: no winner (6.16.2, L1142)".to_string(),
            )
        } else if flag("french", "eliminated") && flag("allied", "eliminated") {
            (
                None,
                "both sides' units are all eliminated: no winner".to_string(),
            )
        } else if let Some(side) = SIDES.into_iter().find(|s| flag(s, "eliminated")) {
            (
                Some(opponent(side)),
                format!(
                    "every {} unit in the battle is eliminated (6.16.1, L1137)",
                    side_label(side)
                ),
            )
        } else if let Some(side) = SIDES.into_iter().find(|s| flag(s, "retreated")) {
            (
                Some(opponent(side)),
                format!("the {} chose Retreat (6.16.1, L1138)", people(side)),
            )
        } else {
            let (french, allied) = (
                input.number("french_inflicted"),
                input.number("allied_inflicted"),
            );
            let why =
                format!("the French inflicted {french} steps, the Allies {allied} (6.16.1, L1139)");
            match french.cmp(&allied) {
                std::cmp::Ordering::Greater => (Some("french"), why),
                std::cmp::Ordering::Less => (Some("allied"), why),
                std::cmp::Ordering::Equal => (None, why),
            }
        };
        let mut effects = cards_after_the_battle(input);
        effects.extend(campaign_battle_over(input));
        let catastrophe = napoleon_at_zero(input, winner);
        effects.extend(catastrophe.clone().into_iter().flatten());
        // A step still owed keeps the pieces on the Display until it is taken.
        let mut owes_step = false;
        let headline = match winner {
            Some(winner) => {
                let loser = opponent(winner);
                effects.push(Effect::VictoryPoints {
                    side: winner.into(),
                    points: 1,
                    reason: "winning the battle".into(),
                    rule: "6.16.3, L1144; 20.3, L1775".into(),
                });
                for name in formations(input, winner) {
                    effects.push(Effect::add_to(
                        winner,
                        name,
                        attribute::FORMATION_MORALE,
                        1,
                        "6.16.4, L1146; 5.2.8, L788",
                    ));
                    effects.push(Effect::cap(
                        winner,
                        name,
                        attribute::FORMATION_MORALE,
                        9,
                        "5.2.5, L782",
                    ));
                }
                for name in formations(input, loser) {
                    effects.push(Effect::add_to(
                        loser,
                        name,
                        attribute::FORMATION_MORALE,
                        -1,
                        "6.16.5, L1148; 5.2.7, L786",
                    ));
                }
                let step = if flag(loser, "retreated") {
                    "with the step it already lost for its Retreat"
                } else {
                    "without a step loss (6.11.9, L1074)"
                };
                effects.push(Effect::reminder(
                    &format!("The {} withdraw from the area, {step}", people(loser)),
                    "6.16.6, L1150; 6.11, L1054-1074",
                ));
                format!("The {} win the battle: {why}", people(winner))
            }
            None => {
                let both = |fact: &str| flag("french", fact) && flag("allied", fact);
                let tie = !both("retreated") && !both("eliminated");
                if tie {
                    let cf = |side: &str| parse_cf(input.text(&field(side, "cf"))).unwrap_or(0);
                    let withdraws = match cf("french").cmp(&cf("allied")) {
                        std::cmp::Ordering::Less => Some("french"),
                        std::cmp::Ordering::Greater => Some("allied"),
                        std::cmp::Ordering::Equal => None,
                    };
                    let step = input.text(TIE_WITHDRAWAL.id) == "step";
                    if let (Some(side), true) = (withdraws, step) {
                        owes_step = true;
                        effects.extend([
                            Effect::SetCounter {
                                name: to_take(side).as_str().into(),
                                value: 1,
                                rule: "6.11.2, L1060".into(),
                                lasts: Lasts::Step,
                            },
                            Effect::VictoryPoints {
                                side: opponent(side).into(),
                                points: 1,
                                reason: format!("the withdrawal step of the {}", people(side))
                                    .as_str()
                                    .into(),
                                rule: "6.11.2, L1060; 20.3, L1776".into(),
                            },
                        ]);
                    }
                    effects.push(Effect::reminder(
                        &match withdraws {
                            Some(side) => format!("No winner: the {}, with fewer CFs remaining, withdraw from the area", people(side)),
                            None => "No winner, and both sides have the same CFs remaining: the rulebook does not say who withdraws".into(),
                        },
                        "6.16.1, L1140",
                    ));
                }
                format!("No winner: {why}")
            }
        };
        let headline = match catastrophe {
            Some(_) => format!(
                "{headline}; Napoleon's Formation is at Morale 0: +5 VP to the {} (20.3, L1769)",
                people("allied")
            ),
            None => headline,
        };
        // The battle is over: its pieces go back to their Formation boxes (6.16.7, L1152), once
        // any step owed for the withdrawal is taken.
        for side in SIDES.into_iter().filter(|_| !owes_step) {
            for name in formations(input, side) {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::ROLE,
                    "",
                    "6.16.7, L1152",
                ));
            }
            // An un-brigaded unit's mode was the battle's: Line of Battle, or a Pass's March
            // Order (3.1.5, L524).
            for name in listed(input, side, "unbrigaded") {
                for attribute in [attribute::ROLE, attribute::MODE] {
                    effects.push(Effect::set_attribute(
                        side,
                        name,
                        attribute,
                        "",
                        "6.16.7, L1152",
                    ));
                }
            }
            effects.push(Effect::Unmark {
                name: retreated(side).as_str().into(),
                rule: "6.16.7, L1152".into(),
            });
        }
        Ok(Resolution::book_keeping("battle-winner", headline, effects))
    }
}

/// The Formations of `side` the form lists in the battle.
fn formations<'a>(input: &'a Input, side: &str) -> impl Iterator<Item = &'a str> {
    listed(input, side, "formations")
}

/// The names the form's `side` field `list` holds.
fn listed<'a>(input: &'a Input, side: &str, list: &str) -> impl Iterator<Item = &'a str> {
    input
        .text(&field(side, list))
        .split(';')
        .map(str::trim)
        .filter(|n| !n.is_empty())
}

/// The mark that ends the Combat Game, which `game_over` reads.
pub const OVER: &str = "Combat Game over";

const VICTORY_FIELDS: &[Field] = &[
    Field {
        id: "french_vp",
        label: "French VP",
        group: "Victory",
        kind: FieldKind::Count { max: 999 },
        rule: "27.1.4, L2248",
        help: "Filled in from the record.",
    },
    Field {
        id: "allied_vp",
        label: "Allied VP",
        group: "Victory",
        kind: FieldKind::Count { max: 999 },
        rule: "27.1.4, L2248",
        help: "Filled in from the record.",
    },
    Field::flag(
        "catastrophic",
        "Napoleon's Formation reached Morale 0",
        "Victory",
        "27.1.4, L2238",
        "Filled in from the record: the game ended at once.",
    ),
    on_form(CATASTROPHIC_VP),
];

/// The Combat Game's winner: the most VP (27.1.4, L2248), or at once when Napoleon's Formation
/// reaches Morale 0 (L2238).
pub struct Victory;

impl Procedure for Victory {
    fn about(&self) -> &About {
        &About {
            id: "victory",
            title: "Combat Game: the winner",
            rule: "27.1.4 Winning the Game, L2238, L2248",
            summary: "The side with the most VP wins the Combat Game, after the battle or when Napoleon's Formation reaches Morale 0.",
            fields: VICTORY_FIELDS,
        }
    }
    /// A campaign's battles end no game: its own victory conditions do (20.1, L1746-1752).
    fn applies(&self, record: &Record) -> bool {
        !super::campaign::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &CATASTROPHIC_VP);
        for side in SIDES {
            let vp = record.victory_points.get(side).copied().unwrap_or(0);
            input.set(&field(side, "vp"), Value::Number(i64::from(vp.max(0))));
        }
        input.set(
            "catastrophic",
            Value::Flag(super::catastrophic_failure(record).is_some()),
        );
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if super::campaign::is_campaign(record) {
            return Err(InputError::new(
                "french_vp",
                "a campaign ends by its own conditions: The campaign's end (20.1, L1746-1752)",
            ));
        }
        let mut known = input.clone();
        self.prefill(&mut known, record);
        match input.first_difference(&known, ["french_vp", "allied_vp", "catastrophic"]) {
            Some((id, value)) => Err(InputError::new(id, format!("the record has {value}"))),
            None => Ok(()),
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
        let mut allied = input.number("allied_vp");
        let french = input.number("french_vp");
        let mut effects = Vec::new();
        if input.flag("catastrophic") && input.text(CATASTROPHIC_VP.id) == "at_zero" {
            allied += 5;
            effects.push(Effect::VictoryPoints {
                side: "allied".into(),
                points: 5,
                reason: "the French suffered Catastrophic Failure".into(),
                rule: "20.3, L1769".into(),
            });
        }
        let result = match french.cmp(&allied) {
            std::cmp::Ordering::Greater => format!("the French win, {french} VP to {allied}"),
            std::cmp::Ordering::Less => format!("the Allies win, {allied} VP to {french}"),
            std::cmp::Ordering::Equal => {
                format!("a draw at {french} VP each: the rulebook gives no tie-break")
            }
        };
        effects.push(Effect::Mark {
            name: format!("{OVER}: {result}").as_str().into(),
            rule: "27.1.4, L2248".into(),
        });
        Ok(Resolution::book_keeping(
            "victory",
            format!("Combat Game: {result}"),
            effects,
        ))
    }
}
