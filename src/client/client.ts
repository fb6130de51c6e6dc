/**
 * The typed client of the dictation service (spec section 4, public notes, design.md).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DictclipError, excerpt, redactUrl } from '../errors.js';
import { authorizationHeader } from './authorization.js';
import { HttpTransport, type HttpRequest, type HttpResponse } from './http.js';
import { pollUntilDone } from './poll.js';
import { resolveRetryPolicy } from './retry.js';
import { DEFAULT_RESPONSE_LIMITS } from './limits.js';
import { requireOrigin } from './origin.js';
import type {
  CallOptions, ClientOptions, CreateDictationParams, DictationDetails, WaitOptions,
} from './types.js';
import { parseDictationXml, parsePropertiesXml } from './parse-xml.js';

/** `base` without trailing slashes followed by `suffix` (keeps any path prefix of the base). */
function join(base: string, suffix: string): string {
  return `${base.replace(/\/+$/, '')}${suffix}`;
}

/** `value` resolved against the request URL; E_RESPONSE_INVALID when it is not a URL. */
function resolveUrl(value: string, requestUrl: string, response: HttpResponse): string {
  try {
    return new URL(value, requestUrl).toString();
  } catch (error) {
    throw new DictclipError('E_RESPONSE_INVALID', `The service answered an invalid URL "${excerpt(value, 100)}"`, {
      url: redactUrl(requestUrl), status: response.status, bodyExcerpt: excerpt(value), cause: error,
    });
  }
}

/** Client of one dictation service. Keep one per service and `close()` it when done. */
export class DictationClient {
  readonly #base: string;
  /** The only origin this client sends anything to (credentials stay with it). */
  readonly #origin: string;
  readonly #factoryScope: string;
  readonly #acceptLanguage: string;
  readonly #http: HttpTransport;

