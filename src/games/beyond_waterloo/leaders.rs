//! Leader casualties and wounds (4.6, L726-744). A natural 12 on the FERT makes the other side roll
//! 1D6 for each of its Leaders in the battle on the Leader Casualty Table (4.6.1-4.6.2, L730-734);
//! a wounded Leader rolls on the Leader Wound Recovery Table in each later Leader Segment (4.6.3,
//! L736). Both tables are printed only on the Player Aid Charts.
//!
//! In the Combat Game, Napoleon's wound calls for a die: on 1-2 his Formation loses a Morale level,
//! and his death costs it two (27.1.4, L2236-2237).
//!
//! Readings (digest Corrections, "Napoleon's VPs"): a killed Leader scores +2 (L1773) and Napoleon
//! killed +5 more (L1770), the literal cumulative reading. The "three additional VPs for this" of
//! L2236 follow the sentence on the 1-2 roll: by default they need it; a setting gives them for the
//! wound itself.

use super::campaign::administrative_points::{
    check_forced, fill_forced, forced_field, forced_modifier, forced_used,
};
use super::options::{NAPOLEON_WOUND_VP, RALLIES_CARD, on_form};
use super::roster::{NAPOLEON, attribute, state};
use super::{SIDES, opponent, people};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::{TableRead, TableSet};

const CASUALTY_READS: &[TableRead] = &[TableRead {
    table: "leader-casualty",
    codes: &["-", "W", "K"],
}];

const RECOVERY_READS: &[TableRead] = &[TableRead {
    table: "wound-recovery",
    codes: &["-", "R"],
}];

const CASUALTY_RULE: &str = "4.6.1-4.6.2, L730-734";

const fn leader_field(only: &'static [(&'static str, &'static str)], help: &'static str) -> Field {
    Field {
        id: "leader",
        label: "Leader",
        group: "Leader",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only,
            max_len: 60,
        },
        rule: "4.6, L726-744",
        help,
    }
}

const SIDE: Field = Field {
    id: "side",
    label: "Side whose Leader rolls",
    group: "Leader",
    kind: FieldKind::Choice(SIDES),
    rule: "4.6.1, L730",
    help: "The side the natural 12 was rolled against.",
};

const CASUALTY_FIELDS: &[Field] = &[
    SIDE,
    leader_field(
        &[(attribute::TYPE, "leader"), ("state", state::IN_PLAY)],
        "Each Leader of the side in the battle rolls once.",
    ),
    Field::flag(
        "rallies",
        "Leader Rallies Troops was played this round",
        "Leader",
        "4.6.2, L734",
        "+1 to each Leader casualty roll.",
    ),
    forced_field(FORCED_DRM, "What the record knows"),
    Field::flag(
        "napoleon",
        "He is Napoleon, in the Combat Game",
        "What the record knows",
        "27.1.4 Catastrophic Failure, L2234-2238",
        "Filled in from the record: his wound or death costs his Formation Morale.",
    ),
    Field {
        id: "formation",
        label: "His Formation",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "4.6, L726-744",
        help: "Filled in from the record.",
    },
    on_form(NAPOLEON_WOUND_VP),
    on_form(RALLIES_CARD),
];

/// The forms' `forced_field`: the -1 of a Leader forced to act with no AP left (4.2.6, L676).
const FORCED_DRM: &str = "zero_ap";

/// The Formation a Leader leads, empty for none.
fn formation_of<'a>(record: &'a Record, side: &str, leader: &str) -> &'a str {
    record
        .unit(side, leader)
        .and_then(|u| u.attribute(attribute::FORMATION))
        .unwrap_or("")
}

/// A Leader's roll on the Leader Casualty Table.
pub struct LeaderCasualty;

