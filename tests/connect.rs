//! Connect N against the specification's tables: move counts, distinct
//! positions, the values of small boards, and 55 scored 7 x 6 positions
//! with their best moves (all from independent oracles).

mod common;

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use antichess::games::connect::moves::{cell_text, play_sequence};
use antichess::games::connect::{Position, Shape, Solver, perft};

fn shape(name: &str) -> Shape {
    Shape::from_name(name).unwrap()
}

/// Table 7.1: from the empty 7 x 6 board.
#[test]
fn perft_from_the_empty_board() {
    let start = Position::new(Shape::CONNECT_FOUR);
    let counts = [
        1, 7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234, 39_394_572,
    ];
    for (depth, &count) in counts.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), count, "depth {depth}");
    }
}

/// Table 7.2: from positions, on boards of every size.
#[test]
fn perft_from_positions() {
    for (ruleset, moves, depth, count) in [
        ("connect-4-7-6", "dddd", 5, 16416),
        ("connect-4-7-6", "ddccee", 5, 8712),
        ("connect-4-7-6", "dcdcdc", 4, 1595),
        ("connect-4-7-6", "44455554221", 5, 11663),
        (
            "connect-4-7-6",
            "2252576253462244111563365343671351441",
            3,
            1,
        ),
        (
            "connect-4-7-6",
            "7422341735647741166133573473242566",
            5,
            273,
        ),
        ("connect-4-6-5", "cdcdcd", 5, 4104),
        ("connect-3-5-4", "cc", 5, 2296),
        ("connect-3-4-4", "-", 6, 3588),
        ("connect-3-3-3", "-", 6, 456),
        ("connect-5-10-10", "eeffgghh", 4, 6560),
        ("connect-4-10-10", "-", 3, 1000),
        ("connect-6-9-7", "aaaaaaa", 4, 4096),
        ("connect-5-8-8", "ddeeffcc", 4, 2400),
        ("connect-7-7-6", "abcdefabcdef", 4, 2401),
        ("connect-2-2-2", "-", 3, 6),
    ] {
        let pos = play_sequence(shape(ruleset), moves).unwrap();
        assert_eq!(perft(&pos, depth), count, "{ruleset} {moves} {depth}");
    }
    // A sequence that ends the game leaves nothing to count.
    let won = play_sequence(Shape::CONNECT_FOUR, "dedede").unwrap();
    assert_eq!(perft(&won.play(3), 1), 0);
}

