// A game's moves as the viewer may know them, and the position it looks
// at: each ply's text (SAN from the server's boards when there is one,
// `?` for a move hidden from it), what the umpire said of it, and the
// board after it, to step back and forth through (arrows, Home, End).
// Pure: the page draws it.

import type { Board12 } from './protocol';

export interface Ply {
  // The move as the server told it (`e2-e4`, `d1`), null when hidden.
  text: string | null;
  // The umpire's words of it (Kriegspiel).
  heard: string[];
}

export class MoveList {
  plies: Ply[] = [];
  // Boards by the plies played before them (0: the start).
  boards = new Map<number, Board12>();
  // The ply looked at; null: the game as it stands.
  cursor: number | null = null;
  // What was heard before any move (nothing, so far).
  private pending: string[] = [];

  moved(text: string | null): void {
    this.plies.push({ text, heard: this.pending });
    this.pending = [];
  }

  heard(text: string): void {
    const last = this.plies[this.plies.length - 1];
    if (last) last.heard.push(text);
    else this.pending.push(text);
  }

  board(b: Board12): void {
    this.boards.set(b.ply, b);
  }

  // The ply looked at.
  shown(): number {
    return this.cursor ?? this.plies.length;
  }

  live(): boolean {
    return this.cursor === null;
  }

  // Looks at ply `n` (clamped); the last is the game as it stands.
  go(n: number): void {
    const end = this.plies.length;
    const to = Math.max(0, Math.min(end, n));
    this.cursor = to === end ? null : to;
  }

  step(delta: number): void {
    this.go(this.shown() + delta);
  }

  // The board at the ply looked at, or the nearest before it the viewer
  // has (a watcher who came in late has none of the first).
  boardShown(): Board12 | null {
    for (let n = this.shown(); n >= 0; n--) {
      const b = this.boards.get(n);
      if (b) return b;
    }
    return null;
  }

  // Ply `i` (0-based) as a player reads it: the board's SAN when the
  // server sent that board, else the move's text, `?` when hidden.
  label(i: number): string {
    const ply = this.plies[i];
    if (!ply) return '';
    if (ply.text === null) return '?';
    const pretty = this.boards.get(i + 1)?.pretty;
    return pretty && pretty !== 'none' && pretty !== '?' ? pretty : ply.text;
  }

  // The rows of the list: a move number and its two plies (indexes).
  rows(): { number: number; plies: number[] }[] {
    const out: { number: number; plies: number[] }[] = [];
    for (let i = 0; i < this.plies.length; i += 2) {
      out.push({ number: i / 2 + 1, plies: i + 1 < this.plies.length ? [i, i + 1] : [i] });
    }
    return out;
  }
}
