//! The static evaluation under orthodox chess: material and piece-square
//! tables, each with a middlegame and an endgame value blended by the game
//! phase ("tapered"), a bishop pair, pawn structure (passed, doubled and
//! isolated pawns), mobility, rooks on open files, and a mop-up term that drives a lone
//! king to the edge and brings the other king to it, so that K+Q v K and
//! K+R v K are mated well within the fifty-move rule.
//!
//! The values and tables are this program's own (written from the usual
//! principles, under its licence): each table is a formula over the square,
//! not copied numbers, so a reader can see why a square is worth what it is.

use shakmaty::{Bitboard, Color, Role, Square};

use crate::rules::Position;

/// Middlegame and endgame value of a pawn, knight, bishop, rook, queen.
const MATERIAL: [(i32, i32); 5] = [(100, 120), (320, 300), (330, 320), (480, 540), (950, 1000)];
/// The phase each piece counts for; the sum at the start is [`FULL_PHASE`].
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
/// The phase of the start position (all pieces on): pure middlegame.
const FULL_PHASE: i32 = 24;
/// Two bishops against fewer.
const BISHOP_PAIR: (i32, i32) = (30, 50);
/// Mop-up: per step of the lone king from the centre, and per step the
/// kings are closer than the greatest distance.
const MOP_UP_EDGE: i32 = 10;
const MOP_UP_CLOSE: i32 = 4;

/// How far a square is from the centre: 0 on d4/e4/d5/e5, 3 in a corner
/// (the larger of the file and rank distances).
const fn centre_distance(sq: usize) -> i32 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    if df > dr { df } else { dr }
}

/// The Manhattan distance to the centre: 0 to 6.
const fn centre_manhattan(sq: usize) -> i32 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    df + dr
}

/// Piece-square values for White (rank 1 at the bottom), middlegame and
/// endgame, for each role but the king's neighbours of the formulas below.
const fn square_value(role: usize, sq: usize) -> (i32, i32) {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let centre = centre_distance(sq);
    match role {
        // Pawns: forward is good, the centre files more so in the
        // middlegame; in the endgame the last ranks are worth a lot.
        0 => {
            let central_file = file == 3 || file == 4;
            let mg = (rank - 1) * 5 + if central_file && rank >= 3 { 15 } else { 0 };
            let eg = match rank {
                2 => 5,
                3 => 10,
                4 => 20,
                5 => 40,
                6 => 70,
                _ => 0,
            };
            (mg, eg)
        }
        // Knights: badly placed at the rim.
        1 => (30 - 15 * centre, 20 - 10 * centre),
        // Bishops: the centre and long diagonals.
        2 => (15 - 6 * centre, 10 - 5 * centre),
        // Rooks: the seventh rank, and central files a little.
        3 => {
            let seventh = if rank == 6 { 20 } else { 0 };
            let files = if file == 3 || file == 4 { 5 } else { 0 };
            (seventh + files, seventh / 2)
        }
        // Queens: a little centralisation, no early adventures needed.
        4 => (6 - 3 * centre, 10 - 5 * centre),
        // King: sheltered on the first rank beside the corner in the
        // middlegame; central in the endgame.
        _ => {
            let shelter = match file {
                1 | 2 | 6 => 20,
                0 | 7 => 10,
                _ => -10,
            };
            (shelter - 25 * rank, 30 - 12 * centre_manhattan(sq))
        }
    }
}

/// The tables, built at compile time: `[role][square]` for White.
const TABLES: [[(i32, i32); 64]; 6] = {
    let mut t = [[(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[role][sq] = square_value(role, sq);
            sq += 1;
        }
        role += 1;
    }
    t
};

/// The side to move's score, positive when it is better.
///
/// ```
/// use antichess::rules::{Position, Ruleset};
/// use antichess::search::eval_chess::evaluate;
/// assert_eq!(evaluate(&Position::new(Ruleset::CHESS)), 0);
/// let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Ruleset::CHESS).unwrap();
/// assert!(evaluate(&up_a_queen) > 900);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        for (i, role) in Role::ALL.into_iter().enumerate() {
            for sq in board.by_piece(color, role) {
                let index = if color == Color::White {
                    sq as usize
                } else {
                    sq.flip_vertical() as usize
                };
                let (m, e) = TABLES[i][index];
                mg += sign * m;
                eg += sign * e;
                if i < 5 {
                    mg += sign * MATERIAL[i].0;
                    eg += sign * MATERIAL[i].1;
                    phase += PHASE[i];
                }
            }
        }
        if board.by_piece(color, Role::Bishop).more_than_one() {
            mg += sign * BISHOP_PAIR.0;
            eg += sign * BISHOP_PAIR.1;
        }
        let (m, e) = pawn_structure(board, color);
        let (m2, e2) = activity(board, color);
        mg += sign * (m + m2);
        eg += sign * (e + e2);
    }
    let phase = phase.min(FULL_PHASE);
    let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE + mop_up(pos);
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// Passed pawns (by how far they have gone), doubled and isolated pawns.
const PASSED: [(i32, i32); 8] = [
    (0, 0),
    (5, 10),
    (5, 15),
    (10, 25),
    (20, 45),
    (35, 75),
    (60, 120),
    (0, 0),
];
const DOUBLED: (i32, i32) = (-10, -20);
const ISOLATED: (i32, i32) = (-12, -15);
/// Per square a piece attacks that is not its own side's: knights,
/// bishops, rooks, queens.
const MOBILITY: [(i32, i32); 4] = [(4, 4), (4, 5), (2, 4), (1, 2)];
/// A rook on a file without pawns, and without own pawns.
const ROOK_OPEN: (i32, i32) = (25, 10);
const ROOK_HALF_OPEN: (i32, i32) = (12, 6);

