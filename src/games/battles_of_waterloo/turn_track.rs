//! The Turn Record Track and the weather. The track is printed on the game's card (its times, two
//! Dusk turns and one Dark turn, L1665; "Rain, x-y" entries, L1690), so the players enter it once;
//! from then on the notes above the checklist give each turn's time, light and weather, and the
//! checklist stops after the scenario's last turn.
//!
//! Readings taken:
//! - Turns are half an hour apart (digest §0: "1300 and 1330 turns", L279; L1709; L1242).
//! - The Rain roll comes at the very start of the turn, "before starting play for that turn"
//!   (L1690), so it sits in the first step of the Initiative Phase.
//! - Mud: "the first three non-Rain turns after a Rain turn" (L1707): counted from the last turn
//!   it rained, so rain again restarts the count. The 1130 and 1200 turns of every June 18th
//!   scenario are Mud turns (L1709).

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::{self, SIDE};
use super::options::{self, RAIN_MINUS_ONE, WET_FUSES};
use super::roster::attribute;
use super::{june_16th, step_note};
use crate::engine::dice::DiceSpec;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Once, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::engine::turns::TurnNote;

const TRACK_RULE: &str = "Turn Record Track, R 11.1-11.2, L1665";
const RAIN_RULE: &str = "Rain, R 11.3A, L1688-1690";
const WET_FUSES_RULE: &str = "Wet Fuses (optional), R 11.4, L1701-1703";

/// The counters the track keeps, as times such as 1330.
mod counter {
    pub const FIRST: &str = "Turn track: first turn";
    pub const LAST: &str = "Turn track: last turn";
    pub const DUSK: &str = "Turn track: first Dusk turn";
    pub const DARK: &str = "Turn track: Dark turn";
    /// The turn number of the last turn it rained.
    pub const LAST_RAIN: &str = "Rain: last Rain turn";
    /// The turn number of the last Rain roll.
    pub const RAIN_ROLLED: &str = "Rain: rolled on turn";
    /// The first turn of the Rain turns that run to the last one: wet fuses stay wet while the
    /// rain lasts (L1703).
    pub const SPELL: &str = "Rain: raining since turn";
}

/// A time on the track, such as 1330, as minutes past midnight, if it is a half-hour time.
fn minutes(time: i64) -> Option<i64> {
    let (hours, minutes) = (time / 100, time % 100);
    ((0..24).contains(&hours) && (minutes == 0 || minutes == 30)).then_some(hours * 60 + minutes)
}

/// "13:30".
pub fn clock(time: i64) -> String {
    format!("{:02}:{:02}", time / 100, time % 100)
}

/// The time of turn `turn` on the track the players entered.
pub fn time_of(record: &Record, turn: u32) -> Option<i64> {
    let first = minutes(*record.counters.get(counter::FIRST)?)?;
    let at = first + 30 * (i64::from(turn) - 1);
    Some((at / 60) * 100 + at % 60)
}

/// The turn number of time `time` on the track the players entered.
fn turn_at(record: &Record, time: i64) -> Option<u32> {
    let first = minutes(*record.counters.get(counter::FIRST)?)?;
    let offset = minutes(time)? - first;
    (offset >= 0).then(|| u32::try_from(offset / 30 + 1).ok())?
}

/// The scenario's last turn, once the players entered the track.
pub fn last_turn(record: &Record) -> Option<u32> {
    turn_at(record, *record.counters.get(counter::LAST)?)
}

/// The light of a turn (R 11.1-11.2, L1665-1684).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Light {
    Day,
    Dusk,
    Dark,
}

pub fn light(record: &Record, turn: u32) -> Light {
    let at = |name: &str| {
        record
            .counters
            .get(name)
            .filter(|time| **time > 0)
            .and_then(|time| turn_at(record, *time))
    };
    if at(counter::DARK) == Some(turn) {
        Light::Dark
    } else if at(counter::DUSK).is_some_and(|dusk| turn == dusk || turn == dusk + 1) {
        Light::Dusk
    } else {
        Light::Day
    }
}

/// Whether it rains this turn (a Rain roll this turn came inside the range).
pub fn raining(record: &Record) -> bool {
    record.counters.get(counter::LAST_RAIN) == Some(&i64::from(record.position.turn))
}

/// Whether this is a Mud turn (R 11.5, L1705-1715).
pub fn mud(record: &Record) -> bool {
    let turn = i64::from(record.position.turn);
    let after_rain = !raining(record)
        && record
            .counters
            .get(counter::LAST_RAIN)
            .is_some_and(|rained| (1..=3).contains(&(turn - rained)));
    let june_18th_morning = !june_16th(record)
        && time_of(record, record.position.turn).is_some_and(|t| t == 1130 || t == 1200);
    after_rain || june_18th_morning
}

