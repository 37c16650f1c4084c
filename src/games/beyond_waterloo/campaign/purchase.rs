//! The Purchase Segment (8.2.1, L1211): a player recruits Troop units from his pools into
//! training (12.2.1-12.2.6, L1344-1354), the French buy National Guard onto a friendly Fortress or
//! Depot (3.4.1-3.4.4, L564-570), and either buys Wagons onto a link of his Line of Supply
//! (16.3.3a-b, L1526-1527), each at the RP Costs Chart's price. The chart is printed only on the
//! Player Aid Charts: its prices are a template the owner fills in. The War Chest pays the whole
//! bill, or nothing is bought: a player may not spend RP he does not have (10.1.4, L1278).
//!
//! Readings the text leaves to us:
//! - The chart prices a recruit by its type and size (the template's rows, 12.2.1, L1344); a Guards
//!   unit costs what its type and size cost, since no Guards price is named. The two National
//!   Guard units cost what their printed CF says, 1 CF or ½ CF (3.4.4, L570).
//! - The French recruit from the Force Pool only (12.2.2, L1346); the Allies from the Force Pool
//!   or the Divisions Pool (12.2.1, L1344), and an Allied unit the record holds as eliminated is
//!   in those pools, since "the Allied player will place his losses directly into the either box"
//!   (12.1.3, L1334).
//! - A recruit goes to Stage 1 (12.2.6, L1354), a Guards unit to the Deployable box (3.3.1, L549),
//!   at full strength: a counter in a pool box is a fresh unit, its steps rebuilt only in play
//!   (14.2). It is marked with the Phase it was recruited in, which Training leaves it out of
//!   (12.2.7, L1356; see `training::RECRUITED_IN`).
//! - A unit the FRAT moved to the Force Pool this turn is recruited from the next turn on (12.3.1,
//!   L1383; see `recruitment::RECRUITABLE_FROM`).
//! - The 2 CF cap of a Fortress or Depot (3.4.2, L566) counts the National Guard on the site in
//!   no Formation, a reduced 1 CF unit as ½ CF (3.4.4, L570). A National Guard unit brigaded to a
//!   Formation is in its box and goes where it goes (3.4.3, L568); the app does not follow the
//!   areas of a Formation's units, so it cannot count them.
//! - The app holds no map: the site (a friendly Fortress or Depot) and the Wagons' area (a current
//!   and functional link of a Line of Supply) are what the player asserts. One site and one area a
//!   form: buy again in the same segment for another.
//! - Wagons are picked from the Force Pool as the record holds them: the Allied Wagons are each a
//!   nation's (16.3.3h, L1536), and a Magazine dismantled goes back there as a Wagon, to be bought
//!   again in the same segment (16.3.3g, L1535).

use super::recruitment::RECRUITABLE_FROM;
use super::training::{DEPLOYABLE, RECRUITED_IN, STAGE, phase_mark};
use super::war_chest::{pay_in, price, rp};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::{TableRead, TableSet};
use crate::games::beyond_waterloo::roster::{attribute, halves, halves_text, parse_cf, state};
use crate::games::beyond_waterloo::{SIDES, people, side_label};

const RULE: &str = "12.2.1-12.2.6, L1344-1354; 3.4.1-3.4.4, L564-570; 16.3.3a-b, L1526-1527";

/// What a unit field of the form buys: the field, the RP Costs Chart's row, the words for it, the
/// rule that prices it, and the attributes a unit must have to be one.
struct Bought {
    field: &'static str,
    row: &'static str,
    label: &'static str,
    rule: &'static str,
    only: &'static [(&'static str, &'static str)],
}

const RECRUIT_RULE: &str = "12.2.1, L1344; RP Costs Chart";
const GUARD_RULE: &str = "3.4.1, L564; 3.4.4, L570; RP Costs Chart";
const WAGON_RULE: &str = "16.3.3a, L1526; RP Costs Chart";

const INFANTRY_CORPS: &[(&str, &str)] =
    &[(attribute::TYPE, "infantry"), (attribute::SIZE, "corps")];
