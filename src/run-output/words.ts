/**
 * The words a recording's clips point into. A manifest row's `text_start`/`text_length` index the
 * text its recording was cut from: the reference (`alignments/<source>.json`) when the run had
 * one for it, else the dictated transcript (`markers/<source>.json`). Every reader that turns
 * offsets into words (report, review, exports, subtitles, merge) asks here, so none can match
 * offsets against the wrong text.
 */
import { firstAtLeast } from '../markers/search.js';
import { readAlignment, type AlignmentRecord } from './alignments.js';
import { readMarkersFile } from './markers-file.js';

/** One word (or, from a dictation, punctuation token) over the text, at its times in the work audio. */
export interface TextWord {
  text: string;
  textStart: number;
  textLength: number;
  /** ms; null for a reference word left without times. */
  startMs: number | null;
  endMs: number | null;
}

/** The text a recording's clip offsets index, and its words in text order. */
export type RecordingWords =
  /** From alignments/<source>.json: `alignment` is the record read, for a reader that needs more of it (how each word was heard). */
  | { from: 'reference'; text: string; words: TextWord[]; alignment: AlignmentRecord }
  /** From markers/<source>.json. */
  | { from: 'dictation'; text: string; words: TextWord[] };

/**
 * The words of `source`'s clip offsets: its reference words when it was cut from a reference,
 * else its dictated markers; undefined when the run saved neither.
 * @throws DictclipError `E_RUN_FILE_INVALID` for a side file of another version or shape.
 */
export async function recordingWords(outDir: string, source: string): Promise<RecordingWords | undefined> {
  const alignment = await readAlignment(outDir, source);
  if (alignment !== undefined) {
    const words = alignment.words.map((w) => ({
      text: w.text,
      textStart: w.textStart,
      textLength: w.textLength,
      startMs: w.startMs,
      endMs: w.endMs,
    }));
    return { from: 'reference', text: alignment.text, words, alignment };
  }
  const markers = await readMarkersFile(outDir, source);
  if (markers === undefined) return undefined;
  const words = markers.markers.map((m) => ({
    text: m.text,
    textStart: m.textStart,
    textLength: m.textLength,
    startMs: m.startMs,
    endMs: m.endMs,
  }));
  return { from: 'dictation', text: markers.transcript, words };
}

/**
 * The words a clip holds: those starting inside its text span `[textStart, textStart + textLength)`,
 * in text order (binary search: the words are in text order).
 */
export function clipWords<W extends Pick<TextWord, 'textStart'>>(
  words: readonly W[],
  span: { textStart: number; textLength: number },
): W[] {
  const end = span.textStart + span.textLength;
  const out: W[] = [];
  const first = firstAtLeast(words, span.textStart, (w) => w.textStart);
  for (let i = first; i < words.length && words[i]!.textStart < end; i++) out.push(words[i]!);
  return out;
}
