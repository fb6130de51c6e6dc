/** What a run tells about its references: the summary's part, the recordings without one, the reference files it read. */
import path from 'node:path';
import { compareCodePoints } from '../../code-point-order.js';
import type { FailureRow, RunSummary } from '../../run-output/rows.js';
import type { RecordingJob } from '../recording/process.js';
import type { RunReferences } from './references.js';
import type { ScanResult } from './scan.js';

/** The skipped.csv reason of a reference transcript that names no recording of the input. */
export const UNUSED_REFERENCE = 'reference transcript (--transcripts) without a recording of that name';

/** The summary's reference part: each recording's agreement with its reference, by source (none without references). */
export function referenceSummary(agreements: NonNullable<RunSummary['references']>): Pick<RunSummary, 'references'> {
  if (agreements.length === 0) return {};
  const rounded = agreements.map((entry) => ({ ...entry, wer: Math.round(entry.wer * 10_000) / 10_000 }));
  return { references: rounded.sort((a, b) => compareCodePoints(a.source, b.source)) };
}

/**
 * With reference transcripts in use: the recordings of the run that had none (cut from what the
 * recognizer heard), by source; failed ones are not counted. Nothing without references.
 */
export function withoutReferenceSummary(
  refs: Pick<RunReferences, 'location'>,
  jobs: readonly RecordingJob[],
  failures: readonly FailureRow[],
): Pick<RunSummary, 'withoutReference'> {
  if (refs.location === undefined) return {};
  const failed = new Set(failures.map((f) => f.source));
  const sources = jobs
    .filter((job) => job.reference === undefined && !failed.has(job.recording.relPath))
    .map((job) => job.recording.relPath);
  return sources.length === 0 ? {} : { withoutReference: sources.sort(compareCodePoints) };
}

/** Recordings whose clips were cut from a reference before and that have none now. */
export function lostReferences(jobs: readonly RecordingJob[]): RecordingJob[] {
  return jobs.filter((job) => job.reference === undefined && job.state?.clips?.reference !== undefined);
}

/** The warning for a recording in {@link lostReferences}. */
export function lostReferenceWarning(refs: Pick<RunReferences, 'location'>): string {
  const where = refs.location === undefined ? 'no reference transcripts are in use now' : `${refs.location} has none for it`;
  return `REFERENCE LOST: it was cut from a reference transcript before and ${where}: it is cut from what the recognizer heard. ` +
    'Fix: give --transcripts with its text (or keep its correction in corrections/); --require-transcripts makes this a failure.';
}

/**
 * The input folder's skipped files without the reference files of the run (texts kept beside the audio are references, not skipped audio).
 */
export function withoutReferenceFiles(
  scan: Pick<ScanResult, 'folder' | 'skipped'>,
  refs: Pick<RunReferences, 'set'>,
): ScanResult['skipped'] {
  const texts = new Set(refs.set?.files ?? []);
  if (texts.size === 0) return scan.skipped;
  return scan.skipped.filter((entry) => !texts.has(path.resolve(scan.folder, ...entry.relPath.split('/'))));
}
