//! The command economy of Execution: 3.1 Assign (L735-745) moves markers from the Commander in
//! Chief's box to the Generals', and 3.2 Issue Orders (L747-833) spends Command points on Orders.
//!
//! A General pays with the points he generates this turn, which cannot be saved (L741) and go to
//! one Formation only unless he has five stars (L363), then with the markers in his box, each
//! transformed into 1 point and returned to the reserve (L739, L749).
//!
//! Readings taken:
//! - Generated points are spent before markers, since they cannot be saved and markers can.
//! - PUT IN MOVEMENT costs 1 plus 1 per Unit, at most 5, for any number of Units (L759); the mixed
//!   and not-visible surcharges add to that (setting `movement_cap`, digest §7.17).
//! - The not-visible surcharge is paid once per Order (digest §3.7 b).
//! - Napoleon "must give [Ney] 2 blue markers every turn" (L371): an assignment to Ney is of those
//!   2 at once (all Napoleon holds, if fewer), and until Ney has them Napoleon may not give or spend
//!   them elsewhere.
//! - Once Ney is removed, Napoleon loses the 2 markers "he would have assigned" him (L373) where he
//!   would have assigned them, in 3.1: at the French army's first assignment of the turn they go
//!   back to the reserve, and until then they are kept from other Generals and Orders alike.
//! - The Grand Battery is redeployed only by its own Order: D'Erlon's ordinary REDEPLOY does not
//!   take it along (L827, "a specific Order ... in respect to the other Formations").
//! - RECOVER is for Shaken Units, with one yellow marker: a Routed Unit, with two, cannot recover
//!   (L787).

use super::options::{self, MOVEMENT_CAP};
use super::roster::{
    self, COMMANDER_RANK, GRAND_BATTERY_GENERAL, NAPOLEON, NEY, attribute, commander_in_chief,
    kind, state,
};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

const ASSIGN_RULE: &str = "3.1 Assign, L737";

/// Markers a General may receive in one turn (L737).
const MOST_ASSIGNED: i32 = 2;

const ASSIGN_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Assign",
        kind: FieldKind::Choice(SIDES),
        rule: ASSIGN_RULE,
        help: "Armies assign in the order of Initiative.",
    },
    Field {
        id: "general",
        label: "To General",
        group: "Assign",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[
                (attribute::KIND, kind::GENERAL),
                ("state", state::ON_BATTLEFIELD),
            ],
            max_len: 40,
        },
        rule: ASSIGN_RULE,
        help: "A General of this army on the battlefield. Napoleon must give Ney 2 markers every turn (L371).",
    },
    Field {
        id: "markers",
        label: "Markers",
        group: "Assign",
        kind: FieldKind::Count { max: 9 },
        rule: ASSIGN_RULE,
        help: "From the Commander in Chief's box; at most 2 per General per turn.",
    },
    Field {
        id: "lost_for_ney",
        label: "Markers Napoleon loses for Ney, removed",
        group: "Assign",
        kind: FieldKind::Count { max: 2 },
        rule: NEY_REMOVED_RULE,
        help: "Once Ney is removed, Napoleon loses each turn the 2 markers he would have given him: they go back to the reserve at the first French assignment of the turn. Filled in from the record.",
    },
];

const NEY_RULE: &str = "General Ney, L371";
const NEY_REMOVED_RULE: &str = "General Ney, L373";

/// The markers Napoleon must give Ney each turn, or lose once Ney is removed (L371, L373).
const NEY_SHARE: i32 = 2;

/// Ney's share of Napoleon's markers this turn not yet given (or lost): none unless the players
/// brought Ney in, and no more than Napoleon's box holds.
fn owed_to_ney(record: &Record) -> i32 {
    let french = SIDES[0].0;
    let Some(ney) = record.unit(french, NEY) else {
        return 0;
    };
    if ney.state.as_ref() == state::NOT_ARRIVED {
        return 0;
    }
    let held = roster::number_of(record, french, NAPOLEON, attribute::MARKERS);
    (NEY_SHARE - roster::number(ney, attribute::ASSIGNED)).clamp(0, held)
}

/// The markers Napoleon loses now for Ney, removed (L373).
fn lost_for_ney(record: &Record, side: &str) -> i32 {
    let ney_removed = side == SIDES[0].0 && record.unit(side, NEY).is_some_and(roster::is_removed);
    if ney_removed { owed_to_ney(record) } else { 0 }
}

