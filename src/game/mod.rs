//! A game of either kind: the rules' position, the moves played, both
//! clocks and the result. Everything but the rules is written once here
//! and shared by every game: the clocks, charging a move's time, losing on
//! time, the history and the adjudicated result. A game's own rules come in
//! through [`Rules`]; `antichess.rs` and `connect.rs` give each game its
//! rules and its game file.

mod any;
mod any_record;
mod any_views;
mod board;
mod boxed;
mod clock;
mod computer;
mod diagram;
mod draw_offer;
mod options;
mod outcome;
mod plugin;
mod referee;
mod registry;
mod repetition;
mod replica;
mod seat;
mod side;
mod time_control;
mod types;
pub mod view;

use std::fmt;

use shakmaty::ByColor;

pub use any::AnyGame;
pub use any_record::AnyRecord;
pub use any_views::AnyViews;
pub use board::{Board, pawn_attacks};
pub use boxed::boxed;
pub use clock::{Clock, charged_ms, elapsed_ms};
pub use computer::{AnyEngine, Computer};
pub use diagram::{Diagram, LastMove};
pub use draw_offer::{Answerer, DrawAnswer, offer_draw};
pub use options::{EngineOptions, Strategy};
pub use outcome::{Outcome, Reason};
pub use plugin::Plugin;
pub use referee::{
    Finished, Forfeit, GameRecord, MatchConfig, Referee, deadline, forfeit_for, last_words,
    program_name, program_of,
};
pub use registry::{Counted, Kind, MAX_FILE_BYTES, Registry, Setup};
pub use repetition::{FIVEFOLD, THREEFOLD, occurrences};
pub use replica::Replica;
pub use seat::Seat;
pub use shakmaty::{Bitboard, Color, Piece, Role, Square};
pub use side::side_name;
pub use time_control::TimeControl;
pub use types::{
    Attempted, Checked, Choice, EngineFailure, LegalMove, Mark, Refusal, Told, Typed, Viewer,
};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Moves come from `MakeMove`.
    Human,
    /// Moves come from the engine through `GetNextMove`.
    Computer,
}

/// Text that is not a move of this game at all (the TextUI's `Input
/// error`), as opposed to a well-formed move that is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAMove;

/// The rules of a two-player game with text moves: what a [`Game`] needs
/// of a position.
pub trait Rules: Clone + fmt::Debug {
    /// A legal move.
    type Move: Copy + Eq + fmt::Debug + Send + Sync;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Reads a move as the TextUI takes it: `Err(NotAMove)` for text that
    /// is no move of this game, `Ok(None)` for a well-formed move that is
    /// not legal here.
    fn read_move(&self, text: &str) -> Result<Option<Self::Move>, NotAMove>;

    /// The text of a legal move, as printed and saved.
    fn move_text(&self, m: Self::Move) -> String;

    /// Every legal move's text, in the order `PrintAllMoves` prints them.
    fn legal_move_texts(&self) -> Vec<String>;

    /// Every legal move, in the move generator's order.
    fn moves(&self) -> Vec<Self::Move>;

    /// The piece a legal move takes, if it takes one.
    fn captured(&self, _m: Self::Move) -> Option<Piece> {
        None
    }

    /// Plays a legal move.
    fn play(&mut self, m: Self::Move);

    /// A move packed into a number ([`LegalMove`] carries it), and back.
    fn code(m: Self::Move) -> u32;

    /// The move [`Rules::code`] packed.
    fn from_code(code: u32) -> Option<Self::Move>;

    /// Settles the position after a move (a stalemate pass, say) and tells
    /// whether the game is over.
    fn settle(&mut self) -> Option<Outcome>;

    /// The position's identity for repetition rules, in games that have
    /// them (chess): equal keys are the same position in FIDE's sense.
    fn repetition_key(&self) -> Option<u64> {
        None
    }

    /// Notes an attempt refused as not legal (a game where the mover cannot
    /// see everything keeps them: Kriegspiel); by default nothing.
    fn refuse(&mut self, _text: &str) {}

    /// Whether `side` could still win by some series of legal moves: when
    /// its opponent's clock runs out and it cannot, the game is drawn.
    fn can_win(&self, _side: Color) -> bool {
        true
    }
}

