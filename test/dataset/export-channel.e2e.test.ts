/**
 * `--channels 1 --channel …` on export: which channel of a stereo clip (cut with `--clip-source
 * original`) becomes the mono clip. The recording is 16 kHz stereo with a constant left channel
 * (0.5 → 16384) and a constant right one (−0.25 → −8192), so every choice has exact sample values:
 * mix averages them (4096), left and right keep one. A channel the clip lacks refuses the export.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { exportDataset } from '../../src/index.js';
import { fakeIo } from '../cli/fake-io.js';
import { generate, removeTempDirs, tempDir } from '../helpers/index.js';
import { readHf, readKaldi, runPipeEntry, wavFacts } from './readers.js';

let root: string;

/** The left channel at 0.5 and the right at −0.25 of full scale, 2 s at 16 kHz. */
const LEFT = 16_384;
const RIGHT = -8_192;
const WORDS = [['hello', 300, 700], ['there', 1000, 1450]] as const;

beforeAll(async () => {
  root = await tempDir('export-channel');
  await generate('aevalsrc=exprs=0.5|-0.25:s=16000:d=2', path.join(root, 'in', 'call.wav'), ['-c:a', 'pcm_s16le']);
  await writeFile(path.join(root, 'script.json'), JSON.stringify({
    fallback: 'none', scripts: [{ match: { durationMs: 2000, toleranceMs: 5 }, words: WORDS.map(([word, startMs, endMs]) => ({ word, startMs, endMs })) }],
  }));
  const io = fakeIo({ cwd: root });
  expect(await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', 'script.json', '--clip-source', 'original', '--quiet', '--no-report'], io.io)).toBe(0);
  expect(io.stderr()).toBe('');
}, 120_000);

afterAll(removeTempDirs);

/** The 16-bit samples of a PCM WAV's data chunk. */
function samples(bytes: Buffer): Int16Array {
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    if (bytes.toString('latin1', offset, offset + 4) === 'data') {
      const data = bytes.subarray(offset + 8, offset + 8 + size);
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Each distinct sample value of `values` with its count. */
function histogram(values: Int16Array): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

/** text → [rate, channels, frames, {value: count}] of every hf clip of the export at `to`. */
async function clips(to: string): Promise<Record<string, [number, number, number, Record<number, number>]>> {
  const out: Record<string, [number, number, number, Record<number, number>]> = {};
  for (const clip of Object.values(readHf(to)).flat()) {
    const bytes = await readFile(clip.file!);
    const facts = wavFacts(bytes);
    out[clip.text.toLowerCase()] = [facts.rate, facts.channels, facts.samples, histogram(samples(bytes))];
  }
  return out;
}

async function exportHf(to: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  const io = fakeIo({ cwd: root });
  const code = await main(['export', 'out', '--format', 'hf', '--to', to, ...args], io.io);
  return { code, stderr: io.stderr() };
}

describe('export --channels 1 --channel', () => {
  it('the clips cut from the source are stereo, left and right as recorded', async () => {
    expect(await exportHf('as-cut')).toEqual({ code: 0, stderr: '' });
    // 400 ms and 450 ms at 16 kHz, two channels interleaved.
    expect(await clips(path.join(root, 'as-cut'))).toEqual({
      hello: [16_000, 2, 6_400, { [LEFT]: 6_400, [RIGHT]: 6_400 }],
      there: [16_000, 2, 7_200, { [LEFT]: 7_200, [RIGHT]: 7_200 }],
    });
  }, 60_000);

  it('mix (the default) averages the channels; left and right keep one, sample for sample; 1 and 2 are left and right', async () => {
    const expected = (value: number) => ({ hello: [16_000, 1, 6_400, { [value]: 6_400 }], there: [16_000, 1, 7_200, { [value]: 7_200 }] });
    for (const [to, args, value] of [
      ['default', [], (LEFT + RIGHT) / 2],
      ['mix', ['--channel', 'mix'], (LEFT + RIGHT) / 2],
      ['left', ['--channel', 'left'], LEFT],
      ['right', ['--channel', 'RIGHT'], RIGHT],
      ['one', ['--channel', '1'], LEFT],
      ['two', ['--channel=2'], RIGHT],
    ] as const) {
      expect(await exportHf(to, '--channels', '1', ...args), to).toEqual({ code: 0, stderr: '' });
      expect(await clips(path.join(root, to)), to).toEqual(expected(value));
    }
    // The default is byte for byte the mix it always was.
    const [a, b] = await Promise.all(['default', 'mix'].map((to) => readFile(path.join(root, to, 'train', 'metadata.csv'))));
    expect(a!.equals(b!)).toBe(true);
  }, 120_000);

  it('with --sample-rate: the kept channel is resampled to the exact frames of each span', async () => {
    expect(await exportHf('right8k', '--channels', '1', '--channel', 'right', '--sample-rate', '8000')).toEqual({ code: 0, stderr: '' });
    const found = await clips(path.join(root, 'right8k'));
    expect(Object.entries(found).map(([text, [rate, channels, frames]]) => [text, rate, channels, frames])).toEqual([['hello', 8_000, 1, 3_200], ['there', 8_000, 1, 3_600]]);
    // A constant stays that constant through the resampler (but at the clip's two ends): the right channel's value, never the left's or the
    // mix's.
    for (const [, , frames, values] of Object.values(found)) {
      expect(values[RIGHT]).toBeGreaterThan(frames - 40);
      expect(Object.keys(values).map(Number).every((v) => v <= 0)).toBe(true);
    }
  }, 60_000);

  it('refuses a channel the clips do not have (E_CHANNEL, exit 2) and --channel without --channels 1 (E_CONFIG, exit 2), writing nothing', async () => {
    const third = await exportHf('third', '--channels', '1', '--channel', '3');
    expect(third.code).toBe(2);
    expect(third.stderr).toContain(`E_CHANNEL: ${path.join(root, 'out', 'clips')}`);
    expect(third.stderr).toContain('has 2 channels: there is no channel 3 to keep. Fix: choose a channel it has (--channel mix, left, right)');
    const alone = await exportHf('alone', '--channel', 'left');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(
      "--channel left picks the channel kept when clips are mixed down to one, and this export keeps each clip's own channels. Fix: add --channels 1.",
    );
    const bad = await exportHf('bad', '--channels', '1', '--channel', 'centre');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--channel: "centre" is not mix, left, right or a channel number from 1 to 64');
    expect((await readdir(root)).filter((name) => /third|alone|bad/.test(name))).toEqual([]);
  }, 60_000);

  it('kaldi: wav.scp pipes keep the chosen channel of the source; a source without it refuses the export', async () => {
    const runDir = path.join(root, 'out');
    const decoded = async (channel: string | undefined): Promise<[string, Record<number, number>]> => {
      const kaldi = readKaldi(
        (await exportDataset({ runDir, format: 'kaldi', to: path.join(root, `kaldi-${channel ?? 'default'}`), channel })).to,
      );
      const [entry = ''] = kaldi.wavScp.values();
      const bytes = runPipeEntry(entry);
      expect(wavFacts(bytes)).toEqual({ rate: 16_000, channels: 1, samples: 32_000 });
      return [entry, histogram(samples(bytes))];
    };
    const [mixEntry, mix] = await decoded(undefined);
    expect(mixEntry).not.toContain('channelmap');
    expect(mix).toEqual({ [(LEFT + RIGHT) / 2]: 32_000 });
    const [rightEntry, right] = await decoded('right');
    expect(rightEntry).toContain(" -af channelmap=map=1:channel_layout=mono -f wav -ar 16000 -ac 1 - |");
    expect(right).toEqual({ [RIGHT]: 32_000 });
    await expect(exportDataset({ runDir, format: 'kaldi', to: path.join(root, 'kaldi-5'), channel: '5' })).rejects.toMatchObject({
      code: 'E_CHANNEL',
      message: expect.stringContaining(`${path.join(root, 'in', 'call.wav')} has 2 channels: there is no channel 5`),
    });
    expect((await readdir(root)).filter((name) => name.includes('kaldi-5'))).toEqual([]);
  }, 60_000);
});
