//! The TextUI state machine: one command in, the protocol's answer out.
//! Every game is driven the same way, through the registry and
//! [`AnyGame`]; the draw commands answer `Input error` in games without
//! draw offers.

use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use shakmaty::ByColor;

use super::command::{Command, GameCommand, Parsed, parse_line};
use crate::game::{
    Answerer, AnyEngine, AnyGame, Attempted, DrawAnswer, EngineFailure, EngineOptions, LegalMove,
    PlayerKind, Registry, Strategy, elapsed_ms, offer_draw,
};
use crate::rules::chess::Outcome;
use crate::sys::safe_write::write_atomic;

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
    pub failure: Option<EngineFailure>,
}

impl Reply {
    fn line(&mut self, line: impl std::fmt::Display) {
        use std::fmt::Write;
        let _ = writeln!(self.text, "{line}");
    }
}

/// A game under way and who plays it.
struct Active {
    game: Box<dyn AnyGame>,
    players: ByColor<PlayerKind>,
    /// The computer's chosen move for the current turn.
    pending: Option<LegalMove>,
    /// What the clock of the side that had just moved gained in each of
    /// the last two files that gave the game under way other clocks
    /// (`take_clocks`), the latest last: a referee's increment.
    gains: [i64; 2],
}

/// A TextUI session.
///
/// ```
/// use antichess::fronts::textui::Dialog;
/// use antichess::game::EngineOptions;
/// let mut s = Dialog::new(EngineOptions::default());
/// assert_eq!(s.handle_line(b"PrintAllMoves").text, "Input error\n");
/// assert_eq!(s.handle_line(b"StartNewGame human 0 human 0").text, "New game started\n");
/// assert_eq!(s.handle_line(b"MakeMove e2-e3 5").text, "e2-e3\n");
/// assert_eq!(s.handle_line(b"StartNewGame human 0 human 0 connect-4-7-6").text, "New game started\n");
/// assert_eq!(s.handle_line(b"MakeMove d 5").text, "d1\n");
/// ```
pub struct Dialog {
    games: Registry,
    active: Option<Active>,
    /// The computer player, made by the first game that needs one and
    /// kept between games (its tables are cleared for a new game, and for
    /// a loaded one unless the file only gives the game under way other
    /// clocks).
    engine: Option<AnyEngine>,
    options: EngineOptions,
}

const INPUT_ERROR: &str = "Input error";

impl Dialog {
    /// A session with no game, for the built-in games.
    pub fn new(options: EngineOptions) -> Dialog {
        Dialog::with_games(crate::games::builtin(), options)
    }

    /// A session with no game, for the games of `games`.
    pub fn with_games(games: Registry, options: EngineOptions) -> Dialog {
        Dialog {
            games,
            active: None,
            engine: None,
            options,
        }
    }

    /// Handles one input line (without its line feed).
    pub fn handle_line(&mut self, line: &[u8]) -> Reply {
        let mut reply = Reply::default();
        match parse_line(line) {
            Parsed::Blank => {}
            Parsed::Invalid => reply.line(INPUT_ERROR),
            Parsed::Command(cmd) => self.execute(cmd, &mut reply),
        }
        if let Some(active) = &self.active {
            active.game.audit();
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
            } => match self.games.start(&ruleset, white_ms, black_ms) {
                // The TextUI shows one board to everyone: a game of hidden
                // information is not one of its games.
                Some(game) if !game.hidden() => {
                    self.active = Some(Active {
                        game,
                        players: ByColor { white, black },
                        pending: None,
                        gains: [0; 2],
                    });
                    self.clear_engine();
                    reply.line("New game started");
                }
                _ => reply.line(INPUT_ERROR),
            },
            Command::LoadGame(path) => self.load(&path, reply),
            Command::Game(cmd) => match self.active.as_mut() {
                None => reply.line(INPUT_ERROR),
                Some(active) => {
                    let ended = active.execute(cmd, &mut self.engine, &self.options, reply);
                    if ended {
                        self.active = None;
                    }
                }
            },
        }
    }

    fn clear_engine(&mut self) {
        if let Some(engine) = &mut self.engine {
            engine.clear();
        }
    }

    /// Loads a game of any kind; the player kinds are kept.
    fn load(&mut self, path: &str, reply: &mut Reply) {
        let players = self
            .active
            .as_ref()
            .map_or(ByColor::new_with(|_| PlayerKind::Human), |a| a.players);
        let Ok(game) = self.games.read_path(Path::new(path)) else {
            reply.line("Corrupt file");
            return;
        };
        reply.line("Game loaded");
        match game.outcome() {
            Some(outcome) => {
                reply.line(game.result_line(outcome));
                self.active = None;
            }
            None => {
                // The game under way in a file with other clocks (a referee
                // adding a time control's increment after each move) stays
                // the game under way with the file's clocks: it keeps what
                // a file cannot say (earlier positions for repetitions, the
                // move counters) and the engine keeps its tables. Any other
                // game replaces it and clears them.
                if let Some(active) = self.active.as_mut() {
                    let mover = active.game.turn().other();
                    let before = active.game.clock(mover).remaining();
                    if active.game.take_clocks(&*game) {
                        let after = active.game.clock(mover).remaining();
                        let gained = after.zip(before).map_or(0, |(a, b)| a.saturating_sub(b));
                        active.gains = [active.gains[1], gained];
                        active.pending = None;
                        return;
                    }
                }
                self.active = Some(Active {
                    game,
                    players,
                    pending: None,
                    gains: [0; 2],
                });
                self.clear_engine();
            }
        }
    }
}

