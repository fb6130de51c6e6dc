import { padSpan } from './padding.js';
import { groupPhrases } from './phrases.js';
import { isPunctuation } from './model.js';
import { audioNeighbour, withoutUnheardAudio } from './owned.js';
import type { Span } from './padding.js';
import type { DictationResult, WordMarker } from './model.js';
import type { ClipKind, ClipMode } from '../pipeline/types.js';

/** Options of {@link planClips}; the run defaults come from `RunOptions` (src/pipeline/types.ts). */
export interface ClipPlanOptions {
  /** One clip per word, or per phrase. Ignored for a collapsed result (one utterance clip). Run default: 'word'. */
  mode: ClipMode;
  /** Word mode: also plan clips for punctuation markers. Run default: false. */
  keepPunctuation: boolean;
  /** Padding before each clip, ms, stopped at the midpoint to the previous marker owning audio and at 0. Run default: 0. */
  padBeforeMs: number;
  /** Padding after each clip, ms, stopped at the midpoint to the next marker owning audio and at the audio end. Run default: 0. */
  padAfterMs: number;
  /** Phrase mode: a pause of at least this many ms closes a phrase. Run default: 700. */
  maxGapMs: number;
  /** Phrase mode: a phrase never grows past this many ms (a longer single word stands alone). Run default: 15000. */
  maxPhraseMs: number;
  /** Duration of the dictated audio, ms. */
  audioDurationMs: number;
  /** Keep only clips whose text matches (tested after planning; pass the `i` flag for case-insensitive). @default undefined */
  match?: RegExp | undefined;
}

/** One clip to cut. Times include padding; the cut is at samples round(ms × 16). */
export interface PlannedClip {
  /** Position in the final list of kept clips, from 0. */
  index: number;
  kind: ClipKind;
  /** Marker text (word), transcript slice (phrase, including its punctuation) or the utterance. */
  text: string;
  startMs: number;
  endMs: number;
  /** Character offset of the clip's text in the transcript. */
  textStart: number;
  textLength: number;
}

type Draft = Omit<PlannedClip, 'index' | 'startMs' | 'endMs'> & Span;

/**
 * Plan the clips of a validated dictation result: per word (punctuation skipped unless
 * `keepPunctuation`), per phrase (see `groupPhrases`), or one `utterance` clip for a collapsed
 * result. Punctuation the engine did not hear owns no audio first (`withoutUnheardAudio`). Spans
 * are padded (`padSpan`) up to the nearest neighbours that own audio (zero-length markers do not
 * stop padding), clips whose unpadded span is empty (`endMs ≤ startMs`) are dropped, then `match`
 * filters by text and `index` numbers the kept clips.
 */
export function planClips(result: DictationResult, options: ClipPlanOptions): PlannedClip[] {
  const markers = withoutUnheardAudio(result.markers, options.audioDurationMs);
  const drafts = result.collapsed
    ? utteranceDrafts(markers)
    : options.mode === 'phrase'
      ? phraseDrafts({ ...result, markers }, options)
      : wordDrafts(markers, options.keepPunctuation);
  const clips: PlannedClip[] = [];
  for (const draft of drafts) {
    if (draft.endMs <= draft.startMs) continue;
    if (options.match !== undefined && draft.text.search(options.match) === -1) continue;
    const { startMs, endMs } = padSpan(draft, options);
    clips.push({
      index: clips.length,
      kind: draft.kind,
      text: draft.text,
      startMs,
      endMs,
      textStart: draft.textStart,
      textLength: draft.textLength,
    });
  }
  return clips;
}

function fromMarker(kind: ClipKind, marker: WordMarker, previous?: WordMarker, next?: WordMarker): Draft {
  return {
    kind,
    text: marker.text,
    textStart: marker.textStart,
    textLength: marker.textLength,
    startMs: marker.startMs,
    endMs: marker.endMs,
    previous,
    next,
  };
}

function utteranceDrafts(markers: readonly WordMarker[]): Draft[] {
  const [marker] = markers;
  return marker === undefined ? [] : [fromMarker('utterance', marker)];
}

function wordDrafts(markers: readonly WordMarker[], keepPunctuation: boolean): Draft[] {
  const drafts: Draft[] = [];
  for (const [i, marker] of markers.entries()) {
    if (!keepPunctuation && isPunctuation(marker.text)) continue;
    drafts.push(fromMarker('word', marker, audioNeighbour(markers, i, -1), audioNeighbour(markers, i, 1)));
  }
  return drafts;
}

function phraseDrafts(result: DictationResult, options: ClipPlanOptions): Draft[] {
  const { markers, transcript } = result;
  return groupPhrases(markers, options).flatMap((group): Draft[] => {
    const first = markers[group.first];
    const last = markers[group.last];
    if (first === undefined || last === undefined) return [];
    const textEnd = last.textStart + last.textLength;
    return [{
      kind: 'phrase',
      text: transcript.slice(first.textStart, textEnd),
      textStart: first.textStart,
      textLength: textEnd - first.textStart,
      startMs: group.startMs,
      endMs: group.endMs,
      previous: audioNeighbour(markers, group.first, -1),
      next: audioNeighbour(markers, group.lastWord, 1),
    }];
  });
}
