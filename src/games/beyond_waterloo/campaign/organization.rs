//! The Organize/Reorganize Segment (Module 13, L1399-1427): a player shifts Troop units between
//! Formations in the same area, brigades and un-brigades them and his Formations, and creates new
//! Formations. Corps breakdown and buildup (3.7-3.8), also made in this segment, are in `corps`.
//!
//! Each unit moved, brigaded or un-brigaded costs 1 AP (13.1.2, L1407; 5.1.6A, L766); a Leader
//! with none left cannot act (4.2.6, L676; 13.1.3, L1409); an Out of Supply Formation performs no
//! Organization/Reorganization action (16.5.4, L1567). A Formation left without units is
//! de-activated, its Leader to the Leader Pool (5.1.8, L770).
//!
//! Readings:
//! - A unit's AP is paid by the Formation it leaves; one un-brigaded has none, and the Formation
//!   it joins pays (4.2.3, L666: "the Leader of a Formation or stack (for a unit)"; 13.2.3, L1419
//!   names "the original Formation" as the one a shift would charge). A move between two
//!   Formations is free only into a new Formation, unless the players read 13.2.3 otherwise
//!   (setting S12).
//! - Brigading or un-brigading a Formation costs the Senior Leader's Formation 1 AP (4.2.3,
//!   L666). The Senior Leader is a Leader whose counter shows 4 stars (4.1.1, L646), a counter
//!   value the players enter; the Formation brigaded must have a commander of fewer stars (1.1
//!   "Brigaded", L390) and be of the Senior Leader's nation or a Minor Ally (5.4.2-5.4.3,
//!   L824-828); the Swiss never go under an Austrian (27.2.3, L2400). Brigaded Formations are not
//!   nested: a Formation brigaded to another cannot take Formations of its own.
//! - A Leader commands only his own nation's troops and Minor Allies (4.1.4, L652; 5.4.1, L822):
//!   a unit joins a Formation only so.
//! - A new Formation's marker is one on the record not on the map (de-activated, 5.1.8) or a
//!   marker the record has not seen, such as a Generic "Troops" Formation (5.0, L748), named by
//!   the players. It starts in March Order, the marker's front (5.3.4, L804), at Morale 3 and its
//!   Leader's AP rating, its nation his. Its Leader must have been in the Leader Pool when the
//!   Mobilization Phase began (13.2.5, L1423): one sent there in this Phase (by a Leader change or
//!   a de-activation) is refused.

use super::POOLED_IN;
use super::administrative_points::{AP_LEVEL, FORCED, ap_level, ap_rating};
use super::fields::{FORMATION_IN_PLAY, TROOP_IN_PLAY, known_text, payer_ap, side};
use super::movement::ops_mark;
use super::sequence::ORGANIZE_TITLE;
use super::set_up::MINOR;
use super::settings::{REORG_AP, on_form};
use super::war_chest::{pay_in, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::losses::{deactivation, troops_of};
use crate::games::beyond_waterloo::people;
use crate::games::beyond_waterloo::roster::{MAJOR_NATIONS, attribute, state};

/// A new Formation's cost, which the text states (13.2.4, L1421): not a chart cell.
pub const NEW_FORMATION_RP: i64 = 2;

/// A new Formation's Morale (13.2.7, L1427; 5.2.4, L780).
const NEW_FORMATION_MORALE: i64 = 3;

/// The stars of a Senior Leader (4.1.1, L646).
const SENIOR_STARS: &str = "4";

/// What a piece holds of `attribute`, empty if it is not on the record or holds nothing.
pub(super) fn of<'a>(unit: Option<&'a UnitRecord>, attribute: &str) -> &'a str {
    unit.and_then(|u| u.attribute(attribute)).unwrap_or("")
}

/// Refuses `what` outside the segment titled `title`, as `rule` says.
pub(super) fn check_segment(
    record: &Record,
    title: &str,
    what: &str,
    rule: &str,
) -> Result<(), InputError> {
    if super::in_step(record, title) {
        Ok(())
    } else {
        Err(InputError::new(
            "",
            format!("{what} only in the {title} of the Mobilization Phase ({rule})"),
        ))
    }
}

/// A Troop unit: infantry or cavalry, National Guard units being infantry (2.2.2, L454).
pub(super) fn is_troop(unit: &UnitRecord) -> bool {
    matches!(
        unit.attribute(attribute::TYPE),
        Some("infantry" | "cavalry")
    )
}

/// A Troop unit of `side` in play, by name.
pub(super) fn troop<'a>(record: &'a Record, side: &str, name: &str) -> Option<&'a UnitRecord> {
    record
        .unit(side, name)
        .filter(|u| is_troop(u) && u.state.as_ref() == state::IN_PLAY)
}

/// A Formation of `side` in play, by name.
pub(super) fn formation<'a>(record: &'a Record, side: &str, name: &str) -> Option<&'a UnitRecord> {
    record.unit(side, name).filter(|u| {
        u.attribute(attribute::TYPE) == Some("formation") && u.state.as_ref() == state::IN_PLAY
    })
}

