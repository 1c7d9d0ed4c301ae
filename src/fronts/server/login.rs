//! Logging in, as FICS does it and xboard expects: `login:`, then
//! `guest` (a new `GuestXXXX` name), a registered name (and its password,
//! with the terminal's echo turned off), or any other free name as a
//! guest; then `**** Starting FICS session as NAME ****` and the prompt.

use super::hub::Hub;
use super::net::ConnId;
use super::password;
use super::session::Stage;

/// The first thing a client reads.
pub const GREETING: &str = "\
\n\
    Welcome to the antichess game server (FICS protocol).\n\
\n\
    Chess, Kriegspiel (wild/16), the 6.170 antichess rulesets and Connect N.\n\
    Log in with your name, or as \"guest\"; type \"help\" once in.\n\
\n\
login: ";

use super::net::{ECHO_OFF, ECHO_ON};

/// Wrong passwords before the connection is closed.
const MAX_FAILURES: u32 = 3;
/// Password checks from one address at once.
const MAX_CHECKS_PER_ADDRESS: usize = 2;
/// Wrong passwords from one address before it may not try for a while.
const MAX_ADDRESS_FAILURES: u32 = 20;
/// How long an address's failures count.
const FAILURE_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);

/// Whether the client's address has failed too often lately.
fn locked_out(hub: &mut Hub, id: ConnId) -> bool {
    let Some(peer) = hub.session(id).map(|s| s.peer) else {
        return true;
    };
    let now = std::time::Instant::now();
    hub.login_failures
        .retain(|_, (_, since)| now.duration_since(*since) < FAILURE_WINDOW);
    hub.login_failures
        .get(&peer)
        .is_some_and(|(count, _)| *count >= MAX_ADDRESS_FAILURES)
}

/// Counts a wrong password against the client's address.
fn count_failure(hub: &mut Hub, id: ConnId) {
    if let Some(peer) = hub.session(id).map(|s| s.peer) {
        let entry = hub
            .login_failures
            .entry(peer)
            .or_insert((0, std::time::Instant::now()));
        entry.0 += 1;
    }
}

/// Whether `name` may be a handle: 3 to 17 letters.
pub fn valid_handle(name: &str) -> bool {
    (3..=17).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphabetic())
}

/// Whether `name` may be registered: a handle that does not begin with
/// `guest` (guests' names do).
pub fn registrable(name: &str) -> bool {
    valid_handle(name) && !name.to_ascii_lowercase().starts_with("guest")
}

/// A line typed before the client is logged in.
pub fn line(hub: &mut Hub, id: ConnId, line: &str) {
    let Some(stage) = hub.session(id).map(|s| s.stage.clone()) else {
        return;
    };
    match stage {
        Stage::Name => name(hub, id, line),
        Stage::Password(name) => password(hub, id, &name, line),
        // Lines typed while the password is checked are not taken.
        Stage::Checking(_) => {}
        Stage::Guest(name) => {
            let elsewhere = hub.db.node_of(&name).ok().flatten().is_some();
            if hub.find(&name).is_some() || elsewhere || held_from_elsewhere(hub, id, &name) {
                hub.say(id, &format!("Sorry, {name} is already logged in."));
                again(hub, id);
            } else {
                start(hub, id, &name, false);
            }
        }
        Stage::In => {}
    }
}

/// Asks again for what the login waits for, after a line it could not
/// take (too long): the name, the password, or Enter.
pub fn prompt_again(hub: &mut Hub, id: ConnId) {
    let prompt = match hub.session(id).map(|s| &s.stage) {
        Some(Stage::Password(_)) => format!("password: {ECHO_OFF}"),
        Some(Stage::Guest(name)) => format!("Press return to enter the server as \"{name}\":\n"),
        _ => "login: ".to_string(),
    };
    hub.prompt(id, &prompt);
}

fn again(hub: &mut Hub, id: ConnId) {
    if let Some(s) = hub.session_mut(id) {
        s.stage = Stage::Name;
    }
    hub.prompt(id, "login: ");
}

