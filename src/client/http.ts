/**
 * The HTTP transport of the client: one keep-alive undici Agent with bounded connections,
 * gzip/deflate decoding, the Authorization header, status checks and retries.
 *
 * One retry loop, as ky has, driven by one retry policy (src/client/retry.ts: the budget, the
 * statuses and error codes retried, the backoff and the Retry-After cap, the `onRetry` hook): an
 * attempt is the whole exchange (send the request, read and decode the body), and it is retried
 * when it fails with a connection error, a reset or a timeout — also after the headers, while the
 * body is read — or answers a retried status (by default 429, 500, 502, 503 or 504; Retry-After
 * honoured, capped). Each attempt sends its body afresh: a string is sent again, a streamed upload
 * is re-created from its factory (a stream cannot be replayed).
 *
 * A refused connection or an unknown host is not retried before the service first answered (a
 * wrong base URL fails at once); afterwards it is a transient failure like the others.
 *
 * Upload and dictation creation are not idempotent, yet they are retried: an orphaned audio or
 * dictation on the service is acceptable, a lost recording is not.
 *
 * Nothing from the wire is trusted (docs/security.md): a request outside the base URL's origin is
 * refused before it is sent (`E_CROSS_ORIGIN`: the Authorization header stays with its origin);
 * each attempt has one overall deadline, the whole body included, so a service dripping a byte
 * at a time still times out (`E_TIMEOUT`, retried like any timeout); a body is read up to
 * `maxResponseBytes`, as received and after decoding (`E_RESPONSE_TOO_LARGE`, not retried).
 */
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { decodeBody } from './decode.js';
import type { IncomingHttpHeaders } from 'node:http';
import { isDictclipError, redactUrl, type DictclipError } from '../errors.js';
import { parseRetryAfter } from './backoff.js';
import { sleep } from '../sleep.js';
import { abortedError, deadlineError, statusError, transportError, type RequestInfo } from './failures.js';
import { retriesError, retriesStatus, retryDelayMs, type RetryPolicy } from './retry.js';
import { attemptDeadlineMs, responseTooLarge } from './limits.js';
import { requireOrigin } from './origin.js';

export interface TransportOptions {
  /** Maximum simultaneous connections (keep-alive pool). */
  connections: number;
  /** headersTimeout and bodyTimeout of one request, and its overall deadline (body included), ms. */
  requestTimeoutMs: number;
  /** The only origin requests go to (the base URL's). */
  origin: string;
  /** Cap of one response body, as received and decoded, bytes. */
  maxResponseBytes: number;
  /** Which failures are retried, how often and after what wait; told each retry. */
  retry: RetryPolicy;
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

/** Keep-alive HTTP with retries and status checks; see the module comment. */
export class HttpTransport {
  readonly #agent: Agent;
  readonly #options: TransportOptions;
  /** True once the service answered anything (see RetryOptions.unreachedCodes). */
  #answered = false;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#agent = new Agent({
      connections: options.connections,
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    });
  }

  /**
   * Send a request until it answers `expectedStatus`, retrying transient failures.
   * @throws DictclipError E_HTTP_STATUS (or the service's wire code: E_BUSY, E_NOT_FOUND …), E_AUTH, E_NETWORK, E_TIMEOUT,
   * E_ABORTED (with `attempts`), E_CROSS_ORIGIN (nothing sent), E_RESPONSE_TOO_LARGE or E_RESPONSE_INVALID (undecodable body).
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    requireOrigin(req.url, this.#options.origin, `${req.method} ${req.url}`, { method: req.method });
    const policy = this.#options.retry;
    let retries = 0;
    const info = (): RequestInfo => ({ method: req.method, url: req.url, attempts: retries + 1 });
    for (;;) {
      if (isAborted(req.signal)) throw abortedError(info(), req.signal?.reason);
      let response: Omit<HttpResponse, 'attempts'>;
      const deadlineMs = attemptDeadlineMs(this.#options.requestTimeoutMs, Number(req.headers?.['content-length'] ?? 0));
      const deadline = AbortSignal.timeout(deadlineMs);
      try {
        response = await this.#attempt(req, deadline, info());
      } catch (caught) {
        if (isAborted(req.signal)) throw abortedError(info(), caught);
        if (isDictclipError(caught)) throw caught;
        const error = deadline.aborted ? deadlineError(deadlineMs, caught) : caught;
        if (!retriesError(policy, error, this.#answered) || retries >= policy.limit) throw transportError(error, info());
        retries += 1;
        await this.#retry(req, retries, transportError(error, { ...info(), attempts: retries }), undefined);
        continue;
      }
      if (isAborted(req.signal)) throw abortedError(info(), req.signal?.reason);
      if (response.status === req.expectedStatus) return { ...response, attempts: retries + 1 };
      const failure = statusError(response.status, response.body, req.expectedStatus, info());
      if (!retriesStatus(policy, response.status) || retries >= policy.limit) throw failure;
      retries += 1;
      await this.#retry(req, retries, failure, parseRetryAfter(response.headers['retry-after']));
    }
  }

  /**
   * One attempt: send the request (a fresh body) and read the whole decoded response, within
   * `deadline` and `maxResponseBytes`.
   */
  async #attempt(req: HttpRequest, deadline: AbortSignal, info: RequestInfo): Promise<Omit<HttpResponse, 'attempts'>> {
    const body = typeof req.body === 'function' ? req.body() : req.body;
    const response = await request(req.url, {
      dispatcher: this.#agent,
      method: req.method,
      headers: { ...req.headers, authorization: this.#options.authorization },
      ...(body === undefined ? {} : { body }),
      signal: req.signal === undefined ? deadline : AbortSignal.any([req.signal, deadline]),
    });
    this.#answered = true;
    const max = this.#options.maxResponseBytes;
    const context = { method: info.method, url: info.url, status: response.statusCode, attempts: info.attempts };
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      response.body.destroy();
      throw responseTooLarge(`the response body (Content-Length ${declared})`, max, context);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) {
        response.body.destroy();
        throw responseTooLarge('the response body', max, context);
      }
      chunks.push(chunk);
    }
    const text = await decodeBody(Buffer.concat(chunks, size), response.headers['content-encoding'], {
      maxBytes: max, tooLarge: () => responseTooLarge('the decoded (decompressed) response body', max, context),
    });
    return { status: response.statusCode, headers: response.headers, body: text };
  }

  /**
   * Before retry number `retry`: tell the policy's hook of the failure (`failure`: the error the
   * failed attempt would end the request with), then wait the policy's delay.
   */
  async #retry(req: HttpRequest, retry: number, failure: DictclipError, retryAfterMs: number | undefined): Promise<void> {
    const policy = this.#options.retry;
    const delayMs = retryDelayMs(policy, retry, retryAfterMs);
    policy.onRetry?.({ attempt: retry, error: failure, delayMs, request: { method: req.method, url: redactUrl(req.url) } });
    try {
      await sleep(delayMs, req.signal);
    } catch (error) {
      throw abortedError({ method: req.method, url: req.url, attempts: retry + 1 }, error);
    }
  }

  /** Close the keep-alive connections. */
  async close(): Promise<void> {
    await this.#agent.close();
  }
}
