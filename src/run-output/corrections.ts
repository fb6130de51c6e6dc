/**
 * `<out>/corrections/<src>.words.json`: what a person changed of a recording's words in `dictclip
 * review` besides the text (times dragged, words checked), beside `corrections/<src>.txt`, the
 * corrected text its offsets point into. The review writes both together; a run whose reference for
 * the recording comes from corrections/ applies each edit whose offsets match a reference word.
 * Read and written only here: validated both ways, written atomically.
 */
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { sha256, writeFileAtomic } from '../files.js';
import { CORRECTION_WORDS_EXT, CORRECTIONS_DIR } from './layout.js';
import { correctionPath } from './naming.js';
import { checkOwnFile, resolveInside } from './safe-path.js';

export const CORRECTION_WORDS_VERSION = 1;

/** One word a person touched. */
export interface WordEdit {
  /** Offsets into the corrections text `<out>/corrections/<src>.txt` (UTF-16 code units, as text_start). */
  textStart: number;
  textLength: number;
  /** Times a person set (ms in the work audio, whole numbers); both or neither. A re-cut uses them exactly. */
  startMs?: number;
  endMs?: number;
  /** Checked by a person: the clip gets the `verified` flag. */
  verified?: boolean;
}

/** The content of `corrections/<src>.words.json`. */
export interface CorrectionWords {
  version: 1;
  /** The recording (the manifest's `source`). */
  source: string;
  /** SHA-256 (hex) of the corrections text the offsets point into: {@link correctionTextSha256}. */
  textSha256: string;
  /** In text order, not overlapping. */
  words: WordEdit[];
}

/** The largest words.json read, in bytes (a 2-million-character text has far fewer words than this allows). */
export const MAX_CORRECTION_WORDS_BYTES = 64 * 1024 * 1024;
/** The most word edits one file may hold. */
export const MAX_WORD_EDITS = 1_000_000;

/** `<outDir>/corrections/<source>.words.json` (checked to stay inside the output folder). */
export function correctionWordsPath(outDir: string, source: string): string {
  return resolveInside(resolveInside(outDir, CORRECTIONS_DIR), ...`${source}${CORRECTION_WORDS_EXT}`.split('/'));
}

/**
 * The corrections text as its offsets index it: the file's content without the one newline the
 * review writes after it (`\n` or `\r\n`).
 */
export function correctionTextOf(fileContent: string): string {
  return fileContent.replace(/\r?\n$/, '');
}

/** The `textSha256` of a corrections text (as {@link correctionTextOf} gives it). */
export function correctionTextSha256(text: string): string {
  return sha256(text);
}

/**
 * `corrections/<source>.txt` as its offsets index it ({@link correctionTextOf}); null when there is none.
 * @throws DictclipError `E_INPUT` when it exists but cannot be read, `E_UNSAFE_PATH` when it is a
 * link or corrections/ leads out of the output folder (safe-path.ts checkOwnFile).
 */
export async function readCorrectionText(outDir: string, source: string): Promise<string | null> {
  const file = correctionPath(outDir, source);
  await checkOwnFile(outDir, file);
  try {
    return correctionTextOf(await readFile(file, 'utf8'));
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DictclipError('E_INPUT', `cannot read ${file}: ${(cause as Error).message}`, { path: file, cause });
  }
}

/**
 * Read `corrections/<source>.words.json`; null when there is none.
 * @throws DictclipError `E_CORRECTIONS_INVALID` (not JSON, another version or source, a bad word:
 * the message says which and where), `E_INPUT` (unreadable), `E_UNSAFE_PATH` (a link, or out of the output folder).
 */
export async function readCorrectionWords(outDir: string, source: string): Promise<CorrectionWords | null> {
  const file = correctionWordsPath(outDir, source);
  await checkOwnFile(outDir, file);
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DictclipError('E_INPUT', `cannot read ${file}: ${(cause as Error).message}`, { path: file, cause });
  }
  if (body.length > MAX_CORRECTION_WORDS_BYTES) throw invalid(file, `it is ${body.length} bytes, more than ${MAX_CORRECTION_WORDS_BYTES}`);
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (cause) {
    throw invalid(file, `it is not JSON (${(cause as Error).message})`, cause);
  }
  return checkCorrectionWords(file, source, json);
}

/**
 * Write `corrections/<source>.words.json` atomically, words in text order.
 * @throws DictclipError `E_INVALID_ARGUMENT` when `value` breaks the shape {@link readCorrectionWords}
 * accepts (so nothing unreadable is ever written), `E_UNSAFE_PATH` (the file or corrections/ is a link
 * out of the output folder), `E_OUTPUT`.
 */
