//! The small network that corrects an evaluation's hand-made terms, for
//! any game of the 8 x 8 board: sparse inputs of the NNUE kind seen from
//! each side in turn (which inputs is the game's choice: pieces by square,
//! threats), one layer of `H` units (the game's choice too) shared by
//! both views and clipped to 0..1, and an output over the side to move's units then the
//! other's, in centipawns. A network may have several output heads (one
//! per ruleset, say) over the same layer.
//!
//! The weights are stored as little-endian `f32`: the first layer by
//! input, its biases, each head's output weights, each head's bias. They
//! are trained by `examples/network.rs`; the evaluation uses them rounded
//! to integers ([`Quantized`]), checked at load, and computes the layer
//! afresh at each call (a few dozen inputs times `H` additions of `i16`,
//! which the compiler turns into vector instructions).

use shakmaty::{Color, Role, Square};

/// Inputs of one view that say where each piece stands: own and other
/// pieces, six roles, 64 squares ([`piece_input`]).
pub const PIECE_INPUTS: usize = 768;

/// The input of a `color` `role` on `square` seen from `view`: the board
/// turned so that `view` plays up it, its own pieces first.
pub fn piece_input(view: Color, color: Color, role: Role, square: Square) -> usize {
    let theirs = usize::from(color != view);
    let square = if view.is_white() {
        square as usize
    } else {
        square as usize ^ 56
    };
    theirs * 384 + (role as usize - 1) * 64 + square
}

/// The output is this many centipawns per unit of the weighted sum.
pub const OUTPUT_SCALE: f32 = 100.0;

/// A network's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Inputs of one view.
    pub inputs: usize,
    /// Output heads.
    pub heads: usize,
    /// The most inputs a view can have on at once: bounds the layer's
    /// sums, which must stay inside `i16` ([`Network::quantized`]).
    pub most_active: usize,
}

impl Shape {
    /// The size in bytes of a network of this shape with `hidden` units,
    /// as stored.
    pub fn bytes(self, hidden: usize) -> usize {
        4 * (self.inputs * hidden + hidden + self.heads * (2 * hidden + 1))
    }
}

/// The weights of a network with `H` units.
#[derive(Clone, Debug)]
pub struct Network<const H: usize> {
    /// Its size.
    pub shape: Shape,
    /// The first layer's weights, by input.
    pub layer: Vec<[f32; H]>,
    /// The first layer's biases.
    pub bias: [f32; H],
    /// Each head's output weights: over the side to move's units, then
    /// over the other's.
    pub output: Vec<[[f32; H]; 2]>,
    /// Each head's output bias.
    pub output_bias: Vec<f32>,
}

impl<const H: usize> Network<H> {
    /// A network of `shape` with every weight zero.
    pub fn zeros(shape: Shape) -> Network<H> {
        Network {
            shape,
            layer: vec![[0.0; H]; shape.inputs],
            bias: [0.0; H],
            output: vec![[[0.0; H]; 2]; shape.heads],
            output_bias: vec![0.0; shape.heads],
        }
    }

    /// Reads the weights of a network of `shape` from `bytes` (see the
    /// module's documentation); `None` if there are not exactly
    /// [`Shape::bytes`] of them.
    pub fn from_bytes(bytes: &[u8], shape: Shape) -> Option<Network<H>> {
        if bytes.len() != shape.bytes(H) {
            return None;
        }
        let mut net = Network::zeros(shape);
        let floats = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for (w, value) in net.weights_mut().zip(floats) {
            *w = value;
        }
        Some(net)
    }

    /// The weights as stored.
    pub fn to_bytes(&self) -> Vec<u8> {
        let floats = self
            .layer
            .iter()
            .flatten()
            .chain(&self.bias)
            .chain(self.output.iter().flatten().flatten())
            .chain(&self.output_bias);
        floats.flat_map(|w| w.to_le_bytes()).collect()
    }

