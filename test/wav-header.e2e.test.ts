import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWavInfo, readWavInfoSync } from '../src/wav-header.js';
import { DictclipError } from '../src/errors.js';
import { noise, pcmWav, run, useTempDir } from './audio/helpers.js';

const temp = useTempDir('wav');

function file(name: string, content: Buffer): string {
  const path = join(temp(), name);
  writeFileSync(path, content);
  return path;
}

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length & 1)]);
}

function fmtBody(tag: number, channels: number, rate: number, bits: number, extensibleSub?: number): Buffer {
  const body = Buffer.alloc(extensibleSub === undefined ? 16 : 40);
  body.writeUInt16LE(tag, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE((rate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  if (extensibleSub !== undefined) {
    body.writeUInt16LE(22, 16);
    body.writeUInt16LE(bits, 18);
    // KSDATAFORMAT_SUBTYPE_PCM = 00000001-0000-0010-8000-00AA00389B71 (first fields little-endian)
    Buffer.from('0100000000001000800000aa00389b71', 'hex').copy(body, 24);
    body.writeUInt32LE(extensibleSub, 24);
  }
  return body;
}

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

async function invalid(path: string): Promise<DictclipError> {
  const error: unknown = await readWavInfo(path).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DictclipError);
  expect((error as DictclipError).context.path).toBe(path);
  return error as DictclipError;
}

describe('readWavInfo', () => {
  it('reads a plain 16 kHz mono WAV written by sox', async () => {
    const path = join(temp(), 'sox.wav');
    run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', path, 'synth', '1.5', 'sine', '440']);
    expect(await readWavInfo(path)).toEqual({
      sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44, dataBytes: 48000, samples: 24000, durationMs: 1500, exact: true,
    });
  });

  it('skips a LIST chunk of odd size (with its pad byte) before the data', async () => {
    const data = Buffer.from(noise(100).buffer);
    const path = file(
      'list.wav',
      riff(chunk('fmt ', fmtBody(1, 1, 16000, 16)), chunk('LIST', Buffer.from('INFOx', 'latin1')), chunk('data', data)),
    );
    expect(await readWavInfo(path)).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 12 + 24 + 14 + 8,
      dataBytes: 200,
      samples: 100,
      durationMs: 6.25,
      exact: true,
    });
  });

  it('finds the data chunk beyond the first 4 KB (a large LIST chunk), the same read directly from an open descriptor', async () => {
    const data = Buffer.from(noise(100).buffer);
    const path = file(
      'big-list.wav',
      riff(chunk('fmt ', fmtBody(1, 1, 16000, 16)), chunk('LIST', Buffer.alloc(5001)), chunk('data', data)),
    );
    const expected = {
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 12 + 24 + 8 + 5002 + 8,
      dataBytes: 200,
      samples: 100,
      durationMs: 6.25,
      exact: true,
    };
    expect(await readWavInfo(path)).toEqual(expected);
    const fd = openSync(path, 'r');
    try {
      expect(readWavInfoSync(fd, path)).toEqual(expected);
    } finally {
      closeSync(fd);
    }
  });

  it('reads WAVE_FORMAT_EXTENSIBLE with a PCM subformat', async () => {
    const path = file('ext.wav', riff(chunk('fmt ', fmtBody(0xfffe, 2, 44100, 16, 1)), chunk('data', Buffer.alloc(4 * 441))));
    const info = await readWavInfo(path);
    expect(info).toEqual({
      sampleRate: 44100,
      channels: 2,
      bitsPerSample: 16,
      dataOffset: 68,
      dataBytes: 1764,
      samples: 441,
      durationMs: 10,
      exact: true,
    });
  });

  it('uses the rest of the file (whole frames) for streamed, zero and oversized data sizes', async () => {
    for (const [name, size] of [['streamed', 0xffffffff], ['zero', 0], ['oversized', 1_000_000]] as const) {
      const content = pcmWav(noise(1000)); // 2000 bytes of data
      content.writeUInt32LE(size, 40);
      const path = file(`${name}.wav`, Buffer.concat([content, Buffer.from([7])])); // an odd trailing byte
      const info = await readWavInfo(path);
      expect([info.dataOffset, info.dataBytes, info.samples, info.durationMs, info.exact]).toEqual([44, 2000, 1000, 62.5, false]);
    }
  });

  it('keeps a declared data size smaller than the file (chunks after data)', async () => {
    const path = file(
      'trailing.wav',
      riff(chunk('fmt ', fmtBody(1, 1, 8000, 16)), chunk('data', Buffer.alloc(16)), chunk('LIST', Buffer.alloc(30))),
    );
    const info = await readWavInfo(path);
    expect([info.sampleRate, info.dataBytes, info.samples, info.durationMs, info.exact]).toEqual([8000, 16, 8, 1, false]);
  });

  it('rejects truncated and malformed headers with E_AUDIO_INVALID', async () => {
    const good = pcmWav(noise(10));
    const cases: [string, Buffer, string][] = [
      ['short.wav', good.subarray(0, 10), `truncated WAV header (10 bytes)`],
      ['riff-only.wav', good.subarray(0, 12), 'truncated WAV header: no fmt chunk'],
      ['fmt-cut.wav', good.subarray(0, 30), 'truncated fmt chunk'],
      [
        'list-cut.wav',
        riff(chunk('fmt ', fmtBody(1, 1, 16000, 16)), chunk('LIST', Buffer.alloc(40))).subarray(0, 60),
        `truncated WAV: chunk 'LIST' runs past the end of the file`,
      ],
      [
        'ext-float.wav',
        riff(chunk('fmt ', fmtBody(0xfffe, 1, 16000, 32, 3)), chunk('data', Buffer.alloc(8))),
        'not PCM audio (format tag 0xfffe)',
      ],
      ['no-data.wav', good.subarray(0, 36), 'truncated WAV header: no data chunk'],
      ['text.wav', Buffer.from('this is not audio at all, just text\n'), 'not a RIFF/WAVE file'],
      ['float.wav', riff(chunk('fmt ', fmtBody(3, 1, 16000, 32)), chunk('data', Buffer.alloc(8))), 'not PCM audio (format tag 0x3)'],
      ['data-first.wav', riff(chunk('data', Buffer.alloc(8)), chunk('fmt ', fmtBody(1, 1, 16000, 16))), 'data chunk before fmt chunk'],
      ['short-fmt.wav', riff(chunk('fmt ', Buffer.alloc(12)), chunk('data', Buffer.alloc(8))), 'fmt chunk too short (12 bytes)'],
    ];
    for (const [name, content, message] of cases) {
      const path = file(name, content);
      const error = await invalid(path);
      expect([name, error.code, error.message]).toEqual([name, 'E_AUDIO_INVALID', `${message}: ${path}`]);
    }
  });

  it('rejects a missing file with E_INPUT', async () => {
    const path = join(temp(), 'missing.wav');
    const error = await invalid(path);
    expect(error.code).toBe('E_INPUT');
  });
});
