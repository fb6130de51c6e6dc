import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../../src/config/index.js';
import type { DictationResult } from '../../../src/markers/index.js';
import { finishedRecording, manifestRows, resumedOutcome } from '../../../src/pipeline/stages/output.js';
import type { SavedDictation } from '../../../src/pipeline/stages/output.js';
import { planRecording } from '../../../src/pipeline/stages/plan.js';

// "one two. three": two chunks, the second from 1000 ms (dictation ids a, b).
const result: DictationResult = {
  transcript: 'one two. three', collapsed: false, warnings: [],
  markers: [
    { text: 'one', textStart: 0, textLength: 3, startMs: 100, endMs: 400 },
    { text: 'two', textStart: 4, textLength: 3, startMs: 450, endMs: 800 },
    { text: '.', textStart: 7, textLength: 1, startMs: 800, endMs: 800 },
    { text: 'three', textStart: 9, textLength: 5, startMs: 1200, endMs: 1700 },
  ],
};
const dictation: SavedDictation = {
  fingerprint: 'fp-d', service: 'embedded:scripted', method: 'new', audioDurationMs: 2000,
  dictationIds: ['a', 'b'], markerDictationIds: ['a', 'a', 'a', 'b'],
  chunks: [{ startMs: 0, endMs: 1000 }, { startMs: 1000, endMs: 2000 }], result,
};
const options = { ...defaultValues('/out'), padBeforeMs: 100, padAfterMs: 100 };
const find = ['two three'];

describe('the plan and output stages of one recording', () => {
  it('plans the words, counts the padding a neighbour cut short, and gives the exact rows and saved clips', () => {
    const plan = planRecording(result, 2000, [], options);
    // 100 ms of padding: "one"/"two" are 50 ms apart, so each gives way at the midpoint (2 edges).
    expect(plan.clips.map((c) => [c.index, c.text, c.startMs, c.endMs])).toEqual([
      [0, 'one', 0, 425],
      [1, 'two', 425, 900],
      [2, 'three', 1100, 1800],
    ]);
    expect(plan.paddingClamped).toBe(2);
    expect(plan.dropped).toEqual({ clips: 0, ms: 0 });

    const cut = {
      fileNames: ['clips/k/00000_one.wav', 'clips/k/00001_two.wav', 'clips/k/00002_three.wav'],
      cut: [
        { samples: 6800, sampleRate: 16000, channels: 1, edgeStartDb: -40, edgeEndDb: -30 },
        { samples: 7600, sampleRate: 16000, channels: 1, edgeStartDb: -5, edgeEndDb: -30 },
        { samples: 11200, sampleRate: 16000, channels: 1, edgeStartDb: -40, edgeEndDb: -40 },
      ],
    };
    const rows = manifestRows('in/a.wav', plan.clips, cut, dictation, false);
    const common = { source: 'in/a.wav', kind: 'word', method: 'new', sample_rate: 16000, channels: 1 };
    expect(rows).toEqual([
      {
        ...common,
        file_name: 'clips/k/00000_one.wav',
        text: 'one',
        start_ms: 0,
        end_ms: 425,
        duration_ms: 425,
        dictation_id: 'a',
        text_start: 0,
        text_length: 3,
        flags: '',
        edge_start_db: -40,
        edge_end_db: -30,
      },
      {
        ...common,
        file_name: 'clips/k/00001_two.wav',
        text: 'two',
        start_ms: 425,
        end_ms: 900,
        duration_ms: 475,
        dictation_id: 'a',
        text_start: 4,
        text_length: 3,
        flags: '',
        edge_start_db: -5,
        edge_end_db: -30,
      },
      {
        ...common,
        file_name: 'clips/k/00002_three.wav',
        text: 'three',
        start_ms: 1100,
        end_ms: 1800,
        duration_ms: 700,
        dictation_id: 'b',
        text_start: 9,
        text_length: 5,
        flags: '',
        edge_start_db: -40,
        edge_end_db: -40,
      },
    ]);

    const finished = finishedRecording('fp-c', rows, plan, result, find, undefined, undefined);
    expect(finished.clips).toEqual({ fingerprint: 'fp-c', rows, dropped: { clips: 0, ms: 0 }, paddingClamped: 2 });
    expect(finished.outcome).toEqual({
      rows,
      resumed: false,
      dropped: { clips: 0, ms: 0 },
      found: [1],
      agreement: undefined,
      paddingClamped: 2,
      earlierStageMs: undefined,
    });
  });

  it('takes a clip cut from a reference the dictation id of the chunk holding its start', () => {
    const clip = {
      index: 0,
      kind: 'word' as const,
      text: 'three',
      startMs: 1100,
      endMs: 1800,
      textStart: 0,
      textLength: 5,
      flags: 'unaligned',
    };
    const rows = manifestRows('in/a.wav', [clip], { fileNames: ['clips/k/00000_three.wav'], cut: [] }, dictation, true);
    expect(rows.map((r) => [r.dictation_id, r.flags, r.sample_rate])).toEqual([['b', 'unaligned', undefined]]);
  });

  it('gives a recording found done from its state: flags of old rows read clean, drops and padding of old states counted again', () => {
    const row = {
      file_name: 'clips/k/00000_one.wav',
      text: 'one',
      source: 'in/a.wav',
      start_ms: 0,
      end_ms: 425,
      duration_ms: 425,
      kind: 'word' as const,
      method: 'new' as const,
      dictation_id: 'a',
      text_start: 0,
      text_length: 3,
    };
    const old = resumedOutcome({ fingerprint: 'fp-c', rows: [row as never] }, dictation, options);
    expect(old).toEqual({
      rows: [{ ...row, flags: '' }],
      resumed: true,
      dropped: { clips: 0, ms: 0 },
      found: undefined,
      agreement: undefined,
      paddingClamped: 2,
    });
    // With --find the plan is the phrase "two. three" (425-1800): only its start gives way to "one".
    const found = resumedOutcome({ fingerprint: 'fp-c', rows: [row as never] }, dictation, { ...options, find });
    expect([found.found, found.paddingClamped]).toEqual([[1], 1]);
    const agreement = { words: 3, matched: 3, substituted: 0, unheard: 0, extra: 0, wer: 0, unaligned: 0 };
    const fromReference = resumedOutcome(
      {
        fingerprint: 'fp-c',
        rows: [{ ...row, flags: 'x' }],
        dropped: { clips: 1, ms: 70 },
        paddingClamped: 0,
        reference: { agreement, found: [4] },
      },
      undefined,
      { ...options, find },
    );
    expect(fromReference).toEqual({
      rows: [{ ...row, flags: 'x' }],
      resumed: true,
      dropped: { clips: 1, ms: 70 },
      found: [4],
      agreement,
      paddingClamped: 0,
    });
  });
});