/// Where a Troop unit stands: its Formation's area, or its own when un-brigaded (5.1.7, L768).
pub(super) fn place_of(record: &Record, side: &str, unit: &UnitRecord) -> String {
    let formation = of(Some(unit), attribute::FORMATION);
    if formation.is_empty() {
        of(Some(unit), attribute::AREA).to_string()
    } else {
        of(record.unit(side, formation), attribute::AREA).to_string()
    }
}

/// A Minor Allied unit or Formation (3.5, L578; 5.4.2, L824): set up as one, or of a nation
/// neither French nor a Major Allied Nation.
pub(super) fn is_minor(unit: &UnitRecord) -> bool {
    let nation = of(Some(unit), attribute::NATION);
    unit.attribute(MINOR) == Some("yes")
        || (!nation.is_empty() && nation != "french" && !MAJOR_NATIONS.contains(&nation))
}

/// The nation whose troops a Formation takes: its Leader's, or the marker's without one.
pub(super) fn command_nation(record: &Record, side: &str, formation: &str) -> String {
    let marker = record.unit(side, formation);
    let leader = of(marker, attribute::LEADER);
    let nation = of(record.unit(side, leader), attribute::NATION);
    if nation.is_empty() {
        of(marker, attribute::NATION).to_string()
    } else {
        nation.to_string()
    }
}

/// Refuses `unit` under a Leader of `nation`: he commands only his own nation's troops and Minor
/// Allies (4.1.4, L652; 5.4.1-5.4.2, L822-824), and never the Swiss if Austrian (27.2.3, L2400).
pub(super) fn check_command(
    nation: &str,
    name: &str,
    unit: &UnitRecord,
    field: &str,
) -> Result<(), InputError> {
    let own = of(Some(unit), attribute::NATION);
    if own == "swiss" && nation == "austrian" {
        return Err(InputError::new(
            field,
            format!(
                "{name} is Swiss: the Swiss may not brigade with Austrian forces (27.2.3, L2400)"
            ),
        ));
    }
    if own == nation || is_minor(unit) {
        return Ok(());
    }
    Err(InputError::new(
        field,
        format!(
            "{name} is {own}: a {nation} Leader commands only his own nation's troops and Minor Allies (4.1.4, L652; 5.4.1, L822)"
        ),
    ))
}

/// The Formation whose AP an action costs: its own, or the Senior Leader's Formation when it is
/// brigaded (4.2.3-4.2.4, L668-672): a Corps breakdown or buildup, a Reaction.
pub(crate) fn senior_payer(record: &Record, side: &str, formation: &str) -> String {
    let senior = of(record.unit(side, formation), attribute::BRIGADED_TO);
    if senior.is_empty() {
        formation.to_string()
    } else {
        senior.to_string()
    }
}

/// Refuses an action costing `cost` AP of `payer` when it has not that many left (4.2.6, L676;
/// 13.1.3, L1409).
pub(super) fn check_ap(
    record: &Record,
    side: &str,
    payer: &str,
    cost: i64,
    field: &str,
) -> Result<(), InputError> {
    if cost == 0 {
        return Ok(());
    }
    match ap_level(record, side, payer) {
        None => Err(InputError::new(
            field,
            format!(
                "{payer} has no AP level on the record: resolve its side's AP Reset first (4.2.7, L678)"
            ),
        )),
        Some(level) if level < cost => Err(InputError::new(
            field,
            format!(
                "{payer} has {level} AP left and this costs {cost}: with no AP left its Leader cannot act (4.2.6, L676; 13.1.3, L1409)"
            ),
        )),
        Some(_) => Ok(()),
    }
}

/// Refuses an Organization/Reorganization action of an Out of Supply Formation (16.5.4, L1567).
pub(super) fn check_in_supply(
    record: &Record,
    side: &str,
    formation: &str,
    field: &str,
    rule: &str,
) -> Result<(), InputError> {
    if of(record.unit(side, formation), attribute::SUPPLY) == "out" {
        return Err(InputError::new(
            field,
            format!("{formation} is Out of Supply: it may not do this ({rule})"),
        ));
    }
    Ok(())
}

/// `cost` AP off `payer`'s level, if any.
pub(super) fn spend(side: &str, payer: &str, cost: i64, rule: &str) -> Option<Effect> {
    (cost > 0).then(|| Effect::add_to(side, payer, AP_LEVEL, -cost, rule))
}

/// Whether `formation` is left with no unit once the Troop units `leaving` are gone: no other
/// Troop unit and no Formation brigaded to it (5.1.2, L758; 5.1.8, L770).
pub(super) fn emptied_by(record: &Record, side: &str, formation: &str, leaving: &[&str]) -> bool {
    let conditions = [
        (attribute::TYPE, "formation"),
        ("state", state::IN_PLAY),
        (attribute::BRIGADED_TO, formation),
    ];
    !formation.is_empty()
        && troops_of(record, side, formation).all(|(name, _)| leaving.contains(&name))
        && record.units_where(Some(side), &conditions).next().is_none()
}

