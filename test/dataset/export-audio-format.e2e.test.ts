/**
 * Exports of original-quality clips in several audio formats (`--clip-source original` over a
 * 44.1 kHz stereo, a 16 kHz mono and a 48 kHz mono recording): the warning that names the mix,
 * and `--sample-rate` / `--channels`, which convert every clip with ffmpeg to the exact frames of
 * its whole-ms span at the new rate, stated by every format's metadata.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { exportDataset } from '../../src/index.js';
import { fakeIo } from '../cli/fake-io.js';
import { makeBursts, removeTempDirs, tempDir } from '../helpers/index.js';
import { readHf, readKaldi, readLhotse, readLjspeech, readNemo, readWebDataset, runPipeEntry, wavFacts } from './readers.js';
import type { ReadSplits } from './readers.js';

let root: string;

/** recording, its shape, and its words [text, start ms, end ms] (distinct lengths: the script matches by duration). */
const INPUTS = [
  { source: 'a/stereo.wav', seconds: 2, rate: 44_100, channels: 2, words: [['left', 300, 700], ['right', 1000, 1450]] },
  { source: 'b/mono.wav', seconds: 1.6, rate: 16_000, channels: 1, words: [['low', 200, 500], ['high', 800, 1300]] },
  { source: 'c/hi.wav', seconds: 1.2, rate: 48_000, channels: 1, words: [['wide', 100, 350]] },
] as const;

beforeAll(async () => {
  root = await tempDir('export-audio-format');
  for (const r of INPUTS) {
    await makeBursts(path.join(root, 'in', r.source), r.words.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: r.seconds, rate: r.rate, channels: r.channels });
  }
  await writeFile(
    path.join(root, 'script.json'),
    JSON.stringify({
      fallback: 'none',
      scripts: INPUTS.map((r) => ({
        match: { durationMs: r.seconds * 1000, toleranceMs: 5 },
        words: r.words.map(([word, startMs, endMs]) => ({ word, startMs, endMs })),
      })),
    }),
  );
  const io = fakeIo({ cwd: root });
  const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', 'script.json', '--clip-source', 'original', '--quiet', '--no-report'], io.io);
  expect(io.stderr()).toBe('');
  expect(code).toBe(0);
}, 120_000);

afterAll(removeTempDirs);

/** text → [rate, channels, frames] of every clip file read back. */
function audioByText(splits: ReadSplits): Record<string, [number, number, number]> {
  return Object.fromEntries(Object.values(splits).flat().map((c) => [c.text.replace(/[.]$/, '').toLowerCase(), [c.wav!.rate, c.wav!.channels, c.wav!.samples]]));
}

const MIX_WARNING = 'warning: the exported clips mix sample rates and channel counts: 16000 Hz mono (2 clips), 44100 Hz stereo (2 clips), 48000 Hz mono (1 clip). ' +
  'Fix: --sample-rate 16000 --channels 1 converts every clip to one format (with ffmpeg).\n';

