//! The UCI protocol, so chess GUIs and tournament managers can run the
//! engine: `uci`, `isready`, `ucinewgame`, `setoption` (`UCI_Variant`,
//! `Hash`, `Threads`, `MultiPV`, `Ponder`), `position`, `go` (see
//! [`go::Go`]), `stop`, `ponderhit`, `quit`.
//!
//! The game is orthodox chess unless `UCI_Variant` names another ruleset,
//! as every chess GUI expects. Moves are in UCI form (`e2e4`, `e7e8q` for a
//! promotion, castling as the king's move). A stalemate pass is made
//! silently after `position` moves. Scores: `score mate N` for a won or
//! lost game (any ending: depletion, checkmate) in N moves, otherwise
//! `score cp`. `MultiPV` lines past the first are searched after it, each
//! to the first line's depth with the lines before it left out of the
//! root. Input lines are bounded ([`crate::sys::input`]): a line too long or
//! not UTF-8 is answered with an `info string` and the next one read.

mod go;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engines::search::{self, Engine, Limits, Report, TranspositionTable, score};
use crate::rules::chess::{Color, Move, Position, Ruleset, Status, notation};
use crate::sys::input::{self, InputLine, MAX_LINE};
pub use go::Go;

/// The most `MultiPV` lines.
const MAX_MULTI_PV: usize = 256;

/// How long a search runs before it tells which root move it is on.
const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

