//! How a game's audit log is checked and read: every resolution re-derived from its input and
//! faces when the log is verified, and every event told in words for the log view and the exports.

use super::Game;
use crate::engine::export::EventText;
use crate::engine::input::FieldKind;
use crate::engine::input::{Input, Value};
use crate::engine::keys::fingerprint;
use crate::engine::log::{Event, EventBody};
use crate::engine::photos;
use crate::engine::play::{rederive, resolve_logged};
use crate::engine::procedure::{Procedure, Resolution};
use crate::engine::record::Record;
use crate::engine::session::{Session, VerifyFailure, VerifyReport};
use crate::engine::table_set::TableSet;
use crate::engine::turn_summary::{self, SummarySources, TurnSummary};
use std::path::Path;

impl Game {
    /// Verifies `session` (see `Session::verify`) and re-derives every resolution with `tables`:
    /// the logged result and table cell must be what the logged input and dice give.
    pub fn verify(
        &self,
        session: &Session,
        tables: &TableSet,
    ) -> Result<VerifyReport, VerifyFailure> {
        let report =
            session.verify_with(&|event, record| self.rederive(session, event, record, tables))?;
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
                .event(*resolution)
                .and_then(|resolved| self.rederived_resolution(session, resolved, tables));
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

    /// Verifies `session` read from the file `path`, with the photos its log attaches, which sit
    /// beside that file.
    pub fn verify_file(
        &self,
        session: &Session,
        tables: &TableSet,
        path: &Path,
    ) -> Result<VerifyReport, VerifyFailure> {
        let mut report = self.verify(session, tables)?;
        report.photos = photos::check_all(path, session.events())?;
        Ok(report)
    }

    /// Whether a logged resolution offers anything to apply to the record.
    pub fn offers_effects(&self, session: &Session, event: &Event, tables: &TableSet) -> bool {
        self.rederived_resolution(session, event, tables)
            .is_some_and(|resolution| !resolution.effects.is_empty())
    }

    /// A logged resolution worked out again from its input and dice, if it can be.
    fn rederived_resolution(
        &self,
        session: &Session,
        event: &Event,
        tables: &TableSet,
    ) -> Option<Resolution> {
        rederive(self, tables, session, event)?
            .ok()
            .map(|(_, resolution)| resolution)
    }

    fn rederive(
        &self,
        session: &Session,
        event: &Event,
        record: &Record,
        tables: &TableSet,
    ) -> Result<(), String> {
        let EventBody::Resolved {
            procedure,
            input,
            outcome,
            cell,
            ..
        } = &event.body
        else {
            return Ok(());
        };
        let p = self.procedure(procedure)?;
        check_sealed_choices(p, input, record)?;
        p.check_revealed(input, record)?;
        let resolution = resolve_logged(p, tables, session, event)
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
            EventBody::Rekeyed { public_key, .. } => format!(
                "Continued under a new key {} and a new sealed dice seed",
                fingerprint(public_key)
            ),
            EventBody::SeedRevealed { .. } => {
                "Dice seed revealed: every app roll so far can be re-derived".to_string()
            }
            EventBody::Corrected { event, reason } => format!("Corrected event {event}: {reason}"),
            EventBody::DrawRevealed {
                event, draw, chit, ..
            } => format!(
                "Revealed: draw {} of event {event} was \"{chit}\"",
                draw + 1
            ),
            EventBody::Sealed { round, .. } => {
                format!(
                    "Sealed a choice for {round}; the log keeps only its commitment until all are revealed"
                )
            }
            EventBody::Revealed { round, .. } => format!("Choices for {round} revealed"),
            EventBody::StepReached { label, .. } => format!("Now: {label}"),
            EventBody::Tallied { counter, change } => format!("{counter}: {change:+}"),
            EventBody::Note { text } => format!("Note: {text}"),
            EventBody::PhotoAttached { event, file, .. } => {
                format!("Photo of the table attached to event {event}: {file}")
            }
        }
    }

    /// Each turn's summary, as far as the log goes (see `engine::turn_summary`).
    pub fn turn_summaries(&self, session: &Session) -> Vec<TurnSummary> {
        turn_summary::turns_played(session)
            .into_iter()
            .map(|turn| self.turn_summary(session, turn))
            .collect()
    }

    /// The summary of one turn: a month's, in a campaign.
    pub fn turn_summary(&self, session: &Session, turn: u32) -> TurnSummary {
        let set_up: Vec<&str> = self
            .set_up
            .into_iter()
            .chain(self.scenario(session.scenario()).and_then(|s| s.set_up))
            .collect();
        let sources = SummarySources {
            sequence: self.sequence_for(session.scenario()),
            headline: &|event| self.summary(event),
            procedure_title: &|id| {
                self.procedure(id)
                    .map_or_else(|_| id.to_string(), |p| p.title().to_string())
            },
            listed: self.summarized,
            left_out: &set_up,
        };
        turn_summary::turn_summary(session, turn, &sources)
    }

