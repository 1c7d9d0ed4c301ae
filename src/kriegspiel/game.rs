//! A Kriegspiel game as the umpire keeps it: the true position, every move
//! with its announcement and the attempts refused before it, and how the
//! game ended. The terminal game, the referee and the umpire filter all
//! keep their game in one of these.

use std::fmt;

use super::announcement::{Announcement, Ending};
use super::umpire::{Attempt, Verdict, ending, judge};
use crate::pgn::{Movetext, PgnGame, header};
use crate::rules::wording::side_name;
use crate::rules::{Color, Move, Outcome, Position, Reason, Ruleset, notation};

/// One legal move: the attempts refused before it, the move, and its
/// announcement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// Refused attempts of this turn, in the order made.
    pub refused: Vec<Attempt>,
    /// The move played.
    pub mv: Move,
    /// What both players heard.
    pub announcement: Announcement,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// A move mated, stalemated or left insufficient material.
    Position(Ending),
    /// The side's clock ran out.
    Time(Color),
    /// The side resigned.
    Resignation(Color),
    /// The side's program broke the protocol (the referee says how).
    Forfeit(Color),
    /// The referee stopped a long game.
    Adjudication,
}

/// The end of a game: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finish {
    /// The winner; `None` is a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub why: Why,
}

impl Finish {
    /// The rules core's outcome (forfeits and time as the referee
    /// records them; an adjudication as a draw).
    pub fn outcome(self) -> Outcome {
        let reason = match self.why {
            Why::Position(e) => return e.outcome(),
            Why::Adjudication => Reason::Stalemate,
            _ => Reason::TimeExpired,
        };
        match self.winner {
            Some(c) => Outcome::win(c, reason),
            None => Outcome::draw(reason),
        }
    }

    /// The PGN and protocol result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The protocol's word for why (`checkmate`, `insufficient-material`,
    /// `time`, ...).
    pub fn word(self) -> &'static str {
        match self.why {
            Why::Position(Ending::Checkmate(_)) => "checkmate",
            Why::Position(Ending::Stalemate) => "stalemate",
            Why::Position(Ending::InsufficientMaterial) => "insufficient-material",
            Why::Time(_) => "time",
            Why::Resignation(_) => "resignation",
            Why::Forfeit(_) => "forfeit",
            Why::Adjudication => "adjudication",
        }
    }
}

impl fmt::Display for Finish {
    /// The umpire's words for an ending no move announced (`White's time is
    /// up: Black wins`), or the announcement's for one a move did.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match self.winner {
            Some(c) => format!("{} wins", side_name(c)),
            None => "draw".to_string(),
        };
        match self.why {
            Why::Position(e) => f.write_str(e.text()),
            Why::Time(c) if self.winner.is_none() => write!(
                f,
                "{}'s time is up: draw ({} cannot checkmate)",
                side_name(c),
                side_name(c.other())
            ),
            Why::Time(c) => write!(f, "{}'s time is up: {verdict}", side_name(c)),
            Why::Resignation(c) => write!(f, "{} resigns: {verdict}", side_name(c)),
            Why::Forfeit(c) => write!(f, "{} forfeits: {verdict}", side_name(c)),
            Why::Adjudication => write!(f, "adjudicated: {verdict}"),
        }
    }
}

/// The umpire's answer to one attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Refused: the mover alone hears `Illegal move`.
    Illegal,
    /// Played; both players hear the announcement.
    Legal(Announcement),
    /// The game is already over.
    GameOver,
}

/// The umpire's game.
#[derive(Clone, Debug)]
pub struct Record {
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    refused: Vec<Attempt>,
    finish: Option<Finish>,
}

impl Record {
    /// A game from the standard position.
    pub fn new() -> Record {
        Record::from_position(Position::new(Ruleset::CHESS))
    }

    /// A game from a set-up chess position (already over if it is mate,
    /// stalemate or insufficient material).
    pub fn from_position(start: Position) -> Record {
        let finish = ending(&start, &start.legal_moves()).map(|e| Finish {
            winner: e.winner(),
            why: Why::Position(e),
        });
        Record {
            start,
            position: start,
            plies: Vec::new(),
            refused: Vec::new(),
            finish,
        }
    }

    /// The umpire's answer to `attempt` by the side to move.
    pub fn attempt(&mut self, attempt: Attempt) -> Answer {
        if self.finish.is_some() {
            return Answer::GameOver;
        }
        match judge(&self.position, attempt) {
            Verdict::Illegal => {
                self.refused.push(attempt);
                Answer::Illegal
            }
            Verdict::Legal {
                mv,
                position,
                announcement,
            } => {
                self.position = position;
                if let Some(e) = announcement.ending() {
                    self.finish = Some(Finish {
                        winner: e.winner(),
                        why: Why::Position(e),
                    });
                }
                self.plies.push(Ply {
                    refused: std::mem::take(&mut self.refused),
                    mv,
                    announcement: announcement.clone(),
                });
                Answer::Legal(announcement)
            }
        }
    }

    /// Ends the game otherwise than by a move (time, resignation, forfeit,
    /// adjudication). A side whose time is up draws when its opponent cannot
    /// mate.
    pub fn end(&mut self, why: Why) -> Finish {
        if let Some(f) = self.finish {
            return f;
        }
        let winner = match why {
            Why::Time(c) if self.position.has_insufficient_material(c.other()) => None,
            Why::Time(c) | Why::Resignation(c) | Why::Forfeit(c) => Some(c.other()),
            Why::Adjudication => None,
            Why::Position(e) => e.winner(),
        };
        let finish = Finish { winner, why };
        self.finish = Some(finish);
        finish
    }

