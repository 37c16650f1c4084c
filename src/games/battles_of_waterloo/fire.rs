//! Fire: artillery bombardment, artillery Reaction Fire, the French Grand Battery and infantry
//! small-arms fire, all read on the one Fire Table (R 8.1, L813-868; R 8.15, L870-878; R 8.3,
//! L992-1016; R 9.11, L1433-1435). The Fire Table and the terrain effects are printed only on the
//! game's card: until the owner enters them, a fire resolves nothing and says which chart to enter.
//!
//! The firing Strength Points pick the column on the table's Artillery or Infantry line; column
//! shifts are netted, capped at two each way and kept inside the table (L1435); the die is
//! modified for artillery only (the text names no infantry die modifier). The result strikes the
//! target code by code (`combat_results`), with a die for its 'd' or 'r' check thrown with the
//! Fire die.
//!
//! Readings taken:
//! - The per-hex caps (4 infantry SP, L564; 8 artillery SP, L566) limit the SPs that fire, before
//!   Reaction Fire doubles them and the Grand Battery triples them (digest, Corrections).
//! - Reverse Slope (L857) sits in R 8.13, the rule of fire at two or more hexes: by default it
//!   shifts only such fire; the `reverse_slope` setting applies it at every range.
//! - At Dusk the -1 of fire at the maximum printed range (L839) stays with the printed range,
//!   which Dusk makes unreachable (L1670): the form asks whether the fire is at that range.
//! - Results from ranged fire hit the top unit; Disorder from artillery at two or more hexes hits
//!   the whole stack (L580): the other units of the stack are named in a reminder.

use super::checks::{self, ZeroPasses};
use super::combat_results::{self, Struck};
use super::forms::Piece;
use super::lims;
use super::options::{self, NATURAL_ZERO, REVERSE_SLOPE, WET_FUSES};
use super::roster::{self, attribute, state};
use super::turn_track::{self, Light};
use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};

const RULE: &str = "Fire, R 8.1, R 8.3, R 9.11, L813-868, L992-1016, L1433-1435";
const TABLE_RULE: &str = "Fire Table, R 9.11A-B, L1433-1435";

const FIRE_TABLE: TableRead = TableRead {
    table: "fire",
    codes: &["-", "1", "2", "B", "D", "d", "R", "r"],
};
const TERRAIN: TableRead = TableRead {
    table: "terrain",
    codes: &[],
};

/// The ways to fire.
const FIRES: &[(&str, &str)] = &[
    ("artillery", "Artillery fire"),
    ("reaction", "Artillery Reaction Fire (x2)"),
    ("grand_battery", "Grand Battery (French, x3)"),
    ("infantry", "Infantry fire"),
];

/// The target's hex, by its row of the terrain chart ("none": no terrain effect, L725).
pub(super) const TERRAINS: &[(&str, &str)] = &[
    ("none", "Clear, or no effect"),
    ("woods", "Woods"),
    ("village", "Village"),
    ("built_up_village", "Built-Up Village"),
    ("single_building", "Single building"),
    ("chateau", "Chateau"),
    ("cultivated", "Cultivated"),
    ("marsh", "Marsh"),
];

