//! The campaign's settings: where the campaign rules can be read two ways (the campaign
//! addendum's §3, S1-S19), each reading is a named setting whose first choice, the default, is
//! the addendum's proposed reading.

use crate::engine::input::Field;
use crate::engine::settings::{self, setting};

/// The group the campaign settings go under, on the Settings form and on a procedure's.
const GROUP: &str = "Campaign settings";

/// A campaign setting carried on a procedure's form, prefilled from the record.
pub const fn on_form(field: Field) -> Field {
    settings::on_form(field, GROUP)
}

const fn campaign_setting(field: Field) -> Field {
    Field {
        group: GROUP,
        ..field
    }
}

/// S4: "the difference between the two sides VP scores" (10.2.2, L1294) gives no sign. The
/// entered chart's columns decide in the end; until then, a player's own VP less his opponent's.
pub const RP_COLUMN: Field = campaign_setting(setting(
    "rp_column_key",
    "The RP Acquisition Chart's column is",
    &[
        (
            "own_minus_opponent",
            "the roller's VP less the other side's (10.2.2, L1294)",
        ),
        (
            "french_minus_allied",
            "French VP less Allied VP for both sides, as the FRAT (12.3.2, L1385)",
        ),
    ],
    "10.2.2, L1294",
    "Match your card's column headings.",
));

/// S7: "may also spend 1 VP" (12.3.4, L1389) reads as a maximum of one.
pub const FRAT_VP: Field = campaign_setting(setting(
    "frat_vp_max",
    "On the FRAT the French may spend",
    &[
        ("one", "at most 1 VP, for +1 (12.3.4, L1389)"),
        ("several", "any number of VP, +1 each"),
    ],
    "12.3.4, L1389",
    "Declared before the roll either way.",
));

/// S1: "The player makes a DR" (9.1.3, L1250) does not say how many dice. "A DR", singular,
/// reads as one die; the rules write 2D6 where they mean two. Match the card's rows.
pub const ATTRITION_DICE: Field = campaign_setting(setting(
    "attrition_dice",
    "The attrition roll is",
    &[
        ("1d6", "one die: \"a DR\" (9.1.3, L1250)"),
        ("2d6", "two dice, 2D6"),
    ],
    "9.1.3, L1250",
    "Less the Leader's AP rating either way (9.1.8, L1260).",
));

/// S8: the Unit Training Track's stages are printed on the map and the Organization Display, not
/// in the text, which names Stage 1, Stage 2 and the Deployable box (L1354, L2292).
pub const TRAINING_STAGES: Field = campaign_setting(setting(
    "training_stages",
    "The Unit Training Track has",
    &[
        (
            "two",
            "Stage 1 and Stage 2, then the Deployable box (L1354, L2292)",
        ),
        ("three", "Stages 1 to 3, then the Deployable box"),
    ],
    "12.2.5-12.2.7, L1352-1356",
    "Match the track printed on your map.",
));

/// The optional rule of 5.2.10 (L792): a roll against the Leader's Battle Ability instead of
/// 5.2.9's sure recovery. Off by default, as every optional rule.
pub const MORALE_RECOVERY: Field = campaign_setting(setting(
    "morale_recovery",
    "At the end of an OPs Phase an idle Formation below Morale 3",
    &[
        ("automatic", "gains 1 Morale level (5.2.9, L790)"),
        (
            "roll",
            "rolls 1D6 and gains it on a roll no higher than its Leader's Battle Ability (optional rule 5.2.10, L792)",
        ),
    ],
    "5.2.9-5.2.10, L790-792",
    "Only movement, Reaction included, and combat count as acting (the addendum's S14).",
));

/// S15: "+5 VPs for the Allies ... the turn a Formation of a Major Allied Power first enters an
/// area of France" (20.3, L1768) reads as one award a game; each Power may be meant.
pub const FIRST_ENTRY_VP: Field = campaign_setting(setting(
    "first_entry_vp",
    "The first entry into France scores",
    &[
        ("once", "once a game (20.3, L1768)"),
        ("per_power", "once for each Major Allied Power"),
    ],
    "20.3, L1768",
    "Scored in the Administration Phase of the turn of the entry, either way.",
));

/// S18: the rules name the side with the most VP the winner (20.1.1, L1752) and say nothing of
/// a tie: a draw, unless the players give it to the French, who hold the Initiative on a tie.
pub const FINAL_TIE: Field = campaign_setting(setting(
    "final_tie",
    "Equal VP at the end of the game is",
    &[
        (
            "draw",
            "a draw: the rulebook names no winner (20.1.1, L1752)",
        ),
        (
            "french",
            "a French win, as a tie gives them the Initiative (1.1, L404)",
        ),
    ],
    "20.1.1, L1752",
    "After the 5 VP for Paris are added.",
));

