//! The UCI protocol, so chess GUIs and tournament managers can run the
//! engine: `uci`, `isready`, `ucinewgame`, `setoption` (`UCI_Variant`,
//! `Hash`, `Threads`), `position`, `go`, `stop`, `quit`.
//!
//! Moves are in UCI form (`e2e4`, `e7e8q` for a promotion, castling as the
//! king's move). A stalemate pass is made silently after `position` moves.
//! Scores: `score mate N` for a won or lost game (any ending: depletion,
//! checkmate) in N moves, otherwise `score cp`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use shakmaty::ByColor;

use crate::rules::{Position, Ruleset, Status, notation};
use crate::search::{Engine, Limits, Report, score, time};

fn info_line(r: &Report) -> String {
    let ms = r.elapsed.as_millis().max(1);
    let pv: Vec<String> = r.pv.iter().map(|&m| notation::uci(m)).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        score::uci_text(r.score),
        r.nodes,
        u128::from(r.nodes) * 1000 / ms,
        r.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn say(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

struct Uci {
    ruleset: Ruleset,
    hash_mb: usize,
    threads: usize,
    position: Position,
    /// The repetition keys of the positions from `position`'s setup to it
    /// (chess: a repetition of one is a draw in the search).
    keys: Vec<u64>,
    engine: Option<Engine>,
    /// A search under way, the flag that halts it, and whether it is
    /// infinite (waits for `stop`).
    running: Option<(JoinHandle<Engine>, Arc<AtomicBool>, bool)>,
}

/// Runs the UCI protocol on standard input and output.
pub fn run(hash_mb: usize, threads: usize) -> ExitCode {
    let mut uci = Uci {
        ruleset: Ruleset::SPRING_2007,
        hash_mb,
        threads,
        position: Position::new(Ruleset::SPRING_2007),
        keys: Vec::new(),
        engine: Some(Engine::with_threads(hash_mb, threads)),
        running: None,
    };
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => uci.identify(),
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                uci.finish(false);
                uci.engine = Some(Engine::with_threads(uci.hash_mb, uci.threads));
                uci.position = Position::new(uci.ruleset);
            }
            Some("setoption") => {
                uci.finish(false);
                uci.set_option(&words[1..]);
            }
            Some("position") => {
                uci.finish(false);
                uci.set_position(&words[1..]);
            }
            Some("go") => {
                uci.finish(false);
                uci.go(&words[1..]);
            }
            Some("stop") => uci.finish(true),
            Some("quit") => {
                uci.finish(true);
                return ExitCode::SUCCESS;
            }
            Some(other) => say(&format!("info string unknown command {other}")),
            None => {}
        }
    }
    uci.finish(false);
    ExitCode::SUCCESS
}

impl Uci {
    fn identify(&self) {
        say(concat!("id name antichess ", env!("CARGO_PKG_VERSION")));
        say("id author the antichess developers");
        let vars: Vec<String> = Ruleset::NAMES
            .iter()
            .map(|(n, _)| format!("var {n}"))
            .collect();
        say(&format!(
            "option name UCI_Variant type combo default {} {}",
            Ruleset::DEFAULT_NAME,
            vars.join(" ")
        ));
        say("option name Hash type spin default 64 min 1 max 65536");
        say(&format!(
            "option name Threads type spin default {} min 1 max 256",
            self.threads
        ));
        say("uciok");
    }

    /// Waits for a running search to print its `bestmove` and takes the
    /// engine back; `stop` (or an infinite search) halts it first.
    fn finish(&mut self, stop: bool) {
        if let Some((handle, halt, infinite)) = self.running.take() {
            if stop || infinite {
                halt.store(true, Ordering::Relaxed);
            }
            if let Ok(engine) = handle.join() {
                self.engine = Some(engine);
            }
        }
        if self.engine.is_none() {
            self.engine = Some(Engine::with_threads(self.hash_mb, self.threads));
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name {
            "UCI_Variant" => match Ruleset::from_name(value) {
                Some(r) => {
                    self.ruleset = r;
                    self.position = Position::new(r);
                }
                None => say(&format!("info string unknown variant {value}")),
            },
            "Hash" | "Threads" => match value.parse::<usize>() {
                Ok(n) if n >= 1 => {
                    if name == "Hash" {
                        self.hash_mb = n.min(65_536);
                    } else {
                        self.threads = n.min(256);
                    }
                    self.engine = Some(Engine::with_threads(self.hash_mb, self.threads));
                }
                _ => say(&format!("info string bad value for {name}")),
            },
            _ => say(&format!("info string unknown option {name}")),
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let start = match setup {
            ["startpos"] => Some(Position::new(self.ruleset)),
            ["fen", fen @ ..] => Position::from_fen(&fen.join(" "), self.ruleset).ok(),
            _ => None,
        };
        let Some(mut pos) = start else {
            say("info string bad position");
            return;
        };
        if pos.status() == Status::Pass {
            pos = pos.pass();
        }
        let mut keys = vec![pos.hash()];
        for text in moves {
            let Some(m) = notation::find_uci(&pos, text) else {
                say(&format!("info string illegal move {text}"));
                break;
            };
            pos = pos.play(m);
            if pos.status() == Status::Pass {
                pos = pos.pass();
            }
            keys.push(pos.hash());
        }
        self.position = pos;
        self.keys = if pos.ruleset().fide_draws {
            keys
        } else {
            Vec::new()
        };
    }

    fn go(&mut self, words: &[&str]) {
        let mut limits = Limits::default();
        let mut clock: ByColor<Option<i64>> = ByColor::default();
        let mut inc: ByColor<i64> = ByColor::default();
        let mut movetime = None;
        let mut moves_to_go = None;
        let mut infinite = false;
        let mut i = 0;
        while i < words.len() {
            let value = words.get(i + 1).and_then(|v| v.parse::<i64>().ok());
            match (words[i], value) {
                ("infinite", _) => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                ("wtime", Some(v)) => clock.white = Some(v),
                ("btime", Some(v)) => clock.black = Some(v),
                ("winc", Some(v)) => inc.white = v.max(0),
                ("binc", Some(v)) => inc.black = v.max(0),
                ("movestogo", Some(v)) => moves_to_go = Some(v.max(1)),
                ("movetime", Some(v)) => movetime = Some(Duration::from_millis(v.max(1) as u64)),
                ("depth", Some(v)) => limits.depth = Some(v.clamp(1, 64) as u32),
                ("nodes", Some(v)) => limits.nodes = Some(v.max(1) as u64),
                _ => {}
            }
            i += 2;
        }
        let turn = self.position.turn();
        if !infinite {
            if let Some(remaining) = *clock.get(turn) {
                limits = limits.with_budget(time::budget_with_increment(
                    remaining,
                    *inc.get(turn),
                    moves_to_go,
                    movetime,
                ));
            } else if let Some(t) = movetime {
                limits.soft_time = Some(t);
                limits.hard_time = Some(t);
            }
        }
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let halt = engine.halt_handle();
        halt.store(false, Ordering::Relaxed);
        let pos = self.position;
        engine.set_game_keys(&self.keys);
        let keep_halt = Arc::clone(&halt);
        let handle = std::thread::spawn(move || {
            let report = engine.search(&pos, &limits, |r| say(&info_line(r)));
            if infinite {
                while !keep_halt.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            match report {
                Some(r) => say(&format!("bestmove {}", notation::uci(r.best))),
                None => say("bestmove 0000"),
            }
            engine
        });
        self.running = Some((handle, halt, infinite));
    }
}
