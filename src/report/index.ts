/** The HTML QA report of a run: read the run output, write `<out>/report/`. */
export { buildReport, dataScript, recordingScript, relativeHref } from './build.js';
export { clipFlags, readReportModel } from './model.js';
export type { ReportClip, ReportMarkers, ReportModel, ReportRecording } from './model.js';
