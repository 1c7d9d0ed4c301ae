//! `moves [N|USER]`: the moves of a game in progress as FICS lists them
//! (`Movelist for game N:`, a header, then a row a move number with each
//! side's move and the time it took), as the asking viewer may see them:
//! in a game of hidden information (Kriegspiel) a player sees its own
//! moves and `?` for the other side's, an observer `?` for all.

use super::hub::Hub;
use super::net::ConnId;
use crate::game::{Told, Viewer};
use crate::rules::Color;

/// A move as listed: its text and, when known, its milliseconds.
type Listed = (String, Option<i64>);

/// `moves [N|USER]`: game N, the game of USER, or the one played or
/// watched.
pub fn moves(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let Some(number) = which(hub, id, args.first().copied()) else {
        return hub.say(
            id,
            "You are neither playing nor observing a game; say which: moves N.",
        );
    };
    let me = hub.handle_of(id);
    let Some(table) = hub.tables.get(&number) else {
        return hub.say(id, &format!("There is no such game ({number})."));
    };
    let viewer = table.side_of(&me).map_or(Viewer::Onlooker, Viewer::Side);
    let listed = if table.game.hidden() {
        hidden(table.game.told(viewer, 0))
    } else {
        open(hub, number)
    };
    let table = &hub.tables[&number];
    let rating =
        |c: Color| super::rating::shown(hub, table.players.get(c), &table.terms.kind(&hub.games));
    let mut text = format!(
        "Movelist for game {number}:\n\n{} ({}) vs. {} ({}) --- {}\n{}\n\nMove  {:<23} {:<23}\n----  {:<23} {:<23}\n",
        table.players.white,
        rating(Color::White),
        table.players.black,
        rating(Color::Black),
        table.terms.describe(&hub.games),
        terms_line(hub, number),
        table.players.white,
        table.players.black,
        "-".repeat(21),
        "-".repeat(21),
    );
    for (i, pair) in listed.chunks(2).enumerate() {
        let cell = |m: &Listed| match m.1 {
            Some(ms) => format!("{:<7} ({})", m.0, elapsed(ms)),
            None => m.0.clone(),
        };
        let black = pair.get(1).map(cell).unwrap_or_default();
        text.push_str(format!("{:>3}.  {:<23} {}", i + 1, cell(&pair[0]), black).trim_end());
        text.push('\n');
    }
    text.push_str("      {Still in progress} *");
    hub.say(id, &text);
}

/// The game asked for: by number, by a player's name, or the asker's own
/// (played, else the first watched).
fn which(hub: &Hub, id: ConnId, word: Option<&str>) -> Option<u32> {
    match word {
        Some(w) => match w.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => hub
                .tables
                .values()
                .find(|t| t.players.iter().any(|p| p.eq_ignore_ascii_case(w)))
                .map(|t| t.number),
        },
        None => {
            let s = hub.session(id)?;
            s.playing.or_else(|| s.observing.iter().next().copied())
        }
    }
}

/// `Unrated blitz match, initial time: 5 minutes, increment: 0 seconds.`
fn terms_line(hub: &Hub, number: u32) -> String {
    let terms = &hub.tables[&number].terms;
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

/// `m:ss.mmm`.
fn elapsed(ms: i64) -> String {
    let ms = ms.max(0);
    format!("{}:{:02}.{:03}", ms / 60_000, (ms / 1000) % 60, ms % 1000)
}

/// A game of full information: its moves replayed from the store, each
/// written as the game writes it in the position it was played in.
fn open(hub: &Hub, number: u32) -> Vec<Listed> {
    let table = &hub.tables[&number];
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