/// The House Rule of 27.2.3 (L2398): the players may "disregard the provision that introduces
/// sudden death", Napoleon's Formation at Morale 0 ending the game (L2396).
pub const SUDDEN_DEATH: Field = campaign_setting(setting(
    "sudden_death",
    "When a Formation led by Napoleon reaches Morale 0",
    &[
        ("ends", "the game ends and the VP decide (27.2.3, L2396)"),
        (
            "disregarded",
            "play goes on: the House Rule disregards the sudden death (L2398)",
        ),
    ],
    "27.2.3, L2396-2398",
    "A House Rule the players agree before play.",
));

/// The House Rule of 27.2.3 (L2398) that "sets the bar higher": its example is a Morale loss on
/// 1-4.
pub const CATASTROPHIC_BAND: Field = campaign_setting(setting(
    "catastrophic_band",
    "A Catastrophic Failure roll costs a Morale level on",
    &[
        (
            "printed",
            "1-2 for a retreat, 1 for a Guards loss (27.2.3, L2394-2395)",
        ),
        (
            "one_to_four",
            "1-4 for either: the House Rule's example (L2398)",
        ),
    ],
    "27.2.3, L2394-2398",
    "A House Rule the players agree before play.",
));

/// S16: what "retreats out of an area" (27.2.3, L2394) covers.
pub const RETREAT_SCOPE: Field = campaign_setting(setting(
    "catastrophic_retreat_scope",
    "A Formation \"retreats out of an area\" when it",
    &[
        (
            "any_withdrawal",
            "withdraws for any reason of 6.11: a Retreat chosen, a battle lost, a tie, an exit before battle",
        ),
        ("retreat_chit", "chose the Retreat Grand Tactic only"),
    ],
    "27.2.3, L2394; 6.11, L1054-1074",
    "Either way the Formation is led by Napoleon or holds Imperial Guard units.",
));

/// S13: "reset each turn at the start of the Administration Segment" (4.2.2, L662) against the
/// AP Reset Segments that open both Strategic Phases (4.2.7, L678; L1204, L1225).
pub const AP_RESET_PHASES: Field = campaign_setting(setting(
    "ap_reset_phases",
    "The AP levels are reset",
    &[
        (
            "both",
            "in the Mobilization and the Administration Phase, as the segment lists print (4.2.7, L678)",
        ),
        (
            "administration",
            "in the Administration Phase only (4.2.2, L662)",
        ),
    ],
    "4.2.2, L662; 4.2.7, L678",
    "The segment lists name an AP Reset Segment in both Phases.",
));

/// S14, its second part: whether the optional roll of 5.2.10 (L792) keeps 5.2.9's limits, a
/// Formation below Morale 3 rising to at most 3.
pub const RECOVERY_ROLL_LIMITS: Field = campaign_setting(setting(
    "recovery_roll_limits",
    "Under the optional recovery roll (5.2.10)",
    &[
        (
            "capped",
            "only a Formation below Morale 3 rolls, and rises to at most 3 (5.2.9, L790)",
        ),
        ("uncapped", "any idle Formation rolls, and may rise above 3"),
    ],
    "5.2.9-5.2.10, L790-792",
    "Either way only an idle Formation, one that neither moved nor fought, recovers.",
));

/// S17: when "the French suffer Catastrophic Failure in any battle" (20.3, L1769).
pub const CATASTROPHIC_VP: Field = campaign_setting(setting(
    "campaign_catastrophic_vp",
    "The Allies' +5 VP for a French Catastrophic Failure is scored",
    &[
        (
            "once_a_battle",
            "once a battle, at its first failed roll (or Napoleon's Formation at Morale 0)",
        ),
        ("each_failure", "for each failed roll"),
    ],
    "20.3, L1769",
    "A failed roll is one that costs the Formation a Morale level (27.2.3, L2394-2395).",
));

/// S2: "an area that contains more than one Formation" (9.1.2, L1246).
pub const COLOCATION: Field = campaign_setting(setting(
    "attrition_colocation",
    "For attrition, an area holds more than one Formation when",
    &[
        (
            "map_markers",
            "two Formation markers stand in it on the map: a Formation brigaded to another sits in its Senior's box (5.4, L758), and an off-board box is no area",
        ),
        (
            "every_formation",
            "two Formations stand in it, brigaded or not, on the map or in an off-board box",
        ),
    ],
    "9.1.2, L1246; 5.4, L758",
    "The record knows where each Formation stands; the players assert nothing here.",
));

/// S9: "The Corps unit can only have a morale value one lower than the highest morale value of
/// either of the Divisions it is replacing" (3.8.4, L632) reads as exactly one lower; "only ...
/// one lower" may also mean at most one lower (a lower value is the better Morale, 5.2.1, L774).
pub const BUILDUP_MORALE: Field = campaign_setting(setting(
    "buildup_morale",
    "A Corps built up from two Divisions has a Morale value",
    &[
        (
            "exactly",
            "exactly one lower than the higher of the two Divisions' (3.8.4, L632)",
        ),
        (
            "at_most_one_lower",
            "at most one lower than the higher of the two Divisions': that or any higher value",
        ),
    ],
    "3.8.4, L632",
    "A lower Morale value is the better Morale (5.2.1, L774).",
));

