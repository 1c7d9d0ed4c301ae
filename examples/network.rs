//! Training the network that corrects the chess evaluation
//! (`src/engines/search/eval_chess/network.rs`) on positions another engine
//! scored.
//!
//! ```text
//! cargo run --release --example texel -- games 12000 4001 > positions.txt
//! python3 scripts/chess_labels.py positions.txt /usr/games/stockfish \
//!     --depth 7 --jobs 2 > labelled.txt
//! cargo run --release --example network -- labelled.txt network.bin
//! cp network.bin src/engines/search/eval_chess/network.bin
//! ```
//!
//! Each line is a FEN, the game's result for White and the other engine's
//! score for White (centipawns), separated by `;`. The target of each
//! position is that score read as a result by the logistic scale
//! `NETWORK_SCORE_SCALE` (Stockfish 15.1's, fitted to the results of the
//! games by `texel fit` with `TEXEL_SCORE_SCALE=fit`); the prediction is
//! the evaluation's features' sum (`evaluate_features`) plus the
//! network's correction, read by the evaluation's own scale
//! `NETWORK_SCALE`. The network learns by Adam on the mean squared error
//! (batches of 1,024, step `NETWORK_RATE` 0.001 times `NETWORK_DECAY`
//! 0.9 each epoch, `NETWORK_EPOCHS` 24 epochs), from a random first layer
//! (uniform within 0.1, biases 0.5) and a zero output, so that it starts
//! as the features alone. Positions without castling rights are trained
//! on in their mirror image too (`NETWORK_MIRROR=0` leaves it out). One
//! block of 1,000 lines in ten is held out and its error reported after
//! each epoch, and the epoch with the least held-out error is written:
//! with these settings, the committed `network.bin`, from the positions
//! of `texel games 12000 4001` (commit beaac55) followed by those of the
//! first 7,400-odd games of seed 5001 (commit f42af81), 1,626,004 lines
//! (`docs/lab/chess-network-more-positions.md`).

use std::io::BufRead;
use std::process::ExitCode;

use antichess::engines::search::eval_chess::evaluate_features;
use antichess::engines::search::eval_chess::network::{
    HIDDEN, INPUTS, Network, OUTPUT_SCALE, inputs,
};
use antichess::rules::chess::{Position, Ruleset};
use antichess::sys::rng::Xorshift;

