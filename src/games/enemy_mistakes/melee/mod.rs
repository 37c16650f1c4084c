//! Melee (L898-907, L936-954, L1002-1036): the attacking Unit and the defending Unit each roll 1d6
//! and add their modifiers; the side with the lower final result reads the difference on the melee
//! effects table and applies the effect to its own Unit. Then each army rolls for its Losses
//! (`melee-losses`, in `losses`), and a winner by 2 or more may pursue (`pursuit`, in `pursuit`).
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
//! - The re-roll (L900, L944) belongs to a side with a Unit of the class the re-roll setting names
//!   (that class exactly) "among the Units involved in the melee": its Unit in melee, or one in
//!   support, since "giving support is the same as participating" (L950). The setting `reroll_from`
//!   can narrow it to the Unit in melee. The second die stands.
//! - A Retreat gives a yellow marker even to a Unit that has one: it is then Routed (L787). A
//!   Routed Unit keeps 2 yellow markers: the text has no third.
//! - A Garrison is never moved (L540): it ignores a Withdraw and a Retreat, except that Haye Sainte
//!   is eliminated by a Retreat from melee. The record tells a Garrison, not which one, so the form
//!   asks which (as the bombardment's does). A Routed Garrison is eliminated.
//! - A combat involving a Garrison ignores the Result of Combat, and the enemy Formations still in
//!   contact with the Garrison at the end of the melee Withdraw 1 (L540): "the melee" is each one
//!   fought, so the result says so after every melee that leaves the Garrison standing, naming the
//!   Formations the players list. Withdrawing is done on the table; the record keeps no positions.
//! - An Artillery Unit Routed in melee must Withdraw 2 (L787), so it fastens its Horse Team (L763);
//!   one that must Withdraw or Retreat is captured instead (L905-906).

mod losses;
mod pursuit;

pub use losses::MeleeLosses;
pub use pursuit::Pursuit;

use super::forms::{
    self, CLASS_CHOICES, ENEMY_SIDES, FORMATIONS, GARRISONS, HAYE_SAINTE, NOT_A_GARRISON, Named,
    UNITS_ON_BATTLEFIELD, check_enemies, check_formations, check_unit, given, join, named,
};
use super::roster::{
    self, CLASSES, FIRE_DISCIPLINES, UNIT_TYPES, attribute, class_at_least, state,
};
use super::{SIDES, army_label, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
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
    garrison: &'static str,
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
    reroll_supporter: &'static str,
    rerolls: &'static str,
}

const ATTACKER_IDS: Ids = Ids {
    role: ATTACKER,
    called: "The attacking Unit",
    army: "side",
    armies: SIDES,
    unit: "attacker",
    unit_type: "attacker_type",
    garrison: "attacker_garrison",
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
    reroll_supporter: "attacker_reroll_supporter",
    rerolls: "attacker_rerolls",
};

const DEFENDER_IDS: Ids = Ids {
    role: DEFENDER,
    called: "The defending Unit",
    army: "enemy_side",
    armies: ENEMY_SIDES,
    unit: "defender",
    unit_type: "defender_type",
    garrison: "defender_garrison",
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
    reroll_supporter: "defender_reroll_supporter",
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
const fn side_fields(ids: &Ids, movement: &'static [(&'static str, &'static str)]) -> [Field; 16] {
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
            id: ids.garrison,
            label: "Which Garrison",
            group,
            kind: FieldKind::Choice(GARRISONS),
            rule: "The Garrisons, L538-540",
            help: "Hougoumont is eliminated if Routed; Haye Sainte if Routed or in Retreat from a melee. The record tells a Garrison, not which one.",
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
            id: ids.reroll_supporter,
            label: "A Unit of the re-roll class supports it",
            group,
            kind: FieldKind::Flag,
            rule: "Melee, L900, L944; support, L950",
            help: "One of its supporters above. Giving support is the same as participating (L950): by default its player may then re-roll.",
        },
        Field {
            id: ids.rerolls,
            label: "Its player re-rolls the die",
            group,
            kind: FieldKind::Flag,
            rule: "Melee, L900, L944; the re-roll settings",
            help: "Only for a Unit of the re-roll class involved: in melee or, by default, in support. The second result stands.",
        },
    ]
}

/// The enemy Formations still in contact with a Garrison when its melee ends (L540).
const GARRISON_CONTACTS: &str = "garrison_contacts";

const SITUATION: &[Field] = &[
    Field {
        id: "step",
        label: "Step of the combat",
        group: "Situation",
        kind: FieldKind::Choice(STEPS),
        rule: "Combat, L924-932",
        help: "A melee in Step D gives no Pursuit Opportunity (L905-907).",
    },
    Field {
        id: GARRISON_CONTACTS,
        label: "Enemy Formations still in contact with the Garrison at the end of the melee",
        group: "Situation",
        kind: FieldKind::Units {
            of: UnitOf::Any,
            only: FORMATIONS,
        },
        rule: "The Garrisons, L540",
        help: "They must Withdraw 1. Name them to have the result name them, or leave it empty.",
    },
];

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
    options::on_form(options::REROLL_FROM),
    options::on_form(options::HILL_BONUS),
];

