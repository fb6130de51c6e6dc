import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computePeaks, PeaksMeter } from '../../src/audio/peaks.js';
import { pcmWav, useTempDir } from './helpers.js';

const dir = useTempDir('peaks');

describe('peaks', () => {
  it('keeps each 10 ms bucket\'s minimum and maximum, scaled to int8', async () => {
    // 2.5 buckets at 16 kHz: 160 + 160 + 80 samples.
    const samples = new Int16Array(400);
    samples[10] = 32767;
    samples[20] = -32768;
    samples[200] = 2560;
    samples[201] = -256;
    samples[399] = -12800;
    const file = join(dir(), 'a.wav');
    await writeFile(file, pcmWav(samples));
    const peaks = await computePeaks(file);
    expect(peaks.bucketsPerSecond).toBe(100);
    expect(peaks.durationMs).toBe(25);
    expect([...peaks.minMax]).toEqual([-127, 127, -1, 10, -50, 0]);
  });

  it('reads a file larger than one stream chunk the same as by hand', async () => {
    const samples = new Int16Array(16_000 * 3 + 7).map((_, i) => Math.round(Math.sin(i / 9) * (i % 5000)));
    const file = join(dir(), 'long.wav');
    await writeFile(file, pcmWav(samples));
    const peaks = await computePeaks(file);
    const buckets = Math.ceil(samples.length / 160);
    expect(peaks.minMax.length).toBe(buckets * 2);
    for (const b of [0, 205, 206, buckets - 1]) {
      const slice = samples.subarray(b * 160, (b + 1) * 160);
      expect(peaks.minMax[b * 2]).toBe(Math.max(-127, Math.round(Math.min(0, ...slice) / 256)));
      expect(peaks.minMax[b * 2 + 1]).toBe(Math.min(127, Math.round(Math.max(0, ...slice) / 256)));
    }
  });

  it('gives the same peaks fed in pieces of any size, split inside a sample or not, and says when it has seen every sample', async () => {
    const samples = new Int16Array(16_000 + 123).map((_, i) => Math.round(Math.cos(i / 7) * (i % 9000)));
    const file = join(dir(), 'pieces.wav');
    await writeFile(file, pcmWav(samples));
    const expected = await computePeaks(file);
    const bytes = Buffer.from(samples.buffer);
    for (const size of [1, 3, 160 * 2, 4097, bytes.length]) {
      const meter = new PeaksMeter({ sampleRate: 16000, samples: samples.length, durationMs: expected.durationMs });
      for (let at = 0; at < bytes.length; at += size) {
        expect(meter.complete).toBe(false);
        meter.feed(Buffer.from(bytes.subarray(at, at + size))); // a copy: its own, aligned or not, byte offset
      }
      expect([size, meter.complete, meter.peaks()]).toEqual([size, true, expected]);
    }
    expect(expected.minMax.length).toBe(Math.ceil(samples.length / 160) * 2);
  });

});
