//! The static evaluation under orthodox chess: a sum of weighted features
//! (material, piece-square values, the bishop pair, pawn structure, a
//! passed pawn's way and the kings' distance to it, mobility, outposts,
//! rooks on open files and the seventh rank, attacks on the king's zone
//! and its pawn shield, threats, the move), each with a middlegame and an
//! endgame weight blended by the game phase ("tapered"), the endgame sum
//! scaled where the side it favours has few ways to win (`scale.rs`), and
//! a mop-up term that drives a lone king to the edge and brings the other
//! king to it, so that K+Q v K and K+R v K are mated well within the
//! fifty-move rule. A small network (`network.rs`), trained on positions
//! another engine scored, adds its correction to that sum.
//!
//! The features are in `features.rs`, counted here and in `pawns.rs`,
//! `passed.rs` and `king_safety.rs`; the weights (`weights.rs`) are fitted
//! to the results of games the engine played against itself (Texel's
//! method: `examples/texel.rs`, whose documentation has the commands, and
//! `docs/chess.md`).

pub mod features;
mod king_safety;
mod mop_up;
pub mod network;
mod passed;
mod pawn_cache;
mod pawns;
pub mod scale;
mod weights;

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Color, Role, attacks};

use crate::rules::chess::{Board, Position, pawn_attacks};
use features::{
    BISHOP_PAIR, BISHOP_PAWNS, HANGING, KING_PAWN_DISTANCE, MATERIAL, MINOR_BEHIND_PAWN,
    MINOR_THREATS, MOBILITY, OUTPOST, PAWN_THREATS, ROOK_HALF_OPEN, ROOK_OPEN, ROOK_SEVENTH,
    ROOK_THREATS, SQUARES, TEMPO, folded,
};
use king_safety::Assault;
pub use mop_up::mop_up;
pub use weights::WEIGHTS;

/// The phase each piece counts for; the sum at the start is [`FULL_PHASE`].
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
/// The phase of the start position (all pieces on): pure middlegame.
pub const FULL_PHASE: i32 = 24;

/// What the features are told to: each feature's count as it is found.
pub trait Sink {
    /// Adds `count` to the feature at `feature`.
    fn add(&mut self, feature: usize, count: i32);
}

/// The weighted sum of the features, middlegame and endgame, packed in one
/// integer as Stockfish packs its scores (the endgame sum times 2^16 plus
/// the middlegame sum), so that a feature costs one multiplication and one
/// addition. Either sum unpacks exactly while it stays within 16 bits
/// (a queen is worth about 1,000); the arithmetic in between wraps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tapered(i32);

/// [`WEIGHTS`] packed as [`Tapered`] packs its sums.
const PACKED: [i32; features::COUNT] = {
    let mut packed = [0; features::COUNT];
    let mut i = 0;
    while i < features::COUNT {
        let (mg, eg) = WEIGHTS[i];
        packed[i] = (eg as i32) * (1 << 16) + mg as i32;
        i += 1;
    }
    packed
};

impl Tapered {
    /// The middlegame sum.
    fn mg(self) -> i32 {
        i32::from(self.0 as u16 as i16)
    }

    /// The endgame sum.
    fn eg(self) -> i32 {
        i32::from((self.0.wrapping_add(1 << 15) >> 16) as i16)
    }
}

impl Sink for Tapered {
    fn add(&mut self, feature: usize, count: i32) {
        self.0 = self.0.wrapping_add(PACKED[feature].wrapping_mul(count));
    }
}

/// The side to move's score, positive when it is better: the weighted
/// features ([`evaluate_features`]) and the network's correction.
///
/// Where the game is as good as won the network's targets no longer
/// change with the score, and its correction is free to wander: it takes
/// some 360 centipawns off a lone queen's lead, which stays a win.
///
/// ```
/// use antichess::rules::chess::{Position, Ruleset};
/// use antichess::engines::search::eval_chess::{evaluate, evaluate_features};
/// let start = evaluate(&Position::new(Ruleset::CHESS));
/// assert!(start.abs() < 50);
/// let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Ruleset::CHESS).unwrap();
/// assert!(evaluate_features(&up_a_queen) > 700);
/// assert!(evaluate(&up_a_queen) > 300);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let correction = network::NETWORK
        .as_ref()
        .map_or(0, |net| network::correction(net, pos.board(), pos.turn()));
    evaluate_features(pos) + correction
}

