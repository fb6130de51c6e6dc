/** End to end: failure isolation, recordings without words, fatal conditions and aborts. */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import { addAccount, setPassword, startService } from '../../src/service/index.js';
import { runOptions } from '../helpers/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

const run = promisify(execFile);
let root: string;
let input: string;
let scriptFile: string;

function options(overrides: Partial<RunOptions>): RunOptions {
  const outDir = overrides.outDir ?? path.join(root, 'out');
  return runOptions(input, outDir, {
    concurrency: 2,
    maxRetries: 0,
    requestTimeoutMs: 10_000,
    pollInitialMs: 50,
    scriptFile,
    confidenceThreshold: 0,
    ...overrides,
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-e2e-fail-'));
  input = path.join(root, 'in');
  await mkdir(input, { recursive: true });
  // good.wav: 1000 ms with a scripted word; quiet.wav: 700 ms that no script matches (no words).
  for (const [name, d] of [['good.wav', 1], ['quiet.wav', 0.7]] as const) {
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `anullsrc=r=16000:cl=mono:d=${d}`,
      '-c:a',
      'pcm_s16le',
      path.join(input, name),
    ]);
  }
  await writeFile(path.join(input, 'bad.wav'), 'this is not audio');
  scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({
    fallback: 'none',
    scripts: [{ match: { durationMs: 1000, toleranceMs: 5 }, words: [{ word: 'yes', startMs: 100, endMs: 600 }] }],
  }));
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('runPipeline failures', () => {
  it('isolates a failing recording, keeps going, and retries it on the next run', async () => {
    const out = path.join(root, 'out');
    const failed: string[] = [];
    const dry = await runPipeline(options({ dryRun: true }));
    expect(dry.plan).toMatchObject([
      { source: 'bad.wav', state: 'todo', dictate: true },
      { source: 'good.wav', state: 'todo', dictate: true },
      { source: 'quiet.wav', state: 'todo', dictate: true },
    ]);
    expect(await readdir(root)).not.toContain('out');

    const result = await runPipeline(options({}), { onRecordingFailed: (f) => failed.push(`${f.source}:${f.stage}:${f.code}`) });
    expect(failed).toEqual(['bad.wav:transcode:E_FFMPEG']);
    expect(result.summary).toMatchObject({ recordings: 3, done: 2, failed: 1, resumed: 0, skipped: 0, clips: 1 });
    const manifest = await readFile(path.join(out, 'manifest.csv'), 'utf8');
    expect(manifest.split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^clips\/good-[0-9a-f]{8}\/00000_yes\.wav,Yes,good\.wav,100,600,500,word,new,[^,]+,0,3,,16000,1,-99,-99,\d(\.\d{1,3})?$/,
      ),
      '',
    ]);
    const failures = (await readFile(path.join(out, 'failures.csv'), 'utf8')).split('\n');
    expect(failures[0]).toBe('source,stage,code,message');
    expect(failures[1]).toMatch(/^bad\.wav,transcode,E_FFMPEG,/);
    expect(await readFile(path.join(out, 'transcripts', 'quiet.wav.txt'), 'utf8')).toBe('\n');
    const summary = JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8')) as {
      failures: unknown[];
      done: number;
      stageMs: object;
      inputDir: string;
    };
    expect(summary.done).toBe(2);
    expect(summary.failures).toHaveLength(1);
    expect(summary.inputDir).toBe(input);
    expect(Object.keys(summary.stageMs)).toEqual(['transcode', 'upload', 'dictate', 'markers', 'cut', 'output']);
    expect(Object.values(summary.stageMs).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    // The report's waveform peaks: 100 buckets for 1000 ms and 70 for 700 ms, none for the failed file.
    const peaks = await readdir(path.join(out, '.dictclip', 'peaks'));
    expect(peaks).toEqual([expect.stringMatching(/^good-[0-9a-f]{8}\.peaks$/), expect.stringMatching(/^quiet-[0-9a-f]{8}\.peaks$/)]);
    expect((await readFile(path.join(out, '.dictclip', 'peaks', peaks[0]!))).length).toBe(16 + 200);
    expect((await readFile(path.join(out, '.dictclip', 'peaks', peaks[1]!))).length).toBe(16 + 140);

    const dry2 = await runPipeline(options({ dryRun: true }));
    expect(dry2.plan).toMatchObject([
      { source: 'bad.wav', state: 'redo', dictate: true },
      { source: 'good.wav', state: 'done', dictate: false },
      { source: 'quiet.wav', state: 'done', dictate: false },
    ]);
    failed.length = 0;
    const second = await runPipeline(options({}), { onRecordingFailed: (f) => failed.push(f.source) });
    expect(failed).toEqual(['bad.wav']);
    expect(second.summary).toMatchObject({ done: 0, failed: 1, resumed: 2, skipped: 0, clips: 1 });
    expect(await readFile(path.join(out, 'manifest.csv'), 'utf8')).toBe(manifest);
  });

  it('stops with E_CREDENTIALS_MISSING when a remote service has no credentials option, whatever the environment holds', async () => {
    vi.stubEnv('DICTCLIP_USERNAME', 'someone');
    vi.stubEnv('DICTCLIP_PASSWORD', 'password1');
    await expect(runPipeline(options({ outDir: path.join(root, 'out-creds'), baseUrl: 'http://127.0.0.1:9' })))
      .rejects.toMatchObject({ name: 'DictclipError', code: 'E_CREDENTIALS_MISSING' });
  });

  it('stops with E_BASE_URL (naming --base-url) when the service is unreachable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const credentials = { scheme: 'basic', username: 'someone', password: 'password1' } as const;
    await expect(
      runPipeline(options({ outDir: path.join(root, 'out-net'), baseUrl: `http://127.0.0.1:${port}`, credentials })),
    ).rejects.toMatchObject({
      code: 'E_BASE_URL',
      message: expect.stringContaining(`nothing answers at --base-url http://127.0.0.1:${port}`),
    });
  });

  it('uses the credentials option only: right ones succeed with different ones in the environment, wrong ones are E_AUTH', async () => {
    const dataDir = path.join(root, 'remote-service');
    await addAccount(dataDir, 'alice', 'acme', 'first-password');
    await setPassword(dataDir, 'alice', 'right-password');
    const service = await startService({ dataDir, port: 0, host: '127.0.0.1', engine: 'scripted' });
    try {
      // The environment holds other credentials: the library must never read them.
      vi.stubEnv('DICTCLIP_USERNAME', 'mallory');
      vi.stubEnv('DICTCLIP_PASSWORD', 'wrong-password');
      const right = { scheme: 'basic', username: 'alice', password: 'right-password' } as const;
      const ok = await runPipeline(options({ outDir: path.join(root, 'out-explicit'), baseUrl: service.url, credentials: right }));
      expect(ok.summary).toMatchObject({ recordings: 3, done: 2, failed: 1 });
      expect(ok.failures.map((f) => [f.source, f.code])).toEqual([['bad.wav', 'E_FFMPEG']]);

      await expect(runPipeline(options({ outDir: path.join(root, 'out-none'), baseUrl: service.url })))
        .rejects.toMatchObject({ code: 'E_CREDENTIALS_MISSING' });
      expect(await readdir(root)).not.toContain('out-none');

      const wrong = { scheme: 'basic', username: 'alice', password: 'wrong-password' } as const;
      await expect(runPipeline(options({ outDir: path.join(root, 'out-auth'), baseUrl: service.url, credentials: wrong })))
        .rejects.toMatchObject({ code: 'E_AUTH' });
      expect(await readdir(path.join(root, 'out-auth'))).not.toContain('manifest.csv');
    } finally {
      await service.close();
    }
  });

  it('rejects with E_ABORTED when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runPipeline(options({ outDir: path.join(root, 'out-abort') }), {}, controller.signal))
      .rejects.toMatchObject({ code: 'E_ABORTED' });
  });
});
