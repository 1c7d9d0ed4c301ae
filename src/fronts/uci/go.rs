//! The `go` command: its words read into a [`Go`], and the limits of the
//! search it asks for.

use std::time::Duration;

use shakmaty::ByColor;

use crate::engines::search::{Limits, time};
use crate::rules::chess::{Color, Move, Position, notation};

/// What a `go` command asks for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// `wtime`, `btime`.
    pub clock: ByColor<Option<i64>>,
    /// `winc`, `binc`.
    pub increment: ByColor<i64>,
    /// `movestogo`.
    pub moves_to_go: Option<i64>,
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate N`: a mate in at most N moves is looked for.
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves`: the root moves to search (all when empty).
    pub search_moves: Vec<Move>,
    /// Not a word of the command: whether the position occurred earlier in
    /// the game (set from `position`), which cuts its time.
    pub revisited: bool,
}

/// The words `go` takes, so that `searchmoves` knows where its list ends.
const KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

impl Go {
    /// Reads the words after `go` in `pos`; a word it does not know, a
    /// number that is not one, or a move that is not legal is said in
    /// the error list and passed over.
    pub fn read(words: &[&str], pos: &Position) -> (Go, Vec<String>) {
        let mut go = Go::default();
        let mut errors = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            i += 1;
            match word {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    while i < words.len() && !KEYWORDS.contains(&words[i]) {
                        match notation::find_uci(pos, words[i]) {
                            Some(m) => go.search_moves.push(m),
                            None => errors.push(format!("searchmoves: illegal move {}", words[i])),
                        }
                        i += 1;
                    }
                }
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
                | "movetime" => {
                    let Some(value) = words.get(i).and_then(|v| v.parse::<i64>().ok()) else {
                        errors.push(format!("{word} needs a whole number"));
                        continue;
                    };
                    i += 1;
                    let positive = value.max(1);
                    match word {
                        "wtime" => go.clock.white = Some(value),
                        "btime" => go.clock.black = Some(value),
                        "winc" => go.increment.white = value.max(0),
                        "binc" => go.increment.black = value.max(0),
                        "movestogo" => go.moves_to_go = Some(positive),
                        "depth" => go.depth = Some(positive.min(64) as u32),
                        "nodes" => go.nodes = Some(positive as u64),
                        "mate" => go.mate = Some(positive.min(100) as u32),
                        _ => go.movetime = Some(Duration::from_millis(positive as u64)),
                    }
                }
                other => errors.push(format!("go: unknown word {other}")),
            }
        }
        (go, errors)
    }

    /// Whether the search waits for `stop` (or `ponderhit`) before its
    /// `bestmove`.
    pub fn waits(&self) -> bool {
        self.infinite || self.ponder
    }

    /// The search's limits. A mate search goes no deeper than the mate
    /// asked for needs (two plies a move, and a little more to see it
    /// through the reductions); time counts only once pondering is over.
    pub fn limits(&self, turn: Color) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            ..Limits::default()
        };
        if let Some(n) = self.mate {
            let plies = 2 * n + 2;
            limits.depth = Some(limits.depth.map_or(plies, |d| d.min(plies)));
        }
        if self.waits() {
            return limits;
        }
        let limits = limits.with_time(self.budget(turn));
        if self.revisited {
            limits.revisited()
        } else {
            limits
        }
    }

    /// The time this move may take, if the command limits it.
    pub fn budget(&self, turn: Color) -> Option<time::TimeBudget> {
        match (*self.clock.get(turn), self.movetime) {
            (Some(remaining), _) => Some(time::budget_with_increment(
                remaining,
                *self.increment.get(turn),
                self.moves_to_go,
                self.movetime,
            )),
            (None, Some(t)) => Some(time::TimeBudget {
                soft: t,
                hard: t,
                scalable: false,
            }),
            (None, None) => None,
        }
    }
}

impl Limits {
    /// These limits with `budget`'s time, if any.
    fn with_time(self, budget: Option<time::TimeBudget>) -> Limits {
        match budget {
            Some(b) => self.with_budget(b),
            None => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    #[test]
    fn searchmoves_end_at_the_next_keyword() {
        let pos = Position::new(Ruleset::CHESS);
        let words = [
            "searchmoves",
            "e2e4",
            "d2d4",
            "e2e5",
            "depth",
            "3",
            "mate",
            "x",
        ];
        let (go, errors) = Go::read(&words, &pos);
        let moves: Vec<String> = go.search_moves.iter().map(|&m| notation::uci(m)).collect();
        assert_eq!(moves, ["e2e4", "d2d4"]);
        assert_eq!(go.depth, Some(3));
        assert_eq!(
            errors,
            [
                "searchmoves: illegal move e2e5",
                "mate needs a whole number",
                "go: unknown word x"
            ]
        );
    }

    #[test]
    fn a_mate_search_is_bounded_by_its_depth_and_ponder_by_nothing() {
        let pos = Position::new(Ruleset::CHESS);
        let (go, _) = Go::read(&["mate", "3"], &pos);
        assert_eq!(go.limits(Color::White).depth, Some(8));
        let (go, _) = Go::read(&["ponder", "wtime", "1000", "btime", "1000"], &pos);
        let limits = go.limits(Color::White);
        assert_eq!((limits.soft_time, limits.hard_time), (None, None));
        assert!(go.budget(Color::White).is_some());
    }
}
