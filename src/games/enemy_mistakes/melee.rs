//! Melee (L898-907, L936-954, L1002-1036): the attacking Unit and the defending Unit each roll 1d6
//! and add their modifiers; the side with the lower final result reads the difference on the melee
//! effects table and applies the effect to its own Unit. Then each army rolls for its Losses
//! (`melee-losses`), and a winner by 2 or more may pursue (`pursuit`).
//!
//! Readings taken:
//! - The unsigned modifiers of L1017-1018 and L1032 are negative: L1018 prints its "-2".
//! - "Charge N" names the maneuver by its number, the most UoM it allows (L811). Charge 0 earns no
//!   +1 (L1011); Cavalry attacking non-Shaken Infantry is spared its -2 only by Charge 1 and by a
//!   Charge resolving a Pursuit (L1032). A counterattack is fought where the Unit stands (L928).
//! - A terrain's combat modifier counts for a Unit entirely inside it (L590). The Hill's +1 and the
//!   Infantry's bonuses go to the defender of this melee when not in movement (L598-610); the
//!   Cavalry's -1 applies in either role. The Torrent's -1 goes to an attacker that crossed it
//!   charging (L626).
//! - The +1 of L1016 for a Unit on a Hill counts besides the Hill's own +1 (L598), unless the Hill
//!   setting says once.
//! - "Do not apply if an Infantry Unit is in melee against a Cavalry Unit" (L1014): an Infantry Unit
//!   gets no +1 against a Cavalry Unit that withdrew.
//! - A Unit temporarily Shaken (charged on a flank, L1004; charging across a Bridge, L630) counts as
//!   Shaken for every modifier of this melee.
//! - An Artillery Unit in melee gets +1 for each Artillery Unit in support, without the cap of 2
//!   (L1036). Each supporter counts once, under that line instead of L1015.
//! - The re-roll (L944) belongs to the side whose Unit in melee is of the class the re-roll setting
//!   names (that class exactly). The second die stands.
//! - A Retreat gives a yellow marker even to a Unit that has one: it is then Routed (L787). A
//!   Routed Unit keeps 2 yellow markers: the text has no third.
//! - A Garrison is never moved (L540): it ignores a Withdraw and a Retreat, except that Haye Sainte
//!   is eliminated by a Retreat from melee (a reminder: the record cannot tell the two apart). A
//!   Routed Garrison is eliminated.
//! - An Artillery Unit Routed in melee must Withdraw 2 (L787), so it fastens its Horse Team (L763);
//!   one that must Withdraw or Retreat is captured instead (L905-906).
//! - Melee Losses: each army rolls for its own Losses as a procedure of its own, one die per enemy
//!   Unit that took part (L911); the Losses are the player's to share out (L911-916). He names the
//!   Units and their shares once he sees the dice: the app refuses dice the shares do not add up
//!   to, before logging them, and its own roll gives the same dice again once he has shared them
//!   out. Losses go unsuffered only when every Unit that took part is named and eliminated (L914).
//!   The Unit that started the combat may suffer fewer than another only when its capacity stops
//!   it (L914 over L913). A Unit eliminated here makes the others of its column Shaken (L672): the
//!   record does not know the columns, so that stays a reminder.
//! - The rulebook sets no limit to the enemy Units that took part (L911); the form rolls at most 8
//!   dice, as many as the melee form counts on a side: the Unit in melee, 6 supporters of its type
//!   and 1 of the other arm.
//! - Pursuit: "its General" (L975-976) is the pursuing Units' General. The ±1 and ±2 are the
//!   player's to add or subtract; since the roll only decides whether the Units pursue, a player
//!   adds them all to pursue or subtracts them all to hold back. The ±2 of a General of the
//!   setting's rank replaces his ±1. A Commander in Chief counts five stars (L331). The terrain
//!   modifier used in the combat is subtracted with its sign (L977). Infantry does not pursue
//!   Cavalry (L962). The automatic success of L967 needs no roll, so no threshold either.

