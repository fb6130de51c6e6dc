/**
 * The fault injector of the embedded service. Called first by the request listener, given the
 * name of the matched route: `if (await faults.maybeFault(req, res, route)) return;` — true means
 * the request was fully answered (or abandoned) by a fault; false means "process it normally"
 * (possibly after a delay).
 * Faults are drawn from a seeded PRNG, one draw sequence per service, in request arrival order.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from './prng.js';
import type { FaultOptions, RouteName, TransientFault } from './spec.js';

/** One injected fault, as reported to `onFault` (tests count them). */
export interface InjectedFault {
  kind: TransientFault;
  route: RouteName;
  /** True when injected after the request was processed (non-idempotent calls, `afterRate`). */
  after: boolean;
}

export interface FaultInjector {
  readonly options: Readonly<FaultOptions>;
  /** Decide and apply a fault. Resolves true when the request needs no further handling. */
  maybeFault(req: IncomingMessage, res: ServerResponse, route: RouteName): Promise<boolean>;
  /** Faults injected so far, per kind. */
  readonly counts: Readonly<Record<TransientFault, number>>;
}

const STATUS: Partial<Record<TransientFault, number>> = { '500': 500, '502': 502, '503': 503, '429': 429 };
const RESET_BODY = '<?xml version="1.0" encoding="UTF-8"?><dictation><done>tr';

function discardBody(req: IncomingMessage): void {
  if (!req.complete) req.resume();
}

function answerStatus(req: IncomingMessage, res: ServerResponse, status: number, retryAfterS: number): void {
  discardBody(req);
  const body = `<?xml version="1.0" encoding="UTF-8"?><error><status>${status}</status><code>E_INJECTED_FAULT</code><message>Injected fault.</message></error>`;
  const headers: Record<string, string> = { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) };
  if (status === 503 || status === 429) headers['Retry-After'] = String(retryAfterS);
  res.writeHead(status, headers);
  res.end(body);
}

/** Status 200, headers promising more than is sent, part of the body, then a TCP reset. */
function reset(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(RESET_BODY.length * 4) });
  res.write(RESET_BODY, () => {
    // RST, not FIN: a reset as the network shows it. (A FIN while the client's parser is paused
    // crashes undici ≤ 7.x with an uncatchable assert: nodejs/undici#5360.)
    const socket = res.socket;
    if (socket !== null && !socket.destroyed) socket.resetAndDestroy();
    req.destroy();
  });
}

/** Let the handler run, then replace whatever it answers by a 502 (the work is done, the answer lost). */
function failAfterProcessing(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  res.write = (() => true) as typeof res.write;
  res.writeHead = ((() => res) as unknown) as typeof res.writeHead;
  res.end = ((() => {
    writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '0' });
    return end();
  }) as unknown) as typeof res.end;
}

/** Create an injector from resolved options (see `parseFaultSpec`). */
export function createFaultInjector(options: FaultOptions, onFault?: (fault: InjectedFault) => void): FaultInjector {
  const random = mulberry32(options.seed);
  const counts = Object.fromEntries(options.kinds.map((k) => [k, 0])) as Record<TransientFault, number>;
  const eligible = (route: RouteName): boolean => options.routes === undefined || options.routes.includes(route);
  // Calls that store something: a fault after processing leaves an orphan for the retry.
  const isNonIdempotent = (route: RouteName): boolean => route === 'upload' || route === 'create';

  async function maybeFault(req: IncomingMessage, res: ServerResponse, route: RouteName): Promise<boolean> {
    if (options.rate <= 0 || options.kinds.length === 0 || !eligible(route)) return false;
    if (random() >= options.rate) return false;
    const kind = options.kinds[Math.floor(random() * options.kinds.length)] ?? 'delay';
    const after = isNonIdempotent(route) && kind !== 'delay' && random() < options.afterRate;
    counts[kind] = (counts[kind] ?? 0) + 1;
    onFault?.({ kind, route, after });
    if (after) {
      failAfterProcessing(res);
      return false;
    }
    const status = STATUS[kind];
    if (status !== undefined) {
      answerStatus(req, res, status, options.retryAfterS);
      return true;
    }
    if (kind === 'reset') {
      reset(req, res);
      return true;
    }
    await sleep(options.delayMs, undefined, { ref: false });
    return res.destroyed || res.writableEnded || req.socket.destroyed;
  }

  return { options, maybeFault, counts };
}
