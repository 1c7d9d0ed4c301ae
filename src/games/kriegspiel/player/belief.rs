//! The search player's belief: a sampled set of whole boards consistent
//! with everything the player has seen. Each board is a guess made from
//! the player's own observations only; the true board is never given.
//!
//! After each event the set is refreshed: an opponent's move replaces each
//! board by its children whose announcement is the one heard; a refused
//! attempt keeps the boards where it is illegal; a legal one keeps those
//! where it is legal with the announcement heard. When no board could have
//! made a capture or check heard, enemy units are tried on the squares it
//! names; when still no board fits, the boards that fit best are kept and
//! made to agree with the own pieces, so the set never empties. Once the
//! opponent has only its king and pawns, the king is looked for afresh
//! whenever the boards stop fitting ([`Belief::find_king`]).

use super::super::announcement::Announcement;
use super::super::tokens::line_squares;
use super::super::umpire::{Attempt, announce, announce_position, checks, pawn_tries};
use super::super::view::PlayerView;
use crate::rules::chess::{
    Bitboard, Board, Color, Position, Role, Ruleset, Square, castling, check_chess_board,
};
use crate::sys::rng::Xorshift;

/// How many boards are kept at most (fewer when the clock runs low, see
/// [`Belief::set_capacity`]).
pub const CAPACITY: usize = 192;

/// Pawn placements kept when the enemy king is looked for afresh.
pub const PAWN_SETS: usize = 3;

/// The distance of a wrong capture, and of wrong checks.
const CAPTURE_MISMATCH: u32 = 4;
const CHECK_MISMATCH: u32 = 2;

