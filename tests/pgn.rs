//! PGN: the diagnostics of the chess specification's cases P01-P13 (their
//! texts and expected lines are the specification's), the export format
//! against python-chess's (`p01.export` was written by `chess_oracle.py pgn
//! --export`), and the public corpora in `tests/data/corpora/` (origins and licences in its `SOURCES.md`).

mod common;

use std::path::{Path, PathBuf};

use antichess::rules::chess::Status;
use antichess::rules::pgn::{self, Reader};
use common::run_binary_in;
use proptest::prelude::*;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn")
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpora")
        .join(name)
}

/// `antichess ARGS` run in the test data folder: exit status and output.
fn antichess(args: &[&str]) -> (i32, String) {
    let (code, out, _) = run_binary_in(&data(), args, "");
    (code, out)
}

#[test]
fn every_case_gets_the_specified_diagnostics() {
    let cases: [(&str, i32, &str); 13] = [
        ("p01", 0, ""),
        ("p02", 1, "p02.pgn:7:24: error: game 2: illegal move Nxe5\n"),
        (
            "p03",
            1,
            "p03.pgn:3:24: error: game 1: ambiguous move Nd2 (Nbd2 or Nfd2)\n",
        ),
        ("p04", 1, "p04.pgn:3:24: error: game 1: not a move: Bxz9\n"),
        (
            "p05",
            1,
            "p05.pgn:3:7: error: game 1: unterminated comment\n",
        ),
        (
            "p06",
            0,
            "p06.pgn:4:10: warning: game 1: result 0-1 differs from the Result tag \"1-0\"\n",
        ),
        (
            "p07",
            0,
            "p07.pgn:3:34: warning: game 1: non-standard notation 0-0 (standard: O-O)\n\
             p07.pgn:3:80: warning: game 1: non-standard notation Nd4 (standard: Nxd4)\n",
        ),
        ("p08", 0, ""),
        (
            "p09",
            0,
            "p09.pgn:4:9: warning: game 1: moves after the end of the game (insufficient material)\n",
        ),
        ("p10", 1, "p10.pgn:3:6: error: game 1: illegal move e5\n"),
        (
            "p11",
            1,
            "p11.pgn:3:7: error: game 1: null move in the main line\n",
        ),
        ("p12", 0, ""),
        ("p13", 0, ""),
    ];
    for (name, status, lines) in cases {
        let file = format!("{name}.pgn");
        let (code, out) = antichess(&["pgn", "check", &file]);
        let diagnostics: String = out
            .lines()
            .filter(|l| !l.starts_with(&format!("{file}: games")))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!((code, diagnostics.as_str()), (status, lines), "{name}");
    }
    let (_, out) = antichess(&["pgn", "check", "p02.pgn"]);
    assert!(out.ends_with("p02.pgn: games 3, with errors 1, warnings 0\n"));
    let (_, out) = antichess(&["pgn", "check", "p07.pgn", "--no-warnings"]);
    assert_eq!(out, "p07.pgn: games 1, with errors 0, warnings 2\n");
    let (code, _) = antichess(&["pgn", "check", "p07.pgn", "--strict"]);
    assert_eq!(code, 1);
    let (code, out) = antichess(&["pgn", "check", "missing.pgn", "p01.pgn"]);
    assert_eq!(code, 2);
    assert!(out.starts_with("missing.pgn: cannot read: "), "{out}");
    assert!(out.ends_with("p01.pgn: games 1, with errors 0, warnings 0\n"));
}

#[test]
fn the_export_format_is_python_chesss_and_a_fixed_point() {
    let expected = std::fs::read_to_string(data().join("p01.export")).unwrap();
    let (code, out) = antichess(&["pgn", "format", "p01.pgn"]);
    assert_eq!((code, out.as_str()), (0, expected.as_str()));
    // A byte-order mark and CRLF line ends change nothing.
    assert_eq!(antichess(&["pgn", "format", "p12.pgn"]).1, expected);
    let again: Vec<_> = pgn::read_text(&out).into_iter().map(|r| r.game).collect();
    assert_eq!(pgn::write(&again[0]), out);
    // ISO-8859-1 is read as such and written as UTF-8.
    let (_, latin) = antichess(&["pgn", "format", "p13.pgn"]);
    assert!(latin.contains("[White \"Ljubojeviæ\"]"), "{latin}");
}

