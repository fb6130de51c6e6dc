/**
 * Acoustic alignment: the reference words are placed in the audio by PocketSphinx's grammar search
 * (`pocketsphinx_batch` with one finite-state grammar per piece). One recognizer process decodes
 * every piece of a recording; its dictionary holds exactly the run's tokens, by position.
 */
import { symlink, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runProcess } from '../../child-process.js';
import { DictclipError } from '../../errors.js';
import { DEFAULT_POCKETSPHINX_BINARY, DEFAULT_POCKETSPHINX_MODEL_DIR, POCKETSPHINX_INSTALL_HINT, checkPocketSphinxModel, pocketSphinxModel } from '../../pocketsphinx-model.js';
import { readFrameEnergies } from '../../audio/index.js';
import { readWavInfo } from '../../wav-header.js';
import { pieceGrammar, tokenIndex, tokenName, type GrammarWord } from './grammar.js';
import { parseHypseg, type HypSegment } from './hypseg.js';
import { planPieces, type Piece } from './pieces.js';
import { ENERGY_FRAME_MS, quietFrames, trimQuietEdges } from './refine.js';
import { pronounce } from './pronunciations.js';
import type { AcousticAlignment, AcousticAnchor, AcousticSpan, AlignAcousticOptions } from './types.js';
import { makeWorkFolder } from './work-folder.js';

/** Milliseconds per recognizer frame. */
const FRAME_MS = 10;
/** Header bytes of the work format (`-adchdr`). */
const HEADER_BYTES = 44;
/** Longest piece aligned in one search when anchors allow cutting. */
export const MAX_PIECE_MS = 30_000;
/**
 * Weight of skipping a prefix or suffix of a piece's words (against 1 for the next word). Much
 * smaller weights fall outside the search's word beam and the skip is never taken.
 */
export const SKIP_PROBABILITY = 1e-3;
/**
 * Search settings: `-dither` keeps digital silence decodable, `-seed` makes dithering the same on
 * every run, `-remove_silence no` keeps frame numbers as times.
 */
export const ALIGN_SETTINGS: readonly string[] = ['-dither', 'yes', '-seed', '1', '-remove_silence', 'no', '-silprob', '1.0', '-fillprob', '1e-10'];

/**
 * Place each reference word in the audio. Words with no tokens, words whose tokens have no
 * pronunciation, and words the search skipped (not found in their piece) come back `null`.
 * @throws DictclipError E_INVALID_ARGUMENT (not the work format, anchors not ascending or out of
 *   range), E_ENGINE (recognizer or model missing, recognizer failed), E_ABORTED.
 */
