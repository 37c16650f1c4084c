//! Shock (R 8.5, L1036-1095; R 8.22H, L914-923): the attacking and defending units' Strength
//! Points, adjusted unit by unit (`strength`), give the odds; the DRMs of R 8.53 and the rules that
//! add to them (`modifiers`) are netted and capped at +/-6; the modified die, clamped to -2..11,
//! reads the owner's Shock Table (L1437-1439). The cell gives a result to each side, applied to
//! its units through Disorder, Rout and the retreat ladders (`combat_results`). Then the
//! Engaged markers (L921) and the Automatic Disorder of the cavalry (L923, L1121).
//!
//! The Shock Table and most of its DRMs are printed only on the game's card: until the owner
//! enters them, a Shock resolves nothing and says which chart to enter.
//!
//! Readings taken:
//! - The odds round in the attacker's favour only if the defender's terrain gives no Shock
//!   benefit and some attacker moved this Activation (a Charge always moves), R 8.52, L1050-1054.
//!   Where Routed defenders lose the terrain's benefit (L1518; every one Routed, or any by the
//!   `routed_terrain` setting), the odds round as on terrain without one: rounding for the
//!   defender is one of the terrain's benefits. The rules do not say.
//! - A side's result strikes its units as a group (L1445): steps are shared out as evenly as
//!   possible in the order the units are listed (list first the unit that takes the first step,
//!   an elite unit that modified the roll, L1445); every other part strikes each unit. Each unit
//!   throws a die for its 'd' or 'r' check with the Shock die; a second check in one result goes
//!   to the Cohesion Check form.
//! - A chateau assaulted with a supporting unit outside it (R 8.93B, L1388): that unit is listed
//!   first; its SP add to the CID Strength; it takes every step the result prints, the chateau
//!   only the steps beyond the unit's last (the rule's "one step left and takes a two step loss",
//!   as L1445 passes a loss on); its other results are its own, not converted. The units inside
//!   share the chateau's part, converted (L1392-1406), and a step a conversion makes (an R) is the
//!   chateau's. With no unit inside, the result card says what the CID takes.
//! - The Cuirassier -1 (L1212) is for the Cuirassier unit's own 'd' rolls (digest §3.24). The
//!   form does not name the Cuirassier unit: it goes to each Heavy Cavalry unit of the side named,
//!   as Cuirassiers are Heavy Cavalry (L88), and to no other unit.
//! - Shaken's +1 (L1640) is per unit, but the form holds one flag per side, filled in when any of
//!   the side's units is of a Shaken Command: every unit of that side takes it. Where a side mixes
//!   a Shaken Command with another, resolve the other Command's 'd' checks on the Cohesion Check
//!   form.
//! - Automatic Disorder follows R 8.22H8 and R 8.55E (L923, L1121): every attacking cavalry unit,
//!   and the defending cavalry and infantry not in Square when cavalry attacked them (digest §7).
//!   It comes after the results, "regardless of the result" (L1228): a unit eliminated takes none;
//!   a Routed unit, one that Routed in this Shock too, loses a step instead (L1523; L1510 counts
//!   Automatic Disorder as a further Disorder), and its last step eliminates it. Units in a chateau
//!   take it as well: the rules name no exception, where they do for Engaged (L921, L1104); their
//!   Disorder is the CID's, a step at D-2 (L1406), as for the results against it.
//!   With the optional Pursuit it comes after pursuit (L1261): pursue first, as the cavalry stands
//!   Disordered either way.
//! - A River Bridge's +1 to "any 'd' die rolls that result from that combat" (L761) is given to
//!   both sides' 'd' rolls: the text names no side.

mod modifiers;
mod strength;

use super::checks::ZeroPasses;
use super::combat_results::{self, Applied, CheckModifier, Struck};
use super::fighters::{Fighter, SideFields};
use super::fire::{TERRAINS, severity};
use super::options::{self, DISORDER_DRMS, FRONTAL_AND_FLANK, NATURAL_ZERO, ROUTED_TERRAIN};
use super::roster::{self, attribute};
use super::turn_track;
use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::{Rounding, TableKind, Token};
use strength::Favour;

const RULE: &str = "Shock, R 8.5, L1036-1095; R 8.22H, L914-923";
const TABLE_RULE: &str = "Shock Table, R 8.51, L1040-1046; R 9.11C-D, L1437-1439";
const AUTOMATIC_DISORDER: &str =
    "Automatic Disorder, R 8.22H8, L923; R 8.55E, L1121; R 8.67, L1228-1232";

const SHOCK_TABLE: TableRead = TableRead {
    table: "shock",
    codes: &["-", "1", "2", "B", "D", "d", "R", "r"],
};
const SHOCK_MODIFIERS: TableRead = TableRead {
    table: modifiers::TABLE,
    codes: &[],
};
const TERRAIN: TableRead = TableRead {
    table: "terrain",
    codes: &[],
};

/// The most units on a side in one Shock: the odds count every throw of its dice.
const MOST: usize = 4;

const ATTACK: SideFields = SideFields {
    army: "side",
    units: "attackers",
    facts: "attacker_facts",
};
const DEFENCE: SideFields = SideFields {
    army: "target_side",
    units: "defenders",
    facts: "defender_facts",
};

