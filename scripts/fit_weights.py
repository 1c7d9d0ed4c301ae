#!/usr/bin/env python3
"""Fit the evaluation weights to game results by logistic regression.

Set-up: none (Python 3 standard library only).

    cargo run --release --example eval_terms -- games/*.xml > terms.csv
    python3 scripts/fit_weights.py terms.csv

Each row of the CSV is a position: the game's result for the side to move
(1, 0.5 or 0), the evaluation's terms, and the score of the hand-set
weights (see examples/eval_terms.rs). The model is logistic: P(result) =
1 / (1 + exp(-score / scale)) with score = sum(weight * term) + tempo; the
fit maximises the likelihood (Newton's method, a small ridge term for
stability). The scale is fixed by fitting the hand-set score the same way
(so the new weights are in the units the search's margins were tuned in);
`--elo` uses the Elo convention (400 per factor of ten) instead. The
weights are printed in the order of `Weights` in src/engines/search/eval/mod.rs
(a piece term counts the opponent's pieces less ours, so its weight is
what one of our pieces costs us: `Weights::cost` takes it as it is).
"""

import csv
import math
import sys

ELO_SCALE = 400 / math.log(10)  # score units per logit, Elo convention
RIDGE = 1e-3
# The columns weighed as `Weights::cost`, then the other named terms, in
# the order of `Weights` in src/engines/search/eval/mod.rs.
PIECES = ("pawns", "knights", "bishops", "rooks", "queens")
TERMS = ("tempo", "mobility", "offers", "king_room", "pending")


def solve(a, b):
    """Solves a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col] != 0:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows):
    """Logistic regression: rows of (target, features); returns the
    coefficients (logit units), the intercept last."""
    k = len(rows[0][1]) + 1
    beta = [0.0] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for y, x in rows:
            x = x + [1.0]
            z = sum(b * v for b, v in zip(beta, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            w = p * (1 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(i, k):
                    hess[i][j] += w * x[i] * x[j]
        for i in range(k):
            grad[i] -= RIDGE * beta[i]
            hess[i][i] += RIDGE
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return beta


def main():
    args = sys.argv[1:]
    elo = "--elo" in args
    args = [a for a in args if a != "--elo"]
    if len(args) != 1:
        sys.exit("usage: fit_weights.py [--elo] terms.csv")
    with open(args[0], newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = [(float(r[0]), [float(v) for v in r[1:]]) for r in reader if r]
    if not rows:
        sys.exit("no positions")
    if elo:
        scale = ELO_SCALE
    else:
        slope = fit([(y, [x[-1]]) for y, x in rows])[0]
        if slope <= 0:
            sys.exit("the hand-set score does not predict the results: use --elo")
        scale = 1 / slope
    beta = fit([(y, x[:-1]) for y, x in rows])
    names = header[1:-1] + ["tempo"]
    weights = {n: round(b * scale) for n, b in zip(names, beta)}
    print(f"{len(rows)} positions, {scale:.1f} score units per logit")
    print(f"cost: {[weights[n] for n in PIECES]}")
    # The named terms in the order of `Weights`, then any extra column.
    for n in TERMS + tuple(n for n in names if n not in PIECES + TERMS):
        print(f"{n}: {weights[n]}")


if __name__ == "__main__":
    main()
