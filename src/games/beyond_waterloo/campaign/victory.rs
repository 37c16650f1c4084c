//! Victory in the campaign (Module 20, L1744-1780): the VP awards the app cannot see happen on
//! the map (a Depot, a defended Fortress, a Magazine or Wagon captured, Paris changing hands, the
//! first Allied entry into France), and the game's end: a full turn after the Allies took Paris
//! if they still hold it, a Catastrophic Failure, or December 1815 (20.1.1, L1748-1752). At the
//! end the holder of Paris scores 5 VP (L1771) and the most VP wins.
//!
//! Readings: the app holds no map, so the players assert each capture, as they do supply; a
//! Fortress captured passes to the captor on the record (`fortresses`), for its automatic supply.
//! The first entry into France scores once a game, in the Administration Phase after the entry
//! (the addendum's S15); equal VP at the end is a draw unless the setting gives ties to the
//! French (S18); "sudden death" at Napoleon's Formation's Morale 0 may be set aside as the House
//! Rule allows (L2398).

use super::fields::this_turn;
use super::fortresses;
use super::movement::known_areas;
use super::settings::{FINAL_TIE, FIRST_ENTRY_VP, SUDDEN_DEATH, on_form};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Once, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};
use crate::games::beyond_waterloo::{SIDE_IDS, SIDES, opponent, people};

/// The mark that the Allies control Paris, followed by the turn they took it.
const PARIS_SINCE: &str = "Paris controlled by the Allies since Turn ";

/// The turn in which the Allies took Paris, if they hold it.
pub fn paris_taken_in(record: &Record) -> Option<u32> {
    record
        .marks
        .iter()
        .find_map(|mark| mark.as_str().strip_prefix(PARIS_SINCE)?.parse().ok())
}

/// The campaign's last turn as play stands: the one after the Allies took Paris while they hold
/// it (20.1.1, L1750); otherwise the scenario's (`None`).
pub fn last_turn(record: &Record) -> Option<u32> {
    paris_taken_in(record).map(|turn| turn + 1)
}

/// The mark that the Allies scored their first entry into France.
const FRANCE_ENTERED: &str = "A Major Allied Power's Formation has entered France";

/// The mark the game's end leaves, which `game_over` reads.
pub const OVER: &str = "The campaign is over";

const CAPTURES: &[(&str, &str)] = &[
    ("paris", "Paris: control passes to the captor"),
    ("depot", "An enemy Depot (+3 VP)"),
    ("fortress", "An enemy defended Fortress (+1 VP)"),
    ("magazine", "An enemy Magazine (+1 VP)"),
    ("wagon", "An enemy Wagon (+1 VP)"),
];

