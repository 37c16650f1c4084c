//! A side's forces in a battle, as the combat round reads them: each Formation in the Lead or the
//! Supporting Formations box with what the record knows of it. The form carries them as text the
//! record fills in (`resolve` reads only the form), one Formation after another:
//!
//! `Left Wing: lead, Line of Battle, Morale 3, CF 17, screen CF 2, cavalry CF 5, broken 0,
//! National Guard 0, nations french`
//!
//! with `force marched` and `out of supply` added where they hold (6.6.2-6.6.3, L988-990). An
//! un-brigaded Troop unit in a campaign battle is a force of its own, `un-brigaded`, with no
//! Formation Morale (6.2.2b/d, L866-868; 3.1.6, L526).

use super::campaign::movement::{MARCHED_IN, ops_mark};
use super::roster::{
    self, MAJOR_NATIONS, MODES, attribute, halves_text, mode_label, parse_cf, state,
};
use crate::engine::record::Record;

/// A Formation's part in the battle (6.2.2, L863-868).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Lead,
    Supporting,
}

/// One Formation in the battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Force {
    pub name: String,
    pub role: Role,
    /// Its Deployment Mode, by id.
    pub mode: String,
    pub morale: u32,
    /// In halves (a National Guard unit may be ½ CF): the units in the Formation box.
    pub cf: u32,
    /// In halves: the units in its Cavalry Screen box.
    pub screen_cf: u32,
    /// In halves: the cavalry in the Formation box (not the Screen or Charge boxes, 3.2.3, L543).
    pub cavalry_cf: u32,
    /// Units whose printed Morale is above the Formation's (5.2.2, L776).
    pub broken: u32,
    pub national_guard: u32,
    /// Guard units in the Formation box, which a Guards Assault needs (3.3.2d, L556).
    pub guards: u32,
    /// In halves: the cavalry in its Cavalry Charge box (3.2.2, L537).
    pub charge_cf: u32,
    pub nations: Vec<String>,
    pub force_marched: bool,
    pub out_of_supply: bool,
    /// A Troop unit in no Formation, fighting on its own (6.2.2b/d, L866-868).
    pub unbrigaded: bool,
}

impl Force {
    pub fn describe(&self) -> String {
        let role = match self.role {
            Role::Lead => "lead",
            Role::Supporting => "supporting",
        };
        let mut text = format!(
            "{}: {role}, {}, Morale {}, CF {}, screen CF {}, cavalry CF {}, broken {}, National Guard {}, nations {}",
            self.name,
            mode_label(&self.mode),
            self.morale,
            halves_text(self.cf),
            halves_text(self.screen_cf),
            halves_text(self.cavalry_cf),
            self.broken,
            self.national_guard,
            self.nations.join("+"),
        );
        // Written only where they hold, so a plain Formation reads as before.
        if self.guards > 0 {
            text.push_str(&format!(", Guard {}", self.guards));
        }
        if self.charge_cf > 0 {
            text.push_str(&format!(", charge CF {}", halves_text(self.charge_cf)));
        }
        if self.force_marched {
            text.push_str(", force marched");
        }
        if self.out_of_supply {
            text.push_str(", out of supply");
        }
        if self.unbrigaded {
            text.push_str(", un-brigaded");
        }
        text
    }

