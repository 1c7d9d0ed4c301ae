//! `antichess play`: a game at the terminal for people.
//!
//! The board is drawn after every move; moves are typed as `e2-e4` or
//! `e2e4` (tab completes legal moves); commands: `moves`, `hint`, `undo`,
//! `flip`, `save FILE`, `load FILE`, `new`, `help`, `quit`. When standard
//! input is not a terminal, lines are read plainly (no prompt editing), so
//! a session can be scripted.

pub mod view;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Editor, Helper};

use crate::file;
use crate::game::{Game, PlayerKind};
use crate::rules::{Color, Move, Piece, Position, Reason, Role, Ruleset, Square, parse_square};
use crate::safe_write::write_atomic;
use crate::search::{Engine, Limits};

/// How a game at the terminal is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Ruleset name.
    pub ruleset: String,
    /// Who plays White and Black (indexed by `Color as usize`).
    pub players: [PlayerKind; 2],
    /// Clock per side in milliseconds (0: unlimited).
    pub clock_ms: i64,
    /// Fixed thinking time for the computer.
    pub movetime: Option<Duration>,
    /// Fixed search depth for the computer (reproducible).
    pub depth: Option<u32>,
}

const HELP: &str = "\
Type a move as e2-e4 or e2e4 (Tab completes legal moves). Commands:
  moves        list your legal moves (and whether a capture is compulsory)
  hint         ask the engine for a move
  undo         take back your last move and the reply
  flip         turn the board around
  save FILE    save the game (the 6.170 game file)
  load FILE    load a game file
  new          start again
  help         this text
  quit         leave";

/// Legal moves for tab completion.
struct MoveCompleter {
    moves: Vec<String>,
    commands: Vec<String>,
}

impl Helper for MoveCompleter {}
impl Highlighter for MoveCompleter {}
impl Validator for MoveCompleter {}
impl Hinter for MoveCompleter {
    type Hint = String;
}

impl Completer for MoveCompleter {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates = self
            .moves
            .iter()
            .chain(&self.commands)
            .filter(|c| c.starts_with(word))
            .map(|c| Pair {
                display: c.clone(),
                replacement: c.clone(),
            })
            .collect();
        Ok((start, candidates))
    }
}

enum Input {
    Terminal(Box<Editor<MoveCompleter, rustyline::history::DefaultHistory>>),
    Piped(io::StdinLock<'static>),
}

impl Input {
    fn read(&mut self, prompt: &str, legal: &[String]) -> Option<String> {
        match self {
            Input::Terminal(editor) => {
                if let Some(h) = editor.helper_mut() {
                    h.moves = legal.to_vec();
                }
                loop {
                    match editor.readline(prompt) {
                        Ok(line) => {
                            if !line.trim().is_empty() {
                                let _ = editor.add_history_entry(line.as_str());
                            }
                            return Some(line);
                        }
                        Err(ReadlineError::Interrupted) => continue,
                        Err(_) => return None,
                    }
                }
            }
            Input::Piped(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line),
                }
            }
        }
    }
}

/// One step of the game kept for `undo`.
#[derive(Clone)]
struct Snapshot {
    game: Game,
    last: Option<Move>,
    captured: Vec<Piece>,
}

struct Session {
    options: PlayOptions,
    game: Game,
    last: Option<Move>,
    captured: Vec<Piece>,
    undo: Vec<Snapshot>,
    style: view::Style,
    engine: Engine,
    announced: bool,
}

/// Runs a game at the terminal until `quit` or the end of input.
pub fn run(options: PlayOptions) -> ExitCode {
    let input = if io::stdin().is_terminal() {
        let helper = MoveCompleter {
            moves: Vec::new(),
            commands: [
                "moves", "hint", "undo", "flip", "save", "load", "new", "help", "quit",
            ]
            .map(String::from)
            .to_vec(),
        };
        match Editor::new() {
            Ok(mut editor) => {
                editor.set_helper(Some(helper));
                Input::Terminal(Box::new(editor))
            }
            Err(_) => Input::Piped(io::stdin().lock()),
        }
    } else {
        Input::Piped(io::stdin().lock())
    };
    let mut session = Session {
        game: Game::new(&options.ruleset, options.clock_ms, options.clock_ms),
        options,
        last: None,
        captured: Vec::new(),
        undo: Vec::new(),
        style: view::Style::detect(),
        engine: Engine::new(64),
        announced: false,
    };
    session.main_loop(input)
}

