//! `antichess tournament` on quick stand-ins whose results are known in
//! advance: the engine beats a stand-in that plays an illegal move (it
//! loses every game it plays, by forfeit), and two such stand-ins split
//! every pair of games (whoever has White forfeits first). A knockout of
//! five (byes), a round robin of three, and a resume after a kill.

use std::path::Path;
use std::process::Command;

const STANDIN: &str = "bash tests/helpers/standin.sh illegal";

fn engine() -> String {
    format!("{} --depth 1 --hash 1", env!("CARGO_BIN_EXE_antichess"))
}

/// Runs the tournament; exit status, standard output, standard error.
fn tournament(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .arg("tournament")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn game_lines(dir: &Path) -> usize {
    let state = std::fs::read_to_string(dir.join("tournament.state")).unwrap_or_default();
    state.lines().filter(|l| l.starts_with("game ")).count()
}

fn pgn_games(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("tournament.pgn"))
        .unwrap()
        .matches("[Event ")
        .count()
}

/// Five programs: the top three seeds have byes; the level pairings of
/// two stand-ins go to three more pairs of games each and are decided by
/// the rule (every win in as few plies: the first found, in which the
/// second program won).
#[test]
fn a_knockout_of_five_with_byes_and_tie_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let engine = engine();
    let programs: Vec<String> = [
        ("e", engine.as_str()),
        ("i1", STANDIN),
        ("i2", STANDIN),
        ("i3", STANDIN),
        ("i4", STANDIN),
    ]
    .iter()
    .map(|(n, c)| format!("{n}={c}"))
    .collect();
    let mut args = vec![
        "--format",
        "knockout",
        "--clock",
        "0",
        "--out",
        dir.path().to_str().unwrap(),
    ];
    for p in &programs {
        args.extend(["--program", p.as_str()]);
    }
    let (code, out, err) = tournament(&args);
    assert_eq!(code, 0, "{err}");
    let bracket = out.split("Round 1\n").nth(1).unwrap();
    assert_eq!(
        bracket,
        "  e (seed 1): a bye\n\
         \x20 i3 (seed 4) 4-4 i4 (seed 5): i4 goes through\n\
         \x20 i1 (seed 2): a bye\n\
         \x20 i2 (seed 3): a bye\n\
         Semi-finals\n\
         \x20 e (seed 1) 2-0 i4 (seed 5): e goes through\n\
         \x20 i1 (seed 2) 4-4 i2 (seed 3): i2 goes through\n\
         Final\n\
         \x20 e (seed 1) 2-0 i2 (seed 3): e goes through\n\
         Winner: e\n"
    );
    // By hand: e won its four games; i4 and i2 split eight and lost two;
    // i3 and i1 split eight.
    let table: Vec<&str> = out.lines().collect();
    assert!(
        table[1].starts_with("   1 e      +inf      -      4     4.0 100.0%    4    0    0"),
        "{out}"
    );
    for name in ["i4", "i2"] {
        assert!(out.contains(&format!(" {name:<4}")), "{out}");
    }
    let line = |name: &str| {
        table
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap()
            .to_string()
    };
    assert!(
        line("i4").ends_with("10     4.0  40.0%    4    0    6"),
        "{out}"
    );
    assert!(
        line("i2").ends_with("10     4.0  40.0%    4    0    6"),
        "{out}"
    );
    assert!(
        line("i1").ends_with("8     4.0  50.0%    4    0    4"),
        "{out}"
    );
    assert!(
        line("i3").ends_with("8     4.0  50.0%    4    0    4"),
        "{out}"
    );
    // Every game recorded: 8 + 2 + 8 + 2 in the state, the PGN and the
    // pairings' folders.
    assert_eq!(game_lines(dir.path()), 20);
    assert_eq!(pgn_games(dir.path()), 20);
    let pgn = std::fs::read_to_string(dir.path().join("pairing-004-e-vs-i2/game-001.pgn")).unwrap();
    assert!(
        pgn.contains("[White \"e\"]") && pgn.contains("[Black \"i2\"]"),
        "{pgn}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("standings.txt")).unwrap(),
        out
    );
}

/// Three programs, two games a pairing: the standings and the crosstable
/// by hand.
#[test]
fn a_round_robin_of_three() {
    let dir = tempfile::tempdir().unwrap();
    let e = format!("e={}", engine());
    let a = format!("a={STANDIN}");
    let b = format!("b={STANDIN}");
    let (code, out, err) = tournament(&[
        "--clock",
        "0",
        "--out",
        dir.path().to_str().unwrap(),
        "--program",
        &e,
        "--program",
        &a,
        "--program",
        &b,
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].starts_with("   1 e      +inf      -      4     4.0 100.0%    4    0    0"),
        "{out}"
    );
    assert!(
        lines[2].ends_with("4     1.0  25.0%    1    0    3"),
        "{out}"
    );
    assert!(
        lines[3].ends_with("4     1.0  25.0%    1    0    3"),
        "{out}"
    );
    assert!(
        out.contains("   1 e            x       2/2       2/2\n"),
        "{out}"
    );
    assert!(out.contains("0/2         x       1/2\n"), "{out}");
    assert_eq!(game_lines(dir.path()), 6);
}