fn name(hub: &mut Hub, id: ConnId, typed: &str) {
    let typed = typed.trim();
    if typed.is_empty() {
        hub.prompt(id, "login: ");
        return;
    }
    if typed.eq_ignore_ascii_case("guest") {
        let guest = new_guest_name(hub);
        offer_guest(hub, id, &guest, true);
        return;
    }
    if !valid_handle(typed) {
        hub.say(
            id,
            "Sorry, names must be 3 to 17 letters (A-Z, a-z), with nothing else.",
        );
        hub.prompt(id, "login: ");
        return;
    }
    match hub.db.user(typed) {
        Ok(Some(_)) if locked_out(hub, id) => {
            hub.say(
                id,
                "Too many wrong passwords from your address: try again later.",
            );
            super::leave::close(hub, id);
        }
        Ok(Some((registered, _))) => {
            hub.say(
                id,
                &format!(
                    "\n\"{registered}\" is a registered name.  If it is yours, type the password.\n\
                     If not, just hit return to try another name.\n"
                ),
            );
            hub.prompt(id, &format!("password: {ECHO_OFF}"));
            if let Some(s) = hub.session_mut(id) {
                s.stage = Stage::Password(registered);
            }
        }
        Ok(None) if held_from_elsewhere(hub, id, typed) => {
            hub.say(
                id,
                &format!("Sorry, {typed} has a game waiting for it to come back."),
            );
            hub.prompt(id, "login: ");
        }
        Ok(None)
            if typed.to_ascii_lowercase().starts_with("guest") && !returning(hub, id, typed) =>
        {
            hub.say(
                id,
                "Sorry, names beginning with \"Guest\" are given by the server.",
            );
            hub.prompt(id, "login: ");
        }
        Ok(None) => offer_guest(hub, id, typed, false),
        Err(e) => {
            hub.say(
                id,
                &format!("Sorry, the server cannot log you in now ({e})."),
            );
            super::leave::close(hub, id);
        }
    }
}

/// Offers `name` as a guest name: one the server made (`given`), or one
/// typed that is not registered.
fn offer_guest(hub: &mut Hub, id: ConnId, name: &str, given: bool) {
    let first = if given {
        format!("\nLogging you in as \"{name}\"; you may use this name to play unrated games.")
    } else {
        format!(
            "\n\"{name}\" is not a registered name.  You may use this name to play unrated games."
        )
    };
    let how = if hub.registration.is_some() {
        "Once in, \"register PASSWORD\" makes a name of your own an account."
    } else {
        "A registered name is made by the server's keeper: antichess server add-user NAME."
    };
    hub.say(id, &format!("{first}\n({how})\n"));
    hub.prompt(
        id,
        &format!("Press return to enter the server as \"{name}\":\n"),
    );
    if let Some(s) = hub.session_mut(id) {
        s.stage = Stage::Guest(name.to_string());
    }
}

fn password(hub: &mut Hub, id: ConnId, name: &str, typed: &str) {
    hub.prompt(id, &format!("{ECHO_ON}\n"));
    if typed.is_empty() {
        again(hub, id);
        return;
    }
    if locked_out(hub, id) {
        hub.say(
            id,
            "Too many wrong passwords from your address: try again later.",
        );
        super::leave::close(hub, id);
        return;
    }
    let Some(peer) = hub.session(id).map(|s| s.peer) else {
        return;
    };
    let in_flight = hub.checks.get(&peer).copied().unwrap_or(0);
    if in_flight >= MAX_CHECKS_PER_ADDRESS {
        hub.say(
            id,
            "Too many passwords from your address are being checked: try again in a moment.",
        );
        again(hub, id);
        return;
    }
    let now = hub.arrived;
    if hub.check_rate.take(now).is_err() {
        hub.say(
            id,
            "The server is busy checking passwords: try again in a moment.",
        );
        again(hub, id);
        return;
    }
    let stored = hub.db.user(name).ok().flatten().map(|(_, hash)| hash);
    let queued = match &hub.checker {
        Some(checker) => checker.check(id, peer, name, typed, stored.clone()),
        None => true,
    };
    if !queued {
        hub.say(
            id,
            "The server is busy checking passwords: try again in a moment.",
        );
        again(hub, id);
        return;
    }
    *hub.checks.entry(peer).or_default() += 1;
    if let Some(s) = hub.session_mut(id) {
        s.stage = Stage::Checking(name.to_string());
    }
    if hub.checker.is_none() {
        let ok = stored.is_some_and(|hash| password::verify(typed, &hash));
        checked(hub, id, peer, name, ok);
    }
}

