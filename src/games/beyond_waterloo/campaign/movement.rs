//! Movement book-keeping (Module 18, L1590-1712): the players move on the map; the app records
//! where each Formation's marker now stands, whether it Force Marched, and that it moved, which
//! bars its end-of-OPs morale recovery (5.2.9, L790). The Force March marker shows its skull side
//! in the OPs Phase of the march (its CF halved, 18.4.7, L1702), is flipped to its front at the
//! start of the next OPs Phase (18.4.10, L1710) and comes off after the Administration Phase's
//! attrition (18.4.9, L1706).
//!
//! The Swiss Formation crosses its international border only once French forces have entered
//! Switzerland or while no French Formation is within four areas of the border (27.2.3, L2400).
//! The app holds no map: the player states the move crosses the border and which condition
//! holds. French forces once in Switzerland open the border for good ("unless or until"), which
//! the record keeps.

use super::fields::this_turn;
use super::set_up::MOVES_FROM_TURN;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::{TableRead, TableSet};
use crate::games::beyond_waterloo::SIDES;
use crate::games::beyond_waterloo::roster::{
    MODE_CHANGE_CHART, attribute, check_mode_change, state,
};

/// The Force March marker's sides (18.4.5, L1698; 18.4.10, L1710).
pub const SKULL: &str = "skull";
pub const FRONT: &str = "front";

/// The OPs Phase a Formation last moved or fought in, as "turn/phase": its morale recovery
/// looks at it (5.2.9, L790).
pub const ACTED: &str = "acted_in_ops";

/// The OPs Phase a Formation Force Marched in, as "turn/phase": its CF is halved in that OPs
/// Phase's battles only (18.4.7, L1702), whether or not the marker has been flipped yet.
pub const MARCHED_IN: &str = "force_marched_in";

/// A move's Deployment Mode change, once at the start or end of the move for 1 MP (5.3.7, L810).
const MODE_CHANGES: &[(&str, &str)] = &[
    ("unchanged", "No change"),
    ("march_order", "March Order"),
    ("line_of_battle", "Line of Battle"),
    ("echelon", "Echelon"),
    ("concentrated", "Concentrated"),
];

/// Whether the Swiss may cross their border, and why (27.2.3, L2400).
const SWISS_BORDER: &[(&str, &str)] = &[
    ("closed", "Neither: the border stays closed to the Swiss"),
    ("french_entered", "French forces have entered Switzerland"),
    (
        "no_french_near",
        "No French Formation is within four areas of the Swiss border",
    ),
];

/// The mark that French forces have entered Switzerland, opening its border to the Swiss for
/// the rest of the game (27.2.3, L2400).
pub const SWITZERLAND_ENTERED: &str = "French forces have entered Switzerland";

/// Where play stands as an OPs Phase's mark for `ACTED`.
pub fn ops_mark(record: &Record) -> String {
    format!("{}/{}", record.position.turn, record.position.phase)
}

/// The areas and off-board boxes the record knows, where a piece stands or has stood at set-up
/// or since: the app holds no map, so these are the names the players pick a move's end from.
pub fn known_areas(record: &Record) -> Vec<String> {
    let areas: std::collections::BTreeSet<&str> = record
        .units
        .values()
        .filter_map(|piece| piece.attribute(attribute::AREA))
        .filter(|area| !area.is_empty())
        .collect();
    areas.into_iter().map(str::to_string).collect()
}

