//! A client leaving: what it had queued sent, its seeks and challenges
//! withdrawn, its game adjourned or forfeited.

use std::sync::Arc;

use super::hub::Hub;
use super::net::ConnId;
use super::play;

/// Lets a client go: what it had queued is sent, then the connection
/// closes.
pub fn close(hub: &mut Hub, id: ConnId) {
    if let Some(session) = hub.session_mut(id) {
        let text = std::mem::take(&mut session.pending);
        if let Some(out) = session.out.take()
            && !text.is_empty()
        {
            let _ = out.try_send(Arc::from(text));
        }
    }
    gone(hub, id);
}

/// A client is gone: its seeks and challenges are withdrawn, its game
/// adjourned (between registered players) or forfeited.
pub fn gone(hub: &mut Hub, id: ConnId) {
    let Some(mut session) = hub.disconnect(id) else {
        return;
    };
    session.out = None;
    if !session.is_in() {
        return;
    }
    super::relay::left(hub, &session);
    super::notices::player(hub, &session.handle, false);
    hub.forget(&session.handle);
    for number in session.seating.observing() {
        hub.unobserve(number, id);
    }
    if let Some(number) = session.seating.playing() {
        // Put back so that the game's ending reaches nobody gone.
        play::disconnected(hub, number, &session.handle, session.peer);
    }
}
