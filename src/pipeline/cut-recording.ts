/**
 * Cutting one recording's clips from the configured clip source (the work audio, or the source
 * decoded once at its own rate and channels) and the manifest columns the cut adds.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { LimitFunction } from 'p-limit';
import { cutClips, isLoudEdge, originalAudio, snapEdges } from '../audio/index.js';
import type { ClipRequest, CutClip } from '../audio/index.js';
import { addFlag } from '../markers/index.js';
import type { PlannedClip } from '../markers/index.js';
import type { ManifestRow, ResolvedRunOptions } from './types.js';

/** What cutting one recording needs. */
export interface CutRecordingContext {
  /** The recording as found in the input folder. */
  recordingPath: string;
  /** Its 16 kHz mono work audio. */
  workWav: string;
  workDir: string;
  /** The recording's key (names its work files). */
  key: string;
  options: Pick<ResolvedRunOptions, 'clipSource' | 'fadeMs'>;
  ffmpegPath: string;
  signal: AbortSignal;
  limits: { transcode: LimitFunction; cut: LimitFunction };
}

/**
 * Cut `requests` from the clip source: the work audio, or with `clipSource: 'original'` the
 * recording decoded once at its own rate and channels (a 16-bit PCM WAV recording is cut as it
 * is; a decoded copy is removed afterwards).
 */
export async function cutRecording(ctx: CutRecordingContext, requests: readonly ClipRequest[]): Promise<CutClip[]> {
  if (requests.length === 0) return [];
  const cutOptions = { fadeMs: ctx.options.fadeMs };
  if (ctx.options.clipSource === 'work') return ctx.limits.cut(() => cutClips(ctx.workWav, requests, cutOptions));
  const decodedPath = path.join(ctx.workDir, `${ctx.key}.original.wav`);
  const source = await ctx.limits.transcode(() => originalAudio(ctx.recordingPath, decodedPath, { ffmpegPath: ctx.ffmpegPath, signal: ctx.signal }));
  try {
    return await ctx.limits.cut(() => cutClips(source.path, requests, cutOptions));
  } finally {
    if (source.decoded) await rm(source.path, { force: true }).catch(() => undefined);
  }
}

/** The manifest columns of a cut clip: its format, edge levels, and `loud-edge` added to its flags when an edge is loud. */
export function cutColumns(flags: string, cut: CutClip | undefined): Pick<ManifestRow, 'flags' | 'sample_rate' | 'channels' | 'edge_start_db' | 'edge_end_db'> {
  if (cut === undefined) return { flags };
  return {
    flags: isLoudEdge(cut) ? addFlag(flags, 'loud-edge') : flags,
    sample_rate: cut.sampleRate,
    channels: cut.channels,
    edge_start_db: cut.edgeStartDb,
    edge_end_db: cut.edgeEndDb,
  };
}

/**
 * Clips with their edges snapped to quiet points of the work audio (see `snapEdges`) when they
 * carry a snap window (planned with `snapMs` > 0); others are returned as they are.
 */
export async function snapClips<T extends Pick<PlannedClip, 'startMs' | 'endMs' | 'snap'>>(workWav: string, clips: readonly T[]): Promise<T[]> {
  const windows = clips.flatMap((clip) => (clip.snap === undefined ? [] : [{ startMs: clip.startMs, endMs: clip.endMs, ...clip.snap }]));
  if (windows.length === 0) return [...clips];
  const snapped = await snapEdges(workWav, windows);
  let next = 0;
  return clips.map((clip) => (clip.snap === undefined ? clip : { ...clip, ...snapped[next++] }));
}
