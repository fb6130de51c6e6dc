import { describe, expect, it } from 'vitest';
import { isFiller, parsePocketSphinxOutput } from '../../../src/service/engines/pocketsphinx-output.js';

const ONE_UTTERANCE = [
  'hello to the world',
  '<s> 0.000 0.140 0.999400',
  'hello 0.150 0.360 0.260057',
  '<sil> 0.370 0.400 0.553348',
  'to(2) 0.410 0.6204 0.988762',
  '[NOISE] 0.630 0.700 0.5',
  'the 0.710 0.800 1.2',
  '++BREATH++ 0.810 0.820 0.9',
  'world 0.830 1.000 -0.1',
  '</s> 1.010 1.040 1.000000',
  '',
].join('\n');

describe('parsePocketSphinxOutput', () => {
  it('keeps words only, normalizes variants, rounds times to ms and clamps confidence', () => {
    expect(parsePocketSphinxOutput(ONE_UTTERANCE)).toEqual({
      words: [
        { word: 'hello', startMs: 150, endMs: 360, confidence: 0.260057 },
        { word: 'to', startMs: 410, endMs: 620, confidence: 0.988762 },
        { word: 'the', startMs: 710, endMs: 800, confidence: 1 },
        { word: 'world', startMs: 830, endMs: 1000, confidence: 0 },
      ],
      endMs: 1040,
    });
  });

  it('keeps the words of several utterances in time order and ends at the last </s>', () => {
    const out = [
      'one two',
      '<s> 0.000 0.100 1.0',
      'one 0.110 0.300 0.9',
      'two 0.310 0.500 0.8',
      '</s> 0.510 0.600 1.0',
      'three',
      '<s> 1.200 1.300 1.0',
      'three 1.310 1.700 0.7',
      '</s> 1.710 2.345 1.0',
    ].join('\r\n');
    const result = parsePocketSphinxOutput(out);
    expect(result.words.map((w) => w.word)).toEqual(['one', 'two', 'three']);
    expect(result.words.map((w) => [w.startMs, w.endMs])).toEqual([[110, 300], [310, 500], [1310, 1700]]);
    expect(result.endMs).toBe(2345);
  });

  it('skips hypothesis lines, including four-word ones, and lines with non-numeric fields', () => {
    const out = ['and so it goes', 'so 0.1 x 0.5', 'it 0.1 0.2', 'goes 1.000 1.500 0.5 extra', 'goes 1.000 1.500 0.5'].join('\n');
    expect(parsePocketSphinxOutput(out)).toEqual({
      words: [{ word: 'goes', startMs: 1000, endMs: 1500, confidence: 0.5 }],
      endMs: 1500,
    });
  });

  it('returns no words and endMs 0 for empty output; endMs is the last word without </s>', () => {
    expect(parsePocketSphinxOutput('')).toEqual({ words: [], endMs: 0 });
    expect(parsePocketSphinxOutput('<s> 0.000 0.300 1.0\n</s> 0.300 0.480 1.0').endMs).toBe(480);
    expect(parsePocketSphinxOutput('yes 0.200 0.750 0.5').endMs).toBe(750);
  });

  it('recognizes fillers', () => {
    for (const token of ['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++UH++', '(NULL)']) expect(isFiller(token)).toBe(true);
    for (const token of ['to(2)', 'i', "don't", 'a']) expect(isFiller(token)).toBe(false);
  });
});
