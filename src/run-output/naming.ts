import path from 'node:path';
import { sha256 } from '../files.js';
import { CLIPS_DIR, INTERNAL_DIR, LISTEN_DIR, MARKERS_DIR, PEAKS_DIR, STATE_DIR, TRANSCRIPTS_DIR, ALIGNMENTS_DIR, CORRECTIONS_DIR, SUBTITLE_EXTS, TIMED_TRANSCRIPT_EXT } from './layout.js';
import { resolveInside } from './safe-path.js';

/**
 * Turn text into a file-name-safe slug: NFKD, diacritics stripped, lowercase, every run of
 * characters other than `[a-z0-9]` replaced by `_`, trimmed of `_`, at most `max` characters;
 * an empty result becomes `clip`.
 */
export function slugify(text: string, max = 40): string {
  return slugCore(text, max) || 'clip';
}

function slugCore(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
}

/** Clip file name `<NNNNN>_<slug>.wav` (5-digit zero-padded index, slug of the clip text). */
export function clipFileName(index: number, text: string): string {
  return `${String(index).padStart(5, '0')}_${slugify(text)}.wav`;
}

/**
 * The key of a recording, used for its clip folder, state file and work files:
 * `<sanitized relPath without extension, '/' → '__', max 80 chars>-<first 8 hex of sha256(relPath)>`.
 * Safe on every OS (only `[a-z0-9_-]`), never `.`/`..`, and distinct relPaths get distinct keys
 * through the hash.
 */
export function recordingKey(relPath: string): string {
  const withoutExt = relPath.slice(0, relPath.length - path.posix.extname(relPath).length);
  const readable = withoutExt
    .split('/')
    .map((segment) => slugCore(segment, 80))
    .filter((segment) => segment !== '')
    .join('__')
    .slice(0, 80)
    .replace(/^_+|_+$/g, '');
  const hash = sha256(relPath).slice(0, 8);
  return `${readable || 'clip'}-${hash}`;
}

/** Absolute clip folder of a recording: `<outDir>/clips/<recordingKey>` (checked to stay inside outDir). */
export function clipDir(outDir: string, relPath: string): string {
  return resolveInside(outDir, CLIPS_DIR, recordingKey(relPath));
}

/** `<outDir>/transcripts/<relPath>.txt`, e.g. `transcripts/a/b.wav.txt` (checked to stay inside). */
export function transcriptPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, TRANSCRIPTS_DIR, relPath, '.txt');
}

/** `<outDir>/transcripts/<relPath>.json`: the timed transcript (words and phrases with times), e.g. `transcripts/a/b.wav.json`. */
export function timedTranscriptPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, TRANSCRIPTS_DIR, relPath, TIMED_TRANSCRIPT_EXT);
}

/** `<outDir>/transcripts/<relPath>.vtt` (`.srt`, `.TextGrid`): a subtitle file of the recording (checked to stay inside). */
export function subtitlePath(outDir: string, relPath: string, format: keyof typeof SUBTITLE_EXTS): string {
  return mirroredPath(outDir, TRANSCRIPTS_DIR, relPath, SUBTITLE_EXTS[format]);
}

/** `<outDir>/markers/<relPath>.json` (checked to stay inside). The source's own extension is kept so
 * `a.wav` and `a.mp3` in one folder never share a file. */
export function markersPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, MARKERS_DIR, relPath, '.json');
}

/** `<outDir>/.dictclip/peaks/<recordingKey>.peaks`: the waveform peaks the QA report draws. */
export function peaksPath(outDir: string, relPath: string): string {
  return resolveInside(outDir, INTERNAL_DIR, PEAKS_DIR, `${recordingKey(relPath)}.peaks`);
}

/**
 * `<outDir>/.dictclip/listen/<recordingKey>.wav`: the review's playable copy of a source a browser
 * cannot play; `<recordingKey>.<channel>.wav` when the run kept one `channel` (a copy of another
 * channel is never taken for it).
 */
export function listenPath(outDir: string, relPath: string, channel?: string): string {
  return resolveInside(outDir, INTERNAL_DIR, LISTEN_DIR, `${recordingKey(relPath)}${channel === undefined ? '' : `.${channel}`}.wav`);
}

/** `<outDir>/alignments/<relPath>.json`: a recording's reference words and where they were placed (checked to stay inside). */
export function alignmentsPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, ALIGNMENTS_DIR, relPath, '.json');
}

/** `<outDir>/corrections/<relPath>.txt`: the transcript as corrected by `dictclip review` (checked to stay inside). */
export function correctionPath(outDir: string, relPath: string): string {
  return mirroredPath(outDir, CORRECTIONS_DIR, relPath, '.txt');
}

/** `<outDir>/.dictclip/state/<key>.json`: the saved resume state of the recording with {@link recordingKey} `key`. */
export function statePath(outDir: string, key: string): string {
  return resolveInside(outDir, INTERNAL_DIR, STATE_DIR, `${key}.json`);
}

/** An internal folder of the run: `<outDir>/.dictclip/<name>` (work audio, embedded service data …). */
export function internalDir(outDir: string, name: string): string {
  return path.resolve(outDir, INTERNAL_DIR, name);
}

function mirroredPath(outDir: string, folder: string, relPath: string, ext: string): string {
  const base = resolveInside(outDir, folder);
  return resolveInside(base, ...`${relPath}${ext}`.split('/'));
}
