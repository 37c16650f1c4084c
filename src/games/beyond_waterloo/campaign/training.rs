//! The Training Segment (12.2.5-12.2.12, L1350-1366): units on the Unit Training Track move up a
//! stage each Training Segment, but not in the Phase they were recruited in (`RECRUITED_IN`), until
//! they reach the Deployable box (12.2.7, L1356); those in the Deployable box at the start of the
//! segment deploy to the map (12.2.8, L1358). How many stages the track has is not in the text: a
//! setting (S8).

use super::settings::TRAINING_STAGES;
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDES, people};

const RULE: &str = "12.2.7-12.2.8, L1356-1358";

/// A unit's stage on the Unit Training Track: a number, or the Deployable box.
pub const STAGE: &str = "stage";
pub const DEPLOYABLE: &str = "deployable";

/// The segment, as "turn/phase/step", a unit last moved up in: once a segment (12.2.7, L1356).
pub const MOVED_UP_IN: &str = "moved_up_in";

/// The Phase, as "turn/phase", a unit was recruited in (12.2.7, L1356: a unit does not move up in
/// the Training Segment "in which it is recruited").
///
/// Reading: the Purchase Segment comes after the Mobilization Phase's Training Segment (8.2.1,
/// L1210-1211), so no Training Segment is literally the one of the purchase; the recruit is held
/// for the rest of the Phase it was bought in (should the players go back to that Phase's Training
/// Segment) and moves up from the next Phase's, as the addendum's §2.4 timeline has it: bought in
/// the June Mobilization, Stage 2 in the June Administration.
pub const RECRUITED_IN: &str = "recruited_in";

/// Where play stands, as `RECRUITED_IN` marks it.
pub fn phase_mark(record: &Record) -> String {
    let at = record.position;
    format!("{}/{}", at.turn, at.phase)
}

/// Whether a unit was recruited in the Phase where play stands.
fn recruited_now(record: &Record, side: &str, name: &str) -> bool {
    record
        .unit(side, name)
        .and_then(|u| u.attribute(RECRUITED_IN))
        == Some(phase_mark(record).as_str())
}

/// Where play stands, as `MOVED_UP_IN` marks it.
fn segment_mark(record: &Record) -> String {
    let at = record.position;
    format!("{}/{}/{}", at.turn, at.phase, at.step)
}

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Training",
        kind: FieldKind::Choice(SIDES),
        rule: "12.2.5, L1352",
        help: "Each side has its own Unit Training Track.",
    },
    Field {
        id: "deploy",
        label: "Deploy from the Deployable box",
        group: "Training",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::TRAINING), (STAGE, DEPLOYABLE)],
        },
        rule: "12.2.8, L1358",
        help: "Every unit in the Deployable box at the start of the segment.",
    },
    Field {
        id: "deploy_to",
        label: "They deploy in",
        group: "Training",
        kind: FieldKind::Text { max_len: 60 },
        rule: "12.2.9-12.2.12, L1360-1366",
        help: "French units at a friendly Depot; Allied units at their nation's Entry Zone box (the Dutch-Belgian, Hanoverian, Nassau and KGL at the British one), the Swiss at Zurich (N6). Resolve once for each place.",
    },
    Field {
        id: "advance",
        label: "Stage of each unit moving up",
        group: "Training",
        kind: FieldKind::UnitNumbers {
            of: UnitOf::Side("side"),
            only: &[("state", state::TRAINING)],
            max: 9,
        },
        rule: "12.2.7, L1356",
        help: "Each unit's stage now, from the record; each moves up one, the last stage into the Deployable box. The units recruited in this Phase are left out.",
    },
    Field {
        id: "segment",
        label: "This segment",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 12 },
        rule: "12.2.7, L1356",
        help: "From the record: a unit moves up once a segment.",
    },
    super::settings::on_form(TRAINING_STAGES),
];

/// A side's units in training, each with its stage (those in the Deployable box left out).
fn stages(record: &Record, side: &str) -> Vec<(String, i64)> {
    record
        .units_where(Some(side), &[("state", state::TRAINING)])
        .filter_map(|(_, name, unit)| {
            let stage = unit.attribute(STAGE)?.parse().ok()?;
            Some((name.to_string(), stage))
        })
        .collect()
}

/// A side's Training Segment.
pub struct Training;

impl Training {
    /// The stages before the Deployable box, under the session's setting.
    fn stage_count(input: &Input) -> i64 {
        match input.text(TRAINING_STAGES.id) {
            "three" => 3,
            _ => 2,
        }
    }
}

