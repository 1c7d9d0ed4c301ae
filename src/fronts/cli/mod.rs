//! The command line: no subcommand runs the TextUI; subcommands do the
//! rest. Each subcommand declares exactly the options it uses.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{CommandFactory, Parser, Subcommand};

use crate::engines::search;
use crate::fronts::textui;
use crate::games::connect::Shape;
use crate::rules::chess::Ruleset;
use crate::rules::file;
use crate::sys::safe_read::{ReadError, read_bounded};

mod connect;
mod flags;
mod kriegspiel;
mod manual;
mod password;
mod perft;
mod pgn;
mod referee;
mod server;
mod solve;
mod tournament;
mod trace;
mod worker;

use flags::{
    ComputerArgs, EngineArgs, HashArg, MatchArgs, SeatArgs, TableArgs, parse_shape,
    parse_variant_name,
};
use referee::{prepare_out, run_match};

/// With no subcommand: the TextUI on standard input and output.
#[derive(Parser)]
#[command(
    name = "antichess",
    version,
    about = "MIT 6.170 Antichess: the TextUI protocol, game files, rules and engine",
    long_about = "MIT 6.170 Antichess: the TextUI protocol, game files, rules and engine.\n\n\
        Without a subcommand, runs the TextUI: type commands, or pipe a command file in \
        (StartNewGame, MakeMove, GetNextMove, MakeNextMove, PrintAllMoves, GetTime, \
        SaveGame, LoadGame, QuitGame; under chess also GetStatus, ClaimDraw, OfferDraw, \
        AcceptDraw). The computer thinks --movetime a move (1 s when the clock is \
        unlimited), or to --depth; --player random|first replaces it by a baseline; \
        --uci-engine asks a UCI engine for its moves instead, and an engine that crashes, \
        hangs or answers an illegal move ends a piped session with exit status 1.\n\n\
        Rulesets: 6170-spring-2007 (the default), 6170-spring-2007-encastle, \
        6170-spring-2004 (also 6.170-spring-2004, 6170-spring-2002), chess, kriegspiel \
        (play and referee), connect-N-W-H and connect-N.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Task>,
    #[command(flatten)]
    computer: ComputerArgs,
}

