import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from './fake-io.js';

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
