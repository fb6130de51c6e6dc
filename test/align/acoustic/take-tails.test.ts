import { describe, expect, it } from 'vitest';
import {
  endsBeforeTakeNoise,
  endsToTakeCliff,
  junctionsAtTakeOnsets,
  MAX_TAIL_REACH_MS,
  MAX_RISE_TO_START_MS,
  MAX_TAIL_TRIM_MS,
  MAX_TOUCH_MS,
  MIN_NOISE_HEAD_MS,
  startsAfterTakeNoise,
  startsBackToTakeRise,
  takeLevels,
  type TakeLevels,
} from '../../../src/align/acoustic/take-tails.js';

/**
 * Frame peaks (5 ms frames) from a string, one frame a character: `_` the floor (peak 30), `n` a take's noise (500),
 * `m` louder take noise (700), `t` a word's faint tail (1,200), `W` a word (8,000).
 */
const peaks = (text: string): Uint16Array => Uint16Array.from(text, (c) => ({ _: 30, n: 500, m: 700, t: 1200, W: 8000 })[c]!);
/** The takes of `text` with a take noise of `noise`. */
const takes = (text: string, noise: number): TakeLevels => ({ peaks: peaks(text), noise, over: takeLevels(peaks(text), 5).over });

describe('takeLevels', () => {
  it('has for the take noise the median over the takes of each take\'s quietest peak', () => {
    // Three takes (each 30 frames, 150 ms, over 3 × 30 + 8 = 98): quietest 500, 700 and 500.
    const text = `${'_'.repeat(20)}nnnnn${'W'.repeat(20)}nnnnn${'_'.repeat(20)}mmmmm${'W'.repeat(20)}mmmmm${'_'.repeat(20)}nnnnn${'W'.repeat(20)}nnnnn${'_'.repeat(20)}`;
    expect(takeLevels(peaks(text), 5).noise).toBe(500);
  });

  it('leaves out stretches shorter than a take, and has the floor\'s peak for the noise without a take', () => {
    // A 95 ms burst of 8,000 is no take; the one take's quietest peak is 700.
    const text = `${'_'.repeat(40)}${'W'.repeat(19)}${'_'.repeat(40)}mm${'W'.repeat(20)}mm${'_'.repeat(40)}`;
    expect(takeLevels(peaks(text), 5).noise).toBe(700);
    expect(takeLevels(peaks('_'.repeat(100)), 5).noise).toBe(30);
  });

  it('leaves out each take\'s first and last frame, which lie across its edges with the floor', () => {
    // Three takes of noise 700 whose first and last frames are fainter (500: a fade, or part floor): the noise is 700.
    const take = `n${'m'.repeat(4)}${'W'.repeat(20)}${'m'.repeat(4)}n`;
    const text = `${'_'.repeat(20)}${take}${'_'.repeat(20)}${take}${'_'.repeat(20)}${take}${'_'.repeat(20)}`;
    expect(takeLevels(peaks(text), 5).noise).toBe(700);
  });
});

describe('endsBeforeTakeNoise', () => {
  // One take: the floor to frame 20, its noise, a word (frames 25–44) with a faint tail (45–46), its noise to frame 59.
  const text = `${'_'.repeat(20)}nnnnn${'W'.repeat(20)}tt${'n'.repeat(13)}${'_'.repeat(20)}`;

  it('moves an end at the take\'s cliff back to the end of the last frame over twice the take noise', () => {
    // End at the cliff (frame 60, 300 ms): back over 13 frames of noise to the tail's end, 235 ms; the start stays.
    expect(endsBeforeTakeNoise([{ startMs: 100, endMs: 300 }, null], takes(text, 500), 5)).toEqual([{ startMs: 100, endMs: 235 }, null]);
    // A tail under twice the noise is noise: with noise 600, the faint tail (1,200) goes too.
    expect(endsBeforeTakeNoise([{ startMs: 100, endMs: 300 }], takes(text, 600), 5)).toEqual([{ startMs: 100, endMs: 225 }]);
  });

  it('keeps an end with no sound over the noise within its reach, or already on the word', () => {
    // Nothing over 2 × 500 in the 150 ms before an end at 450 ms (floor and noise only): it stays.
    const long = `${text}${'n'.repeat(30)}`;
    expect(MAX_TAIL_TRIM_MS).toBe(150);
    expect(endsBeforeTakeNoise([{ startMs: 100, endMs: 450 }], takes(long, 500), 5)).toEqual([{ startMs: 100, endMs: 450 }]);
    const onWord = { startMs: 100, endMs: 230 };
    expect(endsBeforeTakeNoise([onWord], takes(text, 500), 5)[0]).toBe(onWord);
  });

  it('never moves an end to its start', () => {
    // A span of noise only: nothing to keep, so it stays as it is.
    expect(endsBeforeTakeNoise([{ startMs: 240, endMs: 290 }], takes(text, 500), 5)).toEqual([{ startMs: 240, endMs: 290 }]);
  });
});

