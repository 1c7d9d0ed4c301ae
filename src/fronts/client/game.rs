//! A game the client plays or watches, kept from the server's `<s1>`
//! lines (see `server/told.rs`): the game's own seat for this viewer
//! ([`crate::game::Seat`], made through the registry), the clocks as last
//! told and ticking since, and at the end of a game of hidden information
//! the whole game, replayed from its attempts, for the reveal and `save`.

use std::path::Path;
use std::time::Instant;

use shakmaty::ByColor;

use crate::game::view::{Style, clock_text};
use crate::game::{AnyGame, Registry, Seat, Told, Viewer};
use crate::games::chess::view::position_board;
use crate::rules::chess::{Color, Outcome, Reason};
use crate::sys::safe_write::write_atomic;

/// A `<s1>` line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatLine {
    /// A game sat down to.
    Start {
        /// The game's ruleset.
        ruleset: String,
        /// This viewer.
        viewer: Viewer,
        /// The players.
        names: ByColor<String>,
        /// The increment, in milliseconds.
        increment_ms: i64,
        /// The clocks (0: unlimited).
        clocks: ByColor<i64>,
    },
    /// Something told of the game.
    Told(Told),
    /// The clocks after a move (`None`: unlimited).
    Clock(ByColor<Option<i64>>),
    /// A hidden game's every attempt, at its end.
    Attempts(Vec<String>),
    /// The end: the result and the reason's name, or `*` and why not.
    End(String, String),
    /// A line for clients that keep no game of their own (`board`,
    /// `legal`, `stored`): this client's seat knows it all itself.
    ForOthers,
}

