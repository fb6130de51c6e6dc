/**
 * The one abortable wait (the client's retries and polls, the scripted engine's delays): wait `ms`, rejecting as soon as the signal aborts
 * with an AbortError whose cause is the signal's
 * reason (as node:timers/promises does). On the global timer functions, so tests can fake them.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      clearTimeout(timer);
      reject(Object.assign(new Error('The operation was aborted', { cause: signal?.reason }), { name: 'AbortError', code: 'ABORT_ERR' }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted === true) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
