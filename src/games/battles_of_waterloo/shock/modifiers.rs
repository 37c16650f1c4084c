//! The Shock DRMs (R 8.53, L1056-1095, and the rules that add to them): each read from the
//! owner's Shock DRM chart (`shock-modifiers`) or the Terrain chart, where the value is printed;
//! the rulebook's own values are filled in on the shipped template. Negative helps the attacker.
//!
//! Readings taken (digest, Corrections):
//! - Position: one entry for the whole attack (Flank only, Front and Flank, Rear only,
//!   Surrounding), never a sum (L1125, L1170). Heavy Cavalry through the Front of infantry with an
//!   unsupported flank attacks as through the Flank (R 8.63B, L1166-1170).
//! - Disorder and Rout: by the `disorder_drms` setting (L1080); a Blown unit counts as D-1 (L1240).
//! - Terrain: lost when every defender is Routed, or by the `routed_terrain` setting when any is
//!   (L1518). Against a chateau no position adjustment and no Combined Arms apply (L1115, L1380),
//!   and no downhill DRM: only the chateau's terrain adjustment counts (L1407).
//! - The Elite stars of units in a chateau still count: they are "involved" (L1079); the rules do
//!   not say otherwise.

use super::Situation;
use crate::engine::procedure::{Modifier, RuleError};
use crate::engine::table_set::TableSet;

pub const TABLE: &str = "shock-modifiers";
const TERRAIN_TABLE: &str = "terrain";

/// The die modifiers, and whether the defender's terrain gives a Shock benefit (which makes the
/// odds round in the defender's favour, R 8.52, L1052).
pub struct Drms {
    pub list: Vec<Modifier>,
    pub terrain_benefit: bool,
}

struct Reader<'a> {
    tables: &'a TableSet,
    list: Vec<Modifier>,
}

impl Reader<'_> {
    /// The chart's value for row `id`, with the chart's label and the rule the row cites.
    fn value(&self, id: &str) -> Result<(i32, String), RuleError> {
        let (value, read) = self.tables.get(TABLE)?.modifier(id, None)?;
        Ok((value, read.cell.row.to_string()))
    }

    fn add(&mut self, side: &str, id: &str, rule: &str) -> Result<(), RuleError> {
        let (value, label) = self.value(id)?;
        self.list.push(Modifier::new(side, label, value, rule));
        Ok(())
    }

    /// One entry for the state of a side's units: the value most favourable to the attacker.
    fn most_favourable(&mut self, side: &str, ids: &[&str]) -> Result<(), RuleError> {
        let mut best: Option<(i32, String)> = None;
        for id in ids {
            let read = self.value(id)?;
            if best.as_ref().is_none_or(|(value, _)| read.0 < *value) {
                best = Some(read);
            }
        }
        if let Some((value, label)) = best {
            let rule = "Shock DRMs, R 8.53C, L1080; Rout, R 9.16B, L1521";
            self.list.push(Modifier::new(side, label, value, rule));
        }
        Ok(())
    }
}

/// The Disorder and Rout rows a side's units call for.
fn disorder_rows(
    fighters: &[super::super::fighters::Fighter],
    attacking: bool,
) -> Vec<&'static str> {
    let mut rows = Vec::new();
    for fighter in fighters {
        let row = match (attacking, fighter.disorder.as_str(), fighter.blown) {
            (true, "D-1", _) | (true, _, true) => "attacker_d1",
            (false, "D-1", _) | (false, _, true) => "defender_d1",
            (false, "D-2", _) => "defender_d2",
            (false, "routed", _) => "defender_routed",
            _ => continue,
        };
        if !rows.contains(&row) {
            rows.push(row);
        }
    }
    rows
}

