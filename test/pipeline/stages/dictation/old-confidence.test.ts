import { describe, expect, it } from 'vitest';
import { dictationConfidence } from '../../../../src/pipeline/stages/dictation/methods/old.js';

describe('dictationConfidence (the text statistics\' Confidence)', () => {
  it('reads a decimal from 0 to 1 and nothing else', () => {
    expect(['0.455', ' 1 ', '0', '.5', '1.000'].map(dictationConfidence)).toEqual([0.455, 1, 0, 0.5, 1]);
    expect([undefined, '', '1.2', '-0.1', 'NaN', '0x1', '5e-1', '0.4 0.5', 'high'].map(dictationConfidence)).toEqual(Array(9).fill(undefined));
  });
});
