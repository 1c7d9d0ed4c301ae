//! Players of one node in a game of another, for server nodes sharing a
//! PostgreSQL database ([`super::bus`] carries the messages).
//!
//! The node of the game (its *host*) holds a stand-in session for a
//! player connected elsewhere: a session like any other (its seat, what
//! it may see of a Kriegspiel board, its clocks and notices are the
//! host's to decide, exactly as for a player connected there), but what
//! it is told goes to the player's *home* node, which holds the
//! connection, and what the player types comes from there. While a
//! player is relayed, its home passes every line on (but `quit`); the
//! host releases it once the stand-in has no game, no watched game and
//! no challenge left.
//!
//! A stand-in is made when a player here challenges a player elsewhere
//! (`match NAME`), or when a player elsewhere watches a game here
//! (`observe NAME`, the name of a player of this node's game, asked of
//! the player's home and passed on to the host). A player already
//! playing at home is not relayed: the host is told it is busy.

use super::bus::{Kind, Remote};
use super::hub::Hub;
use super::net::ConnId;
use super::session::{Session, Stage};

/// The first connection number of stand-ins (clients' numbers count up
/// from 1, far below).
const FIRST_STAND_IN: ConnId = 1 << 62;

/// Sends `kind` about `handle` to node `node`.
pub fn send(hub: &Hub, node: &str, kind: Kind, handle: &str, text: &str) {
    let message = Remote {
        kind,
        from: hub.db.node().to_string(),
        handle: handle.to_string(),
        text: text.to_string(),
    };
    if let Err(e) = hub.db.notify(node, &message.payload()) {
        eprintln!("server: database: cannot tell node {node}: {e}");
    }
}

/// A stand-in here for `handle`, a player of node `home`: the one there
/// is, or a new one (the home is asked to relay the player).
pub fn stand_in(hub: &mut Hub, handle: &str, home: &str) -> ConnId {
    if let Some(id) = hub.find(handle) {
        return id;
    }
    let id = (FIRST_STAND_IN..)
        .find(|id| hub.session(*id).is_none())
        .unwrap_or(FIRST_STAND_IN);
    let registered = hub.db.user(handle).ok().flatten().is_some();
    let (out, _) = tokio::sync::mpsc::channel(1);
    let mut session = Session::new(out, Default::default(), Default::default(), [0u8; 4].into());
    session.out = None;
    session.stage = Stage::In;
    session.handle = handle.to_string();
    session.registered = registered;
    session.home = Some(home.to_string());
    hub.connect_stand_in(id, session);
    send(hub, home, Kind::Relay, handle, "");
    id
}

/// A stand-in for `name`, a player logged in on another node (`None`
/// when it is on no other node).
pub fn stand_in_for(hub: &mut Hub, name: &str) -> Option<ConnId> {
    let (node, handle) = hub.db.node_of(name).ok().flatten()?;
    Some(stand_in(hub, &handle, &node))
}

/// A message from another node.
pub fn heard(hub: &mut Hub, message: Remote) {
    if message.kind == Kind::Visit {
        let from = message.from.clone();
        return visit(hub, &from, &message);
    }
    if !hub.peers.contains(&message.from) {
        hub.peers.push(message.from.clone());
    }
    if message.kind == Kind::Notice {
        return super::notices::heard(hub, &message.handle, &message.text);
    }
    let Some(id) = hub.find(&message.handle) else {
        // The player left before the message came: a host is told.
        if message.kind == Kind::Relay {
            send(hub, &message.from, Kind::Gone, &message.handle, "");
        }
        return;
    };
    let from = message.from.as_str();
    let home = hub.session(id).and_then(|s| s.home.clone());
    let hosted = home.as_deref() == Some(from);
    match message.kind {
        Kind::Tell => hub.chat(id, &message.text),
        Kind::Kick => {
            hub.say(id, &message.text);
            super::leave::close(hub, id);
        }
        Kind::Relay => {
            let busy = hub.session(id).is_none_or(|s| {
                s.home.is_some() || s.relay_to.is_some() || s.seating.playing().is_some()
            });
            if busy {
                send(hub, from, Kind::Refused, &message.handle, "");
            } else {
                let settings = hub.session(id).map(Session::settings).unwrap_or_default();
                if let Some(s) = hub.session_mut(id) {
                    s.relay_to = Some(from.to_string());
                }
                send(hub, from, Kind::Settings, &message.handle, &settings);
            }
        }
        Kind::Deliver => {
            if let Some(s) = hub.session_mut(id)
                && s.relay_to.as_deref() == Some(from)
            {
                s.pending.push_str(&message.text);
                s.answered = true;
            }
        }
        Kind::Release => {
            if let Some(s) = hub.session_mut(id)
                && s.relay_to.as_deref() == Some(from)
            {
                s.relay_to = None;
            }
        }
        Kind::Settings if hosted => {
            if let Some(s) = hub.session_mut(id) {
                s.apply_settings(&message.text);
            }
        }
        Kind::Line if hosted => super::events::client_line(hub, id, &message.text),
        Kind::Refused | Kind::Gone if hosted => {
            if message.kind == Kind::Refused {
                let handle = message.handle.clone();
                hub.say(id, &format!("{handle} is busy."));
            }
            super::leave::gone(hub, id);
        }
        _ => {}
    }
}

