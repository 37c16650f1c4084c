//! A Combat Round (6.3.2-6.3.7, L890-902): the Grand Tactics Matrix's column shifts, the Battle
//! Deployment Matrix's DRMs, each side's strength column, every FERT DRM, and both sides' 2D6 on
//! the FERT. Each side's result is the number of step losses it inflicts on the other (6.9.5,
//! L1032), +1 VP each (6.10.7, L1050); in the First Combat Round the side that suffered more loses
//! a Morale level in every participating Formation (6.3.7, L902).
//!
//! Readings:
//! - Both sides' results are the FERT results, whether or not the steps can be absorbed: loss
//!   markers carry the result's value and decide the Morale drop and the winner (L1050-1052;
//!   digest Corrections, "Loss markers carry the FERT result").
//! - A side that chose Retreat still rolls this round (the order of Step 7, L902; digest §7 item
//!   36), then withdraws with its step loss, +1 VP to the other side (L1060, L1776; Corrections,
//!   "VP for the Retreat step loss").
//! - Charging cavalry is outside its Formation's strength; a successful combat-round Charge adds
//!   its CFs doubled after the Formation's multipliers (3.2.2b, L541; Corrections, "CF formula,
//!   Charge box", reading (i)).
//! - The Formation Deployment Chart's forbidden Grand Tactics are read for the Lead Formation's
//!   mode, the mode "used for the combat resolution" (6.2.3, L870).
//! - The chits are revealed together (6.4.5, L935); 6.2.1a-ii has the Initiative player reveal
//!   first (digest §7 item 25). Both choices are sealed before either is shown, so the order of
//!   showing cannot change a choice, and the app reveals them at once.

use super::campaign::administrative_points::{
    check_forced, fill_forced, forced_field, forced_modifier, forced_used,
};
use super::forces::{self, Force, Role};
use super::options::{
    CARD_CANCEL, CARD_COUNT, CARD_TIMING, CAVALRY_COUNT, CHARGE_BOX, DEPLOYMENT_STRENGTH,
    FORTRESS_CAVALRY, FORTRESS_MORALE, ROUNDING, SCREENS_IN_STRENGTH, on_form,
};
use super::roster::{halves_text, mode_label};
use super::tactics;
use super::{BattleStage, SIDE_IDS as SIDES, opponent, people, side_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::hand::{Hand, HandUse};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, DiceGroup, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};

/// The Grand Tactic chits the rulebook names (6.4, L922, L941; 6.4.3-6.4.4, L928-930), by the
/// ids the Matrices' rows use and the labels their columns use.
pub const GRAND_TACTICS: &[(&str, &str)] = &[
    ("general_advance", "General Advance"),
    ("left_flank_attack", "Left Flank Attack"),
    ("right_flank_attack", "Right Flank Attack"),
    ("hold", "Hold"),
    ("retreat", "Retreat"),
];

pub fn grand_tactic_label(id: &str) -> &str {
    GRAND_TACTICS
        .iter()
        .find(|(gt, _)| *gt == id)
        .map_or(id, |(_, label)| label)
}

const ROUNDS: &[(&str, &str)] = &[
    ("first", "First Combat Round"),
    ("second", "Second Combat Round"),
];

/// Who holds a Fortress in the battle area, if anyone.
pub const FORTRESS: &[(&str, &str)] = &[
    ("none", "No Fortress in the battle area"),
    ("french", "The French hold a Fortress here"),
    ("allied", "The Allies hold a Fortress here"),
];

const LOSS_CODES: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const DEPLOYMENT_CODES: &[&str] = &["x2", "x1", "half", "no"];

const READS: &[TableRead] = &[
    TableRead {
        table: "fert",
        codes: LOSS_CODES,
    },
    TableRead {
        table: "grand-tactics",
        codes: &[],
    },
    TableRead {
        table: "battle-deployment",
        codes: &[],
    },
    TableRead {
        table: "formation-deployment",
        codes: DEPLOYMENT_CODES,
    },
];

const fn grand_tactic(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Grand Tactic",
        group,
        kind: FieldKind::Choice(GRAND_TACTICS),
        rule: "6.4 Grand Tactics Chits, L920-952",
        help: "The chit revealed for this round.",
    }
}

const fn forces(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Formations in the battle",
        group,
        kind: FieldKind::Text { max_len: 1200 },
        rule: "6.2 Posting the Battle Display, L850-880; 6.6 Combat Strength, L984-994",
        help: "Filled in from the record: each Formation in the Lead and Supporting boxes with its mode, Morale, CF, screen and cavalry CF, Broken and National Guard units.",
    }
}

const fn battle_ability(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Battle Ability of the Lead Formation's Leader",
        group,
        kind: FieldKind::Count { max: 9 },
        rule: "6.8.3, L1014; 27.1.1, L2186",
        help: "From the record: the Leader's second number, the wounded side's if he is wounded. 0 for a Lead without a Leader.",
    }
}

const fn cards(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Battle Tactics cards revealed this round",
        group,
        kind: FieldKind::Text { max_len: 1200 },
        rule: "6.5.5-6.5.8, L968-976",
        help: "Filled in from the record as the cards are turned face up: each with its effect, its number and what it needs.",
    }
}

const fn cancels(id: &'static str, group: &'static str, opponent: &'static str) -> Field {
    Field {
        id,
        label: "The opponent's cards its cancelling cards cancel",
        group,
        kind: FieldKind::Units {
            of: UnitOf::Fixed(opponent),
            only: &[(super::roster::attribute::TYPE, "card")],
        },
        rule: "6.5.8, L974",
        help: "One for each card played that cancels a card of the opponent's, in the order they are listed.",
    }
}

const fn terrain(id: &'static str, group: &'static str) -> Field {
    Field {
        id,
        label: "Terrain (TEC)",
        group,
        kind: FieldKind::Number { min: -9, max: 9 },
        rule: "6.8.6, L1020; 18.3.8, L1666-1671",
        help: "From the Terrain Effects Chart. Not in the Combat Game, which uses no terrain (L2186).",
    }
}