/// The weighted features alone, without the network's correction, for
/// the side to move.
pub fn evaluate_features(pos: &Position) -> i32 {
    let mut sum = Tapered::default();
    let pawns = pawn_cache::structure(pos.board());
    let phase = all_but_pawns(pos, pawns.passed, &mut sum);
    let sum = Tapered(sum.0.wrapping_add(pawns.score.0));
    let (mg, mut eg) = (sum.mg(), sum.eg());
    if let Some(strong) = scale::scaled_side(eg > 0, phase >= FULL_PHASE) {
        let passed = strong.fold_wb(pawns.passed[0], pawns.passed[1]);
        eg = eg * scale::endgame_scale(pos.board(), strong, passed) / scale::NORMAL;
    }
    let white = taper(mg, eg, phase) + mop_up(pos);
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// The endgame scale ([`scale::endgame_scale`]) where the endgame score
/// favours White, then where it favours Black.
pub fn endgame_scales(pos: &Position) -> [i32; 2] {
    let board = pos.board();
    [Color::White, Color::Black].map(|c| scale::endgame_scale(board, c, pawns::passed(board, c)))
}

/// The middlegame and endgame scores blended by the phase.
pub fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Tells `sink` every feature's count in `pos` (White's less Black's);
/// returns the game phase, from 0 (kings and pawns) to [`FULL_PHASE`].
pub fn features(pos: &Position, sink: &mut impl Sink) -> i32 {
    let board = pos.board();
    pawns::count(board, sink);
    let passed = [Color::White, Color::Black].map(|c| pawns::passed(board, c));
    all_but_pawns(pos, passed, sink)
}

/// Tells `sink` the count of every feature but the pawns' own
/// ([`pawns::count`]), given each side's passed pawns (White's, then
/// Black's); returns the game phase.
fn all_but_pawns(pos: &Position, passed: [Bitboard; 2], sink: &mut impl Sink) -> i32 {
    let board = pos.board();
    let (mut white, mut black) = (Attacks::default(), Attacks::default());
    white.count(board, Color::White);
    black.count(board, Color::Black);
    let [white_passed, black_passed] = passed;
    let mut phase = side(
        board,
        Color::White,
        &white,
        &black,
        white_passed,
        &mut Signed(sink, 1),
    );
    phase += side(
        board,
        Color::Black,
        &black,
        &white,
        black_passed,
        &mut Signed(sink, -1),
    );
    sink.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
    phase.min(FULL_PHASE)
}

/// A sink that counts for White (sign 1) or for Black (sign -1).
struct Signed<'a, S>(&'a mut S, i32);

impl<S: Sink> Sink for Signed<'_, S> {
    fn add(&mut self, feature: usize, count: i32) {
        self.0.add(feature, self.1 * count);
    }
}

/// What one side attacks.
#[derive(Default)]
struct Attacks {
    pawns: Bitboard,
    /// By knights and bishops.
    minors: Bitboard,
    /// By rooks.
    rooks: Bitboard,
    /// By any piece.
    all: Bitboard,
    /// Each knight, bishop, rook and queen: its kind (0 to 3) and what it
    /// attacks (for mobility and the attack on the king).
    pieces: ArrayVec<(usize, Bitboard), 64>,
}

