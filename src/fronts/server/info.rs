//! What the server tells about players and games: `who`, `games`,
//! `finger`, `history`, and `smoves` (a stored game as PGN).

use super::db::StoredGame;
use super::hub::Hub;
use super::net::ConnId;

/// `who`: the players logged in.
pub fn who(hub: &mut Hub, id: ConnId) {
    let mut lines: Vec<String> = hub
        .sessions()
        .map(|(_, s)| s)
        .filter(|s| s.is_in() && s.home.is_none())
        .map(|s| {
            let state = if s.seating.playing().is_some() {
                '^'
            } else {
                ':'
            };
            format!("{state}{}", s.shown())
        })
        .collect();
    // Players on the other nodes of a shared database.
    match hub.db.elsewhere() {
        Ok(others) => lines.extend(others.into_iter().map(|(_, shown)| format!(":{shown}"))),
        Err(e) => eprintln!("server: database: {e}"),
    }
    lines.sort();
    let count = lines.len();
    lines.push(String::new());
    lines.push(format!("{count} players displayed (of {count})."));
    hub.say(id, &lines.join("\n"));
}

/// `games`: the games being played.
pub fn games(hub: &mut Hub, id: ConnId) {
    let mut lines = Vec::new();
    for t in hub.tables() {
        let clock = |c| crate::game::view::clock_text(t.game.clock(c).remaining());
        lines.push(format!(
            "{:3} {:<17} {:<17} [{}] {} - {} ({} plies)",
            t.number,
            t.players.white,
            t.players.black,
            t.terms.describe(&hub.games),
            clock(crate::rules::chess::Color::White),
            clock(crate::rules::chess::Color::Black),
            t.game.plies()
        ));
    }
    let elsewhere = hub.db.listed_elsewhere("game").unwrap_or_default();
    let count = hub.tables().count() + elsewhere.len();
    lines.extend(
        elsewhere
            .into_iter()
            .map(|(_, _, line)| format!("{line} (on another node)")),
    );
    lines.push(format!("\n  {count} games displayed."));
    hub.say(id, &lines.join("\n"));
}

/// `finger [USER]`: a player's ratings and what it is doing.
pub fn finger(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let name = args
        .first()
        .map_or_else(|| hub.handle_of(id), |n| n.to_string());
    let online = hub.find(&name).and_then(|c| hub.session(c));
    let registered = hub.db.user(&name).ok().flatten();
    let shown = match (online, &registered) {
        (Some(s), _) if s.computer => format!("{}(C)", s.handle),
        (Some(s), _) => s.handle.clone(),
        (None, Some((n, _))) => n.clone(),
        (None, None) => {
            return hub.say(id, &format!("There is no player matching the name {name}."));
        }
    };
    let mut text = format!("Finger of {shown}:\n\n");
    match online {
        Some(s) => {
            text.push_str(&format!("On for: {} s\n", s.since.elapsed().as_secs()));
            if let Some(n) = s.seating.playing() {
                text.push_str(&format!("(playing game {n})\n"));
            }
        }
        None => text.push_str("Not logged in.\n"),
    }
    if registered.is_none() {
        text.push_str("\nA guest: no ratings.");
        return hub.say(id, &text);
    }
    let name = online.map_or(shown.clone(), |s| s.handle.clone());
    let ratings = hub.db.ratings(&name).unwrap_or_default();
    if ratings.is_empty() {
        text.push_str("\nNo rated games played.");
    } else {
        text.push_str("\n          rating     RD   games\n");
        for (kind, rating, deviation, games) in ratings {
            text.push_str(&format!(
                "{kind:<10} {rating:>6.0} {deviation:>6.1} {games:>7}\n"
            ));
        }
    }
    hub.say(id, text.trim_end());
}

/// `history [USER]`: the last games, with their numbers for `smoves`.
pub fn history(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let name = args
        .first()
        .map_or_else(|| hub.handle_of(id), |n| n.to_string());
    let games = hub.db.games_of(&name, "over", 10).unwrap_or_default();
    if games.is_empty() {
        return hub.say(id, &format!("{name} has no history games."));
    }
    let mut lines = vec![format!("History for {name}:")];
    for g in &games {
        let color = if g.white.eq_ignore_ascii_case(&name) {
            'W'
        } else {
            'B'
        };
        let opponent = g.opponent_of(&name);
        let mark = match (g.result.as_str(), color) {
            ("1-0", 'W') | ("0-1", 'B') => '+',
            ("1/2-1/2", _) => '=',
            _ => '-',
        };
        lines.push(format!(
            "{:>6}: {mark} {color} {opponent:<17} [{}] {} {}",
            g.id,
            kind_of(&hub.games, g),
            g.result,
            g.why
        ));
    }
    hub.say(id, &lines.join("\n"));
}

fn kind_of(games: &crate::game::Registry, g: &StoredGame) -> String {
    super::terms::Terms::from(g).describe(games)
}

/// `smoves N` or `smoves USER N`: stored game N (its number in
/// `history`) as PGN. A game in progress cannot be read this way, so
/// that no hidden move leaks.
pub fn smoves(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let number = args.last().and_then(|n| n.parse::<i64>().ok());
    let Some(number) = number else {
        return hub.say(id, "Usage: smoves N (a game's number from history)");
    };
    match pgn_of(hub, number) {
        Ok(text) => hub.say(id, text.trim_end()),
        Err(why) => hub.say(id, &why),
    }
}

/// The PGN of stored game `number`, kept when it ended.
pub fn pgn_of(hub: &Hub, number: i64) -> Result<String, String> {
    match hub.db.game(number) {
        Ok(Some(g)) if g.state == "over" || g.state == "aborted" => {}
        Ok(Some(_)) => return Err(format!("Game {number} is not over.")),
        _ => return Err(format!("There is no stored game {number}.")),
    }
    match hub.db.pgn(number) {
        Ok(Some(kept)) => Ok(kept),
        _ => Err(format!("Game {number} is of a game PGN cannot hold.")),
    }
}

/// The PGN tags of a stored game that ended by `termination` (the PGN
/// standard's words: `normal`, `time forfeit`, `abandoned`,
/// `adjudication`); the Event is the one `antichess connect` writes.
pub fn pgn_tags(stored: &StoredGame, termination: &str) -> Vec<(&'static str, String)> {
    let date = crate::rules::pgn::date_of(stored.started);
    vec![
        ("Event", "antichess server game".to_string()),
        ("Site", "antichess server".to_string()),
        ("Date", date),
        ("Round", "-".to_string()),
        ("White", stored.white.clone()),
        ("Black", stored.black.clone()),
        (
            "TimeControl",
            format!(
                "{}+{}",
                stored.initial_ms / 1000,
                stored.increment_ms / 1000
            ),
        ),
        ("Termination", termination.to_string()),
    ]
}
