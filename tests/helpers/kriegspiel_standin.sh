#!/usr/bin/env bash
# A scripted Kriegspiel player for the referee tests.
#   kriegspiel_standin.sh crash     exits on go
#   kriegspiel_standin.sh hang      never answers go
#   kriegspiel_standin.sh garbage   answers go with text that is no attempt
#   kriegspiel_standin.sh repeat    answers go and every refusal with a1a1
#                                   (never legal: its own rook is there)
#   kriegspiel_standin.sh nostart   answers newgame with something else
#   kriegspiel_standin.sh chatty    answers go with its attempt and a
#                                   second line nobody asked for (in one
#                                   write, so the extra line is there when
#                                   the referee next looks)
#   kriegspiel_standin.sh slow      answers go after 0.6 s (past a 300 ms
#                                   clock, within its grace)
#   kriegspiel_standin.sh resign    resigns on go
#   kriegspiel_standin.sh script LOG ATTEMPT...
#                                   answers go and each refusal with the
#                                   next attempt, and writes every line it
#                                   receives to LOG
mode=$1
if [ "$mode" = script ]; then
    log=$2
    shift 2
    attempts=("$@")
    next=0
    : > "$log"
    while IFS= read -r line; do
        echo "$line" >> "$log"
        case "$line" in
            newgame*) echo "ready" ;;
            go*|"umpire Illegal move") echo "${attempts[$next]}"; next=$((next + 1)) ;;
            quit) exit 0 ;;
        esac
    done
    exit 0
fi
while IFS= read -r line; do
    set -- $line
    case "$1" in
        newgame)
            if [ "$2" = white ]; then move=a2a3; else move=a7a6; fi
            if [ "$mode" = nostart ]; then echo "hello"; else echo "ready"; fi ;;
        go)
            case "$mode" in
                crash) exit 3 ;;
                hang) ;;
                garbage) echo "I think e4" ;;
                repeat) echo "a1a1" ;;
                slow) sleep 0.6; echo "$move" ;;
                resign) echo "resign" ;;
                chatty) printf '%s\nby the way\n' "$move" ;;
                *) echo "$move" ;;
            esac ;;
        umpire) if [ "$2" = Illegal ]; then echo "a1a1"; fi ;;
        quit) exit 0 ;;
    esac
done