use super::forms::{
    self, CLASS_CHOICES, ENEMY_SIDES, Named, UNITS_ON_BATTLEFIELD, check_enemies, check_unit,
    given, join, named,
};
use super::roster::{
    self, CLASSES, FIRE_DISCIPLINES, UNIT_TYPES, attribute, class_at_least, state,
};
use super::{SIDES, army_label, charge, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::AppliedLimit;

const ATTACKER: &str = "Attacker";
const DEFENDER: &str = "Defender";

/// The ids of one side's fields: the attacker's and the defender's are alike.
struct Ids {
    /// The side's group on the form and its name in the modifiers.
    role: &'static str,
    /// Its Unit when the players give no name.
    called: &'static str,
    /// The field naming the side's army, and the armies it offers.
    army: &'static str,
    armies: &'static [(&'static str, &'static str)],
    unit: &'static str,
    unit_type: &'static str,
    class: &'static str,
    fire_discipline: &'static str,
    yellow: &'static str,
    temporarily_shaken: &'static str,
    terrain: &'static str,
    movement: &'static str,
    general: &'static str,
    withdrew: &'static str,
    supporters: &'static str,
    other_arm: &'static str,
    rerolls: &'static str,
}

const ATTACKER_IDS: Ids = Ids {
    role: ATTACKER,
    called: "The attacking Unit",
    army: "side",
    armies: SIDES,
    unit: "attacker",
    unit_type: "attacker_type",
    class: "attacker_class",
    fire_discipline: "attacker_fire_discipline",
    yellow: "attacker_yellow",
    temporarily_shaken: "attacker_temporarily_shaken",
    terrain: "attacker_terrain",
    movement: "attacker_movement",
    general: "attacker_general",
    withdrew: "attacker_withdrew",
    supporters: "attacker_supporters",
    other_arm: "attacker_other_arm",
    rerolls: "attacker_rerolls",
};

const DEFENDER_IDS: Ids = Ids {
    role: DEFENDER,
    called: "The defending Unit",
    army: "enemy_side",
    armies: ENEMY_SIDES,
    unit: "defender",
    unit_type: "defender_type",
    class: "defender_class",
    fire_discipline: "defender_fire_discipline",
    yellow: "defender_yellow",
    temporarily_shaken: "defender_temporarily_shaken",
    terrain: "defender_terrain",
    movement: "defender_movement",
    general: "defender_general",
    withdrew: "defender_withdrew",
    supporters: "defender_supporters",
    other_arm: "defender_other_arm",
    rerolls: "defender_rerolls",
};

const STEPS: &[(&str, &str)] = &[
    ("a", "A. Attack"),
    ("b", "B. Counterattack"),
    ("c", "C. Attack Reinforcements"),
    ("d", "D. Defense Reinforcements"),
];
const STEP_D: &str = "d";

const CHARGES: &[(&str, &str)] = &[
    ("charge", "Charge 2 or more"),
    ("charge_1", "Charge 1"),
    ("charge_0", "Charge 0"),
    ("pursuit", "A Charge resolving a Pursuit"),
    ("none", "No Charge"),
];

const TERRAINS: &[(&str, &str)] = &[
    ("open", "None (open ground, or only partly inside)"),
    ("hill", "A Hill"),
    ("wood", "A Wood"),
    ("farm", "A Farm field"),
    ("town", "A Town"),
];

const IN_MOVEMENT: (&str, &str) = ("moving", "IN MOVEMENT (green marker)");
const NOT_IN_MOVEMENT: (&str, &str) = ("still", "NOT IN MOVEMENT (no green marker)");

/// The fields of one side's Unit. The attacker's Formation is in movement by default (L920), the
/// defender's not, since a Charge takes its green marker away (L815).
const fn side_fields(ids: &Ids, movement: &'static [(&'static str, &'static str)]) -> [Field; 14] {
    let group = ids.role;
    [
        Field {
            id: ids.army,
            label: "Army",
            group,
            kind: FieldKind::Choice(ids.armies),
            rule: "Combat, L920; the armies, L321",
            help: "The attacker is the Unit of the Formation IN MOVEMENT (L920); in a Counterattack or in Defense Reinforcements, the defender's Unit attacks.",
        },
        Field {
            id: ids.unit,
            label: "Unit in melee",
            group,
            kind: FieldKind::Unit {
                of: UnitOf::Side(ids.army),
                only: UNITS_ON_BATTLEFIELD,
                max_len: 40,
            },
            rule: "Melee, L938-942",
            help: "Choose it from the record to fill in its tile and yellow markers, or type a name. The attacking Unit with the most contact along its front starts the combat (L942).",
        },
        Field {
            id: ids.unit_type,
            label: "Type",
            group,
            kind: FieldKind::Choice(UNIT_TYPES),
            rule: "Units, L451; melee modifiers, L1008-1036",
            help: "A Garrison is an Infantry Unit that is never moved (L538-540).",
        },
        Field {
            id: ids.class,
            label: "Class",
            group,
            kind: FieldKind::Choice(CLASS_CHOICES),
            rule: "Units, L457; melee modifiers, L1013, L1017; re-roll, L944",
            help: "Shown on the tile's front.",
        },
        Field {
            id: ids.fire_discipline,
            label: "Fire Discipline",
            group,
            kind: FieldKind::Choice(FIRE_DISCIPLINES),
            rule: "Infantry Units, L479-488; melee modifiers, L1022",
            help: "Added when Infantry meets Infantry. A Garrison's is good (L538).",
        },
        Field {
            id: ids.yellow,
            label: "Yellow markers on it",
            group,
            kind: FieldKind::Count { max: 2 },
            rule: "Shaken and Routed, L556, L787; melee modifiers, L1018",
            help: "1: Shaken, -1 (-2 for Shaken Infantry attacked by Cavalry). 2: Routed.",
        },
        Field {
            id: ids.temporarily_shaken,
            label: "Temporarily Shaken",
            group,
            kind: FieldKind::Flag,
            rule: "Melee modifiers, L1004; Bridge, L630",
            help: "Charged on a flank, or charging across a Bridge: Shaken for this melee, without a yellow marker. Nothing more if it is Shaken already.",
        },
        Field {
            id: ids.terrain,
            label: "Entirely inside",
            group,
            kind: FieldKind::Choice(TERRAINS),
            rule: "Area terrain, L590-610; melee modifiers, L1010, L1016",
            help: "A Hill: +1 to the defender not in movement. Wood: Infantry defending +1. Farm field or Town: Infantry defending +2. Wood, Farm field, Town: Cavalry -1.",
        },
        Field {
            id: ids.movement,
            label: "Its Formation",
            group,
            kind: FieldKind::Choice(movement),
            rule: "Green markers, L548; Charge, L815; terrain, L598-610",
            help: "The terrain bonuses go only to Units NOT IN MOVEMENT.",
        },
        Field {
            id: ids.general,
            label: "A General or Commander in Chief is attached to its Formation",
            group,
            kind: FieldKind::Flag,
            rule: "Melee modifiers, L1012; Attaching, L404",
            help: "+1. The markers in his box go back to the reserve.",
        },
        Field {
            id: ids.withdrew,
            label: "It executed a Withdraw earlier in this combat",
            group,
            kind: FieldKind::Flag,
            rule: "Melee modifiers, L1014",
            help: "Its enemy gets +1, unless that enemy is Infantry and this Unit Cavalry.",
        },
        Field {
            id: ids.supporters,
            label: "Units of its own type in support",
            group,
            kind: FieldKind::Count { max: 6 },
            rule: "Melee modifiers, L1015, L1036; support, L948-954",
            help: "In Formation and in contact with it, no enemy within 1 UoM of their front, not in contact with an enemy. +1 each, at most +2; for Artillery +1 each (L1036).",
        },
        Field {
            id: ids.other_arm,
            label: "A non-Shaken Unit of the other arm supports it",
            group,
            kind: FieldKind::Flag,
            rule: "Melee modifiers, L1023-1024, L1030",
            help: "Cavalry supporting Infantry: +1 against Cavalry, +2 against Infantry. Infantry supporting Cavalry: +1.",
        },
        Field {
            id: ids.rerolls,
            label: "Its player re-rolls the die",
            group,
            kind: FieldKind::Flag,
            rule: "Melee, L944; the re-roll class setting",
            help: "Only a Unit of the re-roll class. The second result stands.",
        },
    ]
}

const SITUATION: &[Field] = &[Field {
    id: "step",
    label: "Step of the combat",
    group: "Situation",
    kind: FieldKind::Choice(STEPS),
    rule: "Combat, L924-932",
    help: "A melee in Step D gives no Pursuit Opportunity (L905-907).",
}];

const ATTACKER_ONLY: &[Field] = &[
    Field {
        id: "charge",
        label: "It came into contact by",
        group: ATTACKER,
        kind: FieldKind::Choice(CHARGES),
        rule: "Melee modifiers, L1011, L1032; Charge, L807-815",
        help: "Any Charge but Charge 0: +1. Cavalry attacking non-Shaken Infantry: -2, except by Charge 1 or in Pursuit. A Counterattack is made without a Charge.",
    },
    Field {
        id: "torrent",
        label: "It crossed a Torrent in its Charge",
        group: ATTACKER,
        kind: FieldKind::Flag,
        rule: "Torrent, L626",
        help: "-1.",
    },
];

const SETTINGS: &[Field] = &[
    options::on_form(options::MELEE_BONUS_CLASS),
    options::on_form(options::MELEE_PENALTY_CLASS),
    options::on_form(options::REROLL_CLASS),
    options::on_form(options::HILL_BONUS),
];

const ATTACKER_FIELDS: [Field; 14] = side_fields(&ATTACKER_IDS, &[IN_MOVEMENT, NOT_IN_MOVEMENT]);
const DEFENDER_FIELDS: [Field; 14] = side_fields(&DEFENDER_IDS, &[NOT_IN_MOVEMENT, IN_MOVEMENT]);

const FIELDS: &[Field] = &join::<
    {
        SITUATION.len()
            + ATTACKER_FIELDS.len()
            + ATTACKER_ONLY.len()
            + DEFENDER_FIELDS.len()
            + SETTINGS.len()
    },
>(&[
    SITUATION,
    &ATTACKER_FIELDS,
    ATTACKER_ONLY,
    &DEFENDER_FIELDS,
    SETTINGS,
]);

/// The three types of Units (L451); a Garrison is Infantry (L538). Cavalry by weight: Light 1,
/// Medium 2, Heavy 3.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arm {
    Infantry,
    Cavalry(i32),
    Artillery,
}

impl Arm {
    fn of(unit_type: &str) -> Arm {
        match unit_type {
            "light_cavalry" => Arm::Cavalry(1),
            "medium_cavalry" => Arm::Cavalry(2),
            "heavy_cavalry" => Arm::Cavalry(3),
            "foot_artillery" | "horse_artillery" => Arm::Artillery,
            _ => Arm::Infantry,
        }
    }
    fn is_cavalry(self) -> bool {
        matches!(self, Arm::Cavalry(_))
    }
    fn name(self) -> &'static str {
        match self {
            Arm::Infantry => "Infantry",
            Arm::Cavalry(_) => "Cavalry",
            Arm::Artillery => "Artillery",
        }
    }
}

