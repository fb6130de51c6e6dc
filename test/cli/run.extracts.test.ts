/** `dictclip run` flags of audio extracts: --find (repeatable), --context-words, --clip-source, --snap-ms, --supercut. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveRunOptions } from '../../src/cli/commands/run.js';
import { main } from '../../src/cli/main.js';
import { pcmWav } from '../helpers/audio.js';
import { fakeIo } from './fake-io.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-run-extracts-'));
  mkdirSync(join(cwd, 'in'));
  writeFileSync(join(cwd, 'in', 'x.wav'), pcmWav(new Int16Array(16000), 16000));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('extract flags', () => {
  it('maps repeated --find and the other extract flags', () => {
    const options = resolveRunOptions([
      'in', '--out', 'out', '--find', 'call me', '--find', ' follow-up ', '--context-words', '2', '--clip-source', 'original',
      '--snap-ms', '30', '--supercut', 'reel', '--supercut-gap-ms', '250',
    ], { cwd, env: {} });
    expect(options).toMatchObject({ find: ['call me', 'follow-up'], contextWords: 2, clipSource: 'original', snapMs: 30, supercut: 'reel', supercutGapMs: 250 });
  });

  it('reads find from the environment (one phrase, or a JSON array) and the config file (an array)', () => {
    expect(resolveRunOptions(['in', '--out', 'out'], { cwd, env: { DICTCLIP_FIND: 'one phrase' } })).toMatchObject({ find: ['one phrase'] });
    expect(resolveRunOptions(['in', '--out', 'out'], { cwd, env: { DICTCLIP_FIND: '["a b", "c"]' } })).toMatchObject({ find: ['a b', 'c'] });
    writeFileSync(join(cwd, 'pipeline.config.json'), JSON.stringify({ find: ['x y'] }));
    expect(resolveRunOptions(['in', '--out', 'out'], { cwd, env: {} })).toMatchObject({ find: ['x y'] });
  });

  const usage: [string, string[], RegExp][] = [
    ['an empty phrase', ['--find', ''], /--find: "find" is ""; expected a phrase with at least one word/],
    ['a blank phrase among others', ['--find', 'ok', '--find', '   '], /--find: "find" is " {3}"; expected a phrase with at least one word/],
    ['a punctuation-only phrase', ['--find', '?!'], /--find: "find" is "\?!"; expected a phrase with at least one word/],
    ['an unknown clip source', ['--clip-source', 'master'], /"clipSource" is "master"; expected one of work, original/],
    ['a supercut name with a folder', ['--supercut', 'a/b'], /"supercut" is "a\/b"; expected a plain file name/],
    ['a snap window over a second', ['--snap-ms', '1001'], /"snapMs" is "1001"; expected an integer from 0 to 1000/],
  ];
  it.each(usage)('exits 2 on %s, with one clear line and nothing written', async (_name, args, message) => {
    const fake = fakeIo({ cwd });
    const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', ...args], fake.io);
    expect(code).toBe(2);
    expect(fake.stderr()).toMatch(message);
    expect(fake.stderr().trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(cwd, 'out'))).toBe(false);
  });

  it('rejects a find value of the wrong type in the config file', async () => {
    writeFileSync(join(cwd, 'pipeline.config.json'), JSON.stringify({ find: 'not an array' }));
    const fake = fakeIo({ cwd });
    expect(await main(['run', 'in', '--out', 'out'], fake.io)).toBe(2);
    expect(fake.stderr()).toMatch(/pipeline\.config\.json: "find" is "not an array"; expected an array of strings/);
  });

  it('prints each phrase with its matches and a note for a phrase found nowhere (exit 0)', async () => {
    const fake = fakeIo({ cwd });
    const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--find', 'nothing here'], fake.io);
    expect(code).toBe(0);
    expect(fake.stdout()).toContain('find "nothing here": 0 matches\nnote: --find "nothing here": no match in any recording\n');
    const summary = JSON.parse(readFileSync(join(cwd, 'out', 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect([summary['clips'], summary['find'], summary['notes']]).toEqual([
      0, [{ phrase: 'nothing here', matches: 0 }], ['--find "nothing here": no match in any recording'],
    ]);
  });
});
