/**
 * The export's samples in flight: up to {@link IN_FLIGHT} of them read, converted and placed at
 * once, committed (their lines written) strictly in the order they were started, so equal inputs
 * give byte-identical exports; after a failure, everything started is waited for before the temp
 * folder is removed.
 */
import type { Commit } from './sample.js';

/** Samples whose I/O runs at once: enough to hide file-system latency, few enough to keep memory flat. */
export const IN_FLIGHT = 32;

/** Started samples, committed strictly in the order they were started. */
export class CommitWindow {
  readonly #pending: Promise<Commit>[] = [];
  constructor(private readonly size: number) {}

  /** Add a started sample; when the window is full, commit the oldest first. */
  async push(started: Promise<Commit>): Promise<void> {
    started.catch(() => undefined); // rejections are seen when the sample's turn comes
    this.#pending.push(started);
    if (this.#pending.length >= this.size) await this.#commitOldest();
  }

  async drain(): Promise<void> {
    while (this.#pending.length > 0) await this.#commitOldest();
  }

  /** After a failure: wait until nothing runs any more. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.#pending.splice(0));
  }

  async #commitOldest(): Promise<void> {
    const commit = await this.#pending.shift()!;
    await commit();
  }
}
