//! The engine at fixed depth: forced wins under each mate rule, legality on
//! random positions, and the clock; the proof-number search against a
//! brute force and the independent engine's forced wins.

use std::time::{Duration, Instant};

use antichess::engines::search::proof::{Proved, prove};
use antichess::engines::search::{Engine, Limits, MATE, MATE_BOUND, time};
use antichess::rules::chess::{Color, Position, Ruleset, Status};

fn search(fen: &str, ruleset: Ruleset, depth: u32) -> antichess::engines::search::Report {
    let pos = Position::from_fen(fen, ruleset).unwrap();
    let mut engine = Engine::new(8);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    engine.search(&pos, &limits, |_| {}).unwrap()
}

/// Plays the game out with the engine on both sides and returns the winner.
fn play_out(fen: &str, ruleset: Ruleset, depth: u32, max_plies: usize) -> Option<Color> {
    let mut pos = Position::from_fen(fen, ruleset).unwrap();
    let mut engine = Engine::new(8);
    for _ in 0..max_plies {
        match pos.status() {
            Status::Over(o) => return o.winner,
            Status::Pass => pos = pos.pass(),
            Status::Ongoing => {
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                let m = engine.search(&pos, &limits, |_| {}).unwrap().best;
                pos = pos.play(m);
            }
        }
    }
    panic!("no result in {max_plies} plies");
}

#[test]
fn mates_in_one_when_mating_wins() {
    let r = search("7k/1p6/5KP1/8/8/8/8/R7 w - - 0 1", Ruleset::SPRING_2007, 3);
    assert_eq!(r.best.to_string(), "a1-a8");
    assert_eq!(r.score, antichess::engines::search::MATE - 1);
}

#[test]
fn avoids_mating_when_being_mated_wins() {
    let r = search("7k/1p6/5KP1/8/8/8/8/R7 w - - 0 1", Ruleset::SPRING_2004, 3);
    assert_ne!(r.best.to_string(), "a1-a8");
}

#[test]
fn gives_away_the_last_piece_when_that_wins() {
    // Black's knight can be offered to the rook: the capture is forced and
    // Black is left with its king alone (and mated on a8, a win in 2004).
    for ruleset in [Ruleset::SPRING_2004, Ruleset::SPRING_2007] {
        let fen = "7k/8/1n3KP1/8/8/8/8/R7 b - - 0 1";
        let r = search(fen, ruleset, 4);
        assert!(r.score >= MATE_BOUND, "{ruleset:?}: {r:?}");
        assert_eq!(
            play_out(fen, ruleset, 4, 10),
            Some(Color::Black),
            "{ruleset:?}"
        );
    }
}

/// Whether `winner` can force a win within `plies`, by brute force over
/// the rules alone (no search code involved).
fn forced_win(pos: &Position, plies: u32, winner: Color) -> bool {
    match pos.status() {
        Status::Over(o) => o.winner == Some(winner),
        Status::Pass => plies > 0 && forced_win(&pos.pass(), plies - 1, winner),
        Status::Ongoing if plies == 0 => false,
        Status::Ongoing => {
            let moves = pos.legal_moves();
            let mut next = moves
                .iter()
                .map(|&m| forced_win(&pos.play(m), plies - 1, winner));
            if pos.turn() == winner {
                next.any(|w| w)
            } else {
                next.all(|w| w)
            }
        }
    }
}

#[test]
fn finds_forced_wins_in_six_plies() {
    let cases = [
        (
            Ruleset::SPRING_2007,
            "2n1k3/p7/2p2p2/6p1/8/3Q1P1K/8/1N6 w - - 0 1",
        ),
        (
            Ruleset::SPRING_2007,
            "8/2pp4/B4k2/7r/1P1KP3/8/5P2/6N1 b - - 0 1",
        ),
        (
            Ruleset::SPRING_2007,
            "8/1k6/1p6/3pp3/P7/2PPP3/K7/8 b - - 0 1",
        ),
        (
            Ruleset::SPRING_2004,
            "1n6/1B3k2/3pp3/8/6r1/4P3/5P2/4K3 w - - 0 1",
        ),
        (
            Ruleset::SPRING_2004,
            "3kr3/4p3/8/1P5p/1P6/5B1P/2K1P3/1N5R b - - 0 1",
        ),
    ];
    for (ruleset, fen) in cases {
        let pos = Position::from_fen(fen, ruleset).unwrap();
        let us = pos.turn();
        // The brute force confirms the win takes exactly six plies.
        assert!(!forced_win(&pos, 5, us) && forced_win(&pos, 6, us), "{fen}");
        let r = search(fen, ruleset, 7);
        assert_eq!(
            r.score,
            antichess::engines::search::MATE - 6,
            "{fen}: {r:?}"
        );
        assert!(
            forced_win(&pos.play(r.best), 5, us),
            "{fen}: {} throws the win",
            r.best
        );
        assert_eq!(play_out(fen, ruleset, 7, 20), Some(us), "{fen}");
    }
}

