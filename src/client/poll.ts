/**
 * Polling a dictation until it reports done (spec 4.3). The first poll comes `initialIntervalMs`
 * after creation (a dictation is never done at once), then the wait doubles up to
 * `maxIntervalMs`: with the defaults, polls at 1, 3, 7, 12, 17, 22 … s. That keeps the polls
 * for a dictation that takes T seconds at or under 2 + T/3, within an overall timeout.
 */
import { DictclipError, redactUrl } from '../errors.js';
import { sleep } from '../sleep.js';
import type { WaitOptions } from './types.js';

/** Default overall timeout: 120 s plus three times the audio duration. */
export function defaultWaitTimeoutMs(audioDurationMs: number): number {
  return 120_000 + 3 * Math.max(0, audioDurationMs);
}

/** The wait before poll number `poll` (1-based). */
export function pollDelayMs(poll: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, poll - 1));
}

/**
 * Call `isDone` until it returns true. Each call gets a signal that aborts on the caller's abort
 * and at the overall deadline.
 * @returns the number of polls made (≥ 1).
 * @throws DictclipError E_DICTATION_TIMEOUT past the deadline, E_ABORTED when the caller aborts,
 * or whatever `isDone` throws.
 */
export async function pollUntilDone(
  location: string,
  isDone: (signal: AbortSignal) => Promise<boolean>,
  options: WaitOptions,
): Promise<{ polls: number }> {
  const initial = Math.max(1, options.initialIntervalMs ?? 1000);
  const max = Math.max(initial, options.maxIntervalMs ?? 5000);
  const timeoutMs = options.timeoutMs ?? defaultWaitTimeoutMs(options.audioDurationMs);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('deadline')), timeoutMs);
  const signal = options.signal === undefined ? deadline.signal : AbortSignal.any([options.signal, deadline.signal]);
  const url = redactUrl(location);
  let polls = 0;
  const failure = (cause?: unknown): DictclipError => {
    if (options.signal?.aborted === true) {
      return new DictclipError('E_ABORTED', `Waiting for dictation ${url} was aborted`, { url, cause: options.signal.reason });
    }
    return new DictclipError(
      'E_DICTATION_TIMEOUT',
      `Dictation ${url} was not done within ${timeoutMs} ms (${polls} polls)`,
      { url, ...(cause === undefined ? {} : { cause }) },
    );
  };
  try {
    for (;;) {
      try {
        await sleep(pollDelayMs(polls + 1, initial, max), signal);
      } catch {
        throw failure();
      }
      polls += 1;
      let done: boolean;
      try {
        done = await isDone(signal);
      } catch (error) {
        if (signal.aborted) throw failure(error);
        throw error;
      }
      if (done) return { polls };
    }
  } finally {
    clearTimeout(timer);
  }
}
