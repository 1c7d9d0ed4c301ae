//! `antichess play`: a game at the terminal for people, of either game.
//!
//! The board is drawn after every move; moves are typed as the game reads
//! them (Tab completes legal moves); commands: `moves`, `hint`, `undo`,
//! `flip` (antichess), `save FILE`, `load FILE` (switching to whatever game
//! the file holds), `new`, `help`, `quit`. When standard input is not a
//! terminal, lines are read plainly (no prompt editing), so a session can
//! be scripted. The loop is written once; each game brings its board, its
//! move reading, its endings and its engine (`seat.rs`).

mod antichess;
mod chess;
mod connect;
mod input;
mod interrupt;
mod load;
mod seat;
pub mod view;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use shakmaty::ByColor;

use crate::game::{Game, PlayerKind, charged_ms};
use crate::rules::wording::side_name;
use crate::rules::{Outcome, Position, Reason};
use crate::safe_write::write_atomic;
use crate::variant::Variant;

pub(crate) use input::Input;
use interrupt::{STOPPED, THINKING, catch_interrupts};
use load::{Loaded, is_pgn, load};
use seat::{Choice, Seat, Thinking, Typed};

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

/// Why a session's loop ended.
enum Next {
    /// `quit`, or the end of input.
    Quit,
    /// A file was loaded (of either game): go on with it, from its path,
    /// with the board drawn as it was.
    Switch(Box<Loaded>, String, view::Style),
}

struct Session<'a, R: Seat> {
    options: &'a PlayOptions,
    thinking: Thinking,
    game: Game<R>,
    /// The games before each move, for `undo`.
    undo: Vec<Game<R>>,
    style: view::Style,
    engine: R::Engine,
    announced: bool,
    /// The computer's thought was stopped (Ctrl-C): it waits for `go`.
    paused: bool,
    /// Moves were made since the game was last saved, loaded or begun.
    unsaved: bool,
}

/// A new game of `ruleset` with the clocks of the options.
fn new_game<R: Seat>(ruleset: &str, options: &PlayOptions) -> Option<Game<R>> {
    let mut game = R::start(ruleset)?;
    if options.clock_ms > 0 {
        game.restart_clocks(options.clock_ms, options.clock_ms);
    }
    Some(game)
}

/// Runs a game at the terminal until `quit` or the end of input.
pub fn run(options: PlayOptions) -> ExitCode {
    catch_interrupts();
    let mut input = None;
    let style = view::Style::detect();
    let mut next = match Variant::from_name(&options.ruleset) {
        Some(Variant::Connect(_)) => {
            new_game::<crate::connect::Position>(&options.ruleset, &options)
                .map(|g| session(g, &options, &mut input, None, style))
        }
        _ => new_game::<Position>(&options.ruleset, &options)
            .map(|g| session(g, &options, &mut input, None, style)),
    };
    while let Some(Next::Switch(saved, path, style)) = next {
        let from = Some(path.as_str());
        next = Some(match *saved {
            Loaded::Antichess(game) => session(game, &options, &mut input, from, style),
            Loaded::Connect(game) => session(game, &options, &mut input, from, style),
        });
    }
    ExitCode::SUCCESS
}

/// Plays `game` until the session ends; `loaded` names the file it came
/// from, when it came from one.
fn session<R: Seat>(
    game: Game<R>,
    options: &PlayOptions,
    input: &mut Option<Input>,
    loaded: Option<&str>,
    style: view::Style,
) -> Next {
    let thinking = Thinking {
        depth: options.depth,
        movetime: options.movetime,
        hash_mb: options.hash_mb,
        threads: options.threads,
    };
    let input = input.get_or_insert_with(|| Input::open(R::commands()));
    let mut session = Session {
        engine: R::engine(&game, &thinking),
        thinking,
        options,
        game,
        undo: Vec::new(),
        style,
        announced: false,
        paused: false,
        unsaved: false,
    };
    match loaded {
        None => say(&R::banner(&session.game)),
        Some(path) => say(&format!("Loaded {path}.")),
    }
    session.draw();
    session.main_loop(input)
}