const FIELDS: &[Field] = &[
    Field {
        id: "round",
        label: "Round",
        group: "Battle",
        kind: FieldKind::Choice(ROUNDS),
        rule: "6.3, L882-918",
        help: "From the Battle Sequence where play stands.",
    },
    Field {
        id: "initiative",
        label: "Initiative",
        group: "Battle",
        kind: FieldKind::Choice(super::SIDES),
        rule: "6.2.1a, L858; 1.1, L404",
        help: "From the record: the side with more VP, the French on a tie. It turns its cards up first (6.5.6, L970).",
    },
    Field {
        id: "fortress",
        label: "Fortress",
        group: "Battle",
        kind: FieldKind::Choice(FORTRESS),
        rule: "19.1 Fortresses, L1718-1742",
        help: "A Fortress not destroyed, held by the side that occupied the area when the other entered (19.1.10, L1740). Its benefit needs Hold, in the First Combat Round. None at Waterloo in the Combat Game.",
    },
    grand_tactic("french_gt", "French"),
    forces("french_forces", "French"),
    battle_ability("french_battle", "French"),
    cards("french_cards", "French"),
    cancels("french_cancels", "French", "allied"),
    terrain("french_terrain", "French"),
    forced_field("french_zero_ap", "French"),
    grand_tactic("allied_gt", "Allied"),
    forces("allied_forces", "Allied"),
    battle_ability("allied_battle", "Allied"),
    cards("allied_cards", "Allied"),
    cancels("allied_cancels", "Allied", "french"),
    terrain("allied_terrain", "Allied"),
    forced_field("allied_zero_ap", "Allied"),
    on_form(CAVALRY_COUNT),
    on_form(SCREENS_IN_STRENGTH),
    on_form(DEPLOYMENT_STRENGTH),
    on_form(ROUNDING),
    on_form(FORTRESS_CAVALRY),
    on_form(FORTRESS_MORALE),
    on_form(CARD_CANCEL),
    on_form(CHARGE_BOX),
];

const SETTINGS: [Field; 8] = [
    CAVALRY_COUNT,
    SCREENS_IN_STRENGTH,
    DEPLOYMENT_STRENGTH,
    ROUNDING,
    FORTRESS_CAVALRY,
    FORTRESS_MORALE,
    CARD_CANCEL,
    CHARGE_BOX,
];

fn field(side: &str, name: &str) -> String {
    format!("{side}_{name}")
}

/// One side's reckoning before the dice: its strength, column shifts and DRMs, each item with
/// its rule.
#[derive(Debug, Default)]
struct Reckoning {
    strength: Vec<Modifier>,
    shifts: Vec<Modifier>,
    drms: Vec<Modifier>,
}

impl Reckoning {
    fn total(items: &[Modifier]) -> i32 {
        items.iter().map(|m| m.value).sum()
    }
}

/// What both sides bring to the round.
struct Round<'a> {
    input: &'a Input,
    first: bool,
    forces: [Vec<Force>; 2],
    cards: tactics::Play,
}

