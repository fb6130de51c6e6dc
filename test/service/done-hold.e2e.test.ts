/**
 * The long poll of GET …/done (service option doneHoldMs): a held poll answers `true` once the job
 * ends, `false` after the hold, is let go when the client hangs up (its per-user place is freed)
 * and answers `false` when the service closes. No timing is asserted and nothing waits for time
 * to pass: with `perUserLimit: 1` a held poll takes the user's one place, so a second request
 * answered 503 proves the poll has reached the service and is being held.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedEngine, startService, type Engine } from '../../src/service/index.js';
import { create, get, makeWav, SCRIPT, startTestService, upload, type TestService } from './helpers.js';

let t: TestService | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Poll `url` until the user's one place is taken (503): the held poll is in. */
async function untilHeld(url: string, authorization: string): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    if ((await get(url, authorization)).status === 503) return;
  }
  throw new Error('the poll was never held');
}

/** An engine whose jobs end only when the test says so. */
function gatedEngine(): { engine: Engine; started: Promise<void>; release: () => void } {
  let release = (): void => undefined;
  let started = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const startedPromise = new Promise<void>((resolve) => {
    started = resolve;
  });
  const scripted = createScriptedEngine(SCRIPT);
  return {
    started: startedPromise,
    release: () => release(),
    engine: {
      name: 'gated',
      check: async () => undefined,
      recognize: async (path, options) => {
        started();
        await gate;
        return scripted.recognize(path, options);
      },
    },
  };
}

describe('held GET /done (doneHoldMs)', () => {
  it('answers true as soon as the job ends, not before', async () => {
    const gated = gatedEngine();
    t = await startTestService({ engine: gated.engine, doneHoldMs: 10_000, perUserLimit: 1 });
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'two.wav', 2000)));
    await gated.started;
    const order: string[] = [];
    const answer = get(`${location}/done`, t.alice).then((res) => {
      order.push(`answered ${res.status} ${res.text}`);
    });
    await untilHeld(`${location}/text`, t.alice); // were it not held it would have answered false by now
    expect(order).toEqual([]);
    order.push('job released');
    gated.release();
    await answer;
    expect(order).toEqual(['job released', 'answered 200 true']);
    // A finished dictation's /done is answered at once, as without the option.
    expect(await get(`${location}/done`, t.alice)).toMatchObject({ status: 200, text: 'true' });
  });

  it('answers false once the hold has passed, and again on the next poll', async () => {
    t = await startTestService({ doneHoldMs: 50 });
    // 3000 ms audio: the script's never-done fault
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'never.wav', 3000)));
    expect(await get(`${location}/done`, t.alice)).toMatchObject({ status: 200, text: 'false' });
    expect(await get(`${location}/done`, t.alice)).toMatchObject({ status: 200, text: 'false' });
  });

  it('lets a poll go when its client hangs up: the per-user place it held is free again', async () => {
    t = await startTestService({ doneHoldMs: 10_000, perUserLimit: 1 });
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'never.wav', 3000)));
    const client = new AbortController();
    const held = request(`${location}/done`, { headers: { authorization: t.alice }, signal: client.signal });
    held.catch(() => undefined);
    // While it is held, the user's one place is taken. Probed on /text, which never holds: a probe on /done that arrived
    // before the poll would itself be held, and the poll refused.
    await untilHeld(`${location}/text`, t.alice);
    client.abort();
    await expect(held).rejects.toThrow();
    let after = await get(`${location}/text`, t.alice);
    for (let tries = 0; after.status === 503 && tries < 1000; tries++) after = await get(`${location}/text`, t.alice); // the server sees the hang-up a moment later
    expect(after.status).toBe(409); // the text route answers (not done yet) instead of 503
  });

  it('answers false to a held poll when the service closes, and closes without waiting out the hold', async () => {
    t = await startTestService({ doneHoldMs: 10_000, perUserLimit: 1 });
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'never.wav', 3000)));
    const answer = get(`${location}/done`, t.alice);
    await untilHeld(`${location}/text`, t.alice);
    const closed = t.service.close();
    expect(await answer).toMatchObject({ status: 200, text: 'false' });
    await closed;
  });

  it('refuses a hold outside 0 … 10000 ms', async () => {
    await expect(startService({ dataDir: '/nonexistent-dictclip', port: 0, engine: 'scripted', doneHoldMs: 10_001 }))
      .rejects.toMatchObject({ code: 'E_CONFIG', context: { key: 'doneHoldMs' } });
    await expect(startService({ dataDir: '/nonexistent-dictclip', port: 0, engine: 'scripted', doneHoldMs: -1 }))
      .rejects.toMatchObject({ code: 'E_CONFIG', context: { key: 'doneHoldMs' } });
  });
});
