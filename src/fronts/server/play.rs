//! A game's life on the server: it starts, each attempt is judged by the
//! game, stored, then told (each viewer its own board: a Kriegspiel
//! player only its own pieces, an observer only the announcements), the
//! clock is kept here and a flag falls here, and the game ends, is
//! adjourned, or resumes from the database.

use std::time::Instant;

use shakmaty::ByColor;

use super::db::StoredGame;
use super::hub::Hub;
use super::net::ConnId;
use super::style12::{self, Relation};
use super::table::{Requests, Table};
use super::terms::Terms;
use crate::game::{AnyGame, Attempted, LegalMove, Refusal, Typed, Viewer};
use crate::rules::chess::{Color, Outcome, Reason};

/// The end of the result line of a game a player left.
const DISCONNECTED: &str = "forfeits by disconnection";

/// Starts a game between two logged-in clients.
pub fn start(hub: &mut Hub, white: ConnId, black: ConnId, terms: Terms) {
    let players = ByColor {
        white: hub.handle_of(white),
        black: hub.handle_of(black),
    };
    let Some(game) = hub
        .games
        .start(&terms.ruleset, terms.initial_ms, terms.initial_ms)
    else {
        return;
    };
    let stored = StoredGame {
        id: 0,
        white: players.white.clone(),
        black: players.black.clone(),
        ruleset: terms.ruleset.clone(),
        initial_ms: terms.initial_ms,
        increment_ms: terms.increment_ms,
        rated: terms.rated,
        state: "playing".to_string(),
        result: "*".to_string(),
        why: String::new(),
        started: 0,
    };
    let id = match hub.db.new_game(&stored) {
        Ok(id) => id,
        Err(e) => {
            for c in [white, black] {
                hub.say(
                    c,
                    &format!("The game cannot be stored ({e}); it is not started."),
                );
            }
            return;
        }
    };
    open(hub, id, game, players, terms, 0, "Creating");
}

/// Seats a game (new, or resumed with `seq` attempts played) and tells
/// its players.
pub(super) fn open(
    hub: &mut Hub,
    id: i64,
    game: Box<dyn AnyGame>,
    players: ByColor<String>,
    terms: Terms,
    seq: usize,
    how: &str,
) {
    let number = hub.free_table_number();
    for handle in players.iter() {
        hub.forget(handle);
    }
    let table = Table {
        number,
        id,
        game,
        players,
        terms,
        turn_started: Instant::now(),
        observers: Default::default(),
        seq,
        requests: Requests::default(),
        last_ms: 0,
        absent: None,
    };
    let rating =
        |c: Color| super::rating::shown(hub, table.players.get(c), &table.terms.kind(&hub.games));
    let creating = format!(
        "Creating: {} ({}) {} ({}) {}\n{{{} {how} {} match.}}",
        table.players.white,
        rating(Color::White),
        table.players.black,
        rating(Color::Black),
        table.terms.describe(&hub.games),
        table.title(),
        table.terms.rated_kind(&hub.games),
    );
    hub.seat_table(table);
    let audience = audience(hub, number);
    for &(conn, viewer) in &audience {
        hub.say(conn, &creating);
        super::told::start(hub, number, conn, viewer);
    }
    let told: Vec<ConnId> = audience.iter().map(|&(c, _)| c).collect();
    let notice = creating.lines().last().unwrap_or_default().to_string();
    super::notices::game(hub, &notice, &told);
    send_boards(hub, number);
}

/// The connections of a game's players who are online.
fn player_conns(hub: &Hub, number: u32) -> Vec<ConnId> {
    let Some(table) = hub.table(number) else {
        return Vec::new();
    };
    table.players.iter().filter_map(|h| hub.find(h)).collect()
}

/// Everyone who sees a game: its players (with their side) and its
/// observers.
fn audience(hub: &Hub, number: u32) -> Vec<(ConnId, Viewer)> {
    let Some(table) = hub.table(number) else {
        return Vec::new();
    };
    let mut all: Vec<(ConnId, Viewer)> = [Color::White, Color::Black]
        .into_iter()
        .filter_map(|c| {
            hub.find(table.players.get(c))
                .map(|id| (id, Viewer::Side(c)))
        })
        .collect();
    all.extend(table.observers.iter().map(|&id| (id, Viewer::Onlooker)));
    all
}

/// Sends each viewer of a game its board: a `<12>` line to programs
/// (`style 12`) when the game is on a chess board, else the board drawn.
pub fn send_boards(hub: &mut Hub, number: u32) {
    for (conn, viewer) in audience(hub, number) {
        send_board(hub, number, conn, viewer);
    }
}