/// A Formation left with no unit de-activated: its marker to the organization display, its
/// Leader to the Leader Pool, and off any Senior Leader's command (5.1.8, L770).
pub(super) fn deactivated(side: &str, formation: &str, leader: &str, phase: &str) -> Vec<Effect> {
    let rule = "5.1.8, L770";
    let mut effects = deactivation(side, formation, leader, phase, rule);
    effects.push(Effect::set_attribute(
        side,
        formation,
        attribute::BRIGADED_TO,
        "",
        rule,
    ));
    effects
}

/// A Leader's Rank in stars, if entered (4.1.1, L646).
fn stars<'a>(record: &'a Record, side: &str, leader: &str) -> Option<&'a str> {
    record
        .unit(side, leader)?
        .attribute(attribute::STARS)
        .filter(|s| matches!(*s, "3" | "4"))
}

const SIDE: Field = side(
    "Reorganize",
    "13.1.1, L1405",
    "Each player reorganizes his own Formations.",
);

const PHASE: Field = known_text(
    "phase",
    "This Phase",
    10,
    "4.5.6, L720; 13.2.5, L1423",
    "From the record: a Leader sent to the Leader Pool in it takes no command again in it.",
);

const PAYER_AP: Field = payer_ap("4.2.6, L676; 13.1.3, L1409");

const UNIT_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "unit",
        label: "Troop unit",
        group: "Reorganize",
        kind: TROOP_IN_PLAY,
        rule: "13.1.1-13.1.2, L1405-1407; 5.1.6A, L766",
        help: "A unit in a Formation, or an un-brigaded one in an area.",
    },
    Field {
        id: "to",
        label: "Into the Formation",
        group: "Reorganize",
        kind: FORMATION_IN_PLAY,
        rule: "13.1.1, L1405; 5.1.7, L768",
        help: "A Formation in the unit's area. Leave it empty to un-brigade the unit: it stays in the area, in no Formation (5.1.7).",
    },
    Field {
        id: "from",
        label: "Its Formation now",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "13.1.1, L1405",
        help: "From the record: empty for an un-brigaded unit.",
    },
    Field {
        id: "area",
        label: "Where it stands",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 80 },
        rule: "13.0, L1401",
        help: "From the record: units move only among Formations in the same area.",
    },
    Field {
        id: "payer",
        label: "Formation paying the AP",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "13.1.2, L1407; 4.2.3, L666",
        help: "From the record: the Formation the unit leaves; the one it joins when it was un-brigaded.",
    },
    Field {
        id: "cost",
        label: "AP it costs",
        group: "What the record knows",
        kind: FieldKind::Count { max: 1 },
        rule: "13.1.2, L1407; 13.2.3, L1419",
        help: "From the record and the setting on the AP of a shift.",
    },
    PAYER_AP,
    Field::flag(
        "emptied",
        "Its Formation is left without units",
        "What the record knows",
        "5.1.8, L770",
        "From the record: the Formation is de-activated and its Leader goes to the Leader Pool.",
    ),
    Field {
        id: "from_leader",
        label: "That Formation's Leader",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "5.1.8, L770",
        help: "From the record, when it is left without units.",
    },
    PHASE,
    on_form(REORG_AP),
];

/// The Formation that pays for a unit moved from `from` to `to` (either empty for no Formation),
/// and the AP it costs under the setting S12.
fn unit_move_cost<'a>(from: &'a str, to: &'a str, reading: &str) -> (&'a str, i64) {
    match (from.is_empty(), to.is_empty()) {
        (true, _) => (to, 1),
        (false, true) => (from, 1),
        (false, false) if reading == "any_shift" => ("", 0),
        (false, false) => (from, 1),
    }
}

/// A Troop unit moved into another Formation, brigaded or un-brigaded.
pub struct ReorganizeUnit;

impl ReorganizeUnit {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let name = input.text("unit").trim().to_string();
        let to = input.text("to").trim().to_string();
        let unit = record.unit(&side, &name);
        let from = of(unit, attribute::FORMATION).to_string();
        let area = unit.map(|u| place_of(record, &side, u)).unwrap_or_default();
        let (payer, cost) = unit_move_cost(&from, &to, input.text(REORG_AP.id));
        let emptied = emptied_by(record, &side, &from, &[name.as_str()]);
        let leader = if emptied {
            of(record.unit(&side, &from), attribute::LEADER)
        } else {
            ""
        };
        let level = ap_level(record, &side, payer).unwrap_or(0);
        input.set("from", Value::Text(from.as_str().into()));
        input.set("area", Value::Text(area.as_str().into()));
        input.set("payer", Value::Text(payer.into()));
        input.set("cost", Value::Number(cost));
        input.set("payer_ap", Value::Number(level.clamp(0, 9)));
        input.set("emptied", Value::Flag(emptied));
        input.set("from_leader", Value::Text(leader.into()));
        input.set("phase", Value::Text(ops_mark(record).as_str().into()));
    }
}

const UNIT_KNOWN: [&str; 8] = [
    "from",
    "area",
    "payer",
    "cost",
    "payer_ap",
    "emptied",
    "from_leader",
    "phase",
];

