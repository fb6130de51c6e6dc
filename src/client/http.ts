/**
 * The HTTP transport of the client: one keep-alive undici Agent with bounded connections,
 * gzip/deflate decoding, the Authorization header, status checks and retries.
 *
 * Retries happen at two layers that share one budget (`maxRetries`) and one backoff:
 * 1. undici's RetryAgent retries connection errors, timeouts and 429/5xx answers of requests
 *    whose body can be replayed (GETs, form POSTs).
 * 2. An outer attempt covers what RetryHandler cannot: a streamed upload body (consumed by the
 *    first attempt, so it is re-created from its factory) and a response body that broke after
 *    the headers (RetryHandler can only resume those with Range requests).
 *
 * A refused connection or an unknown host is not retried before the service first answered (a
 * wrong base URL fails at once); afterwards it is a transient failure like the others.
 *
 * Upload and dictation creation are not idempotent, yet they are retried: an orphaned audio or
 * dictation on the service is acceptable, a lost recording is not.
 */
import type { Readable } from 'node:stream';
import { Agent, RetryAgent, request, type Dispatcher, type RetryHandler } from 'undici';
import { decodeBody } from './decode.js';
import type { IncomingHttpHeaders } from 'node:http';
import { retryDelayMs, parseRetryAfter, sleep, type BackoffOptions } from './backoff.js';
import {
  NEVER_REACHED_CODES, TRANSIENT_ERROR_CODES, TRANSIENT_STATUSES, abortedError, errorCode, isTransientError, statusError, transportError,
  type RequestInfo,
} from './failures.js';

export interface TransportOptions {
  /** Maximum simultaneous connections (keep-alive pool). */
  connections: number;
  /** headersTimeout and bodyTimeout of one request, ms. */
  requestTimeoutMs: number;
  /** Retries of a transient failure (shared by both retry layers). */
  maxRetries: number;
  /** First retry delay, ms. */
  retryBaseMs: number;
  /** Cap of one retry delay and of Retry-After, ms. */
  retryMaxMs: number;
  /** The Authorization header value (secret: never put into errors). */
  authorization: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A replayable string, or a factory called once per attempt (streams cannot be replayed). */
  body?: string | (() => Readable);
  /** The one status that means success (201 for upload and creation, 200 otherwise). */
  expectedStatus: number;
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The decoded (decompressed) body as UTF-8 text. */
  body: string;
  /** Number of HTTP attempts made, 1 without retries. */
  attempts: number;
}

/** A function, so that TypeScript does not narrow `aborted` across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

interface Budget {
  retries: number;
}

/** Keep-alive HTTP with retries and status checks; see the module comment. */
export class HttpTransport {
  readonly #agent: Agent;
  readonly #options: TransportOptions;
  readonly #backoff: BackoffOptions;
  /** True once the service answered anything (see NEVER_REACHED_CODES). */
  #answered = false;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#backoff = { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs, factor: 2 };
    this.#agent = new Agent({
      connections: options.connections,
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    });
  }

  /**
   * Send a request until it answers `expectedStatus`, retrying transient failures.
   * @throws DictclipError E_HTTP_STATUS (or the service's wire code: E_BUSY, E_NOT_FOUND …), E_AUTH, E_NETWORK, E_TIMEOUT or E_ABORTED (with `attempts`).
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const budget: Budget = { retries: 0 };
    const info = (): RequestInfo => ({ method: req.method, url: req.url, attempts: budget.retries + 1 });
    const dispatcher = new RetryAgent(this.#agent, this.#retryOptions(budget, req.signal));
    for (;;) {
      if (isAborted(req.signal)) throw abortedError(info(), req.signal?.reason);
      let response: Omit<HttpResponse, 'attempts'>;
      try {
        response = await this.#attempt(dispatcher, req);
      } catch (error) {
        if (isAborted(req.signal)) throw abortedError(info(), error);
        if (isTransientError(error) && !this.#neverReached(error) && budget.retries < this.#options.maxRetries) {
          budget.retries += 1;
          await this.#wait(budget.retries, undefined, req.signal, info);
          continue;
        }
        throw transportError(error, info());
      }
      if (isAborted(req.signal)) throw abortedError(info(), req.signal?.reason);
      if (response.status === req.expectedStatus) return { ...response, attempts: budget.retries + 1 };
      if (TRANSIENT_STATUSES.includes(response.status) && budget.retries < this.#options.maxRetries) {
        budget.retries += 1;
        await this.#wait(budget.retries, parseRetryAfter(response.headers['retry-after']), req.signal, info);
        continue;
      }
      throw statusError(response.status, response.body, req.expectedStatus, info());
    }
  }

  async #attempt(dispatcher: Dispatcher, req: HttpRequest): Promise<Omit<HttpResponse, 'attempts'>> {
    const body = typeof req.body === 'function' ? req.body() : req.body;
    const response = await request(req.url, {
      dispatcher,
      method: req.method,
      headers: { ...req.headers, authorization: this.#options.authorization },
      ...(body === undefined ? {} : { body }),
      ...(req.signal === undefined ? {} : { signal: req.signal }),
    });
    this.#answered = true;
    const raw = Buffer.from(await response.body.arrayBuffer());
    const text = await decodeBody(raw, response.headers['content-encoding']);
    return { status: response.statusCode, headers: response.headers, body: text };
  }

  async #wait(retry: number, retryAfterMs: number | undefined, signal: AbortSignal | undefined, info: () => RequestInfo): Promise<void> {
    try {
      await sleep(retryDelayMs(retry, this.#backoff, retryAfterMs), signal);
    } catch (error) {
      throw abortedError(info(), error);
    }
  }

  /**
   * RetryAgent options whose retry callback draws on the request's shared budget. With a retry
   * callback of our own and `throwOnError: false`, undici consults nothing else (its statusCodes,
   * methods, timeouts and maxRetries feed only its default callback): the policy is all here.
   */
  #retryOptions(budget: Budget, signal: AbortSignal | undefined): RetryHandler.RetryOptions {
    const options = this.#options;
    return {
      throwOnError: false,
      retry: (error, _context, callback) => {
        const { statusCode, headers } = error as Error & { statusCode?: number; headers?: IncomingHttpHeaders };
        // A body that broke mid-way is left to the outer attempt (a fresh request), not resumed.
        const code = errorCode(error);
        const retryable = statusCode !== undefined && statusCode >= 300
          ? TRANSIENT_STATUSES.includes(statusCode)
          : code !== undefined && TRANSIENT_ERROR_CODES.includes(code) && !this.#neverReached(error);
        if (!retryable || budget.retries >= options.maxRetries || signal?.aborted === true) {
          callback(error);
          return;
        }
        budget.retries += 1;
        const delay = retryDelayMs(budget.retries, this.#backoff, parseRetryAfter(headers?.['retry-after']));
        sleep(delay, signal).then(() => callback(null), (reason: unknown) => callback(reason as Error));
      },
    };
  }

  /** A refused connection or unknown host while the service has never answered: not retried. */
  #neverReached(error: unknown): boolean {
    const code = errorCode(error);
    return !this.#answered && code !== undefined && NEVER_REACHED_CODES.includes(code);
  }

  /** Close the keep-alive connections. */
  async close(): Promise<void> {
    await this.#agent.close();
  }
}
