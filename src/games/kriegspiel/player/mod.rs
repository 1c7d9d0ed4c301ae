//! The computer player. It is built from a [`PlayerView`] and changed only
//! by what a player in its seat learns: the answers to its own attempts
//! and the umpire's announcements. No function here takes the umpire's
//! board; the search player's boards are its own guesses
//! ([`belief::Belief`]).
//!
//! Three strategies: `random` (the possible attempts in a seeded random
//! order), `heuristic` (attempts ordered by simple rules, see
//! [`heuristic`]) and `search` (a belief of sampled boards, each attempt
//! scored by the engine on every board).

pub mod belief;
pub mod heuristic;
mod hunt;
mod search;

use crate::engines::search::time::attempt_share;
use std::time::Duration;

use super::announcement::Announcement;
use super::tokens::Tokens;
use super::umpire::Attempt;
use super::view::PlayerView;
use crate::rules::chess::{Color, Role};
use crate::sys::rng::Xorshift;
use belief::Belief;

/// How the computer chooses its attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// A belief over sampled boards, searched with the engine (the default).
    Search,
    /// Simple ordering rules.
    Heuristic,
    /// A seeded random order (a baseline).
    Random,
}

impl Strategy {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Search => "search",
            Strategy::Heuristic => "heuristic",
            Strategy::Random => "random",
        }
    }
}

/// A computer player for one game.
pub struct Player {
    view: PlayerView,
    tokens: Tokens,
    strategy: Strategy,
    rng: Xorshift,
    belief: Belief,
    engine: search::Scorer,
    /// The attempt sent and not yet answered.
    pending: Option<Attempt>,
    /// The clock at the start of this turn's thinking, and when that was.
    clock: Option<(Duration, std::time::Instant)>,
    /// The random strategy's order for this turn.
    order: Vec<Attempt>,
    /// The placements of the own pieces since the last capture or pawn
    /// move (as keys), to avoid going round in circles.
    placements: Vec<u64>,
}

/// Below this much time left, the player looks at one board only.
const LAST_MOMENTS: Duration = Duration::from_millis(300);

