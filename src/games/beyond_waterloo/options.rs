//! Session settings for Beyond Waterloo (see `engine::settings`): where the rulebook can be read
//! two ways (digest §7.4 and its Corrections), each reading is a named setting whose first choice,
//! the default, is the digest's recommended or the more literal reading.

use crate::engine::input::Field;
use crate::engine::procedure::About;
use crate::engine::settings::{self, Settings, setting};

/// A setting carried on a procedure's form, prefilled from the record.
pub const fn on_form(field: Field) -> Field {
    settings::on_form(field, "Settings")
}

/// L543 says only the Lead Formation box's cavalry counts; L1010-1012 speaks of cavalry
/// "involved in the battle, not including screening cavalry" (digest §7 item 26; Corrections,
/// "Cavalry Superiority: what is counted").
pub const CAVALRY_COUNT: Field = setting(
    "cavalry_count",
    "Cavalry Superiority compares",
    &[
        (
            "lead",
            "the cavalry in the Lead Formation box only (3.2.3, L543)",
        ),
        (
            "involved",
            "all cavalry in the battle but the screens (6.8.1, L1010)",
        ),
    ],
    "3.2.3, L543; 6.8.1-6.8.2, L1010-1012",
    "Neither side counts the Cavalry Screen or Cavalry Charge boxes. A tie gives no modifier.",
);

/// Step 6 tallies "all involved CFs" (L900); only Cavalry Superiority and the cards leave the
/// screens out (L535). Counting them is the literal reading (Corrections, "Screening cavalry in
/// the FERT tally").
pub const SCREENS_IN_STRENGTH: Field = setting(
    "screens_in_strength",
    "Cavalry Screen units in the FERT strength",
    &[
        (
            "counted",
            "count, as every involved unit does (6.3.6, L900)",
        ),
        (
            "left_out",
            "are left out: a screen's role is to impede Reaction (L2246)",
        ),
    ],
    "6.3.6, L900; 3.2.1b, L535; 27.1.4, L2246",
    "Screens never count for Cavalry Superiority either way.",
);

/// Who the Formation Deployment Chart's ×2 or ×½ applies to (Corrections, "Formation Deployment
/// Chart ×2/×½: who gets it").
pub const DEPLOYMENT_STRENGTH: Field = setting(
    "deployment_strength",
    "The Formation Deployment Chart's ×2 or ×½ applies to",
    &[
        (
            "each",
            "every Formation in the battle, by its own Deployment Mode (6.4, L922)",
        ),
        ("lead", "the Lead Formation only (6.2.3, L870)"),
        (
            "lead_mode",
            "every Formation, by the Lead Formation's mode (L870, L952)",
        ),
    ],
    "6.2.3, L870; 6.4, L922; 6.4.7, L950-952",
    "The chart is read by the side's own Grand Tactic and the Formation's Deployment Mode.",
);

/// The order of rounding is not stated (digest §7 item 29): fractions round up (6.6.4, L992).
pub const ROUNDING: Field = setting(
    "cf_rounding",
    "Fractions of CF round up",
    &[
        (
            "each",
            "for each Formation, before the side's strengths are added",
        ),
        ("total", "once, on the side's total"),
    ],
    "6.6.4-6.6.5, L992-994",
    "The halvings (Supporting, Force March, Out of Supply) and the chart's ×2 or ×½ are cumulative either way.",
);

/// L1726: "Cavalry ... not effective against Fortresses" (Corrections, "Cavalry Superiority
/// against a Fortress").
pub const FORTRESS_CAVALRY: Field = setting(
    "fortress_cavalry",
    "Against a Fortress, Cavalry Superiority",
    &[
        (
            "attacker_loses",
            "is lost by the attacker only; the holder keeps his (19.1.4, L1726)",
        ),
        ("none", "gives no modifier to either side"),
    ],
    "19.1.4, L1726",
    "Only while the Fortress benefit holds: the holder chose Hold, in the First Combat Round.",
);

/// L1004 denies Morale Superiority against a Fortress holder with no condition; L1726-1730 makes
/// it part of the Fortress benefit, which needs Hold and holds in the First Combat Round only
/// (Corrections, "Morale Superiority against a Fortress").
pub const FORTRESS_MORALE: Field = setting(
    "fortress_morale",
    "Against a Fortress holder, Morale Superiority",
    &[
        ("always", "never applies (6.7.4, L1004)"),
        (
            "benefit",
            "does not apply while the Fortress benefit holds (19.1.4-19.1.6, L1726-1730)",
        ),
    ],
    "6.7.4, L1004; 19.1.4-19.1.6, L1726-1730",
    "Only the attacker loses it; the holder's own 1R stands.",
);

