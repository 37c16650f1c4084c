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

/// Label for a band of a signed difference: "-3 or less", "-2 to +2", "0", "+3 or more", "any".
pub(super) fn difference_label(min: Option<i64>, max: Option<i64>) -> String {
    match (min, max) {
        (None, None) => "any".to_string(),
        (None, Some(max)) => format!("{} or less", signed(max)),
        (Some(min), max) => differential_label(min, max),
    }
}

/// "difference +2", "differences -1 to +2".
pub(super) fn differences_text(min: i64, max: i64) -> String {
    if min == max {
        format!("difference {}", signed(min))
    } else {
        format!("differences {} to {}", signed(min), signed(max))
    }
}
