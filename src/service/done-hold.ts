/**
 * The long poll of `GET …/done`: with `doneHoldMs` set, an unfinished dictation's `/done` is
 * answered when the job finishes, or `false` once the hold has passed, or `false` at once when the
 * service closes. A client that hangs up stops the wait and gets no answer. To a client this is
 * only a slow answer to an ordinary poll, so any client of the service works with it.
 */
import type { RequestContext } from './context.js';
import type { DictationRecord } from './store.js';

/**
 * Wait until `record` is finished, at most `holdMs`.
 * @returns true when it finished; false after the hold, when the service closes or the client left.
 */
export async function holdUntilFinished(ctx: RequestContext, record: DictationRecord, holdMs: number): Promise<boolean> {
  const left = new AbortController();
  const onClose = (): void => left.abort();
  ctx.res.once('close', onClose);
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), holdMs);
  try {
    await ctx.service.core.waitFinished(record.tenant, record.id, AbortSignal.any([left.signal, timer.signal, ctx.service.closing]));
    return true;
  } catch {
    return false; // E_ABORTED: the hold passed, the client hung up or the service closes
  } finally {
    clearTimeout(timeout);
    ctx.res.off('close', onClose);
  }
}
