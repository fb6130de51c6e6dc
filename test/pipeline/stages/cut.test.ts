import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { computePeaks, PeaksMeter, readWavInfo } from '../../../src/audio/index.js';
import { peaksPath } from '../../../src/run-output/naming.js';
import { encodePeaks } from '../../../src/run-output/peaks-file.js';
import { cutRecording, writeWaveform } from '../../../src/pipeline/stages/cut.js';
import { noise, useTempDir, writePcmWav } from '../../audio/helpers.js';

const temp = useTempDir('cut-stage');

describe('cutRecording and writeWaveform', () => {
  it('gathers the waveform peaks from the reads that cut the clips, the same bytes as reading the work audio again', async () => {
    const work = writePcmWav(join(temp(), 'rec.wav'), noise(16000 * 3 + 50, 5));
    const info = await readWavInfo(work);
    const expected = encodePeaks(await computePeaks(work));
    const folder = join(temp(), 'clips', 'rec');
    const limit = pLimit(1);
    const ctx = {
      recordingPath: work, workWav: work, workDir: temp(), key: 'rec', options: { clipSource: 'work' as const, fadeMs: 0 },
      ffmpegPath: 'ffmpeg', signal: new AbortController().signal, limits: { transcode: limit, cut: limit },
    };
    const peaks = new PeaksMeter(info);
    const cut = await cutRecording({ ...ctx, peaks }, folder, [{ startMs: 500, endMs: 800, outPath: join(folder, 'a.wav') }]);
    expect([cut.map((c) => c.samples), readdirSync(folder), existsSync(`${folder}.tmp`), peaks.complete]).toEqual([[4800], ['a.wav'], false, true]);
    const warnings: string[] = [];
    await writeWaveform(peaks, join(temp(), 'missing.wav'), temp(), 'cut.wav', (m) => warnings.push(m)); // complete: the work audio is not read
    expect(readFileSync(peaksPath(temp(), 'cut.wav')).equals(expected)).toBe(true);

    // No clips: the meter saw nothing, so the work audio is read for the peaks.
    const unfed = new PeaksMeter(info);
    expect(await cutRecording({ ...ctx, peaks: unfed }, join(temp(), 'clips', 'none'), [])).toEqual([]);
    await writeWaveform(unfed, work, temp(), 'none.wav', (m) => warnings.push(m));
    expect(readFileSync(peaksPath(temp(), 'none.wav')).equals(expected)).toBe(true);
    expect(warnings).toEqual([]);

    await writeWaveform(unfed, join(temp(), 'missing.wav'), temp(), 'missing.wav', (m) => warnings.push(m));
    expect([warnings.length, warnings[0]?.startsWith('no waveform peaks: '), existsSync(peaksPath(temp(), 'missing.wav'))]).toEqual([1, true, false]);
  });
});
