//! The computer player knows only what a player knows: its attempts are a
//! function of its seed and of what it was told, and it never repeats a
//! refused attempt in one turn.

use std::collections::HashSet;

use antichess::games::kriegspiel::{Answer, Attempt, Player, Record, Strategy, Verdict, judge};
use antichess::rules::chess::Color;
use antichess::sys::rng::Xorshift;

/// Plays one turn of `player` in `game`: its attempts until one is legal,
/// and the announcement.
fn turn(player: &mut Player, game: &mut Record) -> (Vec<String>, Option<String>) {
    let mut tried = Vec::new();
    loop {
        let Some(a) = player.attempt(None) else {
            return (tried, None);
        };
        tried.push(a.to_string());
        match game.attempt(a) {
            Answer::Illegal => player.refused(),
            Answer::Legal(heard) => {
                player.heard(&heard);
                return (tried, Some(heard.to_string()));
            }
            Answer::GameOver => return (tried, None),
        }
    }
}

/// Two games whose hidden positions differ but whose announcements to
/// White are the same: White's player, with one seed, makes the same
/// attempts in both.
#[test]
fn attempts_depend_only_on_the_seed_and_the_observations() {
    for strategy in [Strategy::Search, Strategy::Heuristic, Strategy::Random] {
        let mut games = [Record::new(), Record::new()];
        let mut players = [
            Player::new(Color::White, strategy, 11),
            Player::new(Color::White, strategy, 11),
        ];
        // Black is played by the test.
        let mut rng = Xorshift::new(1);
        let mut compared = 0;
        let mut hidden_differ = false;
        'game: for black_moves in 0..40 {
            // White's turn in both games, attempt by attempt, while White
            // is told the same things.
            loop {
                let a = players[0].attempt(None);
                let b = players[1].attempt(None);
                assert_eq!(a, b, "{strategy:?}: same observations, different attempts");
                compared += 1;
                let Some(a) = a else { break 'game };
                match (games[0].attempt(a), games[1].attempt(a)) {
                    (Answer::Illegal, Answer::Illegal) => {
                        players[0].refused();
                        players[1].refused();
                    }
                    (Answer::Legal(x), Answer::Legal(y)) if x == y => {
                        players[0].heard(&x);
                        players[1].heard(&y);
                        break;
                    }
                    _ => break 'game, // from here on White is told different things
                }
            }
            if games[0].outcome().is_some() {
                break;
            }
            // Black's first move differs between the games (with the same
            // announcement); later ones are the same where they can be.
            // The knight goes to c6 in one game, to a6 in the other.
            // Later, quiet knight moves where there are some (they seldom
            // change what White hears), else any.
            let pos = *games[0].position();
            let mut legal: Vec<_> = pos.legal_moves().into_iter().collect();
            let knights: Vec<_> = legal
                .iter()
                .copied()
                .filter(|m| {
                    !m.is_capture()
                        && pos.board().role_at(m.from())
                            == Some(antichess::rules::chess::Role::Knight)
                })
                .collect();
            if !knights.is_empty() {
                legal = knights;
            }
            let chosen = if black_moves == 0 {
                "b8c6".parse().unwrap()
            } else {
                Attempt::of(legal[rng.below(legal.len())])
            };
            let Answer::Legal(heard) = games[0].attempt(chosen) else {
                panic!("{chosen} is legal");
            };
            let heard = heard.to_string();
            let pos = *games[1].position();
            let first = games[0].last_move();
            let mut moves: Vec<_> = pos.legal_moves().into_iter().collect();
            if black_moves == 0 {
                moves.retain(|m| m.to_string() == "b8-a6");
            }
            moves.sort_by_key(|m| Some(*m) != first);
            for m in moves {
                let attempt = Attempt::of(m);
                if let Verdict::Legal { announcement, .. } = judge(&pos, attempt)
                    && announcement.to_string() == heard
                {
                    games[1].attempt(attempt);
                    hidden_differ |= games[0].position() != games[1].position();
                    players[0].heard(&heard.parse().unwrap());
                    players[1].heard(&announcement);
                    continue 'game;
                }
            }
            break;
        }
        assert!(
            compared >= 10,
            "{strategy:?}: only {compared} turns compared"
        );
        assert!(
            hidden_differ,
            "{strategy:?}: the hidden positions never differed"
        );
    }
}

/// Whole games between the strategies: no attempt is tried twice in one
/// turn, and every game ends.
#[test]
fn no_refused_attempt_is_repeated_in_a_turn() {
    let pairs = [
        (Strategy::Random, Strategy::Random),
        (Strategy::Heuristic, Strategy::Random),
        (Strategy::Random, Strategy::Heuristic),
        (Strategy::Search, Strategy::Random),
    ];
    for (seed, (white, black)) in pairs.into_iter().enumerate() {
        let mut game = Record::new();
        let mut players = [
            Player::new(Color::White, white, seed as u64),
            Player::new(Color::Black, black, seed as u64 + 100),
        ];
        let mut plies = 0;
        while game.outcome().is_none() && plies < 400 {
            let side = usize::from(game.turn().is_black());
            let (tried, heard) = turn(&mut players[side], &mut game);
            let unique: HashSet<&String> = tried.iter().collect();
            assert_eq!(unique.len(), tried.len(), "{white:?}-{black:?}: {tried:?}");
            let Some(heard) = heard else { break };
            players[1 - side].heard(&heard.parse().unwrap());
            plies += 1;
        }
        assert!(plies > 0);
    }
}
