//! Static exchange evaluation: what a capture wins or loses on its square
//! once each side has recaptured with its least valuable piece for as long
//! as it pays, either side free to stop. Pins are not looked at; pieces
//! behind others (x-rays) join as the square opens. For the chess search's
//! move ordering and pruning.

use shakmaty::{Bitboard, Color, Square};

use super::Role;
use super::material::piece_value;
use super::moves::{Move, MoveKind};
use super::position::Position;

/// A piece's worth in the exchange: a king more than everything else, so
/// that it is never given up.
fn worth(role: Role) -> i32 {
    match role {
        Role::King => 20_000,
        _ => piece_value(role),
    }
}

impl Position {
    /// The material the side to move wins (negative: loses) by the
    /// exchange `m` starts, in hundredths of a pawn
    /// ([`piece_value`]); a quiet move is the exchange of the piece it
    /// moves, should the square be attacked.
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset, notation};
    /// // A rook takes a pawn defended by a pawn: it wins 100, loses 500.
    /// let pos = Position::from_fen("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", Ruleset::CHESS).unwrap();
    /// let m = notation::find_uci(&pos, "e1e5").unwrap();
    /// assert_eq!(pos.see(m), 100 - 500);
    /// ```
    pub fn see(&self, m: Move) -> i32 {
        match self.first_exchange(m) {
            Some((first, capturer)) => self.exchange(m, first, capturer),
            None => 0,
        }
    }

    /// The exchange `m` starts, whose first capture takes `first` and
    /// leaves `capturer` on the square ([`Position::first_exchange`]).
    fn exchange(&self, m: Move, first: i32, mut capturer: Role) -> i32 {
        let board = &self.board;
        let (from, to) = (m.from(), m.to());
        let mut occupied = board.occupied().without(from);
        if m.kind() == MoveKind::EnPassant {
            occupied = occupied.without(Square::from_coords(to.file(), from.rank()));
        }
        let mut gain = [0i32; 34];
        gain[0] = first;
        let mut side = self.turn.other();
        let mut depth = 0;
        loop {
            depth += 1;
            // What the side to recapture would win by taking the piece now
            // on the square, were that the end.
            gain[depth] = worth(capturer) - gain[depth - 1];
            if (-gain[depth - 1]).max(gain[depth]) < 0 || depth + 1 >= gain.len() {
                break;
            }
            let Some((role, square)) = self.cheapest_attacker(to, side, occupied) else {
                break;
            };
            if role == Role::King && self.attacks_square(to, side.other(), occupied) {
                break;
            }
            occupied = occupied.without(square);
            capturer = role;
            side = side.other();
        }
        while depth > 1 {
            depth -= 1;
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        }
        gain[0]
    }

    /// Whether the exchange `m` starts wins at least `threshold`
    /// (`see(m) >= threshold`), without the exchange where its first
    /// capture decides: the side can lose no more than the piece it moves
    /// (should it be taken back) and win no more than what it takes.
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset, notation};
    /// let pos = Position::from_fen("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", Ruleset::CHESS).unwrap();
    /// let m = notation::find_uci(&pos, "e1e5").unwrap();
    /// assert!(pos.see_ge(m, -400) && !pos.see_ge(m, -399));
    /// ```
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let Some((first, capturer)) = self.first_exchange(m) else {
            return threshold <= 0;
        };
        if first - worth(capturer) >= threshold {
            true
        } else if first < threshold {
            false
        } else {
            self.exchange(m, first, capturer) >= threshold
        }
    }

    /// What the first capture of the exchange `m` takes (with what a
    /// promotion adds), and the piece then on the square; `None` where no
    /// piece stands on the move's origin.
    fn first_exchange(&self, m: Move) -> Option<(i32, Role)> {
        let mut capturer = self.board.role_at(m.from())?;
        let mut first = match m.kind() {
            MoveKind::EnPassant => worth(Role::Pawn),
            _ => self.board.role_at(m.to()).map_or(0, worth),
        };
        if let Some(promoted) = m.promotion() {
            first += worth(promoted) - worth(Role::Pawn);
            capturer = promoted;
        }
        Some((first, capturer))
    }

    /// The least valuable piece of `side` attacking `to` through
    /// `occupied` (pieces off it have been traded).
    fn cheapest_attacker(
        &self,
        to: Square,
        side: Color,
        occupied: Bitboard,
    ) -> Option<(Role, Square)> {
        let attackers = self.board.attackers(to, side, occupied) & occupied;
        // Role::ALL runs from the pawn up to the king: the least valuable first.
        Role::ALL.into_iter().find_map(|role| {
            (attackers & self.board.by_role(role))
                .first()
                .map(|sq| (role, sq))
        })
    }

    /// Whether `side` attacks `to` through `occupied`.
    fn attacks_square(&self, to: Square, side: Color, occupied: Bitboard) -> bool {
        (self.board.attackers(to, side, occupied) & occupied).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Ruleset, notation};

    fn see(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
        pos.see(notation::find_uci(&pos, uci).unwrap())
    }

    #[test]
    fn exchanges_of_the_usual_kinds() {
        // An undefended pawn: won.
        assert_eq!(see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100);
        // Knight takes a pawn defended by a pawn: the knight is lost.
        assert_eq!(
            see("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"),
            100 - 325
        );
        // Two attackers against one defender: the pawn is won.
        assert_eq!(
            see("4k3/8/5n2/4p3/8/5N2/8/4RK2 w - - 0 1", "f3e5"),
            100 - 325 + 325
        );
        // The rook behind the rook joins (an x-ray): a knight is won.
        assert_eq!(
            see("4k3/4r3/8/4n3/8/8/4R3/4RK2 w - - 0 1", "e2e5"),
            325 - 500 + 500
        );
        // A king takes only what is not defended.
        assert_eq!(see("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"), 100);
        // En passant, and a quiet move onto an attacked square.
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(see("4k3/8/3p4/8/8/8/8/2B1K3 w - - 0 1", "c1e3"), 0);
        assert_eq!(see("7k/8/3p4/8/8/8/8/K3Q3 w - - 0 1", "e1e5"), -950);
    }

    #[test]
    fn the_threshold_test_agrees_with_the_exchange() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/4r3/8/4n3/8/8/4R3/4RK2 w - - 0 1",
            "1k6/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
            for m in pos.legal_moves() {
                let exchange = pos.see(m);
                for threshold in [
                    -1200, -950, -500, -325, -101, -100, 0, 1, 100, 225, 500, 900,
                ] {
                    assert_eq!(
                        pos.see_ge(m, threshold),
                        exchange >= threshold,
                        "{fen} {m:?}"
                    );
                }
            }
        }
    }
}
