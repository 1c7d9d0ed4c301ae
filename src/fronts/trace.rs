//! `antichess trace`: what the rules say of each position of a game, one
//! block per ply, in the format of `chess_oracle.py trace` (python-chess),
//! so that the two can be compared byte for byte over thousands of games.
//!
//! A block (text form):
//!
//! ```text
//! ply 1 g1f3 Nf3
//! fen rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1
//! legal 20 a7a5 a7a6 ...
//! check no
//! status ongoing *
//! repetition 1
//! halfmove 1
//! claim none
//! can_claim none
//! insufficient none
//! ```
//!
//! `claim` is the draw the side to move may claim on this position (2.5.3
//! of the chess specification); `can_claim` is python-chess's wider notion,
//! which also counts a claim by announcing a move that would make it valid.
//! Under the antichess rulesets the status words are their own
//! (`pieces_lost`), a stalemate pass is a ply whose move is `pass`, and the
//! three draw lines are always `none`.

use std::io::{self, Write};

use crate::rules::chess::{
    Color, FIFTY_MOVE_PLIES, Move, Outcome, Position, Reason, Status, notation, wording,
};
use crate::rules::chess::{THREEFOLD, automatic_ending};

/// How moves are written in the `legal` line and the ply heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `e2e4`, `e7e8q`.
    Uci,
    /// The TextUI's form: `e2-e4`, `e7-e8=Q`.
    Dash,
}

/// Everything a block says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The position as FEN.
    pub fen: String,
    /// The legal moves, sorted as plain strings.
    pub legal: Vec<String>,
    /// The side to move is in check.
    pub check: bool,
    /// `ongoing`, or how the game ended.
    pub status: &'static str,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// How many times this position has occurred, this time included.
    pub repetition: usize,
    /// The halfmove clock.
    pub halfmove: u16,
    /// The draws claimable on this position.
    pub claim: Vec<&'static str>,
    /// The draws python-chess says can be claimed (also by a move).
    pub can_claim: Vec<&'static str>,
    /// Which sides cannot checkmate: `none`, `white`, `black` or `both`.
    pub insufficient: &'static str,
}

/// A game being traced: its positions' repetition keys and the current one.
struct Traced {
    pos: Position,
    keys: Vec<u64>,
}

impl Traced {
    fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The game's end, if it is over: the position's own ending, then (under
    /// chess) fivefold repetition.
    fn outcome(&self) -> Option<Outcome> {
        automatic_ending(&self.pos, &self.keys)
    }

    fn facts(&self, notation: Notation) -> Facts {
        let pos = &self.pos;
        let moves = pos.legal_moves();
        let mut legal: Vec<String> = moves
            .iter()
            .map(|&m| write_move(pos, m, notation))
            .collect();
        legal.sort();
        let outcome = self.outcome();
        let repetition = self.count(pos.hash());
        let chess = pos.ruleset().fide_draws;
        let has_moves = !moves.is_empty();
        let mut claim = Vec::new();
        let mut can_claim = Vec::new();
        let mut insufficient = "none";
        if chess {
            let fifty =
                |p: &Position| p.halfmoves() >= FIFTY_MOVE_PLIES && !p.legal_moves().is_empty();
            if has_moves && repetition >= THREEFOLD {
                claim.push("threefold");
            }
            if has_moves && pos.halfmoves() >= FIFTY_MOVE_PLIES {
                claim.push("fifty");
            }
            let threefold_by_move = moves
                .iter()
                .any(|&m| self.count(pos.play(m).hash()) >= THREEFOLD - 1);
            if repetition >= THREEFOLD || threefold_by_move {
                can_claim.push("threefold");
            }
            let fifty_by_move = pos.halfmoves() + 1 >= FIFTY_MOVE_PLIES
                && moves.iter().any(|&m| fifty(&pos.play(m)));
            if fifty(pos) || fifty_by_move {
                can_claim.push("fifty");
            }
            insufficient = match (
                pos.has_insufficient_material(Color::White),
                pos.has_insufficient_material(Color::Black),
            ) {
                (false, false) => "none",
                (true, false) => "white",
                (false, true) => "black",
                (true, true) => "both",
            };
        }
        Facts {
            fen: pos.to_fen(),
            legal,
            check: pos.is_check(),
            status: outcome.map_or("ongoing", status_word),
            result: wording::pgn_result(outcome),
            repetition,
            halfmove: pos.halfmoves(),
            claim,
            can_claim,
            insufficient,
        }
    }

    fn play(&mut self, m: Move) {
        self.pos = self.pos.play(m);
        self.keys.push(self.pos.hash());
    }
}

/// The trace's word for an ending (python-chess's termination names).
fn status_word(outcome: Outcome) -> &'static str {
    match outcome.reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::InsufficientMaterial => "insufficient_material",
        Reason::SeventyFiveMoves => "seventyfive_moves",
        Reason::FivefoldRepetition => "fivefold_repetition",
        Reason::PiecesLost => "pieces_lost",
        _ => "other",
    }
}

fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Uci => notation::uci(m),
        Notation::Dash => notation::protocol(m, pos.ruleset()),
    }
}

/// The legal move a text means: UCI, the TextUI's form, or SAN.
pub fn read_move(pos: &Position, text: &str) -> Option<Move> {
    notation::find_uci(pos, text)
        .or_else(|| notation::find_protocol(pos, text))
        .or_else(|| match notation::read_san(pos, text).as_slice() {
            [m] => Some(*m),
            _ => None,
        })
}

/// One block in text form.
fn block_text(ply: usize, heading: Option<(&str, &str)>, f: &Facts) -> String {
    let head = match heading {
        None => format!("ply {ply}"),
        Some((mv, san)) => format!("ply {ply} {mv} {san}"),
    };
    let words = |list: &[&str]| {
        if list.is_empty() {
            "none".to_string()
        } else {
            list.join(" ")
        }
    };
    let mut legal = format!("legal {}", f.legal.len());
    for m in &f.legal {
        legal.push(' ');
        legal.push_str(m);
    }
    format!(
        "{head}\nfen {}\n{legal}\ncheck {}\nstatus {} {}\nrepetition {}\nhalfmove {}\nclaim {}\ncan_claim {}\ninsufficient {}\n",
        f.fen,
        if f.check { "yes" } else { "no" },
        f.status,
        f.result,
        f.repetition,
        f.halfmove,
        words(&f.claim),
        words(&f.can_claim),
        f.insufficient
    )
}

/// One block as a JSON object on one line, as Python's `json.dumps` with
/// compact separators writes it.
fn block_json(ply: usize, heading: Option<(&str, &str)>, f: &Facts) -> String {
    let string = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let list = |items: &[String]| {
        let quoted: Vec<String> = items.iter().map(|s| string(s)).collect();
        format!("[{}]", quoted.join(","))
    };
    let words = |items: &[&str]| list(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let (mv, san) = match heading {
        Some((mv, san)) => (string(mv), string(san)),
        None => ("null".to_string(), "null".to_string()),
    };
    format!(
        "{{\"ply\":{ply},\"move\":{mv},\"san\":{san},\"fen\":{},\"legal\":{},\"check\":{},\"status\":{},\"result\":{},\"repetition\":{},\"halfmove\":{},\"claim\":{},\"can_claim\":{},\"insufficient\":{}}}\n",
        string(&f.fen),
        list(&f.legal),
        f.check,
        string(f.status),
        string(f.result),
        f.repetition,
        f.halfmove,
        words(&f.claim),
        words(&f.can_claim),
        string(f.insufficient)
    )
}

/// Traces `moves` from `start`, writing a block for the start and after
/// each move. Returns `Ok(false)` after writing `illegal MOVE` or `over
/// MOVE` for a move that cannot be played.
pub fn run(
    start: Position,
    moves: &[String],
    notation: Notation,
    json: bool,
    out: &mut impl Write,
) -> io::Result<bool> {
    let mut game = Traced {
        pos: start,
        keys: vec![start.hash()],
    };
    let emit = |out: &mut dyn Write, game: &Traced, ply, heading: Option<(&str, &str)>| {
        let facts = game.facts(notation);
        let text = if json {
            block_json(ply, heading, &facts)
        } else {
            block_text(ply, heading, &facts)
        };
        out.write_all(text.as_bytes())
    };
    emit(out, &game, 0, None)?;
    let mut ply = 0;
    let pass_if_stalemated = |out: &mut dyn Write, game: &mut Traced, ply: &mut usize| {
        if game.pos.status() == Status::Pass {
            game.pos = game.pos.pass();
            game.keys.push(game.pos.hash());
            *ply += 1;
            return emit(out, game, *ply, Some(("pass", "pass")));
        }
        Ok(())
    };
    pass_if_stalemated(out, &mut game, &mut ply)?;
    for text in moves {
        if game.outcome().is_some() {
            writeln!(out, "over {text}")?;
            return Ok(false);
        }
        let Some(m) = read_move(&game.pos, text) else {
            writeln!(out, "illegal {text}")?;
            return Ok(false);
        };
        let san = notation::san(&game.pos, m);
        let written = write_move(&game.pos, m, notation);
        game.play(m);
        ply += 1;
        emit(out, &game, ply, Some((&written, &san)))?;
        pass_if_stalemated(out, &mut game, &mut ply)?;
    }
    Ok(true)
}