/// One side's Unit in melee, as the form describes it.
struct Fighter<'a> {
    ids: &'static Ids,
    army: &'a str,
    name: Option<&'a str>,
    /// The name, or "The attacking Unit".
    called: String,
    arm: Arm,
    garrison: bool,
    class: &'a str,
    yellow: i32,
    /// Shaken by a yellow marker or temporarily (L1004, L630).
    shaken: bool,
    /// Not in movement: the terrain's defensive bonuses need it (L598-610).
    still: bool,
}

impl<'a> Fighter<'a> {
    fn read(input: &'a Input, ids: &'static Ids) -> Fighter<'a> {
        let unit_type = input.text(ids.unit_type);
        let yellow = input.number(ids.yellow);
        Fighter {
            ids,
            army: input.text(ids.army),
            name: given(input.text(ids.unit)),
            called: named(input.text(ids.unit), ids.called),
            arm: Arm::of(unit_type),
            garrison: unit_type == "garrison",
            class: input.text(ids.class),
            yellow,
            shaken: yellow > 0 || input.flag(ids.temporarily_shaken),
            still: input.text(ids.movement) == NOT_IN_MOVEMENT.0,
        }
    }
}

fn class_label(class: &str) -> &'static str {
    CLASSES
        .iter()
        .find(|(id, _)| *id == class)
        .map_or("?", |(_, label)| label)
}

/// The combat modifiers of an area terrain for a Unit entirely inside it (L590): the name, the
/// bonus of Infantry defending there not in movement, and the rule. Cavalry there has -1.
fn area_terrain(terrain: &str) -> Option<(&'static str, i32, &'static str)> {
    match terrain {
        "wood" => Some(("a Wood", 1, "Wood, L602")),
        "farm" => Some(("a Farm field", 2, "Farm field, L606")),
        "town" => Some(("a Town", 2, "Town, L610")),
        _ => None,
    }
}

/// Every modifier of both sides, and the rules that withheld one.
fn modifiers_and_limits(input: &Input) -> (Vec<Modifier>, Vec<AppliedLimit>) {
    let attacker = Fighter::read(input, &ATTACKER_IDS);
    let defender = Fighter::read(input, &DEFENDER_IDS);
    let mut modifiers = Vec::new();
    let mut limits = Vec::new();
    side_modifiers(
        input,
        &attacker,
        &defender,
        true,
        &mut modifiers,
        &mut limits,
    );
    side_modifiers(
        input,
        &defender,
        &attacker,
        false,
        &mut modifiers,
        &mut limits,
    );
    (modifiers, limits)
}

fn side_modifiers(
    input: &Input,
    own: &Fighter,
    enemy: &Fighter,
    attacking: bool,
    modifiers: &mut Vec<Modifier>,
    limits: &mut Vec<AppliedLimit>,
) {
    let ids = own.ids;
    let mut add = |label: &str, value: i32, rule: &str| {
        modifiers.push(Modifier::new(ids.role, label, value, rule));
    };
    let mut withheld = |description: String, rule: &str| {
        limits.push(AppliedLimit {
            description,
            rule: rule.into(),
        });
    };
    let charge = input.text("charge");
    let terrain = input.text(ids.terrain);
    let defending_still = !attacking && own.still;

    // For Units of any type (L1008-1018).
    let hill_terrain = terrain == "hill" && defending_still;
    if hill_terrain {
        add(
            "Defending on a Hill, not in movement",
            1,
            "Hills, L598; melee modifiers, L1010",
        );
    }
    if let Some((name, bonus, rule)) = area_terrain(terrain) {
        if own.arm == Arm::Infantry && defending_still {
            add(
                &format!("Infantry defending in {name}, not in movement"),
                bonus,
                rule,
            );
        }
        if own.arm.is_cavalry() {
            add(&format!("Cavalry in {name}"), -1, rule);
        }
    }
    if attacking {
        match charge {
            "charge_0" => withheld(
                format!("{}: Charge 0 earns no +1 for the Charge", ids.role),
                "Melee modifiers, L1011",
            ),
            "none" => {}
            _ => add(
                "The attacker executed a Charge",
                1,
                "Melee modifiers, L1011",
            ),
        }
        if input.flag("torrent") {
            add("Crossed a Torrent charging", -1, "Torrent, L626");
        }
    }
    if input.flag(ids.general) {
        add(
            "A General is attached to its Formation",
            1,
            "Melee modifiers, L1012",
        );
    }
    let bonus_class = forms::setting(input, &options::MELEE_BONUS_CLASS);
    if class_at_least(own.class, bonus_class) {
        add(
            &format!("{} Unit (the +1 class setting)", class_label(own.class)),
            1,
            "Melee modifiers, L1013",
        );
    }
    if input.flag(enemy.ids.withdrew) {
        if own.arm == Arm::Infantry && enemy.arm.is_cavalry() {
            withheld(
                format!(
                    "{}: Infantry gets no +1 against Cavalry that withdrew",
                    ids.role
                ),
                "Melee modifiers, L1014",
            );
        } else {
            add(
                "Against a Unit that executed a Withdraw",
                1,
                "Melee modifiers, L1014",
            );
        }
    }
    let supporters = input.number(ids.supporters);
    if supporters > 0 {
        let label = format!("{supporters} {} Units in support", own.arm.name());
        if own.arm == Arm::Artillery {
            add(&label, supporters, "Melee modifiers for Artillery, L1036");
        } else {
            add(&label, supporters.min(2), "Melee modifiers, L1015");
            if supporters > 2 {
                withheld(
                    format!("{}: support counts at most +2", ids.role),
                    "Melee modifiers, L1015",
                );
            }
        }
    }
    if terrain == "hill" && own.still {
        if hill_terrain && forms::setting(input, &options::HILL_BONUS) == "once" {
            withheld(
                format!("{}: the Hill counts once (the Hill setting)", ids.role),
                "Melee modifiers, L1016",
            );
        } else {
            add("On a Hill, not in movement", 1, "Melee modifiers, L1016");
        }
    }
    if own.class == forms::setting(input, &options::MELEE_PENALTY_CLASS) {
        add(
            &format!("{} Unit (the -1 class setting)", class_label(own.class)),
            -1,
            "Melee modifiers, L1017",
        );
    }
    if own.shaken {
        let how = if own.yellow > 0 {
            "Shaken"
        } else {
            "Temporarily Shaken"
        };
        let rule = if own.yellow > 0 {
            "Melee modifiers, L1018"
        } else {
            "Melee modifiers, L1018; temporarily Shaken, L1004, L630"
        };
        if own.arm == Arm::Infantry && !attacking && enemy.arm.is_cavalry() {
            add(&format!("{how} Infantry attacked by Cavalry"), -2, rule);
        } else {
            add(how, -1, rule);
        }
    }

    // For Infantry Units (L1020-1024).
    if own.arm == Arm::Infantry && enemy.arm == Arm::Infantry {
        let discipline = input.text(ids.fire_discipline).parse().unwrap_or(0);
        if discipline > 0 {
            add(
                "Fire Discipline, Infantry against Infantry",
                discipline,
                "Melee modifiers for Infantry, L1022",
            );
        }
    }
    let other_arm = input.flag(ids.other_arm);
    if own.arm == Arm::Infantry && other_arm {
        match enemy.arm {
            Arm::Cavalry(_) => add(
                "Supported by non-Shaken Cavalry, against Cavalry",
                1,
                "Melee modifiers for Infantry, L1023",
            ),
            Arm::Infantry => add(
                "Supported by non-Shaken Cavalry, against Infantry",
                2,
                "Melee modifiers for Infantry, L1024",
            ),
            Arm::Artillery => withheld(
                format!(
                    "{}: Cavalry support counts only against Infantry or Cavalry",
                    ids.role
                ),
                "Melee modifiers for Infantry, L1023-1024",
            ),
        }
    }

    // For Cavalry Units (L1026-1032).
    if let (Arm::Cavalry(own_weight), Arm::Cavalry(enemy_weight)) = (own.arm, enemy.arm) {
        match (own_weight, enemy_weight) {
            (2, 1) => add(
                "Medium Cavalry against Light Cavalry",
                1,
                "Melee modifiers for Cavalry, L1028",
            ),
            (3, 2) => add(
                "Heavy Cavalry against Medium Cavalry",
                1,
                "Melee modifiers for Cavalry, L1029",
            ),
            (3, 1) => add(
                "Heavy Cavalry against Light Cavalry",
                2,
                "Melee modifiers for Cavalry, L1031",
            ),
            _ => {}
        }
    }
    if own.arm.is_cavalry() && other_arm {
        add(
            "Supported by non-Shaken Infantry",
            1,
            "Melee modifiers for Cavalry, L1030",
        );
    }
    if attacking && own.arm.is_cavalry() && enemy.arm == Arm::Infantry && !enemy.shaken {
        if matches!(charge, "charge_1" | "pursuit") {
            withheld(
                format!(
                    "{}: Cavalry charging by Charge 1 or in Pursuit is spared the -2 against Infantry",
                    ids.role
                ),
                "Melee modifiers for Cavalry, L1032",
            );
        } else {
            add(
                "Cavalry attacking non-Shaken Infantry",
                -2,
                "Melee modifiers for Cavalry, L1032",
            );
        }
    }
}

