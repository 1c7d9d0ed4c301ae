//! Server nodes sharing one PostgreSQL database (`server --db
//! postgres://...`): accounts and ratings are every node's, and the game
//! of a node killed with SIGKILL is adjourned by another, every move and
//! both clocks kept, and resumed there. Each test makes its own throwaway
//! cluster (`common::postgres`).

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::postgres::Cluster;
use common::server::{Server, alice_and_bob, challenge, last_board};

#[test]
fn accounts_and_ratings_are_every_nodes() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    alice_and_bob(db);
    let (one, two) = (Server::start(db), Server::start(db));
    let mut alice = one.user("Alice", "wonderland");
    let mut bob = one.user("bob", "builder");
    alice.command("style 12");
    challenge(&mut alice, &mut bob, "Bob", "3 1 rated black");
    bob.send("f3");
    alice.expect(" f3 ");
    bob.send("resign");
    alice.expect("Bob resigns} 0-1");
    // On the other node: a wrong password is refused, the right one
    // lets Alice in, and her rating is the one the game gave.
    let mut intruder = two.connect();
    intruder.expect("login: ");
    intruder.send("alice");
    intruder.expect("\"Alice\" is a registered name.");
    intruder.expect("password: ");
    intruder.send("guess");
    intruder.expect("**** Invalid password! ****");
    let mut carol = two.guest().0;
    let finger = carol.command("finger Alice");
    let blitz = finger
        .lines()
        .find(|l| l.starts_with("blitz"))
        .unwrap_or_else(|| panic!("{finger}"));
    let rating: f64 = blitz.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(rating > 1500.0, "{finger}");
    let history = carol.command("history Bob");
    assert!(history.contains("Alice"), "{history}");
}

#[test]
fn a_killed_nodes_game_is_resumed_on_another_with_every_move() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    alice_and_bob(db);
    let mut one = Server::start(db);
    let two = Server::start(db);
    let mut alice = one.user("Alice", "wonderland");
    let mut bob = one.user("Bob", "builder");
    alice.command("style 12");
    bob.command("style 12");
    challenge(&mut alice, &mut bob, "Bob", "5 0 white");
    alice.send("d4");
    bob.expect("d4");
    bob.send("d5");
    alice.expect("d5");
    alice.send("c4");
    let before = last_board(&bob.expect("c4"));
    // Node one dies at once: nothing is adjourned by it.
    one.kill();
    drop((alice, bob));
    // Node two sees node one silent past its lease and adjourns its game.
    let end = Instant::now() + Duration::from_secs(40);
    let mut alice = loop {
        let alice = two.user("Alice", "wonderland");
        if alice.text().contains("You have 1 adjourned game") {
            break alice;
        }
        assert!(Instant::now() < end, "never adjourned: {}", alice.text());
        drop(alice);
        std::thread::sleep(Duration::from_millis(500));
    };
    let mut bob = two.user("Bob", "builder");
    alice.command("style 12");
    alice.send("resume Bob");
    bob.expect("resume your adjourned game");
    bob.send("accept");
    let resumed = alice.expect("match.}");
    assert!(
        resumed.contains("{Game 1 (Alice vs. Bob) Continuing unrated blitz match.}"),
        "{resumed}"
    );
    let resumed = alice.expect("\nfics% ");
    let board = last_board(&resumed);
    assert_eq!(
        board[1..9].join(" "),
        "rnbqkbnr ppp-pppp -------- ---p---- --PP---- -------- PP--PPPP RNBQKBNR"
    );
    assert_eq!(board[9], "B");
    // The clocks as they were when the last move was made (fields 24
    // and 25: White's and Black's seconds).
    assert_eq!(board[24..26], before[24..26], "{resumed}");
    bob.send("e6");
    alice.expect("e6");
}