fn fill(input: &mut Input, record: &Record) {
    let side = input.text("side").to_string();
    let name = input.text("leader").trim().to_string();
    let formation = formation_of(record, &side, &name).to_string();
    let napoleon =
        side == "french" && name == NAPOLEON && record.scenario.as_ref() == super::COMBAT_GAME;
    input.set("napoleon", Value::Flag(napoleon));
    // Leader Rallies Troops played this round raises the rolls (4.6.2, L734): the own side's
    // card, or either side's, as the setting reads it.
    let played = |by: &str| {
        record
            .counters
            .get(super::tactics::rallies(by).as_str())
            .is_some_and(|n| *n > 0)
    };
    let either = input.text(RALLIES_CARD.id) == "either";
    let rallies = played(&side) || (either && played(super::opponent(&side)));
    input.set("rallies", Value::Flag(rallies));
    input.set("formation", Value::Text(formation.as_str().into()));
    fill_forced(input, FORCED_DRM, record, &side, &formation);
}

impl Procedure for LeaderCasualty {
    fn about(&self) -> &About {
        &About {
            id: "leader-casualty",
            title: "Leader casualty",
            rule: CASUALTY_RULE,
            summary: "After a natural 12 on the FERT, each of the other side's Leaders in the battle rolls 1D6 on the Leader Casualty Table: wounded or killed, with their VP and, for Napoleon, the Catastrophic Failure.",
            fields: CASUALTY_FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        CASUALTY_READS
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "leader", "rallies"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &NAPOLEON_WOUND_VP);
        prefill_setting(input, record, &RALLIES_CARD);
        fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "leader" | "side") || changed == RALLIES_CARD.id {
            fill(input, record);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let name = input.text("leader").trim();
        let is_leader = record.unit(side, name).is_some_and(|u| {
            u.attribute(attribute::TYPE) == Some("leader") && u.state.as_ref() == state::IN_PLAY
        });
        if !is_leader {
            return Err(InputError::new(
                "leader",
                format!("{name} is not a Leader of the {} in play", people(side)),
            ));
        }
        let in_battle = record
            .unit(side, input.text("formation"))
            .and_then(|f| f.attribute(attribute::ROLE))
            .is_some_and(|role| matches!(role, "lead" | "supporting"));
        if !in_battle {
            return Err(InputError::new(
                "leader",
                format!(
                    "{name}'s Formation is not in the battle: only the Leaders involved roll (4.6.2, L732)"
                ),
            ));
        }
        let mut known = input.clone();
        fill(&mut known, record);
        if input
            .first_difference(&known, ["napoleon", "formation"])
            .is_some()
        {
            return Err(InputError::new(
                "leader",
                "the record knows him otherwise: pick him again",
            ));
        }
        check_forced(input, FORCED_DRM, record, side, input.text("formation"))?;
        if input.flag("rallies") != known.flag("rallies") {
            return Err(InputError::new(
                "rallies",
                if known.flag("rallies") {
                    "the record has Leader Rallies Troops played this round (4.6.2, L734)"
                } else {
                    "the record has no Leader Rallies Troops played this round that counts here (4.6.2, L734; Settings)"
                },
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if input.flag("napoleon") {
            DiceSpec::new(&[
                ("Leader Casualty", Die::D6),
                ("Catastrophic Failure, if wounded", Die::D6),
            ])
        } else {
            DiceSpec::new(&[("Leader Casualty", Die::D6)])
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = Vec::new();
        if input.flag("rallies") {
            modifiers.push(Modifier::new(
                "Leader",
                "Leader Rallies Troops",
                1,
                "4.6.2, L734",
            ));
        }
        modifiers.extend(forced_modifier(input, FORCED_DRM, "Leader"));
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let other = opponent(side);
        let name = input.text("leader").trim();
        let formation = input.text("formation");
        let napoleon = input.flag("napoleon");
        let modifiers = self.modifiers(input);
        let die = faces.first().copied().map_or(0, i32::from);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let lookup = tables
            .get("leader-casualty")?
            .lookup_roll_range(None, die + drm)?;
        let read = CASUALTY_READS
            .first()
            .ok_or_else(|| RuleError::Draw("no read".into()))?;
        let code = lookup.code_for(read)?.to_string();
        let vp = |points: i32, reason: &str, rule: &str| Effect::VictoryPoints {
            side: other.into(),
            points,
            reason: reason.into(),
            rule: rule.into(),
        };
        let morale = |by: i64, rule: &str| {
            Effect::add_to(side, formation, attribute::FORMATION_MORALE, by, rule)
        };
        let mut effects: Vec<Effect> = forced_used(input, FORCED_DRM, side, formation)
            .into_iter()
            .collect();
        let (key, headline) = match code.as_str() {
            "W" => {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::WOUNDED,
                    "yes",
                    "4.6.4, L738",
                ));
                effects.push(vp(1, &format!("{name} wounded"), "20.3, L1774"));
                let failure_die = faces.get(1).copied().unwrap_or(6);
                let failure = napoleon && failure_die <= 2;
                let on_wound = input.text(NAPOLEON_WOUND_VP.id) == "on_wound";
                if failure {
                    effects.push(morale(-1, "27.1.4, L2236"));
                }
                if napoleon && (failure || on_wound) {
                    effects.push(vp(3, "Napoleon wounded (Combat Game)", "27.1.4, L2236"));
                }
                if failure {
                    (
                        "wounded, Catastrophic Failure",
                        format!(
                            "{name} is wounded; the die shows {failure_die}: Catastrophic Failure, {formation} loses a Morale level"
                        ),
                    )
                } else if napoleon {
                    (
                        "wounded",
                        format!(
                            "{name} is wounded; the die shows {failure_die}: no further Morale loss"
                        ),
                    )
                } else {
                    (
                        "wounded",
                        format!("{name} is wounded: he shows his wounded side"),
                    )
                }
            }
            "K" => {
                effects.push(Effect::set_state(
                    side,
                    name,
                    state::ELIMINATED,
                    "4.6.2, L732",
                ));
                effects.push(vp(2, &format!("{name} killed"), "20.3, L1773"));
                if name == NAPOLEON && side == "french" {
                    effects.push(vp(5, "Napoleon killed", "20.3, L1770"));
                }
                if napoleon {
                    effects.push(morale(-2, "27.1.4, L2237"));
                }
                effects.push(Effect::reminder(
                    &format!("{formation} has lost its Leader: replace him from the Leader Pool if one is there, before taking a Leader from another Formation"),
                    "4.6.8, L744",
                ));
                ("killed", format!("{name} is killed"))
            }
            _ => ("no effect", format!("{name} is unhurt")),
        };
        Ok(Resolution {
            modifiers,
            totals: Vec::new(),
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: key.into(),
                rank: match key {
                    "no effect" => 0,
                    "wounded" => 1,
                    "wounded, Catastrophic Failure" => 2,
                    _ => 3,
                },
                headline,
            },
            effects,
        })
    }
}

const RECOVERY_FIELDS: &[Field] = &[
    Field {
        help: "The side whose wounded Leader rolls.",
        ..SIDE
    },
    leader_field(
        &[(attribute::TYPE, "leader"), (attribute::WOUNDED, "yes")],
        "A wounded Leader, on the map or in the Leader Pool (4.6.7, L742).",
    ),
    Field {
        id: "segment",
        label: "This Leader Segment",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 20 },
        rule: "4.6.3, L736",
        help: "From the record: one attempt a Leader Segment.",
    },
    Field {
        id: "formation",
        label: "His Formation",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 60 },
        rule: "4.6.3, L736",
        help: "From the record: none for a Leader in the Leader Pool.",
    },
    forced_field(FORCED_DRM, "What the record knows"),
];

