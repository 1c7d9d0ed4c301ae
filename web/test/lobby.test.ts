import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lobby, gameRow, readSeek } from '../src/lobby';

test('seek lines', () => {
  assert.deepEqual(readSeek('<s> 7 w=Vera ti=01 rt=0P t=5 i=2 r=u tp=wild/16 c=B rr=0-9999 a=t f=f'), {
    number: 7, name: 'Vera', rating: '', minutes: 5, increment: 2, rated: false, type: 'wild/16', color: 'B',
  });
  assert.equal(readSeek('<s> 7 w=Vera rt=1612 t=5 i=0 r=r tp=blitz c=?')?.rating, '1612');
  assert.equal(readSeek('<s> x w=Vera'), null);
  assert.equal(readSeek('<s> 7 t=5'), null);
});

test('the seek list follows <sc>, <s> and <sr>', () => {
  const lobby = new Lobby();
  assert.ok(lobby.read('<sc>'));
  lobby.read('<s> 1 w=Vera ti=01 rt=0P t=5 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f');
  lobby.read('<s> 2 w=Xena ti=01 rt=0P t=3 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f');
  assert.deepEqual([...lobby.seeks.keys()], [1, 2]);
  assert.ok(lobby.read('<sr> 1 9'));
  assert.deepEqual([...lobby.seeks.keys()], [2]);
  lobby.read('<sc>');
  assert.equal(lobby.seeks.size, 0);
});

test('games and players, asked for and then told', () => {
  const lobby = new Lobby();
  lobby.ask('games');
  lobby.ask('who');
  const lines = [
    '  3 Vera              Xena              [unrated blitz 5 0] 4:58 - 5:00 (2 plies)',
    '  1 games displayed.',
    ':GuestABCD(U)',
    '^Vera',
    '2 players displayed (of 2).',
  ];
  for (const line of lines) assert.ok(lobby.read(line), line);
  assert.deepEqual([...lobby.games.values()], [{ number: 3, white: 'Vera', black: 'Xena', terms: 'unrated blitz 5 0' }]);
  assert.deepEqual([...lobby.players].sort(), ['GuestABCD', 'Vera']);
  // Not asked, a reply is the console's.
  assert.equal(lobby.read('  0 games displayed.'), false);
  // Told as they happen (the game lines stay in the console too).
  assert.equal(lobby.read('{Game 4 (Yara vs. Zoe) Creating unrated lightning match.}'), false);
  assert.ok(lobby.games.has(4));
  lobby.changed = false;
  lobby.read('{Game 3 (Vera vs. Xena) Xena resigns} 1-0');
  assert.deepEqual([...lobby.games.keys()], [4]);
  assert.ok(lobby.changed, 'a game gone is a change to draw');
  lobby.changed = false;
  lobby.read('{Game 9 (Ann vs. Bob) Bob resigns} 1-0');
  assert.equal(lobby.changed, false, 'a game never listed changes nothing');
  assert.ok(lobby.read('[Yara has connected.]'));
  assert.ok(lobby.read('[Vera has disconnected.]'));
  assert.deepEqual([...lobby.players].sort(), ['GuestABCD', 'Yara']);
});

test('a games row', () => {
  assert.equal(gameRow('Vera tells you: [x] (1 plies)')?.number, undefined);
  assert.equal(gameRow(' 12 Ann Bob [rated standard 15 5] 15:00 - 15:00 (0 plies)')?.terms, 'rated standard 15 5');
});
