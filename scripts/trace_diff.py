#!/usr/bin/env python3
"""Differential test of `antichess trace` against chess_oracle.py (python-chess).

Plays seeded random games (from the start and from the oracle's CROSS_FENS,
biased towards quiet moves so that repetitions and the 50/75-move rules
arise), traces each with both programs, and reports every difference.

    python3 scripts/trace_diff.py GAMES [--seed S] [--binary target/release/antichess]
        [--oracle ../shared/oracles/chess_oracle.py]

Needs python-chess (the oracle's docstring has the one-line set-up). Exit
status 0 when every trace is identical.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "shared", "oracles"))

# The longest game played.
MAX_PLIES = 400
# The share of moves chosen among quiet ones (so that repetitions and the
# move rules arise).
QUIET_SHARE = 0.97


def random_game(chess, fen, rng):
    """The moves of a random game from `fen` (python-chess moves), mostly
    quiet, until the game ends by the rules or reaches MAX_PLIES."""
    board = chess.Board(fen)
    moves = []
    while not board.is_game_over(claim_draw=False) and len(moves) < MAX_PLIES:
        legal = list(board.legal_moves)
        quiet = [m for m in legal if not board.is_zeroing(m)]
        pool = quiet if quiet and rng.random() < QUIET_SHARE else legal
        move = rng.choice(pool)
        board.push(move)
        moves.append(move)
    return moves


def report_difference(ours, theirs, heading, other):
    """Prints where two lists of output lines first differ: `heading`, then
    our line and the other side's (named `other`)."""
    first = next((i for i, (x, y) in enumerate(zip(ours, theirs)) if x != y),
                 min(len(ours), len(theirs)))
    print(f"{heading} {first + 1}:")
    print(f"  ours:   {ours[first] if first < len(ours) else '<end>'}")
    print(f"  {other + ':':7} {theirs[first] if first < len(theirs) else '<end>'}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default="target/release/antichess")
    ap.add_argument("--oracle", default="../shared/oracles/chess_oracle.py")
    ap.add_argument("--notation", default="uci", choices=["uci", "dash"])
    ap.add_argument("--only", type=int, help="trace only game number ONLY")
    args = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.oracle)))
    import chess_oracle as oracle
    import chess

    rng = random.Random(args.seed)
    fens = oracle.CROSS_FENS
    bad = plies = 0
    for g in range(args.games):
        fen = fens[g % len(fens)]
        # Every game is played, so that --only keeps the random sequence.
        moves = [m.uci() for m in random_game(chess, fen, rng)]
        if args.only is not None and g != args.only:
            continue
        plies += len(moves) + 1
        with tempfile.NamedTemporaryFile("w", suffix=".moves", delete=False) as f:
            f.write(" ".join(moves))
            path = f.name
        common = ["--fen", fen, "--notation", args.notation, "--moves-file", path]
        ours = subprocess.run([args.binary, "trace", *common], capture_output=True, text=True)
        theirs = subprocess.run([sys.executable, args.oracle, "trace", *common],
                                capture_output=True, text=True)
        os.unlink(path)
        if ours.stdout != theirs.stdout or ours.returncode != theirs.returncode:
            bad += 1
            report_difference(ours.stdout.splitlines(), theirs.stdout.splitlines(),
                              f"game {g} ({fen}): first difference at line", "oracle")
            print(f"  moves:  {' '.join(moves)}")
    print(f"{args.games} games, {plies} plies traced, {bad} with differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
