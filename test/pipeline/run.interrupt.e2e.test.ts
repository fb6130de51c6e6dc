/**
 * An interrupted run (its signal aborts, as Ctrl-C does in the CLI) cancels the
 * dictations it left in flight on the service — exactly those — writes manifest.csv and
 * summary.json for the recordings that finished, and says how to resume.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { DictationClient } from '../../src/client/index.js';
import { isDictclipError } from '../../src/errors.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { ScriptFile } from '../../src/service/index.js';
import { pcmWav, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

/** Two-second recordings never finish dictating; the others are dictated as usual. */
const SCRIPT = { scripts: [{ match: { durationMs: 2000 }, words: [], fault: 'never-done' }], fallback: 'segments' } satisfies ScriptFile;

/** A recording of `seconds` with a tone of its own (the service would merge identical audio into one dictation). */
function recording(seconds: number, period: number): Buffer {
  return pcmWav(
    Int16Array.from({ length: seconds * 16_000 }, (_, i) => (i > 2000 && i < 9000 ? Math.round(9000 * Math.sin(i / period)) : 0)),
  );
}

const POLL = /GET (\/SCDictation\/rest\/[^/]+\/dictations\/([^/]+))\/done /;
const CANCEL = /POST \/SCDictation\/rest\/[^/]+\/dictations\/([^/]+)\/cancel 200/;

describe('an interrupted run', () => {
  it('cancels exactly the dictations in flight, writes what finished, and says how to resume', async () => {
    const root = await tempDir('interrupt-e2e');
    const input = path.join(root, 'in');
    await mkdir(input, { recursive: true });
    for (const [name, seconds, period] of [
      ['a1.wav', 1, 3],
      ['a2.wav', 1, 4],
      ['n1.wav', 2, 5],
      ['n2.wav', 2, 6],
      ['n3.wav', 2, 7],
    ] as const) {
      await writeFile(path.join(input, name), recording(seconds, period));
    }
    const polled = new Map<string, string>(); // dictation id → its path
    let notify = (): void => undefined;
    // Five jobs at once: the never-done ones must not hold every job slot of the service.
    const svc = await startTestService({ script: SCRIPT, jobConcurrency: 5 }, (line) => {
      const poll = POLL.exec(line);
      if (poll !== null) polled.set(poll[2]!, poll[1]!);
      notify();
    });
    const out = path.join(root, 'out');
    const controller = new AbortController();
    const finished: string[] = [];
    try {
      const run = runPipeline(
        runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, concurrency: 5 }),
        { onRecordingDone: (r) => finished.push(r.source) },
        controller.signal,
      );
      const error = run.catch((e: unknown) => e);
      // Interrupt once both short recordings are done and all five dictations were seen polled.
      await new Promise<void>((resolve) => {
        notify = () => {
          if (finished.length === 2 && polled.size === 5) resolve();
        };
      });
      controller.abort(new Error('Ctrl-C'));
      const thrown = await error;
      expect(isDictclipError(thrown, 'E_ABORTED')).toBe(true);
      expect((thrown as Error).message).toBe(
        'the run was interrupted: 2 of 5 recordings finished, written to manifest.csv and summary.json; 3 dictations in flight canceled ' +
          'on the service. To resume, run the same command again: finished recordings are kept, the others are dictated.',
      );
      const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      expect([...new Set(rows.map((r) => r.source))].sort()).toEqual(['a1.wav', 'a2.wav']);
      expect(JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8'))).toMatchObject({ recordings: 5, done: 2, failed: 0 });
      const finishedIds = new Set(rows.map((r) => r.dictation_id));
      const inFlight = [...polled.keys()].filter((id) => !finishedIds.has(id)).sort();
      expect(inFlight.length).toBe(3);
      const canceled = svc.log.map((line) => CANCEL.exec(line)?.[1]).filter((id) => id !== undefined).sort();
      expect(canceled).toEqual(inFlight);
      const client = new DictationClient({ baseUrl: svc.url, credentials: svc.credentials });
      try {
        for (const id of inFlight) expect((await client.getDictation(`${svc.url}${polled.get(id)!}`)).canceled).toBe(true);
      } finally {
        await client.close();
      }
    } finally {
      await svc.close();
    }
  }, 120_000);
});