#[test]
fn fixed_depth_is_reproducible() {
    let fen = "r1b1k3/p1p5/n3pn1p/1p5p/7N/2P3P1/P2KPP1P/RN5R w - - 0 13";
    let a = search(fen, Ruleset::SPRING_2007, 6);
    let b = search(fen, Ruleset::SPRING_2007, 6);
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

/// Plays `games` random games of up to `max_plies` plies under each
/// antichess ruleset (moves drawn by a xorshift generator from `seed`) and
/// shows `visit` every position where the side to move has a move, with
/// its ply.
fn along_random_games(
    games: usize,
    max_plies: usize,
    mut seed: u64,
    mut visit: impl FnMut(&Position, usize),
) {
    for ruleset in [
        Ruleset::SPRING_2007,
        Ruleset::SPRING_2007_ENCASTLE,
        Ruleset::SPRING_2004,
    ] {
        for _ in 0..games {
            let mut pos = Position::new(ruleset);
            for ply in 0..max_plies {
                match pos.status() {
                    Status::Over(_) => break,
                    Status::Pass => pos = pos.pass(),
                    Status::Ongoing => {
                        visit(&pos, ply);
                        let moves = pos.legal_moves();
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                    }
                }
            }
        }
    }
}

/// Along random games under every ruleset, a reused engine at depth 4
/// reports a principal variation that starts with its move, and every win
/// it claims within five plies (a mate score) is a forced win by the rules
/// alone (the brute-force solver), with its move as a winning first move.
#[test]
fn every_win_it_claims_is_forced_on_random_games() {
    let mut engine = Engine::new(4);
    let mut claims = 0;
    along_random_games(12, 300, 0x1234_5678_9abc_def1, |pos, _| {
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let r = engine.search(pos, &limits, |_| {}).unwrap();
        assert_eq!(r.pv.first(), Some(&r.best), "{}", pos.to_fen());
        let plies = (MATE - r.score) as u32;
        if r.score >= MATE_BOUND && plies <= 5 {
            claims += 1;
            assert!(
                forced_win(&pos.play(r.best), plies - 1, pos.turn()),
                "{} does not win in {plies} plies in {}",
                r.best,
                pos.to_fen()
            );
        }
    });
    assert!(claims >= 20, "only {claims} wins claimed");
}

#[test]
fn answers_within_a_short_clock() {
    let pos = Position::from_fen(
        "r6r/p1k5/3pb1p1/p1p4p/P4P2/N4K2/2P3PP/R1B4R w - - 4 21",
        Ruleset::SPRING_2007,
    )
    .unwrap();
    let mut engine = Engine::new(16);
    for remaining in [100, 300, 1000] {
        let b = time::budget(Some(remaining), None, 0);
        let limits = Limits {
            soft_time: Some(b.soft),
            hard_time: Some(b.hard),
            ..Limits::default()
        };
        let start = Instant::now();
        engine.search(&pos, &limits, |_| {}).unwrap();
        let spent = start.elapsed();
        // The budget leaves most of the clock; allow generous scheduling noise.
        assert!(b.hard <= Duration::from_millis(remaining as u64 / 4));
        assert!(
            spent < Duration::from_millis(remaining as u64),
            "{spent:?} of {remaining} ms"
        );
    }
}

#[test]
fn two_threads_find_the_same_forced_win() {
    let fen = "2n1k3/p7/2p2p2/6p1/8/3Q1P1K/8/1N6 w - - 0 1";
    let pos = Position::from_fen(fen, Ruleset::SPRING_2007).unwrap();
    let mut engine = Engine::with_threads(8, 2);
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let r = engine.search(&pos, &limits, |_| {}).unwrap();
    assert_eq!(r.score, antichess::engines::search::MATE - 6, "{r:?}");
    assert!(forced_win(&pos.play(r.best), 5, Color::White));
}

/// A game of 200 moves per side on a clock without increment survives even
/// if every move takes its whole hard limit plus half a millisecond of
/// process and pipe overhead, and the first moves still get real time.
#[test]
fn budget_lasts_a_long_game_without_increment() {
    for start in [1_000i64, 10_000, 60_000] {
        let mut left = start as f64;
        for n in 0..200 {
            let b = time::budget(Some(left as i64), None, n);
            if n == 0 {
                assert!(b.soft >= Duration::from_millis(start as u64 / 40), "{b:?}");
            }
            left -= b.hard.as_secs_f64() * 1000.0 + 0.5;
            assert!(left > 0.0, "clock {start} ms ran out at move {n}");
        }
    }
}

/// Along random games under every antichess ruleset, the proof-number
/// search agrees with the brute force: a win it proves in seven plies or
/// fewer is one (its move wins within the proof's length), a position it
/// finds not won has no forced win in three plies, and a forced win in
/// three plies is proven.
#[test]
fn proof_search_agrees_with_brute_force_on_random_games() {
    let (mut proven, mut refuted, mut short) = (0, 0, 0);
    along_random_games(4, 200, 0x9e37_79b9_7f4a_7c15, |pos, ply| {
        if ply % 3 != 0 {
            return;
        }
        let us = pos.turn();
        let fen = pos.to_fen();
        let proof = prove(pos, us, 20_000, None);
        let wins_in_three = forced_win(pos, 3, us);
        short += usize::from(wins_in_three);
        match proof.verdict {
            Proved::Won => {
                proven += 1;
                let win = proof.shortest_win().unwrap();
                let (best, length) = (win.mv, win.length.unwrap());
                if length <= 7 {
                    assert!(
                        forced_win(&pos.play(best), length - 1, us),
                        "{best} does not win in {length} plies in {fen}"
                    );
                }
            }
            Proved::NotWon => {
                refuted += 1;
                assert!(!wins_in_three, "a win in three missed in {fen}");
            }
            Proved::Unknown => assert!(!wins_in_three, "a win in three not proven in {fen}"),
        }
    });
    assert!(
        proven >= 20 && refuted >= 5 && short >= 5,
        "{proven} proven, {refuted} refuted, {short} wins in three"
    );
}

/// The positions of `docs/suites/mates-2004.tsv` are forced wins by the
/// independent engine's verdict: the proof search never finds one not won,
/// and proves most of them within 200,000 nodes.
#[test]
fn proof_search_proves_the_independent_engines_forced_wins() {
    let suite = include_str!("../docs/suites/mates-2004.tsv");
    let (mut won, mut total) = (0, 0);
    for line in suite.lines() {
        let fen = line.split('\t').next().unwrap();
        let pos = Position::from_fen(fen, Ruleset::SPRING_2004).unwrap();
        if pos.legal_moves().len() < 2 {
            continue;
        }
        total += 1;
        let proof = prove(&pos, pos.turn(), 200_000, None);
        assert_ne!(proof.verdict, Proved::NotWon, "{fen}");
        won += usize::from(proof.verdict == Proved::Won);
    }
    assert_eq!(total, 79);
    assert!(won * 4 >= total * 3, "{won} of {total} proven");
}

/// On a clock, where being mated wins, the engine plays a win the proof
/// search finds at once, with its mate score.
#[test]
fn a_proven_win_is_played_on_a_clock() {
    let fen = "1n6/1B3k2/3pp3/8/6r1/4P3/5P2/4K3 w - - 0 1";
    let pos = Position::from_fen(fen, Ruleset::SPRING_2004).unwrap();
    let mut engine = Engine::new(8);
    let limits = Limits::for_move(None, Some(60_000), None, None, 0);
    let r = engine.search(&pos, &limits, |_| {}).unwrap();
    let plies = (MATE - r.score) as u32;
    assert!(r.score >= MATE_BOUND, "{r:?}");
    assert!(plies <= 7, "{r:?}");
    assert!(
        forced_win(&pos.play(r.best), plies - 1, Color::White),
        "{r:?}"
    );
}