pub fn drms(situation: &Situation, tables: &TableSet) -> Result<Drms, RuleError> {
    let mut reader = Reader {
        tables,
        list: Vec::new(),
    };
    let attacker = "Attacker";
    let defender = "Defender";
    let chateau = situation.chateau();

    // Position (R 8.53A, L1060-1068); none against a chateau (L1380).
    let position = match (situation.position, situation.flank_benefit()) {
        ("front", true) => Some("flank"),
        ("front", false) => None,
        (other, _) => Some(other),
    };
    if let Some(row) = position.filter(|_| !chateau) {
        let rule = if situation.flank_benefit() {
            "Frontal Charges, R 8.63B, L1166-1170"
        } else {
            "Position, R 8.53A, L1060-1068; L1125, L1170"
        };
        reader.add(attacker, row, rule)?;
    }

    // Cavalry (R 8.53B, L1070-1075; R 8.63, R 8.66).
    let heavy_charging = situation.charge_benefits()
        && situation
            .attackers
            .iter()
            .any(|f| f.kind == "heavy_cavalry");
    let infantry_defends = situation.defenders.iter().any(|f| f.kind == "infantry");
    let in_square = situation.defenders.iter().any(|f| f.square);
    let through_front = matches!(situation.charge, "front" | "front_unsupported");
    if heavy_charging && through_front && infantry_defends && !in_square {
        // The setting drops the -1 only where the Flank benefit is taken (L1166-1170).
        let dropped = situation.flank_benefit() && situation.frontal_and_flank == "flank_only";
        if !dropped {
            reader.add(
                attacker,
                "heavy_cavalry_frontal",
                "Frontal Charges, R 8.63A, L1164",
            )?;
        }
    }
    if heavy_charging
        && situation
            .defenders
            .iter()
            .any(|f| f.kind == "light_cavalry")
    {
        reader.add(
            attacker,
            "heavy_cavalry_vs_light",
            "Cavalry DRMs, R 8.53B, L1073",
        )?;
    }
    let disordered_infantry = situation
        .defenders
        .iter()
        .any(|f| f.kind == "infantry" && matches!(f.disorder.as_str(), "D-1" | "D-2"));
    if heavy_charging && disordered_infantry && !in_square {
        reader.add(
            attacker,
            "heavy_cavalry_vs_disordered",
            "Special Cavalry Capabilities, R 8.66A, L1208; L1302",
        )?;
    }
    if situation
        .defenders
        .iter()
        .any(|f| f.kind == "heavy_cavalry")
        && situation
            .attackers
            .iter()
            .any(|f| f.kind == "light_cavalry")
    {
        reader.add(
            defender,
            "defending_heavy_vs_light",
            "Cavalry DRMs, R 8.53B, L1075",
        )?;
    }
    let combined = situation.attackers.iter().any(|f| f.cavalry())
        && situation.attackers.iter().any(|f| f.kind == "infantry");
    if combined && !chateau && !situation.defenders.iter().any(|f| f.cavalry()) {
        reader.add(
            attacker,
            "combined_arms",
            "Combined Arms, R 8.55, L1111-1119",
        )?;
    }

    // Morale and Disorder (R 8.53C, L1077-1081): the stars of each unit involved.
    for (side, fighters, elite, crack) in [
        (
            attacker,
            &situation.attackers,
            "elite_attacker",
            "crack_elite_attacker",
        ),
        (
            defender,
            &situation.defenders,
            "elite_defender",
            "crack_elite_defender",
        ),
    ] {
        for fighter in fighters.iter() {
            let row = match fighter.elite {
                1 => elite,
                2 => crack,
                _ => continue,
            };
            let (value, label) = reader.value(row)?;
            reader.list.push(Modifier::new(
                side,
                format!("{label}: {}", fighter.name),
                value,
                "Shock DRMs, R 8.53C, L1079",
            ));
        }
    }
    let attacking_rows = disorder_rows(&situation.attackers, true);
    let defending_rows = disorder_rows(&situation.defenders, false);
    if situation.disorder_drms == "one_for_all" {
        let all: Vec<&str> = attacking_rows
            .iter()
            .chain(&defending_rows)
            .copied()
            .collect();
        reader.most_favourable("Disorder", &all)?;
    } else {
        reader.most_favourable(attacker, &attacking_rows)?;
        reader.most_favourable(defender, &defending_rows)?;
    }
    for (side, fighters, row) in [
        (attacker, &situation.attackers, "sole_attacker_one_step"),
        (defender, &situation.defenders, "sole_defender_one_step"),
    ] {
        if let [only] = fighters.as_slice()
            && only.steps_left == Some(1)
        {
            reader.add(side, row, "Shock DRMs, R 8.53C, L1081")?;
        }
    }

    // Terrain (R 8.53D, L1083-1086).
    let mut terrain_benefit = false;
    if situation.terrain != "none" {
        let routed = |f: &super::super::fighters::Fighter| f.disorder == "routed";
        let lost = if situation.routed_terrain == "any_routed" {
            situation.defenders.iter().any(routed)
        } else {
            situation.defenders.iter().all(routed)
        };
        if lost {
            reader.list.push(Modifier::new(
                defender,
                "No terrain benefit for Routed defenders",
                0,
                "Rout, R 9.16B, L1518",
            ));
        } else {
            let (value, read) = tables
                .get(TERRAIN_TABLE)?
                .modifier(situation.terrain, Some("Shock DRM"))?;
            terrain_benefit = value > 0;
            reader.list.push(Modifier::new(
                defender,
                read.cell.row.as_str(),
                value,
                "Terrain chart, R 8.53D, L1085; L777-779, L1407",
            ));
        }
    }
    if situation.downhill && chateau {
        reader.list.push(Modifier::new(
            attacker,
            "Attacking downhill: no effect against a chateau",
            0,
            "Chateaux, R 8.93C, L1407",
        ));
    } else if situation.downhill {
        reader.add(attacker, "downhill", "Terrain DRMs, R 8.53D, L1086")?;
    }

    // Miscellaneous (R 8.53E, L1088-1095).
    let flags = [
        (
            situation.attacker_extended_line,
            attacker,
            "extended_line_attacker",
            "Extended Line, R 6.2, L614; R 8.53E, L1092",
        ),
        (
            situation.defender_extended_line,
            defender,
            "extended_line_defender",
            "Extended Line, R 6.2, L614; R 8.53E, L1092",
        ),
        (
            situation.ney,
            attacker,
            "ney",
            "Ney, R 4.62, L390; R 8.53E, L1093",
        ),
        (
            situation.wellington,
            defender,
            "wellington",
            "Wellington, R 4.63, L416; R 8.53E, L1094",
        ),
        (
            situation.attacker_wet_fuses,
            attacker,
            "wet_fuses_attacker",
            "Wet Fuses (optional), R 11.4, L1703",
        ),
        (
            situation.defender_wet_fuses,
            defender,
            "wet_fuses_defender",
            "Wet Fuses (optional), R 11.4, L1703",
        ),
    ];
    for (applies, side, row, rule) in flags {
        if applies {
            reader.add(side, row, rule)?;
        }
    }
    Ok(Drms {
        list: reader.list,
        terrain_benefit,
    })
}
