#!/bin/sh
# A UCI engine that shows which `go` it was sent: on `go wtime ...` it plays
# h2h3, on `go movetime ...` it plays a2a3 (both legal at the start). With an
# argument it first thinks that many seconds.
while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "go wtime "*) sleep "${1:-0}"; echo "bestmove h2h3" ;;
    "go movetime "*) sleep "${1:-0}"; echo "bestmove a2a3" ;;
    quit) exit 0 ;;
  esac
done