/// One position: its inputs from the side to move's view, the features'
/// sum for the side to move, and the target.
struct Sample {
    ours: Vec<u16>,
    theirs: Vec<u16>,
    features: f32,
    target: f32,
}

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = &args[..] else {
        eprintln!("usage: network LABELLED.txt OUT.bin");
        return ExitCode::from(2);
    };
    let scale: f32 = setting("NETWORK_SCALE", 0.007186);
    let score_scale: f32 = setting("NETWORK_SCORE_SCALE", 0.005856);
    let epochs: usize = setting("NETWORK_EPOCHS", 24);
    let rate: f32 = setting("NETWORK_RATE", 0.001);
    let decay: f32 = setting("NETWORK_DECAY", 0.9);
    let mirror = setting("NETWORK_MIRROR", 1) == 1;
    let file = match std::fs::File::open(input) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let Ok(line) = line else { break };
        let fields: Vec<&str> = line.split(';').collect();
        let [fen, _, score] = fields[..] else {
            continue;
        };
        let (Ok(pos), Ok(score)) = (
            Position::from_fen(fen, Ruleset::CHESS),
            score.trim().parse::<f32>(),
        ) else {
            continue;
        };
        let turn = pos.turn();
        let sign = if turn.is_white() { 1.0 } else { -1.0 };
        let sample = Sample {
            ours: inputs(pos.board(), turn).to_vec(),
            theirs: inputs(pos.board(), !turn).to_vec(),
            features: evaluate_features(&pos) as f32,
            target: sigmoid(score_scale * sign * score.clamp(-3000.0, 3000.0)),
        };
        if (n / 1000) % 10 == 9 {
            test.push(sample);
        } else {
            // Without castling rights the board's mirror image (files a
            // and h swapped) is the same position to the evaluation.
            if mirror && fen.split(' ').nth(2) == Some("-") {
                let flip = |list: &[u16]| list.iter().map(|i| i ^ 7).collect();
                train.push(Sample {
                    ours: flip(&sample.ours),
                    theirs: flip(&sample.theirs),
                    ..sample
                });
            }
            train.push(sample);
        }
    }
    eprintln!(
        "{} positions to train on, {} held out",
        train.len(),
        test.len()
    );
    let mut trainer = Trainer::new(scale, rate);
    let held_out = trainer.loss(&test);
    eprintln!(
        "features alone: loss {:.6}, held out {held_out:.6}",
        trainer.loss(&train)
    );
    let mut rng = Xorshift::new(1);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut best = (held_out, trainer.net.to_bytes());
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for batch in order.chunks(BATCH) {
            trainer.step(batch.iter().map(|&i| &train[i]));
        }
        let (l, h) = (trainer.loss(&train), trainer.loss(&test));
        eprintln!("epoch {epoch}: loss {l:.6}, held out {h:.6}");
        if h < best.0 {
            best = (h, trainer.net.to_bytes());
        }
        trainer.rate *= decay;
    }
    eprintln!("best held out {:.6}", best.0);
    if let Err(e) = std::fs::write(output, &best.1) {
        eprintln!("{output}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

const BATCH: usize = 1024;

/// The network in training, with its gradients and Adam's moments, flat:
/// the first layer, its biases, the output weights, the output bias.
struct Trainer {
    net: Network,
    grad: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    scale: f32,
    rate: f32,
}

const LAYER: usize = INPUTS * HIDDEN;
const PARAMS: usize = LAYER + HIDDEN + 2 * HIDDEN + 1;

impl Trainer {
    fn new(scale: f32, rate: f32) -> Trainer {
        let mut rng = Xorshift::new(7);
        let mut layer = Box::new([[0.0; HIDDEN]; INPUTS]);
        for w in layer.iter_mut().flatten() {
            *w = (rng.below(2_000_001) as f32 / 1e6 - 1.0) * 0.1;
        }
        Trainer {
            net: Network {
                layer,
                bias: [0.5; HIDDEN],
                output: [0.0; 2 * HIDDEN],
                output_bias: 0.0,
            },
            grad: vec![0.0; PARAMS],
            m: vec![0.0; PARAMS],
            v: vec![0.0; PARAMS],
            t: 0,
            scale,
            rate,
        }
    }

    fn units(&self, list: &[u16]) -> [f32; HIDDEN] {
        let mut sum = self.net.bias;
        for &i in list {
            for (s, w) in sum.iter_mut().zip(&self.net.layer[usize::from(i)]) {
                *s += w;
            }
        }
        sum
    }

    /// The prediction of `s` with the layers' sums (before clipping).
    fn forward(&self, s: &Sample) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
        let (a, b) = (self.units(&s.ours), self.units(&s.theirs));
        let (wa, wb) = self.net.output.split_at(HIDDEN);
        let mut out = self.net.output_bias;
        for i in 0..HIDDEN {
            out += a[i].clamp(0.0, 1.0) * wa[i] + b[i].clamp(0.0, 1.0) * wb[i];
        }
        (
            sigmoid(self.scale * (s.features + OUTPUT_SCALE * out)),
            a,
            b,
        )
    }

    fn loss(&self, data: &[Sample]) -> f64 {
        let sum: f64 = data
            .iter()
            .map(|s| f64::from((self.forward(s).0 - s.target).powi(2)))
            .sum();
        sum / data.len().max(1) as f64
    }

    fn step<'a>(&mut self, batch: impl Iterator<Item = &'a Sample>) {
        self.grad.iter_mut().for_each(|g| *g = 0.0);
        let mut n = 0;
        for s in batch {
            n += 1;
            let (p, a, b) = self.forward(s);
            let d = 2.0 * (p - s.target) * p * (1.0 - p) * self.scale * OUTPUT_SCALE;
            let (out_at, bias_at) = (LAYER + HIDDEN, PARAMS - 1);
            self.grad[bias_at] += d;
            for (view, units, list) in [(0, a, &s.ours), (1, b, &s.theirs)] {
                let mut du = [0.0; HIDDEN];
                for i in 0..HIDDEN {
                    let u = units[i];
                    self.grad[out_at + view * HIDDEN + i] += d * u.clamp(0.0, 1.0);
                    if u > 0.0 && u < 1.0 {
                        du[i] = d * self.net.output[view * HIDDEN + i];
                    }
                }
                for (g, d) in self.grad[LAYER..LAYER + HIDDEN].iter_mut().zip(&du) {
                    *g += d;
                }
                for &f in list.iter() {
                    let row = &mut self.grad[usize::from(f) * HIDDEN..][..HIDDEN];
                    for (g, d) in row.iter_mut().zip(&du) {
                        *g += d;
                    }
                }
            }
        }
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        let n = n.max(1) as f32;
        let params = self
            .net
            .layer
            .iter_mut()
            .flatten()
            .chain(self.net.bias.iter_mut())
            .chain(self.net.output.iter_mut())
            .chain(std::iter::once(&mut self.net.output_bias));
        for (i, w) in params.enumerate() {
            let g = self.grad[i] / n;
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
            *w -= self.rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}
