/**
 * The supercut of a run whose sources are videos, as a video: every kept clip's span (manifest
 * start_ms … end_ms, padding included) cut from its source video, picture and sound, in manifest
 * order with `gapMs` of black picture and silence between clips, into one MP4 (H.264 with
 * libx264 when ffmpeg has it, else MPEG-4 part 2; AAC sound). One ffmpeg run: the picture and the
 * sound are joined in two chains, the sound sample-exact, the picture to whole frames with every
 * clip's first frame at its sound's start rounded to the frame, so they stay within half a frame
 * of each other all along.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { resolveFfprobe } from '../audio/ffmpeg-path.js';
import { runProcess } from '../child-process.js';
import { DictclipError } from '../errors.js';
import { MANIFEST_FILE } from '../run-output/layout.js';
import { notRunOutput, readManifest, readSummary } from '../run-output/read.js';
import { sourceFile } from '../run-output/safe-path.js';

/** Options of {@link writeVideoSupercut}. */
export interface VideoSupercutOptions {
  runDir: string;
  /** Base name of `<runDir>/<name>.mp4`. */
  name: string;
  /** Black picture and silence between clips, ms. */
  gapMs: number;
  ffmpegPath: string;
  ffprobePath: string;
  signal?: AbortSignal | undefined;
}

/** What {@link writeVideoSupercut} wrote. */
export interface VideoSupercutResult {
  videoPath: string;
  clips: number;
  width: number;
  height: number;
  fps: number;
  videoCodec: string;
  /** Length of the sound, ms (the picture is within half a frame of it). */
  durationMs: number;
}

/** A source's first real video stream (not cover art). */
export interface VideoStreamInfo { width: number; height: number; fps: number }

/** The sound of the video supercut. */
const AUDIO_RATE = 48_000;
/** More clips than this in one ffmpeg run would open too many inputs at once. */
export const MAX_VIDEO_CLIPS = 500;

/**
 * The first video stream of `file` that is a picture sequence, not an attached picture (cover
 * art of an MP3 or M4A is not video), via ffprobe; undefined when it has none.
 */
export async function probeVideo(ffprobePath: string, file: string, signal?: AbortSignal): Promise<VideoStreamInfo | undefined> {
  const out = await runProcess(ffprobePath, [
    '-v', 'error', '-protocol_whitelist', 'file', '-select_streams', 'V:0',
    '-show_entries', 'stream=width,height,avg_frame_rate,r_frame_rate', '-of', 'json', file,
  ], { errorCode: 'E_FFMPEG', name: 'ffprobe', path: file, signal });
  const stream = (JSON.parse(out) as { streams?: Record<string, unknown>[] }).streams?.[0];
  const width = Number(stream?.['width']);
  const height = Number(stream?.['height']);
  if (!(width > 0 && height > 0)) return undefined;
  const rate = (text: unknown): number => {
    const [n, d] = String(text).split('/').map(Number);
    return n !== undefined && d !== undefined && n > 0 && d > 0 ? n / d : NaN;
  };
  const fps = [rate(stream?.['avg_frame_rate']), rate(stream?.['r_frame_rate'])].find((r) => r > 0 && r <= 120) ?? 25;
  return { width, height, fps };
}

interface Segment { source: string; startMs: number; endMs: number }

/**
 * The run's clips as spans of their sources, and the first source's video stream when every
 * source has one; else how many sources have one (0: an audio run).
 */
export async function videoSources(
  runDir: string,
  ffprobePath: string,
  signal?: AbortSignal,
): Promise<{ segments: Segment[]; video: VideoStreamInfo } | { videoSources: number; sources: number }> {
  if (!existsSync(path.join(runDir, MANIFEST_FILE)))
    throw notRunOutput(runDir, `${MANIFEST_FILE} is missing (a supercut joins the clips of a finished run)`);
  const inputDir = (await readSummary(runDir))['inputDir'];
  const segments: Segment[] = [];
  for await (const row of readManifest(runDir)) {
    if (typeof inputDir === 'string') segments.push({ source: sourceFile(inputDir, row.source), startMs: row.start_ms, endMs: row.end_ms });
  }
  const probed = new Map<string, VideoStreamInfo | undefined>();
  for (const { source } of segments) {
    if (!probed.has(source))
      probed.set(source, existsSync(source) ? await probeVideo(ffprobePath, source, signal).catch(() => undefined) : undefined);
  }
  const found = [...probed.values()].filter((info) => info !== undefined);
  const first = probed.get(segments[0]?.source ?? '');
  if (first === undefined || found.length < probed.size) return { videoSources: found.length, sources: probed.size };
  return { segments, video: first };
}

/** What {@link supercutVideo} did: wrote the video, or why not (`reason` undefined: no source is a video). */
export type VideoSupercutOutcome = { written: VideoSupercutResult } | { written?: undefined; reason: string | undefined };

/**
 * The video supercut of a run when every clip's source has a video stream (ffprobe beside
 * ffmpeg or on PATH decides); otherwise nothing, with the reason when some source is a video.
 */
export async function supercutVideo(options: Omit<VideoSupercutOptions, 'ffprobePath'>): Promise<VideoSupercutOutcome> {
  const ffprobePath = await resolveFfprobe(options.ffmpegPath);
  if (ffprobePath === undefined) return { reason: 'ffprobe was not found beside ffmpeg or on PATH, so no source could be checked for a video stream' };
  const sources = await videoSources(options.runDir, ffprobePath, options.signal);
  if (!('segments' in sources)) {
    return { reason: sources.videoSources === 0 ? undefined : `only ${sources.videoSources} of the ${sources.sources} sources of the clips have a video stream` };
  }
  return { written: await writeVideoSupercut({ ...options, ffprobePath }, sources) };
}

