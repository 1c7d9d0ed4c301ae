// The page: a session with the server over a WebSocket that speaks the
// server's own line protocol (the same login, commands and games as
// telnet). Boards come from the server's `<12>` lines (each viewer's own),
// moves it may try from its `<s1> legal` lines: the page keeps no rules
// of any game, so it plays what the server plays.

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Key } from 'chessground/types';
import type { DrawShape } from 'chessground/draw';
import { Board12, BoardKind, Mark, SeatLine, Side, clockText, readBoard12, readSeat, squaresOf } from './protocol';
import { zone } from './zone';
import { Lobby } from './lobby';
import { MoveList } from './movelist';
import { Sound, play as playSound, setSound, soundOn } from './sound';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

interface Game {
  number: number;
  ruleset: string;
  side: Side | 'none';
  names: { white: string; black: string };
  clocks: [number | null, number | null];
  clockAt: number;
  turn: Side;
  legal: string[];
  list: MoveList;
  // The plies already sounded (-1: none yet, the game as it stood when
  // the page came to it is not sounded).
  sounded: number;
  result: string | null;
  // Each side sees its own pieces (tokens and the zone then apply).
  hidden: boolean;
  view: BoardKind;
  board: Board12 | null;
  tokens: Map<string, Token>;
  // The squares the server marks for this viewer (automatic tokens, a
  // winning line).
  marks: Mark[];
  showZone: boolean;
  stored: number | null;
}

type Token = 'piece' | 'check' | 'king';

let socket: WebSocket | null = null;
let buffer = '';
let handle = '';
let account: { name: string; password: string; create: boolean } | null = null;
const lobby = new Lobby();
let game: Game | null = null;
let ground: Api | null = null;
let tokenKind: Token | null = null;
let readingPgn: string[] | null = null;

function send(line: string): void {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(line + '\n');
}

function log(text: string, cls = ''): void {
  const out = $('console');
  const line = document.createElement('div');
  line.textContent = text;
  if (cls) line.className = cls;
  out.append(line);
  while (out.childElementCount > 500) out.firstElementChild?.remove();
  out.scrollTop = out.scrollHeight;
}

function toast(text: string): void {
  const t = $('toast');
  t.textContent = text;
  t.hidden = false;
  window.setTimeout(() => (t.hidden = true), 2500);
}

// ---- the connection ----

function connect(): void {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(`${scheme}//${location.host}/ws`);
  $('status').textContent = 'Connecting...';
  socket.addEventListener('open', () => ($('status').textContent = 'Connected.'));
  socket.addEventListener('message', (e) => receive(String(e.data)));
  socket.addEventListener('close', () => {
    $('status').textContent = 'Disconnected.';
    showLogin(true);
  });
}