const LIGHTS: &[(&str, &str)] = &[("day", "Day"), ("dusk", "Dusk"), ("dark", "Dark")];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Firing army",
        group: "Fire",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "fire",
        label: "Fire",
        group: "Fire",
        kind: FieldKind::Choice(FIRES),
        rule: "R 8.11, L819; R 8.15, L875; R 8.31, L996; R 8.32, L1002-1004",
        help: "Reaction Fire doubles the artillery's strength, the Grand Battery triples it.",
    },
    Field {
        id: "firers",
        label: "Firing units",
        group: "Fire",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("type", "artillery|infantry"), ("state", "In play")],
        },
        rule: "Combining fire, R 8.12, L825-834",
        help: "Artillery may combine at the same range when stacked or within an Artillery Commander's range; infantry never combines (L1010).",
    },
    Field {
        id: "strength",
        label: "Strength Points firing",
        group: "Fire",
        kind: FieldKind::Count { max: 40 },
        rule: "At most 4 infantry SP (L564) and 8 artillery SP (L566) fire out of one hex",
        help: "Filled in from the firing units on the record, before any doubling or tripling.",
    },
    Field {
        id: "range",
        label: "Range (hexes)",
        group: "Fire",
        kind: FieldKind::Number { min: 1, max: 6 },
        rule: "Range, R 8.13, L839-857",
        help: "",
    },
    Field::flag(
        "max_range",
        "At the artillery's maximum printed range",
        "Fire",
        "R 8.13, L839",
        "-1 to the die.",
    ),
    Field {
        id: "target_side",
        label: "Target's army",
        group: "Target",
        kind: FieldKind::Choice(SIDES),
        rule: RULE,
        help: "",
    },
    Field {
        id: "target",
        label: "Target (the top unit of its hex)",
        group: "Target",
        kind: FieldKind::Unit {
            of: UnitOf::Side("target_side"),
            only: roster::COMBAT_UNITS,
            max_len: 40,
        },
        rule: "Stacks, R 6.13F, L574-580",
        help: "Results strike the top unit; pick it from the record to fill in what follows.",
    },
    Field {
        id: "type",
        label: "Its type",
        group: "Target",
        kind: FieldKind::Choice(roster::TYPES),
        rule: "R 2.2.1, L42-56",
        help: "Filled in from the record.",
    },
    Field {
        id: "cohesion",
        label: "Its Cohesion Rating",
        group: "Target",
        kind: FieldKind::Count { max: 9 },
        rule: "'d' and 'r', R 9.12C-D, L1452-1457",
        help: "Filled in from the record.",
    },
    Field {
        id: "disorder",
        label: "Its Disorder",
        group: "Target",
        kind: FieldKind::Choice(&[
            ("none", "Good order"),
            ("D-1", "D-1"),
            ("D-2", "D-2 (infantry)"),
            ("routed", "Routed"),
        ]),
        rule: "R 9.15-9.16, L1486-1524",
        help: "Filled in from the record.",
    },
    Field {
        id: "steps_left",
        label: "Its steps left (0: not known)",
        group: "Target",
        kind: FieldKind::Count { max: 4 },
        rule: "R 9.13, L1461-1466",
        help: "Filled in from the record.",
    },
    Field {
        id: "movement",
        label: "Its Movement Allowance (0: not known)",
        group: "Target",
        kind: FieldKind::Count { max: 20 },
        rule: "Rout Retreat, R 9.17A, L1528",
        help: "Filled in from the record.",
    },
    Field::flag(
        "target_shaken",
        "Its Command is Shaken",
        "Target",
        "Shaken, R 10.21, L1640",
        "+1 to its Disorder rolls. Filled in from the record.",
    ),
    Field::flag(
        "target_square",
        "It is in Square",
        "Target",
        "Square, R 8.73D-E, L1301-1303",
        "-1 to its Cohesion Checks; always a Massed Target. Filled in from the record.",
    ),
    Field::flag(
        "stacked",
        "Other units are in the target's hex",
        "Target",
        "Stacks, R 6.13F, L576-580",
        "Disorder from artillery at two or more hexes hits the whole stack.",
    ),
    Field::flag(
        "massed",
        "Massed Target: 6 or more SP in the hex, or a Square",
        "Column shifts",
        "Massed Target, R 6.13D, L582; L1303",
        "1 column right.",
    ),
    Field {
        id: "terrain",
        label: "Target's hex",
        group: "Column shifts",
        kind: FieldKind::Choice(TERRAINS),
        rule: "Terrain, R 7.3, L725; L779, L1407",
        help: "The shift is read on the Terrain chart; in a chateau only the chateau's counts (L1407).",
    },
    Field::flag(
        "reverse_slope",
        "Through a Crest hexside of the target's hex (Reverse Slope)",
        "Column shifts",
        "Reverse Slope, R 8.13, L857",
        "Artillery: 1 column left.",
    ),
    Field::flag(
        "firer_d1",
        "A firing unit is D-1",
        "Column shifts",
        "Disorder, R 9.15A, L1492",
        "1 column left.",
    ),
    Field::flag(
        "firer_in_built_up_village",
        "Infantry firing from a Built-Up Village",
        "Column shifts",
        "Built-Up Village, R 7.32, L779",
        "1 column right.",
    ),
    Field {
        id: "light",
        label: "Light",
        group: "Column shifts",
        kind: FieldKind::Choice(LIGHTS),
        rule: "Dusk, R 11.1, L1667-1673; Dark, R 11.2, L1675-1684",
        help: "Filled in from the Turn Record Track.",
    },
    Field::flag(
        "leader_in_hex",
        "A leader is in the target's hex",
        "Target",
        "Leader casualties, R 9.21A, L1560",
        "A natural 9 calls for his casualty roll.",
    ),
    Field::flag(
        "wet_fuses_due",
        "It rains and the Wet Fuses rule is in use",
        "Fire",
        "Wet Fuses (optional), R 11.4, L1701-1703",
        "Infantry that fires rolls for wet fuses. Filled in from the record.",
    ),
    options::on_form(REVERSE_SLOPE),
    options::on_form(NATURAL_ZERO),
];

