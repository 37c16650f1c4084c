//! The Impulses (6.0-6.3, L765-1063): from the Side holding the Initiative Disc at the start of
//! the turn, the Sides alternate; in its Impulse a Side takes a Tactical Action, plays the Disc
//! for a Strategic Action, or passes. Playing the Disc hands it to the other Side (L874-875). Two
//! passes in a row, one by each Side, end the Impulses (L803-806).

use super::activation::BATTLES_ALLOWED;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::table_set::TableSet;

/// The two Sides, as the Impulses alternate between them (L98-139, L128-132).
pub const SIDES: &[(&str, &str)] = &[("french", "French"), ("british", "Allies")];

/// The record's mark on the Side holding the Initiative Disc.
pub fn disc_mark(side: &str) -> String {
    format!("Initiative Disc: {}", side_name(side))
}

fn side_name(side: &str) -> &'static str {
    if side == "french" {
        "the French"
    } else {
        "the Allies"
    }
}

/// The other Side.
pub fn other(side: &str) -> &'static str {
    if side == "french" {
        "british"
    } else {
        "french"
    }
}

/// The Side holding the Disc: the French until a Strategic Action hands it over (L775-776).
pub fn disc_holder(record: &Record) -> &'static str {
    if record.marks.contains(disc_mark("british").as_str()) {
        "british"
    } else {
        "french"
    }
}

/// The Impulses played this turn (L770-771): a variable number, from 2 up.
const IMPULSES: &str = "Impulses this turn";
/// Passes in a row this turn (L803-806).
pub const PASSES: &str = "Passes in a row";

/// The record's mark on the action of the Impulse being played.
pub fn action_mark(action: &str) -> String {
    let name = match action {
        "pass" => "a Pass",
        "strategic-move" => "a Strategic Action A",
        "strategic-reinforce" => "a Strategic Action B",
        "strategic-bombard" => "a Grande Batterie",
        _ => "a Tactical Action",
    };
    format!("This Impulse: {name}")
}

/// The record's mark while a Strategic Action A is played: one battle per faction (L853-855).
pub const STRATEGIC_MOVE: &str = "This Impulse: a Strategic Action A";

/// The record's mark once a Strategic Action A has made its one new engagement (L853-854).
pub const NEW_ENGAGEMENT: &str = "New engagement made this Impulse";

/// The record's mark once the Tactical Action's leaders are activated (6.2.1, L906-910).
pub const LEADERS_ACTIVATED: &str = "Tactical Leaders activated this Impulse";

/// The record's mark on the Side with the Initiative this turn: the first to play (L353-355).
fn initiative_mark(side: &str) -> String {
    format!("Initiative this turn: {}", side_name(side))
}

/// The Side with the Initiative this turn: the Disc's holder at its start (L353-355).
pub fn initiative_side(record: &Record) -> &'static str {
    if impulses(record) > 0 && record.marks.contains(initiative_mark("british").as_str()) {
        "british"
    } else if impulses(record) > 0 {
        "french"
    } else {
        disc_holder(record)
    }
}

/// The Side that played the last Impulse this turn, if any has.
pub fn last_side(record: &Record) -> Option<&'static str> {
    if impulses(record) == 0 {
        None
    } else if record.marks.contains(last_mark("french").as_str()) {
        Some("french")
    } else {
        Some("british")
    }
}

/// The record's mark on a faction that has fought its battle of a Strategic Action A.
pub fn fought_mark(faction: &str) -> String {
    format!("Battle fought this Impulse: {}", super::side_label(faction))
}

/// The record's mark on the Side that played the last Impulse.
fn last_mark(side: &str) -> String {
    format!("Last Impulse: {}", side_name(side))
}

/// Whose Impulse it is: the other Side after an Impulse this turn, else the Side with the
/// Initiative, the Disc's holder at the start of the turn (L353-355, L770-773).
pub fn phasing_side(record: &Record) -> &'static str {
    last_side(record).map_or_else(|| disc_holder(record), other)
}

/// The Side whose Impulse is being played: the last to begin one, or before any the Side to
/// play first.
pub fn current_side(record: &Record) -> &'static str {
    last_side(record).unwrap_or_else(|| phasing_side(record))
}

/// How many Impulses have been played this turn.
pub fn impulses(record: &Record) -> i64 {
    record.counters.get(IMPULSES).copied().unwrap_or(0)
}

