//! The Rebuild Troop Units Segment (Module 14, L1429-1463): a unit in a Formation in supply
//! (14.1.1, L1435) is rebuilt by a Replacement or by Recombination, each for 1 AP of a Leader's
//! (14.1.2, L1437).
//!
//! Replacements (14.2, L1441-1449): a side replaces at most two steps a segment, each Allied
//! nationality at most one of them (setting S11), none to a Minor Allied unit; each step is paid at
//! the RP Costs Chart's price and flips a reduced unit to its full side.
//!
//! Recombination (14.3, L1451-1463): a full-strength Division restores a step of a reduced Corps;
//! two reduced Corps, or two reduced Divisions, become one full-strength unit, the one removed
//! named by the setting S10; for the French two full-strength National Guard units restore a step
//! of an Infantry Division. All are brigaded in the same Formation.
//!
//! Readings:
//! - The AP is the Formation's own Leader's: 4.2.4 (L672) sends to the Senior Leader only the
//!   second to fourth points of 4.2.3, and incorporating a Replacement is the fifth.
//! - Spanish and Portuguese units are one nationality (14.2.2, L1445).
//! - Units recombined are of one nation and arm, as a Division replaces a Corps of its own type
//!   (3.6.5, L598); the National Guard restore an Infantry Division (14.3.5, L1461).
//! - A National Guard unit printed at ½ CF, which has one step (3.4.4, L570), is full-strength.
//! - "Morale value" is the value on the face the unit shows.
//! - A unit removed to a pool box stands there on its full side, as the pieces recruited from it.

use super::fields::{REDUCED_TROOP, known_text, payer_ap, side};
use super::organization::{check_ap, check_in_supply, check_segment, is_minor, of, spend, troop};
use super::sequence::REBUILD_TITLE;
use super::settings::{RECOMBINE_REMOVED, REPLACEMENT_PER_NATION, on_form};
use super::war_chest::{pay_in, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::engine::tables::TableError;
use crate::games::beyond_waterloo::people;
use crate::games::beyond_waterloo::roster::{attribute, current, state};

/// The segment, as "turn/phase/step", a unit took a replacement step in.
pub const REPLACED_IN: &str = "replaced_in";

/// The most steps a side replaces in a segment (14.2.1, L1443).
const MAX_STEPS: i64 = 2;

/// Where play stands, as `REPLACED_IN` marks it.
fn segment_mark(record: &Record) -> String {
    let at = record.position;
    format!("{}/{}/{}", at.turn, at.phase, at.step)
}

/// The nationality 14.2.2 counts a unit under: Spanish and Portuguese are one (L1445).
fn nationality(unit: &UnitRecord) -> &str {
    match of(Some(unit), attribute::NATION) {
        "portuguese" => "spanish",
        nation => nation,
    }
}

const SIDE: Field = side(
    "Rebuild",
    "14.1, L1433-1439",
    "Each player rebuilds his own units.",
);

const FORMATION: Field = known_text(
    "formation",
    "Its Formation",
    60,
    "14.1.1, L1435; 14.3.1, L1453",
    "From the record: it pays the AP.",
);

const PAYER_AP: Field = payer_ap("14.1.2, L1437; 4.2.6, L676");

const REPLACEMENT_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "unit",
        label: "Troop unit",
        group: "Rebuild",
        kind: REDUCED_TROOP,
        rule: "14.2.4, L1449",
        help: "A reduced unit in a Formation in supply; not a Minor Ally's. It flips to its full side.",
    },
    FORMATION,
    PAYER_AP,
    Field {
        id: "nationality",
        label: "Its nationality",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 30 },
        rule: "14.2.2, L1445",
        help: "From the record.",
    },
    Field {
        id: "side_steps",
        label: "Steps the side replaced this segment",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "14.2.1, L1443",
        help: "From the record: at most two a segment.",
    },
    Field {
        id: "nation_units",
        label: "Units of its nationality replaced this segment",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY)],
        },
        rule: "14.2.2, L1445",
        help: "From the record: each Allied nationality accounts for one replacement.",
    },
    Field {
        id: "war_chest",
        label: "RP in the War Chest",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9999 },
        rule: "10.1.4, L1278",
        help: "From the record: the step is paid at the RP Costs Chart's price.",
    },
    Field {
        id: "segment",
        label: "This segment",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 12 },
        rule: "14.2.1, L1443",
        help: "From the record.",
    },
    on_form(REPLACEMENT_PER_NATION),
];

