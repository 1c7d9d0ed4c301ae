#!/usr/bin/env python3
"""Add a pawn-advance column to the evaluation's terms, to see whether it
predicts the results beyond them (`scripts/fit_weights.py` fits it with
the others and prints its weight as `advance`).

Set-up: none (Python 3 standard library only).

    cargo run --release --example eval_terms -- --fen games/*.xml > fens.csv
    python3 scripts/pawn_advance.py fens.csv > terms.csv
    python3 scripts/fit_weights.py terms.csv

The column is the ranks the side to move's pawns have advanced from their
start, less the opponent's, times the share of the endgame: (16 - n) / 16
with n the pieces other than kings (at most 16), as the evaluation blends
its endgame costs. `--max-pieces N` keeps only the positions with N
pieces or fewer. The FEN column is dropped; the hand-set score stays last.
"""

import csv
import sys

PHASE_PIECES = 16


def squares(fen):
    """(rank 0-7, piece letter) for every piece of the FEN's board."""
    for row, text in enumerate(fen.split()[0].split("/")):
        for c in text:
            if c.isalpha():
                yield 7 - row, c


def pieces(board):
    """Pieces other than kings, of `board` (as `squares` gives it)."""
    return sum(1 for _, c in board if c not in "kK")


def advance(board, white_to_move):
    """The side to move's pawn ranks advanced less the opponent's."""
    white = sum(rank - 1 for rank, c in board if c == "P")
    black = sum(6 - rank for rank, c in board if c == "p")
    return white - black if white_to_move else black - white


def main():
    args = sys.argv[1:]
    max_pieces = None
    if args[:1] == ["--max-pieces"] and len(args) >= 2:
        max_pieces = int(args[1])
        args = args[2:]
    if len(args) != 1:
        sys.exit("usage: pawn_advance.py [--max-pieces N] fens.csv")
    with open(args[0], newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(header[1:-1] + ["advance", header[-1]])
        for row in reader:
            if not row:
                continue
            fen = row[0]
            board = list(squares(fen))
            n = pieces(board)
            if max_pieces is not None and n > max_pieces:
                continue
            share = (PHASE_PIECES - min(n, PHASE_PIECES)) / PHASE_PIECES
            column = advance(board, fen.split()[1] == "w") * share
            out.writerow(row[1:-1] + [f"{column:.4f}", row[-1]])


if __name__ == "__main__":
    main()
