//! Attrition (9.1, L1238-1264): in the Attrition Segments of the Mobilization and Administration
//! Phases, each Formation sharing its area with another Formation, under a Force Marched marker
//! or Out of Supply rolls on the Attrition Table, printed only on the Player Aid Charts and
//! shipped as a template. The roll less the AP rating of its Leader (its Senior Leader's when
//! brigaded) is read on the column of the Formation's total CF; each step lost gives the opponent
//! 1 VP.
//!
//! Readings: a Formation with no Leader has no DRM (addendum S3). The app holds no map, so whether
//! the area holds another Formation is the players' fact: Formation markers on the map count,
//! brigaded Formations (in their Senior's box, L758) and off-board boxes do not (S2).

use super::administrative_points::{
    ap_rating, check_forced, fill_forced, forced_field, forced_modifier, forced_used,
};
use super::set_up::TRACK;
use super::settings::{ATTRITION_DICE, COLOCATION};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};
use crate::games::beyond_waterloo::losses::formation_to_take;
use crate::games::beyond_waterloo::roster::{attribute, current, state};
use crate::games::beyond_waterloo::{SIDES, opponent, people, side_label};

const RULE: &str = "9.1, L1240-1264";

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Formation",
        kind: FieldKind::Choice(SIDES),
        rule: "9.1.2, L1244",
        help: "The side whose Formation checks.",
    },
    Field {
        id: "formation",
        label: "Formation",
        group: "Formation",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation")],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "9.1.2, L1244",
        help: "Each Formation checks once a segment.",
    },
    Field {
        id: "shares_area",
        label: "Its area holds another Formation",
        group: "Why it checks",
        kind: FieldKind::Flag,
        rule: "9.1.2, L1246",
        help: "Another Formation marker in the same map area. A Formation brigaded to it sits in its box and does not count; nor does an off-board box.",
    },
    Field {
        id: "force_marched",
        label: "Under a Force Marched marker",
        group: "Why it checks",
        kind: FieldKind::Flag,
        rule: "9.1.2, L1247; 18.4.8, L1704",
        help: "From the record.",
    },
    Field {
        id: "out_of_supply",
        label: "Out of Supply",
        group: "Why it checks",
        kind: FieldKind::Flag,
        rule: "9.1.2, L1248; 16.5.2, L1563",
        help: "From the record's last Supply Segment.",
    },
    Field {
        id: "leader_ap",
        label: "Leader's AP rating",
        group: "Roll",
        kind: FieldKind::Count { max: 9 },
        rule: "9.1.8, L1260",
        help: "Its Leader's, or its Senior Leader's when brigaded, on the face he shows; 0 with no Leader.",
    },
    Field {
        id: "total_cf",
        label: "The Formation's total CF",
        group: "Roll",
        kind: FieldKind::Count { max: 999 },
        rule: "9.1.3, L1250",
        help: "Every Troop unit's CF on the face it shows, a fraction rounded up; from the record where entered.",
    },
    Field::flag(
        "remove_marker",
        "Its Force March marker comes off after this check",
        "Why it checks",
        "9.1.10, L1264; 18.4.9, L1706",
        "From the record: in the Administration Phase; one from OPs Phase 3 stays through the next Mobilization Phase.",
    ),
    forced_field(FORCED_DRM, "What the record knows"),
    super::settings::on_form(ATTRITION_DICE),
    super::settings::on_form(COLOCATION),
];

/// The form's `forced_field`: the -1 of a Leader forced to act with no AP left (4.2.6, L676).
const FORCED_DRM: &str = "forced";

const READS: &[TableRead] = &[TableRead {
    table: "attrition",
    codes: &[],
}];

/// A Formation's attrition check.
pub struct Attrition;

/// The Leader whose AP rating counts for `formation`: its Senior Leader's when brigaded.
fn drm_leader<'a>(record: &'a Record, side: &str, formation: &str) -> Option<&'a str> {
    let unit = record.unit(side, formation)?;
    match unit
        .attribute(attribute::BRIGADED_TO)
        .filter(|s| !s.is_empty())
    {
        Some(senior) => record
            .unit(side, senior)?
            .attribute(attribute::LEADER)
            .filter(|l| !l.is_empty()),
        None => unit.attribute(attribute::LEADER).filter(|l| !l.is_empty()),
    }
}