fn info_line(r: &Report, line: usize, table: &TranspositionTable) -> String {
    let ms = r.elapsed.as_millis().max(1);
    let pv: Vec<String> = r.pv.iter().map(|&m| notation::uci(m)).collect();
    format!(
        "info depth {} seldepth {} multipv {line} score {} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth.max(r.depth),
        score::uci_text(r.score),
        r.nodes,
        u128::from(r.nodes) * 1000 / ms,
        table.hashfull(),
        r.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn say(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A search under way.
struct Running {
    handle: JoinHandle<Engine>,
    /// Ends the search.
    halt: Arc<AtomicBool>,
    /// Set while the `bestmove` must wait (`infinite`, `ponder`).
    hold: Arc<AtomicBool>,
    /// Set once the search is over (a `ponderhit` timer then does nothing).
    done: Arc<AtomicBool>,
    go: Go,
    turn: Color,
}

struct Uci {
    ruleset: Ruleset,
    hash_mb: usize,
    threads: usize,
    multi_pv: usize,
    position: Position,
    /// The hashes of the positions from `position`'s setup to it (chess:
    /// a repetition of one is a draw in the search; every game: a
    /// position reached before gets a share of its time,
    /// [`Limits::revisited`]).
    keys: Vec<u64>,
    engine: Option<Engine>,
    running: Option<Running>,
}

/// Runs the UCI protocol on standard input and output.
pub fn run(hash_mb: usize, threads: usize) -> ExitCode {
    let mut uci = Uci::new(hash_mb, threads);
    for line in input::lines(io::stdin().lock()) {
        let too_long = line == InputLine::TooLong;
        let Some(text) = line.clean() else {
            say(&if too_long {
                format!("info string ignored a line longer than {MAX_LINE} bytes")
            } else {
                "info string ignored a line that is not UTF-8".to_string()
            });
            continue;
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => uci.identify(),
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                uci.finish(false);
                uci.engine = Some(Engine::with_threads(uci.hash_mb, uci.threads));
                uci.position = Position::new(uci.ruleset);
                uci.keys.clear();
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
            Some("ponderhit") => uci.ponderhit(),
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
    /// A session at chess's starting position.
    fn new(hash_mb: usize, threads: usize) -> Uci {
        Uci {
            ruleset: Ruleset::CHESS,
            hash_mb,
            threads,
            multi_pv: 1,
            position: Position::new(Ruleset::CHESS),
            keys: Vec::new(),
            engine: Some(Engine::with_threads(hash_mb, threads)),
            running: None,
        }
    }

    fn identify(&self) {
        say(concat!("id name antichess ", env!("CARGO_PKG_VERSION")));
        say("id author the antichess developers");
        let vars: Vec<String> = Ruleset::NAMES
            .iter()
            .map(|(n, _)| format!("var {n}"))
            .collect();
        say(&format!(
            "option name UCI_Variant type combo default chess {}",
            vars.join(" ")
        ));
        say("option name Hash type spin default 64 min 1 max 65536");
        say(&format!(
            "option name Threads type spin default {} min 1 max 256",
            self.threads
        ));
        say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"
        ));
        say("option name Ponder type check default false");
        say("uciok");
    }

    /// Waits for a running search to print its `bestmove` and takes the
    /// engine back; `stop` (or a search that waits for it) halts it first.
    fn finish(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || running.hold.load(Ordering::Relaxed) {
                running.hold.store(false, Ordering::Relaxed);
                running.halt.store(true, Ordering::Relaxed);
            }
            if let Ok(engine) = running.handle.join() {
                self.engine = Some(engine);
            }
        }
        if self.engine.is_none() {
            self.engine = Some(Engine::with_threads(self.hash_mb, self.threads));
        }
    }

    /// The move pondered on was played: the search goes on as a normal
    /// one, halted when the move's time (twice its soft limit, never more
    /// than its hard one) has passed since now.
    fn ponderhit(&mut self) {
        let Some(running) = &self.running else {
            return;
        };
        if !running.go.ponder {
            return;
        }
        running.hold.store(running.go.infinite, Ordering::Relaxed);
        let Some(budget) = running.go.budget(running.turn) else {
            return;
        };
        let think = (budget.soft * 2).min(budget.hard);
        let (halt, done) = (Arc::clone(&running.halt), Arc::clone(&running.done));
        thread::spawn(move || {
            let until = Instant::now() + think;
            while Instant::now() < until && !done.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(5));
            }
            if !done.load(Ordering::Relaxed) {
                halt.store(true, Ordering::Relaxed);
            }
        });
    }

    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            say("info string setoption needs a name");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let number = value.parse::<usize>().ok().filter(|&n| n >= 1);
        match (name, number) {
            ("UCI_Variant", _) => match Ruleset::from_name(value) {
                Some(r) => {
                    self.ruleset = r;
                    self.position = Position::new(r);
                    self.keys.clear();
                }
                None => say(&format!("info string unknown variant {value}")),
            },
            ("Hash", Some(n)) if n <= 65_536 => match search::check_hash_size(n) {
                Ok(()) => {
                    self.hash_mb = n;
                    self.engine = Some(Engine::with_threads(self.hash_mb, self.threads));
                }
                Err(why) => say(&format!(
                    "info string {why}: the table stays at {} MB",
                    self.hash_mb
                )),
            },
            ("Threads", Some(n)) if n <= 256 => {
                self.threads = n;
                self.engine = Some(Engine::with_threads(self.hash_mb, self.threads));
            }
            ("MultiPV", Some(n)) if n <= MAX_MULTI_PV => self.multi_pv = n,
            ("Ponder", _) if value == "true" || value == "false" => {}
            ("Hash" | "Threads" | "MultiPV" | "Ponder", _) => {
                say(&format!("info string bad value for {name}"));
            }
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
        self.keys = keys;
    }

    /// Whether the position occurred earlier in the moves that reached it.
    fn revisited(&self) -> bool {
        self.keys
            .split_last()
            .is_some_and(|(now, earlier)| earlier.contains(now))
    }

    fn go(&mut self, words: &[&str]) {
        let pos = self.position;
        // A game over for want of moves has a score all the same (GUIs
        // and python-chess's analyse() read one), as Stockfish gives it:
        // mate 0 when decided, cp 0 when drawn.
        if let Status::Over(outcome) = pos.status()
            && pos.legal_moves().is_empty()
        {
            let score = if outcome.winner.is_some() {
                "mate 0"
            } else {
                "cp 0"
            };
            say(&format!("info depth 0 score {score}"));
        }
        let (mut go, errors) = Go::read(words, &pos);
        go.revisited = self.revisited();
        for e in errors {
            say(&format!("info string {e}"));
        }
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let halt = engine.halt_handle();
        halt.store(false, Ordering::Relaxed);
        let hold = Arc::new(AtomicBool::new(go.waits()));
        let done = Arc::new(AtomicBool::new(false));
        let draws = self.position.ruleset().fide_draws;
        engine.set_game_keys(if draws { &self.keys } else { &[] });
        let lines = self.multi_pv;
        let handle = {
            let (go, halt, hold, done) = (
                go.clone(),
                Arc::clone(&halt),
                Arc::clone(&hold),
                Arc::clone(&done),
            );
            thread::spawn(move || {
                let report = search_lines(&mut engine, &pos, &go, lines, &halt);
                while hold.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(1));
                }
                done.store(true, Ordering::Relaxed);
                say(&bestmove(&pos, report.as_ref()));
                engine
            })
        };
        self.running = Some(Running {
            handle,
            halt,
            hold,
            done,
            go,
            turn: pos.turn(),
        });
    }
}

