/** `dictclip review`: a local page over a finished run to listen to its words and correct them. */
export { openReviewRun, listRecordings, readAlignment } from './model.js';
export type { RecordingListEntry, ReviewClip, ReviewRecording, ReviewRun } from './model.js';
export type { RecordingList, RecordingView, SaveBody, StaleAnswer, WordView } from './view.js';
export { startReview } from './server.js';
export type { ReviewServerOptions, RunningReview } from './server.js';
export { CorrectionStore, readRecordingState, revisionOf } from './state.js';
export type { Change, RecordingState, SaveResult } from './state.js';
export { editText, reviewWords, timedWords, wordSpans } from './words.js';
export type { Baseline, ReviewWord, TimedSpan } from './words.js';
