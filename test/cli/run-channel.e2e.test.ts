/**
 * `dictclip run --channel` through the built CLI: which channel of a stereo recording is dictated
 * and cut. call.wav is 16 kHz stereo, left constant 0.5 of full scale (16384), right −0.25
 * (−8192): each clip's samples say which channel it came from (the mix averages them: 4096).
 * solo.wav is mono: it has no right channel (E_CHANNEL, exit 2, nothing written for it).
 * Changing the choice dictates again; the same choice resumes.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, removeTempDirs, runCli, tempDir, type CliResult } from '../helpers/index.js';

let root: string;
const LEFT = 16_384;
const RIGHT = -8_192;

beforeAll(async () => {
  root = await tempDir('run-channel');
  await generate('aevalsrc=exprs=0.5|-0.25:s=16000:d=2', path.join(root, 'in', 'call.wav'), ['-c:a', 'pcm_s16le']);
  await generate('aevalsrc=exprs=0.125:s=16000:d=1.6', path.join(root, 'in', 'solo.wav'), ['-c:a', 'pcm_s16le']);
  await writeFile(path.join(root, 'script.json'), JSON.stringify({
    fallback: 'none',
    scripts: [
      { match: { durationMs: 2000, toleranceMs: 5 }, words: [{ word: 'hello', startMs: 300, endMs: 700 }, { word: 'there', startMs: 1000, endMs: 1450 }] },
      { match: { durationMs: 1600, toleranceMs: 5 }, words: [{ word: 'solo', startMs: 200, endMs: 500 }] },
    ],
  }));
}, 60_000);

afterAll(removeTempDirs);

function run(...args: string[]): Promise<CliResult> {
  return runCli(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', 'script.json', '--no-report', '--confidence-threshold', '0', ...args], { cwd: root, timeoutMs: 120_000 });
}

/** manifest text → {sample value: count} of its clip file (PCM after a 44-byte header). */
async function clipValues(): Promise<Record<string, Record<number, number>>> {
  const rows = parse(await readFile(path.join(root, 'out', 'manifest.csv')), { columns: true }) as Record<string, string>[];
  const out: Record<string, Record<number, number>> = {};
  for (const row of rows) {
    const bytes = await readFile(path.join(root, 'out', row['file_name']!));
    const counts: Record<number, number> = {};
    for (let i = 44; i + 1 < bytes.length; i += 2) counts[bytes.readInt16LE(i)] = (counts[bytes.readInt16LE(i)] ?? 0) + 1;
    out[`${row['source']}:${row['text']!.toLowerCase()}`] = counts;
  }
  return out;
}

async function runJsonOptions(): Promise<Record<string, unknown>> {
  return (JSON.parse(await readFile(path.join(root, 'out', 'run.json'), 'utf8')) as { options: Record<string, unknown> }).options;
}

describe('dictclip run --channel', () => {
  it('right: the stereo recording\'s right channel is dictated and cut; the mono one fails with E_CHANNEL (exit 2), nothing written for it', async () => {
    const result = await run('--channel', 'right');
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toContain('recordings: 1 done, 1 failed (of 2)\n');
    const message = `${path.join(root, 'in', 'solo.wav')} has 1 channel (mono): there is no right (channel 2) to keep. Fix: choose a channel it has (--channel mix, left), or leave the recording out.`;
    expect(result.stderr).toContain(`  solo.wav [transcode] E_CHANNEL: ${message}\n`);
    expect(parse(await readFile(path.join(root, 'out', 'failures.csv')), { columns: true })).toEqual([{ source: 'solo.wav', stage: 'transcode', code: 'E_CHANNEL', message }]);
    // 400 ms and 450 ms at 16 kHz, every sample the right channel's.
    expect(await clipValues()).toEqual({ 'call.wav:hello': { [RIGHT]: 6_400 }, 'call.wav:there': { [RIGHT]: 7_200 } });
    expect((await readdir(path.join(root, 'out', 'clips'))).filter((name) => name.startsWith('solo'))).toEqual([]);
    expect((await runJsonOptions())['channel']).toBe('right');
  }, 150_000);

  it('left: a new choice dictates both again (the mono one has channel 1); the same choice again resumes', async () => {
    const result = await run('--channel', 'left');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('recordings: 2 done, 0 failed (of 2)\n');
    expect(await clipValues()).toEqual({ 'call.wav:hello': { [LEFT]: 6_400 }, 'call.wav:there': { [LEFT]: 7_200 }, 'solo.wav:solo': { 4_096: 4_800 } });
    expect(existsSync(path.join(root, 'out', 'failures.csv')) ? (await readFile(path.join(root, 'out', 'failures.csv'), 'utf8')).trim() : '').toBe('source,stage,code,message');
    const again = await run('--channel', '1', '--dry-run');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.match(/nothing to do \(kept from an earlier run\)/g)).toHaveLength(2);
    expect(again.stdout).toContain('to dictate: 0 recordings');
    // Kaldi's pipes decode the sources as the run heard them: its channel, from run.json.
    const kaldi = await runCli(['export', 'out', '--format', 'kaldi', '--to', 'kaldi'], { cwd: root });
    expect(kaldi.code, kaldi.stderr).toBe(0);
    const wavScp = await readFile(path.join(root, 'kaldi', 'train', 'wav.scp'), 'utf8');
    expect(wavScp.split('\n').filter((line) => line !== '').every((line) => line.includes(' -af channelmap=map=0:channel_layout=mono '))).toBe(true);
  }, 150_000);

  it('mix, the default: dictates again and averages; run.json lists no channel, as before the key', async () => {
    const result = await run();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('recordings: 2 done, 0 failed (of 2)\n');
    expect(await clipValues()).toEqual({ 'call.wav:hello': { [(LEFT + RIGHT) / 2]: 6_400 }, 'call.wav:there': { [(LEFT + RIGHT) / 2]: 7_200 }, 'solo.wav:solo': { 4_096: 4_800 } });
    expect(await runJsonOptions()).not.toHaveProperty('channel');
  }, 150_000);

  it('refuses a choice that is no channel before any work (exit 2)', async () => {
    const result = await run('--channel', 'centre', '--out', 'never');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"channel"');
    expect(result.stderr).toContain('mix, left, right or a channel number from 1 to 64');
    expect(existsSync(path.join(root, 'never'))).toBe(false);
  }, 60_000);
});
