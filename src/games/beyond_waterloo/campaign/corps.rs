//! Corps breakdown and buildup (3.7-3.8, L604-638), in the Organize/Reorganize Segment: a Corps
//! exchanged for two Divisions of its nation from the Divisions Pool, or two full-strength
//! Divisions of a Formation exchanged for a Corps from the Force Pool (for the French, or their
//! Eliminated box). Either costs 1 AP of the Leader's (3.7.7, L620; 3.8.7, L638), the Senior
//! Leader's Formation paying when the Formation is brigaded (4.2.3-4.2.4, L668-672), and neither
//! is open to an Out of Supply Formation (16.5.4, L1567; 3.8.6, L636).
//!
//! Readings:
//! - Morale and CF are compared on the face each unit shows; a Division taken for a breakdown may
//!   come in on its reduced face to keep the CF within the Corps' (3.7.5, L616).
//! - A Corps breaks down into Divisions of its nation (3.7.2, L610) and of its arm, as a Division
//!   replaces a Corps of its own type (3.6.5, L598); the same holds for a buildup.
//! - Where a broken-down Corps goes the text does not say (digest item 51): as a Corps removed by
//!   recombination, to the Allied Force Pool or the French Eliminated box (14.3.3, L1457).
//! - A buildup takes a Corps of the Divisions' nation and arm. Among those available whose Morale meets 3.8.4 (setting S9), the
//!   one chosen has the lowest CF (3.8.3, L630). The optional footnote of the Recruiting, Organize
//!   and Rebuild diagram (L1374-1375), swapping the Corps for a lower-CF one from the Eliminated
//!   box, is not played.

use super::fields::{known_text, payer_ap, side};
use super::organization::{
    check_ap, check_in_supply, check_segment, of, senior_payer, spend, troop,
};
use super::sequence::ORGANIZE_TITLE;
use super::settings::{BUILDUP_MORALE, on_form};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::people;
use crate::games::beyond_waterloo::roster::{attribute, halves, halves_text, state};

/// A unit's CF in halves and Morale on its full or reduced face, if entered.
fn face_values(unit: &UnitRecord, reduced: bool) -> (Option<u32>, Option<u32>) {
    let (cf, morale) = if reduced {
        (attribute::REDUCED_CF, attribute::REDUCED_MORALE)
    } else {
        (attribute::CF, attribute::MORALE)
    };
    (
        unit.attribute(cf).and_then(halves),
        unit.attribute(morale).and_then(halves).map(|h| h / 2),
    )
}

/// The values on the face a unit shows, or the refusal naming what to enter.
fn shown(name: &str, unit: &UnitRecord, field: &str) -> Result<(u32, u32), InputError> {
    let reduced = unit.attribute(attribute::FACE) == Some("reduced");
    match face_values(unit, reduced) {
        (Some(cf), Some(morale)) => Ok((cf, morale)),
        _ => Err(InputError::new(
            field,
            format!(
                "enter {name}'s {} CF and Morale first (Counter values)",
                if reduced { "reduced" } else { "full" }
            ),
        )),
    }
}

/// Where a Corps taken off the map goes: the Allied Force Pool, the French Eliminated box
/// (14.3.3, L1457).
pub(super) fn corps_box(side: &str) -> &'static str {
    if side == "french" {
        state::ELIMINATED
    } else {
        state::FORCE_POOL
    }
}

const SIDE: Field = side(
    "Corps",
    "13.0, L1401",
    "Each player reorganizes his own Formations.",
);

const FORMATION: Field = known_text(
    "formation",
    "Its Formation",
    60,
    "3.8.1, L626",
    "From the record.",
);

const AREA: Field = known_text(
    "area",
    "Where it stands",
    80,
    "3.8.5, L634",
    "From the record.",
);

const PAYER: Field = known_text(
    "payer",
    "Formation paying the AP",
    60,
    "4.2.3-4.2.4, L668-672",
    "From the record: the Formation's, or its Senior Leader's Formation's when brigaded.",
);

const PAYER_AP: Field = payer_ap("4.2.6, L676");

const KNOWN: [&str; 4] = ["formation", "area", "payer", "payer_ap"];

/// The facts both procedures take from the record about `formation`.
fn fill_formation(input: &mut Input, record: &Record, formation: &str) {
    let side = input.text("side").to_string();
    let payer = if formation.is_empty() {
        String::new()
    } else {
        senior_payer(record, &side, formation)
    };
    let level = super::administrative_points::ap_level(record, &side, &payer).unwrap_or(0);
    let area = of(record.unit(&side, formation), attribute::AREA).to_string();
    input.set("formation", Value::Text(formation.into()));
    input.set("area", Value::Text(area.as_str().into()));
    input.set("payer", Value::Text(payer.as_str().into()));
    input.set("payer_ap", Value::Number(level.clamp(0, 9)));
}

