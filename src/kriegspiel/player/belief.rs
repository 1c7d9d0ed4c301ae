//! The search player's belief: a sampled set of whole boards consistent
//! with everything the player has seen. Each board is a guess made from
//! the player's own observations only; the true board is never given.
//!
//! After each event the set is refreshed: an opponent's move replaces each
//! board by its children whose announcement is the one heard; a refused
//! attempt keeps the boards where it is illegal; a legal one keeps those
//! where it is legal with the announcement heard. When no board fits, the
//! boards that fit best are kept and made to agree with the own pieces, so
//! the set never empties.

use super::super::announcement::Announcement;
use super::super::umpire::{Attempt, announce, checks, pawn_tries};
use super::super::view::PlayerView;
use crate::rng::Xorshift;
use crate::rules::{Board, Color, Position, Role, Ruleset, Square, castling, check_chess_board};

/// How many boards are kept.
pub const CAPACITY: usize = 192;

/// How far an announcement computed on a guessed board is from the one
/// heard (0: the same).
fn distance(guess: &Announcement, heard: &Announcement) -> u32 {
    let mut d = 0;
    if guess.capture != heard.capture {
        d += 4;
    }
    if guess.checks != heard.checks {
        d += 2;
    }
    if guess.next != heard.next {
        d += if guess.ending() != heard.ending() {
            4
        } else {
            1
        };
    }
    d
}

/// A sampled set of boards.
#[derive(Clone, Debug)]
pub struct Belief {
    boards: Vec<Position>,
    rng: Xorshift,
    /// Whether the last update found boards that fit exactly.
    exact: bool,
    /// Whether the boards are every board that fits (not a sample).
    complete: bool,
}

impl Belief {
    /// The belief at the start: the standard position, known exactly.
    pub fn new(seed: u64) -> Belief {
        Belief {
            boards: vec![Position::new(Ruleset::CHESS)],
            rng: Xorshift::new(seed ^ 0x6b72_6965_6773),
            exact: true,
            complete: true,
        }
    }

    /// The boards.
    pub fn boards(&self) -> &[Position] {
        &self.boards
    }

    /// Whether every board fits every observation so far.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Keeps at most [`CAPACITY`] boards, chosen at random, without
    /// duplicates.
    fn thin(&mut self, mut boards: Vec<Position>) {
        boards.sort_unstable_by_key(Position::hash);
        boards.dedup_by_key(|p| p.hash());
        self.rng.shuffle(&mut boards);
        if boards.len() > CAPACITY {
            self.complete = false;
            boards.truncate(CAPACITY);
        }
        if !boards.is_empty() {
            self.boards = boards;
        }
    }

    /// The opponent moved and `heard` was announced; `view` is the player's
    /// view after hearing it.
    pub fn opponent_moved(&mut self, heard: &Announcement, view: &PlayerView) {
        let mut best = u32::MAX;
        let mut children = Vec::new();
        for p in &self.boards {
            if p.turn() == view.color() {
                continue;
            }
            for m in p.legal_moves() {
                let q = p.play(m);
                let d = distance(&announce(p, m, &q), heard);
                if d < best {
                    best = d;
                    children.clear();
                }
                if d == best {
                    children.push(q);
                }
            }
        }
        self.exact = self.exact && best == 0;
        if children.is_empty() {
            self.exact = false;
            self.repair(view);
            return;
        }
        if best > 0 {
            children = children.iter().filter_map(|q| agree(q, view)).collect();
        }
        self.thin(children);
    }

    /// The player's `attempt` was refused.
    pub fn refused(&mut self, attempt: Attempt) {
        let kept: Vec<Position> = self
            .boards
            .iter()
            .filter(|p| attempt.find(p, &p.legal_moves()).is_none())
            .copied()
            .collect();
        if kept.is_empty() {
            self.exact = false;
        } else {
            self.boards = kept;
        }
    }

