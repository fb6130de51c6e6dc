/**
 * Where the local PocketSphinx recognizer and its US English model live (Debian packages
 * `pocketsphinx` and `pocketsphinx-en-us`), and the check that they are installed. Shared by the
 * embedded service's engine (recognition) and the acoustic aligner (grammar search).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DictclipError } from './errors.js';
import { findExecutable } from './executables.js';

/** How to install the recognizer, for messages. */
export const POCKETSPHINX_INSTALL_HINT = 'install it with `apt-get install pocketsphinx pocketsphinx-en-us`';
/** The recognizer binary that decodes files listed in a control file. */
export const DEFAULT_POCKETSPHINX_BINARY = 'pocketsphinx_batch';
/** Debian's folder of the US English model. */
export const DEFAULT_POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The files of a model folder. */
export interface PocketSphinxModel {
  /** The acoustic model folder (`-hmm`). */
  readonly hmm: string;
  /** The language model (`-lm`). */
  readonly lm: string;
  /** The pronouncing dictionary (`-dict`). */
  readonly dict: string;
  /** The phone language model (`-allphone`): free phone decoding. */
  readonly phoneLm: string;
}

/** The files of the model folder `modelDir` (holding `en-us/`, `en-us.lm.bin`, `en-us-phone.lm.bin`, `cmudict-en-us.dict`). */
export function pocketSphinxModel(modelDir: string = DEFAULT_POCKETSPHINX_MODEL_DIR): PocketSphinxModel {
  return { hmm: join(modelDir, 'en-us'), lm: join(modelDir, 'en-us.lm.bin'), dict: join(modelDir, 'cmudict-en-us.dict'), phoneLm: join(modelDir, 'en-us-phone.lm.bin') };
}

async function exists(path: string, kind: 'file' | 'dir'): Promise<boolean> {
  try {
    const info = await stat(path);
    return kind === 'dir' ? info.isDirectory() : info.isFile();
  } catch {
    return false;
  }
}

/**
 * Check that the model files `needed` exist.
 * @throws DictclipError E_ENGINE naming the missing files and how to install them.
 */
export async function checkPocketSphinxModel(model: PocketSphinxModel, needed: readonly (keyof PocketSphinxModel)[] = ['hmm', 'lm', 'dict']): Promise<void> {
  const missing: string[] = [];
  for (const key of needed) if (!(await exists(model[key], key === 'hmm' ? 'dir' : 'file'))) missing.push(model[key]);
  const first = missing[0];
  if (first !== undefined) {
    throw new DictclipError('E_ENGINE', `PocketSphinx model files missing (${missing.join(', ')}); ${POCKETSPHINX_INSTALL_HINT}`, { path: first });
  }
}

/**
 * Check that `binary` is found on `pathEnv` (or is an executable path) and that the model files exist.
 * @throws DictclipError E_ENGINE naming what is missing and how to install it.
 */
export async function checkPocketSphinx(binary: string, pathEnv: string | undefined, model: PocketSphinxModel): Promise<void> {
  if ((await findExecutable(binary, pathEnv)) === undefined) {
    throw new DictclipError('E_ENGINE', `PocketSphinx recognizer \`${binary}\` not found on PATH; ${POCKETSPHINX_INSTALL_HINT}`, { command: binary });
  }
  await checkPocketSphinxModel(model);
}
