#!/usr/bin/env bash
# Builds the Fairy-Stockfish engine from the sources published in the
# pyffish source package (PyPI), as the strength matches in docs/engine.md
# used it: `bash docs/fairy-stockfish/build.sh [DIR]` leaves DIR/fairy-stockfish
# (default DIR: ./fsf). Needs pip, a C++17 compiler and about two minutes.
# Built for the machine it runs on (native instructions, popcount and PEXT
# where the processor has them, standard 8 x 8 boards), as its users build
# it: the package's portable build is about 1.75 times slower.
set -euo pipefail
version=0.0.90
out="${1:-fsf}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pip download --quiet --no-deps --no-binary :all: "pyffish==$version" -d "$work"
tar xzf "$work/pyffish-$version.tar.gz" -C "$work"
src="$work/pyffish-$version/src"
# The engine is every source file but the two language bindings, compiled
# with all variants and no embedded network (the matches use the classical
# evaluation), for this machine.
native=(-march=native)
grep -qw popcnt /proc/cpuinfo && native+=(-DUSE_POPCNT)
grep -qw bmi2 /proc/cpuinfo && native+=(-DUSE_PEXT)
mapfile -t sources < <(ls "$src"/*.cpp "$src"/syzygy/*.cpp "$src"/nnue/*.cpp \
    "$src"/nnue/features/*.cpp | grep -v -e '/pyffish.cpp$' -e '/ffishjs.cpp$')
g++ -std=c++17 -O3 -DNDEBUG -DIS_64BIT -DUSE_PTHREADS -DALLVARS "${native[@]}" \
    -DNNUE_EMBEDDING_OFF -Wno-date-time \
    -o "$out/fairy-stockfish" "${sources[@]}" -lpthread
cp "$(dirname "$0")/variants.ini" "$(dirname "$0")/fsf.sh" "$out/"
echo "built $out/fairy-stockfish (Fairy-Stockfish from pyffish $version)"