pub struct Melee;

impl Melee {
    /// The dice that stand: a side that re-rolls keeps its second die (L944).
    fn standing_dice(input: &Input, faces: &[u8]) -> (i32, i32) {
        let mut rerolls = faces.iter().skip(2);
        let mut die = |ids: &Ids, first: u8| {
            let face = if input.flag(ids.rerolls) {
                rerolls.next().copied().unwrap_or(first)
            } else {
                first
            };
            i32::from(face)
        };
        let attacker = die(&ATTACKER_IDS, faces.first().copied().unwrap_or(1));
        let defender = die(&DEFENDER_IDS, faces.get(1).copied().unwrap_or(1));
        (attacker, defender)
    }
}

impl Procedure for Melee {
    fn about(&self) -> &About {
        &About {
            id: "melee",
            title: "Melee",
            rule: "Melee, L898-907, L936-954; melee modifiers, L1002-1036",
            summary: "The attacking and the defending Unit each roll 1 die and add their modifiers. The lower final result reads the difference on the melee effects table and applies it to its own Unit: 0/1 stay in contact, 2/3 Withdraw 1, 4 Retreat, 5+ Routed.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in SETTINGS {
            crate::engine::settings::prefill_setting(input, record, field);
        }
    }
    /// A Unit chosen from the record brings its tile (type, class, Fire Discipline) and its yellow
    /// markers.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        let ids = match changed {
            "attacker" => &ATTACKER_IDS,
            "defender" => &DEFENDER_IDS,
            _ => return,
        };
        let Some(unit) =
            given(input.text(ids.unit)).and_then(|name| record.unit(input.text(ids.army), name))
        else {
            return;
        };
        for (field, name, choices) in [
            (ids.unit_type, attribute::TYPE, UNIT_TYPES),
            (ids.class, attribute::CLASS, CLASS_CHOICES),
            (
                ids.fire_discipline,
                attribute::FIRE_DISCIPLINE,
                FIRE_DISCIPLINES,
            ),
        ] {
            if let Some(value) = unit
                .attribute(name)
                .filter(|value| choices.iter().any(|(id, _)| id == value))
            {
                input.set(field, Value::Text(value.into()));
            }
        }
        let yellow = roster::number(unit, attribute::YELLOW).clamp(0, 2);
        input.set(ids.yellow, Value::Number(i64::from(yellow)));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            check_unit(record, input.text(ids.army), input.text(ids.unit), ids.unit)?;
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, ATTACKER_IDS.army, DEFENDER_IDS.army)?;
        let reroll_class = forms::setting(input, &options::REROLL_CLASS);
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            let fighter = Fighter::read(input, ids);
            if input.flag(ids.rerolls) && fighter.class != reroll_class {
                return Err(InputError::new(
                    ids.rerolls,
                    format!(
                        "only a Unit of the re-roll class ({}, see Settings) may re-roll its melee die (L944); this one is {}",
                        class_label(reroll_class),
                        class_label(fighter.class)
                    ),
                ));
            }
            if input.flag(ids.other_arm) && fighter.arm == Arm::Artillery {
                return Err(InputError::new(
                    ids.other_arm,
                    "the other arm's support is for Infantry and Cavalry (L1023-1030); count Artillery supporting Artillery as its own type",
                ));
            }
        }
        let charge = input.text("charge");
        if input.text("step") == "b" && charge != "none" {
            return Err(InputError::new(
                "charge",
                "a Counterattack is a second melee where the Units stand, with the roles inverted (L928): no Charge",
            ));
        }
        if charge == "none" && input.flag("torrent") {
            return Err(InputError::new(
                "torrent",
                "the Torrent's -1 is for a Unit that crossed it while charging (L626)",
            ));
        }
        if charge == "pursuit" && Fighter::read(input, &ATTACKER_IDS).arm == Arm::Artillery {
            return Err(InputError::new(
                "charge",
                "Artillery Units do not pursue (L960)",
            ));
        }
        Ok(())
    }
    fn reads(&self) -> &'static [TableRead] {
        &[EFFECTS]
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        let mut slots = vec![("Attacker die", Die::D6), ("Defender die", Die::D6)];
        if input.flag(ATTACKER_IDS.rerolls) {
            slots.push(("Attacker's re-roll", Die::D6));
        }
        if input.flag(DEFENDER_IDS.rerolls) {
            slots.push(("Defender's re-roll", Die::D6));
        }
        DiceSpec::new(&slots)
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        modifiers_and_limits(input).0
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        self.dice(input).check(faces)?;
        let attacker = Fighter::read(input, &ATTACKER_IDS);
        let defender = Fighter::read(input, &DEFENDER_IDS);
        let (modifiers, mut limits) = modifiers_and_limits(input);
        let sum = |role: &str| -> i32 {
            modifiers
                .iter()
                .filter(|m| m.side == role)
                .map(|m| m.value)
                .sum()
        };
        let (attacker_die, defender_die) = Melee::standing_dice(input, faces);
        let totals = vec![
            SideTotal {
                side: ATTACKER.into(),
                die: Some(attacker_die),
                modifiers: sum(ATTACKER),
                total: attacker_die + sum(ATTACKER),
            },
            SideTotal {
                side: DEFENDER.into(),
                die: Some(defender_die),
                modifiers: sum(DEFENDER),
                total: defender_die + sum(DEFENDER),
            },
        ];
        let (attack, defence) = (totals[0].total, totals[1].total);
        let mut effects = general_reminders(input, &attacker, &defender);
        effects.push(Effect::reminder(
            "Each army now rolls 1 die for each enemy Unit that took part, supporters included, for its own Losses (Melee Losses)",
            "Suffer Damages, L911; support, L950",
        ));
        if attack == defence {
            return Ok(Resolution {
                outcome: Outcome {
                    key: CONTACT.into(),
                    rank: 3,
                    headline: format!("Equal results ({attack} each): no effect"),
                },
                modifiers,
                totals,
                limits,
                cell: None,
                effects,
            });
        }
        let attacker_won = attack > defence;
        let (winner, loser) = if attacker_won {
            (&attacker, &defender)
        } else {
            (&defender, &attacker)
        };
        let difference = attack.abs_diff(defence);
        let lookup = tables.get("melee")?.lookup_differential(difference)?;
        let code = lookup.code_for(&EFFECTS)?;
        limits.extend(lookup.limits.iter().cloned());
        let row = lookup.cell.row.to_string();
        let rule = format!("Melee effects, row {row}, L{}", ROW_LINES[severity(code)]);
        let (fate, loser_effects) = loser_fate(loser, code, &rule);
        effects.extend(loser_effects);
        if code != "C" {
            if input.text("step") == STEP_D {
                limits.push(AppliedLimit {
                    description: "No Pursuit Opportunity from a melee in Step D".into(),
                    rule: rule.clone(),
                });
            } else {
                effects.push(Effect::reminder(
                    &format!(
                        "{}: Pursuit Opportunity. Its player picks a type of Unit that took part, not Artillery, and rolls (Pursuit)",
                        army_label(winner.army)
                    ),
                    &format!("{rule}; Pursuit, L958-967"),
                ));
            }
        }
        let key = if code == "C" {
            CONTACT.to_string()
        } else {
            format!("{} ({row}): {fate}", loser.ids.role)
        };
        let rank = if attacker_won {
            3 - severity(code) as i32
        } else {
            3 + severity(code) as i32
        };
        Ok(Resolution {
            outcome: Outcome {
                key,
                rank,
                headline: format!(
                    "{} {} against {}: {}",
                    army_label(winner.army),
                    attack.max(defence),
                    attack.min(defence),
                    if code == "C" {
                        CONTACT.to_lowercase()
                    } else {
                        format!("{} {fate}", loser.called)
                    }
                ),
            },
            modifiers,
            totals,
            limits,
            cell: Some(lookup.cell),
            effects,
        })
    }
}

