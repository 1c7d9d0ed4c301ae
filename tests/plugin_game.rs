//! A game plugs in: tic-tac-toe, written here against the game traits
//! alone and registered here only, played through the TextUI session,
//! `play`'s loop and the referee, none of which knows it.
//!
//! This test runs without the test harness (`harness = false`): the same
//! binary, started with `--child textui` or `--child play`, is the TextUI
//! or `play` of a program that knows tic-tac-toe, which the referee and the
//! `play` test start as child processes.

use std::io::Write;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use antichess::fronts::arena::{self, MatchConfig};
use antichess::fronts::play::{self, PlayOptions};
use antichess::fronts::textui::{self, Dialog};
use antichess::game::view::{Style, status_lines};
use antichess::game::{
    AnyGame, Choice, Counted, EngineFailure, EngineOptions, Game, Kind, NotAMove, PlayerKind,
    Plugin, Recorded, Refusal, Registry, Rules, Setup, Typed,
};
use antichess::rules::chess::{Color, Outcome, Reason};
use shakmaty::ByColor;

const NAME: &str = "tic-tac-toe";

/// The eight lines of three cells.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The board: cells a1 to c3, row by row from a1; White plays X first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    cells: [Option<Color>; 9],
    turn: Color,
}

impl Board {
    fn empty() -> Board {
        Board {
            cells: [None; 9],
            turn: Color::White,
        }
    }

    fn winner(&self) -> Option<Color> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(c) && self.cells[l[2]] == Some(c)).then_some(c)
        })
    }

    /// The value for the side to move: 1 a win, 0 a draw, -1 a loss.
    fn value(&self) -> i32 {
        if self.winner().is_some() {
            return -1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut next = *self;
                next.play(m);
                -next.value()
            })
            .max()
            .unwrap_or(0)
    }
}

fn cell_text(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 3) as char, cell / 3 + 1)
}

impl Rules for Board {
    type Move = u8;

    fn turn(&self) -> Color {
        self.turn
    }

    fn read_move(&self, text: &str) -> Result<Option<u8>, NotAMove> {
        let &[file @ b'a'..=b'c', rank @ b'1'..=b'3'] = text.as_bytes() else {
            return Err(NotAMove);
        };
        let cell = (rank - b'1') * 3 + (file - b'a');
        Ok(self.moves().contains(&cell).then_some(cell))
    }

    fn move_text(&self, m: u8) -> String {
        cell_text(m)
    }

    fn legal_move_texts(&self) -> Vec<String> {
        self.moves().into_iter().map(cell_text).collect()
    }

    fn moves(&self) -> Vec<u8> {
        if self.winner().is_some() {
            return Vec::new();
        }
        (0..9)
            .filter(|&c| self.cells[c as usize].is_none())
            .collect()
    }

    fn play(&mut self, m: u8) {
        self.cells[m as usize] = Some(self.turn);
        self.turn = self.turn.other();
    }

    fn code(m: u8) -> u32 {
        u32::from(m)
    }

    fn from_code(code: u32) -> Option<u8> {
        u8::try_from(code).ok()
    }

    fn settle(&mut self) -> Option<Outcome> {
        match self.winner() {
            Some(c) => Some(Outcome::win(c, Reason::Connected)),
            None if self.cells.iter().all(Option::is_some) => {
                Some(Outcome::draw(Reason::BoardFull))
            }
            None => None,
        }
    }
}

impl Recorded for Board {
    fn start(ruleset_name: &str) -> Option<Game<Board>> {
        (ruleset_name == NAME).then(|| Game::with_rules(NAME, Board::empty(), 0, 0))
    }

    /// `<tic-tac-toe moves="b2 a1"/>`: the moves from the empty board.
    fn to_xml(game: &Game<Board>) -> String {
        let moves: Vec<String> = game.history().iter().map(|p| cell_text(p.mv)).collect();
        format!("<tic-tac-toe moves=\"{}\"/>\n", moves.join(" "))
    }

    fn describe(_game: &Game<Board>, outcome: Outcome) -> String {
        match outcome.winner {
            Some(c) => format!("{c:?} has three in a row"),
            None => "the board is full".to_string(),
        }
    }
}

impl Plugin for Board {
    /// Perfect play needs no memory.
    type Engine = ();

    fn engine(_game: &Game<Board>, _options: &EngineOptions) {}

