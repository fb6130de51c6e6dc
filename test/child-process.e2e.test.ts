import { describe, expect, it } from 'vitest';
import { runProcess, startProcess, STDERR_KEEP } from '../src/child-process.js';
import { DictclipError, isDictclipError } from '../src/errors.js';
import { alive } from './helpers/index.js';

async function failure(promise: Promise<unknown>): Promise<DictclipError> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof DictclipError)) throw new Error(`expected a DictclipError, got ${String(error)}`);
  return error;
}


describe('runProcess', () => {
  it('resolves with stdout, final newline kept', async () => {
    expect(await runProcess('sh', ['-c', 'printf "a\\nb\\n"'], { errorCode: 'E_ENGINE' })).toBe('a\nb\n');
  });

  it('maps a non-zero exit to the given code with exit code, command and stderr tail', async () => {
    const error = await failure(runProcess('sh', ['-c', 'echo first >&2; echo oops >&2; exit 3'], { errorCode: 'E_FFMPEG', path: '/x.wav' }));
    expect(error.code).toBe('E_FFMPEG');
    expect(error.message).toBe('sh exited with code 3: oops');
    expect(error.context).toMatchObject({ exitCode: 3, signal: null, stderrTail: 'first\noops', path: '/x.wav' });
    expect(error.context.command).toBe('sh -c echo first >&2; echo oops >&2; exit 3');
  });

  it('builds the message with failureMessage from the exit code and stderr', async () => {
    const error = await failure(runProcess('sh', ['-c', 'echo bad >&2; exit 2'], {
      errorCode: 'E_ENGINE',
      failureMessage: ({ exitCode, signal, stderr }) => `${exitCode}/${String(signal)}/${stderr.trim()}`,
    }));
    expect(error.message).toBe('2/null/bad');
  });

  it('reports the signal of a process killed by one, with a null exit code', async () => {
    const error = await failure(runProcess('sh', ['-c', 'kill -9 $$'], { errorCode: 'E_ENGINE', name: 'recognizer' }));
    expect(error.message).toBe('recognizer was killed by SIGKILL: no output');
    expect(error.context).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
  });

  it('maps a file that cannot be started to the given code with the hint', async () => {
    const error = await failure(runProcess('/nonexistent/tool', [], { errorCode: 'E_ENGINE', startHint: 'install it' }));
    expect(error.code).toBe('E_ENGINE');
    expect(error.message).toMatch(/^Cannot run tool: .*ENOENT.*; install it$/);
    expect(error.context.command).toBe('/nonexistent/tool');
  });

  it('keeps only the last STDERR_KEEP characters of stderr', async () => {
    const error = await failure(runProcess('sh', ['-c', 'head -c 100000 /dev/zero | tr "\\0" x >&2; exit 1'], { errorCode: 'E_ENGINE' }));
    expect(error.context.stderrTail).toBe('x'.repeat(STDERR_KEEP));
  });

  it('rejects with E_ABORTED without starting anything when the signal is already aborted', async () => {
    const error = await failure(runProcess('sh', ['-c', 'exit 0'], { errorCode: 'E_ENGINE', signal: AbortSignal.abort() }));
    expect(error.code).toBe('E_ABORTED');
  });
});

describe('startProcess abort', () => {
  it('terminates the child on abort; it is gone when the promise settles', async () => {
    const controller = new AbortController();
    const started = startProcess('sleep', ['30'], { errorCode: 'E_ENGINE', signal: controller.signal });
    const pid = started.subprocess.pid;
    if (pid === undefined) throw new Error('no pid');
    expect(alive(pid)).toBe(true);
    controller.abort();
    const error = await failure(started.done);
    expect(error.code).toBe('E_ABORTED');
    expect(error.context.signal).toBe('SIGTERM');
    expect(alive(pid)).toBe(false);
  });

  it('kills a child that ignores SIGTERM with SIGKILL after the delay', async () => {
    const controller = new AbortController();
    const started = startProcess('sh', ['-c', 'trap "" TERM; echo ready; exec sleep 30'], {
      errorCode: 'E_ENGINE',
      signal: controller.signal,
      forceKillAfterDelayMs: 200,
    });
    const pid = started.subprocess.pid;
    if (pid === undefined) throw new Error('no pid');
    // Abort only once the trap is set, so SIGTERM really is ignored.
    const stdout = started.subprocess.stdout;
    if (stdout === null) throw new Error('stdout is piped by default');
    await new Promise<void>((resolve) => stdout.once('data', () => resolve()));
    controller.abort();
    const error = await failure(started.done);
    expect(isDictclipError(error, 'E_ABORTED')).toBe(true);
    expect(error.context.signal).toBe('SIGKILL');
    expect(alive(pid)).toBe(false);
  });
});
