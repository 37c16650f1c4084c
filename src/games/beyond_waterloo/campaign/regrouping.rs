//! Minor Allied Regrouping (27.2.3, L2402; 27.3, L2548): once the British have lost their supply
//! sources Brussels and Ostend, plus the port of Antwerp, Wellington, the King's German Legion,
//! the Hessians and the Hanoverians go to England, to reappear the following turn; the
//! Dutch-Belgians reappear the following turn at Liège or Namur, or with the nearest Prussian
//! Formation; every other Minor Allied unit, and the Dutch-Belgians who cannot regroup, leave the
//! game.
//!
//! Readings: the app holds no map, so the players state the three losses and where the
//! Dutch-Belgians can go. "England" is the Britain Box of the British Off-Board Movement Track,
//! the game's only place in England; the pieces stand there un-brigaded and may not move before
//! the following turn, as a scenario's late arrivals (27.2.2, L2310). Dutch-Belgians going to a
//! Prussian Formation join it. Only pieces in play regroup or leave: those in the pools stay
//! there. Which Minor Allies leave is a setting: every other one, as printed, or only those
//! serving in British Formations, as the rule's cause, the British losses, may suggest.

use super::fields::{KNOWN, known_text, this_turn};
use super::movement::ops_mark;
use super::organization::deactivated;
use super::set_up::{MINOR, MOVES_FROM_TURN, TRACK};
use super::settings::{REGROUPING_SCOPE, on_form};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::games::beyond_waterloo::roster::{attribute, state};

const RULE: &str = "27.2.3 Minor Allied Regrouping, L2402";

/// The mark that the regrouping has happened: once a game.
pub const REGROUPED: &str = "Minor Allied Regrouping done";

/// Where Wellington and the troops sent to England stand.
const BRITAIN_BOX: &str = "Britain Box";
const BRITISH_TRACK: &str = "British Off-Board Movement Track";

/// The nations that go to England with Wellington (L2402).
const TO_ENGLAND: &[&str] = &["kgl", "hesse", "hanoverian"];
const DUTCH_BELGIAN: &str = "dutch-belgian";
const WELLINGTON: &str = "Wellington";

const DESTINATIONS: &[(&str, &str)] = &[
    ("liege", "Liège (J1), not French-occupied"),
    ("namur", "Namur (J2), not French-occupied"),
    (
        "prussian",
        "With the nearest Prussian Formation, within four areas of where they stood",
    ),
    ("leave", "Nowhere: they leave the game"),
];

const fn lost(id: &'static str, label: &'static str) -> Field {
    Field::flag(
        id,
        label,
        "The trigger",
        "27.2.3, L2402",
        "As the players see it on the map.",
    )
}

const fn known(id: &'static str, label: &'static str) -> Field {
    known_text(id, label, 2000, RULE, "From the record.")
}

const FIELDS: &[Field] = &[
    lost("brussels", "The British have lost Brussels"),
    lost("ostend", "The British have lost Ostend"),
    lost("antwerp", "The British have lost the port of Antwerp"),
    Field {
        id: "dutch_belgians_to",
        label: "The Dutch-Belgians reappear",
        group: "The Dutch-Belgians",
        kind: FieldKind::Choice(DESTINATIONS),
        rule: "27.2.3, L2402",
        help: "At Liège or Namur if it is not French-occupied, or with the nearest Prussian Formation if it is within four areas of their previous location; otherwise they leave the game.",
    },
    Field {
        id: "prussian_formation",
        label: "The Prussian Formation they join",
        group: "The Dutch-Belgians",
        kind: FieldKind::Unit {
            of: UnitOf::Fixed("allied"),
            only: &[
                (attribute::TYPE, "formation"),
                (attribute::NATION, "prussian"),
                ("state", state::IN_PLAY),
            ],
            max_len: crate::engine::input::UNIT_NAME_MAX,
        },
        rule: "27.2.3, L2402",
        help: "The nearest one, within four areas of where the Dutch-Belgians stood.",
    },
    known("to_england", "To England, for the following turn"),
    known("dutch_belgians", "The Dutch-Belgians"),
    known("leaving", "Leaving the game"),
    known("wellingtons_formation", "The Formation Wellington leaves"),
    known("emptied", "Formations left with no unit"),
    this_turn("27.2, L2252"),
    Field {
        id: "phase",
        label: "This Phase",
        group: KNOWN,
        kind: FieldKind::Text { max_len: 10 },
        rule: "4.5.6, L720",
        help: "From the record.",
    },
    on_form(REGROUPING_SCOPE),
];

/// An Allied Troop unit in play, on the map or off it.
fn allied_troops(record: &Record) -> impl Iterator<Item = (&str, &UnitRecord)> {
    record
        .units_where(Some("allied"), &[("state", state::IN_PLAY)])
        .filter(|(_, _, u)| matches!(u.attribute(attribute::TYPE), Some("infantry" | "cavalry")))
        .map(|(_, name, u)| (name, u))
}

