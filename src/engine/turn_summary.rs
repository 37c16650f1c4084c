//! A turn's book-keeping read back from the log: the VP each side scored, what was paid into and
//! out of each counter (a War Chest's income and spending), the pieces that changed box (losses,
//! pools, deployments), and the results the game names as worth a summary. In a campaign whose
//! turns are months, it is the month's summary; it shows on one screen and exports as Markdown.
//!
//! Only what counts is read: an applied result, neither it nor its resolution corrected; a
//! listed resolution not corrected.

use super::log::{Event, EventBody};
use super::record::Effect;
use super::session::Session;
use super::turns::TurnSequence;

/// One turn's summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnSummary {
    pub turn: u32,
    /// "Turn 4 (June 1815)".
    pub title: String,
    pub sections: Vec<Section>,
}

/// A heading and its lines, each line a sentence with its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub heading: &'static str,
    pub lines: Vec<String>,
}

/// What a summary needs from the game: its turn names, how a resolution reads, a procedure's
/// title, and which procedures' results it lists.
pub struct SummarySources<'a> {
    pub sequence: &'a TurnSequence,
    /// The one-line summary of a logged resolution.
    pub headline: &'a dyn Fn(&Event) -> String,
    pub procedure_title: &'a dyn Fn(&str) -> String,
    /// The procedures whose results the summary lists one by one.
    pub listed: &'a [&'a str],
    /// The procedures it leaves out: the set-up puts the pieces on the record, which is no
    /// change of the turn.
    pub left_out: &'a [&'a str],
}

pub const VP: &str = "Victory points";
pub const PAID: &str = "Paid in and out";
pub const RESULTS: &str = "Results";
pub const PIECES: &str = "Pieces that changed box";

/// The turn each event of the log falls in, in order.
fn turns(session: &Session) -> Vec<(u32, &Event)> {
    let mut turn = 0;
    session
        .events()
        .iter()
        .map(|event| {
            match &event.body {
                EventBody::SessionStarted { start, .. } => turn = start.turn,
                EventBody::StepReached { position, .. } => turn = position.turn,
                _ => {}
            }
            (turn, event)
        })
        .collect()
}

/// The turns the log has reached, in order.
pub fn turns_played(session: &Session) -> Vec<u32> {
    let played: std::collections::BTreeSet<u32> =
        turns(session).into_iter().map(|(turn, _)| turn).collect();
    played.into_iter().collect()
}

/// The summary of `turn`.
pub fn turn_summary(session: &Session, turn: u32, sources: &SummarySources) -> TurnSummary {
    let side = |id: &str| session.side_name(id).to_string();
    let mut vp_lines = Vec::new();
    let mut vp_totals: Vec<(String, i64)> = Vec::new();
    let mut paid = Vec::new();
    let mut paid_totals: Vec<(String, i64)> = Vec::new();
    let mut results = Vec::new();
    let mut pieces = Vec::new();
    let add = |totals: &mut Vec<(String, i64)>, name: &str, by: i64| match totals
        .iter_mut()
        .find(|(n, _)| n == name)
    {
        Some((_, total)) => *total += by,
        None => totals.push((name.to_string(), by)),
    };
    for (_, event) in turns(session).into_iter().filter(|(t, _)| *t == turn) {
        // A listed result counts in the turn it was resolved, applied or not: a roll that
        // changes nothing offers nothing to apply.
        if let EventBody::Resolved { procedure, .. } = &event.body
            && sources.listed.contains(&procedure.as_str())
            && !session.is_voided(event.seq)
        {
            results.push(format!(
                "{} (event {})",
                (sources.headline)(event),
                event.seq
            ));
        }
        let EventBody::Applied {
            resolution,
            effects,
        } = &event.body
        else {
            continue;
        };
        if session.is_voided(event.seq) || session.is_voided(*resolution) {
            continue;
        }
        let resolved = session.event(*resolution);
        let procedure = match resolved.map(|e| &e.body) {
            Some(EventBody::Resolved { procedure, .. }) => procedure.to_string(),
            _ => String::new(),
        };
        if sources.left_out.contains(&procedure.as_str()) {
            continue;
        }
        let title = (sources.procedure_title)(&procedure);
        for effect in effects {
            match effect {
                Effect::VictoryPoints {
                    side: who,
                    points,
                    reason,
                    rule,
                } => {
                    vp_lines.push(format!("{} {points:+} VP: {reason} ({rule})", side(who)));
                    add(&mut vp_totals, &side(who), i64::from(*points));
                }
                Effect::AddToCounter { name, by, rule } => {
                    paid.push(format!("{name} {by:+}: {title} ({rule})"));
                    add(&mut paid_totals, name, *by);
                }
                Effect::UnitState {
                    side: who,
                    unit,
                    state,
                    rule,
                } => pieces.push(format!("{} {unit}: {state} ({rule})", side(who))),
                _ => {}
            }
        }
    }
    let net = |totals: &[(String, i64)]| {
        totals
            .iter()
            .map(|(name, total)| format!("{name} {total:+}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !vp_totals.is_empty() {
        vp_lines.push(format!("Net: {}", net(&vp_totals)));
    }
    if !paid_totals.is_empty() {
        paid.push(format!("Net: {}", net(&paid_totals)));
    }
    TurnSummary {
        turn,
        title: sources.sequence.turn_name(turn),
        sections: vec![
            Section {
                heading: VP,
                lines: vp_lines,
            },
            Section {
                heading: PAID,
                lines: paid,
            },
            Section {
                heading: RESULTS,
                lines: results,
            },
            Section {
                heading: PIECES,
                lines: pieces,
            },
        ],
    }
}

/// Every turn's summary as Markdown, under `title`.
pub fn markdown(title: &str, summaries: &[TurnSummary]) -> String {
    let mut text = format!("# {title}\n");
    for summary in summaries {
        text.push_str(&format!("\n## {}\n", summary.title));
        for section in &summary.sections {
            text.push_str(&format!("\n### {}\n\n", section.heading));
            if section.lines.is_empty() {
                text.push_str("None.\n");
            }
            for line in &section.lines {
                text.push_str(&format!("- {line}\n"));
            }
        }
    }
    text
}
