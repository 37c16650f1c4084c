//! Session settings for Waterloo 200 (see `engine::settings`): where the rulebook can be read two
//! ways (digest §7.2), each reading is a named setting whose first choice, the default, is the
//! digest's recommended reading.

use crate::engine::input::Field;
use crate::engine::procedure::About;
use crate::engine::settings::{self, Settings, setting};

/// Whether the session plays optional rule `setting` (its "on" choice).
pub fn played(record: &crate::engine::record::Record, setting: &Field) -> bool {
    record.option(setting.id, "off") == "on"
}

/// A setting carried on a procedure's form, prefilled from the record.
pub const fn on_form(field: Field) -> Field {
    settings::on_form(field, "Settings")
}

/// L1055-1057: the loser suffers |FR| hits, but no more than "the amount of hits the Side can
/// absorb with the total of all its unit Strengths" in the Area (digest §7.2 item 1).
pub const LOSS_CAP: Field = setting(
    "loss_cap",
    "The loser's Incurred Losses are capped at",
    &[
        (
            "hits",
            "every hit his units can absorb (white levels 2, red and Heart 3)",
        ),
        ("strength", "the sum of his units' strengths"),
    ],
    "6.2.3.1.6 Calculating Losses, L1055-1057",
    "The digest's reading counts every hit the units can take before all are eliminated; the other reads the words \"total of all its unit Strengths\" as the strengths alone. It matters for the winner's share.",
);

/// L1173-1175 keeps the attacking units revealed only "If the Area is still contested"; when the
/// attacker clears it, he owns it and, like any owner after a battle (L1231-1233), conceals his
/// units (digest Corrections, "Attacking units when the Attacker clears the Area").
pub const CLEARED_AREA: Field = setting(
    "cleared_area",
    "When the attacker clears the Area, his units there are",
    &[
        ("concealed", "concealed, as the Area's owner's are"),
        ("revealed", "left revealed"),
    ],
    "6.2.3.1.10, L1173-1175, L1231-1233",
    "The text covers only an Area still contested; the owner's units are concealed after combat.",
);

/// L567-569 allows "one Battle" per activated Tactical Leader; L917-918 and L934-935 speak of
/// "new Battles" (digest §7.2 item 3). The default counts every battle the Impulse resolves.
pub const BATTLE_ALLOWANCE: Field = setting(
    "battle_allowance",
    "The Impulse's allowance of battles counts",
    &[
        (
            "every",
            "every battle (one per activated Tactical Leader, L567-569)",
        ),
        (
            "new",
            "only battles in Areas newly contested this Impulse (L917-918)",
        ),
    ],
    "3.9.5, L567-569; 6.2.1, L917-918; 6.2.2, L934-935",
    "The text says both; an optional battle in an Area contested since before the Impulse counts under the first reading only.",
);

/// L1124-1126: the strongest units are reduced first; may the hits of one level be spread over
/// units of equal strength, so that none is reduced (digest §7.2 item 2)?
pub const HITS_SPREAD: Field = setting(
    "hits_spread",
    "Hits among units of equal strength",
    &[
        (
            "sequential",
            "finish one unit's level before the next takes a hit",
        ),
        (
            "spread",
            "may be spread, each to the unit that has taken fewest",
        ),
    ],
    "6.2.3.1.7 Applying Losses, L1124-1126",
    "The digest's reading: hits go one unit at a time. The other lets two white levels share two hits and neither be reduced.",
);

/// L341-342: the game "lasts until two consecutive passes in turn 5" (digest §7.2 item 10).
pub const TURN_FIVE_REORGANIZATION: Field = setting(
    "turn_five_reorganization",
    "After two passes in turn 5",
    &[
        ("game-ends", "the game ends: no Reorganization"),
        ("reorganize", "the Reorganization Phase is played first"),
    ],
    "2.0, L341-342; 6.4, L1074-1075",
    "The text ends the game at the two passes; every turn's Reorganization (L1074-1075) reads the other way.",
);

/// L1080-1081 puts "the Side without the Initiative Disc" first; the example (L1160-1161) says
/// the Side without the Initiative, fixed at the start of the turn (digest §7.2 item 24).
pub const REORGANIZATION_ORDER: Field = setting(
    "reorganization_order",
    "The first Side to reorganize is the one without",
    &[
        ("disc", "the Initiative Disc now (the rule, L1080-1081)"),
        (
            "initiative",
            "the Initiative of the turn (the example, L1160-1161)",
        ),
    ],
    "6.4, L1080-1081, L1160-1161",
    "They differ only when a Strategic Action moved the Disc during the turn.",
);

