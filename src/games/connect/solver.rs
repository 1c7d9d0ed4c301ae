//! The exact value of a Connect N position, after Pascal Pons' solver:
//! negamax alpha-beta over the bitboards, a transposition table of lower
//! and upper bounds, moves ordered by the winning cells they make (centre
//! columns first among equals), never a move that lets the opponent
//! connect next, and the score found by null-window searches that narrow
//! its interval.
//!
//! **Score** of a position for the side to move: `0` for a draw;
//! `(W*H + 1 - p) / 2` when the side to move wins, p being the discs on the
//! board before its winning disc, with perfect play (the winner wins as
//! soon as it can, the loser loses as late as it can); the negative of the
//! opponent's when it loses. On 7 x 6 this is Pons' score.
//!
//! ```
//! use antichess::games::connect::{moves::play_sequence, Shape, Solver};
//! let mut solver = Solver::new(Shape::CONNECT_FOUR, 16);
//! let p = play_sequence(Shape::CONNECT_FOUR, "4455").unwrap();
//! assert_eq!(solver.solve(&p), 18);
//! assert_eq!(solver.solve_weak(&p), 1);
//! ```

use std::time::{Duration, Instant};

use super::book::Book;
use super::node::{Board, Node};
use super::table::{BoundTable, LOWER, UPPER};
use super::word::Word;
use super::{Position, Shape};

/// The score of a position for the side to move (see the module).
pub type Score = i32;

/// A solver for one ruleset, with its table.
pub struct Solver {
    shape: Shape,
    table: BoundTable,
    /// Columns from the centre outwards.
    order: Vec<u32>,
    nodes: u64,
    /// When a limited search must give up.
    deadline: Option<Instant>,
    /// Set once the deadline has passed: every result since is void.
    aborted: bool,
    /// Known wins of the side to move ([`Solver::with_book`]).
    book: Option<&'static Book>,
    /// Told how a long solve is going ([`Solver::with_progress`]).
    progress: Option<Progress>,
    /// The solve under way.
    under: Option<Under>,
}

/// How a solve is going: the bounds its score is known to lie within, the
/// nodes searched and the time since it began.
pub type Progress = Box<dyn FnMut(Score, Score, u64, Duration) + Send>;

/// How often a long solve is reported.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// Where a solve stands, for its progress reports.
struct Under {
    started: Instant,
    reported: Instant,
    window: (Score, Score),
}

impl Solver {
    /// A solver for `shape` with a table of about `hash_mb` MB.
    pub fn new(shape: Shape, hash_mb: usize) -> Solver {
        let w = shape.width as i32;
        let mut order: Vec<u32> = (0..shape.width).collect();
        // Centre first; of two columns as near, the left one.
        order.sort_by_key(|&c| ((2 * c as i32 - (w - 1)).abs(), c));
        Solver {
            shape,
            table: BoundTable::new(hash_mb),
            order,
            nodes: 0,
            deadline: None,
            aborted: false,
            book: None,
            progress: None,
            under: None,
        }
    }

    /// This solver, taking the wins `book` knows (positions where the
    /// side to move wins with the book's column) as a bound to start from:
    /// a weak solve of such a position needs no search, and an exact one
    /// searches only among wins.
    pub fn with_book(mut self, book: Option<&'static Book>) -> Solver {
        self.book = book;
        self
    }

    /// This solver, telling `progress` about every solve that runs past a
    /// second, once a second.
    pub fn with_progress(mut self, progress: Progress) -> Solver {
        self.progress = Some(progress);
        self
    }

    /// Columns from the centre outwards (the order moves are tried in
    /// among equals).
    pub fn column_order(&self) -> &[u32] {
        &self.order
    }

    /// [`Solver::best_columns`], given up at `deadline`: `None` when the
    /// position could not be solved in time (what the table learnt is
    /// kept: a later try goes further).
    pub fn best_columns_by(
        &mut self,
        pos: &Position,
        deadline: Instant,
    ) -> Option<(Score, Vec<u32>)> {
        self.by(deadline, |s| s.best_columns(pos))
    }

    /// `work` done, given up at `deadline`: `None` when it was not done in
    /// time.
    fn by<T>(&mut self, deadline: Instant, work: impl FnOnce(&mut Solver) -> T) -> Option<T> {
        self.deadline = Some(deadline);
        self.aborted = false;
        let result = work(self);
        self.deadline = None;
        let aborted = std::mem::take(&mut self.aborted);
        (!aborted).then_some(result)
    }