const BREAKDOWN_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "corps",
        label: "Corps",
        group: "Corps",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY), (attribute::SIZE, "corps")],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "3.7.1, L608",
        help: "A Corps in a Formation.",
    },
    Field {
        id: "divisions",
        label: "Two Divisions from the Divisions Pool",
        group: "Corps",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::DIVISIONS_POOL),
                (attribute::SIZE, "division"),
            ],
        },
        rule: "3.7.2-3.7.4, L610-614",
        help: "Of the Corps' nation, each of a Morale value no lower than the Corps', their CFs together no more than its CF.",
    },
    Field {
        id: "reduced",
        label: "Taken on their reduced side",
        group: "Corps",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::DIVISIONS_POOL),
                (attribute::SIZE, "division"),
            ],
        },
        rule: "3.7.5, L616",
        help: "Any of the two, to keep their CFs within the Corps'.",
    },
    FORMATION,
    AREA,
    PAYER,
    PAYER_AP,
];

/// A Corps broken down into two Divisions.
pub struct CorpsBreakdown;

impl CorpsBreakdown {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let corps = record.unit(&side, input.text("corps").trim());
        let formation = of(corps, attribute::FORMATION).to_string();
        fill_formation(input, record, &formation);
    }

    /// The two Divisions against the Corps (3.7.2-3.7.4, L610-614).
    fn check_divisions(
        input: &Input,
        record: &Record,
        corps: &UnitRecord,
    ) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("corps").trim();
        let (corps_cf, corps_morale) = shown(name, corps, "corps")?;
        let nation = of(Some(corps), attribute::NATION);
        let mut total = 0;
        for division in input.list("divisions") {
            let unit = record
                .unit(side, division)
                .filter(|d| {
                    d.state.as_ref() == state::DIVISIONS_POOL
                        && d.attribute(attribute::SIZE) == Some("division")
                })
                .ok_or_else(|| {
                    InputError::new(
                        "divisions",
                        format!(
                            "{division} is not a Division in the {} Divisions Pool (3.7.2, L610)",
                            people(side)
                        ),
                    )
                })?;
            if of(Some(unit), attribute::NATION) != nation {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "{division} is not {nation}: a Corps breaks down into two Divisions of its own nationality (3.7.2, L610)"
                    ),
                ));
            }
            let arm = of(Some(corps), attribute::TYPE);
            if of(Some(unit), attribute::TYPE) != arm {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "{division} is not {arm}: a Corps breaks down into Divisions of its own arm"
                    ),
                ));
            }
            let reduced = input.list("reduced").contains(division);
            let (Some(cf), Some(morale)) = face_values(unit, reduced) else {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "enter {division}'s {} CF and Morale first (Counter values)",
                        if reduced { "reduced" } else { "full" }
                    ),
                ));
            };
            if morale < corps_morale {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "{division}'s Morale value {morale} is lower than the Corps' {corps_morale} (3.7.3, L612)"
                    ),
                ));
            }
            total += cf;
        }
        if total > corps_cf {
            return Err(InputError::new(
                "divisions",
                format!(
                    "the two Divisions' CFs come to {} and the Corps' is {}: they may not exceed it; a reduced Division may be taken (3.7.4-3.7.5, L614-616)",
                    halves_text(total),
                    halves_text(corps_cf)
                ),
            ));
        }
        Ok(())
    }
}