    fn engine_move(
        game: &Game<Board>,
        _engine: &mut (),
        _options: &EngineOptions,
        _remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<u8>>, EngineFailure> {
        let board = game.position();
        let best = board.moves().into_iter().max_by_key(|&m| {
            let mut next = *board;
            next.play(m);
            // The first of the best moves (max_by_key keeps the last).
            (-next.value(), -i32::from(m))
        });
        progress(9, 0);
        Ok(best.map(|m| Choice {
            mv: m,
            depth: 9,
            eval: None,
        }))
    }

    fn clear(_engine: &mut ()) {}

    fn banner(_game: &Game<Board>) -> String {
        "Tic-tac-toe. Type help for commands.".to_string()
    }

    fn help(_game: &Game<Board>) -> &'static str {
        "Type a cell (b2). Commands: moves, hint, undo, save FILE, new, help, quit"
    }

    fn commands() -> &'static [&'static str] {
        &["moves", "hint", "undo", "save", "new", "help", "quit"]
    }

    fn render(game: &Game<Board>, players: ByColor<&str>, _style: Style) -> String {
        let mut out = String::new();
        for rank in (0..3).rev() {
            let row: String = (0..3)
                .map(|file| match game.position().cells[rank * 3 + file] {
                    Some(Color::White) => 'X',
                    Some(Color::Black) => 'O',
                    None => '.',
                })
                .collect();
            out.push_str(&format!("{} {row}\n", rank + 1));
        }
        out.push_str("  abc\n");
        let last = game.last_move().map(cell_text);
        out.push_str(&status_lines(game, players, last));
        out
    }

    fn typed(game: &Game<Board>, text: &str) -> Typed<u8> {
        match game.read_move(text) {
            Ok(Some(m)) => Typed::Move(m),
            Ok(None) => Typed::Illegal(Refusal::Illegal {
                named: text.to_string(),
                why: "the cell is taken".to_string(),
            }),
            Err(NotAMove) => Typed::Unknown,
        }
    }

    fn moves_line(game: &Game<Board>) -> String {
        format!("Legal moves: {}", game.legal_move_texts().join(" "))
    }
}

/// Tic-tac-toe in the registry.
struct TicTacToe;

impl Kind for TicTacToe {
    fn name(&self) -> &'static str {
        NAME
    }

    fn ruleset_names(&self) -> String {
        NAME.to_string()
    }

    fn knows(&self, ruleset: &str) -> bool {
        ruleset == NAME
    }

    fn start(&self, ruleset: &str) -> Option<Box<dyn AnyGame>> {
        Board::start(ruleset).map(|g| Box::new(g) as Box<dyn AnyGame>)
    }

    fn read_file(&self, bytes: &[u8]) -> Option<Result<Box<dyn AnyGame>, String>> {
        let text = std::str::from_utf8(bytes).ok()?;
        let moves = text
            .trim()
            .strip_prefix("<tic-tac-toe moves=\"")?
            .strip_suffix("\"/>")?;
        let mut game = Board::start(NAME)?;
        for text in moves.split_whitespace() {
            match game.read_move(text) {
                Ok(Some(m)) if game.outcome().is_none() => {
                    game.play(m, 0);
                }
                _ => return Some(Err(format!("{text} is not a legal move here"))),
            }
        }
        Some(Ok(Box::new(game)))
    }

    fn perft(
        &self,
        _ruleset: &str,
        _setup: Setup,
        depth: u32,
        _divide: bool,
    ) -> Result<Counted, String> {
        fn count(board: Board, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            board
                .moves()
                .into_iter()
                .map(|m| {
                    let mut next = board;
                    next.play(m);
                    count(next, depth - 1)
                })
                .sum()
        }
        Ok(Counted::Total(count(Board::empty(), depth)))
    }
}

fn games() -> Registry {
    antichess::games::builtin().with(TicTacToe)
}

