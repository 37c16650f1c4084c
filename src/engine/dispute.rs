//! The dispute view: the same facts resolved under every reading of every setting that bears on a
//! procedure, side by side, so that players arguing over a rule see what each reading changes
//! (modifiers, totals, the cell read, the result, the odds) and the rule lines behind it.
//!
//! A setting bears on a procedure when the procedure carries it as a form field (see
//! `engine::settings`). The first reading is the form as it stands; each further reading changes
//! one setting to one of its other choices and keeps everything else. Changing one setting at a
//! time keeps the columns few and says which setting makes the difference; a reading that changes
//! nothing under these facts is marked so rather than left out, since "it makes no difference
//! here" settles a dispute too.
//!
//! Nothing here is logged: the dispute view resolves with the dice given (or only gives the odds
//! without them) and touches neither the record nor the session.

use super::export::escape_html;
use super::input::{Field, FieldKind, Input, Value};
use super::procedure::{Modifier, OddsLine, Procedure, Resolution, odds_drawing, resolve_checked};
use super::record::Cups;
use super::symbol::Symbol;
use super::table_set::TableSet;
use serde::Serialize;

/// One setting at one of its choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SettingChoice {
    /// The setting's field id, as input files name it.
    pub id: String,
    /// The setting, in words ("Cavalry defending in a chateau").
    pub setting: String,
    /// The choice's id.
    pub value: String,
    /// The choice, in words.
    pub choice: String,
    /// The rule lines the setting reads.
    pub rule: String,
}

impl SettingChoice {
    /// "Cavalry defending in a chateau: Loses its stars too (Defending Cavalry..., L711-713)".
    pub fn describe(&self) -> String {
        format!("{}: {} ({})", self.setting, self.choice, self.rule)
    }
}

/// The facts resolved under one reading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// The setting this reading changes from the form's; `None` for the form's own reading.
    pub changed: Option<SettingChoice>,
    /// Every setting that bears on the procedure, as this reading has it.
    pub settings: Vec<SettingChoice>,
    pub modifiers: Vec<Modifier>,
    /// The resolution with the dice given; `None` without dice.
    pub resolution: Option<Resolution>,
    /// The chance of every outcome, best first; empty for a procedure that rolls nothing.
    pub odds: Vec<OddsLine>,
    /// Why this reading could not be resolved (or its odds found), if it could not.
    pub refused: Option<String>,
    /// Whether everything above is as under the form's reading.
    pub same_as_form: bool,
}

impl Reading {
    /// The reading's name as a column header.
    pub fn title(&self) -> String {
        match &self.changed {
            None => "As the form reads".into(),
            Some(changed) => format!("{}: {}", changed.setting, changed.choice),
        }
    }
}

/// A procedure's facts under every reading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dispute {
    pub procedure: String,
    pub title: String,
    pub rule: String,
    /// The facts, "label: value", without the settings (each reading has its own).
    pub facts: Vec<(String, String)>,
    /// The dice faces every reading was resolved with, if any were given.
    pub faces: Option<Vec<u8>>,
    pub readings: Vec<Reading>,
}

/// The fields of `procedure` that are settings, given the ids of the game's settings.
pub fn settings_on_form(procedure: &dyn Procedure, setting_ids: &[&str]) -> Vec<&'static Field> {
    procedure
        .fields()
        .iter()
        .filter(|field| setting_ids.contains(&field.id))
        .filter(|field| matches!(field.kind, FieldKind::Choice(_)))
        .collect()
}