  /** @throws DictclipError E_CONFIG when the base URL is not an http(s) URL or a retry option is out of range. */
  constructor(options: ClientOptions) {
    let parsed: URL;
    try {
      parsed = new URL(options.baseUrl);
    } catch (error) {
      throw new DictclipError('E_CONFIG', `The service base URL "${redactUrl(options.baseUrl)}" is not a URL`, { key: 'baseUrl', cause: error });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new DictclipError('E_CONFIG', `The service base URL must start with http:// or https:// (got ${parsed.protocol})`, { key: 'baseUrl' });
    }
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#origin = parsed.origin;
    this.#factoryScope = options.factoryScope ?? 'nvoq';
    this.#acceptLanguage = options.acceptLanguage ?? 'en-US';
    this.#http = new HttpTransport({
      connections: options.connections ?? 8,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      retry: resolveRetryPolicy(options.retry),
      authorization: authorizationHeader(options.credentials),
      origin: this.#origin,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_RESPONSE_LIMITS.maxResponseBytes,
    });
  }

  #send(req: Omit<HttpRequest, 'signal'>, options: CallOptions | undefined): Promise<HttpResponse> {
    return this.#http.send({ ...req, signal: options?.signal });
  }

  /**
   * The Location header of a 201 answer, resolved against the request URL.
   * @throws DictclipError E_RESPONSE_INVALID without one, E_CROSS_ORIGIN when it names another origin.
   */
  #location(response: HttpResponse, method: string, url: string): string {
    const location = response.headers.location;
    const value = Array.isArray(location) ? location[0] : location;
    if (value === undefined || value.trim() === '') {
      throw new DictclipError('E_RESPONSE_INVALID', `${method} ${redactUrl(url)} answered 201 without a Location header`, {
        method, url: redactUrl(url), status: response.status, attempts: response.attempts,
      });
    }
    const resolved = resolveUrl(value.trim(), url, response);
    requireOrigin(resolved, this.#origin, `The Location header of ${method} ${redactUrl(url)}`, { method, status: response.status });
    return resolved;
  }

  /**
   * Upload a recording (spec 4.1), streaming the file with its Content-Length.
   * @param contentType see {@link contentTypeForFormat}.
   * @returns the absolute audio URL (201 + Location).
   */
  async uploadAudio(path: string, contentType: string, options?: CallOptions): Promise<string> {
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch (error) {
      throw new DictclipError('E_INPUT', `Cannot read the recording to upload: ${(error as Error).message}`, { path, cause: error });
    }
    const url = join(this.#base, '/SCFileserver/audio');
    const response = await this.#send({
      method: 'POST', url, expectedStatus: 201,
      headers: { 'content-type': contentType, 'content-length': String(size) },
      // A stream is consumed by its attempt: every attempt opens the file anew.
      body: () => createReadStream(path),
    }, options);
    return this.#location(response, 'POST', url);
  }

  /**
   * Create a dictation of uploaded audio (spec 4.2), sending every defined parameter.
   * @returns the absolute dictation location (201 + Location).
   */
  async createDictation(params: CreateDictationParams, options?: CallOptions): Promise<string> {
    const form = new URLSearchParams();
    form.set('streaming', String(params.streaming ?? false));
    if (params.profile !== undefined) form.set('profile', params.profile);
    form.set('audio-url', params.audioUrl);
    form.set('audio-format', params.audioFormat);
    form.set('audio-url-complete', String(params.audioUrlComplete ?? true));
    if (params.priority !== undefined) form.set('priority', String(params.priority));
    if (params.jobDelayInMillis !== undefined) form.set('jobDelayInMillis', String(params.jobDelayInMillis));
    if (params.clientObserverId !== undefined) form.set('client-observer-id', params.clientObserverId);
    if (params.clientObserverExpireSeconds !== undefined) {
      form.set('client-observer-expire-seconds', String(params.clientObserverExpireSeconds));
    }
    const url = join(this.#base, `/SCDictation/rest/${encodeURIComponent(this.#factoryScope)}/factory/dictations/`);
    const response = await this.#send({
      method: 'POST', url, expectedStatus: 201,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }, options);
    return this.#location(response, 'POST', url);
  }

  /**
   * GET `{location}/done` (spec 4.3).
   * @throws DictclipError E_RESPONSE_INVALID when the body is neither `true` nor `false`.
   */
  async isDone(location: string, options?: CallOptions): Promise<boolean> {
    const url = join(location, '/done');
    const response = await this.#send({ method: 'GET', url, expectedStatus: 200 }, options);
    const value = response.body.trim().toLowerCase();
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw new DictclipError('E_RESPONSE_INVALID', `GET ${redactUrl(url)} answered neither true nor false`, {
      method: 'GET', url: redactUrl(url), status: response.status, bodyExcerpt: excerpt(response.body),
    });
  }

  /**
   * Poll {@link isDone} until true: first after `initialIntervalMs`, then doubling up to `maxIntervalMs`.
   * @throws DictclipError E_DICTATION_TIMEOUT past `timeoutMs` (default 120 s + 3 × audio duration), E_ABORTED.
   */
  waitForDone(location: string, options: WaitOptions): Promise<{ polls: number }> {
    return pollUntilDone(location, (signal) => this.isDone(location, { signal }), options);
  }

  /** GET `{location}/text` (spec 4.4): the transcript. */
  async getText(location: string, options?: CallOptions): Promise<string> {
    const response = await this.#send({ method: 'GET', url: join(location, '/text'), expectedStatus: 200 }, options);
    return response.body;
  }

  /** GET the dictation XML (spec 4.5, 2.2) with `Accept: text/xml`. */
  async getDictation(location: string, options?: CallOptions): Promise<DictationDetails> {
    const response = await this.#send({ method: 'GET', url: location, expectedStatus: 200, headers: { accept: 'text/xml' } }, options);
    return parseDictationXml(response.body, { method: 'GET', url: redactUrl(location), status: response.status });
  }

  async #stats(url: string, options: CallOptions | undefined): Promise<Map<string, string>> {
    const response = await this.#send({
      method: 'GET', url, expectedStatus: 200,
      headers: { accept: 'text/xml', 'accept-language': this.#acceptLanguage, 'accept-encoding': 'gzip, deflate' },
    }, options);
    return parsePropertiesXml(response.body, { method: 'GET', url: redactUrl(url), status: response.status });
  }

  /** GET `{location}/audio/stats` (spec 4.6): the audio statistics properties, raw strings. */
  getAudioStats(location: string, options?: CallOptions): Promise<Map<string, string>> {
    return this.#stats(join(location, '/audio/stats'), options);
  }

  /** GET `{location}/text/stats` (spec 4.7): the text statistics properties, raw strings. */
  getTextStats(location: string, options?: CallOptions): Promise<Map<string, string>> {
    return this.#stats(join(location, '/text/stats'), options);
  }

  /**
   * GET `{location}/stats/ClientObserverUrl` (public notes): the observer's absolute URL.
   * @throws DictclipError E_CROSS_ORIGIN when it is on another origin than the base URL.
   */
  async getObserverUrl(location: string, options?: CallOptions): Promise<string> {
    const url = join(location, '/stats/ClientObserverUrl');
    const response = await this.#send({ method: 'GET', url, expectedStatus: 200 }, options);
    const value = response.body.trim();
    if (value === '') {
      throw new DictclipError('E_RESPONSE_INVALID', `GET ${redactUrl(url)} answered an empty observer URL`, {
        method: 'GET', url: redactUrl(url), status: response.status,
      });
    }
    const resolved = resolveUrl(value, url, response);
    requireOrigin(resolved, this.#origin, `The observer URL answered by GET ${redactUrl(url)}`, { method: 'GET', status: response.status });
    return resolved;
  }

  /** GET `{observerUrl}/deregister` (public notes). Fetch old-method statistics before. */
  async deregisterObserver(observerUrl: string, options?: CallOptions): Promise<void> {
    await this.#send({ method: 'GET', url: join(observerUrl, '/deregister'), expectedStatus: 200 }, options);
  }

  /** POST `{location}/cancel` (extension of the embedded service). */
  async cancelDictation(location: string, options?: CallOptions): Promise<void> {
    await this.#send({ method: 'POST', url: join(location, '/cancel'), expectedStatus: 200 }, options);
  }

  /** Close the keep-alive connections. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}
