/**
 * The dictation core: creates dictation records, runs them through the job queue (transcode →
 * engine → transcript), cancels them, and lets callers await completion. A failed job (engine
 * error, undecodable audio) finishes the dictation with empty text, no markers and an `error`
 * entry in statsAsProperties. Jobs aborted by `close()` keep their queued/running state on disk
 * and are re-queued by `restore()` at the next start.
 */
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readWorkWav, resolveFfmpeg, transcodeToWav, type WavInfo } from '../audio/index.js';
import { containerOf, contentTypeForFormat } from '../upload-audio.js';
import { DictclipError } from '../errors.js';
import type { AudioStore } from './audio-store.js';
import { contentId } from './ids.js';
import type { DictationFaults } from './faults/index.js';
import type { ProfileSource } from './profiles.js';
import { FILE_MODE, makePrivateDir } from './private-files.js';
import { JobQueue } from './queue.js';
import { isFinished, type DictationRecord, type DictationStore } from './store.js';
import { composeTranscript } from './transcript/index.js';
import type { Engine } from './types.js';

export interface CoreDeps {
  dataDir: string;
  store: DictationStore;
  audio: AudioStore;
  engine: Engine;
  profiles: ProfileSource;
  jobConcurrency: number;
  ffmpegPath: string | undefined;
  /** Where the scripted engine's permanent faults of finished dictations are kept (in memory). */
  dictationFaults: DictationFaults;
  log: (line: string) => void;
}

export type NewDictation = Pick<DictationRecord,
  'tenant' | 'user' | 'audioId' | 'audioFormat' | 'profile' | 'streaming' | 'priority' | 'jobDelayInMillis' |
  'clientObserverId' | 'clientObserverExpireSeconds'>;

const CANCELED = Symbol('canceled');
const SHUTDOWN = Symbol('shutdown');

export class DictationCore {
  readonly #deps: CoreDeps;
  readonly #queue: JobQueue;
  readonly #waiters = new Map<string, Set<() => void>>();

