import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDictclipError } from '../../../src/errors.js';
import { createPocketSphinxEngine } from '../../../src/service/engines/pocketsphinx.js';

const DATA = '/usr/share/pocketsphinx/test/data/librivox';
const ID = 'sense_and_sensibility_01_austen_64kb-0870';
const WAV = `${DATA}/${ID}.wav`;

/** The reference words of one recording, read from the pocketsphinx test data (never copied). */
function referenceWords(id: string): string[] {
  const line = readFileSync(`${DATA}/transcription`, 'utf8')
    .split('\n')
    .find((l) => l.includes(`(${id})`));
  if (line === undefined) throw new Error(`no reference for ${id}`);
  return line.replace(/<\/?s>|\(.*\)/g, '').trim().split(/\s+/);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

// Requires the Debian packages pocketsphinx and pocketsphinx-en-us (fails loudly without them).
describe('createPocketSphinxEngine on real speech', () => {
  const engine = createPocketSphinxEngine();

  it('passes check()', async () => {
    await expect(engine.check()).resolves.toBeUndefined();
  });

  it('recognizes most reference words with ordered times inside the audio', async () => {
    const result = await engine.recognize(WAV, { durationMs: 7100 });
    const recognized = new Set(result.words.map((w) => w.word));
    const reference = referenceWords(ID);
    const found = reference.filter((w) => recognized.has(w)).length;
    expect(found / reference.length).toBeGreaterThanOrEqual(0.6);
    let previousStart = 0;
    for (const w of result.words) {
      expect(w.startMs).toBeGreaterThanOrEqual(previousStart);
      expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
      expect(w.endMs).toBeLessThanOrEqual(7100);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      expect(w.word).toMatch(/^[a-z']+$/);
      previousStart = w.startMs;
    }
    expect(result.endMs).toBeGreaterThanOrEqual(result.words.at(-1)?.endMs ?? Infinity);
    expect(result.endMs).toBeLessThanOrEqual(7100);
  });

  it('rejects with E_ENGINE, exit code and stderr tail for a missing audio file', async () => {
    const error = await rejection(engine.recognize('/nonexistent/dictclip.wav', { durationMs: 1000 }));
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    if (!isDictclipError(error)) return;
    expect(error.context.exitCode).toBe(1);
    expect(error.context.stderrTail).toContain('/nonexistent/dictclip.wav');
    expect(error.context.command).toContain('-infile /nonexistent/dictclip.wav');
  });

  it('kills the child and rejects with E_ABORTED when aborted', async () => {
    const controller = new AbortController();
    const pending = engine.recognize(WAV, { durationMs: 7100, signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(isDictclipError(error, 'E_ABORTED')).toBe(true);
    expect(isDictclipError(await rejection(engine.recognize(WAV, { durationMs: 7100, signal: controller.signal })), 'E_ABORTED')).toBe(true);
  });
});

describe('createPocketSphinxEngine check()', () => {
  it('names the Debian packages when the binary is missing', async () => {
    const error = await rejection(createPocketSphinxEngine({ binary: 'dictclip-no-such-pocketsphinx' }).check());
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    expect((error as Error).message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
    expect((error as Error).message).toContain('dictclip-no-such-pocketsphinx');
  });

  it('names the missing model files and the packages when the model folder is wrong', async () => {
    const error = await rejection(createPocketSphinxEngine({ binary: process.execPath, modelDir: '/nonexistent/model' }).check());
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('/nonexistent/model/en-us.lm.bin');
    expect(message).toContain('/nonexistent/model/cmudict-en-us.dict');
    expect(message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
  });

  it('rejects recognize() with E_ENGINE naming the packages when the binary cannot be spawned', async () => {
    const engine = createPocketSphinxEngine({ binary: '/nonexistent/pocketsphinx_continuous' });
    const error = await rejection(engine.recognize('/tmp/x.wav', { durationMs: 1 }));
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    expect((error as Error).message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
  });
});