/// 3.1: markers from the Commander in Chief to a General.
pub struct Assign;

impl Procedure for Assign {
    fn about(&self) -> &About {
        &About {
            id: "assign",
            title: "Assign markers",
            rule: ASSIGN_RULE,
            summary: "Moves command markers from the Commander in Chief's box to a General's box: at most 2 per General each turn.",
            fields: ASSIGN_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let lost = lost_for_ney(record, input.text("side"));
            input.set("lost_for_ney", Value::Number(i64::from(lost)));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("markers") < 1 {
            return Err(InputError::new("markers", "assign at least 1 marker"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, general) = (input.text("side"), input.text("general").trim());
        let markers = input.number("markers");
        let lost = lost_for_ney(record, side);
        if input.number("lost_for_ney") != lost {
            return Err(InputError::new(
                "lost_for_ney",
                format!(
                    "the record has Napoleon lose {lost} markers for Ney now ({NEY_REMOVED_RULE})"
                ),
            ));
        }
        let Some(entry) = record.unit(side, general) else {
            return Err(InputError::new(
                "general",
                format!(
                    "{general} is not a General of {} on the record",
                    army_label(side)
                ),
            ));
        };
        if !entry.matches(&[(attribute::KIND, kind::GENERAL)]) || !roster::is_on_battlefield(entry)
        {
            return Err(InputError::new(
                "general",
                format!("{general} is not a General on the battlefield"),
            ));
        }
        let already = roster::number(entry, attribute::ASSIGNED);
        if already + markers > MOST_ASSIGNED {
            return Err(InputError::new(
                "markers",
                format!(
                    "{general} has had {already} markers this turn; a General may receive at most {MOST_ASSIGNED} per turn ({ASSIGN_RULE})"
                ),
            ));
        }
        let commander = commander_in_chief(side);
        let held = roster::number_of(record, side, commander, attribute::MARKERS) - lost;
        if markers > held {
            let besides = if lost > 0 {
                " besides those lost for Ney"
            } else {
                ""
            };
            return Err(InputError::new(
                "markers",
                format!("{commander}'s box holds only {held} markers{besides}"),
            ));
        }
        if side != SIDES[0].0 {
            return Ok(());
        }
        let owed = owed_to_ney(record) - lost;
        if general == NEY && markers != owed {
            return Err(InputError::new(
                "markers",
                format!("Napoleon must give Ney his 2 markers every turn: {owed} now ({NEY_RULE})"),
            ));
        }
        if general != NEY && markers > held - owed {
            return Err(InputError::new(
                "markers",
                format!(
                    "Napoleon must keep {owed} of his {held} markers for Ney, who must have 2 every turn ({NEY_RULE})"
                ),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, general) = (input.text("side"), input.text("general").trim());
        let markers = i64::from(input.number("markers"));
        let commander = commander_in_chief(side);
        let mut headline = format!("{markers} markers from {commander} to {general}");
        let mut effects = vec![
            Effect::add_to(side, commander, attribute::MARKERS, -markers, ASSIGN_RULE),
            Effect::add_to(side, general, attribute::MARKERS, markers, ASSIGN_RULE),
            Effect::add_to(side, general, attribute::ASSIGNED, markers, ASSIGN_RULE),
        ];
        let lost = i64::from(input.number("lost_for_ney"));
        if lost > 0 {
            // Counted as assigned to Ney, so that they are lost once a turn.
            effects.extend([
                Effect::add_to(side, commander, attribute::MARKERS, -lost, NEY_REMOVED_RULE),
                Effect::add_to(side, NEY, attribute::ASSIGNED, lost, NEY_REMOVED_RULE),
            ]);
            headline.push_str(&format!(
                "; {commander} loses the {lost} he would have given Ney"
            ));
        }
        Ok(Resolution::book_keeping("assign", headline, effects))
    }
}

const ORDERS_RULE: &str = "3.2 Issue Orders, L747-753";

const ORDERS: &[(&str, &str); 6] = &[
    ("put_in_movement", "PUT IN MOVEMENT"),
    ("keep_in_movement", "KEEP IN MOVEMENT"),
    ("recover", "RECOVER"),
    ("redeploy", "REDEPLOY"),
    ("grand_battery", "REDEPLOY the Grand Battery"),
    ("out_of_sequence", OUT_OF_SEQUENCE),
];

/// The Order that lets Units maneuver ahead of their turn, green marker or not (L833).
pub const OUT_OF_SEQUENCE: &str = "Move out of sequence";

const ORDER_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Order",
        kind: FieldKind::Choice(SIDES),
        rule: ORDERS_RULE,
        help: "Armies issue Orders in the order of Initiative.",
    },
    Field {
        id: "commander",
        label: "Issued by",
        group: "Order",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_BATTLEFIELD)],
            max_len: 40,
        },
        rule: "Army Corps, L363, L381",
        help: "A General, to a Formation of his own Army Corps or the one he is attached to; or the attached Commander in Chief.",
    },
    Field {
        id: "order",
        label: "Order",
        group: "Order",
        kind: FieldKind::Choice(ORDERS),
        rule: "Orders, L755-833",
        help: "One Order per Formation each turn. A Formation with an orange marker may only RECOVER.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Order",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::KIND, kind::FORMATION)],
            max_len: 40,
        },
        rule: "Formations, L381",
        help: "A Formation on the record; make one with \"Formation\" in 3.1 or 3.2.",
    },
    Field {
        id: "more_formations",
        label: "Other Formations in the same REDEPLOY",
        group: "Order",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::KIND, kind::FORMATION)],
        },
        rule: "REDEPLOY, L823",
        help: "A REDEPLOY moves any number of Formations of his Army Corps for the one cost.",
    },
    Field {
        id: "units",
        label: "Units in the Formation",
        group: "Cost",
        kind: FieldKind::Count { max: 40 },
        rule: PUT_IN_MOVEMENT_RULE,
        help: "+1 point each, up to 5 in all. Filled in from the record. For a move out of sequence: the Units that move, 4 points each (L833).",
    },
    Field {
        id: "mixed",
        label: "Mixed: Infantry and Cavalry",
        group: "Cost",
        kind: FieldKind::Flag,
        rule: "PUT IN MOVEMENT, L759; REDEPLOY, L823",
        help: "+1 point to PUT IN MOVEMENT or REDEPLOY. Filled in from the record.",
    },
    Field {
        id: "not_visible",
        label: "None of its Units visible to the General",
        group: "Cost",
        kind: FieldKind::Flag,
        rule: "Visibility, L753",
        help: "+1 point. A Unit is not visible if the line of sight crosses a Hill, Wood or Planchenois, unless the Unit is on that terrain.",
    },
    Field {
        id: "recovering",
        label: "Shaken Units to recover",
        group: "Cost",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::YELLOW, "1")],
        },
        rule: "RECOVER, L821",
        help: "Shaken Units of this Formation, 2 points each; the yellow marker comes off. Routed Units (2 yellow markers) cannot recover (L787). Filled in from the record: untick those not recovered.",
    },
    Field {
        id: "artillery",
        label: "Its Artillery Units unfastened",
        group: "Effects",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, roster::ARTILLERY_TYPES)],
        },
        rule: PUT_IN_MOVEMENT_RULE,
        help: "Put in movement, they fasten their Horse Team; those already fastened stay so. Filled in from the record.",
    },
    Field {
        id: "generated",
        label: "Generated points he can spend on this Formation",
        group: "Payment",
        kind: FieldKind::Count { max: 9 },
        rule: "Generated points, L363, L741",
        help: "Spent first: they cannot be saved. Only for one Formation a turn, unless five stars. Filled in from the record.",
    },
    Field {
        id: "markers",
        label: "Markers in his box",
        group: "Payment",
        kind: FieldKind::Count { max: 36 },
        rule: "Transformed points, L739, L749",
        help: "1 point each; spent markers go back to the reserve. Filled in from the record.",
    },
    options::on_form(MOVEMENT_CAP),
];

