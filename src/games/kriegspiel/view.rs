//! What one player knows: their own pieces, their castling rights, what
//! the umpire said, and the answers to their own attempts. Built only from
//! [`PlayerView::own_move`], [`PlayerView::refused`] and
//! [`PlayerView::announcement`]; it never sees the umpire's board.
//!
//! It also says which attempts are impossible whatever the hidden pieces
//! are (the terminal answers those itself), and which squares the player's
//! pieces guard (the zone of control).

use shakmaty::attacks;

use super::announcement::{Announcement, Capture, Next};
use super::umpire::Attempt;
use crate::rules::chess::wording::role_name;
use crate::rules::chess::{Bitboard, Board, Color, Role, Square};

/// A player's knowledge of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    color: Color,
    own: Board,
    /// Whether the king, the a-rook and the h-rook have never moved.
    king_home: bool,
    rook_home: [bool; 2],
    /// Whose move it is.
    turn: Color,
    /// The own move whose announcement is awaited.
    pending: Option<(Square, Square)>,
    /// The announcements heard, the last one last.
    last: Option<Announcement>,
    pawn_tries: u32,
    refused: Vec<Attempt>,
    taken: [u32; 2],
    lost: [u32; 2],
    last_own: Option<(Square, Square)>,
    over: bool,
}

impl PlayerView {
    /// The view of `color` at the start of a game from the standard
    /// position.
    pub fn new(color: Color) -> PlayerView {
        let mut own = Board::start();
        for sq in Board::start().by_color(color.other()) {
            own.remove(sq);
        }
        PlayerView {
            color,
            own,
            king_home: true,
            rook_home: [true, true],
            turn: Color::White,
            pending: None,
            last: None,
            pawn_tries: 0,
            refused: Vec::new(),
            taken: [0, 0],
            lost: [0, 0],
            last_own: None,
            over: false,
        }
    }

    /// The player's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The player's own pieces (nothing of the opponent's).
    pub fn own(&self) -> &Board {
        &self.own
    }

    /// Whose move it is.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The last announcement heard.
    pub fn last_announcement(&self) -> Option<&Announcement> {
        self.last.as_ref()
    }

    /// Pawn tries announced for the side to move.
    pub fn pawn_tries(&self) -> u32 {
        self.pawn_tries
    }

    /// Attempts refused in the current turn.
    pub fn refused_this_turn(&self) -> &[Attempt] {
        &self.refused
    }

    /// The origin and destination of the player's last move.
    pub fn last_own_move(&self) -> Option<(Square, Square)> {
        self.last_own
    }

    /// Units taken from the opponent: (pawns, pieces).
    pub fn taken(&self) -> (u32, u32) {
        (self.taken[0], self.taken[1])
    }

    /// Own units lost: (pawns, pieces).
    pub fn lost(&self) -> (u32, u32) {
        (self.lost[0], self.lost[1])
    }

    /// The own king's square.
    pub fn king(&self) -> Option<Square> {
        self.own.by_piece(self.color, Role::King).first()
    }

    /// Whether the player may still castle on the side of `rook_file` (0
    /// for a, 7 for h): neither the king nor that rook has moved or been
    /// taken.
    pub fn may_castle(&self, king_side: bool) -> bool {
        let rank = self.back_rank();
        let rook = Square::new(rank * 8 + if king_side { 7 } else { 0 });
        self.king_home
            && self.rook_home[usize::from(king_side)]
            && self.own.piece_at(rook) == Some(self.color.rook())
    }

    fn back_rank(&self) -> u32 {
        if self.color.is_white() { 0 } else { 7 }
    }

    /// A refused attempt of the player's.
    pub fn refused(&mut self, attempt: Attempt) {
        if !self.refused.contains(&attempt) {
            self.refused.push(attempt);
        }
    }

    /// The player's attempt was legal: it is played on the own board (its
    /// announcement follows). A pawn reaching the last rank without a
    /// letter becomes a queen; the king's two-square move castles.
    pub fn own_move(&mut self, attempt: Attempt) {
        let Some(piece) = self.own.remove(attempt.from) else {
            return;
        };
        self.own.remove(attempt.to);
        let role = match piece.role {
            Role::Pawn if attempt.to.rank() as u32 == 7 - self.back_rank() => {
                attempt.promotion.unwrap_or(Role::Queen)
            }
            role => role,
        };
        self.own.set(attempt.to, self.color, role);
        let rank = self.back_rank();
        if piece.role == Role::King {
            self.king_home = false;
            let (f1, f2) = (attempt.from.file() as u32, attempt.to.file() as u32);
            if f1 == 4 && attempt.from.rank() as u32 == rank && f1.abs_diff(f2) == 2 {
                let (rook_from, rook_to) = if f2 == 6 { (7, 5) } else { (0, 3) };
                self.own.remove(Square::new(rank * 8 + rook_from));
                self.own
                    .set(Square::new(rank * 8 + rook_to), self.color, Role::Rook);
            }
        }
        for (i, file) in [0u32, 7].into_iter().enumerate() {
            if attempt.from == Square::new(rank * 8 + file) {
                self.rook_home[i] = false;
            }
        }
        self.pending = Some((attempt.from, attempt.to));
        self.last_own = Some((attempt.from, attempt.to));
    }

