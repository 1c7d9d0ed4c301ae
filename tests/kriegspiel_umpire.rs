//! The Kriegspiel umpire against the oracle (`kriegspiel_oracle.py`, over
//! the PyPI package `kriegspiel` 1.7.3, ruleset `wild16`): the
//! specification's 40 cases through the binary's filter, 200 random games
//! generated and answered by the oracle, and bad input of every kind.

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use antichess::games::kriegspiel::{Record, filter};
use common::run_binary;

fn cases_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kriegspiel_cases")
}

#[test]
fn the_forty_cases_of_the_specification() {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 40);
    for name in &names {
        let dir = cases_dir();
        let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
        // `.args` holds one argument per line (a FEN has spaces).
        let args_text =
            std::fs::read_to_string(dir.join(format!("{name}.args"))).unwrap_or_default();
        let mut args = vec!["kriegspiel", "umpire"];
        args.extend(args_text.lines().filter(|l| !l.is_empty()));
        let (code, out, err) = run_binary(&args, &input);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(out, expected, "case {name}");
    }
}

/// The fixture: `# seed N` starts a game; each other line is an attempt, a
/// tab, and the oracle's answer.
fn random_games() -> Vec<(String, Vec<(String, String)>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kriegspiel_random.tsv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut games: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in text.lines() {
        if let Some(seed) = line.strip_prefix("# seed ") {
            games.push((seed.to_string(), Vec::new()));
        } else if !line.starts_with('#') {
            let (attempt, answer) = line.split_once('\t').unwrap();
            games
                .last_mut()
                .unwrap()
                .1
                .push((attempt.to_string(), answer.to_string()));
        }
    }
    games
}

#[test]
fn two_hundred_random_games_answer_as_the_oracle_does() {
    let games = random_games();
    assert_eq!(games.len(), 200);
    let (mut lines, mut mates, mut stalemates, mut insufficient) = (0, 0, 0, 0);
    for (seed, lines_of_game) in &games {
        let mut game = Record::new();
        for (i, (attempt, expected)) in lines_of_game.iter().enumerate() {
            let answer = filter::answer(&mut game, attempt.as_bytes());
            assert_eq!(
                answer.as_deref(),
                Some(expected.as_str()),
                "seed {seed}, line {}: {attempt}",
                i + 1
            );
            lines += 1;
            mates += usize::from(expected.contains("Checkmate"));
            stalemates += usize::from(expected.contains("Stalemate"));
            insufficient += usize::from(expected.contains("Insufficient material"));
        }
    }
    // The specification's figures for seeds 0 to 199.
    assert_eq!(
        (lines, mates, stalemates, insufficient),
        (125_266, 32, 22, 144)
    );
}

#[test]
fn the_binary_answers_a_whole_random_game() {
    let games = random_games();
    let (_, game) = &games[7];
    let input: String = game.iter().map(|(a, _)| format!("{a}\n")).collect();
    let expected: String = game.iter().map(|(_, b)| format!("{b}\n")).collect();
    let (code, out, _) = run_binary(&["kriegspiel", "umpire"], &input);
    assert_eq!(code, 0);
    assert_eq!(out, expected);
}

#[test]
fn an_invalid_fen_is_an_error_with_status_2() {
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "nonsense",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1 extra",
    ] {
        let (code, out, err) = run_binary(&["kriegspiel", "umpire", "--fen", fen], "e2e4\n");
        if fen.ends_with("extra") {
            continue; // trailing fields are ignored as everywhere else
        }
        assert_eq!(code, 2, "{fen}");
        assert_eq!(out, "");
        assert!(err.starts_with("antichess: invalid FEN: "), "{err}");
    }
}

#[test]
fn a_finished_start_position_answers_game_over() {
    let (code, out, _) = run_binary(
        &[
            "kriegspiel",
            "umpire",
            "--fen",
            "7k/8/8/8/8/8/8/K7 w - - 0 1",
        ],
        "a1a2\nbad\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "Game over\nInput error\n");
}

/// Runs the filter on raw bytes; its output.
fn filter_bytes(input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(["kriegspiel", "umpire"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn huge_nul_binary_and_random_lines_get_one_answer_each() {
    let mut input = Vec::new();
    input.extend(std::iter::repeat_n(b'e', 200_000));
    input.push(b'\n');
    input.extend_from_slice(b"e2\0e4\n\xff\xfe\n\xc3\xa9\n");
    input.extend(std::iter::repeat_n(0u8, 300_000));
    input.push(b'\n');
    input.extend_from_slice(b"e2e4\n");
    let out = filter_bytes(&input);
    assert_eq!(
        out,
        "Input error\nInput error\nInput error\nInput error\nInput error\nBlack's move\n"
    );

    // Pseudo-random lines: one answer per line that is not blank.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut input = Vec::new();
    let mut non_blank = 0;
    for _ in 0..2_000 {
        let len = (next() % 12) as usize;
        let alphabet = b"abcdefgh12345678qrbnk \t\r\x0b\x0c\0\xff-";
        let line: Vec<u8> = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let blank = line.iter().all(|b| b" \t\r\x0b\x0c".contains(b));
        non_blank += usize::from(!blank);
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    let out = filter_bytes(&input);
    assert_eq!(out.lines().count(), non_blank);
    assert!(out.lines().all(|l| {
        l == "Input error"
            || l == "Illegal move"
            || l == "Game over"
            || l.ends_with("move")
            || l.contains("pawn tr")
            || l.contains(": ")
    }));
}

#[test]
fn an_endless_line_is_read_in_bounded_memory() {
    // 64 MB without a line feed: skipped as it streams, one answer.
    let out = common::run_on_endless_line(&["kriegspiel", "umpire"], 64, b"");
    assert_eq!(out, "Input error\n");
}

/// A Kriegspiel record is read as chess moves without repetition or
/// seventy-five-move endings (Kriegspiel has none): a game whose knights
/// shuffle past a fivefold repetition gets no warning, while the same
/// moves as plain chess do.
#[test]
fn kriegspiel_records_have_no_repetition_endings() {
    let mut game = Record::new();
    for _ in 0..6 {
        for a in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            game.attempt(a.parse().unwrap());
        }
    }
    let pgn = game.pgn(&[]);
    let read = antichess::rules::pgn::read_text(&pgn);
    assert!(read[0].diagnostics.is_empty(), "{:?}", read[0].diagnostics);
    let chess = pgn.replace("[Variant \"Kriegspiel\"]\n", "");
    let read = antichess::rules::pgn::read_text(&chess);
    assert!(
        read[0]
            .diagnostics
            .iter()
            .any(|d| d.message.contains("fivefold repetition")),
        "{chess}"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("k.pgn"), &pgn).unwrap();
    let (code, out, _) = common::run_binary_in(
        dir.path(),
        &["pgn", "replay", "--no-board", "--delay", "0", "k.pgn"],
        "",
    );
    assert_eq!(code, 0);
    assert!(!out.contains("Draw"), "{out}");
    // Every move is replayed, past the fivefold repetition chess has.
    assert!(out.contains("\n12... Ng8\n"), "{out}");
    assert!(
        out.contains("Result: * (not decided on the board)"),
        "{out}"
    );
}