#[test]
fn replay_plays_promotions_from_the_san_and_stops_at_errors() {
    let (code, out) = antichess(&["pgn", "replay", "p08.pgn", "--no-board"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with(
            "1. a8=N\nDraw: insufficient material.\nResult: * (insufficient material)\n\n"
        ),
        "{out}"
    );
    let (code, out) = antichess(&["pgn", "replay", "p02.pgn", "--no-board"]);
    assert_eq!(code, 1);
    assert!(out.contains("Replay stopped: p02.pgn:7:24: illegal move Nxe5\n"));
    assert!(out.contains("Game 3: ? - ?, g3\n1. c4\n"));
}

/// Reads a corpus file: (games, errors, warnings, plies of each main line,
/// final statuses).
fn read_corpus(path: &Path) -> (usize, usize, usize, Vec<usize>, Vec<&'static str>) {
    let file = std::fs::File::open(path).unwrap();
    let mut totals = (0, 0, 0, Vec::new(), Vec::new());
    for read in Reader::new(std::io::BufReader::new(file)) {
        let read = read.unwrap();
        totals.0 += 1;
        totals.1 += usize::from(read.has_error());
        totals.2 += read.diagnostics.len() - usize::from(read.has_error());
        totals.3.push(read.game.moves.len());
        totals.4.push(match read.game.end_position().status() {
            Status::Over(o) => pgn::ending_words(o),
            _ => "undecided",
        });
    }
    totals
}

#[test]
fn the_kasparov_games_read_without_a_problem() {
    let path = corpus("kasparov-deep-blue-1997.pgn");
    let (games, errors, warnings, plies, endings) = read_corpus(&path);
    assert_eq!((games, errors, warnings), (6, 0, 0));
    assert_eq!(plies, [89, 89, 95, 111, 98, 37]);
    assert!(endings.iter().all(|e| *e == "undecided"));
}

#[test]
fn the_lichess_excerpt_reads_and_writes_back() {
    let path = corpus("lichess_db_1000k.pgn");
    let (games, errors, warnings, _, endings) = read_corpus(&path);
    assert_eq!((games, errors, warnings), (438, 0, 0));
    let count = |what: &str| endings.iter().filter(|e| **e == what).count();
    assert_eq!(
        (
            count("checkmate"),
            count("stalemate"),
            count("insufficient material"),
            count("undecided")
        ),
        (103, 4, 2, 329)
    );
    // Written and read back, every game is the same, and writing again
    // changes nothing.
    let text = std::fs::read(&path).unwrap();
    let first: Vec<_> = Reader::new(&text[..]).map(|r| r.unwrap().game).collect();
    let written: String = first.iter().map(pgn::write).collect();
    let second: Vec<_> = pgn::read_text(&written)
        .into_iter()
        .map(|r| r.game)
        .collect();
    assert_eq!(first.len(), second.len());
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.result, b.result);
    }
    let again: String = second.iter().map(pgn::write).collect();
    assert_eq!(again, written);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Any bytes: no panic, and every game found is reported.
    #[test]
    fn any_bytes_are_read_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        for read in Reader::new(&bytes[..]) {
            let read = read.unwrap();
            let _ = pgn::write(&read.game);
        }
    }

    /// A corpus file cut anywhere and mutated at one byte reads without a
    /// panic.
    #[test]
    fn cut_and_mutated_games_are_read(cut in 0usize..20_000, at in 0usize..20_000, byte in any::<u8>()) {
        let Ok(mut text) = std::fs::read(corpus("kasparov-deep-blue-1997.pgn")) else {
            return Ok(());
        };
        text.truncate(cut.min(text.len()));
        if let Some(b) = text.get_mut(at) {
            *b = byte;
        }
        let games = Reader::new(&text[..]).count();
        prop_assert!(games <= 7);
    }
}

#[test]
fn the_shipped_kasparov_file_checks_clean_and_is_in_export_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = run_binary_in(dir, &["pgn", "check", "fixtures/pgn/kasparov.pgn"], "");
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "fixtures/pgn/kasparov.pgn: games 6, with errors 0, warnings 0\n"
        )
    );
    let (_, formatted, _) = run_binary_in(dir, &["pgn", "format", "fixtures/pgn/kasparov.pgn"], "");
    let shipped = std::fs::read_to_string(dir.join("fixtures/pgn/kasparov.pgn")).unwrap();
    assert_eq!(formatted, shipped);
}