describe('junctionsAtTakeOnsets', () => {
  // A word (frames 10–29), 50 ms of its take's noise (30–39), the next word (40–59).
  const text = `${'_'.repeat(10)}${'W'.repeat(20)}${'n'.repeat(10)}${'W'.repeat(20)}${'_'.repeat(10)}`;

  it('moves a junction up to 15 ms into the next word\'s onset to the onset, and the end trim then goes over the noise', () => {
    const moved = junctionsAtTakeOnsets([{ startMs: 50, endMs: 210 }, { startMs: 210, endMs: 300 }, null], takes(text, 500), 5);
    expect(moved).toEqual([{ startMs: 50, endMs: 200 }, { startMs: 200, endMs: 300 }, null]);
    expect(endsBeforeTakeNoise(moved, takes(text, 500), 5)[0]).toEqual({ startMs: 50, endMs: 150 });
    // 15 ms in: the same.
    expect(junctionsAtTakeOnsets([{ startMs: 50, endMs: 215 }, { startMs: 215, endMs: 300 }], takes(text, 500), 5)).toEqual([
      { startMs: 50, endMs: 200 }, { startMs: 200, endMs: 300 },
    ]);
  });

  it('keeps a junction 20 ms into the onset, at it, with under 20 ms of noise before it, or between words that do not touch', () => {
    const keep = (spans: { startMs: number; endMs: number }[], t = text) =>
      expect(junctionsAtTakeOnsets(spans, takes(t, 500), 5)).toEqual(spans);
    keep([{ startMs: 50, endMs: 220 }, { startMs: 220, endMs: 300 }]);
    keep([{ startMs: 50, endMs: 200 }, { startMs: 200, endMs: 300 }]);
    keep([{ startMs: 50, endMs: 210 }, { startMs: 215, endMs: 300 }]);
    const short = `${'_'.repeat(10)}${'W'.repeat(27)}${'n'.repeat(3)}${'W'.repeat(20)}${'_'.repeat(10)}`;
    keep([{ startMs: 50, endMs: 210 }, { startMs: 210, endMs: 300 }], short);
  });
});

describe('endsToTakeCliff', () => {
  // One take: the floor to frame 20, its noise, a word (frames 25–44), a closure as quiet as the noise (45–54), a faint
  // release (55–56), noise to frame 59, the cliff at frame 60 (300 ms).
  const text = `${'_'.repeat(20)}nnnnn${'W'.repeat(20)}${'n'.repeat(10)}tt${'n'.repeat(3)}${'_'.repeat(20)}`;
  const over = takeLevels(peaks(text), 5).over;

  it('takes a take\'s floor peak from its quietest frames: 3 × 30 + 8', () => {
    expect(over).toBe(98);
  });

  it('moves an end before a faint last sound on to it when the take\'s cliff is within reach', () => {
    // End at the closure (225 ms): on to the end of the release, frame 56, 285 ms. The start and a null stay.
    expect(endsToTakeCliff([{ startMs: 100, endMs: 225 }, null], takes(text, 500), 5)).toEqual([{ startMs: 100, endMs: 285 }, null]);
    // A release under twice the noise is noise: with noise 600 there is nothing past 225 ms to move on to.
    expect(endsToTakeCliff([{ startMs: 100, endMs: 225 }], takes(text, 600), 5)).toEqual([{ startMs: 100, endMs: 225 }]);
  });

  it('keeps an end when a later word starts before the cliff, the cliff is out of reach, or the end is at the cliff', () => {
    const later = { startMs: 260, endMs: 290 };
    const spans = [{ startMs: 100, endMs: 225 }, null, later];
    expect(endsToTakeCliff(spans, takes(text, 500), 5)).toEqual(spans);
    // The same take with 60 more frames of noise before its cliff: the cliff, 375 ms after the end, is past the reach.
    expect(MAX_TAIL_REACH_MS).toBe(250);
    const long = text.replace('tt', `tt${'n'.repeat(60)}`);
    expect(endsToTakeCliff([{ startMs: 100, endMs: 225 }], takes(long, 500), 5)).toEqual([{ startMs: 100, endMs: 225 }]);
    expect(endsToTakeCliff([{ startMs: 100, endMs: 300 }], takes(text, 500), 5)).toEqual([{ startMs: 100, endMs: 300 }]);
  });
});

