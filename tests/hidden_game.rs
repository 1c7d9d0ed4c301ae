//! Hidden information through the shared seam: Kriegspiel driven as any
//! game of a registry, each seat seeing only its own pieces, a refused
//! attempt told to the mover alone, onlookers hearing the announcements
//! and seeing the board only at the end.

use antichess::game::view::Style;
use antichess::game::{AnyGame, Attempted, EngineOptions, Registry, Viewer};
use antichess::games::kriegspiel::KRIEGSPIEL;
use antichess::rules::chess::Color;
use shakmaty::ByColor;

const PLAIN: Style = Style {
    fancy: false,
    flipped: false,
};

fn games() -> Registry {
    antichess::games::builtin()
}

/// The pieces drawn on a view's board, as their letters.
fn pieces(view: &str) -> String {
    view.lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let rank = words.first()?;
            (words.len() == 10
                && rank.len() == 1
                && rank.chars().all(|c| ('1'..='8').contains(&c))
                && words.last() == Some(rank))
            .then(|| words[1..9].concat())
        })
        .collect::<String>()
        .replace('.', "")
}

fn view(game: &dyn AnyGame, viewer: Viewer) -> String {
    let players = ByColor {
        white: "white",
        black: "black",
    };
    game.view(viewer, players, PLAIN)
}

#[test]
fn each_seat_sees_its_own_pieces_and_hears_the_umpire() {
    let mut game = games()
        .start(KRIEGSPIEL, 0, 0)
        .expect("the kriegspiel ruleset");
    assert!(game.hidden());
    let options = EngineOptions::default();
    // One computer player for each seat, each fed only its own side.
    let mut engines = [game.engine(&options), game.engine(&options)];
    let (mut moves, mut refused) = (0, 0);
    while game.outcome().is_none() && moves < 40 {
        let turn = game.turn();
        let seat = usize::from(turn == Color::Black);
        let choice = engines[seat]
            .choose(game.as_ref(), &options, Some(3_000), &mut |_, _| {})
            .expect("the built-in player")
            .expect("a move in a game going on");
        let onlooker_before = view(game.as_ref(), Viewer::Onlooker);
        match game.attempt(&choice.mv.text, 1).expect("an attempt") {
            Attempted::Played { heard, .. } => {
                moves += 1;
                let heard = heard.expect("an announcement");
                for side in [Color::White, Color::Black] {
                    assert!(view(game.as_ref(), Viewer::Side(side)).contains(&heard));
                }
            }
            Attempted::Refused { told, .. } => {
                refused += 1;
                assert_eq!(told, "Illegal move");
                let mover = view(game.as_ref(), Viewer::Side(turn));
                assert!(
                    mover.contains(&format!("Refused: {}", choice.mv)),
                    "{mover}"
                );
                let other = view(game.as_ref(), Viewer::Side(turn.other()));
                assert!(!other.contains("Refused"), "{other}");
                assert_eq!(view(game.as_ref(), Viewer::Onlooker), onlooker_before);
            }
            Attempted::Late { .. } => panic!("unlimited clocks never run out"),
        }
        // A game over shows everyone the whole board.
        if game.outcome().is_some() {
            break;
        }
        for side in [Color::White, Color::Black] {
            let seen = pieces(&view(game.as_ref(), Viewer::Side(side)));
            assert!(!seen.is_empty());
            let theirs = |c: char| {
                if side == Color::White {
                    c.is_ascii_lowercase()
                } else {
                    c.is_ascii_uppercase()
                }
            };
            assert!(!seen.chars().any(theirs), "{side:?} sees {seen}");
        }
        assert!(pieces(&view(game.as_ref(), Viewer::Onlooker)).is_empty());
    }
    // The players search on a clock: a game may end (a mate) before 40
    // moves.
    let over = game.outcome().is_some();
    assert!(moves >= 20 || over, "{moves} moves");
    assert!(
        refused > 0 || over,
        "no attempt was refused in {moves} moves"
    );
    // The umpire's board, and the records, have both sides.
    let umpire = pieces(&game.render(ByColor::new_with(|_| "?"), PLAIN));
    assert!(
        umpire.chars().any(|c| c.is_ascii_lowercase())
            && umpire.chars().any(|c| c.is_ascii_uppercase())
    );
    let pgn = game.pgn(&[]).expect("Kriegspiel PGN");
    assert!(pgn.contains("[Variant \"Kriegspiel\"]"), "{pgn}");
}

#[test]
fn a_typed_attempt_that_is_no_move_is_refused_as_such() {
    let mut game = games().start(KRIEGSPIEL, 0, 0).unwrap();
    assert!(game.attempt("hello", 0).is_err());
    assert!(matches!(
        game.attempt("e2e5", 0),
        Ok(Attempted::Refused { .. })
    ));
    assert!(matches!(
        game.attempt("e2-e4", 0),
        Ok(Attempted::Played { .. })
    ));
    assert_eq!(game.turn(), Color::Black);
}