/** `libx264` when this ffmpeg has it, else `mpeg4` (every build has it). */
async function videoEncoder(ffmpegPath: string, signal?: AbortSignal): Promise<string> {
  const list = await runProcess(ffmpegPath, ['-hide_banner', '-encoders'], { errorCode: 'E_FFMPEG', signal }).catch(() => '');
  return /^\s*V\S*\s+libx264\s/m.test(list) ? 'libx264' : 'mpeg4';
}

/** Frame counts of each piece (clip, gap, clip …): differences of the rounded cumulative boundaries. */
function frameCounts(durationsMs: readonly number[], fps: number): number[] {
  let edge = 0;
  return durationsMs.map((ms) => {
    const from = Math.round((edge * fps) / 1000);
    edge += ms;
    return Math.round((edge * fps) / 1000) - from;
  });
}

/**
 * Write `<runDir>/<name>.mp4` from `segments` of video sources (see the module comment).
 * Files appear whole (temp + rename).
 * @throws DictclipError E_FFMPEG (ffmpeg failed), E_OUTPUT (too many clips, cannot rename).
 */
export async function writeVideoSupercut(
  options: VideoSupercutOptions,
  sources: { segments: readonly Segment[]; video: VideoStreamInfo },
): Promise<VideoSupercutResult> {
  const { segments, video } = sources;
  const videoPath = path.join(options.runDir, `${options.name}.mp4`);
  if (segments.length > MAX_VIDEO_CLIPS) {
    throw new DictclipError(
      'E_OUTPUT',
      `a video supercut of ${segments.length} clips is more than ${MAX_VIDEO_CLIPS}; narrow it (--find, --match) or pass --supercut-audio-only`,
      { path: videoPath },
    );
  }
  const width = video.width + (video.width % 2);
  const height = video.height + (video.height % 2);
  const fps = Math.round(video.fps * 1000) / 1000;
  const pieces = segments.flatMap((s, i) => (i === 0 || options.gapMs === 0 ? [] : [options.gapMs]).concat([s.endMs - s.startMs]));
  const frames = frameCounts(pieces, fps);
  const inputs: string[] = [];
  const chains: string[] = [];
  const v: string[] = [];
  const a: string[] = [];
  let piece = 0;
  for (const [i, s] of segments.entries()) {
    if (i > 0 && options.gapMs > 0) {
      const n = frames[piece++] ?? 0;
      const samples = Math.round((options.gapMs * AUDIO_RATE) / 1000);
      chains.push(`color=c=black:s=${width}x${height}:r=${fps},trim=end_frame=${n},setsar=1,format=yuv420p[gv${i}]`);
      chains.push(`anullsrc=r=${AUDIO_RATE}:cl=stereo,atrim=end_sample=${samples}[ga${i}]`);
      v.push(`[gv${i}]`);
      a.push(`[ga${i}]`);
    }
    const n = frames[piece++] ?? 0;
    const durationS = (s.endMs - s.startMs) / 1000;
    // Input seeking decodes from the keyframe before and drops what comes before the start: exact, and fast on long sources.
    inputs.push('-ss', (s.startMs / 1000).toFixed(3), '-t', (durationS + 1).toFixed(3), '-protocol_whitelist', 'file', '-i', s.source);
    chains.push(
      `[${i}:V:0]fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p,` +
        `tpad=stop_mode=clone:stop=${n},trim=end_frame=${n},setpts=PTS-STARTPTS[v${i}]`,
    );
    chains.push(
      `[${i}:a:0]aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,apad,` +
        `atrim=end_sample=${Math.round(durationS * AUDIO_RATE)},asetpts=PTS-STARTPTS[a${i}]`,
    );
    v.push(`[v${i}]`);
    a.push(`[a${i}]`);
  }
  chains.push(`${v.join('')}concat=n=${v.length}:v=1:a=0[vout]`);
  chains.push(`${a.join('')}concat=n=${a.length}:v=0:a=1[aout]`);
  const codec = await videoEncoder(options.ffmpegPath, options.signal);
  const codecArgs = codec === 'libx264' ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'] : ['-c:v', 'mpeg4', '-q:v', '4'];
  const temp = `${videoPath}.tmp-${randomBytes(6).toString('hex')}.mp4`;
  try {
    await runProcess(
      options.ffmpegPath,
      [
        '-v',
        'error',
        '-nostdin',
        ...inputs,
        '-filter_complex',
        chains.join(';'),
        '-map',
        '[vout]',
        '-map',
        '[aout]',
        ...codecArgs,
        '-pix_fmt',
        'yuv420p',
        '-r',
        String(fps),
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        '-y',
        temp,
      ],
      { errorCode: 'E_FFMPEG', path: videoPath, signal: options.signal },
    );
    await rename(temp, videoPath);
  } catch (cause) {
    await rm(temp, { force: true });
    if (cause instanceof DictclipError) throw cause;
    throw new DictclipError('E_OUTPUT', `cannot write the video supercut ${videoPath}`, { path: videoPath, cause });
  }
  const durationMs = pieces.reduce((sum, ms) => sum + ms, 0);
  return { videoPath, clips: segments.length, width, height, fps, videoCodec: codec, durationMs };
}
