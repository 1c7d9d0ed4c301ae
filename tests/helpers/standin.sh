#!/usr/bin/env bash
# A scripted TextUI stand-in for the referee tests.
#   standin.sh play MOVE...   answers GetNextMove with the moves in order
#   standin.sh illegal        answers GetNextMove with an illegal move
#   standin.sh silent         never answers GetNextMove
#   standin.sh crash          exits on GetNextMove
#   standin.sh garbage        answers GetNextMove with text that is no move
#   standin.sh nostart        refuses StartNewGame
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
                crash) exit 3 ;;
                garbage) echo "I resign" ;;
                *) pending=${moves[$next]}; next=$((next + 1)); echo "$pending" ;;
            esac ;;
        MakeNextMove) echo "$pending" ;;
        MakeMove) echo "$2" ;;
        QuitGame) echo "Exiting game"; exit 0 ;;
        *) echo "Input error" ;;
    esac
done
