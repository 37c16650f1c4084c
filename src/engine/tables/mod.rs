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
//! kind = "differential"           # differential | roll_range | d66 | odds_ratio | strength_bands | difference_bands | matrix
//! status = "complete"             # complete | template | entered
//!
//! [provenance]                    # required
//! rulebook = "Some Rulebook"      # required
//! rule = "Combat"                 # required; quoted in every applied cap/clamp
//! lines = "L10-20"                # optional
//! note = "..."                    # optional
//!
//! [[results]]                     # at least one, unless the cells are numbers (below)
//! code = "R"                      # unique; "?" is reserved
//! label = "Retreat"
//!
//! [[rows]]                        # required, at least one; keys depend on `kind`
//! # ...
//! ```
//!
//! A game loads its tables through its procedures' reads (`TableRead`): a
//! result code that no procedure reading the table handles is refused with the
//! line of its `[[results]]` entry, so an owner's chart cannot slip in a code
//! the game would misread.
//!
//! Unknown keys are errors (they are usually typos), as are keys that belong
//! to a different kind. Integers must fit in an `i32`. Every row may carry an
//! optional `label` (except matrix rows, labelled by their `choice`) that
//! replaces the generated row label in the grid and in [`CellRef::row`].
//!
//! ## Status
//!
//! * `complete`: every value comes from a rulebook. Every cell must hold a
//!   known result code (or a number, for a table of numbers).
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
//! ### `d66`
//! Two six-sided dice read as tens and ones: the rolls are 11-16, 21-26, ...
//! 61-66, 36 in all; the integers between (17-20, 27-30, ...) are not rolls.
//! Rows have `min`, `max` (both required, each a d66 roll) and `result`; a row
//! covers the rolls from `min` to `max` in d66 order (`min = 15, max = 22` is
//! 15, 16, 21 and 22). Rows must cover the 36 rolls exactly: a bound that is
//! not a d66 roll is refused, and gaps and overlaps are reported with the
//! lines of the rows involved, naming rolls, never the integers between them.
//!
//! A lookup takes the roll and a signed modifier added to the ones die in
//! base 6: above 6 the tens die goes up one (33 + 4 reads 41), below 1 it goes
//! down one (33 - 4 reads 25). A modified roll beyond 11-66 is a lookup error,
//! not a clamp: the rules give it no reading, so the procedure must not ask
//! for it ([`d66_modified`] tells beforehand).
//!
//! Needed by Beyond Waterloo's Diplomatic Developments Chart (DDC): a d66
//! roll (rulebook §21.5.4, L1863), modified by VPs spent on the ones die in
//! base 6 (§21.5.8, L1875-1879).
//!
//! ```toml
//! [[rows]]
//! min = 11
//! max = 14
//! result = "N"
//! [[rows]]
//! min = 15         # 15, 16, 21
//! max = 21
//! result = "P"
//! ```
//!
//! Generated row labels: `34`, `11-14`.
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
//! A column may be labelled otherwise than its odds, as a chart prints it:
//! `{ label = "1-1.5", odds = "2:3" }`. `lookup_odds_ratio_rounded` lets the
//! procedure choose the rounding where the rules make it depend on the
//! situation.
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
//! A chart may give several strength lines over the same columns (an
//! artillery line and an infantry line): `lines = ["Artillery", "Infantry"]`
//! names them, and each column then gives `bands`, one `[min, max]` per line
//! (`[min]` for "or more"), each line ascending and contiguous on its own; a
//! template may give `"?"` for a band the owner enters.
//! `lookup_strength_line` reads the line a procedure names.
//!
//! ```toml
//! lines = ["Artillery", "Infantry"]
//! columns = [{ label = "A", bands = [[1, 3], [1, 1]] }, { label = "B", bands = [[4], [2]] }]
//! ```
//!
//! ### `difference_bands`
//! A signed difference between the two sides (one side's score minus the
//! other's, so negative when the other side is ahead) picks a column, and a
//! modified roll picks a row. `columns` are bands `{ label, min, max }`,
//! ascending and contiguous (each starts one above the previous band's end);
//! only the first band may omit `min` ("or less") and only the last may omit
//! `max` ("or more"). `label` is optional; generated band labels read
//! `-3 or less`, `-2 to +2`, `-1, 0`, `0`, `+3 or more`. A difference beyond
//! a closed end band is read on that band (reported). `domain` and rows are as
//! for `roll_range` with columns: `min`, `max` and `cells`; rows must cover the
//! domain exactly, and a roll outside it is clamped into it (reported).
//!
//! Needed by two Beyond Waterloo charts whose column is a difference of VP:
//! the French Recruitment Authorization Table ("French VP minus Allied VP",
//! rulebook §12.3.2, L1385; 2D6 + DRMs, §12.3.3-12.3.4, L1387-1389) and the
//! RP Acquisition Chart ("the difference between the two sides VP scores",
//! §10.2.2, L1294; 2D6 + DRMs, §10.2.1, L1292). The table does not say which
//! side is subtracted from which: its procedure does, and the band labels
//! should.
//!
//! ```toml
//! columns = [
//!   { max = -3 },                        # "-3 or less"
//!   { min = -2, max = 2 },               # "-2 to +2"
//!   { min = 3, label = "ahead by 3+" },
//! ]
//! domain = [2, 12]
//! [[rows]]
//! min = 2
//! max = 6
//! cells = ["N", "N", "R"]
//! ```
//!
//! Generated row labels as for `roll_range`: `5`, `2-6`.
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
//! ### `modifiers`
//! Named die modifiers or column shifts, as a chart lists them beside its
//! grid. `columns` (optional, default `["Modifier"]`) names what each number
//! modifies. Rows have a unique `id` (what a procedure asks for), a `label`
//! and `cells`, one signed whole number per column ("+2", "-1", "0"), or
//! `"?"` in a template. The table needs no `results`. A template answers
//! the values it holds (they come from the rulebook); a blank one names the
//! chart to enter.
//!
//! ```toml
//! columns = ["Fire shift", "Shock DRM"]
//! [[rows]]
//! id = "village"
//! label = "Village"
//! cells = ["0", "+2"]
//! ```
//!
//! ## Cells that are numbers
//! A chart whose cells are plain counts (an income, a number of units or of steps), whose range
//! no list of codes could foresee, says so instead of listing `[[results]]`:
//!
//! ```toml
//! kind = "difference_bands"
//! results = "numbers"             # a top-level key, before [provenance]
//! # ...
//! [[rows]]
//! min = 2
//! max = 6
//! cells = ["0", "1", "3"]
//! ```
//!
//! Every cell that is not blank must then be a whole number, 0 or more, written as digits
//! (`"0"`, `"3"`, `"12"`); `"-"`, a sign or a code is refused with its line. Blank cells (`"?"`)
//! stay a template's only. The key fits every kind whose rows are read by a roll or a
//! difference: `differential`, `roll_range`, `d66`, `odds_ratio`, `strength_bands` and
//! `difference_bands`. It is refused for `matrix` (its rows are read by a choice: list its
//! codes) and for `modifiers` (its cells are signed numbers already), and cannot be combined
//! with `compose`. A lookup answers as for any table, its result code the cell's text and its
//! label the number ("3"); [`Lookup::number`] reads it as a `u32`, and
//! [`Table::numeric_cells`] tells such a table (and a `modifiers` table) from one of codes.
//!
//! ## Compose
//! A table whose cells hold several codes declares how: see [`Compose`].
//!
//! ## Line numbers
//! Errors point at the most specific place: the offending value (a cell, a
//! column, a key), or the `[[rows]]` header of the row involved for range
//! problems (gaps and overlaps name the other row's line in the message),
//! or the header of the table (`[[rows]]`, `[provenance]`, ...) that lacks a
//! required key. TOML syntax errors point at the syntax error and stop the
//! parse there. A required top-level key that is missing has no line ([`TableError::line`]
//! is `None`); neither do lookup errors.

