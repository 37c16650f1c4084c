//! Administrative Points (4.2, L656-680): a Formation's AP level, on the track below its box, is
//! reset to its Leader's AP rating in each AP Reset Segment (4.2.7, L678) and spent a point at a
//! time on the actions of 4.2.3 (L664-670). A new Leader leaves the level as it is until the next
//! reset (4.2.8, L680), so the level is the Formation's, not read from its Leader.
//!
//! Spend an AP charges the one action of 4.2.3 that no procedure charges itself, engaging in
//! combat from outside the battle area (L669), and records an action forced on a Leader with no
//! AP left; a Reaction, a brigading, a reorganization and a Replacement spend their AP on their
//! own forms (`reaction`, `organization`, `corps`, `rebuilding`).

use super::settings::AP_RESET_PHASES;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Modifier, Once, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people, side_label};

/// A Formation's AP level, the record's (not a counter value).
pub const AP_LEVEL: &str = "ap_level";

/// A Formation whose Leader was forced to act with no AP left: -1 on his next roll (4.2.6, L676).
pub const FORCED: &str = "forced_without_ap";

/// The -1 owed for an action forced on a Leader with no AP left (4.2.6, L676): "the lack
/// converts into a -1 DRM the next time the player needs to roll dice for this Leader". Spend an
/// AP marks the Formation that could not pay (`FORCED`); the next roll made for that Formation's
/// Leader reads the mark from the record into its form (a yes/no fact, the field `id`), takes
/// the -1 with its rule and clears the mark, so that it counts once. An AP Reset leaves it: the
/// rule owes it until that roll, however late.
///
/// The rolls made "for this Leader" are read as those made for the Formation he leads, or for
/// him in person:
/// - its Combat Round FERT roll, as the Lead Formation (its Leader commands, his Battle Ability
///   added, 6.8.3, L1014): the rule's own example, combat;
/// - his Leader Casualty roll (4.6.2, L732) and his Wound Recovery roll (4.6.3, L736);
/// - its Attrition roll (9.1, L1240-1264);
/// - its Reaction Move roll (6.13.8, L1105-1115);
/// - its roll under the optional morale recovery (5.2.10, L792).
///
/// A brigaded Formation's roll is its own Leader's, though a Senior Leader's rating may modify it
/// (9.1.8, L1260): the Senior Leader's mark waits for a roll of his own Formation. Not counted:
/// RP Accumulation and the FRAT, made for a Power's War Chest (10.2, L1292-1304; 12.3,
/// L1383-1391), and the Catastrophic Failure die, made for a Formation's Morale whoever leads it
/// (27.2.3, L2392-2396). The -1 is the value the rule prints and is applied as printed: where a
/// lower total is the better one (Attrition's roll less the AP rating, L1260; the Reaction Move,
/// to which the enemy's larger screen adds, L1111; the morale roll, made no higher than the
/// Battle Ability, L792) it works for the Leader, not against him.
pub const fn forced_field(id: &'static str, group: &'static str) -> Field {
    Field::flag(
        id,
        "Its Leader owes -1: an action was forced on him with no AP left",
        group,
        "4.2.6, L676",
        "Filled in from the record (Spend an AP, forced): -1 on the next roll made for him, once. APs are not used in the Combat Game (L2186).",
    )
}

/// Whether `formation`'s Leader owes the -1 of 4.2.6 (L676) on the record.
fn owes(record: &Record, side: &str, formation: &str) -> bool {
    record
        .unit(side, formation)
        .and_then(|f| f.attribute(FORCED))
        == Some("yes")
}

/// Fills the `forced_field` `id` from the record, for `formation`'s roll.
pub fn fill_forced(input: &mut Input, id: &str, record: &Record, side: &str, formation: &str) {
    input.set(id, Value::Flag(owes(record, side, formation)));
}