/// Passes in a row so far this turn.
fn passes(record: &Record) -> i64 {
    record.counters.get(PASSES).copied().unwrap_or(0)
}

const ACTIONS: &[(&str, &str)] = &[
    ("tactical", "Tactical Action: activate Tactical Leaders"),
    ("strategic-move", "Strategic Action A: move, play the Disc"),
    (
        "strategic-reinforce",
        "Strategic Action B: Reinforcements, play the Disc",
    ),
    (
        "strategic-bombard",
        "Grande Batterie: bombard, play the Disc (optional rule 5.0)",
    ),
    ("pass", "Pass"),
];

const FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Side",
        group: "Impulse",
        kind: FieldKind::Choice(SIDES),
        rule: "6.0 Sequence of Play, L770-773",
        help: "The Side whose Impulse it is; filled in from the record. The British and the Prussians choose the same action (L128-132).",
    },
    Field {
        id: "action",
        label: "Action",
        group: "Impulse",
        kind: FieldKind::Choice(ACTIONS),
        rule: "2.0 Basic Definitions, L322-328; 6.0, L798-801",
        help: "A Strategic Action needs the Initiative Disc.",
    },
    Field {
        id: "number",
        label: "Impulse of the turn",
        group: "Impulse",
        kind: FieldKind::Number { min: 1, max: 99 },
        rule: "6.0, L770-771",
        help: "Filled in from the record.",
    },
    Field {
        id: "passes_before",
        label: "Passes in a row before this Impulse",
        group: "Impulse",
        kind: FieldKind::Count { max: 2 },
        rule: "6.0, L803-806; 2.0, L337-338",
        help: "Filled in from the record: a pass after the other Side's pass ends the Impulses.",
    },
];

pub struct Impulse;