/// S10: two reduced Corps or two reduced Divisions recombine and "the lower morale value" one
/// leaves (14.3.3-14.3.4, L1457-1459). As written that removes the better unit; the intent may
/// have been the worse one.
pub const RECOMBINE_REMOVED: Field = campaign_setting(setting(
    "recombine_removed",
    "When two reduced units recombine, the one removed is",
    &[
        (
            "lower_value",
            "the one with the lower Morale value, as written (14.3.3-14.3.4, L1457-1459)",
        ),
        (
            "higher_value",
            "the one with the higher Morale value, the worse Morale",
        ),
    ],
    "14.3.3-14.3.4, L1457-1459",
    "On equal values the player picks either.",
));

/// S11: "Each Allied nationality ... may account for no more than one of these replacements"
/// (14.2.2, L1445): one of the side's two steps, or one unit.
pub const REPLACEMENT_PER_NATION: Field = campaign_setting(setting(
    "replacement_per_nation",
    "Each Allied nationality's replacements in a segment are",
    &[
        (
            "one_step",
            "at most one of the side's two replacement steps (14.2.2, L1445)",
        ),
        ("one_unit", "steps to at most one of its units"),
    ],
    "14.2.2, L1445",
    "A replacement flips one reduced unit to its full side: a step either way, so the readings part only for a unit that could take a second step in the segment.",
));

/// S12: "Each Troop unit moved ... expends one AP" (13.1.2, L1407) against units "shifted to
/// another Formation in the same area at no AP cost to the original Formation" (13.2.3, L1419).
/// The free shift sits in 13.2, Creating a New Formation, so it is read as applying there only.
pub const REORG_AP: Field = campaign_setting(setting(
    "reorg_ap_new_formation",
    "A Troop unit shifted from one Formation to another in the same area costs",
    &[
        (
            "new_formation_only",
            "no AP into a new Formation (13.2.3, L1419), 1 AP of the Formation it leaves otherwise (13.1.2, L1407)",
        ),
        (
            "any_shift",
            "no AP, into a new Formation or any other (13.2.3, L1419, read generally)",
        ),
        (
            "never_free",
            "1 AP of the Formation it leaves, into a new Formation too (13.1.2, L1407)",
        ),
    ],
    "13.1.2, L1407; 13.2.3, L1419",
    "Brigading an un-brigaded unit, or un-brigading one, costs 1 AP either way (5.1.6A, L766).",
));

/// Minor Allied Regrouping's "All other Minor Allied troops ... leave the game" (27.2.3, L2402):
/// as printed, every other one in play; or, as its cause (the British losses) may suggest, only
/// those serving in British Formations. A reading of this app's, not the addendum's.
pub const REGROUPING_SCOPE: Field = campaign_setting(setting(
    "regrouping_scope",
    "When the Minor Allies regroup, the other Minor Allied troops that leave the game are",
    &[
        (
            "all_minor",
            "every other one in play, as printed (27.2.3, L2402)",
        ),
        (
            "with_the_british",
            "only those serving in British Formations",
        ),
    ],
    "27.2.3, L2402",
    "Either way Wellington, the KGL, the Hessians and the Hanoverians go to England, and the Dutch-Belgians regroup or leave.",
));

/// S5: the Allied RP roll's Leader, "any one of his Leaders in play on the map" (10.2.3, L1298)
/// against "Only Senior Leaders (those with 4 stars) can be selected ... when rolling for RPs"
/// (4.3.1, L684). A Senior Leader on the map satisfies both sentences.
pub const RP_ALLIED_LEADER: Field = campaign_setting(setting(
    "rp_allied_leader",
    "On the RP roll the Allies add the AP rating of",
    &[
        (
            "senior_on_map",
            "a Senior Leader (4 stars) in play on the map (10.2.3, L1298; 4.3.1, L684)",
        ),
        (
            "any_on_map",
            "any of their Leaders in play on the map (10.2.3, L1298 alone)",
        ),
    ],
    "10.2.3, L1298; 4.3.1-4.3.2, L684-686",
    "With no such Leader the benefit is lost (4.3.2).",
));

/// S19, its third part: the Armée du Nord's listing (27.2.1, L2266) closes its parenthesis after
/// the 4CF Corps, so the 1CF Infantry Division, the 1CF National Guard and the Wagon printed after
/// it are pieces of their own in the area, un-brigaded (the digest's A.2 note); the parenthesis may
/// have been meant to take them in, making them members of Napoleon's Formation. The set-up puts
/// them un-brigaded; Set-up choices, which carries the setting, applies either reading before play
/// begins.
pub const ARMEE_DU_NORD_MEMBERS: Field = campaign_setting(setting(
    "armee_du_nord_members",
    "The 1CF Infantry Division, 1CF National Guard and Wagon listed beside the Armée du Nord are",
    &[
        (
            "unbrigaded",
            "un-brigaded pieces in its area: the parenthesis closes after the 4CF Corps (27.2.1, L2266)",
        ),
        (
            "members",
            "members of the Armée du Nord, in its Organization Display box",
        ),
    ],
    "27.2.1, L2266",
    "Applied by Set-up choices, before play begins.",
));
