/** Engine resolution: a name ('pocketsphinx', 'scripted') or an Engine object. */
import type { Engine } from '../types.js';
import { createPocketSphinxEngine, type PocketSphinxOptions } from './pocketsphinx.js';
import { createScriptedEngine } from './scripted.js';
import type { ScriptFile } from './script-file.js';

export { createScriptedEngine } from './scripted.js';
export { loadScriptFile, validateScriptFile, type ScriptEntry, type ScriptFile, type ScriptWord } from './script-file.js';

/**
 * The engine for the service options: an Engine object as is; 'scripted' answers from `script`
 * (default: no scripts, `segments` fallback); 'pocketsphinx' (the default) runs CMU PocketSphinx
 * with `pocketsphinx` options.
 */
export function resolveEngine(
  engine: Engine | 'pocketsphinx' | 'scripted' | undefined,
  script: ScriptFile | undefined,
  pocketsphinx: PocketSphinxOptions = {},
): Engine {
  if (typeof engine === 'object') return engine;
  if (engine === 'scripted') return createScriptedEngine(script ?? { scripts: [], fallback: 'segments' });
  return createPocketSphinxEngine(pocketsphinx);
}
