#!/bin/sh
# A UCI engine that fails at its first `go`: with `exit` it exits (as an
# engine that crashes, saying why on standard error), with `illegal` it
# answers a move that is not legal at the start (e2e5).
while read -r line; do
  case "$line" in
    uci) echo "id name broken"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) [ "$1" = illegal ] && echo "bestmove e2e5" || { echo "broken: no memory left" >&2; exit 3; } ;;
    quit) exit 0 ;;
  esac
done
