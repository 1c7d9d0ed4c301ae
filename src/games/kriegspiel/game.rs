//! A Kriegspiel game as the umpire keeps it: the true position, every move
//! with its announcement and the attempts refused before it, and how the
//! game ended. The terminal game, the referee and the umpire filter all
//! keep their game in one of these.

use super::announcement::{Announcement, Ending};
use super::umpire::{Attempt, Verdict, ending, judge};
use crate::rules::chess::wording::{self, side_name};
use crate::rules::chess::{Color, Move, Outcome, Position, Reason, Ruleset, notation};
use crate::rules::pgn::{Movetext, PgnGame, header};

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

/// The umpire's words for how a game ended: the announcement's for an
/// ending on the board (`Checkmate: White wins`), otherwise who lost and
/// how (`White's time is up: Black wins`, `Black resigns: White wins`,
/// `adjudicated: draw`). A draw on time is the flag of `turn`, the side
/// to move (a clock runs only on its turn).
pub fn ending_words(outcome: Outcome, turn: Color) -> String {
    if let Some(ending) = Ending::of(outcome) {
        return ending.text().to_string();
    }
    let verdict = match outcome.winner {
        Some(c) => format!("{} wins", side_name(c)),
        None => "draw".to_string(),
    };
    let loser = side_name(outcome.winner.map_or(turn, Color::other));
    match outcome.reason {
        Reason::TimeExpired if outcome.winner.is_none() => format!(
            "{loser}'s time is up: draw ({} cannot checkmate)",
            side_name(turn.other())
        ),
        Reason::TimeExpired => format!("{loser}'s time is up: {verdict}"),
        Reason::Resignation => format!("{loser} resigns: {verdict}"),
        Reason::Forfeit => format!("{loser} forfeits: {verdict}"),
        Reason::MoveLimit => format!("adjudicated: {verdict}"),
        _ => format!("{}: {verdict}", wording::reason_words(outcome)),
    }
}

/// The player protocol's word for why a game ended (`result R WHY`):
/// `checkmate`, `stalemate`, `insufficient-material`, `time`,
/// `resignation`, `forfeit`, or `adjudication` (the move limit, and any
/// end a referee decides otherwise).
pub fn protocol_word(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::InsufficientMaterial => "insufficient-material",
        Reason::TimeExpired => "time",
        Reason::Resignation => "resignation",
        Reason::Forfeit => "forfeit",
        _ => "adjudication",
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
    outcome: Option<Outcome>,
}

impl Record {
    /// A game from the standard position.
    pub fn new() -> Record {
        Record::from_position(Position::new(Ruleset::CHESS))
    }

    /// A game from a set-up chess position (already over if it is mate,
    /// stalemate or insufficient material).
    pub fn from_position(start: Position) -> Record {
        Record {
            start,
            position: start,
            plies: Vec::new(),
            refused: Vec::new(),
            outcome: ending(&start, &start.legal_moves()).map(Ending::outcome),
        }
    }

    /// The umpire's answer to `attempt` by the side to move.
    pub fn attempt(&mut self, attempt: Attempt) -> Answer {
        if self.outcome.is_some() {
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
                self.outcome = announcement.ending().map(Ending::outcome);
                self.plies.push(Ply {
                    refused: std::mem::take(&mut self.refused),
                    mv,
                    announcement: announcement.clone(),
                });
                Answer::Legal(announcement)
            }
        }
    }

    /// Ends the game otherwise than by a move: `loser` lost by `reason`
    /// (time, resignation, a forfeit). A side whose time is up draws when
    /// its opponent cannot mate.
    pub fn lose(&mut self, loser: Color, reason: Reason) -> Outcome {
        let winner = loser.other();
        if reason == Reason::TimeExpired && self.position.has_insufficient_material(winner) {
            self.end(Outcome::draw(reason))
        } else {
            self.end(Outcome::win(winner, reason))
        }
    }

    /// Ends the game with `outcome` (the move limit's draw, or an end
    /// decided outside the record); a game already over keeps its end.
    pub fn end(&mut self, outcome: Outcome) -> Outcome {
        *self.outcome.get_or_insert(outcome)
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
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
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
    /// use antichess::games::kriegspiel::Record;
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
        let result = wording::pgn_result(self.outcome);
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