/// What the tools that start, save and describe games need of a game
/// beyond its rules.
pub trait Recorded: Rules + Sized {
    /// A new game from the start, untimed, if the name is one of this
    /// game's rulesets.
    fn start(ruleset_name: &str) -> Option<Game<Self>>;

    /// The game file, exactly as `SaveGame` and `PrintBoard` write it.
    fn to_xml(game: &Game<Self>) -> String;

    /// Why the game ended, as the referee's log and records say it.
    fn describe(game: &Game<Self>, outcome: Outcome) -> String;

    /// The protocol's result line for the game's result.
    fn result_line(_game: &Game<Self>, outcome: Outcome) -> String {
        outcome.to_string()
    }

    /// Ends the game by a draw that a player could claim now, if there is
    /// one (chess), and returns it.
    fn claimable_draw(_game: &mut Game<Self>) -> Option<Outcome> {
        None
    }

    /// The game as PGN with these tags, for a game PGN can hold.
    fn pgn(_game: &Game<Self>, _tags: &[(&str, String)]) -> Option<String> {
        None
    }

    /// Whether the game is one the PGN standard describes (chess): its
    /// records then take the standard's `Termination` words and no
    /// `Variant` tag.
    fn pgn_standard(_game: &Game<Self>) -> bool {
        false
    }
}

/// One move of a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M> {
    /// Who moved.
    pub side: Color,
    /// The move. A move read from a game file keeps only what the file
    /// says of it (its squares, or its cell).
    pub mv: M,
    /// The piece it captured (`None` for a move read from a file).
    pub captured: Option<Piece>,
    /// Milliseconds left on the mover's clock after the move, when the
    /// clock is limited, as a canonical decimal integer: a file may hold
    /// any size, and it is written back exactly.
    pub time: Option<String>,
    /// The move's text as a file wrote it, when it was read from one
    /// (written back the same).
    pub read_as: Option<String>,
}

/// A game in progress or finished, under the rules `R` (antichess by
/// default).
///
/// ```
/// use antichess::game::Game;
/// let mut game = Game::new("6170-spring-2007", 0, 60_000);
/// let m = game.find_move("c2-c3").unwrap();
/// game.play(m, 0);
/// let m = game.find_move("c7-c6").unwrap();
/// game.play(m, 100);
/// assert_eq!(game.clock(antichess::rules::chess::Color::Black).remaining(), Some(59_900));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    pub(crate) ruleset_name: String,
    /// The position before the first move of `history`.
    pub(crate) first: R,
    /// Whether `history` replays from `first` (not so for a game built
    /// from a file's board, whose moves are a record only).
    pub(crate) replays: bool,
    pub(crate) position: R,
    pub(crate) history: Vec<Played<R::Move>>,
    pub(crate) clocks: ByColor<Clock>,
    pub(crate) outcome: Option<Outcome>,
    /// The repetition key of every position since the game's first, that
    /// one included (empty in games without repetition rules).
    pub(crate) keys: Vec<u64>,
    /// A standing draw offer, by the side that made it.
    pub(crate) draw_offer: Option<Color>,
    /// Which game this is, for the moves it reads ([`LegalMove`]).
    pub(crate) stamp: Stamp,
}

/// A game's identity, new for every game and kept by its copies: a move
/// the computer chose in a copy is the original's to play at the same
/// ply. (A copy that goes its own way must not hand its moves back; debug
/// builds check that every move played is legal.)
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stamp(u64);

