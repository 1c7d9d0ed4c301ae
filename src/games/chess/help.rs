//! The help texts of antichess and chess at the terminal.

/// The commands every game on the 8 x 8 board has, for the help texts.
macro_rules! common_help {
    () => {
        "  hint         ask the engine for a move
  undo         take back your last move and the reply
  flip         turn the board around
  save FILE    save the game (the 6.170 game file)
  load FILE    load a game file
  new          start again
  go           let the computer move after Ctrl-C stopped its thought
  help         this text
  quit         leave (Ctrl-D asks first when moves are not saved)"
    };
}

/// `help` in an antichess game.
pub(super) const HELP: &str = concat!(
    "Type a move as e2-e4 or e2e4 (Tab completes legal moves). Commands:
  moves        list your legal moves (and whether a capture is compulsory)
",
    common_help!()
);

/// `help` in a chess game.
pub(super) const CHESS_HELP: &str = concat!(
    "Type a move as e2e4, e2-e4, e7e8n, e7-e8=N, or in SAN (Nf3, exd8=Q+, O-O);
a promotion typed without its piece asks for one (Tab completes legal
moves). Commands:
  moves        list your legal moves
  moves SQ     the moves of the piece on SQ (moves e2)
  claim        claim a draw (threefold repetition, fifty-move rule)
  draw         offer a draw
  save F.pgn   save the game as PGN (load F.pgn [N] loads game N of a PGN file)
",
    common_help!()
);
