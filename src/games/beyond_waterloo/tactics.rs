//! Battle Tactics cards in a combat round (6.5, L954-982): the cards each side reveals, read from
//! the record as the form's text, and what they do in the order of 6.5.8 (L974-976).
//!
//! Decisions where the text is silent, each recorded here:
//! - A card that cancels the opponent's Battle Matrix effects is carried out first (6.5.8), so no
//!   card-cancelling card can undo it.
//! - Whether a card that is itself cancelled still cancels is the `card_cancel` setting: all
//!   cancellations judged at once on the revealed cards, or the Initiative player's first.
//! - Infantry Squares cancels a Cavalry Charge that meets a Lead Formation without cavalry, the
//!   case L541 names; a Charge against cavalry is a cavalry battle under the Subroutine printed
//!   on the charts, which the players fight from the card (digest Corrections, "Infantry
//!   Squares").
//! - A card's requirement (6.5.3, L964) is met by the Lead Formation (6.2.4, L872); a Cavalry
//!   Charge needs cavalry in the Charge box (3.2.2, L537), a Guards Assault a Guard unit in the
//!   Lead Formation (3.3.2d, L556).

use super::cards::attribute;
use super::forces::Force;
use super::people;
use super::roster::{mode_label, state};
use crate::engine::hand::HandSide;
use crate::engine::record::Record;

const RULE: &str = "6.5.8, L974-976";

/// One card as the form carries it:
/// `F3 Grand Battery: grand_battery, drm +2, needs guards` (the number and the need only where
/// the card has them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub title: String,
    pub effect: String,
    /// What `value` is: "drm", "shift", "strength", "inflicted", "suffered"; empty for none.
    pub number_is: String,
    pub value: i32,
    /// "cavalry", "guards", "charge_box", "mode:<mode>"; empty for nothing.
    pub needs: String,
}

impl Card {
    /// The card `id` of `side` as its owner entered it, or what is missing.
    pub fn on_record(record: &Record, side: &str, id: &str) -> Result<Card, String> {
        let unit = record
            .unit(side, id)
            .ok_or_else(|| format!("{id} is not a card of this side"))?;
        let (Some(title), Some(effect)) = (
            unit.attribute(attribute::TITLE),
            unit.attribute(attribute::EFFECT),
        ) else {
            return Err(format!(
                "enter {id}'s title and effect from the card first (Roster: a Battle Tactics card)"
            ));
        };
        let number_is = unit
            .attribute(attribute::NUMBER_IS)
            .filter(|n| *n != "none")
            .unwrap_or("");
        let needs = match unit.attribute(attribute::NEEDS) {
            Some("mode") => format!(
                "mode:{}",
                unit.attribute(attribute::NEEDS_MODE).unwrap_or("")
            ),
            Some("none") | None => String::new(),
            Some(other) => other.to_string(),
        };
        Ok(Card {
            id: id.to_string(),
            title: title.to_string(),
            effect: effect.to_string(),
            value: if number_is.is_empty() {
                0
            } else {
                unit.attribute(attribute::VALUE)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0)
            },
            number_is: number_is.to_string(),
            needs,
        })
    }

    pub fn name(&self) -> String {
        format!("{} {}", self.id, self.title)
    }

    fn describe(&self) -> String {
        let mut text = format!("{}: {}", self.name(), self.effect);
        if !self.number_is.is_empty() {
            text.push_str(&format!(", {} {:+}", self.number_is, self.value));
        }
        if !self.needs.is_empty() {
            text.push_str(&format!(", needs {}", self.needs));
        }
        text
    }

    fn parse(text: &str) -> Result<Card, String> {
        let text = text.trim();
        let (name, facts) = text
            .split_once(": ")
            .ok_or_else(|| format!("\"{text}\" does not start with a card's number and title"))?;
        let (id, title) = name.split_once(' ').unwrap_or((name, ""));
        let mut parts = facts.split(", ").map(str::trim);
        let effect = parts.next().unwrap_or("");
        if !super::cards::EFFECTS.iter().any(|(e, _)| *e == effect) {
            return Err(format!("{id}: \"{effect}\" is not a kind of card"));
        }
        let mut card = Card {
            id: id.to_string(),
            title: title.to_string(),
            effect: effect.to_string(),
            number_is: String::new(),
            value: 0,
            needs: String::new(),
        };
        for part in parts {
            if let Some(need) = part.strip_prefix("needs ") {
                card.needs = need.to_string();
            } else if let Some((kind, number)) = part.split_once(' ')
                && let Ok(value) = number.parse::<i32>()
                && (-9..=9).contains(&value)
            {
                card.number_is = kind.to_string();
                card.value = value;
            } else {
                return Err(format!("{id}: \"{part}\" is not a fact of a card"));
            }
        }
        Ok(card)
    }

    /// Why the card cannot be played with `forces` (6.5.3, L964; 6.2.4, L872), if it cannot.
    pub fn unmet_need(&self, forces: &[Force]) -> Option<String> {
        let lead = forces.iter().find(|f| f.role == super::forces::Role::Lead);
        let charge: u32 = forces.iter().map(|f| f.charge_cf).sum();
        let cavalry = lead.is_some_and(|f| f.cavalry_cf > 0);
        let guards = lead.is_some_and(|f| f.guards > 0);
        let need = match self.effect.as_str() {
            "cavalry_charge" => "charge_box",
            "guards_assault" => "guards",
            _ => self.needs.as_str(),
        };
        let unmet = match need {
            "cavalry" if !cavalry => "cavalry in the Lead Formation (6.2.4, L872)".to_string(),
            "guards" if !guards => {
                "a Guard unit in the Lead Formation (3.3.2d, L556; 6.2.4, L872)".to_string()
            }
            "charge_box" if charge == 0 => {
                "cavalry in the Cavalry Charge box (3.2.2, L537)".to_string()
            }
            _ => match need.strip_prefix("mode:") {
                Some(mode) if lead.is_none_or(|f| f.mode != mode) => {
                    format!("the Lead Formation in {} (6.5.3, L964)", mode_label(mode))
                }
                _ => return None,
            },
        };
        Some(format!("{} needs {unmet}", self.name()))
    }
}

