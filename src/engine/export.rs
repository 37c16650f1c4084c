//! Exports of a session: the log for people (Markdown or HTML), the dice for statistics (CSV),
//! and the dice statistics' tables (CSV).

use super::dice_stats::DiceStatistics;
use super::log::{Event, EventBody};
use super::session::Session;
use super::turn_summary::{self, TurnSummary};

/// How an event reads to a person: a one-line summary and detail lines (the explanation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventText {
    pub summary: String,
    pub details: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Markdown,
    Html,
    /// Every die rolled, a row each.
    Csv,
    /// The dice statistics' face counts, a row per side, die and face.
    FacesCsv,
    /// The dice statistics' luck, a row per resolution.
    LuckCsv,
    /// Each turn's summary (a campaign's month by month): VP, payments, results, pieces moved
    /// between boxes, in Markdown.
    TurnSummaries,
}

impl ExportFormat {
    /// The names the command line takes.
    pub const NAMES: [&'static str; 6] = [
        "markdown",
        "html",
        "csv",
        "faces-csv",
        "luck-csv",
        "summary",
    ];

    /// The file name's ending an export in this format suggests.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Markdown => "md",
            ExportFormat::Html => "html",
            ExportFormat::Csv => "csv",
            ExportFormat::FacesCsv => "faces.csv",
            ExportFormat::LuckCsv => "luck.csv",
            ExportFormat::TurnSummaries => "summary.md",
        }
    }

    pub fn parse(text: &str) -> Option<ExportFormat> {
        match text {
            "markdown" | "md" => Some(ExportFormat::Markdown),
            "html" => Some(ExportFormat::Html),
            "csv" => Some(ExportFormat::Csv),
            "faces-csv" => Some(ExportFormat::FacesCsv),
            "luck-csv" => Some(ExportFormat::LuckCsv),
            "summary" => Some(ExportFormat::TurnSummaries),
            _ => None,
        }
    }
}

/// What an export reads besides the log: how each event reads to a person, and the dice
/// statistics (worked out only for the formats that show them).
pub struct ExportSources<'a> {
    pub describe: &'a dyn Fn(&Event) -> EventText,
    pub statistics: &'a dyn Fn() -> DiceStatistics,
    pub summaries: &'a dyn Fn() -> Vec<TurnSummary>,
}

pub fn export(
    session: &Session,
    format: ExportFormat,
    title: &str,
    sources: &ExportSources,
) -> String {
    let side_name = |id: &str| session.side_name(id).to_string();
    match format {
        ExportFormat::Markdown => markdown(session, title, sources.describe),
        ExportFormat::Html => html(session, title, sources.describe),
        ExportFormat::Csv => dice_csv(session),
        ExportFormat::FacesCsv => (sources.statistics)().faces_csv(&side_name),
        ExportFormat::LuckCsv => (sources.statistics)().luck_csv(&side_name),
        ExportFormat::TurnSummaries => turn_summary::markdown(title, &(sources.summaries)()),
    }
}

fn voided_mark(session: &Session, event: &Event) -> &'static str {
    if session.is_voided(event.seq) {
        " (corrected: does not count)"
    } else {
        ""
    }
}

fn markdown(session: &Session, title: &str, describe: &dyn Fn(&Event) -> EventText) -> String {
    // The seed stays out of an export, which is made to be passed round: with it, anyone could
    // work out the app's next roll and every chit drawn face down.
    let mut text = format!("# {title}\n\nScenario: {}.\n\n", session.scenario());
    for event in session.events() {
        let described = describe(event);
        let side = if event.side.is_empty() {
            String::new()
        } else {
            format!(" [{}]", session.side_name(&event.side))
        };
        text.push_str(&format!(
            "- **#{}** {}{} {}{}\n",
            event.seq,
            event.time,
            side,
            described.summary,
            voided_mark(session, event)
        ));
        for line in described.details {
            text.push_str(&format!("  - {line}\n"));
        }
    }
    text
}

/// Text made safe inside HTML.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn html(session: &Session, title: &str, describe: &dyn Fn(&Event) -> EventText) -> String {
    let mut text = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}</title>\n<style>body{{font-family:sans-serif;max-width:60em;margin:auto}} .void{{text-decoration:line-through;color:#777}} li li{{color:#444}}</style></head>\n<body><h1>{0}</h1>\n<p>Scenario: {1}.</p>\n<ol>\n",
        escape_html(title),
        escape_html(session.scenario()),
    );
    for event in session.events() {
        let described = describe(event);
        let class = if session.is_voided(event.seq) {
            " class=\"void\""
        } else {
            ""
        };
        text.push_str(&format!(
            "<li value=\"{}\"{class}><time>{}</time> {} {}",
            event.seq,
            escape_html(&event.time),
            escape_html(session.side_name(&event.side)),
            escape_html(&described.summary)
        ));
        if !described.details.is_empty() {
            text.push_str("<ul>");
            for line in described.details {
                text.push_str(&format!("<li>{}</li>", escape_html(&line)));
            }
            text.push_str("</ul>");
        }
        text.push_str("</li>\n");
    }
    text.push_str("</ol></body></html>\n");
    text
}

/// A CSV field, quoted where it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One row per die rolled: for statistics on the dice.
fn dice_csv(session: &Session) -> String {
    let mut text =
        String::from("event,time,side,procedure,die_label,die,face,source,draw_index,corrected\n");
    for event in session.events() {
        if let EventBody::Resolved {
            procedure, dice, ..
        } = &event.body
        {
            for die in dice {
                text.push_str(&format!(
                    "{},{},{},{},{},{},{},{},{},{}\n",
                    event.seq,
                    event.time,
                    csv_field(&event.side),
                    csv_field(procedure),
                    csv_field(&die.label),
                    die.die.name(),
                    die.face,
                    die.source(),
                    die.draw_index.map(|i| i.to_string()).unwrap_or_default(),
                    session.is_voided(event.seq)
                ));
            }
        }
    }
    text
}
