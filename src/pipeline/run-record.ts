/**
 * `<out>/run.json`: what a finished run was made with, so shard outputs can be merged safely
 * (`dictclip merge` refuses outputs made with other options or overlapping shards). Written at
 * the end of every run, atomically, beside manifest.csv.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { compareCodePoints } from '../code-point-order.js';
import { DictclipError, redactUrl } from '../errors.js';
import { sha256, writeFileAtomic } from '../files.js';
import { clipFingerprint, dictationFingerprint } from './state.js';
import type { ResolvedRunOptions } from './types.js';

export const RUN_RECORD_FILE = 'run.json';
export const RUN_RECORD_VERSION = 1;

/** The options that change what a run writes for a recording (the rest only change speed or display). */
export const OUTPUT_OPTION_KEYS = [
  'factoryScope', 'profile', 'markers', 'markerUnit', 'maxUploadBytes', 'mode', 'padBeforeMs', 'padAfterMs', 'padMode', 'fadeMs',
  'maxGapMs', 'maxPhraseMs', 'keepPunctuation', 'match', 'minDurationMs', 'maxDurationMs', 'minCharsPerSecond', 'maxCharsPerSecond',
] as const satisfies readonly (keyof ResolvedRunOptions)[];

/**
 * Those options' values (unset ones left out) and the service's identity; with reference
 * transcripts, their fingerprint over every recording of the input and the alignment method.
 */
export type OutputOptions = Partial<Pick<ResolvedRunOptions, (typeof OUTPUT_OPTION_KEYS)[number]>> & { service: string; references?: string; align?: 'text' | 'acoustic' };

/** The content of run.json. */
export interface RunRecord {
  version: typeof RUN_RECORD_VERSION;
  /** `K/N` of a sharded run; null for a whole run (or a merge of shards). */
  shard: string | null;
  /**
   * Fingerprint of every option that changes the output: the per-recording clip fingerprint of
   * src/pipeline/state.ts with the source left out, so it follows every option that fingerprint covers.
   */
  optionsFingerprint: string;
  /** The same options, readable (to say which one differs). */
  options: OutputOptions;
  /** Every recording of the run (relative paths, code point order). */
  recordings: string[];
  /** A merge: the shard outputs it was made from. */
  mergedFrom?: { shard: string; recordings: number; fingerprint: string }[];
}

/** The run record of a run over `recordings` with `options` against the service `serviceId`. */
export function runRecord(
  options: ResolvedRunOptions,
  serviceId: string,
  recordings: readonly string[],
  shard: string | null,
  references?: { sha256: string; align: 'text' | 'acoustic' },
): RunRecord {
  const readable: Record<string, unknown> = { service: serviceId };
  for (const key of OUTPUT_OPTION_KEYS) if (options[key] !== undefined) readable[key] = options[key];
  if (references !== undefined) Object.assign(readable, { references: references.sha256, align: references.align });
  return {
    version: RUN_RECORD_VERSION,
    shard,
    optionsFingerprint: clipFingerprint(dictationFingerprint('', serviceId, options), options, references),
    options: readable as OutputOptions,
    recordings: [...recordings].sort(compareCodePoints),
  };
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

/** A service identity (src/pipeline/state.ts serviceIdentity) for messages: the URL without credentials, or the embedded engine. */
export function serviceName(id: string): string {
  return id.startsWith('embedded:') ? `the embedded service (${id.split(':')[1] ?? ''})` : redactUrl(id).replace(/\/$/, '');
}

/** A short fingerprint of a record's content (to recognise a merge already done). */
export function recordFingerprint(record: RunRecord): string {
  return sha256(JSON.stringify([record.shard, record.optionsFingerprint, record.recordings])).slice(0, 16);
}
