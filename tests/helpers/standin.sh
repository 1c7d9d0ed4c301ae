#!/usr/bin/env bash
# A scripted TextUI stand-in for the referee tests.
#   standin.sh play MOVE...   answers GetNextMove with the moves in order
#   standin.sh illegal        answers GetNextMove with an illegal move
#   standin.sh silent         never answers GetNextMove
#   standin.sh crash          exits on GetNextMove, with a last line on
#                             standard error
#   standin.sh garbage        answers GetNextMove with text that is no move
#   standin.sh nostart        refuses StartNewGame
#   standin.sh slow           answers GetNextMove with a legal move after
#                             0.6 s: past a 300 ms clock, within its grace
#   standin.sh protocol       from the start position: answers GetNextMove
#                             with a2-a3, then MakeNextMove and MakeMove
#                             with something else than the move
mode=$1
shift
moves=("$@")
next=0
pending=""
while IFS= read -r line; do
    set -- $line
    case "$1" in
        StartNewGame)
            if [ "$mode" = nostart ]; then echo "Input error"; else echo "New game started"; fi ;;
        LoadGame) echo "Game loaded" ;;
        GetNextMove)
            case "$mode" in
                illegal) pending="a1-a8"; echo "$pending" ;;
                silent) ;;
                crash) echo "standin: out of cheese" >&2; exit 3 ;;
                garbage) echo "I resign" ;;
                slow) sleep 0.6; pending="a7-a6"; echo "$pending" ;;
                protocol) pending="a2-a3"; echo "$pending" ;;
                *) pending=${moves[$next]}; next=$((next + 1)); echo "$pending" ;;
            esac ;;
        MakeNextMove)
            if [ "$mode" = protocol ]; then echo "Human turn"; else echo "$pending"; fi ;;
        MakeMove)
            if [ "$mode" = protocol ]; then echo "Illegal move"; else echo "$2"; fi ;;
        QuitGame) echo "Exiting game"; exit 0 ;;
        *) echo "Input error" ;;
    esac
done
