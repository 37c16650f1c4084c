//! Reading a table file: the TOML parser and the validation that reports every problem
//! with its line.

use std::ops::Range;
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::engine::dice::Die;

use super::labels::{difference_label, differences_text, differential_label, signed, span_text};
use super::{
    BLANK_CELL, DifferenceColumn, Domain, ModifierCap, OddsColumn, Provenance, ResultCode,
    Rounding, Row, RowKey, ShiftCap, StrengthColumn, Table, TableBody, TableError, TableKind,
    TableStatus,
};

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
}

/// "difference 3", "differences 3-4".
fn values_text(noun: &str, min: i64, max: i64) -> String {
    if min == max {
        format!("{noun} {min}")
    } else {
        format!("{noun}s {}", span_text(min, max))
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
        TableKind::D66 => &[],
        TableKind::DifferenceBands => &["columns", "domain"],
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
                result_lines: results.iter().map(|(_, line)| *line).collect(),
                results: results.into_iter().map(|(code, _)| code).collect(),
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

    /// The result codes with the line of each, if all are valid, and the
    /// codes cells may be checked against (`None` when some code could not
    /// be read, so unknown-code errors would only be noise).
    #[allow(clippy::type_complexity)]
    fn results(&mut self, root: &Obj) -> (Option<Vec<(ResultCode, usize)>>, Option<Vec<String>>) {
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
        (ok.then_some(codes), all_readable.then_some(readable))
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
            TableKind::D66 => self.d66(root, rules),
            TableKind::DifferenceBands => self.difference_bands(root, rules),
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
    /// gap and no overlap. Messages show each value `v` as `show(v)`: the
    /// identity, except for a domain with holes (d66), whose rows are checked
    /// as positions among its rolls and named by the rolls.
    fn coverage(
        &mut self,
        rows: &[Extent],
        lo: i64,
        hi: Option<i64>,
        noun: &str,
        show: &dyn Fn(i64) -> i64,
    ) {
        let mut sorted: Vec<&Extent> = rows.iter().collect();
        sorted.sort_by_key(|r| (r.min, r.line));
        for r in &sorted {
            if r.min < lo {
                self.at_line(
                    r.line,
                    format!(
                        "row `{}` starts at {noun} {}, below {}, the lowest {noun} the table covers",
                        r.label,
                        show(r.min),
                        show(lo)
                    ),
                );
            }
            if let Some(hi) = hi
                && r.max.is_none_or(|m| m > hi)
            {
                self.at_line(
                    r.line,
                    format!(
                        "row `{}` runs past {}, the highest {noun} the table covers",
                        r.label,
                        show(hi)
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
                                values_text(noun, show(lo), show(r.min - 1)),
                                r.label,
                                show(r.min)
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
                                values_text(noun, show(r.min), show(end))
                            ),
                        );
                    } else if r.min > pmax + 1 {
                        self.at_line(
                            r.line,
                            format!(
                                "gap: {} not covered between row `{}` (line {}) and row `{}` (line {})",
                                values_text(noun, show(pmax + 1), show(r.min - 1)),
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
                        show(pmax + 1),
                        p.label
                    ),
                ),
                Some(hi) if pmax < hi => self.at_line(
                    p.line,
                    format!(
                        "gap: {} not covered; the last row `{}` ends at {}",
                        values_text(noun, show(pmax + 1), show(hi)),
                        p.label,
                        show(pmax)
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
            self.coverage(&extents, 0, None, "difference", &|v| v);
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
        let rows = self.range_rows(root, rules, columns.as_deref(), domain)?;
        Some(TableBody::RollRange {
            domain: domain?,
            columns: columns?,
            rows,
        })
    }

    /// Rows keyed by `min` and `max` (both required) covering `domain`
    /// exactly: one `result` each when `columns` is empty, else `cells`, one
    /// per column (`columns` is `None` when it could not be read).
    fn range_rows(
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
            let with_columns = columns.is_none_or(|c| !c.is_empty());
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
            let cells = match columns {
                Some([]) => self.single_result(obj, rules, &place),
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
        if let Some(domain) = domain
            && !row_objs.is_empty()
        {
            self.coverage(&extents, domain.min, Some(domain.max), "roll", &|v| v);
        }
        Some(rows)
    }

    /// Rows keyed by d66 rolls, each with one `result`, covering the 36 rolls
    /// exactly (Beyond Waterloo's Diplomatic Developments Chart, §21.5.4,
    /// L1863). Coverage is checked on each roll's position among the 36, so
    /// the integers between the rolls (17-20, ...) are neither gaps nor rows.
    fn d66(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let faces: Vec<i64> = Die::D66.faces().map(i64::from).collect();
        let position = |roll: i64| {
            faces
                .iter()
                .position(|&f| f == roll)
                .and_then(|i| i64::try_from(i).ok())
        };
        let row_objs = self.row_objs(root)?;
        let mut rows = Vec::new();
        let mut extents = Vec::new();
        for obj in &row_objs {
            self.check_keys(obj, &["min", "max", "result", "label"]);
            let line = self.obj_line(obj).unwrap_or(0);
            let min = self.req_int(obj, "min");
            let max = self.req_int(obj, "max");
            let label = self.opt_text(obj, "label");
            let mut faces_ok = true;
            for (key, value) in [("min", min), ("max", max)] {
                if let Some(v) = value
                    && position(v).is_none()
                {
                    self.at_line(
                        line,
                        format!(
                            "{}: `{key}` = {v} is not a d66 roll (the tens and the ones are each 1 to 6: 11-16, 21-26, ... 61-66)",
                            obj.name
                        ),
                    );
                    faces_ok = false;
                }
            }
            let bounds = match (min, max) {
                (Some(min), Some(max)) if faces_ok && max < min => {
                    self.at_line(line, format!("{}: min {min} is above max {max}", obj.name));
                    None
                }
                (Some(min), Some(max)) if faces_ok => Some((min, max)),
                _ => None,
            };
            let label = label.unwrap_or_else(|| match bounds {
                Some((min, max)) => span_text(min, max),
                None => obj.name.clone(),
            });
            let place = format!("{} (`{label}`)", obj.name);
            let cells = self.single_result(obj, rules, &place);
            if let Some((min, max)) = bounds
                && let (Some(first), Some(last)) = (position(min), position(max))
            {
                extents.push(Extent {
                    min: first,
                    max: Some(last),
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
        if !row_objs.is_empty() {
            let last = i64::try_from(faces.len()).unwrap_or(1) - 1;
            let show = |p: i64| {
                usize::try_from(p)
                    .ok()
                    .and_then(|i| faces.get(i).copied())
                    .unwrap_or(p)
            };
            self.coverage(&extents, 0, Some(last), "roll", &show);
        }
        Some(TableBody::D66 { rows })
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
            self.coverage(&extents, domain.min, Some(domain.max), "roll", &|v| v);
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

    /// Columns by bands of a signed difference, rows by roll ranges (Beyond
    /// Waterloo's French Recruitment Authorization Table, §12.3.2, L1385, and
    /// RP Acquisition Chart, §10.2.2, L1294).
    fn difference_bands(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let columns = self.difference_columns(root);
        let domain = self.domain(root);
        let labels: Option<Vec<String>> = columns
            .as_ref()
            .map(|c| c.iter().map(|c| c.label.clone()).collect());
        let rows = self.range_rows(root, rules, labels.as_deref(), domain)?;
        Some(TableBody::DifferenceBands {
            columns: columns?,
            domain: domain?,
            rows,
        })
    }

    /// Bands `{ label, min, max }` of a signed difference: ascending and
    /// contiguous, only the first open below and only the last open above.
    fn difference_columns(&mut self, root: &Obj) -> Option<Vec<DifferenceColumn>> {
        let value = self.required(root, "columns")?;
        let items = self.array(value, "`columns`")?;
        if items.is_empty() {
            self.at(&value.span(), "`columns` must not be empty".to_string());
            return None;
        }
        let last = items.len() - 1;
        // Each band read so far, with its line.
        let mut columns: Vec<(DifferenceColumn, usize)> = Vec::new();
        let mut ok = true;
        for (n, item) in items.iter().enumerate() {
            let Some(obj) = self.table(
                item,
                "each difference column",
                format!("difference column {}", n + 1),
            ) else {
                ok = false;
                continue;
            };
            self.check_keys(&obj, &["label", "min", "max"]);
            let line = self.line(&item.span());
            let label = self.opt_text(&obj, "label");
            let min = self.opt_int(&obj, "min");
            let max = self.opt_int(&obj, "max");
            if (obj.get("label").is_some() && label.is_none())
                || (obj.get("min").is_some() && min.is_none())
                || (obj.get("max").is_some() && max.is_none())
            {
                ok = false;
                continue;
            }
            let label = label.unwrap_or_else(|| difference_label(min, max));
            let name = format!("difference column `{label}`");
            if min.is_none() && n > 0 {
                self.at_line(
                    line,
                    format!(
                        "{name} has no `min`: only the first column may be open below (\"or less\")"
                    ),
                );
                ok = false;
            }
            if max.is_none() && n < last {
                self.at_line(
                    line,
                    format!(
                        "{name} has no `max`: only the last column may be open above (\"or more\")"
                    ),
                );
                ok = false;
            }
            if let (Some(min), Some(max)) = (min, max)
                && min > max
            {
                self.at_line(line, format!("{name}: min {min} is above max {max}"));
                ok = false;
                continue;
            }
            if let Some((_, first)) = columns.iter().find(|(c, _)| c.label == label) {
                let first = *first;
                self.at_line(
                    line,
                    format!("duplicate difference column `{label}` (first at line {first})"),
                );
                ok = false;
            }
            if let Some((prev, prev_line)) = columns.last()
                && let (Some(pmax), Some(min)) = (prev.max, min)
            {
                let prev_line = *prev_line;
                if prev.min.is_some_and(|pmin| min <= pmin) {
                    self.at_line(
                        line,
                        format!(
                            "columns not ascending: {name} (from {}) must come after `{}` (line {prev_line}, from {})",
                            signed(min),
                            prev.label,
                            prev.min.map_or_else(String::new, signed)
                        ),
                    );
                    ok = false;
                } else if min <= pmax {
                    self.at_line(
                        line,
                        format!(
                            "overlap: {name} starts at {}, inside `{}` (line {prev_line}, up to {})",
                            signed(min),
                            prev.label,
                            signed(pmax)
                        ),
                    );
                    ok = false;
                } else if min > pmax + 1 {
                    self.at_line(
                        line,
                        format!(
                            "gap: {} {} in no column (between `{}` (line {prev_line}) and `{label}`)",
                            differences_text(pmax + 1, min - 1),
                            if min - 1 == pmax + 1 { "is" } else { "are" },
                            prev.label
                        ),
                    );
                    ok = false;
                }
            }
            columns.push((DifferenceColumn { label, min, max }, line));
        }
        ok.then(|| columns.into_iter().map(|(c, _)| c).collect())
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
