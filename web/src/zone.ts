// Kriegspiel's zone of control: the squares the viewer's own pieces
// attack, its own pieces the only blockers it knows of (the same zone
// `antichess kriegspiel` computes). The page marks the squares outside
// it, as the terminal's `zone` does.

import type { Side } from './protocol';

const STEPS: Record<string, [number, number][]> = {
  n: [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]],
  k: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]],
};
const RAYS: Record<string, [number, number][]> = {
  b: [[1, 1], [1, -1], [-1, 1], [-1, -1]],
  r: [[1, 0], [-1, 0], [0, 1], [0, -1]],
  q: [[1, 1], [1, -1], [-1, 1], [-1, -1], [1, 0], [-1, 0], [0, 1], [0, -1]],
};

// The board of a FEN placement: rows from rank 8, each eight characters.
function rows(placement: string): string[] {
  return placement.split('/').map((r) => r.replace(/\d/g, (d) => '-'.repeat(parseInt(d, 10))));
}

export function zone(placement: string, side: Side): string[] {
  const board = rows(placement);
  const at = (file: number, rank: number): string => board[7 - rank]?.[file] ?? '-';
  const mine = (c: string): boolean => c !== '-' && (c === c.toUpperCase()) === (side === 'white');
  const out = new Set<string>();
  const add = (file: number, rank: number): boolean => {
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return false;
    out.add(String.fromCharCode(97 + file) + String(rank + 1));
    return at(file, rank) === '-';
  };
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const c = at(file, rank);
      if (!mine(c)) continue;
      const kind = c.toLowerCase();
      if (kind === 'p') {
        const ahead = side === 'white' ? 1 : -1;
        add(file - 1, rank + ahead);
        add(file + 1, rank + ahead);
      }
      for (const [df, dr] of STEPS[kind] ?? []) add(file + df, rank + dr);
      for (const [df, dr] of RAYS[kind] ?? []) {
        for (let f = file + df, r = rank + dr; add(f, r); f += df, r += dr);
      }
    }
  }
  return [...out].sort();
}