/// How cavalry attacks, if it Charges (R 8.6, L1139-1170).
const CHARGES: &[(&str, &str)] = &[
    ("none", "No cavalry Charges (no movement, or infantry only)"),
    ("front", "Cavalry Charges through the Front"),
    (
        "front_unsupported",
        "Through the Front of infantry with a flank unsupported (R 8.63B)",
    ),
    ("flank", "Cavalry Charges through the Flank"),
    ("rear", "Cavalry Charges through the Rear"),
];

/// Where the attack comes from: one entry for the whole attack (R 8.53A, L1060-1065).
const POSITIONS: &[(&str, &str)] = &[
    ("front", "Front hexes only"),
    ("flank", "Flank hexes only"),
    ("rear", "Rear hexes only"),
    ("front_and_flank", "Two different hexes (Front and Flank)"),
    ("surrounding", "Surrounding: Front, Flank and Rear"),
];

const fn facts(id: &'static str, group: &'static str) -> Field {
    super::forms::facts(
        id,
        group,
        "Shock strength, R 8.52, L1050; ratings, R 2.2.1, L42-52",
        "Filled in as the units are picked. A unit flipped to its reduced side: lower its SP here.",
    )
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Attacking army",
        group: "Attack",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "attackers",
        label: "Attacking units",
        group: "Attack",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("type", "infantry|heavy_cavalry|light_cavalry"),
                ("state", "In play"),
            ],
        },
        rule: "Who may Shock, R 8.21-8.25, L880-963",
        help: "Infantry and cavalry that passed Commitment (Heavy Cavalry never rolls). List first the unit that takes the first step lost.",
    },
    facts("attacker_facts", "Attack"),
    Field::flag(
        "moved",
        "An attacking unit moved this Activation",
        "Attack",
        "Odds rounding, R 8.52, L1050-1054",
        "With no terrain benefit for the defender, the odds then round in the attacker's favour. A Charge has moved.",
    ),
    Field::flag(
        "attackers_shaken",
        "The attackers' Command is Shaken",
        "Attack",
        "Shaken, R 10.21, L1640",
        "+1 to their Disorder rolls. Filled in from the record.",
    ),
    Field::flag(
        "leader_with_attackers",
        "A leader is stacked with an attacking unit",
        "Attack",
        "Leader casualties, R 9.21B, L1561",
        "After a step lost, each leader there rolls for his life.",
    ),
    Field {
        id: "target_side",
        label: "Defending army",
        group: "Defence",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "defenders",
        label: "Defending units",
        group: "Defence",
        kind: FieldKind::Units {
            of: UnitOf::Side("target_side"),
            only: roster::COMBAT_UNITS,
        },
        rule: "A defender is Shocked once per Activation, R 8.25, L954",
        help: "Every unit in the hexes attacked. List first the unit that takes the first step lost.",
    },
    facts("defender_facts", "Defence"),
    Field::flag(
        "defenders_shaken",
        "The defenders' Command is Shaken",
        "Defence",
        "Shaken, R 10.21, L1640",
        "+1 to their Disorder rolls. Filled in from the record.",
    ),
    Field::flag(
        "leader_with_defenders",
        "A leader is stacked with a defending unit",
        "Defence",
        "Leader casualties, R 9.21B, L1561",
        "After a step lost, each leader there rolls for his life.",
    ),
    Field {
        id: "charge",
        label: "Cavalry Charge",
        group: "Charge",
        kind: FieldKind::Choice(CHARGES),
        rule: "Charges, R 8.61-8.63, L1139-1170",
        help: "Cavalry that moves and Shocks in the same Phase Charges; cavalry that started adjacent only Shocks (L1139).",
    },
    Field::flag(
        "multipliers",
        "R 8.62's conditions hold: Clear target hex, clear path, no stream or river between, line of sight, within Reduced Movement range",
        "Charge",
        "Charge Strength Multipliers, R 8.62, L1143-1150",
        "Without them the charge multiplies no strength.",
    ),
    Field::flag(
        "counter_charged",
        "The defender Counter-charged (Charge Reaction)",
        "Charge",
        "Charge Reaction, R 8.65, L1203",
        "The charger gains no DRM and no strength from charging.",
    ),
    Field::flag(
        "reaction_charge",
        "A Reaction Charge against infantry (R 8.64B)",
        "Charge",
        "Reaction Charge, R 8.64B, L1188-1194",
        "Light Cavalry may then take the unsupported-flank benefit, at x2.",
    ),
    Field::flag(
        "lancers",
        "A Lancer among the attacking cavalry",
        "Charge",
        "Lancers, R 8.66B, L1210",
        "+2 to the defenders' 'd' and 'r' rolls, unless they are in Square.",
    ),
    Field::flag(
        "cuirassiers",
        "Cuirassiers in the Shock",
        "Charge",
        "Cuirassiers, R 8.66C, L1212",
        "-1 to the 'd' rolls of that side's Heavy Cavalry: Cuirassiers are Heavy Cavalry (L88).",
    ),
    Field {
        id: "cuirassier_side",
        label: "The Cuirassiers are",
        group: "Charge",
        kind: FieldKind::Choice(&[("attacking", "Attacking"), ("defending", "Defending")]),
        rule: "Cuirassiers, R 8.66C, L1212",
        help: "",
    },
    Field {
        id: "position",
        label: "The attack comes through",
        group: "Position and terrain",
        kind: FieldKind::Choice(POSITIONS),
        rule: "Position, R 8.53A, L1060-1065",
        help: "One entry for the whole attack. A unit in Extended Column is attacked as through its Flank (L624).",
    },
    Field {
        id: "terrain",
        label: "Defender's hex",
        group: "Position and terrain",
        kind: FieldKind::Choice(TERRAINS),
        rule: "Terrain, R 8.53D, L1083-1086",
        help: "Its Shock DRM is read on the Terrain chart; in a chateau only the chateau's counts (L1407).",
    },
    Field {
        id: "cid_strength",
        label: "The chateau's CID Strength (Supported or Unsupported)",
        group: "Position and terrain",
        kind: FieldKind::Count { max: 9 },
        rule: "Chateaux, R 8.92C-D, L1354-1370",
        help: "A chateau defends with its CID Strength, not its units' (L1386).",
    },
    Field::flag(
        "outside_support",
        "A supporting unit outside the chateau is assaulted with it, listed first among the defenders",
        "Position and terrain",
        "Chateaux, R 8.93B, L1386-1388",
        "Its SP add to the CID Strength, and it takes every step lost (the chateau only those beyond its last step); the units inside, listed after it, take the chateau's converted results.",
    ),
    Field::flag(
        "downhill",
        "Attacking downhill",
        "Position and terrain",
        "Terrain DRMs, R 8.53D, L1086",
        "",
    ),
    Field::flag(
        "across_bridge",
        "Shocking across a River Bridge",
        "Position and terrain",
        "River Bridges, R 7.32E, L761",
        "The attackers' SPs are halved; +1 to the 'd' rolls of the combat.",
    ),
    Field::flag(
        "attacker_extended_line",
        "An attacking unit is in Extended Line",
        "More DRMs",
        "Extended Line, R 6.2, L614; R 8.53E, L1092",
        "",
    ),
    Field::flag(
        "defender_extended_line",
        "A defending unit is in Extended Line",
        "More DRMs",
        "Extended Line, R 6.2, L614; R 8.53E, L1092",
        "",
    ),
    Field::flag(
        "ney",
        "Ney is stacked with an attacking French unit",
        "More DRMs",
        "Ney, R 4.62, L390; R 8.53E, L1093",
        "",
    ),
    Field::flag(
        "wellington",
        "Wellington is with or beside a defending Anglo-Allied unit",
        "More DRMs",
        "Wellington, R 4.63, L416; R 8.53E, L1094",
        "Stacked or adjacent (digest §7).",
    ),
    Field::flag(
        "attacker_wet_fuses",
        "An attacking unit has wet fuses",
        "More DRMs",
        "Wet Fuses (optional), R 11.4, L1703",
        "",
    ),
    Field::flag(
        "defender_wet_fuses",
        "A defending unit has wet fuses",
        "More DRMs",
        "Wet Fuses (optional), R 11.4, L1703",
        "",
    ),
    options::on_form(NATURAL_ZERO),
    options::on_form(DISORDER_DRMS),
    options::on_form(ROUTED_TERRAIN),
    options::on_form(FRONTAL_AND_FLANK),
];

