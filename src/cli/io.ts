/** The process surface the CLI uses, injected so `main` runs in-process in tests. */
import { DictclipError } from '../errors.js';
import { escapeControls } from '../run-output/cells.js';

export interface Output {
  write(chunk: string): unknown;
}

export interface CliIo {
  stdout: Output;
  stderr: Output;
  /** Read by `--password-stdin` only. */
  stdin: AsyncIterable<string | Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** True when stderr is a terminal: progress is redrawn in place. @default false */
  isTTY?: boolean;
  /** Columns of the terminal stdout writes to; help is wrapped to it. @default undefined (piped: 80) */
  columns?: number | undefined;
  /** Aborted on SIGINT/SIGTERM (the bin wires it to the process). @default never aborted */
  signal?: AbortSignal;
}

/** An E_USAGE error (exit 2). */
export function usageError(message: string): DictclipError {
  return new DictclipError('E_USAGE', message);
}

/**
 * The first line of stdin with its trailing CR/LF removed; reading stops at the first newline.
 * @throws E_USAGE when stdin holds no password.
 */
export async function readPasswordLine(stdin: CliIo['stdin']): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.includes('\n')) break;
  }
  const line = text.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
  if (line === '') throw usageError('no password on stdin: pipe it in, e.g. `printf "%s\\n" "$PW" | dictclip account … --password-stdin`');
  return line;
}

/**
 * Text as the CLI prints it: every control character (ESC, BEL, CR, NUL, C1 …) escaped as in the
 * run's tables (`␛1B`), so a file name or a service's message never drives the terminal; with
 * `lines`, newlines are kept (a multi-line message), else escaped too (`␛0A`: one line stays one).
 */
export function printable(text: string, lines = false): string {
  return lines ? text.split('\n').map(escapeControls).join('\n') : escapeControls(text);
}

/** `2m10s`, `45s`, `1h02m`, `850ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m${String(seconds).padStart(2, '0')}s`;
  return `${seconds}s`;
}

/** `1 clip`, `3 clips`, `1 recording`, `0 files`: the count with the word in agreement. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Resolves when `signal` aborts (never without a signal): a server command serves until then. */
export function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve();
  return new Promise((done) => signal.addEventListener('abort', () => done(), { once: true }));
}