/// The notes of the turn's time, light and weather.
pub fn notes(record: &Record) -> Vec<TurnNote> {
    let turn = record.position.turn;
    let mut notes = Vec::new();
    match (time_of(record, turn), last_turn(record)) {
        (Some(time), Some(last)) => notes.push(TurnNote {
            text: format!("The {} turn, turn {turn} of {last}", clock(time)),
            rule: TRACK_RULE,
        }),
        _ => notes.push(step_note(
            "Enter the scenario's Turn Record Track (first step): each turn's time, Dusk, Dark and the last turn.",
            TRACK_RULE,
        )),
    }
    match light(record, turn) {
        Light::Day => {}
        Light::Dusk => notes.push(step_note(
            "Dusk: Movement Allowances -1; artillery range -1 and fire beyond 1 hex shifts 1L; no Grand Battery or combined artillery fire; Command and Combat Ranges -1.",
            "Dusk, R 11.1, L1667-1673",
        )),
        Light::Dark => notes.push(step_note(
            "Dark: no Strategic Movement; artillery fires at 1 hex only, shifted 1L; infantry may not fire; no Grand Battery or combined fire; Command and Combat Ranges halved (round down); no Impetuosity; Rally +2.",
            "Dark, R 11.2, L1675-1684",
        )),
    }
    if raining(record) {
        notes.push(step_note(
            "Rain: +1 to every non-road movement cost; paths cost 2 MP; no fords; Strategic Movement on roads only; Command Ranges -1.",
            "Rain, R 11.3B, L1692-1699",
        ));
    }
    if mud(record) {
        notes.push(step_note(
            "Mud: Strategic Movement on roads only (not paths); artillery pays +1 MP for every off-road or path hex.",
            "Mud, R 11.5, L1705-1715",
        ));
    }
    notes
}

/// A track time such as 1330, or 0 for none.
const fn time_field(id: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Turn Record Track",
        kind: FieldKind::Number { min: 0, max: 2330 },
        rule: TRACK_RULE,
        help,
    }
}

const TRACK_FIELDS: &[Field] = &[
    time_field(
        "first_turn",
        "First turn (e.g. 1300)",
        "The time of the scenario's first turn, as the track prints it.",
    ),
    time_field(
        "last_turn",
        "Last turn (e.g. 2000)",
        "The time of the scenario's last turn.",
    ),
    time_field(
        "dusk_turn",
        "First of the two Dusk turns (0 if none)",
        "The track marks two turns as Dusk (L1665).",
    ),
    time_field(
        "dark_turn",
        "The Dark turn (0 if none)",
        "The track marks one turn as Dark (L1665).",
    ),
];

/// Records the scenario's Turn Record Track.
pub struct TurnTrack;