/// L2236: "The Allies also score three additional VPs for this", after the sentence on the 1-2
/// roll (Corrections, "Napoleon's VPs").
pub const NAPOLEON_WOUND_VP: Field = setting(
    "napoleon_wound_vp",
    "The Allies' three VP for Napoleon's wound (Combat Game)",
    &[
        (
            "on_failure",
            "need the 1-2 roll that costs his Formation a Morale level",
        ),
        ("on_wound", "come with the wound itself"),
    ],
    "27.1.4, L2236",
    "Either way the wound scores +1 VP, as every Leader's does (20.3, L1774).",
);

/// L1769: "+5 VPs for the Allies if the French suffer Catastrophic Failure in any battle"; in the
/// Combat Game, L2238 only ends the game (Corrections, "+5 VP for Catastrophic Failure").
pub const CATASTROPHIC_VP: Field = setting(
    "catastrophic_vp",
    "The Allies' +5 VP for a Catastrophic Failure (Combat Game)",
    &[
        (
            "at_zero",
            "when Napoleon's Formation at Morale 0 ends the game",
        ),
        (
            "none",
            "are not scored: the game ends and the VP are compared",
        ),
    ],
    "20.3, L1769; 27.1.4, L2238",
    "Whether the award carries the Combat Game's blue margin (L2188) the text does not show.",
);

/// L1046 against L874/L1040 when the Lead Formation holds only National Guard units and regular
/// units support (Corrections, "National Guard loss rule vs Lead-first").
pub const GUARD_ORDER: Field = setting(
    "guard_order",
    "When the Lead holds only National Guard units",
    &[
        (
            "lead_first",
            "they take the losses: the Lead Formation goes first (6.10.2, L1040)",
        ),
        (
            "regular_first",
            "Supporting regular units take two steps first (6.10.5, L1046)",
        ),
    ],
    "6.2.5, L874; 6.10.2, L1040; 6.10.5, L1046",
    "Either way the two regular steps come once, not before every National Guard step.",
);

/// L1140 makes the side with fewer CFs withdraw after a tie; the step loss of L1060 is the
/// Retreat chit's, and L1074 exempts "the loser" only (Corrections, "Withdrawal after a tie").
pub const TIE_WITHDRAWAL: Field = setting(
    "tie_withdrawal",
    "After a tie, the side that withdraws",
    &[
        (
            "no_step",
            "loses no step (the step is the Retreat chit's, L1060)",
        ),
        ("step", "loses a step, as L1074 spares only the loser"),
    ],
    "6.11.2, L1060; 6.11.9, L1074; 6.16.1, L1140",
    "The step, if lost, scores +1 VP for the other side (20.3, L1776).",
);

/// L914 counts "all losses from the battle (First and Second Rounds)"; L856 says every box of the
/// Battle Track helps decide the winner (Corrections, "Adjustment-box losses and the winner").
pub const ADJUSTMENT_LOSSES: Field = setting(
    "adjustment_losses",
    "The winner's count of steps inflicted",
    &[
        ("rounds", "counts both Combat Rounds only (6.3.11, L914)"),
        (
            "all_boxes",
            "adds the Adjustment Round box's losses, of Reaction and Charges (L856, L1115)",
        ),
    ],
    "6.3.11, L914; 6.2.1, L856; 6.13.8e, L1115",
    "The Reaction losses score their VP either way.",
);

/// 18.1.15 (L1624) lets the second mover "Withdraw (Section 6.11)"; whether that costs the step of
/// 6.11.2 (L1060), which follows the Retreat chit, is not stated (digest §7 item 56).
pub const EXIT_STEP: Field = setting(
    "exit_step",
    "The second mover withdrawing before a battle",
    &[
        (
            "no_step",
            "loses no step: the step is the Retreat chit's (6.11.2, L1060)",
        ),
        ("step", "loses a step, as every Withdrawal under 6.11"),
    ],
    "18.1.15, L1624; 6.11.2, L1060",
    "A step, if lost, scores +1 VP for the other side (20.3, L1776).",
);

/// 6.5.4 (L966) has the cards chosen "After having determined the Grand Tactic's conditions
/// applicable to the First Combat Round"; L886 puts them in Step 1 (Corrections, "When the cards
/// are selected").
pub const CARD_TIMING: Field = setting(
    "card_timing",
    "The Battle Tactics cards are chosen",
    &[
        (
            "after_matrices",
            "after the Grand Tactics are revealed and read (6.5.4, L966)",
        ),
        (
            "step_1",
            "in Step 1, before the Grand Tactics (6.3.1, L886)",
        ),
    ],
    "6.5.4, L966; 6.3.1, L886",
    "Either way they are chosen face down before the combat is resolved (6.5.1, L958).",
);

