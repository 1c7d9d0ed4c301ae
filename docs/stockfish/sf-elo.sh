#!/usr/bin/env bash
# Stockfish (Debian package `stockfish`, 15.1) limited to the Elo in $1:
# sends UCI_LimitStrength and UCI_Elo before the caller's commands, so it
# can be given to `antichess --uci-engine` as is:
#   antichess referee --ruleset chess --white antichess \
#     --black "antichess --uci-engine 'docs/stockfish/sf-elo.sh 2000'" ...
# The engine replaces this shell and reads from a process substitution, so
# that nothing else holds its output: if it crashes, the adapter sees the
# end of its output at once instead of waiting out the clock.
elo=${1:-2000}
engine=${STOCKFISH:-/usr/games/stockfish}
exec "$engine" < <(
    printf 'setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value %s\n' "$elo"
    exec cat
)
