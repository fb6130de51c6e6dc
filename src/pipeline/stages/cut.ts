/**
 * The cut stage of one recording: its planned clips written into its clip folder (emptied first)
 * from the configured clip source (the work audio, or the source decoded once at its own rate and
 * channels), and the manifest columns the cut adds. Its output is the clip files and their names
 * in the manifest; it saves no state.
 */
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LimitFunction } from 'p-limit';
import { computePeaks, cutClips, originalAudio, snapEdges } from '../../audio/index.js';
import type { ClipRequest, CutClip, PeaksMeter } from '../../audio/index.js';
import type { PlannedClip } from '../../markers/index.js';
import { clipDir, clipFileName } from '../../run-output/naming.js';
import { writePeaks } from '../../run-output/peaks-file.js';
import type { ManifestRow } from '../../run-output/rows.js';
import { removeDir } from '../recording/state.js';
import type { ResolvedRunOptions } from '../types.js';
import type { KeptClip } from './plan.js';
import { withFields } from '../../with-fields.js';

/** A recording's cut clips: per clip its file name in the manifest (`clips/<key>/<NNNNN>_<slug>.wav`) and what the cutter measured. */
export interface CutResult {
  fileNames: string[];
  cut: CutClip[];
}

/** Cut `clips` (in index order) of the recording `relPath` into its clip folder under `outDir`. @throws DictclipError as cutRecording. */
export async function cutStage(clips: readonly KeptClip[], outDir: string, relPath: string, ctx: CutRecordingContext): Promise<CutResult> {
  const folder = clipDir(outDir, relPath);
  await removeDir(folder);
  const requests = clips.map((clip) => ({
    startMs: clip.startMs,
    endMs: clip.endMs,
    outPath: path.join(folder, clipFileName(clip.index, clip.text)),
  }));
  const cut = await cutRecording(ctx, folder, requests);
  return { fileNames: requests.map((request) => path.relative(outDir, request.outPath).split(path.sep).join('/')), cut };
}

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
  /** Fed every byte of the work audio's data when the clips are cut from it (the waveform peaks). @default undefined */
  peaks?: PeaksMeter | undefined;
}

/**
 * Cut `requests` (every one inside `folder`, which must not exist) from the clip source: the work
 * audio, or with `clipSource: 'original'` the recording decoded once at its own rate and channels
 * (a 16-bit PCM WAV recording is cut as it is; a decoded copy is removed afterwards). The clips
 * are written into `<folder>.tmp` (emptied first), which is renamed into place once every clip
 * is written: the recording's clips appear together, with one rename instead of one per clip.
 * @throws DictclipError as cutClips; the temp folder is removed on failure.
 */
export async function cutRecording(ctx: CutRecordingContext, folder: string, requests: readonly ClipRequest[]): Promise<CutClip[]> {
  if (requests.length === 0) return [];
  const temp = `${folder}.tmp`; // one name per recording: a run killed while cutting leaves nothing a rerun does not remove
  await removeDir(temp);
  const inTemp = requests.map((r) => ({ ...r, outPath: path.join(temp, path.relative(folder, r.outPath)) }));
  const cutOptions = { fadeMs: ctx.options.fadeMs, atomic: false, tap: undefined as ((pcm: Buffer) => void) | undefined };
  let decoded: string | undefined;
  try {
    let source = ctx.workWav;
    if (ctx.options.clipSource === 'original') {
      const original = await ctx.limits.transcode(() =>
        originalAudio(ctx.recordingPath, path.join(ctx.workDir, `${ctx.key}.original.wav`), {
          ffmpegPath: ctx.ffmpegPath,
          signal: ctx.signal,
        }),
      );
      source = original.path;
      if (original.decoded) decoded = original.path;
    } else if (ctx.peaks !== undefined) {
      const meter = ctx.peaks;
      cutOptions.tap = (pcm) => meter.feed(pcm);
    }
    const cut = await ctx.limits.cut(() => cutClips(source, inTemp, cutOptions));
    await rename(temp, folder);
    return cut;
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    if (decoded !== undefined) await rm(decoded, { force: true }).catch(() => undefined);
  }
}

/**
 * Write a recording's waveform peaks (atomically): those `meter` gathered while the
 * clips were cut, or, when the cut did not read the whole work audio (no clips, clips from the
 * original, a failure), computed from `workWav`. A failure only warns: the clips do not need them.
 */
export async function writeWaveform(
  meter: PeaksMeter | undefined,
  workWav: string,
  outDir: string,
  source: string,
  warn: (message: string) => void,
): Promise<void> {
  try {
    writePeaks(outDir, source, meter?.complete === true ? meter.peaks() : await computePeaks(workWav));
  } catch (error) {
    warn(`no waveform peaks: ${(error as Error).message}`);
  }
}

/** The manifest columns of a cut clip: its flags, format and edge levels (measured, never a flag of their own: see `cut-edge`). */
export function cutColumns(
  flags: string,
  cut: CutClip | undefined,
): Pick<ManifestRow, 'flags' | 'sample_rate' | 'channels' | 'edge_start_db' | 'edge_end_db'> {
  if (cut === undefined) return { flags };
  return {
    flags,
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
export async function snapClips<T extends Pick<PlannedClip, 'startMs' | 'endMs' | 'snap'>>(
  workWav: string,
  clips: readonly T[],
): Promise<T[]> {
  const windows = clips.flatMap((clip) => (clip.snap === undefined ? [] : [{ startMs: clip.startMs, endMs: clip.endMs, ...clip.snap }]));
  if (windows.length === 0) return [...clips];
  const snapped = await snapEdges(workWav, windows);
  let next = 0;
  return clips.map((clip) => (clip.snap === undefined ? clip : withFields(clip, snapped[next++]!)));
}
