/**
 * The dictations a recording has created and not yet saved results for, kept in its state file
 * the moment each is created: a run stopped mid-recording (Ctrl-C, a crash, kill -9) resumes by
 * polling those dictations instead of uploading and dictating the same audio again. Chunks are
 * known by their samples on the work audio, under the recording's dictation fingerprint (same
 * source, service and dictation settings).
 */
import { recordingState, writeState } from './state.js';
import type { PendingChunk, RecordingState } from './state.js';
import type { ChunkSpan } from './chunks.js';

/** What a recording's pending dictations need of its job. */
export interface PendingJob {
  recording: { relPath: string };
  statePath: string;
  state: RecordingState | undefined;
  sourceFingerprint: RecordingState['sourceFingerprint'];
  fingerprints: { dictation: string };
}

export class PendingDictations {
  readonly #job: PendingJob;
  readonly #chunks: PendingChunk[];

  constructor(job: PendingJob) {
    this.#job = job;
    const saved = job.state?.pending;
    this.#chunks = saved?.fingerprint === job.fingerprints.dictation ? [...saved.chunks] : [];
  }

  /** The dictation an earlier run created for exactly this span, if any. */
  earlier(span: ChunkSpan): PendingChunk | undefined {
    return this.#chunks.find((c) => c.startSample === span.startSample && c.endSample === span.endSample);
  }

  /** Save a dictation just created for `span` (replacing an earlier one of the same span). */
  async created(span: ChunkSpan, location: string): Promise<void> {
    const earlier = this.earlier(span);
    if (earlier !== undefined) this.#chunks.splice(this.#chunks.indexOf(earlier), 1);
    this.#chunks.push({ ...span, location });
    const pending = { fingerprint: this.#job.fingerprints.dictation, chunks: [...this.#chunks] };
    await writeState(this.#job.statePath, recordingState(this.#job, { pending }));
  }
}