/// Sends one viewer its board.
pub fn send_board(hub: &mut Hub, number: u32, conn: ConnId, viewer: Viewer) {
    let (Some(table), Some(session)) = (hub.table(number), hub.session(conn)) else {
        return;
    };
    let relation = match viewer {
        Viewer::Side(c) if c == table.game.turn() => Relation::MyMove,
        Viewer::Side(_) => Relation::TheirMove,
        Viewer::Onlooker => Relation::Observing,
    };
    let line = if session.style12 {
        style12::line(table, viewer, relation, session.ms)
    } else {
        None
    };
    if line.is_none() && session.seat {
        // It keeps its own view from the `<s1>` lines: `<12>` boards
        // only, when it asked for them too.
        return;
    }
    let text = line.unwrap_or_else(|| table.text_view(viewer));
    hub.say(conn, text.trim_end());
}

/// What a typed line is to the game: a move in its canonical text (a
/// promotion without its piece becomes a queen, as on the chess servers),
/// an attempt the game itself refuses and records (hidden games), a move
/// that is not legal (why), or no move at all.
enum Read {
    Move(LegalMove),
    Refused(String),
    Illegal(Refusal),
    NotAMove,
}

fn read(game: &dyn AnyGame, text: &str) -> Read {
    let typed = match game.typed(text) {
        Typed::Promotion(base) => game.typed(&format!("{base}=Q")),
        other => other,
    };
    match typed {
        Typed::Move(m) => Read::Move(m),
        // A refused attempt is the game's to record (Kriegspiel).
        Typed::Illegal(_) if game.hidden() => Read::Refused(text.to_string()),
        Typed::Illegal(why) => Read::Illegal(why),
        Typed::Promotion(_) | Typed::Unknown => Read::NotAMove,
    }
}

/// The server's words for a move refused: `Illegal move (LINE): why.`,
/// the player's own line in brackets.
fn refused_words(line: &str, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Illegal { why, .. } => format!("Illegal move ({line}): {why}."),
        Refusal::Ambiguous { .. } => {
            format!("Illegal move ({line}): ambiguous; say which piece moves.")
        }
        Refusal::Impossible(why) => format!("Illegal move ({line}): impossible: {why}."),
        Refusal::Bare => format!("Illegal move ({line})."),
    }
}

/// A line from a player in a game: `true` when it was an attempt at a
/// move (played, refused or out of turn), `false` when it is no move of
/// the game (a command, then).
pub fn attempt(hub: &mut Hub, id: ConnId, line: &str) -> bool {
    let Some(number) = hub.session(id).and_then(|s| s.seating.playing()) else {
        return false;
    };
    let handle = hub.handle_of(id);
    let arrived = hub.arrived;
    let Some(table) = hub.table_mut(number) else {
        return false;
    };
    let Some(side) = table.side_of(&handle) else {
        return false;
    };
    let read = read(table.game.as_ref(), line);
    if matches!(read, Read::NotAMove) {
        return false;
    }
    if table.game.turn() != side {
        hub.say(id, "It is not your move.");
        return true;
    }
    // The move read once, played as read; a refused attempt charges
    // nothing and the turn goes on: the clocks anyone else sees change
    // only with a move, so they never tell how many attempts were
    // refused, nor when.
    let (text, spent, attempted) = match read {
        Read::Move(m) => {
            let spent = table.spent_until(arrived);
            let Some(attempted) = table.game.play_move(&m, spent) else {
                return false;
            };
            table.turn_started = arrived.max(table.turn_started);
            (m.text, spent, attempted)
        }
        Read::Refused(text) => {
            let attempted = table.game.refuse_attempt(&text, 0);
            (text, 0, attempted)
        }
        Read::Illegal(refusal) => {
            hub.say(id, &refused_words(line, &refusal));
            return true;
        }
        Read::NotAMove => return false,
    };
    let text = text.as_str();
    let (db_id, seq) = (table.id, table.seq);
    table.seq += 1;
    if let Err(e) = hub.db.add_move(db_id, seq, text, spent) {
        hub.say(id, &format!("The server could not store the move ({e})."));
    }
    match attempted {
        Attempted::Refused { told, outcome } => {
            hub.say(id, &format!("{told} ({line})."));
            super::told::refused(hub, number, id, text);
            if let Some(outcome) = outcome {
                finish_by_rules(hub, number, outcome);
            }
        }
        Attempted::Played { heard, outcome } => played(hub, number, side, spent, heard, outcome),
        Attempted::Late { outcome } => finish_by_rules(hub, number, outcome),
    }
    true
}