/// 4.6.2 (L734) gives +1 to the Leader casualty rolls "if Leader Rallies Troops was used this
/// round", without saying whose card (digest §7 item 39).
pub const RALLIES_CARD: Field = setting(
    "rallies_card",
    "Leader Rallies Troops adds +1 to the Leader casualty rolls of",
    &[
        ("own", "the side that played it: its Leaders are exposed"),
        ("either", "either side, whoever played it this round"),
    ],
    "4.6.2, L734",
    "The roll is made after a natural 12 on the FERT (4.6.1, L730).",
);

/// 2.3 (L482) says "1-4" cards; 6.5.1 (L958) "up to four" (digest §7 item 23).
pub const CARD_COUNT: Field = setting(
    "card_count",
    "Each side picks for a battle",
    &[
        ("up_to_four", "up to four cards, or none (6.5.1, L958)"),
        ("one_to_four", "one to four cards (2.3, L482)"),
    ],
    "6.5.1, L958; 2.3, L482",
    "Four places are sealed either way, so the log never shows how many.",
);

/// 6.5.8 (L974-976) orders the cancellations but does not say whether a cancelled card still
/// cancels (Corrections, "A card that is itself cancelled").
pub const CARD_CANCEL: Field = setting(
    "card_cancel",
    "Cards that cancel cards",
    &[
        (
            "mutual",
            "all act at once on the revealed cards, even one that is itself cancelled",
        ),
        (
            "initiative_first",
            "the Initiative player's act first; a card they cancel cancels nothing",
        ),
    ],
    "6.5.8, L974-976; 6.5.6-6.5.7, L970-972",
    "A card cancelling the Battle Matrix effects is carried out before any card cancels a card.",
);

/// Whether the Charge box's cavalry counts in the strength without a Charge (Corrections, "CF
/// formula, Charge box", readings (i) and (ii)).
pub const CHARGE_BOX: Field = setting(
    "charge_box",
    "Cavalry in the Cavalry Charge box",
    &[
        (
            "outside",
            "is outside the strength; a successful Charge adds its CFs doubled (3.2.2b, L541)",
        ),
        (
            "counted",
            "counts in its Formation's strength; a successful Charge doubles it there",
        ),
    ],
    "3.2.2b, L541; 6.3.6, L900",
    "A Charge that meets cavalry or is cancelled adds nothing either way.",
);

const FIELDS: &[Field] = &[
    CAVALRY_COUNT,
    SCREENS_IN_STRENGTH,
    DEPLOYMENT_STRENGTH,
    ROUNDING,
    FORTRESS_CAVALRY,
    FORTRESS_MORALE,
    NAPOLEON_WOUND_VP,
    CATASTROPHIC_VP,
    GUARD_ORDER,
    TIE_WITHDRAWAL,
    ADJUSTMENT_LOSSES,
    EXIT_STEP,
    CARD_TIMING,
    CARD_COUNT,
    RALLIES_CARD,
    CARD_CANCEL,
    CHARGE_BOX,
    super::campaign::settings::ATTRITION_DICE,
    super::campaign::settings::RP_COLUMN,
    super::campaign::settings::RP_ALLIED_LEADER,
    super::campaign::settings::FRAT_VP,
    super::campaign::settings::TRAINING_STAGES,
    super::campaign::settings::MORALE_RECOVERY,
    super::campaign::settings::FIRST_ENTRY_VP,
    super::campaign::settings::FINAL_TIE,
    super::campaign::settings::SUDDEN_DEATH,
    super::campaign::settings::CATASTROPHIC_BAND,
    super::campaign::settings::RETREAT_SCOPE,
    super::campaign::settings::CATASTROPHIC_VP,
    super::campaign::settings::AP_RESET_PHASES,
    super::campaign::settings::RECOVERY_ROLL_LIMITS,
    super::campaign::settings::COLOCATION,
    super::campaign::settings::BUILDUP_MORALE,
    super::campaign::settings::RECOMBINE_REMOVED,
    super::campaign::settings::REPLACEMENT_PER_NATION,
    super::campaign::settings::REORG_AP,
    super::campaign::settings::REGROUPING_SCOPE,
    super::campaign::settings::ARMEE_DU_NORD_MEMBERS,
];

pub const SETTINGS: Settings = Settings {
    about: About {
        id: "settings",
        title: "Session settings",
        rule: "Readings where the rules are unclear (digest §7.4)",
        summary: "The readings this session plays by where the rulebook can be read two ways, each starting at the recommended reading.",
        fields: FIELDS,
    },
    recorded_by: "french",
};
