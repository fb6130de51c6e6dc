/**
 * Speech recognition with CMU PocketSphinx (Debian packages `pocketsphinx` and
 * `pocketsphinx-en-us`): a pool of long-lived `pocketsphinx_batch` processes, one per core, so the
 * model is loaded once per process, not per recording. A long recording is cut at its longest
 * pauses into stretches of at most `chunkMs`, decoded in parallel, and its words put back on the
 * recording's timeline.
 */
import { availableParallelism } from 'node:os';
import { rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { findPauseSplits, readWavInfo } from '../../audio/index.js';
import { DictclipError, isDictclipError } from '../../errors.js';
import {
  checkPocketSphinx,
  DEFAULT_POCKETSPHINX_BINARY,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  POCKETSPHINX_INSTALL_HINT,
  pocketSphinxModel,
} from '../../pocketsphinx-model.js';
import type { Engine, Recognition, RecognizeOptions } from '../types.js';
import { BatchProcess, type BatchDecode } from './pocketsphinx-batch.js';
import { FRAME_MS } from './pocketsphinx-output.js';
import { BatchPool } from './pocketsphinx-pool.js';
import { makeEngineTempDir, sweepEngineTempDirs } from './pocketsphinx-temp.js';

export interface PocketSphinxOptions {
  /** The recognizer binary: a name looked up on PATH, or a path. @default 'pocketsphinx_batch' */
  readonly binary?: string;
  /**
   * Folder holding the `en-us/` acoustic model, `en-us.lm.bin` and `cmudict-en-us.dict`.
   * @default '/usr/share/pocketsphinx/model/en-us'
   */
  readonly modelDir?: string;
  /** Recognizer processes (each holds one model, ~100 MB). @default the number of CPU cores */
  readonly processes?: number;
  /** Longest stretch decoded as one piece, ms; longer audio is cut at its longest pauses. @default 20000 */
  readonly chunkMs?: number;
  /**
   * Most HMMs the search keeps active per frame (the recognizer's `-maxhmmpf`; -1: no limit).
   * 3000 takes about 0.6× the CPU time at the same word error rate on held-apart speech
   * (BENCHMARKS.md, recognition), but the words of a recording cut into stretches then no longer
   * always match one pass over it (the pruning depends on what came before), so the default stays
   * the recognizer's own. @default 30000
   */
  readonly maxActiveHmms?: number;
  /** Extra recognizer settings, e.g. `['-beam', '1e-40']` (speed/accuracy trade-off). @default [] */
  readonly settings?: readonly string[];
}

/** The engine's default for {@link PocketSphinxOptions.maxActiveHmms}. */
export const DEFAULT_MAX_ACTIVE_HMMS = 30_000;
const SAMPLES_PER_FRAME = 16 * FRAME_MS;
/** The work format's header length: `-adchdr` skips it. */
const WORK_HEADER_BYTES = 44;

/** The engine with its pool exposed (tests check that an abort really ends a process). */
export interface PocketSphinxEngine extends Engine {
  readonly pool: BatchPool;
  warm(): void;
  close(): Promise<void>;
}

/**
 * Create the PocketSphinx engine. `check()` verifies the binary and the model files; `recognize()`
 * decodes a 16 kHz mono 16-bit WAV with a 44-byte header (the work format); `warm()` starts the
 * processes ahead of the first recognition (the service calls it at start); `close()` ends the
 * processes. Silence is kept (`-remove_silence no`) so frame numbers are times.
 * @throws DictclipError E_CONFIG for a bad maxActiveHmms.
 */
export function createPocketSphinxEngine(options: PocketSphinxOptions = {}): PocketSphinxEngine {
  const binary = options.binary ?? DEFAULT_POCKETSPHINX_BINARY;
  const chunkMs = Math.max(1000, options.chunkMs ?? 20_000);
  const maxActiveHmms = options.maxActiveHmms ?? DEFAULT_MAX_ACTIVE_HMMS;
  if (!Number.isInteger(maxActiveHmms) || (maxActiveHmms < 1 && maxActiveHmms !== -1)) {
    throw new DictclipError(
      'E_CONFIG',
      `PocketSphinx option maxActiveHmms must be an integer ≥ 1, or -1 for no limit (got ${maxActiveHmms}).`,
      { key: 'maxActiveHmms' },
    );
  }
  const model = pocketSphinxModel(options.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR);
  const args = [
    '-adcin', 'yes', '-adchdr', String(WORK_HEADER_BYTES), '-cepdir', '', '-cepext', '',
    '-backtrace', 'yes', '-remove_silence', 'no', '-maxhmmpf', String(maxActiveHmms),
    '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict, ...(options.settings ?? []),
  ];
  const pool = new BatchPool(
    Math.max(1, options.processes ?? availableParallelism()),
    () => new BatchProcess(binary, args, POCKETSPHINX_INSTALL_HINT),
  );

  async function check(): Promise<void> {
    await sweepEngineTempDirs(); // left by a killed process
    await checkPocketSphinx(binary, process.env['PATH'], model);
  }

  async function recognize(audioPath: string, { signal }: RecognizeOptions): Promise<Recognition> {
    if (signal?.aborted === true) throw new DictclipError('E_ABORTED', 'Recognition aborted before it started', { cause: signal.reason });
    const info = await readWavInfo(audioPath).catch((cause: unknown) => {
      throw new DictclipError('E_ENGINE', `PocketSphinx cannot read ${audioPath}`, { path: audioPath, cause });
    });
    if (info.dataOffset !== WORK_HEADER_BYTES || info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16) {
      throw new DictclipError('E_ENGINE', `PocketSphinx needs 16 kHz mono 16-bit WAV with a 44-byte header: ${audioPath}`, {
        path: audioPath,
      });
    }
    const splits = await findPauseSplits({ ...info, path: audioPath }, { maxSamples: chunkMs * 16 });
    const frames = [0, ...splits.map((s) => Math.round(s / SAMPLES_PER_FRAME)), Math.ceil(info.samples / SAMPLES_PER_FRAME)];
    const stop = new AbortController(); // one failed stretch stops the others
    const onAbort = (): void => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const link = await plainPath(resolve(audioPath)); // -cepdir '' makes every path absolute
    try {
      // Longest stretch first: the pool's processes then finish at about the same time.
      const order = longestFirst(frames);
      const decodes = new Array<BatchDecode>(order.length);
      await Promise.all(order.map(async (i) => {
        try {
          // Each stretch waits on a signal of its own that follows `stop`: a dependent signal adds
          // no listener to `stop`, so an 11-minute recording's 33 stretches do not pile 33
          // listeners on one signal (Node's MaxListenersExceededWarning past 10).
          decodes[i] = await pool.decode(link.path, frames[i]!, frames[i + 1]!, AbortSignal.any([stop.signal]));
        } catch (error) {
          stop.abort(error);
          throw error;
        }
      }));
      const words = decodes.flatMap((d, i) =>
        d.words.map((w) => ({ ...w, startMs: w.startMs + frames[i]! * FRAME_MS, endMs: w.endMs + frames[i]! * FRAME_MS })),
      );
      const endMs = Math.max(0, ...decodes.map((d, i) => (d.endMs > 0 ? d.endMs + frames[i]! * FRAME_MS : 0)));
      const clamp = (ms: number): number => Math.min(ms, Math.floor(info.durationMs));
      return { words: words.map((w) => ({ ...w, startMs: clamp(w.startMs), endMs: clamp(w.endMs) })), endMs: clamp(endMs) };
    } catch (error) {
      if (isAborted(signal) && !isDictclipError(error, 'E_ABORTED'))
        throw new DictclipError('E_ABORTED', 'Recognition aborted', { cause: signal?.reason });
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await link.release();
    }
  }

  return { name: 'pocketsphinx', check, recognize, warm: () => pool.warm(), close: () => pool.close(), pool };
}

/** Indexes of the stretches between consecutive `bounds`, longest first (earlier first on a tie). */
export function longestFirst(bounds: readonly number[]): number[] {
  const indexes = bounds.slice(1).map((_, i) => i);
  return indexes.sort((a, b) => (bounds[b + 1]! - bounds[b]!) - (bounds[a + 1]! - bounds[a]!) || a - b);
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** A path without whitespace (control lines are whitespace-separated): the path itself, or a symlink. */
async function plainPath(path: string): Promise<{ path: string; release: () => Promise<void> }> {
  if (!/\s/.test(path)) return { path, release: async () => undefined };
  const dir = await makeEngineTempDir();
  const linkPath = join(dir, 'audio.wav');
  if (/\s/.test(linkPath))
    throw new DictclipError('E_ENGINE', `PocketSphinx cannot read paths with spaces (also the temp folder ${dir})`, { path });
  await symlink(path, linkPath);
  return { path: linkPath, release: () => rm(dir, { recursive: true, force: true }) };
}
