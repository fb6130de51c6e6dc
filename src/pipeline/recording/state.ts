import { lstatSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { DictclipError } from '../../errors.js';
import { wholeMsEnd } from '../../markers/index.js';
import { compareCodePoints } from '../../code-point-order.js';
import { sha256 } from '../../files.js';
import { RUN_RECORD_VERSION, type RecordedOptions, type RunRecord } from '../../run-output/run-record.js';
import { fingerprintFields, recordedOptions, selectionFields } from '../../config/fingerprint.js';
import type { KeySpec } from '../../config/keys.js';
import type { ClipOptions, DictationOptions } from '../../config/options.js';
import { resolveInside } from '../../run-output/safe-path.js';
import type { ManifestRow } from '../../run-output/rows.js';
import { STATE_VERSION, type RecordingState } from '../../run-output/state-file.js';
import type { ResolvedRunOptions } from '../types.js';

/** What to do with a recording: skip it, re-plan and re-cut from saved markers, or dictate again. */
export type ResumeDecision = 'done' | 'recut' | 'dictate';

/** A recording's state: its identity (layout version, source, fingerprint) and `parts`. */
export function recordingState(
  job: { recording: { relPath: string }; sourceFingerprint: RecordingState['sourceFingerprint'] },
  parts: Omit<RecordingState, 'version' | 'source' | 'sourceFingerprint'>,
): RecordingState {
  return { version: STATE_VERSION, source: job.recording.relPath, sourceFingerprint: job.sourceFingerprint, ...parts };
}


/**
 * Fingerprint of everything that changes a dictation: the source content, the service, and every
 * option the key table marks as affecting the dictation (src/config/fingerprint.ts).
 */
export function dictationFingerprint(
  sourceSha256: string,
  serviceId: string,
  options: Partial<DictationOptions>,
  keys?: readonly KeySpec[],
): string {
  return sha256(JSON.stringify({ source: sourceSha256, ...fingerprintFields('dictation', options, { service: serviceId }, keys) }));
}

/**
 * The "dictation" fingerprint of a recording the embedded engine aligns directly with its
 * reference (no recognition): what it saves in place of a dictation is the aligned reference, so
 * changing the reference (its hash) makes it align again, and running it without one dictates it.
 */
export function directFingerprint(dictationFp: string, referenceSha256: string): string {
  return sha256(JSON.stringify({ dictation: dictationFp, direct: referenceSha256 }));
}

/**
 * Fingerprint of every option the key table marks as affecting the clips, on top of a dictation
 * fingerprint; `reference` = the reference transcript's hash and the alignment method (absent
 * without one, so earlier runs keep theirs).
 */
export function clipFingerprint(
  dictationFp: string,
  options: Partial<ClipOptions>,
  reference?: { sha256: string; align: 'text' | 'acoustic'; edits?: string },
  keys?: readonly KeySpec[],
): string {
  return sha256(JSON.stringify({ dictation: dictationFp, ...fingerprintFields('clips', options, { reference }, keys) }));
}

/**
 * Decide what a rerun does with a recording: `done` when the clip fingerprint matches and every
 * clip file is present (and its rows are in whole ms), `recut` when only the dictation fingerprint matches (or clips are
 * missing), else `dictate`.
 */
export function decide(
  state: RecordingState | undefined,
  fingerprints: { dictation: string; clips: string },
  allClipFilesPresent: boolean,
): ResumeDecision {
  if (state?.dictation?.fingerprint !== fingerprints.dictation) return 'dictate';
  if (state.clips?.fingerprint === fingerprints.clips && allClipFilesPresent && state.clips.rows.every(inWholeMs)) return 'done';
  return 'recut';
}

/** True when a row's times are whole ms (rows saved by earlier versions may end at a fractional audio end: they are re-cut). */
function inWholeMs(row: ManifestRow): boolean {
  return Number.isInteger(row.start_ms) && Number.isInteger(row.end_ms);
}

/**
 * A saved dictation in whole ms (see `wholeMsEnd`): states saved before every time was whole may
 * hold the audio's fractional end as a marker's end; those times are floored, nothing else changes.
 */
export function wholeMsDictation(dictation: NonNullable<RecordingState['dictation']>): NonNullable<RecordingState['dictation']> {
  const audioDurationMs = wholeMsEnd(dictation.audioDurationMs);
  if (audioDurationMs === dictation.audioDurationMs) return dictation;
  const markers = dictation.result.markers.map((m) => ({
    ...m,
    startMs: Math.min(m.startMs, audioDurationMs),
    endMs: Math.min(m.endMs, audioDurationMs),
  }));
  return { ...dictation, audioDurationMs, result: { ...dictation.result, markers } };
}

/** True when every clip file of the saved rows exists under outDir. */
export async function clipFilesPresent(outDir: string, rows: readonly ManifestRow[]): Promise<boolean> {
  for (const row of rows) {
    try {
      const s = await stat(resolveInside(outDir, ...row.file_name.split('/')));
      if (!s.isFile()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The service identity for fingerprints: the base URL, or the embedded engine and its script's hash. */
export async function serviceIdentity(options: Pick<ResolvedRunOptions, 'baseUrl' | 'engine' | 'scriptFile'>): Promise<string> {
  if (options.baseUrl !== undefined) return options.baseUrl;
  let script = '';
  if (options.scriptFile !== undefined) {
    try {
      script = sha256(await readFile(options.scriptFile));
    } catch (error) {
      throw new DictclipError('E_CONFIG', `the script file ${options.scriptFile} cannot be read`, {
        key: 'scriptFile',
        path: options.scriptFile,
        cause: error,
      });
    }
  }
  return `embedded:${options.engine}${script === '' ? '' : `:${script}`}`;
}

/** Remove a folder (clip folder of a recording being re-cut); one direct lstat when there is none. */
export async function removeDir(dir: string): Promise<void> {
  if (lstatSync(dir, { throwIfNoEntry: false }) !== undefined) await rm(dir, { recursive: true, force: true });
}

/**
 * The run fingerprint run.json carries (merge compares it): a clip fingerprint with the source
 * left out, and the keys that chose the recordings when any is set (src/config/fingerprint.ts
 * selectionFields; without them it is that clip fingerprint itself, as earlier versions wrote).
 */
export function runFingerprint(clipFp: string, options: Readonly<Record<string, unknown>>, keys?: readonly KeySpec[]): string {
  const selection = selectionFields(options, keys);
  return Object.keys(selection).length === 0 ? clipFp : sha256(JSON.stringify([clipFp, selection]));
}

/** The run record of a run over `recordings` with `options` against the service `serviceId`; `keys` = the key table (a test's own). */
export function runRecord(
  options: ResolvedRunOptions,
  serviceId: string,
  recordings: readonly string[],
  shard: string | null,
  references?: { sha256: string; align: 'text' | 'acoustic'; location?: string | undefined },
  keys?: readonly KeySpec[],
): RunRecord {
  const fingerprinted = references === undefined ? undefined : { sha256: references.sha256, align: references.align };
  const clips = clipFingerprint(dictationFingerprint('', serviceId, options, keys), options, fingerprinted, keys);
  return {
    version: RUN_RECORD_VERSION,
    shard,
    ...(references?.location === undefined ? {} : { transcripts: references.location }),
    optionsFingerprint: runFingerprint(clips, options, keys),
    options: recordedOptions(options, { service: serviceId, reference: fingerprinted }, keys) as RecordedOptions,
    recordings: [...recordings].sort(compareCodePoints),
  };
}