const PUT_IN_MOVEMENT_RULE: &str = "PUT IN MOVEMENT, L759";

/// Most points a PUT IN MOVEMENT pays for its Units (L759).
const MOVEMENT_UNITS_CAP: i32 = 5;

/// 3.2: an Order, its cost in Command points, and its payment.
pub struct IssueOrder;

impl IssueOrder {
    /// What the record says of the Formation ordered: its Units, and whether any Formation the
    /// Order goes to mixes Infantry and Cavalry (L759, L823).
    fn size_and_mix(input: &Input, record: &Record) -> (i32, bool) {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let units = members(record, side, formation).count();
        // A Formation is mixed if it holds both Infantry and Cavalry (L759, L823): two Formations
        // redeployed together, one of each, are not.
        let is_mixed = |name: &str| {
            let has = |arm: fn(&str) -> bool| {
                members(record, side, name).any(|u| u.attribute(attribute::TYPE).is_some_and(arm))
            };
            has(|t| t == "infantry") && has(|t| t.ends_with("_cavalry"))
        };
        let mixed = Self::formations(input).iter().any(|name| is_mixed(name));
        (i32::try_from(units).unwrap_or(i32::MAX), mixed)
    }

    /// The cost of the Order, item by item, each with its rule.
    fn cost(input: &Input) -> Vec<Modifier> {
        let item = |label: &str, value: i32, rule: &str| Modifier::new("Cost", label, value, rule);
        let units = input.number("units");
        let mixed = input.flag("mixed");
        let mut items = match input.text("order") {
            "put_in_movement" => {
                let units_cost = (1 + units).min(MOVEMENT_UNITS_CAP);
                let mut items = vec![item(
                    &format!(
                        "PUT IN MOVEMENT: 1, +1 for each of {units} Units, at most {MOVEMENT_UNITS_CAP}"
                    ),
                    units_cost,
                    PUT_IN_MOVEMENT_RULE,
                )];
                if mixed {
                    items.push(item("Mixed Formation", 1, PUT_IN_MOVEMENT_RULE));
                }
                items
            }
            "keep_in_movement" => vec![item("KEEP IN MOVEMENT", 1, "KEEP IN MOVEMENT, L819")],
            "recover" => {
                let shaken = i32::try_from(input.list("recovering").len()).unwrap_or(i32::MAX);
                vec![item(
                    &format!("RECOVER: 2 for each of {shaken} Shaken Units"),
                    2 * shaken,
                    "RECOVER, L821",
                )]
            }
            "redeploy" => {
                let mut items = vec![item("REDEPLOY", 2, "REDEPLOY, L823")];
                if mixed {
                    items.push(item("Mixed Formation", 1, "REDEPLOY, L823"));
                }
                items
            }
            "grand_battery" => vec![item("REDEPLOY the Grand Battery", 2, "Grand Battery, L827")],
            _ => vec![item(
                &format!("Move out of sequence: 4 for each of {units} Units"),
                4 * units,
                "Move out of sequence, L833",
            )],
        };
        if input.flag("not_visible") {
            items.push(item("Not visible to the General", 1, "Visibility, L753"));
        }
        if input.text(MOVEMENT_CAP.id) == "all" && input.text("order") == "put_in_movement" {
            let total: i32 = items.iter().map(|m| m.value).sum();
            if total > MOVEMENT_UNITS_CAP {
                items.push(item(
                    "Capped at 5 (setting)",
                    MOVEMENT_UNITS_CAP - total,
                    MOVEMENT_CAP.rule,
                ));
            }
        }
        items
    }