/// The Leader Segment in which a wounded Leader last tried to recover: once a segment (4.6.3,
/// L736).
const RECOVERY_TRIED_IN: &str = "recovery_tried_in";

/// Where play stands, as a segment's mark; empty outside a campaign's Leader Segment.
fn leader_segment(record: &Record) -> String {
    if super::campaign::in_step(record, super::campaign::LEADER_SEGMENT) {
        super::campaign::segment_mark(record)
    } else {
        String::new()
    }
}

/// A wounded Leader's roll on the Leader Wound Recovery Table, in a Leader Segment.
pub struct WoundRecovery;

impl Procedure for WoundRecovery {
    fn about(&self) -> &About {
        &About {
            id: "wound-recovery",
            title: "Leader wound recovery",
            rule: "4.6.3, L736",
            summary: "A wounded Leader rolls 1D6 on the Leader Wound Recovery Table in each Leader Segment after his wound.",
            fields: RECOVERY_FIELDS,
        }
    }
    fn reads(&self) -> &'static [TableRead] {
        RECOVERY_READS
    }
    /// Only in the Leader Segments of the Basic and Advanced Games: the Combat Game has none.
    fn applies(&self, record: &Record) -> bool {
        record.scenario.as_ref() != super::COMBAT_GAME
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set(
            "segment",
            Value::Text(leader_segment(record).as_str().into()),
        );
        self.follow("leader", input, record);
    }
    /// Once the Leader is named, his Formation and the -1 he may owe (4.2.6, L676).
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if matches!(changed, "leader" | "side") {
            let side = input.text("side").to_string();
            let formation = formation_of(record, &side, input.text("leader").trim()).to_string();
            input.set("formation", Value::Text(formation.as_str().into()));
            fill_forced(input, FORCED_DRM, record, &side, &formation);
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let name = input.text("leader").trim();
        let formation = formation_of(record, input.text("side"), name);
        if input.text("formation") != formation {
            return Err(InputError::new(
                "formation",
                format!("the record has {name} in another Formation: pick him again"),
            ));
        }
        check_forced(input, FORCED_DRM, record, input.text("side"), formation)?;
        let leader = record.unit(input.text("side"), name);
        if leader.is_none_or(|u| u.attribute(attribute::WOUNDED) != Some("yes")) {
            return Err(InputError::new(
                "leader",
                format!("{name} is not a wounded Leader on the record"),
            ));
        }
        let segment = leader_segment(record);
        if input.text("segment") != segment {
            return Err(InputError::new(
                "segment",
                "the record stands elsewhere: open the form again",
            ));
        }
        if segment.is_empty() {
            return Err(InputError::new(
                "leader",
                "a wounded Leader tries to recover in a Leader Segment (4.6.3, L736)",
            ));
        }
        if leader.and_then(|u| u.attribute(RECOVERY_TRIED_IN)) == Some(segment.as_str()) {
            return Err(InputError::new(
                "leader",
                format!("{name} has tried to recover in this Leader Segment (4.6.3, L736)"),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Wound Recovery", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        forced_modifier(input, FORCED_DRM, "Leader")
            .into_iter()
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let name = input.text("leader").trim();
        let modifiers = self.modifiers(input);
        let drm: i32 = modifiers.iter().map(|m| m.value).sum();
        let die = faces.first().copied().map_or(0, i32::from);
        let lookup = tables
            .get("wound-recovery")?
            .lookup_roll_range(None, die + drm)?;
        let read = RECOVERY_READS
            .first()
            .ok_or_else(|| RuleError::Draw("no read".into()))?;
        let recovered = lookup.code_for(read)? == "R";
        let mut effects = vec![Effect::set_attribute(
            side,
            name,
            RECOVERY_TRIED_IN,
            input.text("segment"),
            "4.6.3, L736",
        )];
        effects.extend(forced_used(
            input,
            FORCED_DRM,
            side,
            input.text("formation"),
        ));
        if recovered {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::WOUNDED,
                "no",
                "4.6.3, L736",
            ));
        }
        Ok(Resolution {
            modifiers,
            totals: Vec::new(),
            limits: lookup.limits.clone(),
            cell: Some(lookup.cell),
            outcome: Outcome {
                key: if recovered {
                    "recovered"
                } else {
                    "still wounded"
                }
                .into(),
                rank: i32::from(!recovered),
                headline: if recovered {
                    format!("{name} recovers: he shows his healthy side")
                } else {
                    format!("{name} is still wounded")
                },
            },
            effects,
        })
    }
}
