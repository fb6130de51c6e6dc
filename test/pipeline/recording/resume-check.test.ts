import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultValues } from '../../../src/config/index.js';
import { sha256 } from '../../../src/files.js';
import { recordingKey, statePath } from '../../../src/run-output/naming.js';
import { prepareJobs } from '../../../src/pipeline/recording/resume-check.js';
import { writeState } from '../../../src/run-output/state-file.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';

afterAll(removeTempDirs);

describe('prepareJobs', () => {
  it('reuses the saved hash of an unchanged source and hashes a changed one', async () => {
    const root = await tempDir('prepare');
    const source = path.join(root, 'in', 'a.wav');
    const outDir = path.join(root, 'out');
    await mkdir(path.dirname(source), { recursive: true });
    await writeFile(source, 'audio bytes');
    const options = { ...defaultValues(outDir), inputDir: path.join(root, 'in'), outDir, credentials: undefined };
    const { size, mtimeMs } = await stat(source);
    // A saved state whose hash is not the file's: only reuse can produce it.
    const file = statePath(outDir, recordingKey('a.wav'));
    await writeState(file, { version: 1, source: 'a.wav', sourceFingerprint: { size, mtimeMs, sha256: 'saved-hash' } });
    const recordings = [{ path: source, relPath: 'a.wav' }];
    const reused = await prepareJobs(recordings, options, 'svc');
    expect(reused.jobs[0]?.sourceFingerprint.sha256).toBe('saved-hash');

    await utimes(source, new Date(), new Date(mtimeMs + 5_000));
    const rehashed = await prepareJobs(recordings, options, 'svc');
    expect(rehashed.jobs[0]?.sourceFingerprint.sha256).toBe(sha256('audio bytes'));
  });
});