/// `who` lists the players of every node, `tell` reaches a player on
/// another node, and a login on one node ends the same player's session
/// on another, as a second login on one server does.
#[test]
fn who_and_tell_cross_nodes() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    alice_and_bob(db);
    let nodes = [Server::start(db), Server::start(db), Server::start(db)];
    let mut alice = nodes[0].user("Alice", "wonderland");
    let mut bob = nodes[1].user("Bob", "builder");
    let (mut carol, carol_name) = nodes[2].guest();
    let who = carol.command("who");
    for name in [":Alice", ":Bob", &format!(":{carol_name}(U)")] {
        assert!(who.lines().any(|l| l == name), "{name} in {who}");
    }
    assert!(who.contains("3 players displayed (of 3)."), "{who}");
    let told = carol.command("tell alice hello from node three");
    assert!(told.contains("(told Alice)"), "{told}");
    alice.expect(&format!("{carol_name}(U) tells you: hello from node three"));
    bob.command("tell Alice and from two");
    alice.expect("Bob tells you: and from two");
    let nobody = carol.command("tell Nobody hi");
    assert!(
        nobody.contains("No player named \"Nobody\" is logged in."),
        "{nobody}"
    );
    // Alice logs in on node three: her session on node one ends.
    let mut again = nodes[2].user("Alice", "wonderland");
    alice.expect("You are logged in from somewhere else: this session ends.");
    let who = again.command("who");
    assert_eq!(who.lines().filter(|l| *l == ":Alice").count(), 1, "{who}");
    assert!(who.contains("3 players displayed (of 3)."), "{who}");
    // Node two's player leaves: gone from every node's list.
    drop(bob);
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let who = again.command("who");
        if !who.contains(":Bob") {
            break;
        }
        assert!(Instant::now() < end, "{who}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A game between players on two nodes, watched from a third: every move
/// reaches both players and the watcher, the end reaches all three, and
/// afterwards the players' lines are their own node's again.
#[test]
fn a_game_across_nodes_with_a_watcher_on_a_third() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    alice_and_bob(db);
    let nodes = [Server::start(db), Server::start(db), Server::start(db)];
    let mut alice = nodes[0].user("Alice", "wonderland");
    let mut bob = nodes[1].user("Bob", "builder");
    let (mut carol, _) = nodes[2].guest();
    for c in [&mut alice, &mut bob, &mut carol] {
        c.command("style 12");
    }
    let (seen, created) = challenge(&mut alice, &mut bob, "Bob", "5 0 white");
    assert!(
        seen.contains("Challenge: Alice (----) Bob (----) unrated blitz 5 0 [white]."),
        "{seen}"
    );
    assert!(
        created.contains("{Game 1 (Alice vs. Bob) Creating unrated blitz match.}"),
        "{created}"
    );
    alice.send("e4");
    let board = last_board(&bob.expect("P/e2-e4"));
    assert_eq!(board[9], "B");
    // Carol's node asks Alice's, which hosts the game: the answer comes
    // from there.
    carol.send("observe Alice");
    carol.expect("You are now observing game 1.");
    bob.send("e5");
    alice.expect("P/e7-e5");
    carol.expect("P/e7-e5");
    alice.send("Nf3");
    bob.expect("N/g1-f3");
    let seen = last_board(&carol.expect("N/g1-f3"));
    assert_eq!(
        seen[1..9].join(" "),
        "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R"
    );
    bob.send("resign");
    for c in [&mut alice, &mut bob, &mut carol] {
        c.expect("{Game 1 (Alice vs. Bob) Bob resigns} 1-0");
    }
    // Released: Bob's commands are his node's again, and answered.
    let mut answered = String::new();
    for _ in 0..50 {
        answered = bob.command("who");
        if answered.contains("players displayed") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        answered.contains(":Carol") || answered.contains("(U)"),
        "{answered}"
    );
    let history = carol.command("history Alice");
    assert!(history.contains("Bob"), "{history}");
}

/// Seeks and games are numbered across the nodes: a seek posted on one
/// node is listed and taken on another, and the game is listed and
/// watched by its number from a third.
#[test]
fn seeks_and_games_are_every_nodes() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    let nodes = [Server::start(db), Server::start(db), Server::start(db)];
    let (mut ann, ann_name) = nodes[0].guest();
    let (mut ben, ben_name) = nodes[1].guest();
    let (mut cat, _) = nodes[2].guest();
    for c in [&mut ann, &mut ben, &mut cat] {
        c.command("style 12");
    }
    let posted = ann.command("seek 5 0 white");
    assert!(
        posted.contains("Your seek has been posted with index 1."),
        "{posted}"
    );
    let sought = ben.command("sought");
    assert!(
        sought
            .lines()
            .any(|l| l.starts_with("  1 ") && l.contains(&ann_name)),
        "{sought}"
    );
    // Ben's own seek takes the next number, not 1 again.
    let own = ben.command("seek 3 0");
    assert!(own.contains("posted with index 2."), "{own}");
    ben.send("play 1");
    let created = ann.expect("match.}");
    assert!(
        created.contains(&format!(
            "{{Game 1 ({ann_name} vs. {ben_name}) Creating unrated blitz match.}}"
        )),
        "{created}"
    );
    ben.expect("match.}");
    let games = cat.command("games");
    assert!(
        games.contains(&format!("  1 {ann_name:<17} {ben_name:<17}"))
            && games.contains("(on another node)"),
        "{games}"
    );
    // Boards come in each player's style from the first: the game's
    // own node makes them for the players of the other nodes.
    ben.expect("<12> rnbqkbnr pppppppp");
    cat.send("observe 1");
    cat.expect("You are now observing game 1.");
    cat.expect("<12> rnbqkbnr pppppppp");
    ann.send("d4");
    ben.expect("P/d2-d4");
    cat.expect("P/d2-d4");
}

#[test]
fn notices_reach_the_players_of_every_node() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let db = Path::new(&cluster.url);
    let nodes = [Server::start(db), Server::start(db)];
    let (mut ann, ann_name) = nodes[0].guest();
    let (mut ben, _) = nodes[1].guest();
    ben.command("set gin 1");
    ben.command("set pin 1");
    assert!(ben.command("iset seekinfo 1").contains("<sc>"));
    ann.send("seek 5 0 white");
    ben.expect(&format!(
        "<s> 1 w={ann_name} ti=01 rt=0P t=5 i=0 r=u tp=blitz c=W"
    ));
    // The list a client asks for holds the other node's seeks.
    let list = ben.command("iset seekinfo 1");
    assert!(list.contains(&format!("<s> 1 w={ann_name} ")), "{list}");
    ann.send("unseek");
    ben.expect("<sr> 1");
    let (mut cat, cat_name) = nodes[0].guest();
    ben.expect(&format!("[{cat_name} has connected.]"));
    ann.send(&format!("match {cat_name} 5 0 white"));
    cat.expect("Challenge:");
    cat.send("accept");
    ben.expect(&format!(
        "{{Game 1 ({ann_name} vs. {cat_name}) Creating unrated blitz match.}}"
    ));
    // Each notice once: the first line told is the next one read.
    cat.send("resign");
    let over = ben.expect("} 1-0");
    assert!(
        over.contains(&format!(
            "{{Game 1 ({ann_name} vs. {cat_name}) {cat_name} resigns}} 1-0"
        )),
        "{over}"
    );
    let rest = ben.command("date");
    assert!(!rest.contains("resigns"), "{rest}");
}
