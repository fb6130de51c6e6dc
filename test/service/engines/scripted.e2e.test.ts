import { rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDictclipError } from '../../../src/errors.js';
import { createScriptedEngine, loadScriptFile, validateScriptFile } from '../../../src/service/index.js';
import { segmentWords } from '../../../src/service/engines/segments.js';
import { pcmWav } from '../../helpers/audio.js';
import { makeWav, tempDir } from '../helpers.js';

/** A 16 kHz mono s16le WAV of `totalMs` with a 440 Hz tone during each [startMs, endMs) span. */
function toneAt(spans: [number, number][], totalMs: number): Buffer {
  const samples = new Int16Array(totalMs * 16);
  for (const [start, end] of spans) {
    for (let i = start * 16; i < end * 16; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000));
  }
  return pcmWav(samples);
}

describe('scripted engine', () => {
  let dir: string;
  let twoSeconds: string;
  let toneWav: string;

  beforeAll(async () => {
    dir = await tempDir('scripted');
    twoSeconds = await makeWav(dir, 'two.wav', 2000);
    toneWav = join(dir, 'tone.wav');
    await writeFile(toneWav, toneAt([[1000, 1500], [1600, 2000], [2300, 3000]], 4000));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const script = {
    scripts: [
      { match: { durationMs: 2000, toleranceMs: 5 }, words: [{ word: 'hello', startMs: 100, endMs: 400 }] },
      { match: { durationMs: 1000 }, fault: 'fail' as const, words: [] },
      { match: { durationMs: 1200 }, fault: 'never-done' as const, words: [] },
    ],
  };

  it('answers the first entry matching the duration within the tolerance', async () => {
    const engine = createScriptedEngine(script);
    expect(await engine.recognize(twoSeconds, { durationMs: 2004 })).toEqual({
      words: [{ word: 'hello', startMs: 100, endMs: 400, confidence: 0.9 }],
      endMs: 2004,
    });
  });

  it('names non-silent stretches from the word list when nothing matches', async () => {
    const engine = createScriptedEngine({ scripts: [] });
    const result = await engine.recognize(toneWav, { durationMs: 4000 });
    // the 100 ms pause joins the first two tones; the 300 ms pause separates the third
    expect(result).toEqual({
      words: [
        { word: 'alpha', startMs: 1000, endMs: 2000, confidence: 0.8 },
        { word: 'bravo', startMs: 2300, endMs: 3000, confidence: 0.8 },
      ],
      endMs: 4000,
    });
    const none = createScriptedEngine({ scripts: [], fallback: 'none' });
    expect(await none.recognize(toneWav, { durationMs: 4000 })).toEqual({ words: [], endMs: 4000 });
  });

  it('fails with E_ENGINE for fault "fail"', async () => {
    const error = await createScriptedEngine(script).recognize(twoSeconds, { durationMs: 1000 }).catch((e: unknown) => e);
    expect(isDictclipError(error, 'E_ENGINE')).toBe(true);
  });

  it('never ends a "never-done" entry or a delay until aborted (E_ABORTED)', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const ended: string[] = [];
      const hanging = createScriptedEngine(script).recognize(twoSeconds, { durationMs: 1200, signal: controller.signal });
      const delayed = createScriptedEngine({ scripts: [], delayMs: 600_000 }).recognize(twoSeconds, {
        durationMs: 2000,
        signal: controller.signal,
      });
      hanging.finally(() => ended.push('hanging')).catch(() => undefined);
      delayed.finally(() => ended.push('delayed')).catch(() => undefined);
      // Every timer up to a moment before the delay's end has run (a fake clock): neither has ended …
      await vi.advanceTimersByTimeAsync(599_999);
      expect(ended).toEqual([]);
      // … and they end only by the abort.
      controller.abort();
      for (const pending of [hanging, delayed]) {
        const error = await pending.catch((e: unknown) => e);
        expect(isDictclipError(error, 'E_ABORTED')).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('validates script files naming the bad field', async () => {
    const path = join(dir, 'script.json');
    await writeFile(
      path,
      JSON.stringify({
        scripts: [
          {
            words: [
              { word: 'a', startMs: 0, endMs: 10 },
              { word: 'b', startMs: 20, endMs: 5 },
            ],
          },
        ],
      }),
    );
    const error = await loadScriptFile(path).catch((e: unknown) => e);
    expect(isDictclipError(error, 'E_CONFIG')).toBe(true);
    expect((error as Error).message).toContain('scripts[0].words[1].endMs');
    expect(() => validateScriptFile({ scripts: [], fallback: 'words' })).toThrow(/fallback/);
    expect(() => validateScriptFile({ scripts: [{ words: [], fault: 'boom' }] })).toThrow(/scripts\[0\]\.fault/);
    expect(() => validateScriptFile({ scripts: [{ match: { durationMs: -1 }, words: [] }] })).toThrow(/scripts\[0\]\.match\.durationMs/);
    expect(() => validateScriptFile([])).toThrow(/JSON object/);
    await writeFile(path, '{ not json');
    expect(isDictclipError(await loadScriptFile(path).catch((e: unknown) => e), 'E_CONFIG')).toBe(true);
    const good = {
      scripts: [{ match: { durationMs: 5 }, words: [{ word: 'x', startMs: 0, endMs: 1, confidence: 1 }] }],
      fallback: 'none',
      delayMs: 0,
    };
    await writeFile(path, JSON.stringify(good));
    expect(await loadScriptFile(path)).toEqual(good);
  });
});

describe('segments fallback on long audio', () => {
  it('handles more frames than a spread argument list can hold (70 min of silence: no words)', async () => {
    const dir = await tempDir('segments-long');
    const path = join(dir, 'long.wav');
    const bytes = 70 * 60 * 32_000;
    const header = pcmWav(new Int16Array(0));
    header.writeUInt32LE(36 + bytes, 4);
    header.writeUInt32LE(bytes, 40);
    await writeFile(path, header);
    await truncate(path, 44 + bytes); // sparse zeros: silence, cheap to make
    try {
      expect(await segmentWords(path)).toEqual({ words: [], durationMs: 70 * 60 * 1000 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
