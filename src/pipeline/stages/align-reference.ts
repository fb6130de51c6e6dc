/**
 * A recording's dictation tied to its reference transcript: the reference words placed in the
 * audio (acoustic alignment of the whole text, or text alignment to the recognized words), given as
 * a DictationResult over the reference text, so clip planning, flags, phrase search and every
 * output work on the reference's own words and offsets.
 */
import type { AcousticAlignment, WordEvidence } from '../../align/acoustic/index.js';
import { alignText, type RecognizedWord, type TextAlignment } from '../../align/text.js';
import { DictclipError } from '../../errors.js';
import { addFlag, firstAtLeast, isPunctuation } from '../../markers/index.js';
import type { DictationResult, WordMarker } from '../../markers/index.js';
import { tokenize } from '../../reference/index.js';
import type { Reference } from '../../reference/index.js';
import type { AlignedWord, AlignmentRecord, Placement } from '../../run-output/alignments.js';
import type { ReferenceAgreement } from '../../run-output/rows.js';

/** The acoustic aligner's interface (src/align/acoustic): per reference word its spoken tokens; per word its times or null. */
export type AcousticAligner = (options: {
  wavPath: string;
  words: readonly (readonly string[])[];
  signal?: AbortSignal;
}) => Promise<AcousticAlignment>;

/** What aligning a reference gives the recording. */
export interface AlignedReference {
  result: DictationResult;
  record: AlignmentRecord;
  /** Text offsets of the `unaligned` words (ascending): clips over them get the `unaligned` flag. */
  unaligned: number[];
}

/**
 * Text alignment: a reference whose words match fewer than this share of its words (and fewer than
 * {@link MISMATCH_MIN_WORDS}) matches nothing.
 */
export const MISMATCH_SHARE = 0.2;
/** Text alignment: a reference with at least this many matched words is never a mismatch. */
export const MISMATCH_MIN_WORDS = 50;
/** Acoustic alignment: a reference of which fewer than this share of the words are found in the audio is not this recording's. */
export const MISMATCH_PLACED_SHARE = 0.5;
/**
 * Acoustic alignment: a reference whose placed words score worse than this a frame against free phone
 * decoding (PocketSphinx log units), and of which fewer than {@link MISMATCH_WELL_FIT_SHARE} of the
 * words are placed fitting well, is not this recording's. Measured: right texts -6 to -23 a frame
 * with 75 to 100 % of their words fitting well (real accented digits, LibriVox and the real-speech
 * set's sentences), -15 to -32 and 59 to 96 % (synthetic voices, the Scottish one the worst), texts
 * mostly right with an unspoken heading, substitutions and noise -8 to -31 and 58 to 96 %; wrong
 * texts (another reading's, digits for prose) -33 to -64 with at most 33 % fitting well, and those
 * with at least half their words placed -43 to -60: a short text can be found whole in a long
 * recording, so how much of it was found does not make it right.
 */
export const MISMATCH_SCORE_PER_FRAME = -38;
export const MISMATCH_WELL_FIT_SHARE = 0.45;
/** An unplaced word is cut at an estimate only when the free audio gives it at least this many ms. */
export const ESTIMATE_MIN_MS = 80;

/**
 * Whether an acoustic alignment of the whole text says the reference is not this recording's
 * (whether or not the recording was dictated): most words found nowhere, or the placed ones fitting the
 * audio far worse than free phone decoding does (see {@link MISMATCH_SCORE_PER_FRAME}).
 */
export function acousticMismatch(fit: AcousticAlignment['fit']): boolean {
  if (fit.placedShare < MISMATCH_PLACED_SHARE) return true;
  return fit.scorePerFrame !== null && fit.scorePerFrame < MISMATCH_SCORE_PER_FRAME && fit.wellFitShare < MISMATCH_WELL_FIT_SHARE;
}

/**
 * Place the words of `reference` in the audio of a recording whose dictation gave `dictation`
 * (undefined: the recording was not dictated, the embedded engine aligns it directly).
 *
 * With acoustic alignment (`align: 'acoustic'`, or not dictated) the whole text is placed in the
 * audio exactly as when nothing was recognized (long audio window by window), and whether the
 * reference belongs to the recording is decided by the acoustic evidence alone
 * ({@link acousticMismatch}): the recognizer's errors never refuse a right text and its times are
 * never taken, so a run that dictated first and was given its texts later places the same words
 * at the same edges as one aligned directly. The dictation then only says what the recognizer
 * made of each word (`heard`, the agreement counts). With text alignment the words take the
 * recognized words' times, and a reference matching (almost) nothing that was heard is refused.
 * @throws DictclipError `E_REFERENCE_MISMATCH` when the text does not fit the audio (acoustic), or
 *   matches (almost) nothing the recognizer heard (text).
 */
