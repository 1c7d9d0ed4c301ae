//! Game files made to hurt the reader: nesting deep enough to overflow a
//! recursive reader, an entity named thousands of times, thousands of
//! attributes on one element. Each is refused with where and why, through
//! `validate`, the TextUI's `LoadGame` and `play`'s `load`, in bounded
//! time and memory.

mod common;

use common::run_binary;

/// A file in a fresh folder holding `text`, and its path.
fn planted(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.xml");
    std::fs::write(&path, text).unwrap();
    let name = path.to_str().unwrap().to_string();
    (dir, name)
}

const HEAD: &str = "<game ruleset=\"6170-spring-2007\"><time/><moveHistory/><pieces/>";

/// Each hostile file and the verdict `validate` gives it.
fn hostile() -> Vec<(&'static str, String, &'static str)> {
    let deep = 9000;
    let games = 5000;
    let entity = "x".repeat(50_000);
    let attributes: String = (0..100_000).map(|i| format!(" a{i}=\"1\"")).collect();
    vec![
        (
            "deep extension",
            format!(
                "{HEAD}<extension>{}{}</extension></game>",
                "<x>".repeat(deep),
                "</x>".repeat(deep)
            ),
            "element <x>: nested too deeply (more than 256 elements)",
        ),
        (
            "nested games",
            format!(
                "{}{}",
                format!("{HEAD}<extension>").repeat(games),
                "</extension></game>".repeat(games)
            ),
            "nested too deeply (more than 256 elements)",
        ),
        (
            "entity named 20,000 times",
            format!(
                "<!DOCTYPE game [<!ENTITY e \"{entity}\">]>{HEAD}<extension><x>{}</x></extension></game>",
                "&e;".repeat(20_000)
            ),
            "entity references expand to more than 262144 bytes",
        ),
        (
            "100,000 attributes",
            format!("{HEAD}<extension><x{attributes}/></extension></game>"),
            "line 1, column 75: more than 1024 attributes on one element",
        ),
    ]
}

#[test]
fn validate_refuses_each_with_where_and_why() {
    for (what, text, verdict) in hostile() {
        let (_dir, path) = planted(&text);
        let (code, out, err) = run_binary(&["validate", &path], "");
        assert_eq!(code, 1, "{what}: {err}");
        assert!(
            out.starts_with(&format!("{path}: invalid: line "))
                && out.trim_end().ends_with(verdict),
            "{what}: {out}"
        );
    }
}

#[test]
fn the_textui_answers_corrupt_file_and_goes_on() {
    for (what, text, _) in hostile() {
        let (_dir, path) = planted(&text);
        let input = format!("StartNewGame human 0 human 0\nLoadGame {path}\nGetStatus\nQuitGame\n");
        let (code, out, err) = run_binary(&[], &input);
        assert_eq!(code, 0, "{what}: {err}");
        assert_eq!(
            out, "New game started\nCorrupt file\nInput error\nExiting game\n",
            "{what}"
        );
    }
}

#[test]
fn play_says_why_and_keeps_its_game() {
    for (what, text, verdict) in hostile() {
        let (_dir, path) = planted(&text);
        let input = format!("load {path}\nquit\n");
        let (code, out, err) =
            run_binary(&["play", "--white", "human", "--black", "human"], &input);
        assert_eq!(code, 0, "{what}: {err}");
        assert!(
            out.contains(&format!("Could not load {path}: line ")) && out.contains(verdict),
            "{what}: {out}"
        );
    }
}

/// Legitimate nesting, well inside the bound, still reads: a game inside
/// an extension inside a game, 100 deep.
#[test]
fn nesting_within_the_bound_reads() {
    let n = 100;
    let text = format!(
        "{}{}",
        format!("{HEAD}<extension>").repeat(n),
        "<y/></extension></game>".repeat(n)
    );
    let (_dir, path) = planted(&text);
    let (code, out, _) = run_binary(&["validate", &path], "");
    assert_eq!((code, out), (0, format!("{path}: valid\n")));
}
