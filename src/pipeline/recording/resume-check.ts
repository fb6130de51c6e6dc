import { stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import { DictclipError, isDictclipError, toDictclipError } from '../../errors.js';
import { sha256File } from '../../files.js';
import { recordingKey, statePath } from '../../run-output/naming.js';
import { clipFilesPresent, clipFingerprint, decide, dictationFingerprint, directFingerprint } from './state.js';
import { readState, type RecordingState } from '../../run-output/state-file.js';
import type { RecordingJob } from './process.js';
import type { Recording } from '../run/scan.js';
import { missingReferenceError } from '../run/references.js';
import type { RunReferences } from '../run/references.js';
import type { FailureRow } from '../../run-output/rows.js';
import type { RedoReason, ResolvedRunOptions } from '../types.js';

/** Files hashed at once while preparing. */
const HASH_CONCURRENCY = 4;

/**
 * Fingerprint every recording (size, mtime, and a streamed sha256 unless size and mtime match its
 * saved state), read its saved state and decide
 * whether it is done, needs re-cutting or needs dictating. A source that cannot be read, or an
 * empty (0-byte) one, becomes a `scan` failure; so does a reference transcript that cannot be
 * read, is not UTF-8 (`E_REFERENCE_ENCODING`) or is empty (`E_REFERENCE_EMPTY`), word edits of
 * the review that are not valid (`E_CORRECTIONS_INVALID`), and with `require` a recording
 * without a reference (`E_REFERENCE_MISSING`).
 */
export async function prepareJobs(
  recordings: readonly Recording[],
  options: ResolvedRunOptions,
  serviceId: string,
  references?: { refs: RunReferences; align: 'text' | 'acoustic'; require: boolean; warn: (source: string, message: string) => void },
): Promise<{ jobs: RecordingJob[]; failures: FailureRow[] }> {
  const limit = pLimit(HASH_CONCURRENCY);
  const settled = await Promise.all(recordings.map((recording) => limit(async (): Promise<RecordingJob | FailureRow> => {
    try {
      const key = recordingKey(recording.relPath);
      const file = statePath(options.outDir, key);
      const stats = await stat(recording.path);
      if (stats.size === 0)
        throw new DictclipError('E_INPUT', 'the file is empty (0 bytes): there is no audio to dictate', { path: recording.path });
      const state = await savedState(file);
      // An unchanged file (same size and mtime as when its state was saved) keeps its hash: a
      // rerun over hours of audio does not read every recording again.
      const saved = state?.sourceFingerprint;
      const sha256 = saved !== undefined && saved.size === stats.size && saved.mtimeMs === stats.mtimeMs
        ? saved.sha256
        : await sha256File(recording.path);
      const sourceFingerprint = { size: stats.size, mtimeMs: stats.mtimeMs, sha256 };
      const dictated = dictationFingerprint(sha256, serviceId, options);
      // With a service, the reference enters only the clip fingerprint: adding or changing one re-cuts, never dictates.
      const found = await references?.refs.find(recording.relPath, (message) => references.warn(recording.relPath, message));
      // The embedded engine with acoustic alignment does not recognize a recording with a reference: it aligns it directly.
      const direct = found !== undefined && references?.align === 'acoustic' && options.baseUrl === undefined;
      const dictation = direct ? directFingerprint(dictated, found.reference.sha256) : dictated;
      if (found === undefined && references?.require === true) throw missingReferenceError(references.refs.missing(recording.relPath));
      const reference = found?.reference;
      const referenceFp =
        found === undefined
          ? undefined
          : {
              sha256: found.reference.sha256,
              align: references!.align,
              ...(found.editsSha256 === undefined ? {} : { edits: found.editsSha256 }),
            };
      const fingerprints = { dictation, clips: clipFingerprint(dictation, options, referenceFp) };
      const present = state?.clips === undefined ? false : await clipFilesPresent(options.outDir, state.clips.rows);
      return {
        recording,
        key,
        statePath: file,
        state,
        sourceFingerprint,
        fingerprints,
        decision: decide(state, fingerprints, present),
        reference,
        service: serviceId,
        direct,
        ...(found === undefined ? {} : { referenceFrom: found.from, edits: found.edits }),
      };
    } catch (error) {
      const e = toDictclipError(error, 'E_INPUT');
      return { source: recording.relPath, stage: 'scan', code: e.code, message: e.message };
    }
  })));
  const jobs: RecordingJob[] = [];
  const failures: FailureRow[] = [];
  for (const entry of settled) {
    if ('recording' in entry) jobs.push(entry);
    else failures.push(entry);
  }
  return { jobs, failures };
}

/**
 * Why a recording that was processed before would be dictated again: its source changed, another
 * service dictated it (its saved state says which; states of older runs: the service run.json
 * names, `otherService`), it failed before being dictated, it was stopped while dictating (its
 * saved dictations are polled, not dictated again), or else the dictation settings changed.
 * Undefined for a recording never processed.
 */
export function redoReason(job: RecordingJob, serviceId: string, otherService: string | undefined): RedoReason | undefined {
  const { state } = job;
  if (state === undefined) return undefined;
  if (state.sourceFingerprint.sha256 !== job.sourceFingerprint.sha256) return 'source';
  const dictatedBy = state.dictation === undefined ? undefined : (state.dictation.service ?? otherService);
  if (dictatedBy !== undefined && dictatedBy !== serviceId) return 'service';
  if (state.dictation === undefined && state.failure !== undefined) return 'failed';
  if (state.dictation === undefined && state.pending?.fingerprint === job.fingerprints.dictation) return 'interrupted';
  return 'settings';
}

/**
 * The service that dictated a recording of this run when it is not `serviceId`, from the saved
 * states (of recordings whose source is unchanged): what tells a run stopped before it wrote
 * run.json from one this service made.
 */
export function dictatedElsewhere(jobs: readonly RecordingJob[], serviceId: string): string | undefined {
  for (const { state, sourceFingerprint } of jobs) {
    const service = state?.dictation?.service;
    if (service !== undefined && service !== serviceId && state?.sourceFingerprint.sha256 === sourceFingerprint.sha256) return service;
  }
  return undefined;
}

/** The dry-run state of a job: done, todo (never processed) or redo. */
export function planState(job: RecordingJob): 'done' | 'todo' | 'redo' {
  if (job.decision === 'done') return 'done';
  return job.state === undefined ? 'todo' : 'redo';
}

/**
 * A recording's saved state; undefined when it has none or one this version cannot use (not JSON, another version or shape): the recording
 * is redone.
 */
async function savedState(file: string): Promise<RecordingState | undefined> {
  try {
    return await readState(file);
  } catch (error) {
    if (isDictclipError(error) && error.code === 'E_RUN_FILE_INVALID') return undefined;
    throw error;
  }
}
