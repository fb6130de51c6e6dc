import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordingStore } from '../../../src/pipeline/recording/store.js';
import { readState } from '../../../src/run-output/state-file.js';
import type { RecordingState } from '../../../src/run-output/state-file.js';
import type { SavedDictation } from '../../../src/pipeline/stages/output.js';
import { clipDir, markersPath, recordingKey, statePath, transcriptPath } from '../../../src/run-output/naming.js';
import type { FailureRow, ManifestRow } from '../../../src/run-output/rows.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';

afterAll(removeTempDirs);

const sourceFingerprint = { size: 10, mtimeMs: 5, sha256: 'h' };
const identity = { version: 1, source: 'a.wav', sourceFingerprint } as const;
const dictation: SavedDictation = {
  fingerprint: 'fp-d', service: 'svc', method: 'new', audioDurationMs: 900, dictationIds: ['d1'], markerDictationIds: ['d1'],
  result: { transcript: 'one', collapsed: false, warnings: [], markers: [{ text: 'one', textStart: 0, textLength: 3, startMs: 100, endMs: 400 }] },
};
const failure: FailureRow = { source: 'a.wav', stage: 'cut', code: 'E_OUTPUT', message: 'disk full' };

async function storeWith(state: RecordingState | undefined): Promise<{ store: RecordingStore; outDir: string; file: string }> {
  const outDir = await tempDir('store');
  const file = statePath(outDir, recordingKey('a.wav'));
  const job = { recording: { relPath: 'a.wav' }, statePath: file, state, sourceFingerprint, fingerprints: { dictation: 'fp-d' } };
  return { store: new RecordingStore(job, outDir), outDir, file };
}

describe('RecordingStore: what one recording saves at the edges of its stages', () => {
  it('saves pending dictations, then the dictation and its files, then the clips; a failure keeps what a retry can reuse', async () => {
    // The resume check read a state with pending dictations of other dictation settings and an old failure.
    const { store, outDir, file } = await storeWith({ ...identity, pending: { fingerprint: 'fp-old', chunks: [] }, failure });
    const pending = { fingerprint: 'fp-d', chunks: [{ startSample: 0, endSample: 14400, location: 'http://s/dictations/7' }] };
    await store.savePending(pending);
    expect(await readState(file)).toEqual({ ...identity, pending });

    // Failing before the dictation is saved: the pending dictation stays listed, the clip folder goes.
    await mkdir(clipDir(outDir, 'a.wav'), { recursive: true });
    await store.saveFailure(failure);
    expect(await readState(file)).toEqual({ ...identity, failure, pending });
    await expect(stat(clipDir(outDir, 'a.wav'))).rejects.toMatchObject({ code: 'ENOENT' });

    await store.saveDictation(dictation);
    expect(await readState(file)).toEqual({ ...identity, dictation });
    expect(await readFile(transcriptPath(outDir, 'a.wav'), 'utf8')).toBe('one\n');
    expect(JSON.parse(await readFile(markersPath(outDir, 'a.wav'), 'utf8'))).toEqual({
      version: 1, source: 'a.wav', method: 'new', dictationIds: ['d1'], transcript: 'one', collapsed: false, warnings: [],
      markers: [{ text: 'one', textStart: 0, textLength: 3, startMs: 100, endMs: 400 }],
    });

    // Failing after it: the dictation is kept (the next run re-cuts without dictating), pending is gone.
    await store.saveFailure(failure);
    expect(await readState(file)).toEqual({ ...identity, dictation, failure });

    const row = { file_name: 'clips/k/00000_one.wav', text: 'one' } as ManifestRow;
    const clips = { fingerprint: 'fp-c', rows: [row], dropped: { clips: 0, ms: 0 }, paddingClamped: 0 };
    await store.saveClips(dictation, clips);
    expect(await readState(file)).toEqual({ ...identity, dictation, clips });
    expect(store.state).toEqual({ ...identity, dictation, clips });
  });

  it('never reads the state back: a failure keeps the dictation the resume check read when it is still reusable, else drops it', async () => {
    const reusable = await storeWith({ ...identity, dictation });
    await mkdir(path.dirname(reusable.file), { recursive: true });
    await writeFile(reusable.file, 'not json'); // what is on disk now is never read
    await reusable.store.saveFailure(failure);
    expect(await readState(reusable.file)).toEqual({ ...identity, dictation, failure });

    const stale = await storeWith({ ...identity, dictation: { ...dictation, fingerprint: 'fp-other' } });
    await stale.store.saveFailure(failure);
    expect(await readState(stale.file)).toEqual({ ...identity, failure });
  });
});
