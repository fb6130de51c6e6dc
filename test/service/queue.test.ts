import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobQueue, MAX_JOB_DELAY_MS } from '../../src/service/queue.js';

describe('JobQueue', () => {
  it('runs higher priority first, then in arrival order, never more than the concurrency', async () => {
    const order: string[] = [];
    let active = 0;
    let maxActive = 0;
    const finished = new Promise<void>((resolve) => {
      const queue = new JobQueue(1, async (key) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        order.push(key);
        await Promise.resolve(); // every job is added while 'first' still runs
        active -= 1;
        if (order.length === 5) resolve();
      }, () => undefined);
      queue.add({ key: 'first', priority: 0, notBefore: 0 });
      queue.add({ key: 'low', priority: -1, notBefore: 0 });
      queue.add({ key: 'a', priority: 5, notBefore: 0 });
      queue.add({ key: 'b', priority: 5, notBefore: 0 });
      queue.add({ key: 'mid', priority: 1, notBefore: 0 });
      queue.add({ key: 'a', priority: 9, notBefore: 0 }); // duplicate key: ignored
    });
    await finished;
    expect(order).toEqual(['first', 'a', 'b', 'mid', 'low']);
    expect(maxActive).toBe(1);
  });

  it('holds a delayed job until its time while later jobs run, and cancels and closes', async () => {
    const order: string[] = [];
    const queue = new JobQueue(2, async (key, signal) => {
      order.push(key);
      if (key === 'hang') {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        order.push(`aborted:${String(signal.reason)}`);
      }
    }, () => undefined);
    queue.add({ key: 'later', priority: 10, notBefore: Date.now() + 60_000 });
    queue.add({ key: 'hang', priority: 0, notBefore: 0 });
    queue.add({ key: 'now', priority: 0, notBefore: 0 });
    expect(queue.cancel('later', 'x')).toBe(true);
    expect(queue.cancel('missing', 'x')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    await queue.close('shutdown');
    expect(order).toEqual(['hang', 'now', 'aborted:shutdown']);
    queue.add({ key: 'after-close', priority: 0, notBefore: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).not.toContain('after-close');
  });

  describe('a delay past the longest timer', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });

    it('waits in timers of at most 2^31 − 1 ms instead of spinning (a job saved with a longer delay)', async () => {
      vi.useFakeTimers({ now: 1_000_000 });
      const delays: number[] = [];
      const fakeSetTimeout = globalThis.setTimeout;
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
        delays.push(ms ?? 0);
        return fakeSetTimeout(callback, ms);
      }) as typeof setTimeout);
      const ran: string[] = [];
      const queue = new JobQueue(1, async (key) => void ran.push(key), () => undefined);
      queue.add({ key: 'far', priority: 0, notBefore: Date.now() + 2 ** 40 });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(delays).toEqual([MAX_JOB_DELAY_MS]); // one timer, not one per millisecond
      await vi.advanceTimersByTimeAsync(MAX_JOB_DELAY_MS);
      expect(delays).toEqual([MAX_JOB_DELAY_MS, MAX_JOB_DELAY_MS]); // woke once, waits again
      expect(ran).toEqual([]);
      await queue.close('test over');
    });
  });
});
