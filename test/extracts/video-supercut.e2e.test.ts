/**
 * The supercut of video sources as video, through the built CLI (scripted engine, real ffmpeg
 * and ffprobe): tiny lavfi test videos (testsrc picture, sine sound) give <name>.mp4 with a
 * picture and a sound stream as long as the clips and gaps (within a frame); audio sources (an
 * MP3 with cover art included: a picture is not video) give only the WAV; --supercut-audio-only
 * skips the video.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinary, removeTempDirs, runCli, tempDir } from '../helpers/index.js';

const exec = promisify(execFile);
afterAll(removeTempDirs);

let root: string;
const FPS = 25;
const CLIPS_MS = [500, 430, 910];

/** A `seconds` long test video (96x64 at 25 fps, H.264 or MPEG-4, AAC sound) or audio file. */
async function media(file: string, seconds: number, kind: 'video' | 'audio' | 'cover'): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const sound = ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${seconds}`];
  const args = kind === 'video'
    ? [...sound, '-f', 'lavfi', '-i', `testsrc=size=96x64:rate=${FPS}:duration=${seconds}`, '-map', '0:a', '-map', '1:v', '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest']
    : kind === 'cover'
      ? [...sound, '-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=1', '-map', '0:a', '-map', '1:v', '-c:v', 'mjpeg', '-frames:v', '1', '-disposition:v', 'attached_pic']
      : sound;
  await exec(await ffmpegBinary(), ['-v', 'error', '-nostdin', ...args, '-y', file]);
}

async function probe(file: string): Promise<{ streams: { codec_type: string }[]; format: { duration: string } }> {
  const ffprobe = path.join(path.dirname(await ffmpegBinary()), 'ffprobe');
  const { stdout } = await exec(existsSync(ffprobe) ? ffprobe : 'ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file]);
  return JSON.parse(stdout) as { streams: { codec_type: string }[]; format: { duration: string } };
}

beforeAll(async () => {
  root = await tempDir('video-supercut');
  await media(path.join(root, 'video', 'a.mp4'), 2, 'video');
  await media(path.join(root, 'video', 'talks', 'b.mkv'), 3, 'video');
  await media(path.join(root, 'audio', 'a.mp3'), 2, 'cover');
  await media(path.join(root, 'audio', 'b.wav'), 3, 'audio');
  await writeFile(path.join(root, 'script.json'), JSON.stringify({ fallback: 'none', scripts: [
    { match: { durationMs: 2000, toleranceMs: 120 }, words: [{ word: 'hello', startMs: 200, endMs: 700 }, { word: 'world', startMs: 900, endMs: 1330 }] },
    { match: { durationMs: 3000, toleranceMs: 120 }, words: [{ word: 'again', startMs: 100, endMs: 1010 }] },
  ] }));
});

const run = (input: string, out: string, ...args: string[]) => runCli(
  ['run', input, '--out', out, '--engine', 'scripted', '--script-file', 'script.json', '--no-report', '--supercut', 'reel', ...args],
  { cwd: root, timeoutMs: 180_000 },
);

describe('supercut of video sources', () => {
  it('writes <name>.mp4 with picture and sound, as long as the clips and gaps within a frame', async () => {
    const result = await run('video', 'out-video', '--supercut-gap-ms', '200');
    expect([result.code, result.stderr.includes('E_')]).toEqual([0, false]);
    expect(result.stdout).toContain(`supercut video: ${path.join(root, 'out-video', 'reel.mp4')} (96x64, 25 fps, `);
    const info = await probe(path.join(root, 'out-video', 'reel.mp4'));
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    const expectedS = (CLIPS_MS.reduce((a, b) => a + b, 0) + 2 * 200) / 1000;
    expect(Math.abs(Number(info.format.duration) - expectedS)).toBeLessThanOrEqual(1 / FPS);
    expect(existsSync(path.join(root, 'out-video', 'reel.wav'))).toBe(true);

    const noGap = await run('video', 'out-nogap', '--supercut-gap-ms', '0');
    expect(noGap.code).toBe(0);
    const joined = await probe(path.join(root, 'out-nogap', 'reel.mp4'));
    expect(Math.abs(Number(joined.format.duration) - CLIPS_MS.reduce((a, b) => a + b, 0) / 1000)).toBeLessThanOrEqual(1 / FPS);
  }, 300_000);

  it('writes audio only for audio sources (cover art is not video) and with --supercut-audio-only', async () => {
    const audio = await run('audio', 'out-audio');
    expect(audio.code).toBe(0);
    expect(audio.stdout).not.toContain('supercut video');
    expect(audio.stdout).not.toContain('note: supercut');
    expect(existsSync(path.join(root, 'out-audio', 'reel.wav'))).toBe(true);
    expect(existsSync(path.join(root, 'out-audio', 'reel.mp4'))).toBe(false);

    const forced = await run('video', 'out-forced', '--supercut-audio-only');
    expect(forced.code).toBe(0);
    expect(existsSync(path.join(root, 'out-forced', 'reel.wav'))).toBe(true);
    expect(existsSync(path.join(root, 'out-forced', 'reel.mp4'))).toBe(false);
  }, 300_000);

  it('keeps picture and sound in sync: a flash and a tone that start together in each source start together in the supercut, within half a frame', async () => {
    const ffmpeg = await ffmpegBinary();
    const flash = async (file: string, seconds: number, from: number, to: number) => exec(ffmpeg, ['-v', 'error', '-nostdin',
      '-f', 'lavfi', '-i', `aevalsrc='if(between(t,${from},${to}),0.5*sin(2*PI*440*t),0)':s=16000:d=${seconds}`,
      '-f', 'lavfi', '-i', `color=c=black:s=64x48:r=${FPS}:d=${seconds},drawbox=c=white:t=fill:enable='between(t,${from},${to})'`,
      '-map', '0:a', '-map', '1:v', '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', '-y', file]);
    await mkdir(path.join(root, 'sync'), { recursive: true });
    await flash(path.join(root, 'sync', 'a.mp4'), 2, 1, 1.2);
    await flash(path.join(root, 'sync', 'b.mp4'), 3, 0.52, 0.7);
    await writeFile(path.join(root, 'sync-script.json'), JSON.stringify({ fallback: 'none', scripts: [
      { match: { durationMs: 2000, toleranceMs: 120 }, words: [{ word: 'hello', startMs: 830, endMs: 1400 }] },
      { match: { durationMs: 3000, toleranceMs: 120 }, words: [{ word: 'again', startMs: 310, endMs: 900 }] },
    ] }));
    const result = await runCli(['run', 'sync', '--out', 'out-sync', '--engine', 'scripted', '--script-file', 'sync-script.json', '--no-report',
      '--supercut', 'reel', '--supercut-gap-ms', '170'], { cwd: root, timeoutMs: 180_000 });
    expect(result.code).toBe(0);
    const reel = path.join(root, 'out-sync', 'reel.mp4');
    // Sound: clip 1 (830 ms on) has its tone from 1000 ms, at 170 ms; clip 2 starts at 570 + 170 = 740 ms, its tone 210 ms in: 950 ms.
    const pcm = (await exec(ffmpeg, ['-v', 'error', '-i', reel, '-map', '0:a', '-ac', '1', '-ar', '48000', '-f', 's16le', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 })).stdout;
    const onsets: number[] = [];
    for (let i = 0, quietSince = 0, on = false; i < pcm.length / 2; i++) {
      const loud = Math.abs(pcm.readInt16LE(2 * i)) > 3000;
      if (loud && !on) onsets.push(i / 48);
      if (loud) { on = true; quietSince = i; } else if (i - quietSince > 480) on = false;
    }
    expect(onsets.map(Math.round)).toEqual([170, 950]);
    // Picture: the first white frame of each flash.
    const { stdout } = await exec(ffmpeg, ['-v', 'error', '-i', reel, '-vf', 'signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-', '-f', 'null', '-']);
    const times = [...stdout.matchAll(/pts_time:([\d.]+)\s+lavfi\.signalstats\.YAVG=([\d.]+)/g)].map((m) => [Number(m[1]) * 1000, Number(m[2])] as const);
    const starts = times.filter(([, y], i) => y > 128 && !((times[i - 1]?.[1] ?? 0) > 128)).map(([t]) => t);
    expect(starts).toHaveLength(2);
    for (const [i, start] of starts.entries()) expect(Math.abs(start - (onsets[i] ?? 0))).toBeLessThanOrEqual(1000 / FPS / 2);
  }, 300_000);
});
