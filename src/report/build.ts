/**
 * Build `<out>/report/`: a static page that opens from file:// with no server and no network.
 * index.html, report.css and the page scripts (format.js, overview.js, flags.js, wave.js, player.js, report.js) are
 * copied from src/report/page/; data.js holds the run (one global); rec/<key>.js holds one recording's transcript, markers and waveform peaks and is
 * loaded by the page only when that recording scrolls into view. Audio is never copied: clips and
 * source recordings are linked relative to the report folder.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DictclipError } from '../errors.js';
import { REPORT_DIR } from '../run-output/layout.js';
import { STAGES } from '../run-output/rows.js';
import { CLIP_FLAG_MEANINGS } from '../markers/index.js';
import { readReportModel, type ReportModel, type ReportRecording } from './model.js';

/** The page's static files, next to this module's source (also shipped with the package). */
export const PAGE_DIR = fileURLToPath(new URL('../../src/report/page/', import.meta.url));
const PAGE_FILES = ['index.html', 'report.css', 'format.js', 'overview.js', 'flags.js', 'wave.js', 'player.js', 'report.js'] as const;

/**
 * Source formats Chromium and Firefox play natively, with the content type to serve them as;
 * other sources get no recording-level link (the report) and no source audio (the review page).
 */
export const PLAYABLE_AUDIO: ReadonlyMap<string, string> = new Map([
  ['.wav', 'audio/wav'], ['.mp3', 'audio/mpeg'], ['.ogg', 'audio/ogg'], ['.oga', 'audio/ogg'], ['.opus', 'audio/ogg'],
  ['.flac', 'audio/flac'], ['.m4a', 'audio/mp4'], ['.aac', 'audio/aac'], ['.mp4', 'audio/mp4'], ['.webm', 'audio/webm'],
]);

/** A relative URL from the report folder to `file` (each path segment percent-encoded). */
export function relativeHref(reportDir: string, file: string): string {
  return path.relative(reportDir, file).split(path.sep).map(encodeURIComponent).join('/');
}

/** The common folder (with a trailing `/`) of every clip of a recording, or '' when they differ. */
function clipFolder(recording: ReportRecording): string {
  const first = recording.clips[0]?.fileName ?? '';
  const folder = first.slice(0, first.lastIndexOf('/') + 1);
  return recording.clips.every((c) => c.fileName.startsWith(folder) && !c.fileName.slice(folder.length).includes('/')) ? folder : '';
}

function durationOf(recording: ReportRecording): number {
  const peaksMs = recording.peaks?.durationMs ?? 0;
  const markerEnd = (recording.markers?.markers ?? []).reduce((end, m) => Math.max(end, m[3]), 0);
  const clipEnd = recording.clips.reduce((end, c) => Math.max(end, c.endMs), 0);
  return Math.round(Math.max(peaksMs, markerEnd, clipEnd));
}

/**
 * data.js: `window.DICTCLIP_REPORT = {...}`: `summary` (summary.json), `stages` (every stage in
 * processing order), `flags` (each flag token and its meaning, in the order a `flags` value lists
 * them), `failures` as [source, stage, code, message], `recordings`. Per recording: `s` source, `k` key, `d` clip folder,
 * `a` source audio href ('' when not playable), `ms` duration, `f` 1 when it failed, `r` 1 when
 * rec/<key>.js exists, `c` clips as [name inside d, text, startMs, endMs, flags].
 */
export function dataScript(model: ReportModel, reportDir: string): string {
  const recordings = model.recordings.map((r) => {
    const d = clipFolder(r);
    const a = r.sourcePath !== undefined && PLAYABLE_AUDIO.has(path.extname(r.sourcePath).toLowerCase()) ? relativeHref(reportDir, r.sourcePath) : '';
    return {
      s: r.source, k: r.key, d, a, ms: durationOf(r), f: r.failed ? 1 : 0, r: hasRecFile(r) ? 1 : 0,
      c: r.clips.map((c) => [c.fileName.slice(d.length), c.text, c.startMs, c.endMs, c.flags]),
    };
  });
  const data = { summary: model.summary, stages: STAGES, flags: CLIP_FLAG_MEANINGS, failures: model.failures.map((f) => [f.source, f.stage, f.code, f.message]), recordings };
  return `window.DICTCLIP_REPORT = ${JSON.stringify(data)};\n`;
}

function hasRecFile(r: ReportRecording): boolean {
  return r.markers !== undefined || r.peaks !== undefined;
}

/** rec/<key>.js: `DICTCLIP_REC(key, { t: transcript, m: markers, p: { r, ms, b64 } })`. */
export function recordingScript(r: ReportRecording): string {
  const p = r.peaks === undefined ? null : {
    r: r.peaks.bucketsPerSecond, ms: r.peaks.durationMs,
    b64: Buffer.from(r.peaks.minMax.buffer, r.peaks.minMax.byteOffset, r.peaks.minMax.length).toString('base64'),
  };
  const body = { t: r.markers?.transcript ?? '', m: r.markers?.markers ?? [], p };
  return `window.DICTCLIP_REC(${JSON.stringify(r.key)}, ${JSON.stringify(body)});\n`;
}

/**
 * Build `<outDir>/report/` from the run output in `outDir` and return the path of its index.html.
 * The folder is written beside the old one and swapped in, so a reader never sees a half-built report.
 * @throws DictclipError E_INPUT (not a run output, unreadable files) or E_OUTPUT.
 */
export async function buildReport(outDir: string): Promise<string> {
  const model = await readReportModel(outDir);
  const reportDir = path.join(model.outDir, REPORT_DIR);
  const temp = path.join(model.outDir, `.report-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(path.join(temp, 'rec'), { recursive: true });
    for (const name of PAGE_FILES) await copyFile(path.join(PAGE_DIR, name), path.join(temp, name));
    await writeFile(path.join(temp, 'data.js'), dataScript(model, reportDir));
    for (const r of model.recordings) {
      if (hasRecFile(r)) await writeFile(path.join(temp, 'rec', `${r.key}.js`), recordingScript(r));
    }
    await rm(reportDir, { recursive: true, force: true });
    await rename(temp, reportDir);
  } catch (cause) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw new DictclipError('E_OUTPUT', `cannot write the report ${reportDir}: ${(cause as Error).message}`, { path: reportDir, cause });
  }
  return path.join(reportDir, 'index.html');
}
