/** Timed transcripts per recording: the word-level JSON, subtitles (WebVTT, SubRip) and Praat TextGrids. Pure. */
export { TIMED_VERSION, timedTranscript } from './model.js';
export type { TimedInput, TimedPhrase, TimedTranscript, TimedWord } from './model.js';
export { SUBTITLE_LEVELS, subtitleCues, toSubRip, toWebVtt } from './cues.js';
export type { Cue, CueOptions, SubtitleLevel } from './cues.js';
export { tierIntervals, toTextGrid } from './textgrid.js';
export type { Interval } from './textgrid.js';
export { SUBTITLE_FORMATS, SUBTITLE_RENDERERS } from './subtitles.js';
export type { SubtitleFormat } from './subtitles.js';
export { clockTime } from './clock.js';
export { hasShortLines, keepsLineBreaks, LINE_BREAK_MODES, SHORT_LINE_CHARS, textLines } from './lines.js';
export type { LineBreakMode, TextLine } from './lines.js';