    /// How a log event reads to a person. A resolution's explanation is re-derived from its input
    /// and faces with `tables`; if that no longer gives the logged result, the difference is shown.
    /// A chit drawn face down stays unnamed, and its resolution unexplained, until it is revealed.
    pub fn describe(&self, event: &Event, tables: &TableSet, session: &Session) -> EventText {
        EventText {
            summary: self.summary(event),
            details: self.details(event, tables, session),
        }
    }

    fn details(&self, event: &Event, tables: &TableSet, session: &Session) -> Vec<String> {
        let side_name = |id: &str| session.side_name(id).to_string();
        match &event.body {
            EventBody::SessionStarted {
                scenario,
                sides,
                start,
                public_key,
                seed_commitment,
                ..
            } => vec![
                format!(
                    "Sides: {}",
                    sides
                        .iter()
                        .map(|s| format!("{} ({})", s.name, s.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                format!("Starts at {}", self.sequence_for(scenario).label(*start)),
            ]
            .into_iter()
            .chain(key_and_seed_lines(public_key, seed_commitment))
            .collect(),
            EventBody::Rekeyed {
                public_key,
                seed_commitment,
                reason,
            } => std::iter::once(format!("Why: {reason}"))
                .chain(key_and_seed_lines(public_key, seed_commitment))
                .collect(),
            EventBody::SeedRevealed {
                seed,
                next_seed_commitment,
            } => vec![
                format!("Seed {seed}"),
                "Verify re-derives every app roll made with it and checks it against its commitment"
                    .to_string(),
                format!(
                    "App rolls from here on: sealed seed, commitment {}",
                    fingerprint(next_seed_commitment)
                ),
            ],
            EventBody::Resolved {
                procedure,
                input,
                dice,
                draws,
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
                let face_down = |slot: usize| session.record().concealed.get(&(event.seq, slot));
                for (slot, draw) in draws.iter().enumerate() {
                    let drawn = match (face_down(slot), &draw.concealed) {
                        (Some(side), _) => {
                            format!("face down, seen by {} only", side_name(side))
                        }
                        (None, Some(_)) => "revealed later".to_string(),
                        (None, None) => format!("\"{}\"", draw.drawn),
                    };
                    details.push(format!(
                        "{}: {drawn}, from {} (draw {}; it held {})",
                        draw.label,
                        draw.cup,
                        draw.draw_index,
                        draw.contents_before
                            .iter()
                            .map(|c| c.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                let Ok(p) = self.procedure(procedure) else {
                    if let Some(cell) = cell {
                        details.push(format!("{}: row {}", cell.table_title, cell.row));
                    }
                    return details;
                };
                if (0..draws.len()).any(|slot| face_down(slot).is_some()) {
                    // The explanation would name the chit.
                    details.push("Explained once the chit drawn face down is revealed".to_string());
                    return details;
                }
                match resolve_logged(p, tables, session, event) {
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
            EventBody::DrawRevealed { salt, .. } => vec![format!("Salt {salt}")],
            EventBody::Sealed { sealed, .. } => vec![format!("Commitment {}", sealed.commitment)],
            EventBody::Revealed { reveals, .. } => reveals
                .iter()
                .map(|r| format!("{}: {} (salt {})", r.player, r.choice, r.salt))
                .collect(),
            EventBody::PhotoAttached { sha256, .. } => vec![format!("SHA-256 {sha256}")],
            EventBody::Corrected { .. }
            | EventBody::StepReached { .. }
            | EventBody::Note { .. }
            | EventBody::Tallied { .. } => Vec::new(),
        }
    }
}

/// What the log says of a key and the seed committed with it. The seed itself stays off the
/// screen until it is revealed: with it, anyone could work out the next roll.
fn key_and_seed_lines(public_key: &str, seed_commitment: &str) -> Vec<String> {
    if public_key.is_empty() {
        return vec![
            "Saved by an earlier version: the dice seed is in the file, and nothing is signed"
                .to_string(),
        ];
    }
    vec![
        format!("Signed by key {}", fingerprint(public_key)),
        format!(
            "Dice seed sealed, commitment {}: verify re-derives the app rolls once it is revealed",
            fingerprint(seed_commitment)
        ),
    ]
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

/// A form's secret choices must be the ones its round revealed in the log, where the log holds
/// that round's reveals.
fn check_sealed_choices(
    procedure: &dyn Procedure,
    input: &Input,
    record: &Record,
) -> Result<(), String> {
    let round = procedure.sealed_round(record);
    for (side, field) in procedure.sealed_fields(record) {
        let Some(Some(revealed)) = record.seals.get(&(round.as_str().into(), side.into())) else {
            continue;
        };
        let held = match input.get(field) {
            Some(Value::Text(text)) => text.to_string(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        if held != revealed.as_str() {
            return Err(format!(
                "its {field} is \"{held}\", but {side} revealed \"{revealed}\" for this round"
            ));
        }
    }
    Ok(())
}
