import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeSummary, failuresCsv, manifestCsv, StageTotals, writeRunOutputs } from '../../src/run-output/write.js';
import type { ManifestRow } from '../../src/run-output/rows.js';

function row(overrides: Partial<ManifestRow>): ManifestRow {
  return {
    file_name: 'clips/a/00000_x.wav', text: 'x', source: 'a.wav', start_ms: 0, end_ms: 100, duration_ms: 100,
    kind: 'word', method: 'new', dictation_id: 'd1', text_start: 0, text_length: 1, flags: '', ...overrides,
  };
}

const HEADER =
  'file_name,text,source,start_ms,end_ms,duration_ms,kind,method,dictation_id,text_start,text_length,flags,sample_rate,channels,edge_start_db,edge_end_db,confidence\n';

describe('manifestCsv', () => {
  it('writes the header only for no rows', () => {
    expect(manifestCsv([])).toBe(HEADER);
  });

  it('quotes commas and quotes, writes LF and CR as ␛0A and ␛0D (cells.ts), and sorts by source, start_ms, file_name', () => {
    const rows = [
      row({
        source: 'b.wav',
        file_name: 'clips/b/00000_b.wav',
        text: 'plain',
        start_ms: 5,
        end_ms: 9,
        duration_ms: 4,
        flags: 'short-word rate-outlier cut-edge',
        sample_rate: 44100,
        channels: 2,
        edge_start_db: -3.5,
        edge_end_db: -99,
        confidence: 0.25,
      }),
      row({ source: 'a.wav', file_name: 'clips/a/00001_z.wav', text: 'say "hi", then', start_ms: 200, end_ms: 300 }),
      row({ source: 'a.wav', file_name: 'clips/a/00000_y.wav', text: 'two\nlines', start_ms: 200, end_ms: 250, duration_ms: 50 }),
      row({
        source: 'B.wav',
        file_name: 'clips/B/00000_c.wav',
        text: 'cr\rhere',
        start_ms: 10,
        end_ms: 20,
        duration_ms: 10,
        kind: 'phrase',
      }),
      row({
        source: 'a.wav',
        file_name: 'clips/a/00002_w.wav',
        text: 'early',
        start_ms: 20,
        end_ms: 30,
        duration_ms: 10,
        method: 'old',
        dictation_id: 'x,y',
      }),
    ];
    expect(manifestCsv(rows)).toBe(
      HEADER +
      'clips/B/00000_c.wav,cr\u241B0Dhere,B.wav,10,20,10,phrase,new,d1,0,1,,,,,,\n' +
      'clips/a/00002_w.wav,early,a.wav,20,30,10,word,old,"x,y",0,1,,,,,,\n' +
      'clips/a/00000_y.wav,two\u241B0Alines,a.wav,200,250,50,word,new,d1,0,1,,,,,,\n' +
      'clips/a/00001_z.wav,"say ""hi"", then",a.wav,200,300,100,word,new,d1,0,1,,,,,,\n' +
      'clips/b/00000_b.wav,plain,b.wav,5,9,4,word,new,d1,0,1,short-word rate-outlier cut-edge,44100,2,-3.5,-99,0.25\n',
    );
  });
});

const noDropsNoFlags = { droppedClips: 0, droppedClipMs: 0, flaggedClips: 0, flaggedClipMs: 0, paddingClampedEdges: 0 };

describe('failuresCsv and summary', () => {
  it('writes source,stage,code,message', () => {
    expect(failuresCsv([])).toBe('source,stage,code,message\n');
    expect(failuresCsv([
      { source: 'z.wav', stage: 'dictate', code: 'E_HTTP_STATUS', message: 'bad, "really"' },
      { source: 'a.mp3', stage: 'transcode', code: 'E_FFMPEG', message: 'no audio' },
    ])).toBe('source,stage,code,message\na.mp3,transcode,E_FFMPEG,no audio\nz.wav,dictate,E_HTTP_STATUS,"bad, ""really"""\n');
  });

  it('computes clip statistics', () => {
    const counts = { recordings: 3, done: 2, failed: 1, resumed: 0, skipped: 0, wallTimeMs: 7, stageMs: { cut: 3 }, inputDir: '/in' };
    expect(
      computeSummary(counts, [row({ duration_ms: 300 }), row({ duration_ms: 100 }), row({ duration_ms: 250 }), row({ duration_ms: 120 })]),
    ).toEqual({ ...counts, clips: 4, totalClipMs: 770, medianClipMs: 185, minClipMs: 100, maxClipMs: 300, ...noDropsNoFlags });
    expect(computeSummary(counts, [])).toEqual({
      ...counts,
      clips: 0,
      totalClipMs: 0,
      medianClipMs: 0,
      minClipMs: 0,
      maxClipMs: 0,
      ...noDropsNoFlags,
    });
  });

  it('totals dropped and flagged audio', () => {
    const counts = { recordings: 1, done: 1, failed: 0, resumed: 0, skipped: 0, wallTimeMs: 7, stageMs: {}, inputDir: '/in' };
    const rows = [row({ duration_ms: 300, flags: 'utterance' }), row({ duration_ms: 100 }), row({ duration_ms: 250, flags: 'short-word' })];
    expect(computeSummary(counts, rows, { clips: 2, ms: 90 })).toMatchObject({
      clips: 3, totalClipMs: 650, droppedClips: 2, droppedClipMs: 90, flaggedClips: 2, flaggedClipMs: 550,
    });
  });
});

describe('StageTotals', () => {
  it('sums per stage, rounds to whole ms and lists stages in processing order', () => {
    const totals = new StageTotals();
    totals.add('cut', 1.4);
    totals.add('transcode', 10.25);
    totals.add('cut', 2.2);
    totals.add('dictate', 0.4);
    expect(JSON.stringify(totals)).toBe('{"transcode":10,"dictate":0,"cut":4}');
    expect(new StageTotals().toJSON()).toEqual({});
  });
});

describe('writeRunOutputs', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(path.join(tmpdir(), 'dictclip-manifest-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  it('replaces the files whole and leaves no temp files', async () => {
    const summary = computeSummary(
      { recordings: 1, done: 1, failed: 0, resumed: 0, skipped: 0, wallTimeMs: 1, stageMs: {}, inputDir: '/in' },
      [row({})],
    );
    await writeRunOutputs(dir, [row({}), row({ file_name: 'clips/a/00001_q.wav', start_ms: 50 })], [], summary);
    await writeRunOutputs(dir, [row({})], [], summary, [
      { relPath: 'notes, v2.txt', reason: '".txt" is not an accepted audio or video type' },
    ]);
    expect(await readFile(path.join(dir, 'manifest.csv'), 'utf8')).toBe(
      `${HEADER}clips/a/00000_x.wav,x,a.wav,0,100,100,word,new,d1,0,1,,,,,,\n`,
    );
    expect(await readFile(path.join(dir, 'failures.csv'), 'utf8')).toBe('source,stage,code,message\n');
    expect(JSON.parse(await readFile(path.join(dir, 'summary.json'), 'utf8'))).toEqual({ ...summary, failures: [] });
    expect(await readFile(path.join(dir, 'skipped.csv'), 'utf8')).toBe(
      'source,reason\n"notes, v2.txt",""".txt"" is not an accepted audio or video type"\n',
    );
    expect((await readdir(dir)).sort()).toEqual(['failures.csv', 'manifest.csv', 'skipped.csv', 'summary.json']);
  });
});
