/** Snap windows, and the boundary two touching words share. */
import { describe, expect, it } from 'vitest';
import { planClips } from '../../src/markers/plan.js';
import { snapPlan } from '../../src/markers/snap-window.js';
import { validateMarkers } from '../../src/markers/validate.js';
import type { ClipPlanOptions } from '../../src/markers/plan.js';
import type { WordMarker } from '../../src/markers/model.js';
import { markersFor } from './helpers.js';

const at = (startMs: number, endMs: number): WordMarker => ({ text: 'w', textStart: 0, textLength: 1, startMs, endMs });
const base: ClipPlanOptions = { mode: 'word', keepPunctuation: false, padBeforeMs: 100, padAfterMs: 100, maxGapMs: 700, maxPhraseMs: 15_000, audioDurationMs: 3000 };
/** "one two three": one and two touch at 740; two and three are 200 ms apart. */
const words = () => validateMarkers(markersFor('one two three', [['one', 300, 740], ['two', 740, 1200], ['three', 1400, 1800]]), { transcripts: ['one two three'], audioDurationMs: 3000 });

describe('snap windows', () => {
  it("gives both clips of touching words the same edge and window: the shared boundary, within snapMs, never past either word's middle", () => {
    const [one, two, three] = planClips(words(), { ...base, snapMs: 60 });
    expect(one).toMatchObject({
      startMs: 200,
      endMs: 740,
      snap: { startMinMs: 140, startMaxMs: 260, endMinMs: 680, endMaxMs: 800, endShared: true },
      paddingClamped: 1,
    });
    expect(one?.snap?.startShared).toBeUndefined();
    expect(two).toMatchObject({ startMs: 740, snap: { startMinMs: 680, startMaxMs: 800, startShared: true } });
    // two's end faces a 200 ms pause: padded to 1300, free from 1240 to the midpoint 1300.
    expect(two?.snap).toMatchObject({ endMinMs: 1240, endMaxMs: 1300 });
    expect(two?.paddingClamped).toBe(1);
    expect(three).toMatchObject({ startMs: 1300, snap: { startMinMs: 1300, startMaxMs: 1360 } });
    expect(three?.paddingClamped).toBeUndefined();
    // A wide reach stops at the middles of the two words (520 and 970).
    const [wide] = planClips(words(), { ...base, snapMs: 400 });
    expect(wide?.snap).toMatchObject({ endMinMs: 520, endMaxMs: 970 });
  });

  it('puts the boundary of overlapping words at the middle of the overlap', () => {
    const plan = snapPlan(
      { startMs: 1000, endMs: 1500, previous: at(600, 1100), next: undefined, head: at(1000, 1500), tail: at(1000, 1500) },
      { startMs: 1000, endMs: 1600 },
      { snapMs: 50, audioDurationMs: 3000 },
    );
    expect(plan).toEqual({
      startMs: 1050,
      endMs: 1600,
      snap: { startMinMs: 1000, startMaxMs: 1100, endMinMs: 1550, endMaxMs: 1650, startShared: true },
    });
  });

  it('with padMode overlap ignores neighbours: padded edges move within snapMs, never into the clip\'s own word', () => {
    const [one, two] = planClips(words(), { ...base, snapMs: 60, padMode: 'overlap' });
    expect(one).toMatchObject({ startMs: 200, endMs: 840, snap: { startMinMs: 140, startMaxMs: 260, endMinMs: 780, endMaxMs: 900 } });
    expect(two).toMatchObject({ startMs: 640, endMs: 1300, snap: { startMinMs: 580, startMaxMs: 700 } });
    expect(one?.paddingClamped).toBeUndefined();
  });
});