    fn parse(text: &str) -> Result<Force, String> {
        let text = text.trim();
        let (name, facts) = text.split_once(": ").ok_or_else(|| {
            format!("\"{text}\" does not start with a Formation's name and a colon")
        })?;
        let mut force = Force {
            name: name.trim().to_string(),
            role: Role::Supporting,
            mode: String::new(),
            morale: 0,
            cf: 0,
            screen_cf: 0,
            cavalry_cf: 0,
            broken: 0,
            national_guard: 0,
            guards: 0,
            charge_cf: 0,
            nations: Vec::new(),
            force_marched: false,
            out_of_supply: false,
            unbrigaded: false,
        };
        let number = |value: &str, what: &str| {
            value
                .trim()
                .parse::<u32>()
                .map_err(|_| format!("{name}: \"{value}\" is not a number of {what}"))
        };
        let strength =
            |value: &str| parse_cf(value).ok_or_else(|| format!("{name}: \"{value}\" is not a CF"));
        for part in facts.split(", ").map(str::trim) {
            if let Some(mode) = MODES.iter().find(|(_, label)| *label == part) {
                force.mode = mode.0.to_string();
                continue;
            }
            match part {
                "lead" => force.role = Role::Lead,
                "supporting" => force.role = Role::Supporting,
                "force marched" => force.force_marched = true,
                "out of supply" => force.out_of_supply = true,
                "un-brigaded" => force.unbrigaded = true,
                _ => {
                    if let Some(v) = part.strip_prefix("Morale ") {
                        force.morale = number(v, "Morale levels")?;
                    } else if let Some(v) = part.strip_prefix("CF ") {
                        force.cf = strength(v)?;
                    } else if let Some(v) = part.strip_prefix("screen CF ") {
                        force.screen_cf = strength(v)?;
                    } else if let Some(v) = part.strip_prefix("cavalry CF ") {
                        force.cavalry_cf = strength(v)?;
                    } else if let Some(v) = part.strip_prefix("broken ") {
                        force.broken = number(v, "Broken units")?;
                    } else if let Some(v) = part.strip_prefix("National Guard ") {
                        force.national_guard = number(v, "National Guard units")?;
                    } else if let Some(v) = part.strip_prefix("Guard ") {
                        force.guards = number(v, "Guard units")?;
                    } else if let Some(v) = part.strip_prefix("charge CF ") {
                        force.charge_cf = strength(v)?;
                    } else if let Some(v) = part.strip_prefix("nations ") {
                        force.nations = v.split('+').map(|n| n.trim().to_string()).collect();
                    } else {
                        return Err(format!(
                            "{name}: \"{part}\" is not a fact the combat round reads"
                        ));
                    }
                }
            }
        }
        if force.mode.is_empty() {
            return Err(format!("{name}: give its Deployment Mode"));
        }
        Ok(force)
    }

    /// The Major Nations among its units (6.8.5, L1018).
    pub fn major_nations(&self) -> impl Iterator<Item = &str> {
        self.nations
            .iter()
            .map(String::as_str)
            .filter(|n| MAJOR_NATIONS.contains(n))
    }
}

/// The Formations a form's text lists; an empty text lists none.
pub fn parse_all(text: &str) -> Result<Vec<Force>, String> {
    if text.trim().is_empty() {
        return Err("no Formation is listed: the form lists them from the record once the Battle Display is posted and every CF and Morale they need is entered (Counter values)".into());
    }
    let forces: Vec<Force> = text
        .split(';')
        .filter(|part| !part.trim().is_empty())
        .map(Force::parse)
        .collect::<Result<_, _>>()?;
    if forces.iter().filter(|f| f.role == Role::Lead).count() != 1 {
        return Err("list exactly one Lead Formation (6.2.2a, L865)".into());
    }
    Ok(forces)
}

pub fn describe_all(forces: &[Force]) -> String {
    forces
        .iter()
        .map(Force::describe)
        .collect::<Vec<_>>()
        .join("; ")
}

