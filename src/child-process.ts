/**
 * The one way dictclip runs a child process (ffmpeg, the recognizer): execa 9, with its structured
 * outcome (exit code, signal, canceled) mapped to a DictclipError that carries the command line,
 * the exit code, the signal and the last lines of stderr.
 *
 * Aborting the `signal` sends SIGTERM, then SIGKILL after `forceKillAfterDelayMs` if the process
 * has not exited; the promise settles only once the process is gone, with `E_ABORTED`.
 * stderr is never buffered whole: only its last {@link STDERR_KEEP} characters are kept (a
 * recognizer logs megabytes, and only the end explains a failure).
 */
import { execa } from 'execa';
import { basename } from 'node:path';
import { DictclipError, tail, type ErrorCode } from './errors.js';

/** Characters of stderr kept for error reports. */
export const STDERR_KEEP = 16 * 1024;

/** How a process ended when it failed, for building the error message. */
export interface ProcessFailure {
  /** Exit code, `null` when a signal ended the process. */
  exitCode: number | null;
  /** Signal that ended the process, `null` when it exited. */
  signal: string | null;
  /** The kept end of stderr. */
  stderr: string;
}

export interface ProcessOptions {
  /** Code of the error for a process that cannot be started or fails (`E_FFMPEG`, `E_ENGINE`). */
  readonly errorCode: ErrorCode;
  /** Name for messages. @default the file's base name */
  readonly name?: string;
  /** Message of a failed process. @default `<name> exited with code N: <last stderr line>` */
  readonly failureMessage?: (failure: ProcessFailure) => string;
  /** Appended to the message when the file cannot be started (e.g. how to install it). */
  readonly startHint?: string;
  /** Aborting terminates the process (SIGTERM, then SIGKILL) and rejects with `E_ABORTED`. */
  readonly signal?: AbortSignal | undefined;
  /** Delay between SIGTERM and SIGKILL after an abort. @default 2000 */
  readonly forceKillAfterDelayMs?: number;
  /** A file involved, put into the error context. */
  readonly path?: string;
  /** stdin of the process. @default 'ignore' */
  readonly stdin?: 'ignore' | 'pipe';
  /** stdout of the process: 'pipe' collects it for `done`; 'ignore' for a long-lived process whose output is not read. @default 'pipe' */
  readonly stdout?: 'ignore' | 'pipe';
  /** Variables set for the process on top of the inherited environment (e.g. `LC_ALL`). @default none */
  readonly env?: Readonly<Record<string, string>>;
}

/** A started process: execa's subprocess, the end of its stderr so far, and its mapped outcome. */
export interface StartedProcess {
  /** The execa subprocess (pid, stdin/stdout streams). Its own promise is handled by `done`. */
  readonly subprocess: ReturnType<typeof spawn>;
  /** The command line, for messages. */
  readonly command: string;
  /** The last characters of stderr received so far. */
  stderr(): string;
  /** Resolves with stdout (UTF-8; '' when ignored) when the process exits with 0; rejects with a DictclipError. */
  readonly done: Promise<string>;
}

function spawn(file: string, args: readonly string[], options: ProcessOptions) {
  return execa(file, args, {
    stdin: options.stdin ?? 'ignore',
    stdout: options.stdout ?? 'pipe',
    stderr: 'pipe',
    buffer: { stderr: false },
    stripFinalNewline: false,
    forceKillAfterDelay: options.forceKillAfterDelayMs ?? 2000,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { cancelSignal: options.signal }),
  });
}

/**
 * Start `file args…`. Use {@link runProcess} to run one to completion; use this for a long-lived
 * process that is fed through `subprocess.stdin`.
 * @throws DictclipError `E_ABORTED` (synchronously) when `signal` is already aborted.
 */
export function startProcess(file: string, args: readonly string[], options: ProcessOptions): StartedProcess {
  const command = [file, ...args].join(' ');
  const name = options.name ?? basename(file);
  if (options.signal?.aborted === true) {
    throw new DictclipError('E_ABORTED', `${name} aborted before it started`, { command, ...where(options), cause: options.signal.reason });
  }
  const subprocess = spawn(file, args, options);
  let stderr = '';
  subprocess.stderr.setEncoding('utf8');
  subprocess.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  const done = subprocess.then(
    (result) => String(result.stdout ?? ''),
    (error: unknown) => {
      throw processError(error, { command, name, stderr, options });
    },
  );
  return { subprocess, command, stderr: () => stderr, done };
}

/**
 * Run `file args…` to completion.
 * @returns stdout (UTF-8).
 * @throws DictclipError `options.errorCode` (cannot start, non-zero exit, killed by a signal) or
 *   `E_ABORTED`, each with command, exitCode, signal and stderrTail in the context.
 */
export async function runProcess(file: string, args: readonly string[], options: ProcessOptions): Promise<string> {
  return startProcess(file, args, options).done;
}

interface FailureFacts {
  command: string;
  name: string;
  stderr: string;
  options: ProcessOptions;
}

/** The DictclipError of a rejected execa subprocess. */
function processError(error: unknown, facts: FailureFacts): DictclipError {
  const { command, name, stderr, options } = facts;
  const e = error as { exitCode?: number; signal?: string; isCanceled?: boolean; code?: string; cause?: unknown };
  const context = {
    command,
    exitCode: e.exitCode ?? null,
    signal: e.signal ?? null,
    stderrTail: tail(stderr),
    ...where(options),
  };
  if (e.isCanceled === true || options.signal?.aborted === true) {
    return new DictclipError('E_ABORTED', `${name} aborted`, { ...context, cause: options.signal?.reason ?? error });
  }
  if (e.exitCode === undefined && e.signal === undefined) {
    // Never ran: the file is missing or not executable (spawn error).
    const why = e.cause instanceof Error ? e.cause.message : (error as Error).message;
    const hint = options.startHint === undefined ? '' : `; ${options.startHint}`;
    return new DictclipError(options.errorCode, `Cannot run ${name}: ${why}${hint}`, { command, ...where(options), cause: error });
  }
  const failure: ProcessFailure = { exitCode: context.exitCode, signal: context.signal, stderr };
  const message = options.failureMessage?.(failure) ?? defaultMessage(name, failure);
  return new DictclipError(options.errorCode, message, { ...context, cause: error });
}

function defaultMessage(name: string, failure: ProcessFailure): string {
  const why = failure.exitCode === null ? `was killed by ${failure.signal ?? 'a signal'}` : `exited with code ${failure.exitCode}`;
  return `${name} ${why}: ${tail(failure.stderr, 1) || 'no output'}`;
}

function where(options: ProcessOptions): { path?: string } {
  return options.path === undefined ? {} : { path: options.path };
}
