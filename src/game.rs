//! A game: position, history, clocks and result, with the load and save
//! semantics of the game file.

use crate::file::{GameFile, GameOver, HistoryMove, TimeSpec};
use shakmaty::ByColor;

use crate::rules::{
    Board, CASTLES, Color, Move, MoveKind, Outcome, Piece, Position, Reason, Role, Ruleset, Square,
    Status, notation,
};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Moves come from `MakeMove`.
    Human,
    /// Moves come from the engine through `GetNextMove`.
    Computer,
}

/// One side's clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The starting time; meaningful only when limited.
    pub initial: i64,
    /// The time left; meaningful only when limited.
    pub remaining: i64,
    /// Whether the clock runs at all.
    pub limited: bool,
}

impl Clock {
    /// A clock that never runs out.
    pub const UNLIMITED: Clock = Clock {
        initial: 0,
        remaining: 0,
        limited: false,
    };

    /// A clock for a new game: `0` means unlimited.
    pub fn new(ms: i64) -> Clock {
        if ms == 0 {
            Clock::UNLIMITED
        } else {
            Clock {
                initial: ms,
                remaining: ms,
                limited: true,
            }
        }
    }

    /// Whether a limited clock has run out.
    pub fn expired(&self) -> bool {
        self.limited && self.remaining <= 0
    }

    /// Takes time off a limited clock (saturating).
    pub fn charge(&mut self, ms: i64) {
        if self.limited {
            self.remaining = self.remaining.saturating_sub(ms);
        }
    }

    /// The remaining time, or `None` when unlimited.
    pub fn remaining(&self) -> Option<i64> {
        self.limited.then_some(self.remaining)
    }
}

/// One move of a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub side: Color,
    /// The move. A move read from a game file keeps only its squares (the
    /// file records nothing else, and its history need not match its
    /// board): its kind is [`MoveKind::Quiet`].
    pub mv: Move,
    /// The piece it captured (`None` for a move read from a file).
    pub captured: Option<Piece>,
    /// Milliseconds left on the mover's clock after the move, when the
    /// clock is limited, as a canonical decimal integer: a file may hold
    /// any size, and it is written back exactly.
    pub time: Option<String>,
}