#[test]
fn special_files_and_binary_input_get_a_clear_answer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.pgn");
    common::mkfifo(&fifo);
    std::fs::create_dir(dir.path().join("folder.pgn")).unwrap();
    std::fs::write(
        dir.path().join("binary.pgn"),
        [0u8, 159, 146, 150, 255, b'[', 0, b'{'],
    )
    .unwrap();
    std::os::unix::fs::symlink("p01.pgn", dir.path().join("dangling.pgn")).unwrap();
    let (code, out, _) = run_binary_in(
        dir.path(),
        &[
            "pgn",
            "check",
            "fifo.pgn",
            "folder.pgn",
            "dangling.pgn",
            "binary.pgn",
        ],
        "",
    );
    assert_eq!(code, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "fifo.pgn: cannot read: not a regular file");
    assert_eq!(lines[1], "folder.pgn: cannot read: is a directory");
    assert!(lines[2].starts_with("dangling.pgn: cannot read: "), "{out}");
    assert!(
        lines.last().unwrap().starts_with("binary.pgn: games "),
        "{out}"
    );
}

#[test]
fn a_game_over_16_mib_is_an_error_and_the_next_game_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("[Event \"long\"]\n\n1. e4 ");
    text.push_str(&"e5 ".repeat(6_000_000));
    text.push_str("*\n\n[Event \"next\"]\n\n1. d4 *\n");
    std::fs::write(dir.path().join("long.pgn"), text).unwrap();
    let (code, out, _) = run_binary_in(dir.path(), &["pgn", "check", "long.pgn"], "");
    assert_eq!(
        (code, out.as_str()),
        (
            1,
            "long.pgn:3:1: error: game 1: game text over 16 MiB\nlong.pgn: games 2, with errors 1, warnings 0\n"
        )
    );
}

/// Tags by the hundred thousand read in one pass: a tag named again keeps
/// its last value and place, and the warnings past the first hundred are
/// counted, not listed.
#[test]
fn many_tags_read_in_linear_time_and_warnings_are_capped() {
    let mut text: String = (0..200_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    text.extend((0..1000).map(|i| format!("[Dup \"{i}\"]\n")));
    text.push_str("\n1. e4 *\n");
    let games = pgn::read_text(&text);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.game.tags.len(), 200_001);
    assert_eq!(
        game.game.tags.last().unwrap(),
        &("Dup".to_string(), "999".to_string())
    );
    assert_eq!(game.diagnostics.len(), pgn::MAX_DIAGNOSTICS);
    assert_eq!(game.unreported.warnings, 999 - pgn::MAX_DIAGNOSTICS);
    assert!(!game.has_error());
}

/// Three million opening parentheses: one error for the nesting, one for
/// the balance, and the game's moves kept.
#[test]
fn parentheses_by_the_million_are_two_errors() {
    let text = format!("1. e4 {} *\n", "(".repeat(3_000_000));
    let games = pgn::read_text(&text);
    assert_eq!(games.len(), 1);
    assert_eq!(
        messages(&games[0]),
        ["variations nest too deeply", "unbalanced parenthesis"]
    );
    assert_eq!(games[0].game.moves.len(), 1);
}

/// `pgn check` lists at most a hundred problems of a game, then how many
/// more, and counts them all.
#[test]
fn pgn_check_says_how_many_more() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dup.pgn");
    let tags: String = (0..250).map(|i| format!("[Dup \"{i}\"]\n")).collect();
    std::fs::write(&path, format!("{tags}\n1. e4 *\n")).unwrap();
    let (code, out, _) = common::run_binary(&["pgn", "check", path.to_str().unwrap()], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 102, "{out}");
    assert!(
        lines[100].ends_with(":101:1: warning: game 1: ... and 149 more"),
        "{out}"
    );
    assert!(
        lines[101].ends_with("dup.pgn: games 1, with errors 0, warnings 249"),
        "{out}"
    );
}

/// A move number past 32 bits is still checked against the position.
#[test]
fn huge_move_numbers_are_checked() {
    let games = pgn::read_text("4294967296. e4 e5 18446744073709551616. Nf3 *\n");
    assert_eq!(
        messages(&games[0]),
        [
            "move number 4294967296 does not match (move 1)",
            "move number 18446744073709551616 does not match (move 2)"
        ]
    );
}

/// The messages of a game's diagnostics, in order.
fn messages(game: &pgn::ReadGame) -> Vec<&str> {
    game.diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect()
}
