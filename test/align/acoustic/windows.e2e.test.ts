/**
 * Long audio is aligned window by window: a stretch in the middle where the text's
 * words cannot be found (replaced by loud noise) keeps its words unplaced and every other word in
 * place, before and after it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alignAcoustic } from '../../../src/align/acoustic/index.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';
import { writeSpokenWords } from '../../helpers/spoken-words.mjs';

const TEXT = 'the old lighthouse keeper climbed the stairs every evening to light the lamp'.split(' ');
const WORDS = [...TEXT, ...'a boy ran along the muddy road past the church and the baker'.split(' '), ...TEXT];
const NOISE: readonly [number, number] = [13, 26]; // the second sentence's words, drowned
const TOLERANCE_MS = 120;

afterAll(removeTempDirs);

describe('alignAcoustic on long audio', () => {
  it('keeps the words before and after a stretch that fails in place, and leaves the lost words unplaced', async () => {
    const dir = await tempDir('acoustic-windows');
    const path = join(dir, 'long.wav');
    const speech = await writeSpokenWords(path, WORDS, { pausesMs: [60, 0, 200, 30] });
    // Loud seeded noise over the second sentence.
    const wav = await readFile(path);
    const from = 44 + 2 * Math.floor((speech.words[NOISE[0]]!.startMs * 16_000) / 1000);
    const to = 44 + 2 * Math.ceil((speech.words[NOISE[1] - 1]!.endMs * 16_000) / 1000);
    let seed = 7;
    for (let at = from; at < to; at += 2) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      wav.writeInt16LE(Math.round(((seed / 2 ** 31) * 2 - 1) * 6000), at);
    }
    await writeFile(path, wav);
    expect(speech.durationMs).toBeGreaterThan(3 * 5000); // at least three windows
    const result = await alignAcoustic({ wavPath: path, words: WORDS.map((w) => [w]), windowMs: 5000, tempDir: dir });
    const outside = WORDS.map((_, i) => i).filter((i) => i < NOISE[0] || i >= NOISE[1]);
    // The two words touching the noise may be lost with it (their spans run into it); every other one is placed.
    const touching = new Set([NOISE[0] - 1, NOISE[1]]);
    expect(outside.filter((i) => result.words[i] === null && !touching.has(i)).map((i) => WORDS[i])).toEqual([]);
    for (const i of outside.filter((k) => result.words[k] !== null)) {
      const span = result.words[i];
      expect(Math.abs(span!.startMs - speech.words[i]!.startMs), `${i} ${WORDS[i]} start`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(span!.endMs - speech.words[i]!.endMs), `${i} ${WORDS[i]} end`).toBeLessThanOrEqual(TOLERANCE_MS);
    }
    // A drowned word may be placed only inside the noise, never on a spoken word's audio.
    const noiseFrom = speech.words[NOISE[0]]!.startMs;
    const noiseTo = speech.words[NOISE[1] - 1]!.endMs;
    for (let i = NOISE[0]; i < NOISE[1]; i++) {
      const span = result.words[i];
      if (span !== null && span !== undefined) expect(span.startMs >= noiseFrom - TOLERANCE_MS && span.endMs <= noiseTo + TOLERANCE_MS, `${i} ${WORDS[i]}`).toBe(true);
    }
  }, 300_000);
});