mod compose;
mod draft;
mod labels;
mod lookup;
mod parser;
use parser::cell_problem;

pub use compose::{Compose, PART_SEPARATOR, Token};
pub use draft::{Draft, DraftColumn, DraftRow, Place, Problem};

pub use lookup::d66_modified;
#[cfg(test)]
mod tests;

use std::fmt;

use super::symbol::Symbol;
use serde::{Deserialize, Serialize};

/// A signed whole number as a chart prints it: "+2", "-1", "0"; at most one sign.
pub(crate) fn parse_signed(text: &str) -> Option<i32> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    text.strip_prefix('+').unwrap_or(text).parse().ok()
}

/// A whole number 0 or more as a chart prints it: "0", "3", "12"; digits only, no sign.
pub(crate) fn parse_count(text: &str) -> Option<u32> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// What a table's cells hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CellValues {
    /// Result codes declared in `[[results]]`.
    Codes,
    /// Whole numbers, 0 or more (`results = "numbers"`).
    Counts,
    /// Signed whole numbers (the `modifiers` kind).
    Signed,
}

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
    D66,
    DifferenceBands,
    Modifiers,
}

impl TableKind {
    pub const ALL: [TableKind; 8] = [
        TableKind::Differential,
        TableKind::RollRange,
        TableKind::OddsRatio,
        TableKind::StrengthBands,
        TableKind::Matrix,
        TableKind::D66,
        TableKind::DifferenceBands,
        TableKind::Modifiers,
    ];

