/**
 * --upload-format end to end against the embedded service (scripted engine): the service decodes
 * what it receives (its store is inspected and every upload decoded again here with ffmpeg), the
 * Content-Type and audio-format match, chunks stay under the cap, markers stay on the work timeline,
 * and a broken encode or a missing encoder fails only that recording, with its own code.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOptions } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

const run = promisify(execFile);
let root: string;

const CONTENT_TYPES = { pcm: 'audio/x-wav', ogg: 'audio/ogg', webm: 'audio/webm', mp4: 'audio/mp4' } as const;
const AUDIO_FORMATS = { pcm: 'pcm-16khz', ogg: 'ogg', webm: 'webm', mp4: 'mp4' } as const;
type Format = keyof typeof CONTENT_TYPES;

/** A 440 Hz tone inside `spans` (seconds), silence elsewhere, as 44.1 kHz stereo WAV. */
async function makeRecording(file: string, durationS: number, spans: [number, number][]): Promise<void> {
  const on = spans.map(([a, b]) => `between(t,${a},${b})`).join('+');
  await mkdir(path.dirname(file), { recursive: true });
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=exprs='0.5*sin(2*PI*440*t)*(${on})':s=44100:d=${durationS}`,
    '-ac', '2', '-c:a', 'pcm_s16le', file]);
}

function options(input: string, outDir: string, overrides: Partial<RunOptions>): RunOptions {
  return runOptions(input, outDir, { concurrency: 4, maxRetries: 1, requestTimeoutMs: 30_000, pollInitialMs: 50, ...overrides });
}

/** Manifest rows without the dictation id column, header dropped. */
async function manifestRows(outDir: string): Promise<string[][]> {
  const text = await readFile(path.join(outDir, 'manifest.csv'), 'utf8');
  return text.trimEnd().split('\n').slice(1).map((line) => line.split(',')).map((r) => [...r.slice(0, 8), ...r.slice(9)]);
}

/** What the embedded service received: each upload's Content-Type, size and decoded sample count, and the audio-formats. */
async function received(
  outDir: string,
): Promise<{ uploads: { contentType: string; bytes: number; samples: number }[]; formats: string[] }> {
  const service = path.join(outDir, '.dictclip', 'service');
  const files = (await readdir(path.join(service, 'audio'), { recursive: true })).filter((f) => f.endsWith('.json')).sort();
  const uploads = await Promise.all(
    files.map(async (f) => {
      const meta = JSON.parse(await readFile(path.join(service, 'audio', f), 'utf8')) as { contentType: string; bytes: number };
      const audio = path.join(service, 'audio', f.replace(/\.json$/, '.audio'));
      const pcm = await run('ffmpeg', ['-v', 'error', '-i', audio, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
        encoding: 'buffer',
        maxBuffer: 1 << 28,
      });
      return { contentType: meta.contentType, bytes: meta.bytes, samples: pcm.stdout.length / 2 };
    }),
  );
  const records = (await readdir(path.join(service, 'dictations'), { recursive: true })).filter((f) => f.endsWith('.json'));
  const formats = await Promise.all(
    records.map(
      async (f) => (JSON.parse(await readFile(path.join(service, 'dictations', f), 'utf8')) as { audioFormat: string }).audioFormat,
    ),
  );
  return { uploads, formats };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-upload-format-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('--upload-format with the scripted engine', () => {
  const formats: Format[] = ['pcm', 'ogg', 'webm', 'mp4'];
  let input: string;
  let scriptFile: string;

  beforeAll(async () => {
    input = path.join(root, 'short');
    await makeRecording(path.join(input, 'a.wav'), 6, [[0.5, 1], [2, 2.6], [4, 4.5]]);
    scriptFile = path.join(root, 'short-script.json');
    await writeFile(
      scriptFile,
      JSON.stringify({
        fallback: 'none',
        // The tolerance takes the padded last AAC frame of MP4 (up to 128 ms decoded past the end).
        scripts: [
          {
            match: { durationMs: 6000, toleranceMs: 150 },
            words: [
              { word: 'red', startMs: 500, endMs: 1000 },
              { word: 'green', startMs: 2000, endMs: 2600 },
              { word: 'blue', startMs: 4000, endMs: 4500 },
            ],
          },
        ],
      }),
    );
  });

  it.each(formats)('%s: sends its Content-Type and audio-format, and the markers are those of the PCM run', async (format) => {
    const out = path.join(root, `out-${format}`);
    const result = await runPipeline(options(input, out, { scriptFile, uploadFormat: format }));
    expect(result.failures).toEqual([]);
    const rows = await manifestRows(out);
    expect(rows.map((r) => [r[1], r[3], r[4]])).toEqual([['Red', '500', '1000'], ['green', '2000', '2600'], ['blue', '4000', '4500']]);
    if (format !== 'pcm') expect(rows).toEqual(await manifestRows(path.join(root, 'out-pcm')));
    const { uploads, formats: sent } = await received(out);
    expect(uploads.map((u) => u.contentType)).toEqual([CONTENT_TYPES[format]]);
    expect(sent).toEqual([AUDIO_FORMATS[format]]);
    const samples = uploads[0]!.samples;
    expect(samples >= 96_000 && samples <= 96_000 + (format === 'mp4' ? 2048 : 0)).toBe(true);
    if (format !== 'pcm') expect(uploads[0]!.bytes).toBeLessThan(96_044 / 5);
  });
});

describe('--upload-format on a recording longer than the cap', () => {
  it('ogg needs fewer uploads than pcm, each under the cap, with the clips at the same times', async () => {
    const input = path.join(root, 'long');
    const spans: [number, number][] = Array.from({ length: 12 }, (_, i) => [i * 2 + 0.4, i * 2 + 1.2]);
    await makeRecording(path.join(input, 'long.wav'), 24, spans);
    const maxUploadBytes = 65_536; // 2 s of PCM; about 10 s of Vorbis by its byte-rate bound
    const counts: Record<string, number> = {};
    const times: Record<string, number[][]> = {};
    for (const format of ['pcm', 'ogg'] as const) {
      const out = path.join(root, `long-${format}`);
      const result = await runPipeline(options(input, out, { uploadFormat: format, maxUploadBytes }));
      expect(result.failures).toEqual([]);
      const { uploads, formats } = await received(out);
      expect(uploads.every((u) => u.bytes <= maxUploadBytes && u.contentType === CONTENT_TYPES[format])).toBe(true);
      expect(formats.every((f) => f === AUDIO_FORMATS[format])).toBe(true);
      const saved = JSON.parse(await readFile(path.join(out, 'markers', 'long.wav.json'), 'utf8')) as {
        chunks: { startMs: number; endMs: number }[];
      };
      counts[format] = saved.chunks.length; // the service keeps one copy of identical chunks (content-addressed)
      expect(saved.chunks[0]!.startMs).toBe(0);
      expect(saved.chunks.at(-1)!.endMs).toBe(24_000);
      for (let i = 1; i < saved.chunks.length; i++) expect(saved.chunks[i]!.startMs).toBe(saved.chunks[i - 1]!.endMs);
      // Every upload decodes to one of the chunks, sample for sample.
      const lengths = new Set(saved.chunks.map((c) => (c.endMs - c.startMs) * 16));
      expect(uploads.every((u) => lengths.has(u.samples))).toBe(true);
      times[format] = (await manifestRows(out)).map((r) => [Number(r[3]), Number(r[4])]);
    }
    expect(counts['ogg']).toBeLessThanOrEqual(4);
    expect(counts['ogg']).toBeLessThan(counts['pcm']! / 3);
    expect(counts['pcm']).toBeGreaterThanOrEqual(12);
    // The segments fallback names each tone in its own chunk: the times agree within a 20 ms frame (lossy audio).
    expect(times['ogg']).toHaveLength(12);
    for (const [i, [start, end]] of times['pcm']!.entries()) {
      expect(Math.abs(start! - times['ogg']![i]![0]!)).toBeLessThanOrEqual(20);
      expect(Math.abs(end! - times['ogg']![i]![1]!)).toBeLessThanOrEqual(20);
    }
  });
});

describe('an encode that fails', () => {
  let input: string;

  beforeAll(async () => {
    input = path.join(root, 'faulty');
    await makeRecording(path.join(input, 'good.wav'), 3, [[0.5, 1]]);
    await makeRecording(path.join(input, 'broken.wav'), 3, [[0.5, 1]]);
  });

  /** An ffmpeg wrapper: real ffmpeg, except what `script` intercepts. */
  async function fakeFfmpeg(name: string, script: string): Promise<string> {
    const file = path.join(root, name);
    const real = (await run('sh', ['-c', 'command -v ffmpeg'])).stdout.trim();
    await writeFile(file, `#!/bin/sh\n${script}\nexec ${real} "$@"\n`);
    await chmod(file, 0o755);
    return file;
  }

  it('a corrupted encode fails that recording with E_ENCODE; the others are done', async () => {
    // Encoding broken.wav's work audio writes garbage where the Ogg file should be.
    const ffmpegPath = await fakeFfmpeg(
      'ffmpeg-corrupt',
      'case "$*" in *broken*libvorbis*) for last; do :; done; head -c 5000 /dev/urandom > "$last"; exit 0;; esac',
    );
    const out = path.join(root, 'out-corrupt');
    const result = await runPipeline(options(input, out, { uploadFormat: 'ogg', ffmpegPath }));
    expect(result.failures.map((f) => [f.source, f.code])).toEqual([['broken.wav', 'E_ENCODE']]);
    expect(result.failures[0]!.message).toMatch(/ogg encode does not decode/);
    expect(result.summary).toMatchObject({ done: 1, failed: 1 });
  });

  it('an encoder missing from ffmpeg fails each recording with E_ENCODER_MISSING naming the encoder, not the run', async () => {
    const ffmpegPath = await fakeFfmpeg('ffmpeg-no-opus', 'case "$*" in *libopus*) echo "Unknown encoder \'libopus\'" >&2; exit 1;; esac');
    const out = path.join(root, 'out-missing');
    const result = await runPipeline(options(input, out, { uploadFormat: 'webm', ffmpegPath }));
    expect(result.failures.map((f) => [f.source, f.code]).sort()).toEqual([
      ['broken.wav', 'E_ENCODER_MISSING'],
      ['good.wav', 'E_ENCODER_MISSING'],
    ]);
    expect(result.failures[0]!.message).toContain('libopus');
    expect(result.failures[0]!.message).toContain('--upload-format');
  });
});
