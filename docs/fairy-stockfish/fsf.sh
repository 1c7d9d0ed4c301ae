#!/usr/bin/env bash
# Runs Fairy-Stockfish with the 6.170 rules of variants.ini (beside this
# script), for `antichess --uci-engine ./fsf.sh --uci-variant ac2007`: it
# loads the rules file first, then passes the adapter's lines on.
here="$(cd "$(dirname "$0")" && pwd)"
{
    echo "setoption name VariantPath value $here/variants.ini"
    cat
} | exec "$here/fairy-stockfish"