const CAPTURE_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Captor",
        group: "Capture",
        kind: FieldKind::Choice(SIDES),
        rule: "20.3, L1768-1780",
        help: "The side that took it.",
    },
    Field {
        id: "what",
        label: "Captured",
        group: "Capture",
        kind: FieldKind::Choice(CAPTURES),
        rule: "20.3, L1771-1779; 20.1.1, L1750",
        help: "What the captor took, as the players see it on the map.",
    },
    Field {
        id: "area",
        label: "Where",
        group: "Capture",
        kind: FieldKind::Text { max_len: 60 },
        rule: "20.3, L1768-1780",
        help: "The area, for the log; for a Fortress, where it stands: the record passes it to the captor, whose Formations there are then in supply (16.1.4, L1497).",
    },
    Field {
        id: "piece",
        label: "The Magazine or Wagon taken",
        group: "Capture",
        kind: FieldKind::Unit {
            of: UnitOf::OpponentOf("side"),
            only: &[("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "16.3.3h, L1536; 16.4g, L1547",
        help: "It goes back to its owner's Force Pool; the captor may put one of his own Wagons from his Force Pool in its place.",
    },
    this_turn("20.1.1, L1750"),
    Field {
        id: "paris_since",
        label: "The Allies have held Paris since turn (0: they do not)",
        group: "What the record knows",
        kind: FieldKind::Count { max: 10 },
        rule: "20.1.1, L1750",
        help: "From the record.",
    },
];

/// A capture the players report from the map, with its VP.
pub struct Capture;

fn takes_piece(input: &Input) -> bool {
    matches!(input.text("what"), "magazine" | "wagon")
}

impl Capture {
    fn fill(input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
        let since = paris_taken_in(record).map_or(0, i64::from);
        input.set("paris_since", Value::Number(since));
    }
}

impl Procedure for Capture {
    fn about(&self) -> &About {
        &About {
            id: "capture",
            title: "Record a capture",
            rule: "20.3, L1768-1780",
            summary: "Records what a side took on the map and scores it: +3 VP for an enemy Depot, +1 for a defended Fortress, a Magazine or a Wagon (which goes back to its owner's Force Pool); Paris changing hands starts or stops the count to the game's end.",
            fields: CAPTURE_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "what", "area", "piece"]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "piece" || takes_piece(input)
    }
    /// The areas the record knows; for a Fortress, those of the enemy's Fortresses it knows
    /// first.
    fn suggests(&self, field: &str, input: &Input, record: &Record) -> Vec<String> {
        if field != "area" {
            return Vec::new();
        }
        let mut areas = Vec::new();
        if input.text("what") == "fortress" {
            let enemy = opponent(input.text("side"));
            areas.extend(
                fortresses::areas(record)
                    .into_iter()
                    .filter(|area| fortresses::holder(record, area) == Some(enemy)),
            );
        }
        for area in known_areas(record) {
            if !areas.contains(&area) {
                areas.push(area);
            }
        }
        areas
    }
    fn offers(&self, field: &str, input: &Input, record: &Record, side: &str, name: &str) -> bool {
        field != "piece"
            || record
                .unit(side, name)
                .and_then(|u| u.attribute(attribute::TYPE))
                == Some(input.text("what"))
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if let Some((id, value)) = input.first_difference(&known, ["turn", "paris_since"]) {
            return Err(InputError::new(
                id,
                format!("the record has {value}: open the form again"),
            ));
        }
        let side = input.text("side");
        let allies_hold = input.number("paris_since") > 0;
        if input.text("what") == "paris" && (side == "allied") == allies_hold {
            return Err(InputError::new(
                "side",
                format!("the {} control Paris already", people(side)),
            ));
        }
        if input.text("what") == "fortress" {
            let area = input.text("area").trim();
            if area.is_empty() {
                return Err(InputError::new(
                    "area",
                    "name the Fortress's area: the record keeps who holds it, for supply (16.1.4, L1497)",
                ));
            }
            if fortresses::holder(record, area) == Some(side) {
                return Err(InputError::new(
                    "area",
                    format!(
                        "the record has the Fortress in {area} held by the {} already",
                        people(side)
                    ),
                ));
            }
        }
        if takes_piece(input) {
            let name = input.text("piece").trim();
            let owner = opponent(side);
            let piece = record
                .unit(owner, name)
                .filter(|u| u.state.as_ref() == state::IN_PLAY)
                .filter(|u| u.attribute(attribute::TYPE) == Some(input.text("what")));
            if piece.is_none() {
                return Err(InputError::new(
                    "piece",
                    format!(
                        "pick a {} of the {} on the map",
                        input.text("what"),
                        people(owner)
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
        let area = input.text("area").trim();
        let at = if area.is_empty() {
            String::new()
        } else {
            format!(" in {area}")
        };
        let vp = |points: i32, reason: String, rule: &str| Effect::VictoryPoints {
            side: side.into(),
            points,
            reason: reason.as_str().into(),
            rule: rule.into(),
        };
        let (effects, headline) = match input.text("what") {
            "paris" if side == "allied" => {
                let turn = input.number("turn");
                (
                    vec![Effect::Mark {
                        name: format!("{PARIS_SINCE}{turn}").as_str().into(),
                        rule: "20.1.1, L1750".into(),
                    }],
                    format!(
                        "The Allies take Paris in Turn {turn}: if they still hold it at the end of Turn {}, the game ends (20.1.1, L1750)",
                        turn + 1
                    ),
                )
            }
            "paris" => (
                vec![Effect::Unmark {
                    name: format!("{PARIS_SINCE}{}", input.number("paris_since"))
                        .as_str()
                        .into(),
                    rule: "20.1.1, L1750".into(),
                }],
                "The French retake Paris: the game no longer ends for its loss (20.1.1, L1750)"
                    .to_string(),
            ),
            "depot" => (
                vec![vp(3, format!("an enemy Depot captured{at}"), "20.3, L1772")],
                format!("The {} capture a Depot{at}: +3 VP", people(side)),
            ),
            "fortress" => {
                let mut effects = vec![vp(
                    1,
                    format!("an enemy defended Fortress captured{at}"),
                    "20.3, L1778",
                )];
                // The record keeps the new holder where the area is named, as the form asks.
                if !area.is_empty() {
                    effects.extend(fortresses::captured(area, side));
                }
                (
                    effects,
                    format!(
                        "The {} capture a defended Fortress{at}: +1 VP",
                        people(side)
                    ),
                )
            }
            what => {
                let owner = opponent(side);
                let piece = input.text("piece").trim();
                let rule = if what == "wagon" {
                    "16.3.3h, L1536"
                } else {
                    "16.4g, L1547"
                };
                (
                    vec![
                        vp(1, format!("{piece} captured{at}"), "20.3, L1779"),
                        Effect::set_state(owner, piece, state::FORCE_POOL, rule),
                        Effect::set_attribute(owner, piece, attribute::AREA, "", rule),
                        Effect::reminder(
                            &format!(
                                "The {} may put one of their own Wagons from their Force Pool in its place",
                                people(side)
                            ),
                            rule,
                        ),
                    ],
                    format!(
                        "The {} capture {piece}{at}: +1 VP; it goes back to the {}' Force Pool",
                        people(side),
                        people(owner)
                    ),
                )
            }
        };
        Ok(Resolution::book_keeping("capture", headline, effects))
    }
}

const MAJOR_ALLIED_POWERS: &[(&str, &str)] = &[
    ("british", "Britain"),
    ("prussian", "Prussia"),
    ("austrian", "Austria"),
    ("russian", "Russia"),
    ("spanish", "Spain"),
];

const ENTRY_FIELDS: &[Field] = &[
    Field {
        id: "power",
        label: "The Major Allied Power",
        group: "First entry into France",
        kind: FieldKind::Choice(MAJOR_ALLIED_POWERS),
        rule: "20.3, L1768",
        help: "The Power whose Formation entered an area of France.",
    },
    Field {
        id: "formation",
        label: "Its Formation",
        group: "First entry into France",
        kind: FieldKind::Unit {
            of: UnitOf::Fixed("allied"),
            only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "20.3, L1768",
        help: "For the log.",
    },
    Field {
        id: "scored_powers",
        label: "Powers that have scored it",
        group: "What the record knows",
        kind: FieldKind::Text { max_len: 200 },
        rule: "20.3, L1768",
        help: "From the record.",
    },
    on_form(FIRST_ENTRY_VP),
];

/// The mark that `power`'s first entry has scored.
fn entered_mark(power: &str) -> String {
    format!("{FRANCE_ENTERED}: {power}")
}

/// The Powers whose first entry has scored, from the record.
fn scored_powers(record: &Record) -> Vec<&str> {
    let prefix = format!("{FRANCE_ENTERED}: ");
    record
        .marks
        .iter()
        .filter_map(|mark| mark.as_str().strip_prefix(prefix.as_str()))
        .collect()
}

/// +5 VP to the Allies for a Major Allied Power's first entry into France, in the Administration
/// Phase of the turn of the entry (20.3, L1768).
pub struct FranceEntered;

impl FranceEntered {
    fn fill(input: &mut Input, record: &Record) {
        input.set(
            "scored_powers",
            Value::Text(scored_powers(record).join(", ").as_str().into()),
        );
    }
}

impl Procedure for FranceEntered {
    fn about(&self) -> &About {
        &About {
            id: "france-entered",
            title: "First Allied entry into France",
            rule: "20.3, L1768",
            summary: "The Allies score +5 VP, in the Administration Phase, for the turn a Formation of a Major Allied Power first enters an area of France.",
            fields: ENTRY_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &FIRST_ENTRY_VP);
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let mut known = input.clone();
        Self::fill(&mut known, record);
        if input.first_difference(&known, ["scored_powers"]).is_some() {
            return Err(InputError::new(
                "scored_powers",
                "the record has changed: open the form again",
            ));
        }
        let scored = scored_powers(record);
        let power = input.text("power");
        let once_a_game = input.text(FIRST_ENTRY_VP.id) == "once";
        if once_a_game && !scored.is_empty() {
            return Err(InputError::new(
                "power",
                format!(
                    "the first entry into France has scored already, for {} (20.3, L1768; once a game under the settings)",
                    scored.join(", ")
                ),
            ));
        }
        if scored.contains(&power) {
            return Err(InputError::new(
                "power",
                "this Power's first entry has scored already (20.3, L1768)",
            ));
        }
        let phase = super::SEQUENCE.phases.get(record.position.phase);
        if phase.is_none_or(|p| p.title != super::sequence::ADMINISTRATION_TITLE) {
            return Err(InputError::new(
                "power",
                "it scores in the Administration Phase of the turn of the entry (20.3, L1768)",
            ));
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        "allied".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let power = input.text("power");
        let formation = input.text("formation").trim();
        let effects = vec![
            Effect::VictoryPoints {
                side: "allied".into(),
                points: 5,
                reason: format!("{formation} first entered France").as_str().into(),
                rule: "20.3, L1768".into(),
            },
            Effect::Mark {
                name: entered_mark(power).as_str().into(),
                rule: "20.3, L1768".into(),
            },
        ];
        Ok(Resolution::book_keeping(
            "entered",
            format!("{formation} has entered France: +5 VP to the Allies (20.3, L1768)"),
            effects,
        ))
    }
}

const END_FIELDS: &[Field] = &[
    Field {
        id: "why",
        label: "Why the game ends",
        group: "The end",
        kind: FieldKind::Text { max_len: 200 },
        rule: "20.1.1, L1748-1752",
        help: "From the record.",
    },
    Field {
        id: "paris",
        label: "Paris is held by",
        group: "The end",
        kind: FieldKind::Choice(SIDES),
        rule: "20.3, L1771",
        help: "From the record: the French unless the Allies took it and hold it. +5 VP to the holder.",
    },
    Field {
        id: "french_vp",
        label: "French VP",
        group: "The end",
        kind: FieldKind::Count { max: 999 },
        rule: "20.1.1, L1752",
        help: "From the record.",
    },
    Field {
        id: "allied_vp",
        label: "Allied VP",
        group: "The end",
        kind: FieldKind::Count { max: 999 },
        rule: "20.1.1, L1752",
        help: "From the record.",
    },
    Field::flag(
        "catastrophic_vp",
        "Napoleon's Formation reached Morale 0 in a battle not yet scored",
        "What the record knows",
        "20.3, L1769",
        "From the record: the Allies score 5 VP for the French Catastrophic Failure.",
    ),
    on_form(FINAL_TIE),
];

/// Why the campaign ends where play stands, if it does.
fn ending(record: &Record) -> Option<String> {
    if sudden_death(record) {
        return crate::games::beyond_waterloo::catastrophic_failure(record);
    }
    let sequence = &super::SEQUENCE;
    let last_phase = sequence.phases.len().checked_sub(1)?;
    let last_step = sequence
        .phases
        .get(last_phase)?
        .steps
        .len()
        .checked_sub(1)?;
    let at_end_of_turn = record.position.phase == last_phase && record.position.step == last_step;
    if !at_end_of_turn {
        return None;
    }
    let turn = record.position.turn;
    if let Some(taken) = paris_taken_in(record)
        && turn > taken
    {
        return Some(format!(
            "the Allies took Paris in Turn {taken} and still hold it a full turn later (20.1.1, L1750)"
        ));
    }
    (turn >= super::LAST_TURN).then(|| "the December 1815 turn is over (20.1.1, L1752)".into())
}

/// Whether Napoleon's Formation at Morale 0 ends the campaign: 27.2.3 (L2396), unless the
/// players set the sudden death aside (L2398).
pub fn sudden_death(record: &Record) -> bool {
    record.option(SUDDEN_DEATH.id, "ends") == "ends"
        && crate::games::beyond_waterloo::catastrophic_failure(record).is_some()
}

/// The campaign's end: +5 VP to the holder of Paris and the winner.
pub struct CampaignEnd;

impl CampaignEnd {
    fn fill(input: &mut Input, record: &Record) {
        input.set(
            "why",
            Value::Text(ending(record).unwrap_or_default().as_str().into()),
        );
        let holder = if paris_taken_in(record).is_some() {
            "allied"
        } else {
            "french"
        };
        input.set("paris", Value::Text(holder.into()));
        let unscored = !super::catastrophe::scored(record);
        input.set(
            "catastrophic_vp",
            Value::Flag(sudden_death(record) && unscored),
        );
        for side in SIDE_IDS {
            let vp = record.victory_points.get(side).copied().unwrap_or(0);
            input.set(&format!("{side}_vp"), Value::Number(i64::from(vp.max(0))));
        }
    }
}

impl Procedure for CampaignEnd {
    fn about(&self) -> &About {
        &About {
            id: "campaign-end",
            title: "The campaign's end",
            rule: "20.1, L1746-1752; 20.3, L1771",
            summary: "When the game ends (Paris held a full turn, Catastrophic Failure, or December 1815 over), the holder of Paris scores 5 VP and the most VP wins.",
            fields: END_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record) && ending(record).is_some()
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerStep {
            rule: "20.1, L1746-1752",
        })
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &FINAL_TIE);
        Self::fill(input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if ending(record).is_none() {
            return Err(InputError::new(
                "why",
                "the game goes on: it ends a full turn after the Allies took Paris, at a Catastrophic Failure or after December 1815 (20.1.1, L1748-1752)",
            ));
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = ["why", "paris", "french_vp", "allied_vp", "catastrophic_vp"];
        match input.first_difference(&known, facts) {
            Some((id, value)) => Err(InputError::new(id, format!("the record has {value}"))),
            None => Ok(()),
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let holder = input.text("paris");
        let mut french = input.number("french_vp");
        let mut allied = input.number("allied_vp");
        if holder == "allied" {
            allied += 5;
        } else {
            french += 5;
        }
        let mut effects = Vec::new();
        if input.flag("catastrophic_vp") {
            allied += 5;
            effects.push(Effect::VictoryPoints {
                side: "allied".into(),
                points: 5,
                reason: "the French suffered Catastrophic Failure".into(),
                rule: "20.3, L1769".into(),
            });
        }
        let result = match french.cmp(&allied) {
            std::cmp::Ordering::Greater => format!("the French win, {french} VP to {allied}"),
            std::cmp::Ordering::Less => format!("the Allies win, {allied} VP to {french}"),
            std::cmp::Ordering::Equal if input.text(FINAL_TIE.id) == "french" => {
                format!("the French win the tie at {french} VP each (settings)")
            }
            std::cmp::Ordering::Equal => format!("a draw at {french} VP each"),
        };
        effects.extend([
            Effect::VictoryPoints {
                side: holder.into(),
                points: 5,
                reason: "holding Paris at the end of the game".into(),
                rule: "20.3, L1771".into(),
            },
            Effect::Mark {
                name: format!("{OVER}: {result}").as_str().into(),
                rule: "20.1.1, L1748-1752".into(),
            },
        ]);
        Ok(Resolution::book_keeping(
            "end",
            format!("The campaign ends, as {}: {result}", input.text("why")),
            effects,
        ))
    }
}

/// Why the campaign is over, once its end is resolved.
pub fn over(record: &Record) -> Option<String> {
    record
        .marks
        .iter()
        .find(|mark| mark.as_str().starts_with(OVER))
        .map(|mark| mark.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beyond_waterloo::roster::NAPOLEON;

    /// A campaign record with Napoleon leading the Armée du Nord at Morale `morale`.
    fn with_napoleon_at(morale: u32) -> Record {
        let mut record = Record {
            scenario: super::super::BASIC_GAME.into(),
            ..Record::default()
        };
        let set = |unit: &str, attribute: &str, value: &str| {
            Effect::set_attribute("french", unit, attribute, value, "test")
        };
        record.apply(
            &[
                set(NAPOLEON, attribute::FORMATION, "Armée du Nord"),
                set(
                    "Armée du Nord",
                    attribute::FORMATION_MORALE,
                    &morale.to_string(),
                ),
            ],
            1,
        );
        record
    }

    #[test]
    fn napoleons_formation_at_morale_zero_ends_the_campaign_unless_the_house_rule_says_not() {
        // 27.2.3, L2396: the game ends; L2398: the players may disregard the sudden death.
        assert!(!sudden_death(&with_napoleon_at(1)));
        let mut record = with_napoleon_at(0);
        assert!(sudden_death(&record));
        assert!(ending(&record).is_some_and(|why| why.contains("Catastrophic Failure")));
        record
            .options
            .insert(SUDDEN_DEATH.id.into(), "disregarded".into());
        assert!(!sudden_death(&record));
        assert_eq!(ending(&record), None);
    }
}
