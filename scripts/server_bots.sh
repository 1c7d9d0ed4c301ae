#!/usr/bin/env bash
# Two `antichess connect --bot` players meet N times through a server this
# script starts on loopback, then the server's database is read back:
# games by result and reason, forfeits (time, disconnection), games not
# finished, finished games without their PGN.
#
#   scripts/server_bots.sh GAME N TERMS [--first "FLAGS"] [--second "FLAGS"]
#
# GAME as seeks name it (chess, wild/16, 6170-spring-2007, connect-4-7-6);
# TERMS the seek's minutes and increment ("1 0"); FLAGS each bot's engine
# flags (default "--movetime 50 --threads 1"). The first bot seeks, the
# second answers. Needs python3 (its sqlite3 module) for the summary.
set -euo pipefail
game=$1 n=$2 terms=$3
shift 3
first="--movetime 50 --threads 1" second="--movetime 50 --threads 1"
while [ $# -gt 0 ]; do
    case $1 in
        --first) first=$2; shift 2 ;;
        --second) second=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
bin=${ANTICHESS:-$(dirname "$0")/../target/release/antichess}
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" server --listen 127.0.0.1:$port --db "$dir/server.db" > "$dir/server.log" 2>&1 &
server=$!
sleep 1
start=$(date +%s)
# shellcheck disable=SC2086
"$bin" connect 127.0.0.1:$port --bot --seek "$terms $game" --max-games "$n" $first < /dev/null > "$dir/first.log" 2>&1 &
a=$!
sleep 0.5
# shellcheck disable=SC2086
"$bin" connect 127.0.0.1:$port --bot --games "$game" --max-games "$n" $second < /dev/null > "$dir/second.log" 2>&1 &
b=$!
wait $a $b || true
kill -TERM $server; wait $server || true
end=$(date +%s)
first_name=$(grep -o 'Starting FICS session as [^( ]*' "$dir/first.log" | head -1 | awk '{print $5}')
echo "game: $game, $n games at \"$terms\", $((end - start)) s"
echo "first bot ($first_name, seeks): $first"
echo "second bot (answers): $second"
python3 - "$dir/server.db" "$first_name" <<'PY'
import sqlite3, sys, collections
db = sqlite3.connect(sys.argv[1]); first = sys.argv[2]
rows = db.execute("select id, white, black, state, result, why, pgn is not null, (select count(*) from moves m where m.game = g.id) from games g").fetchall()
score = collections.Counter(); why = collections.Counter(); forfeits = 0; unfinished = 0; no_pgn = 0; attempts = 0
for id, white, black, state, result, reason, has_pgn, moves in rows:
    attempts += moves
    if state != "over":
        unfinished += 1
        continue
    if not has_pgn:
        no_pgn += 1
    words = reason.split(" ", 1)[1] if " " in reason else reason
    why[words] += 1
    if "forfeit" in reason or "time" in reason or "connection" in reason:
        forfeits += 1
    first_white = white == first
    if result == "1/2-1/2":
        score["draws"] += 1
    elif (result == "1-0") == first_white:
        score["first bot wins"] += 1
    else:
        score["second bot wins"] += 1
most = max((r[7] for r in rows), default=0)
print(f"games stored: {len(rows)}, attempts stored: {attempts} (at most {most} in a game)")
print("results:", ", ".join(f"{k} {v}" for k, v in sorted(score.items())))
print("endings:", "; ".join(f"{k}: {v}" for k, v in why.most_common()))
print(f"forfeits (time, disconnection): {forfeits}; games not finished: {unfinished}; finished without PGN: {no_pgn}")
PY
rm -rf "$dir"
