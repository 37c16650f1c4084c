//! Session settings: where the rulebook can be read two ways and players could reasonably differ
//! (digest §7.3), the reading is a named setting (see `engine::settings`). Each defaults to the
//! digest's recommendation.

use super::roster::{self, attribute, set, state};
use crate::engine::input::{Field, FieldKind};
use crate::engine::procedure::About;
use crate::engine::record::Effect;
use crate::engine::settings::Settings;
pub use crate::engine::settings::prefill_setting;

/// "available for placement again the following turn" (L430-431) against the Play Note's
/// "Recalled Detachments must sit out one turn" (L433-435). Default: the rule's text.
pub const RECALL_WAIT: &[(&str, &str)] = &[
    (
        "next_turn",
        "Until the next turn (available the following turn)",
    ),
    (
        "one_full_turn",
        "One full turn (available the turn after next)",
    ),
];
pub const RECALL_WAIT_RULE: &str = "Detachment Recall, L430-435 (open question A-19)";

/// The setting as a field of the procedures that recall Detachments, prefilled from the record.
pub const RECALL_WAIT_FIELD: Field = Field {
    id: "recall_wait",
    label: "A Recalled Detachment sits out",
    group: "Situation",
    kind: FieldKind::Choice(RECALL_WAIT),
    rule: RECALL_WAIT_RULE,
    help: "The session setting; change it in Settings.",
};

/// the Hill swap triggers on Detachments "on the map, eliminated, or any combination" (L441-444)
/// but reverts when "fewer than 3 ... on the map" (L445). Default: one test for both, so the counter
/// cannot flip back and forth while Detachments stay eliminated.
pub const ANGST_READING: &[(&str, &str); 2] = &[
    ("combined", "On the map plus eliminated, both ways"),
    ("literal", "As printed: eliminated count only for the swap"),
];
pub const ANGST_READING_RULE: &str =
    "British Line of Communication Angst, L441-446 (open question A-20)";

/// the June 15-18 variant "ignore the special rules" (L1259-1261). Default: only the first-day
/// rules, which the historical note calls "the special rules for the first day" (L1253-1254).
pub const FREE_VARIANT_WEATHER: &[(&str, &str); 2] = &[
    ("kept", "Keeps the Deluge and soft ground"),
    ("dropped", "Drops the Deluge and soft ground too"),
];
pub const FREE_VARIANT_WEATHER_RULE: &str = "Design note, L1253-1261 (open question A-36)";

/// attacking cavalry loses its stars "charging into a town or chateau" (L711), but the defending
/// cavalry rule names only a town (L1641). Default: as printed.
pub const CHATEAU_DEFENCE: &[(&str, &str)] = &[
    ("keeps_stars", "Keeps its stars in a chateau (as printed)"),
    ("loses_stars", "Loses its stars in a chateau too"),
];
pub const CHATEAU_DEFENCE_RULE: &str =
    "Defending Cavalry Battle Stars, L711-713, L1636-1642 (open question A-7)";

/// The setting as a field of the attack, prefilled from the record.
pub const CHATEAU_DEFENCE_FIELD: Field = Field {
    id: "chateau_defence",
    label: "Cavalry defending in a chateau",
    group: "Situation",
    kind: FieldKind::Choice(CHATEAU_DEFENCE),
    rule: CHATEAU_DEFENCE_RULE,
    help: "The session setting; change it in Settings.",
};

/// a unit in the Command Range of several associated HQs in Battle mode (L701-708). The text
/// speaks of one: "in Command Range of an associated HQ in Battle mode, add the HQ's Battle Stars"
/// (L702-703, L707-708), and the designer's notes make Ney and Grouchy near Napoleon "an extension
/// of Napoleon" (L1545-1547). Default: one HQ's stars, the best in range; the other reading adds
/// them all.
pub const HQ_STARS: &[(&str, &str)] = &[
    (
        "best",
        "One HQ's: the best in range (\"the HQ's Battle Stars\", as printed)",
    ),
    ("sum", "Every HQ's in range, added up"),
];
pub const HQ_STARS_RULE: &str = "Battle Stars, L701-708 (open question A-1)";

/// The setting as a field of the attack, prefilled from the record.
pub const HQ_STARS_FIELD: Field = Field {
    id: "hq_stars",
    label: "A unit in range of several HQs in Battle mode adds",
    group: "Situation",
    kind: FieldKind::Choice(HQ_STARS),
    rule: HQ_STARS_RULE,
    help: "The session setting; change it in Settings.",
};

const FIELDS: &[Field] = &[
    Field {
        id: "recall_wait",
        label: "A Recalled Detachment sits out",
        group: "Readings",
        kind: FieldKind::Choice(RECALL_WAIT),
        rule: RECALL_WAIT_RULE,
        help: "The rule says a Recalled Detachment is available again the following turn; its Play Note says it sits out one turn.",
    },
    Field {
        id: "angst_reading",
        label: "Hill's Corps counter: which Detachments count",
        group: "Readings",
        kind: FieldKind::Choice(ANGST_READING),
        rule: ANGST_READING_RULE,
        help: "The swap to the one-star counter counts Anglo-Allied Detachments on the map and eliminated; the swap back, as printed, counts only those on the map.",
    },
    Field {
        id: "free_variant_weather",
        label: "June 15-18 without special rules",
        group: "Readings",
        kind: FieldKind::Choice(FREE_VARIANT_WEATHER),
        rule: FREE_VARIANT_WEATHER_RULE,
        help: "Whether the variant that ignores the first-day rules also ignores the weather rules.",
    },
    Field {
        id: "chateau_defence",
        label: "Cavalry defending in a chateau",
        group: "Readings",
        kind: FieldKind::Choice(CHATEAU_DEFENCE),
        rule: CHATEAU_DEFENCE_RULE,
        help: "Attacking cavalry loses its stars into a town or a chateau; the rule for defending cavalry names only a town.",
    },
    Field {
        id: "hq_stars",
        label: "A unit in range of several HQs in Battle mode adds",
        group: "Readings",
        kind: FieldKind::Choice(HQ_STARS),
        rule: HQ_STARS_RULE,
        help: "The rule speaks of one HQ: \"an associated HQ in Battle mode, add the HQ's Battle Stars\". Several in range add the best one's, or all of theirs.",
    },
];

/// The settings of this session, changed on the record.
pub const SETTINGS: Settings = Settings {
    about: About {
        id: "settings",
        title: "Session settings",
        rule: "Open questions, where the rulebook can be read two ways",
        summary: "The readings this session plays by where the rulebook can be read two ways. Each starts at the recommended reading.",
        fields: FIELDS,
    },
    recorded_by: "french",
};

/// A Detachment Recalled on `turn`: off the map, available again after the wait the setting says.
pub fn recall(side: &str, unit: &str, turn: i32, wait: &str, rule: &str) -> Vec<Effect> {
    let available_from = if wait == "one_full_turn" {
        turn + 2
    } else {
        turn + 1
    };
    vec![
        roster::set_state(side, unit, state::RECALLED, rule),
        set(
            side,
            unit,
            attribute::AVAILABLE_FROM_TURN,
            available_from,
            RECALL_WAIT_RULE,
        ),
        set(side, unit, attribute::HEX, "", rule),
    ]
}
