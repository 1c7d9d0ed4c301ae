#!/usr/bin/env bash
# xboard (Debian's, in ICS mode) against the game server, under Xvfb: it
# logs in as a guest, seeks, and plays White in a chess game and then a
# Kriegspiel game (wild/16) with clocks against a scripted opponent
# (scripts/ics_opponent.py), its moves made by dragging pieces on its
# board (xdotool). Screenshots of each game and xboard's own log of what
# it sent and received (xboard.debug) go to OUT.
#
# Usage: scripts/xboard-ics.sh [OUT]   (default OUT: /tmp/xboard-ics)
# Needs: xboard xvfb xdotool imagemagick (apt-get install ...), python3,
# and target/release/antichess (cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/xboard-ics}
mkdir -p "$out"
bin=${ANTICHESS:-target/release/antichess}
xboard=$(command -v xboard || echo /usr/games/xboard)
display=:${XBOARD_DISPLAY:-97}

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# The server, on a free port, its database in OUT.
rm -f "$out"/server.db*
"$bin" server --listen 127.0.0.1:0 --db "$out/server.db" > "$out/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do grep -q Listening "$out/server.log" && break; sleep 0.1; done
port=$(sed -n 's/^Listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$out/server.log")
echo "server on port $port"

Xvfb "$display" -screen 0 1024x768x24 > "$out/xvfb.log" 2>&1 &
pids+=($!)
sleep 1
export DISPLAY=$display

shot() { xwd -root -silent | convert xwd:- -crop "${width}x${height}+0+0" "$out/$1.png"; echo "screenshot $out/$1.png"; }

# xboard's board: square size and where a8 is, read off its window (the
# board fills the window's width below the clocks and buttons).
square=0; left=0; top=0; width=1024; height=768
measure() {
    local win geometry
    win=$(xdotool search --name "xboard: " | head -1)
    geometry=$(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')
    width=${geometry%x*}; height=${geometry#*x}
    square=$(( (width - 24) / 8 ))
    left=2
    top=$(( height - 8 * square - 4 ))
}

# Drags White's piece from one square to another (White at the bottom).
drag() {
    local from=$1 to=$2
    local ff=$(( $(printf '%d' "'${from:0:1}") - 97 )) fr=$(( ${from:1:1} - 1 ))
    local tf=$(( $(printf '%d' "'${to:0:1}") - 97 )) tr=$(( ${to:1:1} - 1 ))
    local x1=$(( left + ff * square + square / 2 )) y1=$(( top + (7 - fr) * square + square / 2 ))
    local x2=$(( left + tf * square + square / 2 )) y2=$(( top + (7 - tr) * square + square / 2 ))
    xdotool mousemove "$x1" "$y1" mousedown 1 sleep 0.3 mousemove "$x2" "$y2" sleep 0.3 mouseup 1
    echo "xboard drags $from-$to"
}

# One game: xboard seeks with TERMS and plays White's MOVES by dragging
# (a screenshot NAME-middle after the third); the opponent answers with
# its moves.
game() {
    local name=$1 terms=$2 white=$3; shift 3
    python3 scripts/ics_opponent.py 127.0.0.1 "$port" "$@" > "$out/$name-opponent.log" 2>&1 &
    local opponent=$!
    sleep 2
    echo "seek $terms white" > "$out/console"
    local n=0
    for mv in $white; do
        sleep 4
        drag "${mv:0:2}" "${mv:2:2}"
        n=$((n + 1))
        if [ $n = 3 ]; then sleep 4; shot "$name-middle"; fi
    done
    for _ in $(seq 60); do grep -q "opponent: result" "$out/$name-opponent.log" && break; sleep 0.5; done
    sleep 2
    shot "$name"
    grep "opponent: result" "$out/$name-opponent.log" || { echo "no result in $name"; exit 1; }
    wait "$opponent" || true
}

# xboard reads its console (what a user types to the server) from
# standard input: a pipe the script writes to.
rm -f "$out/console"; mkfifo "$out/console"
sleep 100000 > "$out/console" &
pids+=($!)
printf 'guest\n\n' > "$out/logon"
(cd "$out" && HOME=$out exec "$xboard" -ics -icshost 127.0.0.1 -icsport "$port" -icslogon "$out/logon" \
    -size medium -debug < "$out/console" > "$out/xboard.out" 2>&1) &
pids+=($!)
sleep 5
measure
echo "board: squares of $square px, a8 at ($left,$top)"
shot login

# Scholar's mate in chess.
game chess "3 2" "e2e4 f1c4 d1h5 h5f7" e7e5 b8c6 g8f6
# The same in Kriegspiel: each side sees only its own pieces; Black tries
# a move the umpire refuses (told to Black alone) before its second move.
game kriegspiel "3 2 wild/16" "e2e4 f1c4 d1h5 h5f7" e7e5 '!a8a6' b8c6 g8f6
echo "done: $out"