const READS: &[TableRead] = &[TableRead {
    table: "rp-costs",
    codes: &[],
}];

/// A replacement step, flipping a reduced unit to its full side.
pub struct Replacement;

impl Replacement {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let unit = record.unit(&side, input.text("unit").trim());
        let formation = of(unit, attribute::FORMATION).to_string();
        let level = super::administrative_points::ap_level(record, &side, &formation).unwrap_or(0);
        let nation = unit.map(nationality).unwrap_or("").to_string();
        let segment = segment_mark(record);
        let replaced: Vec<(&str, &UnitRecord)> = record
            .units_where(Some(&side), &[])
            .filter(|(_, _, u)| u.attribute(REPLACED_IN) == Some(segment.as_str()))
            .map(|(_, name, u)| (name, u))
            .collect();
        let side_steps = i64::try_from(replaced.len()).unwrap_or(i64::MAX);
        let nation_units = replaced
            .iter()
            .filter(|(_, u)| side != "french" && nationality(u) == nation)
            .map(|(name, _)| (*name).into())
            .collect();
        input.set("formation", Value::Text(formation.as_str().into()));
        input.set("payer_ap", Value::Number(level.clamp(0, 9)));
        input.set("nationality", Value::Text(nation.as_str().into()));
        input.set("side_steps", Value::Number(side_steps.clamp(0, 9)));
        input.set("nation_units", Value::List(nation_units));
        input.set("war_chest", Value::Number(rp(record, &side).clamp(0, 9999)));
        input.set("segment", Value::Text(segment.as_str().into()));
    }
}

const REPLACEMENT_KNOWN: [&str; 7] = [
    "formation",
    "payer_ap",
    "nationality",
    "side_steps",
    "nation_units",
    "war_chest",
    "segment",
];

impl Procedure for Replacement {
    fn about(&self) -> &About {
        &About {
            id: "replacement",
            title: "Replace a step",
            rule: "14.2, L1441-1449",
            summary: "Flips a reduced unit of a Formation in supply to its full side for the RP Costs Chart's price and 1 AP: at most two steps a side a segment, one an Allied nationality, none to a Minor Ally.",
            fields: REPLACEMENT_FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit"]
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != "unit"
            || record
                .unit(side, name)
                .is_some_and(|u| !of(Some(u), attribute::FORMATION).is_empty() && !is_minor(u))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REPLACEMENT_PER_NATION);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_segment(
            record,
            REBUILD_TITLE,
            "units take replacements",
            "14.2.1, L1443",
        )?;
        let side = input.text("side");
        let name = input.text("unit").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input.first_difference(&known, REPLACEMENT_KNOWN).is_some() {
            return Err(InputError::new(
                "unit",
                format!("the record knows {name} otherwise: pick it again"),
            ));
        }
        let Some(unit) = troop(record, side, name) else {
            return Err(InputError::new(
                "unit",
                format!("{name} is not a Troop unit of the {} in play", people(side)),
            ));
        };
        if unit.attribute(attribute::FACE) != Some("reduced") {
            return Err(InputError::new(
                "unit",
                format!(
                    "{name} shows its full side: a replacement flips a reduced unit (14.2.4, L1449)"
                ),
            ));
        }
        if is_minor(unit) {
            return Err(InputError::new(
                "unit",
                format!(
                    "{name} is a Minor Allied unit: Minor Allied units may not absorb replacements (14.2.3, L1447)"
                ),
            ));
        }
        let formation = input.text("formation");
        if formation.is_empty() {
            return Err(InputError::new(
                "unit",
                format!(
                    "{name} is in no Formation: a unit rebuilt is in a Formation in supply (14.1.1, L1435)"
                ),
            ));
        }
        check_in_supply(record, side, formation, "unit", "14.1.1, L1435")?;
        let steps = i64::from(input.number("side_steps"));
        if steps >= MAX_STEPS {
            return Err(InputError::new(
                "unit",
                format!(
                    "the {} have replaced {steps} steps this segment: at most two a side (14.2.1, L1443)",
                    people(side)
                ),
            ));
        }
        if let Some(other) = input.list("nation_units").first() {
            let nation = input.text("nationality");
            let message = if input.text(REPLACEMENT_PER_NATION.id) == "one_unit" {
                format!(
                    "{other} has taken this segment's {nation} replacement: each Allied nationality's go to one unit (14.2.2, L1445)"
                )
            } else {
                format!(
                    "{other} has taken this segment's {nation} replacement step: each Allied nationality accounts for one (14.2.2, L1445)"
                )
            };
            return Err(InputError::new("unit", message));
        }
        check_ap(record, side, formation, 1, "unit")
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("unit").trim();
        let formation = input.text("formation");
        let (price, lookup) = tables.get("rp-costs")?.modifier("replacement_step", None)?;
        if price < 0 {
            return Err(RuleError::Table(TableError {
                file: lookup.cell.table.to_string(),
                line: None,
                message: format!("the replacement price is {price}: a price is 0 or more"),
            }));
        }
        let price = i64::from(price);
        let chest = i64::from(input.number("war_chest"));
        if price > chest {
            return Err(RuleError::Input(InputError::new(
                "unit",
                format!(
                    "a replacement step costs {price} RP and the War Chest holds {chest} (14.2.4, L1449; 10.1.4, L1278)"
                ),
            )));
        }
        let mut effects = vec![
            Effect::set_attribute(side, name, attribute::FACE, "full", "14.2.4, L1449"),
            Effect::set_attribute(
                side,
                name,
                REPLACED_IN,
                input.text("segment"),
                "14.2.1-14.2.2, L1443-1445",
            ),
            pay_in(side, -price, "14.2.4, L1449"),
        ];
        effects.extend(spend(side, formation, 1, "14.1.2, L1437; 4.2.3, L670"));
        let mut resolution = Resolution::book_keeping(
            "replacement",
            format!(
                "{name} takes a replacement step, back to its full side, for {price} RP; {formation} spends 1 AP"
            ),
            effects,
        );
        resolution.cell = Some(lookup.cell);
        Ok(resolution)
    }
}

