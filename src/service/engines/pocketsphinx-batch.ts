/**
 * One long-lived `pocketsphinx_batch` process: the model is loaded once, then stretches of WAV
 * files are decoded one after another as control lines (`<file> <startFrame> <endFrame> <uttid>`)
 * arrive on its stdin. Words are read from its log (stderr, unbuffered): `-backtrace yes` prints
 * each utterance's word table between `Decoding '<uttid>'` and `<uttid>: … seconds speech`.
 */
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runProcess, startProcess, type StartedProcess } from '../../child-process.js';
import { DictclipError, tail } from '../../errors.js';
import type { RecognizedWord } from '../types.js';
import { parseBacktraceRow } from './pocketsphinx-output.js';
import { makeEngineTempDir } from './pocketsphinx-temp.js';

/** Bytes of log kept for error reports. */
const LOG_KEEP = 16 * 1024;

/** What one decode gives: words and the end of the recognizer's last segment, ms from the stretch start. */
export interface BatchDecode {
  words: RecognizedWord[];
  endMs: number;
}

interface Pending {
  uttid: string;
  line: string;
  words: RecognizedWord[];
  endMs: number;
  resolve: (decode: BatchDecode) => void;
  reject: (error: DictclipError) => void;
}

/**
 * A running `pocketsphinx_batch`: `decode` queues one stretch; stretches are decoded in order.
 * The control file is a FIFO in a private temp folder (Node's stdio pipes are sockets, which the
 * recognizer cannot open by name); this side holds it open read-write, so it never blocks. The
 * process dies with `kill()` (SIGKILL), or by itself; every pending decode then rejects.
 */
export class BatchProcess {
  readonly command: string;
  readonly #queue: Pending[] = [];
  readonly #started: Promise<{ child: StartedProcess['subprocess']; ctl: FileHandle; dir: string }>;
  #child: StartedProcess['subprocess'] | undefined;
  #writes: Promise<unknown> = Promise.resolve();
  #current: Pending | undefined;
  #log = '';
  #seq = 0;
  #exited = false;

  constructor(binary: string, args: readonly string[], readonly installHint: string) {
    this.command = [binary, ...args, '-ctl', '<fifo>'].join(' ');
    this.#started = this.#start(binary, args);
    this.#started.catch((error: unknown) => this.#fail(new DictclipError('E_ENGINE', `Cannot start PocketSphinx: ${(error as Error).message}`, {
      command: this.command, cause: error,
    })));
  }

  /** The recognizer's process id, once it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  async #start(binary: string, args: readonly string[]) {
    const dir = await makeEngineTempDir();
    const fifo = join(dir, 'ctl');
    await runProcess('mkfifo', [fifo], { errorCode: 'E_ENGINE' });
    const ctl = await open(fifo, constants.O_RDWR);
    const started = startProcess(binary, [...args, '-ctl', fifo], {
      errorCode: 'E_ENGINE',
      name: 'PocketSphinx',
      stdout: 'ignore',
      startHint: this.installHint,
      failureMessage: (f) => `PocketSphinx ${f.signal === null ? `exited with code ${String(f.exitCode)}` : `was killed by ${f.signal}`}: ${tail(this.#log, 1) || 'no output'}`,
    });
    const child = started.subprocess;
    this.#child = child;
    createInterface({ input: child.stderr }).on('line', (line) => this.#onLine(line));
    const exited = async (error: DictclipError): Promise<void> => {
      await ctl.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
      this.#fail(error);
    };
    void started.done.then(
      () => exited(new DictclipError('E_ENGINE', `PocketSphinx exited with code 0: ${tail(this.#log, 1) || 'no output'}`, {
        command: this.command, exitCode: 0, signal: null, stderrTail: tail(this.#log),
      })),
      (error: DictclipError) => exited(error),
    );
    this.#setBusy(this.load > 0);
    return { child, ctl, dir };
  }

  #fail(error: DictclipError): void {
    this.#exited = true;
    for (const pending of [...(this.#current === undefined ? [] : [this.#current]), ...this.#queue]) pending.reject(error);
    this.#current = undefined;
    this.#queue.length = 0;
  }

  /** Whether the process has exited (it is never reused then). */
  get exited(): boolean {
    return this.#exited;
  }

  /** Decodes queued or running. */
  get load(): number {
    return this.#queue.length + (this.#current === undefined ? 0 : 1);
  }

  /**
   * Decode frames [startFrame, endFrame) of a 16 kHz mono WAV with a 44-byte header. `file` must
   * hold no whitespace (the control file is whitespace-separated).
   */
  decode(file: string, startFrame: number, endFrame: number): Promise<BatchDecode> {
    return new Promise((resolve, reject) => {
      if (this.#exited) {
        reject(new DictclipError('E_ENGINE', 'PocketSphinx exited before the audio could be decoded', { command: this.command, stderrTail: tail(this.#log) }));
        return;
      }
      const uttid = `u${this.#seq++}`;
      const line = `${file} ${startFrame} ${endFrame} ${uttid}\n`;
      this.#queue.push({ uttid, line, words: [], endMs: 0, resolve, reject });
      this.#setBusy(true);
      this.#writes = this.#writes.then(async () => (await this.#started).ctl.write(line)).catch(() => undefined);
    });
  }

  /** Kill the process (SIGKILL); pending decodes reject with E_ENGINE. Resolves once it has exited. */
  async kill(): Promise<void> {
    const started = await this.#started.catch(() => undefined);
    if (started === undefined) return;
    // An idle process is unref'd: without this, awaiting its exit would let Node end the whole
    // program silently right here (`dictclip run` then exited 0 before printing its summary).
    this.#setBusy(true);
    started.child.kill('SIGKILL');
    await started.child.catch(() => undefined); // the failure is reported through `done` above
  }

  #onLine(line: string): void {
    this.#log = `${this.#log}${line}\n`.slice(-LOG_KEEP);
    const started = /^INFO: batch\.c\(\d+\): Decoding '(\S+)'$/.exec(line);
    if (started !== null) {
      const next = this.#queue[0];
      if (next?.uttid === started[1]) this.#current = this.#queue.shift();
      return;
    }
    const current = this.#current;
    if (current === undefined) return;
    const row = parseBacktraceRow(line);
    if (row !== undefined) {
      current.endMs = Math.max(current.endMs, row.endMs);
      if (row.word !== undefined) current.words.push(row.word);
      return;
    }
    if (line.startsWith(`INFO: batch.c(`) && line.includes(`: ${current.uttid}: `) && line.includes(' seconds speech')) {
      this.#finish(() => current.resolve({ words: current.words, endMs: current.endMs }));
    } else if (line.startsWith('ERROR: "batch.c"')) { // the stretch could not be read: batch goes on with the next
      const error = new DictclipError('E_ENGINE', `PocketSphinx could not decode ${current.line.trim()}: ${line.slice(7)}`, {
        command: this.command, stderrTail: tail(this.#log),
      });
      this.#finish(() => current.reject(error));
    }
  }

  #finish(settle: () => void): void {
    this.#current = undefined;
    settle();
    this.#setBusy(this.#queue.length > 0);
  }

  /** A busy process keeps Node running; an idle one does not (it waits for work forever). */
  #setBusy(busy: boolean): void {
    const child = this.#child;
    if (child === undefined) return;
    const handles = [child, child.stderr] as { ref?: () => void; unref?: () => void }[];
    for (const handle of handles) (busy ? handle.ref : handle.unref)?.call(handle);
  }
}
