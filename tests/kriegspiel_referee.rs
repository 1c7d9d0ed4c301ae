//! The Kriegspiel referee and player: real games between `kriegspiel
//! player` processes, every forfeit of the specification caused on
//! purpose by a scripted stand-in, and the player protocol on bad input.

mod common;

/// Runs `kriegspiel referee` with `args`: its table and its log.
fn referee(args: &[&str]) -> (String, String) {
    let mut all = vec!["kriegspiel", "referee"];
    all.extend_from_slice(args);
    let (_, table, log) = common::run_binary(&all, "");
    (table, log)
}

fn player(options: &str) -> String {
    format!(
        "{} kriegspiel player {options}",
        env!("CARGO_BIN_EXE_antichess")
    )
}

const STANDIN: &str = "bash tests/helpers/kriegspiel_standin.sh";

#[test]
fn two_players_finish_their_games_and_every_record_is_written() {
    let out = tempfile::tempdir().unwrap();
    let (table, log) = referee(&[
        "--games",
        "2",
        "--clock",
        "20000",
        "--out",
        out.path().to_str().unwrap(),
        "--white",
        &player(""),
        "--black",
        &player("--player random"),
    ]);
    assert!(table.contains("forfeits: none"), "{table}\n{log}");
    let games: Vec<&str> = log.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{log}");
    for line in &games {
        assert!(line.contains("attempts)"), "{line}");
    }
    for n in ["001", "002"] {
        let pgn = std::fs::read_to_string(out.path().join(format!("game-{n}.pgn"))).unwrap();
        assert!(pgn.contains("[Variant \"Kriegspiel\"]"), "{pgn}");
        assert!(
            pgn.contains("[Event \"antichess kriegspiel referee\"]"),
            "{pgn}"
        );
        // The moves are orthodox chess: the PGN reader replays them.
        let games = antichess::rules::pgn::read_text(&pgn);
        assert_eq!(games.len(), 1);
        assert!(!games[0].has_error(), "{pgn}");
    }
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 2);
}

/// Each misbehaviour loses the game for the misbehaving program, whatever
/// colour it has.
#[test]
fn every_misbehaviour_loses_by_forfeit() {
    let random = player("--player random");
    for (mode, forfeit, extra) in [
        ("crash", "crashed", vec![]),
        ("garbage", "garbage output", vec![]),
        ("repeat", "too many attempts", vec!["--max-attempts", "5"]),
        ("nostart", "failed to start", vec![]),
        ("chatty", "protocol error", vec![]),
        ("slow", "lost on time", vec!["--clock", "300"]),
        ("hang", "did not answer", vec!["--clock", "300"]),
    ] {
        let standin = format!("{STANDIN} {mode}");
        let mut args = vec!["--games", "2", "--white", &standin, "--black", &random];
        args.extend(extra);
        let (table, log) = referee(&args);
        let second = table.lines().nth(2).unwrap();
        assert!(
            second.starts_with("second       2     2     0      0  100.0%"),
            "{mode}: {table}\n{log}"
        );
        // A line out of turn is a protocol error when it is there before
        // the referee's next `go`; one that arrives just after it is read
        // as the answer, and is garbage. Either way the offender loses.
        let kinds: &[&str] = if mode == "chatty" {
            &[forfeit, "garbage output"]
        } else {
            &[forfeit]
        };
        let counted: u32 = table
            .lines()
            .filter_map(|l| l.strip_prefix("forfeits: first "))
            .filter_map(|l| l.rsplit_once(": "))
            .filter(|(kind, _)| kinds.contains(kind))
            .map(|(_, n)| n.parse::<u32>().unwrap())
            .sum();
        assert_eq!(counted, 2, "{mode}: {table}\n{log}");
    }
}