const CAVALRY_CORPS: &[(&str, &str)] = &[(attribute::TYPE, "cavalry"), (attribute::SIZE, "corps")];
const INFANTRY_DIVISIONS: &[(&str, &str)] =
    &[(attribute::TYPE, "infantry"), (attribute::SIZE, "division")];
const CAVALRY_DIVISIONS: &[(&str, &str)] =
    &[(attribute::TYPE, "cavalry"), (attribute::SIZE, "division")];
const NG_FULL: &[(&str, &str)] = &[(attribute::SIZE, "national-guard"), (attribute::CF, "1")];
const NG_HALF: &[(&str, &str)] = &[(attribute::SIZE, "national-guard"), (attribute::CF, "1/2")];
const WAGONS: &[(&str, &str)] = &[(attribute::TYPE, "wagon"), ("state", state::FORCE_POOL)];

/// The Troop units recruited into training.
const RECRUITS: [Bought; 4] = [
    Bought {
        field: "infantry_corps",
        row: "infantry_corps",
        label: "Infantry Corps",
        rule: RECRUIT_RULE,
        only: INFANTRY_CORPS,
    },
    Bought {
        field: "cavalry_corps",
        row: "cavalry_corps",
        label: "Cavalry Corps",
        rule: RECRUIT_RULE,
        only: CAVALRY_CORPS,
    },
    Bought {
        field: "infantry_divisions",
        row: "infantry_division",
        label: "Infantry Division",
        rule: RECRUIT_RULE,
        only: INFANTRY_DIVISIONS,
    },
    Bought {
        field: "cavalry_divisions",
        row: "cavalry_division",
        label: "Cavalry Division",
        rule: RECRUIT_RULE,
        only: CAVALRY_DIVISIONS,
    },
];

/// The French National Guard, placed on a site.
const NATIONAL_GUARD: [Bought; 2] = [
    Bought {
        field: "ng_full",
        row: "national_guard_1",
        label: "National Guard, 1 CF",
        rule: GUARD_RULE,
        only: NG_FULL,
    },
    Bought {
        field: "ng_half",
        row: "national_guard_half",
        label: "National Guard, ½ CF",
        rule: GUARD_RULE,
        only: NG_HALF,
    },
];

const WAGON: Bought = Bought {
    field: "wagons",
    row: "wagon",
    label: "Wagon",
    rule: WAGON_RULE,
    only: WAGONS,
};

/// Every unit field, in the order the bill lists them.
fn everything() -> impl Iterator<Item = &'static Bought> {
    RECRUITS.iter().chain(&NATIONAL_GUARD).chain([&WAGON])
}

/// The most CF of National Guard a Fortress or Depot may hold, in halves (3.4.2, L566).
const SITE_CAP_HALVES: u32 = 4;

