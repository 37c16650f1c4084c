//! Game tables as data.
//!
//! Every chart the adjudicator consults (combat results, morale, weather,
//! ...) lives in a TOML file. This module parses such a file, validates it
//! and performs lookups. It never names a specific game: everything
//! game-specific is in the data.
//!
//! Every error names the file and, wherever the text has a location for it,
//! the 1-based line ([`TableError`]). Parsing reports *all* the problems it
//! finds, not just the first. Bad input never panics.
//!
//! # File format
//!
//! ## Common header (every table)
//!
//! ```toml
//! id = "crt"                      # required; letters, digits, '-' and '_'
//! title = "Combat Results Table"  # required
//! kind = "differential"           # differential | roll_range | odds_ratio | strength_bands | matrix
//! status = "complete"             # complete | template | entered
//!
//! [provenance]                    # required
//! rulebook = "Some Rulebook"      # required
//! rule = "Combat"                 # required; quoted in every applied cap/clamp
//! lines = "L10-20"                # optional
//! note = "..."                    # optional
//!
//! [[results]]                     # required, at least one; the codes cells may use
//! code = "R"                      # unique; "?" is reserved
//! label = "Retreat"
//!
//! [[rows]]                        # required, at least one; keys depend on `kind`
//! # ...
//! ```
//!
//! Unknown keys are errors (they are usually typos), as are keys that belong
//! to a different kind. Integers must fit in an `i32`. Every row may carry an
//! optional `label` (except matrix rows, labelled by their `choice`) that
//! replaces the generated row label in the grid and in [`CellRef::row`].
//!
//! ## Status
//!
//! * `complete`: every value comes from a rulebook. Every cell must hold a
//!   known result code.
//! * `template`: the structure is known (columns, ranges, result codes) but
//!   the values are printed only on a player-aid card. Cells may be `"?"`,
//!   and a row may omit `result`/`cells` altogether; a row that does give
//!   `cells` must still give one per column, and every code that is not
//!   `"?"` must be known. A template resolves nothing: every lookup returns
//!   an error naming the chart the owner must enter (title and provenance).
//! * `entered`: a template the owner filled in from their own player-aid
//!   card. It validates exactly like `complete`.
//!
//! ## Kinds
//!
//! ### `differential`
//! One die each side; the difference (winner minus loser, never negative)
//! picks a row. Rows have `min`, optional `max` (absent = open-ended,
//! "or more") and `result`. Rows must cover 0 to infinity with no gap and no
//! overlap; only the last row may be open-ended.
//!
//! ```toml
//! [[rows]]
//! min = 0
//! max = 0
//! result = "S"
//! [[rows]]
//! min = 1          # "+1 or more"
//! result = "R"
//! ```
//!
//! Generated row labels read like a rulebook: `0`, `+1`, `+1, +2`,
//! `+1 to +3`, `+5 or more`.
//!
//! ### `roll_range`
//! `domain = [lo, hi]` is the modified-roll range the table covers; a roll
//! outside it is clamped into it and the clamp is reported. `columns` is
//! optional. Rows have `min`, `max` (both required) and `result` when the
//! table has no columns, or `cells` (one per column) when it has. Rows must
//! cover the domain exactly: gaps and overlaps are reported with the lines
//! of the rows involved.
//!
//! ```toml
//! domain = [2, 12]
//! columns = ["Infantry", "Cavalry"]      # optional
//! [[rows]]
//! min = 2
//! max = 6
//! cells = ["R", "N"]                     # or `result = "R"` without columns
//! ```
//!
//! Generated row labels: `5`, `2-6` (or `-1 to 2` when negative).
//!
//! ### `odds_ratio`
//! `columns` are attacker:defender ratios as `"a:d"` strings (positive
//! integers), strictly ascending. `rounding` (required) says how odds that
//! fall between two columns are read:
//!
//! * `"defender"`: round down in the defender's favour: the column is the
//!   highest ratio that is `<=` attack/defence.
//! * `"attacker"`: round up in the attacker's favour: the column is the
//!   lowest ratio that is `>=` attack/defence.
//!
//! Odds below the first column are read on the first column; odds above the
//! last column (including any attack against a defence of 0) are read on the
//! last column; both are reported as applied limits. Attack and defence both
//! 0 is a lookup error. Ordinary rounding between columns is not a limit.
//! `drm = { min = -2, max = 2 }` (optional,
//! either bound may be omitted) caps the total die-roll modifier.
//! `domain = [lo, hi]` is the modified-roll range; the modified roll
//! (natural roll + capped DRM) is clamped into it. Rows have `roll` and
//! `cells`; every roll of the domain must have exactly one row.
//!
//! ```toml
//! columns = ["1:2", "1:1", "2:1", "3:1"]
//! rounding = "defender"
//! drm = { min = -2, max = 2 }
//! domain = [1, 6]
//! [[rows]]
//! roll = 1
//! cells = ["AE", "AR", "DR", "DE"]
//! ```
//!
//! ### `strength_bands`
//! `columns` are strength bands `{ label, min, max }`; `max` absent =
//! open-ended, allowed only on the last band. Bands must be ascending and
//! contiguous (each starts one above the previous band's end). A lookup
//! takes a strength, a signed number of column shifts (positive = right)
//! and a roll: the base column is the band holding the strength (a strength
//! outside every band is read on the nearest edge band, reported); shifts
//! are capped by the optional `shift_cap = { left = 2, right = 3 }` (either
//! side may be omitted, meaning uncapped), then the column is clamped to the
//! table's edges, so a lookup never leaves the table. `domain` and rows are
//! as for `odds_ratio`. Every cap and clamp applied is reported.
//!
//! ```toml
//! columns = [{ label = "1-2", min = 1, max = 2 }, { label = "3+", min = 3 }]
//! shift_cap = { left = 2, right = 3 }
//! domain = [1, 6]
//! [[rows]]
//! roll = 1
//! cells = ["N", "R"]
//! ```
//!
//! ### `matrix`
//! A lookup by (row choice, column choice). `row_choices` and
//! `column_choices` are non-empty lists of distinct names. Rows have
//! `choice` (one of `row_choices`) and `cells` (one per column choice);
//! every row choice must have exactly one row.
//!
//! ```toml
//! row_choices = ["Attack", "Probe"]
//! column_choices = ["Defend", "Withdraw"]
//! [[rows]]
//! choice = "Attack"
//! cells = ["B", "R"]
//! ```
//!
//! ## Line numbers
//! Errors point at the most specific place: the offending value (a cell, a
//! column, a key), or the `[[rows]]` header of the row involved for range
//! problems (gaps and overlaps name the other row's line in the message),
//! or the header of the table (`[[rows]]`, `[provenance]`, ...) that lacks a
//! required key. TOML syntax errors point at the syntax error and stop the
//! parse there. A required top-level key that is missing has no line ([`TableError::line`]
//! is `None`); neither do lookup errors.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;
use std::path::Path;

use super::symbol::Symbol;
use serde::{Deserialize, Serialize};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The placeholder for a cell whose value is not known (templates only).
pub const BLANK_CELL: &str = "?";

// ---------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------

/// A problem with a table file, or a lookup that cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableError {
    /// The file (source name) the table was read from.
    pub file: String,
    /// 1-based line, when the problem has a location in the file.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for TableError {}

/// How a table is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    Differential,
    RollRange,
    OddsRatio,
    StrengthBands,
    Matrix,
}

impl TableKind {
    pub const ALL: [TableKind; 5] = [
        TableKind::Differential,
        TableKind::RollRange,
        TableKind::OddsRatio,
        TableKind::StrengthBands,
        TableKind::Matrix,
    ];

    /// The name used for `kind` in table files.
    pub fn name(&self) -> &'static str {
        match self {
            TableKind::Differential => "differential",
            TableKind::RollRange => "roll_range",
            TableKind::OddsRatio => "odds_ratio",
            TableKind::StrengthBands => "strength_bands",
            TableKind::Matrix => "matrix",
        }
    }

    pub fn from_name(name: &str) -> Option<TableKind> {
        TableKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The lookup method that reads this kind of table.
    fn lookup_method(&self) -> &'static str {
        match self {
            TableKind::Differential => "lookup_differential",
            TableKind::RollRange => "lookup_roll_range",
            TableKind::OddsRatio => "lookup_odds_ratio",
            TableKind::StrengthBands => "lookup_strength_bands",
            TableKind::Matrix => "lookup_matrix",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a table's values come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Every value comes from a rulebook.
    Complete,
    /// Structure known, values only on a player-aid card: resolves nothing.
    Template,
    /// A template the owner filled in from their own player-aid card.
    Entered,
}

impl TableStatus {
    pub const ALL: [TableStatus; 3] = [
        TableStatus::Complete,
        TableStatus::Template,
        TableStatus::Entered,
    ];

    /// The name used for `status` in table files.
    pub fn name(&self) -> &'static str {
        match self {
            TableStatus::Complete => "complete",
            TableStatus::Template => "template",
            TableStatus::Entered => "entered",
        }
    }

    pub fn from_name(name: &str) -> Option<TableStatus> {
        TableStatus::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for TableStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where in the rules a table comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Provenance {
    pub rulebook: String,
    pub rule: String,
    pub lines: Option<String>,
    pub note: Option<String>,
}

impl fmt::Display for Provenance {
    /// `rulebook, rule, lines` (the note is left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.rulebook, self.rule)?;
        if let Some(lines) = &self.lines {
            write!(f, ", {lines}")?;
        }
        Ok(())
    }
}

/// A result code a table's cells may hold.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ResultCode {
    pub code: String,
    pub label: String,
}

/// A parsed, validated table.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub kind: TableKind,
    pub status: TableStatus,
    pub provenance: Provenance,
    pub results: Vec<ResultCode>,
    /// The file name the table was read from.
    pub source: String,
    body: TableBody,
}

/// The kind-specific part of a table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableBody {
    Differential {
        rows: Vec<Row>,
    },
    RollRange {
        domain: Domain,
        /// Empty when rows carry a single `result`.
        columns: Vec<String>,
        rows: Vec<Row>,
    },
    OddsRatio {
        columns: Vec<OddsColumn>,
        rounding: Rounding,
        drm: Option<ModifierCap>,
        domain: Domain,
        rows: Vec<Row>,
    },
    StrengthBands {
        columns: Vec<StrengthColumn>,
        shift_cap: Option<ShiftCap>,
        domain: Domain,
        rows: Vec<Row>,
    },
    Matrix {
        row_choices: Vec<String>,
        column_choices: Vec<String>,
        rows: Vec<Row>,
    },
}

impl TableBody {
    pub fn rows(&self) -> &[Row] {
        match self {
            TableBody::Differential { rows }
            | TableBody::RollRange { rows, .. }
            | TableBody::OddsRatio { rows, .. }
            | TableBody::StrengthBands { rows, .. }
            | TableBody::Matrix { rows, .. } => rows,
        }
    }
}

/// One row of a table, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Label as shown in a viewer and in [`CellRef::row`].
    pub label: String,
    pub key: RowKey,
    /// One per column (one for tables without columns); `None` = blank
    /// (templates only).
    pub cells: Vec<Option<String>>,
    /// Line of the row in the file.
    pub line: usize,
}

/// What selects a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowKey {
    /// `min..=max`; `max == None` is open-ended.
    Range {
        min: i64,
        max: Option<i64>,
    },
    Roll(i64),
    Choice(String),
}

/// An inclusive range of (modified) die rolls a table covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Domain {
    pub min: i64,
    pub max: i64,
}

/// An attacker:defender odds column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsColumn {
    pub label: String,
    pub attack: u32,
    pub defence: u32,
}

/// How odds between two columns are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Highest column `<=` the odds.
    Defender,
    /// Lowest column `>=` the odds.
    Attacker,
}

/// Caps on a total die-roll modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModifierCap {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// A strength band column; `max == None` is open-ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrengthColumn {
    pub label: String,
    pub min: i64,
    pub max: Option<i64>,
}

/// Caps on the total column shifts each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShiftCap {
    pub left: Option<i64>,
    pub right: Option<i64>,
}

/// The cell a lookup read, for "explain every number" and highlighting in a
/// table viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellRef {
    /// Table id.
    pub table: Symbol,
    pub table_title: Symbol,
    pub column: Option<Symbol>,
    /// Row label, e.g. "+3, +4" or "5".
    pub row: Symbol,
    /// Index into [`Grid::rows`].
    pub row_index: usize,
    /// Index into [`Grid::columns`]; `None` for tables without columns.
    pub column_index: Option<usize>,
    /// Result code.
    pub result: Symbol,
    /// The result's label, as the table names it ("Retreat").
    pub result_label: Symbol,
}

impl CellRef {
    /// "Combat Results Table, row +1, +2 gives Retreat (R)".
    pub fn describe(&self) -> String {
        let column = self
            .column
            .as_ref()
            .map(|c| format!(", column {c}"))
            .unwrap_or_default();
        format!(
            "{}, row {}{column} gives {} ({})",
            self.table_title, self.row, self.result_label, self.result
        )
    }
}

/// A cap or clamp that a lookup actually applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedLimit {
    /// e.g. "DRM +4 capped at +2".
    pub description: String,
    /// The provenance rule of the table.
    pub rule: String,
}

