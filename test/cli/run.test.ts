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
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-run-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

/** 16 kHz mono 16-bit WAV: tone bursts of `burstMs` separated by `gapMs` of silence. */
function writeWav(path: string, bursts: number, burstMs = 400, gapMs = 400): void {
  const rate = 16000;
  const samples: number[] = [];
  const silence = (ms: number) => { for (let i = 0; i < (rate * ms) / 1000; i += 1) samples.push(0); };
  silence(gapMs);
  for (let b = 0; b < bursts; b += 1) {
    for (let i = 0; i < (rate * burstMs) / 1000; i += 1) samples.push(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));
    silence(gapMs);
  }
  writeFileSync(path, pcmWav(Int16Array.from(samples), rate));
}

describe('run flags', () => {
  it('maps every documented flag to its RunOptions field', () => {
    const options = resolveRunOptions([
      'in', '--out', 'out', '--base-url', 'https://d.example', '--factory-scope', 'acme', '--profile', 'p1',
      '--markers', 'old', '--mode', 'phrase', '--pad-ms', '40', '--concurrency', '3', '--keep-punctuation',
      '--match', '^yes$', '--dry-run', '--marker-unit', 'auto', '--fade-ms', '5', '--quiet', '--work-dir', 'w',
    ], { cwd, env: { DICTCLIP_USERNAME: 'u', DICTCLIP_API_KEY: 'k' } });
    expect(options).toMatchObject({
      inputDir: join(cwd, 'in'), outDir: join(cwd, 'out'), baseUrl: 'https://d.example', factoryScope: 'acme', profile: 'p1',
      markers: 'old', mode: 'phrase', padBeforeMs: 40, padAfterMs: 40, concurrency: 3, keepPunctuation: true,
      match: '^yes$', dryRun: true, markerUnit: 'auto', fadeMs: 5, quiet: true, workDir: join(cwd, 'w'),
    });
  });

  it('reads --config relative to cwd and lets flags win over it', () => {
    mkdirSync(join(cwd, 'conf'));
    writeFileSync(join(cwd, 'conf', 'c.json'), JSON.stringify({ mode: 'phrase', maxGapMs: 900, scriptFile: 's.json' }));
    const options = resolveRunOptions(['in', '--out', 'out', '--config', 'conf/c.json', '--max-gap-ms', '100'], { cwd, env: {} });
    expect(options).toMatchObject({ mode: 'phrase', maxGapMs: 100, scriptFile: join(cwd, 'conf', 's.json') });
  });
});

describe('dictclip run', () => {
  it('prints the plan on a dry run and writes nothing', async () => {
    mkdirSync(join(cwd, 'in', 'a'), { recursive: true });
    writeWav(join(cwd, 'in', 'a', 'one.wav'), 2);
    writeWav(join(cwd, 'in', 'two.wav'), 1);
    const fake = fakeIo({ cwd });
    const code = await main(['run', 'in', '--out', 'out', '--dry-run'], fake.io);
    expect([code, fake.stderr()]).toEqual([0, '']);
    expect(fake.stdout()).toBe('todo  a/one.wav  (dictate 2s)\ntodo  two.wav  (dictate 1s)\n' +
      'dry run: 2 recordings (2 todo, 0 done, 0 redo); to dictate: 2 recordings, 3s of audio; nothing written\n');
    expect(existsSync(join(cwd, 'out', 'manifest.csv'))).toBe(false);
  });

  it('runs end to end against the embedded scripted service and prints a summary', async () => {
    mkdirSync(join(cwd, 'in'));
    writeWav(join(cwd, 'in', 'three.wav'), 3);
    const fake = fakeIo({ cwd });
    const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--confidence-threshold', '0'], fake.io);
    // Piped: one line per stage change of the recording, then its result.
    expect(fake.stderr().replace(/\([^)]*\)\n/g, '\n')).toBe([
      'transcoding', 'uploading', 'waiting for the service', 'reading the markers', 'cutting', 'writing',
    ].map((stage) => `stage   three.wav: ${stage} \n`).join('') + 'done    three.wav \n');
    expect(fake.stderr()).toMatch(/^stage {3}three\.wav: uploading \(3s audio, \d+m?s elapsed\)$/m);
    expect(code).toBe(0);
    const lines = fake.stdout().split('\n');
    expect(lines.slice(0, 2)).toEqual([`manifest: ${join(cwd, 'out', 'manifest.csv')}`, 'recordings: 1 done, 0 failed (of 1)']);
    expect(lines[2]).toMatch(/^clips: 3 \(total \d+(ms|s)\); flagged 0 \(0ms\)$/); // tone bursts cut at their onsets: loud edges, but no cut into speech
    expect(lines[3]).toMatch(/^wall time: /);
    expect(readFileSync(join(cwd, 'out', 'manifest.csv'), 'utf8').trim().split('\n').length).toBe(4);
  });

  it('reports a fatal error on one line and exits 1', async () => {
    mkdirSync(join(cwd, 'in'));
    writeWav(join(cwd, 'in', 'x.wav'), 1);
    const fake = fakeIo({ cwd });
    const code = await main(['run', 'in', '--out', 'out', '--ffmpeg-path', '/nonexistent/ffmpeg'], fake.io);
    expect(code).toBe(1);
    expect(fake.stderr()).toMatch(/^dictclip: E_FFMPEG_NOT_FOUND: [^\n]*\/nonexistent\/ffmpeg[^\n]*\n$/);
    expect(fake.stdout()).toBe('');
  });
});