impl Procedure for ReorganizeUnit {
    fn about(&self) -> &About {
        &About {
            id: "reorganize-unit",
            title: "Reorganize a Troop unit",
            rule: "13.1, L1403-1411; 5.1.6A-5.1.8, L766-770",
            summary: "Moves a Troop unit into another Formation in its area, brigades an un-brigaded one or un-brigades one, for 1 AP of its Formation's Leader; a Formation left without units is de-activated.",
            fields: UNIT_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit", "to"]
    }
    /// The Formations in the unit's area, its own left out.
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        match field {
            "unit" => record.unit(side, name).is_some_and(is_troop),
            "to" => {
                let area = input.text("area");
                name != input.text("from")
                    && (area.is_empty() || of(record.unit(side, name), attribute::AREA) == area)
            }
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REORG_AP);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("unit").trim();
        let to = input.text("to").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input.first_difference(&known, UNIT_KNOWN).is_some() {
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
        let from = input.text("from");
        let area = input.text("area");
        if from.is_empty() && to.is_empty() {
            return Err(InputError::new(
                "to",
                format!("{name} is un-brigaded already: name the Formation it joins"),
            ));
        }
        if to == from {
            return Err(InputError::new("to", format!("{name} is in {to} already")));
        }
        if !to.is_empty() {
            let Some(joined) = formation(record, side, to) else {
                return Err(InputError::new(
                    "to",
                    format!("{to} is not a Formation of the {} in play", people(side)),
                ));
            };
            let there = of(Some(joined), attribute::AREA);
            if there != area {
                return Err(InputError::new(
                    "to",
                    format!(
                        "{to} stands in {there} and {name} in {area}: units are reorganized only among Formations in the same area (13.0, L1401)"
                    ),
                ));
            }
        }
        for formation in [from, to].into_iter().filter(|f| !f.is_empty()) {
            check_in_supply(record, side, formation, "unit", "16.5.4, L1567")?;
        }
        if !to.is_empty() {
            check_command(&command_nation(record, side, to), name, unit, "to")?;
        }
        check_ap(
            record,
            side,
            input.text("payer"),
            input.number("cost").into(),
            "unit",
        )
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
        let name = input.text("unit").trim();
        let to = input.text("to").trim();
        let from = input.text("from");
        let area = input.text("area");
        let payer = input.text("payer");
        let cost = i64::from(input.number("cost"));
        let rule = "13.1.1, L1405; 5.1.7, L768";
        let mut effects = vec![
            Effect::set_attribute(side, name, attribute::FORMATION, to, rule),
            Effect::set_attribute(side, name, attribute::AREA, area, rule),
            Effect::set_attribute(side, name, attribute::BOX, "", rule),
        ];
        effects.extend(spend(side, payer, cost, "13.1.2, L1407; 4.2.3, L666"));
        let mut told = vec![match (from.is_empty(), to.is_empty()) {
            (true, _) => format!("{name} is brigaded to {to}"),
            (false, true) => format!("{name} leaves {from}, un-brigaded in {area}"),
            (false, false) => format!("{name} moves from {from} to {to}"),
        }];
        told.push(if cost > 0 {
            format!("{payer} spends {cost} AP")
        } else {
            "at no AP cost (13.2.3, L1419)".to_string()
        });
        if input.flag("emptied") {
            let leader = input.text("from_leader");
            effects.extend(deactivated(side, from, leader, input.text("phase")));
            told.push(if leader.is_empty() {
                format!("{from} has no unit left and is de-activated")
            } else {
                format!(
                    "{from} has no unit left and is de-activated; {leader} goes to the Leader Pool"
                )
            });
        }
        Ok(Resolution::book_keeping(
            "reorganize-unit",
            told.join("; "),
            effects,
        ))
    }
}

const BRIGADE_ACTIONS: &[(&str, &str)] = &[
    ("brigade", "Brigade it to a Senior Leader's Formation"),
    ("unbrigade", "Un-brigade it"),
];

const BRIGADE_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "formation",
        label: "Formation",
        group: "Reorganize",
        kind: FORMATION_IN_PLAY,
        rule: "4.3.3, L688; 1.1 Brigaded, L390",
        help: "A Formation whose commander has fewer than 4 stars.",
    },
    Field {
        id: "action",
        label: "Action",
        group: "Reorganize",
        kind: FieldKind::Choice(BRIGADE_ACTIONS),
        rule: "4.2.3, L666",
        help: "Either costs the Senior Leader's Formation 1 AP.",
    },
    Field {
        id: "senior",
        label: "The Senior Leader's Formation",
        group: "Reorganize",
        kind: FORMATION_IN_PLAY,
        rule: "4.3.3, L688; 5.4.3, L826-828",
        help: "In the same area, led by a Senior Leader (4 stars) of the Formation's nation, unless it is a Minor Ally's.",
    },
    Field {
        id: "brigaded_to",
        label: "Its Senior Leader's Formation now",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "1.1 Brigaded, L390",
        help: "From the record: empty when it is not brigaded.",
    },
    Field {
        id: "payer",
        label: "Formation paying the AP",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "4.2.3, L666",
        help: "From the record: the Senior Leader's Formation.",
    },
    PAYER_AP,
    Field {
        id: "senior_mode",
        label: "Its Deployment Mode",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 20 },
        rule: "5.3.3, L802",
        help: "From the record: a brigaded Formation takes its Senior Leader's Formation's mode.",
    },
];

