//! The TextUI state machine: one command in, the protocol's answer out.

use std::path::Path;
use std::time::{Duration, Instant};

use shakmaty::ByColor;

use super::command::{Command, GameCommand, Line, parse_line};
use crate::file;
use crate::game::{Game, PlayerKind};
use crate::rules::{Move, Outcome};
use crate::safe_write::write_atomic;
use crate::search::{Engine, Limits};

use super::uci_player::UciPlayer;

/// Who makes the computer's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// The alpha-beta engine.
    #[default]
    Engine,
    /// A uniformly random legal move (a baseline opponent).
    Random,
    /// The first legal move in `PrintAllMoves` order (a baseline opponent).
    First,
}

/// How the computer player thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// A UCI engine to ask instead of the built-in engine (a command line),
    /// and the `UCI_Variant` to give it (default: the game's ruleset name).
    pub uci_engine: Option<(String, Option<String>)>,
    /// Who makes the moves.
    pub style: Style,
    /// Fixed search depth: with an unlimited clock the move is then fully
    /// reproducible (no time limit applies).
    pub depth: Option<u32>,
    /// Fixed thinking time per move (still within the clock).
    pub movetime: Option<Duration>,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads (lazy SMP); more than one makes moves irreproducible.
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            uci_engine: None,
            style: Style::Engine,
            depth: None,
            movetime: None,
            hash_mb: 64,
            threads: 1,
        }
    }
}

/// The answer to one line: the text to print (each line ending in `\n`,
/// possibly empty) and whether the program should exit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// What to print.
    pub text: String,
    /// `QuitGame` was accepted.
    pub quit: bool,
}

impl Reply {
    fn line(&mut self, line: impl std::fmt::Display) {
        use std::fmt::Write;
        let _ = writeln!(self.text, "{line}");
    }
}

struct Active {
    game: Game,
    players: ByColor<PlayerKind>,
    /// The computer's chosen move for the current turn.
    pending: Option<Move>,
}

/// A TextUI session.
///
/// ```
/// use antichess::textui::{Session, EngineOptions};
/// let mut s = Session::new(EngineOptions::default());
/// assert_eq!(s.handle_line(b"PrintAllMoves").text, "Input error\n");
/// assert_eq!(s.handle_line(b"StartNewGame human 0 human 0").text, "New game started\n");
/// assert_eq!(s.handle_line(b"MakeMove e2-e3 5").text, "e2-e3\n");
/// ```
pub struct Session {
    active: Option<Active>,
    engine: Engine,
    uci: Option<UciPlayer>,
    options: EngineOptions,
}

const INPUT_ERROR: &str = "Input error";

impl Session {
    /// A session with no game.
    pub fn new(options: EngineOptions) -> Session {
        Session {
            active: None,
            engine: Engine::with_threads(options.hash_mb, options.threads),
            uci: options
                .uci_engine
                .as_ref()
                .map(|(cmd, variant)| UciPlayer::new(cmd, variant.as_deref())),
            options,
        }
    }

    /// Handles one input line (without its line feed).
    pub fn handle_line(&mut self, line: &[u8]) -> Reply {
        let mut reply = Reply::default();
        match parse_line(line) {
            Line::Blank => {}
            Line::Invalid => reply.line(INPUT_ERROR),
            Line::Command(cmd) => self.execute(cmd, &mut reply),
        }
        reply
    }

    fn execute(&mut self, cmd: Command, reply: &mut Reply) {
        match cmd {
            Command::StartNewGame {
                white,
                white_ms,
                black,
                black_ms,
                ruleset,
            } => {
                self.active = Some(Active {
                    game: Game::new(&ruleset, white_ms, black_ms),
                    players: ByColor { white, black },
                    pending: None,
                });
                self.engine.clear();
                reply.line("New game started");
            }
            Command::LoadGame(path) => self.load(&path, reply),
            Command::Game(other) => match self.active.as_mut() {
                None => reply.line(INPUT_ERROR),
                Some(active) => {
                    let ended = active.execute(
                        other,
                        Players {
                            engine: &mut self.engine,
                            uci: self.uci.as_mut(),
                        },
                        &self.options,
                        reply,
                    );
                    if ended {
                        self.active = None;
                    }
                }
            },
        }
    }

    fn load(&mut self, path: &str, reply: &mut Reply) {
        let Ok(contents) = file::read_path(Path::new(path)) else {
            reply.line("Corrupt file");
            return;
        };
        let game = Game::from_file(&contents);
        let players = self
            .active
            .as_ref()
            .map_or(ByColor::new_with(|_| PlayerKind::Human), |a| a.players);
        reply.line("Game loaded");
        self.engine.clear();
        if let Some(outcome) = game.outcome() {
            reply.line(outcome);
            self.active = None;
        } else {
            self.active = Some(Active {
                game,
                players,
                pending: None,
            });
        }
    }
}