export async function alignAcoustic(options: AlignAcousticOptions): Promise<AcousticAlignment> {
  const { wavPath, words, signal } = options;
  const anchors = options.anchors ?? [];
  checkAnchors(anchors, words.length);
  const info = await readWavInfo(wavPath).catch((cause: unknown) => {
    throw new DictclipError('E_INVALID_ARGUMENT', `Cannot read the audio to align: ${wavPath}`, { path: wavPath, cause });
  });
  if (info.dataOffset !== HEADER_BYTES || info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new DictclipError('E_INVALID_ARGUMENT', `Acoustic alignment needs 16 kHz mono 16-bit WAV with a 44-byte header: ${wavPath}`, { path: wavPath });
  }
  const ps = options.pocketsphinx ?? {};
  const model = pocketSphinxModel(ps.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR);
  await checkPocketSphinxModel(model, ['hmm', 'dict']);

  const result: (AcousticSpan | null)[] = words.map(() => null);
  const tokenSet = new Set(words.flat());
  if (tokenSet.size === 0) return { words: result };
  const pronunciations = await pronounce(tokenSet, model.dict, {
    binary: ps.espeakBinary ?? 'espeak-ng', voice: ps.espeakVoice ?? 'en-us', signal,
  });
  // Token positions, and the words that can be aligned (every token pronounceable).
  const grammarWords: GrammarWord[] = [];
  const tokenOwner: number[] = [];
  const dictionary: string[] = [];
  words.forEach((tokens, word) => {
    if (tokens.length === 0 || !tokens.every((t) => pronunciations.has(t))) return;
    const positions = tokens.map((token) => {
      const position = tokenOwner.length;
      tokenOwner.push(word);
      (pronunciations.get(token) ?? []).forEach((phones, v) => dictionary.push(`${tokenName(position)}${v === 0 ? '' : `(${v + 1})`} ${phones.join(' ')}`));
      return position;
    });
    grammarWords.push({ word, tokens: positions });
  });
  const byWord = new Map(grammarWords.map((g) => [g.word, g]));
  const pieces = planPieces(grammarWords.map((g) => g.word), anchors, info.durationMs, options.maxPieceMs ?? MAX_PIECE_MS).filter((p) => p.words.length > 0);
  if (pieces.length === 0) return { words: result };

  const folder = await makeWorkFolder(options.tempDir ?? tmpdir());
  try {
    const dir = folder.path;
    await symlink(resolve(wavPath), join(dir, 'audio.wav'));
    await writeFile(join(dir, 'run.dict'), `${dictionary.join('\n')}\n`);
    const frames = (p: Piece): [number, number] => [Math.floor(p.startMs / FRAME_MS), Math.ceil(p.endMs / FRAME_MS)];
    await Promise.all(pieces.map((p, i) => writeFile(join(dir, `p${i}.fsg`), pieceGrammar(`p${i}`, p.words.map((w) => byWord.get(w)!), SKIP_PROBABILITY))));
    await writeFile(join(dir, 'ctl'), pieces.map((p, i) => `audio.wav ${frames(p).join(' ')} p${i}\n`).join(''));
    await writeFile(join(dir, 'fsgctl'), pieces.map((_, i) => `p${i}\n`).join(''));
    const args = [
      '-adcin', 'yes', '-adchdr', String(HEADER_BYTES), '-cepdir', dir, '-cepext', '',
      '-ctl', join(dir, 'ctl'), '-fsgctl', join(dir, 'fsgctl'), '-fsgdir', dir, '-fsgext', '.fsg',
      '-hmm', model.hmm, '-dict', join(dir, 'run.dict'), '-hypseg', join(dir, 'hypseg'),
      ...mergeSettings(ALIGN_SETTINGS, ps.settings ?? []),
    ];
    await runProcess(ps.binary ?? DEFAULT_POCKETSPHINX_BINARY, args, {
      errorCode: 'E_ENGINE', name: 'PocketSphinx', startHint: POCKETSPHINX_INSTALL_HINT, signal, path: wavPath,
    });
    const decoded = parseHypseg(await readFile(join(dir, 'hypseg'), 'utf8').catch(() => ''));
    pieces.forEach((piece, i) => {
      const offsetMs = frames(piece)[0] * FRAME_MS;
      placeWords(decoded.get(`p${i}`) ?? [], offsetMs, tokenOwner, byWord, result);
    });
    const frameSamples = (16_000 * ENERGY_FRAME_MS) / 1000;
    const quiet = quietFrames(await readFrameEnergies({ ...info, path: wavPath }, frameSamples), frameSamples);
    return {
      words: result.map((span) => {
        const trimmed = span === null ? null : trimQuietEdges(span, quiet);
        return trimmed === null ? null : { startMs: Math.min(trimmed.startMs, info.durationMs), endMs: Math.min(trimmed.endMs, info.durationMs) };
      }),
    };
  } finally {
    await folder.remove();
  }
}

/** Put the decoded tokens' times on their words; a word is placed only when all its tokens were found. */
function placeWords(segments: readonly HypSegment[], offsetMs: number, tokenOwner: readonly number[], byWord: ReadonlyMap<number, GrammarWord>, result: (AcousticSpan | null)[]): void {
  const found = new Map<number, { startMs: number; endMs: number; count: number }>();
  for (const segment of segments) {
    const token = tokenIndex(segment.word);
    if (token === undefined) continue;
    const word = tokenOwner[token];
    if (word === undefined) continue;
    const startMs = offsetMs + segment.startFrame * FRAME_MS;
    const endMs = offsetMs + segment.endFrame * FRAME_MS;
    const seen = found.get(word);
    found.set(word, seen === undefined ? { startMs, endMs, count: 1 } : { startMs: seen.startMs, endMs, count: seen.count + 1 });
  }
  for (const [word, span] of found) {
    if (span.count === byWord.get(word)?.tokens.length && span.endMs > span.startMs) result[word] = { startMs: span.startMs, endMs: span.endMs };
  }
}

/** `defaults` (`-name value` pairs) with the pairs of `extra` replacing those of the same name, and extra ones appended. */
export function mergeSettings(defaults: readonly string[], extra: readonly string[]): string[] {
  const pairs = new Map<string, string>();
  for (const list of [defaults, extra]) for (let i = 0; i + 1 < list.length; i += 2) pairs.set(list[i]!, list[i + 1]!);
  return [...pairs].flat();
}

function checkAnchors(anchors: readonly AcousticAnchor[], wordCount: number): void {
  let previous = -1;
  for (const anchor of anchors) {
    const valid = Number.isInteger(anchor.word) && anchor.word > previous && anchor.word < wordCount
      && Number.isFinite(anchor.startMs) && Number.isFinite(anchor.endMs) && anchor.endMs >= anchor.startMs;
    if (!valid) throw new DictclipError('E_INVALID_ARGUMENT', `Anchors must be ascending by word, within the ${wordCount} words, with endMs ≥ startMs (word ${anchor.word})`);
    previous = anchor.word;
  }
}