fn say(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

impl Session {
    fn players(&self) -> [&'static str; 2] {
        self.options.players.map(|k| match k {
            PlayerKind::Human => "you",
            PlayerKind::Computer => "computer",
        })
    }

    fn draw(&self) {
        print!(
            "\n{}",
            view::render(
                &self.game,
                self.last,
                &self.captured,
                self.players(),
                self.style
            )
        );
        let _ = io::stdout().flush();
    }

    fn main_loop(&mut self, mut input: Input) -> ExitCode {
        say("6.170 Antichess. Type help for commands.");
        self.draw();
        loop {
            if let Some(outcome) = self.game.outcome() {
                if !self.announced {
                    self.announced = true;
                    say(&self.ending_text(outcome));
                    say("Type new to play again, undo, load FILE, or quit.");
                }
            } else if self.options.players[self.game.turn() as usize] == PlayerKind::Computer {
                self.computer_move();
                continue;
            }
            let legal = self.game.position().legal_move_texts();
            let side = if self.game.turn() == Color::White {
                "White"
            } else {
                "Black"
            };
            let asked = Instant::now();
            let Some(line) = input.read(&format!("{side}> "), &legal) else {
                return ExitCode::SUCCESS;
            };
            let spent = i64::try_from(asked.elapsed().as_millis()).unwrap_or(i64::MAX);
            if !self.command(line.trim(), spent) {
                return ExitCode::SUCCESS;
            }
        }
    }

    fn ending_text(&self, outcome: crate::rules::Outcome) -> String {
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let rules =
            if Ruleset::for_file(&self.options.ruleset).mate == crate::rules::MateRule::MatedWins {
                "being checkmated wins under these rules"
            } else {
                "checkmate wins under these rules"
            };
        match (outcome.reason, outcome.winner) {
            (Reason::Checkmate, Some(w)) => {
                format!(
                    "Checkmate: {} is mated; {rules}. {} wins.",
                    name(self.game.turn()),
                    name(w)
                )
            }
            (Reason::PiecesLost, Some(w)) => {
                format!("{} has lost every piece but the king and wins.", name(w))
            }
            (Reason::TimeExpired, Some(w)) => {
                format!("{} ran out of time. {} wins.", name(w.other()), name(w))
            }
            (Reason::Stalemate, _) | (_, None) => "Stalemate: the game is drawn.".to_string(),
        }
    }

    /// Handles one line; returns false to quit.
    fn command(&mut self, line: &str, spent_ms: i64) -> bool {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return true;
        };
        let arg = words.next();
        match word {
            "quit" | "exit" => return false,
            "help" | "?" => say(HELP),
            "flip" => {
                self.style.flipped = !self.style.flipped;
                self.draw();
            }
            "moves" => self.list_moves(),
            "hint" => match self.hint() {
                Some(m) => say(&format!("Hint: {m}")),
                None => say("No move to suggest: the game is over."),
            },
            "undo" => self.take_back(),
            "new" => {
                self.game = Game::new(
                    &self.options.ruleset,
                    self.options.clock_ms,
                    self.options.clock_ms,
                );
                self.reset_view();
                say("New game.");
                self.draw();
            }
            "save" => match arg {
                None => say("Usage: save FILE"),
                Some(path) => {
                    let xml = file::to_xml(&self.game.to_file());
                    match write_atomic(Path::new(path), xml.as_bytes()) {
                        Ok(()) => say(&format!("Saved to {path}.")),
                        Err(e) => say(&format!("Could not save {path}: {e}")),
                    }
                }
            },
            "load" => match arg {
                None => say("Usage: load FILE"),
                Some(path) => match file::read_path(Path::new(path)) {
                    Ok(contents) => {
                        self.game = Game::from_file(&contents);
                        self.reset_view();
                        say(&format!("Loaded {path}."));
                        self.draw();
                    }
                    Err(e) => say(&format!("Could not load {path}: {e}")),
                },
            },
            text => self.human_move(text, spent_ms),
        }
        true
    }

    fn reset_view(&mut self) {
        self.last = None;
        self.captured.clear();
        self.undo.clear();
        self.announced = false;
        self.engine.clear();
    }

    fn list_moves(&self) {
        if self.game.outcome().is_some() {
            say("The game is over.");
            return;
        }
        let moves = self.game.position().legal_move_texts();
        if self.game.position().capture_forced() {
            say(&format!("A capture is compulsory: {}", moves.join(" ")));
        } else {
            say(&format!("Legal moves: {}", moves.join(" ")));
        }
    }

    fn limits(&self, remaining: Option<i64>) -> Limits {
        Limits::for_move(self.options.depth, remaining, self.options.movetime)
    }

    fn hint(&mut self) -> Option<Move> {
        if self.game.outcome().is_some() {
            return None;
        }
        let limits = self.limits(None);
        let pos = *self.game.position();
        self.engine.search(&pos, &limits, |_| {}).map(|r| r.best)
    }

    fn take_back(&mut self) {
        // Back to the last position where a human was to move, before one
        // of their moves.
        let mut restored = None;
        while let Some(s) = self.undo.pop() {
            let human = self.options.players[s.game.turn() as usize] == PlayerKind::Human;
            restored = Some(s);
            if human {
                break;
            }
        }
        match restored {
            Some(s) => {
                self.game = s.game;
                self.last = s.last;
                self.captured = s.captured;
                self.announced = false;
                say("Taken back.");
                self.draw();
            }
            None => say("Nothing to take back."),
        }
    }

    /// Plays a move, keeping what `undo` needs.
    fn play(&mut self, m: Move, spent_ms: i64) {
        self.undo.push(Snapshot {
            game: self.game.clone(),
            last: self.last,
            captured: self.captured.clone(),
        });
        let pos = *self.game.position();
        let before = self.game.history().len();
        self.game.play(m, spent_ms);
        if self.game.history().len() > before {
            if m.is_capture() {
                let victim_sq = if m.kind() == crate::rules::MoveKind::EnPassant {
                    Square::from_coords(m.to().file(), m.from().rank())
                } else {
                    m.to()
                };
                if let Some(p) = pos.board().piece_at(victim_sq) {
                    self.captured.push(p);
                }
            }
            self.last = Some(m);
        }
        self.draw();
    }

    fn human_move(&mut self, text: &str, spent_ms: i64) {
        if self.game.outcome().is_some() {
            say("The game is over. Type new, undo, load FILE or quit.");
            return;
        }
        let Some((from, to)) = parse_move_word(text) else {
            say(&format!(
                "Unknown command or move {text:?}. Type help for the commands."
            ));
            return;
        };
        let pos = *self.game.position();
        match pos.find_move(from, to) {
            Some(m) => self.play(m, spent_ms),
            None => say(&format!(
                "Illegal move {from}-{to}: {}.",
                explain(&pos, from, to)
            )),
        }
    }

    fn computer_move(&mut self) {
        let turn = self.game.turn();
        let remaining = self.game.clock(turn).remaining();
        let limits = self.limits(remaining);
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        spinner.set_message("thinking");
        spinner.enable_steady_tick(Duration::from_millis(100));
        let start = Instant::now();
        let pos = *self.game.position();
        let report = self.engine.search(&pos, &limits, |r| {
            spinner.set_message(format!("thinking: depth {}, {} nodes", r.depth, r.nodes));
        });
        spinner.finish_and_clear();
        let spent = i64::try_from(start.elapsed().as_millis()).unwrap_or(i64::MAX);
        match report {
            Some(r) => {
                let side = if turn == Color::White {
                    "White"
                } else {
                    "Black"
                };
                say(&format!(
                    "{side} (computer) plays {} (depth {}).",
                    r.best, r.depth
                ));
                self.play(r.best, spent);
            }
            None => self
                .game
                .adjudicate(crate::rules::Outcome::draw(Reason::Stalemate)),
        }
    }
}