/// MultiPV as Stockfish searches it: every line to the same depth. Depth
/// by depth, line k is searched with the first moves of lines 1 to k - 1
/// left out, and a depth's lines are told only once all of them are
/// complete; the search stops when the time, the depth or `stop` says so,
/// and the lines of the last complete depth stand (the first line's
/// report is the move). The table carries each line's work into the next
/// depth.
#[allow(clippy::too_many_arguments)]
fn lines_in_step(
    engine: &mut Engine,
    pos: &Position,
    limits: &Limits,
    lines: usize,
    left_out: &[Move],
    started: Instant,
    halt: &Arc<AtomicBool>,
    table: &Arc<TranspositionTable>,
) -> Option<Report> {
    let legal = pos.legal_moves();
    let deepest = limits.depth.unwrap_or(search::MAX_DEPTH);
    let mut complete: Vec<Report> = Vec::new();
    let mut partial: Option<Report> = None;
    'deepen: for depth in 1..=deepest {
        let mut found: Vec<Report> = Vec::new();
        for _ in 0..lines {
            let out: Vec<Move> = left_out
                .iter()
                .copied()
                .chain(found.iter().map(|r| r.best))
                .collect();
            if legal.iter().all(|m| out.contains(m)) {
                break;
            }
            engine.leave_out(&out);
            let elapsed = started.elapsed();
            let this = Limits {
                depth: Some(depth),
                hard_time: limits.hard_time.map(|t| t.saturating_sub(elapsed)),
                nodes: limits.nodes,
                ..Limits::default()
            };
            let report = engine.search(pos, &this, |_| {});
            let stopped = halt.load(Ordering::Relaxed)
                || limits.hard_time.is_some_and(|t| started.elapsed() >= t);
            match report {
                Some(r) if r.depth >= depth && !stopped => found.push(r),
                Some(r) => {
                    partial.get_or_insert(r);
                    break 'deepen;
                }
                None => break 'deepen,
            }
        }
        if found.is_empty() {
            break;
        }
        for (k, r) in found.iter().enumerate() {
            say(&info_line(r, k + 1, table));
        }
        complete = found;
        if limits.soft_time.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
    }
    complete.into_iter().next().or(partial)
}

/// The `bestmove` line: the search's move (with the reply it expects to
/// ponder on), else the first legal move, else `0000` when there is none.
fn bestmove(pos: &Position, report: Option<&Report>) -> String {
    match report {
        Some(r) => match r.pv.get(1) {
            Some(&reply) => format!(
                "bestmove {} ponder {}",
                notation::uci(r.best),
                notation::uci(reply)
            ),
            None => format!("bestmove {}", notation::uci(r.best)),
        },
        None => match pos.legal_moves().first() {
            Some(&m) => format!("bestmove {}", notation::uci(m)),
            None => "bestmove 0000".to_string(),
        },
    }
}

/// Searches the lines `go` asks for, `lines` of them (MultiPV), printing
/// their `info`; the first line's report.
fn search_lines(
    engine: &mut Engine,
    pos: &Position,
    go: &Go,
    lines: usize,
    halt: &Arc<AtomicBool>,
) -> Option<Report> {
    let started = Instant::now();
    let legal = pos.legal_moves();
    let left_out: Vec<Move> = if go.search_moves.is_empty() {
        Vec::new()
    } else {
        legal
            .iter()
            .copied()
            .filter(|m| !go.search_moves.contains(m))
            .collect()
    };
    engine.leave_out(&left_out);
    engine.observe_root(Some(Arc::new(move |m: Move, n: usize| {
        if started.elapsed() >= CURRMOVE_AFTER {
            say(&format!(
                "info currmove {} currmovenumber {n}",
                notation::uci(m)
            ));
        }
    })));
    let table = engine.table();
    let limits = go.limits(pos.turn());
    if lines > 1 {
        let first = lines_in_step(
            engine, pos, &limits, lines, &left_out, started, halt, &table,
        );
        engine.observe_root(None);
        engine.leave_out(&[]);
        return first;
    }
    let first = engine.search(pos, &limits, |r| {
        say(&info_line(r, 1, &table));
        // A mate search ends with the mate it looks for.
        if let Some(n) = go.mate
            && r.score >= score::MATE_BOUND
            && (score::MATE - r.score + 1) / 2 <= n as i32
        {
            halt.store(true, Ordering::Relaxed);
        }
    });
    engine.observe_root(None);
    engine.leave_out(&[]);
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reached_earlier_in_the_moves_is_revisited() {
        let mut uci = Uci::new(1, 1);
        let moves = ["startpos", "moves", "g1f3", "g8f6", "f3g1", "f6g8"];
        uci.set_position(&moves[..5]);
        assert!(!uci.revisited());
        uci.set_position(&moves);
        assert!(uci.revisited());
        uci.set_option(&["name", "UCI_Variant", "value", "6170-spring-2007"]);
        assert!(!uci.revisited());
        uci.set_position(&moves);
        assert!(uci.revisited());
    }
}