impl Procedure for Impulse {
    fn about(&self) -> &About {
        &About {
            id: "impulse",
            title: "Impulse: choose the action",
            rule: "6.0-6.3, L765-1063",
            summary: "The phasing Side takes a Tactical Action, plays the Initiative Disc for a Strategic Action, or passes; two passes in a row end the Impulses.",
            fields: FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "action"]
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        input.set("side", Value::Text(phasing_side(record).into()));
        input.set("passes_before", Value::Number(passes(record)));
        input.set("number", Value::Number(impulses(record) + 1));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if passes(record) >= 2 {
            return Err(InputError::new("", impulses_over(record)));
        }
        if let Some(leader) = record
            .units_where(None, &[(super::activation::ACTIVATED, "yes")])
            .map(|(_, name, _)| name)
            .next()
        {
            return Err(InputError::new(
                "",
                format!(
                    "{leader} is still activated: resolve the Deactivation that ends the last Impulse first (6.2.4, L1191-1196)"
                ),
            ));
        }
        if i64::from(input.number("number")) != impulses(record) + 1 {
            return Err(InputError::new(
                "number",
                format!("the record has {} Impulse(s) this turn", impulses(record)),
            ));
        }
        if i64::from(input.number("passes_before")) != passes(record) {
            return Err(InputError::new(
                "passes_before",
                format!("the record has {} pass(es) in a row", passes(record)),
            ));
        }
        let phasing = phasing_side(record);
        if side != phasing {
            return Err(InputError::new(
                "side",
                format!(
                    "it is {}'s Impulse: the Sides alternate (6.0, L770-773)",
                    side_name(phasing)
                ),
            ));
        }
        if input.text("action") == "strategic-bombard" {
            if side != "french" {
                return Err(InputError::new(
                    "action",
                    "only the French form a Grande Batterie (OR 5.0, L1363-1365)",
                ));
            }
            if record.option(super::options::GRANDE_BATTERIE.id, "off") != "on" {
                return Err(InputError::new(
                    "action",
                    "the optional rule 5.0 is not played (Session settings)",
                ));
            }
        }
        if input.text("action").starts_with("strategic") && disc_holder(record) != side {
            return Err(InputError::new(
                "action",
                format!(
                    "a Strategic Action plays the Initiative Disc, which {} hold (6.1, L833-835)",
                    side_name(disc_holder(record))
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
        let side = input.text("side");
        let action = input.text("action");
        let for_turn = |name: &str, value: i64, rule: &str| Effect::SetCounter {
            name: name.into(),
            value,
            rule: rule.into(),
            lasts: Lasts::Turn,
        };
        let passes = if action == "pass" {
            i64::from(input.number("passes_before")) + 1
        } else {
            0
        };
        let mut effects = vec![
            for_turn(IMPULSES, i64::from(input.number("number")), "6.0, L770-771"),
            Effect::Unmark {
                name: last_mark(other(side)).as_str().into(),
                rule: "6.0, L770-773".into(),
            },
            Effect::Mark {
                name: last_mark(side).as_str().into(),
                rule: "6.0, L770-773".into(),
            },
            for_turn(PASSES, passes, "6.0, L803-806"),
        ];
        if action.starts_with("strategic") {
            effects.push(Effect::Unmark {
                name: disc_mark(side).as_str().into(),
                rule: "6.1, L874-875".into(),
            });
            effects.push(Effect::Mark {
                name: disc_mark(other(side)).as_str().into(),
                rule: "6.1, L874-875".into(),
            });
        }
        let (headline, allowed, rule) = match action {
            "pass" => (
                format!(
                    "{} pass: at most one unit moves, without engaging; no battle",
                    side_name(side)
                ),
                0,
                "6.3 Pass, L1059-1063",
            ),
            "strategic-move" => (
                format!(
                    "{} play the Disc to move up to each Strategic Value's units, with at most 1 new engagement and 1 battle per faction",
                    side_name(side)
                ),
                // One battle per faction: the Allies have two (digest §7.2 item 4).
                if side == "french" { 1 } else { 2 },
                "6.1 Strategic Action A, L850-855",
            ),
            "strategic-reinforce" => (
                format!(
                    "{} play the Disc for Reinforcements: up to each Strategic Value's units from the Reserve Pool; no battle",
                    side_name(side)
                ),
                0,
                "6.1 Strategic Action B, L861-867; 5.0, L817-848",
            ),
            "strategic-bombard" => (
                format!(
                    "{} play the Disc for a Grande Batterie: one uncontested enemy Area bombarded by artillery up to Napoleon's Strategic Value",
                    side_name(side)
                ),
                1,
                "OR 5.0 Grande Batterie, L1360, L1363-1366",
            ),
            _ => (
                format!(
                    "{} take a Tactical Action: activate Tactical Leaders",
                    side_name(side)
                ),
                0,
                "6.2 Tactical Action, L893-898",
            ),
        };
        // A new Impulse clears the last one's marks.
        let old_marks = ACTIONS
            .iter()
            .map(|(id, _)| action_mark(id))
            .chain(["french", "british", "prussian"].map(fought_mark))
            .chain([NEW_ENGAGEMENT.to_string(), LEADERS_ACTIVATED.to_string()]);
        for name in old_marks {
            effects.push(Effect::Unmark {
                name: name.as_str().into(),
                rule: "6.0, L770-773".into(),
            });
        }
        effects.push(Effect::Mark {
            name: action_mark(action).as_str().into(),
            rule: "2.0, L322-328; 6.0, L798-801".into(),
        });
        // The first Impulse of the turn is the Initiative's (L353-355).
        if input.number("number") == 1 {
            effects.push(Effect::Unmark {
                name: initiative_mark(other(side)).as_str().into(),
                rule: "2.1, L353-355".into(),
            });
            effects.push(Effect::Mark {
                name: initiative_mark(side).as_str().into(),
                rule: "2.1, L353-355".into(),
            });
        }
        effects.push(Effect::SetCounter {
            name: BATTLES_ALLOWED.into(),
            value: allowed,
            rule: rule.into(),
            lasts: Lasts::Step,
        });
        let headline = if passes >= 2 {
            effects.push(Effect::reminder(
                "Two passes in a row: the Impulses are over; go on to the Reorganization Phase, or in turn 5 resolve End of the game",
                "6.0, L803-806; 2.0, L337-342",
            ));
            format!("{headline}. Two passes in a row end the Impulses")
        } else if action.starts_with("strategic") {
            format!("{headline}. The Disc goes to {}", side_name(other(side)))
        } else {
            headline
        };
        Ok(Resolution::book_keeping("impulse", headline, effects))
    }
}

/// What follows two passes in a row: the Reorganization, or in turn 5 the end of the game
/// (L341-342, digest §7.2 item 10: turn 5 ends without a Reorganization).
fn impulses_over(record: &Record) -> String {
    if record.position.turn >= 5 {
        "two passes in a row in turn 5 end the game: resolve End of the game (L341-342)".into()
    } else {
        "two passes in a row have ended this turn's Impulses: go on to the Reorganization Phase (L803-806)".into()
    }
}
