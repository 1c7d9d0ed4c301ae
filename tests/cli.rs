//! The subcommands' output and exit status.

mod common;

use std::process::Command;

fn antichess(args: &[&str]) -> (i32, String) {
    antichess_with_input(args, "")
}

/// Runs the binary with `input` on standard input.
fn antichess_with_input(args: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = common::run_binary(args, input);
    (code, out)
}

#[test]
fn perft_prints_the_count_last() {
    let (code, out) = antichess(&["perft", "3"]);
    assert_eq!((code, out.as_str()), (0, "8067\n"));
    let (code, out) = antichess(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "k7/p1Q5/P7/8/8/8/8/7K b - - 0 1",
    ]);
    assert_eq!((code, out.as_str()), (0, "pass: 1\n1\n"));
    let (_, out) = antichess(&["perft", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "a2-a3: 20");
    assert_eq!(lines[20], "400");
    // Chess: promotions name their piece, as chess_oracle.py's
    // `perft 2 --divide --notation dash` prints them.
    let (code, out) = antichess(&[
        "perft",
        "2",
        "--divide",
        "--ruleset",
        "chess",
        "--fen",
        "8/P7/8/8/8/8/8/k6K w - - 0 1",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "a7-a8=B: 3\na7-a8=N: 3\na7-a8=Q: 2\na7-a8=R: 2\nh1-g1: 3\nh1-g2: 3\nh1-h2: 3\n19\n"
        )
    );
    let (code, _) = antichess(&["perft", "1", "--ruleset", "checkers"]);
    assert_ne!(code, 0);
}