describe('clips of several audio formats', () => {
  it('export warns, naming each format and its clip count, and writes the clips as they are', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['export', 'out', '--format', 'hf', '--to', 'as-is'], io.io)).toBe(0);
    expect(io.stderr()).toBe(MIX_WARNING);
    // round(ms × rate / 1000) frames of each span: 44.1 kHz 400 ms → 17640, 450 ms → 19845; 48 kHz 250 ms → 12000.
    expect(audioByText(readHf(path.join(root, 'as-is')))).toEqual({
      left: [44_100, 2, 17_640], right: [44_100, 2, 19_845], low: [16_000, 1, 4_800], high: [16_000, 1, 8_000], wide: [48_000, 1, 12_000],
    });
  }, 60_000);

  it('--sample-rate 16000 --channels 1: every format holds 16 kHz mono clips of exactly span × 16 frames, and says so', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['export', 'out', '--format', 'all', '--to', 'mono16', '--sample-rate', '16000', '--channels', '1'], io.io)).toBe(0);
    expect(io.stderr()).toBe('');
    const dir = (format: string): string => path.join(root, 'mono16', format);
    const expected = {
      left: [16_000, 1, 6_400],
      right: [16_000, 1, 7_200],
      low: [16_000, 1, 4_800],
      high: [16_000, 1, 8_000],
      wide: [16_000, 1, 4_000],
    };
    const hf = readHf(dir('hf'));
    const ids = new Map(Object.values(hf).flat().map((c) => [c.id, c.source]));
    // The readers check that hf and webdataset's stated sample_rate/channels and lhotse's rate,
    // channels and num_samples are the file's; NeMo's duration is the file's frames ÷ rate.
    for (const [name, splits] of [
      ['hf', hf], ['nemo', readNemo(dir('nemo'))], ['ljspeech', readLjspeech(dir('ljspeech'), ids)],
      ['lhotse', readLhotse(dir('lhotse')).splits], ['webdataset', await readWebDataset(dir('webdataset'), 1000)],
    ] as const) {
      expect(audioByText(splits), name).toEqual(expected);
    }
    const metadata = parse(await readFile(path.join(dir('hf'), 'train', 'metadata.csv')), { columns: true }) as Record<string, string>[];
    expect(metadata.map((m) => [m['text'], m['duration_ms'], m['sample_rate'], m['channels']])).toEqual([
      ['Left', '400', '16000', '1'], ['right', '450', '16000', '1'], ['Low', '300', '16000', '1'], ['high', '500', '16000', '1'], ['Wide', '250', '16000', '1'],
    ]);
    expect(Object.values(readNemo(dir('nemo'))).flat().map((c) => c.seconds)).toEqual([0.4, 0.45, 0.3, 0.5, 0.25]);
    // The converted copies (in the export's scratch folder) are gone.
    expect((await readdir(dir('hf'))).sort()).toEqual(['splits.csv', 'train']);
    expect(await readdir(path.join(root, 'mono16'))).toEqual(['hf', 'nemo', 'ljspeech', 'kaldi', 'lhotse', 'webdataset'].sort());
  }, 120_000);

  it('--sample-rate 22050 --channels 2 upsamples and widens, to the frames of each span at 22.05 kHz; kaldi pipes decode to it', async () => {
    const lhotse = await exportDataset({ runDir: path.join(root, 'out'), format: 'lhotse', to: path.join(root, 'st22'), sampleRate: 22_050, channels: 2 });
    expect(lhotse.warnings).toEqual([]);
    // round(end × 22.05) − round(start × 22.05): 1450 ms → 31973 − 22050 = 9923 (not 450 × 22.05 = 9922.5).
    expect(audioByText(readLhotse(lhotse.to).splits)).toEqual({
      left: [22_050, 2, 8_820], right: [22_050, 2, 9_923], low: [22_050, 2, 6_615], high: [22_050, 2, 11_025], wide: [22_050, 2, 5_513],
    });
    const kaldi = readKaldi((await exportDataset({ runDir: path.join(root, 'out'), format: 'kaldi', to: path.join(root, 'kaldi22'), sampleRate: 22_050, channels: 2 })).to);
    const decoded = [...kaldi.wavScp.values()].map((entry) => [/-i '[^']*\/in\/([^']+)'/.exec(entry)?.[1], wavFacts(runPipeEntry(entry))]);
    expect(Object.fromEntries(decoded)).toEqual({
      'a/stereo.wav': { rate: 22_050, channels: 2, samples: 44_100 },
      'b/mono.wav': { rate: 22_050, channels: 2, samples: 35_280 },
      'c/hi.wav': { rate: 22_050, channels: 2, samples: 26_460 },
    });
  }, 120_000);

  it('run --export shares --sample-rate and --channels', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', 'script.json', '--clip-source', 'original', '--quiet', '--no-report',
      '--export', 'nemo', '--sample-rate', '8000', '--channels', '1'], io.io)).toBe(0);
    expect(io.stderr()).toBe('');
    expect(audioByText(readNemo(path.join(root, 'out', 'exports', 'nemo')))).toEqual({
      left: [8_000, 1, 3_200], right: [8_000, 1, 3_600], low: [8_000, 1, 2_400], high: [8_000, 1, 4_000], wide: [8_000, 1, 2_000],
    });
  }, 120_000);

  it('converts with the ffmpeg of --ffmpeg-path (else DICTCLIP_FFMPEG_PATH, FFMPEG_PATH): a missing one fails the export, which leaves nothing', async () => {
    const io = fakeIo({ cwd: root });
    expect(
      await main(['export', 'out', '--format', 'hf', '--to', 'no-ffmpeg', '--sample-rate', '16000', '--ffmpeg-path', 'bin/ffmpeg'], io.io),
    ).toBe(1);
    expect(io.stderr()).toContain(
      `E_FFMPEG_NOT_FOUND: ffmpeg not found at ${path.join(root, 'bin', 'ffmpeg')} (from the ffmpegPath option)`,
    );
    const env = fakeIo({ cwd: root, env: { FFMPEG_PATH: '/nowhere/ffmpeg' } });
    expect(await main(['export', 'out', '--format', 'hf', '--to', 'no-ffmpeg', '--channels', '1'], env.io)).toBe(1);
    expect(env.stderr()).toContain('ffmpeg not found at /nowhere/ffmpeg');
    expect((await readdir(root)).filter((name) => name.includes('no-ffmpeg'))).toEqual([]);
  });

  it('refuses a rate or channel count out of range before writing (exit 2)', async () => {
    for (const [args, message] of [
      [['--sample-rate', '500'], '--sample-rate: 500 is not a whole number of Hz from 1000 to 384000'],
      [['--channels', '0'], '--channels: 0 is not a whole number from 1 to 8'],
      [['--sample-rate', '16k'], '--sample-rate: "16k" is not a whole number'],
    ] as const) {
      const io = fakeIo({ cwd: root });
      expect(await main(['export', 'out', '--format', 'hf', '--to', 'never', ...args], io.io)).toBe(2);
      expect(io.stderr()).toContain(message);
    }
  });
});
