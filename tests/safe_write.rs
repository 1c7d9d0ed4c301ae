//! Every save is safe: special files are refused and left as they are,
//! links are written through, permissions are kept. Each target is made in
//! a temporary folder (never a device of the machine) and saved to through
//! the library, the TextUI, `play` and the referee.

mod common;

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;

use antichess::sys::safe_write::{WriteError, write_atomic};
use common::mkfifo;

fn is_fifo(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Whether this process can create files in `dir` (root can, even in a
/// read-only folder).
fn can_create_in(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    let ok = fs::File::create(&probe).is_ok();
    let _ = fs::remove_file(&probe);
    ok
}

/// The names in `dir`, sorted (to see that no temporary file is left).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs the binary in `dir` with `input`, which must succeed; standard
/// output and error.
fn run_in(dir: &Path, args: &[&str], input: &str) -> (String, String) {
    let (code, out, err) = common::run_binary_in(dir, args, input);
    assert_eq!(code, 0, "exit status");
    (out, err)
}

/// The save targets of every test, made in `dir`: a FIFO, a link to
/// `target.txt`, a dangling link, a folder, a mode-600 file, a socket.
fn make_targets(dir: &Path) -> std::os::unix::net::UnixListener {
    mkfifo(&dir.join("fifo"));
    fs::write(dir.join("target.txt"), "old target").unwrap();
    symlink("target.txt", dir.join("link.xml")).unwrap();
    symlink("missing.txt", dir.join("dangling.xml")).unwrap();
    fs::create_dir(dir.join("folder")).unwrap();
    fs::write(dir.join("priv.xml"), "private").unwrap();
    fs::set_permissions(dir.join("priv.xml"), fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::net::UnixListener::bind(dir.join("socket")).unwrap()
}

/// What every test checks after saving to the targets.
fn check_targets(dir: &Path, saved: &str) {
    assert!(is_fifo(&dir.join("fifo")), "the FIFO is still a FIFO");
    assert!(is_link(&dir.join("link.xml")), "the link is still a link");
    assert_eq!(
        fs::read_link(dir.join("link.xml")).unwrap(),
        Path::new("target.txt")
    );
    let target = fs::read_to_string(dir.join("target.txt")).unwrap();
    assert!(target.contains(saved), "the link's target was written");
    assert!(is_link(&dir.join("dangling.xml")));
    assert!(!dir.join("missing.txt").exists());
    assert!(fs::metadata(dir.join("folder")).unwrap().is_dir());
    assert!(names(&dir.join("folder")).is_empty());
    assert!(
        fs::read_to_string(dir.join("priv.xml"))
            .unwrap()
            .contains(saved)
    );
    assert_eq!(mode(&dir.join("priv.xml")), 0o600, "the mode is kept");
    assert!(
        fs::symlink_metadata(dir.join("socket"))
            .unwrap()
            .file_type()
            .is_socket()
    );
    assert!(
        names(dir).iter().all(|n| !n.ends_with(".tmp")),
        "no temporary file is left: {:?}",
        names(dir)
    );
}

#[test]
fn the_library_refuses_special_files_and_writes_through_links() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let _socket = make_targets(dir);
    for name in ["fifo", "folder", "socket"] {
        let err = write_atomic(&dir.join(name), b"saved").unwrap_err();
        assert!(matches!(err, WriteError::NotRegularFile), "{name}: {err}");
        assert_eq!(err.to_string(), "not a regular file");
    }
    let err = write_atomic(&dir.join("dangling.xml"), b"saved").unwrap_err();
    assert!(matches!(err, WriteError::DanglingLink(_)), "{err}");
    write_atomic(&dir.join("link.xml"), b"saved").unwrap();
    write_atomic(&dir.join("priv.xml"), b"saved").unwrap();
    check_targets(dir, "saved");
}

#[test]
fn a_new_file_gets_the_umask_mode_and_links_chain() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write_atomic(&dir.join("new.xml"), b"new").unwrap();
    // The test harness keeps the usual umask (022 or 002): never
    // executable, never writable by others.
    assert_eq!(mode(&dir.join("new.xml")) & 0o113, 0);
    assert_eq!(mode(&dir.join("new.xml")) & 0o600, 0o600);
    // A link to a link to a file in another folder: the file is written.
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/real.xml"), "old").unwrap();
    symlink("sub/real.xml", dir.join("one")).unwrap();
    symlink("one", dir.join("two")).unwrap();
    write_atomic(&dir.join("two"), b"through").unwrap();
    assert_eq!(fs::read(dir.join("sub/real.xml")).unwrap(), b"through");
    assert!(is_link(&dir.join("one")) && is_link(&dir.join("two")));
    // A loop of links is refused.
    symlink("loop-b", dir.join("loop-a")).unwrap();
    symlink("loop-a", dir.join("loop-b")).unwrap();
    let err = write_atomic(&dir.join("loop-a"), b"x").unwrap_err();
    assert!(matches!(err, WriteError::LinkLoop), "{err}");
    // No folder: the system's reason.
    let err = write_atomic(&dir.join("nowhere/game.xml"), b"x").unwrap_err();
    assert!(matches!(err, WriteError::Io(_)), "{err}");
}

#[test]
fn a_read_only_folder_or_file_refuses_unless_the_process_may_write() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("locked");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("game.xml"), "old").unwrap();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
    let writable = can_create_in(&dir);
    let result = write_atomic(&dir.join("game.xml"), b"new");
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    if writable {
        // Root may write anywhere: the save is made.
        result.unwrap();
        assert_eq!(fs::read(dir.join("game.xml")).unwrap(), b"new");
    } else {
        let err = result.unwrap_err();
        assert!(err.to_string().contains("Permission denied"), "{err}");
        assert_eq!(fs::read(dir.join("game.xml")).unwrap(), b"old");
    }
    assert_eq!(names(&dir), ["game.xml"]);
}

