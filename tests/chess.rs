//! Orthodox chess against independent oracles: the rule scenarios S01-S44
//! of the chess specification traced exactly as python-chess traces them
//! (the expected traces were written by `scripts/chess_scenarios.py` with
//! the oracle, not by this program), and random games compared ply by ply
//! with shakmaty's `Chess`, a separate move generator.

use std::path::Path;

use antichess::fronts::trace::{self, Notation};
use antichess::game::Game;
use antichess::rules::chess::{Color, Position, Reason, Ruleset, Status, notation};
use antichess::rules::file::{self, GameFile};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// S41 and S43 start with the side not to move in check, and python-chess
/// plays on from there by letting the side to move take the king (its
/// first `legal` line counts that move); no piece ever captures a king here
/// (spec 2.3), so those moves are left out of the expected trace.
const KING_CAPTURES: [(&str, usize, &str); 2] = [("S41", 52, "a1h8"), ("S43", 18, "e8h8")];

#[test]
fn every_rule_scenario_traces_as_python_chess_does() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chess_scenarios");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let game = std::fs::read_to_string(&path).unwrap();
        let mut lines = game.lines();
        let fen = lines.next().unwrap();
        let moves: Vec<String> = lines
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        let mut expected = std::fs::read_to_string(path.with_extension("trace")).unwrap();
        for (scenario, legal_line, king_capture) in KING_CAPTURES {
            if path.ends_with(format!("{scenario}.game")) {
                let fewer = format!("legal {} ", legal_line - 1);
                expected = expected
                    .replacen(&format!("legal {legal_line} "), &fewer, 1)
                    .replacen(&format!(" {king_capture}"), "", 1);
            }
        }
        let start = Position::from_fen_allowing_opposite_check(fen, Ruleset::CHESS).unwrap();
        let mut out = Vec::new();
        assert!(trace::run(start, &moves, Notation::Uci, false, &mut out).unwrap());
        let got = String::from_utf8(out).unwrap();
        assert_eq!(got, expected, "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 44);
}

/// shakmaty's view of a position, in our notation.
struct Oracle {
    legal: Vec<String>,
    fen: String,
    check: bool,
    insufficient: (bool, bool),
}

fn oracle(pos: &Chess) -> Oracle {
    let mut legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    legal.sort();
    Oracle {
        legal,
        fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
        check: pos.is_check(),
        insufficient: (
            pos.has_insufficient_material(shakmaty::Color::White),
            pos.has_insufficient_material(shakmaty::Color::Black),
        ),
    }
}

/// Plays `choices` (each picks among the legal moves, mostly quiet ones)
/// from `fen` in both programs and compares every ply.
fn compare_game(fen: &str, choices: &[(u16, bool)]) -> Result<(), TestCaseError> {
    let mut ours = Position::from_fen(fen, Ruleset::CHESS).unwrap();
    let parsed: Fen = fen.parse().unwrap();
    let mut theirs: Chess = parsed.into_position(CastlingMode::Standard).unwrap();
    for (ply, &(pick, quiet_only)) in choices.iter().enumerate() {
        let o = oracle(&theirs);
        let mut legal: Vec<String> = ours
            .legal_moves()
            .iter()
            .map(|&m| notation::uci(m))
            .collect();
        legal.sort();
        prop_assert_eq!(&legal, &o.legal, "ply {} of {}", ply, fen);
        // Counted without listing (perft's last ply), the same number.
        prop_assert_eq!(
            ours.count_legal_moves(),
            legal.len(),
            "ply {} of {}",
            ply,
            fen
        );
        prop_assert_eq!(ours.to_fen(), o.fen.clone(), "ply {}", ply);
        prop_assert_eq!(ours.is_check(), o.check, "ply {} {}", ply, &o.fen);
        prop_assert_eq!(
            (
                ours.has_insufficient_material(Color::White),
                ours.has_insufficient_material(Color::Black)
            ),
            o.insufficient,
            "ply {} {}",
            ply,
            &o.fen
        );
        let over = match ours.status() {
            Status::Over(outcome) => Some(outcome.reason),
            _ => None,
        };
        let expected_over = if theirs.is_checkmate() {
            Some(Reason::Checkmate)
        } else if theirs.is_insufficient_material() {
            Some(Reason::InsufficientMaterial)
        } else if theirs.is_stalemate() {
            Some(Reason::Stalemate)
        } else if theirs.halfmoves() >= 150 {
            Some(Reason::SeventyFiveMoves)
        } else {
            None
        };
        prop_assert_eq!(over, expected_over, "ply {} {}", ply, &o.fen);
        if over.is_some() || legal.is_empty() {
            break;
        }
        // Every move's SAN, with its check or mate mark.
        for m in ours.legal_moves() {
            let uci: shakmaty::uci::UciMove = notation::uci(m).parse().unwrap();
            let sm = uci.to_move(&theirs).unwrap();
            let san = SanPlus::from_move(theirs.clone(), sm).to_string();
            prop_assert_eq!(notation::san(&ours, m), san, "{}", &o.fen);
        }
        let moves = ours.legal_moves();
        let quiet: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| {
                !m.is_capture() && ours.board().role_at(m.from()) != Some(shakmaty::Role::Pawn)
            })
            .collect();
        let pool = if quiet_only && !quiet.is_empty() {
            quiet
        } else {
            moves.to_vec()
        };
        let m = pool[pick as usize % pool.len()];
        let uci: shakmaty::uci::UciMove = notation::uci(m).parse().unwrap();
        theirs.play_unchecked(uci.to_move(&theirs).unwrap());
        ours = ours.play(m);
    }
    Ok(())
}

