#!/usr/bin/env python3
"""Two UCI engines' verdicts along the long games a program lost: where it
believed itself ahead and the other engine did not.

Set-up: none (Python 3 standard library only; the engines are UCI
programs, such as `antichess uci` and the independent engine built by
docs/fairy-stockfish/build.sh). From the folder of the independent
engine:

    python3 scripts/verdicts.py ./fsf.sh ac2007 'antichess uci' \\
        6170-spring-2007 'threads 1' games/game-*.xml

The arguments: the first engine and its variant name, the second engine
and its variant name (the first must answer `d` with a `Fen:` line, as
Fairy-Stockfish does), and a part of the command line (as the game's PGN
beside each game file names the players, `antichess referee --out`)
that picks the program whose lost games are looked at. For each such
game of at least `--min-plies` plies (default 80), both engines search
every `--every` plies (default 8) from ply `--from` (default 20) for
`--movetime` ms (default 250), one thread each. A line per game: the
game, its plies, then per position `ply:first/second(ours v theirs)`,
both scores from the program's side (a mate as +/-30000 less its
distance; `.` where an engine gave no score, as for a single legal
move), and the pieces other than kings of each side.
"""

import re
import sys

from mate_suite import game_moves, option
from uci_engine import Engine, info_score

MATE = 30000


def verdict(engine, moves, movetime):
    """The engine's last score for the side to move, or None."""
    engine.send("position startpos moves " + " ".join(moves))
    infos = engine.search(f"go movetime {movetime}")
    if not infos:
        return None
    return info_score(infos[-1], MATE, by_distance=True)


def pieces(fen, white):
    """The pieces other than the king of one side in a FEN."""
    board = fen.split()[0]
    return sum(1 for c in board if c.isalpha() and c.lower() != "k" and c.isupper() == white)


def main():
    args = sys.argv[1:]
    min_plies = option(args, "--min-plies", 80)
    every = option(args, "--every", 8)
    start = option(args, "--from", 20)
    movetime = option(args, "--movetime", 250)
    if len(args) < 6:
        sys.exit(__doc__)
    first = Engine(args[0], args[1], threads=1)
    second = Engine(args[2], args[3], threads=1)
    name = args[4]
    for path in args[5:]:
        pgn = open(path[: -len(".xml")] + ".pgn", encoding="utf-8").read()
        tag = lambda key: re.search(rf'\[{key} "([^"]*)"\]', pgn).group(1)
        ours_white = name in tag("White")
        result = tag("Result")
        lost = result == ("0-1" if ours_white else "1-0")
        moves = game_moves(path)
        if not lost or len(moves) < min_plies:
            continue
        cells = []
        for ply in range(start, len(moves), every):
            white_to_move = ply % 2 == 0
            sign = 1 if white_to_move == ours_white else -1
            scores = [verdict(e, moves[:ply], movetime) for e in (first, second)]
            text = "/".join("." if s is None else f"{sign * s:+d}" for s in scores)
            first.send("position startpos moves " + " ".join(moves[:ply]))
            fen = first.fen()
            cells.append(f"{ply}:{text}({pieces(fen, ours_white)}v{pieces(fen, not ours_white)})")
        print(path, len(moves), " ".join(cells), flush=True)
    first.close()
    second.close()


if __name__ == "__main__":
    main()
