//! Antichess as a game: its rules for [`Game`], and its game file.

use shakmaty::ByColor;

use super::{Clock, Game, NotAMove, Played, Recorded, Rules};
use crate::file::{self, GameFile, GameOver, HistoryMove, TimeSpec};
use crate::pgn;
use crate::rules::wording;
use crate::rules::{
    Board, CASTLES, Color, Move, MoveKind, Outcome, Piece, Position, Reason, Role, Ruleset, Square,
    Status, notation,
};

impl Rules for Position {
    type Move = Move;

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn read_move(&self, text: &str) -> Result<Option<Move>, NotAMove> {
        let (from, to) = notation::parse_protocol(text).ok_or(NotAMove)?;
        Ok(self.find_move(from, to))
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn legal_move_texts(&self) -> Vec<String> {
        Position::legal_move_texts(self)
    }

    fn moves(&self) -> Vec<Move> {
        self.legal_moves().to_vec()
    }

    fn captured(&self, m: Move) -> Option<Piece> {
        let victim = if m.kind() == MoveKind::EnPassant {
            Square::from_coords(m.to().file(), m.from().rank())
        } else {
            m.to()
        };
        m.is_capture()
            .then(|| self.board().piece_at(victim))
            .flatten()
    }

    fn play(&mut self, m: Move) {
        *self = Position::play(self, m);
    }

    /// Applies stalemate passes and detects the end of the game.
    fn settle(&mut self) -> Option<Outcome> {
        for _ in 0..2 {
            match self.status() {
                Status::Ongoing => return None,
                Status::Pass => *self = self.pass(),
                Status::Over(outcome) => return Some(outcome),
            }
        }
        None
    }
}

impl Recorded for Position {
    fn start(ruleset_name: &str) -> Option<Game> {
        Ruleset::from_name(ruleset_name).map(|_| Game::new(ruleset_name, 0, 0))
    }

    fn to_xml(game: &Game) -> String {
        file::to_xml(&game.to_file())
    }

    fn describe(game: &Game, outcome: Outcome) -> String {
        wording::describe(outcome, game.ruleset())
    }

    /// SAN movetext from the start position (a referee's game starts
    /// there).
    fn pgn(game: &Game, tags: &[(&str, String)], result: &str) -> Option<String> {
        let start = Position::new(game.ruleset());
        let moves: Vec<Move> = game.history().iter().map(|p| p.mv).collect();
        Some(pgn::write(tags, &start, &moves, result))
    }
}

/// Both clocks as a file's `time` element gives them (game-file.md): a
/// side is limited when the game is timed and its initial time positive.
pub(super) fn clocks_from_file(t: &TimeSpec) -> ByColor<Clock> {
    let clock = |init: Option<i64>, current: Option<i64>| match init {
        Some(init) if t.timed && init > 0 => Clock {
            initial: init,
            remaining: current.unwrap_or(init),
            limited: true,
        },
        _ => Clock::UNLIMITED,
    };
    ByColor {
        white: clock(t.init_white, t.current_white),
        black: clock(t.init_black, t.current_black),
    }
}

/// The `time` element for both clocks.
pub(super) fn clocks_to_file(w: &Clock, b: &Clock) -> TimeSpec {
    if w.limited || b.limited {
        let init = |c: &Clock| if c.limited { c.initial } else { 0 };
        let current = |c: &Clock| if c.limited { c.remaining } else { 0 };
        TimeSpec {
            timed: true,
            init_white: Some(init(w)),
            init_black: Some(init(b)),
            current_white: Some(current(w)),
            current_black: Some(current(b)),
        }
    } else {
        TimeSpec::default()
    }
}

impl Game<Position> {
    /// A new antichess game from the start position; a time of `0` is
    /// unlimited.
    pub fn new(ruleset_name: &str, white_ms: i64, black_ms: i64) -> Game {
        Game::with_rules(
            ruleset_name,
            Position::new(Ruleset::for_file(ruleset_name)),
            white_ms,
            black_ms,
        )
    }

    /// The rules this game is played by.
    pub fn ruleset(&self) -> Ruleset {
        self.position().ruleset()
    }

    /// The legal move written `text` (`e2-e4`), if any.
    pub fn find_move(&self, text: &str) -> Option<Move> {
        notation::find_protocol(self.position(), text)
    }

    /// The game a file describes (game-file.md, "Meaning"). A finished game
    /// has its outcome set: from `gameOver`, an expired clock, or the
    /// position (settled after any stalemate pass).
    pub fn from_file(file: &GameFile) -> Game {
        let ruleset = Ruleset::for_file(&file.ruleset);
        let mut board = Board::empty();
        for &(sq, color, role) in &file.pieces {
            board.set(sq, color, role);
        }
        let turn = file.moves.last().map_or(Color::White, |m| m.side.other());
        let touched: Vec<Square> = file.moves.iter().flat_map(|m| [m.from, m.to]).collect();
        let rights = CASTLES
            .iter()
            .filter(|c| !touched.contains(&c.king_from) && !touched.contains(&c.rook_from))
            .fold(0, |rights, c| rights | c.right);
        let ep = file.moves.last().and_then(|last| {
            let (from, to) = (last.from, last.to);
            let (start, end) = match last.side {
                Color::White => (1, 3),
                Color::Black => (6, 4),
            };
            let double_step =
                from.file() == to.file() && from.rank() as u32 == start && to.rank() as u32 == end;
            let pawn_there = board.by_piece(last.side, Role::Pawn).contains(to);
            let passed = Square::from_coords(
                from.file(),
                shakmaty::Rank::new((from.rank() as u32 + to.rank() as u32) / 2),
            );
            (double_step && pawn_there && !board.occupied().contains(passed)).then_some(passed)
        });
        let position = Position::from_parts(board, turn, rights, ep, ruleset);
        let history = file
            .moves
            .iter()
            .map(|m| Played {
                side: m.side,
                mv: Move::new(m.from, m.to, MoveKind::Quiet),
                captured: None,
                time: m.time.clone(),
                read_as: None,
            })
            .collect();
        let game_over = file.game_over.map(|over| Outcome {
            winner: if over.description == Reason::Stalemate {
                None
            } else {
                over.winner
            },
            reason: over.description,
        });
        Game::loaded(
            &file.ruleset,
            position,
            history,
            clocks_from_file(&file.time),
            game_over,
        )
    }

    /// What a game file of this game says. A finished game has `gameOver`
    /// (the referee's records); the TextUI never saves one, since a game
    /// ends the moment its result line is printed.
    pub fn to_file(&self) -> GameFile {
        let time = clocks_to_file(self.clock(Color::White), self.clock(Color::Black));
        GameFile {
            ruleset: self.ruleset_name().to_string(),
            time,
            moves: self
                .history()
                .iter()
                .map(|p| HistoryMove {
                    side: p.side,
                    from: p.mv.from(),
                    to: p.mv.to(),
                    time: p.time.clone(),
                })
                .collect(),
            pieces: self
                .position
                .board()
                .pieces_top_down()
                .map(|(sq, p)| (sq, p.color, p.role))
                .collect(),
            game_over: self.outcome().map(|o| GameOver {
                winner: o.winner,
                description: o.reason,
            }),
        }
    }
}
