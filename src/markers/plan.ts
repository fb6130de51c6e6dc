import { findPhrases } from './find.js';
import { padWithCount } from './padding.js';
import { snapPlan } from './snap-window.js';
import type { SnapWindow } from './snap-window.js';
import { groupPhrases } from './phrases.js';
import { isPunctuation, wholeMsEnd } from './model.js';
import { audioNeighbour, withoutUnheardAudio } from './owned.js';
import type { PadMode, Span } from './padding.js';
import type { DictationResult, WordMarker } from './model.js';

/** One clip per word, or per phrase (the run's `mode`). */
export type ClipMode = 'word' | 'phrase';
/** What a planned clip holds: a word, a phrase, a collapsed utterance, or a `--find` match. */
export type ClipKind = 'word' | 'phrase' | 'utterance' | 'match';

/** Options of {@link planClips}; the run defaults come from `RunOptions` (src/config/options.ts). */
export interface ClipPlanOptions {
  /** One clip per word, or per phrase. Ignored for a collapsed result (one utterance clip). Run default: 'word'. */
  mode: ClipMode;
  /** Word mode: also plan clips for punctuation markers. Run default: false. */
  keepPunctuation: boolean;
  /** Padding before each clip, ms, stopped at the midpoint to the previous marker owning audio and at 0. Run default: 0. */
  padBeforeMs: number;
  /** Padding after each clip, ms, stopped at the midpoint to the next marker owning audio and at the audio end. Run default: 0. */
  padAfterMs: number;
  /**
   * `clamp`: padding stops at the midpoint to a neighbouring word; `overlap`: it runs into neighbours (only the audio stops it). @default
   * 'clamp'
   */
  padMode?: PadMode | undefined;
  /** Phrase mode: a pause of at least this many ms closes a phrase. Run default: 700. */
  maxGapMs: number;
  /** Phrase mode: a phrase never grows past this many ms (a longer single word stands alone). Run default: 15000. */
  maxPhraseMs: number;
  /** Duration of the dictated audio, ms; clips end at most at its last whole ms (`wholeMsEnd`). */
  audioDurationMs: number;
  /** Keep only clips whose text matches (tested after planning; pass the `i` flag for case-insensitive). @default undefined */
  match?: RegExp | undefined;
  /**
   * Phrase search: when non-empty, only the occurrences of these phrases are planned (kind `match`, see `findPhrases`). @default undefined
   */
  find?: readonly string[] | undefined;
  /** Phrase search: words of context added on each side of a match. @default 0 */
  contextWords?: number | undefined;
  /**
   * When above 0, each clip gets the window its edges may snap within (see `snapPlan`: a boundary shared with a touching word moves for
   * both clips). @default 0
   */
  snapMs?: number | undefined;
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
  /** Present when `snapMs` > 0. */
  snap?: SnapWindow;
  /** Edges (1 or 2) whose padding a neighbouring word cut short; absent when none. */
  paddingClamped?: number;
}

export type { SnapWindow };

/** A clip before padding: its span, neighbours, and its own first and last markers owning audio. */
type Draft = Omit<PlannedClip, 'index' | 'startMs' | 'endMs' | 'snap' | 'paddingClamped'> & Span & { head: WordMarker; tail: WordMarker };

/**
 * Plan the clips of a validated dictation result: per word (punctuation skipped unless
 * `keepPunctuation`), per phrase (see `groupPhrases`), or one `utterance` clip for a collapsed
 * result. Punctuation the engine did not hear owns no audio first (`withoutUnheardAudio`). Spans
 * are padded (`padSpan`) up to the nearest neighbours that own audio (zero-length markers do not
 * stop padding), clips whose unpadded span is empty (`endMs ≤ startMs`) are dropped, then `match`
 * filters by text and `index` numbers the kept clips. Every time is a whole ms (see `wholeMsEnd`).
 */
export function planClips(result: DictationResult, given: ClipPlanOptions): PlannedClip[] {
  const options = { ...given, audioDurationMs: wholeMsEnd(given.audioDurationMs) };
  const markers = withoutUnheardAudio(result.markers, options.audioDurationMs);
  const drafts = (options.find?.length ?? 0) > 0
    ? findDrafts({ ...result, markers }, options.find ?? [], options.contextWords ?? 0)
    : result.collapsed
    ? utteranceDrafts(markers)
    : options.mode === 'phrase'
      ? phraseDrafts({ ...result, markers }, options)
      : wordDrafts(markers, options.keepPunctuation);
  const clips: PlannedClip[] = [];
  for (const draft of drafts) {
    if (draft.endMs <= draft.startMs) continue;
    if (options.match !== undefined && draft.text.search(options.match) === -1) continue;
    const padded = padWithCount(draft, options);
    const snapMs = options.snapMs ?? 0;
    const edges = snapMs > 0 ? snapPlan(draft, padded, { ...options, snapMs }) : { startMs: padded.startMs, endMs: padded.endMs };
    clips.push({
      index: clips.length,
      kind: draft.kind,
      text: draft.text,
      ...edges,
      textStart: draft.textStart,
      textLength: draft.textLength,
      ...(padded.clampedEdges > 0 ? { paddingClamped: padded.clampedEdges } : {}),
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
    head: marker,
    tail: marker,
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
  return groupPhrases(result.markers, options).flatMap((group) =>
    spanDraft('phrase', result, group.first, group.last, { startMs: group.startMs, endMs: group.endMs }, group.lastWord));
}

/**
 * A clip over markers `first`..`last`: its text is the transcript from the first to the last
 * token, its audio `span`, its neighbours the nearest markers owning audio before `first` and after `lastWord`.
 */
function spanDraft(
  kind: ClipKind,
  result: DictationResult,
  first: number,
  last: number,
  span: { startMs: number; endMs: number },
  lastWord: number,
): Draft[] {
  const { markers, transcript } = result;
  const head = markers[first];
  const tail = markers[last];
  const tailWord = markers[lastWord];
  if (head === undefined || tail === undefined || tailWord === undefined) return [];
  const textEnd = tail.textStart + tail.textLength;
  return [{
    kind,
    text: transcript.slice(head.textStart, textEnd),
    textStart: head.textStart,
    textLength: textEnd - head.textStart,
    ...span,
    previous: audioNeighbour(markers, first, -1),
    next: audioNeighbour(markers, lastWord, 1),
    head,
    tail: tailWord,
  }];
}

/** The phrase-search clips: each match spans its words (punctuation between them included in the text). */
function findDrafts(result: DictationResult, phrases: readonly string[], contextWords: number): Draft[] {
  const { markers } = result;
  return findPhrases(markers, phrases, contextWords).matches.flatMap((match) => {
    const startMs = markers[match.first]?.startMs ?? 0;
    let endMs = startMs;
    for (const marker of markers.slice(match.first, match.last + 1)) {
      if (!isPunctuation(marker.text)) endMs = Math.max(endMs, marker.endMs);
    }
    return spanDraft('match', result, match.first, match.last, { startMs, endMs }, match.last);
  });
}