function receive(chunk: string): void {
  buffer += chunk.replace(/\r/g, '');
  let end: number;
  while ((end = buffer.indexOf('\n')) >= 0) {
    line(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
  }
  // A question left without a line end.
  const rest = buffer.replace(/^fics% /, '');
  if (rest.endsWith('login: ')) {
    buffer = '';
    if (account) send(account.name);
  } else if (rest.endsWith('password: ')) {
    buffer = '';
    if (account?.create) {
      // The name is an account already: not ours to try passwords on.
      toast(`${account.name} is registered already: enter with its password, or choose another name.`);
      account = null;
      socket?.close();
    } else if (account) send(account.password);
  } else if (rest === 'fics% ') {
    buffer = '';
  }
  soundMoves();
}

function line(raw: string): void {
  let text = raw;
  while (text.startsWith('fics% ')) text = text.slice(6);
  if (readingPgn && readingPgn.length > 0 && text === '') {
    readingPgn.push('');
    return;
  }
  if (text === '') return;
  const seat = readSeat(text);
  if (seat) return seatLine(seat);
  const board = readBoard12(text);
  if (board) return boardLine(board);
  if (readingPgn) {
    if (readingPgn.length === 0 && !text.startsWith('[')) {
      readingPgn = null;
      toast(text);
      return log(text);
    }
    readingPgn.push(text);
    if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(text.trim().split(' ').pop() ?? '') && !text.startsWith('[')) {
      download(readingPgn.join('\n') + '\n');
      readingPgn = null;
    }
    return;
  }
  const lobbys = lobby.read(text);
  if (lobby.changed) drawLobby();
  if (lobbys) return;
  if (text.startsWith('Press return to enter the server as')) send('');
  const started = /^\*\*\*\* Starting FICS session as ([A-Za-z]+)/.exec(text);
  if (started) {
    handle = started[1];
    for (const set of ['set style 12', 'iset ms 1', 'iset seat 1', 'iset seekinfo 1', 'set gin 1', 'set pin 1']) send(set);
    lobby.ask('games');
    send('games');
    lobby.ask('who');
    send('who');
    showLogin(false);
    $('me').textContent = handle;
    if (account?.create) send(`register ${account.password}`);
  }
  if (/^(Style 12|ms|seat|seekinfo|gin|pin) set\.$/.test(text)) return;
  registrationLine(text);
  offerLine(text);
  ratingLine(text);
  if (text.startsWith('**** Invalid password')) {
    // Asked again, the page waits for the person rather than send the
    // same password until the server gives up on it.
    account = null;
    toast('The password was refused.');
  }
  log(text);
}

// ---- the end ----

// How a game ended, in words after "won" or "Draw" (the server's reason
// names).
const ENDINGS: Record<string, string> = {
  checkmate: 'by checkmate',
  piecesLost: 'by losing every piece but the king',
  stalemate: 'by stalemate',
  timeExpired: 'on time',
  connected: 'with a line',
  boardFull: 'with the board full',
  insufficientMaterial: 'by insufficient material',
  threefoldRepetition: 'by repetition',
  fiftyMoves: 'by the fifty-move rule',
  fivefoldRepetition: 'by fivefold repetition',
  seventyFiveMoves: 'by the seventy-five-move rule',
  agreement: 'by agreement',
  resignation: 'by resignation',
  moveLimit: 'by the move limit',
  forfeit: 'by forfeit',
};

// The end in words for this viewer: "You won by checkmate", "Draw by
// repetition", "White won on time" (to a watcher), "Game aborted".
function endWords(result: string, reason: string): string {
  if (result === '*') return reason === 'adjourned' ? 'Game adjourned.' : 'Game aborted.';
  const how = ENDINGS[reason] ?? reason;
  if (result === '1/2-1/2') return `Draw ${how}.`;
  const winner = result === '1-0' ? 'white' : 'black';
  if (game && game.side !== 'none') return `You ${game.side === winner ? 'won' : 'lost'} ${how}.`;
  const [first, second] = sideNames();
  return `${winner === 'white' ? first : second} won ${how}.`;
}

function showEnd(result: string, reason: string): void {
  $('end-text').textContent = endWords(result, reason);
  $('end-rating').textContent = '';
  const player = game !== null && game.side !== 'none';
  $('end-rematch').hidden = !player || result === '*';
  $('end-new').hidden = !player;
  $('end').hidden = false;
}

// A rated game's rating change, shown with its end.
function ratingLine(text: string): void {
  if (handle && text.startsWith(`${handle} rating adjustment:`)) {
    $('end-rating').textContent = text;
  }
}

// ---- offers ----

// What the opponent offers, as buttons: the server's words read, and the
// command each button sends (a decline with no command of its own just
// puts the offer away).
interface Offer {
  text: string;
  accept: string;
  decline: string | null;
}

let offer: Offer | null = null;

