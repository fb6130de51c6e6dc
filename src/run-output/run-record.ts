/**
 * `<out>/run.json`: what a finished run was made with, so shard outputs can be merged safely
 * (`dictclip merge` refuses outputs made with other options or overlapping shards). Written at
 * the end of every run, atomically, beside manifest.csv.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { canonicalChannel, CHANNEL_MIX } from '../channel-choice.js';
import { DictclipError, redactUrl } from '../errors.js';
import { sha256, writeFileAtomic } from '../files.js';
import { RUN_RECORD_FILE } from './layout.js';

export const RUN_RECORD_VERSION = 1;

/**
 * The options that change what a run writes or which recordings it processes, readable (unset ones left out), and the service's identity.
 */
export type RecordedOptions = { readonly service: string } & Readonly<Record<string, unknown>>;

/** The content of run.json. */
export interface RunRecord {
  version: typeof RUN_RECORD_VERSION;
  /** `K/N` of a sharded run; null for a whole run (or a merge of shards). */
  shard: string | null;
  /**
   * Fingerprint of every option that changes the output: the per-recording clip fingerprint of
   * src/pipeline/recording/state.ts with the source left out, so it follows every option that fingerprint
   * covers, joined with the keys that chose the recordings when any is set (src/pipeline/recording/state.ts
   * runFingerprint; the key table marks them `affects: 'selection'`).
   */
  optionsFingerprint: string;
  /**
   * The reference transcripts the run used (absolute folder or table file), absent without: a
   * later run over this output that names none uses them again (src/pipeline/run/references.ts).
   */
  transcripts?: string;
  /** The same options, readable (to say which one differs). */
  options: RecordedOptions;
  /** Every recording of the run (relative paths, code point order). */
  recordings: string[];
  /** A merge: the shard outputs it was made from. */
  mergedFrom?: { shard: string; recordings: number; fingerprint: string }[];
}

/** Write `<outDir>/run.json` atomically. */
export async function writeRunRecord(outDir: string, record: RunRecord): Promise<void> {
  await writeFileAtomic(path.join(outDir, RUN_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/** Read `<outDir>/run.json`; undefined when it is missing, unreadable or of another version. */
export async function readRunRecord(outDir: string): Promise<RunRecord | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(outDir, RUN_RECORD_FILE), 'utf8')) as Partial<RunRecord> | null;
    return parsed?.version === RUN_RECORD_VERSION && Array.isArray(parsed.recordings) ? (parsed as RunRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The channel a run kept of its recordings (`channel`, canonical: left, right, 3 …) as its run.json
 * records it; undefined for the mix, a run.json without it (older runs) or none.
 */
export async function recordedChannel(outDir: string): Promise<string | undefined> {
  const value = (await readRunRecord(outDir))?.options['channel'];
  const canonical = typeof value === 'string' ? canonicalChannel(value) : undefined;
  return canonical === CHANNEL_MIX ? undefined : canonical;
}

/**
 * The refusal of a run over an output folder another dictation service made: dictating it again
 * would replace those results (and a paid service would charge again).
 */
export function otherServiceError(outDir: string, madeBy: string, service: string): DictclipError {
  const fix = madeBy.startsWith('embedded:') ? 'without --base-url' : `with --base-url ${serviceName(madeBy)} and its credentials`;
  return new DictclipError(
    'E_OTHER_SERVICE',
    `the output folder ${outDir} was dictated by ${serviceName(madeBy)}; this run would use ${serviceName(service)}, dictate every ` +
      `recording again and replace those results. Fix: run ${fix} as before, or pass --new-service to dictate it again with this ` +
      'service on purpose (a paid service charges again), or pass --out a new folder.',
    { key: 'baseUrl', path: outDir },
  );
}

/**
 * A service identity (src/pipeline/recording/state.ts serviceIdentity) for messages: the URL without credentials, or the embedded engine.
 */
export function serviceName(id: string): string {
  return id.startsWith('embedded:') ? `the embedded service (${id.split(':')[1] ?? ''})` : redactUrl(id).replace(/\/$/, '');
}

/** A short fingerprint of a record's content (to recognise a merge already done). */
export function recordFingerprint(record: RunRecord): string {
  return sha256(JSON.stringify([record.shard, record.optionsFingerprint, record.recordings])).slice(0, 16);
}