/// Resolves `input` under the form's reading and under each other choice of each of `settings`,
/// one setting changed at a time; with `faces`, each reading is resolved with those dice too.
pub fn compare_readings(
    procedure: &dyn Procedure,
    settings: &[&Field],
    input: &Input,
    tables: &TableSet,
    cups: &Cups,
    faces: Option<&[u8]>,
) -> Dispute {
    let mut readings = vec![read(procedure, settings, input, None, tables, cups, faces)];
    for field in settings {
        let FieldKind::Choice(choices) = field.kind else {
            continue;
        };
        for (value, _) in choices.iter().filter(|(v, _)| *v != input.text(field.id)) {
            let mut changed = input.clone();
            changed.set(field.id, Value::Text(Symbol::new(value)));
            let reading = read(
                procedure,
                settings,
                &changed,
                Some(field),
                tables,
                cups,
                faces,
            );
            readings.push(reading);
        }
    }
    if let Some((form, others)) = readings.split_first_mut() {
        form.same_as_form = true;
        for other in others {
            other.same_as_form = other.modifiers == form.modifiers
                && other.resolution == form.resolution
                && other.odds == form.odds
                && other.refused == form.refused;
        }
    }
    let facts_only: Vec<Field> = procedure
        .fields()
        .iter()
        .filter(|field| !settings.iter().any(|s| s.id == field.id))
        .copied()
        .collect();
    let facts = input.describe(&facts_only);
    Dispute {
        procedure: procedure.id().into(),
        title: procedure.title().into(),
        rule: procedure.rule().into(),
        facts,
        faces: faces.map(<[u8]>::to_vec),
        readings,
    }
}

/// `input` resolved under its own readings; `changed` names the setting it changed, if any.
fn read(
    procedure: &dyn Procedure,
    settings: &[&Field],
    input: &Input,
    changed: Option<&Field>,
    tables: &TableSet,
    cups: &Cups,
    faces: Option<&[u8]>,
) -> Reading {
    let choice_of = |field: &Field| SettingChoice {
        id: field.id.into(),
        setting: field.label.into(),
        value: input.text(field.id).into(),
        choice: input
            .get(field.id)
            .map_or_else(String::new, |value| field.display(value)),
        rule: field.rule.into(),
    };
    let mut refused = None;
    let odds = if procedure.dice(input).is_empty() {
        Vec::new()
    } else {
        odds_drawing(procedure, input, tables, cups).unwrap_or_else(|e| {
            refused = Some(e.to_string());
            Vec::new()
        })
    };
    // Chits come from the record's cups, which a hypothetical reading must not touch: a
    // procedure that draws gives its odds only.
    let resolution = faces
        .filter(|_| procedure.draws(input).is_empty())
        .and_then(
            |faces| match resolve_checked(procedure, input, tables, faces) {
                Ok(resolution) => Some(resolution),
                Err(e) => {
                    refused.get_or_insert(e.to_string());
                    None
                }
            },
        );
    Reading {
        changed: changed.map(choice_of),
        settings: settings.iter().map(|field| choice_of(field)).collect(),
        modifiers: procedure.modifiers_read(input, tables),
        resolution,
        odds,
        refused,
        same_as_form: false,
    }
}

/// One aspect of every reading, as lines of text, for the exports.
struct Row {
    name: &'static str,
    cells: Vec<Vec<String>>,
}

impl Dispute {
    /// The comparison's rows: the readings, modifiers, totals, cell, result and odds.
    fn rows(&self) -> Vec<Row> {
        let each = |lines: &dyn Fn(&Reading) -> Vec<String>| -> Vec<Vec<String>> {
            self.readings.iter().map(lines).collect()
        };
        let mut rows = vec![
            Row {
                name: "Settings",
                cells: each(&|r| r.settings.iter().map(SettingChoice::describe).collect()),
            },
            Row {
                name: "Modifiers",
                cells: each(&|r| {
                    r.modifiers
                        .iter()
                        .map(|m| format!("{}: {:+} {} ({})", m.side, m.value, m.label, m.rule))
                        .collect()
                }),
            },
        ];
        if self.faces.is_some() {
            rows.push(Row {
                name: "Totals",
                cells: each(&|r| {
                    r.resolution
                        .iter()
                        .flat_map(|res| res.totals.iter().map(|t| t.describe()))
                        .collect()
                }),
            });
            rows.push(Row {
                name: "Cell read",
                cells: each(&|r| {
                    r.resolution
                        .iter()
                        .filter_map(|res| res.cell.as_ref().map(|c| c.describe()))
                        .collect()
                }),
            });
            rows.push(Row {
                name: "Result",
                cells: each(&|r| {
                    r.resolution
                        .iter()
                        .flat_map(|res| {
                            std::iter::once(res.outcome.headline.clone()).chain(
                                res.limits
                                    .iter()
                                    .map(|l| format!("{} ({})", l.description, l.rule)),
                            )
                        })
                        .collect()
                }),
            });
        }
        rows.push(Row {
            name: "Odds",
            cells: each(&|r| {
                r.odds
                    .iter()
                    .map(|line| format!("{:.1}% {}", line.probability * 100.0, line.key))
                    .collect()
            }),
        });
        rows.push(Row {
            name: "Compared with the form",
            cells: each(&|r| {
                let mut lines = Vec::new();
                if let Some(refused) = &r.refused {
                    lines.push(format!("Refused: {refused}"));
                }
                lines.push(match (&r.changed, r.same_as_form) {
                    (None, _) => "The form's reading".to_string(),
                    (Some(_), true) => "No difference under these facts".to_string(),
                    (Some(_), false) => "Differs".to_string(),
                });
                lines
            }),
        });
        rows
    }

