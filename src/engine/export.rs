//! Exports of a session: the log for people (Markdown or HTML) and the dice for statistics (CSV).

use super::log::{Event, EventBody};
use super::session::Session;

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
    Csv,
}

impl ExportFormat {
    pub fn parse(text: &str) -> Option<ExportFormat> {
        match text {
            "markdown" | "md" => Some(ExportFormat::Markdown),
            "html" => Some(ExportFormat::Html),
            "csv" => Some(ExportFormat::Csv),
            _ => None,
        }
    }
}

pub fn export(
    session: &Session,
    format: ExportFormat,
    title: &str,
    describe: &dyn Fn(&Event) -> EventText,
) -> String {
    match format {
        ExportFormat::Markdown => markdown(session, title, describe),
        ExportFormat::Html => html(session, title, describe),
        ExportFormat::Csv => dice_csv(session),
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

fn escape_html(text: &str) -> String {
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

fn csv_field(text: &str) -> String {
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