/// `observe NAME` asked by a player of node `from`, for a player of this
/// node: run here if its game is here, else passed on to the node that
/// hosts its game.
fn visit(hub: &mut Hub, from: &str, message: &Remote) {
    let mut parts = message.text.splitn(3, '\n');
    let (Some(watcher), Some(settings), Some(line)) = (parts.next(), parts.next(), parts.next())
    else {
        return;
    };
    // The player's settings come with the line: what the line answers
    // (a board) is in the player's style from the first.
    let run_here = |hub: &mut Hub| {
        let id = stand_in(hub, watcher, from);
        if let Some(s) = hub.session_mut(id) {
            s.apply_settings(settings);
        }
        super::events::client_line(hub, id, line);
    };
    if message.handle.is_empty() {
        return run_here(hub);
    }
    let Some(player) = hub.find(&message.handle) else {
        return;
    };
    if let Some(host) = hub.session(player).and_then(|s| s.relay_to.clone()) {
        let message = Remote {
            from: from.to_string(),
            ..message.clone()
        };
        if let Err(e) = hub.db.notify(&host, &message.payload()) {
            eprintln!("server: database: {e}");
        }
        return;
    }
    run_here(hub);
}

/// Whether a line typed here goes to the player's host instead: all but
/// `quit` while it is relayed. Sent, it is answered from there.
pub fn pass_on(hub: &mut Hub, id: ConnId, line: &str) -> bool {
    let Some(host) = hub.session(id).and_then(|s| s.relay_to.clone()) else {
        return false;
    };
    let mut words = line.split_whitespace();
    let word = words.next().unwrap_or_default();
    if matches!(word, "quit" | "exit" | "bye") {
        return false;
    }
    // The notices a player asks for are its home's to send.
    if matches!(word, "set" | "iset") && matches!(words.next(), Some("seekinfo" | "gin" | "pin")) {
        return false;
    }
    let handle = hub.handle_of(id);
    send(hub, &host, Kind::Line, &handle, line);
    if let Some(s) = hub.session_mut(id) {
        s.answered = false;
    }
    true
}

/// `observe NAME` here for a player of another node: asked of its home
/// (`false`: the name is of no player elsewhere).
pub fn observe_elsewhere(hub: &mut Hub, id: ConnId, name: &str, line: &str) -> bool {
    let Some((node, handle)) = hub.db.node_of(name).ok().flatten() else {
        return false;
    };
    send(hub, &node, Kind::Visit, &handle, &visit_text(hub, id, line));
    true
}

/// What a visit carries: who asks, with its settings, and the line.
fn visit_text(hub: &Hub, id: ConnId, line: &str) -> String {
    let me = hub.handle_of(id);
    let settings = hub.session(id).map(Session::settings).unwrap_or_default();
    format!("{me}\n{settings}\n{line}")
}

/// Reads which nodes are alive: the others are where notices go, and
/// players relayed to a node no longer alive are relayed no more.
pub fn check_nodes(hub: &mut Hub) {
    let Ok(live) = hub.db.live_nodes() else {
        return;
    };
    let me = hub.db.node().to_string();
    let mut peers: Vec<String> = live.iter().filter(|n| **n != me).cloned().collect();
    peers.sort();
    // A node new to this one is greeted, so that it knows this one at
    // once rather than at its next reading.
    for node in peers.iter().filter(|n| !hub.peers.contains(n)) {
        send(hub, node, Kind::Notice, "hello", "");
    }
    hub.peers = peers;
    let orphaned: Vec<ConnId> = hub
        .sessions()
        .filter(|(_, s)| s.relay_to.as_ref().is_some_and(|h| !live.contains(h)))
        .map(|(id, _)| id)
        .collect();
    for id in orphaned {
        if let Some(s) = hub.session_mut(id) {
            s.relay_to = None;
        }
        hub.say(
            id,
            "The server node of your game stopped: the game is adjourned (resume it here).",
        );
    }
}

/// `line` (`play N`, `observe N`) run, for a stand-in of player `id`, on
/// the node that lists number `number` of `kind` (`false`: none does).
pub fn run_where_listed(hub: &mut Hub, id: ConnId, kind: &str, number: u32, line: &str) -> bool {
    let listed = hub.db.listed_elsewhere(kind).unwrap_or_default();
    let Some((_, node, _)) = listed.into_iter().find(|(n, _, _)| *n == number) else {
        return false;
    };
    send(hub, &node, Kind::Visit, "", &visit_text(hub, id, line));
    true
}

/// A relayed player's connection is gone: its host is told.
pub fn left(hub: &Hub, session: &Session) {
    if let Some(host) = &session.relay_to {
        send(hub, host, Kind::Gone, &session.handle, "");
    }
}

/// Sends each stand-in's text to its home, and releases the stand-ins
/// with nothing left here (no game, watched game or challenge).
pub fn flush(hub: &mut Hub) {
    let mut texts = Vec::new();
    let mut idle = Vec::new();
    for (id, s) in hub.sessions_mut() {
        let Some(home) = s.home.clone() else {
            continue;
        };
        s.answered = false;
        let text = std::mem::take(&mut s.pending);
        if !text.is_empty() {
            texts.push((home.clone(), s.handle.clone(), text));
        }
        if s.seating.playing().is_none() && s.seating.observing().next().is_none() {
            idle.push((id, home, s.handle.clone()));
        }
    }
    for (home, handle, text) in texts {
        send(hub, &home, Kind::Deliver, &handle, &text);
    }
    for (id, home, handle) in idle {
        let challenged = hub
            .offers()
            .iter()
            .any(|o| o.from.eq_ignore_ascii_case(&handle) || o.to.eq_ignore_ascii_case(&handle));
        if !challenged {
            hub.disconnect(id);
            send(hub, &home, Kind::Release, &handle, "");
        }
    }
}
