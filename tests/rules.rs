//! Targeted positions for each rule of rules.md.

use antichess::rules::chess::{
    Color, MoveKind, Outcome, Position, Reason, Role, Ruleset, Square, Status, notation,
};

const R2007: Ruleset = Ruleset::SPRING_2007;
const ENCASTLE: Ruleset = Ruleset::SPRING_2007_ENCASTLE;
const R2004: Ruleset = Ruleset::SPRING_2004;

fn pos(fen: &str, ruleset: Ruleset) -> Position {
    Position::from_fen(fen, ruleset).unwrap()
}

fn moves(fen: &str, ruleset: Ruleset) -> Vec<String> {
    let mut v: Vec<String> = pos(fen, ruleset)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn play_line(mut p: Position, line: &str) -> Position {
    for text in line.split_whitespace() {
        let (from, to) = notation::parse_protocol(text).unwrap();
        let m = p
            .find_move(from, to)
            .unwrap_or_else(|| panic!("{text} illegal in {}", p.to_fen()));
        p = p.play(m);
        if p.status() == Status::Pass {
            p = p.pass();
        }
    }
    p
}

#[test]
fn capture_is_forced() {
    // After e3 b5 the bishop must take on b5.
    let p = play_line(Position::new(R2007), "e2-e3 b7-b5");
    let list: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(list, ["f1-b5"]);
    assert!(p.capture_forced());
}

#[test]
fn forced_capture_while_in_check() {
    // The rook on e4 checks; the queen can take it, so she must.
    assert_eq!(moves("4k3/8/8/8/Q3r3/8/8/4K3 w - - 0 1", R2007), ["a4-e4"]);
}

#[test]
fn capture_that_ignores_check_is_not_legal() {
    // In check from b4 (no capture answers it): the knight's capture on a3
    // does not help, so only king moves and blocks remain.
    assert_eq!(
        moves("4k3/8/8/8/1b6/p7/8/1N2K3 w - - 0 1", R2007),
        ["b1-c3", "b1-d2", "e1-d1", "e1-e2", "e1-f1", "e1-f2"]
    );
}

#[test]
fn pinned_piece_may_not_capture() {
    // The knight on d2 is pinned by the bishop on b4; Nxb3 is illegal, so
    // no capture is forced.
    let p = pos("7k/8/8/8/1b6/1p6/3N4/4K3 w - - 0 1", R2007);
    let list = p.legal_moves();
    assert!(list.iter().all(|m| !m.is_capture()));
    assert!(list.iter().all(|m| m.from() != Square::D2));
    assert!(!list.is_empty());
}

#[test]
fn pinned_piece_may_capture_along_the_pin() {
    assert_eq!(moves("4q2k/8/8/8/8/8/n3R3/4K3 w - - 0 1", R2007), ["e2-e8"]);
}

#[test]
fn en_passant_under_encastle_only() {
    let fen = "7k/8/8/KPp5/8/8/8/8 w - c6 0 1";
    assert_eq!(moves(fen, ENCASTLE), ["b5-c6"]);
    let p = pos(fen, ENCASTLE);
    let after = p.play(p.legal_moves()[0]);
    assert_eq!(after.board().piece_at(Square::C5), None);
    assert_eq!(after.board().role_at(Square::C6), Some(Role::Pawn));
    assert_eq!(p.legal_moves()[0].kind(), MoveKind::EnPassant);
    assert!(!moves(fen, R2007).contains(&"b5-c6".to_string()));
}

#[test]
fn en_passant_arises_from_a_double_step() {
    let p = play_line(Position::new(ENCASTLE), "e2-e4 h7-h6 e4-e5 d7-d5");
    assert_eq!(p.ep_square(), Some(Square::D6));
    let list: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(list, ["e5-d6"]);
    let q = play_line(Position::new(R2007), "e2-e4 h7-h6 e4-e5 d7-d5");
    assert!(q.legal_moves().iter().all(|m| !m.is_capture()));
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    let list = moves("7k/8/8/KPp4r/8/8/8/8 w - c6 0 1", ENCASTLE);
    assert!(!list.contains(&"b5-c6".to_string()), "{list:?}");
    assert!(list.contains(&"b5-b6".to_string()));
}

#[test]
fn castling_rules() {
    let both = moves("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ENCASTLE);
    assert!(both.contains(&"e1-g1".to_string()) && both.contains(&"e1-c1".to_string()));
    // f1 attacked: no king-side castling (through check).
    let through = moves("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", ENCASTLE);
    assert!(!through.contains(&"e1-g1".to_string()));
    assert!(through.contains(&"e1-c1".to_string()));
    // g1 attacked: no castling into check.
    let into = moves("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", ENCASTLE);
    assert!(!into.contains(&"e1-g1".to_string()));
    // In check: no castling at all.
    let out = moves("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", ENCASTLE);
    assert!(!out.contains(&"e1-g1".to_string()) && !out.contains(&"e1-c1".to_string()));
    // b1 attacked does not matter: the king does not cross it.
    let b1 = moves("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ENCASTLE);
    assert!(b1.contains(&"e1-c1".to_string()));
    // Never under the 2007 rules.
    let none = moves("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", R2007);
    assert!(!none.contains(&"e1-g1".to_string()));
}

#[test]
fn castling_moves_the_rook_and_spends_the_rights() {
    let p = pos("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", ENCASTLE);
    let after = p.play(p.find_move(Square::E1, Square::G1).unwrap());
    assert_eq!(after.board().role_at(Square::F1), Some(Role::Rook));
    assert_eq!(after.board().role_at(Square::H1), None);
    assert_eq!(after.to_fen(), "r3k2r/p6p/8/8/8/8/P6P/R4RK1 b kq - 0 1");
    let p = pos("r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1", ENCASTLE);
    let after = p.play(p.find_move(Square::E8, Square::C8).unwrap());
    assert_eq!(after.to_fen(), "2kr3r/p6p/8/8/8/8/P6P/R3K2R w KQ - 0 1");
}

#[test]
fn promotion_with_capture_makes_a_queen() {
    let p = pos("1r5k/P7/8/8/8/8/8/7K w - - 0 1", R2007);
    let list = p.legal_moves();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].to_string(), "a7-b8");
    let after = p.play(list[0]);
    assert_eq!(after.board().role_at(Square::B8), Some(Role::Queen));
    assert!(after.is_check());
}

#[test]
fn quiet_promotion_makes_a_queen() {
    let p = pos("7k/P7/8/8/8/8/8/7K w - - 0 1", R2007);
    let m = p.find_move(Square::A7, Square::A8).unwrap();
    assert_eq!(m.kind(), MoveKind::Promotion);
    assert_eq!(p.play(m).board().role_at(Square::A8), Some(Role::Queen));
}

#[test]
fn mate_that_takes_the_last_piece_is_a_mate() {
    let fen = "n6k/8/5KP1/8/8/8/8/R7 w - - 0 1";
    for (ruleset, winner) in [(R2007, Color::White), (R2004, Color::Black)] {
        let p = pos(fen, ruleset);
        assert_eq!(moves(fen, ruleset), ["a1-a8"]);
        let after = p.play(p.legal_moves()[0]);
        assert_eq!(
            after.status(),
            Status::Over(Outcome::win(winner, Reason::Checkmate))
        );
    }
}

#[test]
fn losing_every_piece_but_the_king_wins() {
    // Black's last piece is taken without mate: Black wins.
    let p = pos("7k/8/8/8/8/8/8/n3K2R w - - 0 1", R2007);
    let after = play_line(p, "e1-d1");
    assert_eq!(after.status(), Status::Ongoing);
    let q = pos("7k/8/8/8/8/8/n7/R3K3 w - - 0 1", R2007);
    assert_eq!(moves("7k/8/8/8/8/8/n7/R3K3 w - - 0 1", R2007), ["a1-a2"]);
    let after = q.play(q.legal_moves()[0]);
    assert_eq!(
        after.status(),
        Status::Over(Outcome::win(Color::Black, Reason::PiecesLost))
    );
    // Both depleted: the side to move wins.
    let both = pos("7k/8/8/8/8/8/8/K7 b - - 0 1", R2004);
    assert_eq!(
        both.status(),
        Status::Over(Outcome::win(Color::Black, Reason::PiecesLost))
    );
}

#[test]
fn stalemate_loses_the_turn_in_2007() {
    let fen = "k7/p1Q5/P7/8/8/8/8/7K b - - 0 1";
    let p = pos(fen, R2007);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.status(), Status::Pass);
    let passed = p.pass();
    assert_eq!(passed.turn(), Color::White);
    let list: Vec<String> = passed.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(list, ["c7-a7"]);
}

