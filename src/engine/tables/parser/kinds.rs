//! The part of a table file that depends on its kind: the rows and columns of a differential,
//! roll-range, d66, odds-ratio, strength-band, difference-band or matrix table.

use super::*;

impl Parser<'_> {
    pub(super) fn differential(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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

    pub(super) fn roll_range(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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
    pub(super) fn d66(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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

    pub(super) fn odds_ratio(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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
            // A column is "a:d", or { label = "1-1.5", odds = "2:3" } where the chart prints
            // its odds otherwise.
            let (label, odds) = if let DeValue::Table(_) = item.get_ref() {
                let Some(obj) = self.table(item, "each odds column", "odds column".to_string())
                else {
                    ok = false;
                    continue;
                };
                self.check_keys(&obj, &["label", "odds"]);
                match (self.req_text(&obj, "label"), self.req_text(&obj, "odds")) {
                    (Some(label), Some(odds)) => (label, odds),
                    _ => {
                        ok = false;
                        continue;
                    }
                }
            } else {
                let Some(label) = self.text_value(item, "each odds column") else {
                    ok = false;
                    continue;
                };
                (label.clone(), label)
            };
            let parsed = odds
                .split_once(':')
                .and_then(|(a, d)| {
                    Some((a.trim().parse::<u32>().ok()?, d.trim().parse::<u32>().ok()?))
                })
                .filter(|(a, d)| *a > 0 && *d > 0);
            let Some((attack, defence)) = parsed else {
                self.at(
                    &item.span(),
                    if label == odds {
                        format!(
                            "odds column `{label}` must be \"attack:defence\" with positive whole numbers, e.g. \"3:1\""
                        )
                    } else {
                        format!(
                            "odds column `{label}`: its odds `{odds}` must be \"attack:defence\" with positive whole numbers, e.g. \"2:3\""
                        )
                    },
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

    pub(super) fn strength_bands(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let lines = self.strength_lines(root);
        let columns = self.strength_columns(root, lines.as_deref().unwrap_or(&[]), rules);
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
            lines: lines?,
            columns: columns?,
            shift_cap: shift_cap?,
            domain: domain?,
            rows,
        })
    }

    /// The optional `lines`: the names of a chart's strength lines, each with its own bands over
    /// the same columns (the Battles of Waterloo's Fire Table has an Artillery and an Infantry
    /// line, R 8.11, L819; R 8.32, L1012). Empty for a single line.
    fn strength_lines(&mut self, root: &Obj) -> Option<Vec<String>> {
        if root.get("lines").is_none() {
            return Some(Vec::new());
        }
        let names = self.name_list(root, "lines")?;
        Some(names.into_iter().map(|(name, _)| name).collect())
    }

    fn strength_columns(
        &mut self,
        root: &Obj,
        lines: &[String],
        rules: &CellRules,
    ) -> Option<Vec<StrengthColumn>> {
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
            let line = self.line(&item.span());
            let label = self.req_text(&obj, "label");
            let bands = if lines.is_empty() {
                self.check_keys(&obj, &["label", "min", "max"]);
                let min = self.req_int(&obj, "min");
                let max = self.opt_int(&obj, "max");
                if obj.get("max").is_some() && max.is_none() {
                    None
                } else {
                    min.map(|min| vec![Some(Band { min, max })])
                }
            } else {
                self.check_keys(&obj, &["label", "bands"]);
                self.line_bands(&obj, lines, line, rules.template)
            };
            let (Some(label), Some(bands)) = (label, bands) else {
                ok = false;
                continue;
            };
            for (i, band) in bands.iter().enumerate() {
                let on = lines
                    .get(i)
                    .map(|l| format!(" on the {l} line"))
                    .unwrap_or_default();
                if let Some(band) = band
                    && !self.band_follows(line, &label, band, columns.last(), i, &on)
                {
                    ok = false;
                }
            }
            if columns.iter().any(|c| c.label == label) {
                self.at_line(line, format!("duplicate strength column `{label}`"));
                ok = false;
            }
            columns.push(StrengthColumn { label, bands });
        }
        ok.then_some(columns)
    }

    /// A column's `bands`, one `[min, max]` (or `[min]`, "or more") per line; in a template,
    /// `"?"` for a band the owner enters.
    fn line_bands(
        &mut self,
        obj: &Obj,
        lines: &[String],
        line: usize,
        template: bool,
    ) -> Option<Vec<Option<Band>>> {
        let value = self.required(obj, "bands")?;
        let items = self.array(value, "`bands`")?;
        if items.len() != lines.len() {
            self.at_line(
                line,
                format!(
                    "`bands` has {} entries; the table has {} lines ({})",
                    items.len(),
                    lines.len(),
                    lines.join(", ")
                ),
            );
            return None;
        }
        let mut bands = Vec::new();
        for (item, name) in items.iter().zip(lines) {
            let what = format!("the {name} band");
            if matches!(item.get_ref(), DeValue::String(s) if s.as_ref() == BLANK_CELL) {
                if !template {
                    self.at(
                        &item.span(),
                        format!(
                            "{what} is \"{BLANK_CELL}\": only a table with status = \"template\" may leave it blank"
                        ),
                    );
                    return None;
                }
                bands.push(None);
                continue;
            }
            let bounds = self.array(item, &what)?;
            let (min, max) = match bounds {
                [min] => (self.int(min, &what)?, None),
                [min, max] => (self.int(min, &what)?, Some(self.int(max, &what)?)),
                _ => {
                    self.at(
                        &item.span(),
                        format!("{what} must be [min, max], or [min] for \"or more\""),
                    );
                    return None;
                }
            };
            bands.push(Some(Band { min, max }));
        }
        Some(bands)
    }

    /// Whether `band`, line `index` of column `label`, is valid and follows the previous
    /// column's band on that line with no gap and no overlap; reports the problem if not.
    fn band_follows(
        &mut self,
        line: usize,
        label: &str,
        band: &Band,
        previous: Option<&StrengthColumn>,
        index: usize,
        on: &str,
    ) -> bool {
        let (min, max) = (band.min, band.max);
        if min < 0 {
            self.at_line(
                line,
                format!("strength column `{label}`{on}: min must not be negative"),
            );
            return false;
        }
        if let Some(max) = max
            && max < min
        {
            self.at_line(
                line,
                format!("strength column `{label}`{on}: min {min} is above max {max}"),
            );
            return false;
        }
        let Some((prev, prev_band)) =
            previous.and_then(|p| Some((p, p.bands.get(index).copied().flatten()?)))
        else {
            return true;
        };
        let problem = match prev_band.max {
            None => Some(format!(
                "strength column `{}` is open-ended (no max){on}, so it must be the last column, but `{label}` follows it",
                prev.label
            )),
            Some(_) if min <= prev_band.min => Some(format!(
                "columns not ascending{on}: strength column `{label}` (from {min}) must come after `{}` (from {})",
                prev.label, prev_band.min
            )),
            Some(pmax) if min <= pmax => Some(format!(
                "overlap{on}: strength column `{label}` starts at {min}, inside `{}` (up to {pmax})",
                prev.label
            )),
            Some(pmax) if min > pmax + 1 => Some(format!(
                "gap{on}: strengths {} are in no column (between `{}` and `{label}`)",
                span_text(pmax + 1, min - 1),
                prev.label
            )),
            Some(_) => None,
        };
        match problem {
            Some(message) => {
                self.at_line(line, message);
                false
            }
            None => true,
        }
    }

    /// Columns by bands of a signed difference, rows by roll ranges (Beyond
    /// Waterloo's French Recruitment Authorization Table, §12.3.2, L1385, and
    /// RP Acquisition Chart, §10.2.2, L1294).
    pub(super) fn difference_bands(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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

    pub(super) fn matrix(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
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

    /// Named modifiers, a row each: `id`, `label` and `cells`, one signed number per column.
    pub(super) fn modifiers(&mut self, root: &Obj, rules: &CellRules) -> Option<TableBody> {
        let columns: Vec<String> = match root.get("columns") {
            None => vec!["Modifier".to_string()],
            Some(_) => self
                .name_list(root, "columns")?
                .into_iter()
                .map(|(name, _)| name)
                .collect(),
        };
        let row_objs = self.row_objs(root)?;
        let mut rows: Vec<Row> = Vec::new();
        for obj in &row_objs {
            self.check_keys(obj, &["id", "label", "cells"]);
            let line = self.obj_line(obj).unwrap_or(0);
            let (Some(id), Some(label)) = (self.req_text(obj, "id"), self.req_text(obj, "label"))
            else {
                continue;
            };
            let place = format!("{} (`{id}`)", obj.name);
            let cells = self.cells(obj, rules, &place, &columns);
            if let Some(first) = rows
                .iter()
                .find(|r| matches!(&r.key, RowKey::Choice(other) if *other == id))
            {
                let first = first.line;
                self.at_line(
                    line,
                    format!("{} repeats the id `{id}` (first at line {first})", obj.name),
                );
                continue;
            }
            rows.push(Row {
                label,
                key: RowKey::Choice(id),
                cells,
                line,
            });
        }
        Some(TableBody::Modifiers { columns, rows })
    }
}