/// The melee effects table's rows: in contact, Withdraw, Retreat, Routed (L902-907).
const EFFECTS: TableRead = TableRead {
    table: "melee",
    codes: &["C", "W", "R", "X"],
};

/// Both Units stay in contact: on equal results, and on a difference of 0/1.
const CONTACT: &str = "Both Units stay in contact";

/// The table's rows by severity for the loser, and where each is printed.
const ROW_LINES: [&str; 4] = ["904", "905", "906", "907"];

fn severity(code: &str) -> usize {
    match code {
        "W" => 1,
        "R" => 2,
        "X" => 3,
        // "C": the code is one of EFFECTS'.
        _ => 0,
    }
}

/// What the table's row does to the losing Unit, in words and on the record.
fn loser_fate(loser: &Fighter, code: &str, rule: &str) -> (String, Vec<Effect>) {
    let called = &loser.called;
    let army = loser.army;
    let set_yellow = |markers: i32| match loser.name {
        Some(name) => Effect::set_attribute(army, name, attribute::YELLOW, markers, rule),
        None => Effect::reminder(&format!("{called} now has {markers} yellow markers"), rule),
    };
    let change_state =
        |new_state: &str, rule: &str| Effect::unit_state(army, loser.name, called, new_state, rule);
    match code {
        "C" => (String::new(), Vec::new()),
        "W" | "R" if loser.arm == Arm::Artillery => (
            "is captured (an Artillery Unit)".into(),
            vec![change_state(state::CAPTURED, rule)],
        ),
        "W" | "R" if loser.garrison => (
            "stays: a Garrison is never moved".into(),
            vec![Effect::reminder(
                if code == "W" {
                    "A Garrison ignores a Withdraw"
                } else {
                    "A Garrison ignores a Retreat, but Haye Sainte is eliminated by a Retreat from melee"
                },
                &format!("{rule}; the Garrisons, L540"),
            )],
        ),
        "W" => ("must Withdraw 1".into(), withdraw_reminders(called, rule)),
        "R" => {
            // Retreat: Withdraw 1 and a yellow marker (L783); the second marker routs (L787).
            let markers = (loser.yellow + 1).min(2);
            let mut effects = withdraw_reminders(called, &format!("{rule}; Retreat, L783"));
            effects.push(set_yellow(markers));
            if markers == 2 {
                effects.push(routed_reminder(called));
            }
            ("Retreats: Withdraw 1 and a yellow marker".into(), effects)
        }
        _ if loser.garrison => (
            "is Routed, and a Routed Garrison is eliminated".into(),
            vec![change_state(
                state::ELIMINATED,
                &format!("{rule}; the Garrisons, L540"),
            )],
        ),
        // "X": the code is one of EFFECTS'.
        _ => {
            let mut effects = vec![set_yellow(2), routed_reminder(called)];
            // A Routed Unit must Withdraw 2 (L787), and Artillery that Withdraws is fastened (L763).
            if loser.arm == Arm::Artillery {
                let routed = Named {
                    side: army,
                    name: loser.name,
                    called,
                };
                effects.extend(routed.fasten(&format!("{rule}; Routed, L787; Withdraw, L763")));
            }
            ("is Routed".into(), effects)
        }
    }
}

fn withdraw_reminders(unit: &str, rule: &str) -> Vec<Effect> {
    vec![
        Effect::reminder(
            &format!(
                "{unit} Withdraws 1 away from its front, never closer to the Unit that caused it; if it cannot, it receives 1 yellow marker, or suffers 1 Loss if it has one already"
            ),
            &format!("{rule}; Withdraw, L763-767"),
        ),
        Effect::reminder(
            "Friendly Units in contact behind it: to a depth of 2 they Withdraw 1 with it, an Artillery Unit fastening its Horse Team; at a depth of 3 or more the first 2 Units from the melee front are Shaken instead",
            "Withdraw, L763; exceptions, L773-779",
        ),
        Effect::reminder(
            &format!("{unit} cannot start a combat nor support in the subsequent melee"),
            "Withdraw, L765",
        ),
    ]
}

fn routed_reminder(unit: &str) -> Effect {
    Effect::reminder(
        &format!(
            "{unit} is Routed: it must Withdraw 2, or is captured if it cannot; it is eliminated at the end of the turn"
        ),
        "Routed, L787",
    )
}

/// An attached General in combat loses the markers of his box (L404).
fn general_reminders(input: &Input, attacker: &Fighter, defender: &Fighter) -> Vec<Effect> {
    [attacker, defender]
        .into_iter()
        .filter(|fighter| input.flag(fighter.ids.general))
        .map(|fighter| {
            Effect::reminder(
                &format!(
                    "{}: the markers in the box of the General attached to the Formation of {} go back to the reserve",
                    army_label(fighter.army),
                    fighter.called
                ),
                "Attaching, L404",
            )
        })
        .collect()
}

/// One die per enemy Unit that took part: its Unit in melee, up to 6 supporters of its type and
/// one of the other arm, as the melee form counts them.
const LOSS_DICE: [&str; 8] = [
    "Die 1", "Die 2", "Die 3", "Die 4", "Die 5", "Die 6", "Die 7", "Die 8",
];

/// The most Losses a Unit takes from one roll: one per die.
const MOST_LOSSES: u32 = LOSS_DICE.len() as u32;

const LOSS_RULE: &str = "Suffer Damages, L911-916";

const LOSS_SITUATION: &[Field] = &[
    Field {
        id: "side",
        label: "Army rolling for its Losses",
        group: "Losses",
        kind: FieldKind::Choice(SIDES),
        rule: "Suffer Damages, L911",
        help: "Each army that took part in the melee rolls for its own Losses.",
    },
    Field {
        id: "enemy_units",
        label: "Enemy Units that took part",
        group: "Losses",
        kind: FieldKind::Number {
            min: 1,
            max: LOSS_DICE.len() as i32,
        },
        rule: "Suffer Damages, L911; support, L950",
        help: "The enemy Unit in melee and its supporters: one die each. The rulebook sets no limit; this form rolls at most 8, as many as the melee form counts.",
    },
    Field {
        id: "own_units",
        label: "Its own Units that took part",
        group: "Losses",
        kind: FieldKind::Number { min: 1, max: 12 },
        rule: "Suffer Damages, L911-914",
        help: "Its Unit in melee and its supporters, among which its player shares the Losses.",
    },
    Field {
        id: "started",
        label: "One of them started the combat",
        group: "Losses",
        kind: FieldKind::Flag,
        rule: "Suffer Damages, L913; combat, L922",
        help: "That Unit suffers no fewer Losses than any other. Name it first below.",
    },
    options::on_form(options::MELEE_LOSS_FACES),
];

