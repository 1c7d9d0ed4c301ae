//! The TextUI state machine: one command in, the protocol's answer out.

use std::path::Path;
use std::time::{Duration, Instant};

use shakmaty::ByColor;

use super::command::{Command, GameCommand, Line, parse_line};
use super::computer::{Computer, Playable};
use super::uci_player::UciFailure;
use crate::connect;
use crate::file::{self, SavedGame};
use crate::game::{Game, PlayerKind, Rules, elapsed_ms};
use crate::rules::{Outcome, Position, wording};
use crate::safe_write::write_atomic;
use crate::search::DRAW_DECISION_DEPTH;
use crate::variant::Variant;

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
    /// The UCI engine of `--uci-engine` gave no move for `GetNextMove`
    /// (nothing was printed for it), and why.
    pub failure: Option<UciFailure>,
}

impl Reply {
    fn line(&mut self, line: impl std::fmt::Display) {
        use std::fmt::Write;
        let _ = writeln!(self.text, "{line}");
    }
}

/// A game under way, of either kind.
enum Table {
    Antichess(Active<Position>),
    Connect(Active<connect::Position>),
}

struct Active<R: Rules> {
    game: Game<R>,
    players: ByColor<PlayerKind>,
    /// The computer's chosen move for the current turn.
    pending: Option<R::Move>,
}

impl<R: Playable> Active<R> {
    fn new(game: Game<R>, players: ByColor<PlayerKind>) -> Active<R> {
        Active {
            game,
            players,
            pending: None,
        }
    }

    /// The result line of a finished game.
    fn result_line(&self) -> Option<String> {
        let outcome = self.game.outcome()?;
        Some(R::result_line(&self.game, outcome))
    }
}

impl Table {
    fn players(&self) -> ByColor<PlayerKind> {
        match self {
            Table::Antichess(a) => a.players,
            Table::Connect(a) => a.players,
        }
    }
}

/// A TextUI session.
///
/// ```
/// use antichess::textui::{Session, EngineOptions};
/// let mut s = Session::new(EngineOptions::default());
/// assert_eq!(s.handle_line(b"PrintAllMoves").text, "Input error\n");
/// assert_eq!(s.handle_line(b"StartNewGame human 0 human 0").text, "New game started\n");
/// assert_eq!(s.handle_line(b"MakeMove e2-e3 5").text, "e2-e3\n");
/// assert_eq!(s.handle_line(b"StartNewGame human 0 human 0 connect-4-7-6").text, "New game started\n");
/// assert_eq!(s.handle_line(b"MakeMove d 5").text, "d1\n");
/// ```
pub struct Session {
    table: Option<Table>,
    computer: Computer,
    options: EngineOptions,
}

const INPUT_ERROR: &str = "Input error";

impl Session {
    /// A session with no game.
    pub fn new(options: EngineOptions) -> Session {
        Session {
            table: None,
            computer: Computer::new(&options),
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
        if let Some(Table::Antichess(a)) = &self.table {
            debug_assert!(crate::audit::Audit::audit_errors(&a.game).is_empty());
            crate::audit::log("Game", &a.game);
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
                let players = ByColor { white, black };
                self.table = Some(match Variant::from_name(&ruleset) {
                    Some(Variant::Connect(shape)) => Table::Connect(Active::new(
                        Game::connect(&ruleset, shape, white_ms, black_ms),
                        players,
                    )),
                    _ => Table::Antichess(Active::new(
                        Game::new(&ruleset, white_ms, black_ms),
                        players,
                    )),
                });
                self.computer.clear();
                reply.line("New game started");
            }
            Command::LoadGame(path) => self.load(&path, reply),
            Command::Game(cmd) => {
                let ended = match self.table.as_mut() {
                    None => {
                        reply.line(INPUT_ERROR);
                        false
                    }
                    Some(Table::Antichess(a)) => {
                        a.execute(cmd, &mut self.computer, &self.options, reply)
                    }
                    Some(Table::Connect(a)) => {
                        a.execute(cmd, &mut self.computer, &self.options, reply)
                    }
                };
                if ended {
                    self.table = None;
                }
            }
        }
    }

    /// Loads a game of either kind; the player kinds are kept.
    fn load(&mut self, path: &str, reply: &mut Reply) {
        let players = self
            .table
            .as_ref()
            .map_or(ByColor::new_with(|_| PlayerKind::Human), Table::players);
        let table = match file::read_any_path(Path::new(path)) {
            Ok(SavedGame::Antichess(f)) => match Game::from_file(&f) {
                Ok(game) => Table::Antichess(Active::new(game, players)),
                Err(_) => {
                    reply.line("Corrupt file");
                    return;
                }
            },
            Ok(SavedGame::Connect(f)) => {
                Table::Connect(Active::new(Game::from_connect_file(&f), players))
            }
            Err(_) => {
                reply.line("Corrupt file");
                return;
            }
        };
        reply.line("Game loaded");
        self.computer.clear();
        let result = match &table {
            Table::Antichess(a) => a.result_line(),
            Table::Connect(a) => a.result_line(),
        };
        match result {
            Some(line) => {
                reply.line(line);
                self.table = None;
            }
            None => self.table = Some(table),
        }
    }
}