/// A password check came back: the client logs in, or is told and
/// counted a failure.
pub fn checked(hub: &mut Hub, id: ConnId, peer: std::net::IpAddr, name: &str, ok: bool) {
    if let Some(n) = hub.checks.get_mut(&peer) {
        *n -= 1;
        if *n == 0 {
            hub.checks.remove(&peer);
        }
    }
    // The client may have left meanwhile.
    if !hub
        .session(id)
        .is_some_and(|s| s.stage == Stage::Checking(name.to_string()))
    {
        return;
    }
    if ok {
        if let Some(old) = hub.find(name) {
            hub.say(
                old,
                "\nYou are logged in from somewhere else: this session ends.",
            );
            super::leave::close(hub, old);
        }
        start(hub, id, name, true);
        return;
    }
    hub.say(id, "\n**** Invalid password! ****\n");
    count_failure(hub, id);
    let failures = hub.session_mut(id).map_or(0, |s| {
        s.failures += 1;
        s.failures
    });
    if failures >= MAX_FAILURES {
        super::leave::close(hub, id);
    } else {
        again(hub, id);
    }
}

/// Whether `name` is a guest's whose game waits for it to come back, and
/// this client is not at its address.
fn held_from_elsewhere(hub: &Hub, id: ConnId, name: &str) -> bool {
    super::play::held(hub, name) && !returning(hub, id, name)
}

/// Whether this client is the guest `name` coming back to its game (from
/// the address it left from).
fn returning(hub: &Hub, id: ConnId, name: &str) -> bool {
    hub.session(id)
        .is_some_and(|s| super::play::waiting_for(hub, name, s.peer).is_some())
}

fn start(hub: &mut Hub, id: ConnId, name: &str, registered: bool) {
    let back = hub
        .session(id)
        .and_then(|s| super::play::waiting_for(hub, name, s.peer));
    // The name as the game has it (a guest may type it in any case).
    let name = back
        .and_then(|n| hub.table(n))
        .and_then(|t| t.players.iter().find(|p| p.eq_ignore_ascii_case(name)))
        .cloned()
        .unwrap_or_else(|| name.to_string());
    let name = name.as_str();
    hub.log_in(id, name, registered);
    let shown = if registered {
        name.to_string()
    } else {
        format!("{name}(U)")
    };
    hub.say(id, &format!("**** Starting FICS session as {shown} ****"));
    super::notices::player(hub, name, true);
    if let Some(number) = back {
        super::play::returned(hub, number, id);
    }
    super::resume::notice(hub, id);
}

/// A guest name no one online has, nor was offered it: `Guest` and four
/// letters. With a shared database it is taken there at once, so that
/// no other node gives it meanwhile.
fn new_guest_name(hub: &mut Hub) -> String {
    loop {
        let letters: String = (0..4)
            .map(|_| char::from(b'A' + hub.rng.below(26) as u8))
            .collect();
        let name = format!("Guest{letters}");
        if hub.find(&name).is_none()
            && !offered(hub, &name)
            && !super::play::held(hub, &name)
            && hub.db.claim(&name, &format!("{name}(U)")).unwrap_or(true)
        {
            return name;
        }
    }
}

/// Whether `name` was offered to a client still to press return.
fn offered(hub: &Hub, name: &str) -> bool {
    hub.sessions()
        .any(|(_, s)| matches!(&s.stage, Stage::Guest(n) if n.eq_ignore_ascii_case(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sys::rng::Xorshift;
    use std::sync::Arc;

    fn client(hub: &mut Hub, id: ConnId) {
        let (out, _) = tokio::sync::mpsc::channel(8);
        let peer = std::net::Ipv4Addr::LOCALHOST.into();
        let session =
            super::super::session::Session::new(out, Arc::default(), Arc::default(), peer);
        hub.connect(id, session);
    }

    fn offered_to(hub: &Hub, id: ConnId) -> String {
        match &hub.session(id).unwrap().stage {
            Stage::Guest(name) => name.clone(),
            other => panic!("not offered a name: {other:?}"),
        }
    }

    #[test]
    fn a_guest_name_is_not_offered_twice_while_the_first_client_decides() {
        let db = super::super::db::Db::in_memory().unwrap();
        let mut hub = Hub::new(crate::games::builtin(), db, 7, 0);
        let (first, second) = (1, 2);
        client(&mut hub, first);
        client(&mut hub, second);
        line(&mut hub, first, "guest");
        // The same draw again: the name offered first comes up first.
        hub.rng = Xorshift::new(7);
        line(&mut hub, second, "guest");
        assert_ne!(offered_to(&hub, first), offered_to(&hub, second));
    }
}
