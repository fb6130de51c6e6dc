/**
 * Dictation slots: an upload holds no dictation slot, so at --concurrency 1 the next
 * recording is uploaded while the first one is dictated; and the service `dictclip run` embeds
 * holds a `/done` poll until the dictation ends (bounded by half the client's request timeout).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DictationClient } from '../../src/client/index.js';
import { connect, EMBEDDED_DONE_HOLD_MS } from '../../src/pipeline/run/connect.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { createScriptedEngine, type Engine } from '../../src/service/index.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('dictation slots', () => {
  it('uploads the next recording while the one before holds the only dictation slot', async () => {
    const root = await tempDir('slots-e2e');
    const input = path.join(root, 'in');
    await makeBursts(path.join(input, 'a.wav'), [[0.2, 0.8]], { seconds: 1 });
    await makeBursts(path.join(input, 'b.wav'), [[0.3, 0.6]], { seconds: 1 });
    // The first job ends only once the service has received both uploads (or after 10 s, which
    // fails the test): with the upload inside the slot the second upload would wait for it.
    let uploads = 0;
    let bothUploaded = (): void => undefined;
    const gate = new Promise<boolean>((resolve) => {
      bothUploaded = () => resolve(true);
      setTimeout(() => resolve(false), 10_000).unref();
    });
    const gateResults: boolean[] = [];
    const scripted = createScriptedEngine({ scripts: [], fallback: 'segments' });
    const engine: Engine = {
      name: 'gated', check: async () => undefined,
      recognize: async (file, options) => {
        gateResults.push(await gate);
        return scripted.recognize(file, options);
      },
    };
    const svc = await startTestService({ engine }, (line) => {
      if (line.startsWith('POST /SCFileserver/audio 201') && ++uploads === 2) bothUploaded();
    });
    try {
      const result = await runPipeline(runOptions(input, path.join(root, 'out'), {
        baseUrl: svc.url, credentials: svc.credentials, concurrency: 1,
      }));
      expect(result.failures).toEqual([]);
      expect(result.summary.done).toBe(2);
      expect(gateResults).toEqual([true, true]);
      const kinds = svc.log.map((line) => line.split(' ').slice(0, 2).join(' ').replace(/\/dictations\/[^/ ]+/, '/dictations/…'));
      // The second upload is answered before the first dictation's text is fetched. (Whether it
      // is answered before or after the first create is a race: both run at once.)
      const secondUpload = kinds.lastIndexOf('POST /SCFileserver/audio');
      const firstText = kinds.findIndex((k) => k.endsWith('/text'));
      expect(secondUpload).toBeGreaterThan(0);
      expect(secondUpload).toBeLessThan(firstText);
    } finally {
      await svc.close();
    }
  });

  it('has the embedded service hold a /done poll until the dictation ends, at most half the request timeout', async () => {
    const root = await tempDir('slots-hold');
    const wav = await makeBursts(path.join(root, 'one.wav'), [[0.2, 0.8]], { seconds: 1 });
    const scriptFile = path.join(root, 'script.json');
    await writeFile(scriptFile, JSON.stringify({ scripts: [], fallback: 'segments', delayMs: 1_000 }));
    const firstPoll = async (requestTimeoutMs: number): Promise<boolean> => {
      const options = { outDir: path.join(root, `out-${requestTimeoutMs}`), engine: 'scripted' as const, scriptFile, concurrency: 1, faults: undefined, baseUrl: undefined, credentials: undefined, requestTimeoutMs };
      const connection = await connect(options, 'ffmpeg');
      const client = new DictationClient({ baseUrl: connection.baseUrl, credentials: connection.credentials, requestTimeoutMs: 60_000 });
      try {
        const audioUrl = await client.uploadAudio(wav, 'audio/x-wav');
        const location = await client.createDictation({ audioUrl, audioFormat: 'pcm-16khz' });
        return await client.isDone(location); // one poll, straight after creation
      } finally {
        await client.close();
        await connection.close();
      }
    };
    expect(EMBEDDED_DONE_HOLD_MS).toBeGreaterThan(1_000);
    // 60 s request timeout: held up to 2 s, so the 1 s job's end is the answer.
    expect(await firstPoll(60_000)).toBe(true);
    // 1 s request timeout: held at most 0.5 s, so the poll answers before the job ends.
    expect(await firstPoll(1_000)).toBe(false);
  });
});
