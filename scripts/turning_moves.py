#!/usr/bin/env python3
"""Where a program's lost games turn (chess or antichess), and whether
more time would have saved them.

Set-up: none (Python 3 standard library only; the judge is a UCI engine,
such as Stockfish 15.1 from Debian's package `stockfish`).

    antichess referee --ruleset chess --white THIS --black OTHER \\
        --out DIR ... > LOG
    python3 scripts/turning_moves.py DIR LOG /usr/games/stockfish \\
        [--depth 12] [--rethink "antichess uci --threads 1"] \\
        [--times 300,1000,3000]

The program looked at is the referee's first (`--white`; `--program
second` for the other), and its games are those the log scores as its
losses. Under antichess, `--variant` names the judge's variant
(Fairy-Stockfish's `ac2007`, say, through `docs/fairy-stockfish/fsf.sh`)
and `--rethink-variant` the program's (`6170-spring-2007`); both are
`chess` by default. In each, the
judge (full strength, `go depth N`, its table kept between positions of
a game) scores the position before and after each of the program's
moves, from the first, for the side that made it; the turning move is
the first that takes the score from `--from` (default -60 cp) or better
to `--to` (default -120 cp) or worse. A game whose score falls below
`--to` by moves none of which is such a move was lost by degrees (its
line gives the score at the program's first move and the ply after which
it fell below `--to`), and so is a game where none is found. A line per
game: its number, its plies, the ply of the turning move, the move
(UCI), its scores before and after, and the judge's own move there at
depth N + 4.

With `--rethink`, the program (as a UCI engine) is asked again for its
move at each turning position, from an empty table, at each of `--times`
(ms, `go movetime`): the move, the depth it reached and the judge's
score after it. The summary counts the turning moves that more time
mends (the judge's score after the program's new move at `--to` or
better).
"""

import argparse
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from match_stats import results
from uci_engine import Engine, info_score

MATE = 100_000


def searched(engine, fen, moves, go):
    """`engine`'s move after `moves` from `fen` (its search `go`), the
    depth of its last `info` line and its score there (centipawns for the
    side to move; a mate as MATE less its moves), or depth 0 and no score
    where it gave no `info` line."""
    engine.send(f"position fen {fen} moves {' '.join(moves)}".rstrip())
    infos = engine.search(go)
    if not infos:
        # An engine may answer a forced move at once, with no score.
        return engine.best, 0, None
    words = infos[-1]
    depth = int(words[words.index("depth") + 1])
    return engine.best, depth, info_score(words, MATE, by_distance=True)


def uci(move):
    """A game file's move (`e7-e8=N`, castling as the king's move) in UCI."""
    return move.replace("-", "").replace("=", "").lower()


def start_fen(folder, n):
    pgn = (folder / f"game-{n:03}.pgn").read_text()
    found = re.search(r'\[FEN "([^"]+)"\]', pgn)
    return found.group(1) if found else "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("log")
    ap.add_argument("judge")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--from", dest="high", type=int, default=-60)
    ap.add_argument("--to", dest="low", type=int, default=-120)
    ap.add_argument("--rethink")
    ap.add_argument("--times", default="300,1000,3000")
    ap.add_argument("--program", choices=["first", "second"], default="first")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--rethink-variant", default="chess")
    args = ap.parse_args()
    folder = Path(args.folder)
    times = [int(t) for t in args.times.split(",")]
    judge = Engine(args.judge, args.variant)
    rethink = Engine(args.rethink, args.rethink_variant) if args.rethink else None
    played = results(args.log, args.program)
    games = sorted(n for n, (score, _, _) in played.items() if score == 0.0)
    turned, mended = 0, [0] * len(times)
    for n in games:
        fen = start_fen(folder, n)
        moves = [uci(m.get("value")) for m in ET.parse(folder / f"game-{n:03}.xml").iter("move")]
        ours_white = played[n][2]
        judge.send("ucinewgame")
        turning = None
        first, below = None, None
        for ply in range(len(moves)):
            white_moves = (ply % 2 == 0) == (" w " in fen)
            if white_moves != ours_white:
                continue
            _, _, before = searched(judge, fen, moves[:ply], f"go depth {args.depth}")
            _, _, reply = searched(judge, fen, moves[: ply + 1], f"go depth {args.depth}")
            after = -reply
            first = before if first is None else first
            if before >= args.high and after <= args.low:
                turning = (ply, moves[ply], before, after)
                break
            if after <= args.low:
                below = ply
                break
        if turning is None:
            fell = f"below {args.low} after ply {below + 1}" if below is not None else "never below"
            print(f"game {n}: {len(moves)} plies, lost by degrees ({first} at its first move, {fell})", flush=True)
            continue
        turned += 1
        ply, move, before, after = turning
        best, _, _ = searched(judge, fen, moves[:ply], f"go depth {args.depth + 4}")
        line = f"game {n}: {len(moves)} plies, ply {ply + 1} {move} {before} -> {after}, judge {best}"
        if rethink:
            again = []
            for i, t in enumerate(times):
                rethink.send("ucinewgame")
                m, depth, _ = searched(rethink, fen, moves[:ply], f"go movetime {t}")
                # The game's move again keeps the judge's score of it: a
                # search of the same position with a fuller table could
                # score it otherwise and count it mended.
                if m == move:
                    score = after
                else:
                    _, _, reply = searched(judge, fen, moves[:ply] + [m], f"go depth {args.depth}")
                    score = -reply
                if score >= args.low:
                    mended[i] += 1
                again.append(f"{t} ms {m} depth {depth} {score}")
            line += " | " + "; ".join(again)
        print(line, flush=True)
    print(f"{len(games)} lost games, {turned} with a turning move, {len(games) - turned} lost by degrees")
    if rethink:
        for t, k in zip(times, mended):
            print(f"at {t} ms: {k} of {turned} turning moves mended")
    judge.close()
    if rethink:
        rethink.close()


if __name__ == "__main__":
    main()
