//! Cells made of several result codes. A chart may print a combination in one cell ("1BDr": one
//! step lost, a retreat, an automatic Disorder and a Rout check), a result for each side ("1B/d":
//! the attacker's, then the defender's), and codes that carry their own die modifier ("d+1").
//! The table declares the codes once, and how they combine:
//!
//! ```toml
//! compose = { parts = ["Attacker", "Defender"], modified = ["d", "r"] }
//! ```
//!
//! `parts` (optional) names the parts of a cell, separated by "/"; without it a cell has one
//! part. Each part is one or more declared codes written together, read longest code first; a
//! code listed in `modified` may be followed by a signed number. A part with no result is written
//! with a declared code for it, such as "-".

/// How a table's cells combine its codes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Compose {
    /// The names of a cell's parts, in order; empty for a single part.
    pub parts: Vec<String>,
    /// The codes that may carry a die modifier.
    pub modified: Vec<String>,
}

/// What separates the parts of a cell.
pub const PART_SEPARATOR: char = '/';

/// One code of a cell, with its modifier (0 if none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub code: String,
    pub modifier: i32,
}

impl Compose {
    /// How many parts a cell has.
    pub fn part_count(&self) -> usize {
        self.parts.len().max(1)
    }

    /// Reads `cell` into its parts, each a list of codes from `codes`, or says why it cannot.
    pub fn read(&self, cell: &str, codes: &[&str]) -> Result<Vec<Vec<Token>>, String> {
        let parts: Vec<&str> = if self.parts.is_empty() {
            vec![cell]
        } else {
            cell.split(PART_SEPARATOR).collect()
        };
        if parts.len() != self.part_count() {
            return Err(format!(
                "`{cell}` has {} part(s); a cell holds {} separated by \"{PART_SEPARATOR}\" ({})",
                parts.len(),
                self.part_count(),
                self.parts.join(", ")
            ));
        }
        parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                self.read_part(part.trim(), codes)
                    .map_err(|message| match self.parts.get(i) {
                        Some(name) => format!("{name} part of `{cell}`: {message}"),
                        None => format!("`{cell}`: {message}"),
                    })
            })
            .collect()
    }

    fn read_part(&self, part: &str, codes: &[&str]) -> Result<Vec<Token>, String> {
        if part.is_empty() {
            return Err("empty: write the code for no result".into());
        }
        let mut tokens = Vec::new();
        let mut rest = part;
        while !rest.is_empty() {
            let code = codes
                .iter()
                .filter(|code| !code.is_empty() && rest.starts_with(**code))
                .max_by_key(|code| code.len())
                .ok_or_else(|| {
                    format!(
                        "`{rest}` does not start with a result code of this table ({})",
                        codes.join(", ")
                    )
                })?;
            rest = &rest[code.len()..];
            let mut modifier = 0;
            // A modifier is signed ("d+1"), so "d1" stays a check and a step lost.
            if self.modified.iter().any(|m| m == code) && rest.starts_with(['+', '-']) {
                let sign_and_digits = 1 + rest
                    .chars()
                    .skip(1)
                    .take_while(char::is_ascii_digit)
                    .count();
                if sign_and_digits > 1 {
                    let (number, after) = rest.split_at(sign_and_digits);
                    modifier = number
                        .parse()
                        .map_err(|_| format!("`{number}` is not a die modifier"))?;
                    rest = after;
                }
            }
            tokens.push(Token {
                code: (*code).to_string(),
                modifier,
            });
        }
        Ok(tokens)
    }

    /// The parts in words: "Attacker: 1 step lost; Defender: Disorder check +1".
    pub fn describe(&self, parts: &[Vec<Token>], label: &dyn Fn(&str) -> String) -> String {
        parts
            .iter()
            .enumerate()
            .map(|(i, tokens)| {
                let words = tokens
                    .iter()
                    .map(|t| match t.modifier {
                        0 => label(&t.code),
                        m => format!("{} {m:+}", label(&t.code)),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                match self.parts.get(i) {
                    Some(name) => format!("{name}: {words}"),
                    None => words,
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    const CODES: &[&str] = &["1", "2", "B", "D", "d", "R", "r", "-"];

    fn two_sided() -> Compose {
        Compose {
            parts: vec!["Attacker".into(), "Defender".into()],
            modified: vec!["d".into()],
        }
    }

    #[test]
    fn a_cell_reads_into_its_parts_and_codes() {
        let parts = two_sided().read("1BDr/d+1", CODES).unwrap();
        let codes: Vec<&str> = parts[0].iter().map(|t| t.code.as_str()).collect();
        assert_eq!(codes, ["1", "B", "D", "r"]);
        assert_eq!(
            parts[1],
            [Token {
                code: "d".into(),
                modifier: 1
            }]
        );
    }

    #[test]
    fn a_bad_cell_says_why() {
        let compose = two_sided();
        assert!(compose.read("1B", CODES).unwrap_err().contains("1 part(s)"));
        let unknown = compose.read("1X/-", CODES).unwrap_err();
        assert!(
            unknown.contains("Attacker part") && unknown.contains("`X`"),
            "{unknown}"
        );
        assert!(compose.read("/-", CODES).unwrap_err().contains("empty"));
        // Only the codes listed as modified take a number.
        assert!(compose.read("r+1/-", CODES).is_err());
    }

    #[test]
    fn the_longest_code_is_read_first() {
        let compose = Compose::default();
        let parts = compose.read("DRr", &["D", "DR", "r"]).unwrap();
        let codes: Vec<&str> = parts[0].iter().map(|t| t.code.as_str()).collect();
        assert_eq!(codes, ["DR", "r"]);
    }

    #[test]
    fn the_parts_in_words() {
        let compose = two_sided();
        let parts = compose.read("1B/d-2", CODES).unwrap();
        let words = compose.describe(&parts, &|code| format!("<{code}>"));
        assert_eq!(words, "Attacker: <1>, <B>; Defender: <d> -2");
    }
}
