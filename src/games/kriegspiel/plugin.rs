//! Kriegspiel as a game of the shared traits: the umpire's record is its
//! rules' state, an attempt its move, a refused attempt noted privately,
//! and each side sees its own view ([`Plugin::view`]): its own pieces and
//! what the umpire said; onlookers hear the announcements and see the
//! whole board once the game is over. Its computer player decides from its
//! side's view alone.

use shakmaty::ByColor;

use super::announcement::Ending;
use super::game::{Record, ending_words};
use super::player::{Player, Strategy};
use super::told_seats::{Onlooker, SideSeat};
use super::umpire::{Attempt, Verdict, judge};
use super::view::PlayerView;
use crate::game::view::{Style, status_lines};
use crate::game::{
    Attempted, Choice, Diagram, EngineFailure, EngineOptions, Game, Mark, NotAMove, Plugin,
    Recorded, Refusal, Rules, Seat, Told, Typed, Viewer,
};
use crate::games::chess::diagram;
use crate::games::chess::view::position_board;
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Outcome, Position, Ruleset, wording};
use crate::rules::file;

/// The ruleset name of Kriegspiel.
pub const KRIEGSPIEL: &str = "kriegspiel";

/// `help` during a game at the terminal.
const HELP: &str = "\
Type an attempt as e2e4 or e2-e4 (e7e8q, e7-e8=Q to promote; castle with the
king's two-square move, e1g1). The umpire answers Illegal move or announces
the move to both players. Commands:
  board                 draw your view
  flip                  turn your view around
  zone                  show or hide the squares your pieces guard
  tokens                list your guess tokens
  token KIND SQ [SQ...] place tokens (KIND: piece, check or king)
  untoken SQ [SQ...]    remove tokens (untoken all: every one)
  auto on|off           automatic tokens on or off
  attempts              the attempts that are not impossible
  log                   what you have heard
  resign                resign the game
  quit                  leave at once";

/// `help` once the game is over.
const HELP_AFTER: &str = "\
The game is over. Commands:
  board       draw the umpire's board
  flip        turn it around
  log         what you heard
  save FILE   write the game as PGN (with the announcements and the
              refused attempts as comments)
  new         start a new game
  quit        leave";

/// The words completed at the terminal.
const COMMANDS: [&str; 16] = [
    "help", "board", "flip", "zone", "tokens", "token", "untoken", "auto", "attempts", "log",
    "resign", "quit", "save", "new", "on", "off",
];

impl Rules for Record {
    type Move = Attempt;

    fn turn(&self) -> Color {
        Record::turn(self)
    }

    /// An attempt typed as at the terminal (`e2e4`, `e2-e4`, `e7e8=Q`):
    /// the umpire's to judge.
    fn read_move(&self, text: &str) -> Result<Option<Attempt>, NotAMove> {
        let attempt = Attempt::read_typed(text).ok_or(NotAMove)?;
        if self.outcome().is_some() {
            return Ok(None);
        }
        Ok(match judge(self.position(), attempt) {
            Verdict::Legal { .. } => Some(attempt),
            Verdict::Illegal => None,
        })
    }

    fn move_text(&self, m: Attempt) -> String {
        m.to_string()
    }

    fn legal_move_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.moves().iter().map(Attempt::to_string).collect();
        texts.sort();
        texts
    }

    fn moves(&self) -> Vec<Attempt> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position()
            .legal_moves()
            .iter()
            .map(|&m| Attempt::of(m))
            .collect()
    }

    fn play(&mut self, m: Attempt) {
        self.attempt(m);
    }

    fn code(m: Attempt) -> u32 {
        m.code()
    }

    fn from_code(code: u32) -> Option<Attempt> {
        Attempt::from_code(code)
    }

    fn settle(&mut self) -> Option<Outcome> {
        self.outcome()
    }

    fn refuse(&mut self, text: &str) {
        if let Some(attempt) = Attempt::read_typed(text) {
            self.attempt(attempt);
        }
    }

    fn can_win(&self, side: Color) -> bool {
        !self.position().has_insufficient_material(side)
    }
}

impl Recorded for Record {
    fn start(ruleset_name: &str) -> Option<Game<Record>> {
        (ruleset_name == KRIEGSPIEL).then(|| Game::with_rules(KRIEGSPIEL, Record::new(), 0, 0))
    }

    /// The umpire's game as a chess game file: the whole board, for the
    /// umpire and the records, never for a player.
    fn to_xml(game: &Game<Record>) -> String {
        let record = game.position();
        let mut chess = Game::with_rules("chess", Position::new(Ruleset::CHESS), 0, 0);
        for ply in record.plies() {
            chess.play(ply.mv, 0);
        }
        file::to_xml(&chess.to_file())
    }

