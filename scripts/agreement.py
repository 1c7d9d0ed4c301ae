#!/usr/bin/env python3
"""How often a program picks the first program's move where the double
losses of one or more matches part: a quick look at an evaluation change
before a match (agreeing with the opponent that won those games is not
strength, and only matches decide what is kept).

Set-up: none (Python 3 standard library only).

    python3 scripts/agreement.py "antichess uci --threads 1" 6170-spring-2004 \\
        --movetime 1000 DIR1 LOG1 [DIR2 LOG2 ...]

Each DIR and LOG are the game folder and the log of one match
`antichess referee --white FIRST --black SECOND --out DIR > LOG 2>&1`,
as for `pair_judge.py`. The parting positions of every match's double
losses are gathered (a position met in more than one match is asked
once); the program is asked for its move in each, from an empty table,
and the script prints each position's moves and how many of its picks
are the first program's move.
"""

import argparse
import sys
from pathlib import Path

from pair_judge import partings, search_from
from uci_engine import Engine


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", help="the program, a UCI engine (shell command line)")
    parser.add_argument("variant", help="its UCI_Variant value")
    parser.add_argument("matches", nargs="+", help="DIR LOG pairs, one per match")
    parser.add_argument("--movetime", type=int, default=1000, help="ms per position")
    options = parser.parse_args(argv)
    if len(options.matches) % 2:
        parser.error("matches come as DIR LOG pairs")
    positions = {}
    for folder, log in zip(options.matches[::2], options.matches[1::2]):
        for pair, ply, prefix, second, first in partings(Path(folder), log):
            positions.setdefault(tuple(prefix), (folder, pair, ply, second, first))
    engine = Engine(options.command, options.variant, threads=1)
    same = 0
    for prefix, (folder, pair, ply, second, first) in positions.items():
        search_from(engine, list(prefix), f"go movetime {options.movetime}")
        same += engine.best == first
        print(
            f"{folder} opening {pair}, ply {ply}: first {first}, "
            f"second (in the match) {second}, now {engine.best}",
            flush=True,
        )
    engine.close()
    print(f"{same} of {len(positions)}: the program picks the first program's move")


if __name__ == "__main__":
    main(sys.argv[1:])