#[test]
fn textui_save_answers_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let _socket = make_targets(dir);
    let input = "StartNewGame human 0 human 0\n\
                 MakeMove e2-e3 0\n\
                 SaveGame fifo\n\
                 SaveGame link.xml\n\
                 SaveGame dangling.xml\n\
                 SaveGame folder\n\
                 SaveGame socket\n\
                 SaveGame priv.xml\n\
                 SaveGame new.xml\n\
                 QuitGame\n";
    let (out, _) = run_in(dir, &[], input);
    assert_eq!(
        out,
        "New game started\n\
         e2-e3\n\
         Save failed: not a regular file\n\
         Game saved\n\
         Save failed: dangling symbolic link to missing.txt\n\
         Save failed: not a regular file\n\
         Save failed: not a regular file\n\
         Game saved\n\
         Game saved\n\
         Exiting game\n"
    );
    check_targets(dir, "value=\"e2-e3\"");
    // What was saved through the link loads back.
    let (out, _) = run_in(
        dir,
        &[],
        "StartNewGame human 0 human 0\nLoadGame link.xml\nPrintAllMoves\nQuitGame\n",
    );
    assert!(
        out.starts_with("New game started\nGame loaded\na7-a5\n"),
        "{out}"
    );
}

#[test]
fn play_save_says_why() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let _socket = make_targets(dir);
    let input = "e2e3\nsave fifo\nsave link.xml\nsave dangling.xml\nsave folder\n\
                 save socket\nsave priv.xml\nquit\n";
    let (out, _) = run_in(
        dir,
        &["play", "--white", "human", "--black", "human"],
        input,
    );
    let said: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Saved") || l.starts_with("Could not save"))
        .collect();
    assert_eq!(
        said,
        [
            "Could not save fifo: not a regular file",
            "Saved to link.xml.",
            "Could not save dangling.xml: dangling symbolic link to missing.txt",
            "Could not save folder: not a regular file",
            "Could not save socket: not a regular file",
            "Saved to priv.xml.",
        ]
    );
    check_targets(dir, "value=\"e2-e3\"");
}

#[test]
fn referee_records_keep_special_files() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = dir.join("out");
    fs::create_dir(&out).unwrap();
    mkfifo(&out.join("game-001.xml"));
    fs::write(dir.join("target.pgn"), "old").unwrap();
    fs::set_permissions(dir.join("target.pgn"), fs::Permissions::from_mode(0o600)).unwrap();
    symlink("../target.pgn", out.join("game-001.pgn")).unwrap();
    fs::create_dir(out.join("game-002.xml")).unwrap();
    let player = format!(
        "{} --player first --hash 1",
        env!("CARGO_BIN_EXE_antichess")
    );
    let out_arg = out.to_str().unwrap();
    let (table, log) = run_in(
        dir,
        &[
            "referee",
            "--games",
            "2",
            "--clock",
            "0",
            "--max-plies",
            "6",
            "--white",
            &player,
            "--black",
            &player,
            "--out",
            out_arg,
        ],
        "",
    );
    assert!(table.contains("forfeits: none"), "{table}");
    let refused: Vec<&str> = log
        .lines()
        .filter(|l| l.starts_with("antichess: could not write"))
        .collect();
    assert_eq!(
        refused,
        [
            format!("antichess: could not write {out_arg}/game-001.xml: not a regular file"),
            format!("antichess: could not write {out_arg}/game-002.xml: not a regular file"),
        ]
    );
    assert!(is_fifo(&out.join("game-001.xml")));
    assert!(is_link(&out.join("game-001.pgn")));
    let pgn = fs::read_to_string(dir.join("target.pgn")).unwrap();
    assert!(pgn.starts_with("[Event \"antichess referee\"]"), "{pgn}");
    assert_eq!(mode(&dir.join("target.pgn")), 0o600);
    assert!(names(&out.join("game-002.xml")).is_empty());
    assert!(out.join("game-002.pgn").is_file());
    assert!(names(&out).iter().all(|n| !n.ends_with(".tmp")));
}