impl Active {
    /// Runs a command that needs a game; returns whether the game ended.
    fn execute(
        &mut self,
        cmd: GameCommand,
        players: Players<'_>,
        options: &EngineOptions,
        reply: &mut Reply,
    ) -> bool {
        let game = &mut self.game;
        let outcome: Option<Outcome> = match cmd {
            GameCommand::SaveGame(path) => {
                let xml = file::to_xml(&game.to_file());
                match write_atomic(Path::new(&path), xml.as_bytes()) {
                    Ok(()) => reply.line("Game saved"),
                    Err(e) => reply.line(format_args!("Save failed: {e}")),
                }
                None
            }
            GameCommand::GetNextMove => {
                if *self.players.get(game.turn()) == PlayerKind::Human {
                    reply.line("Human turn");
                    None
                } else if let Some(m) = self.pending {
                    reply.line(m);
                    None
                } else {
                    let start = Instant::now();
                    let remaining = game.clock(game.turn()).remaining();
                    let choice = think(players, game, remaining, options);
                    let spent = i64::try_from(start.elapsed().as_millis()).unwrap_or(i64::MAX);
                    match game.charge(spent) {
                        Some(outcome) => Some(outcome),
                        None => {
                            if let Some(m) = choice {
                                self.pending = Some(m);
                                reply.line(m);
                            }
                            None
                        }
                    }
                }
            }
            GameCommand::MakeNextMove => {
                if *self.players.get(game.turn()) == PlayerKind::Human {
                    reply.line("Please specify human move");
                    None
                } else if let Some(m) = self.pending.take() {
                    reply.line(m);
                    game.play(m, 0)
                } else {
                    reply.line("First GetNextMove");
                    None
                }
            }
            GameCommand::MakeMove { from, to, ms } => {
                if *self.players.get(game.turn()) == PlayerKind::Computer {
                    None
                } else if let Some(m) = game.position().find_move(from, to) {
                    let before = game.history().len();
                    let outcome = game.play(m, ms);
                    if game.history().len() > before {
                        reply.line(m);
                    }
                    outcome
                } else {
                    reply.line("Illegal move");
                    None
                }
            }
            GameCommand::PrintBoard => {
                reply.text.push_str(&file::to_xml(&game.to_file()));
                None
            }
            GameCommand::IsLegalMove { from, to } => {
                let legal = game.position().find_move(from, to).is_some();
                reply.line(if legal { "legal" } else { "illegal" });
                None
            }
            GameCommand::PrintAllMoves => {
                for m in game.position().legal_move_texts() {
                    reply.line(m);
                }
                None
            }
            GameCommand::GetTime(color) => {
                match game.clock(color).remaining() {
                    Some(ms) => reply.line(ms),
                    None => reply.line("unlimited"),
                }
                None
            }
            GameCommand::QuitGame => {
                reply.line("Exiting game");
                reply.quit = true;
                None
            }
        };
        if let Some(outcome) = outcome {
            reply.line(outcome);
            return true;
        }
        false
    }
}

/// The computer's players: the built-in engine and, if configured, a UCI
/// engine (the built-in one answers when the UCI engine fails).
struct Players<'a> {
    engine: &'a mut Engine,
    uci: Option<&'a mut UciPlayer>,
}

/// The computer's move for the side to move, within its clock.
fn think(
    players: Players<'_>,
    game: &Game,
    remaining: Option<i64>,
    options: &EngineOptions,
) -> Option<Move> {
    let pos = game.position();
    let engine = players.engine;
    if let Some(uci) = players.uci {
        match uci.choose(game, remaining, options.movetime) {
            Some(m) => return Some(m),
            None => eprintln!(
                "antichess: the UCI engine gave no legal move; the built-in engine answers"
            ),
        }
    }
    match options.style {
        Style::Engine => {
            let limits = Limits::for_move(options.depth, remaining, options.movetime);
            engine.search(pos, &limits, |_| {}).map(|r| r.best)
        }
        Style::First => pos
            .legal_moves()
            .iter()
            .min_by_key(|m| m.to_string())
            .copied(),
        Style::Random => {
            let moves = pos.legal_moves();
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let pick = (u64::from(nanos) ^ pos.hash()) % moves.len().max(1) as u64;
            moves.get(pick as usize).copied()
        }
    }
}
