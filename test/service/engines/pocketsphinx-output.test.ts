import { describe, expect, it } from 'vitest';
import { isFiller, parseBacktraceRow } from '../../../src/service/engines/pocketsphinx-output.js';

describe('parseBacktraceRow', () => {
  it('reads a word row: variant dropped, frames to ms (end frame inclusive), pprob as confidence', () => {
    expect(parseBacktraceRow('was(2)               20    42    0.991 -435200    -136       3  ')).toEqual({
      endMs: 430, word: { word: 'was', startMs: 200, endMs: 430, confidence: 0.991 },
    });
  });

  it('gives only the end of fillers and sentence marks', () => {
    expect(parseBacktraceRow('</s>                 261   284   1.000 -516096    -108       2  ')).toEqual({ endMs: 2850 });
    expect(parseBacktraceRow('<sil>                87    99    0.560 -585728    -524288    3')).toEqual({ endMs: 1000 });
    expect(parseBacktraceRow('[NOISE] 5 9 0.5 -1 -1 1')).toEqual({ endMs: 100 });
  });

  it('clamps the confidence and ignores every other log line', () => {
    expect(parseBacktraceRow('man 220 260 1.5 -516096 -217 2')?.word?.confidence).toBe(1);
    for (const line of [
      'word                 start end   pprob ascr       lscr       lback',
      "INFO: batch.c(729): Decoding 'u0'",
      'INFO: pocketsphinx.c(1168): he was not an illness those young man (-11423)',
      'INFO: batch.c(760): u0: 2.85 seconds speech, 1.84 seconds CPU, 4.31 seconds wall',
      'he 9 19 0.991',
      '',
    ]) expect(parseBacktraceRow(line)).toBeUndefined();
  });

  it('recognizes fillers', () => {
    for (const token of ['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++UH++', '(NULL)']) expect(isFiller(token)).toBe(true);
    for (const token of ['to(2)', 'i', "don't", 'a']) expect(isFiller(token)).toBe(false);
  });
});
