/** What a newcomer trips over: refused folders and messages that say what is wrong. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { extensionList } from '../../src/pipeline/run/input-types.js';
import { resolveRunOptions } from '../../src/cli/commands/run.js';
import { KEYS } from '../../src/config/keys.js';
import { pcmWav } from '../helpers/audio.js';
import { fakeIo } from './fake-io.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-newcomer-'));
  mkdirSync(join(cwd, 'in'));
  writeFileSync(join(cwd, 'in', 'one.wav'), pcmWav(new Int16Array(16_000)));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const fake = fakeIo({ cwd });
  const code = await main(['run', ...args], fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('--out', () => {
  it.each([['the input folder itself', 'in'], ['the input folder through a symlink', 'link']])('refuses %s with exit 2 and writes nothing', async (_name, out) => {
    symlinkSync(join(cwd, 'in'), join(cwd, 'link'));
    const result = await run(['in', '--out', out, '--engine', 'scripted']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `dictclip: E_CONFIG: the output folder (--out) ${join(cwd, out)} is the input folder: the next run would read its clips back as recordings. ` +
        'Fix: pass --out a folder of its own, e.g. a sibling of the input folder or a subfolder of it (left out of the scan).\n',
    );
    expect(readdirSync(join(cwd, 'in'))).toEqual(['one.wav']);
  });

  it('says so when --out is a file', async () => {
    writeFileSync(join(cwd, 'taken'), 'x');
    const result = await run(['in', '--out', 'taken', '--engine', 'scripted']);
    expect([result.code, result.stderr]).toEqual([2,
      `dictclip: E_CONFIG: the output folder (--out) ${join(cwd, 'taken')} is a file, not a folder. Fix: pass --out a folder (it is created when missing).\n`]);
  });
});

describe('messages', () => {
  it('checks a negative --concurrency like any bad value, without the argument parser\'s internals', async () => {
    const result = await run(['in', '--out', 'out', '--concurrency', '-1']);
    expect([result.code, result.stderr]).toEqual([2,
      'dictclip: E_CONFIG: --concurrency: "concurrency" is "-1"; expected an integer from 1 to 64. Fix: pass --concurrency a whole number from 1 to 64.\n']);
    const missing = await run(['in', '--out', 'out', '--concurrency']);
    expect([missing.code, missing.stderr.split('\n')[0]]).toEqual([2, 'dictclip: E_USAGE: dictclip run: --concurrency needs a value (--concurrency <value>)']);
  });

  it('serve on a port in use exits 1 with a hint, as its help says', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const fake = fakeIo({ cwd });
      const code = await main(['serve', '--data', 'svc', '--engine', 'scripted', '--port', String(port)], fake.io);
      expect(code).toBe(1);
      expect(fake.stderr()).toMatch(new RegExp(`^dictclip: E_LISTEN: The service cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE.*\\. Port ${port} is in use .*--port 0 for any free one\\.\n$`));
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('account apikey with a missing --data folder names the folder', async () => {
    const fake = fakeIo({ cwd });
    const code = await main(['account', 'apikey', 'alice', '--data', './nodir'], fake.io);
    expect([code, fake.stderr()]).toEqual([1,
      `dictclip: E_ACCOUNT: the data folder ${join(cwd, 'nodir')} does not exist, so it holds no account "alice". ` +
        'Fix: pass --data the folder given to dictclip serve, or create the account first with dictclip account add.\n']);
  });

  it('says a missing input folder does not exist', async () => {
    const result = await run(['nodir', '--out', 'out', '--engine', 'scripted']);
    expect([result.code, result.stderr]).toEqual([1, `dictclip: E_INPUT: input ${join(cwd, 'nodir')} does not exist\n`]);
  });
});

describe('files not processed', () => {
  it('lists the accepted types in run --help, from the one table', async () => {
    const fake = fakeIo({ cwd });
    expect(await main(['run', '--help'], fake.io)).toBe(0);
    expect(fake.stdout().replace(/\s+/g, ' ')).toContain(`(video: its audio track): ${extensionList()}.`);
    expect(extensionList()).toMatch(/\baiff\b.*\bau\b.*\bwma\b.*\bamr\b.*\bmov\b.*\bmkv\b.*\bavi\b/);
  });

  it('names skipped files on the summary line and in skipped.csv, in agreement with the count', async () => {
    const tone = Int16Array.from({ length: 16_000 }, (_, i) => (i > 4000 && i < 12_000 ? Math.round(8000 * Math.sin(i / 5)) : 0));
    writeFileSync(join(cwd, 'in', 'one.wav'), pcmWav(tone));
    writeFileSync(join(cwd, 'in', 'notes.txt'), 'x');
    const result = await run(['in', '--out', 'out', '--engine', 'scripted']);
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter((line) => !line.startsWith('stage '))).toEqual(['skipped notes.txt (".txt" is not an accepted audio or video type)', 'done    one.wav (1 clip)', '']);
    expect(result.stdout.split('\n').slice(1, 3)).toEqual([
      'recordings: 1 done, 0 failed (of 1)',
      `skipped: 1 file not processed (listed with the reason in ${join(cwd, 'out', 'skipped.csv')})`,
    ]);
    expect(readFileSync(join(cwd, 'out', 'skipped.csv'), 'utf8')).toBe('source,reason\nnotes.txt,""".txt"" is not an accepted audio or video type"\n');
  });
});

describe('run --help', () => {
  async function help(columns?: number): Promise<string> {
    const fake = fakeIo({ cwd });
    fake.io.columns = columns;
    expect(await main(['run', '--help'], fake.io)).toBe(0);
    return fake.stdout();
  }
  const width = (line: string): number => [...line].length;

  it('groups the flags: input, service, markers, clips, performance, output, each key once', async () => {
    const text = await help();
    const options = text.slice(text.indexOf('Input:'), text.indexOf('  -h, --help'));
    const titles = options.split('\n').filter((line) => /^[A-Z][\w ]*:$/.test(line));
    expect(titles).toEqual(['Input:', 'Service:', 'Markers:', 'Clips:', 'Performance and tools:', 'Output:']);
    const entries = options.split('\n').map((line) => /^ {2}(?:-\w, | {4})--([a-z-]+)/.exec(line)?.[1]).filter((flag) => flag !== undefined);
    expect(entries.sort()).toEqual(['config', 'out', ...KEYS.map((spec) => spec.flag)].sort());
  });

  it('wraps to 80 columns when piped and to the terminal up to 100, never showing an empty default', async () => {
    const piped = await help();
    const options = piped.slice(piped.indexOf('Service:'), piped.indexOf('  -h, --help'));
    expect(options.split('\n').filter((line) => width(line) > 80)).toEqual([]);
    expect(piped).not.toContain('default: —');
    expect(piped).not.toMatch(/Default: —/);
    for (const columns of [60, 120, 200]) expect((await help(columns)).split('\n').filter((line) => width(line) > 100)).toEqual([]);
    const wide = (await help(100)).split('\n');
    expect(wide.find((line) => line.startsWith('      --pad-before-ms <n>'))).toBe(
      '      --pad-before-ms <n>     Padding before each clip, ms (clamped at the midpoint to the neighbour',
    );
  });

  it('shows ranges and choices', async () => {
    const text = (await help()).replace(/\s+/g, ' ');
    expect(text).toContain('-j, --concurrency <n> Dictations in flight. Range 1–64. Default: 4.');
    expect(text).toContain('--marker-unit <unit> Unit of new-method audioStart/audioLength. One of: seconds, milliseconds, auto. Default: \'seconds\'.');
  });

  it('takes the usual short flags: -o, -n, -j, -q', () => {
    const options = resolveRunOptions(['in', '-o', 'out', '-n', '-j', '3', '-q'], { env: {}, cwd });
    expect(options).toMatchObject({ outDir: join(cwd, 'out'), dryRun: true, concurrency: 3, quiet: true });
  });
});

describe('--dry-run says what redo means', () => {
  it('tells dictating again (paid) from re-cutting saved markers, per recording, and totals the audio to dictate', async () => {
    const tone = Int16Array.from({ length: 32_000 }, (_, i) => (i > 4000 && i < 12_000 ? Math.round(8000 * Math.sin(i / 5)) : 0));
    writeFileSync(join(cwd, 'in', 'one.wav'), pcmWav(tone));
    expect((await run(['in', '-o', 'out', '--engine', 'scripted'])).code).toBe(0);
    writeFileSync(join(cwd, 'in', 'two.wav'), pcmWav(tone));
    const recut = await run(['in', '-o', 'out', '--engine', 'scripted', '--pad-ms', '20', '-n']);
    expect(recut.stdout).toBe(
      'redo  one.wav  (re-cut only, from saved markers: no dictation)\n' +
        'todo  two.wav  (dictate 2s)\n' +
        'dry run: 2 recordings (1 todo, 0 done, 1 redo: 0 dictated again, 1 re-cut only); to dictate: 1 recording, 2s of audio; nothing written\n',
    );
    const again = await run(['in', '-o', 'out', '--engine', 'scripted', '--markers', 'old', '-n']);
    expect(again.stdout.split('\n')[0]).toBe('redo  one.wav  (dictate again: the dictation settings changed, a paid service charges again 2s)');
    expect(again.stdout).toContain('(1 todo, 0 done, 1 redo: 1 dictated again, 0 re-cut only); to dictate: 2 recordings, 4s of audio;');
  });
});

describe('plural agreement', () => {
  it('says "1 clip", "1 recording", "1 file" and "2 clips"', async () => {
    const { plural } = await import('../../src/cli/io.js');
    expect([plural(1, 'clip'), plural(2, 'clip'), plural(0, 'recording'), plural(1, 'recording'), plural(1, 'file')])
      .toEqual(['1 clip', '2 clips', '0 recordings', '1 recording', '1 file']);
  });
});