/// The TextUI session plays it by the protocol.
fn textui_session() -> Result<(), String> {
    let mut s = Dialog::with_games(games(), EngineOptions::default());
    let mut ask = |line: &str| s.handle_line(line.as_bytes()).text;
    let script = [
        (
            "StartNewGame human 0 computer 0 tic-tac-toe",
            "New game started\n",
        ),
        ("MakeMove a1 5", "a1\n"),
        ("MakeMove d4 5", "Input error\n"),
        ("GetNextMove", "b2\n"),
        ("MakeNextMove", "b2\n"),
        ("IsLegalMove b2", "illegal\n"),
        ("IsLegalMove c3", "legal\n"),
        ("MakeMove b2 5", "Illegal move\n"),
        ("OfferDraw", "Input error\n"),
        ("MakeMove a2 5", "a2\n"),
        ("GetNextMove", "a3\n"),
        ("PrintBoard", "<tic-tac-toe moves=\"a1 b2 a2\"/>\n"),
    ];
    for (line, want) in script {
        let got = ask(line);
        if got != want {
            return Err(format!("{line}: {got:?}, not {want:?}"));
        }
    }
    // Perfect play against perfect play is a draw.
    let mut s = Dialog::with_games(games(), EngineOptions::default());
    s.handle_line(b"StartNewGame computer 0 computer 0 tic-tac-toe");
    let mut last = String::new();
    for _ in 0..9 {
        s.handle_line(b"GetNextMove");
        last = s.handle_line(b"MakeNextMove").text;
    }
    if !last.ends_with(&format!("{}\n", Outcome::draw(Reason::BoardFull))) {
        return Err(format!("self-play ended {last:?}"));
    }
    // Of the 255,168 games of tic-tac-toe, 127,872 last all nine plies
    // (81,792 won by X on the last move, 46,080 drawn).
    let perft = games()
        .kind(NAME)
        .map(|k| k.perft(NAME, Setup::default(), 9, false));
    if perft != Some(Ok(Counted::Total(127_872))) {
        return Err(format!("perft 9: {perft:?}"));
    }
    Ok(())
}

/// The referee plays a match between two programs that know the game.
fn referee() -> Result<(), String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let program = format!("{} --child textui", me.display());
    let out = tempfile::tempdir().map_err(|e| e.to_string())?;
    let config = MatchConfig {
        first: program.clone(),
        second: program,
        games: 4,
        clock_ms: 10_000,
        second_clock_ms: None,
        increment_ms: 0,
        period_moves: None,
        ruleset: NAME.to_string(),
        games_known: games(),
        opening_plies: 1,
        seed: 7,
        out_dir: Some(out.path().to_path_buf()),
        max_plies: 20,
        concurrency: 2,
        suite: None,
        skip: Default::default(),
        names: None,
    };
    let mut finished = Vec::new();
    let result = arena::play_match(&config, &Arc::new(AtomicBool::new(false)), |i, record| {
        finished.push((i, record.clone()));
    });
    if finished.len() != 4 || result.tally.draws != 4 || !result.forfeits.is_empty() {
        return Err(format!("{:?} {:?}", result.tally, result.forfeits));
    }
    for (_, record) in &finished {
        if record.termination != "the board is full" || record.plies != 9 {
            return Err(format!("{record:?}"));
        }
    }
    let file =
        std::fs::read_to_string(out.path().join("game-001.xml")).map_err(|e| e.to_string())?;
    if !file.starts_with("<tic-tac-toe moves=\"") || file.split_whitespace().count() != 10 {
        return Err(format!("game-001.xml: {file:?}"));
    }
    Ok(())
}

/// `play`'s loop runs a game at the terminal (here through a pipe).
fn play_loop() -> Result<(), String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(me)
        .args(["--child", "play"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .ok_or("no input")?
        .write_all(b"moves\nb2\nb2\nzz\nhint\nundo\nc3\nquit\n")
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout);
    for want in [
        "Tic-tac-toe. Type help for commands.",
        "Legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3",
        "Black (computer) plays a1 (depth 9).",
        "Illegal move b2: the cell is taken.",
        "Unknown command or move \"zz\".",
        "Hint: ",
        "Taken back.",
        "Last move: c3",
        "2 .X.",
    ] {
        if !text.contains(want) {
            return Err(format!("no {want:?} in:\n{text}"));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == "--child" {
        return match args[2].as_str() {
            "textui" => textui::run_with(games(), EngineOptions::default()),
            _ => play::run_with(
                &games(),
                PlayOptions {
                    ruleset: NAME.to_string(),
                    players: ByColor {
                        white: PlayerKind::Human,
                        black: PlayerKind::Computer,
                    },
                    clock_ms: 0,
                    engine: EngineOptions::default(),
                },
            ),
        };
    }
    let mut failed = 0;
    for (name, test) in [
        (
            "a plug-in game through the TextUI session",
            textui_session as fn() -> _,
        ),
        ("a plug-in game through the referee", referee),
        ("a plug-in game through play's loop", play_loop),
    ] {
        match test() {
            Ok(()) => println!("test {name} ... ok"),
            Err(why) => {
                failed += 1;
                println!("test {name} ... FAILED: {why}");
            }
        }
    }
    println!("test result: {} passed; {failed} failed", 3 - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