/// A key for the placement of the own pieces.
fn placement(view: &PlayerView) -> u64 {
    let own = view.own();
    own.occupied()
        .into_iter()
        .map(|sq| {
            let role = own.role_at(sq).map_or(0, |r| r as u64);
            (sq as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ role.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        })
        .fold(0u64, |acc, k| acc.rotate_left(7) ^ k)
}

impl Player {
    /// A player of `color` from the standard position.
    pub fn new(color: Color, strategy: Strategy, seed: u64) -> Player {
        Player {
            view: PlayerView::new(color),
            tokens: Tokens::new(),
            strategy,
            rng: Xorshift::new(seed),
            belief: Belief::new(seed),
            engine: search::Scorer::new(),
            pending: None,
            clock: None,
            order: Vec::new(),
            placements: Vec::new(),
        }
    }

    /// What the player knows.
    pub fn view(&self) -> &PlayerView {
        &self.view
    }

    /// The player's guess tokens.
    pub fn tokens(&self) -> &Tokens {
        &self.tokens
    }

    /// The player's belief (its sampled boards).
    pub fn belief(&self) -> &Belief {
        &self.belief
    }

    /// The attempts the player may still try this turn: the possible ones
    /// not refused yet.
    fn candidates(&self) -> Vec<Attempt> {
        let refused = self.view.refused_this_turn();
        self.view
            .possible_attempts()
            .into_iter()
            .filter(|a| !refused.contains(a))
            .collect()
    }

    /// The next attempt of this turn. `remaining` is the player's clock
    /// (`None`: unlimited); the player spends a share of it.
    pub fn attempt(&mut self, remaining: Option<Duration>) -> Option<Attempt> {
        self.clock = remaining.map(|r| (r, std::time::Instant::now()));
        // Without a clock the work is fixed, so the same seed and the same
        // observations give the same attempts on any machine. With one, a
        // share of what is left, and fewer boards as it runs low (each
        // update of the belief costs about 0.1 ms a board).
        let budget = match remaining {
            None => search::Effort::Boards(search::UNTIMED_BOARDS),
            Some(left) => {
                let ms = usize::try_from(left.as_millis()).unwrap_or(usize::MAX);
                self.belief.set_capacity(ms / 25);
                if left < LAST_MOMENTS {
                    search::Effort::Boards(1)
                } else {
                    search::Effort::Time(attempt_share(left))
                }
            }
        };
        let mut candidates = self.candidates();
        let chosen = match self.strategy {
            Strategy::Random => {
                if self.order.is_empty() || self.view.refused_this_turn().is_empty() {
                    self.order = candidates.clone();
                    self.rng.shuffle(&mut self.order);
                }
                let refused = self.view.refused_this_turn();
                self.order.iter().copied().find(|a| !refused.contains(a))
            }
            Strategy::Heuristic => {
                self.rng.shuffle(&mut candidates);
                candidates.retain(|a| a.promotion.is_none_or(|r| r == Role::Queen));
                heuristic::order(&self.view, &self.tokens, &mut candidates);
                candidates.first().copied()
            }
            Strategy::Search => {
                self.rng.shuffle(&mut candidates);
                candidates.retain(|a| {
                    a.promotion
                        .is_none_or(|r| r == Role::Queen || r == Role::Knight)
                });
                heuristic::order(&self.view, &self.tokens, &mut candidates);
                let repeats: Vec<bool> = candidates
                    .iter()
                    .map(|&a| {
                        let mut after = self.view.clone();
                        after.own_move(a);
                        self.placements.contains(&placement(&after))
                    })
                    .collect();
                self.engine.choose(
                    &self.view,
                    &self.belief,
                    &candidates,
                    &repeats,
                    budget,
                    &mut self.rng,
                )
            }
        };
        self.pending = chosen;
        chosen
    }

    /// The clock left, as last given, less the time since (for the next
    /// attempt of a turn).
    pub fn remaining(&self) -> Option<Duration> {
        self.clock.map(|(r, at)| r.saturating_sub(at.elapsed()))
    }

    /// The player's seat tried `attempt` (chosen elsewhere, or replayed):
    /// the umpire's answer that follows is to it.
    pub fn tried(&mut self, attempt: Attempt) {
        self.pending = Some(attempt);
    }

    /// The umpire refused the last attempt.
    pub fn refused(&mut self) {
        if let Some(a) = self.pending.take() {
            self.view.refused(a);
            if self.strategy == Strategy::Search {
                self.belief.refused(a);
            }
        }
    }

    /// A public announcement: of the player's own move just made (its
    /// pending attempt was legal), or of the opponent's.
    pub fn heard(&mut self, heard: &Announcement) {
        let own = self.view.turn() == self.view.color() && !self.view.is_over();
        match self.pending.take().filter(|_| own) {
            Some(a) => {
                let before = self.view.clone();
                self.view.own_move(a);
                let irreversible =
                    before.own().role_at(a.from) == Some(Role::Pawn) || heard.capture.is_some();
                if irreversible {
                    self.placements.clear();
                }
                self.view.announcement(heard);
                self.tokens.turn_ends(&before, &self.view, a, heard);
                if self.strategy == Strategy::Search {
                    self.belief.own_move(a, heard, &self.view);
                    self.placements.push(placement(&self.view));
                }
            }
            None => {
                if heard.capture.is_some() {
                    self.placements.clear();
                }
                self.view.announcement(heard);
                self.tokens.turn_starts(&self.view, heard);
                if self.strategy == Strategy::Search && !self.view.is_over() {
                    self.belief.opponent_moved(heard, &self.view);
                }
            }
        }
        if self.strategy == Strategy::Search {
            self.belief.find_king(&self.view);
        }
        self.order.clear();
    }
}
