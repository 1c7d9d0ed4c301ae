//! `antichess server` through real connections on loopback: logging in,
//! seeks and challenges, a chess game to mate with `<12>` boards and the
//! result line, the stored game as PGN, accounts and rated games, flag
//! falls decided by the server, adjournment by disconnection and by
//! shutdown and resumption, and hostile input.

mod common;

use common::server::{Server, alice_and_bob, challenge, last_board};

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn two_guests_play_chess_to_mate_and_the_game_is_stored() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut a, a_name) = server.guest();
    let (mut b, b_name) = server.guest();
    assert!(a_name.starts_with("Guest") && a_name.len() == 9, "{a_name}");
    assert_ne!(a_name, b_name);
    a.command("style 12");
    b.command("set style 12");
    assert!(
        a.command("seek 3 0 white")
            .contains("Your seek has been posted with index")
    );
    let ad = b.expect("to respond)");
    assert!(
        ad.contains(&format!(
            "{a_name} (++++) seeking 3 0 unrated blitz [white] (\"play "
        )),
        "{ad}"
    );
    let number: String = ad
        .rsplit("\"play ")
        .next()
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let sought = b.command("sought");
    assert!(sought.contains("1 ads displayed."), "{sought}");
    b.send(&format!("play {number}"));
    let creating = a.expect("match.}");
    assert!(
        creating.contains(&format!(
            "{{Game 1 ({a_name} vs. {b_name}) Creating unrated blitz match.}}"
        )),
        "{creating}"
    );
    let start = last_board(&a.expect("\nfics% "));
    assert_eq!(
        start[1..9].join(" "),
        "rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR"
    );
    assert_eq!(start[9], "W");
    assert_eq!(start[19], "1", "White to move is told it is its move");
    assert_eq!(&start[24..26], ["180", "180"]);
    // Moves in SAN, coordinates and with a hyphen; a wrong move and a move
    // out of turn are answered.
    assert!(b.command("e5").contains("It is not your move."));
    a.send("e2e4");
    b.expect("P/e2-e4");
    b.send("e7-e5");
    a.expect("P/e7-e5");
    assert!(a.command("Qh6").contains("Illegal move (Qh6)"));
    for (side, mv) in [(0, "Qh5"), (1, "Nc6"), (0, "Bc4"), (1, "Nf6"), (0, "Qxf7")] {
        if side == 0 {
            a.send(mv)
        } else {
            b.send(mv)
        }
        let other = if side == 0 { &mut b } else { &mut a };
        other.expect(&format!(" {}", if mv == "Qxf7" { "Qxf7#" } else { mv }));
    }
    let end = b.expect("No ratings adjustment done.");
    assert!(
        end.contains(&format!(
            "{{Game 1 ({a_name} vs. {b_name}) {b_name} checkmated}} 1-0"
        )),
        "{end}"
    );
    let history = a.command("history");
    let id: String = history
        .lines()
        .find(|l| l.contains(&b_name))
        .unwrap()
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let pgn = a.command(&format!("smoves {id}"));
    assert!(pgn.contains(&format!("[White \"{a_name}\"]")), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    // The standard's words, and the Event antichess connect writes.
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(pgn.contains("[Event \"antichess server game\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "{pgn}"
    );
}

#[test]
fn registered_players_log_in_play_rated_and_see_their_ratings() {
    let dir = temp();
    let db = dir.path().join("s.db");
    alice_and_bob(&db);
    let server = Server::start(&db);
    // A wrong password is refused; a guest cannot take a registered name.
    let mut intruder = server.connect();
    intruder.expect("login: ");
    intruder.send("alice");
    intruder.expect("\"Alice\" is a registered name.");
    intruder.expect("password: ");
    intruder.send("guess");
    intruder.expect("**** Invalid password! ****");
    intruder.expect("login: ");
    let mut alice = server.user("Alice", "wonderland");
    let mut bob = server.user("bob", "builder");
    alice.command("style 12");
    let (seen, created) = challenge(&mut alice, &mut bob, "Bob", "3 1 rated black");
    assert!(
        seen.contains("Challenge: Alice (----) Bob (----) rated blitz 3 1 [black]."),
        "{seen}"
    );
    assert!(
        created.contains("{Game 1 (Bob vs. Alice) Creating rated blitz match.}"),
        "{created}"
    );
    bob.send("f3");
    alice.expect(" f3 ");
    alice.send("e5");
    bob.expect("e5");
    bob.send("resign");
    let end = alice.expect("--> ");
    assert!(
        end.contains("{Game 1 (Bob vs. Alice) Bob resigns} 0-1"),
        "{end}"
    );
    alice.expect("fics% ");
    let finger = alice.command("finger Alice");
    let blitz = finger
        .lines()
        .find(|l| l.starts_with("blitz"))
        .unwrap_or_else(|| panic!("{finger}"));
    let rating: f64 = blitz.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(rating > 1500.0, "{finger}");
    // A guest may not play rated.
    let (mut guest, _) = server.guest();
    assert!(
        guest
            .command("seek 5 0 rated")
            .contains("Only registered players")
    );
    assert!(
        guest
            .command("match Alice 5 0 rated")
            .contains("Only registered players")
    );
}

#[test]
fn the_server_decides_a_flag_fall() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut a, a_name) = server.guest();
    let (mut b, b_name) = server.guest();
    // 0 minutes and 1 second a move: each side starts with one second.
    challenge(&mut a, &mut b, &b_name, "0 1 white");
    a.send("e4");
    b.expect("e4");
    let started = std::time::Instant::now();
    let end = a.expect("} 1-0");
    assert!(end.contains(&format!("{b_name} forfeits on time")), "{end}");
    let waited = started.elapsed().as_millis();
    assert!((900..5000).contains(&waited), "flag fell after {waited} ms");
    let _ = a_name;
}