  constructor(deps: CoreDeps) {
    this.#deps = deps;
    this.#queue = new JobQueue(deps.jobConcurrency, (key, signal) => this.#run(key, signal), (key, error) => {
      deps.log(`job ${key} crashed: ${(error as Error).message}`);
    });
  }

  /** Load stored dictations and re-queue those that were queued or running. */
  async restore(): Promise<void> {
    const records = await this.#deps.store.load((path, error) => this.#deps.log(`cannot load ${path}: ${(error as Error).message}`));
    for (const record of records.filter((r) => !isFinished(r)).sort((a, b) => a.queuedTime - b.queuedTime)) {
      if (record.state === 'running') await this.#deps.store.save({ ...record, state: 'queued' });
      this.#enqueue(record);
    }
  }

  /**
   * Create and queue a dictation. Creation is idempotent: the id derives from the tenant, the
   * audio (content-addressed), every creation parameter and the engine, and an existing dictation
   * with that id is returned as it is — unless it was canceled or failed, in which case a fresh
   * one is made. A client retrying a creation whose answer it lost gets the same dictation back.
   */
  async create(input: NewDictation): Promise<DictationRecord> {
    const base = [
      'dictation', input.tenant, input.audioId, input.audioFormat, input.profile ?? '', String(input.streaming),
      String(input.priority), String(input.jobDelayInMillis), input.clientObserverId ?? '', this.#deps.engine.name,
    ];
    let id = contentId(...base);
    for (let attempt = 1; ; attempt++) {
      const existing = this.#deps.store.get(input.tenant, id);
      if (existing === undefined) break;
      if (existing.state !== 'canceled' && existing.state !== 'failed') return existing;
      id = contentId(...base, `again-${attempt}`);
    }
    const record: DictationRecord = {
      ...input,
      id,
      observerId: contentId('observer', input.tenant, id),
      observerDeregistered: false,
      queuedTime: Date.now(),
      state: 'queued',
      canceledTime: undefined,
      doneTime: undefined,
      result: undefined,
      error: undefined,
    };
    await this.#deps.store.save(record);
    this.#enqueue(record);
    return record;
  }

  /** Cancel a queued or running dictation; a finished one is left as it is. */
  async cancel(record: DictationRecord): Promise<DictationRecord> {
    if (isFinished(record)) return record;
    const now = Date.now();
    const canceled: DictationRecord = { ...record, state: 'canceled', canceledTime: now, doneTime: now, result: undefined };
    await this.#deps.store.save(canceled);
    this.#queue.cancel(keyOf(record), CANCELED);
    this.#notify(keyOf(record));
    return canceled;
  }

  /** Resolve with the record once it is finished; rejects E_ABORTED when `signal` aborts. */
  waitFinished(tenant: string, id: string, signal: AbortSignal): Promise<DictationRecord> {
    const key = `${tenant}/${id}`;
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const record = this.#deps.store.get(tenant, id);
        if (record !== undefined && isFinished(record)) done(() => resolve(record));
      };
      const onAbort = (): void => done(() => reject(new DictclipError('E_ABORTED', 'The dictation was abandoned.', { cause: signal.reason })));
      const done = (settle: () => void): void => {
        this.#waiters.get(key)?.delete(check);
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const set = this.#waiters.get(key) ?? new Set();
      set.add(check);
      this.#waiters.set(key, set);
      check();
    });
  }

  /** Abort running jobs (they stay queued on disk) and wait for them and for pending writes. */
  async close(): Promise<void> {
    await this.#queue.close(SHUTDOWN);
    await this.#deps.store.flush();
  }

  #enqueue(record: DictationRecord): void {
    this.#queue.add({ key: keyOf(record), priority: record.priority, notBefore: record.queuedTime + record.jobDelayInMillis });
  }

  #notify(key: string): void {
    for (const check of [...(this.#waiters.get(key) ?? [])]) check();
    if (this.#waiters.get(key)?.size === 0) this.#waiters.delete(key);
  }

  /**
   * The audio the engine reads: the upload itself when it already is 16 kHz mono 16-bit PCM WAV
   * with a plain 44-byte header (what dictclip uploads: no second ffmpeg run), else a transcode
   * that reads the upload with the demuxer of its audio-format only (never a probe: an upload is
   * decoded only as what it claims to be, so a playlist never makes ffmpeg open other files).
   */
  async #engineAudio(upload: string, audioFormat: string, wavPath: string, signal: AbortSignal): Promise<{ path: string; info: WavInfo }> {
    const demuxer = containerOf(contentTypeForFormat(audioFormat))?.demuxer;
    if (demuxer === undefined) throw new DictclipError('E_INPUT', `No decoder for audio-format "${audioFormat}".`);
    const info = demuxer === 'wav' ? await readWorkWav(upload) : undefined;
    if (info !== undefined) return { path: upload, info };
    const ffmpegPath = await resolveFfmpeg(this.#deps.ffmpegPath);
    await makePrivateDir(join(this.#deps.dataDir, 'work'));
    const decoded = await transcodeToWav(upload, wavPath, { ffmpegPath, signal, demuxer });
    await chmod(wavPath, FILE_MODE); // ffmpeg creates it under the umask
    return { path: wavPath, info: decoded };
  }

  async #run(key: string, signal: AbortSignal): Promise<void> {
    const [tenant = '', id = ''] = key.split('/');
    const { store, audio, engine, profiles } = this.#deps;
    const queued = store.get(tenant, id);
    if (queued === undefined || isFinished(queued)) return;
    await store.save({ ...queued, state: 'running' });
    const wavPath = join(this.#deps.dataDir, 'work', `${tenant}-${id}.wav`);
    let finished: DictationRecord;
    try {
      const { path, info } = await this.#engineAudio(audio.path(tenant, queued.audioId), queued.audioFormat, wavPath, signal);
      const recognition = await engine.recognize(path, { durationMs: info.durationMs, signal });
      const profile = queued.profile === undefined ? undefined : await profiles.find(queued.profile);
      const transcript = composeTranscript(recognition, profile);
      if (signal.aborted) throw signal.reason;
      this.#deps.dictationFaults.set(key, recognition.fault);
      finished = { ...queued, state: 'done', doneTime: Date.now(), result: { ...transcript, durationMs: info.durationMs } };
    } catch (error) {
      if (signal.aborted) return; // canceled (already saved) or shutdown (re-queued at next start)
      const message = error instanceof Error ? error.message : String(error);
      this.#deps.log(`dictation ${key} failed: ${error instanceof DictclipError ? error.describe() : message}`);
      finished = { ...queued, state: 'failed', doneTime: Date.now(), result: undefined, error: message };
    } finally {
      await rm(wavPath, { force: true });
    }
    const current = store.get(tenant, id);
    if (current === undefined || isFinished(current)) return;
    await store.save({ ...finished, observerDeregistered: current.observerDeregistered });
    this.#notify(key);
  }
}

function keyOf(record: DictationRecord): string {
  return `${record.tenant}/${record.id}`;
}
