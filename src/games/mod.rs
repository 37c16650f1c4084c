//! The games, one folder each. Nothing outside a game's folder knows its rules; this registry only
//! lists them and renders their log events for people.

pub mod enemy_mistakes;
pub mod waterloo_campaign;

use crate::engine::export::EventText;
use crate::engine::input::{FieldKind, Input, InputError};
use crate::engine::log::{Event, EventBody, SideName, side_name};
use crate::engine::procedure::{Procedure, Resolution, resolve_checked};
use crate::engine::record::{Record, UnitRecord};
use crate::engine::session::{Session, VerifyFailure, VerifyReport};
use crate::engine::table_set::{BuiltinTable, TableSet};
use crate::engine::tables::TableError;
use crate::engine::turns::{Scenario, TurnNote, TurnSequence};
use std::path::{Path, PathBuf};

/// A game as the app knows it.
pub struct Game {
    pub id: &'static str,
    pub title: &'static str,
    /// The rulebook file in the shared seeds this game follows.
    pub rulebook: &'static str,
    /// (id, default name) of each side.
    pub sides: &'static [(&'static str, &'static str)],
    pub scenarios: &'static [Scenario],
    pub sequence: TurnSequence,
    pub procedures: &'static [&'static dyn Procedure],
    pub tables: &'static [BuiltinTable],
    /// The procedure that puts a scenario's units on the record, resolved as a game starts.
    pub set_up: Option<&'static str>,
    /// The procedure that enters a value printed only on a counter (the roster editor's cells).
    pub roster_entry: Option<&'static str>,
    /// The procedure that adds a unit the rulebook text does not name (the roster editor's button).
    pub roster_addition: Option<&'static str>,
    /// The procedure that records the session's settings (the Settings button).
    pub settings: Option<&'static str>,
    /// The special rules in force where play stands, for the banner above the checklist.
    pub turn_notes: fn(&Record) -> Vec<TurnNote>,
    /// What the record panel shows beside a unit's state (its markers), if anything.
    pub unit_summary: fn(&UnitRecord) -> String,
    /// Why play has stopped before the last turn (a Commander in Chief fell), if it has. Then
    /// only the procedures in `after_the_end` may still be resolved.
    pub game_over: fn(&Record) -> Option<String>,
    pub after_the_end: &'static [&'static str],
}

/// For games that end only after their last turn.
fn never_over(_: &Record) -> Option<String> {
    None
}

/// For games whose record panel shows only each unit's state.
fn state_only(_: &UnitRecord) -> String {
    String::new()
}

/// For games whose turns have no special rules yet.
fn no_turn_notes(_: &Record) -> Vec<TurnNote> {
    Vec::new()
}

/// A game the app lists, keeping its id stable, but cannot play yet.
const fn not_yet_available(
    id: &'static str,
    title: &'static str,
    rulebook: &'static str,
    sides: &'static [(&'static str, &'static str)],
) -> Game {
    Game {
        id,
        title,
        rulebook,
        sides,
        scenarios: &[],
        sequence: NO_SEQUENCE,
        procedures: &[],
        tables: &[],
        set_up: None,
        roster_entry: None,
        roster_addition: None,
        settings: None,
        turn_notes: no_turn_notes,
        unit_summary: state_only,
        game_over: never_over,
        after_the_end: &[],
    }
}

const NO_SEQUENCE: TurnSequence = TurnSequence {
    phases: &[],
    turn_names: &[],
};

