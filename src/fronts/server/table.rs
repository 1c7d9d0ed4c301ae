//! A game in progress on the server: the game (of any kind, through the
//! registry's object), its players, terms and observers, the time the
//! turn began, and the requests standing (draw, abort, adjourn).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use shakmaty::ByColor;

use super::net::ConnId;
use super::terms::Terms;
use crate::game::view::Style;
use crate::game::{AnyGame, Viewer};
use crate::rules::chess::Color;

/// Requests one side made that the other may agree to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Requests {
    /// A draw offered by this side.
    pub draw: Option<Color>,
    /// Abort asked by this side.
    pub abort: Option<Color>,
    /// Adjournment asked by this side.
    pub adjourn: Option<Color>,
}

/// A guest who lost its connection during the game, and may come back
/// (from the same address) until its grace ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absent {
    /// Its side.
    pub side: Color,
    /// Its address.
    pub peer: std::net::IpAddr,
    /// When the game is forfeited unless it is back.
    pub until: Instant,
}

/// A game being played.
pub struct Table {
    /// Its number while it is played (`observe N`).
    pub number: u32,
    /// Its number in the database.
    pub id: i64,
    /// The game.
    pub game: Box<dyn AnyGame>,
    /// The players' handles.
    pub players: ByColor<String>,
    /// What was agreed.
    pub terms: Terms,
    /// When the side to move began its turn (or last had time charged).
    pub turn_started: Instant,
    /// Who watches.
    pub observers: BTreeSet<ConnId>,
    /// Attempts stored so far (the next one's sequence number).
    pub seq: usize,
    /// Standing requests.
    pub requests: Requests,
    /// The milliseconds the last move took.
    pub last_ms: i64,
    /// A guest player who lost its connection and may come back.
    pub absent: Option<Absent>,
}

impl Table {
    /// When the side to move's flag falls, if its clock runs.
    pub fn deadline(&self) -> Option<Instant> {
        if self.game.outcome().is_some() {
            return None;
        }
        let left = self.game.clock(self.game.turn()).remaining()?;
        Some(self.turn_started + Duration::from_millis(u64::try_from(left).unwrap_or(0)))
    }

    /// When an absent player's grace ends.
    pub fn grace_ends(&self) -> Option<Instant> {
        self.absent.as_ref().map(|a| a.until)
    }

    /// `Game 7 (Alice vs. Bob)`.
    pub fn title(&self) -> String {
        format!(
            "Game {} ({} vs. {})",
            self.number, self.players.white, self.players.black
        )
    }

    /// The side `handle` plays, if it plays.
    pub fn side_of(&self, handle: &str) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.players.get(c) == handle)
    }

    /// Milliseconds since the turn began.
    pub fn spent(&self) -> i64 {
        self.spent_until(Instant::now())
    }

    /// Milliseconds from the turn's start to `at` (none when `at` came
    /// first).
    pub fn spent_until(&self, at: Instant) -> i64 {
        let spent = at.saturating_duration_since(self.turn_started);
        i64::try_from(spent.as_millis()).unwrap_or(i64::MAX)
    }

    /// The board as text for `viewer` (for clients without `style 12`,
    /// and games not on a chess board).
    pub fn text_view(&self, viewer: Viewer) -> String {
        let names = self.players.as_ref().map(String::as_str);
        let style = Style {
            fancy: false,
            flipped: viewer == Viewer::Side(Color::Black),
        };
        self.game.view(viewer, names, style)
    }
}
