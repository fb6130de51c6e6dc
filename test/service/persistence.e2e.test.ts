import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptedEngine, type Engine } from '../../src/service/index.js';
import { create, createUsers, get, makeWav, SCRIPT, startTestService, tempDir, upload, waitDone, type TestService } from './helpers.js';

const parser = new XMLParser({ parseTagValue: false });

function dictationOf(xml: string): Record<string, unknown> & { statsAsProperties: { entry?: unknown } | '' } {
  return (parser.parse(xml) as { dictation: Record<string, unknown> & { statsAsProperties: { entry?: unknown } | '' } }).dictation;
}

function entries(xml: string): Map<string, string> {
  const stats = dictationOf(xml).statsAsProperties;
  const list = stats === '' || stats.entry === undefined ? [] : ([] as { key: string; value: string }[]).concat(stats.entry as never);
  return new Map(list.map((e) => [e.key, e.value]));
}

describe('restart persistence', () => {
  it('keeps finished dictations and audio, and re-queues a dictation that was running', async () => {
    const dataDir = await tempDir('persist');
    await createUsers(dataDir);
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = createScriptedEngine({ scripts: [{ words: [{ word: 'late', startMs: 0, endMs: 100 }], delayMs: 600_000 }] });
    let calls = 0;
    const first: Engine = {
      name: 'slow-first',
      check: async () => undefined,
      recognize: (path, options) => {
        calls += 1;
        // the first job (the finished one) answers from the test script, the second one hangs
        if (calls === 1) return createScriptedEngine(SCRIPT).recognize(path, options);
        started();
        return slow.recognize(path, options);
      },
    };
    const t1 = await startTestService({ engine: first, jobConcurrency: 1 }, dataDir);
    let t2: TestService | undefined;
    try {
      const audioUrl = await upload(t1, await makeWav(t1.mediaDir, 'speech.wav', 2000));
      const finished = await create(t1, audioUrl);
      await waitDone(finished, t1.alice);
      const interrupted = await create(t1, audioUrl, { priority: '1' }); // other parameters: another dictation
      await running;
      await t1.close();
      const id = interrupted.split('/').at(-1) ?? '';
      const onDisk = JSON.parse(await readFile(join(dataDir, 'dictations', 'acme', `${id}.json`), 'utf8')) as { state: string };
      expect(onDisk.state).toBe('running');

      t2 = await startTestService({}, dataDir);
      const base = t2.service.url;
      const moved = (url: string): string => url.replace(t1.service.url, base);
      expect((await get(`${moved(finished)}/text`, t2.alice)).text).toBe('My text so far.');
      const audio = await fetch(moved(audioUrl), { headers: { authorization: t2.alice } });
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBe(44 + 64000);
      await waitDone(moved(interrupted), t2.alice);
      expect((await get(`${moved(interrupted)}/text`, t2.alice)).text).toBe('My text so far.');
    } finally {
      await t1.close();
      await t2?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('cancel, failures and results before done', () => {
  let t: TestService;
  let hanging: string;
  let twoSeconds: string;

  beforeAll(async () => {
    t = await startTestService();
    hanging = await upload(t, await makeWav(t.mediaDir, 'hang.wav', 3000));
    twoSeconds = await upload(t, await makeWav(t.mediaDir, 'two.wav', 2000));
  });
  afterAll(async () => t.close());

  const post = (url: string) => fetch(url, { method: 'POST', headers: { authorization: t.alice } });

  it('answers 409 for text and statistics before done, details with no markers, then cancels a running dictation', async () => {
    const location = await create(t, hanging);
    expect((await get(`${location}/done`, t.alice)).text).toBe('false');
    const before = await get(location, t.alice);
    expect(before.status).toBe(200); // README: the details of a dictation not yet done answer 200, no markers
    expect(dictationOf(before.text).done).toBe('false');
    expect(entries(before.text).has('wordMarkers')).toBe(false);
    for (const suffix of ['/text', '/audio/stats', '/text/stats']) {
      const res = await get(`${location}${suffix}`, t.alice);
      expect([suffix, res.status]).toEqual([suffix, 409]);
      expect(res.text).toContain('<code>E_NOT_DONE</code>');
    }
    const cancel = await post(`${location}/cancel`);
    expect([cancel.status, await cancel.text()]).toEqual([200, 'true']);
    expect((await get(`${location}/done`, t.alice)).text).toBe('true');
    expect((await get(`${location}/text`, t.alice)).text).toBe('');
    const xml = (await get(location, t.alice)).text;
    const dictation = dictationOf(xml);
    expect(dictation.canceled).toBe('true');
    expect(Number(dictation.canceledTime)).toBeGreaterThan(Number(dictation.queuedTime) - 1);
    expect(entries(xml).get('wordMarkers')).toBe('[]');
  });

  it('cancels a delayed dictation before it starts and leaves a finished one unchanged', async () => {
    const delayed = await create(t, twoSeconds, { jobDelayInMillis: '600000' });
    expect((await post(`${delayed}/cancel`)).status).toBe(200);
    expect(dictationOf((await get(delayed, t.alice)).text).canceled).toBe('true');

    const normal = await create(t, twoSeconds);
    await waitDone(normal, t.alice);
    const cancel = await post(`${normal}/cancel`);
    expect([cancel.status, await cancel.text()]).toEqual([200, 'false']);
    expect(dictationOf((await get(normal, t.alice)).text).canceled).toBe('false');
    expect((await get(`${normal}/text`, t.alice)).text).toBe('My text so far.');
  });

  it('finishes a failed engine job with empty text, no markers and an error entry', async () => {
    const failing = await upload(t, await makeWav(t.mediaDir, 'fail.wav', 2500));
    const location = await create(t, failing);
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('');
    const stats = entries((await get(location, t.alice)).text);
    expect(stats.get('wordMarkers')).toBe('[]');
    expect(stats.get('error')).toBe('The scripted engine failed as scripted (fault "fail").');
    const audioStats = await get(`${location}/audio/stats`, t.alice);
    expect(audioStats.status).toBe(200);
    expect(audioStats.text).toContain('<entry key="numWordAudioSegments">0</entry>');
  });

  it('finishes a dictation of undecodable audio with an ffmpeg error entry', async () => {
    const junkPath = join(t.mediaDir, 'junk.ogg');
    await writeFile(junkPath, Buffer.from(`OggS${'this is not audio at all'.repeat(10)}`)); // starts as Ogg, decodes as nothing
    const junk = await upload(t, junkPath, t.alice, 'audio/ogg');
    const location = await create(t, junk, { 'audio-format': 'ogg' });
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('');
    expect(entries((await get(location, t.alice)).text).get('error')).toMatch(/ffmpeg/i);
  });
});
