//! `antichess play`: a game at the terminal for people, of either game.
//!
//! The board is drawn after every move; moves are typed as the game reads
//! them (Tab completes legal moves); commands: `moves`, `hint`, `undo`,
//! `flip` (antichess), `save FILE`, `load FILE` (switching to whatever game
//! the file holds), `new`, `help`, `quit`. When standard input is not a
//! terminal, lines are read plainly (no prompt editing), so a session can
//! be scripted. The loop is written once; each game brings its board, its
//! move reading, its endings and its engine (`seat.rs`).

mod computer;
mod input;
mod interrupt;
mod load;
mod seats;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use shakmaty::ByColor;

use crate::game::view::{self, clock_text};
use crate::game::{
    Answerer, AnyEngine, AnyGame, DrawAnswer, EngineOptions, LegalMove, PlayerKind, Registry,
    Typed, charged_ms, offer_draw,
};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Outcome, Reason};
use crate::sys::safe_write::write_atomic;

pub(crate) use input::Input;
use interrupt::catch_interrupts;
use load::{is_pgn, load};
use seats::Seats;

/// How a game at the terminal is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Ruleset name.
    pub ruleset: String,
    /// Who plays White and Black.
    pub players: ByColor<PlayerKind>,
    /// Clock per side in milliseconds (0: unlimited).
    pub clock_ms: i64,
    /// How the computer thinks.
    pub engine: EngineOptions,
}

/// Why a session's loop ended.
enum Leave {
    /// `quit`, or the end of input.
    Quit,
    /// A file was loaded (of any game): go on with it, from its path,
    /// with the board drawn as it was.
    Switch(Box<dyn AnyGame>, String, view::Style),
}

struct PlayLoop<'a> {
    options: &'a PlayOptions,
    games: &'a Registry,
    game: Box<dyn AnyGame>,
    /// The games before each move, for `undo`.
    undo: Vec<Box<dyn AnyGame>>,
    style: view::Style,
    engine: AnyEngine,
    announced: bool,
    /// The computer's thought was stopped (Ctrl-C): it waits for `go`.
    paused: bool,
    /// Moves were made since the game was last saved, loaded or begun.
    unsaved: bool,
    /// Each side's seat, in a game of hidden information.
    seats: Option<Seats>,
}

/// A new game of `ruleset` with the clocks of the options.
fn new_game(games: &Registry, ruleset: &str, options: &PlayOptions) -> Option<Box<dyn AnyGame>> {
    games.start(ruleset, options.clock_ms.max(0), options.clock_ms.max(0))
}

/// Runs a game of the built-in games at the terminal until `quit` or the
/// end of input.
pub fn run(options: PlayOptions) -> ExitCode {
    run_with(&crate::games::builtin(), options)
}

/// Runs a game of `games` at the terminal until `quit` or the end of
/// input.
pub fn run_with(games: &Registry, options: PlayOptions) -> ExitCode {
    catch_interrupts();
    let mut input = None;
    let style = view::Style::detect();
    let mut next = new_game(games, &options.ruleset, &options)
        .map(|g| session(g, games, &options, &mut input, None, style));
    while let Some(Leave::Switch(game, path, style)) = next {
        next = Some(session(
            game,
            games,
            &options,
            &mut input,
            Some(&path),
            style,
        ));
    }
    ExitCode::SUCCESS
}