/// A Formation brigaded to a Senior Leader's Formation, or un-brigaded.
pub struct BrigadeFormation;

impl BrigadeFormation {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let name = input.text("formation").trim().to_string();
        let brigaded_to = of(record.unit(&side, &name), attribute::BRIGADED_TO).to_string();
        let payer = if input.text("action") == "brigade" {
            input.text("senior").trim().to_string()
        } else {
            brigaded_to.clone()
        };
        let level = ap_level(record, &side, &payer).unwrap_or(0);
        let mode = of(record.unit(&side, &payer), attribute::MODE).to_string();
        input.set("brigaded_to", Value::Text(brigaded_to.as_str().into()));
        input.set("payer", Value::Text(payer.as_str().into()));
        input.set("payer_ap", Value::Number(level.clamp(0, 9)));
        input.set("senior_mode", Value::Text(mode.as_str().into()));
    }

    /// The checks of a brigading: a Senior Leader over a lesser commander of his nation or a
    /// Minor Ally, in the same area, neither brigaded already.
    fn check_brigading(input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let senior = input.text("senior").trim();
        let brigaded_to = input.text("brigaded_to");
        if !brigaded_to.is_empty() {
            return Err(InputError::new(
                "formation",
                format!("{name} is brigaded to {brigaded_to} already: un-brigade it first"),
            ));
        }
        if senior.is_empty() || senior == name {
            return Err(InputError::new(
                "senior",
                "name the Senior Leader's Formation it is brigaded to",
            ));
        }
        let Some(over) = formation(record, side, senior) else {
            return Err(InputError::new(
                "senior",
                format!(
                    "{senior} is not a Formation of the {} in play",
                    people(side)
                ),
            ));
        };
        let marker = record.unit(side, name);
        if !of(Some(over), attribute::BRIGADED_TO).is_empty() {
            return Err(InputError::new(
                "senior",
                format!(
                    "{senior} is itself brigaded to another: only a Senior Leader's own Formation commands Formations brigaded together (4.3.3, L688)"
                ),
            ));
        }
        let (here, there) = (of(marker, attribute::AREA), of(Some(over), attribute::AREA));
        if here != there {
            return Err(InputError::new(
                "senior",
                format!(
                    "{senior} stands in {there} and {name} in {here}: Formations are brigaded in the same area (13.0, L1401)"
                ),
            ));
        }
        let leader = of(Some(over), attribute::LEADER);
        if leader.is_empty() {
            return Err(InputError::new(
                "senior",
                format!(
                    "{senior} has no Leader: only Senior Leaders can command Formations brigaded together (4.3.3, L688)"
                ),
            ));
        }
        match stars(record, side, leader) {
            None => {
                return Err(InputError::new(
                    "senior",
                    format!("enter {leader}'s Rank in stars first (4.1.1, L646)"),
                ));
            }
            Some(SENIOR_STARS) => {}
            Some(_) => {
                return Err(InputError::new(
                    "senior",
                    format!(
                        "{leader} is not a Senior Leader (4 stars): only Senior Leaders can command Formations brigaded together (4.3.3, L688)"
                    ),
                ));
            }
        }
        let own = of(marker, attribute::NATION);
        let his = of(record.unit(side, leader), attribute::NATION);
        let minor = marker.is_some_and(is_minor);
        if own == "swiss" && his == "austrian" {
            return Err(InputError::new(
                "senior",
                format!(
                    "{name} is Swiss: the Swiss Formation cannot brigade with Austrian forces (27.2.3, L2400)"
                ),
            ));
        }
        if own != his && !minor {
            return Err(InputError::new(
                "senior",
                format!(
                    "{name} is {own} and {leader} {his}: Formations of a major ally may not be brigaded under a Senior Leader of another nation (5.4.3, L826-828)"
                ),
            ));
        }
        let commander = of(marker, attribute::LEADER);
        if !commander.is_empty() {
            match stars(record, side, commander) {
                None => {
                    return Err(InputError::new(
                        "formation",
                        format!("enter {commander}'s Rank in stars first (4.1.1, L646)"),
                    ));
                }
                Some(SENIOR_STARS) => {
                    return Err(InputError::new(
                        "formation",
                        format!(
                            "{commander} is a Senior Leader: only a Formation whose commander has fewer than 4 stars is brigaded to another (1.1 Brigaded, L390)"
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        let conditions = [
            (attribute::TYPE, "formation"),
            ("state", state::IN_PLAY),
            (attribute::BRIGADED_TO, name),
        ];
        if let Some((_, under, _)) = record.units_where(Some(side), &conditions).next() {
            return Err(InputError::new(
                "formation",
                format!(
                    "{under} is brigaded to {name}: only a Senior Leader's own Formation commands Formations brigaded together (4.3.3, L688)"
                ),
            ));
        }
        Ok(())
    }
}

impl Procedure for BrigadeFormation {
    fn about(&self) -> &About {
        &About {
            id: "brigade-formation",
            title: "Brigade or un-brigade a Formation",
            rule: "4.3.3, L688; 5.4.3, L826-828; 13.1.2, L1407",
            summary: "Brigades a Formation to a Senior Leader's Formation in its area, or un-brigades it, for 1 AP of the Senior Leader's; the Allies may not put a major ally's Formation under a Senior Leader of another nation.",
            fields: BRIGADE_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "action", "senior"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "senior" || input.text("action") == "brigade"
    }
    /// Senior Leaders' Formations in the Formation's area.
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        if field != "senior" {
            return true;
        }
        let marker = record.unit(side, name);
        let here = of(
            record.unit(side, input.text("formation").trim()),
            attribute::AREA,
        );
        name != input.text("formation").trim()
            && (here.is_empty() || of(marker, attribute::AREA) == here)
            && stars(record, side, of(marker, attribute::LEADER)) == Some(SENIOR_STARS)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = ["brigaded_to", "payer", "payer_ap", "senior_mode"];
        if input.first_difference(&known, facts).is_some() {
            return Err(InputError::new(
                "formation",
                format!("the record knows {name} otherwise: pick it again"),
            ));
        }
        if formation(record, side, name).is_none() {
            return Err(InputError::new(
                "formation",
                format!("{name} is not a Formation of the {} in play", people(side)),
            ));
        }
        let payer = input.text("payer");
        if input.text("action") == "brigade" {
            Self::check_brigading(input, record)?;
        } else if payer.is_empty() {
            return Err(InputError::new(
                "formation",
                format!("{name} is not brigaded to another Formation"),
            ));
        }
        for formation in [name, payer] {
            check_in_supply(record, side, formation, "formation", "16.5.4, L1567")?;
        }
        check_ap(record, side, payer, 1, "action")
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
        let name = input.text("formation").trim();
        let payer = input.text("payer");
        let mut effects = Vec::new();
        let headline = if input.text("action") == "brigade" {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::BRIGADED_TO,
                payer,
                "4.3.3, L688; 1.1 Brigaded, L390",
            ));
            let mode = input.text("senior_mode");
            if !mode.is_empty() {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::MODE,
                    mode,
                    "5.3.3, L802",
                ));
            }
            format!("{name} is brigaded to {payer}, which spends 1 AP")
        } else {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::BRIGADED_TO,
                "",
                "4.2.3, L666",
            ));
            format!("{name} is un-brigaded from {payer}, which spends 1 AP")
        };
        effects.extend(spend(side, payer, 1, "4.2.3, L666; 13.1.2, L1407"));
        Ok(Resolution::book_keeping(
            "brigade-formation",
            headline,
            effects,
        ))
    }
}

