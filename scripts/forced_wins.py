#!/usr/bin/env python3
"""Forced wins in a match's games, and how many nodes an engine needs to
find them: a tactical yardstick for the antichess search.

Set-up: none (Python 3 standard library only; the judge is Fairy-Stockfish
built by docs/fairy-stockfish/build.sh, run through its fsf.sh).

    antichess referee --ruleset 6170-spring-2007 --out DIR ... > LOG
    python3 scripts/forced_wins.py collect DIR antichess ./fsf.sh ac2007 \\
        6170-spring-2007 > wins.tsv
    python3 scripts/forced_wins.py solve "antichess uci --threads 1" \\
        6170-spring-2007 wins.tsv [--nodes 2000000]

`collect` walks each game of the folder (its FEN from the PGN, its moves
from the game file, the positions by this program's `trace`) and writes
the first position where the judge, at `go depth 12` (`--depth`), scores
a win for the side to move (`score mate N`, N > 0), skipping positions
with a single legal move (an engine answers those at once, without a
score): a line `FEN<TAB>N<TAB>game<TAB>ply` per game that has one.

`solve` asks a UCI engine (its variant set by `UCI_Variant`, a fresh
table for each position by `ucinewgame`) to search each position to
`go nodes N` and reports the nodes of its first `info` line that scores
a win (`score mate M`, M > 0), or that it found none; then the count
found and the nodes summed (a position not found counts its last
`info` line's nodes). Run it on the judge too (with the judge's variant)
to compare.

    python3 scripts/forced_wins.py compare OURS.txt THEIRS.txt

`compare` reads two outputs of `solve` on the same positions and prints
how many each found, and over those both found the ratio of the first's
nodes to the second's: its median and quartiles.
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from turning_moves import start_fen
from uci_engine import Engine


def positions(antichess, ruleset, fen, moves):
    """Each position of a game from `fen` (FEN and legal move count), by
    this program's `trace`."""
    out = subprocess.run(
        [antichess, "trace", "--json", "--ruleset", ruleset, "--notation", "dash", "--fen", fen, *moves],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    plies = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return [(p["fen"], len(p["legal"])) for p in plies]


def win_in(words):
    """The moves to a win of an `info` line that scores one, else None."""
    if "score" not in words:
        return None
    k = words.index("score")
    if words[k + 1] == "mate" and int(words[k + 2]) > 0:
        return int(words[k + 2])
    return None


def collect(args):
    judge = Engine(args.judge, args.variant)
    for path in sorted(Path(args.folder).glob("game-*.xml")):
        number = int(path.stem.split("-")[1])
        fen = start_fen(path.parent, number)
        moves = [m.get("value") for m in ET.parse(path).iter("move")]
        for ply, (position, legal) in enumerate(positions(args.antichess, args.ruleset, fen, moves)):
            if legal < 2:
                continue
            judge.send(f"position fen {position}")
            infos = judge.search(f"go depth {args.depth}")
            mate = win_in(infos[-1]) if infos else None
            if mate is not None:
                print(f"{position}\t{mate}\t{number}\t{ply}", flush=True)
                break
    judge.close()


def solve(args):
    engine = Engine(args.engine, args.variant)
    found_count, total, nodes_sum = 0, 0, 0
    for line in Path(args.positions).read_text().splitlines():
        if not line.strip():
            continue
        fen, mate, game, ply = line.split("\t")
        engine.send("ucinewgame")
        engine.send(f"position fen {fen}")
        infos = engine.search(f"go nodes {args.nodes}")
        found, last = None, 0
        for words in infos:
            if "nodes" in words:
                last = int(words[words.index("nodes") + 1])
                if found is None and win_in(words) is not None:
                    found = last
        total += 1
        if found is not None:
            found_count += 1
            nodes_sum += found
            print(f"game {game} ply {ply} (win in {mate}): found at {found} nodes", flush=True)
        else:
            nodes_sum += last
            print(f"game {game} ply {ply} (win in {mate}): not found in {last} nodes", flush=True)
    print(f"found {found_count} of {total}, {nodes_sum} nodes")
    engine.close()


SOLVED = re.compile(r"^game (\d+) ply (\d+) .*: (found at|not found in) (\d+) nodes$")


def read_solve(path):
    """(game, ply) -> nodes to the win, or None, from `solve`'s output."""
    found = {}
    for line in Path(path).read_text().splitlines():
        m = SOLVED.match(line)
        if m:
            found[(m[1], m[2])] = int(m[4]) if m[3] == "found at" else None
    return found


def compare(args):
    ours, theirs = read_solve(args.first), read_solve(args.second)
    both = [ours[k] / max(theirs[k], 1) for k in ours if ours[k] is not None and theirs.get(k) is not None]
    print(f"positions {len(ours)}: the first found {sum(v is not None for v in ours.values())}, "
          f"the second {sum(v is not None for v in theirs.values())}, both {len(both)}")
    if len(both) >= 2:
        q = statistics.quantiles(both, n=4)
        print(f"nodes, first / second, where both found: median {statistics.median(both):.2f}, "
              f"quartiles {q[0]:.2f} and {q[2]:.2f}; first fewer in {sum(r < 1 for r in both)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("folder")
    c.add_argument("antichess")
    c.add_argument("judge")
    c.add_argument("variant")
    c.add_argument("ruleset")
    c.add_argument("--depth", type=int, default=12)
    s = sub.add_parser("solve")
    s.add_argument("engine")
    s.add_argument("variant")
    s.add_argument("positions")
    s.add_argument("--nodes", type=int, default=2_000_000)
    p = sub.add_parser("compare")
    p.add_argument("first")
    p.add_argument("second")
    args = ap.parse_args()
    {"collect": collect, "solve": solve, "compare": compare}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
