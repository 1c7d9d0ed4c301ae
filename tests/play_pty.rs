//! `antichess play` driven through a pseudo-terminal, as a person would:
//! a short game against the computer, undo, save and load; and the plain
//! drawing when `NO_COLOR` is set.

use std::process::Command;
use std::time::Duration;

use antichess::rules::Square;

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
    let saved = antichess::file::read_path(&dir.join("saved.xml")).unwrap();
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
