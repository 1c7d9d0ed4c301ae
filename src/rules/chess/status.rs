//! How a position stands: going on, a pass (a 2007 stalemate), or over,
//! and why (mate under the ruleset's mate rule, stalemate, depletion,
//! and in chess insufficient material and the seventy-five-move rule).

use shakmaty::{Bitboard, Color, Role};

use super::moves::MoveList;
use super::outcome::Status;
use super::position::{Position, SEVENTY_FIVE_MOVE_PLIES};
use super::ruleset::{MateRule, StalemateRule};
use super::{Outcome, Reason};

impl Position {
    /// The state of play: ongoing, a stalemate pass, or over.
    pub fn status(&self) -> Status {
        self.status_with(&self.legal_moves())
    }

    /// [`Position::status`], given this position's legal moves.
    ///
    /// Checkmate is settled first (a move that mates and takes the last
    /// piece is a mate), then piece depletion (both depleted: the side to
    /// move wins), then stalemate.
    pub fn status_with(&self, moves: &MoveList) -> Status {
        let in_check = moves.is_empty() && self.is_check();
        if in_check {
            return Status::Over(self.checkmate_outcome());
        }
        if self.ruleset().fide_draws {
            return self.fide_status(moves);
        }
        let white_out = self.board().is_depleted(Color::White);
        let black_out = self.board().is_depleted(Color::Black);
        if white_out || black_out {
            let winner = if white_out && black_out {
                self.turn
            } else if white_out {
                Color::White
            } else {
                Color::Black
            };
            return Status::Over(Outcome::win(winner, Reason::PiecesLost));
        }
        if !moves.is_empty() {
            return Status::Ongoing;
        }
        match self.ruleset().stalemate {
            StalemateRule::Draw => Status::Over(Outcome::draw(Reason::Stalemate)),
            StalemateRule::LoseTurn => {
                let passed = self.pass();
                if !passed.legal_moves().is_empty() || passed.is_check() {
                    Status::Pass
                } else {
                    Status::Over(Outcome::draw(Reason::Stalemate))
                }
            }
        }
    }

    /// Chess after checkmate, in the order python-chess settles it (so a
    /// stalemate that leaves K+B v K is insufficient material): insufficient
    /// material, stalemate, the seventy-five-move rule. Fivefold repetition
    /// needs the game's history and is settled by the game.
    fn fide_status(&self, moves: &MoveList) -> Status {
        if self.is_insufficient_material() {
            Status::Over(Outcome::draw(Reason::InsufficientMaterial))
        } else if moves.is_empty() {
            Status::Over(Outcome::draw(Reason::Stalemate))
        } else if self.halfmoves() >= SEVENTY_FIVE_MOVE_PLIES {
            Status::Over(Outcome::draw(Reason::SeventyFiveMoves))
        } else {
            Status::Ongoing
        }
    }

    /// Whether `color` cannot checkmate by any series of legal moves, as
    /// python-chess and shakmaty judge it: no pawn, rook or queen, and either
    /// a bare king, or one knight against a king with nothing but queens, or
    /// bishops all on one colour of square with no knight or pawn on the
    /// board.
    ///
    /// ```
    /// use antichess::rules::chess::{Color, Position, Ruleset};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1", Ruleset::CHESS).unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(!pos.has_insufficient_material(Color::Black));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self.board();
        let ours = board.by_color(color);
        let heavy = board.by_role(Role::Pawn) | board.rooks_and_queens();
        if (ours & heavy).any() {
            return false;
        }
        if (ours & board.by_role(Role::Knight)).any() {
            let their_extras = board.by_color(color.other())
                & !board.by_role(Role::King)
                & !board.by_role(Role::Queen);
            return ours.count() <= 2 && their_extras.is_empty();
        }
        let bishops = board.by_role(Role::Bishop);
        if (ours & bishops).any() {
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && board.by_role(Role::Pawn).is_empty()
                && board.by_role(Role::Knight).is_empty();
        }
        true
    }

    /// Whether neither side can checkmate (a draw under chess).
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// The outcome when the side to move is checkmated.
    fn checkmate_outcome(&self) -> Outcome {
        let winner = match self.ruleset().mate {
            MateRule::MaterWins => self.turn().other(),
            MateRule::MatedWins => self.turn,
        };
        Outcome::win(winner, Reason::Checkmate)
    }

    /// Our pieces of one role.
    #[inline]
    pub(crate) fn ours(&self, role: Role) -> Bitboard {
        self.board().by_piece(self.turn, role)
    }
}
