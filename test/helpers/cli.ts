/** Spawning the built CLI (`node dist/cli/index.js`) and waiting for its output. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'index.js');

let built: Promise<void> | undefined;

/** Build dist/ once per test process when the CLI is missing (`npm test` normally builds first). */
export function ensureBuilt(): Promise<void> {
  built ??= existsSync(CLI)
    ? Promise.resolve()
    : promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT }).then(() => undefined);
  return built;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Kill (SIGKILL) after this many ms. @default 60000 */
  timeoutMs?: number;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Environment of a CLI child: the parent's minus every DICTCLIP_ variable, plus `env`. */
export function cliEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DICTCLIP_')));
  return { ...base, NO_COLOR: '1', ...env };
}

/** Start the CLI as a child process with piped stdio. */
export function spawnCli(args: readonly string[], options: CliOptions = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? ROOT, env: cliEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Collect a child's output until it exits. */
export function finished(child: ChildProcess, timeoutMs = 60_000): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolveResult, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolveResult({ code, signal, stdout, stderr });
    });
  });
}

/** Run the built CLI to completion. */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  await ensureBuilt();
  return finished(spawnCli(args, options), options.timeoutMs);
}

/** Resolve with the first line of stdout or stderr matching `pattern` (rejects when the child exits first or after `timeoutMs`). */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  return new Promise((resolveMatch, reject) => {
    const buffers = { out: '', err: '' };
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
    };
    const scan = (which: 'out' | 'err', chunk: Buffer | string): void => {
      buffers[which] += chunk.toString();
      const lines = buffers[which].split('\n');
      buffers[which] = lines.pop() ?? '';
      for (const line of lines) {
        const match = pattern.exec(line);
        if (match !== null) {
          cleanup();
          resolveMatch(match);
          return;
        }
      }
    };
    const onOut = (chunk: Buffer | string): void => scan('out', chunk);
    const onErr = (chunk: Buffer | string): void => scan('err', chunk);
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`the process exited (code ${String(code)}) before printing a line matching ${String(pattern)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no line matching ${String(pattern)} within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}
