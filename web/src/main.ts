// The page: a session with the server over a WebSocket that speaks the
// server's own line protocol (the same login, commands and games as
// telnet). Boards come from the server's `<12>` lines (each viewer's own),
// moves it may try from its `<s1> legal` lines: the page keeps no rules
// of any game, so it plays what the server plays.

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Key } from 'chessground/types';
import type { DrawShape } from 'chessground/draw';
import { Board12, BoardKind, SeatLine, Side, clockText, readBoard12, readSeat, squaresOf } from './protocol';
import { zone } from './zone';

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
  moves: string[];
  result: string | null;
  // Each side sees its own pieces (tokens and the zone then apply).
  hidden: boolean;
  view: BoardKind;
  board: Board12 | null;
  tokens: Map<string, Token>;
  autoTokens: Map<string, Token>;
  showZone: boolean;
  stored: number | null;
}

type Token = 'piece' | 'check' | 'king';

let socket: WebSocket | null = null;
let buffer = '';
let handle = '';
let account: { name: string; password: string } | null = null;
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
  const ad = /\("play (\d+)" to respond\)/.exec(text);
  if (ad) {
    const button = document.createElement('button');
    button.textContent = `play ${ad[1]}`;
    button.addEventListener('click', () => send(`play ${ad[1]}`));
    line.append(' ', button);
  }
  if (/ challenges you| match request/.test(text) || /"accept"/.test(text)) {
    for (const word of ['accept', 'decline']) {
      const button = document.createElement('button');
      button.textContent = word;
      button.addEventListener('click', () => send(word));
      line.append(' ', button);
    }
  }
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
    if (account) send(account.password);
  } else if (rest === 'fics% ') {
    buffer = '';
  }
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
  if (text.startsWith('Press return to enter the server as')) send('');
  const started = /^\*\*\*\* Starting FICS session as ([A-Za-z]+)/.exec(text);
  if (started) {
    handle = started[1];
    for (const set of ['set style 12', 'iset ms 1', 'iset seat 1']) send(set);
    showLogin(false);
    $('me').textContent = handle;
  }
  if (/^(Style 12 set\.|ms set\.|seat set\.)$/.test(text)) return;
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
      moves: [],
      result: null,
      hidden: false,
      view: { kind: 'none' },
      board: null,
      tokens: new Map(),
      autoTokens: new Map(),
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
      game.moves.push(s.text ?? '?');
      game.turn = s.side === 'white' ? 'black' : 'white';
      game.legal = [];
      break;
    case 'heard':
      announce(s.text);
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
      break;
  }
  redraw();
}

function announce(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  $('announcements').append(item);
  item.scrollIntoView({ block: 'nearest' });
  if (!game) return;
  // Automatic guess tokens: a capture's square (the umpire says "Pawn at
  // d5 captured"); the capturer's own piece stands there, so only the
  // side that lost the unit sees it (shapes() skips its own pieces).
  const captured = /\b(?:Pawn|Piece) at ([a-h][1-8]) captured/i.exec(text);
  if (captured && game.hidden) game.autoTokens.set(captured[1], 'piece');
  if (/check/i.test(text) && game.hidden) toast(text);
}