#[test]
fn a_game_past_the_move_limit_is_drawn() {
    let dir = temp();
    let server = Server::start_with(
        &dir.path().join("s.db"),
        "127.0.0.1:0",
        &["--max-plies", "3"],
    );
    let (mut a, a_name) = server.guest();
    let (mut b, b_name) = server.guest();
    challenge(&mut a, &mut b, &b_name, "5 0 white 6170-spring-2007");
    a.send("e2e3");
    b.expect("Last move: e2-e3");
    b.send("e7e6");
    a.expect("Last move: e7-e6");
    a.send("d2d3");
    let end = b.expect("} 1/2-1/2");
    assert!(
        end.contains(&format!(
            "{{Game 1 ({a_name} vs. {b_name}) Game drawn by the move limit}} 1/2-1/2"
        )),
        "{end}"
    );
}

#[test]
fn a_game_between_registered_players_is_adjourned_and_resumed() {
    let dir = temp();
    let db = dir.path().join("s.db");
    alice_and_bob(&db);
    let mut server = Server::start(&db);
    let mut alice = server.user("Alice", "wonderland");
    let mut bob = server.user("Bob", "builder");
    challenge(&mut alice, &mut bob, "Bob", "5 0 white");
    alice.send("d4");
    bob.expect("d4");
    bob.send("d5");
    alice.expect("d5");
    // Alice's connection drops: the game is adjourned, not lost.
    drop(alice);
    let adjourned = bob.expect("} *");
    assert!(
        adjourned.contains("Alice lost connection; game adjourned"),
        "{adjourned}"
    );
    let mut alice = server.user("Alice", "wonderland");
    assert!(alice.text().contains("You have 1 adjourned game"));
    bob.expect("Notification: Alice, who has an adjourned game with you, has arrived.");
    alice.send("resume Bob");
    bob.expect("resume your adjourned game");
    bob.send("accept");
    let resumed = alice.expect("match.}");
    assert!(
        resumed.contains("{Game 1 (Alice vs. Bob) Continuing unrated blitz match.}"),
        "{resumed}"
    );
    alice.send("c4");
    bob.expect("c4");
    // The server stops: the game is adjourned and kept; a new server
    // resumes it with its moves.
    assert!(server.stop().success());
    let mut server = Server::start(&db);
    let mut alice = server.user("Alice", "wonderland");
    let mut bob = server.user("Bob", "builder");
    alice.command("style 12");
    alice.send("resume");
    bob.expect("resume your adjourned game");
    bob.send("resume Alice");
    alice.expect("Continuing unrated blitz match.}");
    let board = last_board(&alice.expect("\nfics% "));
    assert_eq!(
        board[1..9].join(" "),
        "rnbqkbnr ppp-pppp -------- ---p---- --PP---- -------- PP--PPPP RNBQKBNR"
    );
    assert_eq!(board[9], "B");
    server.stop();
}

