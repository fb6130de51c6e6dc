import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { toVtt, vttTime } from '../../src/extracts/cues.js';
import { writeSupercut } from '../../src/extracts/supercut.js';
import { readWavInfo } from '../../src/wav-header.js';
import { noise, pcmWav, useTempDir } from '../audio/helpers.js';

const temp = useTempDir('supercut');

/** A run folder with the given clips (written as WAVs) and their manifest rows. */
function makeRun(name: string, clips: { text: string; samples: Int16Array; rate: number; channels: number; start: number }[]): string {
  const dir = join(temp(), name);
  mkdirSync(join(dir, 'clips', 's'), { recursive: true });
  const rows = clips.map((clip, i) => {
    const file = `clips/s/${String(i).padStart(5, '0')}.wav`;
    writeFileSync(join(dir, file), pcmWav(clip.samples, clip.rate, clip.channels));
    const ms = Math.round((clip.samples.length / clip.channels / clip.rate) * 1000);
    return { file_name: file, text: clip.text, source: `rec ${i}.wav`, start_ms: clip.start, end_ms: clip.start + ms, duration_ms: ms, kind: 'match' };
  });
  writeFileSync(join(dir, 'manifest.csv'), stringify(rows, { header: true, columns: ['file_name', 'text', 'source', 'start_ms', 'end_ms', 'duration_ms', 'kind'] }));
  return dir;
}

const pcmOf = (file: string): Buffer => readFileSync(file).subarray(44);

describe('writeSupercut', () => {
  it('joins same-format clips byte for byte with silence between; cues span each clip to the ms', async () => {
    const a = noise(6400, 1);
    const b = noise(4000, 2);
    const dir = makeRun('same', [{ text: 'Call me', samples: a, rate: 16000, channels: 1, start: 100 }, { text: 'call <me> & you', samples: b, rate: 16000, channels: 1, start: 1500 }]);
    const result = await writeSupercut({ runDir: dir, name: 'reel', gapMs: 500 });
    expect(result).toMatchObject({ clips: 2, sampleRate: 16000, channels: 1, durationMs: 1150 });
    const wav = pcmOf(result.wavPath);
    expect(wav.equals(Buffer.concat([pcmWav(a).subarray(44), Buffer.alloc(8000 * 2), pcmWav(b).subarray(44)]))).toBe(true);
    expect(await readWavInfo(result.wavPath)).toMatchObject({ sampleRate: 16000, channels: 1, samples: 6400 + 8000 + 4000, exact: true });
    expect(readFileSync(join(dir, 'reel.vtt'), 'utf8')).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.400\nCall me\n\n2\n00:00:00.900 --> 00:00:01.150\ncall &lt;me&gt; &amp; you\n',
    );
    expect(JSON.parse(readFileSync(join(dir, 'reel.json'), 'utf8'))).toEqual({
      wav: 'reel.wav', vtt: 'reel.vtt', sampleRate: 16000, channels: 1, gapMs: 500, durationMs: 1150,
      clips: [
        { file_name: 'clips/s/00000.wav', text: 'Call me', source: 'rec 0.wav', source_start_ms: 100, source_end_ms: 500, supercut_start_ms: 0, supercut_end_ms: 400 },
        { file_name: 'clips/s/00001.wav', text: 'call <me> & you', source: 'rec 1.wav', source_start_ms: 1500, source_end_ms: 1750, supercut_start_ms: 900, supercut_end_ms: 1150 },
      ],
    });
  });

  it('uses the highest rate and channel count: lower rates resampled, channels repeated, same-format clips copied', async () => {
    const mono = Int16Array.from({ length: 6400 }, (_, i) => (i % 2 === 0 ? 1000 : 3000)); // 400 ms at 16 kHz
    const stereo = noise(14553 * 2, 5); // 330 ms at 44.1 kHz
    const dir = makeRun('mixed', [{ text: 'low', samples: mono, rate: 16000, channels: 1, start: 0 }, { text: 'high', samples: stereo, rate: 44100, channels: 2, start: 0 }]);
    const result = await writeSupercut({ runDir: dir, name: 'mixed', gapMs: 500 });
    // 6400 frames at 16 kHz → 17,640 at 44.1 kHz; gap 22,050; then the stereo clip's 14,553 frames as they are.
    expect(result).toMatchObject({ sampleRate: 44100, channels: 2, durationMs: 1230 });
    expect(await readWavInfo(result.wavPath)).toMatchObject({ sampleRate: 44100, channels: 2, samples: 17640 + 22050 + 14553 });
    const wav = pcmOf(result.wavPath);
    const frame = (k: number): number[] => [wav.readInt16LE(k * 4), wav.readInt16LE(k * 4 + 2)];
    expect([frame(0), frame(17640 - 1)]).toEqual([[1000, 1000], [expect.any(Number), expect.any(Number)]]);
    // Output frame 11 sits at source position 11 × 16000 / 44100 = 3.9909…: between 3000 (frame 3) and 1000 (frame 4).
    const t = (11 * 16000) / 44100 - 3;
    const v = Math.round(3000 * (1 - t) + 1000 * t);
    expect(frame(11)).toEqual([v, v]);
    expect(wav.subarray(17640 * 4, (17640 + 22050) * 4).equals(Buffer.alloc(22050 * 4))).toBe(true);
    expect(wav.subarray((17640 + 22050) * 4).equals(pcmWav(stereo, 44100, 2).subarray(44))).toBe(true);
    const cues = readFileSync(join(dir, 'mixed.vtt'), 'utf8');
    expect(cues).toContain('1\n00:00:00.000 --> 00:00:00.400\nlow\n');
    expect(cues).toContain('2\n00:00:00.900 --> 00:00:01.230\nhigh\n'); // 14,553 frames = 329.98 ms
  });

  it('writes an empty WAV and no cues for a run without clips', async () => {
    const dir = makeRun('none', []);
    const result = await writeSupercut({ runDir: dir, name: 'empty', gapMs: 500 });
    expect([result.clips, result.durationMs, (await readWavInfo(result.wavPath)).samples]).toEqual([0, 0, 0]);
    expect(readFileSync(result.vttPath, 'utf8')).toBe('WEBVTT\n');
  });

  it('refuses a folder without manifest.csv', async () => {
    await expect(writeSupercut({ runDir: join(temp(), 'nothing'), name: 'x', gapMs: 0 })).rejects.toMatchObject({ code: 'E_NOT_RUN_OUTPUT' });
  });
});

describe('cues', () => {
  it('formats WebVTT times and one-line cue texts', () => {
    expect([vttTime(0), vttTime(61_001), vttTime(3_600_000 * 12 + 59_999)]).toEqual(['00:00:00.000', '00:01:01.001', '12:00:59.999']);
    expect(toVtt([{ file_name: 'f', text: 'two\nlines -->', source: 's', source_start_ms: 0, source_end_ms: 5, supercut_start_ms: 0, supercut_end_ms: 5 }]))
      .toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.005\ntwo lines --&gt;\n');
  });
});