    /// An announcement heard (of the player's own move just made, or of the
    /// opponent's).
    pub fn announcement(&mut self, a: &Announcement) {
        let own_move = self.pending.take().is_some();
        if let Some(Capture { square, pawn }) = a.capture {
            let index = usize::from(!pawn);
            if own_move {
                self.taken[index] += 1;
            } else {
                self.own.remove(square);
                self.lost[index] += 1;
                let rank = self.back_rank();
                for (i, file) in [0u32, 7].into_iter().enumerate() {
                    if square == Square::new(rank * 8 + file) {
                        self.rook_home[i] = false;
                    }
                }
            }
        }
        match a.next {
            Next::Over(_) => {
                self.over = true;
                self.pawn_tries = 0;
            }
            Next::Turn { side, pawn_tries } => {
                self.turn = side;
                self.pawn_tries = pawn_tries;
            }
        }
        self.refused.clear();
        self.last = Some(a.clone());
    }

    /// Ends the view's game (time, resignation, forfeit).
    pub fn end(&mut self) {
        self.over = true;
    }

    /// Why `attempt` cannot be legal whatever the hidden pieces are, in the
    /// words the terminal prints after `Impossible: `; `None` when it
    /// might be legal.
    pub fn impossible(&self, attempt: Attempt) -> Option<String> {
        let Attempt {
            from,
            to,
            promotion,
        } = attempt;
        let Some(piece) = self.own.piece_at(from).filter(|p| p.color == self.color) else {
            return Some(format!("there is no piece of yours on {from}"));
        };
        if self.own.color_at(to) == Some(self.color) {
            return Some(format!("your own piece is on {to}"));
        }
        let forward: i32 = if self.color.is_white() { 1 } else { -1 };
        let (df, dr) = (
            to.file() as i32 - from.file() as i32,
            to.rank() as i32 - from.rank() as i32,
        );
        let last_rank = 7 - self.back_rank() as i32;
        if promotion.is_some() && !(piece.role == Role::Pawn && to.rank() as i32 == last_rank) {
            return Some("only a pawn reaching the last rank can promote".to_string());
        }
        let start_rank = if self.color.is_white() { 1 } else { 6 };
        let home = Square::new(self.back_rank() * 8 + 4);
        let castle = piece.role == Role::King && from == home && dr == 0 && df.abs() == 2;
        let can_move = match piece.role {
            Role::Pawn => {
                (df == 0 && dr == forward)
                    || (df == 0 && dr == 2 * forward && from.rank() as i32 == start_rank)
                    || (df.abs() == 1 && dr == forward)
            }
            Role::Knight => df.abs() * dr.abs() == 2,
            Role::Bishop => df.abs() == dr.abs(),
            Role::Rook => df == 0 || dr == 0,
            Role::Queen => df == 0 || dr == 0 || df.abs() == dr.abs(),
            Role::King => (df.abs() <= 1 && dr.abs() <= 1) || castle,
        };
        if !can_move {
            return Some(format!(
                "a {} on {from} cannot move to {to}",
                role_name(piece.role)
            ));
        }
        let mut between = attacks::between(from, to);
        if castle {
            let rank = self.back_rank();
            let rook = Square::new(rank * 8 + if df > 0 { 7 } else { 0 });
            between = attacks::between(from, rook);
        }
        if piece.role == Role::Knight {
            between = Bitboard::EMPTY;
        }
        if let Some(sq) = (between & self.own.occupied()).first() {
            return Some(format!("your own piece on {sq} is in the way"));
        }
        if castle && !self.may_castle(df > 0) {
            return Some("castling is not possible: the king or the rook has moved".to_string());
        }
        if piece.role == Role::Pawn && df != 0 && self.pawn_tries == 0 {
            return Some("no pawn try was announced".to_string());
        }
        None
    }

