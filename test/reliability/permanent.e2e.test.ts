/**
 * Permanent faults declared in the scripted engine's script (matched by duration): the faulty
 * recording fails with a clear code in failures.csv, no clip is cut from it, the others complete,
 * and `dictclip run` exits 1.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type RunOptions } from '../../src/pipeline/index.js';
import type { ScriptFile } from '../../src/service/index.js';
import {
  CLI, listFiles, makeBursts, removeTempDirs, runCli, runOptions, startTestService, tempDir,
} from '../helpers/index.js';
import { CORPUS, writeCorpus } from './corpus.js';

const WORDS = [{ word: 'alpha', startMs: 100, endMs: 600 }, { word: 'bravo', startMs: 900, endMs: 1500 }];
/** fault → duration (s) of the recording that triggers it, and the failure code expected per marker method. */
const FAULTS = [
  { fault: 'invalid-xml', seconds: 3.0, code: { new: 'E_RESPONSE_INVALID', old: 'E_RESPONSE_INVALID' } },
  { fault: 'truncated-xml', seconds: 3.2, code: { new: 'E_RESPONSE_INVALID', old: 'E_RESPONSE_INVALID' } },
  { fault: 'odd-markers', seconds: 3.4, code: { new: 'E_MARKERS_INVALID', old: 'E_MARKERS_INVALID' } },
  { fault: 'mismatched-markers', seconds: 3.6, code: { new: 'E_MARKERS_INVALID', old: 'E_MARKERS_INVALID' } },
  { fault: 'offsets-outside', seconds: 3.8, code: { new: 'E_MARKERS_INVALID', old: 'E_MARKERS_INVALID' } },
] as const;
const NEVER_DONE_SECONDS = 4.0;

const SCRIPT = {
  scripts: [
    ...FAULTS.map((f) => ({ match: { durationMs: f.seconds * 1000 }, words: WORDS, fault: f.fault })),
    { match: { durationMs: NEVER_DONE_SECONDS * 1000 }, words: [], fault: 'never-done' },
  ],
  fallback: 'segments',
} satisfies ScriptFile;

/** True once the pipeline has an overall dictation timeout (needed to fail a never-done dictation quickly). */

let input: string;
beforeAll(async () => {
  input = await writeCorpus(await tempDir('perm-in'), CORPUS.slice(0, 3));
  await Promise.all(FAULTS.map((f) => makeBursts(join(input, `fault-${f.fault}.wav`), [[0.1, 0.6], [0.9, 1.5]], { seconds: f.seconds })));
});
afterAll(removeTempDirs);

async function failuresOf(out: string): Promise<Map<string, { stage: string; code: string }>> {
  const lines = (await readFile(join(out, 'failures.csv'), 'utf8')).trim().split('\n').slice(1);
  return new Map(lines.map((line) => {
    const [source = '', stage = '', code = ''] = line.split(',');
    return [source, { stage, code }];
  }));
}

describe.each(['new', 'old'] as const)('permanent faults, %s markers', (markers: 'new' | 'old') => {
  it('fails each faulty recording with its code, cuts nothing from it, completes the others', async () => {
    const svc = await startTestService({ script: SCRIPT });
    const out = await tempDir(`perm-${markers}`);
    try {
      const result = await runPipeline(runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, markers }));
      expect(result.summary.done).toBe(3);
      expect(result.summary.failed).toBe(FAULTS.length);
      const failures = await failuresOf(out);
      expect(new Map([...failures].map(([source, f]) => [source, f.code]))).toEqual(
        new Map(FAULTS.map((f) => [`fault-${f.fault}.wav`, f.code[markers]])),
      );
      const manifest = await readFile(join(out, 'manifest.csv'), 'utf8');
      expect(manifest).not.toContain('fault-');
      const clips = await listFiles(join(out, 'clips'));
      expect(clips.filter((c) => c.includes('fault-'))).toEqual([]);
      expect(new Set(clips.map((c) => c.split('/')[0])).size).toBe(3);
    } finally {
      await svc.close();
    }
  });
});

describe('permanent faults through the CLI', () => {
  it('exits 1 and names every failure', async () => {
    const svc = await startTestService({ script: SCRIPT });
    const out = await tempDir('perm-cli');
    try {
      const res = await runCli(
        ['run', input, '--out', out, '--base-url', svc.url, '--poll-initial-ms', '50', '--poll-max-ms', '100', '--quiet'],
        { env: svc.env },
      );
      expect(existsSync(CLI)).toBe(true);
      expect(res.code).toBe(1);
      for (const f of FAULTS) expect(res.stderr).toContain(`fault-${f.fault}.wav`);
      expect((await failuresOf(out)).size).toBe(FAULTS.length);
    } finally {
      await svc.close();
    }
  });
});

describe('a dictation that never finishes', () => {
  it('fails with E_DICTATION_TIMEOUT and cuts nothing', async () => {
    const dir = await tempDir('never-in');
    await makeBursts(join(dir, 'never.wav'), [[0.2, 0.8]], { seconds: NEVER_DONE_SECONDS });
    await makeBursts(join(dir, 'fine.wav'), [[0.2, 0.8]], { seconds: 1.5 });
    const svc = await startTestService({ script: SCRIPT });
    const out = await tempDir('never-out');
    try {
      const options: RunOptions = Object.assign(runOptions(dir, out, { baseUrl: svc.url, credentials: svc.credentials }), {
        dictationTimeoutMs: 2000,
      });
      const result = await runPipeline(options);
      expect(result.failures.map((f) => [f.source, f.code])).toEqual([['never.wav', 'E_DICTATION_TIMEOUT']]);
      expect(result.summary.done).toBe(1);
      expect((await listFiles(join(out, 'clips'))).some((c) => c.includes('never'))).toBe(false);
    } finally {
      await svc.close();
    }
  });
});
