import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Credentials } from '../../credentials.js';
import { DictclipError, redactUrl } from '../../errors.js';
import { addApiKeyAccount, loadScriptFile, startService } from '../../service/index.js';
import { internalDir } from '../../run-output/naming.js';
import { SERVICE_DIR } from '../../run-output/layout.js';
import type { ResolvedRunOptions } from '../types.js';

/** A service to dictate with: a remote one (the caller's credentials) or the embedded one. */
export interface Connection {
  baseUrl: string;
  credentials: Credentials;
  /** Stop the embedded service (no-op for a remote one). */
  close(): Promise<void>;
}

/** How long the embedded service holds a `/done` poll of an unfinished dictation, ms. */
export const EMBEDDED_DONE_HOLD_MS = 2_000;

/** Folder of the embedded service's data: `<outDir>/.dictclip/service`. */
function embeddedDataDir(outDir: string): string {
  return internalDir(outDir, SERVICE_DIR);
}

/**
 * Connect to the service of a run. With `baseUrl`, the `credentials` option is required (the
 * environment is never read); without, the embedded service is started on an ephemeral local
 * port with a fresh random account (and the `faults` drill, if any).
 * @throws DictclipError `E_CREDENTIALS_MISSING`, `E_CONFIG`, `E_ENGINE`, or a service start failure.
 */
export async function connect(
  options: Pick<ResolvedRunOptions, 'baseUrl' | 'credentials' | 'outDir' | 'engine' | 'scriptFile' | 'concurrency' | 'faults' | 'requestTimeoutMs'>,
  ffmpegPath: string,
): Promise<Connection> {
  if (options.baseUrl !== undefined) {
    const { baseUrl, credentials } = options;
    if (credentials === undefined) throw missingCredentials(baseUrl);
    return { baseUrl, credentials, close: () => Promise.resolve() };
  }
  const dataDir = embeddedDataDir(options.outDir);
  const username = `run-${randomBytes(6).toString('hex')}`;
  const tenant = `tenant-${randomBytes(6).toString('hex')}`;
  // An account with an API key (checked by sha256) and no password: no scrypt run (16 MiB each).
  const apiKey = await addApiKeyAccount(dataDir, username, tenant);
  const script = options.scriptFile === undefined ? undefined : await loadScriptFile(options.scriptFile);
  const service = await startService({
    port: 0, host: '127.0.0.1', dataDir, engine: options.engine, ffmpegPath,
    // Our own only client: room for every request it can have in flight — per dictation slot a
    // held /done or the dictation and text fetched together, plus as many uploads — so the
    // per-user limit (503) that imitates the real service never slows the run down.
    perUserLimit: Math.max(8, options.concurrency * 4),
    // Its data folder is the run's own: a long run stores many GB of uploads, so no stored-audio cap.
    maxStoredBytes: Number.MAX_SAFE_INTEGER,
    // Recognition jobs at once: PocketSphinx is CPU-bound (one per core, the service default);
    // the scripted engine is not, so it keeps up with every dictation in flight.
    ...(options.engine === 'scripted' ? { jobConcurrency: Math.max(options.concurrency, availableParallelism()) } : {}),
    // Long polls: a `/done` is answered the moment its dictation ends (no poll-interval lag, fewer
    // requests), held at most 2 s and always well inside the client's request timeout.
    doneHoldMs: Math.min(EMBEDDED_DONE_HOLD_MS, Math.floor(options.requestTimeoutMs / 2)),
    // Fault injection for reliability drills, as for `dictclip serve` (README: Reliability).
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    ...(script === undefined ? {} : { script }),
  });
  return {
    baseUrl: service.url,
    credentials: { scheme: 'apikey', username, apiKey },
    close: () => service.close(),
  };
}

/** The error of a remote run without credentials. */
export function missingCredentials(baseUrl: string): DictclipError {
  return new DictclipError(
    'E_CREDENTIALS_MISSING',
    `no credentials for ${redactUrl(baseUrl)}: pass the credentials option ({ scheme: 'basic', username, password } or { scheme: 'apikey', username, apiKey })`,
    { key: 'credentials' },
  );
}