/// Refuses a roll for `formation` whose `forced_field` `id` is not what the record holds.
pub fn check_forced(
    input: &Input,
    id: &str,
    record: &Record,
    side: &str,
    formation: &str,
) -> Result<(), InputError> {
    match (input.flag(id), owes(record, side, formation)) {
        (false, true) => Err(InputError::new(
            id,
            format!(
                "{formation}'s Leader owes -1 on this roll: an action was forced on him with no AP left (4.2.6, L676)"
            ),
        )),
        (true, false) => Err(InputError::new(
            id,
            format!(
                "the record has no action forced on {formation}'s Leader with no AP left (4.2.6, L676; Spend an AP)"
            ),
        )),
        _ => Ok(()),
    }
}

/// The -1 on the roll of `side_label` ("French", "Allied DRM"), if the form owes it.
pub fn forced_modifier(input: &Input, id: &str, side_label: &str) -> Option<Modifier> {
    input.flag(id).then(|| {
        Modifier::new(
            side_label,
            "Leader forced to act with no AP left",
            -1,
            "4.2.6, L676",
        )
    })
}

/// The mark off `formation` once its roll has taken the -1, which counts once.
pub fn forced_used(input: &Input, id: &str, side: &str, formation: &str) -> Option<Effect> {
    input
        .flag(id)
        .then(|| Effect::set_attribute(side, formation, FORCED, "", "4.2.6, L676"))
}

/// The highest AP rating a Leader counter can print is not in the text; 9 is the roster's limit.
const MAX_AP: u32 = 9;

const SIDE: Field = Field {
    id: "side",
    label: "Side",
    group: "Formations",
    kind: FieldKind::Choice(SIDES),
    rule: "8.1.1, L1190",
    help: "Both players reset their own Formations.",
};

const RESET_FIELDS: &[Field] = &[
    SIDE,
    super::settings::on_form(AP_RESET_PHASES),
    Field {
        id: "phase",
        label: "This Phase",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 40 },
        rule: "4.2.7, L678",
        help: "From the record.",
    },
    Field {
        id: "levels",
        label: "AP level of each Formation",
        group: "Formations",
        kind: FieldKind::UnitNumbers {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max: MAX_AP,
        },
        rule: "4.2.7, L678",
        help: "Its Leader's AP rating on the face he shows, from the counter values; 0 for a Formation with no Leader.",
    },
];

/// A Leader's AP rating on the face he shows, if entered.
pub fn ap_rating(record: &Record, side: &str, leader: &str) -> Option<i64> {
    let unit = record.unit(side, leader)?;
    let face = if unit.attribute(attribute::WOUNDED) == Some("yes") {
        attribute::WOUNDED_AP
    } else {
        attribute::AP
    };
    unit.attribute(face)?.parse().ok()
}

/// The Leader of a Formation, if it has one.
fn leader_of<'a>(record: &'a Record, side: &str, formation: &str) -> Option<&'a str> {
    record
        .unit(side, formation)?
        .attribute(attribute::LEADER)
        .filter(|l| !l.is_empty())
}

/// A side's Formations in play, by name.
fn formations<'a>(record: &'a Record, side: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    record
        .units_where(
            Some(side),
            &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
        )
        .map(|(_, name, _)| name)
}

/// A side's AP Reset Segment: every Formation's AP level back to its Leader's rating.
pub struct ApReset;

