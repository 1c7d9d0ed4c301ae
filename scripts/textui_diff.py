#!/usr/bin/env python3
"""Differential test of the TextUI under chess against python-chess.

Plays seeded random games (scripts/trace_diff.py's random_game) and pipes each
through `antichess` as TextUI commands: before every move `PrintAllMoves`
and `GetStatus`, then `MakeMove`. The expected answers are computed from
python-chess alone: the legal moves in the TextUI's form, the status line
(check, claimable draws), the echo, and the result line with its reason
when the game ends.

    python3 scripts/textui_diff.py GAMES [--seed S] [--binary target/release/antichess]

Needs python-chess (../shared/oracles/chess_oracle.py has the set-up).
"""
import argparse
import os
import random
import subprocess
import sys

REASONS = {
    "CHECKMATE": "checkmate",
    "STALEMATE": "stalemate",
    "INSUFFICIENT_MATERIAL": "insufficient material",
    "SEVENTYFIVE_MOVES": "seventy-five-move rule",
    "FIVEFOLD_REPETITION": "fivefold repetition",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default="target/release/antichess")
    ap.add_argument("--oracle", default="../shared/oracles/chess_oracle.py")
    args = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.oracle)))
    import chess_oracle as oracle
    import chess
    from trace_diff import random_game, report_difference

    rng = random.Random(args.seed)
    bad = plies = 0
    for g in range(args.games):
        board = chess.Board()
        keys = [oracle.key(board)]
        commands = ["StartNewGame human 0 human 0 chess"]
        expected = ["New game started"]
        for move in random_game(chess, board.fen(), rng) + [None]:
            legal = sorted(oracle.dash(m) for m in board.legal_moves)
            commands.append("PrintAllMoves")
            expected.extend(legal)
            status = ("White" if board.turn else "Black") + " to move"
            if board.is_check():
                status += ", in check"
            reasons = []
            if keys.count(keys[-1]) >= 3:
                reasons.append("threefold repetition")
            if board.halfmove_clock >= 100:
                reasons.append("fifty-move rule")
            if reasons:
                status += ", draw claimable (" + " and ".join(reasons) + ")"
            commands.append("GetStatus")
            expected.append(status)
            if move is None:
                break
            text = oracle.dash(move)
            commands.append(f"MakeMove {text} 0")
            expected.append(text)
            board.push(move)
            keys.append(oracle.key(board))
            plies += 1
            outcome = board.outcome(claim_draw=False)
            if outcome is not None:
                reason = REASONS[outcome.termination.name]
                if outcome.winner is None:
                    expected.append(f"Game ended in a draw: {reason}")
                else:
                    side = "White" if outcome.winner else "Black"
                    expected.append(f"{side} Player has won: {reason}")
                break
        run = subprocess.run([args.binary], input="\n".join(commands) + "\n",
                             capture_output=True, text=True)
        got = run.stdout.splitlines()
        if got != expected:
            bad += 1
            report_difference(got, expected, f"game {g}: first difference at answer line",
                              "python")
    print(f"{args.games} games, {plies} moves through the TextUI, {bad} with differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
