//! The import picture: every `crate::` path in `src/` is an arrow from
//! the module that writes it to the module it names. The layers are the
//! top folders of `src/`, bottom first: `sys`, `game` (the shared words
//! and the seam), `rules`, `engines`, `games`, `fronts`. An arrow may go
//! down or stay in its layer, never up; and the modules of the second
//! level (`games::chess`, `fronts::server`, ...) import each other in no
//! loop. `cargo test --test layers -- --nocapture` prints the picture.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom first.
const LAYERS: [&str; 6] = ["sys", "game", "rules", "engines", "games", "fronts"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module of the second level a file belongs to (`games::chess`;
/// for a file of a layer's own, such as `game/any.rs`, the layer).
fn unit_of_file(relative: &Path) -> Option<String> {
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let layer = parts.first()?;
    if !LAYERS.contains(&layer.as_str()) {
        return None;
    }
    match parts.get(1) {
        Some(second) if parts.len() > 2 || (second != "mod" && layer != "game") => {
            Some(format!("{layer}::{second}"))
        }
        _ => Some(layer.clone()),
    }
}

/// The unit a path after `crate::` names, among the `units` the files
/// make.
fn unit_of_path(path: &str, units: &BTreeSet<String>) -> Option<String> {
    let mut words = path.split("::");
    let layer = words.next()?;
    if !LAYERS.contains(&layer) {
        return None;
    }
    match words.next() {
        Some(second) if units.contains(&format!("{layer}::{second}")) => {
            Some(format!("{layer}::{second}"))
        }
        _ => Some(layer.to_string()),
    }
}

fn layer_of(unit: &str) -> usize {
    let layer = unit.split("::").next().unwrap_or(unit);
    LAYERS.iter().position(|&l| l == layer).expect("a layer")
}

/// The paths a line names after `crate::`, braces of a `use` included
/// (`crate::{a::b, c}` names `a::b` and `c`).
fn crate_paths(line: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let before = &rest[..at];
        rest = &rest[at + "crate::".len()..];
        if before.ends_with('$') || before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            paths.extend(inner.split(',').map(|p| p.trim().to_string()));
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            paths.push(rest[..end].to_string());
        }
    }
    paths
}

/// Every arrow: (from, to) units, with how many paths make it.
fn arrows() -> BTreeMap<(String, String), usize> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let units: BTreeSet<String> = files
        .iter()
        .filter_map(|f| unit_of_file(f.strip_prefix(&src).expect("under src")))
        .collect();
    let mut arrows = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let Some(from) = unit_of_file(relative) else {
            continue;
        };
        let text = fs::read_to_string(&file).expect("a source file");
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let code = code.split(" //").next().unwrap_or(code);
            for path in crate_paths(code) {
                if let Some(to) = unit_of_path(&path, &units)
                    && to != from
                {
                    *arrows.entry((from.clone(), to)).or_insert(0) += 1;
                }
            }
        }
    }
    arrows
}

/// A loop among the units, if there is one, as the units along it.
fn find_loop(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    // 0: not seen, 1: on the current path, 2: done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    fn visit<'a>(
        unit: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        state: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        state.insert(unit, 1);
        path.push(unit);
        for &to in next.get(unit).map(Vec::as_slice).unwrap_or(&[]) {
            match state.get(to).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|&u| u == to).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        path[start..].iter().map(|u| u.to_string()).collect();
                    cycle.push(to.to_string());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(to, next, state, path) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(unit, 2);
        None
    }
    let units: Vec<&str> = next.keys().copied().collect();
    for unit in units {
        if state.get(unit).copied().unwrap_or(0) == 0
            && let Some(cycle) = visit(unit, &next, &mut state, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn no_arrow_goes_up_and_no_modules_import_in_a_loop() {
    let arrows = arrows();
    let mut by_layer: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for ((from, to), n) in &arrows {
        *by_layer.entry((layer_of(from), layer_of(to))).or_insert(0) += n;
    }
    println!("Arrows between layers (paths):");
    for ((from, to), n) in &by_layer {
        let way = if from < to { "UP" } else { "" };
        println!("  {:>8} -> {:<8} {n:>5} {way}", LAYERS[*from], LAYERS[*to]);
    }
    println!("Arrows between modules:");
    for ((from, to), n) in &arrows {
        println!("  {from} -> {to} ({n})");
    }
    let upward: Vec<String> = arrows
        .iter()
        .filter(|((from, to), _)| layer_of(from) < layer_of(to))
        .map(|((from, to), n)| format!("{from} -> {to} ({n})"))
        .collect();
    assert!(upward.is_empty(), "arrows going up: {upward:?}");
    let edges: BTreeSet<(String, String)> = arrows.keys().cloned().collect();
    assert_eq!(find_loop(&edges), None, "modules importing in a loop");
    // The picture is not empty: the front ends reach the seam.
    assert!(arrows.contains_key(&("fronts::server".to_string(), "game".to_string())));
}

#[test]
fn the_reader_sees_each_kind_of_path() {
    assert_eq!(
        crate_paths("use crate::game::{AnyGame, Kind};"),
        vec!["game::".to_string()]
    );
    assert_eq!(
        crate_paths("use crate::{rules::chess::Position, sys::rng};"),
        vec!["rules::chess::Position", "sys::rng"]
    );
    let units: BTreeSet<String> = ["rules::chess".to_string()].into();
    assert_eq!(
        unit_of_path("rules::chess::Position", &units).as_deref(),
        Some("rules::chess")
    );
    assert_eq!(
        unit_of_path("games::builtin", &units).as_deref(),
        Some("games")
    );
    assert_eq!(
        unit_of_path("game::view::Style", &units).as_deref(),
        Some("game")
    );
    assert_eq!(unit_of_path("std::fmt", &units), None);
    assert_eq!(
        unit_of_file(Path::new("games/mod.rs")).as_deref(),
        Some("games")
    );
    assert_eq!(
        unit_of_file(Path::new("games/chess/kind.rs")).as_deref(),
        Some("games::chess")
    );
    assert_eq!(
        unit_of_file(Path::new("fronts/trace.rs")).as_deref(),
        Some("fronts::trace")
    );
    assert_eq!(
        unit_of_file(Path::new("game/any.rs")).as_deref(),
        Some("game")
    );
    assert_eq!(layer_of("fronts::server"), 5);
}
