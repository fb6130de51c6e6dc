/** The page's list of recordings: each with its clips, its state and its words at a glance (how many checked, how many in doubt). */
import { existsSync } from 'node:fs';
import { summarize } from './doubt.js';
import type { ReviewRun } from './model.js';
import { correctionPath } from './paths.js';
import { readRecordingState } from './state.js';
import type { RecordingListEntry } from './view.js';

/** The list of recordings with their state, in the run's order. */
export async function listRecordings(run: ReviewRun): Promise<RecordingListEntry[]> {
  const out: RecordingListEntry[] = [];
  for (const r of run.recordings.values()) {
    const state = await readRecordingState(run, r.source);
    out.push({
      source: r.source, clips: r.clips.length, flagged: r.flagged,
      disagreements: state.disagreements,
      corrected: existsSync(correctionPath(run.runDir, r.source)), playable: r.audio !== undefined,
      ...summarize(state.words, state.doubtful),
    });
  }
  return out;
}