    /// The Formations the Order goes to: one, or several for a REDEPLOY (L823).
    fn formations(input: &Input) -> Vec<&str> {
        let mut names = vec![input.text("formation").trim()];
        names.extend(input.list("more_formations").iter().map(|n| n.as_ref()));
        names.retain(|n| !n.is_empty());
        names
    }

    fn total_cost(input: &Input) -> i32 {
        Self::cost(input).iter().map(|m| m.value).sum()
    }

    fn order_label(order: &str) -> &'static str {
        ORDERS
            .iter()
            .find(|(id, _)| *id == order)
            .map_or("Order", |(_, label)| label)
    }

    /// The points `commander` may spend on `formation`: generated ones not yet spent this turn
    /// (on this Formation only, unless five stars), and the markers in his box.
    fn available(record: &Record, side: &str, commander: &str, formation: &str) -> (i32, i32) {
        let Some(entry) = record.unit(side, commander) else {
            return (0, 0);
        };
        let generated_left = roster::number(entry, attribute::GENERATES)
            - roster::number(entry, attribute::GENERATED_SPENT);
        let went_elsewhere = entry
            .attribute(attribute::GENERATED_TO)
            .is_some_and(|to| to != formation);
        let splits = roster::number(entry, attribute::RANK) >= COMMANDER_RANK;
        let generated = if went_elsewhere && !splits {
            0
        } else {
            generated_left.max(0)
        };
        let mut markers = roster::number(entry, attribute::MARKERS);
        if commander == NAPOLEON {
            markers -= owed_to_ney(record);
        }
        (generated, markers)
    }
}