#[test]
fn hostile_input_is_answered_and_the_server_stays_up() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let mut c = server.connect();
    c.expect("login: ");
    c.send_bytes(&[0xff, 0xfd, 0x01, 0x00, 0x07]);
    c.send("not a valid name!");
    c.expect("names must be 3 to 17 letters");
    c.send("guest");
    c.expect("\":\n");
    c.send("");
    c.expect("fics% ");
    c.send_bytes(&vec![b'x'; 100_000]);
    c.send("");
    c.expect("Line too long");
    let mut binary: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    binary.push(b'\n');
    c.send_bytes(&binary);
    assert!(
        c.command("frobnicate")
            .contains("frobnicate: Command not found.")
    );
    assert!(c.command("match").contains("Usage: match"));
    assert!(
        c.command("match Nobody 99999999999999999999")
            .contains("too large")
    );
    assert!(
        c.command("seek 5 0 checkers")
            .contains("Unknown word or variant \"checkers\"")
    );
    assert!(c.command("play 77").contains("not available"));
    assert!(c.command("observe 5").contains("no such game"));
    assert!(c.command("smoves 12345").contains("no stored game"));
    assert!(c.command("resign").contains("not playing"));
    // Another client is served all along.
    let (mut other, _) = server.guest();
    assert!(other.command("who").contains("2 players displayed"));
    c.send("quit");
    c.expect("Logging you out.");
    c.expect_closed();
}

#[test]
fn a_killed_server_keeps_every_move_of_the_games_in_progress() {
    let dir = temp();
    let db = dir.path().join("s.db");
    alice_and_bob(&db);
    let mut server = Server::start(&db);
    let mut alice = server.user("Alice", "wonderland");
    let mut bob = server.user("Bob", "builder");
    challenge(&mut alice, &mut bob, "Bob", "5 0 white");
    for (white, black) in [("e4", "c5"), ("Nf3", "d6")] {
        alice.send(white);
        bob.expect(&format!("Last move: {white}"));
        bob.send(black);
        alice.expect(&format!("Last move: {black}"));
    }
    alice.send("d4");
    bob.expect("Last move: d4");
    server.kill();
    let server = Server::start(&db);
    let mut alice = server.user("Alice", "wonderland");
    let mut bob = server.user("Bob", "builder");
    assert!(alice.text().contains("You have 1 adjourned game"));
    bob.command("style 12");
    bob.send("resume Alice");
    alice.expect("resume your adjourned game");
    alice.send("accept");
    bob.expect("Continuing");
    let board = last_board(&bob.expect("\nfics% "));
    assert_eq!(
        board[1..9].join(" "),
        "rnbqkbnr pp--pppp ---p---- --p----- ---PP--- -----N-- PPP--PPP RNBQKB-R"
    );
    assert_eq!(board[9], "B");
    assert_eq!(board[19], "1", "Black to move: {board:?}");
}

#[test]
fn connect_four_and_antichess_are_played_on_the_server() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut a, a_name) = server.guest();
    let (mut b, b_name) = server.guest();
    let (mut watcher, _) = server.guest();
    let (seen, created) = challenge(&mut a, &mut b, &b_name, "5 0 white connect-4");
    assert!(seen.contains("unrated connect-4 5 0 [white]"), "{seen}");
    assert!(
        created.contains("Creating unrated connect-4 match.}"),
        "{created}"
    );
    assert!(
        watcher
            .command(&format!("observe {a_name}"))
            .contains("observing game 1")
    );
    // Boards are drawn (no chess board to send as <12>).
    for _ in 0..3 {
        a.send("a");
        a.expect("Black to move");
        b.expect("Black to move");
        b.send("b");
        a.expect("White to move");
        b.expect("White to move");
    }
    assert!(b.command("a").contains("It is not your move."));
    // An observer's move is no move.
    assert!(watcher.command("c").contains("c: Command not found."));
    a.send("a");
    let end = b.expect("No ratings adjustment done.");
    assert!(
        end.contains(&format!(
            "{{Game 1 ({a_name} vs. {b_name}) {a_name} connects}} 1-0"
        )),
        "{end}"
    );
    let seen = watcher.expect("connects}");
    assert!(
        seen.contains("White to move") || seen.contains("Black to move"),
        "{seen}"
    );

    // Antichess (the 2007 rules): a capture is compulsory.
    a.command("style 12");
    b.command("style 12");
    b.send(&format!("match {a_name} 5 0 black 6170-spring-2007"));
    a.expect("decline\"");
    a.send("accept");
    a.expect("Creating unrated 6170-spring-2007 match.}");
    a.send("e2e3");
    b.expect("P/e2-e3");
    b.send("b7-b5");
    a.expect("P/b7-b5");
    let refused = a.command("a2a3");
    assert!(refused.contains("Illegal move (a2a3)"), "{refused}");
    assert!(refused.to_lowercase().contains("capture"), "{refused}");
    a.send("f1b5");
    b.expect("B/f1-b5");
    b.send("resign");
    let end = a.expect("} 1-0");
    assert!(end.contains(&format!("{b_name} resigns")), "{end}");
}