/// Killed in the middle (SIGKILL: nothing it can do about it), the
/// tournament resumes from its state: every game once, none lost.
#[test]
fn a_tournament_resumes_after_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let slow = format!("s={} --depth 3 --hash 1", env!("CARGO_BIN_EXE_antichess"));
    let fast = format!("f={}", engine());
    let out = dir.path().to_str().unwrap().to_string();
    // The match's private folder, which a killed tournament cannot remove,
    // goes to a temporary directory of the test's own.
    let scratch = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(["tournament", "--clock", "0", "--games", "6", "--out", &out])
        .args(["--program", &slow, "--program", &fast])
        .env("TMPDIR", scratch.path())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while game_lines(dir.path()) < 2 && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = game_lines(dir.path());
    assert!((2..6).contains(&before), "{before} games before the kill");
    let state = format!("{out}/tournament.state");
    let (code, _, err) = tournament(&["--resume", &state]);
    assert_eq!(code, 0, "{err}");
    // Only the games not played before are played now.
    assert_eq!(
        err.lines()
            .filter(|l| l.starts_with("pairing 1 game "))
            .count(),
        6 - before,
        "{err}"
    );
    assert_eq!(game_lines(dir.path()), 6);
    assert_eq!(pgn_games(dir.path()), 6);
    // Resuming a finished tournament plays nothing more.
    let (code, _, err) = tournament(&["--resume", &state]);
    assert_eq!((code, err.as_str()), (0, ""));
    // A folder with a tournament in it is not started over.
    let (code, _, err) = tournament(&["--out", &out, "--program", &slow, "--program", &fast]);
    assert_eq!(code, 2);
    assert!(err.contains("holds a tournament already"), "{err}");
}

/// Games at a time within a pairing give the same results as one at a
/// time, for programs that play the same moves whatever the timing.
#[test]
fn concurrency_gives_the_same_results() {
    let results = |concurrency: &str| -> String {
        let dir = tempfile::tempdir().unwrap();
        let e = format!("e={} --depth 2 --hash 1", env!("CARGO_BIN_EXE_antichess"));
        let f = format!(
            "f={} --player first --hash 1",
            env!("CARGO_BIN_EXE_antichess")
        );
        let (code, _, err) = tournament(&[
            "--clock",
            "0",
            "--games",
            "4",
            "--concurrency",
            concurrency,
            "--out",
            dir.path().to_str().unwrap(),
            "--program",
            &e,
            "--program",
            &f,
        ]);
        assert_eq!(code, 0, "{err}");
        let state = std::fs::read_to_string(dir.path().join("tournament.state")).unwrap();
        state
            .lines()
            .filter(|l| l.starts_with("game "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(results("1"), results("2"));
}

/// A program that crashes stops the tournament, to be resumed, unless
/// `--recover`: then it loses that game and is started again for the
/// next. Kriegspiel tournaments go through the Kriegspiel referee.
#[test]
fn a_crash_stops_the_tournament_unless_recover_and_kriegspiel_plays() {
    let crash = "c=bash tests/helpers/standin.sh crash".to_string();
    let e = format!("e={}", engine());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stop");
    let (code, _, err) = tournament(&[
        "--clock",
        "0",
        "--out",
        out.to_str().unwrap(),
        "--program",
        &e,
        "--program",
        &crash,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("antichess: stopped: pairing 1 game 1: second program (Black) crashed"),
        "{err}"
    );
    assert!(err.contains("--resume"), "{err}");
    assert_eq!(game_lines(&out), 1);
    let out = dir.path().join("recover");
    let (code, stdout, err) = tournament(&[
        "--clock",
        "0",
        "--recover",
        "--out",
        out.to_str().unwrap(),
        "--program",
        &e,
        "--program",
        &crash,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("   1 e      +inf      -      2     2.0 100.0%"),
        "{stdout}"
    );
    let out = dir.path().join("kriegspiel");
    let player = format!("k={} kriegspiel player", env!("CARGO_BIN_EXE_antichess"));
    let random = format!(
        "r={} kriegspiel player --player random",
        env!("CARGO_BIN_EXE_antichess")
    );
    let (code, _, err) = tournament(&[
        "--ruleset",
        "kriegspiel",
        "--clock",
        "0",
        "--max-plies",
        "30",
        "--out",
        out.to_str().unwrap(),
        "--program",
        &player,
        "--program",
        &random,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(game_lines(&out), 2);
    assert_eq!(pgn_games(&out), 2);
}
