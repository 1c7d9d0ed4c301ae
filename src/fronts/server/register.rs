//! `register PASSWORD`: a guest makes the name it logged in with a
//! registered account, when the server's keeper allows it
//! (`--open-registration`). The name rules and the Argon2id hash are
//! `server add-user`'s; the hash is made on the password thread
//! ([`super::password::Checker`]), so the hub never waits for it, and
//! accounts are made at most five at once, then one a minute, for the
//! whole server.

use super::hub::Hub;
use super::net::ConnId;
use super::password::MAX_PASSWORD;

/// The shortest password taken.
pub const MIN_PASSWORD: usize = 6;

/// `register PASSWORD`.
pub fn register(hub: &mut Hub, id: ConnId, password: &str) {
    let Some(s) = hub.session(id) else {
        return;
    };
    let (name, registered, playing, peer) = (
        s.handle.clone(),
        s.registered,
        s.seating.playing().is_some(),
        s.peer,
    );
    let refusal = if hub.registration.is_none() {
        Some("This server does not register players itself: ask its keeper.".to_string())
    } else if registered {
        Some(format!("{name} is registered already."))
    } else if !super::login::registrable(&name) {
        Some(
            "A guest name cannot be registered: log in as the name you want (3 to 17 letters, not beginning with \"guest\"), then register."
                .to_string(),
        )
    } else if playing {
        Some("Register once your game is over.".to_string())
    } else if password.chars().count() < MIN_PASSWORD || password.len() > MAX_PASSWORD {
        Some(format!(
            "Usage: register PASSWORD ({MIN_PASSWORD} to {MAX_PASSWORD} characters)."
        ))
    } else if hub.db.user(&name).ok().flatten().is_some() {
        Some(format!("{name} is already registered by someone else."))
    } else {
        None
    };
    if let Some(why) = refusal {
        return hub.say(id, &why);
    }
    let now = hub.arrived;
    if let Some(Err(wait)) = hub.registration.as_mut().map(|b| b.take(now)) {
        return hub.say(
            id,
            &format!(
                "Too many new accounts just now: try again in {} s.",
                wait.as_secs() + 1
            ),
        );
    }
    let queued = hub
        .checker
        .as_ref()
        .is_some_and(|c| c.hash(id, peer, &name, password));
    if queued {
        hub.say(id, &format!("Registering {name}..."));
    } else {
        hub.say(id, "The server is busy: try again in a moment.");
    }
}

/// The hash of a new account's password came back: the account is made
/// (unless the name was taken meanwhile) and the session is its.
pub fn hashed(hub: &mut Hub, id: ConnId, name: &str, hash: Option<String>) {
    // The client may have left, or be someone else now.
    if !hub
        .session(id)
        .is_some_and(|s| s.is_in() && s.handle == name && !s.registered)
    {
        return;
    }
    let Some(hash) = hash else {
        return hub.say(id, "The password could not be stored: try another.");
    };
    match hub.db.add_user(name, &hash) {
        Ok(true) => {
            if let Some(s) = hub.session_mut(id) {
                s.registered = true;
            }
            hub.say(
                id,
                &format!("{name} is registered: log in with this name and password from now on."),
            );
        }
        Ok(false) => hub.say(
            id,
            &format!("{name} is already registered by someone else."),
        ),
        Err(e) => {
            eprintln!("server: {name} could not be registered: {e}");
            hub.say(id, "The account could not be stored: try again later.");
        }
    }
}
