import { describe, expect, it } from 'vitest';
import { junctionsAtFloorGaps, junctionsAtPauses as atPauses } from '../../../src/align/acoustic/junctions.js';

/** A mask from a string: `q` 1, `.` 0. */
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));
/** With 5 ms frames, as the refinement uses. */
const junctionsAtPauses = (spans: Parameters<typeof atPauses>[0], quiet: Uint8Array) => atPauses(spans, quiet, 5);

describe('junctionsAtPauses', () => {
  /** A span with evidence of `phones` phones. */
  const w = (startMs: number, endMs: number, phones: number) => ({
    startMs, endMs, evidence: { frames: (endMs - startMs) / 10, alignedScore: -100, loopScore: null, phones },
  });
  it('splits two touching words at the one quiet run between their middles when that evens their times a phone', () => {
    // Middles: frames 5 and 15; the run on frames 12–13. Before: 16.7 and 50 ms a phone; after: 20 and 30.
    expect(junctionsAtPauses([w(0, 50, 3), w(50, 100, 1)], mask('............qq......'))).toEqual([
      { ...w(0, 50, 3), endMs: 60 }, { ...w(50, 100, 1), startMs: 70 },
    ]);
    // The run on frame 7. Before: 50 and 16.7 ms a phone; after: 35 and 20.
    expect(junctionsAtPauses([w(0, 50, 1), w(50, 100, 3)], mask('.......q............'))).toEqual([
      { ...w(0, 50, 1), endMs: 35 }, { ...w(50, 100, 3), startMs: 40 },
    ]);
  });

  it('leaves the junction when the split makes their times a phone less even (a closure inside a word beside a true junction)', () => {
    const even = [w(0, 50, 2), w(50, 100, 2)];
    expect(junctionsAtPauses(even, mask('............qq......'))).toEqual(even);
    expect(junctionsAtPauses([w(0, 50, 1), w(50, 100, 3)], mask('............qq......'))).toEqual([w(0, 50, 1), w(50, 100, 3)]);
    // Without phones (no evidence) nothing is known of their pace: the junction stays.
    expect(junctionsAtPauses([{ startMs: 0, endMs: 50 }, { startMs: 50, endMs: 100 }], mask('............qq......'))).toEqual([
      { startMs: 0, endMs: 50 }, { startMs: 50, endMs: 100 },
    ]);
  });

  it('of several runs takes the one whose split evens their times a phone most (a closure inside a word beside the pause)', () => {
    const [a, b] = [w(0, 50, 3), w(50, 100, 1)];
    // Before: 16.7 and 50 ms a phone. At frame 7: 11.7 and 60; at frames 12–13: 20 and 30.
    expect(junctionsAtPauses([a, b], mask('.......q....qq......'))).toEqual([{ ...a, endMs: 60 }, { ...b, startMs: 70 }]);
    // At frame 7: 11.7 and 60; at frame 11: 18.3 and 40.
    expect(junctionsAtPauses([a, b], mask('.......q...q........'))).toEqual([{ ...a, endMs: 55 }, { ...b, startMs: 60 }]);
    // Neither split evens them (before: 50 and 16.7; at frame 12: 60 and 11.7; at frame 14: 70 and 8.3): the junction stays.
    expect(junctionsAtPauses([w(0, 50, 1), w(50, 100, 3)], mask('............q.q.....'))).toEqual([w(0, 50, 1), w(50, 100, 3)]);
  });

  it('leaves the junction with a run past a middle or more than 200 ms away, or words apart', () => {
    const [a, b] = [w(0, 50, 3), w(50, 100, 1)];
    expect(junctionsAtPauses([a, b], mask('...q.............q..'))).toEqual([a, b]);
    const apart = { ...b, startMs: 55 };
    expect(junctionsAtPauses([a, apart], mask('............qq......'))).toEqual([a, apart]);
    const long = [w(0, 1000, 3), w(1000, 2000, 2)];
    const at = (frame: number) => mask(`${'.'.repeat(frame)}q${'.'.repeat(399 - frame)}`);
    expect(junctionsAtPauses(long, at(245))).toEqual(long);
    expect(junctionsAtPauses(long, at(235))).toEqual([{ ...long[0]!, endMs: 1175 }, { ...long[1]!, startMs: 1180 }]);
  });

  it('splits two touching words with a word of the text between them that found no place', () => {
    const [a, b] = [w(0, 50, 3), w(50, 100, 1)];
    expect(junctionsAtPauses([a, null, b], mask('............qq......'))).toEqual([{ ...a, endMs: 60 }, null, { ...b, startMs: 70 }]);
  });
});

