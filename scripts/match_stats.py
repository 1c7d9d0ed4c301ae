#!/usr/bin/env python3
"""Figures of one referee match, as docs/engine.md reports them.

Set-up: none (Python 3 standard library only).

    antichess referee ... --out DIR > LOG
    python3 scripts/match_stats.py LOG DIR [--program second]

Prints, for the program named (`first` or `second`, default `second`):
its wins, draws and losses and score; its score in the games of under
40, 40 to 79, and 80 or more plies (the plies the programs played, as
the referee's log counts them); and the mean time left on its clock and
on the opponent's after 20, 30 and 40 of its own moves (over the games
that lasted so long; the game files record each move's clock). With
`--games` it also prints each game's result for the program (1, 0.5 or
0), one per line, to pair two builds' matches on the same openings.
"""

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LINE = re.compile(r"^game +(\d+): first (white|black) (first wins|second wins|draw)\b.*\((\d+) plies\)")


def results(log, program):
    """Game number -> (score for `program`, plies, whether it had White)."""
    games = {}
    for line in open(log, encoding="utf-8"):
        m = LINE.match(line)
        if not m:
            continue
        number, first_colour, result, plies = int(m[1]), m[2], m[3], int(m[4])
        first_white = first_colour == "white"
        white = first_white if program == "first" else not first_white
        score = {"draw": 0.5, f"{program} wins": 1.0}.get(result, 0.0)
        games[number] = (score, plies, white)
    return games


def clocks(path, white):
    """The clock left after each of the program's moves, and the
    opponent's after each of its own, in seconds (moves with a time)."""
    ours, theirs = [], []
    for move in ET.parse(path).getroot().iter("move"):
        if move.get("time") is None:
            continue
        mine = (move.get("side") == "white") == white
        (ours if mine else theirs).append(int(move.get("time")) / 1000)
    return ours, theirs


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--program", choices=["first", "second"], default="second")
    parser.add_argument("--games", action="store_true")
    options = parser.parse_args(argv)
    log, folder, program = options.log, options.folder, options.program
    games = results(log, program)
    if not games:
        sys.exit(f"{log}: no game lines")
    scores = [s for s, _, _ in games.values()]
    wins, draws = scores.count(1.0), scores.count(0.5)
    losses = len(scores) - wins - draws
    print(f"{program}: {wins}-{draws}-{losses} over {len(scores)} games, {100 * sum(scores) / len(scores):.1f}%")
    buckets = [("under 40", 0, 40), ("40 to 79", 40, 80), ("80+", 80, 10**9)]
    parts = []
    for name, low, high in buckets:
        inside = [s for s, p, _ in games.values() if low <= p < high]
        if inside:
            parts.append(f"{100 * sum(inside) / len(inside):.0f}% of {len(inside)} {name}")
    print("by length: " + " / ".join(parts))
    left = {20: ([], []), 30: ([], []), 40: ([], [])}
    for number, (_, _, white) in games.items():
        path = folder / f"game-{number:03}.xml"
        if not path.exists():
            continue
        ours, theirs = clocks(path, white)
        for k, (a, b) in left.items():
            if len(ours) >= k and len(theirs) >= k:
                a.append(ours[k - 1])
                b.append(theirs[k - 1])
    print(
        "clock after 20, 30, 40 moves (its / opponent's): "
        + ", ".join(
            f"{sum(a) / len(a):.1f}/{sum(b) / len(b):.1f} s ({len(a)} games)" if a else "-"
            for a, b in left.values()
        )
    )
    if options.games:
        for number in sorted(games):
            print(number, games[number][0])


if __name__ == "__main__":
    main(sys.argv[1:])