describe('startsAfterTakeNoise', () => {
  // One take: the floor to frame 20 (100 ms), its noise to frame 30, a faint onset (30–31), a word (32–51), noise, the floor.
  const text = `${'_'.repeat(20)}${'n'.repeat(10)}tt${'W'.repeat(20)}nnnnn${'_'.repeat(20)}`;

  it('moves a start at its take\'s rise on to the first frame over twice the take noise', () => {
    // At the rise (100 ms) and 10 ms after it: on over the noise to the faint onset, 150 ms. A null stays.
    const moved = startsAfterTakeNoise([{ startMs: 100, endMs: 260 }, null], takes(text, 500), 5);
    expect(moved).toEqual([{ startMs: 150, endMs: 260 }, null]);
    expect(startsAfterTakeNoise([{ startMs: 110, endMs: 260 }], takes(text, 500), 5)).toEqual([{ startMs: 150, endMs: 260 }]);
    // An onset under twice the noise is noise: with noise 600 the start goes on to the word, 160 ms.
    expect(startsAfterTakeNoise([{ startMs: 100, endMs: 260 }], takes(text, 600), 5)).toEqual([{ startMs: 160, endMs: 260 }]);
  });

  it('keeps a start inside its take, and one with no sound over the noise before its end', () => {
    // 125 ms: no floor frame in the 20 ms up to it, so the search put it there on sound of the take.
    expect(MAX_RISE_TO_START_MS).toBe(20);
    expect(startsAfterTakeNoise([{ startMs: 125, endMs: 260 }], takes(text, 500), 5)).toEqual([{ startMs: 125, endMs: 260 }]);
    // A span of noise only (100–140 ms): nothing to move on to before its end.
    expect(startsAfterTakeNoise([{ startMs: 100, endMs: 140 }], takes(text, 500), 5)).toEqual([{ startMs: 100, endMs: 140 }]);
  });

  it('moves a start touching the previous word\'s end on over at least 30 ms of take noise, with no rise before it', () => {
    // Two takes joined with no pause: a word (0–100 ms), its noise, the next take's noise (120–160 ms), its word (160 ms on).
    const joined = `${'W'.repeat(20)}nnnn${'n'.repeat(8)}${'W'.repeat(20)}${'_'.repeat(10)}`;
    expect(MAX_TOUCH_MS).toBe(40);
    expect(MIN_NOISE_HEAD_MS).toBe(30);
    const moved = startsAfterTakeNoise([{ startMs: 0, endMs: 100 }, null, { startMs: 120, endMs: 260 }], takes(joined, 500), 5);
    expect(moved).toEqual([{ startMs: 0, endMs: 100 }, null, { startMs: 160, endMs: 260 }]);
    // 45 ms after the previous end: not touching. 25 ms of noise at its head (135–160 ms): too little.
    const second = (previousEndMs: number, startMs: number) =>
      startsAfterTakeNoise([{ startMs: 0, endMs: previousEndMs }, { startMs, endMs: 260 }], takes(joined, 500), 5)[1];
    expect(second(75, 120)).toEqual({ startMs: 120, endMs: 260 });
    expect(second(100, 135)).toEqual({ startMs: 135, endMs: 260 });
  });
});

describe('startsBackToTakeRise', () => {
  // One take: the floor to frame 19, its noise (20–21), a word's faint start (22–25), the word (26–65), noise, the floor.
  const text = `${'_'.repeat(20)}nn${'t'.repeat(4)}${'W'.repeat(40)}nnnn${'_'.repeat(20)}`;

  it('moves a start up to 150 ms after its take\'s rise back to the take\'s first frame over twice its noise', () => {
    expect(startsBackToTakeRise([null, { startMs: 130, endMs: 300 }], takes(text, 500), 5)).toEqual([null, { startMs: 110, endMs: 300 }]);
    // Frame 49 is 150 ms after the floor frame 19: moved; frame 50 is not.
    expect(startsBackToTakeRise([{ startMs: 245, endMs: 300 }], takes(text, 500), 5)).toEqual([{ startMs: 110, endMs: 300 }]);
    expect(startsBackToTakeRise([{ startMs: 250, endMs: 300 }], takes(text, 500), 5)).toEqual([{ startMs: 250, endMs: 300 }]);
  });

  it('keeps a start when an earlier word ends after the rise, or nothing over twice the noise lies before it', () => {
    const word = { startMs: 130, endMs: 300 };
    expect(startsBackToTakeRise([{ startMs: 0, endMs: 105 }, word], takes(text, 500), 5)[1]).toBe(word);
    expect(startsBackToTakeRise([{ startMs: 0, endMs: 100 }, word], takes(text, 500), 5)[1]).toEqual({ startMs: 110, endMs: 300 });
    expect(startsBackToTakeRise([word], takes(text, 700), 5)[0]).toBe(word);
  });
});
