#!/usr/bin/env python3
"""Writes tests/data/chess_scenarios/: for each rule scenario S01-S44 of the
chess specification (the SCENARIOS table of chess_oracle.py), the position
and moves (`Sxx.game`: the FEN on the first line, the UCI moves on the
second) and python-chess's trace of them (`Sxx.trace`, the oracle's
`trace` output). `tests/chess.rs` runs `antichess trace` on each and
compares byte for byte.

    python3 scripts/chess_scenarios.py [--oracle ../shared/oracles/chess_oracle.py]
"""
import argparse
import io
import os
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--oracle", default="../shared/oracles/chess_oracle.py")
args = ap.parse_args()
sys.path.insert(0, os.path.dirname(os.path.abspath(args.oracle)))
import chess_oracle as oracle  # noqa: E402

out_dir = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "chess_scenarios")
os.makedirs(out_dir, exist_ok=True)
for sid, title, fen, moves, _ply, _expect in oracle.SCENARIOS:
    buf = io.StringIO()
    oracle.run_trace(fen, moves, "uci", False, out=buf)
    with open(os.path.join(out_dir, f"{sid}.game"), "w") as f:
        f.write(f"{fen}\n{' '.join(moves)}\n# {title}\n")
    with open(os.path.join(out_dir, f"{sid}.trace"), "w") as f:
        f.write(buf.getvalue())
print(f"{len(oracle.SCENARIOS)} scenarios written to {out_dir}")