/// The halves of CF a National Guard field's unit has.
fn guard_halves(field: &str) -> u32 {
    if field == "ng_full" { 2 } else { 1 }
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side buying",
        group: "Purchase",
        kind: FieldKind::Choice(SIDES),
        rule: "12.2.1-12.2.2, L1344-1346",
        help: "Each player buys for himself, from his own pools and War Chest.",
    },
    Field {
        id: "infantry_corps",
        label: "Infantry Corps",
        group: "Recruits",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: INFANTRY_CORPS,
        },
        rule: "12.2.1-12.2.6, L1344-1354",
        help: "From the Force Pool (the Allies also from the Divisions Pool). Each goes to Stage 1 of the Unit Training Track, a Guards unit to the Deployable box.",
    },
    Field {
        id: "cavalry_corps",
        label: "Cavalry Corps",
        group: "Recruits",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: CAVALRY_CORPS,
        },
        rule: "12.2.1-12.2.6, L1344-1354",
        help: "From the Force Pool (the Allies also from the Divisions Pool).",
    },
    Field {
        id: "infantry_divisions",
        label: "Infantry Divisions",
        group: "Recruits",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: INFANTRY_DIVISIONS,
        },
        rule: "12.2.1-12.2.6, L1344-1354",
        help: "The French only from the Force Pool: a Division in their Divisions Pool must first come to the Force Pool through the FRAT (12.2.2, L1346).",
    },
    Field {
        id: "cavalry_divisions",
        label: "Cavalry Divisions",
        group: "Recruits",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: CAVALRY_DIVISIONS,
        },
        rule: "12.2.1-12.2.6, L1344-1354",
        help: "From the Force Pool (the Allies also from the Divisions Pool).",
    },
    Field {
        id: "ng_full",
        label: "National Guard, 1 CF",
        group: "National Guard (French)",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: NG_FULL,
        },
        rule: "3.4.1, L564; 3.4.4, L570",
        help: "From the French Force Pool, placed at once on the site below, with no training.",
    },
    Field {
        id: "ng_half",
        label: "National Guard, ½ CF",
        group: "National Guard (French)",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: NG_HALF,
        },
        rule: "3.4.1, L564; 3.4.4, L570",
        help: "From the French Force Pool, placed at once on the site below.",
    },
    Field {
        id: "ng_site",
        label: "Placed on the friendly Fortress or Depot",
        group: "National Guard (French)",
        kind: FieldKind::Text { max_len: 60 },
        rule: "3.4.1, L564; 3.4.2, L566",
        help: "The area of a friendly Fortress or Depot, named as the record names it; at most 2 CF of National Guard on it. Buy again for another site.",
    },
    Field {
        id: "ng_on_site",
        label: "National Guard CF already on the site",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 8 },
        rule: "3.4.2, L566",
        help: "From the record: the National Guard standing on the site in no Formation.",
    },
    Field {
        id: "wagons",
        label: "Wagons",
        group: "Wagons",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: WAGONS,
        },
        rule: "16.3.3a, L1526; 16.3.3g, L1535",
        help: "From the Force Pool, as many as are bought.",
    },
    Field {
        id: "wagons_to",
        label: "The Wagons are placed in",
        group: "Wagons",
        kind: FieldKind::Text { max_len: 60 },
        rule: "16.3.3b, L1527",
        help: "Any area that is a current and functional link of a Line of Supply, as the player finds on the map. Buy again for another area.",
    },
    Field {
        id: "guards",
        label: "Guards units among the recruits",
        group: "What the record knows",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::GUARD, "yes")],
        },
        rule: "3.3.1, L549",
        help: "From the record: they need no training and go straight to the Deployable box.",
    },
    Field {
        id: "war_chest",
        label: "RP in the War Chest",
        group: "What the record knows",
        kind: FieldKind::Count { max: 9999 },
        rule: "10.1.4, L1278",
        help: "From the record: a player may not spend RP he does not have.",
    },
    Field {
        id: "phase",
        label: "This Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 12 },
        rule: "12.2.7, L1356",
        help: "From the record: a recruit does not move up in the Training Segment of the Phase it is recruited in.",
    },
];

const READS: &[TableRead] = &[TableRead {
    table: "rp-costs",
    codes: &[],
}];

/// The pools a side recruits from (12.2.1-12.2.2, L1344-1346; 12.1.3, L1334).
fn purchase_pools(side: &str) -> &'static [&'static str] {
    if side == "french" {
        &[state::FORCE_POOL]
    } else {
        &[state::FORCE_POOL, state::DIVISIONS_POOL, state::ELIMINATED]
    }
}

/// Whether a unit came to the Force Pool through the FRAT too late to be recruited this turn.
fn arrived_this_turn(record: &Record, unit: &UnitRecord) -> bool {
    unit.attribute(RECRUITABLE_FROM)
        .and_then(|turn| turn.parse::<u32>().ok())
        .is_some_and(|from| from > record.position.turn)
}

/// The units a field of the form names.
fn picked<'a>(input: &'a Input, field: &str) -> impl Iterator<Item = &'a str> + 'a {
    input.list(field).iter().map(|n| n.as_str().trim())
}

/// The Guards units among the recruits, as the record has them.
fn guards_of(input: &Input, record: &Record) -> Vec<Symbol> {
    let side = input.text("side");
    RECRUITS
        .iter()
        .flat_map(|bought| picked(input, bought.field))
        .filter(|name| {
            record
                .unit(side, name)
                .and_then(|u| u.attribute(attribute::GUARD))
                == Some("yes")
        })
        .map(Symbol::from)
        .collect()
}

