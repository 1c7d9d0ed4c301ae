//! Ratings as players see them, and their update after a rated game
//! (Glicko-2, a rating per game type: `blitz`, `wild/16`, ...).

use super::glicko::Rating;
use super::hub::Hub;
use crate::rules::chess::Color;
use shakmaty::ByColor;

/// A player's rating in `kind` as lists show it: `++++` for a guest,
/// `----` for a registered player with no rated game of the kind.
pub fn shown(hub: &Hub, handle: &str, kind: &str) -> String {
    if !hub.is_registered(handle) {
        return "++++".to_string();
    }
    match hub.db.rating(handle, kind) {
        Ok(Some((rating, _, _, _))) => format!("{:.0}", rating),
        _ => "----".to_string(),
    }
}

fn load(hub: &Hub, handle: &str, kind: &str) -> (Rating, i64) {
    match hub.db.rating(handle, kind) {
        Ok(Some((rating, deviation, volatility, games))) => (
            Rating {
                rating,
                deviation,
                volatility,
            },
            games,
        ),
        _ => (Rating::NEW, 0),
    }
}

/// Updates both players' ratings in `kind` after a rated game that
/// `winner` won (`None`: a draw); the lines that say so.
pub fn update(
    hub: &Hub,
    players: &ByColor<String>,
    kind: &str,
    winner: Option<Color>,
) -> Vec<String> {
    let before = players.as_ref().map(|p| load(hub, p, kind));
    let mut lines = Vec::new();
    for color in [Color::White, Color::Black] {
        let (mine, games) = *before.get(color);
        let (theirs, _) = *before.get(color.other());
        let score = match winner {
            None => 0.5,
            Some(w) if w == color => 1.0,
            Some(_) => 0.0,
        };
        let after = mine.after(&[(theirs, score)]);
        let name = players.get(color);
        let stored = (after.rating, after.deviation, after.volatility, games + 1);
        if hub.db.set_rating(name, kind, stored).is_ok() {
            lines.push(format!(
                "{name} rating adjustment: {:.0} --> {:.0}",
                mine.rating, after.rating
            ));
        }
    }
    lines
}
