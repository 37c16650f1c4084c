//! A chart being entered or corrected: the chart editor's model, with no user interface in it.
//!
//! A draft starts from a loaded table (a template, or a chart already entered) and holds what the
//! owner may change as text: the cells, and where the chart's structure is the owner's to give
//! (the odds and strength columns, the range of rolls), the columns and the rows. It is checked by
//! writing it out as a table file and reading that back with the table parser, so the editor and
//! a hand-edited file obey exactly the same rules; each problem the parser reports on a line is
//! traced back to the cell, column or range the owner typed.

use super::{
    BLANK_CELL, Band, CellValues, ModifierCap, Rounding, RowKey, ShiftCap, Table, TableBody,
    TableError, TableKind, TableStatus, cell_problem,
};
use crate::engine::table_set::{TableRead, check_codes};
use std::collections::BTreeMap;

/// One column as the owner types it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftColumn {
    pub label: String,
    /// An odds column's odds, "2:3" (odds tables only).
    pub odds: String,
    /// A strength column's band on each line: "4-6", "10+", "5", or "?" (strength tables only).
    pub bands: Vec<String>,
}

/// One row: what selects it (kept from the table) and its cells as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftRow {
    pub key: RowKey,
    pub label: String,
    pub cells: Vec<String>,
}

/// Where in the editor a problem lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place {
    Cell {
        row: usize,
        column: usize,
    },
    Column(usize),
    Domain,
    /// The chart as a whole (a problem with no place of its own).
    Chart,
}

/// A problem with a draft, where the owner can see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub place: Place,
    pub message: String,
}

/// A chart being edited.
#[derive(Debug, Clone)]
pub struct Draft {
    table: Table,
    pub columns: Vec<DraftColumn>,
    /// The range of modified rolls, where the rows are single rolls the owner may extend.
    pub domain: Option<(i64, i64)>,
    pub rows: Vec<DraftRow>,
    /// Rows a narrower range left out, kept in case the range widens again.
    set_aside: Vec<DraftRow>,
}

/// Where each editable thing was written in the file text.
#[derive(Default)]
struct Lines {
    places: BTreeMap<usize, Place>,
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// "4-6", "10+", "5" or "?".
fn band_text(band: Option<Band>) -> String {
    match band {
        None => BLANK_CELL.to_string(),
        Some(Band { min, max: None }) => format!("{min}+"),
        Some(Band {
            min,
            max: Some(max),
        }) if max == min => min.to_string(),
        Some(Band {
            min,
            max: Some(max),
        }) => format!("{min}-{max}"),
    }
}

/// A band typed by the owner, as TOML: `[4, 6]`, `[10]`, `"?"`; anything else is written as a
/// string for the parser to refuse on its line.
fn band_toml(text: &str) -> String {
    let text = text.trim();
    if text == BLANK_CELL {
        return quoted(BLANK_CELL);
    }
    if let Some(min) = text
        .strip_suffix('+')
        .and_then(|m| m.trim().parse::<i64>().ok())
    {
        return format!("[{min}]");
    }
    if let Ok(single) = text.parse::<i64>() {
        return format!("[{single}, {single}]");
    }
    if let Some((min, max)) = text.split_once('-')
        && let (Ok(min), Ok(max)) = (min.trim().parse::<i64>(), max.trim().parse::<i64>())
    {
        return format!("[{min}, {max}]");
    }
    quoted(text)
}

impl Draft {
    /// A draft of `table` as it stands.
    pub fn of(table: &Table) -> Draft {
        let grid = table.grid();
        let columns = match &table.body {
            TableBody::OddsRatio { columns, .. } => columns
                .iter()
                .map(|c| DraftColumn {
                    label: c.label.clone(),
                    odds: format!("{}:{}", c.attack, c.defence),
                    bands: Vec::new(),
                })
                .collect(),
            TableBody::StrengthBands { columns, .. } => columns
                .iter()
                .map(|c| DraftColumn {
                    label: c.label.clone(),
                    odds: String::new(),
                    bands: c.bands.iter().map(|b| band_text(*b)).collect(),
                })
                .collect(),
            _ => grid
                .columns
                .iter()
                .map(|label| DraftColumn {
                    label: label.clone(),
                    odds: String::new(),
                    bands: Vec::new(),
                })
                .collect(),
        };
        let domain = match &table.body {
            TableBody::OddsRatio { domain, .. } | TableBody::StrengthBands { domain, .. } => {
                Some((domain.min, domain.max))
            }
            _ => None,
        };
        let rows = table
            .body
            .rows()
            .iter()
            .map(|row| DraftRow {
                key: row.key.clone(),
                label: row.label.clone(),
                cells: row
                    .cells
                    .iter()
                    .map(|c| c.clone().unwrap_or_default())
                    .collect(),
            })
            .collect();
        Draft {
            table: table.clone(),
            columns,
            domain,
            rows,
            set_aside: Vec::new(),
        }
    }