/// Table 7.3: distinct positions after n plies on 7 x 6 (OEIS A212693); a
/// position whose last move connected is counted but not expanded.
#[test]
fn distinct_positions_by_ply() {
    let expected = [
        1, 7, 49, 238, 1120, 4263, 16422, 54859, 184_275, 558_186, 1_662_623,
    ];
    let mut layer: Vec<Position> = vec![Position::new(Shape::CONNECT_FOUR)];
    for (ply, &count) in expected.iter().enumerate() {
        assert_eq!(layer.len(), count, "ply {ply}");
        if ply + 1 == expected.len() {
            break;
        }
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for p in layer.iter().filter(|p| !p.is_over()) {
            for c in p.legal_columns() {
                let child = p.play(c);
                if seen.insert(child.key()) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
}

/// Table 7.4: the value of the empty board and the score of each first
/// move (-1 a loss for White, 0 a draw, the sign only, as the table).
#[test]
fn small_boards_are_solved() {
    for (ruleset, value, firsts) in [
        ("connect-4-4-4", 0, "0 0 0 0"),
        ("connect-4-5-4", 0, "-1 0 0 0 -1"),
        ("connect-4-4-5", 0, "0 0 0 0"),
        ("connect-4-6-4", -1, "-1 -1 -1 -1 -1 -1"),
        ("connect-4-5-5", 0, "0 0 0 0 0"),
        ("connect-4-7-4", 0, "-1 -1 -1 0 -1 -1 -1"),
        ("connect-4-6-5", 0, "0 0 0 0 0 0"),
        ("connect-4-5-6", 0, "0 0 0 0 0"),
        ("connect-4-4-6", 0, "0 0 0 0"),
    ] {
        let s = shape(ruleset);
        let mut solver = Solver::new(s, 16);
        let start = Position::new(s);
        assert_eq!(solver.solve_weak(&start), value, "{ruleset}");
        let got: Vec<String> = solver
            .analyze(&start, true)
            .into_iter()
            .map(|v| v.unwrap().to_string())
            .collect();
        assert_eq!(got.join(" "), firsts, "{ruleset}");
    }
}

/// Table 7.4, other N: the exact score of the empty board and its best
/// first moves.
#[test]
fn other_n_exact_scores_and_best_moves() {
    for (ruleset, score, best) in [
        ("connect-3-3-3", 0, "a1 b1 c1"),
        ("connect-3-4-3", 2, "b1 c1"),
        ("connect-3-3-4", 0, "a1 b1 c1"),
        ("connect-3-4-4", 4, "b1 c1"),
        ("connect-3-5-4", 6, "b1 c1 d1"),
        ("connect-3-5-5", 9, "c1"),
        ("connect-3-6-5", 11, "c1 d1"),
        ("connect-3-7-6", 17, "c1 d1 e1"),
        ("connect-3-8-7", 24, "c1 d1 e1 f1"),
        ("connect-2-4-4", 7, "a1 b1 c1 d1"),
        ("connect-2-7-6", 20, "a1 b1 c1 d1 e1 f1 g1"),
        ("connect-4-4-3", 0, "a1 b1 c1 d1"),
        ("connect-4-3-4", 0, "a1 b1 c1"),
        ("connect-5-5-4", 0, "a1 b1 c1 d1 e1"),
    ] {
        let s = shape(ruleset);
        let mut solver = Solver::new(s, 16);
        let start = Position::new(s);
        assert_eq!(solver.solve(&start), score, "{ruleset}");
        assert_eq!(best_moves(&mut solver, &start).join(" "), best, "{ruleset}");
    }
}

/// The landing cells of the moves that keep the position's score.
fn best_moves(solver: &mut Solver, pos: &Position) -> Vec<String> {
    let (_, columns) = solver.best_columns(pos);
    columns
        .into_iter()
        .map(|c| cell_text(c, pos.landing_row(c).unwrap()))
        .collect()
}

/// Table 7.5: 55 scored 7 x 6 positions and their best moves.
#[test]
fn scored_positions_and_best_moves() {
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect_7x6.txt"),
    )
    .unwrap();
    let mut solver = Solver::new(Shape::CONNECT_FOUR, 64);
    let mut checked = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let pos = play_sequence(Shape::CONNECT_FOUR, f[0]).unwrap();
        let score: i32 = f[1].parse().unwrap();
        assert_eq!(solver.solve(&pos), score, "{}", f[0]);
        assert_eq!(solver.solve_weak(&pos), score.signum(), "{}", f[0]);
        let deadline = Instant::now() + Duration::from_secs(600);
        assert_eq!(
            solver.at_least_by(&pos, score, deadline),
            Some(true),
            "{}",
            f[0]
        );
        assert_eq!(
            solver.at_least_by(&pos, score + 1, deadline),
            Some(false),
            "{}",
            f[0]
        );
        assert_eq!(best_moves(&mut solver, &pos).join(","), f[2], "{}", f[0]);
        checked += 1;
    }
    assert_eq!(checked, 55);
}

/// `antichess solve`: Pons' format, --check, --weak, --analyze (values
/// from the oracle), and the exit status for bad lines and mismatches.
#[test]
fn the_solve_command() {
    let run = |args: &[&str], input: &str| {
        let mut all = vec!["solve"];
        all.extend_from_slice(args);
        common::run_binary(&all, input)
    };
    let (code, out, _) = run(&[], "# a comment\n\n4455\n44455554221 ignored\n");
    assert_eq!((code, out.as_str()), (0, "4455 18\n44455554221 -15\n"));
    let (code, out, _) = run(
        &["--weak", "4455", "65214673556155731566316327373221417"],
        "",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "4455 1\n65214673556155731566316327373221417 -1\n")
    );
    let (code, out, _) = run(&["--analyze", "--ruleset", "connect-3-4-3", "-"], "");
    assert_eq!((code, out.as_str()), (0, "- 1 2 2 1\n"));
    // Checked with the oracle's `analyze`.
    let (code, out, _) = run(
        &[
            "--analyze",
            "2252576253462244111563365343671351441",
            "7422341735647741166133573473242566",
        ],
        "",
    );
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "2252576253462244111563365343671351441 - - - - - -1 -2\n\
             7422341735647741166133573473242566 -3 1 - - -4 1 -\n"
        )
    );
    let (code, out, err) = run(&["--check"], "4455 18\n4455 17\n");
    assert_eq!((code, out.as_str()), (1, "4455 18\n4455 18\n"));
    assert!(
        err.contains("antichess: line 2: 4455: expected 17, got 18"),
        "{err}"
    );
    let (code, out, err) = run(&[], "48\n4455\n4545454\n");
    assert_eq!((code, out.as_str()), (2, "4455 18\n"));
    assert!(
        err.contains("antichess: line 1: 48: move 2: column h is not on this board (a to g)"),
        "{err}"
    );
    assert!(
        err.contains("antichess: line 3: 4545454: the game is already over"),
        "{err}"
    );
    assert!(
        err.lines().last().unwrap().starts_with("1 positions, "),
        "{err}"
    );
    let (code, _, err) = run(&["--ruleset", "6170-spring-2007"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a Connect N ruleset"), "{err}");
}

/// S4: on the empty 7 x 6 board the engine opens in the centre (d1, the
/// only winning first move), and plays on in a second.
#[test]
fn the_engine_opens_in_the_centre() {
    let mut engine = antichess::games::connect::Computer::new(Shape::CONNECT_FOUR, 16);
    let start = Position::new(Shape::CONNECT_FOUR);
    let choice = engine.choose(&start, std::time::Duration::from_millis(500));
    assert_eq!(choice.column, 3, "{choice:?}");
}

/// S5: on 200 positions of seeded random play, the engine connects when
/// it can, and otherwise blocks a single threat of the opponent.
#[test]
fn the_engine_never_blunders() {
    let s = Shape::CONNECT_FOUR;
    let mut engine = antichess::games::connect::Computer::new(s, 16);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    let mut pos = Position::new(s);
    while checked < 200 {
        if pos.is_over() {
            pos = Position::new(s);
        }
        let columns: Vec<u32> = pos.legal_columns().collect();
        let wins: Vec<u32> = columns.iter().copied().filter(|&c| pos.wins(c)).collect();
        let threats: Vec<u32> = columns
            .iter()
            .copied()
            .filter(|&c| {
                let cell = pos.cell(c, pos.landing_row(c).unwrap());
                pos.opponent_winning_cells() & cell != 0
            })
            .collect();
        if !wins.is_empty() || threats.len() == 1 {
            let choice = engine.choose(&pos, std::time::Duration::from_millis(20));
            if !wins.is_empty() {
                assert!(wins.contains(&choice.column), "{choice:?} {pos:?}");
            } else {
                assert_eq!(choice.column, threats[0], "{pos:?}");
            }
            checked += 1;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        pos = pos.play(columns[(seed % columns.len() as u64) as usize]);
    }
}

/// The engine keeps the result of every scored position (S2: its move is
/// one of the best when the solver finishes in the time given).
#[test]
fn the_engine_plays_a_best_move_where_the_solver_finishes() {
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect_7x6.txt"),
    )
    .unwrap();
    let mut engine = antichess::games::connect::Computer::new(Shape::CONNECT_FOUR, 64);
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let pos = play_sequence(Shape::CONNECT_FOUR, f[0]).unwrap();
        let choice = engine.choose(&pos, std::time::Duration::from_secs(2));
        let cell = cell_text(choice.column, pos.landing_row(choice.column).unwrap());
        assert!(
            f[2].split(',').any(|b| b == cell),
            "{}: {cell} not in {}",
            f[0],
            f[2]
        );
    }
}