    /// The heading lines every export opens with: the procedure, its facts and the dice.
    fn heading(&self) -> (String, Vec<String>) {
        let title = format!("Dispute: {} ({})", self.title, self.rule);
        let mut lines: Vec<String> = self
            .facts
            .iter()
            .map(|(label, value)| format!("{label}: {value}"))
            .collect();
        lines.push(match &self.faces {
            Some(faces) => format!(
                "Dice: {}",
                faces
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => "No dice given: the odds only.".into(),
        });
        (title, lines)
    }

    /// Plain text: each reading in turn, for a terminal.
    pub fn to_text(&self) -> String {
        let (title, facts) = self.heading();
        let mut text = format!("{title}\n");
        for fact in facts {
            text.push_str(&format!("  {fact}\n"));
        }
        let rows = self.rows();
        for (index, reading) in self.readings.iter().enumerate() {
            text.push_str(&format!("\n== {}\n", reading.title()));
            for row in &rows {
                let lines = row.cells.get(index).map(Vec::as_slice).unwrap_or(&[]);
                if lines.is_empty() {
                    continue;
                }
                text.push_str(&format!("{}:\n", row.name));
                for line in lines {
                    text.push_str(&format!("  {line}\n"));
                }
            }
        }
        text
    }

    /// A Markdown table, a column per reading, for posting.
    pub fn to_markdown(&self) -> String {
        let cell = |text: &str| text.replace('|', "\\|");
        let (title, facts) = self.heading();
        let mut text = format!("## {}\n\n", cell(&title));
        for fact in facts {
            text.push_str(&format!("- {}\n", cell(&fact)));
        }
        text.push_str("\n| |");
        for reading in &self.readings {
            text.push_str(&format!(" {} |", cell(&reading.title())));
        }
        text.push_str("\n|---|");
        text.push_str(&"---|".repeat(self.readings.len()));
        text.push('\n');
        for row in self.rows() {
            text.push_str(&format!("| **{}** |", row.name));
            for lines in &row.cells {
                let joined: Vec<String> = lines.iter().map(|l| cell(l)).collect();
                text.push_str(&format!(" {} |", joined.join("<br>")));
            }
            text.push('\n');
        }
        text
    }

    /// A standalone HTML page holding the same table, for posting or printing.
    pub fn to_html(&self) -> String {
        let (title, facts) = self.heading();
        let mut text = format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}</title>\n<style>body{{font-family:sans-serif;margin:1em}} table{{border-collapse:collapse}} th,td{{border:1px solid #999;padding:4px 8px;vertical-align:top;text-align:left}} .same{{color:#666}}</style></head>\n<body><h1>{0}</h1>\n<ul>\n",
            escape_html(&title)
        );
        for fact in facts {
            text.push_str(&format!("<li>{}</li>\n", escape_html(&fact)));
        }
        text.push_str("</ul>\n<table>\n<tr><th></th>");
        for reading in &self.readings {
            text.push_str(&format!("<th>{}</th>", escape_html(&reading.title())));
        }
        text.push_str("</tr>\n");
        for row in self.rows() {
            text.push_str(&format!("<tr><th>{}</th>", row.name));
            for (lines, reading) in row.cells.iter().zip(&self.readings) {
                let class = if reading.changed.is_some() && reading.same_as_form {
                    " class=\"same\""
                } else {
                    ""
                };
                let joined: Vec<String> = lines.iter().map(|l| escape_html(l)).collect();
                text.push_str(&format!("<td{class}>{}</td>", joined.join("<br>")));
            }
            text.push_str("</tr>\n");
        }
        text.push_str("</table></body></html>\n");
        text
    }
}