/// A move as `e2-e4` or `e2e4`.
fn parse_move_word(text: &str) -> Option<(Square, Square)> {
    let b = text.as_bytes();
    let (f1, r1, f2, r2) = match b {
        [a, b2, b'-', c, d] | [a, b2, c, d] => (*a, *b2, *c, *d),
        _ => return None,
    };
    Some((parse_square(f1, r1)?, parse_square(f2, r2)?))
}

/// Why `from`-`to` is not a legal move, in a few words.
pub fn explain(pos: &Position, from: Square, to: Square) -> String {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return format!("there is no piece on {from}");
    };
    if piece.color != pos.turn() {
        return format!("the piece on {from} is not yours");
    }
    let unforced = pos.legal_moves_ignoring_forced_capture();
    if unforced.iter().any(|m| m.from() == from && m.to() == to) {
        let captures = pos.legal_move_texts();
        return format!(
            "a capture is compulsory: you must play one of {}",
            captures.join(", ")
        );
    }
    let name = format!("{:?}", piece.role).to_lowercase();
    if piece.role == Role::King && from.distance(to) == 2 && from.rank() == to.rank() {
        return "castling is not possible here (these rules, a lost right, a piece in the way, or an attacked square)".to_string();
    }
    // Without our kings nothing is in check: a move legal there is one that
    // only king safety forbids.
    let mut no_kings = *board;
    for k in board.by_piece(pos.turn(), Role::King) {
        no_kings.remove(k);
    }
    let free = Position::from_parts(
        no_kings,
        pos.turn(),
        pos.castling_rights(),
        pos.ep_square(),
        pos.ruleset(),
    );
    if free
        .legal_moves_ignoring_forced_capture()
        .iter()
        .any(|m| m.from() == from && m.to() == to)
    {
        return "it would leave your king in check".to_string();
    }
    if board.by_role(Role::King).contains(to) {
        return "a king can never be captured".to_string();
    }
    format!("a {name} on {from} cannot move to {to}")
}