/// The CF in halves of the French National Guard standing on `site` in no Formation.
fn guard_on_site(record: &Record, site: &str) -> u32 {
    let site = site.trim();
    if site.is_empty() {
        return 0;
    }
    record
        .units_where(
            Some("french"),
            &[
                (attribute::SIZE, "national-guard"),
                ("state", state::IN_PLAY),
            ],
        )
        .filter(|(_, _, u)| {
            u.attribute(attribute::AREA)
                .is_some_and(|area| area.trim().eq_ignore_ascii_case(site))
                && u.attribute(attribute::FORMATION).is_none_or(str::is_empty)
        })
        .map(|(_, _, u)| {
            let printed = u.attribute(attribute::CF).and_then(halves).unwrap_or(0);
            // A reduced 1 CF unit is a ½ CF unit (3.4.4, L570).
            if u.attribute(attribute::FACE) == Some("reduced") {
                printed.min(1)
            } else {
                printed
            }
        })
        .sum()
}

/// Each unit bought with its price: the bill, a line a unit, each with its rule.
fn bill(input: &Input, tables: &TableSet) -> Result<Vec<Modifier>, RuleError> {
    let payer = format!("{} RP cost", side_label(input.text("side")));
    let mut lines = Vec::new();
    for bought in everything() {
        let names: Vec<&str> = picked(input, bought.field).collect();
        if names.is_empty() {
            continue;
        }
        let (price, lookup) = price(tables, bought.row)?;
        let price = i32::try_from(price).map_err(|_| {
            RuleError::Table(crate::engine::tables::TableError {
                file: lookup.cell.table.to_string(),
                line: None,
                message: format!("the price in row `{}` is too large", bought.row),
            })
        })?;
        for name in names {
            lines.push(Modifier::new(
                &payer,
                format!("{name}: {}", bought.label),
                price,
                bought.rule,
            ));
        }
    }
    Ok(lines)
}

/// A side's purchases in the Purchase Segment.
pub struct Purchase;

impl Purchase {
    /// Refuses a unit named in `field` that the record does not hold as one of `side`'s units of
    /// that kind, ready to be bought.
    fn check_unit(
        record: &Record,
        side: &str,
        bought: &Bought,
        name: &str,
    ) -> Result<(), InputError> {
        let refuse = |why: String| Err(InputError::new(bought.field, why));
        let Some(unit) = record.unit(side, name) else {
            return refuse(format!(
                "{name} is not a unit of the {} on the record",
                people(side)
            ));
        };
        let kind_fits = bought
            .only
            .iter()
            .filter(|(attribute, _)| *attribute != "state")
            .all(|(attribute, value)| unit.attribute(attribute) == Some(*value));
        if !kind_fits {
            return refuse(format!("{name} is not a {} on the record", bought.label));
        }
        let now = unit.state.as_ref();
        if bought.field == WAGON.field {
            if now != state::FORCE_POOL {
                return refuse(format!(
                    "{name} is not in the {} Force Pool: Wagons are bought from the counters not in play (16.3.3a, L1526; 16.3.3g, L1535)",
                    people(side)
                ));
            }
            return Ok(());
        }
        if side == "french" && now == state::DIVISIONS_POOL {
            return refuse(format!(
                "{name} is in the Divisions Pool: the French recruit from their Force Pool only, after the FRAT has moved a unit there (12.2.2, L1346)"
            ));
        }
        if !purchase_pools(side).contains(&now) {
            return refuse(format!(
                "{name} is {now}, not in a pool the {} recruit from (12.2.1-12.2.2, L1344-1346)",
                people(side)
            ));
        }
        if arrived_this_turn(record, unit) {
            return refuse(format!(
                "{name} came to the Force Pool through the FRAT this turn: it may be recruited from the next turn (12.3.1, L1383)"
            ));
        }
        Ok(())
    }
}