impl Stamp {
    fn new() -> Stamp {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Stamp(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl<R: Rules> Game<R> {
    /// A game from `position`; a time of `0` is unlimited.
    pub fn with_rules(ruleset_name: &str, position: R, white_ms: i64, black_ms: i64) -> Game<R> {
        Game {
            ruleset_name: ruleset_name.to_string(),
            keys: position.repetition_key().into_iter().collect(),
            first: position.clone(),
            replays: true,
            position,
            history: Vec::new(),
            clocks: ByColor {
                white: Clock::new(white_ms),
                black: Clock::new(black_ms),
            },
            outcome: None,
            draw_offer: None,
            stamp: Stamp::new(),
        }
    }

    /// How many times the current position has occurred in the game, this
    /// time included (0 in games without repetition rules).
    pub fn repetitions(&self) -> usize {
        occurrences(&self.keys)
    }

    /// The repetition keys of the positions so far, first to last: what a
    /// search needs to see repetitions of the game's positions.
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    /// The result when `flagged`'s clock runs out: a win for the opponent,
    /// or a draw if the opponent cannot win (chess).
    pub(crate) fn flag_fall(&self, flagged: Color) -> Outcome {
        if self.position.can_win(flagged.other()) {
            Outcome::win(flagged.other(), Reason::TimeExpired)
        } else {
            Outcome::draw(Reason::TimeExpired)
        }
    }

    /// The automatic ending after a move or a load: the position's own, then
    /// fivefold repetition.
    pub(crate) fn settle(&mut self) -> Option<Outcome> {
        self.position.settle().or_else(|| {
            (self.repetitions() >= FIVEFOLD).then(|| Outcome::draw(Reason::FivefoldRepetition))
        })
    }

    /// A game as a file describes it: the position, the history, the
    /// clocks, and a result named by the file (`gameOver`), else by an
    /// expired clock (both expired: the side to move loses), else by the
    /// position.
    pub(crate) fn loaded(
        ruleset_name: &str,
        position: R,
        history: Vec<Played<R::Move>>,
        clocks: ByColor<Clock>,
        game_over: Option<Outcome>,
    ) -> Game<R> {
        let mut game = Game::with_rules(ruleset_name, position, 0, 0);
        game.replays = history.is_empty();
        game.history = history;
        game.clocks = clocks;
        game.conclude_load(game_over);
        game
    }

    /// Sets the result of a game just read from a file: the one the file
    /// names (`gameOver`), else an expired clock's (both expired: the side
    /// to move's), else the position's.
    pub(crate) fn conclude_load(&mut self, game_over: Option<Outcome>) {
        let turn = self.turn();
        self.outcome = if let Some(over) = game_over {
            Some(over)
        } else if self.clock(turn).expired() {
            Some(self.flag_fall(turn))
        } else if self.clock(turn.other()).expired() {
            Some(self.flag_fall(turn.other()))
        } else {
            self.settle()
        };
    }

    /// The ruleset name, as given.
    pub fn ruleset_name(&self) -> &str {
        &self.ruleset_name
    }

    /// The position the game's history starts from (for a game loaded from a
    /// file whose history does not replay, the file's position: its moves
    /// are then a record only).
    pub fn first_position(&self) -> &R {
        &self.first
    }

    /// The history, to corrupt in audit tests.
    #[cfg(test)]
    pub(crate) fn history_mut(&mut self) -> &mut Vec<Played<R::Move>> {
        &mut self.history
    }

    /// Whether the history replays from [`Game::first_position`].
    pub fn history_replays(&self) -> bool {
        self.replays
    }

    /// The current position.
    pub fn position(&self) -> &R {
        &self.position
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The moves played, first to last.
    pub fn history(&self) -> &[Played<R::Move>] {
        &self.history
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<R::Move> {
        self.history.last().map(|p| p.mv)
    }

    /// The pieces captured in this game, in the order they were taken
    /// (a game loaded from a file starts with none).
    pub fn captured(&self) -> impl Iterator<Item = Piece> + '_ {
        self.history.iter().filter_map(|p| p.captured)
    }

    /// A side's clock.
    pub fn clock(&self, color: Color) -> &Clock {
        self.clocks.get(color)
    }

    /// Sets the clocks to `white_ms` and `black_ms`, limited, as at the
    /// start of a game; the times recorded with the moves so far are
    /// dropped. The referee gives an opening its match clocks so.
    pub fn restart_clocks(&mut self, white_ms: i64, black_ms: i64) {
        self.clocks = ByColor {
            white: Clock::new(white_ms),
            black: Clock::new(black_ms),
        };
        for p in &mut self.history {
            p.time = None;
        }
    }

    /// Takes the clocks of `other`, and the times kept with its moves (its
    /// history is this one's: see [`AnyGame::take_clocks`]).
    pub(crate) fn take_clocks_of(&mut self, other: &Game<R>) {
        self.clocks = other.clocks;
        for (mine, theirs) in self.history.iter_mut().zip(&other.history) {
            mine.time.clone_from(&theirs.time);
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Reads a move as the TextUI takes it (see [`Rules::read_move`]).
    pub fn read_move(&self, text: &str) -> Result<Option<R::Move>, NotAMove> {
        self.position.read_move(text)
    }

    /// A legal move as the value a front end holds and gives back to
    /// this game to play ([`super::AnyGame::play_move`]).
    pub fn legal(&self, m: R::Move) -> LegalMove {
        LegalMove {
            game: self.stamp.0,
            at: self.history.len(),
            code: R::code(m),
            text: self.move_text(m),
        }
    }

    /// The move of `m` when this game read it in the position it stands
    /// in; `None` for a move read elsewhere or earlier.
    pub fn unpack(&self, m: &LegalMove) -> Option<R::Move> {
        let unpacked = (m.game == self.stamp.0 && m.at == self.history.len())
            .then(|| R::from_code(m.code))
            .flatten();
        debug_assert!(unpacked.is_none_or(|u| self.position.moves().contains(&u)));
        unpacked
    }

    /// The text of a legal move.
    pub fn move_text(&self, m: R::Move) -> String {
        self.position.move_text(m)
    }

    /// Every legal move's text, in `PrintAllMoves` order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.position.legal_move_texts()
    }

    /// Adds `ms` to `color`'s clock, if it is limited (an increment, a
    /// new period).
    pub fn credit(&mut self, color: Color, ms: i64) {
        let clock = self.clocks.get_mut(color);
        if clock.limited {
            clock.remaining = clock.remaining.saturating_add(ms);
        }
    }

    /// Takes `ms` off the side to move's clock; if it runs out, the
    /// opponent wins on time. Returns the outcome if the game ended.
    pub fn charge(&mut self, ms: i64) -> Option<Outcome> {
        let turn = self.turn();
        let clock = self.clocks.get_mut(turn);
        clock.charge(ms);
        if clock.expired() {
            self.outcome = Some(self.flag_fall(turn));
        }
        self.outcome
    }

    /// Plays a legal move that took `ms`: charges the clock (a mover whose
    /// clock runs out loses and the move is not played), records it, and
    /// settles passes and endings. Returns the outcome if the game ended.
    pub fn play(&mut self, m: R::Move, ms: i64) -> Option<Outcome> {
        if let Some(outcome) = self.charge(ms) {
            return Some(outcome);
        }
        let time = self.clock(self.turn()).remaining().map(|t| t.to_string());
        self.record(m, time);
        self.outcome = self.settle();
        self.outcome
    }

    /// A move `text` refused as not legal, after `ms` of thought: charged
    /// to the mover's clock (which may run out), and noted by the rules
    /// (see [`Rules::refuse`]). Returns the outcome if the game ended.
    pub fn refuse(&mut self, text: &str, ms: i64) -> Option<Outcome> {
        if let Some(outcome) = self.charge(ms) {
            return Some(outcome);
        }
        self.position.refuse(text);
        None
    }

    /// Plays a legal move into the position and the history, without
    /// clocks or endings: a standing draw offer of the mover's opponent is
    /// declined by it.
    pub(crate) fn record(&mut self, m: R::Move, time: Option<String>) {
        let mover = self.turn();
        self.history.push(Played {
            side: mover,
            mv: m,
            captured: self.position.captured(m),
            time,
            read_as: None,
        });
        self.position.play(m);
        self.keys.extend(self.position.repetition_key());
        if self.draw_offer == Some(mover.other()) {
            self.draw_offer = None;
        }
    }

    /// The side whose draw offer stands, if one does.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// `side` offers a draw. It stands until the opponent accepts it or
    /// moves, or the game ends.
    pub fn offer_draw(&mut self, side: Color) {
        if self.outcome().is_none() {
            self.draw_offer = Some(side);
        }
    }

    /// Accepts the standing offer, ending the game by agreement; `None` when
    /// no offer stands.
    pub fn accept_draw(&mut self) -> Option<Outcome> {
        self.draw_offer.take()?;
        self.outcome = Some(Outcome::draw(Reason::Agreement));
        self.outcome
    }

    /// Ends the game with a result decided outside the rules (a referee's
    /// adjudication: a forfeit, or a move limit).
    pub fn adjudicate(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }
}
