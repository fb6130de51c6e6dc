// @vitest-environment happy-dom
/**
 * The QA report's recordings and flag legend in a DOM (src/report/page/recordings.ts, flags.ts):
 * clip items from the data's columns, a recording's details arriving by the rec/<key>.js event,
 * and the legend's filter.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clipColumns,
  DETAIL_EVENT,
  markerColumns,
  type RecordingData,
  type RecordingDetail,
  type ReportData,
} from '../../src/report/data.js';
import { CONFIDENCE_PREFIX, filterClips, renderFlagged } from '../../src/report/page/flags.js';
import { renderRecordings } from '../../src/report/page/recordings.js';
import { pageRun, type PageRun } from '../../src/report/page/run.js';

function recording(source: string, key: string, clips: [string, string, number, number, string, number?][]): RecordingData {
  return {
    source,
    key,
    clipFolder: `clips/${key}/`,
    audioHref: '',
    durationMs: 3000,
    failed: false,
    hasDetail: true,
    clips: clipColumns(
      clips.map(([file, text, startMs, endMs, flags, confidence]) => ({
        file,
        text,
        startMs,
        endMs,
        flags,
        confidence: confidence ?? null,
      })),
    ),
  };
}

const DATA: ReportData = {
  summary: { paddingClampedEdges: 2 },
  stages: [],
  flags: { 'short-word': 'Shorter than 80 ms.', 'loud-edge': 'Cut into sound.', verified: 'Checked by a person.' },
  notes: ['verified'],
  failures: [],
  recordings: [
    recording('a.wav', 'a', [
      ['0_please.wav', 'please', 300, 700, '', 0.9],
      ['1_call.wav', 'call', 900, 950, 'short-word', 0.3],
      ['2_x.wav', 'x', 1000, 1100, 'short-word loud-edge'],
    ]),
    recording('b <2>.wav', 'b', [
      ['0_hi.wav', 'hi', 0, 400, 'verified', 0.7],
      ['1_yo.wav', 'yo', 500, 900, 'short-word verified', 0.45],
    ]),
  ],
};

let run: PageRun;
beforeEach(() => {
  document.body.innerHTML =
    '<div id="flagged-body"></div><section id="recordings"><p id="filter-status" hidden></p><div id="recordings-body"></div></section>';
  run = pageRun(DATA);
});

const shownClips = (): string[] => [...document.querySelectorAll<HTMLElement>('[data-clip]')]
  .filter((el) => !el.hidden && !el.closest<HTMLElement>('section')?.hidden).map((el) => el.dataset['clip'] ?? '');

describe('the report recordings', () => {
  it('lists each clip with its path, link, flags and times from the columns', () => {
    renderRecordings(run, document.getElementById('recordings-body')!);
    expect(shownClips()).toEqual(['clips/a/0_please.wav', 'clips/a/1_call.wav', 'clips/a/2_x.wav', 'clips/b/0_hi.wav', 'clips/b/1_yo.wav']);
    const call = document.getElementById('clip-0-1')!;
    expect([call.dataset['src'], call.dataset['flag'], call.querySelector('.clip-time')?.textContent]).toEqual([
      '../clips/a/1_call.wav',
      'short-word',
      '900 ms · 50 ms',
    ]);
    expect(document.querySelector('#rec-1 h3')?.textContent).toBe('b <2>.wav');
    expect(document.querySelector('#rec-0 .rec-meta')?.textContent).toBe('3.00 s · 3 clips · 2 flagged');
    // `verified` is a note, not a doubt: a clip with only it is listed with it, not marked flagged.
    expect(document.querySelector('#rec-1 .rec-meta')?.textContent).toBe('3.00 s · 2 clips · 1 flagged');
    const notes = [...document.querySelectorAll('#rec-1 [data-clip]')].map((el) => [
      el.className,
      el.getAttribute('data-flag'),
      el.querySelector('.flag')?.className,
    ]);
    expect(notes).toEqual([['', 'verified', 'flag note'], ['doubt', 'short-word verified', 'flag']]);
  });

  it('writes a recording\'s transcript with its timed words once its rec/<key>.js hands over the details', () => {
    const recordings = renderRecordings(run, document.getElementById('recordings-body')!);
    recordings.load(0);
    expect(document.querySelector('script[src="rec/a.js"]')).not.toBeNull();
    const detail: RecordingDetail = {
      key: 'a',
      transcript: 'Please call x.',
      peaks: null,
      markers: markerColumns([
        { textStart: 0, textLength: 6, startMs: 300, endMs: 700 },
        { textStart: 7, textLength: 4, startMs: 900, endMs: 950 },
      ]),
    };
    document.dispatchEvent(new CustomEvent(DETAIL_EVENT, { detail }));
    const words = [...document.querySelectorAll('#rec-0 .word')].map((el) => [el.textContent, el.getAttribute('title')]);
    expect(words).toEqual([['Please', '300 ms–700 ms'], ['call', '900 ms–950 ms']]);
    expect(document.querySelector('#rec-0 .transcript')?.textContent).toBe('Please call x.');
    expect(recordings.detail(0)?.markers[1]).toEqual({ textStart: 7, textLength: 4, startMs: 900, endMs: 950 });
    expect(recordings.detail(1)).toBeUndefined();
  });
});

describe('the flag legend', () => {
  it('counts the clips of every known flag, any flag first', () => {
    renderFlagged(run, document.getElementById('flagged-body')!);
    const rows = [...document.querySelectorAll('tr[data-legend]')].map((tr) => [
      tr.getAttribute('data-legend'),
      ...[...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
    ]);
    expect(rows).toEqual([
      ['any', 'any flag', '3'],
      ['short-word', 'short-word', '3'],
      ['loud-edge', 'loud-edge', '1'],
      ['verified', 'verified', '2'],
    ]);
    expect(document.getElementById('flagged-body')?.textContent).toContain('Not a flag: 2 clip edges had their padding cut short');
  });

  it('filters the clips to one flag, hides recordings without it, and shows every clip again', () => {
    renderRecordings(run, document.getElementById('recordings-body')!);
    renderFlagged(run, document.getElementById('flagged-body')!);
    filterClips(run, 'loud-edge');
    expect(shownClips()).toEqual(['clips/a/2_x.wav']);
    expect(document.getElementById('rec-1')?.hidden).toBe(true);
    expect(document.getElementById('filter-status')?.textContent).toBe(
      'Showing the 1 clip flagged loud-edge in 1 recording. Show every clip',
    );
    expect(document.querySelector('button[data-filter="loud-edge"]')?.getAttribute('aria-pressed')).toBe('true');
    filterClips(run, 'any');
    expect(shownClips()).toEqual(['clips/a/1_call.wav', 'clips/a/2_x.wav', 'clips/b/1_yo.wav']);
    filterClips(run, 'verified');
    expect(shownClips()).toEqual(['clips/b/0_hi.wav', 'clips/b/1_yo.wav']);
    filterClips(run, null);
    expect(shownClips()).toHaveLength(5);
    expect(document.getElementById('filter-status')?.hidden).toBe(true);
  });

  it('filters the clips by confidence: below the value, or unknown', () => {
    renderRecordings(run, document.getElementById('recordings-body')!);
    renderFlagged(run, document.getElementById('flagged-body')!);
    expect((document.getElementById('confidence-below') as HTMLInputElement).value).toBe('0.5');
    filterClips(run, `${CONFIDENCE_PREFIX}0.5`);
    expect(shownClips()).toEqual(['clips/a/1_call.wav', 'clips/a/2_x.wav', 'clips/b/1_yo.wav']);
    expect(document.getElementById('filter-status')?.textContent).toBe(
      'Showing the 3 clips with confidence below 0.5 in 2 recordings. Show every clip',
    );
    filterClips(run, `${CONFIDENCE_PREFIX}0.4`);
    expect(shownClips()).toEqual(['clips/a/1_call.wav', 'clips/a/2_x.wav']);
  });
});