/// How far an announcement computed on a guessed board is from the one
/// heard (0: the same).
fn distance(guess: &Announcement, heard: &Announcement) -> u32 {
    let mut d = 0;
    if guess.capture != heard.capture {
        d += CAPTURE_MISMATCH;
    }
    if guess.checks != heard.checks {
        d += CHECK_MISMATCH;
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

/// The boards whose announcements come nearest the one heard, as they are
/// offered.
struct Nearest {
    distance: u32,
    boards: Vec<Position>,
}

impl Nearest {
    fn new() -> Nearest {
        Nearest {
            distance: u32::MAX,
            boards: Vec::new(),
        }
    }

    /// A board whose announcement is `distance` from the one heard.
    fn offer(&mut self, distance: u32, board: Position) {
        if distance < self.distance {
            self.distance = distance;
            self.boards.clear();
        }
        if distance == self.distance {
            self.boards.push(board);
        }
    }
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
    /// How many boards are kept now.
    capacity: usize,
    /// The boards were made by [`Belief::find_king`] (and have fitted
    /// every observation since, while `exact` holds).
    hunting: bool,
}

impl Belief {
    /// The belief at the start: the standard position, known exactly.
    pub fn new(seed: u64) -> Belief {
        Belief {
            boards: vec![Position::new(Ruleset::CHESS)],
            rng: Xorshift::new(seed ^ 0x6b72_6965_6773),
            exact: true,
            complete: true,
            capacity: CAPACITY,
            hunting: false,
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

    /// Keeps at most `capacity` boards from now on (at least 16, at most
    /// [`CAPACITY`]): each update costs time in proportion.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.clamp(16, CAPACITY);
    }

    /// Keeps at most the capacity of boards, chosen at random, without
    /// duplicates.
    fn thin(&mut self, mut boards: Vec<Position>) {
        boards.sort_unstable_by_key(Position::hash);
        boards.dedup_by_key(|p| p.hash());
        self.rng.shuffle(&mut boards);
        if boards.len() > self.capacity {
            self.complete = false;
            boards.truncate(self.capacity);
        }
        if !boards.is_empty() {
            self.boards = boards;
        }
    }

    /// The opponent moved and `heard` was announced; `view` is the player's
    /// view after hearing it.
    pub fn opponent_moved(&mut self, heard: &Announcement, view: &PlayerView) {
        let mut nearest = Nearest::new();
        for p in &self.boards {
            if p.turn() == view.color() {
                continue;
            }
            for m in p.legal_moves() {
                let q = p.play(m);
                nearest.offer(distance(&announce(p, m, &q), heard), q);
            }
        }
        self.exact = self.exact && nearest.distance == 0;
        // No board could have made the capture or the checks heard: some
        // enemy unit of each board is put on the capture square (where the
        // capturer must stand now), or on a square of an announced check
        // line, the boards that then fit best kept.
        let targets = match heard.capture {
            Some(c) if nearest.distance >= CAPTURE_MISMATCH => Bitboard::from_square(c.square),
            None if nearest.distance >= CHECK_MISMATCH && !heard.checks.is_empty() => {
                let own = view.own().occupied();
                view.king().map_or(Bitboard::EMPTY, |k| {
                    heard.checks.iter().fold(Bitboard::EMPTY, |acc, &kind| {
                        acc | line_squares(k, kind, own)
                    })
                })
            }
            _ => Bitboard::EMPTY,
        };
        if targets.any() {
            self.teleports(targets, heard, view, &mut nearest);
        }
        self.settle(nearest, view);
    }

    /// Keeps the boards nearest what was heard (made to agree with the own
    /// pieces unless they fit exactly), or, when there are none, repairs
    /// the present ones.
    fn settle(&mut self, nearest: Nearest, view: &PlayerView) {
        if nearest.boards.is_empty() {
            self.exact = false;
            self.repair(view);
            return;
        }
        let mut children = nearest.boards;
        if nearest.distance > 0 {
            children = children.iter().filter_map(|q| agree(q, view)).collect();
        }
        self.thin(children);
    }

    /// Offers to `nearest`, for each board (the opponent to move), each
    /// enemy unit and each square of `targets`, the board with that unit
    /// moved there (taking any own unit there) and the player to move.
    fn teleports(
        &self,
        targets: Bitboard,
        heard: &Announcement,
        view: &PlayerView,
        nearest: &mut Nearest,
    ) {
        let us = view.color();
        let moves = self.boards.iter().filter(|p| p.turn() != us).flat_map(|p| {
            let enemy = p.board().by_color(us.other());
            enemy
                .into_iter()
                .flat_map(move |from| (targets & !enemy).into_iter().map(move |to| (p, from, to)))
        });
        for (p, from, c) in moves {
            let mut board = *p.board();
            let Some(piece) = board.remove(from) else {
                continue;
            };
            board.remove(c);
            board.set(c, piece.color, piece.role);
            if check_chess_board(&board, us).is_err() {
                continue;
            }
            let q = Position::from_parts(board, us, p.castling_rights(), None, Ruleset::CHESS);
            nearest.offer(distance(&announce_position(&q, heard.capture), heard), q);
        }
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
        let mut nearest = Nearest::new();
        for p in &self.boards {
            let Some(m) = attempt.find(p, &p.legal_moves()) else {
                continue;
            };
            let q = p.play(m);
            nearest.offer(distance(&announce(p, m, &q), heard), q);
        }
        self.exact = self.exact && nearest.distance == 0;
        self.settle(nearest, view);
    }

    /// When the opponent has nothing but its king and pawns left (the
    /// player has taken its seven pieces), and the boards no longer fit
    /// every observation, the enemy king is looked for afresh: for each of
    /// the (at most [`PAWN_SETS`]) pawn placements of the present boards,
    /// every square the king may stand on that fits the last
    /// announcement. Against a lone king these are all the boards there
    /// are, so the belief is complete and stays so.
    pub fn find_king(&mut self, view: &PlayerView) {
        let (pawns_taken, pieces) = view.taken();
        if pieces < 7 || view.is_over() {
            return;
        }
        let pawns_left = 8u32.saturating_sub(pawns_taken) as usize;
        let them = view.color().other();
        let only_king_and_pawns = |p: &Position| {
            let b = p.board();
            (b.by_color(them) & !b.by_role(Role::King) & !b.by_role(Role::Pawn)).is_empty()
        };
        let fits_now = self.exact
            && self
                .boards
                .iter()
                .all(|p| only_king_and_pawns(p) && p.turn() == view.turn());
        if fits_now && (self.complete || self.hunting) {
            return;
        }
        let (pawn_sets, known) = self.pawn_placements(view, pawns_left);
        let (mut boards, mut from_known) = king_boards(view, &pawn_sets, known);
        if pawn_sets.len() == known {
            from_known = boards.len();
        }
        if !boards.is_empty() {
            self.exact = true;
            self.hunting = true;
            let complete = pawn_sets.len() == 1 && pawn_sets[0].is_empty();
            let mut new = boards.split_off(from_known);
            self.rng.shuffle(&mut new);
            boards.truncate(self.capacity);
            let room = self.capacity - boards.len();
            new.truncate(room);
            boards.extend(new);
            self.complete = complete;
            self.thin(boards);
            self.complete &= complete;
        }
    }

    /// The placements of the opponent's `pawns_left` pawns to try: those
    /// of the present boards (at most [`PAWN_SETS`]) first, then a lone
    /// pawn on every square, or more pawns each moved along its file;
    /// and how many came from the boards.
    fn pawn_placements(&mut self, view: &PlayerView, pawns_left: usize) -> (Vec<Bitboard>, usize) {
        let them = view.color().other();
        let mut pawn_sets: Vec<Bitboard> = Vec::new();
        for p in &self.boards {
            let pawns = p.board().by_piece(them, Role::Pawn) & !view.own().occupied();
            if pawns.count() == pawns_left
                && !pawn_sets.contains(&pawns)
                && pawn_sets.len() < PAWN_SETS
            {
                pawn_sets.push(pawns);
            }
        }
        if pawn_sets.is_empty() {
            // No board has the pawns the opponent has left: keep one
            // placement with as many as there are.
            let mut pawns = self.boards.first().map_or(Bitboard::EMPTY, |p| {
                p.board().by_piece(them, Role::Pawn) & !view.own().occupied()
            });
            while pawns.count() > pawns_left {
                pawns.discard(pawns.first().unwrap_or(Square::A1));
            }
            pawn_sets.push(pawns);
        }
        // The pawns of the boards may be wrong too: a lone pawn is tried on
        // every square, more pawns each moved along its file.
        let free = !view.own().occupied()
            & !Bitboard::from_rank(shakmaty::Rank::First)
            & !Bitboard::from_rank(shakmaty::Rank::Eighth);
        // The placements of the boards come first: when there are too many
        // boards, theirs are kept and the new ones sampled.
        let known = pawn_sets.len();
        if pawns_left == 1 {
            for sq in free {
                if !pawn_sets.contains(&Bitboard::from_square(sq)) {
                    pawn_sets.push(Bitboard::from_square(sq));
                }
            }
        } else if pawns_left > 1 {
            for i in 0..PAWN_SETS {
                let base = pawn_sets[i % pawn_sets.len()];
                let mut moved = Bitboard::EMPTY;
                for pawn in base {
                    let file = Bitboard::from_file(pawn.file()) & free & !moved;
                    let squares: Vec<Square> = file.into_iter().collect();
                    match squares.len() {
                        0 => moved.add(pawn),
                        n => moved.add(squares[self.rng.below(n)]),
                    }
                }
                if moved.count() == pawns_left && !pawn_sets.contains(&moved) {
                    pawn_sets.push(moved);
                }
            }
        }
        (pawn_sets, known)
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
/// Every board with the player's pieces, one of `pawn_sets` and the enemy
/// king on a square where it fits the last announcement; and how many of
/// them come from the first `known` placements.
fn king_boards(view: &PlayerView, pawn_sets: &[Bitboard], known: usize) -> (Vec<Position>, usize) {
    let them = view.color().other();
    let heard = view.last_announcement();
    let rights = own_rights(view);
    let mut boards = Vec::new();
    let mut from_known = 0;
    for (set, &pawns) in pawn_sets.iter().enumerate() {
        if set == known {
            from_known = boards.len();
        }
        for sq in Square::ALL {
            if (view.own().occupied() | pawns).contains(sq) {
                continue;
            }
            let mut board = *view.own();
            for pawn in pawns {
                board.set(pawn, them, Role::Pawn);
            }
            board.set(sq, them, Role::King);
            if check_chess_board(&board, view.turn()).is_err() {
                continue;
            }
            let p = Position::from_parts(board, view.turn(), rights, None, Ruleset::CHESS);
            let fits = heard.is_none_or(|a| {
                // After the opponent's move, a capture was made by the
                // king or a pawn now on that square.
                let captured = a.capture.is_none_or(|c| {
                    view.turn() != view.color() || c.square == sq || pawns.contains(c.square)
                });
                let moves = p.legal_moves();
                captured
                    && checks(&p) == a.checks
                    && (view.turn() != view.color() || pawn_tries(&p, &moves) == a.pawn_tries())
            });
            if fits {
                boards.push(p);
            }
        }
    }
    (boards, from_known)
}