fn say(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

impl<R: Seat> Session<'_, R> {
    /// The tags of a game saved as PGN from `play`.
    fn pgn_tags(&self) -> Vec<(&'static str, String)> {
        let name = |kind: PlayerKind| match kind {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer => format!("antichess {}", env!("CARGO_PKG_VERSION")),
        };
        let site = std::env::var("HOSTNAME")
            .ok()
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "?".to_string());
        vec![
            ("Event", "antichess play".to_string()),
            ("Site", site),
            ("Date", crate::pgn::today()),
            ("Round", "-".to_string()),
            ("White", name(self.options.players.white)),
            ("Black", name(self.options.players.black)),
        ]
    }

    fn players(&self) -> ByColor<&'static str> {
        self.options.players.map(|k| match k {
            PlayerKind::Human => "you",
            PlayerKind::Computer => "computer",
        })
    }

    fn draw(&self) {
        print!("\n{}", R::render(&self.game, self.players(), self.style));
        let _ = io::stdout().flush();
    }

    fn main_loop(&mut self, input: &mut Input) -> Next {
        loop {
            if let Some(outcome) = self.game.outcome() {
                if !self.announced {
                    self.announced = true;
                    say(&R::ending(&self.game, outcome));
                    say("Type new to play again, undo, load FILE, or quit.");
                }
            } else if self.computer_to_move() && !self.paused {
                self.computer_move();
                continue;
            }
            let legal = self.game.legal_move_texts();
            let turn = self.game.turn();
            let side = side_name(turn);
            let asked = Instant::now();
            // On a clock, the prompt says the time left (at a terminal),
            // and its running out is told when it happens.
            let left = self
                .game
                .clock(turn)
                .remaining()
                .filter(|_| self.game.outcome().is_none());
            let prompt = match left {
                Some(ms) if input.is_terminal() => {
                    format!("{side} ({})> ", view::clock_text(Some(ms)))
                }
                _ => format!("{side}> "),
            };
            let alarm = left.map(|ms| {
                let winner = side_name(turn.other());
                (
                    Duration::from_millis(ms.max(0) as u64),
                    format!("{side}'s time has run out: {winner} wins on time. (Press Enter.)"),
                )
            });
            let Some(line) = input.read_on_clock(&prompt, &legal, alarm) else {
                // Ctrl-D at a terminal with moves not saved asks first.
                if input.is_terminal() && self.unsaved {
                    let answer = input.read("Quit without saving the game (y/n)? ", &[]);
                    if answer.is_some_and(|a| !a.trim().eq_ignore_ascii_case("y")) {
                        continue;
                    }
                }
                return Next::Quit;
            };
            // A limited clock runs through the whole turn, commands and
            // all: the time of every line is charged as it comes, and a
            // clock that ran out ends the game whatever the line says.
            let mut spent = charged_ms(asked);
            if left.is_some() {
                if self.game.charge(spent).is_some() {
                    self.draw();
                    continue;
                }
                spent = 0;
            }
            if let Some(next) = self.command(line.trim(), spent, input) {
                return next;
            }
        }
    }

    /// Handles one line; returns how the session ends, if it does.
    fn command(&mut self, line: &str, spent_ms: i64, input: &mut Input) -> Option<Next> {
        let mut words = line.split_whitespace();
        let word = words.next()?;
        let arg = words.next();
        match word {
            "quit" | "exit" => return Some(Next::Quit),
            "go" if self.paused => self.paused = false,
            "help" | "?" => say(R::help(&self.game)),
            "flip" if R::commands().contains(&"flip") => {
                self.style.flipped = !self.style.flipped;
                self.draw();
            }
            "moves" => {
                if self.game.outcome().is_some() {
                    say("The game is over.");
                } else if let Some(square) = arg {
                    match R::piece_moves(&self.game, square) {
                        Some(text) => say(&text),
                        None => say("Usage: moves"),
                    }
                } else {
                    say(&R::moves_line(&self.game));
                }
            }
            "claim" | "draw" if self.game.outcome().is_some() => {
                say("The game is over. Type new, undo, load FILE or quit.");
            }
            "claim" => match R::claim(&mut self.game) {
                Some(text) if text.is_empty() => {}
                Some(text) => say(&text),
                None => self.human_move(word, spent_ms),
            },
            "draw" => {
                let opponent = *self.options.players.get(self.game.turn().other());
                let mut ask = |question: &str| input.read(question, &[]);
                match R::offer_draw(
                    &mut self.game,
                    &mut self.engine,
                    opponent == PlayerKind::Computer,
                    &mut ask,
                ) {
                    Some(text) => say(&text),
                    None => self.human_move(word, spent_ms),
                }
            }
            "hint" => match self.hint() {
                Some(choice) => {
                    let eval = choice.eval.map_or(String::new(), |e| format!(", {e}"));
                    say(&format!(
                        "Hint: {} (depth {}{eval}).",
                        R::shown(&self.game, choice.mv),
                        choice.depth
                    ));
                }
                None => say("No move to suggest: the game is over."),
            },
            "undo" => self.take_back(),
            "new" => {
                if let Some(game) = new_game(self.game.ruleset_name(), self.options) {
                    self.game = game;
                }
                self.reset_view();
                say("New game.");
                self.draw();
            }
            "save" => match arg {
                None => say("Usage: save FILE"),
                Some(path) => {
                    let text = if is_pgn(path) {
                        R::pgn(&self.game, &self.pgn_tags())
                    } else {
                        Some(R::to_xml(&self.game))
                    };
                    match text.map(|t| write_atomic(Path::new(path), t.as_bytes())) {
                        Some(Ok(())) => {
                            self.unsaved = false;
                            say(&format!("Saved to {path}."));
                        }
                        Some(Err(e)) => say(&format!("Could not save {path}: {e}")),
                        None => say(&format!("Could not save {path}: PGN cannot hold this game")),
                    }
                }
            },
            "load" => match arg {
                None => say("Usage: load FILE"),
                Some(path) => match load(path, words.next()) {
                    Ok(loaded) => {
                        return Some(Next::Switch(Box::new(loaded), path.to_string(), self.style));
                    }
                    Err(e) => say(&format!("Could not load {path}: {e}")),
                },
            },
            text => match R::typed(&self.game, text) {
                Typed::Promotion(base) if self.game.outcome().is_none() => {
                    if let Some(piece) = input.ask_promotion() {
                        self.human_move(&format!("{base}={piece}"), spent_ms);
                    }
                }
                _ => self.human_move(text, spent_ms),
            },
        }
        None
    }

    fn reset_view(&mut self) {
        self.undo.clear();
        self.announced = false;
        self.paused = false;
        self.unsaved = false;
        R::clear(&mut self.engine);
    }

    fn hint(&mut self) -> Option<Choice<R::Move>> {
        if self.game.outcome().is_some() {
            return None;
        }
        R::engine_move(
            &self.game,
            &mut self.engine,
            &self.thinking,
            None,
            &mut |_, _| {},
        )
    }

    fn take_back(&mut self) {
        // Back to the last position where a human was to move, before one
        // of their moves. Without one (a game loaded with the computer to
        // move, which has moved since), nothing is taken back: going back
        // to the computer's turn would only have it play again.
        let players = self.options.players;
        let human_at = self
            .undo
            .iter()
            .rposition(|g| *players.get(g.turn()) == PlayerKind::Human);
        match human_at {
            Some(i) => {
                self.undo.truncate(i + 1);
                self.game = self.undo.pop().unwrap_or_else(|| self.game.clone());
                self.announced = false;
                self.paused = false;
                say("Taken back.");
                self.draw();
            }
            None => say("Nothing to take back."),
        }
    }

    /// Whether the computer is to move in a game in progress.
    fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && *self.options.players.get(self.game.turn()) == PlayerKind::Computer
    }

    /// Plays a move, keeping what `undo` needs.
    fn play(&mut self, m: R::Move, spent_ms: i64) {
        self.unsaved = true;
        self.paused = false;
        self.undo.push(self.game.clone());
        self.game.play(m, spent_ms);
        R::audit(&self.game);
        self.draw();
        if self.game.outcome().is_none() {
            for note in R::notes(&self.game) {
                say(&note);
            }
        }
    }

    fn human_move(&mut self, text: &str, spent_ms: i64) {
        if self.game.outcome().is_some() {
            say("The game is over. Type new, undo, load FILE or quit.");
            return;
        }
        if self.computer_to_move() {
            say("It is the computer's move: type go to let it think again.");
            return;
        }
        match R::typed(&self.game, text) {
            Typed::Move(m) => self.play(m, spent_ms),
            Typed::Illegal(why) => say(&why),
            Typed::Promotion(base) => say(&format!("{base}: say which piece, as in {base}=Q.")),
            Typed::Unknown => say(&format!(
                "Unknown command or move {text:?}. Type help for the commands."
            )),
        }
    }

    fn computer_move(&mut self) {
        if let Some(text) = R::computer_claim(&mut self.game, &mut self.engine, &self.thinking) {
            say(&text);
            return;
        }
        let turn = self.game.turn();
        let remaining = self.game.clock(turn).remaining();
        // Ctrl-C halts the search from before the player sees it start.
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = R::halt(&self.engine);
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        spinner.set_message("thinking");
        spinner.enable_steady_tick(Duration::from_millis(100));
        let start = Instant::now();
        let chosen = R::engine_move(
            &self.game,
            &mut self.engine,
            &self.thinking,
            remaining,
            &mut |depth, nodes| {
                spinner.set_message(format!("thinking: depth {depth}, {nodes} nodes"));
            },
        );
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = None;
        spinner.finish_and_clear();
        let spent = charged_ms(start);
        if STOPPED.swap(false, Ordering::Relaxed) {
            if let Some(halt) = R::halt(&self.engine) {
                halt.store(false, Ordering::Relaxed);
            }
            self.paused = true;
            say("Stopped thinking. Type go to let the computer move, or undo, save FILE, quit.");
            return;
        }
        match chosen {
            Some(choice) => {
                say(&format!(
                    "{} (computer) plays {} (depth {}).",
                    side_name(turn),
                    R::shown(&self.game, choice.mv),
                    choice.depth
                ));
                self.play(choice.mv, spent);
            }
            None => self.game.adjudicate(Outcome::draw(Reason::Stalemate)),
        }
    }
}
