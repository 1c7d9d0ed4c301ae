//! The chess network's inputs and weights: the small network of
//! [`crate::engines::search::network`] with inputs of the NNUE kind (each
//! piece by whose it is, its role and its square, seen from each side in
//! turn) and one head, whose output is added to the features' sum.
//!
//! The weights (`network.bin`) are trained by `examples/network.rs` on
//! positions scored by another engine.

use std::sync::LazyLock;

use arrayvec::ArrayVec;
use shakmaty::{Color, Role};

use crate::rules::chess::Board;

use crate::engines::search::network::{Network, PIECE_INPUTS, Quantized, Shape, piece_input};

/// The inputs of `board` seen from `view`, square by square (the order
/// `examples/network.rs` sums them in when it trains).
pub fn inputs(board: &Board, view: Color) -> ArrayVec<u16, 64> {
    let mut list = ArrayVec::new();
    for square in board.occupied() {
        if let Some(piece) = board.piece_at(square) {
            list.push(piece_input(view, piece.color, piece.role, square) as u16);
        }
    }
    list
}

/// Units of the network's layer.
pub const HIDDEN: usize = 32;

/// The network's shape: one head, at most 64 pieces.
pub const SHAPE: Shape = Shape {
    inputs: PIECE_INPUTS,
    heads: 1,
    most_active: 64,
};

/// The correction for the side to move, `turn`, in centipawns.
pub fn correction(net: &Quantized<HIDDEN>, board: &Board, turn: Color) -> i32 {
    // The layer's sums seen from White and from Black, in one pass over
    // the pieces kind by kind.
    let mut sums = [net.empty(); 2];
    for color in Color::ALL {
        for role in Role::ALL {
            for square in board.by_piece(color, role) {
                for (sum, view) in sums.iter_mut().zip(Color::ALL) {
                    net.add(sum, piece_input(view, color, role, square));
                }
            }
        }
    }
    let [white, black] = &sums;
    match turn {
        Color::White => net.output(white, black, 0),
        Color::Black => net.output(black, white, 0),
    }
}

/// The trained network, read once.
pub static NETWORK: LazyLock<Option<Quantized<HIDDEN>>> = LazyLock::new(|| {
    Network::<HIDDEN>::from_bytes(include_bytes!("network.bin"), SHAPE)
        .and_then(|net| net.quantized())
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Position, Ruleset};

    fn board(fen: &str) -> (Board, Color) {
        let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
        (*pos.board(), pos.turn())
    }

    #[test]
    fn each_side_sees_its_own_pieces_from_its_own_side() {
        use shakmaty::Square::{E2, E7};
        let white = piece_input(Color::White, Color::White, Role::Pawn, E2);
        assert_eq!(
            white,
            piece_input(Color::Black, Color::Black, Role::Pawn, E7)
        );
        assert_eq!(white, 12);
        assert_eq!(
            piece_input(Color::Black, Color::White, Role::King, E2),
            384 + 5 * 64 + 52
        );
        let (start, _) = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut ours = inputs(&start, Color::White);
        let mut theirs = inputs(&start, Color::Black);
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours.len(), 32);
        assert_eq!(ours, theirs);
    }

    #[test]
    fn the_weights_read_back_as_they_were_written() {
        let bytes = include_bytes!("network.bin");
        assert_eq!(bytes.len(), SHAPE.bytes(HIDDEN));
        let net = Network::<HIDDEN>::from_bytes(bytes, SHAPE).unwrap();
        assert_eq!(net.to_bytes(), bytes);
        assert!(Network::<HIDDEN>::from_bytes(&[], SHAPE).is_none());
    }

    #[test]
    fn weights_whose_sums_could_overflow_are_refused() {
        let mut net = Network::<HIDDEN>::from_bytes(include_bytes!("network.bin"), SHAPE).unwrap();
        assert!(net.quantized().is_some());
        net.layer[5][0] = 1.5;
        assert!(net.quantized().is_some());
        net.layer[5][0] = -2.5;
        assert!(net.quantized().is_none());
    }

    #[test]
    fn the_trained_network_corrects_and_swapping_the_colours_changes_nothing() {
        let net = NETWORK.as_ref().expect("network.bin reads");
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "6k1/5pp1/7p/3n4/8/2B2P2/5KPP/8 b - - 0 40",
                "8/5kpp/2b2p2/8/3N4/7P/5PP1/6K1 w - - 0 40",
            ),
        ];
        let mut corrections = Vec::new();
        for (a, b) in pairs {
            let (a, a_turn) = board(a);
            let (b, b_turn) = board(b);
            let c = correction(net, &a, a_turn);
            assert_eq!(c, correction(net, &b, b_turn));
            corrections.push(c);
        }
        // A network of zeros would correct nothing anywhere.
        assert_ne!(corrections[0], corrections[1]);
    }
}