/// The Shock as the form states it.
pub struct Situation<'a> {
    pub attacker_side: &'a str,
    pub defender_side: &'a str,
    pub attackers: Vec<Fighter>,
    pub defenders: Vec<Fighter>,
    pub charge: &'a str,
    pub multipliers: bool,
    pub counter_charged: bool,
    pub reaction_charge: bool,
    pub position: &'a str,
    pub terrain: &'a str,
    pub cid_strength: u32,
    pub outside_support: bool,
    /// Some attacker moved this Activation (the odds' rounding, L1050-1054).
    pub moved: bool,
    pub downhill: bool,
    pub across_bridge: bool,
    pub attacker_extended_line: bool,
    pub defender_extended_line: bool,
    pub ney: bool,
    pub wellington: bool,
    pub attacker_wet_fuses: bool,
    pub defender_wet_fuses: bool,
    pub disorder_drms: &'a str,
    pub routed_terrain: &'a str,
    pub frontal_and_flank: &'a str,
}

impl<'a> Situation<'a> {
    pub fn read(input: &'a Input) -> Situation<'a> {
        Situation {
            attacker_side: input.text("side"),
            defender_side: input.text("target_side"),
            attackers: ATTACK.fighters(input),
            defenders: DEFENCE.fighters(input),
            charge: input.text("charge"),
            multipliers: input.flag("multipliers"),
            counter_charged: input.flag("counter_charged"),
            reaction_charge: input.flag("reaction_charge"),
            position: input.text("position"),
            terrain: input.text("terrain"),
            cid_strength: u32::try_from(input.number("cid_strength")).unwrap_or(0),
            outside_support: input.flag("outside_support"),
            moved: input.flag("moved"),
            downhill: input.flag("downhill"),
            across_bridge: input.flag("across_bridge"),
            attacker_extended_line: input.flag("attacker_extended_line"),
            defender_extended_line: input.flag("defender_extended_line"),
            ney: input.flag("ney"),
            wellington: input.flag("wellington"),
            attacker_wet_fuses: input.flag("attacker_wet_fuses"),
            defender_wet_fuses: input.flag("defender_wet_fuses"),
            disorder_drms: input.text(DISORDER_DRMS.id),
            routed_terrain: input.text(ROUTED_TERRAIN.id),
            frontal_and_flank: input.text(FRONTAL_AND_FLANK.id),
        }
    }

    pub fn chateau(&self) -> bool {
        self.terrain == "chateau"
    }

    /// The chateau is assaulted together with a supporting unit outside it, the first defender
    /// listed (R 8.93B, L1388).
    pub fn supported_from_outside(&self) -> bool {
        self.chateau() && self.outside_support
    }

    /// Whether the defender listed at `index` is inside the chateau attacked.
    fn in_chateau(&self, index: usize) -> bool {
        self.chateau() && !(self.supported_from_outside() && index == 0)
    }

    fn cavalry_attacks(&self) -> bool {
        self.attackers.iter().any(Fighter::cavalry)
    }

    /// Cavalry Charges and keeps what charging gives: a Counter-charge takes it away (L1203).
    pub fn charge_benefits(&self) -> bool {
        self.charge != "none" && self.cavalry_attacks() && !self.counter_charged
    }

    /// The charge multiplies strength (R 8.62, L1143-1158): not against cavalry or a Square.
    pub fn charge_multiplies(&self) -> bool {
        self.charge_benefits()
            && self.multipliers
            && !self.defenders.iter().any(|d| d.cavalry() || d.square)
    }

    /// Heavy Cavalry through the Front of infantry with an unsupported flank attacks as through
    /// the Flank (R 8.63B, L1166-1170); Light Cavalry only in a Reaction Charge (L1168, L1191).
    pub fn flank_benefit(&self) -> bool {
        self.charge == "front_unsupported"
            && self.charge_multiplies()
            && self.attackers.iter().any(|f| {
                f.kind == "heavy_cavalry" || (f.kind == "light_cavalry" && self.reaction_charge)
            })
    }

    /// Cavalry charging Routed infantry rides it down: no Shock Table roll (R 8.61B, L1137; R
    /// 8.66D, L1214-1216).
    fn rides_down_routed_infantry(&self) -> bool {
        self.charge != "none"
            && self.cavalry_attacks()
            && !self.defenders.is_empty()
            && self
                .defenders
                .iter()
                .all(|f| f.kind == "infantry" && f.disorder == "routed")
    }

    /// The odds round for the attacker only without a terrain benefit and after movement.
    fn favour(&self, terrain_benefit: bool, moved: bool) -> Favour {
        if !terrain_benefit && (moved || self.charge != "none") {
            Favour::Attacker
        } else {
            Favour::Defender
        }
    }
}

/// Both sides' strengths, the side the odds round for, and every DRM of the Shock roll: the
/// owner's charts' entries, and the odds beyond the table as DRMs (R 8.53E, L1090).
struct Odds {
    attack: strength::Strength,
    defence: strength::Strength,
    favour: Favour,
    modifiers: Vec<Modifier>,
}

impl Odds {
    fn read(situation: &Situation, tables: &TableSet) -> Result<Odds, RuleError> {
        let drms = modifiers::drms(situation, tables)?;
        let attack = strength::attack(situation);
        let defence = strength::defence(situation);
        let favour = situation.favour(drms.terrain_benefit, situation.moved);
        let mut modifiers = drms.list;
        let beyond = strength::beyond_the_table(attack.total, defence.total, favour);
        if beyond != 0 {
            let label = if beyond < 0 {
                format!("Odds {}:{} beyond 6-1", attack.total, defence.total)
            } else {
                format!("Odds {}:{} beyond 1-4", attack.total, defence.total)
            };
            modifiers.push(Modifier::new(
                "Odds",
                label,
                beyond,
                "Odds DRM, R 8.53E, L1090",
            ));
        }
        Ok(Odds {
            attack,
            defence,
            favour,
            modifiers,
        })
    }
}

/// The steps lost in a result.
fn steps_in(tokens: &[Token]) -> usize {
    tokens
        .iter()
        .map(|t| match t.code.as_str() {
            "1" => 1,
            "2" => 2,
            _ => 0,
        })
        .sum()
}

/// `tokens` with its step losses replaced by `steps` of them, where the first stood.
fn with_steps(tokens: &[Token], steps: usize) -> Vec<Token> {
    let mut own = Vec::new();
    let mut placed = false;
    for token in tokens {
        if matches!(token.code.as_str(), "1" | "2") {
            if !placed {
                placed = true;
                // Two steps read as one "2", so the result card says "2 steps".
                let code = |code: &str| Token {
                    code: code.into(),
                    modifier: 0,
                };
                own.extend((0..steps / 2).map(|_| code("2")));
                own.extend((0..steps % 2).map(|_| code("1")));
            }
        } else {
            own.push(token.clone());
        }
    }
    own
}

/// The parts of a side's result each of its units takes: steps shared out as evenly as possible
/// in the order listed, every other part to each unit (L1445).
fn share_out(tokens: &[Token], units: usize) -> Vec<Vec<Token>> {
    let steps = steps_in(tokens);
    (0..units)
        .map(|i| with_steps(tokens, steps / units + usize::from(i < steps % units)))
        .collect()
}

/// A chateau assaulted with a supporting unit outside it, listed first (R 8.93B, L1388): that unit
/// takes every step lost, the chateau only the steps beyond the unit's last; the units inside share
/// the chateau's part. Also the chateau's part itself.
fn supported_shares(tokens: &[Token], fighters: &[Fighter]) -> (Vec<Vec<Token>>, Vec<Token>) {
    let steps = steps_in(tokens);
    let outside = fighters
        .first()
        .and_then(|f| f.steps_left)
        .map_or(steps, |left| steps.min(usize::try_from(left).unwrap_or(0)));
    let chateau = with_steps(tokens, steps - outside);
    let mut shares = vec![with_steps(tokens, outside)];
    shares.extend(share_out(&chateau, fighters.len().saturating_sub(1)));
    (shares, chateau)
}

/// One side's result applied to its units.
struct SideResult {
    effects: Vec<Effect>,
    words: Vec<String>,
    /// Each unit's result, in the order listed.
    units: Vec<Applied>,
}

impl SideResult {
    /// Whether any of its units lost a step: from the result, Blown cavalry's extra step, or a
    /// Disorder paid for with a step (L1512, L1523).
    fn lost_a_step(&self) -> bool {
        self.units.iter().any(|u| {
            u.disorder_after == "eliminated"
                || u.effects.iter().any(|e| {
                    matches!(e, Effect::AddToAttribute { attribute, .. }
                        if attribute.as_str() == attribute::STEPS_LOST)
                })
        })
    }
}

struct Striking<'a> {
    side: &'a str,
    fighters: &'a [Fighter],
    /// Each unit's check die, in the order listed.
    dice: &'a [u8],
    shaken: bool,
    checks: Vec<CheckModifier>,
    /// The Cuirassiers' -1, for the side's Heavy Cavalry units only (L88, L1212).
    cuirassiers: Option<CheckModifier>,
    /// Heavy Cavalry charges: a further Disorder of Disordered infantry is a Rout (R 8.66A,
    /// L1208).
    heavy_cavalry_charge: bool,
    /// The side's units are in a chateau, whose results convert (R 8.93C, L1392-1406).
    chateau: bool,
    /// The first unit is a supporting unit outside the chateau, assaulted with it (L1388).
    outside_support: bool,
}

