/**
 * The job queue of the embedded service: at most `concurrency` jobs at once, higher priority
 * first (then first come, first served), a job never starting before its `notBefore` time.
 * Every running job gets an AbortSignal; `cancel` aborts one job, `close` aborts all of them.
 */

/**
 * The longest delay a job may have, ms: 2^31 − 1, the longest timer Node keeps (a longer one
 * fires after 1 ms). Creation refuses more; the queue's timer never waits longer than this either,
 * so a job saved with a longer delay by an older version waits in steps instead of spinning.
 */
export const MAX_JOB_DELAY_MS = 2_147_483_647;

export interface QueuedJob {
  key: string;
  priority: number;
  /** Epoch ms before which the job does not start. */
  notBefore: number;
}

export type JobRunner = (key: string, signal: AbortSignal) => Promise<void>;

interface Pending extends QueuedJob {
  seq: number;
}

export class JobQueue {
  readonly #concurrency: number;
  readonly #run: JobRunner;
  readonly #onError: (key: string, error: unknown) => void;
  readonly #pending: Pending[] = [];
  readonly #running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #seq = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(concurrency: number, run: JobRunner, onError: (key: string, error: unknown) => void) {
    this.#concurrency = Math.max(1, Math.floor(concurrency));
    this.#run = run;
    this.#onError = onError;
  }

  /** Add a job (ignored when the queue is closed or the key is already queued or running). */
  add(job: QueuedJob): void {
    if (this.#closed || this.#running.has(job.key) || this.#pending.some((p) => p.key === job.key)) return;
    this.#pending.push({ ...job, seq: this.#seq++ });
    this.#pump();
  }

  /** Remove a queued job or abort a running one. @returns true when the job was found. */
  cancel(key: string, reason: unknown): boolean {
    const index = this.#pending.findIndex((p) => p.key === key);
    if (index >= 0) {
      this.#pending.splice(index, 1);
      return true;
    }
    const running = this.#running.get(key);
    running?.controller.abort(reason);
    return running !== undefined;
  }

  /** Stop starting jobs, abort the running ones and wait for them to settle. */
  async close(reason: unknown): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#pending.length = 0;
    const running = [...this.#running.values()];
    for (const job of running) job.controller.abort(reason);
    await Promise.allSettled(running.map((job) => job.done));
  }

  #pump(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    while (!this.#closed && this.#running.size < this.#concurrency) {
      const now = Date.now();
      const ready = this.#pending.filter((p) => p.notBefore <= now);
      if (ready.length === 0) break;
      const next = ready.reduce((a, b) => (b.priority > a.priority || (b.priority === a.priority && b.seq < a.seq) ? b : a));
      this.#pending.splice(this.#pending.indexOf(next), 1);
      this.#start(next.key);
    }
    if (this.#closed || this.#running.size >= this.#concurrency || this.#pending.length === 0) return;
    const wait = Math.max(0, Math.min(...this.#pending.map((p) => p.notBefore)) - Date.now());
    this.#timer = setTimeout(() => this.#pump(), Math.min(Math.max(wait, 1), MAX_JOB_DELAY_MS));
    this.#timer.unref();
  }

  #start(key: string): void {
    const controller = new AbortController();
    const done = Promise.resolve()
      .then(() => this.#run(key, controller.signal))
      .catch((error: unknown) => this.#onError(key, error))
      .finally(() => {
        this.#running.delete(key);
        this.#pump();
      });
    this.#running.set(key, { controller, done });
  }
}
