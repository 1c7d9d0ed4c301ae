//! The tables of a tournament: the standings (points, games, wins, draws,
//! losses, Elo with its 95% interval by [`super::rating`]) and the
//! crosstable (each program's points against each other).

use std::fmt::Write;

use super::rating;

/// One game's result as the standings count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    /// The program that had White, and the other.
    pub white: usize,
    pub black: usize,
    /// White's points, doubled (2 a win, 1 a draw, 0 a loss).
    pub white_points2: u8,
}

/// A program's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub program: usize,
    pub points: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub rating: rating::Rating,
}

/// The standings of `n` programs, best first (by points, then by rating,
/// then in the order given).
pub fn standings(n: usize, results: &[Result]) -> Vec<Standing> {
    let (score, games) = matrices(n, results);
    let ratings = rating::fit(n, &score, &games);
    let mut lines: Vec<Standing> = (0..n)
        .map(|i| {
            let mut line = Standing {
                program: i,
                points: score[i].iter().sum(),
                games: games[i].iter().sum::<f64>() as u32,
                wins: 0,
                draws: 0,
                losses: 0,
                rating: ratings[i],
            };
            for r in results {
                let mine = match (r.white == i, r.black == i) {
                    (true, _) => r.white_points2,
                    (_, true) => 2 - r.white_points2,
                    _ => continue,
                };
                match mine {
                    2 => line.wins += 1,
                    1 => line.draws += 1,
                    _ => line.losses += 1,
                }
            }
            line
        })
        .collect();
    lines.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.rating.elo.total_cmp(&a.rating.elo))
            .then(a.program.cmp(&b.program))
    });
    lines
}

/// Points and games of each program against each other.
fn matrices(n: usize, results: &[Result]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let mut score = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    for r in results {
        let w = f64::from(r.white_points2) / 2.0;
        score[r.white][r.black] += w;
        score[r.black][r.white] += 1.0 - w;
        games[r.white][r.black] += 1.0;
        games[r.black][r.white] += 1.0;
    }
    (score, games)
}

/// The standings as a table, as rating tools print them.
pub fn standings_table(names: &[String], lines: &[Standing]) -> String {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "{:>4} {:<width$} {:>6} {:>6} {:>6} {:>7} {:>6} {:>4} {:>4} {:>4}\n",
        "rank", "name", "elo", "+/-", "games", "points", "score", "won", "drew", "lost"
    );
    for (rank, l) in lines.iter().enumerate() {
        // Past 1000 Elo the results say nothing (programs that met in
        // separate groups): shown as unbounded.
        let margin = l
            .rating
            .margin
            .filter(|&m| m < 1000.0)
            .map_or("-".to_string(), |m| format!("{m:.0}"));
        let score = if l.games == 0 {
            0.0
        } else {
            100.0 * l.points / f64::from(l.games)
        };
        let elo = if l.rating.elo.abs() < 0.5 {
            0.0
        } else {
            l.rating.elo
        };
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>+6.0} {:>6} {:>6} {:>7.1} {:>5.1}% {:>4} {:>4} {:>4}",
            rank + 1,
            names[l.program],
            elo,
            margin,
            l.games,
            l.points,
            score,
            l.wins,
            l.draws,
            l.losses
        );
    }
    out
}

/// The crosstable: each row's points against each column (`-` where they
/// did not meet), the rows in the standings' order.
pub fn crosstable(names: &[String], lines: &[Standing], results: &[Result]) -> String {
    let n = names.len();
    let (score, games) = matrices(n, results);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
    let mut out = format!("{:>4} {:<width$}", "", "");
    for rank in 1..=lines.len() {
        let _ = write!(out, " {rank:>9}");
    }
    out.push('\n');
    for (rank, row) in lines.iter().enumerate() {
        let _ = write!(out, "{:>4} {:<width$}", rank + 1, names[row.program]);
        for col in lines {
            let (i, j) = (row.program, col.program);
            let cell = if i == j {
                "x".to_string()
            } else if games[i][j] == 0.0 {
                "-".to_string()
            } else {
                format!("{}/{}", score[i][j], games[i][j])
            };
            let _ = write!(out, " {cell:>9}");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: usize, black: usize, white_points2: u8) -> Result {
        Result {
            white,
            black,
            white_points2,
        }
    }

    #[test]
    fn standings_and_crosstable_by_hand() {
        let names: Vec<String> = ["a", "bb", "c"].iter().map(|s| s.to_string()).collect();
        // a beats bb twice, a and c draw twice, c beats bb once and loses once.
        let results = [
            game(0, 1, 2),
            game(1, 0, 0),
            game(0, 2, 1),
            game(2, 0, 1),
            game(1, 2, 2),
            game(2, 1, 2),
        ];
        let lines = standings(3, &results);
        let order: Vec<usize> = lines.iter().map(|l| l.program).collect();
        assert_eq!(order, [0, 2, 1]);
        assert_eq!(
            (
                lines[0].points,
                lines[0].wins,
                lines[0].draws,
                lines[0].losses
            ),
            (3.0, 2, 2, 0)
        );
        assert_eq!((lines[1].points, lines[1].games), (2.0, 4));
        assert_eq!(
            (lines[2].points, lines[2].wins, lines[2].losses),
            (1.0, 1, 3)
        );
        let cross = crosstable(&names, &lines, &results);
        assert_eq!(
            cross,
            "                  1         2         3\n\
             \x20  1 a            x       1/2       2/2\n\
             \x20  2 c          1/2         x       1/2\n\
             \x20  3 bb         0/2       1/2         x\n"
        );
        let table = standings_table(&names, &lines);
        assert!(
            table.lines().nth(1).unwrap().starts_with("   1 a   "),
            "{table}"
        );
        assert!(
            table.contains("   4     3.0  75.0%    2    2    0"),
            "{table}"
        );
    }
}