fn strike(striking: &Striking, tokens: &[Token], zero: ZeroPasses) -> SideResult {
    let mut result = SideResult {
        effects: Vec::new(),
        words: Vec::new(),
        units: Vec::new(),
    };
    let shares = if striking.chateau && striking.outside_support {
        let (shares, chateau) = supported_shares(tokens, striking.fighters);
        if striking.fighters.len() < 2 && chateau.iter().any(|t| t.code != "-") {
            let codes: String = chateau.iter().map(|t| t.code.as_str()).collect();
            let words = format!(
                "No unit is inside the chateau: its CID takes \"{codes}\", converted (a B ignored, a D a 'd' at +3, an 'r' a D, an R a step; at D-2 a Disorder is a step): mark it on the map, a 'd' rolled against 7 or the supporting unit's Cohesion, whichever is higher"
            );
            result.effects.push(Effect::reminder(
                &words,
                "Chateaux, R 8.92E, L1378; R 8.93B-C, L1388-1406",
            ));
        }
        shares
    } else {
        share_out(tokens, striking.fighters.len())
    };
    for (index, (fighter, share)) in striking.fighters.iter().zip(shares).enumerate() {
        let die = striking.dice.get(index..=index).unwrap_or(&[]);
        let share = if fighter.blown {
            combat_results::against_blown(&share)
        } else {
            share
        };
        let further_disorder_routs = striking.heavy_cavalry_charge
            && fighter.kind == "infantry"
            && !fighter.square
            && matches!(fighter.disorder.as_str(), "D-1" | "D-2");
        let mut check_modifiers = striking.checks.clone();
        if fighter.kind == "heavy_cavalry" {
            check_modifiers.extend(striking.cuirassiers.clone());
        }
        let struck = Struck {
            piece: fighter.piece(striking.side),
            cohesion: fighter.cohesion,
            steps_left: fighter.steps_left.map(|s| i32::try_from(s).unwrap_or(0)),
            shaken: striking.shaken,
            square: fighter.square,
            chateau: striking.chateau && !(striking.outside_support && index == 0),
            check_modifiers,
            further_disorder_routs,
        };
        let applied = combat_results::apply(&share, &struck, die, zero, TABLE_RULE, false);
        result.effects.extend(applied.effects.iter().cloned());
        result.words.extend(applied.words.iter().cloned());
        result.units.push(applied);
    }
    result
}

