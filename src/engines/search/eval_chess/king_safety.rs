//! King safety: the pawn shield in front of a king and the open files at
//! it, and the attack on the enemy king: the squares of its zone each piece
//! attacks, the safe checks each kind of piece could give, and the danger
//! all of it adds up to when it comes together.
//!
//! The danger is counted in units (each piece attacking the zone, each
//! square of the zone attacked, each safe check) and told as one feature
//! per number of units, so that the fit gives it whatever curve the games
//! show: an attack is worth much more than the sum of its parts.

use shakmaty::{Bitboard, Color, Rank, Role, attacks};

use super::Sink;
use super::features::{
    DANGER_UNITS, KING_ATTACKS, KING_DANGER, KING_OPEN_FILES, SAFE_CHECKS, SHIELD,
};
use super::pawns::file_and_neighbours;
use crate::rules::chess::Board;

/// Danger units for a knight, bishop, rook or queen attacking the zone.
const ATTACKER_UNITS: [i32; 4] = [2, 2, 3, 5];
/// Danger units for each safe check a knight, bishop, rook or queen could
/// give.
const CHECK_UNITS: [i32; 4] = [3, 2, 3, 3];

/// One side's attack on the enemy king, gathered piece by piece (nothing
/// to gather where there is no enemy king: the default).
#[derive(Default)]
pub struct Assault {
    /// The enemy king's square and those around it.
    zone: Bitboard,
    /// The squares from which a knight, bishop, rook or queen would check
    /// the enemy king, not occupied by the attacker and not attacked by the
    /// defender.
    safe_checks: [Bitboard; 4],
    /// Pieces attacking the zone.
    attackers: i32,
    /// Their units, and the zone's squares they attack.
    attack_units: i32,
    /// The safe checks' units.
    check_units: i32,
}

impl Assault {
    /// The attack of `color` on the other side's king; `defended` is what
    /// the other side attacks.
    pub fn on(board: &Board, color: Color, defended: Bitboard) -> Assault {
        let Some(king) = board.by_piece(color.other(), Role::King).first() else {
            return Assault::default();
        };
        let occupied = board.occupied();
        let safe = !board.by_color(color) & !defended;
        let diagonal = attacks::bishop_attacks(king, occupied) & safe;
        let straight = attacks::rook_attacks(king, occupied) & safe;
        Assault {
            zone: attacks::king_attacks(king).with(king),
            safe_checks: [
                attacks::knight_attacks(king) & safe,
                diagonal,
                straight,
                diagonal | straight,
            ],
            ..Assault::default()
        }
    }

    /// Counts the piece of kind `i` (knight, bishop, rook, queen) that
    /// reaches `reach`.
    pub fn piece(&mut self, i: usize, reach: Bitboard, sink: &mut impl Sink) {
        let attacked = (reach & self.zone).count() as i32;
        if attacked > 0 {
            sink.add(KING_ATTACKS + i, attacked);
            self.attackers += 1;
            self.attack_units += ATTACKER_UNITS[i] + attacked;
        }
        let checks = (reach & self.safe_checks[i]).count() as i32;
        if checks > 0 {
            sink.add(SAFE_CHECKS + i, checks);
            self.check_units += CHECK_UNITS[i] * checks;
        }
    }

    /// Counts the danger of the whole attack: the zone's attack only where
    /// two pieces or more take part, the safe checks always.
    pub fn finish(self, sink: &mut impl Sink) {
        let units = if self.attackers >= 2 {
            self.attack_units
        } else {
            0
        } + self.check_units;
        if units > 0 {
            sink.add(KING_DANGER + (units as usize).min(DANGER_UNITS - 1), 1);
        }
    }
}

/// The king's pawn shield (its side's pawns on its file and those beside,
/// one and two ranks in front) and the files there without such a pawn.
pub fn shelter(board: &Board, color: Color, sink: &mut impl Sink) {
    let Some(king) = board.by_piece(color, Role::King).first() else {
        return;
    };
    let pawns = board.by_piece(color, Role::Pawn);
    let files = file_and_neighbours(king.file());
    for (ahead, feature) in [(1, SHIELD), (2, SHIELD + 1)] {
        let rank = match color {
            Color::White => king.rank() as i32 + ahead,
            Color::Black => king.rank() as i32 - ahead,
        };
        if (0..8).contains(&rank) {
            let row = Bitboard::from_rank(Rank::new(rank as u32));
            sink.add(feature, (pawns & files & row).count() as i32);
        }
    }
    // A file is open when no pawn of the side stands on it: fill the pawns
    // down to the first rank and count the three files left empty there.
    let mut fill = pawns.0;
    fill |= fill >> 8;
    fill |= fill >> 16;
    fill |= fill >> 32;
    let open = (files & Bitboard::from_rank(Rank::First) & !Bitboard(fill)).count();
    sink.add(KING_OPEN_FILES, open as i32);
}
