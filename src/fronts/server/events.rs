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
                    // Lines that waited (a move sent before a flag fell,
                    // while the hub was busy) are taken before the time.
                    biased;
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
            kill,
        } => {
            let mut session = Session::new(out, backlog, kill, peer.ip());
            session.pending.push_str(login::GREETING);
            hub.connect(id, session);
        }
        Event::Line {
            id,
            line,
            too_long,
            at,
        } => {
            hub.arrived = at;
            if let Some(s) = hub.session_mut(id) {
                s.active = at;
            }
            if too_long {
                hub.say(id, "Line too long: ignored.");
                if hub.session(id).is_some_and(|s| !s.is_in()) {
                    login::prompt_again(hub, id);
                }
            } else {
                client_line(hub, id, line.trim());
            }
        }
        Event::Checked { id, peer, name, ok } => login::checked(hub, id, peer, &name, ok),
        Event::Hashed { id, name, hash } => super::register::hashed(hub, id, &name, hash),
        Event::Closed { id } => leave::gone(hub, id),
        Event::Remote(message) => super::relay::heard(hub, message),
        Event::Shutdown => shutdown(hub),
    }
}

/// A line from a client, at whatever stage it is.
pub(super) fn client_line(hub: &mut Hub, id: ConnId, line: &str) {
    let Some(session) = hub.session(id) else {
        return;
    };
    if session.is_in() {
        if super::relay::pass_on(hub, id, line) {
            return;
        }
        if let Some(s) = hub.session_mut(id) {
            s.answered = true;
        }
        commands::run(hub, id, line);
    } else {
        login::line(hub, id, line);
    }
}

/// When a client times out: not logged in after [`LOGIN_TIMEOUT`], or
/// logged in, playing no game, and idle past the idle limit.
fn timeout(hub: &Hub, s: &Session) -> Option<Instant> {
    if !s.is_in() {
        Some(s.since + LOGIN_TIMEOUT)
    } else if s.seating.playing().is_none() {
        hub.limits.idle.map(|idle| s.active + idle)
    } else {
        None
    }
}

/// The earliest time something happens on its own: a flag falls, a
/// login or an idle client times out, a guest's grace ends.
fn next_deadline(hub: &Hub) -> Option<Instant> {
    let flags = hub.tables().filter_map(Table::deadline);
    let graces = hub.tables().filter_map(Table::grace_ends);
    let timeouts = hub.sessions().filter_map(|(_, s)| timeout(hub, s));
    flags
        .chain(graces)
        .chain(timeouts)
        .chain(hub.alive_due)
        .min()
}

/// The games whose `when` (a flag's fall, a grace's end) has come.
fn due(hub: &Hub, now: Instant, when: impl Fn(&Table) -> Option<Instant>) -> Vec<u32> {
    hub.tables()
        .filter(|t| when(t).is_some_and(|d| d <= now))
        .map(|t| t.number)
        .collect()
}

/// Decides what time decides: fallen flags, graces over, timed-out
/// logins and idle clients.
fn tick(hub: &mut Hub) {
    let now = Instant::now();
    if hub.alive_due.is_some_and(|at| at <= now) {
        hub.alive_due = Some(now + super::db::KEEP_ALIVE);
        super::relay::check_nodes(hub);
    }
    for number in due(hub, now, Table::deadline) {
        play::flag(hub, number);
    }
    for number in due(hub, now, Table::grace_ends) {
        play::grace_over(hub, number);
    }
    let late: Vec<(ConnId, bool)> = hub
        .sessions()
        .filter(|(_, s)| timeout(hub, s).is_some_and(|t| now >= t))
        .map(|(id, s)| (id, s.is_in()))
        .collect();
    for (id, logged_in) in late {
        if logged_in {
            let minutes = hub.limits.idle.map_or(0, |d| d.as_secs().div_ceil(60));
            hub.say(
                id,
                &format!(
                    "\n**** Auto-logout because you were idle more than {minutes} minutes. ****"
                ),
            );
        } else {
            hub.say(id, "\nLogin timed out.");
        }
        leave::close(hub, id);
    }
}

/// Sends what is queued, each logged-in client's text followed by the
/// prompt. A client whose queue is full is not reading: it is let go.
fn flush(hub: &mut Hub) {
    super::relay::flush(hub);
    let mut stuck = Vec::new();
    for (id, session) in hub.sessions_mut() {
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
        if let Some(s) = hub.session(id) {
            // Its writer stops at once: nothing more is written to it.
            s.kill.notify_one();
        }
        leave::gone(hub, id);
    }
}

/// The server stops: games in progress are adjourned, every client
/// is told and let go.
fn shutdown(hub: &mut Hub) {
    hub.stopping = true;
    let numbers: Vec<u32> = hub.tables().map(|t| t.number).collect();
    for number in numbers {
        play::adjourn(hub, number, "Game adjourned by the server shutting down");
    }
    let ids: Vec<ConnId> = hub.sessions().map(|(id, _)| id).collect();
    for id in ids {
        hub.say(id, "\n    **** The server is shutting down. ****\n");
        leave::close(hub, id);
    }
}
