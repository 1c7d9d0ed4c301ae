#!/bin/sh
# Stockfish (Debian package `stockfish`, 15.1) limited to the Elo in $1:
# sends UCI_LimitStrength and UCI_Elo before the caller's commands, so it
# can be given to `antichess --uci-engine` as is:
#   antichess referee --ruleset chess --white antichess \
#     --black "antichess --uci-engine 'docs/stockfish/sf-elo.sh 2000'" ...
elo=${1:-2000}
engine=${STOCKFISH:-/usr/games/stockfish}
{ printf 'setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value %s\n' "$elo"; cat; } | exec "$engine"