/// An optional rule the players agree to play, or not (Optional Rules, L1252-1260).
const OFF_ON: &[(&str, &str)] = &[("off", "not played"), ("on", "played")];

/// OR 2.0 (L1293-1316): an attacker's cavalry doubles its firepower in a Green Area when the
/// defender has none.
pub const CAVALRY_CHARGE: Field = setting(
    "cavalry_charge",
    "Optional rule 2.0, Cavalry Charge",
    OFF_ON,
    "OR 2.0 Cavalry Charge, L1293, L1299-1301, L1312-1316",
    "In a Green Area, an attacker with cavalry against a defender with none doubles his cavalry's strength; leaders and horse artillery do not count.",
);

/// OR 8.0 (L1320-1336): one unit of each type attacking lowers the attacker's Incurred Losses.
/// "Incurred Losses" are the loser's (L1049-1051), and the winner's hits follow from them
/// (L1065-1067): the literal reading lowers the attacker's losses only when he loses, and the
/// winner's share with them; the broader one, whether he wins or loses (digest Corrections,
/// "OR 8.0 Combined Attack arithmetic").
pub const COMBINED_ATTACK: Field = setting(
    "combined_attack",
    "Optional rule 8.0, Combined Attack",
    &[
        ("off", "not played"),
        (
            "on",
            "played: a losing attacker's Incurred Losses less 1, the winner's share from them",
        ),
        (
            "either",
            "played: the attacker takes one hit fewer, winning or losing",
        ),
    ],
    "OR 8.0 Combined Attack, L1320, L1330-1336; 6.2.3.1.6, L1049-1051, L1065-1067",
    "An attacker with a Leader, an Artillery, an Infantry and a Cavalry in the battle takes fewer losses. The first reading is the literal one: FR -5 gives him 4 hits and the Defender 2.",
);

/// OR 8.0 does not say what "participating" is (L1330-1332): Leaders and Artillery usually take
/// part from next to the Area (L394-396, L650-651, L703-706).
pub const COMBINED_ATTACK_UNITS: Field = setting(
    "combined_attack_units",
    "For a Combined Attack, the units taking part are",
    &[
        (
            "supporting",
            "those in the Area, the activated Tactical Leaders and committed Artillery next to it",
        ),
        ("area", "those in the Area only"),
    ],
    "OR 8.0 Combined Attack, L1330-1332",
    "Leaders and Artillery normally support a battle from an adjacent Area; the narrow reading counts only the units in the Area.",
);

/// 6.4.1 (L1185-1189) traces a Line of Communication through "friendly-controlled" Areas; the
/// British and the Prussians keep their own control (L242-244) and "may never stack together, nor
/// may they support each other" (L157-160).
pub const ALLIED_LOC: Field = setting(
    "allied_loc",
    "An Allied Line of Communication runs through Areas controlled by",
    &[
        ("faction", "its own Faction only"),
        ("side", "either Allied Faction"),
    ],
    "6.4.1, L1185-1189; Two Sides - Three Factions, L157-160",
    "The British and the Prussians do not support each other; the other reading counts any Allied Area as friendly.",
);

/// OR 3.0 (L1318-1341): a cavalry unit scouts instead of fighting.
pub const SCOUTING: Field = setting(
    "scouting",
    "Optional rule 3.0, Scouting",
    OFF_ON,
    "OR 3.0 Scouting, L1318, L1322-1328, L1338-1341",
    "A cavalry unit that does not fight may turn face up as many enemy blocks of an adjacent Green Area as it has dots.",
);

/// OR 4.0 (L1349-1352): cavalry that cleared an Area may move on at once.
pub const IMPETUS: Field = setting(
    "impetus",
    "Optional rule 4.0, Impetus",
    OFF_ON,
    "OR 4.0 Impetus, L1348-1352",
    "Cavalry that took part in a battle that cleared the Area of enemy units, attacking or defending, may move up to 1 MP at once, before any other battle.",
);