const ATTACKER_FIELDS: [Field; 16] = side_fields(&ATTACKER_IDS, &[IN_MOVEMENT, NOT_IN_MOVEMENT]);
const DEFENDER_FIELDS: [Field; 16] = side_fields(&DEFENDER_IDS, &[NOT_IN_MOVEMENT, IN_MOVEMENT]);

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
    /// Which Garrison, for a Garrison (L540).
    which_garrison: &'a str,
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
            which_garrison: input.text(ids.garrison),
            class: input.text(ids.class),
            yellow,
            shaken: yellow > 0 || input.flag(ids.temporarily_shaken),
            still: input.text(ids.movement) == NOT_IN_MOVEMENT.0,
        }
    }
}

impl Fighter<'_> {
    /// Haye Sainte is eliminated by a Retreat from melee too (L540).
    fn is_haye_sainte(&self) -> bool {
        self.garrison && self.which_garrison == HAYE_SAINTE
    }

    /// "The Hougoumont (II) Garrison", or what the form calls the Unit.
    fn garrison_name(&self) -> String {
        GARRISONS
            .iter()
            .find(|(id, _)| *id == self.which_garrison && *id != NOT_A_GARRISON)
            .map_or_else(
                || self.called.clone(),
                |(_, label)| format!("the {label} Garrison"),
            )
    }
}

