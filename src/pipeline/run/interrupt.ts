/**
 * An interrupted run (the caller's signal aborted, e.g. Ctrl-C): the dictations it left in flight
 * are canceled on the service (a paid service would otherwise finish and charge them), and the
 * error says what was kept and how to resume.
 */
import type { DictationClient } from '../../client/index.js';
import { DictclipError } from '../../errors.js';

/** Time for all cancel requests together, ms: an interrupt must not hang on a slow service. */
export const CANCEL_TIMEOUT_MS = 10_000;

/**
 * Cancel every dictation in `inFlight` (`POST {location}/cancel`), at once, within
 * {@link CANCEL_TIMEOUT_MS}. @returns how many the service accepted.
 */
export async function cancelInFlight(client: DictationClient | undefined, inFlight: ReadonlySet<string>): Promise<number> {
  if (client === undefined || inFlight.size === 0) return 0;
  const signal = AbortSignal.timeout(CANCEL_TIMEOUT_MS);
  const settled = await Promise.allSettled([...inFlight].map((location) => client.cancelDictation(location, { signal })));
  return settled.filter((s) => s.status === 'fulfilled').length;
}

/** The `E_ABORTED` of an interrupted run: what is kept, what was canceled, and how to resume. */
export function interruptedError(counts: { finished: number; total: number; canceled: number }, cause: unknown): DictclipError {
  const canceled = counts.canceled === 0 ? '' : `; ${counts.canceled} dictation${counts.canceled === 1 ? '' : 's'} in flight canceled on the service`;
  return new DictclipError(
    'E_ABORTED',
    `the run was interrupted: ${counts.finished} of ${counts.total} recordings finished, written to manifest.csv and summary.json${canceled}. ` +
      'To resume, run the same command again: finished recordings are kept, the others are dictated.',
    { cause },
  );
}
