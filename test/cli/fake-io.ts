/** An in-memory CliIo for running `main` in-process. */
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.js';

export interface FakeIo {
  io: CliIo;
  stdout(): string;
  stderr(): string;
  /** Resolves with stdout once it contains `text`. */
  waitForStdout(text: string): Promise<string>;
}

export function fakeIo(options: {
  cwd: string;
  env?: Record<string, string>;
  stdin?: string;
  isTTY?: boolean;
  signal?: AbortSignal;
}): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  const waiters: { text: string; resolve: (s: string) => void }[] = [];
  const io: CliIo = {
    stdout: {
      write(chunk: string) {
        out.push(chunk);
        const all = out.join('');
        for (const w of waiters.filter((x) => all.includes(x.text))) w.resolve(all);
        return true;
      },
    },
    stderr: { write: (chunk: string) => err.push(chunk) },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    env: options.env ?? {},
    cwd: options.cwd,
    isTTY: options.isTTY ?? false,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  return {
    io,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    waitForStdout: (text) => {
      const all = out.join('');
      if (all.includes(text)) return Promise.resolve(all);
      return new Promise((resolve) => waiters.push({ text, resolve }));
    },
  };
}
