//! Session settings for Enemy Mistakes (see `engine::settings`). The rulebook text lost its die-face,
//! class and rank icons in places (digest §0.2, §4), and can be read two ways in others (digest §7).
//! Each is a named setting; the first choice is the default, the digest's best reading. Where the
//! digest names none, the default is marked "chosen here", with the reason.

use crate::engine::input::Field;
use crate::engine::procedure::About;
use crate::engine::settings::{self, Settings, setting};

/// A setting carried on a procedure's form, prefilled from the record.
pub const fn on_form(field: Field) -> Field {
    settings::on_form(field, "Situation")
}

/// A class threshold: "a [lost icon] or higher" (L457 lists the classes from the highest).
const CLASS_OR_HIGHER: &[(&str, &str)] = &[
    ("elite", "Élite or higher"),
    ("guard", "Guard only"),
    ("veterans", "Veterans or higher"),
    ("regulars", "Regulars or higher"),
];

/// A single class: "a [lost icon]" penalised.
const LOWEST_CLASS: &[(&str, &str)] = &[("recruits", "Recruits"), ("regulars", "Regulars")];

/// L640: the Prussian entrance succeeds on two faces the text lost, widening by one each turn.
pub const PRUSSIAN_ENTRY: Field = setting(
    "prussian_entry",
    "Prussian entrance: first try succeeds on",
    &[
        ("5", "5 or 6, then 4-6, 3-6... (as for Substitutes, L703)"),
        ("6", "6, then 5-6, 4-6..."),
    ],
    "Prussian entrance, L640 (faces lost from the text)",
    "The text's faces are lost; the Substitute General rule (L703) starts at \"6 or 5\" and lowers by 1 each try.",
);

/// L911/L1184: the faces that make a melee Loss.
pub const MELEE_LOSS_FACES: Field = setting(
    "melee_loss_faces",
    "Melee Loss on a die of",
    &[
        ("5", "5 or 6 (as for bombardment Damage, L697)"),
        ("6", "6 only"),
    ],
    "Melee Losses, L911, L1184 (faces lost from the text)",
    "The two faces are lost; a bombardment Damage becomes a Loss on 6 or 5 (L697, L1171).",
);

/// L960: Pursuit succeeds on two faces the text lost, after modifiers. No default is given: the
/// players enter it before the first Pursuit.
pub const PURSUIT_FROM: Field = setting(
    "pursuit_from",
    "Pursuit succeeds on a final result of",
    &[
        ("unset", "Not entered yet"),
        ("5", "5 or more"),
        ("4", "4 or more"),
        ("6", "6 or more"),
        ("3", "3 or more"),
    ],
    "Pursuit, L960 (faces lost from the text)",
    "The two faces are lost and nothing in the text recovers them; enter what your rulebook's icons show.",
);

/// L900/L944/L1175: the class whose Unit may re-roll its melee die.
pub const REROLL_CLASS: Field = setting(
    "reroll_class",
    "Melee re-roll for a Unit of",
    &[("guard", "Guard"), ("elite", "Élite")],
    "Melee, L900, L944 (class icon lost)",
    "The icon is lost; the Guard is the highest class (L457).",
);

/// L900, L944 with L950: which Units of the re-roll class give their side the re-roll. "If there is a
/// [class] among the Units involved in the melee" (L900), "if 1 of the Units involved in the melee
/// is a [class]" (L944), and "giving support is the same as participating in the melee" (L950).
/// Default: the text's words, a supporter of the class counts.
pub const REROLL_FROM: Field = setting(
    "reroll_from",
    "Melee re-roll: the Unit of the re-roll class may be",
    &[
        (
            "involved",
            "Any Unit involved, supporters included (L900, L944, L950)",
        ),
        ("in_melee", "Only the Unit in melee"),
    ],
    "Melee, L900, L944; support, L950",
    "L900 and L944 give the re-roll for a Unit of the class \"among the Units involved in the melee\"; giving support is the same as participating (L950).",
);

/// L1013/L1219: "+1 if a Unit with a [class] or higher is in melee". Chosen here: Élite, since the
/// Guard alone already has the re-roll.
pub const MELEE_BONUS_CLASS: Field = setting(
    "melee_bonus_class",
    "Melee +1 for a Unit of",
    CLASS_OR_HIGHER,
    "Melee dice modifiers, L1013, L1219 (class icon lost)",
    "Chosen here: Élite or higher. The text lost the icon.",
);

