//! `antichess play` driven through a pseudo-terminal, as a person would:
//! a short game against the computer, undo, save and load; and the plain
//! drawing when `NO_COLOR` is set.

use std::process::Command;
use std::time::Duration;

use antichess::rules::chess::Square;

use expectrl::{Eof, Expect, Regex, Session};

fn spawn(no_color: bool, dir: &std::path::Path) -> expectrl::session::OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["play", "--depth", "2", "--hash", "8"])
        .current_dir(dir);
    cmd.env("TERM", "xterm-256color");
    if no_color {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    let mut session = Session::spawn(cmd).expect("spawn in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(20)));
    session
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("antichess-pty-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_short_game_with_undo_save_and_load() {
    let dir = temp_dir("game");
    let mut p = spawn(false, &dir);
    // Colour board: Unicode pieces on ANSI backgrounds.
    p.expect("\u{1b}[48;5;").unwrap();
    p.expect("♚").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("e2-e3").unwrap();
    p.expect("Black (computer) plays").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("d2-d5").unwrap();
    p.expect("Illegal move d2-d5").unwrap();
    p.send_line("moves").unwrap();
    p.expect(Regex("(Legal moves|A capture is compulsory): "))
        .unwrap();
    p.send_line("undo").unwrap();
    p.expect("Taken back.").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("g1-h3").unwrap();
    p.expect("Black (computer) plays").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("save saved.xml").unwrap();
    p.expect("Saved to saved.xml.").unwrap();
    p.send_line("load saved.xml").unwrap();
    p.expect("Loaded saved.xml.").unwrap();
    p.expect("White> ").unwrap();
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let saved = antichess::rules::file::read_path(&dir.join("saved.xml")).unwrap();
    assert_eq!(saved.moves.len(), 2);
    assert_eq!(
        (saved.moves[0].from, saved.moves[0].to),
        (Square::G1, Square::H3)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_color_draws_plain_letters() {
    let dir = temp_dir("plain");
    let mut p = spawn(true, &dir);
    let board = p.expect("White> ").unwrap();
    let text = String::from_utf8_lossy(board.before()).to_string();
    assert!(text.contains(" 8 r n b q k b n r 8"), "{text}");
    assert!(text.contains(" 1 R N B Q K B N R 1"), "{text}");
    assert!(!text.contains("48;5;"), "{text}");
    p.send_line("quit").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// At a terminal: Ctrl-C while the computer thinks stops the thought and
/// gives back the prompt (`go` lets it think again); lines pasted together
/// are played one after the other; Ctrl-D with moves not saved asks; a
/// clock's running out is told when it happens, and its time left is in
/// the prompt.
#[test]
fn interrupts_pastes_end_of_input_and_clocks_at_a_terminal() {
    let dir = temp_dir("keys");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args([
        "play",
        "--movetime",
        "30000",
        "--hash",
        "8",
        "--threads",
        "1",
    ])
    .current_dir(&dir)
    .env("NO_COLOR", "1");
    let mut p = Session::spawn(cmd).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(20)));
    p.expect("White> ").unwrap();
    p.send_line("e2e3").unwrap();
    p.expect("thinking").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    p.send("\u{3}").unwrap();
    p.set_expect_timeout(Some(Duration::from_secs(3)));
    p.expect("Stopped thinking.").unwrap();
    p.expect("Black> ").unwrap();
    p.send_line("b7b5").unwrap();
    p.expect("It is the computer's move: type go").unwrap();
    p.send_line("undo").unwrap();
    p.expect("Taken back.").unwrap();
    p.expect("White> ").unwrap();
    // Two lines pasted at once (a bracketed paste): the move, then quit.
    p.set_expect_timeout(Some(Duration::from_secs(20)));
    p.send("\u{1b}[200~e2e3\nquit\u{1b}[201~").unwrap();
    p.send_line("").unwrap();
    p.expect("thinking").unwrap();
    p.send("\u{3}").unwrap();
    p.expect("Stopped thinking.").unwrap();
    // The pasted quit came after the move: with moves not saved it asks
    // first (as Ctrl-D does), and the program ends on yes.
    p.expect("Quit without saving the game (y/n)? ").unwrap();
    p.send_line("y").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&dir);

    let dir = temp_dir("clock");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["play", "--clock", "2000", "--movetime", "50", "--hash", "8"])
        .current_dir(&dir)
        .env("NO_COLOR", "1");
    let mut p = Session::spawn(cmd).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(10)));
    p.expect("White (2.0 s)> ").unwrap();
    p.expect("White's time has run out: Black wins on time.")
        .unwrap();
    p.send_line("").unwrap();
    p.expect("White ran out of time. Black wins.").unwrap();
    p.expect("White> ").unwrap();
    p.send("\u{4}").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&dir);

    let dir = temp_dir("eof");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["play", "--white", "human", "--black", "human"])
        .current_dir(&dir)
        .env("NO_COLOR", "1");
    let mut p = Session::spawn(cmd).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(10)));
    p.expect("White> ").unwrap();
    p.send_line("e2e3").unwrap();
    p.expect("Black> ").unwrap();
    p.send("\u{4}").unwrap();
    p.expect("Quit without saving the game (y/n)? ").unwrap();
    p.send_line("n").unwrap();
    p.expect("Black> ").unwrap();
    p.send_line("save g.xml").unwrap();
    p.expect("Saved to g.xml.").unwrap();
    // Keys count once the prompt is up (the editor reads them raw).
    p.expect("Black> ").unwrap();
    p.send("\u{4}").unwrap();
    p.expect(Eof).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plain `antichess` at a terminal says where the rest is, on standard
/// error (piped, it says nothing: the transcripts hold its bytes).
#[test]
fn the_textui_at_a_terminal_names_help_and_play() {
    let mut p =
        Session::spawn(Command::new(env!("CARGO_BIN_EXE_antichess"))).expect("spawn in a pty");
    p.set_expect_timeout(Some(Duration::from_secs(10)));
    p.expect("`antichess --help`").unwrap();
    p.expect("`antichess play`").unwrap();
    // The protocol as ever: no game to quit, then the end of input.
    p.send_line("QuitGame").unwrap();
    p.expect("Input error").unwrap();
    p.send("\u{4}").unwrap();
    p.expect(Eof).unwrap();
}
