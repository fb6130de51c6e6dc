/**
 * A pool of long-lived `pocketsphinx_batch` processes, one per core by default: stretches of audio
 * wait in one queue and each idle process takes the next, so every core stays busy and no model
 * is loaded per recording. An aborted stretch kills the process decoding it (a fresh one replaces
 * it when needed).
 */
import { DictclipError } from '../../errors.js';
import { BatchProcess, type BatchDecode } from './pocketsphinx-batch.js';

interface Job {
  file: string;
  startFrame: number;
  endFrame: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  resolve: (decode: BatchDecode) => void;
  reject: (error: unknown) => void;
  process?: BatchProcess;
}

function aborted(signal: AbortSignal | undefined): DictclipError {
  return new DictclipError('E_ABORTED', 'Recognition aborted', { cause: signal?.reason });
}

export class BatchPool {
  readonly #queue: Job[] = [];
  readonly #busy = new Map<BatchProcess, Job>();
  #idle: BatchProcess[] = [];
  #closed = false;

  constructor(
    readonly size: number,
    readonly spawn: () => BatchProcess,
  ) {}

  /** Processes alive now (for tests and diagnostics). */
  get processes(): BatchProcess[] {
    return [...this.#idle, ...this.#busy.keys()];
  }

  /** Decode frames [startFrame, endFrame) of `file`; rejects E_ABORTED when `signal` aborts. */
  decode(file: string, startFrame: number, endFrame: number, signal?: AbortSignal): Promise<BatchDecode> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted === true) return reject(aborted(signal));
      if (this.#closed) return reject(new DictclipError('E_ABORTED', 'The recognizer was closed', {}));
      const job: Job = { file, startFrame, endFrame, signal, resolve, reject, onAbort: () => this.#abort(job) };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.#queue.push(job);
      this.#pump();
    });
  }

  /** Start every process now (each loads its model meanwhile); idle ones never keep Node running. */
  warm(): void {
    this.#idle = this.#idle.filter((p) => !p.exited);
    while (!this.#closed && this.#idle.length + this.#busy.size < this.size) this.#idle.push(this.spawn());
  }

  /** Kill every process; queued and running decodes reject. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#settle(job, () => job.reject(new DictclipError('E_ABORTED', 'The recognizer was closed', {})));
    const all = this.processes;
    this.#idle = [];
    await Promise.all(all.map((p) => p.kill()));
  }

  #abort(job: Job): void {
    const index = this.#queue.indexOf(job);
    if (index >= 0) this.#queue.splice(index, 1);
    if (job.process !== undefined) {
      this.#busy.delete(job.process);
      void job.process.kill();
    }
    this.#settle(job, () => job.reject(aborted(job.signal)));
  }

  #settle(job: Job, settle: () => void): void {
    job.signal?.removeEventListener('abort', job.onAbort);
    settle();
  }

  #pump(): void {
    this.#idle = this.#idle.filter((p) => !p.exited);
    while (!this.#closed && this.#queue.length > 0) {
      const process = this.#idle.pop() ?? (this.#busy.size < this.size ? this.spawn() : undefined);
      if (process === undefined) return;
      const job = this.#queue.shift()!;
      job.process = process;
      this.#busy.set(process, job);
      process.decode(job.file, job.startFrame, job.endFrame).then(
        (decode) => this.#done(process, job, () => job.resolve(decode)),
        (error: unknown) => this.#done(process, job, () => job.reject(error)),
      );
    }
  }

  #done(process: BatchProcess, job: Job, settle: () => void): void {
    if (this.#busy.get(process) !== job) return; // aborted: already settled, process killed
    this.#busy.delete(process);
    if (!process.exited && !this.#closed) this.#idle.push(process);
    this.#settle(job, settle);
    this.#pump();
  }
}
