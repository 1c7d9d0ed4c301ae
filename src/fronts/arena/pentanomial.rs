//! Results by pairs of games (the same opening, colours swapped), as
//! fishtest and OpenBench report them: how many pairs the first program
//! scored 0, 1/2, 1, 3/2 and 2 points in. Pairs cancel most of what the
//! opening gives one colour, so they spread less than single games.

use std::collections::BTreeMap;

/// Pairs by the first program's points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs in which the first program scored 0, 1/2, 1, 3/2 and 2.
    pub counts: [u32; 5],
    /// Pairs with one game in so far: the first program's half points.
    open: BTreeMap<u32, u32>,
}

impl Pentanomial {
    /// Game `index` (pair `index / 2`) is in, in which the first program
    /// scored `half_points` (0 lost, 1 drawn, 2 won).
    pub fn add(&mut self, index: u32, half_points: u32) {
        let pair = index / 2;
        match self.open.remove(&pair) {
            Some(other) => self.counts[(other + half_points).min(4) as usize] += 1,
            None => {
                self.open.insert(pair, half_points);
            }
        }
    }

    /// Complete pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The counts as the report writes them: `0 1 4 2 1`.
    pub fn text(&self) -> String {
        let words: Vec<String> = self.counts.iter().map(u32::to_string).collect();
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_counts_once_both_games_are_in() {
        let mut p = Pentanomial::default();
        p.add(3, 2);
        assert_eq!(p.pairs(), 0);
        p.add(0, 1);
        p.add(2, 0);
        assert_eq!(p.counts, [0, 0, 1, 0, 0]);
        p.add(1, 1);
        assert_eq!(p.counts, [0, 0, 2, 0, 0]);
        p.add(4, 2);
        p.add(5, 2);
        assert_eq!(p.text(), "0 0 2 0 1");
    }
}
