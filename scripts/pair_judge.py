#!/usr/bin/env python3
"""Where a match's double losses part: for each opening whose two games
the first program won (with either colour), the first ply where the two
games differ, and a judge's score of each program's move there.

Set-up: none (Python 3 standard library only; the judge is a UCI engine,
such as the independent engine built by docs/fairy-stockfish/build.sh).

    antichess referee --white JUDGED-AGAINST --black THIS ... --out DIR > LOG
    python3 scripts/pair_judge.py DIR LOG ./fsf.sh ac2004 [--movetime MS]

Both games of an opening start from the same position and share their
moves up to the ply where they part; there one program's move in one
game and the other program's in the other were played in the same
position. The judge searches that position (`go movetime MS
searchmoves MOVE`, default 5000 ms, one thread) once for each of the two
moves and prints both scores for the side to move (a won mate as 100000
less its moves, a lost one as -100000 plus its moves), then how often
it scored the second program's move below the first's. With `--rethink
COMMAND VARIANT` (the second program as a UCI engine, such as
`"antichess uci --threads 1" 6170-spring-2004`) that program is also
asked for its own move in each of those positions, from an empty table,
at each of `--times` (ms, default 1500,15000): whether more time leads
it to the first program's move.
"""

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from match_stats import results
from uci_engine import Engine, info_score


def moves(path):
    """The game's moves in UCI form: a pawn's move to the last rank is
    written as a queen's promotion (the only one antichess has). Pawns
    are followed from the start position; en passant (under EnCastle)
    leaves the taken pawn's square in the set, but no move starts there
    before a piece has moved onto it, which clears it."""
    pawns = {f + r for f in "abcdefgh" for r in "27"}
    out = []
    for move in ET.parse(path).getroot().iter("move"):
        text = move.get("value").replace("-", "")
        origin, target = text[:2], text[2:4]
        pawns.discard(target)
        if origin in pawns:
            pawns.discard(origin)
            if target[1] in "18":
                text += "q"
            else:
                pawns.add(target)
        out.append(text)
    return out


def search_from(engine, prefix, go):
    """The `info` lines of `engine`'s search (`go`) of the position after
    `prefix`, from an empty table (its move is left in `engine.best`)."""
    engine.send("ucinewgame")
    engine.send("position startpos moves " + " ".join(prefix))
    return engine.search(go)


def score(judge, prefix, move, movetime):
    words = search_from(judge, prefix, f"go movetime {movetime} searchmoves {move}")[-1]
    return info_score(words, by_distance=True)


def partings(folder, log):
    """For each opening whose two games the first program won: its
    number, the ply where the games part (from 1), the moves before it,
    the second program's move there and the first program's."""
    # Game number -> the first program's score.
    first = {n: score for n, (score, _, _) in results(log, "first").items()}
    for pair in range(1, max(first, default=0) // 2 + 1):
        # Game 2k-1: the first program has White; game 2k: Black.
        a, b = 2 * pair - 1, 2 * pair
        if first.get(a) != 1.0 or first.get(b) != 1.0:
            continue
        ma = moves(folder / f"game-{a:03}.xml")
        mb = moves(folder / f"game-{b:03}.xml")
        for ply, (x, y) in enumerate(zip(ma, mb)):
            if x == y:
                continue
            white = ply % 2 == 0
            # White's moves: the first program's in game a, the second's in b.
            second_move, first_move = (y, x) if white else (x, y)
            yield pair, ply + 1, ma[:ply], second_move, first_move
            break


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("log")
    parser.add_argument("judge")
    parser.add_argument("variant")
    parser.add_argument("--movetime", type=int, default=5000)
    parser.add_argument(
        "--rethink",
        nargs=2,
        metavar=("COMMAND", "VARIANT"),
        help="also ask this UCI engine (the second program) for its move in each parting position",
    )
    parser.add_argument(
        "--times",
        default="1500,15000",
        help="with --rethink: its thinking times in ms, comma-separated (the last one is counted)",
    )
    options = parser.parse_args(argv)
    judge = Engine(options.judge, options.variant, threads=1)
    rethink = options.rethink and Engine(options.rethink[0], options.rethink[1], threads=1)
    times = [int(t) for t in options.times.split(",")]
    below = total = again = 0
    for pair, ply, prefix, second_move, first_move in partings(options.folder, options.log):
        s2 = score(judge, prefix, second_move, options.movetime)
        s1 = score(judge, prefix, first_move, options.movetime)
        total += 1
        below += s2 < s1
        line = f"opening {pair}, ply {ply}: second {second_move} {s2}, first {first_move} {s1}"
        if rethink:
            picks = []
            for t in times:
                search_from(rethink, prefix, f"go movetime {t}")
                picks.append(f"{rethink.best} at {t} ms")
            again += rethink.best == first_move
            line += "; the second again: " + ", ".join(picks)
        print(line, flush=True)
    judge.close()
    if rethink:
        rethink.close()
    print(f"{below} of {total}: the judge scores the second program's move below the first's")
    if rethink:
        print(f"{again} of {total}: the second program, at the last of its times, plays the first's move")


if __name__ == "__main__":
    main(sys.argv[1:])