/// L1017/L1223: "-1 if a Unit in melee is a [class]"; the digest reads Recruits.
pub const MELEE_PENALTY_CLASS: Field = setting(
    "melee_penalty_class",
    "Melee -1 for a Unit of",
    LOWEST_CLASS,
    "Melee dice modifiers, L1017, L1223 (class icon lost)",
    "The lowest class (L457) is the likely reading.",
);

/// L972: "-1 if executed by a [class] Unit" in a Pursuit.
pub const PURSUIT_PENALTY_CLASS: Field = setting(
    "pursuit_penalty_class",
    "Pursuit -1 for a pursuer of",
    LOWEST_CLASS,
    "Pursuit, L972 (class icon lost)",
    "The lowest class (L457) is the likely reading.",
);

/// L974: "±1 if the target is a [class] or higher". Chosen here: Élite, as for the melee bonus.
pub const PURSUIT_TARGET_CLASS: Field = setting(
    "pursuit_target_class",
    "Pursuit ±1 against a target of",
    CLASS_OR_HIGHER,
    "Pursuit, L974 (class icon lost)",
    "Chosen here: Élite or higher, as for the melee bonus.",
);

/// L960-962: a Pursuit charges "the enemy Unit in Withdraw or, if this is not possible, ... an
/// enemy Unit in Formation" (L960), and Infantry charges "except against Cavalry Units" (L962).
/// When the Unit in Withdraw is Cavalry, Infantry cannot charge it. Default: the two sentences read
/// together, Infantry turns on an enemy Unit in Formation that is not Cavalry.
pub const INFANTRY_PURSUIT_OF_CAVALRY: Field = setting(
    "infantry_pursuit_of_cavalry",
    "Infantry pursuing, when the Unit in Withdraw is Cavalry",
    &[
        (
            "redirect",
            "Charges an enemy Unit in Formation instead, not Cavalry (L960: \"if this is not possible\")",
        ),
        (
            "none",
            "Does not pursue at all (L962: \"except against Cavalry Units\")",
        ),
    ],
    "Pursuit, L960-962",
    "A Pursuit that cannot charge the Unit in Withdraw charges an enemy Unit in Formation (L960); Infantry never charges Cavalry in a Pursuit (L962).",
);

/// L976: "±2 if its [rank] or higher General is within 2 UoM". Chosen here: three stars, the
/// lowest rank above the common two-star Generals.
pub const PURSUIT_GENERAL_RANK: Field = setting(
    "pursuit_general_rank",
    "Pursuit ±2 for a General within 2 UoM of",
    &[
        ("3", "★★★ or higher"),
        ("4", "★★★★ or higher"),
        ("5", "★★★★★ (the Commanders in Chief)"),
    ],
    "Pursuit, L976 (rank icon lost)",
    "Chosen here: ★★★ or higher. Below that the General gives ±1.",
);

/// L987/L1197: "1 if at least one [class] participated in the combat": the sign was lost with the
/// list's other minus signs (digest §0.1). Default: -1, as the text reads every unsigned modifier
/// (L602 and L610 print the same modifiers of L689-690 signed; "Positive modifiers keep an explicit
/// +", and this list's others do). As printed the higher result falls back, so the -1 steadies the
/// side it counts for; read the other way round (the lower falls back), it works the other way, as
/// every line of the list does (result_of_combat.rs).
pub const RESULT_CLASS_SIGN: Field = setting(
    "result_class_sign",
    "Result of Combat: the 1 for a class that took part",
    &[
        (
            "minus",
            "-1 to that side's result, as printed (its minus sign lost, like every unsigned modifier's)",
        ),
        ("plus", "+1 to that side's result"),
    ],
    "Result of Combat, L987, L1197 (sign lost from the text)",
    "The text lost this sign as it lost every other minus (L602, L610 print theirs). As printed the higher result falls back: -1 steadies the side, +1 pushes it back. Read the other way round, each works the other way.",
);