/// Whether another Formation stands in `formation`'s area (9.1.2, L1246), as setting S2 reads
/// it: by default only Formation markers on the map count, a brigaded Formation sitting in its
/// Senior's box (5.4, L758) and an off-board box being no area.
fn shares_area(record: &Record, side: &str, formation: &str, reading: &str) -> bool {
    let every = reading == "every_formation";
    let on_the_map = |piece: &crate::engine::record::UnitRecord| {
        let brigaded = piece
            .attribute(attribute::BRIGADED_TO)
            .is_some_and(|s| !s.is_empty());
        let off_board = piece.attribute(TRACK).is_some_and(|t| !t.is_empty());
        every || !(brigaded || off_board)
    };
    let Some(this) = record.unit(side, formation).filter(|u| on_the_map(u)) else {
        return false;
    };
    let Some(area) = this.attribute(attribute::AREA).filter(|a| !a.is_empty()) else {
        return false;
    };
    record
        .units_where(
            None,
            &[
                (attribute::TYPE, "formation"),
                ("state", state::IN_PLAY),
                (attribute::AREA, area),
            ],
        )
        .any(|(other_side, name, other)| {
            (other_side != side || name != formation) && on_the_map(other)
        })
}

/// The Formation's total CF on the record, fractions rounded up, if every unit's is entered.
fn total_cf(record: &Record, side: &str, formation: &str) -> Option<i64> {
    let mut halves = 0;
    for (_, _, unit) in record.units_where(
        Some(side),
        &[(attribute::FORMATION, formation), ("state", state::IN_PLAY)],
    ) {
        if unit.attribute(attribute::TYPE) == Some("leader") {
            continue;
        }
        halves += current(unit).0?;
    }
    Some(i64::from(halves.div_ceil(2)))
}

