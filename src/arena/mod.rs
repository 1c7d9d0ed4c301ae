//! Playing TextUI programs against each other: the self-play harness.
//!
//! `antichess match --a CMD --b CMD` starts both programs, plays games from
//! random openings (each opening twice, colours swapped, delivered with
//! `LoadGame`), keeps the authoritative clocks, checks every move with the
//! rules core, and scores forfeits (illegal move, garbage, crash, time) as
//! losses for the offender.

mod child;
mod elo;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use child::{ChildProgram, Fault};
pub use elo::Tally;

use crate::file;
use crate::game::Game;
use crate::rules::{Color, Outcome, Reason, parse_move_text};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Command for program A.
    pub a: String,
    /// Command for program B.
    pub b: String,
    /// Number of games (rounded up to pairs).
    pub games: u32,
    /// Clock per side in milliseconds (0: unlimited).
    pub clock_ms: i64,
    /// Ruleset name.
    pub ruleset: String,
    /// Random plies before the programs take over.
    pub opening_plies: u32,
    /// Seed of the opening generator.
    pub seed: u64,
    /// Folder for the opening files.
    pub work_dir: PathBuf,
    /// Plies after which an unfinished game is adjudicated a draw (the
    /// rules have no repetition or fifty-move draw, so shuffling games
    /// could go on for ever).
    pub max_plies: usize,
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Whether A had White.
    pub a_white: bool,
    /// The result.
    pub outcome: Outcome,
    /// Why, in words (a rule, or the offender's fault).
    pub reason: String,
    /// Plies played after the opening.
    pub plies: usize,
}

struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random opening of `plies` moves that leaves the game in progress.
pub fn random_opening(ruleset: &str, plies: u32, seed: u64) -> Game {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    loop {
        let mut game = Game::new(ruleset, 0, 0);
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            game.play(m, 0);
        }
        if game.outcome().is_none() {
            return game;
        }
    }
}