impl Procedure for CorpsBreakdown {
    fn about(&self) -> &About {
        &About {
            id: "corps-breakdown",
            title: "Break down a Corps",
            rule: "3.7, L604-620",
            summary: "Exchanges a Corps for two Divisions of its nation from the Divisions Pool, of Morale values no lower than its and CFs together no more than its, for 1 AP of the Leader's.",
            fields: BREAKDOWN_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "corps", "divisions", "reduced"]
    }
    /// Divisions of the Corps' nation.
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let unit = record.unit(side, name);
        match field {
            "corps" => !of(unit, attribute::FORMATION).is_empty(),
            "divisions" | "reduced" => {
                let corps = record.unit(side, input.text("corps").trim());
                let same = of(unit, attribute::NATION) == of(corps, attribute::NATION)
                    && of(unit, attribute::TYPE) == of(corps, attribute::TYPE);
                let named =
                    field == "divisions" || input.list("divisions").iter().any(|d| d == name);
                corps.is_none() || (same && named)
            }
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.list("divisions").len() != 2 {
            return Err(InputError::new(
                "divisions",
                "a Corps is exchanged for two Divisions (3.7.2, L610)",
            ));
        }
        if let Some(other) = input
            .list("reduced")
            .iter()
            .find(|r| !input.list("divisions").contains(r))
        {
            return Err(InputError::new(
                "reduced",
                format!("{other} is not one of the two Divisions"),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_segment(
            record,
            ORGANIZE_TITLE,
            "a Corps is broken down",
            "3.7.1, L608",
        )?;
        let side = input.text("side");
        let name = input.text("corps").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input.first_difference(&known, KNOWN).is_some() {
            return Err(InputError::new(
                "corps",
                format!("the record knows {name} otherwise: pick it again"),
            ));
        }
        let corps = troop(record, side, name)
            .filter(|c| c.attribute(attribute::SIZE) == Some("corps"))
            .ok_or_else(|| {
                InputError::new(
                    "corps",
                    format!(
                        "{name} is not a Corps of the {} in play: only Corps units break down (3.7.1, L608)",
                        people(side)
                    ),
                )
            })?;
        let formation = input.text("formation");
        if formation.is_empty() {
            return Err(InputError::new(
                "corps",
                format!(
                    "{name} is in no Formation: the breakdown costs one of its Leader's APs (3.7.7, L620)"
                ),
            ));
        }
        check_in_supply(record, side, formation, "corps", "16.5.4, L1567")?;
        Self::check_divisions(input, record, corps)?;
        check_ap(record, side, input.text("payer"), 1, "corps")
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
        let name = input.text("corps").trim();
        let formation = input.text("formation");
        let area = input.text("area");
        let rule = "3.7.2, L610";
        let mut effects = vec![
            Effect::set_state(side, name, corps_box(side), "3.7.2, L610; 14.3.3, L1457"),
            Effect::set_attribute(side, name, attribute::FORMATION, "", rule),
            Effect::set_attribute(side, name, attribute::BOX, "", rule),
        ];
        let mut told = Vec::new();
        for division in input.list("divisions") {
            let reduced = input.list("reduced").contains(division);
            effects.extend([
                Effect::set_state(side, division, state::IN_PLAY, rule),
                Effect::set_attribute(side, division, attribute::FORMATION, formation, rule),
                Effect::set_attribute(side, division, attribute::AREA, area, rule),
                Effect::set_attribute(side, division, attribute::BOX, "", rule),
                Effect::set_attribute(
                    side,
                    division,
                    attribute::FACE,
                    if reduced { "reduced" } else { "full" },
                    "3.7.5, L616",
                ),
            ]);
            told.push(if reduced {
                format!("{division} (reduced)")
            } else {
                division.to_string()
            });
        }
        let payer = input.text("payer");
        effects.extend(spend(side, payer, 1, "3.7.7, L620; 4.2.3-4.2.4, L668-672"));
        Ok(Resolution::book_keeping(
            "corps-breakdown",
            format!(
                "{name} breaks down into {} in {formation}; it goes to the {}; {payer} spends 1 AP",
                told.join(" and "),
                if side == "french" {
                    "Eliminated box"
                } else {
                    "Force Pool"
                }
            ),
            effects,
        ))
    }
}

const BUILDUP_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "divisions",
        label: "Two full-strength Divisions",
        group: "Corps",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::IN_PLAY), (attribute::SIZE, "division")],
        },
        rule: "3.8.1, L626",
        help: "Brigaded in the same Formation, which has a Leader and is in supply.",
    },
    Field {
        id: "corps",
        label: "Corps taken",
        group: "Corps",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[
                ("state", "force pool|eliminated"),
                (attribute::SIZE, "corps"),
            ],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "3.8.2-3.8.4, L628-632",
        help: "From the Force Pool (the French also from their Eliminated box), of the Divisions' nation and arm: the lowest CF available whose Morale value the rule allows.",
    },
    FORMATION,
    AREA,
    PAYER,
    PAYER_AP,
    Field {
        id: "leader",
        label: "Its Formation's Leader",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "13.1.4, L1411",
        help: "From the record: units built up are in a Formation with a Leader.",
    },
    on_form(BUILDUP_MORALE),
];

/// Two Divisions built up into a Corps.
pub struct CorpsBuildup;

