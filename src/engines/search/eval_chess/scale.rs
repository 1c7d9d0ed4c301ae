//! The endgame scale: how much of the endgame score stands where the side
//! it favours has few ways to win, in 64ths (Stockfish's classical scale
//! factors). Without pawns and at most a minor piece ahead a side can
//! rarely mate; with one bishop each, on squares of opposite colours,
//! extra pawns are often blocked for good; and with few pawns each one
//! counts for more of the win.

use shakmaty::{Bitboard, Color, Role};

use crate::rules::chess::Board;

/// The whole endgame score.
pub const NORMAL: i32 = 64;

/// The pieces' weight in the material tests: knight, bishop, rook, queen
/// (a minor piece 3).
fn officers(board: &Board, color: Color) -> i32 {
    [
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ]
    .into_iter()
    .map(|(role, value)| value * board.by_piece(color, role).count() as i32)
    .sum()
}

/// The side whose endgame scale applies to an endgame sum (White's view)
/// that favours White or not: none at the full phase, where the endgame
/// sum counts for nothing, else the side it favours (Black where it is 0).
pub fn scaled_side(favours_white: bool, full_phase: bool) -> Option<Color> {
    match (full_phase, favours_white) {
        (true, _) => None,
        (false, true) => Some(Color::White),
        (false, false) => Some(Color::Black),
    }
}

/// The share of the endgame score (of [`NORMAL`]) that stands when it
/// favours `strong`, whose passed pawns are `passed`.
///
/// ```
/// use antichess::rules::chess::{Position, Ruleset};
/// use antichess::engines::search::eval_chess::scale::{NORMAL, endgame_scale};
/// use shakmaty::{Bitboard, Color};
/// let scale = |fen: &str| {
///     let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
///     endgame_scale(pos.board(), Color::White, Bitboard::EMPTY)
/// };
/// // A lone bishop cannot mate; a rook against a bishop rarely does.
/// assert_eq!(scale("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
/// assert_eq!(scale("4k3/8/8/2b5/8/8/8/R3K3 w - - 0 1"), 4);
/// // Opposite-coloured bishops with one extra pawn, not passed.
/// assert_eq!(scale("4k3/4p3/8/3b4/8/4P3/3P4/2B1K3 w - - 0 1"), 22);
/// // Four pawns or more: the whole score.
/// assert_eq!(scale("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"), NORMAL);
/// ```
pub fn endgame_scale(board: &Board, strong: Color, passed: Bitboard) -> i32 {
    let weak = !strong;
    let (ours, theirs) = (officers(board, strong), officers(board, weak));
    let pawns = board.by_piece(strong, Role::Pawn).count() as i32;
    if pawns == 0 && ours - theirs <= 3 {
        return if ours < 5 {
            0
        } else if theirs <= 3 {
            4
        } else {
            14
        };
    }
    let bishops = [strong, weak].map(|c| board.by_piece(c, Role::Bishop));
    let opposite = bishops.iter().all(|b| b.count() == 1)
        && (bishops[0] & Bitboard::LIGHT_SQUARES).any()
            != (bishops[1] & Bitboard::LIGHT_SQUARES).any();
    let scale = if opposite && ours == 3 && theirs == 3 {
        22 + 4 * passed.count() as i32
    } else if opposite {
        22 + 3 * board.by_color(strong).count() as i32
    } else {
        36 + 7 * pawns
    };
    scale.min(NORMAL)
}
