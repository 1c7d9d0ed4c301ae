//! Talking and watching: `tell`, `say`, `observe`, `unobserve`,
//! `refresh`.

use super::hub::Hub;
use super::net::ConnId;
use crate::game::Viewer;

/// The longest message passed on.
const MAX_MESSAGE: usize = 400;

fn clip(text: &str) -> String {
    text.chars().take(MAX_MESSAGE).collect()
}

/// Whether `id` may send one more message now (its talk's rate limit);
/// when not, it is told how long to wait.
pub fn may_talk(hub: &mut Hub, id: ConnId) -> bool {
    let now = hub.arrived;
    let Some(s) = hub.session_mut(id) else {
        return false;
    };
    match s.talk.take(now) {
        Ok(()) => true,
        Err(wait) => {
            hub.say(id, &super::rate::refusal("messages", wait));
            false
        }
    }
}

/// `tell USER MESSAGE`.
pub fn tell(hub: &mut Hub, id: ConnId, rest: &str) {
    let Some((name, message)) = rest.split_once(char::is_whitespace) else {
        return hub.say(id, "Usage: tell USER MESSAGE");
    };
    let Some(them) = hub.find(name) else {
        return tell_elsewhere(hub, id, name, message);
    };
    if !may_talk(hub, id) {
        return;
    }
    let from = hub.session(id).map(|s| s.shown()).unwrap_or_default();
    hub.chat(them, &format!("{from} tells you: {}", clip(message.trim())));
    let to = hub.handle_of(them);
    hub.say(id, &format!("(told {to})"));
}

/// `tell` to a player on another node of a shared database.
fn tell_elsewhere(hub: &mut Hub, id: ConnId, name: &str, message: &str) {
    let Some((node, handle)) = hub.db.node_of(name).ok().flatten() else {
        return hub.say(id, &format!("No player named \"{name}\" is logged in."));
    };
    if !may_talk(hub, id) {
        return;
    }
    let from = hub.session(id).map(|s| s.shown()).unwrap_or_default();
    let text = format!("{from} tells you: {}", clip(message.trim()));
    super::relay::send(hub, &node, super::bus::Kind::Tell, &handle, &text);
    hub.say(id, &format!("(told {handle})"));
}

/// `say MESSAGE`: to the opponent of the game being played.
pub fn say(hub: &mut Hub, id: ConnId, rest: &str) {
    let me = hub.handle_of(id);
    let opponent = hub
        .session(id)
        .and_then(|s| s.seating.playing())
        .and_then(|n| hub.table(n))
        .and_then(|t| t.side_of(&me).map(|c| t.players.get(c.other()).clone()));
    let Some(opponent) = opponent else {
        return hub.say(id, "You are not playing a game.");
    };
    let Some(them) = hub.find(&opponent) else {
        return hub.say(id, &format!("{opponent} is not logged in."));
    };
    if !may_talk(hub, id) {
        return;
    }
    let from = hub.session(id).map(|s| s.shown()).unwrap_or_default();
    hub.chat(them, &format!("{from} says: {}", clip(rest)));
    hub.say(id, &format!("(told {opponent})"));
}

/// The number of a game given as a number or as a player's name.
pub(super) fn game_number(hub: &Hub, word: &str) -> Option<u32> {
    if let Ok(n) = word.parse::<u32>() {
        return hub.table(n).is_some().then_some(n);
    }
    hub.tables()
        .find(|t| t.players.iter().any(|p| p.eq_ignore_ascii_case(word)))
        .map(|t| t.number)
}

/// `observe N|USER`.
pub fn observe(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let Some(word) = args.first() else {
        return hub.say(id, "Usage: observe N|USER");
    };
    let Some(number) = game_number(hub, word) else {
        let line = format!("observe {word}");
        let elsewhere = match word.parse::<u32>() {
            Ok(n) => super::relay::run_where_listed(hub, id, "game", n, &line),
            Err(_) => super::relay::observe_elsewhere(hub, id, word, &line),
        };
        if !elsewhere {
            hub.say(id, &format!("There is no such game ({word})."));
        }
        return;
    };
    let me = hub.handle_of(id);
    let Some(table) = hub.table(number) else {
        return;
    };
    if table.side_of(&me).is_some() {
        return hub.say(id, "You are playing that game.");
    }
    let title = table.title();
    hub.observe(number, id);
    hub.say(
        id,
        &format!("You are now observing game {number}.\n{title}"),
    );
    super::told::start(hub, number, id, Viewer::Onlooker);
    super::play::send_board(hub, number, id, Viewer::Onlooker);
}

/// `unobserve [N]`: one game, or all.
pub fn unobserve(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let watched: Vec<u32> = hub
        .session(id)
        .map(|s| s.seating.observing().collect())
        .unwrap_or_default();
    let only: Option<u32> = args.first().and_then(|a| a.parse().ok());
    let mut removed = 0;
    for number in watched.into_iter().filter(|n| only.is_none_or(|o| o == *n)) {
        hub.unobserve(number, id);
        hub.say(
            id,
            &format!("Removing game {number} from observation list."),
        );
        removed += 1;
    }
    if removed == 0 {
        hub.say(id, "You are not observing any games.");
    }
}

/// `refresh`: the board of the game played or watched.
pub fn refresh(hub: &mut Hub, id: ConnId) {
    let me = hub.handle_of(id);
    let Some(session) = hub.session(id) else {
        return;
    };
    let target = session
        .seating
        .playing()
        .or_else(|| session.seating.observing().next());
    let Some(number) = target else {
        return hub.say(id, "You are neither playing nor observing a game.");
    };
    let viewer = hub
        .table(number)
        .and_then(|t| t.side_of(&me))
        .map_or(Viewer::Onlooker, Viewer::Side);
    super::told::start(hub, number, id, viewer);
    super::play::send_board(hub, number, id, viewer);
}