/// `color`'s pawn structure (middlegame, endgame).
fn pawn_structure(board: &crate::rules::Board, color: Color) -> (i32, i32) {
    let ours = board.by_piece(color, Role::Pawn);
    let theirs = board.by_piece(color.other(), Role::Pawn);
    let (mut mg, mut eg) = (0, 0);
    for sq in ours {
        let file = sq.file();
        let file_bb = Bitboard::from_file(file);
        let neighbours = shakmaty::File::ALL
            .into_iter()
            .filter(|f| (*f as i32 - file as i32).abs() == 1)
            .fold(Bitboard::EMPTY, |bb, f| bb | Bitboard::from_file(f));
        let ahead = ahead_of(color, sq);
        if (theirs & (file_bb | neighbours) & ahead).is_empty() {
            let rank = if color == Color::White {
                sq.rank() as usize
            } else {
                7 - sq.rank() as usize
            };
            mg += PASSED[rank].0;
            eg += PASSED[rank].1;
        }
        if (ours & file_bb & ahead).any() {
            mg += DOUBLED.0;
            eg += DOUBLED.1;
        }
        if (ours & neighbours).is_empty() {
            mg += ISOLATED.0;
            eg += ISOLATED.1;
        }
    }
    (mg, eg)
}

/// The squares in front of `sq` from `color`'s side (on every file).
fn ahead_of(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank() as u32;
    let mut bb = Bitboard::EMPTY;
    for r in 0..8u32 {
        let in_front = match color {
            Color::White => r > rank,
            Color::Black => r < rank,
        };
        if in_front {
            bb |= Bitboard::from_rank(shakmaty::Rank::new(r));
        }
    }
    bb
}

/// Mobility of `color`'s pieces and its rooks on open files.
fn activity(board: &crate::rules::Board, color: Color) -> (i32, i32) {
    use shakmaty::attacks;
    let occupied = board.occupied();
    let not_ours = !board.by_color(color);
    let (mut mg, mut eg) = (0, 0);
    let roles = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    for (i, role) in roles.into_iter().enumerate() {
        for sq in board.by_piece(color, role) {
            let reach = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, occupied),
                Role::Rook => attacks::rook_attacks(sq, occupied),
                _ => attacks::queen_attacks(sq, occupied),
            };
            let n = (reach & not_ours).count() as i32;
            mg += MOBILITY[i].0 * n;
            eg += MOBILITY[i].1 * n;
        }
    }
    let pawns = board.by_role(Role::Pawn);
    for sq in board.by_piece(color, Role::Rook) {
        let file = Bitboard::from_file(sq.file());
        if (pawns & file).is_empty() {
            mg += ROOK_OPEN.0;
            eg += ROOK_OPEN.1;
        } else if (board.by_piece(color, Role::Pawn) & file).is_empty() {
            mg += ROOK_HALF_OPEN.0;
            eg += ROOK_HALF_OPEN.1;
        }
    }
    (mg, eg)
}

/// For White: when one side has nothing but its king and the other has
/// mating material, a bonus to the stronger side for the lone king's
/// distance from the centre and for its own king's nearness.
fn mop_up(pos: &Position) -> i32 {
    let board = pos.board();
    for strong in [Color::White, Color::Black] {
        let weak = strong.other();
        let lone = board.by_color(weak) == board.by_piece(weak, Role::King);
        let heavy =
            (board.by_color(strong) & (board.rooks_and_queens() | board.by_role(Role::Pawn))).any();
        let (Some(weak_king), Some(strong_king)) = (
            board.by_piece(weak, Role::King).first(),
            board.by_piece(strong, Role::King).first(),
        ) else {
            continue;
        };
        if lone && (heavy || minor_mate(board.by_color(strong), board)) {
            let bonus = MOP_UP_EDGE * centre_manhattan(weak_king as usize)
                + MOP_UP_CLOSE * (14 - king_distance(weak_king, strong_king));
            return if strong == Color::White {
                bonus
            } else {
                -bonus
            };
        }
    }
    0
}

/// Whether minor pieces alone can mate: two bishops or bishop and knight.
fn minor_mate(ours: Bitboard, board: &crate::rules::Board) -> bool {
    let bishops = (ours & board.by_role(Role::Bishop)).count();
    let knights = (ours & board.by_role(Role::Knight)).count();
    bishops >= 2 || (bishops >= 1 && knights >= 1)
}

/// The Manhattan distance between two squares.
fn king_distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen, Ruleset::CHESS).unwrap())
    }

    #[test]
    fn symmetric_positions_score_zero_for_either_side() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            0
        );
        let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3");
        assert_eq!(white, -black);
    }

    #[test]
    fn mop_up_prefers_the_lone_king_in_a_corner() {
        let cornered = eval("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let central = eval("8/8/8/3k4/8/8/2K5/7R w - - 0 1");
        assert!(cornered > central, "{cornered} {central}");
    }

    #[test]
    fn knights_prefer_the_centre() {
        assert!(TABLES[1][Square::E4 as usize].0 > TABLES[1][Square::A1 as usize].0);
        assert_eq!(centre_distance(Square::A8 as usize), 3);
    }
}
