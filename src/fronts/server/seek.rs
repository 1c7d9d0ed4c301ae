//! Finding an opponent: seeks (`seek`, `unseek`, `sought`, `play N`),
//! announced to everyone, and challenges (`match`, `accept`, `decline`,
//! `withdraw`) between two players.

use super::hub::Hub;
use super::net::ConnId;
use super::offer::{Offer, Seek};
use super::terms::Terms;
use crate::rules::chess::Color;

/// The seeks a player may have at once.
const MAX_SEEKS: usize = 3;

fn rating_text(hub: &Hub, handle: &str, terms: &Terms) -> String {
    super::rating::shown(hub, handle, &terms.kind(&hub.games))
}

/// Checks that `id` may play a game of `terms` now.
fn may_play(hub: &Hub, id: ConnId, terms: &Terms) -> Result<(), String> {
    let session = hub.session(id).ok_or_else(String::new)?;
    if session.seating.playing().is_some() {
        return Err("You are already playing a game.".to_string());
    }
    if terms.rated && !session.registered {
        return Err("Only registered players can play rated games.".to_string());
    }
    Ok(())
}

/// `seek [TIME INC] [rated|unrated] [white|black] [VARIANT]`.
pub fn seek(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let (terms, color) = match Terms::read(args, &hub.games) {
        Ok(t) => t,
        Err(why) => return hub.say(id, &why),
    };
    if let Err(why) = may_play(hub, id, &terms) {
        return hub.say(id, &why);
    }
    let owner = hub.handle_of(id);
    if hub.seeks().iter().filter(|s| s.owner == owner).count() >= MAX_SEEKS {
        return hub.say(
            id,
            &format!("You may have at most {MAX_SEEKS} seeks; unseek one first."),
        );
    }
    // Each seek is announced to every idle player: limited per sender.
    let now = hub.arrived;
    if let Some(Err(wait)) = hub.session_mut(id).map(|s| s.seeks.take(now)) {
        return hub.say(id, &super::rate::refusal("seeks", wait));
    }
    let (rating, described) = (
        rating_text(hub, &owner, &terms),
        terms.describe_seek(&hub.games),
    );
    let Some(number) = hub.post_seek(&owner, terms, color) else {
        return hub.say(id, "The seek list is full; try again later.");
    };
    let line = format!(
        "{owner} ({rating}) seeking {described}{} (\"play {number}\" to respond)",
        color.map_or(String::new(), |c| format!(" [{}]", side(c)))
    );
    let others: Vec<ConnId> = hub
        .sessions()
        .filter(|&(other, s)| other != id && s.is_in() && s.seating.playing().is_none())
        .map(|(other, _)| other)
        .collect();
    for other in others {
        hub.chat(other, &line);
    }
    hub.say(
        id,
        &format!("Your seek has been posted with index {number}."),
    );
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

/// White and Black: the one who offered has the colour it asked for, or
/// one drawn at random.
fn colors(hub: &mut Hub, offerer: ConnId, asked: Option<Color>, taker: ConnId) -> (ConnId, ConnId) {
    let offerer_white = match asked {
        Some(c) => c == Color::White,
        None => hub.rng.below(2) == 0,
    };
    if offerer_white {
        (offerer, taker)
    } else {
        (taker, offerer)
    }
}

/// `unseek [N]`: withdraws one seek or all of one's seeks.
pub fn unseek(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let owner = hub.handle_of(id);
    let which: Option<u32> = args.first().and_then(|a| a.parse().ok());
    let removed = hub
        .withdraw_seeks(|s| s.owner == owner && which.is_none_or(|n| n == s.number))
        .len();
    if removed == 0 {
        hub.say(id, "You have no active seeks.");
    } else {
        hub.say(id, &format!("Your seeks have been removed ({removed})."));
    }
}

/// A seek as `sought` lists it.
pub fn sought_line(hub: &Hub, s: &super::offer::Seek) -> String {
    format!(
        "{:3} {:>4} {:<17} {}{}",
        s.number,
        rating_text(hub, &s.owner, &s.terms),
        s.owner,
        s.terms.describe_seek(&hub.games),
        s.color.map_or(String::new(), |c| format!(" [{}]", side(c)))
    )
}

/// The open seeks of every node sharing the database, by number, each as
/// `line` writes it here, or as the line `part` of its listing elsewhere
/// (0: its `sought` line, 1: its `<s>` line; see [`super::db::Db::list`]).
pub fn every_seek(hub: &Hub, line: fn(&Hub, &Seek) -> String, part: usize) -> Vec<String> {
    let mut lines: Vec<(u32, String)> = hub
        .seeks()
        .iter()
        .map(|s| (s.number, line(hub, s)))
        .collect();
    let elsewhere = hub.db.listed_elsewhere("seek").unwrap_or_default();
    lines.extend(
        elsewhere
            .into_iter()
            .filter_map(|(n, _, listed)| Some((n, listed.lines().nth(part)?.to_string()))),
    );
    lines.sort();
    lines.into_iter().map(|(_, l)| l).collect()
}

/// `sought`: the open seeks, of every node sharing the database.
pub fn sought(hub: &mut Hub, id: ConnId, _args: &[&str]) {
    let mut lines = every_seek(hub, sought_line, 0);
    lines.push(format!("{} ads displayed.", lines.len()));
    hub.say(id, &lines.join("\n"));
}

/// `play N`: takes seek N.
pub fn play(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let Some(number) = args.first().and_then(|a| a.parse::<u32>().ok()) else {
        return hub.say(id, "Usage: play N (a seek's number; see sought).");
    };
    let Some(seek) = hub.seeks().iter().find(|s| s.number == number).cloned() else {
        // A seek of another node: taken there, for a stand-in of this
        // player.
        if !super::relay::run_where_listed(hub, id, "seek", number, &format!("play {number}")) {
            hub.say(id, "That seek is not available.");
        }
        return;
    };
    let me = hub.handle_of(id);
    if seek.owner == me {
        return hub.say(id, "You cannot respond to your own seek.");
    }
    if let Err(why) = may_play(hub, id, &seek.terms) {
        return hub.say(id, &why);
    }
    let Some(owner) = hub.find(&seek.owner) else {
        return hub.say(id, "That seek is not available.");
    };
    let (white, black) = colors(hub, owner, seek.color, id);
    super::play::start(hub, white, black, seek.terms);
}

/// `match USER [TIME INC] [rated|unrated] [white|black] [VARIANT]`.
pub fn challenge(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let Some((&name, rest)) = args.split_first() else {
        return hub.say(
            id,
            "Usage: match USER [TIME INC] [rated|unrated] [white|black] [VARIANT]",
        );
    };
    let (terms, color) = match Terms::read(rest, &hub.games) {
        Ok(t) => t,
        Err(why) => return hub.say(id, &why),
    };
    let them = match hub.find(name) {
        Some(them) => them,
        // A player of another node: a stand-in here for it.
        None if hub.db.node_of(name).ok().flatten().is_some() => {
            if let Err(why) = may_play(hub, id, &terms) {
                return hub.say(id, &why);
            }
            match super::relay::stand_in_for(hub, name) {
                Some(them) => them,
                None => return,
            }
        }
        None => return hub.say(id, &format!("No player named \"{name}\" is logged in.")),
    };
    if them == id {
        return hub.say(id, "You cannot challenge yourself.");
    }
    if let Err(why) = may_play(hub, id, &terms) {
        return hub.say(id, &why);
    }
    offer(hub, id, them, terms, color);
}

/// `rematch`: the last opponent challenged to the same game, colours
/// reversed.
pub fn rematch(hub: &mut Hub, id: ConnId, _args: &[&str]) {
    let Some((opponent, terms, color)) = hub.session(id).and_then(|s| s.last_game.clone()) else {
        return hub.say(id, "You have no previous opponent to rematch.");
    };
    let Some(them) = hub.find(&opponent) else {
        return hub.say(id, &format!("{opponent} is not logged in."));
    };
    if let Err(why) = may_play(hub, id, &terms) {
        return hub.say(id, &why);
    }
    offer(hub, id, them, terms, Some(color.other()));
}

/// `id` challenges `them` to a game of `terms`, `id` playing `color`.
fn offer(hub: &mut Hub, id: ConnId, them: ConnId, terms: Terms, color: Option<Color>) {
    if !super::talk::may_talk(hub, id) {
        return;
    }
    let to = hub.handle_of(them);
    if terms.rated && !hub.session(them).is_some_and(|s| s.registered) {
        return hub.say(id, &format!("{to} is a guest: only unrated games."));
    }
    let from = hub.handle_of(id);
    let text = format!(
        "{from} ({}) {to} ({}) {}{}",
        rating_text(hub, &from, &terms),
        rating_text(hub, &to, &terms),
        terms.describe(&hub.games),
        color.map_or(String::new(), |c| format!(" [{}]", side(c)))
    );
    hub.put_offer(Offer {
        from,
        to,
        terms,
        color,
        resume: None,
    });
    hub.say(id, &format!("Issuing: {text}."));
    hub.say(
        them,
        &format!(
            "Challenge: {text}.\nYou can \"accept\" or \"decline\", or propose different parameters."
        ),
    );
}

/// Takes down the challenge to `id` from `name` (or the only one when no
/// name).
fn offer_to(hub: &mut Hub, id: ConnId, name: Option<&str>) -> Result<Offer, String> {
    let me = hub.handle_of(id);
    let mine: Vec<String> = hub
        .offers()
        .iter()
        .filter(|o| o.to == me)
        .filter(|o| name.is_none_or(|n| o.from.eq_ignore_ascii_case(n)))
        .map(|o| o.from.clone())
        .collect();
    let from = match &mine[..] {
        [] => return Err("There are no offers pending to you.".to_string()),
        [from] => from.clone(),
        _ => {
            return Err("You have more than one offer: say whose, as in accept NAME.".to_string());
        }
    };
    hub.take_offer(|o| o.to == me && o.from == from)
        .ok_or_else(String::new)
}

/// `accept [USER]`.
pub fn accept(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let offer = match offer_to(hub, id, args.first().copied()) {
        Ok(offer) => offer,
        Err(why) => return hub.say(id, &why),
    };
    if let Some(game) = offer.resume {
        return super::resume::resume(hub, game);
    }
    if let Err(why) = may_play(hub, id, &offer.terms) {
        return hub.say(id, &why);
    }
    let Some(them) = hub.find(&offer.from) else {
        return hub.say(id, &format!("{} is no longer logged in.", offer.from));
    };
    if hub
        .session(them)
        .is_some_and(|s| s.seating.playing().is_some())
    {
        return hub.say(id, &format!("{} is playing a game.", offer.from));
    }
    let (white, black) = colors(hub, them, offer.color, id);
    super::play::start(hub, white, black, offer.terms);
}

/// `decline [USER]`.
pub fn decline(hub: &mut Hub, id: ConnId, args: &[&str]) {
    match offer_to(hub, id, args.first().copied()) {
        Ok(offer) => {
            hub.say(
                id,
                &format!("You decline the match offer from {}.", offer.from),
            );
            if let Some(them) = hub.find(&offer.from) {
                hub.say(them, &format!("{} declines the match offer.", offer.to));
            }
        }
        Err(why) => hub.say(id, &why),
    }
}

/// `withdraw [USER]`.
pub fn withdraw(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let me = hub.handle_of(id);
    let name = args.first().copied();
    let Some(offer) =
        hub.take_offer(|o| o.from == me && name.is_none_or(|n| o.to.eq_ignore_ascii_case(n)))
    else {
        return hub.say(id, "You have no offers to withdraw.");
    };
    hub.say(
        id,
        &format!("You withdraw the match offer to {}.", offer.to),
    );
    if let Some(them) = hub.find(&offer.to) {
        hub.say(them, &format!("{} withdraws the match offer.", offer.from));
    }
}
