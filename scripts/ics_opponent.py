#!/usr/bin/env python3
"""A scripted opponent on the game server, for scripts/xboard-ics.sh.

Usage: ics_opponent.py HOST PORT MOVE...

Logs in as a guest, waits for a seek, answers it (`play N`), then at each
of its turns (a `<12>` board saying it is to move) sends the next of its
MOVEs; a MOVE written `!e2e5` is an attempt it expects to be refused
(Kriegspiel), after which it sends the next. It prints every line it
receives (prefixed `opponent| `) and exits once the result line came.
Only the Python standard library.
"""

import re
import socket
import sys
import time


def main():
    host, port, moves = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    sock = socket.create_connection((host, port))
    sock.settimeout(0.2)
    buffer = ""

    def lines():
        nonlocal buffer
        try:
            data = sock.recv(65536)
        except socket.timeout:
            return []
        if not data:
            raise SystemExit("opponent: the server closed the connection")
        buffer += data.decode("utf-8", "replace")
        *done, buffer = buffer.split("\n")
        for line in done:
            print("opponent|", line, flush=True)
        return done

    def send(text):
        print("opponent> ", text, flush=True)
        sock.sendall((text + "\n").encode())

    def wait_for(pattern, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for line in lines():
                m = re.search(pattern, line)
                if m:
                    return m
            if re.search(pattern, buffer):
                return re.search(pattern, buffer)
        raise SystemExit(f"opponent: no {pattern!r} within {timeout} s")

    wait_for("login:")
    send("guest")
    wait_for("Press return")
    send("")
    wait_for("Starting FICS session")
    send("set style 12")
    seek = wait_for(r'\("play (\d+)" to respond\)')
    time.sleep(1)
    send(f"play {seek.group(1)}")
    my_turn = r"^<12> .* 1 \d+ \d+ \d+ \d+ -?\d+ -?\d+ \d+ "
    their_turn = r"^<12> .* -1 \d+ \d+ \d+ \d+ -?\d+ -?\d+ \d+ "
    wait_for(my_turn)
    for move in moves:
        time.sleep(1.5)
        if move.startswith("!"):
            send(move[1:])
            wait_for("Illegal move")
            continue
        send(move)
        if move != moves[-1]:
            # Its own board comes back first, then the other side moves.
            wait_for(their_turn)
            wait_for(my_turn)
    result = wait_for(r"^\{Game \d+ \(.*\) .*\} (1-0|0-1|1/2-1/2|\*)")
    print("opponent: result", result.group(0), flush=True)


if __name__ == "__main__":
    main()
