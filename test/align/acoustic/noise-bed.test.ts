import { describe, expect, it } from 'vitest';
import { noiseBedDb, noiseLikeBedDb, overNoiseBed } from '../../../src/align/acoustic/noise-bed.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { refineEdges } from '../../../src/align/acoustic/refine.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10, 20 dB), `e` +11 dB, `b` +12 dB, `c` +18 dB,
 * `d` +30 dB, `L` +40 dB.
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, e: 11, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);
/** `n` takes over the floor, each a word (10 loud frames) between 4 frames of its own bed (`beds[k % beds.length]`). */
const takes = (n: number, beds: string): string =>
  `${Array.from({ length: n }, (_, k) => `${'_'.repeat(10)}${beds[k % beds.length]!.repeat(4)}${'L'.repeat(10)}${beds[k % beds.length]!.repeat(4)}`).join('')}${'_'.repeat(10)}`;

describe('noiseBedDb', () => {
  it('is the level of the plateaus beside the cliffs down to the floor when they agree', () => {
    // Ten takes: 20 cliffs, every plateau 18 dB over the 20 dB floor.
    expect(noiseBedDb(levels(takes(10, 'c')))).toBeCloseTo(38, 9);
    // Four takes are 8 plateaus, the fewest that make a bed.
    expect(noiseBedDb(levels(takes(4, 'c')))).toBeCloseTo(38, 9);
    expect(noiseBedDb(levels(takes(3, 'c')))).toBeNull();
  });

  it('is null when the plateaus do not agree (words end at any level) or the bed is near the floor', () => {
    // Beds of 12 and 30 dB over the floor: 18 dB between the 10th and 90th percentiles.
    expect(noiseBedDb(levels(takes(10, 'bd')))).toBeNull();
    // Every plateau 11 dB over the floor: they agree, but the floor's thresholds see to a bed that faint.
    expect(noiseBedDb(levels(takes(10, 'e')))).toBeNull();
    // Words with no bed: every plateau is its word's own loud frames, as loud as the recording's loudest.
    expect(noiseBedDb(levels(`${'_'.repeat(10)}${'L'.repeat(10)}`.repeat(10)))).toBeNull();
    // Beds 30 dB over the floor under words 40 dB over it: 10 dB under the loud frames, too near them to be told from speech.
    expect(noiseBedDb(levels(takes(10, 'd')))).toBeNull();
  });
});

describe('noiseLikeBedDb', () => {
  /** Per frame a zero-crossing rate: `rate` in the frames of `text` marked `c` (the bed), 0.05 elsewhere. */
  const rates = (text: string, rate: number) => (f: number): number => (text[f] === 'c' ? rate : 0.05);
  /** As `takes`, with one frame half in the bed and half in the floor (`e`, 11 dB) between each plateau and its cliff. */
  const straddled = (n: number): string => `${Array.from({ length: n }, () => `${'_'.repeat(10)}e${'c'.repeat(4)}${'L'.repeat(10)}${'c'.repeat(4)}e`).join('')}${'_'.repeat(10)}`;

  it('finds a bed whose plateaus, one frame in from each cliff, cross zero as noise does', () => {
    const text = straddled(10);
    // The frame beside each cliff (11 dB) spreads the plateaus taken at the cliff: noiseBedDb finds no bed there.
    expect(noiseBedDb(levels(text))).toBeNull();
    expect(noiseLikeBedDb(levels(text), rates(text, 0.3))).toBeCloseTo(38, 9);
  });

  it('finds the bed when at most a fifth of the plateaus lie over it (noise between takes), not when more do', () => {
    /** `n` straddled takes of which the last `loud` have a bed 30 dB over the floor (`d`) instead of 18 (`c`). */
    const mixed = (n: number, loud: number): string =>
      `${Array.from({ length: n }, (_, k) => { const b = k < n - loud ? 'c' : 'd'; return `${'_'.repeat(10)}e${b.repeat(4)}${'L'.repeat(10)}${b.repeat(4)}e`; }).join('')}${'_'.repeat(10)}`;
    const noisy = (f: number, text: string): number => (text[f] === 'c' || text[f] === 'd' ? 0.3 : 0.05);
    // 16 plateaus at 38 dB and 4 at 50: the 10th and 80th percentiles agree (the 90th would not).
    const some = mixed(10, 2);
    expect(noiseLikeBedDb(levels(some), (f) => noisy(f, some))).toBeCloseTo(38, 9);
    // 14 and 6: the 80th percentile is at 50 dB.
    const more = mixed(10, 3);
    expect(noiseLikeBedDb(levels(more), (f) => noisy(f, more))).toBeNull();
  });

  it('is null when the plateaus cross zero as a voiced tail does, or when they do not agree', () => {
    const text = straddled(10);
    expect(noiseLikeBedDb(levels(text), rates(text, 0.09))).toBeNull();
    const spread = takes(10, 'bd');
    expect(noiseLikeBedDb(levels(spread), () => 0.5)).toBeNull();
  });
});

describe('overNoiseBed', () => {
  it('puts the frames no louder than the bed at the floor, so a word\'s edges leave its take\'s bed out', () => {
    const l = levels(takes(10, 'c'));
    const bedded = overNoiseBed(l);
    expect(bedded.floorDb).toBe(l.floorDb);
    const overFloor = [...bedded.db.subarray(8, 26)].map((d) => Math.round(d - l.floorDb));
    expect(overFloor).toEqual([0, 0, 0, 0, 0, 0, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 0, 0]);
    // The search gave the first word its whole take (frames 10 to 27, beds included): refined on the bed's levels it is its loud
    // frames 14 to 23 only; on the floor's, the bed (18 dB over the floor) is sound and the span stays.
    expect(refineEdges([{ startMs: 50, endMs: 140 }], bedded)).toEqual([{ startMs: 70, endMs: 120 }]);
    expect(refineEdges([{ startMs: 50, endMs: 140 }], l)).toEqual([{ startMs: 50, endMs: 140 }]);
  });

  it('keeps the levels themselves without a bed', () => {
    const l = levels(takes(10, 'bd'));
    expect(overNoiseBed(l)).toBe(l);
  });
});
