import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isDictclipError } from '../../../src/errors.js';
import { alive, pcmWav } from '../../helpers/index.js';
import { createPocketSphinxEngine, longestFirst } from '../../../src/service/engines/pocketsphinx.js';

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
  const engine = createPocketSphinxEngine({ processes: 1 });

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

  it('rejects with E_ENGINE naming the file for a missing audio file', async () => {
    const error = await rejection(engine.recognize('/nonexistent/dictclip.wav', { durationMs: 1000 }));
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    expect((error as Error).message).toContain('/nonexistent/dictclip.wav');
  });

  it('loads the model once: the same process decodes one recording after another', async () => {
    await engine.recognize(WAV, { durationMs: 7100 });
    const before = engine.pool.processes.map((p) => p.pid);
    await engine.recognize(WAV, { durationMs: 7100 });
    expect(engine.pool.processes.map((p) => p.pid)).toEqual(before);
    expect(before.length).toBe(1);
  });

  it('kills the recognizer process (it no longer exists) and rejects with E_ABORTED when aborted', async () => {
    const controller = new AbortController();
    const pending = engine.recognize(WAV, { durationMs: 7100, signal: controller.signal });
    const proc = await until(() => engine.pool.processes.find((p) => p.pid !== undefined && p.load > 0));
    const pid = proc.pid!;
    expect(alive(pid)).toBe(true);
    controller.abort();
    const error = await rejection(pending);
    expect(isDictclipError(error, 'E_ABORTED')).toBe(true);
    await until(() => (alive(pid) ? undefined : true));
    expect(engine.pool.processes.map((p) => p.pid)).not.toContain(pid);
    expect(isDictclipError(await rejection(engine.recognize(WAV, { durationMs: 7100, signal: controller.signal })), 'E_ABORTED')).toBe(true);
    // The next recognition starts a fresh process.
    expect((await engine.recognize(WAV, { durationMs: 7100 })).words.length).toBeGreaterThan(5);
  });

  afterAll(() => engine.close?.());
});


async function until<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < timeoutMs; await new Promise((r) => setTimeout(r, 20))) {
    const value = probe();
    if (value !== undefined) return value;
  }
  throw new Error('condition not reached');
}

describe('createPocketSphinxEngine on a long recording', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dictclip-ps-long-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the same words in parallel chunks as in one pass when the chunk edges fall in silence', async () => {
    // One reading three times, 1.5 s of digital silence between: 20 s chunks cut in the silences.
    // `-D`: no dither. sox dithers its null input by default, with a new seed each run, and the
    // recognizer's words for a reading depend on the noise before it: one run in several then
    // heard the second reading otherwise in its own chunk than in one pass.
    const one = `${DATA}/sense_and_sensibility_01_austen_64kb-0880.wav`;
    const silence = join(dir, 'silence.wav');
    const long = join(dir, 'long recording.wav'); // a space in the path, too
    execFileSync('sox', ['-D', '-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '1.5']);
    execFileSync('sox', [one, silence, one, silence, one, long]);
    const whole = createPocketSphinxEngine({ processes: 1, chunkMs: 60_000 });
    const parallel = createPocketSphinxEngine({ processes: 2, chunkMs: 5_000 });
    try {
      const [a, b] = await Promise.all([whole.recognize(long, { durationMs: 11_970 }), parallel.recognize(long, { durationMs: 11_970 })]);
      expect(parallel.pool.processes.length).toBe(2);
      expect(b.words.map((w) => w.word)).toEqual(a.words.map((w) => w.word));
      expect(a.words.length).toBeGreaterThanOrEqual(12);
      for (const [i, w] of b.words.entries()) expect(Math.abs(w.startMs - a.words[i]!.startMs)).toBeLessThanOrEqual(30);
    } finally {
      await Promise.all([whole.close?.(), parallel.close?.()]);
    }
  });
});

describe('createPocketSphinxEngine warm()', () => {
  it('starts every process before the first recognition, which then decodes in them', async () => {
    const engine = createPocketSphinxEngine({ processes: 2 });
    try {
      engine.warm();
      const pids = await until(() => {
        const started = engine.pool.processes.map((p) => p.pid);
        return started.length === 2 && started.every((pid) => pid !== undefined) ? (started as number[]) : undefined;
      });
      for (const pid of pids) expect(alive(pid)).toBe(true);
      expect((await engine.recognize(WAV, { durationMs: 7100 })).words.length).toBeGreaterThan(5);
      expect(engine.pool.processes.map((p) => p.pid).sort()).toEqual([...pids].sort());
    } finally {
      await engine.close();
    }
  });
});

describe('createPocketSphinxEngine maxActiveHmms', () => {
  it('keeps at most 30,000 HMMs per frame by default (the recognizer\'s own), or the number asked for', async () => {
    const fast = createPocketSphinxEngine({ processes: 1, maxActiveHmms: 3000 });
    const wide = createPocketSphinxEngine({ processes: 1 });
    try {
      fast.warm();
      wide.warm();
      expect(fast.pool.processes[0]!.command).toContain(' -maxhmmpf 3000 ');
      expect(wide.pool.processes[0]!.command).toContain(' -maxhmmpf 30000 ');
    } finally {
      await Promise.all([fast.close(), wide.close()]);
    }
  });

  it('rejects a value that is not an integer ≥ 1 or -1 with E_CONFIG', () => {
    for (const maxActiveHmms of [0, -2, 1.5]) {
      let error: unknown;
      try {
        createPocketSphinxEngine({ maxActiveHmms });
      } catch (caught) {
        error = caught;
      }
      expect(isDictclipError(error, 'E_CONFIG')).toBe(true);
    }
  });
});

describe('longestFirst', () => {
  it('orders the stretches between bounds longest first, the earlier first on a tie', () => {
    // Stretches: 0–100 (100), 100–400 (300), 400–500 (100), 500–800 (300), 800–850 (50).
    expect(longestFirst([0, 100, 400, 500, 800, 850])).toEqual([1, 3, 0, 2, 4]);
    expect(longestFirst([0, 7])).toEqual([0]);
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
    const engine = createPocketSphinxEngine({ binary: '/nonexistent/pocketsphinx_batch' });
    const error = await rejection(engine.recognize(WAV, { durationMs: 7100 }));
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
    expect((error as Error).message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
  });
});

describe('createPocketSphinxEngine on a recording of many stretches', () => {
  it('decodes more than 10 stretches without piling abort listeners on one signal (no MaxListenersExceededWarning)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dictclip-ps-stretches-'));
    // 14 bursts of 600 ms tone, each followed by 600 ms of silence: with 1 s stretches, 14 or more of them.
    const samples = Int16Array.from({ length: 14 * 19_200 }, (_, i) => (i % 19_200 < 9_600 ? Math.round(12_000 * Math.sin(i / 5)) : 0));
    const wav = join(dir, 'bursts.wav');
    writeFileSync(wav, pcmWav(samples));
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    const engine = createPocketSphinxEngine({ processes: 1, chunkMs: 1_000 });
    const decode = vi.spyOn(engine.pool, 'decode');
    const controller = new AbortController();
    try {
      // Every stretch is queued at once; the first is being decoded when the rest wait: enough to
      // see the listeners, then the recognition is aborted (no need to decode them all).
      const pending = engine.recognize(wav, { durationMs: 16_800, signal: controller.signal });
      await until(() => (decode.mock.calls.length > 10 ? true : undefined));
      controller.abort();
      expect(isDictclipError(await rejection(pending), 'E_ABORTED')).toBe(true);
      await new Promise((done) => setImmediate(done)); // process warnings are emitted on the next tick
      expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await engine.close?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