/// The commands only chess has: `GetStatus`, `ClaimDraw`, `OfferDraw` and
/// `AcceptDraw`. Returns the outcome if the game ended.
fn chess_command(
    cmd: &GameCommand,
    game: &mut Game,
    players: ByColor<PlayerKind>,
    computer: &mut Computer,
    options: &EngineOptions,
    reply: &mut Reply,
) -> Option<Outcome> {
    match cmd {
        GameCommand::GetStatus => {
            let mut status = format!("{} to move", wording::side_name(game.turn()));
            if game.position().is_check() {
                status.push_str(", in check");
            }
            let claims = game.claims();
            if claims.any() {
                status.push_str(&format!(", draw claimable ({claims})"));
            }
            if game.draw_offer().is_some() {
                status.push_str(", draw offered");
            }
            reply.line(status);
            None
        }
        GameCommand::ClaimDraw => {
            let outcome = game.claim_draw();
            if outcome.is_none() {
                reply.line("No draw to claim");
            }
            outcome
        }
        GameCommand::OfferDraw => {
            let offerer = game.turn();
            if *players.get(offerer.other()) == PlayerKind::Human {
                game.offer_draw(offerer);
                reply.line("Draw offered");
                return None;
            }
            let depth = options.depth.unwrap_or(DRAW_DECISION_DEPTH);
            if computer.accepts_draw(game, depth) {
                reply.line("Draw accepted");
                game.offer_draw(offerer);
                game.accept_draw()
            } else {
                reply.line("Draw declined");
                None
            }
        }
        _ => {
            let outcome = game.accept_draw();
            if outcome.is_none() {
                reply.line("No draw offer");
            }
            outcome
        }
    }
}

impl<R: Playable> Active<R> {
    /// Runs a command that needs a game; returns whether the game ended.
    fn execute(
        &mut self,
        cmd: GameCommand,
        computer: &mut Computer,
        options: &EngineOptions,
        reply: &mut Reply,
    ) -> bool {
        let game = &mut self.game;
        let outcome: Option<Outcome> = match cmd {
            GameCommand::SaveGame(path) => {
                match write_atomic(Path::new(&path), R::to_xml(game).as_bytes()) {
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
                    reply.line(game.move_text(m));
                    None
                } else {
                    let start = Instant::now();
                    let remaining = game.clock(game.turn()).remaining();
                    let choice = R::think(game, computer, remaining, options);
                    let spent = elapsed_ms(start);
                    match game.charge(spent) {
                        Some(outcome) => Some(outcome),
                        None => {
                            match choice {
                                Ok(Some(m)) => {
                                    self.pending = Some(m);
                                    reply.line(game.move_text(m));
                                }
                                Ok(None) => {}
                                Err(failure) => reply.failure = Some(failure),
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
                    reply.line(game.move_text(m));
                    game.play(m, 0)
                } else {
                    reply.line("First GetNextMove");
                    None
                }
            }
            GameCommand::MakeMove { text, ms } => match game.read_move(&text) {
                Err(_) => {
                    reply.line(INPUT_ERROR);
                    None
                }
                Ok(_) if *self.players.get(game.turn()) == PlayerKind::Computer => None,
                Ok(Some(m)) => {
                    let move_text = game.move_text(m);
                    let before = game.history().len();
                    let outcome = game.play(m, ms);
                    if game.history().len() > before {
                        reply.line(move_text);
                    }
                    outcome
                }
                Ok(None) => {
                    reply.line("Illegal move");
                    None
                }
            },
            GameCommand::PrintBoard => {
                reply.text.push_str(&R::to_xml(game));
                None
            }
            GameCommand::IsLegalMove(text) => {
                match game.read_move(&text) {
                    Err(_) => reply.line(INPUT_ERROR),
                    Ok(Some(_)) => reply.line("legal"),
                    Ok(None) => reply.line("illegal"),
                }
                None
            }
            GameCommand::PrintAllMoves => {
                for m in game.legal_move_texts() {
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
            GameCommand::GetStatus
            | GameCommand::ClaimDraw
            | GameCommand::OfferDraw
            | GameCommand::AcceptDraw => match R::as_chess(game) {
                None => {
                    reply.line(INPUT_ERROR);
                    None
                }
                Some(chess) => chess_command(&cmd, chess, self.players, computer, options, reply),
            },
        };
        if let Some(outcome) = outcome {
            reply.line(R::result_line(game, outcome));
            return true;
        }
        false
    }
}