impl<'a> Round<'a> {
    fn read(input: &'a Input) -> Result<Round<'a>, InputError> {
        let read = |side: &str| {
            let id = field(side, "forces");
            forces::parse_all(input.text(&id)).map_err(|message| InputError::new(&id, message))
        };
        let forces = [read("french")?, read("allied")?];
        let mut played = [Vec::new(), Vec::new()];
        let mut targets = [Vec::new(), Vec::new()];
        let mut meets_cavalry = [false, false];
        for (index, side) in SIDES.into_iter().enumerate() {
            let id = field(side, "cards");
            let cards = tactics::parse_all(input.text(&id)).map_err(|m| InputError::new(&id, m))?;
            let opposing_lead = forces
                .get(1 - index)
                .and_then(|f| f.iter().find(|f| f.role == Role::Lead));
            if let Some(slot) = meets_cavalry.get_mut(index) {
                *slot = opposing_lead.is_some_and(|f| f.cavalry_cf > 0);
            }
            if let Some(slot) = played.get_mut(index) {
                *slot = cards;
            }
            if let Some(slot) = targets.get_mut(index) {
                *slot = input
                    .list(&field(side, "cancels"))
                    .iter()
                    .map(|c| c.as_str().to_string())
                    .collect();
            }
        }
        let initiative = usize::from(input.text("initiative") == "allied");
        let initiative_first = input.text(CARD_CANCEL.id) == "initiative_first";
        let [french, allied] = &forces;
        let cards = tactics::Play::new(
            played,
            targets,
            meets_cavalry,
            initiative,
            initiative_first,
            [french.as_slice(), allied.as_slice()],
        )
        .map_err(|(side, m)| {
            let id = field(SIDES.get(side).copied().unwrap_or("french"), "cancels");
            InputError::new(&id, m)
        })?;
        Ok(Round {
            input,
            first: input.text("round") == "first",
            forces,
            cards,
        })
    }

    fn index(side: &str) -> usize {
        usize::from(side != "french")
    }

    fn of(&self, side: &str) -> &[Force] {
        let index = usize::from(side != "french");
        self.forces.get(index).map_or(&[], Vec::as_slice)
    }

    fn lead(&self, side: &str) -> Option<&Force> {
        self.of(side).iter().find(|f| f.role == Role::Lead)
    }

    fn gt(&self, side: &str) -> &str {
        self.input.text(&field(side, "gt"))
    }

    /// The side holding a Fortress with its benefit this round: it chose Hold, in the First
    /// Combat Round (19.1.2, L1722; 19.1.6, L1730).
    fn fortress_benefit(&self) -> Option<&str> {
        let holder = self.input.text("fortress");
        (self.first && SIDES.contains(&holder) && self.gt(holder) == "hold").then_some(holder)
    }

    fn setting(&self, setting: &Field) -> &str {
        self.input.text(setting.id)
    }

    fn cavalry(&self, side: &str) -> u32 {
        if self.setting(&CAVALRY_COUNT) == "involved" {
            self.of(side).iter().map(|f| f.cavalry_cf).sum()
        } else {
            self.lead(side).map_or(0, |f| f.cavalry_cf)
        }
    }

    fn reckon(&self, side: &str, tables: &TableSet) -> Result<Reckoning, RuleError> {
        let label = side_label(side);
        let other = opponent(side);
        let mut reckoning = Reckoning::default();
        self.strength(side, tables, &mut reckoning)?;
        let benefit = self.fortress_benefit();
        let attacking_fortress = benefit == Some(other);

        // Column shifts (6.3.6, L900).
        if benefit.is_some() {
            // 19.1.3, L1724: no Grand Tactics Matrix in the First Combat Round.
        } else {
            let table = tables.get("grand-tactics")?;
            let (shift, _) =
                table.modifier(self.gt(side), Some(grand_tactic_label(self.gt(other))))?;
            let text = format!(
                "Grand Tactics Matrix: {} against {}",
                grand_tactic_label(self.gt(side)),
                grand_tactic_label(self.gt(other))
            );
            reckoning
                .shifts
                .push(self.matrix_effect(side, text, shift, "6.4.5, L935-941"));
        }
        if self.morale_superior(side) {
            let why = if self.lead(other).is_some_and(|lead| lead.unbrigaded) {
                "Morale Superiority: a Formation over an un-brigaded Lead"
            } else {
                "Morale Superiority: the Lead Formation's Morale is higher"
            };
            reckoning
                .shifts
                .push(Modifier::new(label, why, 1, "6.7.1-6.7.3, L998-1002"));
        }
        if attacking_fortress {
            reckoning.shifts.push(Modifier::new(
                label,
                "Attacking a Fortress, First Combat Round",
                -1,
                "19.1.5, L1728",
            ));
        }
        reckoning
            .shifts
            .extend(self.card_numbers(side, "shift", label));

        // DRMs (6.3.5, L896-898; 6.8, L1008-1020).
        let Some(opposing_lead) = self.lead(other) else {
            return Ok(reckoning);
        };
        let table = tables.get("battle-deployment")?;
        let (drm, _) = table.modifier(self.gt(side), Some(mode_label(&opposing_lead.mode)))?;
        let text = format!(
            "Battle Deployment Matrix: {} against {}",
            grand_tactic_label(self.gt(side)),
            mode_label(&opposing_lead.mode)
        );
        reckoning
            .drms
            .push(self.matrix_effect(side, text, drm, "6.4.6, L943-948"));
        let ability = self.input.number(&field(side, "battle"));
        if ability != 0 {
            reckoning.drms.push(Modifier::new(
                label,
                "Leader's Battle Ability",
                ability,
                "6.8.3, L1014",
            ));
        }
        let (own, theirs) = (self.cavalry(side), self.cavalry(other));
        let fortress_cavalry = self.setting(&FORTRESS_CAVALRY);
        // Against a Fortress with its benefit, the attacker's superiority is lost (19.1.4).
        let cavalry_counts = match benefit {
            None => true,
            Some(_) if fortress_cavalry == "none" => false,
            Some(holder) => {
                let attacker = opponent(holder);
                self.cavalry(attacker) <= self.cavalry(holder)
            }
        };
        if cavalry_counts && own > theirs {
            reckoning.drms.push(Modifier::new(
                label,
                format!(
                    "Cavalry Superiority: {} CF against {}",
                    halves_text(own),
                    halves_text(theirs)
                ),
                2,
                "6.8.1, L1010; 3.2.3, L543",
            ));
        } else if cavalry_counts && own < theirs {
            reckoning.drms.push(Modifier::new(
                label,
                format!(
                    "Cavalry inferiority: {} CF against {}",
                    halves_text(own),
                    halves_text(theirs)
                ),
                -1,
                "6.8.2, L1012; 3.2.3, L543",
            ));
        }
        let guard: u32 = self.of(side).iter().map(|f| f.national_guard).sum();
        if guard > 0 {
            reckoning.drms.push(Modifier::new(
                label,
                format!("National Guard units: {guard}"),
                -i32::try_from(guard).unwrap_or(i32::MAX),
                "6.8.4, L1016; 3.4.6, L574",
            ));
        }
        let mut majors: Vec<&str> = self
            .of(side)
            .iter()
            .flat_map(Force::major_nations)
            .collect();
        majors.sort_unstable();
        majors.dedup();
        if majors.len() > 1 {
            reckoning.drms.push(Modifier::new(
                label,
                format!("More than one Major Nation: {}", majors.join(", ")),
                -2,
                "6.8.5, L1018; 6.2.6, L876",
            ));
        }
        if let Some(lead) = self.lead(side)
            && lead.broken > 0
        {
            reckoning.drms.push(Modifier::new(
                label,
                format!("Broken units in the Lead Formation: {}", lead.broken),
                -i32::try_from(lead.broken).unwrap_or(i32::MAX),
                "6.7.5, L1006; 5.2.3, L778",
            ));
        }
        if attacking_fortress {
            reckoning.drms.push(Modifier::new(
                label,
                "Attacking a Fortress, First Combat Round",
                -5,
                "19.1.5, L1728",
            ));
        }
        let terrain = self.input.number(&field(side, "terrain"));
        if terrain != 0 {
            reckoning.drms.push(Modifier::new(
                label,
                "Terrain (TEC)",
                terrain,
                "6.8.6, L1020",
            ));
        }
        reckoning.drms.extend(self.card_numbers(side, "drm", label));
        // A cancelled card is shown at 0, with what cancelled it.
        let index = Self::index(side);
        for card in self.cards.cards.get(index).into_iter().flatten() {
            if let Some(why) = self.cards.unmet(index, &card.id) {
                reckoning.drms.push(Modifier::new(
                    label,
                    format!("{why}: it has no effect"),
                    0,
                    "6.5.3, L964; 6.2.4, L872",
                ));
            } else if let Some(by) = self.cards.cancelled_by(index, &card.id) {
                reckoning.drms.push(Modifier::new(
                    label,
                    tactics::cancelled_text(card, by),
                    0,
                    "6.5.8, L974",
                ));
            }
        }
        reckoning
            .drms
            .extend(forced_modifier(self.input, &field(side, "zero_ap"), label));
        Ok(reckoning)
    }

    /// A Battle Matrix's effect for `side`, or 0 where an opposing card cancels it (6.5.8, L974).
    fn matrix_effect(&self, side: &str, text: String, value: i32, rule: &str) -> Modifier {
        let label = side_label(side);
        match self.cards.matrices_cancelled(Self::index(side)) {
            Some(card) => Modifier::new(
                label,
                format!("{text}: {value:+}, cancelled by {}", card.name()),
                0,
                "6.5.8, L974",
            ),
            None => Modifier::new(label, text, value, rule),
        }
    }

    /// `side`'s standing cards whose number is a `number_is`, one line each.
    fn card_numbers(&self, side: &str, number_is: &str, label: &str) -> Vec<Modifier> {
        self.cards
            .numbers(Self::index(side), number_is)
            .into_iter()
            .map(|(card, value)| Modifier::new(label, card, value, "6.5.8, L976"))
            .collect()
    }

    /// Whether `side`'s Cavalry Charge stands and meets a Lead Formation without cavalry, so its
    /// doubled CFs count (3.2.2b, L541).
    fn charge_succeeds(&self, side: &str) -> bool {
        self.cards.charges(Self::index(side))
            && self
                .lead(opponent(side))
                .is_some_and(|lead| lead.cavalry_cf == 0)
    }

    /// What `side`'s revealed cards leave on the record: each is spent for the battle (6.5.2,
    /// L962; 6.3.7, L902); a standing Leader Rallies Troops, Cavalry Charge or Guards Assault
    /// leaves what the Leader casualty roll and the losses need. A cancelled Charge or Assault
    /// owes no first loss: the card had no effect.
    fn card_effects(&self, index: usize, side: &str) -> Vec<Effect> {
        let mut effects: Vec<Effect> = self
            .cards
            .cards
            .get(index)
            .into_iter()
            .flatten()
            .map(|card| {
                Effect::set_state(
                    side,
                    &card.id,
                    super::roster::state::PLAYED,
                    "6.5.2, L962; 6.3.7, L902",
                )
            })
            .collect();
        // A first loss or a cavalry battle owed from an earlier round is owed no more.
        for kind in tactics::FIRST_LOSS_KINDS {
            effects.push(Effect::Unmark {
                name: tactics::first_loss(side, kind).as_str().into(),
                rule: "6.10.4, L1044".into(),
            });
        }
        effects.push(Effect::Unmark {
            name: super::charge::meets_cavalry(side).as_str().into(),
            rule: "3.2.2b, L541".into(),
        });
        for card in self.cards.standing(index) {
            match card.effect.as_str() {
                "leader_rallies" => effects.push(Effect::SetCounter {
                    name: tactics::rallies(side).as_str().into(),
                    value: 1,
                    rule: "4.6.2, L734".into(),
                    lasts: Lasts::Step,
                }),
                "cavalry_charge" if !self.charge_succeeds(side) => {
                    effects.extend([
                        Effect::Mark {
                            name: super::charge::meets_cavalry(side).as_str().into(),
                            rule: "3.2.2b, L541".into(),
                        },
                        Effect::reminder(
                            &format!(
                                "The {} Cavalry Charge meets a Lead Formation with cavalry: fight the cavalry battle from the Cavalry Charge Combat Subroutine on the charts (Cavalry Charge: the cavalry battle)",
                                side_label(side)
                            ),
                            "3.2.2b, L541",
                        ),
                        Effect::Mark {
                            name: tactics::first_loss(side, "cavalry").as_str().into(),
                            rule: "6.10.4, L1044".into(),
                        },
                    ]);
                }
                "cavalry_charge" | "guards_assault" => {
                    let kind = if card.effect == "cavalry_charge" {
                        "cavalry"
                    } else {
                        "Guards"
                    };
                    effects.push(Effect::Mark {
                        name: tactics::first_loss(side, kind).as_str().into(),
                        rule: "6.10.4, L1044".into(),
                    });
                }
                _ => {}
            }
        }
        effects
    }

    /// Whether `side`'s Lead has Morale Superiority (6.7, L996-1006): the higher Formation Morale;
    /// a Formation over an un-brigaded Lead; never against a Fortress holder (6.7.4, L1004, or
    /// while the benefit holds, as the setting reads it).
    fn morale_superior(&self, side: &str) -> bool {
        let other = opponent(side);
        let holder = self.input.text("fortress");
        let fortress_bars = holder == other
            && match self.setting(&FORTRESS_MORALE) {
                "benefit" => self.fortress_benefit() == Some(other),
                _ => true,
            };
        if fortress_bars {
            return false;
        }
        // An un-brigaded Lead has no Formation Morale (6.2.2b, L866; 6.7.3, L1002).
        let unbrigaded = |s: &str| self.lead(s).is_some_and(|lead| lead.unbrigaded);
        match (unbrigaded(side), unbrigaded(other)) {
            (false, true) => true,
            (true, _) => false,
            (false, false) => match (self.lead(side), self.lead(other)) {
                (Some(own), Some(theirs)) => own.morale > theirs.morale,
                _ => false,
            },
        }
    }

    /// Each Formation's strength after its halvings and the Formation Deployment Chart, rounded
    /// up (6.6, L984-994), then a successful Charge's doubled CFs.
    fn strength(
        &self,
        side: &str,
        tables: &TableSet,
        reckoning: &mut Reckoning,
    ) -> Result<(), RuleError> {
        let label = format!("{} strength", side_label(side));
        let gt = self.gt(side);
        let chart = tables.get("formation-deployment")?;
        let lead_mode = self
            .lead(side)
            .map_or("line_of_battle", |f| f.mode.as_str());
        let permitted = chart.lookup_matrix(mode_label(lead_mode), grand_tactic_label(gt))?;
        if permitted.result.code == "no" {
            return Err(InputError::new(
                &field(side, "gt"),
                format!(
                    "the Formation Deployment Chart does not permit {} in {} (6.4.7, L950-952)",
                    grand_tactic_label(gt),
                    mode_label(lead_mode)
                ),
            )
            .into());
        }
        let screens = self.setting(&SCREENS_IN_STRENGTH) == "counted";
        let applies_to = self.setting(&DEPLOYMENT_STRENGTH);
        let each = self.setting(&ROUNDING) == "each";
        let charge_counted = self.setting(&CHARGE_BOX) == "counted";
        let charging = self.charge_succeeds(side);
        // Strengths in 64ths of a CF: halvings of halves stay whole.
        let mut exact_total: u64 = 0;
        for force in self.of(side) {
            // Reading (ii): the Charge box counts at 1×, and at 2× in a successful Charge.
            let charge = match (charge_counted, charging) {
                (false, _) => 0,
                (true, false) => force.charge_cf,
                (true, true) => force.charge_cf * 2,
            };
            let halves = force.cf + if screens { force.screen_cf } else { 0 } + charge;
            let mut power: i32 = 0;
            let mut why: Vec<String> = Vec::new();
            if force.role == Role::Supporting {
                power -= 1;
                why.push("Supporting ×½ (6.6.1)".into());
            }
            if force.force_marched {
                power -= 1;
                why.push("Force Marched ×½ (6.6.2)".into());
            }
            if force.out_of_supply {
                power -= 1;
                why.push("Out of Supply ×½ (6.6.3)".into());
            }
            let mode = match applies_to {
                "lead" if force.role != Role::Lead => None,
                "lead_mode" => Some(lead_mode),
                _ => Some(force.mode.as_str()),
            };
            if let Some(mode) = mode {
                let lookup = chart.lookup_matrix(mode_label(mode), grand_tactic_label(gt))?;
                match lookup.result.code.as_str() {
                    "x2" => {
                        power += 1;
                        why.push(format!(
                            "{} with {} ×2 (6.4.7)",
                            mode_label(mode),
                            grand_tactic_label(gt)
                        ));
                    }
                    "half" => {
                        power -= 1;
                        why.push(format!(
                            "{} with {} ×½ (6.4.7)",
                            mode_label(mode),
                            grand_tactic_label(gt)
                        ));
                    }
                    _ => {}
                }
            }
            let exact = scaled(halves, power);
            exact_total += exact;
            // Rounded once on the total, each Formation's line shows its exact share and adds 0.
            let shown = if each { ceil_cf(exact) } else { 0 };
            let detail = if why.is_empty() {
                String::new()
            } else {
                format!(", {}", why.join(", "))
            };
            let rounded = if !each {
                format!(" = {}, added to the total below", sixty_fourths_text(exact))
            } else if !exact.is_multiple_of(64) {
                ", rounded up (6.6.4)".to_string()
            } else {
                String::new()
            };
            reckoning.strength.push(Modifier::new(
                &label,
                format!(
                    "{}: CF {}{detail}{rounded}",
                    force.name,
                    halves_text(halves)
                ),
                i32::try_from(shown).unwrap_or(i32::MAX),
                "6.6, L984-994",
            ));
        }
        if !each {
            reckoning.strength.push(Modifier::new(
                &label,
                "The side's total, rounded up (6.6.4)",
                i32::try_from(ceil_cf(exact_total)).unwrap_or(i32::MAX),
                "6.6.4-6.6.5, L992-994",
            ));
        }
        let charge_cf: u32 = self.of(side).iter().map(|f| f.charge_cf).sum();
        if charging && !charge_counted {
            // Halves doubled are whole CFs.
            reckoning.strength.push(Modifier::new(
                &label,
                format!("Cavalry Charge: {} CF doubled", halves_text(charge_cf)),
                i32::try_from(charge_cf).unwrap_or(i32::MAX),
                "3.2.2b, L541",
            ));
        } else if charging {
            reckoning.strength.push(Modifier::new(
                &label,
                format!(
                    "Cavalry Charge: the Charge box's {} CF doubled in its Formation above",
                    halves_text(charge_cf)
                ),
                0,
                "3.2.2b, L541",
            ));
        } else if self.cards.charges(Self::index(side)) {
            reckoning.strength.push(Modifier::new(
                &label,
                "Cavalry Charge against a Lead Formation with cavalry: a cavalry battle under the Cavalry Charge Combat Subroutine on the charts, which adds no CFs here",
                0,
                "3.2.2b, L541",
            ));
        }
        reckoning
            .strength
            .extend(self.card_numbers(side, "strength", &label));
        Ok(())
    }
}

/// `halves` half-CFs times 2 to the `power`, in 64ths of a CF.
fn scaled(halves: u32, power: i32) -> u64 {
    let base = u64::from(halves) * 32;
    if power >= 0 {
        base << power.unsigned_abs()
    } else {
        base >> power.unsigned_abs()
    }
}

/// 64ths of a CF as a player reads them: "5", "5 1/2", "2 3/4".
fn sixty_fourths_text(value: u64) -> String {
    let (whole, rest) = (value / 64, value % 64);
    if rest == 0 {
        return whole.to_string();
    }
    let (mut numerator, mut denominator) = (rest, 64);
    while numerator % 2 == 0 {
        numerator /= 2;
        denominator /= 2;
    }
    if whole == 0 {
        format!("{numerator}/{denominator}")
    } else {
        format!("{whole} {numerator}/{denominator}")
    }
}

/// 64ths of a CF rounded up to whole CFs (6.6.4, L992).
fn ceil_cf(sixty_fourths: u64) -> u64 {
    sixty_fourths.div_ceil(64)
}

pub struct CombatRound;

impl Procedure for CombatRound {
    fn about(&self) -> &About {
        &About {
            id: "combat-round",
            title: "Combat Round: Grand Tactics and the FERT",
            rule: "6.3.2-6.3.7, L890-902",
            summary: "Reads both Grand Tactics on the Matrices, works out each side's strength column and DRMs, and rolls both sides' 2D6 on the FERT: each result is the steps inflicted on the other side.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "round",
            "french_gt",
            "allied_gt",
            "french_cards",
            "allied_cards",
            "french_cancels",
            "allied_cancels",
        ]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for setting in &SETTINGS {
            prefill_setting(input, record, setting);
        }
        let round = if BattleStage::round(record) == "second" {
            "second"
        } else {
            "first"
        };
        input.set("round", Value::Text(round.into()));
        input.set("initiative", Value::Text(super::initiative(record).into()));
        // A campaign battle's Fortress, as the players named it when they picked the battle.
        if let Some(holder) = super::campaign::battles::battle_fortress(record) {
            input.set("fortress", Value::Text(holder.into()));
        }
        for side in SIDES {
            if let Ok(cards) = tactics::revealed(record, side) {
                input.set(
                    &field(side, "cards"),
                    Value::Text(tactics::describe_all(&cards).as_str().into()),
                );
            }
            if let Ok(forces) = forces::on_record(record, side) {
                input.set(
                    &field(side, "forces"),
                    Value::Text(forces::describe_all(&forces).as_str().into()),
                );
            }
            if let Ok(Some(ability)) = lead_battle_ability(record, side) {
                input.set(&field(side, "battle"), Value::Number(ability));
            }
            // The FERT roll is the Lead Formation's Leader's (4.2.6, L676).
            let lead = lead_formation(record, side).unwrap_or("");
            fill_forced(input, &field(side, "zero_ap"), record, side, lead);
        }
    }
    /// One round of chits for each Combat Round of each battle, wherever in the battle the form
    /// is opened: chits once revealed are final.
    fn sealed_round(&self, record: &Record) -> String {
        let round = if BattleStage::round(record) == "second" {
            "Second Combat Round"
        } else {
            "First Combat Round"
        };
        format!("{} Grand Tactics, {round}", tactics::battle_name(record))
    }
    /// The chits are picked in secret and revealed together (6.3.1, L886; 6.4.5, L935).
    fn sealed_fields(&self, _record: &Record) -> Vec<(&'static str, &'static str)> {
        vec![("french", "french_gt"), ("allied", "allied_gt")]
    }
    fn shows(&self, field_id: &str, input: &Input) -> bool {
        match field_id.strip_suffix("_cancels") {
            Some(side) => input.text(&field(side, "cards")).contains(": cancel_card"),
            None => true,
        }
    }
    /// The cards each side picks face down for the battle, and turns up round by round, the
    /// Initiative player first (6.5.1-6.5.7, L958-972).
    fn hand(&self, _input: &Input, record: &Record) -> Option<Hand> {
        let initiative = super::initiative(record);
        let sides =
            [initiative, opponent(initiative)].map(|side| tactics::hand_side(record, side, None));
        Some(Hand {
            title: "Battle Tactics cards",
            order: "the Initiative player first (6.5.6-6.5.7, L970-972)",
            played_state: super::roster::state::PLAYED,
            name: tactics::hand_name(record),
            slots: tactics::SLOTS,
            min_cards: usize::from(record.option(CARD_COUNT.id, "up_to_four") == "one_to_four"),
            sides: sides.into(),
            choosing: BattleStage::round(record) != "second",
            before_sealed_choices: record.option(CARD_TIMING.id, "after_matrices") == "step_1",
        })
    }
    /// No card is turned up in a round without combat: both Hold (the cards are still picked in
    /// the First Combat Round, for the second), or both Retreat, which ends the battle (6.4.3-6.4.4,
    /// L928-933; Step 4 follows Step 2, L890-894).
    fn hand_use(&self, input: &Input) -> HandUse {
        match no_combat(input) {
            Some("hold") => HandUse::PickOnly(
                "Both chose Hold: no combat this round, and no card is turned up (6.4.4, L930-933).",
            ),
            Some(_) => HandUse::Idle(
                "Both chose Retreat: no battle is fought, and no card is played (6.4.3, L928).",
            ),
            None => HandUse::PickAndPlay,
        }
    }
    /// The cards on a logged round are the ones its sides had turned up in the log, and not
    /// played before (6.5.2, L962).
    fn check_revealed(&self, input: &Input, record: &Record) -> Result<(), String> {
        for side in SIDES {
            let on_record = tactics::revealed(record, side)?;
            let listed = tactics::parse_all(input.text(&field(side, "cards")))?;
            if listed != on_record {
                return Err(format!(
                    "its {} cards are not the ones the log turned up: {}",
                    people(side),
                    tactics::describe_all(&on_record)
                ));
            }
        }
        Ok(())
    }
    /// A card is turned up only if it is entered and its requirement met (6.5.3, L964).
    fn check_turn_up(
        &self,
        side: &str,
        cards: &[String],
        input: &Input,
        record: &Record,
    ) -> Result<(), String> {
        tactics::check_turn_up(side, cards, input.text(&field(side, "forces")), record)
    }
    /// A side's cards as the record has them once turned up.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        for side in SIDES {
            if changed == field(side, "cards")
                && let Ok(cards) = tactics::revealed(record, side)
            {
                input.set(
                    changed,
                    Value::Text(tactics::describe_all(&cards).as_str().into()),
                );
            }
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        Round::read(input).map(|_| ())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let round = if BattleStage::round(record) == "second" {
            "second"
        } else {
            "first"
        };
        if input.text("round") != round {
            return Err(InputError::new(
                "round",
                "the Battle Sequence stands in the other Combat Round: move to its step",
            ));
        }
        // A campaign battle's Fortress is the one named as it was picked, unless destroyed since
        // (19.1.7-19.1.10, L1732-1740).
        if super::campaign::is_campaign(record) {
            let holder = super::campaign::battles::battle_fortress(record).unwrap_or("none");
            if input.text("fortress") != holder {
                return Err(InputError::new(
                    "fortress",
                    format!("the record names the battle's Fortress as {holder} (19.1.10, L1740)"),
                ));
            }
        }
        for side in SIDES {
            match lead_battle_ability(record, side) {
                Ok(Some(ability)) if i64::from(input.number(&field(side, "battle"))) != ability => {
                    return Err(InputError::new(
                        &field(side, "battle"),
                        format!("the record has {ability} for the Lead Formation's Leader"),
                    ));
                }
                Err(leader) => {
                    return Err(InputError::new(
                        &field(side, "battle"),
                        format!(
                            "enter {leader}'s Battle Ability from his counter first (Counter values)"
                        ),
                    ));
                }
                _ => {}
            }
            let lead = lead_formation(record, side).unwrap_or("");
            check_forced(input, &field(side, "zero_ap"), record, side, lead)?;
        }
        if input.text("initiative") != super::initiative(record) {
            return Err(InputError::new(
                "initiative",
                format!(
                    "the record gives it to the {} (6.2.1a, L858)",
                    people(super::initiative(record))
                ),
            ));
        }
        let hand = tactics::hand_name(record);
        for side in SIDES {
            // The First Combat Round picks the cards; a battle without them plays none.
            let picked = record.hand_sealed(&hand, side)
                || no_combat(input) == Some("retreat")
                || input.text("round") != "first";
            if !picked {
                return Err(InputError::new(
                    &field(side, "cards"),
                    format!(
                        "the {} have not picked their Battle Tactics cards face down for this battle (6.5.1, L958)",
                        people(side)
                    ),
                ));
            }
            let id = field(side, "cards");
            let on_record = tactics::revealed(record, side).map_err(|m| InputError::new(&id, m))?;
            let listed =
                tactics::parse_all(input.text(&id)).map_err(|m| InputError::new(&id, m))?;
            if listed != on_record {
                return Err(InputError::new(
                    &id,
                    format!(
                        "the cards turned up are: {}",
                        if on_record.is_empty() {
                            "none".to_string()
                        } else {
                            tactics::describe_all(&on_record)
                        }
                    ),
                ));
            }
        }
        for side in SIDES {
            let id = field(side, "forces");
            let on_record = forces::on_record(record, side).map_err(|m| InputError::new(&id, m))?;
            let listed = forces::parse_all(input.text(&id)).map_err(|m| InputError::new(&id, m))?;
            if listed != on_record {
                return Err(InputError::new(
                    &id,
                    format!("the record has {}", forces::describe_all(&on_record)),
                ));
            }
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if no_combat(input).is_some() {
            return DiceSpec::default();
        }
        DiceSpec::new(&[
            ("French die 1", Die::D6),
            ("French die 2", Die::D6),
            ("Allied die 1", Die::D6),
            ("Allied die 2", Die::D6),
        ])
    }
    /// Each side's 2D6 decide what it inflicts, whatever the other rolls: the odds are shown for
    /// each side (6.9.3-6.9.5, L1028-1032).
    fn dice_groups(&self, input: &Input) -> Vec<DiceGroup> {
        if no_combat(input).is_some() {
            return Vec::new();
        }
        vec![
            DiceGroup {
                label: "French roll".into(),
                slots: 0..2,
                side: "french",
            },
            DiceGroup {
                label: "Allied roll".into(),
                slots: 2..4,
                side: "allied",
            },
        ]
    }
    fn group_outcome(&self, group: usize, outcome: &Outcome) -> (String, i32) {
        // The key reads "French inflict 3, Allies inflict 2": the group's own half.
        let steps = outcome
            .key
            .split(", ")
            .nth(group)
            .and_then(|part| part.rsplit(' ').next())
            .and_then(|n| n.parse::<i32>().ok())
            .unwrap_or(0);
        (format!("inflicts {steps} step(s)"), -steps)
    }
    fn modifiers_read(&self, input: &Input, tables: &TableSet) -> Vec<Modifier> {
        let Ok(round) = Round::read(input) else {
            return Vec::new();
        };
        let mut all = Vec::new();
        for side in SIDES {
            if let Ok(reckoning) = round.reckon(side, tables) {
                let label = side_label(side);
                all.extend(reckoning.strength);
                all.extend(reckoning.shifts.into_iter().map(|m| Modifier {
                    side: format!("{label} column shift"),
                    ..m
                }));
                all.extend(reckoning.drms.into_iter().map(|m| Modifier {
                    side: format!("{label} DRM"),
                    ..m
                }));
            }
        }
        all
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let round = Round::read(input)?;
        if let Some(both) = no_combat(input) {
            return Ok(no_combat_round(both, round.first));
        }
        let fert = tables.get("fert")?;
        let read = READS
            .first()
            .ok_or_else(|| RuleError::Draw("no FERT read".into()))?;
        let mut modifiers = Vec::new();
        let mut totals = Vec::new();
        let mut limits = Vec::new();
        let mut inflicted = [0i32; 2];
        let mut lines = Vec::new();
        let mut cell = None;
        let mut effects = Vec::new();
        let round_title = if round.first {
            "First Combat Round"
        } else {
            "Second Combat Round"
        };
        let mut naturals = [0i32; 2];
        for (index, side) in SIDES.into_iter().enumerate() {
            let reckoning = round.reckon(side, tables)?;
            let label = side_label(side);
            let dice = faces
                .get(index * 2..index * 2 + 2)
                .ok_or_else(|| InputError::new("", "both sides roll 2D6: four dice"))?;
            let natural: i32 = dice.iter().map(|d| i32::from(*d)).sum();
            let strength = Reckoning::total(&reckoning.strength).max(0);
            let shift = Reckoning::total(&reckoning.shifts);
            let drm = Reckoning::total(&reckoning.drms);
            let lookup =
                fert.lookup_strength_bands(strength.unsigned_abs(), shift, natural + drm)?;
            let code = lookup.code_for(read)?;
            let losses: i32 = code.parse().unwrap_or(0);
            if let Some(slot) = inflicted.get_mut(index) {
                *slot = losses;
            }
            if let Some(slot) = naturals.get_mut(index) {
                *slot = natural;
            }
            let shifted = match shift {
                0 => "column".to_string(),
                right if right > 0 => format!("shifted {right}R to column"),
                left => format!("shifted {}L to column", -left),
            };
            lines.push(format!(
                "{label}: strength {strength}, {shifted} {}, roll {natural} {drm:+} = {}: {losses} step loss(es) to the {}",
                lookup.cell.column.as_deref().unwrap_or("?"),
                natural + drm,
                people(opponent(side)),
            ));
            totals.push(SideTotal {
                side: label.to_string(),
                die: Some(natural),
                modifiers: drm,
                total: natural + drm,
            });
            modifiers.extend(reckoning.strength);
            modifiers.extend(reckoning.shifts.into_iter().map(|m| Modifier {
                side: format!("{label} column shift"),
                ..m
            }));
            modifiers.extend(reckoning.drms.into_iter().map(|m| Modifier {
                side: format!("{label} DRM"),
                ..m
            }));
            limits.extend(lookup.limits.clone());
            if cell.is_none() {
                cell = Some(lookup.cell.clone());
            }
        }
        // After the roll, the cards that change a FERT result (6.5.8, L976).
        for (index, side) in SIDES.into_iter().enumerate() {
            let other = 1 - index;
            let changes = round
                .cards
                .numbers(index, "inflicted")
                .into_iter()
                .map(|(card, value)| (card, value, index))
                .chain(
                    round
                        .cards
                        .numbers(other, "suffered")
                        .into_iter()
                        .map(|(card, value)| (card, value, other)),
                );
            // All the changes are added up, then the result is at least 0: no card's order
            // matters.
            let mut total = 0;
            for (card, value, owner) in changes {
                total += value;
                let by = side_label(SIDES.get(owner).copied().unwrap_or(side));
                modifiers.push(Modifier::new(
                    &format!("{} result", side_label(side)),
                    format!("{by} card {card}, after the roll"),
                    value,
                    "6.5.8, L976",
                ));
            }
            if total != 0
                && let Some(result) = inflicted.get_mut(index)
            {
                *result = (*result + total).max(0);
                lines.push(format!(
                    "the cards change the {} result by {total:+}: {} step loss(es) to the {}",
                    side_label(side),
                    *result,
                    people(opponent(side))
                ));
            }
        }
        for (index, side) in SIDES.into_iter().enumerate() {
            let losses = inflicted.get(index).copied().unwrap_or(0);
            let natural = naturals.get(index).copied().unwrap_or(0);
            let other = opponent(side);
            effects.push(Effect::SetCounter {
                name: super::loss_markers(other, round_title).as_str().into(),
                value: i64::from(losses),
                rule: "6.10.8, L1052".into(),
                lasts: Lasts::Game,
            });
            // A side that chose Retreat also takes its withdrawal's step (6.11.2, L1060).
            let retreat_step = i64::from(round.gt(other) == "retreat");
            effects.push(Effect::SetCounter {
                name: super::losses::to_take(other).as_str().into(),
                value: i64::from(losses) + retreat_step,
                rule: "6.10.1, L1038; 6.11.2, L1060".into(),
                lasts: Lasts::Step,
            });
            if losses > 0 {
                effects.push(Effect::VictoryPoints {
                    side: side.into(),
                    points: losses,
                    reason: format!("{losses} step loss(es) inflicted on the FERT")
                        .as_str()
                        .into(),
                    rule: "6.10.7, L1050; 20.3, L1776".into(),
                });
            }
            if natural == 12 {
                effects.push(Effect::reminder(
                    &format!(
                        "The {} rolled a natural 12: the {} roll the Leader Casualty Table for each of their Leaders in the battle",
                        people(side),
                        people(other)
                    ),
                    "4.6.1-4.6.2, L730-734",
                ));
            }
            effects.extend(round.card_effects(index, side));
            // The Lead Formation's Leader has taken his -1 on this roll (4.2.6, L676).
            if let Some(lead) = round.lead(side) {
                effects.extend(forced_used(
                    input,
                    &field(side, "zero_ap"),
                    side,
                    &lead.name,
                ));
            }
        }
        let [french, allied] = inflicted;
        for side in SIDES {
            if round.gt(side) == "retreat" {
                effects.push(Effect::VictoryPoints {
                    side: opponent(side).into(),
                    points: 1,
                    reason: format!("the Retreat step loss of the {}", people(side))
                        .as_str()
                        .into(),
                    rule: "6.11.2, L1060; 20.3, L1776".into(),
                });
                effects.push(Effect::Mark {
                    name: retreated(side).as_str().into(),
                    rule: "6.11.1, L1056".into(),
                });
                effects.push(Effect::reminder(
                    &format!(
                        "The {} chose Retreat: they withdraw from the area and lose one step; go to the Battle Winner (Step 11)",
                        people(side)
                    ),
                    "6.3.7, L902; 6.11.1-6.11.2, L1056-1060",
                ));
            }
        }
        // The First Combat Round's Morale drop, for the side that suffered more (5.2.6, L784).
        if round.first && french != allied {
            let sufferer = if french > allied { "allied" } else { "french" };
            // An un-brigaded unit has no Formation Morale to lose (3.1.6, L526).
            for force in round.of(sufferer).iter().filter(|f| !f.unbrigaded) {
                effects.push(Effect::add_to(
                    sufferer,
                    &force.name,
                    super::roster::attribute::FORMATION_MORALE,
                    -1,
                    "5.2.6, L784; 6.3.7, L902",
                ));
            }
        }
        effects.push(Effect::reminder(
            "Each side takes the losses inflicted on it, from its Lead Formation first, the owner choosing the units",
            "6.10.2, L1040; 6.2.5, L874",
        ));
        let headline = lines.join("; ");
        Ok(Resolution {
            modifiers,
            totals,
            limits,
            cell,
            outcome: Outcome {
                key: format!("French inflict {french}, Allies inflict {allied}"),
                rank: allied - french,
                headline,
            },
            effects,
        })
    }
}

/// The mark that `side` chose Retreat in this battle, for the winner (6.16.1, L1138).
pub fn retreated(side: &str) -> String {
    format!("The {} chose Retreat", people(side))
}

/// "retreat" or "hold" when both sides chose it: no combat is resolved (6.4.3-6.4.4, L928-933).
fn no_combat(input: &Input) -> Option<&'static str> {
    match (input.text("french_gt"), input.text("allied_gt")) {
        ("retreat", "retreat") => Some("retreat"),
        ("hold", "hold") => Some("hold"),
        _ => None,
    }
}

