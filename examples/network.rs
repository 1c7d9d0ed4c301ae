//! Training the small networks that correct an evaluation
//! (`src/engines/search/network.rs`): the chess network
//! (`eval_chess/network.bin`) on positions another engine scored, the
//! antichess network (`eval/network.bin`, a head per ruleset) on
//! positions of the engine's own games.
//!
//! ```text
//! TEXEL_DEPTH=4 cargo run --release --example texel -- games 100000 9001 > positions.txt
//! python3 scripts/chess_labels.py positions.txt /usr/games/stockfish \
//!     --depth 0 --jobs 2 > labelled.txt
//! cargo run --release --example network -- chess network.bin labelled.txt
//! cp network.bin src/engines/search/eval_chess/network.bin
//!
//! TEXEL_DEPTH=8 cargo run --release --example texel -- games 1000 500000 \
//!     6170-spring-2004 >> 2004.txt   # and so on: docs/lab/antichess-network-depth-9.md
//! (cd fsf && python3 ../scripts/chess_labels.py ../2004.txt ./fsf.sh \
//!     --variant ac2004 --depth 9 --jobs 2) > 2004-labelled.txt
//! cargo run --release --example network -- antichess network.bin 2004-labelled.txt ...
//! cp network.bin src/engines/search/eval/network.bin
//! ```
//!
//! Each line is a FEN, the game's result for White and a score for White
//! (centipawns), separated by `;`, and for antichess the ruleset's name
//! (the head it trains). The target of each position is that score read
//! as a result by the logistic scale `NETWORK_SCORE_SCALE`, blended with
//! the game's result by `NETWORK_LAMBDA` (the result's share, 0 unless
//! set); the prediction is the evaluation's hand-made part
//! (`evaluate_features`, `evaluate_terms`) plus the network's correction,
//! read by the evaluation's own scale `NETWORK_SCALE`. For chess the
//! evaluation's scale is fitted to the results of the games by `texel
//! fit`, and the score's, 0.00656, is that of Stockfish 15.1's depth-7
//! scores fitted the same way (0.005856, with `TEXEL_SCORE_SCALE=fit`)
//! times 1.12, its depth-7 score over its static evaluation by least
//! squares (`docs/lab/chess-network-static-labels.md`); for antichess
//! both are fitted here to the games' results, unless set.
//!
//! The network learns by Adam on the mean squared error (batches of
//! 1,024, step `NETWORK_RATE` 0.001 times `NETWORK_DECAY` 0.9 each epoch,
//! `NETWORK_EPOCHS` 24 epochs), from a random first layer (uniform within
//! 0.1, biases 0.5) and a zero output, so that it starts as the
//! hand-made part alone. The first layer's weights are kept within what
//! its sums in `i16` allow. Positions without castling rights are
//! trained on in their mirror image too (`NETWORK_MIRROR=0` leaves it
//! out). One block of 1,000 lines in ten is held out and its error
//! reported after each epoch, and the epoch with the least held-out
//! error is written; for antichess, with each head's mean correction
//! taken off its bias (`NETWORK_CENTRE=0` leaves it). With these
//! settings: for chess, the committed `network.bin`, from the 2,716,371
//! positions of the first 32,300-odd games of `TEXEL_DEPTH=4 texel games
//! 100000 9001` (commit 7baf699), each scored by Stockfish's static
//! evaluation (`docs/lab/chess-network-static-labels.md`); for antichess, with
//! `NETWORK_EPOCHS=48 NETWORK_DECAY=0.95`, from the files
//! `docs/lab/antichess-network-depth-9.md` names, in its order (the 2007
//! rules' `network-2007.bin`: `docs/lab/antichess-network-fsf-games.md`).

#[path = "shared/least.rs"]
mod shared;

use std::io::BufRead;
use std::process::ExitCode;

use antichess::engines::search::eval::{self, evaluate_terms, reach};
use antichess::engines::search::eval_chess::{self, evaluate_features};
use antichess::engines::search::network::{Network, OUTPUT_SCALE, Shape};
use antichess::rules::chess::{Position, Ruleset};
use antichess::sys::rng::Xorshift;