    /// The name used for `kind` in table files.
    pub fn name(&self) -> &'static str {
        match self {
            TableKind::Differential => "differential",
            TableKind::RollRange => "roll_range",
            TableKind::OddsRatio => "odds_ratio",
            TableKind::StrengthBands => "strength_bands",
            TableKind::Matrix => "matrix",
            TableKind::D66 => "d66",
            TableKind::DifferenceBands => "difference_bands",
            TableKind::Modifiers => "modifiers",
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
            TableKind::D66 => "lookup_d66",
            TableKind::DifferenceBands => "lookup_difference_bands",
            TableKind::Modifiers => "modifier",
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
    /// The line of the file that defines each of `results`, in the same order.
    result_lines: Vec<usize>,
    /// The file name the table was read from.
    pub source: String,
    /// How cells combine the result codes, for a chart whose cells hold several.
    pub compose: Option<Compose>,
    /// What the cells hold: result codes, or numbers (see [`Table::numeric_cells`]).
    values: CellValues,
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
        /// The names of the strength lines; empty for a single line.
        lines: Vec<String>,
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
    /// Rows keyed by d66 rolls (`RowKey::Range` with both bounds d66 rolls),
    /// one `result` each (Beyond Waterloo's Diplomatic Developments Chart,
    /// §21.5, L1855-1879).
    D66 {
        rows: Vec<Row>,
    },
    /// Columns by a signed difference, rows by roll ranges (Beyond Waterloo's
    /// French Recruitment Authorization Table, §12.3.2, L1385, and RP
    /// Acquisition Chart, §10.2.2, L1294).
    DifferenceBands {
        columns: Vec<DifferenceColumn>,
        domain: Domain,
        rows: Vec<Row>,
    },
    /// Named die modifiers or column shifts, one row per condition (`RowKey::Choice` holding
    /// its id), one signed number per column: the terrain effects and the Shock DRMs the
    /// Battles of Waterloo prints only on its cards.
    Modifiers {
        columns: Vec<String>,
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
            | TableBody::Matrix { rows, .. }
            | TableBody::D66 { rows }
            | TableBody::DifferenceBands { rows, .. }
            | TableBody::Modifiers { rows, .. } => rows,
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

/// A band of strengths; `max == None` is open-ended ("or more").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    pub min: i64,
    pub max: Option<i64>,
}

/// A strength column: its label, and its band on each of the table's lines (one band for a table
/// of a single line); `None` for a band a template leaves to the owner ("?").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrengthColumn {
    pub label: String,
    pub bands: Vec<Option<Band>>,
}

/// A band of a signed difference; `min == None` is open below ("or less"),
/// `max == None` open above ("or more").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DifferenceColumn {
    pub label: String,
    pub min: Option<i64>,
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
    /// "Combat Results Table, row +1, +2 gives Retreat (R)"; a number reads "... gives 3".
    pub fn describe(&self) -> String {
        let column = self
            .column
            .as_ref()
            .map(|c| format!(", column {c}"))
            .unwrap_or_default();
        // A cell whose label is its own text (a number) is not named twice.
        let code = if self.result_label == self.result {
            String::new()
        } else {
            format!(" ({})", self.result)
        };
        format!(
            "{}, row {}{column} gives {}{code}",
            self.table_title, self.row, self.result_label
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

impl Lookup {
    /// The result code read, if it is one `read` handles. Tables are checked against their reads
    /// when they load, so another code here means a table that was not checked: an error, never
    /// a result read as something else.
    pub fn code_for(&self, read: &crate::engine::table_set::TableRead) -> Result<&str, TableError> {
        let code = self.result.code.as_str();
        if read.table == self.cell.table.as_ref() && read.codes.contains(&code) {
            Ok(code)
        } else {
            Err(TableError {
                file: format!("table `{}`", self.cell.table),
                line: None,
                message: format!(
                    "result code `{code}` is not one this procedure handles ({})",
                    read.codes.join(", ")
                ),
            })
        }
    }
}

impl Lookup {
    /// The number the cell read holds, for a table whose cells are numbers
    /// (`results = "numbers"`, see [`Table::numeric_cells`]): a whole number, 0 or more. A cell
    /// that is not one (a result code, or a modifier's signed "-1") is an error, never a guess.
    /// A modifiers table's signed value comes from [`Table::modifier`].
    pub fn number(&self) -> Result<u32, TableError> {
        let text = self.result.code.as_str();
        parse_count(text).ok_or_else(|| TableError {
            file: format!("table `{}`", self.cell.table),
            line: None,
            message: format!(
                "the cell read ({}) is `{text}`, not a whole number 0 or more",
                self.cell.describe()
            ),
        })
    }

    /// The cell read into its parts and codes, each one `read` handles (see `code_for`).
    pub fn parts_for(
        &self,
        read: &crate::engine::table_set::TableRead,
        table: &Table,
    ) -> Result<Vec<Vec<Token>>, TableError> {
        let parts = table.read_cell(&self.result.code)?;
        let unhandled = parts
            .iter()
            .flatten()
            .find(|t| read.table != table.id || !read.codes.contains(&t.code.as_str()));
        match unhandled {
            Some(token) => Err(TableError {
                file: format!("table `{}`", self.cell.table),
                line: None,
                message: format!(
                    "result code `{}` is not one this procedure handles ({})",
                    token.code,
                    read.codes.join(", ")
                ),
            }),
            None => Ok(parts),
        }
    }
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
// Table: accessors and grid (parsing is in parser.rs, lookups in lookup.rs)
// ---------------------------------------------------------------------------

impl Table {
    /// The line of the file that defines result code `code`.
    pub fn result_line(&self, code: &str) -> Option<usize> {
        self.results
            .iter()
            .position(|r| r.code == code)
            .and_then(|i| self.result_lines.get(i).copied())
    }

    /// The kind-specific part of the table.
    pub fn body(&self) -> &TableBody {
        &self.body
    }

    /// Whether the cells are numbers rather than result codes: a table with
    /// `results = "numbers"` (whole numbers, 0 or more; read them with [`Lookup::number`]) or a
    /// `modifiers` table (signed numbers; read them with [`Table::modifier`]). Such a table has
    /// no `results`.
    pub fn numeric_cells(&self) -> bool {
        self.values != CellValues::Codes
    }

    /// False for templates, which resolve nothing.
    pub fn is_resolvable(&self) -> bool {
        self.status != TableStatus::Template
    }

    /// Header for the row-label column of [`Table::grid`].
    pub fn row_header(&self) -> &'static str {
        match self.kind {
            TableKind::Differential => "Difference",
            TableKind::RollRange
            | TableKind::OddsRatio
            | TableKind::StrengthBands
            | TableKind::DifferenceBands => "Roll",
            TableKind::Matrix => "Choice",
            TableKind::D66 => "d66",
            TableKind::Modifiers => "Condition",
        }
    }

    /// A grid for a table viewer.
    pub fn grid(&self) -> Grid {
        let columns = match &self.body {
            TableBody::Differential { .. } | TableBody::D66 { .. } => vec!["Result".to_string()],
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
            TableBody::DifferenceBands { columns, .. } => {
                columns.iter().map(|c| c.label.clone()).collect()
            }
            TableBody::Matrix { column_choices, .. } => column_choices.clone(),
            TableBody::Modifiers { columns, .. } => columns.clone(),
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

    /// A cell read into its parts and codes (one part of one code for a table that does not
    /// compose its cells; for a table of numbers, the number's text).
    pub fn read_cell(&self, cell: &str) -> Result<Vec<Vec<Token>>, TableError> {
        let fail = |message: String| TableError {
            file: self.source.clone(),
            line: None,
            message,
        };
        if self.numeric_cells() {
            return match self.describe_cell(cell) {
                Some(_) => Ok(vec![vec![Token {
                    code: cell.to_string(),
                    modifier: 0,
                }]]),
                None => Err(fail(format!("`{cell}` is not a number this table holds"))),
            };
        }
        match &self.compose {
            Some(compose) => {
                let codes: Vec<&str> = self.results.iter().map(|r| r.code.as_str()).collect();
                compose.read(cell, &codes).map_err(fail)
            }
            None if self.result_code(cell).is_some() => Ok(vec![vec![Token {
                code: cell.to_string(),
                modifier: 0,
            }]]),
            None => Err(fail(format!("unknown result code `{cell}`"))),
        }
    }

    /// A cell in words, each code by its label; a number as itself ("3", "+2").
    pub fn describe_cell(&self, cell: &str) -> Option<String> {
        match self.values {
            CellValues::Counts => return parse_count(cell).map(|n| n.to_string()),
            CellValues::Signed => return parse_signed(cell).map(|n| labels::signed(n.into())),
            CellValues::Codes => {}
        }
        let label = |code: &str| {
            self.result_code(code)
                .map_or_else(|| code.to_string(), |r| r.label.clone())
        };
        match &self.compose {
            Some(compose) => self
                .read_cell(cell)
                .ok()
                .map(|parts| compose.describe(&parts, &label)),
            None => self.result_code(cell).map(|r| r.label.clone()),
        }
    }

    /// The result code with this code, if the table defines it.
    pub fn result_code(&self, code: &str) -> Option<&ResultCode> {
        self.results.iter().find(|r| r.code == code)
    }
}