impl Procedure for ApReset {
    fn about(&self) -> &About {
        &About {
            id: "ap-reset",
            title: "AP Reset",
            rule: "4.2.7, L678",
            summary: "Each Formation's AP level goes back to its Leader's AP rating, in the AP Reset Segments of the Mobilization and Administration Phases.",
            fields: RESET_FIELDS,
        }
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStepEachSide {
            rule: "4.2.7, L678",
        })
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &AP_RESET_PHASES);
        let phase = super::SEQUENCE
            .phases
            .get(record.position.phase)
            .map_or("", |p| p.title);
        input.set("phase", Value::Text(phase.into()));
        self.follow("side", input, record);
    }
    /// Each Formation's Leader's rating from the counter values, where entered.
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let levels = formations(record, &side)
            .filter_map(|formation| {
                let rating = match leader_of(record, &side, formation) {
                    Some(leader) => ap_rating(record, &side, leader)?,
                    None => 0,
                };
                Some((formation.into(), rating))
            })
            .collect();
        input.set("levels", Value::Numbers(levels));
    }
    /// Every Formation in play is reset: one left out is named, with its Leader.
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let phase = super::SEQUENCE
            .phases
            .get(record.position.phase)
            .map_or("", |p| p.title);
        if input.text("phase") != phase {
            return Err(InputError::new(
                "phase",
                "the record stands in another Phase: open the form again",
            ));
        }
        if input.text(AP_RESET_PHASES.id) == "administration"
            && phase != super::sequence::ADMINISTRATION_TITLE
        {
            return Err(InputError::new(
                AP_RESET_PHASES.id,
                "under the settings the AP levels are reset in the Administration Phase only (4.2.2, L662)",
            ));
        }
        let side = input.text("side");
        let levels = input.numbers("levels");
        for formation in formations(record, side) {
            if !levels.iter().any(|(name, _)| *name == formation) {
                let leader = leader_of(record, side, formation).unwrap_or("its Leader");
                return Err(InputError::new(
                    "levels",
                    format!(
                        "{formation} has no AP level: enter {leader}'s AP rating in the counter values, or type it here"
                    ),
                ));
            }
        }
        for (name, _) in &levels {
            let is_formation = record
                .unit(side, name)
                .is_some_and(|u| u.attribute(attribute::TYPE) == Some("formation"));
            if !is_formation {
                return Err(InputError::new(
                    "levels",
                    format!(
                        "{name} is not a {} Formation on the record",
                        side_label(side)
                    ),
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
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let levels = input.numbers("levels");
        let mut effects = Vec::new();
        for (formation, level) in &levels {
            effects.push(Effect::set_attribute(
                side,
                formation,
                AP_LEVEL,
                level,
                "4.2.7, L678",
            ));
        }
        let listed: Vec<String> = levels
            .iter()
            .map(|(formation, level)| format!("{formation} {level}"))
            .collect();
        Ok(Resolution::book_keeping(
            "ap-reset",
            format!(
                "The {}' AP levels reset: {}",
                people(side),
                if listed.is_empty() {
                    "no Formation in play".to_string()
                } else {
                    listed.join(", ")
                }
            ),
            effects,
        ))
    }
}

/// The actions that cost a Leader 1 AP (4.2.3, L664-670). Engaging from outside the battle area
/// is the one no other procedure charges; the others stay listed, so that a logged spending
/// still reads, but are refused (`charged_by`).
const ACTIONS: &[(&str, &str)] = &[
    ("engage", "Engage in combat from outside the battle area"),
    ("brigade", "Brigade or un-brigade a Formation or a unit"),
    ("reaction", "Attempt a Reaction Movement"),
    ("reorganize", "Reorganize a unit under his command"),
    ("replacement", "Incorporate a Replacement"),
];

/// The procedures that charge `action`'s AP themselves, as they apply it: spending it here as
/// well would charge it twice.
fn charged_by(action: &str) -> &'static [&'static dyn Procedure] {
    use super::{
        BrigadeFormation, CorpsBreakdown, CorpsBuildup, Recombination, ReorganizeUnit, Replacement,
    };
    use crate::games::beyond_waterloo::reaction::Reaction;
    match action {
        "brigade" => &[&BrigadeFormation, &ReorganizeUnit],
        "reaction" => &[&Reaction],
        "reorganize" => &[
            &ReorganizeUnit,
            &CorpsBreakdown,
            &CorpsBuildup,
            &Recombination,
        ],
        "replacement" => &[&Replacement],
        _ => &[],
    }
}

const SPEND_FIELDS: &[Field] = &[
    SIDE,
    Field {
        id: "formation",
        label: "Formation",
        group: "Formations",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "4.2.3-4.2.4, L664-672",
        help: "For engaging from outside the area, the Senior Leader's Formation pays when others are brigaded to it (4.2.4).",
    },
    Field {
        id: "action",
        label: "Action",
        group: "Formations",
        kind: FieldKind::Choice(ACTIONS),
        rule: "4.2.3, L664-670",
        help: "Each costs 1 AP. Only engaging from outside the area is spent here: a brigading, a Reaction, a reorganization or a Replacement charges its AP on its own form.",
    },
    Field {
        id: "forced",
        label: "Forced on him with no AP left",
        group: "Formations",
        kind: FieldKind::Flag,
        rule: "4.2.6, L676",
        help: "With no AP left a Leader cannot act, unless the opponent's play forces it (a combat): then he takes -1 on his next roll.",
    },
];

/// The Formation's AP level on the record, if it has been reset.
pub fn ap_level(record: &Record, side: &str, formation: &str) -> Option<i64> {
    record
        .unit(side, formation)?
        .attribute(AP_LEVEL)?
        .parse()
        .ok()
}

/// One AP spent by a Formation's Leader, on the AP ledger.
pub struct SpendAp;

impl Procedure for SpendAp {
    fn about(&self) -> &About {
        &About {
            id: "spend-ap",
            title: "Spend an AP",
            rule: "4.2.3-4.2.6, L664-676",
            summary: "A Leader spends 1 AP to engage in combat from outside the battle area; with none left he cannot, unless the opponent forces it, which costs him -1 on his next roll. The other actions of 4.2.3 charge their AP on their own forms.",
            fields: SPEND_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "formation", "action"]
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let titles: Vec<String> = charged_by(input.text("action"))
            .iter()
            .map(|p| format!("\"{}\"", p.title()))
            .collect();
        if let Some((last, others)) = titles.split_last() {
            let forms = if others.is_empty() {
                last.clone()
            } else {
                format!("{} or {last}", others.join(", "))
            };
            return Err(InputError::new(
                "action",
                format!(
                    "this action's AP is spent on its own form, {forms} (4.2.3, L664-670): resolve it there, so that it is charged once"
                ),
            ));
        }
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let Some(level) = ap_level(record, side, formation) else {
            return Err(InputError::new(
                "formation",
                format!(
                    "{formation} has no AP level on the record: resolve its side's AP Reset first"
                ),
            ));
        };
        match (level, input.flag("forced")) {
            (0, false) => Err(InputError::new(
                "action",
                format!(
                    "{formation} has no AP left: its Leader cannot act unless the opponent forces it (4.2.6, L676)"
                ),
            )),
            (1.., true) => Err(InputError::new(
                "forced",
                format!("{formation} has {level} AP left: a forced action spends one as any other"),
            )),
            _ => Ok(()),
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    /// With an AP left the level goes down by one; an action forced with none left costs the
    /// Leader -1 on his next roll instead (whether any are left is the record's, checked first).
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let formation = input.text("formation").trim();
        let action = input.text("action");
        let label = ACTIONS
            .iter()
            .find(|(id, _)| *id == action)
            .map_or(action, |(_, label)| label);
        if input.flag("forced") {
            return Ok(Resolution::book_keeping(
                "forced",
                format!(
                    "{formation} is forced to act with no AP left ({label}): its Leader takes -1 on his next roll"
                ),
                vec![Effect::set_attribute(
                    side,
                    formation,
                    FORCED,
                    "yes",
                    "4.2.6, L676",
                )],
            ));
        }
        Ok(Resolution::book_keeping(
            "ap spent",
            format!("{formation} spends 1 AP: {label}"),
            vec![Effect::add_to(
                side,
                formation,
                AP_LEVEL,
                -1,
                "4.2.3, L664-670; 4.2.5, L674",
            )],
        ))
    }
}