/// Starting points: the opening, and endings that soon reach the move
/// rules, castling, en passant pins and promotions.
const STARTS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/8/3k4/8/2n5/4K3/8/R7 w - - 140 1",
    "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1",
    "4k3/8/8/2b5/8/8/1N6/2B1K3 w - - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_shakmaty(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec((any::<u16>(), prop::bool::weighted(0.8)), 1..160),
    ) {
        compare_game(STARTS[start], &choices)?;
    }
}

fn chess_file(xml: &str) -> GameFile {
    file::parse(xml.as_bytes()).unwrap()
}

#[test]
fn a_promotion_and_a_claimed_draw_survive_a_save_and_a_load() {
    let mut game = Game::new("chess", 0, 0);
    for text in [
        "e2-e4", "d7-d5", "e4-d5", "c7-c6", "d5-c6", "g8-f6", "c6-b7", "c8-d7", "b7-a8=N",
    ] {
        let m = game.find_move(text).unwrap_or_else(|| panic!("{text}"));
        game.play(m, 0);
    }
    let xml = file::to_xml(&game.to_file());
    assert!(xml.contains(r#"<move side="white" value="b7-a8" promotion="knight" />"#));
    let again = Game::from_file(&chess_file(&xml)).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.repetition_keys(), game.repetition_keys());

    // A claimed threefold repetition is written as the format's draw with
    // its reason, and read back as that draw.
    let mut game = Game::new("chess", 0, 0);
    for _ in 0..2 {
        for text in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] {
            let m = game.find_move(text).unwrap();
            game.play(m, 0);
        }
    }
    assert!(game.claims().threefold);
    let outcome = game.claim_draw().unwrap();
    let xml = file::to_xml(&game.to_file());
    assert!(
        xml.contains(r#"<gameOver description="stalemate" reason="threefoldRepetition" />"#),
        "{xml}"
    );
    let again = Game::from_file(&chess_file(&xml)).unwrap();
    assert_eq!(again.outcome(), Some(outcome));
}

#[test]
fn a_chess_file_without_a_king_a_side_does_not_load() {
    let xml = r#"<?xml version="1.0"?>
<game ruleset="chess"><time timed="false" /><moveHistory />
<pieces><square id="e1" side="white" piece="king" /></pieces></game>"#;
    assert!(Game::from_file(&chess_file(xml)).is_err());
    // The same board is a game under antichess rules.
    let antichess = xml.replace("chess", "6170-spring-2007");
    assert!(Game::from_file(&chess_file(&antichess)).is_ok());
}

#[test]
fn fivefold_repetition_ends_the_game_and_a_move_declines_an_offer() {
    let mut game = Game::new("chess", 0, 0);
    let mut outcome = None;
    for _ in 0..4 {
        for text in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] {
            let m = game.find_move(text).unwrap();
            outcome = game.play(m, 0);
        }
    }
    assert_eq!(outcome.map(|o| o.reason), Some(Reason::FivefoldRepetition));

    let mut game = Game::new("chess", 0, 0);
    game.offer_draw(Color::White);
    let m = game.find_move("e2-e4").unwrap();
    game.play(m, 0);
    assert_eq!(
        game.draw_offer(),
        Some(Color::White),
        "the offerer's own move keeps it"
    );
    let m = game.find_move("e7-e5").unwrap();
    game.play(m, 0);
    assert_eq!(game.draw_offer(), None, "the opponent's move declines it");
}

#[test]
fn the_json_trace_is_python_chesss() {
    // tests/data/chess_trace.json: `chess_oracle.py trace --json --notation
    // dash` of these moves.
    let moves: Vec<String> = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1"
        .split(' ')
        .map(String::from)
        .collect();
    let mut out = Vec::new();
    let start = Position::new(Ruleset::CHESS);
    assert!(trace::run(start, &moves, Notation::Dash, true, &mut out).unwrap());
    let expected = include_str!("data/chess_trace.json");
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}
