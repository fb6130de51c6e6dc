import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutClips, msToSample } from '../../src/audio/cut.js';
import { readWavInfo } from '../../src/wav-header.js';
import { DictclipError } from '../../src/errors.js';
import { noise, pcmWav, soxSamples, useTempDir, writePcmWav } from './helpers.js';

const temp = useTempDir('cut');
const SOURCE_SAMPLES = 48000; // 3 s at 16 kHz
let source = '';
let pcm: Buffer; // the source's PCM bytes

beforeAll(() => {
  source = writePcmWav(join(temp(), 'source.wav'), noise(SOURCE_SAMPLES, 42));
  pcm = readFileSync(source).subarray(44);
});

const range = (from: number, to: number): Buffer => pcm.subarray(from * 2, to * 2);

async function failure(promise: Promise<unknown>): Promise<DictclipError> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DictclipError);
  return error as DictclipError;
}

describe('msToSample', () => {
  it('rounds ms × rate / 1000', () => {
    expect(msToSample(390)).toBe(6240);
    expect(msToSample(719.99997)).toBe(11520);
    expect(msToSample(0.03125)).toBe(1); // 0.5 sample rounds up
    expect(msToSample(0.03)).toBe(0);
    expect(msToSample(100, 8000)).toBe(800);
  });
});