    /// The player's `attempt` was legal and `heard` announced; `view` is
    /// the view after both.
    pub fn own_move(&mut self, attempt: Attempt, heard: &Announcement, view: &PlayerView) {
        let mut best = u32::MAX;
        let mut children = Vec::new();
        for p in &self.boards {
            let Some(m) = attempt.find(p, &p.legal_moves()) else {
                continue;
            };
            let q = p.play(m);
            let d = distance(&announce(p, m, &q), heard);
            if d < best {
                best = d;
                children.clear();
            }
            if d == best {
                children.push(q);
            }
        }
        self.exact = self.exact && best == 0;
        if children.is_empty() {
            self.exact = false;
            self.repair(view);
            return;
        }
        if best > 0 {
            children = children.iter().filter_map(|q| agree(q, view)).collect();
        }
        self.thin(children);
    }

    /// When the opponent has nothing but its king left (the player has
    /// taken its other fifteen units), the belief is every square the king
    /// may stand on that fits the last announcement: the boards are then
    /// complete, not sampled, and stay so.
    pub fn lone_king(&mut self, view: &PlayerView) {
        let (pawns, pieces) = view.taken();
        if pawns + pieces < 15 || view.is_over() {
            return;
        }
        let them = view.color().other();
        let complete = self.complete
            && self.exact
            && self
                .boards
                .iter()
                .all(|p| p.board().by_color(them).count() == 1 && p.turn() == view.turn());
        if complete {
            return;
        }
        let heard = view.last_announcement();
        let mut boards = Vec::new();
        for sq in Square::ALL {
            if view.own().occupied().contains(sq) {
                continue;
            }
            let mut board = *view.own();
            board.set(sq, them, Role::King);
            if check_chess_board(&board, view.turn()).is_err() {
                continue;
            }
            let rights = own_rights(view);
            let p = Position::from_parts(board, view.turn(), rights, None, Ruleset::CHESS);
            let fits = heard.is_none_or(|a| {
                let captured_here = a.capture.is_none_or(|c| {
                    // The king took on c (its move), or was taken: never.
                    view.turn() == view.color() && c.square == sq || view.turn() != view.color()
                });
                let moves = p.legal_moves();
                captured_here
                    && checks(&p) == a.checks
                    && (view.turn() != view.color() || pawn_tries(&p, &moves) == a.pawn_tries())
            });
            if fits {
                boards.push(p);
            }
        }
        if !boards.is_empty() {
            self.boards = boards;
            self.exact = true;
            self.complete = true;
        }
    }

    /// Makes every board agree with the own pieces and the side to move,
    /// dropping those that cannot.
    fn repair(&mut self, view: &PlayerView) {
        let fixed: Vec<Position> = self.boards.iter().filter_map(|p| agree(p, view)).collect();
        self.thin(fixed);
    }
}

/// `p` with the player's own pieces exactly as the view has them (enemy
/// units on those squares are removed) and the view's side to move; `None`
/// when that is no legal chess position.
fn agree(p: &Position, view: &PlayerView) -> Option<Position> {
    let color = view.color();
    let mut board = Board::empty();
    for sq in view.own().by_color(color) {
        if let Some(piece) = view.own().piece_at(sq) {
            board.set(sq, piece.color, piece.role);
        }
    }
    let own = board.occupied();
    for sq in p.board().by_color(color.other()) & !own {
        if let Some(piece) = p.board().piece_at(sq) {
            board.set(sq, piece.color, piece.role);
        }
    }
    if board == *p.board() && p.turn() == view.turn() {
        return Some(*p);
    }
    check_chess_board(&board, view.turn()).ok()?;
    let (king_side, queen_side) = side_rights(color);
    let rights = (p.castling_rights() & !(king_side | queen_side)) | own_rights(view);
    Some(Position::from_parts(
        board,
        view.turn(),
        rights,
        None,
        Ruleset::CHESS,
    ))
}

/// The two castling rights of `color`: king side, queen side.
fn side_rights(color: Color) -> (u8, u8) {
    match color {
        Color::White => (castling::WHITE_KING_SIDE, castling::WHITE_QUEEN_SIDE),
        Color::Black => (castling::BLACK_KING_SIDE, castling::BLACK_QUEEN_SIDE),
    }
}

/// The player's own castling rights, as the view knows them.
fn own_rights(view: &PlayerView) -> u8 {
    let (king_side, queen_side) = side_rights(view.color());
    let mut rights = 0;
    if view.may_castle(true) {
        rights |= king_side;
    }
    if view.may_castle(false) {
        rights |= queen_side;
    }
    rights
}
