/**
 * The run-output paths the review reads and writes, in one place: `corrections/<source>.txt` is
 * the one file it writes. (Until the run-output room lands, the two new names are made here with
 * the pipeline's path containment; then this file only re-exports that room's functions.)
 */
import { resolveInside } from '../pipeline/safe-path.js';

export { markersPath, peaksPath, transcriptPath } from '../pipeline/naming.js';

function mirroredPath(outDir: string, folder: string, relPath: string, ext: string): string {
  return resolveInside(resolveInside(outDir, folder), ...`${relPath}${ext}`.split('/'));
}

/** `<outDir>/alignments/<source>.json`: a recording's alignment with its reference text. */
export function alignmentPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, 'alignments', relPath, '.json');
}

/** `<outDir>/corrections/<source>.txt`: the transcript as corrected by `dictclip review`. */
export function correctionPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, 'corrections', relPath, '.txt');
}