/// `side`'s Formations in the Lead and Supporting boxes as the record has them, the Lead first;
/// or the values the players must enter first.
pub fn on_record(record: &Record, side: &str) -> Result<Vec<Force>, String> {
    let mut forces = Vec::new();
    let mut missing = Vec::new();
    for (_, name, formation) in record.units_where(Some(side), &[(attribute::TYPE, "formation")]) {
        let role = match formation.attribute(attribute::ROLE) {
            Some("lead") => Role::Lead,
            Some("supporting") => Role::Supporting,
            _ => continue,
        };
        let morale: u32 = formation
            .attribute(attribute::FORMATION_MORALE)
            .and_then(|m| m.parse().ok())
            .unwrap_or(0);
        let mut force = Force {
            name: name.to_string(),
            role,
            mode: formation
                .attribute(attribute::MODE)
                .unwrap_or("line_of_battle")
                .to_string(),
            morale,
            cf: 0,
            screen_cf: 0,
            cavalry_cf: 0,
            broken: 0,
            national_guard: 0,
            guards: 0,
            charge_cf: 0,
            nations: Vec::new(),
            // Halved in the march's OPs Phase only (18.4.7, L1702), flipped or not.
            force_marched: formation.attribute(MARCHED_IN) == Some(ops_mark(record).as_str()),
            out_of_supply: formation.attribute(attribute::SUPPLY) == Some("out"),
            unbrigaded: false,
        };
        if let Some(nation) = formation.attribute(attribute::NATION) {
            force.nations.push(nation.to_string());
        }
        let conditions = [(attribute::FORMATION, name), ("state", state::IN_PLAY)];
        let units = record.units_where(Some(side), &conditions);
        for (_, unit_name, unit) in units {
            if unit.attribute(attribute::TYPE) == Some("leader") {
                continue;
            }
            let (cf, printed_morale) = roster::current(unit);
            let Some(cf) = cf else {
                missing.push(format!("the CF of {unit_name}"));
                continue;
            };
            if let Some(nation) = unit.attribute(attribute::NATION)
                && !force.nations.iter().any(|n| n == nation)
            {
                force.nations.push(nation.to_string());
            }
            match unit.attribute(attribute::BOX) {
                Some("screen") => force.screen_cf += cf,
                Some("charge") => force.charge_cf += cf,
                _ => {
                    force.cf += cf;
                    if unit.attribute(attribute::GUARD) == Some("yes") {
                        force.guards += 1;
                    }
                    if unit.attribute(attribute::TYPE) == Some("cavalry") {
                        force.cavalry_cf += cf;
                    }
                    if unit.attribute(attribute::SIZE) == Some("national-guard") {
                        // National Guard units print no Morale (2.2.2, L456).
                        force.national_guard += 1;
                    } else {
                        match printed_morale {
                            Some(m) if m > morale => force.broken += 1,
                            Some(_) => {}
                            None => missing.push(format!("the Morale of {unit_name}")),
                        }
                    }
                }
            }
        }
        forces.push(force);
    }
    for (_, name, unit) in record.units_where(Some(side), &[]) {
        let role = match unit.attribute(attribute::ROLE) {
            Some("lead") => Role::Lead,
            Some("supporting") => Role::Supporting,
            _ => continue,
        };
        if !roster::unbrigaded_troop(unit) {
            continue;
        }
        let Some(cf) = roster::current(unit).0 else {
            missing.push(format!("the CF of {name}"));
            continue;
        };
        let is = |attribute: &str, value: &str| unit.attribute(attribute) == Some(value);
        forces.push(Force {
            name: name.to_string(),
            role,
            // Line of Battle, or March Order in a Pass, as posted (3.1.5, L524).
            mode: unit
                .attribute(attribute::MODE)
                .unwrap_or("line_of_battle")
                .to_string(),
            morale: 0,
            cf,
            screen_cf: 0,
            cavalry_cf: if is(attribute::TYPE, "cavalry") {
                cf
            } else {
                0
            },
            broken: 0,
            national_guard: u32::from(is(attribute::SIZE, "national-guard")),
            guards: u32::from(is(attribute::GUARD, "yes")),
            charge_cf: 0,
            nations: unit
                .attribute(attribute::NATION)
                .map(str::to_string)
                .into_iter()
                .collect(),
            // Automatically in supply (16.1.4, L1497); only Formations Force March (18.4.1, L1690).
            force_marched: false,
            out_of_supply: false,
            unbrigaded: true,
        });
    }
    if !missing.is_empty() {
        return Err(format!(
            "enter {} from the counters first (Counter values)",
            missing.join(", ")
        ));
    }
    forces.sort_by_key(|f| f.role != Role::Lead);
    Ok(forces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_force_reads_back_as_described() {
        let force = Force {
            name: "Armée du Nord".into(),
            role: Role::Supporting,
            mode: "echelon".into(),
            morale: 2,
            cf: 23,
            screen_cf: 1,
            cavalry_cf: 4,
            broken: 1,
            national_guard: 2,
            guards: 1,
            charge_cf: 3,
            nations: vec!["french".into()],
            force_marched: true,
            out_of_supply: false,
            unbrigaded: true,
        };
        let lead = Force {
            role: Role::Lead,
            name: "Left Wing".into(),
            ..force.clone()
        };
        let text = describe_all(&[lead.clone(), force.clone()]);
        assert!(text.contains("CF 11 1/2"), "{text}");
        assert_eq!(parse_all(&text), Ok(vec![lead, force]));
    }

    #[test]
    fn exactly_one_lead() {
        let text = "A: supporting, Line of Battle, Morale 3, CF 4";
        assert!(parse_all(text).unwrap_err().contains("one Lead"));
    }
}