describe('cutClips', () => {
  it('cuts [round(start×16), round(end×16)) with a 44-byte header and the source bytes', async () => {
    const out = join(temp(), 'basic', 'my.wav');
    expect(
      (await cutClips(source, [{ startMs: 390, endMs: 719.99997, outPath: out }])).map((r) => [r.samples, r.sampleRate, r.channels]),
    ).toEqual([[5280, 16000, 1]]);
    const bytes = readFileSync(out);
    expect(bytes.length).toBe(44 + 10560);
    expect(bytes.subarray(44).equals(range(6240, 11520))).toBe(true);
    expect(await readWavInfo(out)).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 10560,
      samples: 5280,
      durationMs: 330,
      exact: true,
    });
    expect(soxSamples(out)).toBe(5280);
    expect(bytes.subarray(0, 44).equals(pcmWav(new Int16Array(5280)).subarray(0, 44))).toBe(true);
  });

  it('returns results in input order for unordered, overlapping clips and clamps to the data', async () => {
    const dir = join(temp(), 'order');
    const clips = [
      { startMs: 2000, endMs: 2500, outPath: join(dir, 'a.wav') },
      { startMs: 100, endMs: 2100, outPath: join(dir, 'b.wav') },
      { startMs: -50, endMs: 10, outPath: join(dir, 'nested', 'c.wav') },
      { startMs: 2900, endMs: 9000, outPath: join(dir, 'd.wav') },
      { startMs: 500, endMs: 400, outPath: join(dir, 'e.wav') },
      { startMs: 5000, endMs: 6000, outPath: join(dir, 'f.wav') },
    ];
    expect((await cutClips(source, clips)).map((r) => r.samples)).toEqual([8000, 32000, 160, 1600, 0, 0]);
    const expected = [range(32000, 40000), range(1600, 33600), range(0, 160), range(46400, 48000), range(0, 0), range(0, 0)];
    clips.forEach((clip, i) => {
      const bytes = readFileSync(clip.outPath);
      expect([i, bytes.readUInt32LE(40), bytes.subarray(44).equals(expected[i]!)]).toEqual([i, expected[i]!.length, true]);
    });
    expect(readdirSync(dir).sort()).toEqual(['a.wav', 'b.wav', 'd.wav', 'e.wav', 'f.wav', 'nested']);
  });

  it('applies a linear fade-in and fade-out (first and last samples 0)', async () => {
    const out = join(temp(), 'fade.wav');
    await cutClips(source, [{ startMs: 1000, endMs: 1100, outPath: out }], { fadeMs: 10 });
    const got = readFileSync(out).subarray(44);
    const src = range(16000, 17600);
    const n = 160;
    const len = 1600;
    for (let k = 0; k < len; k++) {
      const v = src.readInt16LE(k * 2);
      const gain = k < n ? k / n : k >= len - n ? (len - 1 - k) / n : 1;
      if (got.readInt16LE(k * 2) !== Math.round(v * gain)) expect([k, got.readInt16LE(k * 2)]).toEqual([k, Math.round(v * gain)]);
    }
    expect([got.readInt16LE(0), got.readInt16LE((len - 1) * 2)]).toEqual([0, 0]);
    expect(got.subarray(n * 2, (len - n) * 2).equals(src.subarray(n * 2, (len - n) * 2))).toBe(true);
  });

  it('clamps the fade to half the clip', async () => {
    const out = join(temp(), 'short-fade.wav');
    await cutClips(source, [{ startMs: 500, endMs: 500.25, outPath: out }], { fadeMs: 50 }); // 4 samples, n = 2
    const got = readFileSync(out).subarray(44);
    const v = [0, 1, 2, 3].map((k) => range(8000, 8004).readInt16LE(k * 2));
    expect([0, 1, 2, 3].map((k) => got.readInt16LE(k * 2))).toEqual([0, Math.round(v[1]! / 2), Math.round(v[2]! / 2), 0]);
  });

  it('leaves no temp file and replaces an existing clip', async () => {
    const dir = join(temp(), 'replace');
    mkdirSync(dir);
    writeFileSync(join(dir, 'x.wav'), 'old');
    await cutClips(source, [{ startMs: 0, endMs: 1, outPath: join(dir, 'x.wav') }]);
    expect(readdirSync(dir)).toEqual(['x.wav']);
    expect(readFileSync(join(dir, 'x.wav')).length).toBe(44 + 32);
  });

  it('writes straight to the clip paths with atomic: false (no temp names), the same bytes', async () => {
    const dir = join(temp(), 'direct');
    const clips = [{ startMs: 100, endMs: 300, outPath: join(dir, 'a.wav') }, { startMs: 250, endMs: 900, outPath: join(dir, 'sub', 'b.wav') }];
    expect((await cutClips(source, clips, { atomic: false })).map((r) => r.samples)).toEqual([3200, 10400]);
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(['a.wav', 'sub', 'sub/b.wav']);
    expect(readFileSync(clips[1]!.outPath).subarray(44).equals(range(4000, 14400))).toBe(true);
  });

  it('slides its window over a long source and streams clips larger than the window', async () => {
    const samples = 16000 * 300; // 5 minutes, 9.6 MB: more than the 4 MB window
    const long = writePcmWav(join(temp(), 'long.wav'), noise(samples, 7));
    const longPcm = readFileSync(long).subarray(44);
    const dir = join(temp(), 'long');
    const clips = [
      ...Array.from({ length: 60 }, (_, i) => ({ startMs: i * 5000 + 123.4, endMs: i * 5000 + 1789.6, outPath: join(dir, `w${i}.wav`) })),
      { startMs: 131_000, endMs: 131_500, outPath: join(dir, 'edge.wav') }, // crosses the first window's end (131.195 s)
      { startMs: 10_000, endMs: 290_000, outPath: join(dir, 'big.wav') }, // 8.96 MB, larger than the window: streamed
    ];
    const results = await cutClips(long, clips, { fadeMs: 0 });
    clips.forEach((clip, i) => {
      const from = msToSample(clip.startMs);
      const to = msToSample(clip.endMs);
      const bytes = readFileSync(clip.outPath);
      expect([i, results[i]!.samples, bytes.length, bytes.subarray(44).equals(longPcm.subarray(from * 2, to * 2))]).toEqual([
        i,
        to - from,
        44 + (to - from) * 2,
        true,
      ]);
    });
    const faded = join(dir, 'big-faded.wav');
    await cutClips(long, [{ startMs: 10_000, endMs: 290_000, outPath: faded }], { fadeMs: 20 });
    const got = readFileSync(faded).subarray(44);
    const first = 160000;
    const total = 4480000;
    expect([got.readInt16LE(0), got.readInt16LE(2), got.readInt16LE((total - 2) * 2), got.readInt16LE((total - 1) * 2)]).toEqual([
      0, Math.round(longPcm.readInt16LE((first + 1) * 2) / 320), Math.round(longPcm.readInt16LE((first + total - 2) * 2) / 320), 0,
    ]);
    expect(got.subarray(640, (total - 320) * 2).equals(longPcm.subarray((first + 320) * 2, (first + total - 320) * 2))).toBe(true);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('hands its tap every byte of the source data once, in order, through gaps wider than the window and around streamed clips', async () => {
    const samples = 16000 * 300; // 9.6 MB: more than two 4 MB windows
    const long = writePcmWav(join(temp(), 'tapped.wav'), noise(samples, 11));
    const longPcm = readFileSync(long).subarray(44);
    const dir = join(temp(), 'tapped');
    const cases = [
      [
        { startMs: 1000, endMs: 1500 },
        { startMs: 250_000, endMs: 250_400 },
      ], // a gap of 7.8 MB between two clips
      // a streamed clip, one inside it, the last 10 ms
      [
        { startMs: 0, endMs: 140_000 },
        { startMs: 139_000, endMs: 139_900 },
        { startMs: 299_990, endMs: 300_000 },
      ],
      [], // no clips: the tap still sees everything
    ];
    for (const [k, clips] of cases.entries()) {
      const pieces: Buffer[] = [];
      const requests = clips.map((clip, i) => ({ ...clip, outPath: join(dir, `${k}-${i}.wav`) }));
      const results = await cutClips(long, requests, { tap: (piece) => pieces.push(Buffer.from(piece)) });
      expect([k, Buffer.concat(pieces).equals(longPcm), pieces.every((piece) => piece.length % 2 === 0)]).toEqual([k, true, true]);
      requests.forEach((clip, i) => {
        const from = msToSample(clip.startMs);
        const to = msToSample(clip.endMs);
        expect([
          k,
          i,
          results[i]!.samples,
          readFileSync(clip.outPath)
            .subarray(44)
            .equals(longPcm.subarray(from * 2, to * 2)),
        ]).toEqual([k, i, to - from, true]);
      });
    }
  });

  it('cuts a 44.1 kHz stereo source at round(ms × 44.1) frames, sample for sample, in its own format', async () => {
    const frames = 44100 * 2;
    const stereo = join(temp(), 'stereo.wav');
    writeFileSync(stereo, pcmWav(noise(frames * 2, 3), 44100, 2));
    const stereoPcm = readFileSync(stereo).subarray(44);
    const dir = join(temp(), 'stereo');
    const clips = [
      { startMs: 390, endMs: 719.99997, outPath: join(dir, 'a.wav') },
      { startMs: 1001, endMs: 1999, outPath: join(dir, 'b.wav') },
    ];
    const results = await cutClips(stereo, clips);
    expect(results.map((r) => [r.samples, r.sampleRate, r.channels])).toEqual([[14553, 44100, 2], [44012, 44100, 2]]);
    // 390 ms → frame 17199 (17199.0), 720 ms → 31752; 1001 ms → 44144 (44144.1), 1999 ms → 88156 (88155.9).
    for (const [i, [from, to]] of [[17199, 31752], [44144, 88156]].entries()) {
      const bytes = readFileSync(clips[i]!.outPath);
      expect(bytes.subarray(44).equals(stereoPcm.subarray(from! * 4, to! * 4))).toBe(true);
      expect(await readWavInfo(clips[i]!.outPath)).toMatchObject({ sampleRate: 44100, channels: 2, samples: to! - from!, exact: true });
      expect(soxSamples(clips[i]!.outPath)).toBe(to! - from!);
    }
  });

  it('fades every channel of a frame alike', async () => {
    const stereo = join(temp(), 'stereo-fade.wav');
    writeFileSync(stereo, pcmWav(Int16Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? 1000 : -2000)), 1000, 2));
    const out = join(temp(), 'stereo-faded.wav');
    await cutClips(stereo, [{ startMs: 0, endMs: 10, outPath: out }], { fadeMs: 4 }); // 10 frames, n = 4
    const got = readFileSync(out).subarray(44);
    const frames = Array.from({ length: 10 }, (_, k) => [got.readInt16LE(k * 4), got.readInt16LE(k * 4 + 2)]);
    expect(frames).toEqual([
      [0, 0],
      [250, -500],
      [500, -1000],
      [750, -1500],
      [1000, -2000],
      [1000, -2000],
      [750, -1500],
      [500, -1000],
      [250, -500],
      [0, 0],
    ]);
  });

  it('measures the first and last 10 ms against the clip\'s own level', async () => {
    // 16 kHz: 100 ms of silence, 300 ms at amplitude 8000, 100 ms at 800 (−20 dB).
    const values = [...new Array<number>(1600).fill(0), ...new Array<number>(4800).fill(8000), ...new Array<number>(1600).fill(800)];
    const wav = join(temp(), 'levels.wav');
    writeFileSync(wav, pcmWav(Int16Array.from(values), 16000, 1));
    const dir = join(temp(), 'levels');
    const clips = [
      { startMs: 90, endMs: 400, outPath: join(dir, 'quiet-start.wav') }, // starts in silence, ends loud
      { startMs: 100, endMs: 500, outPath: join(dir, 'quieter-end.wav') },
      { startMs: 0, endMs: 50, outPath: join(dir, 'silent.wav') },
    ];
    const levels = (await cutClips(wav, clips)).map((r) => [r.edgeStartDb, r.edgeEndDb]);
    // quiet-start: clip mean square = 300/310 × 8000²; the end edge is 8000 → 10·log10(310/300) = 0.1 dB.
    // quieter-end: mean square = (300 × 8000² + 100 × 800²)/400; start 8000 → +1.2 dB; end 800 → −18.8 dB.
    expect(levels).toEqual([[-99, 0.1], [1.2, -18.8], [-99, -99]]);
  });

  it('rejects a source that is not 16-bit PCM with E_AUDIO_INVALID', async () => {
    const wide = join(temp(), 'wide.wav');
    const bytes = pcmWav(noise(300), 16000, 1);
    bytes.writeUInt16LE(24, 34);
    bytes.writeUInt16LE(3, 32);
    writeFileSync(wide, bytes);
    const error = await failure(cutClips(wide, [{ startMs: 0, endMs: 1, outPath: join(temp(), 's.wav') }]));
    expect([error.code, error.message]).toEqual(['E_AUDIO_INVALID', `expected 16-bit PCM, got 24 bit: ${wide}`]);
  });

  it('rejects non-finite times with E_INVALID_ARGUMENT before writing anything', async () => {
    const dir = join(temp(), 'nan');
    const error = await failure(
      cutClips(source, [
        { startMs: 0, endMs: 10, outPath: join(dir, 'ok.wav') },
        { startMs: Number.NaN, endMs: 10, outPath: join(dir, 'bad.wav') },
      ]),
    );
    expect([error.code, error.message]).toEqual(['E_INVALID_ARGUMENT', 'clip 1 has a non-finite time (NaN–10 ms)']);
    expect(() => readdirSync(dir)).toThrow();
  });

  it('reports an unwritable target with E_OUTPUT and its path', async () => {
    const blocker = join(temp(), 'blocker');
    writeFileSync(blocker, 'a file, not a folder');
    const error = await failure(cutClips(source, [{ startMs: 0, endMs: 10, outPath: join(blocker, 'sub', 'x.wav') }]));
    expect([error.code, error.context.path]).toEqual(['E_OUTPUT', join(blocker, 'sub')]);
  });
});
