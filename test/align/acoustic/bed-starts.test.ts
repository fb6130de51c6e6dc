import { describe, expect, it } from 'vitest';
import { BED_LIKE_DB, BED_MARGIN_DB, startsPastBed } from '../../../src/align/acoustic/bed-starts.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { refineEdges } from '../../../src/align/acoustic/refine.js';

const db = (values: readonly number[]): Float64Array => Float64Array.from(values);
/** Five frames of a bed at 40 dB scattering around it (median 41: 1 dB over it), then a word at 60 dB. */
const bedThenWord = [41, 39, 42.5, 38, 42, ...Array<number>(10).fill(60)];

describe('startsPastBed', () => {
  it('moves a start on over frames up to 3 dB over the bed when their median is at most 1 dB over it', () => {
    expect([BED_MARGIN_DB, BED_LIKE_DB]).toEqual([3, 1]);
    expect(startsPastBed([{ startMs: 0, endMs: 75 }], db(bedThenWord), 40, 5, 400)).toEqual([{ startMs: 25, endMs: 75 }]);
    // The same frames with a bed 0.5 dB higher: median 0.5 dB over it.
    expect(startsPastBed([{ startMs: 0, endMs: 75 }], db(bedThenWord), 40.5, 5, 400)).toEqual([{ startMs: 25, endMs: 75 }]);
  });

  it("keeps a start on a faint onset that lies over the bed all through (median 2 dB over it), and without a bed", () => {
    const onset = [42, 42.5, 41.5, 42, 43, ...Array<number>(10).fill(60)];
    const spans = [{ startMs: 0, endMs: 75 }];
    expect(startsPastBed(spans, db(onset), 40, 5, 400)).toEqual(spans);
    expect(startsPastBed(spans, db(bedThenWord), null, 5, 400)).toBe(spans);
    // A frame 3.5 dB over the bed stops it at once.
    expect(startsPastBed(spans, db([43.5, ...bedThenWord]), 40, 5, 400)).toEqual(spans);
  });

  it("never moves past the span's middle nor by more than the longest trim", () => {
    expect(startsPastBed([{ startMs: 0, endMs: 30 }, null], db(bedThenWord), 40, 5, 400)).toEqual([{ startMs: 15, endMs: 30 }, null]);
    expect(startsPastBed([{ startMs: 0, endMs: 75 }], db(bedThenWord), 40, 5, 10)).toEqual([{ startMs: 10, endMs: 75 }]);
  });
});

describe('refineEdges with a noise bed', () => {
  it('trims a start over the frames just over the bed only when given the bed', () => {
    // 5 ms frames of 80 samples: the floor (RMS 10, 20 dB), a bed around 40 dB whose frames lie up to 1.5 dB over it, a word at 60 dB.
    const rms = [0, 0, 0, 0, 21, 19, 21.5, 18, 19.5, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 0, 0, 0, 0].map((d) => 10 * 10 ** (d / 20));
    const levels = frameLevels(Float64Array.from(rms, (r) => r * r * 80), 80);
    // The bed's frames under its level count as floor (noise-bed.ts); those over it are sound to the trim.
    const bedded = { db: levels.db.map((d) => (d <= 40 ? levels.floorDb : d)), floorDb: levels.floorDb };
    const span = [{ startMs: 20, endMs: 95 }];
    // Without it the start moves 10 ms in (a quiet frame within the 20 ms it looks in) and stops at the frame 1.5 dB over the bed.
    expect(refineEdges(span, bedded)).toEqual([{ startMs: 30, endMs: 95 }]);
    expect(refineEdges(span, bedded, 40)).toEqual([{ startMs: 45, endMs: 95 }]);
  });
});
