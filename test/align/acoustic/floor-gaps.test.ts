import { describe, expect, it } from 'vitest';
import {
  endsAtFloorGaps, GAP_TAIL_OVER_NOISE, MIN_END_GAP_MS, MIN_START_GAP_MS, MIN_WORD_BEFORE_GAP_MS, startsAfterFloorGaps,
} from '../../../src/align/acoustic/floor-gaps.js';
import { MAX_TAIL_TRIM_MS, takeLevels, type TakeLevels } from '../../../src/align/acoustic/take-tails.js';
import type { AcousticSpan } from '../../../src/align/acoustic/types.js';

/**
 * Frame peaks (5 ms frames) from a string, one frame a character: `_` the floor (peak 30), `n` a take's noise (500),
 * `h` a take's louder head (1,300: 2.6 × the noise), `r` a stop's release (1,700), `R` a louder release (2,100: over
 * 4 × the noise), `W` a word (8,000).
 */
const peaks = (text: string): Uint16Array =>
  Uint16Array.from(text, (c) => ({ _: 30, n: 500, h: 1300, r: 1700, R: 2100, W: 8000 })[c]!);
/** The takes of `text` with a take noise of 500. */
const takes = (text: string): TakeLevels => ({ peaks: peaks(text), noise: 500, over: takeLevels(peaks(text), 5).over });
const span = (startMs: number, endMs: number): AcousticSpan => ({ startMs, endMs });
/** The next take's word after its head, and the floor after it. */
const NEXT = `${'W'.repeat(20)}${'_'.repeat(10)}`;

describe('endsAtFloorGaps', () => {
  it('moves an end over the next take\'s head, after 10 ms of floor, back to where the floor begins', () => {
    // A word (frames 0–29, 150 ms), 2 frames of floor (150–160 ms), the next take's head (160–200 ms), its word.
    const text = `${'W'.repeat(30)}__nnhhhhnn${NEXT}`;
    expect(endsAtFloorGaps([span(0, 200), null], takes(text), 5)).toEqual([span(0, 150), null]);
    // An end inside the head: the rest of the head still leads into the word.
    expect(endsAtFloorGaps([span(0, 185)], takes(text), 5)).toEqual([span(0, 150)]);
    expect(MIN_END_GAP_MS).toBe(10);
  });

  it('keeps an end over sound louder than 4 × the noise after the gap, or after a gap of one frame', () => {
    expect(GAP_TAIL_OVER_NOISE).toBe(4);
    expect(endsAtFloorGaps([span(0, 185)], takes(`${'W'.repeat(30)}___nRRn${NEXT}`), 5)).toEqual([span(0, 185)]);
    expect(endsAtFloorGaps([span(0, 185)], takes(`${'W'.repeat(30)}___nrrn${NEXT}`), 5)).toEqual([span(0, 150)]);
    expect(endsAtFloorGaps([span(0, 185)], takes(`${'W'.repeat(30)}_nnhhnn${NEXT}`), 5)).toEqual([span(0, 185)]);
  });

  it('keeps an end whose faint sound after the gap falls back to the floor: a stop\'s release after its closure', () => {
    // espeak-ng's "lamp": its /p/ closure at the floor for 40 ms, then 85 ms of release, then the floor.
    const lamp = `${'W'.repeat(30)}________rhhnnnnnnnnnnnnnnnn${'_'.repeat(10)}`;
    expect(endsAtFloorGaps([span(0, 285)], takes(lamp), 5)).toEqual([span(0, 285)]);
  });

  it('keeps an end at the floor, one on the word, and one whose gap lies out of reach or at the word\'s onset', () => {
    const text = `${'W'.repeat(30)}__nnhhhhnn${NEXT}`;
    expect(endsAtFloorGaps([span(0, 210)], takes(text), 5)).toEqual([span(0, 210)]); // its last frame is the next word's
    expect(endsAtFloorGaps([span(0, 140)], takes(text), 5)).toEqual([span(0, 140)]);
    // A gap beginning 165 ms before the end is out of reach (MAX_TAIL_TRIM_MS); one 145 ms before it is not.
    expect(MAX_TAIL_TRIM_MS).toBe(150);
    expect(endsAtFloorGaps([span(0, 315)], takes(`${'W'.repeat(30)}__${'n'.repeat(31)}${NEXT}`), 5)).toEqual([span(0, 315)]);
    expect(endsAtFloorGaps([span(0, 300)], takes(`${'W'.repeat(31)}__${'n'.repeat(27)}${NEXT}`), 5)).toEqual([span(0, 155)]);
    // A gap 25 ms after the start (under MIN_WORD_BEFORE_GAP_MS).
    expect(MIN_WORD_BEFORE_GAP_MS).toBe(30);
    expect(endsAtFloorGaps([span(0, 65)], takes(`WWWWW__nnhhnn${NEXT}`), 5)).toEqual([span(0, 65)]);
  });
});

describe('startsAfterFloorGaps', () => {
  /** The previous take's word, its tail of noise (frames 20–29, 100–150 ms), one frame of floor (150–155 ms), this take's word. */
  const JOINED = `${'W'.repeat(20)}nnhhnnnnnn_${'W'.repeat(20)}${'_'.repeat(10)}`;

  it('moves a start in the previous take\'s tail on past the floor between the takes, to its own take\'s first frame', () => {
    expect(MIN_START_GAP_MS).toBe(5);
    expect(startsAfterFloorGaps([null, span(100, 255)], takes(JOINED), 5)).toEqual([null, span(155, 255)]);
    expect(startsAfterFloorGaps([span(120, 255)], takes(JOINED), 5)).toEqual([span(155, 255)]);
  });

  it('keeps a start whose faint sound follows a pause: the word\'s own onset before a closure (an /s/ before a /t/)', () => {
    const stood = `${'_'.repeat(20)}nnhhnnnnnn_${'W'.repeat(20)}${'_'.repeat(10)}`;
    expect(startsAfterFloorGaps([span(100, 255)], takes(stood), 5)).toEqual([span(100, 255)]);
  });

  it('keeps a start before sound louder than 4 × the noise, one already on its take, and one whose gap is out of reach or at the end', () => {
    expect(startsAfterFloorGaps([span(100, 255)], takes(`${'W'.repeat(20)}nnRRnnnnnn_${NEXT}`), 5)).toEqual([span(100, 255)]);
    expect(startsAfterFloorGaps([span(155, 255)], takes(JOINED), 5)).toEqual([span(155, 255)]);
    // A gap 160 ms after the start is out of reach (MAX_TAIL_TRIM_MS); one 145 ms after it is not.
    const far = (tail: number): string => `${'W'.repeat(20)}${'n'.repeat(tail)}_${'W'.repeat(20)}${'_'.repeat(10)}`;
    expect(startsAfterFloorGaps([span(100, 100 + 5 * 32 + 100)], takes(far(32)), 5)).toEqual([span(100, 360)]);
    expect(startsAfterFloorGaps([span(100, 100 + 5 * 29 + 100)], takes(far(29)), 5)).toEqual([span(250, 345)]);
    // A gap 25 ms before the end (under MIN_WORD_BEFORE_GAP_MS).
    expect(startsAfterFloorGaps([span(100, 180)], takes(JOINED), 5)).toEqual([span(100, 180)]);
  });
});
