/**
 * The cut stage of one recording: its planned clips written into its clip folder (emptied first)
 * from the clip source, as src/pipeline/cut-recording.ts cuts them. Its output is the clip files
 * and their names in the manifest; it saves no state.
 */
import path from 'node:path';
import type { CutClip } from '../../audio/index.js';
import { clipDir, clipFileName } from '../../run-output/naming.js';
import { cutRecording } from '../cut-recording.js';
import type { CutRecordingContext } from '../cut-recording.js';
import type { KeptClip } from '../keep.js';
import { removeDir } from '../state.js';

/** A recording's cut clips: per clip its file name in the manifest (`clips/<key>/<NNNNN>_<slug>.wav`) and what the cutter measured. */
export interface CutResult {
  fileNames: string[];
  cut: CutClip[];
}

/** Cut `clips` (in index order) of the recording `relPath` into its clip folder under `outDir`. @throws DictclipError as cutRecording. */
export async function cutStage(clips: readonly KeptClip[], outDir: string, relPath: string, ctx: CutRecordingContext): Promise<CutResult> {
  const folder = clipDir(outDir, relPath);
  await removeDir(folder);
  const requests = clips.map((clip) => ({ startMs: clip.startMs, endMs: clip.endMs, outPath: path.join(folder, clipFileName(clip.index, clip.text)) }));
  const cut = await cutRecording(ctx, folder, requests);
  return { fileNames: requests.map((request) => path.relative(outDir, request.outPath).split(path.sep).join('/')), cut };
}