export async function alignReference(
  source: string,
  reference: Reference,
  dictation: DictationResult | undefined,
  options: { audioDurationMs: number; align: 'text' | 'acoustic'; acoustic?: AcousticAligner | undefined; wavPath: string; signal?: AbortSignal },
): Promise<AlignedReference> {
  const tokens = tokenize(reference.text);
  const wordTokens = tokens.filter((token) => token.spoken.length > 0);
  const recognized = dictation === undefined ? [] : recognizedWords(dictation);
  const text = dictation === undefined ? undefined : alignText(wordTokens.map((token) => token.spoken), recognized);
  const acoustic = text === undefined || options.align === 'acoustic' ? options.acoustic : undefined;
  const common = { source, reference, tokens, wordTokens, audioDurationMs: options.audioDurationMs };
  if (acoustic === undefined) {
    if (text === undefined) throw new DictclipError('E_INTERNAL', `${source} was not dictated and there is no acoustic aligner`);
    return alignedByText(common, text, recognized.length);
  }
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const placed = await acoustic({ wavPath: options.wavPath, words: wordTokens.map((token) => token.spoken), ...signal });
  if (acousticMismatch(placed.fit)) {
    const perFrame = placed.fit.scorePerFrame === null ? '' : `, scoring ${Math.round(-placed.fit.scorePerFrame)} a frame below free phone decoding`;
    throw new DictclipError('E_REFERENCE_MISMATCH',
      `the reference transcript ${reference.origin} does not fit the audio of ${source}: ${Math.round(100 * placed.fit.placedShare)} % of its ${wordTokens.length} words found${perFrame}: is it the right file?`,
      { path: reference.origin });
  }
  const times = placed.words.map((span) => span ?? null);
  const placements = times.map((span): Placement => (span === null ? 'unaligned' : 'acoustic'));
  const notDictated = { words: wordTokens.length, matched: 0, substituted: 0, unheard: 0, extra: 0, wer: 0, dictated: false as const };
  const agreement = text?.agreement ?? notDictated;
  return finish(common, times, placements, text?.words.map((w) => w.placement), agreement, 'acoustic');
}

/** The recognized words of a dictation (punctuation left out), as spoken tokens with their marker's times. */
function recognizedWords(dictation: DictationResult): RecognizedWord[] {
  return dictation.markers
    .filter((marker) => !isPunctuation(marker.text))
    .map((marker) => ({ spoken: tokenize(marker.text).flatMap((token) => token.spoken), startMs: marker.startMs, endMs: marker.endMs }));
}

/**
 * Text alignment: each reference word takes the times of the recognized words aligned to it.
 * @throws DictclipError `E_REFERENCE_MISMATCH` when the reference matches (almost) nothing of the `heard` recognized words.
 */
function alignedByText(common: Common, text: TextAlignment, heard: number): AlignedReference {
  const { matched, words } = text.agreement;
  if (matched < MISMATCH_MIN_WORDS && matched < MISMATCH_SHARE * Math.min(words, Math.max(heard, 1))) {
    throw new DictclipError(
      'E_REFERENCE_MISMATCH',
      `the reference transcript ${common.reference.origin} matches ${matched} of its ${words} words to what was heard in ${common.source} (${heard} words): is it the right file?`,
      { path: common.reference.origin },
    );
  }
  const times = text.words.map((w) => (w.startMs === undefined ? null : { startMs: w.startMs, endMs: w.endMs! }));
  const placements = text.words.map((w): Placement => (w.placement === 'unheard' ? 'unaligned' : w.placement));
  return finish(common, times, placements, text.words.map((w) => w.placement), text.agreement, 'text');
}

/** What every way of aligning a reference shares: the recording, its reference and the reference's tokens. */
interface Common {
  source: string;
  reference: Reference;
  tokens: ReturnType<typeof tokenize>;
  wordTokens: ReturnType<typeof tokenize>;
  audioDurationMs: number;
}

/** The aligned reference from each word's times (or null) and placement; `heard` per word when the recording was dictated. */
function finish(
  { source, reference, tokens, wordTokens, audioDurationMs }: Common,
  times: readonly ({ startMs: number; endMs: number; evidence?: WordEvidence } | null)[], placements: readonly Placement[],
  heard: readonly NonNullable<AlignedWord['heard']>[] | undefined, agreement: Omit<ReferenceAgreement, 'unaligned'>,
  align: AlignmentRecord['align'],
): AlignedReference {
  const estimates = estimateUnplaced(wordTokens.map((token) => token.textLength), times, audioDurationMs);
  const alignedWords: AlignedWord[] = wordTokens.map((token, i) => {
    const span = times[i] ?? estimates[i] ?? null;
    const evidence = times[i]?.evidence;
    return {
      text: token.text, textStart: token.textStart, textLength: token.textLength,
      startMs: span?.startMs ?? null, endMs: span?.endMs ?? null,
      placement: placements[i]!, ...(heard === undefined ? {} : { heard: heard[i]! }), ...(evidence === undefined ? {} : { evidence }),
    };
  });
  const markers = referenceMarkers(tokens, alignedWords);
  const unaligned = alignedWords.filter((w) => w.placement === 'unaligned').map((w) => w.textStart);
  return {
    result: { transcript: reference.text, markers, collapsed: false, warnings: [] },
    record: {
      version: 1,
      source,
      reference: reference.origin,
      align,
      text: reference.text,
      agreement: { ...agreement, unaligned: unaligned.length },
      words: alignedWords,
    },
    unaligned,
  };
}

