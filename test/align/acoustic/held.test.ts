import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHeld, withoutHeld } from '../../../src/align/acoustic/held.js';
import { recordingLevels, settleSpans } from '../../../src/align/acoustic/settle.js';
import type { AcousticSpan } from '../../../src/align/acoustic/types.js';
import { readWavInfo } from '../../../src/wav-header.js';
import { pcmWav } from '../../helpers/audio.js';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'held-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const span = (startMs: number, endMs: number): AcousticSpan => ({
  startMs, endMs, evidence: { frames: (endMs - startMs) / 10, alignedScore: -300, loopScore: -250, phones: 3 },
});

describe('withHeld and withoutHeld', () => {
  it('adds the rejected words no search found, and says which they are', () => {
    const found = new Map([[0, span(100, 400)], [2, span(600, 900)]]);
    const rejected = new Map([[1, span(400, 500)], [2, span(610, 700)]]);
    const { spans, held } = withHeld(found, rejected);
    // Word 2 was found (by a later search): its found span stays and it is not held.
    expect([...spans.entries()].sort((a, b) => a[0] - b[0])).toEqual([[0, span(100, 400)], [1, span(400, 500)], [2, span(600, 900)]]);
    expect([...held]).toEqual([1]);
    expect(withoutHeld(['a', 'b', 'c', null], held)).toEqual(['a', null, 'c', null]);
  });
});

describe('a rejected word held while the edges settle', () => {
  it('keeps the word before it off its audio, which that word took when the rejected word was dropped at once', async () => {
    // Three words of loud voiced sound (±1000, the sign changing every 4 samples) over a floor of ±10: the first from 100 to
    // 400 ms running on with no pause into a second (400–500 ms) that the evidence rules rejected, a pause, a third (600–900).
    const loud = (ms: number): boolean => (ms >= 100 && ms < 500) || (ms >= 600 && ms < 900);
    const samples = Int16Array.from({ length: 16_000 }, (_, i) => (loud(i / 16) ? 1000 : 10) * (Math.floor(i / 4) % 2 === 0 ? 1 : -1));
    const path = join(dir, 'words.wav');
    await writeFile(path, pcmWav(samples));
    const wav = { ...(await readWavInfo(path)), path };
    const levels = await recordingLevels(wav, 10);
    const found = new Map([[0, span(100, 400)], [2, span(600, 900)]]);
    const phones = [3, 3, 3];
    // Dropped at once, the first word's end runs on over 80 ms of the second's sound (extend-loud.ts MAX_EXTEND_END_MS).
    const dropped = await settleSpans(found, phones, wav, levels);
    expect(dropped.map((s) => (s === null ? null : [s.startMs, s.endMs]))).toEqual([[100, 480], null, [600, 900]]);
    // Held, it stops where the rejected word begins, which then leaves the alignment.
    const { spans, held } = withHeld(found, new Map([[1, span(400, 500)]]));
    const settled = withoutHeld(await settleSpans(spans, phones, wav, levels), held);
    expect(settled.map((s) => (s === null ? null : [s.startMs, s.endMs]))).toEqual([[100, 400], null, [600, 900]]);
  });
});