/// The Garrison in the melee, if any, and its enemy: the Garrisons are English (L538), so at most
/// one side has one.
fn garrison_and_enemy<'a, 'b>(
    attacker: &'b Fighter<'a>,
    defender: &'b Fighter<'a>,
) -> Option<(&'b Fighter<'a>, &'b Fighter<'a>)> {
    if attacker.garrison {
        Some((attacker, defender))
    } else if defender.garrison {
        Some((defender, attacker))
    } else {
        None
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
            (ids.unit_type, attribute::TYPE, UNIT_TYPES.as_slice()),
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
    /// The two Units and what the board shows of their contact; what the tiles and markers say
    /// comes from the record, and the rarer facts are folded.
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "step",
            ATTACKER_IDS.army,
            ATTACKER_IDS.unit,
            ATTACKER_IDS.garrison,
            "charge",
            ATTACKER_IDS.terrain,
            ATTACKER_IDS.supporters,
            DEFENDER_IDS.army,
            DEFENDER_IDS.unit,
            DEFENDER_IDS.garrison,
            DEFENDER_IDS.terrain,
            DEFENDER_IDS.supporters,
            GARRISON_CONTACTS,
        ]
    }
    /// Which Garrison, and the Formations in contact with it, only where a Garrison fights.
    fn shows(&self, field: &str, input: &Input) -> bool {
        let is_garrison = |ids: &Ids| input.text(ids.unit_type) == "garrison";
        match field {
            GARRISON_CONTACTS => is_garrison(&ATTACKER_IDS) || is_garrison(&DEFENDER_IDS),
            _ => [&ATTACKER_IDS, &DEFENDER_IDS]
                .into_iter()
                .all(|ids| field != ids.garrison || is_garrison(ids)),
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            check_unit(record, input.text(ids.army), input.text(ids.unit), ids.unit)?;
        }
        let (attacker, defender) = (
            Fighter::read(input, &ATTACKER_IDS),
            Fighter::read(input, &DEFENDER_IDS),
        );
        if let Some((_, enemy)) = garrison_and_enemy(&attacker, &defender) {
            check_formations(record, enemy.army, input, GARRISON_CONTACTS)?;
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        check_enemies(input, ATTACKER_IDS.army, DEFENDER_IDS.army)?;
        let reroll_class = forms::setting(input, &options::REROLL_CLASS);
        for ids in [&ATTACKER_IDS, &DEFENDER_IDS] {
            let fighter = Fighter::read(input, ids);
            if fighter.garrison && fighter.army != "british" {
                return Err(InputError::new(
                    ids.unit_type,
                    "the Garrisons of Hougoumont and Haye Sainte are English (red) counters (L538)",
                ));
            }
            if fighter.garrison && fighter.which_garrison == NOT_A_GARRISON {
                return Err(InputError::new(
                    ids.garrison,
                    format!(
                        "{} is a Garrison: say which, Hougoumont or Haye Sainte, since Haye Sainte is also eliminated by a Retreat from melee (L540)",
                        fighter.called
                    ),
                ));
            }
            let from_supporter = input.flag(ids.reroll_supporter);
            if from_supporter && input.number(ids.supporters) == 0 && !input.flag(ids.other_arm) {
                return Err(InputError::new(
                    ids.reroll_supporter,
                    "no Unit supports it: count the supporter of the re-roll class among its Units in support (L948-954)",
                ));
            }
            let supporters_count = forms::setting(input, &options::REROLL_FROM) == "involved";
            if input.flag(ids.rerolls)
                && fighter.class != reroll_class
                && !(from_supporter && supporters_count)
            {
                let supporter = if from_supporter {
                    format!(
                        "; its supporter of that class does not count under the setting \"{}\"",
                        options::REROLL_FROM.label
                    )
                } else {
                    String::new()
                };
                return Err(InputError::new(
                    ids.rerolls,
                    format!(
                        "only a side with a Unit of the re-roll class ({}, see Settings) involved in the melee may re-roll its die (L900, L944); its Unit in melee is {}{supporter}",
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
        let no_garrison = !Fighter::read(input, &ATTACKER_IDS).garrison
            && !Fighter::read(input, &DEFENDER_IDS).garrison;
        if no_garrison && !input.list(GARRISON_CONTACTS).is_empty() {
            return Err(InputError::new(
                GARRISON_CONTACTS,
                "no Garrison fights in this melee: only the Formations in contact with a Garrison Withdraw 1 at its end (L540)",
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
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
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
        let attack = attacker_die + sum(ATTACKER);
        let defence = defender_die + sum(DEFENDER);
        let totals = vec![
            SideTotal {
                side: ATTACKER.into(),
                die: Some(attacker_die),
                modifiers: sum(ATTACKER),
                total: attack,
            },
            SideTotal {
                side: DEFENDER.into(),
                die: Some(defender_die),
                modifiers: sum(DEFENDER),
                total: defence,
            },
        ];
        let mut effects = general_reminders(input, &attacker, &defender);
        effects.push(Effect::reminder(
            "Each army now rolls 1 die for each enemy Unit that took part, supporters included, for its own Losses (Melee Losses)",
            "Suffer Damages, L911; support, L950",
        ));
        if attack == defence {
            effects.extend(garrison_effects(input, &attacker, &defender, false));
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
        #[expect(
            clippy::indexing_slicing,
            reason = "severity is 0 to 3, one row of ROW_LINES each"
        )]
        let rule = format!("Melee effects, row {row}, L{}", ROW_LINES[severity(code)]);
        let (fate, loser_effects) = loser_fate(loser, code, &rule);
        effects.extend(loser_effects);
        // A Routed Garrison is eliminated, and Haye Sainte in Retreat too (L540).
        let garrison_falls =
            loser.garrison && (code == "X" || (code == "R" && loser.is_haye_sainte()));
        effects.extend(garrison_effects(
            input,
            &attacker,
            &defender,
            garrison_falls,
        ));
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
        "R" if loser.is_haye_sainte() => (
            "is in Retreat, and Haye Sainte in Retreat from a melee is eliminated".into(),
            vec![change_state(
                state::ELIMINATED,
                &format!("{rule}; the Garrisons, L540"),
            )],
        ),
        "W" | "R" if loser.garrison => (
            "stays: a Garrison is never moved".into(),
            vec![Effect::reminder(
                &if code == "W" {
                    format!(
                        "A Garrison ignores a Withdraw: {} stays",
                        loser.garrison_name()
                    )
                } else {
                    format!(
                        "A Garrison ignores a Retreat: {} stays (only Haye Sainte is eliminated by a Retreat from melee)",
                        loser.garrison_name()
                    )
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

/// A combat involving a Garrison ignores the Result of Combat, and the enemy Formations still in
/// contact with a Garrison still standing at the end of the melee Withdraw 1 (L540).
fn garrison_effects(
    input: &Input,
    attacker: &Fighter,
    defender: &Fighter,
    garrison_falls: bool,
) -> Vec<Effect> {
    let Some((garrison, enemy)) = garrison_and_enemy(attacker, defender) else {
        return Vec::new();
    };
    let rule = "The Garrisons, L540";
    let mut effects = vec![Effect::reminder(
        "A combat involving a Garrison ignores the Result of Combat phase",
        rule,
    )];
    if garrison_falls {
        return effects;
    }
    let army = army_label(enemy.army);
    let named: Vec<&str> = input
        .list(GARRISON_CONTACTS)
        .iter()
        .map(|name| name.as_ref())
        .collect();
    let formations = if named.is_empty() {
        "every Formation".to_string()
    } else {
        format!("its Formations {}", named.join(", "))
    };
    effects.push(Effect::reminder(
        &format!(
            "{army}: {formations} still in contact with {} at the end of the melee must Withdraw 1; an Artillery Unit that withdraws fastens its Horse Team",
            garrison.garrison_name()
        ),
        &format!("{rule}; Withdraw, L763"),
    ));
    effects
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