fn color_of(word: &str) -> Option<Color> {
    match word {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Reads a `<s1>` line: the game's number and what it says.
pub fn read(line: &str) -> Option<(u32, SeatLine)> {
    let rest = line.strip_prefix("<s1> ")?;
    let mut words = rest.split(' ');
    let number = words.next()?.parse().ok()?;
    let what = words.next()?;
    let words: Vec<&str> = words.collect();
    let text = || words.join(" ");
    let seat_line = match (what, &words[..]) {
        ("start", [ruleset, side, white, black, inc, wms, bms]) => SeatLine::Start {
            ruleset: ruleset.to_string(),
            viewer: color_of(side).map_or(Viewer::Onlooker, Viewer::Side),
            names: ByColor {
                white: white.to_string(),
                black: black.to_string(),
            },
            increment_ms: inc.parse().ok()?,
            clocks: ByColor {
                white: wms.parse().ok()?,
                black: bms.parse().ok()?,
            },
        },
        ("moved", [side, mv]) => SeatLine::Told(Told::Moved {
            side: color_of(side)?,
            text: (*mv != "?").then(|| mv.to_string()),
        }),
        ("heard", _) => SeatLine::Told(Told::Heard(text())),
        ("refused", [mv]) => SeatLine::Told(Told::Refused(mv.to_string())),
        ("clock", [w, b]) => SeatLine::Clock(ByColor {
            white: w.parse().ok(),
            black: b.parse().ok(),
        }),
        ("attempts", _) => SeatLine::Attempts(
            words
                .iter()
                .filter(|w| !w.is_empty())
                .map(|w| w.to_string())
                .collect(),
        ),
        ("end", [result, why]) => SeatLine::End(result.to_string(), why.to_string()),
        ("board" | "legal" | "stored" | "marks", _) => SeatLine::ForOthers,
        _ => return None,
    };
    Some((number, seat_line))
}

/// The result as an outcome, with its reason.
fn outcome_of(result: &str, why: &str) -> Option<Outcome> {
    let reason = Reason::named(why)?;
    match result {
        "1-0" => Some(Outcome::win(Color::White, reason)),
        "0-1" => Some(Outcome::win(Color::Black, reason)),
        "1/2-1/2" => Some(Outcome::draw(reason)),
        _ => None,
    }
}

/// The whole board at the end of a game of hidden information: the
/// board alone when it is a chess board (the clocks and the turn are the
/// seat's), else the game's view of it.
fn reveal(full: &dyn AnyGame, names: ByColor<&str>, style: Style) -> String {
    match full.diagram(Viewer::Onlooker) {
        Some(d) => {
            let mut out = position_board(&d.board, None, style);
            if let Some(last) = d.last {
                out.push_str(&format!("Last move: {}\n", last.pretty));
            }
            out
        }
        None => full.view(Viewer::Onlooker, names, style),
    }
}

/// A game at this client.
pub struct Table {
    /// Its number on the server.
    pub number: u32,
    /// Its ruleset.
    pub ruleset: String,
    /// What this viewer knows.
    pub seat: Box<dyn Seat>,
    /// The players.
    pub names: ByColor<String>,
    /// The clocks as last told (`None`: unlimited), and when.
    clocks: ByColor<Option<i64>>,
    told_at: Instant,
    /// The result, once over (`1-0`, ...; `*` when aborted or adjourned).
    pub result: Option<String>,
    /// This viewer's attempts refused since the last move.
    pub refused: Vec<String>,
    /// The whole game once known: at once in a game of full
    /// information, at the end otherwise.
    full: Option<Box<dyn AnyGame>>,
}

impl Table {
    /// A game sat down to, through the registry; `None` for a game it
    /// does not know.
    pub fn start(games: &Registry, number: u32, line: &SeatLine) -> Option<Table> {
        let SeatLine::Start {
            ruleset,
            viewer,
            names,
            clocks,
            ..
        } = line
        else {
            return None;
        };
        let game = games.start(ruleset, clocks.white, clocks.black)?;
        let limited = |ms: i64| (ms > 0).then_some(ms);
        Some(Table {
            number,
            ruleset: ruleset.clone(),
            seat: game.seat(*viewer),
            names: names.clone(),
            clocks: ByColor {
                white: limited(clocks.white),
                black: limited(clocks.black),
            },
            told_at: Instant::now(),
            result: None,
            refused: Vec::new(),
            full: None,
        })
    }

    /// This viewer's side, if it plays.
    pub fn side(&self) -> Option<Color> {
        match self.seat.viewer() {
            Viewer::Side(c) => Some(c),
            Viewer::Onlooker => None,
        }
    }

    /// Whether it is this viewer's move in a game going on.
    pub fn my_move(&self) -> bool {
        self.result.is_none()
            && self.side() == Some(self.seat.turn())
            && self.seat.game().is_none_or(|g| g.outcome().is_none())
    }

    /// The clocks now: the side to move's runs.
    pub fn clocks(&self) -> ByColor<Option<i64>> {
        let mut now = self.clocks;
        if self.result.is_none() {
            let running = i64::try_from(self.told_at.elapsed().as_millis()).unwrap_or(i64::MAX);
            let turn = now.get_mut(self.seat.turn());
            *turn = turn.map(|ms| ms.saturating_sub(running).max(0));
        }
        now
    }

    /// The clocks as a line, the side to move's running; `None` once the
    /// game is over or when it has no clocks.
    pub fn clock_line(&self) -> Option<String> {
        let clocks = self.clocks();
        if self.result.is_some() || (clocks.white.is_none() && clocks.black.is_none()) {
            return None;
        }
        let turn = self.seat.turn();
        Some(format!(
            "Clocks: White {}, Black {}; {} to move ({}).",
            clock_text(clocks.white),
            clock_text(clocks.black),
            if turn == Color::White {
                "White"
            } else {
                "Black"
            },
            self.names.get(turn)
        ))
    }

    /// Takes a line about this game; `true` when the view changed (a
    /// move, the start, the end) and is worth drawing.
    pub fn take(&mut self, games: &Registry, line: SeatLine) -> bool {
        match line {
            SeatLine::Start { .. } | SeatLine::ForOthers => false,
            SeatLine::Told(told) => {
                if let Told::Refused(text) = &told {
                    self.refused.push(text.clone());
                }
                self.seat.told(&told);
                false
            }
            SeatLine::Clock(clocks) => {
                self.refused.clear();
                self.clocks = clocks;
                self.told_at = Instant::now();
                true
            }
            SeatLine::Attempts(attempts) => {
                if let Some(mut game) = games.start(&self.ruleset, 0, 0) {
                    for text in &attempts {
                        let _ = game.attempt(text, 0);
                    }
                    self.full = Some(game);
                }
                false
            }
            SeatLine::End(result, why) => {
                self.clocks = self.clocks();
                if let Some(outcome) = outcome_of(&result, &why) {
                    self.seat.ended(outcome);
                    if let Some(full) = self.full.as_mut()
                        && full.outcome().is_none()
                    {
                        full.adjudicate(outcome);
                    }
                }
                self.result = Some(result);
                true
            }
        }
    }

    /// The whole game, when this viewer may know it.
    pub fn whole(&self) -> Option<&dyn AnyGame> {
        self.full.as_deref().or_else(|| self.seat.game())
    }

    /// The game drawn for this viewer; at the end of a hidden game, the
    /// whole board too.
    pub fn draw(&self, fancy: bool) -> String {
        let names = self.names.as_ref().map(String::as_str);
        let style = Style {
            fancy,
            flipped: self.side() == Some(Color::Black),
        };
        let mut out = format!(
            "Game {}: {} (White) vs. {} (Black)\n",
            self.number, self.names.white, self.names.black
        );
        out.push_str(&self.seat.view(names, self.clocks(), style));
        if self.seat.game().is_none()
            && let Some(full) = &self.full
        {
            out.push_str("The umpire's board:\n");
            out.push_str(&reveal(full.as_ref(), names, style));
        }
        out
    }

    /// `save FILE`: the game as PGN.
    pub fn save(&self, path: &str, site: &str) -> String {
        let Some(game) = self.whole() else {
            return "The game can be saved once it is over (until then the other side's moves are hidden).".to_string();
        };
        let mut tags = vec![
            ("Event", "antichess server game".to_string()),
            ("Site", site.to_string()),
            ("Date", crate::rules::pgn::today()),
            ("Round", self.number.to_string()),
            ("White", self.names.white.clone()),
            ("Black", self.names.black.clone()),
        ];
        if !game.pgn_standard() {
            tags.push(("Variant", self.ruleset.clone()));
        }
        let Some(pgn) = game.pgn(&tags) else {
            return "This game has no PGN.".to_string();
        };
        match write_atomic(Path::new(path), pgn.as_bytes()) {
            Ok(()) => format!("Saved to {path}."),
            Err(e) => format!("Could not save {path}: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lines_are_read() {
        assert_eq!(
            read("<s1> 3 moved black ?"),
            Some((
                3,
                SeatLine::Told(Told::Moved {
                    side: Color::Black,
                    text: None
                })
            ))
        );
        assert_eq!(
            read("<s1> 3 heard White's move: check on the file."),
            Some((
                3,
                SeatLine::Told(Told::Heard("White's move: check on the file.".into()))
            ))
        );
        assert_eq!(
            read("<s1> 1 clock 1000 -"),
            Some((
                1,
                SeatLine::Clock(ByColor {
                    white: Some(1000),
                    black: None
                })
            ))
        );
        assert_eq!(read("<s1> x moved white e2e4"), None);
        assert_eq!(read("<s1> 1 moved green e2e4"), None);
        assert_eq!(read("<12> rnbqkbnr"), None);
        assert_eq!(
            outcome_of("0-1", "checkmate"),
            Some(Outcome::win(Color::Black, Reason::Checkmate))
        );
        assert_eq!(outcome_of("*", "adjourned"), None);
    }
}
