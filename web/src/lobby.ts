// The lobby as the server tells it (see the server's notices): the open
// seeks (`<s>`, `<sr>`, `<sc>` lines), the games being played (`games`,
// then `{Game N ...}` lines as they start and end) and who is online
// (`who`, then `[NAME has connected.]` lines). Pure: it reads lines and
// keeps the lists; the page draws them.

export interface SeekAd {
  number: number;
  name: string;
  rating: string;
  minutes: number;
  increment: number;
  rated: boolean;
  type: string;
  color: 'W' | 'B' | '?';
}

export interface GameAd {
  number: number;
  white: string;
  black: string;
  // `unrated blitz 5 0`, as the server words it.
  terms: string;
}

export class Lobby {
  seeks = new Map<number, SeekAd>();
  games = new Map<number, GameAd>();
  players = new Set<string>();
  // A list changed since the page last drew them.
  changed = false;
  // Replies the page asked for and reads itself (`games`, `who`).
  private reading: 'games' | 'who' | null = null;
  private asked: ('games' | 'who')[] = [];

  // The page sends `what`: its reply is the lobby's.
  ask(what: 'games' | 'who'): void {
    this.asked.push(what);
  }

  // Reads one line: whether it was the lobby's (and not for the console).
  read(line: string): boolean {
    const own = this.readLine(line);
    if (own) this.changed = true;
    return own;
  }

  private readLine(line: string): boolean {
    if (line === '<sc>') {
      this.seeks.clear();
      return true;
    }
    if (line.startsWith('<s> ')) {
      const ad = readSeek(line);
      if (ad) this.seeks.set(ad.number, ad);
      return true;
    }
    if (line.startsWith('<sr> ')) {
      for (const word of line.slice(5).split(' ')) this.seeks.delete(Number(word));
      return true;
    }
    const started = /^\{Game (\d+) \(([A-Za-z]+) vs\. ([A-Za-z]+)\) (?:Creating|Continuing) (.*) match\.\}$/.exec(line);
    if (started) {
      const number = Number(started[1]);
      const old = this.games.get(number);
      this.games.set(number, { number, white: started[2], black: started[3], terms: old?.terms ?? started[4] });
      // The console shows the line too.
      this.changed = true;
      return false;
    }
    const ended = /^\{Game (\d+) \(([A-Za-z]+) vs\. ([A-Za-z]+)\) .*\} (1-0|0-1|1\/2-1\/2|\*)$/.exec(line);
    if (ended) {
      this.changed = this.games.delete(Number(ended[1])) || this.changed;
      return false;
    }
    const arrived = /^\[([A-Za-z]+) has (connected|disconnected)\.\]$/.exec(line);
    if (arrived) {
      if (arrived[2] === 'connected') this.players.add(arrived[1]);
      else this.players.delete(arrived[1]);
      return true;
    }
    return this.reply(line);
  }

  // A line of a reply the page asked for.
  private reply(line: string): boolean {
    if (this.reading === null) {
      const next = this.asked[0];
      if (next === 'games' && (gameRow(line) || /^\d+ games displayed\.$/.test(line.trim()))) {
        this.games.clear();
      } else if (next === 'who' && (/^[:^][A-Za-z]+/.test(line) || /^\d+ players displayed/.test(line))) {
        this.players.clear();
      } else {
        return false;
      }
      this.reading = next;
      this.asked.shift();
    }
    if (this.reading === 'games') {
      const row = gameRow(line);
      if (row) this.games.set(row.number, row);
      if (/^\d+ games displayed\.$/.test(line.trim())) this.reading = null;
      return true;
    }
    const who = /^[:^]([A-Za-z]+)/.exec(line);
    if (who) this.players.add(who[1]);
    if (/^\d+ players displayed/.test(line)) this.reading = null;
    return true;
  }
}

// `<s> 7 w=Vera ti=01 rt=0P t=5 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f`
export function readSeek(line: string): SeekAd | null {
  const words = line.split(' ');
  const number = Number(words[1]);
  if (!Number.isInteger(number)) return null;
  const field = new Map<string, string>();
  for (const w of words.slice(2)) {
    const eq = w.indexOf('=');
    if (eq > 0) field.set(w.slice(0, eq), w.slice(eq + 1));
  }
  const name = field.get('w');
  const minutes = Number(field.get('t'));
  const increment = Number(field.get('i'));
  if (!name || !Number.isFinite(minutes) || !Number.isFinite(increment)) return null;
  const rating = field.get('rt') ?? '0P';
  const color = field.get('c');
  return {
    number,
    name,
    rating: /^\d+$/.test(rating) && rating !== '0' ? rating : '',
    minutes,
    increment,
    rated: field.get('r') === 'r',
    type: field.get('tp') ?? '',
    color: color === 'W' || color === 'B' ? color : '?',
  };
}

// A row of `games`: `  1 Vera   Xena   [unrated blitz 5 0] 5:00 - 5:00 (0 plies)`.
export function gameRow(line: string): GameAd | null {
  const m = /^\s*(\d+) ([A-Za-z]+)\s+([A-Za-z]+)\s+\[([^\]]+)\] .*\(\d+ plies\)$/.exec(line);
  return m ? { number: Number(m[1]), white: m[2], black: m[3], terms: m[4] } : null;
}