const KINDS: &[(&str, &str)] = &[
    (
        "division_into_corps",
        "A full-strength Division restores a step of a reduced Corps (14.3.2)",
    ),
    (
        "two_corps",
        "Two reduced Corps combine into one full-strength Corps (14.3.3)",
    ),
    (
        "two_divisions",
        "Two reduced Divisions combine into one full-strength Division (14.3.4)",
    ),
    (
        "national_guard",
        "French: two full-strength National Guard units restore a step of an Infantry Division (14.3.5)",
    ),
];

const RECOMBINATION_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "kind",
        label: "Recombination",
        group: "Rebuild",
        kind: FieldKind::Choice(KINDS),
        rule: "14.3.2-14.3.6, L1455-1463",
        help: "Reduced Divisions and National Guard units never combine with a Corps (14.3.6).",
    },
    Field {
        id: "kept",
        label: "Unit restored to its full side",
        group: "Rebuild",
        kind: REDUCED_TROOP,
        rule: "14.3.2-14.3.5, L1455-1461",
        help: "The reduced Corps or Division that flips to its full side.",
    },
    Field {
        id: "given",
        label: "Unit(s) removed",
        group: "Rebuild",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::IN_PLAY),
                (attribute::TYPE, "infantry|cavalry"),
            ],
        },
        rule: "14.3.1-14.3.5, L1453-1461",
        help: "Brigaded in the same Formation: the Division, the other reduced unit (the one the setting names), or the two National Guard units.",
    },
    FORMATION,
    PAYER_AP,
    on_form(RECOMBINE_REMOVED),
];

/// Units recombined within a Formation.
pub struct Recombination;