impl Active {
    fn is_human(&self, color: crate::rules::chess::Color) -> bool {
        *self.players.get(color) == PlayerKind::Human
    }

    /// The increment the clocks gain after each move, as the last two
    /// files of the game under way with other clocks showed it (the
    /// smaller gain: a single file with more time is no increment).
    fn increment(&self) -> Option<i64> {
        let [a, b] = self.gains;
        (a > 0 && b > 0).then(|| a.min(b))
    }

    /// The computer's move: the engine's, or a baseline player's; or why
    /// the UCI engine gave none (no other engine stands in for it, so that
    /// a match records the failure as the engine's).
    fn think(
        &self,
        engine: &mut Option<AnyEngine>,
        options: &EngineOptions,
    ) -> Result<Option<LegalMove>, EngineFailure> {
        let game = &self.game;
        let remaining = game.clock(game.turn()).remaining();
        let told;
        let options = match self.increment() {
            Some(inc) => {
                told = EngineOptions {
                    increment_ms: Some(inc),
                    ..options.clone()
                };
                &told
            }
            None => options,
        };
        let legal = game.legal_move_texts();
        let pick = match options.strategy {
            Strategy::Engine => {
                let engine = engine.get_or_insert_with(|| game.engine(options));
                let computer = game.computer(engine, options);
                let choice = computer.choose(game.as_ref(), options, remaining, &mut |_, _| {})?;
                return Ok(choice.map(|c| c.mv));
            }
            Strategy::First => legal.first(),
            Strategy::Random => {
                let nanos = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let mixed = u64::from(nanos).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
                legal.get((mixed % legal.len().max(1) as u64) as usize)
            }
        };
        // The baseline's pick, in PrintAllMoves order, as the move it is.
        Ok(pick.and_then(|text| game.legal_moves().into_iter().find(|m| &m.text == text)))
    }