fn nation(unit: &UnitRecord) -> &str {
    unit.attribute(attribute::NATION).unwrap_or("")
}

/// Whether a Minor Allied unit serves in a British Formation.
fn with_the_british(record: &Record, unit: &UnitRecord) -> bool {
    unit.attribute(attribute::FORMATION)
        .and_then(|f| record.unit("allied", f))
        .and_then(|f| f.attribute(attribute::NATION))
        == Some("british")
}

fn names<'a>(pieces: impl Iterator<Item = &'a str>) -> String {
    pieces.collect::<Vec<_>>().join("; ")
}

fn listed<'a>(input: &'a Input, id: &str) -> impl Iterator<Item = &'a str> {
    input
        .text(id)
        .split("; ")
        .map(str::trim)
        .filter(|n| !n.is_empty())
}

pub struct MinorAlliedRegrouping;

impl MinorAlliedRegrouping {
    fn fill(input: &mut Input, record: &Record) {
        let wellington = record
            .unit("allied", WELLINGTON)
            .filter(|w| w.state.as_ref() == state::IN_PLAY);
        let to_england: Vec<&str> = wellington
            .map(|_| WELLINGTON)
            .into_iter()
            .chain(
                allied_troops(record)
                    .filter(|(_, u)| TO_ENGLAND.contains(&nation(u)))
                    .map(|(name, _)| name),
            )
            .collect();
        let dutch_belgians: Vec<&str> = allied_troops(record)
            .filter(|(_, u)| nation(u) == DUTCH_BELGIAN)
            .map(|(name, _)| name)
            .collect();
        let all_minor = input.text(REGROUPING_SCOPE.id) != "with_the_british";
        let leaving: Vec<&str> = allied_troops(record)
            .filter(|(_, u)| u.attribute(MINOR) == Some("yes"))
            .filter(|(_, u)| !TO_ENGLAND.contains(&nation(u)) && nation(u) != DUTCH_BELGIAN)
            .filter(|(_, u)| all_minor || with_the_british(record, u))
            .map(|(name, _)| name)
            .collect();
        // Every Troop unit that leaves its Formation, whatever the Dutch-Belgians' fate.
        let going: Vec<&str> = to_england
            .iter()
            .chain(&dutch_belgians)
            .chain(&leaving)
            .copied()
            .collect();
        let emptied: Vec<String> = record
            .units_where(
                Some("allied"),
                &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
            )
            .filter(|(_, name, _)| {
                allied_troops(record).any(|(_, u)| u.attribute(attribute::FORMATION) == Some(name))
                    && super::organization::emptied_by(record, "allied", name, &going)
            })
            .map(|(_, name, f)| format!("{name}: {}", f.attribute(attribute::LEADER).unwrap_or("")))
            .collect();
        let wellingtons_formation = wellington
            .and_then(|w| w.attribute(attribute::FORMATION))
            .unwrap_or("");
        input.set(
            "to_england",
            Value::Text(names(to_england.into_iter()).as_str().into()),
        );
        input.set(
            "dutch_belgians",
            Value::Text(names(dutch_belgians.into_iter()).as_str().into()),
        );
        input.set(
            "leaving",
            Value::Text(names(leaving.into_iter()).as_str().into()),
        );
        input.set(
            "wellingtons_formation",
            Value::Text(wellingtons_formation.into()),
        );
        input.set("emptied", Value::Text(emptied.join("; ").as_str().into()));
        input.set("turn", Value::Number(i64::from(record.position.turn)));
        input.set("phase", Value::Text(ops_mark(record).as_str().into()));
    }
}

