import { describe, expect, it } from 'vitest';
import {
  phoneDictionary,
  phoneGrammar,
  phonePieces,
  phoneStarts,
  PHONE_PIECE_MARGIN_MS,
  PHONE_PIECE_MS,
} from '../../../src/align/acoustic/phone-pass.js';

const span = (startMs: number, endMs: number) => ({ startMs, endMs });

describe('phone pass', () => {
  it('groups the placed words into pieces of at most 30 s, each with 300 ms of margin inside the audio', () => {
    expect([PHONE_PIECE_MS, PHONE_PIECE_MARGIN_MS]).toEqual([30_000, 300]);
    expect(phonePieces([span(100, 500), null, span(600, 900), span(29_500, 29_800), span(30_000, 30_400)], 31_000)).toEqual([
      { startMs: 0, endMs: 1200, words: [0, 2] },
      { startMs: 29_200, endMs: 30_700, words: [3, 4] },
    ]);
    // The last piece ends with the audio; nothing placed, no piece.
    expect(phonePieces([span(1000, 1400)], 1500)).toEqual([{ startMs: 700, endMs: 1500, words: [0] }]);
    expect(phonePieces([null, null], 1500)).toEqual([]);
  });

  it('names every phone of every word apart and forces them in order', () => {
    const phones = new Map([[2, ['T', 'UW']], [5, ['AH']]]);
    expect(phoneDictionary([2, 5], phones)).toEqual(['w2_0 T', 'w2_1 UW', 'w5_0 AH']);
    expect(phoneGrammar('ph0', [2, 5], phones)).toBe(
      'FSG_BEGIN ph0\nNUM_STATES 4\nSTART_STATE 0\nFINAL_STATE 3\n' +
        'TRANSITION 0 1 1.0 w2_0\nTRANSITION 1 2 1.0 w2_1\nTRANSITION 2 3 1.0 w5_0\nFSG_END\n',
    );
  });

  it("gives each word its first phone's start, in ms of the recording", () => {
    const segments = [
      { word: '<sil>', startFrame: 0, endFrame: 12, acousticScore: -10 },
      { word: 'w2_0', startFrame: 12, endFrame: 20, acousticScore: -50 },
      { word: 'w2_1', startFrame: 20, endFrame: 31, acousticScore: -40 },
      { word: 'w5_0', startFrame: 31, endFrame: 40, acousticScore: -30 },
    ];
    expect([...phoneStarts(segments, 100, 10)]).toEqual([[2, 1120], [5, 1310]]);
  });
});