/// The cards a form's text lists; an empty text lists none.
pub fn parse_all(text: &str) -> Result<Vec<Card>, String> {
    text.split(';')
        .filter(|part| !part.trim().is_empty())
        .map(Card::parse)
        .collect()
}

pub fn describe_all(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::describe)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The cards both sides play in a round, with what cancels what.
#[derive(Debug, Default)]
pub struct Play {
    /// French, then Allied.
    pub cards: [Vec<Card>; 2],
    /// (side index, card id, the name of the card that cancels it).
    cancelled: Vec<(usize, String, String)>,
    /// (side index, card id, why): cards whose requirement is not met, which do nothing. The
    /// app does not let such a card be turned up; one the record changed under keeps the round
    /// resolvable.
    ineffective: Vec<(usize, String, String)>,
}

impl Play {
    /// Works out the cancellations (6.5.8, L974-976). `targets` names, for each side, the
    /// opponent's cards its card-cancelling cards cancel, one each, in order. `charge_meets_cavalry`
    /// says, for each side, whether its Charge meets a Lead Formation with cavalry.
    /// Refused, with the index of the side at fault, where a card-cancelling card names no
    /// card or a card it cannot cancel.
    pub fn new(
        cards: [Vec<Card>; 2],
        targets: [Vec<String>; 2],
        charge_meets_cavalry: [bool; 2],
        initiative: usize,
        initiative_first: bool,
        forces: [&[Force]; 2],
    ) -> Result<Play, (usize, String)> {
        let mut ineffective = Vec::new();
        for (side, (own, forces)) in cards.iter().zip(forces).enumerate() {
            for card in own {
                if let Some(why) = card.unmet_need(forces) {
                    ineffective.push((side, card.id.clone(), why));
                }
            }
        }
        let mut play = Play {
            cards,
            cancelled: Vec::new(),
            ineffective,
        };
        // Each side's cancellations: (target side, target card, by card).
        let mut cancels: [Vec<(usize, String, String)>; 2] = [Vec::new(), Vec::new()];
        for side in 0..2 {
            let other = 1 - side;
            let own = play.side(side);
            let theirs = play.side(other);
            let mut named = targets.get(side).map_or(&[][..], Vec::as_slice).iter();
            // A card-cancelling card finds nothing to cancel when the opponent turned up none it
            // may cancel: it stands with no effect.
            let cancellable = theirs.iter().any(|c| c.effect != "cancel_matrices");
            let cancellers = own
                .iter()
                .filter(|c| c.effect == "cancel_card" && !play.is_ineffective(side, &c.id));
            for card in cancellers {
                let Some(target) = named.next() else {
                    if cancellable {
                        return Err((side, format!("name the card {} cancels", card.name())));
                    }
                    continue;
                };
                let Some(hit) = theirs.iter().find(|c| c.id == *target) else {
                    return Err((
                        side,
                        format!("{target} is not among the cards the opponent reveals this round"),
                    ));
                };
                if hit.effect == "cancel_matrices" {
                    return Err((
                        side,
                        format!(
                            "{} cancels the Battle Matrix effects, which 6.5.8 carries out before any card cancels a card",
                            hit.name()
                        ),
                    ));
                }
                if let Some(list) = cancels.get_mut(side) {
                    list.push((other, hit.id.clone(), card.name()));
                }
            }
            if named.next().is_some() {
                return Err((
                    side,
                    "name one card for each card that cancels a card".into(),
                ));
            }
            let squares = own
                .iter()
                .find(|c| c.effect == "infantry_squares" && !play.is_ineffective(side, &c.id));
            let meets_cavalry = charge_meets_cavalry.get(other).copied().unwrap_or(false);
            if let Some(squares) = squares
                && !meets_cavalry
            {
                for charge in theirs.iter().filter(|c| c.effect == "cavalry_charge") {
                    if let Some(list) = cancels.get_mut(side) {
                        list.push((other, charge.id.clone(), squares.name()));
                    }
                }
            }
        }
        let order = if initiative_first {
            [initiative, 1 - initiative]
        } else {
            [0, 1]
        };
        for side in order {
            for (target_side, target, by) in cancels.get(side).cloned().unwrap_or_default() {
                // Under "Initiative first", a canceller the Initiative player cancelled acts no more.
                let by_id = by.split(' ').next().unwrap_or("");
                if initiative_first && play.is_cancelled(side, by_id) {
                    continue;
                }
                play.cancelled.push((target_side, target, by));
            }
        }
        Ok(play)
    }

