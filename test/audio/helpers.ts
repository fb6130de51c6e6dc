/** Test helpers for the audio tests: temp folders, tools, a reference WAV writer. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A temp folder removed after the test file. */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return () => (dir ??= mkdtempSync(join(tmpdir(), `dictclip-${prefix}-`)));
}

/** Run a tool synchronously (ffmpeg, sox, espeak-ng) and return stdout. */
export function run(command: string, args: string[]): Buffer {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
}

/** A reference 44-byte-header PCM WAV writer, independent of the code under test; lavfi audio. */
import { generate, pcmWav } from '../helpers/audio.js';

export { generate, pcmWav };

/** Deterministic pseudo-random int16 samples (a small LCG), so expected bytes are exact. */
export function noise(count: number, seed = 1, amplitude = 12000): Int16Array {
  const out = new Int16Array(count);
  let x = seed >>> 0;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = Math.round(((x / 2 ** 32) * 2 - 1) * amplitude);
  }
  return out;
}

/** Write `samples` as a 16 kHz mono WAV at `path`. */
export function writePcmWav(path: string, samples: Int16Array, sampleRate = 16000): string {
  writeFileSync(path, pcmWav(samples, sampleRate));
  return path;
}

/** Number of samples per channel according to sox (an independent reader). */
export function soxSamples(path: string): number {
  return Number(run('soxi', ['-s', path]).toString().trim());
}
