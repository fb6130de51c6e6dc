/** The run's use of the acoustic aligner (src/align/acoustic) for reference transcripts (`align: 'acoustic'`). */
import type { LimitFunction } from 'p-limit';
import { alignAcoustic } from '../../align/acoustic/index.js';
import { DictclipError, isDictclipError } from '../../errors.js';
import { checkPocketSphinx, DEFAULT_POCKETSPHINX_BINARY, pocketSphinxModel } from '../../pocketsphinx-model.js';
import type { AcousticAligner } from '../stages/align-reference.js';

/**
 * Check that the local PocketSphinx (`pocketsphinx_batch` and the US English model) is there.
 * @throws DictclipError `E_ENGINE` saying acoustic alignment needs it, how to install it, and `--align text` as the way around.
 */
export async function checkAcousticAligner(): Promise<void> {
  try {
    await checkPocketSphinx(DEFAULT_POCKETSPHINX_BINARY, process.env['PATH'], pocketSphinxModel());
  } catch (error) {
    if (!isDictclipError(error)) throw error;
    throw new DictclipError('E_ENGINE', `acoustic alignment of reference transcripts (--align acoustic) needs the local PocketSphinx: ${error.message}; or run with --align text`,
      { ...error.context, cause: error });
  }
}

/** The acoustic aligner with its working folders in `workDir`, one search per `limit` slot (it is CPU bound). */
export function acousticAligner(workDir: string, limit: LimitFunction): AcousticAligner {
  return (options) => limit(() => alignAcoustic({ ...options, tempDir: workDir }));
}