impl Procedure for Training {
    fn about(&self) -> &About {
        &About {
            id: "training",
            title: "Training",
            rule: RULE,
            summary: "Units in the Deployable box deploy to the map; every other unit in training moves up a stage, except those recruited in this Phase.",
            fields: FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &TRAINING_STAGES);
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let this_segment = segment_mark(record);
        let deployable = record
            .units_where(
                Some(&side),
                &[("state", state::TRAINING), (STAGE, DEPLOYABLE)],
            )
            .filter(|(_, _, u)| u.attribute(MOVED_UP_IN) != Some(this_segment.as_str()))
            .filter(|(_, name, _)| !recruited_now(record, &side, name))
            .map(|(_, name, _)| name.into())
            .collect();
        input.set("deploy", Value::List(deployable));
        let advancing = stages(record, &side)
            .into_iter()
            .filter(|(name, _)| {
                record
                    .unit(&side, name)
                    .and_then(|u| u.attribute(MOVED_UP_IN))
                    != Some(this_segment.as_str())
                    && !recruited_now(record, &side, name)
            })
            .map(|(name, stage)| (name.as_str().into(), stage))
            .collect();
        input.set("advance", Value::Numbers(advancing));
        input.set("segment", Value::Text(segment_mark(record).as_str().into()));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if input.text("segment") != segment_mark(record) {
            return Err(InputError::new(
                "segment",
                "play has moved since the form opened: pick the side again",
            ));
        }
        let on_record = stages(record, side);
        let this_segment = segment_mark(record);
        for name in input.list("deploy") {
            let unit = record.unit(side, name);
            let deployable = unit.is_some_and(|u| u.attribute(STAGE) == Some(DEPLOYABLE));
            // Only a unit already in the box as the segment began deploys (12.2.8, L1358).
            let arrived_now =
                unit.and_then(|u| u.attribute(MOVED_UP_IN)) == Some(this_segment.as_str());
            if recruited_now(record, side, name) {
                return Err(InputError::new(
                    "deploy",
                    format!(
                        "{name} was recruited in this Phase: it deploys from a later Training Segment (12.2.7-12.2.8, L1356-1358; 3.3.1, L549)"
                    ),
                ));
            }
            if !deployable || arrived_now {
                return Err(InputError::new(
                    "deploy",
                    format!(
                        "{name} was not in the {} Deployable box at the start of this segment (12.2.8, L1358)",
                        people(side)
                    ),
                ));
            }
        }
        for (name, stage) in input.numbers("advance") {
            let moved = record
                .unit(side, name)
                .and_then(|u| u.attribute(MOVED_UP_IN));
            if recruited_now(record, side, name) {
                return Err(InputError::new(
                    "advance",
                    format!(
                        "{name} was recruited in this Phase: it moves up from the next Training Segment, not the one of its recruitment (12.2.7, L1356)"
                    ),
                ));
            }
            if moved == Some(this_segment.as_str()) {
                return Err(InputError::new(
                    "advance",
                    format!("{name} has moved up a stage in this segment already (12.2.7, L1356)"),
                ));
            }
            if !on_record.iter().any(|(n, s)| n == name && *s == stage) {
                return Err(InputError::new(
                    "advance",
                    format!(
                        "{name} is not at stage {stage} of the {} Unit Training Track: pick the side again",
                        people(side)
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
        let place = input.text("deploy_to").trim();
        let mut effects = Vec::new();
        let mut told = Vec::new();
        for name in input.list("deploy") {
            effects.extend([
                Effect::set_state(side, name, state::IN_PLAY, "12.2.8, L1358"),
                Effect::set_attribute(side, name, STAGE, "", "12.2.8, L1358"),
                Effect::set_attribute(
                    side,
                    name,
                    attribute::AREA,
                    place,
                    "12.2.9-12.2.12, L1360-1366",
                ),
            ]);
            told.push(if place.is_empty() {
                format!("{name} deploys")
            } else {
                format!("{name} deploys in {place}")
            });
        }
        let last = Self::stage_count(input);
        for (name, stage) in input.numbers("advance") {
            let next = stage + 1;
            let (value, words) = if next > last {
                (DEPLOYABLE.to_string(), "the Deployable box".to_string())
            } else {
                (next.to_string(), format!("Stage {next}"))
            };
            effects.extend([
                Effect::set_attribute(side, name, STAGE, &value, "12.2.7, L1356"),
                Effect::set_attribute(
                    side,
                    name,
                    MOVED_UP_IN,
                    input.text("segment"),
                    "12.2.7, L1356",
                ),
            ]);
            told.push(format!("{name} to {words}"));
        }
        let headline = if told.is_empty() {
            format!("No unit of the {} is in training", people(side))
        } else {
            told.join("; ")
        };
        Ok(Resolution::book_keeping("training", headline, effects))
    }
}
