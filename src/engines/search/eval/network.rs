//! The antichess network's inputs and weights: the small network of
//! [`crate::engines::search::network`], whose output corrects the weighted
//! terms, with one head per ruleset over a layer they share.
//!
//! Each view sees what antichess is about: every piece by whose it is,
//! its role and its square ([`piece_input`]), and every piece the other
//! side attacks, again by whose, role and square (a second block of the
//! same size): the captures each side would have, which decide who must
//! give what. (Whose turn it is, is which view comes first.)
//!
//! The weights (`network.bin`) are trained by `examples/network.rs` on
//! positions of the engine's own games (`examples/texel.rs games`),
//! scored by Fairy-Stockfish at depth 9
//! (`docs/lab/antichess-network-depth-9.md`; the first network:
//! `docs/lab/antichess-network.md`). Under the 2007 rules the engine
//! uses `network-2007.bin`, the same network trained with positions of
//! games against Fairy-Stockfish added, which did better there at 60 s
//! (`docs/lab/antichess-network-fsf-games.md`).

use std::sync::LazyLock;

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, ByColor, Color, Role};

use crate::engines::search::network::{Network, PIECE_INPUTS, Quantized, Shape, piece_input};
use crate::rules::chess::{Position, Ruleset};

/// Inputs of one view: the pieces, then the pieces attacked.
pub const INPUTS: usize = 2 * PIECE_INPUTS;

/// The rulesets with a head of their own, in the heads' order.
pub const HEADS: [Ruleset; 3] = [
    Ruleset::SPRING_2007,
    Ruleset::SPRING_2007_ENCASTLE,
    Ruleset::SPRING_2004,
];

/// Units of the network's layer.
pub const HIDDEN: usize = 32;

/// The network's shape: a head per ruleset; at most 64 pieces (a set-up
/// position may have more than 32), each attacked or not.
pub const SHAPE: Shape = Shape {
    inputs: INPUTS,
    heads: HEADS.len(),
    most_active: 128,
};

/// The head of `ruleset` (a ruleset without one: past the last, which
/// corrects nothing).
pub fn head(ruleset: Ruleset) -> usize {
    HEADS
        .iter()
        .position(|&r| r == ruleset)
        .unwrap_or(HEADS.len())
}

/// The inputs of `pos` seen from `view`, where `reach` holds the squares
/// each side attacks, square by square (the order `examples/network.rs`
/// sums them in when it trains).
pub fn inputs(pos: &Position, view: Color, reach: &ByColor<Bitboard>) -> ArrayVec<u16, 128> {
    let board = pos.board();
    let mut list = ArrayVec::new();
    for square in board.occupied() {
        if let Some(piece) = board.piece_at(square) {
            let input = piece_input(view, piece.color, piece.role, square);
            list.push(input as u16);
            if reach[!piece.color].contains(square) {
                list.push((PIECE_INPUTS + input) as u16);
            }
        }
    }
    list
}

/// The correction for the side to move of `pos`, in centipawns, where
/// `reach` holds the squares each side attacks.
pub fn correction(net: &Quantized<HIDDEN>, pos: &Position, reach: &ByColor<Bitboard>) -> i32 {
    let board = pos.board();
    // The layer's sums seen from White and from Black, in one pass over
    // the pieces kind by kind.
    let (mut white, mut black) = (net.empty(), net.empty());
    for color in Color::ALL {
        let attacked = reach[!color];
        for role in Role::ALL {
            for square in board.by_piece(color, role) {
                let w = piece_input(Color::White, color, role, square);
                let b = piece_input(Color::Black, color, role, square);
                net.add(&mut white, w);
                net.add(&mut black, b);
                if attacked.contains(square) {
                    net.add(&mut white, PIECE_INPUTS + w);
                    net.add(&mut black, PIECE_INPUTS + b);
                }
            }
        }
    }
    let head = head(pos.ruleset());
    match pos.turn() {
        Color::White => net.output(&white, &black, head),
        Color::Black => net.output(&black, &white, head),
    }
}

/// The trained network, read once and checked ([`Network::quantized`]):
/// the one of every ruleset but 2007.
pub static NETWORK: LazyLock<Option<Quantized<HIDDEN>>> =
    LazyLock::new(|| read(include_bytes!("network.bin")));

/// The network of the 2007 rules: the same shape and settings, trained
/// with positions of games against Fairy-Stockfish added
/// (`docs/lab/antichess-network-fsf-games.md`).
pub static NETWORK_2007: LazyLock<Option<Quantized<HIDDEN>>> =
    LazyLock::new(|| read(include_bytes!("network-2007.bin")));

/// The network that corrects the evaluation under `ruleset`.
pub fn network(ruleset: Ruleset) -> Option<&'static Quantized<HIDDEN>> {
    if ruleset == Ruleset::SPRING_2007 {
        NETWORK_2007.as_ref()
    } else {
        NETWORK.as_ref()
    }
}

/// A network of [`SHAPE`] from its stored bytes, checked.
fn read(bytes: &[u8]) -> Option<Quantized<HIDDEN>> {
    Network::<HIDDEN>::from_bytes(bytes, SHAPE).and_then(|net| net.quantized())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::search::eval::reach;

    #[test]
    fn attacked_pieces_are_seen_from_both_sides() {
        // Black's rook on a8 attacks White's knight on a2.
        let pos =
            Position::from_fen("r6k/8/8/8/8/8/N7/7K w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let reach = reach(&pos);
        let white = inputs(&pos, Color::White, &reach);
        let black = inputs(&pos, Color::Black, &reach);
        let knight = piece_input(
            Color::White,
            Color::White,
            Role::Knight,
            shakmaty::Square::A2,
        );
        assert!(white.contains(&(knight as u16)));
        assert!(white.contains(&((PIECE_INPUTS + knight) as u16)));
        // Four pieces, one of them attacked.
        assert_eq!(white.len(), 5);
        // From Black's side the knight is the other side's, on a7.
        let theirs = piece_input(
            Color::Black,
            Color::White,
            Role::Knight,
            shakmaty::Square::A2,
        );
        assert!(black.contains(&((PIECE_INPUTS + theirs) as u16)));
        assert_eq!(black.len(), 5);
    }

    #[test]
    fn each_ruleset_has_its_head() {
        assert_eq!(head(Ruleset::SPRING_2007), 0);
        assert_eq!(head(Ruleset::SPRING_2004), 2);
        assert_eq!(head(Ruleset::CHESS), 3);
    }

    #[test]
    fn the_2007_rules_have_their_own_network() {
        let is = |r, net: &LazyLock<Option<Quantized<HIDDEN>>>| {
            std::ptr::eq(network(r).unwrap(), net.as_ref().unwrap())
        };
        assert!(is(Ruleset::SPRING_2007, &NETWORK_2007));
        assert!(is(Ruleset::SPRING_2004, &NETWORK));
        assert!(is(Ruleset::SPRING_2007_ENCASTLE, &NETWORK));
    }

    #[test]
    fn the_trained_networks_read_and_swapping_the_colours_changes_nothing() {
        for ruleset in HEADS {
            let net = network(ruleset).expect("the network reads and fits i16");
            let a = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR b - - 0 2";
            let b = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2";
            let a = Position::from_fen(a, ruleset).unwrap();
            let b = Position::from_fen(b, ruleset).unwrap();
            let c = correction(net, &a, &reach(&a));
            assert_eq!(c, correction(net, &b, &reach(&b)));
        }
    }
}