#[test]
fn stalemate_is_a_draw_in_2004() {
    let p = pos("k7/p1Q5/P7/8/8/8/8/7K b - - 0 1", R2004);
    assert_eq!(p.status(), Status::Over(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn double_stalemate_is_a_draw() {
    let p = pos("8/8/8/p7/P7/8/8/8 w - - 0 1", R2007);
    assert_eq!(p.status(), Status::Over(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn both_mate_rules_on_the_course_sample_game() {
    let line = "c2-c3 c7-c6 b2-b3 b8-a6 b3-b4 a6-b4 c3-b4 c6-c5 b4-c5 b7-b6 c5-b6 \
                d8-b6 f2-f3 b6-b1 a1-b1 a8-b8 b1-b8 g7-g6 b8-c8";
    for (ruleset, winner) in [(R2004, Color::Black), (R2007, Color::White)] {
        let p = play_line(Position::new(ruleset), line);
        assert_eq!(
            p.status(),
            Status::Over(Outcome::win(winner, Reason::Checkmate)),
            "{ruleset:?}"
        );
    }
}

#[test]
fn odd_boards() {
    // No king: never in check; pieces move freely.
    let p = pos("8/8/8/8/8/8/8/R6k w - - 0 1", R2007);
    assert!(!p.is_check());
    assert_eq!(p.legal_moves().len(), 13, "the rook may not take the king");
    // Several kings: each is royal.
    assert_eq!(moves("k7/8/8/8/8/8/1r6/K3K3 w - - 0 1", R2007), ["a1-b2"]);
    // The e1 king is checked along the first rank; stepping off it would
    // expose the a1 king, so White is mated with two kings.
    let mated = pos("k7/8/8/8/8/8/8/K3K2r w - - 0 1", R2007);
    assert!(mated.legal_moves().is_empty());
    assert_eq!(
        mated.status(),
        Status::Over(Outcome::win(Color::Black, Reason::Checkmate))
    );
    // Pawns on the first or last rank.
    assert_eq!(moves("8/8/8/8/8/8/8/P7 w - - 0 1", R2007), ["a1-a2"]);
    assert_eq!(
        moves("P7/8/8/8/8/8/8/8 w - - 0 1", R2007),
        Vec::<String>::new()
    );
    assert_eq!(moves("p7/8/8/8/8/8/8/8 b - - 0 1", R2007), ["a8-a7"]);
    // The side to move gives check already: the king may not be taken.
    let giving = moves("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", R2007);
    assert!(!giving.contains(&"e1-e8".to_string()));
    assert!(giving.contains(&"e1-e7".to_string()));
}

#[test]
fn several_kings_are_all_royal() {
    // Black rook on b2 attacks b1 and the second rank; with kings on a1 and
    // e1, the a1 king is in check and must escape or be covered.
    let p = pos("k7/8/8/8/8/8/8/Kr2K3 w - - 0 1", R2007);
    assert!(p.is_check());
    let list: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(list, ["a1-b1"], "the capture is forced and legal");
    let q = pos("k7/8/8/8/8/8/1r6/K3K3 w - - 0 1", R2007);
    for m in q.legal_moves() {
        assert!(!q.play(m).board().in_check(Color::White), "{m}");
    }
}

#[test]
fn zobrist_hash_is_incremental() {
    let p = play_line(
        Position::new(ENCASTLE),
        "e2-e4 d7-d5 e4-d5 d8-d5 g1-f3 d5-d2",
    );
    let fresh = Position::from_fen(&p.to_fen(), ENCASTLE).unwrap();
    assert_eq!(p.hash(), fresh.hash());
    assert_ne!(p.hash(), Position::new(ENCASTLE).hash());
}

/// Why a move is illegal, worked out here from the board's geometry
/// alone (shakmaty's attack tables, the pawn's steps): the reason every
/// illegal move of a chess position must get from `why_illegal`.
fn expected_reason(p: &Position, from: Square, to: Square) -> antichess::rules::chess::Illegal {
    use antichess::rules::chess::Illegal;
    use shakmaty::attacks;
    let board = p.board();
    let us = p.turn();
    let Some(piece) = board.piece_at(from) else {
        return Illegal::NoPiece(from);
    };
    if piece.color != us {
        return Illegal::NotYours(from);
    }
    if piece.role == Role::King && from.rank() == to.rank() && from.distance(to) == 2 {
        return Illegal::CastlingImpossible;
    }
    if board.by_role(Role::King).contains(to) {
        return Illegal::KingCapture;
    }
    let own = board.by_color(us).contains(to);
    let occupied = board.occupied();
    let reaches = match piece.role {
        Role::Pawn => {
            let forward: i32 = if us == Color::White { 1 } else { -1 };
            let rank = |sq: Square| sq.rank() as i32;
            let step = to.file() == from.file() && !occupied.contains(to);
            let one = step && rank(to) - rank(from) == forward;
            let start = if us == Color::White { 1 } else { 6 };
            let between = Square::from_coords(
                from.file(),
                shakmaty::Rank::new((rank(from) + forward) as u32),
            );
            let two = step
                && rank(from) == start
                && rank(to) - rank(from) == 2 * forward
                && !occupied.contains(between);
            let takes = attacks::pawn_attacks(us, from).contains(to)
                && (board.by_color(us.other()).contains(to) || p.ep_square() == Some(to));
            one || two || takes
        }
        role => {
            !own && attacks::attacks(from, shakmaty::Piece { color: us, role }, occupied)
                .contains(to)
        }
    };
    if reaches {
        Illegal::KingInCheck
    } else {
        Illegal::CannotMove {
            role: piece.role,
            from,
            to,
        }
    }
}

/// Every illegal move of positions along random chess games gets the
/// reason the board's geometry gives (a line blocked by the mover's own
/// king is a blocked line, not a check).
#[test]
fn every_illegal_move_gets_its_exact_reason() {
    let mut rng = antichess::sys::rng::Xorshift::new(93);
    let mut checked = 0usize;
    let mut starts = vec![Position::new(Ruleset::CHESS)];
    // The position of the report: the queen's way to h4 blocked by its
    // own king on e7.
    let report = play_line(
        Position::new(Ruleset::CHESS),
        "e2-e4 e7-e5 g1-f3 b8-c6 f1-b5 a7-a6 e1-g1 e8-e7 b5-c6",
    );
    assert_eq!(
        report.why_illegal(Square::D8, Square::H4),
        Some(antichess::rules::chess::Illegal::CannotMove {
            role: Role::Queen,
            from: Square::D8,
            to: Square::H4
        })
    );
    starts.push(report);
    for game in 0..60 {
        let mut p = starts[game % starts.len()];
        for _ in 0..80 {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            for from in Square::ALL {
                for to in Square::ALL {
                    if from == to || p.find_move(from, to).is_some() {
                        continue;
                    }
                    assert_eq!(
                        p.why_illegal(from, to),
                        Some(expected_reason(&p, from, to)),
                        "{from}-{to} in {}",
                        p.to_fen()
                    );
                    checked += 1;
                }
            }
            p = p.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}