#[test]
fn validate_reports_each_file_and_fails_if_any_is_invalid() {
    let (code, out) = antichess(&["validate", "fixtures/valid/course_sample.xml"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "fixtures/valid/course_sample.xml: valid\n")
    );
    let (code, out) = antichess(&[
        "validate",
        "fixtures/valid/minimal.xml",
        "fixtures/invalid/square_id_off_board.xml",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "fixtures/valid/minimal.xml: valid");
    assert!(
        lines[1].starts_with("fixtures/invalid/square_id_off_board.xml: invalid: line ")
            && lines[1].contains("element <square>: id must match [a-h][1-8]"),
        "{}",
        lines[1]
    );
}

#[test]
fn bench_prints_a_node_signature() {
    let (code, out) = antichess(&["bench", "4"]);
    assert_eq!(code, 0);
    let nodes = out.lines().last().unwrap();
    assert!(nodes.starts_with("nodes "), "{out}");
    let (_, again) = antichess(&["bench", "4"]);
    assert_eq!(
        again.lines().last(),
        Some(nodes),
        "fixed-depth search is reproducible"
    );
}

/// `antichess uci` with piped standard input and output.
fn spawn_uci() -> std::process::Child {
    use std::process::Stdio;
    Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(["uci", "--hash", "8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends `input` to `antichess uci`, then `stop` and `quit` after 300 ms;
/// the time until it exits and its standard output.
fn uci_stopped(input: &[u8]) -> (std::time::Duration, String) {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let mut child = spawn_uci();
    let mut stdin = child.stdin.take().unwrap();
    let start = Instant::now();
    stdin.write_all(input).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    stdin.write_all(b"stop\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (start.elapsed(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn uci_infinite_search_waits_for_stop() {
    let (elapsed, text) = uci_stopped(b"position startpos moves e2e3\ngo infinite\n");
    assert!(elapsed >= std::time::Duration::from_millis(300));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2, "{text}");
    assert!(lines[0].starts_with("info depth 1 "), "{text}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{text}");
}

/// `stop` ends a long fixed-time search at once under the 2004 rules too,
/// where proof searches go with the search (they watch the same halt).
#[test]
fn uci_stop_ends_a_search_with_proof_searches_at_once() {
    let (elapsed, text) = uci_stopped(
        b"setoption name UCI_Variant value 6170-spring-2004\n\
          position startpos moves e2e3\ngo movetime 60000\n",
    );
    assert!(
        elapsed < std::time::Duration::from_millis(2500),
        "{elapsed:?}: {text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{text}"
    );
}

/// `--uci-engine` sends the clocks on a clocked game (the engine manages its
/// own time) and a move time on an unlimited one.
#[test]
fn uci_engine_gets_the_clocks_or_a_move_time() {
    let input = "StartNewGame computer 60000 human 60000\nGetNextMove\n\
                 StartNewGame computer 0 human 0\nGetNextMove\nQuitGame\n";
    let (code, out) =
        antichess_with_input(&["--uci-engine", "sh tests/helpers/fake_uci.sh"], input);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "New game started\nh2-h3\nNew game started\na2-a3\nExiting game\n"
    );
}

#[test]
fn uci_engine_may_think_as_long_as_its_clock_allows() {
    // On a 2 s clock the built-in engine would stop after about 0.3 s; the
    // outside engine manages its own time and answers after 1.5 s, well
    // within its clock, so its move is played.
    let input = "StartNewGame computer 2000 human 2000\nGetNextMove\nQuitGame\n";
    let (code, out) =
        antichess_with_input(&["--uci-engine", "sh tests/helpers/fake_uci.sh 1.5"], input);
    assert_eq!(code, 0);
    assert_eq!(out, "New game started\nh2-h3\nExiting game\n");
}

/// A UCI engine that gives no move is not stood in for: piped, the
/// adapter prints nothing for `GetNextMove`, says why on standard error and
/// exits with status 1, so a referee scores the engine's failure.
#[test]
fn a_failing_uci_engine_ends_the_piped_session() {
    for (mode, why) in [
        // The reason quotes the engine's last line on standard error.
        ("exit", "closed its output or gave no move within "),
        ("illegal", "move `e2e5` is not legal here"),
    ] {
        let input = "StartNewGame computer 60000 human 60000\nGetNextMove\nQuitGame\n";
        let engine = format!("sh tests/helpers/broken_uci.sh {mode}");
        let (code, out, err) = common::run_binary(&["--uci-engine", &engine], input);
        assert_eq!(
            (code, out.as_str()),
            (1, "New game started\n"),
            "{mode}: {err}"
        );
        assert!(err.contains(why), "{mode}: {err}");
        if mode == "exit" {
            assert!(
                err.contains(" ms (its standard error: \"broken: no memory left\")"),
                "{err}"
            );
        }
    }
}

/// Runs `antichess uci`, sends `commands`, waits for the `bestmove`, then
/// quits; returns everything printed.
fn uci_until_bestmove(commands: &str) -> String {
    use std::io::{BufRead, BufReader, Write};
    let mut child = spawn_uci();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(commands.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut text = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        text.push_str(&line);
        text.push('\n');
        if line.starts_with("bestmove ") {
            break;
        }
    }
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    child.wait().unwrap();
    text
}

/// `go nodes N` stops the search after about N nodes: every iteration it
/// reports fits in N, and the iteration after its last does not (a search
/// to a fixed depth shows it), so the limit is what stopped it.
#[test]
fn uci_go_nodes_limits_the_search() {
    let info_nodes = |text: &str| -> Vec<(u32, u64)> {
        text.lines()
            .filter(|l| l.starts_with("info depth "))
            .map(|l| {
                let w: Vec<&str> = l.split(' ').collect();
                let at = |k: &str| w[w.iter().position(|x| *x == k).unwrap() + 1];
                (at("depth").parse().unwrap(), at("nodes").parse().unwrap())
            })
            .collect()
    };
    // One thread: with helpers the node counts of two searches differ.
    let out = uci_until_bestmove(
        "setoption name Threads value 1\nposition startpos moves e2e3 e7e6\ngo nodes 3000\n",
    );
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    let limited = info_nodes(&out);
    assert!(limited.len() >= 2, "{out}");
    assert!(limited.iter().all(|&(_, n)| n <= 3000), "{out}");
    let (depth_limited, _) = *limited.last().unwrap();
    let full = info_nodes(&uci_until_bestmove(
        "setoption name Threads value 1\nposition startpos moves e2e3 e7e6\ngo depth 12\n",
    ));
    let next = full[depth_limited as usize].1;
    assert!(
        next > 3000,
        "depth {} fits in the limit: {full:?}",
        depth_limited + 1
    );
}

/// A closed pipe (`| head -1`) ends any subcommand quietly and with
/// success: no panic on standard error.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    for args in [
        &["perft", "5", "--divide"][..],
        &["pgn", "replay", "fixtures/pgn/kasparov.pgn", "--delay", "0"][..],
        &[
            "trace",
            "--ruleset",
            "chess",
            "e2e4",
            "e7e5",
            "g1f3",
            "b8c6",
            "f1b5",
        ][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `undo` after loading a game where the computer was to move, and has
/// moved: there is no earlier position of the player's, so nothing is
/// taken back (it used to go back to the computer's turn, and the
/// computer played the same move again, for ever).
#[test]
fn undo_after_load_does_not_replay_the_computers_move() {
    let dir = tempfile::tempdir().unwrap();
    let made = common::run_binary_in(
        dir.path(),
        &[],
        "StartNewGame human 0 human 0\nMakeMove e2-e3 0\nSaveGame black.xml\nQuitGame\n",
    );
    assert!(made.1.contains("Game saved"), "{made:?}");
    let (code, out, _) = common::run_binary_in(
        dir.path(),
        &[
            "play", "--white", "human", "--black", "computer", "--depth", "2",
        ],
        "load black.xml\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches("(computer) plays").count(), 1, "{out}");
    assert_eq!(out.matches("Nothing to take back.").count(), 2, "{out}");
}

/// A table the machine cannot give is an error at start (exit status 2),
/// not an abort; odd SPRT bounds are refused the same way.
#[test]
fn impossible_options_are_refused_at_start() {
    for args in [
        &["--hash", "65536"][..],
        &["play", "--hash", "65536"][..],
        &["uci", "--hash", "65536"][..],
        &["bench", "1", "--hash", "65536"][..],
    ] {
        let (code, out, err) = common::run_binary(args, "quit\n");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.contains("cannot allocate a table of 65536 MB"),
            "{args:?}: {err}"
        );
    }
    for sprt in [["nan", "inf"], ["-1000000", "1000000"], ["5", "0"]] {
        let (code, _, err) = common::run_binary(
            &[
                "referee", "--white", "x", "--black", "y", "--sprt", sprt[0], sprt[1],
            ],
            "",
        );
        assert_eq!(code, 2, "{sprt:?}: {err}");
        assert!(
            err.contains("Elo") || err.contains("ELO0"),
            "{sprt:?}: {err}"
        );
    }
}

/// Runs the binary and waits at most `secs` seconds (it is killed past
/// them): its exit status (`None` when killed) and standard error.
fn antichess_within(args: &[&str], secs: u64) -> (Option<i32>, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut err);
    (status, err)
}

/// A server that cannot be reached is an error with its reason, at once;
/// a name is resolved and the port may be left out; --seek needs --bot,
/// and says so.
#[test]
fn connect_fails_clearly_and_takes_host_names() {
    // A port nothing listens on (taken, then given back).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (status, err) = antichess_within(&["connect", &format!("127.0.0.1:{port}")], 15);
    assert_eq!(status, Some(1), "{err}");
    assert!(
        err.contains(&format!("cannot connect to 127.0.0.1:{port}")),
        "{err}"
    );
    let (status, err) = antichess_within(&["connect", &format!("localhost:{port}")], 15);
    assert_eq!(status, Some(1), "{err}");
    assert!(!err.contains("invalid socket address"), "{err}");
    let (status, err) = antichess_within(&["connect", "--seek", "3 0"], 15);
    assert_ne!(status, Some(0));
    assert!(err.contains("add --bot"), "{err}");
}

/// `play` between two people at the keyboard (`--ruleset` and more flags
/// in `flags`), fed `input`: exit status and output.
fn hot_seat(flags: &[&str], input: &str) -> (i32, String) {
    let mut args = vec!["play", "--white", "human", "--black", "human"];
    args.extend_from_slice(flags);
    antichess_with_input(&args, input)
}

/// Clocks and move times take units (a bare number stays milliseconds);
/// a table's default is each subcommand's own.
#[test]
fn times_take_units_and_defaults_are_each_subcommands() {
    let (code, out) = hot_seat(&["--ruleset", "chess", "--clock", "5m"], "board\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Clocks: White 5:00, Black 5:00."), "{out}");
    let (code, out) = hot_seat(&["--clock", "90000"], "board\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Clocks: White 1:30, Black 1:30."), "{out}");
    let (code, _, err) = common::run_binary(&["play", "--clock", "5x"], "");
    assert_eq!(code, 2);
    assert!(err.contains("is not a duration"), "{err}");
    let (_, help) = antichess(&["connect", "--help"]);
    assert!(
        help.contains("[default: 64]") && !help.contains("book"),
        "{help}"
    );
    let (_, help) = antichess(&["book", "--help"]);
    assert!(help.contains("[default: 4096]"), "{help}");
}

/// At the terminal chess speaks SAN, and the antichess rulesets take SAN
/// pawn moves too.
#[test]
fn play_speaks_san() {
    let (_, out) = hot_seat(&["--ruleset", "chess"], "moves\nquit\n");
    assert!(out.contains("Legal moves: "), "{out}");
    assert!(out.contains(" Nf3 ") && !out.contains("g1-f3"), "{out}");
    let (_, out) = hot_seat(&[], "e3\nmoves\nquit\n");
    assert!(!out.contains("Unknown command or move"), "{out}");
    assert!(out.contains("Last move: e2-e3"), "{out}");
}

/// The manual pages in docs/man are what `antichess manual` makes from the
/// definitions behind --help (each flag documented once, there): a page a
/// subcommand, each with its long description.
#[test]
fn the_manual_pages_are_made_from_the_help_and_kept_current() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man");
    let (code, text) = antichess(&["manual", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}");
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man");
    let mut made: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    made.sort();
    let mut committed: Vec<_> = std::fs::read_dir(&kept)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    committed.sort();
    assert_eq!(
        made, committed,
        "regenerate with: antichess manual docs/man"
    );
    for name in &made {
        assert_eq!(
            std::fs::read_to_string(out.join(name)).unwrap(),
            std::fs::read_to_string(kept.join(name)).unwrap(),
            "docs/man/{name} is out of date: antichess manual docs/man"
        );
    }
    let referee = std::fs::read_to_string(out.join("antichess-referee.1")).unwrap();
    assert!(referee.contains("\\-\\-sprt"), "{referee}");
    assert!(referee.contains("exit status 130"), "{referee}");
    assert!(made.contains(&"antichess-kriegspiel-referee.1".to_string()));
}

#[test]
fn an_empty_database_path_is_refused() {
    let (code, _, error) =
        common::run_binary(&["server", "add-user", "Alice", "--db", ""], "wonderland\n");
    assert_eq!(code, 2, "{error}");
    assert!(error.contains("--db"), "{error}");
}
