#!/usr/bin/env python3
"""Score each position of `texel games` by a stronger UCI engine, for
`texel fit` with the engine's scores as its targets.

Set-up: none (Python 3 standard library only; the engine is any UCI chess
program, such as the Debian package `stockfish`).

    cargo run --release --example texel -- games 12000 4001 > positions.txt
    python3 scripts/chess_labels.py positions.txt /usr/games/stockfish \\
        --depth 7 --jobs 2 > labelled.txt
    TEXEL_LAMBDA=1 TEXEL_SCORE_SCALE=fit \\
        cargo run --release --example texel -- fit labelled.txt > weights.rs

Each line of the input is `FEN;result;score` (the result and the search's
score for White); each line written keeps the FEN and the result and puts
in place of the score the engine's, for White, from a search to `--depth`
(default 6): centipawns, or +/- 100000 for a mate; with `--depth 0`,
Stockfish's static evaluation instead (its `eval` command's "Final
evaluation", about twenty times as many positions a second as depth 7;
a position in check, which it does not evaluate, is left out).
`--jobs N` runs N engines, each on one stretch of the lines (the
engine's table is kept along a stretch, where a game's positions follow
one another); the lines
are written in their order, with any fields after the score (the
ruleset of antichess lines) kept. `--variant` names the engine's variant
(`UCI_Variant`) for the positions of another game: Fairy-Stockfish's
`ac2004`, say, through `docs/fairy-stockfish/fsf.sh` for antichess
positions, for `examples/network.rs`. `texel fit` with `TEXEL_SCORE_SCALE=fit`
reads those centipawns as results by a scale of their own, fitted to the
games' results, so the engine's scale need not be this one's.
"""

import argparse
import multiprocessing
import sys

from uci_engine import Engine, info_score


def score_for_white(fen, words):
    """The score of an `info` line (as split words) for White."""
    score = info_score(words)
    return score if fen.split()[1] == "w" else -score


# Positions sent to the engine at once for their static evaluations (the
# commands of a hundred fit in a pipe's buffer while the engine answers).
BATCH = 100


def search_score(engine, fen, depth):
    """The score for White of a search of `fen` to `depth`; `None` if the
    engine gives none."""
    engine.send(f"position fen {fen}")
    infos = engine.search(f"go depth {depth}")
    return score_for_white(fen, infos[-1]) if infos else None


def label(job):
    """The labelled lines of one stretch: (command, variant, depth, lines)."""
    command, variant, depth, lines = job
    engine = Engine(command, variant, threads=1)
    out = []
    rows = [line.rstrip("\n").split(";") for line in lines]
    rows = [fields for fields in rows if len(fields) >= 2]
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        if depth == 0:
            scores = engine.static_evals([fields[0] for fields in batch])
        else:
            scores = [search_score(engine, fields[0], depth) for fields in batch]
        for fields, score in zip(batch, scores):
            if score is None:
                continue
            rest = "".join(f";{f}" for f in fields[3:])
            out.append(f"{fields[0]};{fields[1]};{score}{rest}")
    engine.close()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("positions")
    parser.add_argument("engine", help="the engine's command line")
    parser.add_argument(
        "--depth",
        type=int,
        default=6,
        help="the search's depth; 0 for Stockfish's static evaluation "
        "(its `eval` command), without a search",
    )
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with open(args.positions, encoding="utf-8") as f:
        lines = f.readlines()
    jobs = max(1, args.jobs)
    size = (len(lines) + jobs - 1) // jobs
    stretches = [
        (args.engine, args.variant, args.depth, lines[i : i + size])
        for i in range(0, len(lines), max(1, size))
    ]
    with multiprocessing.Pool(max(1, len(stretches))) as pool:
        for out in pool.map(label, stretches):
            for line in out:
                print(line)
    print(f"{len(lines)} positions scored", file=sys.stderr)


if __name__ == "__main__":
    main()
