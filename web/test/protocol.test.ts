import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockText, readBoard12, readSeat, squaresOf } from '../src/protocol';

// A `<12>` line as the server writes it (after 1. e4 e5 2. Nf3: Black to
// move, fullmove 2).
const BOARD =
  '<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 7 Vera Xena -1 5 0 39 39 300000 297000 2 N/g1-f3 (0:03.000) Nf3 0 1 0';

test('a <12> line gives the placement, turn, last move and ply', () => {
  const b = readBoard12(BOARD);
  assert.ok(b);
  assert.equal(b.placement, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R');
  assert.equal(b.turn, 'black');
  assert.equal(b.game, 7);
  assert.deepEqual(b.last, ['g1', 'f3']);
  assert.equal(b.pretty, 'Nf3');
  assert.equal(b.ply, 3);
  assert.equal(b.relation, -1);
});

test("castling gives the king's squares", () => {
  const line = BOARD.replace('N/g1-f3', 'o-o').replace(' B -1 ', ' W -1 ');
  assert.deepEqual(readBoard12(line)?.last, ['e8', 'g8']);
});

test('bad <12> lines are not boards', () => {
  assert.equal(readBoard12('<12> too short'), null);
  assert.equal(readBoard12(BOARD.replace('rnbqkbnr', 'rnbqkbnX')), null);
  assert.equal(readBoard12('Game 7: e4'), null);
});

test('seat lines', () => {
  assert.deepEqual(readSeat('<s1> 3 start wild/16 black Vera Xena 0 300000 300000'), {
    kind: 'start', game: 3, ruleset: 'wild/16', side: 'black', white: 'Vera', black: 'Xena', increment: 0, clocks: [300000, 300000],
  });
  assert.deepEqual(readSeat('<s1> 3 moved white ?'), { kind: 'moved', game: 3, side: 'white', text: null });
  assert.deepEqual(readSeat('<s1> 3 heard Pawn at d5 captured, Black\'s move'), {
    kind: 'heard', game: 3, text: "Pawn at d5 captured, Black's move",
  });
  assert.deepEqual(readSeat('<s1> 3 clock 1000 -'), { kind: 'clock', game: 3, clocks: [1000, null] });
  assert.deepEqual(readSeat('<s1> 3 end 1/2-1/2 threefoldRepetition'), {
    kind: 'end', game: 3, result: '1/2-1/2', reason: 'threefoldRepetition',
  });
  assert.deepEqual(readSeat('<s1> 3 board grid 7 6'), { kind: 'board', game: 3, board: { kind: 'grid', columns: 7, rows: 6 } });
  assert.deepEqual(readSeat('<s1> 3 board grid 0 6'), { kind: 'board', game: 3, board: { kind: 'none' } });
  assert.equal(readSeat('<s1> x moved white e4'), null);
  assert.equal(readSeat('<s1> 3 start too few'), null);
});

test('marks lines, and what they drop', () => {
  assert.deepEqual(readSeat('<s1> 1 marks d5 piece 100 e3 check 100'), {
    kind: 'marks', game: 1, marks: [{ square: 'd5', kind: 'piece', strength: 100 }, { square: 'e3', kind: 'check', strength: 100 }],
  });
  assert.deepEqual(readSeat('<s1> 1 marks'), { kind: 'marks', game: 1, marks: [] });
  assert.deepEqual(readSeat('<s1> 1 marks zz piece x d5'), { kind: 'marks', game: 1, marks: [] });
});

test('a move text as squares', () => {
  assert.deepEqual(squaresOf('e2e4'), { from: 'e2', to: 'e4', promotion: undefined });
  assert.deepEqual(squaresOf('e7-e8=Q'), { from: 'e7', to: 'e8', promotion: 'q' });
  assert.equal(squaresOf('d1'), null);
});

test('clocks for people', () => {
  assert.equal(clockText(null), '-');
  assert.equal(clockText(245_000), '4:05');
  assert.equal(clockText(59_949), '59.9');
  assert.equal(clockText(-5), '0.0');
});
