//! Cups of chits or blocks, drawn without replacement from the session's generator.
//!
//! The log records the cup's contents before each draw, so anyone can check that the chit drawn was
//! in the cup and re-derive which one the generator picked.

use super::roller::{Seed, draw_below};
use serde::{Deserialize, Serialize};

/// A named cup and what is in it, in a fixed order (the order matters for re-deriving a draw).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Cup {
    pub name: String,
    pub chits: Vec<String>,
}

/// One draw: what was in the cup, which draw index the generator used, and what came out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupDraw {
    pub cup: String,
    pub contents_before: Vec<String>,
    pub draw_index: u64,
    pub drawn: String,
}

impl Cup {
    pub fn new(name: &str, chits: impl IntoIterator<Item = impl Into<String>>) -> Cup {
        Cup {
            name: name.to_string(),
            chits: chits.into_iter().map(Into::into).collect(),
        }
    }

    /// Draws one chit with draw number `draw_index`, removing it from the cup.
    /// An empty cup draws nothing.
    pub fn draw(&mut self, seed: Seed, draw_index: u64) -> Option<CupDraw> {
        if self.chits.is_empty() {
            return None;
        }
        let contents_before = self.chits.clone();
        let position = draw_below(seed, draw_index, self.chits.len() as u32) as usize;
        let drawn = self.chits.remove(position);
        Some(CupDraw {
            cup: self.name.clone(),
            contents_before,
            draw_index,
            drawn,
        })
    }
}

impl CupDraw {
    /// Whether the generator, given the seed, picks exactly this chit from these contents.
    pub fn rederives(&self, seed: Seed) -> bool {
        if self.contents_before.is_empty() {
            return false;
        }
        let position =
            draw_below(seed, self.draw_index, self.contents_before.len() as u32) as usize;
        self.contents_before.get(position) == Some(&self.drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_without_replacement_until_empty() {
        let mut cup = Cup::new("leaders", ["Ney", "Grouchy", "Soult", "Napoleon"]);
        let seed = Seed(99);
        let mut drawn = Vec::new();
        for index in 0..4 {
            let draw = cup.draw(seed, index).expect("a chit is left");
            assert!(draw.rederives(seed));
            assert!(draw.contents_before.contains(&draw.drawn));
            drawn.push(draw.drawn);
        }
        drawn.sort();
        assert_eq!(drawn, vec!["Grouchy", "Napoleon", "Ney", "Soult"]);
        assert!(cup.draw(seed, 4).is_none());
    }

    #[test]
    fn a_tampered_draw_does_not_rederive() {
        let mut cup = Cup::new("c", ["a", "b", "c"]);
        let mut draw = cup.draw(Seed(5), 0).expect("full cup");
        let other = draw
            .contents_before
            .iter()
            .find(|c| **c != draw.drawn)
            .cloned()
            .expect("three chits");
        draw.drawn = other;
        assert!(!draw.rederives(Seed(5)));
    }
}