/// The fields of one Unit taking a share of the Losses.
struct Share {
    group: &'static str,
    unit: &'static str,
    losses: &'static str,
    left: &'static str,
}

/// The Units among which the player shares the Losses, by name: as many as the Losses can be.
const SHARES: [Share; LOSS_DICE.len()] = [
    share(
        "First Unit (the one that started the combat, if of this army)",
        1,
    ),
    share("Second Unit", 2),
    share("Third Unit", 3),
    share("Fourth Unit", 4),
    share("Fifth Unit", 5),
    share("Sixth Unit", 6),
    share("Seventh Unit", 7),
    share("Eighth Unit", 8),
];

const fn share(group: &'static str, n: usize) -> Share {
    const UNITS: [&str; 8] = [
        "unit_1", "unit_2", "unit_3", "unit_4", "unit_5", "unit_6", "unit_7", "unit_8",
    ];
    const LOSSES: [&str; 8] = [
        "losses_1", "losses_2", "losses_3", "losses_4", "losses_5", "losses_6", "losses_7",
        "losses_8",
    ];
    const LEFT: [&str; 8] = [
        "left_1", "left_2", "left_3", "left_4", "left_5", "left_6", "left_7", "left_8",
    ];
    Share {
        group,
        unit: UNITS[n - 1],
        losses: LOSSES[n - 1],
        left: LEFT[n - 1],
    }
}

const fn share_fields(share: &Share) -> [Field; 3] {
    [
        Field {
            id: share.unit,
            label: "Unit",
            group: share.group,
            kind: FieldKind::Unit {
                of: UnitOf::Side("side"),
                only: UNITS_ON_BATTLEFIELD,
                max_len: 40,
            },
            rule: "Suffer Damages, L911-913",
            help: "A Unit of this army that took part. Choose it from the record to fill in the Losses it can still sustain and to place its Loss tokens there. Name none to place them by hand.",
        },
        Field {
            id: share.losses,
            label: "Losses it suffers",
            group: share.group,
            kind: FieldKind::Count { max: MOST_LOSSES },
            rule: "Suffer Damages, L911-914",
            help: "Its share, as its player chooses once the dice are rolled; the shares add up to the Losses rolled.",
        },
        Field {
            id: share.left,
            label: "Losses it can still sustain",
            group: share.group,
            kind: FieldKind::Count { max: 20 },
            rule: "Units, L463; Suffer Damages, L914-916",
            help: "Its capacity less its Loss tokens: it suffers no more than that, and is eliminated at zero. Filled in from the record.",
        },
    ]
}

const LOSS_FIELDS: &[Field] = &join::<{ LOSS_SITUATION.len() + 3 * SHARES.len() }>(&[
    LOSS_SITUATION,
    &share_fields(&SHARES[0]),
    &share_fields(&SHARES[1]),
    &share_fields(&SHARES[2]),
    &share_fields(&SHARES[3]),
    &share_fields(&SHARES[4]),
    &share_fields(&SHARES[5]),
    &share_fields(&SHARES[6]),
    &share_fields(&SHARES[7]),
]);

pub struct MeleeLosses;

/// A Unit named on the Melee Losses form, with its share.
struct Shared<'a> {
    share: &'static Share,
    name: &'a str,
    losses: i32,
    left: i32,
}

impl MeleeLosses {
    /// The Units named, in the form's order.
    fn shared(input: &Input) -> Vec<Shared<'_>> {
        SHARES
            .iter()
            .filter_map(|share| {
                given(input.text(share.unit)).map(|name| Shared {
                    share,
                    name,
                    losses: input.number(share.losses),
                    left: input.number(share.left),
                })
            })
            .collect()
    }

    fn losses_rolled(input: &Input, faces: &[u8]) -> i32 {
        let loss_from: u8 = forms::setting(input, &options::MELEE_LOSS_FACES)
            .parse()
            .unwrap_or(5);
        faces.iter().filter(|f| **f >= loss_from).count() as i32
    }
}

