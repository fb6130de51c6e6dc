/**
 * Ctrl-C on the built `dictclip run`, sent while the run works (after its first progress line):
 * the first SIGINT aborts the run, which prints `dictclip: interrupted` and exits 130; a second
 * SIGINT exits 130 at once, before the aborted run gets to print anything (pinned with an ffmpeg
 * that outlives SIGTERM, so the aborted run would wait for its SIGKILL).
 */
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScriptFile } from '../../src/service/index.js';
import {
  ensureBuilt, finished, makeBursts, removeTempDirs, spawnCli, startTestService, tempDir, waitForLine, type StartedService,
} from '../helpers/index.js';

/** The one recording's dictation never finishes: the run waits for the service until interrupted. */
const SCRIPT = { scripts: [{ match: { durationMs: 3000 }, words: [], fault: 'never-done' }], fallback: 'segments' } satisfies ScriptFile;

let svc: StartedService;
let input: string;
beforeAll(async () => {
  await ensureBuilt();
  svc = await startTestService({ script: SCRIPT });
  input = await tempDir('sigint-in');
  await makeBursts(join(input, 'never.wav'), [[0.2, 0.8]], { seconds: 3 });
});
afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

async function interrupted(signals: number): Promise<{ code: number | null; stderr: string }> {
  const out = await tempDir('sigint-out');
  const child = spawnCli(['run', input, '--out', out, '--base-url', svc.url, '--poll-initial-ms', '50', '--poll-max-ms', '100'], { env: svc.env });
  const done = finished(child, 30_000);
  await waitForLine(child, /never\.wav: waiting for the service/);
  for (let i = 0; i < signals; i++) child.kill('SIGINT');
  const result = await done;
  return { code: result.code, stderr: result.stderr };
}

/** Wait for `file` to exist, checking every 20 ms; fails after 20 s. */
async function fileAppears(file: string): Promise<void> {
  await vi.waitFor(() => expect(existsSync(file), `${file} exists`).toBe(true), { timeout: 20_000, interval: 20 });
}

describe('dictclip run interrupted', () => {
  it('exits 130 when interrupted during the run', async () => {
    const result = await interrupted(1);
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toMatch(/^stage {3}never\.wav: transcoding/);
    expect(result.stderr).toMatch(
      /\ndictclip: the run was interrupted: 0 of 1 recordings finished, written to manifest\.csv and summary\.json; 1 dictation in flight canceled on the service\. To resume, run the same command again: finished recordings are kept, the others are dictated\.\n$/,
    );
  });

  it('exits 130 at once on a second Ctrl-C, without waiting for the aborted run', async () => {
    const dir = await tempDir('sigint-ffmpeg');
    const [ffmpeg, pidFile, termFile] = ['ffmpeg', 'pid', 'term'].map((f) => join(dir, f)) as [string, string, string];
    // Records its pid, notes the SIGTERM of the abort and keeps running until SIGKILL.
    await writeFile(ffmpeg, `#!/bin/sh\necho $$ > '${pidFile}'\ntrap "echo > '${termFile}'" TERM\nwhile :; do sleep 1 & wait $!; done\n`);
    await chmod(ffmpeg, 0o755);
    const out = await tempDir('sigint-out');
    const child = spawnCli(['run', input, '--out', out, '--base-url', svc.url, '--ffmpeg-path', ffmpeg], { env: svc.env });
    const done = finished(child, 30_000);
    try {
      await waitForLine(child, /never\.wav: transcoding/);
      await fileAppears(pidFile);
      child.kill('SIGINT');
      await fileAppears(termFile); // the abort is under way
      child.kill('SIGINT');
      const result = await done;
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toMatch(/^stage {3}never\.wav: transcoding \(\d+ms elapsed\)\n$/); // and no `dictclip: interrupted`
    } finally {
      // The CLI exited at once and left its ffmpeg behind (already gone if the run waited for it).
      const pid = existsSync(pidFile) ? Number((await readFile(pidFile, 'utf8')).trim()) : 0;
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already ended
        }
      }
    }
  });
});