function offerLine(text: string): void {
  const challenge = /^Challenge: ([A-Za-z]+) /.exec(text);
  const draw = /^([A-Za-z]+) offers you a draw\./.exec(text);
  const request = /^([A-Za-z]+) would like to (abort|adjourn)\./.exec(text);
  if (challenge) {
    showOffer({ text, accept: `accept ${challenge[1]}`, decline: `decline ${challenge[1]}` });
  } else if (draw) {
    showOffer({ text: `${draw[1]} offers a draw.`, accept: 'draw', decline: null });
  } else if (request) {
    showOffer({ text: `${request[1]} would like to ${request[2]} the game.`, accept: request[2], decline: null });
  } else if (/withdraws the match offer|declines the match offer|is no longer available|^\{Game \d+ \(.*\)( Creating| Continuing)? /.test(text)) {
    showOffer(null);
  }
}

function showOffer(o: Offer | null): void {
  offer = o;
  $('offer').hidden = o === null;
  $('offer-text').textContent = o?.text ?? '';
}

// ---- games ----

function seatLine(s: SeatLine): void {
  if (s.kind === 'start') {
    $('end').hidden = true;
    game = {
      number: s.game,
      ruleset: s.ruleset,
      side: s.side,
      names: { white: s.white, black: s.black },
      clocks: s.clocks.map((c) => (c > 0 ? c : null)) as [number | null, number | null],
      clockAt: performance.now(),
      turn: 'white',
      legal: [],
      list: new MoveList(),
      sounded: -1,
      result: null,
      hidden: false,
      view: { kind: 'none' },
      board: null,
      tokens: new Map(),
      marks: [],
      showZone: false,
      stored: null,
    };
    $('announcements').replaceChildren();
    return;
  }
  if (!game || s.game !== game.number) return;
  switch (s.kind) {
    case 'board':
      game.view = s.board;
      game.hidden = s.board.kind === 'chess' && s.board.hidden;
      setUpBoard();
      break;
    case 'moved':
      game.list.moved(s.text);
      game.turn = s.side === 'white' ? 'black' : 'white';
      game.legal = [];
      break;
    case 'heard':
      game.list.heard(s.text);
      announce(s.text);
      break;
    case 'marks':
      game.marks = s.marks;
      break;
    case 'refused':
      if (game.side !== 'none') {
        toast(`Illegal move (${s.text})`);
        announce(`Illegal move: ${s.text}`);
      }
      break;
    case 'clock':
      game.clocks = s.clocks;
      game.clockAt = performance.now();
      break;
    case 'legal':
      game.legal = s.moves;
      game.turn = game.side === 'none' ? game.turn : (game.side as Side);
      break;
    case 'attempts':
      break;
    case 'stored':
      game.stored = s.id;
      break;
    case 'end':
      game.result = `${s.result} ${s.reason}`;
      game.legal = [];
      announce(`Game over: ${s.result} (${s.reason})`);
      showEnd(s.result, s.reason);
      game.sounded = game.list.plies.length;
      sound('end');
      break;
  }
  redraw();
}

// ---- sounds ----

function sound(kind: Sound): void {
  playSound(kind);
  $('sound-state').textContent = kind;
}

// The newest move's sound, once its lines are all in: a check, a
// capture (by its SAN, or the umpire's words in Kriegspiel), or a move.
function soundMoves(): void {
  if (!game) return;
  const count = game.list.plies.length;
  if (game.sounded < 0 || game.result !== null) {
    game.sounded = count;
    return;
  }
  if (count <= game.sounded) return;
  game.sounded = count;
  const label = game.list.label(count - 1);
  const heard = game.list.plies[count - 1].heard.join(' ');
  if (/[+#]/.test(label) || /check/i.test(heard)) sound('check');
  else if (label.includes('x') || /captured/i.test(heard)) sound('capture');
  else sound('move');
}

function announce(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  $('announcements').append(item);
  item.scrollIntoView({ block: 'nearest' });
  if (game?.hidden && /check/i.test(text)) toast(text);
}

function boardLine(b: Board12): void {
  if (!game || b.game !== game.number) return;
  game.list.board(b);
  game.board = b;
  game.turn = b.turn;
  redraw();
}

function setUpBoard(): void {
  if (!game) return;
  const board = $('board');
  const grid = $('connect');
  board.hidden = game.view.kind !== 'chess';
  grid.hidden = game.view.kind !== 'grid';
  $('tokens').hidden = !game.hidden;
  $('tokens-legend').hidden = !game.hidden;
  $('zone').hidden = !game.hidden;
  // A grid has no sides to turn the board to.
  $('flip').hidden = game.view.kind !== 'chess';
  if (game.view.kind !== 'chess') return placeClocks();
  ground?.destroy();
  ground = Chessground(board, {
    orientation: game.side === 'black' ? 'black' : 'white',
    coordinates: true,
    movable: { free: false, showDests: true, events: { after: moved } },
    premovable: { enabled: true },
    drawable: { enabled: true },
    events: { select: selected },
  });
  placeClocks();
}

// Before any game: a board in the starting position to look at.
function idleBoard(): void {
  ground = Chessground($('board'), { viewOnly: true, coordinates: true });
  $('board').hidden = false;
  $('names').textContent = 'No game yet: seek one, or take a seek or watch a game from the lists.';
}

// A move made on the board: the legal text with these squares (asking
// which piece a pawn becomes when there is a choice).
function moved(orig: Key, dest: Key): void {
  if (!game) return;
  const texts = game.legal.filter((t) => {
    const sq = squaresOf(t);
    return sq !== null && sq.from === orig && sq.to === dest;
  });
  if (texts.length === 1) send(texts[0]);
  else if (texts.length > 1) choosePromotion(texts);
}

function choosePromotion(texts: string[]): void {
  const dialog = $('promotion');
  dialog.replaceChildren();
  const order = (t: string): number => 'qrbnk'.indexOf(squaresOf(t)?.promotion ?? 'k');
  for (const text of [...texts].sort((a, b) => order(a) - order(b))) {
    const piece = squaresOf(text)?.promotion ?? '';
    const button = document.createElement('button');
    button.textContent = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', k: 'King' }[piece] ?? text;
    button.addEventListener('click', () => {
      dialog.hidden = true;
      send(text);
    });
    dialog.append(button);
  }
  dialog.hidden = false;
  (dialog.firstElementChild as HTMLElement | null)?.focus();
}

// In token mode a square without a piece of the viewer's own takes or
// loses a token of the chosen kind (its own pieces still move).
function selected(key: Key): void {
  if (!game || !tokenKind || !game.hidden) return;
  const piece = game.board ? pieceAt(game.board.placement, key) : null;
  if (piece !== null && (piece === piece.toUpperCase()) === (game.side === 'white')) return;
  if (game.tokens.get(key) === tokenKind) game.tokens.delete(key);
  else game.tokens.set(key, tokenKind);
  ground?.selectSquare(null);
  redraw();
}

function dests(): Map<Key, Key[]> {
  const map = new Map<Key, Key[]>();
  for (const text of game?.legal ?? []) {
    const sq = squaresOf(text);
    if (!sq) continue;
    const list = map.get(sq.from as Key) ?? [];
    if (!list.includes(sq.to as Key)) list.push(sq.to as Key);
    map.set(sq.from as Key, list);
  }
  return map;
}

function shapes(): DrawShape[] {
  if (!game || !game.hidden || !game.list.live()) return [];
  const out: DrawShape[] = [];
  const other = game.side === 'white' ? 'black' : 'white';
  const fill = other === 'black' ? '#222' : '#eee';
  // The server's automatic tokens (a piece token's strength as its
  // number), then the player's own (`?`, `+`, `K`), which take their
  // square. A token never stands on one's own piece.
  const labels = new Map<string, string>();
  const glyph: Record<string, string> = { check: '+', king: 'K' };
  for (const m of game.marks) labels.set(m.square, glyph[m.kind] ?? String(m.strength));
  const own: Record<Token, string> = { piece: '?', check: '+', king: 'K' };
  for (const [key, kind] of game.tokens) labels.set(key, own[kind]);
  for (const [key, text] of labels) {
    if (game.board && pieceAt(game.board.placement, key)) continue;
    out.push({ orig: key as Key, label: { text, fill } });
  }
  // The zone as the terminal's `zone` shows it: the squares none of the
  // viewer's pieces guards, in red (the legend names its unguarded
  // pieces).
  if (game.showZone && game.board) {
    for (const key of unguarded(game.board.placement)) {
      out.push({ orig: key as Key, brush: 'red' });
    }
  }
  return out;
}

// The squares none of the viewer's pieces guards.
function unguarded(placement: string): string[] {
  const guarded = new Set(zone(placement, game?.side === 'black' ? 'black' : 'white'));
  const all: string[] = [];
  for (const file of 'abcdefgh') for (let rank = 1; rank <= 8; rank++) all.push(`${file}${rank}`);
  return all.filter((sq) => !guarded.has(sq));
}

// The zone's legend: what the red squares are, and the viewer's pieces
// on them (`Ra1, Rh1`), as the terminal lists them.
function zoneLegend(): string {
  if (!game?.board) return '';
  const placement = game.board.placement;
  const pieces = unguarded(placement)
    .map((sq) => [sq, pieceAt(placement, sq)] as const)
    .filter(([, p]) => p !== null)
    .map(([sq, p]) => `${(p as string).toUpperCase()}${sq}`);
  const list = pieces.length ? pieces.join(', ') : 'none';
  return `Zone: red squares are guarded by none of your pieces. Unguarded pieces: ${list}.`;
}

function pieceAt(placement: string, square: string): string | null {
  const rank = 8 - parseInt(square[1], 10);
  const file = square.charCodeAt(0) - 97;
  const row = placement.split('/')[rank]?.replace(/\d/g, (d) => '-'.repeat(parseInt(d, 10))) ?? '';
  const c = row[file];
  return c && c !== '-' ? c : null;
}

// Each control only when it applies: no clocks or game buttons before a
// game; Resign, Draw and Abort to a player of a game going on; the PGN
// once the game is over; Flip on a chess board.
function controls(): void {
  const playing = game !== null && game.side !== 'none' && game.result === null;
  $('clock-white').hidden = game === null;
  $('clock-black').hidden = game === null;
  $('game-buttons').hidden = game === null;
  for (const id of ['resign', 'draw', 'abort']) $(id).hidden = !playing;
  $('rematch').hidden = !(game !== null && game.side !== 'none' && game.result !== null);
  $('pgn').hidden = game === null || game.result === null;
  $('history').hidden = game === null;
}

function redraw(): void {
  controls();
  if (!game) return;
  const list = game.list;
  const live = list.live();
  const mine = live && game.side !== 'none' && game.side === game.turn && game.result === null;
  const [first, second] = sideNames();
  const you = game.side === 'none' ? '' : ` You play ${game.side === 'white' ? first : second}.`;
  $('names').textContent = `${game.names.white} (${first}) vs. ${game.names.black} (${second}), ${game.ruleset}.${you}`;
  $('result').textContent = live
    ? (game.result ?? (mine ? 'Your move.' : `${game.turn === 'white' ? first : second} to move.`))
    : `Move ${list.shown()} of ${list.plies.length}: End or the last button for the game as it stands.`;
  drawMoves();
  if (game.view.kind === 'grid') return drawConnect(game.view, mine);
  if (!ground) return;
  const b = live ? game.board : list.boardShown();
  const check = b && /[+#]$/.test(b.pretty) ? b.turn : false;
  ground.set({
    fen: b?.placement ?? 'start',
    turnColor: live ? game.turn : b?.turn,
    lastMove: b?.last as Key[] | undefined,
    check: game.hidden ? false : check,
    movable: {
      color: live && game.result === null && game.side !== 'none' ? game.side : undefined,
      dests: mine ? dests() : new Map(),
    },
    viewOnly: !live || game.side === 'none' || game.result !== null,
  });
  ground.setAutoShapes(shapes());
  const legend = $('zone-legend');
  legend.hidden = !(game.hidden && game.showZone);
  legend.textContent = legend.hidden ? '' : zoneLegend();
  // A premove waits for the moves the server allows.
  if (mine && game.legal.length > 0) ground.playPremove();
}

// The move list: a row a move number, each ply a button to look at the
// position after it; in Kriegspiel the umpire's words under each.
function drawMoves(): void {
  if (!game) return;
  const list = game.list;
  const grid = game.view.kind === 'grid';
  const shown = list.shown();
  const rows = list.rows().map((row) => {
    const li = document.createElement('li');
    const n = document.createElement('span');
    n.className = 'n';
    n.textContent = `${row.number}.`;
    li.append(n);
    for (const i of row.plies) {
      const button = document.createElement('button');
      button.className = 'ply';
      button.dataset.ply = String(i + 1);
      const label = list.label(i);
      // Connect N: the column is the move.
      button.textContent = grid ? label.replace(/\d+$/, '') : label;
      if (i + 1 === shown) button.setAttribute('aria-current', 'step');
      for (const words of list.plies[i].heard) {
        const said = document.createElement('small');
        said.textContent = words;
        button.append(said);
      }
      button.addEventListener('click', () => look(i + 1));
      li.append(button);
    }
    return li;
  });
  const moves = $('moves');
  moves.replaceChildren(...rows);
  moves.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
  $('history').hidden = false;
}

// Looks at the position after ply `n` (the last: the game as it stands).
function look(n: number): void {
  if (!game) return;
  game.list.go(n);
  redraw();
}

// The clocks beside the board: the one of the side at the board's top
// above it (kept in view on a phone), the other below.
function placeClocks(): void {
  const area = game?.view.kind === 'grid' ? $('connect') : $('board');
  const bottom = ground && game?.view.kind !== 'grid' ? ground.state.orientation : game?.side === 'black' ? 'black' : 'white';
  const top = $(bottom === 'white' ? 'clock-black' : 'clock-white');
  const below = $(bottom === 'white' ? 'clock-white' : 'clock-black');
  area.before(top);
  area.after(below);
  top.classList.add('top');
  below.classList.remove('top');
}

// The sides as the game's pieces show them: White and Black on a chess
// board, Red and Yellow for a grid's discs (the first player's red).
function sideNames(): [string, string] {
  return game?.view.kind === 'grid' ? ['Red', 'Yellow'] : ['White', 'Black'];
}

function drawConnect(shape: { columns: number; rows: number }, mine: boolean): void {
  if (!game) return;
  const grid = $('connect');
  const cells: string[][] = Array.from({ length: shape.rows }, () => new Array(shape.columns).fill(''));
  // Each move is its cell: `d1` is column d, the bottom row.
  const shown = game.list.shown();
  game.list.plies.slice(0, shown).forEach((ply, i) => {
    const cell = /^([a-z])(\d+)$/.exec(ply.text ?? '');
    if (!cell) return;
    const column = cell[1].charCodeAt(0) - 97;
    const row = shape.rows - parseInt(cell[2], 10);
    if (column < shape.columns && row >= 0 && row < shape.rows) cells[row][column] = i % 2 === 0 ? 'white' : 'black';
  });
  grid.replaceChildren();
  grid.style.gridTemplateColumns = `repeat(${shape.columns}, 1fr)`;
  for (let column = 0; column < shape.columns; column++) {
    const letter = String.fromCharCode(97 + column);
    const button = document.createElement('button');
    button.className = 'drop';
    button.textContent = letter;
    const move = game.legal.find((t) => t.startsWith(letter) && /^[a-z]\d+$/.test(t));
    button.disabled = !mine || move === undefined;
    button.setAttribute('aria-label', `drop a disc in column ${letter}`);
    button.addEventListener('click', () => move && send(move));
    grid.append(button);
  }
  // The winning line the server marks, once the game stands there.
  const line = new Set(game.list.live() ? game.marks.filter((m) => m.kind === 'line').map((m) => m.square) : []);
  cells.forEach((row, r) => {
    row.forEach((cell, column) => {
      const div = document.createElement('div');
      const name = `${String.fromCharCode(97 + column)}${shape.rows - r}`;
      div.className = `cell ${cell}${line.has(name) ? ' win' : ''}`;
      div.dataset.cell = name;
      grid.append(div);
    });
  });
}

function tickClocks(): void {
  if (!game) return;
  const running = game.result === null ? performance.now() - game.clockAt : 0;
  const at = (i: 0 | 1): number | null => {
    const c = game!.clocks[i];
    if (c === null) return null;
    const side: Side = i === 0 ? 'white' : 'black';
    return side === game!.turn ? c - running : c;
  };
  const [first, second] = sideNames();
  $('clock-white').textContent = `${first} ${clockText(at(0))}`;
  $('clock-black').textContent = `${second} ${clockText(at(1))}`;
  $('clock-white').classList.toggle('running', game.turn === 'white' && game.result === null);
  $('clock-black').classList.toggle('running', game.turn === 'black' && game.result === null);
}

// The game's PGN as a file to save, and in the console to copy.
function download(pgn: string): void {
  const name = `game-${game?.stored ?? 0}.pgn`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  log(`${name}:\n${pgn}`, 'pgn');
}

// ---- the lobby ----

// The open seeks (Play, or Cancel for one's own), the games being
// played (Watch) and who is online, as the lobby keeps them.
function drawLobby(): void {
  lobby.changed = false;
  const seeks = [...lobby.seeks.values()].sort((a, b) => a.number - b.number);
  $('seeks').replaceChildren(
    ...seeks.map((ad) => {
      const own = ad.name === handle;
      const color = ad.color === 'W' ? ', as White' : ad.color === 'B' ? ', as Black' : '';
      const rating = ad.rating ? ` (${ad.rating})` : '';
      return row(
        `${ad.name}${rating}: ${ad.type}, ${ad.minutes}+${ad.increment}${ad.rated ? ', rated' : ''}${color}`,
        own ? 'Cancel' : 'Play',
        own ? `unseek ${ad.number}` : `play ${ad.number}`,
        `seek-${ad.number}`,
      );
    }),
  );
  $('seeks-none').hidden = seeks.length > 0;
  const games = [...lobby.games.values()].sort((a, b) => a.number - b.number);
  $('games-list').replaceChildren(
    ...games.map((g) => {
      const text = `${g.number}. ${g.white} vs. ${g.black}, ${g.terms}`;
      // One's own game is on the board already.
      const own = g.white === handle || g.black === handle;
      return row(text, own ? null : 'Watch', `observe ${g.number}`, `game-${g.number}`);
    }),
  );
  $('games-none').hidden = games.length > 0;
  const players = [...lobby.players].sort();
  $('players').textContent = players.length ? `Online (${players.length}): ${players.join(', ')}` : '';
}

function row(text: string, action: string | null, line: string, id: string): HTMLLIElement {
  const li = document.createElement('li');
  li.id = id;
  li.append(text, ' ');
  if (action === null) return li;
  const button = document.createElement('button');
  button.textContent = action;
  button.addEventListener('click', () => send(line));
  li.append(button);
  return li;
}

// What the server says of `register`.
function registrationLine(text: string): void {
  if (!account?.create) return;
  if (/^[A-Za-z]+ is registered: /.test(text)) {
    toast('Account created: enter with this name and password from now on.');
    account = { ...account, create: false };
  } else if (/does not register players|cannot be registered|already registered|Usage: register|Too many new accounts|busy: try again/.test(text)) {
    toast(text);
    account = { ...account, create: false };
  }
}

// ---- the controls ----

function showLogin(show: boolean): void {
  $('login').hidden = !show;
  $('lobby').hidden = show;
}

function wire(): void {
  const enter = (create: boolean): void => {
    const name = ($('name') as HTMLInputElement).value.trim();
    const password = ($('password') as HTMLInputElement).value;
    if (create && (name === '' || password === '')) return toast('A new account needs a name and a password.');
    account = { name: name === '' ? 'guest' : name, password, create };
    ($('password') as HTMLInputElement).value = '';
    if (!socket || socket.readyState !== WebSocket.OPEN) connect();
    else send(account.name);
  };
  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    enter(false);
  });
  $('create').addEventListener('click', () => enter(true));
  for (const [id, step] of [['first', -Infinity], ['prev', -1], ['next', 1], ['last', Infinity]] as const) {
    $(id).addEventListener('click', () => game && look(Math.abs(step) === Infinity ? (step > 0 ? game.list.plies.length : 0) : game.list.shown() + step));
  }
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (!game || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    const to = { ArrowLeft: game.list.shown() - 1, ArrowRight: game.list.shown() + 1, Home: 0, End: game.list.plies.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    look(to);
  });
  const switchBox = $('sound') as HTMLInputElement;
  switchBox.checked = soundOn();
  switchBox.addEventListener('change', () => setSound(switchBox.checked));
  $('seek').addEventListener('submit', (e) => {
    e.preventDefault();
    const kind = ($('kind') as HTMLSelectElement).value;
    const minutes = ($('minutes') as HTMLInputElement).value;
    const increment = ($('increment') as HTMLInputElement).value;
    send(`seek ${minutes} ${increment} ${kind}`);
  });
  $('command').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('typed') as HTMLInputElement;
    if (input.value.trim() !== '') {
      log(`> ${input.value}`, 'typed');
      send(input.value);
    }
    input.value = '';
  });
  for (const [id, line] of [['resign', 'resign'], ['draw', 'draw'], ['abort', 'abort']]) {
    $(id).addEventListener('click', () => send(line));
  }
  $('flip').addEventListener('click', () => {
    ground?.toggleOrientation();
    placeClocks();
  });
  $('rematch').addEventListener('click', () => send('rematch'));
  $('end-rematch').addEventListener('click', () => {
    $('end').hidden = true;
    send('rematch');
  });
  $('end-new').addEventListener('click', () => {
    $('end').hidden = true;
    ($('seek') as HTMLFormElement).requestSubmit();
  });
  $('end-close').addEventListener('click', () => {
    $('end').hidden = true;
  });
  $('offer-accept').addEventListener('click', () => {
    if (offer) send(offer.accept);
    showOffer(null);
  });
  $('offer-decline').addEventListener('click', () => {
    if (offer?.decline) send(offer.decline);
    showOffer(null);
  });
  $('zone').addEventListener('click', () => {
    if (game) game.showZone = !game.showZone;
    redraw();
  });
  for (const kind of ['piece', 'check', 'king'] as Token[]) {
    $(`token-${kind}`).addEventListener('click', () => {
      tokenKind = tokenKind === kind ? null : kind;
      for (const k of ['piece', 'check', 'king']) $(`token-${k}`).setAttribute('aria-pressed', String(tokenKind === k));
    });
  }
  $('pgn').addEventListener('click', () => {
    if (!game || game.result === null || game.stored === null) return toast('The game can be saved once it is over.');
    readingPgn = [];
    send(`smoves ${game.stored}`);
  });
  window.setInterval(tickClocks, 100);
}

wire();
showLogin(true);
idleBoard();