/// OR 5.0 (L1254-1255, L1363-1384): the French bombard an uncontested enemy Area.
pub const GRANDE_BATTERIE: Field = setting(
    "grande_batterie",
    "Optional rule 5.0, Grande Batterie",
    OFF_ON,
    "OR 5.0 Grande Batterie, L1360, L1363-1366, L1383-1384, L1254-1255",
    "The French may play the Disc to bombard an uncontested enemy Area with artillery up to Napoleon's Strategic Value: no losses to them, no Terrain Bonus to the defender, no gun reduced.",
);

/// OR 7.0 (L1291-1310): the defender holding the Disc may play it to retreat from a battle.
pub const RETREAT: Field = setting(
    "retreat",
    "Optional rule 7.0, Retreat",
    OFF_ON,
    "OR 7.0 Retreat, L1291, L1295-1297, L1303-1310",
    "A defender holding the Initiative Disc may spend it, before the Showdown, to retreat all his units from the Area.",
);

/// OR 6.0 (L1262-1288): British units of different languages in one battle lower the British
/// firepower. "A -1 ... for each different language (maximum is -2)" read literally is -1 a
/// language present, so any mix costs -2; the gentler reading counts the languages beyond the
/// first (digest Corrections, "OR 6.0 Languages").
pub const LANGUAGES: Field = setting(
    "languages",
    "Optional rule 6.0, Languages",
    &[
        ("off", "not played"),
        (
            "present",
            "played: -1 for each language present, at most -2",
        ),
        (
            "beyond-first",
            "played: -1 for each language beyond the first",
        ),
    ],
    "OR 6.0 Languages, L1262-1270, L1278-1281, L1288",
    "British units of two or three languages in a battle: -2 under the literal reading; -1 for two and -2 for three under the gentler one.",
);

/// OR 6.0 says "present in the same Battle" (L1278-1279): in the Area, or also the British
/// Leaders and Artillery supporting it from next to it, who speak English (L1288)?
pub const LANGUAGE_UNITS: Field = setting(
    "language_units",
    "For Languages, the British units counted are",
    &[
        ("area", "those in the Area"),
        (
            "supporting",
            "those in the Area and the Leaders and Artillery supporting from next to it",
        ),
    ],
    "OR 6.0, L1278-1279, L1288",
    "The literal reading counts the Area; the other adds the English of an adjacent Tactical Leader or committed Artillery.",
);

/// OR 9.0 (L1343-1358): each Side adds its Morale to its firepower.
pub const MORALE: Field = setting(
    "morale",
    "Optional rule 9.0, Morale",
    OFF_ON,
    "OR 9.0 Morale, L1343-1346, L1354-1358",
    "The attacker adds his Morale to his Offensive Firepower and the defender his to his Defensive Firepower: 10 less the Side's units eliminated; the Prussians count as British. In the Reorganization Phase, an embattled unit that is Isolated loses a step.",
);

/// OR 10.0 (L1361-1381): the Prussian corps arrive in a random order.
pub const PRUSSIAN_ARRIVALS: Field = setting(
    "prussian_arrivals",
    "The Prussian corps arrive",
    &[
        (
            "scheduled",
            "on their schedule: Bülow on turn 3, Pirch 4, Ziethen 5 (5.1)",
        ),
        (
            "random",
            "one drawn at random each turn from turn 3 (optional rule 10.0)",
        ),
    ],
    "5.1, L869-904; OR 10.0 Prussian Arrivals, L1361-1381",
    "Under the optional rule the Allied player draws the corps that arrives each turn; Blücher always arrives on turn 3 in Area 50.",
);

const FIELDS: &[Field] = &[
    LOSS_CAP,
    HITS_SPREAD,
    CLEARED_AREA,
    BATTLE_ALLOWANCE,
    TURN_FIVE_REORGANIZATION,
    REORGANIZATION_ORDER,
    ALLIED_LOC,
    CAVALRY_CHARGE,
    SCOUTING,
    COMBINED_ATTACK,
    COMBINED_ATTACK_UNITS,
    GRANDE_BATTERIE,
    IMPETUS,
    RETREAT,
    LANGUAGES,
    LANGUAGE_UNITS,
    MORALE,
    PRUSSIAN_ARRIVALS,
];

pub const SETTINGS: Settings = Settings {
    about: About {
        id: "settings",
        title: "Session settings",
        rule: "Readings where the rules are unclear (digest §7.2); Optional Rules, L1252-1384",
        summary: "The readings this session plays by where the rulebook can be read two ways, each starting at the recommended reading, and the optional rules it plays.",
        fields: FIELDS,
    },
    recorded_by: "french",
};
