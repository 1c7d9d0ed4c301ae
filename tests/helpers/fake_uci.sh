#!/bin/sh
# A UCI engine that shows which `go` it was sent: on `go wtime ...` it plays
# h2h3, on `go movetime ...` it plays a2a3 (both legal at the start).
while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "go wtime "*) echo "bestmove h2h3" ;;
    "go movetime "*) echo "bestmove a2a3" ;;
    quit) exit 0 ;;
  esac
done
