#!/usr/bin/env python3
"""Blend a UCI engine's verdict on each position into the result column of
the evaluation's terms, for `scripts/fit_weights.py`.

Set-up: none (Python 3 standard library only; the engine is any UCI
program, such as the independent engine built by
docs/fairy-stockfish/build.sh).

    cargo run --release --example eval_terms -- --fen games/*.xml > fens.csv
    python3 scripts/engine_labels.py fens.csv ./fsf.sh ac2004 > terms.csv
    python3 scripts/fit_weights.py terms.csv

Options (after the three arguments): `--depth D` (default 8), `--every N`
(score one position in N, default 1), `--lambda L` (the engine's share of
the target, default 0.7; the game's result has the rest).

The engine searches each position to the depth and its score (centipawns,
or a mate) becomes a probability of winning for the side to move:
1 / (1 + exp(-cp / K)), with K fitted to the games' results by the same
logistic regression as the weights (a mate is a certain win or loss). The
target written in the result column is lambda * that probability +
(1 - lambda) * the result. A game's result says who won in the end, many
moves later and by either side's later mistakes; the engine's search says
what the position is worth now, so the blend is a far less noisy target
(the practice of engine authors who train evaluations on search scores).
"""

import csv
import sys

from fit_weights import fit
from uci_engine import MATE_CP, Engine, info_score


def engine_scores(command, variant, fens, depth):
    """The engine's score (centipawns for the side to move; a mate as
    +/- MATE_CP) for each FEN, by a search to `depth`."""
    engine = Engine(command, variant)
    scores = []
    for i, fen in enumerate(fens):
        engine.send(f"position fen {fen}")
        infos = engine.search(f"go depth {depth}")
        scores.append(info_score(infos[-1]) if infos else 0)
        if (i + 1) % 1000 == 0:
            print(f"{i + 1} of {len(fens)} positions", file=sys.stderr)
    engine.close()
    return scores


def main():
    args = sys.argv[1:]
    options = {"--depth": 8, "--every": 1, "--lambda": 0.7}
    positional = []
    while args:
        a = args.pop(0)
        if a in options:
            options[a] = type(options[a])(args.pop(0))
        else:
            positional.append(a)
    if len(positional) != 3:
        sys.exit("usage: engine_labels.py fens.csv ENGINE VARIANT [--depth D] [--every N] [--lambda L]")
    path, command, variant = positional
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = [r for i, r in enumerate(reader) if r and i % options["--every"] == 0]
    if header[0] != "fen":
        sys.exit("the first column must be the FEN (eval_terms --fen)")
    scores = engine_scores(command, variant, [r[0] for r in rows], options["--depth"])
    # K: the engine's centipawns per logit of the games' results.
    plain = [(float(r[1]), [s / 100]) for r, s in zip(rows, scores) if abs(s) < MATE_CP]
    slope = fit(plain)[0] / 100
    if slope <= 0:
        sys.exit("the engine's scores do not predict the results")
    print(f"{len(rows)} positions, {1 / slope:.0f} engine centipawns per logit", file=sys.stderr)
    lam = options["--lambda"]
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(header[1:])
    for r, s in zip(rows, scores):
        if abs(s) >= MATE_CP:
            p = 1.0 if s > 0 else 0.0
        else:
            p = 1 / (1 + pow(2.718281828459045, -s * slope))
        target = lam * p + (1 - lam) * float(r[1])
        out.writerow([f"{target:.4f}"] + r[2:])


if __name__ == "__main__":
    main()