    /// [`Solver::solve`], given up at `deadline`: `None` when the position
    /// could not be solved in time.
    pub fn solve_by(&mut self, pos: &Position, deadline: Instant) -> Option<Score> {
        self.by(deadline, |s| s.solve(pos))
    }

    /// Whether the score of `pos` (a game not over) is at least `score`,
    /// if one null-window search tells before `deadline`. Far cheaper than
    /// the exact score when `score` is far from it: a quick win asked of
    /// the side to move (or a quick loss ruled out) is looked for only
    /// as deep as it could be.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use antichess::games::connect::{moves::play_sequence, Shape, Solver};
    /// let mut solver = Solver::new(Shape::CONNECT_FOUR, 16);
    /// let p = play_sequence(Shape::CONNECT_FOUR, "4455").unwrap();
    /// let deadline = Instant::now() + Duration::from_secs(60);
    /// assert_eq!(solver.at_least_by(&p, 18, deadline), Some(true));
    /// assert_eq!(solver.at_least_by(&p, 19, deadline), Some(false));
    /// ```
    pub fn at_least_by(&mut self, pos: &Position, score: Score, deadline: Instant) -> Option<bool> {
        self.by(deadline, |s| {
            if pos.can_connect_now() {
                s.win_now(pos) >= score
            } else {
                s.search(pos, score - 1, score) >= score
            }
        })
    }