impl Procedure for MeleeLosses {
    fn about(&self) -> &About {
        &About {
            id: "melee-losses",
            title: "Melee Losses",
            rule: "Suffer Damages, L909-916",
            summary: "An army that took part in a melee rolls 1 die for each enemy Unit that took part, supporters included; each die on the Loss faces is a Loss for its own Units, shared out by its player. Name the Units and their shares to place the Loss tokens on the record.",
            fields: LOSS_FIELDS,
        }
    }
    /// One share for each of its own Units that took part.
    fn shows(&self, field: &str, input: &Input) -> bool {
        let own = usize::try_from(input.number("own_units"))
            .unwrap_or(0)
            .max(1);
        SHARES
            .iter()
            .position(|share| [share.unit, share.losses, share.left].contains(&field))
            .is_none_or(|index| index < own)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        crate::engine::settings::prefill_setting(input, record, &options::MELEE_LOSS_FACES);
    }
    /// A Unit chosen from the record brings the Losses it can still sustain.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if let Some(share) = SHARES.iter().find(|share| share.unit == changed) {
            forms::fill_losses_left(input, record, ("side", share.unit, share.left), 0);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for share in &SHARES {
            check_unit(
                record,
                input.text("side"),
                input.text(share.unit),
                share.unit,
            )?;
            forms::check_losses_left(input, record, ("side", share.unit, share.left), 0)?;
        }
        Ok(())
    }
    /// The shares each within the Unit's capacity (L914), the Unit that started the combat first and
    /// suffering no fewer than any other (L913), no more Losses than dice (L911).
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for share in &SHARES {
            if input.number(share.losses) > 0 && given(input.text(share.unit)).is_none() {
                return Err(InputError::new(
                    share.unit,
                    "name the Unit that suffers these Losses",
                ));
            }
        }
        let shared = MeleeLosses::shared(input);
        for (i, unit) in shared.iter().enumerate() {
            if shared[..i].iter().any(|other| other.name == unit.name) {
                return Err(InputError::new(
                    unit.share.unit,
                    format!("{} is named twice", unit.name),
                ));
            }
            if unit.left == 0 {
                return Err(InputError::new(
                    unit.share.left,
                    format!(
                        "enter the Losses {} can still sustain: its capacity less its Loss tokens (L463)",
                        unit.name
                    ),
                ));
            }
            if unit.losses > unit.left {
                return Err(InputError::new(
                    unit.share.losses,
                    format!(
                        "{} can sustain only {} more Losses: no Unit suffers more than its capacity (L914)",
                        unit.name, unit.left
                    ),
                ));
            }
        }
        if shared.is_empty() {
            return Ok(());
        }
        if i32::try_from(shared.len()).is_ok_and(|named| named > input.number("own_units")) {
            return Err(InputError::new(
                "own_units",
                format!(
                    "{} Units are named: count them among the Units that took part",
                    shared.len()
                ),
            ));
        }
        let total: i32 = shared.iter().map(|unit| unit.losses).sum();
        if total > input.number("enemy_units") {
            return Err(InputError::new(
                SHARES[0].losses,
                format!(
                    "{total} Losses shared out, more than the {} dice can give (L911)",
                    input.number("enemy_units")
                ),
            ));
        }
        if input.flag("started") {
            let starter = &SHARES[0];
            let Some(first) = shared
                .first()
                .filter(|unit| unit.share.unit == starter.unit)
            else {
                return Err(InputError::new(
                    starter.unit,
                    "name first the Unit that started the combat (L913)",
                ));
            };
            // Only its capacity lets it suffer fewer than another (L914 over L913).
            if first.losses < first.left
                && let Some(more) = shared.iter().find(|unit| unit.losses > first.losses)
            {
                return Err(InputError::new(
                    starter.losses,
                    format!(
                        "{}, which started the combat, cannot suffer fewer Losses than {} ({}) (L913)",
                        first.name, more.name, more.losses
                    ),
                ));
            }
        }
        Ok(())
    }
    /// The shares add up to the Losses rolled, unless every Unit that took part is named and
    /// eliminated (L914-916).
    fn check_with_dice(&self, input: &Input, faces: &[u8]) -> Result<(), InputError> {
        let shared = MeleeLosses::shared(input);
        if shared.is_empty() {
            return Ok(());
        }
        let rolled = MeleeLosses::losses_rolled(input, faces);
        let total: i32 = shared.iter().map(|unit| unit.losses).sum();
        let all_spent = i32::try_from(shared.len()) == Ok(input.number("own_units"))
            && shared.iter().all(|unit| unit.losses == unit.left);
        if total == rolled || (total < rolled && all_spent) {
            return Ok(());
        }
        Err(InputError::new(
            SHARES[0].losses,
            format!(
                "the dice give {rolled} Losses and {total} are shared out: share out all {rolled} (L911)"
            ),
        ))
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        DiceSpec::pool(Die::D6, &LOSS_DICE, input.number("enemy_units"))
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        let losses = MeleeLosses::losses_rolled(input, faces);
        let setting = forms::setting(input, &options::MELEE_LOSS_FACES);
        let faces_text = if setting == "6" { "6" } else { "5 or 6" };
        let army = army_label(input.text("side"));
        let shared = MeleeLosses::shared(input);
        let side = input.text("side");
        // check_with_dice has made the shares fit the dice (the odds, trying every face, skip it).
        let effects = if shared.is_empty() {
            loss_reminders(input, army, losses)
        } else {
            shared
                .iter()
                .flat_map(|unit| {
                    Named::new(side, unit.name, unit.name).losses(unit.losses, unit.left, LOSS_RULE)
                })
                .collect()
        };
        let suffered: i32 = shared.iter().map(|unit| unit.losses).sum();
        let mut limits = Vec::new();
        if !shared.is_empty() && suffered < losses {
            limits.push(AppliedLimit {
                description: format!(
                    "{} Losses go unsuffered: every Unit that took part is eliminated, and none suffers more than its capacity",
                    losses - suffered
                ),
                rule: "Suffer Damages, L914".into(),
            });
        }
        Ok(Resolution {
            outcome: Outcome {
                key: format!("{losses} Losses"),
                // Best first for the army that rolls: the fewest Losses.
                rank: losses,
                headline: format!(
                    "{army}: {losses} Losses from {} dice (a Loss on {faces_text})",
                    faces.len()
                ),
            },
            totals: vec![SideTotal {
                side: "Losses".into(),
                die: None,
                modifiers: 0,
                total: losses,
            }],
            modifiers: Vec::new(),
            limits,
            cell: None,
            effects,
        })
    }
}

/// The Losses to place by hand when no Unit is named, with the two limits of the share-out.
fn loss_reminders(input: &Input, army: &str, losses: i32) -> Vec<Effect> {
    let mut effects = Vec::new();
    if losses == 0 {
        return effects;
    }
    let units = input.number("own_units").max(1);
    effects.push(Effect::reminder(
        &format!(
            "{army}: place {losses} Loss tokens on its {units} Units that took part, as its player chooses"
        ),
        "Suffer Damages, L911; the Loss faces setting",
    ));
    if input.flag("started") && units > 1 {
        effects.push(Effect::reminder(
            &format!(
                "The Unit that started the combat suffers no fewer Losses than any other: at least {}",
                (losses + units - 1) / units
            ),
            "Suffer Damages, L913",
        ));
    }
    effects.push(Effect::reminder(
        "No Unit suffers more Losses than it can still sustain; a Unit with none left is eliminated, and the other friendly Units in its column become Shaken",
        "Suffer Damages, L914-916; elimination, L672",
    ));
    effects
}

const PURSUERS: &[(&str, &str)] = &[
    ("cavalry", "Its Cavalry Units"),
    ("infantry", "Its Infantry Units"),
];

const TARGETS: &[(&str, &str)] = &[
    ("infantry", "Infantry"),
    ("cavalry", "Cavalry"),
    ("artillery", "Artillery"),
];

const WISHES: &[(&str, &str)] = &[
    ("pursue", "Adds them: it wants to pursue"),
    ("hold", "Subtracts them: it wants to hold back"),
];

const PURSUIT: &str = "Pursuit";

const PURSUIT_SITUATION: &[Field] = &[
    Field {
        id: "side",
        label: "Pursuing army",
        group: PURSUIT,
        kind: FieldKind::Choice(SIDES),
        rule: "Pursuit, L960",
        help: "The winner of a melee by 2 or more, outside Step D.",
    },
    Field {
        id: "pursuers",
        label: "Pursuing with",
        group: PURSUIT,
        kind: FieldKind::Choice(PURSUERS),
        rule: "Pursuit, L960-965",
        help: "A type of Unit that took part in the melee, not Artillery. Roll again for the other type if needed.",
    },
    Field {
        id: "target",
        label: "The enemy Unit in Withdraw is",
        group: PURSUIT,
        kind: FieldKind::Choice(TARGETS),
        rule: "Pursuit, L960-962",
        help: "Infantry pursues by Charge 1, but not against Cavalry.",
    },
    Field {
        id: "in_contact",
        label: "They are still in contact with the enemy Unit that withdrew",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, exceptions, L967",
        help: "The Pursuit of that Unit then succeeds without a roll.",
    },
    Field {
        id: "in_recovery",
        label: "Their Formation is in Recovery (orange marker)",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, L965",
        help: "Units of a Formation in Recovery cannot pursue.",
    },
    Field {
        id: "shaken",
        label: "A pursuing Unit is Shaken (yellow marker)",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, die modifiers, L971",
        help: "-2.",
    },
    Field {
        id: "class",
        label: "Class of the pursuing Units",
        group: PURSUIT,
        kind: FieldKind::Choice(CLASS_CHOICES),
        rule: "Pursuit, die modifiers, L972",
        help: "-1 for the class the setting names.",
    },
    Field {
        id: "target_class",
        label: "Class of the pursued Unit",
        group: PURSUIT,
        kind: FieldKind::Choice(CLASS_CHOICES),
        rule: "Pursuit, die modifiers, L974",
        help: "±1 for the class the setting names or higher.",
    },
    Field {
        id: "general",
        label: "Their General within 2 UoM",
        group: PURSUIT,
        kind: FieldKind::Choice(forms::GENERAL_RANKS),
        rule: "Pursuit, die modifiers, L975-976; Commanders in Chief, L331",
        help: "±1; ±2 for a General of the rank the setting names or higher.",
    },
    Field {
        id: "wish",
        label: "The ±1 and ±2: its player",
        group: PURSUIT,
        kind: FieldKind::Choice(WISHES),
        rule: "Pursuit, die modifiers, L974-976",
        help: "As the player wants: whoever wants to pursue adds them all; whoever holds back subtracts them all.",
    },
    Field {
        id: "terrain_used",
        label: "Terrain modifier a Unit of their Formation used in the combat",
        group: PURSUIT,
        kind: FieldKind::Number { min: -1, max: 2 },
        rule: "Pursuit, die modifiers, L977",
        help: "Subtracted.",
    },
];