/// Plays the match; `on_game` sees each finished game. Returns A's tally.
pub fn play_match(config: &MatchConfig, mut on_game: impl FnMut(u32, &GameRecord)) -> Tally {
    let mut tally = Tally::default();
    let mut programs: [Option<ChildProgram>; 2] = [None, None];
    let pairs = config.games.div_ceil(2);
    for pair in 0..pairs {
        let opening = random_opening(
            &config.ruleset,
            config.opening_plies,
            config.seed ^ u64::from(pair),
        );
        for a_white in [true, false] {
            let index = pair * 2 + u32::from(!a_white);
            let record = play_one(config, &mut programs, &opening, a_white, index);
            let a_color = if a_white { Color::White } else { Color::Black };
            match record.outcome.winner {
                None => tally.draws += 1,
                Some(c) if c == a_color => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
            on_game(index, &record);
        }
    }
    tally
}

fn ensure(slot: &mut Option<ChildProgram>, command: &str) -> Option<()> {
    if slot.is_none() {
        *slot = ChildProgram::spawn(command).ok();
    }
    slot.as_ref().map(|_| ())
}

/// A program's turn budget: its clock plus a grace period (10 s when
/// unlimited).
fn deadline(clock: Option<i64>) -> Duration {
    match clock {
        Some(ms) => Duration::from_millis(ms.max(0) as u64 + 500),
        None => Duration::from_secs(10) + Duration::from_millis(500),
    }
}

const ANSWER: Duration = Duration::from_secs(10);

fn play_one(
    config: &MatchConfig,
    programs: &mut [Option<ChildProgram>; 2],
    opening: &Game,
    a_white: bool,
    index: u32,
) -> GameRecord {
    // programs[0] is A, programs[1] is B; by colour: white index.
    let white_idx = if a_white { 0 } else { 1 };
    let commands = [&config.a, &config.b];
    let forfeit = |loser: Color, why: String, plies: usize| GameRecord {
        a_white,
        outcome: Outcome::win(loser.other(), Reason::TimeExpired),
        reason: why,
        plies,
    };
    let idx_of = |c: Color| {
        if c == Color::White {
            white_idx
        } else {
            1 - white_idx
        }
    };

    let clock = config.clock_ms;
    let start_position = if clock > 0 {
        with_clocks(opening, clock)
    } else {
        opening.clone()
    };
    let mut referee = start_position.clone();
    let opening_file = config
        .work_dir
        .join(format!("opening-{}-{index}.xml", std::process::id()));
    let xml = file::to_xml(&start_position.to_file());
    if file::save_atomic(&opening_file, xml.as_bytes()).is_err() {
        return GameRecord {
            a_white,
            outcome: Outcome::draw(Reason::Stalemate),
            reason: "cannot write the opening file".into(),
            plies: 0,
        };
    }

    for color in [Color::White, Color::Black] {
        let i = idx_of(color);
        let start = match color {
            Color::White => format!(
                "StartNewGame computer {clock} human {clock} {}",
                config.ruleset
            ),
            Color::Black => format!(
                "StartNewGame human {clock} computer {clock} {}",
                config.ruleset
            ),
        };
        let ok = ensure(&mut programs[i], commands[i]).is_some()
            && setup(programs[i].as_mut(), &start, &opening_file);
        if !ok {
            programs[i] = None;
            return forfeit(color, format!("{} did not start a game", name(i)), 0);
        }
    }
    let _ = std::fs::remove_file(&opening_file);

    let mut plies = 0;
    loop {
        if plies >= config.max_plies {
            return GameRecord {
                a_white,
                outcome: Outcome::draw(Reason::Stalemate),
                reason: format!("adjudicated a draw after {plies} plies"),
                plies,
            };
        }
        let turn = referee.turn();
        let (mi, oi) = (idx_of(turn), idx_of(turn.other()));
        let remaining = referee.clock(turn).remaining();
        let started = Instant::now();
        let answer = match programs[mi].as_mut() {
            Some(p) => p.ask("GetNextMove", deadline(remaining)),
            None => Err(Fault::Crashed),
        };
        let spent = started.elapsed().as_millis() as i64;
        let text = match answer {
            Ok(t) => t,
            Err(f) => {
                programs[mi] = None;
                return forfeit(turn, format!("{}: {f:?} on GetNextMove", name(mi)), plies);
            }
        };
        if let Some(outcome) = referee.charge(spent) {
            programs[mi] = None;
            programs[oi] = None;
            return GameRecord {
                a_white,
                outcome,
                reason: format!("{} lost on time", name(mi)),
                plies,
            };
        }
        let Some(m) = parse_move_text(&text).and_then(|(f, t)| referee.position().find_move(f, t))
        else {
            programs[mi] = None;
            programs[oi] = None;
            return forfeit(
                turn,
                format!("{}: illegal or garbled move {text:?}", name(mi)),
                plies,
            );
        };
        let outcome = referee.play(m, 0);
        plies += 1;
        let expect_extra = outcome.is_some();
        let echoed = programs[mi]
            .as_mut()
            .map(|p| p.ask("MakeNextMove", ANSWER))
            .unwrap_or(Err(Fault::Crashed));
        if echoed.as_deref() != Ok(text.as_str()) {
            programs[mi] = None;
            programs[oi] = None;
            return forfeit(
                turn,
                format!("{}: MakeNextMove answered {echoed:?}", name(mi)),
                plies,
            );
        }
        let told = programs[oi]
            .as_mut()
            .map(|p| p.ask(&format!("MakeMove {text} {spent}"), ANSWER))
            .unwrap_or(Err(Fault::Crashed));
        if told.as_deref() != Ok(text.as_str()) {
            programs[oi] = None;
            programs[mi] = None;
            return forfeit(
                turn.other(),
                format!("{}: MakeMove answered {told:?}", name(oi)),
                plies,
            );
        }
        if expect_extra {
            for i in [mi, oi] {
                let line = programs[i].as_mut().map(|p| p.recv(ANSWER));
                let expected = outcome.map(|o| o.to_string());
                if line.and_then(Result::ok) != expected {
                    programs[i] = None;
                }
            }
            let outcome = outcome.unwrap_or(Outcome::draw(Reason::Stalemate));
            return GameRecord {
                a_white,
                outcome,
                reason: outcome.reason.as_str().to_string(),
                plies,
            };
        }
    }
}

fn name(i: usize) -> &'static str {
    if i == 0 { "A" } else { "B" }
}

fn setup(program: Option<&mut ChildProgram>, start: &str, opening: &Path) -> bool {
    let Some(p) = program else { return false };
    p.ask(start, ANSWER).as_deref() == Ok("New game started")
        && p.ask(&format!("LoadGame {}", opening.display()), ANSWER)
            .as_deref()
            == Ok("Game loaded")
}

/// The opening with both clocks set to `ms`.
fn with_clocks(opening: &Game, ms: i64) -> Game {
    let mut f = opening.to_file();
    f.time = file::TimeSpec {
        timed: true,
        init_white: Some(ms),
        init_black: Some(ms),
        current_white: Some(ms),
        current_black: Some(ms),
    };
    for m in &mut f.moves {
        m.time = None;
    }
    Game::from_file(&f)
}
