//! `antichess play`: a game at the terminal for people.
//!
//! The board is drawn after every move; moves are typed as `e2-e4` or
//! `e2e4` (tab completes legal moves); commands: `moves`, `hint`, `undo`,
//! `flip`, `save FILE`, `load FILE`, `new`, `help`, `quit`. When standard
//! input is not a terminal, lines are read plainly (no prompt editing), so
//! a session can be scripted.

mod input;
pub mod view;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use shakmaty::ByColor;

use crate::file;
use crate::game::{Game, PlayerKind};
use crate::rules::notation::parse_coordinates;
use crate::rules::wording::{describe, side_name};
use crate::rules::{Illegal, Move, Outcome, Position, Reason};
use crate::safe_write::write_atomic;
use crate::search::{Engine, Limits};

use input::Input;

/// How a game at the terminal is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Ruleset name.
    pub ruleset: String,
    /// Who plays White and Black.
    pub players: ByColor<PlayerKind>,
    /// Clock per side in milliseconds (0: unlimited).
    pub clock_ms: i64,
    /// Fixed thinking time for the computer.
    pub movetime: Option<Duration>,
    /// Fixed search depth for the computer (reproducible).
    pub depth: Option<u32>,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads (lazy SMP).
    pub threads: usize,
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

/// The commands, for Tab completion.
const COMMANDS: [&str; 9] = [
    "moves", "hint", "undo", "flip", "save", "load", "new", "help", "quit",
];

struct Session {
    options: PlayOptions,
    game: Game,
    /// The games before each move, for `undo`.
    undo: Vec<Game>,
    style: view::Style,
    engine: Engine,
    announced: bool,
}

/// Runs a game at the terminal until `quit` or the end of input.
pub fn run(options: PlayOptions) -> ExitCode {
    let input = Input::open(&COMMANDS);
    let mut session = Session {
        game: Game::new(&options.ruleset, options.clock_ms, options.clock_ms),
        engine: Engine::with_threads(options.hash_mb, options.threads),
        options,
        undo: Vec::new(),
        style: view::Style::detect(),
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
    fn players(&self) -> ByColor<&'static str> {
        self.options.players.map(|k| match k {
            PlayerKind::Human => "you",
            PlayerKind::Computer => "computer",
        })
    }

    fn draw(&self) {
        print!("\n{}", view::render(&self.game, self.players(), self.style));
        let _ = io::stdout().flush();
    }

    fn main_loop(&mut self, mut input: Input) -> ExitCode {
        say("6.170 Antichess. Type help for commands.");
        self.draw();
        loop {
            if let Some(outcome) = self.game.outcome() {
                if !self.announced {
                    self.announced = true;
                    say(&describe(outcome, self.game.ruleset()));
                    say("Type new to play again, undo, load FILE, or quit.");
                }
            } else if *self.options.players.get(self.game.turn()) == PlayerKind::Computer {
                self.computer_move();
                continue;
            }
            let legal = self.game.position().legal_move_texts();
            let side = side_name(self.game.turn());
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
        while let Some(game) = self.undo.pop() {
            let human = *self.options.players.get(game.turn()) == PlayerKind::Human;
            restored = Some(game);
            if human {
                break;
            }
        }
        match restored {
            Some(game) => {
                self.game = game;
                self.announced = false;
                say("Taken back.");
                self.draw();
            }
            None => say("Nothing to take back."),
        }
    }

    /// Plays a move, keeping what `undo` needs.
    fn play(&mut self, m: Move, spent_ms: i64) {
        self.undo.push(self.game.clone());
        self.game.play(m, spent_ms);
        self.draw();
    }

    fn human_move(&mut self, text: &str, spent_ms: i64) {
        if self.game.outcome().is_some() {
            say("The game is over. Type new, undo, load FILE or quit.");
            return;
        }
        let Some((from, to)) = parse_coordinates(text) else {
            say(&format!(
                "Unknown command or move {text:?}. Type help for the commands."
            ));
            return;
        };
        let pos = *self.game.position();
        match pos.why_illegal(from, to) {
            None => match pos.find_move(from, to) {
                Some(m) => self.play(m, spent_ms),
                None => unreachable!("why_illegal says {from}-{to} is legal"),
            },
            Some(why) => say(&format!(
                "Illegal move {from}-{to}: {}.",
                reason_text(&pos, why)
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
                say(&format!(
                    "{} (computer) plays {} (depth {}).",
                    side_name(turn),
                    r.best,
                    r.depth
                ));
                self.play(r.best, spent);
            }
            None => self.game.adjudicate(Outcome::draw(Reason::Stalemate)),
        }
    }
}

/// Why a move is illegal, in a few words.
fn reason_text(pos: &Position, why: Illegal) -> String {
    match why {
        Illegal::NoPiece(sq) => format!("there is no piece on {sq}"),
        Illegal::NotYours(sq) => format!("the piece on {sq} is not yours"),
        Illegal::CaptureCompulsory => format!(
            "a capture is compulsory: you must play one of {}",
            pos.legal_move_texts().join(", ")
        ),
        Illegal::CastlingImpossible => "castling is not possible here (these rules, a lost right, a piece in the way, or an attacked square)".to_string(),
        Illegal::KingInCheck => "it would leave your king in check".to_string(),
        Illegal::KingCapture => "a king can never be captured".to_string(),
        Illegal::CannotMove { role, from, to } => {
            format!("a {} on {from} cannot move to {to}", format!("{role:?}").to_lowercase())
        }
    }
}
