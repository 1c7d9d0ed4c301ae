//! Choosing an attempt by searching the belief's boards (perfect
//! information Monte Carlo): each attempt is scored on every sampled board
//! where it is legal by a one-ply search with quiescence, from the
//! player's side; where it is illegal it scores the board's static value
//! less a small cost (a refusal costs time and gains information). Once the
//! opponent has only king and pawns, each board is judged by the hunt
//! ([`super::hunt`]) instead. An attempt that puts the own pieces back as
//! they stood pays a cost. The attempt with the best sum wins.

use std::time::{Duration, Instant};

use super::super::announcement::Ending;
use super::super::umpire::{Attempt, ending};
use super::super::view::PlayerView;
use super::belief::Belief;
use super::hunt;
use crate::engines::search::Engine;
use crate::engines::search::eval_chess::evaluate;
use crate::rules::chess::{MoveList, Position};
use crate::sys::rng::Xorshift;

/// What a refusal costs, in centipawns.
const REFUSAL_COST: i32 = 25;

/// A mate found on a board.
const MATE: i32 = 20_000;

/// What placing the own pieces as they stood before (since the last
/// capture or pawn move) costs, per board.
const REPEAT_COST: i32 = 150;

/// Ahead by this much, a draw is worse than a loss: a move that draws on
/// one board in fifty is not played if anything else is safe.
const AHEAD: i32 = 300;
const DRAW_WHEN_AHEAD: i32 = 50_000;

/// Scores clamp here, so that one board's mate does not outweigh all the
/// others.
const CLAMP: i32 = 5_000;

/// How much a choice may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// At most this long (at least one board is searched).
    Time(Duration),
    /// Exactly this many boards (or all of them, if fewer).
    Boards(usize),
}

/// Boards searched per choice without a clock.
pub const UNTIMED_BOARDS: usize = 48;

/// The search state the player keeps (a small transposition table).
pub struct Scorer {
    engine: Engine,
}

impl Scorer {
    pub fn new() -> Scorer {
        Scorer {
            engine: Engine::new(4),
        }
    }

    /// The player's score after its move reaches `after`; `ahead` when the
    /// player is well ahead on the board before it (a draw is then as bad
    /// as a loss).
    fn score_after(&mut self, after: &Position, ahead: bool) -> i32 {
        match ending(after, &after.legal_moves()) {
            Some(Ending::Checkmate(_)) => MATE,
            Some(_) if ahead => -DRAW_WHEN_AHEAD,
            Some(_) => 0,
            None => (-self.engine.score_to_depth(after, &[], 1)).clamp(-CLAMP, CLAMP),
        }
    }

    /// The best of `candidates` (in the order given when scores tie), or
    /// `None` when there is none.
    pub fn choose(
        &mut self,
        view: &PlayerView,
        belief: &Belief,
        candidates: &[Attempt],
        repeats: &[bool],
        budget: Effort,
        rng: &mut Xorshift,
    ) -> Option<Attempt> {
        let first = *candidates.first()?;
        let started = Instant::now();
        let mut boards: Vec<&Position> = belief
            .boards()
            .iter()
            .filter(|p| p.turn() == view.color())
            .collect();
        rng.shuffle(&mut boards);
        if boards.is_empty() {
            return Some(first);
        }
        // When the opponent has nothing but its king and pawns, each board
        // is judged by the hunt instead.
        let (_, pieces_taken) = view.taken();
        let hunting = pieces_taken >= 7;
        let mut totals = vec![0i64; candidates.len()];
        let mut seen = 0;
        for board in boards {
            let spent = match budget {
                Effort::Time(limit) => started.elapsed() >= limit,
                Effort::Boards(n) => seen >= n,
            };
            if seen > 0 && spent {
                break;
            }
            seen += 1;
            let moves: MoveList = board.legal_moves();
            if hunting {
                let stay = hunt::value(&board.pass(), view.color()) - REFUSAL_COST;
                for (total, &a) in totals.iter_mut().zip(candidates) {
                    *total += i64::from(match a.find(board, &moves) {
                        Some(m) => hunt::value(&board.play(m), view.color()),
                        None => stay,
                    });
                }
                continue;
            }
            let value = evaluate(board);
            let stay = value.clamp(-CLAMP, CLAMP) - REFUSAL_COST;
            let ahead = value >= AHEAD;
            for (total, &a) in totals.iter_mut().zip(candidates) {
                *total += i64::from(match a.find(board, &moves) {
                    Some(m) => self.score_after(&board.play(m), ahead),
                    None => stay,
                });
            }
        }
        // Placing the own pieces as they stood before goes round in
        // circles.
        for (total, &repeat) in totals.iter_mut().zip(repeats) {
            if repeat {
                *total -= i64::from(REPEAT_COST) * seen as i64;
            }
        }
        let best = (0..candidates.len()).max_by_key(|&i| (totals[i], std::cmp::Reverse(i)))?;
        Some(candidates[best])
    }
}