const NEW_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "formation",
        label: "Formation marker",
        group: "New Formation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::INACTIVE)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "13.2.1, L1415; 5.0, L748",
        help: "One not on the map: a de-activated Formation, or a marker the record has not seen (a Generic \"Troops\" Formation), typed by its name.",
    },
    Field {
        id: "leader",
        label: "Leader from the Leader Pool",
        group: "New Formation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "leader"), ("state", state::LEADER_POOL)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "13.2.5, L1423",
        help: "One who was in the Pool when the Mobilization Phase began.",
    },
    Field {
        id: "units",
        label: "Its Troop units",
        group: "New Formation",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                ("state", state::IN_PLAY),
                (attribute::TYPE, "infantry|cavalry"),
            ],
        },
        rule: "13.2.2-13.2.3, L1417-1419",
        help: "At least two, in the same area or Off-Board Movement Track box: un-brigaded, or shifted from Formations there.",
    },
    Field {
        id: "area",
        label: "Where they stand",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 80 },
        rule: "13.2.2, L1417",
        help: "From the record: the new Formation's marker goes there.",
    },
    Field {
        id: "nation",
        label: "The Leader's nation",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 30 },
        rule: "4.1.4, L652",
        help: "From the record: the Formation's.",
    },
    Field {
        id: "leader_ap",
        label: "The Leader's AP rating",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9 },
        rule: "13.2.6, L1425",
        help: "From the counter values: the new Formation's AP level.",
    },
    Field {
        id: "war_chest",
        label: "RP in the War Chest",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9999 },
        rule: "13.2.4, L1421; 10.1.4, L1278",
        help: "From the record: a new Formation costs 2 RP.",
    },
    Field {
        id: "taken_from",
        label: "Units shifted from each Formation",
        group: "What the record knows",
        kind: FieldKind::UnitNumbers {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max: 99,
        },
        rule: "13.2.3, L1419",
        help: "From the record: under the setting that charges a shift, each pays 1 AP a unit.",
    },
    Field {
        id: "emptied",
        label: "Formations left without units",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        },
        rule: "5.1.8, L770",
        help: "From the record: each is de-activated.",
    },
    Field {
        id: "leaders_to_pool",
        label: "Their Leaders",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "leader"), ("state", state::IN_PLAY)],
        },
        rule: "5.1.8, L770",
        help: "From the record: each goes to the Leader Pool.",
    },
    PHASE,
    on_form(REORG_AP),
];