    /// Whether the position is won (`1`), drawn (`0`) or lost (`-1`),
    /// and the first column, centre first, that keeps that result, if the
    /// weak solver finds them before `deadline`: cheaper than
    /// [`Solver::best_columns_by`], which also finds the quickest win.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use antichess::games::connect::{Position, Shape, Solver};
    /// let shape = Shape::from_name("connect-3-5-4").unwrap();
    /// let mut solver = Solver::new(shape, 4);
    /// let deadline = Instant::now() + Duration::from_secs(60);
    /// assert_eq!(solver.keeping_column_by(&Position::new(shape), deadline), Some((1, 2)));
    /// ```
    pub fn keeping_column_by(&mut self, pos: &Position, deadline: Instant) -> Option<(Score, u32)> {
        self.by(deadline, |s| {
            let mut best: Option<(Score, u32)> = None;
            for c in s.order.clone() {
                if pos.landing_row(c).is_none() {
                    continue;
                }
                let child = pos.play(c);
                let score = if child.has_line(pos.turn()) {
                    1
                } else if child.is_full() {
                    0
                } else {
                    -s.solve_weak(&child)
                };
                if s.aborted {
                    break;
                }
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, c));
                }
                if score == 1 {
                    break;
                }
            }
            best
        })
        .flatten()
    }

    /// The ruleset.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Positions searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets what the table holds.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The score of a position whose game is not over (see the module).
    pub fn solve(&mut self, pos: &Position) -> Score {
        self.solve_within(pos, false)
    }

    /// Only the sign of the score: `1` a win, `0` a draw, `-1` a loss.
    pub fn solve_weak(&mut self, pos: &Position) -> Score {
        self.solve_within(pos, true).signum()
    }

    /// The score the side to move gets by playing each column, left to
    /// right (`None` for a full column): the win for a connecting move,
    /// `0` for a move that fills the board, otherwise minus the score of
    /// the position it leaves (or only its sign, when `weak`).
    pub fn analyze(&mut self, pos: &Position, weak: bool) -> Vec<Option<Score>> {
        (0..self.shape.width)
            .map(|c| {
                pos.landing_row(c)?;
                let child = pos.play(c);
                Some(if child.has_line(pos.turn()) {
                    if weak { 1 } else { self.win_now(pos) }
                } else if child.is_full() {
                    0
                } else if weak {
                    -self.solve_weak(&child)
                } else {
                    -self.solve(&child)
                })
            })
            .collect()
    }

    /// The position's score and the columns that keep it, left to right:
    /// each move is tested with one null-window search (is its score at
    /// least the best?), far cheaper than its exact score.
    ///
    /// ```
    /// use antichess::games::connect::{Position, Shape, Solver};
    /// let shape = Shape::from_name("connect-3-5-4").unwrap();
    /// let mut solver = Solver::new(shape, 4);
    /// assert_eq!(solver.best_columns(&Position::new(shape)), (6, vec![1, 2, 3]));
    /// ```
    pub fn best_columns(&mut self, pos: &Position) -> (Score, Vec<u32>) {
        let best = self.solve(pos);
        let columns = (0..self.shape.width)
            .filter(|&c| {
                if pos.landing_row(c).is_none() {
                    return false;
                }
                let child = pos.play(c);
                let score = if child.has_line(pos.turn()) {
                    self.win_now(pos)
                } else if child.is_full() {
                    0
                } else if child.can_connect_now() {
                    -self.win_now(&child)
                } else {
                    // The move keeps the score when the position it leaves
                    // is worth at most -best to the opponent.
                    return self.search(&child, -best, -best + 1) <= -best;
                };
                score >= best
            })
            .collect();
        (best, columns)
    }

    /// The score of the side to move connecting with its next disc.
    fn win_now(&self, pos: &Position) -> Score {
        (self.shape.cells() as Score + 1 - pos.moves() as Score) / 2
    }

    fn solve_within(&mut self, pos: &Position, weak: bool) -> Score {
        let cells = self.shape.cells() as Score;
        let moves = pos.moves() as Score;
        if pos.can_connect_now() {
            return self.win_now(pos);
        }
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
        };
        if self.book.is_some_and(|b| b.column(pos).is_some()) {
            min = min.max(1);
        }
        let now = Instant::now();
        self.under = Some(Under {
            started: now,
            reported: now,
            window: (min, max),
        });
        while min < max {
            if let Some(under) = &mut self.under {
                under.window = (min, max);
            }
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.search(pos, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
            self.report(false);
        }
        self.report(true);
        self.under = None;
        min
    }

    /// Tells the progress callback where the solve stands, if a second has
    /// passed since it was last told (and since the solve began); `done`:
    /// at the end of a solve that was reported.
    fn report(&mut self, done: bool) {
        let (Some(under), Some(progress)) = (&mut self.under, &mut self.progress) else {
            return;
        };
        let now = Instant::now();
        let due = now.duration_since(under.reported) >= PROGRESS_EVERY;
        let long = now.duration_since(under.started) >= PROGRESS_EVERY;
        if long && (due || done) {
            under.reported = now;
            let (min, max) = under.window;
            progress(min, max, self.nodes, now.duration_since(under.started));
        }
    }

    /// The score of `pos` (the side to move cannot connect at once) if it
    /// lies within (alpha, beta); otherwise a bound on the side it fell.
    /// The search runs on `u64` words where the board fits, else `u128`.
    fn search(&mut self, pos: &Position, alpha: Score, beta: Score) -> Score {
        let shape = pos.shape();
        if shape.width * (shape.height + 1) <= u64::BITS {
            let (board, node) = Board::<u64>::of(pos, &self.order);
            self.negamax(&board, node, alpha, beta)
        } else {
            let (board, node) = Board::<u128>::of(pos, &self.order);
            self.negamax(&board, node, alpha, beta)
        }
    }

    /// [`Solver::search`] in the word `W`.
    fn negamax<W: Word>(
        &mut self,
        board: &Board<W>,
        node: Node<W>,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.nodes += 1;
        if self.aborted {
            return 0;
        }
        if self.nodes & 0xF_FFFF == 0 {
            self.report(false);
        }
        if self.nodes & 4095 == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.aborted = true;
            return 0;
        }
        let cells = board.cells;
        let moves = node.moves;
        let next = board.non_losing(&node);
        if next == W::ZERO {
            return -(cells - moves) / 2;
        }
        if moves >= cells - 2 {
            return 0;
        }
        let min = -(cells - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (cells - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let slot = self.table.slot(board.table_key(&node));
        let before = self.nodes;
        match self.table.get(&slot) {
            Some((UPPER, v)) if v < beta => {
                beta = v;
                if alpha >= beta {
                    return beta;
                }
            }
            Some((LOWER, v)) if v > alpha => {
                alpha = v;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }
        // Moves by the winning cells they make, centre first among equals
        // (an insertion sort keeps that order for ties).
        let mut ordered = [(0u32, W::ZERO); 10];
        let mut count = 0;
        for &column in board.ordered_columns() {
            let cell = next & column;
            if cell == W::ZERO {
                continue;
            }
            let child = Board::play(&node, cell);
            // Its bound fetched now, ready when it is searched.
            self.table
                .prefetch(&self.table.slot(board.table_key(&child)));
            let threats = board.threats_made(&child);
            let mut i = count;
            while i > 0 && ordered[i - 1].0 < threats {
                ordered[i] = ordered[i - 1];
                i -= 1;
            }
            ordered[i] = (threats, cell);
            count += 1;
        }
        for &(_, cell) in &ordered[..count] {
            let score = -self.negamax(board, Board::play(&node, cell), -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.table.put(&slot, LOWER, score, self.nodes - before);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(&slot, UPPER, alpha, self.nodes - before);
        alpha
    }
}
