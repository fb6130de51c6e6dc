/**
 * What the recordings of one run add up to, in one place: the manifest rows, the counts, the
 * clips the filters dropped, the stage times, and the per-recording parts of the summary
 * (`--find` counts, agreement with references, confidence).
 */
import type { RunSummary, ManifestRow, Stage } from '../../run-output/rows.js';
import { StageTotals } from '../../run-output/write.js';
import type { RecordingOutcome } from '../stages/output.js';

export class RunTally {
  readonly rows: ManifestRow[] = [];
  readonly dropped = { clips: 0, ms: 0 };
  paddingClamped = 0;
  /** Recordings processed by this run, and those kept from an earlier one. */
  done = 0;
  resumed = 0;
  /** Per recording, in the order they finished: its `--find` counts. */
  readonly found: (number[] | undefined)[] = [];
  readonly agreements: NonNullable<RunSummary['references']> = [];
  readonly confidence: NonNullable<RunSummary['confidence']> = [];
  /** Time per stage in this run. */
  readonly stageTotals = new StageTotals();
  /** Dictation stages of reused dictations, from the runs that dictated them. */
  readonly earlierTotals = new StageTotals();

  /** Add what one recording gave. */
  add(source: string, outcome: RecordingOutcome): void {
    this.rows.push(...outcome.rows);
    this.dropped.clips += outcome.dropped.clips;
    this.dropped.ms += outcome.dropped.ms;
    this.paddingClamped += outcome.paddingClamped;
    for (const [stage, ms] of Object.entries(outcome.earlierStageMs ?? {}) as [Stage, number][]) this.earlierTotals.add(stage, ms);
    this.found.push(outcome.found);
    if (outcome.agreement !== undefined) this.agreements.push({ source, ...outcome.agreement });
    if (outcome.confidence !== undefined) this.confidence.push({ source, ...outcome.confidence });
    if (outcome.resumed) this.resumed++;
    else this.done++;
  }

  /** summary.json `stageMs`, and `earlierStageMs` when a reused dictation had its times saved. */
  stageMs(): Pick<RunSummary, 'stageMs' | 'earlierStageMs'> {
    const earlier = this.earlierTotals.toJSON();
    return { stageMs: this.stageTotals.toJSON(), ...(Object.keys(earlier).length === 0 ? {} : { earlierStageMs: earlier }) };
  }
}
