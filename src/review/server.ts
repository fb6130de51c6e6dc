/**
 * The review server (node:http): the page, the run's recordings as JSON, the source audio of
 * those recordings only (with Range), and saves into corrections/ only. Bound to loopback by
 * default; every request must name this server in `Host` as it listens, whatever the address (no
 * DNS rebinding), and carry the token the user chose when there is one (access.ts); every write must
 * come from the page itself: same `Origin` as `Host`, a JSON body, and the session token the page
 * was served with.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DictclipError, isDictclipError } from '../errors.js';
import { PAGE_BUNDLE_DIR } from '../report/index.js';
import { readRequestBody } from '../request-body.js';
import { readPeaks } from '../run-output/peaks-file.js';
import { PAGE_CSP, sendError, sendFile, sendJson, sendText } from './http.js';
import { allowedHosts, exposureWarning, sameToken, TOKEN_COOKIE, tokenGate, urlHost } from './access.js';
import { ListenCopies } from './listen.js';
import { listRecordings } from './list.js';
import { openReviewRun, type ReviewRun } from './model.js';
import { parseSave } from './requests.js';
import { CorrectionStore, MAX_TEXT_CHARS, readRecordingState, type RecordingState } from './state.js';
import type { RecordingList, RecordingView, StaleAnswer } from './view.js';

export interface ReviewServerOptions {
  /** The run output folder to review. */
  runDir: string;
  /** Address to listen on. @default '127.0.0.1' */
  host?: string;
  /** Port; 0 picks a free one. @default 0 */
  port?: number;
  /**
   * The ffmpeg binary that makes WAV copies of sources a browser cannot play (listen.ts).
   * @default undefined (found as for runs: the ffmpeg-static package, then PATH)
   */
  ffmpegPath?: string;
  /** More names the server answers to in `Host` (a name others reach it by, a proxy's). @default [] */
  publicHosts?: readonly string[];
  /**
   * A token the user chose (at least 16 characters): every request must then carry it (the page is
   * opened once as `/?token=<token>`, which sets a cookie). @default undefined (a random token guards writes only)
   */
  token?: string;
}

export interface RunningReview {
  /** `http://<host>:<port>/` */
  url: string;
  port: number;
  /** The session token every write must carry (the page gets it inside its HTML). */
  token: string;
  /** Things to tell the user: serving beyond this machine without a token they chose. */
  warnings: string[];
  close(): Promise<void>;
}

const PAGE_DIR = fileURLToPath(new URL('../../src/review/page/', import.meta.url));
/** The static files, by URL path: the page's style and its script (src/review/page/*.ts, bundled by `npm run build`). */
const STATIC: ReadonlyMap<string, [string, string]> = new Map([
  ['/page/review.css', [path.join(PAGE_DIR, 'review.css'), 'text/css; charset=utf-8']],
  ['/page/review.js', [path.join(PAGE_BUNDLE_DIR, 'review.js'), 'text/javascript; charset=utf-8']],
]);

const MAX_BODY = MAX_TEXT_CHARS * 4 + 4096;
/** A save's body arrives whole within this (the server's own request timeout). */
const BODY_TIMEOUT_MS = 30_000;
/** A recording's state as the page reads it; `withPeaks` false (the answer to a save): without the peaks, which the page has. */
async function recordingJson(run: ReviewRun, state: RecordingState, withPeaks = true): Promise<RecordingView> {
  const r = run.recordings.get(state.source);
  const peaks = await readPeaks(run.runDir, state.source);
  const clipEnd = (r?.clips ?? []).reduce((end, c) => Math.max(end, c.endMs), 0);
  const wordEnd = state.words.reduce((end, w) => Math.max(end, w.endMs ?? 0), 0);
  return {
    source: state.source,
    revision: state.revision,
    corrected: state.corrected,
    from: state.from,
    text: state.text,
    editsIgnored: state.editsIgnored ?? null,
    words: state.words.map((w, i) => ({
      text: w.text,
      startMs: w.startMs,
      endMs: w.endMs,
      status: w.status,
      changed: w.changed,
      textStart: w.textStart,
      edited: w.edited,
      verified: w.verified,
      confidence: w.confidence,
      doubtful: state.doubtful[i] === true,
    })),
    edits: state.edits,
    clips: r?.clips ?? [],
    audio: r?.audio !== undefined,
    durationMs: Math.round(Math.max(peaks?.durationMs ?? 0, clipEnd, wordEnd)),
    ...(withPeaks && {
      peaks:
        peaks === undefined
          ? null
          : {
              bucketsPerSecond: peaks.bucketsPerSecond,
              b64: Buffer.from(peaks.minMax.buffer, peaks.minMax.byteOffset, peaks.minMax.length).toString('base64'),
            },
    }),
  };
}