    pub fn title(&self) -> &str {
        &self.table.title
    }

    /// The table the draft started from.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether the owner gives the columns (odds and strength charts, whose columns the procedures
    /// read by their odds or bands, not by name).
    pub fn columns_editable(&self) -> bool {
        matches!(
            self.table.kind,
            TableKind::OddsRatio | TableKind::StrengthBands
        )
    }

    /// The names of a strength chart's lines (empty for one line).
    pub fn lines(&self) -> Vec<String> {
        match &self.table.body {
            TableBody::StrengthBands { lines, .. } if lines.is_empty() => vec!["Strength".into()],
            TableBody::StrengthBands { lines, .. } => lines.clone(),
            _ => Vec::new(),
        }
    }

    /// The codes a cell may use, with their labels; none for a table whose cells are numbers.
    pub fn codes(&self) -> Vec<(String, String)> {
        self.table
            .results
            .iter()
            .map(|r| (r.code.clone(), r.label.clone()))
            .collect()
    }

    /// A new column after column `index` (at the end if out of range), its cells blank.
    pub fn add_column(&mut self, index: usize) {
        if !self.columns_editable() {
            return;
        }
        let at = (index + 1).min(self.columns.len());
        let lines = match &self.table.body {
            TableBody::StrengthBands { .. } => self.lines().len(),
            _ => 0,
        };
        self.columns.insert(
            at,
            DraftColumn {
                label: String::new(),
                odds: String::new(),
                bands: vec![String::new(); lines],
            },
        );
        for row in self.rows.iter_mut().chain(&mut self.set_aside) {
            row.cells.insert(at.min(row.cells.len()), String::new());
        }
    }

    /// Removes column `index`, and its cells; the last column stays.
    pub fn remove_column(&mut self, index: usize) {
        if !self.columns_editable() || self.columns.len() <= 1 || index >= self.columns.len() {
            return;
        }
        self.columns.remove(index);
        for row in self.rows.iter_mut().chain(&mut self.set_aside) {
            if index < row.cells.len() {
                row.cells.remove(index);
            }
        }
    }

    /// Sets the range of rolls: a row for each roll, keeping the cells of rolls already there.
    pub fn set_domain(&mut self, min: i64, max: i64) {
        if self.domain.is_none() || min > max {
            return;
        }
        let width = self.columns.len();
        let mut old = std::mem::take(&mut self.rows);
        old.append(&mut self.set_aside);
        self.set_aside = old
            .iter()
            .filter(|r| matches!(r.key, RowKey::Roll(roll) if roll < min || roll > max))
            .cloned()
            .collect();
        self.rows = (min..=max)
            .map(|roll| {
                old.iter()
                    .find(|r| r.key == RowKey::Roll(roll))
                    .cloned()
                    .unwrap_or_else(|| DraftRow {
                        key: RowKey::Roll(roll),
                        label: roll.to_string(),
                        cells: vec![String::new(); width],
                    })
            })
            .collect();
        self.domain = Some((min, max));
    }

    /// How many cells are still blank.
    pub fn blank_cells(&self) -> usize {
        self.rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.trim().is_empty() || c.trim() == BLANK_CELL)
            .count()
    }