impl Attacks {
    /// What `color` attacks on `board`, written into an empty `self` (in
    /// the caller's frame: the list of pieces is never copied).
    fn count(&mut self, board: &Board, color: Color) {
        let occupied = board.occupied();
        let pawns = pawn_attacks(board.by_piece(color, Role::Pawn), color);
        let (mut minors, mut rooks, mut all) = (Bitboard::EMPTY, Bitboard::EMPTY, pawns);
        let pieces = &mut self.pieces;
        // Knight to queen: 0 to 3.
        for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            for sq in board.by_piece(color, role) {
                let reach = attacks::attacks(sq, role.of(color), occupied);
                match role {
                    Role::Knight | Role::Bishop => minors |= reach,
                    Role::Rook => rooks |= reach,
                    _ => {}
                }
                pieces.push((i, reach));
                all |= reach;
            }
        }
        for sq in board.by_piece(color, Role::King) {
            all |= attacks::king_attacks(sq);
        }
        (self.pawns, self.minors, self.rooks, self.all) = (pawns, minors, rooks, all);
    }
}

/// Counts `color`'s features but its pawns' own into `sink` (`passed`:
/// its passed pawns); returns its share of the phase.
fn side(
    board: &Board,
    color: Color,
    ours: &Attacks,
    theirs: &Attacks,
    passed: Bitboard,
    sink: &mut impl Sink,
) -> i32 {
    let mut phase = 0;
    // The pawns' material and squares are the pawns' own count.
    for (i, role) in Role::ALL.into_iter().enumerate().skip(1) {
        for sq in board.by_piece(color, role) {
            let own_side = if color == Color::White {
                sq
            } else {
                sq.flip_vertical()
            };
            sink.add(SQUARES + 32 * i + folded(own_side as usize), 1);
            if i < 5 {
                sink.add(MATERIAL + i, 1);
                phase += PHASE[i];
            }
        }
    }
    if board.by_piece(color, Role::Bishop).more_than_one() {
        sink.add(BISHOP_PAIR, 1);
    }
    pieces(board, color, ours, theirs, sink);
    king_safety::shelter(board, color, sink);
    let enemy = board.by_color(color.other());
    let targets = enemy & !board.by_role(Role::King);
    sink.add(
        PAWN_THREATS,
        (ours.pawns & targets & !board.by_role(Role::Pawn)).count() as i32,
    );
    sink.add(
        MINOR_THREATS,
        (ours.minors & enemy & board.rooks_and_queens()).count() as i32,
    );
    sink.add(HANGING, (ours.all & targets & !theirs.all).count() as i32);
    sink.add(
        ROOK_THREATS,
        (ours.rooks & enemy & board.by_role(Role::Queen)).count() as i32,
    );
    passed::count(board, color, passed, theirs.all, sink);
    phase
}

/// Mobility, the attack on the enemy king, and rooks on open files.
fn pieces(board: &Board, color: Color, ours: &Attacks, theirs: &Attacks, sink: &mut impl Sink) {
    let area = !board.by_color(color) & !theirs.pawns;
    let mut assault = Assault::on(board, color, theirs.all);
    for &(i, reach) in &ours.pieces {
        sink.add(MOBILITY[i] + (reach & area).count(), 1);
        assault.piece(i, reach, sink);
    }
    assault.finish(sink);
    let pawns = board.by_role(Role::Pawn);
    for sq in board.by_piece(color, Role::Rook) {
        let file = Bitboard::from_file(sq.file());
        if (pawns & file).is_empty() {
            sink.add(ROOK_OPEN, 1);
        } else if (board.by_piece(color, Role::Pawn) & file).is_empty() {
            sink.add(ROOK_HALF_OPEN, 1);
        }
        if pawns::relative_rank(color, sq) == 6 {
            sink.add(ROOK_SEVENTH, 1);
        }
    }
    outposts(board, color, ours, sink);
    minors_and_pawns(board, color, sink);
}