impl Recombination {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let unit = record.unit(&side, input.text("kept").trim());
        let formation = of(unit, attribute::FORMATION).to_string();
        let level = super::administrative_points::ap_level(record, &side, &formation).unwrap_or(0);
        input.set("formation", Value::Text(formation.as_str().into()));
        input.set("payer_ap", Value::Number(level.clamp(0, 9)));
    }

    /// What the kind needs of the unit kept and of those removed: their sizes, how many are
    /// removed, and whether those removed are reduced.
    fn needs(kind: &str) -> (&'static str, &'static str, usize, bool) {
        match kind {
            "two_corps" => ("corps", "corps", 1, true),
            "two_divisions" => ("division", "division", 1, true),
            "national_guard" => ("division", "national-guard", 2, false),
            _ => ("corps", "division", 1, false),
        }
    }

    /// Where the units removed go (14.3.2-14.3.5, L1455-1461).
    fn removed_to(kind: &str, side: &str) -> &'static str {
        match kind {
            "two_corps" => super::corps::corps_box(side),
            "national_guard" => state::ELIMINATED,
            _ => state::DIVISIONS_POOL,
        }
    }

    /// Of two reduced units, the one removed must be the one the setting S10 names.
    fn check_removed(
        input: &Input,
        kept: (&str, &UnitRecord),
        given: (&str, &UnitRecord),
    ) -> Result<(), InputError> {
        let morale = |(name, unit): (&str, &UnitRecord)| {
            current(unit).1.ok_or_else(|| {
                InputError::new(
                    "given",
                    format!("enter {name}'s reduced Morale first (Counter values)"),
                )
            })
        };
        let (kept_value, given_value) = (morale(kept)?, morale(given)?);
        let lower_removed = input.text(RECOMBINE_REMOVED.id) != "higher_value";
        let wrong = if lower_removed {
            given_value > kept_value
        } else {
            given_value < kept_value
        };
        if wrong {
            return Err(InputError::new(
                "given",
                format!(
                    "{} has Morale value {given_value} and {} {kept_value}: the one removed is the one of {} Morale value ({})",
                    given.0,
                    kept.0,
                    if lower_removed { "lower" } else { "higher" },
                    if lower_removed {
                        "14.3.3-14.3.4, L1457-1459"
                    } else {
                        "the setting on the unit removed, 14.3.3-14.3.4, L1457-1459"
                    }
                ),
            ));
        }
        Ok(())
    }
}

