//! `moves [N|USER]`: the moves of a game in progress as FICS lists them
//! (`Movelist for game N:`, the players and when the game began, its
//! terms, then a row a move number with each side's move and the time it
//! took), as the asking viewer may see them:
//! in a game of hidden information (Kriegspiel) a player sees its own
//! moves and `?` for the other side's, an observer `?` for all.

use super::hub::Hub;
use super::net::ConnId;
use super::table::Table;
use crate::game::{Told, Viewer};
use crate::rules::chess::Color;

/// A move as listed: its text and, when known, its milliseconds.
type Listed = (String, Option<i64>);

/// `moves [N|USER]`: game N, the game of USER, or the one played or
/// watched.
pub fn moves(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let number = match which(hub, id, args.first().copied()) {
        Ok(n) => n,
        Err(why) => return hub.say(id, &why),
    };
    let me = hub.handle_of(id);
    let Some(table) = hub.table(number) else {
        return hub.say(id, &format!("There is no such game ({number})."));
    };
    let viewer = table.side_of(&me).map_or(Viewer::Onlooker, Viewer::Side);
    let listed = if table.game.hidden() {
        hidden(table.game.told(viewer, 0))
    } else {
        open(hub, table)
    };
    let with_ms = hub.session(id).is_some_and(|s| s.ms);
    let started = hub
        .db
        .game(table.id)
        .ok()
        .flatten()
        .map_or(0, |g| g.started);
    let rating =
        |c: Color| super::rating::shown(hub, table.players.get(c), &table.terms.kind(&hub.games));
    let mut text = format!(
        "Movelist for game {number}:\n\n{} ({}) vs. {} ({}) --- {}\n{}\n\nMove  {:<23} {:<23}\n----  {:<23} {:<23}\n",
        table.players.white,
        rating(Color::White),
        table.players.black,
        rating(Color::Black),
        fics_date(started),
        terms_line(hub, &table.terms),
        table.players.white,
        table.players.black,
        "-".repeat(21),
        "-".repeat(21),
    );
    for (i, pair) in listed.chunks(2).enumerate() {
        let cell = |m: &Listed| match m.1 {
            Some(ms) => format!("{:<7} ({})", m.0, elapsed(ms, with_ms)),
            None => m.0.clone(),
        };
        let black = pair.get(1).map(cell).unwrap_or_default();
        text.push_str(format!("{:>3}.  {:<23} {}", i + 1, cell(&pair[0]), black).trim_end());
        text.push('\n');
    }
    text.push_str("      {Still in progress} *");
    hub.say(id, &text);
}

/// The game asked for: by number or a player's name (as `observe`
/// reads them), or the asker's own (played, else the first watched).
fn which(hub: &Hub, id: ConnId, word: Option<&str>) -> Result<u32, String> {
    match word {
        Some(w) => super::talk::game_number(hub, w).ok_or(format!("There is no such game ({w}).")),
        None => hub
            .session(id)
            .and_then(|s| s.seating.playing().or_else(|| s.seating.observing().next()))
            .ok_or_else(|| {
                "You are neither playing nor observing a game; say which: moves N.".to_string()
            }),
    }
}

/// `Unrated blitz match, initial time: 5 minutes, increment: 0 seconds.`
fn terms_line(hub: &Hub, terms: &super::terms::Terms) -> String {
    let kind = terms.rated_kind(&hub.games);
    let mut kind = kind.chars();
    let kind = kind
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(kind).collect());
    format!(
        "{kind} match, initial time: {} minutes, increment: {} seconds.",
        terms.initial_ms / 60_000,
        terms.increment_ms / 1000
    )
}

/// `m:ss`, or `m:ss.mmm` for a client that asked for milliseconds
/// (`iset ms 1`), as FICS writes a move's time.
fn elapsed(ms: i64, with_ms: bool) -> String {
    let ms = ms.max(0);
    let seconds = format!("{}:{:02}", ms / 60_000, (ms / 1000) % 60);
    if with_ms {
        format!("{seconds}.{:03}", ms % 1000)
    } else {
        seconds
    }
}

/// A time in seconds since 1970 as FICS dates a move list: `Sat Dec  5,
/// 08:00 UTC 2026`.
fn fics_date(seconds: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let seconds = seconds.max(0);
    let date = crate::rules::pgn::date_of(seconds);
    let mut parts = date.split('.').map(|p| p.parse::<usize>().unwrap_or(1));
    let (year, month, day) = (
        parts.next().unwrap_or(1970),
        parts.next().unwrap_or(1),
        parts.next().unwrap_or(1),
    );
    let weekday = DAYS[((seconds / 86_400) % 7) as usize];
    let month = MONTHS[(month.clamp(1, 12)) - 1];
    let (hour, minute) = ((seconds / 3600) % 24, (seconds / 60) % 60);
    format!("{weekday} {month} {day:>2}, {hour:02}:{minute:02} UTC {year}")
}

/// A game of full information: its moves replayed from the store, each
/// written as the game writes it in the position it was played in.
fn open(hub: &Hub, table: &Table) -> Vec<Listed> {
    let Ok(stored) = hub.db.moves(table.id) else {
        return Vec::new();
    };
    let terms = &table.terms;
    let Some(mut game) = hub
        .games
        .start(&terms.ruleset, terms.initial_ms, terms.initial_ms)
    else {
        return Vec::new();
    };
    let mut listed = Vec::new();
    for m in stored {
        let shown = game.shown(&m.text);
        if game.attempt(&m.text, m.ms).is_err() {
            break;
        }
        listed.push((shown, Some(m.ms)));
    }
    listed
}

/// A game of hidden information as one viewer was told it: its own moves,
/// `?` for those it may not know.
fn hidden(told: Vec<Told>) -> Vec<Listed> {
    told.into_iter()
        .filter_map(|t| match t {
            Told::Moved { text, .. } => Some((text.unwrap_or_else(|| "?".to_string()), None)),
            Told::Heard(_) | Told::Refused(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_dates_as_fics_writes_them() {
        assert_eq!(elapsed(61_234, false), "1:01");
        assert_eq!(elapsed(61_234, true), "1:01.234");
        // 2026-12-05 08:00 UTC was a Saturday.
        assert_eq!(fics_date(1_796_457_600), "Sat Dec  5, 08:00 UTC 2026");
        assert_eq!(fics_date(0), "Thu Jan  1, 00:00 UTC 1970");
    }
}
