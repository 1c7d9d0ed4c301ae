//! The table every referee prints at the end of a match.

use super::MatchResult;

/// The final table of a match: games, wins, draws, losses and score of each
/// program, the Elo difference with its 95% margin, and the forfeits by
/// reason.
pub fn report_table(first: &str, second: &str, result: &MatchResult) -> String {
    use std::fmt::Write;
    let t = result.tally;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>5} {:>5} {:>5} {:>6} {:>7}  program",
        "", "games", "wins", "draws", "losses", "score"
    );
    for (label, wins, losses, score, command) in [
        ("first", t.wins, t.losses, t.score(), first),
        ("second", t.losses, t.wins, 1.0 - t.score(), second),
    ] {
        let _ = writeln!(
            out,
            "{label:<8} {:>5} {wins:>5} {:>5} {losses:>6} {:>6.1}%  {command}",
            t.games(),
            t.draws,
            score * 100.0
        );
    }
    let margin = if t.estimable() { " (95%)" } else { "" };
    let _ = writeln!(
        out,
        "Elo difference (first - second): {}{margin}",
        t.elo_text()
    );
    if result.pairs.pairs() > 0 {
        let _ = writeln!(
            out,
            "pairs by the first's points (0, 1/2, 1, 3/2, 2): {}",
            result.pairs.text()
        );
    }
    if result.forfeits.is_empty() {
        let _ = writeln!(out, "forfeits: none");
    }
    for ((who, why), n) in &result.forfeits {
        let name = if *who == 0 { "first" } else { "second" };
        let _ = writeln!(out, "forfeits: {name} {why}: {n}");
    }
    out
}
