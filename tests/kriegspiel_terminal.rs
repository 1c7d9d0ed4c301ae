//! `antichess kriegspiel` at the terminal: a scripted hot-seat game in
//! plain mode against its committed transcript and against the
//! specification's own examples, and a game through a pseudo-terminal.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use expectrl::{Eof, Expect, Session};

fn case(name: &str) -> (Vec<String>, String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kriegspiel_terminal");
    let args = std::fs::read_to_string(dir.join(format!("{name}.args"))).unwrap();
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
    let output = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    (args.lines().map(String::from).collect(), input, output)
}

fn run_case(name: &str) -> (String, String) {
    let (args, input, expected) = case(name);
    let mut all = vec!["kriegspiel"];
    all.extend(args.iter().map(String::as_str));
    let (code, out, err) = common::run_binary(&all, &input);
    assert_eq!(code, 0, "{err}");
    (out, expected)
}

#[test]
fn a_hot_seat_game_in_plain_mode() {
    let (out, expected) = run_case("hot_seat");
    assert_eq!(out, expected);
}

/// The specification's examples (§5.3, §5.4, §5.5, §5.6) appear word for
/// word in the hot-seat game, which plays the paper's game.
#[test]
fn the_specifications_examples_appear_in_the_game() {
    let (out, _) = run_case("hot_seat");
    let view_at_move_3 = "   a b c d e f g h
 8 . . . . . . . . 8
 7 . . . . . . . . 7
 6 . . . . . . . . 6
 5 . . . . o . . . 5
 4 . . . . * . . . 4
 3 . . . . . . . . 3
 2 P P P P . P P P 2
 1 R N B Q K B N R 1
   a b c d e f g h
White (you) to move.  Clocks: White unlimited, Black unlimited.
Umpire: Pawn at e5 captured, White's move
Taken: pawns 0, pieces 0.  Lost: pawns 1, pieces 0.
";
    assert!(out.contains(view_at_move_3), "{out}");
    let zone_at_start = "   a b c d e f g h
 8 : : : : : : : : 8
 7 : : : : : : : : 7
 6 : : : : : : : : 6
 5 : : : : : : : : 5
 4 : : : : : : : : 4
 3 . . . . . . . . 3
 2 P P P P P P P P 2
 1 R N B Q K B N R 1
   a b c d e f g h
White (you) to move.  Clocks: White unlimited, Black unlimited.
Taken: pawns 0, pieces 0.  Lost: pawns 0, pieces 0.
Unguarded pieces: Ra1, Rh1
";
    assert!(out.contains(zone_at_start), "{out}");
    for line in [
        "Pass the keyboard to Black and press Enter.",
        "2. e4e5: Black's move, 1 pawn try",
        "2... Black: Pawn at e5 captured, White's move",
        "3. White: Short-diagonal check, Black's move",
        "Tokens: e5 piece 100%",
        // Black in check on e8 from the short diagonal e8-h5.
        "Tokens: h5 check 100%, g6 check 100%, f7 check 100%",
        "Cannot place a token on f2: your piece is there.",
        "Usage: token piece|check|king SQ [SQ...]",
        "Impossible: a knight on g1 cannot move to g3.",
        "Impossible: no pawn try was announced.",
        "Umpire: Pawn at h5 captured, Short-diagonal check, Checkmate: White wins",
        "Game over. The umpire's board:",
        "Moves: 1. e4 f6 2. e5 fxe5 3. Qh5+ g6 4. Be2 gxh5 5. Bxh5#",
        "The game is over. Type save FILE, new or quit.",
        "Umpire: White resigns: Black wins",
    ] {
        assert!(out.lines().any(|l| l == line), "missing {line:?} in\n{out}");
    }
    // The token strength fades: 100 at move 3, 50 at move 4.
    assert!(out.contains("e5 piece 50%"), "{out}");
}

#[test]
fn save_writes_the_pgn_with_announcements_and_refused_attempts() {
    let dir = tempfile::tempdir().unwrap();
    let input =
        "e2e4\n\ne7e5\n\ne4e5\ng1f3\n\nresign\nsave game.pgn\nsave /nonexistent-dir/x.pgn\nquit\n";
    let (code, out, _) =
        common::run_binary_in(dir.path(), &["kriegspiel", "--black", "human"], input);
    assert_eq!(code, 0);
    assert!(out.contains("Saved to game.pgn."), "{out}");
    assert!(
        out.contains("Could not save /nonexistent-dir/x.pgn: "),
        "{out}"
    );
    let pgn = std::fs::read_to_string(dir.path().join("game.pgn")).unwrap();
    assert!(pgn.contains("[Variant \"Kriegspiel\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(
        pgn.contains(
            "1. e4 {Black's move} e5 {White's move} 2. {Illegal: e4e5} Nf3 {Black's move}"
        ),
        "{pgn}"
    );
    // The program's own PGN reader reads it back.
    let (code, out, _) = common::run_binary_in(dir.path(), &["pgn", "check", "game.pgn"], "");
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_hot_seat_game_through_a_pseudo_terminal() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["kriegspiel", "--black", "human"]);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    let mut p = Session::spawn(cmd).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(20)));
    p.expect("Kriegspiel (ICC wild 16). Type help for commands.")
        .unwrap();
    // Colour: Unicode pieces on ANSI backgrounds.
    p.expect("\u{1b}[48;5;").unwrap();
    p.expect("♚").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("e2e4").unwrap();
    p.expect("Umpire: Black's move").unwrap();
    p.expect("Pass the keyboard to Black and press Enter.")
        .unwrap();
    p.send_line("").unwrap();
    // The screen is cleared before Black's view.
    p.expect("\u{1b}[2J\u{1b}[H").unwrap();
    p.expect("Black (you) to move.").unwrap();
    p.expect("Black> ").unwrap();
    p.send_line("zone").unwrap();
    // Unguarded squares on red.
    p.expect("\u{1b}[48;5;131m").unwrap();
    p.expect("Unguarded pieces: Ra8, Rh8").unwrap();
    p.expect("Black> ").unwrap();
    p.send_line("token king e4").unwrap();
    p.expect("Tokens: e4 king 100% manual").unwrap();
    p.send_line("resign").unwrap();
    p.expect("Umpire: Black resigns: White wins").unwrap();
    p.expect("Game over. The umpire's board:").unwrap();
    p.expect("Moves: 1. e4").unwrap();
    p.send_line("quit").unwrap();
    // The game was not saved: quit asks first.
    p.expect("Quit without saving the game (y/n)? ").unwrap();
    p.send_line("y").unwrap();
    p.expect(Eof).unwrap();
}

/// With `NO_COLOR` at a terminal the sides' pieces are told apart by case,
/// as on the plain chess board: White's pawns `P`, Black's `p`, in each
/// side's view and on the umpire's board at the end.
#[test]
fn no_color_tells_the_sides_apart_by_case() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["kriegspiel", "--black", "human"]);
    cmd.env("TERM", "xterm-256color");
    cmd.env("NO_COLOR", "1");
    let mut p = Session::spawn(cmd).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(20)));
    p.expect(" 2 P P P P P P P P 2").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("e2e4").unwrap();
    p.expect("Pass the keyboard to Black and press Enter.")
        .unwrap();
    p.send_line("").unwrap();
    p.expect(" 7 p p p p p p p p 7").unwrap();
    p.expect("Black> ").unwrap();
    p.send_line("resign").unwrap();
    p.expect(" 7 p p p p p p p p 7").unwrap();
    p.expect(" 2 P P P P * P P P 2").unwrap();
}