function boardLine(b: Board12): void {
  if (!game || b.game !== game.number) return;
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
  $('zone').hidden = !game.hidden;
  // A grid has no sides to turn the board to.
  $('flip').hidden = game.view.kind !== 'chess';
  if (game.view.kind !== 'chess') return;
  ground?.destroy();
  ground = Chessground(board, {
    orientation: game.side === 'black' ? 'black' : 'white',
    coordinates: true,
    movable: { free: false, showDests: true, events: { after: moved } },
    premovable: { enabled: true },
    drawable: { enabled: true },
    events: { select: selected },
  });
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
  if (!game || !game.hidden) return [];
  const out: DrawShape[] = [];
  const other = game.side === 'white' ? 'black' : 'white';
  const labels: Record<Token, string> = { piece: '?', check: '+', king: 'K' };
  for (const [key, kind] of [...game.autoTokens, ...game.tokens]) {
    // A token marks where an enemy unit may be: never on one's own piece.
    if (game.board && pieceAt(game.board.placement, key)) continue;
    out.push({ orig: key as Key, label: { text: labels[kind], fill: other === 'black' ? '#222' : '#eee' } });
  }
  // The zone as the terminal's `zone` shows it: the squares none of the
  // viewer's pieces guards, in red (the legend names its unguarded
  // pieces).
  if (game.showZone && game.board) {
    for (const key of unguarded(game.board.placement)) {
      out.push({ orig: key as Key, brush: 'red' });
    }
  }
  // Pawn tries: the diagonal steps the legal attempts allow.
  if (game.board && /pawn tr/i.test(lastAnnouncement())) {
    for (const text of game.legal) {
      const sq = squaresOf(text);
      if (sq && sq.from[0] !== sq.to[0] && pieceAt(game.board.placement, sq.from)?.toLowerCase() === 'p') {
        out.push({ orig: sq.from as Key, dest: sq.to as Key, brush: 'yellow' });
      }
    }
  }
  return out;
}

function lastAnnouncement(): string {
  return $('announcements').lastElementChild?.textContent ?? '';
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
}

function redraw(): void {
  controls();
  if (!game) return;
  const mine = game.side !== 'none' && game.side === game.turn && game.result === null;
  const [first, second] = sideNames();
  const you = game.side === 'none' ? '' : ` You play ${game.side === 'white' ? first : second}.`;
  $('names').textContent = `${game.names.white} (${first}) vs. ${game.names.black} (${second}), ${game.ruleset}.${you}`;
  $('result').textContent = game.result ?? (mine ? 'Your move.' : `${game.turn === 'white' ? first : second} to move.`);
  if (game.view.kind === 'grid') return drawConnect(game.view, mine);
  if (!ground) return;
  const b = game.board;
  const check = b && /[+#]$/.test(b.pretty) ? b.turn : false;
  ground.set({
    fen: b?.placement,
    turnColor: game.turn,
    lastMove: b?.last as Key[] | undefined,
    check: game.hidden ? false : check,
    movable: {
      color: game.result === null && game.side !== 'none' ? game.side : undefined,
      dests: mine ? dests() : new Map(),
    },
    viewOnly: game.side === 'none' || game.result !== null,
  });
  ground.setAutoShapes(shapes());
  const legend = $('zone-legend');
  legend.hidden = !(game.hidden && game.showZone);
  legend.textContent = legend.hidden ? '' : zoneLegend();
  // A premove waits for the moves the server allows.
  if (mine && game.legal.length > 0) ground.playPremove();
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
  game.moves.forEach((text, i) => {
    const cell = /^([a-z])(\d+)$/.exec(text);
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
  for (const row of cells) {
    for (const cell of row) {
      const div = document.createElement('div');
      div.className = `cell ${cell}`;
      grid.append(div);
    }
  }
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

// ---- the controls ----

function showLogin(show: boolean): void {
  $('login').hidden = !show;
  $('lobby').hidden = show;
}

function wire(): void {
  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = ($('name') as HTMLInputElement).value.trim();
    const password = ($('password') as HTMLInputElement).value;
    account = { name: name === '' ? 'guest' : name, password };
    ($('password') as HTMLInputElement).value = '';
    if (!socket || socket.readyState !== WebSocket.OPEN) connect();
    else send(account.name);
  });
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
  for (const [id, line] of [['resign', 'resign'], ['draw', 'draw'], ['abort', 'abort'], ['sought', 'sought'], ['games', 'games']]) {
    $(id).addEventListener('click', () => send(line));
  }
  $('flip').addEventListener('click', () => ground?.toggleOrientation());
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
