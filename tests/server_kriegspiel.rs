//! Kriegspiel on the server keeps each side's secrets: every byte sent to
//! each player and to two observers (one reading `<12>` boards, one the
//! drawn boards) during whole games is read, and none carries a piece, a
//! move or a refused attempt of a side it must not see before the game
//! ends; at the end everyone gets the whole board.
//!
//! The test plays both sides itself, with the umpire's record of the
//! library as the truth: each turn some random attempts (mostly illegal,
//! refused privately), then a legal move.

mod common;

use antichess::games::kriegspiel::{Answer, Attempt, Record};
use antichess::rules::chess::{Color, Square, notation};
use antichess::sys::rng::Xorshift;
use common::server::{Client, Server, challenge};

/// What each side tried (played and refused), as `e2e4` texts.
#[derive(Default)]
struct Tried {
    white: Vec<String>,
    black: Vec<String>,
}

/// One game between `white` and `black`, watched by the observers; the
/// attempts each side made.
fn play_game(white: &mut Client, black: &mut Client, seed: u64) -> Tried {
    let mut rng = Xorshift::new(seed);
    let mut record = Record::new();
    let mut tried = Tried::default();
    for _ply in 0..160 {
        if record.outcome().is_some() {
            break;
        }
        let side = record.turn();
        let (me, them) = if side == Color::White {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let mine = if side == Color::White {
            &mut tried.white
        } else {
            &mut tried.black
        };
        for _ in 0..rng.below(3) {
            let from = Square::new(rng.below(64) as u32);
            let to = Square::new(rng.below(64) as u32);
            if from == to {
                continue;
            }
            let text = format!("{from}{to}");
            let attempt: Attempt = text.parse().unwrap();
            match record.attempt(attempt) {
                Answer::Illegal => {
                    mine.push(text.clone());
                    let answer = me.command(&text);
                    assert!(
                        answer.contains(&format!("Illegal move ({text}).")),
                        "{answer}"
                    );
                }
                Answer::Legal(_) => {
                    mine.push(text.clone());
                    me.send(&text);
                    them.expect("Game ");
                    me.expect("Game ");
                    break;
                }
                Answer::GameOver => break,
            }
        }
        if record.turn() != side || record.outcome().is_some() {
            continue;
        }
        let legal = record.position().legal_moves();
        let m = legal[rng.below(legal.len())];
        let text = notation::uci(m);
        mine.push(text.clone());
        let answer = record.attempt(text.parse().unwrap());
        assert!(matches!(answer, Answer::Legal(_)));
        me.send(&text);
        // Both hear the announcement.
        them.expect("Game ");
        me.expect("Game ");
    }
    if record.outcome().is_none() {
        let side = record.turn();
        let me = if side == Color::White { white } else { black };
        me.send("resign");
    }
    tried
}

/// The `<12>` boards in `text`, each as its 64 squares.
fn boards(text: &str) -> Vec<(String, Vec<String>)> {
    text.lines()
        .filter(|l| l.starts_with("<12> "))
        .map(|l| {
            let fields: Vec<String> = l.split(' ').map(String::from).collect();
            (fields[1..9].concat(), fields)
        })
        .collect()
}

/// Checks what `client` received before the game's result line, as seen
/// by `viewer` (`None`: an observer), then that the end revealed all.
fn check_stream(client: &Client, viewer: Option<Color>, tried: &Tried, style12: bool) {
    let text = client.text();
    let end = text
        .match_indices("{Game 1 (")
        .map(|(i, _)| i)
        .find(|&i| {
            let line_end = text[i..].find('\n').map_or(text.len(), |j| i + j);
            !text[i..line_end].contains("Creating")
        })
        .unwrap_or_else(|| panic!("no result line in {text:?}"));
    // The last message before the result line (the final move and the
    // reveal) may show everything; everything before it must not.
    let cut = text[..end]
        .rfind("fics% ")
        .map_or(0, |i| i + "fics% ".len());
    let before = &text[..cut];
    let (mine, theirs): (&[String], Vec<&String>) = match viewer {
        Some(Color::White) => (&tried.white, tried.black.iter().collect()),
        Some(Color::Black) => (&tried.black, tried.white.iter().collect()),
        None => (&[], tried.white.iter().chain(&tried.black).collect()),
    };
    for secret in theirs {
        if mine.contains(secret) {
            continue;
        }
        let (from, to) = secret.split_at(2);
        let to = &to[..2];
        for form in [
            secret.clone(),
            format!("{from}-{to}"),
            format!("({secret})"),
        ] {
            assert!(
                !before.contains(&form),
                "{viewer:?} was sent {form:?} before the end"
            );
        }
    }
    for line in before.lines().filter(|l| l.starts_with("Illegal move (")) {
        let attempt = &line["Illegal move (".len()..line.find(')').unwrap()];
        assert!(
            mine.iter().any(|m| m == attempt),
            "{viewer:?} was told of {attempt}"
        );
    }
    if !style12 {
        return;
    }
    let shown = boards(before);
    assert!(!shown.is_empty());
    for (squares, fields) in &shown {
        let visible = |c: char| match viewer {
            Some(Color::White) => c.is_ascii_uppercase() || c == '-',
            Some(Color::Black) => c.is_ascii_lowercase() || c == '-',
            None => c == '-',
        };
        assert!(squares.chars().all(visible), "{viewer:?} saw {squares}");
        // The opponent's last move is never shown.
        let my_turn = fields[9]
            == if viewer == Some(Color::White) {
                "W"
            } else {
                "B"
            };
        if viewer.is_none() || my_turn {
            assert_eq!(&fields[27], "none", "{viewer:?}: {}", fields.join(" "));
            assert_eq!(&fields[29], "none", "{viewer:?}: {}", fields.join(" "));
        }
    }
    // The reveal: the last board before the result line shows both sides.
    let last = boards(&text[cut..end]);
    let (squares, _) = last.last().expect("a board with the result");
    assert!(
        squares.chars().any(|c| c.is_ascii_uppercase())
            && squares.chars().any(|c| c.is_ascii_lowercase()),
        "{viewer:?}: no reveal at the end: {squares}"
    );
}

/// Three games of seeds 1 to 3, White on `servers[0]` (the game's
/// host), Black on `servers[1]`, a watcher of `<12>` boards on
/// `servers[2]` (by White's name) and a reader of drawn boards on the
/// host (by the game's number); every byte each was sent is checked.
fn three_games_keep_their_secrets(servers: [&Server; 3]) {
    for seed in [1u64, 2, 3] {
        let (mut white, white_name) = servers[0].guest();
        let (mut black, black_name) = servers[1].guest();
        let (mut watcher, _) = servers[2].guest();
        let (mut reader, _) = servers[0].guest();
        for c in [&mut white, &mut black, &mut watcher] {
            c.command("style 12");
        }
        let (_, created) = challenge(&mut white, &mut black, &black_name, "10 0 white wild/16");
        assert!(
            created.contains("Creating unrated wild/16 match.}"),
            "{created}"
        );
        black.expect("match.}");
        watcher.send(&format!("observe {white_name}"));
        watcher.expect("observing game 1");
        reader.send("observe 1");
        reader.expect("observing game 1");
        let tried = play_game(&mut white, &mut black, seed);
        for c in [&mut white, &mut black, &mut watcher, &mut reader] {
            c.expect("}");
            c.expect("fics% ");
        }
        check_stream(&white, Some(Color::White), &tried, true);
        check_stream(&black, Some(Color::Black), &tried, true);
        check_stream(&watcher, None, &tried, true);
        check_stream(&reader, None, &tried, false);
        for c in [white, black, watcher, reader] {
            drop(c);
        }
        // The next game gets number 1 again once these are gone.
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
}

#[test]
fn no_hidden_piece_move_or_refused_attempt_reaches_anyone() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("s.db"));
    three_games_keep_their_secrets([&server, &server, &server]);
}

/// The same across three server nodes sharing PostgreSQL: Black and the
/// watcher connected to other nodes than the game's, relayed to it.
#[test]
fn secrets_hold_across_server_nodes() {
    let Some(cluster) = common::postgres::Cluster::start() else {
        return;
    };
    let db = std::path::Path::new(&cluster.url);
    let nodes = [Server::start(db), Server::start(db), Server::start(db)];
    three_games_keep_their_secrets([&nodes[0], &nodes[1], &nodes[2]]);
}
