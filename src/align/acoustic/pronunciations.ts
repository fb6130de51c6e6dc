/**
 * Pronunciations of the spoken tokens: the model's pronouncing dictionary first (every variant),
 * then espeak-ng's phonemes mapped to the model's phones for tokens the dictionary lacks, so every
 * token can be aligned.
 */
import { readFile } from 'node:fs/promises';
import { runProcess } from '../../child-process.js';
import { DictclipError } from '../../errors.js';
import { ipaToPhones } from './ipa-phones.js';

/** Per token its pronunciations (each a list of model phones); a token with none is missing. */
export type Pronunciations = Map<string, string[][]>;

/** Tokens per espeak-ng call (one per line of its input). */
const ESPEAK_BATCH = 200;

/** The variants in `dictPath` (`word PH PH …`, `word(2) …`) of the `tokens` it has. */
export async function readDictionary(dictPath: string, tokens: ReadonlySet<string>): Promise<Pronunciations> {
  let text: string;
  try {
    text = await readFile(dictPath, 'utf8');
  } catch (cause) {
    throw new DictclipError('E_ENGINE', `Cannot read the pronouncing dictionary ${dictPath}`, { path: dictPath, cause });
  }
  const found: Pronunciations = new Map();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const head = line.slice(0, space);
    const word = head.replace(/\(\d+\)$/, '');
    if (!tokens.has(word)) continue;
    const phones = line.slice(space + 1).trim().split(/\s+/).filter((p) => p !== '' && !p.startsWith('#'));
    if (phones.length === 0) continue;
    const list = found.get(word) ?? [];
    list.push(phones);
    found.set(word, list);
  }
  return found;
}

export interface EspeakOptions {
  readonly binary: string;
  readonly voice: string;
  readonly signal?: AbortSignal | undefined;
}

/** IPA of each token from espeak-ng (one call per batch, one token per line; one call per token when lines do not match). */
async function espeakIpa(tokens: readonly string[], options: EspeakOptions): Promise<string[]> {
  const run = (text: string): Promise<string> => runProcess(options.binary, ['-q', '--ipa', '-v', options.voice, text], {
    errorCode: 'E_ENGINE', name: 'espeak-ng', startHint: 'install it with `apt-get install espeak-ng`', signal: options.signal,
  });
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += ESPEAK_BATCH) {
    const batch = tokens.slice(i, i + ESPEAK_BATCH);
    const lines = (await run(batch.join('\n'))).split('\n').map((l) => l.trim()).filter((l) => l !== '');
    if (lines.length === batch.length) out.push(...lines);
    else for (const token of batch) out.push((await run(token)).replace(/\s+/g, ' ').trim());
  }
  return out;
}

/**
 * Pronunciations of every token: the dictionary's, and espeak-ng's for the rest. A token espeak-ng
 * gives no mappable phone for (e.g. only punctuation) stays missing.
 */
export async function pronounce(tokens: ReadonlySet<string>, dictPath: string, espeak: EspeakOptions): Promise<Pronunciations> {
  const found = await readDictionary(dictPath, tokens);
  const missing = [...tokens].filter((t) => !found.has(t));
  if (missing.length === 0) return found;
  const ipa = await espeakIpa(missing, espeak);
  missing.forEach((token, i) => {
    // espeak-ng may split a token into several words ("o'neill" → two): their phones in order.
    const phones = (ipa[i] ?? '').split(' ').flatMap((part) => ipaToPhones(part));
    if (phones.length > 0) found.set(token, [phones]);
  });
  return found;
}
