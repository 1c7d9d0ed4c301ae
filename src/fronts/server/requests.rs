//! What a player asks of a game besides moves: `resign`, `draw` (offer,
//! accept, or claim), `abort` and `adjourn` (by agreement; alone before
//! either side has moved), and `resume` of an adjourned game.

use super::hub::Hub;
use super::net::ConnId;
use super::offer::Offer;
use super::terms::Terms;
use crate::rules::chess::{Color, Outcome, Reason};

/// The game `id` plays and its side in it.
fn my_game(hub: &mut Hub, id: ConnId) -> Option<(u32, Color)> {
    let me = hub.handle_of(id);
    let found = hub
        .session(id)
        .and_then(|s| s.seating.playing())
        .and_then(|n| hub.table(n).and_then(|t| t.side_of(&me)).map(|c| (n, c)));
    if found.is_none() {
        hub.say(id, "You are not playing a game.");
    }
    found
}

/// Tells the opponent of `side` in game `number`.
fn tell_opponent(hub: &mut Hub, number: u32, side: Color, text: &str) {
    let Some(name) = hub
        .table(number)
        .map(|t| t.players.get(side.other()).clone())
    else {
        return;
    };
    if let Some(them) = hub.find(&name) {
        hub.say(them, text);
    }
}

/// `resign`.
pub fn resign(hub: &mut Hub, id: ConnId) {
    let Some((number, side)) = my_game(hub, id) else {
        return;
    };
    let me = hub.handle_of(id);
    let outcome = Outcome::win(side.other(), Reason::Resignation);
    super::play::end(hub, number, Some(outcome), &format!("{me} resigns"));
}

/// `draw`: claims a draw the rules allow now, else accepts the
/// opponent's offer, else offers one.
pub fn draw(hub: &mut Hub, id: ConnId) {
    let Some((number, side)) = my_game(hub, id) else {
        return;
    };
    let me = hub.handle_of(id);
    let Some(table) = hub.table_mut(number) else {
        return;
    };
    if table.game.turn() == side
        && let Some(outcome) = table.game.claimable_draw()
    {
        let why = super::result::words(table.game.as_ref(), &table.players, outcome);
        return super::play::end(hub, number, Some(outcome), &why);
    }
    if table.requests.draw == Some(side.other()) {
        let outcome = Outcome::draw(Reason::Agreement);
        return super::play::end(hub, number, Some(outcome), "Game drawn by mutual agreement");
    }
    table.requests.draw = Some(side);
    hub.say(id, "Offering a draw.");
    tell_opponent(
        hub,
        number,
        side,
        &format!("{me} offers you a draw.\nType \"draw\" to accept."),
    );
}

/// Which request a player makes of the opponent.
#[derive(Clone, Copy)]
enum Ask {
    Abort,
    Adjourn,
}

/// `abort`: at once before both sides have moved, else by agreement.
pub fn abort(hub: &mut Hub, id: ConnId) {
    ask(hub, id, Ask::Abort);
}

/// `adjourn`: by agreement, once a move has been made.
pub fn adjourn(hub: &mut Hub, id: ConnId) {
    ask(hub, id, Ask::Adjourn);
}

/// A request that ends the game when the opponent made it too.
fn ask(hub: &mut Hub, id: ConnId, what: Ask) {
    let Some((number, side)) = my_game(hub, id) else {
        return;
    };
    let me = hub.handle_of(id);
    let Some(table) = hub.table_mut(number) else {
        return;
    };
    let plies = table.game.plies();
    let standing = match what {
        Ask::Abort => &mut table.requests.abort,
        Ask::Adjourn => &mut table.requests.adjourn,
    };
    let agreed = *standing == Some(side.other());
    *standing = Some(side);
    let (word, action) = match what {
        Ask::Abort => ("abort", "abort the game"),
        Ask::Adjourn => ("adjourn", "adjourn the game"),
    };
    match what {
        Ask::Abort if agreed => {
            return super::play::end(hub, number, None, "Game aborted by mutual agreement");
        }
        Ask::Abort if plies < 2 => {
            let why = format!("Game aborted on move 1 by {me}");
            return super::play::end(hub, number, None, &why);
        }
        Ask::Adjourn if agreed => {
            return super::play::adjourn(hub, number, "Game adjourned by mutual agreement");
        }
        Ask::Adjourn if plies == 0 => {
            return hub.say(id, "No moves have been made: abort the game instead.");
        }
        _ => {}
    }
    hub.say(id, &format!("Requesting to {action}."));
    let text = format!("{me} would like to {action}.\nType \"{word}\" to accept.");
    tell_opponent(hub, number, side, &text);
}

/// `resume [USER]`: asks the opponent of an adjourned game to go on with
/// it; when the opponent has asked too (or accepts), it goes on.
pub fn resume(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let me = hub.handle_of(id);
    if !hub.session(id).is_some_and(|s| s.registered) {
        return hub.say(
            id,
            "You have no adjourned game: only registered players resume games.",
        );
    }
    let adjourned = hub.db.games_of(&me, "adjourned", 50).unwrap_or_default();
    let wanted = args.first().copied();
    let game = adjourned.iter().rev().find(|g| {
        let other = g.opponent_of(&me);
        wanted.is_none_or(|w| other.eq_ignore_ascii_case(w)) && hub.find(other).is_some()
    });
    let Some(game) = game.cloned() else {
        return hub.say(id, "You have no adjourned game with anyone logged in.");
    };
    let other = game.opponent_of(&me).to_string();
    let them = hub.find(&other).unwrap_or(id);
    if hub
        .session(them)
        .is_some_and(|s| s.seating.playing().is_some())
    {
        return hub.say(id, &format!("{other} is playing a game."));
    }
    let asked = hub.take_offer(|o| o.from == other && o.to == me && o.resume == Some(game.id));
    if asked.is_some() {
        return super::resume::resume(hub, game.id);
    }
    let terms = Terms::from(&game);
    hub.put_offer(Offer {
        from: me.clone(),
        to: other.clone(),
        terms,
        color: None,
        resume: Some(game.id),
    });
    hub.say(
        id,
        &format!(
            "Issuing: {me} asks {other} to resume game {} (adjourned).",
            game.id
        ),
    );
    hub.say(them, &format!("Challenge: {me} would like to resume your adjourned game {}.\nYou can \"accept\" or \"decline\", or type \"resume {me}\".", game.id));
}
