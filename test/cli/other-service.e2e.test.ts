/**
 * A run over an output another service made (run.json names it; after a run stopped before it
 * wrote run.json, the recordings' states do) refuses with exit 2 instead of dictating everything again with this one; `--new-service` does
 * it on purpose; the dry
 * run names the real reason each recording would be dictated again.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { pcmWav } from '../helpers/audio.js';
import { startTestService, type StartedService } from '../helpers/index.js';
import { fakeIo } from './fake-io.js';

let cwd: string;
let svc: StartedService;
const tone = (period: number): Int16Array =>
  Int16Array.from({ length: 16_000 }, (_, i) => (i > 3000 && i < 11_000 ? Math.round(8000 * Math.sin(i / period)) : 0));

beforeEach(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-other-service-'));
  mkdirSync(join(cwd, 'in'));
  writeFileSync(join(cwd, 'in', 'one.wav'), pcmWav(tone(5)));
  svc = await startTestService();
});
afterEach(async () => {
  await svc.close();
  rmSync(cwd, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const fake = fakeIo({ cwd, env });
  const code = await main(['run', 'in', '-o', 'out', '--no-report', '--poll-initial-ms', '50', '--poll-max-ms', '100', ...args], fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('an output made by another service', () => {
  it('refuses (exit 2, nothing replaced), names both services and the ways out; --new-service dictates it again', async () => {
    expect((await run(['--engine', 'scripted', '-q'])).code).toBe(0);
    const manifest = readFileSync(join(cwd, 'out', 'manifest.csv'), 'utf8');
    const remote = ['--base-url', svc.url];

    const refused = await run(remote, svc.env);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toBe(
      `dictclip: E_OTHER_SERVICE: the output folder ${join(cwd, 'out')} was dictated by the embedded service (scripted); this run would use ` +
        `${svc.url}, dictate every recording again and replace those results. Fix: run without --base-url as before, or pass ` +
        '--new-service to dictate it again with this service on purpose (a paid service charges again), or pass --out a new folder.\n',
    );
    expect(readFileSync(join(cwd, 'out', 'manifest.csv'), 'utf8')).toBe(manifest);

    const dry = await run([...remote, '-n'], svc.env);
    expect(dry.stdout.split('\n')).toEqual([
      'redo  one.wav  (dictate again: another service dictated it, a paid service charges again 1s)',
      'dry run: 1 recording (0 todo, 0 done, 1 redo: 1 dictated again, 0 re-cut only); to dictate: 1 recording, 1s of audio; nothing written',
      `note: this output was dictated by the embedded service (scripted), this run uses ${svc.url}: without --new-service the run stops (exit 2) before any work`,
      '',
    ]);

    const again = await run([...remote, '--new-service', '-q'], svc.env);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect((JSON.parse(readFileSync(join(cwd, 'out', 'run.json'), 'utf8')) as { options: { service: string } }).options.service).toBe(
      svc.url,
    );
    // Now made by the remote service: the embedded one is the other service.
    expect((await run(['--engine', 'scripted', '-q'])).code).toBe(2);
  });

  it('refuses too after a run stopped before it wrote run.json: the recordings\' states name their service', async () => {
    writeFileSync(join(cwd, 'in', 'two.wav'), pcmWav(tone(7)));
    expect((await run(['--engine', 'scripted', '-q'])).code).toBe(0);
    // What a run interrupted after its first recording leaves: states, no run.json.
    rmSync(join(cwd, 'out', 'run.json'));
    rmSync(join(cwd, 'in', 'two.wav'));
    writeFileSync(join(cwd, 'in', 'three.wav'), pcmWav(tone(9)));
    const manifest = readFileSync(join(cwd, 'out', 'manifest.csv'), 'utf8');
    const refused = await run(['--base-url', svc.url], svc.env);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toMatch(
      /^dictclip: E_OTHER_SERVICE: the output folder .* was dictated by the embedded service \(scripted\); this run would use /,
    );
    expect(readFileSync(join(cwd, 'out', 'manifest.csv'), 'utf8')).toBe(manifest);
    expect(svc.log.filter((line) => line.startsWith('POST ')).length).toBe(0);
  });

  it('names the real reason in the dry run: source changed, failed last time, settings changed', async () => {
    writeFileSync(join(cwd, 'in', 'two.wav'), pcmWav(tone(7)));
    writeFileSync(join(cwd, 'in', 'bad.mp3'), 'not audio at all');
    expect((await run(['--engine', 'scripted', '-q'])).code).toBe(1); // bad.mp3 fails at transcode
    writeFileSync(join(cwd, 'in', 'one.wav'), pcmWav(tone(9)));
    const dry = await run(['--engine', 'scripted', '-n']);
    expect(dry.stdout.split('\n').slice(0, 3)).toEqual([
      'redo  bad.mp3  (dictate again: it failed last time)',
      'redo  one.wav  (dictate again: the source changed, a paid service charges again 1s)',
      'done  two.wav  (nothing to do (kept from an earlier run))',
    ]);
    const settings = await run(['--engine', 'scripted', '--markers', 'old', '-n']);
    expect(settings.stdout.split('\n')[2]).toBe(
      'redo  two.wav  (dictate again: the dictation settings changed, a paid service charges again 1s)',
    );
  });
});
