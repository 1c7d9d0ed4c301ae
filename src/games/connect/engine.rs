//! The computer player for Connect N: perfect play where the solver
//! finishes in time, a threat-counting search where it does not.
//!
//! A move is chosen so:
//! 1. a move that connects at once is played; the opening book's move
//!    (7 x 6) where it has one, after the next rule;
//! 2. only moves that do not let the opponent connect next are considered
//!    (a forced block is the only one; with two threats, any move loses);
//! 3. the solver gets half of the time: if it finishes, the move is one
//!    that keeps the position's exact score (centre first among them);
//!    otherwise the weak solver gets a quarter more: if it finishes, the
//!    move keeps the result (win, draw or loss), if not the quickest win;
//! 4. otherwise iterative-deepening alpha-beta over the non-losing moves,
//!    with the solver's ordering, evaluates the leaves by threats (cells
//!    where a disc would connect; White's count more on odd rows, Black's
//!    on even rows: with the board filling up, those are the ones that
//!    stand, as Victor Allis showed) and by discs in the centre.
//!
//! ```
//! use std::time::Duration;
//! use antichess::games::connect::{moves::play_sequence, Computer, Shape};
//! let mut engine = Computer::new(Shape::CONNECT_FOUR, 16);
//! // White threatens c1 and g1 with d1 e1 f1: Black blocks one, and loses.
//! let p = play_sequence(Shape::CONNECT_FOUR, "dafbe").unwrap();
//! let choice = engine.choose(&p, Duration::from_millis(200));
//! assert!(choice.column == 2 || choice.column == 6);
//! ```

use std::time::{Duration, Instant};

use super::book::Book;
use super::{Position, Score, Shape, Solver};

/// What the engine chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The column to play.
    pub column: u32,
    /// The exact score of the position, when the solver finished.
    pub exact: Option<Score>,
    /// Whether the position is won (`1`), drawn (`0`) or lost (`-1`), when
    /// the solver finished (its exact score, or the weak solver's answer
    /// alone); the move keeps that result.
    pub outcome: Option<Score>,
    /// The depth of the heuristic search (0 when the move came from the
    /// rules or the solver).
    pub depth: u32,
}

/// The engine, with the solver's table kept between moves.
pub struct Computer {
    solver: Solver,
    book: Option<&'static Book>,
    hash_mb: usize,
}

/// Scores of the heuristic search: a known win or loss is beyond any
/// evaluation.
const WIN: i32 = 1_000_000;

impl Computer {
    /// An engine for `shape` with a table of about `hash_mb` MB.
    pub fn new(shape: Shape, hash_mb: usize) -> Computer {
        Computer {
            solver: Solver::new(shape, hash_mb),
            book: Book::for_shape(shape),
            hash_mb,
        }
    }

    /// The table size it was made with, in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The ruleset.
    pub fn shape(&self) -> Shape {
        self.solver.shape()
    }

    /// Forgets what the table holds (a new game).
    pub fn clear(&mut self) {
        self.solver.clear();
    }

    /// The move for the side to move of a position whose game is not over,
    /// within about `time`.
    pub fn choose(&mut self, pos: &Position, time: Duration) -> Pick {
        let start = Instant::now();
        let safe = match self.by_rules(pos) {
            Ok(choice) => return choice,
            Err(safe) => safe,
        };
        if let Some(choice) = self.book_move(pos) {
            return choice;
        }
        if let Some((score, best)) = self.solver.best_columns_by(pos, start + time / 2) {
            // Of the best columns, the one nearest the centre.
            let order = self.solver.column_order();
            if let Some(&column) = order.iter().find(|c| best.contains(c)) {
                return Pick {
                    column,
                    exact: Some(score),
                    outcome: Some(score.signum()),
                    depth: 0,
                };
            }
        }
        // The weak solver, to three quarters of the time: a move that
        // keeps the result, if not the quickest win.
        if let Some((outcome, column)) = self.solver.keeping_column_by(pos, start + time * 3 / 4) {
            return Pick {
                column,
                exact: None,
                outcome: Some(outcome),
                depth: 0,
            };
        }
        let max_depth = pos.shape().cells() - pos.moves();
        self.search(pos, &safe, start + time, max_depth)
    }

    /// The move for a game's turn, as the TextUI and `play` ask for it: a
    /// fixed `depth` with no clock and no move time searches that many
    /// plies (the same move every time); otherwise the move takes the time
    /// budget of the clock (`remaining`, and its `increment` where known)
    /// or of the fixed move time, as the chess and antichess engine's does
    /// ([`crate::engines::search::time::budget_for`]).
    pub fn choose_for_turn(
        &mut self,
        pos: &Position,
        depth: Option<u32>,
        remaining: Option<i64>,
        increment: Option<i64>,
        movetime: Option<Duration>,
    ) -> Pick {
        match depth {
            Some(depth) if remaining.is_none() && movetime.is_none() => {
                self.choose_to_depth(pos, depth)
            }
            _ => {
                let budget = crate::engines::search::time::budget_for(
                    remaining,
                    increment,
                    movetime,
                    pos.moves() / 2,
                );
                self.choose(pos, budget.hard.max(Duration::from_millis(1)))
            }
        }
    }

    /// The move for the side to move after a heuristic search of exactly
    /// `depth` plies (after the rules' own answers, a connecting move or a
    /// forced block, and the opening book's), with no time limit: the same
    /// move every time.
    pub fn choose_to_depth(&mut self, pos: &Position, depth: u32) -> Pick {
        let safe = match self.by_rules(pos) {
            Ok(choice) => return choice,
            Err(safe) => safe,
        };
        if let Some(choice) = self.book_move(pos) {
            return choice;
        }
        let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
        self.search(pos, &safe, far, depth.max(1))
    }

