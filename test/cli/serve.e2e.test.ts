import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from './fake-io.js';
import { basic, create, createUsers, get, makeWav, PASSWORD, upload, type TestService } from '../service/helpers.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-serve-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('dictclip serve', () => {
  it('announces its URL, logs requests to stderr and stops with exit 0 on abort', async () => {
    const controller = new AbortController();
    const fake = fakeIo({ cwd, signal: controller.signal });
    const exit = main(['serve', '--data', 'svc', '--port', '0', '--engine', 'scripted'], fake.io);
    const stdout = await fake.waitForStdout('\n');
    const url = /^dictclip service listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(stdout)?.[1];
    expect(url).toBeDefined();
    const response = await fetch(`${url ?? ''}/SCDictation/rest/nvoq/factory/dictations/`, { method: 'POST' });
    expect(response.status).toBe(401);
    controller.abort();
    expect(await exit).toBe(0);
    expect(fake.stderr()).toContain('/SCDictation/rest/nvoq/factory/dictations/');
    expect(fake.stderr()).toContain('401');
    expect(fake.stdout()).toBe(stdout);
  });
});

describe('dictclip serve --done-hold-ms and --per-user-limit', () => {
  it('holds a poll of an unfinished dictation, which takes the user\'s one place meanwhile', async () => {
    const data = join(cwd, 'svc');
    await createUsers(data);
    const script = join(cwd, 'script.json');
    writeFileSync(script, JSON.stringify({ scripts: [{ match: { durationMs: 2000 }, delayMs: 3000, words: [{ word: 'held', startMs: 500, endMs: 900 }] }] }));
    const controller = new AbortController();
    const fake = fakeIo({ cwd, signal: controller.signal });
    const exit = main(['serve', '--data', 'svc', '--port', '0', '--script', 'script.json', '--done-hold-ms', '10000', '--per-user-limit', '1'], fake.io);
    const url = /listening on (\S+)\n/.exec(await fake.waitForStdout('\n'))![1]!;
    const t = { service: { url }, alice: basic('alice', PASSWORD) } as TestService;
    const location = await create(t, await upload(t, await makeWav(cwd, 'two.wav', 2000)));
    // The job takes 3 s: answered at once, this poll would say false.
    const held = get(`${location}/done`, t.alice);
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      // Another request of alice's while the poll is held finds her one place taken.
      const res = await get(`${location}/text`, t.alice);
      refused = res.status === 503;
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toBe(true);
    expect(await held).toMatchObject({ status: 200, text: 'true' });
    controller.abort();
    expect(await exit).toBe(0);
  }, 30_000);

  it.each([
    [['--done-hold-ms', '10001'], '--done-hold-ms: "10001" is not an integer from 0 to 10000'],
    [['--per-user-limit', '0'], '--per-user-limit: "0" is not an integer from 1 to 10000'],
  ])('refuses %j with exit 2', async (flags, message) => {
    const fake = fakeIo({ cwd });
    expect(await main(['serve', '--data', 'svc', ...flags], fake.io)).toBe(2);
    expect(fake.stderr()).toContain(message);
  });
});
