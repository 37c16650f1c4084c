//! Session settings for The Battles of Waterloo (see `engine::settings`): the optional rules, and
//! each place the digest's §7 and its Corrections find the rulebook open to two readings. The first
//! choice of each is the default, the digest's recommended reading; where the digest names none,
//! the default is marked "chosen here", with the reason.

use crate::engine::input::Field;
use crate::engine::procedure::About;
use crate::engine::settings::{self, Settings, setting};

/// A setting carried on a procedure's form, prefilled from the record.
pub const fn on_form(field: Field) -> Field {
    settings::on_form(field, "Settings")
}

/// L115 makes a natural 0 pass a Cohesion Check; the text says nothing of the other roll-under
/// tests (Commitment, Activation, Rally, Pursuit, Hold in Check). Default: the text's words.
pub const NATURAL_ZERO: Field = setting(
    "natural_zero",
    "A natural 0 always passes",
    &[
        (
            "cohesion_checks",
            "Cohesion Checks and 'd'/'r' checks only (L115)",
        ),
        ("every_test", "Every roll-under test (house rule)"),
    ],
    "Cohesion Check, R 2.5, L115",
    "L115 writes the automatic pass into the Cohesion Check; Commitment, Activation, Rally, Pursuit and Hold in Check are never called Cohesion Checks.",
);

/// L190: ties re-roll, but the text has two armies in mind; with three or four rollers a tie
/// between some of them is not covered. Default (digest §3.1): only the tied leaders roll again.
pub const INITIATIVE_TIES: Field = setting(
    "initiative_ties",
    "A tie for the Initiative",
    &[
        (
            "tied_only",
            "Only the armies tied for the highest total roll again",
        ),
        ("everyone", "Every army rolls again"),
    ],
    "Initiative, R 4.12B, L190",
    "\"If the result is a tie, roll again, applying the same modifiers\" (L190). With three or more rollers the text does not say who rolls again.",
);

/// L200: in the four-player June 18th game the Grouchy player rolls for the Initiative apart.
pub const FRENCH_PLAYERS: Field = setting(
    "french_players",
    "The French army is played by",
    &[
        ("one", "One player"),
        (
            "two",
            "Two players: Napoleon's and Grouchy's (four-player June 18th)",
        ),
    ],
    "Initiative, R 4.12C, L200; R 4.5, L295-299",
    "In the four-player June 18th game the Napoleon and Grouchy players each roll for the Initiative and pick their own commands in the No LIM Phase.",
);

/// L1661 ("stays in place Disordered") and L1569 ("retreat one hex and become Disordered"): a
/// Disorder result, or only the Disordered state? The digest names no default; chosen here: the
/// state, the literal words, so that an already Disordered unit is not made worse by a rule that
/// does not say "Disorder result".
pub const BECOMES_DISORDERED: Field = setting(
    "becomes_disordered",
    "\"Becomes Disordered\" after the Imperial Guard or an Overall Commander falls",
    &[
        (
            "state",
            "The unit is Disordered: no change to one already Disordered (chosen here)",
        ),
        (
            "d_result",
            "A 'D' result: D-1 infantry goes to D-2, D-2 Routs",
        ),
    ],
    "Imperial Guard, R 10.33, L1661; Death of an Overall Commander, R 9.21E, L1569",
    "The text does not say whether it is a 'D' result (L1504) or only the Disordered state.",
);

/// L1690: after a Rain turn the Rain roll is one less, so a natural 0 becomes -1. Literally -1 is
/// not "within the range listed" of "Rain, 0-3" (digest, Corrections).
pub const RAIN_MINUS_ONE: Field = setting(
    "rain_minus_one",
    "A Rain roll of -1 (a 0 after a Rain turn)",
    &[
        (
            "literal",
            "Not within a range that starts at 0: no Rain (the text's words)",
        ),
        ("inside", "Within a range that starts at 0: Rain"),
    ],
    "Rain, R 11.3A, L1690",
    "The text does not decide; literally -1 is outside \"0-3\".",
);