/// L987/L1197: "1 if at least one [class] participated in the combat": the class icon is lost.
/// Chosen here: the Guard. Under the default sign (-1 as printed, `RESULT_CLASS_SIGN`) the term
/// steadies its side, as the lost class icons of the melee re-roll (L900, L944) and of the melee's
/// +1 (L1013) favour the better classes; the lowest classes stay offered for the other sign.
pub const RESULT_PENALTY_CLASS: Field = setting(
    "result_penalty_class",
    "Result of Combat: the 1 counts for a side a Unit of this class took part for",
    &[
        ("guard", "Guard"),
        ("elite", "Élite"),
        ("recruits", "Recruits"),
        ("regulars", "Regulars"),
    ],
    "Result of Combat, L987, L1197 (class icon lost)",
    "Chosen here: the Guard, since the -1 as printed steadies its side. With the sign setting at +1 the 1 pushes the side back, and the lowest class (L457) fits it.",
);

/// L981 with L994: on a draw the current player's result "subtracts" the other's, and the Fall Back
/// is 0. Whether the Formations of the side falling back 0 still lose 1 Unit's Loss each (digest
/// §7.3). Chosen here: no Loss, since L994 puts the Loss on each Formation "executing the Fall
/// Back maneuver", and a Fall Back 0 moves nothing.
pub const RESULT_DRAW: Field = setting(
    "result_draw",
    "Result of Combat: a draw, Fall Back 0",
    &[
        ("no_loss", "Costs no Loss: nothing falls back"),
        (
            "loss",
            "Still costs 1 Loss per Formation of the side falling back 0",
        ),
    ],
    "Result of Combat, L981, L994 (digest §7.3)",
    "Chosen here: no Loss. L994 gives the Loss to each Formation executing the Fall Back, and a Fall Back 0 moves nothing.",
);

/// L981-994: who falls back after the Result of Combat (digest §3.17).
pub const RESULT_READING: Field = setting(
    "result_reading",
    "Result of Combat: who falls back",
    &[
        (
            "higher_falls_back",
            "The side with the higher result falls back (as printed)",
        ),
        (
            "lower_falls_back",
            "The side with the lower result falls back",
        ),
    ],
    "Result of Combat, L981-994 (digest §3.17)",
    "As printed, the side with the highest final result subtracts the other's and its Formations fall back; its modifiers count its own shaken and withdrawn Units.",
);

/// L413-414: whether a Routed Unit's General also takes the Shaken -1 in his casualty roll (digest
/// §7.12). Chosen here: Routed alone, since the list grades the same yellow markers (L787) and
/// counting both would count the first marker twice.
pub const ROUTED_AND_SHAKEN: Field = setting(
    "routed_and_shaken",
    "General casualty: a General in a Routed Unit takes",
    &[
        ("routed_only", "-2 for Routed only"),
        ("both", "-2 for Routed and -1 for Shaken, -3 in all"),
    ],
    "Attach, dice modifiers, L413-414 (digest §7.12)",
    "Chosen here: -2 alone. A Routed Unit has two yellow markers (L787); the list gives -1 for one marker and -2 for two.",
);

/// L598 and L1016: the Hill bonus printed twice (digest §7.8).
pub const HILL_BONUS: Field = setting(
    "hill_bonus",
    "A defender on a Hill, not in movement",
    &[
        ("both", "Gets both Hill bonuses, +2 (as printed)"),
        ("once", "Gets the Hill bonus once, +1"),
    ],
    "Hills, L598; melee dice modifiers, L1016",
    "The terrain modifier and the melee list each give +1 for a Hill.",
);

/// L759 with L753: whether the 5-point cap of PUT IN MOVEMENT includes the surcharges (digest §7.17).
pub const MOVEMENT_CAP: Field = setting(
    "movement_cap",
    "PUT IN MOVEMENT: the 5-point cap",
    &[
        (
            "before_surcharges",
            "Caps the Units' cost; mixed and not visible add to it",
        ),
        ("all", "Caps the whole cost"),
    ],
    "PUT IN MOVEMENT, L759; visibility, L753",
    "The cap speaks of a Formation of any number of Units; the surcharges are stated apart from it.",
);