/// The engine never turns a won or drawn position into a worse result: on
/// positions of seeded random play from ply 14 on, its move keeps the
/// position's value (win, draw or loss, by the solver).
#[test]
fn the_engine_keeps_the_result_on_random_positions() {
    let s = Shape::CONNECT_FOUR;
    let mut engine = antichess::games::connect::Computer::new(s, 32);
    let mut solver = Solver::new(s, 32);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    while checked < 60 {
        let mut pos = Position::new(s);
        let plies = 14 + (seed % 12) as u32;
        while pos.moves() < plies && !pos.is_over() {
            let columns: Vec<u32> = pos.legal_columns().collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos = pos.play(columns[(seed % columns.len() as u64) as usize]);
        }
        if pos.is_over() {
            continue;
        }
        let value = solver.solve_weak(&pos);
        let column = engine
            .choose(&pos, std::time::Duration::from_millis(300))
            .column;
        let after = pos.play(column);
        let kept = if after.has_line(pos.turn()) {
            1
        } else if after.is_full() {
            0
        } else {
            -solver.solve_weak(&after)
        };
        assert_eq!(kept, value, "{pos:?}: column {column}");
        checked += 1;
    }
}

/// S2 through the TextUI: for each scored position, loaded from a game file
/// into a computer-against-computer game, `GetNextMove` with the default
/// options answers a best move.
#[test]
fn textui_plays_a_best_move_on_every_scored_position() {
    use antichess::game::Game;
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect_7x6.txt"),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut script = String::from("StartNewGame computer 0 computer 0 connect-4-7-6\n");
    let mut best = Vec::new();
    for (i, line) in table.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let mut game = Game::connect("connect-4-7-6", Shape::CONNECT_FOUR, 0, 0);
        for b in f[0].bytes() {
            let m = game
                .read_move(&((b - b'1' + b'a') as char).to_string())
                .unwrap()
                .unwrap();
            game.play(m, 0);
        }
        let path = dir.path().join(format!("p{i}.xml"));
        let xml = antichess::rules::file::connect_to_xml(&game.to_connect_file());
        std::fs::write(&path, xml).unwrap();
        script.push_str(&format!("LoadGame {}\nGetNextMove\n", path.display()));
        best.push((f[0].to_string(), f[2].to_string()));
    }
    script.push_str("QuitGame\n");
    let (_, out, _) = common::run_binary(&[], &script);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "New game started");
    assert_eq!(lines.len(), 2 + 2 * best.len(), "{out}");
    for (i, (seq, moves)) in best.iter().enumerate() {
        assert_eq!(lines[1 + 2 * i], "Game loaded");
        let answer = lines[2 + 2 * i];
        assert!(
            moves.split(',').any(|m| m == answer),
            "{seq}: {answer} not in {moves}"
        );
    }
}

