import { readFile, stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultValues } from '../../../src/config/index.js';
import { processRecording } from '../../../src/pipeline/recording/process.js';
import type { RecordingContext, RecordingJob } from '../../../src/pipeline/recording/process.js';
import { RecordingStore } from '../../../src/pipeline/recording/store.js';
import type { RecordingState } from '../../../src/run-output/state-file.js';
import { recordingKey, statePath, subtitlePath, timedTranscriptPath } from '../../../src/run-output/naming.js';
import type { ManifestRow } from '../../../src/run-output/rows.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';

afterAll(removeTempDirs);

describe('processRecording of a recording the resume check found done', () => {
  it('gives its saved rows without audio, service or state write, and writes only its timed files for this run\'s options', async () => {
    const outDir = await tempDir('recording');
    const row = { file_name: 'clips/k/00000_hello.wav', text: 'hello', source: 'a.wav', start_ms: 0, end_ms: 500, duration_ms: 500, kind: 'word', method: 'new', dictation_id: 'd1', text_start: 0, text_length: 5 } as ManifestRow;
    const state: RecordingState = {
      version: 1, source: 'a.wav', sourceFingerprint: { size: 1, mtimeMs: 1, sha256: 'h' },
      dictation: {
        fingerprint: 'fp-d', service: 'svc', method: 'new', audioDurationMs: 1000, dictationIds: ['d1'], markerDictationIds: ['d1'], stageMs: { dictate: 120 },
        result: { transcript: 'hello', collapsed: false, warnings: [], markers: [{ text: 'hello', textStart: 0, textLength: 5, startMs: 100, endMs: 400 }] },
      },
      clips: { fingerprint: 'fp-c', rows: [row], dropped: { clips: 1, ms: 30 }, paddingClamped: 0 },
    };
    const file = statePath(outDir, recordingKey('a.wav'));
    const job: RecordingJob = {
      recording: { path: '/nowhere/a.wav', relPath: 'a.wav' }, key: recordingKey('a.wav'), statePath: file, state,
      sourceFingerprint: state.sourceFingerprint, fingerprints: { dictation: 'fp-d', clips: 'fp-c' }, decision: 'done', service: 'svc',
    };
    const refuse = (): never => { throw new Error('a done recording needs no service'); };
    const stages: string[] = [];
    const ctx: RecordingContext = {
      options: { ...defaultValues(outDir), inputDir: '/nowhere', outDir, credentials: undefined, subtitles: ['vtt'] }, outDir, workDir: `${outDir}/work`, ffmpegPath: '/nowhere/ffmpeg',
      dictation: refuse, limits: { transcode: pLimit(1), upload: pLimit(1), dictation: pLimit(1), cut: pLimit(1) },
      signal: new AbortController().signal, warn: refuse, onStageChange: (change) => stages.push(change.stage),
    };
    const store = new RecordingStore(job, outDir);
    const outcome = await processRecording(job, store, ctx);
    expect(outcome).toEqual({
      rows: [{ ...row, flags: '' }], resumed: true, dropped: { clips: 1, ms: 30 }, found: undefined, agreement: undefined, paddingClamped: 0,
      earlierStageMs: { dictate: 120 },
    });
    expect(stages).toEqual([]); // resumed recordings report no progress
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' }); // the state is not written again
    expect(store.state).toBe(state);
    const timed = JSON.parse(await readFile(timedTranscriptPath(outDir, 'a.wav'), 'utf8')) as { words: { text: string; startMs: number; endMs: number }[] };
    expect(timed.words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([['hello', 100, 400]]);
    expect(await readFile(subtitlePath(outDir, 'a.wav', 'vtt'), 'utf8')).toContain('00:00:00.100 --> 00:00:00.400');
  });
});