/// Plays `game` until the session ends; `loaded` names the file it came
/// from, when it came from one.
fn session(
    game: Box<dyn AnyGame>,
    games: &Registry,
    options: &PlayOptions,
    input: &mut Option<Input>,
    loaded: Option<&str>,
    style: view::Style,
) -> Leave {
    let input = input.get_or_insert_with(|| Input::open(game.commands()));
    let mut session = PlayLoop {
        seats: game
            .hidden()
            .then(|| Seats::new(game.as_ref(), options.players)),
        engine: game.engine(&options.engine),
        options,
        games,
        game,
        undo: Vec::new(),
        style,
        announced: false,
        paused: false,
        unsaved: false,
    };
    match loaded {
        None => say(&session.game.banner()),
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

impl PlayLoop<'_> {
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
            ("Date", crate::rules::pgn::today()),
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

    fn draw(&mut self) {
        if self.seats.is_some() {
            return self.draw_hidden();
        }
        print!("\n{}", self.game.render(self.players(), self.style));
        let _ = io::stdout().flush();
    }

    /// What may be typed once the game is over.
    fn way_on(&self) -> &'static str {
        if self.seats.is_some() {
            "save FILE, new or quit"
        } else {
            "new, undo, load FILE or quit"
        }
    }

    fn main_loop(&mut self, input: &mut Input) -> Leave {
        loop {
            if let Some(outcome) = self.game.outcome() {
                if !self.announced {
                    self.announced = true;
                    if self.seats.is_some() {
                        self.announce_hidden(outcome);
                    } else {
                        say(&self.game.ending(outcome));
                        say("Type new to play again, undo, load FILE, or quit.");
                    }
                }
            } else if self.computer_to_move() && !self.paused {
                if self.seats.is_some() {
                    self.computer_attempts();
                } else {
                    self.computer_move();
                }
                continue;
            }
            let legal = if self.seats.is_some() {
                self.seat_completions()
            } else {
                self.game.legal_move_texts()
            };
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
                    format!("{side} ({})> ", clock_text(Some(ms)))
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
                if self.may_quit(input) {
                    return Leave::Quit;
                }
                continue;
            };
            // A limited clock runs through the whole turn, commands and
            // all: the time of every line is charged as it comes, and a
            // clock that ran out ends the game whatever the line says.
            let mut spent = charged_ms(asked);
            if left.is_some() {
                if self.game.charge(spent).is_some() {
                    // A hidden game's reveal comes with its ending.
                    if self.seats.is_none() {
                        self.draw();
                    }
                    continue;
                }
                spent = 0;
            }
            if let Some(next) = self.command(line.trim(), spent, input) {
                return next;
            }
        }
    }

    /// Whether to quit now: at a terminal with moves not saved, only when
    /// the person says so (`quit` and Ctrl-D alike); piped, always.
    fn may_quit(&self, input: &mut Input) -> bool {
        if !(input.is_terminal() && self.unsaved) {
            return true;
        }
        let answer = input.read("Quit without saving the game (y/n)? ", &[]);
        answer.is_none_or(|a| a.trim().eq_ignore_ascii_case("y"))
    }

    /// Handles one line; returns how the session ends, if it does.
    fn command(&mut self, line: &str, spent_ms: i64, input: &mut Input) -> Option<Leave> {
        let all: Vec<&str> = line.split_whitespace().collect();
        let mut words = all.iter().copied();
        let word = words.next()?;
        let arg = words.next();
        if self.seats.is_some() && self.seat_command(&all) {
            return None;
        }
        match word {
            "quit" | "exit" if self.may_quit(input) => return Some(Leave::Quit),
            "quit" | "exit" => {}
            "go" if self.paused => self.paused = false,
            "help" | "?" => say(self.game.help()),
            "board" => self.draw(),
            "resign" if self.game.commands().contains(&"resign") => {
                if self.game.outcome().is_some() {
                    say(&format!("The game is over. Type {}.", self.way_on()));
                } else {
                    self.resign(self.game.turn());
                }
            }
            "flip" if self.game.commands().contains(&"flip") => {
                self.style.flipped = !self.style.flipped;
                self.draw();
            }
            "moves" => {
                if self.game.outcome().is_some() {
                    say("The game is over.");
                } else if let Some(square) = arg {
                    match self.game.piece_moves(square) {
                        Some(text) => say(&text),
                        None => say("Usage: moves"),
                    }
                } else {
                    say(&self.game.moves_line());
                }
            }
            "claim" | "draw" if self.game.outcome().is_some() => {
                say(&format!("The game is over. Type {}.", self.way_on()));
            }
            "claim" => match self.game.claim() {
                Some(text) if text.is_empty() => {}
                Some(text) => say(&text),
                None => self.human_move(word, spent_ms, input),
            },
            "draw" if self.game.status().is_some() => self.offer_draw(input),
            "hint" => match self.hint() {
                Some(choice) => {
                    let eval = choice.eval.map_or(String::new(), |e| format!(", {e}"));
                    say(&format!(
                        "Hint: {} (depth {}{eval}).",
                        self.game.shown(&choice.mv.text),
                        choice.depth
                    ));
                }
                None => say("No move to suggest: the game is over."),
            },
            "undo" => self.take_back(),
            "new" => {
                if let Some(game) = new_game(self.games, self.game.ruleset_name(), self.options) {
                    self.game = game;
                }
                self.reset_view();
                say("New game.");
                self.draw();
            }
            "save" => match arg {
                None => say("Usage: save FILE"),
                Some(path) => self.save(path),
            },
            "load" => match arg {
                None => say("Usage: load FILE"),
                Some(path) => match load(self.games, path, words.next()) {
                    Ok(loaded) => {
                        return Some(Leave::Switch(loaded, path.to_string(), self.style));
                    }
                    Err(e) => say(&format!("Could not load {path}: {e}")),
                },
            },
            text if self.seats.is_some() => self.human_move(text, spent_ms, input),
            text => match self.game.typed(text) {
                Typed::Promotion(base) if self.game.outcome().is_none() => {
                    if let Some(piece) = input.ask_promotion() {
                        self.human_move(&format!("{base}={piece}"), spent_ms, input);
                    }
                }
                _ => self.human_move(text, spent_ms, input),
            },
        }
        None
    }

    /// `save FILE`: PGN when the name ends so, else the game file.
    fn save(&mut self, path: &str) {
        let text = if is_pgn(path) {
            self.game.pgn(&self.pgn_tags())
        } else {
            Some(self.game.to_xml())
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

    fn reset_view(&mut self) {
        if self.seats.is_some() {
            // Each seat turns its own view; the shared style turns only
            // the reveal, afresh each game.
            self.style.flipped = false;
            self.seats = Some(Seats::new(self.game.as_ref(), self.options.players));
        }
        self.undo.clear();
        self.announced = false;
        self.paused = false;
        self.unsaved = false;
        self.engine.clear();
    }

    /// `draw`: the side to move offers a draw; the opponent answers, the
    /// computer by its search, a person at the keyboard.
    fn offer_draw(&mut self, input: &mut Input) {
        let offerer = self.game.turn();
        let computer = *self.options.players.get(offerer.other()) == PlayerKind::Computer;
        let mut ask = |question: &str| input.read(question, &[]);
        let answerer = if computer {
            Answerer::Computer(&mut self.engine)
        } else {
            Answerer::Asked(&mut ask)
        };
        let answer = offer_draw(self.game.as_mut(), &self.options.engine, answerer);
        let opponent = side_name(offerer.other());
        let who = if computer {
            format!("{opponent} (computer)")
        } else {
            opponent.to_string()
        };
        if answer == DrawAnswer::Accepted {
            say(&format!("{who} accepts the draw."));
        } else {
            say(&format!("{who} declines the draw."));
        }
    }

    /// `side` resigns (in the games that have `resign`).
    fn resign(&mut self, side: Color) {
        self.unsaved = true;
        self.game
            .adjudicate(Outcome::win(side.other(), Reason::Resignation));
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
    fn play(&mut self, m: &LegalMove, spent_ms: i64) {
        self.unsaved = true;
        self.paused = false;
        self.undo.push(self.game.clone());
        self.game.play_move(m, spent_ms);
        self.game.audit();
        self.draw();
        if self.game.outcome().is_none() {
            for note in self.game.notes() {
                say(&note);
            }
        }
    }

    fn human_move(&mut self, text: &str, spent_ms: i64, input: &mut Input) {
        if self.game.outcome().is_some() {
            say(&format!("The game is over. Type {}.", self.way_on()));
            return;
        }
        if self.computer_to_move() {
            say("It is the computer's move: type go to let it think again.");
            return;
        }
        if self.seats.is_some() {
            return self.human_attempt(text, spent_ms, input);
        }
        match self.game.typed(text) {
            Typed::Move(m) => self.play(&m, spent_ms),
            Typed::Illegal(why) => say(&why.to_string()),
            Typed::Promotion(base) => say(&format!("{base}: say which piece, as in {base}=Q.")),
            Typed::Unknown => say(&format!(
                "Unknown command or move {text:?}. Type help for the commands."
            )),
        }
    }
}
