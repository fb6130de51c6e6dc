/** An embedded service with one ready account, and fast RunOptions for pipeline tests. */
import type { Credentials } from '../../src/credentials.js';
import type { RunOptions } from '../../src/pipeline/index.js';
import { addAccount, setPassword, startService, type RunningService, type ServiceOptions } from '../../src/service/index.js';
import { tempDir } from './fs.js';

export interface TestAccount {
  username: string;
  password: string;
  tenant: string;
}

export interface StartedService {
  service: RunningService;
  url: string;
  dataDir: string;
  account: TestAccount;
  /** Every line the service logged. */
  log: string[];
  /** DICTCLIP_USERNAME / DICTCLIP_PASSWORD of the account (for the CLI). */
  env: Record<string, string>;
  /** The account as the library's `credentials` option. */
  credentials: Credentials;
  close(): Promise<void>;
}

export const TEST_ACCOUNT: TestAccount = { username: 'reliability', password: 'Sekret-Pa55-reliability', tenant: 'reltenant' };

/** Create an account whose password is already changed. */
export async function createAccount(dataDir: string, account: TestAccount = TEST_ACCOUNT): Promise<void> {
  await addAccount(dataDir, account.username, account.tenant, `${account.password}-initial`);
  await setPassword(dataDir, account.username, account.password);
}

/** The one way tests start the embedded service: scripted engine, port 0, two jobs (options override). */
export function startScriptedService(options: Partial<ServiceOptions> & { dataDir: string }): Promise<RunningService> {
  return startService({ port: 0, engine: 'scripted', jobConcurrency: 2, ...options });
}

/** Start a scripted service on port 0 (options override the defaults) with {@link TEST_ACCOUNT}. */
export async function startTestService(options: Partial<ServiceOptions> = {}, onLog?: (line: string) => void): Promise<StartedService> {
  const dataDir = options.dataDir ?? (await tempDir('svc'));
  await createAccount(dataDir).catch((error: unknown) => {
    if (options.dataDir === undefined) throw error; // an existing data dir may already have it
  });
  const log: string[] = [];
  const service = await startScriptedService({
    ...options, dataDir,
    log: (line) => {
      log.push(line);
      onLog?.(line);
    },
  });
  const account = TEST_ACCOUNT;
  return {
    service, url: service.url, dataDir, account, log,
    env: { DICTCLIP_USERNAME: account.username, DICTCLIP_PASSWORD: account.password },
    credentials: { scheme: 'basic', username: account.username, password: account.password },
    close: () => service.close(),
  };
}

/** User-facing RunOptions (the rest defaults): fast polling, short timeouts and quiet output. */
export function runOptions(inputDir: string, outDir: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    inputDir, outDir,
    engine: 'scripted',
    pollInitialMs: 50,
    pollMaxMs: 100,
    requestTimeoutMs: 5_000,
    maxRetries: 10,
    concurrency: 4,
    transcodeConcurrency: 2,
    ...overrides,
  };
}
