import { describe, expect, it } from 'vitest';
import { pieceGrammar } from '../../../src/align/acoustic/grammar.js';
import type { HypSegment } from '../../../src/align/acoustic/hypseg.js';
import { garbageStretches, uncoveredSpeechFrames, unscriptedShare } from '../../../src/align/acoustic/unscripted.js';

describe('speech the text does not hold', () => {
  it('adds a garbage loop at every word boundary that returns to the same boundary', () => {
    const words = [{ word: 0, tokens: [0] }, { word: 1, tokens: [1, 2] }];
    const fsg = pieceGrammar('p0', words, 1e-3, 0, { phones: ['AH', 'S'], enter: 1e-10, stay: 1e-2 });
    const lines = fsg.split('\n');
    // Word states 0..3 (t0; t1 t2), loops 4 (after state 0), 5 (after 1), 6 (after 3).
    expect(lines).toContain('NUM_STATES 7');
    expect(lines).toContain('FINAL_STATE 3');
    expect(lines.filter((l) => l.includes('g_'))).toEqual([
      'TRANSITION 0 4 1.000e-10 g_AH', 'TRANSITION 4 4 1.000e-2 g_AH', 'TRANSITION 0 4 1.000e-10 g_S', 'TRANSITION 4 4 1.000e-2 g_S',
      'TRANSITION 1 5 1.000e-10 g_AH', 'TRANSITION 5 5 1.000e-2 g_AH', 'TRANSITION 1 5 1.000e-10 g_S', 'TRANSITION 5 5 1.000e-2 g_S',
      'TRANSITION 3 6 1.000e-10 g_AH', 'TRANSITION 6 6 1.000e-2 g_AH', 'TRANSITION 3 6 1.000e-10 g_S', 'TRANSITION 6 6 1.000e-2 g_S',
    ]);
    expect(lines.filter((l) => /^TRANSITION [456] [0-3] 1.0$/.test(l))).toEqual(['TRANSITION 4 0 1.0', 'TRANSITION 5 1 1.0', 'TRANSITION 6 3 1.0']);
    expect(pieceGrammar('p0', words, 1e-3)).not.toContain('g_');
  });

  it('counts the loud frames of the largest stretch the search gave no word', () => {
    const seg = (word: string, startFrame: number, endFrame: number): HypSegment => ({ word, startFrame, endFrame, acousticScore: 0 });
    // The piece starts at frame 10 of the recording, whose loud frames are 10-19, 25-34 and 40-47.
    const loud = new Uint8Array(60);
    loud.fill(1, 10, 20);
    loud.fill(1, 25, 35);
    loud.fill(1, 40, 48);
    const grammar = [seg('<sil>', -1, 0), seg('t0', 0, 10), seg('<sil>', 10, 20), seg('t1(2)', 20, 28), seg('[NOISE]', 28, 31), seg('<sil>', 31, 40)];
    // Stretches without a word, in recording frames: 9 (none loud), 20-29 (25-29 loud: 5), 38-49 (a filler and silence; 40-47: 8).
    expect(uncoveredSpeechFrames(grammar, loud, 10)).toBe(8);
    expect(uncoveredSpeechFrames([seg('<sil>', 0, 50)], loud, 10)).toBe(28);
    expect(uncoveredSpeechFrames([seg('t0', 0, 50)], loud, 10)).toBe(0);
    expect(uncoveredSpeechFrames([], loud, 0)).toBe(0);
  });

  it("measures the garbage loop's share of the loud frames and where it lies", () => {
    const seg = (word: string, startFrame: number, endFrame: number): HypSegment => ({ word, startFrame, endFrame, acousticScore: 0 });
    const loud = new Uint8Array(40).fill(1);
    loud.fill(0, 0, 5);
    // Words over frames 0-9 (5 loud) and 30-39 (10 loud), garbage over 10-25 (15 loud), silence 25-30 not counted.
    const grammar = [seg('t0', 0, 10), seg('g_AH', 10, 14), seg('g_S', 14, 25), seg('<sil>', 25, 30), seg('t1', 30, 40)];
    expect(unscriptedShare(grammar, loud, 0)).toBe(15 / 30);
    expect(unscriptedShare([seg('t0', 0, 40)], loud, 0)).toBe(0);
    expect(unscriptedShare([], loud, 0)).toBe(0);
    expect(garbageStretches(grammar)).toEqual([[10, 25]]);
    expect(garbageStretches([seg('g_N', 0, 3), seg('t0', 3, 8), seg('g_N', 8, 9)])).toEqual([[0, 3], [8, 9]]);
  });
});
