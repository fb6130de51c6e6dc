import { describe, expect, it } from 'vitest';
import type { AcousticAligner } from '../../../src/pipeline/stages/align-reference.js';
import { checkRecognized } from '../../../src/pipeline/stages/confidence.js';

const recognized = (text: string, textStart: number, startMs: number, endMs: number) =>
  ({ text, textStart, startMs, endMs, source: 'recognized' as const });

describe('checkRecognized', () => {
  it('anchors every recognized word on its own stretch; each gets the aligner\'s evidence and how far it moved, or is rejected', async () => {
    const evidence = { frames: 30, alignedScore: -600, loopScore: -450, phones: 3 };
    let asked: Parameters<AcousticAligner>[0] | undefined;
    const aligner: AcousticAligner = (options) => {
      asked = options;
      return Promise.resolve({
        words: [{ startMs: 110, endMs: 380, evidence }, null, { startMs: 0, endMs: 10 }],
        fit: { scorePerFrame: null, placedShare: 2 / 3, wellFitShare: 2 / 3 },
      });
    };
    const words = [recognized('cat', 0, 100, 400), recognized('sat', 4, 500, 800), recognized('—', 8, 800, 800)];
    const checked = await checkRecognized(aligner, 'talk.wav', words);
    expect(asked).toEqual({
      wavPath: 'talk.wav',
      words: [['cat'], ['sat'], []],
      anchors: [{ word: 0, startMs: 100, endMs: 400 }, { word: 1, startMs: 500, endMs: 800 }, { word: 2, startMs: 800, endMs: 800 }],
    });
    expect(checked).toEqual([
      { ...words[0], evidence, check: { movedMs: 30 } },
      { ...words[1], check: null },
      words[2], // no spoken token: left as it was
    ]);
  });
});
