import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { requireCredentials } from '../config/credentials.js';
import type { Credentials } from '../client/index.js';
import { addApiKeyAccount, loadScriptFile, startService } from '../service/index.js';
import type { RunOptions } from './types.js';

/** A service to dictate with: a remote one (credentials from the environment) or the embedded one. */
export interface Connection {
  baseUrl: string;
  credentials: Credentials;
  /** Stop the embedded service (no-op for a remote one). */
  close(): Promise<void>;
}

/** Folder of the embedded service's data: `<outDir>/.dictclip/service`. */
export function embeddedDataDir(outDir: string): string {
  return path.resolve(outDir, '.dictclip', 'service');
}

/**
 * Connect to the service of a run. With `baseUrl`, credentials come from the environment
 * (`DICTCLIP_USERNAME` with `DICTCLIP_PASSWORD` or `DICTCLIP_API_KEY`); without, the embedded
 * service is started on an ephemeral local port with a fresh random account.
 * @throws DictclipError `E_CREDENTIALS_MISSING`, `E_CONFIG`, `E_ENGINE`, or a service start failure.
 */
export async function connect(
  options: Pick<RunOptions, 'baseUrl' | 'outDir' | 'engine' | 'scriptFile' | 'concurrency'>,
  ffmpegPath: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Connection> {
  if (options.baseUrl !== undefined) {
    const credentials = requireCredentials(env, options.baseUrl);
    return { baseUrl: options.baseUrl, credentials, close: () => Promise.resolve() };
  }
  const dataDir = embeddedDataDir(options.outDir);
  const username = `run-${randomBytes(6).toString('hex')}`;
  const tenant = `tenant-${randomBytes(6).toString('hex')}`;
  // An account with an API key (checked by sha256) and no password: no scrypt run (16 MiB each).
  const apiKey = await addApiKeyAccount(dataDir, username, tenant);
  const script = options.scriptFile === undefined ? undefined : await loadScriptFile(options.scriptFile);
  const service = await startService({
    port: 0, host: '127.0.0.1', dataDir, engine: options.engine, ffmpegPath,
    // Our own only client: room for every dictation in flight plus its chunk requests, so the
    // per-user limit (503) that imitates the real service never slows the run down.
    perUserLimit: Math.max(8, options.concurrency * 2),
    // Recognition jobs at once: PocketSphinx is CPU-bound (one per core, the service default);
    // the scripted engine is not, so it keeps up with every dictation in flight.
    ...(options.engine === 'scripted' ? { jobConcurrency: Math.max(options.concurrency, availableParallelism()) } : {}),
    // Fault injection for reliability drills, as for `dictclip serve` (README: Reliability).
    ...(process.env['DICTCLIP_FAULTS'] === undefined ? {} : { faults: process.env['DICTCLIP_FAULTS'] }),
    ...(script === undefined ? {} : { script }),
  });
  return {
    baseUrl: service.url,
    credentials: { scheme: 'apikey', username, apiKey },
    close: () => service.close(),
  };
}
