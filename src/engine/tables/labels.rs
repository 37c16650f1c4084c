//! How numbers and ranges read in generated row labels and in messages: "+1, +2", "2-6",
//! "-1 to 2".

/// "+4", "-3", "0".
pub(super) fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// "5", "2-6", "-1 to 2".
pub(super) fn span_text(min: i64, max: i64) -> String {
    if min == max {
        min.to_string()
    } else if min >= 0 {
        format!("{min}-{max}")
    } else {
        format!("{min} to {max}")
    }
}

/// Rulebook-style label for a differential row: "0", "+1, +2", "+5 or more".
pub(super) fn differential_label(min: i64, max: Option<i64>) -> String {
    match max {
        None => format!("{} or more", signed(min)),
        Some(max) if max == min => signed(min),
        Some(max) if max == min + 1 => format!("{}, {}", signed(min), signed(max)),
        Some(max) => format!("{} to {}", signed(min), signed(max)),
    }
}