#[test]
fn a_client_that_floods_or_never_reads_is_bounded() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let before = server.rss_kb();
    // 50 MB without a line end: cut to one refused line.
    let (mut flooder, _) = server.guest();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..50 {
        flooder.send_bytes(&chunk);
    }
    flooder.send("");
    flooder.expect("Line too long");
    // A client asking for output and never reading it is let go.
    let (mut deaf, deaf_name) = server.guest_with_small_window();
    let many = "help\n".repeat(20_000);
    let _ = std::io::Write::write_all(
        &mut std::net::TcpStream::connect(&server.addr).unwrap(),
        b"",
    );
    deaf.send_bytes(many.as_bytes());
    let (mut other, _) = server.guest();
    assert!(other.command("who").contains("players displayed"));
    std::thread::sleep(std::time::Duration::from_secs(2));
    let after = server.rss_kb();
    assert!(
        after < before + 100_000,
        "memory grew from {before} kB to {after} kB"
    );
    // Let go once what it was sent (1.9 KB a `help`, 100 lines a second
    // after the first 1,000) fills the server's socket buffer (at most
    // 4 MB by Linux's default) and its 1 MB queue: about 20 s at worst.
    // Watched from another client: reading the deaf one would feed it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while other.command("who").contains(&deaf_name) {
        assert!(
            std::time::Instant::now() < deadline,
            "a client that does not read is kept"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    deaf.expect_closed();
    assert!(other.command("who").contains("players displayed"));
}

/// Every command's answer when it cannot be done: the session goes on.
#[test]
fn every_error_has_an_answer() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut c, _) = server.guest();
    let (mut other, other_name) = server.guest();
    for (line, answer) in [
        ("accept", "There are no offers pending to you."),
        ("decline", "There are no offers pending to you."),
        ("withdraw", "You have no offers to withdraw."),
        ("unseek", "You have no active seeks."),
        ("play", "Usage: play N"),
        ("play 5", "That seek is not available."),
        ("draw", "You are not playing a game."),
        ("abort", "You are not playing a game."),
        ("adjourn", "You are not playing a game."),
        ("resign", "You are not playing a game."),
        ("say hello", "You are not playing a game."),
        ("resume", "You have no adjourned game"),
        ("tell", "Usage: tell USER MESSAGE"),
        ("tell Nobody hi", "No player named \"Nobody\" is logged in."),
        ("observe", "Usage: observe N|USER"),
        ("unobserve", "You are not observing any games."),
        ("refresh", "You are neither playing nor observing a game."),
        (
            "finger Nobody",
            "There is no player matching the name Nobody.",
        ),
        ("history Nobody", "Nobody has no history games."),
        ("smoves", "Usage: smoves N"),
        ("smoves 1", "There is no stored game 1."),
        ("style 7", "Styles: 12"),
        ("set", "Usage: set VARIABLE VALUE"),
        ("match", "Usage: match USER"),
        ("match Nobody", "No player named \"Nobody\" is logged in."),
        ("seek 1 2 3", "Give at most two numbers"),
        ("seek 601", "at most 600 minutes"),
        (
            "seek 5 0 rated",
            "Only registered players can play rated games.",
        ),
        ("un", "Ambiguous command. Matches: unobserve unseek"),
        ("e4", "e4: Command not found."),
    ] {
        let got = c.command(line);
        assert!(got.contains(answer), "{line:?}: {got:?}");
    }
    assert!(
        c.command(&format!("tell {other_name} hi"))
            .contains(&format!("(told {other_name})"))
    );
    other.expect("tells you: hi");
    assert!(c.command("seek 5 0").contains("posted"));
    assert!(c.command("seek 5 0").contains("posted"));
    assert!(c.command("seek 5 0").contains("posted"));
    assert!(c.command("seek 5 0").contains("at most 3 seeks"));
    assert!(c.command("unseek").contains("removed (3)"));
    assert!(c.command("help").contains("smoves N"));
}

