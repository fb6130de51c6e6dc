/**
 * A person's word edits (dictclip review: `corrections/<source>.words.json`, src/run-output/corrections.ts)
 * laid over a recording's aligned reference (pure): a word whose offsets an edit names takes the
 * edit's times as they are (placement `edited`) and its `verified` mark; the clips over edited
 * words keep those edges (no snapping), and a clip whose every word is verified gets the flag `verified`.
 */
import { addFlag, firstAtLeast } from '../../markers/index.js';
import type { AlignedWord } from '../../run-output/alignments.js';
import type { WordEdit } from '../../run-output/corrections.js';
import { savedAlignment } from './align-reference.js';
import type { AlignedReference } from './align-reference.js';

/**
 * `aligned` with `edits` applied: each edit whose `textStart` and `textLength` are those of a
 * reference word sets that word's times (both, exactly; an end past the audio's `audioMs` is the
 * audio's end, a start at or past it leaves the word as it was) and `verified`. Edits naming no
 * reference word are counted in `unmatched`.
 */
export function withWordEdits(
  aligned: AlignedReference,
  edits: readonly WordEdit[],
  audioMs: number,
): { aligned: AlignedReference; unmatched: number } {
  if (edits.length === 0) return { aligned, unmatched: 0 };
  const byStart = new Map(edits.map((edit) => [edit.textStart, edit]));
  let matched = 0;
  const words = aligned.record.words.map((word): AlignedWord => {
    const edit = byStart.get(word.textStart);
    if (edit === undefined || edit.textLength !== word.textLength) return word;
    matched += 1;
    const out: AlignedWord = { ...word };
    if (edit.startMs !== undefined && edit.endMs !== undefined && edit.startMs < audioMs) {
      Object.assign(out, { startMs: edit.startMs, endMs: Math.min(edit.endMs, audioMs), placement: 'edited' });
    }
    if (edit.verified === true) out.verified = true;
    else delete out.verified;
    return out;
  });
  const record = { ...aligned.record, words };
  const saved = savedAlignment(record);
  if (saved === undefined) return { aligned, unmatched: edits.length }; // not reached: the words are the record's own
  const agreement = { ...record.agreement, unaligned: saved.unaligned.length };
  return {
    aligned: { result: saved.result, record: { ...record, agreement }, unaligned: saved.unaligned },
    unmatched: edits.length - matched,
  };
}

/** A clip: its text span, flags and optional snap window. */
interface EditableClip {
  textStart: number;
  textLength: number;
  flags: string;
  snap?: unknown;
}

/**
 * The clips with `verified` added where every reference word of the clip is verified, and the
 * snap window dropped where a word of the clip was edited (its edges are a person's, used as set).
 */
export function markEditedClips<T extends EditableClip>(clips: readonly T[], words: readonly AlignedWord[]): T[] {
  if (!words.some((w) => w.verified === true || w.placement === 'edited')) return [...clips];
  return clips.map((clip) => {
    const end = clip.textStart + clip.textLength;
    let i = firstAtLeast(words, clip.textStart, (w) => w.textStart);
    let all = true;
    let any = false;
    let edited = false;
    for (; i < words.length && words[i]!.textStart < end; i++) {
      any = true;
      if (words[i]!.verified !== true) all = false;
      if (words[i]!.placement === 'edited') edited = true;
    }
    let out = clip;
    if (any && all) out = { ...out, flags: addFlag(out.flags, 'verified') };
    if (edited && out.snap !== undefined) {
      out = { ...out };
      delete out.snap;
    }
    return out;
  });
}

/** A person checked every word of a `verified` clip: the model's doubt (`low-confidence`) does not stand against it. */
export function trustVerified<T extends { flags: string }>(clips: readonly T[]): T[] {
  return clips.map((clip) => {
    const tokens = clip.flags.split(' ');
    return tokens.includes('verified') && tokens.includes('low-confidence')
      ? { ...clip, flags: tokens.filter((t) => t !== 'low-confidence').join(' ') }
      : clip;
  });
}