export async function writeCorrectionWords(outDir: string, source: string, value: CorrectionWords): Promise<void> {
  const file = correctionWordsPath(outDir, source);
  const sorted = { ...value, words: [...value.words].sort((a, b) => a.textStart - b.textStart) };
  let checked: CorrectionWords;
  try {
    checked = checkCorrectionWords(file, source, sorted);
  } catch (error) {
    throw new DictclipError('E_INVALID_ARGUMENT', (error as Error).message, { path: file, cause: error });
  }
  await checkOwnFile(outDir, file);
  await writeFileAtomic(file, `${JSON.stringify(checked)}\n`);
}

/**
 * Write a correction: `corrections/<source>.txt` (the text and one closing newline), then its word
 * edits tied to it by the text's hash. In that order, so that a reader between the two sees edits of
 * another text and leaves them out.
 * @throws DictclipError as {@link writeCorrectionWords}; `E_UNSAFE_PATH` for a text file that is a link out of the output folder.
 */
export async function writeCorrection(outDir: string, source: string, text: string, words: readonly WordEdit[]): Promise<void> {
  const file = correctionPath(outDir, source);
  await checkOwnFile(outDir, file);
  await writeFileAtomic(file, `${text}\n`);
  await writeCorrectionWords(outDir, source, { version: 1, source, textSha256: correctionTextSha256(text), words: [...words] });
}

/** The edits of `value` that apply to `text`: all of them when its textSha256 is the text's, else none. */
export function matchesText(value: CorrectionWords, text: string): boolean {
  return value.textSha256 === correctionTextSha256(text);
}

function invalid(file: string, why: string, cause?: unknown): DictclipError {
  return new DictclipError('E_CORRECTIONS_INVALID', `${file} is not a word-edits file of dictclip review: ${why}`, { path: file, ...(cause === undefined ? {} : { cause }) });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Validate a parsed words.json: the checked copy (known keys only). @throws DictclipError `E_CORRECTIONS_INVALID`. */
function checkCorrectionWords(file: string, source: string, json: unknown): CorrectionWords {
  if (!isObject(json)) throw invalid(file, 'it is not a JSON object');
  if (json['version'] !== CORRECTION_WORDS_VERSION) throw invalid(file, `its version is ${JSON.stringify(json['version'])}, this dictclip reads ${CORRECTION_WORDS_VERSION}`);
  if (json['source'] !== source) throw invalid(file, `its source is ${JSON.stringify(json['source'])}, not ${JSON.stringify(source)}`);
  const textSha256 = json['textSha256'];
  if (typeof textSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(textSha256)) throw invalid(file, 'its textSha256 is not 64 lowercase hex digits');
  const words = json['words'];
  if (!Array.isArray(words)) throw invalid(file, 'its words are not a list');
  if (words.length > MAX_WORD_EDITS) throw invalid(file, `it has ${words.length} words, more than ${MAX_WORD_EDITS}`);
  let end = 0;
  const out = words.map((word: unknown, i): WordEdit => {
    const edit = checkWord(file, i, word);
    if (edit.textStart < end) throw invalid(file, `word ${i} (textStart ${edit.textStart}) overlaps or comes before the word before it (ending at ${end})`);
    end = edit.textStart + edit.textLength;
    return edit;
  });
  return { version: CORRECTION_WORDS_VERSION, source, textSha256, words: out };
}

function checkWord(file: string, i: number, word: unknown): WordEdit {
  if (!isObject(word)) throw invalid(file, `word ${i} is not an object`);
  const { textStart, textLength, startMs, endMs, verified } = word;
  if (!isCount(textStart) || !isCount(textLength) || textLength === 0) {
    throw invalid(file, `word ${i} needs textStart (a whole number >= 0) and textLength (a whole number > 0)`);
  }
  const edit: WordEdit = { textStart, textLength };
  if (startMs !== undefined || endMs !== undefined) {
    if (!isCount(startMs) || !isCount(endMs)) throw invalid(file, `word ${i} needs both startMs and endMs as whole milliseconds >= 0, or neither`);
    if (endMs <= startMs) throw invalid(file, `word ${i} ends (${endMs} ms) at or before it starts (${startMs} ms)`);
    edit.startMs = startMs;
    edit.endMs = endMs;
  }
  if (verified !== undefined) {
    if (typeof verified !== 'boolean') throw invalid(file, `word ${i} has a verified that is not true or false`);
    edit.verified = verified;
  }
  return edit;
}