/// One position: its inputs from the side to move's view and the other's,
/// the hand-made part's score for the side to move, its result for the
/// side to move (1, 0.5, 0), its score read as a result, and its head.
struct Sample {
    ours: Vec<u16>,
    theirs: Vec<u16>,
    features: f32,
    result: f32,
    score: f32,
    head: usize,
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

/// The game a network is trained for.
#[derive(Clone, Copy, PartialEq)]
enum Game {
    Chess,
    Antichess,
}

impl Game {
    fn shape(self) -> Shape {
        match self {
            Game::Chess => eval_chess::network::SHAPE,
            Game::Antichess => eval::network::SHAPE,
        }
    }

    /// The sample of one line, or `None` for a line that does not read
    /// (without its result and score read as results yet).
    fn sample(self, line: &str) -> Option<(Sample, bool)> {
        let fields: Vec<&str> = line.split(';').collect();
        let (fen, result, score, ruleset) = match (self, &fields[..]) {
            (Game::Chess, [fen, result, score]) => (*fen, *result, *score, Ruleset::CHESS),
            (Game::Antichess, [fen, result, score, ruleset]) => {
                (*fen, *result, *score, Ruleset::from_name(ruleset.trim())?)
            }
            _ => return None,
        };
        let pos = Position::from_fen(fen, ruleset).ok()?;
        let result: f32 = result.trim().parse().ok()?;
        let score: f32 = score.trim().parse().ok()?;
        let turn = pos.turn();
        let sign = if turn.is_white() { 1.0 } else { -1.0 };
        let (ours, theirs, features, head) = match self {
            Game::Chess => (
                eval_chess::network::inputs(pos.board(), turn).to_vec(),
                eval_chess::network::inputs(pos.board(), !turn).to_vec(),
                evaluate_features(&pos),
                0,
            ),
            Game::Antichess => {
                let reach = reach(&pos);
                (
                    eval::network::inputs(&pos, turn, &reach).to_vec(),
                    eval::network::inputs(&pos, !turn, &reach).to_vec(),
                    evaluate_terms(&pos),
                    eval::network::head(ruleset),
                )
            }
        };
        let sample = Sample {
            ours,
            theirs,
            features: features as f32,
            result: if turn.is_white() {
                result
            } else {
                1.0 - result
            },
            score: sign * score.clamp(-3000.0, 3000.0),
            head,
        };
        // Without castling rights the board's mirror image (files a and h
        // swapped) is the same position to the evaluation.
        Some((sample, fen.split(' ').nth(2) == Some("-")))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, output, inputs) = match &args[..] {
        [game, output, inputs @ ..] if !inputs.is_empty() => match game.as_str() {
            "chess" => (Game::Chess, output, inputs),
            "antichess" => (Game::Antichess, output, inputs),
            _ => return usage(),
        },
        _ => return usage(),
    };
    let rate: f32 = setting("NETWORK_RATE", 0.001);
    let mirror = setting("NETWORK_MIRROR", 1) == 1;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut n = 0;
    for input in inputs {
        let file = match std::fs::File::open(input) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{input}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for line in std::io::BufReader::new(file).lines() {
            let Ok(line) = line else { break };
            let Some((sample, symmetric)) = game.sample(&line) else {
                n += 1;
                continue;
            };
            if (n / 1000) % 10 == 9 {
                test.push(sample);
            } else {
                if mirror && symmetric {
                    let flip = |list: &[u16]| list.iter().map(|i| i ^ 7).collect();
                    train.push(Sample {
                        ours: flip(&sample.ours),
                        theirs: flip(&sample.theirs),
                        ..sample
                    });
                }
                train.push(sample);
            }
            n += 1;
        }
    }
    eprintln!(
        "{} positions to train on, {} held out",
        train.len(),
        test.len()
    );
    // The scales, and the result's share of each target.
    let (scale, score_scale, lambda) = match game {
        Game::Chess => (
            setting("NETWORK_SCALE", 0.007186),
            setting("NETWORK_SCORE_SCALE", 0.00656),
            setting("NETWORK_LAMBDA", 0.0),
        ),
        Game::Antichess => {
            let scale = fit_scale(&train, |s| s.features);
            let score_scale = fit_scale(&train, |s| s.score);
            eprintln!("scales fitted to the results: {scale} (evaluation), {score_scale} (scores)");
            (
                setting("NETWORK_SCALE", scale),
                setting("NETWORK_SCORE_SCALE", score_scale),
                setting("NETWORK_LAMBDA", 0.0),
            )
        }
    };
    let target = |s: &Sample| lambda * s.result + (1.0 - lambda) * sigmoid(score_scale * s.score);
    let labelled = |samples: Vec<Sample>| -> Vec<(Sample, f32)> {
        samples
            .into_iter()
            .map(|s| {
                let t = target(&s);
                (s, t)
            })
            .collect()
    };
    let (train, test) = (labelled(train), labelled(test));
    match game {
        Game::Chess => {
            fit::<{ eval_chess::network::HIDDEN }>(game, output, &train, &test, scale, rate)
        }
        Game::Antichess => {
            fit::<{ eval::network::HIDDEN }>(game, output, &train, &test, scale, rate)
        }
    }
}

/// Trains a network of `H` units for `game` on `train`, keeps the epoch
/// with the least error on `test`, and writes it to `output`.
fn fit<const H: usize>(
    game: Game,
    output: &str,
    train: &[(Sample, f32)],
    test: &[(Sample, f32)],
    scale: f32,
    rate: f32,
) -> ExitCode {
    let epochs: usize = setting("NETWORK_EPOCHS", 24);
    let decay: f32 = setting("NETWORK_DECAY", 0.9);
    let mut trainer = Trainer::<H>::new(game.shape(), scale, rate);
    let held_out = trainer.loss(test);
    eprintln!(
        "features alone: loss {:.6}, held out {held_out:.6}",
        trainer.loss(train)
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
        let (l, h) = (trainer.loss(train), trainer.loss(test));
        eprintln!("epoch {epoch}: loss {l:.6}, held out {h:.6}");
        if h < best.0 {
            best = (h, trainer.net.to_bytes());
        }
        trainer.rate *= decay;
    }
    eprintln!("best held out {:.6}", best.0);
    let mut bytes = best.1;
    if game == Game::Antichess && setting("NETWORK_CENTRE", 1) == 1 {
        bytes = centred::<H>(&bytes, game.shape(), train, test);
    }
    if let Err(e) = std::fs::write(output, &bytes) {
        eprintln!("{output}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The network of `bytes` with each head's mean correction over the
/// positions taken off its output bias, so that the side to move's
/// constant stays the hand-made tempo's (a network that shifted it lost
/// at a fixed depth: `docs/lab/antichess-network.md`).
fn centred<const H: usize>(
    bytes: &[u8],
    shape: Shape,
    train: &[(Sample, f32)],
    test: &[(Sample, f32)],
) -> Vec<u8> {
    let Some(mut net) = Network::<H>::from_bytes(bytes, shape) else {
        return bytes.to_vec();
    };
    let mut sums = vec![(0.0f64, 0usize); shape.heads];
    for (s, _) in train.iter().chain(test) {
        let out = output(&net, s).0;
        sums[s.head].0 += f64::from(out);
        sums[s.head].1 += 1;
    }
    for (bias, (sum, n)) in net.output_bias.iter_mut().zip(sums) {
        let mean = (sum / n.max(1) as f64) as f32;
        eprintln!(
            "head's mean correction {:.1} centipawns, taken off",
            mean * OUTPUT_SCALE
        );
        *bias -= mean;
    }
    net.to_bytes()
}

fn usage() -> ExitCode {
    eprintln!("usage: network chess|antichess OUT.bin LABELLED.txt...");
    ExitCode::from(2)
}

/// The logistic scale that best turns `value` (the hand-made score, or
/// the label's score) into the games' results (least squared error, by
/// golden-section search).
fn fit_scale(data: &[Sample], value: impl Fn(&Sample) -> f32) -> f32 {
    let error = |k: f64| -> f64 {
        data.iter()
            .map(|s| {
                let p = 1.0 / (1.0 + (-k * f64::from(value(s))).exp());
                (p - f64::from(s.result)).powi(2)
            })
            .sum()
    };
    shared::least(error, 1e-5, 0.05, 60) as f32
}

/// The sums of `net`'s layer over the inputs `list` (before clipping).
fn units<const H: usize>(net: &Network<H>, list: &[u16]) -> [f32; H] {
    let mut sum = net.bias;
    for &i in list {
        for (s, w) in sum.iter_mut().zip(&net.layer[usize::from(i)]) {
            *s += w;
        }
    }
    sum
}

/// `net`'s output for `s` (in units of [`OUTPUT_SCALE`]), with the
/// layer's sums of both views (before clipping).
fn output<const H: usize>(net: &Network<H>, s: &Sample) -> (f32, [f32; H], [f32; H]) {
    let (a, b) = (units(net, &s.ours), units(net, &s.theirs));
    let [wa, wb] = &net.output[s.head];
    let mut out = net.output_bias[s.head];
    for i in 0..H {
        out += a[i].clamp(0.0, 1.0) * wa[i] + b[i].clamp(0.0, 1.0) * wb[i];
    }
    (out, a, b)
}

const BATCH: usize = 1024;

/// The network in training, with its gradients and Adam's moments, flat
/// in the order the weights are stored: the first layer, its biases, each
/// head's output weights, each head's bias.
struct Trainer<const H: usize> {
    net: Network<H>,
    grad: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    scale: f32,
    rate: f32,
    /// The most a first-layer weight may be, either way, for the layer's
    /// sums to stay inside `i16`.
    widest: f32,
}

/// The most a first-layer bias may be, either way.
const WIDEST_BIAS: f32 = 4.0;

impl<const H: usize> Trainer<H> {
    fn new(shape: Shape, scale: f32, rate: f32) -> Trainer<H> {
        let mut rng = Xorshift::new(7);
        let mut net = Network::zeros(shape);
        for w in net.layer.iter_mut().flatten() {
            *w = (rng.below(2_000_001) as f32 / 1e6 - 1.0) * 0.1;
        }
        net.bias = [0.5; H];
        let params = shape.bytes(H) / 4;
        Trainer {
            net,
            grad: vec![0.0; params],
            m: vec![0.0; params],
            v: vec![0.0; params],
            t: 0,
            scale,
            rate,
            widest: (f32::from(i16::MAX) / 256.0 - WIDEST_BIAS) / shape.most_active as f32,
        }
    }

    /// The prediction of `s` with the layers' sums (before clipping).
    fn forward(&self, s: &Sample) -> (f32, [f32; H], [f32; H]) {
        let (out, a, b) = output(&self.net, s);
        (
            sigmoid(self.scale * (s.features + OUTPUT_SCALE * out)),
            a,
            b,
        )
    }

    fn loss(&self, data: &[(Sample, f32)]) -> f64 {
        let sum: f64 = data
            .iter()
            .map(|(s, target)| f64::from((self.forward(s).0 - target).powi(2)))
            .sum();
        sum / data.len().max(1) as f64
    }

    fn step<'a>(&mut self, batch: impl Iterator<Item = &'a (Sample, f32)>) {
        self.grad.iter_mut().for_each(|g| *g = 0.0);
        let shape = self.net.shape;
        let layer = shape.inputs * H;
        let outputs = layer + H;
        let biases = outputs + shape.heads * 2 * H;
        let mut n = 0;
        for (s, target) in batch {
            n += 1;
            let (p, a, b) = self.forward(s);
            let d = 2.0 * (p - target) * p * (1.0 - p) * self.scale * OUTPUT_SCALE;
            let out_at = outputs + s.head * 2 * H;
            self.grad[biases + s.head] += d;
            for (view, units, list) in [(0, a, &s.ours), (1, b, &s.theirs)] {
                let mut du = [0.0; H];
                for i in 0..H {
                    let u = units[i];
                    self.grad[out_at + view * H + i] += d * u.clamp(0.0, 1.0);
                    if u > 0.0 && u < 1.0 {
                        du[i] = d * self.net.output[s.head][view][i];
                    }
                }
                for (g, d) in self.grad[layer..outputs].iter_mut().zip(&du) {
                    *g += d;
                }
                for &f in list.iter() {
                    let row = &mut self.grad[usize::from(f) * H..][..H];
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
        let rate = self.rate;
        for (i, w) in self.net.weights_mut().enumerate() {
            let g = self.grad[i] / n;
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
            *w -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
        let widest = self.widest;
        for w in self.net.layer.iter_mut().flatten() {
            if w.abs() > widest {
                *w = w.clamp(-widest, widest);
            }
        }
        for w in &mut self.net.bias {
            if w.abs() > WIDEST_BIAS {
                *w = w.clamp(-WIDEST_BIAS, WIDEST_BIAS);
            }
        }
    }
}