#[test]
fn a_lobby_is_told_of_seeks_games_and_players_as_fics_tells_them() {
    let dir = temp();
    let db = dir.path().join("s.db");
    let server = Server::start(&db);
    let (mut lobby, _) = server.guest();
    let (mut seeker, seeker_name) = server.guest();
    seeker.command("seek 5 0");
    // Asked for, the open seeks come after <sc>.
    let listed = lobby.command("iset seekinfo 1");
    assert!(listed.contains("seekinfo set.\n<sc>\n"), "{listed}");
    let ad =
        format!("<s> 1 w={seeker_name} ti=01 rt=0P t=5 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f");
    assert!(listed.contains(&ad), "{listed}");
    seeker.command("seek 3 2 black wild/16");
    lobby.expect(&format!(
        "<s> 2 w={seeker_name} ti=01 rt=0P t=3 i=2 r=u tp=wild/16 c=B rr=0-9999 a=t f=f"
    ));
    seeker.command("unseek 2");
    lobby.expect("<sr> 2\n");
    lobby.command("set gin 1");
    lobby.command("set pin 1");
    // A new player is announced; taking seek 1 removes it and starts a
    // game the lobby hears of, and of its end.
    let (mut taker, taker_name) = server.guest();
    lobby.expect(&format!("[{taker_name} has connected.]"));
    taker.command("play 1");
    lobby.expect("<sr> 1\n");
    let creating = lobby.expect(" match.}");
    assert!(creating.contains("{Game 1 ("), "{creating}");
    assert!(
        creating.contains("Creating unrated blitz match.}"),
        "{creating}"
    );
    taker.command("resign");
    let ended = lobby.expect("}");
    assert!(ended.contains("resigns"), "{ended}");
    taker.send("quit");
    lobby.expect(&format!("[{taker_name} has disconnected.]"));
    // Unset, nothing more comes.
    lobby.command("iset seekinfo 0");
    seeker.command("seek 5 0");
    let quiet = lobby.command("who");
    assert!(!quiet.contains("<s> "), "{quiet}");
}

#[test]
fn a_guest_registers_its_name_when_the_server_allows_it() {
    let dir = temp();
    let db = dir.path().join("s.db");
    // Closed unless the keeper opens it.
    {
        let server = Server::start(&db);
        let (mut guest, _) = server.guest();
        let answer = guest.command("register secret1");
        assert!(answer.contains("ask its keeper"), "{answer}");
    }
    let server = Server::start_with(&db, "127.0.0.1:0", &["--open-registration"]);
    let (mut guest, name) = server.guest();
    let answer = guest.command("register secret1");
    assert!(
        answer.contains("A guest name cannot be registered"),
        "{answer}"
    );
    assert!(name.starts_with("Guest"));
    let mut vera = server.connect();
    vera.expect("login: ");
    vera.send("Vera");
    vera.expect("\":\n");
    vera.send("");
    vera.expect("fics% ");
    let short = vera.command("register abc");
    assert!(short.contains("Usage: register PASSWORD (6 to"), "{short}");
    vera.send("register secret1");
    vera.expect("Registering Vera...");
    vera.expect("Vera is registered");
    let again = vera.command("register secret2");
    assert!(again.contains("registered already"), "{again}");
    let finger = vera.command("finger");
    assert!(!finger.contains("(U)"), "{finger}");
    vera.send("quit");
    vera.expect_closed();
    // The account takes its password, and only it.
    let mut wrong = server.connect();
    wrong.expect("login: ");
    wrong.send("vera");
    wrong.expect("password: ");
    wrong.send("secret2");
    wrong.expect("Invalid password");
    server.user("Vera", "secret1");
}

#[test]
fn an_illegal_move_is_refused_in_the_servers_words_once() {
    let dir = temp();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut a, a_name) = server.guest();
    let (mut b, _) = server.guest();
    challenge(&mut b, &mut a, &a_name, "5 0 black");
    a.expect("fics% ");
    // Typed as e2e5, named by the game e2-e5: the reason is said once.
    let refused = a.command("e2e5");
    assert!(
        refused.contains("Illegal move (e2e5): a pawn on e2 cannot move to e5."),
        "{refused}"
    );
    assert_eq!(refused.matches("Illegal move").count(), 1, "{refused}");
    let ambiguous = a.command("Nd2");
    assert!(ambiguous.contains("Illegal move (Nd2)"), "{ambiguous}");
}