/// After a legal move: the increment, the requests it cancels, the
/// boards and announcements, the end if the game ended.
fn played(
    hub: &mut Hub,
    number: u32,
    side: Color,
    spent: i64,
    heard: Option<String>,
    outcome: Option<Outcome>,
) {
    if let Some(table) = hub.table_mut(number) {
        table.last_ms = spent;
        table.requests = Requests {
            draw: table.requests.draw.filter(|&c| c == side),
            ..Requests::default()
        };
        if outcome.is_none() && table.terms.increment_ms > 0 {
            table.game.credit(side, table.terms.increment_ms);
        }
    }
    send_boards(hub, number);
    let audience = audience(hub, number);
    if let Some(heard) = heard {
        for (conn, _) in &audience {
            hub.say(*conn, &format!("Game {number}: {heard}"));
        }
    }
    let from = hub.table(number).map_or(0, |t| t.game.plies() - 1);
    super::told::moved(hub, number, from, &audience);
    if let Some(outcome) = outcome {
        finish_by_rules(hub, number, outcome);
    } else if hub.max_plies > 0
        && hub
            .table(number)
            .is_some_and(|t| t.game.plies() >= hub.max_plies)
    {
        finish_by_rules(hub, number, Outcome::draw(Reason::MoveLimit));
    }
}

/// The side to move's flag may have fallen: charged, and the game ends
/// if it has.
pub fn flag(hub: &mut Hub, number: u32) {
    let Some(table) = hub.table_mut(number) else {
        return;
    };
    let spent = table.spent();
    table.turn_started = Instant::now();
    if let Some(outcome) = table.game.charge(spent) {
        finish_by_rules(hub, number, outcome);
    }
}

/// Ends a game the rules ended.
fn finish_by_rules(hub: &mut Hub, number: u32, outcome: Outcome) {
    let Some(table) = hub.table(number) else {
        return;
    };
    let why = super::result::words(table.game.as_ref(), &table.players, outcome);
    end(hub, number, Some(outcome), &why);
}

/// Ends game `number` with `outcome` (`None`: aborted, no result), in the
/// result line's words `why`. Stored, then the final boards (the whole
/// board, in Kriegspiel) and the result line go to everyone watching;
/// rated games update the ratings.
pub fn end(hub: &mut Hub, number: u32, outcome: Option<Outcome>, why: &str) {
    let result = outcome.map_or("*", |o| super::result::score(o.winner));
    let Some(table) = hub.table_mut(number) else {
        return;
    };
    if let Some(outcome) = outcome
        && table.game.outcome().is_none()
    {
        // Decided by the server (resignation, agreement): the game's own
        // record is told, so that its views and its PGN know the end.
        table.game.adjudicate(outcome);
    }
    let id = table.id;
    let Some(table) = hub.table(number) else {
        return;
    };
    let state = if outcome.is_some() { "over" } else { "aborted" };
    if let Err(e) = hub.db.set_state(id, state, result, why) {
        eprintln!("server: game {id} could not be stored as over: {e}");
    }
    // The finished game is kept as PGN too, its Termination in the
    // standard's words (the sentence is the result line's).
    let termination = match outcome {
        None => "abandoned",
        Some(o) if o.reason == Reason::TimeExpired => "time forfeit",
        Some(o) if o.reason == Reason::MoveLimit => "adjudication",
        Some(_) if why.ends_with(DISCONNECTED) => "abandoned",
        Some(_) => "normal",
    };
    if let Ok(Some(stored)) = hub.db.game(id)
        && let Some(pgn) = table.game.pgn(&super::info::pgn_tags(&stored, termination))
        && let Err(e) = hub.db.set_pgn(id, &pgn)
    {
        eprintln!("server: the PGN of game {id} could not be stored: {e}");
    }
    if table.game.hidden() {
        send_boards(hub, number);
    }
    let Some(table) = hub.table(number) else {
        return;
    };
    let line = format!("{{{} {why}}} {result}", table.title());
    let ratings = match outcome {
        Some(o) if table.terms.rated => {
            super::rating::update(hub, &table.players, &table.terms.kind(&hub.games), o.winner)
        }
        _ => vec!["No ratings adjustment done.".to_string()],
    };
    let audience = audience(hub, number);
    let players: Vec<ConnId> = player_conns(hub, number);
    super::told::end(hub, number, outcome, "aborted", &audience);
    for (conn, _) in &audience {
        hub.say(*conn, &line);
    }
    let told: Vec<ConnId> = audience.iter().map(|&(c, _)| c).collect();
    super::notices::game(hub, &line, &told);
    for conn in players {
        hub.say(conn, &ratings.join("\n"));
    }
    remember_opponents(hub, number);
    hub.close_table(number);
}

