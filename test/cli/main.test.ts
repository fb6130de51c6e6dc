import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from './fake-io.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-cli-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const fake = fakeIo({ cwd, env });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('help and version', () => {
  it('prints the main help on --help with commands, environment, exit codes and examples', async () => {
    const { code, stdout, stderr } = await cli(['--help']);
    expect([code, stderr]).toEqual([0, '']);
    for (const text of ['dictclip run <input-dir> --out <out-dir>', 'dictclip serve --data <dir>', 'DICTCLIP_API_KEY', 'Exit codes:', '130  interrupted', 'Examples:']) {
      expect(stdout).toContain(text);
    }
  });

  it('prints the same run help for `help run` and `run --help`, with flags, defaults and env vars from the key table', async () => {
    const a = await cli(['help', 'run']);
    const b = await cli(['run', '--help']);
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    expect(a.stdout).toContain(
      '      --pad-before-ms <n>     Padding before each clip, ms (clamped at the\n' +
        '                              midpoint to the neighbour and the audio unless\n' +
        '                              padMode is overlap). Range 0–10000. Default: 0.\n' +
        '                              Env: DICTCLIP_PAD_BEFORE_MS.\n',
    );
    expect(a.stdout).toContain(
      '      --mode <mode>           One clip per word or per phrase. One of: word,\n                              phrase. Default: \'word\'. Env: DICTCLIP_MODE.\n',
    );
    expect(a.stdout.replace(/\s+/g, ' ')).toContain('Default: number of CPU cores. Env: DICTCLIP_TRANSCODE_CONCURRENCY.');
  });

  it('has help for serve and account', async () => {
    expect((await cli(['serve', '--help'])).stdout).toContain('dictclip service listening on <url>');
    const account = await cli(['help', 'account']);
    expect([account.code, account.stdout.startsWith('Usage:\n  dictclip account add <user> --tenant <tenant> --data <dir> --password-stdin')]).toEqual([0, true]);
  });

  it('prints the package version', async () => {
    const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('usage errors exit 2', () => {
  const hint = 'Run "dictclip --help" for usage.\n';
  it.each([
    [['frobnicate'], 'dictclip: E_USAGE: unknown command "frobnicate"; commands are run, serve, account, export, report, review, merge, subtitles, help\n'],
    [['--frob'], 'dictclip: E_USAGE: unknown option --frob\n'],
    [['help', 'nope'], 'dictclip: E_USAGE: unknown command "nope"\n'],
    [['run', 'in', '--out', 'o', '--pad-msec', '3'], 'dictclip: E_USAGE: unknown option --pad-msec for "dictclip run" (did you mean --pad-ms?)\n'],
    [['run', 'in'], 'dictclip: E_USAGE: dictclip run: --out <value> is required\n'],
    [['run', '--out', 'o'], 'dictclip: E_USAGE: dictclip run: expected <input-dir>, got none\n'],
    [['run', 'a', 'b', '--out', 'o'], 'dictclip: E_USAGE: dictclip run: expected <input-dir>, got "a" "b"\n'],
    [['run', 'in', '--out'], "dictclip: E_USAGE: dictclip run: --out needs a value (--out <value>)\n"],
    [['serve'], 'dictclip: E_USAGE: dictclip serve: --data <value> is required\n'],
    [['serve', '--data', 'd', '--port', '70000'], 'dictclip: E_USAGE: --port: "70000" is not an integer from 0 to 65535. Fix: pass --port a whole number from 0 to 65535.\n'],
    [['serve', '--data', 'd', '--engine', 'whisper'], 'dictclip: E_USAGE: --engine: "whisper" is not an engine. Fix: pass --engine pocketsphinx or --engine scripted.\n'],
    [['account', 'remove', 'bob'], 'dictclip: E_USAGE: unknown account command "remove"; expected add, passwd or apikey\n'],
  ])('%j', async (argv, message) => {
    expect(await cli(argv)).toEqual({ code: 2, stdout: '', stderr: message + hint });
  });

  it('prints the help on stderr and exits 2 without a command', async () => {
    const { code, stdout, stderr } = await cli([]);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain('Usage:');
  });
});

describe('configuration errors exit 2', () => {
  it('reports a bad flag value with source, key, value and fix', async () => {
    expect(await cli(['run', 'in', '--out', 'o', '--mode', 'words'])).toEqual({
      code: 2, stdout: '',
      stderr: 'dictclip: E_CONFIG: --mode: "mode" is "words"; expected one of word, phrase. Fix: pass --mode "word" or "phrase".\n',
    });
  });

  it('reports a bad config file value', async () => {
    writeFileSync(join(cwd, 'pipeline.config.json'), JSON.stringify({ concurrency: 100 }));
    expect((await cli(['run', 'in', '--out', 'o'])).stderr).toBe(
      'dictclip: E_CONFIG: pipeline.config.json: "concurrency" is 100; expected an integer from 1 to 64. Fix: set "concurrency" to a whole number from 1 to 64.\n',
    );
  });

  it('refuses a remote service without credentials, naming the variables and never a secret', async () => {
    expect(await cli(['run', 'in', '--out', 'o', '--base-url', 'https://dictation.example.com'])).toEqual({
      code: 2, stdout: '',
      stderr: 'dictclip: E_CREDENTIALS_MISSING: no credentials for https://dictation.example.com: set DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment\n',
    });
    const partial = await cli(['run', 'in', '--out', 'o', '--base-url', 'https://x.example'], { DICTCLIP_PASSWORD: 'pw-123456789' });
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('E_CONFIG: DICTCLIP_PASSWORD is set but DICTCLIP_USERNAME is not');
    expect(partial.stderr).not.toContain('pw-123456789');
  });

  it('needs no credentials for a dry run, which never connects', async () => {
    mkdirSync(join(cwd, 'dry-in'), { recursive: true });
    const dry = await cli(['run', 'dry-in', '--out', 'o', '--base-url', 'https://dictation.example.com', '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([0, `warning no recordings in ${join(cwd, 'dry-in')} (the folder is empty)\n`]);
  });
});
