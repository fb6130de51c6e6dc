/**
 * What the report page reads (src/report/data.ts, build.ts): the run inside index.html, safe in
 * HTML and read back whole; rec/<key>.js handing over its details by the page's event; and named
 * columns costing no more than positional rows.
 */
import { describe, expect, it } from 'vitest';
import {
  clipColumns,
  clipRows,
  DATA_ELEMENT_ID,
  DETAIL_EVENT,
  markerRows,
  type Clip,
  type RecordingDetail,
} from '../../src/report/data.js';
import { recordingScript, reportData, reportHtml, type ReportModel, type ReportRecording } from '../../src/report/index.js';

const NASTY = 'a </script><script>alert(1)</script> <!-- & \u2028';

const talk: ReportRecording = {
  source: 'talk.wav',
  key: 'talk',
  failed: false,
  sourcePath: undefined,
  peaks: { bucketsPerSecond: 100, durationMs: 20, minMax: Int8Array.from([-1, 2, -128, 127]) },
  markers: {
    transcript: `Please ${NASTY}`,
    markers: [
      { textStart: 0, textLength: 6, startMs: 300, endMs: 700 },
      { textStart: 7, textLength: 1, startMs: 900, endMs: 1400 },
    ],
  },
  clips: [
    { fileName: 'clips/talk/00000_please.wav', text: 'Please', startMs: 300, endMs: 700, flags: '', confidence: 0.912 },
    { fileName: 'clips/talk/00001_a.wav', text: NASTY, startMs: 900, endMs: 1400, flags: 'short-word', confidence: null },
  ],
};
const MODEL: ReportModel = {
  outDir: '/run', summary: { recordings: 1, done: 1 }, recordings: [talk],
  failures: [{ source: 'bad.wav', stage: 'transcode', code: 'E_FFMPEG', message: NASTY }],
};

describe('index.html', () => {
  it('holds the run as JSON no text in it can close or comment out, and reads back whole', async () => {
    const html = await reportHtml(MODEL, '/run/report');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data element's and the page script's own
    expect(html).not.toContain('<!--');
    const json = new RegExp(`<script type="application/json" id="${DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
    const data = reportData(MODEL, '/run/report');
    expect(JSON.parse(json ?? '')).toEqual(JSON.parse(JSON.stringify(data)));
    expect(clipRows(data.recordings[0]!.clips)).toEqual([
      { file: '00000_please.wav', text: 'Please', startMs: 300, endMs: 700, flags: '', confidence: 0.912 },
      { file: '00001_a.wav', text: NASTY, startMs: 900, endMs: 1400, flags: 'short-word', confidence: null },
    ]);
    expect(data.recordings[0]).toMatchObject({
      clipFolder: 'clips/talk/',
      durationMs: 1400,
      hasDetail: true,
      failed: false,
      audioHref: '',
    });
    expect(html).toContain('id="dictclip-report-data"');
    expect(html).toContain('.wave'); // report.css inside
  });
});

describe('rec/<key>.js', () => {
  it('dispatches the recording\'s details on document as the page\'s event', () => {
    const events: { type: string; detail: RecordingDetail }[] = [];
    class FakeEvent { constructor(readonly type: string, readonly init: { detail: RecordingDetail }) {} }
    const document = { dispatchEvent: (e: FakeEvent) => events.push({ type: e.type, detail: e.init.detail }) };
    new Function('document', 'CustomEvent', recordingScript(talk))(document, FakeEvent);
    expect(events.map((e) => e.type)).toEqual([DETAIL_EVENT]);
    const detail = events[0]!.detail;
    expect([detail.key, detail.transcript, detail.peaks]).toEqual([
      'talk',
      `Please ${NASTY}`,
      { bucketsPerSecond: 100, durationMs: 20, b64: Buffer.from([255, 2, 128, 127]).toString('base64') },
    ]);
    expect(markerRows(detail.markers)).toEqual([
      { textStart: 0, textLength: 6, startMs: 300, endMs: 700 },
      { textStart: 7, textLength: 1, startMs: 900, endMs: 1400 },
    ]);
  });
});

describe('clip columns', () => {
  it('round-trip, and in JSON take no more bytes than positional rows', () => {
    const clips: Clip[] = Array.from({ length: 200 }, (_, i) => ({
      file: `${String(i).padStart(5, '0')}_word.wav`,
      text: 'word',
      startMs: i * 600,
      endMs: i * 600 + 420,
      flags: i % 37 === 3 ? 'short-word' : '',
      confidence: i % 5 === 0 ? null : 0.5,
    }));
    const columns = clipColumns(clips);
    expect(clipRows(columns)).toEqual(clips);
    const rows = clips.map((c) => [c.file, c.text, c.startMs, c.endMs, c.flags, c.confidence]);
    expect(JSON.stringify(columns).length).toBeLessThanOrEqual(JSON.stringify(rows).length);
  });
});