/// Every game, in the order the app lists them. Games without procedures are listed so that their
/// ids are stable, and the app says they are not playable yet.
pub static GAMES: &[Game] = &[
    Game {
        id: waterloo_campaign::ID,
        title: waterloo_campaign::TITLE,
        rulebook: "000_8fb68a0da552406e.txt",
        sides: waterloo_campaign::SIDES,
        scenarios: waterloo_campaign::SCENARIOS,
        sequence: waterloo_campaign::SEQUENCE,
        procedures: waterloo_campaign::PROCEDURES,
        tables: waterloo_campaign::TABLES,
        set_up: Some("set-up"),
        roster_entry: Some("roster-entry"),
        roster_addition: Some("add-detachment"),
        settings: Some("settings"),
        turn_notes: waterloo_campaign::turn_notes,
        unit_summary: state_only,
        game_over: never_over,
        after_the_end: &[],
    },
    not_yet_available(
        "battles-of-waterloo",
        "The Battles of Waterloo",
        "001_313c361a8749247d.txt",
        &[("french", "French"), ("allied", "Allied")],
    ),
    not_yet_available(
        "beyond-waterloo",
        "Beyond Waterloo",
        "002_16127742acbabef4.txt",
        &[("french", "French"), ("allied", "Allied")],
    ),
    Game {
        id: enemy_mistakes::ID,
        title: enemy_mistakes::TITLE,
        rulebook: "003_471f4827b01eb0ac.txt",
        sides: enemy_mistakes::SIDES,
        scenarios: enemy_mistakes::SCENARIOS,
        sequence: enemy_mistakes::SEQUENCE,
        procedures: enemy_mistakes::PROCEDURES,
        tables: enemy_mistakes::TABLES,
        set_up: Some("set-up"),
        roster_entry: Some("tile-value"),
        roster_addition: Some("add-unit"),
        settings: Some("settings"),
        turn_notes: enemy_mistakes::turn_notes,
        unit_summary: enemy_mistakes::roster::summary,
        game_over: enemy_mistakes::game_over,
        after_the_end: enemy_mistakes::AFTER_THE_END,
    },
    not_yet_available(
        "waterloo-200",
        "Waterloo 200",
        "004_c3886c5f49dbd5b1.txt",
        &[("french", "French"), ("allied", "Allied")],
    ),
];

pub fn find(id: &str) -> Result<&'static Game, String> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        format!(
            "unknown game \"{id}\"; the games are: {}",
            GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
        )
    })
}

impl Game {
    pub fn is_playable(&self) -> bool {
        !self.procedures.is_empty()
    }

