/**
 * Issue 30 item 5: a recording whose file name holds a newline must never reach a line of Kaldi's
 * wav.scp, where a line ending in `|` is run by /bin/sh. The run lists it in skipped.csv (escaped)
 * and never processes it; an export of a manifest that names one anyway (hand-edited) refuses
 * with E_UNSAFE_NAME and writes nothing. wav.scp is read back by a reader that does what Kaldi's
 * does with such lines: it runs them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from '../cli/fake-io.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { makeHelloRun } from './fixture.js';

const HOSTILE = 'x\ny touch PWNED #.wav';

/**
 * Kaldi's script-file reader (ReadScriptFile, then the rxfilename's kind): each line is a key, a
 * space and an rxfilename; an rxfilename ending in `|` is a command whose stdout is the audio,
 * handed to /bin/sh (popen). Runs each such command in `cwd`; returns the keys read.
 */
function readWavScpAsKaldi(file: string, text: string, cwd: string): string[] {
  const keys: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const space = trimmed.search(/\s/);
    const key = space < 0 ? trimmed : trimmed.slice(0, space);
    const rx = space < 0 ? '' : trimmed.slice(space).trim();
    keys.push(key);
    if (rx.endsWith('|')) execFileSync('/bin/sh', ['-c', rx.slice(0, -1)], { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  }
  expect(keys.length, `${file}: keys`).toBeGreaterThan(0);
  return keys;
}

let root: string;
let inputDir: string;
let runDir: string;
let sandbox: string;

beforeAll(async () => {
  root = await tempDir('control-names');
  sandbox = path.join(root, 'sandbox');
  await mkdir(sandbox);
  ({ inputDir, runDir } = await makeHelloRun(root, ['a.wav', HOSTILE]));
}, 120_000);

afterAll(removeTempDirs);

describe('a file name with a newline (issue 30 item 5)', () => {
  it('is listed in skipped.csv, escaped, with its reason, and never processed', async () => {
    const skipped = await readFile(path.join(runDir, 'skipped.csv'), 'utf8');
    expect(skipped).toBe('source,reason\n' +
      'x\u241B0Ay touch PWNED #.wav,"the name holds a control character (U+000A): not processed, since a line-based file (Kaldi\'s wav.scp) would split it or run part of it as a command. Fix: rename it"\n');
    const manifest = parse(await readFile(path.join(runDir, 'manifest.csv')), { columns: true }) as { source: string }[];
    expect(manifest.map((r) => r.source)).toEqual(['a.wav']);
    expect(await readdir(path.join(runDir, 'clips'))).toHaveLength(1);
  });

  it('never reaches wav.scp: a Kaldi reader runs its pipes and no command of the name runs', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['export', runDir, '--format', 'kaldi'], io.io)).toBe(0);
    const scp = path.join(runDir, 'exports', 'kaldi', 'train', 'wav.scp');
    const text = await readFile(scp, 'utf8');
    const keys = readWavScpAsKaldi(scp, text, sandbox);
    expect(existsSync(path.join(sandbox, 'PWNED'))).toBe(false);
    expect(keys).toHaveLength(1);
    expect(text.split('\n')).toHaveLength(2); // one recording, one line, the closing newline
  }, 60_000);

  it('in a hand-edited manifest, stops every export with E_UNSAFE_NAME before anything is written', async () => {
    const file = path.join(runDir, 'manifest.csv');
    const rows = parse(await readFile(file), { columns: true }) as Record<string, string>[];
    // The run's cell encoding (␛0A) that its reader turns back into a newline.
    await writeFile(file, stringify(rows.map((r) => ({ ...r, source: 'x\u241B0Ay touch PWNED #.wav' })), { header: true, record_delimiter: 'unix' }));
    for (const format of ['kaldi', 'hf', 'webdataset']) {
      const io = fakeIo({ cwd: root });
      const to = path.join(root, `refused-${format}`);
      expect(await main(['export', runDir, '--format', format, '--to', to, '--input-dir', inputDir], io.io)).toBe(2);
      expect(io.stderr()).toContain('E_UNSAFE_NAME: the source "x\u241B0Ay touch PWNED #.wav" holds a control character (U+000A)');
      expect(existsSync(to)).toBe(false);
      expect((await readdir(root)).filter((name) => name.startsWith(`.refused-${format}`))).toEqual([]);
    }
    expect(existsSync(path.join(sandbox, 'PWNED'))).toBe(false);
  }, 60_000);
});