    /// Every attempt that is not impossible, in a1..h8 order of origin then
    /// destination (a promotion once per piece: queen, rook, bishop,
    /// knight).
    pub fn possible_attempts(&self) -> Vec<Attempt> {
        let mut out = Vec::new();
        for from in self.own.by_color(self.color) {
            for to in Square::ALL {
                let plain = Attempt {
                    from,
                    to,
                    promotion: None,
                };
                if self.impossible(plain).is_some() {
                    continue;
                }
                let promotes = self.own.role_at(from) == Some(Role::Pawn)
                    && to.rank() as u32 == 7 - self.back_rank();
                if promotes {
                    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        out.push(Attempt {
                            promotion: Some(role),
                            ..plain
                        });
                    }
                } else {
                    out.push(plain);
                }
            }
        }
        out
    }

    /// The squares the player's pieces guard on the own board (sliders up
    /// to and including the first own piece; a piece does not guard its
    /// own square).
    pub fn guarded(&self) -> Bitboard {
        let occupied = self.own.occupied();
        let mut guarded = Bitboard::EMPTY;
        for sq in self.own.by_color(self.color) {
            if let Some(piece) = self.own.piece_at(sq) {
                guarded |= attacks::attacks(sq, piece, occupied);
            }
        }
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(text: &str) -> Attempt {
        text.parse().unwrap()
    }

    #[test]
    fn impossible_reasons_in_order() {
        let mut white = PlayerView::new(Color::White);
        assert_eq!(
            white.impossible(a("e3e4")).unwrap(),
            "there is no piece of yours on e3"
        );
        assert_eq!(
            white.impossible(a("e1d2")).unwrap(),
            "your own piece is on d2"
        );
        assert_eq!(
            white.impossible(a("g1f3q")).unwrap(),
            "only a pawn reaching the last rank can promote"
        );
        assert_eq!(
            white.impossible(a("g1g3")).unwrap(),
            "a knight on g1 cannot move to g3"
        );
        assert_eq!(
            white.impossible(a("e2e5")).unwrap(),
            "a pawn on e2 cannot move to e5"
        );
        assert_eq!(
            white.impossible(a("f1c4")).unwrap(),
            "your own piece on e2 is in the way"
        );
        assert_eq!(
            white.impossible(a("e1g1")).unwrap(),
            "your own piece is on g1"
        );
        assert_eq!(
            white.impossible(a("e1c1")).unwrap(),
            "your own piece is on c1"
        );
        assert_eq!(
            white.impossible(a("e2d3")).unwrap(),
            "no pawn try was announced"
        );
        assert_eq!(white.impossible(a("e2e4")), None);
        assert_eq!(white.impossible(a("g1f3")), None);
        assert_eq!(white.possible_attempts().len(), 20);
        // After e4 and Ke2-e1 the king has moved: no castling.
        white.own_move(a("e2e4"));
        white.announcement(&"Black's move".parse().unwrap());
        white.announcement(&"White's move".parse().unwrap());
        white.own_move(a("e1e2"));
        white.announcement(&"Black's move".parse().unwrap());
        white.announcement(&"White's move".parse().unwrap());
        white.own_move(a("e2e1"));
        white.announcement(&"Black's move".parse().unwrap());
        white.announcement(&"White's move, 1 pawn try".parse().unwrap());
        for sq in ["f1", "g1"] {
            white.own.remove(sq.parse().unwrap());
        }
        assert_eq!(
            white.impossible(a("e1g1")).unwrap(),
            "castling is not possible: the king or the rook has moved"
        );
        assert_eq!(white.impossible(a("e4d5")), None);
    }

    #[test]
    fn captures_and_castling_update_the_own_board() {
        let mut black = PlayerView::new(Color::Black);
        black.announcement(&"Black's move".parse().unwrap());
        black.own_move(a("g8f6"));
        black.announcement(&"White's move".parse().unwrap());
        black.announcement(&"Black's move".parse().unwrap());
        black.own_move(a("g7g6"));
        black.announcement(&"White's move".parse().unwrap());
        black.announcement(&"Black's move".parse().unwrap());
        black.own_move(a("f8g7"));
        black.announcement(&"White's move".parse().unwrap());
        black.announcement(&"Pawn at f7 captured, Black's move".parse().unwrap());
        assert_eq!(black.lost(), (1, 0));
        assert_eq!(black.own().piece_at("f7".parse().unwrap()), None);
        assert!(black.may_castle(true));
        black.own_move(a("e8g8"));
        assert_eq!(
            black.own().piece_at("f8".parse().unwrap()),
            Some(Color::Black.rook())
        );
        assert_eq!(
            black.own().piece_at("g8".parse().unwrap()),
            Some(Color::Black.king())
        );
        black.announcement(&"Piece at f7 captured, White's move".parse().unwrap());
        assert_eq!(black.taken(), (0, 1));
    }

    #[test]
    fn the_zone_at_the_start_leaves_the_corner_rooks_unguarded() {
        let white = PlayerView::new(Color::White);
        let guarded = white.guarded();
        let unguarded: Vec<Square> = white
            .own()
            .by_color(Color::White)
            .into_iter()
            .filter(|&sq| !guarded.contains(sq))
            .collect();
        assert_eq!(unguarded, vec![Square::A1, Square::H1]);
        assert_eq!(
            guarded & Bitboard::from_rank(shakmaty::Rank::Fourth),
            Bitboard::EMPTY
        );
        assert!(guarded.contains(Square::E3));
    }
}
