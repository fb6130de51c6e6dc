/**
 * Bounds on the password hashing an unauthenticated caller can cause. Every password check that
 * is not answered from the cache of recent successes costs one scrypt (16 MiB, tens of ms of a
 * core), whether the user exists or not (an unknown user is checked against a dummy hash, so a
 * wrong user and a wrong password take the same work and count the same here). This module
 * decides, before the hash, whether a check may run:
 *
 * - per client address: at most `clientFailures` checks that failed or are still running within
 *   the last `windowMs`;
 * - for all clients together: at most `globalFailures` failed checks within `windowMs`;
 * - at most `hashConcurrency` hashes at once (the rest of the libuv pool stays free for file
 *   access, so authenticated work goes on), and at most `hashQueue` more waiting.
 *
 * A refused check is answered 429 with `Retry-After` (seconds until the oldest counted failure
 * leaves the window; 1 when only the queue is full), without hashing anything.
 */
import pLimit from 'p-limit';
import { DictclipError } from '../errors.js';

/** Limits of {@link LoginThrottle}; every field has a default (see {@link DEFAULT_LOGIN_LIMITS}). */
export interface LoginLimits {
  /** Password hashes computed at once. @default 2 */
  readonly hashConcurrency?: number;
  /** Password checks waiting for a hash beyond which new ones are refused (429). @default 16 */
  readonly hashQueue?: number;
  /** Failed or running password checks per client address within `windowMs` before 429. @default 5 */
  readonly clientFailures?: number;
  /** Failed password checks of all clients within `windowMs` before every uncached check gets 429. @default 100 */
  readonly globalFailures?: number;
  /** The window the failures are counted in, ms. @default 60000 */
  readonly windowMs?: number;
}

export const DEFAULT_LOGIN_LIMITS: Required<LoginLimits> = {
  hashConcurrency: 2, hashQueue: 16, clientFailures: 5, globalFailures: 100, windowMs: 60_000,
};

/** Client addresses remembered at most; past it, addresses with nothing in the window are forgotten. */
const MAX_CLIENTS = 10_000;

/** The answer to {@link LoginThrottle.admit}. */
export type Admission =
  | { ok: true; hash: <T>(run: () => Promise<T>) => Promise<T>; done: (failed: boolean) => void }
  | { ok: false; retryAfterS: number };

interface ClientState {
  failures: number[];
  running: number;
}

/** Validate and complete {@link LoginLimits}. @throws E_CONFIG naming the bad field. */
export function resolveLoginLimits(limits: LoginLimits = {}): Required<LoginLimits> {
  const resolved = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  for (const [key, value] of Object.entries(resolved)) {
    const min = key === 'hashQueue' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < min) {
      throw new DictclipError('E_CONFIG', `Service option loginLimits.${key} must be an integer ≥ ${min} (got ${value}).`, { key: `loginLimits.${key}` });
    }
  }
  return resolved;
}

export class LoginThrottle {
  readonly #limits: Required<LoginLimits>;
  readonly #clients = new Map<string, ClientState>();
  readonly #global: number[] = [];
  readonly #slots: ReturnType<typeof pLimit>;
  readonly #now: () => number;

  constructor(limits: LoginLimits = {}, now: () => number = Date.now) {
    this.#limits = resolveLoginLimits(limits);
    this.#slots = pLimit(this.#limits.hashConcurrency);
    this.#now = now;
  }

  /** Password hashes running or waiting now. */
  get pending(): number {
    return this.#slots.activeCount + this.#slots.pendingCount;
  }

  /**
   * May a password check of `client` (its address) run now? When it may, run the hash through
   * `hash` and call `done` once with whether the check failed.
   */
  admit(client: string): Admission {
    const now = this.#now();
    const { clientFailures, globalFailures, hashConcurrency, hashQueue, windowMs } = this.#limits;
    const state = this.#client(client, now);
    prune(this.#global, now - windowMs);
    const wait = (oldest: number | undefined): number => Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 1000));
    if (state.failures.length + state.running >= clientFailures) {
      return { ok: false, retryAfterS: state.failures.length > 0 ? wait(state.failures[0]) : 1 };
    }
    if (this.#global.length >= globalFailures) return { ok: false, retryAfterS: wait(this.#global[0]) };
    if (this.pending >= hashConcurrency + hashQueue) return { ok: false, retryAfterS: 1 };
    state.running += 1;
    let settled = false;
    return {
      ok: true,
      hash: (run) => this.#slots(run),
      done: (failed) => {
        if (settled) return;
        settled = true;
        state.running -= 1;
        if (!failed) return;
        const at = this.#now();
        state.failures.push(at);
        this.#global.push(at);
      },
    };
  }

  #client(client: string, now: number): ClientState {
    const cutoff = now - this.#limits.windowMs;
    if (!this.#clients.has(client) && this.#clients.size >= MAX_CLIENTS) {
      for (const [key, state] of this.#clients) {
        prune(state.failures, cutoff);
        if (state.failures.length === 0 && state.running === 0) this.#clients.delete(key);
      }
    }
    const state = this.#clients.get(client) ?? { failures: [], running: 0 };
    this.#clients.set(client, state);
    prune(state.failures, cutoff);
    return state;
  }
}

/** Drop the times before `cutoff` from an ascending list. */
function prune(times: number[], cutoff: number): void {
  let drop = 0;
  while (drop < times.length && times[drop]! <= cutoff) drop++;
  if (drop > 0) times.splice(0, drop);
}
