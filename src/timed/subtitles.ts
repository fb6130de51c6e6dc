/** The timed-transcript files a run can write per recording (`subtitles`), one renderer per format in one table. */
import { subtitleCues, toSubRip, toWebVtt } from './cues.js';
import type { CueOptions } from './cues.js';
import type { TimedTranscript } from './model.js';
import { toTextGrid } from './textgrid.js';

export const SUBTITLE_FORMATS = ['vtt', 'srt', 'textgrid'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

/** Each format's file content from a timed transcript (`cues` for the cue formats; a TextGrid has both tiers, unwrapped). */
export const SUBTITLE_RENDERERS: Readonly<Record<SubtitleFormat, (timed: TimedTranscript, cues: CueOptions) => string>> = {
  vtt: (timed, cues) => toWebVtt(subtitleCues(timed, cues)),
  srt: (timed, cues) => toSubRip(subtitleCues(timed, cues)),
  textgrid: (timed) => toTextGrid(timed),
};