    /// The true position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// How the game ended, if it has.
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// The moves so far.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// Attempts refused in the current turn.
    pub fn refused(&self) -> &[Attempt] {
        &self.refused
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.plies.last().map(|p| p.mv)
    }

    /// The game in SAN with move numbers: `1. e4 f6 2. e5 fxe5`.
    pub fn san_moves(&self) -> String {
        let mut pos = self.start;
        let mut words = Vec::new();
        for (i, ply) in self.plies.iter().enumerate() {
            if pos.turn().is_white() {
                words.push(format!("{}.", pos.fullmoves()));
            } else if i == 0 {
                words.push(format!("{}...", pos.fullmoves()));
            }
            words.push(notation::san(&pos, ply.mv));
            pos = pos.play(ply.mv);
        }
        words.join(" ")
    }

    /// The game as PGN: the tags given (plus `Result` and `Variant
    /// "Kriegspiel"`), then each move in SAN followed by its announcement
    /// as a comment, the refused attempts of a turn as a comment before its
    /// move (`2. {Illegal: e4f5} e5 {Black's move, 1 pawn try}`).
    ///
    /// ```
    /// use antichess::kriegspiel::Record;
    /// let mut game = Record::new();
    /// for a in ["e2e4", "f7f6", "e4f5", "e4e5"] {
    ///     game.attempt(a.parse().unwrap());
    /// }
    /// let pgn = game.pgn(&[]);
    /// assert!(pgn.contains("[Variant \"Kriegspiel\"]"));
    /// assert!(pgn.ends_with(
    ///     "1. e4 {Black's move} f6 {White's move} 2. {Illegal: e4f5} e5 {Black's move, 1\npawn try} *\n\n"
    /// ));
    /// ```
    pub fn pgn(&self, tags: &[(&str, String)]) -> String {
        let result = self.finish.map_or("*", Finish::result);
        let mut record = PgnGame::new(self.start, Vec::new(), result);
        for (name, value) in tags {
            record.set_tag(name, value.clone());
        }
        record.set_tag("Variant", "Kriegspiel");
        let mut out = header(&record);
        out.push('\n');
        let mut text = Movetext::new();
        let words = |text: &mut Movetext, comment: &str| {
            let mut words = comment.split(' ').peekable();
            let mut first = true;
            while let Some(w) = words.next() {
                let open = if first { "{" } else { "" };
                let close = if words.peek().is_none() { "}" } else { "" };
                text.token(&format!("{open}{w}{close} "));
                first = false;
            }
        };
        let mut pos = self.start;
        for (i, ply) in self.plies.iter().enumerate() {
            if pos.turn().is_white() {
                text.token(&format!("{}. ", pos.fullmoves()));
            } else if i == 0 {
                text.token(&format!("{}... ", pos.fullmoves()));
            }
            if !ply.refused.is_empty() {
                let list: Vec<String> = ply.refused.iter().map(Attempt::to_string).collect();
                words(&mut text, &format!("Illegal: {}", list.join(" ")));
            }
            text.token(&format!("{} ", notation::san(&pos, ply.mv)));
            words(&mut text, &ply.announcement.to_string());
            pos = pos.play(ply.mv);
        }
        if !self.refused.is_empty() {
            let list: Vec<String> = self.refused.iter().map(Attempt::to_string).collect();
            words(&mut text, &format!("Illegal: {}", list.join(" ")));
        }
        text.token(&format!("{result} "));
        out.push_str(&text.finish());
        out.push('\n');
        out
    }
}

impl Default for Record {
    fn default() -> Record {
        Record::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specifications_record_of_the_paper_game() {
        let mut game = Record::new();
        for a in [
            "e2e4", "f7f6", "e4f5", "e4e5", "f6e5", "d1h5", "g7g6", "f1e2", "g6h5", "e2h5",
        ] {
            game.attempt(a.parse().unwrap());
        }
        let pgn = game.pgn(&[]);
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        // The specification's example, whose line breaks are illustrative:
        // the writer breaks lines between words before column 80.
        let spec = "1. e4 {Black's move} f6 {White's move} 2. {Illegal: e4f5} e5 {Black's move, 1 pawn try} \
             fxe5 {Pawn at e5 captured, White's move} 3. Qh5+ {Short-diagonal check, Black's move} \
             g6 {White's move} 4. Be2 {Black's move, 1 pawn try} gxh5 {Piece at h5 captured, \
             White's move} 5. Bxh5# {Pawn at h5 captured, Short-diagonal check, Checkmate: White \
             wins} 1-0";
        assert_eq!(movetext.replace('\n', " "), spec);
        assert!(movetext.lines().all(|l| l.len() <= 80), "{movetext}");
        assert!(movetext.lines().count() == 5, "{movetext}");
        assert_eq!(
            game.san_moves(),
            "1. e4 f6 2. e5 fxe5 3. Qh5+ g6 4. Be2 gxh5 5. Bxh5#"
        );
        assert_eq!(game.attempt("e8f7".parse().unwrap()), Answer::GameOver);
    }
}