describe('junctionsAtFloorGaps', () => {
  const w = (startMs: number, endMs: number, phones: number) => ({
    startMs, endMs, evidence: { frames: (endMs - startMs) / 10, alignedScore: -100, loopScore: null, phones },
  });
  /** 5 ms frames at the floor from `fromMs` to `toMs`, in 1,400 ms. */
  const gap = (fromMs: number, toMs: number) => Uint8Array.from({ length: 280 }, (_, f) => (f * 5 >= fromMs && f * 5 < toMs ? 1 : 0));
  // A slow first word met 140 ms into its vowel: 123 and 158 ms a phone where they meet, 177 and 105 split at the gap (less alike).
  const [a, b] = [w(0, 370, 3), w(370, 1000, 4)];

  it('splits touching words at a gap at the floor of 40 ms or more even when that makes their pace less alike', () => {
    expect(junctionsAtFloorGaps([a, b], gap(530, 580), 5)).toEqual([{ ...a, endMs: 530 }, { ...b, startMs: 580 }]);
    expect(junctionsAtFloorGaps([a, b], gap(530, 570), 5)).toEqual([{ ...a, endMs: 530 }, { ...b, startMs: 570 }]);
    // Of two gaps the longest (the other 25 ms, at 450 ms).
    const both = gap(530, 580).map((v, f) => (f >= 90 && f < 95 ? 1 : v));
    expect(junctionsAtFloorGaps([a, b], both, 5)).toEqual([{ ...a, endMs: 530 }, { ...b, startMs: 580 }]);
  });

  it('leaves a shorter gap, or one that makes a word 2.5 times the other a phone, to the pace rule (here: no move)', () => {
    expect(junctionsAtFloorGaps([a, b], gap(530, 565), 5)).toEqual([a, b]);
    // A closure inside the first word ("doctor stepped"): 100 ms a phone each where they meet, 50 and 140 split at it (|log| 1.03).
    const [doctor, stepped] = [w(0, 500, 5), w(500, 1000, 5)];
    expect(junctionsAtFloorGaps([doctor, stepped], gap(250, 300), 5)).toEqual([doctor, stepped]);
    // 1 phone against 6: 370 and 105 ms a phone where they meet, 530 and 70 split at the gap (|log| 2.0).
    const [one, six] = [w(0, 370, 1), w(370, 1000, 6)];
    expect(junctionsAtFloorGaps([one, six], gap(530, 580), 5)).toEqual([one, six]);
  });

  it('takes a gap that begins within 350 ms of the junction, whole, where the pace rule also looks', () => {
    const [short, long] = [w(0, 300, 3), w(300, 1400, 3)];
    expect(junctionsAtFloorGaps([short, long], gap(640, 700), 5)).toEqual([{ ...short, endMs: 640 }, { ...long, startMs: 700 }]);
    expect(junctionsAtFloorGaps([short, long], gap(655, 720), 5)).toEqual([short, long]);
    // Within 350 ms the pace rule moves a short gap that evens the two (100 and 367 ms a phone; split: 213 and 250).
    expect(junctionsAtFloorGaps([short, long], gap(640, 650), 5)).toEqual([{ ...short, endMs: 640 }, { ...long, startMs: 650 }]);
  });
});