/// Each bishop's own pawns on its colour, the knights and bishops right
/// behind a pawn, and the king's distance to its nearest pawn.
fn minors_and_pawns(board: &Board, color: Color, sink: &mut impl Sink) {
    let own_pawns = board.by_piece(color, Role::Pawn);
    for sq in board.by_piece(color, Role::Bishop) {
        let colour = if sq.is_light() {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        sink.add(BISHOP_PAWNS, (own_pawns & colour).count() as i32);
    }
    let minors =
        board.by_color(color) & (board.by_role(Role::Knight) | board.by_role(Role::Bishop));
    let in_front = match color {
        Color::White => board.by_role(Role::Pawn).shift(-8),
        Color::Black => board.by_role(Role::Pawn).shift(8),
    };
    sink.add(MINOR_BEHIND_PAWN, (minors & in_front).count() as i32);
    if let Some(king) = board.by_piece(color, Role::King).first()
        && let Some(nearest) = own_pawns.into_iter().map(|p| king.distance(p)).min()
    {
        sink.add(KING_PAWN_DISTANCE, nearest as i32);
    }
}

/// Knights and bishops on outposts: the fourth to sixth rank from their
/// side, defended by a pawn, and out of every enemy pawn's reach for good.
fn outposts(board: &Board, color: Color, ours: &Attacks, sink: &mut impl Sink) {
    let enemy_pawns = board.by_piece(color.other(), Role::Pawn);
    for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        for sq in board.by_piece(color, role) & ours.pawns {
            let beside = pawns::files_beside(sq.file());
            if (3..=5).contains(&pawns::relative_rank(color, sq))
                && (enemy_pawns & beside & pawns::ahead_of(color, sq)).is_empty()
            {
                sink.add(OUTPOST + i, 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen, Ruleset::CHESS).unwrap())
    }

    /// Collects the features' counts.
    struct Counts(Vec<i32>);

    impl Sink for Counts {
        fn add(&mut self, feature: usize, count: i32) {
            self.0[feature] += count;
        }
    }

    fn counts(fen: &str) -> (Vec<i32>, i32) {
        let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
        let mut c = Counts(vec![0; features::COUNT]);
        let phase = features(&pos, &mut c);
        (c.0, phase)
    }

    #[test]
    fn mirrored_positions_score_alike_for_their_side_to_move() {
        let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(white, black);
        let (start, phase) = counts("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(phase, FULL_PHASE);
        // Only the move tells the sides apart.
        let nonzero: Vec<usize> = (0..features::COUNT).filter(|&i| start[i] != 0).collect();
        assert_eq!(nonzero, [TEMPO]);
    }

    #[test]
    fn the_features_count_what_they_say() {
        // White: a knight on c3 and a rook on the open e file; Black's
        // passed pawn on b4 attacks the knight.
        let (c, phase) = counts("4k3/8/8/4q3/1p6/2N5/8/4RK2 w - - 0 1");
        assert_eq!(phase, 1 + 2 + 4);
        assert_eq!(c[MATERIAL + 1], 1);
        assert_eq!(c[MATERIAL + 4], -1);
        assert_eq!(c[ROOK_OPEN], 1);
        assert_eq!(c[PAWN_THREATS], -1);
        // The queen is attacked by the rook and defended by nothing; the
        // knight is attacked by the pawn and defended by nothing.
        assert_eq!(c[HANGING], 1 - 1);
        assert_eq!(c[features::PASSED + 4], -1);
        assert_eq!(c[TEMPO], 1);
    }

    #[test]
    fn outposts_the_seventh_rank_threats_and_backward_pawns_count() {
        // White's knight on d5 is defended by e4 and no Black pawn can
        // reach it; the rook on a7 is on the seventh and attacks h7's queen.
        let (c, _) = counts("4k3/R6q/8/3N4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!((c[OUTPOST], c[OUTPOST + 1]), (1, 0));
        assert_eq!(c[ROOK_SEVENTH], 1);
        assert_eq!(c[ROOK_THREATS], 1);
        // A Black pawn on c7 can come to c6 and attack the knight.
        let (c, _) = counts("4k3/R1p4q/8/3N4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(c[OUTPOST], 0);
        // d3 cannot be defended by a pawn and c5 attacks d4; c5 itself is
        // defended by b6.
        let (c, _) = counts("4k3/8/1p6/2p5/8/3P4/8/4K3 w - - 0 1");
        assert_eq!(c[features::BACKWARD], 1);
        // White's bishop on c1 has all four of its pawns on its dark
        // squares; the knight on d3 stands right behind d4. White's king
        // on g1 is 1 from f2, Black's on e8 is 3 from its pawn on e5.
        let (c, _) = counts("4k3/8/8/4p3/3P4/3NP3/3P1P2/2B3K1 w - - 0 1");
        assert_eq!(c[BISHOP_PAWNS], 4);
        assert_eq!(c[MINOR_BEHIND_PAWN], 1);
        assert_eq!(c[KING_PAWN_DISTANCE], 1 - 3);
    }

    #[test]
    fn the_pawn_shield_counts_pawns_in_front_of_the_king() {
        let (c, _) = counts("6k1/5p2/6p1/8/8/8/5PPP/6K1 w - - 0 1");
        assert_eq!(c[features::SHIELD], 3 - 1);
        assert_eq!(c[features::SHIELD + 1], -1);
        assert_eq!(c[features::KING_OPEN_FILES], -1);
    }

    #[test]
    fn an_attack_on_the_king_counts_its_pieces_checks_and_danger() {
        // White's queen on h5 and knight on g5 both reach Black's king's
        // zone (g8): f7 and h7. Neither has a safe check: the king defends
        // f7 and h7, and the pawns block the rest.
        let (c, _) = counts("6k1/5p1p/8/6NQ/8/8/8/6K1 w - - 0 1");
        assert_eq!(c[features::KING_ATTACKS], 2, "knight on f7 and h7");
        assert_eq!(c[features::KING_ATTACKS + 3], 2, "queen on f7 and h7");
        assert_eq!(c[features::SAFE_CHECKS + 3], 0);
        // Two attackers: knight 2 + 2 squares, queen 5 + 2 squares.
        assert_eq!(c[features::KING_DANGER + 11], 1);
        // A lone rook with a safe check from the open file counts only
        // its check.
        let (c, _) = counts("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
        assert_eq!(c[features::SAFE_CHECKS + 2], 1, "Rd8");
        assert_eq!(c[features::KING_DANGER + 3], 1);
        let danger: i32 = (0..features::DANGER_UNITS)
            .map(|u| c[features::KING_DANGER + u])
            .sum();
        assert_eq!(danger, 1);
    }

    #[test]
    fn the_packed_sums_are_the_weighted_counts() {
        // Quiet, tactical, lopsided (nine queens) and bare positions; the
        // endgame sum scaled for the side it favours.
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 8",
            "6k1/5p1p/8/6NQ/8/8/8/6K1 w - - 0 1",
            "QQQQQQQQ/Q7/8/8/8/8/8/K5k1 b - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
            let mut c = Counts(vec![0; features::COUNT]);
            let phase = features(&pos, &mut c);
            let (mut mg, mut eg) = (0, 0);
            for (count, (m, e)) in c.0.iter().zip(WEIGHTS) {
                mg += count * i32::from(m);
                eg += count * i32::from(e);
            }
            if let Some(strong) = scale::scaled_side(eg > 0, phase >= FULL_PHASE) {
                let [white, black] = endgame_scales(&pos);
                eg = eg * strong.fold_wb(white, black) / scale::NORMAL;
            }
            let white = taper(mg, eg, phase) + mop_up(&pos);
            let ours = if pos.turn() == Color::White {
                white
            } else {
                -white
            };
            assert_eq!(evaluate_features(&pos), ours, "{fen}");
        }
    }

    #[test]
    fn mop_up_prefers_the_lone_king_in_a_corner() {
        let cornered = eval("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let central = eval("8/8/8/3k4/8/8/2K5/7R w - - 0 1");
        assert!(cornered > central, "{cornered} {central}");
    }
}
