import { describe, expect, it } from 'vitest';
import { chunksFromSplits, stitchChunks } from '../../../../src/pipeline/stages/dictation/stitch.js';
import type { DictationOutcome } from '../../../../src/pipeline/stages/dictation/methods/index.js';

function outcome(
  dictationId: string,
  transcript: string,
  markers: DictationOutcome['markers'],
  extra: Partial<DictationOutcome> = {},
): DictationOutcome {
  return { dictationId, transcript, markers, collapsed: false, warnings: [], polls: 1, ...extra };
}

/** An outcome whose markers are its transcript's words and punctuation marks in order, at these [startMs, endMs]. */
function heard(id: string, transcript: string, times: [number, number][], extra: Partial<DictationOutcome> = {}): DictationOutcome {
  const tokens = [...transcript.matchAll(/\w+|[^\s\w]/g)];
  if (tokens.length !== times.length) throw new Error(`${tokens.length} tokens in "${transcript}", ${times.length} times`);
  const markers = tokens.map((t, i) => {
    const [startMs, endMs] = times[i]!;
    return { text: t[0], textStart: t.index, textLength: t[0].length, startMs, endMs };
  });
  return outcome(id, transcript, markers, extra);
}

describe('chunksFromSplits', () => {
  it('rounds splits down to whole milliseconds and covers every sample once', () => {
    expect(chunksFromSplits([16_007, 40_000], 50_001)).toEqual([
      { startSample: 0, endSample: 16_000, offsetMs: 0 },
      { startSample: 16_000, endSample: 40_000, offsetMs: 1000 },
      { startSample: 40_000, endSample: 50_001, offsetMs: 2500 },
    ]);
  });

  it('drops empty chunks and handles no split', () => {
    expect(chunksFromSplits([], 100)).toEqual([{ startSample: 0, endSample: 100, offsetMs: 0 }]);
    expect(chunksFromSplits([5, 15, 20], 40)).toEqual([
      { startSample: 0, endSample: 16, offsetMs: 0 },
      { startSample: 16, endSample: 40, offsetMs: 1 },
    ]);
  });
});

describe('stitchChunks', () => {
  it('shifts times by the chunk offset and text by the joined length', () => {
    const stitched = stitchChunks([
      { offsetMs: 0, durationMs: 12_000, outcome: heard('d0', 'Hello world.', [[100, 400], [450, 800], [800, 900]], { warnings: ['w0'] }) },
      { offsetMs: 12_000, durationMs: 8_500, outcome: outcome('d1', '', []) },
      { offsetMs: 20_500, durationMs: 1_000, outcome: heard('d2', 'Again.', [[30, 500], [500, 600]], { warnings: ['w2'] }) },
    ]);
    expect(stitched.result).toEqual({
      transcript: 'Hello world. Again.',
      markers: [
        { text: 'Hello', textStart: 0, textLength: 5, startMs: 100, endMs: 400 },
        { text: 'world', textStart: 6, textLength: 5, startMs: 450, endMs: 800 },
        { text: '.', textStart: 11, textLength: 1, startMs: 800, endMs: 900 },
        { text: 'Again', textStart: 13, textLength: 5, startMs: 20_530, endMs: 21_000 },
        { text: '.', textStart: 18, textLength: 1, startMs: 21_000, endMs: 21_100 },
      ],
      collapsed: false,
      warnings: ['chunk 1: w0', 'chunk 3: w2'],
    });
    expect(stitched.dictationIds).toEqual(['d0', 'd1', 'd2']);
    expect(stitched.markerDictationIds).toEqual(['d0', 'd0', 'd0', 'd2', 'd2']);
    expect(stitched.chunks).toEqual([
      { startMs: 0, endMs: 12_000 },
      { startMs: 12_000, endMs: 20_500 },
      { startMs: 20_500, endMs: 21_500 },
    ]);
    for (const m of stitched.result.markers) {
      expect(stitched.result.transcript.slice(m.textStart, m.textStart + m.textLength)).toBe(m.text);
    }
  });

  it('skips a leading empty transcript without a leading space', () => {
    const stitched = stitchChunks([
      { offsetMs: 0, durationMs: 1000, outcome: outcome('a', '', []) },
      {
        offsetMs: 1000,
        durationMs: 500,
        outcome: outcome('b', 'Hi.', [{ text: 'Hi', textStart: 0, textLength: 2, startMs: 0, endMs: 10 }]),
      },
    ]);
    expect(stitched.result.transcript).toBe('Hi.');
    expect(stitched.result.markers).toEqual([{ text: 'Hi', textStart: 0, textLength: 2, startMs: 1000, endMs: 1010 }]);
  });

  it('keeps a single dictation unchanged and marks collapse from any chunk', () => {
    const single = outcome('only', 'Yes no', [{ text: 'Yes no', textStart: 0, textLength: 6, startMs: 5, endMs: 900 }], {
      collapsed: true,
      warnings: ['collapsed'],
    });
    const stitched = stitchChunks([{ offsetMs: 0, durationMs: 1000, outcome: single }]);
    expect(stitched.result).toEqual({ transcript: 'Yes no', markers: single.markers, collapsed: true, warnings: ['collapsed'] });
  });

  it('does not turn a seam into a sentence break: an unheard period is dropped and the next word lower-cased', () => {
    // What the embedded engine answers for the two halves of "…leisure to consider our much there…".
    const stitched = stitchChunks([
      { offsetMs: 0, durationMs: 2000, outcome: heard('a', 'Then consider our.', [[100, 400], [450, 900], [950, 1200], [1200, 1200]]) },
      { offsetMs: 2000, durationMs: 2000, outcome: heard('b', 'Much there. I said.', [[100, 400], [450, 800], [800, 800], [900, 1000], [1000, 1300], [1300, 1300]]) },
      { offsetMs: 4000, durationMs: 1000, outcome: heard('c', 'I went.', [[100, 200], [200, 500], [500, 500]]) },
    ]);
    expect(stitched.result.transcript).toBe('Then consider our much there. I said I went.');
    expect(stitched.result.markers.map((m) => m.text)).toEqual([
      'Then',
      'consider',
      'our',
      'much',
      'there',
      '.',
      'I',
      'said',
      'I',
      'went',
      '.',
    ]);
    expect(stitched.result.markers[3]).toEqual({ text: 'much', textStart: 18, textLength: 4, startMs: 2100, endMs: 2400 });
    for (const m of stitched.result.markers) {
      expect(stitched.result.transcript.slice(m.textStart, m.textStart + m.textLength)).toBe(m.text);
    }
  });

  it('keeps punctuation the service heard at a seam (it owns audio)', () => {
    const stitched = stitchChunks([
      { offsetMs: 0, durationMs: 2000, outcome: heard('a', 'Stop.', [[100, 400], [450, 900]]) },
      { offsetMs: 2000, durationMs: 1000, outcome: heard('b', 'Go.', [[100, 400], [400, 400]]) },
    ]);
    expect(stitched.result.transcript).toBe('Stop. Go.');
  });
});
