import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveList } from '../src/movelist';
import type { Board12 } from '../src/protocol';

const board = (ply: number, pretty: string): Board12 => ({
  game: 1, placement: `p${ply}`, turn: ply % 2 ? 'black' : 'white', white: 'a', black: 'b', pretty, relation: 0, ply,
});

test('plies read as SAN when their board came, else as told', () => {
  const list = new MoveList();
  list.board(board(0, 'none'));
  list.moved('e2-e4');
  list.board(board(1, 'e4'));
  list.moved('e7-e5');
  list.moved(null);
  assert.deepEqual([0, 1, 2].map((i) => list.label(i)), ['e4', 'e7-e5', '?']);
  assert.deepEqual(list.rows(), [{ number: 1, plies: [0, 1] }, { number: 2, plies: [2] }]);
});

test("the umpire's words go with the move they follow", () => {
  const list = new MoveList();
  list.heard('before anything');
  list.moved(null);
  list.heard('Pawn at d5 captured');
  list.heard("White's move");
  assert.deepEqual(list.plies[0].heard, ['before anything', 'Pawn at d5 captured', "White's move"]);
});

test('stepping is clamped, and the end is the game as it stands', () => {
  const list = new MoveList();
  for (let i = 0; i <= 3; i++) list.board(board(i, 'x'));
  for (const m of ['a', 'b', 'c']) list.moved(m);
  assert.ok(list.live());
  list.step(-1);
  assert.equal(list.shown(), 2);
  assert.equal(list.boardShown()?.placement, 'p2');
  list.go(-5);
  assert.equal(list.shown(), 0);
  list.step(10);
  assert.ok(list.live());
  list.go(1);
  list.moved('d');
  // Looking back stays put while the game goes on.
  assert.equal(list.shown(), 1);
});

test('a watcher who came late sees the nearest board it has', () => {
  const list = new MoveList();
  for (const m of ['a', 'b', 'c', 'd']) list.moved(m);
  list.board(board(4, 'd'));
  list.go(2);
  assert.equal(list.boardShown(), null);
  list.go(4);
  assert.equal(list.boardShown()?.ply, 4);
});
