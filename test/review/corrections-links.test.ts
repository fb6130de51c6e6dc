/**
 * Issue 30 item 14: a symbolic link inside the output folder never redirects the review's writes
 * nor shows another file: `corrections` linked to another folder, and `corrections/<src>.txt`
 * linked to another file, are refused (403 E_UNSAFE_PATH) with nothing read, shown or written.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReview, type RunningReview } from '../../src/review/index.js';
import { writeHelloRun } from '../dataset/fixture.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

let root: string;
let runDir: string;
let review: RunningReview;
const corrections = (): string => path.join(runDir, 'corrections');

beforeAll(async () => {
  root = await tempDir('corrections-links');
  ({ runDir } = await writeHelloRun(root));
  review = await startReview({ runDir, port: 0 });
});

afterAll(async () => {
  await review?.close();
  await removeTempDirs();
});

async function call(pathname: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await request(new URL(pathname, review.url), body === undefined ? {} : {
    method: 'POST', body: JSON.stringify(body),
    headers: { origin: review.url.replace(/\/$/, ''), 'content-type': 'application/json', 'x-dictclip-token': review.token },
  });
  return { status: res.statusCode, text: await res.body.text() };
}

/** Load a.wav, then save a new text on the revision loaded (a made-up one when loading was refused). */
async function loadAndSave(): Promise<{ load: { status: number; text: string }; save: { status: number; text: string } }> {
  const load = await call('/api/recording?source=a.wav');
  const revision = load.status === 200 ? (JSON.parse(load.text) as { revision: string }).revision : '0';
  return { load, save: await call('/api/save', { source: 'a.wav', revision, text: 'hijacked' }) };
}

describe('links inside the output folder (issue 30 item 14)', () => {
  it('a corrections folder linked elsewhere: nothing is read or written there', async () => {
    const elsewhere = path.join(root, 'elsewhere');
    await mkdir(elsewhere);
    await rm(corrections(), { recursive: true, force: true });
    await symlink(elsewhere, corrections());
    const { load, save } = await loadAndSave();
    expect(await readdir(elsewhere)).toEqual([]);
    expect([load.status, save.status]).toEqual([403, 403]);
    expect(JSON.parse(save.text)).toEqual({ error: 'failed', message: `E_UNSAFE_PATH: ${path.join(corrections(), 'a.wav.txt')} is in ${elsewhere}, outside the output folder (after following links): refused (only regular files inside the output folder are read or written)` });
    await rm(corrections());
  });

  it('a correction linked to another file: its content is never shown, and the link and file stay as they are', async () => {
    const secret = path.join(root, 'secret.txt');
    await writeFile(secret, 'TOP SECRET\n');
    await mkdir(corrections(), { recursive: true });
    await symlink(secret, path.join(corrections(), 'a.wav.txt'));
    const { load, save } = await loadAndSave();
    expect(load.text).not.toContain('TOP SECRET');
    expect([load.status, save.status]).toEqual([403, 403]);
    expect(JSON.parse(load.text)).toEqual({ error: 'failed', message: `E_UNSAFE_PATH: ${path.join(corrections(), 'a.wav.txt')} is a symbolic link: refused (only regular files inside the output folder are read or written)` });
    expect(await readlink(path.join(corrections(), 'a.wav.txt'))).toBe(secret);
    expect(await readFile(secret, 'utf8')).toBe('TOP SECRET\n');
    await rm(corrections(), { recursive: true });
  });

  it('saves as before when corrections/ is the output folder\'s own', async () => {
    const { load, save } = await loadAndSave();
    expect([load.status, save.status]).toEqual([200, 200]);
    expect(await readFile(path.join(corrections(), 'a.wav.txt'), 'utf8')).toBe('hijacked\n');
    expect(existsSync(path.join(root, 'elsewhere', 'a.wav.txt'))).toBe(false);
  });
});