fn artillery(input: &Input) -> bool {
    input.text("fire") != "infantry"
}

/// How many times the firing strength counts (L819, L875, L996).
fn multiplier(input: &Input) -> u32 {
    match input.text("fire") {
        "reaction" => 2,
        "grand_battery" => 3,
        _ => 1,
    }
}

/// The die modifiers (artillery only, R 8.13-8.14, L839, L865-866).
fn die_modifiers(input: &Input) -> Vec<Modifier> {
    let mut list = Vec::new();
    if !artillery(input) {
        return list;
    }
    if input.flag("max_range") {
        list.push(Modifier::new(
            "Fire",
            "At maximum printed range",
            -1,
            "R 8.13, L839",
        ));
    }
    match input.text("side") {
        "french" => list.push(Modifier::new("Fire", "French artillery", 1, "R 8.14, L865")),
        "prussian" => list.push(Modifier::new(
            "Fire",
            "Prussian artillery",
            -1,
            "R 8.14, L866",
        )),
        _ => {}
    }
    list
}

/// Routed units get no terrain benefit (R 9.16B, L1518).
fn routed_in_terrain(input: &Input) -> bool {
    input.text("terrain") != "none" && input.text("disorder") == "routed"
}

fn no_terrain_benefit() -> Modifier {
    Modifier::new(
        "Column shift",
        "No terrain benefit for a Routed unit",
        0,
        "Rout, R 9.16B, L1518",
    )
}

/// The target hex's column shift, read from the owner's terrain chart; none in the open.
fn terrain_shift(input: &Input, tables: &TableSet) -> Result<Option<Modifier>, RuleError> {
    let terrain = input.text("terrain");
    if terrain == "none" {
        return Ok(None);
    }
    let (shift, read) = tables
        .get(TERRAIN.table)?
        .modifier(terrain, Some("Fire shift"))?;
    Ok((shift != 0).then(|| {
        Modifier::new(
            "Column shift",
            read.cell.row.as_str(),
            shift,
            "Terrain chart, L725; L779, L1407",
        )
    }))
}

/// The column shifts the form states (the terrain's is read from the chart), right positive.
fn shifts(input: &Input) -> Vec<Modifier> {
    let side = "Column shift";
    let mut list = Vec::new();
    let range = input.number("range");
    if input.flag("massed") || input.flag("target_square") {
        list.push(Modifier::new(
            side,
            "Massed Target",
            1,
            "R 6.13D, L582; L1303",
        ));
    }
    let slope_applies = range >= 2 || input.text(REVERSE_SLOPE.id) == "every_range";
    if artillery(input) && input.flag("reverse_slope") && slope_applies {
        list.push(Modifier::new(side, "Reverse Slope", -1, "R 8.13, L857"));
    }
    if input.flag("firer_d1") {
        list.push(Modifier::new(side, "Firing unit D-1", -1, "R 9.15A, L1492"));
    }
    if !artillery(input) && input.flag("firer_in_built_up_village") {
        list.push(Modifier::new(
            side,
            "Firing from a Built-Up Village",
            1,
            "R 7.32, L779",
        ));
    }
    match input.text("light") {
        "dusk" if artillery(input) && range > 1 => {
            list.push(Modifier::new(
                side,
                "Dusk, artillery beyond 1 hex",
                -1,
                "R 11.1, L1671",
            ));
        }
        "dark" => list.push(Modifier::new(side, "Dark", -1, "R 11.2, L1679")),
        _ => {}
    }
    list
}

