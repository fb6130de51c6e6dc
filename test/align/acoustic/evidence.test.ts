import { describe, expect, it } from 'vitest';
import {
  faintAndPoor, loopScoreOver, median, medianFramesPerPhone, plausible, scorePerFrame, squeezedBesideMissing, squeezedForPace,
} from '../../../src/align/acoustic/evidence.js';
import { pieceGrammar } from '../../../src/align/acoustic/grammar.js';

const seg = (startFrame: number, endFrame: number, acousticScore: number): { word: string; startFrame: number; endFrame: number; acousticScore: number } => ({ word: 'AH', startFrame, endFrame, acousticScore });

describe('word evidence', () => {
  it('counts each phone-loop segment by its share inside the frames', () => {
    const loop = [seg(0, 10, -100), seg(10, 20, -300), seg(20, 40, -400)];
    expect(loopScoreOver(loop, 5, 25)).toBe(-50 - 300 - 100);
    expect(loopScoreOver(loop, 40, 50)).toBe(0);
  });

  it('rejects a word squeezed below 3.5 frames a phone, scored far below the phone loop, or both short (4.5) and poor (-40)', () => {
    expect(plausible({ frames: 18, alignedScore: -500, loopScore: -300, phones: 5 })).toBe(true); // 3.6 frames a phone, -11 a frame
    expect(plausible({ frames: 17, alignedScore: -500, loopScore: -300, phones: 5 })).toBe(false); // 3.4 frames a phone
    expect(plausible({ frames: 30, alignedScore: -2800, loopScore: -300, phones: 5 })).toBe(false); // 6 frames a phone but -83 a frame
    expect(plausible({ frames: 20, alignedScore: -1150, loopScore: -300, phones: 5 })).toBe(false); // 4 frames a phone and -42.5 a frame
    expect(plausible({ frames: 20, alignedScore: -1000, loopScore: -300, phones: 5 })).toBe(true); // 4 frames a phone, -35 a frame
    expect(plausible({ frames: 23, alignedScore: -1300, loopScore: -300, phones: 5 })).toBe(true); // 4.6 frames a phone, -43 a frame
    expect(plausible({ frames: 20, alignedScore: -1800, loopScore: null, phones: 5 })).toBe(true); // no loop: length only
    expect(scorePerFrame({ frames: 20, alignedScore: -500, loopScore: -300, phones: 5 })).toBe(-10);
  });

  it("takes the recording's pace as the median frames a phone of five or more placed words", () => {
    const word = (frames: number, phones: number) => ({ frames, alignedScore: -100, loopScore: -90, phones });
    expect(medianFramesPerPhone([word(40, 4), word(30, 2), word(12, 3), word(50, 5), word(8, 1)])).toBe(10);
    expect(medianFramesPerPhone([word(40, 4), word(30, 2), word(12, 3), word(60, 5), word(8, 1), word(30, 5)])).toBe(9);
    expect(medianFramesPerPhone([word(40, 4), word(30, 2), word(12, 3), word(50, 5), word(8, 0)])).toBeNull();
  });

  it('finds a word given under 0.45 of the pace squeezed, and none without a pace', () => {
    expect(squeezedForPace({ frames: 22, alignedScore: -100, loopScore: -90, phones: 5 }, 10)).toBe(true); // 4.4 < 4.5
    expect(squeezedForPace({ frames: 23, alignedScore: -100, loopScore: -90, phones: 5 }, 10)).toBe(false); // 4.6
    expect(squeezedForPace({ frames: 22, alignedScore: -100, loopScore: -90, phones: 5 }, null)).toBe(false);
  });

  it('finds a word squeezed under 0.6 of the pace beside a missing word whose phones would fit its frames nearer the pace', () => {
    // 24 frames, 6 phones, pace 10: 0.4 of the pace. A missing word of 3 phones would be at 0.8 (nearer 1), one of 12 at 0.2.
    const word = { frames: 24, alignedScore: -1000, loopScore: -500, phones: 6 };
    expect(squeezedBesideMissing(word, 3, 10)).toBe(true);
    expect(squeezedBesideMissing(word, 12, 10)).toBe(false);
    expect(squeezedBesideMissing(word, 6, 10)).toBe(false); // as near as the word itself: not nearer
    // 0.6 of the pace or more: not squeezed, whatever the missing word; no pace, no missing phones: never.
    expect(squeezedBesideMissing({ ...word, frames: 36 }, 3, 10)).toBe(false);
    expect(squeezedBesideMissing({ ...word, frames: 35 }, 3, 10)).toBe(true);
    expect(squeezedBesideMissing(word, 3, null)).toBe(false);
    expect(squeezedBesideMissing(word, 0, 10)).toBe(false);
  });

  it('finds a word more than 12 dB fainter than the typical word and scoring under -25 a frame faint and poor, not either alone', () => {
    const poor = { frames: 20, alignedScore: -1000, loopScore: -400, phones: 4 }; // -30 a frame
    const fine = { frames: 20, alignedScore: -600, loopScore: -400, phones: 4 }; // -10 a frame
    expect(faintAndPoor(-14, poor)).toBe(true);
    expect(faintAndPoor(-11, poor)).toBe(false);
    expect(faintAndPoor(-14, fine)).toBe(false);
    expect(faintAndPoor(-14, { ...poor, loopScore: null })).toBe(false);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNull();
  });

  it('lets the grammar leave out any one word with a null transition', () => {
    const fsg = pieceGrammar('p0', [{ word: 0, tokens: [0] }, { word: 1, tokens: [1, 2] }], 1e-3, 1e-9);
    expect(fsg.split('\n').filter((l) => l.endsWith('1.000e-9'))).toEqual(['TRANSITION 0 1 1.000e-9', 'TRANSITION 1 3 1.000e-9']);
    expect(pieceGrammar('p0', [{ word: 0, tokens: [0] }], 1e-3)).not.toContain('e-9');
  });
});
