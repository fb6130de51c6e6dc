import { describe, expect, it } from 'vitest';
import { doubtFlags } from '../../../src/markers/index.js';
import { savedAlignment } from '../../../src/pipeline/stages/align-reference.js';
import type { AlignedReference } from '../../../src/pipeline/stages/align-reference.js';
import type { AlignedWord, AlignmentRecord } from '../../../src/run-output/alignments.js';
import { markEditedClips, trustVerified, withWordEdits } from '../../../src/pipeline/stages/word-edits.js';
import { computeSummary } from '../../../src/run-output/write.js';

const TEXT = 'In 1813, the king.';
const word = (text: string, textStart: number, startMs: number | null, endMs: number | null, placement: AlignedWord['placement'] = 'matched'): AlignedWord =>
  ({ text, textStart, textLength: text.length, startMs, endMs, placement, heard: placement === 'unaligned' ? 'unheard' : 'matched' });

function aligned(): AlignedReference {
  const record: AlignmentRecord = {
    version: 1, source: 'a.wav', reference: 'a.txt', align: 'text', text: TEXT,
    agreement: { words: 4, matched: 3, substituted: 0, unheard: 1, extra: 0, wer: 0.25, unaligned: 1 },
    words: [word('In', 0, 300, 500), word('1813', 3, 600, 1200), word('the', 9, null, null, 'unaligned'), word('king', 13, 1500, 2000)],
  };
  const saved = savedAlignment(record)!;
  return { result: saved.result, record, unaligned: saved.unaligned };
}

describe('withWordEdits', () => {
  it('sets edited times exactly (placement edited), marks verified words, places an unaligned word, clamps an end past the audio', () => {
    const { aligned: out, unmatched } = withWordEdits(aligned(), [
      { textStart: 0, textLength: 2, startMs: 253, endMs: 517 },
      { textStart: 9, textLength: 3, startMs: 1250, endMs: 1440, verified: true },
      { textStart: 13, textLength: 4, startMs: 1487, endMs: 9000, verified: true },
      { textStart: 3, textLength: 2, verified: true }, // not the span of a word: not applied
    ], 2500);
    expect(unmatched).toBe(1);
    expect(out.record.words.map((w) => [w.text, w.startMs, w.endMs, w.placement, w.verified ?? false])).toEqual([
      ['In', 253, 517, 'edited', false], ['1813', 600, 1200, 'matched', false], ['the', 1250, 1440, 'edited', true], ['king', 1487, 2500, 'edited', true],
    ]);
    expect([out.unaligned, out.record.agreement.unaligned]).toEqual([[], 0]);
    expect(out.result.markers.filter((m) => m.text !== ',' && m.text !== '.').map((m) => [m.text, m.startMs, m.endMs])).toEqual([
      ['In', 253, 517], ['1813', 600, 1200], ['the', 1250, 1440], ['king', 1487, 2500],
    ]);
  });

  it('gives back the alignment itself without edits', () => {
    const input = aligned();
    expect(withWordEdits(input, [], 2500)).toEqual({ aligned: input, unmatched: 0 });
  });
});

describe('markEditedClips', () => {
  const words = [{ ...word('In', 0, 253, 517, 'edited'), verified: true as const }, word('1813', 3, 600, 1200), { ...word('the', 9, 1300, 1450), verified: true as const }];
  const snap = { before: 0, after: 0 };
  it('flags verified a clip whose every word is verified, and drops the snap window of a clip with an edited word', () => {
    const clips = [
      { textStart: 0, textLength: 2, flags: 'short-word', snap }, { textStart: 3, textLength: 4, flags: '', snap }, { textStart: 9, textLength: 3, flags: '', snap },
      { textStart: 0, textLength: 12, flags: '', snap },
    ];
    expect(markEditedClips(clips, words)).toEqual([
      { textStart: 0, textLength: 2, flags: 'short-word verified' }, { textStart: 3, textLength: 4, flags: '', snap },
      { textStart: 9, textLength: 3, flags: 'verified', snap }, { textStart: 0, textLength: 12, flags: '' },
    ]);
  });
});

describe('verified is not a doubt', () => {
  it('doubtFlags leaves it out, and the summary does not count a clip flagged only verified', () => {
    expect([doubtFlags('verified'), doubtFlags('short-word verified'), doubtFlags('')]).toEqual(['', 'short-word', '']);
    const row = { file_name: 'clips/a/0.wav', text: 'x', source: 'a.wav', start_ms: 0, end_ms: 100, duration_ms: 100, kind: 'word' as const, method: 'new' as const,
      dictation_id: 'd', text_start: 0, text_length: 1 };
    const counts = { recordings: 1, done: 1, failed: 0, resumed: 0, skipped: 0, wallTimeMs: 1, stageMs: {}, inputDir: '/in' };
    const summary = computeSummary(counts, [{ ...row, flags: 'verified' }, { ...row, flags: 'loud-edge verified', duration_ms: 40 }]);
    expect([summary.flaggedClips, summary.flaggedClipMs]).toEqual([1, 40]);
  });
});

describe('trustVerified', () => {
  it('drops the model\'s low-confidence from a verified clip only', () => {
    expect(trustVerified([{ flags: 'low-confidence verified' }, { flags: 'low-confidence' }, { flags: 'loud-edge low-confidence verified' }, { flags: '' }]))
      .toEqual([{ flags: 'verified' }, { flags: 'low-confidence' }, { flags: 'loud-edge verified' }, { flags: '' }]);
  });
});