impl Procedure for MinorAlliedRegrouping {
    fn about(&self) -> &About {
        &About {
            id: "minor-allied-regrouping",
            title: "Minor Allied Regrouping",
            rule: RULE,
            summary: "Once the British have lost Brussels, Ostend and Antwerp: Wellington, the KGL, the Hessians and the Hanoverians go to England for the following turn, the Dutch-Belgians to Liège, Namur or the nearest Prussian Formation, and the other Minor Allies leave the game.",
            fields: FIELDS,
        }
    }
    /// Once a game, in the campaign.
    fn applies(&self, record: &Record) -> bool {
        super::is_campaign(record) && !record.marks.contains(REGROUPED)
    }
    fn frequent(&self) -> &'static [&'static str] {
        &[
            "brussels",
            "ostend",
            "antwerp",
            "dutch_belgians_to",
            "prussian_formation",
        ]
    }
    fn shows(&self, field: &str, input: &Input) -> bool {
        field != "prussian_formation" || input.text("dutch_belgians_to") == "prussian"
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &REGROUPING_SCOPE);
        Self::fill(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == REGROUPING_SCOPE.id {
            Self::fill(input, record);
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for id in ["brussels", "ostend", "antwerp"] {
            if !input.flag(id) {
                return Err(InputError::new(
                    id,
                    "the regrouping follows the British loss of Brussels and Ostend, plus the port of Antwerp (27.2.3, L2402)",
                ));
            }
        }
        if input.text("dutch_belgians_to") == "prussian"
            && input.text("prussian_formation").trim().is_empty()
        {
            return Err(InputError::new(
                "prussian_formation",
                "name the Prussian Formation the Dutch-Belgians join",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if record.marks.contains(REGROUPED) {
            return Err(InputError::new(
                "brussels",
                "the Minor Allies have regrouped already",
            ));
        }
        let mut known = input.clone();
        Self::fill(&mut known, record);
        let facts = [
            "to_england",
            "dutch_belgians",
            "leaving",
            "wellingtons_formation",
            "emptied",
            "turn",
            "phase",
        ];
        if let Some((id, value)) = input.first_difference(&known, facts) {
            return Err(InputError::new(
                id,
                format!("the record has {value}: open the form again"),
            ));
        }
        if input.text("dutch_belgians_to") == "prussian" {
            let name = input.text("prussian_formation").trim();
            let prussian = record
                .unit("allied", name)
                .filter(|f| f.state.as_ref() == state::IN_PLAY)
                .filter(|f| f.attribute(attribute::TYPE) == Some("formation"))
                .is_some_and(|f| f.attribute(attribute::NATION) == Some("prussian"));
            if !prussian {
                return Err(InputError::new(
                    "prussian_formation",
                    format!("{name} is not a Prussian Formation in play"),
                ));
            }
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
        let set = |name: &str, attribute: &str, value: &str| {
            Effect::set_attribute("allied", name, attribute, value, RULE)
        };
        let next_turn = (input.number("turn") + 1).to_string();
        let mut effects = vec![Effect::Mark {
            name: REGROUPED.into(),
            rule: RULE.into(),
        }];
        // Off the map to England, where they reappear the following turn.
        let england = format!("{BRITAIN_BOX}, {BRITISH_TRACK}");
        let sent_to = |name: &str, area: &str, track: &str| {
            vec![
                set(name, attribute::FORMATION, ""),
                set(name, attribute::ROLE, ""),
                set(name, attribute::BOX, ""),
                set(name, attribute::AREA, area),
                set(name, TRACK, track),
                set(name, MOVES_FROM_TURN, &next_turn),
            ]
        };
        for name in listed(input, "to_england") {
            effects.extend(sent_to(name, &england, BRITISH_TRACK));
        }
        let wellingtons = input.text("wellingtons_formation");
        if !wellingtons.is_empty() {
            effects.push(set(wellingtons, attribute::LEADER, ""));
        }
        let destination = input.text("dutch_belgians_to");
        let leave_the_game = |name: &str| {
            vec![
                Effect::set_state("allied", name, state::OUT_OF_THE_GAME, RULE),
                set(name, attribute::FORMATION, ""),
                set(name, attribute::ROLE, ""),
                set(name, attribute::BOX, ""),
                set(name, attribute::AREA, ""),
            ]
        };
        for name in listed(input, "dutch_belgians") {
            effects.extend(match destination {
                "liege" => sent_to(name, "Liège (J1)", ""),
                "namur" => sent_to(name, "Namur (J2)", ""),
                "prussian" => vec![
                    set(
                        name,
                        attribute::FORMATION,
                        input.text("prussian_formation").trim(),
                    ),
                    set(name, attribute::ROLE, ""),
                    set(name, attribute::BOX, ""),
                    set(name, attribute::AREA, ""),
                ],
                _ => leave_the_game(name),
            });
        }
        for name in listed(input, "leaving") {
            effects.extend(leave_the_game(name));
        }
        for entry in listed(input, "emptied") {
            let (formation, leader) = entry.split_once(": ").unwrap_or((entry, ""));
            // Wellington goes to England, not to the Leader Pool.
            let leader = if leader == WELLINGTON { "" } else { leader };
            effects.extend(deactivated(
                "allied",
                formation,
                leader,
                input.text("phase"),
            ));
        }
        let count = |id: &str| listed(input, id).count();
        let dutch_belgians = match destination {
            "prussian" => format!("join {}", input.text("prussian_formation").trim()),
            "leave" => "leave the game".to_string(),
            _ => format!(
                "reappear at {} in Turn {next_turn}",
                if destination == "liege" {
                    "Liège (J1)"
                } else {
                    "Namur (J2)"
                }
            ),
        };
        let headline = format!(
            "Minor Allied Regrouping: {} piece(s) go to England for Turn {next_turn}; {} Dutch-Belgian unit(s) {dutch_belgians}; {} Minor Allied unit(s) leave the game",
            count("to_england"),
            count("dutch_belgians"),
            count("leaving"),
        );
        Ok(Resolution::book_keeping("regrouping", headline, effects))
    }
}
