/**
 * The marker methods' table and dictating one chunk through it: which calls each method makes,
 * which slot they hold, and a chunk an earlier run created polled instead of dictated again.
 * The client is a stand-in recording its calls (the methods against a real service are covered
 * by test/pipeline/run.e2e.test.ts and run.resume-chunks.e2e.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DictationClient } from '../../../../src/client/index.js';
import { dictateChunk } from '../../../../src/pipeline/stages/dictation/dictate.js';
import type { DictateContext } from '../../../../src/pipeline/stages/dictation/dictate.js';
import { MARKER_METHODS } from '../../../../src/pipeline/stages/dictation/methods/index.js';
import { PendingDictations } from '../../../../src/pipeline/recording/pending.js';
import { RecordingStore } from '../../../../src/pipeline/recording/store.js';
import type { RecordingState } from '../../../../src/run-output/state-file.js';
import { KEYS } from '../../../../src/config/keys.js';

const BASE = 'http://127.0.0.1:1';
const SPAN = { startSample: 0, endSample: 16_000 };
const MARKERS = JSON.stringify([{ audioStart: 0.1, audioLength: 0.3, textStart: 0, textLength: 5, text: 'hello' }]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dictate-chunk-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A client that answers every call at once and lists them as `name location-or-path`. */
function stubClient(calls: string[]): DictationClient {
  const stub = {
    uploadAudio: (file: string) => (calls.push(`upload ${path.basename(file)}`), Promise.resolve(`${BASE}/audio/a1`)),
    createDictation: () => (calls.push('create'), Promise.resolve(`${BASE}/dictations/d-new`)),
    waitForDone: (location: string) => (calls.push(`wait ${location}`), Promise.resolve({ polls: 2 })),
    getText: (location: string) => (calls.push(`text ${location}`), Promise.resolve('hello')),
    getDictation: (location: string) => {
      calls.push(`dictation ${location}`);
      return Promise.resolve({ canceled: false, statsAsProperties: new Map([['wordMarkers', MARKERS]]) });
    },
  };
  return stub as unknown as DictationClient;
}

function context(calls: string[]): DictateContext {
  return {
    client: stubClient(calls), baseUrl: BASE, credentials: { scheme: 'apikey', username: 'u', apiKey: 'k' },
    method: 'new', markerUnit: 'seconds', profile: undefined, pollInitialMs: 1, pollMaxMs: 1, signal: new AbortController().signal,
  };
}

/** Slots that log which one each call ran in. */
function slots(calls: string[]) {
  const upload = pLimit(1);
  const dictation = pLimit(1);
  const tagged = (name: string, limit: ReturnType<typeof pLimit>) =>
    Object.assign(<T>(fn: () => Promise<T>) => limit(() => (calls.push(`[${name} slot]`), fn())), limit) as ReturnType<typeof pLimit>;
  return { upload: tagged('upload', upload), dictation: tagged('dictation', dictation) };
}

function job(state?: { location: string }) {
  return {
    recording: { relPath: 'a.wav' }, statePath: path.join(dir, 'a.json'), sourceFingerprint: { size: 1, mtimeMs: 1, sha256: 'h' },
    fingerprints: { dictation: 'fp' },
    state: state === undefined ? undefined : { pending: { fingerprint: 'fp', chunks: [{ ...SPAN, location: state.location }] } } as RecordingState,
  };
}

/** The recording's pending dictations, saved through its store (the state file `a.json`). */
function pendingOf(state?: { location: string }): PendingDictations {
  const j = job(state);
  const store = new RecordingStore(j, dir);
  return new PendingDictations(j.state?.pending, j.fingerprints.dictation, (p) => store.savePending(p));
}

describe('the marker method table', () => {
  it('has one row per value of the markers option, each under its own name', () => {
    const type = KEYS.find((k) => k.key === 'markers')?.type;
    if (type?.kind !== 'enum') throw new Error('the markers key is not an enum');
    const values = type.values;
    expect(Object.keys(MARKER_METHODS).sort()).toEqual([...values].sort());
    for (const [name, method] of Object.entries(MARKER_METHODS)) expect(method.name).toBe(name);
  });

  it('the HTTP methods upload ahead and resume by location; WebSocket does neither', () => {
    expect(typeof MARKER_METHODS.new.prepare).toBe('function');
    expect(typeof MARKER_METHODS.old.resume).toBe('function');
    expect(typeof MARKER_METHODS.new.resume).toBe('function');
    expect(MARKER_METHODS.websocket.prepare).toBeUndefined();
    expect(MARKER_METHODS.websocket.resume).toBeUndefined();
  });
});

describe('dictateChunk', () => {
  it('new method: uploads in an upload slot, creates and polls in a dictation slot, and saves the location for a resume', async () => {
    const calls: string[] = [];
    const pending = pendingOf();
    const outcome = await dictateChunk(context(calls), { path: path.join(dir, 'c0.wav'), durationMs: 1000, span: SPAN }, { limits: slots(calls), pending, warn: () => undefined });
    expect(calls).toEqual([
      '[upload slot]', 'upload c0.wav',
      '[dictation slot]', 'create', `wait ${BASE}/dictations/d-new`, `text ${BASE}/dictations/d-new`, `dictation ${BASE}/dictations/d-new`,
    ]);
    expect(outcome).toMatchObject({ dictationId: 'd-new', transcript: 'hello', polls: 2, markers: [{ text: 'hello', startMs: 100, endMs: 400 }] });
    expect(pending.earlier(SPAN)?.location).toBe(`${BASE}/dictations/d-new`);
    const saved = JSON.parse(await readFile(path.join(dir, 'a.json'), 'utf8')) as { pending: unknown };
    expect(saved.pending).toEqual({ fingerprint: 'fp', chunks: [{ ...SPAN, location: `${BASE}/dictations/d-new` }] });
  });

  it('a chunk an earlier run created is polled at its location: nothing uploaded or created', async () => {
    const calls: string[] = [];
    const earlier = `${BASE}/dictations/d-old`;
    const outcome = await dictateChunk(context(calls), { path: path.join(dir, 'c0.wav'), durationMs: 1000, span: SPAN }, {
      limits: slots(calls), pending: pendingOf({ location: earlier }), warn: () => undefined,
    });
    expect(calls).toEqual(['[dictation slot]', `wait ${earlier}`, `text ${earlier}`, `dictation ${earlier}`]);
    expect(outcome).toMatchObject({ dictationId: 'd-old', polls: 2 });
  });
});