    pub fn procedure(&self, id: &str) -> Result<&'static dyn Procedure, String> {
        self.procedures
            .iter()
            .copied()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                if self.procedures.is_empty() {
                    format!(
                        "unknown procedure \"{id}\": {} has no procedures yet",
                        self.id
                    )
                } else {
                    format!(
                        "unknown procedure \"{id}\" for {}; its procedures are: {}",
                        self.id,
                        self.procedures
                            .iter()
                            .map(|p| p.id())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            })
    }

    /// The game's sides, named as the players typed them; a blank name keeps the default.
    pub fn sides_named(&self, names: &[String]) -> Vec<SideName> {
        self.sides
            .iter()
            .enumerate()
            .map(|(i, (id, default))| SideName {
                id: (*id).to_string(),
                name: names
                    .get(i)
                    .map(|n| n.trim())
                    .filter(|n| !n.is_empty())
                    .unwrap_or(default)
                    .to_string(),
            })
            .collect()
    }

    /// Checks `input` for `procedure` where play stands: once the game is over only the
    /// procedures that close it may be resolved; then the procedure's own record checks.
    pub fn check_record(
        &self,
        procedure: &dyn Procedure,
        input: &Input,
        record: &Record,
    ) -> Result<(), InputError> {
        if !self.after_the_end.contains(&procedure.id())
            && let Some(reason) = (self.game_over)(record)
        {
            return Err(InputError::new("", reason));
        }
        procedure.check_record(input, record)
    }

    /// Where an owner's copy of table file `file` lives in the data folder.
    pub fn owner_table_path(&self, data_folder: &Path, file: &str) -> PathBuf {
        data_folder.join("tables").join(self.id).join(file)
    }

    pub fn scenario(&self, id: &str) -> Option<&'static Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// The game's tables, each replaced by the owner's file in `<data>/tables/<game id>/` if present.
    /// A new session of `scenario` with the set-up resolved and applied as its first events, so
    /// the roster is on the record, from the log, before play begins.
    pub fn start_session(
        &self,
        scenario: &Scenario,
        sides: Vec<SideName>,
        seed: crate::engine::roller::Seed,
        tables: &TableSet,
    ) -> Result<Session, String> {
        let mut session = Session::new(self.id, scenario.id, scenario.start, sides, seed);
        if let Some(id) = self.set_up {
            let procedure = self.procedure(id)?;
            let mut input = Input::defaults(procedure.fields());
            procedure.prefill(&mut input, session.record());
            let resolution =
                resolve_checked(procedure, &input, tables, &[]).map_err(|e| e.to_string())?;
            let side = procedure.acting_side(&input);
            let seq = session
                .append(&side, resolution.event(id, &input, Vec::new()))
                .seq;
            session.apply(&side, seq, resolution.effects)?;
        }
        Ok(session)
    }

    pub fn load_tables(&self, data_folder: Option<&Path>) -> Result<TableSet, Vec<TableError>> {
        let folder = data_folder.map(|d| self.owner_table_path(d, ""));
        TableSet::load(self.tables, folder.as_deref())
    }

    /// Verifies `session` (see `Session::verify`) and re-derives every resolution with `tables`:
    /// the logged result and table cell must be what the logged input and dice give.
    pub fn verify(
        &self,
        session: &Session,
        tables: &TableSet,
    ) -> Result<VerifyReport, VerifyFailure> {
        let report = session.verify_with(&|event| self.rederive(event, tables))?;
        // What was applied must be what the resolution offers: a result cannot be edited on its
        // way to the record.
        for event in session.events() {
            let EventBody::Applied {
                resolution,
                effects,
            } = &event.body
            else {
                continue;
            };
            let offered = session
                .events()
                .get(resolution.saturating_sub(1) as usize)
                .and_then(|resolved| self.rederived_resolution(resolved, tables));
            if offered.is_some_and(|offered| offered.effects != *effects) {
                return Err(VerifyFailure {
                    seq: event.seq,
                    message: format!(
                        "it applies effects that are not the ones event {resolution} offers"
                    ),
                });
            }
        }
        Ok(report)
    }

    /// Whether a logged resolution offers anything to apply to the record.
    pub fn offers_effects(&self, event: &Event, tables: &TableSet) -> bool {
        self.rederived_resolution(event, tables)
            .is_some_and(|resolution| !resolution.effects.is_empty())
    }

    /// A logged resolution worked out again from its input and dice, if it can be.
    fn rederived_resolution(&self, event: &Event, tables: &TableSet) -> Option<Resolution> {
        let EventBody::Resolved {
            procedure,
            input,
            dice,
            ..
        } = &event.body
        else {
            return None;
        };
        let p = self.procedure(procedure).ok()?;
        let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
        resolve_checked(p, input, tables, &faces).ok()
    }

    fn rederive(&self, event: &Event, tables: &TableSet) -> Result<(), String> {
        let EventBody::Resolved {
            procedure,
            input,
            dice,
            outcome,
            cell,
        } = &event.body
        else {
            return Ok(());
        };
        let p = self.procedure(procedure)?;
        let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
        let resolution = resolve_checked(p, input, tables, &faces)
            .map_err(|e| format!("its input and dice cannot be resolved again: {e}"))?;
        if resolution.outcome.headline != *outcome {
            return Err(format!(
                "it says \"{outcome}\", but its input and dice give \"{}\" (was the input edited, or a table changed?)",
                resolution.outcome.headline
            ));
        }
        if resolution.cell != *cell {
            return Err(
                "the table cell it names is not the one its input and dice read".to_string(),
            );
        }
        Ok(())
    }

    /// An event in one line, without re-deriving anything (cheap enough for every log row).
    /// A resolution names the units the players typed, so that searching the log finds them.
    pub fn summary(&self, event: &Event) -> String {
        match &event.body {
            EventBody::SessionStarted { scenario, .. } => format!(
                "Session started: {}, {}",
                self.title,
                self.scenario(scenario)
                    .map_or(scenario.as_str(), |s| s.title)
            ),
            EventBody::Resolved {
                procedure,
                input,
                outcome,
                ..
            } => match self.procedure(procedure) {
                Ok(p) => {
                    let names: Vec<&str> = p
                        .fields()
                        .iter()
                        .filter(|f| matches!(f.kind, FieldKind::Unit { .. }))
                        .map(|f| input.text(f.id).trim())
                        .filter(|name| !name.is_empty())
                        .collect();
                    if names.is_empty() {
                        format!("{}: {outcome}", p.title())
                    } else {
                        format!("{} ({}): {outcome}", p.title(), names.join(" vs "))
                    }
                }
                Err(_) => format!("{procedure}: {outcome}"),
            },
            EventBody::Applied { resolution, .. } => {
                format!("Applied the result of event {resolution}")
            }
            EventBody::Corrected { event, reason } => format!("Corrected event {event}: {reason}"),
            EventBody::Drawn { draw } => format!("Drew \"{}\" from {}", draw.drawn, draw.cup),
            EventBody::Sealed { round, .. } => {
                format!(
                    "Sealed a choice for {round}; the log keeps only its commitment until all are revealed"
                )
            }
            EventBody::Revealed { round, .. } => format!("Choices for {round} revealed"),
            EventBody::StepReached { label, .. } => format!("Now: {label}"),
            EventBody::Tallied { counter, change } => format!("{counter}: {change:+}"),
            EventBody::Note { text } => format!("Note: {text}"),
        }
    }

    /// How a log event reads to a person. A resolution's explanation is re-derived from its input
    /// and faces with `tables`; if that no longer gives the logged result, the difference is shown.
    pub fn describe(&self, event: &Event, tables: &TableSet, sides: &[SideName]) -> EventText {
        EventText {
            summary: self.summary(event),
            details: self.details(event, tables, sides),
        }
    }

    fn details(&self, event: &Event, tables: &TableSet, sides: &[SideName]) -> Vec<String> {
        let side_name = |id: &str| side_name(sides, id).to_string();
        match &event.body {
            EventBody::SessionStarted { sides, start, .. } => vec![
                format!(
                    "Sides: {}",
                    sides
                        .iter()
                        .map(|s| format!("{} ({})", s.name, s.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                // The seed stays off the screen: with it, anyone could work out the next roll.
                "Every app roll is re-derived from the session's seed when the game is verified"
                    .to_string(),
                format!("Starts at {}", self.sequence.label(*start)),
            ],
            EventBody::Resolved {
                procedure,
                input,
                dice,
                outcome,
                cell,
            } => {
                let mut details: Vec<String> = dice
                    .iter()
                    .map(|d| match d.draw_index {
                        Some(i) => format!("{}: {} (app roll, draw {i})", d.label, d.face),
                        None => format!("{}: {} (physical die)", d.label, d.face),
                    })
                    .collect();
                let Ok(p) = self.procedure(procedure) else {
                    if let Some(cell) = cell {
                        details.push(format!("{}: row {}", cell.table_title, cell.row));
                    }
                    return details;
                };
                let faces: Vec<u8> = dice.iter().map(|d| d.face).collect();
                match resolve_checked(p, input, tables, &faces) {
                    Ok(resolution) => {
                        details.extend(explain(&resolution));
                        details.extend(
                            resolution
                                .effects
                                .iter()
                                .map(|e| format!("Offers: {}", e.describe_with(&side_name))),
                        );
                        if resolution.outcome.headline != *outcome {
                            details.push(format!(
                                "With the tables loaded now this would read: {}",
                                resolution.outcome.headline
                            ));
                        }
                    }
                    Err(e) => details.push(format!("Cannot re-derive the explanation: {e}")),
                }
                details.extend(
                    input
                        .describe(p.fields())
                        .into_iter()
                        .map(|(label, value)| format!("Input: {label} = {value}")),
                );
                details
            }
            EventBody::Applied { effects, .. } => effects
                .iter()
                .map(|e| e.describe_with(&side_name))
                .collect(),
            EventBody::Drawn { draw } => vec![format!(
                "The cup held: {} (draw {})",
                draw.contents_before.join(", "),
                draw.draw_index
            )],
            EventBody::Sealed { sealed, .. } => vec![format!("Commitment {}", sealed.commitment)],
            EventBody::Revealed { reveals, .. } => reveals
                .iter()
                .map(|r| format!("{}: {} (salt {})", r.player, r.choice, r.salt))
                .collect(),
            EventBody::Corrected { .. }
            | EventBody::StepReached { .. }
            | EventBody::Note { .. }
            | EventBody::Tallied { .. } => Vec::new(),
        }
    }
}

/// The lines that explain a resolution: modifiers with rules, totals, limits and the cell read.
pub fn explain(resolution: &Resolution) -> Vec<String> {
    let mut lines: Vec<String> = resolution
        .modifiers
        .iter()
        .map(|m| format!("{} {:+} {} ({})", m.side, m.value, m.label, m.rule))
        .collect();
    lines.extend(resolution.totals.iter().map(|t| t.describe()));
    lines.extend(
        resolution
            .limits
            .iter()
            .map(|l| format!("Rule applied: {} ({})", l.description, l.rule)),
    );
    if let Some(cell) = &resolution.cell {
        lines.push(format!("Read: {}", cell.describe()));
    }
    lines
}

/// Input for a procedure read from TOML text, every field present and valid.
pub fn parse_input(procedure: &dyn Procedure, file: &str, text: &str) -> Result<Input, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        match line {
            Some(line) => format!("{file}:{line}: not valid TOML: {}", e.message().trim_end()),
            None => format!("{file}: not valid TOML: {}", e.message().trim_end()),
        }
    })?;
    Input::from_toml(procedure.fields(), &table).map_err(|errors| {
        errors
            .iter()
            .map(|e| format!("{file}: {e}"))
            .collect::<Vec<_>>()
            .join("\n")
    })
}