impl Procedure for Attrition {
    fn about(&self) -> &About {
        &About {
            id: "attrition",
            title: "Attrition",
            rule: RULE,
            summary: "A Formation sharing its area with another Formation, Force Marched or Out of Supply rolls on the Attrition Table less its Leader's AP rating, on the column of its total CF; the opponent scores 1 VP a step lost.",
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
            "formation",
            "shares_area",
            "force_marched",
            "out_of_supply",
            "leader_ap",
            "total_cf",
        ]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &ATTRITION_DICE);
        prefill_setting(input, record, &COLOCATION);
    }
    /// Once the Formation is named, what the record knows of it.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "formation" && changed != "side" && changed != COLOCATION.id {
            return;
        }
        let side = input.text("side").to_string();
        let formation = input.text("formation").trim().to_string();
        let Some(unit) = record.unit(&side, &formation) else {
            return;
        };
        let force_marched = unit
            .attribute(attribute::FORCE_MARCH)
            .is_some_and(|marker| !marker.is_empty());
        let out_of_supply = unit.attribute(attribute::SUPPLY) == Some("out");
        input.set("force_marched", Value::Flag(force_marched));
        // The marker comes off after the Administration Phase's attrition (18.4.9, L1706).
        let administration = super::SEQUENCE
            .phases
            .get(record.position.phase)
            .is_some_and(|phase| phase.title == super::sequence::ADMINISTRATION_TITLE);
        input.set(
            "remove_marker",
            Value::Flag(force_marched && administration),
        );
        input.set("out_of_supply", Value::Flag(out_of_supply));
        let reading = input.text(COLOCATION.id).to_string();
        input.set(
            "shares_area",
            Value::Flag(shares_area(record, &side, &formation, &reading)),
        );
        let ap = drm_leader(record, &side, &formation)
            .and_then(|leader| ap_rating(record, &side, leader))
            .unwrap_or(0);
        input.set("leader_ap", Value::Number(ap));
        // A CF the counters have not given yet is for the players to type.
        let cf = total_cf(record, &side, &formation).unwrap_or(0);
        input.set("total_cf", Value::Number(cf));
        fill_forced(input, FORCED_DRM, record, &side, &formation);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("total_cf") == 0 {
            return Err(InputError::new(
                "total_cf",
                "enter the Formation's total CF: a unit's CF is not on the record yet",
            ));
        }
        if ["shares_area", "force_marched", "out_of_supply"]
            .iter()
            .all(|f| !input.flag(f))
        {
            return Err(InputError::new(
                "shares_area",
                "no attrition check is due: the Formation shares no area with another, carries no Force Marched marker and is in supply (9.1.2, L1244-1248)",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let in_play = record.unit(side, formation).is_some_and(|u| {
            u.attribute(attribute::TYPE) == Some("formation") && u.state.as_str() == state::IN_PLAY
        });
        if !in_play {
            return Err(InputError::new(
                "formation",
                format!(
                    "{formation} is not a {} Formation in play",
                    side_label(side)
                ),
            ));
        }
        // The DRM is the record's: the rating of the Leader the record names (S3: none, 0).
        let expected = match drm_leader(record, side, formation) {
            Some(leader) => ap_rating(record, side, leader).ok_or_else(|| {
                InputError::new(
                    "leader_ap",
                    format!("enter {leader}'s AP rating in the counter values first"),
                )
            })?,
            None => 0,
        };
        if i64::from(input.number("leader_ap")) != expected {
            return Err(InputError::new(
                "leader_ap",
                format!(
                    "the record gives an AP rating of {expected} (9.1.8, L1260): pick the Formation again"
                ),
            ));
        }
        if let Some(cf) = total_cf(record, side, formation)
            && i64::from(input.number("total_cf")) != cf
        {
            return Err(InputError::new(
                "total_cf",
                format!("the record gives {formation} {cf} CF: pick the Formation again"),
            ));
        }
        check_forced(input, FORCED_DRM, record, side, formation)?;
        let shares = shares_area(record, side, formation, input.text(COLOCATION.id));
        if input.flag("shares_area") != shares {
            let fact = if shares { "shares" } else { "shares no" };
            return Err(InputError::new(
                "shares_area",
                format!(
                    "the record says {formation} {fact} area with another Formation (9.1.2, L1246): pick it again"
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if input.text(ATTRITION_DICE.id) == "2d6" {
            DiceSpec::new(&[("Attrition die 1", Die::D6), ("Attrition die 2", Die::D6)])
        } else {
            DiceSpec::new(&[("Attrition", Die::D6)])
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let label = side_label(input.text("side"));
        let ap = input.number("leader_ap");
        let rating =
            (ap != 0).then(|| Modifier::new(label, "Leader's AP rating", -ap, "9.1.8, L1260"));
        rating
            .into_iter()
            .chain(forced_modifier(input, FORCED_DRM, label))
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let dice: i32 = faces.iter().map(|f| i32::from(*f)).sum();
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let total = dice + drm;
        let cf = u32::try_from(input.number("total_cf")).unwrap_or(0);
        let lookup = tables
            .get("attrition")?
            .lookup_strength_bands(cf, 0, total)?;
        let steps = super::cell_number(&lookup)?;
        let mut effects: Vec<Effect> = forced_used(input, FORCED_DRM, side, formation)
            .into_iter()
            .collect();
        if input.flag("remove_marker") {
            effects.push(Effect::set_attribute(
                side,
                formation,
                attribute::FORCE_MARCH,
                "",
                "9.1.10, L1264; 18.4.9, L1706",
            ));
        }
        if steps > 0 {
            // Its owner takes them unit by unit on the Take step losses form, screening cavalry
            // last (9.1.5-9.1.6, L1254-1256).
            effects.push(Effect::SetCounter {
                name: formation_to_take(formation).as_str().into(),
                value: i64::from(steps),
                rule: "9.1.4-9.1.6, L1252-1256".into(),
                lasts: Lasts::Step,
            });
        }
        let headline = if steps == 0 {
            format!("{formation}: no effect")
        } else {
            format!(
                "{formation} loses {steps} step(s); the {} score 1 VP for each step taken",
                people(opponent(side))
            )
        };
        Ok(Resolution {
            modifiers,
            totals: vec![SideTotal {
                side: side_label(side).into(),
                die: Some(dice),
                modifiers: drm,
                total,
            }],
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: format!("{steps} steps"),
                rank: steps,
                headline,
            },
            effects,
        })
    }
}
