import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWavRange } from '../../src/audio/range.js';
import { readWavInfo } from '../../src/wav-header.js';
import { DictclipError } from '../../src/errors.js';
import { noise, soxSamples, useTempDir, writePcmWav } from './helpers.js';

const temp = useTempDir('range');
const SAMPLES = 16000 * 75; // 2.4 MB: several 1 MB blocks
let source = '';
let pcm: Buffer;

beforeAll(() => {
  source = writePcmWav(join(temp(), 'source.wav'), noise(SAMPLES, 3));
  pcm = readFileSync(source).subarray(44);
});

describe('writeWavRange', () => {
  it('writes the exact source bytes of a multi-block range behind a 44-byte header', async () => {
    const out = join(temp(), 'chunks', 'one', 'part1.wav');
    await writeWavRange(source, 12_345, 1_012_345, out);
    const bytes = readFileSync(out);
    expect(bytes.length).toBe(44 + 2_000_000);
    expect(bytes.subarray(44).equals(pcm.subarray(24_690, 2_024_690))).toBe(true);
    expect(await readWavInfo(out)).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 2_000_000,
      samples: 1_000_000,
      durationMs: 62_500,
      exact: true,
    });
    expect(soxSamples(out)).toBe(1_000_000);
    expect(readdirSync(join(temp(), 'chunks', 'one'))).toEqual(['part1.wav']);
  });

  it('clamps the range to the data', async () => {
    const out = join(temp(), 'tail.wav');
    await writeWavRange(source, SAMPLES - 10, SAMPLES + 500, out);
    expect(readFileSync(out).subarray(44).equals(pcm.subarray((SAMPLES - 10) * 2))).toBe(true);
    await writeWavRange(source, SAMPLES + 5, SAMPLES + 10, out);
    expect(readFileSync(out).length).toBe(44);
  });

  it('rejects a reversed or fractional range with E_INVALID_ARGUMENT', async () => {
    for (const [a, b] of [[10, 5], [0.5, 10]] as const) {
      const error: unknown = await writeWavRange(source, a, b, join(temp(), 'bad.wav')).catch((e: unknown) => e);
      expect([(error as DictclipError).code, (error as DictclipError).message]).toEqual([
        'E_INVALID_ARGUMENT',
        `invalid sample range ${a}–${b} for ${join(temp(), 'bad.wav')}`,
      ]);
    }
  });
});
