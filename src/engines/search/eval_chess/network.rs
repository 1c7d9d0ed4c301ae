//! A small network that corrects the weighted features: inputs of the
//! NNUE kind (each piece by whose it is, its role and its square, seen
//! from each side in turn), one layer of [`HIDDEN`] units shared by both
//! views and clipped to 0..1, and an output over the side to move's units
//! then the other's, in centipawns, added to the features' sum.
//!
//! The weights (`network.bin`: little-endian `f32`, the first layer by
//! input, its biases, the output weights, the output bias) are trained by
//! `examples/network.rs` on positions scored by another engine; the
//! evaluation computes the layer afresh at each call (a few dozen pieces
//! times [`HIDDEN`] additions of `i16`, which the compiler turns into
//! vector instructions).

use std::sync::LazyLock;

use arrayvec::ArrayVec;
use shakmaty::{Color, Role, Square};

use crate::rules::chess::Board;

/// Inputs of one view: own and other pieces, six roles, 64 squares.
pub const INPUTS: usize = 768;
/// Units of the layer.
pub const HIDDEN: usize = 32;
/// The output is this many centipawns per unit of the weighted sum.
pub const OUTPUT_SCALE: f32 = 100.0;

/// The input of a `color` `role` on `square` seen from `view`: the board
/// turned so that `view` plays up it.
pub fn input(view: Color, color: Color, role: Role, square: Square) -> usize {
    let theirs = usize::from(color != view);
    let square = if view.is_white() {
        square as usize
    } else {
        square as usize ^ 56
    };
    theirs * 384 + (role as usize - 1) * 64 + square
}

/// The inputs of `board` seen from `view`, square by square (the order
/// `examples/network.rs` sums them in when it trains).
pub fn inputs(board: &Board, view: Color) -> ArrayVec<u16, 64> {
    let mut list = ArrayVec::new();
    for square in board.occupied() {
        if let Some(piece) = board.piece_at(square) {
            list.push(input(view, piece.color, piece.role, square) as u16);
        }
    }
    list
}

/// The network's weights.
pub struct Network {
    /// The first layer's weights, by input.
    pub layer: Box<[[f32; HIDDEN]; INPUTS]>,
    /// The first layer's biases.
    pub bias: [f32; HIDDEN],
    /// The output weights: the side to move's units, then the other's.
    pub output: [f32; 2 * HIDDEN],
    /// The output bias.
    pub output_bias: f32,
}

/// The network's size in bytes as `network.bin` stores it.
pub const BYTES: usize = 4 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1);

impl Network {
    /// Reads the weights from `bytes` (see the module's documentation);
    /// `None` if there are not exactly [`BYTES`] of them.
    pub fn from_bytes(bytes: &[u8]) -> Option<Network> {
        if bytes.len() != BYTES {
            return None;
        }
        let mut floats = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut next = || floats.next().unwrap_or(0.0);
        let mut layer = Box::new([[0.0; HIDDEN]; INPUTS]);
        for row in layer.iter_mut() {
            row.iter_mut().for_each(|w| *w = next());
        }
        let mut bias = [0.0; HIDDEN];
        bias.iter_mut().for_each(|w| *w = next());
        let mut output = [0.0; 2 * HIDDEN];
        output.iter_mut().for_each(|w| *w = next());
        let output_bias = next();
        Some(Network {
            layer,
            bias,
            output,
            output_bias,
        })
    }

    /// The weights as `network.bin` stores them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let floats = self
            .layer
            .iter()
            .flatten()
            .chain(&self.bias)
            .chain(&self.output)
            .chain(std::iter::once(&self.output_bias));
        floats.flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The weights in integers ([`Quantized`]); `None` if a layer's sum
    /// could leave `i16` on a board of 64 pieces (the weights of a network
    /// trained as `examples/network.rs` does stay far inside).
    pub fn quantized(&self) -> Option<Quantized> {
        let q = |w: f32| (w * ONE as f32).round() as i32;
        let widest = self.layer.iter().flatten().map(|&w| q(w).abs()).max();
        let bias = self.bias.iter().map(|&w| q(w).abs()).max();
        let (widest, bias) = (widest.unwrap_or(0), bias.unwrap_or(0));
        if 64 * widest + bias > i32::from(i16::MAX) {
            return None;
        }
        let q16 = |w: f32| q(w) as i16;
        let mut layer = Box::new([[0; HIDDEN]; INPUTS]);
        for (row, from) in layer.iter_mut().zip(self.layer.iter()) {
            *row = from.map(q16);
        }
        Some(Quantized {
            layer,
            bias: self.bias.map(q16),
            output: self.output.map(q),
            output_bias: q(self.output_bias) * ONE,
        })
    }
}

/// A weight or unit of 1.0 in [`Quantized`] arithmetic.
const ONE: i32 = 256;

/// The network in integers, each weight rounded to 1/[`ONE`]: sums in any
/// order give the same score, so a position and its mirror image with the
/// colours swapped score alike. The first layer is in `i16`, so that a
/// vector instruction adds twice as many of its weights as of `i32`.
pub struct Quantized {
    layer: Box<[[i16; HIDDEN]; INPUTS]>,
    bias: [i16; HIDDEN],
    output: [i32; 2 * HIDDEN],
    /// In units of `ONE * ONE`.
    output_bias: i32,
}

impl Quantized {
    /// The correction for the side to move, `turn`, in centipawns.
    pub fn correction(&self, board: &Board, turn: Color) -> i32 {
        // The layer's sums seen from White and from Black, in one pass
        // over the pieces kind by kind.
        let mut sums = [self.bias; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.by_piece(color, role) {
                    for (sum, view) in sums.iter_mut().zip(Color::ALL) {
                        let row = &self.layer[input(view, color, role, square)];
                        for (s, w) in sum.iter_mut().zip(row) {
                            *s += w;
                        }
                    }
                }
            }
        }
        let [ours, theirs] = if turn.is_white() {
            sums
        } else {
            [sums[1], sums[0]]
        };
        let (a, b) = self.output.split_at(HIDDEN);
        let unit = |s: i16| i32::from(s).clamp(0, ONE);
        let mut sum = self.output_bias;
        for i in 0..HIDDEN {
            sum += unit(ours[i]) * a[i] + unit(theirs[i]) * b[i];
        }
        // Centipawns: OUTPUT_SCALE per unit of ONE * ONE.
        (i64::from(sum) * OUTPUT_SCALE as i64 / i64::from(ONE * ONE)) as i32
    }
}

/// The trained network, read once.
pub static NETWORK: LazyLock<Option<Quantized>> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("network.bin")).and_then(|net| net.quantized())
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
        let white = input(Color::White, Color::White, Role::Pawn, E2);
        assert_eq!(white, input(Color::Black, Color::Black, Role::Pawn, E7));
        assert_eq!(white, 12);
        assert_eq!(
            input(Color::Black, Color::White, Role::King, E2),
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
        assert_eq!(bytes.len(), BYTES);
        let net = Network::from_bytes(bytes).unwrap();
        assert_eq!(net.to_bytes(), bytes);
        assert!(Network::from_bytes(&bytes[1..]).is_none());
        assert!(Network::from_bytes(&[]).is_none());
    }

    #[test]
    fn weights_whose_sums_could_overflow_are_refused() {
        let mut net = Network::from_bytes(include_bytes!("network.bin")).unwrap();
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
            let c = net.correction(&a, a_turn);
            assert_eq!(c, net.correction(&b, b_turn));
            corrections.push(c);
        }
        // A network of zeros would correct nothing anywhere.
        assert_ne!(corrections[0], corrections[1]);
    }
}