    fn describe(_game: &Game<Record>, outcome: Outcome) -> String {
        wording::describe(outcome, Ruleset::CHESS)
    }

    /// The umpire's record as PGN; an end the record did not see (a
    /// resignation or a flag fall decided outside it) is written in.
    fn pgn(game: &Game<Record>, tags: &[(&str, String)]) -> Option<String> {
        let mut record = game.position().clone();
        if let Some(outcome) = game.outcome() {
            record.end(outcome);
        }
        Some(record.pgn(tags))
    }
}

/// What `color` knows of the game: its own pieces, the announcements, its
/// refused attempts of this turn.
pub fn player_view(record: &Record, color: Color) -> PlayerView {
    let mut view = PlayerView::new(color);
    for (i, ply) in record.plies().iter().enumerate() {
        if Color::from_white(i % 2 == 0) == color {
            view.own_move(Attempt::of(ply.mv));
        }
        view.announcement(&ply.announcement);
    }
    if record.turn() == color {
        for &refused in record.refused() {
            view.refused(refused);
        }
    }
    if record.outcome().is_some() {
        view.end();
    }
    view
}

/// The computer players of both sides, each fed only its side's view.
pub struct Players {
    players: ByColor<Option<Player>>,
    /// For each side, the plies and the refusals of this turn it has been
    /// told of.
    told: ByColor<(usize, usize)>,
}

impl Players {
    /// Tells `color`'s player what happened since it was last asked: the
    /// announcements, and its refused attempts.
    fn catch_up(&mut self, record: &Record, color: Color) -> &mut Player {
        let player = self
            .players
            .get_mut(color)
            .get_or_insert_with(|| Player::new(color, Strategy::Search, 1));
        let (plies, refusals) = self.told.get_mut(color);
        if *plies < record.plies().len() {
            for ply in &record.plies()[*plies..] {
                player.heard(&ply.announcement);
            }
            *plies = record.plies().len();
            *refusals = 0;
        }
        if record.turn() == color {
            for _ in *refusals..record.refused().len() {
                player.refused();
            }
            *refusals = record.refused().len();
        }
        player
    }
}

impl Plugin for Record {
    type Engine = Players;

    fn engine(_game: &Game<Record>, _options: &EngineOptions) -> Players {
        Players {
            players: ByColor::new_with(|_| None),
            told: ByColor::new_with(|_| (0, 0)),
        }
    }

    /// The side to move's attempt, from its view alone (it may be refused:
    /// play it with [`Plugin::attempt`], and ask again).
    fn engine_move(
        game: &Game<Record>,
        players: &mut Players,
        _options: &EngineOptions,
        remaining: Option<i64>,
        _progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<Attempt>>, EngineFailure> {
        let record = game.position();
        if record.outcome().is_some() {
            return Ok(None);
        }
        let player = players.catch_up(record, record.turn());
        let left = remaining.map(|ms| std::time::Duration::from_millis(ms.max(0) as u64));
        Ok(player.attempt(left).map(|mv| Choice {
            mv,
            depth: 0,
            eval: None,
        }))
    }

    fn clear(players: &mut Players) {
        players.players = ByColor::new_with(|_| None);
        players.told = ByColor::new_with(|_| (0, 0));
    }

    fn banner(_game: &Game<Record>) -> String {
        "Kriegspiel (ICC wild 16). Type help for commands.".to_string()
    }

    fn help(game: &Game<Record>) -> &'static str {
        if game.outcome().is_some() {
            HELP_AFTER
        } else {
            HELP
        }
    }