    /// Every weight, in the order they are stored.
    pub fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.layer
            .iter_mut()
            .flatten()
            .chain(self.bias.iter_mut())
            .chain(self.output.iter_mut().flatten().flatten())
            .chain(self.output_bias.iter_mut())
    }

    /// The weights in integers ([`Quantized`]); `None` if a layer's sum
    /// could leave `i16` with [`Shape::most_active`] inputs on (the
    /// weights of a network trained as `examples/network.rs` does stay far
    /// inside).
    pub fn quantized(&self) -> Option<Quantized<H>> {
        let q = |w: f32| (w * ONE as f32).round() as i32;
        let widest = self.layer.iter().flatten().map(|&w| q(w).abs()).max();
        let bias = self.bias.iter().map(|&w| q(w).abs()).max();
        let (widest, bias) = (widest.unwrap_or(0), bias.unwrap_or(0));
        let most = i32::try_from(self.shape.most_active).ok()?;
        if most.checked_mul(widest)?.checked_add(bias)? > i32::from(i16::MAX) {
            return None;
        }
        let q16 = |w: f32| q(w) as i16;
        Some(Quantized {
            layer: self.layer.iter().map(|row| row.map(q16)).collect(),
            bias: self.bias.map(q16),
            output: self
                .output
                .iter()
                .map(|head| head.map(|view| view.map(q)))
                .collect(),
            output_bias: self.output_bias.iter().map(|&b| q(b) * ONE).collect(),
        })
    }
}

/// A weight or unit of 1.0 in [`Quantized`] arithmetic.
const ONE: i32 = 256;

/// The layer's sums of one view, before clipping.
pub type Sums<const H: usize> = [i16; H];

/// The network in integers, each weight rounded to 1/[`ONE`]: sums in any
/// order give the same score, so a position and its mirror image with the
/// colours swapped score alike. The first layer is in `i16`, so that a
/// vector instruction adds twice as many of its weights as of `i32`.
pub struct Quantized<const H: usize> {
    layer: Vec<[i16; H]>,
    bias: Sums<H>,
    output: Vec<[[i32; H]; 2]>,
    /// In units of `ONE * ONE`.
    output_bias: Vec<i32>,
}

impl<const H: usize> Quantized<H> {
    /// The sums of a view with no input on: the biases.
    pub fn empty(&self) -> Sums<H> {
        self.bias
    }

    /// Adds `input`'s weights to `sums`; an input past the layer adds
    /// nothing.
    #[inline]
    pub fn add(&self, sums: &mut Sums<H>, input: usize) {
        if let Some(row) = self.layer.get(input) {
            for i in 0..H {
                sums[i] = sums[i].wrapping_add(row[i]);
            }
        }
    }

    /// The output of `head` (none past the last: 0) for the side to move
    /// whose sums are `ours`, the other's being `theirs`, in centipawns.
    pub fn output(&self, ours: &Sums<H>, theirs: &Sums<H>, head: usize) -> i32 {
        let (Some([a, b]), Some(&bias)) = (self.output.get(head), self.output_bias.get(head))
        else {
            return 0;
        };
        let unit = |s: i16| i32::from(s).clamp(0, ONE);
        let mut sum = bias;
        for i in 0..H {
            sum += unit(ours[i]) * a[i] + unit(theirs[i]) * b[i];
        }
        // Centipawns: OUTPUT_SCALE per unit of ONE * ONE.
        (i64::from(sum) * OUTPUT_SCALE as i64 / i64::from(ONE * ONE)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPE: Shape = Shape {
        inputs: 10,
        heads: 2,
        most_active: 4,
    };

    fn counting() -> Network<8> {
        let mut net = Network::zeros(SHAPE);
        for (i, w) in net.weights_mut().enumerate() {
            *w = (i % 7) as f32 / 64.0;
        }
        net
    }

    #[test]
    fn the_weights_read_back_as_they_were_written() {
        let net = counting();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), SHAPE.bytes(8));
        let back = Network::<8>::from_bytes(&bytes, SHAPE).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert!(Network::<8>::from_bytes(&bytes[1..], SHAPE).is_none());
        let one_head = Shape { heads: 1, ..SHAPE };
        assert!(Network::<8>::from_bytes(&bytes, one_head).is_none());
    }

    #[test]
    fn weights_whose_sums_could_overflow_are_refused() {
        let mut net = counting();
        net.layer[3][0] = 30.0;
        assert!(net.quantized().is_some());
        net.layer[3][0] = -33.0;
        assert!(net.quantized().is_none());
    }

    #[test]
    fn heads_answer_apart_and_the_sums_do_not_depend_on_order() {
        let mut net = counting();
        net.output[1][0][0] = -0.5;
        let q = net.quantized().unwrap();
        let mut a = q.empty();
        let mut b = q.empty();
        for i in [1, 4, 7] {
            q.add(&mut a, i);
        }
        for i in [7, 1, 4] {
            q.add(&mut b, i);
        }
        assert_eq!(a, b);
        let theirs = q.empty();
        assert_ne!(q.output(&a, &theirs, 0), q.output(&a, &theirs, 1));
        assert_eq!(q.output(&a, &theirs, 2), 0);
        q.add(&mut a, 99);
        assert_eq!(a, b);
    }
}
