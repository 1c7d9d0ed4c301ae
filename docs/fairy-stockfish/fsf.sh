#!/usr/bin/env bash
# Runs Fairy-Stockfish with the 6.170 rules of variants.ini (beside this
# script), for `antichess --uci-engine ./fsf.sh --uci-variant ac2007`: it
# loads the rules file first, then passes the adapter's lines on.
#
# The engine replaces this shell (exec) and reads the lines from a process
# substitution, so nothing but the engine holds its output: if it crashes,
# the adapter sees the end of its output at once. (A pipeline into the
# engine left the waiting shell holding that output, and the adapter
# waited out the whole clock.)
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/fairy-stockfish" < <(
    echo "setoption name VariantPath value $here/variants.ini"
    exec cat
)