/**
 * Best estimates for runs of unplaced words: the free audio between the placed words around the
 * run, shared by the words' lengths, when it holds {@link ESTIMATE_MIN_MS} for each; else none.
 * Every estimate is at least that long: when a share by length would give a short word less,
 * each word gets {@link ESTIMATE_MIN_MS} and the rest is shared by length.
 */
function estimateUnplaced(
  lengths: readonly number[],
  times: readonly ({ startMs: number; endMs: number } | null)[],
  durationMs: number,
): ({ startMs: number; endMs: number } | null)[] {
  const out: ({ startMs: number; endMs: number } | null)[] = lengths.map(() => null);
  let i = 0;
  let previousEnd = 0;
  while (i < times.length) {
    const span = times[i];
    if (span !== null && span !== undefined) {
      previousEnd = Math.max(previousEnd, span.endMs);
      i++;
      continue;
    }
    let j = i;
    while (j < times.length && (times[j] ?? null) === null) j++;
    const nextStart = j < times.length ? times[j]!.startMs : durationMs;
    const free = nextStart - previousEnd;
    if (free >= ESTIMATE_MIN_MS * (j - i)) {
      const run = lengths.slice(i, j);
      const chars = run.reduce((n, l) => n + l, 0);
      // A plain share by length when it gives the shortest word its minimum, else the minimum each plus a share of the rest.
      const floor = (free * Math.min(...run)) / chars >= ESTIMATE_MIN_MS ? 0 : ESTIMATE_MIN_MS;
      const shared = free - floor * (j - i);
      let before = 0;
      for (let k = i; k < j; k++) {
        const startMs = previousEnd + floor * (k - i) + Math.round((shared * before) / chars);
        before += lengths[k]!;
        out[k] = { startMs, endMs: previousEnd + floor * (k - i + 1) + Math.round((shared * before) / chars) };
      }
    }
    i = j;
  }
  return out;
}

/** Markers over the reference text: words at their times (left-out words and punctuation zero-length at the previous word's end). */
function referenceMarkers(tokens: ReturnType<typeof tokenize>, words: readonly AlignedWord[]): WordMarker[] {
  const markers: WordMarker[] = [];
  let w = 0;
  let lastEnd = 0;
  for (const token of tokens) {
    const base = { text: token.text, textStart: token.textStart, textLength: token.textLength };
    const word = token.spoken.length > 0 ? words[w++] : undefined;
    if (word?.startMs !== null && word?.startMs !== undefined && word.endMs !== null) {
      markers.push({ ...base, startMs: word.startMs, endMs: word.endMs });
      lastEnd = word.endMs;
    } else {
      markers.push({ ...base, startMs: lastEnd, endMs: lastEnd });
    }
  }
  return markers;
}

/** `flags` of clips over an unaligned word (text offsets `unaligned`, ascending) get `unaligned` added. */
export function flagUnaligned<T extends { textStart: number; textLength: number; flags: string }>(
  clips: readonly T[],
  unaligned: readonly number[],
): T[] {
  if (unaligned.length === 0) return [...clips];
  return clips.map((clip) => {
    const end = clip.textStart + clip.textLength;
    const i = firstAtLeast(unaligned, clip.textStart, (at) => at);
    return i < unaligned.length && unaligned[i]! < end ? { ...clip, flags: addFlag(clip.flags, 'unaligned') } : clip;
  });
}

/**
 * The result over the reference text that a saved alignment stands for (as {@link alignReference}
 * gave it), with the offsets of its `unaligned` words and of the words left without times;
 * undefined when the record's words are not the words of its text.
 */
export function savedAlignment(record: AlignmentRecord): { result: DictationResult; unaligned: number[]; unplaced: number[] } | undefined {
  const tokens = tokenize(record.text);
  if (tokens.filter((token) => token.spoken.length > 0).length !== record.words.length) return undefined;
  return {
    result: { transcript: record.text, markers: referenceMarkers(tokens, record.words), collapsed: false, warnings: [] },
    unaligned: record.words.filter((w) => w.placement === 'unaligned').map((w) => w.textStart),
    unplaced: record.words.filter((w) => w.startMs === null).map((w) => w.textStart),
  };
}

/**
 * The dictation id of a clip starting at `startMs`: that of the chunk holding it (recordings
 * dictated in chunks), else the first.
 */
export function dictationIdAt(
  dictation: { dictationIds: readonly string[]; chunks?: readonly { startMs: number; endMs: number }[] | undefined },
  startMs: number,
): string {
  const chunks = dictation.chunks ?? [];
  let index = 0;
  for (const [i, chunk] of chunks.entries()) if (chunk.startMs <= startMs) index = i;
  return dictation.dictationIds[index] ?? dictation.dictationIds[0] ?? '';
}
