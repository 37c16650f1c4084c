//! Reading a table file: the TOML parser and the validation that reports every problem
//! with its line. Each kind's own keys, rows and columns are read in `kinds.rs`.

mod kinds;
use std::ops::Range;
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::engine::dice::Die;

use super::labels::{difference_label, differences_text, differential_label, signed, span_text};
use super::{
    BLANK_CELL, Band, CellValues, Compose, DifferenceColumn, Domain, ModifierCap, OddsColumn,
    Provenance, ResultCode, Rounding, Row, RowKey, ShiftCap, StrengthColumn, Table, TableBody,
    TableError, TableKind, TableStatus,
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

/// What is wrong with the cell `code` at `place` ("the cell in row 3, column `2:1`"), if anything:
/// a modifier that is not a signed whole number, a number that is not a whole number 0 or more, a
/// composed cell that does not read, or an unknown result code. Blank cells are the caller's to
/// judge.
pub(crate) fn cell_problem(
    code: &str,
    place: &str,
    codes: &[String],
    compose: Option<&Compose>,
    values: CellValues,
) -> Option<String> {
    match values {
        CellValues::Signed => {
            return super::parse_signed(code).is_none().then(|| {
                format!("the cell in {place} is `{code}`: it must be a signed whole number, such as +2, -1 or 0")
            });
        }
        CellValues::Counts => {
            return super::parse_count(code).is_none().then(|| {
                format!(
                    "the cell in {place} is `{code}`: a number is expected, a whole number 0 or more, \
                     such as 0, 3 or 12 (the table has results = \"numbers\")"
                )
            });
        }
        CellValues::Codes => {}
    }
    if let Some(compose) = compose {
        let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
        return compose
            .read(code, &codes)
            .err()
            .map(|message| format!("the cell in {place}: {message}"));
    }
    (!codes.iter().any(|c| c == code)).then(|| {
        format!(
            "unknown result code `{code}` in {place}; known codes: {}",
            codes.join(", ")
        )
    })
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
    "compose",
];

fn kind_keys(kind: TableKind) -> &'static [&'static str] {
    match kind {
        TableKind::Differential => &[],
        TableKind::RollRange => &["domain", "columns"],
        TableKind::OddsRatio => &["columns", "rounding", "drm", "domain"],
        TableKind::StrengthBands => &["columns", "shift_cap", "domain", "lines"],
        TableKind::Matrix => &["row_choices", "column_choices"],
        TableKind::D66 => &[],
        TableKind::DifferenceBands => &["columns", "domain"],
        TableKind::Modifiers => &["columns"],
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
    /// How cells combine codes, if they do.
    compose: Option<Compose>,
    /// What the cells hold.
    values: CellValues,
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
        let values = self.cell_values(&root, kind);
        let (results, readable_codes) = match values {
            // A table of numbers has no codes, nor does a modifiers table that lists none.
            Some(CellValues::Counts) => (Some(Vec::new()), Some(Vec::new())),
            Some(CellValues::Signed) if root.get("results").is_none() => {
                (Some(Vec::new()), Some(Vec::new()))
            }
            Some(_) => self.results(&root),
            // `results` was refused (reported): its cells cannot be checked.
            None => (None, None),
        };
        let compose = self.compose(&root, readable_codes.as_deref(), values);

        // Body. An unknown status is already reported; read the cells
        // leniently so it does not cascade into blank-cell errors.
        let rules = CellRules {
            check_codes: readable_codes.is_some(),
            codes: readable_codes.unwrap_or_default(),
            template: status.is_none_or(|s| s == TableStatus::Template),
            compose: compose.clone().flatten(),
            values: values.unwrap_or(CellValues::Codes),
        };
        let body = kind.and_then(|kind| self.body(&root, kind, &rules));

        match (
            id, title, kind, status, provenance, results, body, compose, values,
        ) {
            (
                Some(id),
                Some(title),
                Some(kind),
                Some(status),
                Some(provenance),
                Some(results),
                Some(body),
                Some(compose),
                Some(values),
            ) if self.errors.is_empty() => Ok(Table {
                compose,
                values,
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

    /// What the cells hold: signed numbers for `modifiers`, whole numbers where `results` is
    /// `"numbers"`, else the result codes of `[[results]]`. `None` when a string `results` is
    /// refused (reported on its line).
    fn cell_values(&mut self, root: &Obj, kind: Option<TableKind>) -> Option<CellValues> {
        let modifiers = kind == Some(TableKind::Modifiers);
        let string = root.get("results").and_then(|value| match value.get_ref() {
            DeValue::String(s) => Some((s.to_string(), value.span())),
            _ => None,
        });
        let Some((name, span)) = string else {
            // Absent or an array (`results` reports a missing key or a wrong type).
            return Some(if modifiers {
                CellValues::Signed
            } else {
                CellValues::Codes
            });
        };
        if name != "numbers" {
            self.at(
                &span,
                format!(
                    "`results` is \"{name}\": list the result codes as [[results]] entries, or \
                     write results = \"numbers\" for cells that are whole numbers"
                ),
            );
            return None;
        }
        match kind {
            Some(TableKind::Modifiers) => {
                self.at(
                    &span,
                    "results = \"numbers\" is meaningless for a modifiers table, whose cells are \
                     signed numbers already: leave `results` out"
                        .to_string(),
                );
                None
            }
            // A matrix's rows are read by a choice, not by a roll or a difference: a number
            // there would be a code in disguise, so it declares its codes.
            Some(TableKind::Matrix) => {
                self.at(
                    &span,
                    "results = \"numbers\" does not fit a matrix table, whose rows are read by a \
                     choice; list its result codes as [[results]] entries"
                        .to_string(),
                );
                None
            }
            _ => Some(CellValues::Counts),
        }
    }

    /// The optional `compose` key: `Some(None)` when the table does not compose its cells,
    /// `None` when the key could not be read or does not fit the cells.
    fn compose(
        &mut self,
        root: &Obj,
        codes: Option<&[String]>,
        values: Option<CellValues>,
    ) -> Option<Option<Compose>> {
        let Some(value) = root.get("compose") else {
            return Some(None);
        };
        if values == Some(CellValues::Counts) {
            self.at(
                &value.span(),
                "`compose` combines result codes, and a table with results = \"numbers\" has \
                 none: each of its cells holds one number; remove `compose`"
                    .to_string(),
            );
            return None;
        }
        let obj = self.table(value, "`compose`", "`compose`".to_string())?;
        self.check_keys(&obj, &["parts", "modified"]);
        let list = |parser: &mut Self, key: &str| -> Option<Vec<String>> {
            match obj.get(key) {
                None => Some(Vec::new()),
                Some(_) => parser
                    .name_list(&obj, key)
                    .map(|names| names.into_iter().map(|(name, _)| name).collect()),
            }
        };
        let parts = list(self, "parts");
        let modified = list(self, "modified");
        let (parts, modified) = (parts?, modified?);
        if parts.len() == 1 {
            self.at(
                &value.span(),
                "`compose.parts` names two or more parts, or is left out for cells of one part"
                    .to_string(),
            );
            return None;
        }
        if let Some(codes) = codes
            && let Some(unknown) = modified.iter().find(|m| !codes.contains(m))
        {
            self.at(
                &value.span(),
                format!(
                    "`compose.modified` lists `{unknown}`, which is not a result code of this table"
                ),
            );
            return None;
        }
        Some(Some(Compose { parts, modified }))
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
            TableKind::Modifiers => self.modifiers(root, rules),
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
        if rules.check_codes
            && let Some(message) = cell_problem(
                &code,
                &place,
                &rules.codes,
                rules.compose.as_ref(),
                rules.values,
            )
        {
            self.at(&value.span(), message);
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
}
