// The server's lines as the page reads them: `<12>` boards (each viewer's
// own: in Kriegspiel its own pieces only), `<s1>` seat lines (see
// docs/server.md, "Seat lines"), and everything else for the console.

export type Side = 'white' | 'black';

export interface Board12 {
  game: number;
  // The FEN piece placement of the board as this viewer may see it.
  placement: string;
  turn: Side;
  white: string;
  black: string;
  // The last move's squares, when known (`P/e2-e4`, `o-o` for castling).
  last?: [string, string];
  // The last move as players write it (SAN in chess): `e4`, `Qxf7#`.
  pretty: string;
  // The viewer's relation: 1 its move, -1 the other's, 0 observing.
  relation: number;
  // The plies played before this position (0 at the start).
  ply: number;
}

// A square the viewer's helpers mark, as the server places them:
// Kriegspiel's automatic tokens (`piece`, `check`, `king`, with how sure,
// in %), Connect N's winning `line`.
export interface Mark {
  square: string;
  kind: string;
  strength: number;
}

export type SeatLine =
  | { kind: 'start'; game: number; ruleset: string; side: Side | 'none'; white: string; black: string; increment: number; clocks: [number, number] }
  | { kind: 'moved'; game: number; side: Side; text: string | null }
  | { kind: 'heard'; game: number; text: string }
  | { kind: 'refused'; game: number; text: string }
  | { kind: 'clock'; game: number; clocks: [number | null, number | null] }
  | { kind: 'attempts'; game: number; texts: string[] }
  | { kind: 'end'; game: number; result: string; reason: string }
  | { kind: 'legal'; game: number; moves: string[] }
  | { kind: 'stored'; game: number; id: number }
  | { kind: 'marks'; game: number; marks: Mark[] }
  | { kind: 'board'; game: number; board: BoardKind };

// What a game is played on, as the server says (`<s1> N board ...`).
export type BoardKind =
  | { kind: 'chess'; hidden: boolean }
  | { kind: 'grid'; columns: number; rows: number }
  | { kind: 'none' };

const number = (s: string): number | null => (/^-?\d+$/.test(s) ? parseInt(s, 10) : null);

export function readSeat(line: string): SeatLine | null {
  if (!line.startsWith('<s1> ')) return null;
  const words = line.slice(5).split(' ');
  const game = number(words[0] ?? '');
  const what = words[1];
  const rest = words.slice(2);
  if (game === null) return null;
  switch (what) {
    case 'start': {
      if (rest.length !== 7) return null;
      const [ruleset, side, white, black, inc, w, b] = rest;
      if (side !== 'white' && side !== 'black' && side !== 'none') return null;
      return { kind: 'start', game, ruleset, side, white, black, increment: number(inc) ?? 0, clocks: [number(w) ?? 0, number(b) ?? 0] };
    }
    case 'moved': {
      const [side, text] = rest;
      if (side !== 'white' && side !== 'black') return null;
      return { kind: 'moved', game, side, text: text === '?' || text === undefined ? null : text };
    }
    case 'heard':
      return { kind: 'heard', game, text: rest.join(' ') };
    case 'refused':
      return { kind: 'refused', game, text: rest.join(' ') };
    case 'clock':
      return { kind: 'clock', game, clocks: [number(rest[0] ?? ''), number(rest[1] ?? '')] };
    case 'attempts':
      return { kind: 'attempts', game, texts: rest.filter((w) => w !== '') };
    case 'end':
      return { kind: 'end', game, result: rest[0] ?? '*', reason: rest.slice(1).join(' ') };
    case 'legal':
      return { kind: 'legal', game, moves: rest.filter((w) => w !== '') };
    case 'board': {
      if (rest[0] === 'chess') return { kind: 'board', game, board: { kind: 'chess', hidden: rest[1] === 'hidden' } };
      const columns = number(rest[1] ?? ''), rows = number(rest[2] ?? '');
      if (rest[0] === 'grid' && columns !== null && rows !== null && columns > 0 && rows > 0 && columns <= 26 && rows <= 64) {
        return { kind: 'board', game, board: { kind: 'grid', columns, rows } };
      }
      return { kind: 'board', game, board: { kind: 'none' } };
    }
    case 'stored': {
      const id = number(rest[0] ?? '');
      return id === null ? null : { kind: 'stored', game, id };
    }
    case 'marks': {
      const marks: Mark[] = [];
      for (let i = 0; i + 2 < rest.length; i += 3) {
        const strength = number(rest[i + 2]);
        if (/^[a-z][1-9]\d?$/.test(rest[i]) && strength !== null) marks.push({ square: rest[i], kind: rest[i + 1], strength });
      }
      return { kind: 'marks', game, marks };
    }
    default:
      return null;
  }
}

export function readBoard12(line: string): Board12 | null {
  if (!line.startsWith('<12> ')) return null;
  const f = line.split(' ');
  if (f.length < 31) return null;
  const ranks = f.slice(1, 9);
  if (!ranks.every((r) => /^[-pnbrqkPNBRQK]{8}$/.test(r))) return null;
  const placement = ranks
    .map((r) => r.replace(/-+/g, (m) => String(m.length)))
    .join('/');
  const verbose = f[27];
  let last: [string, string] | undefined;
  const squares = /([a-h][1-8])-([a-h][1-8])/.exec(verbose);
  const turn: Side = f[9] === 'W' ? 'white' : 'black';
  const fullmoves = number(f[26]) ?? 1;
  if (squares) last = [squares[1], squares[2]];
  else if (verbose === 'o-o' || verbose === 'o-o-o') {
    const rank = turn === 'white' ? '8' : '1';
    last = ['e' + rank, (verbose === 'o-o' ? 'g' : 'c') + rank];
  }
  return {
    game: number(f[16]) ?? 0,
    placement,
    turn,
    white: f[17],
    black: f[18],
    last,
    pretty: f[29],
    relation: number(f[19]) ?? 0,
    ply: Math.max(0, (fullmoves - 1) * 2 + (turn === 'black' ? 1 : 0)),
  };
}

// A move's text as squares and a promotion piece: `e2e4`, `e2-e4`,
// `e7e8q`, `e7-e8=Q`. Connect N's columns and anything else are null.
export function squaresOf(text: string): { from: string; to: string; promotion?: string } | null {
  const m = /^([a-h][1-8])-?([a-h][1-8])(?:=?([qrbnkQRBNK]))?$/.exec(text);
  if (!m) return null;
  return { from: m[1], to: m[2], promotion: m[3]?.toLowerCase() };
}

// A clock for people: `4:05`, `59.9`.
export function clockText(ms: number | null): string {
  if (ms === null) return '-';
  const t = Math.max(0, ms);
  if (t < 60_000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.floor(t / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
