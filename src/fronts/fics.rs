//! The chess servers' protocol words that both the server and the
//! client use: the address a server listens on unless told otherwise,
//! and every command a logged-in client may type, with its help line and
//! its FICS block code. What each command does is the server's
//! (`server/commands.rs`).

/// The address the server listens on unless told otherwise.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:5000";

/// A command as the protocol names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    /// What the client types (or any unambiguous prefix).
    pub name: &'static str,
    /// Its code in FICS block mode.
    pub code: u16,
    /// How it is typed and what it does, for `help`.
    pub usage: &'static str,
}

/// Every command, in order.
pub const VERBS: &[Verb] = &[
    Verb {
        name: "abort",
        code: 10,
        usage: "abort                      ask to end the game without result",
    },
    Verb {
        name: "accept",
        code: 11,
        usage: "accept [USER]              accept a challenge",
    },
    Verb {
        name: "adjourn",
        code: 13,
        usage: "adjourn                    ask to adjourn the game",
    },
    Verb {
        name: "alias",
        code: 159,
        usage: "alias ...                  (taken and ignored)",
    },
    Verb {
        name: "decline",
        code: 33,
        usage: "decline [USER]             decline a challenge",
    },
    Verb {
        name: "draw",
        code: 34,
        usage: "draw                       offer or accept a draw, or claim one",
    },
    Verb {
        name: "finger",
        code: 37,
        usage: "finger [USER]              a player's ratings and state",
    },
    Verb {
        name: "games",
        code: 43,
        usage: "games                      the games being played",
    },
    Verb {
        name: "help",
        code: 50,
        usage: "help                       this list",
    },
    Verb {
        name: "history",
        code: 51,
        usage: "history [USER]             a player's last games",
    },
    Verb {
        name: "iset",
        code: 56,
        usage: "iset ms|seat|block|seekinfo 1  clocks in ms on <12>; <s1> lines; block mode; <s> seeks",
    },
    Verb {
        name: "match",
        code: 73,
        usage: "match USER [TIME INC] [rated|unrated] [white|black] [VARIANT]",
    },
    Verb {
        name: "moves",
        code: 77,
        usage: "moves [N|USER]             a game's moves so far",
    },
    Verb {
        name: "observe",
        code: 80,
        usage: "observe N|USER             watch a game",
    },
    Verb {
        name: "play",
        code: 158,
        usage: "play N                     answer seek N",
    },
    Verb {
        name: "quit",
        code: 97,
        usage: "quit                       leave the server",
    },
    Verb {
        name: "refresh",
        code: 101,
        usage: "refresh                    the board again",
    },
    Verb {
        name: "rematch",
        code: 102,
        usage: "rematch                    the last opponent again, colours reversed",
    },
    Verb {
        name: "resign",
        code: 103,
        usage: "resign                     resign the game",
    },
    Verb {
        name: "resume",
        code: 104,
        usage: "resume [USER]              resume an adjourned game",
    },
    Verb {
        name: "say",
        code: 107,
        usage: "say MESSAGE                to your opponent",
    },
    Verb {
        name: "seek",
        code: 155,
        usage: "seek [TIME INC] [rated|unrated] [white|black] [VARIANT]",
    },
    Verb {
        name: "set",
        code: 109,
        usage: "set style 12|1|computer|gin|pin 1  <12> boards or drawn; a computer; games, players",
    },
    Verb {
        name: "register",
        code: 200,
        usage: "register PASSWORD          make your guest name an account (if the server allows)",
    },
    Verb {
        name: "smoves",
        code: 123,
        usage: "smoves N | smoves USER N   a stored game as PGN",
    },
    Verb {
        name: "sought",
        code: 157,
        usage: "sought                     the open seeks",
    },
    Verb {
        name: "style",
        code: 128,
        usage: "style 12|1                 boards as <12> lines or drawn",
    },
    Verb {
        name: "tell",
        code: 132,
        usage: "tell USER MESSAGE          a private message",
    },
    Verb {
        name: "unobserve",
        code: 138,
        usage: "unobserve [N]              stop watching",
    },
    Verb {
        name: "unseek",
        code: 156,
        usage: "unseek [N]                 withdraw your seeks",
    },
    Verb {
        name: "who",
        code: 146,
        usage: "who                        who is logged in",
    },
    Verb {
        name: "withdraw",
        code: 147,
        usage: "withdraw [USER]            withdraw a challenge",
    },
];

/// The names of the commands, in order (clients complete them).
pub fn names() -> impl Iterator<Item = &'static str> {
    VERBS.iter().map(|c| c.name)
}