/// After the Shock: Engaged markers (L921) and Automatic Disorder (L923, L1121, L1232).
fn after_the_shock(
    situation: &Situation,
    attack: &SideResult,
    defence: &SideResult,
) -> (Vec<Effect>, Vec<String>) {
    let mut effects = Vec::new();
    let mut words = Vec::new();
    let stays = |applied: &Applied| !applied.left_hex && applied.disorder_after != "eliminated";
    let attackers_stay = attack.units.iter().any(stays);
    let defenders_stay = defence.units.iter().any(stays);
    // Engaged: infantry that fought, still in its hex and still beside an enemy it fought; not in
    // Square or a chateau (R 8.22H6, L921; R 8.54, L1103-1104).
    if attackers_stay && defenders_stay {
        for (side, fighters, results, defending) in [
            (
                situation.attacker_side,
                &situation.attackers,
                &attack.units,
                false,
            ),
            (
                situation.defender_side,
                &situation.defenders,
                &defence.units,
                true,
            ),
        ] {
            for (index, (fighter, applied)) in fighters.iter().zip(results.iter()).enumerate() {
                let in_chateau = defending && situation.in_chateau(index);
                if fighter.kind == "infantry"
                    && !fighter.square
                    && !in_chateau
                    && stays(applied)
                    && applied.disorder_after != "routed"
                {
                    effects.push(Effect::set_attribute(
                        side,
                        &fighter.name,
                        attribute::ENGAGED,
                        "yes",
                        "Engaged, R 8.22H6, L921",
                    ));
                    words.push(format!("{} is Engaged", fighter.name));
                }
            }
        }
    }
    if !defenders_stay {
        effects.push(Effect::reminder(
            "The defenders left their hex: the attacker must advance every attacking unit of one attacking hex into it, then may re-face them one vertex (Disordered units and artillery never advance)",
            "Advance after combat, R 9.18A, L1546-1552",
        ));
    }
    // Automatic Disorder: every attacking cavalry unit; defending cavalry, and infantry not in
    // Square, when cavalry attacked them; in a chateau too, on the CID's ladder (L1406).
    if situation.cavalry_attacks() {
        let attacking = situation
            .attackers
            .iter()
            .zip(attack.units.iter())
            .filter(|(f, _)| f.cavalry())
            .map(|(f, a)| (situation.attacker_side, f, a, false));
        let defending = situation
            .defenders
            .iter()
            .zip(defence.units.iter())
            .enumerate()
            .filter(|(_, (f, _))| f.cavalry() || (f.kind == "infantry" && !f.square))
            .map(|(index, (f, a))| (situation.defender_side, f, a, situation.in_chateau(index)));
        for (side, fighter, applied, in_chateau) in attacking.chain(defending) {
            let now = Fighter {
                disorder: applied.disorder_after.clone(),
                ..fighter.clone()
            };
            match now.disorder.as_str() {
                "eliminated" => {}
                "D-1" if now.cavalry() => {
                    words.push(format!("{}: Automatic Disorder, Blown", now.name));
                    effects.push(Effect::set_attribute(
                        side,
                        &now.name,
                        attribute::BLOWN,
                        "yes",
                        "Blown, R 8.67B, L1232",
                    ));
                    effects.push(Effect::reminder(
                        &format!("{} is Blown: it retreats one hex at once if it can (otherwise it stays, no penalty)", now.name),
                        "Blown, R 8.67B, L1232-1240",
                    ));
                }
                _ => {
                    words.push(format!("{}: Automatic Disorder", now.name));
                    let disordered = combat_results::disorder(
                        &now.piece(side),
                        applied.steps_left,
                        AUTOMATIC_DISORDER,
                        in_chateau,
                    );
                    words.extend(disordered.words);
                    effects.extend(disordered.effects);
                }
            }
        }
    }
    (effects, words)
}

