//! Every reference count in `tests/data/perft.txt`.

use antichess::rules::chess::{Position, Ruleset, perft};

struct Case {
    line: usize,
    ruleset: Ruleset,
    position: Position,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(fields.len(), 3, "line {}", i + 1);
            let ruleset = Ruleset::from_name(fields[0]).expect("known ruleset");
            let position = if fields[1] == "startpos" {
                Position::new(ruleset)
            } else {
                Position::from_fen(fields[1], ruleset).expect("valid FEN")
            };
            let counts = fields[2]
                .split_whitespace()
                .map(|n| n.parse().expect("count"))
                .collect();
            Case {
                line: i + 1,
                ruleset,
                position,
                counts,
            }
        })
        .collect()
}

#[test]
fn perft_table_matches_reference_counts() {
    let cases = cases();
    assert!(cases.len() >= 7);
    for case in cases {
        for (depth, &expected) in case.counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            let got = perft(&case.position, depth);
            assert_eq!(
                got, expected,
                "line {} ({:?}) depth {depth}",
                case.line, case.ruleset
            );
        }
    }
}

#[test]
fn fen_round_trips_for_every_table_position() {
    for case in cases() {
        let fen = case.position.to_fen();
        let again = Position::from_fen(&fen, case.ruleset).unwrap();
        assert_eq!(again, case.position, "line {}", case.line);
    }
}
