/**
 * Build `<out>/report/`: a static page that opens from file:// with no server and no network.
 * index.html holds everything but the recordings' details: src/report/page/index.html with the
 * page's style (report.css), the run ({@link ReportData}, a JSON element) and the page script
 * (src/report/page/*.ts, bundled into dist/pages/report.js by `npm run build`) put inside it.
 * rec/<key>.js holds one recording's transcript, markers and waveform peaks and is loaded by the
 * page only when that recording scrolls into view. Audio is never copied: clips and source
 * recordings are linked relative to the report folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DictclipError } from '../errors.js';
import { REPORT_DIR } from '../run-output/layout.js';
import { STAGES } from '../run-output/rows.js';
import { CLIP_FLAG_MEANINGS, NOTE_FLAGS } from '../markers/index.js';
import { clipColumns, DETAIL_EVENT, markerColumns, type RecordingDetail, type ReportData } from './data.js';
import { readReportModel, type ReportModel, type ReportRecording } from './model.js';

/** The page's static files, next to this module's source (also shipped with the package). */
export const PAGE_DIR = fileURLToPath(new URL('../../src/report/page/', import.meta.url));
/** The bundled page scripts (`npm run build`: scripts/build-pages.mjs), from src/ and from dist/ alike. */
export const PAGE_BUNDLE_DIR = fileURLToPath(new URL('../../dist/pages/', import.meta.url));

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
  const markerEnd = (recording.markers?.markers ?? []).reduce((end, m) => Math.max(end, m.endMs), 0);
  const clipEnd = recording.clips.reduce((end, c) => Math.max(end, c.endMs), 0);
  return Math.round(Math.max(peaksMs, markerEnd, clipEnd));
}

/** The run as the page reads it ({@link ReportData}). */
export function reportData(model: ReportModel, reportDir: string): ReportData {
  const recordings = model.recordings.map((r) => {
    const folder = clipFolder(r);
    const audio =
      r.sourcePath !== undefined && PLAYABLE_AUDIO.has(path.extname(r.sourcePath).toLowerCase())
        ? relativeHref(reportDir, r.sourcePath)
        : '';
    return {
      source: r.source,
      key: r.key,
      clipFolder: folder,
      audioHref: audio,
      durationMs: durationOf(r),
      failed: r.failed,
      hasDetail: hasDetail(r),
      clips: clipColumns(
        r.clips.map((c) => ({
          file: c.fileName.slice(folder.length),
          text: c.text,
          startMs: c.startMs,
          endMs: c.endMs,
          flags: c.flags,
          confidence: c.confidence,
        })),
      ),
    };
  });
  return {
    summary: model.summary,
    stages: STAGES,
    flags: CLIP_FLAG_MEANINGS,
    notes: [...NOTE_FLAGS],
    failures: model.failures.map((f) => ({ ...f })),
    recordings,
  };
}

/** JSON safe inside an HTML element: no `<` (so no `</script>` and no `<!--`). */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** index.html: the page's template with its style, the run's data and the page script inside. */
export async function reportHtml(model: ReportModel, reportDir: string): Promise<string> {
  const [template, css, script] = await Promise.all([
    readFile(path.join(PAGE_DIR, 'index.html'), 'utf8'), readFile(path.join(PAGE_DIR, 'report.css'), 'utf8'),
    readFile(path.join(PAGE_BUNDLE_DIR, 'report.js'), 'utf8'),
  ]);
  const parts: Record<string, string> = { CSS: css, DATA: jsonForHtml(reportData(model, reportDir)), SCRIPT: script };
  return template.replace(/\/\*\{\{(CSS|DATA|SCRIPT)\}\}\*\//g, (_, name: string) => parts[name] ?? '');
}

function hasDetail(r: ReportRecording): boolean {
  return r.markers !== undefined || r.peaks !== undefined;
}

/** rec/<key>.js: hands the page the recording's {@link RecordingDetail} (a DOM event: file:// loads no data otherwise). */
export function recordingScript(r: ReportRecording): string {
  const peaks = r.peaks === undefined ? null : {
    bucketsPerSecond: r.peaks.bucketsPerSecond, durationMs: r.peaks.durationMs,
    b64: Buffer.from(r.peaks.minMax.buffer, r.peaks.minMax.byteOffset, r.peaks.minMax.length).toString('base64'),
  };
  const detail: RecordingDetail = {
    key: r.key,
    transcript: r.markers?.transcript ?? '',
    markers: markerColumns(r.markers?.markers ?? []),
    peaks,
  };
  return `document.dispatchEvent(new CustomEvent(${JSON.stringify(DETAIL_EVENT)}, { detail: ${JSON.stringify(detail)} }));\n`;
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
    await writeFile(path.join(temp, 'index.html'), await reportHtml(model, reportDir));
    for (const r of model.recordings) {
      if (hasDetail(r)) await writeFile(path.join(temp, 'rec', `${r.key}.js`), recordingScript(r));
    }
    await rm(reportDir, { recursive: true, force: true });
    await rename(temp, reportDir);
  } catch (cause) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw new DictclipError('E_OUTPUT', `cannot write the report ${reportDir}: ${(cause as Error).message}`, { path: reportDir, cause });
  }
  return path.join(reportDir, 'index.html');
}