#[derive(Subcommand)]
enum PgnAction {
    /// Read every game and report each problem as
    /// `file:line:column: error|warning: game N: message`, then a summary
    /// line per file (exit status 1 if a game has an error, 2 if a file
    /// cannot be read).
    Check {
        /// PGN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Do not print warnings (they are still counted).
        #[arg(long)]
        no_warnings: bool,
        /// Warnings count as errors for the exit status.
        #[arg(long)]
        strict: bool,
    },
    /// Play the games of a file move by move, without asking anything.
    Replay {
        /// A PGN file.
        file: PathBuf,
        /// Only this game (from 1).
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        /// Time between moves (default 1s on a terminal, else 0): 500ms,
        /// 2s (a bare number is milliseconds).
        #[arg(long, value_name = "TIME", value_parser = flags::parse_millis)]
        delay: Option<u64>,
        /// Do not draw the board (the output is then stable).
        #[arg(long)]
        no_board: bool,
    },
    /// Write every game without an error in the PGN export format.
    Format {
        /// PGN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum Task {
    /// Count move sequences of a given length (tests the move generator).
    ///
    /// The count is the last line of standard output; --divide lists each
    /// root move's count first; the time goes to standard error. For
    /// Connect N (--ruleset connect-4-7-6) the position is given by --moves.
    Perft {
        /// Number of plies.
        depth: u32,
        /// Ruleset name (chess, an antichess ruleset, or connect-N-W-H).
        #[arg(long, default_value = Ruleset::DEFAULT_NAME, value_parser = parse_variant_name)]
        ruleset: String,
        /// Chess and antichess: start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Connect N: start from the position these moves reach from the
        /// empty board (column letters `ddce`, or digits `4435` with 1 = a).
        #[arg(long, value_name = "SEQ")]
        moves: Option<String>,
        /// List each root move's count first.
        #[arg(long)]
        divide: bool,
    },
    /// PGN files: check them, replay their games, or write them in the
    /// export format.
    Pgn {
        #[command(subcommand)]
        action: PgnAction,
    },
    /// The rules' view of each position of a game: legal moves, check,
    /// status, repetitions and claimable draws, one block per ply (the
    /// format of chess_oracle.py trace, for comparing the two).
    Trace(trace::TraceArgs),
    /// Exact scores of Connect N positions (Pascal Pons' format): each
    /// position as `<moves> <score>`, the score for the side to move (0 a
    /// draw; a win sooner scores more, a loss later scores less).
    ///
    /// With --check, exit status 1 on a mismatch and 2 on a bad line (one
    /// that is not a position, or not a line of text, too long or not
    /// UTF-8), reported by its number and passed over. On 7 x 6 the opening
    /// book's wins bound the search (unless --no-book): a --weak solve of
    /// the empty board or of a book position is immediate, an exact one
    /// searches only among wins.
    /// A solve past a second reports its bounds, nodes and time on standard
    /// error once a second.
    Solve {
        /// Ruleset name (connect-N-W-H or connect-N).
        #[arg(long, default_value = "connect-4-7-6", value_parser = parse_shape)]
        ruleset: Shape,
        /// Only whether the side to move wins (1), draws (0) or loses (-1).
        #[arg(long)]
        weak: bool,
        /// The score of each column instead (`-` for a full one).
        #[arg(long)]
        analyze: bool,
        /// Each line is `<moves> <expected score>`: report mismatches, exit
        /// status 1 if any.
        #[arg(long)]
        check: bool,
        /// Search without the opening book's wins (to time the solver
        /// alone).
        #[arg(long)]
        no_book: bool,
        #[command(flatten)]
        hash: HashArg,
        /// Positions as move sequences (`-` the empty board); without any,
        /// one per line of standard input (`#` lines and blank lines
        /// skipped).
        positions: Vec<String>,
    },
    /// Search a fixed set of positions to a fixed depth; prints the time
    /// to depth, nodes per second and the total node count (with one
    /// thread, a reproducible signature of the search).
    ///
    /// The positions are ten fixed ones; the default depth is 10.
    #[command(mut_arg("threads", |a| a.help("Search threads (lazy SMP; more than one makes the node count irreproducible) [default: 1]")))]
    Bench {
        /// Search depth.
        #[arg(default_value_t = search::bench::DEFAULT_DEPTH)]
        depth: u32,
        #[command(flatten)]
        table: TableArgs,
    },
    /// Referee games between two TextUI programs (also the self-play
    /// harness): random openings, each played twice with colours swapped;
    /// prints a table with the score, an Elo difference and its 95% margin,
    /// and forfeits by reason.
    ///
    /// Each opening reaches the programs as a game file (LoadGame). The
    /// referee keeps the wall clocks and checks every move: an illegal
    /// move, garbage, a crash, a hang (the clock plus 0.5 s, or 10 s
    /// unlimited) or a protocol error loses the game for the offender, with
    /// the last line the program wrote on its standard error. Under chess a
    /// game ends as a draw as soon as one can be claimed, and both programs
    /// must print the chess result line. The progress line shows the running
    /// score and Elo with its margin; each game's line its plies as its PGN
    /// counts them.
    ///
    /// With --out every game is written as game-NNN.xml (schema-valid, with
    /// gameOver; a forfeit as timeExpired) and game-NNN.pgn (antichess games
    /// with Variant and the ending as Termination; chess with the standard
    /// Termination values).
    ///
    /// Ctrl-C stops the match at once: games in progress are neither scored
    /// nor written, the finished ones are kept (exit status 130). A command
    /// is split into words as a shell splits them and run without a shell,
    /// each program in a process group of its own, ended whole with its
    /// game. A program that cannot be run stops the match before its first
    /// game (exit status 2); a line over 64 KiB is a protocol error. Opening
    /// files go to a private folder (mode 700) the referee removes.
    Referee(referee::RefereeArgs),
    /// Make the Connect Four (7 x 6) opening book with the solver: the
    /// first player's winning move for every position on its winning line,
    /// against any reply, up to PLIES discs, written to standard output ply
    /// by ply (the shipped book is data/connect-4-7-6.book).
    #[command(
        mut_arg("hash", |a| a.help("Transposition table size in MB [default: 4096]")),
        mut_arg("threads", |a| a.help("Threads solving the positions of a ply [default: 1]"))
    )]
    Book {
        /// Positions with up to this many discs.
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// The table (shared out among the threads: the empty board wants
        /// several GB) and the threads solving the positions of a ply.
        #[command(flatten)]
        table: TableArgs,
        /// An earlier book (such as the shipped one) whose moves are taken
        /// as they are instead of solved again: extends a book by a few
        /// plies in the time of those plies.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
    },
    /// Play a game at the terminal.
    ///
    /// The board after every move (Unicode pieces on coloured squares, or
    /// letters when NO_COLOR is set, TERM=dumb, or output is not a
    /// terminal), the last move, whose turn, both clocks, captured pieces.
    /// Moves as e2-e4, e2e4 or SAN (e4, Nf3), with Tab completion and
    /// history. Commands: moves, hint, undo (your move and the reply), flip,
    /// save FILE, load FILE, new, help, quit; in chess also claim, draw and
    /// moves SQUARE. An illegal move gets its reason. Ctrl-C while the
    /// computer thinks stops the thought (go lets it think again); quit and
    /// Ctrl-D with moves not saved ask first; a limited clock runs through
    /// the whole turn and its running out is said when it happens.
    Play {
        /// Ruleset name (chess, an antichess ruleset, or connect-N-W-H).
        #[arg(long, default_value = Ruleset::DEFAULT_NAME, value_parser = parse_variant_name)]
        ruleset: String,
        #[command(flatten)]
        seats: SeatArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Kriegspiel (ICC wild 16): chess where each side sees only its own
    /// pieces and an umpire announces captures, checks and pawn tries.
    Kriegspiel(kriegspiel::KriegspielArgs),
    /// Play on a game server at the terminal: its lines shown, commands
    /// typed, boards drawn; connects again when the connection drops.
    Connect(connect::ConnectArgs),
    /// A game server for all the games, speaking the FICS protocol (for
    /// telnet, xboard and `antichess connect`); Ctrl-C stops it, adjourning
    /// the games in progress.
    Server(server::ServerArgs),
    /// Many programs in a round robin, a gauntlet or the course's seeded
    /// knockout: standings with Elo, a crosstable, every game recorded,
    /// resumable after Ctrl-C or a crash.
    ///
    /// Programs are TextUI programs; NAME=uci:CMD is a UCI engine (through
    /// --uci-engine); under --ruleset kriegspiel, Kriegspiel players. Each
    /// pairing is a mini-match of --games games (each opening with both
    /// colours) played by the referee. The knockout seeds in the order
    /// named (byes to the top seeds); a pairing that ends level plays two
    /// more games, at most three times; still level, the program that won a
    /// game in the fewest plies goes through, else the higher seed.
    ///
    /// At the end: the standings (points, games, wins, draws, losses, Elo
    /// from a maximum-likelihood fit with its 95% interval), the crosstable
    /// and, for a knockout, the bracket, on standard output and in
    /// DIR/standings.txt; every game in DIR/pairing-NNN-A-vs-B/, all of them
    /// in DIR/tournament.pgn. The state is saved after every game
    /// (DIR/tournament.state): --resume plays only the games not played. A
    /// program that crashes stops the tournament unless --recover.
    Tournament(tournament::TournamentArgs),
    /// Play the games of matches and tournaments that referees put in a
    /// PostgreSQL database (referee --db, tournament --db), with this
    /// machine's programs, until Ctrl-C.
    ///
    /// Each slot claims a pair of games (one opening, both colours) for a
    /// lease it keeps renewing, plays it as the referee would, and
    /// delivers both games in one transaction; a pair whose worker stops
    /// renewing is played again by another. A match is played only when
    /// its programs (the command's program and every file its words name)
    /// hash here as at the referee: otherwise the worker tells the referee
    /// why and leaves the match to others. A match the referee stopped
    /// (Ctrl-C, or an SPRT that decided) is given up at once.
    Worker(worker::WorkerArgs),
    /// Speak the UCI protocol (for chess GUIs and tournament managers):
    /// orthodox chess unless the GUI sets UCI_Variant to an antichess
    /// ruleset; MultiPV, ponder, go mate and searchmoves as the protocol
    /// says.
    ///
    /// Options: UCI_Variant, Hash, Threads, MultiPV. `go` takes wtime btime
    /// winc binc movestogo movetime depth nodes mate infinite ponder
    /// searchmoves. info lines carry depth, seldepth, multipv, score (mate N
    /// for any won or lost ending), nodes, nps, hashfull, time, pv, and
    /// currmove after a second; bestmove comes with the reply to ponder on,
    /// and is a legal move whenever the position has one. MultiPV searches
    /// every line to the same depth; a position without moves gets `info
    /// depth 0 score mate 0` (cp 0 when drawn) before `bestmove 0000`. A
    /// line over 64 KiB or not UTF-8 is answered with an info string.
    Uci {
        #[command(flatten)]
        table: TableArgs,
    },
    /// Write the manual pages (antichess.1 and one a subcommand, such as
    /// antichess-referee.1) into DIR, from the same definitions as --help.
    ///
    /// The repository keeps them in docs/man; `man -l docs/man/antichess.1`
    /// reads one without installing it.
    Manual {
        /// The folder to write them into (made if missing).
        dir: PathBuf,
    },
    /// Check game files against their schema (schema/antichess.xsd, or
    /// schema/connect-n.xsd for a Connect N ruleset); exit status 1 if any
    /// fails.
    ///
    /// Each file gets `FILE: valid`, or `FILE: invalid: line L, column C:
    /// element <e>: why`.
    Validate {
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Runs the program with the process's arguments.
pub fn run() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let cli = Cli::parse();
    match execute(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("antichess: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Makes a write to a closed pipe (`antichess perft 5 --divide | head -1`)
/// end the program quietly with success, as `head` expects of the
/// programs before it, instead of a panic: standard output is written by
/// `print!` throughout, which panics on a broken pipe; this panic hook
/// ends the process at once for that panic alone and leaves every other
/// to the default hook.
fn end_quietly_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn execute(cli: Cli) -> Result<ExitCode> {
    Ok(match cli.command {
        None => {
            // A person at a terminal is told where the rest is; a pipe
            // (a grader's bytes) gets nothing but the protocol.
            use std::io::IsTerminal;
            if std::io::stdin().is_terminal() && std::io::stderr().is_terminal() {
                eprintln!(
                    "antichess: the 6.170 TextUI protocol on standard input (see `antichess --help`; `antichess play` to play at the terminal)."
                );
            }
            textui::run(cli.computer.options())
        }
        Some(Task::Validate { files }) => validate(&files),
        Some(Task::Manual { dir }) => manual::write(Cli::command(), &dir)?,
        Some(Task::Kriegspiel(args)) => kriegspiel::run(args)?,
        Some(Task::Tournament(args)) => tournament::run(args)?,
        Some(Task::Worker(args)) => worker::run(args)?,
        Some(Task::Server(args)) => server::run(args)?,
        Some(Task::Connect(args)) => connect::run(args)?,
        Some(Task::Book { plies, table, from }) => make_book(
            plies,
            table.hash.mb_or(4096),
            table.threads.or(1),
            from.as_deref(),
        )?,
        Some(Task::Bench { depth, table }) => bench(depth, table.hash.mb(), table.threads.or(1)),
        Some(Task::Uci { table }) => crate::fronts::uci::run(table.hash.mb(), table.threads(None)),
        Some(Task::Play {
            ruleset,
            seats,
            engine,
        }) => crate::fronts::play::run(crate::fronts::play::PlayOptions {
            ruleset,
            players: seats.players(),
            clock_ms: seats.clock,
            engine: engine.options(),
        }),
        Some(Task::Referee(args)) => referee::run_command(args)?,
        Some(Task::Perft {
            depth,
            ruleset,
            fen,
            moves,
            divide,
        }) => perft::run(depth, &ruleset, fen.as_deref(), moves.as_deref(), divide)?,
        Some(Task::Pgn { action }) => match action {
            PgnAction::Check {
                files,
                no_warnings,
                strict,
            } => pgn::check(&files, no_warnings, strict),
            PgnAction::Replay {
                file,
                game,
                delay,
                no_board,
            } => pgn::replay(&file, game, delay, !no_board),
            PgnAction::Format { files } => pgn::format(&files),
        },
        Some(Task::Trace(args)) => trace::run(args)?,
        Some(Task::Solve {
            ruleset,
            weak,
            analyze,
            check,
            no_book,
            hash,
            positions,
        }) => solve::run(
            &solve::Options {
                shape: ruleset,
                weak,
                analyze,
                check,
                book: !no_book,
                hash_mb: hash.mb(),
            },
            &positions,
        ),
    })
}

fn validate(files: &[PathBuf]) -> ExitCode {
    let games = crate::games::builtin();
    let mut ok = true;
    for path in files {
        match file::read_bytes(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| games.check_file(&bytes))
        {
            Ok(()) => println!("{}: valid", path.display()),
            Err(e) => {
                ok = false;
                println!("{}: invalid: {e}", path.display());
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `antichess book`: the Connect Four book to standard output, a line on
/// standard error for each ply done.
fn make_book(
    plies: u32,
    hash_mb: usize,
    threads: usize,
    from: Option<&std::path::Path>,
) -> Result<ExitCode> {
    use crate::games::connect::book::{self, Book};
    let shape = Shape::CONNECT_FOUR;
    let known = match from {
        None => Book::empty(shape),
        Some(path) => {
            let name = path.display();
            let bytes = read_bounded(path, 64 << 20).map_err(|e| match e {
                ReadError::Open(e) | ReadError::Read(e) => {
                    anyhow::Error::new(e).context(format!("cannot read {name}"))
                }
                ReadError::NotRegularFile | ReadError::TooLarge(_) => {
                    anyhow::anyhow!("{name}: not a book (a regular file of at most 64 MB)")
                }
            })?;
            Book::parse(shape, &String::from_utf8_lossy(&bytes))
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?
        }
    };
    let mut solvers: Vec<_> = (0..threads)
        .map(|_| crate::games::connect::Solver::new(shape, (hash_mb / threads).max(1)))
        .collect();
    let start = std::time::Instant::now();
    let mut out = std::io::stdout().lock();
    book::build(
        shape,
        plies,
        &mut solvers,
        &known,
        &mut out,
        &mut |discs, n| {
            eprintln!(
                "antichess: book: {discs} discs, {n} positions, {:.1} s",
                start.elapsed().as_secs_f64()
            );
        },
    )
    .context("cannot make the book")?;
    Ok(ExitCode::SUCCESS)
}

fn bench(depth: u32, hash_mb: usize, threads: usize) -> ExitCode {
    let result = search::bench::run(depth, hash_mb, threads, |i, nodes, t| {
        eprintln!(
            "position {:2}: {:>10} nodes {:>8.3} s",
            i + 1,
            nodes,
            t.as_secs_f64()
        );
    });
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    println!("depth {depth}");
    println!("time {:.3} s", secs);
    println!("nps {:.0}", result.nodes as f64 / secs);
    println!("nodes {}", result.nodes);
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every subcommand's flags are well formed (no flag defined twice in
    /// one command, defaults that parse).
    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