    /// The draft as a table file with `status`.
    pub fn to_toml(&self, status: TableStatus) -> String {
        self.write(status).0
    }

    /// Checks the draft as an entered chart: the table it makes, or every problem where it lies.
    pub fn check(&self, reads: &[TableRead]) -> Result<Table, Vec<Problem>> {
        let (text, lines) = self.write(TableStatus::Entered);
        let source = format!("{} (being entered)", self.table.title);
        let parsed = Table::parse(&source, &text)
            .and_then(|table| check_codes(&table, reads).map(|()| table));
        let mut problems = match parsed {
            Ok(table) => return Ok(table),
            Err(errors) => self.problems(errors, &lines),
        };
        // A chart whose structure is wrong is read no further by the parser: its cells are
        // checked here too, so the owner sees every bad cell at once.
        for (r, row) in self.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                let place = Place::Cell { row: r, column: c };
                if problems.iter().any(|p| p.place == place) {
                    continue;
                }
                let text = cell.trim();
                let message = if text.is_empty() || text == BLANK_CELL {
                    Some("enter a value".to_string())
                } else {
                    let codes: Vec<String> =
                        self.table.results.iter().map(|r| r.code.clone()).collect();
                    cell_problem(
                        text,
                        "this cell",
                        &codes,
                        self.table.compose.as_ref(),
                        self.table.values,
                    )
                    .map(|message| without_place(&message))
                };
                if let Some(message) = message {
                    problems.push(Problem { place, message });
                }
            }
        }
        problems.sort_by_key(|p| p.place);
        Err(problems)
    }

    fn problems(&self, errors: Vec<TableError>, lines: &Lines) -> Vec<Problem> {
        let mut problems: Vec<Problem> = errors
            .into_iter()
            .map(|e| {
                let place = e
                    .line
                    .and_then(|line| lines.places.get(&line).copied())
                    .unwrap_or(Place::Chart);
                let message = match place {
                    Place::Cell { .. } => without_place(&e.message),
                    _ => e.message.clone(),
                };
                let message = if message.contains("may leave") {
                    "enter a value".to_string()
                } else {
                    message
                };
                Problem { place, message }
            })
            .collect();
        problems.sort_by_key(|p| p.place);
        problems.dedup();
        problems
    }

    fn write(&self, status: TableStatus) -> (String, Lines) {
        let mut out = Writer::default();
        let table = &self.table;
        out.line(
            "# Entered in Aide-de-camp from the owner's own card.".into(),
            None,
        );
        out.line(format!("id = {}", quoted(&table.id)), None);
        out.line(format!("title = {}", quoted(&table.title)), None);
        out.line(format!("kind = {}", quoted(table.kind.name())), None);
        out.line(format!("status = {}", quoted(status.name())), None);
        self.write_structure(&mut out);
        // A top-level key: it must come before the first [table] header.
        if table.values == CellValues::Counts {
            out.line("results = \"numbers\"".into(), None);
        }
        if let Some(compose) = &table.compose {
            let list = |names: &[String]| {
                names
                    .iter()
                    .map(|n| quoted(n))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut keys = Vec::new();
            if !compose.parts.is_empty() {
                keys.push(format!("parts = [{}]", list(&compose.parts)));
            }
            if !compose.modified.is_empty() {
                keys.push(format!("modified = [{}]", list(&compose.modified)));
            }
            out.line(format!("compose = {{ {} }}", keys.join(", ")), None);
        }
        out.line(String::new(), None);
        out.line("[provenance]".into(), None);
        out.line(
            format!("rulebook = {}", quoted(&table.provenance.rulebook)),
            None,
        );
        out.line(format!("rule = {}", quoted(&table.provenance.rule)), None);
        if let Some(lines) = &table.provenance.lines {
            out.line(format!("lines = {}", quoted(lines)), None);
        }
        if let Some(note) = &table.provenance.note {
            out.line(format!("note = {}", quoted(note)), None);
        }
        for result in &table.results {
            out.line(String::new(), None);
            out.line("[[results]]".into(), None);
            out.line(format!("code = {}", quoted(&result.code)), None);
            out.line(format!("label = {}", quoted(&result.label)), None);
        }
        for (r, row) in self.rows.iter().enumerate() {
            out.line(String::new(), None);
            out.line("[[rows]]".into(), None);
            self.write_key(&mut out, row);
            let cell = |c: &String| {
                let c = c.trim();
                quoted(if c.is_empty() { BLANK_CELL } else { c })
            };
            let single = matches!(
                &table.body,
                TableBody::Differential { .. } | TableBody::D66 { .. }
            ) || matches!(&table.body, TableBody::RollRange { columns, .. } if columns.is_empty());
            if single {
                let value = row
                    .cells
                    .first()
                    .map(cell)
                    .unwrap_or_else(|| quoted(BLANK_CELL));
                out.line(
                    format!("result = {value}"),
                    Some(Place::Cell { row: r, column: 0 }),
                );
            } else {
                out.line("cells = [".into(), None);
                for (c, value) in row.cells.iter().enumerate() {
                    out.line(
                        format!("  {},", cell(value)),
                        Some(Place::Cell { row: r, column: c }),
                    );
                }
                out.line("]".into(), None);
            }
        }
        (out.text, out.lines)
    }

    /// The kind's own keys: columns, rounding, caps, range.
    fn write_structure(&self, out: &mut Writer) {
        let domain = |out: &mut Writer, domain: Option<(i64, i64)>| {
            if let Some((min, max)) = domain {
                out.line(format!("domain = [{min}, {max}]"), Some(Place::Domain));
            }
        };
        match &self.table.body {
            TableBody::OddsRatio { rounding, drm, .. } => {
                out.line("columns = [".into(), None);
                for (i, c) in self.columns.iter().enumerate() {
                    out.line(
                        format!(
                            "  {{ label = {}, odds = {} }},",
                            quoted(c.label.trim()),
                            quoted(c.odds.trim())
                        ),
                        Some(Place::Column(i)),
                    );
                }
                out.line("]".into(), None);
                let rounding = match rounding {
                    Rounding::Defender => "defender",
                    Rounding::Attacker => "attacker",
                };
                out.line(format!("rounding = {}", quoted(rounding)), None);
                if let Some(cap) = drm {
                    out.line(format!("drm = {}", bounds(cap, "min", "max")), None);
                }
                domain(out, self.domain);
            }
            TableBody::StrengthBands {
                lines, shift_cap, ..
            } => {
                if !lines.is_empty() {
                    let names = lines
                        .iter()
                        .map(|l| quoted(l))
                        .collect::<Vec<_>>()
                        .join(", ");
                    out.line(format!("lines = [{names}]"), None);
                }
                out.line("columns = [".into(), None);
                for (i, c) in self.columns.iter().enumerate() {
                    let label = quoted(c.label.trim());
                    let text = if lines.is_empty() {
                        let band = c.bands.first().map(String::as_str).unwrap_or("");
                        let band = band_toml(band);
                        match band
                            .trim_start_matches('[')
                            .trim_end_matches(']')
                            .split_once(", ")
                        {
                            Some((min, max)) if band.starts_with('[') => {
                                format!("  {{ label = {label}, min = {min}, max = {max} }},")
                            }
                            None if band.starts_with('[') => format!(
                                "  {{ label = {label}, min = {} }},",
                                band.trim_start_matches('[').trim_end_matches(']')
                            ),
                            _ => format!("  {{ label = {label}, min = {band} }},"),
                        }
                    } else {
                        let bands = c.bands.iter().map(|b| band_toml(b)).collect::<Vec<_>>();
                        format!("  {{ label = {label}, bands = [{}] }},", bands.join(", "))
                    };
                    out.line(text, Some(Place::Column(i)));
                }
                out.line("]".into(), None);
                if let Some(cap) = shift_cap {
                    out.line(format!("shift_cap = {}", shifts(cap)), None);
                }
                domain(out, self.domain);
            }
            TableBody::RollRange {
                domain: d, columns, ..
            } => {
                domain(out, Some((d.min, d.max)));
                if !columns.is_empty() {
                    let names = columns
                        .iter()
                        .map(|c| quoted(c))
                        .collect::<Vec<_>>()
                        .join(", ");
                    out.line(format!("columns = [{names}]"), None);
                }
            }
            TableBody::DifferenceBands {
                domain: d, columns, ..
            } => {
                domain(out, Some((d.min, d.max)));
                out.line("columns = [".into(), None);
                for c in columns {
                    let mut keys = vec![format!("label = {}", quoted(&c.label))];
                    if let Some(min) = c.min {
                        keys.push(format!("min = {min}"));
                    }
                    if let Some(max) = c.max {
                        keys.push(format!("max = {max}"));
                    }
                    out.line(format!("  {{ {} }},", keys.join(", ")), None);
                }
                out.line("]".into(), None);
            }
            TableBody::Matrix {
                row_choices,
                column_choices,
                ..
            } => {
                let list = |names: &[String]| {
                    names
                        .iter()
                        .map(|n| quoted(n))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                out.line(format!("row_choices = [{}]", list(row_choices)), None);
                out.line(format!("column_choices = [{}]", list(column_choices)), None);
            }
            TableBody::Modifiers { columns, .. } => {
                let names = columns
                    .iter()
                    .map(|c| quoted(c))
                    .collect::<Vec<_>>()
                    .join(", ");
                out.line(format!("columns = [{names}]"), None);
            }
            TableBody::Differential { .. } | TableBody::D66 { .. } => {}
        }
    }

    /// What selects a row, as its kind writes it.
    fn write_key(&self, out: &mut Writer, row: &DraftRow) {
        match (&self.table.body, &row.key) {
            (TableBody::Modifiers { .. }, RowKey::Choice(id)) => {
                out.line(format!("id = {}", quoted(id)), None);
                out.line(format!("label = {}", quoted(&row.label)), None);
            }
            (_, RowKey::Choice(choice)) => out.line(format!("choice = {}", quoted(choice)), None),
            (_, RowKey::Roll(roll)) => {
                out.line(format!("roll = {roll}"), None);
                out.line(format!("label = {}", quoted(&row.label)), None);
            }
            (_, RowKey::Range { min, max }) => {
                out.line(format!("min = {min}"), None);
                if let Some(max) = max {
                    out.line(format!("max = {max}"), None);
                }
                out.line(format!("label = {}", quoted(&row.label)), None);
            }
        }
    }
}

/// A cell's message without the place the editor shows itself ("the cell in row 1 (`0`), column
/// `4-6`: ..." reads "...").
fn without_place(message: &str) -> String {
    match message.strip_prefix("the cell in ") {
        Some(rest) => rest
            .split_once(": ")
            .map_or_else(|| message.to_string(), |(_, after)| after.to_string()),
        None => message.to_string(),
    }
}

fn bounds(cap: &ModifierCap, low: &str, high: &str) -> String {
    let mut keys = Vec::new();
    if let Some(min) = cap.min {
        keys.push(format!("{low} = {min}"));
    }
    if let Some(max) = cap.max {
        keys.push(format!("{high} = {max}"));
    }
    format!("{{ {} }}", keys.join(", "))
}

fn shifts(cap: &ShiftCap) -> String {
    bounds(
        &ModifierCap {
            min: cap.left,
            max: cap.right,
        },
        "left",
        "right",
    )
}

/// Builds the file text a line at a time, noting where each editable thing goes.
#[derive(Default)]
struct Writer {
    text: String,
    lines: Lines,
    count: usize,
}

impl Writer {
    fn line(&mut self, text: String, place: Option<Place>) {
        self.count += 1;
        if let Some(place) = place {
            self.lines.places.insert(self.count, place);
        }
        // A text with a line break is written over several lines (a TOML multi-line string).
        self.count += text.matches('\n').count();
        self.text.push_str(&text);
        self.text.push('\n');
    }
}
