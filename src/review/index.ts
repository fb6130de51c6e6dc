/** `dictclip review`: a local page over a finished run to listen to its words and correct them. */
export { openReviewRun, reviewAlignment } from './model.js';
export type { ReviewRecording, ReviewRun } from './model.js';
export type { DoubtSummary, RecordingList, RecordingListEntry, RecordingView, ReviewClip, SaveBody, StaleAnswer, WordChange, WordEditView, WordView } from './view.js';
export { listRecordings } from './list.js';
export { applyChange, applyEdits, BadChange, editsAfterText } from './edits.js';
export type { EditedWord, EditState, WordEdit } from './edits.js';
export { DOUBT_BELOW, DOUBT_FLAGS, doubtOf, summarize } from './doubt.js';
export type { DoubtClip } from './doubt.js';
export { startReview } from './server.js';
export type { ReviewServerOptions, RunningReview } from './server.js';
export { CorrectionStore, readRecordingState, revisionOf } from './state.js';
export type { Change, RecordingState, SaveResult } from './state.js';
export { editText, reviewWords, timedWords, wordSpans } from './words.js';
export type { Baseline, ReviewWord, TimedSpan } from './words.js';