    fn commands() -> &'static [&'static str] {
        &COMMANDS
    }

    /// The umpire's board: the whole position; once the game is over,
    /// its reveal (the board and the moves).
    fn render(game: &Game<Record>, players: ByColor<&str>, style: Style) -> String {
        let record = game.position();
        let board = position_board(record.position().board(), record.last_move(), style);
        if game.outcome().is_some() {
            return format!(
                "Game over. The umpire's board:\n{}\nMoves: {}\n",
                board.trim_end(),
                record.san_moves()
            );
        }
        board + &status_lines(game, players, heard(record))
    }

    /// The umpire's last words: an ending on the board was in the last
    /// announcement; any other is said here.
    fn ending(game: &Game<Record>, outcome: Outcome) -> String {
        match Ending::of(outcome) {
            Some(_) => String::new(),
            None => format!("Umpire: {}", ending_words(outcome, game.turn())),
        }
    }

    fn announcer() -> Option<&'static str> {
        Some("Umpire")
    }

    fn hidden() -> bool {
        true
    }

    /// A side's own pieces (and its own last move); onlookers see an
    /// empty board; everyone sees the whole game once it is over.
    fn diagram(game: &Game<Record>, viewer: Viewer) -> Option<Diagram> {
        let record = game.position();
        let mut before = Position::new(Ruleset::CHESS);
        let (last, earlier) = match record.plies().split_last() {
            Some((last, earlier)) => (Some(last.mv), earlier),
            None => (None, &[][..]),
        };
        for ply in earlier {
            before = before.play(ply.mv);
        }
        let full = diagram::diagram(record.position(), last.map(|m| (&before, m)));
        Some(match viewer {
            _ if game.outcome().is_some() => full,
            Viewer::Side(color) => diagram::own_only(full, color),
            Viewer::Onlooker => {
                let turn = full.turn;
                let mut nothing = diagram::own_only(full, turn);
                nothing.board = crate::rules::chess::Board::default();
                nothing.castling = [false; 4];
                nothing.last = None;
                nothing.double_push_file = None;
                nothing
            }
        })
    }

    /// A side's own pieces and what it was told; for onlookers the
    /// announcements, and the whole board once the game is over.
    fn view(game: &Game<Record>, viewer: Viewer, players: ByColor<&str>, style: Style) -> String {
        let record = game.position();
        let mut out = match viewer {
            _ if game.outcome().is_some() => {
                position_board(record.position().board(), record.last_move(), style)
            }
            Viewer::Side(color) => {
                let view = player_view(record, color);
                let last = view.last_own_move();
                let mut board = position_board(view.own(), None, style);
                if let Some((from, to)) = last {
                    board.push_str(&format!("Your last move: {from}{to}\n"));
                }
                for refused in view.refused_this_turn() {
                    board.push_str(&format!("Refused: {refused}\n"));
                }
                board
            }
            Viewer::Onlooker => String::new(),
        };
        out.push_str(&status_lines(game, players, heard(record)));
        out
    }

    /// A legal attempt is played and announced.
    fn played(game: &mut Game<Record>, m: Attempt, ms: i64) -> Attempted {
        let outcome = game.play(m, ms);
        Attempted::Played {
            heard: heard(game.position()),
            outcome,
        }
    }

    /// Each move: the mover's own attempt (to the mover, and to everyone
    /// once the game is over), then its announcement; the side to move
    /// also hears its refused attempts of this turn.
    fn told(game: &Game<Record>, viewer: Viewer, from: usize) -> Vec<Told> {
        let record = game.position();
        let over = game.outcome().is_some();
        let mut told = Vec::new();
        for (i, ply) in record.plies().iter().enumerate().skip(from) {
            let side = Color::from_white(i % 2 == 0);
            let shown = over || viewer == Viewer::Side(side);
            told.push(Told::Moved {
                side,
                text: shown.then(|| Attempt::of(ply.mv).to_string()),
            });
            told.push(Told::Heard(ply.announcement.to_string()));
        }
        if viewer == Viewer::Side(record.turn()) {
            told.extend(
                record
                    .refused()
                    .iter()
                    .map(|a| Told::Refused(a.to_string())),
            );
        }
        told
    }

    /// A side's seat knows its own pieces and what it heard
    /// ([`SideSeat`]); an onlooker's, the announcements.
    fn seat(game: &Game<Record>, viewer: Viewer) -> Box<dyn Seat> {
        let mut seat: Box<dyn Seat> = match viewer {
            Viewer::Side(color) => Box::new(SideSeat::new(color)),
            Viewer::Onlooker => Box::new(Onlooker::default()),
        };
        for told in Record::told(game, viewer, 0) {
            seat.told(&told);
        }
        seat
    }

    /// A side's automatic guess tokens, as its seat places them from what
    /// it was told (the terminal's `tokens` without the manual ones);
    /// none once the game is over.
    fn marks(game: &Game<Record>, viewer: Viewer) -> Vec<Mark> {
        let Viewer::Side(color) = viewer else {
            return Vec::new();
        };
        if game.outcome().is_some() {
            return Vec::new();
        }
        let mut seat = SideSeat::new(color);
        for told in Record::told(game, viewer, 0) {
            seat.told(&told);
        }
        seat.marks()
    }

    fn typed(game: &Game<Record>, text: &str) -> Typed<Attempt> {
        match game.read_move(text) {
            Ok(Some(m)) => Typed::Move(m),
            Ok(None) => Typed::Illegal(Refusal::Bare),
            Err(NotAMove) => Typed::Unknown,
        }
    }

    /// No list of moves: a player cannot know them.
    fn moves_line(game: &Game<Record>) -> String {
        format!("{} to move.", side_name(game.turn()))
    }
}

/// The last announcement, as both players heard it.
fn heard(record: &Record) -> Option<String> {
    record.plies().last().map(|p| p.announcement.to_string())
}
