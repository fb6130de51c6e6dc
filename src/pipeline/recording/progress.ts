/**
 * Where one recording is in its processing: the stage it is in (named by its failure), the wall
 * time per stage, and what progress listeners are told. The stage functions only call `enter`.
 */
import { STAGES } from '../../run-output/rows.js';
import type { Stage } from '../../run-output/rows.js';
import type { StageChange } from '../types.js';

/** What a recording's progress tells: each stage change, with its audio length and chunk counts once known. */
export type StageListener = (change: Omit<StageChange, 'source'>) => void;

/** A recording's stage and progress, from its transcode to its output. */
export class RecordingProgress {
  readonly #clock = new StageClock();
  readonly #listener: StageListener | undefined;
  #told: Stage = 'transcode';
  #audioMs: number | undefined;
  #chunks: { done: number; total: number } | undefined;

  /** Starts in `transcode` and tells it. */
  constructor(listener: StageListener | undefined) {
    this.#listener = listener;
    this.#tell();
  }

  /** The stage the recording is in (the one its failure is reported at). */
  get stage(): Stage {
    return this.#clock.stage;
  }

  /** Enter a stage: timed from now; told when it is news (see {@link movesForward}). */
  readonly enter = (next: Stage): void => {
    this.#clock.enter(next);
    // One chunk's markers being read is not the recording's stage while other chunks are still
    // dictating: it stays "waiting for the service" until every chunk is dictated.
    const shown = next === 'markers' && this.#chunks !== undefined && this.#chunks.done < this.#chunks.total ? 'dictate' : next;
    if (!movesForward(this.#told, shown)) return;
    this.#told = shown;
    this.#tell();
  };

  /** The recording's audio length, told with every later change. */
  audio(ms: number): void {
    this.#audioMs = ms;
  }

  /** Chunks dictated so far, of how many: told at once. */
  readonly chunks = (done: number, total: number): void => {
    this.#chunks = { done, total };
    this.#tell();
  };

  /** The time so far in each of `stages` entered (the current one counted up to now), whole ms. */
  times(stages: readonly Stage[]): Partial<Record<Stage, number>> {
    return this.#clock.times(stages);
  }

  /** Close the current stage and return the time per stage, in the order they were first entered. */
  stop(): Map<Stage, number> {
    return this.#clock.stop();
  }

  #tell(): void {
    this.#listener?.({
      stage: this.#told,
      ...(this.#audioMs === undefined ? {} : { audioMs: this.#audioMs }),
      ...(this.#chunks === undefined ? {} : { chunks: this.#chunks }),
    });
  }
}

/**
 * Whether a stage change is news for progress: stages only move forward (the service calls switch
 * between dictate and markers, and the dictation's state is written before the clips are cut;
 * `output` is told only after `cut`).
 */
function movesForward(told: Stage, next: Stage): boolean {
  if (next === 'output') return told === 'cut';
  return STAGES.indexOf(next) > STAGES.indexOf(told);
}

/**
 * The current stage of a recording (for failure reports) and the wall time spent in each stage:
 * entering a stage closes the previous one, so the stages partition the processing time.
 * With chunks dictated concurrently the most recently entered stage is the one being timed.
 */
class StageClock {
  stage: Stage = 'transcode';
  readonly #ms = new Map<Stage, number>();
  #since = performance.now();

  enter(next: Stage): void {
    const now = performance.now();
    this.#ms.set(this.stage, (this.#ms.get(this.stage) ?? 0) + now - this.#since);
    this.stage = next;
    this.#since = now;
  }

  times(stages: readonly Stage[]): Partial<Record<Stage, number>> {
    const now = performance.now();
    const out: Partial<Record<Stage, number>> = {};
    for (const stage of stages) {
      const ms = (this.#ms.get(stage) ?? 0) + (stage === this.stage ? now - this.#since : 0);
      if (this.#ms.has(stage) || stage === this.stage) out[stage] = Math.round(ms);
    }
    return out;
  }

  stop(): Map<Stage, number> {
    this.enter(this.stage);
    return this.#ms;
  }
}
