// Sounds for a move, a capture, a check and a game's end: short tones
// made in the browser (no files to fetch), off by the page's switch (the
// choice kept in the browser). The last sound is kept on the page's body
// (`data-sound`) for tests and assistive tools.

export type Sound = 'move' | 'capture' | 'check' | 'end';

const TONES: Record<Sound, [number, number][]> = {
  move: [[660, 0.06]],
  capture: [[440, 0.05], [330, 0.07]],
  check: [[880, 0.07], [880, 0.07]],
  end: [[523, 0.12], [659, 0.12], [784, 0.2]],
};

let context: AudioContext | null = null;

export function soundOn(): boolean {
  try {
    return localStorage.getItem('sound') !== 'off';
  } catch {
    return true;
  }
}

export function setSound(on: boolean): void {
  try {
    localStorage.setItem('sound', on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing: the switch holds for this visit.
  }
}

export function play(sound: Sound): void {
  if (!soundOn()) return;
  document.body.dataset.sound = sound;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds ?? 0) + 1);
  try {
    context ??= new AudioContext();
    let at = context.currentTime;
    for (const [frequency, seconds] of TONES[sound]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + seconds);
      at += seconds;
    }
  } catch {
    // No audio here: silence.
  }
}
