/** The timed-transcript files a run can write per recording (`subtitles`), one renderer per format in one table. */
import { subtitleCues, toSubRip, toWebVtt } from './cues.js';
import type { SubtitleLevel } from './cues.js';
import type { TimedTranscript } from './model.js';
import { toTextGrid } from './textgrid.js';

export const SUBTITLE_FORMATS = ['vtt', 'srt', 'textgrid'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

/** Each format's file content from a timed transcript (`level` for the cue formats; a TextGrid has both tiers). */
export const SUBTITLE_RENDERERS: Readonly<Record<SubtitleFormat, (timed: TimedTranscript, level: SubtitleLevel) => string>> = {
  vtt: (timed, level) => toWebVtt(subtitleCues(timed, level)),
  srt: (timed, level) => toSubRip(subtitleCues(timed, level)),
  textgrid: (timed) => toTextGrid(timed),
};
