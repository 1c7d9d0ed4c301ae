//! Antichess as a game: its rules for [`Game`], and its game file.

use crate::game::{Game, NotAMove, Played, Recorded, Rules};
use crate::games::clocks::{clocks_from_file, clocks_to_file};
use crate::rules::chess::wording;
use crate::rules::chess::{
    Board, BoardError, CASTLES, Color, Move, MoveKind, Outcome, Piece, Position, PromotionRule,
    Reason, Role, Ruleset, Square, Status, check_chess_board, notation,
};
use crate::rules::file::{self, GameFile, GameOver, HistoryMove};
use crate::rules::pgn::{self, Node, PgnGame};

impl Rules for Position {
    type Move = Move;

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn read_move(&self, text: &str) -> Result<Option<Move>, NotAMove> {
        notation::read_protocol(self, text).map_err(|()| NotAMove)
    }

    fn move_text(&self, m: Move) -> String {
        notation::protocol(m, self.ruleset())
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

    fn code(m: Move) -> u32 {
        u32::from(m.to_bits())
    }

    fn from_code(code: u32) -> Option<Move> {
        u16::try_from(code).ok().and_then(Move::from_bits)
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

    fn repetition_key(&self) -> Option<u64> {
        self.ruleset().fide_draws.then(|| self.hash())
    }

    fn can_win(&self, side: Color) -> bool {
        !self.ruleset().fide_draws || !self.has_insufficient_material(side)
    }
}

impl Recorded for Position {
    fn start(ruleset_name: &str) -> Option<Game<Position>> {
        Ruleset::from_name(ruleset_name).map(|_| Game::new(ruleset_name, 0, 0))
    }

    fn to_xml(game: &Game<Position>) -> String {
        file::to_xml(&game.to_file())
    }

    fn describe(game: &Game<Position>, outcome: Outcome) -> String {
        if game.is_chess() && outcome == Outcome::draw(Reason::TimeExpired) {
            return wording::describe_flag_fall_draw(game.turn());
        }
        wording::describe(outcome, game.ruleset())
    }

    fn result_line(game: &Game<Position>, outcome: Outcome) -> String {
        wording::result_line(outcome, game.ruleset())
    }

    fn claimable_draw(game: &mut Game<Position>) -> Option<Outcome> {
        game.claim_draw()
    }

    /// The game from its first position (a referee's game starts at the
    /// standard start), in export format. A chess game that ended by the
    /// rules gets a `Termination` tag (unless the tags give one), and a
    /// drawn one the comment `{ Draw: <reason> }` after its last move.
    fn pgn(game: &Game<Position>, tags: &[(&str, String)]) -> Option<String> {
        Some(pgn::write(&game.to_pgn(tags)))
    }

    fn pgn_standard(game: &Game<Position>) -> bool {
        game.is_chess()
    }
}

impl Game<Position> {
    /// The game as a PGN game with these tags (its result from the game).
    pub fn to_pgn(&self, tags: &[(&str, String)]) -> PgnGame {
        let (start, moves) = if self.history_replays() {
            let nodes = self.history().iter().map(|p| Node::new(p.mv)).collect();
            (*self.first_position(), nodes)
        } else {
            (*self.position(), Vec::new())
        };
        let mut game = PgnGame::new(start, moves, wording::pgn_result(self.outcome()));
        for (name, value) in tags {
            game.set_tag(name, value.clone());
        }
        if self.is_chess()
            && let Some(outcome) = self.outcome()
        {
            if game.tag("Termination").is_none() {
                let how = if outcome.reason == Reason::TimeExpired {
                    "time forfeit"
                } else {
                    "normal"
                };
                game.set_tag("Termination", how);
            }
            if outcome.winner.is_none()
                && let Some(last) = game.moves.last_mut()
            {
                last.comment = Some(format!("Draw: {}", wording::reason_words(outcome)));
            }
        }
        game
    }
}

impl Game<Position> {
    /// A new antichess game from the start position; a time of `0` is
    /// unlimited.
    pub fn new(ruleset_name: &str, white_ms: i64, black_ms: i64) -> Game<Position> {
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
    ///
    /// A chess game is the replay of its history when that replays to the
    /// file's board (so repetitions and the move counters are known); else
    /// it is built from the board, as an antichess game is. Its board must
    /// be playable under chess ([`crate::rules::chess::check_chess_board`]).
    pub fn from_file(file: &GameFile) -> Result<Game<Position>, BoardError> {
        let ruleset = Ruleset::for_file(&file.ruleset);
        let mut board = Board::empty();
        for &(sq, color, role) in &file.pieces {
            board.set(sq, color, role);
        }
        let game_over = file.game_over.map(|over| outcome_from_file(over, ruleset));
        if ruleset.fide_draws
            && let Some(mut game) = Game::replayed(file, &board)
        {
            game.conclude_load(game_over);
            return Ok(game);
        }
        let turn = file.moves.last().map_or(Color::White, |m| m.side.other());
        if ruleset.fide_draws {
            check_chess_board(&board, turn)?;
        }
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
        let fullmoves = u16::try_from(1 + file.moves.len() / 2).unwrap_or(u16::MAX);
        let position =
            Position::from_parts(board, turn, rights, ep, ruleset).with_counters(0, fullmoves);
        let history = file
            .moves
            .iter()
            .map(|m| Played {
                side: m.side,
                mv: match m.promotion {
                    Some(role) if ruleset.promotion == PromotionRule::AnyPiece => {
                        Move::promoting(m.from, m.to, false, role)
                    }
                    _ => Move::new(m.from, m.to, MoveKind::Quiet),
                },
                captured: None,
                time: m.time.clone(),
                read_as: None,
            })
            .collect();
        Ok(Game::loaded(
            &file.ruleset,
            position,
            history,
            clocks_from_file(&file.time),
            game_over,
        ))
    }

    /// What a game file of this game says. A finished game has `gameOver`
    /// (the referee's records); the TextUI never saves one, since a game
    /// ends the moment its result line is printed. A game set up from a
    /// position has its moves after the history that says the position's
    /// side to move, castling rights and en passant square
    /// ([`setup_history`]).
    pub fn to_file(&self) -> GameFile {
        let time = clocks_to_file(self.clock(Color::White), self.clock(Color::Black));
        let played = self.history().iter().map(|p| HistoryMove {
            side: p.side,
            from: p.mv.from(),
            to: p.mv.to(),
            time: p.time.clone(),
            promotion: p.mv.promotion().filter(|_| self.is_chess()),
        });
        // A history read from a file says all this already.
        let setup = if self.replays {
            setup_history(&self.first)
        } else {
            Vec::new()
        };
        let moves = setup.into_iter().chain(played).collect();
        GameFile {
            ruleset: self.ruleset_name().to_string(),
            time,
            moves,
            pieces: self
                .position
                .board()
                .pieces_top_down()
                .map(|(sq, p)| (sq, p.color, p.role))
                .collect(),
            game_over: self.outcome().map(outcome_to_file),
        }
    }
}

/// A file's `gameOver` as a result: `stalemate` is a draw whatever its
/// winner says; under chess a known `reason` names the draw, and a
/// `timeExpired` without a winner is the draw against insufficient material.
fn outcome_from_file(over: GameOver, ruleset: Ruleset) -> Outcome {
    match (over.description, over.reason) {
        (Reason::Stalemate, Some(reason)) if ruleset.fide_draws => Outcome::draw(reason),
        (Reason::Stalemate, _) => Outcome::draw(Reason::Stalemate),
        (Reason::TimeExpired, _) if ruleset.fide_draws && over.winner.is_none() => {
            Outcome::draw(Reason::TimeExpired)
        }
        (description, _) => Outcome {
            winner: over.winner,
            reason: description,
        },
    }
}

/// A result as a file's `gameOver`: chess draws the descriptions cannot
/// name are `stalemate` (the format's draw) with a `reason`, and a flag fall
/// against insufficient material is `timeExpired`, no winner, with the
/// reason `insufficientMaterial`. A resignation (only a game on the server
/// has one, and the server writes no game file) would be written the way
/// the chess draws are, with its winner and the reason `resignation`.
fn outcome_to_file(outcome: Outcome) -> GameOver {
    let (description, reason) = match outcome.reason {
        Reason::TimeExpired if outcome.winner.is_none() => {
            (Reason::TimeExpired, Some(Reason::InsufficientMaterial))
        }
        Reason::InsufficientMaterial
        | Reason::ThreefoldRepetition
        | Reason::FiftyMoves
        | Reason::FivefoldRepetition
        | Reason::SeventyFiveMoves
        | Reason::Agreement
        | Reason::Resignation
        | Reason::Forfeit
        | Reason::MoveLimit => (Reason::Stalemate, Some(outcome.reason)),
        reason => (reason, None),
    };
    GameOver {
        winner: outcome.winner,
        description,
        reason,
    }
}

/// A move by `side` in a made-up history.
fn history_move(side: Color, from: Square, to: Square) -> HistoryMove {
    HistoryMove {
        side,
        from,
        to,
        time: None,
        promotion: None,
    }
}

/// The history a game file needs to say what `pos` is beyond its board
/// (game-file.md, "Meaning": the side to move is the other side of the
/// last move; a castling right is lost when a move touched the rook's or
/// king's home square; en passant follows a double step): empty for White
/// to move with every right its pieces allow and no en passant square; else
/// a move from the home square of each rook whose right is lost while its
/// king and rook are at home, then the last move, by the
/// side not to move: the double step when there is an en passant square,
/// or a move on the d file that no rule reads. The history starts with
/// White, as games do.
fn setup_history(pos: &Position) -> Vec<HistoryMove> {
    let lost: Vec<Square> = if pos.ruleset().castling_and_en_passant {
        let board = pos.board();
        let home = |sq: Square, role: Role, color: Color| {
            board.piece_at(sq) == Some(Piece { color, role })
        };
        // A right whose king or rook has left home is lost without a word.
        CASTLES
            .iter()
            .filter(|c| pos.castling_rights() & c.right == 0)
            .filter(|c| {
                home(c.king_from, Role::King, c.color) && home(c.rook_from, Role::Rook, c.color)
            })
            .map(|c| c.rook_from)
            .collect()
    } else {
        Vec::new()
    };
    if pos.turn() == Color::White && pos.ep_square().is_none() && lost.is_empty() {
        return Vec::new();
    }
    let mover = pos.turn().other();
    let last = pos
        .ep_square()
        .and_then(|ep| match mover {
            Color::White => ep.offset(-8).zip(ep.offset(8)),
            Color::Black => ep.offset(8).zip(ep.offset(-8)),
        })
        .unwrap_or(match mover {
            Color::White => (Square::D4, Square::D5),
            Color::Black => (Square::D5, Square::D4),
        });
    let mut squares: Vec<(Square, Square)> = lost.into_iter().map(|s| (s, Square::D4)).collect();
    squares.push(last);
    // The last move is the mover's; sides alternate back from it.
    let side_of = |i: usize, n: usize| {
        if (n - 1 - i).is_multiple_of(2) {
            mover
        } else {
            mover.other()
        }
    };
    if side_of(0, squares.len()) == Color::Black {
        squares.insert(0, (Square::D4, Square::D5));
    }
    let n = squares.len();
    squares
        .into_iter()
        .enumerate()
        .map(|(i, (from, to))| history_move(side_of(i, n), from, to))
        .collect()
}