#[test]
fn too_many_attempts_is_reported_with_the_count() {
    let out = tempfile::tempdir().unwrap();
    let standin = format!("{STANDIN} repeat");
    let random = player("--player random");
    let (_, log) = referee(&[
        "--games",
        "2",
        "--max-attempts",
        "1000",
        "--out",
        out.path().to_str().unwrap(),
        "--white",
        &standin,
        "--black",
        &random,
    ]);
    assert!(
        log.contains("first program (White) too many attempts: 1001 in one turn"),
        "{log}"
    );
    let pgn = std::fs::read_to_string(out.path().join("game-001.pgn")).unwrap();
    assert!(
        pgn.contains("[Termination \"first program (White) too many attempts: 1001 in one turn\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("{Illegal: a1a1 a1a1"), "{pgn}");
}

#[test]
fn resignation_and_adjudication() {
    let standin = format!("{STANDIN} resign");
    let random = player("--player random");
    let (table, log) = referee(&["--games", "2", "--white", &standin, "--black", &random]);
    assert!(table.contains("forfeits: none"), "{table}");
    assert_eq!(log.matches("resigns").count(), 2, "{log}");
    let (table, log) = referee(&[
        "--games",
        "2",
        "--max-plies",
        "6",
        "--white",
        &random,
        "--black",
        &random,
    ]);
    assert!(
        table.contains("first        2     0     2      0"),
        "{table}"
    );
    assert_eq!(
        log.matches("adjudicated a draw after 6 plies").count(),
        2,
        "{log}"
    );
}

/// The player protocol: one answer per `newgame`, `go` and refusal;
/// nothing for anything else, however odd.
#[test]
fn the_player_answers_only_what_it_is_asked() {
    let mut input = String::from("hello\n\0\0\nnewgame white 0 7\n");
    input.push_str(&"x".repeat(200_000));
    input.push('\n');
    input.push_str("umpire nonsense\nresult 1-0 checkmate\nnewgame black 0 7\numpire Black's move\ngo 0 0\numpire Illegal move\ngo 0 0\nquit\ngo 0 0\n");
    let (code, out, _) =
        common::run_binary(&["kriegspiel", "player", "--player", "random"], &input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "ready");
    assert_eq!(lines[1], "ready");
    for attempt in &lines[2..] {
        assert!(
            attempt
                .parse::<antichess::games::kriegspiel::Attempt>()
                .is_ok(),
            "{attempt}"
        );
    }
    // A refused attempt is not tried again in the same turn.
    assert_ne!(lines[2], lines[3]);
}

/// An endless line (64 MB of NUL bytes, as from `/dev/zero`) is skipped
/// as it streams: the player answers nothing to it, then goes on.
#[test]
fn the_player_reads_an_endless_line_in_bounded_memory() {
    let out = common::run_on_endless_line(&["kriegspiel", "player"], 64, b"\nnewgame white 0 1\n");
    assert_eq!(out, "ready\n");
}

/// The specification's example of the protocol (§7.3): the paper's game
/// with one refused attempt, as each program receives it (clock values
/// masked).
#[test]
fn the_protocol_exchange_of_the_papers_game() {
    let dir = tempfile::tempdir().unwrap();
    let white_log = dir.path().join("white.log");
    let black_log = dir.path().join("black.log");
    let white = format!(
        "{STANDIN} script {} e2e4 e4f5 e4e5 d1h5 f1e2 e2h5",
        white_log.display()
    );
    let black = format!(
        "{STANDIN} script {} f7f6 f6e5 g7g6 g6h5",
        black_log.display()
    );
    let (table, log) = referee(&["--games", "1", "--white", &white, "--black", &black]);
    assert!(
        log.contains(
            "game   1: first white first wins  checkmate, White wins (9 plies, 10 attempts)"
        ),
        "{log}"
    );
    assert!(table.contains("forfeits:"), "{table}");
    // The first game (`--games` is rounded up to a pair).
    let read = |path: &std::path::Path| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap();
        let first_game = text.split_inclusive('\n').scan(false, |done, line| {
            let keep = !*done;
            *done |= line.starts_with("result");
            keep.then_some(line)
        });
        first_game
            .map(str::trim_end)
            .map(|l| {
                if l.starts_with("go ") {
                    "go WMS BMS".to_string()
                } else {
                    l.to_string()
                }
            })
            .collect()
    };
    assert_eq!(
        read(&white_log),
        [
            "newgame white 60000 1",
            "go WMS BMS",
            "umpire Black's move",
            "umpire White's move",
            "go WMS BMS",
            "umpire Illegal move",
            "umpire Black's move, 1 pawn try",
            "umpire Pawn at e5 captured, White's move",
            "go WMS BMS",
            "umpire Short-diagonal check, Black's move",
            "umpire White's move",
            "go WMS BMS",
            "umpire Black's move, 1 pawn try",
            "umpire Piece at h5 captured, White's move",
            "go WMS BMS",
            "umpire Pawn at h5 captured, Short-diagonal check, Checkmate: White wins",
            "result 1-0 checkmate",
        ]
    );
    assert_eq!(
        read(&black_log),
        [
            "newgame black 60000 1",
            "umpire Black's move",
            "go WMS BMS",
            "umpire White's move",
            "umpire Black's move, 1 pawn try",
            "go WMS BMS",
            "umpire Pawn at e5 captured, White's move",
            "umpire Short-diagonal check, Black's move",
            "go WMS BMS",
            "umpire White's move",
            "umpire Black's move, 1 pawn try",
            "go WMS BMS",
            "umpire Piece at h5 captured, White's move",
            "umpire Pawn at h5 captured, Short-diagonal check, Checkmate: White wins",
            "result 1-0 checkmate",
        ]
    );
}