/// The answer to a lookup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lookup {
    pub cell: CellRef,
    pub result: ResultCode,
    pub limits: Vec<AppliedLimit>,
}

/// A table laid out for a viewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Column headers (a single "Result" for tables without columns).
    pub columns: Vec<String>,
    /// (row label, cells as result codes or "?"), in file order.
    pub rows: Vec<(String, Vec<String>)>,
}

// ---------------------------------------------------------------------------
// Table: loading, lookups, grid
// ---------------------------------------------------------------------------

impl Table {
    /// Parse and validate a table; returns every error found.
    pub fn parse(source_name: &str, text: &str) -> Result<Table, Vec<TableError>> {
        Parser::new(source_name, text).parse()
    }

    /// Read and parse a table file; the path becomes the source name.
    pub fn load(path: &Path) -> Result<Table, Vec<TableError>> {
        let source = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Table::parse(&source, &text),
            Err(e) => Err(vec![TableError {
                file: source,
                line: None,
                message: format!("cannot read the table file: {e}"),
            }]),
        }
    }

    /// The kind-specific part of the table.
    pub fn body(&self) -> &TableBody {
        &self.body
    }

    /// False for templates, which resolve nothing.
    pub fn is_resolvable(&self) -> bool {
        self.status != TableStatus::Template
    }

    /// Header for the row-label column of [`Table::grid`].
    pub fn row_header(&self) -> &'static str {
        match self.kind {
            TableKind::Differential => "Difference",
            TableKind::RollRange | TableKind::OddsRatio | TableKind::StrengthBands => "Roll",
            TableKind::Matrix => "Choice",
        }
    }

    /// A grid for a table viewer.
    pub fn grid(&self) -> Grid {
        let columns = match &self.body {
            TableBody::Differential { .. } => vec!["Result".to_string()],
            TableBody::RollRange { columns, .. } if columns.is_empty() => {
                vec!["Result".to_string()]
            }
            TableBody::RollRange { columns, .. } => columns.clone(),
            TableBody::OddsRatio { columns, .. } => {
                columns.iter().map(|c| c.label.clone()).collect()
            }
            TableBody::StrengthBands { columns, .. } => {
                columns.iter().map(|c| c.label.clone()).collect()
            }
            TableBody::Matrix { column_choices, .. } => column_choices.clone(),
        };
        let rows = self
            .body
            .rows()
            .iter()
            .map(|row| {
                let cells = row
                    .cells
                    .iter()
                    .map(|c| c.clone().unwrap_or_else(|| BLANK_CELL.to_string()))
                    .collect();
                (row.label.clone(), cells)
            })
            .collect();
        Grid { columns, rows }
    }

    /// The result code with this code, if the table defines it.
    pub fn result_code(&self, code: &str) -> Option<&ResultCode> {
        self.results.iter().find(|r| r.code == code)
    }

    /// Read a differential table: `difference` is winner minus loser.
    pub fn lookup_differential(&self, difference: u32) -> Result<Lookup, TableError> {
        self.ready(TableKind::Differential)?;
        let d = i64::from(difference);
        let rows = self.body.rows();
        let index = rows
            .iter()
            .position(|r| range_holds(&r.key, d))
            .ok_or_else(|| self.error(format!("no row covers a difference of {d}")))?;
        self.answer(index, None, None, Vec::new())
    }

    /// Read a roll-range table. `column` must name one of the table's
    /// columns, or be `None` for a table without columns. A roll outside the
    /// table's domain is clamped into it (reported).
    pub fn lookup_roll_range(&self, column: Option<&str>, roll: i32) -> Result<Lookup, TableError> {
        self.ready(TableKind::RollRange)?;
        let TableBody::RollRange {
            domain, columns, ..
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        let column_index = match (columns.is_empty(), column) {
            (true, None) => None,
            (true, Some(c)) => {
                return Err(self.error(format!(
                    "{} has no columns, but column `{c}` was asked for",
                    self.describe()
                )));
            }
            (false, None) => {
                return Err(self.error(format!(
                    "{} has columns; name one of: {}",
                    self.describe(),
                    columns.join(", ")
                )));
            }
            (false, Some(c)) => Some(columns.iter().position(|x| x == c).ok_or_else(|| {
                self.error(format!(
                    "{} has no column `{c}`; columns are: {}",
                    self.describe(),
                    columns.join(", ")
                ))
            })?),
        };
        let mut limits = Vec::new();
        let roll = self.clamp_roll(i64::from(roll), *domain, "roll", &mut limits);
        let index = self
            .body
            .rows()
            .iter()
            .position(|r| range_holds(&r.key, roll))
            .ok_or_else(|| self.error(format!("no row covers a roll of {roll}")))?;
        let column_label = column_index.and_then(|i| columns.get(i).cloned());
        self.answer(index, column_index, column_label, limits)
    }

    /// Read an odds-ratio table: odds `attack:defence`, total die-roll
    /// modifier `drm` (capped by the table's `drm` caps) and the natural
    /// roll. Odds outside the columns and modified rolls outside the domain
    /// are clamped; every cap and clamp applied is reported.
    pub fn lookup_odds_ratio(
        &self,
        attack: u32,
        defence: u32,
        drm: i32,
        natural_roll: i32,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::OddsRatio)?;
        let TableBody::OddsRatio {
            columns,
            rounding,
            drm: cap,
            domain,
            ..
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        if attack == 0 && defence == 0 {
            return Err(self.error(
                "attack and defence strengths are both 0: the odds are undefined".to_string(),
            ));
        }
        let (first, last) = match (columns.first(), columns.last()) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(self.error("table has no columns".to_string())),
        };
        let last_index = columns.len().saturating_sub(1);
        // Ordering of the odds relative to a column: Greater = odds above it.
        let (a, d) = (u64::from(attack), u64::from(defence));
        let compare = |c: &OddsColumn| (a * u64::from(c.defence)).cmp(&(u64::from(c.attack) * d));
        let odds = format!("{attack}:{defence}");
        let mut limits = Vec::new();
        let column_index = if compare(first) == Ordering::Less {
            limits.push(self.limit(format!(
                "odds {odds} are below the lowest column {}; read as {}",
                first.label, first.label
            )));
            0
        } else if compare(last) == Ordering::Greater {
            limits.push(self.limit(format!(
                "odds {odds} are above the highest column {}; read as {}",
                last.label, last.label
            )));
            last_index
        } else {
            match rounding {
                Rounding::Defender => columns
                    .iter()
                    .rposition(|c| compare(c) != Ordering::Less)
                    .unwrap_or(0),
                Rounding::Attacker => columns
                    .iter()
                    .position(|c| compare(c) != Ordering::Greater)
                    .unwrap_or(last_index),
            }
        };
        let mut total = i64::from(drm);
        if let Some(cap) = cap {
            if let Some(max) = cap.max
                && total > max
            {
                limits.push(self.limit(format!("DRM {} capped at {}", signed(total), signed(max))));
                total = max;
            }
            if let Some(min) = cap.min
                && total < min
            {
                limits.push(self.limit(format!("DRM {} capped at {}", signed(total), signed(min))));
                total = min;
            }
        }
        let modified = i64::from(natural_roll) + total;
        let roll = self.clamp_roll(modified, *domain, "modified roll", &mut limits);
        let index = self
            .body
            .rows()
            .iter()
            .position(|r| r.key == RowKey::Roll(roll))
            .ok_or_else(|| self.error(format!("no row for a roll of {roll}")))?;
        let column_label = columns.get(column_index).map(|c| c.label.clone());
        self.answer(index, Some(column_index), column_label, limits)
    }

    /// Read a strength-band table: the band holding `strength`, moved by
    /// `shifts` columns (positive = right, capped by the table's
    /// `shift_cap`, then clamped to the table's edges), and `roll` (clamped
    /// to the domain). Every cap and clamp applied is reported.
    pub fn lookup_strength_bands(
        &self,
        strength: u32,
        shifts: i32,
        roll: i32,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::StrengthBands)?;
        let TableBody::StrengthBands {
            columns,
            shift_cap,
            domain,
            ..
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        let (first, last) = match (columns.first(), columns.last()) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(self.error("table has no columns".to_string())),
        };
        let last_index = columns.len().saturating_sub(1);
        let s = i64::from(strength);
        let mut limits = Vec::new();
        let base = if s < first.min {
            limits.push(self.limit(format!(
                "strength {s} is below the lowest column {}; read as {}",
                first.label, first.label
            )));
            0
        } else if let Some(max) = last.max
            && s > max
        {
            limits.push(self.limit(format!(
                "strength {s} is above the highest column {}; read as {}",
                last.label, last.label
            )));
            last_index
        } else {
            columns
                .iter()
                .position(|c| s >= c.min && c.max.is_none_or(|m| s <= m))
                .ok_or_else(|| self.error(format!("no column holds strength {s}")))?
        };
        let mut shift = i64::from(shifts);
        if let Some(cap) = shift_cap {
            if let Some(right) = cap.right
                && shift > right
            {
                limits.push(self.limit(format!(
                    "{} right capped at {right}",
                    count(shift, "column shift", "column shifts")
                )));
                shift = right;
            }
            if let Some(left) = cap.left
                && -shift > left
            {
                limits.push(self.limit(format!(
                    "{} left capped at {left}",
                    count(-shift, "column shift", "column shifts")
                )));
                shift = -left;
            }
        }
        let base_label = columns.get(base).map_or("?", |c| c.label.as_str());
        let target = i64::try_from(base)
            .unwrap_or(i64::MAX)
            .saturating_add(shift);
        let column_index = if target < 0 {
            limits.push(self.limit(format!(
                "{} left from column {base_label} would leave the table; read the leftmost column {}",
                count(-shift, "column shift", "column shifts"),
                first.label
            )));
            0
        } else {
            match usize::try_from(target) {
                Ok(t) if t <= last_index => t,
                _ => {
                    limits.push(self.limit(format!(
                        "{} right from column {base_label} would leave the table; read the rightmost column {}",
                        count(shift, "column shift", "column shifts"),
                        last.label
                    )));
                    last_index
                }
            }
        };
        let roll = self.clamp_roll(i64::from(roll), *domain, "roll", &mut limits);
        let index = self
            .body
            .rows()
            .iter()
            .position(|r| r.key == RowKey::Roll(roll))
            .ok_or_else(|| self.error(format!("no row for a roll of {roll}")))?;
        let column_label = columns.get(column_index).map(|c| c.label.clone());
        self.answer(index, Some(column_index), column_label, limits)
    }

    /// Read a matrix table by (row choice, column choice).
    pub fn lookup_matrix(
        &self,
        row_choice: &str,
        column_choice: &str,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::Matrix)?;
        let TableBody::Matrix {
            row_choices,
            column_choices,
            rows,
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        if !row_choices.iter().any(|c| c == row_choice) {
            return Err(self.error(format!(
                "{} has no row choice `{row_choice}`; row choices are: {}",
                self.describe(),
                row_choices.join(", ")
            )));
        }
        let column_index = column_choices
            .iter()
            .position(|c| c == column_choice)
            .ok_or_else(|| {
                self.error(format!(
                    "{} has no column choice `{column_choice}`; column choices are: {}",
                    self.describe(),
                    column_choices.join(", ")
                ))
            })?;
        let index = rows
            .iter()
            .position(|r| matches!(&r.key, RowKey::Choice(c) if c == row_choice))
            .ok_or_else(|| self.error(format!("no row for choice `{row_choice}`")))?;
        self.answer(
            index,
            Some(column_index),
            Some(column_choice.to_string()),
            Vec::new(),
        )
    }

    // -- lookup helpers ----------------------------------------------------

    fn describe(&self) -> String {
        format!("\"{}\" ({})", self.title, self.id)
    }

    fn error(&self, message: String) -> TableError {
        TableError {
            file: self.source.clone(),
            line: None,
            message,
        }
    }

    fn limit(&self, description: String) -> AppliedLimit {
        AppliedLimit {
            description,
            rule: self.provenance.rule.clone(),
        }
    }

    /// Check the lookup matches the table's kind and the table resolves.
    fn ready(&self, wanted: TableKind) -> Result<(), TableError> {
        if self.kind != wanted {
            return Err(self.error(format!(
                "{} is a {} table and cannot be read as a {} table (use {} instead of {})",
                self.describe(),
                self.kind.name(),
                wanted.name(),
                self.kind.lookup_method(),
                wanted.lookup_method()
            )));
        }
        if self.status == TableStatus::Template {
            return Err(self.error(format!(
                "{} is a template: its values are printed only on a player-aid card, so it \
                 resolves nothing. Enter the \"{}\" chart ({}) from your own player-aid card \
                 into {} and set status = \"entered\"",
                self.describe(),
                self.title,
                self.provenance,
                self.source
            )));
        }
        Ok(())
    }

    fn clamp_roll(
        &self,
        roll: i64,
        domain: Domain,
        what: &str,
        limits: &mut Vec<AppliedLimit>,
    ) -> i64 {
        let covers = span_text(domain.min, domain.max);
        if roll < domain.min {
            limits.push(self.limit(format!(
                "{what} {roll} clamped to {} (the table covers rolls {covers})",
                domain.min
            )));
            domain.min
        } else if roll > domain.max {
            limits.push(self.limit(format!(
                "{what} {roll} clamped to {} (the table covers rolls {covers})",
                domain.max
            )));
            domain.max
        } else {
            roll
        }
    }

    fn answer(
        &self,
        row_index: usize,
        column_index: Option<usize>,
        column: Option<String>,
        limits: Vec<AppliedLimit>,
    ) -> Result<Lookup, TableError> {
        let row = self
            .body
            .rows()
            .get(row_index)
            .ok_or_else(|| self.error(format!("no row {row_index}")))?;
        let code = row
            .cells
            .get(column_index.unwrap_or(0))
            .and_then(|c| c.as_ref())
            .ok_or_else(|| self.error(format!("row `{}` has a blank cell", row.label)))?;
        let result = self
            .result_code(code)
            .cloned()
            .ok_or_else(|| self.error(format!("unknown result code `{code}`")))?;
        Ok(Lookup {
            cell: CellRef {
                table: self.id.as_str().into(),
                table_title: self.title.as_str().into(),
                column: column.map(Symbol::from),
                row: row.label.as_str().into(),
                row_index,
                column_index,
                result: code.as_str().into(),
                result_label: result.label.as_str().into(),
            },
            result,
            limits,
        })
    }
}