/**
 * Start the review server over a finished run.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` (not a run output), `E_LISTEN` (cannot listen).
 */
export async function startReview(options: ReviewServerOptions): Promise<RunningReview> {
  const run = await openReviewRun(options.runDir);
  const store = new CorrectionStore(run);
  const listen = new ListenCopies(run.runDir, options.ffmpegPath);
  const host = options.host ?? '127.0.0.1';
  const chosen = options.token;
  if (chosen !== undefined && chosen.length < 16)
    throw new DictclipError('E_CONFIG', 'the review token must have at least 16 characters', { key: 'token' });
  const token = chosen ?? randomBytes(24).toString('hex');
  const indexHtml = (await readFile(path.join(PAGE_DIR, 'index.html'), 'utf8')).replace('{{TOKEN}}', token);
  let hosts = new Set<string>(); // filled once listening: the Host values answered

  const stateOf = (source: string): Promise<RecordingState> => readRecordingState(run, source);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
      sendError(res, 421, 'wrong-host', 'this server answers only to its own addresses and the --public-host names');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://review.invalid');
    const gate = chosen === undefined ? 'ok' : tokenGate(req, url, chosen);
    if (gate === 'enter') {
      res.writeHead(303, {
        location: '/',
        'set-cookie': `${TOKEN_COOKIE}=${chosen ?? ''}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
      res.end();
      return;
    }
    if (gate === 'refused') {
      sendError(res, 401, 'token-required', 'open the page as /?token=<the token given to dictclip review>');
      return;
    }
    const source = url.searchParams.get('source') ?? '';
    if (req.method === 'POST' && url.pathname === '/api/save') {
      await save(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, 'method', `${req.method ?? ''} is not allowed here`);
      return;
    }
    if (url.pathname === '/') {
      sendText(res, 200, 'text/html; charset=utf-8', indexHtml, { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' });
      return;
    }
    const file = STATIC.get(url.pathname);
    if (file !== undefined) {
      sendText(res, 200, file[1], await readFile(file[0]));
      return;
    }
    if (url.pathname === '/api/recordings') {
      const list: RecordingList = { runDir: run.runDir, inputDir: run.inputDir ?? null, recordings: await listRecordings(run) };
      sendJson(res, 200, list);
      return;
    }
    const recording = run.recordings.get(source);
    if (url.pathname === '/api/recording' || url.pathname === '/api/audio') {
      if (recording === undefined) {
        sendError(res, 404, 'unknown-source', `not a recording of this run: ${JSON.stringify(source)}`);
      } else if (url.pathname === '/api/recording') {
        sendJson(res, 200, await recordingJson(run, await stateOf(source)));
      } else if (recording.audio === undefined) {
        sendError(res, 404, 'no-audio', `the source audio of ${source} is not found (the run's input folder is gone or moved)`);
      } else if (recording.audio.contentType !== undefined) {
        await sendFile(req, res, recording.audio.path, recording.audio.contentType);
      } else {
        await sendCopy(req, res, source, recording.audio.path);
      }
      return;
    }
    sendError(res, 404, 'not-found', `no such page: ${url.pathname}`);
  }

  /** A WAV copy of a source a browser cannot play; 404 when the source is gone, 415 when ffmpeg cannot decode it. */
  async function sendCopy(req: IncomingMessage, res: ServerResponse, source: string, sourcePath: string): Promise<void> {
    let copy: string;
    try {
      copy = await listen.copyOf(source, sourcePath);
    } catch (error) {
      if (isDictclipError(error, 'E_INPUT')) sendError(res, 404, 'no-audio', `the source audio of ${source} is gone`);
      else if (isDictclipError(error, 'E_FFMPEG') || isDictclipError(error, 'E_CHANNEL'))
        sendError(res, 415, 'not-audio', `ffmpeg cannot decode the source audio of ${source}: ${error.message}`);
      else throw error;
      return;
    }
    await sendFile(req, res, copy, 'audio/wav');
  }

  async function save(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (origin === undefined || origin !== `http://${req.headers.host ?? ''}` || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
      sendError(res, 403, 'cross-origin', 'writes are accepted only from the review page itself');
      return;
    }
    const given = req.headers['x-dictclip-token'];
    if (typeof given !== 'string' || !sameToken(given, token)) {
      sendError(res, 403, 'bad-token', 'the session token is missing or wrong: reload the page');
      return;
    }
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
      sendError(res, 415, 'json-only', 'send the change as application/json');
      return;
    }
    let parsed: ReturnType<typeof parseSave>;
    try {
      parsed = parseSave(JSON.parse((await readRequestBody(req, { maxBytes: MAX_BODY, timeoutMs: BODY_TIMEOUT_MS })).toString('utf8')));
    } catch (error) {
      if (isDictclipError(error, 'E_TOO_LARGE')) sendError(res, 413, 'too-large', `a change is at most ${MAX_BODY} bytes`);
      else if (isDictclipError(error, 'E_TIMEOUT')) sendError(res, 408, 'timeout', `a change must arrive within ${BODY_TIMEOUT_MS} ms`);
      else sendError(res, 400, 'bad-json', 'the body is not JSON');
      return;
    }
    if (typeof parsed === 'string') {
      sendError(res, 400, 'bad-change', parsed);
      return;
    }
    if (!run.recordings.has(parsed.source)) {
      sendError(res, 404, 'unknown-source', `not a recording of this run: ${JSON.stringify(parsed.source)}`);
      return;
    }
    const result = await store.save(parsed.source, parsed.revision, parsed.change);
    if (result.ok) sendJson(res, 200, await recordingJson(run, result.state, false));
    else if (result.reason === 'stale') {
      const answer: StaleAnswer = {
        error: 'stale',
        message: 'this recording was changed elsewhere (another tab?) since it was loaded; nothing was saved',
        recording: await recordingJson(run, result.state, false),
      };
      sendJson(res, 409, answer);
    }
    else if (result.reason === 'no-word') sendError(res, 400, 'no-word', 'no word at that index');
    else sendError(res, 400, 'bad-change', result.message ?? 'this change does not fit the words');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) { res.destroy(); return; }
      const message = isDictclipError(error) ? `${error.code}: ${error.message}` : 'internal error';
      sendError(
        res,
        isDictclipError(error, 'E_INVALID_ARGUMENT') ? 400 : isDictclipError(error, 'E_UNSAFE_PATH') ? 403 : 500,
        'failed',
        message,
      );
    });
  });
  server.requestTimeout = BODY_TIMEOUT_MS;
  server.headersTimeout = 10_000;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new DictclipError('E_LISTEN', `the review page cannot listen on ${host}:${options.port ?? 0}: ${error.message}`, { cause: error }),
      );
    });
    server.listen(options.port ?? 0, host, () => resolve(server.address() as AddressInfo));
  });
  hosts = allowedHosts(host, address.port, options.publicHosts ?? [], address.address);
  // On a wildcard address the page is opened on this machine through loopback (0.0.0.0 is no Host it answers to).
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const warning = exposureWarning(host, address.port, chosen !== undefined);
  return {
    url: `http://${urlHost(shown)}:${address.port}/`, port: address.port, token, warnings: warning === undefined ? [] : [warning],
    close: () => new Promise<void>((resolve) => {
      listen.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
