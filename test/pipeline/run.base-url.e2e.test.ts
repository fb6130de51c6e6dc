/**
 * A wrong or unreachable --base-url stops the run at once with one E_BASE_URL
 * message naming the flag, the URL tried and the shape of a correct one; no recording fails alone.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { DictclipError } from '../../src/errors.js';

afterAll(removeTempDirs);

async function inputWithRecordings(): Promise<string> {
  const input = path.join(await tempDir('base-url'), 'in');
  for (const name of ['a.wav', 'b.wav', 'c.wav']) await makeBursts(path.join(input, name), [[0.2, 0.6]], { seconds: 1 });
  return input;
}

describe('a wrong --base-url', () => {
  it('with a wrong path: the first upload answers 404 and the run stops with one message', async () => {
    const svc = await startTestService();
    try {
      const input = await inputWithRecordings();
      const out = path.join(path.dirname(input), 'out');
      const failed: string[] = [];
      const wrong = `${svc.url}/SCDictation`;
      const error = await runPipeline(runOptions(input, out, { baseUrl: wrong, credentials: svc.credentials }), {
        onRecordingFailed: (f) => failed.push(f.source),
      }).catch((e: unknown) => e as DictclipError);
      expect(error).toMatchObject({ code: 'E_BASE_URL', context: { status: 404, key: 'baseUrl' } });
      expect((error as DictclipError).message).toBe(
        `--base-url ${wrong} does not lead to a dictation service: the first upload (POST ${wrong}/SCFileserver/audio) answered 404 Not Found. ` +
          'A correct --base-url is the root of the dictation service, scheme, host and port only, e.g. https://dictation.example.com ' +
          'or http://127.0.0.1:8080 (dictclip adds /SCFileserver/… and /SCDictation/… itself; no trailing path).',
      );
      expect(failed).toEqual([]);
    } finally {
      await svc.close();
    }
  });

  it('with nothing listening: stops at once, without retrying the refused connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const credentials = { scheme: 'basic', username: 'someone', password: 'password1' } as const;
    const input = await inputWithRecordings();
    const error = await runPipeline(runOptions(input, path.join(path.dirname(input), 'out'), { baseUrl: `http://127.0.0.1:${port}`, maxRetries: 6, credentials }))
      .catch((e: unknown) => e as DictclipError);
    expect(error).toMatchObject({ code: 'E_BASE_URL', context: { attempts: 1, url: `http://127.0.0.1:${port}/SCFileserver/audio` } });
    expect((error as DictclipError).message).toMatch(
      new RegExp(
        `^nothing answers at --base-url http://127\\.0\\.0\\.1:${port}: POST http://127\\.0\\.0\\.1:${port}/SCFileserver/audio failed: ECONNREFUSED.*A correct --base-url is the root`,
      ),
    );
  });
});
