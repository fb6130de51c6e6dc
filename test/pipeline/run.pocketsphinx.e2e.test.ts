/**
 * End to end with the real recognizer: two LibriVox readings from Debian's pocketsphinx-testdata,
 * transcoded by the test into mp3 (44.1 kHz stereo) and flac, run through the whole pipeline with
 * the embedded PocketSphinx service. Each manifest row must agree with the saved transcript and
 * markers, and each clip must hold exactly the samples its row names.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msToSample, readWavInfo } from '../../src/audio/index.js';
import { defaultValues } from '../../src/config/index.js';
import { runPipeline, type RunOptions } from '../../src/pipeline/index.js';

const run = promisify(execFile);
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const READINGS = [
  ['sense_and_sensibility_01_austen_64kb-0880', 'mp3', ['-ar', '44100', '-ac', '2', '-b:a', '128k']],
  ['sense_and_sensibility_01_austen_64kb-0930', 'flac', []],
] as const;

interface SavedMarkers {
  transcript: string;
  markers: { text: string; textStart: number; textLength: number; startMs: number; endMs: number }[];
}

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-ps-e2e-'));
  await mkdir(path.join(root, 'in'));
  for (const [name, ext, args] of READINGS) {
    await run('ffmpeg', ['-v', 'error', '-y', '-i', path.join(LIBRIVOX, `${name}.wav`), ...args, path.join(root, 'in', `${name}.${ext}`)]);
  }
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('runPipeline with the embedded PocketSphinx service on real speech', () => {
  it('cuts one clip per recognized word, each matching its transcript slice and its samples', async () => {
    const outDir = path.join(root, 'out');
    const options: RunOptions = {
      ...defaultValues(outDir), inputDir: path.join(root, 'in'), outDir, pollInitialMs: 100, pollMaxMs: 300,
    };
    const result = await runPipeline(options);
    expect(result.failures).toEqual([]);
    expect(result.summary.done).toBe(2);

    const lines = (await readFile(result.manifestPath, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('file_name,text,source,start_ms,end_ms,duration_ms,kind,method,dictation_id,text_start,text_length,flags,sample_rate,channels,edge_start_db,edge_end_db,confidence');
    const rows = lines.slice(1).map((line) => line.split(','));
    for (const [name, ext] of READINGS) {
      const source = `${name}.${ext}`;
      const saved = JSON.parse(await readFile(path.join(outDir, 'markers', `${source}.json`), 'utf8')) as SavedMarkers;
      expect(await readFile(path.join(outDir, 'transcripts', `${source}.txt`), 'utf8')).toBe(`${saved.transcript}\n`);
      const words = saved.markers.filter((m) => /[a-z]/i.test(m.text));
      const mine = rows.filter((r) => r[2] === source);
      // Recognized speech: several words, and one clip per word (punctuation skipped).
      expect(words.length).toBeGreaterThanOrEqual(4);
      expect(mine).toHaveLength(words.length);
      for (const [i, row] of mine.entries()) {
        const [file, text, , start, end, duration, kind, method, , textStart, textLength] = row;
        const marker = words[i]!;
        expect([text, Number(start), Number(end), kind, method]).toEqual([marker.text, marker.startMs, marker.endMs, 'word', 'new']);
        expect(Number(duration)).toBe(marker.endMs - marker.startMs);
        expect(saved.transcript.slice(Number(textStart), Number(textStart) + Number(textLength))).toBe(text);
        const clip = await readWavInfo(path.join(outDir, file!));
        expect([clip.sampleRate, clip.channels, clip.bitsPerSample]).toEqual([16000, 1, 16]);
        expect(clip.samples).toBe(msToSample(marker.endMs) - msToSample(marker.startMs));
      }
    }
  }, 120_000);
});