const MOVE_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Move",
        kind: FieldKind::Choice(SIDES),
        rule: "17.1.2a, L1583",
        help: "The Initiative player moves first, then the other.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Move",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "18.1, L1594-1624",
        help: "A Formation moved on the map or along an off-board track.",
    },
    Field {
        id: "to",
        label: "To",
        group: "Move",
        kind: FieldKind::Text { max_len: 60 },
        rule: "18.1, L1594-1624",
        help: "The area or off-board box its marker ends in.",
    },
    Field {
        id: "force_march",
        label: "Force March (+1 MP)",
        group: "Move",
        kind: FieldKind::Flag,
        rule: "18.4.1-18.4.5, L1690-1698",
        help: "March Order only; not into, out of or through a Pass; never Out of Supply (16.5.4). Its CF is halved in this OPs Phase's battles and it checks attrition.",
    },
    Field {
        id: "new_mode",
        label: "Deployment Mode change (1 MP)",
        group: "Move",
        kind: FieldKind::Choice(MODE_CHANGES),
        rule: "5.3.7, L810; 5.3.10, L816",
        help: "Once, at the start or the end of the move. The Formation Deployment Chart on the PAC says which changes follow which; its MA is that of the mode it started the OPs Phase in (5.3.8).",
    },
    Field::flag(
        "crosses_swiss_border",
        "The move crosses Switzerland's international border",
        "Move",
        "27.2.3, L2400",
        "The Swiss Formation only: the Allies control it but it crosses the border only as the rule allows.",
    ),
    Field {
        id: "swiss_border",
        label: "The Swiss may cross because",
        group: "Move",
        kind: FieldKind::Choice(SWISS_BORDER),
        rule: "27.2.3, L2400",
        help: "French forces in Switzerland open the border for the rest of the game; no French Formation within four areas opens it for this move.",
    },
    Field::flag(
        "swiss",
        "It is the Swiss Formation",
        "What the record knows",
        "27.2.3, L2400",
        "From the record.",
    ),
    Field {
        id: "mode",
        label: "Its Deployment Mode",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 20 },
        rule: "18.4.1, L1690",
        help: "From the record.",
    },
    Field::flag(
        "out_of_supply",
        "It is Out of Supply",
        "What the record knows",
        "16.5.4, L1567",
        "From the record.",
    ),
    Field::flag(
        "off_board",
        "It stands on an Off-Board Movement display",
        "What the record knows",
        "15.1.6, L1479",
        "From the record: from its Entry Zone it moves onto the map.",
    ),
    Field {
        id: "frozen_until",
        label: "May not move before turn",
        group: "What the record knows",
        kind: FieldKind::Count { max: 10 },
        rule: "27.2.2, L2310",
        help: "From the record: 0 when free to move.",
    },
    this_turn("27.2, L2252"),
    Field {
        id: "ops_phase",
        label: "This OPs Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 10 },
        rule: "5.2.9, L790",
        help: "From the record.",
    },
];

/// A Formation's move, recorded.
pub struct MoveFormation;

impl MoveFormation {
    fn fill(input: &mut Input, record: &Record) {
        let unit = record.unit(input.text("side"), input.text("formation").trim());
        let of = |attribute: &str| unit.and_then(|u| u.attribute(attribute)).unwrap_or("");
        input.set("mode", Value::Text(of(attribute::MODE).into()));
        input.set("out_of_supply", Value::Flag(of(attribute::SUPPLY) == "out"));
        input.set(
            "off_board",
            Value::Flag(!of(super::set_up::TRACK).is_empty()),
        );
        let frozen = of(MOVES_FROM_TURN).parse().unwrap_or(0);
        input.set("frozen_until", Value::Number(frozen));
        input.set("turn", Value::Number(i64::from(record.position.turn)));
        input.set("ops_phase", Value::Text(ops_mark(record).as_str().into()));
        input.set("swiss", Value::Flag(of(attribute::NATION) == "swiss"));
        if record.marks.contains(SWITZERLAND_ENTERED) {
            input.set("swiss_border", Value::Text("french_entered".into()));
        }
    }
}