/// The shipped opening book: complete for every position with up to 10
/// discs on the first player's winning line (White's first six moves, the
/// first 12 plies); the engine plays its moves without searching, and a
/// sample of its deepest entries keeps the win (the solver).
#[test]
fn the_opening_book_is_complete_and_played() {
    use antichess::games::connect::{Computer, book::Book};
    let s = Shape::CONNECT_FOUR;
    let book = Book::for_shape(s).unwrap();
    let mut engine = Computer::new(s, 32);
    // Walk the book's tree: White by the book, Black any reply; a position
    // and its mirror image are one.
    let mut layer = vec![Position::new(s)];
    let mut seen = std::collections::HashSet::new();
    let mut deepest = Vec::new();
    while !layer.is_empty() && book.column(&layer[0]).is_some() {
        deepest = layer.clone();
        let mut next = Vec::new();
        for pos in &layer {
            let column = book
                .column(pos)
                .unwrap_or_else(|| panic!("no book move: {pos:?}"));
            // The engine plays the book's move (or connects at once), and
            // no search went into it.
            let choice = engine.choose(pos, std::time::Duration::from_secs(1));
            if !pos.wins(choice.column) {
                assert_eq!(choice.column, column, "{pos:?}");
            }
            assert_eq!((choice.exact, choice.depth), (None, 0), "{pos:?}");
            let after = pos.play(column);
            for reply in after.legal_columns() {
                let reached = after.play(reply);
                if !reached.is_over() && seen.insert(reached.symmetric_key()) {
                    next.push(reached);
                }
            }
        }
        layer = next;
    }
    assert!(
        deepest[0].moves() >= 10,
        "the book ends at {}",
        deepest[0].moves()
    );
    assert_eq!(seen.len() + 1 - layer.len(), book.len());
    // A sample of the deepest entries, checked by the solver.
    let mut solver = Solver::new(s, 64);
    for pos in [
        deepest[0],
        deepest[deepest.len() / 2],
        deepest[deepest.len() - 1],
    ] {
        let column = book.column(&pos).unwrap();
        let child = pos.play(column);
        assert!(
            child.has_line(pos.turn()) || solver.solve_weak(&child) == -1,
            "{pos:?}: {column}"
        );
    }
}