const PURSUIT_SETTINGS: &[Field] = &[
    options::on_form(options::PURSUIT_FROM),
    options::on_form(options::PURSUIT_PENALTY_CLASS),
    options::on_form(options::PURSUIT_TARGET_CLASS),
    options::on_form(options::PURSUIT_GENERAL_RANK),
];

const PURSUIT_FIELDS: &[Field] = &join::<
    { PURSUIT_SITUATION.len() + charge::FIELDS.len() + PURSUIT_SETTINGS.len() },
>(&[PURSUIT_SITUATION, &charge::FIELDS, PURSUIT_SETTINGS]);

/// The "unset" choice of the Pursuit setting: the players have not entered the faces yet.
const UNSET: &str = "unset";

/// A Commander in Chief follows the rules of a five-star General (L331).
const PURSUIT_COMMANDER_RANK: i32 = roster::COMMANDER_RANK;

pub struct Pursuit;

impl Pursuit {
    fn automatic(input: &Input) -> bool {
        input.flag("in_contact")
    }
}

impl Procedure for Pursuit {
    fn about(&self) -> &About {
        &About {
            id: "pursuit",
            title: "Pursuit",
            rule: "Pursuit, L958-977",
            summary: "After a melee won by 2 or more (not in Step D), the winner rolls 1 die for a type of Unit that took part. On a success all those Units must Charge the enemy Unit in Withdraw: Infantry by Charge 1, Cavalry by Charge 2.",
            fields: PURSUIT_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in PURSUIT_SETTINGS {
            crate::engine::settings::prefill_setting(input, record, field);
        }
        charge::set_enemy(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            charge::set_enemy(input, record);
        }
        charge::follow(changed, input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        charge::check_record(input, record)
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        forms::check_enemies(input, "side", "enemy")?;
        if input.flag("in_recovery") {
            return Err(InputError::new(
                "in_recovery",
                "Units of a Formation in Recovery (orange marker) cannot pursue (L965)",
            ));
        }
        if input.text("pursuers") == "infantry" && input.text("target") == "cavalry" {
            return Err(InputError::new(
                "target",
                "Infantry pursues by Charge 1, except against Cavalry Units (L962): it does not pursue Cavalry",
            ));
        }
        if !Pursuit::automatic(input) && forms::setting(input, &options::PURSUIT_FROM) == UNSET {
            return Err(InputError::new(
                options::PURSUIT_FROM.id,
                "the faces on which a Pursuit succeeds are lost from the text (L960): enter them in Settings (\"Pursuit succeeds on a final result of\") before the first Pursuit",
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if Pursuit::automatic(input) {
            DiceSpec::default()
        } else {
            DiceSpec::new(&[("Pursuit die", Die::D6)])
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        if Pursuit::automatic(input) {
            return Vec::new();
        }
        let mut modifiers = Vec::new();
        let mut add = |label: &str, value: i32, rule: &str| {
            if value != 0 {
                modifiers.push(Modifier::new(PURSUIT, label, value, rule));
            }
        };
        if input.flag("shaken") {
            add(
                "Executed by a Shaken Unit",
                -2,
                "Pursuit, die modifiers, L971",
            );
        }
        let class = input.text("class");
        if class == forms::setting(input, &options::PURSUIT_PENALTY_CLASS) {
            add(
                &format!(
                    "Executed by a {} Unit (the class setting)",
                    class_label(class)
                ),
                -1,
                "Pursuit, die modifiers, L972",
            );
        }
        if input.text("pursuers") == "cavalry" {
            add("Executed by Cavalry", 1, "Pursuit, die modifiers, L973");
        }
        // The player's ±: all added to pursue, all subtracted to hold back.
        let sign = if input.text("wish") == "hold" { -1 } else { 1 };
        let target_class = input.text("target_class");
        if class_at_least(
            target_class,
            forms::setting(input, &options::PURSUIT_TARGET_CLASS),
        ) {
            add(
                &format!(
                    "The target is {} (the class setting or higher), as the player wants",
                    class_label(target_class)
                ),
                sign,
                "Pursuit, die modifiers, L974",
            );
        }
        if let Some(rank) = forms::general_rank(input.text("general"), PURSUIT_COMMANDER_RANK) {
            let threshold = forms::setting(input, &options::PURSUIT_GENERAL_RANK)
                .parse()
                .unwrap_or(PURSUIT_COMMANDER_RANK);
            if rank >= threshold {
                add(
                    &format!("A {rank}-star General within 2 UoM, as the player wants"),
                    2 * sign,
                    "Pursuit, die modifiers, L976",
                );
            } else {
                add(
                    "Their General within 2 UoM, as the player wants",
                    sign,
                    "Pursuit, die modifiers, L975",
                );
            }
        }
        add(
            "The terrain modifier used in the combat, subtracted",
            -input.number("terrain_used"),
            "Pursuit, die modifiers, L977",
        );
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        self.dice(input).check(faces)?;
        let cavalry = input.text("pursuers") == "cavalry";
        let units = if cavalry { "Cavalry" } else { "Infantry" };
        let army = army_label(input.text("side"));
        let modifiers = self.modifiers(input);
        let mut limits = Vec::new();
        let mut totals = Vec::new();
        let (success, how) = match faces.first() {
            None => {
                limits.push(AppliedLimit {
                    description: "Still in contact with the Unit that withdrew: the Pursuit of it succeeds without a roll".into(),
                    rule: "Pursuit, exceptions, L967".into(),
                });
                (true, "still in contact".to_string())
            }
            Some(face) => {
                let die = i32::from(*face);
                let applied: i32 = modifiers.iter().map(|m| m.value).sum();
                let total = die + applied;
                totals.push(SideTotal {
                    side: PURSUIT.into(),
                    die: Some(die),
                    modifiers: applied,
                    total,
                });
                let from: i32 = forms::setting(input, &options::PURSUIT_FROM)
                    .parse()
                    .map_err(|_| {
                        InputError::new(
                            options::PURSUIT_FROM.id,
                            "enter the Pursuit faces in Settings (L960)",
                        )
                    })?;
                (total >= from, format!("{total}; {from} or more pursues"))
            }
        };
        let mut effects = Vec::new();
        if success {
            let charge = if cavalry {
                "Charge 2, after moving if they like further UoM along one of their flanks and freely through friendly Units in Formation"
            } else {
                "Charge 1"
            };
            effects.push(Effect::reminder(
                &format!(
                    "{army}: all its {units} Units that took part pursue by {charge}, with no green marker needed, against the enemy Unit in Withdraw or, if that is not possible, an enemy Unit in Formation"
                ),
                if cavalry {
                    "Pursuit, L960, L963"
                } else {
                    "Pursuit, L960, L962"
                },
            ));
            if cavalry {
                effects.push(Effect::reminder(
                    "In the melee that follows, Cavalry charging in Pursuit is spared the -2 against non-Shaken Infantry",
                    "Melee modifiers for Cavalry, L1032",
                ));
            }
            // A Pursuit is a Charge (L960): the Formation it reaches is charged (L815).
            effects.extend(charge::effects(input));
        }
        effects.push(Effect::reminder(
            "If Units of the other type took part in the melee, roll for them too",
            "Pursuit, L965",
        ));
        Ok(Resolution {
            outcome: Outcome {
                key: if success { "Pursuit" } else { "No Pursuit" }.into(),
                rank: i32::from(!success),
                headline: format!(
                    "{army}: its {units} {} ({how})",
                    if success { "pursue" } else { "do not pursue" }
                ),
            },
            totals,
            modifiers,
            limits,
            cell: None,
            effects,
        })
    }
}