impl Procedure for Recombination {
    fn about(&self) -> &About {
        &About {
            id: "recombination",
            title: "Recombine units",
            rule: "14.3, L1451-1463",
            summary: "Within a Formation in supply, for 1 AP: a full-strength Division restores a step of a reduced Corps; two reduced Corps or two reduced Divisions become one full-strength unit; for the French two full-strength National Guard units restore a step of an Infantry Division.",
            fields: RECOMBINATION_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "kind", "kept", "given"]
    }
    /// Units of the kind's sizes, those removed from the kept unit's Formation.
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let (kept_size, given_size, _, _) = Self::needs(input.text("kind"));
        let unit = record.unit(side, name);
        match field {
            "kept" => {
                of(unit, attribute::SIZE) == kept_size && !of(unit, attribute::FORMATION).is_empty()
            }
            "given" => {
                let formation = input.text("formation");
                of(unit, attribute::SIZE) == given_size
                    && name != input.text("kept").trim()
                    && (formation.is_empty() || of(unit, attribute::FORMATION) == formation)
            }
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &RECOMBINE_REMOVED);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let (_, _, count, _) = Self::needs(input.text("kind"));
        if input.list("given").len() != count {
            return Err(InputError::new(
                "given",
                if count == 1 {
                    "name the one unit removed".to_string()
                } else {
                    format!("name the {count} units removed")
                },
            ));
        }
        if input.text("kind") == "national_guard" && input.text("side") != "french" {
            return Err(InputError::new(
                "kind",
                "only the French recombine National Guard units (14.3.5, L1461)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_segment(
            record,
            REBUILD_TITLE,
            "units are recombined",
            "14.1.3, L1439",
        )?;
        let side = input.text("side");
        let kind = input.text("kind");
        let name = input.text("kept").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input
            .first_difference(&known, ["formation", "payer_ap"])
            .is_some()
        {
            return Err(InputError::new(
                "kept",
                format!("the record knows {name} otherwise: pick it again"),
            ));
        }
        let (kept_size, given_size, _, given_reduced) = Self::needs(kind);
        let Some(kept) = troop(record, side, name) else {
            return Err(InputError::new(
                "kept",
                format!("{name} is not a Troop unit of the {} in play", people(side)),
            ));
        };
        let size_word = |size: &str| match size {
            "corps" => "Corps",
            "division" => "Division",
            _ => "National Guard unit",
        };
        if of(Some(kept), attribute::SIZE) != kept_size
            || kept.attribute(attribute::FACE) != Some("reduced")
        {
            return Err(InputError::new(
                "kept",
                format!(
                    "{name} is not a reduced {}: this recombination restores one (14.3.2-14.3.6, L1455-1463)",
                    size_word(kept_size)
                ),
            ));
        }
        if kind == "national_guard" && of(Some(kept), attribute::TYPE) != "infantry" {
            return Err(InputError::new(
                "kept",
                format!("{name} is not an Infantry Division (14.3.5, L1461)"),
            ));
        }
        let formation = input.text("formation");
        if formation.is_empty() {
            return Err(InputError::new(
                "kept",
                format!(
                    "{name} is in no Formation: only units brigaded in the same Formation are recombined (14.3.1, L1453)"
                ),
            ));
        }
        for given in input.list("given") {
            let Some(unit) = troop(record, side, given) else {
                return Err(InputError::new(
                    "given",
                    format!(
                        "{given} is not a Troop unit of the {} in play",
                        people(side)
                    ),
                ));
            };
            if given.as_str() == name {
                return Err(InputError::new(
                    "given",
                    format!("{given} is the unit restored"),
                ));
            }
            if of(Some(unit), attribute::FORMATION) != formation {
                return Err(InputError::new(
                    "given",
                    format!(
                        "{given} is not brigaded in {formation}: only units brigaded in the same Formation are recombined (14.3.1, L1453)"
                    ),
                ));
            }
            let reduced = unit.attribute(attribute::FACE) == Some("reduced");
            if of(Some(unit), attribute::SIZE) != given_size || reduced != given_reduced {
                return Err(InputError::new(
                    "given",
                    format!(
                        "{given} is not a {} {}: reduced Divisions and National Guard units cannot combine with any Corps (14.3.2-14.3.6, L1455-1463)",
                        if given_reduced {
                            "reduced"
                        } else {
                            "full-strength"
                        },
                        size_word(given_size)
                    ),
                ));
            }
            if kind != "national_guard" {
                let same = of(Some(unit), attribute::NATION) == of(Some(kept), attribute::NATION)
                    && of(Some(unit), attribute::TYPE) == of(Some(kept), attribute::TYPE);
                if !same {
                    return Err(InputError::new(
                        "given",
                        format!("{given} is not of {name}'s nation and arm"),
                    ));
                }
            }
            if given_reduced {
                Self::check_removed(input, (name, kept), (given, unit))?;
            }
        }
        check_in_supply(
            record,
            side,
            formation,
            "kept",
            "14.1.1, L1435; 16.5.4, L1567",
        )?;
        check_ap(record, side, formation, 1, "kept")
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let kind = input.text("kind");
        let kept = input.text("kept").trim();
        let formation = input.text("formation");
        let rule = match kind {
            "two_corps" => "14.3.3, L1457",
            "two_divisions" => "14.3.4, L1459",
            "national_guard" => "14.3.5, L1461",
            _ => "14.3.2, L1455",
        };
        let to = Self::removed_to(kind, side);
        let mut effects = vec![Effect::set_attribute(
            side,
            kept,
            attribute::FACE,
            "full",
            rule,
        )];
        for given in input.list("given") {
            effects.extend([
                Effect::set_state(side, given, to, rule),
                Effect::set_attribute(side, given, attribute::FORMATION, "", rule),
                Effect::set_attribute(side, given, attribute::BOX, "", rule),
                Effect::set_attribute(side, given, attribute::FACE, "full", rule),
            ]);
        }
        effects.extend(spend(side, formation, 1, "14.1.2, L1437"));
        let names: Vec<&str> = input.list("given").iter().map(|g| g.as_str()).collect();
        let box_name = match to {
            state::ELIMINATED => "Eliminated box",
            state::FORCE_POOL => "Force Pool",
            _ => "Divisions Pool",
        };
        Ok(Resolution::book_keeping(
            "recombination",
            format!(
                "{kept} is restored to its full side; {} to the {box_name}; {formation} spends 1 AP",
                names.join(" and ")
            ),
            effects,
        ))
    }
}
