#!/usr/bin/env bash
# Runs every input surface of the program against hostile input and prints
# one line per attack: surface, attack, exit status, seconds, peak memory
# (MB, of the program under test) and the processes it left behind.
#
#   bash scripts/hostile_inputs.sh [path/to/antichess]
#
# Needs python3 (to make the inputs) and GNU time (/usr/bin/time). Every
# file is made in a fresh temporary folder, removed at the end; nothing is
# sent over the network. A crash is an exit status of 101 (panic) or 128
# and above (a signal); a hang is status 124 (the 120 s limit).
set -uo pipefail
bin=${1:-target/release/antichess}
bin=$(realpath "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

gen() { python3 -c "$1" > "$2"; }

# The inputs.
gen "import sys; sys.stdout.write('x' * 300_000_000 + '\n')" long_line
gen "import os, sys; sys.stdout.buffer.write(os.urandom(10_000_000))" random
gen "import sys; sys.stdout.buffer.write(b'isready\xff\xfe\n\0\0\0\nisready\n' * 1000)" binary_lines
head='<game ruleset="6170-spring-2007"><time/><moveHistory/><pieces/>'
gen "print('$head<extension>' + '<x>' * 9000 + '</x>' * 9000 + '</extension></game>')" deep.xml
gen "print('$head<extension>' * 5000 + '</extension></game>' * 5000)" games.xml
gen "print('<!DOCTYPE game [<!ENTITY e \"' + 'x' * 50000 + '\">]>$head<extension><x>' + '&e;' * 20000 + '</x></extension></game>')" entity.xml
gen "print('$head<extension><x' + ''.join(' a%d=\"1\"' % i for i in range(100000)) + '/></extension></game>')" attributes.xml
gen "
s = '<!DOCTYPE game [<!ENTITY l0 \"ha\">'
for i in range(1, 10):
    s += '<!ENTITY l%d \"%s\">' % (i, ('&l%d;' % (i - 1)) * 10)
print(s + ']>$head<extension><x>&l9;</x></extension></game>')" laughs.xml
gen "print(''.join('[T%d \"v\"]\n' % i for i in range(500000)) + '\n1. e4 *')" tags.pgn
gen "print('1. e4 ' + '(' * 3000000 + ' *')" parens.pgn
gen "print('1. e4 ' + 'e5 ' * 7_000_000 + '*')" longline.pgn
gen "print('18446744073709551616. e4 *')" number.pgn
cp random random.pgn
gen "print('e2e4 ' * 14_000_000)" moves.txt
gen "print('4' * 70000); print('44'); print('\xff'.encode('latin-1').decode('latin-1'))" connect_lines

orphans() { pgrep -f 'sleep 1005' | wc -l; }

# run SURFACE ATTACK STDIN-FILE ARGS...: one line of the table.
run() {
    local surface=$1 attack=$2 input=$3
    shift 3
    local before
    before=$(orphans)
    /usr/bin/time -f '%e %M' -o time.txt timeout 120 "$@" < "$input" > out.txt 2> err.txt
    local status=$?
    sleep 0.3
    local left=$(( $(orphans) - before ))
    read -r secs kb < <(tail -1 time.txt)
    printf '%-16s %-44s %6s %8s %8d %3d\n' "$surface" "$attack" "$status" "$secs" $((kb / 1024)) "$left"
    pkill -f 'sleep 1005' 2>/dev/null || true
}

printf '%-16s %-44s %6s %8s %8s %3s\n' surface attack status seconds peak_MB orphans
echo quit > quit
printf 'StartNewGame human 0 human 0\nLoadGame deep.xml\nLoadGame games.xml\nLoadGame entity.xml\nLoadGame attributes.xml\nLoadGame laughs.xml\nQuitGame\n' > load_all

run TextUI "a 300 MB line" long_line "$bin"
run TextUI "10 MB of random bytes" random "$bin"
run TextUI "non-UTF-8 and NUL lines" binary_lines "$bin"
run TextUI "LoadGame of five hostile files" load_all "$bin"
run TextUI "--hash 65536" quit "$bin" --hash 65536
run UCI "a 300 MB line" long_line "$bin" uci
run UCI "10 MB of random bytes" random "$bin" uci
run UCI "non-UTF-8 and NUL lines" binary_lines "$bin" uci
printf 'go mate 3\nisready\n' > mate; run UCI "go mate 3 from the start, no stop" mate "$bin" uci
printf 'go ponder wtime 1000 btime 1000\nquit\n' > ponder; run UCI "go ponder, then quit" ponder "$bin" uci
printf 'setoption name Hash value 65536\ngo depth 3\n' > hash; run UCI "setoption Hash 65536, then go" hash "$bin" uci
for f in deep games entity attributes laughs; do
    run "game file" "validate $f.xml" quit "$bin" validate "$f.xml"
done
head -c 70000000 long_line > big.xml
run "game file" "validate a 70 MB file" quit "$bin" validate big.xml
for f in tags parens longline number random; do
    run PGN "pgn check $f.pgn" quit "$bin" pgn check "$f.pgn"
done
run trace "--moves-file of 70 MB" quit "$bin" trace --moves-file moves.txt
run trace "--moves-file of random bytes" quit "$bin" trace --moves-file random
run umpire "a 300 MB line" long_line "$bin" kriegspiel umpire
run umpire "10 MB of random bytes" random "$bin" kriegspiel umpire
run "player protocol" "a 300 MB line" long_line "$bin" kriegspiel player
run "player protocol" "10 MB of random bytes" random "$bin" kriegspiel player
run "Connect N" "solve: a 70 KB line, non-UTF-8" connect_lines "$bin" solve --weak
run "Connect N" "solve 5 x 4: 10 MB of random bytes" random "$bin" solve --ruleset connect-4-5-4
run "Connect N" "perft --moves of 70,000 digits" quit "$bin" perft 1 --ruleset connect-4-7-6 --moves "$(head -c 70000 long_line | tr x 4)"

flood="python3 -c \"import sys; sys.stdout.write('x' * (1 << 30))\""
engine="$bin --depth 1 --hash 1"
run "referee child" "a 1 GB line of output" quit "$bin" referee --games 2 --clock 5000 --white "$engine" --black "sh -c '$flood'"
run "referee child" "a child that starts its own (sleep 1005)" quit "$bin" referee --games 2 --clock 2000 --max-plies 20 --white "$engine" --black "sh -c 'sleep 1005 & exec $engine'"
run "referee child" "a child that hangs" quit "$bin" referee --games 2 --clock 500 --white "$engine" --black "sleep 1000"
run "referee child" "a child killed by SIGSEGV" quit "$bin" referee --games 2 --clock 2000 --white "$engine" --black "sh -c 'kill -SEGV \$\$'"
run "referee child" "a command with \$(touch pwned)" quit "$bin" referee --games 2 --clock 2000 --white "$engine" --black "$engine \$(touch pwned)"
[ -e pwned ] && echo "FAIL: the substitution ran"
run "referee child" "a program that does not exist" quit "$bin" referee --white nosuchprog --black nosuchprog
run "Kriegspiel ref." "a 1 GB line of output" quit "$bin" kriegspiel referee --games 2 --clock 5000 --white "$bin kriegspiel player" --black "sh -c '$flood'"
run "Kriegspiel ref." "a child that starts its own (sleep 1005)" quit "$bin" kriegspiel referee --games 2 --clock 5000 --max-plies 20 --white "$bin kriegspiel player" --black "sh -c 'sleep 1005 & exec $bin kriegspiel player'"
