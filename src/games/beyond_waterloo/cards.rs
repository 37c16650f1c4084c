//! The Battle Tactics cards as data: 12 a side, numbered A1-A12 (Allied) and F1-F12 (French)
//! (2.0, L422). Their texts are on the cards, not in the rulebook, which names five and says what
//! kinds of effect the others have (6.5.3, L964; 6.5.8, L974-976): the players enter each card's
//! title and effect from their own deck, picking from the kinds the rulebook describes.

use super::roster::{MODES, state};
use super::{SIDES, people};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::table_set::TableSet;

const RULE: &str = "6.5 Battle Tactics Cards, L954-982";

/// A card's facts on the record.
pub mod attribute {
    pub const TITLE: &str = "title";
    pub const EFFECT: &str = "effect";
    pub const VALUE: &str = "value";
    pub const NEEDS: &str = "needs";
    pub const NEEDS_MODE: &str = "needs_mode";
    pub const RP: &str = "rp";
    /// What the card's number is: "drm", "shift", "strength", "inflicted" or "suffered" (a
    /// change to the FERT result its side inflicts or suffers), or "none".
    pub const NUMBER_IS: &str = "number_is";
}

/// What a card does, as far as the rulebook tells: the five cards it names, and the kinds of
/// effect of the others in the order they are carried out (6.5.8, L974-976).
pub const EFFECTS: &[(&str, &str)] = &[
    ("drm", "A DRM on its side's FERT roll"),
    ("shift", "A column shift on its side's FERT"),
    ("strength", "A change to its side's combat strength"),
    ("cancel_matrices", "Cancels the opponent's Matrix effects"),
    ("cancel_card", "Cancels a card of the opponent's"),
    ("result", "Changes a FERT result after the roll"),
    ("cavalry_charge", "Cavalry Charge (3.2.2, L537-541)"),
    (
        "infantry_squares",
        "Infantry Squares: cancels a Cavalry Charge (3.2.2b, L541)",
    ),
    (
        "guards_assault",
        "Guards Assault (3.3.2d, L556; 6.10.4, L1044)",
    ),
    (
        "grand_battery",
        "Grand Battery: once per OPs Phase, for RP (6.5.10, L980)",
    ),
    (
        "leader_rallies",
        "Leader Rallies Troops: +1 to Leader casualty rolls (4.6.2, L734)",
    ),
];

/// What the number of a named card with a number of its own is (a Grand Battery's DRM, say).
const NAMED_NUMBER: &[(&str, &str)] = &[
    ("none", "It has none"),
    ("drm", "A DRM on its side's FERT roll"),
    ("shift", "A column shift on its side's FERT"),
    ("strength", "A change to its side's combat strength"),
];

/// Whose FERT result a result-changing card changes.
const RESULT_OF: &[(&str, &str)] = &[
    ("inflicted", "The steps its side inflicts"),
    ("suffered", "The steps its side suffers"),
];

/// What a card needs to be played (6.5.3, L964; 6.2.4, L872).
const NEEDS: &[(&str, &str)] = &[
    ("none", "Nothing"),
    ("cavalry", "Cavalry in the Lead Formation (6.2.4, L872)"),
    (
        "guards",
        "Guards in the Lead Formation (3.3.2d, L556; 6.2.4, L872)",
    ),
    (
        "charge_box",
        "Cavalry in the Cavalry Charge box (3.2.2, L537)",
    ),
    ("mode", "Its side's Lead in a Deployment Mode"),
];

/// The cards of `side`, as the set-up puts them on the record (2.0, L422).
pub fn deck(side: &str) -> Vec<String> {
    let letter = if side == "french" { "F" } else { "A" };
    (1..=12).map(|n| format!("{letter}{n}")).collect()
}

/// The cards on the record, in hand (6.5.11, L982: every card is available again in the next
/// battle).
pub fn set_up(side: &str) -> Vec<Effect> {
    deck(side)
        .iter()
        .flat_map(|card| {
            [
                Effect::set_state(side, card, state::IN_HAND, "2.0 Components, L422"),
                Effect::set_attribute(
                    side,
                    card,
                    super::roster::attribute::TYPE,
                    "card",
                    "2.0, L422",
                ),
            ]
        })
        .collect()
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Card",
        kind: FieldKind::Choice(SIDES),
        rule: "2.0, L422",
        help: "The Allied deck is A1-A12, the French F1-F12.",
    },
    Field {
        id: "card",
        label: "Card",
        group: "Card",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(super::roster::attribute::TYPE, "card")],
            max_len: 4,
        },
        rule: "2.0, L422",
        help: "By its number.",
    },
    Field {
        id: "title",
        label: "Title",
        group: "Card",
        kind: FieldKind::Text { max_len: 40 },
        rule: RULE,
        help: "As the card prints it.",
    },
    Field {
        id: "effect",
        label: "Effect",
        group: "Card",
        kind: FieldKind::Choice(EFFECTS),
        rule: "6.5.3, L964; 6.5.8, L974-976",
        help: "The five cards the rulebook names, or the kind of effect the card's text describes.",
    },
    Field {
        id: "value",
        label: "Its number (DRM, column shift R +/L -, CF, steps)",
        group: "Card",
        kind: FieldKind::Number { min: -9, max: 9 },
        rule: "6.5.8, L976",
        help: "For a DRM, a column shift, a change of strength or of a FERT result; 0 for the others.",
    },
    Field {
        id: "number_is",
        label: "What its number is",
        group: "Card",
        kind: FieldKind::Choice(NAMED_NUMBER),
        rule: "6.5.8, L976",
        help: "For a named card whose text also gives a DRM, a column shift or CFs.",
    },
    Field {
        id: "result_of",
        label: "The result it changes",
        group: "Card",
        kind: FieldKind::Choice(RESULT_OF),
        rule: "6.5.8, L976",
        help: "A positive number adds steps, a negative one takes them away.",
    },
    Field {
        id: "needs",
        label: "It needs",
        group: "Card",
        kind: FieldKind::Choice(NEEDS),
        rule: "6.5.3, L964; 6.2.4, L872",
        help: "Cards that involve a type of unit need it in the Lead Formation.",
    },
    Field {
        id: "needs_mode",
        label: "The Deployment Mode it needs",
        group: "Card",
        kind: FieldKind::Choice(MODES),
        rule: "6.5.3, L964",
        help: "Only for a card that needs one.",
    },
    Field {
        id: "rp",
        label: "RP it costs",
        group: "Card",
        kind: FieldKind::Count { max: 9 },
        rule: "6.5.3, L964; 6.5.10, L980",
        help: "The Grand Battery's cost is on its card; the Combat Game ignores it (L2240).",
    },
];

