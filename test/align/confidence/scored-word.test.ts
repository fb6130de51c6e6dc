import { describe, expect, it } from 'vitest';
import { phoneCount } from '../../../src/align/confidence/scored-word.js';

describe('phoneCount', () => {
  it('estimates phones from letters (digits as three) unless the aligner counted them', () => {
    expect([phoneCount({ text: 'station' }), phoneCount({ text: '42' }), phoneCount({ text: 'a' })]).toEqual([6, 6, 1]);
    expect(phoneCount({ text: 'station', evidence: { frames: 40, alignedScore: -1, loopScore: null, phones: 7 } })).toBe(7);
  });
});