    /// The opening book's move, if it has one.
    fn book_move(&self, pos: &Position) -> Option<Pick> {
        let column = self.book?.column(pos)?;
        Some(Pick {
            column,
            exact: None,
            outcome: None,
            depth: 0,
        })
    }

    /// The move the rules alone choose (a connecting move; the only safe
    /// move; a block when every move loses), or else the safe moves.
    fn by_rules(&self, pos: &Position) -> Result<Pick, Vec<u32>> {
        let rule = |column| Pick {
            column,
            exact: None,
            outcome: None,
            depth: 0,
        };
        let legal: Vec<u32> = self.ordered(pos, pos.playable());
        if let Some(&c) = legal.iter().find(|&&c| pos.wins(c)) {
            return Ok(rule(c));
        }
        let safe = self.ordered(pos, pos.non_losing_moves());
        match safe[..] {
            // Every move loses: block what can be blocked.
            [] => {
                let threats = pos.opponent_winning_cells() & pos.playable();
                let block = legal
                    .iter()
                    .copied()
                    .find(|&c| threats & pos.column_cells(c) != 0);
                Ok(rule(block.unwrap_or(legal[0])))
            }
            [only] => Ok(rule(only)),
            _ => Err(safe),
        }
    }

    /// The columns of `cells` (playable ones) in the solver's order.
    fn ordered(&self, pos: &Position, cells: u128) -> Vec<u32> {
        self.solver
            .column_order()
            .iter()
            .copied()
            .filter(|&c| cells & pos.column_cells(c) != 0)
            .collect()
    }

    /// Iterative deepening over the safe moves, to `max_depth` or until
    /// `deadline`.
    fn search(&mut self, pos: &Position, safe: &[u32], deadline: Instant, max_depth: u32) -> Pick {
        let mut best = Pick {
            column: safe[0],
            exact: None,
            outcome: None,
            depth: 0,
        };
        let mut order = safe.to_vec();
        for depth in 1..=max_depth {
            let mut searcher = Searcher {
                deadline,
                nodes: 0,
                aborted: false,
                order: self.solver.column_order().to_vec(),
                odd_rows: odd_rows(pos.shape()),
            };
            let mut alpha = -WIN - 1;
            let mut scores = Vec::new();
            for &c in &order {
                let score = -searcher.negamax(&pos.play(c), depth - 1, -WIN - 1, -alpha);
                if searcher.aborted {
                    break;
                }
                scores.push((score, c));
                alpha = alpha.max(score);
            }
            if searcher.aborted {
                break;
            }
            // The best first; a stable sort keeps the centre first among
            // equals.
            scores.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            order = scores.iter().map(|&(_, c)| c).collect();
            best = Pick {
                column: order[0],
                exact: None,
                outcome: None,
                depth,
            };
            if scores[0].0.abs() >= WIN - 100 {
                break;
            }
        }
        best
    }
}

/// One depth of the heuristic search.
struct Searcher {
    deadline: Instant,
    nodes: u64,
    aborted: bool,
    order: Vec<u32>,
    /// The cells of the odd rows (1, 3, ...), for the evaluation.
    odd_rows: u128,
}

impl Searcher {
    /// Negamax alpha-beta to `depth`, the side to move unable to connect
    /// at once (the mover before it took care of that).
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && Instant::now() >= self.deadline {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = pos.moves() as i32;
        if pos.can_connect_now() {
            return WIN - moves;
        }
        let next = pos.non_losing_moves();
        if next == 0 {
            return -(WIN - moves - 1);
        }
        if pos.is_full() || pos.moves() + 1 >= pos.shape().cells() {
            return 0;
        }
        if depth == 0 {
            return evaluate(pos, self.odd_rows);
        }
        let mut best = -WIN - 1;
        for i in 0..self.order.len() {
            let c = self.order[i];
            let cell = next & pos.column_cells(c);
            if cell == 0 {
                continue;
            }
            let score = -self.negamax(&pos.play_cell(cell), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The cells on the odd rows (1, 3, ...: bit rows 0, 2, ...) of a board.
fn odd_rows(shape: Shape) -> u128 {
    let stride = shape.height + 1;
    let mut cells = 0u128;
    for c in 0..shape.width {
        for r in (0..shape.height).step_by(2) {
            cells |= 1u128 << (c * stride + r);
        }
    }
    cells
}

/// The side to move's prospects: threats (odd rows count for White, even
/// rows for Black, double) and discs in the centre columns.
fn evaluate(pos: &Position, odd_rows: u128) -> i32 {
    let shape = pos.shape();
    let mine = pos.winning_cells();
    let theirs = pos.opponent_winning_cells();
    let (my_rows, their_rows) = if pos.turn() == crate::rules::chess::Color::White {
        (odd_rows, !odd_rows)
    } else {
        (!odd_rows, odd_rows)
    };
    let threats =
        |cells: u128, good: u128| (cells.count_ones() + (cells & good).count_ones()) as i32 * 8;
    let centre = pos.column_cells(shape.width / 2)
        | if shape.width.is_multiple_of(2) {
            pos.column_cells(shape.width / 2 - 1)
        } else {
            0
        };
    let mine_centre = (pos.discs(pos.turn()) & centre).count_ones() as i32;
    let theirs_centre = (pos.discs(pos.turn().other()) & centre).count_ones() as i32;
    threats(mine, my_rows) - threats(theirs, their_rows) + 3 * (mine_centre - theirs_centre)
}