/// Enters a Battle Tactics card's title and effect from the owner's deck.
pub struct CardEntry;

impl Procedure for CardEntry {
    fn about(&self) -> &About {
        &About {
            id: "battle-tactics-card",
            title: "Roster: a Battle Tactics card",
            rule: RULE,
            summary: "Enters a Battle Tactics card's title and effect as the card prints them, by the kinds of effect the rulebook describes.",
            fields: FIELDS,
        }
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "needs_mode" => input.text("needs") == "mode",
            "number_is" => matches!(input.text("effect"), "guards_assault" | "grand_battery"),
            "result_of" => input.text("effect") == "result",
            "value" => number_is(input) != "none",
            _ => true,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let title = input.text("title").trim();
        if title.is_empty() || title.contains([';', ',', ':']) {
            return Err(InputError::new(
                "title",
                "the card's title, without ; , or :",
            ));
        }
        if number_is(input) != "none" && input.number("value") == 0 {
            return Err(InputError::new(
                "value",
                "give the card's number: a DRM, a shift, CFs or steps",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, card) = (input.text("side"), input.text("card").trim());
        let is_card = record
            .unit(side, card)
            .is_some_and(|u| u.attribute(super::roster::attribute::TYPE) == Some("card"));
        // A card's text is fixed while its side's hand is face down: the seal commits to the card's
        // number, so its effect must not change after the other side has seen anything.
        let hand = super::tactics::hand_name(record);
        if is_card && record.hand_sealed(&hand, side) {
            return Err(InputError::new(
                "card",
                format!(
                    "the {} have picked their cards for this battle: enter a card between battles",
                    people(side)
                ),
            ));
        }
        if is_card {
            Ok(())
        } else {
            Err(InputError::new(
                "card",
                format!("{card} is not a card of the {}' deck", people(side)),
            ))
        }
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
        let (side, card) = (input.text("side"), input.text("card").trim());
        let set = |attribute: &str, value: &str| {
            Effect::set_attribute(side, card, attribute, value, "Entered from the card")
        };
        let needs = input.text("needs");
        let effects = vec![
            set(attribute::TITLE, input.text("title").trim()),
            set(attribute::EFFECT, input.text("effect")),
            set(attribute::VALUE, &input.number("value").to_string()),
            set(attribute::NUMBER_IS, number_is(input)),
            set(attribute::NEEDS, needs),
            set(
                attribute::NEEDS_MODE,
                if needs == "mode" {
                    input.text("needs_mode")
                } else {
                    ""
                },
            ),
            set(attribute::RP, &input.number("rp").to_string()),
        ];
        Ok(Resolution::book_keeping(
            "battle-tactics-card",
            format!(
                "{card}: {}, {}",
                input.text("title").trim(),
                effect_label(input.text("effect"))
            ),
            effects,
        ))
    }
}

/// What the entered card's number is, from its kind of effect.
fn number_is(input: &Input) -> &str {
    match input.text("effect") {
        kind @ ("drm" | "shift" | "strength") => kind,
        "result" => input.text("result_of"),
        "guards_assault" | "grand_battery" => input.text("number_is"),
        _ => "none",
    }
}

pub fn effect_label(effect: &str) -> &str {
    EFFECTS
        .iter()
        .find(|(id, _)| *id == effect)
        .map_or(effect, |(_, label)| label)
}

/// What the record panel shows beside a card.
pub fn summary(card: &UnitRecord) -> String {
    match (
        card.attribute(attribute::TITLE),
        card.attribute(attribute::EFFECT),
    ) {
        (Some(title), Some(effect)) => {
            let value = card.attribute(attribute::VALUE).filter(|v| *v != "0");
            match value {
                Some(value) => format!(
                    "Battle Tactics card: {title}, {} {value}",
                    effect_label(effect)
                ),
                None => format!("Battle Tactics card: {title}, {}", effect_label(effect)),
            }
        }
        _ => "Battle Tactics card, not entered yet".into(),
    }
}
