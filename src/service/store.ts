/**
 * Persistence of dictations: `<dataDir>/dictations/<tenant>/<id>.json`, one file per dictation
 * (metadata, and the result once done), written atomically. The store keeps every record in
 * memory too; writes of one record are serialized so the file always holds the latest state.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { WordMarker } from '../markers/model.js';
import { writeFileAtomic } from '../files.js';
import { readJsonFile } from './json-file.js';
import { FILE_MODE } from './private-files.js';

/** queued → running → done | failed; canceled from queued or running. */
export type DictationState = 'queued' | 'running' | 'done' | 'failed' | 'canceled';

export interface DictationResultRecord {
  text: string;
  substitutedText: string;
  markers: WordMarker[];
  confidence: number;
  /** Duration of the transcoded audio, ms. */
  durationMs: number;
}

export interface DictationRecord {
  id: string;
  tenant: string;
  user: string;
  audioId: string;
  audioFormat: string;
  profile: string | undefined;
  streaming: boolean;
  priority: number;
  jobDelayInMillis: number;
  clientObserverId: string | undefined;
  clientObserverExpireSeconds: number | undefined;
  observerId: string;
  observerDeregistered: boolean;
  queuedTime: number;
  state: DictationState;
  canceledTime: number | undefined;
  /** Epoch ms when the job finished (done, failed or canceled). */
  doneTime: number | undefined;
  result: DictationResultRecord | undefined;
  /** Message of a failed job. */
  error: string | undefined;
}

/** True once the dictation reports done (finished, failed or canceled). */
export function isFinished(record: DictationRecord): boolean {
  return record.state === 'done' || record.state === 'failed' || record.state === 'canceled';
}

/** In-memory map of dictations backed by one JSON file each. */
export class DictationStore {
  readonly #root: string;
  readonly #records = new Map<string, DictationRecord>();
  readonly #writes = new Map<string, Promise<void>>();

  constructor(dataDir: string) {
    this.#root = join(dataDir, 'dictations');
  }

  /** Load every stored dictation (at start). Unreadable files are reported through `onError`. */
  async load(onError: (path: string, error: unknown) => void): Promise<DictationRecord[]> {
    const tenants = await readdir(this.#root).catch(() => [] as string[]);
    for (const tenant of tenants) {
      const files = await readdir(join(this.#root, tenant)).catch(() => [] as string[]);
      for (const file of files.filter((f) => /^[A-Za-z0-9_-]+\.json$/.test(f))) {
        const path = join(this.#root, tenant, file);
        try {
          const record = (await readJsonFile(path)) as DictationRecord | undefined;
          if (record !== undefined && record.tenant === tenant) this.#records.set(key(tenant, record.id), record);
        } catch (error) {
          onError(path, error);
        }
      }
    }
    return [...this.#records.values()];
  }

  /** The record of a tenant's dictation, or undefined (also for another tenant's id). */
  get(tenant: string, id: string): DictationRecord | undefined {
    return this.#records.get(key(tenant, id));
  }

  /** The tenant's dictation whose observer id is `observerId`. */
  findByObserver(tenant: string, observerId: string): DictationRecord | undefined {
    for (const record of this.#records.values()) {
      if (record.tenant === tenant && record.observerId === observerId) return record;
    }
    return undefined;
  }

  /** Store a new or changed record (memory now, file in order). */
  save(record: DictationRecord): Promise<void> {
    const k = key(record.tenant, record.id);
    this.#records.set(k, record);
    const path = join(this.#root, record.tenant, `${record.id}.json`);
    const previous = this.#writes.get(k) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => writeFileAtomic(path, JSON.stringify(this.#records.get(k) ?? record), { mode: FILE_MODE }));
    this.#writes.set(k, next);
    void next.finally(() => {
      if (this.#writes.get(k) === next) this.#writes.delete(k);
    }).catch(() => undefined);
    return next;
  }

  /** Wait for every pending write. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#writes.values()]);
  }
}

function key(tenant: string, id: string): string {
  return `${tenant}/${id}`;
}
