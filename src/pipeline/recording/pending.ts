/**
 * The dictations a recording has created and not yet saved results for, kept in its state file
 * the moment each is created: a run stopped mid-recording (Ctrl-C, a crash, kill -9) resumes by
 * polling those dictations instead of uploading and dictating the same audio again. Chunks are
 * known by their samples on the work audio, under the recording's dictation fingerprint (same
 * source, service and dictation settings). The ledger keeps them; its owner persists them (`save`).
 */
import type { PendingChunk, RecordingState } from '../../run-output/state-file.js';
import type { ChunkSpan } from '../stages/dictation/chunks.js';

/** A recording's pending dictations as its state saves them. */
export type SavedPending = NonNullable<RecordingState['pending']>;

export class PendingDictations {
  readonly #fingerprint: string;
  readonly #chunks: PendingChunk[];
  readonly #save: (pending: SavedPending) => Promise<void>;

  /** Those of `saved` (the recording's saved pending dictations) made under `fingerprint`; each change is handed to `save`. */
  constructor(saved: SavedPending | undefined, fingerprint: string, save: (pending: SavedPending) => Promise<void>) {
    this.#fingerprint = fingerprint;
    this.#chunks = saved?.fingerprint === fingerprint ? [...saved.chunks] : [];
    this.#save = save;
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
    await this.#save({ fingerprint: this.#fingerprint, chunks: [...this.#chunks] });
  }
}
