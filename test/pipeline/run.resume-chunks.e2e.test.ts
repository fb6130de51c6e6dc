/**
 * A long (chunked) recording interrupted mid-run resumes without dictating again
 * the chunks already dictated: each chunk's dictation location is saved the moment it is created,
 * and the resumed run polls it instead of uploading that audio and creating a dictation again.
 * A chunk whose saved dictation is no longer usable (here: canceled by the interrupt) is dictated again.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDictclipError } from '../../src/errors.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RecordingState } from '../../src/run-output/state-file.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

const UPLOAD = /^POST \/SCFileserver\/audio 201 /;
const CREATE = /^POST \/SCDictation\/rest\/[^/]+\/factory\/dictations\/? 201 /;

describe('resume of a chunked recording', () => {
  it('polls the chunks an interrupted run created instead of uploading and dictating them again', async () => {
    const root = await tempDir('resume-chunks-e2e');
    const input = path.join(root, 'in');
    await makeBursts(path.join(input, 'long.wav'), [[0.2, 0.8], [1.5, 2.1], [2.8, 3.4], [4.1, 4.7]], { seconds: 5 });
    const out = path.join(root, 'out');
    let onLine = (_line: string): void => undefined;
    const svc = await startTestService({ jobConcurrency: 4 }, (line) => onLine(line));
    try {
      // One chunk at a time; interrupted the moment the second chunk's dictation is created (the
      // first one is dictated and fetched by then; the second is canceled by the interrupt).
      const options = runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, maxUploadBytes: 65_536, concurrency: 1 });
      const controller = new AbortController();
      let creations = 0;
      onLine = (line) => {
        if (CREATE.test(line) && ++creations === 2) controller.abort(new Error('Ctrl-C'));
      };
      const stopped = await runPipeline(options, {}, controller.signal).catch((e: unknown) => e);
      expect(isDictclipError(stopped, 'E_ABORTED')).toBe(true);
      const stateDir = path.join(out, '.dictclip', 'state');
      const [stateFile] = await readdir(stateDir);
      const saved = JSON.parse(await readFile(path.join(stateDir, stateFile!), 'utf8')) as RecordingState;
      expect(saved.dictation).toBeUndefined();
      expect(saved.pending?.chunks.length).toBe(2);
      const dry = await runPipeline({ ...options, dryRun: true });
      expect(dry.plan).toEqual([expect.objectContaining({ source: 'long.wav', state: 'redo', dictate: true, reason: 'interrupted' })]);

      const resumedLines: string[] = [];
      onLine = (line) => void resumedLines.push(line);
      const warnings: string[] = [];
      const result = await runPipeline(options, { onWarning: (w) => warnings.push(w.message) });
      expect(result.failures).toEqual([]);
      expect(result.summary).toMatchObject({ done: 1, failed: 0 });
      const final = JSON.parse(await readFile(path.join(stateDir, stateFile!), 'utf8')) as RecordingState;
      const chunks = final.dictation?.chunks?.length ?? 0;
      expect(chunks).toBeGreaterThanOrEqual(3);
      expect(final.pending).toBeUndefined();
      // The first chunk: polled, never uploaded or created again. The second was canceled by the
      // interrupt unless the service had finished it first (a cancel leaves a finished one as it
      // is): dictated again, with a warning, or reused. The rest: dictated.
      const first = saved.pending!.chunks.find((c) => c.startSample === 0)!;
      expect(resumedLines.some((line) => line.startsWith(`GET ${new URL(first.location).pathname}/done `))).toBe(true);
      expect(warnings.length).toBeLessThanOrEqual(1);
      for (const warning of warnings) {
        expect(warning).toMatch(/^the dictation an earlier run created for the audio from [\d.]+ s to [\d.]+ s cannot be used \(E_DICTATION_CANCELED\): dictating it again$/);
      }
      const reused = saved.pending!.chunks.length - warnings.length;
      expect(resumedLines.filter((line) => UPLOAD.test(line)).length).toBe(chunks - reused);
      expect(resumedLines.filter((line) => CREATE.test(line)).length).toBe(chunks - reused);
    } finally {
      await svc.close();
    }
  }, 120_000);
});
