/**
 * The run-output paths the review reads and writes, in one place: `corrections/<source>.txt` is
 * the one file it writes. (Until the run-output room lands, the corrections path is made here with
 * the pipeline's path containment; then this file only re-exports that room's functions.)
 */
import { resolveInside } from '../pipeline/safe-path.js';

export { alignmentsPath, markersPath, peaksPath, transcriptPath } from '../pipeline/naming.js';

function mirroredPath(outDir: string, folder: string, relPath: string, ext: string): string {
  return resolveInside(resolveInside(outDir, folder), ...`${relPath}${ext}`.split('/'));
}

/** `<outDir>/corrections/<source>.txt`: the transcript as corrected by `dictclip review`. */
export function correctionPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, 'corrections', relPath, '.txt');
}
