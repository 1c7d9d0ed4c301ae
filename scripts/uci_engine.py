"""A UCI engine on a pipe, for the scripts that drive one (the engine is
any UCI program, such as `antichess uci` or the independent engine built by
docs/fairy-stockfish/build.sh). Python 3 standard library only."""

import subprocess

# A mate's score, in centipawns, as `info_score` gives it.
MATE_CP = 100_000


def info_score(words, mate=MATE_CP, by_distance=False):
    """The score of an `info` line (split into words): centipawns for the
    side to move; a mate as +/- `mate`, or with `by_distance` as `mate`
    less its moves (a mate sooner scores further from zero)."""
    k = words.index("score")
    kind, value = words[k + 1], int(words[k + 2])
    if kind == "cp":
        return value
    sign = 1 if value > 0 else -1
    return sign * (mate - abs(value)) if by_distance else sign * mate


class Engine:
    """A UCI engine on a pipe."""

    def __init__(self, command, variant, threads=None):
        """Starts `command` (a shell command line) and selects `variant`,
        and `threads` search threads when given."""
        self.proc = subprocess.Popen(
            command,
            shell=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.best = None
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        if threads is not None:
            self.send(f"setoption name Threads value {threads}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line
        raise SystemExit(f"the engine closed its output before '{prefix}'")

    def search(self, go):
        """The `info` lines of one search, up to its `bestmove` (the move
        is kept in `self.best`)."""
        self.send(go)
        infos = []
        for line in self.proc.stdout:
            if line.startswith("bestmove"):
                self.best = line.split()[1]
                return infos
            if line.startswith("info") and " score " in line:
                infos.append(line.split())
        raise SystemExit("the engine closed its output during a search")

    def static_evals(self, fens):
        """Stockfish's static evaluation of each of `fens` (its `eval`
        command's "Final evaluation" line), in centipawns for White;
        `None` where it gives none (the side to move in check). The
        commands go out in one batch, the answers are read in order."""
        self.proc.stdin.write("".join(f"position fen {fen}\neval\n" for fen in fens))
        self.proc.stdin.flush()
        scores = []
        for line in self.proc.stdout:
            if line.startswith("Final evaluation"):
                try:
                    scores.append(round(float(line.split()[2]) * 100))
                except (IndexError, ValueError):
                    scores.append(None)
                if len(scores) == len(fens):
                    return scores
        raise SystemExit("the engine closed its output during 'eval'")

    def fen(self):
        """The current position's FEN (Fairy-Stockfish's `d` command)."""
        self.send("d")
        for line in self.proc.stdout:
            if line.startswith("Fen:"):
                fen = line[4:].strip()
                self.send("isready")
                self.wait("readyok")
                return fen
        raise SystemExit("the engine closed its output during 'd'")

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        self.proc.wait()
