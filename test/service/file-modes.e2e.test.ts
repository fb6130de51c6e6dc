/**
 * Everything the service stores is private to its user whatever the umask: files 0600, folders
 * 0700 (accounts.json holds password and key hashes; audio and dictations are the users' data).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, makeWav, startTestService, upload, waitDone, type TestService } from './helpers.js';

async function modes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = { '.': ((await stat(root)).mode & 0o777).toString(8) };
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.name.endsWith('.lock')) continue; // proper-lockfile's transient lock folder
    out[relative(root, path)] = ((await stat(path)).mode & 0o777).toString(8);
  }
  return out;
}

describe('stored files under umask 022', () => {
  let t: TestService;
  let previous: number;
  beforeAll(() => {
    previous = process.umask(0o022);
  });
  afterAll(async () => {
    await t.close();
    process.umask(previous);
  });

  it('are 0600, their folders 0700', async () => {
    t = await startTestService();
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'a.wav', 2000)));
    await waitDone(location, t.alice);
    // `done` answers from memory; the record's file is written after. Closing waits for every
    // pending write (close is idempotent: afterAll closes again and removes the folders).
    await t.service.close();
    const found = await modes(t.dataDir);
    expect(Object.keys(found).filter((p) => p.endsWith('.audio'))).toHaveLength(1);
    expect(Object.keys(found).filter((p) => p.startsWith('dictations/acme/'))).toHaveLength(1);
    for (const [path, mode] of Object.entries(found)) {
      const isFolder = ['.', 'audio', 'audio/acme', 'dictations', 'dictations/acme'].includes(path);
      expect([path, mode]).toEqual([path, isFolder ? '700' : '600']);
    }
    expect(found['accounts.json']).toBe('600');
  });
});