/// A new Formation created in the Organize/Reorganize Segment.
pub struct NewFormation;

impl NewFormation {
    fn fill(input: &mut Input, record: &Record) {
        let side = input.text("side").to_string();
        let leader = input.text("leader").trim().to_string();
        let names: Vec<&str> = input.list("units").iter().map(|n| n.as_str()).collect();
        let area = names
            .first()
            .and_then(|n| record.unit(&side, n))
            .map(|u| place_of(record, &side, u))
            .unwrap_or_default();
        let mut taken: std::collections::BTreeMap<Symbol, i64> = Default::default();
        for name in &names {
            let from = of(record.unit(&side, name), attribute::FORMATION);
            if !from.is_empty() {
                *taken.entry(from.into()).or_default() += 1;
            }
        }
        let emptied: Vec<Symbol> = taken
            .keys()
            .filter(|f| emptied_by(record, &side, f, &names))
            .cloned()
            .collect();
        let leaders: Vec<Symbol> = emptied
            .iter()
            .map(|f| of(record.unit(&side, f), attribute::LEADER))
            .filter(|l| !l.is_empty())
            .map(Into::into)
            .collect();
        let rating = ap_rating(record, &side, &leader).unwrap_or(0);
        input.set("area", Value::Text(area.as_str().into()));
        input.set(
            "nation",
            Value::Text(of(record.unit(&side, &leader), attribute::NATION).into()),
        );
        input.set("leader_ap", Value::Number(rating.clamp(0, 9)));
        input.set("war_chest", Value::Number(rp(record, &side).clamp(0, 9999)));
        input.set("taken_from", Value::Numbers(taken));
        input.set("emptied", Value::List(emptied));
        input.set("leaders_to_pool", Value::List(leaders));
        input.set("phase", Value::Text(ops_mark(record).as_str().into()));
    }

    /// Whether the AP of each unit shifted is charged to the Formation it leaves (S12).
    fn charged(input: &Input) -> bool {
        input.text(REORG_AP.id) == "never_free"
    }

    fn check_leader(input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let leader = input.text("leader").trim();
        let pooled = record
            .unit(side, leader)
            .filter(|l| l.state.as_ref() == state::LEADER_POOL);
        let Some(pooled) = pooled else {
            return Err(InputError::new(
                "leader",
                format!("{leader} is not in the {} Leader Pool", people(side)),
            ));
        };
        if pooled.attribute(POOLED_IN) == Some(input.text("phase")) {
            return Err(InputError::new(
                "leader",
                format!(
                    "{leader} went to the Leader Pool in this Mobilization Phase: a new Formation takes a Leader who was there when it began (13.2.5, L1423)"
                ),
            ));
        }
        if ap_rating(record, side, leader).is_none() {
            return Err(InputError::new(
                "leader",
                format!(
                    "enter {leader}'s AP rating first: it is the new Formation's AP level (13.2.6, L1425)"
                ),
            ));
        }
        Ok(())
    }
}

const NEW_KNOWN: [&str; 8] = [
    "area",
    "nation",
    "leader_ap",
    "war_chest",
    "taken_from",
    "emptied",
    "leaders_to_pool",
    "phase",
];