fn words_of(side: &str, result: &SideResult) -> String {
    if result.words.is_empty() {
        format!("{side}: no result")
    } else {
        format!("{side}: {}", result.words.join("; "))
    }
}

pub struct Shock;

impl Shock {
    /// Cavalry rides down Routed infantry (L1137, L1214): each is eliminated, no roll.
    fn ridden_down(situation: &Situation) -> Resolution {
        let mut effects = Vec::new();
        for fighter in &situation.defenders {
            effects.extend(
                fighter
                    .piece(situation.defender_side)
                    .eliminated("Cavalry against Routed infantry, R 8.66D, L1214-1216"),
            );
        }
        let names: Vec<&str> = situation
            .defenders
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        Resolution::book_keeping(
            "ridden down",
            format!(
                "Cavalry charges Routed infantry: {} eliminated, no Shock roll (L1214)",
                names.join(", ")
            ),
            effects,
        )
    }
}

impl Procedure for Shock {
    fn about(&self) -> &About {
        &About {
            id: "shock",
            title: "Shock",
            rule: RULE,
            summary: "A Shock on the Shock Table: each side's Strength Points, adjusted unit by unit, give the odds; the DRMs are netted and capped at +/-6, the roll clamped to -2..11; both sides' results are applied, then Engaged markers and the cavalry's Automatic Disorder.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "attackers",
            "attacker_facts",
            "moved",
            "target_side",
            "defenders",
            "defender_facts",
            "charge",
            "position",
            "terrain",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        let charging = input.text("charge") != "none";
        match field {
            "multipliers" | "counter_charged" | "reaction_charge" => charging,
            "cuirassier_side" => input.flag("cuirassiers"),
            "cid_strength" | "outside_support" => input.text("terrain") == "chateau",
            "ney" => input.text("side") == "french",
            "wellington" => input.text("target_side") == "allied",
            _ => true,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        &[SHOCK_TABLE, SHOCK_MODIFIERS, TERRAIN]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for setting in [
            &NATURAL_ZERO,
            &DISORDER_DRMS,
            &ROUTED_TERRAIN,
            &FRONTAL_AND_FLANK,
        ] {
            prefill_setting(input, record, setting);
        }
        input.set("multipliers", Value::Flag(true));
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let side = input.text("side").to_string();
            if input.text("target_side") == side
                || !super::armies_in(record).contains(&input.text("target_side"))
            {
                let enemy = super::enemy_of(record, &side);
                input.set("target_side", Value::Text(enemy.into()));
                DEFENCE.follow("target_side", input, record);
            }
        }
        ATTACK.follow(changed, input, record);
        DEFENCE.follow(changed, input, record);
        for (fields, shaken, wet) in [
            (ATTACK, "attackers_shaken", "attacker_wet_fuses"),
            (DEFENCE, "defenders_shaken", "defender_wet_fuses"),
        ] {
            if changed != fields.units && changed != fields.army {
                continue;
            }
            let side = input.text(fields.army).to_string();
            let units: Vec<_> = input
                .list(fields.units)
                .iter()
                .filter_map(|name| record.unit(&side, name.trim()))
                .collect();
            let is_shaken = units.iter().any(|u| {
                let command = u.attribute(attribute::COMMAND).unwrap_or_default();
                super::morale::shaken(record, command, &side)
            });
            input.set(shaken, Value::Flag(is_shaken));
            let fuses = units.iter().any(|u| turn_track::fuses_wet(record, u));
            input.set(wet, Value::Flag(fuses));
        }
        if changed == "charge" && input.text("charge") != "none" {
            input.set("moved", Value::Flag(true));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("target_side") == input.text("side") {
            return Err(InputError::new(
                "target_side",
                "an army does not Shock itself",
            ));
        }
        ATTACK.check_combination(input, MOST)?;
        DEFENCE.check_combination(input, MOST)?;
        let situation = Situation::read(input);
        for fighter in &situation.attackers {
            let refusal = match (fighter.kind.as_str(), fighter.disorder.as_str()) {
                ("artillery", _) => Some("artillery may never Shock attack (L1323)"),
                (_, "D-2" | "routed") => Some("D-2 and Routed units may never Assault (L930-933)"),
                _ if fighter.square => Some("units in Square may not Shock (L1304)"),
                _ => None,
            };
            if let Some(why) = refusal {
                return Err(InputError::new(
                    "attackers",
                    format!("{}: {why}", fighter.name),
                ));
            }
        }
        if situation.charge != "none" && !situation.cavalry_attacks() {
            return Err(InputError::new(
                "charge",
                "only cavalry Charges: no attacking unit is cavalry",
            ));
        }
        // The charge's hex is one the attack comes through (R 8.53A, L1060-1065; R 8.62).
        let positions: &[&str] = match situation.charge {
            "flank" => &["flank", "front_and_flank", "surrounding"],
            "rear" => &["rear", "front_and_flank", "surrounding"],
            "front" | "front_unsupported" => &["front", "front_and_flank", "surrounding"],
            _ => &[],
        };
        if !positions.is_empty() && !positions.contains(&situation.position) {
            return Err(InputError::new(
                "position",
                "the attack comes through the hex the cavalry charges through: pick a position that includes it",
            ));
        }
        if situation.chateau() && situation.cid_strength < 1 {
            return Err(InputError::new(
                "cid_strength",
                "enter the chateau's CID Strength (L1358)",
            ));
        }
        if situation.supported_from_outside()
            && situation
                .defenders
                .first()
                .is_some_and(|f| f.kind != "infantry")
        {
            return Err(InputError::new(
                "defenders",
                "list first the supporting unit outside the chateau: only infantry supports a chateau (L1379)",
            ));
        }
        if strength::attack(&situation).total == 0 {
            return Err(InputError::new(
                "attacker_facts",
                "the attack's strength comes to 0 after halving: no Shock can be made",
            ));
        }
        if strength::defence(&situation).total == 0 {
            return Err(InputError::new(
                "defenders",
                "the defence's strength comes to 0: pick the units in the hexes attacked",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        ATTACK.check_record(input, record)?;
        DEFENCE.check_record(input, record)
    }
    fn modifiers_read(&self, input: &Input, tables: &TableSet) -> Vec<Modifier> {
        // Every Shock DRM is read from the owner's charts: none shows until they are entered,
        // nor while the form is not yet a Shock (no defenders picked, say).
        let situation = Situation::read(input);
        if situation.rides_down_routed_infantry() || self.check_combination(input).is_err() {
            return Vec::new();
        }
        Odds::read(&situation, tables).map_or_else(|_| Vec::new(), |odds| odds.modifiers)
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        // The Shock die, then a check die for each attacking and each defending unit.
        let checks = [ATTACK, DEFENCE].into_iter().flat_map(|fields| {
            input
                .list(fields.units)
                .iter()
                .map(|name| format!("{}'s check die", name.trim()))
                .collect::<Vec<_>>()
        });
        let labels: Vec<String> = std::iter::once("Shock die".to_string())
            .chain(checks)
            .collect();
        DiceSpec::alike(Die::D10Zero, labels.iter().map(String::as_str))
    }
    fn deciding_dice(&self, _input: &Input) -> Option<usize> {
        // The cell read is the outcome; the check dice only play its checks out.
        Some(1)
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let situation = Situation::read(input);
        if situation.rides_down_routed_infantry() {
            return Ok(Shock::ridden_down(&situation));
        }
        let table = tables.get(SHOCK_TABLE.table)?;
        table.ready(TableKind::OddsRatio)?;
        let Odds {
            attack,
            defence,
            favour,
            modifiers,
        } = Odds::read(&situation, tables)?;
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let die = faces.first().copied().unwrap_or(0);
        let rounding = match favour {
            Favour::Attacker => Rounding::Attacker,
            Favour::Defender => Rounding::Defender,
        };
        let lookup = table.lookup_odds_ratio_rounded(
            attack.total,
            defence.total,
            drm,
            i32::from(die),
            rounding,
        )?;
        let parts = lookup.parts_for(&SHOCK_TABLE, table)?;
        let mut attacker_tokens = parts.first().cloned().unwrap_or_default();
        let defender_tokens = parts.get(1).cloned().unwrap_or_default();
        let mut limits = lookup.limits.clone();
        // Shock against artillery alone: any result to the attacker but No Result is a 'd'
        // (R 8.82C, L1335).
        let artillery_alone = situation.defenders.iter().all(|f| f.kind == "artillery");
        if artillery_alone && attacker_tokens.iter().any(|t| t.code != "-") {
            attacker_tokens = vec![Token {
                code: "d".into(),
                modifier: 0,
            }];
            limits.push(crate::engine::tables::AppliedLimit {
                description: "Against artillery alone the attacker's result is read as 'd'".into(),
                rule: "Artillery in Shock, R 8.82C, L1335".into(),
            });
        }
        let zero = ZeroPasses::from_setting(input.text(NATURAL_ZERO.id));
        let check =
            |label: &str, value: i32, rule: &str, codes: &'static [&'static str]| CheckModifier {
                codes,
                modifier: Modifier::new("Check", label, value, rule),
            };
        let mut attacker_checks = Vec::new();
        let mut defender_checks = Vec::new();
        if situation.across_bridge {
            let bridge = check(
                "Across a River Bridge",
                1,
                "River Bridges, R 7.32E, L761",
                &["d"],
            );
            attacker_checks.push(bridge.clone());
            defender_checks.push(bridge);
        }
        // Only a Cuirassier unit's own 'd' rolls; Cuirassiers are Heavy Cavalry (L88, L1212).
        let cuirassiers = input
            .flag("cuirassiers")
            .then(|| check("Cuirassiers", -1, "Cuirassiers, R 8.66C, L1212", &["d"]));
        let (attacker_cuirassiers, defender_cuirassiers) =
            if input.text("cuirassier_side") == "attacking" {
                (cuirassiers, None)
            } else {
                (None, cuirassiers)
            };
        let in_square = situation.defenders.iter().any(|f| f.square);
        // Any shocking or charging cavalry: a Lancer need not Charge (L1210).
        if input.flag("lancers") && situation.cavalry_attacks() && !in_square {
            defender_checks.push(check(
                "Lancers attacking",
                2,
                "Lancers, R 8.66B, L1210",
                &["d", "r"],
            ));
        }
        let attack_result = strike(
            &Striking {
                side: situation.attacker_side,
                fighters: &situation.attackers,
                dice: faces.get(1..).unwrap_or(&[]),
                shaken: input.flag("attackers_shaken"),
                checks: attacker_checks,
                cuirassiers: attacker_cuirassiers,
                heavy_cavalry_charge: false,
                chateau: false,
                outside_support: false,
            },
            &attacker_tokens,
            zero,
        );
        let heavy_cavalry_charge = situation.charge_benefits()
            && situation
                .attackers
                .iter()
                .any(|f| f.kind == "heavy_cavalry");
        let defence_result = strike(
            &Striking {
                side: situation.defender_side,
                fighters: &situation.defenders,
                dice: faces.get(1 + situation.attackers.len()..).unwrap_or(&[]),
                shaken: input.flag("defenders_shaken"),
                checks: defender_checks,
                cuirassiers: defender_cuirassiers,
                heavy_cavalry_charge,
                chateau: situation.chateau(),
                outside_support: situation.supported_from_outside(),
            },
            &defender_tokens,
            zero,
        );
        let (after, after_words) = after_the_shock(&situation, &attack_result, &defence_result);
        let mut effects = attack_result.effects.clone();
        effects.extend(defence_result.effects.iter().cloned());
        effects.extend(after);
        for (result, leader, who) in [
            (&attack_result, "leader_with_attackers", "an attacking"),
            (&defence_result, "leader_with_defenders", "a defending"),
        ] {
            if input.flag(leader) && result.lost_a_step() {
                effects.push(Effect::reminder(
                    &format!("A step was lost with a leader stacked with {who} unit: each leader there rolls for his life (Leader casualty form, shock; a 9 hits)"),
                    "Leader casualties, R 9.21B, L1561",
                ));
            }
        }
        let mut modifiers_shown = attack.adjustments;
        modifiers_shown.extend(defence.adjustments);
        modifiers_shown.extend(modifiers);
        let mut headline = format!(
            "{}: {}. {}",
            lookup.result.code,
            words_of("Attackers", &attack_result),
            words_of("Defenders", &defence_result)
        );
        if !after_words.is_empty() {
            headline.push_str(&format!(". Then: {}", after_words.join("; ")));
        }
        let rank = severity(&attacker_tokens) - severity(&defender_tokens);
        Ok(Resolution {
            modifiers: modifiers_shown,
            totals: vec![SideTotal {
                side: format!(
                    "Shock, {} {}:{} {}",
                    army_label(situation.attacker_side),
                    attack.total,
                    defence.total,
                    army_label(situation.defender_side)
                ),
                die: Some(i32::from(die)),
                modifiers: drm,
                total: i32::from(die) + drm,
            }],
            limits,
            cell: Some(lookup.cell.clone()),
            outcome: Outcome {
                key: lookup.result.code.clone(),
                rank,
                headline,
            },
            effects,
        })
    }
}