/// L1616: "all cumulative". Next to Wellington, both the Overall Commander's -2 and, for the
/// units he leads, the Combat leader's -1 could apply (L417, L1622); Blücher's -2 for Prussians
/// within 2 hexes adds to his -2 as Overall Commander (L423, L1625).
pub const RALLY_LEADERS: Field = setting(
    "rally_leaders",
    "Rally: leader modifiers",
    &[
        ("cumulative", "All cumulative (L1616)"),
        ("best", "Only the best leader modifier counts (house rule)"),
    ],
    "Rally DRMs, R 10.14, L1616-1625",
    "\"All DRMs are cumulative\" (L1616); some groups read the leader modifiers as one.",
);

/// The optional rules (R 4.63C, R 8.68, R 8.69, R 11.4).
const OPTIONAL: &[(&str, &str)] = &[("off", "Not used"), ("on", "Used")];

pub const PURSUIT: Field = setting(
    "pursuit",
    "Optional: Cavalry Pursuit",
    OPTIONAL,
    "Cavalry Pursuit (optional), R 8.68, L1246-1261",
    "Charging cavalry may pursue a defender that retreats or is eliminated.",
);

pub const IMPETUOSITY: Field = setting(
    "impetuosity",
    "Optional: Cavalry Impetuosity",
    OPTIONAL,
    "Cavalry Impetuosity (optional), R 8.69, L1263-1272",
    "Heavy Cavalry of an activated command must Charge unless Held in Check.",
);

pub const WET_FUSES: Field = setting(
    "wet_fuses",
    "Optional: Wet Fuses",
    OPTIONAL,
    "Wet Fuses (optional), R 11.4, L1701-1703",
    "Infantry firing in the Rain rolls: odd, its fuses are wet.",
);

pub const NAPOLEONS_HEALTH: Field = setting(
    "napoleons_health",
    "Optional: Napoleon's Health",
    OPTIONAL,
    "Napoleon's Health (optional), R 4.63C, L151, L408",
    "On hourly turns the French player checks Napoleon's Command Points by the scenario's rules; without it Napoleon has 3.",
);

/// R 2.2.1 gives a Pursuit Rating to Light Cavalry only (in its Commitment slot, L48), yet Pursuit
/// (L1250) and Hold in Check (L1272) need one for Heavy Cavalry, which never rolls Commitment
/// (L1028). Default (digest §7): the Heavy Cavalry's printed Commitment number.
pub const HEAVY_CAVALRY_PURSUIT: Field = setting(
    "heavy_cavalry_pursuit",
    "Heavy Cavalry's Pursuit Rating",
    &[
        (
            "commitment",
            "Its printed Commitment number (it never rolls Commitment, L1028)",
        ),
        ("entered", "Entered on each form"),
    ],
    "Pursuit Rating, R 2.2.1, L48; R 8.68A, L1250; R 8.69B, L1272",
    "The rules give Light Cavalry a Pursuit Rating and never say which number Heavy Cavalry uses.",
);

/// L857: Reverse Slope shifts artillery fire 1L. The bullet sits in R 8.13, which governs fire at
/// two or more hexes (L845), but has no range condition of its own (digest, Corrections).
pub const REVERSE_SLOPE: Field = setting(
    "reverse_slope_range",
    "Reverse Slope shifts artillery fire",
    &[
        (
            "two_or_more",
            "At two or more hexes (R 8.13, where the rule stands)",
        ),
        ("every_range", "At every range"),
    ],
    "Reverse Slope, R 8.13, L845, L857",
    "The rule sits among those of fire at two or more hexes but names no range.",
);

/// L1080: one Disorder/Rout DRM "if any such unit is involved", "the most favorable DRM for the
/// Attacker". With Disordered units on both sides it reads two ways (digest, Corrections): the
/// default counts each side's state once.
pub const DISORDER_DRMS: Field = setting(
    "disorder_drms",
    "Shock: Disorder and Rout DRMs with Disordered units on both sides",
    &[
        (
            "each_side",
            "One for each side's state, each the most favourable to the attacker",
        ),
        (
            "one_for_all",
            "One for the whole combat, the most favourable to the attacker",
        ),
    ],
    "Shock DRMs, R 8.53C, L1080",
    "\"There is no additional modifier if more than one unit is Disordered/Routed, however, always use the most favorable DRM for the Attacker\" (L1080).",
);