    fn side(&self, side: usize) -> &[Card] {
        self.cards.get(side).map_or(&[], Vec::as_slice)
    }

    fn is_cancelled(&self, side: usize, id: &str) -> bool {
        self.cancelled.iter().any(|(s, c, _)| *s == side && c == id)
    }

    fn is_ineffective(&self, side: usize, id: &str) -> bool {
        self.ineffective
            .iter()
            .any(|(s, c, _)| *s == side && c == id)
    }

    /// Why `side`'s card `id` has no effect, if its requirement is not met.
    pub fn unmet(&self, side: usize, id: &str) -> Option<&str> {
        self.ineffective
            .iter()
            .find(|(s, c, _)| *s == side && c == id)
            .map(|(_, _, why)| why.as_str())
    }

    /// What cancels `side`'s card `id`, if anything does.
    pub fn cancelled_by(&self, side: usize, id: &str) -> Option<&str> {
        self.cancelled
            .iter()
            .find(|(s, c, _)| *s == side && c == id)
            .map(|(_, _, by)| by.as_str())
    }

    /// `side`'s cards that stand (not cancelled).
    pub fn standing(&self, side: usize) -> impl Iterator<Item = &Card> {
        self.side(side)
            .iter()
            .filter(move |c| !self.is_cancelled(side, &c.id) && !self.is_ineffective(side, &c.id))
    }

    /// The opponent's card that cancels `side`'s Battle Matrix effects, if one is played.
    pub fn matrices_cancelled(&self, side: usize) -> Option<&Card> {
        self.standing(1 - side)
            .find(|c| c.effect == "cancel_matrices")
    }

    /// Whether `side` plays a Cavalry Charge that stands.
    pub fn charges(&self, side: usize) -> bool {
        self.standing(side).any(|c| c.effect == "cavalry_charge")
    }

