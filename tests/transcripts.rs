//! Transcript tests: each `tests/transcripts/NAME.in` is piped into the real
//! binary (with the arguments in `NAME.args`, if present), run in a fresh
//! folder holding a copy of `fixtures/`; standard output must equal
//! `NAME.out` byte for byte and the exit status must be 0.
//!
//! UCI `info` lines carry what only the engine decides (timings, node
//! counts, centipawn scores, principal variations): those are masked on
//! both sides before comparing (see `normalize`).
//!
//! `ANTICHESS_BLESS=1 cargo test --test transcripts` writes missing `.out`
//! files, to be read and checked by hand before they are committed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn run(case: &Path, work: &Path) -> Vec<u8> {
    let input = std::fs::read(case).unwrap();
    let args_file = case.with_extension("args");
    let args: Vec<String> = std::fs::read_to_string(&args_file)
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(&args)
        .current_dir(work)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The program may exit before reading everything (QuitGame).
    let _ = stdin.write_all(&input);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}: exit status {}",
        case.display(),
        out.status
    );
    normalize(&out.stdout)
}

/// Masks in UCI `info` lines what only the engine itself decides (its
/// timings, node counts, selective depths, table use, centipawn scores
/// and principal variations): `time T`, `nps N`, `nodes N`, `seldepth N`,
/// `hashfull N`, `cp S`, `pv P`, and the reply to ponder on after a
/// `bestmove` (`ponder P`). Depths and mate scores,
/// which the position decides, are kept, and so is every `bestmove`.
fn normalize(output: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(output);
    let mut result = String::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("info depth ") {
            let mut words: Vec<&str> = line.trim_end_matches('\n').split(' ').collect();
            if let Some(pv) = words.iter().position(|w| *w == "pv") {
                words.truncate(pv + 1);
                words.push("P");
            }
            for i in 1..words.len() {
                match words[i - 1] {
                    "time" => words[i] = "T",
                    "nps" | "nodes" | "seldepth" | "hashfull" => words[i] = "N",
                    "cp" => words[i] = "S",
                    _ => {}
                }
            }
            result.push_str(&words.join(" "));
            result.push('\n');
        } else if let Some((best, _)) = line.split_once(" ponder ") {
            // The reply to ponder on comes from the principal variation.
            result.push_str(best);
            result.push_str(" ponder P\n");
        } else {
            result.push_str(line);
        }
    }
    result.into_bytes()
}

#[test]
fn transcripts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/transcripts");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 40, "only {} transcripts", cases.len());
    let bless = std::env::var_os("ANTICHESS_BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let work = std::env::temp_dir().join(format!(
            "antichess-transcript-{}-{}",
            std::process::id(),
            case.file_stem().unwrap().to_string_lossy()
        ));
        let _ = std::fs::remove_dir_all(&work);
        copy_dir(&root.join("fixtures"), &work.join("fixtures"));
        let got = run(case, &work);
        let _ = std::fs::remove_dir_all(&work);
        let expected_path = case.with_extension("out");
        match std::fs::read(&expected_path) {
            Ok(expected) if normalize(&expected) == got => {}
            Ok(expected) => failures.push(format!(
                "{}:\n--- expected\n{}--- got\n{}",
                case.display(),
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&got)
            )),
            Err(_) if bless => std::fs::write(&expected_path, &got).unwrap(),
            Err(_) => failures.push(format!("{}: no .out file", case.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