/// L1518: Routed defenders get no terrain benefit, but one Shock may attack two hexes (L963).
/// Default (digest, Corrections): the terrain counts unless every defender is Routed.
pub const ROUTED_TERRAIN: Field = setting(
    "routed_terrain",
    "Shock: terrain when some defenders are Routed",
    &[
        ("all_routed", "Lost only when every defender is Routed"),
        ("any_routed", "Lost when any defender is Routed"),
    ],
    "Rout, R 9.16B, L1518",
    "\"Routed units, when defending, receive no terrain effects benefits\" (L1518); the text does not say what happens when only some are Routed.",
);

/// R 8.63A gives Heavy Cavalry -1 through an infantry Front hex (L1164); R 8.63B "Additionally"
/// gives it the Flank benefit when a flank is unsupported (L1166). Read literally both apply; the
/// example (L1170) names only the Flank -3 (digest, Corrections).
pub const FRONTAL_AND_FLANK: Field = setting(
    "frontal_and_flank",
    "Shock: Heavy Cavalry through the Front of infantry with an unsupported flank",
    &[
        (
            "both",
            "The Flank benefit and the frontal -1 (R 8.63A-B as written)",
        ),
        (
            "flank_only",
            "The Flank benefit only, as the example (L1170)",
        ),
    ],
    "Frontal Charges, R 8.63A-B, L1164-1170",
    "R 8.63B adds the Flank benefit \"additionally\"; the rule's example gives Creux only the Flank -3.",
);

/// R 8.72B counts "each hex more than two (2) that the cavalry unit must move to effect the
/// charge"; its example counts the distance the cavalry started at: "if the cavalry started 4
/// hexes away ... subtract two (-2)" (L1288), where it moves only 3 hexes. Default (digest,
/// Corrections): the example.
pub const SQUARE_DISTANCE: Field = setting(
    "square_distance",
    "Square in Reaction: the hexes of the charge",
    &[
        (
            "starting_distance",
            "-1 per hex of the charger's starting distance beyond 2 (the example, L1288)",
        ),
        (
            "hexes_moved",
            "-1 per hex the cavalry actually moved beyond 2",
        ),
    ],
    "Square in Reaction, R 8.72B, L1288",
    "\"If the cavalry started 4 hexes away, the player would subtract two (-2)\" (L1288), though it moves 3 hexes to charge.",
);

/// L458 lets units without a Detachment Leader move by Road Tactical Movement in the Out of
/// Command Phase; L448, L673 and L685 make it a Detachment Leader's benefit. Default (digest §7):
/// only with a Detachment Leader.
pub const OUT_OF_COMMAND_ROADS: Field = setting(
    "out_of_command_roads",
    "Out of Command Phase: Road Tactical Movement",
    &[
        (
            "with_detachment_leader",
            "Only for units within a Detachment Leader's range (L448, L673, L685)",
        ),
        ("always", "For every Out of Command unit (L458)"),
    ],
    "Out of Command Unit Movement, R 4.72A, L458; R 4.71C, L448; R 7.23-7.24, L673-685",
    "R 4.72A says units without a Detachment Leader \"may move using Road Tactical Movement or Out of Command Movement\" (L458); R 4.71C and R 7.23 give Tactical Movement on roads to units within a Detachment Leader's range.",
);

/// Every setting, in the order the Settings form shows them.
const FIELDS: &[Field] = &[
    NATURAL_ZERO,
    INITIATIVE_TIES,
    FRENCH_PLAYERS,
    BECOMES_DISORDERED,
    RAIN_MINUS_ONE,
    RALLY_LEADERS,
    PURSUIT,
    IMPETUOSITY,
    HEAVY_CAVALRY_PURSUIT,
    REVERSE_SLOPE,
    SQUARE_DISTANCE,
    OUT_OF_COMMAND_ROADS,
    DISORDER_DRMS,
    ROUTED_TERRAIN,
    FRONTAL_AND_FLANK,
    WET_FUSES,
    NAPOLEONS_HEALTH,
];

pub static SETTINGS: Settings = Settings {
    about: About {
        id: "settings",
        title: "Settings: optional rules and readings",
        rule: "Optional rules; digest §7",
        summary: "The optional rules in use, and the reading taken wherever the rulebook can be read two ways. Each default is the recommended reading.",
        fields: FIELDS,
    },
    recorded_by: "french",
};