/// Each player of game `number` keeps its opponent, the terms and its
/// colour, for `rematch`.
fn remember_opponents(hub: &mut Hub, number: u32) {
    let Some(table) = hub.table(number) else {
        return;
    };
    let (players, terms) = (table.players.clone(), table.terms.clone());
    for color in [Color::White, Color::Black] {
        let opponent = players.get(color.other()).clone();
        if let Some(s) = hub
            .find(players.get(color))
            .and_then(|c| hub.session_mut(c))
        {
            s.last_game = Some((opponent, terms.clone(), color));
        }
    }
}

/// Adjourns game `number`: stored as it stands, to be resumed.
pub fn adjourn(hub: &mut Hub, number: u32, why: &str) {
    let Some(table) = hub.table(number) else {
        return;
    };
    if let Err(e) = hub.db.set_state(table.id, "adjourned", "*", why) {
        eprintln!("server: game {} could not be adjourned: {e}", table.id);
    }
    let line = format!("{{{} {why}}} *", table.title());
    let audience = audience(hub, number);
    super::told::end(hub, number, None, "adjourned", &audience);
    for &(conn, _) in &audience {
        hub.say(conn, &line);
    }
    let told: Vec<ConnId> = audience.iter().map(|&(c, _)| c).collect();
    super::notices::game(hub, &line, &told);
    hub.close_table(number);
}

/// A player of game `number` left: between registered players the game
/// is adjourned; a game neither side has moved in is aborted; otherwise
/// the game waits for the guest to come back until its grace ends (its
/// clock running), when it forfeits. When both have left, it is aborted.
pub fn disconnected(hub: &mut Hub, number: u32, handle: &str, peer: std::net::IpAddr) {
    let Some(table) = hub.table(number) else {
        return;
    };
    let both_registered = table.players.iter().all(|p| hub.is_registered(p));
    let Some(side) = table.side_of(handle) else {
        return;
    };
    let grace = hub.limits.grace;
    if both_registered {
        adjourn(
            hub,
            number,
            &format!("{handle} lost connection; game adjourned"),
        );
    } else if table.game.plies() < 2 || table.absent.is_some() {
        end(
            hub,
            number,
            None,
            &format!("{handle} lost connection; game aborted"),
        );
    } else if !grace.is_zero() {
        if let Some(t) = hub.table_mut(number) {
            t.absent = Some(super::table::Absent {
                side,
                peer,
                until: Instant::now() + grace,
            });
        }
        let text = format!(
            "Game {number}: {handle} lost connection; the game waits {} s for {handle} to come back.",
            grace.as_secs()
        );
        for (conn, _) in audience(hub, number) {
            hub.say(conn, &text);
        }
    } else {
        forfeit(hub, number, side, handle);
    }
}

/// The absent player's grace ended: it forfeits.
pub fn grace_over(hub: &mut Hub, number: u32) {
    let Some(table) = hub.table(number) else {
        return;
    };
    let Some(side) = table.absent.as_ref().map(|a| a.side) else {
        return;
    };
    let handle = table.players.get(side).clone();
    forfeit(hub, number, side, &handle);
}

fn forfeit(hub: &mut Hub, number: u32, side: Color, handle: &str) {
    let outcome = Outcome::win(side.other(), Reason::Resignation);
    end(
        hub,
        number,
        Some(outcome),
        &format!("{handle} {DISCONNECTED}"),
    );
}

/// The game a guest named `handle` left and may come back to from
/// `peer`, if any.
pub fn waiting_for(hub: &Hub, handle: &str, peer: std::net::IpAddr) -> Option<u32> {
    hub.tables().find_map(|t| {
        let absent = t.absent.as_ref()?;
        (t.players.get(absent.side).eq_ignore_ascii_case(handle) && absent.peer == peer)
            .then_some(t.number)
    })
}

/// Whether `handle` is held for an absent player of a game.
pub fn held(hub: &Hub, handle: &str) -> bool {
    hub.tables().any(|t| {
        t.absent
            .as_ref()
            .is_some_and(|a| t.players.get(a.side).eq_ignore_ascii_case(handle))
    })
}

/// A guest came back to game `number` as `id`: seated again and shown the
/// game as it stands.
pub fn returned(hub: &mut Hub, number: u32, id: ConnId) {
    let Some(table) = hub.table_mut(number) else {
        return;
    };
    let Some(absent) = table.absent.take() else {
        return;
    };
    let handle = table.players.get(absent.side).clone();
    hub.rejoin_table(number, id);
    let text = format!("Game {number}: {handle} is back; the game goes on.");
    for (conn, _) in audience(hub, number) {
        hub.say(conn, &text);
    }
    super::told::start(hub, number, id, Viewer::Side(absent.side));
    send_board(hub, number, id, Viewer::Side(absent.side));
}
