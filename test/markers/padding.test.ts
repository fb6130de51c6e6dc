import { describe, expect, it } from 'vitest';
import { padSpan, padWithCount } from '../../src/markers/padding.js';
import type { WordMarker } from '../../src/markers/model.js';

const at = (startMs: number, endMs: number): WordMarker => ({ text: 'w', textStart: 0, textLength: 1, startMs, endMs });
const pad = (before: number, after: number, audioDurationMs = 10_000) => ({ padBeforeMs: before, padAfterMs: after, audioDurationMs });

describe('padSpan', () => {
  it('with no padding returns the span itself', () => {
    expect(padSpan({ startMs: 1000, endMs: 1500, previous: at(0, 500), next: at(2000, 2500) }, pad(0, 0)))
      .toEqual({ startMs: 1000, endMs: 1500 });
  });

  it('pads freely when neighbours are far', () => {
    expect(padSpan({ startMs: 1000, endMs: 1500, previous: at(0, 500), next: at(2000, 2500) }, pad(100, 200)))
      .toEqual({ startMs: 900, endMs: 1700 });
  });

  it('stops at the midpoint of the gap to close neighbours (ceil before, floor after)', () => {
    // gap before: 1001..1004 → ceil(2005 / 2) = 1003; gap after: 1010..1013 → floor(2023 / 2) = 1011
    expect(padSpan({ startMs: 1004, endMs: 1010, previous: at(900, 1001), next: at(1013, 1100) }, pad(100, 100)))
      .toEqual({ startMs: 1003, endMs: 1011 });
  });

  it('never moves a boundary inward when neighbours touch or overlap', () => {
    expect(padSpan({ startMs: 1000, endMs: 1500, previous: at(800, 1000), next: at(1500, 1700) }, pad(100, 100)))
      .toEqual({ startMs: 1000, endMs: 1500 });
    expect(padSpan({ startMs: 1000, endMs: 1500, previous: at(800, 1200), next: at(1300, 1700) }, pad(100, 100)))
      .toEqual({ startMs: 1000, endMs: 1500 });
  });

  it('clamps to the start and the end of the audio', () => {
    expect(padSpan({ startMs: 30, endMs: 1950, previous: undefined, next: undefined }, pad(100, 100, 2000)))
      .toEqual({ startMs: 0, endMs: 2000 });
  });
});

describe('padWithCount', () => {
  it('counts the edges whose padding a neighbour cut short, not the audio edges nor edges without padding', () => {
    const touching = { startMs: 1000, endMs: 1500, previous: at(800, 1000), next: at(1500, 1700) };
    expect(padWithCount(touching, pad(100, 100))).toEqual({ startMs: 1000, endMs: 1500, clampedEdges: 2 });
    expect(padWithCount(touching, pad(0, 0))).toEqual({ startMs: 1000, endMs: 1500, clampedEdges: 0 });
    expect(padWithCount({ startMs: 1000, endMs: 1500, previous: at(0, 500), next: at(1560, 1700) }, pad(100, 100)))
      .toEqual({ startMs: 900, endMs: 1530, clampedEdges: 1 });
    expect(padWithCount({ startMs: 30, endMs: 1950, previous: undefined, next: undefined }, pad(100, 100, 2000)))
      .toEqual({ startMs: 0, endMs: 2000, clampedEdges: 0 });
  });

  it('with padMode overlap pads into touching neighbours, stopped only by the audio', () => {
    const touching = { startMs: 1000, endMs: 1500, previous: at(800, 1000), next: at(1500, 1700) };
    expect(padWithCount(touching, { ...pad(100, 100), padMode: 'overlap' })).toEqual({ startMs: 900, endMs: 1600, clampedEdges: 0 });
    expect(padSpan({ ...touching, startMs: 50 }, { ...pad(100, 100, 1550), padMode: 'overlap' })).toEqual({ startMs: 0, endMs: 1550 });
  });
});