/// `antichess book`: extending the shipped book with `--from` solves
/// nothing and writes its first plies again, byte for byte; a book that
/// is not a regular file, or does not read, is refused with where.
#[test]
fn the_book_command() {
    let book_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/connect-4-7-6.book");
    let shipped = std::fs::read_to_string(&book_path).unwrap();
    let (code, out, err) = common::run_binary(
        &[
            "book",
            "--plies",
            "6",
            "--hash",
            "16",
            "--threads",
            "2",
            "--from",
            book_path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let first: Vec<&str> = shipped
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(out.lines().count())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), first);
    assert_eq!(out.lines().count(), 1 + 4 + 25 + 139);
    assert_eq!(err.lines().count(), 4, "{err}");

    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.book");
    common::mkfifo(&fifo);
    let bad = dir.path().join("bad.book");
    std::fs::write(&bad, "- d\n41 d\n4\u{e9} d\n").unwrap();
    for (path, expected) in [
        (&fifo, "not a book (a regular file of at most 64 MB)"),
        (&bad, "line 3: not `<moves> <column>`: 4\u{e9} d"),
    ] {
        let (code, out, err) = common::run_binary(
            &["book", "--plies", "2", "--from", path.to_str().unwrap()],
            "",
        );
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains(expected), "{err}");
    }
}

/// The opening book answers what it knows (the first player wins the
/// empty 7 x 6 board and the book's positions) without a search, and a
/// line that is not text is reported by its number while the rest is read.
#[test]
fn solve_takes_the_books_wins_and_reads_past_bad_lines() {
    let (code, out, err) = common::run_binary(&["solve", "--weak", "-", "4444"], "");
    assert_eq!((code, out.as_str()), (0, "- 1\n4444 1\n"), "{err}");
    assert!(err.contains("2 positions, 0 nodes"), "{err}");
    let mut input = b"44 \xff\n".to_vec();
    input.extend(vec![b'4'; 70_000]);
    input.extend_from_slice(b"\n4455\n");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(["solve", "--weak"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("antichess: line 1: not a line of text"),
        "{err}"
    );
    assert!(
        err.contains("antichess: line 2: not a line of text"),
        "{err}"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "4455 1\n");
}

/// `solve --no-book`: the same score without the book's bound, found with
/// more nodes (a White win of the book: the book lets the search look
/// only among wins).
#[test]
fn solving_without_the_book() {
    let nodes = |args: &[&str]| {
        let (code, out, err) = common::run_binary(args, "");
        assert_eq!((code, out.as_str()), (0, "44444432 1\n"), "{err}");
        let summary = err.lines().last().unwrap_or_default().to_string();
        let count = summary.split(", ").nth(1).and_then(|n| n.split(' ').next());
        count
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{err}"))
    };
    let with = nodes(&["solve", "44444432"]);
    let without = nodes(&["solve", "--no-book", "44444432"]);
    assert!(
        without > with,
        "{without} nodes without the book, {with} with it"
    );
}

/// The benchmark sets of `docs/suites/connect` (random games' positions
/// sorted as Pascal Pons' test sets, scored by his solver): every score,
/// and every tenth of begin-medium (the whole set takes over a minute:
/// its benchmark runs check all of it, `docs/engine.md`).
#[test]
fn the_benchmark_sets_scores() {
    let mut solver = Solver::new(Shape::CONNECT_FOUR, 64);
    let sets = [
        ("end-easy", 1),
        ("middle-easy", 1),
        ("middle-medium", 1),
        ("begin-easy", 1),
        ("begin-medium", 10),
    ];
    for (set, every) in sets {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("docs/suites/connect/{set}.txt"));
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 1000, "{set}");
        for line in lines.iter().step_by(every) {
            let (moves, score) = line.split_once(' ').unwrap();
            let pos = play_sequence(Shape::CONNECT_FOUR, moves).unwrap();
            assert_eq!(
                solver.solve(&pos),
                score.parse::<i32>().unwrap(),
                "{set}: {moves}"
            );
        }
    }
}
