/**
 * The fault-injection specification of the embedded service: which transient faults, how often,
 * with which seed. Off unless configured (`faults` service option, `--faults`, `DICTCLIP_FAULTS`).
 *
 * String form: `seed=7,rate=0.2,kinds=500+502+503+429+reset+delay,delayMs=3000,routes=upload+done`
 * JSON form (config files): `{"seed":7,"rate":0.2,"kinds":["500","reset"],"delayMs":3000}`
 */
import { DictclipError } from '../../errors.js';

/** Transient faults answered instead of (or before) the real response. */
export const TRANSIENT_FAULTS = ['500', '502', '503', '429', 'reset', 'delay'] as const;
export type TransientFault = (typeof TRANSIENT_FAULTS)[number];

/** Route names that faults can be restricted to (the `name` of each route in src/service/router.ts). */
export const ROUTE_NAMES = [
  'upload', 'download', 'create', 'dictation', 'done', 'text', 'audio-stats', 'text-stats',
  'observer', 'deregister', 'cancel', 'password', 'other',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface FaultOptions {
  /** PRNG seed. @default 1 */
  seed: number;
  /** Fraction of requests answered with a fault, 0..1. @default 0 */
  rate: number;
  /** Faults drawn from, uniformly. @default all of TRANSIENT_FAULTS */
  kinds: TransientFault[];
  /** Delay of the `delay` fault, ms (make it longer than the client's request timeout). @default 3000 */
  delayMs: number;
  /** `Retry-After` seconds sent with 503 and 429. @default 1 */
  retryAfterS: number;
  /** Only these routes get faults. @default undefined (every route but the WebSocket) */
  routes: RouteName[] | undefined;
  /**
   * Fraction of the faults on upload and creation (not idempotent) injected AFTER the request was
   * processed: the resource is stored, but the client sees a 502 and retries (orphans). @default 0
   */
  afterRate: number;
}

export const DEFAULT_FAULT_OPTIONS: Readonly<FaultOptions> = Object.freeze({
  seed: 1, rate: 0, kinds: [...TRANSIENT_FAULTS], delayMs: 3000, retryAfterS: 1, routes: undefined, afterRate: 0,
});

function bad(part: string, why: string): DictclipError {
  return new DictclipError('E_CONFIG', `Invalid fault specification at "${part}": ${why}.`, { key: 'faults' });
}

function numberIn(part: string, raw: unknown, min: number, max: number, integer: boolean): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw bad(part, `expected ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
  }
  return n;
}

function listOf<T extends string>(part: string, raw: unknown, allowed: readonly T[]): T[] {
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split('+') : undefined;
  if (items === undefined || items.length === 0) throw bad(part, `expected one or more of ${allowed.join(', ')}`);
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item.trim())) throw bad(part, `"${item}" is not one of ${allowed.join(', ')}`);
  }
  return [...new Set(items.map((i) => i.trim() as T))];
}

/** Validate and complete a fault specification given as key/value pairs. @throws E_CONFIG naming the bad part */
export function resolveFaultOptions(input: Record<string, unknown>): FaultOptions {
  const out: FaultOptions = { ...DEFAULT_FAULT_OPTIONS, kinds: [...DEFAULT_FAULT_OPTIONS.kinds] };
  for (const [key, value] of Object.entries(input)) {
    const part = `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`;
    if (key === 'seed') out.seed = numberIn(part, value, 0, 2 ** 32 - 1, true);
    else if (key === 'rate') out.rate = numberIn(part, value, 0, 1, false);
    else if (key === 'delayMs') out.delayMs = numberIn(part, value, 0, 3_600_000, true);
    else if (key === 'retryAfterS') out.retryAfterS = numberIn(part, value, 0, 3600, true);
    else if (key === 'afterRate') out.afterRate = numberIn(part, value, 0, 1, false);
    else if (key === 'kinds') out.kinds = listOf(part, value, TRANSIENT_FAULTS);
    else if (key === 'routes') out.routes = listOf(part, value, ROUTE_NAMES);
    else throw bad(part, `unknown key "${key}" (known: seed, rate, kinds, delayMs, retryAfterS, routes, afterRate)`);
  }
  return out;
}

/**
 * Parse `key=value` pairs separated by commas (lists joined with `+`), or a JSON object.
 * A blank string gives the defaults (no faults).
 * @throws DictclipError E_CONFIG naming the bad part.
 */
export function parseFaultSpec(spec: string): FaultOptions {
  const text = spec.trim();
  if (text.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(text) as unknown;
    } catch (error) {
      throw new DictclipError('E_CONFIG', `Invalid fault specification: not valid JSON (${(error as Error).message}).`, { key: 'faults', cause: error });
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad(text, 'expected a JSON object');
    return resolveFaultOptions(data as Record<string, unknown>);
  }
  const pairs: Record<string, unknown> = {};
  for (const part of text === '' ? [] : text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw bad(part, 'expected key=value');
    pairs[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return resolveFaultOptions(pairs);
}
