//! Adjourned games going on: a stored game replayed from its attempts and
//! resumed between its players, and
//! the notice a registered player gets of its adjourned games at login.

use shakmaty::ByColor;

use super::db::{StoredGame, StoredMove};
use super::hub::Hub;
use super::net::ConnId;
use super::terms::Terms;
use crate::game::{AnyGame, Attempted};

/// Goes on with stored game `db_id` (adjourned), its players online: the
/// game is replayed attempt by attempt, clocks included.
pub fn resume(hub: &mut Hub, db_id: i64) {
    let (Ok(Some(stored)), Ok(moves)) = (hub.db.game(db_id), hub.db.moves(db_id)) else {
        return;
    };
    let Some(game) = replay(hub, &stored, &moves) else {
        return;
    };
    let players = ByColor {
        white: stored.white.clone(),
        black: stored.black.clone(),
    };
    if players.iter().any(|p| hub.find(p).is_none()) {
        return;
    }
    if let Err(e) = hub.db.set_state(db_id, "playing", "*", "") {
        eprintln!("server: game {db_id} could not be resumed: {e}");
        return;
    }
    let terms = Terms::from(&stored);
    super::play::open(hub, db_id, game, players, terms, moves.len(), "Continuing");
}

/// At login: a registered player hears of its adjourned games, and
/// their opponents online hear that it arrived.
pub fn notice(hub: &mut Hub, id: ConnId) {
    if !hub.session(id).is_some_and(|s| s.registered) {
        return;
    }
    let me = hub.handle_of(id);
    let adjourned = hub.db.games_of(&me, "adjourned", 50).unwrap_or_default();
    if adjourned.is_empty() {
        return;
    }
    hub.say(
        id,
        &format!(
            "You have {} adjourned game{}; type resume to go on.",
            adjourned.len(),
            if adjourned.len() == 1 { "" } else { "s" }
        ),
    );
    for g in adjourned {
        if let Some(them) = hub.find(g.opponent_of(&me)) {
            hub.chat(
                them,
                &format!("Notification: {me}, who has an adjourned game with you, has arrived."),
            );
        }
    }
}

/// A stored game played again from its attempts, clocks included (each
/// attempt charged its time, each move given the increment).
pub fn replay(hub: &Hub, stored: &StoredGame, moves: &[StoredMove]) -> Option<Box<dyn AnyGame>> {
    let mut game = hub
        .games
        .start(&stored.ruleset, stored.initial_ms, stored.initial_ms)?;
    for m in moves {
        let mover = game.turn();
        let attempted = game.attempt(&m.text, m.ms);
        if let Ok(Attempted::Played { outcome: None, .. }) = attempted
            && stored.increment_ms > 0
        {
            game.credit(mover, stored.increment_ms);
        }
    }
    Some(game)
}