fn range_holds(key: &RowKey, value: i64) -> bool {
    match key {
        RowKey::Range { min, max } => value >= *min && max.is_none_or(|m| value <= m),
        _ => false,
    }
}

/// "+4", "-3", "0".
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// "1 column shift", "3 column shifts".
fn count(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "5", "2-6", "-1 to 2".
fn span_text(min: i64, max: i64) -> String {
    if min == max {
        min.to_string()
    } else if min >= 0 {
        format!("{min}-{max}")
    } else {
        format!("{min} to {max}")
    }
}

/// "difference 3", "differences 3-4".
fn values_text(noun: &str, min: i64, max: i64) -> String {
    if min == max {
        format!("{noun} {min}")
    } else {
        format!("{noun}s {}", span_text(min, max))
    }
}

/// Rulebook-style label for a differential row: "0", "+1, +2", "+5 or more".
fn differential_label(min: i64, max: Option<i64>) -> String {
    match max {
        None => format!("{} or more", signed(min)),
        Some(max) if max == min => signed(min),
        Some(max) if max == min + 1 => format!("{}, {}", signed(min), signed(max)),
        Some(max) => format!("{} to {}", signed(min), signed(max)),
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()
        .iter()
        .take(offset)
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

// ---------------------------------------------------------------------------
// Parsing and validation
// ---------------------------------------------------------------------------

type Value<'i> = Spanned<DeValue<'i>>;

const HEADER_KEYS: &[&str] = &[
    "id",
    "title",
    "kind",
    "status",
    "provenance",
    "results",
    "rows",
];

fn kind_keys(kind: TableKind) -> &'static [&'static str] {
    match kind {
        TableKind::Differential => &[],
        TableKind::RollRange => &["domain", "columns"],
        TableKind::OddsRatio => &["columns", "rounding", "drm", "domain"],
        TableKind::StrengthBands => &["columns", "shift_cap", "domain"],
        TableKind::Matrix => &["row_choices", "column_choices"],
    }
}

/// A TOML table being read: the document root or a nested table.
struct Obj<'a, 'i> {
    table: &'a DeTable<'i>,
    /// Where the table starts; `None` for the document root.
    span: Option<Range<usize>>,
    /// How messages name it: "row 3", "[provenance]", ...
    name: String,
}

impl<'a, 'i> Obj<'a, 'i> {
    fn get(&self, key: &str) -> Option<&'a Value<'i>> {
        self.table.iter().find_map(|(k, v)| {
            let k: &str = k.get_ref();
            (k == key).then_some(v)
        })
    }
}

/// How cells are checked.
struct CellRules {
    /// The table's result codes.
    codes: Vec<String>,
    /// Blank cells allowed (templates).
    template: bool,
    /// False when some result code could not be read: unknown-code errors
    /// would only be noise.
    check_codes: bool,
}

/// A row's range, for coverage checks.
struct Extent {
    min: i64,
    max: Option<i64>,
    line: usize,
    label: String,
}

struct Parser<'t> {
    source: String,
    text: &'t str,
    errors: Vec<TableError>,
}

impl<'t> Parser<'t> {
    fn new(source: &str, text: &'t str) -> Self {
        Parser {
            source: source.to_string(),
            text,
            errors: Vec::new(),
        }
    }

    // -- error reporting ---------------------------------------------------

    fn line(&self, span: &Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    fn push(&mut self, line: Option<usize>, message: String) {
        self.errors.push(TableError {
            file: self.source.clone(),
            line,
            message,
        });
    }

    fn at(&mut self, span: &Range<usize>, message: String) {
        let line = self.line(span);
        self.push(Some(line), message);
    }

    fn at_line(&mut self, line: usize, message: String) {
        self.push(Some(line), message);
    }

    fn obj_line(&self, obj: &Obj) -> Option<usize> {
        obj.span.as_ref().map(|s| self.line(s))
    }

    fn finish(mut self) -> Vec<TableError> {
        self.errors.sort_by_key(|e| e.line.unwrap_or(0));
        self.errors.dedup();
        self.errors
    }

    // -- typed access --------------------------------------------------------

    fn check_keys(&mut self, obj: &Obj, allowed: &[&str]) {
        for (key, _) in obj.table.iter() {
            let name: &str = key.get_ref();
            if !allowed.contains(&name) {
                self.at(
                    &key.span(),
                    format!(
                        "unknown key `{name}` in {}; expected: {}",
                        obj.name,
                        allowed.join(", ")
                    ),
                );
            }
        }
    }

    fn required<'a, 'i>(&mut self, obj: &Obj<'a, 'i>, key: &str) -> Option<&'a Value<'i>> {
        let value = obj.get(key);
        if value.is_none() {
            match self.obj_line(obj) {
                Some(line) => self.at_line(
                    line,
                    format!("{} is missing required key `{key}`", obj.name),
                ),
                None => self.push(None, format!("missing required top-level key `{key}`")),
            }
        }
        value
    }

    fn string(&mut self, value: &Value, what: &str) -> Option<String> {
        match value.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            other => {
                self.at(
                    &value.span(),
                    format!("{what} must be a string, found {}", other.type_str()),
                );
                None
            }
        }
    }

    /// A string that must not be empty or blank.
    fn text_value(&mut self, value: &Value, what: &str) -> Option<String> {
        let s = self.string(value, what)?;
        if s.trim().is_empty() {
            self.at(&value.span(), format!("{what} must not be empty"));
            return None;
        }
        Some(s)
    }

    fn int(&mut self, value: &Value, what: &str) -> Option<i64> {
        match value.get_ref() {
            DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
                Ok(n) if i32::try_from(n).is_ok() => Some(n),
                _ => {
                    self.at(&value.span(), format!("{what} is out of range"));
                    None
                }
            },
            other => {
                self.at(
                    &value.span(),
                    format!("{what} must be an integer, found {}", other.type_str()),
                );
                None
            }
        }
    }

    fn array<'a, 'i>(&mut self, value: &'a Value<'i>, what: &str) -> Option<&'a [Value<'i>]> {
        match value.get_ref() {
            DeValue::Array(a) => Some(a),
            other => {
                self.at(
                    &value.span(),
                    format!("{what} must be an array, found {}", other.type_str()),
                );
                None
            }
        }
    }

    fn table<'a, 'i>(
        &mut self,
        value: &'a Value<'i>,
        what: &str,
        name: String,
    ) -> Option<Obj<'a, 'i>> {
        match value.get_ref() {
            DeValue::Table(t) => Some(Obj {
                table: t,
                span: Some(value.span()),
                name,
            }),
            other => {
                self.at(
                    &value.span(),
                    format!("{what} must be a table, found {}", other.type_str()),
                );
                None
            }
        }
    }

    fn req_text(&mut self, obj: &Obj, key: &str) -> Option<String> {
        let value = self.required(obj, key)?;
        self.text_value(value, &format!("`{key}`"))
    }

    fn opt_text(&mut self, obj: &Obj, key: &str) -> Option<String> {
        let value = obj.get(key)?;
        self.text_value(value, &format!("`{key}`"))
    }

    fn req_int(&mut self, obj: &Obj, key: &str) -> Option<i64> {
        let value = self.required(obj, key)?;
        self.int(value, &format!("`{key}` in {}", obj.name))
    }

    fn opt_int(&mut self, obj: &Obj, key: &str) -> Option<i64> {
        let value = obj.get(key)?;
        self.int(value, &format!("`{key}` in {}", obj.name))
    }

    /// A non-empty array of distinct, non-empty strings, with their lines.
    fn name_list(&mut self, obj: &Obj, key: &str) -> Option<Vec<(String, usize)>> {
        let value = self.required(obj, key)?;
        let items = self.array(value, &format!("`{key}`"))?;
        if items.is_empty() {
            self.at(&value.span(), format!("`{key}` must not be empty"));
            return None;
        }
        let mut names: Vec<(String, usize)> = Vec::new();
        let mut ok = true;
        for item in items {
            let line = self.line(&item.span());
            let Some(name) = self.text_value(item, &format!("each entry of `{key}`")) else {
                ok = false;
                continue;
            };
            if let Some((_, first)) = names.iter().find(|(n, _)| *n == name) {
                let first = *first;
                self.at_line(
                    line,
                    format!("duplicate entry `{name}` in `{key}` (first at line {first})"),
                );
                ok = false;
                continue;
            }
            names.push((name, line));
        }
        ok.then_some(names)
    }

    fn domain(&mut self, root: &Obj) -> Option<Domain> {
        let value = self.required(root, "domain")?;
        let items = self.array(value, "`domain`")?;
        let [lo, hi] = items else {
            self.at(
                &value.span(),
                format!(
                    "`domain` must be [lowest roll, highest roll], found {} values",
                    items.len()
                ),
            );
            return None;
        };
        let lo = self.int(lo, "`domain` lowest roll");
        let hi = self.int(hi, "`domain` highest roll");
        let (lo, hi) = (lo?, hi?);
        if lo > hi {
            self.at(
                &value.span(),
                format!("`domain` lowest roll {lo} is above its highest roll {hi}"),
            );
            return None;
        }
        Some(Domain { min: lo, max: hi })
    }

    // -- the document ----------------------------------------------------------

    fn parse(mut self) -> Result<Table, Vec<TableError>> {
        let text = self.text;
        let (doc, syntax) = DeTable::parse_recoverable(text);
        if !syntax.is_empty() {
            for e in syntax {
                let line = e.span().map(|s| self.line(&s));
                self.push(line, format!("TOML syntax error: {}", e.message().trim()));
            }
            return Err(self.finish());
        }
        let root = Obj {
            table: doc.get_ref(),
            span: None,
            name: "the table".to_string(),
        };

        // Header.
        let id = self.req_text(&root, "id");
        if let (Some(id), Some(value)) = (&id, root.get("id"))
            && !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            self.at(
                &value.span(),
                format!("`id` `{id}` may hold only letters, digits, '-' and '_'"),
            );
        }
        let title = self.req_text(&root, "title");
        let kind = self.required(&root, "kind").and_then(|value| {
            let name = self.string(value, "`kind`")?;
            let kind = TableKind::from_name(&name);
            if kind.is_none() {
                let expected: Vec<_> = TableKind::ALL.iter().map(|k| k.name()).collect();
                self.at(
                    &value.span(),
                    format!(
                        "unknown kind `{name}`; expected one of: {}",
                        expected.join(", ")
                    ),
                );
            }
            kind
        });
        let status = self.required(&root, "status").and_then(|value| {
            let name = self.string(value, "`status`")?;
            let status = TableStatus::from_name(&name);
            if status.is_none() {
                let expected: Vec<_> = TableStatus::ALL.iter().map(|s| s.name()).collect();
                self.at(
                    &value.span(),
                    format!(
                        "unknown status `{name}`; expected one of: {}",
                        expected.join(", ")
                    ),
                );
            }
            status
        });
        let mut allowed: Vec<&str> = HEADER_KEYS.to_vec();
        // With an unknown kind (already reported) accept every kind's keys,
        // so the one error does not cascade.
        let kinds: Vec<TableKind> = kind.map_or(TableKind::ALL.to_vec(), |k| vec![k]);
        for k in kinds {
            for key in kind_keys(k) {
                if !allowed.contains(key) {
                    allowed.push(key);
                }
            }
        }
        self.check_keys(&root, &allowed);

        let provenance = self.provenance(&root);
        let (results, readable_codes) = self.results(&root);

        // Body. An unknown status is already reported; read the cells
        // leniently so it does not cascade into blank-cell errors.
        let rules = CellRules {
            check_codes: readable_codes.is_some(),
            codes: readable_codes.unwrap_or_default(),
            template: status.is_none_or(|s| s == TableStatus::Template),
        };
        let body = kind.and_then(|kind| self.body(&root, kind, &rules));

        match (id, title, kind, status, provenance, results, body) {
            (
                Some(id),
                Some(title),
                Some(kind),
                Some(status),
                Some(provenance),
                Some(results),
                Some(body),
            ) if self.errors.is_empty() => Ok(Table {
                id,
                title,
                kind,
                status,
                provenance,
                results,
                source: self.source,
                body,
            }),
            _ => {
                if self.errors.is_empty() {
                    self.push(None, "the table is incomplete".to_string());
                }
                Err(self.finish())
            }
        }
    }

    fn provenance(&mut self, root: &Obj) -> Option<Provenance> {
        let value = self.required(root, "provenance")?;
        let obj = self.table(value, "`provenance`", "[provenance]".to_string())?;
        self.check_keys(&obj, &["rulebook", "rule", "lines", "note"]);
        let rulebook = self.req_text(&obj, "rulebook");
        let rule = self.req_text(&obj, "rule");
        let lines = self.opt_text(&obj, "lines");
        let note = self.opt_text(&obj, "note");
        Some(Provenance {
            rulebook: rulebook?,
            rule: rule?,
            lines,
            note,
        })
    }

    /// The result codes, if all are valid, and the codes cells may be
    /// checked against (`None` when some code could not be read, so
    /// unknown-code errors would only be noise).
    fn results(&mut self, root: &Obj) -> (Option<Vec<ResultCode>>, Option<Vec<String>>) {
        let Some(value) = self.required(root, "results") else {
            return (None, None);
        };
        let Some(items) = self.array(value, "`results`") else {
            return (None, None);
        };
        if items.is_empty() {
            self.at(
                &value.span(),
                "`results` must list at least one result code".to_string(),
            );
            return (None, None);
        }
        let mut codes: Vec<(ResultCode, usize)> = Vec::new();
        let mut readable: Vec<String> = Vec::new();
        let mut ok = true;
        let mut all_readable = true;
        for (n, item) in items.iter().enumerate() {
            let Some(obj) =
                self.table(item, "each entry of `results`", format!("result {}", n + 1))
            else {
                ok = false;
                all_readable = false;
                continue;
            };
            self.check_keys(&obj, &["code", "label"]);
            let line = self.obj_line(&obj).unwrap_or(0);
            let code = self.req_text(&obj, "code");
            let label = self.req_text(&obj, "label");
            let Some(code) = code else {
                ok = false;
                all_readable = false;
                continue;
            };
            if !readable.contains(&code) {
                readable.push(code.clone());
            }
            let Some(label) = label else {
                ok = false;
                continue;
            };
            if code == BLANK_CELL {
                self.at_line(
                    line,
                    format!("result code `{BLANK_CELL}` is reserved for blank cells"),
                );
                ok = false;
            } else if code.trim() != code {
                self.at_line(
                    line,
                    format!("result code `{code}` has leading or trailing spaces"),
                );
                ok = false;
            } else if let Some((_, first)) = codes.iter().find(|(c, _)| c.code == code) {
                let first = *first;
                self.at_line(
                    line,
                    format!("duplicate result code `{code}` (first defined at line {first})"),
                );
                ok = false;
            } else {
                codes.push((ResultCode { code, label }, line));
            }
        }
        let results = ok.then(|| codes.into_iter().map(|(c, _)| c).collect());
        (results, all_readable.then_some(readable))
    }

    /// The `[[rows]]` entries as objects named "row N".
    fn row_objs<'a, 'i>(&mut self, root: &Obj<'a, 'i>) -> Option<Vec<Obj<'a, 'i>>> {
        let value = self.required(root, "rows")?;
        let items = self.array(value, "`rows`")?;
        if items.is_empty() {
            self.at(&value.span(), "the table has no rows".to_string());
        }
        let mut rows = Vec::new();
        for (n, item) in items.iter().enumerate() {
            if let Some(obj) = self.table(item, "each entry of `rows`", format!("row {}", n + 1)) {
                rows.push(obj);
            }
        }
        Some(rows)
    }

    fn body(&mut self, root: &Obj, kind: TableKind, rules: &CellRules) -> Option<TableBody> {
        match kind {
            TableKind::Differential => self.differential(root, rules),
            TableKind::RollRange => self.roll_range(root, rules),
            TableKind::OddsRatio => self.odds_ratio(root, rules),
            TableKind::StrengthBands => self.strength_bands(root, rules),
            TableKind::Matrix => self.matrix(root, rules),
        }
    }

    // -- cells ------------------------------------------------------------------

    fn cell(
        &mut self,
        value: &Value,
        rules: &CellRules,
        row: &str,
        column: Option<&str>,
    ) -> Option<String> {
        let place = match column {
            Some(c) => format!("{row}, column `{c}`"),
            None => row.to_string(),
        };
        let code = self.string(value, &format!("the cell in {place}"))?;
        if code == BLANK_CELL {
            if !rules.template {
                self.at(
                    &value.span(),
                    format!(
                        "the cell in {place} is \"{BLANK_CELL}\": only a table with \
                         status = \"template\" may leave cells blank"
                    ),
                );
            }
            return None;
        }
        if rules.check_codes && !rules.codes.contains(&code) {
            self.at(
                &value.span(),
                format!(
                    "unknown result code `{code}` in {place}; known codes: {}",
                    rules.codes.join(", ")
                ),
            );
            return None;
        }
        Some(code)
    }

    /// A row's single `result`.
    fn single_result(&mut self, row: &Obj, rules: &CellRules, place: &str) -> Vec<Option<String>> {
        match row.get("result") {
            Some(value) => vec![self.cell(value, rules, place, None)],
            None => {
                if !rules.template {
                    self.required(row, "result");
                }
                vec![None]
            }
        }
    }

    /// A row's `cells`, one per column.
    fn cells(
        &mut self,
        row: &Obj,
        rules: &CellRules,
        place: &str,
        columns: &[String],
    ) -> Vec<Option<String>> {
        let Some(value) = row.get("cells") else {
            if !rules.template {
                self.required(row, "cells");
            }
            return vec![None; columns.len()];
        };
        let Some(items) = self.array(value, &format!("`cells` in {place}")) else {
            return vec![None; columns.len()];
        };
        if items.len() != columns.len() {
            self.at(
                &value.span(),
                format!(
                    "ragged grid: {place} has {} cells but the table has {} columns ({})",
                    items.len(),
                    columns.len(),
                    columns.join(", ")
                ),
            );
        }
        let mut cells: Vec<Option<String>> = items
            .iter()
            .enumerate()
            .map(|(i, item)| self.cell(item, rules, place, columns.get(i).map(String::as_str)))
            .collect();
        cells.resize(columns.len(), None);
        cells
    }

    // -- coverage ----------------------------------------------------------------

    /// Check that `rows` cover `lo..=hi` (`hi == None`: to infinity) with no
    /// gap and no overlap.
    fn coverage(&mut self, rows: &[Extent], lo: i64, hi: Option<i64>, noun: &str) {
        let mut sorted: Vec<&Extent> = rows.iter().collect();
        sorted.sort_by_key(|r| (r.min, r.line));
        for r in &sorted {
            if r.min < lo {
                self.at_line(
                    r.line,
                    format!(
                        "row `{}` starts at {noun} {}, below {lo}, the lowest {noun} the table covers",
                        r.label, r.min
                    ),
                );
            }
            if let Some(hi) = hi
                && r.max.is_none_or(|m| m > hi)
            {
                self.at_line(
                    r.line,
                    format!(
                        "row `{}` runs past {hi}, the highest {noun} the table covers",
                        r.label
                    ),
                );
            }
        }
        // The furthest value covered so far (None = open-ended) and the row
        // that reached it.
        let mut reach: Option<(Option<i64>, &Extent)> = None;
        for &r in &sorted {
            match reach {
                None => {
                    if r.min > lo {
                        self.at_line(
                            r.line,
                            format!(
                                "gap: {} not covered; the first row `{}` starts at {}",
                                values_text(noun, lo, r.min - 1),
                                r.label,
                                r.min
                            ),
                        );
                    }
                    reach = Some((r.max, r));
                }
                Some((None, p)) => {
                    self.at_line(
                        r.line,
                        format!(
                            "overlap: row `{}` overlaps row `{}` (line {}), which is open-ended; \
                             only the last row may be open-ended",
                            r.label, p.label, p.line
                        ),
                    );
                }
                Some((Some(pmax), p)) => {
                    if r.min <= pmax {
                        let end = r.max.map_or(pmax, |m| m.min(pmax));
                        self.at_line(
                            r.line,
                            format!(
                                "overlap: row `{}` overlaps row `{}` (line {}) at {}",
                                r.label,
                                p.label,
                                p.line,
                                values_text(noun, r.min, end)
                            ),
                        );
                    } else if r.min > pmax + 1 {
                        self.at_line(
                            r.line,
                            format!(
                                "gap: {} not covered between row `{}` (line {}) and row `{}` (line {})",
                                values_text(noun, pmax + 1, r.min - 1),
                                p.label,
                                p.line,
                                r.label,
                                r.line
                            ),
                        );
                    }
                    if r.max.is_none_or(|m| m > pmax) {
                        reach = Some((r.max, r));
                    }
                }
            }
        }
        if let Some((Some(pmax), p)) = reach {
            match hi {
                None => self.at_line(
                    p.line,
                    format!(
                        "gap: {noun}s of {} or more are not covered; the last row `{}` must be \
                         open-ended (omit `max`)",
                        pmax + 1,
                        p.label
                    ),
                ),
                Some(hi) if pmax < hi => self.at_line(
                    p.line,
                    format!(
                        "gap: {} not covered; the last row `{}` ends at {pmax}",
                        values_text(noun, pmax + 1, hi),
                        p.label
                    ),
                ),
                Some(_) => {}
            }
        }
    }

    // -- kinds --------------------------------------------------------------------

    fn differential(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let row_objs = self.row_objs(root)?;
        let mut rows = Vec::new();
        let mut extents = Vec::new();
        for obj in &row_objs {
            self.check_keys(obj, &["min", "max", "result", "label"]);
            let line = self.obj_line(obj).unwrap_or(0);
            let min = self.req_int(obj, "min");
            let max = self.opt_int(obj, "max");
            let explicit_max = obj.get("max").is_some();
            let label = self.opt_text(obj, "label");
            let bounds = match (min, max) {
                (Some(min), _) if min < 0 => {
                    self.at_line(
                        line,
                        format!("{}: differences cannot be negative (min = {min})", obj.name),
                    );
                    None
                }
                (Some(min), Some(max)) if max < min => {
                    self.at_line(line, format!("{}: min {min} is above max {max}", obj.name));
                    None
                }
                (Some(min), max) if max.is_some() || !explicit_max => Some((min, max)),
                _ => None,
            };
            let label = label.unwrap_or_else(|| match bounds {
                Some((min, max)) => differential_label(min, max),
                None => obj.name.clone(),
            });
            let place = format!("{} (`{label}`)", obj.name);
            let cells = self.single_result(obj, rules, &place);
            if let Some((min, max)) = bounds {
                extents.push(Extent {
                    min,
                    max,
                    line,
                    label: label.clone(),
                });
                rows.push(Row {
                    label,
                    key: RowKey::Range { min, max },
                    cells,
                    line,
                });
            }
        }
        if !row_objs.is_empty() {
            self.coverage(&extents, 0, None, "difference");
        }
        Some(TableBody::Differential { rows })
    }

    fn roll_range(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let domain = self.domain(root);
        let columns: Option<Vec<String>> = match root.get("columns") {
            None => Some(Vec::new()),
            Some(_) => self
                .name_list(root, "columns")
                .map(|c| c.into_iter().map(|(n, _)| n).collect()),
        };
        let row_objs = self.row_objs(root)?;
        let mut rows = Vec::new();
        let mut extents = Vec::new();
        for obj in &row_objs {
            let with_columns = columns.as_ref().is_none_or(|c| !c.is_empty());
            if with_columns {
                self.check_keys(obj, &["min", "max", "cells", "label"]);
            } else {
                self.check_keys(obj, &["min", "max", "result", "label"]);
            }
            let line = self.obj_line(obj).unwrap_or(0);
            let min = self.req_int(obj, "min");
            let max = self.req_int(obj, "max");
            let label = self.opt_text(obj, "label");
            let bounds = match (min, max) {
                (Some(min), Some(max)) if max < min => {
                    self.at_line(line, format!("{}: min {min} is above max {max}", obj.name));
                    None
                }
                (Some(min), Some(max)) => Some((min, max)),
                _ => None,
            };
            let label = label.unwrap_or_else(|| match bounds {
                Some((min, max)) => span_text(min, max),
                None => obj.name.clone(),
            });
            let place = format!("{} (`{label}`)", obj.name);
            let cells = match &columns {
                Some(c) if c.is_empty() => self.single_result(obj, rules, &place),
                Some(c) => self.cells(obj, rules, &place, c),
                None => Vec::new(),
            };
            if let Some((min, max)) = bounds {
                extents.push(Extent {
                    min,
                    max: Some(max),
                    line,
                    label: label.clone(),
                });
                rows.push(Row {
                    label,
                    key: RowKey::Range {
                        min,
                        max: Some(max),
                    },
                    cells,
                    line,
                });
            }
        }
        let domain = domain?;
        if !row_objs.is_empty() {
            self.coverage(&extents, domain.min, Some(domain.max), "roll");
        }
        Some(TableBody::RollRange {
            domain,
            columns: columns?,
            rows,
        })
    }

    /// Rows keyed by `roll` with `cells`, covering `domain` exactly.
    fn roll_rows(
        &mut self,
        root: &Obj,
        rules: &CellRules,
        columns: Option<&[String]>,
        domain: Option<Domain>,
    ) -> Option<Vec<Row>> {
        let row_objs = self.row_objs(root)?;
        let mut rows = Vec::new();
        let mut extents = Vec::new();
        for obj in &row_objs {
            self.check_keys(obj, &["roll", "cells", "label"]);
            let line = self.obj_line(obj).unwrap_or(0);
            let roll = self.req_int(obj, "roll");
            let label = self.opt_text(obj, "label");
            let label = label.unwrap_or_else(|| match roll {
                Some(r) => r.to_string(),
                None => obj.name.clone(),
            });
            let place = format!("{} (`{label}`)", obj.name);
            let cells = match columns {
                Some(c) => self.cells(obj, rules, &place, c),
                None => Vec::new(),
            };
            if let Some(roll) = roll {
                extents.push(Extent {
                    min: roll,
                    max: Some(roll),
                    line,
                    label: label.clone(),
                });
                rows.push(Row {
                    label,
                    key: RowKey::Roll(roll),
                    cells,
                    line,
                });
            }
        }
        if let Some(domain) = domain
            && !row_objs.is_empty()
        {
            self.coverage(&extents, domain.min, Some(domain.max), "roll");
        }
        Some(rows)
    }

    fn odds_ratio(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let columns = self.odds_columns(root);
        let rounding = self.required(root, "rounding").and_then(|value| {
            let name = self.string(value, "`rounding`")?;
            match name.as_str() {
                "defender" => Some(Rounding::Defender),
                "attacker" => Some(Rounding::Attacker),
                _ => {
                    self.at(
                        &value.span(),
                        format!("unknown rounding `{name}`; expected one of: defender, attacker"),
                    );
                    None
                }
            }
        });
        let drm = match root.get("drm") {
            None => Some(None),
            Some(value) => self
                .bounds(value, "drm", "min", "max", false)
                .map(|(min, max)| Some(ModifierCap { min, max })),
        };
        let domain = self.domain(root);
        let labels: Option<Vec<String>> = columns
            .as_ref()
            .map(|c| c.iter().map(|c| c.label.clone()).collect());
        let rows = self.roll_rows(root, rules, labels.as_deref(), domain)?;
        Some(TableBody::OddsRatio {
            columns: columns?,
            rounding: rounding?,
            drm: drm?,
            domain: domain?,
            rows,
        })
    }

    /// An inline table of two optional integer bounds, e.g. `drm` or
    /// `shift_cap`; at least one must be given.
    fn bounds(
        &mut self,
        value: &Value,
        key: &str,
        low: &str,
        high: &str,
        non_negative: bool,
    ) -> Option<(Option<i64>, Option<i64>)> {
        let obj = self.table(value, &format!("`{key}`"), format!("`{key}`"))?;
        self.check_keys(&obj, &[low, high]);
        let a = self.opt_int(&obj, low);
        let b = self.opt_int(&obj, high);
        let line = self.line(&value.span());
        if obj.get(low).is_none() && obj.get(high).is_none() {
            self.at_line(line, format!("`{key}` must give `{low}`, `{high}` or both"));
            return None;
        }
        if (obj.get(low).is_some() && a.is_none()) || (obj.get(high).is_some() && b.is_none()) {
            return None;
        }
        if non_negative {
            for (name, v) in [(low, a), (high, b)] {
                if let Some(v) = v
                    && v < 0
                {
                    self.at_line(line, format!("`{key}.{name}` must not be negative"));
                    return None;
                }
            }
        } else if let (Some(a), Some(b)) = (a, b)
            && a > b
        {
            self.at_line(line, format!("`{key}` {low} {a} is above {high} {b}"));
            return None;
        }
        Some((a, b))
    }

    fn odds_columns(&mut self, root: &Obj) -> Option<Vec<OddsColumn>> {
        let value = self.required(root, "columns")?;
        let items = self.array(value, "`columns`")?;
        if items.is_empty() {
            self.at(&value.span(), "`columns` must not be empty".to_string());
            return None;
        }
        let mut columns: Vec<OddsColumn> = Vec::new();
        let mut ok = true;
        for item in items {
            let Some(label) = self.text_value(item, "each odds column") else {
                ok = false;
                continue;
            };
            let parsed = label
                .split_once(':')
                .and_then(|(a, d)| {
                    Some((a.trim().parse::<u32>().ok()?, d.trim().parse::<u32>().ok()?))
                })
                .filter(|(a, d)| *a > 0 && *d > 0);
            let Some((attack, defence)) = parsed else {
                self.at(
                    &item.span(),
                    format!(
                        "odds column `{label}` must be \"attack:defence\" with positive whole numbers, e.g. \"3:1\""
                    ),
                );
                ok = false;
                continue;
            };
            if let Some(prev) = columns.last() {
                // Ascending: attack/defence > prev.attack/prev.defence.
                let this = u64::from(attack) * u64::from(prev.defence);
                let before = u64::from(prev.attack) * u64::from(defence);
                if this <= before {
                    self.at(
                        &item.span(),
                        format!(
                            "columns not ascending: odds column `{label}` must be greater than `{}` before it",
                            prev.label
                        ),
                    );
                    ok = false;
                    continue;
                }
            }
            columns.push(OddsColumn {
                label,
                attack,
                defence,
            });
        }
        ok.then_some(columns)
    }

    fn strength_bands(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let columns = self.strength_columns(root);
        let shift_cap = match root.get("shift_cap") {
            None => Some(None),
            Some(value) => self
                .bounds(value, "shift_cap", "left", "right", true)
                .map(|(left, right)| Some(ShiftCap { left, right })),
        };
        let domain = self.domain(root);
        let labels: Option<Vec<String>> = columns
            .as_ref()
            .map(|c| c.iter().map(|c| c.label.clone()).collect());
        let rows = self.roll_rows(root, rules, labels.as_deref(), domain)?;
        Some(TableBody::StrengthBands {
            columns: columns?,
            shift_cap: shift_cap?,
            domain: domain?,
            rows,
        })
    }

    fn strength_columns(&mut self, root: &Obj) -> Option<Vec<StrengthColumn>> {
        let value = self.required(root, "columns")?;
        let items = self.array(value, "`columns`")?;
        if items.is_empty() {
            self.at(&value.span(), "`columns` must not be empty".to_string());
            return None;
        }
        let mut columns: Vec<StrengthColumn> = Vec::new();
        let mut ok = true;
        for (n, item) in items.iter().enumerate() {
            let Some(obj) = self.table(
                item,
                "each strength column",
                format!("strength column {}", n + 1),
            ) else {
                ok = false;
                continue;
            };
            self.check_keys(&obj, &["label", "min", "max"]);
            let line = self.line(&item.span());
            let label = self.req_text(&obj, "label");
            let min = self.req_int(&obj, "min");
            let max = self.opt_int(&obj, "max");
            let (Some(label), Some(min)) = (label, min) else {
                ok = false;
                continue;
            };
            if obj.get("max").is_some() && max.is_none() {
                ok = false;
                continue;
            }
            if min < 0 {
                self.at_line(
                    line,
                    format!("strength column `{label}`: min must not be negative"),
                );
                ok = false;
                continue;
            }
            if let Some(max) = max
                && max < min
            {
                self.at_line(
                    line,
                    format!("strength column `{label}`: min {min} is above max {max}"),
                );
                ok = false;
                continue;
            }
            if columns.iter().any(|c| c.label == label) {
                self.at_line(line, format!("duplicate strength column `{label}`"));
                ok = false;
            }
            if let Some(prev) = columns.last() {
                match prev.max {
                    None => {
                        self.at_line(
                            line,
                            format!(
                                "strength column `{}` is open-ended (no max), so it must be the last column, but `{label}` follows it",
                                prev.label
                            ),
                        );
                        ok = false;
                    }
                    Some(_) if min <= prev.min => {
                        self.at_line(
                            line,
                            format!(
                                "columns not ascending: strength column `{label}` (from {min}) must come after `{}` (from {})",
                                prev.label, prev.min
                            ),
                        );
                        ok = false;
                    }
                    Some(pmax) if min <= pmax => {
                        self.at_line(
                            line,
                            format!(
                                "overlap: strength column `{label}` starts at {min}, inside `{}` (up to {pmax})",
                                prev.label
                            ),
                        );
                        ok = false;
                    }
                    Some(pmax) if min > pmax + 1 => {
                        self.at_line(
                            line,
                            format!(
                                "gap: strengths {} are in no column (between `{}` and `{label}`)",
                                span_text(pmax + 1, min - 1),
                                prev.label
                            ),
                        );
                        ok = false;
                    }
                    Some(_) => {}
                }
            }
            columns.push(StrengthColumn { label, min, max });
        }
        ok.then_some(columns)
    }

    fn matrix(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let row_choices = self.name_list(root, "row_choices");
        let column_choices = self.name_list(root, "column_choices");
        let column_names: Option<Vec<String>> = column_choices
            .as_ref()
            .map(|c| c.iter().map(|(n, _)| n.clone()).collect());
        let row_objs = self.row_objs(root)?;
        let mut rows: Vec<Row> = Vec::new();
        for obj in &row_objs {
            self.check_keys(obj, &["choice", "cells"]);
            let line = self.obj_line(obj).unwrap_or(0);
            let Some(choice) = self.req_text(obj, "choice") else {
                continue;
            };
            let place = format!("{} (`{choice}`)", obj.name);
            let cells = match &column_names {
                Some(c) => self.cells(obj, rules, &place, c),
                None => Vec::new(),
            };
            if let Some(choices) = &row_choices
                && !choices.iter().any(|(c, _)| *c == choice)
            {
                let names: Vec<&str> = choices.iter().map(|(c, _)| c.as_str()).collect();
                self.at_line(
                    line,
                    format!(
                        "{}: unknown row choice `{choice}`; row_choices are: {}",
                        obj.name,
                        names.join(", ")
                    ),
                );
                continue;
            }
            if let Some(first) = rows.iter().find(|r| r.label == choice) {
                let first = first.line;
                self.at_line(
                    line,
                    format!(
                        "overlap: {} repeats row choice `{choice}` (first at line {first})",
                        obj.name
                    ),
                );
                continue;
            }
            rows.push(Row {
                label: choice.clone(),
                key: RowKey::Choice(choice),
                cells,
                line,
            });
        }
        if let Some(choices) = &row_choices {
            for (choice, line) in choices {
                if !rows.iter().any(|r| r.label == *choice) {
                    self.at_line(*line, format!("gap: row choice `{choice}` has no row"));
                }
            }
        }
        Some(TableBody::Matrix {
            row_choices: row_choices?.into_iter().map(|(n, _)| n).collect(),
            column_choices: column_names?,
            rows,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // -- helpers -----------------------------------------------------------

    /// 1-based line of the only line containing `needle`.
    fn line_with(text: &str, needle: &str) -> usize {
        let hits: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains(needle))
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(hits.len(), 1, "fixture marker `{needle}` must be unique");
        hits[0]
    }

    fn errors_of(text: &str) -> Vec<TableError> {
        match Table::parse("test.toml", text) {
            Ok(_) => panic!("expected errors, the table parsed"),
            Err(e) => e,
        }
    }

    fn parse_ok(text: &str) -> Table {
        match Table::parse("test.toml", text) {
            Ok(t) => t,
            Err(e) => panic!(
                "expected a valid table, got:\n{}",
                e.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }

    /// Some error is on `line` and mentions `fragment`.
    fn assert_error(errors: &[TableError], line: Option<usize>, fragment: &str) {
        assert!(
            errors
                .iter()
                .any(|e| e.line == line && e.message.contains(fragment) && e.file == "test.toml"),
            "no error at line {line:?} containing {fragment:?}; got:\n{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    fn descriptions(lookup: &Lookup) -> Vec<&str> {
        lookup
            .limits
            .iter()
            .map(|l| l.description.as_str())
            .collect()
    }

    // -- fixtures -----------------------------------------------------------

    /// FICTIONAL test values, not from any game. `top` holds kind-specific
    /// top-level keys; rows are appended after the header.
    fn header(kind: &str, status: &str, top: &str) -> String {
        format!(
            r#"id = "test"
title = "Fictional Test Chart"
kind = "{kind}"
status = "{status}"
{top}

[provenance]
rulebook = "Fictional Test Rules"
rule = "Test Rule 1"
lines = "L1-2"

[[results]]
code = "A"
label = "Alpha"

[[results]]
code = "B"
label = "Bravo"

[[results]]
code = "C"
label = "Charlie"
"#
        )
    }

    /// FICTIONAL test values, not from any game.
    fn differential(rows: &str) -> String {
        header("differential", "complete", "") + rows
    }

    /// FICTIONAL test values, not from any game.
    const DIFF_ROWS: &str = r#"
[[rows]] # r1
min = 0
max = 1
result = "A"

[[rows]] # r2
min = 2
max = 4
result = "B"

[[rows]] # r3
min = 5
result = "C"
"#;

    /// FICTIONAL test values, not from any game.
    fn roll_range_columns(status: &str, rows: &str) -> String {
        header(
            "roll_range",
            status,
            "domain = [2, 12]\ncolumns = [\"Foot\", \"Horse\"]",
        ) + rows
    }

    /// FICTIONAL test values, not from any game.
    const ROLL_RANGE_ROWS: &str = r#"
[[rows]] # r1
min = 2
max = 4
cells = ["A", "B"]

[[rows]] # r2
min = 5
max = 9
cells = ["B", "C"]

[[rows]] # r3
min = 10
max = 12
cells = ["C", "A"]
"#;

    /// FICTIONAL test values, not from any game.
    fn roll_range_single() -> String {
        header("roll_range", "complete", "domain = [1, 6]")
            + r#"
[[rows]]
min = 1
max = 3
result = "A"

[[rows]]
min = 4
max = 6
result = "B"
label = "four to six"
"#
    }

    /// FICTIONAL test values, not from any game.
    fn odds(rounding: &str, status: &str, rows: &str) -> String {
        header(
            "odds_ratio",
            status,
            &format!(
                "columns = [\"1:2\", \"1:1\", \"2:1\", \"3:1\"] # cols\nrounding = \"{rounding}\"\n\
                 drm = {{ min = -1, max = 2 }}\ndomain = [1, 6]"
            ),
        ) + rows
    }

    /// FICTIONAL test values, not from any game.
    const ODDS_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["A", "A", "A", "B"]
[[rows]]
roll = 2
cells = ["A", "A", "B", "B"]
[[rows]]
roll = 3
cells = ["A", "B", "B", "C"]
[[rows]]
roll = 4
cells = ["B", "B", "C", "C"]
[[rows]]
roll = 5
cells = ["B", "C", "C", "C"]
[[rows]]
roll = 6
cells = ["C", "C", "C", "C"]
"#;

    /// FICTIONAL test values, not from any game.
    fn strength(top_columns: &str, rows: &str) -> String {
        header(
            "strength_bands",
            "complete",
            &format!("{top_columns}\nshift_cap = {{ left = 1, right = 2 }}\ndomain = [1, 6]"),
        ) + rows
    }

    /// FICTIONAL test values, not from any game.
    const STRENGTH_COLUMNS: &str = r#"columns = [
  { label = "1-2", min = 1, max = 2 },
  { label = "3-4", min = 3, max = 4 },
  { label = "5-8", min = 5, max = 8 },
  { label = "9+", min = 9 },
]"#;

    /// FICTIONAL test values, not from any game.
    const STRENGTH_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["A", "A", "B", "B"]
[[rows]]
roll = 2
cells = ["A", "B", "B", "C"]
[[rows]]
roll = 3
cells = ["B", "B", "C", "C"]
[[rows]]
roll = 4
cells = ["B", "C", "C", "C"]
[[rows]]
roll = 5
cells = ["C", "C", "C", "A"]
[[rows]]
roll = 6
cells = ["C", "A", "A", "A"]
"#;

    /// FICTIONAL test values, not from any game.
    fn matrix(rows: &str) -> String {
        header(
            "matrix",
            "complete",
            "row_choices = [\"Press\", \"Hold\"] # row-choices\n\
             column_choices = [\"Stand\", \"Yield\"]",
        ) + rows
    }

    /// FICTIONAL test values, not from any game.
    const MATRIX_ROWS: &str = r#"
[[rows]]
choice = "Press"
cells = ["A", "B"]

[[rows]]
choice = "Hold"
cells = ["C", "A"]
"#;

    /// FICTIONAL test structure, not from any game: a template whose values
    /// would be on a player-aid card.
    const TEMPLATE_ROWS: &str = r#"
[[rows]]
roll = 1
cells = ["?", "?", "?", "?"]
[[rows]]
roll = 2
cells = ["A", "?", "?", "?"]
[[rows]]
roll = 3
[[rows]]
roll = 4
[[rows]]
roll = 5
[[rows]]
roll = 6
"#;

    fn all_fixtures() -> Vec<String> {
        vec![
            differential(DIFF_ROWS),
            roll_range_columns("complete", ROLL_RANGE_ROWS),
            roll_range_single(),
            odds("defender", "complete", ODDS_ROWS),
            odds("attacker", "template", TEMPLATE_ROWS),
            strength(STRENGTH_COLUMNS, STRENGTH_ROWS),
            matrix(MATRIX_ROWS),
        ]
    }

    fn fictional_differential() -> Table {
        parse_ok(&differential(DIFF_ROWS))
    }

    #[test]
    fn lookup_result_serializes_for_the_log() {
        let l = fictional_differential().lookup_differential(3).unwrap();
        let text = toml::to_string(&l.cell).unwrap();
        assert!(
            text.contains(&format!("row = \"{}\"", l.cell.row)),
            "{text}"
        );
        assert_eq!(toml::from_str::<CellRef>(&text).unwrap(), l.cell);
        let text = toml::to_string(&l.result).unwrap();
        assert!(text.contains("label = \"Bravo\""), "{text}");

        // A lookup with limits survives a round trip (the log is read back).
        let s = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
        let with_limits = s.lookup_strength_bands(1, 9, 1).unwrap();
        assert!(!with_limits.limits.is_empty());
        let text = toml::to_string(&with_limits).unwrap();
        assert_eq!(toml::from_str::<Lookup>(&text).unwrap(), with_limits);
    }

    // -- errors: display and file loading -------------------------------------

    #[test]
    fn error_display() {
        let with_line = TableError {
            file: "a.toml".into(),
            line: Some(7),
            message: "bad".into(),
        };
        assert_eq!(with_line.to_string(), "a.toml:7: bad");
        let without = TableError {
            file: "a.toml".into(),
            line: None,
            message: "bad".into(),
        };
        assert_eq!(without.to_string(), "a.toml: bad");
        let _: &dyn std::error::Error = &without;
    }

    #[test]
    fn missing_file_is_an_error() {
        let e = Table::load(Path::new("/nonexistent/dir/none.toml")).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].file, "/nonexistent/dir/none.toml");
        assert_eq!(e[0].line, None);
    }

    // -- validation: each kind of error with its line ------------------------

    #[test]
    fn fixtures_are_valid() {
        for text in all_fixtures() {
            parse_ok(&text);
        }
    }

    #[test]
    fn syntax_error_line() {
        let text = differential(DIFF_ROWS).replace("max = 4", "max = = 4");
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "max = = 4")),
            "TOML syntax error",
        );
    }

    #[test]
    fn duplicate_key_is_a_syntax_error() {
        let text = differential(DIFF_ROWS).replace("max = 4\n", "max = 4\nmax = 5 # dup\n");
        let errors = errors_of(&text);
        assert_error(&errors, Some(line_with(&text, "# dup")), "duplicate key");
    }

    #[test]
    fn unknown_kind_line() {
        let text = header("hexagonal", "complete", "") + DIFF_ROWS;
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "kind =")),
            "unknown kind `hexagonal`",
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn unknown_status_line() {
        let text = header("differential", "finished", "") + DIFF_ROWS;
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "status =")),
            "unknown status `finished`",
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn missing_required_keys() {
        // Top-level: no location in the file.
        let text = differential(DIFF_ROWS).replace("title = \"Fictional Test Chart\"\n", "");
        assert_error(
            &errors_of(&text),
            None,
            "missing required top-level key `title`",
        );

        // In a row: the row's header line.
        let text = differential(DIFF_ROWS).replace("min = 2\n", "");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r2")),
            "row 2 is missing required key `min`",
        );

        // In [provenance]: its header line.
        let text = differential(DIFF_ROWS).replace("rule = \"Test Rule 1\"\n", "");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "[provenance]")),
            "[provenance] is missing required key `rule`",
        );

        // A complete row without its result.
        let text = differential(DIFF_ROWS).replace("result = \"C\"\n", "");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            "missing required key `result`",
        );

        // No [[rows]] at all.
        let text = header("differential", "complete", "");
        assert_error(
            &errors_of(&text),
            None,
            "missing required top-level key `rows`",
        );
    }

    #[test]
    fn duplicate_result_codes() {
        let text = differential(DIFF_ROWS)
            .replace("code = \"C\"", "code = \"A\" # dup-code")
            .replace("result = \"C\"", "result = \"A\"");
        let errors = errors_of(&text);
        // The [[results]] entry that repeats the code.
        let line = line_with(&text, "# dup-code") - 1;
        assert_error(
            &errors,
            Some(line),
            "duplicate result code `A` (first defined at line",
        );
    }

    #[test]
    fn unknown_result_code() {
        let text = differential(DIFF_ROWS).replace("result = \"B\"", "result = \"Z\"");
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "result = \"Z\"")),
            "unknown result code `Z` in row 2 (`+2 to +4`)",
        );

        let text = roll_range_columns(
            "complete",
            &ROLL_RANGE_ROWS.replace("[\"B\", \"C\"]", "[\"B\", \"Q\"]"),
        );
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "\"Q\"")),
            "unknown result code `Q` in row 2 (`5-9`), column `Horse`",
        );
    }

    #[test]
    fn ragged_grid() {
        let text = roll_range_columns(
            "complete",
            &ROLL_RANGE_ROWS.replace("[\"B\", \"C\"]", "[\"B\", \"C\", \"A\"]"),
        );
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "[\"B\", \"C\", \"A\"]")),
            "ragged grid: row 2 (`5-9`) has 3 cells but the table has 2 columns",
        );
        assert_eq!(errors.len(), 1, "{errors:?}");

        let text = odds(
            "defender",
            "complete",
            &ODDS_ROWS.replace("[\"A\", \"B\", \"B\", \"C\"]", "[\"A\", \"B\"]"),
        );
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "[\"A\", \"B\"]")),
            "has 2 cells but the table has 4 columns",
        );
    }

    #[test]
    fn differential_gap_and_overlap() {
        // Gap: 2-4 becomes 3-4.
        let text = differential(&DIFF_ROWS.replace("min = 2", "min = 3"));
        let errors = errors_of(&text);
        let r1 = line_with(&text, "# r1");
        assert_error(
            &errors,
            Some(line_with(&text, "# r2")),
            &format!("gap: difference 2 not covered between row `0, +1` (line {r1})"),
        );

        // Overlap: 2-4 becomes 1-4.
        let text = differential(&DIFF_ROWS.replace("min = 2", "min = 1"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r2")),
            &format!("overlap: row `+1 to +4` overlaps row `0, +1` (line {r1}) at difference 1"),
        );

        // Not starting at 0.
        let text = differential(&DIFF_ROWS.replace("min = 0", "min = 1"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r1")),
            "gap: difference 0 not covered",
        );

        // Last row not open-ended.
        let text = differential(&DIFF_ROWS.replace("min = 5\n", "min = 5\nmax = 9\n"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            "differences of 10 or more are not covered",
        );

        // An open-ended row that is not the last.
        let text = differential(&DIFF_ROWS.replace("max = 4\n", ""));
        let r2 = line_with(&text, "# r2");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            &format!("overlaps row `+2 or more` (line {r2}), which is open-ended"),
        );

        // Negative difference; min above max.
        let text = differential(&DIFF_ROWS.replace("min = 0", "min = -1"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r1")),
            "differences cannot be negative",
        );
        let text = differential(&DIFF_ROWS.replace("max = 4", "max = 1"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r2")),
            "min 2 is above max 1",
        );
    }

    #[test]
    fn roll_range_gap_and_overlap_name_both_rows() {
        let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("min = 5", "min = 6"));
        let (r1, r2) = (line_with(&text, "# r1"), line_with(&text, "# r2"));
        assert_error(
            &errors_of(&text),
            Some(r2),
            &format!(
                "gap: roll 5 not covered between row `2-4` (line {r1}) and row `6-9` (line {r2})"
            ),
        );

        let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 9", "max = 11"));
        let (r2, r3) = (line_with(&text, "# r2"), line_with(&text, "# r3"));
        assert_error(
            &errors_of(&text),
            Some(r3),
            &format!("overlap: row `10-12` overlaps row `5-11` (line {r2}) at rolls 10-11"),
        );

        // The domain is not covered to its end; a row runs past it.
        let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12", "max = 11"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            "gap: roll 12 not covered; the last row `10-11` ends at 11",
        );
        let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12", "max = 13"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            "runs past 12, the highest roll the table covers",
        );

        // Roll-range rows need a max.
        let text = roll_range_columns("complete", &ROLL_RANGE_ROWS.replace("max = 12\n", ""));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# r3")),
            "row 3 is missing required key `max`",
        );
    }

    #[test]
    fn roll_rows_must_cover_the_domain_once() {
        let text = odds(
            "defender",
            "complete",
            &ODDS_ROWS.replace("roll = 4", "roll = 3 # again"),
        );
        let errors = errors_of(&text);
        let again = line_with(&text, "# again") - 1;
        assert_error(&errors, Some(again), "overlap: row `3` overlaps row `3`");
        assert_error(
            &errors,
            Some(line_with(&text, "roll = 5") - 1),
            &format!(
                "gap: roll 4 not covered between row `3` (line {})",
                again - 3
            ),
        );

        let text = odds(
            "defender",
            "complete",
            &ODDS_ROWS.replace("roll = 6", "roll = 7 # out"),
        );
        let errors = errors_of(&text);
        let out = line_with(&text, "# out") - 1;
        assert_error(&errors, Some(out), "runs past 6");
        assert_error(
            &errors,
            Some(out),
            "gap: roll 6 not covered between row `5`",
        );
    }

    #[test]
    fn odds_columns_must_ascend() {
        let text =
            odds("defender", "complete", ODDS_ROWS).replace("\"2:1\", \"3:1\"", "\"3:1\", \"2:1\"");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# cols")),
            "columns not ascending: odds column `2:1` must be greater than `3:1`",
        );
        // Equal ratios are not ascending either.
        let text = odds("defender", "complete", ODDS_ROWS).replace("\"1:1\"", "\"2:4\"");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# cols")),
            "odds column `2:4` must be greater than `1:2`",
        );
        let text = odds("defender", "complete", ODDS_ROWS).replace("\"1:1\"", "\"1:0\"");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# cols")),
            "odds column `1:0` must be \"attack:defence\"",
        );
        let text = odds("sideways", "complete", ODDS_ROWS);
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "rounding =")),
            "unknown rounding `sideways`",
        );
        let text = odds("defender", "complete", ODDS_ROWS)
            .replace("min = -1, max = 2", "min = 3, max = 2");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "drm =")),
            "`drm` min 3 is above max 2",
        );
    }

    #[test]
    fn strength_columns_must_ascend_without_gaps() {
        let swapped = STRENGTH_COLUMNS.replace(
            "{ label = \"3-4\", min = 3, max = 4 }",
            "{ label = \"0\", min = 0, max = 0 }",
        );
        let text = strength(&swapped, STRENGTH_ROWS);
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "label = \"0\"")),
            "columns not ascending: strength column `0` (from 0) must come after `1-2`",
        );

        let gap = STRENGTH_COLUMNS.replace("label = \"3-4\", min = 3", "label = \"4\", min = 4");
        let text = strength(&gap, STRENGTH_ROWS);
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "label = \"4\"")),
            "gap: strengths 3 are in no column",
        );

        let overlap =
            STRENGTH_COLUMNS.replace("label = \"5-8\", min = 5", "label = \"4-8\", min = 4");
        let text = strength(&overlap, STRENGTH_ROWS);
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "label = \"4-8\"")),
            "overlap: strength column `4-8` starts at 4, inside `3-4`",
        );

        let open = STRENGTH_COLUMNS.replace("min = 3, max = 4", "min = 3");
        let text = strength(&open, STRENGTH_ROWS);
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "label = \"5-8\"")),
            "strength column `3-4` is open-ended (no max), so it must be the last column",
        );

        let text = strength(STRENGTH_COLUMNS, STRENGTH_ROWS).replace("left = 1", "left = -1");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "shift_cap =")),
            "`shift_cap.left` must not be negative",
        );
    }

    #[test]
    fn blank_cells_only_in_templates() {
        let text = odds(
            "defender",
            "complete",
            &ODDS_ROWS.replace(
                "[\"A\", \"A\", \"A\", \"B\"]",
                "[\"A\", \"?\", \"A\", \"B\"]",
            ),
        );
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "\"?\"")),
            "the cell in row 1 (`1`), column `1:1` is \"?\": only a table with status = \"template\"",
        );

        // An entered table validates like a complete one.
        let text = odds("attacker", "entered", TEMPLATE_ROWS);
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "cells = [\"?\", \"?\"")),
            "is \"?\"",
        );
        assert_error(
            &errors,
            Some(line_with(&text, "roll = 3") - 1),
            "row 3 is missing required key `cells`",
        );

        let t = parse_ok(&odds("attacker", "entered", ODDS_ROWS));
        assert_eq!(t.status, TableStatus::Entered);
        assert!(t.is_resolvable());
        assert_eq!(t.lookup_odds_ratio(3, 1, 0, 6).unwrap().result.code, "C");
    }

    #[test]
    fn unknown_keys_and_wrong_types() {
        let text = differential(DIFF_ROWS).replace("result = \"B\"", "reslut = \"B\"");
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "reslut")),
            "unknown key `reslut` in row 2",
        );
        assert_error(
            &errors,
            Some(line_with(&text, "# r2")),
            "missing required key `result`",
        );

        // A key of another kind.
        let text = header("differential", "complete", "domain = [1, 6]") + DIFF_ROWS;
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "domain")),
            "unknown key `domain` in the table",
        );

        let text = differential(DIFF_ROWS).replace("min = 2", "min = \"two\"");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "\"two\"")),
            "`min` in row 2 must be an integer, found string",
        );
        let text = differential(DIFF_ROWS).replace("min = 2", "min = 2.5");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "2.5")),
            "must be an integer, found float",
        );
        let text = differential(DIFF_ROWS).replace("max = 4", "max = 99999999999");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "99999999999")),
            "`max` in row 2 is out of range",
        );
        let text = differential(DIFF_ROWS).replace("id = \"test\"", "id = \"a b\"");
        assert_error(&errors_of(&text), Some(1), "`id` `a b` may hold only");
    }

    #[test]
    fn every_error_is_reported_at_once() {
        let text = differential(DIFF_ROWS)
            .replace("status = \"complete\"", "status = \"done\"")
            .replace("result = \"A\"", "result = \"Z\"")
            .replace("min = 5", "min = 6");
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "status =")),
            "unknown status",
        );
        assert_error(
            &errors,
            Some(line_with(&text, "\"Z\"")),
            "unknown result code `Z`",
        );
        assert_error(
            &errors,
            Some(line_with(&text, "# r3")),
            "gap: difference 5 not covered",
        );
        assert_eq!(errors.len(), 3, "{errors:?}");
        // Sorted by line.
        let lines: Vec<_> = errors.iter().map(|e| e.line).collect();
        let mut sorted = lines.clone();
        sorted.sort();
        assert_eq!(lines, sorted);
    }

    #[test]
    fn a_duplicate_code_does_not_hide_unknown_codes() {
        let text = differential(DIFF_ROWS)
            .replace("code = \"C\"", "code = \"A\"")
            .replace("result = \"B\"", "result = \"Z\"");
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "\"Z\"")),
            "unknown result code `Z`",
        );
        assert!(
            errors
                .iter()
                .any(|e| e.message.ends_with("known codes: A, B"))
        );
        assert_error(
            &errors,
            Some(line_with(&text, "result = \"C\"")),
            "unknown result code `C`",
        );
    }

    #[test]
    fn matrix_choices() {
        let text = matrix(&MATRIX_ROWS.replace("choice = \"Hold\"", "choice = \"Press\" # twice"));
        let errors = errors_of(&text);
        assert_error(
            &errors,
            Some(line_with(&text, "# twice") - 1),
            "overlap: row 2 repeats row choice `Press` (first at line",
        );
        assert_error(
            &errors,
            Some(line_with(&text, "# row-choices")),
            "gap: row choice `Hold` has no row",
        );

        let text = matrix(&MATRIX_ROWS.replace("choice = \"Hold\"", "choice = \"Flee\" # flee"));
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# flee") - 1),
            "unknown row choice `Flee`",
        );

        let text = matrix(MATRIX_ROWS).replace("[\"Stand\", \"Yield\"]", "[\"Stand\", \"Stand\"]");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "column_choices")),
            "duplicate entry `Stand` in `column_choices`",
        );
    }

    #[test]
    fn bad_input_never_panics() {
        for text in all_fixtures() {
            // Every prefix (at char boundaries).
            for (i, _) in text.char_indices() {
                let _ = Table::parse("prefix.toml", &text[..i]);
            }
            // Every line removed in turn, and every line duplicated.
            let lines: Vec<&str> = text.lines().collect();
            for skip in 0..lines.len() {
                let without: Vec<&str> = lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != skip)
                    .map(|(_, l)| *l)
                    .collect();
                let _ = Table::parse("cut.toml", &without.join("\n"));
                let mut doubled = lines.clone();
                doubled.insert(skip, lines[skip]);
                let _ = Table::parse("dup.toml", &doubled.join("\n"));
            }
            // Every digit replaced by extreme values.
            for extreme in ["-2147483648", "2147483647", "0", "-1"] {
                let mangled: String = text.replace('1', extreme);
                let _ = Table::parse("extreme.toml", &mangled);
            }
        }
        for odd in [
            "",
            "\u{feff}",
            "[[rows]]",
            "rows = 3",
            "results = []",
            "x",
            "\0",
        ] {
            assert!(Table::parse("odd.toml", odd).is_err());
        }
    }

    // -- lookups --------------------------------------------------------------

    #[test]
    fn roll_range_lookups_and_clamps() {
        let t = parse_ok(&roll_range_columns("complete", ROLL_RANGE_ROWS));
        let l = t.lookup_roll_range(Some("Horse"), 7).unwrap();
        assert_eq!(l.result.code, "C");
        assert_eq!(l.cell.row, "5-9");
        assert_eq!(l.cell.row_index, 1);
        assert_eq!(l.cell.column.as_deref(), Some("Horse"));
        assert_eq!(l.cell.column_index, Some(1));
        assert!(l.limits.is_empty());

        for (roll, code) in [(2, "A"), (4, "A"), (5, "B"), (9, "B"), (10, "C"), (12, "C")] {
            assert_eq!(
                t.lookup_roll_range(Some("Foot"), roll).unwrap().result.code,
                code
            );
        }

        let high = t.lookup_roll_range(Some("Foot"), 15).unwrap();
        assert_eq!(high.cell.row, "10-12");
        assert_eq!(
            descriptions(&high),
            ["roll 15 clamped to 12 (the table covers rolls 2-12)"]
        );
        assert_eq!(high.limits[0].rule, "Test Rule 1");
        let low = t.lookup_roll_range(Some("Foot"), i32::MIN).unwrap();
        assert_eq!(low.cell.row, "2-4");
        assert_eq!(
            descriptions(&low),
            ["roll -2147483648 clamped to 2 (the table covers rolls 2-12)"]
        );

        let e = t.lookup_roll_range(Some("Artillery"), 5).unwrap_err();
        assert!(
            e.message
                .contains("no column `Artillery`; columns are: Foot, Horse"),
            "{e}"
        );
        let e = t.lookup_roll_range(None, 5).unwrap_err();
        assert!(e.message.contains("has columns"), "{e}");

        let single = parse_ok(&roll_range_single());
        let l = single.lookup_roll_range(None, 5).unwrap();
        assert_eq!(l.result.code, "B");
        assert_eq!(l.cell.row, "four to six");
        assert_eq!(l.cell.column, None);
        assert_eq!(l.cell.column_index, None);
        assert_eq!(single.grid().columns, ["Result"]);
        assert_eq!(single.grid().rows[0].0, "1-3");
        let e = single.lookup_roll_range(Some("Foot"), 5).unwrap_err();
        assert!(e.message.contains("has no columns"), "{e}");
    }

    #[test]
    fn odds_ratio_rounding() {
        let defender = parse_ok(&odds("defender", "complete", ODDS_ROWS));
        let attacker = parse_ok(&odds("attacker", "complete", ODDS_ROWS));
        // (attack, defence, defender-rounded column, attacker-rounded column)
        let cases = [
            (1, 2, "1:2", "1:2"),
            (2, 3, "1:2", "1:1"),
            (1, 1, "1:1", "1:1"),
            (3, 2, "1:1", "2:1"),
            (2, 1, "2:1", "2:1"),
            (5, 2, "2:1", "3:1"),
            (6, 2, "3:1", "3:1"),
        ];
        for (a, d, down, up) in cases {
            let l = defender.lookup_odds_ratio(a, d, 0, 3).unwrap();
            assert_eq!(l.cell.column.as_deref(), Some(down), "{a}:{d} defender");
            assert!(l.limits.is_empty());
            let l = attacker.lookup_odds_ratio(a, d, 0, 3).unwrap();
            assert_eq!(l.cell.column.as_deref(), Some(up), "{a}:{d} attacker");
            assert!(l.limits.is_empty());
        }
        let l = defender.lookup_odds_ratio(5, 2, 0, 4).unwrap();
        assert_eq!(l.cell.row, "4");
        assert_eq!(l.cell.row_index, 3);
        assert_eq!(l.cell.column_index, Some(2));
        assert_eq!(l.result.code, "C");
        assert_eq!(defender.grid().columns, ["1:2", "1:1", "2:1", "3:1"]);
    }

    #[test]
    fn odds_ratio_clamps_and_caps() {
        for rounding in ["defender", "attacker"] {
            let t = parse_ok(&odds(rounding, "complete", ODDS_ROWS));
            let l = t.lookup_odds_ratio(1, 3, 0, 3).unwrap();
            assert_eq!(l.cell.column.as_deref(), Some("1:2"));
            assert_eq!(
                descriptions(&l),
                ["odds 1:3 are below the lowest column 1:2; read as 1:2"]
            );
            let l = t.lookup_odds_ratio(7, 2, 0, 3).unwrap();
            assert_eq!(l.cell.column.as_deref(), Some("3:1"));
            assert_eq!(
                descriptions(&l),
                ["odds 7:2 are above the highest column 3:1; read as 3:1"]
            );
            // No defence at all reads the last column; attack 0 the first.
            let l = t.lookup_odds_ratio(4, 0, 0, 3).unwrap();
            assert_eq!(l.cell.column_index, Some(3));
            assert_eq!(l.limits.len(), 1);
            let l = t.lookup_odds_ratio(0, 4, 0, 3).unwrap();
            assert_eq!(l.cell.column_index, Some(0));
            assert_eq!(l.limits.len(), 1);
            assert!(t.lookup_odds_ratio(0, 0, 0, 3).is_err());
        }

        let t = parse_ok(&odds("defender", "complete", ODDS_ROWS));
        // DRM capped above (max +2), roll within the domain.
        let l = t.lookup_odds_ratio(1, 1, 4, 2).unwrap();
        assert_eq!(l.cell.row, "4");
        assert_eq!(descriptions(&l), ["DRM +4 capped at +2"]);
        assert_eq!(l.limits[0].rule, "Test Rule 1");
        // DRM capped below (min -1).
        let l = t.lookup_odds_ratio(1, 1, -3, 4).unwrap();
        assert_eq!(l.cell.row, "3");
        assert_eq!(descriptions(&l), ["DRM -3 capped at -1"]);
        // Modified roll clamped at both ends.
        let l = t.lookup_odds_ratio(1, 1, 2, 6).unwrap();
        assert_eq!(l.cell.row, "6");
        assert_eq!(
            descriptions(&l),
            ["modified roll 8 clamped to 6 (the table covers rolls 1-6)"]
        );
        let l = t.lookup_odds_ratio(1, 1, -1, 1).unwrap();
        assert_eq!(l.cell.row, "1");
        assert_eq!(
            descriptions(&l),
            ["modified roll 0 clamped to 1 (the table covers rolls 1-6)"]
        );
        // Everything at once, in order: odds, DRM, roll.
        let l = t.lookup_odds_ratio(9, 1, 9, 6).unwrap();
        assert_eq!(
            descriptions(&l),
            [
                "odds 9:1 are above the highest column 3:1; read as 3:1",
                "DRM +9 capped at +2",
                "modified roll 8 clamped to 6 (the table covers rolls 1-6)",
            ]
        );
        // Extreme inputs neither overflow nor panic.
        let l = t
            .lookup_odds_ratio(u32::MAX, 1, i32::MIN, i32::MIN)
            .unwrap();
        assert_eq!(l.cell.row, "1");
        assert_eq!(l.limits.len(), 3);
        // Without a DRM cap, any DRM is used as is.
        let uncapped = parse_ok(
            &odds("defender", "complete", ODDS_ROWS).replace("drm = { min = -1, max = 2 }\n", ""),
        );
        let l = uncapped.lookup_odds_ratio(1, 1, 4, 1).unwrap();
        assert_eq!(l.cell.row, "5");
        assert!(l.limits.is_empty());
    }

    #[test]
    fn strength_band_lookups_caps_and_clamps() {
        let t = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
        for (s, column) in [
            (1, "1-2"),
            (2, "1-2"),
            (3, "3-4"),
            (4, "3-4"),
            (5, "5-8"),
            (8, "5-8"),
            (9, "9+"),
            (500, "9+"),
        ] {
            let l = t.lookup_strength_bands(s, 0, 3).unwrap();
            assert_eq!(l.cell.column.as_deref(), Some(column), "strength {s}");
            assert!(l.limits.is_empty());
        }
        let l = t.lookup_strength_bands(0, 0, 3).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("1-2"));
        assert_eq!(
            descriptions(&l),
            ["strength 0 is below the lowest column 1-2; read as 1-2"]
        );

        // Shifts within the caps.
        let l = t.lookup_strength_bands(3, 2, 1).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("9+"));
        assert_eq!(l.result.code, "B");
        assert!(l.limits.is_empty());
        let l = t.lookup_strength_bands(3, -1, 1).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("1-2"));
        assert!(l.limits.is_empty());

        // Shift caps: right 2, left 1.
        let l = t.lookup_strength_bands(1, 3, 1).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("5-8"));
        assert_eq!(descriptions(&l), ["3 column shifts right capped at 2"]);
        let l = t.lookup_strength_bands(5, -2, 1).unwrap();
        assert_eq!(l.cell.column.as_deref(), Some("3-4"));
        assert_eq!(descriptions(&l), ["2 column shifts left capped at 1"]);

        // Clamped at the table's edges.
        let l = t.lookup_strength_bands(1, -1, 1).unwrap();
        assert_eq!(l.cell.column_index, Some(0));
        assert_eq!(
            descriptions(&l),
            [
                "1 column shift left from column 1-2 would leave the table; read the leftmost column 1-2"
            ]
        );
        let l = t.lookup_strength_bands(9, 5, 9).unwrap();
        assert_eq!(l.cell.column_index, Some(3));
        assert_eq!(l.cell.row, "6");
        assert_eq!(
            descriptions(&l),
            [
                "5 column shifts right capped at 2",
                "2 column shifts right from column 9+ would leave the table; read the rightmost column 9+",
                "roll 9 clamped to 6 (the table covers rolls 1-6)",
            ]
        );
        let l = t.lookup_strength_bands(3, 0, -4).unwrap();
        assert_eq!(l.cell.row, "1");
        assert_eq!(
            descriptions(&l),
            ["roll -4 clamped to 1 (the table covers rolls 1-6)"]
        );

        // A closed last band clamps strengths above it.
        let closed = parse_ok(&strength(
            &STRENGTH_COLUMNS.replace("min = 9 }", "min = 9, max = 12 }"),
            STRENGTH_ROWS,
        ));
        let l = closed.lookup_strength_bands(13, 0, 1).unwrap();
        assert_eq!(l.cell.column_index, Some(3));
        assert_eq!(
            descriptions(&l),
            ["strength 13 is above the highest column 9+; read as 9+"]
        );
    }

    #[test]
    fn strength_band_shifts_never_leave_the_table() {
        let capped = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
        let uncapped = parse_ok(
            &strength(STRENGTH_COLUMNS, STRENGTH_ROWS)
                .replace("shift_cap = { left = 1, right = 2 }\n", ""),
        );
        for t in [&capped, &uncapped] {
            let grid = t.grid();
            for s in (0..=20).chain([u32::MAX]) {
                for shift in (-12..=12).chain([i32::MIN, i32::MAX]) {
                    for roll in -2..=9 {
                        let l = t.lookup_strength_bands(s, shift, roll).unwrap();
                        let col = l.cell.column_index.unwrap();
                        assert!(col < grid.columns.len());
                        assert!(l.cell.row_index < grid.rows.len());
                        // The cell reported is the grid's cell.
                        assert_eq!(grid.columns[col], l.cell.column.clone().unwrap());
                        assert_eq!(grid.rows[l.cell.row_index].1[col], l.result.code);
                        assert_eq!(grid.rows[l.cell.row_index].0, l.cell.row);
                        // Every move that did not happen is explained.
                        let base =
                            [1u32, 3, 5, 9].iter().rposition(|&m| s >= m).unwrap_or(0) as i64;
                        if col as i64 != base + i64::from(shift) {
                            assert!(!l.limits.is_empty(), "{s} {shift} {roll}");
                        }
                        // A cap never lets the column move beyond it.
                        if std::ptr::eq(t, &capped) {
                            let moved = col as i64 - base;
                            assert!((-1..=2).contains(&moved), "{s} {shift}: moved {moved}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn matrix_lookups() {
        let t = parse_ok(&matrix(MATRIX_ROWS));
        let l = t.lookup_matrix("Hold", "Stand").unwrap();
        assert_eq!(l.result.code, "C");
        assert_eq!(l.result.label, "Charlie");
        assert_eq!(l.cell.row, "Hold");
        assert_eq!(l.cell.row_index, 1);
        assert_eq!(l.cell.column.as_deref(), Some("Stand"));
        assert_eq!(l.cell.column_index, Some(0));
        assert_eq!(t.lookup_matrix("Press", "Yield").unwrap().result.code, "B");
        let e = t.lookup_matrix("Flee", "Stand").unwrap_err();
        assert!(
            e.message
                .contains("no row choice `Flee`; row choices are: Press, Hold"),
            "{e}"
        );
        let e = t.lookup_matrix("Press", "Run").unwrap_err();
        assert!(
            e.message.contains("column choices are: Stand, Yield"),
            "{e}"
        );
        assert_eq!(t.row_header(), "Choice");
    }

    #[test]
    fn template_names_the_chart_to_enter() {
        let t = parse_ok(&odds("attacker", "template", TEMPLATE_ROWS));
        assert_eq!(t.status, TableStatus::Template);
        assert!(!t.is_resolvable());
        let e = t.lookup_odds_ratio(2, 1, 0, 3).unwrap_err();
        assert_eq!(e.file, "test.toml");
        assert!(e.message.contains("is a template"), "{e}");
        assert!(
            e.message.contains(
                "Enter the \"Fictional Test Chart\" chart (Fictional Test Rules, Test Rule 1, L1-2)"
            ),
            "{e}"
        );
        assert!(e.message.contains("status = \"entered\""), "{e}");
        // Even a filled-in cell resolves nothing.
        assert!(t.lookup_odds_ratio(1, 2, 0, 2).is_err());

        let g = t.grid();
        assert_eq!(g.columns, ["1:2", "1:1", "2:1", "3:1"]);
        assert_eq!(g.rows[0], ("1".to_string(), vec!["?".to_string(); 4]));
        assert_eq!(g.rows[1].1, ["A", "?", "?", "?"]);
        assert_eq!(g.rows[5].1, ["?", "?", "?", "?"]);

        // A differential template without results resolves nothing either.
        let template = differential(DIFF_ROWS)
            .replace("status = \"complete\"", "status = \"template\"")
            .replace("result = \"B\"\n", "")
            .replace("result = \"C\"", "result = \"?\"");
        let t = parse_ok(&template);
        let e = t.lookup_differential(1).unwrap_err();
        assert!(
            e.message
                .contains("Fictional Test Rules, Test Rule 1, L1-2"),
            "{e}"
        );
        assert_eq!(t.grid().rows[1].1, ["?"]);
    }

    #[test]
    fn template_structure_is_still_validated() {
        let text = odds(
            "attacker",
            "template",
            &TEMPLATE_ROWS.replace("[\"A\", \"?\", \"?\", \"?\"]", "[\"X\", \"?\"]"),
        );
        let errors = errors_of(&text);
        let line = line_with(&text, "[\"X\", \"?\"]");
        assert_error(&errors, Some(line), "ragged grid");
        assert_error(&errors, Some(line), "unknown result code `X`");

        let text = odds(
            "attacker",
            "template",
            &TEMPLATE_ROWS.replace("roll = 5", "roll = 4"),
        );
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "roll = 6") - 1),
            "gap: roll 5 not covered",
        );
        let text = odds("attacker", "template", TEMPLATE_ROWS)
            .replace("\"2:1\", \"3:1\"", "\"3:1\", \"2:1\"");
        assert_error(
            &errors_of(&text),
            Some(line_with(&text, "# cols")),
            "columns not ascending",
        );
    }

    #[test]
    fn wrong_kind_lookups_are_errors() {
        let crt = fictional_differential();
        let e = crt.lookup_odds_ratio(2, 1, 0, 3).unwrap_err();
        assert!(
            e.message
                .contains("is a differential table and cannot be read as a odds_ratio table"),
            "{e}"
        );
        assert!(e.message.contains("use lookup_differential"), "{e}");
        assert!(crt.lookup_roll_range(None, 3).is_err());
        assert!(crt.lookup_strength_bands(3, 0, 3).is_err());
        assert!(crt.lookup_matrix("a", "b").is_err());

        let m = parse_ok(&matrix(MATRIX_ROWS));
        let e = m.lookup_differential(2).unwrap_err();
        assert!(e.message.contains("is a matrix table"), "{e}");
        let r = parse_ok(&roll_range_single());
        assert!(r.lookup_matrix("Press", "Stand").is_err());
        let o = parse_ok(&odds("defender", "complete", ODDS_ROWS));
        assert!(o.lookup_strength_bands(1, 0, 1).is_err());
        let s = parse_ok(&strength(STRENGTH_COLUMNS, STRENGTH_ROWS));
        assert!(s.lookup_odds_ratio(1, 1, 0, 1).is_err());

        // Kind is checked before template status.
        let t = parse_ok(&odds("attacker", "template", TEMPLATE_ROWS));
        let e = t.lookup_differential(0).unwrap_err();
        assert!(
            e.message.contains("cannot be read as a differential table"),
            "{e}"
        );
    }

    #[test]
    fn kind_and_status_names_round_trip() {
        for k in TableKind::ALL {
            assert_eq!(TableKind::from_name(k.name()), Some(k));
        }
        for s in TableStatus::ALL {
            assert_eq!(TableStatus::from_name(s.name()), Some(s));
        }
        assert_eq!(TableKind::OddsRatio.name(), "odds_ratio");
        assert_eq!(TableKind::from_name("Matrix"), None);
    }
}