impl Procedure for NewFormation {
    fn about(&self) -> &About {
        &About {
            id: "new-formation",
            title: "Create a new Formation",
            rule: "13.2, L1413-1427",
            summary: "Activates a Formation marker not on the map for 2 RP, with at least two Troop units in one area or box and a Leader who was in the Leader Pool as the Mobilization Phase began: its AP level his AP rating, its Morale 3.",
            fields: NEW_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "leader", "units"]
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let unit = record.unit(side, name);
        match field {
            "leader" => unit.and_then(|l| l.attribute(POOLED_IN)) != Some(input.text("phase")),
            "units" => unit.is_some_and(is_troop),
            _ => true,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REORG_AP);
        Self::fill(input, record);
    }
    fn follow(&self, _changed: &str, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let name = input.text("formation").trim();
        if name.is_empty() || name.contains([';', ':']) {
            return Err(InputError::new(
                "formation",
                "name the Formation marker, without ; or :",
            ));
        }
        if input.list("units").len() < 2 {
            return Err(InputError::new(
                "units",
                "at least 2 units form a new Formation (13.2.2, L1417)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_segment(
            record,
            ORGANIZE_TITLE,
            "a new Formation is created",
            "13.2.1, L1415",
        )?;
        let side = input.text("side");
        let name = input.text("formation").trim();
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input.first_difference(&known, NEW_KNOWN).is_some() {
            return Err(InputError::new(
                "units",
                "the record knows these units otherwise: pick them again",
            ));
        }
        if let Some(marker) = record.unit(side, name) {
            let free = marker.attribute(attribute::TYPE) == Some("formation")
                && marker.state.as_ref() == state::INACTIVE;
            if !free {
                return Err(InputError::new(
                    "formation",
                    format!(
                        "{name} is not a Formation marker off the map: a new Formation takes one not currently on the map (13.2.1, L1415)"
                    ),
                ));
            }
        }
        Self::check_leader(input, record)?;
        let nation = input.text("nation");
        let area = input.text("area");
        for unit_name in input.list("units") {
            let Some(unit) = troop(record, side, unit_name) else {
                return Err(InputError::new(
                    "units",
                    format!(
                        "{unit_name} is not a Troop unit of the {} in play",
                        people(side)
                    ),
                ));
            };
            let there = place_of(record, side, unit);
            if there.is_empty() || there != area {
                return Err(InputError::new(
                    "units",
                    format!(
                        "{unit_name} stands in {there} and the first unit in {area}: a new Formation's units are in the same area or box (13.2.2, L1417)"
                    ),
                ));
            }
            check_command(nation, unit_name, unit, "units")?;
        }
        for (from, count) in input.numbers("taken_from") {
            check_in_supply(record, side, from, "units", "16.5.4, L1567")?;
            if Self::charged(input) {
                check_ap(record, side, from, count, "units")?;
            }
        }
        let chest = i64::from(input.number("war_chest"));
        if chest < NEW_FORMATION_RP {
            return Err(InputError::new(
                "formation",
                format!(
                    "a new Formation costs {NEW_FORMATION_RP} RP and the War Chest holds {chest} (13.2.4, L1421; 10.1.4, L1278)"
                ),
            ));
        }
        Ok(())
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
        let name = input.text("formation").trim();
        let leader = input.text("leader").trim();
        let area = input.text("area");
        let level = i64::from(input.number("leader_ap"));
        let set = |attribute: &str, value: &str, rule: &str| {
            Effect::set_attribute(side, name, attribute, value, rule)
        };
        let rule = "13.2.1, L1415";
        let mut effects = vec![
            pay_in(side, -NEW_FORMATION_RP, "13.2.4, L1421"),
            Effect::set_state(side, name, state::IN_PLAY, rule),
            set(attribute::TYPE, "formation", rule),
            set(attribute::LEADER, leader, "13.2.5, L1423"),
            set(attribute::NATION, input.text("nation"), "4.1.4, L652"),
            set(attribute::AREA, area, "13.2.2, L1417"),
            set(attribute::MODE, "march_order", "5.3.4, L804"),
            Effect::set_attribute(
                side,
                name,
                attribute::FORMATION_MORALE,
                NEW_FORMATION_MORALE,
                "13.2.7, L1427; 5.2.4, L780",
            ),
            Effect::set_attribute(side, name, AP_LEVEL, level, "13.2.6, L1425"),
            set(FORCED, "", rule),
            set(attribute::BRIGADED_TO, "", rule),
            set(attribute::SUPPLY, "", rule),
            set(attribute::FORCE_MARCH, "", rule),
            Effect::set_state(side, leader, state::IN_PLAY, "13.2.5, L1423"),
            Effect::set_attribute(side, leader, attribute::FORMATION, name, "13.2.5, L1423"),
        ];
        for unit in input.list("units") {
            let rule = "13.2.3, L1419";
            effects.extend([
                Effect::set_attribute(side, unit, attribute::FORMATION, name, rule),
                Effect::set_attribute(side, unit, attribute::AREA, area, rule),
                Effect::set_attribute(side, unit, attribute::BOX, "", rule),
            ]);
        }
        let mut told = vec![format!(
            "{name} is created in {area} under {leader} for {NEW_FORMATION_RP} RP: AP {level}, Morale {NEW_FORMATION_MORALE}, {} units",
            input.list("units").len()
        )];
        if Self::charged(input) {
            for (from, count) in input.numbers("taken_from") {
                effects.extend(spend(side, from, count, "13.1.2, L1407"));
                told.push(format!("{from} spends {count} AP"));
            }
        }
        let rule = "5.1.8, L770";
        for emptied in input.list("emptied") {
            effects.extend([
                Effect::set_state(side, emptied, state::INACTIVE, rule),
                Effect::set_attribute(side, emptied, attribute::LEADER, "", rule),
                Effect::set_attribute(side, emptied, attribute::BRIGADED_TO, "", rule),
            ]);
            told.push(format!("{emptied} has no unit left and is de-activated"));
        }
        for pooled in input.list("leaders_to_pool") {
            effects.extend([
                Effect::set_state(side, pooled, state::LEADER_POOL, rule),
                Effect::set_attribute(side, pooled, attribute::FORMATION, "", rule),
                Effect::set_attribute(
                    side,
                    pooled,
                    POOLED_IN,
                    input.text("phase"),
                    "4.5.6, L720; 13.2.5, L1423",
                ),
            ]);
            told.push(format!("{pooled} goes to the Leader Pool"));
        }
        Ok(Resolution::book_keeping(
            "new-formation",
            told.join("; "),
            effects,
        ))
    }
}
