#!/usr/bin/env python3
"""A suite of forced wins taken from finished games, and how much search a
UCI engine needs to find them.

Set-up: none (Python 3 standard library only; the engines are UCI
programs, such as `antichess uci` and the independent engine built by
docs/fairy-stockfish/build.sh).

    python3 scripts/mate_suite.py collect ./fsf.sh ac2004 games/*.xml > suite.tsv
    python3 scripts/mate_suite.py solve 'antichess uci' 6170-spring-2004 suite.tsv

`collect` replays each game file (`antichess referee --out`) and has the
engine search every position from ply 8 to `--depth` (default 10); the
first position of each game where it announces a win ("score mate" with a
positive count) is written as a line: FEN, the announced moves to the win,
the file, the ply. One position per game, so that one long forced line does
not fill the suite.

`blunders` replays each game with a winner and has the judge (the first
engine) search each position of the loser from ply 4 with `go movetime`
(`--movetime`, default 1000); at the first one where the judge announces a
win against the loser, the loser's position before it is written: FEN, the
move the loser played there, the file, the ply. `avoid` gives the second
engine each of those positions (`--movetime`, default 5000; one thread)
and counts the moves it plays that the judge, searching the position after
them for 1 s, does not see as lost (the game's own move counts as lost):
whether more search finds a way out that the game's move missed.

    python3 scripts/mate_suite.py blunders ./fsf.sh ac2007 lost/*.xml > blunders.tsv
    python3 scripts/mate_suite.py avoid ./fsf.sh ac2007 'antichess uci' 6170-spring-2007 blunders.tsv

`solve` gives the engine each position with `go nodes CAP` (`--nodes`,
default 1,000,000; one thread, a new game each time) and reads the node
count of the first report of a winning mate score. It prints how many
positions were solved and the mean node count (an unsolved position counts
the cap). Node counts do not depend on the machine's load, so two builds
can be compared on a busy machine. With `--movetime MS` it uses `go
movetime MS` and the reported time instead (to compare different engines,
whose nodes are not alike, on an idle machine). A position with a single
legal move (the engine answers at once, without a report) is left out.
"""

import re
import sys

from uci_engine import Engine


def mate(words):
    """The mate count of an `info` line (negative: the side to move is
    mated), or None for a centipawn score."""
    k = words.index("score")
    return int(words[k + 2]) if words[k + 1] == "mate" else None


def winning_mate(words):
    """The announced moves to a win in an `info` line, or None."""
    count = mate(words)
    return count if count is not None and count > 0 else None


def game_moves(path):
    """The game's moves in UCI form (promotions to a queen)."""
    text = open(path, encoding="utf-8").read()
    pawns = {f + r for f in "abcdefgh" for r in "27"}
    moves = []
    for a, b in re.findall(r'<move side="\w+" value="(\w\d)-(\w\d)"', text):
        pawn = a in pawns
        pawns.discard(a)
        pawns.discard(b)
        if pawn and b[1] not in "18":
            pawns.add(b)
        moves.append(a + b + ("q" if pawn and b[1] in "18" else ""))
    return moves


def collect(command, variant, files, depth):
    engine = Engine(command, variant, threads=1)
    for path in files:
        moves = game_moves(path)
        for ply in range(8, len(moves)):
            engine.send("position startpos moves " + " ".join(moves[:ply]))
            infos = engine.search(f"go depth {depth}")
            mate = infos and winning_mate(infos[-1])
            if mate:
                print(f"{engine.fen()}\t{mate}\t{path}\t{ply}", flush=True)
                break
    engine.close()


def solve(command, variant, suite, cap, movetime):
    engine = Engine(command, variant, threads=1)
    go, field, unit = (
        (f"go movetime {movetime}", "time", "ms") if movetime else (f"go nodes {cap}", "nodes", "k nodes")
    )
    cap = movetime or cap
    solved = total = spent = 0
    for line in open(suite, encoding="utf-8"):
        fen = line.split("\t")[0]
        engine.send("ucinewgame")
        engine.send("position fen " + fen)
        infos = engine.search(go)
        if not infos:
            continue
        total += 1
        found = next(
            (int(w[w.index(field) + 1]) for w in infos if winning_mate(w)), None
        )
        if found is None:
            spent += cap
        else:
            solved += 1
            spent += found
    engine.close()
    if total:
        mean = spent / total / (1 if movetime else 1000)
        print(f"solved {solved}/{total}, mean {mean:.0f} {unit}")


def blunders(command, variant, files, movetime):
    judge = Engine(command, variant, threads=1)
    for path in files:
        winner = re.search(r'<gameOver winner="(\w+)"', open(path, encoding="utf-8").read())
        if not winner:
            continue
        # The loser moves at even plies (White) or odd ones (Black).
        first = 5 if winner.group(1) == "white" else 4
        moves = game_moves(path)
        before = None
        for ply in range(first, len(moves), 2):
            judge.send("position startpos moves " + " ".join(moves[:ply]))
            infos = judge.search(f"go movetime {movetime}")
            if infos and (mate(infos[-1]) or 0) < 0:
                if before is not None:
                    judge.send("position startpos moves " + " ".join(moves[:before]))
                    print(f"{judge.fen()}\t{moves[before]}\t{path}\t{before}", flush=True)
                break
            before = ply
    judge.close()


def avoid(judge_command, judge_variant, command, variant, suite, movetime):
    judge = Engine(judge_command, judge_variant, threads=1)
    engine = Engine(command, variant, threads=1)
    saved = total = 0
    marks = ""
    for line in open(suite, encoding="utf-8"):
        fen, played = line.split("\t")[:2]
        engine.send("ucinewgame")
        engine.send("position fen " + fen)
        engine.search(f"go movetime {movetime}")
        total += 1
        if engine.best == played:
            marks += "x"
            continue
        judge.send("ucinewgame")
        judge.send(f"position fen {fen} moves {engine.best}")
        infos = judge.search("go movetime 1000")
        lost = bool(infos) and winning_mate(infos[-1]) is not None
        saved += not lost
        marks += "x" if lost else "o"
    engine.close()
    judge.close()
    print(f"saved {saved}/{total} {marks}")


def option(args, name, default):
    if name in args:
        i = args.index(name)
        value = int(args[i + 1])
        del args[i : i + 2]
        return value
    return default


def main():
    args = sys.argv[1:]
    depth = option(args, "--depth", 10)
    cap = option(args, "--nodes", 1_000_000)
    movetime = option(args, "--movetime", 0)
    if len(args) >= 4 and args[0] == "blunders":
        blunders(args[1], args[2], args[3:], movetime or 1000)
    elif len(args) == 6 and args[0] == "avoid":
        avoid(args[1], args[2], args[3], args[4], args[5], movetime or 5000)
    elif len(args) >= 4 and args[0] == "collect":
        collect(args[1], args[2], args[3:], depth)
    elif len(args) == 4 and args[0] == "solve":
        solve(args[1], args[2], args[3], cap, movetime)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