impl Procedure for Purchase {
    fn about(&self) -> &About {
        &About {
            id: "purchase",
            title: "Purchase",
            rule: RULE,
            summary: "A player recruits units from his pools into training (Guards straight to the Deployable box), the French buy National Guard onto a friendly Fortress or Depot, and either buys Wagons onto a Line of Supply, each at the RP Costs Chart's price.",
            fields: FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        READS
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "infantry_corps",
            "cavalry_corps",
            "infantry_divisions",
            "cavalry_divisions",
            "ng_full",
            "ng_half",
            "ng_site",
            "wagons",
            "wagons_to",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        // National Guard are French (3.4, L558-576).
        !matches!(field, "ng_full" | "ng_half" | "ng_site" | "ng_on_site")
            || input.text("side") == "french"
    }
    fn offers(&self, field: &str, _input: &Input, record: &Record, side: &str, name: &str) -> bool {
        let Some(unit) = record.unit(side, name) else {
            return false;
        };
        match field {
            "wagons" | "guards" => true,
            "ng_full" | "ng_half" => {
                side == "french"
                    && unit.state.as_ref() == state::FORCE_POOL
                    && !arrived_this_turn(record, unit)
            }
            _ => {
                purchase_pools(side).contains(&unit.state.as_ref())
                    && !arrived_this_turn(record, unit)
            }
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "guards" | "ng_on_site" | "war_chest" | "phase") {
            return;
        }
        let side = input.text("side").to_string();
        input.set("guards", Value::List(guards_of(input, record)));
        let on_site = halves_text(guard_on_site(record, input.text("ng_site")));
        input.set("ng_on_site", Value::Text(on_site.as_str().into()));
        input.set("war_chest", Value::Number(rp(record, &side)));
        input.set("phase", Value::Text(phase_mark(record).as_str().into()));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if everything().all(|bought| input.list(bought.field).is_empty()) {
            return Err(InputError::new(
                "",
                "pick the units, National Guard or Wagons bought",
            ));
        }
        let guard_halves_bought: u32 = NATIONAL_GUARD
            .iter()
            .map(|bought| {
                let count = u32::try_from(picked(input, bought.field).count()).unwrap_or(u32::MAX);
                guard_halves(bought.field).saturating_mul(count)
            })
            .fold(0, u32::saturating_add);
        if guard_halves_bought > 0 {
            if input.text("side") != "french" {
                return Err(InputError::new(
                    "ng_full",
                    "National Guard units are French (3.4.1, L564)",
                ));
            }
            let site = input.text("ng_site").trim();
            if site.is_empty() {
                return Err(InputError::new(
                    "ng_site",
                    "name the friendly Fortress or Depot the National Guard are placed on (3.4.1, L564)",
                ));
            }
            let Some(on_site) = parse_cf(input.text("ng_on_site")) else {
                return Err(InputError::new(
                    "ng_on_site",
                    "the National Guard CF on the site, as the record has it: name the site again",
                ));
            };
            let total = on_site.saturating_add(guard_halves_bought);
            if total > SITE_CAP_HALVES {
                return Err(InputError::new(
                    "ng_site",
                    format!(
                        "{site} would hold {} CF of National Guard ({} there, {} bought): a Fortress or Depot holds at most 2 CF of National Guard (3.4.2, L566)",
                        halves_text(total),
                        halves_text(on_site),
                        halves_text(guard_halves_bought)
                    ),
                ));
            }
        }
        if !input.list("wagons").is_empty() && input.text("wagons_to").trim().is_empty() {
            return Err(InputError::new(
                "wagons_to",
                "name the area the Wagons are placed in: a current and functional link of a Line of Supply (16.3.3b, L1527)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if input.text("phase") != phase_mark(record) {
            return Err(InputError::new(
                "phase",
                "play has moved since the form opened: pick the side again",
            ));
        }
        if i64::from(input.number("war_chest")) != rp(record, side) {
            return Err(InputError::new(
                "war_chest",
                format!(
                    "the War Chest holds {} RP: pick the side again",
                    rp(record, side)
                ),
            ));
        }
        for bought in everything() {
            for name in picked(input, bought.field) {
                Self::check_unit(record, side, bought, name)?;
            }
        }
        if input.list("guards") != guards_of(input, record).as_slice() {
            return Err(InputError::new(
                "guards",
                "the record's Guards units among the recruits are otherwise: pick the recruits again",
            ));
        }
        let on_site = halves_text(guard_on_site(record, input.text("ng_site")));
        if input.text("ng_on_site").trim() != on_site {
            return Err(InputError::new(
                "ng_on_site",
                format!(
                    "the record has {on_site} CF of National Guard on {}: name the site again",
                    input.text("ng_site").trim()
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn modifiers_read(&self, input: &Input, tables: &TableSet) -> Vec<Modifier> {
        bill(input, tables).unwrap_or_default()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let lines = bill(input, tables)?;
        let cost: i64 = lines.iter().map(|line| i64::from(line.value)).sum();
        let chest = i64::from(input.number("war_chest"));
        if cost > chest {
            return Err(RuleError::Input(InputError::new(
                "war_chest",
                format!(
                    "the purchases cost {cost} RP and the War Chest holds {chest}: a player may not spend RP he does not have (10.1.4, L1278)"
                ),
            )));
        }
        let phase = input.text("phase");
        let guards = input.list("guards");
        let mut effects = vec![pay_in(side, -cost, "12.2.1, L1344; 10.1.4, L1278")];
        let (mut to_training, mut to_deployable) = (0, 0);
        for name in RECRUITS
            .iter()
            .flat_map(|bought| picked(input, bought.field))
        {
            let guard = guards.iter().any(|g| g.as_str() == name);
            let (stage, rule) = if guard {
                to_deployable += 1;
                (DEPLOYABLE, "3.3.1, L549")
            } else {
                to_training += 1;
                ("1", "12.2.6, L1354")
            };
            effects.extend([
                Effect::set_state(side, name, state::TRAINING, rule),
                Effect::set_attribute(side, name, STAGE, stage, rule),
                Effect::set_attribute(side, name, RECRUITED_IN, phase, "12.2.7, L1356"),
                Effect::set_attribute(side, name, attribute::FACE, "full", "12.2.6, L1354"),
                Effect::set_attribute(side, name, attribute::FORMATION, "", "12.2.6, L1354"),
                Effect::set_attribute(side, name, attribute::AREA, "", "12.2.6, L1354"),
            ]);
        }
        let site = input.text("ng_site").trim();
        let mut guard_count = 0;
        for name in NATIONAL_GUARD
            .iter()
            .flat_map(|bought| picked(input, bought.field))
        {
            guard_count += 1;
            effects.extend([
                Effect::set_state(side, name, state::IN_PLAY, "3.4.1, L564"),
                Effect::set_attribute(side, name, attribute::AREA, site, "3.4.1, L564"),
                Effect::set_attribute(side, name, attribute::FORMATION, "", "3.4.1, L564"),
                Effect::set_attribute(side, name, attribute::FACE, "full", "3.4.4, L570"),
            ]);
        }
        let area = input.text("wagons_to").trim();
        let mut wagon_count = 0;
        for name in picked(input, WAGON.field) {
            wagon_count += 1;
            effects.extend([
                Effect::set_state(side, name, state::IN_PLAY, "16.3.3a, L1526"),
                Effect::set_attribute(side, name, attribute::AREA, area, "16.3.3b, L1527"),
                Effect::set_attribute(side, name, attribute::FORMATION, "", "16.3.3b, L1527"),
            ]);
        }
        let mut told = Vec::new();
        if to_training > 0 {
            told.push(format!("{to_training} to Stage 1 of training"));
        }
        if to_deployable > 0 {
            told.push(format!("{to_deployable} Guards to the Deployable box"));
        }
        if guard_count > 0 {
            told.push(format!("{guard_count} National Guard onto {site}"));
        }
        if wagon_count > 0 {
            told.push(format!("{wagon_count} Wagon(s) to {area}"));
        }
        let total = i32::try_from(cost).unwrap_or(i32::MAX);
        let mut resolution = Resolution::book_keeping(
            "purchase",
            format!("The {} pay {cost} RP: {}", people(side), told.join("; ")),
            effects,
        );
        resolution.totals = vec![SideTotal {
            side: format!("{} RP cost", side_label(side)),
            die: None,
            modifiers: total,
            total,
        }];
        resolution.modifiers = lines;
        Ok(resolution)
    }
}
