/** Helpers of the service API tests: users alice and bob, a script, WAVs of known length, HTTP calls, polling. */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import type { RunningService, ScriptFile, ServiceOptions } from '../../src/service/index.js';
import { generate } from '../helpers/audio.js';
import { tempDir } from '../helpers/fs.js';
import { createAccount, startScriptedService } from '../helpers/service.js';

export { tempDir };

/** The script of the tests: exact words for audio of known durations. */
export const SCRIPT: ScriptFile = {
  scripts: [
    {
      match: { durationMs: 2000 },
      words: [
        { word: 'my', startMs: 390, endMs: 720, confidence: 0.9 },
        { word: 'text', startMs: 720, endMs: 1230, confidence: 0.8 },
        { word: 'so', startMs: 1260, endMs: 1550, confidence: 0.7 },
        { word: 'far', startMs: 1550, endMs: 1960, confidence: 0.6 },
      ],
    },
    { match: { durationMs: 1500 }, words: [{ word: `a<b&c]]>"'d`, startMs: 100, endMs: 900 }] },
    { match: { durationMs: 2500 }, fault: 'fail', words: [] },
    { match: { durationMs: 3000 }, fault: 'never-done', words: [] },
  ],
  fallback: 'segments',
};

export const PASSWORD = 'correct horse battery';

export interface TestService {
  service: RunningService;
  dataDir: string;
  /** Basic header of user `alice` (tenant `acme`), password changed. */
  alice: string;
  /** Basic header of user `bob` (tenant `other`), password changed. */
  bob: string;
  /** The audio folder of this test run. */
  mediaDir: string;
  close(): Promise<void>;
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Create accounts alice (acme) and bob (other), both with changed passwords. */
export async function createUsers(dataDir: string): Promise<void> {
  await createAccount(dataDir, { username: 'alice', tenant: 'acme', password: PASSWORD });
  await createAccount(dataDir, { username: 'bob', tenant: 'other', password: PASSWORD });
}

/** Start a scripted service on port 0 with alice and bob. */
export async function startTestService(options: Partial<ServiceOptions> = {}, dataDir?: string): Promise<TestService> {
  const dir = dataDir ?? (await tempDir('service'));
  const mediaDir = await tempDir('media');
  if (dataDir === undefined) await createUsers(dir);
  const debug = process.env['DEBUG_SERVICE'] === undefined ? {} : { log: (line: string) => console.log(line) };
  const service = await startScriptedService({ dataDir: dir, script: SCRIPT, ...debug, ...options });
  return {
    service,
    dataDir: dir,
    mediaDir,
    alice: basic('alice', PASSWORD),
    bob: basic('bob', PASSWORD),
    async close() {
      await service.close();
      await rm(mediaDir, { recursive: true, force: true });
      if (dataDir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A 16 kHz mono WAV of `durationMs`: silence with a 440 Hz tone in the middle. */
export async function makeWav(dir: string, name: string, durationMs: number, args: string[] = []): Promise<string> {
  const seconds = durationMs / 1000;
  return generate(`sine=frequency=440:sample_rate=16000:duration=${seconds}`, join(dir, name), [
    '-af', `volume=enable='lt(t,${seconds / 4})+gt(t,${(3 * seconds) / 4})':volume=0`, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-bitexact', '-map_metadata', '-1', ...args]);
}

/** Upload a file; returns the Location. */
export async function upload(t: TestService, path: string, auth = t.alice, contentType = 'audio/x-wav'): Promise<string> {
  const res = await request(`${t.service.url}/SCFileserver/audio`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': contentType },
    body: await readFile(path),
  });
  const body = await res.body.text();
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${body}`);
  return String(res.headers.location);
}

/** POST a form to the creation URL; returns the raw response (status, headers, text). */
export async function createRaw(t: TestService, form: Record<string, string>, auth = t.alice, scope = 'nvoq') {
  const res = await request(`${t.service.url}/SCDictation/rest/${scope}/factory/dictations/`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** Create a dictation of an uploaded audio URL; returns the Location. */
export async function create(t: TestService, audioUrl: string, extra: Record<string, string> = {}, auth = t.alice): Promise<string> {
  const res = await createRaw(t, { 'audio-url': audioUrl, 'audio-format': 'pcm-16khz', streaming: 'false', ...extra }, auth);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return String(res.headers.location);
}

/** GET a URL; returns status, headers and text. */
export async function get(url: string, auth: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers: { authorization: auth, ...headers } });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** Poll {dictation}/done until true (no time limit of its own: the test timeout applies). */
export async function waitDone(location: string, auth: string): Promise<number> {
  for (let polls = 1; ; polls++) {
    const res = await get(`${location}/done`, auth);
    if (res.status !== 200) throw new Error(`done answered ${res.status}: ${res.text}`);
    if (res.text === 'true') return polls;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
