//! The self-play harness plays real games between real programs.

use std::process::Command;

#[test]
fn engine_beats_the_first_move_player() {
    let bin = env!("CARGO_BIN_EXE_antichess");
    let out = Command::new(bin)
        .args(["match", "--games", "4", "--clock", "0", "--openings", "2"])
        .arg("--a")
        .arg(format!("{bin} --depth 5 --hash 8"))
        .arg("--b")
        .arg(format!("{bin} --player first --hash 1"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("A vs B: +4 =0 -0 of 4, score 100.0%"),
        "{stdout}"
    );
    let log = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        log.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{log}"
    );
}

#[test]
fn a_program_that_fails_loses_by_forfeit() {
    let bin = env!("CARGO_BIN_EXE_antichess");
    let out = Command::new(bin)
        .args(["match", "--games", "2", "--clock", "0", "--openings", "0"])
        .arg("--a")
        .arg(format!("{bin} --depth 1 --hash 1"))
        .args(["--b", "echo garbage"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("A vs B: +2 =0 -0 of 2"), "{stdout}");
    let log = String::from_utf8(out.stderr).unwrap();
    assert!(log.contains("did not start a game"), "{log}");
}
