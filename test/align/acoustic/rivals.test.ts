import { describe, expect, it } from 'vitest';
import { phoneDictionary, phoneGrammar } from '../../../src/align/acoustic/phone-pass.js';
import { RIVAL_PROBABILITY, RIVALS, rivalPhoneName, rivalPhones, rivalWins } from '../../../src/align/acoustic/rivals.js';

// "one two to three one four five six" by word index; "to" sounds as "two", word 4 as word 0.
const PHONES = [['W', 'AH', 'N'], ['T', 'UW'], ['T', 'UW'], ['TH', 'R', 'IY'], ['W', 'AH', 'N'], ['F', 'AO', 'R'], ['F', 'AY', 'V'], ['S', 'IH', 'K', 'S']];
const phonesOf = (w: number) => PHONES[w];

describe('rivals', () => {
  it('gives each placed word the other words nearest to it in the text, each sound once, never its own', () => {
    expect([RIVALS, RIVAL_PROBABILITY]).toEqual([4, 1e-10]);
    const rivals = rivalPhones([1, 4], PHONES.length, phonesOf);
    // Word 1 ("two"): "one" (0), then "three" (3; "to" sounds as itself), "one" again is no new sound, then "four", "five".
    expect(rivals.get(1)).toEqual([['W', 'AH', 'N'], ['TH', 'R', 'IY'], ['F', 'AO', 'R'], ['F', 'AY', 'V']]);
    // Word 4 ("one"): "three" (3), "four" (5), "two" (2), "five" (6); "one" (0) is its own sound.
    expect(rivals.get(4)).toEqual([['TH', 'R', 'IY'], ['F', 'AO', 'R'], ['T', 'UW'], ['F', 'AY', 'V']]);
    expect(rivalPhones([1], PHONES.length, phonesOf, 2).get(1)).toHaveLength(2);
  });

  it('a text of one word said over and over has no rivals; a word without phones has none', () => {
    expect(rivalPhones([0, 1], 2, () => ['W', 'AH', 'N'])).toEqual(new Map());
    expect(rivalPhones([0], 2, (w) => (w === 0 ? undefined : ['T', 'UW']))).toEqual(new Map());
  });

  it("puts each rival's phones beside the word's, from its first state to its last, entered at the rival's weight", () => {
    const phones = new Map([[2, ['T', 'UW']], [5, ['AH']]]);
    const rivals = new Map([[2, [['W', 'AH', 'N'], ['AY']]]]);
    expect(phoneDictionary([2, 5], phones, rivals)).toEqual([
      'w2_0 T', 'w2_1 UW', 'r2_0_0 W', 'r2_0_1 AH', 'r2_0_2 N', 'r2_1_0 AY', 'w5_0 AH',
    ]);
    expect(phoneGrammar('ph0', [2, 5], phones, rivals)).toBe(
      'FSG_BEGIN ph0\nNUM_STATES 6\nSTART_STATE 0\nFINAL_STATE 3\n' +
        'TRANSITION 0 1 1.0 w2_0\nTRANSITION 1 2 1.0 w2_1\nTRANSITION 2 3 1.0 w5_0\n' +
        'TRANSITION 0 4 1e-10 r2_0_0\nTRANSITION 4 5 1.0 r2_0_1\nTRANSITION 5 2 1.0 r2_0_2\n' +
        'TRANSITION 0 2 1e-10 r2_1_0\nFSG_END\n',
    );
  });

  it('reads the words whose rival the search took from the decoded segments', () => {
    const segments = ['<sil>', 'w2_0', 'w2_1', rivalPhoneName(5, 1, 0), rivalPhoneName(5, 1, 1), 'w7_0', rivalPhoneName(12, 0, 0)];
    expect([...rivalWins(segments.map((word) => ({ word })))]).toEqual([5, 12]);
  });
});
