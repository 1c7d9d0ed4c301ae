//! The hub's events as they come: a client connected, a line, a client
//! gone, the server stopping; then what time decides (flags, logins) and
//! what is queued sent. Each batch of events is one database transaction
//! (see [`run`]).

use std::time::Instant;

use tokio::sync::mpsc;

use super::hub::{BATCH, Hub, LOGIN_TIMEOUT, PROMPT};
use super::net::{ConnId, Event};
use super::session::Session;
use super::table::Table;
use super::{commands, leave, login, play};

/// Takes events until the server stops and every client is told.
///
/// Events come in batches: whatever is waiting (up to [`BATCH`]) is
/// handled inside one database transaction, committed, and only then
/// is anything sent (group commit: every move is on disk before anyone
/// hears of it, at one disk sync per batch rather than per move).
pub async fn run(mut hub: Hub, mut events: mpsc::Receiver<Event>) {
    loop {
        let deadline = next_deadline(&hub);
        let event = match deadline {
            Some(at) => {
                tokio::select! {
                    e = events.recv() => e,
                    () = tokio::time::sleep_until(at.into()) => {
                        hub.db.begin();
                        tick(&mut hub);
                        hub.db.commit();
                        flush(&mut hub);
                        continue;
                    }
                }
            }
            None => events.recv().await,
        };
        let Some(event) = event else { return };
        let mut stop = matches!(event, Event::Shutdown);
        hub.db.begin();
        handle(&mut hub, event);
        for _ in 1..BATCH {
            let Ok(event) = events.try_recv() else { break };
            stop |= matches!(event, Event::Shutdown);
            handle(&mut hub, event);
        }
        tick(&mut hub);
        hub.db.commit();
        flush(&mut hub);
        if stop {
            return;
        }
    }
}

fn handle(hub: &mut Hub, event: Event) {
    match event {
        Event::Connected {
            id,
            peer,
            out,
            backlog,
        } => {
            let mut session = Session::new(out, backlog, peer.ip());
            session.pending.push_str(login::GREETING);
            hub.sessions.insert(id, session);
        }
        Event::Line { id, line, too_long } => {
            if too_long {
                hub.say(id, "Line too long: ignored.");
            } else {
                client_line(hub, id, line.trim());
            }
        }
        Event::Closed { id } => leave::gone(hub, id),
        Event::Shutdown => shutdown(hub),
    }
}

/// A line from a client, at whatever stage it is.
fn client_line(hub: &mut Hub, id: ConnId, line: &str) {
    let Some(session) = hub.sessions.get(&id) else {
        return;
    };
    if session.is_in() {
        if let Some(s) = hub.sessions.get_mut(&id) {
            s.answered = true;
        }
        commands::run(hub, id, line);
    } else {
        login::line(hub, id, line);
    }
}

/// The earliest time something happens on its own: a flag falls, a
/// login times out.
fn next_deadline(hub: &Hub) -> Option<Instant> {
    let flags = hub.tables.values().filter_map(Table::deadline);
    let logins = hub
        .sessions
        .values()
        .filter(|s| !s.is_in())
        .map(|s| s.since + LOGIN_TIMEOUT);
    flags.chain(logins).min()
}

/// Decides what time decides: fallen flags, timed-out logins.
fn tick(hub: &mut Hub) {
    let now = Instant::now();
    let fallen: Vec<u32> = hub
        .tables
        .iter()
        .filter(|(_, t)| t.deadline().is_some_and(|d| d <= now))
        .map(|(&n, _)| n)
        .collect();
    for number in fallen {
        play::flag(hub, number);
    }
    let late: Vec<ConnId> = hub
        .sessions
        .iter()
        .filter(|(_, s)| !s.is_in() && now >= s.since + LOGIN_TIMEOUT)
        .map(|(&id, _)| id)
        .collect();
    for id in late {
        hub.say(id, "\nLogin timed out.");
        leave::close(hub, id);
    }
}

/// Sends what is queued, each logged-in client's text followed by the
/// prompt. A client whose queue is full is not reading: it is let go.
fn flush(hub: &mut Hub) {
    let mut stuck = Vec::new();
    for (&id, session) in &mut hub.sessions {
        let answered = std::mem::take(&mut session.answered) && session.is_in();
        if session.pending.is_empty() && !answered {
            continue;
        }
        let mut text = std::mem::take(&mut session.pending);
        if session.is_in() {
            if !text.is_empty() {
                text.insert(0, '\n');
            }
            text.push_str(PROMPT);
        }
        if !session.send(text) {
            stuck.push(id);
        }
    }
    for id in stuck {
        leave::gone(hub, id);
    }
}

/// The server stops: games in progress are adjourned, every client
/// is told and let go.
fn shutdown(hub: &mut Hub) {
    hub.stopping = true;
    let numbers: Vec<u32> = hub.tables.keys().copied().collect();
    for number in numbers {
        play::adjourn(hub, number, "Game adjourned by the server shutting down");
    }
    let ids: Vec<ConnId> = hub.sessions.keys().copied().collect();
    for id in ids {
        hub.say(id, "\n    **** The server is shutting down. ****\n");
        leave::close(hub, id);
    }
}
