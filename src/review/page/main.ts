/**
 * The dictclip review page, bundled into one script (scripts/build-pages.mjs) that the review
 * server serves as /page/review.js: the recordings (review.ts), listening (playback.ts), correcting (edit.ts).
 */
import { installEditing } from './edit.js';
import { createReview } from './review.js';

installEditing(createReview());
