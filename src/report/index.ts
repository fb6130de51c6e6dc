/** The HTML QA report of a run: read the run output, write `<out>/report/`. */
export { buildReport, PAGE_BUNDLE_DIR, PAGE_DIR as REPORT_PAGE_DIR, PLAYABLE_AUDIO, recordingScript, relativeHref, reportData, reportHtml } from './build.js';
export { clipFlags, markerSources, readMarkers, readReportModel } from './model.js';
export type { ReportClip, ReportMarkers, ReportModel, ReportRecording } from './model.js';