impl IssueOrder {
    /// What each Order requires of its Formation: KEEP IN MOVEMENT a green one (L819); RECOVER
    /// its Shaken Units (L821); the Grand Battery's REDEPLOY by D'Erlon, to it alone (L827); PUT IN
    /// MOVEMENT its Artillery as the record holds it, to fasten their Horse Teams (L759).
    fn check_order_fits(
        input: &Input,
        record: &Record,
        formation: &UnitRecord,
    ) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("formation").trim();
        let grand_battery = roster::grand_battery_formation(record);
        match input.text("order") {
            "keep_in_movement" if formation.attribute(attribute::GREEN) != Some("yes") => {
                Err(InputError::new(
                    "order",
                    format!(
                        "{name} has no green marker: KEEP IN MOVEMENT is for a Formation already in movement (L819)"
                    ),
                ))
            }
            "recover" => {
                let shaken = shaken(record, side, name);
                match input
                    .list("recovering")
                    .iter()
                    .find(|unit| !shaken.contains(unit))
                {
                    Some(unit) => Err(InputError::new(
                        "recovering",
                        format!(
                            "{unit} is not a Shaken Unit of {name}; the record holds {} (L787, L821)",
                            listed(&shaken)
                        ),
                    )),
                    None => Ok(()),
                }
            }
            "grand_battery" => {
                let commander = input.text("commander").trim();
                if commander != GRAND_BATTERY_GENERAL {
                    return Err(InputError::new(
                        "commander",
                        format!(
                            "only {GRAND_BATTERY_GENERAL} redeploys the Grand Battery (L727, L827)"
                        ),
                    ));
                }
                match grand_battery {
                    Some(battery) if battery == name => Ok(()),
                    Some(battery) => Err(InputError::new(
                        "formation",
                        format!("the Grand Battery is {battery}, not {name} (L727, L827)"),
                    )),
                    None => Err(InputError::new(
                        "formation",
                        "French Units 23, 24 and 9 are not in one Formation on the record: there is no Grand Battery (L727)",
                    )),
                }
            }
            "redeploy" => match grand_battery {
                Some(battery) if Self::formations(input).contains(&battery) => {
                    Err(InputError::new(
                        "order",
                        format!(
                            "{battery} is the Grand Battery: it has its own REDEPLOY, by {GRAND_BATTERY_GENERAL} (L827)"
                        ),
                    ))
                }
                _ => Ok(()),
            },
            "put_in_movement" => {
                let guns = artillery(record, side, name);
                let mut named = input.list("artillery").to_vec();
                named.sort();
                if named == guns {
                    Ok(())
                } else {
                    Err(InputError::new(
                        "artillery",
                        format!(
                            "the record holds {} as the unfastened Artillery of {name}",
                            listed(&guns)
                        ),
                    ))
                }
            }
            _ => Ok(()),
        }
    }

    /// The other Formations of a REDEPLOY are of the General's own Army Corps, without an Order
    /// or an orange marker this turn; and no Foot Artillery with a Smoke token redeploys (L823).
    fn check_redeploy(
        input: &Input,
        record: &Record,
        issuer: &UnitRecord,
    ) -> Result<(), InputError> {
        if !matches!(input.text("order"), "redeploy" | "grand_battery") {
            return Ok(());
        }
        let side = input.text("side");
        for name in input.list("more_formations") {
            let formation = record.unit(side, name);
            let problem = match formation {
                None => Some("is not a Formation on the record"),
                Some(f) if f.attribute(attribute::CORPS) != issuer.attribute(attribute::CORPS) => {
                    Some("is not of his Army Corps (L823)")
                }
                Some(f) if f.attribute(attribute::ORDER).is_some_and(|o| !o.is_empty()) => {
                    Some("has had its Order this turn (L751)")
                }
                Some(f) if roster::number(f, attribute::ORANGE) > 0 => {
                    Some("has an orange marker: it may only RECOVER (L552)")
                }
                _ => None,
            };
            if let Some(problem) = problem {
                return Err(InputError::new(
                    "more_formations",
                    format!("{name} {problem}"),
                ));
            }
        }
        for formation in Self::formations(input) {
            let in_formation = [(attribute::FORMATION, formation)];
            let smoking = record
                .units_where(Some(side), &in_formation)
                .find(|(_, _, unit)| {
                    unit.attribute(attribute::TYPE) == Some("foot_artillery")
                        && unit.attribute(attribute::SMOKE) == Some("yes")
                });
            if let Some((_, unit, _)) = smoking {
                return Err(InputError::new(
                    "formation",
                    format!(
                        "{unit} of {formation} is Foot Artillery with a Smoke token: it cannot REDEPLOY (L823)"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The Units of a Formation on the record.
fn members<'a>(
    record: &'a Record,
    side: &'a str,
    formation: &'a str,
) -> impl Iterator<Item = &'a UnitRecord> + 'a {
    roster::formation_units(record, side, formation).map(|(_, unit)| unit)
}

/// The names of a Formation's Units that meet `test`.
fn members_where(
    record: &Record,
    side: &str,
    formation: &str,
    test: impl Fn(&UnitRecord) -> bool,
) -> Vec<Symbol> {
    roster::formation_units(record, side, formation)
        .filter(|(_, unit)| test(unit))
        .map(|(name, _)| name.into())
        .collect()
}

/// A Formation's Shaken Units: one yellow marker, since a Routed Unit cannot recover (L787, L821).
fn shaken(record: &Record, side: &str, formation: &str) -> Vec<Symbol> {
    members_where(record, side, formation, |unit| {
        roster::number(unit, attribute::YELLOW) == 1
    })
}

/// A Formation's Artillery Units not yet fastened, which fasten their Horse Team when it is put in
/// movement (L759). One already fastened did not fasten this turn, which matters to L865 and L869.
fn artillery(record: &Record, side: &str, formation: &str) -> Vec<Symbol> {
    members_where(record, side, formation, |unit| {
        roster::is_artillery(unit)
            && unit.attribute(attribute::HORSE_TEAM) != Some(roster::horse_team::FASTENED)
    })
}

/// Names for a message: "none" if there are none.
fn listed(names: &[Symbol]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names
            .iter()
            .map(|n| n.as_ref())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Procedure for IssueOrder {
    fn about(&self) -> &About {
        &About {
            id: "order",
            title: "Issue an Order",
            rule: ORDERS_RULE,
            summary: "Works out an Order's cost in Command points, pays it from the General's generated points and then his markers, and puts the Order's markers on the record. Refuses what he cannot pay.",
            fields: ORDER_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &MOVEMENT_CAP);
        self.follow("formation", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if !matches!(
            changed,
            "formation" | "more_formations" | "commander" | "side" | "order"
        ) {
            return;
        }
        let side = input.text("side").to_string();
        let formation = input.text("formation").trim().to_string();
        if matches!(changed, "formation" | "order") && record.unit(&side, &formation).is_some() {
            let recovering = if input.text("order") == "recover" {
                shaken(record, &side, &formation)
            } else {
                Vec::new()
            };
            input.set("recovering", Value::List(recovering));
            let artillery = artillery(record, &side, &formation);
            input.set("artillery", Value::List(artillery));
        }
        if matches!(changed, "formation" | "more_formations")
            && record.unit(&side, &formation).is_some()
        {
            let (units, mixed) = Self::size_and_mix(input, record);
            input.set("units", Value::Number(i64::from(units)));
            input.set("mixed", Value::Flag(mixed));
        }
        let commander = input.text("commander").trim().to_string();
        let (generated, markers) = Self::available(record, &side, &commander, &formation);
        input.set("generated", Value::Number(i64::from(generated)));
        input.set("markers", Value::Number(i64::from(markers)));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("commander").trim().is_empty() {
            return Err(InputError::new("commander", "name who issues the Order"));
        }
        if input.text("formation").trim().is_empty() && input.text("order") != "out_of_sequence" {
            return Err(InputError::new("formation", "name the Formation"));
        }
        if !input.list("more_formations").is_empty() && input.text("order") != "redeploy" {
            return Err(InputError::new(
                "more_formations",
                "only a REDEPLOY goes to several Formations (L823)",
            ));
        }
        if input.text("order") == "recover" && input.list("recovering").is_empty() {
            return Err(InputError::new(
                "recovering",
                "name the Shaken Units to recover",
            ));
        }
        let cost = Self::total_cost(input);
        let (generated, markers) = (input.number("generated"), input.number("markers"));
        if cost > generated + markers {
            return Err(InputError::new(
                "commander",
                format!(
                    "{} has {} Command points ({generated} generated, {markers} markers) and this Order costs {cost} (L749)",
                    input.text("commander").trim(),
                    generated + markers
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let commander = input.text("commander").trim();
        let formation_name = input.text("formation").trim();
        let Some(issuer) = record.unit(side, commander) else {
            return Err(InputError::new(
                "commander",
                format!(
                    "{commander} is not a General of {} on the record",
                    army_label(side)
                ),
            ));
        };
        if !roster::is_on_battlefield(issuer) {
            return Err(InputError::new(
                "commander",
                roster::not_on_battlefield(commander, issuer),
            ));
        }
        let (generated, markers) = Self::available(record, side, commander, formation_name);
        if input.number("generated") > generated || input.number("markers") > markers {
            return Err(InputError::new(
                "generated",
                format!(
                    "{commander} has {generated} generated points for this Formation and {markers} markers on the record"
                ),
            ));
        }
        if input.text("order") == "out_of_sequence" && formation_name.is_empty() {
            return Ok(());
        }
        let Some(formation) = record.unit(side, formation_name) else {
            return Err(InputError::new(
                "formation",
                format!(
                    "{formation_name} is not a Formation of {} on the record",
                    army_label(side)
                ),
            ));
        };
        // The cost is worked out from these two facts: they must be the record's (L759).
        let (units, mixed) = Self::size_and_mix(input, record);
        let order = input.text("order");
        // A move out of sequence pays for the Units that move: some or all of them (L833).
        let wrong_size = if order == "out_of_sequence" {
            input.number("units") > units
        } else {
            order == "put_in_movement" && input.number("units") != units
        };
        if wrong_size {
            return Err(InputError::new(
                "units",
                format!("{formation_name} has {units} Units on the record"),
            ));
        }
        if matches!(order, "put_in_movement" | "redeploy") && input.flag("mixed") != mixed {
            let is = if mixed { "mixes" } else { "does not mix" };
            return Err(InputError::new(
                "mixed",
                format!("the record says the Order {is} Infantry and Cavalry (L759, L823)"),
            ));
        }
        if formation
            .attribute(attribute::ORDER)
            .is_some_and(|o| !o.is_empty())
        {
            return Err(InputError::new(
                "formation",
                format!("{formation_name} has had its Order this turn: one per Formation (L751)"),
            ));
        }
        if roster::number(formation, attribute::ORANGE) > 0 && input.text("order") != "recover" {
            return Err(InputError::new(
                "order",
                format!("{formation_name} has an orange marker: it may only RECOVER (L552)"),
            ));
        }
        // A Commander in Chief has no Army Corps: he orders only the Formation he is attached to
        // (L381, L743).
        let is_commander_in_chief = issuer.matches(&[(attribute::KIND, kind::COMMANDER)]);
        let own_corps = !is_commander_in_chief
            && issuer.attribute(attribute::CORPS) == formation.attribute(attribute::CORPS);
        let attached = roster::attached_formation(record, side, issuer) == Some(formation_name);
        let ney_attached = commander != NEY
            && record.unit(side, NEY).is_some_and(|ney| {
                roster::is_on_battlefield(ney)
                    && roster::attached_formation(record, side, ney) == Some(formation_name)
            });
        if ney_attached {
            return Err(InputError::new(
                "commander",
                format!(
                    "Ney is attached to {formation_name}: its Army Corps General cannot order it (L371)"
                ),
            ));
        }
        if !(own_corps || attached) {
            let may = if is_commander_in_chief {
                "only the Formation he is attached to (L381, L743): attach him in 3.1"
            } else {
                "only Formations of his own Army Corps or the one he is attached to (L363, L749)"
            };
            return Err(InputError::new(
                "commander",
                format!("{commander} may order {may}"),
            ));
        }
        Self::check_order_fits(input, record, formation)?;
        Self::check_redeploy(input, record, issuer)
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        Self::cost(input)
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let commander = input.text("commander").trim();
        let formation = input.text("formation").trim();
        let order = input.text("order");
        let label = Self::order_label(order);
        let cost = Self::total_cost(input);
        let from_generated = cost.min(input.number("generated"));
        let from_markers = cost - from_generated;
        let mut effects = Vec::new();
        if from_generated > 0 {
            effects.push(Effect::add_to(
                side,
                commander,
                attribute::GENERATED_SPENT,
                i64::from(from_generated),
                "Generated points, L741",
            ));
            effects.push(Effect::set_attribute(
                side,
                commander,
                attribute::GENERATED_TO,
                formation,
                "Generated points, L363",
            ));
        }
        if from_markers > 0 {
            effects.push(Effect::add_to(
                side,
                commander,
                attribute::MARKERS,
                -i64::from(from_markers),
                "Transformed points, L749",
            ));
        }
        if !formation.is_empty() {
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::ORDER,
                label,
                "One Order per Formation, L751",
            ));
        }
        match order {
            "put_in_movement" | "keep_in_movement" => {
                effects.push(Effect::set_attribute(
                    side,
                    formation,
                    attribute::GREEN,
                    "yes",
                    "Green markers, L548; Orders, L759, L819",
                ));
                if order == "put_in_movement" {
                    for unit in input.list("artillery") {
                        effects.extend(roster::fasten_horse_team(side, unit, PUT_IN_MOVEMENT_RULE));
                    }
                }
            }
            "recover" => {
                for unit in input.list("recovering") {
                    effects.push(Effect::add_to(
                        side,
                        unit,
                        attribute::YELLOW,
                        -1,
                        "RECOVER, L821",
                    ));
                }
            }
            "redeploy" | "grand_battery" => {
                for name in input.list("more_formations") {
                    effects.push(Effect::set_attribute(
                        side,
                        name,
                        attribute::ORDER,
                        label,
                        "One Order per Formation, L751",
                    ));
                }
                for name in Self::formations(input) {
                    effects.push(Effect::set_attribute(
                        side,
                        name,
                        attribute::GREEN,
                        "",
                        "REDEPLOY, L823",
                    ));
                }
                effects.push(Effect::reminder("Move up to 2 UoM in any direction, never closer to the enemy; Foot Artillery only without Smoke", "REDEPLOY, L823-825"));
            }
            _ => effects.push(Effect::reminder(
                "Those Units may REDEPLOY or maneuver ahead of the armies with better Initiative",
                "Move out of sequence, L833",
            )),
        }
        let paid = match (from_generated, from_markers) {
            (0, m) => format!("{m} markers"),
            (g, 0) => format!("{g} generated points"),
            (g, m) => format!("{g} generated points and {m} markers"),
        };
        let target = if formation.is_empty() {
            String::new()
        } else {
            format!(" to {formation}")
        };
        Ok(Resolution {
            modifiers: Self::cost(input),
            totals: vec![SideTotal {
                side: "Cost".into(),
                die: None,
                modifiers: cost,
                total: cost,
            }],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: order.to_string(),
                rank: 0,
                headline: format!(
                    "{commander}: {label}{target}, {cost} Command points, paid with {paid}"
                ),
            },
            effects,
        })
    }
}

/// End of 3.2: the green marker comes off every Formation not put or kept in movement (L819, L829).
pub struct GreenMarkersOff;

const GREEN_OFF_RULE: &str = "End of 3.2, L819, L829";

const GREEN_OFF_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Formations",
        kind: FieldKind::Choice(SIDES),
        rule: GREEN_OFF_RULE,
        help: "Each army in turn.",
    },
    Field {
        id: "formations",
        label: "Formations losing their green marker",
        group: "Formations",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[
                (attribute::KIND, kind::FORMATION),
                (attribute::GREEN, "yes"),
            ],
        },
        rule: GREEN_OFF_RULE,
        help: "Filled in from the record: green Formations that had no PUT or KEEP IN MOVEMENT this turn.",
    },
];

impl Procedure for GreenMarkersOff {
    fn about(&self) -> &About {
        &About {
            id: "green-off",
            title: "Green markers off",
            rule: GREEN_OFF_RULE,
            summary: "At the end of Issue Orders, Formations that were neither put nor kept in movement lose their green marker and cannot maneuver.",
            fields: GREEN_OFF_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let moving = [ORDERS[0].1, ORDERS[1].1];
        let stopping = record
            .units_where(
                Some(input.text("side")),
                &[
                    (attribute::KIND, kind::FORMATION),
                    (attribute::GREEN, "yes"),
                ],
            )
            .filter(|(_, _, f)| {
                !f.attribute(attribute::ORDER)
                    .is_some_and(|o| moving.contains(&o))
            })
            .map(|(_, name, _)| name.into())
            .collect();
        input.set("formations", Value::List(stopping));
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let formations = input.list("formations");
        let effects = formations
            .iter()
            .map(|f| Effect::set_attribute(side, f, attribute::GREEN, "", GREEN_OFF_RULE))
            .collect();
        Ok(Resolution::book_keeping(
            "green-off",
            format!("{} Formations lose their green marker", formations.len()),
            effects,
        ))
    }
}