    /// The draw commands (`GetStatus`, `ClaimDraw`, `OfferDraw`,
    /// `AcceptDraw`), for games with draw offers. Returns the outcome if
    /// the game ended.
    fn draw_command(
        &mut self,
        cmd: &GameCommand,
        status: String,
        engine: &mut Option<AnyEngine>,
        options: &EngineOptions,
        reply: &mut Reply,
    ) -> Option<Outcome> {
        let game = &mut self.game;
        match cmd {
            GameCommand::GetStatus => {
                reply.line(status);
                None
            }
            GameCommand::ClaimDraw => {
                let outcome = game.claimable_draw();
                if outcome.is_none() {
                    reply.line("No draw to claim");
                }
                outcome
            }
            GameCommand::OfferDraw => {
                let answerer = if self.is_human(self.game.turn().other()) {
                    Answerer::Later
                } else {
                    let game = &self.game;
                    Answerer::Computer(engine.get_or_insert_with(|| game.engine(options)))
                };
                let game = &mut self.game;
                match offer_draw(game.as_mut(), options, answerer) {
                    DrawAnswer::Standing => {
                        reply.line("Draw offered");
                        None
                    }
                    DrawAnswer::Accepted => {
                        reply.line("Draw accepted");
                        game.outcome()
                    }
                    DrawAnswer::Declined => {
                        reply.line("Draw declined");
                        None
                    }
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

    /// `GetNextMove`: the computer's move (chosen once a turn), its time
    /// charged to its clock. Returns the outcome if the clock ran out.
    fn next_move(
        &mut self,
        engine: &mut Option<AnyEngine>,
        options: &EngineOptions,
        reply: &mut Reply,
    ) -> Option<Outcome> {
        if self.is_human(self.game.turn()) {
            reply.line("Human turn");
            return None;
        }
        if let Some(m) = &self.pending {
            reply.line(&m.text);
            return None;
        }
        let start = Instant::now();
        let choice = self.think(engine, options);
        let spent = elapsed_ms(start);
        if let Some(outcome) = self.game.charge(spent) {
            return Some(outcome);
        }
        match choice {
            Ok(Some(m)) => {
                reply.line(&m.text);
                self.pending = Some(m);
            }
            Ok(None) => {}
            Err(failure) => reply.failure = Some(failure),
        }
        None
    }

    /// Runs a command that needs a game; returns whether the game ended.
    fn execute(
        &mut self,
        cmd: GameCommand,
        engine: &mut Option<AnyEngine>,
        options: &EngineOptions,
        reply: &mut Reply,
    ) -> bool {
        let outcome: Option<Outcome> = match cmd {
            GameCommand::SaveGame(path) => {
                match write_atomic(Path::new(&path), self.game.to_xml().as_bytes()) {
                    Ok(()) => reply.line("Game saved"),
                    Err(e) => reply.line(format_args!("Save failed: {e}")),
                }
                None
            }
            GameCommand::GetNextMove => self.next_move(engine, options, reply),
            GameCommand::MakeNextMove => {
                if self.is_human(self.game.turn()) {
                    reply.line("Please specify human move");
                    None
                } else if let Some(m) = self.pending.take() {
                    reply.line(&m.text);
                    self.game.play_move(&m, 0).and_then(|a| a.outcome())
                } else {
                    reply.line("First GetNextMove");
                    None
                }
            }
            GameCommand::MakeMove { text, ms } => match self.game.read_move(&text) {
                Err(_) => {
                    reply.line(INPUT_ERROR);
                    None
                }
                Ok(_) if !self.is_human(self.game.turn()) => None,
                Ok(Some(m)) => match self.game.play_move(&m, ms) {
                    // Played: echoed. Late (the mover's time ran out
                    // first): not played, not echoed.
                    Some(played) => {
                        if !matches!(played, Attempted::Late { .. }) {
                            reply.line(&m.text);
                        }
                        played.outcome()
                    }
                    None => None,
                },
                Ok(None) => {
                    reply.line("Illegal move");
                    None
                }
            },
            GameCommand::PrintBoard => {
                reply.text.push_str(&self.game.to_xml());
                None
            }
            GameCommand::IsLegalMove(text) => {
                match self.game.read_move(&text) {
                    Err(_) => reply.line(INPUT_ERROR),
                    Ok(Some(_)) => reply.line("legal"),
                    Ok(None) => reply.line("illegal"),
                }
                None
            }
            GameCommand::PrintAllMoves => {
                for m in self.game.legal_move_texts() {
                    reply.line(m);
                }
                None
            }
            GameCommand::GetTime(color) => {
                match self.game.clock(color).remaining() {
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
            | GameCommand::AcceptDraw => match self.game.status() {
                None => {
                    reply.line(INPUT_ERROR);
                    None
                }
                Some(status) => self.draw_command(&cmd, status, engine, options, reply),
            },
        };
        if let Some(outcome) = outcome {
            reply.line(self.game.result_line(outcome));
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ruleset no game of the registry takes is an `Input error`, and
    /// the game in progress goes on.
    #[test]
    fn unknown_rulesets_are_input_errors() {
        let mut s = Dialog::new(EngineOptions::default());
        assert_eq!(
            s.handle_line(b"StartNewGame human 0 human 0").text,
            "New game started\n"
        );
        for bad in [
            &b"StartNewGame human 0 computer 5 Chess"[..],
            b"StartNewGame human 0 computer 5 connect-04-7-6",
        ] {
            assert_eq!(s.handle_line(bad).text, "Input error\n");
        }
        assert_eq!(s.handle_line(b"MakeMove e2-e3 5").text, "e2-e3\n");
    }

    /// A game takes the clocks of a file that is itself with other clocks
    /// (and the times kept with its moves), and nothing from another move,
    /// another ruleset or another game.
    #[test]
    fn only_the_same_game_gives_its_clocks() {
        use crate::rules::chess::Color;
        let games = crate::games::builtin();
        let mut a = games.start("6170-spring-2007", 10_000, 10_000).unwrap();
        a.attempt("e2-e3", 300).unwrap();
        let mut b = a.boxed_clone();
        b.credit(Color::White, 100);
        assert!(a.take_clocks(&*b));
        assert_eq!(a.clock(Color::White).remaining(), Some(9_800));
        assert_eq!(a.to_xml(), b.to_xml());
        let before = a.to_xml();
        b.attempt("e7-e6", 10).unwrap();
        assert!(!a.take_clocks(&*b));
        let mut c = games.start("chess", 10_000, 10_000).unwrap();
        c.attempt("e2-e3", 300).unwrap();
        assert!(!a.take_clocks(&*c));
        let fresh = games.start("6170-spring-2007", 5_000, 5_000).unwrap();
        assert!(!a.take_clocks(&*fresh));
        assert_eq!(a.to_xml(), before);
    }

    /// A game file that only gives the game under way other clocks (a
    /// referee's increment) leaves the game under way in place with the
    /// file's clocks, so a repetition from before the load still counts;
    /// the same file loaded afresh starts counting at its position.
    #[test]
    fn a_file_with_other_clocks_keeps_the_game_under_way() {
        let dir = std::env::temp_dir().join(format!("antichess-clocks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let board = dir.join("board.xml");
        // Kings and knights only: the history does not replay from the
        // start, so the game is built from the board.
        std::fs::write(
            &board,
            concat!(
                "<game ruleset=\"chess\"><time timed=\"true\" initWhite=\"60000\" ",
                "initBlack=\"60000\" currentWhite=\"60000\" currentBlack=\"60000\" />",
                "<moveHistory /><pieces>",
                "<square id=\"e8\" side=\"black\" piece=\"king\" />",
                "<square id=\"g8\" side=\"black\" piece=\"knight\" />",
                "<square id=\"e1\" side=\"white\" piece=\"king\" />",
                "<square id=\"g1\" side=\"white\" piece=\"knight\" />",
                "</pieces></game>"
            ),
        )
        .unwrap();
        let mut s = Dialog::new(EngineOptions::default());
        let line = |s: &mut Dialog, text: String| s.handle_line(text.as_bytes()).text;
        assert_eq!(
            line(&mut s, format!("LoadGame {}", board.display())),
            "Game loaded\n"
        );
        for m in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"].repeat(2) {
            assert_eq!(line(&mut s, format!("MakeMove {m} 1000")), format!("{m}\n"));
        }
        let saved = dir.join("saved.xml");
        assert_eq!(
            line(&mut s, format!("SaveGame {}", saved.display())),
            "Game saved\n"
        );
        let text = std::fs::read_to_string(&saved).unwrap();
        let retimed = dir.join("retimed.xml");
        std::fs::write(
            &retimed,
            text.replace("currentWhite=\"56000\"", "currentWhite=\"56100\""),
        )
        .unwrap();
        assert_ne!(std::fs::read_to_string(&retimed).unwrap(), text);
        assert_eq!(
            line(&mut s, format!("LoadGame {}", retimed.display())),
            "Game loaded\n"
        );
        assert_eq!(
            line(&mut s, format!("SaveGame {}", saved.display())),
            "Game saved\n"
        );
        assert_eq!(
            std::fs::read_to_string(&saved).unwrap(),
            std::fs::read_to_string(&retimed).unwrap()
        );
        let claim = line(&mut s, "ClaimDraw".to_string());
        assert_eq!(claim, "Game ended in a draw: threefold repetition\n");
        // Loaded in a new session, the same file's position has occurred once.
        let mut fresh = Dialog::new(EngineOptions::default());
        assert_eq!(
            line(&mut fresh, format!("LoadGame {}", retimed.display())),
            "Game loaded\n"
        );
        assert_eq!(
            line(&mut fresh, "ClaimDraw".to_string()),
            "No draw to claim\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Two files in a row that give the side that had just moved more time
    /// on the game under way are an increment, the smaller of the two
    /// gains; another game forgets it.
    #[test]
    fn an_increment_is_learnt_from_two_files() {
        let dir = std::env::temp_dir().join(format!("antichess-increment-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.xml");
        let mut s = Dialog::new(EngineOptions::default());
        let line = |s: &mut Dialog, text: String| s.handle_line(text.as_bytes()).text;
        let increment = |s: &Dialog| s.active.as_ref().and_then(Active::increment);
        assert_eq!(
            line(&mut s, "StartNewGame human 10000 human 10000 chess".into()),
            "New game started\n"
        );
        // Each move, then the file with the mover's clock given `gain` more.
        let play = |s: &mut Dialog, m: &str, attribute: &str, left: i64, gain: i64| {
            assert_eq!(line(s, format!("MakeMove {m} 100")), format!("{m}\n"));
            assert_eq!(
                line(s, format!("SaveGame {}", file.display())),
                "Game saved\n"
            );
            let text = std::fs::read_to_string(&file).unwrap();
            let (from, to) = (
                format!("{attribute}=\"{left}\""),
                format!("{attribute}=\"{}\"", left + gain),
            );
            assert!(text.contains(&from), "{text}");
            std::fs::write(&file, text.replace(&from, &to)).unwrap();
            assert_eq!(
                line(s, format!("LoadGame {}", file.display())),
                "Game loaded\n"
            );
        };
        play(&mut s, "e2-e4", "currentWhite", 9_900, 100);
        assert_eq!(increment(&s), None);
        play(&mut s, "e7-e5", "currentBlack", 9_900, 90);
        assert_eq!(increment(&s), Some(90));
        play(&mut s, "g1-f3", "currentWhite", 9_900, 0);
        assert_eq!(increment(&s), None);
        assert_eq!(
            line(&mut s, "StartNewGame human 10000 human 10000 chess".into()),
            "New game started\n"
        );
        assert_eq!(increment(&s), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
