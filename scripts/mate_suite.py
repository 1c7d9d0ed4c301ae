"""Builds tests/data/mates.tsv: mates in 2 and 3 from the lichess excerpt
(CC0) in tests/data/corpora, each confirmed by Stockfish.

For every game that ends in mate, the positions 3 and 5 plies before the
end, with the winner to move, are candidates; Stockfish (the Debian
package, `go depth 18`) must report exactly `mate 2` or `mate 3` for the
side to move. Positions are read with this program's own `trace` (SAN to
FEN), so nothing but Python and Stockfish is needed.

usage: python3 scripts/mate_suite.py [ANTICHESS] [STOCKFISH] > tests/data/mates.tsv
"""
import json
import re
import subprocess
import sys

ANTICHESS = sys.argv[1] if len(sys.argv) > 1 else "target/release/antichess"
STOCKFISH = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
CORPUS = "tests/data/corpora/lichess_db_1000k.pgn"


def games(text):
    """Main-line SAN moves of each game."""
    for block in re.split(r"\n\n(?=\[Event )", text):
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        body = re.sub(r"\([^)]*\)", " ", body)
        tokens = [t for t in body.split() if not re.match(r"^\d+\.+$", t)]
        tokens = [re.sub(r"[!?]+$", "", re.sub(r"^\d+\.+", "", t)) for t in tokens]
        tokens = [t for t in tokens if not t.startswith("$")]
        yield [t for t in tokens if t and t not in ("1-0", "0-1", "1/2-1/2", "*")]


def fens(moves):
    out = subprocess.run([ANTICHESS, "trace", "--json", *moves],
                         capture_output=True, text=True).stdout
    return [json.loads(l)["fen"] for l in out.splitlines() if l.startswith("{")]


def mate_in(sf, fen):
    sf.stdin.write(f"position fen {fen}\ngo depth 18\n")
    sf.stdin.flush()
    mate = None
    for line in sf.stdout:
        m = re.search(r" score (mate|cp) (-?\d+)", line)
        if m:
            mate = int(m.group(2)) if m.group(1) == "mate" else None
        if line.startswith("bestmove"):
            return mate


def main():
    text = open(CORPUS, encoding="utf-8").read()
    sf = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, bufsize=1)
    sf.stdin.write("uci\nsetoption name Threads value 1\nisready\n")
    sf.stdin.flush()
    for line in sf.stdout:
        if line.startswith("readyok"):
            break
    seen = set()
    for moves in games(text):
        if not moves or not moves[-1].endswith("#"):
            continue
        positions = fens(moves)
        if len(positions) != len(moves) + 1:
            continue
        for n in (2, 3):
            back = 2 * n - 1
            if len(positions) <= back:
                continue
            fen = positions[-1 - back]
            if fen in seen:
                continue
            seen.add(fen)
            if mate_in(sf, fen) == n:
                print(f"{fen}\t{n}")
    sf.stdin.write("quit\n")
    sf.stdin.flush()


if __name__ == "__main__":
    main()