/// A round in which both sides chose Retreat, or both Hold: no dice, no chart.
fn no_combat_round(both: &str, first: bool) -> Resolution {
    if both == "hold" {
        let next = if first {
            "go on to the Battle Adjustment Round"
        } else {
            "the battle is over: go on to the Battle Winner (Step 11)"
        };
        return Resolution::book_keeping(
            "both-hold",
            format!("Both chose Hold: no combat this round; {next}"),
            vec![Effect::reminder(
                &format!("Both chose Hold: {next}"),
                "6.4.4, L930-933",
            )],
        );
    }
    let mut effects = vec![Effect::reminder(
        "Both chose Retreat: no battle is fought; both withdraw from the area, the Initiative player first, then each loses one step; there is no winner",
        "6.4.3, L928; 6.11.3, L1062; 6.16.2, L1142",
    )];
    for side in SIDES {
        effects.extend([
            Effect::Mark {
                name: retreated(side).as_str().into(),
                rule: "6.4.3, L928".into(),
            },
            Effect::SetCounter {
                name: super::losses::to_take(side).as_str().into(),
                value: 1,
                rule: "6.11.3, L1062".into(),
                lasts: Lasts::Step,
            },
            Effect::VictoryPoints {
                side: opponent(side).into(),
                points: 1,
                reason: format!("the Retreat step loss of the {}", people(side))
                    .as_str()
                    .into(),
                rule: "6.11.3, L1062; 20.3, L1776".into(),
            },
        ]);
    }
    Resolution::book_keeping(
        "both-retreat",
        "Both chose Retreat: no battle; both withdraw and lose one step".into(),
        effects,
    )
}

