/**
 * Speech recognition with CMU PocketSphinx (`pocketsphinx_continuous`, Debian packages
 * `pocketsphinx` and `pocketsphinx-en-us`). One child process per recording.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DictclipError, tail } from '../../errors.js';
import { isExecutableFile, searchPath } from '../../executables.js';
import type { Engine, Recognition, RecognizeOptions } from '../types.js';
import { parsePocketSphinxOutput } from './pocketsphinx-output.js';

export interface PocketSphinxOptions {
  /**
   * The recognizer binary: a name looked up on PATH, or a path.
   * @default 'pocketsphinx_continuous'
   */
  binary?: string;
  /**
   * Folder holding the `en-us/` acoustic model, `en-us.lm.bin` and `cmudict-en-us.dict`.
   * @default '/usr/share/pocketsphinx/model/en-us'
   */
  modelDir?: string;
}

const INSTALL_HINT = 'install it with `apt-get install pocketsphinx pocketsphinx-en-us`';
/** Bytes of stderr kept for error reports (pocketsphinx logs a lot; only the end matters). */
const STDERR_KEEP = 16 * 1024;

async function findOnPath(binary: string): Promise<string | undefined> {
  if (binary.includes('/')) return (await isExecutableFile(binary)) ? binary : undefined;
  return searchPath(binary, process.env['PATH']);
}

async function exists(path: string, kind: 'file' | 'dir'): Promise<boolean> {
  try {
    const info = await stat(path);
    return kind === 'dir' ? info.isDirectory() : info.isFile();
  } catch {
    return false;
  }
}

/**
 * Create the PocketSphinx engine. `check()` verifies the binary and the model files;
 * `recognize()` runs `pocketsphinx_continuous -infile <wav> -time yes …` and parses its words.
 *
 * Logging is not redirected with `-logfn /dev/null`: pocketsphinx then also discards its ERROR
 * lines, so stderr is read instead and only its last 16 KiB are kept for error reports.
 */
export function createPocketSphinxEngine(options: PocketSphinxOptions = {}): Engine {
  const binary = options.binary ?? 'pocketsphinx_continuous';
  const modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
  const model = {
    hmm: join(modelDir, 'en-us'),
    lm: join(modelDir, 'en-us.lm.bin'),
    dict: join(modelDir, 'cmudict-en-us.dict'),
  };

  async function check(): Promise<void> {
    if ((await findOnPath(binary)) === undefined) {
      throw new DictclipError('E_ENGINE', `PocketSphinx recognizer \`${binary}\` not found on PATH; ${INSTALL_HINT}`, {
        command: binary,
      });
    }
    const missing: string[] = [];
    if (!(await exists(model.hmm, 'dir'))) missing.push(model.hmm);
    if (!(await exists(model.lm, 'file'))) missing.push(model.lm);
    if (!(await exists(model.dict, 'file'))) missing.push(model.dict);
    const first = missing[0];
    if (first !== undefined) {
      throw new DictclipError('E_ENGINE', `PocketSphinx model files missing (${missing.join(', ')}); ${INSTALL_HINT}`, {
        path: first,
      });
    }
  }

  function recognize(audioPath: string, { signal }: RecognizeOptions): Promise<Recognition> {
    const args = ['-infile', audioPath, '-time', 'yes', '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict];
    const command = [binary, ...args].join(' ');
    return new Promise<Recognition>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(new DictclipError('E_ABORTED', 'Recognition aborted before it started', { command, cause: signal.reason }));
        return;
      }
      const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const stdout: Buffer[] = [];
      let stderr = '';
      let aborted = false;
      const onAbort = (): void => {
        aborted = true;
        child.kill('SIGKILL');
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEEP);
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        signal?.removeEventListener('abort', onAbort);
        const hint = error.code === 'ENOENT' ? `; ${INSTALL_HINT}` : '';
        reject(new DictclipError('E_ENGINE', `Cannot run PocketSphinx: ${error.message}${hint}`, { command, cause: error }));
      });
      child.once('close', (exitCode, killSignal) => {
        signal?.removeEventListener('abort', onAbort);
        const context = { command, exitCode, signal: killSignal, stderrTail: tail(stderr), path: audioPath };
        if (aborted) {
          reject(new DictclipError('E_ABORTED', 'Recognition aborted', { ...context, cause: signal?.reason }));
        } else if (exitCode !== 0) {
          const why = exitCode === null ? `was killed by ${killSignal ?? 'a signal'}` : `exited with code ${exitCode}`;
          reject(new DictclipError('E_ENGINE', `PocketSphinx ${why}: ${tail(stderr, 1) || 'no output'}`, context));
        } else {
          resolve(parsePocketSphinxOutput(Buffer.concat(stdout).toString('utf8')));
        }
      });
    });
  }

  return { name: 'pocketsphinx', check, recognize };
}