/// How hard a result strikes, for ordering the odds: the worst for the target first.
pub(super) fn severity(tokens: &[crate::engine::tables::Token]) -> i32 {
    tokens
        .iter()
        .map(|t| match t.code.as_str() {
            "2" => 20,
            "1" => 10,
            "R" => 8,
            "r" => 5,
            "D" => 4,
            "B" => 3,
            "d" => 2,
            _ => 0,
        })
        .sum()
}

pub struct Fire;

impl Procedure for Fire {
    fn about(&self) -> &About {
        &About {
            id: "fire",
            title: "Fire",
            rule: RULE,
            summary: "Artillery, Reaction, Grand Battery or infantry fire on the Fire Table: the Strength Points pick the column, shifts move it at most two either way, and the result strikes the target with its checks rolled.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "fire",
            "firers",
            "strength",
            "range",
            "target_side",
            "target",
            "terrain",
            "massed",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "max_range" | "reverse_slope" => artillery(input),
            "firer_in_built_up_village" | "extended_line" => !artillery(input),
            _ => true,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        &[FIRE_TABLE, TERRAIN]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REVERSE_SLOPE);
        prefill_setting(input, record, &NATURAL_ZERO);
        let light = match turn_track::light(record, record.position.turn) {
            Light::Day => "day",
            Light::Dusk => "dusk",
            Light::Dark => "dark",
        };
        input.set("light", Value::Text(light.into()));
        input.set("range", Value::Number(1));
        let wet = record.option(WET_FUSES.id, "off") == "on" && turn_track::raining(record);
        input.set("wet_fuses_due", Value::Flag(wet));
        if lims::active(record)
            .is_some_and(|lim| lim.as_str() == lims::chit("french", "Grand Battery"))
        {
            input.set("fire", Value::Text("grand_battery".into()));
        }
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        match changed {
            "side" => {
                let side = input.text("side").to_string();
                if input.text("target_side") == side
                    || !super::armies_in(record).contains(&input.text("target_side"))
                {
                    let enemy = super::enemy_of(record, &side);
                    input.set("target_side", Value::Text(enemy.into()));
                }
            }
            "firers" => {
                let side = input.text("side").to_string();
                let units: Vec<_> = input
                    .list("firers")
                    .iter()
                    .filter_map(|name| record.unit(&side, name))
                    .collect();
                // Out of one hex fire at most 4 infantry SP (L564) and 8 artillery SP (L566).
                let strength: i64 = units
                    .iter()
                    .filter_map(|u| {
                        let cap = if u.attribute(attribute::TYPE) == Some("infantry") {
                            4
                        } else {
                            8
                        };
                        roster::number(u, attribute::STRENGTH).map(|s| s.min(cap))
                    })
                    .sum();
                if strength > 0 {
                    input.set("strength", Value::Number(strength));
                }
                if let Some(kind) = units.first().and_then(|u| u.attribute(attribute::TYPE))
                    && kind == "infantry"
                {
                    input.set("fire", Value::Text("infantry".into()));
                }
                let d1 = units
                    .iter()
                    .any(|u| u.attribute(attribute::DISORDER) == Some("D-1"));
                input.set("firer_d1", Value::Flag(d1));
            }
            "target" | "target_side" => {
                let Some(unit) =
                    record.unit(input.text("target_side"), input.text("target").trim())
                else {
                    return;
                };
                let ratings = [
                    ("cohesion", attribute::COHESION),
                    ("movement", attribute::MOVEMENT),
                ];
                super::forms::follow_unit_of(input, record, "target_side", "target", &ratings);
                if let Some(steps) = roster::number(unit, attribute::STEPS) {
                    let lost = roster::number(unit, attribute::STEPS_LOST).unwrap_or(0);
                    input.set("steps_left", Value::Number((steps - lost).max(0)));
                }
                let square = super::forms::marked(unit, attribute::SQUARE);
                input.set("target_square", Value::Flag(square));
                let massed =
                    square || roster::number(unit, attribute::STRENGTH).is_some_and(|s| s >= 6);
                input.set("massed", Value::Flag(massed));
                let command = unit.attribute(attribute::COMMAND).unwrap_or_default();
                let shaken = super::morale::shaken(record, command, input.text("target_side"));
                input.set("target_shaken", Value::Flag(shaken));
            }
            _ => {}
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("strength") < 1 {
            return Err(InputError::new(
                "strength",
                "enter the Strength Points firing",
            ));
        }
        if input.text("target_side") == input.text("side") {
            return Err(InputError::new(
                "target_side",
                "an army does not fire on itself",
            ));
        }
        let artillery = artillery(input);
        if !artillery && input.number("strength") > 4 && !input.flag("extended_line") {
            return Err(InputError::new(
                "strength",
                "no more than 4 infantry Strength Points fire out of one hex (L564)",
            ));
        }
        if artillery && input.list("firers").len() <= 1 && input.number("strength") > 8 {
            return Err(InputError::new(
                "strength",
                "no more than 8 artillery Strength Points fire out of one hex (L566)",
            ));
        }
        if !artillery && input.list("firers").len() > 1 {
            return Err(InputError::new(
                "firers",
                "infantry never combines its fire (L1010)",
            ));
        }
        if input.text("fire") == "grand_battery" && input.text("side") != "french" {
            return Err(InputError::new(
                "fire",
                "only the French have a Grand Battery (L870)",
            ));
        }
        if matches!(input.text("fire"), "reaction" | "infantry") && input.number("range") > 1 {
            return Err(InputError::new(
                "range",
                "Reaction Fire and infantry fire are at adjacent units: range 1 (L996, L1002-1004)",
            ));
        }
        match input.text("light") {
            "dark" if !artillery => Err(InputError::new(
                "fire",
                "infantry may not fire in a Dark turn (L1680)",
            )),
            "dark" if input.number("range") > 1 => Err(InputError::new(
                "range",
                "in a Dark turn artillery fires at 1 hex only (L1679)",
            )),
            "dusk" | "dark"
                if input.text("fire") == "grand_battery" || input.list("firers").len() > 1 =>
            {
                Err(InputError::new(
                    "fire",
                    "no Grand Battery and no combined artillery fire at Dusk or Dark (L1672, L1681)",
                ))
            }
            _ => Ok(()),
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if input.text("fire") == "grand_battery"
            && lims::active(record)
                .is_none_or(|lim| lim.as_str() != lims::chit("french", "Grand Battery"))
        {
            return Err(InputError::new(
                "fire",
                "a Grand Battery fires only under the Grand Battery LIM (R 4.42D, L274)",
            ));
        }
        let wanted = if artillery(input) {
            "artillery"
        } else {
            "infantry"
        };
        for name in input.list("firers") {
            if let Some(unit) = record.unit(input.text("side"), name) {
                if unit
                    .attribute(attribute::TYPE)
                    .is_some_and(|kind| kind != wanted)
                {
                    return Err(InputError::new(
                        "firers",
                        format!(
                            "{name} is not {wanted}: infantry and artillery never combine their fire (L570)"
                        ),
                    ));
                }
                if turn_track::fuses_wet(record, unit) {
                    return Err(InputError::new(
                        "firers",
                        format!(
                            "{name}'s fuses are wet: it cannot fire until a turn without Rain (L1703)"
                        ),
                    ));
                }
            }
            if let Some(unit) = record.unit(input.text("side"), name)
                && (unit.attribute(attribute::DISORDER) == Some("D-2")
                    || unit.state.as_ref() == state::ROUTED)
            {
                return Err(InputError::new(
                    "firers",
                    format!("{name} may not fire: D-2 and Routed units never do (L1500, L1519)"),
                ));
            }
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut list = die_modifiers(input);
        list.extend(shifts(input));
        list
    }
    fn modifiers_read(&self, input: &Input, tables: &TableSet) -> Vec<Modifier> {
        let mut list = self.modifiers(input);
        if routed_in_terrain(input) {
            list.push(no_terrain_benefit());
        } else {
            // Until the owner enters the terrain chart its shift is left out.
            list.extend(terrain_shift(input, tables).ok().flatten());
        }
        list
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        let target = input.text("target").trim();
        let called = if target.is_empty() { "target" } else { target };
        // The check die serves the result's 'd' or 'r' check, if it has one; a cell with two
        // checks sends the second to the Cohesion Check form.
        DiceSpec::new(&[
            ("Fire die", Die::D10Zero),
            (&format!("{called}'s check die"), Die::D10Zero),
        ])
    }
    fn deciding_dice(&self, _input: &Input) -> Option<usize> {
        // The cell read is the outcome; the check die only plays its check out.
        Some(1)
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let table = tables.get(FIRE_TABLE.table)?;
        let mut modifiers = die_modifiers(input);
        let mut column_shifts = shifts(input);
        if routed_in_terrain(input) {
            modifiers.push(no_terrain_benefit());
        } else {
            column_shifts.extend(terrain_shift(input, tables)?);
        }
        let die = faces.first().copied().unwrap_or(0);
        let drm = checks::sum(&modifiers);
        let net_shift = checks::sum(&column_shifts);
        let strength = u32::try_from(input.number("strength")).unwrap_or(0) * multiplier(input);
        let line = if artillery(input) {
            "Artillery"
        } else {
            "Infantry"
        };
        let lookup =
            table.lookup_strength_line(Some(line), strength, net_shift, i32::from(die) + drm)?;
        let parts = lookup.parts_for(&FIRE_TABLE, table)?;
        let target_side = input.text("target_side");
        let name = Some(input.text("target").trim()).filter(|n| !n.is_empty());
        let steps_left = input.number("steps_left");
        let movement = input.number("movement");
        let struck = Struck {
            piece: Piece {
                side: target_side,
                name,
                kind: input.text("type"),
                disorder: input.text("disorder"),
                movement: None,
            }
            .moving(movement),
            cohesion: input.number("cohesion"),
            steps_left: (steps_left > 0).then_some(steps_left),
            shaken: input.flag("target_shaken"),
            square: input.flag("target_square"),
            chateau: input.text("terrain") == "chateau",
            check_modifiers: Vec::new(),
            further_disorder_routs: false,
        };
        let ranged_artillery = artillery(input) && input.number("range") >= 2;
        let tokens = parts.into_iter().flatten().collect::<Vec<_>>();
        let applied = combat_results::apply(
            &tokens,
            &struck,
            faces.get(1..).unwrap_or(&[]),
            ZeroPasses::from_setting(input.text(NATURAL_ZERO.id)),
            TABLE_RULE,
            ranged_artillery,
        );
        let mut effects = applied.effects;
        let disorders = tokens.iter().any(|t| matches!(t.code.as_str(), "D" | "d"));
        if ranged_artillery && input.flag("stacked") && disorders {
            effects.push(Effect::reminder(
                "Disorder from artillery at two or more hexes hits every unit of the stack: resolve the same for each other unit in the hex (Cohesion Check form for a 'd')",
                "Stacks, R 6.13F, L580",
            ));
        }
        if die == 9 && input.flag("leader_in_hex") {
            effects.push(Effect::reminder(
                "A natural 9 with a leader in the target's hex: each leader there rolls for his life (Leader casualty form, fire)",
                "Leader casualties, R 9.21A, L1560",
            ));
        }
        if !artillery(input) && input.flag("wet_fuses_due") {
            effects.push(Effect::reminder(
                &format!(
                    "{} fired in the Rain: roll for its Wet Fuses (Wet Fuses form)",
                    input
                        .list("firers")
                        .first()
                        .map_or("The infantry", |f| f.as_str())
                ),
                "Wet Fuses (optional), R 11.4, L1703",
            ));
        }
        let words = if applied.words.is_empty() {
            "no result".to_string()
        } else {
            applied.words.join("; ")
        };
        let called = name.unwrap_or("the target");
        modifiers.extend(column_shifts);
        let key = lookup.result.code.clone();
        let rank = -severity(&tokens);
        Ok(Resolution {
            modifiers,
            totals: vec![crate::engine::procedure::SideTotal {
                side: format!("Fire at {called} ({})", army_label(target_side)),
                die: Some(i32::from(die)),
                modifiers: drm,
                total: i32::from(die) + drm,
            }],
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell.clone()),
            outcome: Outcome {
                key,
                rank,
                headline: format!("{}: {words}", lookup.result.code),
            },
            effects,
        })
    }
}
