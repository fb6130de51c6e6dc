/** The page's list of recordings: each with its clips, its state and its words at a glance (how many checked, how many in doubt). */
import { existsSync } from 'node:fs';
import { summarize } from './doubt.js';
import type { ReviewRun } from './model.js';
import { correctionPath } from './paths.js';
import { isDictclipError } from '../errors.js';
import { readRecordingState, type RecordingState } from './state.js';
import type { RecordingListEntry } from './view.js';

/** A recording's state, or none when one of its side files is not valid (its own page section says why when it loads). */
async function stateOrNone(run: ReviewRun, source: string): Promise<RecordingState | undefined> {
  try {
    return await readRecordingState(run, source);
  } catch (error) {
    if (isDictclipError(error, 'E_RUN_FILE_INVALID')) return undefined;
    throw error;
  }
}

/** The list of recordings with their state, in the run's order; a recording with an invalid side file is listed without words. */
export async function listRecordings(run: ReviewRun): Promise<RecordingListEntry[]> {
  const out: RecordingListEntry[] = [];
  for (const r of run.recordings.values()) {
    const state = await stateOrNone(run, r.source);
    out.push({
      source: r.source, clips: r.clips.length, flagged: r.flagged,
      disagreements: state?.disagreements ?? 0,
      // As the recording's own state says once the page loads it (a saved text that is the baseline again is not corrected).
      corrected: state?.corrected ?? existsSync(correctionPath(run.runDir, r.source)), playable: r.audio !== undefined,
      ...summarize(state?.words ?? [], state?.doubtful ?? []),
    });
  }
  return out;
}