/// `side`'s Lead Formation on the record, if a Formation leads.
fn lead_formation<'a>(record: &'a Record, side: &'a str) -> Option<&'a str> {
    use super::roster::attribute;
    record
        .units_where(
            Some(side),
            &[(attribute::TYPE, "formation"), (attribute::ROLE, "lead")],
        )
        .next()
        .map(|(_, lead, _)| lead)
}

/// The Battle Ability of the Leader of `side`'s Lead Formation, by the side he shows: `None`
/// for a Lead without a Leader, the Leader's name if his value is not entered yet.
fn lead_battle_ability(record: &Record, side: &str) -> Result<Option<i64>, String> {
    use super::roster::attribute;
    let Some(lead) = lead_formation(record, side) else {
        return Ok(None);
    };
    // A killed Leader is off the record's Formation: a Lead without a Leader adds nothing.
    let conditions = [
        (attribute::TYPE, "leader"),
        (attribute::FORMATION, lead),
        ("state", super::roster::state::IN_PLAY),
    ];
    let Some((_, name, leader)) = record.units_where(Some(side), &conditions).next() else {
        return Ok(None);
    };
    let value = if leader.attribute(attribute::WOUNDED) == Some("yes") {
        attribute::WOUNDED_BATTLE
    } else {
        attribute::BATTLE
    };
    leader
        .attribute(value)
        .and_then(|v| v.parse().ok())
        .map(Some)
        .ok_or_else(|| name.to_string())
}