    /// `side`'s standing cards whose number is of the kind `number_is`, as (card, number).
    pub fn numbers(&self, side: usize, number_is: &str) -> Vec<(String, i32)> {
        self.standing(side)
            .filter(|c| c.number_is == number_is && c.value != 0)
            .map(|c| (c.name(), c.value))
            .collect()
    }
}

/// What a form says of a played card that is cancelled, with its rule.
pub fn cancelled_text(card: &Card, by: &str) -> String {
    format!("{} is cancelled by {by} ({RULE})", card.name())
}

/// How many cards a side picks for a battle, at most (6.5.1, L958).
pub const SLOTS: usize = 4;

/// The counter of battles fought, whose number names each battle's hand.
pub const BATTLES_FOUGHT: &str = "Battles fought";

/// The log's name for the hands of the battle being fought: each battle's cards are picked
/// afresh (6.5.11, L982).
pub fn hand_name(record: &Record) -> String {
    format!("{} Battle Tactics cards", battle_name(record))
}

/// The battle being fought, by its number: "Battle 1".
pub fn battle_name(record: &Record) -> String {
    let fought = record.counters.get(BATTLES_FOUGHT).copied().unwrap_or(0);
    format!("Battle {}", fought + 1)
}

/// `side`'s cards turned face up in this battle and not yet played, as the record has them.
pub fn revealed(record: &Record, side: &str) -> Result<Vec<Card>, String> {
    record
        .turned_up(&hand_name(record), side, SLOTS, state::PLAYED)
        .iter()
        .map(|id| Card::on_record(record, side, id))
        .collect()
}

/// The counter that says `side` played Leader Rallies Troops this round (4.6.2, L734).
pub fn rallies(side: &str) -> String {
    format!("{} played Leader Rallies Troops", people(side))
}

/// The mark that `side`'s first loss must come from `kind` ("cavalry" or "Guards") (6.10.4,
/// L1044).
pub fn first_loss(side: &str, kind: &str) -> String {
    format!("The {} take their first loss from {kind}", people(side))
}

/// The kinds of unit a first loss may be owed from, as `first_loss` names them.
pub const FIRST_LOSS_KINDS: [&str; 2] = ["cavalry", "Guards"];

/// Cards as (id, label) in the order of their numbers: F2 before F10.
pub fn in_number_order(mut cards: Vec<(String, String)>) -> Vec<(String, String)> {
    cards.sort_by_key(|(id, _)| {
        let number: u32 = id.get(1..).and_then(|n| n.parse().ok()).unwrap_or(0);
        (id.get(..1).map(str::to_string), number)
    });
    cards
}

/// `side`'s part in a battle's hand: its cards in hand and entered, in number order, labelled
/// with their titles; only those of the kind `only_effect` where it is given.
pub fn hand_side(record: &Record, side: &'static str, only_effect: Option<&str>) -> HandSide {
    let cards = record
        .units_where(
            Some(side),
            &[
                (super::roster::attribute::TYPE, "card"),
                ("state", state::IN_HAND),
            ],
        )
        // A card not entered could never be carried out, nor entered while the hand is down.
        .filter_map(|(_, id, card)| {
            let effect = card.attribute(attribute::EFFECT)?;
            let title = card.attribute(attribute::TITLE)?;
            only_effect
                .is_none_or(|e| effect == e)
                .then(|| (id.to_string(), format!("{id} {title}")))
        })
        .collect();
    HandSide {
        side,
        cards: in_number_order(cards),
        field: if side == "french" {
            "french_cards"
        } else {
            "allied_cards"
        },
    }
}

/// Why `side` may not turn up `cards` with the forces `forces_text` describes: a card not entered
/// yet, or one whose requirement is not met (6.5.3, L964; 6.2.4, L872).
pub fn check_turn_up(
    side: &str,
    cards: &[String],
    forces_text: &str,
    record: &Record,
) -> Result<(), String> {
    let forces = super::forces::parse_all(forces_text)?;
    for id in cards {
        let card = Card::on_record(record, side, id)?;
        if let Some(why) = card.unmet_need(&forces) {
            return Err(why);
        }
    }
    Ok(())
}
