/**
 * lhotse word alignments of phrase clips: every word of the phrase, in order, in seconds from the
 * clip's start, and no word of a neighbouring clip and no punctuation marker (fixture.ts in phrase mode: gaps
 * under maxGapMs 700 join words into one clip; the texts are the transcript's own spelling).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportDataset } from '../../src/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { makeRun } from './fixture.js';
import { readLhotse } from './readers.js';

let runDir: string;

beforeAll(async () => {
  ({ runDir } = await makeRun(await tempDir('lhotse-phrases'), 'phrase'));
}, 120_000);

afterAll(removeTempDirs);

it('aligns each word of a phrase clip, and only its own words', async () => {
  const { supervisions } = readLhotse((await exportDataset({ runDir, format: 'lhotse' })).to);
  const alignments = Object.fromEntries(supervisions.map((s) => [s.text, s.alignment?.word]));
  expect(alignments).toEqual({
    'Hello world.': [{ symbol: 'Hello', start: 0, duration: 0.4 }, { symbol: 'world', start: 0.7, duration: 0.4 }],
    'Alpha beta': [{ symbol: 'Alpha', start: 0, duration: 0.3 }, { symbol: 'beta', start: 0.32, duration: 0.28 }],
    'gamma.': [{ symbol: 'gamma', start: 0, duration: 0.4 }],
    'One two.': [{ symbol: 'One', start: 0, duration: 0.4 }, { symbol: 'two', start: 1, duration: 0.4 }],
    'Yes no.': [{ symbol: 'Yes', start: 0, duration: 0.3 }, { symbol: 'no', start: 0.8, duration: 0.3 }],
  });
});
