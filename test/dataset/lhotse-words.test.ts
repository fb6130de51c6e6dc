/**
 * lhotse's word alignment holds the words a clip's text offsets point into: on a run cut from a
 * reference, the reference's words at their placed times, never the recognizer's words (whose
 * transcript the offsets do not index). The run output is written by test/helpers/run-output.ts.
 */
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exportDataset } from '../../src/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { writeRunOutput } from '../helpers/run-output.js';
import { readLhotse } from './readers.js';

afterAll(removeTempDirs);

it('gives every word clip of a reference run the alignment of the reference word it holds', async () => {
  const runDir = path.join(await tempDir('lhotse-words'), 'out');
  await writeRunOutput(runDir, {
    recordings: [{
      source: 'sonnet.wav', durationMs: 3000,
      // The recognizer heard two other words where the reference has "beauty's", and one more.
      heard: [{ text: 'he', startMs: 200, endMs: 400 }, { text: 'is', startMs: 420, endMs: 700 }, { text: 'rose', startMs: 900, endMs: 1300 }, { text: 'never', startMs: 1500, endMs: 1900 }],
      reference: {
        text: 'That thereby beauty\'s rose might never die,\n',
        words: [
          { text: 'That', startMs: null, endMs: null }, { text: 'thereby', startMs: null, endMs: null }, { text: 'beauty\'s', startMs: 200, endMs: 700 },
          { text: 'rose', startMs: 900, endMs: 1300 }, { text: 'might', startMs: null, endMs: null }, { text: 'never', startMs: 1500, endMs: 1900 },
          { text: 'die', startMs: 2000, endMs: 2400 },
        ],
      },
    }],
  });
  const { supervisions } = readLhotse((await exportDataset({ runDir, format: 'lhotse' })).to);
  expect(supervisions.map((s) => [s.text, s.alignment?.word])).toEqual([
    ['beauty\'s', [{ symbol: 'beauty\'s', start: 0, duration: 0.5 }]],
    ['rose', [{ symbol: 'rose', start: 0, duration: 0.4 }]],
    ['never', [{ symbol: 'never', start: 0, duration: 0.4 }]],
    ['die', [{ symbol: 'die', start: 0, duration: 0.4 }]],
  ]);
});
