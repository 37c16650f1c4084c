//! Lookups: reading the cell a roll, odds, strength or choice selects, reporting every cap
//! and clamp applied.

use std::cmp::Ordering;

use crate::engine::dice::Die;
use crate::engine::symbol::Symbol;

use super::labels::{signed, span_text};
use super::{
    AppliedLimit, CellRef, Domain, Lookup, OddsColumn, ResultCode, Rounding, RowKey,
    StrengthColumn, Table, TableBody, TableError, TableKind, TableStatus,
};

impl Table {
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

    /// Read a d66 table: `roll` is the d66 roll as read (tens and ones, e.g.
    /// 34), `ones_modifier` a signed modifier added to the ones die in base 6
    /// (Beyond Waterloo §21.5.8c, L1879; see [`d66_modified`]). A roll that no
    /// pair of dice shows, or a modified roll beyond 11-66, is an error: the
    /// rules give it no reading, so nothing is clamped.
    pub fn lookup_d66(&self, roll: i32, ones_modifier: i32) -> Result<Lookup, TableError> {
        self.ready(TableKind::D66)?;
        if d66_position(roll).is_none() {
            return Err(self.error(format!(
                "{roll} is not a d66 roll (the tens and the ones are each 1 to 6: 11-16, 21-26, ... 61-66)"
            )));
        }
        let modified = d66_modified(roll, ones_modifier).ok_or_else(|| {
            self.error(format!(
                "d66 roll {roll} with {} on the ones die leaves {}, which covers the d66 rolls 11 to 66 \
                 and gives no reading beyond them",
                signed(i64::from(ones_modifier)),
                self.describe()
            ))
        })?;
        let index = self
            .body
            .rows()
            .iter()
            .position(|r| range_holds(&r.key, i64::from(modified)))
            .ok_or_else(|| self.error(format!("no row covers a roll of {modified}")))?;
        self.answer(index, None, None, Vec::new())
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
        let TableBody::OddsRatio { rounding, .. } = &self.body else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        self.lookup_odds_ratio_rounded(attack, defence, drm, natural_roll, *rounding)
    }

    /// As `lookup_odds_ratio`, rounding odds between two columns as the procedure says, where
    /// the rules make it depend on the situation (the Battles of Waterloo's Shock, R 8.52).
    pub fn lookup_odds_ratio_rounded(
        &self,
        attack: u32,
        defence: u32,
        drm: i32,
        natural_roll: i32,
        rounding: Rounding,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::OddsRatio)?;
        let TableBody::OddsRatio {
            columns,
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
        let column_label = columns.get(column_index).map(|c| c.label.clone());
        self.answer_at_roll(roll, column_index, column_label, limits)
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
        self.lookup_strength_line(None, strength, shifts, roll)
    }