/// A game in progress or finished.
///
/// ```
/// use antichess::game::Game;
/// let mut game = Game::new("6170-spring-2007", 0, 60_000);
/// let m = game.find_move("c2-c3").unwrap();
/// game.play(m, 0);
/// let m = game.find_move("c7-c6").unwrap();
/// game.play(m, 100);
/// assert_eq!(game.clock(antichess::rules::Color::Black).remaining(), Some(59_900));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    ruleset_name: String,
    position: Position,
    history: Vec<Played>,
    clocks: ByColor<Clock>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the start position; a time of `0` is unlimited.
    pub fn new(ruleset_name: &str, white_ms: i64, black_ms: i64) -> Game {
        let clocks = ByColor {
            white: Clock::new(white_ms),
            black: Clock::new(black_ms),
        };
        Game {
            ruleset_name: ruleset_name.to_string(),
            position: Position::new(Ruleset::for_file(ruleset_name)),
            history: Vec::new(),
            clocks,
            outcome: None,
        }
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

        let t = &file.time;
        let clock = |init: Option<i64>, current: Option<i64>| match init {
            Some(init) if t.timed && init > 0 => Clock {
                initial: init,
                remaining: current.unwrap_or(init),
                limited: true,
            },
            _ => Clock::UNLIMITED,
        };
        let clocks = ByColor {
            white: clock(t.init_white, t.current_white),
            black: clock(t.init_black, t.current_black),
        };
        let history = file
            .moves
            .iter()
            .map(|m| Played {
                side: m.side,
                mv: Move::new(m.from, m.to, MoveKind::Quiet),
                captured: None,
                time: m.time.clone(),
            })
            .collect();

        let mut game = Game {
            ruleset_name: file.ruleset.clone(),
            position,
            history,
            clocks,
            outcome: None,
        };
        if let Some(over) = file.game_over {
            let winner = if over.description == Reason::Stalemate {
                None
            } else {
                over.winner
            };
            game.outcome = Some(Outcome {
                winner,
                reason: over.description,
            });
        } else if game.clock(turn).expired() {
            game.outcome = Some(Outcome::win(turn.other(), Reason::TimeExpired));
        } else if game.clock(turn.other()).expired() {
            game.outcome = Some(Outcome::win(turn, Reason::TimeExpired));
        } else {
            game.settle();
        }
        game
    }

    /// What a game file of this game says. A finished game has `gameOver`
    /// (the referee's records); the TextUI never saves one, since a game
    /// ends the moment its result line is printed.
    pub fn to_file(&self) -> GameFile {
        let (w, b) = (self.clock(Color::White), self.clock(Color::Black));
        let time = if w.limited || b.limited {
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
        };
        GameFile {
            ruleset: self.ruleset_name.clone(),
            time,
            moves: self
                .history
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
            game_over: self.outcome.map(|o| GameOver {
                winner: o.winner,
                description: o.reason,
            }),
        }
    }

    /// The ruleset name, as given.
    pub fn ruleset_name(&self) -> &str {
        &self.ruleset_name
    }

    /// The rules this game is played by.
    pub fn ruleset(&self) -> Ruleset {
        self.position.ruleset()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The moves played, first to last.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
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

    /// Sets both clocks to `ms` each, limited, as at the start of a game;
    /// the times recorded with the moves so far are dropped. The referee
    /// gives an opening its match clock so.
    pub fn restart_clocks(&mut self, ms: i64) {
        self.clocks = ByColor::new_with(|_| Clock::new(ms));
        for p in &mut self.history {
            p.time = None;
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal move written `text` (`e2-e4`), if any.
    pub fn find_move(&self, text: &str) -> Option<Move> {
        notation::find_protocol(&self.position, text)
    }

    /// Takes `ms` off the side to move's clock; if it runs out, the
    /// opponent wins on time. Returns the outcome if the game ended.
    pub fn charge(&mut self, ms: i64) -> Option<Outcome> {
        let turn = self.turn();
        let clock = self.clocks.get_mut(turn);
        clock.charge(ms);
        if clock.expired() {
            self.outcome = Some(Outcome::win(turn.other(), Reason::TimeExpired));
        }
        self.outcome
    }

    /// Plays a legal move that took `ms`: charges the clock (a mover whose
    /// clock runs out loses and the move is not played), records it, and
    /// settles passes and endings. Returns the outcome if the game ended.
    pub fn play(&mut self, m: Move, ms: i64) -> Option<Outcome> {
        if let Some(outcome) = self.charge(ms) {
            return Some(outcome);
        }
        let mover = self.turn();
        let victim = if m.kind() == MoveKind::EnPassant {
            Square::from_coords(m.to().file(), m.from().rank())
        } else {
            m.to()
        };
        self.history.push(Played {
            side: mover,
            mv: m,
            captured: m
                .is_capture()
                .then(|| self.position.board().piece_at(victim))
                .flatten(),
            time: self.clock(mover).remaining().map(|t| t.to_string()),
        });
        self.position = self.position.play(m);
        self.settle()
    }

    /// Ends the game with a result decided outside the rules (a referee's
    /// adjudication: a forfeit, or a move limit).
    pub fn adjudicate(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    /// Applies stalemate passes and detects the end of the game.
    fn settle(&mut self) -> Option<Outcome> {
        for _ in 0..2 {
            match self.position.status() {
                Status::Ongoing => return None,
                Status::Pass => self.position = self.position.pass(),
                Status::Over(outcome) => {
                    self.outcome = Some(outcome);
                    return Some(outcome);
                }
            }
        }
        self.outcome
    }
}