impl Procedure for TurnTrack {
    fn about(&self) -> &About {
        &About {
            id: "turn-track",
            title: "Turn Record Track",
            rule: TRACK_RULE,
            summary: "Records the times on the scenario's Turn Record Track: its first and last turns, Dusk and Dark. The notes above the checklist then give each turn's time and light.",
            fields: TRACK_FIELDS,
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for (field, name) in [
            ("first_turn", counter::FIRST),
            ("last_turn", counter::LAST),
            ("dusk_turn", counter::DUSK),
            ("dark_turn", counter::DARK),
        ] {
            if let Some(time) = record.counters.get(name) {
                input.set(field, Value::Number(*time));
            }
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let time = |field: &str| i64::from(input.number(field));
        for field in ["first_turn", "last_turn", "dusk_turn", "dark_turn"] {
            if minutes(time(field)).is_none() {
                return Err(InputError::new(
                    field,
                    "a time on the hour or the half-hour, such as 1300 or 1330",
                ));
            }
        }
        for field in ["first_turn", "last_turn"] {
            if time(field) == 0 {
                return Err(InputError::new(
                    field,
                    "enter the time the track prints, such as 1300",
                ));
            }
        }
        let (first, last) = (time("first_turn"), time("last_turn"));
        if minutes(last) < minutes(first) {
            return Err(InputError::new(
                "last_turn",
                "the last turn comes before the first",
            ));
        }
        for (field, extra) in [("dusk_turn", 1), ("dark_turn", 0)] {
            let at = time(field);
            let within = minutes(at)
                .zip(minutes(first))
                .zip(minutes(last))
                .is_some_and(|((at, first), last)| at >= first && at + 30 * extra <= last);
            if at != 0 && !within {
                return Err(InputError::new(
                    field,
                    "the turn is not between the first and the last turn",
                ));
            }
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let set = |name: &str, field: &str| Effect::SetCounter {
            name: name.into(),
            value: i64::from(input.number(field)),
            rule: TRACK_RULE.into(),
            lasts: Lasts::Game,
        };
        let effects = vec![
            set(counter::FIRST, "first_turn"),
            set(counter::LAST, "last_turn"),
            set(counter::DUSK, "dusk_turn"),
            set(counter::DARK, "dark_turn"),
        ];
        let time = |field: &str| clock(i64::from(input.number(field)));
        Ok(Resolution::book_keeping(
            "track",
            format!("Turns from {} to {}", time("first_turn"), time("last_turn")),
            effects,
        ))
    }
}

const RAIN_FIELDS: &[Field] = &[
    Field {
        id: "from",
        label: "Rain range on the track: from",
        group: "Rain",
        kind: FieldKind::Number { min: 0, max: 9 },
        rule: RAIN_RULE,
        help: "The track shows \"Rain\" and a range, e.g. \"Rain, 0-3\": enter 0.",
    },
    Field {
        id: "to",
        label: "to",
        group: "Rain",
        kind: FieldKind::Number { min: 0, max: 9 },
        rule: RAIN_RULE,
        help: "e.g. 3 for \"Rain, 0-3\".",
    },
    Field {
        id: "rained_last_turn",
        label: "It rained last turn",
        group: "What the record knows",
        kind: FieldKind::Flag,
        rule: RAIN_RULE,
        help: "Filled in from the record: -1 to the roll (L1690).",
    },
    forms::turn_field(RAIN_RULE),
    options::on_form(RAIN_MINUS_ONE),
];

/// The Rain roll of a June 16th turn whose track shows a Rain range.
pub struct Rain;

impl Rain {
    fn minus_one(input: &Input) -> Vec<Modifier> {
        if input.flag("rained_last_turn") {
            vec![Modifier::new("Rain", "It rained last turn", -1, RAIN_RULE)]
        } else {
            Vec::new()
        }
    }
}

impl Procedure for Rain {
    fn about(&self) -> &About {
        &About {
            id: "rain",
            title: "Rain roll",
            rule: RAIN_RULE,
            summary: "June 16th battles only: where the track shows \"Rain\" with a range, one die decides before play whether it rains this turn; -1 if it rained last turn.",
            fields: RAIN_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        june_16th(record)
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn once(&self) -> Option<Once> {
        Some(Once::PerTurn { rule: RAIN_RULE })
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["from", "to"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let turn = i64::from(record.position.turn);
        input.set("turn", Value::Number(turn));
        input.set(
            "rained_last_turn",
            Value::Flag(record.counters.get(counter::LAST_RAIN) == Some(&(turn - 1))),
        );
        prefill_setting(input, record, &RAIN_MINUS_ONE);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("to") < input.number("from") {
            return Err(InputError::new("to", "the range ends before it starts"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if !june_16th(record) {
            return Err(InputError::new(
                "",
                "it rains only in the June 16th battles (L1688)",
            ));
        }
        forms::check_turn(input, record)?;
        let turn = i64::from(record.position.turn);
        let rained = record.counters.get(counter::LAST_RAIN) == Some(&(turn - 1));
        if input.flag("rained_last_turn") != rained {
            return Err(InputError::new(
                "rained_last_turn",
                "the record says otherwise: open the form again to fill this in",
            ));
        }
        Ok(())
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        Self::minus_one(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Rain die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let modifiers = Self::minus_one(input);
        // The roll is not a test against a rating; `roll_under` only totals it here.
        let rolled = checks::roll_under(
            faces.first().copied().unwrap_or(0),
            0,
            &modifiers,
            TestKind::Other,
            ZeroPasses::CohesionChecksOnly,
        );
        let (from, to) = (input.number("from"), input.number("to"));
        let below_zero_counts = input.text(RAIN_MINUS_ONE.id) == "inside" && from == 0;
        let rains =
            (from..=to).contains(&rolled.modified) || (rolled.modified < 0 && below_zero_counts);
        let turn = i64::from(input.number("turn"));
        let mut effects = vec![Effect::SetCounter {
            name: counter::RAIN_ROLLED.into(),
            value: turn,
            rule: RAIN_RULE.into(),
            lasts: Lasts::Game,
        }];
        if rains && !input.flag("rained_last_turn") {
            effects.push(Effect::SetCounter {
                name: counter::SPELL.into(),
                value: turn,
                rule: WET_FUSES_RULE.into(),
                lasts: Lasts::Game,
            });
        }
        if rains {
            effects.push(Effect::SetCounter {
                name: counter::LAST_RAIN.into(),
                value: turn,
                rule: RAIN_RULE.into(),
                lasts: Lasts::Game,
            });
            effects.push(Effect::reminder(
                "Rain this turn: +1 to every non-road movement cost, paths cost 2 MP, no fords, Strategic Movement on roads only, Command Ranges -1",
                "Rain, R 11.3B, L1692-1699",
            ));
        }
        let (key, headline) = if rains {
            (
                "rain",
                format!("Rain: {} is within {from}-{to}", rolled.modified),
            )
        } else {
            (
                "dry",
                format!("No rain: {} is outside {from}-{to}", rolled.modified),
            )
        };
        Ok(Resolution {
            totals: vec![rolled.total("Rain")],
            modifiers,
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: key.into(),
                rank: if rains { 1 } else { 0 },
                headline,
            },
            effects,
        })
    }
}

/// Whether a unit's fuses are wet: they got wet during the rain that still falls (L1703).
pub fn fuses_wet(record: &Record, unit: &crate::engine::record::UnitRecord) -> bool {
    let since = record.counters.get(counter::SPELL);
    raining(record)
        && unit
            .attribute(attribute::WET_FUSES)
            .and_then(|turn| turn.parse::<i64>().ok())
            .zip(since)
            .is_some_and(|(wet, since)| wet >= *since)
}

const WET_FIELDS: &[Field] = &[
    SIDE,
    Field {
        kind: FieldKind::Unit {
            of: crate::engine::input::UnitOf::Side("side"),
            only: &[("type", "infantry"), ("state", "In play")],
            max_len: 40,
        },
        ..forms::unit("unit", "Infantry unit that fired", WET_FUSES_RULE)
    },
    forms::turn_field(WET_FUSES_RULE),
];

/// The Wet Fuses roll of an infantry unit that fired in the Rain (optional rule).
pub struct WetFuses;

impl Procedure for WetFuses {
    fn about(&self) -> &About {
        &About {
            id: "wet-fuses",
            title: "Wet Fuses",
            rule: WET_FUSES_RULE,
            summary: "Optional: each time an infantry unit fires in the Rain, one die: odd, its fuses are wet and it cannot fire again until a turn without Rain; even, no effect.",
            fields: WET_FIELDS,
        }
    }
    fn applies(&self, record: &Record) -> bool {
        record.option(WET_FUSES.id, "off") == "on"
            && raining(record)
            && super::lims::offered(record, self.id())
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "unit"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("turn", Value::Number(i64::from(record.position.turn)));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("unit").trim().is_empty() {
            return Err(InputError::new("unit", "name the infantry unit that fired"));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if record.option(WET_FUSES.id, "off") != "on" {
            return Err(InputError::new(
                "",
                "the optional Wet Fuses rule is not in use (see Settings)",
            ));
        }
        if !raining(record) {
            return Err(InputError::new(
                "",
                "fuses get wet only in a Rain turn (L1703)",
            ));
        }
        forms::check_turn(input, record)?;
        if let Some(unit) = record.unit(input.text("side"), input.text("unit").trim())
            && fuses_wet(record, unit)
        {
            return Err(InputError::new(
                "unit",
                "its fuses are already wet: it cannot fire until a turn without Rain (L1703)",
            ));
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        checks::one_die("Wet Fuses die")
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let die = faces.first().copied().unwrap_or(0);
        let (side, name) = (input.text("side"), input.text("unit").trim());
        let wet = die % 2 == 1;
        let effects = if wet {
            vec![
                Effect::set_attribute(
                    side,
                    name,
                    attribute::WET_FUSES,
                    input.number("turn"),
                    WET_FUSES_RULE,
                ),
                Effect::reminder(
                    &format!(
                        "{name} cannot fire again until a turn without Rain; in Shock, +2 if it attacks, -2 if it defends"
                    ),
                    "Wet Fuses, R 11.4, L1703; R 8.53, L1095",
                ),
            ]
        } else {
            Vec::new()
        };
        let headline = if wet {
            format!("Wet fuses: {name} rolled {die}, odd")
        } else {
            format!("Dry: {name} rolled {die}, even")
        };
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: vec![SideTotal {
                side: name.to_string(),
                die: Some(i32::from(die)),
                modifiers: 0,
                total: i32::from(die),
            }],
            limits: Vec::new(),
            cell: None,
            outcome: Outcome {
                key: if wet { "wet" } else { "dry" }.into(),
                rank: i32::from(wet),
                headline,
            },
            effects,
        })
    }
}