    /// As `lookup_strength_bands`, on the strength line named `line` of a table of several lines
    /// (`None`: the first line).
    pub fn lookup_strength_line(
        &self,
        line: Option<&str>,
        strength: u32,
        shifts: i32,
        roll: i32,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::StrengthBands)?;
        let TableBody::StrengthBands {
            lines,
            columns,
            shift_cap,
            domain,
            ..
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        let line_index = match line {
            None => 0,
            Some(name) => lines.iter().position(|l| l == name).ok_or_else(|| {
                self.error(format!(
                    "the table has no {name} line (its lines: {})",
                    lines.join(", ")
                ))
            })?,
        };
        let band = |c: &StrengthColumn| c.bands.get(line_index).copied().flatten();
        let (first, last) = match (columns.first(), columns.last()) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(self.error("table has no columns".to_string())),
        };
        let (Some(first_band), Some(last_band)) = (band(first), band(last)) else {
            return Err(self.error("a column has no band on this line".to_string()));
        };
        let last_index = columns.len().saturating_sub(1);
        let s = i64::from(strength);
        let mut limits = Vec::new();
        let base = if s < first_band.min {
            limits.push(self.limit(format!(
                "strength {s} is below the lowest column {}; read as {}",
                first.label, first.label
            )));
            0
        } else if let Some(max) = last_band.max
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
                .position(|c| band(c).is_some_and(|b| s >= b.min && b.max.is_none_or(|m| s <= m)))
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
        let column_label = columns.get(column_index).map(|c| c.label.clone());
        self.answer_at_roll(roll, column_index, column_label, limits)
    }

    /// Read a difference-band table: `difference` (one side's score minus the
    /// other's, as the table's procedure says) picks the band, `roll` (the
    /// modified roll) the row. A difference beyond a closed end band is read
    /// on that band, and a roll outside the domain is clamped into it; both
    /// are reported.
    pub fn lookup_difference_bands(
        &self,
        difference: i32,
        roll: i32,
    ) -> Result<Lookup, TableError> {
        self.ready(TableKind::DifferenceBands)?;
        let TableBody::DifferenceBands {
            columns, domain, ..
        } = &self.body
        else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        let (first, last) = match (columns.first(), columns.last()) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(self.error("table has no columns".to_string())),
        };
        let d = i64::from(difference);
        let mut limits = Vec::new();
        let column_index = if first.min.is_some_and(|m| d < m) {
            limits.push(self.limit(format!(
                "difference {} is below the lowest column {}; read as {}",
                signed(d),
                first.label,
                first.label
            )));
            0
        } else if last.max.is_some_and(|m| d > m) {
            limits.push(self.limit(format!(
                "difference {} is above the highest column {}; read as {}",
                signed(d),
                last.label,
                last.label
            )));
            columns.len() - 1
        } else {
            columns
                .iter()
                .position(|c| c.min.is_none_or(|m| d >= m) && c.max.is_none_or(|m| d <= m))
                .ok_or_else(|| self.error(format!("no column holds difference {}", signed(d))))?
        };
        let roll = self.clamp_roll(i64::from(roll), *domain, "roll", &mut limits);
        let column_label = columns.get(column_index).map(|c| c.label.clone());
        self.answer_at_roll(roll, column_index, column_label, limits)
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

    /// Read a modifiers table: the signed number of row `id` in `column` (`None`: the first).
    /// A template answers the values it holds, which come from the rulebook; a value it leaves
    /// blank names the chart to enter.
    pub fn modifier(&self, id: &str, column: Option<&str>) -> Result<(i32, Lookup), TableError> {
        if self.kind != TableKind::Modifiers || self.status != TableStatus::Template {
            self.ready(TableKind::Modifiers)?;
        }
        let TableBody::Modifiers { columns, rows } = &self.body else {
            return Err(self.error("table body does not match its kind".to_string()));
        };
        let column_index = match column {
            None => 0,
            Some(name) => columns
                .iter()
                .position(|c| c == name)
                .ok_or_else(|| self.error(format!("the table has no column `{name}`")))?,
        };
        let row_index = rows
            .iter()
            .position(|r| matches!(&r.key, RowKey::Choice(row) if row == id))
            .ok_or_else(|| self.error(format!("the table has no row `{id}`")))?;
        let row = rows
            .get(row_index)
            .ok_or_else(|| self.error(format!("no row {row_index}")))?;
        let Some(text) = row.cells.get(column_index).and_then(|c| c.as_ref()) else {
            // A template's blank: the owner's card gives it.
            self.ready(TableKind::Modifiers)?;
            return Err(self.error(format!("row `{}` has a blank cell", row.label)));
        };
        let value = super::parse_signed(text)
            .ok_or_else(|| self.error(format!("`{text}` is not a number")))?;
        let lookup = Lookup {
            cell: CellRef {
                table: self.id.as_str().into(),
                table_title: self.title.as_str().into(),
                column: columns.get(column_index).map(|c| Symbol::from(c.as_str())),
                row: row.label.as_str().into(),
                row_index,
                column_index: Some(column_index),
                result: text.as_str().into(),
                result_label: row.label.as_str().into(),
            },
            result: ResultCode {
                code: text.clone(),
                label: row.label.clone(),
            },
            limits: Vec::new(),
        };
        Ok((value, lookup))
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
    pub fn ready(&self, wanted: TableKind) -> Result<(), TableError> {
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

    /// The answer in the row holding `roll` (a row of that roll, or a range covering it) and
    /// column `column_index`.
    fn answer_at_roll(
        &self,
        roll: i64,
        column_index: usize,
        column: Option<String>,
        limits: Vec<AppliedLimit>,
    ) -> Result<Lookup, TableError> {
        let index = self
            .body
            .rows()
            .iter()
            .position(|r| range_holds(&r.key, roll))
            .ok_or_else(|| self.error(format!("no row for a roll of {roll}")))?;
        self.answer(index, Some(column_index), column, limits)
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
        // A composed cell, or a number, is named by its reading ("3"), not by a declared code.
        let result = match &self.compose {
            _ if self.numeric_cells() => ResultCode {
                code: code.clone(),
                label: self
                    .describe_cell(code)
                    .ok_or_else(|| self.error(format!("`{code}` is not a number")))?,
            },
            Some(_) => ResultCode {
                code: code.clone(),
                label: self
                    .describe_cell(code)
                    .ok_or_else(|| self.error(format!("cannot read the cell `{code}`")))?,
            },
            None => self
                .result_code(code)
                .cloned()
                .ok_or_else(|| self.error(format!("unknown result code `{code}`")))?,
        };
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

/// A d66 roll's place among the 36 (11 is 0, 16 is 5, 21 is 6, ... 66 is 35);
/// `None` for a number no pair of dice shows.
fn d66_position(roll: i32) -> Option<i64> {
    let face = u8::try_from(roll).ok().filter(|&f| Die::D66.is_face(f))?;
    Die::D66
        .faces()
        .position(|f| f == face)
        .and_then(|i| i64::try_from(i).ok())
}

/// A d66 roll with `ones_modifier` added to its ones die in base 6: past 6 the
/// tens die goes up one and the ones die starts again at 1, below 1 the tens
/// die goes down one and the ones die counts down from 6 (Beyond Waterloo,
/// Diplomatic Developments Chart, §21.5.8c, L1879). `None` when `roll` is not
/// a d66 roll or the result falls outside 11-66, where the rules give no
/// reading: a procedure offering a choice of sign can ask which signs keep
/// the roll on the chart.
pub fn d66_modified(roll: i32, ones_modifier: i32) -> Option<i32> {
    let position = d66_position(roll)?.checked_add(i64::from(ones_modifier))?;
    let index = usize::try_from(position).ok()?;
    Die::D66.faces().nth(index).map(i32::from)
}

fn range_holds(key: &RowKey, value: i64) -> bool {
    match key {
        RowKey::Range { min, max } => value >= *min && max.is_none_or(|m| value <= m),
        RowKey::Roll(roll) => *roll == value,
        _ => false,
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