/// L1080: the Free Scenario sums "the values of the Units removed", where the historical tally
/// counts "each enemy General, Unit or Garrison" (L1068). Chosen here: the words of L1080.
pub const FREE_TALLY_GENERALS: Field = setting(
    "free_tally_generals",
    "Free Scenario tally: removed Generals",
    &[
        ("no", "Not counted: only Units removed (L1080)"),
        ("yes", "Counted, as in the historical tally (L1068)"),
    ],
    "Free Scenario, L1080; End of the Game, L1068",
    "L1080 names only the Units removed; the historical tally adds Generals and Garrisons.",
);

/// L795 with L532: Light Cavalry's extra Unit of Measurement (digest §7.10). As printed it is an
/// Advance +1; L532 speaks of the "Advance/Charge ability" of Light Cavalry.
pub const LIGHT_CAVALRY_BONUS: Field = setting(
    "light_cavalry_bonus",
    "A Formation of only Light Cavalry gets +1 UoM to",
    &[
        ("advance", "Advance only (as printed, L795)"),
        (
            "advance_and_charge",
            "Advance and Charge (L532: its \"Advance/Charge ability\")",
        ),
    ],
    "Advance, L795; Horse Artillery, L532 (digest §7.10)",
    "The Advance rule gives the +1; the Horse Artillery rule speaks of the Light Cavalry's Advance/Charge ability.",
);

/// L602-L626: whether the terrain's reductions (a Town as 1 UoM already moved, a Sunken road or a
/// Torrent -1) come off after or before the Wood and Farm field limits. Chosen here: after, since
/// a maneuver in a Farm field that crosses a Town has moved 1 of its 2 already (L606, L610).
pub const TERRAIN_REDUCTIONS: Field = setting(
    "terrain_reductions",
    "Maneuver: the Town, Sunken road and Torrent reductions come off",
    &[
        (
            "after_limits",
            "After the Wood and Farm field limits (a Farm field and a Sunken road: 1)",
        ),
        (
            "before_limits",
            "Before them, from the Advance number (a Farm field and a Sunken road: 2)",
        ),
    ],
    "Wood L602, Farm field L606, Town L610, Sunken road L622, Torrent L626",
    "Chosen here: after. A maneuver that crosses a Town is treated as having moved 1 already, so in a Farm field it has 1 of its 2 left.",
);

/// L650 with L1086: whether the three-player scenarios, which start on turn VIII, bid on their first
/// turn. Chosen here: no bid, since L650 gives the first turn's Initiative to the French "by
/// Preparation", and these scenarios are prepared too.
pub const FIRST_TURN_BID: Field = setting(
    "first_turn_bid",
    "A scenario that starts after turn I, on its first turn",
    &[
        ("none", "No bid: the French hold Initiative 1 (L650)"),
        ("bid", "Bid for Initiative as on any turn after turn I"),
    ],
    "Initiative, L650; Scenario Ready for Three Players, L1086",
    "L650 gives the first turn to the French by the Preparation; the three-player scenarios start on turn VIII.",
);

const FIELDS: &[Field] = &[
    PRUSSIAN_ENTRY,
    MELEE_LOSS_FACES,
    PURSUIT_FROM,
    REROLL_CLASS,
    REROLL_FROM,
    MELEE_BONUS_CLASS,
    MELEE_PENALTY_CLASS,
    PURSUIT_PENALTY_CLASS,
    PURSUIT_TARGET_CLASS,
    PURSUIT_GENERAL_RANK,
    INFANTRY_PURSUIT_OF_CAVALRY,
    RESULT_CLASS_SIGN,
    RESULT_PENALTY_CLASS,
    RESULT_DRAW,
    RESULT_READING,
    HILL_BONUS,
    MOVEMENT_CAP,
    ROUTED_AND_SHAKEN,
    FREE_TALLY_GENERALS,
    FIRST_TURN_BID,
    LIGHT_CAVALRY_BONUS,
    TERRAIN_REDUCTIONS,
];

pub const SETTINGS: Settings = Settings {
    about: About {
        id: "settings",
        title: "Session settings",
        rule: "Values the text lost with its icons, and readings where it is unclear",
        summary: "Die faces, classes and ranks the rulebook text lost with its icons, and the readings this session plays by where the rules can be read two ways. Each starts at the recommended reading.",
        fields: FIELDS,
    },
    recorded_by: "french",
};