impl Procedure for MoveFormation {
    fn about(&self) -> &About {
        &About {
            id: "move-formation",
            title: "Move a Formation",
            rule: "18.1-18.4, L1590-1712",
            summary: "Records where a Formation's marker ends its move, and a Force March: its skull marker, its CF halved this OPs Phase, an attrition check.",
            fields: MOVE_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn reads(&self) -> &'static [TableRead] {
        &[MODE_CHANGE_CHART]
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "side",
            "formation",
            "to",
            "force_march",
            "new_mode",
            "crosses_swiss_border",
            "swiss_border",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        match field {
            "crosses_swiss_border" => input.flag("swiss"),
            "swiss_border" => input.flag("swiss") && input.flag("crosses_swiss_border"),
            _ => true,
        }
    }
    fn suggests(&self, field: &str, _input: &Input, record: &Record) -> Vec<String> {
        if field == "to" {
            known_areas(record)
        } else {
            Vec::new()
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "formation" || changed == "side" {
            Self::fill(input, record);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = [
            "swiss",
            "mode",
            "out_of_supply",
            "off_board",
            "frozen_until",
            "turn",
            "ops_phase",
        ];
        if input
            .first_difference(&known, facts.iter().copied())
            .is_some()
        {
            return Err(InputError::new(
                "formation",
                "the record knows this Formation otherwise: pick it again",
            ));
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let frozen = input.number("frozen_until");
        if frozen > input.number("turn") {
            return Err(InputError::new(
                "formation",
                format!("it may not move before turn {frozen} (27.2.2, L2310)"),
            ));
        }
        let crosses = input.flag("swiss") && input.flag("crosses_swiss_border");
        if crosses && input.text("swiss_border") == "closed" {
            return Err(InputError::new(
                "swiss_border",
                "the Swiss cross their border only once French forces have entered Switzerland, or while no French Formation is within four areas of it (27.2.3, L2400)",
            ));
        }
        if input.text("to").trim().is_empty() {
            return Err(InputError::new(
                "to",
                "name the area or off-board box its marker ends in",
            ));
        }
        if input.flag("force_march") {
            if input.text("mode") != "march_order" {
                return Err(InputError::new(
                    "force_march",
                    "only a Formation in March Order may Force March (18.4.1, L1690)",
                ));
            }
            if input.flag("out_of_supply") {
                return Err(InputError::new(
                    "force_march",
                    "an Out of Supply Formation may not Force March (16.5.4, L1567)",
                ));
            }
        }
        Ok(())
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
        let formation = input.text("formation").trim();
        let to = input.text("to").trim();
        let new_mode = input.text("new_mode");
        if new_mode != "unchanged" {
            check_mode_change(tables, input.text("mode"), new_mode, "new_mode")?;
        }
        let mut effects = vec![
            Effect::set_attribute(side, formation, attribute::AREA, to, "18.1, L1594-1624"),
            Effect::set_attribute(
                side,
                formation,
                ACTED,
                input.text("ops_phase"),
                "5.2.9, L790",
            ),
        ];
        if input.flag("off_board") {
            // From an Entry Zone onto the map: off its display (15.1.6, L1479).
            effects.push(Effect::set_attribute(
                side,
                formation,
                super::set_up::TRACK,
                "",
                "15.1.6, L1479",
            ));
        }
        let crosses = input.flag("swiss") && input.flag("crosses_swiss_border");
        if crosses && input.text("swiss_border") == "french_entered" {
            effects.push(Effect::Mark {
                name: SWITZERLAND_ENTERED.into(),
                rule: "27.2.3, L2400".into(),
            });
        }
        if new_mode != "unchanged" && new_mode != input.text("mode") {
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::MODE,
                new_mode,
                "5.3.7, L810",
            ));
        }
        let headline = if input.flag("force_march") {
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::FORCE_MARCH,
                SKULL,
                "18.4.5, L1698; 18.4.11, L1712",
            ));
            effects.push(Effect::set_attribute(
                side,
                formation,
                MARCHED_IN,
                input.text("ops_phase"),
                "18.4.7, L1702",
            ));
            format!(
                "{formation} Force Marches to {to}: its CF is halved in this OPs Phase's battles"
            )
        } else {
            format!("{formation} moves to {to}")
        };
        let headline = match crosses {
            true => format!(
                "{headline}, across the Swiss border: {} (27.2.3, L2400)",
                SWISS_BORDER
                    .iter()
                    .find(|(id, _)| *id == input.text("swiss_border"))
                    .map_or("", |(_, why)| *why)
                    .to_lowercase()
            ),
            false => headline,
        };
        Ok(Resolution::book_keeping("move", headline, effects))
    }
}

const FLIP_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Force March markers",
        kind: FieldKind::Choice(SIDES),
        rule: "17.1.2a, L1583",
        help: "Both players flip theirs.",
    },
    Field {
        id: "skulls",
        label: "Markers on their skull side",
        group: "Force March markers",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[(attribute::FORCE_MARCH, SKULL)],
        },
        rule: "18.4.10, L1710",
        help: "From the record: each flips to its front.",
    },
];

/// The start of an OPs Phase's Movement Segment: every Force March marker to its front.
pub struct FlipForceMarch;

impl Procedure for FlipForceMarch {
    fn about(&self) -> &About {
        &About {
            id: "flip-force-march",
            title: "Flip the Force March markers",
            rule: "17.1.2a, L1583; 18.4.10, L1710",
            summary: "At the start of the Movement Segment every Force March marker turns to its front: the Formation's CF is no longer halved, and it still checks attrition.",
            fields: FLIP_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            let names = record
                .units_where(Some(input.text("side")), &[(attribute::FORCE_MARCH, SKULL)])
                .map(|(_, name, _)| name.into())
                .collect();
            input.set("skulls", Value::List(names));
        }
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
        let effects = input
            .list("skulls")
            .iter()
            .map(|name| {
                Effect::set_attribute(side, name, attribute::FORCE_MARCH, FRONT, "18.4.10, L1710")
            })
            .collect::<Vec<_>>();
        let headline = format!(
            "{} Force March marker(s) flipped to their front",
            effects.len()
        );
        Ok(Resolution::book_keeping("flip", headline, effects))
    }
}