impl CorpsBuildup {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let first = input
            .list("divisions")
            .first()
            .and_then(|d| record.unit(&side, d));
        let formation = of(first, attribute::FORMATION).to_string();
        fill_formation(input, record, &formation);
        let leader = of(record.unit(&side, &formation), attribute::LEADER).to_string();
        input.set("leader", Value::Text(leader.as_str().into()));
    }

    /// Whether the Corps' Morale value `corps` meets 3.8.4 against the Divisions' highest
    /// `highest`, under the setting S9.
    fn morale_fits(input: &Input, corps: u32, highest: u32) -> bool {
        let target = i64::from(highest) - 1;
        match input.text(BUILDUP_MORALE.id) {
            "at_most_one_lower" => i64::from(corps) >= target,
            _ => i64::from(corps) == target,
        }
    }

    /// Whether `unit` is a Corps the side may take for the buildup (3.8.2, L628), of the
    /// Divisions' nation and arm.
    fn available(side: &str, unit: &UnitRecord, nation: &str, arm: &str) -> bool {
        let pooled = unit.state.as_ref() == state::FORCE_POOL
            || (side == "french" && unit.state.as_ref() == state::ELIMINATED);
        pooled
            && unit.attribute(attribute::SIZE) == Some("corps")
            && of(Some(unit), attribute::NATION) == nation
            && of(Some(unit), attribute::TYPE) == arm
    }

    /// The Divisions' highest Morale value, nation and arm, checking they may be built up.
    fn check_divisions(
        input: &Input,
        record: &Record,
    ) -> Result<(u32, String, String), InputError> {
        let side = input.text("side");
        let formation = input.text("formation");
        let mut highest = 0;
        let mut kind: Option<(String, String)> = None;
        for name in input.list("divisions") {
            let division = troop(record, side, name)
                .filter(|d| d.attribute(attribute::SIZE) == Some("division"))
                .ok_or_else(|| {
                    InputError::new(
                        "divisions",
                        format!("{name} is not a Division of the {} in play", people(side)),
                    )
                })?;
            if of(Some(division), attribute::FORMATION) != formation || formation.is_empty() {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "{name} is not brigaded in {formation}: the two Divisions are brigaded in the same Formation (3.8.1, L626)"
                    ),
                ));
            }
            if division.attribute(attribute::FACE) == Some("reduced") {
                return Err(InputError::new(
                    "divisions",
                    format!(
                        "{name} is reduced: two full-strength Divisions form a Corps (3.8.1, L626)"
                    ),
                ));
            }
            let (_, morale) = shown(name, division, "divisions")?;
            highest = highest.max(morale);
            let this = (
                of(Some(division), attribute::NATION).to_string(),
                of(Some(division), attribute::TYPE).to_string(),
            );
            match &kind {
                Some(first) if *first != this => {
                    return Err(InputError::new(
                        "divisions",
                        format!(
                            "{name} is {} {}: the two Divisions are of one nation and arm, as the Corps they form",
                            this.0, this.1
                        ),
                    ));
                }
                Some(_) => {}
                None => kind = Some(this),
            }
        }
        let (nation, arm) = kind.unwrap_or_default();
        Ok((highest, nation, arm))
    }

    /// The Corps taken against the rules of 3.8.2-3.8.4.
    fn check_corps(
        input: &Input,
        record: &Record,
        highest: u32,
        nation: &str,
        arm: &str,
    ) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("corps").trim();
        let corps = record
            .unit(side, name)
            .filter(|c| Self::available(side, c, nation, arm))
            .ok_or_else(|| {
                InputError::new(
                    "corps",
                    format!(
                        "{name} is not a {nation} {arm} Corps in the {} Force Pool{} (3.8.2, L628)",
                        people(side),
                        if side == "french" {
                            " or Eliminated box"
                        } else {
                            ""
                        }
                    ),
                )
            })?;
        let (Some(cf), Some(morale)) = face_values(corps, false) else {
            return Err(InputError::new(
                "corps",
                format!("enter {name}'s CF and Morale first (Counter values)"),
            ));
        };
        if !Self::morale_fits(input, morale, highest) {
            let wanted = i64::from(highest) - 1;
            return Err(InputError::new(
                "corps",
                format!(
                    "{name}'s Morale value is {morale}: the Corps' is {}{wanted}, one lower than the Divisions' highest, {highest} (3.8.4, L632)",
                    if input.text(BUILDUP_MORALE.id) == "exactly" {
                        ""
                    } else {
                        "at least "
                    }
                ),
            ));
        }
        for (_, other, unit) in record.units_where(Some(side), &[(attribute::SIZE, "corps")]) {
            if other == name || !Self::available(side, unit, nation, arm) {
                continue;
            }
            let (other_cf, other_morale) = face_values(unit, false);
            let Some(other_morale) = other_morale else {
                return Err(InputError::new(
                    "corps",
                    format!(
                        "enter {other}'s Morale first: the Corps taken is the lowest CF available (3.8.3, L630)"
                    ),
                ));
            };
            if !Self::morale_fits(input, other_morale, highest) {
                continue;
            }
            match other_cf {
                None => {
                    return Err(InputError::new(
                        "corps",
                        format!(
                            "enter {other}'s CF first: the Corps taken is the lowest CF available (3.8.3, L630)"
                        ),
                    ));
                }
                Some(lower) if lower < cf => {
                    return Err(InputError::new(
                        "corps",
                        format!(
                            "{other}, of CF {}, is available: the Corps taken has the lowest CF available, and {name}'s is {} (3.8.3, L630)",
                            halves_text(lower),
                            halves_text(cf)
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

impl Procedure for CorpsBuildup {
    fn about(&self) -> &About {
        &About {
            id: "corps-buildup",
            title: "Build up a Corps",
            rule: "3.8, L622-638",
            summary: "Exchanges two full-strength Divisions of a Formation in supply for the lowest-CF Corps of their nation available in the Force Pool (the French also from their Eliminated box), of a Morale value one lower than the Divisions' highest, for 1 AP of the Leader's.",
            fields: BUILDUP_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "divisions", "corps"]
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let unit = record.unit(side, name);
        match field {
            "divisions" => {
                !of(unit, attribute::FORMATION).is_empty() && of(unit, attribute::FACE) != "reduced"
            }
            "corps" => {
                let first = input
                    .list("divisions")
                    .first()
                    .and_then(|d| record.unit(side, d));
                unit.is_some_and(|u| {
                    first.is_none_or(|d| {
                        Self::available(
                            side,
                            u,
                            of(Some(d), attribute::NATION),
                            of(Some(d), attribute::TYPE),
                        )
                    })
                })
            }
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &BUILDUP_MORALE);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.list("divisions").len() != 2 {
            return Err(InputError::new(
                "divisions",
                "two Divisions are combined to form a Corps (3.8.1, L626)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_segment(record, ORGANIZE_TITLE, "a Corps is built up", "3.8, L624")?;
        let side = input.text("side");
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input
            .first_difference(&known, KNOWN.into_iter().chain(["leader"]))
            .is_some()
        {
            return Err(InputError::new(
                "divisions",
                "the record knows these Divisions otherwise: pick them again",
            ));
        }
        let (highest, nation, arm) = Self::check_divisions(input, record)?;
        let formation = input.text("formation");
        if input.text("leader").is_empty() {
            return Err(InputError::new(
                "divisions",
                format!(
                    "{formation} has no Leader: units built up are in a Formation with a Leader (13.1.4, L1411)"
                ),
            ));
        }
        check_in_supply(
            record,
            side,
            formation,
            "divisions",
            "3.8.6, L636; 13.1.4, L1411; 16.5.4, L1567",
        )?;
        Self::check_corps(input, record, highest, &nation, &arm)?;
        check_ap(record, side, input.text("payer"), 1, "divisions")
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
        let corps = input.text("corps").trim();
        let formation = input.text("formation");
        let rule = "3.8.5, L634";
        let mut effects = Vec::new();
        for division in input.list("divisions") {
            effects.extend([
                Effect::set_state(side, division, state::DIVISIONS_POOL, rule),
                Effect::set_attribute(side, division, attribute::FORMATION, "", rule),
                Effect::set_attribute(side, division, attribute::BOX, "", rule),
            ]);
        }
        effects.extend([
            Effect::set_state(side, corps, state::IN_PLAY, rule),
            Effect::set_attribute(side, corps, attribute::FORMATION, formation, rule),
            Effect::set_attribute(side, corps, attribute::AREA, input.text("area"), rule),
            Effect::set_attribute(side, corps, attribute::BOX, "", rule),
            Effect::set_attribute(side, corps, attribute::FACE, "full", rule),
        ]);
        let payer = input.text("payer");
        effects.extend(spend(side, payer, 1, "3.8.7, L638; 4.2.3-4.2.4, L668-672"));
        let names: Vec<&str> = input.list("divisions").iter().map(|d| d.as_str()).collect();
        Ok(Resolution::book_keeping(
            "corps-buildup",
            format!(
                "{} form {corps} in {formation}; they go to the Divisions Pool; {payer} spends 1 AP",
                names.join(" and ")
            ),
            effects,
        ))
    }
}
